/*
 * test_hg_oracle.c -- Hunters & Gatherers against a second referee
 * (tests/oracle-hg.c, written from ../shared/spec/hunters-gatherers.md):
 * random games played through the engine and the oracle move for move,
 * on the shipped tiles and on a set with more of what the data may say
 * (fish on segments, two lakes on a tile, gold and a shrine on bonus
 * tiles, mushrooms, fires), 1 to 5 players, some stopped early by `end`.
 * After every move both agree on whose turn it is, whether a bonus tile
 * is due (what may be drawn), where the drawn tile fits, which pieces
 * may go where, the pieces standing and in each supply, every score,
 * the move's events (HG-10.1: feature, players paid and points, the
 * pile a bonus event leaves; as a set, HG-10.3) and whether the game is
 * over.
 *
 * Run from the repository root, or point CARCREF_DATA at the tile data.
 */
#include "testutil.h"
#include "notation/game.h"
#include "notation/hg.h"
#include "oracle-hg.c"

static const struct cr_tileset *
shipped(void)
{
	static struct cr_tileset ts;
	static bool loaded;

	if (!loaded)
		tu_load("hunters-gatherers.yaml", &ts), loaded = true;
	return &ts;
}

/*
 * The shipped set with corrections (HG-8.3) that bring in what the data
 * may say and the shipped tiles do not: fish on river segments (for the
 * huts only, HG-4.4, 6.3), two lakes on one tile with their arms, a
 * meadow touching no edge, mushrooms on land and bonus tiles, a fire and
 * a shrine on land tiles, gold on bonus tiles (no second bonus tile,
 * HG-5.3), more bonus tiles than the pile holds (HG-5.4), more curves and
 * three-armed lakes (rivers whose two ends are one lake, loops).
 */
static const char rich_patch[] =
    "set: hunters-gatherers\n"
    "tiles:\n"
    "  - code: HG-MRMR3\n"
    "    count: 2\n"
    "    edges: [meadow, river, meadow, river]\n"
    "    features:\n"
    "      - {kind: river, at: [E, W], fish: 1}\n"
    "      - {kind: meadow, at: [N, ENE, WNW], deer: 1}\n"
    "      - {kind: meadow, at: [ESE, S, WSW]}\n"
    "  - code: HG-FFMM4\n"
    "    count: 3\n"
    "    edges: [forest, forest, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: [N, E], gold: 1, mushrooms: 1}\n"
    "      - {kind: meadow, at: [S, W]}\n"
    "  - code: HG-FMMM2\n"
    "    count: 2\n"
    "    edges: [forest, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: [N]}\n"
    "      - {kind: meadow, at: [E, S, W], deer: 2, tiger: 1, fire: true}\n"
    "  - code: HG-MMMM2\n"
    "    count: 2\n"
    "    edges: [meadow, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: meadow, at: [N, E, S, W], deer: 1, shrine: true}\n"
    "  - {code: HG-MMRR1, count: 5}\n"
    "  - {code: HG-MRRR3, count: 4}\n"
    "  - {code: HG-FFRR3, count: 4}\n"
    "  - code: HG-BFFMM3\n"
    "    count: 2\n"
    "    bonus: true\n"
    "    edges: [forest, forest, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: [N, E], gold: 1, mushrooms: 2}\n"
    "      - {kind: meadow, at: [S, W], deer: 2}\n"
    "  - code: HG-BMMMM2\n"
    "    count: 2\n"
    "    bonus: true\n"
    "    edges: [meadow, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: meadow, at: [N, E, S, W], deer: 1, tiger: 1, shrine: true}\n"
    "  - code: HG-BMRMR1\n"
    "    count: 2\n"
    "    bonus: true\n"
    "    edges: [meadow, river, meadow, river]\n"
    "    features:\n"
    "      - {kind: river, at: [E, W], fish: 2}\n"
    "      - {kind: meadow, at: [N, ENE, WNW], aurochs: 1}\n"
    "      - {kind: meadow, at: [ESE, S, WSW], deer: 1, fire: true}\n"
    "  - code: HG-BRRRR1\n"
    "    count: 2\n"
    "    bonus: true\n"
    "    edges: [river, river, river, river]\n"
    "    features:\n"
    "      - {kind: lake, arms: [N, E], fish: 2}\n"
    "      - {kind: lake, arms: [S, W], fish: 1}\n"
    "      - {kind: river, at: [N], end: lake}\n"
    "      - {kind: river, at: [E], end: lake}\n"
    "      - {kind: river, at: [S], end: lake}\n"
    "      - {kind: river, at: [W], end: lake}\n"
    "      - {kind: meadow, at: [NNW, WNW]}\n"
    "      - {kind: meadow, at: [NNE, ENE], deer: 1}\n"
    "      - {kind: meadow, at: [ESE, SSE]}\n"
    "      - {kind: meadow, at: [SSW, WSW], tiger: 1}\n"
    "  - code: HG-BMMRR2\n"
    "    count: 2\n"
    "    bonus: true\n"
    "    edges: [meadow, meadow, river, river]\n"
    "    features:\n"
    "      - {kind: river, at: [S, W], fish: 1}\n"
    "      - {kind: meadow, at: [N, E, SSE, WNW], mammoth: 1}\n"
    "      - {kind: meadow, at: [SSW, WSW]}\n"
    "      - {kind: meadow, at: [C], deer: 1}\n"
    "  - code: HG-BFRFR1\n"
    "    count: 2\n"
    "    bonus: true\n"
    "    edges: [forest, river, forest, river]\n"
    "    features:\n"
    "      - {kind: forest, at: [N], gold: 1}\n"
    "      - {kind: forest, at: [S], mushrooms: 1}\n"
    "      - {kind: lake, fish: 3}\n"
    "      - {kind: river, at: [E], end: lake}\n"
    "      - {kind: river, at: [W], end: spring, fish: 1}\n"
    "      - {kind: meadow, at: [ENE]}\n"
    "      - {kind: meadow, at: [ESE]}\n"
    "      - {kind: meadow, at: [WSW], tiger: 1}\n"
    "      - {kind: meadow, at: [WNW], deer: 1}\n";

static const struct cr_tileset *
rich(void)
{
	static struct cr_tileset ts;
	static bool loaded;
	struct cr_tileset patch;
	struct cr_error err;

	if (loaded)
		return &ts;
	if (cr_tileset_copy(&ts, shipped()) < 0)
		fail_msg("out of memory");
	if (cr_tileset_parse_patch(&patch, rich_patch, sizeof rich_patch - 1, &err) < 0 ||
	    cr_tileset_patch(&ts, &patch, &err) < 0)
		fail_msg("the rich set, line %d:%d: %s", err.line, err.column, err.msg);
	cr_tileset_free(&patch);
	loaded = true;
	return &ts;
}

/*
 * A small set of forests and meadows whose bonus pile (3) holds fewer
 * tiles than its bonus types (4), two of them all river, which fit
 * nowhere on a board with no river: bonus tiles discarded and drawn
 * again (HG-2.4), the pile running out (HG-5.4).
 */
static const char tight_set[] =
    "set: hunters-gatherers\n"
    "start: HG-START\n"
    "bonus-pile: 3\n"
    "tiles:\n"
    "  - code: HG-START\n"
    "    count: 1\n"
    "    edges: [forest, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: [N], gold: 1}\n"
    "      - {kind: meadow, at: [E, S, W], deer: 1}\n"
    "  - code: HG-FMMM1\n"
    "    count: 12\n"
    "    edges: [forest, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: [N], gold: 1}\n"
    "      - {kind: meadow, at: [E, S, W], deer: 1}\n"
    "  - code: HG-FFMM1\n"
    "    count: 8\n"
    "    edges: [forest, forest, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: [N, E]}\n"
    "      - {kind: meadow, at: [S, W], tiger: 1}\n"
    "  - code: HG-MMMM1\n"
    "    count: 6\n"
    "    edges: [meadow, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: meadow, at: [N, E, S, W], mammoth: 1, deer: 1}\n"
    "  - code: HG-BRRRR1\n"
    "    count: 2\n"
    "    bonus: true\n"
    "    edges: [river, river, river, river]\n"
    "    features:\n"
    "      - {kind: lake, fish: 1}\n"
    "      - {kind: river, at: [N], end: lake}\n"
    "      - {kind: river, at: [E], end: lake}\n"
    "      - {kind: river, at: [S], end: lake}\n"
    "      - {kind: river, at: [W], end: lake}\n"
    "      - {kind: meadow, at: [NNW, WNW]}\n"
    "      - {kind: meadow, at: [NNE, ENE]}\n"
    "      - {kind: meadow, at: [ESE, SSE]}\n"
    "      - {kind: meadow, at: [SSW, WSW]}\n"
    "  - code: HG-BMMMM1\n"
    "    count: 2\n"
    "    bonus: true\n"
    "    edges: [meadow, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: meadow, at: [N, E, S, W], tiger: 2, fire: true}\n";

static const struct cr_tileset *
tight(void)
{
	static struct cr_tileset ts;
	static bool loaded;
	struct cr_error err;

	if (!loaded && cr_tileset_parse(&ts, tight_set, sizeof tight_set - 1, &err) < 0)
		fail_msg("the tight set, line %d:%d: %s", err.line, err.column, err.msg);
	loaded = true;
	return &ts;
}

/* A piece standing, as both referees can say it. */
struct spot_piece { int player, role, x, y, seg; };

static int
cmp_piece(const void *pa, const void *pb)
{
	const struct spot_piece *a = pa, *b = pb;

	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	if (a->seg != b->seg)
		return a->seg < b->seg ? -1 : 1;
	if (a->player != b->player)
		return a->player < b->player ? -1 : 1;
	return (a->role > b->role) - (a->role < b->role);
}

struct run {
	const char	*set;
	uint32_t	 seed;
	int		 move;		/* moves played */
};

#define WHERE	"%s seed %u after move %d: "

/* Everything both referees can say of the game, held to each other. */
static void
compare(const struct run *r, const struct cr_game *g, const struct hgo *o)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int np = cr_game_nplayers(g), ne, no;
	int members = cr_piece_pool(cr_piece_find(ts->game, "hunter", 6));
	int huts = cr_piece_pool(cr_piece_find(ts->game, "hut", 3));
	struct cr_meeple m[64];
	struct hgo_piece q[64];
	struct spot_piece a[64], b[64];

	if (cr_game_over(g) != hgo_over(o))
		fail_msg(WHERE "over: engine %d, oracle %d", r->set, r->seed, r->move,
		    cr_game_over(g), hgo_over(o));
	for (int p = 0; p < np; p++)
		if (cr_game_player(g, p)->score != hgo_score(o, p))
			fail_msg(WHERE "%s scores %d, the oracle says %d", r->set, r->seed,
			    r->move, tu_names[p], cr_game_player(g, p)->score, hgo_score(o, p));
	if (cr_game_over(g))
		return;		/* where pieces are after the final scoring: no rule */
	if (cr_game_turn(g) != hgo_turn(o))
		fail_msg(WHERE "turn: engine %s, oracle %s", r->set, r->seed, r->move,
		    tu_names[cr_game_turn(g)], tu_names[hgo_turn(o)]);
	for (int t = 0; t < ts->ntypes; t++)
		if (cr_game_drawable(g, t, NULL) != hgo_drawable(o, t))
			fail_msg(WHERE "%s drawable: engine %d, oracle %d (bonus due: %d)",
			    r->set, r->seed, r->move, ts->type[t].code,
			    cr_game_drawable(g, t, NULL), hgo_drawable(o, t), hgo_bonus_due(o));
	ne = cr_game_meeples(g, m, 64);
	no = hgo_pieces(o, q, 64);
	assert_true(ne <= 64 && no <= 64);
	for (int i = 0; i < ne; i++) {
		const struct cr_placed *t = cr_game_at(g, m[i].x, m[i].y);

		assert_non_null(t);
		a[i] = (struct spot_piece){ m[i].player, m[i].role, m[i].x, m[i].y,
		    m[i].seg - t->seg0 };
	}
	for (int i = 0; i < no; i++) {
		const struct hgo_tile *t = &o->tile[q[i].tile];

		b[i] = (struct spot_piece){ q[i].player, q[i].role, t->x, t->y, q[i].seg };
	}
	qsort(a, (size_t)ne, sizeof *a, cmp_piece);
	qsort(b, (size_t)no, sizeof *b, cmp_piece);
	for (int i = 0; i < ne || i < no; i++)
		if (i >= ne || i >= no || cmp_piece(&a[i], &b[i]) != 0) {
			const struct spot_piece *x = i < ne ? &a[i] : &b[i];

			fail_msg(WHERE "pieces: %d on the engine's board, %d on the oracle's; "
			    "they differ at %s's %s at %d,%d segment %d (%s)", r->set, r->seed,
			    r->move, ne, no, tu_names[x->player], cr_role_name(x->role), x->x,
			    x->y, x->seg, i < ne ? "the engine's" : "the oracle's");
		}
	for (int p = 0; p < np; p++) {
		const struct cr_player *pl = cr_game_player(g, p);

		if (pl->pool[members] != hgo_supply(o, p, false) ||
		    pl->pool[huts] != hgo_supply(o, p, true))
			fail_msg(WHERE "%s's supply: engine %d members %d huts, oracle %d %d",
			    r->set, r->seed, r->move, tu_names[p], pl->pool[members],
			    pl->pool[huts], hgo_supply(o, p, false), hgo_supply(o, p, true));
	}
}

static int
cmp_text(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* An event as one line: final, feature, points to each player paid,
 * the pile a bonus event leaves. */
static char *
event_text(bool final, const char *label, unsigned paid, const int *points, int np,
    int pile)
{
	char buf[256];
	size_t n = (size_t)snprintf(buf, sizeof buf, "%s%s", final ? "final " : "", label);

	for (int p = 0; p < np; p++)
		if (paid >> p & 1)
			n += (size_t)snprintf(buf + n, sizeof buf - n, " %s %d", tu_names[p],
			    points[p]);
	if (pile >= 0)
		snprintf(buf + n, sizeof buf - n, " (pile %d)", pile);
	return strdup(buf);
}

/* The events of the last move, engine's from *ne on and the oracle's
 * from *no on, the same as sets (HG-10.3); both counts brought up. */
static void
same_events(const struct run *r, const struct cr_game *g, const struct hgo *o, int *ne,
    int *no)
{
	const struct nt_game *gm = &nt_game_hg;
	const struct hgo_event *oe;
	int n = gm->nevents(g), m = hgo_events(o, &oe), np = cr_game_nplayers(g);
	char *a[64], *b[64], list[4096] = "";
	size_t len = 0;
	bool same = n - *ne == m - *no;

	assert_true(n - *ne <= 64 && m - *no <= 64);
	for (int i = *ne; i < n; i++) {
		struct nt_event ev;

		gm->event(g, i, &ev);
		if (ev.move != r->move)
			fail_msg(WHERE "event %d is move %d's", r->set, r->seed, r->move, i,
			    ev.move);
		a[i - *ne] = event_text(ev.final, ev.label, ev.paid, ev.points, np,
		    nt_hg_event_pile(g, i));
	}
	for (int i = *no; i < m; i++)
		b[i - *no] = event_text(oe[i].final, oe[i].label, oe[i].paid, oe[i].points, np,
		    oe[i].pile);
	qsort(a, (size_t)(n - *ne), sizeof *a, cmp_text);
	qsort(b, (size_t)(m - *no), sizeof *b, cmp_text);
	for (int i = 0; same && i < n - *ne; i++)
		same = strcmp(a[i], b[i]) == 0;
	for (int i = 0; i < n - *ne; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "\n  engine: %s", a[i]);
	for (int i = 0; i < m - *no && len < sizeof list; i++)
		len += (size_t)snprintf(list + len, sizeof list - len, "\n  oracle: %s", b[i]);
	for (int i = 0; i < n - *ne; i++)
		free(a[i]);
	for (int i = 0; i < m - *no; i++)
		free(b[i]);
	if (!same)
		fail_msg(WHERE "the events differ:%s", r->set, r->seed, r->move, list);
	*ne = n, *no = m;
}

/* Whether the engine and the oracle agree on piece `role@spot` after the
 * placement m (the oracle's board previewing it). */
static void
same_verdict(const struct run *r, const struct cr_game *g, const struct hgo *o,
    struct cr_move m, int role, enum cr_spot spot)
{
	struct cr_refusal why;
	const char *owhy = "";
	bool e, a;

	m.role = role, m.spot = spot;
	e = cr_game_check(g, &m, &why);
	a = hgo_may(o, role, spot, &owhy) >= 0;
	if (e != a)
		fail_msg(WHERE "%s %d,%d rotation %d %s@%s: the engine %s, the oracle %s%s",
		    r->set, r->seed, r->move, cr_game_tileset(g)->type[m.tile].code, m.x, m.y,
		    m.rot, cr_role_name(role), cr_spot_name(spot),
		    e ? "accepts it" : "refuses it", a ? "accepts it" : "refuses it: ",
		    a ? "" : owhy);
}

/* A piece and spot the oracle allows after the placement m (previewed),
 * chosen at random, or none if it allows none. */
static void
random_allowed(const struct hgo *o, struct cr_move *m, int hg, uint32_t *rnd)
{
	int ok[CR_MAXPIECES * CR_NSPOTS][2], n = 0;

	for (int role = 1; role < cr_npieces(); role++)
		for (int s = 0; s < CR_NSPOTS && cr_piece_ext(role) == hg; s++)
			if (hgo_may(o, role, (enum cr_spot)s, NULL) >= 0)
				ok[n][0] = role, ok[n++][1] = s;
	if (n > 0) {
		int k = (int)(tu_rnd(rnd) % (uint32_t)n);

		m->role = ok[k][0], m->spot = (enum cr_spot)ok[k][1];
	}
}

/*
 * One random game: tiles drawn as tu_random_tile draws them, a random
 * legal placement, a piece tried one time in four at random and one
 * time in two where the oracle allows one (every piece at
 * every spot compared when `all`), `end` at move `stop` or when a bonus
 * tile is due and the data knows none left.  Returns its moves.
 */
static int
play_one(const struct cr_tileset *ts, const char *set, uint32_t seed, int np, int stop,
    bool all)
{
	struct cr_config c = { 1, np, 0 };
	struct cr_game *g = cr_game_create(ts, &c);
	struct hgo *o = hgo_new(ts, np);
	struct run r = { set, seed, 0 };
	uint32_t rnd = seed * 2654435761u + 1;
	int hg = cr_ext_find("hunters-gatherers", 17), ne = 0, no = 0;

	assert_non_null(g);
	assert_non_null(o);
	cr_game_set_undo(g, false);
	compare(&r, g, o);
	while (!cr_game_over(g)) {
		struct cr_move m = { 0 };
		struct cr_refusal why;
		struct cr_place pl;
		int any = 0, n;

		for (int u = 0; u < ts->ntypes && !any; u++)
			any = cr_game_drawable(g, u, NULL);
		if (!any || r.move >= stop) {
			m.kind = CR_MOVE_END;
		} else {
			m.tile = tu_random_tile(g, &rnd);
			n = cr_game_nlegal(g, m.tile);
			if (n != hgo_legal_count(o, m.tile))
				fail_msg(WHERE "%s fits at %d places, the oracle says %d", set,
				    seed, r.move, ts->type[m.tile].code, n,
				    hgo_legal_count(o, m.tile));
			if (n == 0) {
				m.kind = CR_MOVE_DISCARD;
			} else {
				m.kind = CR_MOVE_PLACE;
				assert_true(cr_game_legal_nth(g, m.tile,
				    (int)(tu_rnd(&rnd) % (uint32_t)n), &pl));
				m.x = pl.x, m.y = pl.y, m.rot = pl.rot;
				if (!hgo_preview(o, &m))
					fail_msg(WHERE "the oracle refuses the engine's placement: %s",
					    set, seed, r.move, hgo_error(o));
				for (int role = 1; all && role < cr_npieces(); role++)
					if (cr_piece_ext(role) == hg)
						for (int s = 0; s < CR_NSPOTS; s++)
							same_verdict(&r, g, o, m, role, (enum cr_spot)s);
				switch (tu_rnd(&rnd) % 4) {
				case 0:		/* no piece */
					break;
				case 1:		/* a piece anywhere */
					m.role = tu_random_piece(g, &rnd);
					m.spot = (enum cr_spot)(tu_rnd(&rnd) % CR_NSPOTS);
					same_verdict(&r, g, o, m, m.role, m.spot);
					if (!cr_game_check(g, &m, NULL))
						m.role = CR_ROLE_NONE, m.spot = 0;
					break;
				default:	/* one where the oracle allows it */
					random_allowed(o, &m, hg, &rnd);
					if (m.role != CR_ROLE_NONE)
						same_verdict(&r, g, o, m, m.role, m.spot);
					break;
				}
				hgo_unpreview(o);
			}
		}
		if (getenv("HG_DEBUG") && atoi(getenv("HG_DEBUG")) == (int)seed)
			fprintf(stderr, "%d %s: %s %s %d,%d %d %s@%s\n", r.move + 1,
			    tu_names[cr_game_turn(g)], m.kind == CR_MOVE_END ? "end" :
			    m.kind == CR_MOVE_DISCARD ? "discard" : "place",
			    m.kind == CR_MOVE_END ? "-" : ts->type[m.tile].code, m.x, m.y,
			    90 * m.rot, m.role ? cr_role_name(m.role) : "-",
			    m.role ? cr_spot_name(m.spot) : "-");
		if (!cr_game_play(g, &m, &why))
			fail_msg(WHERE "the engine refuses its own move (%d)", set, seed,
			    r.move, why.code);
		if (!hgo_play(o, &m))
			fail_msg(WHERE "the oracle refuses move %d: %s", set, seed, r.move,
			    r.move + 1, hgo_error(o));
		r.move++;
		compare(&r, g, o);
		same_events(&r, g, o, &ne, &no);
	}
	assert_true(hgo_over(o));
	hgo_free(o);
	cr_game_free(g);
	return r.move;
}

/* Games on set ts: seeds from..to, 1 to 5 players, one game in eight
 * stopped by `end` early, one in four with every piece checked at every
 * spot. */
static void
games(const struct cr_tileset *ts, const char *set, uint32_t from, uint32_t to)
{
	long moves = 0;

	for (uint32_t seed = from; seed <= to; seed++) {
		int np = seed % 11 == 0 ? 1 : 2 + (int)(seed % 4);
		int stop = seed % 8 == 3 ? 10 + (int)(seed % 50) : 1 << 30;

		moves += play_one(ts, set, seed, np, stop, seed % 4 == 1);
	}
	if (getenv("HG_DEBUG"))
		fprintf(stderr, "%s: %u games, %ld moves\n", set, to - from + 1, moves);
}

static void
test_shipped(void **state)
{
	(void)state;
	games(shipped(), "shipped", 1, 300);
}

static void
test_rich(void **state)
{
	(void)state;
	games(rich(), "rich", 1001, 1200);
}

static void
test_tight(void **state)
{
	(void)state;
	games(tight(), "tight", 2001, 2200);
}

/* The rarer rules came into play in these games: the comparison
 * covered them. */
static void
test_covered(void **state)
{
	static const struct { const char *what; const long *n; } seen[] = {
		{ "a river loop completed", &hgo_seen.loops },
		{ "a river completed with both ends in one lake", &hgo_seen.lake_twice },
		{ "a gold forest completed by a bonus tile", &hgo_seen.bonus_gold },
		{ "a bonus tile earned with the pile empty", &hgo_seen.pile_empty },
		{ "a bonus tile discarded", &hgo_seen.bonus_discard },
		{ "a land tile discarded", &hgo_seen.land_discard },
		{ "a bonus tile due that the data does not know: end", &hgo_seen.end_due },
		{ "a river system with huts and fish on its segments", &hgo_seen.seg_fish },
		{ "a meadow where tigers eat", &hgo_seen.tigers_eat },
		{ "a meadow where a fire saves the deer", &hgo_seen.fire },
		{ "a meadow where the shrine decides", &hgo_seen.shrine },
		{ "a meadow with several shrine hunters", &hgo_seen.shrines },
		{ "a feature paid to tied players", &hgo_seen.ties },
		{ "a bonus tile with the mover's member going home", &hgo_seen.home_bonus },
	};
	bool missing = false;

	(void)state;
	for (size_t i = 0; i < sizeof seen / sizeof seen[0]; i++) {
		if (getenv("HG_DEBUG"))
			fprintf(stderr, "%6ld %s\n", *seen[i].n, seen[i].what);
		if (*seen[i].n == 0)
			fprintf(stderr, "never seen: %s\n", seen[i].what), missing = true;
	}
	assert_false(missing);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped),
		cmocka_unit_test(test_rich),
		cmocka_unit_test(test_tight),
		cmocka_unit_test(test_covered),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
