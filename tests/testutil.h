/*
 * testutil.h -- shared helpers for the cmocka tests: load a tile set,
 * start a game, play or expect the refusal of a turn line.
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/game.h"
#include "notation/explain.h"
#include "notation/move.h"
#include "notation/record.h"

static const char *const tu_names[CR_MAXPLAYERS] = {
	"Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana",
};

static inline char *
tu_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) != NULL) {
		*len = fread(buf, 1, (size_t)n, f);
		buf[*len] = '\0';
	}
	fclose(f);
	return buf;
}

/* The base set, loaded once per test program. */
static inline const struct cr_tileset *
tu_base(void)
{
	static struct cr_tileset ts;
	static bool loaded;
	char path[4096];
	const char *dir = getenv("CARCREF_DATA");
	struct cr_error err;
	size_t len = 0;
	char *text;

	if (loaded)
		return &ts;
	snprintf(path, sizeof path, "%s/base.yaml", dir ? dir : "rules/tiles");
	text = tu_slurp(path, &len);
	if (text == NULL)
		fail_msg("cannot read %s", path);
	if (cr_tileset_parse(&ts, text, len, &err) < 0)
		fail_msg("%s:%d:%d: %s", path, err.line, err.column, err.msg);
	free(text);
	loaded = true;
	return &ts;
}

static inline void
tu_play(struct cr_game *g, const char *line)
{
	struct nt_error err;

	if (nt_play(g, tu_names, line, strlen(line), NULL, &err) < 0)
		fail_msg("\"%s\" refused: %s", line, err.msg);
}

/* Expect a refusal whose message is exactly msg (or contains it, if
 * msg starts with '~'). */
static inline void
tu_refuse(struct cr_game *g, const char *line, const char *msg)
{
	struct nt_error err;
	int before = cr_game_nmoves(g);

	if (nt_play(g, tu_names, line, strlen(line), NULL, &err) == 0)
		fail_msg("\"%s\" was accepted, expected: %s", line, msg);
	assert_int_equal(cr_game_nmoves(g), before);
	if (msg[0] == '~') {
		if (strstr(err.msg, msg + 1) == NULL)
			fail_msg("\"%s\": got \"%s\", expected it to contain \"%s\"", line, err.msg, msg + 1);
	} else
		assert_string_equal(err.msg, msg);
}

static inline int
tu_score(const struct cr_game *g, int p)
{
	return cr_game_player(g, p)->score;
}

static inline int
tu_meeples(const struct cr_game *g, int p)
{
	return cr_game_player(g, p)->meeples;
}

#endif
