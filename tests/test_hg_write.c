/*
 * test_hg_write.c -- Hunters & Gatherers' tile sets written back
 * (notation/hg-tiles.c; ../shared/spec/hunters-gatherers.md HG-9.5,
 * HG-8.4): the shipped set written and read again is the same set, type
 * for type, feature for feature, attribute for attribute; a type's exact
 * canonical text; corrections (a count alone, a whole type); fmt of a
 * record with comments inside tiles: and an inline tileset:, and fmt of
 * that output the same bytes.
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

static const struct cr_tileset *
shipped(void)
{
	static struct cr_tileset ts;
	static bool loaded;

	if (!loaded)
		tu_load("hunters-gatherers.yaml", &ts), loaded = true;
	return &ts;
}

static void
parse(struct cr_tileset *ts, const char *text, bool patch)
{
	struct cr_error err;
	int rc = patch ? cr_tileset_parse_patch(ts, text, strlen(text), &err) :
	    cr_tileset_parse(ts, text, strlen(text), &err);

	if (rc < 0)
		fail_msg("%d:%d: %s\n%s", err.line, err.column, err.msg, text);
}

/* a and b hold the same types: every key the file has, every attribute
 * of every feature. */
static void
same_set(const struct cr_tileset *a, const struct cr_tileset *b)
{
	assert_string_equal(a->name, b->name);
	assert_int_equal(a->game, b->game);
	assert_int_equal(a->start, b->start);
	assert_int_equal(a->total, b->total);
	assert_int_equal(cr_tileset_tokens(a, a->name, "bonus-pile"),
	    cr_tileset_tokens(b, b->name, "bonus-pile"));
	assert_int_equal(a->ntypes, b->ntypes);
	for (int t = 0; t < a->ntypes; t++) {
		const struct cr_tiletype *x = &a->type[t], *y = &b->type[t];

		assert_string_equal(x->code, y->code);
		assert_int_equal(x->naliases, y->naliases);
		for (int k = 0; k < x->naliases; k++)
			assert_string_equal(x->alias[k], y->alias[k]);
		assert_int_equal(x->count, y->count);
		assert_memory_equal(x->edge, y->edge, sizeof x->edge);
		assert_int_equal(x->marks, y->marks);
		assert_int_equal(x->nseg, y->nseg);
		for (int s = 0; s < x->nseg; s++) {
			assert_int_equal(x->seg[s].kind, y->seg[s].kind);
			assert_int_equal(x->seg[s].end, y->seg[s].end);
			assert_int_equal(x->seg[s].ports, y->seg[s].ports);
			assert_int_equal(x->seg[s].pennants, y->seg[s].pennants);
			assert_int_equal(x->seg[s].flags, y->seg[s].flags);
			assert_memory_equal(x->value[s], y->value[s], sizeof x->value[s]);
			for (int at = 0; at < cr_nattrs(); at++)
				assert_int_equal(cr_tile_attr(x, s, at), cr_tile_attr(y, s, at));
		}
		assert_int_equal(a->doubt != NULL && a->doubt[t] != NULL,
		    b->doubt != NULL && b->doubt[t] != NULL);
		if (a->doubt != NULL && a->doubt[t] != NULL)
			assert_string_equal(a->doubt[t], b->doubt[t]);
	}
}

/* The shipped set written, read again: the same set; written again: the
 * same text. */
static void
test_shipped_round_trip(void **state)
{
	const struct cr_tileset *ts = shipped();
	struct cr_tileset back;
	char *text = nt_hg_tiles_text(ts, false), *again;
	int bonus = 0, volcano = 0, arms = 0, aliases = 0;

	(void)state;
	assert_non_null(text);
	parse(&back, text, false);
	same_set(ts, &back);
	assert_non_null(again = nt_hg_tiles_text(&back, false));
	assert_string_equal(text, again);
	/* What the set holds is there to be compared. */
	for (int t = 0; t < ts->ntypes; t++)
		aliases += ts->type[t].naliases;
	bonus = strstr(text, "    bonus: true\n") != NULL;
	volcano = strstr(text, "    marks: [volcano]\n") != NULL;
	arms = strstr(text, "fish:") != NULL;
	assert_true(bonus && volcano && arms && aliases > 0);
	assert_non_null(strstr(text, "set: hunters-gatherers\nstart: HG-VOLCANO\nbonus-pile: 12\n"
	    "tiles:\n  - code: "));
	free(again);
	free(text);
	cr_tileset_free(&back);
}

/* One type with every key: its exact canonical text (HG-9.5). */
static void
test_type_canonical(void **state)
{
	static const char in[] =
	    "start: HG-S\n"
	    "tiles:\n"
	    "  - features:\n"
	    "      - {shrine: true, kind: meadow, tiger: 1, fire: true, at: [W, S, ENE], aurochs: 2,\n"
	    "         mammoth: 3, deer: 0}\n"
	    "      - {kind: forest, mushrooms: 1, at: [N], gold: 2}\n"
	    "      - {kind: meadow, at: [ESE]}\n"
	    "    doubt: 'a \"guess\"'\n"
	    "    edges: [forest, meadow, meadow, meadow]\n"
	    "    bonus: true\n"
	    "    count: 2\n"
	    "    aliases: [HG-ODD, HG-EVEN]\n"
	    "    code: HG-BFMMM1\n"
	    "  - code: HG-S\n"
	    "    marks: [volcano]\n"
	    "    count: 1\n"
	    "    edges: [river, river, meadow, river]\n"
	    "    features:\n"
	    "      - {kind: lake, arms: [W, N], fish: 1}\n"
	    "      - {kind: lake, arms: [E], fish: 0}\n"
	    "      - {kind: river, at: [N], end: lake}\n"
	    "      - {kind: river, at: [E], end: lake}\n"
	    "      - {kind: river, at: [W], end: lake}\n"
	    "      - {kind: meadow, at: [WNW, NNW]}\n"
	    "      - {kind: meadow, at: [NNE, ENE]}\n"
	    "      - {kind: meadow, at: [ESE, S, WSW]}\n"
	    "set: hunters-gatherers\n"
	    "bonus-pile: 3\n";
	static const char want[] =
	    "set: hunters-gatherers\n"
	    "start: HG-S\n"
	    "bonus-pile: 3\n"
	    "tiles:\n"
	    "  - code: HG-BFMMM1\n"
	    "    aliases: [HG-ODD, HG-EVEN]\n"
	    "    count: 2\n"
	    "    bonus: true\n"
	    "    edges: [forest, meadow, meadow, meadow]\n"
	    "    features:\n"
	    "      - {kind: meadow, at: [ENE, S, W], mammoth: 3, aurochs: 2, tiger: 1, fire: true, "
	    "shrine: true}\n"
	    "      - {kind: forest, at: [N], gold: 2, mushrooms: 1}\n"
	    "      - {kind: meadow, at: [ESE]}\n"
	    "    doubt: \"a \\\"guess\\\"\"\n"
	    "  - code: HG-S\n"
	    "    count: 1\n"
	    "    edges: [river, river, meadow, river]\n"
	    "    marks: [volcano]\n"
	    "    features:\n"
	    "      - {kind: lake, arms: [N, W], fish: 1}\n"
	    "      - {kind: lake, arms: [E]}\n"
	    "      - {kind: river, at: [N], end: lake}\n"
	    "      - {kind: river, at: [E], end: lake}\n"
	    "      - {kind: river, at: [W], end: lake}\n"
	    "      - {kind: meadow, at: [NNW, WNW]}\n"
	    "      - {kind: meadow, at: [NNE, ENE]}\n"
	    "      - {kind: meadow, at: [ESE, S, WSW]}\n";
	struct cr_tileset ts, back;
	char *text;

	(void)state;
	parse(&ts, in, false);
	assert_non_null(text = nt_hg_tiles_text(&ts, false));
	assert_string_equal(text, want);
	parse(&back, text, false);
	same_set(&ts, &back);
	free(text);
	cr_tileset_free(&ts);
	cr_tileset_free(&back);
}

/* A record's corrections: a count alone on one line, a whole type. */
static void
test_corrections(void **state)
{
	static const char in[] =
	    "set: hunters-gatherers\n"
	    "tiles:\n"
	    "  - count: 0\n"
	    "    code: hg-ffmm4\n"
	    "  - code: HG-MMMM9\n"
	    "    count: 1\n"
	    "    edges: [meadow, meadow, meadow, meadow]\n"
	    "    features: [{kind: meadow, at: [N, E, S, W], deer: 2}]\n";
	static const char want[] =
	    "- {code: hg-ffmm4, count: 0}\n"
	    "- code: HG-MMMM9\n"
	    "  count: 1\n"
	    "  edges: [meadow, meadow, meadow, meadow]\n"
	    "  features:\n"
	    "    - {kind: meadow, at: [N, E, S, W], deer: 2}\n";
	struct cr_tileset fix, back, world, world2;
	struct cr_error err;
	char *text, full[1024];

	(void)state;
	parse(&fix, in, true);
	assert_non_null(text = nt_hg_tiles_text(&fix, true));
	assert_string_equal(text, want);
	snprintf(full, sizeof full, "set: hunters-gatherers\ntiles:\n%s", text);
	parse(&back, full, true);
	/* The same corrections: the same set once applied. */
	assert_int_equal(cr_tileset_copy(&world, shipped()), 0);
	assert_int_equal(cr_tileset_copy(&world2, shipped()), 0);
	assert_int_equal(cr_tileset_patch(&world, &fix, &err), 0);
	assert_int_equal(cr_tileset_patch(&world2, &back, &err), 0);
	same_set(&world, &world2);
	free(text);
	cr_tileset_free(&fix);
	cr_tileset_free(&back);
	cr_tileset_free(&world);
	cr_tileset_free(&world2);
}

/* ---- fmt -------------------------------------------------------------------- */

struct buf { char *s; size_t n; };

static void
buf_put(void *arg, const char *s, size_t n)
{
	struct buf *b = arg;

	b->s = realloc(b->s, b->n + n + 1);
	assert_non_null(b->s);
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static void
buf_reset(void *arg)
{
	((struct buf *)arg)->n = 0;
}

static const void *
world(void *arg, const struct nt_game *g, const struct nt_record *hdr)
{
	(void)arg, (void)g, (void)hdr;
	return shipped();
}

static char *
fmt(const char *text)
{
	struct nt_worlds w = { world, NULL };
	struct buf b = { NULL, 0 };
	struct nt_fmt_error err;

	if (nt_record_fmt_with(text, strlen(text), &w, buf_put, buf_reset, &b, &err) < 0)
		fail_msg("%d:%d: %s", err.line, err.column, err.msg);
	assert_non_null(b.s);
	return b.s;
}

/* Comments inside tiles: and tileset: stay with their type, once. */
static void
test_fmt_comments(void **state)
{
	static const char in[] =
	    "format: carcref/1\n"
	    "game: hunters-gatherers\n"
	    "players: [Rouge, Bleu]\n"
	    "tileset:   # my box\n"
	    "  start: HG-START  # the start\n"
	    "  # its types\n"
	    "  tiles:\n"
	    "    - {code: HG-MMMM1, count: 3, edges: [meadow, meadow, meadow, meadow],\n"
	    "       features: [{kind: meadow, at: [N, E, S, W]}]}  # three\n"
	    "    # the start tile\n"
	    "    - code: HG-START  # one\n"
	    "      # a deer\n"
	    "      features: [{kind: meadow, at: [N, E, S, W], deer: 1}]  # on it\n"
	    "      edges: [meadow, meadow, meadow, meadow]\n"
	    "      count: 1\n"
	    "  set: hunters-gatherers\n"
	    "tiles:\n"
	    "  # more\n"
	    "  - {code: HG-MMMM1, count: 4}  # four\n"
	    "moves:\n"
	    "  - \"Rouge: HG-MMMM1 1,0 0 hunter@N\"\n";
	static const char want[] =
	    "format: carcref/1\n"
	    "game: hunters-gatherers\n"
	    "edition: 1\n"
	    "expansions: []\n"
	    "players:\n"
	    "  - Rouge\n"
	    "  - Bleu\n"
	    "tileset:  # my box\n"
	    "  set: hunters-gatherers\n"
	    "  start: HG-START  # the start\n"
	    "  # its types\n"
	    "  tiles:\n"
	    "    - code: HG-MMMM1  # three\n"
	    "      count: 3\n"
	    "      edges: [meadow, meadow, meadow, meadow]\n"
	    "      features:\n"
	    "        - {kind: meadow, at: [N, E, S, W]}\n"
	    "    # the start tile\n"
	    "    # a deer\n"
	    "    - code: HG-START  # one # on it\n"
	    "      count: 1\n"
	    "      edges: [meadow, meadow, meadow, meadow]\n"
	    "      features:\n"
	    "        - {kind: meadow, at: [N, E, S, W], deer: 1}\n"
	    "tiles:\n"
	    "  # more\n"
	    "  - {code: HG-MMMM1, count: 4}  # four\n"
	    "moves:\n"
	    "  - \"Rouge: HG-MMMM1 1,0 0 hunter@N\"\n";
	char *once, *twice;

	(void)state;
	once = fmt(in);
	assert_string_equal(once, want);
	twice = fmt(once);
	assert_string_equal(twice, once);
	free(once);
	free(twice);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_round_trip),
		cmocka_unit_test(test_type_canonical),
		cmocka_unit_test(test_corrections),
		cmocka_unit_test(test_fmt_comments),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
