/*
 * record-fast.c -- a fast path for the plainest game records.
 *
 * Batch checking wants tens of thousands of records a second, and
 * libyaml's general parser costs more than refereeing the game itself.
 * Nearly every record is the same simple shape: top-level "key: value"
 * lines, a flow or block list of plain player names, and a block list of
 * plain or double-quoted moves.  This reads exactly that shape and gives
 * up on anything else (tabs, anchors, escapes, unusual keys, duplicate
 * keys, any error at all), and then libyaml reads the file from scratch
 * and reports whatever is wrong.  So libyaml stays the reference; this
 * only has to agree with it on what it accepts, which tests/test_record
 * checks on every record it can find.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bytes16.h"
#include "record-int.h"

struct fp {
	const char	*s, *end;	/* the whole text */
	const char	*ln, *lend;	/* the current line, without '\n' */
	int		line;		/* 1-based */
	struct nt_record *r;
	int		capmoves;
	const struct nt_listen *l;	/* or NULL: moves kept in r (in its arena) */
	bool		stopped;	/* the listener said stop */
};

/* Tell the listener about a scalar, bytes [a, b). */
static bool
tell(struct fp *f, int kind, int index, const char *a, const char *b)
{
	struct nt_item it = { kind, index };

	if (f->l->scalar(f->l->arg, &it, (size_t)(a - f->s), (size_t)(b - f->s)) != 0)
		f->stopped = true;
	return !f->stopped;
}

static inline bool
heard(struct fp *f, int kind, int index, const char *a, const char *b)
{
	return f->l == NULL || f->l->scalar == NULL || tell(f, kind, index, a, b);
}

static bool
next_line(struct fp *f)
{
	if (f->lend >= f->end)
		return false;
	f->ln = f->line ? f->lend + 1 : f->s;
	if (f->ln > f->end)
		return false;
	f->lend = memchr(f->ln, '\n', (size_t)(f->end - f->ln));
	if (f->lend == NULL)
		f->lend = f->end;
	f->line++;
	return true;
}

/* Byte classes, one table lookup per byte. */
enum { C_BAD = 1, C_ALNUM = 2, C_SAFE = 4, C_QUOTED = 8 };
static unsigned char cls[256];

/* Sixteen bytes of a plain scalar: those other than a space or a safe
 * byte (letters, digits, , @ - _ . / =), as plain reads them. */
static inline v16
plain_odd(v16 x)
{
	/* the ranges as signed bytes (a byte from 0x80 on, below them
	 * all): the machine's own comparison */
	s16 l = (s16)(x | v16_splat(0x20)), sx = (s16)x;
	v16 ok;

	ok = (v16)(((l >= (s16)v16_splat('a')) & (l <= (s16)v16_splat('z'))) |
	    ((sx >= (s16)v16_splat(',')) & (sx <= (s16)v16_splat('9')))) |
	    (v16)((x == v16_splat('@')) | (x == v16_splat('_')) | (x == v16_splat('=')) |
	    (x == v16_splat(' ')));
	return (v16)~ok;
}

static bool plain_vec;	/* plain_odd answers as the class table does (classes) */

static void
classes(void)
{
	if (cls['a'] != 0)
		return;
	for (int c = 0; c < 256; c++) {
		if ((c < 0x20 && c != '\n') || c >= 0x7f)
			cls[c] = C_BAD;	/* tabs, CR, controls (libyaml refuses them even in comments), UTF-8 */
		else if (isalnum(c))
			cls[c] = C_ALNUM | C_SAFE;
		else if (c == ',' || c == '@' || c == '-' || c == '_' || c == '.' || c == '/' || c == '=')
			cls[c] = C_SAFE;
		if (isprint(c) && c != '"' && c != '\\')
			cls[c] |= C_QUOTED;	/* inside a double-quoted scalar */
	}
	plain_vec = true;
	for (int c = 0; c < 256; c++)
		if (v16_first(plain_odd(v16_splat((unsigned char)c))) == 16 && c != ' ' &&
		    !(cls[c] & C_SAFE))
			plain_vec = false;	/* not as this path was written for */
}

/*
 * A comment from p to the end of its line.  Comments are the only text
 * this path does not read token by token, so they are where a byte
 * libyaml would refuse (a tab, a control, any UTF-8) must be looked for.
 */
static bool
comment_ok(const char *p, const char *e)
{
	while (p < e && !(cls[(unsigned char)*p] & C_BAD))
		p++;
	return p == e;
}

/* Blank or only a comment: nothing YAML sees (1); content (0); a
 * comment holding a byte this path leaves to libyaml (-1). */
static int
empty_line(const char *p, const char *e)
{
	while (p < e && *p == ' ')
		p++;
	if (p < e && *p == '#')
		return comment_ok(p, e) ? 1 : -1;
	return p == e;
}

/* Skip spaces, then an optional comment; true if the line then ends. */
static bool
rest_empty(const char *p, const char *e)
{
	const char *q = p;

	while (q < e && *q == ' ')
		q++;
	return q == e || (*q == '#' && q > p && comment_ok(q, e));
}

/* A plain scalar of the safe characters only: letters, digits,
 * , @ - _ . / and single spaces ("a:b" is fine YAML, but is left to
 * libyaml); in a flow sequence (flow), up to its "," or "]".  Sets *se
 * to just after its last non-space character.  Bytes up to lim may be
 * read (past e, e's line ends with a newline). */
static bool
plain(const char *p, const char *e, const char *lim, const char **se, bool flow)
{
	const char *q;

	if (p >= e || !(cls[(unsigned char)*p] & C_ALNUM))
		return false;
	q = p + 1;
	/* Sixteen bytes at once while all are safe or spaces (the newline
	 * that ends e's line is not; in a flow, "," stops them too), then
	 * the one that stopped them: " #" ends the scalar, so do a flow's
	 * "," and "]", a space or a safe byte goes on, any other refuses
	 * it. */
	for (;;) {
		while (plain_vec && lim - q >= 16) {
			v16 x = v16_load(q);
			int k = v16_first(flow ? plain_odd(x) | (v16)(x == v16_splat(',')) :
			    plain_odd(x));

			q += k;
			if (k < 16)
				break;
		}
		if (q >= e)
			break;
		if (*q == '#' && q[-1] == ' ')
			break;		/* a comment starts */
		if (flow && (*q == ',' || *q == ']'))
			break;
		if (*q != ' ' && !(cls[(unsigned char)*q] & C_SAFE))
			return false;
		q++;
	}
	if (q > e)
		q = e;
	while (q[-1] == ' ')
		q--;
	*se = q;
	return true;
}

/* A double-quoted scalar opening at p (its '"'), closed on its line,
 * of printable bytes and no escape: its closing quote, or NULL.  One
 * pass, sixteen bytes at once (up to lim: past e, e's line ends with a
 * newline, which stops them) while none of them may stop it (a quote, a
 * backslash, a byte below ' ' or above '~'), then byte by byte by the
 * class table (isprint's).  Not inline: in the list's loop it made the
 * plain moves' way (the base game's records) slower. */
static __attribute__((noinline)) const char *
quoted(const char *p, const char *e, const char *lim)
{
	const char *c = p + 1;

	for (; lim - c >= 16; c += 16) {
		v16 x = v16_load(c);
		/* one more, as signed bytes, a control, DEL or any byte from
		 * 0x80 on is below '!' (a space one more): one comparison for
		 * all three */
		int k = v16_first((v16)((x == v16_splat('"')) | (x == v16_splat('\\')) |
		    ((s16)(x + v16_splat(1)) < (s16)v16_splat('!'))));

		if (k < 16) {
			c += k;
			break;
		}
	}
	while (c < e && (cls[(unsigned char)*c] & C_QUOTED))
		c++;
	return c < e && *c == '"' ? c : NULL;
}

static char *
dup_span(const char *a, const char *b)
{
	char *s = malloc((size_t)(b - a) + 1);

	if (s != NULL) {
		memcpy(s, a, (size_t)(b - a));
		s[b - a] = '\0';
	}
	return s;
}

static bool
same(const char *a, const char *b, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(b - a) == n && memcmp(a, word, n) == 0;
}

static bool
add_player(struct fp *f, const char *a, const char *b)
{
	struct nt_record *r = f->r;
	struct nt_player *v;
	char *name;

	if (b == a || b[-1] == ' ' || r->nplayers >= NT_MAXPLAYERS ||
	    nt_record_player(r, a, (size_t)(b - a)) >= 0)
		return false;	/* libyaml's path words the error */
	if (!heard(f, NT_IT_PLAYER, r->nplayers, a, b))
		return false;
	/* Room for four at once (most tables), then doubled. */
	v = r->players;
	if ((r->nplayers < 4 ? v == NULL : (r->nplayers & (r->nplayers - 1)) == 0) &&
	    (v = realloc(r->players, (size_t)(r->nplayers < 4 ? 4 : 2 * r->nplayers) *
	    sizeof *v)) == NULL)
		return false;
	r->players = v;
	if ((name = dup_span(a, b)) == NULL)
		return false;
	v[r->nplayers++] = (struct nt_player){ name, NULL };
	return true;
}

/* A move to the listener. */
static bool
hand_move(struct fp *f, struct nt_recmove *m, const char *a, const char *b, const char *qa,
    const char *qb)
{
	if (!heard(f, NT_IT_MOVE, f->r->nmoves, qa, qb))
		return false;
	if (f->l->move == NULL)
		return true;
	m->text = (char *)a;
	f->r->nmoves++;
	if (f->l->move(f->l->arg, m, (size_t)(b - a)) != 0)
		f->stopped = true;
	return !f->stopped;
}

/* A move's text [a, b); q is the scalar's span (its quotes included). */
static inline bool
add_move(struct fp *f, const char *a, const char *b, const char *qa, const char *qb)
{
	struct nt_record *r = f->r;
	/* len: no NUL before b (plain and quoted refuse one) */
	struct nt_recmove m = { NULL, NULL, f->line, (int)(a - f->ln) + 1, f->line,
	    (int)(qb - f->ln) + 1, (size_t)(b - a) };
	char *text;

	if (f->l != NULL)
		return hand_move(f, &m, a, b, qa, qb);
	if (r->nmoves == f->capmoves) {
		int cap = f->capmoves ? 2 * f->capmoves : 128;
		struct nt_recmove *v = realloc(r->moves, (size_t)cap * sizeof *v);

		if (v == NULL)
			return false;
		r->moves = v;
		f->capmoves = cap;
	}
	/* In the arena, a copy of the whole text made at the start, at the
	 * move's own offset: the NUL lands where a space, quote or newline
	 * was, which no other move's text holds. */
	text = r->arena + (a - f->s);
	text[b - a] = '\0';
	m.text = text;
	r->moves[r->nmoves++] = m;
	return true;
}

/* "[A, B]" after "players:": plain names, one at least. */
static bool
flow_players(struct fp *f, const char *p, const char *e)
{
	if (p >= e || *p++ != '[')
		return false;
	for (;;) {
		const char *se;

		while (p < e && *p == ' ')
			p++;
		if (!plain(p, e, f->end, &se, true) || !add_player(f, p, se))
			return false;
		p = se;
		while (p < e && *p == ' ')
			p++;
		if (p < e && *p == ']')
			return rest_empty(p + 1, e) && f->r->nplayers > 0;
		if (p >= e || *p++ != ',')
			return false;
	}
}

/* A field's value [a, b): in the arena, cut there (the byte after it
 * is a blank, a newline or the end: no other item's), or copied. */
static bool
keep_field(struct fp *f, int slot, enum nt_shape shape, const char *a, const char *b,
    int col, int kcol)
{
	char *t;

	if (f->r->arena == NULL)
		return nt__field_add(f->r, slot, shape, false, a, (size_t)(b - a), f->line, col,
		    f->line, kcol);
	t = f->r->arena + (a - f->s);
	t[b - a] = '\0';
	return nt__field_keep(f->r, slot, shape, false, t, f->line, col, f->line, kcol);
}

/*
 * A game's key (slot): a plain value, or a flow list of plain values
 * ("[a, b]", "[]"), on the key's line; kept raw for the game's row,
 * each scalar heard.
 */
static bool
add_field(struct fp *f, int slot, const char *key, const char *p, const char *e)
{
	const char *se, *a = p;
	int col = (int)(p - f->ln) + 1, kcol = (int)(key - f->ln) + 1;

	if (p < e && *p == '[') {
		for (p++; ; ) {
			while (p < e && *p == ' ')
				p++;
			if (p < e && *p == ']' && p == a + 1)
				break;		/* [] */
			if (!plain(p, e, f->end, &se, true) || !heard(f, NT_IT_KEY, slot, p, se))
				return false;
			p = se;
			while (p < e && *p == ' ')
				p++;
			if (p < e && *p == ']')
				break;
			if (p >= e || *p++ != ',')
				return false;
		}
		return rest_empty(p + 1, e) && keep_field(f, slot, NT_LIST, a, p + 1, col, kcol);
	}
	if (p < e && *p == '"') {
		/* A double-quoted value on its line ("3,-1 90", a module's
		 * key): printable, no escape, read as its text. */
		if ((se = quoted(p, e, f->end)) == NULL || !rest_empty(se + 1, e) ||
		    !heard(f, NT_IT_KEY, slot, p, se + 1))
			return false;
		return keep_field(f, slot, NT_SCALAR, p + 1, se, col, kcol);
	}
	if (!plain(p, e, f->end, &se, false) || !rest_empty(se, e) || !heard(f, NT_IT_KEY, slot, p, se))
		return false;
	return keep_field(f, slot, NT_SCALAR, p, se, col, kcol);
}

/*
 * A block list under a key: "- item" lines, all at one indentation.
 * Returns false on anything unexpected; leaves the current line on the
 * first line after the list.
 */
static bool
block_list(struct fp *f, bool moves, bool *more)
{
	int indent = -1;

	*more = false;
	while (next_line(f)) {
		const char *p = f->ln, *e = f->lend, *a, *se;
		int ind;

		/* the indentation, read once: blank, a comment (empty_line's
		 * answers), or an item's */
		while (p < e && *p == ' ')
			p++;
		if (p == e)
			continue;
		if (*p == '#') {
			if (!comment_ok(p, e))
				return false;
			continue;
		}
		ind = (int)(p - f->ln);
		if (*p != '-') {
			if (ind != 0)
				return false;
			*more = true;		/* the next key */
			return true;
		}
		if (indent < 0)
			indent = ind;
		if (ind != indent || p + 1 >= e || p[1] != ' ')
			return false;
		for (a = p + 1; a < e && *a == ' '; a++)
			;
		if (moves && a < e && *a == '"') {
			const char *q = quoted(a, e, f->end);

			if (q == NULL || !rest_empty(q + 1, e))
				return false;
			if (!add_move(f, a + 1, q, a, q + 1))
				return false;
			continue;
		}
		if (!plain(a, e, f->end, &se, false) || !rest_empty(se, e))
			return false;
		if (moves ? !add_move(f, a, se, a, se) : !add_player(f, a, se))
			return false;
	}
	return true;
}

static bool
body(struct fp *f)
{
	static const char *keys[NT_K_FIELD] = {
		[NT_K_FORMAT] = "format", [NT_K_GAME] = "game", [NT_K_PLAYERS] = "players",
		[NT_K_MOVES] = "moves",
	};
	unsigned seen = 0;
	bool more = false, pending = false;

	classes();
	while (pending || next_line(f)) {
		const char *p = f->ln, *e = f->lend, *colon, *v, *se;
		int k, slot;
		unsigned bit;

		pending = false;
		if ((k = empty_line(p, e)) != 0) {
			if (k < 0)
				return false;
			continue;
		}
		if ((colon = memchr(p, ':', (size_t)(e - p))) == NULL)
			return false;
		for (k = 0; k < NT_K_FIELD && !same(p, colon, keys[k]); k++)
			;
		slot = k < NT_K_FIELD ? k : nt_key_slot(p, (size_t)(colon - p));
		if (slot < 0 || (seen & (bit = 1u << slot)))
			return false;
		seen |= bit;
		if (!heard(f, NT_IT_KEY, slot, p, colon))
			return false;
		for (v = colon + 1; v < e && *v == ' '; v++)
			;
		if (v > colon + 1 && v < e && *v == '#') {
			if (!comment_ok(v, e))
				return false;
			v = e;			/* "key:   # comment" */
		}
		else if (v == colon + 1 && v < e)
			return false;		/* "key:value" */
		switch (k) {
		case NT_K_FORMAT:
			if (!plain(v, e, f->end, &se, false) || !same(v, se, "carcref/1") || !rest_empty(se, e) ||
			    !heard(f, NT_IT_KEY, k, v, se))
				return false;
			break;
		case NT_K_GAME:
			if (!plain(v, e, f->end, &se, false) || !rest_empty(se, e) ||
			    !nt_game_ready(f->r->row = nt_game_find(v, (size_t)(se - v))) ||
			    !heard(f, NT_IT_KEY, k, v, se))
				return false;
			break;
		case NT_K_PLAYERS:
		case NT_K_MOVES:
			if (v == e) {
				if (!block_list(f, k == NT_K_MOVES, &more))
					return false;
				pending = more;
				if (!more)
					goto done;
			} else if (k == NT_K_PLAYERS) {
				if (!flow_players(f, v, e))
					return false;
			} else if (e - v < 2 || v[0] != '[' || v[1] != ']' || !rest_empty(v + 2, e))
				return false;
			break;
		default:
			if (!add_field(f, slot, p, v, e))
				return false;
			break;
		}
	}
done:
	return (seen & 1u << NT_K_FORMAT) && f->r->nplayers > 0;
}

/* 1 if read, 0 if this is not the plain shape (nothing kept). */
int
nt__record_read_fast(struct nt_record *r, const char *text, size_t len,
    const struct nt_listen *l)
{
	struct fp f = { .s = text, .end = text + len, .lend = text, .r = r, .l = l };
	struct cr_error err;
	bool keep = l == NULL || l->move == NULL;

	memset(r, 0, sizeof *r);
	if (len > 0 && (!keep || (r->arena = malloc(len + 1)) != NULL)) {
		if (keep)
			memcpy(r->arena, text, len);
		/* The header, read by the game's row: any error is libyaml's
		 * to word. */
		if (body(&f) && nt__record_header(r, &err) == 0 &&
		    (r->game = strdup(nt_record_game(r)->name)) != NULL)
			return 1;
	}
	nt_record_free(r);
	return 0;
}
