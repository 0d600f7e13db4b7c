/*
 * test_dice.c -- the dice game (rules/dice.c, rules/dice-faces.c,
 * notation/dice.c) against spec/dice.md: the face data and its loader's
 * refusals, the size-only search (against a brute force), every rule D1-D14
 * as a scenario with its scores, every refusal of §4.10 with its exact
 * message and column, the order of the checks, undo, the hand-derived
 * corpus game, the canonical form and its round trip, the table's step by
 * step queries, and random legal games replayed from their written form.
 *
 * Run from the repository root, or point CARCREF_DATA at the directory
 * holding dice-faces.yaml.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "slurp.h"
#include "dice_snap.h"
#include "rules/dice.h"
#include "notation/dice.h"

static const char *const names[DC_MAXPLAYERS] = { "Anna", "Ben", "Carl", "Dora", "Emil" };

/* The shipped face set, loaded once. */
static struct dc_faces shipped;

static void
load_shipped(void)
{
	const char *dir = getenv("CARCREF_DATA");
	char path[4096];
	struct dc_error err;
	size_t len = 0;
	char *text;

	if (shipped.cache != NULL)
		return;
	snprintf(path, sizeof path, "%s/dice-faces.yaml", dir ? dir : "rules/tiles");
	if ((text = tu_slurp(path, &len)) == NULL)
		fail_msg("cannot read %s", path);
	if (dc_faces_parse(&shipped, text, len, &err) < 0)
		fail_msg("%s:%d:%d: %s", path, err.line, err.column, err.msg);
	assert_true(dc_faces_origin(&shipped, DC_FROM_SHIPPED, "dice-faces.yaml"));
	free(text);
}

static int
setup(void **state)
{
	(void)state;
	load_shipped();
	return 0;
}

/* A face set from text; fails the test if it does not load. */
static void
faces_from(struct dc_faces *f, const char *text)
{
	struct dc_error err;

	if (dc_faces_parse(f, text, strlen(text), &err) < 0)
		fail_msg("%d:%d: %s\n%s", err.line, err.column, err.msg, text);
}

/* ------------------------------------------------------------------ */
/* Games: play, refuse, compare */

static struct dc_game *
game_on(const struct dc_faces *f, int nplayers)
{
	struct dc_game *g = dc_game_new(f, nplayers);

	assert_non_null(g);
	return g;
}

static struct dc_game *
game(int nplayers)
{
	return game_on(&shipped, nplayers);
}

static void
play(struct dc_game *g, const char *line)
{
	struct nt_dice_error err;

	if (nt_dice_play(g, names, line, strlen(line), NULL, &err) < 0)
		fail_msg("\"%s\" refused (%s, column %d): %s", line, dc_rkind_name(err.kind), err.column,
		    err.msg);
}

/* The line is refused with that kind, column and message, and the game
 * is left exactly as it was. */
static void
refuse_as(struct dc_game *g, const char *player, const char *line, enum dc_rkind kind, int column,
    const char *msg)
{
	struct nt_dice_error err;
	struct ds_snap before;

	ds_take(g, &before);
	if (nt_dice_play(g, names, line, strlen(line), player, &err) == 0)
		fail_msg("\"%s\" accepted; expected %s: %s", line, dc_rkind_name(kind), msg);
	assert_true(ds_same_as(g, &before));
	ds_free(&before);
	if (err.kind != kind || strcmp(err.msg, msg) != 0 || err.column != column)
		fail_msg("\"%s\":\n  got  %s, column %d: %s\n  want %s, column %d: %s", line,
		    dc_rkind_name(err.kind), err.column, err.msg, dc_rkind_name(kind), column, msg);
}

static void
refuse(struct dc_game *g, const char *line, enum dc_rkind kind, int column, const char *msg)
{
	refuse_as(g, NULL, line, kind, column, msg);
}

static void
scores(const struct dc_game *g, int a, int b)
{
	assert_int_equal(dc_game_score(g, 0), a);
	assert_int_equal(dc_game_score(g, 1), b);
}

static const char *
why(const struct dc_game *g, int i)
{
	static char buf[512];
	const struct dc_event *e = dc_game_event(g, i);

	assert_non_null(e);
	nt_dice_why(e, names, buf, sizeof buf);
	return buf;
}

/* Parse a line that must read. */
static void
parse_ok(const struct dc_faces *f, const char *line, struct dc_turn *t)
{
	struct nt_dice_error err;

	if (nt_dice_parse(f, line, strlen(line), t, &err) < 0)
		fail_msg("\"%s\": column %d: %s", line, err.column, err.msg);
}

/* The canonical form of the last move played. */
static const char *
last_move(const struct dc_game *g)
{
	static char buf[512];
	int n = dc_game_nmoves(g);

	nt_dice_format(dc_game_faces(g), dc_game_move(g, n - 1), NULL, 0, buf, sizeof buf);
	return buf;
}

/* ------------------------------------------------------------------ */
/* The face data */

static void
test_faces_shipped(void **state)
{
	static const struct { const char *code, *en, *fr; unsigned edges, piece; int line; } want[] = {
		{ "CFFF", "cap", "bord", 0x1, 0x1, 11 },
		{ "CCFF", "corner", "coin", 0x3, 0x3, 12 },
		{ "CFCF", "band", "bande", 0x5, 0x5, 13 },
		{ "CCCF", "three", "trois", 0x7, 0x7, 14 },
	};
	(void)state;
	for (int i = 0; i < DC_NFACES; i++) {
		const struct dc_face *fc = &shipped.face[i];

		assert_string_equal(fc->code, want[i].code);
		assert_int_equal(fc->edges, want[i].edges);
		assert_int_equal(fc->npieces, 1);
		assert_int_equal(fc->piece[0], want[i].piece);
		assert_int_equal(fc->nalso, 2);
		assert_string_equal(dc_face_word(fc, false), want[i].en);
		assert_string_equal(dc_face_word(fc, true), want[i].fr);
		assert_int_equal(fc->line, want[i].line);
		assert_int_equal(fc->digit, 0);
	}
	assert_int_equal(shipped.face[2].nrots, 2);
	assert_int_equal(shipped.face[0].nrots, 4);
	assert_non_null(shipped.source);
	assert_non_null(strstr(shipped.source, "GUESS"));
	assert_non_null(strstr(shipped.doubt, "not known for sure"));
}

static void
test_faces_lookup(void **state)
{
	static const struct { const char *w; int face, rot; bool name; } want[] = {
		{ "CFFF", 0, 0, false }, { "fcff", 0, 1, false }, { "FFCF", 0, 2, false },
		{ "FFFC", 0, 3, false }, { "CCFF", 1, 0, false }, { "FCCF", 1, 1, false },
		{ "FFCC", 1, 2, false }, { "CFFC", 1, 3, false }, { "FCFC", 2, 1, false },
		{ "cfcf", 2, 0, false }, { "CCFC", 3, 3, false }, { "cap", 0, 0, true },
		{ "BORD", 0, 0, true }, { "Coin", 1, 0, true }, { "bande", 2, 0, true },
		{ "three", 3, 0, true }, { "CCCC", DC_FACE_NOT_IN_DATA, 0, false },
		{ "CFCF2", DC_FACE_NOT_IN_DATA, 0, false }, { "FFFF", DC_FACE_NOT_IN_DATA, 0, false },
		{ "CFCF0", DC_FACE_UNKNOWN, 0, false }, { "Q", DC_FACE_UNKNOWN, 0, false },
		{ "capx", DC_FACE_UNKNOWN, 0, false }, { "", DC_FACE_UNKNOWN, 0, false },
	};
	struct dc_faces f;
	char l[DC_CODE_MAX];
	int rot;
	bool by_name;

	(void)state;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		int k = dc_faces_lookup(&shipped, want[i].w, strlen(want[i].w), &rot, &by_name);

		if (k != want[i].face || (k >= 0 && (rot != want[i].rot || by_name != want[i].name)))
			fail_msg("\"%s\": face %d rot %d name %d", want[i].w, k, rot, by_name);
	}
	assert_string_equal(dc_face_letters(&shipped.face[0], 2, l), "FFCF");
	assert_string_equal(dc_face_letters(&shipped.face[2], 1, l), "FCFC");
	/* two faces with the same letters: the one without a digit is the letters */
	faces_from(&f, "format: carcref-faces/1\nfaces:\n"
	    "  - {code: CFFF, edges: C F F F, cities: [[N]]}\n"
	    "  - {code: CFCF, also: [band], edges: C F C F, cities: [[N, S]]}\n"
	    "  - {code: CFCF2, also: [caps], edges: C F C F, cities: [[N], [S]]}\n"
	    "  - {code: CCCC, edges: CCCC, cities: [[N, E, S, W]]}\n");
	assert_int_equal(dc_faces_lookup(&f, "FCFC", 4, &rot, &by_name), 1);
	assert_int_equal(rot, 1);
	assert_int_equal(dc_faces_lookup(&f, "fcfc2", 5, &rot, &by_name), 2);
	assert_int_equal(rot, 1);
	assert_int_equal(dc_faces_lookup(&f, "CFCF3", 5, &rot, &by_name), DC_FACE_NOT_IN_DATA);
	assert_int_equal(dc_faces_lookup(&f, "CCCC", 4, &rot, &by_name), 3);
	assert_int_equal(f.face[3].nrots, 1);
	assert_string_equal(dc_face_letters(&f.face[2], 0, l), "CFCF2");
	dc_faces_free(&f);
	/* every such face with a digit: the letters alone are ambiguous */
	faces_from(&f, "format: carcref-faces/1\nfaces:\n"
	    "  - {code: CFFF, edges: C F F F, cities: [[N]]}\n"
	    "  - {code: CFCF1, edges: C F C F, cities: [[N, S]]}\n"
	    "  - {code: CFCF2, edges: C F C F, cities: [[N], [S]]}\n"
	    "  - {code: CCCC, edges: CCCC, cities: [[N, E, S, W]]}\n");
	assert_int_equal(dc_faces_lookup(&f, "CFCF", 4, &rot, &by_name), DC_FACE_AMBIGUOUS);
	assert_int_equal(dc_faces_lookup(&f, "CFCF1", 5, &rot, &by_name), 1);
	dc_faces_free(&f);
	assert_true(dc_reserved_word("ROLL", 4));
	assert_true(dc_reserved_word("chevalier", 9));
	assert_false(dc_reserved_word("cap", 3));
}

#define HEAD	"format: carcref-faces/1\nfaces:\n"
#define F1	"  - {code: CFFF, edges: C F F F, cities: [[N]]}\n"
#define F2	"  - {code: CCFF, edges: C C F F, cities: [[N, E]]}\n"
#define F3	"  - {code: CFCF, edges: C F C F, cities: [[N, S]]}\n"
#define F4	"  - {code: CCCF, edges: C C C F, cities: [[N, E, S]]}\n"
#define HEAD3	HEAD F1 F2 F3

/* Every check of spec §2.4, with its place and message. */
static void
test_faces_refusals(void **state)
{
	static const struct { const char *text; int line, column; const char *msg; } cases[] = {
		{ HEAD F1 F2 F3, 3, 3, "a die has 4 city faces (and a knight and a catapult, which are "
		    "not data); this list has 3" },
		{ HEAD F1 F2 F3 F4 F4, 3, 3, "a die has 4 city faces (and a knight and a catapult, which "
		    "are not data); this list has 5" },
		{ HEAD3 "  - {code: CCCF, edges: C C X F, cities: [[N, E, S]]}\n", 6, 25, "face 4: edges "
		    "must be the four sides N E S W, each C (black, city) or F (white), like \"C F F F\", "
		    "not \"C C X F\"" },
		{ HEAD3 "  - {code: CCCF, edges: C C C, cities: [[N, E, S]]}\n", 6, 25, "face 4: edges "
		    "must be the four sides N E S W, each C (black, city) or F (white), like \"C F F F\", "
		    "not \"C C C\"" },
		{ HEAD3 "  - {code: CCFC, edges: C C F C, cities: [[N, E, W]]}\n", 6, 25, "face 4: edges C "
		    "C F C are not at rotation 0, the rotation that reads first in alphabetical order: "
		    "turned, the face reads CCCF; write edges: C C C F and code CCCF" },
		{ HEAD3 "  - {code: CCFF, edges: C C C F, cities: [[N, E, S]]}\n", 6, 12, "face 4: code "
		    "CCFF does not match edges C C C F" },
		{ HEAD3 "  - {code: CCCF3x, edges: C C C F, cities: [[N, E, S]]}\n", 6, 12, "face 4: code "
		    "must be the four letters of edges, with a digit 1-9 when another face has the same "
		    "letters (CFCF, CFCF2), not \"CCCF3x\"" },
		{ HEAD3 "  - {code: CCCF, edges: C C C F, cities: [[N, E]]}\n", 6, 42, "face 4 (CCCF): "
		    "black side S is in no city piece" },
		{ HEAD3 "  - {code: CCCF, edges: C C C F, cities: [[N, E], [E, S]]}\n", 6, 52, "face 4 "
		    "(CCCF): black side E is in two city pieces" },
		{ HEAD3 "  - {code: CCCF, edges: C C C F, cities: [[N, N, E, S]]}\n", 6, 47, "face 4 "
		    "(CCCF): black side N is in two city pieces" },
		{ HEAD3 "  - {code: CCCF, edges: C C C F, cities: [[N, E, S, W]]}\n", 6, 53, "face 4 "
		    "(CCCF): side W is white (F) in edges, but a city piece holds it" },
		{ HEAD3 "  - {code: CCCF, edges: C C C F, cities: [[N, E, S], []]}\n", 6, 54, "face 4 "
		    "(CCCF): an empty city piece: a piece joins one black side or more" },
		{ HEAD3 "  - {code: FFFF, edges: F F F F, cities: []}\n", 6, 25, "face 4: a city face "
		    "needs a black side (C) in edges; the knight and the catapult are not data" },
		{ HEAD3 "  - {code: CFCF2, edges: C F C F, cities: [[S, N]]}\n", 6, 5, "face 4 (CFCF2): "
		    "the same face as face 3 (CFCF), turned: the same black sides and pieces" },
		{ HEAD3 "  - {code: CFCF, edges: C F C F, cities: [[N], [S]]}\n", 6, 5, "face 4 (CFCF): "
		    "code CFCF is face 3's too: faces with the same letters need a digit 1-9 each but one "
		    "(CFCF, CFCF2)" },
		{ HEAD3 "  - {code: CCCC, edges: C C C C, cities: [[N, E], [S], [W]]}\n", 6, 42, "face 4 "
		    "(CCCC): turned 90 degrees the face reads CCCC again, but its pieces join other sides: "
		    "a layout names a die by its letters and could not tell how it lies" },
		{ HEAD3 "  - {code: CCCC, edges: C C C C, cities: [[N, S], [E], [W]]}\n", 6, 42, "face 4 "
		    "(CCCC): turned 90 degrees the face reads CCCC again, but its pieces join other sides: "
		    "a layout names a die by its letters and could not tell how it lies" },
		{ HEAD3 "  - {code: CCCF, also: [roll], edges: C C C F, cities: [[N, E, S]]}\n", 6, 25,
		    "face 4 (CCCF): the name \"roll\" is a word of the notation or of the table (a line "
		    "that begins with a face is a roll there); choose another" },
		{ HEAD3 "  - {code: CCCF, also: [Chevalier], edges: C C C F, cities: [[N, E, S]]}\n", 6, 25,
		    "face 4 (CCCF): the name \"Chevalier\" is a word of the notation or of the table (a "
		    "line that begins with a face is a roll there); choose another" },
		{ HEAD3 "  - {code: CCCF, also: [cfcf], edges: C C C F, cities: [[N, E, S]]}\n", 6, 25,
		    "face 4 (CCCF): the name \"cfcf\" reads as the letters of a face; choose another" },
		{ HEAD3 "  - {code: CCCF, also: [a], edges: C C C F, cities: [[N, E, S]]}\n", 6, 25,
		    "face 4 (CCCF): a name in also is two or more of the letters a-z (either case) and -, a "
		    "letter first, not \"a\"" },
		{ HEAD3 "  - {code: CCCF, also: [-ab], edges: C C C F, cities: [[N, E, S]]}\n", 6, 25,
		    "face 4 (CCCF): a name in also is two or more of the letters a-z (either case) and -, a "
		    "letter first, not \"-ab\"" },
		{ HEAD3 "  - {code: CCCF, also: [t2], edges: C C C F, cities: [[N, E, S]]}\n", 6, 25,
		    "face 4 (CCCF): a name in also is two or more of the letters a-z (either case) and -, a "
		    "letter first, not \"t2\"" },
		{ HEAD "  - {code: CFFF, also: [cap], edges: C F F F, cities: [[N]]}\n" F2 F3
		    "  - {code: CCCF, also: [CAP], edges: C C C F, cities: [[N, E, S]]}\n", 6, 5,
		    "face 4 (CCCF): the name \"CAP\" is given twice (face 1 and face 4)" },
		{ HEAD3 "  - {code: CCCF, also: [tri, tri], edges: C C C F, cities: [[N, E, S]]}\n", 6, 5,
		    "face 4 (CCCF): the name \"tri\" is given twice (face 4 and face 4)" },
		{ HEAD3 "  - {code: CCCF, colour: red, edges: C C C F, cities: [[N, E, S]]}\n", 6, 18,
		    "face 4: unknown key \"colour\" in a face; expected code, also, edges, cities, name, "
		    "doubt" },
		{ HEAD3 "  - {edges: C C C F, cities: [[N, E, S]]}\n", 6, 5, "face 4: a face needs code: "
		    "its code, its edges and its cities, like {code: CFFF, edges: C F F F, cities: [[N]]}" },
		{ HEAD3 "  - {code: CCCF, edges: C C C F, cities: [[N, E, Q]]}\n", 6, 50, "face 4 (CCCF): "
		    "a side is N, E, S or W, not \"Q\"" },
		{ HEAD3 "  - {code: CCCF, edges: C C C F, cities: [N, E, S]}\n", 6, 43, "face 4 (CCCF): a "
		    "city piece must be the list of the black sides it joins, like [N, E], not \"N\"" },
		{ HEAD3 "  - {code: CCCF, edges: C C C F, cities: [[N, E, S]], name: [1]}\n", 6, 61,
		    "face 4 (CCCF): name must be a text, not a list" },
		{ HEAD3 "  - [CCCF]\n", 6, 5, "face 4: a face must be a mapping (key: value), not a list" },
		{ "format: carcref-faces/2\nfaces: []\n", 1, 9, "format must be carcref-faces/1, not "
		    "\"carcref-faces/2\"" },
		{ "faces: []\n", 1, 1, "a face file starts with format: carcref-faces/1" },
		{ "format: carcref-faces/1\ngame: carcassonne\nfaces: []\n", 2, 7, "game must be dice "
		    "(faces are the dice game's), not \"carcassonne\"" },
		{ "format: carcref-faces/1\nbogus: 1\n", 2, 1, "unknown key \"bogus\" in a face file; "
		    "expected format, game, source, doubt, faces" },
		{ "format: carcref-faces/1\n", 1, 1, "a face file needs faces: the list of the die's city "
		    "faces" },
		{ "format: carcref-faces/1\nfaces: 4\n", 2, 8, "faces must be the list of the die's 4 city "
		    "faces, not \"4\"" },
		{ HEAD3 "  - &a {code: CCCF, edges: C C C F, cities: [[N, E, S]]}\n  - *a\n", 7, 5, "YAML "
		    "aliases are not allowed in face data; write the value out" },
		{ "", 1, 1, "no face data: expected the list of the die's city faces" },
		{ "x: [", 2, 1, "not valid YAML: did not find expected node content" },
		{ HEAD F1 F2 F3 F4 "---\n" HEAD F1 F2 F3 F4, 7, 1, "face data is one YAML document, but a "
		    "second one starts here" },
		{ "[[[[[[[[[[]]]]]]]]]]", 1, 9, "lists and mappings are nested more than 8 deep in face "
		    "data" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct dc_faces f;
		struct dc_error err;

		if (dc_faces_parse(&f, cases[i].text, strlen(cases[i].text), &err) == 0)
			fail_msg("case %zu loads:\n%s", i, cases[i].text);
		if (err.line != cases[i].line || err.column != cases[i].column ||
		    strcmp(err.msg, cases[i].msg) != 0)
			fail_msg("case %zu:\n  got  %d:%d: %s\n  want %d:%d: %s", i, err.line, err.column,
			    err.msg, cases[i].line, cases[i].column, cases[i].msg);
		for (int k = 0; k < DC_NFACES; k++)	/* a refused set keeps nothing */
			assert_null(f.face[k].also);
		assert_null(f.cache);
		assert_null(f.source);
	}
}

/* faces --check: every failed check, in the order of the text. */
static void
collect(void *arg, const struct dc_error *e)
{
	char *all = arg;
	size_t o = strlen(all);

	snprintf(all + o, 4096 - o, "%d:%d: %s\n", e->line, e->column, e->msg);
}

static void
test_faces_check(void **state)
{
	static const char bad[] = "format: carcref-faces/2\ngame: dice\ncolour: red\nfaces:\n"
	    "  - {code: CFFF, edges: C F F F, cities: [[N]], size: 2}\n"
	    "  - {code: CCFF, edges: C C F F, cities: [[N]]}\n"
	    "  - {code: CFCF, edges: C F C F, cities: [[N, S]]}\n"
	    "  - {code: CFCF, also: [band], edges: C F C F, cities: [[N], [S]]}\n"
	    "  - {code: CCCF, also: [band], edges: C C C F, cities: [[N, E, S]]}\n";
	char all[4096] = "";

	(void)state;
	assert_int_equal(dc_faces_check(HEAD F1 F2 F3 F4, strlen(HEAD F1 F2 F3 F4), collect, all), 0);
	assert_string_equal(all, "");
	assert_int_equal(dc_faces_check(bad, strlen(bad), collect, all), 6);
	assert_string_equal(all,
	    "3:1: unknown key \"colour\" in a face file; expected format, game, source, doubt, faces\n"
	    "1:9: format must be carcref-faces/1, not \"carcref-faces/2\"\n"
	    "5:3: a die has 4 city faces (and a knight and a catapult, which are not data); this list "
	    "has 5\n"
	    "5:49: face 1: unknown key \"size\" in a face; expected code, also, edges, cities, name, "
	    "doubt\n"
	    "6:42: face 2 (CCFF): black side E is in no city piece\n"
	    "8:5: face 4 (CFCF): code CFCF is face 3's too: faces with the same letters need a digit "
	    "1-9 each but one (CFCF, CFCF2)\n");
	all[0] = '\0';
	assert_int_equal(dc_faces_check("x: [", 4, collect, all), 1);
	assert_string_equal(all, "2:1: not valid YAML: did not find expected node content\n");
	all[0] = '\0';
	assert_int_equal(dc_faces_check("", 0, collect, all), 1);
	assert_string_equal(all, "1:1: no face data: expected the list of the die's city faces\n");
}

/* Feed the events of the faces: value of a record to a reader. */
static int
read_record_faces(const char *record, struct dc_faces *f, struct dc_error *err)
{
	yaml_parser_t p;
	yaml_event_t ev;
	struct dc_faces_reader *r = dc_faces_reader_new();
	int depth = 0, rc = -2, state = 0;	/* 0 before the key, 1 in the value */

	assert_non_null(r);
	assert_true(yaml_parser_initialize(&p));
	yaml_parser_set_input_string(&p, (const unsigned char *)record, strlen(record));
	while (rc == -2 && yaml_parser_parse(&p, &ev)) {
		if (ev.type == YAML_STREAM_END_EVENT)
			rc = -3;
		else if (state == 1) {
			int k = dc_faces_reader_feed(r, &ev, err);

			if (k < 0)
				rc = -1;
			else if (k == 1)
				rc = dc_faces_reader_end(r, f, err);
		} else if (ev.type == YAML_MAPPING_START_EVENT || ev.type == YAML_SEQUENCE_START_EVENT)
			depth++;
		else if (ev.type == YAML_MAPPING_END_EVENT || ev.type == YAML_SEQUENCE_END_EVENT)
			depth--;
		else if (ev.type == YAML_SCALAR_EVENT && depth == 1 &&
		    strcmp((const char *)ev.data.scalar.value, "faces") == 0)
			state = 1;
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	dc_faces_reader_free(r);
	return rc;
}

static void
test_faces_list_and_reader(void **state)
{
	static const char record[] =
	    "format: carcref/1\n"
	    "game: dice\n"
	    "players: [Anna, Ben]\n"
	    "faces:                                   # the record's own face set\n"
	    "  - {code: CFFF, edges: C F F F, cities: [[N]]}         # cap\n"
	    "  - {code: CCFF, edges: C C F F, cities: [[N, E]]}      # corner\n"
	    "  - {code: CFCF, edges: C F C F, cities: [[N, S]]}      # band\n"
	    "  - {code: CCCF, edges: C C C F, cities: [[N, E, S]]}   # three\n"
	    "moves:\n"
	    "  - K X X +CFFF +CFCF CCFF CCCF K CFFF = 3\n";
	struct dc_faces f, g;
	struct dc_error err;
	char *yaml;

	(void)state;
	/* the list alone, as text */
	faces_from(&f, F1 F2 F3 F4);
	assert_string_equal(f.face[3].code, "CCCF");
	assert_int_equal(f.face[3].line, 4);
	assert_null(f.source);
	assert_int_equal(f.face[0].nalso, 0);
	assert_string_equal(dc_face_word(&f.face[0], true), "CFFF");
	/* the same faces as the shipped ones, but no names: not the same set */
	assert_false(dc_faces_same(&f, &shipped));
	dc_faces_free(&f);
	/* from a record's events: its lines */
	assert_int_equal(read_record_faces(record, &f, &err), 0);
	assert_int_equal(f.face[0].line, 5);
	assert_int_equal(f.face[0].column, 5);
	assert_int_equal(f.face[3].line, 8);
	assert_non_null(f.cache);
	assert_true(dc_faces_origin(&f, DC_FROM_RECORD, NULL));
	dc_faces_free(&f);
	assert_int_equal(read_record_faces("faces:\n  - {code: CFFF, edges: C F F F, cities: [[N]]}\n",
	    &f, &err), -1);
	assert_int_equal(err.line, 2);
	assert_int_equal(err.column, 3);
	assert_string_equal(err.msg, "a die has 4 city faces (and a knight and a catapult, which are "
	    "not data); this list has 1");
	/* in a record the value is the list: a mapping is refused */
	assert_int_equal(read_record_faces("faces: {format: carcref-faces/1}\n", &f, &err), -1);
	assert_string_equal(err.msg, "faces must be the list of the die's 4 city faces, not a mapping");
	assert_int_equal(read_record_faces("faces: [*x]\n", &f, &err), -1);
	/* written back as a record's faces:, it reads back the same */
	yaml = nt_dice_faces_yaml(&shipped, "  ");
	assert_non_null(yaml);
	assert_string_equal(yaml,
	    "  - {code: CFFF, also: [cap, bord], edges: C F F F, cities: [[N]]}\n"
	    "  - {code: CCFF, also: [corner, coin], edges: C C F F, cities: [[N, E]]}\n"
	    "  - {code: CFCF, also: [band, bande], edges: C F C F, cities: [[N, S]]}\n"
	    "  - {code: CCCF, also: [three, trois], edges: C C C F, cities: [[N, E, S]]}\n");
	faces_from(&f, yaml);
	assert_true(dc_faces_same(&f, &shipped));
	free(yaml);
	dc_faces_free(&f);
	/* names and doubts with quotes and control characters */
	faces_from(&f, HEAD3 "  - {code: CCCF, edges: C C C F, cities: [[N, E, S]], "
	    "name: \"three \\\"sides\\\"\\tx\", doubt: 'a\\b'}\n");
	yaml = nt_dice_faces_yaml(&f, "");
	assert_non_null(strstr(yaml, "name: \"three \\\"sides\\\"\\x09x\", doubt: \"a\\\\b\"}"));
	faces_from(&g, yaml);
	assert_true(dc_faces_same(&f, &g));
	assert_string_equal(g.face[3].name, "three \"sides\"\tx");
	assert_string_equal(g.face[3].doubt, "a\\b");
	free(yaml);
	dc_faces_free(&f);
	dc_faces_free(&g);
}

/* ------------------------------------------------------------------ */
/* The size-only search */

static unsigned
formable(const struct dc_faces *f, int a, int b, int c, int d)
{
	int counts[DC_NFACES] = { a, b, c, d };

	return dc_formable(f, counts);
}

#define S(n)	(1u << (n))

static void
test_formable_known(void **state)
{
	(void)state;
	/* the corpus's reasoning (tests README) with the shipped faces */
	assert_int_equal(formable(&shipped, 2, 0, 3, 0), S(0) | S(2) | S(3) | S(4) | S(5));
	assert_int_equal(formable(&shipped, 2, 1, 0, 1), S(0) | S(2) | S(3));
	assert_int_equal(formable(&shipped, 2, 0, 0, 2), S(0) | S(2));
	assert_int_equal(formable(&shipped, 2, 0, 1, 1), S(0) | S(2) | S(3));
	assert_int_equal(formable(&shipped, 0, 4, 0, 0), S(0) | S(4));
	assert_int_equal(formable(&shipped, 0, 9, 0, 0), S(0) | S(4));
	assert_int_equal(formable(&shipped, 3, 0, 0, 1), S(0) | S(2) | S(4));
	assert_int_equal(formable(&shipped, 2, 0, 7, 0), S(0) | S(2) | S(3) | S(4) | S(5) | S(6) |
	    S(7) | S(8) | S(9));
	assert_int_equal(formable(&shipped, 1, 0, 8, 0), S(0));
	assert_int_equal(formable(&shipped, 0, 0, 0, 0), S(0));
	assert_int_equal(formable(&shipped, 1, 0, 0, 0), S(0));
	assert_int_equal(formable(&shipped, 0, 0, 0, 9), S(0));
	/* a ring: four corners and bands between them */
	assert_int_equal(formable(&shipped, 0, 4, 2, 0) & S(6), S(6));
	/* out of range: nothing asked, nothing found */
	assert_int_equal(formable(&shipped, 5, 5, 0, 0), S(0));
	assert_int_equal(formable(&shipped, -1, 0, 0, 0), S(0));
	/* the same answer a second time, from the cache */
	assert_int_equal(formable(&shipped, 2, 0, 3, 0), S(0) | S(2) | S(3) | S(4) | S(5));
	assert_int_equal(dc_points(2), 0);
	assert_int_equal(dc_points(3), 1);
	assert_int_equal(dc_points(9), 28);
}

/*
 * A brute force the search is held to, for up to four dice: every shape
 * of n connected squares, every face and turn on each, the colours
 * matched, and a closed city holding every die.  Written without the
 * engine's own geometry.
 */
struct bf {
	const struct dc_faces *f;
	int	n, x[4], y[4], face[4], rot[4];
	unsigned found[5][5][5][5];	/* counts of each face -> sizes */
};

static unsigned
bf_rot(unsigned m, int r)
{
	return ((m << r) | (m >> (4 - r))) & 15;
}

static int
bf_at(const struct bf *B, int x, int y)
{
	for (int i = 0; i < B->n; i++)
		if (B->x[i] == x && B->y[i] == y)
			return i;
	return -1;
}

static void
bf_check(struct bf *B)
{
	static const int ddx[4] = { 0, 1, 0, -1 }, ddy[4] = { 1, 0, -1, 0 };
	int parent[16], cnt[4] = { 0 };
	unsigned open_comp = 0;

	for (int i = 0; i < 16; i++)
		parent[i] = i;
	for (int i = 0; i < B->n; i++) {
		const struct dc_face *fc = &B->f->face[B->face[i]];

		for (int s = 0; s < 4; s++) {
			int j = bf_at(B, B->x[i] + ddx[s], B->y[i] + ddy[s]);
			unsigned mine = bf_rot(fc->edges, B->rot[i]) >> s & 1, theirs;

			if (j < 0)
				continue;
			theirs = bf_rot(B->f->face[B->face[j]].edges, B->rot[j]) >> ((s + 2) & 3) & 1;
			if (mine != theirs)
				return;		/* colours must match */
		}
	}
	/* union pieces across black sides; a piece's node is die * 4 + piece */
	for (int i = 0; i < B->n; i++) {
		const struct dc_face *fc = &B->f->face[B->face[i]];

		for (int p = 0; p < fc->npieces; p++)
			for (int s = 0; s < 4; s++) {
				int j, q, a, b;

				if (!(bf_rot(fc->piece[p], B->rot[i]) >> s & 1))
					continue;
				j = bf_at(B, B->x[i] + ddx[s], B->y[i] + ddy[s]);
				if (j < 0)
					continue;
				for (q = 0; q < B->f->face[B->face[j]].npieces; q++)
					if (bf_rot(B->f->face[B->face[j]].piece[q], B->rot[j]) >> ((s + 2) & 3) & 1)
						break;
				for (a = i * 4 + p; parent[a] != a; a = parent[a])
					;
				for (b = j * 4 + q; parent[b] != b; b = parent[b])
					;
				parent[a] = b;
			}
	}
	/* the components with an open side */
	for (int i = 0; i < B->n; i++) {
		const struct dc_face *fc = &B->f->face[B->face[i]];

		for (int p = 0; p < fc->npieces; p++)
			for (int s = 0; s < 4; s++)
				if ((bf_rot(fc->piece[p], B->rot[i]) >> s & 1) &&
				    bf_at(B, B->x[i] + (s == 1) - (s == 3), B->y[i] + (s == 0) - (s == 2)) < 0) {
					int a;

					for (a = i * 4 + p; parent[a] != a; a = parent[a])
						;
					open_comp |= 1u << a;
				}
	}
	/* a closed component with a piece on every die */
	for (int root = 0; root < 16; root++) {
		bool every = true;

		if (parent[root] != root || (open_comp >> root & 1) || root / 4 >= B->n)
			continue;
		for (int i = 0; i < B->n && every; i++) {
			bool has = false;

			for (int p = 0; p < B->f->face[B->face[i]].npieces; p++) {
				int a;

				for (a = i * 4 + p; parent[a] != a; a = parent[a])
					;
				has |= a == root;
			}
			every = has;
		}
		if (every) {
			for (int i = 0; i < B->n; i++)
				cnt[B->face[i]]++;
			B->found[cnt[0]][cnt[1]][cnt[2]][cnt[3]] |= 1u << B->n;
			return;
		}
	}
}

static void
bf_assign(struct bf *B, int i)
{
	if (i == B->n || i >= 4) {
		bf_check(B);
		return;
	}
	for (int k = 0; k < DC_NFACES; k++)
		for (int r = 0; r < 4; r++) {
			B->face[i] = k;
			B->rot[i] = r;
			bf_assign(B, i + 1);
		}
}

static void
check_bruteforce(const struct dc_faces *f)
{
	struct bf *B = calloc(1, sizeof *B);

	assert_non_null(B);
	B->f = f;
	/* shapes: n squares of a 4 x 4 box, connected, touching row 0 and column 0 */
	for (unsigned set = 1; set < (1u << 16); set++) {
		int n = __builtin_popcount(set), reach = 1, minx = 4, miny = 4;
		unsigned seen;

		if (n > 4)
			continue;
		B->n = 0;
		for (int b = 0; b < 16; b++)
			if (set >> b & 1) {
				B->x[B->n] = b % 4;
				B->y[B->n++] = b / 4;
				minx = b % 4 < minx ? b % 4 : minx;
				miny = b / 4 < miny ? b / 4 : miny;
			}
		if (minx != 0 || miny != 0)
			continue;
		seen = 1;
		for (bool grew = true; grew;) {
			grew = false;
			for (int i = 0; i < n; i++)
				for (int j = 0; j < n; j++)
					if ((seen >> i & 1) && !(seen >> j & 1) &&
					    abs(B->x[i] - B->x[j]) + abs(B->y[i] - B->y[j]) == 1) {
						seen |= 1u << j;
						reach++;
						grew = true;
					}
		}
		if (reach == n)
			bf_assign(B, 0);
	}
	for (int a = 0; a <= 4; a++)
		for (int b = 0; a + b <= 4; b++)
			for (int c = 0; a + b + c <= 4; c++)
				for (int d = 0; a + b + c + d <= 4; d++) {
					unsigned want = 1;

					for (int a2 = 0; a2 <= a; a2++)
						for (int b2 = 0; b2 <= b; b2++)
							for (int c2 = 0; c2 <= c; c2++)
								for (int d2 = 0; d2 <= d; d2++)
									want |= B->found[a2][b2][c2][d2];
					if (formable(f, a, b, c, d) != want)
						fail_msg("%s %s %s %s x %d %d %d %d: search %#x, brute force %#x",
						    f->face[0].code, f->face[1].code, f->face[2].code,
						    f->face[3].code, a, b, c, d, formable(f, a, b, c, d), want);
				}
	free(B);
}

static void
test_formable_bruteforce(void **state)
{
	struct dc_faces f;

	(void)state;
	check_bruteforce(&shipped);
	faces_from(&f, HEAD "  - {code: CFFF, edges: C F F F, cities: [[N]]}\n"
	    "  - {code: CFCF, edges: C F C F, cities: [[N], [S]]}\n"
	    "  - {code: CCFF, edges: C C F F, cities: [[N], [E]]}\n"
	    "  - {code: CCCC, edges: C C C C, cities: [[N, E, S, W]]}\n");
	check_bruteforce(&f);
	dc_faces_free(&f);
	faces_from(&f, HEAD "  - {code: CCFF, edges: C C F F, cities: [[N, E]]}\n"
	    "  - {code: CCCF, edges: C C C F, cities: [[N, S], [E]]}\n"
	    "  - {code: CCCC, edges: C C C C, cities: [[N], [E], [S], [W]]}\n"
	    "  - {code: CFCF, edges: C F C F, cities: [[N, S]]}\n");
	check_bruteforce(&f);
	dc_faces_free(&f);
}

/* ------------------------------------------------------------------ */
/* The rules, D1 to D14, as scenarios */

#define NOTHING	"K K X X X CFFF CCFF CFCF CCCF"	/* 9 dice, no city can close */

/* D1: the first name starts, then round the list; one player alone. */
static void
test_d1_turn_order(void **state)
{
	struct dc_game *g = game(3);

	(void)state;
	assert_int_equal(dc_game_turn(g), 0);
	play(g, NOTHING);
	assert_int_equal(dc_game_turn(g), 1);
	play(g, "Ben: " NOTHING);
	assert_int_equal(dc_game_turn(g), 2);
	play(g, NOTHING " = 0");
	assert_int_equal(dc_game_turn(g), 0);
	refuse(g, "Ben: " NOTHING, DC_R_WRONG_PLAYER, 1, "it is Anna's turn, not Ben's");
	play(g, "anna: " NOTHING);	/* names as people write them */
	assert_int_equal(dc_game_move_player(g, 3), 0);
	dc_game_free(g);
	g = game(1);
	play(g, NOTHING);
	assert_int_equal(dc_game_turn(g), 0);
	assert_int_equal(dc_game_dice(g), 9);
	play(g, "K K K X X X CFFF CFFF CCFF = knight");
	assert_int_equal(dc_game_dice(g), 9);	/* his own knight comes back */
	refuse(g, "+X K K K K K K K K", DC_R_CATAPULT_KEPT, 1,
	    "a catapult is never set aside: it leaves the turn");
	dc_game_free(g);
	assert_null(dc_game_new(&shipped, 0));
	assert_null(dc_game_new(&shipped, 6));
}

/* D2: 9 dice less one per other player holding a knight. */
static void
test_d2_dice_in_hand(void **state)
{
	struct dc_game *g = game(2);

	(void)state;
	play(g, "K K K X X X CFFF CFFF CCFF = knight");
	assert_true(dc_game_holding(g, 0));
	assert_int_equal(dc_game_dice(g), 8);
	refuse(g, NOTHING, DC_R_DICE_COUNT, 1, "Ben rolls 8 dice this turn, not 9: Anna holds a knight");
	play(g, "K X X X X CFFF CCFF CFCF");
	assert_int_equal(dc_game_dice(g), 9);	/* Anna's own knight comes back */
	play(g, NOTHING);
	assert_false(dc_game_holding(g, 0));
	assert_int_equal(dc_game_dice(g), 9);
	dc_game_free(g);

	/* five players, four holding a knight: the fifth rolls 5 */
	g = game(5);
	play(g, "K K K X X X CFFF CFFF CCFF = knight");
	play(g, "K K K X X X CFFF CFFF = knight");
	play(g, "K K K X X X CFFF = knight");
	refuse(g, "Dora: K K K X X X CFFF = knight", DC_R_DICE_COUNT, 7,
	    "Dora rolls 6 dice this turn, not 7: Anna, Ben and Carl hold a knight each");
	play(g, "K K K X X X = knight");
	assert_int_equal(dc_game_dice(g), 5);
	refuse(g, "K K K X X X", DC_R_DICE_COUNT, 1,
	    "Emil rolls 5 dice this turn, not 6: Anna, Ben, Carl and Dora hold a knight each");
	play(g, "K K X X X");
	assert_int_equal(dc_game_turn(g), 0);
	assert_int_equal(dc_game_dice(g), 6);	/* Anna: 5 passed + her own */
	dc_game_free(g);
}

/* D3: the next roll throws exactly the dice rolled again; the last roll's
 * knights count and its city faces are built. */
static void
test_d3_rolls(void **state)
{
	struct dc_game *g = game(2);

	(void)state;
	play(g, "+K +K X X X CFFF CFFF CFCF CCFF / K CFFF CFCF CFFF = knight");
	assert_string_equal(why(g, 0), "3 knights collected: Anna keeps one, scores nothing now "
	    "and double next turn");
	refuse(g, "+K +K X X X CFFF CFFF CFCF CCFF / K CFFF CFCF CFFF = 3", DC_R_DICE_COUNT, 1,
	    "Ben rolls 8 dice this turn, not 9: Anna holds a knight");
	play(g, "+K +K X X CFFF CFFF CFCF CCFF / K CFFF CFCF CFFF = 3");	/* or score it */
	assert_string_equal(why(g, 1), "closed city of 3 dice: 1");
	scores(g, 0, 1);
	/* a knight not set aside is thrown again, not collected */
	refuse(g, "K K K X X X CFFF CFFF CCFF / K K X CFFF CFFF CCFF = knight",
	    DC_R_KNIGHT_NEEDS_THREE, 51, "keeping a knight needs 3 knights; Anna collected 2 "
	    "(0 set aside, 2 in the last roll)");
	/* stopping after any roll */
	play(g, "+CFFF +CFCF K K X X X CFFF CCFF / CCCF K X X");
	assert_string_equal(why(g, 2), "no closed city: 0, doubled: 0");
	assert_string_equal(last_move(g), "+CFFF +CFCF K K X X X CFFF CCFF / CCCF K X X = 0");
	dc_game_free(g);
}

/* D4: a catapult in any roll leaves the turn; the rest of the roll counts. */
static void
test_d4_catapults(void **state)
{
	struct dc_game *g = game(2);

	(void)state;
	play(g, "K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5");
	assert_string_equal(why(g, 0), "closed city of 5 dice: 6");
	assert_int_equal(dc_game_event(g, 0)->nrolls, 3);
	assert_int_equal(dc_game_event(g, 0)->thrown[1], 5);
	assert_int_equal(dc_game_event(g, 0)->thrown[2], 2);
	assert_int_equal(dc_game_event(g, 0)->catapults[1], 1);
	refuse(g, "K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF K X / CFCF K = 5",
	    DC_R_CATAPULT_REROLLED, 38, "roll 2 shows 7 dice, but 5 are thrown again: the 2 "
	    "catapults of roll 1 went to the next player; catapults leave the turn in every roll (D4)");
	dc_game_free(g);
}

/* D5, D6: knights set aside stay; cities may lie apart. */
static void
test_d5_d6_aside_apart(void **state)
{
	struct dc_game *g = game(2);

	(void)state;
	play(g, "+K X X X X CFFF CCFF CFCF CCCF / +K CFFF CCFF CFCF / K K K = knight");
	assert_int_equal(dc_game_event(g, 0)->knights, 5);
	assert_string_equal(why(g, 0), "5 knights collected: Anna keeps one, scores nothing now and "
	    "double next turn");
	/* size-only: a 4-square of corners, the cap-band-cap apart */
	play(g, "CFFF CFFF CFCF CCFF CCFF CCFF CCFF X = 4");
	assert_string_equal(why(g, 1), "closed city of 4 dice: 3");
	/* a layout with two groups apart: the larger closed one scores */
	play(g, "CFFF@0,0 FFCF@0,1 CFFF@5,5 CFCF@5,6 FFCF@5,7 K K X X = 3");
	assert_string_equal(why(g, 2), "closed city of 3 dice: 1, doubled by the knight kept last "
	    "turn: 2");
	scores(g, 2, 3);
	dc_game_free(g);
}

/* D7: a closed city's size is its dice, each once; an open one scores
 * nothing. */
static void
test_d7_closed_city(void **state)
{
	struct dc_faces f;
	struct dc_game *g;
	struct dc_city c[8];
	struct dc_turn t;

	(void)state;
	faces_from(&f, HEAD "  - {code: CFFF, edges: C F F F, cities: [[N]]}\n"
	    "  - {code: CCFF, edges: C C F F, cities: [[N, E]]}\n"
	    "  - {code: CFCF, edges: C F C F, cities: [[N, S]]}\n"
	    "  - {code: CFCF2, also: [caps], edges: C F C F, cities: [[N], [S]]}\n");
	assert_true(dc_faces_origin(&f, DC_FROM_RECORD, NULL));
	g = game_on(&f, 2);
	/* a ring of six dice through both caps of one die: 6 dice, not 7 */
	play(g, "CFCF2@0,0 FCCF@0,1 FFCC@1,1 CFCF@1,0 CFFC@1,-1 CCFF@0,-1 K X X = 6");
	assert_string_equal(why(g, 0), "closed city of 6 dice: 10");
	dc_turn_init(&t);
	parse_ok(&f, "CFCF2@0,0 FCCF@0,1 FFCC@1,1 CFCF@1,0 CFFC@1,-1 CCFF@0,-1 K X X", &t);
	assert_int_equal(dc_layout_cities(&f, &t, c, 8), 1);
	assert_true(c[0].closed);
	assert_int_equal(c[0].n, 6);
	/* open: nothing; the two caps' cities apart */
	play(g, "CFFF@0,0 CFCF@0,1 K K K X X X X = 0");
	parse_ok(&f, "CFCF2@0,0 FFCF@0,1 K K K X X X X", &t);
	assert_int_equal(dc_layout_cities(&f, &t, c, 8), 2);
	assert_true(c[0].closed != c[1].closed);
	refuse(g, "CFFF@0,0 CFCF@0,1 K K K X X X X = 2", DC_R_LAYOUT_RESULT, 33,
	    "this layout has no closed city (its result is 0), not 2");
	dc_turn_free(&t);
	dc_game_free(g);
	dc_faces_free(&f);
}

/* D8: the score table, 3 to 9 dice; 2 and fewer score nothing. */
static void
test_d8_scores(void **state)
{
	static const struct { const char *line; int points; const char *why; } turns[] = {
		{ "CFFF CFFF K K X X X X X = 2", 0, "closed city of 2 dice: 0 (fewer than 3 dice score "
		    "nothing)" },
		{ "CFFF CFCF CFFF K K X X X X = 3", 1, "closed city of 3 dice: 1" },
		{ "CFFF CFCF CFCF CFFF K X X X X = 4", 3, "closed city of 4 dice: 3" },
		{ "CFFF CFCF CFCF CFCF CFFF X X X X = 5", 6, "closed city of 5 dice: 6" },
		{ "CFFF CFCF CFCF CFCF CFCF CFFF X X X = 6", 10, "closed city of 6 dice: 10" },
		{ "CFFF CFCF CFCF CFCF CFCF CFCF CFFF X X = 7", 15, "closed city of 7 dice: 15" },
		{ "CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFFF X = 8", 21, "closed city of 8 dice: 21" },
		{ "CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFCF CFFF = 9", 28, "closed city of 9 dice: 28" },
		{ "K K X X X X X X X = 0", 0, "no closed city: 0" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof turns / sizeof turns[0]; i++) {
		struct dc_game *g = game(2);

		play(g, turns[i].line);
		assert_int_equal(dc_game_score(g, 0), turns[i].points);
		assert_int_equal(dc_game_event(g, 0)->points, turns[i].points);
		assert_string_equal(why(g, 0), turns[i].why);
		assert_string_equal(dc_feature_name(dc_game_event(g, 0)->feature),
		    turns[i].points || i == 0 ? "city" : "no-city");
		dc_game_free(g);
	}
}

/* D9, D10, D11: keeping a knight, the double, keeping one again. */
static void
test_d9_d10_d11_knights(void **state)
{
	struct dc_game *g = game(2);
	const struct dc_event *e;

	(void)state;
	/* D11: 3 knights and a closed city: the player picks */
	play(g, "CFFF CFCF CFFF K K K X X X = knight");
	e = dc_game_event(g, 0);
	assert_int_equal(e->feature, DC_EV_KNIGHT);
	assert_int_equal(e->points, 0);
	assert_false(e->doubled);
	scores(g, 0, 0);
	play(g, "K K X CFFF CFCF CFFF CFCF CFFF = 3");
	/* D10: the double, once */
	play(g, "CFFF CFCF CFCF CFCF CFFF X X X X = 5");
	e = dc_game_event(g, 2);
	assert_true(e->doubled);
	assert_int_equal(e->base, 6);
	assert_int_equal(e->points, 12);
	assert_string_equal(why(g, 2), "closed city of 5 dice: 6, doubled by the knight kept last "
	    "turn: 12");
	scores(g, 12, 1);
	play(g, NOTHING);
	play(g, "CFFF CFCF CFFF K K X X X X = 3");
	assert_false(dc_game_event(g, 4)->doubled);
	scores(g, 13, 1);
	/* D11: holding one, keeping one again: the double is lost */
	play(g, NOTHING);
	play(g, "CFFF CFCF CFFF K K K X X X = knight");
	play(g, "K K X X X CFFF CCFF CFCF");
	play(g, "CFFF CFCF CFFF K K K X X X = knight");
	e = dc_game_event(g, 8);
	assert_true(e->doubled);
	assert_true(e->again);
	assert_int_equal(e->points, 0);
	assert_string_equal(why(g, 8), "3 knights collected: Anna keeps one again; this turn's "
	    "double is lost; double next turn");
	assert_true(dc_game_holding(g, 0));
	scores(g, 13, 1);
	play(g, "K K X X X CFFF CCFF CFCF");
	play(g, "K K X X X X X X X");
	assert_string_equal(why(g, 10), "no closed city: 0, doubled: 0");
	play(g, NOTHING);
	play(g, "CFFF CFFF K K X X X X X = 2");
	play(g, NOTHING);
	play(g, "CFFF CFFF K K K X X X X = knight");
	play(g, "K K X X X CFFF CCFF CFCF");
	play(g, "CFFF CFFF K K X X X X X = 2");
	assert_string_equal(why(g, 16), "closed city of 2 dice: 0 (fewer than 3 dice score "
	    "nothing), doubled: 0");
	dc_game_free(g);
}

/* D12: 42 or more ends the game at once. */
static void
test_d12_end_at_42(void **state)
{
	struct dc_game *g = game(2);
	const struct dc_event *e;

	(void)state;
	play(g, "CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFCF CFFF = 9");
	play(g, NOTHING);
	play(g, "CFFF CFCF CFCF CFCF CFCF CFCF CFFF X X = 7");
	scores(g, 43, 0);
	assert_true(dc_game_over(g));
	assert_int_equal(dc_game_winner(g), 0);
	assert_int_equal(dc_game_ended_by(g), DC_END_POINTS);
	assert_int_equal(dc_game_nevents(g), 4);
	e = dc_game_event(g, 3);
	assert_int_equal(e->feature, DC_EV_WIN);
	assert_int_equal(e->move, 3);
	assert_int_equal(e->points, 0);
	assert_string_equal(dc_feature_name(e->feature), "win");
	assert_string_equal(why(g, 3), "Anna has 43 points, 42 or more: Anna wins");
	refuse(g, NOTHING, DC_R_GAME_OVER, 1, "the game is over: Anna reached 43 points at move 3");
	refuse(g, "end", DC_R_GAME_OVER, 1, "the game is over: Anna reached 43 points at move 3");
	dc_game_free(g);
	/* a doubled turn crosses it in one go */
	g = game(2);
	play(g, "K K K X X X CFFF CFFF CCFF = knight");
	play(g, "K X X X X CFFF CCFF CFCF");
	play(g, "CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFCF CFFF = 9");
	scores(g, 56, 0);
	assert_int_equal(dc_game_winner(g), 0);
	assert_string_equal(why(g, 3), "Anna has 56 points, 42 or more: Anna wins");
	dc_game_free(g);
}

/* D13: nine catapults, in one roll or over the turn. */
static void
test_d13_nine_catapults(void **state)
{
	struct dc_game *g = game(2);
	const struct dc_event *e;

	(void)state;
	play(g, "CFFF CFCF CFFF K K X X X X = 3");
	play(g, "X X X X X X X X X");
	scores(g, 1, 0);
	assert_true(dc_game_over(g));
	assert_int_equal(dc_game_winner(g), 1);
	assert_int_equal(dc_game_ended_by(g), DC_END_CATAPULTS);
	e = dc_game_event(g, 1);
	assert_int_equal(e->feature, DC_EV_CATAPULTS);
	assert_string_equal(dc_feature_name(e->feature), "catapults");
	assert_string_equal(why(g, 1), "nine catapults in one turn");
	assert_string_equal(why(g, 2), "nine catapults: Ben wins, whatever the scores");
	assert_string_equal(last_move(g), "X X X X X X X X X");
	refuse(g, NOTHING, DC_R_GAME_OVER, 1, "the game is over: Ben rolled nine catapults at move 2");
	dc_game_free(g);
	/* over three rolls, the dice thrown again not noted; "= 0" tolerated */
	g = game(2);
	play(g, "X X X X 5. / X X X K CFFF / X X = 0");
	assert_string_equal(why(g, 0), "nine catapults in one turn (4 + 3 + 2)");
	assert_string_equal(last_move(g), "X X X X 5. / X X X K CFFF / X X");
	assert_int_equal(dc_game_winner(g), 0);
	dc_game_free(g);
	/* a die set aside: never nine */
	g = game(2);
	refuse(g, "+K X X X X X X X X / X", DC_R_NOTHING_TO_ROLL, 22,
	    "no die left to roll after roll 1: all were set aside or went out");
	refuse(g, "X X X X X X X X X = 3", DC_R_CATAPULTS_RESULT, 19,
	    "nine catapults ended the turn and the game (D13): no result follows");
	refuse(g, "X X X X X X X X X = knight", DC_R_CATAPULTS_RESULT, 19,
	    "nine catapults ended the turn and the game (D13): no result follows");
	play(g, "+K X X X X X X X X");	/* eight: an ordinary turn */
	assert_false(dc_game_over(g));
	dc_game_free(g);
}

/* D14: end stops the game; no winner, no event. */
static void
test_d14_end(void **state)
{
	struct dc_game *g = game(2);

	(void)state;
	play(g, "CFFF CFCF CFFF K K X X X X = 3");
	play(g, "Ben: end");
	assert_true(dc_game_over(g));
	assert_int_equal(dc_game_winner(g), -1);
	assert_int_equal(dc_game_ended_by(g), DC_END_STOP);
	assert_int_equal(dc_game_nevents(g), 1);
	assert_string_equal(last_move(g), "end");
	refuse(g, NOTHING, DC_R_GAME_OVER, 1, "the game is over: it was stopped by end at move 2");
	assert_true(dc_game_undo(g));
	assert_false(dc_game_over(g));
	refuse(g, "Anna: end", DC_R_WRONG_PLAYER, 1, "it is Ben's turn, not Anna's");
	dc_game_free(g);
}

/* ------------------------------------------------------------------ */
/* Refusals (§4.10): every kind, its message and column */

/* The column of the n-th (1-based) occurrence of marker in line; a '^'
 * in the marker stands where the column is (else at its start). */
static int
col(const char *line, const char *marker, int n)
{
	const char *p = line - 1, *caret = strchr(marker, '^');
	char m[64];
	size_t at = caret ? (size_t)(caret - marker) : 0;

	snprintf(m, sizeof m, "%.*s%s", (int)at, marker, caret ? caret + 1 : marker + at);
	while (n-- > 0)
		if ((p = strstr(p + 1, m)) == NULL)
			fail_msg("no \"%s\" in \"%s\"", m, line);
	return (int)(p - line + (ptrdiff_t)at) + 1;
}

static struct dc_game *
game_after(const char *first)
{
	struct dc_game *g = game(2);

	if (first != NULL)
		play(g, first);
	return g;
}

static void
test_refusals_reading(void **state)
{
	static const struct { const char *line; enum dc_rkind kind; int column; const char *msg; } cases[] = {
		{ "", DC_R_SYNTAX, 1, "expected a move, found nothing" },
		{ "  # a comment", DC_R_SYNTAX, 1, "expected a move, found nothing" },
		{ "Anna:", DC_R_SYNTAX, 6, "expected a roll after \"Anna:\"" },
		{ " : K", DC_R_SYNTAX, 2, "expected a player name before \":\"" },
		{ "= 3", DC_R_SYNTAX, 1, "a turn starts with its first roll" },
		{ "/ K", DC_R_SYNTAX, 1, "a turn starts with its first roll" },
		{ "K /", DC_R_SYNTAX, 4, "expected a face, found nothing" },
		{ "K / = 3", DC_R_SYNTAX, 5, "expected a face, found nothing" },
		{ "K // K", DC_R_SYNTAX, 4, "expected a face, found nothing" },
		{ "K =", DC_R_SYNTAX, 4, "expected a number of dice 0 to 9 or knight after =" },
		{ "K = 10", DC_R_SYNTAX, 5, "expected a number of dice 0 to 9 or knight after =, not "
		    "\"10\"" },
		{ "K = K", DC_R_SYNTAX, 5, "expected a number of dice 0 to 9 or knight after =, not "
		    "\"K\"" },
		{ "K = 3 x", DC_R_SYNTAX, 7, "unexpected \"x\" after the result" },
		{ "K =3=4", DC_R_SYNTAX, 5, "unexpected \"=\" after the result" },
		{ "end x", DC_R_SYNTAX, 5, "unexpected \"x\" after \"end\"" },
		{ "+", DC_R_SYNTAX, 2, "expected a face after \"+\"" },
		{ "K +@0,0", DC_R_SYNTAX, 4, "expected a face after \"+\"" },
		{ "@0,0", DC_R_SYNTAX, 1, "expected a face before \"@\"" },
		{ "2", DC_R_SYNTAX, 2, "expected a face after the count 2" },
		{ "0K", DC_R_SYNTAX, 1, "a count is 1 to 9, not \"0\"" },
		{ "K +10K", DC_R_SYNTAX, 4, "a count is 1 to 9, not \"10\"" },
		{ "5.K", DC_R_SYNTAX, 1, "5. stands for dice thrown again: no +, square or face with it" },
		{ "K +5.", DC_R_SYNTAX, 3, "5. stands for dice thrown again: no +, square or face with it" },
		{ "5.@0,0", DC_R_SYNTAX, 1, "5. stands for dice thrown again: no +, square or face with "
		    "it" },
		{ "2CFFF@0,0", DC_R_SYNTAX, 1, "a count goes with a face off the layout: 2CFFF@0,0" },
		{ "+K@0,1", DC_R_SYNTAX, 1, "only city faces are built: +K@0,1" },
		{ "X@0,1", DC_R_SYNTAX, 1, "only city faces are built: X@0,1" },
		{ "K cap@0,2", DC_R_SYNTAX, 3, "a die on a square is written as it lies (CFFF@0,2, its "
		    "letters turned as the die lies), not by a name: cap@0,2" },
		{ "CFFF@", DC_R_SYNTAX, 6, "expected x,y after @" },
		{ "CFFF@1", DC_R_SYNTAX, 6, "expected x,y after @, not \"1\"" },
		{ "CFFF@a,b", DC_R_SYNTAX, 6, "expected x,y after @, not \"a,b\"" },
		{ "CFFF@1234567890,0", DC_R_SYNTAX, 6, "expected x,y after @, not \"1234567890,0\"" },
		{ "K Q", DC_R_UNKNOWN_FACE, 3, "unknown face \"Q\": a die shows K (knight), X (catapult) "
		    "or a city face: CFFF CCFF CFCF CCCF (any rotation), cap corner band three (faces of "
		    "dice-faces.yaml)" },
		{ "+2Q", DC_R_UNKNOWN_FACE, 1, "unknown face \"Q\": a die shows K (knight), X (catapult) "
		    "or a city face: CFFF CCFF CFCF CCCF (any rotation), cap corner band three (faces of "
		    "dice-faces.yaml)" },
		{ "K end", DC_R_UNKNOWN_FACE, 3, "unknown face \"end\": a die shows K (knight), X "
		    "(catapult) or a city face: CFFF CCFF CFCF CCCF (any rotation), cap corner band three "
		    "(faces of dice-faces.yaml)" },
		{ "CCCC", DC_R_FACE_NOT_IN_DATA, 1, "no face CCCC in dice-faces.yaml (the shapes are not "
		    "known for sure): describe your dice under faces: in the record, or in a file named by "
		    "faceset:" },
		{ "K +FFCF2@0,1", DC_R_FACE_NOT_IN_DATA, 3, "no face FFCF2 in dice-faces.yaml (the shapes "
		    "are not known for sure): describe your dice under faces: in the record, or in a file "
		    "named by faceset:" },
	};
	struct dc_game *g = game(2);

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		refuse(g, cases[i].line, cases[i].kind, cases[i].column, cases[i].msg);
	dc_game_free(g);
}

static void
test_refusals_rules(void **state)
{
	static const struct {
		const char *before, *line;
		enum dc_rkind kind;
		const char *marker;
		int nth;
		const char *msg;
	} cases[] = {
		{ NULL, "K K K K K K K K", DC_R_DICE_COUNT, "K", 1, "Anna rolls 9 dice this turn, not 8" },
		{ NULL, "K X X +CFFF +CFCF CCFF CCCF K CFFF / CFCF CFFF X K", DC_R_DICE_COUNT, "/ ^CFCF",
		    1, "roll 2 shows 4 dice, but 5 are rolled again: a die not set aside is thrown again" },
		{ NULL, "K X X +CFFF +CFCF CCFF CCCF K CFFF / CFCF CFFF X K CCFF K K", DC_R_CATAPULT_REROLLED,
		    "/ ^CFCF", 1, "roll 2 shows 7 dice, but 5 are thrown again: the 2 catapults of roll 1 "
		    "went to the next player; catapults leave the turn in every roll (D4)" },
		{ NULL, "X X K K K K K K K / X +K +K K K K K / K K K K K K K", DC_R_CATAPULT_REROLLED,
		    "/ ^K", 1, "roll 3 shows 7 dice, but 4 are thrown again: the 3 catapults of "
		    "rolls 1 and 2 went to the next player; catapults leave the turn in every roll (D4)" },
		{ NULL, "X K K K K K K K K / K K K K K K K K K", DC_R_CATAPULT_REROLLED, "/ ^K", 1,
		    "roll 2 shows 9 dice, but 8 are thrown again: the catapult of roll 1 went to the next "
		    "player; catapults leave the turn in every roll (D4)" },
		{ NULL, "X +K +CFFF +CFCF K K CCFF CCCF CFFF / K K K K K K K K", DC_R_REROLL_SET_ASIDE,
		    "/ ^K", 1, "roll 2 shows 8 dice, but only 5 may be thrown: after roll 1, 1 catapult went "
		    "out and 3 dice were set aside, and set-aside dice are never rolled again" },
		{ NULL, "K K K K K K K K K / K K K K K K K K K K", DC_R_REROLL_SET_ASIDE, "/ ^K", 1,
		    "roll 2 shows 10 dice, but only 9 may be thrown: after roll 1, no catapult went out "
		    "and no die was set aside, and set-aside dice are never rolled again" },
		{ NULL, "+K K K K K K K K K / +K K K K K K K K / +K +K +K +K +K +K +K / K", DC_R_FOURTH_ROLL,
		    "/ ^K", 1, "a turn has at most 3 rolls" },
		{ NULL, "+K +K +K +K +K K K K K / +K +K +K +K / K", DC_R_NOTHING_TO_ROLL, "/ ^K", 1,
		    "no die left to roll after roll 2: all were set aside or went out" },
		{ NULL, "K K +X K K K K K K", DC_R_CATAPULT_KEPT, "+X", 1,
		    "a catapult is never set aside: it goes to Ben" },
		{ NULL, "K X X +CFFF +CFCF 4. / K K 3.", DC_R_PLACEHOLDER_LAST_ROLL, "3.", 1,
		    "3. stands for dice thrown again, but roll 2 is the last: every face of the last roll "
		    "counts (D3); write them" },
		{ NULL, "+CFFF +CFCF@0,1 K X CCCF CCFF K X CFFF", DC_R_LAYOUT_MISSING_PLACE, "+CFFF", 1,
		    "in a layout every built city die has a square: +CFFF of roll 1 has none" },
		{ NULL, "+CFFF@0,0 +CFCF@0,1 K X CCCF CCFF K X CFFF / +CCFF K K X CFCF@0,2",
		    DC_R_LAYOUT_MISSING_PLACE, "+CCFF", 1, "in a layout every built city die has a square: "
		    "+CCFF of roll 2 has none" },
		{ NULL, "+CFFF@0,0 +CFCF@0,1 K X CCCF CCFF K X CFFF / +FFCF@0,1 K K X CFCF = 3",
		    DC_R_LAYOUT_SQUARE_TAKEN, "+FFCF", 1, "0,1 already holds CFCF (roll 1)" },
		{ NULL, "+CFFF@0,0 +CFFF@0,1 K X CCCF CCFF K X CFFF", DC_R_LAYOUT_EDGES, "+CFFF@0,1", 1,
		    "CFFF at 0,1: its S side (white) touches the N side (black) of CFFF at 0,0" },
		{ NULL, "CFFF@0,0 FCFF@-1,0 K K K X X X X", DC_R_LAYOUT_EDGES, "FCFF", 1,
		    "FCFF at -1,0: its E side (black) touches the W side (white) of CFFF at 0,0" },
		{ NULL, "X X X X X X X X X = 3", DC_R_CATAPULTS_RESULT, "=", 1,
		    "nine catapults ended the turn and the game (D13): no result follows" },
		{ NULL, "CFFF CFCF CFCF CFFF K K X X X", DC_R_RESULT_MISSING, "CFFF", 1, "the result is "
		    "missing: the faces built, CFFF CFCF CFCF CFFF, can close a city of 3 or 4 dice; write "
		    "= 4, = 3 or = 0" },
		{ NULL, "CFFF CFCF CFCF CFFF CFCF CFFF X X X", DC_R_RESULT_MISSING, "CFFF", 1, "the result is "
		    "missing: the faces built, CFFF CFCF CFCF CFFF CFCF CFFF, can close a city of 3, 4 or 5 "
		    "dice; write = 5, = 4, = 3 or = 0" },
		{ NULL, "Anna: CFFF CFCF CFFF K K X X X X", DC_R_RESULT_MISSING, "CFFF", 1, "the result is "
		    "missing: the faces built, CFFF CFCF CFFF, can close a city of 3 dice; write = 3 or = 0" },
		{ NULL, "+CFFF@0,0 +CFCF@0,1 K X CCCF CCFF K X CFFF / +FFCF@0,2 K K X CFCF",
		    DC_R_RESULT_MISSING, "+CFFF", 1, "the result is missing: the layout closes a city of 3 "
		    "dice: write = 3" },
		{ NULL, "+K X X X X CFFF CCFF CFCF CCCF / K CFFF CCFF CFCF = knight", DC_R_KNIGHT_NEEDS_THREE,
		    "=", 1, "keeping a knight needs 3 knights; Anna collected 2 (1 set aside, 1 in the last "
		    "roll)" },
		{ NULL, "CFFF CFCF CFFF CCCF K K X X X = 4", DC_R_CITY_NOT_FORMABLE, "=", 1, "no closed city "
		    "of 4 dice can be built from CFFF CFCF CFFF CCCF (faces of dice-faces.yaml); they close "
		    "at most 3" },
		{ NULL, "CFFF CCCF CCCF CCCF K K X X X = 4", DC_R_CITY_NOT_FORMABLE, "=", 1, "no closed city "
		    "of 4 dice can be built from CFFF CCCF CCCF CCCF (faces of dice-faces.yaml); these faces "
		    "close no city" },
		{ NULL, "CFFF CFCF CFFF K K X X X X = 5", DC_R_CITY_NOT_FORMABLE, "=", 1, "a closed city of 5 "
		    "dice needs 5 city dice; Anna built 3" },
		{ NULL, "CFFF K K K X X X X X = 1", DC_R_CITY_NOT_FORMABLE, "=", 1, "no closed city of 1 die "
		    "can be built from CFFF (faces of dice-faces.yaml); these faces close no city" },
		{ NULL, "+CFFF@0,0 +CFCF@0,1 K X CCCF CCFF K X CFFF / +FFCF@0,2 K K X CFCF = 4",
		    DC_R_LAYOUT_RESULT, "=", 1, "the largest closed city of this layout has 3 dice (0,0 0,1 "
		    "0,2), not 4" },
		{ NULL, "+CFFF@0,0 +CFCF@0,1 K X CCCF CCFF K X CFFF / +FFCF@0,2 K K X CFCF = 0",
		    DC_R_LAYOUT_RESULT, "=", 1, "the largest closed city of this layout has 3 dice (0,0 0,1 "
		    "0,2), not 0" },
		{ NULL, "CFFF@0,0 K K K X X X X X = 1", DC_R_LAYOUT_RESULT, "=", 1, "this layout has no "
		    "closed city (its result is 0), not 1" },
		{ NOTHING, "Anna: " NOTHING, DC_R_WRONG_PLAYER, "A", 1, "it is Ben's turn, not Anna's" },
		{ NOTHING, "Zoe: " NOTHING, DC_R_WRONG_PLAYER, "Z", 1, "no player is named \"Zoe\"" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct dc_game *g = game_after(cases[i].before);

		refuse(g, cases[i].line, cases[i].kind, col(cases[i].line, cases[i].marker, cases[i].nth),
		    cases[i].msg);
		dc_game_free(g);
	}
}

/* The faces of a record: the refusals that rest on them say so. */
static void
test_refusals_record_faces(void **state)
{
	static const char record[] =
	    "format: carcref/1\n"
	    "game: dice\n"
	    "edition: 1\n"
	    "expansions: []\n"
	    "players: [Anna, Ben]\n"
	    "faces:\n"
	    "  - {code: CFFF, edges: C F F F, cities: [[N]]}\n"
	    "  - {code: CCCF, edges: C C C F, cities: [[N, E, S]]}\n"
	    "  - {code: CFCF1, edges: C F C F, cities: [[N, S]]}\n"
	    "  - {code: CFCF2, edges: C F C F, cities: [[N], [S]]}\n";
	struct dc_faces f;
	struct dc_error err;
	struct dc_game *g;
	char *yaml;

	(void)state;
	assert_int_equal(read_record_faces(record, &f, &err), 0);
	assert_true(dc_faces_origin(&f, DC_FROM_RECORD, NULL));
	g = game_on(&f, 2);
	refuse(g, "K CFCF", DC_R_AMBIGUOUS_FACE, 3,
	    "CFCF is CFCF1 or CFCF2 in the record's faces: (line 9): write the digit");
	refuse(g, "K FCFC@0,0", DC_R_AMBIGUOUS_FACE, 3,
	    "FCFC is CFCF1 or CFCF2 in the record's faces: (line 9): write the digit");
	refuse(g, "CCFF", DC_R_FACE_NOT_IN_DATA, 1, "no face CCFF in the record's faces: (the shapes "
	    "are not known for sure): describe your dice under faces: in the record, or in a file named "
	    "by faceset:");
	refuse(g, "cap", DC_R_UNKNOWN_FACE, 1, "unknown face \"cap\": a die shows K (knight), X "
	    "(catapult) or a city face: CFFF CCCF CFCF1 CFCF2 (any rotation) (faces of the record)");
	refuse(g, "CFFF CCCF CCCF CCCF K K X X X = 4", DC_R_CITY_NOT_FORMABLE, 31, "no closed city of 4 "
	    "dice can be built from CFFF CCCF CCCF CCCF (faces of the record); these faces close no "
	    "city");
	/* two caps of one die close two cities at once; the band with caps, three */
	play(g, "CFFF CFCF2 FFCF K K X X X X = 2");
	play(g, "CFFF CFCF1 FFCF K K X X X X = 3");
	play(g, "FCFC2@0,0 FCFF@-1,0 FFFC@1,0 K K X X X X = 2");
	assert_string_equal(last_move(g), "+FCFC2@0,0 +FCFF@-1,0 +FFFC@1,0 K K X X X X = 2");
	scores(g, 0, 1);
	yaml = nt_dice_faces_yaml(&f, "  ");
	assert_non_null(strstr(yaml, "  - {code: CFCF2, edges: C F C F, cities: [[N], [S]]}\n"));
	free(yaml);
	dc_game_free(g);
	dc_faces_free(&f);
	/* a face file named by the record: its name */
	faces_from(&f, HEAD F1 F2 F3 F4);
	assert_true(dc_faces_origin(&f, DC_FROM_FILE, "my-dice.yaml"));
	g = game_on(&f, 2);
	refuse(g, "CCCC", DC_R_FACE_NOT_IN_DATA, 1, "no face CCCC in my-dice.yaml (the shapes are not "
	    "known for sure): describe your dice under faces: in the record, or in a file named by "
	    "faceset:");
	dc_game_free(g);
	dc_faces_free(&f);
}

/* The player given twice: as a record's mapping and as a prefix. */
static void
test_refusals_player(void **state)
{
	struct dc_game *g = game(2);

	(void)state;
	refuse_as(g, "Anna", "Anna: " NOTHING, DC_R_WRONG_PLAYER, 1,
	    "the player is given twice (\"Anna:\" and \"Anna:\")");
	refuse_as(g, "Ben", NOTHING, DC_R_WRONG_PLAYER, 1, "it is Anna's turn, not Ben's");
	refuse_as(g, "Zoe", NOTHING, DC_R_WRONG_PLAYER, 1, "no player is named \"Zoe\"");
	assert_int_equal(nt_dice_play(g, names, NOTHING, strlen(NOTHING), "ANNA", &(struct nt_dice_error){ 0 }),
	    0);
	dc_game_free(g);
}

/* A line that breaks several rules always gets the first check's refusal. */
static void
test_check_order(void **state)
{
	struct dc_game *g = game(2);

	(void)state;
	/* reading before everything */
	refuse(g, "Ben: Q Q", DC_R_UNKNOWN_FACE, 6, "unknown face \"Q\": a die shows K (knight), X "
	    "(catapult) or a city face: CFFF CCFF CFCF CCCF (any rotation), cap corner band three "
	    "(faces of dice-faces.yaml)");
	/* the player before the rolls */
	refuse(g, "Ben: K K", DC_R_WRONG_PLAYER, 1, "it is Anna's turn, not Ben's");
	/* a fourth roll whatever it shows, even with nothing left to throw */
	refuse(g, "+K K K K K K K K K / +K K K K K K K K / +K +K +K +K +K +K +K / K K K K K K K K K K",
	    DC_R_FOURTH_ROLL, 64, "a turn has at most 3 rolls");
	/* a roll's count before its dice */
	refuse(g, "+X +X K K K K K K", DC_R_DICE_COUNT, 1, "Anna rolls 9 dice this turn, not 8");
	/* the rolls in order: roll 1's square before roll 2's count */
	refuse(g, "+CFFF@0,0 +CFFF@0,1 K X CCCF CCFF K X CFFF / K", DC_R_LAYOUT_EDGES, 11,
	    "CFFF at 0,1: its S side (white) touches the N side (black) of CFFF at 0,0");
	/* a roll's dice from left to right */
	refuse(g, "K X X +CFFF +CFCF 3. +X / K K 3.", DC_R_CATAPULT_KEPT, 22,
	    "a catapult is never set aside: it goes to Ben");
	refuse(g, "K X X +CFFF +CFCF 4. / 3. K +X", DC_R_PLACEHOLDER_LAST_ROLL, 24,
	    "3. stands for dice thrown again, but roll 2 is the last: every face of the last roll "
	    "counts (D3); write them");
	/* the rolls before the result */
	refuse(g, "X X X X X X X X X / K = 7", DC_R_NOTHING_TO_ROLL, 21,
	    "no die left to roll after roll 1: all were set aside or went out");
	/* catapult-rerolled wins when set-aside dice explain the count as well */
	refuse(g, "X X +K +K K K K K K / K K K K K K K", DC_R_CATAPULT_REROLLED, 23,
	    "roll 2 shows 7 dice, but 5 are thrown again: the 2 catapults of roll 1 went to the next "
	    "player; catapults leave the turn in every roll (D4)");
	/* after the end, the end first */
	play(g, "X X X X X X X X X");
	refuse(g, "Anna: K K", DC_R_GAME_OVER, 7, "the game is over: Anna rolled nine catapults at "
	    "move 1");
	refuse(g, "K Q", DC_R_UNKNOWN_FACE, 3, "unknown face \"Q\": a die shows K (knight), X "
	    "(catapult) or a city face: CFFF CCFF CFCF CCCF (any rotation), cap corner band three "
	    "(faces of dice-faces.yaml)");
	dc_game_free(g);
}

/* Undo gives back the exact state before each move. */
static void
test_undo(void **state)
{
	static const char *const lines[] = {
		"K K K X X X CFFF CFFF CCFF = knight",
		"K X X X X CFFF CCFF CFCF",
		"CFFF CFCF CFCF CFCF CFFF X X X X = 5",
		"Ben: +CFFF@0,0 +CFCF@0,1 K X CCCF CCFF K X CFFF / +FFCF@0,2 K K X CFCF = 3",
		"CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFCF CFFF = 9",
		"end",
	};
	enum { N = sizeof lines / sizeof lines[0] };
	struct ds_snap s[N + 1];
	struct dc_game *g = game(2);

	(void)state;
	for (int i = 0; i < N; i++) {
		ds_take(g, &s[i]);
		play(g, lines[i]);
	}
	ds_take(g, &s[N]);
	refuse(g, NOTHING, DC_R_GAME_OVER, 1, "the game is over: it was stopped by end at move 6");
	for (int i = N; i > 0; i--) {
		assert_true(ds_same_as(g, &s[i]));
		assert_true(dc_game_undo(g));
	}
	assert_true(ds_same_as(g, &s[0]));
	assert_false(dc_game_undo(g));
	for (int i = 0; i < N; i++)	/* and again, the same */
		play(g, lines[i]);
	assert_true(ds_same_as(g, &s[N]));
	for (int i = 0; i <= N; i++)
		ds_free(&s[i]);
	dc_game_free(g);
}

/* A game started again (a batch of replays) is a new game of its own
 * players and faces, its memory kept. */
static void
test_restart(void **state)
{
	struct dc_game *g = game(2), *fresh = game(3);
	struct ds_snap s;

	(void)state;
	play(g, "K K K X X X CFFF CFFF CCFF = knight");
	play(g, "CFFF CFCF CFCF CFCF CFFF X X X = 5");	/* Ben: 8 dice */
	ds_take(fresh, &s);
	assert_false(dc_game_restart(g, &shipped, 6));		/* as it was */
	assert_int_equal(dc_game_nmoves(g), 2);
	assert_false(dc_game_restart(g, NULL, 3));
	assert_true(dc_game_restart(g, &shipped, 3));
	assert_true(ds_same_as(g, &s));
	assert_int_equal(dc_game_winner(g), -1);
	assert_int_equal(dc_game_dice(g), 9);
	play(g, "CFFF CFCF CFCF CFCF CFFF X X X X = 5");
	scores(g, 6, 0);
	ds_free(&s);
	dc_game_free(fresh);
	dc_game_free(g);
}

/* ------------------------------------------------------------------ */
/* The hand-derived corpus game (corpus/dice/city-sizes) */

static void
test_corpus_city_sizes(void **state)
{
	static const char record[] =
	    "format: carcref/1\n"
	    "game: dice\n"
	    "edition: 1\n"
	    "expansions: []\n"
	    "players: [Anna, Ben]\n"
	    "faces:                                   # the record's own face set\n"
	    "  - {code: CFFF, edges: C F F F, cities: [[N]]}         # cap: city on one edge\n"
	    "  - {code: CCFF, edges: C C F F, cities: [[N, E]]}      # corner\n"
	    "  - {code: CFCF, edges: C F C F, cities: [[N, S]]}      # band\n"
	    "  - {code: CCCF, edges: C C C F, cities: [[N, E, S]]}   # three edges, one city\n";
	static const char *const moves[] = {
		"K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5   # Anna",
		"Ben: K CCCF CCFF X +CFFF +CCFF +CFFF CFCF K / K X CCCF X K = 3",
		"CFFF CFFF K K X X X CCCF CCCF = 2",
	};
	static const struct { int move, player, dice, points, nrolls, thrown[3]; const char *why; } ev[] = {
		{ 1, 0, 5, 6, 3, { 9, 5, 2 }, "closed city of 5 dice: 6" },
		{ 2, 1, 3, 1, 2, { 9, 5, 0 }, "closed city of 3 dice: 1" },
		{ 3, 0, 2, 0, 1, { 9, 0, 0 }, "closed city of 2 dice: 0 (fewer than 3 dice score nothing)" },
	};
	struct dc_faces f;
	struct dc_error err;
	struct dc_game *g;

	(void)state;
	assert_int_equal(read_record_faces(record, &f, &err), 0);
	assert_true(dc_faces_origin(&f, DC_FROM_RECORD, NULL));
	g = game_on(&f, 2);
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
		play(g, moves[i]);
	scores(g, 6, 1);
	assert_false(dc_game_over(g));
	assert_int_equal(dc_game_nevents(g), 3);
	for (int i = 0; i < 3; i++) {
		const struct dc_event *e = dc_game_event(g, i);

		assert_int_equal(e->move, ev[i].move);
		assert_int_equal(e->player, ev[i].player);
		assert_int_equal(e->feature, DC_EV_CITY);
		assert_int_equal(e->dice, ev[i].dice);
		assert_int_equal(e->points, ev[i].points);
		assert_false(e->doubled);
		assert_int_equal(e->nrolls, ev[i].nrolls);
		assert_memory_equal(e->thrown, ev[i].thrown, sizeof e->thrown);
		assert_string_equal(why(g, i), ev[i].why);
	}
	dc_game_free(g);
	dc_faces_free(&f);
}

/* ------------------------------------------------------------------ */
/* Written back (§4.6) */

static void
test_canonical(void **state)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5",
		  "K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5" },
		{ "chevalier catapulte catapulte +bord +bande coin trois chevalier bord / +bande +cap "
		  "catapulte 2. / bande K = 5",
		  "K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X 2. / CFCF K = 5" },
		{ "Ben: 2K CCCF CCFF X +CFFF +CCFF +CFFF CFCF / K X CCCF X K = 3   # quoted in YAML",
		  "Ben: K K CCCF CCFF X +CFFF +CCFF +CFFF CFCF / K X CCCF X K = 3" },
		{ "K K K X X CFFF CFCF CCFF = chevalier", "K K K X X CFFF CFCF CCFF = knight" },
		{ "x x x x x x x x x", "X X X X X X X X X" },
		{ "X X X X 5. / X X X K CFFF / X X", "X X X X 5. / X X X K CFFF / X X" },
		{ "2. K 1. CFFF / K", "K CFFF 3. / K" },
		{ "5. 5. K / K", "K 9. 1. / K" },
		{ "knight CATAPULT FCFF fccf cfcc 3Cap / K = 0", "K X CFFF CCFF CCCF CFFF CFFF CFFF / K = 0" },
		{ "+K +2x K / +k K = knight", "+K +X +X K / K K = knight" },
		{ "+CFFF@0,0 +CFCF@0,1 K X CCCF CCFF K X CFFF / +FFCF@0,2 K K X CFCF = 3",
		  "+CFFF@0,0 +CFCF@0,1 K X CCCF CCFF K X CFFF / +FFCF@0,2 K K X CFCF = 3" },
		{ "cfff@0,0 fcfc@-1,+1 ffcf@0,1 k", "+CFFF@0,0 +FCFC@-1,1 +FFCF@0,1 K" },
		{ "+CFFF K / +CFFF +K X", "+CFFF K / CFFF K X" },
		{ "+CFFF K / +CFFF +K +X", "+CFFF K / CFFF K +X" },	/* refused, kept to be seen */
		{ "+CFFF@0,0 / +CFFF", "+CFFF@0,0 / +CFFF" },
		{ "CFFF@0,0 / +CFFF", "+CFFF@0,0 / +CFFF" },
		{ "anna:end # gone", "anna: end" },
		{ "K\t=\t9", "K = 9" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct dc_turn t, u;
		char buf[256], again[256], *player = NULL;
		int n;

		dc_turn_init(&t);
		dc_turn_init(&u);
		parse_ok(&shipped, cases[i].in, &t);
		if (t.player != NULL) {
			player = strndup(t.player, t.player_len);
			assert_non_null(player);
		}
		n = nt_dice_format(&shipped, &t, player, 0, buf, sizeof buf);
		assert_int_equal(n, (int)strlen(buf));
		if (strcmp(buf, cases[i].out) != 0)
			fail_msg("\"%s\" written \"%s\", not \"%s\"", cases[i].in, buf, cases[i].out);
		parse_ok(&shipped, buf, &u);
		nt_dice_format(&shipped, &u, player, 0, again, sizeof again);
		assert_string_equal(buf, again);
		/* snprintf's rules when the room is short */
		for (size_t size = 0; size <= (size_t)n + 1; size++) {
			char *small = malloc(size ? size : 1);

			assert_non_null(small);
			assert_int_equal(nt_dice_format(&shipped, &t, player, 0, size ? small : NULL, size), n);
			if (size > 0) {
				assert_int_equal(strlen(small), size - 1 < (size_t)n ? size - 1 : (size_t)n);
				assert_memory_equal(small, buf, strlen(small));
			}
			free(small);
		}
		free(player);
		dc_turn_free(&t);
		dc_turn_free(&u);
	}
}

/* A missing result, completed as §4.2 reads it. */
static void
test_complete(void **state)
{
	static const struct { const char *in, *out; } cases[] = {
		{ NOTHING, NOTHING " = 0" },
		{ "CFFF CFFF K K X X X X X", "CFFF CFFF K K X X X X X = 0" },
		{ "CFFF CFCF CFFF K K X X X X", "CFFF CFCF CFFF K K X X X X" },	/* must be written */
		{ "CFFF@0,0 FFCF@0,1 K K X X X X X", "+CFFF@0,0 +FFCF@0,1 K K X X X X X = 2" },
		{ "CFFF@0,0 CFCF@0,1 K K X X X X X", "+CFFF@0,0 +CFCF@0,1 K K X X X X X = 0" },
		{ "CFFF@0,0 CFCF@0,1 FFCF@0,2 K X X X X X", "+CFFF@0,0 +CFCF@0,1 +FFCF@0,2 K X X X X X" },
		{ "X X X X X X X X X = 0", "X X X X X X X X X" },
		{ "X X X X X X X X X = 4", "X X X X X X X X X = 4" },
		{ "K K K X X X CFFF CFFF CCFF", "K K K X X X CFFF CFFF CCFF" },	/* cap corner cap */
		{ "K K K X X X CFFF CCCF CCFF", "K K K X X X CFFF CCCF CCFF = 0" },
		{ "end", "end" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct dc_turn t;
		char buf[256];

		dc_turn_init(&t);
		parse_ok(&shipped, cases[i].in, &t);
		dc_turn_complete(&shipped, &t);
		nt_dice_format(&shipped, &t, NULL, 0, buf, sizeof buf);
		if (strcmp(buf, cases[i].out) != 0)
			fail_msg("\"%s\" completed \"%s\", not \"%s\"", cases[i].in, buf, cases[i].out);
		dc_turn_free(&t);
	}
}

/* ------------------------------------------------------------------ */
/* At the table, step by step */

#define ROLL(w)	nt_dice_parse_roll(&shipped, (w), strlen(w), &t, &err)
#define KEEP(w)	nt_dice_parse_keep(&shipped, (w), strlen(w), &t, &err)

static void
test_table_steps(void **state)
{
	struct dc_game *g = game(2);
	struct dc_turn t;
	struct dc_progress p;
	struct dc_refusal why;
	struct nt_dice_error err;
	struct dc_fit fit[64];
	struct dc_city city[16];
	unsigned sizes;
	bool knight;
	char buf[256];

	(void)state;
	dc_turn_init(&t);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_int_equal(p.to_throw, 9);
	assert_int_equal(p.rolls_left, 3);
	assert_int_equal(ROLL("K X X CFFF CFCF CCFF CCCF K CFFF"), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_int_equal(p.nrolls, 1);
	assert_int_equal(p.to_throw, 7);	/* nothing kept yet: all but the catapults */
	assert_int_equal(p.knights_last, 2);
	assert_int_equal(p.catapults_total, 2);
	/* keep, and keep again: the choice is replaced */
	assert_int_equal(KEEP("CFFF band"), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_int_equal(p.to_throw, 5);
	assert_int_equal(p.nbuilt, 2);
	assert_int_equal(KEEP("K k"), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_int_equal(p.to_throw, 5);
	assert_int_equal(p.knights_aside, 2);
	assert_int_equal(p.nbuilt, 0);
	assert_int_equal(KEEP("FCFF +CFCF"), 0);
	/* keeps that cannot be: t stays as it was */
	assert_int_equal(KEEP("K K K"), -1);
	assert_string_equal(err.msg, "roll 1 shows no other K to keep");
	assert_int_equal(err.column, 5);
	assert_int_equal(KEEP("CFFF CFFF CFFF"), -1);
	assert_string_equal(err.msg, "roll 1 shows no other CFFF to keep");
	assert_int_equal(KEEP("CFFF 2."), -1);
	assert_string_equal(err.msg, "2. cannot be kept: the faces of those dice were not noted");
	assert_int_equal(KEEP("CCCC"), -1);
	assert_int_equal(err.kind, DC_R_FACE_NOT_IN_DATA);
	assert_int_equal(KEEP("K / K"), -1);
	assert_string_equal(err.msg, "unexpected \"/\": keep names dice of the last roll");
	nt_dice_format(&shipped, &t, NULL, NT_DICE_OPEN, buf, sizeof buf);
	assert_string_equal(buf, "K X X +CFFF +CFCF CCFF CCCF K CFFF");	/* the .hand */
	/* a catapult kept: the rule refuses it */
	assert_int_equal(KEEP("X"), 0);
	assert_false(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_int_equal(why.kind, DC_R_CATAPULT_KEPT);
	assert_int_equal(KEEP("cap bande"), 0);
	/* the next roll: a count the rule refuses */
	assert_int_equal(ROLL("K K"), 0);
	assert_false(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_int_equal(why.kind, DC_R_DICE_COUNT);
	t.nroll--;			/* the REPL takes the roll back */
	t.ndie = t.roll[t.nroll].first;
	assert_int_equal(ROLL("CFCF CFFF X K CCFF = 5"), -1);
	assert_string_equal(err.msg, "unexpected \"=\": enter one roll (claim ends the turn)");
	assert_int_equal(t.nroll, 1);
	assert_int_equal(ROLL("CFCF CFFF X K CCFF"), 0);
	assert_int_equal(KEEP("CFCF CFFF"), 0);
	assert_int_equal(ROLL("CFCF K"), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_int_equal(p.rolls_left, 0);
	assert_int_equal(p.to_throw, 0);
	/* the claims it may take */
	assert_true(dc_game_claims(g, &t, &sizes, &knight, &why));
	assert_int_equal(sizes, S(0) | S(2) | S(3) | S(4) | S(5));
	assert_false(knight);
	t.result = DC_RESULT_SIZE;
	t.size = 5;
	assert_true(dc_game_play(g, &t, DC_WHO_ANY, &why));
	assert_string_equal(last_move(g), "K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / "
	    "CFCF K = 5");
	scores(g, 6, 0);

	/* a layout, step by step: where a band fits beside a cap */
	dc_turn_clear(&t);
	assert_int_equal(ROLL("CFFF CFCF K X CCCF CCFF K X CFFF"), 0);
	assert_int_equal(dc_layout_fits(&shipped, &t, 2, fit, 64), 2);	/* nothing built: 0,0 */
	assert_int_equal(fit[1].x, 0);
	assert_int_equal(fit[1].y, 0);
	assert_int_equal(fit[1].rot, 1);
	assert_int_equal(KEEP("CFFF@0,0"), 0);
	assert_int_equal(dc_layout_fits(&shipped, &t, 2, fit, 64), 4);
	assert_int_equal(dc_layout_fits(&shipped, &t, 2, fit, 2), 4);
	assert_int_equal(dc_layout_fits(&shipped, &t, 0, fit, 64), 10);
	assert_int_equal(dc_layout_fits(&shipped, &t, 7, fit, 64), 0);
	assert_int_equal(KEEP("CFFF@0,0 CFCF@0,1"), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_true(p.layout);
	assert_int_equal(p.nbuilt, 2);
	assert_int_equal(p.to_throw, 5);
	assert_int_equal(dc_layout_cities(&shipped, &t, city, 16), 1);
	assert_false(city[0].closed);
	assert_int_equal(dc_layout_fits(&shipped, &t, 0, fit, 64), 16);
	assert_int_equal(ROLL("FFCF@0,2 K K X CFCF"), 0);
	assert_true(dc_game_claims(g, &t, &sizes, &knight, &why));
	assert_int_equal(sizes, S(3));
	assert_int_equal(dc_layout_cities(&shipped, &t, city, 16), 1);
	assert_true(city[0].closed);
	assert_int_equal(city[0].n, 3);
	/* claim refused while the last roll holds an N. */
	t.nroll--;
	t.ndie = t.roll[t.nroll].first;
	assert_int_equal(ROLL("FFCF@0,2 K K 2."), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_int_equal(p.to_throw, 4);
	assert_false(dc_game_claims(g, &t, &sizes, &knight, &why));
	assert_int_equal(why.kind, DC_R_PLACEHOLDER_LAST_ROLL);
	dc_turn_free(&t);

	/* nine catapults end the turn as soon as they come */
	dc_turn_init(&t);
	assert_int_equal(ROLL("X X X X X X X X X"), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_true(p.nine);
	assert_int_equal(p.to_throw, 0);
	/* the player named must be the one to move */
	assert_false(dc_game_check_prefix(g, &t, 0, &why, &p));
	assert_int_equal(why.kind, DC_R_WRONG_PLAYER);
	assert_true(dc_game_claims(g, &t, &sizes, &knight, &why));
	assert_int_equal(sizes, S(0));
	dc_turn_free(&t);
	dc_game_free(g);
}

/* The table's words: the standings, what a roll shows, what is kept, the
 * drawings. */
static void
test_table_words(void **state)
{
	struct dc_game *g = game(2);
	struct dc_turn t;
	struct dc_progress p;
	struct dc_refusal why;
	struct nt_dice_error err;
	char buf[512], rows[3][6];

	(void)state;
	nt_dice_standings(g, names, buf, sizeof buf);
	assert_string_equal(buf, "Anna 0, Ben 0; Anna to play, 9 dice; first to 42");
	play(g, "K X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K = 5");
	play(g, "K K K X X X CFFF CFFF CCFF = knight");
	nt_dice_standings(g, names, buf, sizeof buf);
	assert_string_equal(buf, "Anna 6, Ben 0 [knight]; Anna to play, 8 dice; first to 42");
	/* a roll, a keep, the next roll */
	dc_turn_init(&t);
	assert_int_equal(nt_dice_parse_roll(&shipped, "K X X CFFF CFCF CCFF 2.", 23, &t, &err), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	nt_dice_roll_summary(&shipped, &t, &p, buf, sizeof buf);
	assert_string_equal(buf, "roll 1 of 3, 8 dice: 1 knight, 2 catapults (out), 3 city faces, "
	    "2 not noted");
	nt_dice_keep_summary(&shipped, &t, &p, buf, sizeof buf);
	assert_string_equal(buf, "set aside: nothing; 6 dice to roll (roll 2 of 3)");
	assert_int_equal(nt_dice_parse_keep(&shipped, "CFFF@0,0 CFCF@0,1 K", 19, &t, &err), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	nt_dice_keep_summary(&shipped, &t, &p, buf, sizeof buf);
	assert_string_equal(buf, "set aside: K CFFF@0,0 CFCF@0,1; 3 dice to roll (roll 2 of 3)");
	assert_int_equal(nt_dice_parse_roll(&shipped, "K K X", 5, &t, &err), 0);
	assert_int_equal(nt_dice_parse_keep(&shipped, "K", 1, &t, &err), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	nt_dice_keep_summary(&shipped, &t, &p, buf, sizeof buf);
	assert_string_equal(buf, "set aside: K; 1 die to roll (roll 3 of 3)");
	assert_int_equal(nt_dice_parse_roll(&shipped, "FFCF@0,2", 8, &t, &err), 0);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	nt_dice_keep_summary(&shipped, &t, &p, buf, sizeof buf);
	assert_string_equal(buf, "set aside: FFCF@0,2; roll 3 was the last: claim the turn");
	nt_dice_draw_layout(&shipped, &t, buf, sizeof buf);
	assert_string_equal(buf,
	    ".....\n"
	    ".....\n"
	    ".###.\n"
	    ".###.\n"
	    "..#..\n"
	    ".###.\n"
	    ".###.\n"
	    ".....\n"
	    ".....\n");
	/* quick entry in a turn under way: the line's rolls after the others */
	{
		struct dc_turn more;

		dc_turn_init(&more);
		parse_ok(&shipped, "K / K = knight", &more);
		assert_true(dc_turn_drop_roll(&t));
		assert_true(dc_turn_append(&t, &more));
		assert_int_equal(t.nroll, 4);
		assert_int_equal(t.result, DC_RESULT_KNIGHT);
		nt_dice_format(&shipped, &t, NULL, 0, buf, sizeof buf);
		assert_string_equal(buf, "+K X X +CFFF@0,0 +CFCF@0,1 CCFF 2. / +K K X / K / K = knight");
		assert_false(dc_game_check(g, &t, DC_WHO_ANY, &why));
		assert_int_equal(why.kind, DC_R_FOURTH_ROLL);
		assert_true(dc_turn_drop_roll(&t));
		assert_true(dc_turn_drop_roll(&t));
		parse_ok(&shipped, "FFCF@0,2", &more);
		assert_true(dc_turn_append(&t, &more));
		dc_turn_free(&more);
	}
	/* a roll taken back */
	assert_true(dc_turn_drop_roll(&t));
	assert_int_equal(t.nroll, 2);
	assert_int_equal(t.ndie, 10);
	assert_true(dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p));
	assert_int_equal(p.to_throw, 1);
	dc_turn_clear(&t);
	assert_false(dc_turn_drop_roll(&t));
	/* two groups apart: a blank row and column between them */
	parse_ok(&shipped, "CFFF@0,0 FFCF@0,1 FCFF@3,-2 FFFC@4,-2 K", &t);
	nt_dice_draw_layout(&shipped, &t, buf, sizeof buf);
	assert_string_equal(buf,
	    ".....\n"
	    ".....\n"
	    ".###.\n"
	    ".###.\n"
	    ".....\n"
	    ".....\n"
	    "\n"
	    "          ..........\n"
	    "          ....##....\n"
	    "          ..........\n");
	parse_ok(&shipped, "K K", &t);
	assert_int_equal(nt_dice_draw_layout(&shipped, &t, buf, sizeof buf), 0);
	dc_turn_free(&t);
	/* the faces drawn */
	nt_dice_draw_face(&shipped.face[1], 1, rows);
	assert_string_equal(rows[0], ".....");
	assert_string_equal(rows[1], "..###");
	assert_string_equal(rows[2], ".####");
	nt_dice_draw_face(&shipped.face[2], 1, rows);
	assert_string_equal(rows[1], "#####");
	/* the end, three ways */
	play(g, "CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFFF = 8");
	play(g, NOTHING);
	play(g, "CFFF CFCF CFCF CFCF CFCF CFCF CFCF CFCF CFFF = 9");
	nt_dice_standings(g, names, buf, sizeof buf);
	assert_string_equal(buf, "game over: Anna wins with 55 points (Ben 0)");
	dc_game_undo(g);
	play(g, "X X X X X X X X X");
	nt_dice_standings(g, names, buf, sizeof buf);
	assert_string_equal(buf, "nine catapults: Anna wins (Anna 27, Ben 0)");
	dc_game_undo(g);
	play(g, "end");
	nt_dice_standings(g, names, buf, sizeof buf);
	assert_string_equal(buf, "game stopped: no winner (Anna 27, Ben 0)");
	assert_string_equal(dc_end_name(dc_game_ended_by(g)), "end");
	assert_string_equal(dc_end_name(DC_END_CATAPULTS), "catapults");
	assert_null(dc_end_name(DC_END_NONE));
	dc_game_free(g);
}

/* ------------------------------------------------------------------ */
/* Random legal games: built with the engine's own queries, written,
 * read back and replayed, they give the same game. */

static uint32_t rng = 2463534242u;

static int
rn(int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return (int)(rng % (uint32_t)n);
}

/* A legal turn for the player to move; false if a check refused (a bug). */
static void
random_turn(const struct dc_game *g, struct dc_turn *t)
{
	const struct dc_faces *f = dc_game_faces(g);
	struct dc_progress p;
	struct dc_refusal why;
	struct dc_fit fit[64];
	bool layout = rn(2) == 0, allowed[3], all_x = rn(30) == 0;
	int to_throw = dc_game_dice(g), apart = 0;
	unsigned sizes;
	bool knight;

	dc_turn_clear(t);
	for (int k = 0; k < DC_MAXROLLS; k++) {
		int first = t->ndie;
		bool last = k == DC_MAXROLLS - 1 || rn(3) == 0;

		assert_true(dc_turn_add_roll(t, 0));
		for (int i = 0; i < to_throw; i++) {
			int v = rn(6);
			struct dc_die d = { .count = 1 };

			d.kind = v == 4 ? DC_DIE_KNIGHT : v == 5 || all_x ? DC_DIE_CATAPULT : DC_DIE_CITY;
			d.face = (uint8_t)(v < 4 ? v : 0);
			assert_true(dc_turn_add_die(t, &d));
		}
		if (!dc_game_check_prefix(g, t, DC_WHO_ANY, &why, &p))
			fail_msg("a random roll refused: %s", dc_rkind_name(why.kind));
		if (p.nine)
			break;
		for (int i = first; i < t->ndie; i++) {
			struct dc_die *d = &t->die[i];

			if (d->kind == DC_DIE_CATAPULT || rn(2) == 0)
				continue;
			if (d->kind == DC_DIE_KNIGHT) {
				d->kept = !last;
				continue;
			}
			if (!layout) {
				d->kept = !last || rn(2) == 0;
				continue;
			}
			if (rn(10) == 0) {	/* apart from the rest */
				d->placed = d->kept = true;
				d->x = 100 + 20 * apart++;	/* nine in a row never reach the next */
				d->y = -100;
				d->rot = (uint8_t)rn(4);
			} else {
				int n = dc_layout_fits(f, t, d->face, fit, 64);

				if (n > 0) {
					const struct dc_fit *ft = &fit[rn(n < 64 ? n : 64)];

					d->placed = d->kept = true;
					d->x = ft->x;
					d->y = ft->y;
					d->rot = (uint8_t)ft->rot;
				}
			}
		}
		if (!dc_game_check_prefix(g, t, DC_WHO_ANY, &why, &p))
			fail_msg("a random keep refused: %s", dc_rkind_name(why.kind));
		if (last || p.to_throw == 0)
			break;
		for (int i = first; i < t->ndie; i++)	/* dice thrown again, some not noted */
			if (!t->die[i].kept && t->die[i].kind != DC_DIE_CATAPULT && rn(4) == 0) {
				t->die[i].kind = DC_DIE_UNNOTED;
				t->die[i].count = 1;
			}
		to_throw = p.to_throw;
	}
	if (!dc_game_claims(g, t, &sizes, &knight, &why))
		fail_msg("claims refused: %s", dc_rkind_name(why.kind));
	if (p.nine) {
		t->result = DC_RESULT_NONE;
		return;
	}
	allowed[0] = (sizes & ~7u) == 0;	/* no result: read as 0 or the layout's 0 or 2 */
	allowed[1] = knight;
	allowed[2] = true;
	for (;;) {
		int c = rn(3);

		if (!allowed[c])
			continue;
		if (c == 2 && rn(2) == 0) {	/* the best claim, often */
			t->result = DC_RESULT_SIZE;
			for (t->size = DC_NDICE; !(sizes >> t->size & 1); t->size--)
				;
			return;
		}
		t->result = c == 0 ? DC_RESULT_NONE : c == 1 ? DC_RESULT_KNIGHT : DC_RESULT_SIZE;
		if (c == 2) {
			int n;

			do
				n = rn(DC_NDICE + 1);
			while (!(sizes >> n & 1));
			t->size = n;
		}
		return;
	}
}

static void
test_property_replay(void **state)
{
	int turns = 0, layouts = 0, knights = 0, nines = 0, wins = 0;

	(void)state;
	for (int game_no = 0; game_no < 120; game_no++) {
		int np = 1 + rn(DC_MAXPLAYERS);
		struct dc_game *a = game(np), *b = game(np), *c = game(np);
		struct dc_turn t;
		struct ds_snap s0, sb;

		ds_take(a, &s0);
		dc_turn_init(&t);
		for (int n = 0; n < 150 && !dc_game_over(a); n++) {
			struct nt_dice_error err;
			struct dc_refusal why;
			char line[512], again[512];
			struct dc_turn u;
			int who = dc_game_turn(a);

			if (rn(300) == 0) {
				play(a, "end");
				assert_true(dc_game_play(b, &(struct dc_turn){ .end = true }, DC_WHO_ANY, &why));
				break;
			}
			random_turn(a, &t);
			turns++;
			layouts += dc_turn_layout(&t);
			knights += t.result == DC_RESULT_KNIGHT;
			assert_true(nt_dice_format(&shipped, &t, rn(2) ? names[who] : NULL, 0, line,
			    sizeof line) < (int)sizeof line);
			if (nt_dice_play(a, names, line, strlen(line), NULL, &err) < 0)
				fail_msg("game %d, \"%s\" refused: %s", game_no, line, err.msg);
			if (!dc_game_play(b, &t, DC_WHO_ANY, &why))
				fail_msg("game %d, the turn of \"%s\" refused: %s", game_no, line,
				    dc_rkind_name(why.kind));
			/* read back, it writes the same */
			dc_turn_init(&u);
			parse_ok(&shipped, line, &u);
			nt_dice_format(&shipped, &u, u.player ? names[who] : NULL, 0, again, sizeof again);
			assert_string_equal(line, again);
			dc_turn_free(&u);
			ds_take(b, &sb);
			assert_true(ds_same_as(a, &sb));
			ds_free(&sb);
		}
		nines += dc_game_ended_by(a) == DC_END_CATAPULTS;
		wins += dc_game_winner(a) >= 0;
		/* the moves as written replay to the same game */
		for (int i = 0; i < dc_game_nmoves(a); i++) {
			char line[512];

			nt_dice_format(&shipped, dc_game_move(a, i), NULL, 0, line, sizeof line);
			play(c, line);
		}
		ds_take(c, &sb);
		assert_true(ds_same_as(a, &sb));
		ds_free(&sb);
		while (dc_game_undo(a))
			;
		assert_true(ds_same_as(a, &s0));
		ds_free(&s0);
		dc_turn_free(&t);
		dc_game_free(a);
		dc_game_free(b);
		dc_game_free(c);
	}
	/* the games went everywhere */
	print_message("%d turns, %d layouts, %d knights kept, %d won (%d by catapults)\n", turns,
	    layouts, knights, wins, nines);
	assert_true(turns > 1000);
	assert_true(layouts > 300);
	assert_true(knights > 20);
	assert_true(wins > 50);
	assert_true(nines > 0);
}

/* ------------------------------------------------------------------ */
/* Hostile input never crashes, never changes a game */

static void
test_hostile(void **state)
{
	struct dc_game *g = game(2);
	struct nt_dice_error err;
	struct dc_turn t;
	struct ds_snap before;
	char *big;
	size_t n = 200000;

	(void)state;
	ds_take(g, &before);
	big = malloc(n + 1);
	assert_non_null(big);
	for (size_t i = 0; i < n; i += 2) {	/* a roll of 100000 knights */
		big[i] = 'K';
		big[i + 1] = ' ';
	}
	big[n] = '\0';
	assert_int_equal(nt_dice_play(g, names, big, n, NULL, &err), -1);
	assert_int_equal(err.kind, DC_R_DICE_COUNT);
	assert_string_equal(err.msg, "Anna rolls 9 dice this turn, not 100000");
	for (size_t i = 0; i < n; i += 2)	/* as many dice not noted */
		big[i] = '9', big[i + 1] = '.';
	big[n - 1] = ' ';
	for (size_t i = 2; i < n; i += 3)
		big[i] = ' ';
	assert_int_equal(nt_dice_play(g, names, big, n, NULL, &err), -1);
	for (size_t i = 0; i < n; i++)	/* one word, very long */
		big[i] = 'C';
	assert_int_equal(nt_dice_play(g, names, big, n, NULL, &err), -1);
	assert_int_equal(err.kind, DC_R_UNKNOWN_FACE);
	assert_true(strlen(err.msg) < sizeof err.msg);
	for (size_t i = 0; i < n; i++)	/* many rolls */
		big[i] = i % 2 ? ' ' : '/';
	big[0] = 'K';
	assert_int_equal(nt_dice_play(g, names, big, n, NULL, &err), -1);
	free(big);
	dc_turn_init(&t);
	for (int k = 0; k < 20000; k++) {	/* random bytes */
		char line[64];
		int len = rn(64);

		for (int i = 0; i < len; i++) {
			static const char alphabet[] = "KXCF+.@,-/=0123456789 :#kxcfapbnd\t\x80\xff";

			line[i] = alphabet[rn((int)sizeof alphabet - 1)];
		}
		if (nt_dice_parse(&shipped, line, (size_t)len, &t, &err) == 0) {
			char out[512];

			dc_turn_complete(&shipped, &t);
			nt_dice_format(&shipped, &t, NULL, 0, out, sizeof out);
		} else {
			assert_true(err.column >= 1 && err.column <= len + 1);
			assert_true(err.msg[0] != '\0');
		}
		nt_dice_play(g, names, line, (size_t)len, NULL, &err);
		while (dc_game_nmoves(g) > 0)
			dc_game_undo(g);
	}
	assert_true(ds_same_as(g, &before));
	ds_free(&before);
	dc_turn_free(&t);
	/* odd calls */
	assert_null(dc_game_move(g, -1));
	assert_null(dc_game_event(g, 0));
	assert_int_equal(dc_game_score(g, 9), 0);
	assert_false(dc_game_holding(g, -1));
	assert_null(dc_rkind_name(DC_NRKINDS));
	assert_string_equal(dc_rkind_name(DC_R_LAYOUT_RESULT), "layout-result");
	assert_null(dc_feature_name((enum dc_feature)9));
	dc_game_free(g);
	dc_game_free(NULL);
	dc_faces_reader_free(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_faces_shipped),
		cmocka_unit_test(test_faces_lookup),
		cmocka_unit_test(test_faces_refusals),
		cmocka_unit_test(test_faces_check),
		cmocka_unit_test(test_faces_list_and_reader),
		cmocka_unit_test(test_formable_known),
		cmocka_unit_test(test_formable_bruteforce),
		cmocka_unit_test(test_d1_turn_order),
		cmocka_unit_test(test_d2_dice_in_hand),
		cmocka_unit_test(test_d3_rolls),
		cmocka_unit_test(test_d4_catapults),
		cmocka_unit_test(test_d5_d6_aside_apart),
		cmocka_unit_test(test_d7_closed_city),
		cmocka_unit_test(test_d8_scores),
		cmocka_unit_test(test_d9_d10_d11_knights),
		cmocka_unit_test(test_d12_end_at_42),
		cmocka_unit_test(test_d13_nine_catapults),
		cmocka_unit_test(test_d14_end),
		cmocka_unit_test(test_refusals_reading),
		cmocka_unit_test(test_refusals_rules),
		cmocka_unit_test(test_refusals_record_faces),
		cmocka_unit_test(test_refusals_player),
		cmocka_unit_test(test_check_order),
		cmocka_unit_test(test_undo),
		cmocka_unit_test(test_restart),
		cmocka_unit_test(test_corpus_city_sizes),
		cmocka_unit_test(test_canonical),
		cmocka_unit_test(test_complete),
		cmocka_unit_test(test_table_steps),
		cmocka_unit_test(test_table_words),
		cmocka_unit_test(test_property_replay),
		cmocka_unit_test(test_hostile),
	};
	int rc = cmocka_run_group_tests(tests, setup, NULL);

	dc_faces_free(&shipped);
	return rc;
}
