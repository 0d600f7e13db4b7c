/*
 * dice_snap.h -- a dice game's whole state, taken and compared, for
 * tests/test_dice.c and tests/fuzz/fuzz_dice.c alike (the harness cannot
 * include cmocka): what the game says of its players, its turn and its
 * end, and every event and move in words.
 */
#ifndef TESTS_DICE_SNAP_H
#define TESTS_DICE_SNAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/dice.h"
#include "notation/dice.h"

struct ds_snap {
	int		score[DC_MAXPLAYERS], turn, winner, nmoves, nevents, dice;
	bool		holding[DC_MAXPLAYERS], over;
	enum dc_end	ended_by;
	char		*text;		/* every event's fields and every move, one a line */
	size_t		len;
};

static inline void
ds_add(struct ds_snap *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static inline void
ds_add(struct ds_snap *s, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *t;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || (t = realloc(s->text, s->len + (size_t)n + 1)) == NULL)
		abort();
	s->text = t;
	va_start(ap, fmt);
	vsnprintf(s->text + s->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	s->len += (size_t)n;
}

static inline void
ds_take(const struct dc_game *g, struct ds_snap *s)
{
	memset(s, 0, sizeof *s);
	for (int p = 0; p < dc_game_nplayers(g); p++) {
		s->score[p] = dc_game_score(g, p);
		s->holding[p] = dc_game_holding(g, p);
	}
	s->turn = dc_game_turn(g);
	s->winner = dc_game_winner(g);
	s->nmoves = dc_game_nmoves(g);
	s->nevents = dc_game_nevents(g);
	s->dice = dc_game_dice(g);
	s->over = dc_game_over(g);
	s->ended_by = dc_game_ended_by(g);
	ds_add(s, "%s", "");
	for (int i = 0; i < s->nevents; i++) {
		const struct dc_event *e = dc_game_event(g, i);

		ds_add(s, "event %d %s p%d rolls %d (%d %d %d) X (%d %d %d) dice %d knights %d%s%s "
		    "%d/%d total %d %s\n", e->move, dc_feature_name(e->feature), e->player, e->nrolls,
		    e->thrown[0], e->thrown[1], e->thrown[2], e->catapults[0], e->catapults[1],
		    e->catapults[2], e->dice, e->knights, e->doubled ? " doubled" : "",
		    e->again ? " again" : "", e->base, e->points, e->total,
		    dc_end_name(e->ended_by) ? dc_end_name(e->ended_by) : "-");
	}
	for (int i = 0; i < s->nmoves; i++) {
		const struct dc_turn *t = dc_game_move(g, i);
		int n = nt_dice_format(dc_game_faces(g), t, NULL, 0, NULL, 0);
		char *line = malloc((size_t)n + 1);

		if (line == NULL)
			abort();
		nt_dice_format(dc_game_faces(g), t, NULL, 0, line, (size_t)n + 1);
		ds_add(s, "move %d p%d: %s\n", i + 1, dc_game_move_player(g, i), line);
		free(line);
	}
}

/* The same state?  Else what differs, into stderr. */
static inline bool
ds_same(const struct ds_snap *a, const struct ds_snap *b)
{
	bool same = memcmp(a->score, b->score, sizeof a->score) == 0 &&
	    memcmp(a->holding, b->holding, sizeof a->holding) == 0 && a->turn == b->turn &&
	    a->winner == b->winner && a->nmoves == b->nmoves && a->nevents == b->nevents &&
	    a->dice == b->dice && a->over == b->over && a->ended_by == b->ended_by &&
	    strcmp(a->text, b->text) == 0;

	if (!same)
		fprintf(stderr, "games differ: turn %d/%d, winner %d/%d, moves %d/%d, events %d/%d, "
		    "dice %d/%d, over %d/%d\n--- one\n%s--- other\n%s", a->turn, b->turn, a->winner,
		    b->winner, a->nmoves, b->nmoves, a->nevents, b->nevents, a->dice, b->dice, a->over,
		    b->over, a->text, b->text);
	return same;
}

static inline void
ds_free(struct ds_snap *s)
{
	free(s->text);
	s->text = NULL;
}

/* Take g's state and compare it to s's; s is kept. */
static inline bool
ds_same_as(const struct dc_game *g, const struct ds_snap *s)
{
	struct ds_snap now;
	bool same;

	ds_take(g, &now);
	same = ds_same(&now, s);
	ds_free(&now);
	return same;
}

#endif
