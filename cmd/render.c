/*
 * render.c -- tiles as ASCII pictures.
 *
 * A tile is drawn on a 5x5 grid: the border cells are its twelve ports
 * and four corners, the inner ring shows what runs from each edge toward
 * the centre, and the centre what the tile holds there.  Each cell is
 * printed two characters wide so the square looks square.
 *
 *	# city   . field   = | road   + cloister   o village   ~ river
 */
#include <string.h>

#include "cmd.h"

/* Grid cell of each board port, clockwise from NNW. */
static const int port_cell[CR_NPORTS][2] = {
	{ 0, 1 }, { 0, 2 }, { 0, 3 },	/* NNW N NNE */
	{ 1, 4 }, { 2, 4 }, { 3, 4 },	/* ENE E ESE */
	{ 4, 3 }, { 4, 2 }, { 4, 1 },	/* SSE S SSW */
	{ 3, 0 }, { 2, 0 }, { 1, 0 },	/* WSW W WNW */
};

static char
kind_char(int kind, int dir)
{
	switch (kind) {
	case CR_CITY:	return '#';
	case CR_ROAD:	return dir % 2 ? '=' : '|';
	case CR_RIVER:	return '~';
	default:	return '.';
	}
}

/* The segment at board port p of a type turned rot, or NULL. */
static const struct cr_seg *
seg_at(const struct cr_tiletype *t, int rot, int p)
{
	int s = t->portseg[rot][p];	/* worked out when the set loads */

	return s < 0 ? NULL : &t->seg[s];
}

void
cmd_render_tile(const struct cr_tileset *ts, int type, int rot, char grid[5][5])
{
	const struct cr_tiletype *t = &ts->type[type];
	const struct cr_seg *mid[CR_NDIRS], *half[CR_NDIRS][2];
	int roads = 0, ends = 0, cityedges = 0;
	bool cloister = false;

	memset(grid, '.', 25);
	for (int d = 0; d < CR_NDIRS; d++) {
		mid[d] = seg_at(t, rot, CR_PORT(d, 1));
		half[d][0] = seg_at(t, rot, CR_PORT(d, 0));
		half[d][1] = seg_at(t, rot, CR_PORT(d, 2));
		for (int i = 0; i < 3; i++) {
			const struct cr_seg *s = i == 1 ? mid[d] : half[d][i / 2];
			const int *c = port_cell[CR_PORT(d, i)];

			if (i == 1 && s == NULL)	/* no road: the edge's own kind */
				s = half[d][0];
			grid[c[0]][c[1]] = s ? kind_char(s->kind, d) : '.';
		}
		/* Toward the centre from the edge. */
		if (mid[d] != NULL)
			grid[2 + cr_dy[d] * -1][2 + cr_dx[d]] = kind_char(mid[d]->kind, d);
		else if (half[d][0] && half[d][0]->kind == CR_CITY)
			grid[2 + cr_dy[d] * -1][2 + cr_dx[d]] = '#';
		if (half[d][0] && half[d][0]->kind == CR_CITY)
			cityedges++;
	}
	/* Corners: city if either half-edge meeting there is city. */
	for (int d = 0; d < CR_NDIRS; d++) {
		const struct cr_seg *a = half[d][1], *b = half[(d + 1) % 4][0];
		int r = d == 0 || d == 3 ? 0 : 4, c = d < 2 ? 4 : 0;
		int ir = r ? 3 : 1, ic = c ? 3 : 1;

		if ((a && a->kind == CR_CITY) || (b && b->kind == CR_CITY))
			grid[r][c] = '#';
		if (a && a == b && a->kind == CR_CITY)	/* one city round the corner */
			grid[ir][ic] = '#';
	}
	for (int s = 0; s < t->nseg; s++) {
		if (t->seg[s].kind == CR_CLOISTER)
			cloister = true;
		if (t->seg[s].kind == CR_ROAD) {
			roads++;
			if (t->seg[s].end == CR_END_VILLAGE)
				ends++;
		}
	}
	if (cloister)
		grid[2][2] = '+';
	else if (ends >= 3)
		grid[2][2] = 'o';
	else if (cityedges >= 2)
		grid[2][2] = '#';
	else if (roads > 0) {
		/* A road through the centre: drawn along its first edge. */
		for (int d = 0; d < CR_NDIRS; d++)
			if (mid[d] && mid[d]->kind == CR_ROAD && mid[d]->end == CR_END_NONE) {
				grid[2][2] = kind_char(CR_ROAD, d);
				break;
			}
	}
}

/* Print rows of a picture, each cell two characters wide. */
void
cmd_render_row(FILE *f, char grid[5][5], int row)
{
	for (int c = 0; c < 5; c++) {
		char ch = grid[row][c];
		char right = ch;

		if ((ch == '|' || ch == '+' || ch == 'o') && c < 4)
			right = grid[row][c + 1] == '=' ? '=' : ' ';
		if (ch == '.' )
			right = ' ';
		putc(ch, f);
		putc(right, f);
	}
}
