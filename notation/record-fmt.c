/*
 * record-fmt.c -- a record in canonical form with its comments kept
 * (carcref fmt).
 *
 * The readers report every scalar with the item it belongs to (a header
 * key, a player, a move); comments lie in the gaps between scalars, so
 * each comment is tied to an item by where it stands:
 *
 *   - before the first scalar: the head of the file;
 *   - on the line where a scalar ends: after that scalar's item (several
 *     are joined on one line, in order);
 *   - on lines of their own: before the next scalar's item, or after the
 *     item when the next scalar is still its own (a player written as a
 *     mapping over several lines);
 *   - after the last scalar, on lines of their own: the tail.
 *
 * A comment inside a quoted move ("U 0,1 0 # hi") goes after its move, its
 * escapes (a newline from "\n") written visibly, so it stays one line.
 *
 * Nothing is copied but the move being written: an item's comments are
 * kept as ranges of the text, read again when the item is written.  Moves
 * are written as they are read, so a record of any size is formatted in
 * memory for its text alone.  The header is written when the first move
 * arrives; a header key that comes after the moves (legal YAML, never
 * written by carcref) makes a second reading necessary: one for the
 * header and its comments, one for the moves.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "record-int.h"

/* ---- comments in a gap ----------------------------------------------------- */

/* Bytes that may begin a line break (nt__brk): the rest are skipped
 * a table lookup each. */
static const bool may_break[256] = {
	['\n'] = true, ['\r'] = true, [0xc2] = true, [0xe2] = true,
};

int
nt__gap_comments(const char *text, size_t a, size_t b, nt_comment_fn fn, void *arg)
{
	const char *e = text + b;
	bool trailing = true, directive;
	size_t i = a, k;

	/* A directive (%YAML, %TAG) starts at the beginning of a line; in
	 * one, '#' begins a comment only after a blank.  Elsewhere in a gap
	 * every '#' begins one, as libyaml reads it ("a"#x is a comment
	 * after a quoted scalar). */
	directive = i < b && text[i] == '%' && (i == 0 || nt__brk(text + i - 1, e) != 0);
	while (i < b) {
		if ((k = nt__brk(text + i, e)) != 0) {
			i += k;
			trailing = false;
			directive = i < b && text[i] == '%';
			continue;
		}
		if (text[i] == '#' && (!directive || (i > a && (text[i - 1] == ' ' ||
		    text[i - 1] == '\t')))) {
			size_t s = i;
			int rc;

			for (;;) {	/* to the end of the line */
				while (i < b && !may_break[(unsigned char)text[i]])
					i++;
				if (i == b || nt__brk(text + i, e) != 0)
					break;
				i++;
			}
			if ((rc = fn(arg, s, i - s, trailing)) != 0)
				return rc;
			continue;
		}
		i++;
	}
	return 0;
}

/* ---- the state of one formatting ------------------------------------------- */

/* A range of the text whose comments belong to an item. */
struct range { size_t a, b; };

/* An item's comments: lines before it, and what is written after it. */
struct cm {
	struct range	before;		/* a == b: none */
	struct range	*after;		/* gaps scanned for comments, in order */
	int		nafter, capafter;
};

enum mode {
	ONE_PASS,	/* header then moves as they come */
	HEADER_ONLY,	/* read the header and its comments, write nothing */
	MOVES_ONLY,	/* the header is known: write it, then the moves */
};

struct fmt {
	const char	*text;
	size_t		 len;
	const struct nt_worlds *worlds;	/* each game's world, for its moves */
	const struct nt_game *game;	/* the header's game, once read */
	const void	*world;		/* and its world */
	struct nt_emit	 out;		/* fmt_put: counts the column, then sink */
	struct nt_emit	 sink;		/* where the text goes */
	size_t		 col;		/* characters on the output's last line */
	struct nt_record *r;		/* the record as read so far */
	const struct nt_record *hdr;	/* the header written: r, or the first reading's */
	struct nt_fmt_error *err;
	enum mode	 mode;
	bool		 restart;	/* a key after the moves: read twice */
	bool		 nomem;
	bool		 failed;	/* err is set */
	bool		 ascii;		/* the fast path reads: printable ASCII and \n only */

	/* The scalars read so far. */
	bool		 any;		/* one was seen */
	struct nt_item	 cur;		/* the item of the last one */
	size_t		 end;		/* where it ended */

	struct range	 head, tail;
	struct cm	 key[NT_NKEYS];
	struct cm	 player[NT_MAXPLAYERS];
	bool		 header_out;
	int		 nmoves;	/* moves read so far */
	int		 ended;		/* the move that is an explicit end, 0 */

	/* The move being read, written when the next item starts. */
	struct cm	 mv;
	bool		 pending;
	char		*line;		/* its canonical text (the game's canon) */
	size_t		 linelen, linecap;
	char		*who;		/* its PLAYER: prefix as the players list spells it */
	char		*note;		/* its own comment ("U 0,1 0 # hi"), made safe */
	/* Issue 21: the game the moves are played on, for a game whose
	 * lines leave out what it decides (nt_game.canon_game), and its
	 * row; tried once a reading. */
	void		*cg;
	const struct nt_game *cgame;
	bool		 cgtried;

	/* A move's trailing comment keeps its column, and the comment lines
	 * just under it that start at that column go on under it: cont says
	 * such a run is open, cont_end where its last comment ends in the
	 * text, cont_in and cont_out its column in the text and the output. */
	bool		 cont;
	size_t		 cont_end, cont_in, cont_out;
};

static void
cm_reset(struct cm *c)
{
	c->before = (struct range){ 0, 0 };
	c->nafter = 0;
}

static void
cm_free(struct cm *c)
{
	free(c->after);
	memset(c, 0, sizeof *c);
}

static void
cm_after(struct fmt *f, struct cm *c, size_t a, size_t b)
{
	if (a >= b)
		return;
	if (c->nafter == c->capafter) {
		int cap = c->capafter ? 2 * c->capafter : 4;
		struct range *v = realloc(c->after, (size_t)cap * sizeof *v);

		if (v == NULL) {
			f->nomem = true;
			return;
		}
		c->after = v, c->capafter = cap;
	}
	c->after[c->nafter++] = (struct range){ a, b };
}

/* The comments of an item, if they are kept in this mode. */
static struct cm *
cm_of(struct fmt *f, const struct nt_item *it)
{
	switch (it->kind) {
	case NT_IT_KEY:
		return f->mode == MOVES_ONLY ? NULL : &f->key[it->index];
	case NT_IT_PLAYER:
		return f->mode == MOVES_ONLY || it->index >= NT_MAXPLAYERS ? NULL :
		    &f->player[it->index];
	default:
		return &f->mv;
	}
}

static bool
same_item(const struct nt_item *a, const struct nt_item *b)
{
	return a->kind == b->kind && a->index == b->index;
}

/* ---- writing ---------------------------------------------------------------- */

/* Everything written goes through here: the column of the output's last
 * line is counted in characters (UTF-8 lead bytes). */
static void
fmt_put(void *arg, const char *s, size_t n)
{
	struct fmt *f = arg;
	size_t i = n;

	if (s != NULL) {
		while (i > 0 && s[i - 1] != '\n')
			i--;
		if (i > 0)
			f->col = 0;
		for (; i < n; i++)
			f->col += ((unsigned char)s[i] & 0xc0) != 0x80;
	}
	f->sink.put(f->sink.arg, s, n);
}

static void
emit_spaces(struct fmt *f, size_t n)
{
	static const char sp[] = "                                ";

	for (size_t k; n > 0; n -= k) {
		k = n < sizeof sp - 1 ? n : sizeof sp - 1;
		nt__emit(&f->out, sp, k);
	}
}

/* The column of text[off] on its line, in characters, as the output
 * counts them; SIZE_MAX when a tab before it leaves it unknown. */
static size_t
col_in(const struct fmt *f, size_t off)
{
	const unsigned char *t = (const unsigned char *)f->text;
	size_t n = 0;

	for (size_t i = off; i > 0; i--) {
		unsigned char c = t[i - 1];

		if (c == '\n' || c == '\r' || (c == 0x85 && i >= 2 && t[i - 2] == 0xc2) ||
		    ((c == 0xa8 || c == 0xa9) && i >= 3 && t[i - 2] == 0x80 && t[i - 3] == 0xe2))
			break;
		if (c == '\t')
			return SIZE_MAX;
		n += (c & 0xc0) != 0x80;
	}
	return n;
}

/* Whether the comment at off continues the run of comments under a
 * move's trailing one: on the very next line, after spaces alone, at
 * the same column. */
static bool
continues(const struct fmt *f, size_t off)
{
	size_t i = f->cont_end, k;

	if (!f->cont || (k = nt__brk(f->text + i, f->text + f->len)) == 0)
		return false;
	for (i += k; i < off; i++)
		if (f->text[i] != ' ')
			return false;
	return off - (f->cont_end + k) == f->cont_in;
}

static bool
all_spaces(const char *s, size_t n)
{
	while (n > 0 && s[n - 1] == ' ')
		n--;
	return n == 0;
}

struct emit_ctx {
	struct fmt	*f;
	const char	*indent;
	bool		 first;
	size_t		 run_a, run_b;	/* input bytes that are already the output */
	bool		 keep;		/* a move's trailing comment: its column kept */
};

/* Put the run of lines waiting to be copied as they are. */
static void
flush_run(struct emit_ctx *c)
{
	if (c->run_a < c->run_b)
		nt__emit(&c->f->out, c->f->text + c->run_a, c->run_b - c->run_a);
	c->run_a = c->run_b = 0;
}

/*
 * A whole-line comment, at the indent, or under a move's trailing
 * comment if it continues it.  Most are already written as fmt writes
 * them (the indent, the comment, a newline): those are put a run of
 * lines at a time, straight from the input.
 */
static int
put_line(void *arg, size_t off, size_t len, bool trailing)
{
	struct emit_ctx *c = arg;
	struct fmt *f = c->f;
	const char *t = f->text;
	size_t n = strlen(c->indent), a;

	(void)trailing;
	if (continues(f, off))
		n = f->cont_out, f->cont_end = off + len;
	else
		f->cont = false;
	a = off - n;
	if (off >= n && off + len < f->len && t[off + len] == '\n' &&
	    (a == 0 || t[a - 1] == '\n') && all_spaces(t + a, n)) {
		if (c->run_b != a)
			flush_run(c);
		if (c->run_a == c->run_b)
			c->run_a = a;
		c->run_b = off + len + 1;
		return 0;
	}
	flush_run(c);
	emit_spaces(f, n);
	nt__emit(&f->out, t + off, len);
	nt__emit(&f->out, "\n", 1);
	return 0;
}

/*
 * The comments in a gap of a text the fast path reads: nothing but
 * printable ASCII and newlines (no directive, no '#' outside a comment),
 * so a line ends at '\n' alone and memchr finds it.  The same answers as
 * nt__gap_comments on such text, faster.
 */
static int
gap_comments_ascii(const char *text, size_t a, size_t b, nt_comment_fn fn, void *arg)
{
	bool trailing = true;
	size_t i = a;

	while (i < b) {
		const char *nl = memchr(text + i, '\n', b - i);
		size_t e = nl ? (size_t)(nl - text) : b;
		const char *h = memchr(text + i, '#', e - i);
		int rc;

		if (h != NULL && (rc = fn(arg, (size_t)(h - text), e - (size_t)(h - text), trailing)) != 0)
			return rc;
		i = e + 1;
		trailing = false;
	}
	return 0;
}

/* The comments of text[a, b) to fn: the fast scan where it applies. */
static int
comments_in(struct fmt *f, size_t a, size_t b, nt_comment_fn fn, void *arg)
{
	return f->ascii ? gap_comments_ascii(f->text, a, b, fn, arg) :
	    nt__gap_comments(f->text, a, b, fn, arg);
}

/* Whole-line comments of a range, each on its line. */
static void
emit_lines(struct fmt *f, struct range r, const char *indent)
{
	struct emit_ctx c = { f, indent, true, 0, 0, false };

	if (r.a < r.b)
		comments_in(f, r.a, r.b, put_line, &c);
	flush_run(&c);
}

/*
 * A comment at the end of an item's line.  The first after a move keeps
 * the column it was written at if two spaces still stand before it
 * (comments aligned by hand stay aligned), else it comes two spaces
 * after the move; the others are joined by a space.
 */
static int
put_joined(void *arg, size_t off, size_t len, bool trailing)
{
	struct emit_ctx *c = arg;
	struct fmt *f = c->f;
	size_t col;

	(void)trailing;
	if (!c->first) {
		nt__emit(&f->out, " ", 1);
		f->cont = false;
	} else if (c->keep) {
		col = col_in(f, off);
		emit_spaces(f, col != SIZE_MAX && col >= f->col + 2 ? col - f->col : 2);
		f->cont = col != SIZE_MAX;
		f->cont_in = col, f->cont_out = f->col, f->cont_end = off + len;
	} else
		nt__emit(&f->out, "  ", 2);
	nt__emit(&f->out, f->text + off, len);
	c->first = false;
	return 0;
}

/* The end of an item's line: its comments joined, then a newline. */
static void
emit_after(struct fmt *f, const struct cm *c, const char *note)
{
	struct emit_ctx e = { f, "", true, 0, 0, c == &f->mv && note == NULL };

	f->cont = false;

	if (note != NULL) {	/* it came first in the text */
		nt__emit(&f->out, "  ", 2);
		nt__emit(&f->out, note, strlen(note));
		e.first = false;
	}
	for (int i = 0; i < c->nafter; i++)
		comments_in(f, c->after[i].a, c->after[i].b, put_joined, &e);
	nt__emit(&f->out, "\n", 1);
}

/* The notes of a key, gathered (struct nt_note): its comments with
 * their lines, counted from the last one found. */
struct notes {
	struct fmt	*f;
	struct nt_note	*v;
	int		 n, cap;
	size_t		 at;		/* a place in the text, on line */
	int		 line;
};

static int
put_note(void *arg, size_t off, size_t len, bool trailing)
{
	struct notes *ns = arg;
	const char *t = ns->f->text, *e = t + ns->f->len;

	if (off < ns->at)
		ns->at = 0, ns->line = 1;
	for (size_t k; ns->at < off; )
		if ((k = nt__brk(t + ns->at, e)) != 0)
			ns->at += k, ns->line++;
		else
			ns->at++;
	if (ns->n == ns->cap) {
		int cap = ns->cap ? 2 * ns->cap : 8;
		struct nt_note *v = realloc(ns->v, (size_t)cap * sizeof *v);

		if (v == NULL)
			return ns->f->nomem = true;
		ns->v = v, ns->cap = cap;
	}
	ns->v[ns->n++] = (struct nt_note){ t + off, len, ns->line, trailing };
	return 0;
}

/* Key i of the game's (slot: its comments) and its comments: the row
 * puts them if it can, else they are joined after it. */
static void
emit_key(struct fmt *f, int i, int slot)
{
	const struct nt_game *gm = nt_record_game(f->hdr);
	struct notes ns = { f, NULL, 0, 0, 0, 1 };
	const struct cm *c = &f->key[slot];

	if (gm->write_key_notes == NULL) {
		if (gm->write_key(&f->out, f->hdr, i))
			emit_after(f, c, NULL);
		return;
	}
	f->cont = false;
	for (int k = 0; k < c->nafter && !f->nomem; k++)
		comments_in(f, c->after[k].a, c->after[k].b, put_note, &ns);
	if (!f->nomem && gm->write_key_notes(&f->out, f->hdr, i, ns.v, ns.n))
		nt__emit(&f->out, "\n", 1);
	free(ns.v);
}

/* The players list, each player with its comments. */
static void
emit_players(struct fmt *f)
{
	const struct nt_record *r = f->hdr;
	const struct cm *k = f->key;

	emit_lines(f, k[NT_K_PLAYERS].before, "");
	nt__emitf(&f->out, "players:");
	emit_after(f, &k[NT_K_PLAYERS], NULL);
	for (int i = 0; i < r->nplayers && i < NT_MAXPLAYERS; i++) {
		const struct nt_player *p = &r->players[i];

		emit_lines(f, f->player[i].before, "  ");
		nt__emit(&f->out, p->color ? "  - {name: " : "  - ", p->color ? 11 : 4);
		nt__emit_scalar(&f->out, p->name);
		if (p->color) {
			nt__emit(&f->out, ", color: ", 9);
			nt__emit_scalar(&f->out, p->color);
			nt__emit(&f->out, "}", 1);
		}
		emit_after(f, &f->player[i], NULL);
	}
}

/* format, game, the game's keys and players in its order, each key with
 * its comments, then "moves:". */
static void
emit_header(struct fmt *f, bool moves)
{
	const struct nt_record *r = f->hdr;
	const struct nt_game *gm = nt_record_game(r);
	const struct cm *k = f->key;

	f->cont = false;
	emit_lines(f, f->head, "");
	emit_lines(f, k[NT_K_FORMAT].before, "");
	nt__emitf(&f->out, "format: carcref/1");
	emit_after(f, &k[NT_K_FORMAT], NULL);
	emit_lines(f, k[NT_K_GAME].before, "");
	nt__emitf(&f->out, "game: %s", gm->name);
	emit_after(f, &k[NT_K_GAME], NULL);
	nt_game_keys_ready();
	for (int i = 0; i < gm->nkeys; i++) {
		int slot;

		if (gm->keys[i] == NULL)
			continue;
		slot = nt_key_slot(gm->keys[i], strlen(gm->keys[i]));
		if (slot < 0) {		/* "players" */
			emit_players(f);
			continue;
		}
		emit_lines(f, k[slot].before, "");
		emit_key(f, i, slot);
	}
	emit_lines(f, k[NT_K_MOVES].before, "");
	nt__emitf(&f->out, "moves:%s", moves ? "" : " []");
	emit_after(f, &k[NT_K_MOVES], NULL);
	f->header_out = true;
}

/* The move read last, with its comments. */
static void
emit_move(struct fmt *f)
{
	if (!f->pending)
		return;
	if (f->mode != HEADER_ONLY) {
		if (!f->header_out)
			emit_header(f, true);
		emit_lines(f, f->mv.before, "  ");
		nt__emit(&f->out, "  - ", 4);
		nt__emit_line(&f->out, f->line, f->linelen, f->who);
		emit_after(f, &f->mv, f->note);
	}
	free(f->who), free(f->note);
	f->who = f->note = NULL;
	f->pending = false;
	cm_reset(&f->mv);
}

/* ---- what the reader reports ----------------------------------------------- */

/* The first line break in [a, b), or b: where a gap's trailing part ends. */
static size_t
line_end(const struct fmt *f, size_t a, size_t b)
{
	while (a < b && nt__brk(f->text + a, f->text + b) == 0)
		a++;
	return a;
}

static int
on_scalar(void *arg, const struct nt_item *it, size_t off, size_t end)
{
	struct fmt *f = arg;
	struct cm *c;
	size_t mid;

	if (!f->any) {
		f->head = (struct range){ 0, off };
		f->any = true;
		f->cur = *it;
		f->end = end;
		if ((c = cm_of(f, it)) != NULL)
			cm_reset(c);
		return 0;
	}
	/* The gap since the last scalar: its first line trails that scalar,
	 * the lines after it lead to this one (or stay inside its item). */
	mid = line_end(f, f->end, off);
	if ((c = cm_of(f, &f->cur)) != NULL)
		cm_after(f, c, f->end, mid);
	if (same_item(it, &f->cur)) {
		if (c != NULL)
			cm_after(f, c, mid, off);
	} else {
		if (f->cur.kind == NT_IT_MOVE)
			emit_move(f);
		if (it->kind == NT_IT_KEY && f->nmoves > 0 && f->mode == ONE_PASS) {
			f->restart = true;	/* a key after the moves */
			return 1;
		}
		if ((c = cm_of(f, it)) != NULL) {
			cm_reset(c);
			c->before = (struct range){ mid, off };
		}
		f->cur = *it;
	}
	f->end = end;
	return f->nomem;
}

char *
nt__safe_note(const char *s, size_t n)
{
	char *out = malloc(4 * n + 1), *o = out;

	if (out == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\t' || (c >= 0x20 && c != 0x7f && c != 0xc2 && c != 0xe2)) {
			*o++ = (char)c;
		} else if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
		    (unsigned char)s[i + 1] <= 0x9f) {
			o += sprintf(o, "\\x%02x", (unsigned char)s[++i]);	/* C1, NEL */
		} else if (c == 0xe2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
		    ((unsigned char)s[i + 2] == 0xa8 || (unsigned char)s[i + 2] == 0xa9)) {
			o += sprintf(o, "\\u%s", s[i + 2] == '\xa8' ? "2028" : "2029");
			i += 2;
		} else if (c == 0xc2 || c == 0xe2) {
			*o++ = (char)c;
		} else {
			static const char *names = "\n\\n\r\\r\t\\t";
			const char *k = c ? strchr(names, c) : NULL;

			if (k != NULL && (k - names) % 3 == 0)
				o += sprintf(o, "%.2s", k + 1);
			else
				o += sprintf(o, "\\x%02x", c);
		}
	}
	*o = '\0';
	return out;
}

static int failf(struct fmt *f, int move, int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int
failf(struct fmt *f, int move, int line, int column, const char *fmt, ...)
{
	va_list ap;

	f->err->move = move;
	f->err->line = line;
	f->err->column = column;
	va_start(ap, fmt);
	vsnprintf(f->err->msg, sizeof f->err->msg, fmt, ap);
	va_end(ap);
	f->failed = true;
	return 1;
}

/*
 * The header as read so far, read by its game's row, and that game's
 * world: before the first move, which is read with them.  False with
 * the error set if it cannot be.
 */
static bool
header_known(struct fmt *f)
{
	struct cr_error e = { 0 };

	if (f->game != NULL)
		return true;
	if (f->mode != MOVES_ONLY && nt__record_header(f->r, &e) < 0) {
		failf(f, 0, e.line, e.column, "%s", e.msg);
		return false;
	}
	f->game = nt_record_game(f->hdr);
	if ((f->world = f->worlds->get(f->worlds->arg, f->game, f->hdr)) == NULL) {
		failf(f, 0, 0, 0, _("no %s records can be read here"), f->game->name);
		return false;
	}
	return true;
}

/* Room in f->line for a move's text of k bytes; false out of memory. */
static bool
line_room(struct fmt *f, size_t k)
{
	free(f->line);
	f->linecap = k + 64;
	if ((f->line = malloc(f->linecap)) == NULL) {
		f->linecap = 0;
		return false;
	}
	return true;
}

/* fmt drops its game (it writes canon's text from now on). */
static void
cg_drop(struct fmt *f)
{
	if (f->cg != NULL)
		f->cgame->free(f->cg);
	f->cg = NULL;
}

/*
 * Issue 21: a move of a game whose lines leave out what it decides,
 * played on a game of the header (nt_game.canon_game), its text (f->line)
 * the move as the game keeps it.  0, -1 out of memory.
 */
static int
canon_play(struct fmt *f, const struct nt_recmove *m, size_t len)
{
	const char *names[NT_MAXPLAYERS];
	struct nt_line_error e;
	int k;

	if (!f->cgtried) {
		f->cgtried = true;
		f->cgame = f->game;
		if (f->game->canon_game != NULL)
			f->cg = f->game->canon_game(f->world, f->hdr);
	}
	if (f->cg == NULL)
		return 0;
	for (int i = 0; i < f->hdr->nplayers && i < NT_MAXPLAYERS; i++)
		names[i] = f->hdr->players[i].name;
	if (f->game->play(f->cg, names, NULL, m->text, len, m->player, &e) < 0) {
		cg_drop(f);	/* refused: as the line says it, and no more */
		return 0;
	}
	for (;;) {
		k = f->game->canon_played(f->cg, f->world, m->text, len, f->line, f->linecap);
		if (k < 0)
			return 0;
		if ((size_t)k < f->linecap)
			break;
		if (!line_room(f, (size_t)k))
			return -1;
	}
	f->linelen = (size_t)k;
	return 0;
}

static int
on_move(void *arg, const struct nt_recmove *m, size_t len)
{
	struct fmt *f = arg;
	struct nt_canon c = { 0 };
	struct nt_line_error e;
	const char *p, *hash, *fault;
	size_t plen;
	int k;

	f->nmoves++;
	if (f->mode == HEADER_ONLY)
		return 0;
	if (!header_known(f))
		return 1;
	for (;;) {
		k = f->game->canon(f->world, f->hdr, m->text, len, &c, f->line, f->linecap, &e);
		if (k < 0)
			return failf(f, f->nmoves, m->line, m->column + e.column - 1, "%s", e.msg);
		if ((size_t)k < f->linecap)
			break;
		if (!line_room(f, (size_t)k))
			return f->nomem = true;
	}
	f->linelen = (size_t)k;
	if (!c.blank && canon_play(f, m, len) < 0)
		return f->nomem = true;
	if (c.blank)
		return failf(f, f->nmoves, m->line, m->column, "%s",
		    _("expected a move, found nothing"));
	if (f->ended > 0)	/* as replay and the REPL refuse it */
		return failf(f, f->nmoves, m->line, m->column, "%s",
		    _("the game is over: the final scoring has run, no move may follow"));
	if (c.end)
		f->ended = f->nmoves;
	if (m->player != NULL && (fault = nt_name_fault(m->player, strlen(m->player))) != NULL)
		return failf(f, f->nmoves, m->line, m->column, _("no player is named \"%s\": %s"),
		    NT_QS(m->player), _(fault));
	f->pending = true;
	if (m->player != NULL || c.player != NULL) {
		/* Written as the players list spells the name, if it is one. */
		p = m->player ? m->player : c.player;
		plen = m->player ? strlen(m->player) : c.player_len;
		k = nt_record_player(f->hdr, p, plen);
		if (k >= 0)
			p = f->hdr->players[k].name, plen = strlen(p);
		if ((f->who = malloc(plen + 1)) == NULL)
			return f->nomem = true;
		memcpy(f->who, p, plen);
		f->who[plen] = '\0';
	}
	if ((hash = memchr(m->text, '#', len)) != NULL &&
	    (f->note = nt__safe_note(hash, len - (size_t)(hash - m->text))) == NULL)
		return f->nomem = true;
	return 0;
}

/* The end of the text: what follows the last scalar. */
static void
finish(struct fmt *f)
{
	size_t mid = f->any ? line_end(f, f->end, f->len) : 0;
	struct cm *c;

	if (f->any && (c = cm_of(f, &f->cur)) != NULL)
		cm_after(f, c, f->end, mid);
	f->tail = (struct range){ mid, f->len };
	if (f->cur.kind == NT_IT_MOVE)
		emit_move(f);
	if (f->mode == HEADER_ONLY)
		return;
	if (!f->header_out)
		emit_header(f, false);	/* the reader has read it whole */
	emit_lines(f, f->tail, "");
}

/* ---- the whole --------------------------------------------------------------- */

struct sink {
	void	(*put)(void *, const char *, size_t);
	void	*arg;
	bool	 any;		/* something was put since the last reset */
	bool	 nomem;
};

static void
sink_put(void *arg, const char *s, size_t n)
{
	struct sink *k = arg;

	if (s == NULL) {
		k->nomem = true;
		return;
	}
	if (n == 0)
		return;
	k->any = true;
	k->put(k->arg, s, n);
}

/*
 * One reading with a reader (fast: the fast path, which may give up, *given_up
 * then set).  0 done, -1 failed (err set).
 */
static int
one_read(struct fmt *f, bool fast, bool *given_up)
{
	const struct nt_listen l = { f, on_scalar, on_move };
	struct cr_error err;
	int rc;

	f->any = false;
	f->col = 0;
	f->cont = false;
	f->header_out = false;
	f->nmoves = f->ended = 0;
	f->pending = false;
	f->game = NULL;
	cg_drop(f);
	f->cgtried = false;
	cm_reset(&f->mv);
	if (f->mode != MOVES_ONLY) {
		for (int i = 0; i < NT_NKEYS; i++)
			cm_reset(&f->key[i]);
		for (int i = 0; i < NT_MAXPLAYERS; i++)
			cm_reset(&f->player[i]);
	}
	nt_record_free(f->r);
	*given_up = false;
	f->ascii = fast;
	if (fast) {
		rc = nt__record_read_fast(f->r, f->text, f->len, &l) ? 0 : -1;
		if (rc < 0 && !f->failed && !f->restart && !f->nomem)
			*given_up = true;
	} else {
		rc = nt__record_read_yaml(f->r, f->text, f->len, &l, &err);
		if (rc < 0 && !f->failed && !f->restart && !f->nomem) {
			f->err->move = 0;
			f->err->line = err.line;
			f->err->column = err.column;
			snprintf(f->err->msg, sizeof f->err->msg, "%s", err.msg);
			f->failed = true;
		}
	}
	if (rc == 0)
		finish(f);
	free(f->who), free(f->note);
	f->who = f->note = NULL;
	cg_drop(f);
	return rc;
}

int
nt_record_fmt_with(const char *text, size_t len, const struct nt_worlds *worlds,
    void (*put)(void *, const char *, size_t), void (*reset)(void *), void *arg,
    struct nt_fmt_error *err)
{
	struct sink k = { put, arg, false, false };
	struct nt_record r, first;
	struct fmt f = { .text = text, .len = len, .worlds = worlds, .sink = { sink_put, &k },
	    .r = &r, .hdr = &r, .err = err, .mode = ONE_PASS };
	bool fast = true, given_up;
	int rc;

	memset(&r, 0, sizeof r);
	memset(err, 0, sizeof *err);
	f.out = (struct nt_emit){ fmt_put, &f };
	if (len > NT_RECORD_MAX) {
		snprintf(err->msg, sizeof err->msg, _("a record is at most %d MiB, and this one "
		    "is larger"), NT_RECORD_MAX >> 20);
		return -1;
	}
	rc = one_read(&f, true, &given_up);
	if (given_up) {		/* not the fast path's shape: libyaml reads it */
		if (k.any)
			reset(arg);
		k.any = false;
		fast = false;
		rc = one_read(&f, false, &given_up);
	}
	if (f.restart) {	/* a key after the moves: the header first */
		if (k.any)
			reset(arg);
		k.any = false;
		f.restart = false;
		f.mode = HEADER_ONLY;
		if ((rc = one_read(&f, fast, &given_up)) < 0 && given_up) {
			fast = false;
			rc = one_read(&f, false, &given_up);
		}
		if (rc == 0) {
			first = r;	/* the header, kept while the moves are read */
			memset(&r, 0, sizeof r);
			f.hdr = &first;
			f.mode = MOVES_ONLY;
			rc = one_read(&f, fast, &given_up);
			nt_record_free(&first);
		}
	}
	if ((f.nomem || k.nomem) && !f.failed) {
		snprintf(err->msg, sizeof err->msg, "%s", _("out of memory"));
		rc = -1;
	}
	for (int i = 0; i < NT_NKEYS; i++)
		cm_free(&f.key[i]);
	for (int i = 0; i < NT_MAXPLAYERS; i++)
		cm_free(&f.player[i]);
	cm_free(&f.mv);
	free(f.line);
	nt_record_free(&r);
	return rc < 0 || f.failed ? -1 : 0;
}
