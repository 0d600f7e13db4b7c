/*
 * dice-faces.c -- the dice game's face data (rules/dice.h, spec/dice.md
 * §2.4): the YAML loader with its checks, and looking a face up by a
 * word of the notation.
 *
 * The YAML is read as libyaml events into a small tree of its own (a face
 * set is a few dozen values), the same way whether the events come from a
 * whole file or from a record's faces: value that the record reader
 * forwards; the checks then walk the tree.  The first failed check stops
 * the load, with the line and column of the value at fault.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"

/* Messages in the reader's language, as rules/tileset.c writes them. */
#include <libintl.h>
#define _(s)	gettext(s)

#define MAXDEPTH	8	/* a face file nests 4 deep */
#define MAXNODES	4096	/* values in one face set; a real one holds ~60 */

/* ------------------------------------------------------------------ */
/* A tree of YAML values */

enum { Y_SCALAR, Y_SEQ, Y_MAP };

struct ynode {
	int		type;
	char		*val;		/* a scalar's bytes, NUL-terminated */
	size_t		len;
	int		line, column;	/* 1-based */
	struct ynode	**kid;		/* a list's items; a mapping's keys and values, in turn */
	int		nkid, capkid;
};

struct dc_faces_reader {
	struct ynode	*root;
	struct ynode	*stack[MAXDEPTH];
	int		depth;
	int		nodes;
	bool		done;
};

static void
ynode_free(struct ynode *n)
{
	if (n == NULL)
		return;
	for (int i = 0; i < n->nkid; i++)
		ynode_free(n->kid[i]);
	free(n->kid);
	free(n->val);
	free(n);
}

static int
mark_int(size_t v)
{
	return v < (size_t)INT_MAX ? (int)v + 1 : INT_MAX;
}

static int
seterr(struct dc_error *err, int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int
seterr(struct dc_error *err, int line, int column, const char *fmt, ...)
{
	va_list ap;

	err->line = line;
	err->column = column;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

struct dc_faces_reader *
dc_faces_reader_new(void)
{
	return calloc(1, sizeof(struct dc_faces_reader));
}

void
dc_faces_reader_free(struct dc_faces_reader *r)
{
	if (r == NULL)
		return;
	ynode_free(r->root);
	free(r);
}

/* Hang n under the value being read (or make it the root). */
static bool
attach(struct dc_faces_reader *r, struct ynode *n)
{
	struct ynode *top;

	if (r->depth == 0) {
		r->root = n;
		return true;
	}
	top = r->stack[r->depth - 1];
	if (top->nkid == top->capkid) {
		int cap = top->capkid ? 2 * top->capkid : 8;
		struct ynode **k = realloc(top->kid, (size_t)cap * sizeof *k);

		if (k == NULL)
			return false;
		top->kid = k;
		top->capkid = cap;
	}
	top->kid[top->nkid++] = n;
	return true;
}

int
dc_faces_reader_feed(struct dc_faces_reader *r, const yaml_event_t *ev, struct dc_error *err)
{
	int line = mark_int(ev->start_mark.line), col = mark_int(ev->start_mark.column);
	struct ynode *n;

	if (r->done)
		return 1;
	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return seterr(err, line, col, "%s", _("YAML aliases are not allowed in face data; "
		    "write the value out"));
	case YAML_SCALAR_EVENT:
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		if (r->depth == 0)
			return seterr(err, line, col, "%s", _("face data: a list or mapping ends that "
			    "never started"));
		if (--r->depth == 0)
			r->done = true;
		return r->done;
	default:	/* stream and document marks: nothing to keep */
		return 0;
	}
	if (++r->nodes > MAXNODES)
		return seterr(err, line, col, _("face data holds more than %d values; a face set "
		    "needs about 60"), MAXNODES);
	if (ev->type != YAML_SCALAR_EVENT && r->depth == MAXDEPTH)
		return seterr(err, line, col, _("lists and mappings are nested more than %d deep "
		    "in face data"), MAXDEPTH);
	if ((n = calloc(1, sizeof *n)) == NULL)
		return seterr(err, line, col, "%s", _("out of memory"));
	n->line = line;
	n->column = col;
	if (ev->type == YAML_SCALAR_EVENT) {
		n->type = Y_SCALAR;
		n->len = ev->data.scalar.length;
		if ((n->val = malloc(n->len + 1)) == NULL) {
			free(n);
			return seterr(err, line, col, "%s", _("out of memory"));
		}
		if (n->len > 0)
			memcpy(n->val, ev->data.scalar.value, n->len);
		n->val[n->len] = '\0';
	} else
		n->type = ev->type == YAML_SEQUENCE_START_EVENT ? Y_SEQ : Y_MAP;
	if (!attach(r, n)) {
		ynode_free(n);
		return seterr(err, line, col, "%s", _("out of memory"));
	}
	if (n->type == Y_SCALAR) {
		if (r->depth == 0)
			r->done = true;
	} else
		r->stack[r->depth++] = n;
	return r->done;
}

/* ------------------------------------------------------------------ */
/* Checks */

struct ld {
	struct dc_error	*err;		/* the first error */
	struct dc_faces	*f;
	int		face;		/* the face being read, 0-based; -1 outside */
	const struct dc_face *cur;	/* that face */
	/* dc_faces_check: every error goes here, and the checks go on */
	void		(*report)(void *, const struct dc_error *);
	void		*arg;
	int		nerr;
};

/* Do the checks go on after an error (dc_faces_check)? */
#define GO_ON(L)	((L)->report != NULL)

static int ld_fail(struct ld *L, const struct ynode *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* An error at node at, prefixed by the face being read. */
static int
ld_fail(struct ld *L, const struct ynode *at, const char *fmt, ...)
{
	struct dc_error e;
	size_t o = 0, size = sizeof e.msg;
	va_list ap;

	e.line = at ? at->line : 0;
	e.column = at ? at->column : 0;
	e.msg[0] = '\0';
	if (L->face >= 0 && L->cur != NULL) {
		const char *code = L->cur->code;

		o = (size_t)(code[0] ? snprintf(e.msg, size, _("face %d (%s): "), L->face + 1, code)
		    : snprintf(e.msg, size, _("face %d: "), L->face + 1));
		if (o >= size)
			o = size - 1;
	}
	va_start(ap, fmt);
	vsnprintf(e.msg + o, size - o, fmt, ap);
	va_end(ap);
	if (L->nerr++ == 0)
		*L->err = e;
	if (L->report != NULL)
		L->report(L->arg, &e);
	return -1;
}

/* A value for a message: a scalar quoted and cut short, unprintable bytes
 * as '?'; a list or mapping said in words. */
static const char *
show(const struct ynode *n, char *buf, size_t size)
{
	char v[32];
	size_t o = 0, i;

	if (n->type == Y_SEQ)
		return _("a list");
	if (n->type == Y_MAP)
		return _("a mapping");
	for (i = 0; i < n->len && i < 24; i++)
		v[o++] = n->val[i] >= 0x20 && n->val[i] < 0x7f ? n->val[i] : '?';
	if (i < n->len) {
		memcpy(v + o, "...", 3);
		o += 3;
	}
	v[o] = '\0';
	/* TRANSLATORS: a value of the file, quoted in a message */
	snprintf(buf, size, _("\"%s\""), v);
	return buf;
}

#define SHOW(n)	show((n), (char[48]){ 0 }, 48)

static int
ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static bool
caseeq(const char *a, size_t na, const char *b)
{
	size_t nb = strlen(b);

	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (ascii_lower((unsigned char)a[i]) != ascii_lower((unsigned char)b[i]))
			return false;
	return true;
}

static bool
is_scalar(const struct ynode *n, const char *s)
{
	return n->type == Y_SCALAR && strcmp(n->val, s) == 0;
}

/* The values of a mapping's keys among keys[] (each at most once), NULL
 * when absent; unknown keys refused. */
static int
get_keys(struct ld *L, const struct ynode *map, const char *what, const char *const *keys,
    int nkeys, const struct ynode **val)
{
	char list[128];
	size_t o = 0;

	for (int i = 0; i < nkeys; i++)
		val[i] = NULL;
	if (map->type != Y_MAP)
		return ld_fail(L, map, _("%s must be a mapping (key: value), not %s"), what,
		    SHOW(map));
	list[0] = '\0';
	for (int i = 0; i < nkeys && o < sizeof list; i++)
		o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", i ? ", " : "", keys[i]);
	for (int k = 0; k + 1 < map->nkid; k += 2) {
		const struct ynode *key = map->kid[k];
		int i;

		for (i = 0; i < nkeys && !is_scalar(key, keys[i]); i++)
			;
		if (i == nkeys)
			ld_fail(L, key, _("unknown key %s in %s; expected %s"), SHOW(key), what, list);
		else if (val[i] != NULL)
			ld_fail(L, key, _("key %s is given twice in %s"), keys[i], what);
		else {
			val[i] = map->kid[k + 1];
			continue;
		}
		if (!GO_ON(L))
			return -1;
	}
	return 0;
}

static int
want_text(struct ld *L, const struct ynode *n, const char *key, char **out)
{
	if (n == NULL)
		return 0;
	if (n->type != Y_SCALAR)
		return ld_fail(L, n, _("%s must be a text, not %s"), key, SHOW(n));
	if ((*out = strdup(n->val)) == NULL)
		return ld_fail(L, n, "%s", _("out of memory"));
	return 0;
}

static const char side_letter[4] = { 'N', 'E', 'S', 'W' };

/* The letters C/F of a sides mask turned rot quarter turns clockwise:
 * the die's side d shows the face's side d - rot. */
static void
letters_of(unsigned edges, int rot, char out[5])
{
	for (int d = 0; d < 4; d++)
		out[d] = edges >> ((d - rot + 4) & 3) & 1 ? 'C' : 'F';
	out[4] = '\0';
}

static unsigned
rot_mask(unsigned m, int rot)
{
	return ((m << rot) | (m >> (4 - rot))) & 15;
}

/* The rotation of edges that reads first (C before F). */
static int
first_rot(unsigned edges)
{
	char best[5], l[5];
	int r0 = 0;

	letters_of(edges, 0, best);
	for (int r = 1; r < 4; r++) {
		letters_of(edges, r, l);
		if (strcmp(l, best) < 0) {
			memcpy(best, l, sizeof best);
			r0 = r;
		}
	}
	return r0;
}

/* Four letters C/F (either case) at w: the sides mask, or -1. */
static int
parse_letters(const char *w, size_t n)
{
	int m = 0;

	if (n != 4)
		return -1;
	for (int d = 0; d < 4; d++) {
		int c = ascii_lower((unsigned char)w[d]);

		if (c == 'c')
			m |= 1 << d;
		else if (c != 'f')
			return -1;
	}
	return m;
}

/* "C F F F", "CFFF": four sides C or F, blanks between them or not. */
static int
get_edges(struct ld *L, const struct ynode *n, unsigned *edges)
{
	char l[4];
	int k = 0;

	if (n->type != Y_SCALAR)
		goto bad;
	for (size_t i = 0; i < n->len; i++) {
		char c = n->val[i];

		if (c == ' ' || c == '\t')
			continue;
		if (k == 4)
			goto bad;
		l[k++] = c;
	}
	if (k != 4 || parse_letters(l, 4) < 0)
		goto bad;
	*edges = (unsigned)parse_letters(l, 4);
	return 0;
bad:
	return ld_fail(L, n, _("edges must be the four sides N E S W, each C (black, city) or F "
	    "(white), like \"C F F F\", not %s"), SHOW(n));
}

static int
side_of(const struct ynode *n)
{
	if (n->type != Y_SCALAR || n->len != 1)
		return -1;
	for (int d = 0; d < 4; d++)
		if (n->val[0] == side_letter[d] || n->val[0] == side_letter[d] + 'a' - 'A')
			return d;
	return -1;
}

static int
get_cities(struct ld *L, const struct ynode *n, struct dc_face *fc)
{
	unsigned seen = 0;

	if (n->type != Y_SEQ)
		return ld_fail(L, n, _("cities must be a list of the face's city pieces, each the "
		    "list of the black sides it joins, like [[N, S]] or [[N], [S]], not %s"),
		    SHOW(n));
	for (int i = 0; i < n->nkid; i++) {
		const struct ynode *p = n->kid[i];
		unsigned m = 0;

		if (p->type != Y_SEQ)
			return ld_fail(L, p, _("a city piece must be the list of the black sides it "
			    "joins, like [N, E], not %s"), SHOW(p));
		if (p->nkid == 0)
			return ld_fail(L, p, "%s", _("an empty city piece: a piece joins one black "
			    "side or more"));
		for (int k = 0; k < p->nkid; k++) {
			int d = side_of(p->kid[k]);

			if (d < 0)
				return ld_fail(L, p->kid[k], _("a side is N, E, S or W, not %s"),
				    SHOW(p->kid[k]));
			if (!(fc->edges >> d & 1))
				return ld_fail(L, p->kid[k], _("side %c is white (F) in edges, but "
				    "a city piece holds it"), side_letter[d]);
			if ((m | seen) >> d & 1)
				return ld_fail(L, p->kid[k], _("black side %c is in two city pieces"),
				    side_letter[d]);
			m |= 1u << d;
		}
		seen |= m;
		fc->piece[fc->npieces++] = (uint8_t)m;	/* at most 4: the sides are distinct */
	}
	for (int d = 0; d < 4; d++)
		if ((fc->edges >> d & 1) && !(seen >> d & 1))
			return ld_fail(L, n, _("black side %c is in no city piece"), side_letter[d]);
	return 0;
}

/* A name may be typed for the face: letters and '-', two or more, a
 * letter first; no word of the notation or the table, no four C/F. */
static int
check_name(struct ld *L, const struct ynode *n)
{
	bool ok = n->type == Y_SCALAR && n->len >= 2;

	for (size_t i = 0; ok && i < n->len; i++) {
		int c = ascii_lower((unsigned char)n->val[i]);

		ok = (c >= 'a' && c <= 'z') || (i > 0 && c == '-');
	}
	if (!ok)
		return ld_fail(L, n, _("a name in also is two or more of the letters a-z (either "
		    "case) and -, a letter first, not %s"), SHOW(n));
	if (parse_letters(n->val, n->len) >= 0)
		return ld_fail(L, n, _("the name %s reads as the letters of a face; choose "
		    "another"), SHOW(n));
	if (dc_reserved_word(n->val, n->len))
		return ld_fail(L, n, _("the name %s is a word of the notation or of the table "
		    "(a line that begins with a face is a roll there); choose another"), SHOW(n));
	return 0;
}

static int
get_also(struct ld *L, const struct ynode *n, struct dc_face *fc)
{
	if (n->type != Y_SEQ)
		return ld_fail(L, n, _("also must be a list of names, like [cap, bord], not %s"),
		    SHOW(n));
	if ((fc->also = calloc((size_t)n->nkid + 1, sizeof *fc->also)) == NULL)
		return ld_fail(L, n, "%s", _("out of memory"));
	for (int i = 0; i < n->nkid; i++) {
		if (check_name(L, n->kid[i]) < 0)
			return -1;
		if ((fc->also[fc->nalso++] = strdup(n->kid[i]->val)) == NULL)
			return ld_fail(L, n, "%s", _("out of memory"));
	}
	return 0;
}

/* The code: the letters of edges, and a digit 1..9 or none. */
static int
get_code(struct ld *L, const struct ynode *n, struct dc_face *fc, const struct ynode *edges)
{
	char want[5], got[5];
	int m;

	if (n->type != Y_SCALAR || (n->len != 4 && n->len != 5) ||
	    (m = parse_letters(n->val, 4)) < 0 ||
	    (n->len == 5 && (n->val[4] < '1' || n->val[4] > '9')))
		return ld_fail(L, n, _("code must be the four letters of edges, with a digit 1-9 "
		    "when another face has the same letters (CFCF, CFCF2), not %s"), SHOW(n));
	letters_of(fc->edges, 0, want);
	letters_of((unsigned)m, 0, got);
	if ((unsigned)m != fc->edges)
		return ld_fail(L, n, _("code %s does not match edges %c %c %c %c"), got,
		    want[0], want[1], want[2], want[3]);
	if (first_rot(fc->edges) != 0) {
		char first[5];

		letters_of(fc->edges, first_rot(fc->edges), first);
		return ld_fail(L, edges, _("edges %c %c %c %c are not at rotation 0, the "
		    "rotation that reads first in alphabetical order: turned, the face reads "
		    "%s; write edges: %c %c %c %c and code %s"), want[0], want[1], want[2], want[3],
		    first, first[0], first[1], first[2], first[3], first);
	}
	memcpy(fc->code, want, 4);
	fc->digit = n->len == 5 ? (uint8_t)(n->val[4] - '0') : 0;
	if (fc->digit)
		fc->code[4] = (char)('0' + fc->digit);
	return 0;
}

/* The pieces as sets of masks, sorted, for comparisons. */
static unsigned
pieces_key(const struct dc_face *fc, int rot)
{
	unsigned key = 0;

	for (int i = 0; i < fc->npieces; i++)
		key |= 1u << rot_mask(fc->piece[i], rot);	/* distinct masks: a set of 16 bits */
	return key;
}

static int
get_face(struct ld *L, const struct ynode *n, struct dc_face *fc)
{
	static const char *const keys[] = { "code", "also", "edges", "cities", "name", "doubt" };
	const struct ynode *v[6];
	unsigned edges = 0;

	if (get_keys(L, n, _("a face"), keys, 6, v) < 0)
		return -1;
	fc->line = n->line;
	fc->column = n->column;
	if (v[0] == NULL || v[2] == NULL || v[3] == NULL)
		return ld_fail(L, n, _("a face needs %s: its code, its edges and its cities, "
		    "like {code: CFFF, edges: C F F F, cities: [[N]]}"),
		    v[0] == NULL ? "code" : v[2] == NULL ? "edges" : "cities");
	if (get_edges(L, v[2], &edges) < 0)
		return -1;
	fc->edges = (uint8_t)edges;
	if (fc->edges == 0)
		return ld_fail(L, v[2], "%s", _("a city face needs a black side (C) in edges; "
		    "the knight and the catapult are not data"));
	if (get_code(L, v[0], fc, v[2]) < 0 || get_cities(L, v[3], fc) < 0)
		return -1;
	if (v[1] != NULL && get_also(L, v[1], fc) < 0)
		return -1;
	if (want_text(L, v[4], "name", &fc->name) < 0 || want_text(L, v[5], "doubt", &fc->doubt) < 0)
		return -1;
	/* A lying die is named by its letters: turns that read the same must
	 * join the same sides. */
	fc->nrots = 4;
	for (int r = 1; r < 4; r++)
		if (rot_mask(fc->edges, r) == fc->edges) {
			if (pieces_key(fc, r) != pieces_key(fc, 0))
				return ld_fail(L, v[3], _("turned %d degrees the face reads %s again, "
				    "but its pieces join other sides: a layout names a die by its "
				    "letters and could not tell how it lies"), r * 90, fc->code);
			if (fc->nrots == 4)
				fc->nrots = (uint8_t)r;
		}
	return 0;
}

/* Codes and names used twice, faces alike up to a turn: among the faces
 * that loaded (ok[i]). */
static int
check_set(struct ld *L, const struct ynode *list, const bool *ok)
{
	struct dc_faces *f = L->f;
	int before = L->nerr;

	for (int i = 0; i < DC_NFACES && (GO_ON(L) || L->nerr == before); i++) {
		const struct dc_face *a = &f->face[i];

		if (!ok[i])
			continue;
		L->face = i;
		L->cur = a;
		for (int j = 0; j < i; j++) {
			const struct dc_face *b = &f->face[j];

			if (!ok[j])
				continue;
			if (caseeq(a->code, strlen(a->code), b->code))
				ld_fail(L, list->kid[i], _("code %s is face %d's too: faces with the same "
				    "letters need a digit 1-9 each but one (%s, %s2)"), a->code, j + 1,
				    b->code, b->code);
			for (int r = 0; r < 4; r++)
				if (rot_mask(a->edges, r) == b->edges &&
				    pieces_key(a, r) == pieces_key(b, 0)) {
					ld_fail(L, list->kid[i], _("the same face as face %d (%s), turned: "
					    "the same black sides and pieces"), j + 1, b->code);
					break;
				}
		}
		for (int k = 0; k < a->nalso; k++) {
			const char *w = a->also[k];

			for (int j = 0; j <= i; j++) {
				const struct dc_face *b = &f->face[j];

				for (int m = 0; ok[j] && m < (j == i ? k : b->nalso); m++)
					if (caseeq(w, strlen(w), b->also[m]))
						ld_fail(L, list->kid[i], _("the name \"%s\" is given twice "
						    "(face %d and face %d)"), w, j + 1, i + 1);
			}
		}
	}
	L->face = -1;
	L->cur = NULL;
	return L->nerr > before ? -1 : 0;
}

static void
face_free(struct dc_face *fc)
{
	for (int k = 0; k < fc->nalso; k++)
		free(fc->also[k]);
	free(fc->also);
	free(fc->name);
	free(fc->doubt);
	memset(fc, 0, sizeof *fc);
}

/* The list of faces (a record's faces:, or a file's). */
static int
get_faces(struct ld *L, const struct ynode *list)
{
	bool ok[DC_NFACES] = { false };
	int before = L->nerr;

	if (list->type != Y_SEQ)
		return ld_fail(L, list, _("faces must be the list of the die's %d city faces, "
		    "not %s"), DC_NFACES, SHOW(list));
	if (list->nkid != DC_NFACES &&
	    ld_fail(L, list, _("a die has %d city faces (and a knight and a catapult, which are "
	    "not data); this list has %d"), DC_NFACES, list->nkid) < 0 && !GO_ON(L))
		return -1;
	for (int i = 0; i < list->nkid; i++) {
		struct dc_face extra = { 0 }, *fc = i < DC_NFACES ? &L->f->face[i] : &extra;

		L->face = i;
		L->cur = fc;
		if (get_face(L, list->kid[i], fc) == 0 && i < DC_NFACES)
			ok[i] = true;
		face_free(&extra);
		if (L->nerr > before && !GO_ON(L))
			return -1;
	}
	L->face = -1;
	L->cur = NULL;
	if (check_set(L, list, ok) < 0 || L->nerr > before)
		return -1;
	return 0;
}

/* A whole face file: format, game, source, doubt, faces. */
static int
get_file(struct ld *L, const struct ynode *root)
{
	static const char *const keys[] = { "format", "game", "source", "doubt", "faces" };
	const struct ynode *v[5];

	int before = L->nerr;

	if (get_keys(L, root, _("a face file"), keys, 5, v) < 0)
		return -1;
	if (v[0] == NULL)
		ld_fail(L, root, "%s", _("a face file starts with format: carcref-faces/1"));
	else if (!is_scalar(v[0], "carcref-faces/1"))
		ld_fail(L, v[0], _("format must be carcref-faces/1, not %s"), SHOW(v[0]));
	if (L->nerr == before || GO_ON(L)) {
		if (v[1] != NULL && !is_scalar(v[1], "dice"))
			ld_fail(L, v[1], _("game must be dice (faces are the dice game's), not %s"),
			    SHOW(v[1]));
	}
	if (L->nerr == before || GO_ON(L)) {
		if (want_text(L, v[2], "source", &L->f->source) == 0 || GO_ON(L))
			want_text(L, v[3], "doubt", &L->f->doubt);
	}
	if (L->nerr > before && !GO_ON(L))
		return -1;
	if (v[4] == NULL)
		return ld_fail(L, root, "%s", _("a face file needs faces: the list of the die's "
		    "city faces"));
	return get_faces(L, v[4]) < 0 || L->nerr > before ? -1 : 0;
}

static int
load_tree(struct dc_faces *f, const struct ynode *root, bool list_only, struct dc_error *err,
    void (*report)(void *, const struct dc_error *), void *arg)
{
	struct ld L = { err, f, -1, NULL, report, arg, 0 };
	int rc;

	memset(f, 0, sizeof *f);
	f->origin = DC_FROM_FILE;
	if (root == NULL) {
		rc = seterr(err, 1, 1, "%s", _("no face data: expected the list of the die's city "
		    "faces"));
		if (report != NULL)
			report(arg, err);
	}
	else
		rc = root->type == Y_MAP && !list_only ? get_file(&L, root) : get_faces(&L, root);
	/* The size-only search's answers, one per count of each face (a
	 * base-10 number of four digits): found once, then looked up. */
	if (rc == 0 && (f->cache = calloc(10000, sizeof *f->cache)) == NULL)
		rc = seterr(err, 0, 0, "%s", _("out of memory"));
	if (rc < 0)
		dc_faces_free(f);
	return rc;
}

int
dc_faces_reader_end(struct dc_faces_reader *r, struct dc_faces *f, struct dc_error *err)
{
	memset(err, 0, sizeof *err);
	if (!r->done) {
		memset(f, 0, sizeof *f);
		return seterr(err, 0, 0, "%s", _("face data: the list of faces is cut short"));
	}
	return load_tree(f, r->root, true, err, NULL, NULL);
}

/* libyaml's complaint, at its place (a reader error has only an offset). */
static int
yaml_error(yaml_parser_t *p, const char *text, size_t len, struct dc_error *err)
{
	yaml_mark_t m = p->problem_mark;

	if (p->error == YAML_MEMORY_ERROR)
		return seterr(err, 0, 0, "%s", _("out of memory"));
	if (p->error == YAML_READER_ERROR) {
		size_t off = p->problem_offset < len ? p->problem_offset : len;

		m.line = m.column = 0;
		for (size_t i = 0; i < off; i++)
			if (text[i] == '\n')
				m.line++, m.column = 0;
			else
				m.column++;
	}
	return seterr(err, mark_int(m.line), mark_int(m.column), _("not valid YAML: %s"),
	    p->problem != NULL ? p->problem : "?");
}

/* A face file's text: libyaml's events into the tree, the tree checked. */
static int
parse_text(struct dc_faces *f, const char *text, size_t len, struct dc_error *err,
    void (*report)(void *, const struct dc_error *), void *arg)
{
	struct dc_faces_reader r;
	struct dc_error dummy;
	yaml_parser_t p;
	yaml_event_t ev;
	int rc = 0, docs = 0;
	bool end = false;

	memset(f, 0, sizeof *f);
	memset(&r, 0, sizeof r);
	if (err == NULL)
		err = &dummy;
	memset(err, 0, sizeof *err);
	if (text == NULL)
		text = "", len = 0;
	if (!yaml_parser_initialize(&p))
		return seterr(err, 0, 0, "%s", _("out of memory"));
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	while (!end && rc >= 0) {
		if (!yaml_parser_parse(&p, &ev)) {
			rc = yaml_error(&p, text, len, err);
			break;
		}
		if (ev.type == YAML_STREAM_END_EVENT)
			end = true;
		else if (ev.type == YAML_DOCUMENT_START_EVENT && ++docs > 1)
			rc = seterr(err, mark_int(ev.start_mark.line), mark_int(ev.start_mark.column),
			    "%s", _("face data is one YAML document, but a second one starts here"));
		else if (ev.type != YAML_DOCUMENT_END_EVENT)
			rc = dc_faces_reader_feed(&r, &ev, err);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	if (rc >= 0)
		rc = load_tree(f, r.root, false, err, report, arg);
	else if (report != NULL)
		report(arg, err);
	ynode_free(r.root);
	return rc < 0 ? -1 : 0;
}

int
dc_faces_parse(struct dc_faces *f, const char *text, size_t len, struct dc_error *err)
{
	return parse_text(f, text, len, err, NULL, NULL);
}

/* Every failed check, to report; how many. */
struct counted {
	void	(*report)(void *, const struct dc_error *);
	void	*arg;
	int	n;
};

static void
count_one(void *arg, const struct dc_error *e)
{
	struct counted *c = arg;

	c->n++;
	c->report(c->arg, e);
}

int
dc_faces_check(const char *text, size_t len, void (*report)(void *, const struct dc_error *),
    void *arg)
{
	struct counted c = { report, arg, 0 };
	struct dc_faces f;
	struct dc_error err;

	if (parse_text(&f, text, len, &err, count_one, &c) == 0)
		dc_faces_free(&f);
	return c.n;
}

void
dc_faces_free(struct dc_faces *f)
{
	for (int i = 0; i < DC_NFACES; i++)
		face_free(&f->face[i]);
	free(f->source);
	free(f->doubt);
	free(f->file);
	free(f->cache);
	memset(f, 0, sizeof *f);
}

bool
dc_faces_origin(struct dc_faces *f, enum dc_origin origin, const char *file)
{
	char *copy = NULL;

	if (file != NULL && (copy = strdup(file)) == NULL)
		return false;
	free(f->file);
	f->file = copy;
	f->origin = origin;
	return true;
}

bool
dc_faces_same(const struct dc_faces *a, const struct dc_faces *b)
{
	for (int i = 0; i < DC_NFACES; i++) {
		const struct dc_face *x = &a->face[i], *y = &b->face[i];

		if (strcmp(x->code, y->code) != 0 || x->edges != y->edges ||
		    pieces_key(x, 0) != pieces_key(y, 0) || x->nalso != y->nalso)
			return false;
		for (int k = 0; k < x->nalso; k++)
			if (strcmp(x->also[k], y->also[k]) != 0)
				return false;
	}
	return true;
}

/* ------------------------------------------------------------------ */
/* Words */

/* The notation's words and the commands of the table, in English and
 * French (spec §4.2, §4.8), the tile game's too: a line that begins with
 * one of them is not a roll. */
static const char *const reserved[] = {
	"k", "x", "knight", "chevalier", "catapult", "catapulte", "end", "fin",
	"roll", "lancer", "keep", "garder", "claim", "annoncer", "city", "ville",
	"faces", "score", "points", "explain", "expliquer", "moves", "coups",
	"undo", "annuler", "redo", "refaire", "save", "enregistrer", "sauver",
	"load", "charger", "help", "aide", "quit", "quitter", "exit", "resume",
	"draw", "piocher", "tirer", "place", "poser", "choose", "choisir", "meeple",
	"pion", "pass", "passer", "discard", "defausser", "legal", "find", "chercher",
	"tiles", "tuiles", "supply", "pioche", "board", "plateau",
};

bool
dc_reserved_word(const char *word, size_t len)
{
	for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
		if (caseeq(word, len, reserved[i]))
			return true;
	return false;
}

const char *
dc_face_letters(const struct dc_face *face, int rot, char *buf)
{
	letters_of(face->edges, rot & 3, buf);
	if (face->digit) {
		buf[4] = (char)('0' + face->digit);
		buf[5] = '\0';
	}
	return buf;
}

const char *
dc_face_word(const struct dc_face *face, bool french)
{
	if (face->nalso > 1 && french)
		return face->also[1];
	return face->nalso > 0 ? face->also[0] : face->code;
}

int
dc_faces_lookup(const struct dc_faces *f, const char *word, size_t len, int *rot, bool *by_name)
{
	int m = len == 4 || len == 5 ? parse_letters(word, 4) : -1, digit = 0, found = -1;

	*rot = 0;
	*by_name = false;
	if (m >= 0 && (len == 4 || (word[4] >= '1' && word[4] <= '9'))) {
		int nletters = 0;

		digit = len == 5 ? word[4] - '0' : 0;
		for (int i = 0; i < DC_NFACES; i++)
			for (int r = 0; r < 4; r++)
				if (rot_mask(f->face[i].edges, r) == (unsigned)m) {
					nletters++;
					if (f->face[i].digit == digit && found < 0) {
						found = i;
						*rot = r;
					}
					break;
				}
		if (found >= 0)
			return found;
		return nletters > 0 && digit == 0 ? DC_FACE_AMBIGUOUS : DC_FACE_NOT_IN_DATA;
	}
	for (int i = 0; i < DC_NFACES; i++)
		for (int k = 0; k < f->face[i].nalso; k++)
			if (caseeq(word, len, f->face[i].also[k])) {
				*by_name = true;
				return i;
			}
	return DC_FACE_UNKNOWN;
}
