/*
 * test_notation.c -- turn lines (notation.md, "One turn, one line"):
 * the parser token by token, every error with its column and sentence,
 * the formatter's canonical form and the round trips between the two,
 * the PLAYER: prefix checks of nt_play, and the wording of refusals.
 */
#include <ctype.h>
#include <libintl.h>
#include <locale.h>

#include "testutil.h"

/* ---- helpers ----------------------------------------------------------- */

static int
tile(const char *code)
{
	int t = cr_tileset_find(tu_base(), code, strlen(code));

	if (t < 0)
		fail_msg("no tile %s in the base set", code);
	return t;
}

static void
parse_ok(const char *line, struct nt_turn *t)
{
	struct nt_error err;

	if (nt_parse_move(tu_base(), line, strlen(line), t, &err) < 0)
		fail_msg("\"%s\" refused at column %d: %s", line, err.column, err.msg);
}

/* A place move, checked field by field. */
static void
expect_place(const char *line, const char *code, int x, int y, int rot,
    int role, enum cr_spot spot)
{
	struct nt_turn t;

	parse_ok(line, &t);
	if (t.blank || t.move.kind != CR_MOVE_PLACE || t.move.tile != tile(code) ||
	    t.move.x != x || t.move.y != y || t.move.rot != rot ||
	    t.move.role != role || t.move.spot != spot)
		fail_msg("\"%s\": got blank %d kind %d tile %d %d,%d rot %d role %d spot %d",
		    line, t.blank, (int)t.move.kind, t.move.tile, t.move.x, t.move.y,
		    t.move.rot, (int)t.move.role, (int)t.move.spot);
}

static void
parse_err(const char *line, size_t len, int column, const char *msg)
{
	struct nt_error err;
	struct nt_turn t;

	if (nt_parse_move(tu_base(), line, len, &t, &err) == 0)
		fail_msg("\"%s\" accepted, expected column %d: %s", line, column, msg);
	if (err.column != column || strcmp(err.msg, msg) != 0)
		fail_msg("\"%s\":\n  got      %d: %s\n  expected %d: %s", line,
		    err.column, err.msg, column, msg);
}
#define PARSE_ERR(line, column, msg) parse_err(line, strlen(line), column, msg)

static void
expect_format(const struct cr_move *m, const char *player, const char *want)
{
	char buf[128];
	int n = nt_format_move(tu_base(), m, player, buf, sizeof buf);

	assert_string_equal(buf, want);
	assert_int_equal(n, (int)strlen(want));
}

/* format(parse(line)) is the canonical line. */
static void
canon(const char *line, const char *want)
{
	struct nt_turn t;
	char player[64], buf[128];

	parse_ok(line, &t);
	if (t.player != NULL) {
		assert_true(t.player_len < sizeof player);
		memcpy(player, t.player, t.player_len);
		player[t.player_len] = '\0';
	}
	nt_format_move(tu_base(), &t.move, t.player ? player : NULL, buf, sizeof buf);
	if (strcmp(buf, want) != 0)
		fail_msg("\"%s\": formatted as \"%s\", expected \"%s\"", line, buf, want);
}

static void
play_err(struct cr_game *g, const char *line, const char *player, int column,
    const char *msg)
{
	struct nt_error err;
	int before = cr_game_nmoves(g), turn = cr_game_turn(g);

	if (nt_play(g, tu_names, line, strlen(line), player, &err) == 0)
		fail_msg("\"%s\" accepted, expected: %s", line, msg);
	assert_int_equal(cr_game_nmoves(g), before);
	assert_int_equal(cr_game_turn(g), turn);
	if (err.column != column || strcmp(err.msg, msg) != 0)
		fail_msg("\"%s\":\n  got      %d: %s\n  expected %d: %s", line,
		    err.column, err.msg, column, msg);
}

/* ---- refusals ------------------------------------------------------------- */

/* A tile none of whose copies is left: how many the set has, where each
 * lies on the board, and the moves that discarded the others. */
static void
test_no_copy_where(void **state)
{
	struct cr_game *g = tu_game(3, 2);
	struct cr_refusal r = { .code = CR_R_NO_COPY, .tile = tile("C") };
	char buf[256];
	int n;

	(void)state;
	tu_play(g, "E 0,1 180");	/* closes D's city: C fits nowhere */
	tu_play(g, "C discard");
	play_err(g, "C 0,2 0", NULL, 1, "no copy left: the one C of the set is used, "
	    "discarded at move 2");
	tu_play(g, "U 1,0 0");
	tu_play(g, "K -1,0 180");
	tu_play(g, "K 2,0 0");
	tu_play(g, "K 0,-1 270");
	play_err(g, "K 3,0 0", NULL, 1, "no copy left: all 3 K of the set are used, "
	    "on the board at -1,0 2,0 0,-1");
	r.tile = tile("K");
	nt_refusal_game(g, &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "no copy left: all 3 K of the set are used, on the board "
	    "at -1,0 2,0 0,-1");
	/* Cut short, never overrun; the length it needs, as snprintf. */
	/* (the call first: an argument's order of evaluation is unspecified) */
	n = nt_refusal_game(g, &r, tu_names, buf, 10);
	assert_int_equal(n, (int)strlen(buf) + 63);
	assert_int_equal(strlen(buf), 9);
	cr_game_free(g);
}

/* ---- the parser, token by token ---------------------------------------- */

static void
test_spec_examples(void **state)
{
	struct nt_turn t;

	(void)state;
	expect_place("V 1,0 90", "V", 1, 0, 1, CR_ROLE_NONE, 0);
	assert_false(nt_parse_move(tu_base(), "V 1,0 90", 8, &t, &(struct nt_error){ 0 }));
	assert_null(t.player);
	assert_int_equal(t.player_len, 0);

	parse_ok("Anna: U 0,1 0 thief@S", &t);
	assert_non_null(t.player);
	assert_int_equal(t.player_len, 4);
	assert_memory_equal(t.player, "Anna", 4);
	expect_place("Anna: U 0,1 0 thief@S", "U", 0, 1, 0, CR_THIEF, CR_SPOT_S);

	expect_place("B -1,0 0 monk", "B", -1, 0, 0, CR_MONK, CR_SPOT_C);

	parse_ok("E discard", &t);
	assert_false(t.blank);
	assert_int_equal(t.move.kind, CR_MOVE_DISCARD);
	assert_int_equal(t.move.tile, tile("E"));
	assert_null(t.player);

	parse_ok("end", &t);
	assert_false(t.blank);
	assert_int_equal(t.move.kind, CR_MOVE_END);
}

static void
test_blank_and_comments(void **state)
{
	static const char *const blanks[] = {
		"", " ", "\t", "  \t \r", "#", "# a comment", "   # indented comment",
		"#V 1,0 90", "\r",
	};
	struct nt_turn t;

	(void)state;
	for (size_t i = 0; i < sizeof blanks / sizeof *blanks; i++) {
		parse_ok(blanks[i], &t);
		if (!t.blank)
			fail_msg("\"%s\" is not blank", blanks[i]);
		assert_null(t.player);
	}
	/* Zero bytes of a longer buffer: blank. */
	assert_int_equal(nt_parse_move(tu_base(), "V 1,0 90", 0, &t, &(struct nt_error){ 0 }), 0);
	assert_true(t.blank);
	/* len is honoured: the rest of the buffer is not read. */
	assert_int_equal(nt_parse_move(tu_base(), "V 1,0 90 thief@W", 8, &t, &(struct nt_error){ 0 }), 0);
	assert_int_equal(t.move.role, CR_ROLE_NONE);

	/* A comment after a move, with or without a space before it. */
	expect_place("V 1,0 90 # turned", "V", 1, 0, 1, CR_ROLE_NONE, 0);
	expect_place("V 1,0 90#turned", "V", 1, 0, 1, CR_ROLE_NONE, 0);
	expect_place("U 0,1 0 thief@S# on the road", "U", 0, 1, 0, CR_THIEF, CR_SPOT_S);
	/* A colon inside a comment is no player prefix. */
	parse_ok("V 1,0 90 # Anna: thinking", &t);
	assert_null(t.player);
	parse_ok("end # Ben: had to go", &t);
	assert_int_equal(t.move.kind, CR_MOVE_END);
	assert_null(t.player);
	parse_ok("E discard # fits nowhere", &t);
	assert_int_equal(t.move.kind, CR_MOVE_DISCARD);
	/* CRLF line ends: the CR is white space. */
	expect_place("V 1,0 90\r", "V", 1, 0, 1, CR_ROLE_NONE, 0);
	expect_place("U 0,1 0 thief@S\r", "U", 0, 1, 0, CR_THIEF, CR_SPOT_S);
}

static void
test_case_and_spacing(void **state)
{
	struct nt_turn t;

	(void)state;
	expect_place("v 1,0 90", "V", 1, 0, 1, CR_ROLE_NONE, 0);
	expect_place("u 0,1 0 THIEF@s", "U", 0, 1, 0, CR_THIEF, CR_SPOT_S);
	expect_place("U 0,1 0 Farmer@nNe", "U", 0, 1, 0, CR_FARMER, CR_SPOT_NNE);
	expect_place("   V    1,0     90   ", "V", 1, 0, 1, CR_ROLE_NONE, 0);
	expect_place("\tV\t1,0\t90\tknight@n\t", "V", 1, 0, 1, CR_KNIGHT, CR_SPOT_N);
	expect_place("B 0,-1 0 MONK", "B", 0, -1, 0, CR_MONK, CR_SPOT_C);
	expect_place("B 0,-1 0 Monk@c", "B", 0, -1, 0, CR_MONK, CR_SPOT_C);
	/* Codes may carry the base set's prefix. */
	expect_place("BA-V 1,0 90", "V", 1, 0, 1, CR_ROLE_NONE, 0);
	expect_place("ba-x 2,2 270", "X", 2, 2, 3, CR_ROLE_NONE, 0);
	expect_place("Ba-U 0,1 0 t@n", "U", 0, 1, 0, CR_THIEF, CR_SPOT_N);
	for (int k = 0; k < 3; k++) {
		static const char *const ends[] = { "END", "End", "  eNd  " };

		parse_ok(ends[k], &t);
		assert_int_equal(t.move.kind, CR_MOVE_END);
	}
	parse_ok("e DISCARD", &t);
	assert_int_equal(t.move.kind, CR_MOVE_DISCARD);
	assert_int_equal(t.move.tile, tile("E"));
	parse_ok("ba-e Discard", &t);
	assert_int_equal(t.move.kind, CR_MOVE_DISCARD);
	assert_int_equal(t.move.tile, tile("E"));

	/* Positions: signs, zeros, the far edge of the board. */
	expect_place("V -2,3 0", "V", -2, 3, 0, CR_ROLE_NONE, 0);
	expect_place("V +2,-0 0", "V", 2, 0, 0, CR_ROLE_NONE, 0);
	expect_place("V 007,-010 090", "V", 7, -10, 1, CR_ROLE_NONE, 0);
	expect_place("V 100000000,-100000000 180", "V", 100000000, -100000000, 2, CR_ROLE_NONE, 0);
	expect_place("V 0,0 270", "V", 0, 0, 3, CR_ROLE_NONE, 0);
}

static void
test_player_prefix(void **state)
{
	struct nt_turn t;

	(void)state;
	parse_ok("  Anna  :  V 1,0 90", &t);
	assert_int_equal(t.player_len, 4);
	assert_memory_equal(t.player, "Anna", 4);
	expect_place("  Anna  :  V 1,0 90", "V", 1, 0, 1, CR_ROLE_NONE, 0);
	parse_ok("Anna Maria:V 1,0 90", &t);
	assert_int_equal(t.player_len, 10);
	assert_memory_equal(t.player, "Anna Maria", 10);
	parse_ok("Ben: E discard", &t);
	assert_int_equal(t.move.kind, CR_MOVE_DISCARD);
	assert_int_equal(t.player_len, 3);
	assert_memory_equal(t.player, "Ben", 3);
	parse_ok("Carl: end", &t);
	assert_int_equal(t.move.kind, CR_MOVE_END);
	assert_memory_equal(t.player, "Carl", 4);
	parse_ok("Dora: B 0,-1 0 monk # a comment: with a colon", &t);
	assert_int_equal(t.player_len, 4);
	assert_memory_equal(t.player, "Dora", 4);
	assert_int_equal(t.move.role, CR_MONK);
}

static void
test_roles(void **state)
{
	static const struct { const char *word; enum cr_role role; } words[] = {
		{ "thief", CR_THIEF }, { "T", CR_THIEF }, { "t", CR_THIEF },
		{ "voleur", CR_THIEF }, { "brigand", CR_THIEF }, { "BRIGAND", CR_THIEF },
		{ "knight", CR_KNIGHT }, { "K", CR_KNIGHT }, { "chevalier", CR_KNIGHT },
		{ "Chevalier", CR_KNIGHT },
		{ "monk", CR_MONK }, { "M", CR_MONK }, { "moine", CR_MONK },
		{ "farmer", CR_FARMER }, { "F", CR_FARMER }, { "paysan", CR_FARMER },
		{ "PAYSAN", CR_FARMER },
	};
	static const char *const notroles[] = {
		"", "thie", "thiefs", "knights", "x", "meeple", "big-thie", "builders",
		"monk@C", "farmer ", "TK",
	};
	char line[64];

	(void)state;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
		assert_int_equal(nt_role_lookup(0, words[i].word, strlen(words[i].word)),
		    words[i].role);
		snprintf(line, sizeof line, "U 0,1 0 %s@W", words[i].word);
		expect_place(line, "U", 0, 1, 0, words[i].role, CR_SPOT_W);
	}
	for (size_t i = 0; i < sizeof notroles / sizeof *notroles; i++)
		assert_int_equal(nt_role_lookup(0, notroles[i], strlen(notroles[i])), CR_ROLE_NONE);
	/* Words beyond ASCII (French aliases): the bytes compared unsigned
	 * (a regression: "bâtisseur" was refused as no role). */
	assert_int_equal(nt_role_lookup(0, "b\xc3\xa2tisseur", 10), nt_role_lookup(0, "builder", 7));
	assert_int_equal(nt_role_lookup(0, "B\xc3\xa2tisseur", 10), nt_role_lookup(0, "builder", 7));
	assert_int_not_equal(nt_role_lookup(0, "builder", 7), CR_ROLE_NONE);
	expect_place("U 0,1 0 b\xc3\xa2tisseur@W", "U", 0, 1, 0, nt_role_lookup(0, "builder", 7),
	    CR_SPOT_W);
	/* The length is honoured: "thiefX" cut to 5 bytes is thief. */
	assert_int_equal(nt_role_lookup(0, "thiefX", 5), CR_THIEF);
	/* monk may omit @C, in every spelling; no other role may. */
	expect_place("B 0,-1 0 monk", "B", 0, -1, 0, CR_MONK, CR_SPOT_C);
	expect_place("B 0,-1 0 m", "B", 0, -1, 0, CR_MONK, CR_SPOT_C);
	expect_place("B 0,-1 0 moine", "B", 0, -1, 0, CR_MONK, CR_SPOT_C);
	expect_place("B 0,-1 0 monk@C", "B", 0, -1, 0, CR_MONK, CR_SPOT_C);
	/* A monk at a compass spot is kept as written: the engine judges it. */
	expect_place("B 0,-1 0 monk@N", "B", 0, -1, 0, CR_MONK, CR_SPOT_N);
}

static void
test_spots(void **state)
{
	static const char *const names[CR_NSPOTS] = {
		"N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
		"S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW", "C",
	};
	static const char *const fr[CR_NSPOTS] = {
		"N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
		"S", "SSO", "SO", "OSO", "O", "ONO", "NO", "NNO", "C",
	};
	char line[64], lower[8];

	(void)state;
	for (int s = 0; s < CR_NSPOTS; s++) {
		assert_string_equal(cr_spot_name((enum cr_spot)s), names[s]);
		snprintf(line, sizeof line, "X 1,0 0 farmer@%s", names[s]);
		expect_place(line, "X", 1, 0, 0, CR_FARMER, (enum cr_spot)s);
		for (size_t i = 0; i <= strlen(names[s]); i++)
			lower[i] = (char)(names[s][i] | (names[s][i] ? 0x20 : 0));
		snprintf(line, sizeof line, "X 1,0 0 knight@%s", lower);
		expect_place(line, "X", 1, 0, 0, CR_KNIGHT, (enum cr_spot)s);
	}
	/* The French compass: O (ouest) is W, in every compound and case;
	 * the spot is written back in English. */
	for (int s = 0; s < CR_NSPOTS; s++) {
		assert_int_equal(cr_spot_lookup(fr[s], (int)strlen(fr[s])), s);
		assert_string_equal(cr_spot_name((enum cr_spot)cr_spot_lookup(fr[s],
		    (int)strlen(fr[s]))), names[s]);
		snprintf(line, sizeof line, "X 1,0 0 paysan@%s", fr[s]);
		expect_place(line, "X", 1, 0, 0, CR_FARMER, (enum cr_spot)s);
		for (size_t i = 0; i <= strlen(fr[s]); i++)
			lower[i] = (char)(fr[s][i] | (fr[s][i] ? 0x20 : 0));
		snprintf(line, sizeof line, "X 1,0 0 chevalier@%s", lower);
		expect_place(line, "X", 1, 0, 0, CR_KNIGHT, (enum cr_spot)s);
	}
	assert_int_equal(cr_spot_lookup("OO", 2), -1);
	assert_int_equal(cr_spot_lookup("NOE", 3), -1);
}

/* ---- every error, its column and its sentence -------------------------- */

#define ROT_MSG	"expected a rotation 0, 90, 180 or 270, got "
#define POS_MSG	"expected a position x,y (whole numbers, no spaces) or \"discard\", got "
#define LIMIT_MSG "a coordinate goes from -100000000 to 100000000, got "
#define ROLE_MSG "expected a role (thief, knight, monk, farmer, big-thief, big-knight, big-monk, big-farmer, builder, pig, shepherd, crown, big-crown), got "
#define SPOT_MSG "expected a spot (N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW or C), got "

static void
test_errors(void **state)
{
	(void)state;
	/* The issue's own example. */
	PARSE_ERR("V 0,1 45", 7, ROT_MSG "\"45\"");
	/* Tokens: the forms listed are the modules' own (rules/ext.h tables). */
	PARSE_ERR("U 1,0 90 shepherd@N goat=2", 21,
	    "expected a token (sheep=N or wolf), got \"goat=2\"");
	PARSE_ERR("U 1,0 90 grow", 14, "expected a token after \"grow\" (sheep=N or wolf)");
	PARSE_ERR("Anna: V 0,1 45", 13, ROT_MSG "\"45\"");
	PARSE_ERR("V 0,1 360", 7, ROT_MSG "\"360\"");
	PARSE_ERR("V 0,1 -90", 7, ROT_MSG "\"-90\"");
	PARSE_ERR("V 0,1 ninety", 7, ROT_MSG "\"ninety\"");
	PARSE_ERR("V 0,1 99999999999999999999", 7, ROT_MSG "\"99999999999999999999\"");
	PARSE_ERR("V 0,1 90.0", 7, ROT_MSG "\"90.0\"");
	PARSE_ERR("V 0,1 +", 7, ROT_MSG "\"+\"");
	PARSE_ERR("V 0,1", 6, "expected a rotation 0, 90, 180 or 270 after the position");
	PARSE_ERR("V 0,1   # later", 9, "expected a rotation 0, 90, 180 or 270 after the position");

	/* Player prefix. */
	PARSE_ERR(": V 1,0 90", 1, "expected a player name before \":\"");
	PARSE_ERR("   : V 1,0 90", 4, "expected a player name before \":\"");
	PARSE_ERR("Anna:", 6, "expected a tile code after \"Anna:\"");
	PARSE_ERR("Anna:   ", 9, "expected a tile code after \"Anna:\"");
	PARSE_ERR("Anna: # nothing", 7, "expected a tile code after \"Anna:\"");
	PARSE_ERR("Anna:Ben: V 1,0 90", 6, "unknown tile \"Ben:\"");

	/* end and discard take nothing after them. */
	PARSE_ERR("end now", 5, "unexpected \"now\" after \"end\"");
	PARSE_ERR("Anna: end  1,0", 12, "unexpected \"1,0\" after \"end\"");
	PARSE_ERR("E discard 0,1", 11, "unexpected \"0,1\" after \"discard\"");
	PARSE_ERR("E discard   now # x", 13, "unexpected \"now\" after \"discard\"");

	/* Tiles. */
	PARSE_ERR("Z 0,1 0", 1, "unknown tile \"Z\"");
	PARSE_ERR("  zz 0,1 0", 3, "unknown tile \"zz\"");
	PARSE_ERR("BA- 0,1 0", 1, "unknown tile \"BA-\"");
	PARSE_ERR("BA-Z 0,1 0", 1, "unknown tile \"BA-Z\"");
	PARSE_ERR("ZZ-A 0,1 0", 1, "unknown tile \"ZZ-A\"");
	PARSE_ERR("ending", 1, "unknown tile \"ending\"");
	PARSE_ERR("discard", 1, "unknown tile \"discard\"");

	/* Positions. */
	PARSE_ERR("V", 2, "expected a position x,y or \"discard\" after the tile");
	PARSE_ERR("V   ", 5, "expected a position x,y or \"discard\" after the tile");
	PARSE_ERR("V 1 90", 3, POS_MSG "\"1\"");
	PARSE_ERR("V 1, 0 90", 3, POS_MSG "\"1,\"");
	PARSE_ERR("V 1 ,0 90", 3, POS_MSG "\"1\"");
	PARSE_ERR("V ,0 90", 3, POS_MSG "\",0\"");
	PARSE_ERR("V a,b 90", 3, POS_MSG "\"a,b\"");
	PARSE_ERR("V 1,2,3 90", 3, POS_MSG "\"1,2,3\"");
	PARSE_ERR("V 1.5,0 90", 3, POS_MSG "\"1.5,0\"");
	PARSE_ERR("V --1,0 90", 3, POS_MSG "\"--1,0\"");
	PARSE_ERR("V -,0 90", 3, POS_MSG "\"-,0\"");
	/* Beyond the limit: the limit named (issue 18). */
	PARSE_ERR("V 100000001,0 90", 3, LIMIT_MSG "\"100000001,0\"");
	PARSE_ERR("V 0,-100000001 90", 3, LIMIT_MSG "\"0,-100000001\"");
	PARSE_ERR("V 99999999999999999999999,0 90", 3, LIMIT_MSG "\"99999999999999999999999,0\"");
	PARSE_ERR("V 100000000,-100000001x 90", 3, POS_MSG "\"100000000,-100000001x\"");
	PARSE_ERR("discard discard", 1, "unknown tile \"discard\"");

	/* Roles and spots. */
	PARSE_ERR("U 0,1 0 wizard@N", 9, ROLE_MSG "\"wizard\"");
	PARSE_ERR("U 0,1 0 wizard", 9, ROLE_MSG "\"wizard\"");
	PARSE_ERR("U 0,1 0 @N", 9, ROLE_MSG "\"\"");
	PARSE_ERR("U 0,1 0 huge-thief@E", 9, ROLE_MSG "\"huge-thief\"");
	PARSE_ERR("U 0,1 0 thief", 14, "expected @SPOT after \"thief\" (N, NNE, NE, ..., C)");
	PARSE_ERR("U 0,1 0 T  ", 10, "expected @SPOT after \"T\" (N, NNE, NE, ..., C)");
	PARSE_ERR("U 0,1 0 paysan # x", 15, "expected @SPOT after \"paysan\" (N, NNE, NE, ..., C)");
	PARSE_ERR("U 0,1 0 thief@X", 15, SPOT_MSG "\"X\"");
	PARSE_ERR("U 0,1 0 thief@", 15, SPOT_MSG "\"\"");
	PARSE_ERR("U 0,1 0 thief@NN", 15, SPOT_MSG "\"NN\"");
	PARSE_ERR("U 0,1 0 thief@NNEE", 15, SPOT_MSG "\"NNEE\"");
	PARSE_ERR("U 0,1 0 thief@S@N", 15, SPOT_MSG "\"S@N\"");
	PARSE_ERR("U 0,1 0 thief@S extra", 17, "unexpected \"extra\" after the meeple");
	PARSE_ERR("U 0,1 0 thief@S knight@N", 17, "unexpected \"knight@N\" after the meeple");
	PARSE_ERR("B 0,-1 0 monk monk", 15, "unexpected \"monk\" after the meeple");
}

/* Quoted tokens are cut and made printable; a NUL byte is just a byte. */
static void
test_error_quoting(void **state)
{
	char line[200], want[200];

	(void)state;
	/* NT_QUOTE_MAX (48) bytes are shown whole, 49 are cut to 48 and
	 * "...". */
	memset(line, 'q', 48);
	strcpy(line + 48, " 0,1 0");
	snprintf(want, sizeof want, "unknown tile \"%.48s\"", line);
	PARSE_ERR(line, 1, want);
	memset(line, 'q', 49);
	strcpy(line + 49, " 0,1 0");
	snprintf(want, sizeof want, "unknown tile \"%.48s...\"", line);
	PARSE_ERR(line, 1, want);
	memset(line, 'q', 150);
	line[150] = '\0';
	PARSE_ERR(line, 1, want);

	/* What was typed is kept (the writers escape it), a NUL as \x00. */
	PARSE_ERR("\x01Q\x7f 0,1 0", 1, "unknown tile \"\x01Q\x7f\"");
	PARSE_ERR("V 0,1 9\xc3\xa9", 7, ROT_MSG "\"9\xc3\xa9\"");
	parse_err("V\0 0,1 0", 8, 1, "unknown tile \"V\\x00\"");
	parse_err("V 0,1 0 T@\0", 11, 11, SPOT_MSG "\"\\x00\"");
}

/* ---- the formatter -------------------------------------------------------- */

static void
test_format(void **state)
{
	struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = tile("V"), .x = 1, .y = 0, .rot = 1 };
	char buf[8];

	(void)state;
	expect_format(&m, NULL, "V 1,0 90");
	expect_format(&m, "Anna", "Anna: V 1,0 90");
	m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = tile("U"), .x = 0, .y = 1,
	    .role = CR_THIEF, .spot = CR_SPOT_S };
	expect_format(&m, "Anna", "Anna: U 0,1 0 thief@S");
	m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = tile("B"), .x = -1,
	    .role = CR_MONK, .spot = CR_SPOT_C };
	expect_format(&m, NULL, "B -1,0 0 monk");
	m.spot = CR_SPOT_N;
	expect_format(&m, NULL, "B -1,0 0 monk@N");
	m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = tile("X"), .x = -100000000,
	    .y = 100000000, .rot = 3, .role = CR_FARMER, .spot = CR_SPOT_WNW };
	expect_format(&m, NULL, "X -100000000,100000000 270 farmer@WNW");
	m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = tile("C"), .y = 1, .rot = 2,
	    .role = CR_KNIGHT, .spot = CR_SPOT_C };
	expect_format(&m, NULL, "C 0,1 180 knight@C");
	m = (struct cr_move){ .kind = CR_MOVE_DISCARD, .tile = tile("E") };
	expect_format(&m, NULL, "E discard");
	expect_format(&m, "Ben", "Ben: E discard");
	m = (struct cr_move){ .kind = CR_MOVE_END };
	expect_format(&m, NULL, "end");
	expect_format(&m, "Ben", "Ben: end");

	/* snprintf's contract: the length needed, cut and terminated. */
	m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = tile("U"), .x = 10, .y = -12,
	    .rot = 3, .role = CR_THIEF, .spot = CR_SPOT_E };
	memset(buf, 'x', sizeof buf);
	assert_int_equal(nt_format_move(tu_base(), &m, "Anna", buf, sizeof buf),
	    (int)strlen("Anna: U 10,-12 270 thief@E"));
	assert_string_equal(buf, "Anna: U");
	memset(buf, 'x', sizeof buf);
	assert_int_equal(nt_format_move(tu_base(), &m, NULL, buf, 1), 20);
	assert_int_equal(buf[0], '\0');
	assert_int_equal(buf[1], 'x');
	assert_int_equal(nt_format_move(tu_base(), &m, "Anna", NULL, 0), 26);
	assert_int_equal(nt_format_move(tu_base(), &m, NULL, buf, 0), 20);
	assert_int_equal(buf[0], '\0');	/* untouched since the last call */
	/* A tile index out of range is written "?", not read out of bounds. */
	m.tile = 999;
	assert_int_equal(nt_format_move(tu_base(), &m, NULL, NULL, 0), 20);
	m.tile = -1;
	m.kind = CR_MOVE_DISCARD;
	expect_format(&m, NULL, "? discard");
}

static bool
same_move(const struct cr_move *a, const struct cr_move *b)
{
	return a->kind == b->kind && a->tile == b->tile && a->x == b->x && a->y == b->y &&
	    a->rot == b->rot && a->role == b->role && a->spot == b->spot;
}

/* parse(format(m)) == m, for every tile, rotation, role and spot. */
static void
roundtrip(const struct cr_move *m, const char *player)
{
	char buf[128];
	struct nt_turn t;
	struct nt_error err;
	int n = nt_format_move(tu_base(), m, player, buf, sizeof buf);

	assert_true(n > 0 && n < (int)sizeof buf);
	assert_int_equal((size_t)n, strlen(buf));
	if (nt_parse_move(tu_base(), buf, (size_t)n, &t, &err) < 0)
		fail_msg("\"%s\" (formatted) refused at %d: %s", buf, err.column, err.msg);
	if (!same_move(m, &t.move) || t.blank)
		fail_msg("\"%s\" does not parse back to the move it came from", buf);
	if (player == NULL)
		assert_null(t.player);
	else {
		assert_int_equal(t.player_len, strlen(player));
		assert_memory_equal(t.player, player, t.player_len);
	}
}

/* A piece that stands on a module's space, not on the tile (the wheel's
 * crown follower): written WORD@SPACE. */
static bool
on_space(int role)
{
	return cr_piece(role) != NULL && (cr_piece(role)->flags & CR_PIECE_SPACE);
}

static int
npieces_on_tiles(void)
{
	int n = 0;

	for (int role = 1; role < tu_npieces(); role++)
		n += !on_space(role);
	return n;
}

static void
test_roundtrip_every_move(void **state)
{
	static const int pos[][2] = {
		{ 0, 1 }, { -1, 0 }, { 37, -205 }, { 100000000, -100000000 }, { -100000000, 0 },
	};
	const struct cr_tileset *ts = tu_base();
	int count = 0;

	(void)state;
	for (int t = 0; t < ts->ntypes; t++) {
		struct cr_move d = { .kind = CR_MOVE_DISCARD, .tile = t };

		roundtrip(&d, NULL);
		roundtrip(&d, "Hana");
		for (size_t p = 0; p < sizeof pos / sizeof *pos; p++)
			for (int rot = 0; rot < 4; rot++)
				for (int role = CR_ROLE_NONE; role < tu_npieces(); role++)
					for (int s = 0; s < CR_NSPOTS && !on_space(role); s++) {
						struct cr_move m = {
							.kind = CR_MOVE_PLACE, .tile = t,
							.x = pos[p][0], .y = pos[p][1], .rot = rot,
							.role = (enum cr_role)role,
							.spot = (enum cr_spot)s,
						};

						if (role == CR_ROLE_NONE && s > 0)
							break;	/* no meeple: no spot */
						roundtrip(&m, (count & 7) == 0 ? "Anna Maria" : NULL);
						count++;
					}
	}
	assert_int_equal(count, ts->ntypes * 5 * 4 * (1 + npieces_on_tiles() * CR_NSPOTS));
	/* A piece on a module's space (the wheel's crown spaces): every
	 * space of its module. */
	for (int role = 1; role < tu_npieces(); role++)
		for (int sp = 1; on_space(role) && cr_space(sp) != NULL; sp++) {
			struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = 0, .x = 4, .y = 1,
			    .role = role, .space = sp };
			char buf[64];
			struct nt_turn t;
			struct nt_error err;

			if (cr_space_ext(sp) != cr_piece_ext(role))
				continue;
			roundtrip(&m, NULL);
			nt_format_move(ts, &m, NULL, buf, sizeof buf);
			assert_int_equal(nt_parse_move(ts, buf, strlen(buf), &t, &err), 0);
			assert_int_equal(t.move.space, sp);
			/* the fast path's too (test_fast_path: as the general scanner) */
			assert_true(nt__move_fast(ts, buf, strlen(buf), &t, &err));
			assert_int_equal(t.move.space, sp);
			assert_int_equal(t.move.role, role);
		}
	roundtrip(&(struct cr_move){ .kind = CR_MOVE_END }, NULL);
	roundtrip(&(struct cr_move){ .kind = CR_MOVE_END }, "Ben");
}

/*
 * The fast path for canonical lines (nt__move_fast) agrees with the
 * general scanner on every line it accepts.  must: the line is a
 * canonical place line, which it must accept.
 */
static bool
fast_agrees(const char *line, size_t len, bool must)
{
	struct nt_turn a, b;
	struct nt_error ea, eb;
	bool fast = nt__move_fast(tu_base(), line, len, &a, &ea);

	if (must && !fast)
		fail_msg("\"%.*s\": the fast path gave up on a canonical line", (int)len, line);
	if (!fast)
		return false;
	if (nt__move_general(tu_base(), line, len, &b, &eb) < 0)
		fail_msg("\"%.*s\": the fast path took it, the general scanner says: %s",
		    (int)len, line, eb.msg);
	if (!same_move(&a.move, &b.move) || a.blank != b.blank || a.player != b.player ||
	    a.player_len != b.player_len || ea.column != eb.column || strcmp(ea.msg, eb.msg) != 0)
		fail_msg("\"%.*s\": the fast path and the general scanner disagree", (int)len, line);
	return true;
}

/*
 * The fast path reads its words by eight and sixteen bytes at a time
 * where the line has them, and keeps what it found by the words' bytes:
 * every word at every offset from the line's start and end (names of
 * every length before the same lines), in any case, agrees with the
 * general scanner, and the canonical ones are taken.
 */
static void
test_fast_path_offsets(void **state)
{
	static const char *const body[] = {
		"U 1,0 90", "E 0,1 180 knight@S", "HS-M 2,1 90 grow sheep=3 knight@N",
		"U 1,0 0 herd shepherd@N sheep=3", "V -1,-2 270 farmer@WSW", "B 0,0 0 monk",
		"HS-A -1,1 0 herd thief@W", "U -10,-2 90 grow wolf shepherd@SSE wolf",
		"K 3,0 0 big-farmer@NW", "HS-K -1,1 270 shepherd@SSE sheep=4", "A -3,0 90 monk",
	};
	char line[128], name[32];

	(void)state;
	for (size_t b = 0; b < sizeof body / sizeof *body; b++)
		for (int n = 0; n <= 24; n++) {
			for (int i = 0; i < n; i++)
				name[i] = (char)('a' + (i * 7 + n) % 26);
			name[n] = '\0';
			snprintf(line, sizeof line, "%s%s%s", name, n > 0 ? ": " : "", body[b]);
			fast_agrees(line, strlen(line), true);
			/* upper case from every byte on: the same words */
			for (size_t k = 0; line[k] != '\0'; k++) {
				char up[128];

				memcpy(up, line, sizeof up);
				for (size_t j = k; up[j] != '\0'; j++)
					up[j] = (char)toupper((unsigned char)up[j]);
				fast_agrees(up, strlen(up), false);
			}
			/* cut short at every byte: each line's own ending */
			for (size_t k = 1; line[k] != '\0'; k++)
				fast_agrees(line, k, false);
		}
}

/*
 * The fast path reads a coordinate of one digit and the four rotations
 * as carcref writes them at once, anything else as before: every
 * spelling of the numbers, canonical or not, in a plain, a named and a
 * wheel's line, whole and cut short at every byte, agrees with the
 * general scanner, and the canonical ones are taken.
 */
static void
test_fast_path_numbers(void **state)
{
	static const char *const coord[] = {
		"0", "3", "-3", "12", "-12", "-100", "9", "-9",		/* canonical */
		"+3", "-0", "03", "00", "-03", "3a", "", "-", "+", "--3", "1000000000000", "3 ",
	};
	static const char *const rot[] = {
		"0", "90", "180", "270",				/* canonical */
		"00", "090", "0180", "18", "27", "2700", "360", "9", "-90", "+90", "1800",
		"18a", "270a", "", "0 ", "90x", "1", "2", "280", "170", "900", "27O",
	};
	static const char *const form[] = {
		"U %s,%s %s", "Anna: E %s,%s %s knight@S", "U wheel=2 %s,%s %s",
		"Bob: HS-M %s,%s %s grow sheep=3 knight@N",
	};
	char line[128];

	(void)state;
	for (size_t f = 0; f < sizeof form / sizeof *form; f++)
		for (size_t x = 0; x < sizeof coord / sizeof *coord; x++)
			for (size_t y = 0; y < sizeof coord / sizeof *coord; y++)
				for (size_t r = 0; r < sizeof rot / sizeof *rot; r++) {
					int n = snprintf(line, sizeof line, form[f], coord[x],
					    coord[y], rot[r]);

					fast_agrees(line, (size_t)n, x < 8 && y < 8 && r < 4);
					for (int k = 1; k < n; k++)
						fast_agrees(line, (size_t)k, false);
				}
}

static void
test_fast_path(void **state)
{
	static const char alphabet[] = " ,-+@#:=\t\r0123456789NnSsEeWwCcUuVvKkTtMmFfXxhpgdol";
	const struct cr_tileset *ts = tu_base();
	uint64_t rnd = 0x2545f4914f6cdd1dULL;
	char lines[512][128], buf[160];
	int nlines = 0, taken = 0;

	(void)state;
	/* Canonical place lines: every tile, rotation and role, some spots. */
	for (int t = 0; t < ts->ntypes; t++)
		for (int rot = 0; rot < 4; rot++)
			for (int role = CR_ROLE_NONE; role < tu_npieces(); role++) {
				if (on_space(role))
					continue;	/* test_roundtrip_every_move */
				struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = t,
				    .x = t * 37 - 400, .y = -rot * 1001, .rot = rot,
				    .role = (enum cr_role)role,
				    .spot = (enum cr_spot)((t + rot) % CR_NSPOTS) };
				int n = nt_format_move(ts, &m, NULL, buf, sizeof buf);

				fast_agrees(buf, (size_t)n, true);
				if (nlines < 512)
					memcpy(lines[nlines++], buf, (size_t)n + 1);
			}
	/* Hills & Sheep: a shepherd with each token, each choice before a
	 * piece or none (canonical, so the fast path must take them). */
	{
		static const char *const hs[] = {
			"E 0,1 180 shepherd@N sheep=2", "E 0,1 180 shepherd@N wolf",
			"B -1,1 0 grow sheep=1", "B -1,1 0 grow wolf", "B -1,1 0 herd",
			"B -1,1 0 herd monk", "B -1,1 0 grow sheep=4 farmer@N",
			"HS-M 2,1 90 grow sheep=3 knight@N", "U 1,0 0 herd shepherd@N sheep=3",
			"U 1,0 0 grow wolf shepherd@S wolf",
		};

		for (size_t i = 0; i < sizeof hs / sizeof *hs; i++) {
			fast_agrees(hs[i], strlen(hs[i]), true);
			memcpy(lines[i], hs[i], strlen(hs[i]) + 1);	/* edited below too */
		}
	}
	/* A record's usual line, the player's name first (a one-word name):
	 * the fast path must take it, and agree on the name. */
	{
		static const char *const named[] = {
			"Anna: U 1,0 90", "Ben: E 0,1 180 knight@S", "Alice: HS-M 2,1 90 grow sheep=3 knight@N",
			"anna-b.2: U 1,0 0 herd shepherd@N sheep=3", "X: V -1,-2 270 farmer@WSW",
		};

		for (size_t i = 0; i < sizeof named / sizeof *named; i++) {
			fast_agrees(named[i], strlen(named[i]), true);
			memcpy(lines[10 + i], named[i], strlen(named[i]) + 1);
		}
	}
	/* What a line says of the copy drawn (the wheel's tokens, issue 21):
	 * the fast path takes these too (random edits below as well). */
	{
		static const char *const said[] = {
			"U wheel=3 1,0 90", "Anna: N wheel=1 plague=4,3 -2,3 270 knight@WNW",
			"V wheel=2 plague=4,3:S plague=-1,0 1,5 270", "E Wheel=1 0,1 180 farmer@NNE",
			"B 5,-5 90 crown@storm", "Ben: K wheel=2 4,-3 0 big-crown@inquisition",
		};

		for (size_t i = 0; i < sizeof said / sizeof *said; i++) {
			fast_agrees(said[i], strlen(said[i]), true);
			memcpy(lines[20 + i], said[i], strlen(said[i]) + 1);
		}
	}
	/* Lines the fast path must leave alone, or agree on. */
	static const char *const odd[] = {
		"U wheel=3 discard", "U wheel=3#c 1,0 90", "U wheel=3  1,0 90", "U wheel=9 1,0 90",
		"U plague=1,1 wheel=1 1,0 0", "U wheel=1 plague=1,1:Q 1,0 0", "U wheel 1,0 0",
		"U wheel=1 wheel=2 1,0 0", "U crown 1,0 0", "U wheel=1 1,0 0 crown@storm",
		"U 1,0 0 crown@", "U 1,0 0 crown", "U 1,0 0 crown@storm wolf", "U 1,0 0 crown@storm ",
		"U 1,0 0 crown@storm#c", "U 1,0 0 crown@n", "U 1,0 0 knight@storm", "U 1,0 0 crown@Storm",
		"Anna:  U 1,0 90", " Anna: U 1,0 90", "Anna : U 1,0 90", "A=b: U 1,0 90",
		"Anna: Ben: U 1,0 90", "Anna:U 1,0 90", "Anna: ", "Anna:", ": U 1,0 90",
		"Anna\t: U 1,0 90", "\xc3\x89mile: U 1,0 90", "Anna: U 1,0 90 # c", "Anna: U discard",
		"Anna: end", "Anna:\tU 1,0 90", "Anna: U wheel=3 1,0 90", "Anna Maria: U 1,0 90",
		"U 1,0 90 shepherd@N sheep=5", "U 1,0 90 shepherd@N sheep=0", "U 1,0 90 grow",
		"U 1,0 90 grow sheep", "U 1,0 90 knight@N sheep=2", "U 1,0 90 shepherd@N  sheep=2",
		"U 1,0 90 shepherd@N sheep=2 ", "U 1,0 90 herd sheep=2", "U 1,0 90 wolf",
		"U 1,0 90 shepherd@N wolf=1", "U 1,0 90 grow sheep=2 herd", "U 1,0 90 monk sheep=1",
		"U 1,0 90 shepherd@N sheep=02", "U 1,0 90 shepherd@N sheep=+2", "U 1,0 90 herd ",
		"U 1,0 90 monk", "U 1,0 90 m", "U 1,0 90 thief", "u 1,0 90 T@e", "U +1,0 90",
		"U 1,0 90 ", " U 1,0 90", "U  1,0 90", "U 1,0 45", "U 1,0 90 knight@", "U 1,0",
		"U 1,0 90 farmer@NNEE", "U 1,0 90 # c", "Anna: U 1,0 90", "U 100000001,0 0",
		"U -100000000,-0 270", "U 1,0 090", "U 1,0 90 voleur@s", "U discard", "end",
		"U 1,0 90 monk@C", "U 1,0 90 monk@", "U1,0 90", "U 1,0 9O", "ZZ 1,0 0",
	};
	for (size_t i = 0; i < sizeof odd / sizeof *odd; i++)
		taken += fast_agrees(odd[i], strlen(odd[i]), false);
	/* Random edits of canonical lines. */
	for (int k = 0; k < 40000; k++) {
		const char *src = lines[k % nlines];
		size_t len = strlen(src);

		memcpy(buf, src, len + 1);
		for (int e = 0, edits = 1 + (int)(rnd % 3); e < edits; e++) {
			size_t at, op;

			rnd ^= rnd << 13, rnd ^= rnd >> 7, rnd ^= rnd << 17;
			at = (size_t)(rnd >> 8) % (len + 1);
			op = (size_t)(rnd >> 40) % 3;
			if (op == 0 && at < len)		/* replace */
				buf[at] = alphabet[(rnd >> 20) % (sizeof alphabet - 1)];
			else if (op == 1 && len + 1 < sizeof buf) {	/* insert */
				memmove(buf + at + 1, buf + at, len - at + 1);
				buf[at] = alphabet[(rnd >> 20) % (sizeof alphabet - 1)];
				len++;
			} else if (at < len) {		/* delete */
				memmove(buf + at, buf + at + 1, len - at);
				len--;
			}
		}
		taken += fast_agrees(buf, len, false);
	}
	/* The edits must reach the fast path often, or this proves little. */
	if (taken < 2000)	/* about 4,250 with this seed */
		fail_msg("the fast path took only %d edited lines", taken);
}

static void
test_canonical(void **state)
{
	(void)state;
	canon("V 1,0 90", "V 1,0 90");
	canon("v 1,0 90", "V 1,0 90");
	canon("   V    1,0 \t 90   ", "V 1,0 90");
	canon("V 1,0 90 # a comment", "V 1,0 90");
	canon("V 1,0 90\r", "V 1,0 90");
	canon("BA-V 1,0 90", "V 1,0 90");
	canon("ba-u 0,1 0 T@s", "U 0,1 0 thief@S");
	canon("U 0,1 0 voleur@N", "U 0,1 0 thief@N");
	canon("U 0,1 0 brigand@nnw", "U 0,1 0 thief@NNW");
	canon("E 0,1 180 chevalier@S", "E 0,1 180 knight@S");
	canon("E 0,1 180 K@s", "E 0,1 180 knight@S");
	canon("U 0,1 0 paysan@ne", "U 0,1 0 farmer@NE");
	canon("U 0,1 0 f@Sse", "U 0,1 0 farmer@SSE");
	canon("B -1,0 0 monk@C", "B -1,0 0 monk");
	canon("B -1,0 0 m@c", "B -1,0 0 monk");
	canon("B -1,0 0 moine", "B -1,0 0 monk");
	canon("B -1,0 0 M", "B -1,0 0 monk");
	canon("B -1,0 0 MONK@n", "B -1,0 0 monk@N");
	canon("U +1,-0 0", "U 1,0 0");
	canon("U 01,-002 090", "U 1,-2 90");
	canon("END", "end");
	canon("  end   # stopped", "end");
	canon("e DISCARD", "E discard");
	canon("Ba-E   discard", "E discard");
	canon("Anna: U 0,1 0 thief@S", "Anna: U 0,1 0 thief@S");
	canon("  Anna :u 0,1 0 t@s", "Anna: U 0,1 0 thief@S");
	canon("Ben:end", "Ben: end");
	canon("Ben :  e discard", "Ben: E discard");
}

/* ---- nt_play: whose turn it is ------------------------------------------ */

static void
test_play_player_checks(void **state)
{
	struct cr_game *g = tu_game(3, 3);
	struct nt_error err;

	(void)state;
	play_err(g, "Ben: V 1,0 90", NULL, 1, "it is Anna's turn, not Ben's");
	play_err(g, "carl: V 1,0 90", NULL, 1, "it is Anna's turn, not Carl's");
	play_err(g, "Zoe: V 1,0 90", NULL, 1, "no player is named \"Zoe\"");
	play_err(g, "An: V 1,0 90", NULL, 1, "no player is named \"An\"");
	play_err(g, "Annabel: V 1,0 90", NULL, 1, "no player is named \"Annabel\"");
	/* Dora exists in the name table but not in a 3-player game. */
	play_err(g, "Dora: V 1,0 90", NULL, 1, "no player is named \"Dora\"");
	play_err(g, "V 1,0 90", "Ben", 1, "it is Anna's turn, not Ben's");
	play_err(g, "V 1,0 90", "Zoe", 1, "no player is named \"Zoe\"");
	play_err(g, "Anna: V 1,0 90", "Anna", 1,
	    "the player is given twice (\"Anna:\" and \"Anna:\")");
	/* "end" is a move like any other: a prefix must name the player to move. */
	play_err(g, "Ben: end", NULL, 1, "it is Anna's turn, not Ben's");
	play_err(g, "Zoe: end", NULL, 1, "no player is named \"Zoe\"");
	play_err(g, "end", "Carl", 1, "it is Anna's turn, not Carl's");
	assert_false(cr_game_over(g));
	/* Names are case-insensitive; a prefix is checked, then the move played. */
	assert_int_equal(nt_play(g, tu_names, "anna: V 1,0 90", 14, NULL, &err), 0);
	assert_int_equal(cr_game_turn(g), 1);
	play_err(g, "Anna: U 0,-1 0", NULL, 1, "it is Ben's turn, not Anna's");
	assert_int_equal(nt_play(g, tu_names, "U -1,0 0", 8, "BEN", &err), 0);
	assert_int_equal(cr_game_turn(g), 2);
	assert_int_equal(nt_play(g, tu_names, "Carl: U -2,0 0", 14, NULL, &err), 0);
	assert_int_equal(cr_game_turn(g), 0);
	/* Parse errors keep their column; nothing is blank. */
	play_err(g, "Anna: V 0,1 45", NULL, 13, ROT_MSG "\"45\"");
	play_err(g, "# just a comment", NULL, 1, "expected a move, found nothing");
	play_err(g, "", NULL, 1, "expected a move, found nothing");
	play_err(g, "   ", "Anna", 1, "expected a move, found nothing");
	/* Refusals by the rules: column 1, the rule in words. */
	play_err(g, "Anna: V 0,1 0", NULL, 1, "edges must match: V at 0,1 rotation 0: its S edge "
	    "is road, the tile at 0,0 shows city on its N edge; no rotation of V fits at 0,1");
	assert_int_equal(cr_game_nmoves(g), 3);
	cr_game_free(g);
}

/* ---- refusals in words, one per code ------------------------------------ */

static void
test_refusal_words(void **state)
{
	struct cr_game *g = tu_game(3, 2);
	struct cr_refusal why;
	struct cr_move m;
	char buf[512];
	int n;

	(void)state;
	/* CR_R_EDGE_MISMATCH, with each direction named both ways. */
	play_err(g, "V 0,1 0", NULL, 1, "edges must match: V at 0,1 rotation 0: its S edge is road, "
	    "the tile at 0,0 shows city on its N edge; no rotation of V fits at 0,1");
	play_err(g, "C 1,0 0", NULL, 1, "edges must match: C at 1,0 rotation 0: its W edge is city, "
	    "the tile at 0,0 shows road on its E edge; no rotation of C fits at 1,0");
	play_err(g, "C 0,-1 0", NULL, 1, "edges must match: C at 0,-1 rotation 0: its N edge is city, "
	    "the tile at 0,0 shows field on its S edge; no rotation of C fits at 0,-1");
	play_err(g, "B -1,0 0", NULL, 1, "edges must match: B at -1,0 rotation 0: its E edge is field, "
	    "the tile at 0,0 shows road on its W edge; no rotation of B fits at -1,0");
	play_err(g, "E 0,1 270", NULL, 1, "edges must match: E at 0,1 rotation 270: its S edge is field, "
	    "the tile at 0,0 shows city on its N edge; the rotation that fits at 0,1: 180");
	/* CR_R_NOT_ADJACENT, also far beyond the board. */
	play_err(g, "V 1,1 0", NULL, 1, "a tile must touch the board along an edge: V at 1,1 has no "
	    "neighbour north, east, south or west");
	play_err(g, "V 100000000,-100000000 0", NULL, 1, "a tile must touch the board along an edge: "
	    "V at 100000000,-100000000 has no neighbour north, east, south or west");
	/* CR_R_OCCUPIED: names the tile lying there. */
	play_err(g, "V 0,0 0", NULL, 1, "one tile per square: V at 0,0, but D already lies there");
	/* CR_R_DISCARD_FITS. */
	play_err(g, "E discard", NULL, 1, "a tile may be discarded only if it fits nowhere: "
	    "E fits at 0,1 rotation 180");
	/* CR_R_SPOT_NONE and CR_R_SPOT_MANY. */
	play_err(g, "U 1,0 0 thief@N", NULL, 1, "a thief stands on a road: U at 1,0 rotation 0 has no "
	    "road at N; valid spots for a thief: E W");
	play_err(g, "U 1,0 0 farmer@W", NULL, 1, "a farmer stands on a field: U at 1,0 rotation 0 has "
	    "more than one field at W; valid spots for a farmer: N NNE NE ENE ESE SE SSE S SSW SW "
	    "WSW WNW NW NNW");
	play_err(g, "U 1,0 0 monk", NULL, 1, "a monk stands on a cloister: U at 1,0 rotation 0 has no "
	    "cloister at C; valid spots for a monk: nowhere on this tile");
	play_err(g, "E 0,1 180 knight@N", NULL, 1, "a knight stands on a city: E at 0,1 rotation 180 "
	    "has no city at N; valid spots for a knight: SSE S SSW");
	/* A corner is the field at that corner, never the city beside it. */
	play_err(g, "E 0,1 180 knight@SE", NULL, 1, "a knight stands on a city: E at 0,1 rotation 180 "
	    "has no city at SE; valid spots for a knight: SSE S SSW");
	play_err(g, "B 0,-1 0 monk@N", NULL, 1, "a monk stands on a cloister: B at 0,-1 rotation 0 "
	    "has no cloister at N; valid spots for a monk: C");
	/* CR_R_NO_COPY: C is one of a kind. */
	tu_play(g, "C 0,1 0");
	play_err(g, "C 1,1 0", NULL, 1, "no copy left: the one C of the set is used, on the "
	    "board at 0,1");
	/* CR_R_FEATURE_TAKEN: Anna's knight holds the city; Ben's may not join. */
	tu_play(g, "E 0,2 180");	/* Ben: closes nothing, nobody scores */
	tu_play(g, "U 1,0 0 thief@E");	/* Anna */
	play_err(g, "Ben: U -1,0 0 thief@W", NULL, 1, "one feature, one owner at placement: the road "
	    "at W of U at -1,0 joins a road that already holds Anna's thief");
	/* CR_R_GAME_OVER: end runs the final scoring, nothing may follow. */
	tu_play(g, "ben: end");	/* Ben stops the game */
	assert_true(cr_game_over(g));
	play_err(g, "U -1,0 0", NULL, 1, "the game is over: the final scoring has run, no move may follow");
	play_err(g, "end", NULL, 1, "the game is over: the final scoring has run, no move may follow");
	cr_game_free(g);

	/* CR_R_NO_MEEPLE: one player, seven meeples out. */
	g = tu_game(3, 1);
	tu_play(g, "B 0,-1 0 monk");
	tu_play(g, "B 1,-1 0 monk");
	tu_play(g, "B -1,-1 0 monk");
	tu_play(g, "B 2,-1 0 monk");
	tu_play(g, "A 3,-1 0 monk");
	tu_play(g, "A -2,-1 0 monk");
	tu_play(g, "U 1,0 0 t@E");
	play_err(g, "E 0,1 180 knight@S", NULL, 1, "no meeple left: all 7 of Anna's meeples are on the board");
	cr_game_free(g);

	/* CR_R_BAD_MOVE cannot be written as a line: only through the API. */
	g = tu_game(3, 2);
	m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = tile("V"), .x = 1, .rot = 4 };
	assert_false(cr_game_play(g, &m, &why));
	assert_int_equal(why.code, CR_R_BAD_MOVE);
	n = nt_refusal(tu_base(), &why, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "malformed move: tile, rotation, role or spot out of range");
	assert_int_equal(n, (int)strlen(buf));
	m = (struct cr_move){ .kind = CR_MOVE_DISCARD, .tile = tu_base()->ntypes };
	assert_false(cr_game_play(g, &m, &why));
	assert_int_equal(why.code, CR_R_BAD_MOVE);
	/* A tile or a piece of an expansion not in play: refused by name. */
	play_err(g, "IC-A 0,-1 0", NULL, 1, "IC-A is a tile of inns-cathedrals, which is not "
	    "in play in this game");
	play_err(g, "E 0,1 180 big-knight@S", NULL, 1, "big-knight is a piece of "
	    "inns-cathedrals, which is not in play in this game");
	cr_game_free(g);
}

/* The codes the engine cannot be made to give, and the edges of the
 * wording: no names, a tile out of range, a short buffer. */
static void
test_refusal_words_direct(void **state)
{
	struct cr_refusal r;
	char buf[512], small[16];
	int n;

	(void)state;
	r = (struct cr_refusal){ .code = CR_OK };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "legal");
	r = (struct cr_refusal){ .code = CR_R_NO_MEMORY };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "out of memory: the move was not applied");
	r = (struct cr_refusal){ .code = CR_R_FEATURE_TAKEN, .tile = tile("U"), .x = 2, .y = 3,
	    .kind = CR_FIELD, .spot = CR_SPOT_NNW, .other_player = 1, .role = CR_FARMER };
	nt_refusal(tu_base(), &r, NULL, buf, sizeof buf);
	assert_string_equal(buf, "one feature, one owner at placement: the field at NNW of U at 2,3 "
	    "joins a field that already holds another player's farmer");
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "one feature, one owner at placement: the field at NNW of U at 2,3 "
	    "joins a field that already holds Ben's farmer");
	r = (struct cr_refusal){ .code = CR_R_NO_COPY, .tile = 9999 };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "no copy left: every ? of the supply is already used");
	/* Without the game, how many the set has; where they lie needs the game. */
	r = (struct cr_refusal){ .code = CR_R_NO_COPY, .tile = tile("V") };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "no copy left: all 9 V of the set are used");
	r = (struct cr_refusal){ .code = CR_R_OCCUPIED, .tile = tile("V"), .x = 1, .kind = -1 };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "one tile per square: V at 1,0, but a tile already lies there");
	r = (struct cr_refusal){ .code = CR_R_SPOT_MANY, .tile = tile("U"), .role = CR_FARMER,
	    .kind = CR_FIELD, .spot = CR_SPOT_E, .valid_spots = 1u << CR_SPOT_N | 1u << CR_SPOT_C };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "a farmer stands on a field: U at 0,0 rotation 0 has more than one "
	    "field at E; valid spots for a farmer: N C");
	/* The length it needs, whatever the buffer. */
	n = nt_refusal(tu_base(), &r, tu_names, small, sizeof small);
	assert_int_equal(n, (int)strlen(buf));
	assert_string_equal(small, "a farmer stands");
	assert_int_equal(nt_refusal(tu_base(), &r, tu_names, NULL, 0), n);
}

/* An event built by hand, paid as the engine pays it: its price to each
 * winner, and a term for some winners only to those. */
static struct cr_event *
settled(struct cr_event *ev)
{
	for (int p = 0; p < CR_MAXPLAYERS; p++) {
		ev->pay[p] = ev->winners & (1u << p) ? ev->points : 0;
		for (int i = 0; i < ev->nterm; i++)
			if (ev->term[i].only & ev->winners & (1u << p))
				ev->pay[p] += ev->term[i].count * ev->term[i].per;
	}
	return ev;
}

/* Events in words: the arithmetic and the majority. */
static void
test_event_words(void **state)
{
	struct cr_event ev = {
		.reason = CR_EV_COMPLETED, .kind = CR_CITY, .tiles = 4, .pennants = 2,
		.per_tile = 2, .per_pennant = 2, .points = 12, .winners = 0x3,
		.meeples = { 2, 2, 1 },
	};
	char buf[512];

	(void)state;
	nt_event_explain(settled(&ev), tu_names, 3, buf, sizeof buf);
	assert_string_equal(buf, "completed city of 4 tiles and 2 pennants: 2 x 4 + 2 x 2 = 12 points each "
	    "to Anna and Ben (2 knights) - Carl has 1, fewer");
	ev.winners = 0x7, ev.meeples[2] = 2;
	nt_event_explain(settled(&ev), tu_names, 4, buf, sizeof buf);
	assert_string_equal(buf, "completed city of 4 tiles and 2 pennants: 2 x 4 + 2 x 2 = 12 points each "
	    "to Anna, Ben and Carl (2 knights)");
	ev = (struct cr_event){ .reason = CR_EV_FINAL, .kind = CR_ROAD, .tiles = 1, .per_tile = 1,
	    .points = 1, .winners = 0x2, .meeples = { 0, 1 } };
	nt_event_explain(settled(&ev), tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "incomplete road of 1 tile: 1 x 1 at the end = 1 to Ben (1 thief)");
	ev = (struct cr_event){ .reason = CR_EV_FINAL, .kind = CR_CLOISTER, .tiles = 2,
	    .points = 2, .winners = 0x1, .meeples = { 1 } };
	nt_event_why(&ev, buf, sizeof buf);
	assert_string_equal(buf, "incomplete cloister with 1 neighbour: 1 + 1 at the end");
	ev.reason = CR_EV_COMPLETED, ev.tiles = 9;
	nt_event_why(&ev, buf, sizeof buf);
	assert_string_equal(buf, "completed cloister: 9");
	ev = (struct cr_event){ .reason = CR_EV_FARM, .kind = CR_FIELD, .cities = 2, .per_city = 3,
	    .points = 6, .winners = 0x1, .meeples = { 3, 1, 0, 2 } };
	nt_event_explain(settled(&ev), tu_names, 4, buf, sizeof buf);
	assert_string_equal(buf, "farm touching 2 completed cities: 3 x 2 = 6 to Anna (3 farmers)"
	    " - Ben has 1, fewer; Dora has 2, fewer");
	ev = (struct cr_event){ .reason = CR_EV_FARM_CITY, .kind = CR_FIELD, .tiles = 3, .x = 0,
	    .y = 1, .per_city = 4 };
	nt_event_why(&ev, buf, sizeof buf);
	assert_string_equal(buf, "completed city of 3 tiles at 0,1, for the farmers of the fields around it: 4");
	assert_int_equal(nt_event_why(&ev, NULL, 0), (int)strlen(buf));
}

/* ---- in French (issue 14) --------------------------------------------------- */

/*
 * The French catalogue, compiled from po/fr.po into a directory of this
 * group's own and chosen as gettext allows without a French locale on the
 * machine: LANGUAGE=fr under C.UTF-8.  The group above sees English.
 */
static char fr_dir[] = "/tmp/carcref-fr-XXXXXX";

static int
fr_setup(void **state)
{
	char cmd[128];

	(void)state;
	if (mkdtemp(fr_dir) == NULL)
		return -1;
	snprintf(cmd, sizeof cmd, "mkdir -p %s/fr/LC_MESSAGES && msgfmt -c -o "
	    "%s/fr/LC_MESSAGES/carcref.mo po/fr.po", fr_dir, fr_dir);
	if (system(cmd) != 0) {
		fprintf(stderr, "cannot compile po/fr.po (msgfmt, from the repository root)\n");
		return -1;
	}
	if (setenv("LANGUAGE", "fr", 1) != 0 || setlocale(LC_MESSAGES, "C.UTF-8") == NULL) {
		fprintf(stderr, "no C.UTF-8 locale to read the French catalogue in\n");
		return -1;
	}
	bindtextdomain("carcref", fr_dir);
	bind_textdomain_codeset("carcref", "UTF-8");
	textdomain("carcref");
	return 0;
}

static int
fr_teardown(void **state)
{
	char cmd[128];

	(void)state;
	setlocale(LC_MESSAGES, "C");
	unsetenv("LANGUAGE");
	snprintf(cmd, sizeof cmd, "rm -rf %s", fr_dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* A module's phrase by its (English) words. */
static int
phrase_of(const char *ext, const char *words)
{
	int e = cr_ext_find(ext, strlen(ext));

	for (int i = 1; e >= 0 && i < 256; i++)
		if (strcmp(cr_phrase(CR_PHRASE(e, i)), words) == 0)
			return CR_PHRASE(e, i);
	fail_msg("%s has no phrase \"%s\"", ext, words);
	return 0;
}

static void
explains(struct cr_event *ev, int nplayers, const char *want)
{
	char buf[512];

	assert_int_equal(nt_event_explain(settled(ev), tu_names, nplayers, buf, sizeof buf),
	    (int)strlen(want));
	assert_string_equal(buf, want);
}

/* Scoring in French: the rule books' words, each sentence whole. */
static void
test_fr_events(void **state)
{
	struct cr_event ev = {
		.reason = CR_EV_COMPLETED, .kind = CR_CITY, .tiles = 4, .pennants = 2,
		.per_tile = 2, .per_pennant = 2, .points = 12, .winners = 0x3,
		.meeples = { 2, 2, 1 },
	};
	char buf[512];

	(void)state;
	explains(&ev, 3, "ville achevée de 4 tuiles et 2 blasons : 2 x 4 + 2 x 2 = 12 points "
	    "chacun à Anna et Ben (2 chevaliers) - Carl en a 1, moins");
	assert_string_equal(nt_event_name(&ev), "ville");
	assert_string_equal(nt_event_label(&ev), "city");	/* JSON's, English */
	ev = (struct cr_event){ .reason = CR_EV_FINAL, .kind = CR_ROAD, .tiles = 1, .per_tile = 1,
	    .points = 1, .winners = 0x2, .meeples = { 0, 1 } };
	explains(&ev, 2, "route inachevée de 1 tuile : 1 x 1 en fin de partie = 1 à Ben (1 voleur)");
	ev = (struct cr_event){ .reason = CR_EV_COMPLETED, .kind = CR_ROAD, .tiles = 5, .per_tile = 2,
	    .note = (uint16_t)phrase_of("inns-cathedrals", "with an inn"), .points = 10,
	    .winners = 0x1, .meeples = { 2, 1 }, .pieces = { 1 } };
	explains(&ev, 2, "route achevée de 5 tuiles avec une auberge : 2 x 5 = 10 à Anna (2 : 1 "
	    "grand voleur comptant pour 2) - Ben en a 1, moins");
	ev = (struct cr_event){ .reason = CR_EV_FINAL, .kind = CR_CLOISTER, .tiles = 2 };
	nt_event_why(&ev, buf, sizeof buf);
	assert_string_equal(buf, "abbaye inachevée avec 1 tuile voisine : 1 + 1 en fin de partie");
	ev.tiles = 5;
	nt_event_why(&ev, buf, sizeof buf);
	assert_string_equal(buf, "abbaye inachevée avec 4 tuiles voisines : 1 + 4 en fin de partie");
	ev = (struct cr_event){ .reason = CR_EV_FARM, .kind = CR_FIELD, .cities = 2, .per_city = 3,
	    .points = 6, .winners = 0x1, .meeples = { 3, 1, 0, 2 } };
	explains(&ev, 4, "pré touchant 2 villes achevées : 3 x 2 = 6 à Anna (3 paysans) - Ben en a "
	    "1, moins ; Dora en a 2, moins");
	ev = (struct cr_event){ .reason = CR_EV_FARM_CITY, .kind = CR_FIELD, .tiles = 3, .y = 1,
	    .per_city = 4 };
	nt_event_why(&ev, buf, sizeof buf);
	assert_string_equal(buf, "ville achevée de 3 tuiles en 0,1, pour les paysans des prés "
	    "alentour : 4");
	/* A tie a hill broke, the pig's term. */
	ev = (struct cr_event){ .reason = CR_EV_FARM, .kind = CR_FIELD, .cities = 1, .per_city = 3,
	    .term = { { 1, 1, (uint16_t)phrase_of("traders-builders", "the pig"), 1 } }, .nterm = 1,
	    .points = 3, .winners = 0x1, .tied = 0x3, .meeples = { 1, 1 },
	    .tie = (uint16_t)phrase_of("hills-sheep", "a follower on a hill breaks the tie") };
	explains(&ev, 2, "pré touchant 1 ville achevée : 3 x 1 + 1 x 1 (le cochon) = 4 à Anna "
	    "(1 paysan) - Ben en a 1, autant ; un partisan sur une colline départage l'égalité");
	/* Traders & Builders: goods taken, then the majorities at the end. */
	ev = (struct cr_event){ .reason = CR_EV_TAKE, .kind = CR_CITY, .x = 3, .y = 4,
	    .what = (uint16_t)phrase_of("traders-builders", "goods"), .winners = 0x1, .nterm = 2,
	    .note = (uint16_t)phrase_of("traders-builders",
	    "the player who placed its last tile takes its goods, whoever holds it"),
	    .term = { { 2, 0, (uint16_t)phrase_of("traders-builders", "wine"), 0 },
	    { 1, 0, (uint16_t)phrase_of("traders-builders", "cloth"), 0 } } };
	explains(&ev, 2, "Anna prend 2 vin, 1 tissu dans la ville achevée en 3,4 (le joueur qui y a "
	    "posé la dernière tuile prend ses marchandises, quel qu'en soit le propriétaire)");
	nt_event_why(&ev, buf, sizeof buf);
	assert_string_equal(buf, "2 vin, 1 tissu dans la ville achevée en 3,4 (le joueur qui y a "
	    "posé la dernière tuile prend ses marchandises, quel qu'en soit le propriétaire)");
	assert_string_equal(nt_event_name(&ev), "marchandises");
	assert_string_equal(nt_event_label(&ev), "goods");
	ev = (struct cr_event){ .reason = CR_EV_EXTRA, .kind = CR_CITY, .feature = -1,
	    .what = (uint16_t)phrase_of("traders-builders", "goods"),
	    .note = (uint16_t)phrase_of("traders-builders", "grain"), .base = 10, .points = 10,
	    .winners = 0x3, .meeples = { 3, 3, 1 } };
	explains(&ev, 3, "le plus de jetons de blé (3 chacun) = 10 points chacun à Anna et Ben - "
	    "Carl en a 1, moins");
	nt_event_why(&ev, buf, sizeof buf);
	assert_string_equal(buf, "le plus de jetons de blé (3 chacun) : 10");
	/* Hills & Sheep: a flock herded. */
	ev = (struct cr_event){ .reason = CR_EV_MODULE, .kind = CR_FIELD, .x = 1, .y = 2,
	    .what = (uint16_t)phrase_of("hills-sheep", "flock"),
	    .note = (uint16_t)phrase_of("hills-sheep", "herded"), .sub = 2, .nterm = 1,
	    .term = { { 5, 1, (uint16_t)phrase_of("hills-sheep", "sheep"), 0 } }, .points = 5,
	    .winners = 0x1, .meeples = { 1 } };
	explains(&ev, 2, "rassemblé en 1,2 (2 jetons) : 1 x 5 (moutons) = 5 à Anna");
	assert_string_equal(nt_event_name(&ev), "troupeau");
}

/* Refusals in French, every word put into them translated where it goes,
 * and never half a character when cut short. */
static void
test_fr_refusals(void **state)
{
	struct cr_refusal r;
	struct cr_game *g;
	char buf[512], small[3];

	(void)state;
	r = (struct cr_refusal){ .code = CR_OK };
	assert_int_equal(nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf), 6);
	assert_string_equal(buf, "légal");
	/* "légal" in 3 bytes: "l" and not the first byte of "é". */
	assert_int_equal(nt_refusal(tu_base(), &r, tu_names, small, sizeof small), 6);
	assert_string_equal(small, "l");
	r = (struct cr_refusal){ .code = CR_R_FEATURE_TAKEN, .tile = tile("U"), .x = 2, .y = 3,
	    .kind = CR_FIELD, .spot = CR_SPOT_NNW, .other_player = 1, .role = CR_FARMER };
	nt_refusal(tu_base(), &r, NULL, buf, sizeof buf);
	assert_string_equal(buf, "un élément, un seul propriétaire à la pose : le pré en NNO de U "
	    "en 2,3 rejoint un pré où un autre joueur a déjà un paysan");
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "un élément, un seul propriétaire à la pose : le pré en NNO de U "
	    "en 2,3 rejoint un pré où Ben a déjà un paysan");
	r = (struct cr_refusal){ .code = CR_R_SPOT_MANY, .tile = tile("U"), .role = CR_FARMER,
	    .kind = CR_FIELD, .spot = CR_SPOT_W, .valid_spots = 1u << CR_SPOT_NW | 1u << CR_SPOT_C };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "un paysan se place sur un pré : U en 0,0 rotation 0 a plus d'un "
	    "pré en O ; emplacements valides pour un paysan : NO C");
	r = (struct cr_refusal){ .code = CR_R_SPOT_NONE, .tile = tile("U"), .role = CR_THIEF,
	    .kind = CR_ROAD, .spot = CR_SPOT_NNW, .valid_spots = 1u << CR_SPOT_N | 1u << CR_SPOT_S };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "un voleur se place sur une route : U en 0,0 rotation 0 n'a aucune "
	    "route en NNO ; emplacements valides pour un voleur : N S");
	r = (struct cr_refusal){ .code = CR_R_SPOT_NONE, .tile = tile("U"), .x = 1, .spot = CR_SPOT_N,
	    .role = nt_role_lookup(0, "builder", 7), .kind = CR_ROAD };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "un bâtisseur se place sur une route ou une ville : U en 1,0 "
	    "rotation 0 n'a ni route ni ville en N ; emplacements valides pour un bâtisseur : "
	    "nulle part sur cette tuile");
	r = (struct cr_refusal){ .code = CR_R_OCCUPIED, .tile = tile("V"), .x = 1, .kind = -1 };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "une tuile par case : V en 1,0, mais une tuile s'y trouve déjà");
	r = (struct cr_refusal){ .code = CR_R_NO_MEEPLE, .pool = 0, .role = CR_KNIGHT };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "plus aucun meeple : Anna a ses 7 meeples sur le plateau");
	r = (struct cr_refusal){ .code = CR_R_NO_MEEPLE, .pool = 1, .n = 1, .other_x = 2,
	    .role = nt_role_lookup(0, "big-knight", 10) };
	nt_refusal(tu_base(), &r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, "grand-chevalier : Anna a déjà son grand meeple sur le plateau "
	    "(en 2,0)");

	/* Through a game, as replay and the table say them. */
	g = tu_game(3, 2);
	play_err(g, "U 1,0 90", NULL, 1, "les bords doivent concorder : U en 1,0 rotation 90 : son "
	    "bord O est un pré, la tuile en 0,0 montre une route sur son bord E ; la rotation qui "
	    "va en 1,0 : 0");
	play_err(g, "U 5,5 0", NULL, 1, "une tuile doit toucher le plateau par un côté : U en 5,5 "
	    "n'a aucune voisine au nord, à l'est, au sud ou à l'ouest");
	play_err(g, "IC-A 0,-1 0", NULL, 1, "IC-A est une tuile de l'extension inns-cathedrals, qui "
	    "n'est pas en jeu dans cette partie");
	play_err(g, "E 0,1 180 big-knight@S", NULL, 1, "grand-chevalier est une pièce de "
	    "l'extension inns-cathedrals, qui n'est pas en jeu dans cette partie");
	play_err(g, "U 1,0 0", "Ben", 1, "c'est à Anna de jouer, pas à Ben");
	play_err(g, "Carl: U 1,0 0", NULL, 1, "aucun joueur ne s'appelle « Carl »");
	tu_play(g, "E 0,1 180");	/* closes D's city: C fits nowhere */
	tu_play(g, "C discard");
	play_err(g, "C 0,2 0", NULL, 1, "plus aucun exemplaire : l'unique tuile C du jeu est déjà "
	    "utilisée, défaussée au coup 2");
	cr_game_free(g);
	/* A module's words, their {slots} filled in. */
	g = tu_game_with(3, 2, "river");
	play_err(g, "U 1,0 0", NULL, 1, "la rivière d'abord : U ne peut pas être piochée tant qu'il "
	    "reste 11 tuiles rivière");
	cr_game_free(g);
}

/* Turn lines, records and tile files that cannot be read, in French; the
 * notation's own words (tile codes, "discard") quoted as written. */
static void
test_fr_read_errors(void **state)
{
	static const char record[] = "format: carcref/2\nplayers: [Anna]\n";
	static const char tiles[] = "set: x\ntiles:\n  - {code: A, count: 1, edges: [city, road, "
	    "road], features: []}\n";
	static const char unknown[] = "set: x\ntiles:\n  - {code: A, foo: 1}\n";
	static const char word[] = "set: x\ntiles:\n  - {code: end, count: 1}\n";
	struct nt_record r;
	struct cr_tileset ts;
	struct cr_error err;

	(void)state;
	PARSE_ERR("V 0,1 45", 7, "il faut une rotation 0, 90, 180 ou 270, pas « 45 »");
	PARSE_ERR("V 0,1", 6, "il faut une rotation 0, 90, 180 ou 270 après la position");
	PARSE_ERR("Z 0,1 0", 1, "tuile « Z » inconnue");
	PARSE_ERR("E discard 0,1", 11, "« 0,1 » inattendu après « discard »");
	PARSE_ERR("V 0,1 90 thief@X", 16, "il faut un emplacement (N NNE NE ENE E ESE SE SSE S SSO SO "
	    "OSO O ONO NO NNO ou C), pas « X »");
	assert_int_equal(nt_record_parse(&r, record, strlen(record), &err), -1);
	assert_int_equal(err.line, 1);
	assert_string_equal(err.msg, "format « carcref/2 » inconnu (ce carcref lit carcref/1)");
	assert_int_equal(cr_tileset_parse(&ts, tiles, strlen(tiles), &err), -1);
	assert_string_equal(err.msg, "tuile « A » : edges doit donner 4 kinds (N, E, S, W), pas 3");
	/* The words put into a tile file's messages, translated when said. */
	assert_int_equal(cr_tileset_parse(&ts, unknown, strlen(unknown), &err), -1);
	assert_string_equal(err.msg, "tuile « A » : clé « foo » inconnue dans une tuile ; attendu : "
	    "code, aliases, count, edges, features ou marks");
	assert_int_equal(cr_tileset_parse(&ts, word, strlen(word), &err), -1);
	assert_string_equal(err.msg, "le code de tuile « end » est un mot de la notation");
}

/* ---- names as people read them (issue 18) ---------------------------------- */

/* Two names, and whether they are one name to nt_name_eq. */
struct name_pair {
	const char	*a, *b;
	bool		 eq;
};

/* Each pair as expected, both ways round. */
static void
check_name_pairs(const struct name_pair *eq, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (nt_name_eq(eq[i].a, strlen(eq[i].a), eq[i].b, strlen(eq[i].b)) != eq[i].eq ||
		    nt_name_eq(eq[i].b, strlen(eq[i].b), eq[i].a, strlen(eq[i].a)) != eq[i].eq)
			fail_msg("\"%s\" and \"%s\": %s expected", eq[i].a, eq[i].b,
			    eq[i].eq ? "one name" : "two names");
}

/* Precomposed and decomposed accents are one name, so are names apart by
 * an invisible character alone; a game's name is the names
 * transliterated to ASCII. */
static void
test_names_normalised(void **state)
{
	static const struct name_pair eq[] = {
		{ "L\u00e9a", "Le\u0301a", true },		/* NFC, NFD */
		{ "L\u00c9A", "le\u0301a", true },		/* and case */
		{ "Nguy\u1ec5n", "nguye\u0302\u0303n", true },	/* two marks */
		{ "Nguy\u1ec5n", "nguye\u0303\u0302n", false },	/* not the same accents */
		{ "\u0391\u03b8\u03ae\u03bd\u03b1", "\u03b1\u03b8\u03b7\u0301\u03bd\u03b1", true },
		{ "Ann\u200b", "Ann", true },			/* zero-width space */
		{ "\u202eAnn", "ANN", true },			/* bidi override */
		{ "An\u00adn", "Ann", true },			/* soft hyphen */
		{ "Lea", "L\u00e9a", false },
		{ "Ann", "Anna", false },
		{ "Ann\xff", "Ann\xfe", false },		/* not UTF-8: bytes */
		{ "Ann\xff", "ANN\xff", true },
	};
	static const struct {
		const char	*name, *ascii;
	} tr[] = {
		{ "L\u00e9a", "lea" }, { "Zo\u00e9", "zoe" }, { "Le\u0301a", "lea" },
		{ "J\u00f6rg", "jorg" }, { "Stra\u00dfe", "strasse" }, { "\u00c6r\u00f8", "aero" },
		{ "\u0152dipe", "oedipe" }, { "\u0141\u00f3d\u017a", "lodz" },
		{ "Nguy\u1ec5n V\u0103n", "nguyenvan" }, { "\u0132sselmeer", "ijsselmeer" },
		{ "\u0401\u043b\u043a\u0430", "elka" }, { "\u0419\u043e\u0448\u043a\u0430", "yoshka" },
		{ "\u0391\u03b8\u03ae\u03bd\u03b1", "athina" }, { "Anna-Lena 2", "annalena2" },
		{ "Ann\u200b", "ann" }, { "\u5f20\u4f1f", "" }, { "Th\u00e9r\u00e8se-Marie", "theresemari" },
	};
	char out[12];

	(void)state;
	check_name_pairs(eq, sizeof eq / sizeof eq[0]);
	for (size_t i = 0; i < sizeof tr / sizeof tr[0]; i++) {
		size_t n = nt_name_ascii(tr[i].name, strlen(tr[i].name), out, 11);

		out[n] = '\0';
		assert_string_equal(out, tr[i].ascii);
	}
	assert_true(nt_char_invisible(0x200b) && nt_char_invisible(0x202e) &&
	    nt_char_invisible(0xfeff) && nt_char_invisible(0xe0001) && nt_char_invisible(0xad));
	assert_false(nt_char_invisible('a') || nt_char_invisible(0xe9) || nt_char_invisible(0x20) ||
	    nt_char_invisible(0x5f20) || nt_char_invisible(0x301));
}

/* ---- issue 18: explanations that add up ------------------------------------- */

/* A farm of two cities held 1-1, a pig for some winners: Anna and Carl
 * in a three-player game, or Ben alone in a two-player one. */
static struct cr_event
pig_farm(unsigned pigs, unsigned winners)
{
	struct cr_event ev = { .reason = CR_EV_FARM, .kind = CR_FIELD, .cities = 2, .per_city = 3,
	    .term = { { 2, 1, (uint16_t)phrase_of("traders-builders", "the pig"), (uint8_t)pigs } },
	    .nterm = 1, .points = 6, .winners = (uint8_t)winners, .meeples = { 1, 1, 1 },
	    .pieces = { 1, 1, 1 } };

	return *settled(&ev);
}

/* A module's event paying amounts of its own (the engine's general form:
 * pay[] set, no term makes it): a flock herded, 5 to Anna, 2 to Ben. */
static struct cr_event
own_amounts(void)
{
	return (struct cr_event){ .reason = CR_EV_MODULE, .kind = CR_FIELD, .x = 1, .y = 2,
	    .what = (uint16_t)phrase_of("hills-sheep", "flock"),
	    .note = (uint16_t)phrase_of("hills-sheep", "herded"), .sub = 2, .nterm = 1,
	    .term = { { 5, 1, (uint16_t)phrase_of("hills-sheep", "sheep"), 0 } }, .points = 5,
	    .winners = 0x3, .meeples = { 1, 1 }, .pay = { 5, 2 } };
}

/*
 * One event, each winner's own amount on one line (items 7, 8): the tie
 * is said as a tie, each group of winners with its own sums; the short
 * "why" keeps every term.  A big meeple is named as what it is (item
 * 11), and a module's own amounts, which no sums make, are said alone.
 */
static void
test_event_amounts(void **state)
{
	struct cr_event ev = pig_farm(0x2, 0x3);
	char buf[512];

	(void)state;
	nt_event_explain(&ev, tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "farm touching 2 completed cities: 3 x 2 = 6 to Anna; 3 x 2 + 1 x 2 "
	    "(the pig) = 8 to Ben (tied, 1 farmer each)");
	nt_event_why(&ev, buf, sizeof buf);
	assert_string_equal(buf, "farm touching 2 completed cities: 3 x 2 + 1 x 2 (the pig)");
	ev = pig_farm(0x5, 0x7);
	nt_event_explain(&ev, tu_names, 3, buf, sizeof buf);
	assert_string_equal(buf, "farm touching 2 completed cities: 3 x 2 + 1 x 2 (the pig) = 8 "
	    "points each to Anna and Carl; 3 x 2 = 6 to Ben (tied, 1 farmer each)");
	ev = pig_farm(0x3, 0x3);	/* a pig each: alike again */
	nt_event_explain(&ev, tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "farm touching 2 completed cities: 3 x 2 + 1 x 2 (the pig) = 8 "
	    "points each to Anna and Ben (1 farmer)");
	/* A big thief, alone and beside a thief. */
	ev = (struct cr_event){ .reason = CR_EV_COMPLETED, .kind = CR_ROAD, .tiles = 5, .per_tile = 1,
	    .points = 5, .winners = 0x1, .meeples = { 2, 1 }, .pieces = { 1, 1 } };
	nt_event_explain(settled(&ev), tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "completed road of 5 tiles: 1 x 5 = 5 to Anna (2: 1 big thief "
	    "counting 2) - Ben has 1, fewer");
	ev.meeples[0] = 3, ev.pieces[0] = 2;
	nt_event_explain(&ev, tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "completed road of 5 tiles: 1 x 5 = 5 to Anna (3: 1 thief, 1 big "
	    "thief counting 2) - Ben has 1, fewer");
	/* A module's event paying amounts of its own (the engine's general
	 * form: pay[] set, no term makes it). */
	ev = own_amounts();
	nt_event_explain(&ev, tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "herded at 1,2 (2 tokens): 1 x 5 (sheep) = 5 to Anna; 2 to Ben");
}

/* A big thief is a big thief in the refusal's sentence (item 11); the
 * notation's word stays where the line's own writing is meant. */
static void
test_big_piece_refusals(void **state)
{
	struct cr_game *g = tu_game_with(3, 2, "inns-cathedrals");

	(void)state;
	play_err(g, "V 0,-1 0 big-thief@N", NULL, 1, "a big thief stands on a road: V at 0,-1 "
	    "rotation 0 has no road at N; valid spots for a big thief: S W");
	play_err(g, "V 0,-1 0 big-knight@W", NULL, 1, "a big knight stands on a city: V at 0,-1 "
	    "rotation 0 has no city at W; valid spots for a big knight: nowhere on this tile");
	/* The piece that holds the feature, as it is. */
	tu_play(g, "U 1,0 0 big-thief@E");
	play_err(g, "U 2,0 0 thief@E", NULL, 1, "one feature, one owner at placement: the road at E "
	    "of U at 2,0 joins a road that already holds Anna's big thief");
	cr_game_free(g);
}

/* The same in French: the tie, each one's amount, the big thief. */
static void
test_fr_event_amounts(void **state)
{
	struct cr_event ev = pig_farm(0x2, 0x3);
	struct cr_game *g;

	(void)state;
	explains(&ev, 2, "pré touchant 2 villes achevées : 3 x 2 = 6 à Anna ; 3 x 2 + 1 x 2 "
	    "(le cochon) = 8 à Ben (à égalité, 1 paysan chacun)");
	ev = (struct cr_event){ .reason = CR_EV_COMPLETED, .kind = CR_ROAD, .tiles = 5, .per_tile = 1,
	    .points = 5, .winners = 0x1, .meeples = { 3, 1 }, .pieces = { 2, 1 } };
	explains(&ev, 2, "route achevée de 5 tuiles : 1 x 5 = 5 à Anna (3 : 1 voleur, 1 grand "
	    "voleur comptant pour 2) - Ben en a 1, moins");
	g = tu_game_with(3, 2, "inns-cathedrals");
	play_err(g, "V 0,-1 0 big-thief@N", NULL, 1, "un grand voleur se place sur une route : V en "
	    "0,-1 rotation 0 n'a aucune route en N ; emplacements valides pour un grand voleur : S O");
	tu_play(g, "U 1,0 0 big-thief@E");
	play_err(g, "U 2,0 0 thief@E", NULL, 1, "un élément, un seul propriétaire à la pose : la "
	    "route en E de U en 2,0 rejoint une route où Anna a déjà un grand voleur");
	cr_game_free(g);
}

/* ---- issue 18 round 2 ------------------------------------------------------ */

/*
 * JSON's why for an event whose winners get different amounts accounts
 * for each (item 7): the groups paid alike, each with its sums and its
 * amount, as the text says them; an event paying one amount keeps the
 * arithmetic alone.
 */
static void
test_why_paid(void **state)
{
	struct cr_event ev = pig_farm(0x2, 0x3);
	char buf[512], alone[512];

	(void)state;
	nt_event_why_paid(&ev, tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "farm touching 2 completed cities: 3 x 2 = 6 to Anna; 3 x 2 + 1 x 2 "
	    "(the pig) = 8 to Ben");
	assert_int_equal(nt_event_why_paid(&ev, tu_names, 2, NULL, 0), (int)strlen(buf));
	ev = pig_farm(0x5, 0x7);
	nt_event_why_paid(&ev, tu_names, 3, buf, sizeof buf);
	assert_string_equal(buf, "farm touching 2 completed cities: 3 x 2 + 1 x 2 (the pig) = 8 "
	    "points each to Anna and Carl; 3 x 2 = 6 to Ben");
	/* One amount: the arithmetic alone, as it always was. */
	ev = pig_farm(0x3, 0x3);
	nt_event_why_paid(&ev, tu_names, 2, buf, sizeof buf);
	nt_event_why(&ev, alone, sizeof alone);
	assert_string_equal(buf, alone);
	assert_string_equal(buf, "farm touching 2 completed cities: 3 x 2 + 1 x 2 (the pig)");
	ev = (struct cr_event){ .reason = CR_EV_COMPLETED, .kind = CR_CITY, .tiles = 4, .pennants = 2,
	    .per_tile = 2, .per_pennant = 2, .winners = 0x3, .meeples = { 2, 2, 1 } };
	nt_event_why_paid(settled(&ev), tu_names, 3, buf, sizeof buf);
	assert_string_equal(buf, "completed city of 4 tiles and 2 pennants: 2 x 4 + 2 x 2");
	/* A module's own amounts, which no sums make: said alone. */
	ev = own_amounts();
	nt_event_why_paid(&ev, tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "herded at 1,2 (2 tokens): 1 x 5 (sheep) = 5 to Anna; 2 to Ben");
	/* Cut short: on a whole character, never past the buffer. */
	ev = pig_farm(0x2, 0x3);
	assert_int_equal(nt_event_why_paid(&ev, tu_names, 2, buf, 20), (int)strlen("farm touching "
	    "2 completed cities: 3 x 2 = 6 to Anna; 3 x 2 + 1 x 2 (the pig) = 8 to Ben"));
	assert_int_equal(strlen(buf), 19);
}

/*
 * A module's rule of placement (the River's U-turn, its continuing the
 * river) names the rotations that fit there, as edges that do not match
 * do (item 12); its rule of order, at the draw, has no square: none.
 */
static void
test_module_refusal_fits(void **state)
{
	struct cr_game *g = tu_game_with(3, 2, "river");

	(void)state;
	play_err(g, "D 1,0 0", NULL, 1, "the river comes first: D may not be drawn while 11 river "
	    "tiles are left");
	tu_play(g, "RV-E 1,0 90");
	play_err(g, "RV-G 1,-1 90", NULL, 1, "RV-G at 1,-1: the river would turn back on itself "
	    "(two right curves in a row); the rotation that fits at 1,-1: 180");
	play_err(g, "RV-D 0,1 0", NULL, 1, "a river tile continues the river: RV-D at 0,1 "
	    "rotation 0 has no river edge against the river; no rotation of RV-D fits at 0,1");
	cr_game_free(g);
}

/* ---- issue 18 round 2: names that look alike are one name ------------------ */

/* Unicode's full case folding, compatibility forms, default-ignorable
 * code points and white space of any kind: names a table reads as one are
 * one name; names apart by a visible letter stay two. */
static void
test_names_folded(void **state)
{
	static const struct name_pair eq[] = {
		{ "Anna", "Anna\u034f", true },			/* combining grapheme joiner */
		{ "Anna", "Anna\u3164", true },			/* Hangul filler */
		{ "Anna", "\u115fAnna", true },			/* Hangul choseong filler */
		{ "Anna", "An\u1160na\uffa0", true },		/* jungseong, halfwidth fillers */
		{ "Anna", "Anna\ufe0f", true },			/* variation selector */
		{ "Anna", "Anna\u00a0", true },			/* a no-break space at the end */
		{ "Anna", " Anna\u3000", true },		/* spaces of any kind around */
		{ "Anna Maria", "anna\u00a0maria", true },	/* NBSP inside */
		{ "Anna Maria", "Anna  \u2009Maria", true },	/* a run of spaces is one */
		{ "Anna Maria", "AnnaMaria", false },		/* but a space is a space */
		{ "\u03a3\u0391\u03a3", "\u03c3\u03b1\u03c2", true },	/* ΣΑΣ, σας */
		{ "\u01c4", "\u01c6", true },			/* Ǆ, ǆ */
		{ "\u01c5", "D\u017e", true },			/* ǅ, Dž */
		{ "Strau\u00df", "STRAUSS", true },		/* ß: ss */
		{ "\uff21\uff4e\uff4e\uff41", "anna", true },	/* fullwidth */
		{ "\ufb01ona", "Fiona", true },			/* the fi ligature */
		{ "e\u034f\u0301", "\u00c9", true },		/* CGJ inside an é */
		{ "Anna", "Anne", false },
		{ "Anna", "Anna2", false },
		{ "\u0130", "I", false },			/* İ is not I */
		{ "Ann a", "Anna", false },
	};
	/* Names refused in a record: white space of any kind at either
	 * end, a line break; nothing visible (issue 18 round 3: said so). */
	static const char *bad[] = {
		"\"Anna\\u00a0\"", "\"\\u3000Anna\"", "\"\\u200b Anna\"",
		"\"Anna\\u2003\\u200b\"", "\"An\\nna\"",
	};
	static const char *unseen[] = { "\"\\u3164\"", "\"\\u200b\\u034f\"" };
	static const char *good[] = {
		"\"Anna\\u200b\"", "\"Anna\\u00a0Maria\"", "\"Tab\\there\"", "\"\\u5f20\\u4f1f\"",
	};
	struct nt_record r;
	struct cr_error err;
	char text[128];

	(void)state;
	check_name_pairs(eq, sizeof eq / sizeof eq[0]);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, "format: carcref/1\nplayers: [%s, Ben]\n", bad[i]);
		if (nt_record_parse(&r, text, strlen(text), &err) == 0) {
			nt_record_free(&r);
			fail_msg("%s: refused expected", bad[i]);
		}
		assert_string_equal(err.msg, "a player's name must be a non-empty text on one "
		    "line, without \":\" or \"#\" and without spaces around it");
	}
	for (size_t i = 0; i < sizeof unseen / sizeof unseen[0]; i++) {
		snprintf(text, sizeof text, "format: carcref/1\nplayers: [%s, Ben]\n", unseen[i]);
		if (nt_record_parse(&r, text, strlen(text), &err) == 0) {
			nt_record_free(&r);
			fail_msg("%s: refused expected", unseen[i]);
		}
		assert_non_null(strstr(err.msg, "a player's name must show something"));
	}
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		snprintf(text, sizeof text, "format: carcref/1\nplayers: [%s, Ben]\n", good[i]);
		if (nt_record_parse(&r, text, strlen(text), &err) < 0)
			fail_msg("%s: refused: %s", good[i], err.msg);
		nt_record_free(&r);
	}
	/* The characters that show nothing, escaped wherever printed. */
	assert_true(nt_char_invisible(0x34f) && nt_char_invisible(0x3164) &&
	    nt_char_invisible(0x115f) && nt_char_invisible(0x1160) && nt_char_invisible(0xffa0) &&
	    nt_char_invisible(0xfe0f) && nt_char_invisible(0x200d));
	assert_false(nt_char_invisible(0xa0) || nt_char_invisible(0x3000) ||
	    nt_char_invisible(0x301) || nt_char_invisible(0xff21));
}

/* ---- issue 18 round 3: words ------------------------------------------------ */

/* What a refusal quotes of what was typed: one rule (nt_quote), the
 * characters kept (é is é, not "??"), cut never inside one. */
static void
test_r3_quote_rule(void **state)
{
	char buf[NT_QUOTE_SIZE], line[128];

	(void)state;
	assert_string_equal(nt_quote("V\xc3\xa9", 3, buf), "V\xc3\xa9");
	assert_string_equal(nt_quote("\xe2\x80\xae" "E\x1b", 5, buf), "\xe2\x80\xae" "E\x1b");
	assert_string_equal(nt_quote("a\nb\0c", 5, buf), "a\\x0ab\\x00c");
	/* 47 bytes and a 2-byte é: the é would end at byte 49: cut before it. */
	memset(line, 'q', 47);
	memcpy(line + 47, "\xc3\xa9", 2);
	assert_string_equal(nt_quote(line, 49, buf),
	    "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq...");
	/* 24 é: 48 bytes, whole; 25: cut after the 24th. */
	for (int i = 0; i < 25; i++)
		memcpy(line + 2 * i, "\xc3\xa9", 2);
	assert_int_equal(strlen(nt_quote(line, 48, buf)), 48);
	nt_quote(line, 50, buf);
	assert_int_equal(strlen(buf), 51);
	assert_string_equal(buf + 48, "...");
	/* A newline's escape counts as four bytes. */
	memset(line, 'q', 46);
	line[46] = '\n';
	assert_string_equal(nt_quote(line, 47, buf) + 46, "...");
	/* Through the parser: the same words as the whole line typed. */
	PARSE_ERR("V\xc3\xa9 1,0 90", 1, "unknown tile \"V\xc3\xa9\"");
	PARSE_ERR("\xe2\x80\xae" "E 0,1 180", 1, "unknown tile \"\xe2\x80\xae" "E\"");
	PARSE_ERR("E\x1b 0,1 180", 1, "unknown tile \"E\x1b\"");
	PARSE_ERR("V 1,0 90 thi\xc3\xa9" "f@W", 10, ROLE_MSG "\"thi\xc3\xa9" "f\"");
	PARSE_ERR("V 1,0 90 thief@\xc3\x89", 16, SPOT_MSG "\"\xc3\x89\"");
	PARSE_ERR("Zo\xc3\xa9:", 6, "expected a tile code after \"Zo\xc3\xa9:\"");
}

/* A name must show something by itself, and not start with a combining
 * mark; white space of any kind at the ends is what nt_trim_space drops. */
static void
test_r3_name_shows(void **state)
{
	static const char *unseen[] = {
		"\xcc\x81", "\xcc\x81\xcc\x80", "\x01", "\xe3\x85\xa4", "\xe2\x80\x8b\xcd\x8f",
		"\xee\x80\x80",	/* U+E000, private use: nothing known to show */
	};
	static const char *shown[] = {
		"A\xcc\x81nna", "42", "+", "\xe5\xbc\xa0", "\xe2\x99\xa5", "Anna\xe2\x80\x8b", "-",
	};
	static const struct { const char *s, *want; } trims[] = {
		{ "Anna", "Anna" }, { " Anna ", "Anna" }, { "\tAnna\r", "Anna" },
		{ "\xc2\xa0" "Anna\xe3\x80\x80", "Anna" },		/* no-break, ideographic */
		{ "Anna Maria", "Anna Maria" }, { "Anna\xe2\x80\x8b", "Anna\xe2\x80\x8b" },
		{ "Anna \xe2\x80\x8b ", "Anna" }, { "\xe2\x80\x8b Anna", "Anna" },
		{ " \xe2\x80\x8b" "Anna", "\xe2\x80\x8b" "Anna" }, { "   ", "" }, { "", "" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof unseen / sizeof unseen[0]; i++) {
		const char *f = nt_name_fault(unseen[i], strlen(unseen[i]));

		if (f == NULL || strstr(f, "must show something") == NULL)
			fail_msg("name %zu: \"%s\" refused as showing nothing expected, got %s", i,
			    unseen[i], f ? f : "accepted");
	}
	for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
		if (nt_name_fault(shown[i], strlen(shown[i])) != NULL)
			fail_msg("\"%s\": refused: %s", shown[i], nt_name_fault(shown[i],
			    strlen(shown[i])));
	assert_string_equal(nt_name_fault("\xcc\x81" "Anna", 6), "a player's name may not begin "
	    "with a combining mark: it would land on the character printed before the name");
	assert_string_equal(nt_name_fault("B\xff" "en", 4), "not valid UTF-8");
	assert_non_null(strstr(nt_name_fault("", 0), "non-empty"));
	assert_non_null(strstr(nt_name_fault("Anna ", 5), "without spaces around it"));
	for (size_t i = 0; i < sizeof trims / sizeof trims[0]; i++) {
		size_t n = strlen(trims[i].s), at = nt_trim_space(trims[i].s, &n);

		if (n != strlen(trims[i].want) || memcmp(trims[i].s + at, trims[i].want, n) != 0)
			fail_msg("\"%s\" trimmed: \"%.*s\", expected \"%s\"", trims[i].s, (int)n,
			    trims[i].s + at, trims[i].want);
	}
}

/* What refusal R says with its count N. */
static void
says_with(struct cr_refusal *r, int n, const char *want)
{
	char buf[256];

	r->n = n;
	nt_refusal(tu_base(), r, tu_names, buf, sizeof buf);
	assert_string_equal(buf, want);
}

/* A module's phrase with a count says one or more as the language does
 * ("1 river tile is left", never "tile(s)"). */
static void
test_r3_plural_phrases(void **state)
{
	struct cr_game *g = tu_game_with(3, 2, "river");
	struct cr_refusal r = { .code = CR_R_EXT, .ext = cr_ext_find("river", 5), .n = 1,
	    .tile = cr_tileset_find(tu_base(), "D", 1) };
	int wolf = cr_token_find(0, "wolf", 4);

	(void)state;
	r.phrase = phrase_of("river", "the river comes first: {tile} may not be drawn while {n} "
	    "river tile is left");
	assert_string_equal(cr_phrase_plural(r.phrase), "the river comes first: {tile} may not be "
	    "drawn while {n} river tiles are left");
	says_with(&r, 1, "the river comes first: D may not be drawn while 1 river tile is left");
	says_with(&r, 2, "the river comes first: D may not be drawn while 2 river tiles are left");
	r.phrase = phrase_of("river", "the lake comes last of the river: {tile} may not be drawn "
	    "while {n} other river tile is left");
	r.tile = cr_tileset_find(tu_base(), "RV-L", 4);
	says_with(&r, 1, "the lake comes last of the river: RV-L may not be drawn while 1 other "
	    "river tile is left");
	r = (struct cr_refusal){ .code = CR_R_EXT, .ext = cr_ext_find("hills-sheep", 11), .n = 1,
	    .arg = CR_TOKEN(wolf, 0) };
	r.phrase = phrase_of("hills-sheep", "the bag holds no {token} now: the only one is out on "
	    "the board");
	says_with(&r, 1, "the bag holds no wolf now: the only one is out on the board");
	says_with(&r, 2, "the bag holds no wolf now: all 2 are out on the board");
	/* Every phrase of every module: no "(s)" left to say a plural. */
	for (int e = 0; e < cr_nexts; e++)
		for (int i = 1; i < 256; i++)
			if (strstr(cr_phrase(CR_PHRASE(e, i)), "(s)") != NULL)
				fail_msg("%s: \"%s\"", cr_exts[e]->name, cr_phrase(CR_PHRASE(e, i)));
	cr_game_free(g);
}

/* The same in French: the text typed kept, the plural French's own. */
static void
test_r3_fr_words(void **state)
{
	struct cr_refusal r = { .code = CR_R_EXT, .ext = cr_ext_find("river", 5), .n = 1,
	    .tile = cr_tileset_find(tu_base(), "D", 1) };

	(void)state;
	PARSE_ERR("V\xc3\xa9 1,0 90", 1, "tuile « V\xc3\xa9 » inconnue");
	PARSE_ERR("\xe2\x80\xae" "E 0,1 180", 1, "tuile « \xe2\x80\xae" "E » inconnue");
	r.phrase = phrase_of("river", "the river comes first: {tile} may not be drawn while {n} "
	    "river tile is left");
	says_with(&r, 1, "la rivière d'abord : D ne peut pas être piochée tant qu'il reste 1 "
	    "tuile rivière");
	says_with(&r, 11, "la rivière d'abord : D ne peut pas être piochée tant qu'il reste 11 "
	    "tuiles rivière");
	assert_string_equal(gettext(nt_name_fault("\xcc\x81", 2)), "le nom d'un joueur doit montrer "
	    "quelque chose : une lettre, un chiffre, un symbole ou un signe de ponctuation, pas "
	    "seulement des caractères qui ne se voient pas seuls");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spec_examples),
		cmocka_unit_test(test_blank_and_comments),
		cmocka_unit_test(test_case_and_spacing),
		cmocka_unit_test(test_player_prefix),
		cmocka_unit_test(test_roles),
		cmocka_unit_test(test_spots),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_error_quoting),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_roundtrip_every_move),
		cmocka_unit_test(test_canonical),
		cmocka_unit_test(test_fast_path),
		cmocka_unit_test(test_fast_path_offsets),
		cmocka_unit_test(test_fast_path_numbers),
		cmocka_unit_test(test_play_player_checks),
		cmocka_unit_test(test_refusal_words),
		cmocka_unit_test(test_refusal_words_direct),
		cmocka_unit_test(test_no_copy_where),
		cmocka_unit_test(test_event_words),
		cmocka_unit_test(test_names_normalised),
		cmocka_unit_test(test_event_amounts),
		cmocka_unit_test(test_big_piece_refusals),
		cmocka_unit_test(test_why_paid),
		cmocka_unit_test(test_module_refusal_fits),
		cmocka_unit_test(test_names_folded),
		cmocka_unit_test(test_r3_quote_rule),
		cmocka_unit_test(test_r3_name_shows),
		cmocka_unit_test(test_r3_plural_phrases),
	};
	const struct CMUnitTest french[] = {
		cmocka_unit_test(test_fr_events),
		cmocka_unit_test(test_fr_refusals),
		cmocka_unit_test(test_fr_read_errors),
		cmocka_unit_test(test_fr_event_amounts),
		cmocka_unit_test(test_r3_fr_words),
	};
	int failed = cmocka_run_group_tests_name("notation", tests, NULL, NULL);

	return failed + cmocka_run_group_tests_name("notation in French", french, fr_setup,
	    fr_teardown);
}
