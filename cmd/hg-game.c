/*
 * hg-game.c -- Hunters & Gatherers' table (cmd/game.h): the tile set it
 * is played with (the shipped hunters-gatherers.yaml, the file a record
 * or --tileset names, or the record's own set, with its corrections),
 * play's and selfplay's options, what replay adds to its JSON, and the
 * table: the game runs on the tile game's engine, so its turn, hand,
 * views and completion are the tile game's (cmd/tile-*.c), its turn
 * lines played through its row (notation/hunters-gatherers.c) with its
 * own refusals, and the prompt says when a bonus tile is due (HG-11.2).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "tile.h"
#include "notation/hg.h"
#include "notation/i18n.h"

/* ---- the tile set ------------------------------------------------------------ */

#define SHIPPED	"hunters-gatherers.yaml"

/* The sets made, kept until the program ends (a game holds a pointer to
 * its set). */
struct loaded {
	struct loaded	*next;
	struct cr_tileset ts;
};
static struct loaded *loaded;

/* The tile file at path into ts (its name in messages: name; file: the
 * name the set is read under, cr_tileset_parse_fix: the shipped file's
 * for it, NULL for a user's): 0, or the
 * exit status (2 unreadable, 1 failing its checks) with *msg and *kind. */
static int
read_set(const char *path, const char *name, const char *file, struct cr_tileset *ts,
    char **msg, const char **kind)
{
	struct cr_error err;
	char buf[512], *text;
	size_t len;

	if ((text = cmd_read_file(path, &len, buf, sizeof buf)) == NULL) {
		*kind = "unreadable";
		cmd_seterr(msg, _("cannot read \"%s\": %s"), name, strerror(errno));
		return 2;
	}
	memset(&err, 0, sizeof err);
	if (cr_tileset_parse_fix(ts, file, text, len, NULL, 0, &err) < 0) {
		*kind = "data-check";
		cmd_seterr(msg, "%s:%d:%d: %s", name, err.line, err.column, err.msg);
		free(text);
		return 1;
	}
	free(text);
	return 0;
}

/* The shipped set, read once; NULL with the message printed. */
static const struct cr_tileset *
shipped(void)
{
	static struct cr_tileset ts;
	static bool have;
	const char *kind;
	char *path, *msg = NULL;

	if (have)
		return &ts;
	if ((path = cmd_strf("%s/%s", cmd_datadir(), SHIPPED)) == NULL) {
		errf("%s", _("carcref: out of memory\n"));
		return NULL;
	}
	if (read_set(path, out_path(path), SHIPPED, &ts, &msg, &kind) != 0) {
		if (strcmp(kind, "unreadable") == 0)
			errf(_("carcref: %s (set CARCREF_DATA to the tile directory)\n"), msg);
		else
			errf("%s\n", msg);
		free(msg), free(path);
		return NULL;
	}
	free(path);
	/* Refusals resting on the data say where a type came from: the
	 * shipped file by its name (nt_hg_world does it for a record's set). */
	if (ts.source == NULL && (ts.source = strdup(SHIPPED)) == NULL) {
		errf("%s", _("carcref: out of memory\n"));
		cr_tileset_free(&ts);
		return NULL;
	}
	have = true;
	return &ts;
}

/* The directory of the record at path, for the files it names: NULL for
 * the current directory (standard input, or a name alone). */
static char *
dir_of(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	if (slash == NULL)
		return NULL;
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* The refusal of the record at its tileset: or tiles: key (or line 1). */
static const void *
refuse(const struct nt_record *r, struct play_world_error *err, const char *key, int line,
    int column, const char *kind, int status, const char *msg)
{
	const struct nt_field *at = nt_record_field(r, key);

	err->e.move = 0;
	err->e.line = line > 0 ? line : at ? at->line : 1;
	err->e.column = line > 0 ? column : at ? at->column : 1;
	err->e.kind = kind;
	err->status = status;
	snprintf(err->e.msg, sizeof err->e.msg, "%s", msg ? msg : _("out of memory"));
	return NULL;
}

/*
 * The shipped set (r NULL, or a record with no tile data of its own), or
 * record r's: the file it names (by a path relative to the record's
 * directory) or its inline set, its corrections applied.
 */
static const void *
world(const struct nt_record *r, const char *path, struct play_world_error *err)
{
	const char *file = r != NULL ? nt_hg_tileset_file(r) : NULL, *kind = NULL;
	const struct cr_tileset *ship = shipped();
	struct cr_tileset named, *from = NULL;
	struct loaded *l;
	struct cr_error cerr;
	char *msg = NULL, *dir, *full;
	int rc;

	if (r == NULL || ship == NULL || (r->cfg == NULL))
		return ship;
	if (file != NULL) {
		dir = dir_of(path);
		full = file[0] == '/' || dir == NULL ? cmd_strf("%s", file) :
		    cmd_strf("%s/%s", dir, file);
		free(dir);
		if (full == NULL)
			return refuse(r, err, "tileset", 0, 0, "unreadable", 2, NULL);
		memset(&named, 0, sizeof named);
		rc = read_set(full, file, NULL, &named, &msg, &kind);
		free(full);
		if (rc != 0) {
			char *m = cmd_strf("tileset: %s", msg ? msg : _("out of memory"));

			refuse(r, err, "tileset", 0, 0, kind, rc, m);
			free(m), free(msg);
			return NULL;
		}
		from = &named;
	}
	if ((l = calloc(1, sizeof *l)) == NULL) {
		if (from != NULL)
			cr_tileset_free(from);
		return refuse(r, err, "tileset", 0, 0, "unreadable", 2, NULL);
	}
	rc = nt_hg_world(r, from != NULL ? from : ship, &l->ts, &cerr);
	if (from != NULL)
		cr_tileset_free(from);
	if (rc < 0) {
		free(l);
		return refuse(r, err, nt_record_field(r, "tiles") != NULL ? "tiles" : "tileset",
		    cerr.line, cerr.column, cerr.kind ? cerr.kind : "data-check", 1, cerr.msg);
	}
	l->next = loaded;
	loaded = l;
	return &l->ts;
}

/* ---- a new game: options ----------------------------------------------------- */

enum { O_TILESET, O_EDITION, O_EXPANSIONS };

static const struct cmd_opt opts[] = {
	[O_TILESET] = { "--tileset", NULL, N_("a tile-set file") },
	[O_EDITION] = { "--edition", NULL, N_("1, 2 or 3") },
	[O_EXPANSIONS] = { "--expansions", NULL, N_("names separated by commas") },
	{ NULL, NULL, NULL },
};

/* --edition and --expansions: the tile game's, refused whatever their
 * value (HG-11.2). */
static int
not_ours(const char *cmd, int k)
{
	errf(_("carcref %s: %s: Hunters & Gatherers has one edition (the 2002 game) and no "
	    "expansions; leave %s out\n"), cmd, opts[k].name, opts[k].name);
	return 2;
}

/* --tileset FILE, checked now: the game starts on it or not at all. */
static int
tileset_opt(const char *cmd, struct nt_record *hdr, const char *val)
{
	struct cr_tileset ts;
	const char *kind;
	char *msg = NULL, *full;

	memset(&ts, 0, sizeof ts);
	if (read_set(val, val, NULL, &ts, &msg, &kind) != 0) {
		errf("carcref %s: --tileset: %s\n", cmd, msg ? msg : _("out of memory"));
		free(msg);
		return 2;
	}
	cr_tileset_free(&ts);
	/* By its absolute path: the journal, in a directory of its own,
	 * reads it from there. */
	if ((full = cmd_absolute(val)) == NULL || !nt_hg_set_tileset(hdr, full)) {
		free(full);
		errf(_("carcref %s: out of memory\n"), cmd);
		return 2;
	}
	free(full);
	return 0;
}

static int
play_opt(struct nt_record *hdr, int k, const char *val)
{
	return k == O_TILESET ? tileset_opt("play", hdr, val) : not_ours("play", k);
}

static int
selfplay_opt(struct nt_record *hdr, int k, const char *val)
{
	return (k == O_TILESET ? tileset_opt("selfplay", hdr, val) : not_ours("selfplay", k)) ?
	    -1 : 0;
}

/* play FILE --tileset F: for a record with no tile data of its own, the
 * set of F (relative to the current directory) from now on (HG-8.6). */
static int
file_opt(struct nt_record *r, int k, const char *val, const char *file)
{
	if (k != O_TILESET)
		return not_ours("play", k);
	if (r->cfg != NULL) {
		errf(_("carcref play: --tileset: %s has tile data of its own (tileset: or tiles:); "
		    "leave --tileset out\n"), out_path(file));
		return 2;
	}
	return tileset_opt("play", r, val);
}

/* ---- replay: JSON ------------------------------------------------------------ */

/* A bonus event: the tiles left in the pile (HG-10.1). */
static void
json_event(const void *g, int i, const char *const *names)
{
	(void)names;
	int pile = nt_hg_event_pile(g, i);

	if (pile >= 0)
		printf("\"pile\": %d, ", pile);
}

/* ---- games: a finished game ------------------------------------------------ */

/* "finished: Ben wins, most points (Ben 16, Anna 0)", or "Anna and Ben
 * tie", the scores highest first (HG-11.4). */
static char *
finished(const void *game, const char *const *names)
{
	const struct cr_game *g = game;
	int n = cr_game_nplayers(g), order[NT_MAXPLAYERS] = { 0 }, best, nbest = 0;
	char *scores = strdup(""), *who = strdup(""), *s;

	for (int i = 0; i < n && i < NT_MAXPLAYERS; i++) {
		int k = i;

		while (k > 0 && cr_game_player(g, order[k - 1])->score < cr_game_player(g, i)->score) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	best = cr_game_player(g, order[0])->score;
	for (int i = 0; i < n && i < NT_MAXPLAYERS && scores != NULL && who != NULL; i++) {
		int sc = cr_game_player(g, order[i])->score;

		s = cmd_strf("%s%s%s %d", scores, i ? ", " : "", names[order[i]], sc);
		free(scores);
		scores = s;
		if (sc != best)
			continue;
		nbest++;
		if (i + 1 < n && cr_game_player(g, order[i + 1])->score == best)
			s = cmd_strf("%s%s%s", who, i ? ", " : "", names[order[i]]);
		else
			/* TRANSLATORS: the last of the players who tie: "Anna and Ben". */
			s = i ? cmd_strf(_("%s and %s"), who, names[order[i]]) :
			    cmd_strf("%s", names[order[i]]);
		free(who);
		who = s;
	}
	if (scores == NULL || who == NULL)
		s = NULL;
	else if (nbest == 1)
		s = cmd_strf(_("finished: %s wins, most points (%s)"), who, scores);
	else
		s = cmd_strf(_("finished: %s tie, most points (%s)"), who, scores);
	free(scores), free(who);
	return s;
}

/* ---- the table --------------------------------------------------------------- */

/* Is a bonus tile due (the mover of the last move to play again, HG-5),
 * and the move that earned it (1-based)? */
static int
bonus_due(const struct play *p)
{
	const struct cr_game *g = p->g;
	int n = cr_game_nmoves(g);

	if (n == 0 || cr_game_over(g) || cr_game_nplayers(g) < 2 ||
	    cr_game_move(g, n - 1)->kind != CR_MOVE_PLACE ||
	    cr_game_move_player(g, n - 1) != cr_game_turn(g))
		return 0;
	return n;
}

/* The prompt: a bonus tile due, whose and why, then the hand. */
static char *
prompt(const struct play *p)
{
	char *hand = tile_prompt(p), *pr;
	int due = bonus_due(p);

	if (due == 0 || hand == NULL)
		return hand;
	pr = cmd_strf(_(" [bonus tile: move %d completed a forest with gold]%s"), due, hand);
	free(hand);
	return pr;
}

/* Move i told: its line, a discard, its events in the row's words
 * (HG-10.2), then whose bonus tile is due when it earned one. */
static void
tell(struct play *p, int i)
{
	const struct cr_move *m = cr_game_move(p->g, i);
	int nev = p->rules->nevents(p->g), due;
	bool final = false;
	char line[128], why[1024];
	struct nt_event ev;

	nt_format_move(tile_ts(p), m, NULL, line, sizeof line);
	outf(_("move %d, %s: %s\n"), i + 1, p->names[cr_game_move_player(p->g, i)], line);
	if (m->kind == CR_MOVE_DISCARD && !cr_game_over(p->g))
		outf(_("  %s fits nowhere and leaves the game; %s draws again\n"),
		    tile_code(p, m->tile), p->names[cr_game_turn(p->g)]);
	for (int k = 0; k < nev; k++) {
		p->rules->event(p->g, k, &ev);
		if (ev.move != i + 1)
			continue;
		if (!final && ev.final) {
			outf(_("  final scoring:\n"));
			final = true;
		}
		p->rules->event_explain(p->g, k, p->names, why, sizeof why);
		outf(_("  %s: %s\n"), ev.name, why);
	}
	if (i == cr_game_nmoves(p->g) - 1 && (due = bonus_due(p)) > 0)
		outf(_("  %s draws a bonus tile and plays it now (move %d completed a forest with "
		    "gold)\n"), p->names[cr_game_turn(p->g)], due);
}

/* Its option on the usage line (--edition and --expansions are the tile
 * game's, which it refuses). */
static const char *
usage(bool selfplay)
{
	(void)selfplay;
	return " [--tileset FILE]";
}

const struct play_game play_game_hg = {
	.rules = &nt_game_hg,
	.world = world,
	.play_opts = opts,
	.usage = usage,
	.play_opt = play_opt,
	.new_only = N_("carcref play: --players and --tileset are for a new game; %s has its "
	    "own\n"),
	.file_opt = file_opt,
	.selfplay_opts = opts,
	.selfplay_opt = selfplay_opt,
	.random_game = tile_random_game,
	.pieces = true,
	.json_event = json_event,
	.json_game = NULL,
	.ranking_tail = NULL,
	.cmds = tile_cmds,
	.maxwords = PLAY_MAXARGS,
	.is_turn = tile_is_turn,
	.line = tile_line,
	.example = tile_example,
	.shape = N_("TILE X,Y ROT ROLE@SPOT"),
	.hint = tile_hint,
	.help_intro = tile_help_intro,
	.help_tail = N_("\nhelp COMMAND says more; Tab completes commands, tiles, positions and "
	    "spots.\n"),
	.help_more = tile_help_more,
	.over_hint = N_("game over: save FILE keeps it; score, explain, board show it; undo goes "
	    "back"),
	.say_state = tile_say_state,
	.standings = tile_standings,
	.tell = tell,
	.complete = tile_complete,
	.hand_size = sizeof (struct tile_hand),
	.hand_max = 256,	/* bytes: "CODE X,Y ROT" is far shorter */
	.words = &tile_words,
	.hand_held = tile_hand_held,
	.hand_drop = tile_drop_hand,
	.hand_name = tile_hand_name,
	.hand_line = tile_hand_line,
	.prompt = prompt,
	.ctrl_c = tile_ctrl_c,
	.hand_restore = tile_hand_restore,
	.undo_steps = NULL,
	.undone = tile_undone,
	.redoing = tile_redoing,
	.finished = finished,
	.tiles = shipped,
};
