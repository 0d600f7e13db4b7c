/*
 * play-cmds.c -- the commands of the table REPL every game has, one entry
 * each: name, French names, arguments, summary, help, how many
 * arguments, what they complete to, and the function (play-turn.c,
 * play-views.c, play-session.c); and the lookups over the game's list
 * (struct play_game's cmds), from which every other list of commands
 * (help, Tab, "did you mean") is made.
 */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "play.h"
#include "notation/i18n.h"

/* The commands every game has; a game's list (struct play_game's cmds)
 * points at them, beside its own. */
const struct play_cmd play_cmd_moves = { "moves", { "coups" }, "", 0, 0, PA_NONE, view_moves,
	N_("the moves so far"),
	"", true, NULL };
const struct play_cmd play_cmd_undo = { "undo", { "annuler" }, N_("[N]"), 0, 1, PA_NONE,
	turn_undo,
	N_("take back the last move, or the last N"),
	N_("  As far back as the start of the game; the journal follows.  On a terminal,\n"
	"  undo N for more than one move asks first (not with play --yes).\n"), false, NULL };
const struct play_cmd play_cmd_redo = { "redo", { "refaire" }, N_("[N]"), 0, 1, PA_NONE,
	turn_redo,
	N_("put back the last move undone, or the last N"),
	N_("  What undo took, the earliest first, played again and journaled, until a\n"
	"  new move is made or another game loaded.\n"), false, NULL };
const struct play_cmd play_cmd_save = { "save", { "enregistrer", "sauver" }, N_("FILE"), 1, 1,
	PA_FILE, session_save,
	N_("write the game as a record (- for the standard output)"),
	N_("  The record replays to the same scores (carcref replay FILE).\n"), false, NULL };
const struct play_cmd play_cmd_help = { "help", { "aide" }, N_("[COMMAND]"), 0, 1, PA_COMMAND,
	view_help,
	N_("the commands, or one in more detail"),
	"", true, NULL };
const struct play_cmd play_cmd_quit = { "quit", { "quitter" }, "", 0, 0, PA_NONE, session_quit,
	N_("leave (the game is kept: carcref resume NAME brings it back)"),
	N_("  Also exit, or Ctrl-D.\n"), false, NULL };

const struct play_cmd *
play_cmd_at(const struct play *p, int i)
{
	int n = 0;

	while (p->game->cmds[n] != NULL)
		n++;
	if (i < n)
		return i >= 0 ? p->game->cmds[i] : NULL;
	return p->game->more_cmd != NULL ? p->game->more_cmd(p, i - n) : NULL;
}

const struct play_cmd *
play_cmd_find(const struct play *p, const char *name)
{
	const struct play_cmd *c;
	size_t n;

	if (strcasecmp(name, "exit") == 0)
		name = "quit";
	else if (strcmp(name, "?") == 0)
		name = "help";
	n = strlen(name);
	for (int i = 0; (c = play_cmd_at(p, i)) != NULL; i++) {
		if (strcasecmp(c->name, name) == 0)
			return c;
		for (int k = 0; k < PLAY_NFR && c->fr[k] != NULL; k++)
			if (nt_name_eq(c->fr[k], strlen(c->fr[k]), name, n))
				return c;
	}
	return NULL;
}

bool
play_fr(void)
{
	/* TRANSLATORS: the language of the messages, as its ISO 639 code:
	 * "fr" in French turns on the French names of the REPL's commands. */
	return strcmp(C_("language", "en"), "fr") == 0;
}

const char *
play_cmd_name(const struct play_cmd *c)
{
	return play_fr() && c->fr[0] != NULL ? c->fr[0] : c->name;
}

/* Add WORD to the list V of *N words, unless it is there already. */
static void
add_word(const char **v, size_t *n, const char *word)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(v[i], word) == 0)
			return;
	v[(*n)++] = word;
}

const char *const *
play_cmd_words(const struct play *p, bool safe, bool all)
{
	static const char *v[2][2][PLAY_MAXCMDS * (1 + PLAY_NFR) + 1];
	const char **w = v[safe][all];
	bool fr = play_fr();
	size_t n = 0;

	/* Pass 0: the names in the language shown; pass 1: the others. */
	for (int pass = 0; pass < (all ? 2 : 1); pass++)
		for (int i = 0; play_cmd_at(p, i) != NULL && i < PLAY_MAXCMDS; i++) {
			const struct play_cmd *c = play_cmd_at(p, i);

			if (safe && !c->safe)
				continue;
			if (fr == (pass == 0))
				for (int k = 0; k < PLAY_NFR && c->fr[k] != NULL; k++)
					add_word(w, &n, c->fr[k]);
			else
				add_word(w, &n, c->name);
		}
	w[n] = NULL;
	return w;
}
