/*
 * test_engine.c -- the rules engine, rule by rule, on boards built by
 * hand from the tile table (base-tiles.md).  Each expected score is
 * worked out in the comment beside it.
 */
#include <limits.h>

#include "testutil.h"
#include "rules/game-int.h"	/* cr__legal_scan, the index-free scan */

static void
test_start(void **state)
{
	const struct cr_tileset *ts = tu_base();
	struct cr_game *g = tu_game(3, 2);
	const struct cr_placed *d = cr_game_at(g, 0, 0);
	int D = cr_tileset_find(ts, "D", 1);

	(void)state;
	assert_non_null(d);
	assert_int_equal(d->type, D);
	assert_int_equal(d->rot, 0);
	assert_int_equal(cr_game_supply(g, D), 3);
	assert_int_equal(cr_game_supply_total(g), 71);
	assert_int_equal(cr_game_turn(g), 0);
	assert_int_equal(tu_meeples(g, 0), 7);
	assert_int_equal(cr_game_undo(g, 5), 0);	/* the start tile is not a move */
	assert_non_null(cr_game_at(g, 0, 0));
	cr_game_free(g);
}

static void
test_placement_refusals(void **state)
{
	struct cr_game *g = tu_game(3, 2);

	(void)state;
	/* V rot 0 has road S; the start tile D shows city N. */
	tu_refuse(g, "V 0,1 0", "edges must match: V at 0,1 rotation 0: its S edge is road, "
	    "the tile at 0,0 shows city on its N edge; no rotation of V fits at 0,1");
	/* Touching by a corner only is not touching. */
	tu_refuse(g, "V 1,1 0", "a tile must touch the board along an edge: V at 1,1 has no "
	    "neighbour north, east, south or west");
	tu_refuse(g, "V 0,0 0", "one tile per square: V at 0,0, but D already lies there");
	tu_refuse(g, "V 100000000,0 0", "~a tile must touch the board along an edge");
	tu_refuse(g, "Ben: V 1,0 90", "it is Anna's turn, not Ben's");
	tu_refuse(g, "Zoe: V 1,0 90", "no player is named \"Zoe\"");
	/* V rot 90: W edge shows canonical S, a road, against D's road E. */
	tu_play(g, "Anna: V 1,0 90");
	assert_int_equal(cr_game_turn(g), 1);
	/* C, the only one, all city: fits north of D. */
	tu_play(g, "C 0,1 0");
	tu_refuse(g, "C 0,2 0", "no copy left: the one C of the set is used, on the board at 0,1");
	cr_game_free(g);
}

static void
test_discard_refused_when_it_fits(void **state)
{
	struct cr_game *g = tu_game(3, 2);

	(void)state;
	/* E (city N) fits north of D once turned 180 degrees: the first
	 * place the referee finds. */
	tu_refuse(g, "E discard", "a tile may be discarded only if it fits nowhere: "
	    "E fits at 0,1 rotation 180");
	cr_game_free(g);
}

/* A tiny set where the drawn tile can fit nowhere: all-city start, all-field tiles. */
static const char tiny_set[] =
    "set: tiny\n"
    "start: S\n"
    "tiles:\n"
    "  - code: S\n"
    "    count: 1\n"
    "    edges: [city, city, city, city]\n"
    "    features:\n"
    "      - {kind: city, at: [N, E, S, W]}\n"
    "  - code: B\n"
    "    count: 2\n"
    "    edges: [field, field, field, field]\n"
    "    features:\n"
    "      - {kind: cloister}\n"
    "      - {kind: field, at: [N, E, S, W]}\n";

static void
test_discard_when_nothing_fits(void **state)
{
	struct cr_tileset ts;
	struct cr_error err;
	struct cr_game *g;

	(void)state;
	assert_int_equal(cr_tileset_parse(&ts, tiny_set, sizeof tiny_set - 1, &err), 0);
	g = cr_game_new(&ts, 3, 2);
	assert_non_null(g);
	assert_int_equal(cr_game_legal(g, cr_tileset_find(&ts, "B", 1), NULL, 0), 0);
	tu_refuse(g, "B 0,1 0", "edges must match: B at 0,1 rotation 0: its S edge is field, "
	    "the tile at 0,0 shows city on its N edge; no rotation of B fits at 0,1");
	tu_play(g, "B discard");
	/* The same player draws again. */
	assert_int_equal(cr_game_turn(g), 0);
	assert_int_equal(cr_game_supply_total(g), 1);
	assert_false(cr_game_over(g));
	tu_play(g, "Anna: B discard");
	/* The supply is used up: the game is over. */
	assert_true(cr_game_over(g));
	tu_refuse(g, "B discard", "the game is over: the final scoring has run, no move may follow");
	assert_int_equal(cr_game_undo(g, 1), 1);
	assert_false(cr_game_over(g));
	cr_game_free(g);
	cr_tileset_free(&ts);
}

static void
test_spot_refusals(void **state)
{
	struct cr_game *g = tu_game(3, 2);

	(void)state;
	/* U: road W-E, a field north, a field south. */
	tu_refuse(g, "U 1,0 0 thief@N", "a thief stands on a road: U at 1,0 rotation 0 has no road "
	    "at N; valid spots for a thief: E W");
	tu_refuse(g, "U 1,0 0 farmer@E", "a farmer stands on a field: U at 1,0 rotation 0 has more "
	    "than one field at E; valid spots for a farmer: N NNE NE ENE ESE SE SSE S SSW SW WSW WNW NW NNW");
	tu_refuse(g, "U 1,0 0 monk", "a monk stands on a cloister: U at 1,0 rotation 0 has no "
	    "cloister at C; valid spots for a monk: nowhere on this tile");
	/* B is a cloister: "monk" alone means monk@C. */
	tu_play(g, "B 0,-1 0 monk");
	assert_int_equal(tu_meeples(g, 0), 6);
	cr_game_free(g);
}

static void
test_feature_taken(void **state)
{
	struct cr_game *g = tu_game(3, 2);

	(void)state;
	tu_play(g, "U 1,0 0 thief@E");	/* Anna's thief on the road through D */
	tu_refuse(g, "U -1,0 0 thief@W", "one feature, one owner at placement: the road at W of U "
	    "at -1,0 joins a road that already holds Anna's thief");
	/* North of the road, U's field joins D's field between city and
	 * road, and on to the field north of Anna's U: nobody there yet. */
	tu_play(g, "U -1,0 0 farmer@N");
	/* Anna's next U joins that field from the east: Ben holds it.  The
	 * field south of the road is free. */
	tu_refuse(g, "U 2,0 0 farmer@NNW", "~already holds Ben's farmer");
	tu_play(g, "U 2,0 0 farmer@S");
	cr_game_free(g);
}

static void
test_meeple_supply(void **state)
{
	struct cr_game *g = tu_game(3, 1);	/* one player: every move is Anna's */

	(void)state;
	/* Six separate cloisters in a row below D, then a thief: 7 meeples. */
	tu_play(g, "B 0,-1 0 monk");
	tu_play(g, "B 1,-1 0 monk");
	tu_play(g, "B -1,-1 0 monk");
	tu_play(g, "B 2,-1 0 monk");
	tu_play(g, "A 3,-1 0 monk");
	tu_play(g, "A -2,-1 0 monk");
	tu_play(g, "U 1,0 0 thief@E");
	assert_int_equal(tu_meeples(g, 0), 0);
	assert_int_equal(cr_game_meeples(g, NULL, 0), 7);
	tu_refuse(g, "E 0,1 180 knight@S", "no meeple left: all 7 of Anna's meeples are on the board");
	/* Without a meeple the same tile is fine; it closes a 2-tile city
	 * nobody holds: no points. */
	tu_play(g, "E 0,1 180");
	assert_int_equal(tu_score(g, 0), 0);
	cr_game_free(g);
}

static void
test_road_scored_same_turn(void **state)
{
	struct cr_game *g = tu_game(3, 2);
	const struct cr_event *ev;
	char buf[256];
	int n;

	(void)state;
	/* W: roads E, S, W end at a village.  D's road W-E, closed at both
	 * ends by W tiles: 3 tiles. */
	tu_play(g, "W 1,0 0");
	tu_play(g, "W -1,0 0 thief@E");	/* Ben closes it with his own thief */
	ev = cr_game_events(g, &n);
	assert_int_equal(n, 1);
	assert_int_equal(ev[0].move, 2);
	assert_int_equal(ev[0].kind, CR_ROAD);
	assert_int_equal(ev[0].tiles, 3);
	assert_int_equal(ev[0].points, 3);
	assert_int_equal(ev[0].winners, 2);
	assert_int_equal(tu_score(g, 1), 3);
	assert_int_equal(tu_meeples(g, 1), 7);	/* back in the same turn */
	assert_int_equal(cr_game_meeples(g, NULL, 0), 0);
	nt_event_explain(&ev[0], tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "completed road of 3 tiles: 1 x 3 = 3 to Ben (1 thief)");
	cr_game_free(g);
}

static void
test_two_tile_city_by_edition(void **state)
{
	char buf[256];

	(void)state;
	for (int ed = 1; ed <= 3; ed++) {
		struct cr_game *g = tu_game(ed, 2);
		const struct cr_event *ev;
		int n;

		/* E turned 180 shows its city S, closing D's city N. */
		tu_play(g, "E 0,1 180 knight@S");
		ev = cr_game_events(g, &n);
		assert_int_equal(n, 1);
		assert_int_equal(ev[0].tiles, 2);
		/* Editions 2, 3: 2 x 2 = 4.  Edition 1: 1 x 2 = 2. */
		assert_int_equal(tu_score(g, 0), ed == 1 ? 2 : 4);
		nt_event_why(&ev[0], buf, sizeof buf);
		assert_string_equal(buf, ed == 1
		    ? "completed city of 2 tiles (edition 1: a 2-tile city pays 1 per tile and pennant): 1 x 2"
		    : "completed city of 2 tiles: 2 x 2");
		cr_game_free(g);
	}
}

static void
test_field_queries(void **state)
{
	(void)state;
	for (int ed = 1; ed <= 3; ed += 2) {
		struct cr_game *g = tu_game(ed, 2);
		struct cr_feature f;
		struct cr_event ev;
		int seg;

		tu_play(g, "E 0,1 180");		/* closes D's city */
		tu_play(g, "U 1,0 0 farmer@N");	/* Ben, on D's field by the city */
		seg = cr_game_seg_at(g, 0, 0, CR_SPOT_NW, CR_FIELD, NULL);
		assert_true(seg >= 0);
		cr_game_feature(g, seg, &f);
		assert_int_equal(f.kind, CR_FIELD);
		assert_int_equal(f.cities, 1);
		assert_int_equal(f.meeples[1], 1);
		if (ed == 3) {	/* 3 per completed city, to Ben */
			assert_true(cr_game_feature_score(g, seg, &ev));
			assert_int_equal(ev.cities, 1);
			assert_int_equal(ev.points, 3);
			assert_int_equal(ev.winners, 2);
		} else		/* edition 1: the city pays, not the field */
			assert_false(cr_game_feature_score(g, seg, &ev));
		cr_game_feature(g, -5, &f);		/* out of range: empty, no crash */
		assert_int_equal(f.tiles, 0);
		cr_game_free(g);
	}
}

/* cr_game_feature_score fills the event whatever it answers: all zero
 * when there is nothing to score (a segment out of range, an edition-1
 * field), never left as it was for a caller to read. */
static void
test_feature_score_fills_event(void **state)
{
	static const struct cr_event zero;
	struct cr_game *g = tu_game(1, 2);
	struct cr_event ev;
	int seg;

	(void)state;
	tu_play(g, "E 0,1 180");
	tu_play(g, "U 1,0 0 farmer@N");
	seg = cr_game_seg_at(g, 0, 0, CR_SPOT_NW, CR_FIELD, NULL);
	assert_true(seg >= 0);
	memset(&ev, 0xa5, sizeof ev);
	assert_false(cr_game_feature_score(g, seg, &ev));	/* edition 1 field */
	assert_memory_equal(&ev, &zero, sizeof ev);
	for (int i = 0; i < 3; i++) {	/* out of range */
		memset(&ev, 0xa5, sizeof ev);
		assert_false(cr_game_feature_score(g, (int[]){ -1, 1 << 20, INT_MAX }[i], &ev));
		assert_memory_equal(&ev, &zero, sizeof ev);
	}
	cr_game_free(g);
}

static void
test_cloister_nine(void **state)
{
	struct cr_game *g = tu_game(3, 1);

	(void)state;
	/* B at 0,-1 with a monk, then its eight neighbours. */
	tu_play(g, "B 0,-1 0 monk");
	tu_play(g, "U 1,0 0");
	tu_play(g, "U -1,0 0");
	tu_play(g, "B 1,-1 0");
	tu_play(g, "B -1,-1 0");
	tu_play(g, "B 0,-2 0");
	tu_play(g, "E 1,-2 180");
	assert_int_equal(tu_score(g, 0), 0);
	tu_play(g, "E -1,-2 180");	/* the eighth neighbour */
	assert_int_equal(tu_score(g, 0), 9);
	assert_int_equal(tu_meeples(g, 0), 7);
	cr_game_free(g);
}

/* Two games are in the same state (tu_snap: board, meeples, events,
 * scores, supplies, legal places), or the test fails naming the first
 * difference. */
static void
assert_same_state(const struct cr_game *a, const struct cr_game *b)
{
	struct tu_snap sa = { 0 }, sb = { 0 };
	const char *d;
	char buf[600];

	tu_snap_take(a, &sa);
	tu_snap_take(b, &sb);
	d = tu_snap_diff(&sa, &sb, buf, sizeof buf);
	tu_snap_free(&sa);
	tu_snap_free(&sb);
	if (d != NULL)
		fail_msg("the games differ: %s", d);
}

static void
test_refusal_changes_nothing(void **state)
{
	struct cr_game *g = tu_game(3, 2);
	struct tu_snap a = { 0 }, b = { 0 };
	const char *d;
	char buf[600];

	(void)state;
	tu_play(g, "U 1,0 0 thief@E");
	tu_snap_take(g, &a);
	tu_refuse(g, "U -1,0 0 thief@W", "~one feature, one owner");
	tu_refuse(g, "V 0,1 0", "~edges must match");
	tu_refuse(g, "E discard", "~may be discarded only");
	tu_refuse(g, "E 0,1 180 farmer@C", "~valid spots for a farmer");
	tu_snap_take(g, &b);
	if ((d = tu_snap_diff(&a, &b, buf, sizeof buf)) != NULL)
		fail_msg("a refused move changed the game: %s", d);
	tu_snap_free(&a);
	tu_snap_free(&b);
	cr_game_free(g);
}

static int
by_place(const void *a, const void *b)
{
	const struct cr_place *p = a, *q = b;

	return p->x != q->x ? (p->x > q->x) - (p->x < q->x) :
	    p->y != q->y ? (p->y > q->y) - (p->y < q->y) : p->rot - q->rot;
}

/* Legal places from the index of open squares (listed, and k-th by
 * bucket) are exactly those of the scan without it, all along games,
 * undo included. */
static void
test_legal_by_bucket(void **state)
{
	struct cr_place *a = malloc(4096 * sizeof *a), *b = malloc(4096 * sizeof *b);
	struct cr_place *c = malloc(4096 * sizeof *c);

	(void)state;
	for (uint32_t seed = 1; seed <= 6; seed++) {
		struct cr_game *g = tu_game(1 + (int)(seed % 3), 3);

		for (int stop = 5; stop <= 80; stop += 15) {
			tu_random_moves(g, seed * 7919u + (uint32_t)stop, stop);
			if (stop % 2)
				cr_game_undo(g, 3);
			for (int t = 0; t < cr_game_tileset(g)->ntypes; t++) {
				int n = cr__legal_scan(g, t, a, 4096);

				assert_int_equal(cr_game_nlegal(g, t), n);
				assert_int_equal(cr_game_legal(g, t, c, 4096), n);
				for (int k = 0; k < n; k++)
					assert_true(cr_game_legal_nth(g, t, k, &b[k]));
				assert_false(cr_game_legal_nth(g, t, n, &b[0]));
				qsort(a, (size_t)n, sizeof *a, by_place);
				qsort(b, (size_t)n, sizeof *b, by_place);
				qsort(c, (size_t)n, sizeof *c, by_place);
				assert_memory_equal(a, b, (size_t)n * sizeof *a);
				assert_memory_equal(a, c, (size_t)n * sizeof *a);
			}
		}
		cr_game_free(g);
	}
	free(a);
	free(b);
	free(c);
}

/* The index kept up to date while asked, dropped by a placement when not
 * asked of late (INDEX_IDLE), built again when asked: the same places
 * as the scan, asked after gaps of 1 to 7 moves (a random game's moves
 * played again on a game that is asked nothing else). */
static void
test_legal_after_gaps(void **state)
{
	struct cr_place *a = malloc(4096 * sizeof *a), *c = malloc(4096 * sizeof *c);

	(void)state;
	for (uint32_t seed = 1; seed <= 4; seed++) {
		struct cr_game *src = tu_game(3, 2 + (int)seed % 3), *g = tu_game(3, 2 + (int)seed % 3);
		int gap = 1, asked = 0;

		tu_random_moves(src, seed * 104729u, 70);
		for (int i = 0; i < cr_game_nmoves(src); i++) {
			assert_true(cr_game_play(g, cr_game_move(src, i), NULL));
			if (i + 1 - asked < gap)
				continue;
			asked = i + 1, gap = gap % 7 + 1;
			for (int t = 0; t < cr_game_tileset(g)->ntypes; t++) {
				int n = cr__legal_scan(g, t, a, 4096);

				assert_int_equal(cr_game_legal(g, t, c, 4096), n);
				qsort(a, (size_t)n, sizeof *a, by_place);
				qsort(c, (size_t)n, sizeof *c, by_place);
				assert_memory_equal(a, c, (size_t)n * sizeof *a);
			}
		}
		cr_game_free(src);
		cr_game_free(g);
	}
	free(a);
	free(c);
}

/* Replay the moves of a from move `from` on b. */
static void
copy_moves(const struct cr_game *a, struct cr_game *b, int from)
{
	for (int i = from; i < cr_game_nmoves(a); i++)
		assert_true(cr_game_play(b, cr_game_move(a, i), NULL));
}

/* A game played without undo (batch replay) is the same game; undo stops
 * at the first move played without it. */
static void
test_undo_off(void **state)
{
	(void)state;
	for (uint32_t seed = 1; seed <= 12; seed++) {
		int ed = 1 + (int)(seed % 3), np = 2 + (int)(seed % 4);
		struct cr_game *a = tu_game(ed, np), *b = tu_game(ed, np);

		cr_game_set_undo(b, false);
		tu_random_moves(a, seed, 30);
		copy_moves(a, b, 0);
		assert_int_equal(cr_game_undo(b, 5), 0);
		cr_game_set_undo(b, true);
		tu_random_moves(a, seed + 1000, 45);
		copy_moves(a, b, 30);
		assert_int_equal(cr_game_undo(b, 100), 15);	/* the 15 played with undo */
		assert_int_equal(cr_game_nmoves(b), 30);
		assert_int_equal(cr_game_undo(a, 15), 15);
		assert_same_state(a, b);
		cr_game_set_undo(b, false);
		tu_random_moves(a, seed + 2000, 1000);		/* to the end */
		copy_moves(a, b, 30);
		assert_true(cr_game_over(b));
		assert_same_state(a, b);
		cr_game_free(a);
		cr_game_free(b);
	}
}

/*
 * Undo turned on in the middle of a block of moves whose room was
 * reserved without it (cr_game_set_undo): the next moves have log room
 * all the same, and undoing them restores the game exactly.  A game
 * without undo needs no log, so its log may have no room at all: here
 * it has none, and a move that logs into room nobody reserved crashes
 * (or trips ASan) instead of passing by luck of a big first allocation.
 */
/*
 * Tokens the tables do not have are refused however a move is made (the
 * notation refuses them as text; through the API the engine took
 * sheep=0, sheep=5, a wolf with a number and grow sheep=9, and a shepherd
 * went down with an empty flock: a regression).
 */
static void
test_tokens_out_of_the_tables(void **state)
{
	struct cr_game *g = tu_game_with(3, 2, "hills-sheep");
	int sheep = cr_token_find(0, "sheep", 5), wolf = cr_token_find(0, "wolf", 4);
	int grow = cr_choice_find(0, "grow", 4), shepherd = cr_piece_find(0, "shepherd", 8);
	struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = cr_tileset_find(tu_base(), "E", 1),
	    .x = 0, .y = 1, .rot = 2, .role = shepherd, .spot = CR_SPOT_N };
	const int bad[] = { CR_TOKEN(sheep, 0), CR_TOKEN(sheep, 5), CR_TOKEN(wolf, 1),
	    CR_TOKEN(9, 1), -1 };
	struct cr_refusal why;

	(void)state;
	assert_true(sheep > 0 && wolf > 0 && grow > 0 && shepherd > 0);
	m.arg = CR_TOKEN(sheep, 2);
	assert_true(cr_game_check(g, &m, NULL));	/* the good one */
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		m.arg = bad[i];
		assert_false(cr_game_check(g, &m, &why));
		assert_int_equal(why.code, CR_R_BAD_MOVE);
	}
	assert_true(cr_game_play(g, &(struct cr_move){ .kind = CR_MOVE_PLACE,
	    .tile = m.tile, .x = 0, .y = 1, .rot = 2, .role = shepherd, .spot = CR_SPOT_N,
	    .arg = CR_TOKEN(sheep, 2) }, NULL));
	/* Ben's tile beside it, then Anna's extending her shepherd's field. */
	assert_true(cr_game_play(g, &(struct cr_move){ .kind = CR_MOVE_PLACE,
	    .tile = cr_tileset_find(tu_base(), "U", 1), .x = 1, .y = 0, .rot = 0 }, NULL));
	m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = cr_tileset_find(tu_base(), "B", 1),
	    .x = -1, .y = 1, .rot = 0, .choice = grow, .choice_arg = CR_TOKEN(sheep, 9) };
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.code, CR_R_BAD_MOVE);
	m.choice_arg = CR_TOKEN(sheep, 1);
	assert_true(cr_game_check(g, &m, NULL));
	cr_game_free(g);
}

static void
test_undo_turned_on(void **state)
{
	(void)state;
	for (uint32_t seed = 1; seed <= 6; seed++) {
		int ed = 1 + (int)(seed % 3), np = 2 + (int)(seed % 3);
		struct cr_game *a = tu_game(ed, np), *b = tu_game(ed, np);

		cr_game_set_undo(b, false);
		tu_random_moves(a, seed, 20);
		copy_moves(a, b, 0);
		assert_true(b->ahead > 0);	/* moves reserved, without log room */
		free(b->log.v);
		b->log.v = NULL;
		b->log.cap = b->log.n = 0;
		cr_game_set_undo(b, true);
		tu_random_moves(a, seed + 500, 32);
		copy_moves(a, b, 20);		/* past the block, into the next */
		assert_int_equal(cr_game_undo(b, 100), 12);
		assert_int_equal(cr_game_undo(a, 12), 12);
		assert_same_state(a, b);
		/* And off again in mid-block, then on: the same. */
		tu_random_moves(a, seed + 700, 25);
		copy_moves(a, b, 20);
		cr_game_set_undo(b, false);
		tu_random_moves(a, seed + 900, 27);
		copy_moves(a, b, 25);
		cr_game_set_undo(b, true);
		tu_random_moves(a, seed + 1100, 40);
		copy_moves(a, b, 27);
		assert_int_equal(cr_game_undo(b, 100), 13);
		assert_int_equal(cr_game_undo(a, 13), 13);
		assert_same_state(a, b);
		cr_game_free(a);
		cr_game_free(b);
	}
}

static void
test_whole_game(void **state)
{
	(void)state;
	for (uint32_t seed = 1; seed <= 40; seed++) {
		int nplayers = 2 + (int)(seed % 4), edition = 1 + (int)(seed % 3);
		struct cr_game *g = tu_game(edition, nplayers);
		struct cr_game *fresh = tu_game(edition, nplayers);
		int sum[CR_MAXPLAYERS] = { 0 }, n, moves, onboard[CR_MAXPLAYERS] = { 0 };
		const struct cr_event *ev;
		struct cr_meeple mp[64];

		tu_random_moves(g, seed * 2654435761u, 1 << 30);
		assert_true(cr_game_over(g));
		assert_int_equal(cr_game_supply_total(g), 0);
		/* 71 drawn, each placed or discarded: one move each. */
		assert_int_equal(cr_game_nmoves(g), 71);
		/* Points are conserved: scores are the sum of the events. */
		ev = cr_game_events(g, &n);
		for (int i = 0; i < n; i++)
			for (int p = 0; p < nplayers; p++)
				sum[p] += ev[i].pay[p];
		for (int p = 0; p < nplayers; p++)
			assert_int_equal(sum[p], tu_score(g, p));
		/* Every meeple is on the board or in its owner's supply. */
		n = cr_game_meeples(g, mp, 64);
		for (int i = 0; i < n; i++)
			onboard[mp[i].player]++;
		for (int p = 0; p < nplayers; p++)
			assert_int_equal(onboard[p] + tu_meeples(g, p), CR_MEEPLES);
		/* Undo back to the start gives the fresh game. */
		moves = cr_game_nmoves(g);
		assert_int_equal(cr_game_undo(g, 1000), moves);
		assert_same_state(g, fresh);
		cr_game_free(g);
		cr_game_free(fresh);
	}
}

/* ---- issue 18: one event a feature, its amounts per player ------------------ */

/*
 * A field both players hold with a farmer each, Ben's pig in it, two
 * completed cities: one event pays Anna 3 x 2 = 6 and Ben 3 x 2 + 1 x 2
 * = 8 (not an event each); what the field "would pay now" before the end
 * is that same event, amount for amount; and the event names a tile of
 * the field, never the engine's root of it.
 */
static void
test_one_event_per_feature(void **state)
{
	static const char *const moves[] = {
		"E 0,1 180 farmer@N", "U 1,0 0 farmer@N", "B 0,-1 0", "A 2,0 90", "B 1,1 0",
		"E 1,2 0 pig@S", "B 2,1 0", "E 1,3 180",
	};
	struct cr_game *g = tu_game_with(3, 2, "traders-builders");
	struct cr_event now;
	const struct cr_event *ev;
	struct cr_place tiles[16];
	int n, seg, nt, k;

	(void)state;
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
		tu_play(g, moves[i]);
	seg = cr_game_seg_at(g, 1, 0, CR_SPOT_N, CR_FIELD, NULL);
	assert_true(seg >= 0);
	assert_true(cr_game_feature_score(g, seg, &now));
	assert_int_equal(now.winners, 3);
	assert_int_equal(now.points, 6);	/* the price; the pig is Ben's alone */
	assert_int_equal(now.pay[0], 6);
	assert_int_equal(now.pay[1], 8);
	tu_play(g, "end");
	ev = cr_game_events(g, &n);
	assert_int_equal(n, 1);
	assert_int_equal(ev[0].reason, CR_EV_FARM);
	assert_int_equal(ev[0].winners, 3);
	assert_int_equal(ev[0].pay[0], 6);
	assert_int_equal(ev[0].pay[1], 8);
	for (int p = 2; p < CR_MAXPLAYERS; p++)
		assert_int_equal(ev[0].pay[p], 0);
	assert_int_equal(ev[0].nterm, 1);	/* the pig's term, for Ben */
	assert_int_equal(ev[0].term[0].only, 2);
	assert_int_equal(memcmp(now.pay, ev[0].pay, sizeof now.pay), 0);
	assert_int_equal(tu_score(g, 0), 6);
	assert_int_equal(tu_score(g, 1), 8);
	nt = cr_game_feature_tiles(g, seg, tiles, 16);
	for (k = 0; k < nt && !(tiles[k].x == ev[0].x && tiles[k].y == ev[0].y); k++)
		;
	assert_true(k < nt);
	cr_game_free(g);
}

/* A feature's summed count by its root (cr_feature_summed: the Wheel's
 * Tax reads a city's pennants so) is cr_game_feature's pennants: C (a
 * pennant) on D's city, then F (a pennant) east of C: 2. */
static void
test_feature_summed(void **state)
{
	struct cr_game *g = tu_game(3, 2);
	struct cr_feature f;
	int seg;

	(void)state;
	tu_play(g, "C 0,1 0");
	seg = cr_game_seg_at(g, 0, 1, CR_SPOT_N, CR_CITY, NULL);
	assert_true(seg >= 0);
	assert_int_equal(cr_feature_summed(g, cr_feature_root(g, seg)), 1);
	tu_play(g, "F 1,1 0");
	cr_game_feature(g, seg, &f);
	assert_int_equal(f.pennants, 2);
	assert_int_equal(cr_feature_summed(g, cr_feature_root(g, seg)), 2);
	seg = cr_game_seg_at(g, 0, 0, CR_SPOT_S, CR_FIELD, NULL);	/* D's field: none */
	assert_int_equal(cr_feature_summed(g, cr_feature_root(g, seg)), 0);
	cr_game_free(g);
}

/* An event built where the game keeps it (cr_game_event_room) is
 * cleared whatever the room held, and cr_game_pay keeps it without a
 * copy: one event more, the winner paid; a local event as before. */
static void
test_event_room(void **state)
{
	struct cr_game *g = tu_game(3, 2);
	struct cr_event room, *ev;
	const struct cr_event *all;
	int n, n0;

	(void)state;
	tu_play(g, "E 0,1 180");
	cr_game_events(g, &n0);
	assert_true(g->events.n < g->events.cap);
	memset(&g->events.v[g->events.n], 0xab, sizeof *ev);	/* what an undo left */
	ev = cr_game_event_room(g, &room);
	assert_ptr_equal(ev, &g->events.v[g->events.n]);
	assert_int_equal(ev->reason, CR_EV_MODULE);
	assert_int_equal(ev->feature, -1);
	assert_int_equal(ev->points + ev->winners + ev->pay[0] + ev->pay[1] + ev->detail[0], 0);
	ev->pay[1] = 5, ev->winners = 2;
	cr_game_pay(g, ev, 1);
	all = cr_game_events(g, &n);
	assert_int_equal(n, n0 + 1);
	assert_int_equal(tu_score(g, 1), 5);
	assert_int_equal(all[n - 1].move, 1);
	assert_int_equal(all[n - 1].pay[1], 5);
	memset(&room, 0, sizeof room);	/* a local one: copied */
	room.reason = CR_EV_MODULE, room.feature = -1, room.pay[0] = 2, room.winners = 1;
	cr_game_pay(g, &room, 1);
	all = cr_game_events(g, &n);
	assert_int_equal(tu_score(g, 0), 2);
	assert_int_equal(n, n0 + 2);
	assert_int_equal(all[n - 1].pay[0], 2);
	cr_game_free(g);
}

/*
 * A follower sent home unscored by a module (cr_figure_leave, issue 21:
 * the Wheel of Fortune's Plague): a pig left without its owner's farmer
 * on its field goes home with it (Traders & Builders' left hook); a
 * pig whose owner keeps a farmer there stays, another player's too.
 */
static void
test_follower_leaves(void **state)
{
	static const char *const moves[] = {
		"E 0,1 180 farmer@N", "U 1,0 0 farmer@N", "B 0,-1 0", "A 2,0 90", "B 1,1 0",
		"E 1,2 0 pig@S",
	};
	struct cr_game *g = tu_game_with(3, 2, "traders-builders");
	int pig = cr_piece_find(0, "pig", 3), pool = cr_piece_pool(pig), seg;
	struct cr_feature f;
	unsigned k;

	(void)state;
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
		tu_play(g, moves[i]);
	assert_int_equal(cr_game_nfigures(g), 3);
	assert_int_equal(cr_game_figure(g, 2)->role, pig);
	assert_int_equal(cr_game_player(g, 1)->pool[pool], 0);
	seg = cr_game_seg_at(g, 1, 0, CR_SPOT_N, CR_FIELD, NULL);
	cr_game_feature(g, seg, &f);
	assert_int_equal(f.meeples[0] + f.meeples[1], 2);
	/* Anna's farmer leaves: Ben's pig stays by his farmer.  The pieces
	 * a call lifts are those between the counts before and after
	 * (cr_game_lifts: the Wheel's Plague names the piece that went with
	 * its follower so). */
	k = cr_game_lifts(g);
	cr_figure_leave(g, 0, 6);
	assert_false(cr_game_figure(g, 0)->on_board);
	assert_true(cr_game_figure(g, 2)->on_board);
	assert_int_equal(tu_meeples(g, 0), 7);
	assert_int_equal(cr_game_lifts(g) - k, 1);
	assert_int_equal(cr_game_lifted(g, k), 0);
	/* Ben's farmer leaves: his pig goes home with it. */
	k = cr_game_lifts(g);
	cr_figure_leave(g, 1, 6);
	assert_false(cr_game_figure(g, 1)->on_board);
	assert_false(cr_game_figure(g, 2)->on_board);
	assert_int_equal(cr_game_lifts(g) - k, 2);
	assert_int_equal(cr_game_lifted(g, k), 1);	/* the farmer, then its pig */
	assert_int_equal(cr_game_lifted(g, k + 1), 2);
	assert_int_equal(cr_game_lifted(g, k + 2), -1);	/* none yet */
	assert_int_equal(cr_game_lifted(g, k - 16), -1);	/* no longer kept */
	assert_int_equal(cr_game_player(g, 1)->pool[pool], 1);
	assert_int_equal(tu_meeples(g, 1), 7);
	cr_game_feature(g, seg, &f);
	assert_int_equal(f.meeples[0] + f.meeples[1], 0);
	assert_int_equal(cr_game_meeples(g, NULL, 0), 0);
	cr_game_free(g);
}

/*
 * Places named right (issue 18, item 10): a flock herded is where the
 * herding shepherd stands, not where the engine keeps the field; goods
 * come from the city the tile just placed completed, named by that tile.
 */
static void
test_event_places(void **state)
{
	struct cr_game *g = tu_game_with(3, 2, "hills-sheep");
	const struct cr_event *ev;
	int n;

	(void)state;
	tu_play(g, "E 0,1 180 shepherd@N sheep=4");	/* Anna's shepherd at 0,1 */
	tu_play(g, "U 1,0 0");
	tu_play(g, "B 1,1 0 herd");
	ev = cr_game_events(g, &n);
	assert_int_equal(n, 1);
	assert_int_equal(ev[0].reason, CR_EV_MODULE);
	assert_int_equal(ev[0].x, 0);
	assert_int_equal(ev[0].y, 1);
	assert_int_equal(ev[0].pay[0], 4);
	cr_game_free(g);

	g = tu_game_with(3, 2, "traders-builders");
	tu_play(g, "TB-G 0,1 180 knight@S");
	tu_play(g, "TB-F 1,1 270");
	tu_play(g, "TB-S 1,0 90");
	tu_play(g, "E 1,-1 0");		/* Ben completes the city */
	ev = cr_game_events(g, &n);
	assert_int_equal(n, 2);
	assert_int_equal(ev[0].reason, CR_EV_TAKE);
	assert_int_equal(ev[0].winners, 2);
	assert_int_equal(ev[0].x, 1);
	assert_int_equal(ev[0].y, -1);
	assert_int_equal(ev[1].reason, CR_EV_COMPLETED);	/* Anna's city, where it closed */
	assert_int_equal(ev[1].x, 1);
	assert_int_equal(ev[1].y, -1);
	assert_int_equal(ev[1].pay[0], 10);
	cr_game_free(g);
}

/* ---- issue 18: a refusal at a square says the rotations that fit there --- */

/* The move of a line, parsed. */
static struct cr_move
line_move(const char *line)
{
	struct nt_turn t;
	struct nt_error err;

	if (nt_parse_move(tu_base(), line, strlen(line), &t, &err) < 0)
		fail_msg("\"%s\": %s", line, err.msg);
	return t.move;
}

static void
test_refusal_fits(void **state)
{
	struct cr_game *g = tu_game(3, 2);
	struct cr_refusal why;
	struct cr_move m = line_move("E 0,1 0");

	(void)state;
	/* E at 0,1 shows field south, D city north: only 180 fits there. */
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.code, CR_R_EDGE_MISMATCH);
	assert_int_equal(why.fits, CR_FITS_KNOWN | 1u << 2);
	assert_false(cr_game_check_place(g, &m, &why));
	assert_int_equal(why.fits, CR_FITS_KNOWN | 1u << 2);
	assert_false(cr_game_play(g, &m, &why));
	assert_int_equal(why.fits, CR_FITS_KNOWN | 1u << 2);
	assert_false(cr_game_check(g, &m, NULL));	/* none asked: nothing worked out */
	/* B (all field) at 0,1: none of its rotations. */
	m = line_move("B 0,1 0");
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.fits, CR_FITS_KNOWN);
	/* Other refusals carry none: an occupied square, no neighbour. */
	m = line_move("E 0,0 0");
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.code, CR_R_OCCUPIED);
	assert_int_equal(why.fits, 0);
	m = line_move("E 5,5 0");
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.fits, 0);
	/* The same when a piece is refused after a tile that fits. */
	m = line_move("E 0,1 180 thief@S");
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.fits, 0);
	cr_game_free(g);

	/* A module's rule of placement: the River's U-turn.  RV-E turns right
	 * at 1,0; RV-G turning right again is refused, turning left fits. */
	g = tu_game_with(3, 2, "river");
	tu_play(g, "RV-E 1,0 90");
	m = line_move("RV-G 1,-1 90");
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.code, CR_R_EXT);
	assert_int_equal(why.fits, CR_FITS_KNOWN | 1u << 2);
	cr_game_free(g);
}

/*
 * cr_game_rules_done: the River, its lake laid last, asks its rules of
 * the move no more; undoing the lake asks them again.  The river of
 * tests/corpus/river-020.yaml, then a base tile: allowed once the lake
 * lies, refused ("the lake ends the river") with the lake undone.
 */
static void
test_rules_done(void **state)
{
	static const char *const river[] = { "RV-G 1,0 0", "RV-D 1,-1 270", "RV-C 1,-2 90",
	    "RV-H 1,-3 270", "RV-F 1,-4 90", "RV-I 1,-5 180", "RV-J 2,-5 0", "RV-E 2,-6 270",
	    "RV-K 3,-6 270", "RV-B 4,-6 0" };
	struct cr_game *g = tu_game_with(3, 5, "river");
	struct cr_move m;
	struct cr_refusal why;

	(void)state;
	for (size_t i = 0; i < sizeof river / sizeof river[0]; i++)
		tu_play(g, river[i]);
	m = line_move("A 3,-5 0");
	assert_false(cr_game_check(g, &m, &why));	/* the lake is left */
	assert_int_equal(why.code, CR_R_EXT);
	assert_int_equal(g->done, 0);
	tu_play(g, "RV-L 5,-6 0");
	assert_int_equal(g->done, 1u << cr_ext_find("river", 5));	/* its hooks out */
	assert_int_equal((g->hk.drawable | g->hk.tile_ok | g->hk.placed) & g->done, 0);
	assert_null(g->hc.placed[0].fn);	/* the River's was the only one */
	assert_true(cr_game_check(g, &m, &why));
	tu_play(g, "A 3,-5 0");
	assert_int_equal(cr_game_undo(g, 2), 2);	/* A, then the lake */
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.code, CR_R_EXT);
	assert_non_null(strstr(cr_phrase(why.phrase), "the lake ends the river"));
	tu_play(g, "RV-L 5,-6 0");
	assert_true(cr_game_check(g, &m, &why));
	/* The next game of a batch (the same modules): asked from the start. */
	assert_true(cr_game_restart(g, &(struct cr_config){ 3, 5, cr_game_exts(g) }));
	m = line_move("A 1,0 0");
	assert_false(cr_game_check(g, &m, &why));
	assert_non_null(strstr(cr_phrase(why.phrase), "the river comes first"));
	cr_game_free(g);
}

/* The same when the river's last tile goes by a discard: the lake of a
 * self-played game with every set but the wheel, which fits nowhere. */
static void
test_rules_done_discard(void **state)
{
	static const char *const river[] = { "RV-E 1,0 90 knight@ESE",
	    "RV-H 1,-1 270 shepherd@ENE sheep=3", "RV-D 1,-2 270 farmer@NNW",
	    "RV-C 1,-3 90 knight@WNW", "RV-G 1,-4 180 big-farmer@NNE", "RV-K 2,-4 90 thief@S",
	    "RV-G 3,-4 90 shepherd@SSW sheep=3", "RV-D 3,-3 90 farmer@SSE",
	    "RV-B 3,-2 90 shepherd@SSW sheep=2", "RV-I 3,-1 0 farmer@SSE" };
	struct cr_game *g = tu_game_with(3, 6, "inns-cathedrals,river,traders-builders,hills-sheep");
	struct cr_move m = line_move("U 4,-1 0 farmer@N");
	struct cr_refusal why;

	(void)state;
	for (size_t i = 0; i < sizeof river / sizeof river[0]; i++)
		tu_play(g, river[i]);
	assert_false(cr_game_check(g, &m, &why));
	assert_non_null(strstr(cr_phrase(why.phrase), "the lake ends the river"));
	assert_int_equal(g->done, 0);
	tu_play(g, "RV-L discard");
	assert_int_equal(g->done, 1u << cr_ext_find("river", 5));	/* its hooks out */
	assert_int_equal(g->hk.tile_ok & g->done, 0);
	tu_play(g, "U 4,-1 0 farmer@N");
	assert_int_equal(cr_game_undo(g, 2), 2);
	assert_int_equal(g->done, 0);
	assert_false(cr_game_check(g, &m, &why));
	assert_non_null(strstr(cr_phrase(why.phrase), "the lake ends the river"));
	cr_game_free(g);
}

/* ---- issue 18: what a module asks of the table by hand ------------------- */

static void
test_table_hook(void **state)
{
	struct cr_game *g = tu_game_with(3, 2, "hills-sheep");
	int e = cr_ext_find("hills-sheep", 11), ph;

	(void)state;
	assert_non_null(cr_exts[e]->table);
	assert_string_equal(cr_exts[e]->hidden, "under hills");
	tu_play(g, "HS-C 0,1 180");		/* a hill: a tile slid under it */
	ph = cr_exts[e]->table(g, e, 1);
	assert_int_not_equal(ph, 0);
	assert_non_null(strstr(cr_phrase(ph), "{tile} at {pos} has a hill"));
	assert_int_equal(cr_game_hidden(g), 1);
	tu_play(g, "V 1,0 90");			/* no hill: nothing to do */
	assert_int_equal(cr_exts[e]->table(g, e, 2), 0);
	assert_int_equal(cr_exts[e]->table(g, e, 1), ph);	/* move 1 still says it */
	assert_int_equal(cr_exts[e]->table(g, e, 3), 0);	/* no such move */
	assert_int_equal(cr_exts[e]->table(g, e, 0), 0);
	cr_game_free(g);
}

/* ---- issue 18 round 2: edition 1's farmers, if the game ended now -------- */

/*
 * Edition 1 pays farmers per completed city at the end.  What
 * cr_game_farm_cities says a city and the fields around it would pay,
 * asked before the end, is exactly what the final scoring then pays:
 * random games, with pigs (a share for some winners) and hills (a tie
 * broken) among them.
 */
static void
test_farm_cities_ed1(void **state)
{
	static const char *const sets[] = { "", "traders-builders", "hills-sheep,traders-builders" };
	int checked = 0, fields = 0, shared = 0;

	(void)state;
	for (uint32_t seed = 1; seed <= 30; seed++) {
		struct cr_game *g = tu_game_with(1, 2 + (int)seed % 3, sets[seed % 3]);
		const struct cr_tileset *ts = cr_game_tileset(g);
		struct cr_event *want = NULL, ev[64];
		struct cr_move end = { .kind = CR_MOVE_END };
		const struct cr_event *paid;
		int nwant = 0, npaid, nfarm = 0;

		tu_random_moves(g, seed, 40 + (int)seed * 2);
		if (cr_game_over(g)) {
			cr_game_free(g);
			continue;
		}
		/* Every completed city's event, once; each field's are among them. */
		for (int i = 0; i < cr_game_ntiles(g); i++) {
			const struct cr_placed *t = cr_game_tile(g, i);

			for (int s = 0; s < ts->type[t->type].nseg; s++) {
				int seg = t->seg0 + s, n = cr_game_farm_cities(g, seg, ev, 64), k;
				struct cr_feature f;

				cr_game_feature(g, seg, &f);
				assert_true(n <= 64);
				if (f.kind == CR_FIELD) {
					assert_int_equal(n, f.cities);
					fields += n > 0;
				} else if (f.kind != CR_CITY || !f.complete)
					assert_int_equal(n, 0);
				for (int j = 0; j < n; j++) {
					for (k = 0; k < nwant && want[k].feature != ev[j].feature; k++)
						;
					if (k < nwant) {	/* a field's, the city's own */
						assert_true(tu_same_event(&want[k], &ev[j]));
						continue;
					}
					want = realloc(want, (size_t)(nwant + 1) * sizeof *want);
					assert_non_null(want);
					want[nwant++] = ev[j];
				}
			}
		}
		assert_true(cr_game_play(g, &end, NULL));
		paid = cr_game_events(g, &npaid);
		for (int i = 0; i < npaid; i++) {
			int k;

			if (paid[i].reason != CR_EV_FARM_CITY)
				continue;
			nfarm++;
			for (k = 0; k < nwant && want[k].feature != paid[i].feature; k++)
				;
			assert_true(k < nwant);
			want[k].move = paid[i].move;
			assert_true(tu_same_event(&want[k], &paid[i]));
			checked++;
			shared += paid[i].nterm > 0 || paid[i].tie != 0;
		}
		for (int k = 0; k < nwant; k++) {	/* each paid, or paying nobody */
			assert_int_equal(want[k].move != 0, want[k].winners != 0);
			nfarm -= want[k].winners != 0;
		}
		assert_int_equal(nfarm, 0);
		free(want);
		cr_game_free(g);
	}
	assert_true(checked > 20);	/* the games did pay farmers */
	assert_true(fields > 100);
	assert_true(shared > 0);	/* a pig's share, or a tie a hill broke */
	/* Editions 2 and 3: no such event. */
	{
		struct cr_game *g = tu_game(3, 2);

		tu_play(g, "E 0,1 180 farmer@N");
		assert_int_equal(cr_game_farm_cities(g, cr_game_at(g, 0, 1)->seg0, NULL, 0), 0);
		cr_game_free(g);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_placement_refusals),
		cmocka_unit_test(test_discard_refused_when_it_fits),
		cmocka_unit_test(test_discard_when_nothing_fits),
		cmocka_unit_test(test_spot_refusals),
		cmocka_unit_test(test_feature_taken),
		cmocka_unit_test(test_meeple_supply),
		cmocka_unit_test(test_road_scored_same_turn),
		cmocka_unit_test(test_two_tile_city_by_edition),
		cmocka_unit_test(test_cloister_nine),
		cmocka_unit_test(test_feature_summed),
		cmocka_unit_test(test_event_room),
		cmocka_unit_test(test_field_queries),
		cmocka_unit_test(test_feature_score_fills_event),
		cmocka_unit_test(test_refusal_changes_nothing),
		cmocka_unit_test(test_legal_by_bucket),
		cmocka_unit_test(test_legal_after_gaps),
		cmocka_unit_test(test_whole_game),
		cmocka_unit_test(test_undo_off),
		cmocka_unit_test(test_undo_turned_on),
		cmocka_unit_test(test_tokens_out_of_the_tables),
		cmocka_unit_test(test_one_event_per_feature),
		cmocka_unit_test(test_follower_leaves),
		cmocka_unit_test(test_event_places),
		cmocka_unit_test(test_refusal_fits),
		cmocka_unit_test(test_rules_done),
		cmocka_unit_test(test_rules_done_discard),
		cmocka_unit_test(test_table_hook),
		cmocka_unit_test(test_farm_cities_ed1),
	};

	return cmocka_run_group_tests_name("engine", tests, NULL, NULL);
}
