/*
 * hunters-gatherers.c -- Hunters & Gatherers' row of the game layer
 * (game.h), game: hunters-gatherers (../shared/spec/hunters-gatherers.md).
 *
 * The game runs on the tile game's engine (rules/game.h) with its own
 * module (rules/hunters-gatherers.c): its turn lines are the tile game's
 * (move.h, the game's own piece words), its refusals carry a kind for
 * JSON (HG-12), its header takes edition 1 only, no expansions, 1 to 5
 * players, and the tile data: tileset: (a file's name, or the whole set
 * inline) and tiles: (corrections, HG-8.3).  The world of a record is
 * its tile set with the corrections applied (nt_hg_world), which the
 * commands make once: the shipped file, the file the record names, or
 * the inline set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "hg.h"
#include "i18n.h"
#include "record-int.h"
#include "../rules/ext.h"

static const char *const keys[] = { "edition", "expansions", "players", "tileset", "tiles" };
enum { K_EDITION, K_EXPANSIONS, K_PLAYERS, K_TILESET, K_TILES };

#define MSG	sizeof ((struct nt_line_error *)0)->msg
#define SHIPPED	"hunters-gatherers.yaml"	/* the shipped set, as a refusal names it */

/* What the row reads into r->cfg. */
struct cfg {
	char		*file;		/* tileset: FILE */
	struct cr_tileset set;		/* tileset: {...} inline */
	bool		 inline_set;
	struct cr_tileset fix;		/* tiles: the corrections */
	bool		 have_fix;
	/* The set of file, as the world was made from it (nt_hg_world):
	 * written inline when the game is (header_own, HG-8.5). */
	struct cr_tileset base;
	bool		 have_base;
	char		*was;		/* the file's name once inline, for people */
};

static struct cfg *
cfg_of(struct nt_record *r)
{
	if (r->cfg == NULL)
		r->cfg = calloc(1, sizeof(struct cfg));
	return r->cfg;
}

static void
header_free(struct nt_record *r)
{
	struct cfg *c = r->cfg;

	if (c == NULL)
		return;
	free(c->file);
	cr_tileset_free(&c->set);
	cr_tileset_free(&c->fix);
	cr_tileset_free(&c->base);
	free(c->was);
	free(c);
	r->cfg = NULL;
}

static void
header_start(struct nt_record *r)
{
	r->edition = 1;
}

static int
expansion_item(void *arg, const char *name, size_t len, int line, int column,
    struct cr_error *err)
{
	(void)arg;
	err->line = line, err->column = column;
	snprintf(err->msg, sizeof err->msg, _("hunters-gatherers takes no expansions, got \"%s\""),
	    NT_Q(name, len));
	return -1;
}

/*
 * A field's YAML read again at its own place in the record, so that an
 * error names the record's line: its value after a first line that
 * names the set, under the key (pre: "tiles:"), or alone (pre NULL).
 */
static int
read_set(const struct nt_field *f, const char *pre, struct cr_tileset *ts,
    struct cr_error *err)
{
	size_t len = strlen(f->text), n = 0, size;
	char *text;
	int rc, line = f->line, col = f->column;

	size = (size_t)line + (size_t)col + len + 64;
	if ((text = malloc(size)) == NULL)
		return nt_field_fail(f, err, "%s", _("out of memory"));
	/* Line 1 is the record's line 1 only when a line comes before; the
	 * key goes on the line before its value when the value starts below
	 * it (a block), else on the value's line. */
	bool below = pre != NULL && f->key_line < line;
	int first = below && line > 2 ? line - 1 : line;

	n += (size_t)snprintf(text, size, "%s\n", pre ? "set: hunters-gatherers" : "");
	for (int l = 2; l < first; l++)
		text[n++] = '\n';
	if (pre != NULL) {
		n += (size_t)snprintf(text + n, size - n, "%s", pre);
		if (below || line == 1)
			text[n++] = '\n';
	}
	for (int k = pre && !below && line > 1 ? (int)strlen(pre) + 1 : 1; k < col; k++)
		text[n++] = ' ';
	memcpy(text + n, f->text, len);
	n += len;
	text[n] = '\0';
	rc = pre ? cr_tileset_parse_patch(ts, text, n, err) : cr_tileset_parse(ts, text, n, err);
	free(text);
	if (rc < 0) {
		if (err->line < 1)
			err->line = f->line, err->column = f->column;
		err->kind = "data-check";
		return -1;
	}
	return 0;
}

static int
header_field(struct nt_record *r, const struct nt_field *f, struct cr_error *err)
{
	int k = nt_game_takes(&nt_game_hg, f->key);
	struct cfg *c;

	switch (k) {
	case K_EDITION:
		if (nt_field_scalar(f, err) < 0)
			return -1;
		if (strcmp(f->text, "1") != 0)
			return nt_field_fail(f, err, _("hunters-gatherers has edition 1 only (the 2002 "
			    "game), got \"%s\""), NT_QS(f->text));
		r->edition = 1;
		return 0;
	case K_EXPANSIONS:
		return nt_field_list(f, expansion_item, r, err);
	case K_TILESET:
		if ((c = cfg_of(r)) == NULL)
			return nt_field_fail(f, err, "%s", _("out of memory"));
		if (f->shape == NT_MAP) {
			cr_tileset_free(&c->set);
			if (read_set(f, NULL, &c->set, err) < 0) {
				char m[sizeof err->msg];

				snprintf(m, sizeof m, "%s", err->msg);
				snprintf(err->msg, sizeof err->msg, _("tileset: %s (the tiles are not "
				    "known for sure: correct them here)"), m);
				return -1;
			}
			c->inline_set = true;
			return 0;
		}
		if (nt_field_scalar(f, err) < 0)
			return -1;
		if (f->null || f->text[0] == '\0')
			return nt_field_fail(f, err, "%s", _("tileset: names a tile-set file, by a "
			    "path relative to the record's directory, or holds the set"));
		free(c->file);
		if ((c->file = strdup(f->text)) == NULL)
			return nt_field_fail(f, err, "%s", _("out of memory"));
		return 0;
	default:	/* tiles: corrections */
		if ((c = cfg_of(r)) == NULL)
			return nt_field_fail(f, err, "%s", _("out of memory"));
		if (f->shape != NT_LIST) {
			err->kind = "data-check";
			return nt_field_fail(f, err, "%s", _("tiles: must be a list of tile types "
			    "or of {code: CODE, count: N}"));
		}
		cr_tileset_free(&c->fix);
		if (read_set(f, "tiles:", &c->fix, err) < 0) {
			char m[sizeof err->msg];

			snprintf(m, sizeof m, "%s", err->msg);
			snprintf(err->msg, sizeof err->msg, _("tiles: %s (the tiles are not known "
			    "for sure: correct them here)"), m);
			return -1;
		}
		c->have_fix = true;
		return 0;
	}
}

/* Key k and its value (fmt's notes of it: n, placed by the row). */
static bool
write_key_notes(const struct nt_emit *o, const struct nt_record *r, int k,
    const struct nt_note *notes, int n)
{
	const struct cfg *c = r->cfg;

	switch (k) {
	case K_EDITION:
		nt__emit(o, "edition: 1", 10);
		break;
	case K_EXPANSIONS:
		nt__emit(o, "expansions: []", 14);
		break;
	case K_TILESET:
		if (c != NULL && c->inline_set)
			return nt_hg_write_block(o, "tileset", &c->set, false,
			    nt_record_field(r, "tileset"), notes, n);
		if (c == NULL || c->file == NULL)
			return false;
		nt__emit(o, "tileset: ", 9);
		nt__emit_scalar(o, c->file);
		break;
	default:
		if (c == NULL || !c->have_fix)
			return false;
		return nt_hg_write_block(o, "tiles", &c->fix, true, nt_record_field(r, "tiles"),
		    notes, n);
	}
	for (int i = 0; i < n; i++)	/* a scalar's: after it */
		nt__emitf(o, "%s%.*s", i ? " " : "  ", (int)notes[i].len, notes[i].text);
	return true;
}

static bool
write_key(const struct nt_emit *o, const struct nt_record *r, int k)
{
	return write_key_notes(o, r, k, NULL, 0);
}

static int
describe(const struct nt_record *r, char *buf, size_t size)
{
	const struct cfg *c = r->cfg;

	if (c != NULL && c->inline_set && c->was != NULL)	/* the game in play's */
		return snprintf(buf, size, _("tiles of %s"), c->was);
	if (c != NULL && c->inline_set)
		return snprintf(buf, size, "%s", _("the record's tiles"));
	if (c != NULL && c->file != NULL)
		return snprintf(buf, size, _("tiles of %s"), c->file);
	return snprintf(buf, size, "%s", _("the shipped tiles"));
}

/* ---- the world ------------------------------------------------------------ */

const char *
nt_hg_tileset_file(const struct nt_record *r)
{
	const struct cfg *c = r->cfg;

	return c != NULL && !c->inline_set ? c->file : NULL;
}

int
nt_hg_world(const struct nt_record *r, const struct cr_tileset *file, struct cr_tileset *out,
    struct cr_error *err)
{
	const struct cfg *c = r->cfg;
	struct cfg *keep = r->cfg;	/* the base kept: a cache of r's */
	const struct cr_tileset *from = c != NULL && c->inline_set ? &c->set : file;

	memset(err, 0, sizeof *err);
	if (keep != NULL && !keep->inline_set && keep->file != NULL && file != NULL) {
		cr_tileset_free(&keep->base);
		keep->have_base = cr_tileset_copy(&keep->base, file) == 0;
	}
	if (from == NULL || cr_tileset_copy(out, from) < 0) {
		snprintf(err->msg, sizeof err->msg, "%s", _("out of memory"));
		return -1;
	}
	if (out->game != cr_rules_find("hunters-gatherers", 17)) {
		snprintf(err->msg, sizeof err->msg, _("tileset: set %s is not a Hunters & "
		    "Gatherers tile set (set: hunters-gatherers)"), out->name);
		err->kind = "data-check";
		cr_tileset_free(out);
		return -1;
	}
	if (c != NULL && c->have_fix && cr_tileset_patch(out, &c->fix, err) < 0) {
		err->kind = "data-check";
		cr_tileset_free(out);
		return -1;
	}
	free(out->source);	/* whose lines out's are: a file's, or the record's */
	out->source = NULL;
	if ((c == NULL || !c->inline_set) && (out->source = strdup(c != NULL && c->file != NULL ?
	    c->file : SHIPPED)) == NULL) {
		snprintf(err->msg, sizeof err->msg, "%s", _("out of memory"));
		cr_tileset_free(out);
		return -1;
	}
	if (out->start < 0) {
		snprintf(err->msg, sizeof err->msg, "%s", _("tileset: the set has no start tile"));
		err->kind = "data-check";
		cr_tileset_free(out);
		return -1;
	}
	return 0;
}

/* r's header names all g is played with (HG-8.5): a set read from a
 * file goes inline, its corrections kept under tiles:. */
static int
header_own(struct nt_record *r, const void *g)
{
	struct cfg *c = r->cfg;
	struct cr_tileset ts;

	if (c == NULL || c->inline_set || c->file == NULL)
		return 0;
	/* The file's set as the world was made from it; else (a world made
	 * for another record) the set in force, the corrections in it. */
	if (cr_tileset_copy(&ts, c->have_base ? &c->base : cr_game_tileset(g)) < 0)
		return -1;
	if (!c->have_base && c->have_fix) {
		cr_tileset_free(&c->fix);
		c->have_fix = false;
	}
	free(ts.source);	/* the record's own now */
	ts.source = NULL;
	cr_tileset_free(&c->set);
	c->set = ts;
	c->inline_set = true;
	free(c->was);
	c->was = c->file;
	c->file = NULL;
	return 1;
}

/* ---- the game --------------------------------------------------------------- */

static void *
create(const void *world, const struct nt_record *r, struct nt_replay_error *err)
{
	const struct cr_tileset *ts = world;
	struct cr_config c = { 1, r->nplayers, 0 };
	struct cr_game *g = cr_game_create(ts, &c);

	if (g == NULL) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "%s", _("cannot start the game: out of memory, "
		    "or the tile set has no start tile"));
	}
	return g;
}

static bool
restart(void *g, const void *world, const struct nt_record *r, struct nt_replay_error *err)
{
	struct cr_config c = { 1, r->nplayers, 0 };

	(void)world;
	if (cr_game_restart(g, &c))
		return true;
	snprintf(err->msg, sizeof err->msg, "%s", _("cannot start the game: out of memory"));
	return false;
}

static void game_free(void *g) { cr_game_free(g); }
static void set_undo(void *g, bool on) { cr_game_set_undo(g, on); }
static void undo(void *g, int n) { cr_game_undo(g, n); }
static int nplayers(const void *g) { return cr_game_nplayers(g); }
static int nmoves(const void *g) { return cr_game_nmoves(g); }
static int move_player(const void *g, int i) { return cr_game_move_player(g, i); }
static int turn(const void *g) { return cr_game_turn(g); }
static bool over(const void *g) { return cr_game_over(g); }
static int score(const void *g, int p) { return cr_game_player(g, p)->score; }

static int
format_move(const void *g, int i, char *buf, size_t size)
{
	return nt_format_move(cr_game_tileset(g), cr_game_move(g, i), NULL, buf, size);
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

int
nt_hg_event_pile(const void *g, int i)
{
	int n;
	const struct cr_event *ev = &cr_game_events(g, &n)[i];

	return ev->reason == CR_EV_MODULE ? ev->sub : -1;
}

/*
 * An event in the words of HG-10.2 where the kinds' cannot say it: the
 * bonus tile, a river system, a meadow, a forest or river left
 * incomplete; -1 for the others (the kinds' words: "completed forest of
 * 3 pieces: 2 x 3").  *role: the piece whose number makes the majority,
 * the hut for a river system; none for the bonus tile, nor for a meadow
 * a hunter on the shrine scores alone (struct nt_game.event_words).
 */
static int
words(const struct cr_event *ev, const char *const *names, int *role, char *buf, size_t size)
{
	const char *label = nt_event_label(ev);
	int pts = ev->points, o = 0;

	*role = 0;
	if (strcmp(label, "bonus") == 0) {
		const char *note = cr_phrase(ev->note);

		*role = -1;
		if (strcmp(note, "draws a bonus tile") == 0)
			return snprintf(buf, size, ngettext("completed forest with %d gold nugget: %s "
			    "draws a bonus tile (%d left in the pile)", "completed forest with %d gold "
			    "nuggets: %s draws a bonus tile (%d left in the pile)",
			    (unsigned long)ev->tiles), ev->tiles, names && ev->winners ?
			    names[__builtin_ctz(ev->winners)] : "?", ev->sub);
		return snprintf(buf, size, ngettext("completed forest with %d gold nugget: %s",
		    "completed forest with %d gold nuggets: %s", (unsigned long)ev->tiles), ev->tiles,
		    _(note));
	}
	if (strcmp(label, "river-system") == 0) {
		*role = cr_piece_find(cr_ext_rules(cr_kind_ext(ev->kind)), "hut", 3);
		return snprintf(buf, size, ngettext("river system with %d fish: 1 x %d",
		    "river system with %d fish: 1 x %d", (unsigned long)ev->pennants), ev->pennants,
		    ev->pennants);
	}
	if (ev->reason == CR_EV_FINAL) {	/* HG-6.2 */
		char tmp[256], *colon;

		nt_event_why_kind(ev, tmp, sizeof tmp);
		if ((colon = strchr(tmp, ':')) != NULL)
			*colon = '\0';
		return snprintf(buf, size, _("%s: nothing at the end"), tmp);
	}
	if (strcmp(label, "meadow") == 0) {
		int deer = ev->tiles, tigers = ev->pennants, left = ev->term[0].count;
		bool any = false;

		if (ev->small_city)
			*role = -1;
#define PUT(...)	(o += snprintf(buf + (o < (int)size ? o : (int)size), \
		    o < (int)size ? size - (size_t)o : 0, __VA_ARGS__))
		PUT("%s", _("meadow with"));
		if (deer)
			PUT(_(" %d deer"), deer), any = true;
		if (tigers) {
			PUT("%s", any ? "," : ""), any = true;
			PUT(ngettext(" %d tiger", " %d tigers", (unsigned long)tigers), tigers);
			if (ev->cities)
				PUT("%s", _(" (fire: no deer eaten)"));
			else
				PUT(_(" (%d deer eaten)"), deer - left);
		}
		if (ev->term[1].count) {
			PUT("%s", any ? "," : ""), any = true;
			PUT(ngettext(" %d mammoth", " %d mammoths", (unsigned long)ev->term[1].count),
			    ev->term[1].count);
		}
		if (ev->term[2].count) {
			PUT("%s", any ? "," : ""), any = true;
			PUT(_(" %d aurochs"), ev->term[2].count);
		}
		if (!any)
			PUT("%s", _(" no animal"));
		PUT(": 2 x %d", pts / 2);
		if (ev->small_city)
			PUT("%s", _("; the hunter on the shrine scores alone"));
#undef PUT
		return o;
	}
	return -1;
}

/* An event's arithmetic, in the words of HG-10.2 (JSON's why). */
static int
event_why(const void *g, int i, const char *const *names, char *buf, size_t size)
{
	int n, role, o;
	const struct cr_event *ev = &cr_game_events(g, &n)[i];

	if ((o = words(ev, names, &role, buf, size)) >= 0)
		return o;
	return nt_event_why(ev, buf, size);
}

/* Its whole account: the arithmetic, who is paid, the majority
 * ("(2 hunters)", "(tied, 1 gatherer each)") and who has fewer. */
static int
event_explain(const void *g, int i, const char *const *names, char *buf, size_t size)
{
	int n;

	return nt_event_explain(&cr_game_events(g, &n)[i], names, cr_game_nplayers(g), buf,
	    size);
}

/* ---- a turn line ---------------------------------------------------------- */

/* The refusal's kind for JSON (HG-12). */
static const char *
kind_of(const struct cr_game *g, const struct cr_refusal *why)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const struct cr_pool *pool;

	switch (why->code) {
	case CR_R_GAME_OVER: return "game-over";
	case CR_R_NO_COPY: return "tile-exhausted";
	case CR_R_OCCUPIED: return "position-occupied";
	case CR_R_NOT_ADJACENT: return "not-adjacent";
	case CR_R_EDGE_MISMATCH: return "tile-edge-mismatch";
	case CR_R_DISCARD_FITS: return "discard-fits";
	case CR_R_NO_MEEPLE:
		pool = cr_pool(cr_piece_pool(why->role));
		return pool != NULL && strcmp(pool->name, "hut") == 0 ? "no-huts-left" :
		    "no-meeples-left";
	case CR_R_SPOT_MANY: return "ambiguous-spot";
	case CR_R_SPOT_NONE: {
		const struct cr_piece *pc = cr_piece(why->role);
		const struct cr_tiletype *t = &ts->type[why->tile];
		cr_ports want = cr_ports_rotate(cr_spot_ports(why->spot), (4 - why->rot) & 3);
		bool other = false;

		for (int s = 0; s < t->nseg; s++) {
			bool here = why->spot == CR_SPOT_C ? t->seg[s].ports == 0 :
			    (t->seg[s].ports & want) != 0;

			if (!here)
				continue;
			if (pc != NULL && strcmp(pc->word, "fisher") == 0 &&
			    strcmp(cr_kind_name(t->seg[s].kind), "lake") == 0)
				return "fisher-on-lake";
			other = true;
		}
		return other ? "role-mismatch" : "no-feature-at-spot";
	}
	case CR_R_FEATURE_TAKEN: return "meeple-on-occupied-feature";
	case CR_R_EXT: {
		const char *p = cr_phrase(why->phrase);

		if (strncmp(p, "{tile} is a bonus", 17) == 0)
			return "bonus-tile-not-due";
		if (strncmp(p, "a bonus tile is due", 19) == 0)
			return "bonus-tile-due";
		if (strncmp(p, "one hut", 7) == 0)
			return "hut-system-occupied";
		return "rule";
	}
	default:
		return "syntax";
	}
}

/* Is w (n bytes) a piece word of another game? */
static const char *
other_game_piece(const struct cr_game *g, const char *w, size_t n)
{
	for (int r = 0; r < cr_ngames; r++) {
		int id;

		if (r == cr_game_rules(g))
			continue;
		if ((id = cr_piece_find(r, w, n)) > 0)
			return cr_piece(id)->word;
	}
	return NULL;
}

/* The line's last word, ROLE@SPOT, if a piece of another game: its
 * start, its word (the canonical one) in *word. */
static const char *
foreign_piece(const struct cr_game *g, const char *line, size_t len, const char **word)
{
	size_t e = len, b, at;

	while (e > 0 && (line[e - 1] == ' ' || line[e - 1] == '\t'))
		e--;
	{
		const char *hash = memchr(line, '#', len);

		if (hash != NULL && (size_t)(hash - line) < e) {
			e = (size_t)(hash - line);
			while (e > 0 && (line[e - 1] == ' ' || line[e - 1] == '\t'))
				e--;
		}
	}
	b = e;
	while (b > 0 && line[b - 1] != ' ' && line[b - 1] != '\t')
		b--;
	for (at = b; at < e && line[at] != '@'; at++)
		;
	if (at == b || (*word = other_game_piece(g, line + b, at - b)) == NULL)
		return NULL;
	return line + b;
}

/* The tail of a spot refusal, "; valid spots for ...", or "". */
static const char *
valid_tail(const char *msg)
{
	const char *t = strstr(msg, "; ");

	return t ? t : "";
}

/* Where player p's piece of kind role stands on a feature the move m
 * touches: its tile's x,y; false if none found. */
static bool
taken_at(const struct cr_game *g, const struct cr_move *m, int p, int *x, int *y)
{
	for (int f = 0; f < cr_game_nfigures(g); f++) {
		const struct cr_figure *fg = cr_game_figure(g, f);

		if (fg->on_board && fg->player == p &&
		    cr_move_touches(g, m, NULL, cr_figure_root(g, f))) {
			*x = cr_game_tile(g, cr_node_tile(g, fg->node))->x;
			*y = cr_game_tile(g, cr_node_tile(g, fg->node))->y;
			return true;
		}
	}
	return false;
}

/* Player p's gatherers and fishers that go home at the end of this turn. */
static int
going_home(const struct cr_game *g, int p)
{
	int n = 0;

	for (int f = 0; f < cr_game_nfigures(g); f++) {
		const struct cr_figure *fg = cr_game_figure(g, f);
		const struct cr_piece *pc = cr_piece(fg->role);

		if (fg->on_board && fg->player == p && (pc->flags & CR_PIECE_STAYS) &&
		    (pc->flags & CR_PIECE_FOLLOWER) && cr_feature_open(g, cr_figure_root(g, f)) == 0)
			n++;
	}
	return n;
}

/* Where type t of the set in force came from (HG-8.6): "hunters-gatherers.yaml,
 * line 208", "the record, line 12", or the file alone when the line is
 * not known. */
static const char *
origin(const struct cr_tileset *ts, int t, char *buf, size_t size)
{
	const char *file;
	bool record;
	int line = cr_tileset_origin(ts, t, &file, &record);

	if (record)
		snprintf(buf, size, _("the record, line %d"), line);
	else if (line > 0)
		snprintf(buf, size, _("%s, line %d"), file ? file : SHIPPED, line);
	else
		snprintf(buf, size, "%s", file ? file : SHIPPED);
	return buf;
}

/* The refusal's words where this game's differ from the tile game's. */
static void
word(const struct cr_game *g, const struct cr_move *m, const struct cr_refusal *why,
    const char *const *names, const char *kind, char *msg)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int who = cr_game_turn(g), n = cr_game_nmoves(g), x, y, k = 0;
	char tail[512], where[300], *o;

	snprintf(tail, sizeof tail, "%s", valid_tail(msg));
	if (strcmp(kind, "bonus-tile-due") == 0)
		snprintf(msg, MSG, _("move %d is %s's bonus tile (move %d completed a forest with "
		    "gold): %s is a land tile"), n + 1, names[who], why->n, ts->type[m->tile].code);
	else if (strcmp(kind, "fisher-on-lake") == 0)
		snprintf(msg, MSG, _("a fisher stands on a river segment, not on a lake%s"), tail);
	else if (strcmp(kind, "role-mismatch") == 0 && cr_piece(m->role) != NULL &&
	    cr_piece(m->role)->kind2 != cr_piece(m->role)->kind &&
	    strcmp(cr_piece(m->role)->word, "hut") == 0)
		snprintf(msg, MSG, _("a hut stands on a river or a lake%s"), tail);
	else if (strcmp(kind, "hut-system-occupied") == 0)
		snprintf(msg, MSG, _("one hut per river system at placement: the %s at %s of %s at "
		    "%d,%d is in a river system that already holds %s's hut (at %d,%d)"),
		    m->spot == CR_SPOT_C ? _("lake") : _("river"), cr_spot_name(m->spot),
		    ts->type[m->tile].code, m->x, m->y, names[why->other_player], why->other_x,
		    why->other_y);
	else if (strcmp(kind, "no-huts-left") == 0)
		snprintf(msg, MSG, _("no hut left: both of %s's huts are on the board"), names[who]);
	else if (strcmp(kind, "no-meeples-left") == 0) {
		int home = going_home(g, who);

		if (home > 0)
			snprintf(msg, MSG, ngettext("no tribe member left: all 5 of %s's are on the "
			    "board; %d goes home at the end of this turn", "no tribe member left: all "
			    "5 of %s's are on the board; %d go home at the end of this turn",
			    (unsigned long)home), names[who], home);
		else
			snprintf(msg, MSG, _("no tribe member left: all 5 of %s's are on the board"),
			    names[who]);
	} else if (strcmp(kind, "meeple-on-occupied-feature") == 0 &&
	    taken_at(g, m, why->other_player, &x, &y)) {
		size_t l = strlen(msg);

		snprintf(msg + l, MSG - l, _(" (at %d,%d)"), x, y);
	} else if (strcmp(kind, "tile-exhausted") == 0) {
		const struct cr_tiletype *t = &ts->type[m->tile];
		size_t l;

		const char *file;
		bool record;

		cr_tileset_origin(ts, m->tile, &file, &record);
		l = (size_t)snprintf(msg, MSG, _("no copy left: the %d %s of %s are used (at"),
		    t->count, t->code, record ? _("the record") : file ? file : SHIPPED);
		o = msg;
		for (int i = 1; i < cr_game_ntiles(g) && l < MSG; i++)
			if (cr_game_tile(g, i)->type == m->tile)
				l += (size_t)snprintf(o + l, MSG - l, "%s%d,%d", k++ ? " and " : " ",
				    cr_game_tile(g, i)->x, cr_game_tile(g, i)->y);
		if (l < MSG)
			snprintf(o + l, MSG - l, _("); if your box has more, correct the count "
			    "under \"tiles:\" (%s)"), origin(ts, m->tile, where, sizeof where));
	}
	if (strcmp(kind, "tile-edge-mismatch") == 0 || strcmp(kind, "discard-fits") == 0 ||
	    strcmp(kind, "role-mismatch") == 0 || strcmp(kind, "no-feature-at-spot") == 0 ||
	    strcmp(kind, "ambiguous-spot") == 0 || strcmp(kind, "fisher-on-lake") == 0) {
		size_t l = strlen(msg);

		if (m->tile >= 0 && m->tile < ts->ntypes && l < MSG)
			snprintf(msg + l, MSG - l, _(" (%s as %s describes it: if your box "
			    "differs, correct it under \"tiles:\")"), ts->type[m->tile].code,
			    origin(ts, m->tile, where, sizeof where));
	}
}

/* The refusal of m, asked again with its words worked out. */
static void
fits_refusal(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	cr_game_check(g, m, why);
}

/* A word that reads as a code but names no type (HG-12.17 step 4): the
 * line read again with the start tile's code in its place, so that what
 * does not read is said first.  0 when the rest reads (t filled). */
static int
reread(const struct cr_game *g, const char *line, size_t len, int col, struct nt_turn *t,
    struct nt_error *pe, char **code)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const char *start = ts->type[ts->start].code;
	size_t b = (size_t)col - 1, e = b, n;
	char *buf;
	int rc;

	while (e < len && line[e] != ' ' && line[e] != '\t')
		e++;
	n = b + strlen(start) + (len - e);
	if ((buf = malloc(n + 1)) == NULL || (*code = malloc(e - b + 1)) == NULL) {
		free(buf);
		return -1;
	}
	memcpy(*code, line + b, e - b);
	(*code)[e - b] = '\0';
	memcpy(buf, line, b);
	memcpy(buf + b, start, strlen(start));
	memcpy(buf + b + strlen(start), line + e, len - e);
	buf[n] = '\0';
	rc = nt_parse_move(ts, buf, n, t, pe);
	if (t->player != NULL)	/* before the code: the same place in line */
		t->player = line + (t->player - buf);
	free(buf);
	return rc;
}

static int
hg_refused(void *game, const char *const *names, const char *line, size_t len,
    const char *player, struct nt_line_error *err);

/* A turn line: most are read and played at once; anything else (a
 * refusal, a player named) is worked out by hg_refused, which reads the
 * line again (a refused move left the game as it was). */
static int
hg_play(void *game, const char *const *names, const size_t *lens, const char *line,
    size_t len, const char *player, struct nt_line_error *err)
{
	struct cr_game *g = game;
	struct nt_turn t;
	struct nt_error pe;

	(void)lens;	/* a line that names its player: hg_refused's */
	if (player == NULL && nt_parse_move(cr_game_tileset(g), line, len, &t, &pe) == 0 &&
	    !t.blank && t.player == NULL && !cr_game_over(g) && cr_game_play(g, &t.move, NULL))
		return 0;
	return hg_refused(game, names, line, len, player, err);
}

static int
hg_refused(void *game, const char *const *names, const char *line, size_t len,
    const char *player, struct nt_line_error *err)
{
	struct cr_game *g = game;
	struct cr_refusal why;
	const char *piece = NULL, *word_ = NULL;
	char *unknown = NULL;
	struct nt_turn t;
	struct nt_error pe;
	int who = cr_game_turn(g), n;

	err->kind = "syntax";
	err->column = 1;
	if (nt_parse_move(cr_game_tileset(g), line, len, &t, &pe) < 0) {
		size_t use = len;

		/* A piece of another game: refused at step 6 (HG-12.17), the
		 * line read without it. */
		if ((piece = foreign_piece(g, line, len, &word_)) != NULL)
			use = (size_t)(piece - line);
		if (nt_parse_move(cr_game_tileset(g), line, use, &t, &pe) < 0 &&
		    (strstr(pe.msg, "unknown tile") == NULL ||
		    reread(g, line, use, pe.column, &t, &pe, &unknown) < 0)) {
			free(unknown);
			if (piece != NULL)	/* the piece's word did not read either */
				nt_parse_move(cr_game_tileset(g), line, len, &t, &pe);
			err->column = pe.column;
			memcpy(err->msg, pe.msg, sizeof pe.msg);
			return -1;
		}
		if (piece == NULL)
			word_ = NULL;
	}
	if (t.blank) {
		snprintf(err->msg, MSG, "%s", _("expected a move, found nothing"));
		return -1;
	}
	if (player != NULL) {
		if (t.player != NULL) {
			free(unknown);
			snprintf(err->msg, MSG, _("the player is given twice (\"%s:\" and \"%s:\")"),
			    NT_QS(player), NT_Q(t.player, t.player_len));
			return -1;
		}
		t.player = player;
		t.player_len = strlen(player);
	}
	if (cr_game_over(g)) {
		free(unknown);
		err->kind = "game-over";
		snprintf(err->msg, MSG, "%s", _("the game is over: no move may follow"));
		return -1;
	}
	if (t.player != NULL &&
	    !nt_name_eq(names[who], strlen(names[who]), t.player, t.player_len)) {
		int np = cr_game_nplayers(g), k;

		free(unknown);
		for (k = 0; k < np; k++)
			if (nt_name_eq(names[k], strlen(names[k]), t.player, t.player_len))
				break;
		err->kind = "wrong-player";
		n = cr_game_nmoves(g);
		if (k == np)
			snprintf(err->msg, MSG, _("no player is named \"%s\""),
			    NT_Q(t.player, t.player_len));
		else if (n > 0 && cr_game_move(g, n - 1)->kind == CR_MOVE_PLACE &&
		    cr_game_move_player(g, n - 1) == who && np > 1)	/* a bonus line */
			snprintf(err->msg, MSG, _("it is %s's bonus tile (move %d completed a forest "
			    "with gold), not %s's turn"), names[who], n, names[k]);
		else
			snprintf(err->msg, MSG, _("it is %s's turn, not %s's"), names[who], names[k]);
		return -1;
	}
	if (unknown != NULL) {
		err->kind = "unknown-tile";
		const struct cr_tileset *ts = cr_game_tileset(g);
		char in[300];

		if (ts->source == NULL)
			snprintf(in, sizeof in, "%s", _("the record's tile set"));
		else if (strcmp(ts->source, SHIPPED) == 0)
			snprintf(in, sizeof in, _("the shipped %s"), SHIPPED);
		else
			snprintf(in, sizeof in, "%s", ts->source);
		snprintf(err->msg, MSG, _("no tile %s in %s (no public list of the 2002 tiles "
		    "exists, so your box may differ): describe it under \"tiles:\" in the "
		    "record"), NT_QS(unknown), in);
		free(unknown);
		return -1;
	}
	if (word_ != NULL && cr_game_check(g, &t.move, &why)) {
		err->kind = "piece-of-another-game";
		snprintf(err->msg, MSG, _("%s is a piece of Carcassonne: Hunters & Gatherers has "
		    "hunter, gatherer, fisher and hut"), word_);
		return -1;
	}
	if ((word_ != NULL && (fits_refusal(g, &t.move, &why), true)) ||
	    !cr_game_play(g, &t.move, &why)) {
		err->kind = kind_of(g, &why);
		nt_refusal_game(g, &why, names, err->msg, MSG);
		word(g, &t.move, &why, names, err->kind, err->msg);
		return -1;
	}
	return 0;
}

bool nt_hg_move_prefixed(const void *g, int i);	/* at the end */

/* ---- fmt -------------------------------------------------------------------- */

static int
canon(const void *world, const struct nt_record *r, const char *line, size_t len,
    struct nt_canon *c, char *buf, size_t size, struct nt_line_error *err)
{
	return nt_game_tile.canon(world, r, line, len, c, buf, size, err);
}

const struct nt_game nt_game_hg = {
	.name = "hunters-gatherers",
	.title = N_("Hunters & Gatherers"),
	.the = N_("hunters-gatherers"),
	.keys = keys,
	.nkeys = (int)(sizeof keys / sizeof keys[0]),
	.minplayers = 2,
	.maxplayers = 5,
	.maxrecord = 5,
	.header_kind = "header",
	.keys_own = true,
	.header_start = header_start,
	.header_field = header_field,
	.header_free = header_free,
	.write_key = write_key,
	.describe = describe,
	.create = create,
	.restart = restart,
	.free = game_free,
	.set_undo = set_undo,
	.play = hg_play,
	.undo = undo,
	.nplayers = nplayers,
	.nmoves = nmoves,
	.move_player = move_player,
	.format_move = format_move,
	.turn = turn,
	.over = over,
	.score = score,
	.nevents = nevents,
	.event = event,
	.event_explain = event_explain,
	.event_why = event_why,
	.canon = canon,
	.move_prefixed = nt_hg_move_prefixed,
	.header_own = header_own,
	.write_key_notes = write_key_notes,
	.event_words = words,
};

/* ---- for the table (cmd/hg-game.c) ------------------------------------------ */

bool
nt_hg_set_tileset(struct nt_record *r, const char *file)
{
	struct cfg *c = cfg_of(r);
	char *f = strdup(file);

	if (c == NULL || f == NULL) {
		free(f);
		return false;
	}
	free(c->file);
	c->file = f;
	return true;
}

/* A bonus line (a bonus tile placed) is written with its prefix (HG-7.8). */
bool
nt_hg_move_prefixed(const void *g, int i)
{
	const struct cr_move *m = cr_game_move(g, i);

	static int bonus = -2;

	if (bonus == -2)
		bonus = cr_attr_find("bonus", 5);
	return m->kind == CR_MOVE_PLACE &&
	    (cr_game_tileset(g)->type[m->tile].marks & cr_attr_bit(bonus)) != 0;
}
