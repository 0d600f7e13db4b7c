/*
 * fuzz_replay.c -- arbitrary move sequences against the engine (base set).
 *
 * The input is decoded into a game header and a stream of operations:
 *
 *   byte 0            edition 1 + b % 3, players 1 + (b / 3) % 8
 *   then per operation one byte op, and its arguments:
 *     op % 16 == 0    undo 1 + a % 4 moves (a % 64 == 63: undo everything)
 *     op % 16 == 1    end
 *     op % 16 == 2    discard a tile drawn from the supply (a)
 *     op % 16 == 3    discard type a % (ntypes + 2) - 1 (out of range too)
 *     op % 16 4..10   a legal placement: tile drawn (a), placement b % n,
 *                     meeple c (below)
 *     op % 16 11..15  a raw placement: type a % ntypes, x and y b, c in
 *                     -4..4 (bytes 0xff 0xfe: +-10^8, 0xfd 0xfc: INT_MAX
 *                     and INT_MIN, which the engine must refuse), rotation
 *                     d % 6 - 1 (out of range too), meeple e
 *   meeple byte m:    role m % 6 (5 is no role at all), spot (m / 6) % 18
 *                     (17 is no spot)
 *   op & 0xe0 == 0x60 also hold the meeple to cr_game_meeple_options (the
 *                     costliest check, so not every time)
 *   op & 0x80         then try the same move with kind 3 (no kind at all)
 *
 * After every call it checks: a refused move leaves the game exactly as
 * it was (counters, scores, supplies, board, meeples, events) and gets a
 * worded refusal; cr_game_check agrees with cr_game_play; a placement is
 * legal iff cr_game_legal lists it, and a meeple iff
 * cr_game_meeple_options offers it (when asked); an undo gives back the state before
 * the moves it undoes; meeples on the board + in supply == 7 per player;
 * the events' points add up to the scores.  At the end the game must
 * equal a replay of its own moves on a fresh game, and its moves must
 * read back from their notation.
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

/* A tile drawn from the supply, a byte choosing which copy. */
static int
draw(const struct cr_game *g, unsigned b)
{
	int total = cr_game_supply_total(g), k, t = 0;

	if (total <= 0)
		return (int)(b % (unsigned)fz_base.ntypes);
	k = (int)(b * (unsigned)total / 256u);
	while (k >= cr_game_supply(g, t))
		k -= cr_game_supply(g, t++);
	return t;
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

static void
meeple(struct cr_move *m, unsigned b)
{
	m->role = (enum cr_role)(b % 6);
	m->spot = (enum cr_spot)((b / 6) % 18);
}

/*
 * cr_game_legal's answer for one tile, kept until the game changes (stamp
 * counts the moves played and undone): the decoder and the check ask
 * the same question.
 */
static struct {
	struct cr_place	v[8192];
	int		n, tile;
	unsigned	stamp;
} legal = { .tile = -1 };
static unsigned stamp;

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
static void
cross_check(const struct cr_game *g, const struct cr_move *m, bool legal_move, bool options)
{
	struct cr_meeple_opt opt[cr_npieces() * CR_MAXSEG];
	struct cr_move bare = *m;
	bool fits, listed = false, offered = false;
	int n, no;

	if (m->kind != CR_MOVE_PLACE || m->tile < 0 || m->tile >= fz_base.ntypes ||
	    m->rot < 0 || m->rot > 3 || cr_game_over(g) || cr_game_supply(g, m->tile) <= 0)
		return;
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
		char msg[1024];
		int n;

		FZ_CHECK(why2.code != CR_OK && why1.code == why2.code, "refusal codes %d and %d",
		    why1.code, why2.code);
		fz_snapshot(g, &after);
		FZ_SAME_SNAP(&before, &after, "move refused (code %d) but the game changed", why2.code);
		n = nt_refusal(&fz_base, &why2, names, msg, sizeof msg);
		FZ_CHECK(n > 0 && msg[0] != '\0' && memchr(msg, '\0', sizeof msg) != NULL,
		    "refusal code %d worded as \"%s\" (%d)", why2.code, msg, n);
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
	struct cr_game *g;
	unsigned h;
	int edition, nplayers, ops = 0;

	if (size < 1 || size > 4096)
		return -1;
	h = byte(&in);
	edition = 1 + (int)(h % 3);
	nplayers = 1 + (int)((h / 3) % 8);
	g = cr_game_new(&fz_base, edition, nplayers);
	stamp++;
	FZ_CHECK(g != NULL, "cr_game_new(base, %d, %d) failed", edition, nplayers);
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
		case 4: case 5: case 6: case 7: case 8: case 9: case 10: {
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
