/*
 * cmd-stats.c -- a group's history over many games.
 *
 *	carcref stats [FILE...]
 *
 * Over the records given, or by default over the games kept in the state
 * directory (as carcref games finds them): for each game of the family
 * played, per player, the finished games played and won (a shared win
 * is a win for each), the average and best score, and the average points
 * by category (report.h), each over the games where that category scored
 * at all.  A player is the same player in every game whose name is the
 * same (nt_name_eq: any case, any Unicode form).  Games not finished are
 * left out, and counted; a record that cannot be read or replays an
 * illegal move is said on the standard error and left out.  Exit status:
 * 0; 1 some record left out as wrong; 2 a usage error, a file that
 * cannot be read, or memory ran out.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "play.h"
#include "report.h"
#include "notation/i18n.h"

/* A player's history in one game of the family. */
struct who {
	char	*name;
	int	 games, won, sum, best;
	int	*cat, *catgames;	/* a category each: points, games it scored in */
	int	 seen;
};

/* One game of the family: its games, players and categories. */
struct section {
	const struct nt_game *gm;
	int		 games, unfinished;
	struct who	*who;
	int		 nwho;
	struct report_part *cat;	/* label and name malloc'd */
	int		 ncat;
};

struct stats {
	struct section	*sec;
	int		 nsec;
	int		 seen;	/* the order things first came */
	int		 rc;
};

static struct section *
section_of(struct stats *st, const struct nt_game *gm)
{
	struct section *v;

	for (int i = 0; i < st->nsec; i++)
		if (st->sec[i].gm == gm)
			return &st->sec[i];
	if ((v = realloc(st->sec, (size_t)(st->nsec + 1) * sizeof *v)) == NULL)
		return NULL;
	st->sec = v;
	v += st->nsec++;
	memset(v, 0, sizeof *v);
	v->gm = gm;
	return v;
}

/* The index of the player called name in s (the same name: nt_name_eq);
 * -1 out of memory. */
static int
who_of(struct stats *st, struct section *s, const char *name)
{
	struct who *v;

	for (int i = 0; i < s->nwho; i++)
		if (nt_name_eq(s->who[i].name, strlen(s->who[i].name), name, strlen(name)))
			return i;
	if ((v = realloc(s->who, (size_t)(s->nwho + 1) * sizeof *v)) == NULL)
		return -1;
	s->who = v;
	v += s->nwho;
	memset(v, 0, sizeof *v);
	v->seen = st->seen++;
	s->nwho++;	/* freed with the others from now on */
	if ((v->name = strdup(name)) == NULL ||
	    (v->cat = calloc((size_t)s->ncat + 1, sizeof *v->cat)) == NULL ||
	    (v->catgames = calloc((size_t)s->ncat + 1, sizeof *v->catgames)) == NULL)
		return -1;
	return s->nwho - 1;
}

/* Grow *v from n to n + 1 zeroed ints: false out of memory. */
static bool
grow(int **v, int n)
{
	int *nv = realloc(*v, (size_t)(n + 1) * sizeof *nv);

	if (nv == NULL)
		return false;
	nv[n] = 0;
	*v = nv;
	return true;
}

/* The index of category c of a game's report among the section's; -1
 * out of memory. */
static int
cat_index(struct stats *st, struct section *s, const struct report_part *c)
{
	struct report_part *k;

	for (int i = 0; i < s->ncat; i++)
		if (strcmp(s->cat[i].label, c->label) == 0)
			return i;
	for (int i = 0; i < s->nwho; i++)
		if (!grow(&s->who[i].cat, s->ncat) || !grow(&s->who[i].catgames, s->ncat))
			return -1;
	if ((k = realloc(s->cat, (size_t)(s->ncat + 1) * sizeof *k)) == NULL)
		return -1;
	s->cat = k;
	k += s->ncat;
	*k = (struct report_part){ .label = strdup(c->label), .name = strdup(c->name),
	    .rank = c->rank, .seen = st->seen++ };
	if (k->label == NULL || k->name == NULL) {
		free((char *)k->label), free((char *)k->name);
		return -1;
	}
	return s->ncat++;
}

/* Game g of record r, replayed from label, into the history: false if
 * memory ran out. */
static bool
add_game(struct stats *st, const char *label, const struct nt_record *r, const void *g)
{
	const struct nt_game *gm = nt_record_game(r);
	struct section *s = section_of(st, gm);
	struct report rp;
	int w[NT_MAXPLAYERS];
	int *idx, top = 0, rc;
	char *err = NULL;

	if (s == NULL)
		return false;
	if (!gm->over(g)) {
		s->unfinished++;
		return true;
	}
	if ((rc = report_make(&rp, gm, g, &err)) < 0) {
		if (rc == -2) {
			errf(_("carcref stats: %s: internal error: %s\n"), out_path(label),
			    err ? err : "?");
			st->rc = st->rc > 1 ? st->rc : 1;
		}
		free(err);
		report_free(&rp);
		return rc == -2;
	}
	/* The players first: a category new to the section grows theirs. */
	for (int p = 0; p < rp.np; p++) {
		if ((w[p] = who_of(st, s, r->players[p].name)) < 0) {
			report_free(&rp);
			return false;
		}
		top = p == 0 || rp.total[p] > top ? rp.total[p] : top;
	}
	if ((idx = calloc((size_t)rp.ncat + 1, sizeof *idx)) == NULL) {
		report_free(&rp);
		return false;
	}
	for (int c = 0; c < rp.ncat; c++)
		if ((idx[c] = cat_index(st, s, &rp.cat[c].c)) < 0) {
			free(idx);
			report_free(&rp);
			return false;
		}
	s->games++;
	for (int p = 0; p < rp.np; p++) {
		struct who *x = &s->who[w[p]];

		x->games++;
		x->won += rp.total[p] == top;
		x->sum += rp.total[p];
		x->best = x->games == 1 || rp.total[p] > x->best ? rp.total[p] : x->best;
		for (int c = 0; c < rp.ncat; c++) {
			x->cat[idx[c]] += rp.cat[c].c.pts[p];
			x->catgames[idx[c]]++;
		}
	}
	free(idx);
	report_free(&rp);
	return true;
}

/* TEXT (read from label, a journal if journal) into the history: false
 * if memory ran out. */
static bool
add_text(struct stats *st, const char *label, const char *text, size_t len)
{
	struct nt_record r;
	char *why = NULL;
	void *g = play_replay(label, text, len, &r, &why);
	bool ok;

	if (g == NULL) {
		errf(_("carcref stats: %s, left out\n"), why ? why : _("out of memory"));
		free(why);
		st->rc = st->rc > 1 ? st->rc : 1;
		return true;
	}
	ok = add_game(st, label, &r, g);
	nt_record_game(&r)->free(g);
	nt_record_free(&r);
	return ok;
}

static int
by_place(const void *a, const void *b)
{
	const struct who *x = a, *y = b;

	if (x->won != y->won)
		return x->won > y->won ? -1 : 1;
	/* Then the average, compared without division: x.sum/x.games. */
	if ((long)x->sum * y->games != (long)y->sum * x->games)
		return (long)x->sum * y->games > (long)y->sum * x->games ? -1 : 1;
	return (x->seen > y->seen) - (x->seen < y->seen);
}

/* A row: its label in lw columns, then a cell a player. */
static void
label(int indent, const char *s, int lw)
{
	outf("%*s%s%*s", indent, "", s, lw - indent - out_width(s), "");
}

/* A row of whole numbers: the int at offset field of each player's
 * history (games, won, best). */
static void
whole_row(const struct section *s, const int *cw, int lw, const char *lab, size_t field)
{
	label(2, lab, lw);
	for (int i = 0; i < s->nwho; i++)
		outf("  %*d", cw[i], *(const int *)(const void *)((const char *)&s->who[i] + field));
	outf("\n");
}

/* An average of sum over n, to a tenth ("10.5"), in w columns; "-"
 * for none. */
static void
cell_avg(int w, long sum, int n)
{
	char b[48] = "-";
	/* In tenths, rounded half away from zero, in whole numbers. */
	long t = n ? (sum * 20 + (sum >= 0 ? n : -n)) / (2L * n) : 0;

	if (n != 0)
		snprintf(b, sizeof b, "%s%ld.%ld", t < 0 ? "-" : "", labs(t) / 10, labs(t) % 10);
	outf("  %*s", w, b);
}

/* The table of section s: false if memory ran out. */
static bool
print_section(struct section *s)
{
	const char *rows[] = { _("games played"), _("games won"), _("average score"),
	    _("best score"), _("average by category") };
	int lw = 0, *cw, *order, n = s->nwho;

	if (n > 1)
		qsort(s->who, (size_t)n, sizeof *s->who, by_place);
	if ((cw = calloc((size_t)n + 1, sizeof *cw)) == NULL ||
	    (order = calloc((size_t)s->ncat + 1, sizeof *order)) == NULL) {
		free(cw);
		return false;
	}
	for (int c = 0; c < s->ncat; c++)
		order[c] = c;
	for (int i = 1; i < s->ncat; i++)	/* the categories in their row's order */
		for (int j = i; j > 0 && report_part_cmp(&s->cat[order[j]], &s->cat[order[j - 1]]) < 0;
		    j--) {
			int t = order[j];

			order[j] = order[j - 1], order[j - 1] = t;
		}
	/* TRANSLATORS: "the tile game: 12 finished games". */
	outf(ngettext("%s: %d finished game", "%s: %d finished games", (unsigned long)s->games),
	    _(s->gm->the), s->games);
	if (s->unfinished > 0)
		outf(ngettext(" (%d not finished, left out)", " (%d not finished, left out)",
		    (unsigned long)s->unfinished), s->unfinished);
	outf("\n");
	if (s->games == 0) {
		free(cw), free(order);
		return true;
	}
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		lw = 2 + out_width(rows[i]) > lw ? 2 + out_width(rows[i]) : lw;
	for (int c = 0; c < s->ncat; c++)
		lw = 4 + out_width(s->cat[c].name) > lw ? 4 + out_width(s->cat[c].name) : lw;
	outf("%*s", lw, "");
	for (int i = 0; i < n; i++) {
		int w = out_width(s->who[i].name);

		cw[i] = w > 6 ? w : 6;
		outf("  %*s%s", cw[i] - w, "", s->who[i].name);
	}
	outf("\n");
	whole_row(s, cw, lw, rows[0], offsetof(struct who, games));
	whole_row(s, cw, lw, rows[1], offsetof(struct who, won));
	label(2, rows[2], lw);
	for (int i = 0; i < n; i++)
		cell_avg(cw[i], s->who[i].sum, s->who[i].games);
	outf("\n");
	whole_row(s, cw, lw, rows[3], offsetof(struct who, best));
	label(2, rows[4], lw);
	outf("\n");
	for (int k = 0; k < s->ncat; k++) {
		int c = order[k];

		label(4, s->cat[c].name, lw);
		for (int i = 0; i < n; i++)
			cell_avg(cw[i], s->who[i].cat[c], s->who[i].catgames[c]);
		outf("\n");
	}
	free(cw), free(order);
	return true;
}

static int
stats_exec(int argc, char **argv)
{
	struct cmd_args a = CMD_ARGS(argc, argv);
	struct stats st = { 0 };
	struct journal_game *v = NULL;
	int n = 0;
	char *err = NULL, *text, msg[512];
	size_t len;
	bool cut, ok = true;

	if (cmd_args_next(&cmd_stats_entry, NULL, &a) != CMD_ARGS_DONE)
		return a.rc;
	for (int i = 0; play_games[i] != NULL; i++)	/* their data, read first */
		if (play_world(play_games[i]) == NULL)
			return 2;
	if (a.nops == 0 && (n = journal_games(&v, &err)) < 0) {
		errf(_("carcref stats: %s\n"), err ? err : _("out of memory"));
		free(err);
		return 2;
	}
	if (a.nops == 0 && n == 0)
		errf("%s", _("no game is kept yet\n"));
	for (int i = 0; ok && i < n; i++) {	/* the games kept */
		if ((text = journal_read(v[i].path, &len, &cut, &err)) == NULL) {
			errf(_("carcref stats: %s, left out\n"), err ? err : _("out of memory"));
			free(err);
			err = NULL;
			st.rc = 1;
			continue;
		}
		ok = add_text(&st, v[i].path, text, len);
		free(text);
	}
	journal_games_free(v, n);
	for (int i = 1; ok && i <= a.nops; i++) {	/* the records given */
		if ((text = cmd_read_file(argv[i], &len, msg, sizeof msg)) == NULL) {
			errf(_("carcref: %s\n"), msg);
			st.rc = 2;
			continue;
		}
		ok = add_text(&st, strcmp(argv[i], "-") == 0 ? "-" : argv[i], text, len);
		free(text);
	}
	for (int i = 0; ok && i < st.nsec; i++) {
		if (i > 0)
			outf("\n");
		ok = print_section(&st.sec[i]);
	}
	if (!ok) {
		errf("%s", _("carcref stats: out of memory\n"));
		st.rc = 2;
	}
	for (int i = 0; i < st.nsec; i++) {
		for (int k = 0; k < st.sec[i].nwho; k++) {
			free(st.sec[i].who[k].name);
			free(st.sec[i].who[k].cat);
			free(st.sec[i].who[k].catgames);
		}
		for (int c = 0; c < st.sec[i].ncat; c++) {
			free((char *)st.sec[i].cat[c].label);
			free((char *)st.sec[i].cat[c].name);
		}
		free(st.sec[i].who);
		free(st.sec[i].cat);
	}
	free(st.sec);
	if (fflush(stdout) != 0 && st.rc == 0) {
		perror(_("carcref: standard output"));
		st.rc = 2;
	}
	return st.rc;
}

const struct cmd_entry cmd_stats_entry = {
	"stats", "[FILE...]",
	N_("per player over many games (by default the games kept): played, won, average and "
	"best score, average points by category"),
	stats_exec
};
