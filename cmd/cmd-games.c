/*
 * cmd-games.c -- carcref games: the games kept in the state directory.
 *
 *	carcref games
 *
 * One line per game, the last played first: its name (for carcref resume
 * NAME), its game when the games kept are of more than one or not the
 * default's, its
 * players, its moves, when it was last played (the journal's
 * modification time, local time), and whether it is finished, with the
 * final scores if it is.  A journal that cannot be read or replayed is
 * listed as unreadable, with the reason; nothing is written.  With no
 * game kept, the standard output is empty (that is said on the standard
 * error).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd.h"
#include "game.h"
#include "play.h"
#include "notation/i18n.h"

/* A game's line, in columns: its game, players, moves, state.  malloc'd
 * strings. */
struct line {
	const char *game;	/* its game's name; "" if unreadable */
	char	*players;	/* "Anna, Ben"; "" if unreadable */
	char	*moves;		/* "12 moves"; "" if unreadable */
	char	*state;		/* "not finished", "finished: ...", "unreadable: ..." */
};

/* Read and replay game JG for its line; false if out of memory. */
static bool
describe(const struct journal_game *jg, struct line *l)
{
	const struct play_game *pg;
	const struct nt_game *gm;
	struct nt_record r;
	char *text, *why = NULL, *more;
	size_t len;
	bool cut, over, scores;		/* finished, and said by its scores */
	int n, order[NT_MAXPLAYERS], np;
	void *g;

	l->game = "";
	if ((text = journal_read(jg->path, &len, &cut, &why)) == NULL ||
	    (g = play_replay(NULL, text, len, &r, &why)) == NULL) {
		free(text);
		l->players = strdup("");
		l->moves = strdup("");
		l->state = cmd_strf(_("unreadable: %s"), why ? why : _("out of memory"));
		free(why);
		return l->players && l->moves && l->state;
	}
	free(text);
	gm = nt_record_game(&r);
	l->game = gm->name;
	l->players = strdup("");
	for (int i = 0; l->players != NULL && i < r.nplayers; i++) {
		more = cmd_strf("%s%s%s", l->players, i ? ", " : "", r.players[i].name);
		free(l->players);
		l->players = more;
	}
	n = gm->nmoves(g);
	l->moves = cmd_strf(ngettext("%d move", "%d moves", (unsigned long)n), n);
	np = gm->nplayers(g);
	over = gm->over(g);
	/* The final scores, highest first; turn order breaks a tie. */
	for (int i = 0; i < np; i++) {
		int k = i;

		while (k > 0 && gm->score(g, order[k - 1]) < gm->score(g, i)) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	/* TRANSLATORS: "finished:" is followed by the scores, "Anna 7, Ben 3". */
	l->state = strdup(over ? _("finished:") : _("not finished"));
	scores = over;
	if (over && l->state != NULL && (pg = play_game_of(gm)) != NULL && pg->finished != NULL) {
		const char *names[NT_MAXPLAYERS];

		for (int i = 0; i < r.nplayers && i < NT_MAXPLAYERS; i++)
			names[i] = r.players[i].name;
		if ((text = pg->finished(g, names)) != NULL) {	/* the game's words */
			free(l->state);
			l->state = text;
			scores = false;
		}
	}
	for (int i = 0; scores && l->state != NULL && i < np; i++) {
		more = cmd_strf("%s%s %s %d", l->state, i ? "," : "", r.players[order[i]].name,
		    gm->score(g, order[i]));
		free(l->state);
		l->state = more;
	}
	gm->free(g);
	nt_record_free(&r);
	return l->players && l->moves && l->state;
}

/* S, then blanks to fill W columns, then two more. */
static void
column(const char *s, int w)
{
	outf("%s%*s", s, w - out_width(s) + 2, "");
}

static int
games_exec(int argc, char **argv)
{
	struct journal_game *v;
	struct line *l;
	char *err = NULL;
	const char *first = NULL;
	int n, wname = 0, wgame = 0, wplay = 0, wmoves = 0, rc = 0;
	/* Games of several games, or of another than the default: a column
	 * names each one's. */
	bool mixed = false;

	struct cmd_args a = CMD_ARGS(argc, argv);

	if (cmd_args_next(&cmd_games_entry, NULL, &a) != CMD_ARGS_DONE)
		return a.rc;
	if (a.nops > 0)
		return cmd_usage(&cmd_games_entry);
	for (int i = 0; play_games[i] != NULL; i++)	/* their data, read first */
		if (play_world(play_games[i]) == NULL)
			return 2;
	if ((n = journal_games(&v, &err)) < 0) {
		errf(_("carcref games: %s\n"), err ? err : _("out of memory"));
		free(err);
		return 2;
	}
	/* The standard output lists the games, nothing else (a completion
	 * reads their names there): the note that there are none goes to
	 * the standard error, in the user's language. */
	if (n == 0)
		errf("%s", _("no game is kept yet\n"));
	if ((l = calloc((size_t)n + 1, sizeof *l)) == NULL)
		rc = 2;
	for (int i = 0; rc == 0 && i < n; i++) {
		if (!describe(&v[i], &l[i]))
			rc = 2;
		else {
			int wn = out_width(out_path(v[i].name));	/* a file's name */

			if (*l[i].game != '\0' && ((first != NULL && strcmp(first, l[i].game) != 0) ||
			    strcmp(l[i].game, nt_games[0]->name) != 0))
				mixed = true;
			if (*l[i].game != '\0' && first == NULL)
				first = l[i].game;
			wname = wn > wname ? wn : wname;
			wgame = out_width(l[i].game) > wgame ? out_width(l[i].game) : wgame;
			wplay = out_width(l[i].players) > wplay ? out_width(l[i].players) : wplay;
			wmoves = out_width(l[i].moves) > wmoves ? out_width(l[i].moves) : wmoves;
		}
	}
	for (int i = 0; rc == 0 && i < n; i++) {
		char when[32] = "?";
		struct tm tm;

		if (localtime_r(&v[i].mtime, &tm) != NULL)
			strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
		column(out_path(v[i].name), wname);
		if (mixed)
			column(l[i].game, wgame);
		column(l[i].players, wplay);
		column(l[i].moves, wmoves);
		outf("%s  %s\n", when, l[i].state);
	}
	if (rc != 0)
		errf("%s", _("carcref games: out of memory\n"));
	for (int i = 0; l != NULL && i < n; i++) {
		free(l[i].players);
		free(l[i].moves);
		free(l[i].state);
	}
	free(l);
	journal_games_free(v, n);
	return rc;
}

const struct cmd_entry cmd_games_entry = {
	"games", "", N_("list the games kept: players, moves, last played, finished or not"),
	games_exec
};
