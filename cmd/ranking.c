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

/* A growing line: text put by hand, so that the table (a record's whole
 * set-up when it has no move) costs no snprintf. */
struct line {
	char small[256], *s;
	size_t n, cap;
	bool bad;
};

static inline void
put(struct line *l, const char *s, size_t n)
{
	if (l->bad)
		return;
	if (l->n + n + 1 > l->cap) {
		size_t cap = 2 * (l->n + n + 1);
		char *t = l->s == l->small ? malloc(cap) : realloc(l->s, cap);

		if (t == NULL) {
			l->bad = true;
			return;
		}
		if (l->s == l->small)
			memcpy(t, l->small, l->n);
		l->s = t, l->cap = cap;
	}
	memcpy(l->s + l->n, s, n);
	l->n += n;
}

/* N right-aligned in WIDTH columns at least ("%*d"). */
static void
put_int(struct line *l, int v, int width)
{
	char num[16], *q = num + sizeof num;
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;

	do
		*--q = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--q = '-';
	while (num + sizeof num - q < width)
		*--q = ' ';
	put(l, q, (size_t)(num + sizeof num - q));
}

void
cmd_print_ranking(const struct play_game *pg, const void *g, const char *const *names,
    const char *title)
{
	static const char spaces[] = "                                ";
	const struct nt_game *gm = pg->rules;
	int n = gm->nplayers(g), order[NT_MAXPLAYERS], score[NT_MAXPLAYERS], width[NT_MAXPLAYERS],
	    w = 0;
	struct line l = { .n = 0 };

	l.s = l.small, l.cap = sizeof l.small;
	for (int i = 0; i < n; i++) {
		order[i] = i;
		score[i] = gm->score(g, i);
		if ((width[i] = out_width(names[i])) > w)
			w = width[i];
	}
	for (int i = 1; i < n; i++)	/* insertion sort: stable, turn order breaks ties */
		for (int j = i; j > 0 && score[order[j]] > score[order[j - 1]]; j--) {
			int t = order[j];

			order[j] = order[j - 1], order[j - 1] = t;
		}
	/* "%s\n", then "  %d. %s%*s %4d%s\n" a player, by hand, written
	 * through out_write (escaped) at once. */
	put(&l, title, strlen(title));
	put(&l, "\n", 1);
	for (int i = 0, rank = 1; i < n; i++) {
		int s = score[order[i]], k, pad = w - width[order[i]];
		char tail[256], *big = NULL;

		if (i > 0 && s != score[order[i - 1]])
			rank = i + 1;
		/* What the game adds: goods tokens. */
		tail[0] = '\0';
		if (pg->ranking_tail != NULL &&
		    (k = pg->ranking_tail(g, order[i], tail, sizeof tail)) >= (int)sizeof tail &&
		    (big = malloc((size_t)k + 1)) != NULL)
			pg->ranking_tail(g, order[i], big, (size_t)k + 1);
		put(&l, "  ", 2);
		put_int(&l, rank, 0);
		put(&l, ". ", 2);
		put(&l, names[order[i]], strlen(names[order[i]]));
		for (; pad > 0; pad -= (int)sizeof spaces - 1)
			put(&l, spaces, pad < (int)sizeof spaces - 1 ? (size_t)pad : sizeof spaces - 1);
		put(&l, " ", 1);
		put_int(&l, s, 4);
		put(&l, big ? big : tail, strlen(big ? big : tail));
		put(&l, "\n", 1);
		free(big);
	}
	if (!l.bad)
		out_write(stdout, l.s, l.n);
	else
		errf("%s", _("carcref: out of memory\n"));
	if (l.s != l.small)
		free(l.s);
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
