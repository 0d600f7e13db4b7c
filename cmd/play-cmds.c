/*
 * play-cmds.c -- the commands of the table REPL, one entry each: name,
 * French names, arguments, summary, help, how many arguments, what they
 * complete to, and the function (play-turn.c, play-views.c,
 * play-session.c).  Every other list of commands (help, Tab, "did you
 * mean") is made from this table.
 */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "play.h"
#include "notation/i18n.h"

const struct play_cmd play_cmds[] = {
	{ "draw", { "piocher", "tirer" }, N_("TILE"), 1, 1, PA_TILE, turn_draw,
	  N_("the tile just drawn: its picture, and where it fits"),
	  N_("  TILE is its code (A to X; tiles shows them).  Step 1 of 3 of a turn;\n"
	  "  draw again to correct a wrong code.\n"), true },
	{ "place", { "poser" }, N_("X,Y [ROT] [ROLE@SPOT]"), 1, 7, PA_PLACE, turn_place,
	  N_("put the tile in hand down at X,Y, turned ROT degrees"),
	  N_("  Step 2: x grows to the east, y to the north, the start tile is 0,0.\n"
	  "  ROT (0, 90, 180, 270, clockwise) may be left out when only one fits there;\n"
	  "  when several do, they are shown and you choose.  place again to move it.\n"), false },
	{ "choose", { "choisir" }, N_("WORD [TOKEN]"), 1, 2, PA_NONE, turn_choose,
	  N_("a flock's choice, before the meeple (Hills & Sheep)"),
	  N_("  When the tile extends the field of your own shepherd: choose grow sheep=N\n"
	  "  (the token drawn), choose grow wolf, or choose herd.  Then meeple or pass.\n"), false },
	{ "meeple", { "pion" }, N_("ROLE@SPOT [TOKEN]"), 0, 5, PA_MEEPLE, turn_meeple,
	  N_("finish the turn with a meeple on the tile just placed"),
	  N_("  Step 3: thief (road), knight (city), monk (cloister), farmer (field), at a\n"
	  "  spot of the tile as it lies: N E S W, the half-edges NNE ENE ESE SSE SSW\n"
	  "  WSW WNW NNW, the corners NE SE SW NW, or C, the centre (monk alone means\n"
	  "  monk@C); the pieces of the expansions in play too (big-knight, builder,\n"
	  "  pig, shepherd@W sheep=2).  Without ROLE@SPOT, lists where one may go.\n"), false },
	{ "pass", { "passer" }, N_("[WORD [TOKEN]]"), 0, 2, PA_NONE, turn_pass,
	  N_("finish the turn without a meeple"),
	  N_("  After a flock's choice, or with it: pass herd.\n"), false },
	{ "discard", { "défausser", "defausser" }, N_("[TILE]"), 0, 1, PA_TILE, turn_discard,
	  N_("the tile in hand fits nowhere: it leaves the game"),
	  N_("  Only when it fits nowhere; the same player then draws again.\n"), false },
	{ "legal", { "légal" }, N_("[TILE]"), 0, 1, PA_TILE, view_legal,
	  N_("where the tile in hand (or TILE) may go"),
	  "", true },
	{ "board", { "plateau" }, N_("[--svg FILE]"), 0, 2, PA_NONE, view_board,
	  N_("a map of the board, with the meeples"),
	  N_("  Each square shows its tile's top, middle and bottom rows (# city, . field,\n"
	  "  = | road, + cloister, o village).  A meeple is its owner's initial: a\n"
	  "  capital for a thief, knight or monk, a small letter for a farmer.  * marks\n"
	  "  where the tile in hand fits.  In colour on a terminal, unless NO_COLOR is set.\n"
	  "  board --svg FILE: the board as an SVG picture, written to FILE.\n"), true },
	{ "score", { "score", "points" }, "", 0, 0, PA_NONE, view_score,
	  N_("the scores, the meeples in hand, whose turn it is"),
	  "", true },
	{ "explain", { "expliquer" }, N_("[PLAYER | X,Y[:SPOT]]"), 0, 1, PA_FEATURE, view_explain,
	  N_("every point and why, or one feature in full"),
	  N_("  explain PLAYER: every scoring that paid PLAYER, its arithmetic and majority,\n"
	  "  and what PLAYER's meeples on the board would score if the game ended now.\n"
	  "  explain X,Y:SPOT: the feature at that spot of the tile at X,Y: its tiles,\n"
	  "  pennants, meeples by player, who controls it, what it scored or would score\n"
	  "  if the game ended now.  explain X,Y: every feature of that tile.\n"
	  "  explain alone: every player.\n"), true },
	{ "supply", { "pioche" }, "", 0, 0, PA_NONE, view_supply,
	  N_("the tiles left, by type"),
	  "", true },
	{ "moves", { "coups" }, "", 0, 0, PA_NONE, view_moves,
	  N_("the moves so far"),
	  "", true },
	{ "tiles", { "tuiles" }, N_("[TILE...]"), 0, PLAY_MAXARGS - 1, PA_TILES, view_tiles,
	  N_("the tile types with their codes and pictures"),
	  "", true },
	{ "find", { "chercher" }, N_("EDGES [--FILTER...]"), 1, PLAY_MAXARGS - 1, PA_FIND, tiles_find,
	  N_("the tiles left that look like the one in hand"),
	  N_("  EDGES: the tile's four edges read clockwise from any side, C city, R road,\n"
	  "  F field, W river (find CRFR): each type left that shows them, the rotation\n"
	  "  where the first is north, its picture.  Filters: --pennant, --cloister,\n"
	  "  --inn, --two-cities (separate), --set NAME; they may come alone (find\n"
	  "  --inn).  draw CRFR and Tab turns the edges into the codes that match.\n"), true },
	{ "undo", { "annuler" }, N_("[N]"), 0, 1, PA_NONE, turn_undo,
	  N_("take back the last move, or the last N"),
	  N_("  As far back as the start of the game; the journal follows.  On a terminal,\n"
	  "  undo N for more than one move asks first (not with play --yes).\n"), false },
	{ "redo", { "refaire" }, N_("[N]"), 0, 1, PA_NONE, turn_redo,
	  N_("put back the last move undone, or the last N"),
	  N_("  What undo took, the earliest first, played again and journaled, until a\n"
	  "  new move is made or another game loaded.\n"), false },
	{ "end", { "fin" }, "", 0, 0, PA_NONE, turn_end,
	  N_("end the game here: the final scoring"),
	  N_("  The game also ends by itself when the last tile is played.  On a terminal,\n"
	  "  end asks first (not with play --yes).\n"), false },
	{ "save", { "enregistrer", "sauver" }, N_("FILE"), 1, 1, PA_FILE, session_save,
	  N_("write the game as a record (- for the standard output)"),
	  N_("  The record replays to the same scores (carcref replay FILE).\n"), false },
	{ "load", { "charger" }, N_("FILE"), 1, 1, PA_FILE, session_load,
	  N_("continue the game recorded in FILE instead"),
	  N_("  FILE is not written: the game goes on in a journal of its own.  The game\n"
	  "  in play stays kept under its name (carcref games lists them), and a tile\n"
	  "  in hand with it, as when the session ends: carcref resume NAME gives it\n"
	  "  back (on a terminal, load asks first whether to drop it).\n"), false },
	{ "help", { "aide" }, N_("[COMMAND]"), 0, 1, PA_COMMAND, view_help,
	  N_("the commands, or one in more detail"),
	  "", true },
	{ "quit", { "quitter" }, "", 0, 0, PA_NONE, session_quit,
	  N_("leave (the game is kept: carcref resume NAME brings it back)"),
	  N_("  Also exit, or Ctrl-D.\n"), false },
};
const size_t play_ncmds = sizeof play_cmds / sizeof play_cmds[0];

_Static_assert(sizeof play_cmds / sizeof play_cmds[0] <= PLAY_MAXCMDS, "PLAY_MAXCMDS");

const struct play_cmd *
play_cmd_find(const char *name)
{
	size_t n;

	if (strcasecmp(name, "exit") == 0)
		name = "quit";
	else if (strcmp(name, "?") == 0)
		name = "help";
	n = strlen(name);
	for (size_t i = 0; i < play_ncmds; i++) {
		if (strcasecmp(play_cmds[i].name, name) == 0)
			return &play_cmds[i];
		for (int k = 0; k < PLAY_NFR && play_cmds[i].fr[k] != NULL; k++)
			if (nt_name_eq(play_cmds[i].fr[k], strlen(play_cmds[i].fr[k]), name, n))
				return &play_cmds[i];
	}
	return NULL;
}

bool
play_fr(void)
{
	/* TRANSLATORS: the language of the messages, as its ISO 639 code:
	 * "fr" in French turns on the French names of the REPL's commands. */
	return strcmp(C_("language", "en"), "fr") == 0;
}

const char *
play_cmd_name(const struct play_cmd *c)
{
	return play_fr() && c->fr[0] != NULL ? c->fr[0] : c->name;
}

/* Add WORD to the list V of *N words, unless it is there already. */
static void
add_word(const char **v, size_t *n, const char *word)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(v[i], word) == 0)
			return;
	v[(*n)++] = word;
}

const char *const *
play_cmd_words(bool safe, bool all)
{
	static const char *v[2][2][PLAY_MAXCMDS * (1 + PLAY_NFR) + 1];
	const char **w = v[safe][all];
	bool fr = play_fr();
	size_t n = 0;

	/* Pass 0: the names in the language shown; pass 1: the others. */
	for (int pass = 0; pass < (all ? 2 : 1); pass++)
		for (size_t i = 0; i < play_ncmds; i++) {
			const struct play_cmd *c = &play_cmds[i];

			if (safe && !c->safe)
				continue;
			if (fr == (pass == 0))
				for (int k = 0; k < PLAY_NFR && c->fr[k] != NULL; k++)
					add_word(w, &n, c->fr[k]);
			else
				add_word(w, &n, c->name);
		}
	w[n] = NULL;
	return w;
}
