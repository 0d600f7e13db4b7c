/*
 * dice-game.c -- the dice game's table (cmd/game.h): the faces it is
 * played with, play's and selfplay's options, its random games, what
 * replay adds to its JSON and ranking, games' words for a finished game,
 * its hand at the table and its commands.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "dice.h"
#include "notation/i18n.h"

/* ---- the faces -------------------------------------------------------------- */

#define SHIPPED	"dice-faces.yaml"

/* Face files read, kept until the program ends (a game holds a pointer
 * to its faces): by the path opened. */
struct loaded {
	struct loaded	*next;
	char		*path;
	struct dc_faces	 f;
};
static struct loaded *loaded;

const struct dc_faces *
dice_load_file(const char *name, const char *dir, char **err, const char **kind, int *status)
{
	struct loaded *l;
	struct dc_error de;
	char msg[512], *path, *text;
	size_t len;

	path = name[0] == '/' || dir == NULL ? cmd_strf("%s", name) : cmd_strf("%s/%s", dir, name);
	*kind = "unreadable";
	*status = 2;
	if (path == NULL) {
		cmd_seterr(err, "%s", _("out of memory"));
		return NULL;
	}
	for (l = loaded; l != NULL; l = l->next)
		if (strcmp(l->path, path) == 0) {
			free(path);
			return &l->f;
		}
	if ((text = cmd_read_file(path, &len, msg, sizeof msg)) == NULL) {
		cmd_seterr(err, _("cannot read \"%s\": %s"), name, strerror(errno));
		free(path);
		return NULL;
	}
	if ((l = calloc(1, sizeof *l)) == NULL) {
		cmd_seterr(err, "%s", _("out of memory"));
		free(text), free(path);
		return NULL;
	}
	if (dc_faces_parse(&l->f, text, len, &de) < 0) {
		*kind = "data-check";
		*status = 1;
		cmd_seterr(err, _("%s:%d:%d: %s (the shapes are not known for sure: correct the "
		    "file)"), name, de.line, de.column, de.msg);
		free(l), free(text), free(path);
		return NULL;
	}
	free(text);
	if (!dc_faces_origin(&l->f, DC_FROM_FILE, name)) {
		cmd_seterr(err, "%s", _("out of memory"));
		dc_faces_free(&l->f);
		free(l), free(path);
		return NULL;
	}
	l->path = path;
	l->next = loaded;
	loaded = l;
	return &l->f;
}

const struct dc_faces *
dice_shipped(void)
{
	static const struct dc_faces *shipped;
	const char *kind;
	char *err = NULL, *path;
	int status;

	if (shipped != NULL)
		return shipped;
	if ((path = cmd_strf("%s/%s", cmd_datadir(), SHIPPED)) == NULL) {
		errf("%s", _("carcref: out of memory\n"));
		return NULL;
	}
	if ((shipped = dice_load_file(path, NULL, &err, &kind, &status)) != NULL)
		dc_faces_origin((struct dc_faces *)shipped, DC_FROM_SHIPPED, SHIPPED);
	else
		errf(_("carcref: %s (set CARCREF_DATA to the tile directory)\n"),
		    err ? err : _("out of memory"));
	free(path), free(err);
	return shipped;
}

bool
dice_is_shipped(const struct dc_faces *f)
{
	const struct dc_faces *s = dice_shipped();

	return s != NULL && (f == s || dc_faces_same(f, s));
}

/* The directory of the record at path ("." for a name alone), malloc'd;
 * NULL for none (the current directory). */
static char *
dir_of(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	if (path == NULL)
		return NULL;
	if (slash == NULL)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* The shipped faces; or a record's: its faceset: file, beside it (its
 * own faces: are the row's, in force whatever the world). */
static const void *
world(const struct nt_record *r, const char *path, struct play_world_error *err)
{
	const char *set = r != NULL ? nt_dice_record_faceset(r) : NULL, *kind;
	const struct nt_field *at;
	const struct dc_faces *f;
	char *msg = NULL, *dir;
	int status;

	if (set == NULL || nt_dice_record_faces(r) != NULL)
		return dice_shipped();
	dir = dir_of(path);
	f = dice_load_file(set, path != NULL && dir == NULL ? "." : dir, &msg, &kind, &status);
	free(dir);
	if (f != NULL)
		return f;
	at = nt_record_field(r, "faceset");
	err->e.move = 0;
	err->e.line = at ? at->line : 0;
	err->e.column = at ? at->column : 0;
	err->e.kind = kind;
	err->status = status;
	snprintf(err->e.msg, sizeof err->e.msg, "faceset: %s", msg ? msg : _("out of memory"));
	free(msg);
	return NULL;
}

/* ---- a new game: options ----------------------------------------------------- */

enum { O_FACESET, O_EDITION, O_EXPANSIONS };

static const struct cmd_opt opts[] = {
	[O_FACESET] = { "--faceset", NULL, N_("a face file") },
	[O_EDITION] = { "--edition", NULL, N_("1, 2 or 3") },
	[O_EXPANSIONS] = { "--expansions", NULL, N_("names separated by commas") },
	{ NULL, NULL, NULL },
};

/* --edition and --expansions: the tile game's, refused whatever their value. */
static int
not_ours(const char *cmd, int k)
{
	errf(_("carcref %s: %s: the dice game has one edition and no expansions; leave %s out\n"),
	    cmd, opts[k].name, opts[k].name);
	return 2;
}

static int
play_opt(struct nt_record *hdr, int k, const char *val)
{
	if (k != O_FACESET)
		return not_ours("play", k);
	if (!nt_dice_record_set_faceset(hdr, val)) {
		errf(_("carcref play: out of memory\n"));
		return 2;
	}
	return 0;
}

static int
selfplay_opt(struct nt_record *hdr, int k, const char *val)
{
	if (k != O_FACESET) {
		not_ours("selfplay", k);
		return -1;
	}
	return nt_dice_record_set_faceset(hdr, val) ? 0 : -1;
}

/* play FILE --faceset F: for a record that names no faces, the faces of
 * F (relative to the current directory), written in it from now on. */
static int
file_opt(struct nt_record *r, int k, const char *val, const char *file)
{
	const char *kind;
	char *msg = NULL;
	int status;

	if (k != O_FACESET)
		return not_ours("play", k);
	if (nt_dice_record_faces(r) != NULL || nt_dice_record_faceset(r) != NULL) {
		errf(_("carcref play: --faceset: %s has faces of its own (faces: or faceset:); leave "
		    "--faceset out\n"), out_path(file));
		return 2;
	}
	if (dice_load_file(val, NULL, &msg, &kind, &status) == NULL) {
		errf("carcref play: --faceset: %s\n", msg ? msg : _("out of memory"));
		free(msg);
		return 2;
	}
	/* Read as if the record named it, from the current directory. */
	if (!nt_dice_record_set_faceset(r, val)) {
		errf(_("carcref play: out of memory\n"));
		return 2;
	}
	return 0;
}

/* ---- selfplay: random games ------------------------------------------------- */

/* One roll of n dice at random onto t, for a turn: what is set aside
 * (knights, city faces; in a layout on a square beside the others), the
 * rest thrown again, written as faces or now and then as "N." (never in
 * the last roll).  The dice thrown again; *cats the catapults. */
static int
random_roll(struct dc_turn *t, const struct dc_faces *f, int n, bool layout, bool last,
    uint64_t *seed, int *cats)
{
	struct dc_die again[DC_NDICE];
	int nagain = 0;

	for (int i = 0; i < n; i++) {
		int k = cmd_below(seed, 6);
		struct dc_die d = { .count = 1, .column = 1 };

		if (k == 0)
			d.kind = DC_DIE_KNIGHT;
		else if (k == 1)
			d.kind = DC_DIE_CATAPULT;
		else
			d.kind = DC_DIE_CITY, d.face = (uint8_t)(k - 2);
		if (d.kind == DC_DIE_CATAPULT) {
			(*cats)++;
			dc_turn_add_die(t, &d);
			continue;
		}
		/* Set aside half the time; in the last roll every face stays,
		 * a city face built (on a square, in a layout) three times in
		 * four. */
		if (last ? d.kind == DC_DIE_CITY && cmd_below(seed, 4) > 0 : cmd_below(seed, 2)) {
			if (layout && d.kind == DC_DIE_CITY) {
				struct dc_fit fit[64];
				int nf = dc_layout_fits(f, t, d.face, fit, 64);

				if (nf > 0) {
					nf = cmd_below(seed, nf < 64 ? nf : 64);
					d.placed = d.kept = true;
					d.x = fit[nf].x, d.y = fit[nf].y, d.rot = (uint8_t)fit[nf].rot;
				}
			} else if (!last)
				d.kept = true;
		}
		if (d.kept || last)
			dc_turn_add_die(t, &d);
		else
			again[nagain++] = d;
	}
	if (nagain > 0 && cmd_below(seed, 8) == 0) {	/* not noted */
		struct dc_die d = { .kind = DC_DIE_UNNOTED, .count = (uint8_t)nagain, .column = 1 };

		dc_turn_add_die(t, &d);
	} else
		for (int i = 0; i < nagain; i++)
			dc_turn_add_die(t, &again[i]);
	return nagain;
}

/* Play one random game to its end: random rolls, half the turns laid
 * out on squares, the others size-only; the largest size a claim may
 * say most of the time, a knight kept when it may be half the time. */
static bool
random_game(void *game, uint64_t *seed, int pieces)
{
	struct dc_game *g = game;
	const struct dc_faces *f = dc_game_faces(g);
	struct dc_refusal why;
	struct dc_turn t;
	bool ok = true;

	(void)pieces;		/* none to place: .pieces is false */
	dc_turn_init(&t);
	for (int turns = 0; ok && !dc_game_over(g); turns++) {
		bool layout = cmd_below(seed, 2), knight;
		int n = dc_game_dice(g), cats = 0;
		unsigned sizes;

		dc_turn_clear(&t);
		if (turns == 100000) {		/* never: every game ends by 42 long before */
			t.end = true;
			ok = dc_game_play(g, &t, DC_WHO_ANY, &why);
			break;
		}
		for (int r = 0; r < DC_MAXROLLS && n > 0 && cats < DC_NDICE; r++) {
			bool last = r == DC_MAXROLLS - 1 || (r > 0 && cmd_below(seed, 3) == 0);

			if (!dc_turn_add_roll(&t, 1))
				return false;
			n = random_roll(&t, f, n, layout, last, seed, &cats);
			if (last)
				break;
		}
		if (cats < DC_NDICE) {
			if (!dc_game_claims(g, &t, &sizes, &knight, &why))
				return false;
			if (knight && cmd_below(seed, 2)) {
				t.result = DC_RESULT_KNIGHT;
			} else {
				int best = 0, pick;

				for (int s = 0; s <= DC_NDICE; s++)
					if (sizes >> s & 1)
						best = s;
				pick = cmd_below(seed, DC_NDICE + 1);
				t.result = DC_RESULT_SIZE;
				t.size = cmd_below(seed, 4) > 0 || !(sizes >> pick & 1) ? best : pick;
			}
		}
		ok = dc_game_play(g, &t, DC_WHO_ANY, &why);
	}
	dc_turn_free(&t);
	return ok;
}

/* ---- replay: JSON, ranking, games -------------------------------------------- */

static void
json_event(const void *game, int i, const char *const *names)
{
	const struct dc_event *e = dc_game_event(game, i);

	(void)names;
	if (e->feature == DC_EV_WIN)
		return;
	printf("\"rolls\": [");
	for (int k = 0; k < e->nrolls; k++)
		printf("%s%d", k ? ", " : "", e->thrown[k]);
	printf("], ");
	if (e->feature == DC_EV_CITY)
		printf("\"dice\": %d, ", e->dice);
	else if (e->feature == DC_EV_KNIGHT)
		printf("\"knights\": %d, ", e->knights);
	printf("\"doubled\": %s, ", e->doubled ? "true" : "false");
}

static void
json_game(const void *game, const char *const *names)
{
	const struct dc_game *g = game;
	int w = dc_game_winner(g), k = 0;
	const char *end = dc_end_name(dc_game_ended_by(g));

	printf(", \"winner\": ");
	if (w >= 0)
		cmd_json_str(stdout, names[w]);
	else
		printf("null");
	printf(", \"ended_by\": ");
	if (end != NULL)
		printf("\"%s\"", end);
	else
		printf("null");
	printf(", \"holding_knight\": [");
	for (int p = 0; p < dc_game_nplayers(g); p++)
		if (dc_game_holding(g, p)) {
			printf("%s", k++ ? ", " : "");
			cmd_json_str(stdout, names[p]);
		}
	printf("]");
}

/* After the score of a player holding a knight: "   knight kept". */
static int
ranking_tail(const void *g, int p, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", dc_game_holding(g, p) ? _("   knight kept") : "");
}

/* "Anna 42, Ben 6": the scores, highest first, turn order breaking ties. */
static char *
scores_text(const struct dc_game *g, const char *const *names)
{
	int n = dc_game_nplayers(g), order[DC_MAXPLAYERS];
	char *s = strdup(""), *more;

	for (int i = 0; i < n; i++) {
		int k = i;

		while (k > 0 && dc_game_score(g, order[k - 1]) < dc_game_score(g, i)) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	for (int i = 0; s != NULL && i < n; i++) {
		more = cmd_strf("%s%s%s %d", s, i ? ", " : "", names[order[i]],
		    dc_game_score(g, order[i]));
		free(s);
		s = more;
	}
	return s;
}

static char *
finished(const void *game, const char *const *names)
{
	const struct dc_game *g = game;
	char *scores = scores_text(g, names), *s;
	int w = dc_game_winner(g);

	if (scores == NULL)
		return NULL;
	switch (dc_game_ended_by(g)) {
	case DC_END_POINTS:
		s = cmd_strf(_("finished: %s wins, %d reached (%s)"), names[w], DC_TARGET, scores);
		break;
	case DC_END_CATAPULTS:
		s = cmd_strf(_("finished: %s wins, nine catapults (%s)"), names[w], scores);
		break;
	default:
		s = cmd_strf(_("finished by end, no winner (%s)"), scores);
		break;
	}
	free(scores);
	return s;
}

/* ---- the hand ---------------------------------------------------------------- */

static const struct play_hand_words words = {
	N_("%s is under way (its rolls entered, not claimed): drop it?"),
	N_("%s dropped: enter its rolls again when the game resumes\n"),
	N_("%s was under way: the game has no move yet, so nothing is kept; enter its rolls "
	    "again next time\n"),
	N_("%s kept: carcref resume %s gives its rolls back\n"),
	N_("carcref: %s was under way and could not be kept: %s\n"),
	N_("%lld bytes, not a turn's rolls"),
	N_("the turn kept is not given back: %s; its file is kept as %s\n"),
	N_("the turn kept is not given back: %s; its file %s is left as it is (%s)\n"),
};

static bool
hand_held(const struct play *p)
{
	return dice_hand(p)->t.nroll > 0;
}

/* "Anna's turn": the same for the whole turn, whatever its rolls. */
static char *
hand_name(const struct play *p)
{
	return cmd_strf(_("%s's turn"), p->names[dc_game_turn(p->g)]);
}

static char *
hand_line(const struct play *p)
{
	const struct dc_turn *t = &dice_hand(p)->t;
	int n = nt_dice_format(dice_faces(p), t, NULL, NT_DICE_OPEN, NULL, 0);
	char *s;

	if (n < 0 || (s = malloc((size_t)n + 2)) == NULL)
		return NULL;
	nt_dice_format(dice_faces(p), t, NULL, NT_DICE_OPEN, s, (size_t)n + 1);
	s[n] = '\n', s[n + 1] = '\0';
	return s;
}

/* The prompt's part: the dice to throw ("[9 dice]", "[5 dice]" after
 * keep), or the roll just entered ("[roll 2]"). */
static char *
prompt(const struct play *p)
{
	const struct dice_hand *h = dice_hand(p);
	struct dc_progress pr;
	struct dc_refusal why;
	int n;

	if (h->t.nroll == 0)
		n = dc_game_dice(p->g);
	else if (!h->kept || !dice_progress((struct play *)p, &h->t, &pr, &why) ||
	    pr.to_throw == 0 || pr.rolls_left == 0)
		return cmd_strf(_(" [roll %d]"), h->t.nroll);
	else
		n = pr.to_throw;
	return cmd_strf(ngettext(" [%d die]", " [%d dice]", (unsigned long)n), n);
}

static char *
ctrl_c(struct play *p)
{
	int n = dice_hand(p)->t.nroll;
	char *name = hand_name(p), *s;

	s = cmd_strf(ngettext("(%s is under way, %d roll entered: roll, keep or claim to go on; "
	    "Ctrl-D asks whether to keep it)", "(%s is under way, %d rolls entered: roll, keep or "
	    "claim to go on; Ctrl-D asks whether to keep it)", (unsigned long)n), name ? name : "",
	    n);
	free(name);
	return s;
}

/* ---- the REPL ------------------------------------------------------------------ */

static const struct play_cmd cmd_roll = {
	"roll", { "lancer" }, N_("FACES"), 1, 1 << 20, PA_FACES, dice_roll,
	N_("the faces of a roll: K, X, city faces (CFFF or cap)"),
	N_("  One word a die thrown: K (knight), X (catapult), a city face by its letters\n"
	"  in any rotation (CFCF) or its name (band), a count before a face (2K), N.\n"
	"  for N dice thrown again whose faces were not noted.  The first roll throws\n"
	"  every die in hand; each next one exactly the dice not set aside.\n"), false, NULL };

static const struct play_cmd cmd_keep = {
	"keep", { "garder" }, N_("FACES"), 0, 1 << 20, PA_KEEP, dice_keep,
	N_("the dice set aside from the last roll: knights, city faces"),
	N_("  Knights and city faces of the last roll (a catapult never).  In a layout a\n"
	"  city face goes on a square, written as it lies: FFCF@0,1.  keep again\n"
	"  replaces the choice, until the next roll; keep alone sets nothing aside.\n"), false,
	NULL };

static const struct play_cmd cmd_claim = {
	"claim", { "annoncer" }, N_("[N | knight]"), 0, 1, PA_CLAIM, dice_claim,
	N_("end the turn: the largest closed city, or keep a knight"),
	N_("  claim N: the largest closed city built has N dice (0: none); claim knight:\n"
	"  3 knights or more, one kept, double next turn.  claim alone: the layout's\n"
	"  largest closed city.  = N says the same.\n"), false, NULL };

static const struct play_cmd cmd_city = {
	"city", { "ville" }, "", 0, 0, PA_NONE, dice_view_city,
	N_("the turn so far: rolls, dice set aside, the layout, what claim gives"),
	"", true, NULL };

static const struct play_cmd cmd_faces = {
	"faces", { "faces" }, "", 0, 0, PA_NONE, dice_view_faces,
	N_("the city faces in force, drawn, with their source and doubt"),
	"", true, NULL };

static const struct play_cmd cmd_score = {
	"score", { "points", "score" }, "", 0, 0, PA_NONE, dice_view_score,
	N_("the scores, the knights held, the points still needed"),
	"", true, NULL };

static const struct play_cmd cmd_explain = {
	"explain", { "expliquer" }, N_("[PLAYER]"), 0, 1, PA_PLAYER, dice_view_explain,
	N_("every turn that paid a player, and why"),
	N_("  explain alone: every player.\n"), true, NULL };

static const struct play_cmd cmd_end = {
	"end", { "fin" }, "", 0, 0, PA_NONE, dice_end,
	N_("end the game here: no scoring follows, nobody wins"),
	N_("  Not while a turn is under way: claim it, or undo its rolls, first.  On a\n"
	"  terminal, end asks first (not with play --yes).\n"), false, NULL };

static const struct play_cmd cmd_load = {
	"load", { "charger" }, N_("FILE"), 1, 1, PA_FILE, session_load,
	N_("continue the game recorded in FILE instead"),
	N_("  FILE is not written: the game goes on in a journal of its own.  The game\n"
	"  in play stays kept under its name (carcref games lists them), and a turn\n"
	"  under way with it, as when the session ends: carcref resume NAME gives it\n"
	"  back (on a terminal, load asks first whether to drop it).\n"), false, NULL };

static const struct play_cmd *const cmds[] = {
	&cmd_roll, &cmd_keep, &cmd_claim, &cmd_city, &cmd_faces, &cmd_score, &cmd_explain,
	&play_cmd_moves, &play_cmd_undo, &play_cmd_redo, &cmd_end, &play_cmd_save, &cmd_load,
	&play_cmd_report, &play_cmd_help, &play_cmd_quit, NULL,
};

static const struct cmd_entry *const commands[] = { &cmd_faces_entry, NULL };

/* Its option on the usage line (play's and selfplay's alike). */
static const char *
usage(bool selfplay)
{
	(void)selfplay;
	return " [--faceset FILE]";
}

const struct play_game play_game_dice = {
	.rules = &nt_game_dice,
	.world = world,
	.play_opts = opts,
	.usage = usage,
	.play_opt = play_opt,
	.new_only = N_("carcref play: --players and --faceset are for a new game; %s has its "
	    "own\n"),
	.file_opt = file_opt,
	.selfplay_opts = opts,
	.selfplay_opt = selfplay_opt,
	.random_game = random_game,
	.json_event = json_event,
	.json_game = json_game,
	.ranking_tail = ranking_tail,
	.cmds = cmds,
	.maxwords = 0,
	.is_turn = dice_is_turn,
	.line = dice_line,
	.example = NULL,
	.shape = N_("roll K X CFFF ..., keep CFFF, claim N (or a whole turn: K X +CFFF ... = N)"),
	.hint = dice_hint,
	.help_intro = dice_help_intro,
	.help_tail = N_("\nhelp COMMAND says more; Tab completes commands, faces, squares and "
	    "claims.\n"),
	.help_more = NULL,
	.over_hint = N_("game over: save FILE keeps it; score and explain show it; undo goes "
	    "back"),
	.say_state = dice_say_state,
	.standings = dice_standings,
	.tell = dice_tell,
	.complete = dice_complete,
	.hand_size = sizeof (struct dice_hand),
	.hand_max = 4096,	/* bytes: three rolls of nine dice, squares and all */
	.words = &words,
	.hand_held = hand_held,
	.hand_drop = dice_drop_hand,
	.hand_name = hand_name,
	.hand_line = hand_line,
	.prompt = prompt,
	.ctrl_c = ctrl_c,
	.hand_restore = dice_hand_restore,
	.undo_steps = dice_undo_steps,
	.undone = dice_undone,
	.redoing = dice_redoing,
	.redo_steps = dice_redo_steps,
	.banner = dice_banner,
	.foreign = dice_foreign,
	.finished = finished,
	.no_board = N_("carcref board: %s is a dice game, and the dice game has no board: carcref "
	    "replay %s lists its turns\n"),
	.commands = commands,
};
