/*
 * dice.h -- the engine of Carcassonne: The Dice Game (game: dice), the
 * contract of spec/dice.md: nine dice, up to three rolls a turn, the
 * largest closed city scores, first to 42.
 *
 * What this module offers:
 *
 *  - The face set (struct dc_faces): the four city faces of a die, read
 *    from YAML (format carcref-faces/1, spec §2.4) with every check of the
 *    format; each face keeps its code, names, sides, city pieces and the
 *    line it came from.  dc_faces_parse reads a whole face file or the
 *    list of faces alone; a record reader that walks libyaml events feeds
 *    those of its faces: value to a dc_faces_reader; dc_faces_check
 *    reports every failed check (faces --check).  The knight, the
 *    catapult and the number of dice are rules, not data.
 *  - A turn as a structure (struct dc_turn): its rolls, each a run of dice
 *    (a knight, a catapult, a city face with or without a square, or N
 *    dice thrown again whose faces were not noted), the + marks, and the
 *    result.  notation/dice.c fills it from a line and writes it back.
 *  - The game (struct dc_game): players, scores, the knights held, whose
 *    turn, the end and the winner; a turn is checked (the refusals of
 *    spec §4.10, in their order, each with its kind and the evidence its
 *    message needs) and applied whole or not at all; undo takes back whole
 *    turns.  Each turn makes one event, and a won game one more.
 *  - What the table needs step by step: a turn in progress (its rolls so
 *    far, the current keep) checked without its result, the dice to throw
 *    next, the sizes a claim may take, where a face fits in a layout, the
 *    layout's cities; rolls appended and taken back (dc_turn_append,
 *    dc_turn_drop_roll).
 *  - The size-only search (spec §4.4: which sizes of closed city some of
 *    the built faces can form) and the layout (§4.5: placement checks and
 *    the largest closed city).
 *
 * Invariants: nothing here prints, reads a file or exits; every message it
 * writes (the face loader's) goes through gettext.  A refused turn leaves
 * the game exactly as it was; dc_game_undo after dc_game_play gives back
 * the same state.  A game keeps a pointer to its face set, which must
 * outlive it.  Players are numbered from 0 in turn order; the engine never
 * sees their names.  Nothing depends on the tile engine.
 */
#ifndef CR_DICE_H
#define CR_DICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <yaml.h>

#define DC_NFACES	4	/* city faces on a die */
#define DC_NDICE	9
#define DC_MAXROLLS	3
#define DC_MAXPLAYERS	5
#define DC_TARGET	42	/* points that end the game (D12) */
#define DC_CODE_MAX	6	/* "CFCF2" and its NUL */

/* Sides of a face, as the notation writes them: N E S W. */
enum { DC_N, DC_E, DC_S, DC_W };

/* Where and why loading face data failed: line and column 1-based (0
 * when there is no place), message in the reader's language. */
struct dc_error {
	int	line, column;
	char	msg[256];
};

struct dc_face {
	char	code[DC_CODE_MAX];	/* "CFFF", "CFCF2": letters at rotation 0, digit */
	uint8_t	edges;		/* bit d set: side d (DC_N...) is black, at rotation 0 */
	uint8_t	npieces;
	uint8_t	piece[4];	/* the city pieces, each a mask of sides */
	uint8_t	digit;		/* 0, or the code's digit 1..9 */
	uint8_t	nrots;		/* distinct rotations (1, 2 or 4) */
	char	**also;		/* names, as the data gives them (English first) */
	int	nalso;
	char	*name, *doubt;	/* optional texts of the data, or NULL */
	int	line, column;	/* where the face's entry starts */
};

/* Where a face set came from, for messages: the shipped file, a file a
 * record or an option names, or a record's own faces:. */
enum dc_origin { DC_FROM_SHIPPED, DC_FROM_FILE, DC_FROM_RECORD };

struct dc_faces {
	struct dc_face	face[DC_NFACES];
	char		*source, *doubt;	/* a file's header texts, or NULL */
	enum dc_origin	origin;
	char		*file;		/* the file's name (shipped, file), or NULL */
	uint16_t	*cache;		/* the size-only search's answers (dice.c) */
};

/*
 * Load a face set from YAML text (len bytes): a whole face file (a
 * mapping with format: carcref-faces/1 and faces:) or the list of faces
 * alone (a record's faces: value, written as a document of its own).  0,
 * or -1 with *err and *f empty.  The origin is DC_FROM_FILE, file NULL:
 * the caller names it with dc_faces_origin.
 */
int	dc_faces_parse(struct dc_faces *f, const char *text, size_t len, struct dc_error *err);
void	dc_faces_free(struct dc_faces *f);
/*
 * carcref faces --check: every check the text fails, each given to report
 * (line, column, message) in the order of the text; the checks go on past
 * a failure where what follows can still be checked (the other keys, the
 * other faces).  The number of failures: 0 when the set loads.
 */
int	dc_faces_check(const char *text, size_t len,
	    void (*report)(void *arg, const struct dc_error *e), void *arg);
/* Say where the set came from; file is copied (NULL for none).  False if
 * out of memory. */
bool	dc_faces_origin(struct dc_faces *f, enum dc_origin origin, const char *file);
/* The same faces (codes, names, sides and pieces, in the same order)? */
bool	dc_faces_same(const struct dc_faces *a, const struct dc_faces *b);

/*
 * For a reader of libyaml events (notation/record.c): feed it the events
 * of the faces: value, from the one that starts it to the one that ends
 * it.  dc_faces_reader_feed returns 1 once the value is whole, 0 while it
 * wants more, -1 on an error (*err; an alias, too deep, out of memory);
 * dc_faces_reader_end then checks the list and fills *f (0, or -1 with
 * *err), with the events' own lines and columns.  Free the reader in any
 * case.
 */
struct dc_faces_reader;
struct dc_faces_reader *dc_faces_reader_new(void);
int	dc_faces_reader_feed(struct dc_faces_reader *r, const yaml_event_t *ev,
	    struct dc_error *err);
int	dc_faces_reader_end(struct dc_faces_reader *r, struct dc_faces *f,
	    struct dc_error *err);
void	dc_faces_reader_free(struct dc_faces_reader *r);

/*
 * A face from a word: four letters C/F in any rotation (and a digit), or
 * one of the data's names; case-insensitive.  The face's index, with
 * *rot the rotation that reads as the letters given (0 for a name), or
 * one of these.
 */
enum {
	DC_FACE_UNKNOWN = -1,	/* no face's letters nor name */
	DC_FACE_NOT_IN_DATA = -2,	/* four letters C/F (and a digit) no face has */
	DC_FACE_AMBIGUOUS = -3,	/* letters several faces share, each with a digit */
};
int	dc_faces_lookup(const struct dc_faces *f, const char *word, size_t len, int *rot,
	    bool *by_name);
/* The face's sides as it lies turned rot quarter turns clockwise, as
 * letters ("FFCF"), with its digit; buf holds DC_CODE_MAX bytes. */
const char *dc_face_letters(const struct dc_face *face, int rot, char *buf);
/* The face's name to show: its first also (French: its second, when
 * there is one), else its code. */
const char *dc_face_word(const struct dc_face *face, bool french);
/* A word the notation or the table uses (K, knight, end, roll, ...), which
 * no face may be named; case-insensitive. */
bool	dc_reserved_word(const char *word, size_t len);

/* ------------------------------------------------------------------ */
/* A turn */

enum dc_die_kind {
	DC_DIE_KNIGHT,
	DC_DIE_CATAPULT,
	DC_DIE_CITY,
	DC_DIE_UNNOTED,		/* count dice thrown again, faces not noted ("5.") */
};

struct dc_die {
	uint8_t	kind;		/* enum dc_die_kind */
	uint8_t	face;		/* a city die: its face's index */
	uint8_t	rot;		/* on a square: quarter turns clockwise from rotation 0 */
	uint8_t	count;		/* DC_DIE_UNNOTED: how many dice (1..9); else 1 */
	bool	kept;		/* marked + */
	bool	placed;		/* carries a square @X,Y */
	int	x, y;
	int	column;		/* of its word in the line (1-based), 0 if none */
};

struct dc_roll {
	int	first, n;	/* its dice: die[first .. first + n) */
	int	column;		/* of its first word */
};

enum dc_result {
	DC_RESULT_NONE,		/* not written */
	DC_RESULT_SIZE,		/* = N */
	DC_RESULT_KNIGHT,	/* = knight */
};

struct dc_turn {
	bool		blank;		/* only blanks or a comment */
	bool		end;		/* the move "end" (D14) */
	const char	*player;	/* the PLAYER: prefix inside the line, or NULL */
	size_t		player_len;
	int		column;		/* of the first word after the prefix */
	struct dc_die	*die;
	int		ndie, capdie;
	struct dc_roll	*roll;
	int		nroll, caproll;
	enum dc_result	result;
	int		size;		/* DC_RESULT_SIZE: 0..9 */
	int		result_column;	/* of "=", 0 if none */
};

void	dc_turn_init(struct dc_turn *t);
void	dc_turn_free(struct dc_turn *t);
/* Empty it, keeping its memory. */
void	dc_turn_clear(struct dc_turn *t);
/* A deep copy (its player prefix not kept); false if out of memory. */
bool	dc_turn_copy(struct dc_turn *dst, const struct dc_turn *src);
/* Start a roll, add a die to the last roll; false if out of memory. */
bool	dc_turn_add_roll(struct dc_turn *t, int column);
bool	dc_turn_add_die(struct dc_turn *t, const struct dc_die *d);
/* Add more's rolls after t's (and its result, if it has one): the
 * table's quick entry of a line in a turn under way; false if out of
 * memory, t then as it was. */
bool	dc_turn_append(struct dc_turn *t, const struct dc_turn *more);
/* Take back the last roll (the table's undo of a roll); false if none. */
bool	dc_turn_drop_roll(struct dc_turn *t);
/* Does any die carry a square (a layout, §4.5)? */
bool	dc_turn_layout(const struct dc_turn *t);
/*
 * The result a turn written without one stands for, set in place (spec
 * §4.2, §4.6): after nine catapults none (an "= 0" is dropped); else = 0
 * when no 3 or more of the faces built can close a city, or in a layout
 * the layout's own size (0 or 2).  Left as it is when a result must be
 * written.  Needs no game: what the line says is enough.
 */
void	dc_turn_complete(const struct dc_faces *f, struct dc_turn *t);

/* ------------------------------------------------------------------ */
/* Refusals (spec §4.10), in the order they are checked */

enum dc_rkind {
	DC_R_NONE,
	DC_R_HEADER,		/* move 0: the record's header (the game layer's) */
	DC_R_UNREADABLE,	/* move 0: the faceset: file cannot be read */
	DC_R_DATA_CHECK,	/* move 0: the face data fails a check */
	DC_R_SYNTAX,		/* reading */
	DC_R_UNKNOWN_FACE,
	DC_R_FACE_NOT_IN_DATA,
	DC_R_AMBIGUOUS_FACE,
	DC_R_GAME_OVER,		/* the end */
	DC_R_WRONG_PLAYER,	/* the player */
	DC_R_FOURTH_ROLL,	/* the rolls */
	DC_R_NOTHING_TO_ROLL,
	DC_R_DICE_COUNT,
	DC_R_CATAPULT_REROLLED,
	DC_R_REROLL_SET_ASIDE,
	DC_R_CATAPULT_KEPT,
	DC_R_PLACEHOLDER_LAST_ROLL,
	DC_R_LAYOUT_MISSING_PLACE,
	DC_R_LAYOUT_SQUARE_TAKEN,
	DC_R_LAYOUT_EDGES,
	DC_R_CATAPULTS_RESULT,	/* the result */
	DC_R_RESULT_MISSING,
	DC_R_KNIGHT_NEEDS_THREE,
	DC_R_CITY_NOT_FORMABLE,
	DC_R_LAYOUT_RESULT,
	DC_R_NOMEM,		/* out of memory: nothing changed */
	DC_NRKINDS
};

/* The kind's name as replay --json writes it ("dice-count"); NULL if none. */
const char *dc_rkind_name(enum dc_rkind k);

/* How a game ended. */
enum dc_end {
	DC_END_NONE,
	DC_END_POINTS,		/* D12 */
	DC_END_CATAPULTS,	/* D13 */
	DC_END_STOP,		/* D14: end */
};

/* "points", "catapults", "end": JSON's ended_by; NULL for none. */
const char *dc_end_name(enum dc_end e);

/* A player named by a PLAYER: prefix, for dc_game_check's who. */
enum {
	DC_WHO_ANY = -1,	/* no prefix */
	DC_WHO_NOBODY = -2,	/* a name that is no player's */
	DC_WHO_TWICE = -3,	/* the player given twice (a mapping and a prefix) */
};

/*
 * Why a turn was refused: the kind, where, and the evidence the message
 * needs (the fields each kind uses are listed; the others are 0 or -1).
 * Indices of dice are into the turn's die[].
 */
struct dc_refusal {
	enum dc_rkind	kind;
	int	column;		/* 1-based, of the word at fault; 0 if none */
	int	roll;		/* the roll concerned, 1-based */
	int	die;		/* the die at fault, -1 */
	int	player;		/* the player to move */
	/* game-over: how the game ended, at which move, its winner's total */
	enum dc_end ended_by;
	int	winner, move, score;
	/* wrong-player: the player named (an index, or DC_WHO_*) */
	int	named;
	/* dice-count, catapult-rerolled, reroll-set-aside: the dice the roll
	 * shows and those to throw; the roll before it: its catapults and
	 * the dice set aside; catapult-rerolled: the catapults of rolls
	 * from_roll .. roll - 1, which the excess equals.  dice-count of a
	 * first roll: holders, a bit per other player holding a knight. */
	int	shown, want, catapults, set_aside, from_roll;
	unsigned holders;
	/* placeholder-last-roll: the die's count is die's */
	/* layout-square-taken: other, the die already there; layout-edges:
	 * side, the side of die touching other */
	int	other, side;
	/* knight-needs-three: the knights collected, set aside and in the
	 * last roll */
	int	knights, knights_aside, knights_last;
	/* the result: the size stated (city-not-formable, layout-result), the
	 * sizes the faces built can close (bit n for n dice; result-missing,
	 * city-not-formable), the faces built (dice indices), the layout's
	 * largest closed city and its dice */
	int	size;
	unsigned sizes;
	int	nbuilt, built[DC_NDICE];
	int	city_size, ncity, city[DC_NDICE];
};

/* ------------------------------------------------------------------ */
/* Events */

enum dc_feature {
	DC_EV_CITY,		/* a closed city scored (2 dice: 0 points) */
	DC_EV_NO_CITY,		/* no closed city: 0 */
	DC_EV_KNIGHT,		/* 3 knights or more: one kept (D9) */
	DC_EV_CATAPULTS,	/* nine catapults (D13): no points */
	DC_EV_WIN,		/* follows the turn that won (D12, D13) */
};

/* "city", "no-city", "knight", "catapults", "win": JSON's feature. */
const char *dc_feature_name(enum dc_feature f);

struct dc_event {
	enum dc_feature feature;
	int	move;		/* 1-based, as the record numbers moves */
	int	player;
	int	nrolls;
	int	thrown[DC_MAXROLLS];	/* dice thrown by each roll */
	int	catapults[DC_MAXROLLS];	/* catapults shown by each roll */
	int	dice;		/* city: its size */
	int	knights;	/* knight: how many were collected */
	bool	doubled;	/* the player held a knight at the start of the turn */
	bool	again;		/* knight: kept one while holding one (D11) */
	int	base;		/* the points before the double */
	int	points;		/* scored (0 for knight, catapults, win) */
	int	total;		/* the player's score after the turn */
	enum dc_end ended_by;	/* win: DC_END_POINTS or DC_END_CATAPULTS */
};

/* ------------------------------------------------------------------ */
/* The game */

struct dc_game;

/* A new game on face set f (kept, not copied) for 1..DC_MAXPLAYERS
 * players; NULL if out of memory or nplayers is out of range. */
struct dc_game *dc_game_new(const struct dc_faces *f, int nplayers);
/* Start g again, on face set f for nplayers players, keeping its memory
 * (a batch of replays); false, g as it was, if nplayers is out of range
 * or f is NULL. */
bool	dc_game_restart(struct dc_game *g, const struct dc_faces *f, int nplayers);
void	dc_game_free(struct dc_game *g);
const struct dc_faces *dc_game_faces(const struct dc_game *g);

int	dc_game_nplayers(const struct dc_game *g);
int	dc_game_turn(const struct dc_game *g);		/* the player to move */
int	dc_game_score(const struct dc_game *g, int player);
bool	dc_game_holding(const struct dc_game *g, int player);	/* a knight kept */
/* The dice the player to move throws first (D2). */
int	dc_game_dice(const struct dc_game *g);
bool	dc_game_over(const struct dc_game *g);
int	dc_game_winner(const struct dc_game *g);	/* -1: none (yet) */
enum dc_end dc_game_ended_by(const struct dc_game *g);
int	dc_game_nmoves(const struct dc_game *g);
/* Move i as applied: its result written (as dc_turn_complete gives it),
 * no player prefix; and who played it. */
const struct dc_turn *dc_game_move(const struct dc_game *g, int i);
int	dc_game_move_player(const struct dc_game *g, int i);
int	dc_game_nevents(const struct dc_game *g);
const struct dc_event *dc_game_event(const struct dc_game *g, int i);

/*
 * Check turn t for the player to move; who says whom its prefix names
 * (an index, or DC_WHO_*).  True, or false with *why (the first check of
 * spec §4.10 that fails).  dc_game_play does the same and applies the
 * turn; dc_game_undo takes back the last move (false if none).
 */
bool	dc_game_check(const struct dc_game *g, const struct dc_turn *t, int who,
	    struct dc_refusal *why);
bool	dc_game_play(struct dc_game *g, const struct dc_turn *t, int who,
	    struct dc_refusal *why);
bool	dc_game_undo(struct dc_game *g);

/* ------------------------------------------------------------------ */
/* A turn in progress, at the table */

/* One city die built this turn: a face (and in a layout its square and
 * rotation), the roll that built it, its index in the turn's die[]. */
struct dc_built {
	int	face, rot, x, y, roll, die;
};

/* What a turn, or the part of it entered so far, comes to. */
struct dc_progress {
	int	in_hand;		/* dice thrown by the first roll (D2) */
	int	nrolls;
	int	thrown[DC_MAXROLLS], catapults[DC_MAXROLLS], set_aside[DC_MAXROLLS];
	int	catapults_total;
	bool	nine;			/* the catapults reached nine: the turn is over */
	int	to_throw;		/* dice the next roll throws (0: none left) */
	int	rolls_left;		/* rolls still allowed */
	int	knights_aside;		/* knights set aside */
	int	knights_last;		/* knights shown by the last roll */
	bool	layout;
	int	nbuilt;			/* city dice built (§4.4; §4.5 in a layout) */
	struct dc_built built[DC_NDICE];
};

/*
 * A turn in progress: the rolls entered so far, the + marks (and squares)
 * of the last one being the current keep, no result.  Checked as
 * dc_game_check checks the rolls, except that the last roll may be
 * followed by another: its N. are allowed and only its + dice count as
 * built.  True with *p filled (p may be NULL), or false with *why.
 */
bool	dc_game_check_prefix(const struct dc_game *g, const struct dc_turn *t, int who,
	    struct dc_refusal *why, struct dc_progress *p);

/*
 * What a claim may say once t's last roll is the last: the sizes (bit n
 * for n dice) = N would be accepted with, 0 always among them (in a
 * layout only the layout's size), and whether = knight would.  False
 * with *why when the rolls themselves are refused, or the last roll
 * holds an N.
 */
bool	dc_game_claims(const struct dc_game *g, const struct dc_turn *t, unsigned *sizes,
	    bool *knight, struct dc_refusal *why);

/* Where face may go in t's layout: a free square beside a built die (0,0
 * when none is built) and a rotation whose sides match every neighbour.
 * Writes up to max into out and returns how many there are. */
struct dc_fit {
	int	x, y, rot;
};
int	dc_layout_fits(const struct dc_faces *f, const struct dc_turn *t, int face,
	    struct dc_fit *out, int max);

/*
 * The layout's cities: each a set of pieces joined across black sides,
 * with its dice (indices in t->die, each once) and whether it is closed
 * (D7).  Fills up to max and returns how many there are; the dice with a
 * square are placed in the order of the line, a die on a square already
 * taken being left out.
 */
struct dc_city {
	bool	closed;
	int	n;
	int	die[DC_NDICE];
};
int	dc_layout_cities(const struct dc_faces *f, const struct dc_turn *t,
	    struct dc_city *out, int max);

/*
 * The size-only search (§4.4): bit n set when some n of the faces counted
 * in counts[] (counts[i] dice of face i, DC_NDICE at most together) can
 * lie as one closed city with a piece on each.  Bit 0 is always set.
 */
unsigned dc_formable(const struct dc_faces *f, const int counts[DC_NFACES]);

/* Points for a closed city of n dice (D8): 0 below 3. */
int	dc_points(int n);

#endif
