/*
 * test_report.c -- the game layer's event_parts (notation/game.h) as the
 * tile game's row fills it (notation/tile-parts.c): for every event of
 * every sample and corpus game and of random games of every mix, each
 * paid player's parts are the event's label first, then named extras,
 * and add up to what the event paid; an inn's, a cathedral's, a pig's
 * and vineyards' shares are the ones the scoring says.
 */
#include "testutil.h"

static const char *const records[] = {
	"samples/two-players-ed1.yaml", "samples/two-players-ed3.yaml",
	"samples/three-players-ed3.yaml", "samples/five-players-ed3.yaml",
	"tests/corpus/hs-030.yaml", "tests/corpus/hs-closed-field-001.yaml",
	"tests/corpus/ic-030.yaml", "tests/corpus/mixed-020.yaml",
	"tests/corpus/river-020.yaml", "tests/corpus/tb-017.yaml",
};

/* Every event of g: its parts add up, its category is its label; each
 * player's extras labelled x added into extra[p] (x NULL: none). */
static void
parts_add_up(const void *g, const char *x, int *extra)
{
	const struct nt_game *gm = &nt_game_tile;
	struct nt_part parts[NT_MAXPARTS];
	struct nt_event ev;

	for (int i = 0; i < gm->nevents(g); i++) {
		gm->event(g, i, &ev);
		for (int p = 0; p < gm->nplayers(g); p++) {
			int n, sum = 0;

			if (!(ev.paid & (1u << p)))
				continue;
			n = gm->event_parts(g, i, p, parts, NT_MAXPARTS);
			assert_in_range(n, 1, NT_MAXPARTS);
			assert_string_equal(parts[0].label, ev.label);
			assert_string_equal(parts[0].name, ev.name);
			for (int k = 0; k < n; k++) {
				sum += parts[k].points;
				assert_true(*parts[k].label != '\0');
				if (k > 0 && x != NULL && strcmp(parts[k].label, x) == 0)
					extra[p] += parts[k].points;
			}
			if (sum != ev.points[p])
				fail_msg("event %d (%s, move %d): parts %d, paid %d to player %d", i,
				    ev.label, ev.move, sum, ev.points[p], p);
		}
	}
}

static void *
replay_file(const char *path, struct nt_record *r)
{
	struct nt_replay_error e;
	struct cr_error err;
	size_t len = 0;
	char *text = tu_slurp(path, &len);
	void *g;

	if (text == NULL)
		fail_msg("cannot read %s", path);
	if (nt_record_parse(r, text, len, &err) < 0)
		fail_msg("%s:%d:%d: %s", path, err.line, err.column, err.msg);
	free(text);
	g = nt_game_tile.create(tu_base(), r, &e);
	assert_non_null(g);
	if (!nt_game_replay(&nt_game_tile, g, tu_base(), r, &e))
		fail_msg("%s: move %d: %s", path, e.move, e.msg);
	return g;
}

static void
test_records(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof records / sizeof records[0]; i++) {
		struct nt_record r;
		void *g = replay_file(records[i], &r);

		parts_add_up(g, NULL, NULL);
		nt_game_tile.free(g);
		nt_record_free(&r);
	}
}

/* mixed-020 (its report in tests/cli.sh): Carol's inn is worth 5 more,
 * the pig 2, 4 and 1, vineyards 3 to Bob and Carol. */
static void
test_shares(void **state)
{
	static const struct { const char *label; int want[3]; } shares[] = {
		{ "inn", { 0, 0, 5 } },
		{ "the pig", { 2, 4, 1 } },
		{ "vineyards", { 0, 3, 3 } },
	};
	struct nt_record r;
	void *g = replay_file("tests/corpus/mixed-020.yaml", &r);

	(void)state;
	for (size_t k = 0; k < sizeof shares / sizeof shares[0]; k++) {
		int got[CR_MAXPLAYERS] = { 0 };

		parts_add_up(g, shares[k].label, got);
		for (int p = 0; p < 3; p++)
			assert_int_equal(got[p], shares[k].want[p]);
	}
	nt_game_tile.free(g);
	nt_record_free(&r);
}

/* Random games of every mix of the expansions, 2 to 8 players. */
static void
test_random(void **state)
{
	(void)state;
	for (int mix = 0; mix < 1 << (cr_nexts - 1); mix++)
		for (int np = 2; np <= 8; np += 3) {
			if ((unsigned)mix & ~(cr_rules_modules(0) >> 1))
				break;	/* a module of another game of the family */
			struct cr_config c = { .edition = 3, .nplayers = np };
			struct cr_game *g;
			int a, b;

			for (int e = 1; e < cr_nexts; e++)
				if (mix & 1 << (e - 1))
					c.exts |= 1u << e;
			struct cr_square sq[16];
			struct cr_setup s = { 0 };

			if (!cr_exts_together(c.exts | 1u, &a, &b))
				break;	/* not refereed together yet */
			/* A start tile beside the start squares (the River's
			 * spring by the wheel's board): the first square open. */
			if (cr_game_beside_options(tu_base(), &c, sq, 16) > 0)
				s = (struct cr_setup){ 1, sq[0].x, sq[0].y, sq[0].rot, NULL };
			g = cr_game_create_setup(tu_base(), &c, &s);
			assert_non_null(g);
			tu_random_moves(g, (uint32_t)(mix * 31 + np) | 1, 1 << 20);
			assert_true(cr_game_over(g));
			parts_add_up(g, NULL, NULL);
			cr_game_free(g);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records),
		cmocka_unit_test(test_shares),
		cmocka_unit_test(test_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
