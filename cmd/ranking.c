/*
 * ranking.c -- the score table that replay and the REPL both print, and
 * what else they word alike: a record's illegal move, a move's line.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
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
cmd_print_ranking(const struct play_game *pg, const void *g, const char *const *names,
    const char *title)
{
	const struct nt_game *gm = pg->rules;
	int n = gm->nplayers(g), order[NT_MAXPLAYERS], score[NT_MAXPLAYERS], w = 0;

	for (int i = 0; i < n; i++) {
		order[i] = i;
		score[i] = gm->score(g, i);
		if (out_width(names[i]) > w)
			w = out_width(names[i]);
	}
	for (int i = 1; i < n; i++)	/* insertion sort: stable, turn order breaks ties */
		for (int j = i; j > 0 && score[order[j]] > score[order[j - 1]]; j--) {
			int t = order[j];

			order[j] = order[j - 1], order[j - 1] = t;
		}
	outf("%s\n", title);
	for (int i = 0, rank = 1; i < n; i++) {
		int s = score[order[i]], k;
		char tail[256] = "", *big = NULL;

		if (i > 0 && s != score[order[i - 1]])
			rank = i + 1;
		/* What the game adds: goods tokens. */
		if (pg->ranking_tail != NULL &&
		    (k = pg->ranking_tail(g, order[i], tail, sizeof tail)) >= (int)sizeof tail &&
		    (big = malloc((size_t)k + 1)) != NULL)
			pg->ranking_tail(g, order[i], big, (size_t)k + 1);
		outf("  %d. %s%*s %4d%s\n", rank, names[order[i]], w - out_width(names[order[i]]),
		    "", s, big ? big : tail);
		free(big);
	}
}

char *
cmd_move_line(const struct nt_game *gm, const void *g, int i)
{
	char buf[256], *s;
	int n = gm->format_move(g, i, buf, sizeof buf);

	if (n < 0)
		return strdup("?");
	if ((size_t)n < sizeof buf)
		return strdup(buf);
	if ((s = malloc((size_t)n + 1)) != NULL)
		gm->format_move(g, i, s, (size_t)n + 1);
	return s;
}
