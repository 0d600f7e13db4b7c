/*
 * ranking.c -- the score table that replay and the REPL both print.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "notation/record.h"
#include "notation/i18n.h"

/*
 * An illegal move of a record, worded the same by replay, fmt, resume
 * and load: FILE:LINE:COLUMN: move N: the rule broken.  An error, so to
 * standard error, after whatever standard output holds.
 */
void
cmd_print_refused(const char *path, const struct nt_replay_error *err)
{
	errf(_("%s:%d:%d: move %d: %s\n"), out_path(path), err->line, err->column, err->move,
	    err->msg);
}

void
cmd_print_ranking(const struct cr_game *g, const char *const *names, const char *title)
{
	int n = cr_game_nplayers(g), order[CR_MAXPLAYERS], w = 0, ncounters = cr_game_ncounters(g);
	const char **cname = NULL;

	for (int i = 0; i < n; i++) {
		order[i] = i;
		if (out_width(names[i]) > w)
			w = out_width(names[i]);
	}
	for (int i = 1; i < n; i++)	/* insertion sort: stable, turn order breaks ties */
		for (int j = i; j > 0 && cr_game_player(g, order[j])->score >
		    cr_game_player(g, order[j - 1])->score; j--) {
			int t = order[j];

			order[j] = order[j - 1], order[j - 1] = t;
		}
	/* The tokens' names, translated once for all the players. */
	if (ncounters > 0 && (cname = calloc((size_t)ncounters, sizeof *cname)) != NULL)
		for (int k = 0; k < ncounters; k++)
			cname[k] = cmd_word(cr_game_counter_name(g, k, NULL));
	outf("%s\n", title);
	for (int i = 0, rank = 1; i < n; i++) {
		int s = cr_game_player(g, order[i])->score;

		if (i > 0 && s != cr_game_player(g, order[i - 1])->score)
			rank = i + 1;
		outf("  %d. %s%*s %4d%s", rank, names[order[i]], w - out_width(names[order[i]]), "",
		    s, ncounters ? "" : "\n");
		for (int k = 0; k < ncounters; k++)	/* goods tokens */
			outf("%s%s %d%s", k ? ", " : "   ", cname ? cname[k] :
			    cmd_word(cr_game_counter_name(g, k, NULL)), cr_game_counter(g, order[i], k),
			    k + 1 < ncounters ? "" : "\n");
	}
	free(cname);
}
