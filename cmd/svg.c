/*
 * svg.c -- the board as an SVG picture, for a dispute: every tile drawn
 * from its tile data, every piece in its player's colour at its spot.
 *
 * The geometry is derived from the ports (rules/geom.h), turned as the
 * tile lies: a tile is a square of side T, its border a loop that starts
 * at the north-west corner and runs clockwise (s from 0 to 4, one unit
 * an edge), so that each half-edge is half a unit of it and each edge's
 * middle port the point in between.  A city is a polygon that follows
 * its half-edges along the border and closes with a curve bowed into the
 * tile (two runs of border, as F's city W and E, are joined across the
 * tile); a field is the background, and when highlighted a polygon from
 * its half-edges to the centre; a road or river is a line from each edge
 * middle to the centre, straight across or curved when it turns.  Marks
 * (pennants, inns, cathedrals, goods, hills, vineyards...) are small
 * glyphs, each in the key under the board with the pieces.
 *
 * All coordinates are whole numbers (a tile is 100 units): the output
 * does not depend on the locale's decimal point.  The words (title, key,
 * scores, the account) are in the user's language, escaped as any text.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "svg.h"
#include "rules/ext.h"
#include "notation/i18n.h"

#define T	100	/* a tile's side */
#define MARGIN	34	/* around the board: the coordinates */
#define TITLE	30	/* above it: the title */
#define LINE	26	/* a line of text under it */
#define CHARW	9	/* a blank of an indent, at the font's size */
#define WIDE	22	/* at most a column of a character beyond ASCII: text_px */
#define INSET	0.05	/* a city stops this short of an edge's middle */

/* Colours. */
#define C_FIELD		"#a9d08e"
#define C_GRID		"#6f8f57"
#define C_CITY		"#dcae74"
#define C_WALL		"#7a4a1c"
#define C_ROAD		"#f6f2e4"
#define C_ROADEDGE	"#4d4d4d"
#define C_RIVER		"#3d85c6"
#define C_HIGH		"#e6007e"	/* the feature highlighted */

/* What the key lists, each when the board shows it (translated where it
 * is shown). */
enum key {
	K_CITY, K_ROAD, K_RIVER, K_CLOISTER, K_VILLAGE, K_PENNANT, K_INN,
	K_CATHEDRAL, K_WINE, K_GRAIN, K_CLOTH, K_HILL, K_VINEYARD, K_GARDEN,
	K_VOLCANO, K_PIGHERD, K_LAST, K_HIGH,
	K_STAND, K_LIE, K_BIG, K_BUILDER, K_PIG, K_SHEPHERD,
	NKEYS
};

static const char *const key_words[NKEYS] = {
	[K_CITY] = N_("city"), [K_ROAD] = N_("road"), [K_RIVER] = N_("river"),
	[K_CLOISTER] = N_("cloister"), [K_VILLAGE] = N_("where a road ends (village, house)"),
	[K_PENNANT] = N_("pennant"), [K_INN] = N_("inn"), [K_CATHEDRAL] = N_("cathedral"),
	[K_WINE] = N_("wine"), [K_GRAIN] = N_("grain"), [K_CLOTH] = N_("cloth"),
	[K_HILL] = N_("hill"), [K_VINEYARD] = N_("vineyard"), [K_GARDEN] = N_("garden"),
	[K_VOLCANO] = N_("volcano"), [K_PIGHERD] = N_("pig herd"),
	[K_LAST] = N_("the last tile placed"), [K_HIGH] = N_("the feature asked about"),
	[K_STAND] = N_("thief, knight, monk (standing)"), [K_LIE] = N_("farmer (lying)"),
	[K_BIG] = N_("big meeple"), [K_BUILDER] = N_("builder"), [K_PIG] = N_("pig"),
	[K_SHEPHERD] = N_("shepherd"),
};

/* A tile mark's key, by enum cr_mark. */
static const int mark_key[CR_NMARKS] = {
	[CR_MARK_HILL] = K_HILL, [CR_MARK_VINEYARD] = K_VINEYARD,
	[CR_MARK_GARDEN] = K_GARDEN, [CR_MARK_VOLCANO] = K_VOLCANO,
	[CR_MARK_PIGHERD] = K_PIGHERD,
};

/* Where each spot's piece stands in a tile, 0..1, y down. */
static const double spot_at[CR_NSPOTS][2] = {
	[CR_SPOT_N] = { .5, .11 }, [CR_SPOT_NNE] = { .75, .11 }, [CR_SPOT_NE] = { .86, .14 },
	[CR_SPOT_ENE] = { .89, .25 }, [CR_SPOT_E] = { .89, .5 }, [CR_SPOT_ESE] = { .89, .75 },
	[CR_SPOT_SE] = { .86, .86 }, [CR_SPOT_SSE] = { .75, .89 }, [CR_SPOT_S] = { .5, .89 },
	[CR_SPOT_SSW] = { .25, .89 }, [CR_SPOT_SW] = { .14, .86 }, [CR_SPOT_WSW] = { .11, .75 },
	[CR_SPOT_W] = { .11, .5 }, [CR_SPOT_WNW] = { .11, .25 }, [CR_SPOT_NW] = { .14, .14 },
	[CR_SPOT_NNW] = { .25, .11 }, [CR_SPOT_C] = { .5, .5 },
};

/* The players' colours: the REPL's ANSI codes (play-session.c) as RGB. */
static const struct { int ansi; const char *rgb; } colours[] = {
	{ 31, "#d62728" }, { 34, "#1f5fd6" }, { 32, "#2ca02c" }, { 33, "#f2c80f" },
	{ 90, "#222222" }, { 37, "#9a9a9a" }, { 95, "#ff7fc8" }, { 35, "#8e44ad" },
	{ 91, "#ff7f0e" }, { 97, "#ffffff" }, { 36, "#17becf" },
};

struct pt { double x, y; };

/* Everything the picture is drawn with. */
struct pic {
	FILE			*f;
	const struct cr_game	*g;
	const struct cr_tileset	*ts;
	const struct svg_board	*b;
	int			 fid;		/* the highlighted feature's id, -1 */
	bool			 used[NKEYS];	/* what the key lists */
};

static const char *
player_rgb(const struct svg_board *b, int p)
{
	for (size_t i = 0; i < sizeof colours / sizeof colours[0]; i++)
		if (b->ansi != NULL && colours[i].ansi == b->ansi[p])
			return colours[i].rgb;
	return "#888888";
}

/* v rounded to a whole number (no libm). */
static int
rnd(double v)
{
	return (int)(v < 0 ? v - .5 : v + .5);
}

/* A point of a tile, in units of the picture: "X Y". */
static void
put_pt(FILE *f, struct pt p)
{
	fprintf(f, "%d %d", rnd(p.x * T), rnd(p.y * T));
}

/*
 * Text from a record or a user, as XML character data or an attribute's
 * value: controls and bad UTF-8 as visible escapes (out_escape, as on a
 * terminal), then & < > " ' as references; the two non-characters XML
 * refuses (U+FFFE, U+FFFF) as escapes too, a newline as a blank.
 */
static void
put_text(FILE *f, const char *s)
{
	char *e = out_escape(s);
	const unsigned char *p = (const unsigned char *)(e ? e : "?");

	for (; *p; p++)
		switch (*p) {
		case '&':	fputs("&amp;", f); break;
		case '<':	fputs("&lt;", f); break;
		case '>':	fputs("&gt;", f); break;
		case '"':	fputs("&quot;", f); break;
		case '\'':	fputs("&#39;", f); break;
		case '\n':	fputc(' ', f); break;
		case 0xef:
			if (p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf)) {
				fprintf(f, "\\uff%s", p[2] == 0xbe ? "fe" : "ff");
				p += 2;
				break;
			}
			/* FALLTHROUGH */
		default:
			fputc(*p, f);
		}
	free(e);
}

/* ---- the geometry of one tile ------------------------------------------- */

/* The point at s along the border (clockwise from the north-west corner). */
static struct pt
border(double s)
{
	int e;
	double t;

	while (s >= 4)
		s -= 4;
	while (s < 0)
		s += 4;
	e = (int)s, t = s - e;
	switch (e) {
	case 0:		return (struct pt){ t, 0 };
	case 1:		return (struct pt){ 1, t };
	case 2:		return (struct pt){ 1 - t, 1 };
	default:	return (struct pt){ 0, 1 - t };
	}
}

/* Into the tile from s: across its edge, or towards the centre from a corner. */
static struct pt
inward(double s)
{
	static const struct pt normal[4] = { { 0, 1 }, { -1, 0 }, { 0, -1 }, { 1, 0 } };
	double frac;
	int e;

	while (s >= 4)
		s -= 4;
	e = (int)s, frac = s - e;
	if (frac < 1e-6 || frac > 1 - 1e-6) {	/* a corner: 1/sqrt(2) each way */
		struct pt c = border(s);

		return (struct pt){ c.x < .5 ? .7071 : -.7071, c.y < .5 ? .7071 : -.7071 };
	}
	return normal[e];
}

static struct pt
along(struct pt p, struct pt d, double k)
{
	return (struct pt){ p.x + d.x * k, p.y + d.y * k };
}

/* The half-edges of a set of ports, bit h for half h of the border
 * (2 per edge, clockwise from the north edge's west half). */
static unsigned
halves_of(cr_ports ports)
{
	unsigned h = 0;

	for (int d = 0; d < CR_NDIRS; d++) {
		if (ports & (1u << CR_PORT(d, 0)))
			h |= 1u << (2 * d);
		if (ports & (1u << CR_PORT(d, 2)))
			h |= 1u << (2 * d + 1);
	}
	return h;
}

/* Runs of consecutive half-edges, clockwise: from half a, n of them. */
struct run { int a, n; };

static int
runs_of(unsigned halves, struct run r[4])
{
	int k = 0, start = 0;

	if (halves == 0)
		return 0;
	if (halves == 0xff) {
		r[0] = (struct run){ 0, 8 };
		return 1;
	}
	while (!(halves & (1u << start)) || (halves & (1u << ((start + 7) % 8))))
		start++;	/* a half whose predecessor is not in the set */
	for (int i = 0; i < 8; i++) {
		int h = (start + i) % 8;

		if (!(halves & (1u << h)))
			continue;
		if (i > 0 && (halves & (1u << ((h + 7) % 8))))
			r[k - 1].n++;
		else
			r[k++] = (struct run){ h, 1 };
	}
	return k;
}

/* The border from s = a to s = b, corners included, as "L x y" pieces. */
static void
put_border(FILE *f, double a, double b)
{
	for (int c = (int)a + 1; c < b - 1e-6; c++) {
		fputs("L", f);
		put_pt(f, border(c));
	}
	fputs("L", f);
	put_pt(f, border(b));
}

/*
 * A city's outline, as a path's d: its runs of border, each closed by a
 * curve bowed into the tile (one run) or joined to the next run by a
 * curve that keeps to the field's side of the tile (several runs).
 * *anchor gets a point inside it for its marks.
 */
static void
city_path(FILE *f, unsigned halves, struct pt *anchor)
{
	/* How far into the tile a lone run's closing curve reaches, by its
	 * length in halves: a cap, an L, a corner, most of the tile. */
	static const double depth[9] = { 0, .22, .4, .5, .99, .95, .65, .6, 0 };
	struct run r[4];
	int k = runs_of(halves, r);

	*anchor = (struct pt){ .5, .5 };
	if (k == 1 && r[0].n == 8) {
		fprintf(f, "M0 0H%dV%dH0Z", T, T);
		return;
	}
	for (int i = 0; i < k; i++) {
		const struct run *nx = &r[(i + 1) % k];
		double a = r[i].a * .5, b = (r[i].a + r[i].n) * .5, na = nx->a * .5, mid;
		struct pt q;

		/* An edge's middle: the other half may be another city. */
		if (r[i].a % 2)
			a += INSET;
		if ((r[i].a + r[i].n) % 2)
			b -= INSET;
		if (nx->a % 2)
			na += INSET;
		if (i == 0) {
			fputs("M", f);
			put_pt(f, border(a));
		}
		put_border(f, a, b);
		if (k == 1) {
			mid = (a + b) / 2;
			q = along(border(mid), inward(mid), depth[r[i].n]);
			*anchor = along(border(mid), inward(mid), r[i].n <= 2 ? .1 :
			    depth[r[i].n] * .45);
			if (r[i].n <= 2) {	/* beside the piece standing at the edge */
				struct pt in = inward(mid);

				*anchor = along(*anchor, (struct pt){ -in.y, in.x }, .25);
			}
		} else {
			if (na < b)
				na += 4;
			mid = (b + na) / 2;
			q = along(border(mid), inward(mid), .32);
		}
		fputs("Q", f);
		put_pt(f, q);
		fputs(" ", f);
		put_pt(f, border(na));
	}
	fputs("Z", f);
}

/*
 * The half-edges whose wedges (the triangle from a half-edge to the
 * centre) a field's area takes on a tile turned rot: its own, and those of
 * the cities beside them, for the ground between a city's wall and the
 * centre is field too (left out, one field looked like two, a wedge
 * missing beside each city edge).  A run of city half-edges is shared
 * between the fields at its two ends, the nearer taking each half, both
 * the middle one.
 */
static unsigned
field_halves(const struct cr_tiletype *tt, int rot, int s)
{
	int field[8];	/* the field segment of each half-edge, -1 */
	unsigned own = 0;

	for (int h = 0; h < 8; h++)
		field[h] = -1;
	for (int i = 0; i < tt->nseg; i++) {
		unsigned hs = halves_of(cr_ports_rotate(tt->seg[i].ports, rot));

		for (int h = 0; h < 8; h++)
			if ((hs & (1u << h)) && tt->seg[i].kind == CR_FIELD)
				field[h] = i;
	}
	for (int h = 0; h < 8; h++) {
		int dp = 1, ds = 1;

		if (field[h] >= 0) {
			own |= field[h] == s ? 1u << h : 0;
			continue;
		}
		while (dp < 8 && field[(h + 8 - dp) % 8] < 0)
			dp++;
		while (ds < 8 && field[(h + ds) % 8] < 0)
			ds++;
		if ((dp <= ds && field[(h + 8 - dp) % 8] == s) ||
		    (ds <= dp && field[(h + ds) % 8] == s))
			own |= 1u << h;
	}
	return own;
}

/*
 * A field's area, as a path's d: from each run of its half-edges
 * (field_halves) to the centre, or, where the run ends at a curved road
 * or river (joined[d]: the other edge of the line that curves from edge
 * d's middle, -1), along the curve as line_path draws it; a circle about
 * the centre for an inner field.
 */
static void
field_path(FILE *f, unsigned halves, const int joined[CR_NDIRS])
{
	struct run r[4];
	int k = runs_of(halves, r);

	if (k == 0) {
		fprintf(f, "M%d %dm-22 0a22 22 0 1 0 44 0a22 22 0 1 0-44 0Z", T / 2, T / 2);
		return;
	}
	if (r[0].n == 8) {
		fprintf(f, "M0 0H%dV%dH0Z", T, T);
		return;
	}
	fputs("M", f);
	put_pt(f, border(r[0].a * .5));
	for (int i = 0; i < k; i++) {
		int end = (r[i].a + r[i].n) % 8, next = r[(i + 1) % k].a;

		put_border(f, r[i].a * .5, (r[i].a + r[i].n) * .5);
		if (end % 2 && next % 2 && joined[end / 2] == next / 2) {
			fprintf(f, "Q%d %d ", T / 2, T / 2);	/* the line's own curve */
			put_pt(f, border(next * .5));
			continue;
		}
		fprintf(f, "L%d %d", T / 2, T / 2);
		if (i + 1 < k) {
			fputs("L", f);
			put_pt(f, border(next * .5));
		}
	}
	fputs("Z", f);
}

/* Inside a city, well in from its edges: where a road into it leads. */
static struct pt
city_heart(unsigned halves)
{
	struct run r[4];
	double mid;

	if (runs_of(halves, r) != 1 || r[0].n == 8)
		return (struct pt){ .5, .5 };
	mid = (r[0].a + r[0].n / 2.0) * .5;
	return along(border(mid), inward(mid), .1);
}

/* A road's or river's line, as a path's d: each edge middle to the
 * centre, straight across, or curving round the centre; a lone end
 * on from the centre to TO when set.  *mark gets a point beside it (an
 * inn). */
static void
line_path(FILE *f, cr_ports ports, const struct pt *to, struct pt *mark)
{
	int dirs[CR_NDIRS], k = 0;
	struct pt c = { .5, .5 }, e, d;

	for (int dir = 0; dir < CR_NDIRS; dir++)
		if (ports & (1u << CR_PORT_MID(dir)))
			dirs[k++] = dir;
	if (k == 0) {
		*mark = c;
		return;
	}
	e = border(dirs[0] + .5);
	d = (struct pt){ c.x - e.x, c.y - e.y };	/* along it, half a tile */
	*mark = along(along(e, d, .5), (struct pt){ -d.y, d.x }, .3);
	if (k == 1 && to != NULL) {
		fputs("M", f);
		put_pt(f, e);
		fprintf(f, "L%d %dL", T / 2, T / 2);
		put_pt(f, *to);
		return;
	}
	if (k == 2) {
		fputs("M", f);
		put_pt(f, e);
		fputs((dirs[1] - dirs[0]) % 2 ? "Q50 50 " : "L", f);
		put_pt(f, border(dirs[1] + .5));
		return;
	}
	for (int i = 0; i < k; i++) {
		fputs("M", f);
		put_pt(f, border(dirs[i] + .5));
		fprintf(f, "L%d %d", T / 2, T / 2);
	}
}

/* ---- glyphs: marks and pieces, centred on 0,0 ------------------------------ */

static void
glyph(struct pic *pc, int key, struct pt at)
{
	FILE *f = pc->f;

	pc->used[key] = true;
	fprintf(f, "<g transform=\"translate(%d %d)\">", rnd(at.x), rnd(at.y));
	switch (key) {
	case K_CITY:
		fprintf(f, "<path d=\"M-8-8H8V-2Q0 2-8-2Z\" fill=\"%s\" stroke=\"%s\" "
		    "stroke-width=\"1.5\"/>", C_CITY, C_WALL);
		break;
	case K_ROAD:
		fprintf(f, "<path d=\"M-9 0H9\" stroke=\"%s\" stroke-width=\"9\"/><path "
		    "d=\"M-9 0H9\" stroke=\"%s\" stroke-width=\"5\"/>", C_ROADEDGE, C_ROAD);
		break;
	case K_RIVER:
		fprintf(f, "<path d=\"M-9 0H9\" stroke=\"%s\" stroke-width=\"10\"/>", C_RIVER);
		break;
	case K_CLOISTER:
		fputs("<rect x=\"-13\" y=\"-13\" width=\"26\" height=\"26\" fill=\"#f3e3c3\" "
		    "stroke=\"#6b3e1f\" stroke-width=\"2\"/><path d=\"M0-8V8M-6-3H6\" "
		    "stroke=\"#8b1a1a\" stroke-width=\"3\"/>", f);
		break;
	case K_VILLAGE:
		fputs("<rect x=\"-6\" y=\"-6\" width=\"12\" height=\"12\" fill=\"#5d4037\" "
		    "stroke=\"#fff\" stroke-width=\"1\"/>", f);
		break;
	case K_PENNANT:
		fputs("<path d=\"M-5-6H5V0L0 6L-5 0Z\" fill=\"#1f4fbf\" stroke=\"#fff\" "
		    "stroke-width=\"1.2\"/>", f);
		break;
	case K_INN:
		fputs("<path d=\"M-7 6V-1L0-7L7-1V6Z\" fill=\"#e67e22\" stroke=\"#5a2d0c\" "
		    "stroke-width=\"1.2\"/>", f);
		break;
	case K_CATHEDRAL:
		fputs("<rect x=\"-7\" y=\"-7\" width=\"14\" height=\"14\" fill=\"#6a3d9a\" "
		    "stroke=\"#fff\" stroke-width=\"1.2\"/><path d=\"M0-5V5M-4-1H4\" "
		    "stroke=\"#fff\" stroke-width=\"2\"/>", f);
		break;
	case K_WINE:
		fputs("<circle r=\"6\" fill=\"#7b1e3c\" stroke=\"#fff\" stroke-width=\"1.2\"/>", f);
		break;
	case K_GRAIN:
		fputs("<path d=\"M0-7L6 0L0 7L-6 0Z\" fill=\"#f1c40f\" stroke=\"#6b5500\" "
		    "stroke-width=\"1.2\"/>", f);
		break;
	case K_CLOTH:
		fputs("<rect x=\"-5\" y=\"-5\" width=\"10\" height=\"10\" fill=\"#5dade2\" "
		    "stroke=\"#1b4f72\" stroke-width=\"1.2\"/>", f);
		break;
	case K_HILL:
		fputs("<path d=\"M-9 6L0-7L9 6Z\" fill=\"#8d6e63\" stroke=\"#fff\" "
		    "stroke-width=\"1.2\"/>", f);
		break;
	case K_VINEYARD:
		fputs("<g fill=\"#6c3483\" stroke=\"#fff\" stroke-width=\".8\"><circle cx=\"-3\" "
		    "cy=\"-2\" r=\"3.2\"/><circle cx=\"3\" cy=\"-2\" r=\"3.2\"/><circle cy=\"3\" "
		    "r=\"3.2\"/></g>", f);
		break;
	case K_GARDEN:
		fputs("<rect x=\"-6\" y=\"-6\" width=\"12\" height=\"12\" rx=\"3\" fill=\"#27ae60\" "
		    "stroke=\"#145a32\" stroke-width=\"1.2\"/>", f);
		break;
	case K_VOLCANO:
		fputs("<path d=\"M-9 6L-2-6H2L9 6Z\" fill=\"#c0392b\" stroke=\"#fff\" "
		    "stroke-width=\"1.2\"/>", f);
		break;
	case K_PIGHERD:
		fputs("<circle r=\"6\" fill=\"#f5a6c0\" stroke=\"#7b3f52\" stroke-width=\"1.2\"/>", f);
		break;
	case K_LAST:
		fputs("<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"none\" "
		    "stroke=\"#000\" stroke-width=\"3\" stroke-dasharray=\"4 2\"/>", f);
		break;
	case K_HIGH:
		fprintf(f, "<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"%s\" "
		    "fill-opacity=\".35\" stroke=\"%s\" stroke-width=\"3\"/>", C_HIGH, C_HIGH);
		break;
	}
	fputs("</g>\n", f);
}

/* The outline of a meeple, 18 high. */
#define MEEPLE	"M-2.5-2.5L-8-1L-8.5 2L-3 3L-7 9L-1 9L0 6L1 9L7 9L3 3L8.5 2L8-1L2.5-2.5Z" \
		"M3.5-5.5A3.5 3.5 0 1 1-3.5-5.5A3.5 3.5 0 1 1 3.5-5.5Z"

/* The key of a piece: its shape. */
static int
piece_key(int role)
{
	const struct cr_piece *pc = cr_piece(role);

	if (pc == NULL)
		return K_STAND;
	if (pc->does != NULL)		/* a piece that weighs nothing */
		return strcmp(pc->word, "pig") == 0 ? K_PIG :
		    strcmp(pc->word, "shepherd") == 0 ? K_SHEPHERD : K_BUILDER;
	if (pc->weight > 1)
		return K_BIG;
	return pc->kind == CR_FIELD ? K_LIE : K_STAND;
}

/* Whether a piece lies down: a follower in a field (a farmer). */
static bool
piece_lies(int role)
{
	const struct cr_piece *pc = cr_piece(role);

	return pc != NULL && pc->does == NULL && pc->kind == CR_FIELD;
}

/* A piece of shape KEY (lying down if LIE: in a field) in colour RGB at
 * AT; its title (a tooltip) player WHO's name and TIP. */
static void
piece(struct pic *pc, int key, bool lie, const char *rgb, struct pt at, const char *tip,
    int who)
{
	FILE *f = pc->f;

	pc->used[key] = true;
	if (lie && key == K_BIG)
		pc->used[K_LIE] = true;
	fprintf(f, "<g transform=\"translate(%d %d)%s scale(%s)\" fill=\"%s\" stroke=\"#111\" "
	    "stroke-width=\"1.2\">", rnd(at.x), rnd(at.y), lie ? " rotate(90)" : "",
	    key == K_BIG ? "1.6" : "1.2", rgb);
	if (tip != NULL) {
		fputs("<title>", f);
		put_text(f, pc->b->names[who]);
		put_text(f, tip);
		fputs("</title>", f);
	}
	switch (key) {
	case K_BUILDER:
		fputs("<path d=\"M-6 9L-2.5-2L-5-3.5V-5H5V-3.5L2.5-2L6 9Z"
		    "M3.5-8.5A3.5 3.5 0 1 1-3.5-8.5A3.5 3.5 0 1 1 3.5-8.5Z\"/>", f);
		break;
	case K_PIG:
		fputs("<path d=\"M-9 1A9 6 0 1 0 9 1A9 6 0 1 0-9 1Z"
		    "M8-1.5H11.5V3.5H8ZM-5-3.5L-3-8.5L-0.5-4.5Z\"/>", f);
		break;
	case K_SHEPHERD:
		fputs("<path d=\"" MEEPLE "\"/><path d=\"M10 9V-5A3 3 0 0 0 4-5\" "
		    "fill=\"none\" stroke-width=\"1.8\"/>", f);
		break;
	default:
		fputs("<path d=\"" MEEPLE "\"/>", f);
		if (key == K_BIG)	/* a ring: big at a glance */
			fputs("<circle cy=\"3\" r=\"2\" fill=\"#fff\" stroke=\"none\"/>", f);
	}
	fputs("</g>\n", f);
}

/* ---- one tile ---------------------------------------------------------------- */

static bool
highlighted(struct pic *pc, int seg)
{
	return pc->fid >= 0 && cr_game_feature_id(pc->g, seg) == pc->fid;
}

/* Glyphs in a row centred at AT: the marks of one city. */
static void
glyph_row(struct pic *pc, const int *keys, int n, struct pt at)
{
	for (int i = 0; i < n; i++)
		glyph(pc, keys[i], (struct pt){ at.x * T + (i - (n - 1) / 2.0) * 15, at.y * T });
}


/* A road or river segment S of tile T: a river in one stroke, a road in
 * two (its outline, then its surface); a lone end led on to TO, if set. */
static void
draw_line(struct pic *pc, const struct cr_placed *t, int s, const struct pt *to,
    struct pt *mark)
{
	const struct cr_seg *sg = &pc->ts->type[t->type].seg[s];
	cr_ports ports = cr_ports_rotate(sg->ports, t->rot);
	bool hi = highlighted(pc, t->seg0 + s), river = sg->kind == CR_RIVER;

	for (int stroke = 0; stroke < (river ? 1 : 2); stroke++) {
		fputs("<path d=\"", pc->f);
		line_path(pc->f, ports, to, mark);
		fprintf(pc->f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%d\"/>\n",
		    river ? C_RIVER : stroke ? C_ROAD : hi ? C_HIGH : C_ROADEDGE,
		    river ? 16 : stroke ? 7 : hi ? 15 : 12);
	}
	pc->used[hi ? K_HIGH : river ? K_RIVER : K_ROAD] = true;
}

/* A city's marks: its pennants, goods and cathedral. */
static int
city_marks(const struct cr_seg *sg, int keys[8])
{
	static const int goods[CR_NGOODS] = {
		[CR_GOODS_WINE] = K_WINE, [CR_GOODS_GRAIN] = K_GRAIN, [CR_GOODS_CLOTH] = K_CLOTH,
	};
	int n = 0;

	for (int i = 0; i < sg->pennants && n < 4; i++)
		keys[n++] = K_PENNANT;
	if (sg->goods > CR_GOODS_NONE && sg->goods < CR_NGOODS)
		keys[n++] = goods[sg->goods];
	if (sg->flags & CR_SEG_CATHEDRAL)
		keys[n++] = K_CATHEDRAL;
	return n;
}

/* One tile at px, py: field, cities, rivers, roads, what ends them,
 * cloisters, the feature asked about, and the marks on top. */
static void
draw_tile(struct pic *pc, const struct cr_placed *t, int px, int py)
{
	const struct cr_tiletype *tt = &pc->ts->type[t->type];
	struct pt at[CR_MAXSEG];	/* where each segment's marks go */
	FILE *f = pc->f;
	int keys[8], n, nbadge = 0, joined[CR_NDIRS];
	bool village = false;

	fprintf(f, "<g transform=\"translate(%d %d)\">\n", px, py);
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"%s\"/>\n", T, T,
	    C_FIELD, C_GRID);
	if (tt->marks & CR_MARK_BIT(CR_MARK_HILL))	/* the hill itself, faint */
		fputs("<ellipse cx=\"50\" cy=\"55\" rx=\"40\" ry=\"30\" fill=\"#8d6e63\" "
		    "fill-opacity=\".3\"/>\n", f);
	for (int d = 0; d < CR_NDIRS; d++)
		joined[d] = -1;
	for (int s = 0; s < tt->nseg; s++) {	/* the lines that curve (line_path) */
		cr_ports ports = cr_ports_rotate(tt->seg[s].ports, t->rot);
		int dirs[2], k = 0;

		if (tt->seg[s].kind != CR_ROAD && tt->seg[s].kind != CR_RIVER)
			continue;
		for (int d = 0; d < CR_NDIRS; d++)
			if (ports & (1u << CR_PORT_MID(d)))
				dirs[k < 2 ? k : 1] = d, k++;
		if (k == 2 && (dirs[1] - dirs[0]) % 2)
			joined[dirs[0]] = dirs[1], joined[dirs[1]] = dirs[0];
	}
	for (int s = 0; s < tt->nseg; s++) {
		const struct cr_seg *sg = &tt->seg[s];

		at[s] = (struct pt){ .5, .5 };
		if (sg->kind != CR_FIELD || !highlighted(pc, t->seg0 + s))
			continue;
		fputs("<path d=\"", f);
		field_path(f, field_halves(tt, t->rot, s), joined);
		fprintf(f, "\" fill=\"%s\" fill-opacity=\".45\"/>\n", C_HIGH);
		pc->used[K_HIGH] = true;
	}
	for (int s = 0; s < tt->nseg; s++)	/* a road into a city, under it */
		if (tt->seg[s].kind == CR_ROAD && tt->seg[s].end == CR_END_CITY) {
			struct pt gate = { .5, .5 };

			for (int c = 0; c < tt->nseg; c++)
				if (tt->seg[c].kind == CR_CITY) {
					gate = city_heart(halves_of(cr_ports_rotate(tt->seg[c].ports,
					    t->rot)));
					break;
				}
			draw_line(pc, t, s, &gate, &at[s]);
		}
	for (int s = 0; s < tt->nseg; s++) {
		bool hi = highlighted(pc, t->seg0 + s);

		if (tt->seg[s].kind != CR_CITY)
			continue;
		fputs("<path d=\"", f);
		city_path(f, halves_of(cr_ports_rotate(tt->seg[s].ports, t->rot)), &at[s]);
		fprintf(f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
		    hi ? "#f39bc9" : C_CITY, hi ? C_HIGH : C_WALL, hi ? "5" : "2.5");
		pc->used[hi ? K_HIGH : K_CITY] = true;
	}
	for (int s = 0; s < tt->nseg; s++)	/* rivers, then roads */
		if (tt->seg[s].kind == CR_RIVER)
			draw_line(pc, t, s, NULL, &at[s]);
	for (int s = 0; s < tt->nseg; s++)
		if (tt->seg[s].kind == CR_ROAD && tt->seg[s].end != CR_END_CITY)
			draw_line(pc, t, s, NULL, &at[s]);
	for (int s = 0; s < tt->nseg; s++) {	/* what lies at a road's end; cloisters */
		const struct cr_seg *sg = &tt->seg[s];

		if ((sg->end == CR_END_VILLAGE || sg->end == CR_END_HOUSE) && !village) {
			glyph(pc, K_VILLAGE, (struct pt){ T / 2, T / 2 });	/* once for all */
			village = true;
		}
		else if (sg->end == CR_END_SPRING || sg->end == CR_END_LAKE)
			fprintf(f, "<circle cx=\"50\" cy=\"50\" r=\"%d\" fill=\"%s\"/>\n",
			    sg->end == CR_END_LAKE ? 20 : 11, C_RIVER);
		if (sg->kind != CR_CLOISTER)
			continue;
		glyph(pc, K_CLOISTER, (struct pt){ T / 2, T / 2 });
		if (highlighted(pc, t->seg0 + s)) {
			fprintf(f, "<rect x=\"33\" y=\"33\" width=\"34\" height=\"34\" fill=\"none\" "
			    "stroke=\"%s\" stroke-width=\"5\"/>\n", C_HIGH);
			pc->used[K_HIGH] = true;
		}
	}
	for (int s = 0; s < tt->nseg; s++) {	/* marks on top */
		const struct cr_seg *sg = &tt->seg[s];

		if (sg->kind == CR_CITY && (n = city_marks(sg, keys)) > 0)
			glyph_row(pc, keys, n, at[s]);
		else if (sg->kind == CR_ROAD && (sg->flags & CR_SEG_INN))
			glyph(pc, K_INN, (struct pt){ at[s].x * T, at[s].y * T });
	}
	for (int m = 0; m < CR_NMARKS; m++)	/* the tile's own, in its south-east corner */
		if (tt->marks & CR_MARK_BIT(m))
			glyph(pc, mark_key[m], (struct pt){ 80 - 18 * nbadge++, 80 });
	fputs("</g>\n", f);
}

/* ---- the board --------------------------------------------------------------- */

bool
board_last_tile(const struct cr_game *g, int *x, int *y)
{
	for (int i = cr_game_nmoves(g) - 1; i >= 0; i--) {
		const struct cr_move *m = cr_game_move(g, i);

		if (m->kind == CR_MOVE_PLACE) {
			*x = m->x, *y = m->y;
			return true;
		}
	}
	return false;
}

/*
 * How wide S is drawn, at most, in pixels at the font's size (15), as put
 * by text_at, escapes and all: no two texts side by side (the key's
 * columns) may meet, whatever the names.  A printable ASCII character by
 * its advance in DejaVu Sans, the font asked for first, the bold or the
 * book weight whichever is wider, and 6% more for Verdana, the next one;
 * any other character at most WIDE a column it takes on a terminal (a
 * combining mark none, a CJK character two): beyond the widest letters
 * of Latin, Greek and Cyrillic (the digraph Ǳ is 1.42 em).
 */
static int
text_px(const char *s)
{
	static const unsigned char ascii[95] = {
		6, 8, 9, 14, 12, 16, 14, 5, 8, 8, 9, 14, 7, 7, 7, 6,		/*  !"#$%&'()*+,-./ */
		12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 7, 7, 14, 14, 14, 10,	/* 0-9 :;<=>? */
		16, 13, 13, 12, 14, 11, 11, 14, 14, 6, 6, 13, 11, 16, 14, 14,	/* @A-O */
		12, 14, 13, 12, 11, 13, 13, 18, 13, 12, 12, 8, 6, 8, 14, 8,	/* P-Z [\]^_ */
		8, 11, 12, 10, 12, 11, 7, 12, 12, 6, 6, 11, 6, 17, 12, 11,	/* `a-o */
		12, 12, 8, 10, 8, 12, 11, 15, 11, 11, 10, 12, 6, 12, 14,	/* p-z {|}~ */
	};
	char *e = out_escape(s);
	const unsigned char *u = (const unsigned char *)(e ? e : s);
	int px = 0;

	for (; *u == ' '; u++)	/* an indent, as text_at draws it */
		px += CHARW;
	for (size_t i = 0, k; u[i] != '\0'; i += k) {
		k = 1;
		if (u[i] >= 0x20 && u[i] < 0x7f)
			px += ascii[u[i] - 0x20];
		else if (u[i] >= 0x80) {	/* escaped, it is UTF-8 */
			while ((u[i + k] & 0xc0) == 0x80)
				k++;
			px += WIDE * out_nwidth((const char *)u + i, k);
		}
	}
	free(e);
	return px;
}

/* A line of text at x, y. */
static void
text_at(FILE *f, int x, int y, const char *s)
{
	while (*s == ' ')	/* an indent: blanks would collapse */
		s++, x += CHARW;
	fprintf(f, "<text x=\"%d\" y=\"%d\">", x, y);
	put_text(f, s);
	fputs("</text>\n", f);
}

/* The tiles, the last one framed, the pieces: into pc->f, the board's
 * top left corner at x0, y0. */
static void
draw_board(struct pic *pc, int minx, int maxy, int x0, int y0)
{
	const struct cr_game *g = pc->g;
	struct cr_meeple *mee;
	int nm, lx, ly;
	char *tip;

	for (int i = 0; i < cr_game_ntiles(g); i++) {
		const struct cr_placed *t = cr_game_tile(g, i);

		draw_tile(pc, t, x0 + (t->x - minx) * T, y0 + (maxy - t->y) * T);
	}
	if (board_last_tile(g, &lx, &ly)) {
		fprintf(pc->f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		    "stroke=\"#000\" stroke-width=\"5\" stroke-dasharray=\"12 6\"/>\n",
		    x0 + (lx - minx) * T + 3, y0 + (maxy - ly) * T + 3, T - 6, T - 6);
		pc->used[K_LAST] = true;
	}
	nm = cr_game_meeples(g, NULL, 0);
	if ((mee = calloc((size_t)nm + 1, sizeof *mee)) == NULL) {
		fputs("<!-- out of memory: the pieces are not drawn -->\n", pc->f);
		return;
	}
	cr_game_meeples(g, mee, nm);
	for (int i = 0; i < nm; i++) {
		const struct cr_meeple *m = &mee[i];
		const double *sp = spot_at[(unsigned)m->spot < CR_NSPOTS ? m->spot : CR_SPOT_C];

		/* TRANSLATORS: after a player's name, the tooltip of a piece:
		 * "Ben: farmer at 2,0 N". */
		tip = cmd_strf(_(": %s at %d,%d %s"), cr_role_name(m->role) ?
		    cmd_word(cr_role_name(m->role)) : _("piece"), m->x, m->y,
		    cr_spot_name(m->spot) ? cr_spot_name(m->spot) : "C");
		piece(pc, piece_key(m->role), piece_lies(m->role), player_rgb(pc->b, m->player),
		    (struct pt){ x0 + (m->x - minx + sp[0]) * T, y0 + (maxy - m->y + sp[1]) * T },
		    tip ? tip : "", m->player);
		free(tip);
	}
	free(mee);
}

bool
svg_board(FILE *f, const struct cr_game *g, const struct svg_board *b)
{
	struct pic pc = { .g = g, .ts = cr_game_tileset(g), .b = b, .fid = -1 };
	int minx = 0, maxx = 0, miny = 0, maxy = 0, bw, bh, x0 = MARGIN, y0 = TITLE + MARGIN;
	int np = cr_game_nplayers(g), wa = 0, wb = 0, rows = 0, w, h, y, nkey = 0;
	char *body = NULL, **scores;
	size_t blen = 0;

	for (int i = 0; i < cr_game_ntiles(g); i++) {
		const struct cr_placed *t = cr_game_tile(g, i);

		minx = t->x < minx ? t->x : minx, maxx = t->x > maxx ? t->x : maxx;
		miny = t->y < miny ? t->y : miny, maxy = t->y > maxy ? t->y : maxy;
	}
	bw = (maxx - minx + 1) * T, bh = (maxy - miny + 1) * T;
	if (b->feature >= 0)
		pc.fid = cr_game_feature_id(g, b->feature);

	/* The board first, aside: what it shows makes the key, and the key
	 * the picture's size. */
	if ((pc.f = open_memstream(&body, &blen)) == NULL)
		return false;
	draw_board(&pc, minx, maxy, x0, y0);
	if (fclose(pc.f) != 0) {
		free(body);
		return false;
	}
	pc.f = f;	/* the key's glyphs, now to the picture itself */
	scores = calloc((size_t)np, sizeof *scores);
	for (int p = 0; scores != NULL && p < np; p++) {
		int pts = cr_game_player(g, p)->score;

		/* TRANSLATORS: after a player's name, in the key. */
		scores[p] = cmd_strf(ngettext(": %d point", ": %d points", (unsigned long)pts),
		    pts);
		if (scores[p] == NULL)
			break;
		if (text_px(b->names[p]) + text_px(scores[p]) > wa)
			wa = text_px(b->names[p]) + text_px(scores[p]);
	}
	for (int k = 0; k < NKEYS; k++)
		if (pc.used[k]) {
			nkey++;
			if (text_px(_(key_words[k])) > wb)
				wb = text_px(_(key_words[k]));
		}
	wa = 40 + wa, wb = 40 + wb;	/* the glyph before, a gap after */
	rows = np > nkey ? np : nkey;
	w = x0 + bw + MARGIN;
	if (MARGIN + wa + 30 + wb > w)
		w = MARGIN + wa + 30 + wb;
	if (b->title != NULL && MARGIN + text_px(b->title) > w)
		w = MARGIN + text_px(b->title);
	for (int i = 0; i < b->nnotes; i++)
		if (MARGIN + text_px(b->notes[i]) > w)
			w = MARGIN + text_px(b->notes[i]);
	h = y0 + bh + MARGIN + 16 + rows * LINE + (b->nnotes ? 10 + b->nnotes * LINE : 0) + 10;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Verdana, sans-serif\" "
	    "font-size=\"15\">\n", w, h, w, h);
	if (b->title != NULL) {
		fputs("<title>", f);
		put_text(f, b->title);
		fputs("</title>\n", f);
	}
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", w, h);
	if (b->title != NULL) {
		fputs("<g font-weight=\"bold\">", f);
		text_at(f, MARGIN, 22, b->title);
		fputs("</g>\n", f);
	}

	/* Coordinates on the four margins. */
	fputs("<g font-size=\"14\" fill=\"#333\">\n", f);
	for (int x = minx; x <= maxx; x++) {
		int cx = x0 + (x - minx) * T + T / 2;

		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>", cx, y0 - 10, x);
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", cx,
		    y0 + bh + 22, x);
	}
	for (int yy = maxy; yy >= miny; yy--) {
		int cy = y0 + (maxy - yy) * T + T / 2 + 5;

		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d</text>", x0 - 8, cy, yy);
		fprintf(f, "<text x=\"%d\" y=\"%d\">%d</text>\n", x0 + bw + 8, cy, yy);
	}
	fputs("</g>\n", f);
	fwrite(body, 1, blen, f);
	free(body);

	/* The key: the players, then what the board shows. */
	y = y0 + bh + MARGIN + 16;
	for (int p = 0; p < np; p++) {
		int ty = y + p * LINE;

		piece(&pc, K_STAND, false, player_rgb(b, p), (struct pt){ MARGIN + 10, ty - 5 }, NULL, p);
		fprintf(f, "<text x=\"%d\" y=\"%d\">", MARGIN + 30, ty);
		put_text(f, b->names[p]);
		put_text(f, scores && scores[p] ? scores[p] : "");
		fputs("</text>\n", f);
	}
	for (int k = 0, i = 0; k < NKEYS; k++) {
		int kx = MARGIN + wa + 30, ty = y + i * LINE;

		if (!pc.used[k])
			continue;
		if (k >= K_STAND)
			piece(&pc, k, k == K_LIE, "#bbbbbb", (struct pt){ kx + 10, ty - 5 }, NULL, 0);
		else
			glyph(&pc, k, (struct pt){ kx + 10, ty - 5 });
		text_at(f, kx + 30, ty, _(key_words[k]));
		i++;
	}
	y += rows * LINE + 10;
	for (int i = 0; i < b->nnotes; i++)
		text_at(f, MARGIN, y + i * LINE, b->notes[i]);
	fputs("</svg>\n", f);
	for (int p = 0; scores != NULL && p < np; p++)
		free(scores[p]);
	free(scores);
	return true;
}

char *
svg_text(const struct cr_game *g, const struct svg_board *b, size_t *len)
{
	char *buf = NULL;
	FILE *f;
	bool bad;

	if ((f = open_memstream(&buf, len)) == NULL)
		return NULL;
	bad = !svg_board(f, g, b) || ferror(f) != 0;
	if (fclose(f) != 0 || bad) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* ---- for the other pictures (report-svg.c) ------------------------------- */

void
svg_put_text(FILE *f, const char *s)
{
	put_text(f, s);
}

int
svg_text_px(const char *s)
{
	return text_px(s);
}

const char *
svg_player_rgb(const int *ansi, int p)
{
	struct svg_board b = { .ansi = ansi };

	return player_rgb(&b, p);
}
