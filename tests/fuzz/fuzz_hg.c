/*
 * fuzz_hg.c -- Carcassonne: Hunters & Gatherers: records through the
 * game's row (notation/hunters-gatherers.c, rules/hunters-gatherers.c)
 * and its tile-set files (rules/tileset.c with the game's checks).
 *
 * The first byte chooses: odd, the rest is a tile-set file for
 * cr_tileset_parse; even, a game record, read and replayed through the
 * row on the shipped tiles (a record naming a file plays on the shipped
 * ones: the harness reads no file).  Seeds: tests/scenarios/hg.
 *
 * Holds the code to: no crash, no read outside the input.  A set refused
 * has a message and a place; one that loads as this game's passes its own
 * checks again once copied.  A record refused has words (and a kind once
 * its game is known); one that reads and is this game's: its world made
 * (or refused as data-check, unreadable or header, with words), the game
 * starts, each refusal has a kind, its move and a message, a replay of
 * the same record gives the same scores and events, undoing every move
 * gives a game with none, and what fmt writes reads again with the same
 * players and moves.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../slurp.h"
#include "rules/ext.h"
#include "rules/tileset.h"
#include "notation/game.h"
#include "notation/hg.h"
#include "notation/record.h"

int	LLVMFuzzerInitialize(int *argc, char ***argv);
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(cond, ...) do { \
	if (!(cond)) { \
		fprintf(stderr, "\n%s:%d: invariant broken: %s\n  ", __FILE__, __LINE__, #cond); \
		fprintf(stderr, __VA_ARGS__); \
		fputc('\n', stderr); \
		abort(); \
	} \
} while (0)

static struct cr_tileset shipped;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir = getenv("CARCREF_DATA");
	char path[4096];
	struct cr_error err;
	size_t len = 0;
	char *text;

	(void)argc;
	snprintf(path, sizeof path, "%s/hunters-gatherers.yaml", dir ? dir : "rules/tiles");
	if ((text = tu_slurp(path, &len)) == NULL) {
		const char *self = (*argv)[0], *slash = strrchr(self, '/');

		snprintf(path, sizeof path, "%.*s/../../rules/tiles/hunters-gatherers.yaml",
		    slash ? (int)(slash - self) : 1, slash ? self : ".");
		text = tu_slurp(path, &len);
	}
	if (text == NULL || cr_tileset_parse(&shipped, text, len, &err) < 0) {
		fprintf(stderr, "fuzz_hg: cannot load %s\n", path);
		exit(2);
	}
	free(text);
	return 0;
}

/* ---- tile sets ----------------------------------------------------------- */

static void
set_input(const char *text, size_t len)
{
	struct cr_tileset ts, copy;
	struct cr_error err;
	int game = cr_rules_find("hunters-gatherers", 17);

	if (cr_tileset_parse(&ts, text, len, &err) < 0) {
		CHECK(err.msg[0] != '\0' && memchr(err.msg, '\0', sizeof err.msg) != NULL,
		    "a refusal without a message");
		CHECK(err.line >= 0 && err.column >= 0, "error at %d:%d", err.line, err.column);
		return;
	}
	if (ts.game == game) {
		int t = -1;

		CHECK(ts.start >= 0 && ts.start < ts.ntypes, "a set of this game without a start");
		CHECK(cr_tileset_copy(&copy, &ts) == 0, "out of memory");
		CHECK(cr_games[game]->set_check(&copy, &t) == NULL, "a set loaded fails its "
		    "checks once copied (type %d)", t);
		for (int i = 0; i < copy.ntypes; i++)
			CHECK(cr_tileset_find(&copy, copy.type[i].code, strlen(copy.type[i].code)) == i,
			    "type %d's code %s finds another", i, copy.type[i].code);
		cr_tileset_free(&copy);
	}
	cr_tileset_free(&ts);
}

/* ---- records ------------------------------------------------------------- */

static struct cr_tileset world;
static bool have_world;

static const void *
world_of(void *arg, const struct nt_game *g, const struct nt_record *hdr)
{
	struct cr_error err;

	(void)arg;
	if (g != &nt_game_hg)
		return NULL;
	if (have_world)
		cr_tileset_free(&world);
	have_world = nt_hg_world(hdr, &shipped, &world, &err) == 0;
	return have_world ? &world : NULL;
}

static void
sb_put(void *arg, const char *s, size_t n)
{
	char **b = arg;
	size_t have = *b ? strlen(*b) : 0;
	char *t;

	if (s == NULL)
		return;
	t = realloc(*b, have + n + 1);
	CHECK(t != NULL, "out of memory");
	memcpy(t + have, s, n);
	t[have + n] = '\0';
	*b = t;
}

static void
sb_reset(void *arg)
{
	char **b = arg;

	free(*b);
	*b = NULL;
}

/* What fmt writes of text (NULL if it refused) reads as r does. */
static void
fmt_reads(const char *text, size_t len, const struct nt_record *r)
{
	const struct nt_worlds w = { world_of, NULL };
	struct nt_fmt_error fe;
	struct nt_record y;
	struct cr_error err;
	char *f = NULL;

	if (nt_record_fmt_with(text, len, &w, sb_put, sb_reset, &f, &fe) == 0) {
		CHECK(f != NULL && nt_record_parse(&y, f, strlen(f), &err) == 0,
		    "fmt wrote what does not read: %s", err.msg);
		CHECK(y.nplayers == r->nplayers && y.nmoves == r->nmoves, "fmt changed the record");
		nt_record_free(&y);
	} else
		CHECK(fe.msg[0] != '\0', "fmt refused without words: %d:%d", fe.line, fe.column);
	free(f);
}

static void
record_input(const char *text, size_t len)
{
	const struct nt_game *gm = &nt_game_hg;
	struct nt_record r;
	struct nt_replay_error e, e2;
	struct cr_error err;
	struct cr_tileset w;
	bool ok, ok2;
	void *g, *g2;

	if (nt_record_parse(&r, text, len, &err) < 0) {
		CHECK(err.msg[0] != '\0', "a refusal without words");
		return;
	}
	if (nt_record_game(&r) != gm) {
		nt_record_free(&r);
		return;
	}
	if (nt_hg_world(&r, &shipped, &w, &err) < 0) {
		CHECK(err.msg[0] != '\0' && err.kind != NULL, "a world refused without words "
		    "or kind");
		nt_record_free(&r);
		return;
	}
	g = gm->create(&w, &r, &e);
	CHECK(g != NULL, "a record's game cannot start: %s", e.msg);
	ok = nt_game_replay(gm, g, &w, &r, &e);
	if (!ok)
		CHECK(e.kind != NULL && e.move >= 1 && e.move <= r.nmoves && e.msg[0] != '\0' &&
		    e.column >= 1, "move %d of %d refused: %s: %s", e.move, r.nmoves,
		    e.kind ? e.kind : "-", e.msg);
	/* The same record again: the same game. */
	g2 = gm->create(&w, &r, &e2);
	CHECK(g2 != NULL, "out of memory");
	ok2 = nt_game_replay(gm, g2, &w, &r, &e2);
	CHECK(ok == ok2 && gm->nmoves(g) == gm->nmoves(g2) && gm->nevents(g) == gm->nevents(g2),
	    "two replays differ");
	for (int p = 0; p < r.nplayers; p++)
		CHECK(gm->score(g, p) == gm->score(g2, p), "player %d: %d, then %d", p,
		    gm->score(g, p), gm->score(g2, p));
	gm->undo(g2, gm->nmoves(g2));
	CHECK(gm->nmoves(g2) == 0, "undoing every move leaves %d", gm->nmoves(g2));
	for (int p = 0; p < r.nplayers; p++)
		CHECK(gm->score(g2, p) == 0, "player %d scores %d with no move", p,
		    gm->score(g2, p));
	gm->free(g2);
	gm->free(g);
	cr_tileset_free(&w);
	fmt_reads(text, len, &r);
	nt_record_free(&r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (size == 0 || size > 16384)
		return -1;
	text = malloc(size);
	CHECK(text != NULL, "out of memory");
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (data[0] & 1)
		set_input(text, size - 1);
	else
		record_input(text, size - 1);
	free(text);
	if (have_world) {
		cr_tileset_free(&world);
		have_world = false;
	}
	return 0;
}
