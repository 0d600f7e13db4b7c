/*
 * games.c -- the registry of games (game.h): each game of the family is
 * a row in a file of its own, listed here once, the default first.
 * Adding a game is a new row and one line below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "record-int.h"

extern const struct nt_game nt_game_hg, nt_game_dice;	/* in their files */

const struct nt_game *const nt_games[] = {
	&nt_game_tile,		/* the default: a record without game: */
	&nt_game_hg,		/* named, not refereed yet: Hunters & Gatherers */
	&nt_game_dice,
};
const int nt_ngames = (int)(sizeof nt_games / sizeof nt_games[0]);

const struct nt_game *
nt_game_find(const char *name, size_t len)
{
	for (int i = 0; i < nt_ngames; i++)
		if (strlen(nt_games[i]->name) == len && strncmp(nt_games[i]->name, name, len) == 0)
			return nt_games[i];
	return NULL;
}

int
nt_game_names(char *buf, size_t size)
{
	size_t o = 0;
	int k = 0;

	if (size > 0)
		buf[0] = '\0';
	for (int i = 0; i < nt_ngames; i++)
		if (nt_game_ready(nt_games[i])) {
			int n = snprintf(buf + (o < size ? o : size), o < size ? size - o : 0,
			    "%s%s", k++ ? ", " : "", nt_games[i]->name);

			o += n > 0 ? (size_t)n : 0;
		}
	return (int)o;
}

const struct nt_game *
nt_record_game(const struct nt_record *r)
{
	const struct nt_game *g;

	if (r->row != NULL)
		return r->row;
	if (r->game != NULL && (g = nt_game_find(r->game, strlen(r->game))) != NULL)
		return g;
	return nt_games[0];
}

/* ---- the header keys of every game, numbered once ------------------------ */

static struct {
	bool		 done;
	int		 n;
	const char	*key[NT_MAXKEYS];
	size_t		 len[NT_MAXKEYS];
} keytab;

void
nt_game_keys_ready(void)
{
	static bool done;

	if (done)
		return;
	done = true;
	for (int i = 0; i < nt_ngames; i++)
		if (nt_games[i]->keys_init != NULL)
			nt_games[i]->keys_init();
}

static void
number_keys(void)
{
	nt_game_keys_ready();
	for (int i = 0; i < nt_ngames; i++)
		for (int k = 0; k < nt_games[i]->nkeys; k++) {
			const char *w = nt_games[i]->keys[k];
			int j;

			if (w == NULL || strcmp(w, "players") == 0)
				continue;
			for (j = 0; j < keytab.n && strcmp(keytab.key[j], w) != 0; j++)
				;
			if (j == keytab.n && keytab.n < NT_MAXKEYS) {
				keytab.len[keytab.n] = strlen(w);
				keytab.key[keytab.n++] = w;
			}
		}
	keytab.done = true;
}

int
nt_key_slot(const char *key, size_t len)
{
	if (!keytab.done)
		number_keys();
	for (int j = 0; j < keytab.n; j++)
		if (keytab.len[j] == len && strncmp(keytab.key[j], key, len) == 0)
			return NT_K_FIELD + j;
	return -1;
}

const char *
nt_key_name(int slot)
{
	static const char *const env[NT_K_FIELD] = {
		[NT_K_FORMAT] = "format", [NT_K_GAME] = "game", [NT_K_PLAYERS] = "players",
		[NT_K_MOVES] = "moves",
	};

	if (!keytab.done)
		number_keys();
	if (slot >= 0 && slot < NT_K_FIELD)
		return env[slot];
	return slot >= NT_K_FIELD && slot < NT_K_FIELD + keytab.n ? keytab.key[slot - NT_K_FIELD] :
	    NULL;
}

int
nt_game_takes(const struct nt_game *g, const char *key)
{
	nt_game_keys_ready();
	for (int i = 0; i < g->nkeys; i++)	/* the key table's own words first */
		if (g->keys[i] == key)
			return i;
	return nt_game_key(g, key, strlen(key));
}

int
nt_game_key(const struct nt_game *g, const char *k, size_t len)
{
	for (int i = 0; i < g->nkeys; i++)	/* the key table's own words first */
		if (g->keys[i] == k)
			return i;
	nt_game_keys_ready();
	for (int i = 0; i < g->nkeys; i++)
		if (g->keys[i] != NULL && strlen(g->keys[i]) == len &&
		    strncmp(g->keys[i], k, len) == 0)
			return i;
	return -1;
}

int
nt_game_keylist(const struct nt_game *g, char *buf, size_t size)
{
	int n = snprintf(buf, size, "format, game");

	nt_game_keys_ready();
	for (int i = 0; i < g->nkeys; i++) {
		size_t o = (size_t)n < size ? (size_t)n : size;

		if (g->keys[i] == NULL)
			continue;
		n += snprintf(buf + o, size - o, ", %s", g->keys[i]);
	}
	return n;
}

/* ---- replaying a record ---------------------------------------------------- */

bool
nt_game_replay(const struct nt_game *gm, void *g, const void *world, const struct nt_record *r,
    struct nt_replay_error *err)
{
	const char *names[NT_MAXPLAYERS];
	size_t lens[NT_MAXPLAYERS];
	struct nt_line_error e;

	memset(err, 0, sizeof *err);
	e.kind = NULL;		/* a game whose refusals have kinds sets it */
	for (int i = 0; i < r->nplayers && i < NT_MAXPLAYERS; i++)
		lens[i] = strlen(names[i] = r->players[i].name);
	if (!gm->restart(g, world, r, err))
		return false;
	for (int i = 0; i < r->nmoves; i++) {
		const struct nt_recmove *m = &r->moves[i];

		if (gm->play(g, names, lens, m->text, m->len, m->player, &e) < 0) {
			err->move = i + 1;
			err->line = m->line;
			err->column = m->column + e.column - 1;
			err->kind = e.kind;
			snprintf(err->msg, sizeof err->msg, "%s", e.msg);
			return false;
		}
	}
	return true;
}
