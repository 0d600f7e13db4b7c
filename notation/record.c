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
	bool		named;		/* game: was read (else r->row is assumed) */
	yaml_mark_t	players;	/* where the players list starts */
	/* libyaml's marks count characters; the listener wants bytes.  Marks
	 * only move forward, so one cursor converts them all in one pass. */
	size_t		byte, index;
};

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

const char *
nt__event_what(const yaml_event_t *ev)
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
		    key, nt__event_what(&rd->ev));
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
		    key, nt__event_what(&rd->ev));
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
			    key, nt__event_what(&rd->ev));
		/* A copy: item() reads on, and rd->ev with it. */
		at = rd->ev.start_mark;
		if (item(rd, "", &at) < 0)
			return -1;
	}
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
	if (r->nplayers >= NT_MAXPLAYERS) {
		free(name), free(color);
		return fail_at(rd, at, _("too many players: at most %d"), NT_MAXPLAYERS);
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
	    (int)rd->ev.end_mark.line + 1, (int)rd->ev.end_mark.column + 1, 0 };
	int rc;

	if (rd->ev.data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
	    rd->ev.data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE)
		m.column++;
	if (rd->l != NULL && rd->l->move != NULL) {
		m.text = (char *)scalar(rd);
		m.len = strlen(m.text);
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
	m.len = strlen(m.text);
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
		return fail_at(rd, &rd->ev.start_mark, _("a move is a line of text, not %s"), nt__event_what(&rd->ev));
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

/*
 * A key the envelope does not read, a game's (slot: nt_key_slot): its
 * value kept raw for the game's row, a single value as it reads, a list
 * or a mapping as its source text; every scalar in it is heard.
 */
static int
field(struct rd *rd, int slot, const yaml_mark_t *key)
{
	yaml_mark_t at;
	enum nt_shape shape;
	int depth = 0;
	size_t a, b;
	bool ok;

	if (next(rd) < 0)
		return -1;
	at = rd->ev.start_mark;
	if (rd->ev.type == YAML_SCALAR_EVENT) {
		if (heard(rd, NT_IT_KEY, slot) < 0)
			return -1;
		ok = nt__field_add(rd->r, slot, NT_SCALAR, is_null(rd), scalar(rd),
		    rd->ev.data.scalar.length, (int)at.line + 1, (int)at.column + 1,
		    (int)key->line + 1, (int)key->column + 1);
		return ok ? 0 : fail_at(rd, &at, _("out of memory"));
	}
	shape = rd->ev.type == YAML_SEQUENCE_START_EVENT ? NT_LIST : NT_MAP;
	a = byte_of(rd, &at);
	for (;;) {
		if (rd->ev.type == YAML_SEQUENCE_START_EVENT || rd->ev.type == YAML_MAPPING_START_EVENT)
			depth++;
		else if (rd->ev.type == YAML_SEQUENCE_END_EVENT ||
		    rd->ev.type == YAML_MAPPING_END_EVENT)
			depth--;
		else if (rd->ev.type == YAML_SCALAR_EVENT && heard(rd, NT_IT_KEY, slot) < 0)
			return -1;
		if (depth == 0)
			break;
		if (next(rd) < 0)
			return -1;
	}
	b = byte_of(rd, &rd->ev.end_mark);
	ok = nt__field_add(rd->r, slot, shape, false, rd->text + a, b - a, (int)at.line + 1,
	    (int)at.column + 1, (int)key->line + 1, (int)key->column + 1);
	return ok ? 0 : fail_at(rd, &at, _("out of memory"));
}

/* "unknown key" at mark m, naming the keys game gm takes. */
static int
unknown_key(struct rd *rd, const yaml_mark_t *m, const char *key, const struct nt_game *gm)
{
	char keys[256];

	for (int k = 0; k < nt_ngames; k++)	/* another game's own key */
		if (nt_games[k] != gm && nt_games[k]->keys_own &&
		    nt_game_takes(nt_games[k], key) >= 0) {
			fail_at(rd, m, _("\"%s\" is a key of %s records only"), NT_QS(key),
			    nt_games[k]->name);
			rd->err->kind = "header";
			return -1;
		}
	nt_game_keylist(gm, keys, sizeof keys);
	return fail_at(rd, m, _("unknown key \"%s\" (expected %s or moves)"), NT_QS(key), keys);
}

/* A field read with game gm's row (err set by it on an error). */
static int
read_field(struct rd *rd, const struct nt_game *gm, const struct nt_field *f)
{
	return gm->header_field(rd->r, f, rd->err);
}

/*
 * The record's game is gm: its defaults, then the fields read so far
 * again with its row, each a key it must take (the first that is not is
 * refused, at its key).
 */
static int
fields_of(struct rd *rd, const struct nt_game *gm)
{
	nt__header_reset(rd->r);
	rd->r->row = gm;
	gm->header_start(rd->r);
	for (int i = 0; i < rd->r->nfields; i++) {
		const struct nt_field *f = &rd->r->field[i];

		if (nt_game_takes(gm, f->key) < 0) {
			yaml_mark_t m = { 0, (size_t)f->key_line - 1, (size_t)f->key_column - 1 };

			return unknown_key(rd, &m, f->key, gm);
		}
		if (read_field(rd, gm, f) < 0)
			return -1;
	}
	return 0;
}

/* game: a game of the registry, refereed by this carcref. */
static int
game_value(struct rd *rd)
{
	const char *name = scalar(rd);
	const struct nt_game *gm = nt_game_find(name, rd->ev.data.scalar.length);
	char games[256];

	if (gm != NULL && !nt_game_ready(gm))
		return fail_at(rd, &rd->ev.start_mark, _("game \"%s\" is not supported yet by "
		    "this carcref"), NT_QS(name));
	if (gm == NULL) {
		nt_game_names(games, sizeof games);
		return fail_at(rd, &rd->ev.start_mark, _("unknown game \"%s\" (expected %s)"),
		    NT_QS(name), games);
	}
	if ((rd->r->game = strdup(gm->name)) == NULL)
		return fail_at(rd, &rd->ev.start_mark, _("out of memory"));
	rd->named = true;
	return fields_of(rd, gm);
}

static int
body(struct rd *rd)
{
	static const char *keys[NT_K_FIELD] = {
		[NT_K_FORMAT] = "format", [NT_K_GAME] = "game", [NT_K_PLAYERS] = "players",
		[NT_K_MOVES] = "moves",
	};
	const struct nt_game *dflt = nt_games[0];
	struct cr_error many;
	char all[256];
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
	rd->r->row = dflt;	/* until game: says otherwise */
	dflt->header_start(rd->r);
	if (rd->ev.type != YAML_MAPPING_START_EVENT) {
		nt_game_keylist(dflt, all, sizeof all);
		return fail_at(rd, &top, _("a record is a mapping of %s, moves"), all);
	}
	for (;;) {
		yaml_mark_t at;
		int k, slot;

		if (next(rd) < 0)
			return -1;
		if (rd->ev.type == YAML_MAPPING_END_EVENT)
			break;
		if (rd->ev.type != YAML_SCALAR_EVENT)
			return fail_at(rd, &rd->ev.start_mark, _("keys of a record are plain words"));
		at = rd->ev.start_mark;
		for (k = 0; k < NT_K_FIELD && strcmp(scalar(rd), keys[k]) != 0; k++)
			;
		slot = k < NT_K_FIELD ? k : nt_key_slot(scalar(rd), rd->ev.data.scalar.length);
		/* A key of no game, or not of the game already named. */
		if (slot < 0 || (k == NT_K_FIELD && rd->named &&
		    nt_game_key(rd->r->row, scalar(rd), rd->ev.data.scalar.length) < 0))
			return unknown_key(rd, &at, scalar(rd), rd->r->row);
		if (k == NT_K_FIELD ? nt__field_at(rd->r, slot) != NULL : (seen & (1 << k)) != 0)
			return fail_at(rd, &at, _("\"%s\" is given twice"), scalar(rd));
		seen |= k < NT_K_FIELD ? 1 << k : 0;
		if (heard(rd, NT_IT_KEY, slot) < 0)
			return -1;
		switch (k) {
		case NT_K_FORMAT:
			if (want_scalar(rd, keys[k]) < 0 || heard(rd, NT_IT_KEY, k) < 0)
				return -1;
			if (strcmp(scalar(rd), "carcref/1") != 0)
				return fail_at(rd, &rd->ev.start_mark, _("unknown format \"%s\" (this carcref reads carcref/1)"), NT_QS(scalar(rd)));
			break;
		case NT_K_GAME:
			if (want_scalar(rd, keys[k]) < 0 || heard(rd, NT_IT_KEY, k) < 0 ||
			    game_value(rd) < 0)
				return -1;
			break;
		case NT_K_PLAYERS:
			rd->players = at;
			if (list(rd, keys[k], true, player_item) < 0)
				return -1;
			break;
		case NT_K_MOVES:
			if (list(rd, keys[k], true, move_item) < 0)
				return -1;
			break;
		default:
			/* Read at once by the game's row, or by the default's
			 * until game: names it (read again then); a key the
			 * default does not take waits for game:. */
			if (field(rd, slot, &at) < 0)
				return -1;
			if (nt_game_takes(rd->r->row, nt_key_name(slot)) >= 0 &&
			    read_field(rd, rd->r->row, &rd->r->field[rd->r->nfields - 1]) < 0)
				return -1;
			break;
		}
	}
	/* No game: named: the default game's, which must take every key. */
	if (!rd->named && fields_of(rd, dflt) < 0)
		return -1;
	if (!(seen & (1 << NT_K_FORMAT)))
		return fail_at(rd, &top, _("missing \"format: carcref/1\""));
	if (!(seen & (1 << NT_K_PLAYERS)) || rd->r->nplayers == 0)
		return fail_at(rd, &top, _("a record needs \"players\": 1 to %d names"), NT_MAXPLAYERS);
	if (nt__record_players(rd->r, &many) < 0)
		return fail_at(rd, &rd->players, "%s", many.msg);
	if (nt__record_header_end(rd->r, rd->err) < 0)
		return -1;
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
	err->kind = NULL;
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
	err->kind = NULL;
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
		/* Once its game is known, the record's refusal is of its kind. */
		if (err->kind == NULL && rd.named && r->row != NULL)
			err->kind = r->row->header_kind;
		nt_record_free(r);
		return -1;
	}
	if (r->game == NULL && (r->game = strdup(r->row->name)) == NULL) {
		nt_record_free(r);
		snprintf(err->msg, sizeof err->msg, "%s", _("out of memory"));
		return -1;
	}
	return 0;
}

void
nt__header_reset(struct nt_record *r)
{
	if (r->cfg != NULL && r->row != NULL && r->row->header_free != NULL)
		r->row->header_free(r);
	r->cfg = NULL;
	for (int i = 0; i < r->nexpansions; i++)
		if (i >= 32 || !(r->xstatic >> i & 1))
			free(r->expansions[i]);
	free(r->expansions);
	r->expansions = NULL;
	r->nexpansions = 0;
	r->xknown = false;
	r->xread = r->xstatic = 0;
	r->edition = 0;
}

void
nt_record_free(struct nt_record *r)
{
	nt__header_reset(r);
	free(r->game);
	for (int i = 0; r->arena == NULL && i < r->nfields; i++)	/* else in it */
		free(r->field[i].text);
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
	nt__emit_quoted(o, s);
}

void
nt__emit_quoted(const struct nt_emit *o, const char *s)
{
	const char *run;
	char esc[8];
	size_t n;

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
nt__emit_line(const struct nt_emit *o, const char *text, size_t len, const char *player)
{
	char *line;

	if (player == NULL) {
		nt__emit(o, text, len);
		return;
	}
	/* A name with "=" reads as no prefix in a line (its first colon
	 * may be a token's, plague=4,2:S): the one-entry mapping the
	 * reader takes as the same prefixed move, "Be x=1": "M 0,-1 180". */
	if (strchr(player, '=') != NULL) {
		if ((line = malloc(len + 1)) == NULL) {
			o->put(o->arg, NULL, 0);
			return;
		}
		memcpy(line, text, len);
		line[len] = '\0';
		nt__emit_scalar(o, player);
		nt__emit(o, ": ", 2);
		nt__emit_scalar(o, line);
		free(line);
		return;
	}
	/* "Anna: ..." must be quoted in YAML */
	if ((line = malloc(strlen(player) + len + 3)) == NULL) {
		o->put(o->arg, NULL, 0);
		return;
	}
	sprintf(line, "%s: %.*s", player, (int)len, text);
	nt__emit_scalar(o, line);
	free(line);
}

void
nt__emit_players(const struct nt_emit *o, const struct nt_record *r)
{
	nt__emit(o, "players:\n", 9);
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

void
nt__emit_header(const struct nt_emit *o, const struct nt_record *r)
{
	const struct nt_game *gm = nt_record_game(r);

	nt__emitf(o, "format: carcref/1\ngame: %s\n", gm->name);
	nt_game_keys_ready();
	for (int k = 0; k < gm->nkeys; k++) {
		if (gm->keys[k] == NULL)
			continue;
		if (strcmp(gm->keys[k], "players") == 0)
			nt__emit_players(o, r);
		else if (gm->write_key(o, r, k))
			nt__emit(o, "\n", 1);
	}
}

void
nt__sb_put(void *arg, const char *s, size_t n)
{
	struct nt_sb *b = arg;

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

char *
nt_record_text(const struct nt_record *r, const void *g)
{
	const struct nt_game *gm = nt_record_game(r);
	int n = g != NULL ? gm->nmoves(g) : 0;
	struct nt_sb b = { 0 };
	struct nt_emit o = { nt__sb_put, &b };
	char line[256], *big = NULL;

	nt__emit_header(&o, r);
	nt__emitf(&o, "moves:%s\n", n ? "" : " []");
	for (int i = 0; i < n && !b.nomem; i++) {
		int k = gm->format_move(g, i, line, sizeof line);
		const char *text = line;

		if (k < 0)
			continue;
		if ((size_t)k >= sizeof line) {
			char *more = realloc(big, (size_t)k + 1);

			if (more == NULL) {
				b.nomem = true;
				break;
			}
			big = more;
			gm->format_move(g, i, big, (size_t)k + 1);
			text = big;
		}
		nt__emit(&o, "  - ", 4);
		/* a move the rules give its player out of turn: its prefix */
		nt__emit_line(&o, text, (size_t)k, gm->move_prefixed != NULL &&
		    gm->move_prefixed(g, i) ? r->players[gm->move_player(g, i)].name : NULL);
		nt__emit(&o, "\n", 1);
	}
	free(big);
	if (b.nomem || b.s == NULL) {
		free(b.s);
		return NULL;
	}
	return b.s;
}
