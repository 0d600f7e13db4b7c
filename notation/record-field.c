/*
 * record-field.c -- the header keys the envelope does not read, kept raw
 * for the game's row (struct nt_field, game.h), and the ways a row reads
 * them: a single value, or a list of single values, with the envelope's
 * words when the value has another shape and every error at the line and
 * column of the value at fault.
 *
 * A list is read straight from its text when it is a flow list of plain
 * words on one line ("[river, inns-cathedrals]", what carcref writes);
 * any other list is read again by libyaml from its source, put back at
 * its line and column so that every place is the record's own.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "i18n.h"
#include "record-int.h"

bool
nt__field_keep(struct nt_record *r, int slot, enum nt_shape shape, bool null, char *text,
    int line, int column, int key_line, int key_column)
{
	if (r->nfields >= NT_MAXFIELDS)
		return false;
	r->field[r->nfields++] = (struct nt_field){ nt_key_name(slot), text, shape, null, line,
	    column, key_line, key_column };
	return true;
}

bool
nt__field_add(struct nt_record *r, int slot, enum nt_shape shape, bool null, const char *text,
    size_t len, int line, int column, int key_line, int key_column)
{
	char *t;

	if (r->nfields >= NT_MAXFIELDS || (t = malloc(len + 1)) == NULL)
		return false;
	memcpy(t, text, len);
	t[len] = '\0';
	return nt__field_keep(r, slot, shape, null, t, line, column, key_line, key_column);
}

const struct nt_field *
nt__field_at(const struct nt_record *r, int slot)
{
	const char *key = nt_key_name(slot);

	for (int i = 0; i < r->nfields; i++)
		if (r->field[i].key == key)
			return &r->field[i];
	return NULL;
}

const struct nt_field *
nt_record_field(const struct nt_record *r, const char *key)
{
	/* A field's key is its slot's word (nt_key_name): most callers ask
	 * with that word, found by its address; another by its text. */
	for (int i = 0; i < r->nfields; i++)
		if (r->field[i].key == key ||
		    (r->field[i].key[0] == key[0] && strcmp(r->field[i].key, key) == 0))
			return &r->field[i];
	return NULL;
}

int
nt__record_header(struct nt_record *r, struct cr_error *err)
{
	const struct nt_game *gm = nt_record_game(r);
	char keys[256];

	nt__header_reset(r);
	r->row = gm;
	gm->header_start(r);
	for (int i = 0; i < r->nfields; i++) {
		const struct nt_field *f = &r->field[i];

		if (nt_game_takes(gm, f->key) < 0) {
			const struct nt_game *other = NULL;
			int n = 0;

			for (int k = 0; k < nt_ngames; k++)	/* another game's key? */
				if (nt_games[k] != gm && nt_games[k]->keys_own &&
				    nt_game_takes(nt_games[k], f->key) >= 0)
					other = nt_games[k], n++;
			err->line = f->key_line, err->column = f->key_column;
			if (n == 1) {
				err->kind = "header";
				snprintf(err->msg, sizeof err->msg, _("\"%s\" is a key of %s records "
				    "only"), NT_QS(f->key), other->name);
				return -1;
			}
			nt_game_keylist(gm, keys, sizeof keys);
			snprintf(err->msg, sizeof err->msg, _("unknown key \"%s\" (expected %s or "
			    "moves)"), NT_QS(f->key), keys);
			return -1;
		}
		if (gm->header_field(r, f, err) < 0)
			return -1;
	}
	if (nt__record_players(r, err) < 0)
		return -1;
	return nt__record_header_end(r, err);
}

int
nt__record_header_end(const struct nt_record *r, struct cr_error *err)
{
	const struct nt_game *gm = nt_record_game(r);

	return gm->header_end != NULL ? gm->header_end(r, err) : 0;
}

int
nt__record_players(const struct nt_record *r, struct cr_error *err)
{
	const struct nt_game *gm = nt_record_game(r);

	if (r->nplayers <= gm->maxrecord)
		return 0;
	err->line = err->column = 0;
	snprintf(err->msg, sizeof err->msg, _("too many players: at most %d in %s"), gm->maxrecord,
	    _(gm->the));
	return -1;
}

static int
vfail(struct cr_error *err, int line, int column, const char *fmt, va_list ap)
{
	err->line = line, err->column = column;
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	return -1;
}

static int
fail(struct cr_error *err, int line, int column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int
fail(struct cr_error *err, int line, int column, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(err, line, column, fmt, ap);
	va_end(ap);
	return -1;
}

int
nt_field_fail(const struct nt_field *f, struct cr_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(err, f->line, f->column, fmt, ap);
	va_end(ap);
	return -1;
}

/* What a value is, as the envelope's messages say it. */
static const char *
shape_what(enum nt_shape s)
{
	return s == NT_LIST ? _("a list") : s == NT_MAP ? _("a mapping") : _("a single value");
}

int
nt_field_scalar(const struct nt_field *f, struct cr_error *err)
{
	if (f->shape == NT_SCALAR)
		return 0;
	return nt_field_fail(f, err, _("\"%s\" must be a single value, not %s"), f->key,
	    shape_what(f->shape));
}

typedef int (*item_fn)(void *arg, const char *value, size_t len, int line, int column,
    struct cr_error *err);

/* The bytes of a plain word of a flow list: a letter first, then
 * letters, digits, - and _ (one lookup a byte). */
enum { W_FIRST = 1, W_IN = 2 };
static const unsigned char word_byte[256] = {
	['-'] = W_IN, ['_'] = W_IN,
	['0'] = W_IN, ['1'] = W_IN, ['2'] = W_IN, ['3'] = W_IN, ['4'] = W_IN, ['5'] = W_IN,
	['6'] = W_IN, ['7'] = W_IN, ['8'] = W_IN, ['9'] = W_IN,
#define L(c)	[c] = W_FIRST | W_IN, [c - 'a' + 'A'] = W_FIRST | W_IN
	L('a'), L('b'), L('c'), L('d'), L('e'), L('f'), L('g'), L('h'), L('i'), L('j'), L('k'),
	L('l'), L('m'), L('n'), L('o'), L('p'), L('q'), L('r'), L('s'), L('t'), L('u'), L('v'),
	L('w'), L('x'), L('y'), L('z'),
#undef L
};

/* "[a, b]" of plain words on one line: each to item.  1 done (or
 * item's return), 0 not that shape: nothing was given to item. */
static int
flow_words(const struct nt_field *f, item_fn item, void *arg, struct cr_error *err, int *rc)
{
	/* The words' places, found as the shape is checked (the first
	 * sixteen: a longer list is walked again for the rest). */
	enum { KEEP = 16 };
	const char *s = f->text, *p = s + 1, *at[KEEP];
	size_t len[KEEP];
	int n = 0;

	if (*s != '[')
		return 0;
	/* A first pass: the shape alone. */
	for (;;) {
		const char *a;

		while (*p == ' ')
			p++;
		if (*p == ']' && n == 0)
			break;
		if (!(word_byte[(unsigned char)*p] & W_FIRST))	/* a word starts with a letter */
			return 0;
		for (a = p++; word_byte[(unsigned char)*p] & W_IN; p++)
			;
		if (n < KEEP)
			at[n] = a, len[n] = (size_t)(p - a);
		n++;
		while (*p == ' ')
			p++;
		if (*p == ']')
			break;
		if (*p++ != ',')
			return 0;
	}
	if (p[1] != '\0')	/* a line end, or anything, after the list */
		return 0;
	*rc = 0;
	for (int i = 0; i < n && i < KEEP && *rc == 0; i++)	/* the word where it stands */
		*rc = item(arg, at[i], len[i], f->line, f->column + (int)(at[i] - s), err);
	for (p = n > KEEP ? at[KEEP - 1] + len[KEEP - 1] : s; n > KEEP && *rc == 0; n--) {
		const char *a;

		while (*p == ' ' || *p == ',')
			p++;
		for (a = p; *p != ',' && *p != ']' && *p != ' '; p++)
			;
		*rc = item(arg, a, (size_t)(p - a), f->line, f->column + (int)(a - s), err);
	}
	return 1;
}

/* libyaml's next event of p into *ev; false with err on a syntax error. */
static bool
event(yaml_parser_t *p, yaml_event_t *ev, struct cr_error *err)
{
	if (yaml_parser_parse(p, ev))
		return true;
	fail(err, (int)p->problem_mark.line + 1, (int)p->problem_mark.column + 1,
	    _("not valid YAML: %s%s%s"), p->problem ? p->problem : "syntax error",
	    p->context ? " " : "", p->context ? p->context : "");
	return false;
}

/* The list's source read again by libyaml, at its own place: the lines
 * before it blank, its first line's start blanks to its column. */
static int
yaml_words(const struct nt_field *f, item_fn item, void *arg, struct cr_error *err)
{
	size_t pad = (size_t)(f->line - 1) + (size_t)(f->column - 1), len = strlen(f->text);
	char *text = malloc(pad + len + 1);
	yaml_parser_t p;
	yaml_event_t ev;
	int rc = -1, depth = 0;

	if (text == NULL || !yaml_parser_initialize(&p)) {
		free(text);
		return fail(err, f->line, f->column, "%s", _("out of memory"));
	}
	memset(text, '\n', (size_t)(f->line - 1));
	memset(text + f->line - 1, ' ', (size_t)(f->column - 1));
	memcpy(text + pad, f->text, len + 1);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, pad + len);
	for (;;) {
		if (!event(&p, &ev, err))
			break;
		if (ev.type == YAML_STREAM_END_EVENT) {
			rc = 0;
			yaml_event_delete(&ev);
			break;
		}
		if (ev.type == YAML_SEQUENCE_START_EVENT || ev.type == YAML_MAPPING_START_EVENT) {
			if (depth++ == 1) {
				fail(err, (int)ev.start_mark.line + 1, (int)ev.start_mark.column + 1,
				    _("each entry of \"%s\" must be a single value, not %s"), f->key,
				    nt__event_what(&ev));
				yaml_event_delete(&ev);
				break;
			}
		} else if (ev.type == YAML_SEQUENCE_END_EVENT || ev.type == YAML_MAPPING_END_EVENT)
			depth--;
		else if (ev.type == YAML_SCALAR_EVENT &&
		    (rc = item(arg, (const char *)ev.data.scalar.value, ev.data.scalar.length,
		    (int)ev.start_mark.line + 1, (int)ev.start_mark.column + 1, err)) != 0) {
			yaml_event_delete(&ev);
			break;
		}
		rc = -1;
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	free(text);
	return rc;
}

int
nt_field_list(const struct nt_field *f, item_fn item, void *arg, struct cr_error *err)
{
	int rc = 0;

	if (f->shape == NT_SCALAR && f->null)
		return 0;	/* "expansions:" with nothing: an empty list */
	if (f->shape != NT_LIST)
		return nt_field_fail(f, err, _("\"%s\" must be a list, not %s"), f->key,
		    shape_what(f->shape));
	if (flow_words(f, item, arg, err, &rc))
		return rc;
	return yaml_words(f, item, arg, err);
}
