/*
 * board.c -- the board as an ASCII map, for the REPL's `board`.
 *
 * Each square is 5 characters by 3 lines: the top, middle and bottom rows
 * of the tile's 5x5 picture (render.c), so roads and cities join across
 * tiles as on the table.  North is up; the x of each column is written
 * above it and the y of each row on its left.  A meeple is its owner's
 * letter on the spot where it stands: a capital on a road, city or
 * cloister, a small letter in a field (farmers lie down; pigs and
 * shepherds too).  Squares where the
 * tile in hand fits are marked with a `*`.  A feature asked about (board
 * --feature) is highlighted: its cells on a cyan ground in colour, else
 * drawn with `@`.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "tile.h"
#include "notation/explain.h"
#include "notation/i18n.h"
#include "rules/ext.h"

#define CW	5	/* characters per square */
#define CH	3	/* lines per square */

enum { A_NONE, A_FIELD, A_ROAD, A_CITY, A_CENTRE, A_FIT, A_MEEPLE };

#define A_LAST	0x80	/* bit: part of the last tile placed */
#define A_HIGH	0x40	/* bit: part of the feature asked about */
#define HIGH_MARK	'@'	/* the feature asked about, without colour */
#define HIGH_SGR	";30;106"	/* and in colour: black on bright cyan */

/* Where each spot's letter goes in a square: line, column. */
static const int spot_cell[CR_NSPOTS][2] = {
	[CR_SPOT_N] = { 0, 2 }, [CR_SPOT_NNE] = { 0, 3 }, [CR_SPOT_NE] = { 0, 4 },
	[CR_SPOT_ENE] = { 0, 4 }, [CR_SPOT_E] = { 1, 4 }, [CR_SPOT_ESE] = { 2, 4 },
	[CR_SPOT_SE] = { 2, 4 }, [CR_SPOT_SSE] = { 2, 3 }, [CR_SPOT_S] = { 2, 2 },
	[CR_SPOT_SSW] = { 2, 1 }, [CR_SPOT_SW] = { 2, 0 }, [CR_SPOT_WSW] = { 2, 0 },
	[CR_SPOT_W] = { 1, 0 }, [CR_SPOT_WNW] = { 0, 0 }, [CR_SPOT_NW] = { 0, 0 },
	[CR_SPOT_NNW] = { 0, 1 }, [CR_SPOT_C] = { 1, 2 },
};

static int
attr_of(char c)
{
	switch (c) {
	case '#':		return A_CITY;
	case '=': case '|':	return A_ROAD;
	case '+': case 'o':	return A_CENTRE;
	case '.':		return A_FIELD;
	default:		return A_NONE;
	}
}

static void
set_attr(FILE *f, int a, const struct board_style *st, int *cur)
{
	static const char *sgr[] = {
		[A_NONE] = "", [A_FIELD] = "2;32", [A_ROAD] = "37", [A_CITY] = "33",
		[A_CENTRE] = "1;35", [A_FIT] = "1;32",
	};
	int base = a & ~(A_LAST | A_HIGH);

	if (!st->color || a == *cur)
		return;
	fputs("\033[0", f);
	if (base >= A_MEEPLE)	/* a meeple: its owner's colour, reversed */
		fprintf(f, ";1;7;%d", st->ansi[base - A_MEEPLE]);
	else if (a & A_HIGH)	/* the feature asked about, whatever its kind */
		fputs(HIGH_SGR, f);
	else if (*sgr[base] != '\0')
		fprintf(f, ";%s", sgr[base]);
	if (a & A_LAST)
		fputs(";4", f);	/* underlined */
	fputc('m', f);
	*cur = a;
}

char *
cmd_piece_list(const struct cr_game *g, bool lying, bool meeples, const char *last)
{
	char *s = NULL, *t;
	int n = 0, end = 0;

	for (int pass = 0; pass < 2; pass++)
		for (int r = 1; r < cr_npieces(); r++) {
			const struct cr_piece *pc = cr_piece(r);

			/* A piece on a module's space stands (a crown follower). */
			bool lies = !(pc->flags & CR_PIECE_SPACE) &&
			    (cr_kind_flags(cr_piece_kind(r, 0)) & CR_KIND_LAND);

			if (!(cr_game_exts(g) >> cr_piece_ext(r) & 1) || lies != lying ||
			    (meeples && (pc->svg != NULL || pc->weight != 1 ||
			    !(pc->flags & CR_PIECE_FOLLOWER))))
				continue;
			if (pass == 0) {	/* the last one, for its joint */
				end = r;
				continue;
			}
			t = cmd_strf("%s%s%s", s ? s : "", n == 0 ? "" : r == end ? last : ", ",
			    nt_piece_name(r, 1));
			free(s);
			if ((s = t) == NULL)
				return NULL;
			n++;
		}
	return s;
}

/* The key of the letters, a game of one module: its pieces by name. */
static void
piece_key(FILE *f, const struct cr_game *g)
{
	char *up = cmd_piece_list(g, false, false, _(" or ")), *low = cmd_piece_list(g, true,
	    false, _(" or "));

	out_printf(f, _("  (capital: %s; small: %s)\n"), up ? up : "", low ? low : "");
	free(up), free(low);
}


void
board_print(FILE *f, const struct cr_game *g, const char *const *names,
    const struct board_style *st)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int ntiles = cr_game_ntiles(g), nfit = 0, nmee, minx, maxx, miny, maxy;
	int w, h, lw = 1;
	struct cr_place *fit = NULL;
	struct cr_meeple *mee;
	char *text, grid[5][5], lab[16];
	unsigned char *attr;
	int seg[5][5], fid = st->marked ? cr_game_feature_id(g, st->feature) : -1;

	minx = maxx = miny = maxy = 0;
	for (int i = 0; i < ntiles; i++) {
		const struct cr_placed *t = cr_game_tile(g, i);

		minx = t->x < minx ? t->x : minx, maxx = t->x > maxx ? t->x : maxx;
		miny = t->y < miny ? t->y : miny, maxy = t->y > maxy ? t->y : maxy;
	}
	if (st->hand >= 0 && (nfit = cr_game_legal(g, st->hand, NULL, 0)) > 0 &&
	    (fit = calloc((size_t)nfit, sizeof *fit)) != NULL) {
		cr_game_legal(g, st->hand, fit, nfit);
		for (int i = 0; i < nfit; i++) {
			minx = fit[i].x < minx ? fit[i].x : minx;
			maxx = fit[i].x > maxx ? fit[i].x : maxx;
			miny = fit[i].y < miny ? fit[i].y : miny;
			maxy = fit[i].y > maxy ? fit[i].y : maxy;
		}
	} else
		nfit = 0;
	w = (maxx - minx + 1) * CW;
	h = (maxy - miny + 1) * CH;
	nmee = cr_game_meeples(g, NULL, 0);
	text = malloc((size_t)w * (size_t)h);
	attr = calloc((size_t)w * (size_t)h, 1);
	mee = calloc((size_t)nmee + 1, sizeof *mee);
	if (text == NULL || attr == NULL || mee == NULL) {
		fprintf(f, "%s\n", _("out of memory"));
		goto out;
	}
	memset(text, ' ', (size_t)w * (size_t)h);
	cr_game_meeples(g, mee, nmee);

	/* Paint: tiles (rows 0, 2 and 4 of each picture), marks, meeples. */
	for (int i = 0; i < ntiles; i++) {
		const struct cr_placed *t = cr_game_tile(g, i);
		int r0 = (maxy - t->y) * CH, c0 = (t->x - minx) * CW;
		bool last = st->lastset && t->x == st->lastx && t->y == st->lasty;

		cmd_render_tile(ts, t->type, t->rot, grid, seg);
		for (int r = 0; r < CH; r++)
			for (int c = 0; c < CW; c++) {
				char ch = grid[r * 2][c];
				size_t k = (size_t)(r0 + r) * (size_t)w + (size_t)(c0 + c);
				bool high = fid >= 0 && seg[r * 2][c] >= 0 &&
				    cr_game_feature_id(g, t->seg0 + seg[r * 2][c]) == fid;

				text[k] = high && !st->color ? HIGH_MARK : ch;
				attr[k] = (unsigned char)(attr_of(ch) | (last ? A_LAST : 0) |
				    (high ? A_HIGH : 0));
			}
	}
	/* The modules' own pictures over the squares they own (a wheel). */
	for (int e = 0; e < cr_nexts; e++) {
		char cells[4096];
		int x0, y0, sw, sh;

		if (!(cr_game_exts(g) >> e & 1) || cr_exts[e]->ascii == NULL ||
		    !cr_exts[e]->ascii(g, e, nt_tr, &x0, &y0, &sw, &sh, cells, sizeof cells) ||
		    sw <= 0 || sh <= 0 || (size_t)sw * CW * (size_t)sh * CH > sizeof cells ||
		    x0 < minx || x0 + sw - 1 > maxx || y0 < miny || y0 + sh - 1 > maxy)
			continue;
		for (int r = 0; r < sh * CH; r++)
			for (int c = 0; c < sw * CW; c++) {
				char ch = cells[r * sw * CW + c];
				size_t k = (size_t)((maxy - (y0 + sh - 1)) * CH + r) * (size_t)w +
				    (size_t)((x0 - minx) * CW + c);

				if (ch == CR_ASCII_MARK)
					text[k] = '@', attr[k] = A_CENTRE;
				else if (ch >= CR_ASCII_PLAYER && ch < CR_ASCII_PLAYER + cr_game_nplayers(g))
					text[k] = 'U', attr[k] = (unsigned char)(A_MEEPLE + ch - CR_ASCII_PLAYER);
				else
					text[k] = ch >= ' ' && ch < 0x7f ? ch : '?', attr[k] = A_NONE;
			}
	}
	for (int i = 0; i < nfit; i++) {
		size_t k = (size_t)((maxy - fit[i].y) * CH + 1) * (size_t)w +
		    (size_t)((fit[i].x - minx) * CW + 2);

		text[k] = '*';
		attr[k] = A_FIT;
	}
	for (int i = 0; i < nmee; i++) {
		const struct cr_meeple *m = &mee[i];
		const int *at = spot_cell[(unsigned)m->spot < CR_NSPOTS ? m->spot : CR_SPOT_C];
		size_t k = (size_t)((maxy - m->y) * CH + at[0]) * (size_t)w +
		    (size_t)((m->x - minx) * CW + at[1]);
		/* small in a field: a farmer (a pig, a shepherd), else capital;
		 * the letter itself (UTF-8) is written at print time */
		text[k] = cr_kind_flags(cr_role_kind(m->role)) & CR_KIND_LAND ? 'l' : 'U';
		attr[k] = (unsigned char)(A_MEEPLE + m->player);
	}

	/* The y labels' width, then the x labels centred over each column. */
	for (int y = miny; y <= maxy; y++) {
		int n = snprintf(lab, sizeof lab, "%d", y);

		lw = n > lw ? n : lw;
	}
	fprintf(f, "%*s ", lw, "");
	for (int x = minx, pad = 0; x <= maxx; x++) {
		int n = snprintf(lab, sizeof lab, "%d", x);
		int left = (CW - n) / 2 + (n == 2);	/* "-1" sits over the middle */

		/* The padding after a label is written before the next one:
		 * no blanks at the end of the line. */
		fprintf(f, "%*s%s", pad + left, "", lab);
		pad = CW - n - left > 0 ? CW - n - left : 0;
	}
	fputc('\n', f);
	for (int r = 0; r < h; r++) {
		int cur = A_NONE, end = w;

		while (end > 0 && text[(size_t)r * (size_t)w + (size_t)end - 1] == ' ')
			end--;
		if (r % CH == 1)
			fprintf(f, "%*d%s", lw, maxy - r / CH, end ? " " : "");
		else if (end > 0)
			fprintf(f, "%*s ", lw, "");
		for (int c = 0; c < end; c++) {
			size_t k = (size_t)r * (size_t)w + (size_t)c;

			int a = text[k] == ' ' ? A_NONE : attr[k], who = a & ~(A_LAST | A_HIGH);

			set_attr(f, a, st, &cur);
			if (who >= A_MEEPLE) {
				const struct play_letter *l = &st->letter[who - A_MEEPLE];

				fputs(text[k] == 'l' ? l->low : l->up, f);
			} else
				fputc(text[k], f);
		}
		set_attr(f, A_NONE, st, &cur);
		fputc('\n', f);
	}

	/* The key: who is which letter, and what the marks mean. */
	for (int p = 0; p < cr_game_nplayers(g); p++) {
		int cur = A_NONE;

		fputs(p ? "  " : "", f);
		set_attr(f, A_MEEPLE + p, st, &cur);
		fputs(st->letter[p].up, f);
		set_attr(f, A_NONE, st, &cur);
		out_printf(f, " %s", names[p]);
	}
	if (__builtin_popcount(cr_game_exts(g)) == 1)	/* one module's pieces: by name */
		piece_key(f, g);
	else
		fputs(_("  (capital: on a road, city or cloister; small: in a field)\n"), f);
	for (int e = 0; e < cr_nexts; e++)	/* the modules' own pictures */
		if ((cr_game_exts(g) >> e & 1) && cr_exts[e]->ascii_key != NULL)
			out_printf(f, "%s", _(cr_exts[e]->ascii_key));
	if (fid >= 0) {	/* the mark, or a cell of the colour */
		int cur = A_NONE;

		set_attr(f, A_HIGH | A_FIELD, st, &cur);
		fputc(st->color ? ' ' : HIGH_MARK, f);
		set_attr(f, A_NONE, st, &cur);
		fputs(_(": the feature asked about\n"), f);
	}
	if (st->hand >= 0 && nfit > 0)
		fprintf(f, _("*: where %s fits\n"), ts->type[st->hand].code);
	else if (st->hand >= 0)
		fprintf(f, _("%s fits nowhere\n"), ts->type[st->hand].code);
out:
	free(fit);
	free(mee);
	free(text);
	free(attr);
}
