/*
 * fuzz_fmt.c -- carcref fmt's formatter (nt_record_fmt) on arbitrary text:
 * parse, format, parse.
 *
 * Whenever the formatter accepts an input: libyaml reads its output as the
 * same record (edition, expansions, players and colours, every move the
 * same move, its choice, piece and tokens included, with the same
 * player); the output is its own canonical form; and every comment stays
 * with its item: the comments of each header key, player and move, found
 * here by an independent reading of the rules (a comment on a scalar's
 * line trails that scalar's item, one on a line of its own leads the next
 * item, a move's own '#' comes first after it), are the same in the
 * output as in the input, trailing ones joined by a space.
 * The formatter also accepts exactly the records nt_record_parse accepts
 * whose moves all parse, none after an explicit end.
 */
#include "fuzz.h"
#include <ctype.h>
#include <strings.h>

#include "notation/record-int.h"

/* ---- the comments of each item, by an independent reading ----------------- */

#define NITEMS	(1 + NT_NKEYS + CR_MAXPLAYERS + 4096 + 1)	/* head, keys, players, moves, tail */

struct grow { char *s; size_t n, cap; };

struct items {
	const char	*text;
	size_t		 len;
	struct grow	 before[NITEMS], after[NITEMS], note[NITEMS];
	int		 prev;		/* item of the last scalar, -1 none */
	size_t		 end;
	int		 moves;
	bool		 toomany;
};

static void
grow_add(struct grow *g, const char *sep, const char *s, size_t n)
{
	size_t k = g->n ? strlen(sep) : 0;

	if (g->n + k + n + 1 > g->cap) {
		g->cap = 2 * (g->n + k + n + 1);
		g->s = realloc(g->s, g->cap);
		FZ_CHECK(g->s != NULL, "out of memory");
	}
	memcpy(g->s + g->n, sep, k);
	memcpy(g->s + g->n + k, s, n);
	g->n += k + n;
	g->s[g->n] = '\0';
}

static int
slot(const struct nt_item *it)
{
	switch (it->kind) {
	case NT_IT_KEY:		return 1 + it->index;
	case NT_IT_PLAYER:	return 1 + NT_NKEYS + it->index;
	default:		return 1 + NT_NKEYS + CR_MAXPLAYERS + it->index;
	}
}
#define TAIL	(NITEMS - 1)

struct gapctx { struct items *t; int prev, next; bool same; };

static int
gap_comment(void *arg, size_t off, size_t len, bool trailing)
{
	struct gapctx *g = arg;
	const char *c = g->t->text + off;

	if (g->prev < 0)			/* before the first scalar: the head */
		grow_add(&g->t->before[0], "\n", c, len);
	else if (trailing || g->same)
		grow_add(&g->t->after[g->prev], " ", c, len);
	else
		grow_add(&g->t->before[g->next], "\n", c, len);
	return 0;
}

static int
on_scalar(void *arg, const struct nt_item *it, size_t off, size_t end)
{
	struct items *t = arg;
	int s = slot(it);
	struct gapctx g = { t, t->prev, s, t->prev == s };

	if (s >= TAIL) {
		t->toomany = true;
		return 1;
	}
	nt__gap_comments(t->text, t->prev < 0 ? 0 : t->end, off, gap_comment, &g);
	t->prev = s;
	t->end = end;
	return 0;
}

static int
on_move(void *arg, const struct nt_recmove *m, size_t len)
{
	struct items *t = arg;
	const char *hash = memchr(m->text, '#', len);
	int s = 1 + NT_NKEYS + CR_MAXPLAYERS + t->moves++;

	if (hash != NULL && s < TAIL) {
		char *note = nt__safe_note(hash, len - (size_t)(hash - m->text));

		FZ_CHECK(note != NULL, "out of memory");
		grow_add(&t->note[s], "", note, strlen(note));
		free(note);
	}
	return 0;
}

/* Read TEXT with libyaml, sorting its comments by item; false if it does
 * not read (or has too many moves for this harness). */
static bool
items_of(const char *text, size_t len, struct items *t)
{
	const struct nt_listen l = { t, on_scalar, on_move };
	struct nt_record r;
	struct cr_error err;
	struct gapctx g = { t, -1, TAIL, false };

	memset(t, 0, sizeof *t);
	t->text = text, t->len = len, t->prev = -1;
	if (nt__record_read_yaml(&r, text, len, &l, &err) < 0)
		return false;
	nt_record_free(&r);
	g.prev = t->prev;
	nt__gap_comments(text, t->prev < 0 ? 0 : t->end, len, gap_comment, &g);
	/* fmt writes the head and the comments before "format" together */
	if (t->before[1].n) {
		grow_add(&t->before[0], "\n", t->before[1].s, t->before[1].n);
		t->before[1].n = 0;
	}
	/* a move's own comment comes first after it */
	for (int i = 0; i < NITEMS; i++)
		if (t->note[i].n) {
			if (t->after[i].n)
				grow_add(&t->note[i], " ", t->after[i].s, t->after[i].n);
			t->after[i].n = 0;
			grow_add(&t->after[i], "", t->note[i].s, t->note[i].n);
		}
	return !t->toomany;
}

static void
items_free(struct items *t)
{
	for (int i = 0; i < NITEMS; i++)
		free(t->before[i].s), free(t->after[i].s), free(t->note[i].s);
}

static const char *
str(const struct grow *g)
{
	return g->n ? g->s : "";
}

/* ---- the harness -------------------------------------------------------------- */

struct out { char *s; size_t n, cap; };

static void
put(void *arg, const char *s, size_t n)
{
	struct out *o = arg;

	if (o->n + n + 1 > o->cap) {
		o->cap = 2 * (o->n + n + 1);
		o->s = realloc(o->s, o->cap);
		FZ_CHECK(o->s != NULL, "out of memory");
	}
	memcpy(o->s + o->n, s, n);
	o->n += n;
	o->s[o->n] = '\0';
}

static void
reset(void *arg)
{
	((struct out *)arg)->n = 0;
}

static char *
fmt(const char *text, size_t len, size_t *outlen, struct nt_fmt_error *err)
{
	struct out o = { 0 };

	if (nt_record_fmt(text, len, &fz_base, put, reset, &o, err) < 0) {
		FZ_CHECK(err->msg[0] != '\0', "a refusal without a message");
		free(o.s);
		return NULL;
	}
	put(&o, "", 0);
	*outlen = o.n;
	return o.s;
}

static bool
same_str(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Every move of the record parses, none follows an explicit end, and a
 * player from the mapping form ("- Anna: U 0,1 0") could be a name; the
 * number of the first that does not. */
static int
bad_move(const struct nt_record *r)
{
	bool ended = false;

	for (int i = 0; i < r->nmoves; i++) {
		const char *p = r->moves[i].player;
		struct nt_turn t;
		struct nt_error e;

		if (nt_parse_move(&fz_base, r->moves[i].text, strlen(r->moves[i].text), &t, &e) < 0 ||
		    t.blank || ended)
			return i + 1;
		ended = t.move.kind == CR_MOVE_END;
		if (p != NULL && (*p == '\0' || strpbrk(p, ":#") != NULL ||
		    isspace((unsigned char)p[0]) || isspace((unsigned char)p[strlen(p) - 1])))
			return i + 1;
	}
	return 0;
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	fz_load_base((*argv)[0]);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct items a, b;
	struct nt_fmt_error err;
	struct nt_record in, outr;
	struct cr_error cerr;
	size_t outlen, againlen;
	char *text, *out, *again;
	int prc;

	if (size > 65536)
		return -1;
	text = malloc(size ? size : 1);
	FZ_CHECK(text != NULL, "out of memory");
	memcpy(text, data, size);

	out = fmt(text, size, &outlen, &err);
	prc = nt_record_parse(&in, text, size, &cerr);
	if (out == NULL) {
		FZ_CHECK(prc < 0 || bad_move(&in) > 0, "fmt refuses a record that reads, every "
		    "move parsing: %s", err.msg);
		if (prc == 0)
			nt_record_free(&in);
		free(text);
		return 0;
	}
	FZ_CHECK(prc == 0 && bad_move(&in) == 0, "fmt accepts what does not read");

	/* libyaml reads the output as the same record */
	if (nt_record_parse_yaml(&outr, out, outlen, &cerr) < 0)
		fz_fail(__FILE__, __LINE__, "libyaml reads fmt's output", "%d:%d: %s\n%s",
		    cerr.line, cerr.column, cerr.msg, out);
	FZ_CHECK(in.edition == outr.edition, "edition");
	FZ_CHECK(in.nexpansions == outr.nexpansions, "expansions");
	FZ_CHECK(in.nplayers == outr.nplayers, "players");
	for (int i = 0; i < in.nplayers; i++)
		FZ_CHECK(same_str(in.players[i].name, outr.players[i].name) &&
		    same_str(in.players[i].color, outr.players[i].color), "player %d", i);
	FZ_CHECK(in.nmoves == outr.nmoves, "moves: %d in, %d out", in.nmoves, outr.nmoves);
	for (int i = 0; i < in.nmoves; i++) {
		struct nt_turn ta, tb;
		struct nt_error e;
		const char *pa, *pb;
		size_t la, lb;

		FZ_CHECK(nt_parse_move(&fz_base, in.moves[i].text, strlen(in.moves[i].text), &ta,
		    &e) == 0, "move %d in", i + 1);
		FZ_CHECK(nt_parse_move(&fz_base, outr.moves[i].text, strlen(outr.moves[i].text),
		    &tb, &e) == 0, "move %d out: %s", i + 1, e.msg);
		FZ_CHECK(fz_same_move(&ta.move, &tb.move), "move %d is another move", i + 1);
		pa = in.moves[i].player ? in.moves[i].player : ta.player;
		la = in.moves[i].player ? strlen(in.moves[i].player) : ta.player_len;
		pb = outr.moves[i].player ? outr.moves[i].player : tb.player;
		lb = outr.moves[i].player ? strlen(outr.moves[i].player) : tb.player_len;
		FZ_CHECK((pa == NULL) == (pb == NULL), "move %d: its player", i + 1);
		/* fmt spells a prefix as the players list does: the same
		 * player to people (nt_name_eq), not always the same bytes. */
		FZ_CHECK(pa == NULL || nt_name_eq(pa, la, pb, lb),
		    "move %d: player \"%.*s\" became \"%.*s\"", i + 1, (int)la, pa, (int)lb, pb);
	}

	/* its own canonical form */
	again = fmt(out, outlen, &againlen, &err);
	FZ_CHECK(again != NULL, "fmt refuses its own output: %s\n%s", err.msg, out);
	FZ_CHECK(againlen == outlen && memcmp(again, out, outlen) == 0,
	    "fmt is not stable:\n%s\nthen:\n%s", out, again);

	/* every comment where it was */
	if (items_of(text, size, &a) && items_of(out, outlen, &b))
		for (int i = 0; i < NITEMS; i++) {
			FZ_CHECK(strcmp(str(&a.before[i]), str(&b.before[i])) == 0,
			    "item %d: comments before it:\n[%s]\nbecame:\n[%s]\n%s", i,
			    str(&a.before[i]), str(&b.before[i]), out);
			FZ_CHECK(strcmp(str(&a.after[i]), str(&b.after[i])) == 0,
			    "item %d: comments after it:\n[%s]\nbecame:\n[%s]\n%s", i,
			    str(&a.after[i]), str(&b.after[i]), out);
		}
	items_free(&a);
	items_free(&b);
	nt_record_free(&in);
	nt_record_free(&outr);
	free(again);
	free(out);
	free(text);
	return 0;
}
