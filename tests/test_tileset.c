/*
 * test_tileset.c -- the tile geometry (geom.c) and the tile set loader
 * (tileset.c): the base set against base-tiles.md, and every check of
 * the loader with its message and place.
 *
 * Run from the repository root, or point CARCREF_DATA at base.yaml (or at
 * a directory holding it).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"
#include "rules/geom.h"
#include "rules/tileset.h"
#include "kinds.h"

/* ------------------------------------------------------------------ */
/* geom.c */

static void
test_dirs(void **state)
{
	(void)state;
	assert_int_equal(cr_dx[CR_N], 0);
	assert_int_equal(cr_dy[CR_N], 1);
	assert_int_equal(cr_dx[CR_E], 1);
	assert_int_equal(cr_dy[CR_E], 0);
	assert_int_equal(cr_dx[CR_S], 0);
	assert_int_equal(cr_dy[CR_S], -1);
	assert_int_equal(cr_dx[CR_W], -1);
	assert_int_equal(cr_dy[CR_W], 0);
}

#define P(p)	(1u << (p))

static void
test_spot_ports(void **state)
{
	static const struct { enum cr_spot s; unsigned ports; } want[] = {
		{ CR_SPOT_N,	P(0) | P(1) | P(2) },
		{ CR_SPOT_NNE,	P(2) },
		{ CR_SPOT_NE,	P(2) | P(3) },
		{ CR_SPOT_ENE,	P(3) },
		{ CR_SPOT_E,	P(3) | P(4) | P(5) },
		{ CR_SPOT_ESE,	P(5) },
		{ CR_SPOT_SE,	P(5) | P(6) },
		{ CR_SPOT_SSE,	P(6) },
		{ CR_SPOT_S,	P(6) | P(7) | P(8) },
		{ CR_SPOT_SSW,	P(8) },
		{ CR_SPOT_SW,	P(8) | P(9) },
		{ CR_SPOT_WSW,	P(9) },
		{ CR_SPOT_W,	P(9) | P(10) | P(11) },
		{ CR_SPOT_WNW,	P(11) },
		{ CR_SPOT_NW,	P(11) | P(0) },
		{ CR_SPOT_NNW,	P(0) },
		{ CR_SPOT_C,	0 },
	};
	size_t i;

	(void)state;
	assert_int_equal(sizeof want / sizeof want[0], CR_NSPOTS);
	for (i = 0; i < sizeof want / sizeof want[0]; i++)
		assert_int_equal(cr_spot_ports(want[i].s), want[i].ports);
	assert_int_equal(cr_spot_ports(CR_NSPOTS), 0);
	assert_int_equal(cr_spot_ports((enum cr_spot)-1), 0);
	/* The macros of geom.h agree. */
	assert_int_equal(cr_spot_ports(CR_SPOT_E), CR_EDGE_PORTS(CR_E));
	assert_int_equal(cr_spot_ports(CR_SPOT_W) & CR_HALF_PORTS(CR_W),
	    P(9) | P(11));
}

static void
test_spot_names(void **state)
{
	static const char *const names[CR_NSPOTS] = {
		"N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
		"S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW", "C"
	};
	int s;

	(void)state;
	for (s = 0; s < CR_NSPOTS; s++) {
		assert_string_equal(cr_spot_name(s), names[s]);
		assert_int_equal(cr_spot_lookup(names[s],
		    (int)strlen(names[s])), s);
	}
	assert_null(cr_spot_name(CR_NSPOTS));
	assert_null(cr_spot_name((enum cr_spot)-1));
	assert_int_equal(cr_spot_lookup("nne", 3), CR_SPOT_NNE);
	assert_int_equal(cr_spot_lookup("wNw", 3), CR_SPOT_WNW);
	assert_int_equal(cr_spot_lookup("c", 1), CR_SPOT_C);
	/* Exact length: a prefix or a longer word is no spot. */
	assert_int_equal(cr_spot_lookup("NN", 2), -1);
	assert_int_equal(cr_spot_lookup("NNEE", 4), -1);
	assert_int_equal(cr_spot_lookup("NNE thief", 3), CR_SPOT_NNE);
	assert_int_equal(cr_spot_lookup("N", 0), -1);
	assert_int_equal(cr_spot_lookup(NULL, 1), -1);
	assert_int_equal(cr_spot_lookup("X", 1), -1);
	assert_int_equal(cr_spot_lookup("N\0E", 3), -1);
}

static void
test_port_names(void **state)
{
	static const char *const names[CR_NPORTS] = {
		"NNW", "N", "NNE", "ENE", "E", "ESE",
		"SSE", "S", "SSW", "WSW", "W", "WNW"
	};
	int p, s;

	(void)state;
	for (p = 0; p < CR_NPORTS; p++)
		assert_string_equal(cr_port_name(p), names[p]);
	assert_null(cr_port_name(-1));
	assert_null(cr_port_name(CR_NPORTS));
	/* A half-edge spot and its one port have the same name. */
	for (s = 0; s < CR_SPOT_C; s++) {
		cr_ports ports = cr_spot_ports(s);

		if (ports != 0 && (ports & (ports - 1)) == 0) {
			for (p = 0; !(ports & P(p)); p++)
				;
			assert_string_equal(cr_port_name(p), cr_spot_name(s));
		}
	}
}

static void
test_rotation(void **state)
{
	(void)state;
	assert_int_equal(cr_rot_from_degrees(0), 0);
	assert_int_equal(cr_rot_from_degrees(90), 1);
	assert_int_equal(cr_rot_from_degrees(180), 2);
	assert_int_equal(cr_rot_from_degrees(270), 3);
	assert_int_equal(cr_rot_from_degrees(360), -1);
	assert_int_equal(cr_rot_from_degrees(45), -1);
	assert_int_equal(cr_rot_from_degrees(-90), -1);

	/* NNE turned a quarter clockwise is ESE; across the edge from NNE
	 * lies the neighbour's SSE. */
	assert_int_equal(cr_port_rotate(2, 1), 5);
	assert_int_equal(cr_port_rotate(11, 1), 2);
	assert_int_equal(cr_port_opposite(2), 6);
	assert_int_equal(cr_port_opposite(CR_PORT_MID(CR_E)), CR_PORT_MID(CR_W));
	assert_int_equal(cr_ports_rotate(CR_EDGE_PORTS(CR_N), 1),
	    CR_EDGE_PORTS(CR_E));
	assert_int_equal(cr_ports_rotate(CR_EDGE_PORTS(CR_W), 1),
	    CR_EDGE_PORTS(CR_N));
	assert_int_equal(cr_ports_rotate(CR_ALL_HALVES, 3), CR_ALL_HALVES);
}

/* ------------------------------------------------------------------ */
/* The base set */

static struct cr_tileset base;

/*
 * The text of set name (base, river, ...).  CARCREF_DATA is a directory
 * that holds the sets (as the tile directory, or as the tree above it),
 * or base.yaml itself, beside which the other sets lie.
 */
static char *
read_set(const char *name, size_t *len, char *path, size_t size)
{
	static const char *const sub[] = { "", "tiles/", "rules/tiles/" };
	const char *env = getenv("CARCREF_DATA");
	const char *slash;
	struct stat st;
	char *text;
	size_t i;

	if (env == NULL || *env == '\0')
		env = "rules/tiles";
	if (stat(env, &st) == 0 && S_ISDIR(st.st_mode)) {
		for (i = 0; i < sizeof sub / sizeof sub[0]; i++) {
			snprintf(path, size, "%s/%s%s.yaml", env, sub[i], name);
			if ((text = tu_slurp(path, len)) != NULL)
				return text;
		}
		return NULL;
	}
	if (strcmp(name, "base") == 0)
		snprintf(path, size, "%s", env);
	else if ((slash = strrchr(env, '/')) != NULL)
		snprintf(path, size, "%.*s/%s.yaml", (int)(slash - env), env,
		    name);
	else
		snprintf(path, size, "%s.yaml", name);
	return tu_slurp(path, len);
}

/* Load set name into *ts for a group's setup; -1 (said why) if it fails. */
static int
load_set(const char *name, struct cr_tileset *ts)
{
	struct cr_error err;
	char path[1024];
	size_t len;
	char *text;
	int rc;

	if ((text = read_set(name, &len, path, sizeof path)) == NULL) {
		print_error("cannot read %s\n", path);
		return -1;
	}
	rc = cr_tileset_parse(ts, text, len, &err);
	free(text);
	if (rc != 0) {
		print_error("%s:%d:%d: %s\n", path, err.line, err.column,
		    err.msg);
		return -1;
	}
	return 0;
}

static int
setup_base(void **state)
{
	(void)state;
	return load_set("base", &base);
}

static int
teardown_base(void **state)
{
	(void)state;
	cr_tileset_free(&base);
	return 0;
}

static const struct cr_tiletype *
base_type(const char *code)
{
	int i = cr_tileset_find(&base, code, strlen(code));

	assert_true(i >= 0);
	return &base.type[i];
}

/* How many different looks a tile has over its four rotations: those
 * that are their own first look (cr_tile_rot_rep).  Every rotation's
 * first look is one of them, no later than itself, and looks the same
 * as the rotation a quarter turn apart looks like the next one. */
static int
looks(const struct cr_tiletype *t)
{
	int n = 0;

	for (int r = 0; r < 4; r++) {
		int rep = cr_tile_rot_rep(t, r);

		assert_in_range(rep, 0, r);
		assert_int_equal(cr_tile_rot_rep(t, rep), rep);
		n += rep == r;
	}
	assert_int_equal(cr_tile_rot_rep(t, 0), 0);
	assert_int_equal(cr_tile_rot_rep(t, -1), -1);	/* out of range: itself */
	assert_int_equal(cr_tile_rot_rep(t, 4), 4);
	return n;
}

/* The base set's symmetric tiles: a straight road looks the same turned
 * 180, a crossroads, the full city and the cloister every way; the rest
 * (a road that bends, a city on one side) has four looks. */
static void
test_base_looks(void **state)
{
	static const struct { const char *code; int looks; } want[] = {
		{ "U", 2 }, { "X", 1 }, { "C", 1 }, { "B", 1 },
		{ "F", 2 }, { "G", 2 }, { "H", 2 }, { "I", 4 }, { "V", 4 },
		{ "A", 4 }, { "D", 4 }, { "E", 4 }, { "W", 4 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct cr_tiletype *t = base_type(want[i].code);

		if (looks(t) != want[i].looks)
			fail_msg("%s: %d looks, expected %d", want[i].code, looks(t),
			    want[i].looks);
	}
	/* U turned 180 and 270 is U at 0 and 90. */
	assert_int_equal(cr_tile_rot_rep(base_type("U"), 2), 0);
	assert_int_equal(cr_tile_rot_rep(base_type("U"), 3), 1);
}

static void
test_base_totals(void **state)
{
	int i, j, pennants = 0, cloisters = 0;

	(void)state;
	assert_string_equal(base.name, "base");
	assert_int_equal(base.ntypes, 24);
	assert_int_equal(base.total, 72);
	assert_true(base.start >= 0);
	assert_string_equal(base.type[base.start].code, "D");
	for (i = 0; i < base.ntypes; i++) {
		const struct cr_tiletype *t = &base.type[i];

		for (j = 0; j < t->nseg; j++) {
			pennants += t->count * t->seg[j].pennants;
			cloisters += t->count * (t->seg[j].kind == CR_CLOISTER);
		}
		assert_int_equal(t->marks, 0);
	}
	assert_int_equal(pennants, 10);
	assert_int_equal(cloisters, 6);
}

/* base-tiles.md, row by row: code, count, edges N E S W. */
static const struct {
	const char	*code;
	int		 count;
	const char	*edges;
} table[] = {
	{ "A", 2, "FFRF" }, { "B", 4, "FFFF" }, { "C", 1, "CCCC" },
	{ "D", 4, "CRFR" }, { "E", 5, "CFFF" }, { "F", 2, "FCFC" },
	{ "G", 1, "FCFC" }, { "H", 3, "CFCF" }, { "I", 2, "CFFC" },
	{ "J", 3, "CRRF" }, { "K", 3, "CFRR" }, { "L", 3, "CRRR" },
	{ "M", 2, "CFFC" }, { "N", 3, "CFFC" }, { "O", 2, "CRRC" },
	{ "P", 3, "CRRC" }, { "Q", 1, "CCFC" }, { "R", 3, "CCFC" },
	{ "S", 2, "CCRC" }, { "T", 1, "CCRC" }, { "U", 8, "FRFR" },
	{ "V", 9, "FFRR" }, { "W", 4, "FRRR" }, { "X", 1, "RRRR" },
};

static int
edge_letter(int kind)
{
	switch (kind) {
	case CR_FIELD:
		return 'F';
	case CR_ROAD:
		return 'R';
	case CR_CITY:
		return 'C';
	case CR_RIVER:
		return 'V';
	default:
		return '?';
	}
}

static void
test_base_table(void **state)
{
	size_t i;
	int d;

	(void)state;
	assert_int_equal(sizeof table / sizeof table[0], 24);
	for (i = 0; i < sizeof table / sizeof table[0]; i++) {
		const struct cr_tiletype *t = base_type(table[i].code);
		char edges[5];

		assert_int_equal(t, &base.type[i]);	/* file order A..X */
		assert_string_equal(t->code, table[i].code);
		assert_int_equal(t->count, table[i].count);
		for (d = 0; d < CR_NDIRS; d++)
			edges[d] = (char)edge_letter(t->edge[d]);
		edges[4] = '\0';
		assert_string_equal(edges, table[i].edges);
	}
}

/*
 * The features column of base-tiles.md, spelled out in half-edges for
 * cities and fields (an edge name meaning both halves, C an inner field)
 * and edges for roads and rivers.  "|N S" lists the cities a field is
 * next to, "+1" a pennant, ">village" where a road ends, "!inn" and
 * "!cathedral" the flags, "$wine" goods.
 */
static const struct {
	const char	*code;
	const char	*segs;
} topo[] = {
	{ "A", "cloister; road S >cloister; "
	    "field NNW NNE ENE ESE SSE SSW WSW WNW" },
	{ "B", "cloister; field NNW NNE ENE ESE SSE SSW WSW WNW" },
	{ "C", "city N E S W +1" },
	{ "D", "city N; road W E; field WNW ENE |N; field ESE SSE SSW WSW" },
	{ "E", "city N; field ENE ESE SSE SSW WSW WNW |N" },
	{ "F", "city W E +1; field NNW NNE |W; field SSE SSW |W" },
	{ "G", "city W E; field NNW NNE |W; field SSE SSW |W" },
	{ "H", "city N; city S; field ENE ESE WSW WNW |N S" },
	{ "I", "city N; city W; field ENE ESE SSE SSW |N W" },
	{ "J", "city N; road E S; field ENE SSW WSW WNW |N; field ESE SSE" },
	{ "K", "city N; road S W; field WNW ENE ESE SSE |N; field SSW WSW" },
	{ "L", "city N; road E >village; road S >village; road W >village; "
	    "field WNW ENE |N; field ESE SSE; field SSW WSW" },
	{ "M", "city N W +1; field ENE ESE SSE SSW |N" },
	{ "N", "city N W; field ENE ESE SSE SSW |N" },
	{ "O", "city N W +1; road E S; field ENE SSW |N; field ESE SSE" },
	{ "P", "city N W; road E S; field ENE SSW |N; field ESE SSE" },
	{ "Q", "city N E W +1; field SSE SSW |N" },
	{ "R", "city N E W; field SSE SSW |N" },
	{ "S", "city N E W +1; road S >city; field SSE |N; field SSW |N" },
	{ "T", "city N E W; road S >city; field SSE |N; field SSW |N" },
	{ "U", "road W E; field WNW NNW NNE ENE; field ESE SSE SSW WSW" },
	{ "V", "road W S; field WNW NNW NNE ENE ESE SSE; field SSW WSW" },
	{ "W", "road E >village; road S >village; road W >village; "
	    "field WNW NNW NNE ENE; field ESE SSE; field SSW WSW" },
	{ "X", "road N >village; road E >village; road S >village; "
	    "road W >village; field NNE ENE; field ESE SSE; field SSW WSW; "
	    "field WNW NNW" },
};

struct want_seg {
	int		kind, pennants, end, flags, goods;
	cr_ports	ports;
	cr_ports	next_to[4];	/* a port of each bordering city */
	int		nnext;
};

static int
word_is(const char *w, size_t n, const char *s)
{
	return strlen(s) == n && memcmp(w, s, n) == 0;
}

/* One segment of the little language above. */
static void
parse_want(const char *s, size_t len, struct want_seg *ws)
{
	static const char *const kinds[] = { "field", "road", "city", "river",
	    "cloister" };
	static const char *const ends[] = { "", "village", "cloister", "city",
	    "house", "spring", "lake" };
	size_t i = 0, n;
	int k, next = 0;

	memset(ws, 0, sizeof *ws);
	ws->kind = -1;
	while (i < len) {
		const char *w;

		while (i < len && s[i] == ' ')
			i++;
		w = s + i;
		for (n = 0; i < len && s[i] != ' '; i++, n++)
			;
		if (n == 0)
			break;
		if (ws->kind < 0) {
			for (k = 0; k < 5; k++)
				if (word_is(w, n, kinds[k]))
					ws->kind = cr_kind_find(kinds[k], strlen(kinds[k]));
			assert_true(ws->kind >= 0);
		} else if (w[0] == '+') {
			ws->pennants = w[1] - '0';
		} else if (w[0] == '!') {
			if (word_is(w + 1, n - 1, "inn"))
				ws->flags |= CR_SEG_INN;
			else if (word_is(w + 1, n - 1, "cathedral"))
				ws->flags |= CR_SEG_CATHEDRAL;
			else
				fail_msg("flag %.*s", (int)n, w);
		} else if (w[0] == '$') {
			for (k = 1; k < CR_NGOODS; k++)
				if (word_is(w + 1, n - 1, cr_goods_name(k)))
					ws->goods = k;
			assert_true(ws->goods > 0);
		} else if (w[0] == '>') {
			for (k = 1; k < 7; k++)
				if (word_is(w + 1, n - 1, ends[k]))
					ws->end = k;
			assert_true(ws->end > 0);
		} else {
			int spot;
			cr_ports p;

			if (w[0] == '|') {
				next = 1;
				w++;
				n--;
			}
			spot = cr_spot_lookup(w, (int)n);
			assert_true(spot >= 0 && (spot < CR_SPOT_C ||
			    (spot == CR_SPOT_C && !next)));
			if (next) {
				ws->next_to[ws->nnext++] = cr_spot_ports(spot) &
				    CR_ALL_HALVES;
				continue;
			}
			p = cr_spot_ports(spot);
			if (ws->kind == CR_ROAD || ws->kind == CR_RIVER)
				p &= (cr_ports)~CR_ALL_HALVES;
			else
				p &= CR_ALL_HALVES;
			ws->ports |= p;
		}
	}
}

static void
check_topology(const struct cr_tiletype *t, const char *segs)
{
	struct want_seg ws[CR_MAXSEG];
	int nw = 0, i, j, c;
	const char *s = segs;

	while (*s != '\0') {
		size_t len = strcspn(s, ";");

		assert_true(nw < CR_MAXSEG);
		parse_want(s, len, &ws[nw++]);
		s += len;
		if (*s == ';')
			s++;
	}
	assert_int_equal(t->nseg, nw);
	for (i = 0; i < nw; i++) {
		const struct cr_seg *seg = NULL;
		unsigned next = 0;

		for (j = 0; j < t->nseg; j++)
			if (t->seg[j].kind == ws[i].kind &&
			    t->seg[j].ports == ws[i].ports)
				seg = &t->seg[j];
		if (seg == NULL)
			fail_msg("tile %s: no %s with ports %03x", t->code,
			    cr_kind_name(ws[i].kind), ws[i].ports);
		assert_int_equal(seg->pennants, ws[i].pennants);
		assert_int_equal(seg->end, ws[i].end);
		assert_int_equal(seg->flags, ws[i].flags);
		assert_int_equal(tu_goods(t, (int)(seg - t->seg)), ws[i].goods);
		for (c = 0; c < ws[i].nnext; c++)
			for (j = 0; j < t->nseg; j++)
				if (t->seg[j].kind == CR_CITY &&
				    (t->seg[j].ports & ws[i].next_to[c]))
					next |= 1u << j;
		assert_int_equal(seg->next_to, next);
	}
}

static void
test_base_topology(void **state)
{
	size_t i;

	(void)state;
	assert_int_equal(sizeof topo / sizeof topo[0], 24);
	for (i = 0; i < sizeof topo / sizeof topo[0]; i++)
		check_topology(base_type(topo[i].code), topo[i].segs);
}

/* Whatever the tables say, every type of set ts is a well-formed tile. */
static void
check_invariants(const struct cr_tileset *ts)
{
	int i, j, d;

	for (i = 0; i < ts->ntypes; i++) {
		const struct cr_tiletype *t = &ts->type[i];
		unsigned halves = 0, mids = 0;

		for (j = 0; j < t->nseg; j++) {
			const struct cr_seg *s = &t->seg[j];

			switch (s->kind) {
			case CR_CITY:
			case CR_FIELD:
				assert_int_equal(s->ports & ~CR_ALL_HALVES, 0);
				assert_int_equal(halves & s->ports, 0);
				halves |= s->ports;
				break;
			case CR_ROAD:
			case CR_RIVER:
				assert_int_equal(s->ports & CR_ALL_HALVES, 0);
				assert_int_equal(mids & s->ports, 0);
				assert_true(s->ports != 0);
				mids |= s->ports;
				break;
			case CR_CLOISTER:
				assert_int_equal(s->ports, 0);
				break;
			default:
				fail_msg("tile %s: kind %d", t->code, s->kind);
			}
		}
		assert_int_equal(halves, CR_ALL_HALVES);
		for (d = 0; d < CR_NDIRS; d++)
			assert_int_equal(t->edge[d] == CR_ROAD ||
			    t->edge[d] == CR_RIVER, (mids >> CR_PORT_MID(d)) & 1);
	}
}

static void
test_base_invariants(void **state)
{
	(void)state;
	check_invariants(&base);
}

static int
seg_with(const struct cr_tiletype *t, int kind, cr_ports ports)
{
	int j;

	for (j = 0; j < t->nseg; j++)
		if (t->seg[j].kind == kind && (t->seg[j].ports & ports))
			return j;
	return -1;
}

static void
test_base_examples(void **state)
{
	const struct cr_tiletype *t;
	int city, city2, field, road, j;

	(void)state;

	/* D: the small field WNW+ENE lies by the city, the big one not. */
	t = base_type("D");
	city = seg_with(t, CR_CITY, CR_HALF_PORTS(CR_N));
	field = seg_with(t, CR_FIELD, P(11));
	road = seg_with(t, CR_ROAD, P(CR_PORT_MID(CR_W)));
	assert_true(city >= 0 && field >= 0 && road >= 0);
	assert_int_equal(t->seg[field].ports, P(11) | P(3));
	assert_int_equal(t->seg[field].next_to, 1u << city);
	assert_int_equal(t->seg[road].ports,
	    P(CR_PORT_MID(CR_W)) | P(CR_PORT_MID(CR_E)));
	field = seg_with(t, CR_FIELD, P(6));
	assert_int_equal(t->seg[field].next_to, 0);

	/* D at 90 degrees: city on E, road N-S. */
	assert_int_equal(cr_tile_edge(t, 1, CR_E), CR_CITY);
	assert_int_equal(cr_tile_edge(t, 1, CR_N), CR_ROAD);
	assert_int_equal(cr_tile_edge(t, 1, CR_S), CR_ROAD);
	assert_int_equal(cr_tile_edge(t, 1, CR_W), CR_FIELD);
	assert_int_equal(cr_ports_rotate(t->seg[city].ports, 1),
	    CR_HALF_PORTS(CR_E));
	assert_int_equal(cr_ports_rotate(t->seg[road].ports, 1),
	    P(CR_PORT_MID(CR_N)) | P(CR_PORT_MID(CR_S)));
	assert_int_equal(cr_tile_edge(t, 2, CR_S), CR_CITY);
	assert_int_equal(cr_tile_edge(t, 3, CR_W), CR_CITY);

	/* H: two cities that do not join on the tile, one field by both. */
	t = base_type("h");
	city = seg_with(t, CR_CITY, CR_HALF_PORTS(CR_N));
	city2 = seg_with(t, CR_CITY, CR_HALF_PORTS(CR_S));
	assert_true(city >= 0 && city2 >= 0 && city != city2);
	assert_int_equal(t->seg[city].ports, CR_HALF_PORTS(CR_N));
	assert_int_equal(t->seg[city2].ports, CR_HALF_PORTS(CR_S));
	field = seg_with(t, CR_FIELD, CR_ALL_HALVES);
	assert_int_equal(t->seg[field].next_to, (1u << city) | (1u << city2));

	/* F: one city across the tile with a pennant, two fields by it. */
	t = base_type("F");
	city = seg_with(t, CR_CITY, CR_ALL_HALVES);
	assert_int_equal(t->seg[city].ports,
	    CR_HALF_PORTS(CR_E) | CR_HALF_PORTS(CR_W));
	assert_int_equal(t->seg[city].pennants, 1);

	/* X: four roads that stop at the crossing. */
	t = base_type("X");
	for (j = 0; j < t->nseg; j++)
		if (t->seg[j].kind == CR_ROAD)
			assert_int_equal(t->seg[j].end, CR_END_VILLAGE);

	/* A and S: roads that end at a cloister and at a city gate. */
	t = base_type("A");
	assert_int_equal(t->seg[seg_with(t, CR_ROAD, P(7))].end,
	    CR_END_CLOISTER);
	assert_int_equal(t->seg[0].kind, CR_CLOISTER);
	assert_int_equal(t->seg[0].ports, 0);
	t = base_type("S");
	assert_int_equal(t->seg[seg_with(t, CR_ROAD, P(7))].end, CR_END_CITY);
}

static void
test_find(void **state)
{
	(void)state;
	assert_int_equal(cr_tileset_find(&base, "D", 1), 3);
	assert_int_equal(cr_tileset_find(&base, "d", 1), 3);
	assert_int_equal(cr_tileset_find(&base, "BA-D", 4), 3);
	assert_int_equal(cr_tileset_find(&base, "ba-x", 4), 23);
	assert_int_equal(cr_tileset_find(&base, "DX", 1), 3);
	assert_int_equal(cr_tileset_find(&base, "DX", 2), -1);
	assert_int_equal(cr_tileset_find(&base, "BA-", 3), -1);
	assert_int_equal(cr_tileset_find(&base, "BA-DD", 5), -1);
	assert_int_equal(cr_tileset_find(&base, "IC-D", 4), -1);
	assert_int_equal(cr_tileset_find(&base, "Z", 1), -1);
	assert_int_equal(cr_tileset_find(&base, "", 0), -1);
	assert_int_equal(cr_tileset_find(&base, NULL, 1), -1);
	assert_int_equal(cr_tileset_find(NULL, "D", 1), -1);
}

static void
test_names(void **state)
{
	(void)state;
	assert_string_equal(cr_kind_name(CR_FIELD), "field");
	assert_string_equal(cr_kind_name(CR_ROAD), "road");
	assert_string_equal(cr_kind_name(CR_CITY), "city");
	assert_string_equal(cr_kind_name(CR_RIVER), "river");
	assert_string_equal(cr_kind_name(CR_CLOISTER), "cloister");
	assert_null(cr_kind_name(CR_NKINDS));
	assert_null(cr_end_name(CR_END_NONE));
	assert_string_equal(cr_end_name(CR_END_VILLAGE), "village");
	assert_string_equal(cr_end_name(CR_END_LAKE), "lake");
	assert_null(cr_end_name(CR_NENDS));
	assert_null(cr_goods_name(CR_GOODS_NONE));
	assert_string_equal(cr_goods_name(CR_GOODS_CLOTH), "cloth");
	assert_null(cr_goods_name(-1));
	assert_string_equal(cr_mark_name(CR_MARK_HILL), "hill");
	assert_string_equal(cr_mark_name(CR_MARK_VINEYARD), "vineyard");
	assert_null(cr_mark_name(CR_NMARKS));
}

/* ------------------------------------------------------------------ */
/* The expansions' sets, against tile-catalogue.md */

enum { IC, RV, TB, HS, NSETS };
static const char *const set_name[NSETS] = {
	"inns-cathedrals", "river", "traders-builders", "hills-sheep"
};
static struct cr_tileset sets[NSETS];

static int
setup_sets(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < NSETS; i++)
		if (load_set(set_name[i], &sets[i]) < 0)
			return -1;
	return 0;
}

static int
teardown_sets(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < NSETS; i++)
		cr_tileset_free(&sets[i]);
	return 0;
}

static const struct cr_tiletype *
set_type(int set, const char *code)
{
	int i = cr_tileset_find(&sets[set], code, strlen(code));

	if (i < 0)
		fail_msg("%s: no tile %s", set_name[set], code);
	return &sets[set].type[i];
}

/*
 * Each set as a whole: its types and tiles, the start tile, and what the
 * catalogue counts over all the copies (pennants, cloisters, inns,
 * cathedrals, goods of each kind, hills, vineyards, springs, lakes).
 */
static void
test_sets_totals(void **state)
{
	static const struct {
		int		 ntypes, total;
		const char	*start;
		int		 pennants, cloisters, inns, cathedrals;
		int		 goods[CR_NGOODS];
		int		 hills, vineyards, springs, lakes;
	} want[NSETS] = {
		[IC] = { 17, 18, NULL, 3, 1, 6, 2, { 0 }, 0, 0, 0, 0 },
		[RV] = { 10, 12, "RV-A", 0, 1, 0, 0, { 0 }, 0, 0, 1, 1 },
		[TB] = { 24, 24, NULL, 0, 1, 0, 0, { 0, 9, 6, 5 }, 0, 0, 0, 0 },
		[HS] = { 16, 18, NULL, 0, 2, 0, 0, { 0 }, 8, 8, 0, 0 },
	};
	int set, i, j;

	(void)state;
	for (set = 0; set < NSETS; set++) {
		const struct cr_tileset *ts = &sets[set];
		int pennants = 0, cloisters = 0, inns = 0, cathedrals = 0;
		int goods[CR_NGOODS] = { 0 }, hills = 0, vineyards = 0;
		int springs = 0, lakes = 0;

		assert_string_equal(ts->name, set_name[set]);
		assert_int_equal(ts->ntypes, want[set].ntypes);
		assert_int_equal(ts->total, want[set].total);
		if (want[set].start == NULL)
			assert_int_equal(ts->start, -1);
		else
			assert_int_equal(ts->start, cr_tileset_find(ts,
			    want[set].start, strlen(want[set].start)));
		for (i = 0; i < ts->ntypes; i++) {
			const struct cr_tiletype *t = &ts->type[i];
			int n = t->count;

			hills += n * !!(t->marks & CR_MARK_BIT(CR_MARK_HILL));
			vineyards += n *
			    !!(t->marks & CR_MARK_BIT(CR_MARK_VINEYARD));
			assert_int_equal(t->marks & ~(CR_MARK_BIT(CR_MARK_HILL) |
			    CR_MARK_BIT(CR_MARK_VINEYARD)), 0);
			for (j = 0; j < t->nseg; j++) {
				const struct cr_seg *g = &t->seg[j];

				pennants += n * g->pennants;
				cloisters += n * (g->kind == CR_CLOISTER);
				inns += n * !!(g->flags & CR_SEG_INN);
				cathedrals += n * !!(g->flags & CR_SEG_CATHEDRAL);
				goods[tu_goods(t, j)] += n;
				springs += n * (g->end == CR_END_SPRING);
				lakes += n * (g->end == CR_END_LAKE);
			}
		}
		assert_int_equal(pennants, want[set].pennants);
		assert_int_equal(cloisters, want[set].cloisters);
		assert_int_equal(inns, want[set].inns);
		assert_int_equal(cathedrals, want[set].cathedrals);
		for (i = 1; i < CR_NGOODS; i++)
			assert_int_equal(goods[i], want[set].goods[i]);
		assert_int_equal(hills, want[set].hills);
		assert_int_equal(vineyards, want[set].vineyards);
		assert_int_equal(springs, want[set].springs);
		assert_int_equal(lakes, want[set].lakes);
		check_invariants(ts);
	}
}

/* tile-catalogue.md, row by row: code, count, edges N E S W (V a river
 * edge), the other code of the pair and the marks. */
static const struct {
	int		 set;
	const char	*code;
	int		 count;
	const char	*edges;
	const char	*alias;
	unsigned	 marks;
} xtable[] = {
#define H	CR_MARK_BIT(CR_MARK_HILL)
#define V	CR_MARK_BIT(CR_MARK_VINEYARD)
	{ IC, "IC-A", 1, "FFRR", NULL, 0 }, { IC, "IC-B", 1, "FRFR", NULL, 0 },
	{ IC, "IC-C", 1, "FRRR", NULL, 0 }, { IC, "IC-D", 1, "FRFR", NULL, 0 },
	{ IC, "IC-E", 1, "RRRR", NULL, 0 }, { IC, "IC-F", 1, "CRFC", NULL, 0 },
	{ IC, "IC-G", 1, "CFFF", NULL, 0 }, { IC, "IC-H", 1, "CCCC", NULL, 0 },
	{ IC, "IC-I", 1, "CRCR", NULL, 0 }, { IC, "IC-J", 1, "CFRF", NULL, 0 },
	{ IC, "IC-Ka", 2, "CCCC", "IC-Kb", 0 },
	{ IC, "IC-L", 1, "CRRC", NULL, 0 }, { IC, "IC-M", 1, "CFRR", NULL, 0 },
	{ IC, "IC-N", 1, "CFRC", NULL, 0 }, { IC, "IC-O", 1, "CCFC", NULL, 0 },
	{ IC, "IC-P", 1, "CFCC", NULL, 0 }, { IC, "IC-Q", 1, "RCRC", NULL, 0 },

	{ RV, "RV-A", 1, "FVFF", NULL, 0 }, { RV, "RV-B", 1, "CVRV", NULL, 0 },
	{ RV, "RV-C", 1, "CVCV", NULL, 0 }, { RV, "RV-D", 2, "FVFV", "RV-F", 0 },
	{ RV, "RV-E", 1, "CVVC", NULL, 0 }, { RV, "RV-G", 2, "FFVV", "RV-J", 0 },
	{ RV, "RV-H", 1, "FVRV", NULL, 0 }, { RV, "RV-I", 1, "RRVV", NULL, 0 },
	{ RV, "RV-K", 1, "VRVR", NULL, 0 }, { RV, "RV-L", 1, "FFFV", NULL, 0 },

	{ TB, "TB-A", 1, "CRFF", NULL, 0 }, { TB, "TB-B", 1, "RRRR", NULL, 0 },
	{ TB, "TB-C", 1, "CFRR", NULL, 0 }, { TB, "TB-D", 1, "CRCC", NULL, 0 },
	{ TB, "TB-E", 1, "FCRC", NULL, 0 }, { TB, "TB-F", 1, "CFRC", NULL, 0 },
	{ TB, "TB-G", 1, "CFFC", NULL, 0 }, { TB, "TB-H", 1, "CCFC", NULL, 0 },
	{ TB, "TB-I", 1, "CFRC", NULL, 0 }, { TB, "TB-J", 1, "FRRR", NULL, 0 },
	{ TB, "TB-K", 1, "CRFC", NULL, 0 }, { TB, "TB-L", 1, "CRCC", NULL, 0 },
	{ TB, "TB-M", 1, "CCCC", NULL, 0 }, { TB, "TB-N", 1, "FCCC", NULL, 0 },
	{ TB, "TB-O", 1, "CRRC", NULL, 0 }, { TB, "TB-P", 1, "FCCC", NULL, 0 },
	{ TB, "TB-Q", 1, "FCFC", NULL, 0 }, { TB, "TB-R", 1, "RCRC", NULL, 0 },
	{ TB, "TB-S", 1, "FCRC", NULL, 0 }, { TB, "TB-T", 1, "CFFC", NULL, 0 },
	{ TB, "TB-U", 1, "CRRC", NULL, 0 }, { TB, "TB-V", 1, "CCRC", NULL, 0 },
	{ TB, "TB-W", 1, "CRFC", NULL, 0 }, { TB, "TB-X", 1, "CCCC", NULL, 0 },

	{ HS, "HS-A", 1, "CFRR", NULL, H }, { HS, "HS-B", 1, "CRRF", NULL, H },
	{ HS, "HS-C", 1, "CFRF", NULL, H }, { HS, "HS-D", 1, "CFFC", NULL, H },
	{ HS, "HS-E", 1, "FFRR", NULL, H }, { HS, "HS-F", 1, "RFRF", NULL, H },
	{ HS, "HS-G", 1, "CFCF", NULL, H }, { HS, "HS-H", 1, "CFFC", NULL, H },
	{ HS, "HS-I", 1, "CRRF", NULL, 0 }, { HS, "HS-J", 1, "RRRF", NULL, 0 },
	{ HS, "HS-K", 2, "CFFF", NULL, V }, { HS, "HS-L", 2, "CCFC", NULL, V },
	{ HS, "HS-M", 1, "CFFC", NULL, V }, { HS, "HS-N", 1, "CFRC", NULL, V },
	{ HS, "HS-O", 1, "FCFC", NULL, V }, { HS, "HS-P", 1, "FRRR", NULL, V },
#undef H
#undef V
};

static void
test_sets_table(void **state)
{
	int first[NSETS] = { -1, -1, -1, -1 };
	size_t i;
	int d;

	(void)state;
	assert_int_equal(sizeof xtable / sizeof xtable[0], 17 + 10 + 24 + 16);
	for (i = 0; i < sizeof xtable / sizeof xtable[0]; i++) {
		int set = xtable[i].set;
		const struct cr_tileset *ts = &sets[set];
		const struct cr_tiletype *t = set_type(set, xtable[i].code);
		int idx = (int)(t - ts->type);
		char edges[5];

		if (first[set] < 0)
			first[set] = (int)i;
		assert_int_equal(idx, (int)i - first[set]);	/* file order */
		assert_string_equal(t->code, xtable[i].code);
		assert_int_equal(t->count, xtable[i].count);
		assert_int_equal(t->marks, xtable[i].marks);
		for (d = 0; d < CR_NDIRS; d++)
			edges[d] = (char)edge_letter(t->edge[d]);
		edges[4] = '\0';
		assert_string_equal(edges, xtable[i].edges);
		if (xtable[i].alias == NULL) {
			assert_int_equal(t->naliases, 0);
			continue;
		}
		/* Either code of a pair, in either case, is the one type. */
		assert_int_equal(t->naliases, 1);
		assert_string_equal(t->alias[0], xtable[i].alias);
		assert_int_equal(cr_tileset_find(ts, xtable[i].alias,
		    strlen(xtable[i].alias)), idx);
		assert_int_equal(cr_tileset_find(ts, "ic-kb", 5),
		    set == IC ? idx : -1);
	}
}

/* A few tiles per set, feature by feature, in the language of topo[]. */
static const struct {
	int		 set;
	const char	*code;
	const char	*segs;
} xtopo[] = {
	{ IC, "IC-A", "road W S !inn; field WNW NNW NNE ENE ESE SSE; "
	    "field SSW WSW" },
	{ IC, "IC-C", "road E >village !inn; road S >village; road W >village; "
	    "field WNW NNW NNE ENE; field ESE SSE; field SSW WSW" },
	{ IC, "IC-E", "road N W; road S E; field NNW WNW; field ESE SSE; "
	    "field NNE ENE SSW WSW" },
	{ IC, "IC-H", "city N; city E; city S; city W; field C |N E S W" },
	{ IC, "IC-I", "city N; city S; road W >village; road E >village; "
	    "field WNW |N; field ENE |N; field WSW |S; field ESE |S" },
	{ IC, "IC-Kb", "city N E S W !cathedral" },
	{ IC, "IC-L", "city N W +1; road E S !inn; field ENE SSW |N; "
	    "field ESE SSE" },
	{ IC, "IC-N", "city N W; road S >city !inn; field SSW |N; "
	    "field SSE ENE ESE |N" },
	{ IC, "IC-Q", "city W E +1; road N >city; road S >city; field NNW |W; "
	    "field NNE |W; field SSE |W; field SSW |W" },
	{ RV, "RV-A", "river E >spring; "
	    "field NNW NNE ENE ESE SSE SSW WSW WNW" },
	{ RV, "RV-B", "city N; river W E; road S >city; field WNW |N; "
	    "field ENE |N; field WSW SSW; field ESE SSE" },
	{ RV, "RV-E", "city N W; river S E; field ENE SSW |N; field ESE SSE" },
	{ RV, "RV-I", "road N E; river W S; field NNE ENE; "
	    "field WNW NNW ESE SSE; field WSW SSW" },
	{ RV, "RV-K", "river N S; road W E; field WNW NNW; field NNE ENE; "
	    "field ESE SSE; field SSW WSW" },
	{ RV, "RV-L", "river W >lake; "
	    "field NNW NNE ENE ESE SSE SSW WSW WNW" },
	{ TB, "TB-B", "road N S; road W E; field WNW NNW; field NNE ENE; "
	    "field ESE SSE; field SSW WSW" },
	{ TB, "TB-C", "city N; road S >city; road W >house; field WNW |N; "
	    "field WSW SSW; field ENE ESE SSE |N" },
	{ TB, "TB-D", "city N W $grain; city S; road E >city; field ENE |N; "
	    "field ESE |N S" },
	{ TB, "TB-N", "city W E $cloth; city S; field NNW NNE |W; "
	    "field C |W S" },
	{ TB, "TB-X", "city N W $wine; city E S; field C |N S" },
	{ HS, "HS-E", "road W >house; road S >house; "
	    "field WNW NNW NNE ENE ESE SSE; field SSW WSW" },
	{ HS, "HS-J", "cloister; road S >cloister; road N E; "
	    "field ESE SSE SSW WSW WNW NNW; field NNE ENE" },
	{ HS, "HS-L", "city NNW W; city NNE E; field SSE SSW |NNW NNE" },
	{ HS, "HS-N", "city N; city W; road S >city; field SSW |N W; "
	    "field ENE ESE SSE |N" },
	{ HS, "HS-P", "road W E; road S >house; field WNW NNW NNE ENE; "
	    "field ESE SSE SSW WSW" },
};

static void
test_sets_topology(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof xtopo / sizeof xtopo[0]; i++)
		check_topology(set_type(xtopo[i].set, xtopo[i].code),
		    xtopo[i].segs);
}

/* The pieces the expansions' rules will look at, one by one. */
static void
test_sets_examples(void **state)
{
	const struct cr_tiletype *t;
	int a, b, f;

	(void)state;

	/* IC-H: the inner field touches no edge and borders four cities. */
	t = set_type(IC, "IC-H");
	f = seg_with(t, CR_FIELD, ~(cr_ports)0);
	assert_int_equal(f, -1);
	for (f = 0; f < t->nseg && t->seg[f].kind != CR_FIELD; f++)
		;
	assert_true(f < t->nseg);
	assert_int_equal(t->seg[f].ports, 0);
	assert_int_equal(t->seg[f].next_to, 0xf);
	for (a = 0; a < 4; a++)
		assert_int_equal(t->seg[a].kind, CR_CITY);

	/* HS-L: two cities on the north edge, one per half; at 90 degrees
	 * they are on the east edge's halves. */
	t = set_type(HS, "hs-l");
	a = seg_with(t, CR_CITY, P(0));
	b = seg_with(t, CR_CITY, P(2));
	assert_true(a >= 0 && b >= 0 && a != b);
	assert_int_equal(t->portseg[1][3], a);		/* ENE */
	assert_int_equal(t->portseg[1][5], b);		/* ESE */
	assert_int_equal(t->portseg[0][1], -1);		/* no middle */

	/* TB-B: at the centre the roads cross without joining. */
	t = set_type(TB, "TB-B");
	a = seg_with(t, CR_ROAD, P(CR_PORT_MID(CR_N)));
	b = seg_with(t, CR_ROAD, P(CR_PORT_MID(CR_W)));
	assert_true(a >= 0 && b >= 0 && a != b);
	assert_int_equal(t->seg[a].end, CR_END_NONE);
	assert_int_equal(t->seg[b].end, CR_END_NONE);

	/* RV-A, the start: at rotation 0 the river leaves to the east. */
	t = &sets[RV].type[sets[RV].start];
	assert_string_equal(t->code, "RV-A");
	assert_int_equal(cr_tile_edge(t, 0, CR_E), CR_RIVER);
	assert_int_equal(cr_tile_edge(t, 0, CR_W), CR_FIELD);
	assert_int_equal(t->seg[t->portseg[0][CR_PORT_MID(CR_E)]].end,
	    CR_END_SPRING);
	t = set_type(RV, "RV-L");
	assert_int_equal(t->seg[t->portseg[0][CR_PORT_MID(CR_W)]].end,
	    CR_END_LAKE);

	/* The pairs: the second code finds the first's type. */
	assert_ptr_equal(set_type(RV, "RV-J"), set_type(RV, "rv-g"));
	assert_ptr_equal(set_type(RV, "RV-F"), set_type(RV, "RV-D"));
	assert_ptr_equal(set_type(IC, "IC-KB"), set_type(IC, "IC-Ka"));
	assert_int_equal(set_type(IC, "IC-Ka")->count, 2);
	/* Prefixed codes are no base codes; a set's codes are its own. */
	assert_int_equal(cr_tileset_find(&sets[IC], "BA-IC-A", 7), -1);
	assert_int_equal(cr_tileset_find(&sets[IC], "TB-A", 4), -1);
	assert_int_equal(cr_tileset_find(&sets[IC], "IC-K", 4), -1);
	assert_int_equal(cr_tileset_find(&sets[RV], "RV-M", 4), -1);
}

/* ------------------------------------------------------------------ */
/* Later sets' shapes load */

static int
parse_ok(const char *yaml, struct cr_tileset *ts)
{
	struct cr_error err;

	if (cr_tileset_parse(ts, yaml, strlen(yaml), &err) != 0) {
		print_error("%d:%d: %s\n", err.line, err.column, err.msg);
		return -1;
	}
	return 0;
}

static void
test_expansion_shapes(void **state)
{
	static const char yaml[] =
	    "set: shapes\n"
	    "tiles:\n"
	    "  - code: HS-L\n"			/* two cities share N */
	    "    count: 2\n"
	    "    edges: [city, city, field, city]\n"
	    "    marks: [vineyard]\n"
	    "    features:\n"
	    "      - {kind: city, at: [NNW, W]}\n"
	    "      - {kind: city, at: [NNE, E]}\n"
	    "      - {kind: field, at: [S], next_to: [NNW, NNE]}\n"
	    "  - code: IC-H\n"			/* four caps, an inner field */
	    "    count: 1\n"
	    "    edges: [city, city, city, city]\n"
	    "    marks: [garden]\n"
	    "    features:\n"
	    "      - {kind: city, at: [N]}\n"
	    "      - {kind: city, at: [E]}\n"
	    "      - {kind: city, at: [S]}\n"
	    "      - {kind: city, at: [W]}\n"
	    "      - {kind: field, at: [C], next_to: [N, E, S, W]}\n"
	    "  - code: TB-B\n"			/* a bridge */
	    "    count: 1\n"
	    "    edges: [road, road, road, road]\n"
	    "    features:\n"
	    "      - {kind: road, at: [N, S]}\n"
	    "      - {kind: road, at: [W, E]}\n"
	    "      - {kind: field, at: [NW]}\n"
	    "      - {kind: field, at: [NE]}\n"
	    "      - {kind: field, at: [SE]}\n"
	    "      - {kind: field, at: [SW]}\n"
	    "  - code: TB-X\n"
	    "    count: 1\n"
	    "    edges: [city, city, city, city]\n"
	    "    features:\n"
	    "      - {kind: city, at: [N, W], goods: wine}\n"
	    "      - {kind: city, at: [E, S]}\n"
	    "      - {kind: field, at: [], next_to: [N, S]}\n"
	    "  - code: IC-Ka\n"
	    "    count: 2\n"
	    "    edges: [city, city, city, city]\n"
	    "    features:\n"
	    "      - {kind: city, at: [N, E, S, W], cathedral: true}\n"
	    "  - code: IC-A\n"
	    "    count: 1\n"
	    "    edges: [field, field, road, road]\n"
	    "    features:\n"
	    "      - {kind: road, at: [W, S], inn: true}\n"
	    "      - {kind: field, at: [WNW, N, E, SSE]}\n"
	    "      - {kind: field, at: [SSW, WSW]}\n"
	    "  - code: RV-A\n"
	    "    count: 1\n"
	    "    edges: [field, river, field, field]\n"
	    "    features:\n"
	    "      - {kind: river, at: [E], end: spring}\n"
	    "      - {kind: field, at: [N, ENE, ESE, S, W]}\n"
	    "  - code: RV-H\n"			/* a road bridged over a river */
	    "    count: 1\n"
	    "    edges: [field, river, road, river]\n"
	    "    features:\n"
	    "      - {kind: cloister, at: [C]}\n"
	    "      - {kind: river, at: [W, E]}\n"
	    "      - {kind: road, at: [S], end: cloister, inn: false}\n"
	    "      - {kind: field, at: [WNW, N, ENE]}\n"
	    "      - {kind: field, at: [ESE, SSE]}\n"
	    "      - {kind: field, at: [WSW, SSW]}\n"
	    "start: rv-a\n";
	struct cr_tileset ts;
	const struct cr_tiletype *t;

	(void)state;
	assert_int_equal(parse_ok(yaml, &ts), 0);
	assert_int_equal(ts.ntypes, 8);
	assert_int_equal(ts.total, 10);
	assert_int_equal(ts.start, 6);
	/* A prefixed code is not a base code. */
	assert_int_equal(cr_tileset_find(&ts, "BA-HS-L", 7), -1);

	t = &ts.type[0];
	assert_int_equal(t->seg[0].ports, P(0) | P(9) | P(11));
	assert_int_equal(t->seg[1].ports, P(2) | P(3) | P(5));
	assert_int_equal(t->seg[2].next_to, 3);
	assert_int_equal(t->marks, CR_MARK_BIT(CR_MARK_VINEYARD));

	t = &ts.type[1];
	assert_int_equal(t->seg[4].ports, 0);
	assert_int_equal(t->seg[4].next_to, 0xf);
	assert_int_equal(t->marks, CR_MARK_BIT(CR_MARK_GARDEN));

	t = &ts.type[2];
	assert_int_equal(t->seg[0].ports, P(1) | P(7));
	assert_int_equal(t->seg[1].ports, P(10) | P(4));
	assert_int_equal(t->seg[2].ports, P(11) | P(0));

	t = &ts.type[3];
	assert_int_equal(tu_goods(t, 0), CR_GOODS_WINE);
	assert_int_equal(t->seg[2].ports, 0);
	assert_int_equal(t->seg[2].next_to, 3);
	assert_int_equal(ts.type[4].seg[0].flags, CR_SEG_CATHEDRAL);
	assert_int_equal(ts.type[5].seg[0].flags, CR_SEG_INN);

	t = &ts.type[6];
	assert_int_equal(t->edge[CR_E], CR_RIVER);
	assert_int_equal(t->seg[0].kind, CR_RIVER);
	assert_int_equal(t->seg[0].end, CR_END_SPRING);

	t = &ts.type[7];
	assert_int_equal(t->seg[2].flags, 0);
	assert_int_equal(t->seg[2].end, CR_END_CLOISTER);
	cr_tileset_free(&ts);
	cr_tileset_free(&ts);		/* twice is harmless */
}

/*
 * Two rotations look the same only if everything printed on the tile
 * is: a tile whose 0 and 180 rotations differ by goods, a pennant, an
 * inn or a cathedral alone has four looks; the same tile without the
 * mark has two.  Marks on every segment alike (a cathedral city on all
 * four sides, inner fields by four cities) keep the symmetry.
 */
static void
test_rotation_looks(void **state)
{
	/* Two city caps N and S, a field between: unmarked, two looks. */
#define CAPS(code, mark) \
	"  - code: " code "\n" \
	"    count: 1\n" \
	"    edges: [city, field, city, field]\n" \
	"    features:\n" \
	"      - {kind: city, at: [N]" mark "}\n" \
	"      - {kind: city, at: [S]}\n" \
	"      - {kind: field, at: [E, W], next_to: [N, S]}\n"
	/* Two dead-end roads N and S, fields W and E: two looks. */
#define ENDS(code, mark) \
	"  - code: " code "\n" \
	"    count: 1\n" \
	"    edges: [road, field, road, field]\n" \
	"    features:\n" \
	"      - {kind: road, at: [N], end: village" mark "}\n" \
	"      - {kind: road, at: [S], end: village}\n" \
	"      - {kind: field, at: [NNW, W, SSW]}\n" \
	"      - {kind: field, at: [NNE, E, SSE]}\n"
	/* Four city caps, the fields inside to follow. */
#define FOUR(code) \
	"  - code: " code "\n" \
	"    count: 1\n" \
	"    edges: [city, city, city, city]\n" \
	"    features:\n" \
	"      - {kind: city, at: [N]}\n" \
	"      - {kind: city, at: [E]}\n" \
	"      - {kind: city, at: [S]}\n" \
	"      - {kind: city, at: [W]}\n"
	static const char yaml[] =
	    "set: looks\n"
	    "tiles:\n"
	    CAPS("CAPS", "")
	    CAPS("WINE", ", goods: wine")
	    CAPS("PENNANT", ", pennants: 1")
	    CAPS("CATHEDRAL", ", cathedral: true")
	    ENDS("ENDS", "")
	    ENDS("INN", ", inn: true")
	    "  - code: KA\n"			/* the cathedral city */
	    "    count: 1\n"
	    "    edges: [city, city, city, city]\n"
	    "    features:\n"
	    "      - {kind: city, at: [N, E, S, W], cathedral: true, goods: cloth}\n"
	    FOUR("IH")				/* one inner field by all four */
	    "      - {kind: field, at: [C], next_to: [N, E, S, W]}\n"
	    FOUR("IH2")				/* inner fields by N+S, by E+W: 90 swaps them */
	    "      - {kind: field, at: [], next_to: [N, S]}\n"
	    "      - {kind: field, at: [], next_to: [E, W]}\n"
	    FOUR("IH3")				/* the same, the first by W too */
	    "      - {kind: field, at: [], next_to: [N, S, W]}\n"
	    "      - {kind: field, at: [], next_to: [E]}\n"
	    "  - code: TBX\n"			/* Traders & Builders: wine on one of two */
	    "    count: 1\n"
	    "    edges: [city, city, city, city]\n"
	    "    features:\n"
	    "      - {kind: city, at: [N, W], goods: wine}\n"
	    "      - {kind: city, at: [E, S]}\n"
	    "      - {kind: field, at: [], next_to: [N, S]}\n";
#undef CAPS
#undef ENDS
#undef FOUR
	static const struct { const char *code; int looks; } want[] = {
		{ "CAPS", 2 }, { "WINE", 4 }, { "PENNANT", 4 }, { "CATHEDRAL", 4 },
		{ "ENDS", 2 }, { "INN", 4 }, { "KA", 1 }, { "IH", 1 }, { "IH2", 1 },
		{ "IH3", 4 }, { "TBX", 4 },
	};
	struct cr_tileset ts;

	(void)state;
	assert_int_equal(parse_ok(yaml, &ts), 0);
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		int t = cr_tileset_find(&ts, want[i].code, strlen(want[i].code));

		assert_true(t >= 0);
		if (looks(&ts.type[t]) != want[i].looks)
			fail_msg("%s: %d looks, expected %d", want[i].code,
			    looks(&ts.type[t]), want[i].looks);
	}
	cr_tileset_free(&ts);
}

/* ------------------------------------------------------------------ */
/* Errors: message and place */

#define HDR	"set: t\ntiles:\n"
/* Lines 3-5 of a tile D, features to follow from line 6 on. */
#define D_HEAD	"  - code: D\n    count: 1\n    edges: [city, road, field, road]\n" \
		"    features:\n"
#define D_CITY	"      - {kind: city, at: [N]}\n"
#define D_ROAD	"      - {kind: road, at: [W, E]}\n"
#define D_F1	"      - {kind: field, at: [WNW, ENE], next_to: [N]}\n"
#define D_F2	"      - {kind: field, at: [ESE, SSE, SSW, WSW]}\n"
#define D_TILE	D_HEAD D_CITY D_ROAD D_F1 D_F2
/* Tile D with aliases a on line 2 of the tile (9 lines); tile E with
 * aliases a on line 2 (7 lines). */
#define D_AL(a)	"  - code: D\n    aliases: " a "\n    count: 1\n" \
		"    edges: [city, road, field, road]\n    features:\n" \
		D_CITY D_ROAD D_F1 D_F2
#define E_AL(a)	"  - code: E\n    aliases: " a "\n    count: 2\n" \
		"    edges: [city, field, field, field]\n    features:\n" \
		D_CITY "      - {kind: field, at: [E, S, W], next_to: [N]}\n"

static const struct bad {
	const char	*name;
	const char	*yaml;
	int		 line, column;
	const char	*msg;
} bad[] = {
	/* The YAML itself */
	{ "syntax", "set: [t\n", 2, 1,
	  "not valid YAML: did not find expected ',' or ']' (while parsing "
	  "a flow sequence at line 1)" },
	{ "bad byte", "set: t\ntiles: \x01\n", 2, 8,
	  "not valid YAML: control characters are not allowed" },
	{ "empty", "", 1, 1, "the tile set is empty; it needs set and tiles" },
	{ "comment only", "# nothing\n", 1, 1,
	  "the tile set is empty; it needs set and tiles" },
	{ "alias", HDR "  - &d {code: D}\n  - *d\n", 4, 5,
	  "YAML aliases are not allowed in a tile set; write the value out" },
	{ "two documents", "set: a\n---\nset: b\n", 2, 1,
	  "a tile set is one YAML document, but a second one starts here" },
	{ "nesting",
	  "set: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
	  1, 21, "lists and mappings are nested more than 16 deep" },

	/* Top level */
	{ "top list", "- set\n", 1, 1,
	  "the top level must be a mapping (key: value), not a list" },
	{ "top scalar", "base\n", 1, 1,
	  "the top level must be a mapping (key: value), not \"base\"" },
	{ "unknown top key", "set: t\nname: x\n", 2, 1,
	  "unknown key \"name\" in the top level; expected set, start, tiles or tokens" },
	{ "duplicate key", "set: t\nset: u\n", 2, 1,
	  "key set is given twice in the top level" },
	{ "no set", "tiles: []\n", 1, 1,
	  "no set given; name the set, e.g. set: base" },
	{ "bad set", "set: Base Game\n", 1, 6,
	  "set must be a name of lower-case letters, digits and -, like base "
	  "or inns-cathedrals, not \"Base Game\"" },
	{ "no tiles", "set: t\n", 1, 1, "no tiles given" },
	{ "empty tiles", "set: t\ntiles: []\n", 2, 8, "tiles is empty" },
	{ "tiles mapping", "set: t\ntiles: {D: 1}\n", 2, 8,
	  "tiles must be a list, like [{code: D, ...}], not a mapping" },
	{ "no start tile", HDR D_TILE "start: Z\n", 11, 8,
	  "start tile \"Z\" is not in this set" },
	{ "start list", HDR D_TILE "start: [D]\n", 11, 8,
	  "start must be a tile code, not a list" },

	/* Tiles */
	{ "tile scalar", HDR "  - D\n", 3, 5,
	  "a tile must be a mapping (key: value), not \"D\"" },
	{ "no code", HDR "  - {count: 1}\n", 3, 5, "a tile has no code" },
	{ "code too long", HDR "  - code: ABCDEFGHIJKLMNOP\n", 3, 11,
	  "tile code \"ABCDEFGHIJKLMNOP\" is longer than 15 characters" },
	{ "code chars", HDR "  - code: \"D 2\"\n", 3, 11,
	  "tile code \"D 2\" may hold only letters, digits and - (not first)" },
	{ "code dash", HDR "  - code: -D\n", 3, 11,
	  "tile code \"-D\" may hold only letters, digits and - (not first)" },
	{ "code keyword", HDR "  - code: End\n", 3, 11,
	  "tile code \"End\" is a word of the notation" },
	{ "code list", HDR "  - code: [D]\n", 3, 11,
	  "a tile code must be a word, like D or IC-A, not a list" },
	{ "duplicate code", HDR D_TILE "  - code: d\n", 11, 11,
	  "tile code \"d\" is used twice (also at line 3)" },
	{ "aliases scalar", HDR D_AL("IC-Kb"), 4, 14,
	  "tile \"D\": aliases must be a list, like [IC-Kb], not \"IC-Kb\"" },
	{ "alias list", HDR D_AL("[[K]]"), 4, 15,
	  "tile \"D\": an alias must be a word, like D or IC-A, not a list" },
	{ "alias chars", HDR D_AL("[\"K b\"]"), 4, 15,
	  "tile \"D\": alias \"K b\" may hold only letters, digits and - (not "
	  "first)" },
	{ "alias dash", HDR D_AL("[-K]"), 4, 15,
	  "tile \"D\": alias \"-K\" may hold only letters, digits and - (not "
	  "first)" },
	{ "alias too long", HDR D_AL("[ABCDEFGHIJKLMNOP]"), 4, 15,
	  "tile \"D\": alias \"ABCDEFGHIJKLMNOP\" is longer than 15 "
	  "characters" },
	{ "alias keyword", HDR D_AL("[Discard]"), 4, 15,
	  "tile \"D\": alias \"Discard\" is a word of the notation" },
	{ "alias own code", HDR D_AL("[d]"), 4, 15,
	  "tile \"D\": alias \"d\" is used twice (also at line 3)" },
	{ "alias twice", HDR D_AL("[D2, d2]"), 4, 19,
	  "tile \"D\": alias \"d2\" is used twice (also at line 4, as an alias "
	  "of D)" },
	{ "alias of an earlier code", HDR E_AL("[]") D_AL("[e]"), 11, 15,
	  "tile \"D\": alias \"e\" is used twice (also at line 3)" },
	{ "code of an earlier alias", HDR D_AL("[E]") E_AL("[]"), 12, 11,
	  "tile code \"E\" is used twice (also at line 4, as an alias of D)" },
	{ "alias of an earlier alias", HDR D_AL("[IC-Kb]") E_AL("[ic-kB]"), 13,
	  15, "tile \"E\": alias \"ic-kB\" is used twice (also at line 4, as an "
	  "alias of D)" },
	{ "too many aliases", HDR D_AL("[A1, A2, A3, A4]"), 4, 27,
	  "tile \"D\": more than 3 aliases; a tile has at most 3" },
	{ "unknown tile key", HDR "  - code: D\n    colour: red\n", 4, 5,
	  "tile \"D\": unknown key \"colour\" in a tile; expected code, "
	  "aliases, count, edges, features or marks" },
	{ "duplicate tile key", HDR "  - code: D\n    count: 1\n    count: 2\n",
	  5, 5, "tile \"D\": key count is given twice in a tile" },
	{ "no count", HDR "  - code: D\n    edges: []\n", 3, 5,
	  "tile \"D\": no count given" },
	{ "count zero", HDR "  - code: D\n    count: 0\n", 4, 12,
	  "tile \"D\": count must be a whole number from 1 to 1000, not \"0\"" },
	{ "count negative", HDR "  - code: D\n    count: -4\n", 4, 12,
	  "tile \"D\": count must be a whole number from 1 to 1000, not \"-4\"" },
	{ "count huge", HDR "  - code: D\n    count: 123456789012345678901234567890\n",
	  4, 12, "tile \"D\": count must be a whole number from 1 to 1000, "
	  "not \"123456789012345678901234...\"" },
	{ "count quoted", HDR "  - code: D\n    count: \"4\"\n", 4, 12,
	  "tile \"D\": count must be a whole number from 1 to 1000, not \"4\"" },
	{ "count float", HDR "  - code: D\n    count: 4.0\n", 4, 12,
	  "tile \"D\": count must be a whole number from 1 to 1000, not \"4.0\"" },
	{ "no edges", HDR "  - code: D\n    count: 1\n", 3, 5,
	  "tile \"D\": no edges given" },
	{ "edges scalar", HDR "  - code: D\n    count: 1\n    edges: city\n",
	  5, 12, "tile \"D\": edges must be a list, like [city, road, field, "
	  "road], not \"city\"" },
	{ "three edges", HDR "  - code: D\n    count: 1\n    edges: [city, road, field]\n",
	  5, 12, "tile \"D\": edges must give 4 kinds (N, E, S, W), not 3" },
	{ "edge kind", HDR "  - code: D\n    count: 1\n    edges: [city, road, cloister, road]\n",
	  5, 25, "tile \"D\": edge kind \"cloister\" is not one of field, road, "
	  "city or river" },
	{ "no features", HDR "  - code: D\n    count: 1\n    edges: [city, road, field, road]\n",
	  3, 5, "tile \"D\": no features given" },
	{ "unknown mark", HDR "  - code: D\n    count: 1\n    edges: [city, road, field, road]\n"
	  "    marks: [hill, castle]\n", 6, 19, "tile \"D\": unknown mark \"castle\"; "
	  "known marks are hill, vineyard, garden, volcano or pigherd" },
	{ "mark twice", HDR "  - code: D\n    count: 1\n    edges: [city, road, field, road]\n"
	  "    marks: [hill, hill]\n", 6, 19, "tile \"D\": mark hill is given twice" },
	{ "too many features", HDR "  - code: B\n    count: 1\n    edges: [field, field, field, field]\n"
	  "    features:\n"
	  "      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n"
	  "      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n"
	  "      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n"
	  "      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n"
	  "      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n      - {kind: field, at: [C]}\n"
	  "      - {kind: field, at: [N, E, S, W]}\n"
	  "      - {kind: cloister}\n",
	  23, 9, "tile \"B\": more than 16 features; a tile holds at most 16" },
	{ "two cloisters", HDR "  - code: B\n    count: 1\n    edges: [field, field, field, field]\n"
	  "    features:\n"
	  "      - {kind: cloister}\n      - {kind: field, at: [N, E, S, W]}\n"
	  "      - {kind: cloister}\n",
	  9, 16, "tile \"B\": a tile has one cloister at most, and this is its second" },

	/* Features */
	{ "feature scalar", HDR D_HEAD "      - city\n", 7, 9,
	  "tile \"D\": a feature must be a mapping (key: value), not \"city\"" },
	{ "unknown feature key", HDR D_HEAD "      - {kind: city, at: [N], size: 2}\n",
	  7, 31, "tile \"D\": unknown key \"size\" in a feature; expected kind, "
	  "at, next_to, pennants, end, inn, cathedral or goods" },
	{ "no kind", HDR D_HEAD "      - {at: [N]}\n", 7, 9,
	  "tile \"D\": a feature has no kind (field, road, city, river or "
	  "cloister)" },
	{ "bad kind", HDR D_HEAD "      - {kind: town, at: [N]}\n", 7, 16,
	  "tile \"D\": feature kind \"town\" is not one of field, road, city, "
	  "river or cloister" },
	{ "no at", HDR D_HEAD "      - {kind: city}\n", 7, 9,
	  "tile \"D\": this city has no at: say which spots it reaches, e.g. "
	  "at: [N]" },
	{ "at scalar", HDR D_HEAD "      - {kind: city, at: N}\n", 7, 26,
	  "tile \"D\": at must be a list, like [N, E], not \"N\"" },
	{ "bad spot", HDR D_HEAD "      - {kind: city, at: [North]}\n", 7, 27,
	  "tile \"D\": \"North\" is not a spot; spots are N, NNE, NE, ENE, E, "
	  "... NW, NNW and C" },
	{ "C with others", HDR D_HEAD "      - {kind: field, at: [N, C]}\n", 7, 31,
	  "tile \"D\": C (the centre, no edge) cannot be combined with other "
	  "spots" },
	{ "city at C", HDR D_HEAD "      - {kind: city, at: [C]}\n", 7, 27,
	  "tile \"D\": a city must reach an edge; C is only for cloisters and "
	  "inner fields" },
	{ "city at nothing", HDR D_HEAD "      - {kind: city, at: []}\n", 7, 26,
	  "tile \"D\": city C must reach at least one edge" },
	{ "road at nothing", HDR D_HEAD "      - {kind: road, at: []}\n", 7, 26,
	  "tile \"D\": road C must reach at least one edge" },
	{ "road at half", HDR D_HEAD "      - {kind: road, at: [W, ENE]}\n", 7, 30,
	  "tile \"D\": a road runs to the middle of an edge: write N, E, S or W, "
	  "not ENE" },
	{ "river at corner", HDR D_HEAD "      - {kind: river, at: [NE]}\n", 7, 28,
	  "tile \"D\": a river runs to the middle of an edge: write N, E, S or "
	  "W, not NE" },
	{ "city at corner", HDR D_HEAD "      - {kind: city, at: [NE]}\n", 7, 27,
	  "tile \"D\": a city is named by edges and half-edges, and NE is a "
	  "corner" },
	{ "cloister at edge", HDR D_HEAD "      - {kind: cloister, at: [N]}\n", 7, 31,
	  "tile \"D\": a cloister stands in the centre; its at may only be [C]" },
	{ "spot twice", HDR D_HEAD "      - {kind: field, at: [N, NNE]}\n", 7, 31,
	  "tile \"D\": field names half-edge NNE twice in at" },
	{ "corner overlap", HDR D_HEAD "      - {kind: field, at: [NE, ENE]}\n", 7, 32,
	  "tile \"D\": field names half-edge ENE twice in at" },
	{ "road twice", HDR D_HEAD "      - {kind: road, at: [W, w]}\n", 7, 30,
	  "tile \"D\": road names the middle of edge W twice in at" },
	{ "half-edge twice", HDR D_HEAD D_CITY D_ROAD
	  "      - {kind: field, at: [WNW, NNE, ENE], next_to: [N]}\n", 9, 33,
	  "tile \"D\": half-edge NNE belongs to both city N and field "
	  "WNW+NNE+ENE" },
	{ "middle twice", HDR D_HEAD D_CITY D_ROAD
	  "      - {kind: road, at: [E], end: village}\n", 9, 27,
	  "tile \"D\": the middle of edge E belongs to both road W+E and road E" },
	{ "half-edge missing", HDR D_HEAD D_CITY D_ROAD D_F1
	  "      - {kind: field, at: [ESE, SSW, WSW]}\n", 7, 7,
	  "tile \"D\": half-edge SSE belongs to no feature" },
	{ "pennant on field", HDR D_HEAD "      - {kind: field, at: [S], pennants: 1}\n",
	  7, 42, "tile \"D\": only cities carry pennants, and field S is not one" },
	{ "pennants ten", HDR D_HEAD "      - {kind: city, at: [N], pennants: 10}\n",
	  7, 41, "tile \"D\": pennants must be a whole number from 0 to 9, not "
	  "\"10\"" },
	{ "cathedral on road", HDR D_HEAD "      - {kind: road, at: [W, E], cathedral: true}\n",
	  7, 45, "tile \"D\": only cities have cathedrals, and road W+E is not "
	  "one" },
	{ "cathedral yes", HDR D_HEAD "      - {kind: city, at: [N], cathedral: yes}\n",
	  7, 42, "tile \"D\": cathedral must be true or false, not \"yes\"" },
	{ "goods on field", HDR D_HEAD "      - {kind: field, at: [S], goods: wine}\n",
	  7, 39, "tile \"D\": only cities carry goods, and field S is not one" },
	{ "bad goods", HDR D_HEAD "      - {kind: city, at: [N], goods: gold}\n",
	  7, 38, "tile \"D\": goods must be wine, grain or cloth, not \"gold\"" },
	{ "inn on city", HDR D_HEAD "      - {kind: city, at: [N], inn: true}\n",
	  7, 36, "tile \"D\": inns stand by roads, and city N is not one" },
	{ "inn quoted", HDR D_HEAD "      - {kind: road, at: [W, E], inn: \"true\"}\n",
	  7, 39, "tile \"D\": inn must be true or false, not \"true\"" },
	{ "end on field", HDR D_HEAD "      - {kind: field, at: [S], end: city}\n",
	  7, 37, "tile \"D\": only roads and rivers end on a tile, and field S "
	  "is not one" },
	{ "bad end", HDR D_HEAD "      - {kind: road, at: [S], end: castle}\n",
	  7, 36, "tile \"D\": end must be village, cloister, city, house, spring, "
	  "lake or wheel, not \"castle\"" },
	{ "end on through road", HDR D_HEAD "      - {kind: road, at: [W, E], end: village}\n",
	  7, 39, "tile \"D\": road W+E runs through the tile; only a road that "
	  "stops on it has an end" },
	{ "road without end", HDR D_HEAD "      - {kind: road, at: [S]}\n", 7, 9,
	  "tile \"D\": road S stops on the tile: say at what with end (village, "
	  "cloister, city, house, spring, lake or wheel)" },
	{ "next_to on road", HDR D_HEAD "      - {kind: road, at: [W, E], next_to: [N]}\n",
	  7, 43, "tile \"D\": only fields have next_to, and road W+E is not one" },
	{ "next_to scalar", HDR D_HEAD "      - {kind: field, at: [S], next_to: N}\n",
	  7, 41, "tile \"D\": next_to must be a list, like [N], not \"N\"" },
	{ "next_to no city", HDR D_HEAD D_CITY D_ROAD
	  "      - {kind: field, at: [WNW, ENE], next_to: [S]}\n" D_F2, 9, 49,
	  "tile \"D\": field WNW+ENE names city S in next_to, but S is not a "
	  "city of this tile" },
	{ "next_to corner", HDR D_HEAD D_CITY D_ROAD
	  "      - {kind: field, at: [WNW, ENE], next_to: [NE]}\n" D_F2, 9, 49,
	  "tile \"D\": field WNW+ENE names \"NE\" in next_to, but a city is "
	  "named by an edge (N) or a half-edge (NNE)" },
	{ "next_to twice", HDR D_HEAD D_CITY D_ROAD
	  "      - {kind: field, at: [WNW, ENE], next_to: [N, nnw]}\n" D_F2, 9, 52,
	  "tile \"D\": field WNW+ENE names city N twice in next_to" },
	{ "next_to ambiguous", HDR
	  "  - code: HS-L\n    count: 2\n    edges: [city, city, field, city]\n"
	  "    features:\n"
	  "      - {kind: city, at: [NNW, W]}\n"
	  "      - {kind: city, at: [NNE, E]}\n"
	  "      - {kind: field, at: [S], next_to: [N]}\n", 9, 42,
	  "tile \"HS-L\": field S names city N in next_to, but two cities reach "
	  "N; name one by a half-edge" },

	/* Edges against features */
	{ "city edge with field half", HDR
	  "  - code: D\n    count: 1\n    edges: [city, road, field, road]\n"
	  "    features:\n"
	  "      - {kind: city, at: [NNW]}\n" D_ROAD
	  "      - {kind: field, at: [WNW, NNE, ENE], next_to: [NNW]}\n" D_F2,
	  5, 13, "tile \"D\": edges gives N as city, but half-edge NNE belongs to "
	  "field WNW+NNE+ENE" },
	{ "road edge without road", HDR
	  "  - code: D\n    count: 1\n    edges: [city, road, field, road]\n"
	  "    features:\n" D_CITY
	  "      - {kind: road, at: [W], end: village}\n" D_F1 D_F2,
	  5, 19, "tile \"D\": edges gives E as road, but no road reaches its "
	  "middle" },
	{ "field edge with road", HDR
	  "  - code: D\n    count: 1\n    edges: [city, field, field, road]\n"
	  "    features:\n" D_CITY D_ROAD D_F1 D_F2,
	  5, 19, "tile \"D\": edges gives E as field, but road W+E reaches its "
	  "middle" },
	{ "road edge with river", HDR
	  "  - code: D\n    count: 1\n    edges: [city, road, field, road]\n"
	  "    features:\n" D_CITY
	  "      - {kind: river, at: [W, E]}\n" D_F1 D_F2,
	  5, 19, "tile \"D\": edges gives E as road, but river W+E reaches its "
	  "middle" },
	{ "field edge with city halves", HDR
	  "  - code: D\n    count: 1\n    edges: [field, road, field, road]\n"
	  "    features:\n" D_CITY D_ROAD D_F1 D_F2,
	  5, 13, "tile \"D\": edges gives N as field, but half-edge NNW belongs "
	  "to city N" },
	{ "city edge with road", HDR
	  "  - code: X\n    count: 1\n    edges: [city, road, road, road]\n"
	  "    features:\n"
	  "      - {kind: city, at: [N]}\n"
	  "      - {kind: road, at: [N, S]}\n"
	  "      - {kind: road, at: [E, W]}\n"
	  "      - {kind: field, at: [ENE, SSE]}\n"
	  "      - {kind: field, at: [ESE, WSW]}\n"
	  "      - {kind: field, at: [SSW, WNW]}\n",
	  5, 13, "tile \"X\": edges gives N as city, but road N+S reaches its "
	  "middle" },
};

static int
all_zero(const struct cr_tileset *ts)
{
	static const struct cr_tileset zero;

	return memcmp(ts, &zero, sizeof zero) == 0;
}

static void
test_errors(void **state)
{
	size_t i;
	int failed = 0;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct cr_tileset ts;
		struct cr_error err;
		int rc;

		memset(&ts, 0xa5, sizeof ts);	/* must come back zeroed */
		rc = cr_tileset_parse(&ts, bad[i].yaml, strlen(bad[i].yaml),
		    &err);
		if (rc != -1 || !all_zero(&ts) || err.line != bad[i].line ||
		    err.column != bad[i].column ||
		    strcmp(err.msg, bad[i].msg) != 0) {
			print_error("%s: got rc %d %d:%d: %s\n"
			    "%*s  want       %d:%d: %s\n", bad[i].name, rc,
			    err.line, err.column, err.msg,
			    (int)strlen(bad[i].name), "", bad[i].line,
			    bad[i].column, bad[i].msg);
			failed++;
		}
	}
	assert_int_equal(failed, 0);
}

/* Aliases: other codes of a type, found like its code (IC-Kb). */
static void
test_aliases(void **state)
{
	static const char yaml[] =
	    "set: t\nstart: ic-KB\ntiles:\n"
	    D_AL("[IC-Kb, y, Y2]")
	    E_AL("[]");
	struct cr_tileset ts;

	(void)state;
	assert_int_equal(parse_ok(yaml, &ts), 0);
	assert_int_equal(ts.ntypes, 2);		/* aliases add no type */
	assert_int_equal(ts.total, 3);		/* nor copies */
	assert_int_equal(ts.start, 0);		/* start may name an alias */
	assert_string_equal(ts.type[0].code, "D");
	assert_int_equal(ts.type[0].naliases, 3);
	assert_string_equal(ts.type[0].alias[0], "IC-Kb");
	assert_string_equal(ts.type[0].alias[2], "Y2");
	assert_int_equal(ts.type[1].naliases, 0);
	assert_int_equal(cr_tileset_find(&ts, "D", 1), 0);
	assert_int_equal(cr_tileset_find(&ts, "IC-Kb", 5), 0);
	assert_int_equal(cr_tileset_find(&ts, "ic-kb", 5), 0);
	assert_int_equal(cr_tileset_find(&ts, "y", 1), 0);	/* one letter */
	assert_int_equal(cr_tileset_find(&ts, "Y", 1), 0);
	assert_int_equal(cr_tileset_find(&ts, "y2", 2), 0);
	assert_int_equal(cr_tileset_find(&ts, "BA-Y2", 5), 0);	/* a base code */
	assert_int_equal(cr_tileset_find(&ts, "BA-IC-Kb", 8), -1);
	assert_int_equal(cr_tileset_find(&ts, "IC-K", 4), -1);
	assert_int_equal(cr_tileset_find(&ts, "IC-Kbb", 6), -1);
	assert_int_equal(cr_tileset_find(&ts, "e", 1), 1);
	cr_tileset_free(&ts);
}

/* "BA-E" is the base tile E (its letter, at once), unless the data
 * spells a word so itself: then that word's type, as always. */
static void
test_ba_words(void **state)
{
	static const char plain[] = "set: t\ntiles:\n" D_AL("[Y2]") E_AL("[]");
	static const char spelt[] = "set: t\ntiles:\n" D_AL("[BA-E]") E_AL("[]");
	struct cr_tileset ts;

	(void)state;
	assert_int_equal(parse_ok(plain, &ts), 0);
	assert_false(ts.ba_words);
	assert_int_equal(cr_tileset_find(&ts, "BA-E", 4), 1);
	assert_int_equal(cr_tileset_find(&ts, "ba-e", 4), 1);
	assert_int_equal(cr_tileset_find(&ts, "BA-D", 4), 0);
	assert_int_equal(cr_tileset_find(&ts, "BA-Q", 4), -1);
	assert_int_equal(cr_tileset_find(&ts, "BA-\xe9", 4), -1);
	cr_tileset_free(&ts);
	assert_int_equal(parse_ok(spelt, &ts), 0);
	assert_true(ts.ba_words);
	assert_int_equal(cr_tileset_find(&ts, "BA-E", 4), 0);	/* D's alias */
	assert_int_equal(cr_tileset_find(&ts, "ba-e", 4), 0);
	assert_int_equal(cr_tileset_find(&ts, "BA-D", 4), 0);
	assert_int_equal(cr_tileset_find(&ts, "E", 1), 1);
	cr_tileset_free(&ts);
}

/* The minimal tile of the error tests is itself fine. */
static void
test_minimal_ok(void **state)
{
	struct cr_tileset ts;

	(void)state;
	assert_int_equal(parse_ok(HDR D_TILE, &ts), 0);
	assert_int_equal(ts.ntypes, 1);
	assert_int_equal(ts.start, -1);		/* no start: given */
	assert_int_equal(ts.total, 1);
	cr_tileset_free(&ts);
}

/* Text that is not even NUL-terminated, NULL text, no err: no crash. */
/*
 * A set whose module's data adds types (the Wheel of Fortune's board
 * squares, cr_tileset_add): where each type was read is known for every
 * type, an added one 0 (unknown) -- the array of lines did not follow
 * the added types, and was read past its end; a copy owns the module's
 * data (it shared src's, freed twice) and reads the same.
 */
static void
test_added_types(void **state)
{
	struct cr_tileset ts, copy;
	const char *file;
	bool record;
	int added = 0;

	(void)state;
	for (int e = 0; e < cr_nexts; e++) {
		if (cr_exts[e]->tiles == NULL || cr_exts[e]->datakeys == NULL)
			continue;
		tu_load(cr_exts[e]->tiles, &ts);
		for (int t = 0; t < ts.ntypes; t++) {
			int line = cr_tileset_origin(&ts, t, &file, &record);

			if (ts.type[t].part) {
				assert_int_equal(line, 0);
				added++;
			} else {
				assert_true(line > 0);
			}
		}
		assert_int_equal(cr_tileset_copy(&copy, &ts), 0);
		assert_non_null(copy.setdata[0]);
		assert_true(copy.setdata[0] != ts.setdata[0]);
		assert_int_equal(copy.setdatalen[0], ts.setdatalen[0]);
		assert_memory_equal(copy.setdata[0], ts.setdata[0], ts.setdatalen[0]);
		cr_tileset_free(&ts);
		assert_int_equal(cr_tileset_origin(&copy, copy.ntypes - 1, &file, &record), 0);
		cr_tileset_free(&copy);
	}
	assert_true(added >= 16);	/* the wheel's board */
}

static void
test_odd_calls(void **state)
{
	struct cr_tileset ts;
	struct cr_error err;
	char *buf;
	size_t len = strlen(HDR D_TILE);

	(void)state;
	buf = malloc(len);
	assert_non_null(buf);
	memcpy(buf, HDR D_TILE, len);
	assert_int_equal(cr_tileset_parse(&ts, buf, len, &err), 0);
	cr_tileset_free(&ts);
	/* Cut short inside the last feature. */
	assert_int_equal(cr_tileset_parse(&ts, buf, len - 10, &err), -1);
	assert_true(all_zero(&ts));
	free(buf);
	assert_int_equal(cr_tileset_parse(&ts, NULL, 0, &err), -1);
	assert_int_equal(err.line, 1);
	assert_int_equal(cr_tileset_parse(&ts, "set: [", 6, NULL), -1);
	assert_true(all_zero(&ts));
	cr_tileset_free(NULL);
}

/* Big and hostile inputs: many types, long scalars, deep nesting. */
static void
test_hostile(void **state)
{
	struct cr_tileset ts;
	struct cr_error err;
	size_t size = 1 << 20, o, i;
	char *buf;

	(void)state;
	assert_non_null(buf = malloc(size));

	/* 1000 types load; the 1001st is refused before any is read. */
	o = (size_t)snprintf(buf, size, "set: many\ntiles:\n");
	for (i = 0; i < 1001; i++)
		o += (size_t)snprintf(buf + o, size - o,
		    "  - {code: T%zu, count: 1000, edges: [field, field, field, "
		    "field], features: [{kind: field, at: [N, E, S, W]}]}\n", i);
	assert_int_equal(cr_tileset_parse(&ts, buf, o, &err), -1);
	assert_int_equal(err.line, 3);
	assert_string_equal(err.msg, "more than 1000 tile types");
	o = (size_t)(strstr(buf, "  - {code: T1000,") - buf);
	assert_int_equal(cr_tileset_parse(&ts, buf, o, &err), 0);
	assert_int_equal(ts.ntypes, 1000);
	assert_int_equal(ts.total, 1000000);
	assert_int_equal(cr_tileset_find(&ts, "t999", 4), 999);
	cr_tileset_free(&ts);

	/* Deep nesting, far past any limit. */
	for (i = 0; i < size / 2; i++) {
		buf[i] = '[';
		buf[size - 1 - i] = ']';
	}
	assert_int_equal(cr_tileset_parse(&ts, buf, size, &err), -1);
	assert_int_equal(err.line, 1);
	assert_int_equal(err.column, 17);
	memset(buf, '{', size);
	assert_int_equal(cr_tileset_parse(&ts, buf, size, &err), -1);

	/* A long value, shown cut short. */
	o = (size_t)snprintf(buf, size, "set: t\ntiles: ");
	memset(buf + o, 'k', 100000);
	o += 100000;
	assert_int_equal(cr_tileset_parse(&ts, buf, o, &err), -1);
	assert_string_equal(err.msg, "tiles must be a list, like [{code: D, "
	    "...}], not \"kkkkkkkkkkkkkkkkkkkkkkkk...\"");

	/* Garbage bytes. */
	for (i = 0; i < 4096; i++)
		buf[i] = (char)(i * 7919 % 251);
	assert_int_equal(cr_tileset_parse(&ts, buf, 4096, &err), -1);
	assert_true(all_zero(&ts));
	free(buf);
}

/* Issue 21: a set read with a record's corrections (cr_tileset_parse_fix):
 * its name kept for the module, tiles patched, the corrections' lines (the
 * record's) given negated, in the types and in a refusal. */
static void
test_parse_fix(void **state)
{
	static const char out[] = "tiles: [{code: WF-22, count: 0}]\n";
	static const char bad_key[] = "\n\nicons: {X: {2: 1}}\npig: pink\n";
	static const char bad_yaml[] = "\nicons: [\n";
	const char *dir = getenv("CARCREF_DATA");
	struct cr_tileset ts;
	struct cr_error err;
	char path[4096], *text;
	size_t len = 0;
	int t;

	(void)state;
	snprintf(path, sizeof path, "%s/wheel-of-fortune.yaml", dir ? dir : "rules/tiles");
	assert_non_null(text = tu_slurp(path, &len));
	assert_int_equal(cr_tileset_parse_fix(&ts, "wheel-of-fortune.yaml", text, len, out,
	    strlen(out), &err), 0);
	assert_string_equal(ts.source, "wheel-of-fortune.yaml");
	assert_true((t = cr_tileset_find(&ts, "WF-22", 5)) >= 0);
	assert_int_equal(ts.type[t].count, 0);
	assert_int_equal(ts.line[t], -1);	/* the record's line 1 */
	cr_tileset_free(&ts);
	assert_int_equal(cr_tileset_parse_fix(&ts, NULL, text, len, bad_key, strlen(bad_key),
	    &err), -1);
	assert_int_equal(err.line, -4);
	assert_non_null(strstr(err.msg, "unknown key \"pig\" in the corrections"));
	assert_int_equal(cr_tileset_parse_fix(&ts, NULL, text, len, bad_yaml, strlen(bad_yaml),
	    &err), -1);
	assert_true(err.line < 0);
	/* No corrections: as cr_tileset_parse, the name kept. */
	assert_int_equal(cr_tileset_parse_fix(&ts, "w.yaml", text, len, NULL, 0, &err), 0);
	assert_string_equal(ts.source, "w.yaml");
	cr_tileset_free(&ts);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest geom[] = {
		cmocka_unit_test(test_dirs),
		cmocka_unit_test(test_spot_ports),
		cmocka_unit_test(test_spot_names),
		cmocka_unit_test(test_port_names),
		cmocka_unit_test(test_rotation),
	};
	const struct CMUnitTest baseset[] = {
		cmocka_unit_test(test_base_totals),
		cmocka_unit_test(test_base_table),
		cmocka_unit_test(test_base_topology),
		cmocka_unit_test(test_base_invariants),
		cmocka_unit_test(test_base_examples),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_base_looks),
	};
	const struct CMUnitTest expsets[] = {
		cmocka_unit_test(test_sets_totals),
		cmocka_unit_test(test_sets_table),
		cmocka_unit_test(test_sets_topology),
		cmocka_unit_test(test_sets_examples),
	};
	const struct CMUnitTest loader[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_expansion_shapes),
		cmocka_unit_test(test_rotation_looks),
		cmocka_unit_test(test_minimal_ok),
		cmocka_unit_test(test_aliases),
		cmocka_unit_test(test_ba_words),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_odd_calls),
		cmocka_unit_test(test_added_types),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_parse_fix),
	};
	int failed = 0;

	failed += cmocka_run_group_tests_name("geom", geom, NULL, NULL);
	failed += cmocka_run_group_tests_name("base set", baseset, setup_base,
	    teardown_base);
	failed += cmocka_run_group_tests_name("expansion sets", expsets,
	    setup_sets, teardown_sets);
	failed += cmocka_run_group_tests_name("loader", loader, NULL, NULL);
	return failed != 0;
}
