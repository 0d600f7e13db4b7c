/*
 * report-svg.c -- the report as a picture (report.h's report_svg): the
 * race as a line chart, the points by category as stacked bars.
 *
 * The chart: one line a player in the player's colour (as board draws
 * the pieces), over a dark edge so that a yellow or a white player shows
 * on white; a step a move, the final scoring a last step in a grey band;
 * labelled axes with round ticks; each player's final score at the line's
 * end, the labels moved apart so that none meets another; a ring where
 * the lead changed hands.  Its width grows with the moves (6 pixels a
 * step, within 480 and 1200), so 200 moves and 8 players stay readable.
 * The bars: one a player, a segment a category in the categories'
 * colours (a key above them), each segment's points written in it where
 * they fit, the total at the end.  Every text is escaped as board's is
 * (svg.c), in the reader's language.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "report.h"
#include "svg.h"
#include "notation/i18n.h"

#define M	24	/* the margin */
#define PH	340	/* the chart's height */
#define GAP	18	/* between two labels at the line ends */
#define BAR	20	/* a bar's height */
#define BARS	30	/* a bar's height and the space under it */
#define FW	44	/* the final scoring's step, whatever the moves */

/* The categories' colours (light, black text reads on them). */
static const char *const palette[] = {
	"#8dd3c7", "#fdb462", "#bebada", "#fb8072", "#80b1d3", "#b3de69", "#fccde5",
	"#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f", "#ffffb3",
};
#define NPAL	(sizeof palette / sizeof palette[0])

struct chart {
	FILE	*f;
	int	 x0, top, pw, lo, hi;
	int	 nmoves, steps;	/* the moves, and one more step for the final scoring */
};

/* A round step for about n ticks over span: 1, 2 or 5 times a power of 10. */
static int
tick_step(int span, int n)
{
	int step = 1;

	while (step * n < span) {
		if (step * 2 * n >= span)
			return step * 2;
		if (step * 5 * n >= span)
			return step * 5;
		step *= 10;
	}
	return step;
}

/* Where step is: a move's across the chart, the final scoring's FW
 * further.  right: where the chart ends (with no move, too). */
static double
xat(const struct chart *c, int step)
{
	if (step > c->nmoves)
		return c->x0 + c->pw + FW;
	return c->x0 + (double)step * c->pw / (c->nmoves > 0 ? c->nmoves : 1);
}

static double
right(const struct chart *c)
{
	return c->x0 + c->pw + (c->steps > c->nmoves ? FW : 0);
}

static double
yat(const struct chart *c, int v)
{
	return c->top + PH - (double)(v - c->lo) * PH / (c->hi - c->lo);
}

/* Text s (escaped) at x, y, with the attributes attr ("" for none). */
static void
text(FILE *f, double x, double y, const char *attr, const char *s)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y, *attr ? " " : "", attr);
	svg_put_text(f, s);
	fputs("</text>\n", f);
}

/* The axes, their ticks and titles, the grid, the final scoring's band. */
static void
axes(const struct chart *c, const struct report *rp, int ystep)
{
	FILE *f = c->f;
	int bottom = c->top + PH, xstep = tick_step(rp->nmoves, 10);
	char num[16];

	if (rp->final) {
		fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#e8e8e8\"/>\n",
		    xat(c, rp->nmoves), c->top, xat(c, c->steps) - xat(c, rp->nmoves), PH);
		text(f, xat(c, rp->nmoves) + FW / 2.0, bottom + 20, "text-anchor=\"middle\" font-size=\"13\"",
		    /* TRANSLATORS: the chart's last step: after the final scoring. */
		    C_("chart", "end"));
	}
	fputs("<g font-size=\"13\" fill=\"#333\">\n", f);
	for (int v = c->lo; v <= c->hi; v += ystep) {
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
		    c->x0, yat(c, v), right(c), yat(c, v));
		snprintf(num, sizeof num, "%d", v);
		text(f, c->x0 - 6, yat(c, v) + 5, "text-anchor=\"end\"", num);
	}
	for (int m = 0; m <= rp->nmoves; m += xstep) {
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>\n",
		    xat(c, m), bottom, xat(c, m), bottom + 5);
		snprintf(num, sizeof num, "%d", m);
		text(f, xat(c, m), bottom + 20, "text-anchor=\"middle\"", num);
	}
	fputs("</g>\n", f);
	fprintf(f, "<path d=\"M%d %dV%dH%.1f\" fill=\"none\" stroke=\"#333\"/>\n", c->x0, c->top,
	    bottom, right(c));
	text(f, c->x0 + c->pw / 2.0, bottom + 42, "text-anchor=\"middle\"", _("move"));
	fprintf(f, "<text transform=\"translate(%d %d) rotate(-90)\" text-anchor=\"middle\">",
	    M + 12, c->top + PH / 2);
	svg_put_text(f, _("points"));
	fputs("</text>\n", f);
}

/* Each player's line, a dark edge under its colour. */
static void
lines(const struct chart *c, const struct report *rp, const char *const *names,
    const int *ansi)
{
	for (int p = 0; p < rp->np; p++) {
		fputs("<g fill=\"none\" stroke-linejoin=\"round\"><title>", c->f);
		svg_put_text(c->f, names[p]);
		fputs("</title>\n", c->f);
		for (int pass = 0; pass < 2; pass++) {
			fprintf(c->f, pass ? "<polyline stroke=\"%s\" stroke-width=\"2.5\" points=\"" :
			    "<polyline stroke=\"%s\" stroke-opacity=\".4\" stroke-width=\"4.5\" points=\"",
			    pass ? svg_player_rgb(ansi, p) : "#000");
			for (int s = 0; s <= c->steps; s++) {
				int m = s <= rp->nmoves ? s : rp->nmoves + 1;

				fprintf(c->f, "%s%.1f,%.1f", s ? " " : "", xat(c, s),
				    yat(c, rp->run[(size_t)m * (size_t)rp->np + (size_t)p]));
			}
			fputs("\"/>\n", c->f);
		}
		fputs("</g>\n", c->f);
	}
}

/* A ring where the lead changed hands, in the new leader's colour. */
static void
leads(const struct chart *c, const struct report *rp, const char *const *names,
    const int *ansi)
{
	int prev = -1;

	for (int s = 1; s <= c->steps; s++) {
		int m = s <= rp->nmoves ? s : rp->nmoves + 1, lead = report_leader(rp, m);
		char *tip;

		if (lead < 0 || lead == prev)
			continue;
		if (prev >= 0) {
			tip = s <= rp->nmoves ? cmd_strf(_("move %d: %s takes the lead"), s, names[lead]) :
			    cmd_strf(_("final scoring: %s takes the lead"), names[lead]);
			fprintf(c->f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
			    "stroke-dasharray=\"3 3\"/>\n", xat(c, s), c->top, xat(c, s), c->top + PH,
			    "#999");
			fprintf(c->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5.5\" fill=\"%s\" stroke=\"#000\" "
			    "stroke-width=\"1.5\"><title>", xat(c, s),
			    yat(c, rp->run[(size_t)m * (size_t)rp->np + (size_t)lead]),
			    svg_player_rgb(ansi, lead));
			svg_put_text(c->f, tip ? tip : names[lead]);
			fputs("</title></circle>\n", c->f);
			free(tip);
		}
		prev = lead;
	}
}

/* The final scores at the line ends, apart: each label's y into ly. */
static void
end_labels(const struct chart *c, const struct report *rp, const char *const *names,
    const int *ansi)
{
	int order[NT_MAXPLAYERS], last = (rp->nmoves + 1) * rp->np;
	double ly[NT_MAXPLAYERS], x = right(c), from = xat(c, c->steps);
	char *s;

	for (int i = 0; i < rp->np; i++) {	/* from the top down */
		int k = i;

		while (k > 0 && rp->run[last + order[k - 1]] < rp->run[last + i]) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	for (int i = 0; i < rp->np; i++) {
		ly[i] = yat(c, rp->run[last + order[i]]) + 5;
		if (i > 0 && ly[i] < ly[i - 1] + GAP)
			ly[i] = ly[i - 1] + GAP;
	}
	for (int i = rp->np - 1; i >= 0; i--)	/* none below the chart's foot */
		if (ly[i] > c->top + PH + 5 - (rp->np - 1 - i) * GAP)
			ly[i] = c->top + PH + 5 - (rp->np - 1 - i) * GAP;
	for (int i = 0; i < rp->np; i++) {
		int p = order[i];
		double y = yat(c, rp->run[last + p]);

		fprintf(c->f, "<path d=\"M%.1f %.1fL%.1f %.1f\" stroke=\"#999\"/>\n", from + 2, y,
		    x + 14, ly[i] - 5);
		fprintf(c->f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\" "
		    "stroke=\"#000\"/>\n", x + 16, ly[i] - 10, svg_player_rgb(ansi, p));
		s = cmd_strf("%s %d", names[p], rp->run[last + p]);
		text(c->f, x + 30, ly[i], "", s ? s : names[p]);
		free(s);
	}
}

/* The widest of the end labels, in pixels. */
static int
labels_px(const struct report *rp, const char *const *names)
{
	int w = 0, last = (rp->nmoves + 1) * rp->np;

	for (int p = 0; p < rp->np; p++) {
		char *s = cmd_strf("%s %d", names[p], rp->run[last + p]);
		int px = svg_text_px(s ? s : names[p]) + 40;

		w = px > w ? px : w;
		free(s);
	}
	return w;
}

/* The stacked bars from y on, w wide: where they end. */
static int
bars(FILE *f, const struct report *rp, const char *const *names, int y, int w)
{
	int nw = 0, most = 1, kx = M, bw;
	char num[16];

	text(f, M, y, "font-weight=\"bold\"", _("points by category"));
	y += 28;
	if (rp->ncat == 0)
		text(f, M, y, "", _("nobody has scored yet"));
	for (int c = 0; c < rp->ncat; c++) {	/* the key, in rows */
		int px = 18 + svg_text_px(rp->cat[c].c.name) + 18;

		if (kx > M && kx + px > w - M)
			kx = M, y += 24;
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\" "
		    "stroke=\"#555\"/>\n", kx, y - 11, palette[c % NPAL]);
		text(f, kx + 18, y, "", rp->cat[c].c.name);
		kx += px;
	}
	y += 20;
	for (int p = 0; p < rp->np; p++) {
		int px = svg_text_px(names[p]) + 12;

		nw = px > nw ? px : nw;
		most = rp->total[p] > most ? rp->total[p] : most;
	}
	bw = w - M - nw - M - 60;
	for (int p = 0; p < rp->np; p++, y += BARS) {
		double x = M + nw;

		text(f, M, y + 15, "", names[p]);
		for (int c = 0; c < rp->ncat; c++) {
			int v = rp->cat[c].c.pts[p];
			double sw = (double)v * bw / most;

			if (v <= 0)
				continue;
			fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" "
			    "stroke=\"#fff\" stroke-width=\".5\"><title>", x, y, sw, BAR,
			    palette[c % NPAL]);
			svg_put_text(f, names[p]);
			fprintf(f, ": ");
			svg_put_text(f, rp->cat[c].c.name);
			fprintf(f, " %d</title></rect>\n", v);
			snprintf(num, sizeof num, "%d", v);
			if (sw >= svg_text_px(num) * 13 / 15 + 6)
				text(f, x + sw / 2, y + 15, "text-anchor=\"middle\" font-size=\"13\"", num);
			x += sw;
		}
		snprintf(num, sizeof num, "%d", rp->total[p]);
		text(f, x + 8, y + 15, "font-weight=\"bold\"", num);
	}
	return y;
}

/* The document into f. */
static void
draw(FILE *f, const struct report *rp, const char *title, const char *const *names,
    const int *ansi)
{
	struct chart c = { .f = f, .top = 60 };
	int ystep, w, h, lw, hi = 0, lo = 0, ybars;
	char num[16];

	c.nmoves = rp->nmoves;
	c.steps = rp->nmoves + (rp->final ? 1 : 0);
	for (int m = 0; m <= rp->nmoves + 1; m++)
		for (int p = 0; p < rp->np; p++) {
			int v = rp->run[(size_t)m * (size_t)rp->np + (size_t)p];

			hi = v > hi ? v : hi;
			lo = v < lo ? v : lo;
		}
	ystep = tick_step(hi - lo > 0 ? hi - lo : 1, 6);
	c.hi = (hi + ystep - 1) / ystep * ystep;
	c.lo = lo < 0 ? -((-lo + ystep - 1) / ystep * ystep) : 0;
	if (c.hi <= c.lo)
		c.hi = c.lo + ystep;
	snprintf(num, sizeof num, "%d", c.lo < 0 && -c.lo * 10 > c.hi ? c.lo : c.hi);
	c.x0 = M + 24 + svg_text_px(num) + 10;
	c.pw = c.nmoves * 6 < 480 ? 480 : c.nmoves * 6 > 1200 ? 1200 : c.nmoves * 6;
	lw = labels_px(rp, names);
	w = (int)right(&c) + lw + M;
	if (M + svg_text_px(title) + M > w)
		w = M + svg_text_px(title) + M;
	ybars = c.top + PH + 84;
	/* Height: the key of the bars may take rows; measured as drawn. */
	h = ybars + 28 + 20 + rp->np * BARS + M;
	for (int k = 0, kx = M; k < rp->ncat; k++) {
		int px = 18 + svg_text_px(rp->cat[k].c.name) + 18;

		if (kx > M && kx + px > w - M)
			kx = M, h += 24;
		kx += px;
	}

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, sans-serif\" "
	    "font-size=\"15\">\n<title>", w, h, w, h);
	svg_put_text(f, title);
	fputs("</title>\n", f);
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", w, h);
	text(f, M, 30, "font-weight=\"bold\"", title);
	axes(&c, rp, ystep);
	lines(&c, rp, names, ansi);
	leads(&c, rp, names, ansi);
	end_labels(&c, rp, names, ansi);
	if (rp->leads > 0) {
		char *s = cmd_strf(ngettext("the lead changed hands %d time (the rings)",
		    "the lead changed hands %d times (the rings)", (unsigned long)rp->leads),
		    rp->leads);

		text(f, c.x0, c.top + PH + 64, "font-size=\"13\" fill=\"#333\"",
		    s ? s : "");
		free(s);
	}
	bars(f, rp, names, ybars, w);
	fputs("</svg>\n", f);
}

char *
report_svg(const struct report *rp, const char *title, const char *const *names,
    const int *ansi, size_t *len)
{
	char *buf = NULL;
	FILE *f;
	bool bad;

	if ((f = open_memstream(&buf, len)) == NULL)
		return NULL;
	draw(f, rp, title, names, ansi);
	bad = ferror(f) != 0;
	if (fclose(f) != 0 || bad) {
		free(buf);
		return NULL;
	}
	return buf;
}
