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
	int b, r, n, nwant, paid[CR_NKINDS] = { 0 };

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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_final_scoring_unbounded),
	};

	return cmocka_run_group_tests_name("bounds", tests, NULL, NULL);
}
