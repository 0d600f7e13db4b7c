/*
 * tile.c -- the tile game's row of the game layer (game.h): Carcassonne
 * with its editions and expansions, game: carcassonne, the default game
 * of a record.  Its header keys (edition, expansions), its engine
 * (rules/game.h) behind the row's hooks, its turn line (move.h) and its
 * words (explain.h); and its record functions on the engine's own types
 * (tile.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "explain.h"
#include "i18n.h"
#include "record-int.h"
#include "../rules/ext.h"

/* ---- the header ------------------------------------------------------------ */

/* The keys: the tile game's, then each of its modules' own (rules/ext.h:
 * cr_ext.record_keys), in registry order, filled by keys_init; a slot
 * left NULL is none. */
#define NKEYS	(3 + 8)
static const char *keys[NKEYS] = { "edition", "expansions", "players" };
enum { K_EDITION, K_EXPANSIONS, K_PLAYERS, K_SET };
static int8_t key_ext[NKEYS], key_idx[NKEYS];
static int8_t key_with[NKEYS];	/* the module a key goes with (cr_reckey.with), -1 */

static void
keys_init(void)
{
	int n = K_SET;

	for (int e = 0; e < cr_nexts; e++)
		for (int i = 0; (cr_rules_modules(0) >> e & 1) && i < cr_exts[e]->nrecord_keys &&
		    n < NKEYS; i++) {
			const char *w = cr_exts[e]->record_keys[i].with;

			key_ext[n] = (int8_t)e, key_idx[n] = (int8_t)i;
			key_with[n] = (int8_t)(w != NULL ? cr_ext_find(w, strlen(w)) : -1);
			keys[n++] = cr_exts[e]->record_keys[i].key;
		}
}

/* A module's key of the record (k from K_SET), its table entry. */
static const struct cr_reckey *
reckey(int k)
{
	return &cr_exts[key_ext[k]]->record_keys[key_idx[k]];
}

/* What the row keeps of a record beyond its fields (r->cfg): the text of
 * a data file a key names, as the world read it (nt_tile_world), and
 * that data written inline once the game is the record's own
 * (header_own). */
struct cfg {
	char	*file[NKEYS];
	char	*own[NKEYS];
};

static struct cfg *
cfg_of(const struct nt_record *r)
{
	struct nt_record *w = (struct nt_record *)r;	/* a cache of r's */

	if (w->cfg == NULL)
		w->cfg = calloc(1, sizeof(struct cfg));
	return w->cfg;
}

static void
header_free(struct nt_record *r)
{
	struct cfg *c = r->cfg;

	for (int k = 0; c != NULL && k < NKEYS; k++)
		free(c->file[k]), free(c->own[k]);
	free(c);
	r->cfg = NULL;
}

/* "X,Y" or "X,Y ROT" (ROT 0, 90, 180 or 270: *rot 0 to 3, else -1). */
static bool
square_of(const char *s, int *x, int *y, int *rot)
{
	const char *e;
	long v[3];
	int n = 0;

	*rot = -1;
	for (const char *p = s; n < 3; n++) {
		if (!((*p >= '0' && *p <= '9') || (*p == '-' && p[1] >= '0' && p[1] <= '9')))
			return false;
		/* Its digits, by hand (strtol cost ~500 instructions a square,
		 * read twice a record): past 100000 no longer counted. */
		bool neg = *p == '-';
		long a = 0;

		for (e = p + neg; *e >= '0' && *e <= '9'; e++)
			if (a <= 100000)
				a = a * 10 + (*e - '0');
		if (a > 100000)
			return false;
		v[n] = neg ? -a : a;
		if (n == 0 && *e != ',')
			return false;
		if (n == 1 && *e == '\0') {
			n = 2;
			break;
		}
		if (n == 1 && *e != ' ')
			return false;
		if (n == 2 && *e != '\0')
			return false;
		p = e + 1;
	}
	if (n == 3) {
		if (v[2] % 90 != 0 || v[2] < 0 || v[2] > 270)
			return false;
		*rot = (int)(v[2] / 90);
	}
	*x = (int)v[0], *y = (int)v[1];
	return true;
}

/* A module's key k of the record, its shape (what it holds, CR_RK_*). */
static int
set_field(struct nt_record *r, int k, const struct nt_field *f, struct cr_error *err)
{
	const struct cr_reckey *rk = reckey(k);
	int x, y, rot;

	err->kind = "header";
	if (rk->type == CR_RK_SQUARE) {
		if (nt_field_scalar(f, err) < 0)
			return -1;
		if (!square_of(f->text, &x, &y, &rot))
			return nt_field_fail(f, err, _("%s: expected \"X,Y\" or \"X,Y ROT\" (ROT 0, "
			    "90, 180 or 270), got \"%s\""), rk->key, NT_QS(f->text));
		err->kind = NULL;
		return 0;
	}
	if (f->shape == NT_LIST || (f->shape == NT_SCALAR && (f->null || f->text[0] == '\0')))
		return nt_field_fail(f, err, _("%s: names a data file (by a path relative to the "
		    "record's directory), or holds the data whole (set: %s) or corrections to it"),
		    rk->key, cr_exts[key_ext[k]]->name);
	(void)r;
	err->kind = NULL;
	return 0;
}

/* After the fields: a module's key only with the module in expansions,
 * and with the one it goes with; a key that goes with another module
 * given when both are. */
static int
header_end(const struct nt_record *r, struct cr_error *err)
{
	/* The modules named, each found as its name was read (xread, from
	 * none at the header's reset): known from here on (a cache of r's). */
	uint32_t exts = r->xread;

	((struct nt_record *)r)->xknown = true;
	nt_game_keys_ready();
	for (int k = K_SET; k < NKEYS && keys[k] != NULL; k++) {
		const struct cr_reckey *rk = reckey(k);
		const struct nt_field *f = nt_record_field(r, keys[k]);
		const char *mod = cr_exts[key_ext[k]]->name;
		int with = key_with[k];
		bool both = (exts >> key_ext[k] & 1) && (with < 0 || (exts >> with & 1));

		err->kind = "header";
		if (f != NULL && !(exts >> key_ext[k] & 1)) {
			err->line = f->key_line, err->column = f->key_column;
			snprintf(err->msg, sizeof err->msg, _("\"%s\" is valid only with %s in "
			    "expansions"), keys[k], mod);
			return -1;
		}
		if (f != NULL && !both) {
			err->line = f->key_line, err->column = f->key_column;
			snprintf(err->msg, sizeof err->msg, _("\"%s\" is valid only with %s in "
			    "expansions too"), keys[k], rk->with);
			return -1;
		}
		if (f == NULL && with >= 0 && both) {
			const struct nt_field *x = nt_record_field(r, keys[K_EXPANSIONS]);

			err->line = x ? x->key_line : 1, err->column = x ? x->key_column : 1;
			snprintf(err->msg, sizeof err->msg, _("with %s and %s in expansions, the record "
			    "says %s: %s"), rk->with, mod, keys[k], _(rk->hint));
			return -1;
		}
		err->kind = NULL;
	}
	return 0;
}

int
nt_record_rules(const struct nt_record *r)	/* tile.h */
{
	/* The last game's rules kept: a row's name is its own (static). */
	static const char *last;
	static int lastk;
	const char *name = nt_record_game(r)->name;
	int k;

	if (name == last)
		return lastk;
	k = cr_rules_find(name, strlen(name));
	last = name, lastk = k < 0 ? 0 : k;
	return lastk;
}

static void
header_start(struct nt_record *r)
{
	r->edition = cr_games[nt_record_rules(r)]->editions;	/* the last, 0 for none */
}

/* An expansion: a rules module of rules/ext.h that the record's game
 * may add, named once. */
static int
expansion_item(void *arg, const char *name, size_t len, int line, int column,
    struct cr_error *err)
{
	struct nt_record *r = arg;
	char known[256];
	size_t o = 0;
	int e = cr_ext_find(name, len), rules = nt_record_rules(r);
	uint32_t may = cr_rules_modules(rules) & ~cr_rules_on(rules);
	char **v;

	err->line = line, err->column = column;
	if (cr_rules_later(rules, name, len)) {	/* named by the notation, its rules not written */
		snprintf(err->msg, sizeof err->msg, _("expansion \"%s\" is not supported yet by "
		    "this carcref"), NT_Q(name, len));
		return -1;
	}
	if (e < 0 || !(may >> e & 1)) {
		known[0] = '\0';
		for (int k = 0; k < cr_nexts && o < sizeof known; k++)
			if (may >> k & 1)
				o += (size_t)snprintf(known + o, sizeof known - o, "%s%s",
				    o ? ", " : "", cr_exts[k]->name);
		snprintf(err->msg, sizeof err->msg, _("unknown expansion \"%s\" (known: %s)"),
		    NT_Q(name, len), known);
		return -1;
	}
	/* The modules named before this one (each name as its module's,
	 * exactly: cr_ext_find), kept as the list is read. */
	r->xknown = false;
	if (r->nexpansions == 0)
		r->xread = 0;
	if (r->xread >> e & 1) {
		snprintf(err->msg, sizeof err->msg, _("expansion \"%s\" is given twice"),
		    cr_exts[e]->name);
		return -1;
	}
	/* Room for eight names at once (a record names few), then doubled. */
	v = r->expansions;
	if ((r->nexpansions < 8 ? v == NULL : (r->nexpansions & (r->nexpansions - 1)) == 0) &&
	    (v = realloc(r->expansions, (size_t)(r->nexpansions < 8 ? 8 : 2 * r->nexpansions) *
	    sizeof *v)) == NULL) {
		snprintf(err->msg, sizeof err->msg, "%s", _("out of memory"));
		return -1;
	}
	r->expansions = v;
	/* The name is its module's, exactly: that one kept (not copied,
	 * not freed: r->xstatic). */
	if (r->nexpansions == 0)
		r->xstatic = 0;
	if (r->nexpansions < 32) {
		union { const char *c; char *s; } u = { cr_exts[e]->name };

		v[r->nexpansions] = u.s;
		r->xstatic |= 1u << r->nexpansions++;
	} else if ((v[r->nexpansions] = malloc(len + 1)) == NULL) {
		snprintf(err->msg, sizeof err->msg, "%s", _("out of memory"));
		return -1;
	} else {
		memcpy(v[r->nexpansions], name, len);
		v[r->nexpansions++][len] = '\0';
	}
	r->xread |= 1u << e;
	{	/* sets not refereed together yet (rules/ext.h: not_with) */
		int a, b;

		if (!cr_exts_together(r->xread, &a, &b)) {
			snprintf(err->msg, sizeof err->msg, _("expansions \"%s\" and \"%s\" together "
			    "are not supported yet by this carcref"), cr_exts[a]->name, cr_exts[b]->name);
			return -1;
		}
	}
	return 0;
}

/*
 * The last list of expansions read whole (a batch's records name the same
 * few, written the same way): its source as written, the record's rules
 * and the modules it named, in order.  A record whose list is written so
 * again, read from a header reset (none named yet), takes them as
 * expansion_item would have, each check of it passed the same.
 */
enum { XL_TEXT = 96, XL_MAX = 8 };	/* 8: the room expansion_item makes first */
static struct {
	char	text[XL_TEXT];	/* "": none kept */
	int	rules, n;
	int8_t	ext[XL_MAX];
} xl;

static bool
expansions_again(struct nt_record *r, const struct nt_field *f)
{
	char **v = r->expansions;
	uint32_t read = 0;

	if (xl.text[0] == '\0' || f->shape != NT_LIST || r->nexpansions != 0 ||
	    xl.rules != nt_record_rules(r) || strcmp(f->text, xl.text) != 0)
		return false;
	if (v == NULL && (v = malloc(XL_MAX * sizeof *v)) == NULL)
		return false;	/* read as the list says: its words */
	r->expansions = v;
	for (int i = 0; i < xl.n; i++) {
		union { const char *c; char *s; } u = { cr_exts[xl.ext[i]]->name };

		v[i] = u.s;
		read |= 1u << xl.ext[i];
	}
	r->nexpansions = xl.n;
	r->xstatic = (1u << xl.n) - 1;
	r->xread = read;
	r->xknown = false;
	return true;
}

/* After a list read whole: kept for the records after (xl), when short. */
static void
expansions_keep(const struct nt_record *r, const struct nt_field *f)
{
	size_t n = strlen(f->text);
	int i;

	xl.text[0] = '\0';
	if (f->shape != NT_LIST || n == 0 || n >= XL_TEXT || r->nexpansions == 0 ||
	    r->nexpansions > XL_MAX)
		return;
	for (i = 0; i < r->nexpansions; i++) {
		int e = cr_ext_find(r->expansions[i], strlen(r->expansions[i]));

		if (e < 0 || !(r->xstatic >> i & 1))	/* its module's own name */
			return;
		xl.ext[i] = (int8_t)e;
	}
	memcpy(xl.text, f->text, n + 1);
	xl.rules = nt_record_rules(r);
	xl.n = r->nexpansions;
}

static int
header_field(struct nt_record *r, const struct nt_field *f, struct cr_error *err)
{
	const char *s = f->text;
	int k = nt_game_takes(&nt_game_tile, f->key), rc;

	if (k >= K_SET)
		return set_field(r, k, f, err);
	if (k == K_EXPANSIONS) {
		if (expansions_again(r, f))
			return 0;
		if ((rc = nt_field_list(f, expansion_item, r, err)) == 0)
			expansions_keep(r, f);
		return rc;
	}
	/* The edition: one digit from 1 to the game's last and nothing else
	 * (no sign, no blank). */
	if (nt_field_scalar(f, err) < 0)
		return -1;
	if (s[0] < '1' || s[0] > '0' + cr_games[nt_record_rules(r)]->editions || s[1] != '\0')
		return nt_field_fail(f, err, _("\"edition\" must be a whole number from 1 to %d, "
		    "got \"%s\""), cr_games[nt_record_rules(r)]->editions, NT_QS(s));
	r->edition = s[0] - '0';
	return 0;
}

/* A field's text, blanks, line ends and whole comment lines at its end
 * left out (fmt puts those before the next key): its length. */
static size_t
trimmed(const char *t)
{
	size_t n = strlen(t), l;

	for (;;) {
		while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\n' || t[n - 1] == '\r' ||
		    t[n - 1] == '\t'))
			n--;
		for (l = n; l > 0 && t[l - 1] != '\n'; l--)	/* the last line's start */
			;
		while (l < n && t[l] == ' ')
			l++;
		if (l == 0 || l >= n || t[l] != '#')
			return n;
		n = l;
	}
}

/* A module's key k: a square with its rotation, a data file's name, or
 * the data (or its corrections) as written, with fmt's notes (n of
 * them) where they stood. */
static bool
write_set_key(const struct nt_emit *o, const struct nt_record *r, int k,
    const struct nt_note *notes, int n)
{
	const struct nt_field *f = nt_record_field(r, keys[k]);
	const struct cfg *c = r->cfg;
	const char *text = c != NULL && c->own[k] != NULL ? c->own[k] : f ? f->text : NULL;
	bool block = c != NULL && c->own[k] != NULL ? true : f && f->line > f->key_line;
	int col = c != NULL && c->own[k] != NULL ? 3 : f ? f->column : 1, last;
	size_t len;

	if (text == NULL)
		return false;
	nt__emitf(o, "%s:", keys[k]);
	if (reckey(k)->type == CR_RK_SQUARE) {
		int x, y, rot;

		if (!square_of(text, &x, &y, &rot))
			return nt__emit(o, " ", 1), nt__emit_quoted(o, text), true;
		if (rot < 0 && cr_exts[key_ext[k]]->square_rot != NULL)
			rot = cr_exts[key_ext[k]]->square_rot(key_idx[k], x, y);
		nt__emitf(o, rot >= 0 ? " \"%d,%d %d\"" : " \"%d,%d\"", x, y, rot * 90);
		block = false;
	} else if (f != NULL && f->shape == NT_SCALAR && (c == NULL || c->own[k] == NULL)) {
		nt__emit(o, " ", 1);
		nt__emit_scalar(o, text);
		block = false;
	} else {
		len = trimmed(text);
		for (int i = 0; i < n && f != NULL && notes[i].line < f->line; i++)	/* the key's line */
			nt__emitf(o, "  %.*s", (int)notes[i].len, notes[i].text);
		if (block) {
			nt__emit(o, "\n", 1);
			for (int i = 1; i < col; i++)
				nt__emit(o, " ", 1);
		} else
			nt__emit(o, " ", 1);
		nt__emit(o, text, len);
		last = (f ? f->line : 0);
		for (size_t i = 0; i < len; i++)
			last += text[i] == '\n';
		for (int i = 0; i < n && f != NULL && (c == NULL || c->own[k] == NULL); i++)
			if (notes[i].line > last)	/* else said, or inside the text */
				nt__emitf(o, "\n%*s%.*s", col - 1, "", (int)notes[i].len,
				    notes[i].text);
		return true;
	}
	for (int i = 0; i < n; i++)	/* a scalar's: after it */
		nt__emitf(o, "%s%.*s", i ? " " : "  ", (int)notes[i].len, notes[i].text);
	return true;
}

static bool write_key(const struct nt_emit *o, const struct nt_record *r, int k);

static bool
write_key_notes(const struct nt_emit *o, const struct nt_record *r, int k,
    const struct nt_note *notes, int n)
{
	if (k >= K_SET)
		return write_set_key(o, r, k, notes, n);
	if (!write_key(o, r, k))
		return false;
	for (int i = 0; i < n; i++)
		nt__emitf(o, "%s%.*s", i ? " " : "  ", (int)notes[i].len, notes[i].text);
	return true;
}

/*
 * The data of a file written inline under a key: its YAML again, comments
 * left out, block style for a top-level key's mapping and for lists down
 * to its entries', flow style below ({kind: city, at: ["0,3:N"]}), every
 * line indented by two
 * blanks but the first (the key's writer indents it).  A scalar plain when
 * it reads back the same, else quoted.
 */
static void
flow_scalar(const struct nt_emit *o, const yaml_node_t *n)
{
	const char *t = (const char *)n->data.scalar.value;
	size_t len = n->data.scalar.length;
	bool plain = len > 0 && t[0] != '-' && t[0] != '.' && strlen(t) == len;
	static const char *const words[] = { "null", "true", "false", "yes", "no", "on", "off",
	    "y", "n", "~" };

	for (size_t i = 0; i < len && plain; i++)
		plain = (t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z') ||
		    (t[i] >= '0' && t[i] <= '9') || t[i] == '-' || t[i] == '_' || t[i] == '.';
	for (size_t i = 0; plain && i < sizeof words / sizeof words[0]; i++)
		plain = !(strlen(words[i]) == len && strncasecmp(t, words[i], len) == 0);
	if (plain)
		nt__emit(o, t, len);
	else if (strlen(t) == len)
		nt__emit_quoted(o, t);
	else
		nt__emit(o, "\"\"", 2);	/* a NUL inside: not data */
}

static void
flow(const struct nt_emit *o, yaml_document_t *d, const yaml_node_t *n, int depth)
{
	if (n == NULL || depth > 64) {
		nt__emit(o, "~", 1);
		return;
	}
	if (n->type == YAML_SCALAR_NODE) {
		flow_scalar(o, n);
		return;
	}
	if (n->type == YAML_SEQUENCE_NODE) {
		nt__emit(o, "[", 1);
		for (yaml_node_item_t *i = n->data.sequence.items.start;
		    i < n->data.sequence.items.top; i++) {
			if (i > n->data.sequence.items.start)
				nt__emit(o, ", ", 2);
			flow(o, d, yaml_document_get_node(d, *i), depth + 1);
		}
		nt__emit(o, "]", 1);
		return;
	}
	nt__emit(o, "{", 1);
	for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < n->data.mapping.pairs.top; q++) {
		if (q > n->data.mapping.pairs.start)
			nt__emit(o, ", ", 2);
		flow(o, d, yaml_document_get_node(d, q->key), depth + 1);
		nt__emit(o, ": ", 2);
		flow(o, d, yaml_document_get_node(d, q->value), depth + 1);
	}
	nt__emit(o, "}", 1);
}

static void
block(const struct nt_emit *o, yaml_document_t *d, const yaml_node_t *n, int indent, bool first)
{
	if (n->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *i = n->data.sequence.items.start;
		    i < n->data.sequence.items.top; i++) {
			nt__emitf(o, "\n%*s- ", indent, "");
			flow(o, d, yaml_document_get_node(d, *i), 0);
		}
		return;
	}
	for (yaml_node_pair_t *q = n->data.mapping.pairs.start; q < n->data.mapping.pairs.top; q++) {
		const yaml_node_t *v = yaml_document_get_node(d, q->value);
		/* a top-level key's mapping, and lists down to its entries', in block */
		bool nested = v != NULL && (v->type == YAML_MAPPING_NODE ? indent == 0 &&
		    v->data.mapping.pairs.top > v->data.mapping.pairs.start :
		    v->type == YAML_SEQUENCE_NODE && indent <= 2 &&
		    v->data.sequence.items.top > v->data.sequence.items.start);

		if (!first || q > n->data.mapping.pairs.start)
			nt__emitf(o, "\n%*s", indent + 2, "");
		flow(o, d, yaml_document_get_node(d, q->key), 0);
		nt__emit(o, ":", 1);
		if (nested && v->type == YAML_MAPPING_NODE) {
			block(o, d, v, indent + 2, false);
			continue;
		}
		if (nested) {
			block(o, d, v, indent + 4, false);
			continue;
		}
		nt__emit(o, " ", 1);
		flow(o, d, v, 0);
	}
}

static char *
inline_data(const char *text)
{
	struct nt_sb b = { 0 };
	struct nt_emit o = { nt__sb_put, &b };
	yaml_parser_t p;
	yaml_document_t doc;
	yaml_node_t *root;

	if (!yaml_parser_initialize(&p))
		return NULL;
	yaml_parser_set_input_string(&p, (const unsigned char *)text, strlen(text));
	if (!yaml_parser_load(&p, &doc)) {
		yaml_parser_delete(&p);
		return NULL;
	}
	yaml_parser_delete(&p);
	if ((root = yaml_document_get_root_node(&doc)) != NULL && root->type == YAML_MAPPING_NODE)
		block(&o, &doc, root, 0, true);
	yaml_document_delete(&doc);
	if (b.nomem || b.s == NULL) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

/* r's header names all g is played with: a data file a key names
 * written inline, the data whole (spec: wheel-of-fortune.md 2.4). */
static int
header_own(struct nt_record *r, const void *g)
{
	struct cfg *c = r->cfg;
	int changed = 0;

	(void)g;
	for (int k = K_SET; c != NULL && k < NKEYS && keys[k] != NULL; k++) {
		const struct nt_field *f = nt_record_field(r, keys[k]);
		const char *t = c->file[k];
		char *own;

		if (f == NULL || f->shape != NT_SCALAR || t == NULL || c->own[k] != NULL ||
		    reckey(k)->type != CR_RK_DATA)
			continue;
		if ((own = inline_data(t)) == NULL)
			return -1;
		c->own[k] = own;
		changed = 1;
	}
	return changed;
}

static bool
write_key(const struct nt_emit *o, const struct nt_record *r, int k)
{
	if (k >= K_SET)
		return write_set_key(o, r, k, NULL, 0);
	if (k == K_EDITION) {
		nt__emitf(o, "edition: %d", r->edition);
		return true;
	}
	nt__emit(o, "expansions: [", 13);
	for (int i = 0; i < r->nexpansions; i++) {
		if (i)
			nt__emit(o, ", ", 2);
		nt__emit_scalar(o, r->expansions[i]);
	}
	nt__emit(o, "]", 1);
	return true;
}

static int
describe(const struct nt_record *r, char *buf, size_t size)
{
	return snprintf(buf, size, _("edition %d"), r->edition);
}

uint32_t
nt_record_exts(const struct nt_record *r)
{
	uint32_t exts = 0;

	if (r->xknown)	/* read by the row (header_end): its names looked up once */
		return r->xread;
	for (int i = 0; i < r->nexpansions; i++) {
		int e = cr_ext_find(r->expansions[i], strlen(r->expansions[i]));

		if (e >= 0)
			exts |= 1u << e;
	}
	return exts;
}

/* ---- the game --------------------------------------------------------------- */

int
nt_record_setup(const struct nt_record *r, struct cr_setup *s)
{
	nt_game_keys_ready();
	memset(s, 0, sizeof *s);
	for (int k = K_SET; k < NKEYS && keys[k] != NULL; k++) {
		const struct nt_field *f = nt_record_field(r, keys[k]);

		if (f != NULL && reckey(k)->type == CR_RK_SQUARE &&
		    square_of(f->text, &s->bx, &s->by, &s->brot)) {
			s->beside = 1;
			return k;
		}
	}
	return -1;
}

bool
nt_record_set_key(struct nt_record *r, int ext, int type, const char *text)
{
	nt_game_keys_ready();
	for (int k = K_SET; k < NKEYS && keys[k] != NULL; k++)
		if ((ext < 0 || key_ext[k] == ext) && reckey(k)->type == type &&
		    (ext >= 0 || (nt_record_exts(r) >> key_ext[k] & 1))) {
			int slot = nt_key_slot(keys[k], strlen(keys[k]));

			for (int i = 0; i < r->nfields; i++)	/* given again: the last */
				if (r->field[i].key == nt_key_name(slot)) {
					char *t = strdup(text);

					if (t == NULL || r->arena != NULL) {
						free(t);
						return false;
					}
					free(r->field[i].text);
					r->field[i].text = t;
					r->field[i].shape = NT_SCALAR;
					return true;
				}
			return slot >= 0 &&
			    nt__field_add(r, slot, NT_SCALAR, false, text, strlen(text), 0, 0, 0, 0);
		}
	return false;
}

/* ---- the world: the tile set a record is played on ---------------------- */

/* Does the YAML mapping in text have a top-level key "set"? */
static bool
names_set(const char *text, size_t len)
{
	yaml_parser_t p;
	yaml_document_t doc;
	yaml_node_t *root;
	bool found = false;

	if (!yaml_parser_initialize(&p))
		return false;
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	if (yaml_parser_load(&p, &doc)) {
		if ((root = yaml_document_get_root_node(&doc)) != NULL &&
		    root->type == YAML_MAPPING_NODE)
			for (yaml_node_pair_t *q = root->data.mapping.pairs.start;
			    q < root->data.mapping.pairs.top; q++) {
				yaml_node_t *k = yaml_document_get_node(&doc, q->key);

				if (k->type == YAML_SCALAR_NODE && k->data.scalar.length == 3 &&
				    memcmp(k->data.scalar.value, "set", 3) == 0)
					found = true;
			}
		yaml_document_delete(&doc);
	}
	yaml_parser_delete(&p);
	return found;
}

/* A field's value where the record has it: its lines and columns kept. */
static char *
in_place(const struct nt_field *f, size_t *len)
{
	size_t n = (size_t)(f->line > 1 ? f->line - 1 : 0) + (size_t)(f->column > 1 ?
	    f->column - 1 : 0), t = strlen(f->text);
	char *s = malloc(n + t + 1);

	if (s == NULL)
		return NULL;
	memset(s, '\n', (size_t)(f->line > 1 ? f->line - 1 : 0));
	memset(s + (f->line > 1 ? f->line - 1 : 0), ' ', (size_t)(f->column > 1 ? f->column - 1 :
	    0));
	memcpy(s + n, f->text, t + 1);
	*len = n + t;
	return s;
}

static int
world_fail(struct nt_replay_error *err, const struct nt_field *f, int line, int column,
    const char *kind, int status, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static int
world_fail(struct nt_replay_error *err, const struct nt_field *f, int line, int column,
    const char *kind, int status, const char *fmt, ...)
{
	va_list ap;

	err->move = 0;
	err->line = line > 0 ? line : f ? f->line : 1;
	err->column = line > 0 ? column : f ? f->column : 1;
	err->kind = kind;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return status;
}

/* Module e's tile set for record r: its shipped file, or the data a key
 * of r names (a file, the data inline, or corrections to the shipped
 * file).  0, or the status with err. */
static int
module_set(const struct nt_record *r, int e, const struct nt_tile_files *fs,
    struct cr_tileset *ts, struct nt_replay_error *err)
{
	const struct nt_field *f = NULL;
	const char *name = cr_exts[e]->tiles, *ship = NULL;
	struct cr_error ce;
	char msg[256], *text = NULL;
	size_t len = 0, slen = 0;
	int k, rc;

	for (k = K_SET; k < NKEYS && keys[k] != NULL; k++)
		if (key_ext[k] == e && reckey(k)->type == CR_RK_DATA &&
		    (nt_record_exts(r) >> e & 1) && (f = nt_record_field(r, keys[k])) != NULL)
			break;
	if (f == NULL || f->shape != NT_SCALAR)
		if ((ship = fs->shipped(fs->arg, e, &slen, msg, sizeof msg)) == NULL)
			return world_fail(err, NULL, 1, 1, "unreadable", 2, "%s", msg);
	if (f == NULL) {
		if (cr_tileset_parse_fix(ts, name, ship, slen, NULL, 0, &ce) < 0)
			return world_fail(err, NULL, 1, 1, "data-check", 1, "%s:%d:%d: %s", name,
			    ce.line, ce.column, ce.msg);
		return 0;
	}
	if (f->shape == NT_SCALAR) {	/* a file, beside the record */
		if ((text = fs->named(fs->arg, f->text, &len, msg, sizeof msg)) == NULL)
			return world_fail(err, f, 0, 0, "unreadable", 2, "%s: %s", keys[k], msg);
		rc = cr_tileset_parse_fix(ts, f->text, text, len, NULL, 0, &ce);
		if (rc < 0) {
			free(text);
			return world_fail(err, f, 0, 0, "data-check", 1, _("%s: %s:%d:%d: %s (the "
			    "data may be corrected there)"), keys[k], f->text, ce.line, ce.column,
			    ce.msg);
		}
		if (cfg_of(r) != NULL) {	/* its text, for header_own */
			free(((struct cfg *)r->cfg)->file[k]);
			((struct cfg *)r->cfg)->file[k] = text;
		} else
			free(text);
	} else if ((text = in_place(f, &len)) == NULL)
		return world_fail(err, f, 0, 0, "unreadable", 2, "%s", _("out of memory"));
	else if (names_set(text, len)) {	/* the data whole, inline */
		rc = cr_tileset_parse_fix(ts, NULL, text, len, NULL, 0, &ce);
		free(text);
		if (rc < 0)
			return world_fail(err, f, ce.line < 0 ? -ce.line : ce.line, ce.column,
			    "data-check", 1, "%s: %s", keys[k], ce.msg);
	} else {			/* corrections to the shipped data */
		rc = cr_tileset_parse_fix(ts, name, ship, slen, text, len, &ce);
		free(text);
		if (rc < 0 && ce.line <= 0)
			return world_fail(err, f, -ce.line, ce.column, "data-check", 1, "%s: %s",
			    keys[k], ce.msg);
		if (rc < 0)
			return world_fail(err, f, 0, 0, "data-check", 1, "%s: %s line %d: %s",
			    keys[k], name, ce.line, ce.msg);
	}
	if (strcmp(ts->name, cr_exts[e]->name) != 0) {
		world_fail(err, f, 0, 0, "data-check", 1, _("%s: the data of set %s, not %s (set: "
		    "%s)"), keys[k], ts->name, cr_exts[e]->name, cr_exts[e]->name);
		cr_tileset_free(ts);
		return 1;
	}
	return 0;
}

/* nt_tile_world's game that tries a record's set-up, kept; and the
 * set-ups it took on that world (the set, its derived number), the last
 * PROBE_KEPT: the same again takes it without trying.  A batch's records
 * of one mix say few squares (the River's spring beside the Wheel's
 * board: 9 in 120 self-played games), and a try is a whole set-up, which
 * the game replayed then does again. */
#define PROBE_KEPT	32
static struct {
	struct cr_game	*g;
	uint64_t	 gderived;	/* g's set's derived number when made */
	const struct cr_tileset *world;	/* took's */
	uint64_t	 derived;
	int		 ntook, next;	/* took's entries; the one to write next when full */
	struct took { struct cr_config c; int bx, by, brot; } took[PROBE_KEPT];
} probe;

/* Has the probe taken set-up s with c on world? */
static bool
probe_took(const struct cr_tileset *world, const struct cr_config *c, const struct cr_setup *s)
{
	if (probe.world != world || probe.derived != world->derived)
		return false;
	for (int i = 0; i < probe.ntook; i++) {
		const struct took *t = &probe.took[i];

		if (t->c.edition == c->edition && t->c.nplayers == c->nplayers &&
		    t->c.exts == c->exts && t->bx == s->bx && t->by == s->by && t->brot == s->brot)
			return true;
	}
	return false;
}

/* Set-up s with c taken on world: kept (the oldest given up when full). */
static void
probe_keep(const struct cr_tileset *world, const struct cr_config *c, const struct cr_setup *s)
{
	if (probe.world != world || probe.derived != world->derived)
		probe.world = world, probe.derived = world->derived, probe.ntook = probe.next = 0;
	probe.took[probe.next] = (struct took){ *c, s->bx, s->by, s->brot };
	probe.next = (probe.next + 1) % PROBE_KEPT;
	if (probe.ntook < PROBE_KEPT)
		probe.ntook++;
}

int
nt_tile_world(const struct nt_record *r, const struct cr_tileset *all,
    const struct nt_tile_files *fs, struct cr_tileset *own, const struct cr_tileset **world,
    struct nt_replay_error *err)
{
	uint32_t on = cr_rules_on(0), mods = cr_rules_modules(0);
	struct cr_config c = { r->edition, r->nplayers, nt_record_exts(r) };
	struct cr_refusal why;
	struct cr_setup s;
	struct cr_game *g;
	bool data = false;
	int n = 0, k;

	memset(err, 0, sizeof *err);
	nt_game_keys_ready();
	*world = all;
	for (k = K_SET; k < NKEYS && keys[k] != NULL; k++)
		data |= reckey(k)->type == CR_RK_DATA && (c.exts >> key_ext[k] & 1) &&
		    nt_record_field(r, keys[k]) != NULL;
	for (int pass = 0; data && pass < 2; pass++)	/* as the shipped set: those on first */
		for (int e = 0; e < cr_nexts; e++) {
			struct cr_tileset more;
			struct cr_error ce;
			int rc;

			if (cr_exts[e]->tiles == NULL || !((pass ? mods & ~on : on) >> e & 1))
				continue;
			if ((rc = module_set(r, e, fs, n == 0 ? own : &more, err)) != 0) {
				if (n > 0)
					cr_tileset_free(own);
				return rc;
			}
			if (n++ == 0) {
				free(own->source);	/* a merged set's: none */
				own->source = NULL;
				continue;
			}
			rc = cr_tileset_merge(own, &more, &ce);
			cr_tileset_free(&more);
			if (rc < 0) {
				cr_tileset_free(own);
				return world_fail(err, NULL, ce.line > 0 ? ce.line : 1,
				    ce.line > 0 ? ce.column : 1, "data-check", 1, "%s", ce.msg);
			}
		}
	if (data)
		*world = own;
	/* The set-up a key says (the spring beside the board), on that world. */
	if ((k = nt_record_setup(r, &s)) < 0)
		return 0;
	s.why = &why;
	/* The game made to try the set-up is kept for the next record of
	 * that world (the same set, its derived number: never another's),
	 * set up again rather than made anew; refused, it is made anew,
	 * for the refusal's words. */
	if (probe_took(*world, &c, &s))
		return 0;
	if (probe.g != NULL && cr_game_tileset(probe.g) == *world &&
	    (*world)->derived == probe.gderived &&
	    cr_game_restart_setup(probe.g, &c, &s))
		goto taken;
	cr_game_free(probe.g);
	probe.g = NULL;
	if ((g = cr_game_create_setup(*world, &c, &s)) != NULL) {
		probe.g = g;
		probe.gderived = (*world)->derived;
		goto taken;
	}
	{
		const struct nt_field *f = nt_record_field(r, keys[k]);
		struct cr_square sq[64];
		char said[256], where[512];
		int m = cr_game_beside_options(*world, &c, sq, 64);
		size_t o = 0;

		where[0] = '\0';
		for (int i = 0; i < m && i < 64 && o < sizeof where; i++)
			o += (size_t)snprintf(where + o, sizeof where - o, "%s%d,%d", i ? " " : "",
			    sq[i].x, sq[i].y);
		if (why.code == CR_OK || why.code == CR_R_BAD_MOVE)
			snprintf(said, sizeof said, "%s", _("the game cannot be set up so"));
		else
			nt_refusal(*world, &why, NULL, said, sizeof said);
		if (*world == own)
			cr_tileset_free(own);
		*world = all;
		return world_fail(err, f, 0, 0, "header", 1, _("%s: \"%s\": %s (it may lie on: %s)"),
		    keys[k], f->text, said, m > 0 ? where : "-");
	}
taken:
	probe_keep(*world, &c, &s);
	return 0;
}

static void *
create(const void *world, const struct nt_record *r, struct nt_replay_error *err)
{
	const struct cr_tileset *ts = world;
	struct cr_config c = { r->edition, r->nplayers, nt_record_exts(r) };
	struct cr_setup s;
	struct cr_game *g;

	nt_record_setup(r, &s);
	g = cr_game_create_setup(ts, &c, &s);

	if (g == NULL) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "%s", ts->start < 0
		    ? _("cannot start the game: the tile set has no start tile")
		    : _("cannot start the game: out of memory, or the tiles of an expansion "
		    "were not read"));
	}
	return g;
}

static bool
restart(void *g, const void *world, const struct nt_record *r, struct nt_replay_error *err)
{
	struct cr_config c = { r->edition, r->nplayers, nt_record_exts(r) };
	struct cr_setup s;

	(void)world;	/* the one g was made on (cmd/: a game per world) */
	nt_record_setup(r, &s);
	if (cr_game_restart_setup(g, &c, &s))
		return true;
	snprintf(err->msg, sizeof err->msg, "%s", _("cannot start the game: out of memory, "
	    "or the tiles of an expansion were not read"));
	return false;
}

static void
game_free(void *g)
{
	cr_game_free(g);
}

static void
set_undo(void *g, bool on)
{
	cr_game_set_undo(g, on);
}

static void
undo(void *g, int n)
{
	cr_game_undo(g, n);
}

static int
nplayers(const void *g)
{
	return cr_game_nplayers(g);
}

static int
nmoves(const void *g)
{
	return cr_game_nmoves(g);
}

static int
move_player(const void *g, int i)
{
	return cr_game_move_player(g, i);
}

static int
format_move(const void *g, int i, char *buf, size_t size)
{
	return nt_format_move(cr_game_tileset(g), cr_game_move(g, i), NULL, buf, size);
}

static int
turn(const void *g)
{
	return cr_game_turn(g);
}

static bool
over(const void *g)
{
	return cr_game_over(g);
}

static int
score(const void *g, int p)
{
	return cr_game_player(g, p)->score;
}

static int
nevents(const void *g)
{
	int n;

	cr_game_events(g, &n);
	return n;
}

static void
event(const void *g, int i, struct nt_event *v)
{
	int n;
	const struct cr_event *ev = &cr_game_events(g, &n)[i];

	v->move = ev->move;
	v->final = CR_EV_AT_END(ev->reason);
	v->player = cr_game_move_player(g, ev->move - 1);
	v->label = nt_event_label(ev);
	v->name = nt_event_name(ev);
	v->paid = ev->winners;
	for (int p = 0; p < cr_game_nplayers(g) && p < NT_MAXPLAYERS; p++)
		v->points[p] = ev->pay[p];
}

static int
event_explain(const void *g, int i, const char *const *names, char *buf, size_t size)
{
	int n;

	return nt_event_explain(&cr_game_events(g, &n)[i], names, cr_game_nplayers(g), buf, size);
}

static int
event_why(const void *g, int i, const char *const *names, char *buf, size_t size)
{
	int n;

	return nt_event_why_paid(&cr_game_events(g, &n)[i], names, cr_game_nplayers(g), buf,
	    size);
}

/* ---- fmt -------------------------------------------------------------------- */

static int
canon(const void *world, const struct nt_record *r, const char *line, size_t len,
    struct nt_canon *c, char *buf, size_t size, struct nt_line_error *err)
{
	struct nt_turn t;
	struct nt_error e;

	(void)r;
	if (nt_parse_move(world, line, len, &t, &e) < 0) {
		err->column = e.column;
		err->kind = NULL;
		memcpy(err->msg, e.msg, sizeof e.msg);
		return -1;
	}
	c->blank = t.blank;
	c->end = !t.blank && t.move.kind == CR_MOVE_END;
	c->player = t.player;
	c->player_len = t.player_len;
	if (t.blank) {
		if (size > 0)
			buf[0] = '\0';
		return 0;
	}
	return nt_format_move_as(world, &t.move, t.art, NULL, buf, size);
}

/* fmt on a game: only where a module in play makes its moves whole
 * (rules/ext.h: cr_ext.spell). */
static void *
canon_game(const void *world, const struct nt_record *r)
{
	struct nt_replay_error err;
	void *g = create(world, r, &err);

	if (g == NULL)
		return NULL;
	for (int e = 0; e < cr_nexts; e++)
		if ((cr_game_exts(g) >> e & 1) && cr_exts[e]->spell != NULL) {
			cr_game_set_undo(g, false);
			return g;
		}
	game_free(g);
	return NULL;
}

static int
canon_played(const void *g, const void *world, const char *line, size_t len, char *buf,
    size_t size)
{
	struct nt_turn t;
	struct nt_error e;
	int n = cr_game_nmoves(g);

	if (n == 0 || nt_parse_move(world, line, len, &t, &e) < 0 || t.blank)
		return -1;
	return nt_format_move_as(world, cr_game_move(g, n - 1), t.art, NULL, buf, size);
}

const struct nt_game nt_game_tile = {
	.name = "carcassonne",
	.title = N_("Carcassonne"),
	.the = N_("the tile game"),
	.keys = keys,
	.nkeys = (int)(sizeof keys / sizeof keys[0]),
	.minplayers = 2,		/* the Big Box: 2 to 8 at the table */
	.maxplayers = CR_MAXPLAYERS,
	.maxrecord = CR_MAXPLAYERS,
	.header_start = header_start,
	.header_field = header_field,
	.write_key = write_key,
	.describe = describe,
	.create = create,
	.restart = restart,
	.free = game_free,
	.set_undo = set_undo,
	.play = nt__tile_play,
	.undo = undo,
	.nplayers = nplayers,
	.nmoves = nmoves,
	.move_player = move_player,
	.format_move = format_move,
	.canon_game = canon_game,
	.canon_played = canon_played,
	.turn = turn,
	.over = over,
	.score = score,
	.nevents = nevents,
	.event = event,
	.event_explain = event_explain,
	.event_why = event_why,
	.canon = canon,
	.event_parts = nt__tile_event_parts,
	.header_free = header_free,
	.header_own = header_own,
	.write_key_notes = write_key_notes,
	.keys_init = keys_init,
	.header_end = header_end,
};

/* ---- its records, on the engine's types -------------------------------------- */

/* A move's canonical text, any length, its tile's code as art says
 * (nt_tile_art), with player's prefix if not NULL. */
static void
emit_move(const struct nt_emit *o, const struct cr_tileset *ts, const struct cr_move *m,
    int art, const char *player)
{
	char buf[128], *big = NULL;
	int n = nt_format_move_as(ts, m, art, NULL, buf, sizeof buf);

	if (n < 0)
		return;
	if ((size_t)n >= sizeof buf) {
		if ((big = malloc((size_t)n + 1)) == NULL) {
			o->put(o->arg, NULL, 0);
			return;
		}
		nt_format_move_as(ts, m, art, NULL, big, (size_t)n + 1);
	}
	nt__emit_line(o, big ? big : buf, (size_t)n, player);
	free(big);
}

/* Comment lines, each indented. */
static void
emit_comments(const struct nt_emit *o, const char *text, const char *indent)
{
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		size_t n = nl ? (size_t)(nl - text) : strlen(text);

		nt__emitf(o, "%s%.*s\n", indent, (int)n, text);
		text += n + (nl != NULL);
	}
}

char *
nt_record_write(const struct nt_record *r, const struct cr_tileset *ts,
    const char *head, const struct nt_outmove *moves, int nmoves, const char *tail)
{
	struct nt_sb b = { 0 };
	struct nt_emit o = { nt__sb_put, &b };

	emit_comments(&o, head, "");
	nt__emit_header(&o, r);
	nt__emitf(&o, "moves:%s\n", nmoves ? "" : " []");
	for (int i = 0; i < nmoves; i++) {
		emit_comments(&o, moves[i].before, "  ");
		nt__emit(&o, "  - ", 4);
		emit_move(&o, ts, moves[i].move, 0, moves[i].player);
		if (moves[i].after)
			nt__emitf(&o, "  %s", moves[i].after);
		nt__emit(&o, "\n", 1);
	}
	emit_comments(&o, tail, "");
	if (b.nomem || b.s == NULL) {
		free(b.s);
		return NULL;
	}
	return b.s;
}

char *
nt_record_format(const struct nt_record *r, const struct cr_game *g)
{
	struct nt_record hdr = *r;

	hdr.row = &nt_game_tile;
	hdr.edition = cr_game_edition(g);
	return nt_record_text(&hdr, g);
}

/* The tile set for records of the tile game, none for another's. */
static const void *
tile_world(void *arg, const struct nt_game *g, const struct nt_record *hdr)
{
	(void)hdr;
	return g == &nt_game_tile ? arg : NULL;
}

int
nt_record_fmt(const char *text, size_t len, const struct cr_tileset *ts,
    void (*put)(void *, const char *, size_t), void (*reset)(void *), void *arg,
    struct nt_fmt_error *err)
{
	const struct nt_worlds w = { tile_world, (void *)ts };

	return nt_record_fmt_with(text, len, &w, put, reset, arg, err);
}
