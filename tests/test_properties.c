/*
 * test_properties.c -- properties that must hold for every game, checked
 * over 1,000 self-play games of the base game (2 to 5 players, editions
 * 1 and 3, a few of edition 2, some stopped early by "end") and 300 with
 * the expansions (Inns & Cathedrals, the River, both: 2 to 6 players,
 * editions 1 and 3):
 *
 *   - the engine's scoring agrees with an independent oracle (oracle.c:
 *     plain flood fill over the board, scoring from the rule book), move
 *     by move for the features completed during play and feature by
 *     feature, player by player for the final scoring;
 *   - placements: the oracle agrees on the start and the supply, on the
 *     tiles that may be drawn (the River's first), counts the same legal
 *     placements (a river tile continuing the river, no U-turn), finds
 *     the board consistent after every move, agrees where each piece
 *     stands and, in one game of SPOT_EVERY, on every piece at every spot
 *     and on the engine's list of options;
 *   - points are conserved (scores = sum of the events) and pieces too
 *     (on the board or in the owner's supply: 7 meeples, 1 big meeple
 *     with Inns & Cathedrals) after every move;
 *   - record -> parse -> replay gives the same game, expansions in the
 *     header, and formatting the replayed game gives the same text (fmt
 *     is idempotent);
 *   - undo to a midpoint and to the start, then redo the same moves,
 *     gives the same state.
 *
 * CARCREF_PROPERTY_GAMES=N plays N base games instead of 1,000, and
 * about N * 3 / 10 with expansions (at least 3: for a quick run under a
 * sanitizer).  A failure names the game's seed, edition, players,
 * expansions and move, prints its record, and says which feature
 * differs.
 */
#include "testutil.h"

#include "oracle.c"

#define DEFAULT_GAMES	1000
#define EXT_GAMES(n)	((n) * 3 / 10 > 3 ? (n) * 3 / 10 : 3)	/* with expansions */
#define MAXEV		512
#define SPOT_EVERY	3	/* every role and spot judged in one game of SPOT_EVERY */
#define MAXMP		(CR_MAXPLAYERS * (CR_MEEPLES + 1))	/* pieces a game can hold */

/* ---- the games ----------------------------------------------------------- */

/* The expansions games are played with, by name (rules/ext.c). */
static const char *const ext_sets[] = { "inns-cathedrals", "river", "inns-cathedrals,river" };

struct spec {
	int		index;
	uint32_t	seed;
	int		edition, nplayers;
	const char	*exts;		/* the expansions in play, "" for none */
	struct cr_config cfg;
	int		stop;		/* "end" after this many moves; -1: play out */
	bool		dense;		/* play_checked: a meeple whenever one may go */
	bool		spots;		/* play_checked: every role and spot judged */
};

static int
ngames(void)
{
	const char *s = getenv("CARCREF_PROPERTY_GAMES");
	long n;

	if (s == NULL || *s == '\0')
		return DEFAULT_GAMES;
	n = strtol(s, NULL, 10);
	return n > 0 && n < 1000000 ? (int)n : DEFAULT_GAMES;
}

/* All the games: ngames() of the base game, then those with expansions. */
static int
nall(void)
{
	return ngames() + EXT_GAMES(ngames());
}

static uint32_t
exts_of(const char *names)
{
	uint32_t b = 0;

	for (const char *s = names; *s != '\0'; ) {
		size_t n = strcspn(s, ",");
		int e = cr_ext_find(s, n);

		assert_true(e >= 0);
		b |= 1u << e;
		s += n + (s[n] == ',');
	}
	return b;
}

/*
 * Game i < ngames(): the base game, players 2..5 and editions 3, 1 in
 * turn, every 25th of edition 2; one in five stopped by "end" at a random
 * move (0 to 70).  Then game ngames() + j: Inns & Cathedrals, the River
 * and both in turn, players 2..6 and editions 3, 1 in turn, the stop (0
 * to 100), the dense and the judged games chosen by the seed, which
 * depends on j alone.
 */
static void
spec_of(int i, struct spec *s)
{
	int nb = ngames(), j = i - nb;
	/* The games with expansions are the same whatever ngames(). */
	uint32_t h = (uint32_t)(i < nb ? i : j) * 2654435761u ^ (i < nb ? 0x5bd1e995u : 0x1b873593u);

	h ^= h >> 15, h *= 0x2c1b3c6du, h ^= h >> 12;
	s->index = i;
	s->seed = h ? h : 1;
	if (i < nb) {
		s->nplayers = 2 + i % 4;
		s->edition = (i / 4) % 2 ? 1 : 3;
		if (i % 25 == 24)
			s->edition = 2;
		s->exts = "";
		s->stop = i % 5 == 2 ? (int)(h % 71) : -1;
		s->dense = i % 3 == 1;
		s->spots = (i / 2) % SPOT_EVERY == 0;
	} else {
		s->exts = ext_sets[j % 3];
		s->nplayers = 2 + (j / 3) % 5;
		s->edition = (j / 15) % 2 ? 1 : 3;
		s->stop = (h >> 20) % 5 == 2 ? (int)(h % 101) : -1;
		s->dense = (h >> 24) % 3 == 1;
		s->spots = (h >> 28) % (SPOT_EVERY + 1) == 0;
	}
	s->cfg = (struct cr_config){ s->edition, s->nplayers, exts_of(s->exts) };
}

/* A new game of spec s. */
static struct cr_game *
new_game(const struct spec *s)
{
	struct cr_game *g = cr_game_create(tu_base(), &s->cfg);

	assert_non_null(g);
	return g;
}

static void
names_record(struct nt_record *r, struct nt_player *pl, char (*names)[8],
    char **ext, const struct spec *s)
{
	static char game[] = "carcassonne";
	int n = 0;

	for (int p = 0; p < s->nplayers; p++) {
		snprintf(names[p], 8, "%s", tu_names[p]);
		pl[p] = (struct nt_player){ .name = names[p], .color = NULL };
	}
	for (int e = 1; e < cr_nexts; e++)
		if (s->cfg.exts & (1u << e))
			ext[n++] = (char *)cr_exts[e]->name;
	*r = (struct nt_record){ .game = game, .edition = s->edition, .expansions = ext,
	    .nexpansions = n, .players = pl, .nplayers = s->nplayers };
}

/* Fail with the game's identity, its record so far on stderr, and why. */
static void
fail_game(const struct spec *s, const struct cr_game *g, const char *fmt, ...)
{
	struct nt_player pl[CR_MAXPLAYERS];
	char names[CR_MAXPLAYERS][8], why[1024], *text, *ext[CR_MAXEXTS];
	struct nt_record r;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (g != NULL) {
		names_record(&r, pl, names, ext, s);
		text = nt_record_format(&r, g);
		fprintf(stderr, "---- game %d (seed %u), the record:\n%s----\n", s->index,
		    (unsigned)s->seed, text ? text : "(out of memory)\n");
		free(text);
	}
	fail_msg("game %d (seed %u, edition %d, %d players, expansions [%s], after move %d): %s",
	    s->index, (unsigned)s->seed, s->edition, s->nplayers, s->exts,
	    g ? cr_game_nmoves(g) : -1, why);
}

/* Play a spec's game through tu_random_moves in one go. */
static struct cr_game *
make_game(const struct spec *s)
{
	struct cr_game *g = new_game(s);

	if (s->stop >= 0) {
		struct cr_move end = { .kind = CR_MOVE_END };

		tu_random_moves(g, s->seed, s->stop);
		if (!cr_game_over(g))
			assert_true(cr_game_play(g, &end, NULL));
	} else
		tu_random_moves(g, s->seed, 1 << 30);
	assert_true(cr_game_over(g));
	return g;
}

/* Whether a tile type shows a river edge. */
static bool
river_tile(const struct cr_tiletype *t)
{
	for (int d = 0; d < 4; d++)
		if (t->edge[d] == CR_RIVER)
			return true;
	return false;
}

/* ---- describing things, for failures ------------------------------------- */

static const char *
reason_name(int r)
{
	static const char *const n[] = { "completed", "final", "farm", "farm-city" };

	return r >= 0 && r < 4 ? n[r] : "?";
}

static void
desc_feature(const struct oracle *o, int f, char *buf, size_t size)
{
	const struct or_feature *ft = oracle_feature(o, f);

	if (ft == NULL) {
		snprintf(buf, size, "no feature");
		return;
	}
	snprintf(buf, size, "the %s%s%s%s of segment %d at %d,%d (%d tiles, %d pennants, %d open, "
	    "%d cities, meeples %d %d %d %d %d %d)", ft->complete ? "complete " : "",
	    oracle_kind_name(ft->kind), ft->inn ? " with an inn" : "",
	    ft->cathedral ? " with a cathedral" : "", ft->seg, ft->x, ft->y, ft->tiles,
	    ft->pennants, ft->open, ft->cities, ft->meeples[0], ft->meeples[1], ft->meeples[2],
	    ft->meeples[3], ft->meeples[4], ft->meeples[5]);
}

static void
desc_event(const struct cr_event *e, char *buf, size_t size)
{
	snprintf(buf, size, "engine event move %d, %s %s, segment %d at %d,%d: %d tiles, "
	    "%d pennants, %d cities, meeples %d %d %d %d %d %d, winners 0x%x, %d points",
	    e->move, reason_name(e->reason), oracle_kind_name(e->kind), e->feature, e->x, e->y,
	    e->tiles, e->pennants, e->cities, e->meeples[0], e->meeples[1], e->meeples[2],
	    e->meeples[3], e->meeples[4], e->meeples[5], e->winners, e->points);
}

static void
desc_or_event(const struct or_event *e, char *buf, size_t size)
{
	snprintf(buf, size, "oracle: %s %s: %d tiles, %d pennants, %d cities, "
	    "meeples %d %d %d %d %d %d, winners 0x%x, %d points",
	    reason_name(e->reason), oracle_kind_name(e->kind), e->tiles, e->pennants, e->cities,
	    e->meeples[0], e->meeples[1], e->meeples[2], e->meeples[3], e->meeples[4],
	    e->meeples[5], e->winners, e->points);
}

/*
 * Match engine events against the oracle's: each engine event's feature
 * (a segment id) must lie in the feature of exactly one expected event of
 * the same reason, and agree with it in every number; every expected
 * event must be matched once.
 */
static void
match_events(const struct spec *s, const struct cr_game *g, const struct oracle *o,
    const struct cr_event *ev, int nev, const struct or_event *want, int nwant)
{
	bool used[MAXEV] = { false };
	char a[512], b[512], c[512];

	assert_true(nwant <= MAXEV);
	for (int i = 0; i < nev; i++) {
		const struct cr_event *e = &ev[i];
		int f = oracle_feature_of(o, e->feature), k;
		const struct or_event *w;
		bool same;

		desc_event(e, a, sizeof a);
		if (f < 0)
			fail_game(s, g, "%s: no such segment on the board", a);
		for (k = 0; k < nwant; k++)
			if (want[k].feature == f && want[k].reason == e->reason)
				break;
		desc_feature(o, f, b, sizeof b);
		if (k == nwant)
			fail_game(s, g, "%s: the oracle pays nothing for %s", a, b);
		if (used[k])
			fail_game(s, g, "%s: paid twice (%s)", a, b);
		used[k] = true;
		w = &want[k];
		same = e->kind == w->kind && e->tiles == w->tiles && e->pennants == w->pennants &&
		    e->cities == w->cities && e->winners == w->winners && e->points == w->points;
		for (int p = 0; p < CR_MAXPLAYERS; p++)
			same = same && e->meeples[p] == w->meeples[p];
		if (!same) {
			desc_or_event(w, c, sizeof c);
			fail_game(s, g, "%s; %s; for %s", a, c, b);
		}
		if (!oracle_feature_has_tile(o, f, e->x, e->y) &&
		    !(e->kind == CR_CLOISTER && oracle_tile_of(o, e->feature) ==
		    oracle_tile_at(o, e->x, e->y)))
			fail_game(s, g, "%s: the tile %d,%d is not one of %s", a, e->x, e->y, b);
	}
	for (int k = 0; k < nwant; k++)
		if (!used[k]) {
			desc_or_event(&want[k], c, sizeof c);
			desc_feature(o, want[k].feature, b, sizeof b);
			fail_game(s, g, "the engine did not pay %s; %s", b, c);
		}
}

/* ---- the per-move checks ------------------------------------------------- */

struct stats {
	long	games, moves, discards, ends, meeples_placed;
	long	ev[4], legal_checks, spot_checks, option_checks, draw_checks;
	long	ext_games, big_placed, big_counted, big_decided, river_placed;
	long	inn_paid, cathedral_paid, inn_open, cathedral_open;
};

/* A payment the oracle expects, for the statistics: with an inn, a
 * cathedral, a big meeple counted, a big meeple deciding who wins (the
 * winners by weight are not the winners by pieces). */
static void
count_want(const struct oracle *o, const struct or_event *w, struct stats *st)
{
	const struct or_feature *ft = oracle_feature(o, w->feature);
	struct or_event by_pieces = *w;
	bool big = false;

	st->inn_paid += w->kind == CR_ROAD && ft->inn;
	st->cathedral_paid += w->kind == CR_CITY && ft->cathedral;
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		big = big || w->meeples[p] != w->pieces[p];
	st->big_counted += big;
	memcpy(by_pieces.meeples, w->pieces, sizeof w->pieces);
	or_majority(o, &by_pieces);
	st->big_decided += by_pieces.winners != w->winners;
}

/* The engine's pool behind each of the oracle's (OR_POOL_*), from the
 * pieces: every piece the engine has must be one the oracle knows, with
 * the same kind, and the pieces of one pool of the oracle's in one of the
 * engine's. */
static int eng_pool[OR_NPOOLS];

/* The sets whose rules the oracle has not been taught yet (being done:
 * Traders & Builders, Hills & Sheep); their games are not played here. */
static bool
not_yet(int ext)
{
	return ext == cr_ext_find("traders-builders", 16) || ext == cr_ext_find("hills-sheep", 11);
}

static void
map_pools(void)
{
	static bool done;
	bool seen[OR_NPOOLS] = { false };

	if (done)
		return;
	for (int r = 1; r < cr_npieces(); r++) {
		const struct or_piece *op = oracle_piece(r);

		if (op == NULL && not_yet(cr_piece_ext(r)))
			continue;	/* a set the oracle does not judge yet */
		if (op == NULL)
			fail_msg("piece %d (%s): the oracle knows no such piece", r, cr_role_name(r));
		if (op->kind != cr_role_kind(r))
			fail_msg("piece %s: the engine puts it on a %s, the oracle on a %s", op->word,
			    oracle_kind_name(cr_role_kind(r)), oracle_kind_name(op->kind));
		if (seen[op->pool] && eng_pool[op->pool] != cr_piece_pool(r))
			fail_msg("piece %s: in the engine's pool %d, the oracle's pool %d is the "
			    "engine's %d", op->word, cr_piece_pool(r), op->pool, eng_pool[op->pool]);
		seen[op->pool] = true;
		eng_pool[op->pool] = cr_piece_pool(r);
	}
	for (int q = 0; q < OR_NPOOLS; q++)
		assert_true(seen[q]);
	{
		int ours = 0;	/* the engine's pools of the sets judged here */

		for (int k = 0; k < cr_npools(); k++)
			ours += !not_yet(cr_pool_ext(k));
		assert_int_equal(ours, OR_NPOOLS);
	}
	done = true;
}

/* Player p's pieces of the oracle's pool q in the engine's supply. */
static int
eng_supply(const struct cr_game *g, int p, int q)
{
	const struct cr_player *pl = cr_game_player(g, p);

	map_pools();
	return eng_pool[q] == 0 ? pl->meeples : pl->pool[eng_pool[q]];
}

static const char *const pool_name[OR_NPOOLS] = { "meeples", "big meeples" };

/*
 * After every move: the board is consistent, no piece stands on a
 * completed road, city or cloister, every player's pieces of each pool
 * (7 meeples, 1 big meeple with Inns & Cathedrals) add up, on the board
 * and in supply, and the scores to the events.  Unless reload, o already
 * holds the board (its meeples need not be the game's: check_move
 * compared them).
 */
static void
check_invariants(const struct spec *s, const struct cr_game *g, struct oracle *o,
    bool reload)
{
	int onboard[CR_MAXPLAYERS][OR_NPOOLS] = { { 0 } }, sum[CR_MAXPLAYERS] = { 0 }, n;
	struct cr_meeple mp[MAXMP];
	const struct cr_event *ev;
	char b[512];

	if (reload && !oracle_load(o, g))
		fail_game(s, g, "the oracle finds the board inconsistent: %s", oracle_error(o));
	n = tu_meeples_of(g, mp);
	for (int i = 0; i < n; i++) {
		int f = oracle_feature_of(o, mp[i].seg);

		onboard[mp[i].player][oracle_piece(mp[i].role)->pool]++;	/* known: o holds it */
		if (f < 0)
			fail_game(s, g, "player %d's meeple stands on segment %d, which the "
			    "oracle does not know", mp[i].player, mp[i].seg);
		if (oracle_feature(o, f)->complete) {
			desc_feature(o, f, b, sizeof b);
			fail_game(s, g, "player %d's meeple still stands on %s", mp[i].player, b);
		}
	}
	ev = cr_game_events(g, &n);
	for (int i = 0; i < n; i++)
		for (int p = 0; p < s->nplayers; p++)
			if (ev[i].winners & (1u << p))
				sum[p] += ev[i].points;
	for (int p = 0; p < s->nplayers; p++) {
		for (int q = 0; q < OR_NPOOLS; q++)
			if (onboard[p][q] + eng_supply(g, p, q) != oracle_pool_size(o, q))
				fail_game(s, g, "player %d: %d %s on the board and %d in supply, of %d",
				    p, onboard[p][q], pool_name[q], eng_supply(g, p, q),
				    oracle_pool_size(o, q));
		if (sum[p] != tu_score(g, p))
			fail_game(s, g, "player %d: score %d, the events pay %d", p, tu_score(g, p),
			    sum[p]);
	}
}

/* The state before a move, to judge it by. */
struct before {
	int		ntiles, nevents, supply_total, nmeeples, turn;
	int		score[CR_MAXPLAYERS], supply[160];
	struct cr_meeple meeple[MAXMP + 1];
};

static void
before_take(const struct cr_game *g, struct before *b)
{
	b->ntiles = cr_game_ntiles(g);
	b->turn = cr_game_turn(g);
	cr_game_events(g, &b->nevents);
	b->supply_total = cr_game_supply_total(g);
	b->nmeeples = tu_meeples_of(g, b->meeple);
	for (int p = 0; p < cr_game_nplayers(g); p++)
		b->score[p] = tu_score(g, p);
	assert_true(cr_game_tileset(g)->ntypes <= 160);
	for (int t = 0; t < cr_game_tileset(g)->ntypes; t++)
		b->supply[t] = cr_game_supply(g, t);
}

/* The final scoring of a game just over: the events of the last move
 * that are not completions, against the oracle's on the final board. */
static void
check_final(const struct spec *s, const struct cr_game *g, struct oracle *o, int from,
    struct stats *st)
{
	static const int rank[] = { [CR_ROAD] = 0, [CR_CITY] = 1, [CR_CLOISTER] = 2 };
	struct or_event want[MAXEV];
	const struct cr_event *ev;
	int n, nwant, last = -1;

	if (!oracle_load(o, g))
		fail_game(s, g, "the oracle finds the final board inconsistent: %s", oracle_error(o));
	ev = cr_game_events(g, &n);
	while (from < n && ev[from].reason == CR_EV_COMPLETED)
		from++;
	for (int i = from; i < n; i++) {
		int r;

		if (ev[i].reason == CR_EV_COMPLETED)
			fail_game(s, g, "event %d: a completion among the final scoring", i);
		if (ev[i].move != cr_game_nmoves(g))
			fail_game(s, g, "event %d: final scoring dated move %d", i, ev[i].move);
		st->ev[ev[i].reason]++;
		/* In order: roads, cities, cloisters, then the farms. */
		r = ev[i].reason == CR_EV_FINAL && ev[i].kind <= CR_CLOISTER ? rank[ev[i].kind] : 3;
		if (r < last)
			fail_game(s, g, "event %d: final scoring out of order", i);
		last = r;
	}
	nwant = oracle_final(o, want, MAXEV);
	assert_true(nwant <= MAXEV);
	match_events(s, g, o, ev + from, n - from, want, nwant);
	for (int k = 0; k < nwant; k++)
		count_want(o, &want[k], st);
	/* Open roads with an inn and cities with a cathedral that held
	 * pieces: they paid nothing (no event, match_events saw to it). */
	for (int f = 0; oracle_feature(o, f) != NULL; f++) {
		const struct or_feature *ft = oracle_feature(o, f);

		st->inn_open += ft->inn && !ft->complete && ft->nmeeples > 0;
		st->cathedral_open += ft->cathedral && !ft->complete && ft->nmeeples > 0;
	}
	/* Every feature completed during play is complete on the final
	 * board, with the tiles and pennants it was paid for. */
	for (int i = 0; i < from; i++) {
		int f = oracle_feature_of(o, ev[i].feature);
		const struct or_feature *ft = oracle_feature(o, f);
		char a[512], b[512];

		if (ev[i].reason != CR_EV_COMPLETED)
			fail_game(s, g, "event %d: %s before the end", i, reason_name(ev[i].reason));
		desc_event(&ev[i], a, sizeof a);
		if (ft == NULL)
			fail_game(s, g, "%s: no such segment on the final board", a);
		desc_feature(o, f, b, sizeof b);
		if (!ft->complete || ft->kind != ev[i].kind || ft->tiles != ev[i].tiles ||
		    (ft->kind == CR_CITY && ft->pennants != ev[i].pennants))
			fail_game(s, g, "%s, but on the final board it is %s", a, b);
	}
}

/*
 * One move just played: compare what changed with what the oracle says
 * should have.  o holds the board before the move (with its meeples),
 * or if built, the board with the move's tile and the meeples from
 * before.
 */
static void
check_move(const struct spec *s, const struct cr_game *g, struct oracle *o,
    const struct before *bf, bool built, struct stats *st)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int k = cr_game_nmoves(g) - 1, who = cr_game_move_player(g, k), nev, nwant = 0;
	int nexp = bf->nmeeples, gained[CR_MAXPLAYERS] = { 0 }, nf = 0, feats[64];
	const struct cr_move *m = cr_game_move(g, k);
	struct cr_meeple exp[MAXMP + 1], now[MAXMP];
	struct or_event want[64];
	const struct cr_event *ev;
	char a[512], b[512];
	int nnow;

	memcpy(exp, bf->meeple, sizeof bf->meeple);
	ev = cr_game_events(g, &nev);
	for (int i = bf->nevents; i < nev; i++)
		if (ev[i].move != k + 1)
			fail_game(s, g, "event %d of move %d is dated move %d", i, k + 1, ev[i].move);
	st->moves++;
	/* Turns go round; after a discard the same player draws again. */
	if (who != bf->turn)
		fail_game(s, g, "move %d was player %d's, the turn was player %d's", k + 1, who,
		    bf->turn);
	if (!cr_game_over(g) && cr_game_turn(g) !=
	    (m->kind == CR_MOVE_DISCARD ? who : (who + 1) % s->nplayers))
		fail_game(s, g, "after player %d's %s, player %d's turn", who,
		    m->kind == CR_MOVE_DISCARD ? "discard" : "move", cr_game_turn(g));
	if (m->kind != CR_MOVE_END && !oracle_drawable(o, m->tile, bf->supply))
		fail_game(s, g, "%s was played, but the oracle would not have it drawn now",
		    ts->type[m->tile].code);
	switch (m->kind) {
	case CR_MOVE_DISCARD:
		st->discards++;
		/* o still holds the board: the tile must fit nowhere. */
		if (oracle_legal_count(o, m->tile) != 0)
			fail_game(s, g, "%s discarded, but the oracle finds %d places for it",
			    ts->type[m->tile].code, oracle_legal_count(o, m->tile));
		/* fall through */
	case CR_MOVE_END:
		if (m->kind == CR_MOVE_END)
			st->ends++;
		if (cr_game_ntiles(g) != bf->ntiles)
			fail_game(s, g, "a %s changed the board", m->kind == CR_MOVE_END ? "end" : "discard");
		break;
	case CR_MOVE_PLACE: {
		const struct cr_placed *t = cr_game_tile(g, cr_game_ntiles(g) - 1);
		struct cr_placed *tiles;
		int nt = cr_game_ntiles(g);

		if (nt != bf->ntiles + 1 || t->x != m->x || t->y != m->y || t->rot != m->rot ||
		    t->type != m->tile)
			fail_game(s, g, "the last tile on the board is not the move's");
		tiles = malloc((size_t)nt * sizeof *tiles);
		assert_non_null(tiles);
		for (int i = 0; i < nt; i++)
			tiles[i] = *cr_game_tile(g, i);
		st->river_placed += river_tile(&ts->type[m->tile]);
		/* The board with the new tile, the meeples from before (built
		 * already when check_meeple_rules judged the move). */
		if (!built && !oracle_build(o, &s->cfg, tiles, nt, bf->meeple, bf->nmeeples))
			fail_game(s, g, "the oracle finds the board inconsistent: %s", oracle_error(o));
		if (m->role != CR_ROLE_NONE) {
			const struct or_piece *op = oracle_piece(m->role);
			int seg, f;

			st->meeples_placed++;
			if (op == NULL)
				fail_game(s, g, "a %s was put on the board, a piece the oracle does not know",
				    cr_role_name(m->role));
			st->big_placed += op->pool == OR_POOL_BIG;
			if (!oracle_may_place(o, who, m->role, m->x, m->y, m->spot, &seg)) {
				if (!oracle_piece_in_play(o, m->role))
					fail_game(s, g, "a %s was put on the board, but %s is not in play",
					    op->word, op->module);
				if (seg < 0)
					fail_game(s, g, "the %s's spot %s names %s %s", op->word,
					    cr_spot_name(m->spot), seg == -1 ? "no" : "several",
					    oracle_kind_name(op->kind));
				f = oracle_feature_of(o, seg);
				desc_feature(o, f, b, sizeof b);
				fail_game(s, g, "player %d put a %s on %s with %d %s in supply", who,
				    op->word, b, oracle_supply(o, who, op->pool), pool_name[op->pool]);
			}
			exp[nexp++] = (struct cr_meeple){ .player = who, .role = m->role, .seg = seg,
			    .x = m->x, .y = m->y, .spot = m->spot };
			if (!oracle_add(o, &exp[nexp - 1]))
				fail_game(s, g, "the oracle refuses the meeples: %s", oracle_error(o));
		}
		free(tiles);
		/* What the tile completed: its own roads, cities and cloister,
		 * and the cloisters around it. */
		for (int sg = 0; sg < ts->type[t->type].nseg; sg++) {
			int f = oracle_feature_of(o, t->seg0 + sg);

			if (oracle_feature(o, f)->complete && nf < 64)
				feats[nf++] = f;
		}
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				int ti = oracle_tile_at(o, t->x + dx, t->y + dy);

				if ((dx || dy) && ti >= 0) {
					const struct cr_placed *nb = cr_game_tile(g, ti);

					for (int sg = 0; sg < ts->type[nb->type].nseg; sg++) {
						int f = oracle_feature_of(o, nb->seg0 + sg);

						if (oracle_feature(o, f)->kind == CR_CLOISTER &&
						    oracle_feature(o, f)->complete && nf < 64)
							feats[nf++] = f;
					}
				}
			}
		for (int i = 0; i < nf; i++) {
			bool dup = false;

			for (int j = 0; j < i; j++)
				dup = dup || feats[j] == feats[i];
			if (!dup && oracle_score_completed(o, feats[i], &want[nwant]))
				count_want(o, &want[nwant++], st);
		}
		/* Their meeples go home. */
		for (int i = 0; i < nexp; i++) {
			int f = oracle_feature_of(o, exp[i].seg);

			for (int j = 0; j < nf; j++)
				if (feats[j] == f) {
					exp[i--] = exp[--nexp];
					break;
				}
		}
		qsort(exp, (size_t)nexp, sizeof *exp, tu_cmp_meeple);
		break;
	}
	default:
		fail_game(s, g, "move %d of unknown kind %d", k + 1, (int)m->kind);
	}
	/* The completions of this move, then nothing but the final scoring. */
	{
		int ncomp = 0;

		while (bf->nevents + ncomp < nev && ev[bf->nevents + ncomp].reason == CR_EV_COMPLETED)
			ncomp++;
		st->ev[CR_EV_COMPLETED] += ncomp;
		match_events(s, g, o, ev + bf->nevents, ncomp, want, nwant);
		if (bf->nevents + ncomp < nev && !cr_game_over(g)) {
			desc_event(&ev[bf->nevents + ncomp], a, sizeof a);
			fail_game(s, g, "during play, %s", a);
		}
		for (int i = bf->nevents; i < bf->nevents + ncomp; i++)
			for (int p = 0; p < s->nplayers; p++)
				if (ev[i].winners & (1u << p))
					gained[p] += ev[i].points;
	}
	/* Meeples, supply, scores. */
	nnow = tu_meeples_of(g, now);
	if (nnow != nexp)
		fail_game(s, g, "%d meeples on the board, the oracle expects %d", nnow, nexp);
	for (int i = 0; i < nnow; i++)
		if (!tu_same_meeple(&now[i], &exp[i]))
			fail_game(s, g, "meeple %d: player %d segment %d at %d,%d, the oracle expects "
			    "player %d segment %d at %d,%d", i, now[i].player, now[i].seg, now[i].x,
			    now[i].y, exp[i].player, exp[i].seg, exp[i].x, exp[i].y);
	if (m->kind != CR_MOVE_END) {
		if (cr_game_supply_total(g) != bf->supply_total - 1 ||
		    cr_game_supply(g, m->tile) != bf->supply[m->tile] - 1)
			fail_game(s, g, "the supply did not lose one %s", ts->type[m->tile].code);
	} else if (cr_game_supply_total(g) != bf->supply_total)
		fail_game(s, g, "end changed the supply");
	if (!cr_game_over(g))
		for (int p = 0; p < s->nplayers; p++)
			if (tu_score(g, p) != bf->score[p] + gained[p])
				fail_game(s, g, "player %d: score %d, was %d, gained %d", p, tu_score(g, p),
				    bf->score[p], gained[p]);
	if (cr_game_over(g))
		check_final(s, g, o, bf->nevents, st);	/* o: the final board, reloaded */
	check_invariants(s, g, o, false);
}

/*
 * A move with as many meeples as the rules allow: a random tile of the
 * supply at a random legal place, and nearly always a meeple on one of
 * the options the engine offers (the oracle judges it afterwards).
 */
static void
dense_move(const struct spec *s, struct cr_game *g, uint32_t *rs)
{
	struct cr_place legal[1024];
	struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
	int k, t = tu_random_tile(g, rs), n;
	struct cr_move m = { 0 };
	struct cr_refusal why;

	m.tile = t;
	n = cr_game_legal(g, t, legal, 1024);
	assert_true(n <= 1024);
	if (n == 0)
		m.kind = CR_MOVE_DISCARD;
	else {
		m.kind = CR_MOVE_PLACE;
		k = (int)(tu_rnd(rs) % (uint32_t)n);
		m.x = legal[k].x, m.y = legal[k].y, m.rot = legal[k].rot;
		n = cr_game_meeple_options(g, &m, opt, CR_MAXMEEPLEOPTS);
		assert_true(n <= CR_MAXMEEPLEOPTS);
		if (n > 0 && tu_rnd(rs) % 8 != 0) {
			const struct cr_meeple_opt *op = &opt[tu_rnd(rs) % (uint32_t)n];
			int nspots = 0, pick;

			for (int sp = 0; sp < CR_NSPOTS; sp++)
				nspots += (op->spots >> sp) & 1;
			assert_true(nspots > 0);
			pick = (int)(tu_rnd(rs) % (uint32_t)nspots);
			m.role = op->role;
			for (int sp = 0; sp < CR_NSPOTS; sp++)
				if (((op->spots >> sp) & 1) && pick-- == 0)
					m.spot = (enum cr_spot)sp;
		}
	}
	if (!cr_game_play(g, &m, &why))
		fail_game(s, g, "a move the engine offered (tile %d at %d,%d rot %d, role %d spot %d) "
		    "is refused: code %d", m.tile, m.x, m.y, m.rot, (int)m.role, (int)m.spot,
		    (int)why.code);
}

/*
 * The engine's list of piece options for the placement m (asked before
 * it is played) against the oracle's judgement of every piece at every
 * spot: spots[r][sg], the spots where piece r may stand on segment sg of
 * the new tile.  The same (piece, segment) pairs, each with the same
 * spots, its first spot among them.
 */
static void
check_options(const struct spec *s, const struct cr_game *g, const struct cr_move *m,
    uint32_t (*spots)[CR_MAXSEG])
{
	static struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
	const struct cr_tiletype *tt = &cr_game_tileset(g)->type[m->tile];
	int n = cr_game_meeple_options(g, m, opt, CR_MAXMEEPLEOPTS), want = 0;

	assert_true(n <= CR_MAXMEEPLEOPTS);
	for (int r = 1; r < cr_npieces(); r++)
		for (int sg = 0; sg < tt->nseg; sg++) {
			int k;

			if (spots[r][sg] == 0)
				continue;
			want++;
			for (k = 0; k < n && !(opt[k].role == r && opt[k].seg == sg); k++)
				;
			if (k == n)
				fail_game(s, g, "tile %s at %d,%d rot %d: the engine offers no %s on its "
				    "segment %d, the oracle allows spots 0x%x", tt->code, m->x, m->y, m->rot,
				    cr_role_name(r), sg, spots[r][sg]);
			if (opt[k].spots != spots[r][sg] || !(spots[r][sg] & (1u << opt[k].spot)))
				fail_game(s, g, "tile %s at %d,%d rot %d, a %s on segment %d: the engine "
				    "offers spots 0x%x (first %s), the oracle 0x%x", tt->code, m->x, m->y,
				    m->rot, cr_role_name(r), sg, opt[k].spots, cr_spot_name(opt[k].spot),
				    spots[r][sg]);
		}
	if (n != want)
		fail_game(s, g, "tile %s at %d,%d rot %d: the engine offers %d options, the oracle %d",
		    tt->code, m->x, m->y, m->rot, n, want);
}

/*
 * The placement just played, every piece (of every module, in play or
 * not) on every spot: the engine (asked after undoing the move) and the
 * oracle (on the board with the new tile and the pieces from before)
 * must agree on which would have been legal, and on the list of options.
 * Then the move is played again.
 */
static void
check_meeple_rules(const struct spec *s, struct cr_game *g, struct oracle *o,
    const struct before *bf, struct stats *st)
{
	int k = cr_game_nmoves(g) - 1, who = cr_game_move_player(g, k), nt = cr_game_ntiles(g);
	struct cr_move m = *cr_game_move(g, k);
	uint32_t spots[CR_MAXPIECES][CR_MAXSEG] = { { 0 } };
	struct cr_placed *tiles;
	int seg0;

	if (m.kind != CR_MOVE_PLACE)
		return;
	tiles = malloc((size_t)nt * sizeof *tiles);
	assert_non_null(tiles);
	for (int i = 0; i < nt; i++)
		tiles[i] = *cr_game_tile(g, i);
	seg0 = tiles[nt - 1].seg0;
	if (!oracle_build(o, &s->cfg, tiles, nt, bf->meeple, bf->nmeeples))
		fail_game(s, g, "the oracle finds the board inconsistent: %s", oracle_error(o));
	free(tiles);
	assert_int_equal(cr_game_undo(g, 1), 1);
	for (int r = CR_THIEF; r < cr_npieces(); r++)
		for (int sp = 0; sp < CR_NSPOTS; sp++) {
			struct cr_move t = m;
			struct cr_refusal why;
			bool engine, oracle;
			int seg;

			t.role = r, t.spot = (enum cr_spot)sp;
			engine = cr_game_check(g, &t, &why);
			oracle = oracle_may_place(o, who, r, m.x, m.y, t.spot, &seg);
			if (engine != oracle)
				fail_game(s, g, "tile %s at %d,%d rot %d, a %s at spot %s: the engine says %s "
				    "(code %d), the oracle %s (segment %d, %d in supply, in play %d)",
				    cr_game_tileset(g)->type[m.tile].code, m.x, m.y, m.rot,
				    cr_role_name(t.role), cr_spot_name(t.spot), engine ? "legal" : "refused",
				    (int)why.code, oracle ? "legal" : "refused", seg,
				    oracle_piece(r) ? oracle_supply(o, who, oracle_piece(r)->pool) : -1,
				    oracle_piece_in_play(o, r));
			if (oracle)
				spots[r][seg - seg0] |= 1u << sp;
		}
	st->option_checks++;
	check_options(s, g, &m, spots);
	if (!cr_game_play(g, &m, NULL))
		fail_game(s, g, "the move undone is refused when played again");
}

/*
 * Before a move: the oracle agrees on what may be drawn (every type, at
 * the start and all through a game with the River) and counts the legal
 * places of one tile that may be drawn, chosen with rs; while river
 * tiles may be drawn, of every one of them.
 */
static void
check_draw(const struct spec *s, const struct cr_game *g, struct oracle *o,
    const struct before *bf, uint32_t *rs, struct stats *st)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int t = (int)(tu_rnd(rs) % (uint32_t)ts->ntypes);
	bool all = cr_game_nmoves(g) == 0 || (s->cfg.exts & exts_of("river")), river = false;

	for (int u = 0; all && u < ts->ntypes; u++) {
		bool drawable = cr_game_drawable(g, u, NULL);

		if (drawable != oracle_drawable(o, u, bf->supply))
			fail_game(s, g, "%s (%d left): the engine says it %s be drawn now, the oracle "
			    "%s", ts->type[u].code, bf->supply[u], drawable ? "may" : "may not",
			    drawable ? "not" : "that it may");
		river = river || (drawable && river_tile(&ts->type[u]));
	}
	st->draw_checks += all;
	while (!cr_game_drawable(g, t, NULL))
		t = (t + 1) % ts->ntypes;
	for (int u = 0; u < ts->ntypes; u++) {
		if (!(u == t || (river && cr_game_drawable(g, u, NULL))))
			continue;
		st->legal_checks++;
		if (oracle_legal_count(o, u) != cr_game_legal(g, u, NULL, 0))
			fail_game(s, g, "tile %s: the engine finds %d placements, the oracle %d",
			    ts->type[u].code, cr_game_legal(g, u, NULL, 0), oracle_legal_count(o, u));
	}
}

/* Play game s one move at a time (tu_random_moves, one move per call),
 * checking every move. */
static void
play_checked(const struct spec *s, struct oracle *o, struct stats *st)
{
	struct cr_game *g = new_game(s);
	struct before *bf = malloc(sizeof *bf);
	const struct cr_tileset *ts = cr_game_tileset(g);
	uint32_t rs = s->seed;
	int total = 0;

	assert_non_null(bf);
	if (cr_game_exts(g) != (s->cfg.exts | 1u))	/* the base game's bit, always */
		fail_game(s, g, "the game has modules 0x%x, not 0x%x and the base game",
		    (unsigned)cr_game_exts(g), (unsigned)s->cfg.exts);
	check_invariants(s, g, o, true);	/* the start tile, too */
	for (int t = 0; t < ts->ntypes; t++) {
		if (cr_game_supply(g, t) != oracle_start_supply(o, t))
			fail_game(s, g, "%s: %d in the supply at the start, the oracle says %d",
			    ts->type[t].code, cr_game_supply(g, t), oracle_start_supply(o, t));
		total += oracle_start_supply(o, t);
	}
	while (!cr_game_over(g)) {
		int nm = cr_game_nmoves(g);

		before_take(g, bf);
		check_draw(s, g, o, bf, &rs, st);
		if (nm == s->stop) {
			struct cr_move end = { .kind = CR_MOVE_END };

			assert_true(cr_game_play(g, &end, NULL));
		} else if (s->dense)
			dense_move(s, g, &rs);
		else
			tu_random_moves(g, tu_rnd(&rs), nm + 1);
		assert_int_equal(cr_game_nmoves(g), nm + 1);
		if (s->spots) {
			st->spot_checks++;
			check_meeple_rules(s, g, o, bf, st);
		}
		check_move(s, g, o, bf, s->spots, st);
	}
	if (s->stop < 0 && (cr_game_nmoves(g) != total || cr_game_supply_total(g) != 0))
		fail_game(s, g, "played out after %d moves with %d tiles left, of %d", cr_game_nmoves(g),
		    cr_game_supply_total(g), total);
	st->games++;
	st->ext_games += s->cfg.exts != 0;
	free(bf);
	cr_game_free(g);
}

/* ---- the tests ----------------------------------------------------------- */

/*
 * The oracle itself, on boards worked out by hand (base-tiles.md): it
 * must be right on its own before it may judge the engine.
 */
static void
test_oracle_by_hand(void **state)
{
	struct oracle *o = oracle_new(tu_base());
	struct or_event want[16];
	struct cr_game *g;
	int n, f;

	(void)state;
	assert_non_null(o);
	/* D at 0,0; W at 1,0 and -1,0 close the road: 3 tiles.  Ben's
	 * thief was on it: completed, 3 points (it went home at once). */
	g = tu_game(3, 2);
	tu_play(g, "W 1,0 0");
	tu_play(g, "W -1,0 0 thief@E");
	assert_true(oracle_load(o, g));
	f = oracle_feature_of(o, cr_game_tile(g, 0)->seg0 + 1);	/* D: city, road, ... */
	assert_int_equal(oracle_feature(o, f)->kind, CR_ROAD);
	assert_true(oracle_feature(o, f)->complete);
	assert_int_equal(oracle_feature(o, f)->tiles, 3);
	/* Anna's farmer south of the road: the field of D's south, W's
	 * west-south and east-south sides; D's city N is open. */
	tu_play(g, "U 0,-1 0 farmer@N");
	assert_true(oracle_load(o, g));
	n = oracle_final(o, want, 16);
	assert_int_equal(n, 0);	/* a farm touching no completed city pays nothing */
	/* E turned 180 closes D's city (2 tiles): now the farm north of
	 * the road touches it, but the farmer is south.  Ben's farmer on
	 * E's field touches it too. */
	tu_play(g, "E 0,1 180 farmer@N");
	assert_true(oracle_load(o, g));
	n = oracle_final(o, want, 16);
	assert_int_equal(n, 1);
	assert_int_equal(want[0].reason, CR_EV_FARM);
	assert_int_equal(want[0].cities, 1);
	assert_int_equal(want[0].points, 3);
	assert_int_equal(want[0].winners, 2);	/* Ben */
	cr_game_free(g);

	/* Edition 1: the same city pays 4 to the farmers around it. */
	g = tu_game(1, 2);
	tu_play(g, "E 0,1 180 farmer@N");
	tu_play(g, "U 1,0 0 farmer@N");	/* Ben: north of the road, next to D's city */
	assert_true(oracle_load(o, g));
	n = oracle_final(o, want, 16);
	assert_int_equal(n, 1);
	assert_int_equal(want[0].reason, CR_EV_FARM_CITY);
	assert_int_equal(want[0].points, 4);
	assert_int_equal(want[0].winners, 3);	/* one farmer each: a tie */
	assert_int_equal(want[0].tiles, 2);
	cr_game_free(g);

	/* A cloister with 3 neighbours and a city of 2 tiles with a
	 * pennant, open: 1 + 3 and 1 x 2 + 1 x 1 at the end. */
	g = tu_game(3, 2);
	tu_play(g, "B 0,-1 0 monk");
	tu_play(g, "U 1,0 0");
	tu_play(g, "U -1,0 0");
	tu_play(g, "M 0,1 180 knight@S");	/* M: city N+W, pennant; turned: S+E */
	assert_true(oracle_load(o, g));
	n = oracle_final(o, want, 16);
	assert_int_equal(n, 2);
	assert_int_equal(want[0].kind, CR_CITY);
	assert_int_equal(want[0].tiles, 2);
	assert_int_equal(want[0].pennants, 1);
	assert_int_equal(want[0].points, 3);
	assert_int_equal(want[0].winners, 2);
	assert_int_equal(want[1].kind, CR_CLOISTER);
	assert_int_equal(want[1].tiles, 4);
	assert_int_equal(want[1].points, 4);
	assert_int_equal(want[1].winners, 1);
	/* The spots: U at 1,0 has fields N and S, a road E-W; N names one
	 * field, E two. */
	assert_true(oracle_spot_seg(o, 1, 0, CR_SPOT_N, CR_FIELD) >= 0);
	assert_int_equal(oracle_spot_seg(o, 1, 0, CR_SPOT_E, CR_FIELD), -2);
	assert_int_equal(oracle_spot_seg(o, 1, 0, CR_SPOT_N, CR_ROAD), -1);
	assert_int_equal(oracle_spot_seg(o, 5, 5, CR_SPOT_N, CR_ROAD), -3);
	assert_int_equal(oracle_spot_seg(o, 0, -1, CR_SPOT_C, CR_CLOISTER),
	    cr_game_at(g, 0, -1)->seg0);
	/* Legal places agree with the engine here too. */
	for (int t = 0; t < tu_base()->ntypes; t++)
		assert_int_equal(oracle_legal_count(o, t), cr_game_legal(g, t, NULL, 0));
	cr_game_free(g);

	/* The oracle refuses a board whose edges do not match. */
	{
		struct cr_config base = { 3, 2, 0 };
		struct cr_placed bad[2] = {
			{ .x = 0, .y = 0, .type = cr_tileset_find(tu_base(), "D", 1), .rot = 0, .seg0 = 0 },
			{ .x = 0, .y = 1, .type = cr_tileset_find(tu_base(), "V", 1), .rot = 0, .seg0 = 10 },
		};

		assert_false(oracle_build(o, &base, bad, 2, NULL, 0));
		assert_non_null(strstr(oracle_error(o), "do not match"));
		bad[1].y = 2;
		assert_false(oracle_build(o, &base, bad, 2, NULL, 0));
		assert_non_null(strstr(oracle_error(o), "touches no earlier tile"));
	}
	oracle_free(o);
}

/*
 * Play line on g: it completes a feature that pays points to winners,
 * and the oracle (on the board with the new tile, the pieces from
 * before) pays the same for that feature.
 */
static void
play_completing(struct cr_game *g, struct oracle *o, const char *line, int points,
    unsigned winners)
{
	struct cr_meeple mp[MAXMP];
	struct cr_placed tiles[128];
	const struct cr_event *ev;
	struct or_event want;
	int nmp = tu_meeples_of(g, mp), n;

	tu_play(g, line);
	assert_true(cr_game_ntiles(g) <= 128);
	for (int i = 0; i < cr_game_ntiles(g); i++)
		tiles[i] = *cr_game_tile(g, i);
	ev = cr_game_events(g, &n);
	assert_true(n > 0);
	assert_int_equal(ev[n - 1].reason, CR_EV_COMPLETED);
	assert_true(oracle_build(o, &(struct cr_config){ cr_game_edition(g), cr_game_nplayers(g),
	    cr_game_exts(g) }, tiles, cr_game_ntiles(g), mp, nmp));
	assert_true(oracle_score_completed(o, oracle_feature_of(o, ev[n - 1].feature), &want));
	assert_int_equal(want.points, points);
	assert_int_equal(want.winners, winners);
	assert_int_equal(ev[n - 1].points, points);
	assert_int_equal(ev[n - 1].winners, winners);
}

/*
 * The oracle on the expansions' worked examples (the Big Box book,
 * rules-digest section 2.3, tests/scenarios/bb-ic-*, bb-river-*), and
 * the engine with it: inns, cathedrals, the big meeple; the River's
 * start, draw order, continuation and U-turn.
 */
static void
test_oracle_expansions_by_hand(void **state)
{
	/* Inns & Cathedrals, Anna and Ben: the moves, then the last one,
	 * which completes a feature paying points to winners; unpaid: the
	 * feature pays nothing open at the end, before the last move. */
	static const struct {
		const char	*moves[6], *last;
		int		 points;
		unsigned	 winners;
		bool		 unpaid;
	} ic[] = {
		/* IC-1: a road of 3 tiles with an inn, Anna's thief: 2 a
		 * tile; IC-2: open at the end, nothing (2 without it). */
		{ { "IC-N 1,0 90 thief@W" }, "A -1,0 270", 6, 1, true },
		/* IC-3: a city of 7 tiles and a pennant with a cathedral:
		 * 24; IC-4: one tile short at the end, nothing (7 without). */
		{ { "IC-Ka 0,1 0 knight@N", "M 1,1 0", "E 1,2 180", "E 0,2 180", "N -1,1 90" },
		    "E -1,2 180", 24, 1, true },
		/* IC-5': Anna's thief (1) against Ben's big thief (2) on a
		 * road of 4 tiles: Ben alone takes the 4 points. */
		{ { "A -1,0 270 thief@E", "E 0,1 180", "B -1,1 0", "A 1,1 0 big-thief@S" },
		    "V 1,0 90", 4, 2, false },
	};
	const struct cr_tileset *ts = tu_base();
	struct oracle *o = oracle_new(ts);
	struct or_event want[16];
	int supply[160], rvg = cr_tileset_find(ts, "RV-G", 4), rvd = cr_tileset_find(ts, "RV-D", 4);
	int rvl = cr_tileset_find(ts, "RV-L", 4), d = cr_tileset_find(ts, "D", 1);
	struct cr_game *g;

	(void)state;
	assert_non_null(o);
	for (size_t i = 0; i < sizeof ic / sizeof ic[0]; i++) {
		g = tu_game_with(3, 2, "inns-cathedrals");
		for (int k = 0; ic[i].moves[k] != NULL; k++)
			tu_play(g, ic[i].moves[k]);
		assert_true(oracle_load(o, g));
		if (ic[i].unpaid)
			assert_int_equal(oracle_final(o, want, 16), 0);
		play_completing(g, o, ic[i].last, ic[i].points, ic[i].winners);
		cr_game_free(g);
	}
	/* After IC-5', Ben's big thief went home. */
	g = tu_game_with(3, 2, "inns-cathedrals");
	for (int k = 0; ic[2].moves[k] != NULL; k++)
		tu_play(g, ic[2].moves[k]);
	assert_true(oracle_load(o, g));
	assert_int_equal(oracle_supply(o, 1, OR_POOL_BIG), 0);
	assert_int_equal(oracle_supply(o, 1, OR_POOL_MEEPLE), 7);
	assert_int_equal(oracle_supply(o, 0, OR_POOL_MEEPLE), 6);
	tu_play(g, ic[2].last);
	assert_true(oracle_load(o, g));
	assert_int_equal(oracle_supply(o, 1, OR_POOL_BIG), 1);
	cr_game_free(g);

	/* Farms: E turned 180 closes D's city.  On E's field (a board laid
	 * by hand: the oracle counts, it does not referee who may stand
	 * where), Anna's big farmer against a farmer of Ben's and one of
	 * Carl's: Anna's 3 points; against two of Ben's: a tie.  Edition 1:
	 * the city's 4 points, the same majority. */
	{
		struct cr_config c = { 3, 3, exts_of("inns-cathedrals") };
		struct cr_placed b[2] = { { 0, 0, d, 0, 0 },
		    { 0, 1, cr_tileset_find(ts, "E", 1), 2, ts->type[d].nseg } };
		struct cr_meeple mp[4];
		int bigf = cr_piece_find("big-farmer", 10), fs;

		assert_true(oracle_build(o, &c, b, 2, NULL, 0));
		fs = oracle_spot_seg(o, 0, 1, CR_SPOT_N, CR_FIELD);
		assert_true(fs >= 0);
		mp[0] = (struct cr_meeple){ 0, bigf, fs, 0, 1, CR_SPOT_N };
		mp[1] = (struct cr_meeple){ 1, CR_FARMER, fs, 0, 1, CR_SPOT_N };
		mp[2] = (struct cr_meeple){ 2, CR_FARMER, fs, 0, 1, CR_SPOT_N };
		mp[3] = (struct cr_meeple){ 1, CR_FARMER, fs, 0, 1, CR_SPOT_N };
		assert_true(oracle_build(o, &c, b, 2, mp, 3));
		assert_int_equal(oracle_supply(o, 0, OR_POOL_BIG), 0);
		assert_int_equal(oracle_supply(o, 0, OR_POOL_MEEPLE), 7);
		assert_int_equal(oracle_final(o, want, 16), 1);
		assert_int_equal(want[0].meeples[0], 2);
		assert_int_equal(want[0].winners, 1);
		assert_int_equal(want[0].points, 3);
		assert_true(oracle_build(o, &c, b, 2, mp, 4));
		assert_int_equal(oracle_final(o, want, 16), 1);
		assert_int_equal(want[0].winners, 3);
		c.edition = 1;
		assert_true(oracle_build(o, &c, b, 2, mp, 4));
		assert_int_equal(oracle_final(o, want, 16), 1);
		assert_int_equal(want[0].reason, CR_EV_FARM_CITY);
		assert_int_equal(want[0].winners, 3);
		assert_int_equal(want[0].points, 4);
		/* Without Inns & Cathedrals, a big meeple is not in play. */
		c.exts = 0;
		assert_false(oracle_build(o, &c, b, 2, mp, 1));
		assert_non_null(strstr(oracle_error(o), "not in play"));
	}

	/* The River: the spring at 0,0, the base start tile in the supply. */
	g = tu_game_with(3, 2, "river");
	assert_true(oracle_load(o, g));
	assert_string_equal(ts->type[oracle_start_type(o)].code, "RV-A");
	assert_int_equal(oracle_start_supply(o, d), 4);
	for (int t = 0; t < ts->ntypes; t++)
		supply[t] = cr_game_supply(g, t);
	assert_true(oracle_drawable(o, rvd, supply) && oracle_drawable(o, rvg, supply));
	assert_false(oracle_drawable(o, rvl, supply) || oracle_drawable(o, d, supply));
	/* RV-D fits by the edges north, south and west of the spring
	 * too, where it would not continue the river: only at 1,0, either
	 * way round. */
	assert_int_equal(oracle_legal_count(o, rvd), 2);
	tu_play(g, "RV-G 1,0 0");	/* east to south: right */
	tu_play(g, "RV-D 1,-1 90");	/* south */
	assert_true(oracle_load(o, g));
	/* At 1,-2 the curve may turn left (180), not right again (90). */
	assert_int_equal(oracle_legal_count(o, rvg), 1);
	assert_int_equal(oracle_legal_count(o, rvd), 2);
	assert_int_equal(oracle_legal_count(o, rvl), 1);
	for (int t = 0; t < ts->ntypes; t++)
		if (cr_game_drawable(g, t, NULL))
			assert_int_equal(oracle_legal_count(o, t), cr_game_legal(g, t, NULL, 0));
	tu_refuse(g, "RV-G 1,-2 90", "~turn back");
	{
		struct cr_config c = { 3, 2, exts_of("river") };
		struct cr_placed b[4];

		for (int i = 0; i < 3; i++)
			b[i] = *cr_game_tile(g, i);
		b[3] = (struct cr_placed){ 1, -2, rvg, 1, b[2].seg0 + ts->type[rvd].nseg };
		assert_false(oracle_build(o, &c, b, 4, NULL, 0));
		assert_non_null(strstr(oracle_error(o), "turns back"));
		b[3].rot = 2;
		assert_true(oracle_build(o, &c, b, 4, NULL, 0));
		b[1] = (struct cr_placed){ 0, 1, rvd, 0, b[1].seg0 };	/* north of the spring */
		assert_false(oracle_build(o, &c, b, 2, NULL, 0));
		assert_non_null(strstr(oracle_error(o), "on the river"));
	}
	cr_game_free(g);
	oracle_free(o);
}

/* Every move of every game, and every final scoring, against the oracle;
 * conservation of points and meeples after every move. */
static void
test_engine_matches_oracle(void **state)
{
	struct oracle *o = oracle_new(tu_base());
	struct stats st = { 0 };
	int n = nall();

	(void)state;
	assert_non_null(o);
	for (int i = 0; i < n; i++) {
		struct spec s;

		spec_of(i, &s);
		play_checked(&s, o, &st);
	}
	print_message("%ld games (%ld with expansions), %ld moves (%ld discards, %ld ends), "
	    "%ld pieces placed (%ld big), %ld river tiles placed, %ld draw checks, "
	    "%ld legal-count checks, %ld moves with every spot judged (%ld option lists); "
	    "events: %ld completed, %ld final, %ld farm, %ld farm-city; paid with an inn %ld, "
	    "a cathedral %ld, unpaid open %ld and %ld; a big meeple counted %ld times, "
	    "decided %ld\n",
	    st.games, st.ext_games, st.moves, st.discards, st.ends, st.meeples_placed,
	    st.big_placed, st.river_placed, st.draw_checks, st.legal_checks, st.spot_checks,
	    st.option_checks, st.ev[CR_EV_COMPLETED], st.ev[CR_EV_FINAL], st.ev[CR_EV_FARM],
	    st.ev[CR_EV_FARM_CITY], st.inn_paid, st.cathedral_paid, st.inn_open,
	    st.cathedral_open, st.big_counted, st.big_decided);
	assert_int_equal(st.games, n);
	if (ngames() >= DEFAULT_GAMES) {	/* the games exercise every rule */
		for (int r = 0; r < 4; r++)
			assert_true(st.ev[r] > 0);
		assert_true(st.big_placed > 0 && st.big_decided > 0 && st.river_placed > 0);
		/* A cathedral's city is rarely completed at random (one game
		 * in a few hundred): test_oracle_expansions_by_hand pays one. */
		assert_true(st.inn_paid > 0 && st.inn_open > 0 && st.cathedral_open > 0);
	}
	oracle_free(o);
}

/* Record -> parse -> replay is the same game; formatting it again gives
 * the same text. */
static void
test_record_round_trip(void **state)
{
	int n = nall();

	(void)state;
	for (int i = 0; i < n; i++) {
		struct nt_player pl[CR_MAXPLAYERS];
		char names[CR_MAXPLAYERS][8], buf[1024], *ext[CR_MAXEXTS];
		struct tu_snap a = { 0 }, b = { 0 };
		struct nt_replay_error rerr;
		struct nt_record r, back;
		struct cr_game *g, *h;
		struct cr_error err;
		char *text, *again;
		const char *d;
		struct spec s;
		bool ok;

		spec_of(i, &s);
		g = make_game(&s);
		names_record(&r, pl, names, ext, &s);
		text = nt_record_format(&r, g);
		assert_non_null(text);
		if (nt_record_parse(&back, text, strlen(text), &err) < 0)
			fail_game(&s, g, "its own record is refused at %d:%d: %s", err.line,
			    err.column, err.msg);
		if (back.nmoves != cr_game_nmoves(g) || back.nplayers != s.nplayers ||
		    back.edition != s.edition || (nt_record_exts(&back) | 1u) != (s.cfg.exts | 1u))
			fail_game(&s, g, "the record reads back as %d moves, %d players, edition %d, "
			    "modules 0x%x", back.nmoves, back.nplayers, back.edition,
			    (unsigned)nt_record_exts(&back));
		h = nt_replay(&back, tu_base(), &ok, &rerr);
		assert_non_null(h);
		if (cr_game_exts(h) != cr_game_exts(g))
			fail_game(&s, g, "the replay is played with modules 0x%x, the game with 0x%x",
			    (unsigned)cr_game_exts(h), (unsigned)cr_game_exts(g));
		if (!ok)
			fail_game(&s, g, "the replay stops at move %d (line %d): %s", rerr.move,
			    rerr.line, rerr.msg);
		tu_snap_take(g, &a);
		tu_snap_take(h, &b);
		if ((d = tu_snap_diff(&a, &b, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "the game and its replay differ: %s", d);
		again = nt_record_format(&back, h);
		assert_non_null(again);
		if (strcmp(text, again) != 0)
			fail_game(&s, g, "formatting the replay gives another text:\n%s", again);
		free(again);
		free(text);
		tu_snap_free(&a);
		tu_snap_free(&b);
		nt_record_free(&back);
		cr_game_free(h);
		cr_game_free(g);
	}
}

/* Undo to a midpoint and redo, undo to the start and redo: the same
 * state each time, and the start is a fresh game's. */
static void
test_undo_redo(void **state)
{
	int n = nall();

	(void)state;
	for (int i = 0; i < n; i++) {
		struct tu_snap fresh = { 0 }, mid = { 0 }, end = { 0 }, now = { 0 };
		struct cr_move *moves;
		struct cr_game *g;
		uint32_t rs;
		char buf[1024];
		const char *d;
		struct spec s;
		int nm, k;

		spec_of(i, &s);
		rs = s.seed;
		g = new_game(&s);
		tu_snap_take(g, &fresh);
		cr_game_free(g);
		g = make_game(&s);
		nm = cr_game_nmoves(g);
		moves = malloc((size_t)nm * sizeof *moves);
		assert_non_null(moves);
		for (int j = 0; j < nm; j++)
			moves[j] = *cr_game_move(g, j);
		tu_snap_take(g, &end);
		/* To a midpoint and back: k moves undone. */
		k = 1 + (int)(tu_rnd(&rs) % (uint32_t)nm);
		assert_int_equal(cr_game_undo(g, k), k);
		tu_snap_take(g, &mid);
		if (mid.nmoves != nm - k || mid.over)
			fail_game(&s, g, "undo %d of %d moves leaves %d moves, over %d", k, nm,
			    mid.nmoves, mid.over);
		for (int j = nm - k; j < nm; j++)
			if (!cr_game_play(g, &moves[j], NULL))
				fail_game(&s, g, "redo: move %d refused", j + 1);
		tu_snap_take(g, &now);
		if ((d = tu_snap_diff(&end, &now, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "undo %d moves and redo: %s", k, d);
		/* Once more, halfway: the same midpoint state again. */
		assert_int_equal(cr_game_undo(g, k), k);
		tu_snap_take(g, &now);
		if ((d = tu_snap_diff(&mid, &now, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "undo %d moves twice: %s", k, d);
		/* To the start: a fresh game. */
		assert_int_equal(cr_game_undo(g, 1000), nm - k);
		tu_snap_take(g, &now);
		if ((d = tu_snap_diff(&fresh, &now, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "undo to the start: %s", d);
		for (int j = 0; j < nm; j++)
			if (!cr_game_play(g, &moves[j], NULL))
				fail_game(&s, g, "redo from the start: move %d refused", j + 1);
		tu_snap_take(g, &now);
		if ((d = tu_snap_diff(&end, &now, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "undo to the start and redo: %s", d);
		free(moves);
		tu_snap_free(&fresh);
		tu_snap_free(&mid);
		tu_snap_free(&end);
		tu_snap_free(&now);
		cr_game_free(g);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_oracle_by_hand),
		cmocka_unit_test(test_oracle_expansions_by_hand),
		cmocka_unit_test(test_engine_matches_oracle),
		cmocka_unit_test(test_record_round_trip),
		cmocka_unit_test(test_undo_redo),
	};

	return cmocka_run_group_tests_name("properties", tests, NULL, NULL);
}
