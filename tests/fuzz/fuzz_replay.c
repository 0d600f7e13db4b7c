/*
 * fuzz_replay.c -- arbitrary move sequences against the engine, with any
 * of the rules modules in play (the base game alone most often).
 *
 * The input is decoded into a game header and a stream of operations:
 *
 *   byte 0            edition 1 + b % 3, players 1 + (b / 3) % 8
 *   byte 1            the modules in play (cr_game_create): b even, the
 *                     base game alone; b odd, bit i of b >> 1 puts
 *                     cr_exts[1 + i] in play (bit 0 inns-cathedrals,
 *                     bit 1 river; bits beyond the registry ignored)
 *   then per operation one byte op, and its arguments:
 *     op % 16 == 0    undo 1 + a % 4 moves (a % 64 == 63: undo everything)
 *     op % 16 == 1    end
 *     op % 16 == 2    discard a tile drawn (a)
 *     op % 16 == 3    discard type a % (ntypes + 2) - 1 (out of range too)
 *     op % 16 4..9    a legal placement: tile drawn (a), placement b % n,
 *                     meeple c (below)
 *     op % 16 == 10   a placement beside the board: tile drawn (a), empty
 *                     square b % n of those beside a tile, rotation
 *                     c % 4, meeple d (edges that may not match; a
 *                     module's veto: the river to continue, no U-turn)
 *     op % 16 11..15  a raw placement: type a % ntypes (of every module,
 *                     in play or not, drawable or not), x and y b, c in
 *                     -4..4 (bytes 0xff 0xfe: +-10^8, 0xfd 0xfc: INT_MAX
 *                     and INT_MIN, which the engine must refuse), rotation
 *                     d % 6 - 1 (out of range too), meeple e
 *   a tile drawn:     a copy among those cr_game_drawable allows (the
 *                     modules' order: the river's tiles first, the lake
 *                     last of them), the byte choosing which (any type
 *                     when none is left)
 *   meeple byte m:    with P = cr_npieces() (pieces of every module, 0
 *                     for none), piece m % (P + 1) (P is no piece at
 *                     all), spot (m / (P + 1)) % 18 (17 is no spot)
 *   op & 0xe0 == 0x60 also hold the meeple to cr_game_meeple_options (the
 *                     costliest check, so not every time)
 *   op & 0x80         then try the same move with kind 3 (no kind at all)
 *
 * After every call it checks: a refused move leaves the game exactly as
 * it was (counters, scores, pools, supplies, board, pieces, events) and
 * gets a worded refusal, which names the module of a tile or piece not
 * in play (fz_check_refusal); the River's start (the spring at 0,0, the
 * base start tile in the supply) and its order (river tiles, then the
 * lake, then the rest) hold; cr_game_check agrees with cr_game_play; a
 * placement of a tile that may be drawn is legal iff cr_game_legal
 * lists it, and a piece iff cr_game_meeple_options offers it (when
 * asked); an undo gives back the state before the moves it undoes;
 * each player's pieces on the board + in supply == the count of each
 * pool of the modules in play, the pieces weigh on their features, the
 * events add up and their points to the scores (fz_invariants).  At the
 * end the game must equal a replay of its own moves on a new game of the
 * same config, down to what may be drawn and where every tile fits, and
 * its moves must read back from their notation.
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

/* Placement-level legality (the meeple aside) against cr_game_legal, and
 * (when options) the meeple against cr_game_meeple_options. */
static FZ_NOCOV void
cross_check(const struct cr_game *g, const struct cr_move *m, bool legal_move, bool options)
{
	struct cr_meeple_opt opt[cr_npieces() * CR_MAXSEG];
	struct cr_move bare = *m;
	bool fits, listed = false, offered = false;
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
	fits = cr_game_check(g, &bare, NULL);
	n = legal_for(g, m->tile);
	for (int i = 0; i < n; i++) {
		const struct cr_place *p = &legal.v[i];

		FZ_CHECK(i == 0 || p->x != p[-1].x || p->y != p[-1].y || p->rot != p[-1].rot,
		    "cr_game_legal lists %d,%d rot %d twice", p->x, p->y, p->rot);
		if (p->x == m->x && p->y == m->y && p->rot == m->rot)
			listed = true;
	}
	FZ_CHECK(fits == listed, "%s at %d,%d rot %d: check says %s, cr_game_legal %s",
	    fz_base.type[m->tile].code, m->x, m->y, m->rot, fits ? "fits" : "does not fit",
	    listed ? "lists it" : "does not");
	if (!fits)
		return;
	if (m->role == CR_ROLE_NONE) {
		FZ_CHECK(legal_move, "a placement that fits, without meeple, refused");
		return;
	}
	if (!options)
		return;		/* 17 spots x 4 roles: the costliest check */
	no = cr_game_meeple_options(g, &bare, opt, (int)(sizeof opt / sizeof *opt));
	FZ_CHECK(no >= 0 && no <= (int)(sizeof opt / sizeof *opt), "%d meeple options", no);
	for (int i = 0; i < no; i++) {
		FZ_CHECK(opt[i].role > CR_ROLE_NONE && opt[i].role < cr_npieces() &&
		    (opt[i].spots & (1u << opt[i].spot)), "meeple option %d: role %d spot %d spots 0x%x",
		    i, opt[i].role, opt[i].spot, opt[i].spots);
		if (opt[i].role == m->role && (unsigned)m->spot < CR_NSPOTS &&
		    (opt[i].spots & (1u << m->spot)))
			offered = true;
	}
	/* A piece that draws a token (a shepherd) is offered when some token
	 * makes it legal: the move's own may not. */
	if (offered && !legal_move && (cr_piece(m->role)->flags & CR_PIECE_TOKEN)) {
		int tok[16], nt = cr_token_args(cr_piece_ext(m->role), tok, 16);
		struct cr_move t = *m;

		for (int i = 0; i < nt && !legal_move; i++) {
			t.arg = tok[i];
			legal_move = cr_game_check(g, &t, NULL);
		}
	}
	FZ_CHECK(offered == legal_move, "%s at %d,%d rot %d, role %d at spot %d: %s, and %s",
	    fz_base.type[m->tile].code, m->x, m->y, m->rot, m->role, m->spot,
	    legal_move ? "legal" : "refused", offered ? "offered" : "not offered");
}

static struct fz_snap snaps[MAXOPS + 1];	/* snaps[i]: the state when i moves were played */

static void
attempt(struct cr_game *g, const struct cr_move *m, bool options)
{
	struct fz_snap before, after;
	struct cr_refusal why1, why2;
	bool ok1, ok2;
	int nm = cr_game_nmoves(g);

	fz_snapshot(g, &before);
	ok1 = cr_game_check(g, m, &why1);
	cross_check(g, m, ok1, options);
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
	if (m->kind == CR_MOVE_PLACE) {
		FZ_CHECK(cr_game_ntiles(g) == before.ntiles + 1, "a placement added %d tiles",
		    cr_game_ntiles(g) - before.ntiles);
		FZ_CHECK(cr_game_at(g, m->x, m->y) != NULL && cr_game_at(g, m->x, m->y)->type == m->tile &&
		    cr_game_at(g, m->x, m->y)->rot == m->rot, "the tile placed is not at %d,%d", m->x, m->y);
	}
	if (m->kind != CR_MOVE_END)
		FZ_CHECK(cr_game_supply_total(g) == before.supply_total - 1, "a copy taken: supply %d, then %d",
		    before.supply_total, cr_game_supply_total(g));
	FZ_CHECK(m->kind != CR_MOVE_END || cr_game_over(g), "end played, the game goes on");
	fz_check_notation(&fz_base, m);
	snaps[nm] = before;
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
	conf.exts = x % 2 ? x & ((1u << cr_nexts) - 2) : 0;	/* bit i of x >> 1: cr_exts[1 + i] */
	g = cr_game_create(&fz_base, &conf);
	stamp++;
	FZ_CHECK(g != NULL, "cr_game_create(edition %d, %d players, modules 0x%x) failed",
	    conf.edition, conf.nplayers, (unsigned)conf.exts);
	FZ_CHECK(cr_game_exts(g) == (conf.exts | 1u), "modules 0x%x asked, 0x%x in play",
	    (unsigned)conf.exts, (unsigned)cr_game_exts(g));
	for (int e = 1; e < cr_nexts; e++) {	/* a module's own start tile: the spring */
		int set = cr_exts[e]->tiles ? cr_tileset_set(&fz_base, cr_exts[e]->name) : -1;

		if (fz_in_play(g, e) && set >= 0 && fz_base.setstart[set] >= 0)
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
			meeple(&m, c);
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
			meeple(&m, d);
			attempt(g, &m, options);
			break;
		}
		default:
			m.kind = CR_MOVE_PLACE;
			m.tile = (int)(byte(&in) % (unsigned)fz_base.ntypes);
			m.x = coord(byte(&in));
			m.y = coord(byte(&in));
			m.rot = (int)(byte(&in) % 6) - 1;
			meeple(&m, byte(&in));
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
