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

#include "slurp.h"
#include "rules/game.h"
#include "notation/explain.h"
#include "notation/move.h"
#include "notation/record.h"

static const char *const tu_names[CR_MAXPLAYERS] = {
	"Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana",
};

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

static inline struct cr_game *
tu_game(int edition, int nplayers)
{
	struct cr_game *g = cr_game_new(tu_base(), edition, nplayers);

	assert_non_null(g);
	return g;
}

/* A small random number generator: the same seed, the same game. */
static inline uint32_t
tu_rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/*
 * Play at random through the engine until the game is over or has stop
 * moves: every tile drawn from the real supply, a random legal placement
 * or a discard, a meeple tried two times in three (kept if legal).
 */
static inline void
tu_random_moves(struct cr_game *g, uint32_t seed, int stop)
{
	struct cr_place *legal = malloc(4096 * sizeof *legal);

	assert_non_null(legal);
	while (!cr_game_over(g) && cr_game_nmoves(g) < stop) {
		int k = (int)(tu_rnd(&seed) % (uint32_t)cr_game_supply_total(g)), t = 0;
		struct cr_move m = { 0 };
		int n;

		while (k >= cr_game_supply(g, t))
			k -= cr_game_supply(g, t++);
		m.tile = t;
		n = cr_game_legal(g, t, legal, 4096);
		assert_true(n <= 4096);
		/* The buckets of open squares count what the full scan finds. */
		assert_int_equal(cr_game_nlegal(g, t), n);
		if (n == 0) {
			m.kind = CR_MOVE_DISCARD;
			assert_true(cr_game_play(g, &m, NULL));
			continue;
		}
		m.kind = CR_MOVE_PLACE;
		k = (int)(tu_rnd(&seed) % (uint32_t)n);
		m.x = legal[k].x, m.y = legal[k].y, m.rot = legal[k].rot;
		if (tu_rnd(&seed) % 3 != 0) {
			m.role = (enum cr_role)(1 + tu_rnd(&seed) % 4);
			m.spot = (enum cr_spot)(tu_rnd(&seed) % CR_NSPOTS);
			if (!cr_game_check(g, &m, NULL))
				m.role = CR_ROLE_NONE, m.spot = 0;
		}
		assert_true(cr_game_play(g, &m, NULL));
	}
	free(legal);
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
