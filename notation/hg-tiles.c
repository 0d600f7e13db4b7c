/*
 * hg-tiles.c -- Hunters & Gatherers' tile sets written back in canonical
 * form (../shared/spec/hunters-gatherers.md, HG-9.5, HG-8.4, HG-8.5):
 * fmt's and save's `tileset:` (a whole set inline) and `tiles:` (the
 * corrections), and a set alone for a file.
 *
 * A type: its keys in the order code, aliases, count, bonus (when true),
 * edges and marks (flow lists), features (one flow mapping a line, its
 * keys in the order of fkeys[], zero counts and false flags left out),
 * doubt (always quoted).  A correction of a count alone is one line,
 * "- {code: HG-FFMM4, count: 2}".  A feature's at names whole edges
 * where both halves are its (N), else the half-edges (NNW), N E S W in
 * turn; a line's (a river's) the middles of its edges; a lake has none.
 *
 * Comments (fmt): each stands by what it is written beside.  A comment
 * on a line of its own leads what the next line that holds more starts
 * or continues (a type entry, or a key of the set); a comment at the end
 * of a line trails the first line of what that line belongs to (a type's
 * "- code:" line), several joined by a space.  What fmt writes, read
 * again, puts every comment back in the same place: fmt is idempotent.
 *
 * Formatting only: no I/O.
 */
#include <stdlib.h>
#include <string.h>

#include "hg.h"
#include "record-int.h"
#include "../rules/ext.h"

/* A feature's keys after kind and at, in canonical order. */
static const char *const fkeys[] = {
	"arms", "end", "gold", "mushrooms", "fish", "deer", "mammoth", "aurochs", "tiger",
	"fire", "shrine",
};
#define NFKEYS	((int)(sizeof fkeys / sizeof fkeys[0]))

/* The set's keys before its types, in canonical order. */
static const char *const skeys[] = { "set", "start", "bonus-pile", "tiles" };
enum { S_SET, S_START, S_PILE, S_TILES, S_N };

/* Attribute key of game, -1 if it has none. */
static int
attr_of(int game, const char *key)
{
	for (int a = 0; a < cr_nattrs(); a++)
		if (strcmp(cr_attr(a)->key, key) == 0 && cr_attr_of(a, game))
			return a;
	return -1;
}

/* "[N, E]": the edges of a bit set (bit d: edge d). */
static void
emit_edges(const struct nt_emit *o, unsigned bits)
{
	bool first = true;

	nt__emit(o, "[", 1);
	for (int d = 0; d < CR_NDIRS; d++)
		if (bits & (1u << d)) {
			nt__emitf(o, "%s%s", first ? "" : ", ", cr_spot_name((enum cr_spot)(4 * d)));
			first = false;
		}
	nt__emit(o, "]", 1);
}

/* A feature's at: none for a kind in the centre (a lake) touching no edge. */
static void
emit_at(const struct nt_emit *o, const struct cr_seg *s)
{
	int shape = cr_kind(s->kind)->shape;
	bool first = true;

	if (s->ports == 0) {
		if (shape != CR_CENTRE)
			nt__emit(o, ", at: [C]", 9);
		return;
	}
	nt__emit(o, ", at: [", 7);
	for (int d = 0; d < CR_NDIRS; d++) {
		cr_ports a = (cr_ports)(1u << (3 * d)), b = (cr_ports)(1u << (3 * d + 2));
		const char *name[2] = { NULL, NULL };

		if (shape == CR_LINE) {
			if (s->ports & (1u << CR_PORT_MID(d)))
				name[0] = cr_spot_name((enum cr_spot)(4 * d));
		} else if ((s->ports & (a | b)) == (a | b)) {
			name[0] = cr_spot_name((enum cr_spot)(4 * d));
		} else {
			if (s->ports & a)
				name[0] = cr_port_name(3 * d);
			if (s->ports & b)
				name[1] = cr_port_name(3 * d + 2);
		}
		for (int k = 0; k < 2; k++)
			if (name[k] != NULL) {
				nt__emitf(o, "%s%s", first ? "" : ", ", name[k]);
				first = false;
			}
	}
	nt__emit(o, "]", 1);
}

/* Feature s of t: "{kind: forest, at: [N, E], gold: 1}". */
static void
emit_feature(const struct nt_emit *o, int game, const struct cr_tiletype *t, int s)
{
	const struct cr_seg *seg = &t->seg[s];

	nt__emitf(o, "{kind: %s", cr_kind_name(seg->kind));
	emit_at(o, seg);
	for (int i = 0; i < NFKEYS; i++) {
		int a = attr_of(game, fkeys[i]), v;

		if (a < 0)
			continue;
		switch (cr_attr(a)->type) {
		case CR_ATTR_END:
			if (seg->end != CR_END_NONE && cr_end_name(seg->end) != NULL)
				nt__emitf(o, ", %s: %s", fkeys[i], cr_end_name(seg->end));
			break;
		case CR_ATTR_EDGES:
			if ((v = cr_tile_attr(t, s, a)) != 0) {
				nt__emitf(o, ", %s: ", fkeys[i]);
				emit_edges(o, (unsigned)v);
			}
			break;
		case CR_ATTR_FLAG:
			if (cr_tile_attr(t, s, a))
				nt__emitf(o, ", %s: true", fkeys[i]);
			break;
		default:
			if ((v = cr_tile_attr(t, s, a)) != 0)
				nt__emitf(o, ", %s: %d", fkeys[i], v);
			break;
		}
	}
	nt__emit(o, "}", 1);
}

/* Comments around the lines of a block: n notes, each led by or
 * trailing anchor at[i] (-1: the key's own line). */
struct put {
	const struct nt_emit *o;
	const struct nt_note *note;
	int		 n;
	const int	*at;
};

/* The comments of lines of their own that lead anchor a, at indent. */
static void
lead(const struct put *p, int a, int indent)
{
	for (int i = 0; p != NULL && i < p->n; i++)
		if (p->at[i] == a && !p->note[i].trailing)
			nt__emitf(p->o, "%*s%.*s\n", indent, "", (int)p->note[i].len,
			    p->note[i].text);
}

/* The comments that trail anchor a's first line, joined by a space. */
static void
trail(const struct put *p, int a)
{
	bool first = true;

	for (int i = 0; p != NULL && i < p->n; i++)
		if (p->at[i] == a && (p->note[i].trailing || a < 0)) {
			nt__emitf(p->o, "%s%.*s", first ? "  " : " ", (int)p->note[i].len,
			    p->note[i].text);
			first = false;
		}
}

/* Type t of ts at indent (its "- " there), anchor a for its comments;
 * patch: a correction of a count alone is one line.  No last newline. */
static void
emit_type(const struct nt_emit *o, const struct cr_tileset *ts, int t, int indent,
    const struct put *p, int a)
{
	const struct cr_tiletype *y = &ts->type[t];
	int in = indent + 2, bonus = attr_of(ts->game, "bonus");
	bool first = true;

	lead(p, a, indent);
	if (y->nseg == 0) {	/* {code, count}: a correction's */
		nt__emitf(o, "%*s- {code: ", indent, "");
		nt__emit_scalar(o, y->code);
		nt__emitf(o, ", count: %d}", y->count);
		trail(p, a);
		return;
	}
	nt__emitf(o, "%*s- code: ", indent, "");
	nt__emit_scalar(o, y->code);
	trail(p, a);
	if (y->naliases > 0) {
		nt__emitf(o, "\n%*saliases: [", in, "");
		for (int k = 0; k < y->naliases; k++) {
			nt__emit(o, ", ", k ? 2 : 0);
			nt__emit_scalar(o, y->alias[k]);
		}
		nt__emit(o, "]", 1);
	}
	nt__emitf(o, "\n%*scount: %d", in, "", y->count);
	if (bonus >= 0 && (y->marks & cr_attr_bit(bonus)))
		nt__emitf(o, "\n%*sbonus: true", in, "");
	nt__emitf(o, "\n%*sedges: [", in, "");
	for (int d = 0; d < CR_NDIRS; d++)
		nt__emitf(o, "%s%s", d ? ", " : "", cr_kind_name(y->edge[d]));
	nt__emit(o, "]", 1);
	for (int m = 0; m < cr_nattrs(); m++)
		if (cr_attr(m)->type == CR_ATTR_MARK && cr_attr_of(m, ts->game) &&
		    (y->marks & cr_attr_bit(m))) {
			if (first)
				nt__emitf(o, "\n%*smarks: [", in, "");
			nt__emitf(o, "%s%s", first ? "" : ", ", cr_attr(m)->key);
			first = false;
		}
	nt__emit(o, "]", first ? 0 : 1);
	nt__emitf(o, "\n%*sfeatures:", in, "");
	for (int s = 0; s < y->nseg; s++) {
		nt__emitf(o, "\n%*s- ", in + 2, "");
		emit_feature(o, ts->game, y, s);
	}
	if (ts->doubt != NULL && ts->doubt[t] != NULL) {
		nt__emitf(o, "\n%*sdoubt: ", in, "");
		nt__emit_quoted(o, ts->doubt[t]);
	}
}

/* ts's types at indent, each on a new line. */
static void
emit_types(const struct nt_emit *o, const struct cr_tileset *ts, int indent,
    const struct put *p, int first)
{
	for (int t = 0; t < ts->ntypes; t++) {
		nt__emit(o, "\n", 1);
		emit_type(o, ts, t, indent, p, first + t);
	}
}

/* The keys of set ts before its types, at indent, each with the
 * comments of anchor S_*; "tiles:" last, no newline after it. */
static void
emit_set_keys(const struct nt_emit *o, const struct cr_tileset *ts, int indent,
    const struct put *p)
{
	int pile = cr_tileset_tokens(ts, ts->setname[0] ? ts->setname[0] : ts->name,
	    "bonus-pile");

	for (int k = 0; k < S_N; k++) {
		if (k == S_START && ts->start < 0)
			continue;
		if (k == S_PILE && pile < 0)
			continue;
		nt__emit(o, "\n", k ? 1 : 0);
		lead(p, k, indent);
		nt__emitf(o, "%*s%s:", indent, "", skeys[k]);
		if (k == S_SET) {
			nt__emit(o, " ", 1);
			nt__emit_scalar(o, ts->name);
		} else if (k == S_START) {
			nt__emit(o, " ", 1);
			nt__emit_scalar(o, ts->type[ts->start].code);
		} else if (k == S_PILE)
			nt__emitf(o, " %d", pile);
		trail(p, k);
	}
}

char *
nt_hg_tiles_text(const struct cr_tileset *ts, bool patch)
{
	struct nt_sb b = { 0 };
	struct nt_emit o = { nt__sb_put, &b };

	if (patch) {
		for (int t = 0; t < ts->ntypes; t++) {
			emit_type(&o, ts, t, 0, NULL, t);
			nt__emit(&o, "\n", 1);
		}
	} else {
		emit_set_keys(&o, ts, 0, NULL);
		emit_types(&o, ts, 2, NULL, 0);
		nt__emit(&o, "\n", 1);
	}
	nt__emit(&o, "", 0);
	if (b.nomem || b.s == NULL) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/* ---- comments: where each stands ------------------------------------------- */

/* Which key of skeys[] starts the line at s, -1 for none. */
static int
key_at(const char *s, const char *e)
{
	for (int k = 0; k < S_N; k++) {
		size_t n = strlen(skeys[k]);

		if ((size_t)(e - s) > n && strncmp(s, skeys[k], n) == 0 && s[n] == ':')
			return k;
	}
	return -1;
}

/*
 * The lines of field f's value: those that hold more than blanks and
 * comments, in order, into *v (how many, -1 out of memory); and the
 * first line of each key of skeys[] at the value's column into key[]
 * (0 where none: a mapping's keys).
 */
static int
scan(const struct nt_field *f, int **v, int key[S_N])
{
	const char *s = f->text, *e = s + strlen(s);
	int n = 0, cap = 0, line = f->line, k;

	*v = NULL;
	memset(key, 0, S_N * sizeof key[0]);
	for (bool first = true; s < e; first = false, line++) {
		const char *c = s;
		size_t b = 0;
		int col = first ? f->column : 1;

		while (c < e && (*c == ' ' || *c == '\t'))
			c++, col++;
		if (col == f->column && (k = key_at(c, e)) >= 0 && key[k] == 0)
			key[k] = line;
		if (c < e && *c != '#' && nt__brk(c, e) == 0) {
			if (n == cap) {
				int *w = realloc(*v, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *w);

				if (w == NULL) {
					free(*v);
					*v = NULL;
					return -1;
				}
				*v = w;
			}
			(*v)[n++] = line;
		}
		while (c < e && (b = nt__brk(c, e)) == 0)
			c++;
		s = c + b;
		if (b == 0)
			break;
	}
	return n;
}

/*
 * The anchor of each note (at[], n of them): -1 the key's own line, else
 * an anchor of the block; anchors and their first lines: start[0..na),
 * in any order (with keys, a set's mapping: its keys' lines found here,
 * into start[0..S_N)).  A comment on a line of its own goes with the next line
 * that holds more, one at the end of a line with that line: each with
 * the anchor of the latest first line at or before that line.
 */
static void
place(const struct nt_field *f, const struct nt_note *note, int n, int *start, int na,
    bool keys, int *at)
{
	int key[S_N], *content = NULL, nc = f != NULL ? scan(f, &content, key) : 0;

	if (keys && f != NULL)
		memcpy(start, key, sizeof key);

	for (int i = 0; i < n; i++) {
		int l = note[i].line, best = -1;

		at[i] = -1;
		if (f == NULL || (note[i].trailing && l <= f->key_line && f->key_line < f->line))
			continue;
		if (!note[i].trailing) {	/* the next line that holds more */
			int k = 0;

			while (k < nc && content[k] <= l)
				k++;
			if (k == nc)
				continue;
			l = content[k];
		}
		for (int a = 0; a < na; a++)
			if (start[a] > 0 && start[a] <= l && (best < 0 || start[a] > start[best]))
				best = a;
		at[i] = best;
	}
	free(content);
}

bool
nt_hg_write_block(const struct nt_emit *o, const char *key, const struct cr_tileset *ts,
    bool patch, const struct nt_field *f, const struct nt_note *note, int n)
{
	int na = (patch ? 0 : S_N) + ts->ntypes, *start, *at;
	struct put p = { o, note, n, NULL };

	start = calloc((size_t)na + 1, sizeof *start);
	at = calloc((size_t)n + 1, sizeof *at);
	if (start == NULL || at == NULL) {
		free(start), free(at);
		nt__emit(o, NULL, 0);	/* out of memory: the sink notes it */
		return false;
	}
	if (f != NULL && f->shape != (patch ? NT_LIST : NT_MAP))
		f = NULL;	/* not the text of ts: its comments on the key's line */
	for (int t = 0; t < ts->ntypes; t++)
		start[(patch ? 0 : S_N) + t] = ts->line != NULL && ts->line[t] > 0 ? ts->line[t] : 0;
	place(f, note, n, start, na, !patch, at);
	p.at = at;
	nt__emitf(o, "%s:", key);
	trail(&p, -1);
	if (patch) {
		emit_types(o, ts, 2, &p, 0);
	} else {
		nt__emit(o, "\n", 1);
		emit_set_keys(o, ts, 2, &p);
		emit_types(o, ts, 4, &p, S_N);
	}
	free(start), free(at);
	return true;
}
