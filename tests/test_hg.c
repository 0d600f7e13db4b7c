/*
 * test_hg.c -- Carcassonne: Hunters & Gatherers (rules/hunters-gatherers.c,
 * notation/hunters-gatherers.c; ../shared/spec/hunters-gatherers.md):
 * the loader's checks of a tile set (HG-9.3, HG-9.4) with their messages
 * and lines, the corrections of a record checked as a file is (HG-8.3),
 * and rules on small boards, records replayed through the game's row
 * against the shipped tiles (refusals with their kinds, scores).
 *
 * Run from the repository root, or point CARCREF_DATA at the tile data.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "rules/tileset.h"
#include "notation/game.h"
#include "notation/hg.h"
#include "notation/record.h"

/* ---- the loader (HG-9.3) --------------------------------------------- */

/* A set of a start tile and one more type, whose entry is `type` (its
 * `- code:` line is line 9). */
static const char set_head[] =
    "set: hunters-gatherers\n"				/* 1 */
    "start: %s\n"					/* 2 */
    "tiles:\n"						/* 3 */
    "  - code: HG-START\n"				/* 4 */
    "    count: 1\n"					/* 5 */
    "    edges: [meadow, meadow, meadow, meadow]\n"	/* 6 */
    "    features:\n"					/* 7 */
    "      - {kind: meadow, at: [N, E, S, W]}\n"	/* 8 */
    "%s";						/* 9: the type */

static int
load(const char *start, const char *type, struct cr_error *err)
{
	char text[2048];
	struct cr_tileset ts;
	int n = snprintf(text, sizeof text, set_head, start, type);

	assert_true(n > 0 && (size_t)n < sizeof text);
	if (cr_tileset_parse(&ts, text, (size_t)n, err) < 0)
		return -1;
	cr_tileset_free(&ts);
	return 0;
}

static const char ffmm[] =
    "  - code: %s\n"
    "    count: 2\n"
    "%s"
    "    edges: [forest, forest, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: %s}\n"
    "      - {kind: meadow, at: [S, W]}\n";

/* The type of ffmm with code, extra keys and the forest's at. */
static const char *
ffmm_type(const char *code, const char *extra, const char *at)
{
	static char buf[1024];

	snprintf(buf, sizeof buf, ffmm, code, extra, at);
	return buf;
}

static void
refused(const char *start, const char *type, int line, const char *msg)
{
	struct cr_error err;

	if (load(start, type, &err) == 0)
		fail_msg("loaded, expected \"%s\" at line %d", msg, line);
	if (strstr(err.msg, msg) == NULL || err.line != line)
		fail_msg("refused at line %d: \"%s\", expected line %d: \"%s\"", err.line, err.msg,
		    line, msg);
}

static void
test_loads(void **state)
{
	struct cr_error err;

	(void)state;
	if (load("HG-START", ffmm_type("HG-FFMM1", "", "[N, E]"), &err) < 0)
		fail_msg("%d:%d: %s", err.line, err.column, err.msg);
	/* Codes are case-insensitive; the start's code is free. */
	if (load("HG-START", ffmm_type("hg-ffmm12", "    aliases: [HG-WOOD]\n", "[N, E]"),
	    &err) < 0)
		fail_msg("%d:%d: %s", err.line, err.column, err.msg);
}

/* HG-9.1: a forest's at names whole edges only. */
static void
test_forest_whole_edges(void **state)
{
	(void)state;
	refused("HG-START", "  - code: HG-FMMM1\n"
	    "    count: 1\n"
	    "    edges: [forest, meadow, meadow, meadow]\n"
	    "    features:\n"
	    "      - {kind: forest, at: [N, ENE]}\n"
	    "      - {kind: meadow, at: [ESE, S, W]}\n", 13,
	    "a forest is named by whole edges");
	refused("HG-START", ffmm_type("HG-FFMM1", "", "[N, NE, E]"), 13,
	    "a forest is named by whole edges, and NE is a corner");
}

/* HG-9.4: the code scheme. */
static void
test_code_scheme(void **state)
{
	static const struct { const char *code, *extra, *msg; } bad[] = {
		{ "HG-FFMM01", "", "a land tile's code is HG-, its four edge letters" },
		{ "HG-FFMM", "", "a land tile's code is HG-, its four edge letters" },
		{ "HG-WOOD", "", "a land tile's code is HG-, its four edge letters" },
		{ "HG-FMMF1", "", "the code's letters are not its edges" },
		{ "FFMM1", "", "a code is HG- then letters, digits and -" },
		{ "HG-END", "", "HG-END and HG-DISCARD are words of the moves" },
		{ "HG-FFMM1", "    aliases: [HG-discard]\n",
		    "HG-END and HG-DISCARD are words of the moves, not aliases" },
		{ "HG-FFMM1", "    aliases: [HG-FFMM9]\n",
		    "an alias is a free word, never a land or bonus code" },
		{ "HG-FFMM1", "    aliases: [HG-BFFMM9]\n",
		    "an alias is a free word, never a land or bonus code" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		refused("HG-START", ffmm_type(bad[i].code, bad[i].extra, "[N, E]"), 9, bad[i].msg);
	/* Rotation 0: the turn whose letters come first. */
	refused("HG-START", "  - code: HG-MFFM1\n"
	    "    count: 1\n"
	    "    edges: [meadow, forest, forest, meadow]\n"
	    "    features:\n"
	    "      - {kind: forest, at: [E, S]}\n"
	    "      - {kind: meadow, at: [N, W]}\n", 9,
	    "rotation 0 is the turn whose edge letters come first");
}

/* HG-9.3 item 5: bonus: true with an HG-B code, and the reverse. */
static void
test_bonus_code(void **state)
{
	struct cr_error err;

	(void)state;
	refused("HG-START", ffmm_type("HG-FFMM1", "    bonus: true\n", "[N, E]"), 9,
	    "tile \"HG-FFMM1\" is a bonus tile: its code is HG-B");
	refused("HG-START", ffmm_type("HG-BFFMM1", "", "[N, E]"), 9,
	    "tile \"HG-BFFMM1\" has a bonus tile's code: say bonus: true");
	if (load("HG-START", ffmm_type("HG-BFFMM1", "    bonus: true\n", "[N, E]"), &err) < 0)
		fail_msg("%d:%d: %s", err.line, err.column, err.msg);
}

/* HG-9.3 item 6: start names a type, and no bonus type. */
static void
test_start(void **state)
{
	(void)state;
	refused("HG-BFFMM1", ffmm_type("HG-BFFMM1", "    bonus: true\n", "[N, E]"), 2,
	    "start tile \"HG-BFFMM1\" is a bonus tile");
	refused("HG-NONE", ffmm_type("HG-FFMM1", "", "[N, E]"), 2,
	    "start tile \"HG-NONE\" is not in this set");
}

/* HG-9.3 items 2 to 4, the kinds' and lakes' checks, each with its line. */
static void
test_lakes_and_keys(void **state)
{
	(void)state;
	refused("HG-START", "  - code: HG-MMMR1\n"
	    "    count: 1\n"
	    "    edges: [meadow, meadow, meadow, river]\n"
	    "    features:\n"
	    "      - {kind: river, at: [W], end: lake}\n"
	    "      - {kind: meadow, at: [N, E, S, WNW, WSW]}\n", 13,
	    "a river ends at a lake, and the tile has none");
	refused("HG-START", ffmm_type("HG-FFMM1", "", "[N, E], fish: 1"), 13,
	    "only lakes and rivers hold fish");
	refused("HG-START", "  - code: HG-MMMR1\n"
	    "    count: 1\n"
	    "    edges: [meadow, meadow, meadow, river]\n"
	    "    features:\n"
	    "      - {kind: lake}\n"
	    "      - {kind: meadow, at: [N, E, S, WNW, WSW]}\n"
	    "      - {kind: river, at: [W], end: spring}\n", 13,
	    "a lake with no river flowing into it");
}

/* HG-8.3: corrections are checked as a file is; the start stays land. */
static void
test_corrections_checked(void **state)
{
	static const char rec[] =
	    "format: carcref/1\n"
	    "game: hunters-gatherers\n"
	    "players: [Anna, Ben]\n"
	    "tiles:\n"
	    "  - code: HG-FFMM77\n"
	    "    count: 1\n"
	    "    bonus: true\n"
	    "    edges: [forest, forest, meadow, meadow]\n"
	    "    features:\n"
	    "      - {kind: forest, at: [N, E]}\n"
	    "      - {kind: meadow, at: [S, W]}\n"
	    "moves: []\n";
	struct nt_record r;
	struct cr_error err;
	struct cr_tileset file, world;

	(void)state;
	tu_load("hunters-gatherers.yaml", &file);
	if (nt_record_parse(&r, rec, sizeof rec - 1, &err) < 0)
		fail_msg("%d:%d: %s", err.line, err.column, err.msg);
	assert_int_equal(nt_hg_world(&r, &file, &world, &err), -1);
	assert_string_equal(err.kind, "data-check");
	if (strstr(err.msg, "tile \"HG-FFMM77\" is a bonus tile: its code is HG-B") == NULL)
		fail_msg("%s", err.msg);
	nt_record_free(&r);
	/* An entry that fails a check names the record's line and column. */
	{
		static const char bad[] =
		    "format: carcref/1\n"
		    "game: hunters-gatherers\n"
		    "players: [Anna, Ben]\n"
		    "tiles:\n"
		    "  - code: HG-FFMM77\n"
		    "    count: 1\n"
		    "    edges: [forest, forest, meadow, meadow]\n"
		    "    features:\n"
		    "      - {kind: forest, at: [N, E], fish: 2}\n"
		    "      - {kind: meadow, at: [S, W]}\n"
		    "moves: []\n";

		assert_int_equal(nt_record_parse(&r, bad, sizeof bad - 1, &err), -1);
		assert_int_equal(err.line, 9);
		assert_int_equal(err.column, 42);
		if (strstr(err.msg, "only lakes and rivers hold fish") == NULL)
			fail_msg("%s", err.msg);
	}
	cr_tileset_free(&file);
}

/* ---- rules on small boards, through the row ---------------------------- */

static const struct cr_tileset *
shipped(void)
{
	static struct cr_tileset ts;
	static bool loaded;

	if (!loaded)
		tu_load("hunters-gatherers.yaml", &ts), loaded = true;
	return &ts;
}

struct outcome {
	bool	ok;
	struct nt_replay_error e;
	int	score[NT_MAXPLAYERS];
	bool	over;
	int	nev;		/* the first events, their arithmetic */
	char	why[16][256];
};

static struct outcome
replay(const char *moves, const char *extra)
{
	char text[4096];
	struct outcome o;
	struct nt_record r;
	struct cr_error err;
	struct cr_tileset world;
	const struct nt_game *gm;
	void *g;
	int n = snprintf(text, sizeof text, "format: carcref/1\ngame: hunters-gatherers\n"
	    "players: [Anna, Ben]\n%smoves:\n%s", extra, moves);

	memset(&o, 0, sizeof o);
	assert_true(n > 0 && (size_t)n < sizeof text);
	if (nt_record_parse(&r, text, (size_t)n, &err) < 0)
		fail_msg("%d:%d: %s", err.line, err.column, err.msg);
	gm = nt_record_game(&r);
	assert_ptr_equal(gm, &nt_game_hg);
	if (nt_hg_world(&r, shipped(), &world, &err) < 0)
		fail_msg("%s", err.msg);
	g = gm->create(&world, &r, &o.e);
	assert_non_null(g);
	o.ok = nt_game_replay(gm, g, &world, &r, &o.e);
	for (int p = 0; p < r.nplayers; p++)
		o.score[p] = gm->score(g, p);
	o.over = gm->over(g);
	{
		static const char *const names[] = { "Anna", "Ben" };

		for (o.nev = 0; o.nev < gm->nevents(g) && o.nev < 16; o.nev++)
			gm->event_why(g, o.nev, names, o.why[o.nev], sizeof o.why[o.nev]);
	}
	gm->free(g);
	cr_tileset_free(&world);
	nt_record_free(&r);
	return o;
}

static void
refusal(const struct outcome *o, int move, const char *kind, const char *msg)
{
	if (o->ok)
		fail_msg("accepted, expected move %d refused (%s)", move, kind);
	if (o->e.move != move || o->e.kind == NULL || strcmp(o->e.kind, kind) != 0 ||
	    strstr(o->e.msg, msg) == NULL)
		fail_msg("move %d refused (%s: %s), expected move %d (%s: %s)", o->e.move,
		    o->e.kind ? o->e.kind : "-", o->e.msg, move, kind, msg);
}

/* HG-12.17 step 4: a bonus code on a land line is refused as not due
 * even when no copy of it is left (the bonus check before the copies). */
static void
test_bonus_not_due_before_copies(void **state)
{
	struct outcome o;

	(void)state;
	o = replay("  - \"Anna: HG-BMMRR1 0,-1 90\"\n", "");
	refusal(&o, 1, "bonus-tile-not-due", "HG-BMMRR1 is a bonus tile");
	o = replay("  - \"Anna: HG-BMMRR1 0,-1 90\"\n",
	    "tiles:\n  - {code: HG-BMMRR1, count: 0}\n");
	refusal(&o, 1, "bonus-tile-not-due", "HG-BMMRR1 is a bonus tile");
	/* A land code with no copy left: tile-exhausted. */
	o = replay("  - \"Anna: HG-FMMM1 -1,0 0\"\n",
	    "tiles:\n  - {code: HG-FMMM1, count: 0}\n");
	refusal(&o, 1, "tile-exhausted", "HG-FMMM1");
}

/* HG-4.3: a forest of two pieces completed pays its gatherer 2 a piece;
 * HG-12.6 the player's turn; HG-12.7 a piece of another game. */
static void
test_forest_and_turns(void **state)
{
	static const char fix[] =
	    "tiles:\n"
	    "  - code: HG-FMMM1\n"
	    "    count: 2\n"
	    "    edges: [forest, meadow, meadow, meadow]\n"
	    "    features:\n"
	    "      - {kind: forest, at: [N]}\n"
	    "      - {kind: meadow, at: [E, S, W], mammoth: 1}\n";
	struct outcome o;

	(void)state;
	o = replay("  - \"Anna: HG-FMMM1 -1,0 0 gatherer@N\"\n"
	    "  - \"Ben: HG-FFMM4 1,0 270\"\n"
	    "  - \"Anna: HG-FMMM1 -1,1 180\"\n", fix);
	assert_true(o.ok);
	assert_int_equal(o.score[0], 4);
	assert_int_equal(o.score[1], 0);
	o = replay("  - \"Ben: HG-FMMM1 -1,0 0\"\n", fix);
	refusal(&o, 1, "wrong-player", "Anna");
	o = replay("  - \"Anna: HG-FMMM1 -1,0 0 thief@N\"\n", fix);
	refusal(&o, 1, "piece-of-another-game", "Hunters & Gatherers has hunter");
	o = replay("  - \"Anna: HG-FMMM1 -1,0 0 hunter@N\"\n", fix);
	refusal(&o, 1, "role-mismatch", "valid spots for a hunter");
}

/* HG-10.2: a river closed on itself is a loop; it scores its segments. */
static void
test_river_loop(void **state)
{
	struct outcome o;
	bool found = false;

	(void)state;
	o = replay("  - \"Anna: HG-MMRR1 -1,0 90 fisher@W\"\n"
	    "  - \"Ben: HG-MMRR1 -2,0 180\"\n"
	    "  - \"Anna: HG-MMRR2 -2,1 270\"\n"
	    "  - \"Ben: HG-MMRR3 -1,1 0\"\n", "");
	if (!o.ok)
		fail_msg("move %d: %s", o.e.move, o.e.msg);
	assert_int_equal(o.score[0], 4);
	for (int i = 0; i < o.nev; i++)
		found = found || strcmp(o.why[i], "completed river loop of 4 segments: 4") == 0;
	if (!found)
		fail_msg("%d events, the first: %s", o.nev, o.nev ? o.why[0] : "-");
	/* A river between two ends keeps its words. */
	o = replay("  - \"Anna: HG-MRMR1 0,-1 90 fisher@N\"\n", "");
	assert_true(o.ok);
}

/* HG-9.2 (arms), HG-6.3: which lake a river ends in is the set's own,
 * however many sets are read one after the other in one process (the
 * module keeps the lakes it worked out of a set: each set its own).
 * t-two-lakes's tile: arms N, E into one lake (1 fish), S, W into the
 * other (2 fish), or the other way round; a hut on the arm S scores the
 * fish of its own lake's system. */
static const char two_lakes[] =
    "tiles:\n"
    "  - code: HG-RRRR3\n"
    "    count: 1\n"
    "    edges: [river, river, river, river]\n"
    "    features:\n"
    "      - {kind: lake, arms: [%s], fish: 1}\n"
    "      - {kind: lake, arms: [%s], fish: 2}\n"
    "      - {kind: river, at: [N], end: lake}\n"
    "      - {kind: river, at: [E], end: lake}\n"
    "      - {kind: river, at: [S], end: lake}\n"
    "      - {kind: river, at: [W], end: lake}\n"
    "      - {kind: meadow, at: [NNW, WNW]}\n"
    "      - {kind: meadow, at: [NNE, ENE]}\n"
    "      - {kind: meadow, at: [ESE, SSE]}\n"
    "      - {kind: meadow, at: [SSW, WSW]}\n";

static int
hut_on_s(const char *arms1, const char *arms2)
{
	char extra[1024];
	struct outcome o;

	snprintf(extra, sizeof extra, two_lakes, arms1, arms2);
	o = replay("  - \"Anna: HG-RRRR3 0,-1 0 hut@S\"\n  - \"Ben: end\"\n", extra);
	if (!o.ok)
		fail_msg("move %d: %s", o.e.move, o.e.msg);
	return o.score[0];
}

static void
test_lakes_per_set(void **state)
{
	(void)state;
	/* S into the 2-fish lake (the volcano's river joins the other by
	 * the arm N); then S into the 1-fish lake, the arm N into the
	 * other; then each set again. */
	assert_int_equal(hut_on_s("N, E", "S, W"), 2);
	assert_int_equal(hut_on_s("S, W", "N, E"), 1);
	assert_int_equal(hut_on_s("N, E", "S, W"), 2);
	assert_int_equal(hut_on_s("S, W", "N, E"), 1);
}

/* HG-8.6, HG-12.2: a refusal resting on the data names where the type
 * came from: the file and line, or the record's line. */
static void
test_refusals_name_the_data(void **state)
{
	struct outcome o;

	(void)state;
	o = replay("  - \"Anna: HG-FMMM1 -1,0 0\"\n  - \"Ben: HG-FMMM1 -2,0 0\"\n",
	    "tiles:\n  - {code: HG-FMMM1, count: 1}\n");
	refusal(&o, 2, "tile-exhausted", "no copy left: the 1 HG-FMMM1 of the record are used "
	    "(at -1,0); if your box has more, correct the count under \"tiles:\" (the record, "
	    "line 5)");
	o = replay("  - \"Anna: HG-FMMM1 -1,0 0\"\n  - \"Ben: HG-FMMM1 -2,0 0\"\n"
	    "  - \"Anna: HG-FMMM1 -3,0 0\"\n", "");
	refusal(&o, 3, "tile-exhausted", "of hunters-gatherers.yaml are used (at -1,0 and -2,0)");
	refusal(&o, 3, "tile-exhausted", "(hunters-gatherers.yaml, line ");
	/* Edges that differ: the placed type's origin. */
	o = replay("  - \"Anna: HG-FMMM1 0,1 0\"\n", "");
	refusal(&o, 1, "tile-edge-mismatch", "(HG-FMMM1 as hunters-gatherers.yaml, line ");
	/* An unknown code names the set in force. */
	o = replay("  - \"Anna: HG-FMMM9 -1,0 0\"\n", "");
	refusal(&o, 1, "unknown-tile", "no tile HG-FMMM9 in the shipped hunters-gatherers.yaml");
}

/* ---- random games against a second reckoning ---------------------------- */

/*
 * A forest worked out again from the board alone (HG-1.5, HG-4.3): the
 * forest segments joined across edges to the one at (tile, seg), its
 * pieces, mushroom clearings and open half-edges.
 */
struct wood { int pieces, mushrooms, open; };

static int
at_square(const struct cr_game *g, int x, int y)
{
	for (int i = 0; i < cr_game_ntiles(g); i++)
		if (cr_game_tile(g, i)->x == x && cr_game_tile(g, i)->y == y)
			return i;
	return -1;
}

static struct wood
wood_of(const struct cr_game *g, int tile, int seg)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int forest = cr_kind_find("forest", 6), mush = cr_attr_find("mushrooms", 9);
	int n = cr_game_ntiles(g), *stack = calloc((size_t)n * CR_MAXSEG, 2 * sizeof *stack);
	bool *seen = calloc((size_t)n * CR_MAXSEG, 1);
	struct wood w = { 0, 0, 0 };
	int top = 0;

	assert_non_null(stack);
	assert_non_null(seen);
	stack[top++] = tile, stack[top++] = seg;
	seen[tile * CR_MAXSEG + seg] = true;
	while (top > 0) {
		int s = stack[--top], i = stack[--top];
		const struct cr_placed *p = cr_game_tile(g, i);
		const struct cr_tiletype *t = &ts->type[p->type];

		assert_int_equal(t->seg[s].kind, forest);
		w.pieces++;
		w.mushrooms += cr_tile_attr(t, s, mush);
		for (int q = 0; q < CR_NPORTS; q++) {
			int b = cr_port_rotate(q, p->rot), d = b / 3, o, k, ob;
			const struct cr_placed *np;

			if (!(t->seg[s].ports & (1u << q)))
				continue;
			if ((o = at_square(g, p->x + cr_dx[d], p->y + cr_dy[d])) < 0) {
				w.open++;
				continue;
			}
			np = cr_game_tile(g, o);
			ob = cr_port_opposite(b);
			for (k = 0; k < ts->type[np->type].nseg; k++)
				if (ts->type[np->type].seg[k].ports &
				    (1u << cr_port_rotate(ob, (4 - np->rot) & 3)))
					break;
			assert_true(k < ts->type[np->type].nseg);
			assert_int_equal(ts->type[np->type].seg[k].kind, forest);
			if (!seen[o * CR_MAXSEG + k]) {
				seen[o * CR_MAXSEG + k] = true;
				stack[top++] = o, stack[top++] = k;
			}
		}
	}
	free(stack);
	free(seen);
	return w;
}

/* Random legal games on the shipped tiles, 2 to 5 players, played out:
 * every completed forest pays what the board says; the events pay the
 * scores; the moves written back replay through the row to the same
 * scores. */
static void
test_random_games(void **state)
{
	const struct nt_game *gm = &nt_game_hg;
	int forest = cr_kind_find("forest", 6), checked = 0;

	(void)state;
	for (uint32_t seed = 1; seed <= 200; seed++) {
		int np = 2 + (int)(seed % 4), nev;
		struct cr_config c = { 1, np, 0 };
		struct cr_game *g = cr_game_create(shipped(), &c);
		const struct cr_event *ev;
		int paid[CR_MAXPLAYERS] = { 0 };
		struct nt_replay_error e;
		struct nt_record r;
		void *h;

		assert_non_null(g);
		tu_random_moves(g, seed, 1 << 30);
		assert_true(cr_game_over(g));
		if (getenv("HG_DEBUG"))
			fprintf(stderr, "seed %u: %d moves\n", seed, cr_game_nmoves(g));
		ev = cr_game_events(g, &nev);
		for (int i = 0; i < nev; i++) {
			for (int p = 0; p < np; p++)
				paid[p] += ev[i].pay[p];
			if (ev[i].kind != forest || ev[i].reason != CR_EV_COMPLETED || ev[i].what)
				continue;
			{
				struct wood w = wood_of(g, cr_node_tile(g, ev[i].feature),
				    cr_node_seg(g, ev[i].feature));

				assert_int_equal(w.open, 0);
				for (int p = 0; p < np; p++)
					if (ev[i].winners & (1u << p))
						assert_int_equal(ev[i].pay[p],
						    2 * w.pieces + 2 * w.mushrooms);
				checked++;
			}
		}
		for (int p = 0; p < np; p++)
			assert_int_equal(paid[p], cr_game_player(g, p)->score);
		/* Written back and replayed through the row: the same game. */
		memset(&r, 0, sizeof r);
		{
			char text[65536], line[256];
			size_t o = (size_t)snprintf(text, sizeof text, "format: carcref/1\n"
			    "game: hunters-gatherers\nplayers: [");
			struct cr_error err;

			for (int p = 0; p < np; p++)
				o += (size_t)snprintf(text + o, sizeof text - o, "%s%s", p ? ", " : "",
				    tu_names[p]);
			o += (size_t)snprintf(text + o, sizeof text - o, "]\nmoves:\n");
			for (int i = 0; i < cr_game_nmoves(g); i++) {
				assert_true(gm->format_move(g, i, line, sizeof line) > 0);
				o += (size_t)snprintf(text + o, sizeof text - o, "  - \"%s: %s\"\n",
				    tu_names[cr_game_move_player(g, i)], line);
				assert_true(o < sizeof text);
			}
			if (nt_record_parse(&r, text, o, &err) < 0)
				fail_msg("%d:%d: %s", err.line, err.column, err.msg);
		}
		h = gm->create(shipped(), &r, &e);
		assert_non_null(h);
		if (!nt_game_replay(gm, h, shipped(), &r, &e))
			fail_msg("seed %u: move %d refused on replay: %s", seed, e.move, e.msg);
		for (int p = 0; p < np; p++)
			assert_int_equal(gm->score(h, p), cr_game_player(g, p)->score);
		assert_true(gm->over(h) || cr_game_nmoves(g) == gm->nmoves(h));
		gm->free(h);
		nt_record_free(&r);
		cr_game_free(g);
	}
	if (checked < 50)
		fail_msg("%d forests checked", checked);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loads),
		cmocka_unit_test(test_forest_whole_edges),
		cmocka_unit_test(test_code_scheme),
		cmocka_unit_test(test_bonus_code),
		cmocka_unit_test(test_start),
		cmocka_unit_test(test_lakes_and_keys),
		cmocka_unit_test(test_corrections_checked),
		cmocka_unit_test(test_bonus_not_due_before_copies),
		cmocka_unit_test(test_forest_and_turns),
		cmocka_unit_test(test_refusals_name_the_data),
		cmocka_unit_test(test_random_games),
		cmocka_unit_test(test_river_loop),
		cmocka_unit_test(test_lakes_per_set),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
