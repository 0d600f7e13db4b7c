/*
 * play-cmds.c -- the commands of the table REPL, one entry each: name,
 * arguments, summary, help, how many arguments, what they complete to,
 * and the function (play-turn.c, play-views.c, play-session.c).
 */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "play.h"

const struct play_cmd play_cmds[] = {
	{ "draw", "TILE", 1, 1, PA_TILE, turn_draw,
	  "the tile just drawn: its picture, and where it fits",
	  "  TILE is its code (A to X; tiles shows them).  Step 1 of 3 of a turn;\n"
	  "  draw again to correct a wrong code.\n" },
	{ "place", "X,Y [ROT] [ROLE@SPOT]", 1, 7, PA_PLACE, turn_place,
	  "put the tile in hand down at X,Y, turned ROT degrees",
	  "  Step 2: x grows to the east, y to the north, the start tile is 0,0.\n"
	  "  ROT (0, 90, 180, 270, clockwise) may be left out when only one fits there;\n"
	  "  when several do, they are shown and you choose.  place again to move it.\n"
	  "  The rest of the turn may follow, which finishes it: place 1,0 90 thief@E.\n" },
	{ "choose", "WORD [TOKEN]", 1, 2, PA_NONE, turn_choose,
	  "a flock's choice, before the meeple (Hills & Sheep)",
	  "  When the tile extends the field of your own shepherd: choose grow sheep=N\n"
	  "  (the token drawn), choose grow wolf, or choose herd.  Then meeple or pass.\n" },
	{ "meeple", "ROLE@SPOT [TOKEN]", 0, 5, PA_MEEPLE, turn_meeple,
	  "finish the turn with a meeple on the tile just placed",
	  "  Step 3: thief (road), knight (city), monk (cloister), farmer (field), at a\n"
	  "  spot of the tile as it lies: N E S W, the half-edges NNE ENE ESE SSE SSW\n"
	  "  WSW WNW NNW, the corners NE SE SW NW, or C, the centre (monk alone means\n"
	  "  monk@C); the pieces of the expansions in play too (big-knight, builder,\n"
	  "  pig, shepherd@W sheep=2).  Without ROLE@SPOT, lists where one may go.\n" },
	{ "pass", "[WORD [TOKEN]]", 0, 2, PA_NONE, turn_pass,
	  "finish the turn without a meeple",
	  "  After a flock's choice, or with it: pass herd.\n" },
	{ "discard", "[TILE]", 0, 1, PA_TILE, turn_discard,
	  "the tile in hand fits nowhere: it leaves the game",
	  "  Only when it fits nowhere; the same player then draws again.\n" },
	{ "legal", "[TILE]", 0, 1, PA_TILE, view_legal,
	  "where the tile in hand (or TILE) may go",
	  "" },
	{ "board", "[--svg FILE]", 0, 2, PA_NONE, view_board,
	  "a map of the board, with the meeples",
	  "  Each square shows its tile's top, middle and bottom rows (# city, . field,\n"
	  "  = | road, + cloister, o village).  A meeple is its owner's initial: a\n"
	  "  capital for a thief, knight or monk, a small letter for a farmer.  * marks\n"
	  "  where the tile in hand fits.  In colour on a terminal, unless NO_COLOR is set.\n"
	  "  board --svg FILE: the board as an SVG picture, written to FILE.\n" },
	{ "score", "", 0, 0, PA_NONE, view_score,
	  "the scores, the meeples in hand, whose turn it is",
	  "" },
	{ "explain", "[PLAYER | X,Y[:SPOT]]", 0, 1, PA_FEATURE, view_explain,
	  "every point and why, or one feature in full",
	  "  explain PLAYER: every scoring that paid PLAYER, its arithmetic and majority,\n"
	  "  and what PLAYER's meeples on the board would score if the game ended now.\n"
	  "  explain X,Y:SPOT: the feature at that spot of the tile at X,Y: its tiles,\n"
	  "  pennants, meeples by player, who controls it, what it scored or would score\n"
	  "  if the game ended now.  explain X,Y: every feature of that tile.\n"
	  "  explain alone: every player.\n" },
	{ "supply", "", 0, 0, PA_NONE, view_supply,
	  "the tiles left, by type",
	  "" },
	{ "moves", "", 0, 0, PA_NONE, view_moves,
	  "the moves so far",
	  "" },
	{ "tiles", "[TILE...]", 0, PLAY_MAXARGS - 1, PA_TILES, view_tiles,
	  "the tile types with their codes and pictures",
	  "" },
	{ "find", "EDGES [--FILTER...]", 1, PLAY_MAXARGS - 1, PA_FIND, tiles_find,
	  "the tiles left that look like the one in hand",
	  "  EDGES: the tile's four edges read clockwise from any side, C city, R road,\n"
	  "  F field, W river (find CRFR): each type left that shows them, the rotation\n"
	  "  where the first is north, its picture.  Filters: --pennant, --cloister,\n"
	  "  --inn, --two-cities (separate), --set NAME; they may come alone (find\n"
	  "  --inn).  draw CRFR and Tab turns the edges into the codes that match.\n" },
	{ "undo", "[N]", 0, 1, PA_NONE, turn_undo,
	  "take back the last move, or the last N",
	  "  As far back as the start of the game; the journal follows.  On a terminal,\n"
	  "  undo N for more than one move asks first (not with play --yes).\n" },
	{ "redo", "[N]", 0, 1, PA_NONE, turn_redo,
	  "put back the last move undone, or the last N",
	  "  What undo took, the earliest first, played again and journaled, until a\n"
	  "  new move is made or another game loaded.\n" },
	{ "end", "", 0, 0, PA_NONE, turn_end,
	  "end the game here: the final scoring",
	  "  The game also ends by itself when the last tile is played.  On a terminal,\n"
	  "  end asks first (not with play --yes).\n" },
	{ "save", "FILE", 1, 1, PA_FILE, session_save,
	  "write the game as a record (- for the standard output)",
	  "  The record replays to the same scores (carcref replay FILE).\n" },
	{ "load", "FILE", 1, 1, PA_FILE, session_load,
	  "continue the game recorded in FILE instead",
	  "  FILE is not written: the game goes on in a journal of its own.  The game\n"
	  "  in play stays kept under its name (carcref games lists them).\n" },
	{ "help", "[COMMAND]", 0, 1, PA_COMMAND, view_help,
	  "the commands, or one in more detail",
	  "" },
	{ "quit", "", 0, 0, PA_NONE, session_quit,
	  "leave (the game is kept: carcref resume NAME brings it back)",
	  "  Also exit, or Ctrl-D.\n" },
};
const size_t play_ncmds = sizeof play_cmds / sizeof play_cmds[0];

const struct play_cmd *
play_cmd_find(const char *name)
{
	if (strcasecmp(name, "exit") == 0)
		name = "quit";
	else if (strcmp(name, "?") == 0)
		name = "help";
	for (size_t i = 0; i < play_ncmds; i++)
		if (strcasecmp(play_cmds[i].name, name) == 0)
			return &play_cmds[i];
	return NULL;
}

