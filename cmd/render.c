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
#include "notation/explain.h"
#include "notation/i18n.h"
#include "rules/ext.h"

/*
 * The rules' words (rules/ names kinds, pieces, goods, marks and ends in
 * English, as records and tile files write them) as people read them,
 * in their language.  A word without a translation is itself.
 */
/* Where a word was found: a kind, a piece, a look, or nowhere. */
struct word_at { enum { W_KIND, W_PIECE, W_LOOK, W_SELF } what; int id; const struct cr_look *l; };

static struct word_at
word_find(const char *w)
{
	int k;

	if ((k = cr_kind_find(w, strlen(w))) >= 0)	/* a kind: "city" */
		return (struct word_at){ W_KIND, k, NULL };
	for (int id = 1; id < cr_npieces(); id++)	/* a piece: "big-knight" */
		if (strcmp(cr_piece(id)->word, w) == 0)
			return (struct word_at){ W_PIECE, id, NULL };
	for (int a = 0; a < cr_nattrs(); a++) {	/* a mark ("hill"), goods ("wine") */
		const struct cr_look *l = NULL;

		if (cr_attr(a)->type == CR_ATTR_MARK && strcmp(cr_attr(a)->key, w) == 0)
			l = cr_attr_look(a, 1);
		for (int v = 1; cr_attr(a)->type == CR_ATTR_WORD && cr_attr_word(a, v) != NULL; v++)
			if (strcmp(cr_attr_word(a, v), w) == 0)
				l = cr_attr_look(a, v);
		if (l != NULL)
			return (struct word_at){ W_LOOK, a, l };
	}
	return (struct word_at){ W_SELF, 0, NULL };
}

const char *
cmd_word(const char *w)
{
	/* The words last asked for (a ranking asks for each goods' name
	 * for each player of each game), by address and spelling, while
	 * the tables stay as they were; the translation is asked each time,
	 * the reader's language being the thread's. */
	static struct { const char *w; char copy[24]; struct word_at at; } memo[16];
	static int tables[3], next;
	int now[3] = { cr_nkinds(), cr_npieces(), cr_nattrs() }, i;
	struct word_at at;

	if (w == NULL)
		return "?";
	if (memcmp(now, tables, sizeof now) != 0) {
		memset(memo, 0, sizeof memo);
		memcpy(tables, now, sizeof now);
	}
	for (i = 0; i < 16 && (memo[i].w != w || strcmp(memo[i].copy, w) != 0); i++)
		;
	if (i < 16)
		at = memo[i].at;
	else if ((at = word_find(w)), strlen(w) < sizeof memo[0].copy) {
		memo[next].w = w;
		strcpy(memo[next].copy, w);
		memo[next].at = at;
		next = (next + 1) % 16;
	}
	switch (at.what) {
	case W_KIND:
		return nt_kind_word(at.id);
	case W_PIECE:
		return cr_piece(at.id)->cname ? nt_tr(cr_piece(at.id)->cname) : w;
	case W_LOOK:
		return at.l->word ? nt_tr(at.l->word) : w;
	default:
		return w;
	}
}

int
cmd_feature_kinds(int *out)
{
	int n = 0;

	for (int land = 0; land < 2; land++)
		for (int k = 0; k < cr_nkinds(); k++) {
			bool stood = false;

			for (int id = 1; id < cr_npieces() && !stood; id++)
				stood = cr_piece_kind(id, 0) == k || cr_piece_kind(id, 1) == k;
			if (stood && !(cr_kind_flags(k) & CR_KIND_LAND) == !land)
				out[n++] = k;
		}
	return n;
}

/* The look of a segment's kind (NULL for no segment). */
static const struct cr_kinddef *
look(const struct cr_seg *s)
{
	return s != NULL ? cr_kind(s->kind) : NULL;
}

/* Whether a segment is of an area with walls: a city (not land). */
static bool
walled(const struct cr_seg *s)
{
	return s != NULL && cr_kind(s->kind)->shape == CR_AREA &&
	    !(cr_kind_flags(s->kind) & CR_KIND_LAND);
}

/* Grid cell of each board port, clockwise from NNW. */
static const int port_cell[CR_NPORTS][2] = {
	{ 0, 1 }, { 0, 2 }, { 0, 3 },	/* NNW N NNE */
	{ 1, 4 }, { 2, 4 }, { 3, 4 },	/* ENE E ESE */
	{ 4, 3 }, { 4, 2 }, { 4, 1 },	/* SSE S SSW */
	{ 3, 0 }, { 2, 0 }, { 1, 0 },	/* WSW W WNW */
};

/* The board map's character for a crossing of the lines of t: its end's. */
static char
crossing_char(const struct cr_tiletype *t)
{
	for (int s = 0; s < t->nseg; s++)
		if (cr_end(t->seg[s].end) != NULL && cr_end(t->seg[s].end)->crossing &&
		    cr_end(t->seg[s].end)->look.map != 0)
			return cr_end(t->seg[s].end)->look.map;
	return 'o';
}

/* The board map's character for a segment at the edge in direction dir
 * (a line: north-south or east-west), '.' for none. */
static char
kind_char(const struct cr_seg *s, int dir)
{
	const struct cr_kinddef *k = look(s);

	if (k == NULL || k->map == NULL)
		return '.';
	return k->shape == CR_LINE && dir % 2 && k->map_ew ? k->map_ew[0] : k->map[0];
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
	const struct cr_seg *mid[CR_NDIRS], *half[CR_NDIRS][2], *centre = NULL;
	int lines = 0, ends = 0, cityedges = 0, fields = 0, field = -1, city = -1, sg[5][5];
	char citych = '#';

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
			grid[c[0]][c[1]] = kind_char(s, d);
			sg[c[0]][c[1]] = seg_index(t, s);
		}
		/* Toward the centre from the edge. */
		sg[in[0]][in[1]] = seg_index(t, half[d][0]);
		if (mid[d] != NULL) {
			grid[in[0]][in[1]] = kind_char(mid[d], d);
			sg[in[0]][in[1]] = seg_index(t, mid[d]);
		} else if (walled(half[d][0]))
			grid[in[0]][in[1]] = kind_char(half[d][0], d);
		if (walled(half[d][0])) {
			/* the centre's city, if the edges show one alone */
			city = cityedges++ == 0 || city == seg_index(t, half[d][0]) ?
			    seg_index(t, half[d][0]) : -1;
			citych = kind_char(half[d][0], d);
		}
	}
	/* Corners: city if either half-edge meeting there is city. */
	for (int d = 0; d < CR_NDIRS; d++) {
		const struct cr_seg *a = half[d][1], *b = half[(d + 1) % 4][0];
		int r = d == 0 || d == 3 ? 0 : 4, c = d < 2 ? 4 : 0;
		int ir = r ? 3 : 1, ic = c ? 3 : 1;

		sg[r][c] = seg_index(t, a ? a : b);
		if (walled(a) || walled(b)) {
			grid[r][c] = kind_char(walled(a) ? a : b, d);
			sg[r][c] = seg_index(t, walled(a) ? a : b);
		}
		if (a && a == b && walled(a)) {	/* one city round the corner */
			grid[ir][ic] = kind_char(a, d);
			sg[ir][ic] = seg_index(t, a);
		}
	}
	for (int s = 0; s < t->nseg; s++) {
		const struct cr_kinddef *k = cr_kind(t->seg[s].kind);

		if (k->shape == CR_CENTRE && centre == NULL)
			centre = &t->seg[s], sg[2][2] = s;
		if (k->flags & CR_KIND_LAND)
			fields++, field = s;
		if (k->shape == CR_LINE) {
			lines++;
			if (cr_end(t->seg[s].end) != NULL && cr_end(t->seg[s].end)->crossing)
				ends++;
		}
	}
	if (centre != NULL)
		grid[2][2] = kind_char(centre, 0);
	else if (ends >= 3)	/* a crossing */
		grid[2][2] = crossing_char(t);
	else if (cityedges >= 2) {
		grid[2][2] = citych;
		sg[2][2] = city;
	} else {
		/* A road through the centre: drawn along its first edge; else
		 * the field, if the tile has one alone. */
		sg[2][2] = fields == 1 ? field : -1;
		for (int d = 0; lines > 0 && d < CR_NDIRS; d++)
			if (mid[d] && look(mid[d])->map_through && (mid[d]->end == CR_END_NONE ||
			    cr_end(mid[d]->end)->stop == CR_STOP_MIDDLE)) {
				grid[2][2] = kind_char(mid[d], d);
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

/* What a cell shows: a kind (its number), a blank between two walled
 * areas, a mark. */
enum { P_WALL = CR_MAXKINDS, P_MARK };

struct pic {
	const struct cr_tiletype *t;
	int		 rot;
	int		 ground;	/* the land kind its blank cells are */
	uint8_t		 what[PN][PN];	/* a kind, P_WALL, P_MARK */
	int8_t		 seg[PN][PN];	/* the segment a cell shows, -1 */
	char		 txt[PN][PN][2];
	uint64_t	 used;		/* bit per legend entry drawn */
};

/*
 * The key, in the order it is printed: each game's entries (cr_games[r]:
 * the tile game's first), those of its modules: each kind's (struct
 * cr_kinddef.key: walled areas, land, lines, centres, each in the order
 * of their numbers), each end's (cr_end), each attribute's value's
 * (cr_attr: marks among them), then the blank between two of its walled
 * areas (its first walled kind's plural: "cities").  A picture's entries
 * are those of its tiles' game.  Translated where it is printed; the
 * marks themselves are the pictures', the same in every language.
 */
#define MAXLEG	64
static struct {
	bool		 done;
	int		 n, wall[CR_MAXGAMES];
	const char	*text[MAXLEG];
	const char	*arg[MAXLEG];	/* a format's %s (N_()), NULL for none */
	uint64_t	 game[CR_MAXGAMES];	/* the entries of each game, a bit each */
	int		 kind[CR_MAXKINDS], end[CR_MAXENDS], attr[CR_MAXATTRS];	/* entries */
} leg;

/* The class a kind is listed in: walled areas, land, lines, centres. */
static int
kind_class(int k)
{
	const struct cr_kinddef *d = cr_kind(k);

	return d->shape == CR_LINE ? 2 : d->shape == CR_CENTRE ? 3 :
	    (d->flags & CR_KIND_LAND) ? 1 : 0;
}

/* An entry of the key: its number, -1 when it has none or no room. */
static int
legend_add(const char *text)
{
	if (text == NULL || leg.n == MAXLEG - 1)
		return -1;
	leg.text[leg.n] = text;
	return leg.n++;
}

/* The entries of game r's modules not listed yet (a module of two games
 * is listed with the first). */
static void
legend_game(int r, uint32_t *listed)
{
	uint32_t mods = cr_rules_modules(r) & ~*listed;
	int first = leg.n, wall = -1;

	for (int cls = 0; cls < 4; cls++)
		for (int k = 0; k < cr_nkinds(); k++)
			if (kind_class(k) == cls && (mods >> cr_kind_ext(k) & 1)) {
				leg.kind[k] = legend_add(cr_kind(k)->key);
				if (cls == 0 && wall < 0)
					wall = k;
			}
	for (int e = 1; e < cr_nends(); e++)
		if (mods >> cr__tab.end_ext[e] & 1)
			leg.end[e] = legend_add(cr_end(e)->look.key);
	for (int a = 0; a < cr_nattrs(); a++) {
		const struct cr_look *l;

		if (!cr_attr_of(a, r) || leg.attr[a] >= 0)
			continue;
		for (int v = 1; (l = cr_attr_look(a, v)) != NULL; v++) {
			int i = legend_add(l->key);

			if (v == 1)
				leg.attr[a] = i;
			if (cr_attr(a)->type != CR_ATTR_WORD)
				break;
		}
	}
	/* TRANSLATORS: the key to the tile pictures: keep each entry's
	 * mark (##, ., == ||, Sp...) as it is, translate the words.  %s: a
	 * kind of area, in the plural ("cities", "forests"). */
	if (wall >= 0 && (leg.wall[r] = legend_add(N_("a blank between two %s: they are "
	    "separate"))) >= 0)
		leg.arg[leg.wall[r]] = cr_kind(wall)->plural;
	for (int i = first; i < leg.n; i++)
		leg.game[r] |= (uint64_t)1 << i;
	*listed |= mods;
}

static void
legend_init(void)
{
	uint32_t listed = 0;

	for (int k = 0; k < CR_MAXKINDS; k++)
		leg.kind[k] = -1;
	for (int e = 0; e < CR_MAXENDS; e++)
		leg.end[e] = -1;
	for (int a = 0; a < CR_MAXATTRS; a++)
		leg.attr[a] = -1;
	for (int r = 0; r < cr_ngames && r < CR_MAXGAMES; r++) {
		leg.wall[r] = -1;
		legend_game(r, &listed);
	}
	leg.done = true;
}

/* The bit of an entry (0 for none). */
static uint64_t
leg_bit(int i)
{
	return i >= 0 ? (uint64_t)1 << i : 0;
}

/* The bits of a kind's entry, an end's, value v of an attribute's, the
 * wall's. */
static uint64_t
leg_kind(int k)
{
	if (!leg.done)
		legend_init();
	return leg_bit(leg.kind[k]);
}

static uint64_t
leg_end(int e)
{
	if (!leg.done)
		legend_init();
	return leg_bit(leg.end[e]);
}

static uint64_t
leg_attr(int a, int v)
{
	if (!leg.done)
		legend_init();
	return leg.attr[a] < 0 ? 0 : leg_bit(leg.attr[a] + (cr_attr(a)->type == CR_ATTR_WORD ?
	    v - 1 : 0));
}

/* The blank between two walled areas of kind k. */
static uint64_t
leg_wall(int k)
{
	if (!leg.done)
		legend_init();
	for (int r = 0; r < cr_ngames && r < CR_MAXGAMES; r++)
		if (cr_rules_modules(r) >> cr_kind_ext(k) & 1)
			return leg_bit(leg.wall[r]);
	return 0;
}

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

/* Does cell r,c show a walled area (a city)? */
static bool
pwalled(const struct pic *p, int r, int c)
{
	return p->what[r][c] < P_WALL && p->seg[r][c] >= 0 && walled(&p->t->seg[p->seg[r][c]]);
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

/* The kind of t's walled areas (a city), for the key's blank between two. */
static int
wall_kind(const struct cr_tiletype *t)
{
	for (int s = 0; s < t->nseg; s++)
		if (walled(&t->seg[s]))
			return t->seg[s].kind;
	return 0;
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
					if (h[i] < 0 || !walled(&t->seg[h[i]]))
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
				if (walled(&t->seg[s]) && pcrosses(pseg_dirs(p, s)) &&
				    s != claim)
					nclaim++, claim = s;
			if (nclaim == 1)
				pset(p, r, c, t->seg[claim].kind, claim, look(&t->seg[claim])->pic[0]);
			else if (nclaim > 1)
				pset(p, r, c, P_WALL, -1, "  ");
		}
	for (int r = 0; r < PN; r++)
		for (int c = 0; c < PN; c++) {
			static const int nb[4][2] = { { -1, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 } };

			if (!pwalled(p, r, c))
				continue;
			for (int i = 0; i < 4; i++) {
				int rr = r + nb[i][0], cc = c + nb[i][1];

				if (rr >= 0 && rr < PN && cc >= 0 && cc < PN &&
				    pwalled(p, rr, cc) && p->seg[rr][cc] != p->seg[r][c] &&
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
				p->used |= leg_wall(wall_kind(p->t));
			else if (pwalled(p, r, c))
				p->used |= leg_kind(p->what[r][c]);
}

/* The cell k steps in from the middle of edge d (PMID: the centre). */
static void
paxis(int d, int k, int *r, int *c)
{
	*r = d == CR_N ? k : d == CR_S ? PN - 1 - k : PMID;
	*c = d == CR_W ? k : d == CR_E ? PN - 1 - k : PMID;
}

/* Cell r,c shows segment s, a line (a road, a river): how is '|'
 * (north-south), '=' (east-west), or the corner of a bend, '/' or a
 * backslash; its look says how each is drawn. */
static void
pline(struct pic *p, int r, int c, int s, int how)
{
	const struct cr_kinddef *k = look(&p->t->seg[s]);
	int i = how == '/' ? 2 : how == '\\' ? 3 : how == '|' ? 0 : 1;

	pset(p, r, c, p->t->seg[s].kind, s, k->pic[i] ? k->pic[i] : k->pic[0]);
	p->used |= leg_kind(p->t->seg[s].kind);
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

/* A centre kind (the cloister): the centre, unless a line runs through
 * it (River H); then the nearest cell of the middle lines that is land.
 * *pr -1 if the tile has none. */
static void
pcloister(struct pic *p, int *pr, int *pc)
{
	static const int at[][2] = {
		{ PMID, PMID }, { PMID - 1, PMID }, { PMID + 1, PMID },
		{ PMID, PMID - 1 }, { PMID, PMID + 1 },
	};
	size_t i = 0;
	int s = 0;

	*pr = *pc = -1;
	while (s < p->t->nseg && look(&p->t->seg[s])->shape != CR_CENTRE)
		s++;
	if (s == p->t->nseg)
		return;
	while (i + 1 < sizeof at / sizeof at[0] && p->what[at[i][0]][at[i][1]] != p->ground)
		i++;
	if (p->what[at[i][0]][at[i][1]] != p->ground)
		i = 0;
	*pr = at[i][0], *pc = at[i][1];
	pset(p, *pr, *pc, P_MARK, s, look(&p->t->seg[s])->pic[0]);
	p->used |= leg_kind(p->t->seg[s].kind);
}

/* Whether a road or river walking in stops before cell r,c: its goal,
 * or (tr < 0) a city. */
static bool
pstops(const struct pic *p, int r, int c, int tr, int tc)
{
	if (tr >= 0)
		return r == tr && c == tc;
	return pwalled(p, r, c) || p->what[r][c] == P_WALL;	/* a gate */
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
			if (pwalled(p, r, c))
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
	const struct cr_tiletype *t = p->t;
	int nend[CR_MAXENDS] = { 0 };
	bool centre_free = p->what[PMID][PMID] == p->ground;

	for (int s = 0; s < t->nseg; s++)
		if (t->seg[s].kind == kind && t->seg[s].end < CR_MAXENDS)
			nend[t->seg[s].end]++;
	for (int s = 0; s < t->nseg; s++) {
		const struct cr_seg *sg = &t->seg[s];
		const struct cr_end *e = cr_end(sg->end);
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
		if (e != NULL && e->stop == CR_STOP_GATE)
			tr = tc = -1;
		else if (e != NULL && e->stop == CR_STOP_CENTRE && clr >= 0)
			tr = clr, tc = clc;
		else if (e != NULL && e->stop == CR_STOP_MIDDLE)
			tr = tc = PMID;	/* up to the middle */
		else if (e == NULL || nend[sg->end] < 2 || !centre_free)
			paxis(d, PMID - 1, &tr, &tc);
		pwalk(p, s, d, tr, tc);
		if (e != NULL && e->look.pic != NULL && p->what[tr][tc] != P_MARK) {
			pset(p, tr, tc, P_MARK, s, e->look.pic);
			p->used |= leg_end(sg->end);
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
 * any cell that holds no mark yet: land, walled areas, lines. */
static void
pmark(struct pic *p, int what, int seg, int by, const char *txt, uint64_t leg)
{
	int r, c;
	bool found = ppick(p, what, seg, by, &r, &c) || ppick(p, p->ground, -1, -1, &r, &c);

	for (int cls = 0; !found && cls < 3; cls += 2)	/* walled areas, then lines */
		for (int k = 0; !found && k < cr_nkinds(); k++)
			found = kind_class(k) == cls && ppick(p, k, -1, -1, &r, &c);
	if (!found)
		return;
	pset(p, r, c, P_MARK, seg, txt);
	p->used |= leg;
}

/* What the modules' tables put on a tile (struct cr_attr): pennants,
 * cathedrals and goods in their city, an inn beside its road, each as
 * often as its count; the tile's marks (hill, vineyard...) in its land. */
static void
pmarks(struct pic *p)
{
	const struct cr_tiletype *t = p->t;

	for (int s = 0; s < t->nseg; s++)
		for (int a = 0; a < cr_nattrs(); a++) {
			const struct cr_attr *x = cr_attr(a);
			int v = cr_tile_attr(t, s, a), n = x->type == CR_ATTR_COUNT ? v : v != 0;
			const struct cr_look *l = cr_attr_look(a, x->type == CR_ATTR_WORD ? v : 1);

			if (x->type == CR_ATTR_MARK || l == NULL || l->pic == NULL)
				continue;
			for (int i = 0; i < n; i++)
				if (x->where == CR_BESIDE)
					pmark(p, p->ground, -1, s, l->pic, leg_attr(a, v));
				else
					pmark(p, t->seg[s].kind, s, -1, l->pic, leg_attr(a, v));
		}
	for (int a = 0; a < cr_nattrs(); a++) {
		const struct cr_look *l = cr_attr_look(a, 1);

		if (cr_attr(a)->type == CR_ATTR_MARK && (t->marks & cr_attr_bit(a)) && l != NULL &&
		    l->pic != NULL)
			pmark(p, p->ground, -1, -1, l->pic, leg_attr(a, 1));
	}
}

int
cmd_line_kinds(const struct cr_tiletype *t, int *out)
{
	int n = 0;

	for (int s = 0; s < t->nseg; s++) {
		int k = t->seg[s].kind, i;

		if (cr_kind(k)->shape != CR_LINE)
			continue;
		for (i = 0; i < n && out[i] != k; i++)
			;
		if (i < n)
			continue;
		for (i = n++; i > 0 && cr_kind(out[i - 1])->layer > cr_kind(k)->layer; i--)
			out[i] = out[i - 1];
		out[i] = k;
	}
	return n;
}

int
cmd_ground(const struct cr_tiletype *t)
{
	for (int s = 0; s < t->nseg; s++)
		if (cr_kind_flags(t->seg[s].kind) & CR_KIND_LAND)
			return t->seg[s].kind;
	for (int k = 0; k < cr_nkinds(); k++)
		if (cr_kind_flags(k) & CR_KIND_LAND)
			return k;
	return 0;
}

uint64_t
cmd_picture(const struct cr_tileset *ts, int type, int rot,
    char pic[CMD_PIC_H][CMD_PIC_W + 1])
{
	struct pic p;
	int clr, clc, lines[CR_MAXKINDS], nl;
	const char *blank;

	memset(&p, 0, sizeof p);
	p.t = &ts->type[type];
	p.rot = rot & 3;
	p.ground = cmd_ground(p.t);
	blank = cr_kind(p.ground)->pic[0] ? cr_kind(p.ground)->pic[0] : ". ";
	for (int r = 0; r < PN; r++)
		for (int c = 0; c < PN; c++)
			pset(&p, r, c, p.ground, -1, blank);
	pcities(&p);
	nl = cmd_line_kinds(p.t, lines);
	for (int i = 0; i < nl; i++)
		pthrough(&p, lines[i]);
	pcloister(&p, &clr, &clc);
	for (int i = 0; i < nl; i++)
		pends(&p, lines[i], clr, clc);
	pmarks(&p);
	for (int r = 0; r < PN; r++) {
		for (int c = 0; c < PN; c++) {
			pic[r][2 * c] = p.txt[r][c][0];
			pic[r][2 * c + 1] = p.txt[r][c][1];
			if (p.what[r][c] == p.ground)
				p.used |= leg_kind(p.ground);
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

uint64_t
cmd_print_rotations(FILE *f, const struct cr_tileset *ts, int type, const int *rots,
    int n, bool titles)
{
	enum { GAP = 4, INDENT = 2 };
	/* As many side by side as fit in CMD_WIDTH columns, then the next. */
	int per = (CMD_WIDTH - INDENT + GAP) / (CMD_PIC_W + GAP);
	char pic[CMD_PIC_H][CMD_PIC_W + 1], line[4 * CMD_WIDTH + 1];	/* UTF-8 */
	char (*all)[CMD_PIC_H][CMD_PIC_W + 1];
	uint64_t used = 0;

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

uint64_t
cmd_legend_game(int r)
{
	if (!leg.done)
		legend_init();
	return r >= 0 && r < cr_ngames && r < CR_MAXGAMES ? leg.game[r] : 0;
}

void
cmd_print_legend(FILE *f, uint64_t used)
{
	const char *item[MAXLEG];
	char *made[MAXLEG];
	int n = 0, nmade = 0;

	if (!leg.done)
		legend_init();
	for (int i = 0; i < leg.n; i++) {
		if (!(used & ((uint64_t)1 << i)) || leg.text[i] == NULL)
			continue;
		if (leg.arg[i] == NULL)
			item[n++] = _(leg.text[i]);
		else if ((made[nmade] = cmd_strf(_(leg.text[i]), _(leg.arg[i]))) != NULL)
			item[n++] = made[nmade++];
	}
	if (n > 0)
		cmd_print_list(f, _("key: "), item, n);
	while (nmade > 0)
		free(made[--nmade]);
}
