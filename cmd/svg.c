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

/* Colours (the kinds' are their modules', struct cr_kinddef). */
#define C_GRID		"#6f8f57"
#define C_HIGH		"#e6007e"	/* the feature highlighted */
#define C_HIGHFILL	"#f39bc9"	/* a highlighted area's fill */

/*
 * What the key lists, each when the board shows it (translated where it
 * is shown): each kind's (its glyph and name; listed walled areas, lines,
 * centres: land is the ground), each end's and attribute's value's with
 * an SVG entry (struct cr_look: looks with the same words are one entry),
 * the last tile, the feature asked about; then the pieces: standing,
 * lying, big meeples, and each piece with a shape of its own.  A key is
 * a number: a kind's is its number; the others follow (keys_init).
 */
#define MAXKEYS	96
static struct {
	bool		 done;
	int		 n;		/* keys */
	int		 last, high, stand, lie, big;
	const char	*words[MAXKEYS];	/* N_() */
	const char	*glyph[MAXKEYS];	/* the looks' (a piece's shape) */
	int		 end[CR_MAXENDS], attr[CR_MAXATTRS], piece[CR_MAXPIECES];	/* -1 */
	bool		 is_piece[MAXKEYS];
	/* The modules' own pictures' entries (cr_ext.svg_keys): module e's
	 * i-th is mod[mod0[e] + i]; a piece stands on its glyph if on_piece. */
	int		 mod0[CR_MAXEXTS], mod[MAXKEYS];
	bool		 on_piece[MAXKEYS];
} key;

/* A key for a look (NULL: none), the same as an earlier one with its
 * words; -1 for none. */
static int
key_add(const char *words, const char *glyph, bool piece)
{
	if (words == NULL || key.n == MAXKEYS)
		return -1;
	for (int k = CR_MAXKINDS; !piece && k < key.n; k++)
		if (!key.is_piece[k] && strcmp(key.words[k], words) == 0)
			return k;
	key.words[key.n] = words;
	key.glyph[key.n] = glyph;
	key.is_piece[key.n] = piece;
	return key.n++;
}

static void
keys_init(void)
{
	key.n = CR_MAXKINDS;	/* the kinds' keys are their numbers */
	for (int e = 1; e < cr_nends(); e++)
		key.end[e] = key_add(cr_end(e)->look.svg_key, cr_end(e)->look.svg, false);
	for (int a = 0; a < cr_nattrs(); a++) {
		const struct cr_look *l;

		key.attr[a] = -1;
		for (int v = 1; (l = cr_attr_look(a, v)) != NULL; v++) {
			int k = key_add(l->svg_key, l->svg, false);

			if (v == 1)
				key.attr[a] = k;
			if (cr_attr(a)->type != CR_ATTR_WORD)
				break;
		}
	}
	key.last = key_add(N_("the last tile placed"), NULL, false);
	key.high = key_add(N_("the feature asked about"), NULL, false);
	key.stand = key_add(N_("thief, knight, monk (standing)"), NULL, true);
	key.lie = key_add(N_("farmer (lying)"), NULL, true);
	key.big = key_add(N_("big meeple"), NULL, true);
	for (int r = 1; r < cr_npieces(); r++)
		key.piece[r] = cr_piece(r)->svg != NULL ?
		    key_add(cr_piece(r)->svg_key, cr_piece(r)->svg, true) : -1;
	for (int e = 0, n = 0; e < cr_nexts; e++) {	/* the modules' own pictures' */
		key.mod0[e] = n;
		for (int i = 0; i < cr_exts[e]->nsvg_keys && n < MAXKEYS; i++) {
			const struct cr_svgkey *sk = &cr_exts[e]->svg_keys[i];
			int k = key_add(sk->words, sk->svg, false);

			if (k >= 0)
				key.on_piece[k] = sk->piece;
			key.mod[n++] = k;
		}
	}
	key.done = true;
}

/* The key of an end, of value v of an attribute (a word's own, else its
 * only one), -1 for none. */
static int
end_key(int e)
{
	if (!key.done)
		keys_init();
	return key.end[e];
}

static int
attr_key(int a, int v)
{
	if (!key.done)
		keys_init();
	if (key.attr[a] < 0)
		return -1;
	if (cr_attr(a)->type != CR_ATTR_WORD)
		return key.attr[a];
	/* a word's values have keys in order, but one may share another's */
	for (int w = 1, k = key.attr[a]; cr_attr_look(a, w) != NULL; w++) {
		const char *sk = cr_attr_look(a, w)->svg_key;

		if (sk == NULL)
			continue;
		for (k = CR_MAXKINDS; k < key.n && strcmp(key.words[k], sk) != 0; k++)
			;
		if (w == v)
			return k < key.n ? k : -1;
	}
	return -1;
}

/* The meeples of the board's game by name, standing and lying ("thief,
 * knight, monk"), for their keys; NULL: the table's words. */
static char *meeple_words[2];

/* A key's words, in the reader's language: a kind's name, the meeples of
 * the board's game, or the table's. */
static const char *
key_word(int k)
{
	static char *said[2];
	int lie = k == key.lie;

	if (k < CR_MAXKINDS)
		return _(cr_kind(k)->name);
	if ((k != key.stand && k != key.lie) || meeple_words[lie] == NULL)
		return _(key.words[k]);
	free(said[lie]);
	/* TRANSLATORS: the SVG board's key: meeples standing ("thief,
	 * knight, monk (standing)") and lying ("farmer (lying)"). */
	said[lie] = cmd_strf(lie ? _("%s (lying)") : _("%s (standing)"), meeple_words[lie]);
	return said[lie] != NULL ? said[lie] : _(key.words[k]);
}

/* The key's j-th entry in the order it is listed: the kinds' (walled
 * areas, lines, centres, each by number; land is the ground), then the
 * others' as numbered; -1 for none there. */
static int
key_at(int j)
{
	int n = 0;

	if (!key.done)
		keys_init();
	if (j >= CR_MAXKINDS)
		return j < key.n ? j : -1;
	for (int cls = 0; cls < 3; cls++)
		for (int k = 0; k < cr_nkinds(); k++) {
			const struct cr_kinddef *d = cr_kind(k);
			int c = d->shape == CR_AREA ? ((d->flags & CR_KIND_LAND) ? -1 : 0) :
			    d->shape == CR_LINE ? 1 : 2;

			if (c == cls && n++ == j)
				return k;
		}
	return -1;
}

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
	bool			 used[MAXKEYS];	/* what the key lists: a kind's by its number */
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
	int land = tt->seg[s].kind;
	int field[8];	/* the field segment of each half-edge, -1 */
	unsigned own = 0;

	for (int h = 0; h < 8; h++)
		field[h] = -1;
	for (int i = 0; i < tt->nseg; i++) {
		unsigned hs = halves_of(cr_ports_rotate(tt->seg[i].ports, rot));

		for (int h = 0; h < 8; h++)
			if ((hs & (1u << h)) && tt->seg[i].kind == land)
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

/* The outline of a meeple, 18 high. */
#define MEEPLE	"M-2.5-2.5L-8-1L-8.5 2L-3 3L-7 9L-1 9L0 6L1 9L7 9L3 3L8.5 2L8-1L2.5-2.5Z" \
		"M3.5-5.5A3.5 3.5 0 1 1-3.5-5.5A3.5 3.5 0 1 1 3.5-5.5Z"

static void
glyph(struct pic *pc, int k, struct pt at)
{
	FILE *f = pc->f;

	if (!key.done)
		keys_init();
	pc->used[k] = true;
	fprintf(f, "<g transform=\"translate(%d %d)\">", rnd(at.x), rnd(at.y));
	if (k < CR_MAXKINDS && cr_kind(k)->glyph != NULL)	/* a kind's own */
		fputs(cr_kind(k)->glyph, f);
	else if (k >= CR_MAXKINDS && key.glyph[k] != NULL)	/* a look's */
		fputs(key.glyph[k], f);
	else if (k == key.last)
		fputs("<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"none\" "
		    "stroke=\"#000\" stroke-width=\"3\" stroke-dasharray=\"4 2\"/>", f);
	else if (k == key.high)
		fprintf(f, "<rect x=\"-8\" y=\"-8\" width=\"16\" height=\"16\" fill=\"%s\" "
		    "fill-opacity=\".35\" stroke=\"%s\" stroke-width=\"3\"/>", C_HIGH, C_HIGH);
	if (k >= CR_MAXKINDS && key.on_piece[k])	/* a piece on it, grey */
		fputs("<g transform=\"scale(.9)\" fill=\"#bbbbbb\" stroke=\"#111\" "
		    "stroke-width=\"1.2\"><path d=\"" MEEPLE "\"/></g>", f);
	fputs("</g>\n", f);
}

/* The key of a piece: its own shape (a builder), else a meeple's. */
static int
piece_key(int role)
{
	const struct cr_piece *pc = cr_piece(role);

	if (!key.done)
		keys_init();
	if (pc == NULL)
		return key.stand;
	if (key.piece[role] >= 0)
		return key.piece[role];
	if (pc->weight > 1)
		return key.big;
	return cr_kind_flags(cr_piece_kind(role, 0)) & CR_KIND_LAND ? key.lie : key.stand;
}

/* Whether a piece lies down: a follower on land (a farmer). */
static bool
piece_lies(int role)
{
	const struct cr_piece *pc = cr_piece(role);

	return pc != NULL && pc->does == NULL && (cr_kind_flags(cr_piece_kind(role, 0)) & CR_KIND_LAND);
}

/* A piece of shape K (lying down if LIE: in a field) in colour RGB at
 * AT; its title (a tooltip) player WHO's name and TIP. */
static void
piece(struct pic *pc, int k, bool lie, const char *rgb, struct pt at, const char *tip,
    int who)
{
	FILE *f = pc->f;

	pc->used[k] = true;
	if (lie && k == key.big)
		pc->used[key.lie] = true;
	fprintf(f, "<g transform=\"translate(%d %d)%s scale(%s)\" fill=\"%s\" stroke=\"#111\" "
	    "stroke-width=\"1.2\">", rnd(at.x), rnd(at.y), lie ? " rotate(90)" : "",
	    k == key.big ? "1.6" : "1.2", rgb);
	if (tip != NULL) {
		fputs("<title>", f);
		put_text(f, pc->b->names[who]);
		put_text(f, tip);
		fputs("</title>", f);
	}
	if (key.glyph[k] != NULL)	/* a piece's own shape */
		fputs(key.glyph[k], f);
	else {
		fputs("<path d=\"" MEEPLE "\"/>", f);
		if (k == key.big)	/* a ring: big at a glance */
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


/* A line segment S of tile T (a road, a river) in its kind's strokes (a
 * river one, a road two: its outline, where the highlight shows, then its
 * surface); a lone end led on to TO, if set. */
static void
draw_line(struct pic *pc, const struct cr_placed *t, int s, const struct pt *to,
    struct pt *mark)
{
	const struct cr_seg *sg = &pc->ts->type[t->type].seg[s];
	const struct cr_kinddef *k = cr_kind(sg->kind);
	cr_ports ports = cr_ports_rotate(sg->ports, t->rot);
	bool hi = highlighted(pc, t->seg0 + s), two = k->strokes[1].colour != NULL;

	for (int i = 0; i < (two ? 2 : 1); i++) {
		bool outline = two && i == 0 && hi;

		fputs("<path d=\"", pc->f);
		line_path(pc->f, ports, to, mark);
		fprintf(pc->f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%d\"/>\n",
		    outline ? C_HIGH : k->strokes[i].colour, k->strokes[i].width + (outline ? 3 : 0));
	}
	pc->used[hi ? key.high : sg->kind] = true;
}

/* Whether a line ends at the gate of a walled area (a road into a city). */
static bool
gated(const struct cr_seg *sg)
{
	return cr_end(sg->end) != NULL && cr_end(sg->end)->stop == CR_STOP_GATE;
}

/* Whether a segment is of a walled area (a city). */
static bool
walled(const struct cr_seg *sg)
{
	return cr_kind(sg->kind)->shape == CR_AREA && !(cr_kind_flags(sg->kind) & CR_KIND_LAND);
}

/* The marks of segment s in its feature (a city's pennants, cathedral,
 * goods) or beside it (an inn): the modules' attributes, each as often
 * as its count, their keys into keys; how many. */
static int
seg_marks(const struct cr_tiletype *tt, int s, bool beside, int keys[8])
{
	int n = 0;

	for (int a = 0; a < cr_nattrs(); a++) {
		const struct cr_attr *x = cr_attr(a);
		int v = cr_tile_attr(tt, s, a), k;

		if (x->type == CR_ATTR_MARK || x->type == CR_ATTR_END || x->type == CR_ATTR_NEXT_TO ||
		    (x->where == CR_BESIDE) != beside || v == 0 ||
		    (k = attr_key(a, x->type == CR_ATTR_WORD ? v : 1)) < 0)
			continue;
		for (int i = 0; i < (x->type == CR_ATTR_COUNT ? v : 1) && n < 8; i++)
			if (x->type != CR_ATTR_COUNT || i < 4)	/* four pennants at most */
				keys[n++] = k;
	}
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
	int keys[8], n, nbadge = 0, joined[CR_NDIRS], lines[CR_MAXKINDS], nl, ndrawn = 0;
	const char *drawn[CR_MAXSEG];	/* the ends' glyphs at the centre: each once */

	fprintf(f, "<g transform=\"translate(%d %d)\">\n", px, py);
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"%s\"/>\n", T, T,
	    cr_kind(cmd_ground(tt))->fill, C_GRID);
	for (int a = 0; a < cr_nattrs(); a++)	/* a mark under it all (the hill itself, faint) */
		if (cr_attr(a)->type == CR_ATTR_MARK && (tt->marks & cr_attr_bit(a)) &&
		    cr_attr_look(a, 1) != NULL && cr_attr_look(a, 1)->svg_tile != NULL)
			fprintf(f, "%s\n", cr_attr_look(a, 1)->svg_tile);
	for (int d = 0; d < CR_NDIRS; d++)
		joined[d] = -1;
	for (int s = 0; s < tt->nseg; s++) {	/* the lines that curve (line_path) */
		cr_ports ports = cr_ports_rotate(tt->seg[s].ports, t->rot);
		int dirs[2], k = 0;

		if (cr_kind(tt->seg[s].kind)->shape != CR_LINE)
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
		if (!(cr_kind_flags(sg->kind) & CR_KIND_LAND) || !highlighted(pc, t->seg0 + s))
			continue;
		fputs("<path d=\"", f);
		field_path(f, field_halves(tt, t->rot, s), joined);
		fprintf(f, "\" fill=\"%s\" fill-opacity=\".45\"/>\n", C_HIGH);
		pc->used[key.high] = true;
	}
	for (int s = 0; s < tt->nseg; s++)	/* a road into a city, under it */
		if (cr_kind(tt->seg[s].kind)->shape == CR_LINE && gated(&tt->seg[s])) {
			struct pt gate = { .5, .5 };

			for (int c = 0; c < tt->nseg; c++)
				if (walled(&tt->seg[c])) {
					gate = city_heart(halves_of(cr_ports_rotate(tt->seg[c].ports,
					    t->rot)));
					break;
				}
			draw_line(pc, t, s, &gate, &at[s]);
		}
	for (int s = 0; s < tt->nseg; s++) {
		bool hi = highlighted(pc, t->seg0 + s);

		if (!walled(&tt->seg[s]))
			continue;
		fputs("<path d=\"", f);
		city_path(f, halves_of(cr_ports_rotate(tt->seg[s].ports, t->rot)), &at[s]);
		fprintf(f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"/>\n",
		    hi ? C_HIGHFILL : cr_kind(tt->seg[s].kind)->fill,
		    hi ? C_HIGH : cr_kind(tt->seg[s].kind)->stroke, hi ? "5" : "2.5");
		pc->used[hi ? key.high : tt->seg[s].kind] = true;
	}
	nl = cmd_line_kinds(tt, lines);	/* rivers, then roads */
	for (int i = 0; i < nl; i++)
		for (int s = 0; s < tt->nseg; s++)
			if (tt->seg[s].kind == lines[i] && !gated(&tt->seg[s]))
				draw_line(pc, t, s, NULL, &at[s]);
	for (int s = 0; s < tt->nseg; s++) {	/* what lies at a road's end; cloisters */
		const struct cr_seg *sg = &tt->seg[s];

		const struct cr_end *e = cr_end(sg->end);
		int i = 0;

		while (e != NULL && e->look.svg != NULL && i < ndrawn && strcmp(drawn[i], e->look.svg))
			i++;
		if (e != NULL && e->look.svg != NULL && i == ndrawn) {	/* a village's once for all */
			drawn[ndrawn++] = e->look.svg;
			glyph(pc, end_key(sg->end), (struct pt){ T / 2, T / 2 });
		} else if (e != NULL && e->look.svg_tile != NULL)	/* a spring's, a lake's */
			fprintf(f, "%s\n", e->look.svg_tile);
		if (cr_kind(sg->kind)->shape != CR_CENTRE)
			continue;
		glyph(pc, sg->kind, (struct pt){ T / 2, T / 2 });
		if (highlighted(pc, t->seg0 + s)) {
			fprintf(f, "<rect x=\"33\" y=\"33\" width=\"34\" height=\"34\" fill=\"none\" "
			    "stroke=\"%s\" stroke-width=\"5\"/>\n", C_HIGH);
			pc->used[key.high] = true;
		}
	}
	for (int s = 0; s < tt->nseg; s++) {	/* marks on top */
		if ((n = seg_marks(tt, s, false, keys)) > 0)
			glyph_row(pc, keys, n, at[s]);
		else if ((n = seg_marks(tt, s, true, keys)) > 0)
			glyph(pc, keys[0], (struct pt){ at[s].x * T, at[s].y * T });
	}
	for (int a = 0; a < cr_nattrs(); a++)	/* the tile's own, in its south-east corner */
		if (cr_attr(a)->type == CR_ATTR_MARK && (tt->marks & cr_attr_bit(a)) &&
		    attr_key(a, 1) >= 0)
			glyph(pc, attr_key(a, 1), (struct pt){ 80 - 18 * nbadge++, 80 });
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

/* The modules' own pictures over the squares they own (rules/ext.h:
 * cr_ext.svg), each in a group at its rectangle's north-west corner: its
 * shapes, its words translated and escaped, the pieces standing on them
 * in their players' colours (not listed as the tiles' pieces are: the
 * module's key says them). */
static void
draw_modules(struct pic *pc, int minx, int maxx, int miny, int maxy, int x0, int y0)
{
	FILE *f = pc->f;

	for (int e = 0; e < cr_nexts; e++) {
		struct cr_svgshape *sh;
		int n, rx, ry, rw, rh;

		if (!(cr_game_exts(pc->g) >> e & 1) || cr_exts[e]->svg == NULL ||
		    (n = cr_exts[e]->svg(pc->g, e, &rx, &ry, &rw, &rh, NULL, 0)) <= 0 ||
		    rw <= 0 || rh <= 0 || rx < minx || rx + rw - 1 > maxx || ry < miny ||
		    ry + rh - 1 > maxy)
			continue;
		if ((sh = calloc((size_t)n, sizeof *sh)) == NULL) {
			fputs("<!-- out of memory: a module's picture is not drawn -->\n", f);
			continue;
		}
		n = cr_exts[e]->svg(pc->g, e, &rx, &ry, &rw, &rh, sh, n);
		fprintf(f, "<g transform=\"translate(%d %d)\">\n", x0 + (rx - minx) * T,
		    y0 + (maxy - (ry + rh - 1)) * T);
		for (int i = 0; i < n; i++) {
			char *tip = sh[i].tip == NULL ? NULL : cmd_strf(_(sh[i].tip), sh[i].arg ?
			    _(sh[i].arg) : "");
			int k = sh[i].key >= 0 && sh[i].key < cr_exts[e]->nsvg_keys ?
			    key.mod[key.mod0[e] + sh[i].key] : -1;

			if (k >= 0)
				pc->used[k] = true;
			if (sh[i].svg == NULL && sh[i].words != NULL) {
				fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" "
				    "font-size=\"10\" fill=\"#3b2a14\">", sh[i].x, sh[i].y);
				put_text(f, _(sh[i].words));
				fputs("</text>\n", f);
			} else if (sh[i].svg != NULL) {
				fprintf(f, "<g transform=\"translate(%d %d)", sh[i].x, sh[i].y);
				if (sh[i].turn % 360 != 0)
					fprintf(f, " rotate(%d)", sh[i].turn);
				fputs("\">", f);
				if (tip != NULL && sh[i].player < 0) {
					fputs("<title>", f);
					put_text(f, tip);
					fputs("</title>", f);
				}
				fprintf(f, "%s</g>\n", sh[i].svg);
			}
			if (sh[i].player >= 0 && sh[i].player < cr_game_nplayers(pc->g)) {
				bool was = pc->used[key.stand];
				/* TRANSLATORS: after a player's name, the tooltip
				 * of a piece off the tiles: "Ben: crown space of
				 * Tax". */
				char *said = cmd_strf(_(": %s"), tip ? tip : "");

				piece(pc, key.stand, false, player_rgb(pc->b, sh[i].player),
				    (struct pt){ sh[i].x, sh[i].y }, said ? said : "", sh[i].player);
				pc->used[key.stand] = was;
				free(said);
			}
			free(tip);
		}
		fputs("</g>\n", f);
		free(sh);
	}
}

/* The tiles, the last one framed, the pieces: into pc->f, the board's
 * top left corner at x0, y0. */
static void
draw_board(struct pic *pc, int minx, int maxx, int miny, int maxy, int x0, int y0)
{
	const struct cr_game *g = pc->g;
	struct cr_meeple *mee;
	int nm, lx, ly;
	char *tip;

	for (int i = 0; i < cr_game_ntiles(g); i++) {
		const struct cr_placed *t = cr_game_tile(g, i);

		draw_tile(pc, t, x0 + (t->x - minx) * T, y0 + (maxy - t->y) * T);
	}
	draw_modules(pc, minx, maxx, miny, maxy, x0, y0);
	if (board_last_tile(g, &lx, &ly)) {
		fprintf(pc->f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		    "stroke=\"#000\" stroke-width=\"5\" stroke-dasharray=\"12 6\"/>\n",
		    x0 + (lx - minx) * T + 3, y0 + (maxy - ly) * T + 3, T - 6, T - 6);
		pc->used[key.last] = true;
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
	if (!key.done)
		keys_init();
	if (b->feature >= 0)
		pc.fid = cr_game_feature_id(g, b->feature);
	for (int lie = 0; lie < 2; lie++) {
		free(meeple_words[lie]);
		meeple_words[lie] = cmd_piece_list(g, lie, true, ", ");
	}

	/* The board first, aside: what it shows makes the key, and the key
	 * the picture's size. */
	if ((pc.f = open_memstream(&body, &blen)) == NULL)
		return false;
	draw_board(&pc, minx, maxx, miny, maxy, x0, y0);
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
	for (int k = 0; k < MAXKEYS; k++)
		if (pc.used[k]) {
			nkey++;
			if (text_px(key_word(k)) > wb)
				wb = text_px(key_word(k));
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

		piece(&pc, key.stand, false, player_rgb(b, p), (struct pt){ MARGIN + 10, ty - 5 }, NULL,
		    p);
		fprintf(f, "<text x=\"%d\" y=\"%d\">", MARGIN + 30, ty);
		put_text(f, b->names[p]);
		put_text(f, scores && scores[p] ? scores[p] : "");
		fputs("</text>\n", f);
	}
	for (int j = 0, i = 0; j < MAXKEYS; j++) {
		int k = key_at(j), kx = MARGIN + wa + 30, ty = y + i * LINE;

		if (k < 0 || !pc.used[k])
			continue;
		if (k >= CR_MAXKINDS && key.is_piece[k])
			piece(&pc, k, k == key.lie, "#bbbbbb", (struct pt){ kx + 10, ty - 5 }, NULL, 0);
		else
			glyph(&pc, k, (struct pt){ kx + 10, ty - 5 });
		text_at(f, kx + 30, ty, key_word(k));
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
