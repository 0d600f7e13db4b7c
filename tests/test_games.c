/*
 * test_games.c -- the game layer (notation/game.h): the registry, the
 * record envelope's raw fields read by the game's row wherever game:
 * stands, the generic replay and writer against the tile game's own, and
 * a list field read straight or through libyaml to the same answers.
 */
#include "testutil.h"
#include "notation/dice.h"

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
	char names[128];

	(void)state;
	assert_ptr_equal(nt_games[0], &nt_game_tile);
	assert_true(nt_game_ready(&nt_game_tile));
	assert_ptr_equal(nt_game_find("carcassonne", 11), &nt_game_tile);
	assert_null(nt_game_find("Carcassonne", 11));
	assert_null(nt_game_find("carcassonn", 10));
	assert_non_null(nt_game_find("dice", 4));
	assert_true(nt_game_ready(nt_game_find("dice", 4)));	/* issue 19 part 2 */
	assert_true(nt_game_ready(nt_game_find("hunters-gatherers", 17)));	/* issue 20 */
	assert_int_equal(nt_game_names(names, sizeof names), 36);
	assert_string_equal(names, "carcassonne, hunters-gatherers, dice");
	/* A key's slot is its own, whatever the game. */
	assert_true(nt_key_slot("edition", 7) >= 0);
	assert_int_not_equal(nt_key_slot("edition", 7), nt_key_slot("expansions", 10));
	assert_int_equal(nt_key_slot("players", 7), -1);	/* the envelope's */
	assert_int_equal(nt_key_slot("colour", 6), -1);
	assert_string_equal(nt_key_name(nt_key_slot("expansions", 10)), "expansions");
	/* The tile game's, then its modules' own (issue 21: the Wheel of
	 * Fortune's), from their table. */
	assert_int_equal(nt_game_keylist(&nt_game_tile, names, sizeof names),
	    (int)strlen("format, game, edition, expansions, players, wheel-of-fortune, spring"));
	assert_string_equal(names, "format, game, edition, expansions, players, wheel-of-fortune, "
	    "spring");
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
	    "hills-sheep, wheel-of-fortune)");
	rec_err("format: carcref/1\nplayers: [A]\nexpansions: [river, hills-sheep, river]\n", 3, 34,
	    "expansion \"river\" is given twice");
	rec_err("format: carcref/1\nplayers: [A]\nedition: 2\nedition: 3\n", 4, 1,
	    "\"edition\" is given twice");
	/* A key after game: is the named game's to take. */
	rec_err("format: carcref/1\ngame: carcassonne\nfaces: []\nplayers: [A]\n", 3, 1,
	    "unknown key \"faces\" (expected format, game, edition, expansions, players, wheel-of-fortune, spring or moves)");
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
	/* A refusal: the same move, line, column, sentence and kind. */
	r.moves[2].text[0] = 'Q';
	assert_false(nt_replay_on(g, &r, &e1));
	assert_false(nt_game_replay(&nt_game_tile, h, tu_base(), &r, &e2));
	assert_int_equal(e1.move, 3);
	assert_int_equal(e2.move, 3);
	assert_int_equal(e1.line, e2.line);
	assert_int_equal(e1.column, e2.column);
	assert_string_equal(e1.msg, e2.msg);
	assert_string_equal(e2.kind, "tile-edge-mismatch");
	cr_game_free(g);
	nt_game_tile.free(h);
	nt_record_free(&r);
}

static int
parse_err(struct nt_record *r, const char *text, struct cr_error *err)
{
	return nt_record_parse(r, text, strlen(text), err);
}

/* The shipped dice faces, from the tile directory. */
static const struct dc_faces *
dice_faces(void)
{
	static struct dc_faces f;
	const char *dir = getenv("CARCREF_DATA");
	struct dc_error err;
	char path[4096], *text;
	size_t len;

	if (f.cache != NULL)
		return &f;
	snprintf(path, sizeof path, "%s/dice-faces.yaml", dir ? dir : "rules/tiles");
	if ((text = tu_slurp(path, &len)) == NULL || dc_faces_parse(&f, text, len, &err) < 0)
		fail_msg("cannot load %s", path);
	free(text);
	return &f;
}

/* The dice game's row: its header (edition 1 only, no expansions, at most
 * 5 players, faces inline or a file named, not both), each refusal of
 * the record with its kind (the tile game's have none), its canonical
 * header, its moves replayed and written back through the layer. */
static void
test_dice_row(void **state)
{
	const char *text = "# a game\nmoves:\n  - k x x +cfff +cfcf ccff cccf k cfff / +cfcf +cfff x k "
	    "ccff / cfcf k = 5\n  - \"Ben: K K K X X X CFFF CFFF CCFF = chevalier\"\n"
	    "players: [Anna, Ben]\nfaces:\n  - {code: CFFF, edges: C F F F, cities: [[N]]}\n"
	    "  - {code: CCFF, edges: C C F F, cities: [[N, E]]}\n"
	    "  - {code: CFCF, edges: C F C F, cities: [[N, S]]}\n"
	    "  - {code: CCCF, edges: C C C F, cities: [[N, E, S]]}\n"
	    "game: dice\nformat: carcref/1\n";
	struct nt_replay_error e;
	struct nt_record r;
	struct cr_error err;
	char *out;
	void *g;

	(void)state;
	rec_ok(text, &r);
	assert_ptr_equal(nt_record_game(&r), &nt_game_dice);
	assert_non_null(nt_dice_record_faces(&r));
	assert_null(nt_dice_record_faceset(&r));
	g = nt_game_dice.create(dice_faces(), &r, &e);
	assert_non_null(g);
	assert_true(nt_game_replay(&nt_game_dice, g, dice_faces(), &r, &e));
	assert_ptr_equal(dc_game_faces(g), nt_dice_record_faces(&r));	/* the record's own */
	assert_int_equal(nt_game_dice.score(g, 0), 6);
	assert_int_equal(nt_game_dice.turn(g), 0);
	out = nt_record_text(&r, g);
	assert_non_null(out);
	assert_string_equal(out, "format: carcref/1\ngame: dice\nedition: 1\nexpansions: []\n"
	    "players:\n  - Anna\n  - Ben\nfaces:\n"
	    "  - {code: CFFF, edges: C F F F, cities: [[N]]}\n"
	    "  - {code: CCFF, edges: C C F F, cities: [[N, E]]}\n"
	    "  - {code: CFCF, edges: C F C F, cities: [[N, S]]}\n"
	    "  - {code: CCCF, edges: C C C F, cities: [[N, E, S]]}\nmoves:\n"
	    "  - K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5\n"
	    "  - K K K X X X CFFF CFFF CCFF = knight\n");
	free(out);
	assert_int_equal(nt_game_dice.header_own(&r, g), 0);	/* it names its faces */
	/* A refusal of a move: its kind. */
	r.moves[0].text[0] = 'Q';
	assert_false(nt_game_replay(&nt_game_dice, g, dice_faces(), &r, &e));
	assert_int_equal(e.move, 1);
	assert_string_equal(e.kind, "unknown-face");
	nt_game_dice.free(g);
	nt_record_free(&r);

	/* No faces: the world's, and the header made to name them. */
	rec_ok("format: carcref/1\ngame: dice\nplayers: [A, B]\nmoves: []\n", &r);
	g = nt_game_dice.create(dice_faces(), &r, &e);
	assert_ptr_equal(dc_game_faces(g), dice_faces());
	assert_int_equal(nt_game_dice.header_own(&r, g), 1);
	assert_non_null(nt_dice_record_faces(&r));
	assert_true(dc_faces_same(nt_dice_record_faces(&r), dice_faces()));
	out = nt_record_text(&r, NULL);
	assert_non_null(strstr(out, "players:\n  - A\n  - B\nfaces:\n  - {code: CFFF, also: [cap, "
	    "bord], edges: C F F F, cities: [[N]]}\n"));
	free(out);
	nt_game_dice.free(g);
	nt_record_free(&r);
	rec_ok("format: carcref/1\nfaceset: x.yaml\ngame: dice\nplayers: [A]\n", &r);
	assert_string_equal(nt_dice_record_faceset(&r), "x.yaml");
	out = nt_record_text(&r, NULL);
	assert_non_null(strstr(out, "players:\n  - A\nfaceset: x.yaml\nmoves: []\n"));
	free(out);
	nt_record_free(&r);

	/* The record's refusals, each with its kind once the game is known. */
	assert_int_equal(parse_err(&r, "format: carcref/1\ngame: dice\nedition: 2\n"
	    "players: [A]\n", &err), -1);
	assert_string_equal(err.kind, "header");
	assert_int_equal(parse_err(&r, "format: carcref/1\ngame: dice\ncolour: 2\n"
	    "players: [A]\n", &err), -1);
	assert_string_equal(err.kind, "header");
	assert_string_equal(err.msg, "unknown key \"colour\" (expected format, game, edition, "
	    "expansions, players, faces, faceset or moves)");
	rec_err("format: carcref/1\ngame: dice\nplayers: [A]\nfaces:\n  - {code: CFFF, edges: C F F "
	    "F, cities: [[N]]}\n", 5, 3, "faces: a die has 4 city faces (and a knight and a catapult, "
	    "which are not data); this list has 1 (the shapes are not known for sure: correct them "
	    "here)");
	assert_int_equal(parse_err(&r, "format: carcref/1\ngame: dice\nplayers: [A]\n"
	    "faces: [{code: CFFF, edges: C F F Q, cities: [[N]]}]\n", &err), -1);
	assert_string_equal(err.kind, "data-check");
	assert_int_equal(parse_err(&r, "format: carcref/1\nedition: 4\nplayers: [A]\n", &err), -1);
	assert_null(err.kind);		/* the tile game's: none */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_registry),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_generic),
		cmocka_unit_test(test_dice_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
