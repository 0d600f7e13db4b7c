/*
 * report.c -- where the points came from (report.h): a game's events
 * added up by category and player, checked against the scores, and the
 * table people read.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "report.h"
#include "notation/i18n.h"

/* The part labelled label among v's n (*n grown by one if it is new, its
 * first scoring numbered seen); NULL out of memory. */
static struct report_part *
part_of(struct report_part **v, int *n, const struct nt_part *pt, int seen)
{
	struct report_part *nv;

	for (int i = 0; i < *n; i++)
		if (strcmp((*v)[i].label, pt->label) == 0)
			return &(*v)[i];
	if ((nv = realloc(*v, (size_t)(*n + 1) * sizeof *nv)) == NULL)
		return NULL;
	*v = nv;
	nv += (*n)++;
	memset(nv, 0, sizeof *nv);
	nv->label = pt->label, nv->name = pt->name, nv->rank = pt->rank, nv->seen = seen;
	return nv;
}

/* The category labelled as pt among rp's; NULL out of memory. */
static struct report_cat *
cat_of(struct report *rp, const struct nt_part *pt, int seen)
{
	struct report_cat *nv;

	for (int i = 0; i < rp->ncat; i++)
		if (strcmp(rp->cat[i].c.label, pt->label) == 0)
			return &rp->cat[i];
	if ((nv = realloc(rp->cat, (size_t)(rp->ncat + 1) * sizeof *nv)) == NULL)
		return NULL;
	rp->cat = nv;
	nv += rp->ncat++;
	memset(nv, 0, sizeof *nv);
	nv->c = (struct report_part){ .label = pt->label, .name = pt->name, .rank = pt->rank,
	    .seen = seen };
	return nv;
}

int
report_part_cmp(const void *a, const void *b)
{
	const struct report_part *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return (x->seen > y->seen) - (x->seen < y->seen);
}

static int
cat_cmp(const void *a, const void *b)
{
	return report_part_cmp(&((const struct report_cat *)a)->c, &((const struct report_cat *)b)->c);
}

/* Event i's parts for player p: the row's, or its label alone. */
static int
parts_of(const struct nt_game *gm, const void *g, int i, int p, const struct nt_event *ev,
    struct nt_part *parts)
{
	int n = gm->event_parts ? gm->event_parts(g, i, p, parts, NT_MAXPARTS) : 0;

	if (n < 1 || n > NT_MAXPARTS) {
		parts[0] = (struct nt_part){ ev->label, ev->name, 0, ev->points[p] };
		n = 1;
	}
	return n;
}

/* Add what event i (ev) paid p; 0, -1 out of memory, -2 its parts do not
 * make what it paid (*err). */
static int
add_event(struct report *rp, const struct nt_game *gm, const void *g, int i,
    const struct nt_event *ev, int p, int *seen, char **err)
{
	struct nt_part parts[NT_MAXPARTS];
	struct report_cat *c;
	struct report_part *x;
	int n = parts_of(gm, g, i, p, ev, parts), sum = 0;

	for (int k = 0; k < n; k++)
		sum += parts[k].points;
	if (sum != ev->points[p]) {
		cmd_seterr(err, _("event %d (move %d, %s): its parts for player %d add up to %d, "
		    "it paid %d"), i + 1, ev->move, ev->label, p + 1, sum, ev->points[p]);
		return -2;
	}
	if ((c = cat_of(rp, &parts[0], (*seen)++)) == NULL)
		return -1;
	c->c.pts[p] += ev->points[p];
	c->c.had[p] = true;
	for (int k = 1; k < n; k++) {
		if ((x = part_of(&c->x, &c->nx, &parts[k], (*seen)++)) == NULL)
			return -1;
		x->pts[p] += parts[k].points;
		x->had[p] = true;
	}
	return 0;
}

int
report_leader(const struct report *rp, int step)
{
	const int *s = rp->run + (size_t)step * (size_t)rp->np;
	int lead = -1;

	for (int p = 0; p < rp->np; p++)
		if (lead < 0 || s[p] > s[lead])
			lead = p;
	for (int p = 0; lead >= 0 && p < rp->np; p++)
		if (p != lead && s[p] == s[lead])
			return -1;	/* tied: nobody leads alone */
	return lead;
}

int
report_make(struct report *rp, const struct nt_game *gm, const void *g, char **err)
{
	int nev = gm->nevents(g), seen = 0, rc, prev = -1;
	struct nt_event ev;

	memset(rp, 0, sizeof *rp);
	rp->best = rp->lastlead = rp->lastleader = -1;
	rp->np = gm->nplayers(g) < NT_MAXPLAYERS ? gm->nplayers(g) : NT_MAXPLAYERS;
	rp->nmoves = gm->nmoves(g);
	rp->over = gm->over(g);
	if ((rp->run = calloc((size_t)(rp->nmoves + 2) * (size_t)rp->np, sizeof *rp->run)) == NULL)
		return -1;
	for (int i = 0; i < nev; i++) {
		gm->event(g, i, &ev);
		rp->final = rp->final || ev.final;
		for (int p = 0; p < rp->np; p++) {
			if (!(ev.paid & (1u << p)))
				continue;
			if ((rc = add_event(rp, gm, g, i, &ev, p, &seen, err)) < 0)
				return rc;
			rp->total[p] += ev.points[p];
			if (ev.final)
				rp->atend[p] += ev.points[p];
			else if (ev.move >= 1 && ev.move <= rp->nmoves)
				rp->run[(size_t)ev.move * (size_t)rp->np + (size_t)p] += ev.points[p];
			if (ev.points[p] > rp->bestpts)
				rp->best = i, rp->bestpts = ev.points[p];
		}
	}
	/* Each move's points made a running score; the final scoring last. */
	for (int m = 1; m <= rp->nmoves + 1; m++)
		for (int p = 0; p < rp->np; p++)
			rp->run[(size_t)m * (size_t)rp->np + (size_t)p] += m <= rp->nmoves ?
			    rp->run[(size_t)(m - 1) * (size_t)rp->np + (size_t)p] :
			    rp->run[(size_t)rp->nmoves * (size_t)rp->np + (size_t)p] + rp->atend[p];
	if (rp->ncat > 1)	/* (never qsort on NULL: UBSan refuses it, even for 0) */
		qsort(rp->cat, (size_t)rp->ncat, sizeof *rp->cat, cat_cmp);
	for (int c = 0; c < rp->ncat; c++)
		if (rp->cat[c].nx > 1)
			qsort(rp->cat[c].x, (size_t)rp->cat[c].nx, sizeof *rp->cat[c].x,
			    report_part_cmp);
	/* The totals are the scores, or the report is wrong. */
	for (int p = 0; p < rp->np; p++) {
		int sum = 0, score = gm->score(g, p);

		for (int c = 0; c < rp->ncat; c++)
			sum += rp->cat[c].c.pts[p];
		if (sum != score || rp->total[p] != score ||
		    rp->run[(size_t)(rp->nmoves + 1) * (size_t)rp->np + (size_t)p] != score) {
			cmd_seterr(err, _("player %d's points by category add up to %d, the score "
			    "is %d"),
			    p + 1, sum, score);
			return -2;
		}
	}
	for (int m = 1; m <= rp->nmoves + (rp->final ? 1 : 0); m++) {
		int lead = report_leader(rp, m);

		if (lead >= 0 && lead != prev) {
			if (prev >= 0) {
				rp->leads++;
				rp->lastlead = m, rp->lastleader = lead;
			}
			prev = lead;
		}
	}
	return 0;
}

void
report_free(struct report *rp)
{
	for (int c = 0; c < rp->ncat; c++)
		free(rp->cat[c].x);
	free(rp->cat);
	free(rp->run);
	memset(rp, 0, sizeof *rp);
}

/* A row of the table: its label indented, then a cell a player. */
static void
row(const struct report *rp, int lw, const int *cw, int indent, const char *label,
    const int *pts, const bool *had, bool sign)
{
	outf("%*s%s%*s", indent, "", label, lw - indent - out_width(label), "");
	for (int p = 0; p < rp->np; p++) {
		if (had != NULL && !had[p])
			outf("  %*s", cw[p], "");
		else
			outf(sign ? "  %+*d" : "  %*d", cw[p], pts[p]);
	}
	outf("\n");
}

static int
widest(int w, int indent, const char *s)
{
	return indent + out_width(s) > w ? indent + out_width(s) : w;
}

/* Event i's whole account, malloc'd (NULL: no memory). */
static char *
account(const struct nt_game *gm, const void *g, int i, const char *const *names)
{
	char buf[512], *s;
	int n = gm->event_explain(g, i, names, buf, sizeof buf);

	if (n < 0)
		return strdup("?");
	if ((size_t)n < sizeof buf)
		return strdup(buf);
	if ((s = malloc((size_t)n + 1)) != NULL)
		gm->event_explain(g, i, names, s, (size_t)n + 1);
	return s;
}

void
report_print(const struct report *rp, const struct nt_game *gm, const void *g,
    const char *const *names)
{
	const char *head = _("points by category");
	const char *total = _("total"), *play = _("during play"), *end = _("final scoring");
	int lw = 0, cw[NT_MAXPLAYERS];
	struct nt_event ev;
	char *why;

	if (rp->ncat == 0) {
		outf("%s: %s\n", head, _("nobody has scored yet"));
		return;
	}
	lw = widest(widest(lw, 0, head), 2, total);
	if (rp->final)
		lw = widest(widest(lw, 4, play), 4, end);
	for (int c = 0; c < rp->ncat; c++) {
		lw = widest(lw, 2, rp->cat[c].c.name);
		for (int k = 0; k < rp->cat[c].nx; k++)
			lw = widest(lw, 4, rp->cat[c].x[k].name);
	}
	outf("%s%*s", head, lw - out_width(head), "");
	for (int p = 0; p < rp->np; p++) {
		cw[p] = out_width(names[p]) > 4 ? out_width(names[p]) : 4;
		outf("  %*s%s", cw[p] - out_width(names[p]), "", names[p]);
	}
	outf("\n");
	for (int c = 0; c < rp->ncat; c++) {
		row(rp, lw, cw, 2, rp->cat[c].c.name, rp->cat[c].c.pts, NULL, false);
		for (int k = 0; k < rp->cat[c].nx; k++)
			row(rp, lw, cw, 4, rp->cat[c].x[k].name, rp->cat[c].x[k].pts,
			    rp->cat[c].x[k].had, true);
	}
	row(rp, lw, cw, 2, total, rp->total, NULL, false);
	if (rp->final) {
		int during[NT_MAXPLAYERS];

		for (int p = 0; p < rp->np; p++)
			during[p] = rp->total[p] - rp->atend[p];
		row(rp, lw, cw, 4, play, during, NULL, false);
		row(rp, lw, cw, 4, end, rp->atend, NULL, false);
	}
	if (rp->best >= 0) {
		gm->event(g, rp->best, &ev);
		why = account(gm, g, rp->best, names);
		/* TRANSLATORS: the move, what it scored ("city"), its account. */
		outf(ev.final ? _("largest single scoring: move %d (final scoring), %s: %s\n") :
		    _("largest single scoring: move %d, %s: %s\n"), ev.move, ev.name,
		    why ? why : "?");
		free(why);
	}
	if (rp->leads == 0)
		outf("%s\n", _("the lead never changed hands"));
	else if (rp->lastlead > rp->nmoves)
		outf(ngettext("the lead changed hands %d time, the last in the final scoring (%s)\n",
		    "the lead changed hands %d times, the last in the final scoring (%s)\n",
		    (unsigned long)rp->leads), rp->leads, names[rp->lastleader]);
	else
		outf(ngettext("the lead changed hands %d time, the last at move %d (%s)\n",
		    "the lead changed hands %d times, the last at move %d (%s)\n",
		    (unsigned long)rp->leads), rp->leads, rp->lastlead, names[rp->lastleader]);
}

void
report_json(FILE *f, const struct report *rp, const char *const *names)
{
	fputs("{", f);
	for (int p = 0; p < rp->np; p++) {
		fputs(p ? ", " : "", f);
		cmd_json_str(f, names[p]);
		fputs(": {", f);
		for (int c = 0; c < rp->ncat; c++) {
			fputs(c ? ", " : "", f);
			cmd_json_str(f, rp->cat[c].c.label);
			fprintf(f, ": %d", rp->cat[c].c.pts[p]);
		}
		fputs("}", f);
	}
	fputs("}", f);
}

/* A message of report_show: on the standard error, or at the table on
 * the standard output (as the REPL's refusals are). */
static void
say(bool table, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (!table)
		fflush(stdout);
	out_vprintf(table ? stdout : stderr, fmt, ap);
	va_end(ap);
}

int
report_show(const struct nt_game *gm, const void *g, const char *const *names,
    const int *ansi, const char *title, const char *svg, const char *who, bool table)
{
	struct report rp;
	char *err = NULL, *text;
	size_t len;
	int rc = report_make(&rp, gm, g, &err);

	if (rc < 0) {
		if (rc == -2)
			say(table, _("%s: internal error: %s\n"), who, err ? err : "?");
		else
			say(table, _("%s: out of memory\n"), who);
		free(err);
		report_free(&rp);
		return rc == -2 ? 1 : 2;
	}
	if (svg == NULL) {
		if (title != NULL)
			outf("%s\n", title);
		report_print(&rp, gm, g, names);
		report_free(&rp);
		return 0;
	}
	text = report_svg(&rp, title, names, ansi, &len);
	report_free(&rp);
	if (text == NULL) {
		say(table, _("%s: out of memory\n"), who);
		return 2;
	}
	if (strcmp(svg, "-") == 0) {
		rc = fwrite(text, 1, len, stdout) == len ? 0 : 2;
		if (rc != 0)
			say(table, _("%s: standard output: write failed\n"), who);
	} else if (!cmd_write_atomic(svg, text, len, &err)) {
		say(table, "%s: %s\n", who, err ? err : _("out of memory"));
		free(err);
		rc = 2;
	}
	free(text);
	return rc;
}
