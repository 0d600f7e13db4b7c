/*
 * tile.c -- the tile game's row of the game layer (game.h): Carcassonne
 * with its editions and expansions, game: carcassonne, the default game
 * of a record.  Its header keys (edition, expansions), its engine
 * (rules/game.h) behind the row's hooks, its turn line (move.h) and its
 * words (explain.h); and its record functions on the engine's own types
 * (tile.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "i18n.h"
#include "record-int.h"
#include "../rules/ext.h"

/* ---- the header ------------------------------------------------------------ */

static const char *const keys[] = { "edition", "expansions", "players" };
enum { K_EDITION, K_EXPANSIONS };

int
nt_record_rules(const struct nt_record *r)	/* tile.h */
{
	const char *name = nt_record_game(r)->name;
	int k = cr_rules_find(name, strlen(name));

	return k < 0 ? 0 : k;
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
	for (int i = 0; i < r->nexpansions; i++)
		if (strcmp(r->expansions[i], cr_exts[e]->name) == 0) {
			snprintf(err->msg, sizeof err->msg, _("expansion \"%s\" is given twice"),
			    cr_exts[e]->name);
			return -1;
		}
	if ((v = realloc(r->expansions, (size_t)(r->nexpansions + 1) * sizeof *v)) == NULL ||
	    (v[r->nexpansions] = malloc(len + 1)) == NULL) {
		if (v != NULL)
			r->expansions = v;
		snprintf(err->msg, sizeof err->msg, "%s", _("out of memory"));
		return -1;
	}
	r->expansions = v;
	memcpy(v[r->nexpansions], name, len);
	v[r->nexpansions++][len] = '\0';
	{	/* sets not refereed together yet (rules/ext.h: not_with) */
		uint32_t exts = 1u << e;
		int a, b;

		for (int i = 0; i < r->nexpansions - 1; i++)
			exts |= 1u << cr_ext_find(r->expansions[i], strlen(r->expansions[i]));
		if (!cr_exts_together(exts, &a, &b)) {
			snprintf(err->msg, sizeof err->msg, _("expansions \"%s\" and \"%s\" together "
			    "are not supported yet by this carcref"), cr_exts[a]->name, cr_exts[b]->name);
			return -1;
		}
	}
	return 0;
}

static int
header_field(struct nt_record *r, const struct nt_field *f, struct cr_error *err)
{
	const char *s = f->text;

	if (f->key == keys[K_EXPANSIONS] || strcmp(f->key, keys[K_EXPANSIONS]) == 0)
		return nt_field_list(f, expansion_item, r, err);
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

static bool
write_key(const struct nt_emit *o, const struct nt_record *r, int k)
{
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

	for (int i = 0; i < r->nexpansions; i++) {
		int e = cr_ext_find(r->expansions[i], strlen(r->expansions[i]));

		if (e >= 0)
			exts |= 1u << e;
	}
	return exts;
}

/* ---- the game --------------------------------------------------------------- */

static void *
create(const void *world, const struct nt_record *r, struct nt_replay_error *err)
{
	const struct cr_tileset *ts = world;
	struct cr_config c = { r->edition, r->nplayers, nt_record_exts(r) };
	struct cr_game *g = cr_game_create(ts, &c);

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

	(void)world;	/* the tile set of every module, always */
	if (cr_game_restart(g, &c))
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
	.header_free = NULL,
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
