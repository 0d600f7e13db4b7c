/*
 * tileset.c -- load and check a tile set from YAML text.
 *
 * The format is described at the top of rules/tiles/base.yaml.  The text
 * is read twice: once as a stream of events, to refuse what this format
 * never needs and what could make the second pass costly (YAML aliases, more
 * than one document, deep nesting), then as a libyaml document tree,
 * which the schema below walks.  The walk only descends where the format
 * expects a list or a mapping, so its depth is fixed by the code.
 *
 * Every error names the place (line and column from libyaml's marks) and
 * says what is wrong in a sentence; the first error stops the load.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "tileset.h"
#include "ext.h"

/* Load errors in the reader's language (po/, notation/i18n.h): gettext
 * is the C library's, not I/O.  N_ marks the names people read in
 * messages and tables elsewhere (the tile files' own words stay English
 * here: they are what a file must say). */
#include <libintl.h>
#define _(s)	gettext(s)
#ifndef N_
#define N_(s)	s
#endif

#define MAXTYPES	1000	/* tile types in one file; all known sets hold ~150 */
#define MAXCOUNT	1000	/* copies of one type */
#define MAXPENNANTS	9
#define MAXNAME		64	/* bytes of a set name */
#define MAXDEPTH	16	/* nesting of lists and mappings; base.yaml uses 5 */


/* What the loader knows while it reads one file. */
struct ld {
	/* The kinds' names a file may write (kind_list): all of them, and
	 * those on edges alone. */
	const char	*kn[CR_MAXKINDS], *en[CR_MAXKINDS];
	int		 knum[CR_MAXKINDS], enm[CR_MAXKINDS], nk, ne;
	/* A feature's keys: kind, at, then the modules' (fattr: their
	 * attributes); the marks' names (mattr); the ends' names, from 1. */
	const char	*fkeys[2 + CR_MAXATTRS], *marks[CR_MAXATTRS], *ends[CR_MAXENDS];
	int		 fattr[2 + CR_MAXATTRS], mattr[CR_MAXATTRS], nfkeys, nmarks, nends;
	yaml_document_t	 doc;
	struct cr_error	*err;
	const char	*text;
	size_t		 len;
	/* A type's keys: code... marks, then the game's (its attributes at
	 * a type's level, tattr; doubt) */
	const char	*tkeys[8 + CR_MAXATTRS];
	int		 tattr[8 + CR_MAXATTRS], ntkeys;
	int		 game;
	bool		 patch;		/* corrections: {code, count} alone, count 0 */
	int		 maxtypes;	/* the types the file lists */
	const char	*code;		/* tile being read, for messages; NULL outside */
	int		*codeline;	/* line of each type's code, for duplicates */
	int		*aliasline;	/* line of each alias, CR_MAXALIAS per type */
	/* cr_tileset_check: each type that fails is said here and left
	 * out, and the others are read on (nfail of them failed). */
	void		(*each)(void *ctx, const struct cr_error *err);
	void		*ctx;
	int		 nfail;
	/* Issue 21: corrections read with the set (cr_tileset_parse_fix):
	 * their document (fixed: loaded), and for a loader reading in it,
	 * neg: its lines are the record's, given negated (fail, datum_fill).
	 * name: the base text's name as people know it, NULL. */
	yaml_document_t	 fixdoc;
	bool		 fixed, neg;
	const char	*name;
};

/* What the loader knows of one segment while it reads a tile. */
struct segsrc {
	char		 desc[64];	/* "field WNW+ENE", for messages */
	yaml_node_t	*next_to;	/* resolved once every segment is read */
};

const char *
cr_kind_name(int k)
{
	return cr_kind(k) ? cr_kind(k)->name : NULL;
}

/* The name of kind k (a number in range). */
static const char *
kname(int k)
{
	return cr_kind(k)->name;
}

/* The kinds, those that show on edges first, then the centre's: their
 * names into names (NULL for the others), how many slots.  With edges,
 * those on edges alone.  Written in that order in messages: field,
 * road, city, river or cloister. */
static int
kind_list(const char **names, int *num, bool edges, int game)
{
	uint32_t mods = cr_rules_modules(game);
	int n = 0;

	for (int pass = 0; pass < (edges ? 1 : 2); pass++)
		for (int k = 0; k < cr_nkinds(); k++)
			if ((cr_kind(k)->shape == CR_CENTRE) == (pass == 1) &&
			    (mods >> cr_kind_ext(k) & 1)) {
				num[n] = k;
				names[n++] = kname(k);
			}
	return n;
}

const char *
cr_end_name(int e)
{
	return cr_end(e) ? cr_end(e)->name : NULL;
}

const char *
cr_mark_name(int m)
{
	for (int a = 0; a < cr_nattrs(); a++)
		if (cr_attr(a)->type == CR_ATTR_MARK && cr_attr_bit(a) == CR_MARK_BIT(m))
			return cr_attr(a)->key;
	return NULL;
}

static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int
caseeq(const char *a, const char *b, size_t n)
{
	size_t i;

	/* Bytes alike first: a record writes codes as the data does. */
	for (i = 0; i < n; i++)
		if (a[i] != b[i] && lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
			return 0;
	return 1;
}

/* 1-based line or column from libyaml's 0-based mark. */
static int
lineno(size_t v)
{
	return v < INT_MAX ? (int)v + 1 : INT_MAX;
}

static void
seterr(struct cr_error *err, int line, int column, const char *msg)
{
	err->line = line;
	err->column = column;
	snprintf(err->msg, sizeof err->msg, "%s", msg);
}

/* Report an error at mark m, prefixed by the tile being read.  Returns -1
 * so that callers can write "return fail(...)". */
static int fail(struct ld *L, yaml_mark_t m, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
fail(struct ld *L, yaml_mark_t m, const char *fmt, ...)
{
	char *msg = L->err->msg;
	size_t o = 0;
	va_list ap;

	L->err->line = L->neg ? -lineno(m.line) : lineno(m.line);
	L->err->column = lineno(m.column);
	msg[0] = '\0';
	if (L->code != NULL)	/* a code is at most 15 bytes: no truncation */
		o = (size_t)snprintf(msg, sizeof L->err->msg, _("tile \"%s\": "),
		    L->code);
	va_start(ap, fmt);
	vsnprintf(msg + o, sizeof L->err->msg - o, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * A node as it may appear in a message: a scalar quoted, cut short and
 * with anything unprintable replaced, since the text is not trusted.
 */
static const char *
show(char *buf, size_t size, const yaml_node_t *n)
{
	size_t i, o, len;
	const unsigned char *s;

	char v[32];

	if (n->type == YAML_SEQUENCE_NODE)
		return _("a list");
	if (n->type == YAML_MAPPING_NODE)
		return _("a mapping");
	if (n->type != YAML_SCALAR_NODE)
		return _("nothing");
	s = n->data.scalar.value;
	len = n->data.scalar.length;
	for (o = i = 0; i < len && o + 4 < sizeof v && i < 24; i++)
		v[o++] = s[i] >= 0x20 && s[i] < 0x7f ? (char)s[i] : '?';
	if (i < len && o + 4 < sizeof v) {
		memcpy(v + o, "...", 3);
		o += 3;
	}
	v[o] = '\0';
	/* TRANSLATORS: a value of the file, quoted in a message */
	snprintf(buf, size, _("\"%s\""), v);
	return buf;
}

#define SHOW(n)	show((char[48]){ 0 }, 48, (n))

static yaml_node_t *
node(struct ld *L, int id)
{
	return yaml_document_get_node(&L->doc, id);
}

static int
is_scalar(const yaml_node_t *n)
{
	return n->type == YAML_SCALAR_NODE;
}

/* Is n the scalar s?  The first bytes first (libyaml ends a scalar with
 * a NUL): the loader asks it of every key and kind of every feature. */
static int
sc_eq(const yaml_node_t *n, const char *s)
{
	size_t len;

	return is_scalar(n) && n->data.scalar.value[0] == (unsigned char)s[0] &&
	    n->data.scalar.length == (len = strlen(s)) &&
	    memcmp(n->data.scalar.value, s, len) == 0;
}

/* Index of the scalar n in names (NULL entries never match), -1 if none. */
static int
sc_lookup(const yaml_node_t *n, const char *const *names, int count)
{
	int i;

	for (i = 0; i < count; i++)
		if (names[i] != NULL && sc_eq(n, names[i]))
			return i;
	return -1;
}

static int
nitems(const yaml_node_t *n)
{
	return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
}

static yaml_node_t *
item(struct ld *L, const yaml_node_t *n, int i)
{
	return node(L, n->data.sequence.items.start[i]);
}

/* "a, b, c or d" from a table of names, for messages. */
static const char *
listnames(char *buf, size_t size, const char *const *names, int count)
{
	int i, n = 0, left = 0;

	buf[0] = '\0';
	for (i = 0; i < count; i++)
		if (names[i] != NULL)
			left++;
	for (i = 0; i < count; i++) {
		size_t o = strlen(buf);

		if (names[i] == NULL)
			continue;
		snprintf(buf + o, size - o, "%s%s", n == 0 ? "" :
		    n == left - 1 ? _(" or ") : ", ", names[i]);
		n++;
	}
	return buf;
}

/* A whole number from min to max, written plainly (not quoted). */
static int
get_int(struct ld *L, const yaml_node_t *n, const char *what, int min, int max,
    int *out)
{
	size_t i;
	long v = 0;

	if (!is_scalar(n) || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
	    n->data.scalar.length == 0)
		goto bad;
	for (i = 0; i < n->data.scalar.length; i++) {
		int c = n->data.scalar.value[i];

		if (c < '0' || c > '9')
			goto bad;
		v = v * 10 + (c - '0');
		if (v > max)		/* stops before any overflow */
			goto bad;
	}
	if (v < min)
		goto bad;
	*out = (int)v;
	return 0;
bad:
	return fail(L, n->start_mark, _("%s must be a whole number from %d to %d, "
	    "not %s"), what, min, max, SHOW(n));
}

static int
get_bool(struct ld *L, const yaml_node_t *n, const char *what, int *out)
{
	static const char *const t[] = { "true", "True", "TRUE" };
	static const char *const f[] = { "false", "False", "FALSE" };

	if (is_scalar(n) && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
		if (sc_lookup(n, t, 3) >= 0) {
			*out = 1;
			return 0;
		}
		if (sc_lookup(n, f, 3) >= 0) {
			*out = 0;
			return 0;
		}
	}
	return fail(L, n->start_mark, _("%s must be true or false, not %s"),
	    what, SHOW(n));
}

static int
want_list(struct ld *L, const yaml_node_t *n, const char *what,
    const char *example)
{
	if (n->type == YAML_SEQUENCE_NODE)
		return 0;
	return fail(L, n->start_mark, _("%s must be a list, like %s, not %s"),
	    what, example, SHOW(n));
}

/*
 * Check that map is a mapping whose keys are all among keys[], each at
 * most once, and hand out the value of each (NULL when absent).  what
 * (N_, English) is translated only for a message: tiles load fast.
 */
static int
get_keys(struct ld *L, const yaml_node_t *map, const char *what,
    const char *const *keys, int nkeys, yaml_node_t **val)
{
	yaml_node_pair_t *p;
	char names[128];
	int i;

	for (i = 0; i < nkeys; i++)
		val[i] = NULL;
	if (map->type != YAML_MAPPING_NODE)
		return fail(L, map->start_mark, _("%s must be a mapping (key: value), "
		    "not %s"), _(what), SHOW(map));
	for (p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(L, p->key);

		i = sc_lookup(k, keys, nkeys);
		if (i < 0)
			return fail(L, k->start_mark, _("unknown key %s in %s; "
			    "expected %s"), SHOW(k), _(what),
			    listnames(names, sizeof names, keys, nkeys));
		if (val[i] != NULL)
			return fail(L, k->start_mark, _("key %s is given twice in %s"),
			    keys[i], _(what));
		val[i] = node(L, p->value);
	}
	return 0;
}

/* Libyaml's complaint as a sentence.  Reader errors (bad bytes) carry an
 * offset instead of a mark, so the line is counted here. */
static int
syntax_error(struct ld *L, yaml_parser_t *p)
{
	char msg[sizeof L->err->msg];
	yaml_mark_t m = p->problem_mark;
	const char *problem = p->problem != NULL ? p->problem : "unreadable";

	if (p->error == YAML_MEMORY_ERROR) {
		seterr(L->err, 0, 0, _("out of memory"));
		return -1;
	}
	if (p->error == YAML_READER_ERROR) {
		size_t i, off = p->problem_offset;

		if (off > L->len)
			off = L->len;
		m.line = 0;
		m.column = 0;
		for (i = 0; i < off; i++) {
			if (L->text[i] == '\n') {
				m.line++;
				m.column = 0;
			} else
				m.column++;
		}
	}
	if (p->context != NULL)
		snprintf(msg, sizeof msg, _("not valid YAML: %s (%s at line %d)"),
		    problem, p->context,
		    lineno(p->context_mark.line));
	else
		snprintf(msg, sizeof msg, _("not valid YAML: %s"), problem);
	return fail(L, m, "%s", msg);
}

/* First pass: refuse YAML aliases, several documents and deep nesting. */
static int
prescan(struct ld *L)
{
	yaml_parser_t p;
	yaml_event_t ev;
	int depth = 0, docs = 0, rc = 0, done = 0;

	if (!yaml_parser_initialize(&p)) {
		seterr(L->err, 0, 0, _("out of memory"));
		return -1;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)L->text, L->len);
	while (!done && rc == 0) {
		if (!yaml_parser_parse(&p, &ev)) {
			rc = syntax_error(L, &p);
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++docs > 1)
				rc = fail(L, ev.start_mark, _("a tile set is one "
				    "YAML document, but a second one starts here"));
			break;
		case YAML_ALIAS_EVENT:
			rc = fail(L, ev.start_mark, _("YAML aliases are not "
			    "allowed in a tile set; write the value out"));
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (++depth > MAXDEPTH)
				rc = fail(L, ev.start_mark, _("lists and mappings "
				    "are nested more than %d deep"), MAXDEPTH);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			depth--;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	return rc;
}

/* "N+E" style description of a segment, for messages. */
static void
describe(struct segsrc *src, int kind, const int *spots, int nspots)
{
	size_t o;
	int i;

	o = (size_t)snprintf(src->desc, sizeof src->desc, "%s", kname(kind));
	for (i = 0; i < nspots && o < sizeof src->desc; i++)
		o += (size_t)snprintf(src->desc + o, sizeof src->desc - o,
		    "%s%s", i == 0 ? " " : "+", cr_spot_name(spots[i]));
	if (nspots == 0 && cr_kind(kind)->shape != CR_CENTRE && o < sizeof src->desc)
		snprintf(src->desc + o, sizeof src->desc - o, " C");
}

static const char *
port_what(char *buf, size_t size, int p)
{
	if (p % 3 == 1)
		snprintf(buf, size, _("the middle of edge %s"), cr_port_name(p));
	else
		snprintf(buf, size, _("half-edge %s"), cr_port_name(p));
	return buf;
}

static int
is_edge_spot(int s)
{
	return s < CR_SPOT_C && s % 4 == 0;
}

static int
is_corner_spot(int s)
{
	return s < CR_SPOT_C && s % 4 == 2;
}

/*
 * The `at` list of a feature: spots to ports, by its kind's shape.  An
 * area (a city, a field) named by an edge takes both its halves, and only
 * land may be named by a corner; a line (a road, a river) takes the
 * middle; C stands alone and names no port, for a centre kind (a
 * cloister) or land.
 */
static int
parse_at(struct ld *L, yaml_node_t *at, struct cr_seg *seg, int *owner,
    struct segsrc *srcs, int si)
{
	int spots[CR_NPORTS + 1] = { 0 };
	yaml_mark_t marks[CR_NPORTS + 1];
	cr_ports each[CR_NPORTS + 1];
	int i, n, nspots = 0, kind = seg->kind;
	const struct cr_kinddef *k = cr_kind(kind);
	bool land = k->flags & CR_KIND_LAND;
	char buf[40];

	if (want_list(L, at, "at", "[N, E]") < 0)
		return -1;
	n = nitems(at);
	for (i = 0; i < n; i++) {
		yaml_node_t *e = item(L, at, i);
		cr_ports ports;
		int s = -1;

		if (is_scalar(e) && e->data.scalar.length < 8)
			s = cr_spot_lookup((const char *)e->data.scalar.value,
			    (int)e->data.scalar.length);
		if (s < 0)
			return fail(L, e->start_mark, _("%s is not a spot; spots "
			    "are N, NNE, NE, ENE, E, ... NW, NNW and C"), SHOW(e));
		if (s == CR_SPOT_C) {
			if (n > 1)
				return fail(L, e->start_mark, _("C (the centre, no "
				    "edge) cannot be combined with other spots"));
			if (!land && k->shape != CR_CENTRE)
				return fail(L, e->start_mark, _(k->at_edge ? k->at_edge :
				    N_("a %s must reach an edge")), kname(kind));
			continue;
		}
		if (k->shape == CR_CENTRE)
			return fail(L, e->start_mark, "%s", _(k->at_centre ? k->at_centre :
			    N_("this stands in the centre; its at may only be [C]")));
		if (k->shape == CR_LINE && !is_edge_spot(s))
			return fail(L, e->start_mark, _("a %s runs to the middle "
			    "of an edge: write N, E, S or W, not %s"),
			    kname(kind), cr_spot_name(s));
		if (k->at_half != NULL && s % 2 == 1)
			return fail(L, e->start_mark, _(k->at_half), cr_spot_name(s));
		if (!land && is_corner_spot(s))
			return fail(L, e->start_mark, _(k->at_corner ? k->at_corner :
			    N_("%s is a corner, and only land is named by one")),
			    cr_spot_name(s));
		if (k->shape == CR_LINE)
			ports = (cr_ports)(1u << CR_PORT_MID(s / 4));
		else
			ports = cr_spot_ports(s) & CR_ALL_HALVES;
		if (ports & seg->ports) {
			int p = 0;

			while (!((ports & seg->ports) & (1u << p)))
				p++;
			return fail(L, e->start_mark, _("%s names %s twice "
			    "in at"), kname(kind),
			    port_what(buf, sizeof buf, p));
		}
		seg->ports |= ports;
		/* Each spot adds a port, so at most 12 get here. */
		spots[nspots] = s;
		marks[nspots] = e->start_mark;
		each[nspots] = ports;
		nspots++;
	}
	describe(&srcs[si], kind, spots, nspots);
	if (!land && k->shape != CR_CENTRE && seg->ports == 0)
		return fail(L, at->start_mark, _("%s must reach at least one edge"),
		    srcs[si].desc);

	/* Now that the segment has a name, check it against the others. */
	for (i = 0; i < nspots; i++) {
		int p;

		for (p = 0; p < CR_NPORTS; p++) {
			if (!(each[i] & (1u << p)))
				continue;
			if (owner[p] >= 0)
				return fail(L, marks[i], _("%s belongs to both %s "
				    "and %s"), port_what(buf, sizeof buf, p),
				    srcs[owner[p]].desc, srcs[si].desc);
			owner[p] = si;
		}
	}
	return 0;
}

enum { F_KIND, F_AT };
enum { T_CODE, T_ALIASES, T_COUNT, T_EDGES, T_FEATURES, T_MARKS, T_NKEYS };
static const char *const tile_keys[T_NKEYS] = {
	"code", "aliases", "count", "edges", "features", "marks"
};

/* The kinds and keys the tables of the modules of game give a file
 * (struct ld), in their order. */
static void
key_lists(struct ld *L, int game)
{
	L->nk = kind_list(L->kn, L->knum, false, game);
	L->ne = kind_list(L->en, L->enm, true, game);
	L->fkeys[F_KIND] = "kind", L->fkeys[F_AT] = "at";
	L->nfkeys = 2;
	L->game = game;
	for (L->ntkeys = 0; L->ntkeys < T_NKEYS; L->ntkeys++)
		L->tkeys[L->ntkeys] = tile_keys[L->ntkeys];
	if (game >= 0 && game < cr_ngames && cr_games[game]->doubt)
		L->tkeys[L->ntkeys++] = "doubt";
	for (int a = 0; a < cr_nattrs(); a++) {
		const char *k = cr_attr(a)->key;
		int i = 0;

		if (!cr_attr_of(a, game))
			continue;	/* another game's */
		if (cr_attr(a)->type == CR_ATTR_TILE) {
			L->tattr[L->ntkeys] = a;
			L->tkeys[L->ntkeys++] = k;
			continue;
		}
		if (cr_attr(a)->type == CR_ATTR_MARK) {
			L->mattr[L->nmarks] = a;
			L->marks[L->nmarks++] = k;
			continue;
		}
		while (i < L->nfkeys && strcmp(L->fkeys[i], k) != 0)
			i++;
		if (i == L->nfkeys) {	/* a key once, the first module's */
			L->fattr[L->nfkeys] = a;
			L->fkeys[L->nfkeys++] = k;
		}
	}
	L->ends[0] = NULL;	/* none is never written */
	for (L->nends = 1; L->nends < cr_nends(); L->nends++)
		L->ends[L->nends] = cr_rules_modules(game) >> cr__tab.end_ext[L->nends] & 1 ?
		    cr_end(L->nends)->name : NULL;
}

/* The feature key of a line's end. */
static int
end_key(const struct ld *L)
{
	int i = 2;

	while (i < L->nfkeys - 1 && cr_attr(L->fattr[i])->type != CR_ATTR_END)
		i++;
	return i;
}

/* Value v of a feature's key for attribute a, into seg (src: its words
 * for messages, next_to kept for later). */
static int
parse_attr(struct ld *L, yaml_node_t *v, int a, struct cr_tiletype *t, struct segsrc *src)
{
	const struct cr_attr *x = cr_attr(a);
	struct cr_seg *seg = &t->seg[t->nseg];
	char names[128];
	int k = seg->kind, n = 0;

	if (x->type == CR_ATTR_END ? cr_kind(k)->shape != CR_LINE : !cr_attr_on(a, k))
		return fail(L, v->start_mark, _(x->only ? x->only : N_("%s does not take this "
		    "key")), src->desc);
	switch (x->type) {
	case CR_ATTR_COUNT:
		if (get_int(L, v, x->key, 0, x->max, &n) < 0)
			return -1;
		if (x->flags & CR_ATTR_SUMMED)
			seg->pennants = (uint8_t)n;
		else
			t->value[t->nseg][cr__tab.attr_at[a]] = (uint8_t)n;
		return 0;
	case CR_ATTR_FLAG:
		if (get_bool(L, v, x->key, &n) < 0)
			return -1;
		if (n)
			seg->flags |= (uint8_t)cr_attr_bit(a);
		return 0;
	case CR_ATTR_WORD:
		while (x->words[n] != NULL)
			n++;
		if ((k = sc_lookup(v, x->words, n)) < 0)
			return fail(L, v->start_mark, _(x->bad ? x->bad : N_("%s is not one of "
			    "the words, not %s")), listnames(names, sizeof names, x->words, n),
			    SHOW(v));
		t->value[t->nseg][cr__tab.attr_at[a]] = (uint8_t)(k + 1);
		return 0;
	case CR_ATTR_END:
		if ((k = sc_lookup(v, L->ends, L->nends)) < 0)
			return fail(L, v->start_mark, _(x->bad ? x->bad : N_("end must be %s, "
			    "not %s")), listnames(names, sizeof names, L->ends, L->nends), SHOW(v));
		seg->end = (uint8_t)k;
		return 0;
	case CR_ATTR_NEXT_TO:
		if (want_list(L, v, x->key, "[N]") < 0)
			return -1;
		src->next_to = v;
		return 0;
	case CR_ATTR_EDGES:
		if (want_list(L, v, x->key, "[N, W]") < 0)
			return -1;
		for (int i = 0; i < nitems(v); i++) {
			yaml_node_t *e = item(L, v, i);
			int sp = -1;

			if (is_scalar(e) && e->data.scalar.length < 8)
				sp = cr_spot_lookup((const char *)e->data.scalar.value,
				    (int)e->data.scalar.length);
			if (sp < 0 || !is_edge_spot(sp))
				return fail(L, e->start_mark, _("%s names edges: N, E, S or W, "
				    "not %s"), x->key, SHOW(e));
			if (n & (1 << (sp / 4)))
				return fail(L, e->start_mark, _("%s names %s twice"), x->key,
				    SHOW(e));
			n |= 1 << (sp / 4);
		}
		t->value[t->nseg][cr__tab.attr_at[a]] = (uint8_t)n;
		return 0;
	default:
		return 0;
	}
	return 0;
}

static int
parse_feature(struct ld *L, yaml_node_t *n, struct cr_tiletype *t, int *owner,
    struct segsrc *srcs)
{
	yaml_node_t *v[2 + CR_MAXATTRS];
	struct cr_seg *seg = &t->seg[t->nseg];
	struct segsrc *src = &srcs[t->nseg];
	char names[128];
	int k, npt;

	const char *const *kn = L->kn;
	const int *knum = L->knum, nk = L->nk;
	const struct cr_kinddef *kd;

	if (get_keys(L, n, N_("a feature"), L->fkeys, L->nfkeys, v) < 0)
		return -1;
	if (v[F_KIND] == NULL)
		return fail(L, n->start_mark, _("a feature has no kind (%s)"),
		    listnames(names, sizeof names, kn, nk));
	if ((k = sc_lookup(v[F_KIND], kn, nk)) < 0)
		return fail(L, v[F_KIND]->start_mark, _("feature kind %s is not "
		    "one of %s"), SHOW(v[F_KIND]), listnames(names, sizeof names, kn, nk));
	k = knum[k];
	kd = cr_kind(k);
	seg->kind = (uint8_t)k;
	for (int i = 0; (kd->flags & CR_KIND_ONE) && i < t->nseg; i++)
		if (t->seg[i].kind == k)
			return fail(L, v[F_KIND]->start_mark, "%s", _(kd->at_one ? kd->at_one :
			    N_("a tile has one of this kind at most, and this is its second")));
	if (v[F_AT] != NULL) {
		if (parse_at(L, v[F_AT], seg, owner, srcs, t->nseg) < 0)
			return -1;
	} else if (kd->shape == CR_CENTRE)
		describe(src, k, NULL, 0);
	else
		return fail(L, n->start_mark, _("this %s has no at: say which "
		    "spots it reaches, e.g. at: [N]"), kname(k));

	/* The modules' keys, their ends and next_to last (most features have
	 * kind and at alone). */
	for (int pass = 0; n->data.mapping.pairs.top - n->data.mapping.pairs.start >
	    (v[F_AT] != NULL) + 1 && pass < 2; pass++)
		for (int i = 2; i < L->nfkeys; i++) {
			int type;

			if (v[i] == NULL)
				continue;
			type = cr_attr(L->fattr[i])->type;
			if ((pass == 1) == (type == CR_ATTR_END || type == CR_ATTR_NEXT_TO) &&
			    parse_attr(L, v[i], L->fattr[i], t, src) < 0)
				return -1;
		}
	/* A road that stops on the tile must say at what; one that runs
	 * through has nothing to say.  Explanations and later sets (a
	 * river's spring, a road into a city gate) rely on it. */
	npt = __builtin_popcount(seg->ports);
	if (seg->end != CR_END_NONE && npt > 1)
		return fail(L, v[end_key(L)]->start_mark, _("%s runs through "
		    "the tile; only a %s that stops on it has an end"),
		    src->desc, kname(k));
	if (seg->end == CR_END_NONE && kd->shape == CR_LINE && npt == 1)
		return fail(L, n->start_mark, _("%s stops on the tile: say at "
		    "what with end (%s)"), src->desc, listnames(names,
		    sizeof names, L->ends, L->nends));
	t->nseg++;
	return 0;
}

/* next_to names cities by one of their spots; done once all are read. */
static int
resolve_next_to(struct ld *L, struct cr_tiletype *t, struct segsrc *srcs,
    int fi)
{
	yaml_node_t *list = srcs[fi].next_to;
	int i, j, n = nitems(list);

	for (i = 0; i < n; i++) {
		yaml_node_t *e = item(L, list, i);
		int s = -1, city = -1, ncity = 0;
		cr_ports ports;

		if (is_scalar(e) && e->data.scalar.length < 8)
			s = cr_spot_lookup((const char *)e->data.scalar.value,
			    (int)e->data.scalar.length);
		if (s < 0 || s == CR_SPOT_C || is_corner_spot(s))
			return fail(L, e->start_mark, _("%s names %s in next_to, "
			    "but a city is named by an edge (N) or a half-edge "
			    "(NNE)"), srcs[fi].desc, SHOW(e));
		ports = cr_spot_ports(s) & CR_ALL_HALVES;
		for (j = 0; j < t->nseg; j++)
			if (t->seg[j].kind == cr_kind_borders(t->seg[fi].kind) &&
			    (t->seg[j].ports & ports)) {
				city = j;
				ncity++;
			}
		if (ncity == 0)
			return fail(L, e->start_mark, _("%s names city %s in "
			    "next_to, but %s is not a city of this tile"),
			    srcs[fi].desc, cr_spot_name(s), cr_spot_name(s));
		if (ncity > 1)
			return fail(L, e->start_mark, _("%s names city %s in "
			    "next_to, but two cities reach %s; name one by a "
			    "half-edge"), srcs[fi].desc, cr_spot_name(s),
			    cr_spot_name(s));
		if (t->seg[fi].next_to & (1u << city))
			return fail(L, e->start_mark, _("%s names %s twice in "
			    "next_to"), srcs[fi].desc, srcs[city].desc);
		t->seg[fi].next_to |= (uint16_t)(1u << city);
	}
	return 0;
}

/*
 * Each edge as `edges` declares it must be what the segments make it:
 * an area's edge (a city's, a field's) is two halves of that kind and a
 * free middle; a line's edge (a road's, a river's) is two halves of the
 * land beside it (fields) around that line.
 */
static int
check_edges(struct ld *L, const struct cr_tiletype *t, const int *owner,
    const struct segsrc *srcs, const yaml_mark_t *emarks)
{
	int d, h;

	for (d = 0; d < CR_NDIRS; d++) {
		int want = t->edge[d], m = owner[CR_PORT_MID(d)];
		bool line = cr_kind(want)->shape == CR_LINE;
		int half = line ? cr_kind_beside(want) : want;
		const char *dn = cr_port_name(CR_PORT_MID(d));

		for (h = 0; h <= 2; h += 2) {
			int p = CR_PORT(d, h);

			if (t->seg[owner[p]].kind != half)
				return fail(L, emarks[d], _("edges gives %s as %s, "
				    "but half-edge %s belongs to %s"), dn,
				    kname(want), cr_port_name(p),
				    srcs[owner[p]].desc);
		}
		if (!line && m >= 0)
			return fail(L, emarks[d], _("edges gives %s as %s, but %s "
			    "reaches its middle"), dn, kname(want),
			    srcs[m].desc);
		if (line && m < 0)
			return fail(L, emarks[d], _("edges gives %s as %s, but no "
			    "%s reaches its middle"), dn, kname(want),
			    kname(want));
		if (line && t->seg[m].kind != want)
			return fail(L, emarks[d], _("edges gives %s as %s, but %s "
			    "reaches its middle"), dn, kname(want),
			    srcs[m].desc);
	}
	return 0;
}

/* Whether the word w is s (len bytes, len > 0) without regard to case;
 * the first byte first, since cr_tileset_find runs per move.  With bare,
 * only a word without a set prefix (no -) counts. */
static int
word_is(const char *w, const char *s, size_t len, int bare)
{
	return lower((unsigned char)w[0]) == lower((unsigned char)s[0]) &&
	    strlen(w) == len && (memcmp(w, s, len) == 0 || caseeq(w, s, len)) &&
	    !(bare && strchr(w, '-') != NULL);
}

/* Whether type t is called s: by its code or by one of its aliases. */
static int
type_is(const struct cr_tiletype *t, const char *s, size_t len, int bare)
{
	int k;

	if (word_is(t->code, s, len, bare))
		return 1;
	for (k = 0; k < t->naliases; k++)
		if (word_is(t->alias[k], s, len, bare))
			return 1;
	return 0;
}

/*
 * A code or an alias must be a word of letters, digits and - (not first)
 * that the notation does not use for itself.  what names it in messages
 * ("tile code"), a_what with its article ("a tile code"); both N_,
 * translated only for a message.
 */
static int
check_word(struct ld *L, const yaml_node_t *n, const char *what,
    const char *a_what)
{
	size_t i, len;
	const char *s;

	if (!is_scalar(n) || n->data.scalar.length == 0)
		return fail(L, n->start_mark, _("%s must be a word, like D or "
		    "IC-A, not %s"), _(a_what), SHOW(n));
	s = (const char *)n->data.scalar.value;
	len = n->data.scalar.length;
	if (len > CR_CODE_MAX - 1)
		return fail(L, n->start_mark, _("%s %s is longer than %d "
		    "characters"), _(what), SHOW(n), CR_CODE_MAX - 1);
	for (i = 0; i < len; i++) {
		int c = (unsigned char)s[i];
		int alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9');

		if (!alnum && (c != '-' || i == 0))
			return fail(L, n->start_mark, _("%s %s may hold only "
			    "letters, digits and - (not first)"), _(what), SHOW(n));
	}
	/* Codes are typed where the notation also has words of its own. */
	if ((len == 3 && caseeq(s, "end", 3)) ||
	    (len == 7 && caseeq(s, "discard", 7)))
		return fail(L, n->start_mark, _("%s %s is a word of the notation"),
		    _(what), SHOW(n));
	return 0;
}

/*
 * Codes and aliases are one name space: the word n (checked by
 * check_word) must not name a type read before, nor type idx by its
 * code or an earlier alias.  The message gives the other's line.
 */
static int
check_unique(struct ld *L, const yaml_node_t *n, const struct cr_tileset *ts,
    int idx, const char *what)
{
	const char *s = (const char *)n->data.scalar.value;
	size_t len = n->data.scalar.length;
	int j, k;

	for (j = 0; j <= idx; j++) {
		const struct cr_tiletype *t = &ts->type[j];

		if (!type_is(t, s, len, 0))
			continue;
		if (word_is(t->code, s, len, 0))
			return fail(L, n->start_mark, _("%s %s is used twice "
			    "(also at line %d)"), _(what), SHOW(n), L->codeline[j]);
		for (k = 0; !word_is(t->alias[k], s, len, 0); k++)
			;
		return fail(L, n->start_mark, _("%s %s is used twice (also at "
		    "line %d, as an alias of %s)"), _(what), SHOW(n),
		    L->aliasline[j * CR_MAXALIAS + k], t->code);
	}
	return 0;
}

/* The other codes of a tile type: aliases: [IC-Kb]. */
static int
parse_aliases(struct ld *L, const yaml_node_t *list, struct cr_tileset *ts,
    int idx)
{
	struct cr_tiletype *t = &ts->type[idx];
	int i;

	if (want_list(L, list, "aliases", "[IC-Kb]") < 0)
		return -1;
	for (i = 0; i < nitems(list); i++) {
		yaml_node_t *e = item(L, list, i);

		if (i == CR_MAXALIAS)
			return fail(L, e->start_mark, _("more than %d aliases; a "
			    "tile has at most %d"), CR_MAXALIAS, CR_MAXALIAS);
		/* TRANSLATORS: "alias" and "tile code" begin a sentence before
		 * the word itself ("alias \"X\" is used twice"): French
		 * "l'alias", "le code de tuile" */
		if (check_word(L, e, N_("alias"), N_("an alias")) < 0 ||
		    check_unique(L, e, ts, idx, N_("alias")) < 0)
			return -1;
		memcpy(t->alias[i], e->data.scalar.value, e->data.scalar.length);
		t->alias[i][e->data.scalar.length] = '\0';
		L->aliasline[idx * CR_MAXALIAS + i] =
		    lineno(e->start_mark.line);
		t->naliases++;
	}
	return 0;
}


static int
parse_tile(struct ld *L, yaml_node_t *n, struct cr_tileset *ts, int idx)
{
	struct cr_tiletype *t = &ts->type[idx];
	struct segsrc srcs[CR_MAXSEG];
	yaml_mark_t emarks[CR_NDIRS];
	yaml_node_t *v[8 + CR_MAXATTRS];
	yaml_node_pair_t *p;
	int owner[CR_NPORTS];
	char names[128];
	int i, j, nf;

	/* Find the code first, so that every later message names the tile. */
	if (n->type == YAML_MAPPING_NODE)
		for (p = n->data.mapping.pairs.start;
		    p < n->data.mapping.pairs.top; p++)
			if (sc_eq(node(L, p->key), "code")) {
				yaml_node_t *c = node(L, p->value);

				if (check_word(L, c, N_("tile code"),
				    N_("a tile code")) < 0 ||
				    check_unique(L, c, ts, idx, N_("tile code")) < 0)
					return -1;
				memcpy(t->code, c->data.scalar.value,
				    c->data.scalar.length);
				t->code[c->data.scalar.length] = '\0';
				L->code = t->code;
				L->codeline[idx] = lineno(c->start_mark.line);
				break;
			}
	if (get_keys(L, n, N_("a tile"), L->tkeys, L->ntkeys, v) < 0)
		return -1;
	if (v[T_CODE] == NULL)
		return fail(L, n->start_mark, _("a tile has no code"));
	if (v[T_ALIASES] != NULL && parse_aliases(L, v[T_ALIASES], ts, idx) < 0)
		return -1;
	if (v[T_COUNT] == NULL)
		return fail(L, n->start_mark, _("no count given"));
	if (L->patch) {	/* a correction of a count alone: {code, count} */
		int others = 0;

		for (i = 0; i < L->ntkeys; i++)
			others += i != T_CODE && i != T_COUNT && v[i] != NULL;
		if (others == 0) {
			L->code = NULL;
			return get_int(L, v[T_COUNT], "count", 0, MAXCOUNT, &t->count);
		}
	}
	if (get_int(L, v[T_COUNT], "count", 1, MAXCOUNT, &t->count) < 0)
		return -1;
	for (i = T_NKEYS; i < L->ntkeys; i++) {	/* the game's keys of a type */
		int on;

		if (v[i] == NULL)
			continue;
		if (strcmp(L->tkeys[i], "doubt") == 0) {
			const yaml_node_t *d = v[i];

			if (!is_scalar(d) || d->data.scalar.length == 0 ||
			    memchr(d->data.scalar.value, '\n', d->data.scalar.length) != NULL)
				return fail(L, d->start_mark, _("doubt must be one line of text, "
				    "not %s"), SHOW(d));
			if (ts->doubt == NULL &&
			    (ts->doubt = calloc((size_t)L->maxtypes, sizeof *ts->doubt)) == NULL)
				return fail(L, d->start_mark, "%s", _("out of memory"));
			if ((ts->doubt[idx] = malloc(d->data.scalar.length + 1)) == NULL)
				return fail(L, d->start_mark, "%s", _("out of memory"));
			memcpy(ts->doubt[idx], d->data.scalar.value, d->data.scalar.length);
			ts->doubt[idx][d->data.scalar.length] = '\0';
			continue;
		}
		if (get_bool(L, v[i], L->tkeys[i], &on) < 0)
			return -1;
		if (on)
			t->marks |= cr_attr_bit(L->tattr[i]);
	}

	if (v[T_EDGES] == NULL)
		return fail(L, n->start_mark, _("no edges given"));
	if (want_list(L, v[T_EDGES], "edges", "[city, road, field, road]") < 0)
		return -1;
	if (nitems(v[T_EDGES]) != CR_NDIRS)
		return fail(L, v[T_EDGES]->start_mark, _("edges must give 4 kinds "
		    "(N, E, S, W), not %d"), nitems(v[T_EDGES]));
	for (i = 0; i < CR_NDIRS; i++) {
		yaml_node_t *e = item(L, v[T_EDGES], i);
		int k = sc_lookup(e, L->en, L->ne);

		if (k < 0)
			return fail(L, e->start_mark, _("edge kind %s is not one "
			    "of %s"), SHOW(e), listnames(names, sizeof names, L->en, L->ne));
		t->edge[i] = (uint8_t)L->enm[k];
		emarks[i] = e->start_mark;
	}

	if (v[T_MARKS] != NULL) {
		char ex[CR_TOKENNAME + 8];	/* the example: the game's first mark */

		snprintf(ex, sizeof ex, "[%.*s]", CR_TOKENNAME, L->nmarks > 0 ? L->marks[0] : "");
		if (want_list(L, v[T_MARKS], "marks", ex) < 0)
			return -1;
		for (i = 0; i < nitems(v[T_MARKS]); i++) {
			yaml_node_t *e = item(L, v[T_MARKS], i);
			int m = sc_lookup(e, L->marks, L->nmarks);

			if (m < 0)
				return fail(L, e->start_mark, _("unknown mark %s; "
				    "known marks are %s"), SHOW(e), listnames(names,
				    sizeof names, L->marks, L->nmarks));
			if (t->marks & cr_attr_bit(L->mattr[m]))
				return fail(L, e->start_mark, _("mark %s is given "
				    "twice"), L->marks[m]);
			t->marks |= cr_attr_bit(L->mattr[m]);
		}
	}

	if (v[T_FEATURES] == NULL)
		return fail(L, n->start_mark, _("no features given"));
	if (want_list(L, v[T_FEATURES], "features", "[{kind: city, at: [N]}]") < 0)
		return -1;
	for (i = 0; i < CR_NPORTS; i++)
		owner[i] = -1;
	memset(srcs, 0, sizeof srcs);
	nf = nitems(v[T_FEATURES]);
	for (i = 0; i < nf; i++) {
		yaml_node_t *f = item(L, v[T_FEATURES], i);

		if (i == CR_MAXSEG)
			return fail(L, f->start_mark, _("more than %d features; "
			    "a tile holds at most %d"), CR_MAXSEG, CR_MAXSEG);
		if (parse_feature(L, f, t, owner, srcs) < 0)
			return -1;
	}
	for (i = 0; i < t->nseg; i++)
		if (srcs[i].next_to != NULL &&
		    resolve_next_to(L, t, srcs, i) < 0)
			return -1;
	for (j = 0; j < CR_NPORTS; j++)
		if (j % 3 != 1 && owner[j] < 0)
			return fail(L, v[T_FEATURES]->start_mark, _("half-edge %s "
			    "belongs to no feature"), cr_port_name(j));
	if (check_edges(L, t, owner, srcs, emarks) < 0)
		return -1;
	if (L->game >= 0 && L->game < cr_ngames && cr_games[L->game]->type_check != NULL) {
		int f = -1;
		const char *why = cr_games[L->game]->type_check(t, &f);

		if (why != NULL)
			return fail(L, f >= 0 && f < nf ? item(L, v[T_FEATURES], f)->start_mark :
			    n->start_mark, _(why), t->code);
	}
	L->code = NULL;
	return 0;
}

static int
check_setname(struct ld *L, const yaml_node_t *n)
{
	size_t i;

	if (!is_scalar(n) || n->data.scalar.length == 0 ||
	    n->data.scalar.length > MAXNAME)
		goto bad;
	for (i = 0; i < n->data.scalar.length; i++) {
		int c = n->data.scalar.value[i];

		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c == '-'))
			goto bad;
	}
	return 0;
bad:
	/* The example: the registry's first two modules' names. */
	return fail(L, n->start_mark, _("set must be a name of lower-case "
	    "letters, digits and -, like %s or %s, not %s"), cr_exts[0]->name,
	    cr_exts[cr_nexts > 1]->name, SHOW(n));
}

enum { K_SET, K_START, K_TILES, K_TOKENS, K_NKEYS };
static const char *const top_keys[K_NKEYS] = { "set", "start", "tiles", "tokens" };
#define MAXSETKEYS	8	/* a game's counts at the top level (setkeys) */

/* tokens: {token-1: 4, token-2: 2}: names as set names are, counts 0..1000. */
static int
parse_tokens(struct ld *L, const yaml_node_t *map, struct cr_tileset *ts)
{
	const yaml_node_pair_t *p;
	int n = 0;

	if (map->type != YAML_MAPPING_NODE)
		return fail(L, map->start_mark, _("tokens must be a mapping of names to "
		    "counts, like {token-1: 4, token-2: 2}, not %s"), SHOW(map));
	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(L, p->key), *v = node(L, p->value);
		struct cr_settoken *t = &ts->settok[0][n];

		if (n == CR_MAXSETTOKENS)
			return fail(L, k->start_mark, _("more than %d kinds of token"),
			    CR_MAXSETTOKENS);
		if (!is_scalar(k) || k->data.scalar.length == 0 ||
		    strspn((const char *)k->data.scalar.value, "abcdefghijklmnopqrstuvwxyz"
		    "0123456789-") != k->data.scalar.length)
			return fail(L, k->start_mark, _("a token's name is lower-case letters, "
			    "digits and -, like token-1 or token-2, not %s"), SHOW(k));
		if (k->data.scalar.length >= CR_TOKENNAME)
			return fail(L, k->start_mark, _("a token's name has at most %d "
			    "characters, not %s"), CR_TOKENNAME - 1, SHOW(k));
		memcpy(t->name, k->data.scalar.value, k->data.scalar.length);
		t->name[k->data.scalar.length] = '\0';
		for (int i = 0; i < n; i++)
			if (strcmp(ts->settok[0][i].name, t->name) == 0)
				return fail(L, k->start_mark, _("token %s is given twice"),
				    SHOW(k));
		if (get_int(L, v, _("a token's count"), 0, 1000, &t->count) < 0)
			return -1;
		n++;
	}
	ts->nsettok[0] = n;
	return 0;
}

static void derive(struct cr_tileset *);

/* A module's own keys (cr_ext.datakeys) as data (struct cr_datum): the
 * nodes are counted, then laid out in one block (ld.data), freed with the
 * document. */
#define MAXDATAKEYS	8
static int
datum_count(struct ld *L, const yaml_node_t *n, int depth)
{
	int c = 1;

	if (depth > 32)
		return -1;
	if (n->type == YAML_SEQUENCE_NODE)
		for (int i = 0; i < nitems(n); i++) {
			int k = datum_count(L, item(L, n, i), depth + 1);

			if (k < 0)
				return -1;
			c += k;
		}
	else if (n->type == YAML_MAPPING_NODE)
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
		    p < n->data.mapping.pairs.top; p++) {
			int a = datum_count(L, node(L, p->key), depth + 1);
			int b = datum_count(L, node(L, p->value), depth + 1);

			if (a < 0 || b < 0)
				return -1;
			c += a + b;
		}
	return c;
}

/* n into *d; its children from *next on. */
static void
datum_fill(struct ld *L, const yaml_node_t *n, struct cr_datum *d, struct cr_datum **next)
{
	struct cr_datum *kids = *next;
	int k = 0;

	d->line = L->neg ? -lineno(n->start_mark.line) : lineno(n->start_mark.line);
	d->column = lineno(n->start_mark.column);
	d->text = NULL, d->len = 0, d->n = 0, d->item = NULL;
	if (n->type == YAML_SCALAR_NODE) {
		d->type = CR_DATUM_SCALAR;
		d->text = (const char *)n->data.scalar.value;
		d->len = n->data.scalar.length;
		return;
	}
	if (n->type == YAML_SEQUENCE_NODE) {
		d->type = CR_DATUM_LIST;
		d->n = nitems(n);
		*next += d->n;
		for (int i = 0; i < d->n; i++)
			datum_fill(L, item(L, n, i), &kids[k++], next);
	} else {
		d->type = CR_DATUM_MAP;
		d->n = (int)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
		*next += 2 * d->n;
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
		    p < n->data.mapping.pairs.top; p++) {
			datum_fill(L, node(L, p->key), &kids[k++], next);
			datum_fill(L, node(L, p->value), &kids[k++], next);
		}
	}
	d->item = kids;
}

/* Is datum key a the same scalar as datum key b? */
static bool
datum_same(const struct cr_datum *a, const struct cr_datum *b)
{
	return a->type == CR_DATUM_SCALAR && b->type == CR_DATUM_SCALAR && a->len == b->len &&
	    memcmp(a->text, b->text, a->len) == 0;
}

/*
 * The module whose set this is hands its keys over (cr_ext.data): v its
 * values in the text, fv those of the corrections (F reads them; NULL:
 * none): a correction's value replaces the text's, or for a key of
 * cr_ext.datamerge (both mappings) replaces its entries one by one.
 */
static int
module_data(struct ld *L, struct cr_tileset *ts, int ext, yaml_node_t *const *v, int nk,
    struct ld *F, yaml_node_t *const *fv)
{
	const struct cr_datum *keys[MAXDATAKEYS] = { 0 };
	struct cr_datum *all, *next;
	int total = 0, rc;

	for (int i = 0; i < nk; i++) {
		int c = v[i] ? datum_count(L, v[i], 0) : 0;
		int f = fv && fv[i] ? datum_count(F, fv[i], 0) : 0;

		if (c < 0 || f < 0)
			return fail(c < 0 ? L : F, (c < 0 ? v[i] : fv[i])->start_mark,
			    _("%s is nested too deeply"), cr_exts[ext]->datakeys[i]);
		total += 2 * (c + f) + 1;	/* room for a merged mapping's entries */
	}
	if ((all = calloc((size_t)total + 1, sizeof *all)) == NULL) {
		seterr(L->err, 0, 0, _("out of memory"));
		return -1;
	}
	next = all;
	for (int i = 0; i < nk; i++) {
		struct cr_datum *d = NULL, *f = NULL, *m;

		if (v[i] != NULL) {
			d = next++;
			datum_fill(L, v[i], d, &next);
		}
		if (fv != NULL && fv[i] != NULL) {
			f = next++;
			datum_fill(F, fv[i], f, &next);
		}
		keys[i] = f ? f : d;
		if (f == NULL || d == NULL || !(cr_exts[ext]->datamerge >> i & 1) ||
		    d->type != CR_DATUM_MAP || f->type != CR_DATUM_MAP)
			continue;
		/* The text's entries the corrections leave, then theirs. */
		m = next++;
		*m = *f;
		m->n = 0;
		m->item = next;
		for (int a = 0; a < d->n; a++) {
			int b;

			for (b = 0; b < f->n && !datum_same(&d->item[2 * a], &f->item[2 * b]); b++)
				;
			if (b == f->n) {
				next[2 * m->n] = d->item[2 * a], next[2 * m->n + 1] = d->item[2 * a + 1];
				m->n++;
			}
		}
		for (int b = 0; b < f->n; b++, m->n++)
			next[2 * m->n] = f->item[2 * b], next[2 * m->n + 1] = f->item[2 * b + 1];
		next += 2 * m->n;
		keys[i] = m;
	}
	if (L->each != NULL && cr_exts[ext]->data_each != NULL) {	/* checking: say each */
		int n = cr_exts[ext]->data_each(ts, ext, keys, L->each, L->ctx);

		L->nfail += n;
		rc = n > 0 ? -1 : 0;
	} else
		rc = cr_exts[ext]->data(ts, ext, keys, L->err);
	free(all);
	return rc;
}

int
cr_tileset_add(struct cr_tileset *ts, const struct cr_tiletype *t)
{
	struct cr_tiletype *type;

	if (ts->ntypes >= MAXTYPES ||
	    (type = realloc(ts->type, (size_t)(ts->ntypes + 1) * sizeof *type)) == NULL)
		return -1;
	ts->type = type;
	/* Where each type was read and what in it is guessed follow the
	 * types: the type added has neither (its line 0, unknown). */
	if (ts->line != NULL) {
		int *line = realloc(ts->line, (size_t)(ts->ntypes + 1) * sizeof *line);

		if (line == NULL)
			return -1;
		ts->line = line;
		ts->line[ts->ntypes] = 0;
	}
	if (ts->doubt != NULL) {
		char **doubt = realloc(ts->doubt, (size_t)(ts->ntypes + 1) * sizeof *doubt);

		if (doubt == NULL)
			return -1;
		ts->doubt = doubt;
		ts->doubt[ts->ntypes] = NULL;
	}
	ts->type[ts->ntypes++] = *t;
	ts->total += t->count;
	return 0;
}

int
cr_tileset_keep(struct cr_tileset *ts, const void *data, size_t len)
{
	void *p = malloc(len ? len : 1);

	if (p == NULL)
		return -1;
	memcpy(p, data, len);
	free(ts->setdata[0]);
	ts->setdata[0] = p;
	ts->setdatalen[0] = len;
	return 0;
}

const void *
cr_tileset_data(const struct cr_tileset *ts, int set, size_t *len)
{
	if (set < 0 || set >= ts->nsets || ts->setdata[set] == NULL)
		return NULL;
	if (len != NULL)
		*len = ts->setdatalen[set];
	return ts->setdata[set];
}

/*
 * Corrections read with a set (cr_tileset_parse_fix): F, a loader on
 * their document (its lines the record's, negated), their values of the
 * module's keys (fv, as keys[] from K_NKEYS + nsk lists them) and their
 * tiles (*tiles, NULL).  Only the module's keys and tiles may be
 * corrected.
 */
static int
fix_keys(struct ld *L, struct ld *F, const char *const *keys, int nkeys, int from,
    yaml_node_t **fv, yaml_node_t **tiles)
{
	const char *fk[1 + MAXDATAKEYS];
	yaml_node_t *val[1 + MAXDATAKEYS], *root;
	int n = 0;

	*F = *L;
	F->doc = L->fixdoc;
	F->neg = true;
	F->code = NULL;
	F->each = NULL;
	root = yaml_document_get_root_node(&F->doc);
	fk[n++] = "tiles";
	for (int i = from; i < nkeys; i++)
		fk[n++] = keys[i];
	if (root == NULL) {
		yaml_mark_t zero = { 0, 0, 0 };

		return fail(F, zero, "%s", _("the corrections are empty"));
	}
	if (get_keys(F, root, N_("the corrections"), fk, n, val) < 0)
		return -1;
	*tiles = val[0];
	for (int i = 1; i < n; i++)
		fv[i - 1] = val[i];
	return 0;
}

/* The corrections' tiles applied to ts (read whole: its types derived). */
static int
fix_tiles(struct ld *F, yaml_node_t *tiles, struct cr_tileset *ts)
{
	struct cr_tileset tmp;
	int n, rc = -1;

	if (want_list(F, tiles, "tiles", "[{code: D, ...}]") < 0)
		return -1;
	n = nitems(tiles);
	memset(&tmp, 0, sizeof tmp);
	tmp.game = ts->game;
	F->patch = true;
	F->maxtypes = n;
	F->codeline = calloc((size_t)n + 1, sizeof *F->codeline);
	F->aliasline = calloc(((size_t)n + 1) * CR_MAXALIAS, sizeof *F->aliasline);
	tmp.type = calloc((size_t)n + 1, sizeof *tmp.type);
	tmp.line = calloc((size_t)n + 1, sizeof *tmp.line);
	if (F->codeline == NULL || F->aliasline == NULL || tmp.type == NULL || tmp.line == NULL) {
		seterr(F->err, 0, 0, _("out of memory"));
		goto out;
	}
	for (int i = 0; i < n; i++) {
		if (parse_tile(F, item(F, tiles, i), &tmp, tmp.ntypes) < 0)
			goto out;
		tmp.line[tmp.ntypes++] = lineno(item(F, tiles, i)->start_mark.line);
	}
	if ((rc = cr_tileset_patch(ts, &tmp, F->err)) < 0 && F->err->line == 0) {
		F->err->line = -lineno(tiles->start_mark.line);
		F->err->column = lineno(tiles->start_mark.column);
	}
out:
	free(F->codeline), free(F->aliasline);
	F->codeline = NULL, F->aliasline = NULL;
	free(tmp.type), free(tmp.line);
	return rc;
}

static int
parse_set(struct ld *L, struct cr_tileset *ts)
{
	yaml_node_t *root, *v[K_NKEYS + MAXSETKEYS + MAXDATAKEYS];
	yaml_node_t *fv[MAXDATAKEYS] = { 0 }, *fixtiles = NULL;
	struct ld F;
	yaml_mark_t zero = { 0, 0, 0 };
	const char *keys[K_NKEYS + MAXSETKEYS + MAXDATAKEYS];
	const char *const *sk;
	int i, n, nkeys = K_NKEYS, ext = -1, game = 0, nsk;
	size_t len;

	root = yaml_document_get_root_node(&L->doc);
	if (root == NULL)
		return fail(L, zero, _("the tile set is empty; it needs set and "
		    "tiles"));
	/* The set first: its game says which keys the others may be. */
	if (root->type == YAML_MAPPING_NODE)
		for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
		    p < root->data.mapping.pairs.top; p++) {
			yaml_node_t *k = node(L, p->key), *val = node(L, p->value);
			char nm[MAXNAME + 1];

			if (sc_eq(k, "set") && is_scalar(val) && val->data.scalar.length <= MAXNAME) {
				memcpy(nm, val->data.scalar.value, val->data.scalar.length);
				nm[val->data.scalar.length] = '\0';
				game = cr_rules_of_set(nm);
			}
		}
	memcpy(keys, top_keys, sizeof top_keys);
	for (sk = cr_games[game]->setkeys; sk != NULL && *sk != NULL && nkeys < K_NKEYS +
	    MAXSETKEYS; sk++)
		keys[nkeys++] = *sk;
	nsk = nkeys - K_NKEYS;
	/* The keys of the module whose set it names, if it has some. */
	if (root->type == YAML_MAPPING_NODE)
		for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
		    p < root->data.mapping.pairs.top; p++)
			if (sc_eq(node(L, p->key), "set") && is_scalar(node(L, p->value)))
				ext = cr_ext_find((const char *)node(L, p->value)->data.scalar.value,
				    node(L, p->value)->data.scalar.length);
	if (ext >= 0 && cr_exts[ext]->data != NULL)
		for (const char *const *k = cr_exts[ext]->datakeys;
		    k != NULL && *k != NULL && nkeys < K_NKEYS + nsk + MAXDATAKEYS; k++)
			keys[nkeys++] = *k;
	if (get_keys(L, root, N_("the top level"), keys, nkeys, v) < 0)
		return -1;
	if (v[K_SET] == NULL)
		return fail(L, root->start_mark, _("no set given; name the set, "
		    "e.g. set: base"));
	if (check_setname(L, v[K_SET]) < 0)
		return -1;
	len = v[K_SET]->data.scalar.length;
	if ((ts->name = malloc(len + 1)) == NULL)
		goto nomem;
	memcpy(ts->name, v[K_SET]->data.scalar.value, len);
	ts->name[len] = '\0';
	ts->game = cr_rules_of_set(ts->name);	/* whose kinds and keys it reads */
	key_lists(L, ts->game);
	if (L->name != NULL && (ts->source = strdup(L->name)) == NULL)
		goto nomem;
	if (L->fixed && fix_keys(L, &F, keys, nkeys, K_NKEYS + nsk, fv, &fixtiles) < 0)
		return -1;

	if (v[K_TILES] == NULL)
		return fail(L, root->start_mark, _("no tiles given"));
	if (want_list(L, v[K_TILES], "tiles", "[{code: D, ...}]") < 0)
		return -1;
	n = nitems(v[K_TILES]);
	if (n == 0)
		return fail(L, v[K_TILES]->start_mark, _("tiles is empty"));
	if (n > MAXTYPES)
		return fail(L, v[K_TILES]->start_mark, _("more than %d tile types"),
		    MAXTYPES);
	ts->type = calloc((size_t)n, sizeof *ts->type);
	L->maxtypes = n;
	L->codeline = calloc((size_t)n, sizeof *L->codeline);
	L->aliasline = calloc((size_t)n * CR_MAXALIAS, sizeof *L->aliasline);
	ts->line = calloc((size_t)n, sizeof *ts->line);
	if (ts->type == NULL || L->codeline == NULL || L->aliasline == NULL || ts->line == NULL)
		goto nomem;
	for (i = 0; i < n; i++) {
		int t = ts->ntypes;

		if (parse_tile(L, item(L, v[K_TILES], i), ts, t) < 0) {
			/* Its doubt, read before the failure: not one of the
			 * ntypes cr_tileset_free frees. */
			if (ts->doubt != NULL)
				free(ts->doubt[t]), ts->doubt[t] = NULL;
			if (L->each == NULL)
				return -1;
			/* Checking: say it, leave the type out, read on. */
			L->each(L->ctx, L->err);
			L->nfail++;
			L->code = NULL;
			memset(&ts->type[t], 0, sizeof ts->type[t]);
			L->codeline[t] = 0;
			memset(&L->aliasline[t * CR_MAXALIAS], 0, CR_MAXALIAS * sizeof *L->aliasline);
			continue;
		}
		ts->line[t] = lineno(item(L, v[K_TILES], i)->start_mark.line);
		ts->ntypes++;
		ts->total += ts->type[t].count;	/* at most 10^6: no overflow */
	}
	if (L->nfail > 0) {	/* said: the checks of the whole set need every type */
		if (L->each != NULL && nkeys > K_NKEYS + nsk && cr_exts[ext]->data_each != NULL)
			module_data(L, ts, ext, v + K_NKEYS + nsk, nkeys - K_NKEYS - nsk, &F,
			    L->fixed ? fv : NULL);	/* its own failures said too */
		return -1;
	}
	if (nkeys > K_NKEYS + nsk &&
	    module_data(L, ts, ext, v + K_NKEYS + nsk, nkeys - K_NKEYS - nsk, &F,
	    L->fixed ? fv : NULL) < 0)
		return -1;

	derive(ts);	/* before the start code is looked up: find uses it */
	ts->start = -1;
	if (v[K_START] != NULL) {
		yaml_node_t *s = v[K_START];

		if (!is_scalar(s))
			return fail(L, s->start_mark, _("start must be a tile "
			    "code, not %s"), SHOW(s));
		ts->start = cr_tileset_find(ts,
		    (const char *)s->data.scalar.value, s->data.scalar.length);
		if (ts->start < 0)
			return fail(L, s->start_mark, _("start tile %s is not in "
			    "this set"), SHOW(s));
	}
	/* One set so far: cr_tileset_merge adds the others. */
	if ((ts->setname[0] = strdup(ts->name)) == NULL ||
	    (ts->typeset = calloc((size_t)ts->ntypes, 1)) == NULL)
		goto nomem;
	ts->nsets = 1;
	ts->setstart[0] = ts->start;
	ts->setbeg[0] = 0, ts->setbeg[1] = ts->ntypes;
	if (v[K_TOKENS] != NULL && parse_tokens(L, v[K_TOKENS], ts) < 0)
		return -1;
	if (!L->patch && cr_games[ts->game]->set_check != NULL) {
		int t = -1;
		const char *why = cr_games[ts->game]->set_check(ts, &t);

		if (why != NULL)
			return fail(L, t >= 0 ? item(L, v[K_TILES], t)->start_mark :
			    v[K_START] != NULL ? v[K_START]->start_mark : root->start_mark,
			    _(why), t >= 0 ? ts->type[t].code : ts->start >= 0 ?
			    ts->type[ts->start].code : "");
	}
	for (i = K_NKEYS; i < K_NKEYS + nsk; i++) {	/* the game's counts: tokens too */
		struct cr_settoken *t = &ts->settok[0][ts->nsettok[0]];

		if (v[i] == NULL)
			continue;
		if (ts->nsettok[0] == CR_MAXSETTOKENS)
			return fail(L, v[i]->start_mark, _("more than %d kinds of token"),
			    CR_MAXSETTOKENS);
		snprintf(t->name, sizeof t->name, "%s", keys[i]);
		if (get_int(L, v[i], keys[i], 0, 1000, &t->count) < 0)
			return -1;
		ts->nsettok[0]++;
	}
	if (fixtiles != NULL && fix_tiles(&F, fixtiles, ts) < 0)
		return -1;
	return 0;
nomem:
	seterr(L->err, 0, 0, _("out of memory"));
	return -1;
}

/* The corrections' document, into L->fixdoc (its errors the record's:
 * their lines negated). */
static int
load_fix(struct ld *L, const char *fix, size_t fixlen)
{
	struct ld F = *L;
	yaml_parser_t p;

	if (!yaml_parser_initialize(&p)) {
		seterr(L->err, 0, 0, _("out of memory"));
		return -1;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)fix, fixlen);
	if (!yaml_parser_load(&p, &L->fixdoc)) {
		F.text = fix, F.len = fixlen;
		syntax_error(&F, &p);
		L->err->line = -L->err->line;
		yaml_parser_delete(&p);
		return -1;
	}
	yaml_parser_delete(&p);
	L->fixed = true;
	return 0;
}

static int
parse_text(struct cr_tileset *ts, const char *text, size_t len, struct cr_error *err,
    bool patch, struct ld *check, const char *name, const char *fix, size_t fixlen)
{
	struct cr_error dummy;
	yaml_parser_t p;
	struct ld L;
	int rc = -1;

	memset(ts, 0, sizeof *ts);
	memset(&L, 0, sizeof L);
	if (check != NULL)
		L.each = check->each, L.ctx = check->ctx;
	L.patch = patch;
	L.err = err != NULL ? err : &dummy;
	memset(L.err, 0, sizeof *L.err);
	L.text = text != NULL ? text : "";
	L.len = text != NULL ? len : 0;

	if (prescan(&L) < 0)
		goto out;
	if (!yaml_parser_initialize(&p)) {
		seterr(L.err, 0, 0, _("out of memory"));
		goto out;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)L.text, L.len);
	if (!yaml_parser_load(&p, &L.doc)) {
		syntax_error(&L, &p);
		yaml_parser_delete(&p);
		goto out;
	}
	yaml_parser_delete(&p);
	L.name = name;
	if (fix != NULL && load_fix(&L, fix, fixlen) < 0) {
		yaml_document_delete(&L.doc);
		goto out;
	}
	rc = parse_set(&L, ts);
	yaml_document_delete(&L.doc);
	if (L.fixed)
		yaml_document_delete(&L.fixdoc);
out:
	free(L.codeline);
	free(L.aliasline);
	if (check != NULL)
		check->nfail = L.nfail;
	if (rc < 0) {
		cr_tileset_free(ts);
		return -1;
	}
	return 0;
}

/* The sets compiled into the program (cr_tileset_packs), none at first. */
static const struct cr_tilepack *packs;
static int npacks;

void
cr_tileset_packs(const struct cr_tilepack *p, int n)
{
	packs = n > 0 ? p : NULL;
	npacks = n > 0 ? n : 0;
}

int
cr_tileset_parse(struct cr_tileset *ts, const char *text, size_t len,
    struct cr_error *err)
{
	return cr_tileset_parse_fix(ts, NULL, text, len, NULL, 0, err);
}

int
cr_tileset_parse_fix(struct cr_tileset *ts, const char *name, const char *text, size_t len,
    const char *fix, size_t fixlen, struct cr_error *err)
{
	/* A shipped file as it was built, read under the same name (a
	 * module's data may keep it) and not corrected: its set unpacked,
	 * not parsed (libyaml's load is nearly all of a start's cost).  The
	 * whole text is compared, so a file that differs in one byte is
	 * read. */
	for (int i = 0; fix == NULL && text != NULL && i < npacks; i++)
		if (packs[i].len == len && memcmp(packs[i].text, text, len) == 0 &&
		    (name == NULL ? packs[i].name == NULL :
		    packs[i].name != NULL && strcmp(packs[i].name, name) == 0) &&
		    cr_tileset_unpack(ts, packs[i].pack, packs[i].packlen) == 0)
			return 0;
	return parse_text(ts, text, len, err, false, NULL, name, fix, fixlen);
}

int
cr_tileset_parse_patch(struct cr_tileset *ts, const char *text, size_t len,
    struct cr_error *err)
{
	return parse_text(ts, text, len, err, true, NULL, NULL, NULL, 0);
}

int
cr_tileset_check(struct cr_tileset *ts, const char *text, size_t len,
    void (*each)(void *ctx, const struct cr_error *err), void *ctx)
{
	struct cr_error err;
	struct ld check;

	memset(&check, 0, sizeof check);
	check.each = each, check.ctx = ctx;
	if (parse_text(ts, text, len, &err, false, &check, NULL, NULL, 0) == 0)
		return 0;
	if (check.nfail == 0) {	/* a failure the types' loop did not say */
		each(ctx, &err);
		return 1;
	}
	return check.nfail;
}

/* Is everything printed on two segments of t the same, ports aside? */
static bool
seg_alike(const struct cr_tiletype *t, int a, int b)
{
	const struct cr_seg *x = &t->seg[a], *y = &t->seg[b];

	if (x->kind != y->kind || x->end != y->end || x->pennants != y->pennants ||
	    x->flags != y->flags)
		return false;
	for (int i = 0; i < cr__tab.nvalues; i++)	/* the slots in use */
		if (t->value[a][i] != t->value[b][i])
			return false;
	return true;
}

/* The cities a field borders, named through map (segment -> segment,
 * -1 not yet paired): ~0, which no next_to equals, if one is unpaired. */
static unsigned
next_to_mapped(unsigned next_to, const int *map)
{
	unsigned m = 0;

	for (int c = 0; next_to != 0; c++, next_to >>= 1)
		if (next_to & 1) {
			if (map[c] < 0)
				return ~0u;
			m |= 1u << map[c];
		}
	return m;
}

/*
 * Does the tile look the same turned a and turned b?  Then each segment
 * at a has a twin at b: alike, on the same board ports, bordering the
 * twins of its cities.  A segment with ports has one candidate (no two
 * share a port); the centre ones (a cloister, inner fields) are paired
 * after, among the unpaired, by what they are and the cities (paired
 * already: a city always has ports) they border.
 */
static bool
rot_same(const struct cr_tiletype *t, int a, int b)
{
	int map[CR_MAXSEG];
	bool used[CR_MAXSEG] = { false };

	memset(map, 0xff, sizeof map);
	for (int d = 0; d < CR_NDIRS; d++)
		if (cr_tile_edge(t, a, d) != cr_tile_edge(t, b, d))
			return false;
	for (int s = 0; s < t->nseg; s++) {
		cr_ports pa = cr_ports_rotate(t->seg[s].ports, a);
		int k;

		if (pa == 0)
			continue;
		for (k = 0; k < t->nseg && cr_ports_rotate(t->seg[k].ports, b) != pa; k++)
			;
		if (k == t->nseg || !seg_alike(t, s, k))
			return false;
		map[s] = k;
		used[k] = true;
	}
	for (int s = 0; s < t->nseg; s++) {
		unsigned nt;
		int k;

		if (t->seg[s].ports != 0)
			continue;
		nt = next_to_mapped(t->seg[s].next_to, map);
		for (k = 0; k < t->nseg; k++)
			if (!used[k] && t->seg[k].ports == 0 &&
			    seg_alike(t, s, k) && t->seg[k].next_to == nt)
				break;
		if (k == t->nseg)
			return false;
		map[s] = k;
		used[k] = true;
	}
	for (int s = 0; s < t->nseg; s++)
		if (t->seg[map[s]].next_to != next_to_mapped(t->seg[s].next_to, map))
			return false;
	return true;
}

/* FNV-1a of a code folded to lower case. */
static uint32_t
code_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;

	size_t i = 0;

	/* | 0x20 folds the case of letters; two words equal without regard
	 * to case hash alike, whatever their other bytes.  Four bytes at a
	 * time (a code is looked up once a move), then the rest. */
	for (; i + 4 <= len; i += 4) {
		uint32_t w;

		memcpy(&w, s + i, 4);
		h = (h ^ (w | 0x20202020u)) * 16777619u;
		h ^= h >> 15;
	}
	for (; i < len; i++)
		h = (h ^ ((uint32_t)(unsigned char)s[i] | 0x20)) * 16777619u;
	/* Mixed to the low bits the index reads: without it, codes alike
	 * but for their last letter ("HS-A" ... "HS-L", a word's fourth byte
	 * the high byte of its product) fell in one run of slots, and a
	 * look-up read a dozen of them. */
	h ^= h >> 16;
	h *= 0x7feb352du;
	return h ^ (h >> 15);
}

/* The hash of codes and aliases; false if out of memory (the lookup then
 * reads every type, as it always can). */
static bool
index_codes(struct cr_tileset *ts)
{
	int names = 0, cap = 16;
	struct cr_codeslot *v;

	for (int t = 0; t < ts->ntypes; t++)
		names += 1 + ts->type[t].naliases;
	while (cap < 2 * names)
		cap *= 2;
	if ((v = malloc((size_t)cap * sizeof *v)) == NULL)
		return false;
	for (int i = 0; i < cap; i++)
		v[i] = (struct cr_codeslot){ 0, -1, 0, 0 };
	for (int t = 0; t < ts->ntypes; t++)
		for (int k = -1; k < ts->type[t].naliases; k++) {
			const char *w = k < 0 ? ts->type[t].code : ts->type[t].alias[k];
			size_t len = strlen(w);
			uint32_t h = code_hash(w, len), i = h & (uint32_t)(cap - 1);

			while (v[i].type >= 0)
				i = (i + 1) & (uint32_t)(cap - 1);
			v[i] = (struct cr_codeslot){ h, (int16_t)t, (int8_t)k, (uint8_t)len };
		}
	free(ts->codeidx);
	ts->codeidx = v;
	ts->codecap = cap;
	return true;
}

/* What the engine asks per move, worked out once per set. */
/* A number no set derived before has had (cr_tileset.derived). */
static uint64_t
derived_next(void)
{
	static uint64_t derived;

	return ++derived;
}

/* What a whole set derives from its types: the kinds on edges, the
 * codes' index, the one-letter codes. */
static void
derive_index(struct cr_tileset *ts)
{
	ts->derived = derived_next();
	/* The kinds on edges, numbered from 1 in the order of their numbers:
	 * an open square's signature (board.c) counts only those. */
	memset(ts->edgeno, 0, sizeof ts->edgeno);
	for (int t = 0; t < ts->ntypes; t++)
		for (int d = 0; d < CR_NDIRS; d++)
			ts->edgeno[ts->type[t].edge[d]] = 1;
	ts->nedges = 0;
	for (int k = 0; k < CR_MAXKINDS; k++)
		if (ts->edgeno[k])
			ts->edgeno[k] = (uint8_t)++ts->nedges;
	if (!index_codes(ts)) {
		free(ts->codeidx);
		ts->codeidx = NULL;
		ts->codecap = 0;
	}
	for (int c = 0; c < 128; c++)
		ts->letter[c] = -1;
	ts->ba_words = false;
	for (int t = 0; t < ts->ntypes; t++) {
		for (int k = -1; k < ts->type[t].naliases; k++) {
			const char *w = k < 0 ? ts->type[t].code :
			    ts->type[t].alias[k];
			unsigned char c0 = (unsigned char)w[0];

			if (strlen(w) == 4 && caseeq(w, "BA-", 3))
				ts->ba_words = true;

			if (c0 < 128 && w[1] == '\0') {	/* "D": asked for per move */
				ts->letter[tolower(c0)] = (int16_t)t;
				ts->letter[toupper(c0)] = (int16_t)t;
			}
		}
	}
}

static void
derive(struct cr_tileset *ts)
{
	derive_index(ts);
	for (int t = 0; t < ts->ntypes; t++) {
		struct cr_tiletype *tt = &ts->type[t];

		memset(tt->portseg, 0xff, sizeof tt->portseg);
		tt->cloister = -1;
		for (int s = 0; s < tt->nseg; s++) {
			if (cr_kind(tt->seg[s].kind)->close == CR_CLOSE_AROUND && tt->cloister < 0)
				tt->cloister = (int8_t)s;
			tt->seg[s].nports = 0;
			for (int p = 0; p < CR_NPORTS; p++)
				if (tt->seg[s].ports & (1u << p)) {
					tt->seg[s].nports++;
					for (int r = 0; r < 4; r++)
						tt->portseg[r][cr_port_rotate(p, r)] = (int8_t)s;
				}
		}
		memset(tt->sideseg, 0xff, sizeof tt->sideseg);
		for (int r = 0; r < 4; r++)
			for (int d = 0; d < CR_NDIRS; d++)
				for (int i = 0, n = 0; i < 3; i++) {
					int s = tt->portseg[r][CR_PORT(d, i)];

					if (s >= 0 && (n == 0 || (tt->sideseg[r][d][0] != s &&
					    tt->sideseg[r][d][n - 1] != s)))
						tt->sideseg[r][d][n++] = (int8_t)s;
				}
		tt->twin = false;
		for (int d = 0; d < CR_NDIRS; d++) {	/* two cities on one edge? */
			int a = tt->portseg[0][CR_PORT(d, 0)], c = tt->portseg[0][CR_PORT(d, 2)];

			if (a >= 0 && c >= 0 && a != c && tt->seg[a].kind == tt->seg[c].kind &&
			    (cr_kind_flags(tt->seg[a].kind) & CR_KIND_TWIN))
				tt->twin = true;
		}
		for (int r = 0; r < 4; r++) {	/* the first rotation alike */
			int q = 0;

			while (q < r && !rot_same(tt, q, r))
				q++;
			tt->rotrep[r] = (int8_t)q;
		}
	}
}

void
cr_tileset_free(struct cr_tileset *ts)
{
	if (ts == NULL)
		return;
	free(ts->name);
	free(ts->type);
	for (int i = 0; i < ts->nsets; i++)
		free(ts->setname[i]);
	free(ts->typeset);
	free(ts->codeidx);
	for (int i = 0; i < CR_MAXSETS; i++)
		free(ts->setdata[i]);
	for (int i = 0; ts->doubt != NULL && i < ts->ntypes; i++)
		free(ts->doubt[i]);
	free(ts->doubt);
	free(ts->line);
	free(ts->source);
	memset(ts, 0, sizeof *ts);
}

int
cr_tileset_origin(const struct cr_tileset *ts, int t, const char **file, bool *record)
{
	int l = ts->line != NULL && t >= 0 && t < ts->ntypes ? ts->line[t] : 0;

	*record = l < 0 || (l > 0 && ts->source == NULL);
	*file = *record ? NULL : ts->source;
	return l < 0 ? -l : l;
}

int
cr_tileset_tokens(const struct cr_tileset *ts, const char *set, const char *name)
{
	int k = cr_tileset_set(ts, set);

	for (int i = 0; k >= 0 && i < ts->nsettok[k]; i++)
		if (strcmp(ts->settok[k][i].name, name) == 0)
			return ts->settok[k][i].count;
	return -1;
}

void
cr_tileset_tokens_of(const struct cr_tileset *ts, const char *set, const char *const *names,
    int n, int *count)
{
	int k = cr_tileset_set(ts, set), m = k >= 0 ? ts->nsettok[k] : 0, at = 0;

	for (int j = 0; j < n; j++) {
		count[j] = -1;
		/* From the token after the last found: names asked in the
		 * file's order are found at the first test. */
		for (int d = 0; d < m; d++) {
			const struct cr_settoken *t = &ts->settok[k][(at + d) % m];

			if (t->name[0] == names[j][0] && strcmp(t->name, names[j]) == 0) {
				count[j] = t->count;
				at = (at + d + 1) % m;
				break;
			}
		}
	}
}

int
cr_tileset_set(const struct cr_tileset *ts, const char *name)
{
	for (int i = 0; i < ts->nsets; i++)
		if (strcmp(ts->setname[i], name) == 0)
			return i;
	return -1;
}

static int
merge_fail(struct cr_error *err, const char *fmt, const char *a, const char *b, const char *c)
{
	err->line = err->column = 0;
	snprintf(err->msg, sizeof err->msg, fmt, a, b, c);
	return -1;
}

int
cr_tileset_merge(struct cr_tileset *dst, const struct cr_tileset *src, struct cr_error *err)
{
	struct cr_tiletype *type;
	uint8_t *typeset;
	char *name;
	int n = dst->ntypes + src->ntypes, k = dst->nsets;

	if (k + src->nsets > CR_MAXSETS || src->nsets != 1)
		return merge_fail(err, _("%s%s%s: too many tile sets to merge"), src->name, "", "");
	if (cr_tileset_set(dst, src->name) >= 0)
		return merge_fail(err, _("tile set %s is given twice%s%s"), src->name, "", "");
	if (src->game != dst->game)	/* its kinds mean nothing in dst's game */
		return merge_fail(err, _("tile set %s is another game's than %s%s"), src->name,
		    dst->name, "");
	/* Codes and aliases stay one name space across the sets. */
	for (int t = 0; t < src->ntypes; t++)
		for (int a = -1; a < src->type[t].naliases; a++) {
			const char *w = a < 0 ? src->type[t].code : src->type[t].alias[a];
			int o = cr_tileset_find(dst, w, strlen(w));

			if (o >= 0)
				return merge_fail(err, _("tile code %s of set %s is also a code of "
				    "set %s"), w, src->name, dst->setname[dst->typeset[o]]);
		}
	if (src->setdata[0] != NULL) {	/* the set's own data, copied */
		if ((dst->setdata[k] = malloc(src->setdatalen[0] ? src->setdatalen[0] : 1)) == NULL)
			return merge_fail(err, _("out of memory%s%s%s"), "", "", "");
		memcpy(dst->setdata[k], src->setdata[0], src->setdatalen[0]);
		dst->setdatalen[k] = src->setdatalen[0];
	}
	if ((name = strdup(src->name)) == NULL)
		return merge_fail(err, _("out of memory%s%s%s"), "", "", "");
	if ((type = realloc(dst->type, (size_t)n * sizeof *type)) == NULL) {
		free(name);
		return merge_fail(err, _("out of memory%s%s%s"), "", "", "");
	}
	dst->type = type;
	if ((typeset = realloc(dst->typeset, (size_t)n)) == NULL) {
		free(name);
		return merge_fail(err, _("out of memory%s%s%s"), "", "", "");
	}
	dst->typeset = typeset;
	free(dst->line);	/* a merged set: where each type was read is not kept */
	dst->line = NULL;
	memcpy(dst->type + dst->ntypes, src->type, (size_t)src->ntypes * sizeof *type);
	memset(dst->typeset + dst->ntypes, k, (size_t)src->ntypes);
	dst->setname[k] = name;
	dst->setstart[k] = src->start < 0 ? -1 : dst->ntypes + src->start;
	dst->setbeg[k] = dst->ntypes, dst->setbeg[k + 1] = n;
	memcpy(dst->settok[k], src->settok[0], sizeof dst->settok[k]);
	dst->nsettok[k] = src->nsettok[0];
	dst->nsets++;
	dst->ntypes = n;
	dst->total += src->total;
	derive_index(dst);	/* each type was derived in its own set */
	for (int e = 0; e < cr_nexts; e++)	/* a module's data against the other sets */
		if (cr_exts[e]->world_check != NULL && cr_tileset_set(dst, cr_exts[e]->name) >= 0 &&
		    cr_exts[e]->world_check(dst, e, err) < 0)
			return -1;
	return 0;
}

static int
find(const struct cr_tileset *ts, const char *code, size_t len)
{
	int i;

	if (ts == NULL || code == NULL || len == 0)
		return -1;
	if (len == 1)
		return (unsigned char)code[0] < 128 ? ts->letter[(unsigned char)code[0]] : -1;
	if (ts->codeidx != NULL) {
		uint32_t m = (uint32_t)ts->codecap - 1, hash = code_hash(code, len), h = hash & m;

		for (; ts->codeidx[h].type >= 0; h = (h + 1) & m) {
			const struct cr_codeslot *c = &ts->codeidx[h];
			const struct cr_tiletype *t = &ts->type[c->type];
			const char *w = c->name < 0 ? t->code : t->alias[c->name];

			/* The slot's own word: as written first, else without
			 * regard to case. */
			if (c->hash == hash && c->len == len &&
			    (memcmp(w, code, len) == 0 || caseeq(w, code, len)))
				return c->type;
		}
	} else
		for (i = 0; i < ts->ntypes; i++)
			if (type_is(&ts->type[i], code, len, 0))
				return i;
	/* "BA-D" is the base game's D: base codes are those without a
	 * set prefix.  One letter after it, as real records write every
	 * base tile: the letter table (a word of one letter is one type's). */
	if (len == 4 && caseeq(code, "BA-", 3) && (unsigned char)code[3] < 128)
		return ts->letter[(unsigned char)code[3]];
	if (len > 3 && caseeq(code, "BA-", 3) && ts->codeidx != NULL) {
		/* The words spelt so sit in one probe chain of the index: the
		 * first type among them, as the loop below finds it. */
		uint32_t m = (uint32_t)ts->codecap - 1, hash = code_hash(code + 3, len - 3);
		int best = -1;

		for (uint32_t h = hash & m; ts->codeidx[h].type >= 0; h = (h + 1) & m) {
			const struct cr_codeslot *c = &ts->codeidx[h];
			const struct cr_tiletype *t = &ts->type[c->type];

			if (c->hash == hash && c->len == len - 3 && (best < 0 || c->type < best) &&
			    word_is(c->name < 0 ? t->code : t->alias[c->name], code + 3, len - 3, 1))
				best = c->type;
		}
		return best;
	}
	if (len > 3 && caseeq(code, "BA-", 3)) {
		for (i = 0; i < ts->ntypes; i++)
			if (type_is(&ts->type[i], code + 3, len - 3, 1))
				return i;
	}
	return -1;
}

int
cr_tileset_find(const struct cr_tileset *ts, const char *code, size_t len)
{
	const char *pfx;
	char buf[CR_CODE_MAX];
	size_t n;
	int i;

	/* A base tile as real records write them all ("BA-V"): its letter,
	 * when no word of the data is spelt so itself. */
	if (ts != NULL && len == 4 && !ts->ba_words && code != NULL && caseeq(code, "BA-", 3) &&
	    (unsigned char)code[3] < 128 && ts->letter[(unsigned char)code[3]] >= 0)
		return ts->letter[(unsigned char)code[3]];
	/* The common case first, once a move: a code of the data, as the
	 * data writes it (find does the rest: case, one letter, BA-). */
	if (ts != NULL && ts->codeidx != NULL && len >= 2 && code != NULL) {
		uint32_t m = (uint32_t)ts->codecap - 1, hash = code_hash(code, len);

		for (uint32_t h = hash & m; ts->codeidx[h].type >= 0; h = (h + 1) & m) {
			const struct cr_codeslot *c = &ts->codeidx[h];
			const struct cr_tiletype *t = &ts->type[c->type];

			if (c->hash == hash && c->len == len &&
			    memcmp(c->name < 0 ? t->code : t->alias[c->name], code, len) == 0)
				return c->type;
		}
	}
	i = find(ts, code, len);

	/* A game whose codes carry a prefix a move may leave out (HG-). */
	if (i >= 0 || ts == NULL || ts->game <= 0 || ts->game >= cr_ngames ||
	    (pfx = cr_games[ts->game]->prefix) == NULL || (n = strlen(pfx)) + len >= sizeof buf ||
	    len == 0 || (len >= n && caseeq(code, pfx, n)))
		return i;
	memcpy(buf, pfx, n);
	memcpy(buf + n, code, len);
	return find(ts, buf, n + len);
}

/* The type of dst whose code (not an alias) is code, -1 if none. */
static int
by_code(const struct cr_tileset *dst, const char *code)
{
	for (int i = 0; i < dst->ntypes; i++)
		if (word_is(dst->type[i].code, code, strlen(code), 0))
			return i;
	return -1;
}

static int
patch_fail(struct cr_error *err, const char *fmt, const char *a)
{
	err->line = err->column = 0;
	snprintf(err->msg, sizeof err->msg, fmt, a);
	return -1;
}

int
cr_tileset_patch(struct cr_tileset *dst, const struct cr_tileset *src, struct cr_error *err)
{
	for (int i = 0; i < src->ntypes; i++) {
		const struct cr_tiletype *t = &src->type[i];
		int o;

		if (t->nseg == 0) {	/* {code, count} */
			if ((o = cr_tileset_find(dst, t->code, strlen(t->code))) < 0)
				return patch_fail(err, _("tiles: %s is not a tile of the set, so "
				    "its count cannot be corrected; describe it whole"), t->code);
			if (o == dst->start && t->count < 1)
				return patch_fail(err, _("tiles: %s is the start tile: its count "
				    "is 1 at least"), t->code);
			dst->type[o].count = t->count;
			if (dst->line != NULL && src->line != NULL)
				dst->line[o] = -src->line[i];
			continue;
		}
		o = by_code(dst, t->code);
		for (int a = -1; a < t->naliases; a++) {	/* one name space */
			const char *w = a < 0 ? t->code : t->alias[a];
			int k = cr_tileset_find(dst, w, strlen(w));

			if (k >= 0 && k != o)
				return patch_fail(err, _("tiles: %s names another tile of the "
				    "set already"), w);
		}
		if (o < 0) {
			struct cr_tiletype *type;
			uint8_t *typeset;
			char **doubt;

			o = dst->ntypes;
			if ((type = realloc(dst->type, (size_t)(o + 1) * sizeof *type)) == NULL)
				return patch_fail(err, "%s", _("out of memory"));
			dst->type = type;
			if ((typeset = realloc(dst->typeset, (size_t)(o + 1))) == NULL)
				return patch_fail(err, "%s", _("out of memory"));
			dst->typeset = typeset;
			dst->typeset[o] = 0;
			if (dst->line != NULL) {
				int *line = realloc(dst->line, (size_t)(o + 1) * sizeof *line);

				if (line == NULL)
					return patch_fail(err, "%s", _("out of memory"));
				dst->line = line;
			}
			if (dst->doubt != NULL) {
				if ((doubt = realloc(dst->doubt, (size_t)(o + 1) * sizeof *doubt)) ==
				    NULL)
					return patch_fail(err, "%s", _("out of memory"));
				dst->doubt = doubt;
				dst->doubt[o] = NULL;
			}
			dst->ntypes++;
			dst->setbeg[dst->nsets] = dst->ntypes;
		}
		dst->type[o] = *t;
		if (dst->line != NULL)
			dst->line[o] = src->line != NULL ? -src->line[i] : 0;
		if (dst->doubt == NULL && src->doubt != NULL && src->doubt[i] != NULL &&
		    (dst->doubt = calloc((size_t)dst->ntypes, sizeof *dst->doubt)) == NULL)
			return patch_fail(err, "%s", _("out of memory"));
		if (dst->doubt != NULL) {
			free(dst->doubt[o]);
			dst->doubt[o] = NULL;
			if (src->doubt != NULL && src->doubt[i] != NULL &&
			    (dst->doubt[o] = strdup(src->doubt[i])) == NULL)
				return patch_fail(err, "%s", _("out of memory"));
		}
		derive(dst);	/* the codes, for the next entry */
	}
	dst->total = 0;
	for (int i = 0; i < dst->ntypes; i++)
		dst->total += dst->type[i].count;
	derive(dst);
	if (dst->game >= 0 && dst->game < cr_ngames && cr_games[dst->game]->set_check != NULL) {
		int t = -1;
		const char *why = cr_games[dst->game]->set_check(dst, &t);

		if (why != NULL)
			return patch_fail(err, _(why), t >= 0 ? dst->type[t].code :
			    dst->start >= 0 ? dst->type[dst->start].code : "");
	}
	return 0;
}

int
cr_tileset_copy(struct cr_tileset *dst, const struct cr_tileset *src)
{
	*dst = *src;
	/* None of src's memory: what fails below frees dst's own only. */
	dst->name = NULL, dst->type = NULL, dst->typeset = NULL, dst->codeidx = NULL;
	dst->doubt = NULL, dst->line = NULL, dst->source = NULL;
	memset(dst->setname, 0, sizeof dst->setname);
	memset(dst->setdata, 0, sizeof dst->setdata);
	for (int i = 0; i < CR_MAXSETS; i++)
		if (src->setdata[i] != NULL) {
			if ((dst->setdata[i] = malloc(src->setdatalen[i] ? src->setdatalen[i] : 1))
			    == NULL)
				goto nomem;
			memcpy(dst->setdata[i], src->setdata[i], src->setdatalen[i]);
		}
	if ((dst->name = strdup(src->name)) == NULL ||
	    (dst->type = malloc((size_t)(src->ntypes > 0 ? src->ntypes : 1) * sizeof *dst->type))
	    == NULL || (dst->typeset = malloc((size_t)(src->ntypes > 0 ? src->ntypes : 1))) == NULL)
		goto nomem;
	memcpy(dst->type, src->type, (size_t)src->ntypes * sizeof *dst->type);
	memcpy(dst->typeset, src->typeset, (size_t)src->ntypes);
	if (src->line != NULL) {
		if ((dst->line = malloc((size_t)(src->ntypes > 0 ? src->ntypes : 1) *
		    sizeof *dst->line)) == NULL)
			goto nomem;
		memcpy(dst->line, src->line, (size_t)src->ntypes * sizeof *dst->line);
	}
	if (src->source != NULL && (dst->source = strdup(src->source)) == NULL)
		goto nomem;
	for (int i = 0; i < src->nsets; i++)
		if ((dst->setname[i] = strdup(src->setname[i])) == NULL)
			goto nomem;
	if (src->doubt != NULL) {
		if ((dst->doubt = calloc((size_t)(src->ntypes > 0 ? src->ntypes : 1),
		    sizeof *dst->doubt)) == NULL)
			goto nomem;
		for (int i = 0; i < src->ntypes; i++)
			if (src->doubt[i] != NULL && (dst->doubt[i] = strdup(src->doubt[i])) == NULL)
				goto nomem;
	}
	derive(dst);
	return 0;
nomem:
	cr_tileset_free(dst);
	return -1;
}

/*
 * The packed form of a set (cr_tileset_pack): the struct's and each
 * array's bytes as they lie in memory, for the program built with the
 * same headers by the same compiler (a guard of sizes says so), then
 * each string as its length (UINT32_MAX for NULL) and bytes.
 */
struct pk {
	unsigned char	*buf;
	size_t		 len, cap;
	bool		 nomem;
};

static void
pk_put(struct pk *w, const void *p, size_t n)
{
	if (w->nomem || n == 0)
		return;
	if (w->len + n > w->cap) {
		size_t cap = w->cap ? w->cap : 4096;
		unsigned char *b;

		while (cap < w->len + n)
			cap *= 2;
		if ((b = realloc(w->buf, cap)) == NULL) {
			w->nomem = true;
			return;
		}
		w->buf = b, w->cap = cap;
	}
	memcpy(w->buf + w->len, p, n);
	w->len += n;
}

static void
pk_str(struct pk *w, const void *s, size_t n, bool null)
{
	uint32_t l = null ? UINT32_MAX : (uint32_t)n;

	pk_put(w, &l, sizeof l);
	if (!null)
		pk_put(w, s, n);
}

static const uint32_t pk_guard[] = { 0x43525431u /* "CRT1" */,
	(uint32_t)sizeof(struct cr_tileset), (uint32_t)sizeof(struct cr_tiletype),
	(uint32_t)sizeof(struct cr_codeslot), (uint32_t)CR_MAXSETS };

unsigned char *
cr_tileset_pack(const struct cr_tileset *ts, size_t *len)
{
	struct pk w = { 0 };
	size_t n = (size_t)ts->ntypes;
	bool some;

	pk_put(&w, pk_guard, sizeof pk_guard);
	pk_put(&w, ts, sizeof *ts);
	pk_put(&w, ts->type, n * sizeof *ts->type);
	pk_put(&w, ts->typeset, n);
	pk_put(&w, ts->codeidx, (size_t)ts->codecap * sizeof *ts->codeidx);
	pk_str(&w, ts->line, n * sizeof *ts->line, ts->line == NULL);
	pk_str(&w, ts->name, ts->name ? strlen(ts->name) : 0, ts->name == NULL);
	pk_str(&w, ts->source, ts->source ? strlen(ts->source) : 0, ts->source == NULL);
	for (int i = 0; i < ts->nsets; i++)
		pk_str(&w, ts->setname[i], strlen(ts->setname[i]), false);
	for (int i = 0; i < CR_MAXSETS; i++)
		pk_str(&w, ts->setdata[i], ts->setdatalen[i], ts->setdata[i] == NULL);
	some = ts->doubt != NULL;
	pk_put(&w, &some, sizeof some);
	for (size_t t = 0; some && t < n; t++)
		pk_str(&w, ts->doubt[t], ts->doubt[t] ? strlen(ts->doubt[t]) : 0,
		    ts->doubt[t] == NULL);
	if (w.nomem) {
		free(w.buf);
		return NULL;
	}
	*len = w.len;
	return w.buf;
}

struct upk {
	const unsigned char *p;
	size_t		 left;
	bool		 bad;
};

static bool
upk_get(struct upk *r, void *to, size_t n)
{
	if (r->bad || n > r->left) {
		r->bad = true;
		return false;
	}
	if (n > 0)
		memcpy(to, r->p, n);
	r->p += n, r->left -= n;
	return true;
}

/* A packed string or array, malloc'd with a NUL after it (*out NULL for
 * NULL); false when the pack is short or memory out. */
static bool
upk_str(struct upk *r, char **out, size_t *len)
{
	uint32_t l;

	*out = NULL;
	if (!upk_get(r, &l, sizeof l))
		return false;
	if (l == UINT32_MAX)
		return true;
	if (l > r->left || (*out = malloc((size_t)l + 1)) == NULL) {
		r->bad = true;
		return false;
	}
	upk_get(r, *out, l);
	(*out)[l] = '\0';
	if (len != NULL)
		*len = l;
	return true;
}

int
cr_tileset_unpack(struct cr_tileset *ts, const unsigned char *p, size_t len)
{
	struct upk r = { p, len, false };
	uint32_t guard[sizeof pk_guard / sizeof pk_guard[0]];
	size_t n;
	bool some = false;
	char *line;

	memset(ts, 0, sizeof *ts);
	if (!upk_get(&r, guard, sizeof guard) || memcmp(guard, pk_guard, sizeof guard) != 0 ||
	    !upk_get(&r, ts, sizeof *ts))
		goto bad;
	n = (size_t)ts->ntypes;
	/* Pointers of the program that packed it: none is kept. */
	ts->name = NULL, ts->type = NULL, ts->typeset = NULL, ts->codeidx = NULL;
	ts->doubt = NULL, ts->line = NULL, ts->source = NULL;
	memset(ts->setname, 0, sizeof ts->setname);
	memset(ts->setdata, 0, sizeof ts->setdata);
	if (ts->ntypes < 0 || ts->nsets < 0 || ts->nsets > CR_MAXSETS || ts->codecap < 0 ||
	    (ts->type = malloc(n ? n * sizeof *ts->type : 1)) == NULL ||
	    (ts->typeset = malloc(n ? n : 1)) == NULL ||
	    (ts->codecap > 0 && (ts->codeidx = malloc((size_t)ts->codecap *
	    sizeof *ts->codeidx)) == NULL) ||
	    !upk_get(&r, ts->type, n * sizeof *ts->type) || !upk_get(&r, ts->typeset, n) ||
	    !upk_get(&r, ts->codeidx, (size_t)ts->codecap * sizeof *ts->codeidx) ||
	    !upk_str(&r, &line, NULL))
		goto bad;
	ts->line = (int *)(void *)line;
	if (!upk_str(&r, &ts->name, NULL) || !upk_str(&r, &ts->source, NULL))
		goto bad;
	for (int i = 0; i < ts->nsets; i++)
		if (!upk_str(&r, &ts->setname[i], NULL) || ts->setname[i] == NULL)
			goto bad;
	for (int i = 0; i < CR_MAXSETS; i++)
		if (!upk_str(&r, (char **)&ts->setdata[i], &ts->setdatalen[i]))
			goto bad;
	if (!upk_get(&r, &some, sizeof some))
		goto bad;
	if (some && (ts->doubt = calloc(n ? n : 1, sizeof *ts->doubt)) == NULL)
		goto bad;
	for (size_t t = 0; some && t < n; t++)
		if (!upk_str(&r, &ts->doubt[t], NULL))
			goto bad;
	if (r.left != 0)
		goto bad;
	ts->derived = derived_next();	/* a set of its own for the modules' caches */
	return 0;
bad:
	cr_tileset_free(ts);
	return -1;
}
