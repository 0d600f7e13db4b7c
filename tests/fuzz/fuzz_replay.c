/*
 * fuzz_replay.c -- arbitrary move sequences against the engine, with any
 * of the rules modules in play (the base game alone a quarter of the time).
 *
 * The input is decoded into a game header and a stream of operations:
 *
 *   byte 0            edition 1 + b % 3, players 1 + (b / 3) % 8
 *   byte 1            the modules in play (cr_game_create): b % 4 == 0,
 *                     the base game alone; else bit i of b >> 1 puts
 *                     cr_exts[1 + i] in play (bit 0 inns-cathedrals,
 *                     1 river, 2 traders-builders, 3 hills-sheep; bits
 *                     beyond the registry ignored)
 *   byte 2            with a start tile beside the start squares (the
 *                     River's spring by the wheel's board, issue 21)
 *                     only: its square, b % n of the n open
 *   then per operation one byte op, and its arguments:
 *     op % 16 == 0    undo 1 + a % 4 moves (a % 64 == 63: undo everything)
 *     op % 16 == 1    end
 *     op % 16 == 2    discard a tile drawn (a)
 *     op % 16 == 3    discard type a % (ntypes + 2) - 1 (out of range too)
 *     op % 16 4..8    a legal placement: tile drawn (a), placement b % n,
 *                     meeple c (below), then the tail (below)
 *     op % 16 == 9    the same with a legal piece: the choice (tail) one
 *                     the engine accepts without a piece, then of the
 *                     pieces of the modules in play from c % P on (P
 *                     pieces) the first that may stand on some spot, at
 *                     the (c / P)-th of those spots, with a token the
 *                     engine accepts (cr_token_args, byte t of the tail);
 *                     none: the meeple c
 *     op % 16 == 10   a placement beside the board: tile drawn (a), empty
 *                     square b % n of those beside a tile, rotation
 *                     c % 4, meeple d, the tail (edges that may not match;
 *                     a module's veto: the river to continue, no U-turn)
 *     op % 16 11..15  a raw placement: type a % ntypes (of every module,
 *                     in play or not, drawable or not), x and y b, c in
 *                     -4..4 (bytes 0xff 0xfe: +-10^8, 0xfd 0xfc: INT_MAX
 *                     and INT_MIN, which the engine must refuse), rotation
 *                     d % 6 - 1 (out of range too), meeple e, the tail
 *                     with a raw choice
 *   a tile drawn:     a copy among those cr_game_drawable allows (the
 *                     modules' order: the river's tiles first, the lake
 *                     last of them), the byte choosing which (any type
 *                     when none is left)
 *   meeple byte m:    with P = cr_npieces() (pieces of every module, 0
 *                     for none), piece m % (P + 1) (P is no piece at
 *                     all), spot (m / (P + 1)) % 18 (17 is no spot)
 *   the tail:         a choice byte ch when a module in play makes
 *                     choices (hills-sheep's flock) or op & 0x10; then a
 *                     token byte t when the piece draws one (a shepherd),
 *                     op % 16 == 9 or op & 0x10
 *   choice byte ch:   ch < 0xc0 (and not a raw placement): among none
 *                     and every choice (and token) of the modules in
 *                     play, those cr_game_check accepts with the move's
 *                     piece, else without it, choice ch % n of them
 *                     (else of them all); otherwise raw: with C choices
 *                     over all modules and r = ch - 0xc0 (ch for a raw
 *                     placement), choice r % (C + 2) (0 none, C + 1 none
 *                     known), its token from the token byte r / (C + 2)
 *   token byte t:     with T the tokens of every module (sheep=1..4,
 *                     wolf), k = t % (T + 3): none (0), the k-th, one of
 *                     a known word with its number out of range (T + 1),
 *                     any id (T + 2)
 *   op & 0xe0 == 0x60 also hold the meeple to cr_game_meeple_options (the
 *                     costliest check, so not every time)
 *   op & 0x80         then try the same move with kind 3 (no kind at all)
 *
 * After every call it checks: a refused move leaves the game exactly as
 * it was (counters, scores, pools, supplies, tiles hidden, board, pieces,
 * events, goods, flocks) and gets a worded refusal, which names the
 * module of a tile, choice or piece not in play and what is wrong with a
 * token (fz_check_refusal); the River's start (the spring at 0,0, the
 * base start tile in the supply) and its order (river tiles, then the
 * lake, then the rest) hold; cr_game_check agrees with cr_game_play, and
 * cr_game_check_place with cr_game_legal; a placement of a tile that may
 * be drawn is legal iff cr_game_legal lists it, the choice is accepted
 * and the piece is one cr_game_meeple_options offers (when asked); a
 * placement takes a copy from the supply and a hill tile one more unseen
 * while any is left to draw (cr_game_hidden); the turn passes after a
 * placement, or stays exactly when the mover's tile extends the feature
 * of the mover's builder placed before and the tile is not a second one
 * already (Traders & Builders' double turn); goods never go back; a herd
 * or a wolf sends home every shepherd of the flock, and the tokens in
 * flocks change by what the move adds (a sheep drawn for a growth, or by
 * a shepherd) less what the flocks scored give back; an undo gives back
 * the state before the moves it undoes; and fz_invariants (pieces per
 * pool, on their features, events, goods, turns, supply).  At the end the
 * game must equal a replay of its own moves on a new game of the same
 * config, down to what may be drawn and where every tile fits; its moves
 * read back from their notation, and its record (written with a player
 * prefix on every move) loads and replays to the same game.
 */
#include <limits.h>

#include "fuzz.h"

#define MAXOPS	512

static const char *const names[CR_MAXPLAYERS] = {
	"Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana",
};

struct in {
	const uint8_t	*p, *end;
};

static unsigned
byte(struct in *in)
{
	return in->p < in->end ? *in->p++ : 0;
}

/* Counts the games made, the moves played and undone: what is worked
 * out of a game is kept until it changes. */
static unsigned stamp;

/*
 * The River's order, as issue 11 and notation.md give it: while river
 * tiles other than the lake are left, only they may be drawn; then the
 * lake alone; then every tile left.  (The one rule of a module held to
 * its text here: the others show in the consistency checks.)
 */
static FZ_NOCOV void
river_order(const struct cr_game *g, const int *left)
{
	int set = cr_tileset_set(&fz_base, "river"), e = cr_ext_find("river", 5);
	int lake = -1, river = 0;

	if (set < 0 || !fz_in_play(g, e))
		return;
	for (int t = 0; t < fz_base.ntypes; t++)
		for (int s = 0; fz_base.typeset[t] == set && s < fz_base.type[t].nseg; s++)
			if (fz_base.type[t].seg[s].kind == CR_RIVER && fz_base.type[t].seg[s].end == CR_END_LAKE)
				lake = t;
	for (int t = 0; t < fz_base.ntypes; t++)
		if (fz_base.typeset[t] == set && t != lake)
			river += cr_game_supply(g, t);
	for (int t = 0; t < fz_base.ntypes; t++) {
		bool want = river > 0 ? fz_base.typeset[t] == set && t != lake :
		    lake >= 0 && cr_game_supply(g, lake) > 0 ? t == lake : true;

		want &= cr_game_supply(g, t) > 0;
		FZ_CHECK((left[t] > 0) == want, "%s %s be drawn, %d river tiles and %d lakes left",
		    fz_base.type[t].code, left[t] > 0 ? "may" : "may not", river,
		    lake >= 0 ? cr_game_supply(g, lake) : 0);
	}
}

/* A tile drawn from the supply, among the types that may be drawn now
 * (worked out once for each state), a byte choosing which copy. */
static FZ_NOCOV int
draw(const struct cr_game *g, unsigned b)
{
	static int *left, total;
	static unsigned drawn = ~0u;	/* the stamp left[] is of */
	int k, t = 0;

	if (drawn != stamp) {
		FZ_CHECK(left != NULL || (left = malloc((size_t)fz_base.ntypes * sizeof *left)) != NULL,
		    "out of memory");
		total = 0;
		for (int i = 0; i < fz_base.ntypes; i++)
			total += left[i] = cr_game_drawable(g, i, NULL) ? cr_game_supply(g, i) : 0;
		drawn = stamp;
		river_order(g, left);
	}
	if (total <= 0)
		return (int)(b % (unsigned)fz_base.ntypes);
	k = (int)(b * (unsigned)total / 256u);
	while (k >= left[t])
		k -= left[t++];
	return t;
}

/* The k-th empty square beside a tile of the board (k modulo their
 * number; a square beside two tiles counts twice). */
static FZ_NOCOV bool
beside(const struct cr_game *g, unsigned k, int *x, int *y)
{
	int n = 0, want = -1;

	for (int pass = 0; pass < 2; pass++) {
		int i = 0;

		for (int t = 0; t < cr_game_ntiles(g); t++)
			for (int d = 0; d < CR_NDIRS; d++) {
				const struct cr_placed *p = cr_game_tile(g, t);
				int u = p->x + cr_dx[d], v = p->y + cr_dy[d];

				if (cr_game_at(g, u, v) != NULL)
					continue;
				if (i++ == want) {
					*x = u, *y = v;
					return true;
				}
			}
		if ((n = i) == 0)
			return false;
		want = (int)(k % (unsigned)n);
	}
	return false;
}

static int
coord(unsigned b)
{
	if (b == 0xff)
		return 100000000;
	if (b == 0xfe)
		return -100000000;
	if (b == 0xfd)
		return INT_MAX;
	if (b == 0xfc)
		return INT_MIN;
	return (int)(b % 9) - 4;
}

/* A piece of any module (or none, or one out of range) at a spot. */
static void
meeple(struct cr_move *m, unsigned b)
{
	unsigned p = (unsigned)cr_npieces() + 1;

	m->role = (int)(b % p);
	m->spot = (enum cr_spot)((b / p) % 18);
}

/*
 * The tokens moves may name (cr_token_args of every module), and the
 * choices with their tokens (none first), over all modules: worked out
 * once.
 */
static int targs[64], ntargs;
static struct cand { int choice, arg; } cands[64];
static int ncands;

static void
tables(void)
{
	cands[ncands++] = (struct cand){ 0, 0 };
	for (int e = 0; e < cr_nexts; e++)
		ntargs += cr_token_args(e, targs + ntargs, (int)(sizeof targs / sizeof *targs) - ntargs);
	for (int c = 1; cr_choice(c) != NULL; c++) {
		int a[16], n = cr_choice(c)->token ? cr_token_args(cr_choice_ext(c), a, 16) : 0;

		for (int i = 0; i < (n ? n : 1) && ncands < (int)(sizeof cands / sizeof *cands); i++)
			cands[ncands++] = (struct cand){ c, n ? a[i] : 0 };
	}
}

/* A token from byte t: none, one of the tables, a known word with its
 * number out of range, any id at all. */
static int
token_of(unsigned t)
{
	unsigned k = t % (unsigned)(ntargs + 3), hi = t / (unsigned)(ntargs + 3);
	const struct cr_token *tk;
	int id;

	if (k == 0 || ntargs == 0)
		return 0;
	if (k <= (unsigned)ntargs)
		return targs[k - 1];
	if (k == (unsigned)ntargs + 2)
		return CR_TOKEN((int)(hi % 16), (int)(hi / 16 % 8));
	id = CR_TOKEN_ID(targs[hi % (unsigned)ntargs]);
	tk = cr_token(id);
	return CR_TOKEN(id, hi & 1 ? tk->max + 1 : tk->min > 0 ? tk->min - 1 : tk->max + 2);
}

/* Does a module in play make choices (the flock's)? */
static bool
chooses(const struct cr_game *g)
{
	for (int c = 1; cr_choice(c) != NULL; c++)
		if (fz_in_play(g, cr_choice_ext(c)))
			return true;
	return false;
}

/*
 * The move's choice from byte ch: raw (see the file's header), or one of
 * those of the modules in play that cr_game_check accepts with the move's
 * piece, else without it, else any of them.
 */
static FZ_NOCOV void
choose(const struct cr_game *g, struct cr_move *m, unsigned ch, bool raw)
{
	int ok[64], nok = 0, all[64], nall = 0;

	if (raw) {
		unsigned r = ch >= 0xc0 ? ch - 0xc0 : ch, nc = 0;

		while (cr_choice((int)nc + 1) != NULL)
			nc++;
		m->choice = (int)(r % (nc + 2));
		m->choice_arg = token_of(r / (nc + 2));
		return;
	}
	for (int i = 0; i < ncands; i++)
		if (cands[i].choice == 0 || fz_in_play(g, cr_choice_ext(cands[i].choice)))
			all[nall++] = i;
	for (int pass = 0; pass < 2 && nok == 0; pass++) {
		struct cr_move t = *m;

		if (pass == 1) {
			if (m->role == CR_ROLE_NONE)
				break;
			t.role = CR_ROLE_NONE, t.arg = 0;
		}
		for (int i = 0; i < nall; i++) {
			t.choice = cands[all[i]].choice, t.choice_arg = cands[all[i]].arg;
			if (cr_game_check(g, &t, NULL))
				ok[nok++] = all[i];
		}
	}
	nall = nok ? nok : nall;
	m->choice = cands[nok ? ok[ch % (unsigned)nok] : all[ch % (unsigned)nall]].choice;
	m->choice_arg = cands[nok ? ok[ch % (unsigned)nok] : all[ch % (unsigned)nall]].arg;
}

/* Does the piece draw a token (a shepherd)? */
static bool
draws(int role)
{
	return cr_piece(role) != NULL && (cr_piece(role)->flags & CR_PIECE_TOKEN);
}

/*
 * A piece the engine accepts on the placement m (its choice made): the
 * pieces of the modules in play from piece mb % P on, the first with a
 * spot (of the 17) where it may stand, that piece at the (mb / P)-th of
 * those spots; a piece that draws a token with one the engine accepts
 * (cr_token_args, byte t choosing).  None found (or the placement is
 * refused without a piece): the raw meeple mb, and token t.  (Cheaper than cr_game_meeple_options, which cross_check asks
 * now and then.)  With raw, a piece that takes no token gets t's.
 */
static FZ_NOCOV void
piece(const struct cr_game *g, struct cr_move *m, unsigned mb, unsigned t, bool raw)
{
	int np = cr_npieces() - 1;
	bool fits;

	m->role = CR_ROLE_NONE, m->arg = 0;
	fits = cr_game_check(g, m, NULL);
	for (int i = 0; i < np && fits; i++) {
		int role = 1 + (int)((mb + (unsigned)i) % (unsigned)np), a[16], na = 1, nok = 0;
		enum cr_spot ok[CR_NSPOTS];
		int okarg[CR_NSPOTS];

		if (!fz_in_play(g, cr_piece_ext(role)))
			continue;
		a[0] = 0;
		if (draws(role))
			na = cr_token_args(cr_piece_ext(role), a, 16);
		m->role = role;
		for (int s = 0; s < CR_NSPOTS; s++) {
			m->spot = (enum cr_spot)s;
			for (int k = 0; k < na; k++) {
				m->arg = a[(t + (unsigned)k) % (unsigned)na];
				if (cr_game_check(g, m, NULL)) {
					ok[nok] = m->spot, okarg[nok++] = m->arg;
					break;
				}
			}
		}
		if (nok > 0) {
			int k = (int)(mb / (unsigned)np % (unsigned)nok);

			m->spot = ok[k];
			m->arg = raw && !draws(role) ? token_of(t) : okarg[k];
			return;
		}
	}
	meeple(m, mb);
	m->arg = token_of(t);
}

/*
 * What a placement says beyond its tile (the file's header): the piece
 * (from meeple byte mb, raw, or with op % 16 == 9 one of those
 * cr_game_meeple_options offers), the choice and the token.
 */
static FZ_NOCOV void
tail(const struct cr_game *g, struct in *in, unsigned op, struct cr_move *m, unsigned mb)
{
	bool chosen = chooses(g) || (op & 0x10), legal = op % 16 == 9;
	bool raw = op % 16 >= 11;
	unsigned ch = chosen ? byte(in) : 0;

	m->choice = m->choice_arg = m->arg = 0;
	if (!legal) {
		meeple(m, mb);
		if (draws(m->role) || (op & 0x10))
			m->arg = token_of(byte(in));
		if (chosen)
			choose(g, m, ch, raw || ch >= 0xc0);
		return;
	}
	m->role = CR_ROLE_NONE;
	if (chosen)
		choose(g, m, ch, ch >= 0xc0);
	piece(g, m, mb, byte(in), op & 0x10);
}

/*
 * cr_game_legal's answer for one tile, kept until the game changes
 * (stamp): the decoder and the check ask the same question.
 */
static struct {
	struct cr_place	v[8192];
	int		n, tile;
	unsigned	stamp;
} legal = { .tile = -1 };

static int
legal_for(const struct cr_game *g, int tile)
{
	if (legal.tile != tile || legal.stamp != stamp) {
		legal.n = cr_game_legal(g, tile, legal.v, 8192);
		FZ_CHECK(legal.n >= 0 && legal.n <= 8192, "cr_game_legal: %d", legal.n);
		legal.tile = tile;
		legal.stamp = stamp;
	}
	return legal.n;
}

/*
 * Placement-level legality against cr_game_legal (cr_game_check_place,
 * the tile alone, whatever the line says beyond); the move no more legal
 * than the same without its piece, which is legal without a token; and
 * (when options) the piece against cr_game_meeple_options, which offers
 * a piece that draws a token when some token would do.
 */
static FZ_NOCOV void
cross_check(const struct cr_game *g, const struct cr_move *m, bool legal_move, bool options)
{
	struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
	struct cr_move bare = *m;
	bool fits, listed = false, offered = false, plain;
	int n, no;

	if (m->kind != CR_MOVE_PLACE || m->tile < 0 || m->tile >= fz_base.ntypes ||
	    m->rot < 0 || m->rot > 3 || cr_game_over(g))
		return;
	if (!cr_game_drawable(g, m->tile, NULL)) {
		FZ_CHECK(!legal_move, "%s may not be drawn, its placement accepted", fz_base.type[m->tile].code);
		return;
	}
	bare.role = CR_ROLE_NONE;
	bare.spot = 0;
	bare.arg = 0;
	fits = cr_game_check_place(g, m, NULL);
	FZ_CHECK(!legal_move || fits, "a move accepted, its tile alone refused");
	n = legal_for(g, m->tile);
	for (int i = 0; i < n; i++) {
		const struct cr_place *p = &legal.v[i];

		FZ_CHECK(i == 0 || p->x != p[-1].x || p->y != p[-1].y || p->rot != p[-1].rot,
		    "cr_game_legal lists %d,%d rot %d twice", p->x, p->y, p->rot);
		if (p->x == m->x && p->y == m->y && p->rot == m->rot)
			listed = true;
	}
	FZ_CHECK(fits == listed, "%s at %d,%d rot %d: check_place says %s, cr_game_legal %s",
	    fz_base.type[m->tile].code, m->x, m->y, m->rot, fits ? "fits" : "does not fit",
	    listed ? "lists it" : "does not");
	if (!fits)
		return;
	plain = cr_game_check(g, &bare, NULL);
	FZ_CHECK(!legal_move || plain, "a move accepted, refused without its piece");
	if (m->role == CR_ROLE_NONE) {
		FZ_CHECK(legal_move == (plain && m->arg == 0), "a placement without a piece: %s, "
		    "without its token %s", legal_move ? "legal" : "refused", plain ? "legal" : "refused");
		return;
	}
	if (!options || !plain)
		return;		/* 17 spots x every piece: the costliest check */
	no = cr_game_meeple_options(g, &bare, opt, CR_MAXMEEPLEOPTS);
	FZ_CHECK(no >= 0 && no <= CR_MAXMEEPLEOPTS, "%d meeple options", no);
	for (int i = 0; i < no; i++) {
		FZ_CHECK(opt[i].role > CR_ROLE_NONE && opt[i].role < cr_npieces() &&
		    (opt[i].spots & (1u << opt[i].spot)), "meeple option %d: role %d spot %d spots 0x%x",
		    i, opt[i].role, opt[i].spot, opt[i].spots);
		if (opt[i].role == m->role && (unsigned)m->spot < CR_NSPOTS &&
		    (opt[i].spots & (1u << m->spot)))
			offered = true;
	}
	if (!draws(m->role)) {
		FZ_CHECK(m->arg != 0 ? !legal_move : offered == legal_move,
		    "%s at %d,%d rot %d, role %d at spot %d, token 0x%x: %s, and %s",
		    fz_base.type[m->tile].code, m->x, m->y, m->rot, m->role, m->spot, m->arg,
		    legal_move ? "legal" : "refused", offered ? "offered" : "not offered");
		return;
	}
	FZ_CHECK(offered || !legal_move, "%s at %d,%d rot %d, %s at %d with token 0x%x: legal, "
	    "not offered", fz_base.type[m->tile].code, m->x, m->y, m->rot, cr_piece(m->role)->word,
	    m->spot, m->arg);
	if (!legal_move && offered) {	/* not with this token: with some other */
		int a[16], na = cr_token_args(cr_piece_ext(m->role), a, 16);
		struct cr_move t = *m;

		offered = false;
		for (int i = 0; i < na && !offered; i++) {
			t.arg = a[i];
			offered = cr_game_check(g, &t, NULL);
		}
		FZ_CHECK(offered, "%s at %d,%d rot %d, %s at %d: offered, refused with every token",
		    fz_base.type[m->tile].code, m->x, m->y, m->rot, cr_piece(m->role)->word, m->spot);
	}
}

static struct fz_snap snaps[MAXOPS + 1];	/* snaps[i]: the state when i moves were played */
static bool stayed[MAXOPS + 1];		/* move i left the turn with its mover */
static int builder;			/* the piece that earns a second tile, 0 */

/* Where the player's piece of role stands (its segment), -1 if nowhere. */
static FZ_NOCOV int
standing(const struct cr_game *g, int player, int role, bool token)
{
	int max = CR_MAXPLAYERS * fz_pieces_each();
	struct cr_meeple mp[max + 1];
	int n = cr_game_meeples(g, mp, max + 1);

	for (int i = 0; i < n && i <= max; i++)
		if (mp[i].player == player && (token ? draws(mp[i].role) : mp[i].role == role))
			return mp[i].seg;
	return -1;
}

/* Does the tile at x,y have a segment in the feature of segment seg? */
static FZ_NOCOV bool
joins(const struct cr_game *g, int x, int y, int seg)
{
	const struct cr_placed *t = cr_game_at(g, x, y);
	int id = cr_game_feature_id(g, seg);

	for (int s = 0; t != NULL && s < fz_base.type[t->type].nseg; s++)
		if (cr_game_feature_id(g, t->seg0 + s) == id)
			return true;
	return false;
}

/*
 * A placement accepted: the supply, the hill, the turn (a builder's
 * double turn), goods, the flock (before: the state before it; bseg,
 * sseg: where the mover's builder and shepherd stood).
 */
static FZ_NOCOV void
placed(const struct cr_game *g, const struct cr_move *m, const struct fz_snap *before,
    const int counters[CR_MAXPLAYERS][16], int bseg, int sseg)
{
	int nm = cr_game_nmoves(g) - 1, np = cr_game_nplayers(g), hide, nev, back = 0, add = 0;
	const struct cr_event *ev = cr_game_events(g, &nev);
	bool second = false, extended, hill, clears;
	struct fz_snap after;

	fz_snapshot(g, &after);
	/* one copy taken, and one more hidden under a hill while any is left */
	hill = (fz_base.type[m->tile].marks & CR_MARK_BIT(CR_MARK_HILL)) != 0;
	hide = hill && before->supply_total > 1;
	FZ_CHECK(after.hidden == before->hidden + hide && after.supply_total == before->supply_total - 1 -
	    hide, "%s placed%s: %d to draw and %d hidden, then %d and %d", fz_base.type[m->tile].code,
	    hill ? " (a hill)" : "", before->supply_total, before->hidden, after.supply_total, after.hidden);
	/* the turn: a second tile when the mover's builder's feature is
	 * extended, never a third */
	for (int j = nm - 1; j >= 0; j--)
		if (cr_game_move(g, j)->kind == CR_MOVE_PLACE) {
			second = stayed[j];
			break;
		}
	extended = bseg >= 0 && joins(g, m->x, m->y, bseg);
	stayed[nm] = extended && !second;
	FZ_CHECK(np == 1 || (after.turn == before->turn) == stayed[nm], "player %d's %s at %d,%d "
	    "(%s the builder's feature, a second tile %d): player %d to move", before->turn,
	    fz_base.type[m->tile].code, m->x, m->y, extended ? "extends" : "does not extend", second,
	    after.turn);
	FZ_CHECK(np > 1 || after.turn == 0, "one player, player %d to move", after.turn);
	/* goods never go back */
	for (int i = 0; i < cr_game_ncounters(g) && i < 16; i++)
		for (int p = 0; p < np; p++)
			FZ_CHECK(cr_game_counter(g, p, i) >= counters[p][i], "player %d's %s: %d, then %d", p,
			    cr_game_counter_name(g, i, NULL), counters[p][i], cr_game_counter(g, p, i));
	/* the flock: a herd or a wolf sends every shepherd of it home; the
	 * tokens out change by a sheep drawn (a growth, a shepherd) less
	 * the flocks scored */
	clears = m->choice != 0 && (!cr_choice(m->choice)->token ||
	    (cr_token(CR_TOKEN_ID(m->choice_arg)) != NULL && cr_token(CR_TOKEN_ID(m->choice_arg))->max == 0));
	if (clears && sseg >= 0) {
		int max = CR_MAXPLAYERS * fz_pieces_each(), id = cr_game_feature_id(g, sseg);
		struct cr_meeple mp[max + 1];
		int n = cr_game_meeples(g, mp, max + 1);

		for (int i = 0; i < n && i <= max; i++)
			FZ_CHECK(!draws(mp[i].role) || cr_game_feature_id(g, mp[i].seg) != id ||
			    (mp[i].x == m->x && mp[i].y == m->y && mp[i].player == before->turn),
			    "player %d's %s at %d,%d stays on the flock %s", mp[i].player,
			    cr_piece(mp[i].role)->word, mp[i].x, mp[i].y, cr_choice(m->choice)->word);
	}
	if (m->choice != 0 && cr_choice(m->choice)->token && !clears)
		add++;
	if (draws(m->role) && cr_token(CR_TOKEN_ID(m->arg)) != NULL &&
	    cr_token(CR_TOKEN_ID(m->arg))->max > 0)
		add++;
	for (int i = 0; i < nev; i++)
		back += ev[i].move == nm + 1 && ev[i].reason == CR_EV_MODULE ? ev[i].sub : 0;
	FZ_CHECK(after.flock == before->flock + add - back, "tokens in flocks: %d, %d drawn, %d back, "
	    "then %d", before->flock, add, back, after.flock);
}

static void
attempt(struct cr_game *g, const struct cr_move *m, bool options)
{
	struct fz_snap before, after;
	struct cr_refusal why1, why2;
	bool ok1, ok2;
	int nm = cr_game_nmoves(g), counters[CR_MAXPLAYERS][16], bseg = -1, sseg = -1;

	fz_snapshot(g, &before);
	ok1 = cr_game_check(g, m, &why1);
	cross_check(g, m, ok1, options);
	if (ok1 && m->kind == CR_MOVE_PLACE) {
		for (int i = 0; i < cr_game_ncounters(g) && i < 16; i++)
			for (int p = 0; p < cr_game_nplayers(g); p++)
				counters[p][i] = cr_game_counter(g, p, i);
		bseg = builder ? standing(g, before.turn, builder, false) : -1;
		sseg = standing(g, before.turn, 0, true);
	}
	ok2 = cr_game_play(g, m, &why2);
	if (ok2)
		stamp++;
	if (!ok2 && why2.code == CR_R_NO_MEMORY)
		return;
	FZ_CHECK(ok1 == ok2, "cr_game_check says %s, cr_game_play %s (codes %d, %d)",
	    ok1 ? "legal" : "illegal", ok2 ? "plays it" : "refuses it", why1.code, why2.code);
	if (!ok2) {
		FZ_CHECK(why2.code != CR_OK && why1.code == why2.code, "refusal codes %d and %d",
		    why1.code, why2.code);
		fz_snapshot(g, &after);
		FZ_SAME_SNAP(&before, &after, "move refused (code %d) but the game changed", why2.code);
		fz_check_refusal(g, m, &why2, names);
		return;
	}
	FZ_CHECK(cr_game_nmoves(g) == nm + 1, "a move played: %d moves, then %d", nm, cr_game_nmoves(g));
	FZ_CHECK(fz_same_move(cr_game_move(g, nm), m), "the game recorded another move");
	FZ_CHECK(cr_game_move_player(g, nm) == before.turn, "move %d made by %d, not %d", nm + 1,
	    cr_game_move_player(g, nm), before.turn);
	stayed[nm] = false;
	if (m->kind == CR_MOVE_PLACE) {
		FZ_CHECK(cr_game_ntiles(g) == before.ntiles + 1, "a placement added %d tiles",
		    cr_game_ntiles(g) - before.ntiles);
		FZ_CHECK(cr_game_at(g, m->x, m->y) != NULL && cr_game_at(g, m->x, m->y)->type == m->tile &&
		    cr_game_at(g, m->x, m->y)->rot == m->rot, "the tile placed is not at %d,%d", m->x, m->y);
		placed(g, m, &before, (const int (*)[16])counters, bseg, sseg);
	} else {
		FZ_CHECK(cr_game_hidden(g) == before.hidden && cr_game_supply_total(g) ==
		    before.supply_total - (m->kind == CR_MOVE_DISCARD), "%s: %d to draw and %d hidden, "
		    "then %d and %d", m->kind == CR_MOVE_END ? "end" : "a discard", before.supply_total,
		    before.hidden, cr_game_supply_total(g), cr_game_hidden(g));
		FZ_CHECK(m->kind == CR_MOVE_END || cr_game_turn(g) == before.turn,
		    "a discard passes the turn from %d to %d", before.turn, cr_game_turn(g));
	}
	FZ_CHECK(m->kind != CR_MOVE_END || cr_game_over(g), "end played, the game goes on");
	fz_check_notation(&fz_base, m);
	snaps[nm] = before;
}

/*
 * The game's record, written with its header (edition, expansions,
 * players) and a player prefix on every move (the mover, a builder's
 * second tile too), read back and replayed: the same game.
 */
static FZ_NOCOV void
record_replay(const struct cr_game *g)
{
	char *exp[CR_MAXEXTS];
	struct nt_player pl[CR_MAXPLAYERS];
	struct nt_record r = { .edition = cr_game_edition(g), .expansions = exp, .players = pl,
	    .nplayers = cr_game_nplayers(g) };
	int n = cr_game_nmoves(g);
	struct nt_outmove *mv = calloc((size_t)n + 1, sizeof *mv);
	struct nt_record back;
	struct nt_replay_error rerr;
	struct cr_error err;
	struct fz_snap a, b;
	struct cr_game *h;
	char *text;
	bool ok;

	FZ_CHECK(mv != NULL, "out of memory");
	for (int e = 1; e < cr_nexts; e++)
		if (fz_in_play(g, e))
			exp[r.nexpansions++] = (char *)cr_exts[e]->name;
	for (int p = 0; p < r.nplayers; p++)
		pl[p] = (struct nt_player){ (char *)names[p], NULL };
	for (int i = 0; i < n; i++)
		mv[i] = (struct nt_outmove){ cr_game_move(g, i), names[cr_game_move_player(g, i)], NULL, NULL };
	{	/* the spring beside the wheel's board (issue 21): its record key */
		struct cr_setup s;
		char sq[48];

		cr_game_setup(g, &s);
		snprintf(sq, sizeof sq, "%d,%d %d", s.bx, s.by, s.brot * 90);
		FZ_CHECK(!s.beside || nt_record_set_key(&r, -1, CR_RK_SQUARE, sq), "out of memory");
	}
	text = nt_record_write(&r, &fz_base, NULL, mv, n, NULL);
	for (int i = 0; i < r.nfields; i++)
		free(r.field[i].text);
	FZ_CHECK(text != NULL, "nt_record_write: NULL");
	if (nt_record_parse(&back, text, strlen(text), &err) < 0)
		fz_fail(__FILE__, __LINE__, "nt_record_parse(the game's record) == 0", "%d:%d: %s\n%s",
		    err.line, err.column, err.msg, text);
	h = nt_replay(&back, &fz_base, &ok, &rerr);
	FZ_CHECK(h != NULL, "nt_replay: no game");
	if (!ok)
		fz_fail(__FILE__, __LINE__, "nt_replay(the game's record)", "move %d: %s\n%s", rerr.move,
		    rerr.msg, text);
	fz_snapshot(g, &a);
	fz_snapshot(h, &b);
	FZ_SAME_SNAP(&a, &b, "the game's record replays to another game\n%s", text);
	cr_game_free(h);
	nt_record_free(&back);
	free(text);
	free(mv);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	fz_load_base((*argv)[0]);
	tables();
	/* Traders & Builders' builder: its owner's tile that extends its
	 * feature earns a second tile (its module gives one: again_placed,
	 * or an again hook) */
	builder = cr_piece_find(0, "builder", 7);
	if (builder != 0 && cr_exts[cr_piece_ext(builder)]->again == NULL &&
	    !cr_exts[cr_piece_ext(builder)]->again_placed)
		builder = 0;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct in in = { data, data + size };
	struct cr_config conf;
	struct cr_game *g;
	unsigned h, x;
	int nplayers, ops = 0;

	if (size < 1 || size > 4096)
		return -1;
	h = byte(&in);
	x = byte(&in);
	conf.edition = 1 + (int)(h % 3);
	conf.nplayers = nplayers = 1 + (int)((h / 3) % 8);
	conf.exts = x % 4 ? x & cr_rules_modules(0) & ~1u : 0;	/* bit i of x >> 1: cr_exts[1 + i] */
	{	/* modules not refereed together yet: no game */
		int a, b;

		if (!cr_exts_together(conf.exts | 1u, &a, &b)) {
			FZ_CHECK(cr_game_create(&fz_base, &conf) == NULL,
			    "cr_game_create(modules 0x%x): %s with %s made a game", (unsigned)conf.exts,
			    cr_exts[a]->name, cr_exts[b]->name);
			return 0;
		}
	}
	/* A start tile beside the start squares (the River's spring by the
	 * wheel's board, issue 21): on a square open to it, the input's. */
	struct cr_square sq[16];
	struct cr_setup setup = { 0 };
	int nb = cr_game_beside_options(&fz_base, &conf, sq, 16);

	if (nb > 0) {
		unsigned k = byte(&in) % (unsigned)(nb < 16 ? nb : 16);

		setup = (struct cr_setup){ 1, sq[k].x, sq[k].y, sq[k].rot, NULL };
		FZ_CHECK(cr_game_create(&fz_base, &conf) == NULL, "modules 0x%x: a game with no "
		    "square for its spring", (unsigned)conf.exts);
	}
	g = cr_game_create_setup(&fz_base, &conf, &setup);
	stamp++;
	FZ_CHECK(g != NULL, "cr_game_create(edition %d, %d players, modules 0x%x) failed",
	    conf.edition, conf.nplayers, (unsigned)conf.exts);
	FZ_CHECK(cr_game_exts(g) == (conf.exts | 1u), "modules 0x%x asked, 0x%x in play",
	    (unsigned)conf.exts, (unsigned)cr_game_exts(g));
	for (int e = 1; e < cr_nexts; e++) {	/* a module's own start tile: the spring */
		int set = cr_exts[e]->tiles ? cr_tileset_set(&fz_base, cr_exts[e]->name) : -1;

		if (fz_in_play(g, e) && set >= 0 && fz_base.setstart[set] >= 0 && nb > 0) {
			const struct cr_placed *t = cr_game_at(g, setup.bx, setup.by);

			FZ_CHECK(t != NULL && t->type == fz_base.setstart[set] && t->rot == setup.brot &&
			    cr_game_supply(g, fz_base.start) == fz_base.type[fz_base.start].count - 1,
			    "%s in play beside the start squares: its start tile at %d,%d, the "
			    "base's out", cr_exts[e]->name, setup.bx, setup.by);
		} else if (fz_in_play(g, e) && set >= 0 && fz_base.setstart[set] >= 0)
			FZ_CHECK(cr_game_tile(g, 0)->type == fz_base.setstart[set] &&
			    cr_game_supply(g, fz_base.start) == fz_base.type[fz_base.start].count,
			    "%s in play: %s at 0,0, %d of %d %s in the supply", cr_exts[e]->name,
			    fz_base.type[cr_game_tile(g, 0)->type].code, cr_game_supply(g, fz_base.start),
			    fz_base.type[fz_base.start].count, fz_base.type[fz_base.start].code);
	}
	fz_invariants(g);
	fz_snapshot(g, &snaps[0]);
	while (in.p < in.end && ops++ < MAXOPS) {
		unsigned op = byte(&in);
		bool options = (op & 0xe0) == 0x60;
		struct cr_move m = { 0 };

		switch (op % 16) {
		case 0: {
			unsigned a = byte(&in);
			int want = a % 64 == 63 ? 1 << 20 : 1 + (int)(a % 4), nm = cr_game_nmoves(g);
			int done = cr_game_undo(g, want), left = cr_game_nmoves(g);

			stamp++;
			struct fz_snap now;

			FZ_CHECK(done == (want < nm ? want : nm), "undo %d of %d moves: %d undone", want, nm, done);
			FZ_CHECK(left == nm - done, "undo %d: %d moves, then %d", done, nm, left);
			fz_snapshot(g, &now);
			FZ_SAME_SNAP(&snaps[left], &now, "undoing %d moves does not give back the state after move %d",
			    done, left);
			break;
		}
		case 1:
			m.kind = CR_MOVE_END;
			attempt(g, &m, options);
			break;
		case 2:
			m.kind = CR_MOVE_DISCARD;
			m.tile = draw(g, byte(&in));
			attempt(g, &m, options);
			break;
		case 3:
			m.kind = CR_MOVE_DISCARD;
			m.tile = (int)(byte(&in) % (unsigned)(fz_base.ntypes + 2)) - 1;
			attempt(g, &m, options);
			break;
		case 4: case 5: case 6: case 7: case 8: case 9: {
			unsigned a = byte(&in), b = byte(&in), c = byte(&in);
			int n;

			m.kind = CR_MOVE_PLACE;
			m.tile = draw(g, a);
			n = legal_for(g, m.tile);
			if (n > 0) {
				const struct cr_place *p = &legal.v[b % (unsigned)n];

				m.x = p->x, m.y = p->y, m.rot = p->rot;
			}
			tail(g, &in, op, &m, c);
			attempt(g, &m, options);
			break;
		}
		case 10: {
			unsigned a = byte(&in), b = byte(&in), c = byte(&in), d = byte(&in);

			m.kind = CR_MOVE_PLACE;
			m.tile = draw(g, a);
			if (!beside(g, b, &m.x, &m.y))
				m.x = m.y = 0;
			m.rot = (int)(c % 4);
			tail(g, &in, op, &m, d);
			attempt(g, &m, options);
			break;
		}
		default:
			m.kind = CR_MOVE_PLACE;
			m.tile = (int)(byte(&in) % (unsigned)fz_base.ntypes);
			m.x = coord(byte(&in));
			m.y = coord(byte(&in));
			m.rot = (int)(byte(&in) % 6) - 1;
			tail(g, &in, op, &m, byte(&in));
			attempt(g, &m, options);
			break;
		}
		if (op & 0x80 && op % 16 != 0 && op % 16 != 1) {
			/* the same move with a kind the engine does not know */
			struct fz_snap before, after;

			m.kind = 3;
			fz_snapshot(g, &before);
			FZ_CHECK(!cr_game_play(g, &m, NULL), "a move of kind 3 accepted");
			fz_snapshot(g, &after);
			FZ_SAME_SNAP(&before, &after, "a move of kind 3 changed the game");
		}
		fz_invariants(g);
	}
	fz_replay_equal(g);
	record_replay(g);
	{
		const struct cr_event *ev;
		char buf[2048];
		int n;

		ev = cr_game_events(g, &n);
		for (int i = 0; i < n; i++) {
			FZ_CHECK(nt_event_why(&ev[i], buf, sizeof buf) > 0, "event %d: no arithmetic", i);
			FZ_CHECK(nt_event_explain(&ev[i], names, nplayers, buf, sizeof buf) > 0,
			    "event %d: no explanation", i);
		}
	}
	cr_game_free(g);
	return 0;
}
