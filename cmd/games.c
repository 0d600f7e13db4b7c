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

extern const struct play_game play_game_tile, play_game_dice, play_game_hg;	/* in their files */

const struct play_game *const play_games[] = {
	&play_game_tile,
	&play_game_dice,
	&play_game_hg,
	NULL,
};

/* head, each game's options, tail: into u (size bytes), once. */
static const char *
usage_of(char *u, size_t size, const char *head, bool selfplay, const char *tail)
{
	if (u[0] == '\0') {
		size_t n = (size_t)snprintf(u, size, "%s", head);

		for (int i = 0; play_games[i] != NULL && n < size; i++) {
			if (play_games[i]->opts_init != NULL)
				play_games[i]->opts_init();
			if (play_games[i]->usage != NULL)
				n += (size_t)snprintf(u + n, size - n, "%s", play_games[i]->usage(selfplay));
		}
		if (n < size)
			snprintf(u + n, size - n, "%s", tail);
	}
	return u;
}

const char *
play_usage(void)
{
	static char u[512];

	return usage_of(u, sizeof u, "[--yes] [--game NAME] [--players A,B,...]", false,
	    " [FILE | --resume [NAME]]");
}

const char *
selfplay_usage(void)
{
	static char u[512];

	return usage_of(u, sizeof u, "[--seed N] [--games K] [--game NAME] [--players P] "
	    "[--pieces PERCENT]", true, " [--out DIR]");
}

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

/* The options of play (selfplay false) or selfplay of pg. */
static const struct cmd_opt *
opts_of(const struct play_game *pg, bool selfplay)
{
	if (pg->opts_init != NULL)
		pg->opts_init();
	return selfplay ? pg->selfplay_opts : pg->play_opts;
}

void
play_game_opts(struct play_opts *out, const struct cmd_opt *mine, int n, bool selfplay)
{
	if (out->n > 0)
		return;
	for (int k = 0; k < n && k < PLAY_MAXOPTS; k++)
		out->opt[out->n++] = mine[k];
	for (int i = 0; play_games[i] != NULL; i++)
		for (const struct cmd_opt *o = opts_of(play_games[i], selfplay); o->name != NULL; o++)
			if (play_game_opt(NULL, selfplay, o->name, out->opt, out->n) < 0 &&
			    out->n < PLAY_MAXOPTS)
				out->opt[out->n++] = *o;
	out->opt[out->n] = (struct cmd_opt){ NULL, NULL, NULL };
}

int
play_game_opt(const struct play_game *pg, bool selfplay, const char *name,
    const struct cmd_opt *in, int n)
{
	const struct cmd_opt *o = pg != NULL ? opts_of(pg, selfplay) : in;

	for (int k = 0; (pg != NULL || k < n) && o[k].name != NULL; k++)
		if (strcmp(o[k].name, name) == 0)
			return k;
	return -1;
}

const void *
play_world(const struct play_game *pg)
{
	return pg->world(NULL, NULL, NULL);
}

const void *
play_world_of(const struct play_game *pg, const struct nt_record *r, const char *path,
    struct play_world_error *err)
{
	memset(err, 0, sizeof *err);
	return pg->world(r, path, err);
}

int play_world_status;

static const void *
world_of(void *path, const struct nt_game *g, const struct nt_record *hdr)
{
	const struct play_game *pg = play_game_of(g);
	struct play_world_error err;
	const void *w;

	if (pg == NULL || play_world(pg) == NULL) {
		play_world_status = -2;
		return NULL;
	}
	if ((w = play_world_of(pg, hdr, path, &err)) == NULL) {
		errf("%s:%d:%d: %s\n", out_path(path ? path : "-"), err.e.line, err.e.column,
		    err.e.msg);
		play_world_status = err.status;
	}
	return w;
}

struct nt_worlds
play_worlds(const char *path)
{
	play_world_status = 0;
	return (struct nt_worlds){ world_of, (void *)path };
}

const struct cmd_entry *
play_command(const char *name)
{
	for (int i = 0; play_games[i] != NULL; i++)
		for (int k = 0; play_games[i]->commands != NULL &&
		    play_games[i]->commands[k] != NULL; k++)
			if (strcmp(play_games[i]->commands[k]->name, name) == 0)
				return play_games[i]->commands[k];
	return NULL;
}
