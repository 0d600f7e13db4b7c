/*
 * record.c -- game records in YAML, read with libyaml's event parser.
 *
 * The event API is used rather than the document loader so that nothing
 * is built that the record does not need: memory stays in proportion to
 * the file, aliases are refused outright (no "billion laughs"), and every
 * error can name the line and column of the offending node.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "i18n.h"
#include "record-int.h"
#include "../rules/ext.h"

struct rd {
	yaml_parser_t	p;
	yaml_event_t	ev;
	bool		have;		/* ev holds an event to delete */
	struct cr_error	*err;
	struct nt_record *r;
	int		capmoves;
	const char	*text;		/* the input, for reader errors' positions */
	size_t		len;
	const struct nt_listen *l;	/* or NULL: moves are kept in r */
	/* libyaml's marks count characters; the listener wants bytes.  Marks
	 * only move forward, so one cursor converts them all in one pass. */
	size_t		byte, index;
};

/* Expansions named by the notation whose rules are not written yet: a
 * record that names one is refused rather than refereed by wrong rules. */
static const char *later_expansions[] = {
	"wheel-of-fortune",
};
/* The same for the games of the family the notation names (game:). */
static const char *later_games[] = {
	"hunters-gatherers", "dice",
};

/* Is word w one of the n names of list? */
static bool
named_in(const char *w, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(w, list[i]) == 0)
			return true;
	return false;
}

static int fail_at(struct rd *rd, const yaml_mark_t *m, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* An error at mark m, in the reader's language. */
static int
fail_at(struct rd *rd, const yaml_mark_t *m, const char *fmt, ...)
{
	va_list ap;

	rd->err->line = (int)m->line + 1;
	rd->err->column = (int)m->column + 1;
	va_start(ap, fmt);
	vsnprintf(rd->err->msg, sizeof rd->err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * What a record never needs, refused so that every scalar is one token
 * whose bytes hold no comment (a tag or an anchor may stand apart from
 * its value, a comment between them; a block scalar has one on its
 * first line), and no value is cut short at a NUL.
 */
static int
refuse_extras(struct rd *rd)
{
	const yaml_event_t *ev = &rd->ev;
	const yaml_char_t *anchor = NULL, *tag = NULL;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return fail_at(rd, &ev->start_mark, _("YAML aliases are not allowed in a record"));
	case YAML_SCALAR_EVENT:
		anchor = ev->data.scalar.anchor, tag = ev->data.scalar.tag;
		if (ev->data.scalar.style == YAML_LITERAL_SCALAR_STYLE ||
		    ev->data.scalar.style == YAML_FOLDED_SCALAR_STYLE)
			return fail_at(rd, &ev->start_mark, _("block scalars (| or >) are not used "
			    "in a record: write the value on its line"));
		if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length) != NULL)
			return fail_at(rd, &ev->start_mark, _("a NUL character (\\0) is not "
			    "allowed in a record"));
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = ev->data.sequence_start.anchor, tag = ev->data.sequence_start.tag;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = ev->data.mapping_start.anchor, tag = ev->data.mapping_start.tag;
		break;
	default:
		break;
	}
	if (anchor != NULL)
		return fail_at(rd, &ev->start_mark, _("YAML anchors (&%s) are not used in "
		    "a record"), NT_QS((const char *)anchor));
	if (tag != NULL)
		return fail_at(rd, &ev->start_mark, _("YAML tags (%s) are not used in a "
		    "record"), NT_QS((const char *)tag));
	return 0;
}

/* The byte offset of a mark (marks come in text order). */
static size_t
byte_of(struct rd *rd, const yaml_mark_t *m)
{
	while (rd->index < m->index && rd->byte < rd->len) {
		unsigned char c = (unsigned char)rd->text[rd->byte];

		rd->byte += c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
		rd->index++;
	}
	return rd->byte < rd->len ? rd->byte : rd->len;
}

/* Tell the listener about the scalar in rd->ev. */
static int
heard(struct rd *rd, int kind, int index)
{
	struct nt_item it = { kind, index };
	size_t a, b;

	if (rd->l == NULL || rd->l->scalar == NULL)
		return 0;
	a = byte_of(rd, &rd->ev.start_mark);
	b = byte_of(rd, &rd->ev.end_mark);
	if (rd->l->scalar(rd->l->arg, &it, a, b) != 0) {
		rd->err->msg[0] = '\0';
		return -1;
	}
	return 0;
}

/* Next event; a libyaml syntax error becomes ours, with its position. */
static int
next(struct rd *rd)
{
	if (rd->have)
		yaml_event_delete(&rd->ev);
	rd->have = false;
	if (!yaml_parser_parse(&rd->p, &rd->ev)) {
		const yaml_mark_t *m = rd->p.problem_mark.line || rd->p.problem_mark.column
		    ? &rd->p.problem_mark : &rd->p.context_mark;
		yaml_mark_t at = { 0 };

		if (rd->p.error == YAML_READER_ERROR) {
			/* Bad bytes: libyaml gives only their offset.  Count
			 * lines and characters (not UTF-8 continuation bytes). */
			for (size_t i = 0; i < rd->p.problem_offset; i++)
				if (rd->text[i] == '\n')
					at.line++, at.column = 0;
				else if (((unsigned char)rd->text[i] & 0xc0) != 0x80)
					at.column++;
			m = &at;
		}

		return fail_at(rd, m, _("not valid YAML: %s%s%s"),
		    rd->p.problem ? rd->p.problem : "syntax error",
		    rd->p.context ? " " : "", rd->p.context ? rd->p.context : "");
	}
	rd->have = true;
	return refuse_extras(rd);
}

static const char *
scalar(struct rd *rd)
{
	return (const char *)rd->ev.data.scalar.value;
}

static bool
is_null(struct rd *rd)
{
	const char *s = scalar(rd);

	return rd->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    (s[0] == '\0' || strcmp(s, "~") == 0 || strcasecmp(s, "null") == 0);
}

static const char *
event_what(const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_SCALAR_EVENT:		return _("a single value");
	case YAML_SEQUENCE_START_EVENT:	return _("a list");
	case YAML_MAPPING_START_EVENT:	return _("a mapping");
	default:			return _("nothing");
	}
}

static int
want_scalar(struct rd *rd, const char *key)
{
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_SCALAR_EVENT)
		return fail_at(rd, &rd->ev.start_mark, _("\"%s\" must be a single value, not %s"),
		    key, event_what(&rd->ev));
	return 0;
}

static char *
dup_scalar(struct rd *rd)
{
	return strdup(scalar(rd));
}

/* A list of scalars or of one-key mappings; calls item() for each, with
 * rd->ev on the scalar or on the mapping's start (mapkey "" then). */
typedef int (*item_fn)(struct rd *, const char *mapkey, const yaml_mark_t *at);

static int
list(struct rd *rd, const char *key, bool allow_maps, item_fn item)
{
	yaml_mark_t at;

	if (next(rd) < 0)
		return -1;
	if (rd->ev.type == YAML_SCALAR_EVENT && is_null(rd))
		return 0;	/* "moves:" with nothing: an empty list */
	if (rd->ev.type != YAML_SEQUENCE_START_EVENT)
		return fail_at(rd, &rd->ev.start_mark, _("\"%s\" must be a list, not %s"),
		    key, event_what(&rd->ev));
	for (;;) {
		if (next(rd) < 0)
			return -1;
		if (rd->ev.type == YAML_SEQUENCE_END_EVENT)
			return 0;
		if (rd->ev.type == YAML_SCALAR_EVENT) {
			if (item(rd, NULL, &rd->ev.start_mark) < 0)
				return -1;
			continue;
		}
		if (rd->ev.type != YAML_MAPPING_START_EVENT || !allow_maps)
			return fail_at(rd, &rd->ev.start_mark, _("each entry of \"%s\" must be a single value, not %s"),
			    key, event_what(&rd->ev));
		/* A copy: item() reads on, and rd->ev with it. */
		at = rd->ev.start_mark;
		if (item(rd, "", &at) < 0)
			return -1;
	}
}

/* An expansion: a rules module of rules/ext.h, named once. */
static int
expansion_item(struct rd *rd, const char *mapkey, const yaml_mark_t *at)
{
	struct nt_record *r = rd->r;
	const char *name = scalar(rd);
	char known[256];
	size_t o = 0;
	int e;
	char **v;

	(void)mapkey;
	if (heard(rd, NT_IT_KEY, NT_K_EXPANSIONS) < 0)
		return -1;
	e = cr_ext_find(name, rd->ev.data.scalar.length);
	if (e < 0 || cr_exts[e]->always) {
		if (named_in(name, later_expansions, sizeof later_expansions /
		    sizeof later_expansions[0]))
			return fail_at(rd, at, _("expansion \"%s\" is not supported yet by this "
			    "carcref"), name);
		known[0] = '\0';
		for (int k = 0; k < cr_nexts && o < sizeof known; k++)
			if (!cr_exts[k]->always)
				o += (size_t)snprintf(known + o, sizeof known - o, "%s%s",
				    o ? ", " : "", cr_exts[k]->name);
		return fail_at(rd, at, _("unknown expansion \"%s\" (known: %s)"), NT_QS(name), known);
	}
	for (int i = 0; i < r->nexpansions; i++)
		if (strcmp(r->expansions[i], name) == 0)
			return fail_at(rd, at, _("expansion \"%s\" is given twice"), name);
	if ((v = realloc(r->expansions, (size_t)(r->nexpansions + 1) * sizeof *v)) == NULL)
		return fail_at(rd, at, _("out of memory"));
	r->expansions = v;
	if ((v[r->nexpansions] = strdup(name)) == NULL)
		return fail_at(rd, at, _("out of memory"));
	r->nexpansions++;
	return 0;
}

uint32_t
nt_record_exts(const struct nt_record *r)
{
	uint32_t exts = 0;

	for (int i = 0; i < r->nexpansions; i++) {
		int e = cr_ext_find(r->expansions[i], strlen(r->expansions[i]));

		if (e >= 0)
			exts |= 1u << e;
	}
	return exts;
}

static int
add_player(struct rd *rd, char *name, char *color, const yaml_mark_t *at)
{
	struct nt_record *r = rd->r;
	struct nt_player *v;

	const char *fault = name ? nt_name_fault(name, strlen(name)) : NULL;

	if (name == NULL || fault != NULL) {
		free(name), free(color);
		return fail_at(rd, at, "%s", name ? _(fault) : _("out of memory"));
	}
	if (nt_record_player(r, name, strlen(name)) >= 0) {
		fail_at(rd, at, _("two players are named \"%s\""), NT_QS(name));
		free(name), free(color);
		return -1;
	}
	if (r->nplayers >= CR_MAXPLAYERS) {
		free(name), free(color);
		return fail_at(rd, at, _("too many players: at most %d"), CR_MAXPLAYERS);
	}
	if ((v = realloc(r->players, (size_t)(r->nplayers + 1) * sizeof *v)) == NULL) {
		free(name), free(color);
		return fail_at(rd, at, _("out of memory"));
	}
	r->players = v;
	v[r->nplayers++] = (struct nt_player){ name, color };
	return 0;
}

static int
player_item(struct rd *rd, const char *mapkey, const yaml_mark_t *at)
{
	int me = rd->r->nplayers;
	char *name = NULL, *color = NULL;

	if (mapkey == NULL)
		return heard(rd, NT_IT_PLAYER, me) < 0 ? -1 :
		    add_player(rd, dup_scalar(rd), NULL, at);
	for (;;) {	/* {name: Anna, color: red} */
		char **slot;

		if (next(rd) < 0)
			goto bad;
		if (rd->ev.type == YAML_MAPPING_END_EVENT)
			break;
		if (rd->ev.type != YAML_SCALAR_EVENT) {
			fail_at(rd, &rd->ev.start_mark, _("a player is a name or {name: ..., color: ...}"));
			goto bad;
		}
		if (heard(rd, NT_IT_PLAYER, me) < 0)
			goto bad;
		if (strcmp(scalar(rd), "name") == 0)
			slot = &name;
		else if (strcmp(scalar(rd), "color") == 0)
			slot = &color;
		else {
			fail_at(rd, &rd->ev.start_mark, _("unknown key \"%s\" in a player (expected name or color)"), NT_QS(scalar(rd)));
			goto bad;
		}
		if (*slot != NULL) {
			fail_at(rd, &rd->ev.start_mark, _("\"%s\" given twice for one player"), scalar(rd));
			goto bad;
		}
		if (want_scalar(rd, slot == &name ? "name" : "color") < 0 ||
		    heard(rd, NT_IT_PLAYER, me) < 0)
			goto bad;
		if ((*slot = dup_scalar(rd)) == NULL) {
			fail_at(rd, &rd->ev.start_mark, _("out of memory"));
			goto bad;
		}
	}
	if (name == NULL) {
		free(color);
		return fail_at(rd, at, _("a player given as a mapping needs a \"name\""));
	}
	return add_player(rd, name, color, at);
bad:
	free(name), free(color);
	return -1;
}

/*
 * The move in rd->ev, its text starting at AT (a quoted scalar's text
 * starts one column after its mark): kept in the record, or handed to
 * the listener.  PLAYER (malloc'd, or NULL) is taken over.
 */
static int
push_move(struct rd *rd, char *player, const yaml_mark_t *at)
{
	struct nt_record *r = rd->r;
	struct nt_recmove m = { NULL, player, (int)at->line + 1, (int)at->column + 1,
	    (int)rd->ev.end_mark.line + 1, (int)rd->ev.end_mark.column + 1 };
	int rc;

	if (rd->ev.data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
	    rd->ev.data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE)
		m.column++;
	if (rd->l != NULL && rd->l->move != NULL) {
		m.text = (char *)scalar(rd);
		rc = rd->l->move(rd->l->arg, &m, rd->ev.data.scalar.length);
		free(player);
		r->nmoves++;
		if (rc != 0)
			rd->err->msg[0] = '\0';
		return rc != 0 ? -1 : 0;
	}
	if ((m.text = dup_scalar(rd)) == NULL) {
		free(player);
		return fail_at(rd, at, _("out of memory"));
	}
	if (r->nmoves == rd->capmoves) {
		int cap = rd->capmoves ? 2 * rd->capmoves : 128;
		struct nt_recmove *v = realloc(r->moves, (size_t)cap * sizeof *v);

		if (v == NULL) {
			free(m.text), free(player);
			return fail_at(rd, at, _("out of memory"));
		}
		r->moves = v;
		rd->capmoves = cap;
	}
	r->moves[r->nmoves++] = m;
	return 0;
}

static int
move_item(struct rd *rd, const char *mapkey, const yaml_mark_t *at)
{
	int me = rd->r->nmoves;
	char *player;

	if (mapkey == NULL)
		return heard(rd, NT_IT_MOVE, me) < 0 ? -1 : push_move(rd, NULL, at);
	/* "- Anna: U 0,1 0" reads as a one-entry mapping: the same move. */
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_SCALAR_EVENT)
		return fail_at(rd, &rd->ev.start_mark, _("a move is a line of text, not %s"), event_what(&rd->ev));
	if (heard(rd, NT_IT_MOVE, me) < 0)
		return -1;
	if ((player = dup_scalar(rd)) == NULL)
		return fail_at(rd, at, _("out of memory"));
	if (want_scalar(rd, "move") < 0 || heard(rd, NT_IT_MOVE, me) < 0) {
		free(player);
		return -1;
	}
	if (push_move(rd, player, &rd->ev.start_mark) < 0)
		return -1;
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_MAPPING_END_EVENT)
		return fail_at(rd, &rd->ev.start_mark, _("a move written as a mapping has exactly one entry (\"Anna: U 0,1 0\")"));
	return 0;
}

/* The edition: the digit 1, 2 or 3 and nothing else (no sign, no blank). */
static int
edition_value(struct rd *rd)
{
	const char *s = scalar(rd);

	if (s[0] < '1' || s[0] > '3' || s[1] != '\0')
		return fail_at(rd, &rd->ev.start_mark, _("\"edition\" must be a whole number "
		    "from 1 to 3, got \"%s\""), NT_QS(s));
	rd->r->edition = s[0] - '0';
	return 0;
}

static int
body(struct rd *rd)
{
	static const char *keys[NT_NKEYS] = {
		[NT_K_FORMAT] = "format", [NT_K_GAME] = "game", [NT_K_EDITION] = "edition",
		[NT_K_EXPANSIONS] = "expansions", [NT_K_PLAYERS] = "players", [NT_K_MOVES] = "moves",
	};
	yaml_mark_t top;
	int seen = 0;

	if (rd->len >= 2 && ((rd->text[0] == '\xff' && rd->text[1] == '\xfe') ||
	    (rd->text[0] == '\xfe' && rd->text[1] == '\xff'))) {
		yaml_mark_t zero = { 0, 0, 0 };

		return fail_at(rd, &zero, _("a record is UTF-8 text, and this one is UTF-16"));
	}
	if (rd->len >= 3 && memcmp(rd->text, "\xef\xbb\xbf", 3) == 0)
		rd->byte = 3;	/* libyaml's marks start after a byte order mark */
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_STREAM_START_EVENT)
		return fail_at(rd, &rd->ev.start_mark, _("not a YAML stream"));
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_DOCUMENT_START_EVENT)
		return fail_at(rd, &rd->ev.start_mark, _("empty file: a record needs at least \"format\" and \"players\""));
	if (next(rd) < 0)
		return -1;
	top = rd->ev.start_mark;
	if (rd->ev.type != YAML_MAPPING_START_EVENT)
		return fail_at(rd, &top, _("a record is a mapping of format, game, edition, expansions, players, moves"));
	for (;;) {
		int k;

		if (next(rd) < 0)
			return -1;
		if (rd->ev.type == YAML_MAPPING_END_EVENT)
			break;
		if (rd->ev.type != YAML_SCALAR_EVENT)
			return fail_at(rd, &rd->ev.start_mark, _("keys of a record are plain words"));
		for (k = 0; k < NT_NKEYS && strcmp(scalar(rd), keys[k]) != 0; k++)
			;
		if (k == NT_NKEYS)
			return fail_at(rd, &rd->ev.start_mark, _("unknown key \"%s\" (expected format, game, edition, expansions, players or moves)"),
			    NT_QS(scalar(rd)));
		if (seen & (1 << k))
			return fail_at(rd, &rd->ev.start_mark, _("\"%s\" is given twice"), scalar(rd));
		seen |= 1 << k;
		if (heard(rd, NT_IT_KEY, k) < 0)
			return -1;
		switch (k) {
		case NT_K_FORMAT:
			if (want_scalar(rd, keys[k]) < 0 || heard(rd, NT_IT_KEY, k) < 0)
				return -1;
			if (strcmp(scalar(rd), "carcref/1") != 0)
				return fail_at(rd, &rd->ev.start_mark, _("unknown format \"%s\" (this carcref reads carcref/1)"), NT_QS(scalar(rd)));
			break;
		case NT_K_GAME:
			if (want_scalar(rd, keys[k]) < 0 || heard(rd, NT_IT_KEY, k) < 0)
				return -1;
			if (strcmp(scalar(rd), "carcassonne") != 0)
				return fail_at(rd, &rd->ev.start_mark,
				    named_in(scalar(rd), later_games, sizeof later_games /
				    sizeof later_games[0]) ? _("game \"%s\" is not supported yet by this carcref")
				    : _("unknown game \"%s\" (expected carcassonne)"), NT_QS(scalar(rd)));
			break;
		case NT_K_EDITION:
			if (want_scalar(rd, keys[k]) < 0 || heard(rd, NT_IT_KEY, k) < 0 ||
			    edition_value(rd) < 0)
				return -1;
			break;
		case NT_K_EXPANSIONS:
			if (list(rd, keys[k], false, expansion_item) < 0)
				return -1;
			break;
		case NT_K_PLAYERS:
			if (list(rd, keys[k], true, player_item) < 0)
				return -1;
			break;
		case NT_K_MOVES:
			if (list(rd, keys[k], true, move_item) < 0)
				return -1;
			break;
		}
	}
	if (!(seen & (1 << NT_K_FORMAT)))
		return fail_at(rd, &top, _("missing \"format: carcref/1\""));
	if (!(seen & (1 << NT_K_PLAYERS)) || rd->r->nplayers == 0)
		return fail_at(rd, &top, _("a record needs \"players\": 1 to %d names"), CR_MAXPLAYERS);
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_DOCUMENT_END_EVENT)
		return fail_at(rd, &rd->ev.start_mark, _("unexpected content after the record"));
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_STREAM_END_EVENT)
		return fail_at(rd, &rd->ev.start_mark, _("one record per file: a second YAML document follows"));
	return 0;
}

/* A record over NT_RECORD_MAX is refused before anything is read, so no
 * position in it can overflow an int. */
static int
too_big(size_t len, struct cr_error *err)
{
	if (len <= NT_RECORD_MAX)
		return 0;
	err->line = err->column = 0;
	snprintf(err->msg, sizeof err->msg, _("a record is at most %d MiB, and this one is larger"),
	    NT_RECORD_MAX >> 20);
	return -1;
}

int
nt_record_parse(struct nt_record *r, const char *text, size_t len, struct cr_error *err)
{
	memset(r, 0, sizeof *r);
	if (too_big(len, err) < 0)
		return -1;
	if (nt__record_read_fast(r, text, len, NULL)) {
		memset(err, 0, sizeof *err);
		return 0;
	}
	return nt__record_read_yaml(r, text, len, NULL, err);
}

int
nt_record_parse_yaml(struct nt_record *r, const char *text, size_t len, struct cr_error *err)
{
	memset(r, 0, sizeof *r);
	if (too_big(len, err) < 0)
		return -1;
	return nt__record_read_yaml(r, text, len, NULL, err);
}

int
nt__record_parse_fast(struct nt_record *r, const char *text, size_t len)
{
	if (len > NT_RECORD_MAX) {
		memset(r, 0, sizeof *r);
		return 0;
	}
	return nt__record_read_fast(r, text, len, NULL);
}

int
nt__record_read_yaml(struct nt_record *r, const char *text, size_t len,
    const struct nt_listen *l, struct cr_error *err)
{
	struct rd rd = { .err = err, .r = r, .text = text, .len = len, .l = l };
	int rc;

	memset(r, 0, sizeof *r);
	memset(err, 0, sizeof *err);
	r->edition = 3;
	if (!yaml_parser_initialize(&rd.p)) {
		snprintf(err->msg, sizeof err->msg, "%s", _("out of memory"));
		return -1;
	}
	yaml_parser_set_input_string(&rd.p, (const unsigned char *)text, len);
	rc = body(&rd);
	if (rd.have)
		yaml_event_delete(&rd.ev);
	yaml_parser_delete(&rd.p);
	if (rc < 0) {
		nt_record_free(r);
		return -1;
	}
	if ((r->game = strdup("carcassonne")) == NULL) {
		nt_record_free(r);
		snprintf(err->msg, sizeof err->msg, "%s", _("out of memory"));
		return -1;
	}
	return 0;
}

void
nt_record_free(struct nt_record *r)
{
	free(r->game);
	for (int i = 0; i < r->nexpansions; i++)
		free(r->expansions[i]);
	free(r->expansions);
	for (int i = 0; i < r->nplayers; i++) {
		free(r->players[i].name);
		free(r->players[i].color);
	}
	free(r->players);
	for (int i = 0; r->moves != NULL && i < r->nmoves; i++) {	/* NULL: listened to */
		if (r->arena == NULL)
			free(r->moves[i].text);
		free(r->moves[i].player);
	}
	free(r->moves);
	free(r->arena);
	memset(r, 0, sizeof *r);
}

int
nt_record_player(const struct nt_record *r, const char *name, size_t len)
{
	for (int i = 0; i < r->nplayers; i++)
		if (nt_name_eq(r->players[i].name, strlen(r->players[i].name), name, len))
			return i;
	return -1;
}

/* ---- writing ------------------------------------------------------------ */

void
nt__emitf(const struct nt_emit *o, const char *fmt, ...)
{
	char buf[256], *big;
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (k < 0)
		return;
	if ((size_t)k < sizeof buf) {
		o->put(o->arg, buf, (size_t)k);
		return;
	}
	/* Longer than the buffer: the whole of it, from the heap. */
	if ((big = malloc((size_t)k + 1)) == NULL) {
		o->put(o->arg, NULL, 0);	/* out of memory: the sink notes it */
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)k + 1, fmt, ap);
	va_end(ap);
	o->put(o->arg, big, (size_t)k);
	free(big);
}

/*
 * Characters YAML will not take raw, or reads as a line break or a byte
 * order mark, at p: the escape that writes them, and their length.
 */
static const char *
yaml_escape(const char *p, size_t *len, char *buf)
{
	const unsigned char *u = (const unsigned char *)p;

	*len = 1;
	if (u[0] < 0x20 || u[0] == 0x7f) {
		snprintf(buf, 8, "\\x%02x", u[0]);
		return buf;
	}
	if (u[0] == 0xc2 && u[1] >= 0x80 && u[1] <= 0x9f) {	/* C1 controls, NEL */
		*len = 2;
		snprintf(buf, 8, "\\x%02x", u[1]);
		return buf;
	}
	*len = 3;
	if (u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9))
		return u[2] == 0xa8 ? "\\L" : "\\P";	/* line, paragraph separator */
	if (u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf)
		return "\\uFEFF";
	*len = 1;
	return NULL;
}

void
nt__emit_scalar(const struct nt_emit *o, const char *s)
{
	bool plain = s[0] != '\0' && (isalpha((unsigned char)s[0]) || (unsigned char)s[0] >= 0x80);
	const char *run;
	char esc[8];
	size_t n;

	for (const char *p = s; *p && plain; p++)
		if (!(isalnum((unsigned char)*p) || (unsigned char)*p >= 0x80 || *p == '-' ||
		    *p == '_' || *p == '.' || *p == ' ') || (*p == ' ' && p[1] == '\0') ||
		    yaml_escape(p, &n, esc) != NULL)
			plain = false;
	if (plain && strcasecmp(s, "null") != 0 && strcasecmp(s, "true") != 0 &&
	    strcasecmp(s, "false") != 0 && strcasecmp(s, "yes") != 0 && strcasecmp(s, "no") != 0 &&
	    strcasecmp(s, "on") != 0 && strcasecmp(s, "off") != 0) {
		nt__emit(o, s, strlen(s));
		return;
	}
	nt__emit(o, "\"", 1);
	for (const char *p = run = s; ; p++) {
		const char *e = *p ? yaml_escape(p, &n, esc) : NULL;

		if (*p != '\0' && *p != '"' && *p != '\\' && e == NULL)
			continue;
		nt__emit(o, run, (size_t)(p - run));	/* the safe run before p */
		if (*p == '\0')
			break;
		if (e == NULL) {
			nt__emit(o, "\\", 1);
			nt__emit(o, p, 1);
		} else {
			nt__emit(o, e, strlen(e));
			p += n - 1;
		}
		run = p + 1;
	}
	nt__emit(o, "\"", 1);
}

void
nt__emit_move(const struct nt_emit *o, const struct cr_tileset *ts, const struct cr_move *m,
    int art, const char *player)
{
	char buf[128], *big = NULL;
	int n = nt_format_move_as(ts, m, art, player, buf, sizeof buf);

	if (n < 0)
		return;
	if ((size_t)n >= sizeof buf) {	/* a long player name: from the heap */
		if ((big = malloc((size_t)n + 1)) == NULL) {
			o->put(o->arg, NULL, 0);
			return;
		}
		nt_format_move_as(ts, m, art, player, big, (size_t)n + 1);
	}
	if (player != NULL)	/* "Anna: ..." must be quoted in YAML */
		nt__emit_scalar(o, big ? big : buf);
	else
		nt__emit(o, big ? big : buf, (size_t)n);
	free(big);
}

void
nt__emit_header(const struct nt_emit *o, const struct nt_record *r)
{
	nt__emitf(o, "format: carcref/1\ngame: carcassonne\nedition: %d\nexpansions: [",
	    r->edition);
	for (int i = 0; i < r->nexpansions; i++) {
		if (i)
			nt__emit(o, ", ", 2);
		nt__emit_scalar(o, r->expansions[i]);
	}
	nt__emit(o, "]\nplayers:\n", 11);
	for (int i = 0; i < r->nplayers; i++) {
		if (r->players[i].color) {
			nt__emit(o, "  - {name: ", 11);
			nt__emit_scalar(o, r->players[i].name);
			nt__emit(o, ", color: ", 9);
			nt__emit_scalar(o, r->players[i].color);
			nt__emit(o, "}\n", 2);
		} else {
			nt__emit(o, "  - ", 4);
			nt__emit_scalar(o, r->players[i].name);
			nt__emit(o, "\n", 1);
		}
	}
}

/* A growing string: the sink behind nt_record_write. */
struct sb {
	char	*s;
	size_t	n, cap;
	bool	nomem;
};

static void
sb_put(void *arg, const char *s, size_t n)
{
	struct sb *b = arg;

	if (s == NULL)
		b->nomem = true;
	if (b->nomem)
		return;
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		char *v;

		while (b->n + n + 1 > cap)
			cap *= 2;
		if ((v = realloc(b->s, cap)) == NULL) {
			b->nomem = true;
			return;
		}
		b->s = v, b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
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
	struct sb b = { 0 };
	struct nt_emit o = { sb_put, &b };

	emit_comments(&o, head, "");
	nt__emit_header(&o, r);
	nt__emitf(&o, "moves:%s\n", nmoves ? "" : " []");
	for (int i = 0; i < nmoves; i++) {
		emit_comments(&o, moves[i].before, "  ");
		nt__emit(&o, "  - ", 4);
		nt__emit_move(&o, ts, moves[i].move, 0, moves[i].player);
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
	int n = cr_game_nmoves(g);
	struct nt_outmove *mv = calloc((size_t)n + 1, sizeof *mv);
	struct nt_record hdr = *r;
	char *out;

	if (mv == NULL)
		return NULL;
	for (int i = 0; i < n; i++)
		mv[i].move = cr_game_move(g, i);
	hdr.edition = cr_game_edition(g);
	out = nt_record_write(&hdr, cr_game_tileset(g), NULL, mv, n, NULL);
	free(mv);
	return out;
}
