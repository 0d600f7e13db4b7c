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

#include "record.h"

struct rd {
	yaml_parser_t	p;
	yaml_event_t	ev;
	bool		have;		/* ev holds an event to delete */
	struct cr_error	*err;
	struct nt_record *r;
	int		capmoves;
	const char	*text;		/* the input, for reader errors' positions */
};

static const char *known_expansions[] = {
	"inns-cathedrals", "traders-builders", "hills-sheep", "river", "wheel-of-fortune",
};

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

		return fail_at(rd, m, "not valid YAML: %s%s%s",
		    rd->p.problem ? rd->p.problem : "syntax error",
		    rd->p.context ? " " : "", rd->p.context ? rd->p.context : "");
	}
	rd->have = true;
	if (rd->ev.type == YAML_ALIAS_EVENT)
		return fail_at(rd, &rd->ev.start_mark, "YAML aliases are not allowed in a record");
	return 0;
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
	case YAML_SCALAR_EVENT:		return "a single value";
	case YAML_SEQUENCE_START_EVENT:	return "a list";
	case YAML_MAPPING_START_EVENT:	return "a mapping";
	default:			return "nothing";
	}
}

static int
want_scalar(struct rd *rd, const char *key)
{
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_SCALAR_EVENT)
		return fail_at(rd, &rd->ev.start_mark, "\"%s\" must be a single value, not %s",
		    key, event_what(&rd->ev));
	return 0;
}

static char *
dup_scalar(struct rd *rd)
{
	return strdup(scalar(rd));
}

/* A list of scalars or of one-key mappings; calls item() for each. */
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
		return fail_at(rd, &rd->ev.start_mark, "\"%s\" must be a list, not %s",
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
			return fail_at(rd, &rd->ev.start_mark, "each entry of \"%s\" must be a single value, not %s",
			    key, event_what(&rd->ev));
		/* A copy: item() reads on, and rd->ev with it. */
		at = rd->ev.start_mark;
		if (item(rd, "", &at) < 0)
			return -1;
	}
}

/*
 * No expansion is implemented yet: a record that names one is refused
 * rather than refereed by the wrong rules.
 */
static int
expansion_item(struct rd *rd, const char *mapkey, const yaml_mark_t *at)
{
	(void)mapkey;
	for (size_t i = 0; i < sizeof known_expansions / sizeof *known_expansions; i++)
		if (strcmp(scalar(rd), known_expansions[i]) == 0)
			return fail_at(rd, at, "expansion \"%s\" is not supported yet by this carcref",
			    scalar(rd));
	return fail_at(rd, at, "unknown expansion \"%.60s\" (known: inns-cathedrals, traders-builders, hills-sheep, river, wheel-of-fortune)",
	    scalar(rd));
}

static int
add_player(struct rd *rd, char *name, char *color, const yaml_mark_t *at)
{
	struct nt_record *r = rd->r;
	struct nt_player *v;

	if (name == NULL || name[0] == '\0' || strchr(name, ':') || strchr(name, '#') ||
	    isspace((unsigned char)name[0]) || isspace((unsigned char)name[strlen(name) - 1])) {
		free(name), free(color);
		return fail_at(rd, at, "a player's name must be a non-empty text without \":\" or \"#\" and without spaces around it");
	}
	if (nt_record_player(r, name, strlen(name)) >= 0) {
		fail_at(rd, at, "two players are named \"%.60s\"", name);
		free(name), free(color);
		return -1;
	}
	if (r->nplayers >= CR_MAXPLAYERS) {
		free(name), free(color);
		return fail_at(rd, at, "too many players: at most %d", CR_MAXPLAYERS);
	}
	if ((v = realloc(r->players, (size_t)(r->nplayers + 1) * sizeof *v)) == NULL) {
		free(name), free(color);
		return fail_at(rd, at, "out of memory");
	}
	r->players = v;
	v[r->nplayers++] = (struct nt_player){ name, color };
	return 0;
}

static int
player_item(struct rd *rd, const char *mapkey, const yaml_mark_t *at)
{
	char *name = NULL, *color = NULL;

	if (mapkey == NULL)
		return add_player(rd, dup_scalar(rd), NULL, at);
	for (;;) {	/* {name: Anna, color: red} */
		char **slot;

		if (next(rd) < 0)
			goto bad;
		if (rd->ev.type == YAML_MAPPING_END_EVENT)
			break;
		if (rd->ev.type != YAML_SCALAR_EVENT) {
			fail_at(rd, &rd->ev.start_mark, "a player is a name or {name: ..., color: ...}");
			goto bad;
		}
		if (strcmp(scalar(rd), "name") == 0)
			slot = &name;
		else if (strcmp(scalar(rd), "color") == 0)
			slot = &color;
		else {
			fail_at(rd, &rd->ev.start_mark, "unknown key \"%.40s\" in a player (expected name or color)", scalar(rd));
			goto bad;
		}
		if (*slot != NULL) {
			fail_at(rd, &rd->ev.start_mark, "\"%s\" given twice for one player", scalar(rd));
			goto bad;
		}
		if (want_scalar(rd, slot == &name ? "name" : "color") < 0 ||
		    (*slot = dup_scalar(rd)) == NULL)
			goto bad;
	}
	if (name == NULL) {
		free(color);
		return fail_at(rd, at, "a player given as a mapping needs a \"name\"");
	}
	return add_player(rd, name, color, at);
bad:
	free(name), free(color);
	return -1;
}

static int
push_move(struct rd *rd, char *text, char *player, const yaml_mark_t *at)
{
	struct nt_record *r = rd->r;

	if (text == NULL) {
		free(player);
		return fail_at(rd, at, "out of memory");
	}
	if (r->nmoves == rd->capmoves) {
		int cap = rd->capmoves ? 2 * rd->capmoves : 128;
		struct nt_recmove *v = realloc(r->moves, (size_t)cap * sizeof *v);

		if (v == NULL) {
			free(text), free(player);
			return fail_at(rd, at, "out of memory");
		}
		r->moves = v;
		rd->capmoves = cap;
	}
	r->moves[r->nmoves++] = (struct nt_recmove){ text, player, (int)at->line + 1,
	    (int)at->column + 1, (int)rd->ev.end_mark.line + 1, (int)rd->ev.end_mark.column + 1 };
	return 0;
}

static int
move_item(struct rd *rd, const char *mapkey, const yaml_mark_t *at)
{
	yaml_mark_t m = *at;
	char *player;

	if (mapkey == NULL) {
		/* A quoted scalar's text starts one column after its mark. */
		if (rd->ev.data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
		    rd->ev.data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE)
			m.column++;
		return push_move(rd, dup_scalar(rd), NULL, &m);
	}
	/* "- Anna: U 0,1 0" reads as a one-entry mapping: the same move. */
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_SCALAR_EVENT)
		return fail_at(rd, &rd->ev.start_mark, "a move is a line of text, not %s", event_what(&rd->ev));
	if ((player = dup_scalar(rd)) == NULL)
		return fail_at(rd, at, "out of memory");
	if (want_scalar(rd, "move") < 0) {
		free(player);
		return -1;
	}
	m = rd->ev.start_mark;
	if (rd->ev.data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
	    rd->ev.data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE)
		m.column++;
	if (push_move(rd, dup_scalar(rd), player, &m) < 0)
		return -1;
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_MAPPING_END_EVENT)
		return fail_at(rd, &rd->ev.start_mark, "a move written as a mapping has exactly one entry (\"Anna: U 0,1 0\")");
	return 0;
}

static int
parse_int_value(struct rd *rd, const char *key, int lo, int hi, int *out)
{
	const char *s = scalar(rd);
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < lo || v > hi)
		return fail_at(rd, &rd->ev.start_mark, "\"%s\" must be a whole number from %d to %d, got \"%.40s\"",
		    key, lo, hi, s);
	*out = (int)v;
	return 0;
}

enum { K_FORMAT = 1, K_GAME = 2, K_EDITION = 4, K_EXPANSIONS = 8, K_PLAYERS = 16, K_MOVES = 32 };

static int
body(struct rd *rd)
{
	static const struct { const char *name; int bit; } keys[] = {
		{ "format", K_FORMAT }, { "game", K_GAME }, { "edition", K_EDITION },
		{ "expansions", K_EXPANSIONS }, { "players", K_PLAYERS }, { "moves", K_MOVES },
	};
	yaml_mark_t top;
	int seen = 0;

	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_STREAM_START_EVENT)
		return fail_at(rd, &rd->ev.start_mark, "not a YAML stream");
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_DOCUMENT_START_EVENT)
		return fail_at(rd, &rd->ev.start_mark, "empty file: a record needs at least \"format\" and \"players\"");
	if (next(rd) < 0)
		return -1;
	top = rd->ev.start_mark;
	if (rd->ev.type != YAML_MAPPING_START_EVENT)
		return fail_at(rd, &top, "a record is a mapping of format, game, edition, expansions, players, moves");
	for (;;) {
		int bit = 0;
		char key[32];

		if (next(rd) < 0)
			return -1;
		if (rd->ev.type == YAML_MAPPING_END_EVENT)
			break;
		if (rd->ev.type != YAML_SCALAR_EVENT)
			return fail_at(rd, &rd->ev.start_mark, "keys of a record are plain words");
		for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
			if (strcmp(scalar(rd), keys[i].name) == 0)
				bit = keys[i].bit;
		if (bit == 0)
			return fail_at(rd, &rd->ev.start_mark, "unknown key \"%.40s\" (expected format, game, edition, expansions, players or moves)",
			    scalar(rd));
		if (seen & bit)
			return fail_at(rd, &rd->ev.start_mark, "\"%s\" is given twice", scalar(rd));
		seen |= bit;
		snprintf(key, sizeof key, "%s", scalar(rd));
		switch (bit) {
		case K_FORMAT:
			if (want_scalar(rd, key) < 0)
				return -1;
			if (strcmp(scalar(rd), "carcref/1") != 0)
				return fail_at(rd, &rd->ev.start_mark, "unknown format \"%.40s\" (this carcref reads carcref/1)", scalar(rd));
			break;
		case K_GAME:
			if (want_scalar(rd, key) < 0)
				return -1;
			if (strcmp(scalar(rd), "carcassonne") != 0)
				return fail_at(rd, &rd->ev.start_mark,
				    strcmp(scalar(rd), "hunters-gatherers") == 0 || strcmp(scalar(rd), "dice") == 0
				    ? "game \"%.40s\" is not supported yet by this carcref"
				    : "unknown game \"%.40s\" (expected carcassonne)", scalar(rd));
			break;
		case K_EDITION:
			if (want_scalar(rd, key) < 0 || parse_int_value(rd, key, 1, 3, &rd->r->edition) < 0)
				return -1;
			break;
		case K_EXPANSIONS:
			if (list(rd, key, false, expansion_item) < 0)
				return -1;
			break;
		case K_PLAYERS:
			if (list(rd, key, true, player_item) < 0)
				return -1;
			break;
		case K_MOVES:
			if (list(rd, key, true, move_item) < 0)
				return -1;
			break;
		}
	}
	if (!(seen & K_FORMAT))
		return fail_at(rd, &top, "missing \"format: carcref/1\"");
	if (!(seen & K_PLAYERS) || rd->r->nplayers == 0)
		return fail_at(rd, &top, "a record needs \"players\": 1 to %d names", CR_MAXPLAYERS);
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_DOCUMENT_END_EVENT)
		return fail_at(rd, &rd->ev.start_mark, "unexpected content after the record");
	if (next(rd) < 0)
		return -1;
	if (rd->ev.type != YAML_STREAM_END_EVENT)
		return fail_at(rd, &rd->ev.start_mark, "one record per file: a second YAML document follows");
	return 0;
}

int
nt_record_parse(struct nt_record *r, const char *text, size_t len, struct cr_error *err)
{
	if (nt__record_parse_fast(r, text, len)) {
		memset(err, 0, sizeof *err);
		return 0;
	}
	return nt_record_parse_yaml(r, text, len, err);
}

int
nt_record_parse_yaml(struct nt_record *r, const char *text, size_t len, struct cr_error *err)
{
	struct rd rd = { .err = err, .r = r, .text = text };
	int rc;

	memset(r, 0, sizeof *r);
	memset(err, 0, sizeof *err);
	r->edition = 3;
	if (!yaml_parser_initialize(&rd.p)) {
		snprintf(err->msg, sizeof err->msg, "out of memory");
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
		snprintf(err->msg, sizeof err->msg, "out of memory");
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
	for (int i = 0; i < r->nmoves; i++) {
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
		if (strlen(r->players[i].name) == len &&
		    strncasecmp(r->players[i].name, name, len) == 0)
			return i;
	return -1;
}

/* A growing string for the writer. */
struct sb {
	char	*s;
	size_t	n, cap;
	bool	nomem;
};

static void
sb_put(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (k < 0 || b->nomem)
		return;
	if (b->n + (size_t)k + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		char *s;

		while (b->n + (size_t)k + 1 > cap)
			cap *= 2;
		if ((s = realloc(b->s, cap)) == NULL) {
			b->nomem = true;
			return;
		}
		b->s = s, b->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
	va_end(ap);
	b->n += (size_t)k;
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

/* A YAML scalar, quoted unless plainly safe. */
static void
sb_scalar(struct sb *b, const char *s)
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
		sb_put(b, "%s", s);
		return;
	}
	sb_put(b, "\"");
	for (const char *p = s; *p; p++) {
		const char *e = yaml_escape(p, &n, esc);

		if (*p == '"' || *p == '\\')
			sb_put(b, "\\%c", *p);
		else if (e != NULL) {
			sb_put(b, "%s", e);
			p += n - 1;
		} else
			sb_put(b, "%c", *p);
	}
	sb_put(b, "\"");
}

/* Comment lines, each indented. */
static void
sb_comments(struct sb *b, const char *text, const char *indent)
{
	while (text && *text) {
		const char *nl = strchr(text, '\n');
		int n = nl ? (int)(nl - text) : (int)strlen(text);

		sb_put(b, "%s%.*s\n", indent, n, text);
		text += n + (nl != NULL);
	}
}

char *
nt_record_write(const struct nt_record *r, const struct cr_tileset *ts,
    const char *head, const struct nt_outmove *moves, int nmoves, const char *tail)
{
	struct sb b = { 0 };
	char line[128];

	sb_comments(&b, head, "");
	sb_put(&b, "format: carcref/1\ngame: carcassonne\nedition: %d\nexpansions: [",
	    r->edition);
	for (int i = 0; i < r->nexpansions; i++) {
		sb_put(&b, i ? ", " : "");
		sb_scalar(&b, r->expansions[i]);
	}
	sb_put(&b, "]\nplayers:\n");
	for (int i = 0; i < r->nplayers; i++) {
		if (r->players[i].color) {
			sb_put(&b, "  - {name: ");
			sb_scalar(&b, r->players[i].name);
			sb_put(&b, ", color: ");
			sb_scalar(&b, r->players[i].color);
			sb_put(&b, "}\n");
		} else {
			sb_put(&b, "  - ");
			sb_scalar(&b, r->players[i].name);
			sb_put(&b, "\n");
		}
	}
	sb_put(&b, "moves:%s\n", nmoves ? "" : " []");
	for (int i = 0; i < nmoves; i++) {
		sb_comments(&b, moves[i].before, "  ");
		nt_format_move(ts, moves[i].move, moves[i].player, line, sizeof line);
		sb_put(&b, "  - ");
		if (moves[i].player)	/* "Anna: ..." must be quoted in YAML */
			sb_scalar(&b, line);
		else
			sb_put(&b, "%s", line);
		sb_put(&b, moves[i].after ? "  %s\n" : "\n", moves[i].after);
	}
	sb_comments(&b, tail, "");
	if (b.nomem) {
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
