/*
 * test_tilepack.c -- the shipped tile files compiled in (issue 23:
 * tools/tilepack.c, cr_tileset_pack/unpack/packs in rules/tileset.c).
 *
 * A set packed and unpacked is the same set, field for field, for every
 * module's file and for the world they merge into; the build's packs are
 * of the files as they are (a start takes them), and give what parsing
 * gives, under the file's name only; a text one byte different is
 * parsed, not taken from a pack; a
 * pack cut short, grown, or of another build is refused and the text
 * parsed instead.
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
#include "rules/ext.h"
#include "cmd/cmd.h"

static char *
file_text(const char *file, size_t *len)
{
	char path[4096];
	const char *dir = getenv("CARCREF_DATA");
	char *text;

	snprintf(path, sizeof path, "%s/%s", dir ? dir : "rules/tiles", file);
	if ((text = tu_slurp(path, len)) == NULL)
		fail_msg("cannot read %s", path);
	return text;
}

static void
same_str(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

/* a and b are the same set: every field, every array, every string
 * (derived excepted: each set has its own). */
static void
same(const struct cr_tileset *a, const struct cr_tileset *b)
{
	size_t n = (size_t)a->ntypes;

	assert_int_equal(a->ntypes, b->ntypes);
	assert_int_equal(a->start, b->start);
	assert_int_equal(a->total, b->total);
	assert_int_equal(a->game, b->game);
	assert_int_equal(a->nsets, b->nsets);
	assert_int_equal(a->codecap, b->codecap);
	assert_int_equal(a->nedges, b->nedges);
	assert_true(a->derived != b->derived);
	same_str(a->name, b->name);
	same_str(a->source, b->source);
	assert_memory_equal(a->type, b->type, n * sizeof *a->type);
	assert_memory_equal(a->typeset, b->typeset, n);
	assert_memory_equal(a->letter, b->letter, sizeof a->letter);
	assert_memory_equal(a->edgeno, b->edgeno, sizeof a->edgeno);
	assert_memory_equal(a->setstart, b->setstart, sizeof a->setstart);
	assert_memory_equal(a->setbeg, b->setbeg, sizeof a->setbeg);
	assert_memory_equal(a->settok, b->settok, sizeof a->settok);
	assert_memory_equal(a->nsettok, b->nsettok, sizeof a->nsettok);
	if (a->codecap > 0)
		assert_memory_equal(a->codeidx, b->codeidx, (size_t)a->codecap *
		    sizeof *a->codeidx);
	assert_int_equal(a->line == NULL, b->line == NULL);
	if (a->line != NULL)
		assert_memory_equal(a->line, b->line, n * sizeof *a->line);
	for (int i = 0; i < a->nsets; i++)
		same_str(a->setname[i], b->setname[i]);
	for (int i = 0; i < CR_MAXSETS; i++) {
		assert_int_equal(a->setdata[i] == NULL, b->setdata[i] == NULL);
		assert_int_equal(a->setdatalen[i], b->setdatalen[i]);
		if (a->setdata[i] != NULL)
			assert_memory_equal(a->setdata[i], b->setdata[i], a->setdatalen[i]);
	}
	assert_int_equal(a->doubt == NULL, b->doubt == NULL);
	for (size_t t = 0; a->doubt != NULL && t < n; t++)
		same_str(a->doubt[t], b->doubt[t]);
	for (size_t t = 0; t < n; t++)
		assert_int_equal(cr_tileset_find(b, a->type[t].code, strlen(a->type[t].code)),
		    cr_tileset_find(a, a->type[t].code, strlen(a->type[t].code)));
}

/* Each module's file parsed, packed and unpacked: the same set; and the
 * sets merged in the order a start merges them, from either. */
static void
test_round_trip(void **state)
{
	struct cr_tileset world[2];
	int nfiles = 0;

	(void)state;
	cr_tileset_packs(NULL, 0);
	memset(world, 0, sizeof world);
	for (int e = 0; e < cr_nexts; e++) {
		struct cr_tileset a, b;
		struct cr_error err;
		unsigned char *p;
		size_t len, plen;
		char *text;

		if (cr_exts[e]->tiles == NULL)
			continue;
		text = file_text(cr_exts[e]->tiles, &len);
		assert_int_equal(cr_tileset_parse(&a, text, len, &err), 0);
		assert_non_null(p = cr_tileset_pack(&a, &plen));
		assert_int_equal(cr_tileset_unpack(&b, p, plen), 0);
		same(&a, &b);
		if (cr_rules_modules(0) >> e & 1) {	/* the tile game's world, as cmd/setup.c makes it */
			if (nfiles++ == 0) {
				world[0] = a, world[1] = b;
			} else {
				assert_int_equal(cr_tileset_merge(&world[0], &a, &err), 0);
				assert_int_equal(cr_tileset_merge(&world[1], &b, &err), 0);
				cr_tileset_free(&a), cr_tileset_free(&b);
			}
		} else {
			cr_tileset_free(&a), cr_tileset_free(&b);
		}
		free(p), free(text);
	}
	assert_true(nfiles >= 5);
	same(&world[0], &world[1]);
	cr_tileset_free(&world[0]), cr_tileset_free(&world[1]);
}

/* The build's packs hold every module's file as it is now (else a start
 * would parse it: a stale build), and give what parsing gives. */
static void
test_build_packs(void **state)
{
	int files = 0;

	(void)state;
	for (int e = 0; e < cr_nexts; e++) {
		struct cr_tileset a, b;
		struct cr_error err;
		const char *file;
		size_t len;
		char *text;
		int k;

		if ((file = cr_exts[e]->tiles) == NULL)
			continue;
		text = file_text(file, &len);
		for (k = 0; k < cmd_ntilepacks; k++)
			if (cmd_tilepacks[k].len == len && strcmp(cmd_tilepacks[k].name, file) == 0 &&
			    memcmp(cmd_tilepacks[k].text, text, len) == 0)
				break;
		if (k == cmd_ntilepacks)
			fail_msg("%s is not packed as it is (a stale build?)", cr_exts[e]->tiles);
		cr_tileset_packs(NULL, 0);
		assert_int_equal(cr_tileset_parse_fix(&a, file, text, len, NULL, 0, &err), 0);
		cr_tileset_packs(cmd_tilepacks, cmd_ntilepacks);
		assert_int_equal(cr_tileset_parse_fix(&b, file, text, len, NULL, 0, &err), 0);
		same(&a, &b);
		assert_string_equal(b.source, file);
		cr_tileset_free(&b);
		/* Under no name, or another: not the pack's set, parsed. */
		assert_int_equal(cr_tileset_parse(&b, text, len, &err), 0);
		assert_null(b.source);
		cr_tileset_free(&b);
		assert_int_equal(cr_tileset_parse_fix(&b, "other.yaml", text, len, NULL, 0, &err), 0);
		assert_string_equal(b.source, "other.yaml");
		cr_tileset_free(&a), cr_tileset_free(&b);
		free(text);
		files++;
	}
	assert_true(files >= 5 && files <= cmd_ntilepacks);
	cr_tileset_packs(NULL, 0);
}

/* The base game's file with the first count it gives one more: parsed
 * (the count is the text's), though a pack of the file as shipped is
 * given. */
static void
test_other_text(void **state)
{
	struct cr_tileset a, b;
	struct cr_error err;
	size_t len;
	char *text = file_text(cr_exts[0]->tiles, &len), *c;
	int t;

	(void)state;
	cr_tileset_packs(cmd_tilepacks, cmd_ntilepacks);
	assert_int_equal(cr_tileset_parse_fix(&a, cr_exts[0]->tiles, text, len, NULL, 0, &err), 0);
	assert_non_null(c = strstr(text, "\n    count: "));	/* a tile's, not a comment's */
	c += strlen("\n    count: ");
	assert_true(*c >= '1' && *c <= '8');
	(*c)++;
	assert_int_equal(cr_tileset_parse_fix(&b, cr_exts[0]->tiles, text, len, NULL, 0, &err), 0);
	assert_int_equal(b.total, a.total + 1);
	for (t = 0; t < a.ntypes && a.type[t].count == b.type[t].count; t++)
		;
	assert_true(t < a.ntypes);
	assert_int_equal(b.type[t].count, a.type[t].count + 1);
	cr_tileset_free(&a), cr_tileset_free(&b);
	free(text);
	cr_tileset_packs(NULL, 0);
}

/* Packs cut short, grown by a byte, of another build (its guard), or
 * empty: refused, the set left empty; a start given such a pack for the
 * right text parses the text. */
static void
test_bad_packs(void **state)
{
	struct cr_tileset a, b;
	struct cr_tilepack bad;
	struct cr_error err;
	unsigned char *p, *q;
	size_t len, plen;
	char *text = file_text(cr_exts[0]->tiles, &len);

	(void)state;
	cr_tileset_packs(NULL, 0);
	assert_int_equal(cr_tileset_parse(&a, text, len, &err), 0);
	assert_non_null(p = cr_tileset_pack(&a, &plen));
	assert_non_null(q = malloc(plen + 1));
	memcpy(q, p, plen);
	q[plen] = 0;
	for (size_t cut = 0; cut < plen; cut += 1 + cut / 3) {
		assert_int_equal(cr_tileset_unpack(&b, q, cut), -1);
		assert_int_equal(b.ntypes, 0);
		assert_null(b.type);
	}
	assert_int_equal(cr_tileset_unpack(&b, q, plen + 1), -1);
	assert_null(b.type);
	q[1] ^= 1;		/* another build's sizes */
	assert_int_equal(cr_tileset_unpack(&b, q, plen), -1);
	assert_null(b.type);
	bad = (struct cr_tilepack){ NULL, (const unsigned char *)text, len, q, plen };
	cr_tileset_packs(&bad, 1);
	assert_int_equal(cr_tileset_parse(&b, text, len, &err), 0);
	same(&a, &b);
	cr_tileset_packs(NULL, 0);
	cr_tileset_free(&a), cr_tileset_free(&b);
	free(p), free(q), free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_build_packs),
		cmocka_unit_test(test_other_text),
		cmocka_unit_test(test_bad_packs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
