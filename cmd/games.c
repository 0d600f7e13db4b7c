/*
 * games.c -- the registry of the games a program plays (game.h): each
 * game's table in its own files, listed here once, the default first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "notation/i18n.h"

extern const struct play_game play_game_tile;

const struct play_game *const play_games[] = {
	&play_game_tile,
	NULL,
};

const struct play_game *
play_game_of(const struct nt_game *g)
{
	for (int i = 0; play_games[i] != NULL; i++)
		if (play_games[i]->rules == g)
			return play_games[i];
	return NULL;
}

const struct play_game *
play_game_named(const char *prefix, const char *name)
{
	const struct nt_game *g = nt_game_find(name, strlen(name));
	const struct play_game *pg = nt_game_ready(g) ? play_game_of(g) : NULL;
	char games[256];

	if (pg != NULL)
		return pg;
	nt_game_names(games, sizeof games);
	if (g != NULL)
		errf(_("%s: game \"%s\" is not supported yet by this carcref (games: %s)\n"),
		    prefix, name, games);
	else
		errf(_("%s: unknown game \"%s\" (games: %s)\n"), prefix, name, games);
	return NULL;
}

const void *
play_world(const struct play_game *pg)
{
	return pg->world();
}

bool play_no_world;

static const void *
world_of(void *arg, const struct nt_game *g)
{
	const struct play_game *pg = play_game_of(g);
	const void *w = pg != NULL ? pg->world() : NULL;

	(void)arg;
	play_no_world |= w == NULL;
	return w;
}

const struct nt_worlds play_worlds = { world_of, NULL };
