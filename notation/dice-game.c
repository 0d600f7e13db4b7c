/*
 * dice-game.c -- the dice game's row of the game layer (game.h), game:
 * dice (spec/dice.md): its header keys (edition 1 only, no expansions,
 * its faces inline or a face file named), its engine (rules/dice.h)
 * behind the row's hooks, its turn line and words (dice.h).
 *
 * The world of a dice record is a face set (struct dc_faces): the shipped
 * one, or the file its faceset: names, as cmd/ loads them; a record's own
 * faces: are read here, with the header, and are then in force whatever
 * the world.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "i18n.h"
#include "record-int.h"

/* ---- the header ------------------------------------------------------------ */

static const char *const keys[] = { "edition", "expansions", "players", "faces", "faceset" };
enum { K_EDITION, K_EXPANSIONS, K_PLAYERS, K_FACES, K_FACESET };

/* What the row reads into r->cfg: its faces (faces:), or the file it
 * names (faceset:); neither: the world's are in force. */
struct cfg {
	struct dc_faces	 faces;
	bool		 have;		/* faces: read */
	char		*faceset;	/* faceset: as written */
};

static struct cfg *
cfg_of(struct nt_record *r)
{
	if (r->cfg == NULL)
		r->cfg = calloc(1, sizeof (struct cfg));
	return r->cfg;
}

static void
header_start(struct nt_record *r)
{
	r->edition = 1;
}

static void
header_free(struct nt_record *r)
{
	struct cfg *c = r->cfg;

	if (c == NULL)
		return;
	dc_faces_free(&c->faces);
	free(c->faceset);
	free(c);
	r->cfg = NULL;
}

static int
expansion_item(void *arg, const char *name, size_t len, int line, int column,
    struct cr_error *err)
{
	(void)arg;
	err->line = line, err->column = column;
	snprintf(err->msg, sizeof err->msg, _("the dice game has no expansions, got \"%s\""),
	    NT_Q(name, len));
	return -1;
}

/* faces: a list of four faces (rules/dice.h), read again at its own
 * place in the record so that every error names the record's line. */
static int
read_faces(struct nt_record *r, const struct nt_field *f, struct cr_error *err)
{
	size_t pad = (size_t)(f->line - 1) + (size_t)(f->column - 1), len = strlen(f->text);
	struct cfg *c = cfg_of(r);
	struct dc_error de;
	char *text;
	int rc;

	if (c == NULL)
		return nt_field_fail(f, err, "%s", _("out of memory"));
	if (c->faceset != NULL)
		return nt_field_fail(f, err, "%s", _("faces: and faceset: together: a record "
		    "carries its faces or names a file of them, not both"));
	if (f->shape != NT_LIST) {
		err->kind = "data-check";
		return nt_field_fail(f, err, "%s", _("faces: must be a list of the four city faces "
		    "of a die ({code: CFFF, edges: C F F F, cities: [[N]]}, ...)"));
	}
	if ((text = malloc(pad + len + 1)) == NULL)
		return nt_field_fail(f, err, "%s", _("out of memory"));
	memset(text, '\n', (size_t)(f->line - 1));
	memset(text + f->line - 1, ' ', (size_t)(f->column - 1));
	memcpy(text + pad, f->text, len + 1);
	rc = dc_faces_parse(&c->faces, text, pad + len, &de);
	free(text);
	if (rc < 0) {
		err->line = de.line > 0 ? de.line : f->line;
		err->column = de.line > 0 ? de.column : f->column;
		err->kind = "data-check";
		snprintf(err->msg, sizeof err->msg, _("faces: %s (the shapes are not known for "
		    "sure: correct them here)"), de.msg);
		return -1;
	}
	if (!dc_faces_origin(&c->faces, DC_FROM_RECORD, NULL)) {
		dc_faces_free(&c->faces);
		return nt_field_fail(f, err, "%s", _("out of memory"));
	}
	c->have = true;
	return 0;
}

static int
header_field(struct nt_record *r, const struct nt_field *f, struct cr_error *err)
{
	int k = nt_game_takes(&nt_game_dice, f->key);
	struct cfg *c;

	switch (k) {
	case K_EDITION:
		if (nt_field_scalar(f, err) < 0)
			return -1;
		if (strcmp(f->text, "1") != 0)
			return nt_field_fail(f, err, _("the dice game has edition 1 only, got \"%s\""),
			    NT_QS(f->text));
		r->edition = 1;
		return 0;
	case K_EXPANSIONS:
		return nt_field_list(f, expansion_item, r, err);
	case K_FACES:
		return read_faces(r, f, err);
	default:		/* faceset: a file's name */
		if (nt_field_scalar(f, err) < 0)
			return -1;
		if (f->null || f->text[0] == '\0')
			return nt_field_fail(f, err, "%s", _("faceset: names a face file "
			    "(carcref-faces/1), by a path relative to the record's directory"));
		if ((c = cfg_of(r)) == NULL)
			return nt_field_fail(f, err, "%s", _("out of memory"));
		if (c->have)
			return nt_field_fail(f, err, "%s", _("faces: and faceset: together: a record "
			    "carries its faces or names a file of them, not both"));
		free(c->faceset);
		if ((c->faceset = strdup(f->text)) == NULL)
			return nt_field_fail(f, err, "%s", _("out of memory"));
		return 0;
	}
}

static bool
write_key(const struct nt_emit *o, const struct nt_record *r, int k)
{
	const struct cfg *c = r->cfg;
	char *yaml;
	size_t n;

	switch (k) {
	case K_EDITION:
		nt__emit(o, "edition: 1", 10);
		return true;
	case K_EXPANSIONS:
		nt__emit(o, "expansions: []", 14);
		return true;
	case K_FACES:
		if (c == NULL || !c->have)
			return false;
		if ((yaml = nt_dice_faces_yaml(&c->faces, "  ")) == NULL) {
			o->put(o->arg, NULL, 0);	/* out of memory */
			return true;
		}
		n = strlen(yaml);
		nt__emit(o, "faces:\n", 7);
		nt__emit(o, yaml, n > 0 ? n - 1 : 0);	/* without the last newline */
		free(yaml);
		return true;
	default:
		if (c == NULL || c->faceset == NULL)
			return false;
		nt__emit(o, "faceset: ", 9);
		nt__emit_scalar(o, c->faceset);
		return true;
	}
}

static int
describe(const struct nt_record *r, char *buf, size_t size)
{
	const struct cfg *c = r->cfg;

	if (c != NULL && c->have && c->faces.origin == DC_FROM_SHIPPED)
		return snprintf(buf, size, "%s", _("the shipped faces"));
	if (c != NULL && c->have && c->faces.origin == DC_FROM_FILE)
		return snprintf(buf, size, _("faces of %s"), c->faces.file ? c->faces.file : "?");
	if (c != NULL && c->have)
		return snprintf(buf, size, "%s", _("the record's faces"));
	if (c != NULL && c->faceset != NULL)
		return snprintf(buf, size, _("faces of %s"), c->faceset);
	return snprintf(buf, size, "%s", _("the shipped faces"));
}

const struct dc_faces *
nt_dice_record_faces(const struct nt_record *r)
{
	const struct cfg *c = r->row == &nt_game_dice ? r->cfg : NULL;

	return c != NULL && c->have ? &c->faces : NULL;
}

const char *
nt_dice_record_faceset(const struct nt_record *r)
{
	const struct cfg *c = r->row == &nt_game_dice ? r->cfg : NULL;

	return c != NULL ? c->faceset : NULL;
}

bool
nt_dice_record_set_faceset(struct nt_record *r, const char *file)
{
	struct cfg *c = cfg_of(r);
	char *copy = strdup(file);

	if (c == NULL || copy == NULL) {
		free(copy);
		return false;
	}
	free(c->faceset);
	c->faceset = copy;
	return true;
}

/* The record's faces, else the world's. */
static const struct dc_faces *
faces_of(const void *world, const struct nt_record *r)
{
	const struct cfg *c = r->cfg;

	return c != NULL && c->have ? &c->faces : world;
}

/* A copy of face set in, where it came from and its texts too. */
static bool
faces_copy(struct dc_faces *f, const struct dc_faces *in)
{
	struct dc_error de;
	char *yaml;
	int rc;

	if ((yaml = nt_dice_faces_yaml(in, "")) == NULL)
		return false;
	rc = dc_faces_parse(f, yaml, strlen(yaml), &de);
	free(yaml);
	if (rc < 0)
		return false;
	if (!dc_faces_origin(f, in->origin, in->file) ||
	    (in->source != NULL && (f->source = strdup(in->source)) == NULL) ||
	    (in->doubt != NULL && (f->doubt = strdup(in->doubt)) == NULL)) {
		dc_faces_free(f);
		return false;
	}
	return true;
}

/* r's header names g's faces inline, the set in force (where they came
 * from kept, for the messages of the game in play). */
static int
header_own(struct nt_record *r, const void *g)
{
	const struct dc_faces *in = dc_game_faces(g);
	struct cfg *c = cfg_of(r);
	struct dc_faces f;

	if (c == NULL)
		return -1;
	if (c->have && in == &c->faces)
		return 0;
	if (!faces_copy(&f, in))
		return -1;
	if (c->have)
		dc_faces_free(&c->faces);
	c->faces = f;
	c->have = true;
	free(c->faceset);
	c->faceset = NULL;
	return 1;
}

/* ---- the game --------------------------------------------------------------- */

static void *
create(const void *world, const struct nt_record *r, struct nt_replay_error *err)
{
	const struct dc_faces *f = faces_of(world, r);
	struct dc_game *g = f != NULL ? dc_game_new(f, r->nplayers) : NULL;

	if (g == NULL) {
		memset(err, 0, sizeof *err);
		snprintf(err->msg, sizeof err->msg, "%s", f == NULL ? _("cannot start the game: "
		    "no face data") : _("cannot start the game: out of memory"));
	}
	return g;
}

static bool
restart(void *g, const void *world, const struct nt_record *r, struct nt_replay_error *err)
{
	if (dc_game_restart(g, faces_of(world, r), r->nplayers))
		return true;
	memset(err, 0, sizeof *err);
	snprintf(err->msg, sizeof err->msg, "%s", _("cannot start the game: no face data"));
	return false;
}

static void
game_free(void *g)
{
	dc_game_free(g);
}

static void
set_undo(void *g, bool on)
{
	(void)g, (void)on;	/* a move keeps its line: undo costs nothing more */
}

static int
play(void *g, const char *const *names, const size_t *lens, const char *line, size_t len,
    const char *player, struct nt_line_error *err)
{
	struct nt_dice_error e;

	(void)lens;	/* a player's name is looked up as nt_dice_play does */
	if (nt_dice_play(g, names, line, len, player, &e) == 0)
		return 0;
	err->column = e.column;
	err->kind = dc_rkind_name(e.kind);
	snprintf(err->msg, sizeof err->msg, "%s", e.msg);
	return -1;
}

static void
undo(void *g, int n)
{
	while (n-- > 0 && dc_game_undo(g))
		;
}

static int
nplayers(const void *g)
{
	return dc_game_nplayers(g);
}

static int
nmoves(const void *g)
{
	return dc_game_nmoves(g);
}

static int
move_player(const void *g, int i)
{
	return dc_game_move_player(g, i);
}

static int
format_move(const void *g, int i, char *buf, size_t size)
{
	const struct dc_turn *t = dc_game_move(g, i);

	return t != NULL ? nt_dice_format(dc_game_faces(g), t, NULL, 0, buf, size) : -1;
}

static int
turn(const void *g)
{
	return dc_game_turn(g);
}

static bool
over(const void *g)
{
	return dc_game_over(g);
}

static int
score(const void *g, int p)
{
	return dc_game_score(g, p);
}

static int
nevents(const void *g)
{
	return dc_game_nevents(g);
}

const char *
nt_dice_feature_word(enum dc_feature f)
{
	static const char *const words[] = {
		[DC_EV_CITY] = N_("city"),
		[DC_EV_NO_CITY] = N_("no city"),
		[DC_EV_KNIGHT] = N_("knight"),
		[DC_EV_CATAPULTS] = N_("catapults"),
		[DC_EV_WIN] = N_("win"),
	};

	return (size_t)f < sizeof words / sizeof *words ? _(words[f]) : "?";
}

static void
event(const void *g, int i, struct nt_event *v)
{
	const struct dc_event *e = dc_game_event(g, i);

	memset(v, 0, sizeof *v);
	v->move = e->move;
	v->final = false;
	v->player = e->player;
	v->label = dc_feature_name(e->feature);
	v->name = nt_dice_feature_word(e->feature);
	/* A turn names its player, whatever it scored; a win, nobody. */
	v->paid = e->feature == DC_EV_WIN ? 0 : 1u << e->player;
	v->points[e->player] = e->points;
}

static int
event_why(const void *g, int i, const char *const *names, char *buf, size_t size)
{
	return nt_dice_why(dc_game_event(g, i), names, buf, size);
}

/* ---- fmt -------------------------------------------------------------------- */

static int
canon(const void *world, const struct nt_record *r, const char *line, size_t len,
    struct nt_canon *c, char *buf, size_t size, struct nt_line_error *err)
{
	const struct dc_faces *f = faces_of(world, r);
	struct nt_dice_error e;
	struct dc_turn t;
	int n;

	dc_turn_init(&t);
	if (nt_dice_parse(f, line, len, &t, &e) < 0) {
		err->column = e.column;
		err->kind = dc_rkind_name(e.kind);
		snprintf(err->msg, sizeof err->msg, "%s", e.msg);
		dc_turn_free(&t);
		return -1;
	}
	c->blank = t.blank;
	c->end = t.end;
	c->player = t.player;
	c->player_len = t.player_len;
	if (t.blank) {
		if (size > 0)
			buf[0] = '\0';
		dc_turn_free(&t);
		return 0;
	}
	dc_turn_complete(f, &t);
	n = nt_dice_format(f, &t, NULL, 0, buf, size);
	dc_turn_free(&t);
	return n;
}

const struct nt_game nt_game_dice = {
	.name = "dice",
	.title = N_("Carcassonne: The Dice Game"),
	.the = N_("the dice game"),
	.keys = keys,
	.nkeys = (int)(sizeof keys / sizeof keys[0]),
	.minplayers = 2,		/* the box: 2 to 5 (D1) */
	.maxplayers = DC_MAXPLAYERS,
	.maxrecord = DC_MAXPLAYERS,	/* and a record 1 to 5 (D1) */
	.header_kind = "header",
	.header_start = header_start,
	.header_field = header_field,
	.header_free = header_free,
	.write_key = write_key,
	.describe = describe,
	.create = create,
	.restart = restart,
	.free = game_free,
	.set_undo = set_undo,
	.play = play,
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
	.event_explain = event_why,
	.event_why = event_why,
	.canon = canon,
	.header_own = header_own,
};
