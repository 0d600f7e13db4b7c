/*
 * fuzz_fastpath.c -- the fast record reader (notation/record-fast.c) held
 * to libyaml on every input.
 *
 * The fast path may decline any input, but whenever it reads one it must
 * yield exactly what libyaml yields: the same header (edition, expansions,
 * players and colours), the same moves (text, player, line, column, end),
 * and the same scalars, byte for byte, each given to the same item (the
 * comment keeper in record-fmt.c finds comments between scalars, so equal
 * scalars mean equal comments).  Both readers are run twice: storing the
 * moves, and handing them to a listener, which must see the same moves.
 */
#include "fuzz.h"
#include "notation/record-int.h"

struct heard {
	struct nt_item	*it;
	size_t		(*span)[2];
	char		**moves;	/* the moves handed over, as text */
	int		n, cap, nmoves, capmoves;
};

static int
on_scalar(void *arg, const struct nt_item *it, size_t off, size_t end)
{
	struct heard *h = arg;

	FZ_CHECK(off <= end, "a scalar ending before it starts: %zu..%zu", off, end);
	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 64;
		h->it = realloc(h->it, (size_t)h->cap * sizeof *h->it);
		h->span = realloc(h->span, (size_t)h->cap * sizeof *h->span);
		FZ_CHECK(h->it != NULL && h->span != NULL, "out of memory");
	}
	FZ_CHECK(h->n == 0 || h->span[h->n - 1][1] <= off, "scalars out of order");
	h->it[h->n] = *it;
	h->span[h->n][0] = off, h->span[h->n][1] = end;
	h->n++;
	return 0;
}

static int
on_move(void *arg, const struct nt_recmove *m, size_t len)
{
	struct heard *h = arg;
	char *s = malloc(len + 1);

	FZ_CHECK(s != NULL, "out of memory");
	memcpy(s, m->text, len);
	s[len] = '\0';
	if (h->nmoves == h->capmoves) {
		h->capmoves = h->capmoves ? 2 * h->capmoves : 64;
		h->moves = realloc(h->moves, (size_t)h->capmoves * sizeof *h->moves);
		FZ_CHECK(h->moves != NULL, "out of memory");
	}
	h->moves[h->nmoves++] = s;
	return 0;
}

static void
heard_free(struct heard *h)
{
	for (int i = 0; i < h->nmoves; i++)
		free(h->moves[i]);
	free(h->moves), free(h->it), free(h->span);
	memset(h, 0, sizeof *h);
}

static bool
same_str(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static void
same_record(const struct nt_record *f, const struct nt_record *y)
{
	FZ_CHECK(same_str(f->game, y->game), "game");
	FZ_CHECK(f->edition == y->edition, "edition: fast %d, libyaml %d", f->edition, y->edition);
	FZ_CHECK(f->nexpansions == y->nexpansions, "expansions");
	for (int i = 0; i < f->nexpansions; i++)
		FZ_CHECK(same_str(f->expansions[i], y->expansions[i]), "expansion %d", i);
	FZ_CHECK(f->nplayers == y->nplayers, "players: fast %d, libyaml %d", f->nplayers,
	    y->nplayers);
	for (int i = 0; i < f->nplayers; i++)
		FZ_CHECK(same_str(f->players[i].name, y->players[i].name) &&
		    same_str(f->players[i].color, y->players[i].color), "player %d", i);
	FZ_CHECK(f->nmoves == y->nmoves, "moves: fast %d, libyaml %d", f->nmoves, y->nmoves);
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
	struct heard hf = { 0 }, hy = { 0 };
	const struct nt_listen lf = { &hf, on_scalar, on_move }, ly = { &hy, on_scalar, on_move };
	struct nt_record f, y, fl, yl;
	struct cr_error err;
	char *text;
	int fr, yr, flr, ylr;

	if (size > 65536)
		return -1;
	/* exactly the bytes, nothing after them: an overread is caught */
	text = malloc(size ? size : 1);
	FZ_CHECK(text != NULL, "out of memory");
	memcpy(text, data, size);

	fr = nt__record_read_fast(&f, text, size, NULL);
	yr = nt__record_read_yaml(&y, text, size, NULL, &err);
	flr = nt__record_read_fast(&fl, text, size, &lf);
	ylr = nt__record_read_yaml(&yl, text, size, &ly, &err);
	FZ_CHECK(fr == flr, "the fast path reads with a listener what it declines without, or "
	    "the reverse (%d, %d)", fr, flr);
	FZ_CHECK(yr == ylr, "libyaml reads with a listener what it refuses without, or the "
	    "reverse (%d, %d)", yr, ylr);
	if (fr != 1) {
		FZ_CHECK(fr == 0 && f.players == NULL && f.moves == NULL && f.arena == NULL &&
		    f.game == NULL, "the fast path gave up but kept something");
	} else {
		FZ_CHECK(yr == 0, "the fast path reads a record libyaml refuses (%d:%d: %s)",
		    err.line, err.column, err.msg);
		same_record(&f, &y);
		same_record(&fl, &yl);
		same_record(&f, &fl);
		for (int i = 0; i < f.nmoves; i++) {
			const struct nt_recmove *a = &f.moves[i], *b = &y.moves[i];

			FZ_CHECK(same_str(a->text, b->text) && same_str(a->player, b->player) &&
			    a->line == b->line && a->column == b->column &&
			    a->end_line == b->end_line && a->end_column == b->end_column,
			    "move %d: fast \"%s\" %d:%d-%d:%d, libyaml \"%s\" %d:%d-%d:%d", i + 1,
			    a->text, a->line, a->column, a->end_line, a->end_column,
			    b->text, b->line, b->column, b->end_line, b->end_column);
			FZ_CHECK(i < hf.nmoves && strcmp(hf.moves[i], a->text) == 0,
			    "move %d handed over differs from the one kept", i + 1);
		}
		FZ_CHECK(hf.nmoves == f.nmoves && hy.nmoves == y.nmoves, "moves handed over");
		FZ_CHECK(hf.n == hy.n, "scalars: fast %d, libyaml %d", hf.n, hy.n);
		for (int i = 0; i < hf.n; i++)
			FZ_CHECK(hf.it[i].kind == hy.it[i].kind && hf.it[i].index == hy.it[i].index &&
			    hf.span[i][0] == hy.span[i][0] && hf.span[i][1] == hy.span[i][1],
			    "scalar %d: fast %d/%d at %zu..%zu, libyaml %d/%d at %zu..%zu", i,
			    hf.it[i].kind, hf.it[i].index, hf.span[i][0], hf.span[i][1],
			    hy.it[i].kind, hy.it[i].index, hy.span[i][0], hy.span[i][1]);
		nt_record_free(&f);
		nt_record_free(&fl);
	}
	if (yr == 0) {
		nt_record_free(&y);
		nt_record_free(&yl);
	}
	heard_free(&hf);
	heard_free(&hy);
	free(text);
	return 0;
}
