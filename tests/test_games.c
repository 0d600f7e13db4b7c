/*
 * test_games.c -- the game layer (notation/game.h): the registry, the
 * record envelope's raw fields read by the game's row wherever game:
 * stands, the generic replay and writer against the tile game's own, and
 * a list field read straight or through libyaml to the same answers.
 */
#include "testutil.h"

static void
rec_ok(const char *text, struct nt_record *r)
{
	struct cr_error err;

	if (nt_record_parse(r, text, strlen(text), &err) < 0)
		fail_msg("refused at %d:%d: %s\n%s", err.line, err.column, err.msg, text);
}

static void
rec_err(const char *text, int line, int column, const char *msg)
{
	struct nt_record r;
	struct cr_error err;

	assert_int_equal(nt_record_parse(&r, text, strlen(text), &err), -1);
	assert_string_equal(err.msg, msg);
	assert_int_equal(err.line, line);
	assert_int_equal(err.column, column);
	/* libyaml alone says the same */
	assert_int_equal(nt_record_parse_yaml(&r, text, strlen(text), &err), -1);
	assert_string_equal(err.msg, msg);
	assert_int_equal(err.line, line);
	assert_int_equal(err.column, column);
}

/* The registry: the tile game first and refereed, the others named. */
static void
test_registry(void **state)
{
	char names[64];

	(void)state;
	assert_ptr_equal(nt_games[0], &nt_game_tile);
	assert_true(nt_game_ready(&nt_game_tile));
	assert_ptr_equal(nt_game_find("carcassonne", 11), &nt_game_tile);
	assert_null(nt_game_find("Carcassonne", 11));
	assert_null(nt_game_find("carcassonn", 10));
	assert_non_null(nt_game_find("dice", 4));
	assert_false(nt_game_ready(nt_game_find("dice", 4)));
	assert_false(nt_game_ready(nt_game_find("hunters-gatherers", 17)));
	assert_int_equal(nt_game_names(names, sizeof names), 11);
	assert_string_equal(names, "carcassonne");
	/* A key's slot is its own, whatever the game. */
	assert_true(nt_key_slot("edition", 7) >= 0);
	assert_int_not_equal(nt_key_slot("edition", 7), nt_key_slot("expansions", 10));
	assert_int_equal(nt_key_slot("players", 7), -1);	/* the envelope's */
	assert_int_equal(nt_key_slot("colour", 6), -1);
	assert_string_equal(nt_key_name(nt_key_slot("expansions", 10)), "expansions");
	assert_int_equal(nt_game_keylist(&nt_game_tile, names, sizeof names),
	    (int)strlen("format, game, edition, expansions, players"));
	assert_string_equal(names, "format, game, edition, expansions, players");
}

/* The game's keys are kept raw and read by its row: before game: or
 * after it, straight or through libyaml, to the same header. */
static void
test_fields(void **state)
{
	static const char *const texts[] = {
		"format: carcref/1\ngame: carcassonne\nedition: 1\nexpansions: [river, hills-sheep]\n"
		    "players: [A, B]\n",
		"format: carcref/1\nedition: 1\nexpansions: [river, hills-sheep]\nplayers: [A, B]\n"
		    "game: carcassonne\n",
		"format: carcref/1\nexpansions:\n  - river\n  - hills-sheep\nedition: '1'\n"
		    "players: [A, B]\n",
		"{format: carcref/1, players: [A, B], expansions: [\"river\", hills-sheep], edition: 1}",
	};
	struct nt_record r;

	(void)state;
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
		const struct nt_field *f;

		rec_ok(texts[i], &r);
		assert_ptr_equal(nt_record_game(&r), &nt_game_tile);
		assert_string_equal(r.game, "carcassonne");
		assert_int_equal(r.edition, 1);
		assert_int_equal(r.nexpansions, 2);
		assert_string_equal(r.expansions[0], "river");
		assert_string_equal(r.expansions[1], "hills-sheep");
		assert_int_equal(r.nfields, 2);
		assert_non_null(f = nt_record_field(&r, "edition"));
		assert_int_equal(f->shape, NT_SCALAR);
		assert_string_equal(f->text, "1");
		assert_non_null(f = nt_record_field(&r, "expansions"));
		assert_int_equal(f->shape, NT_LIST);
		assert_null(nt_record_field(&r, "players"));
		nt_record_free(&r);
	}
	/* A list's entries, placed in the record, however it is written. */
	rec_err("format: carcref/1\nplayers: [A]\nexpansions:\n  - river\n  - [hills-sheep]\n", 5, 5,
	    "each entry of \"expansions\" must be a single value, not a list");
	rec_err("format: carcref/1\nplayers: [A]\nexpansions: [river,\n   chess]\n", 4, 4,
	    "unknown expansion \"chess\" (known: inns-cathedrals, river, traders-builders, "
	    "hills-sheep)");
	rec_err("format: carcref/1\nplayers: [A]\nexpansions: [river, hills-sheep, river]\n", 3, 34,
	    "expansion \"river\" is given twice");
	rec_err("format: carcref/1\nplayers: [A]\nedition: 2\nedition: 3\n", 4, 1,
	    "\"edition\" is given twice");
	/* A key after game: is the named game's to take. */
	rec_err("format: carcref/1\ngame: carcassonne\nfaces: []\nplayers: [A]\n", 3, 1,
	    "unknown key \"faces\" (expected format, game, edition, expansions, players or moves)");
}

/* The generic replay and writer give what the tile game's own give. */
static void
test_generic(void **state)
{
	const char *text = "format: carcref/1\nedition: 1\nplayers: [Anna, Ben]\nmoves:\n"
	    "  - O 1,0 180 farmer@SW\n  - \"Ben: V 1,1 270 farmer@NE\"\n  - Anna: L 2,1 0\n";
	struct nt_replay_error e1, e2;
	struct nt_record r;
	struct cr_game *g, *h;
	char *a, *b;
	bool ok;

	(void)state;
	rec_ok(text, &r);
	g = nt_replay(&r, tu_base(), &ok, &e1);
	assert_non_null(g);
	assert_true(ok);
	h = nt_game_tile.create(tu_base(), &r, &e2);
	assert_non_null(h);
	assert_true(nt_game_replay(&nt_game_tile, h, tu_base(), &r, &e2));
	assert_int_equal(nt_game_tile.nmoves(h), 3);
	assert_int_equal(nt_game_tile.score(h, 0), cr_game_player(g, 0)->score);
	a = nt_record_format(&r, g);
	b = nt_record_text(&r, h);
	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(a, b);
	assert_non_null(strstr(b, "game: carcassonne\nedition: 1\nexpansions: []\nplayers:\n"));
	free(a), free(b);
	/* A refusal: the same move, line, column and sentence; no kind. */
	r.moves[2].text[0] = 'Q';
	assert_false(nt_replay_on(g, &r, &e1));
	assert_false(nt_game_replay(&nt_game_tile, h, tu_base(), &r, &e2));
	assert_int_equal(e1.move, 3);
	assert_int_equal(e2.move, 3);
	assert_int_equal(e1.line, e2.line);
	assert_int_equal(e1.column, e2.column);
	assert_string_equal(e1.msg, e2.msg);
	assert_null(e2.kind);
	cr_game_free(g);
	nt_game_tile.free(h);
	nt_record_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_generic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
