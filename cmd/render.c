/*
 * render.c -- tiles as ASCII pictures: a small grid for the board map
 * (board.c), and the pictures people read in `carcref tiles`, find and
 * draw (cmd_picture, below).
 *
 * For the board map, a tile is drawn on a 5x5 grid: the border cells are
 * its twelve ports and four corners, the inner ring shows what runs from
 * each edge toward the centre, and the centre what the tile holds there.
 * Each cell is printed two characters wide so the square looks square.
 *
 *	# city   . field   = | road   + cloister   o village   ~ river
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "notation/i18n.h"

/*
 * The rules' words (rules/ names kinds, pieces, goods, marks and ends in
 * English, as records and tile files write them) as people read them,
 * in their language.  A word without a translation is itself.
 */
const char *
cmd_word(const char *w)
{
	if (w == NULL)
		return "?";
	if (strcmp(w, "field") == 0)
		return C_("feature", "field");
	if (strcmp(w, "road") == 0)
		return C_("feature", "road");
	if (strcmp(w, "city") == 0)
		return C_("feature", "city");
	if (strcmp(w, "river") == 0)
		return C_("feature", "river");
	if (strcmp(w, "cloister") == 0)
		return C_("feature", "cloister");
	if (strcmp(w, "thief") == 0)
		return C_("piece", "thief");
	if (strcmp(w, "knight") == 0)
		return C_("piece", "knight");
	if (strcmp(w, "monk") == 0)
		return C_("piece", "monk");
	if (strcmp(w, "farmer") == 0)
		return C_("piece", "farmer");
	if (strcmp(w, "big-thief") == 0)
		return C_("piece", "big thief");
	if (strcmp(w, "big-knight") == 0)
		return C_("piece", "big knight");
	if (strcmp(w, "big-monk") == 0)
		return C_("piece", "big monk");
	if (strcmp(w, "big-farmer") == 0)
		return C_("piece", "big farmer");
	if (strcmp(w, "builder") == 0)
		return C_("piece", "builder");
	if (strcmp(w, "pig") == 0)
		return C_("piece", "pig");
	if (strcmp(w, "shepherd") == 0)
		return C_("piece", "shepherd");
	if (strcmp(w, "wine") == 0)
		return C_("goods", "wine");
	if (strcmp(w, "grain") == 0)
		return C_("goods", "grain");
	if (strcmp(w, "cloth") == 0)
		return C_("goods", "cloth");
	if (strcmp(w, "hill") == 0)
		return C_("mark", "hill");
	if (strcmp(w, "vineyard") == 0)
		return C_("mark", "vineyard");
	if (strcmp(w, "garden") == 0)
		return C_("mark", "garden");
	if (strcmp(w, "volcano") == 0)
		return C_("mark", "volcano");
	if (strcmp(w, "pigherd") == 0)
		return C_("mark", "pigherd");
	return w;
}

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

/* The index of segment s of t, -1 for NULL. */
static int
seg_index(const struct cr_tiletype *t, const struct cr_seg *s)
{
	return s ? (int)(s - t->seg) : -1;
}

void
cmd_render_tile(const struct cr_tileset *ts, int type, int rot, char grid[5][5],
    int seg[5][5])
{
	const struct cr_tiletype *t = &ts->type[type];
	const struct cr_seg *mid[CR_NDIRS], *half[CR_NDIRS][2];
	int roads = 0, ends = 0, cityedges = 0, fields = 0, field = -1, city = -1, sg[5][5];
	bool cloister = false;

	memset(grid, '.', 25);
	for (int r = 0; r < 5; r++)
		for (int c = 0; c < 5; c++)
			sg[r][c] = -1;
	for (int d = 0; d < CR_NDIRS; d++) {
		int in[2] = { 2 + cr_dy[d] * -1, 2 + cr_dx[d] };

		mid[d] = seg_at(t, rot, CR_PORT(d, 1));
		half[d][0] = seg_at(t, rot, CR_PORT(d, 0));
		half[d][1] = seg_at(t, rot, CR_PORT(d, 2));
		for (int i = 0; i < 3; i++) {
			const struct cr_seg *s = i == 1 ? mid[d] : half[d][i / 2];
			const int *c = port_cell[CR_PORT(d, i)];

			if (i == 1 && s == NULL)	/* no road: the edge's own kind */
				s = half[d][0];
			grid[c[0]][c[1]] = s ? kind_char(s->kind, d) : '.';
			sg[c[0]][c[1]] = seg_index(t, s);
		}
		/* Toward the centre from the edge. */
		sg[in[0]][in[1]] = seg_index(t, half[d][0]);
		if (mid[d] != NULL) {
			grid[in[0]][in[1]] = kind_char(mid[d]->kind, d);
			sg[in[0]][in[1]] = seg_index(t, mid[d]);
		} else if (half[d][0] && half[d][0]->kind == CR_CITY)
			grid[in[0]][in[1]] = '#';
		if (half[d][0] && half[d][0]->kind == CR_CITY) {
			/* the centre's city, if the edges show one alone */
			city = cityedges++ == 0 || city == seg_index(t, half[d][0]) ?
			    seg_index(t, half[d][0]) : -1;
		}
	}
	/* Corners: city if either half-edge meeting there is city. */
	for (int d = 0; d < CR_NDIRS; d++) {
		const struct cr_seg *a = half[d][1], *b = half[(d + 1) % 4][0];
		int r = d == 0 || d == 3 ? 0 : 4, c = d < 2 ? 4 : 0;
		int ir = r ? 3 : 1, ic = c ? 3 : 1;

		sg[r][c] = seg_index(t, a ? a : b);
		if ((a && a->kind == CR_CITY) || (b && b->kind == CR_CITY)) {
			grid[r][c] = '#';
			sg[r][c] = seg_index(t, a && a->kind == CR_CITY ? a : b);
		}
		if (a && a == b && a->kind == CR_CITY) {	/* one city round the corner */
			grid[ir][ic] = '#';
			sg[ir][ic] = seg_index(t, a);
		}
	}
	for (int s = 0; s < t->nseg; s++) {
		if (t->seg[s].kind == CR_CLOISTER)
			cloister = true, sg[2][2] = s;
		if (t->seg[s].kind == CR_FIELD)
			fields++, field = s;
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
	else if (cityedges >= 2) {
		grid[2][2] = '#';
		sg[2][2] = city;
	} else {
		/* A road through the centre: drawn along its first edge; else
		 * the field, if the tile has one alone. */
		sg[2][2] = fields == 1 ? field : -1;
		for (int d = 0; roads > 0 && d < CR_NDIRS; d++)
			if (mid[d] && mid[d]->kind == CR_ROAD && mid[d]->end == CR_END_NONE) {
				grid[2][2] = kind_char(CR_ROAD, d);
				sg[2][2] = seg_index(t, mid[d]);
				break;
			}
	}
	if (seg != NULL)
		memcpy(seg, sg, sizeof sg);
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

/* ---- pictures for people ---------------------------------------------------
 *
 * A tile as one holds it, for `carcref tiles` and the REPL's draw: 7 cells a
 * side, two characters a cell.  Every cell of the square lies nearest one
 * edge (or two, on the diagonals; four at the centre) and, along that edge,
 * nearest one of its halves: a city takes the cells of its halves, one
 * cell deep for a city on one edge (a cap), all the way in for a city on
 * two edges or more, and the middle band too for a city that crosses the
 * tile.  Cells that two cities claim, and the deeper of two cells of
 * different cities side by side, are left blank: separate cities never
 * touch in a picture.  Roads and rivers run from the middle of their
 * edges to the centre, bend by the corner, or stop at what they end at;
 * the marks go last, each in the cell of its feature nearest the middle.
 */

#define PN	CMD_PIC_CELLS
#define LIST_INDENT	5	/* the lines after the first of a list */
#define PMID	(PN / 2)

enum pcell { P_FIELD, P_CITY, P_WALL, P_ROAD, P_RIVER, P_MARK };

struct pic {
	const struct cr_tiletype *t;
	int		 rot;
	uint8_t		 what[PN][PN];	/* enum pcell */
	int8_t		 seg[PN][PN];	/* the segment a cell shows, -1 */
	char		 txt[PN][PN][2];
	unsigned	 used;		/* bit per legend entry drawn */
};

/* The key, in the order it is printed (translated where it is printed;
 * the marks themselves are the pictures', the same in every language). */
static const char *const legend[CMD_LEG_N] = {
	/* TRANSLATORS: the key to the tile pictures: keep each entry's
	 * mark (##, ., == ||, Sp...) as it is, translate the words. */
	[CMD_LEG_CITY] = N_("## city"),
	[CMD_LEG_FIELD] = N_(". field"),
	[CMD_LEG_ROAD] = N_("== || road"),
	[CMD_LEG_RIVER] = N_("~~ river"),
	[CMD_LEG_CLOISTER] = N_("++ cloister"),
	[CMD_LEG_VILLAGE] = N_("() village or crossing"),
	[CMD_LEG_HOUSE] = N_("[] house"),
	[CMD_LEG_SPRING] = N_("Sp spring"),
	[CMD_LEG_LAKE] = N_("Lk lake"),
	[CMD_LEG_PENNANT] = N_("<> pennant"),
	[CMD_LEG_CATHEDRAL] = N_("Ca cathedral"),
	[CMD_LEG_INN] = N_("In inn"),
	[CMD_LEG_WINE] = N_("Wi wine"),
	[CMD_LEG_GRAIN] = N_("Gr grain"),
	[CMD_LEG_CLOTH] = N_("Cl cloth"),
	[CMD_LEG_HILL] = N_("^^ hill"),
	[CMD_LEG_VINEYARD] = N_("Vi vineyard"),
	[CMD_LEG_GARDEN] = N_("Ga garden"),
	[CMD_LEG_VOLCANO] = N_("Vo volcano"),
	[CMD_LEG_PIGHERD] = N_("Pg pig herd"),
	[CMD_LEG_WALL] = N_("a blank between two cities: they are separate"),
};

/* How many cells in from the nearest edge: 0 on the border, PMID at the centre. */
static int
pdepth(int r, int c)
{
	int a = r < c ? r : c, b = PN - 1 - r < PN - 1 - c ? PN - 1 - r : PN - 1 - c;

	return a < b ? a : b;
}

/* The board directions whose edge a cell is nearest, a bit each. */
static unsigned
pdirs(int r, int c)
{
	int dist[CR_NDIRS] = { r, PN - 1 - c, PN - 1 - r, c }, k = pdepth(r, c);
	unsigned m = 0;

	for (int d = 0; d < CR_NDIRS; d++)
		if (dist[d] == k)
			m |= 1u << d;
	return m;
}

/* The segments of the half (or, level with the middle, both halves) of
 * edge d that cell r,c lies beside: how many, into h. */
static int
phalves(const struct pic *p, int d, int r, int c, int h[2])
{
	/* Clockwise along the edge, as the ports are numbered. */
	int along = d == CR_N ? c : d == CR_E ? r : d == CR_S ? PN - 1 - c : PN - 1 - r;
	const int8_t *ps = p->t->portseg[p->rot];

	if (along < PMID) {
		h[0] = ps[CR_PORT(d, 0)];
		return 1;
	}
	if (along > PMID) {
		h[0] = ps[CR_PORT(d, 2)];
		return 1;
	}
	h[0] = ps[CR_PORT(d, 0)], h[1] = ps[CR_PORT(d, 2)];
	return h[0] == h[1] ? 1 : 2;
}

/* The directions where a segment holds a port, a bit each. */
static unsigned
pseg_dirs(const struct pic *p, int s)
{
	unsigned m = 0;

	for (int q = 0; q < CR_NPORTS; q++)
		if (p->t->portseg[p->rot][q] == s)
			m |= 1u << (q / 3);
	return m;
}

/* Whether directions hold two opposite ones: a city across the tile. */
static bool
pcrosses(unsigned dirs)
{
	return (dirs & 5u) == 5u || (dirs & 10u) == 10u;
}

/* The first direction in a set, clockwise from north. */
static int
pfirst(unsigned m)
{
	int d = 0;

	while (d < CR_NDIRS - 1 && !(m & (1u << d)))
		d++;
	return d;
}

/* How many bits are set. */
static int
pbits(unsigned m)
{
	int n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/* Cell r,c shows what, of segment seg, printed txt. */
static void
pset(struct pic *p, int r, int c, int what, int seg, const char *txt)
{
	p->what[r][c] = (uint8_t)what;
	p->seg[r][c] = (int8_t)seg;
	p->txt[r][c][0] = txt[0];
	p->txt[r][c][1] = txt[1];
}

/* Cities: who claims each cell, then blanks where two would touch. */
static void
pcities(struct pic *p)
{
	const struct cr_tiletype *t = p->t;
	bool blank[PN][PN] = { { false } };

	for (int r = 0; r < PN; r++)
		for (int c = 0; c < PN; c++) {
			int k = pdepth(r, c), claim = -1, nclaim = 0, ncity = 0;
			unsigned dirs = pdirs(r, c);

			for (int d = 0; d < CR_NDIRS; d++) {
				int h[2], n;

				if (!(dirs & (1u << d)))
					continue;
				n = phalves(p, d, r, c, h);
				for (int i = 0; i < n; i++) {
					if (h[i] < 0 || t->seg[h[i]].kind != CR_CITY)
						continue;
					ncity++;
					/* A cap is one cell deep. */
					if (k > 1 && pbits(pseg_dirs(p, h[i])) < 2)
						continue;
					if (h[i] != claim)
						nclaim++, claim = h[i];
				}
			}
			/* The middle band of a city that crosses the tile. */
			for (int s = 0; ncity == 0 && k >= 2 && s < t->nseg; s++)
				if (t->seg[s].kind == CR_CITY && pcrosses(pseg_dirs(p, s)) &&
				    s != claim)
					nclaim++, claim = s;
			if (nclaim == 1)
				pset(p, r, c, P_CITY, claim, "##");
			else if (nclaim > 1)
				pset(p, r, c, P_WALL, -1, "  ");
		}
	for (int r = 0; r < PN; r++)
		for (int c = 0; c < PN; c++) {
			static const int nb[4][2] = { { -1, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 } };

			if (p->what[r][c] != P_CITY)
				continue;
			for (int i = 0; i < 4; i++) {
				int rr = r + nb[i][0], cc = c + nb[i][1];

				if (rr >= 0 && rr < PN && cc >= 0 && cc < PN &&
				    p->what[rr][cc] == P_CITY && p->seg[rr][cc] != p->seg[r][c] &&
				    pdepth(r, c) >= pdepth(rr, cc))
					blank[r][c] = true;
			}
		}
	for (int r = 0; r < PN; r++)
		for (int c = 0; c < PN; c++)
			if (blank[r][c])
				pset(p, r, c, P_WALL, -1, "  ");
	for (int r = 0; r < PN; r++)
		for (int c = 0; c < PN; c++)
			if (p->what[r][c] == P_WALL)
				p->used |= 1u << CMD_LEG_WALL;
			else if (p->what[r][c] == P_CITY)
				p->used |= 1u << CMD_LEG_CITY;
}

/* The cell k steps in from the middle of edge d (PMID: the centre). */
static void
paxis(int d, int k, int *r, int *c)
{
	*r = d == CR_N ? k : d == CR_S ? PN - 1 - k : PMID;
	*c = d == CR_W ? k : d == CR_E ? PN - 1 - k : PMID;
}

/* Cell r,c shows segment s, a road or river: how is '|' (north-south),
 * '=' (east-west), or the corner of a bend, '/' or a backslash. */
static void
pline(struct pic *p, int r, int c, int s, int how)
{
	bool river = p->t->seg[s].kind == CR_RIVER;
	const char *txt;

	if (river)
		txt = "~~";
	else
		txt = how == '/' ? "//" : how == '\\' ? "\\\\" : how == '|' ? "||" : "==";
	pset(p, r, c, river ? P_RIVER : P_ROAD, s, txt);
	p->used |= 1u << (river ? CMD_LEG_RIVER : CMD_LEG_ROAD);
}

/* A road running toward edge d: | north and south, = east and west. */
static int
paxis_char(int d)
{
	return d == CR_N || d == CR_S ? '|' : '=';
}

/* Roads and rivers that run through: straight, by a corner, or (three
 * edges or more) to the centre. */
static void
pthrough(struct pic *p, int kind)
{
	const struct cr_tiletype *t = p->t;

	for (int s = 0; s < t->nseg; s++) {
		unsigned dirs = 0;
		int r, c;

		if (t->seg[s].kind != kind || t->seg[s].end != CR_END_NONE)
			continue;
		for (int d = 0; d < CR_NDIRS; d++)
			if (t->portseg[p->rot][CR_PORT_MID(d)] == s)
				dirs |= 1u << d;
		if (pbits(dirs) < 2)
			continue;
		if (pbits(dirs) == 2 && !pcrosses(dirs)) {
			int d0 = dirs == 9u ? CR_W : pfirst(dirs), d1 = (d0 + 1) % 4;

			for (int k = 0; k < 2; k++) {
				paxis(d0, k, &r, &c), pline(p, r, c, s, paxis_char(d0));
				paxis(d1, k, &r, &c), pline(p, r, c, s, paxis_char(d1));
			}
			/* The corner between d0 and d1, clockwise. */
			r = d0 == CR_N || d0 == CR_W ? PMID - 1 : PMID + 1;
			c = d0 == CR_N || d0 == CR_E ? PMID + 1 : PMID - 1;
			pline(p, r, c, s, d0 == CR_N || d0 == CR_S ? '\\' : '/');
			continue;
		}
		for (int d = 0; d < CR_NDIRS; d++)
			for (int k = 0; (dirs & (1u << d)) && k <= PMID; k++) {
				paxis(d, k, &r, &c);
				pline(p, r, c, s, paxis_char(k < PMID ? d : pfirst(dirs)));
			}
	}
}

/* The cloister: the centre, unless a river runs through it (River H);
 * then the nearest cell of the middle lines that is field.  *pr -1 if
 * the tile has none. */
static void
pcloister(struct pic *p, int *pr, int *pc)
{
	static const int at[][2] = {
		{ PMID, PMID }, { PMID - 1, PMID }, { PMID + 1, PMID },
		{ PMID, PMID - 1 }, { PMID, PMID + 1 },
	};
	size_t i = 0;

	*pr = *pc = -1;
	if (p->t->cloister < 0)
		return;
	while (i + 1 < sizeof at / sizeof at[0] && p->what[at[i][0]][at[i][1]] != P_FIELD)
		i++;
	if (p->what[at[i][0]][at[i][1]] != P_FIELD)
		i = 0;
	*pr = at[i][0], *pc = at[i][1];
	pset(p, *pr, *pc, P_MARK, p->t->cloister, "++");
	p->used |= 1u << CMD_LEG_CLOISTER;
}

/* Whether a road or river walking in stops before cell r,c: its goal,
 * or (tr < 0) a city. */
static bool
pstops(const struct pic *p, int r, int c, int tr, int tc)
{
	if (tr >= 0)
		return r == tr && c == tc;
	return p->what[r][c] == P_CITY || p->what[r][c] == P_WALL;	/* a gate */
}

/*
 * Segment s from the middle of edge d to cell tr,tc (on a middle line),
 * or, tr < 0, to the first city cell, turning at the centre toward the
 * city ahead, else one on either side.
 */
static void
pwalk(struct pic *p, int s, int d, int tr, int tc)
{
	int r, c, e = -1;

	for (int k = 0; k <= PMID; k++) {
		paxis(d, k, &r, &c);
		if (pstops(p, r, c, tr, tc))
			return;
		pline(p, r, c, s, paxis_char(d));
	}
	if (tr >= 0 && (tr == PMID || tc == PMID))
		e = tr < PMID ? CR_N : tr > PMID ? CR_S : tc > PMID ? CR_E : CR_W;
	for (int i = 0; tr < 0 && e < 0 && i < 3; i++) {
		int cand = (d + (i == 0 ? 2 : i == 1 ? 1 : 3)) % 4;

		for (int k = PMID - 1; k >= 0 && e < 0; k--) {
			paxis(cand, k, &r, &c);
			if (p->what[r][c] == P_CITY)
				e = cand;
		}
	}
	for (int k = PMID - 1; e >= 0 && k >= 0; k--) {
		paxis(e, k, &r, &c);
		if (pstops(p, r, c, tr, tc))
			return;
		pline(p, r, c, s, paxis_char(e));
	}
}

/* Roads and rivers that stop on the tile: at a village, house, spring or
 * lake (in the centre when two or more stop at one of a kind, as at a
 * crossing), at the cloister, or at a city's gate. */
static void
pends(struct pic *p, int kind, int clr, int clc)
{
	static const struct { const char *txt; int leg; } mark[CR_NENDS] = {
		[CR_END_VILLAGE] = { "()", CMD_LEG_VILLAGE },
		[CR_END_HOUSE] = { "[]", CMD_LEG_HOUSE },
		[CR_END_SPRING] = { "Sp", CMD_LEG_SPRING },
		[CR_END_LAKE] = { "Lk", CMD_LEG_LAKE },
	};
	const struct cr_tiletype *t = p->t;
	int nend[CR_NENDS] = { 0 };
	bool centre_free = p->what[PMID][PMID] == P_FIELD;

	for (int s = 0; s < t->nseg; s++)
		if (t->seg[s].kind == kind && t->seg[s].end < CR_NENDS)
			nend[t->seg[s].end]++;
	for (int s = 0; s < t->nseg; s++) {
		const struct cr_seg *sg = &t->seg[s];
		unsigned dirs = 0;
		int d, tr = PMID, tc = PMID;

		if (sg->kind != kind)
			continue;
		for (d = 0; d < CR_NDIRS; d++)
			if (t->portseg[p->rot][CR_PORT_MID(d)] == s)
				dirs |= 1u << d;
		if (dirs == 0 || (sg->end == CR_END_NONE && pbits(dirs) >= 2))
			continue;	/* drawn by pthrough */
		d = pfirst(dirs);
		if (sg->end == CR_END_CITY)
			tr = tc = -1;
		else if (sg->end == CR_END_CLOISTER && clr >= 0)
			tr = clr, tc = clc;
		else if (sg->end >= CR_NENDS || nend[sg->end] < 2 || !centre_free)
			paxis(d, PMID - 1, &tr, &tc);
		pwalk(p, s, d, tr, tc);
		if (sg->end < CR_NENDS && mark[sg->end].txt != NULL &&
		    p->what[tr][tc] != P_MARK) {
			pset(p, tr, tc, P_MARK, s, mark[sg->end].txt);
			p->used |= 1u << mark[sg->end].leg;
		}
	}
}

/*
 * Where a mark goes: among the cells showing what (of segment seg, if not
 * negative; beside a cell of segment by, if not negative), one with three
 * neighbours or more of its kind, so the mark sits inside its feature;
 * then the deepest; then the nearest their middle; then the first.
 * False if none.
 */
static bool
ppick(const struct pic *p, int what, int seg, int by, int *pr, int *pc)
{
	static const int nb[4][2] = { { -1, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 } };
	bool ok[PN][PN], inside[PN][PN];
	int n = 0, sr = 0, sc = 0, best = -1, bestd = 0, bestk = 0;
	bool besti = false;

	for (int r = 0; r < PN; r++)
		for (int c = 0; c < PN; c++) {
			bool beside = by < 0;
			int same = 0;

			for (int i = 0; i < 4; i++) {
				int rr = r + nb[i][0], cc = c + nb[i][1];

				if (rr < 0 || rr >= PN || cc < 0 || cc >= PN)
					continue;
				same += p->what[rr][cc] == p->what[r][c];
				beside |= p->seg[rr][cc] == by && p->what[rr][cc] != P_MARK;
			}
			inside[r][c] = same >= 3;
			ok[r][c] = p->what[r][c] == what && (seg < 0 || p->seg[r][c] == seg) &&
			    beside;
			if (ok[r][c])
				n++, sr += r, sc += c;
		}
	for (int r = 0; r < PN; r++)
		for (int c = 0; c < PN; c++) {
			int k = pdepth(r, c), dr = r * n - sr, dc = c * n - sc;
			int dist = dr * dr + dc * dc;

			if (!ok[r][c])
				continue;
			if (best >= 0 && (besti != inside[r][c] ? besti :
			    k != bestk ? k < bestk : dist >= bestd))
				continue;
			best = r * PN + c, besti = inside[r][c], bestk = k, bestd = dist;
		}
	if (best < 0)
		return false;
	*pr = best / PN, *pc = best % PN;
	return true;
}

/* A mark in a cell of what (segment seg, beside segment by), else in
 * any cell that holds no mark yet. */
static void
pmark(struct pic *p, int what, int seg, int by, const char *txt, int leg)
{
	int r, c;

	if (!ppick(p, what, seg, by, &r, &c) && !ppick(p, P_FIELD, -1, -1, &r, &c) &&
	    !ppick(p, P_CITY, -1, -1, &r, &c) && !ppick(p, P_ROAD, -1, -1, &r, &c) &&
	    !ppick(p, P_RIVER, -1, -1, &r, &c))
		return;
	pset(p, r, c, P_MARK, seg, txt);
	p->used |= 1u << leg;
}

/* Pennants, cathedrals and goods in their city; an inn beside its road;
 * the tile's marks (hill, vineyard...) in a field. */
static void
pmarks(struct pic *p)
{
	static const struct { const char *txt; int leg; } goods[CR_NGOODS] = {
		[CR_GOODS_WINE] = { "Wi", CMD_LEG_WINE },
		[CR_GOODS_GRAIN] = { "Gr", CMD_LEG_GRAIN },
		[CR_GOODS_CLOTH] = { "Cl", CMD_LEG_CLOTH },
	}, marks[CR_NMARKS] = {
		[CR_MARK_HILL] = { "^^", CMD_LEG_HILL },
		[CR_MARK_VINEYARD] = { "Vi", CMD_LEG_VINEYARD },
		[CR_MARK_GARDEN] = { "Ga", CMD_LEG_GARDEN },
		[CR_MARK_VOLCANO] = { "Vo", CMD_LEG_VOLCANO },
		[CR_MARK_PIGHERD] = { "Pg", CMD_LEG_PIGHERD },
	};
	const struct cr_tiletype *t = p->t;

	for (int s = 0; s < t->nseg; s++) {
		const struct cr_seg *sg = &t->seg[s];

		for (int i = 0; sg->kind == CR_CITY && i < sg->pennants; i++)
			pmark(p, P_CITY, s, -1, "<>", CMD_LEG_PENNANT);
		if (sg->kind == CR_CITY && (sg->flags & CR_SEG_CATHEDRAL))
			pmark(p, P_CITY, s, -1, "Ca", CMD_LEG_CATHEDRAL);
		if (sg->kind == CR_CITY && sg->goods > 0 && sg->goods < CR_NGOODS)
			pmark(p, P_CITY, s, -1, goods[sg->goods].txt, goods[sg->goods].leg);
		if (sg->kind == CR_ROAD && (sg->flags & CR_SEG_INN))
			pmark(p, P_FIELD, -1, s, "In", CMD_LEG_INN);
	}
	for (int m = 0; m < CR_NMARKS; m++)
		if (t->marks & CR_MARK_BIT(m))
			pmark(p, P_FIELD, -1, -1, marks[m].txt, marks[m].leg);
}

unsigned
cmd_picture(const struct cr_tileset *ts, int type, int rot,
    char pic[CMD_PIC_H][CMD_PIC_W + 1])
{
	struct pic p;
	int clr, clc;

	memset(&p, 0, sizeof p);
	p.t = &ts->type[type];
	p.rot = rot & 3;
	for (int r = 0; r < PN; r++)
		for (int c = 0; c < PN; c++)
			pset(&p, r, c, P_FIELD, -1, ". ");
	pcities(&p);
	pthrough(&p, CR_RIVER);
	pthrough(&p, CR_ROAD);
	pcloister(&p, &clr, &clc);
	pends(&p, CR_RIVER, clr, clc);
	pends(&p, CR_ROAD, clr, clc);
	pmarks(&p);
	for (int r = 0; r < PN; r++) {
		for (int c = 0; c < PN; c++) {
			pic[r][2 * c] = p.txt[r][c][0];
			pic[r][2 * c + 1] = p.txt[r][c][1];
			if (p.what[r][c] == P_FIELD)
				p.used |= 1u << CMD_LEG_FIELD;
		}
		pic[r][CMD_PIC_W] = '\0';
	}
	return p.used;
}

/* Print a line without its trailing blanks (transcripts are compared). */
static void
put_trimmed(FILE *f, const char *line)
{
	size_t n = strlen(line);

	while (n > 0 && line[n - 1] == ' ')
		n--;
	out_printf(f, "%.*s\n", (int)n, line);
}

unsigned
cmd_print_rotations(FILE *f, const struct cr_tileset *ts, int type, const int *rots,
    int n, bool titles)
{
	enum { GAP = 4, INDENT = 2 };
	/* As many side by side as fit in CMD_WIDTH columns, then the next. */
	int per = (CMD_WIDTH - INDENT + GAP) / (CMD_PIC_W + GAP);
	char pic[CMD_PIC_H][CMD_PIC_W + 1], line[4 * CMD_WIDTH + 1];	/* UTF-8 */
	char (*all)[CMD_PIC_H][CMD_PIC_W + 1];
	unsigned used = 0;

	if (n <= 0 || (all = calloc((size_t)n, sizeof *all)) == NULL)
		return 0;
	for (int i = 0; i < n; i++) {
		used |= cmd_picture(ts, type, rots[i], pic);
		memcpy(all[i], pic, sizeof pic);
	}
	for (int first = 0; first < n; first += per) {
		int last = first + per < n ? first + per : n;

		if (first > 0)
			out_printf(f, "\n");
		for (int row = titles ? -1 : 0; row < CMD_PIC_H; row++) {
			int k = snprintf(line, sizeof line, "%*s", INDENT, "");

			for (int i = first; i < last; i++) {
				/* TRANSLATORS: over a picture: 14 columns at most. */
				if (row < 0)
					snprintf(line + k, sizeof line - (size_t)k, _("rotation %d"),
					    rots[i] * 90);
				else
					snprintf(line + k, sizeof line - (size_t)k, "%s",
					    all[i][row]);
				k += (int)strlen(line + k);
				/* to the next picture's column (a title may have
				 * accents: columns, not bytes) */
				while (i + 1 < last && out_nwidth(line, (size_t)k) < INDENT +
				    (i + 1 - first) * (CMD_PIC_W + GAP))
					line[k++] = ' ';
				line[k] = '\0';
			}
			put_trimmed(f, line);
		}
	}
	free(all);
	return used;
}

/* Columns are counted in characters (out_width), not bytes: a
 * translation has accents. */
void
cmd_print_list(FILE *f, const char *head, const char *const *item, int n)
{
	int col = out_width(head);

	out_printf(f, "%s", head);
	for (int i = 0; i < n; i++) {
		int w = out_width(item[i]);

		if (i > 0 && col + 2 + w + 1 > CMD_WIDTH)	/* and a comma */
			col = out_printf(f, ",\n%*s", LIST_INDENT, "") - 2;
		else if (i > 0)
			col += out_printf(f, ", ");
		out_printf(f, "%s", item[i]);
		col += w;
	}
	out_printf(f, "\n");
}

void
cmd_print_legend(FILE *f, unsigned used)
{
	const char *item[CMD_LEG_N];
	int n = 0;

	for (int i = 0; i < CMD_LEG_N; i++)
		if (used & (1u << i))
			item[n++] = _(legend[i]);
	if (n > 0)
		cmd_print_list(f, _("key: "), item, n);
}
