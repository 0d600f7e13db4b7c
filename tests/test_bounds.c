/*
 * test_bounds.c -- no fixed bound in the engine that a longer game or
 * more meeples could exceed.  Today each player has 7 meeples; the
 * expansions add big meeples and more followers, so these white-box
 * tests (they include rules/game-int.h) give the players more than 7
 * by setting their supply before playing, on small tile sets written
 * here, and check that nothing is lost and nothing overflows.
 */
#include "testutil.h"
#include "rules/game-int.h"

#include "oracle.c"

/* Load a tile set from YAML text; the test fails if it is refused. */
static void
load_set(struct cr_tileset *ts, const char *yaml)
{
	struct cr_error err;

	if (cr_tileset_parse(ts, yaml, strlen(yaml), &err) != 0)
		fail_msg("%d:%d: %s", err.line, err.column, err.msg);
}

/* Play a placement; the test fails if it is refused. */
static void
place(struct cr_game *g, int tile, int x, int y, int rot, enum cr_role role,
    enum cr_spot spot)
{
	struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = tile, .x = x, .y = y, .rot = rot,
	    .role = role, .spot = spot };
	struct cr_refusal why;

	if (!cr_game_play(g, &m, &why))
		fail_msg("%s at %d,%d turned %d refused: code %d",
		    cr_game_tileset(g)->type[tile].code, x, y, rot * 90, (int)why.code);
}

/*
 * More features hold meeples at the end than 8 players of 7 meeples
 * could ever fill (56): a row of cloisters with a monk each, and below
 * it a row of dead-end roads with a thief each, 63 and 64 of them.
 * Each one is paid at the end, as the oracle pays it.
 */
static void
test_final_scoring_unbounded(void **state)
{
	static const char yaml[] =
	    "set: many\n"
	    "start: B\n"
	    "tiles:\n"
	    "  - code: B\n"
	    "    count: 64\n"
	    "    edges: [field, field, field, field]\n"
	    "    features:\n"
	    "      - {kind: cloister}\n"
	    "      - {kind: field, at: [N, E, S, W]}\n"
	    "  - code: R\n"
	    "    count: 64\n"
	    "    edges: [field, field, field, road]\n"
	    "    features:\n"
	    "      - {kind: road, at: [W], end: village}\n"
	    "      - {kind: field, at: [N, E, S, WNW, WSW]}\n";
	struct cr_tileset ts;
	struct cr_game *g;
	struct oracle *o;
	struct or_event want[256];
	bool used[256] = { false };
	const struct cr_event *ev;
	int b, r, n, nwant, paid[CR_MAXKINDS] = { 0 };

	(void)state;
	load_set(&ts, yaml);
	b = cr_tileset_find(&ts, "B", 1), r = cr_tileset_find(&ts, "R", 1);
	g = cr_game_new(&ts, 3, 2);
	assert_non_null(g);
	g->player[0].meeples = g->player[1].meeples = 100;
	for (int x = 1; x < 64; x++)		/* cloisters east of the start */
		place(g, b, x, 0, 0, CR_MONK, CR_SPOT_C);
	for (int x = 0; x < 64; x++)		/* roads below, running south */
		place(g, r, x, -1, 3, CR_THIEF, CR_SPOT_S);
	assert_true(cr_game_over(g));
	assert_int_equal(cr_game_meeples(g, NULL, 0), 127);

	/* Every final event is one the oracle expects, and every one it
	 * expects is there. */
	o = oracle_new(&ts);
	assert_non_null(o);
	if (!oracle_load(o, g))
		fail_msg("the oracle finds the board inconsistent: %s", oracle_error(o));
	nwant = oracle_final(o, want, 256);
	assert_int_equal(nwant, 127);
	ev = cr_game_events(g, &n);
	for (int i = 0; i < n; i++) {
		int f = oracle_feature_of(o, ev[i].feature), k;

		assert_int_equal(ev[i].reason, CR_EV_FINAL);
		for (k = 0; k < nwant && !(want[k].feature == f && !used[k]); k++)
			;
		if (k == nwant)
			fail_msg("event %d (%s at %d,%d): the oracle pays it nothing, or "
			    "already paid it", i, cr_kind_name(ev[i].kind), ev[i].x, ev[i].y);
		used[k] = true;
		assert_int_equal(ev[i].points, want[k].points);
		assert_int_equal(ev[i].winners, want[k].winners);
		paid[ev[i].kind]++;
	}
	assert_int_equal(n, nwant);
	assert_int_equal(paid[CR_CLOISTER], 63);
	assert_int_equal(paid[CR_ROAD], 64);
	oracle_free(o);
	cr_game_free(g);
	cr_tileset_free(&ts);
}

/*
 * One move returns more meeples than 8 players of 7 could have standing:
 * a row of city strips under a row of fields, a knight on every other
 * strip, the gaps filled, then the last tile of the box caps the city
 * and sends 300 knights home.  The undo log of that move holds a copy
 * of each (cr_game_set_undo); it must have had room for them all.  The
 * game is played without undo up to the last move, and the log is
 * emptied of all memory, so its only room is what the move reserves.
 */
static void
test_undo_log_room_unbounded(void **state)
{
	static const char yaml[] =
	    "set: strip\n"
	    "start: K\n"
	    "tiles:\n"
	    "  - code: K\n"			/* a city cap, facing E */
	    "    count: 2\n"
	    "    edges: [field, city, field, field]\n"
	    "    features:\n"
	    "      - {kind: city, at: [E]}\n"
	    "      - {kind: field, at: [N, S, W], next_to: [E]}\n"
	    "  - code: S\n"			/* a city running W to E */
	    "    count: 599\n"
	    "    edges: [field, city, field, city]\n"
	    "    features:\n"
	    "      - {kind: city, at: [E, W]}\n"
	    "      - {kind: field, at: [N], next_to: [E]}\n"
	    "      - {kind: field, at: [S], next_to: [E]}\n"
	    "  - code: F\n"
	    "    count: 601\n"
	    "    edges: [field, field, field, field]\n"
	    "    features:\n"
	    "      - {kind: field, at: [N, E, S, W]}\n";
	enum { KNIGHTS = 300 };
	struct cr_tileset ts;
	struct cr_game *g;
	const struct cr_event *ev;
	int k, s, f, n;

	(void)state;
	load_set(&ts, yaml);
	k = cr_tileset_find(&ts, "K", 1), s = cr_tileset_find(&ts, "S", 1);
	f = cr_tileset_find(&ts, "F", 1);
	g = cr_game_new(&ts, 3, 1);
	assert_non_null(g);
	g->player[0].meeples = 1000;
	cr_game_set_undo(g, false);
	for (int x = 0; x <= 2 * KNIGHTS; x++)
		place(g, f, x, 1, 0, CR_ROLE_NONE, 0);
	for (int x = 1; x < 2 * KNIGHTS; x += 2)
		place(g, s, x, 0, 0, CR_KNIGHT, CR_SPOT_E);
	for (int x = 2; x < 2 * KNIGHTS; x += 2)
		place(g, s, x, 0, 0, CR_ROLE_NONE, 0);
	assert_int_equal(cr_game_meeples(g, NULL, 0), KNIGHTS);
	assert_int_equal(cr_game_supply_total(g), 1);

	free(g->log.v);
	g->log.v = NULL;
	g->log.cap = g->log.n = 0;
	cr_game_set_undo(g, true);
	place(g, k, 2 * KNIGHTS, 0, 2, CR_ROLE_NONE, 0);
	assert_true(g->log.n <= g->log.cap);
	assert_true(cr_game_over(g));
	assert_int_equal(cr_game_meeples(g, NULL, 0), 0);
	assert_int_equal(g->onboard, 0);
	assert_int_equal(tu_meeples(g, 0), 1000);
	ev = cr_game_events(g, &n);
	assert_int_equal(n, 1);
	assert_int_equal(ev[0].reason, CR_EV_COMPLETED);
	assert_int_equal(ev[0].meeples[0], KNIGHTS);
	assert_int_equal(ev[0].points, 2 * (2 * KNIGHTS + 1));

	/* And the undo puts every knight back. */
	assert_int_equal(cr_game_undo(g, 1), 1);
	assert_false(cr_game_over(g));
	assert_int_equal(cr_game_meeples(g, NULL, 0), KNIGHTS);
	assert_int_equal(g->onboard, KNIGHTS);
	assert_int_equal(tu_meeples(g, 0), 1000 - KNIGHTS);
	assert_int_equal(tu_score(g, 0), 0);
	cr_game_events(g, &n);
	assert_int_equal(n, 0);
	cr_game_free(g);
	cr_tileset_free(&ts);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_final_scoring_unbounded),
		cmocka_unit_test(test_undo_log_room_unbounded),
	};

	return cmocka_run_group_tests_name("bounds", tests, NULL, NULL);
}
