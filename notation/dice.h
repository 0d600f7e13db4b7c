/*
 * dice.h -- the dice game's turn lines (spec/dice.md §4.2-4.6): text <->
 * struct dc_turn, and the words of its refusals and events.
 *
 *	[PLAYER:] ROLL [/ ROLL [/ ROLL]] [= RESULT]
 *	[PLAYER:] end
 *
 * Parsing needs the face set in force (its codes and names); what is
 * written back is English and canonical (§4.6) whatever was typed.  The
 * messages are in the reader's language (notation/i18n.h).
 */
#ifndef NT_DICE_H
#define NT_DICE_H

#include <stdbool.h>
#include <stddef.h>

#include "../rules/dice.h"

/* A refusal in words: its kind (replay --json's), the column of the word
 * at fault (1-based, in the line given), the sentence. */
struct nt_dice_error {
	enum dc_rkind	kind;
	int		column;
	char		msg[512];
};

/*
 * Parse len bytes (no newline needed) into t, which is emptied first
 * (its memory reused; dc_turn_free it in the end).  0, or -1 with *err:
 * syntax, unknown-face, face-not-in-data or ambiguous-face.  A line with
 * only blanks or a comment gives t->blank.
 */
int	nt_dice_parse(const struct dc_faces *f, const char *line, size_t len,
	    struct dc_turn *t, struct nt_dice_error *err);

/*
 * At the table: the words of one roll ("K X +CFFF 2."), added to t as
 * its next roll; and the words of a keep ("CFFF K", "FFCF@0,1"), which
 * become the + marks and squares of t's last roll, replacing those it
 * had (each word takes a die of the roll that shows that face and is not
 * taken yet).  0, or -1 with *err and t as it was.
 */
int	nt_dice_parse_roll(const struct dc_faces *f, const char *words, size_t len,
	    struct dc_turn *t, struct nt_dice_error *err);
int	nt_dice_parse_keep(const struct dc_faces *f, const char *words, size_t len,
	    struct dc_turn *t, struct nt_dice_error *err);

/*
 * The canonical line of t (§4.6), with "PLAYER: " when player is not
 * NULL, into buf; returns the length it needs, as snprintf does.  The
 * result is written as t has it: dc_turn_complete first for a line read
 * without one.  NT_DICE_OPEN writes a turn in progress (the .hand): the
 * + marks of its last roll kept, no result.
 */
#define NT_DICE_OPEN	1u
int	nt_dice_format(const struct dc_faces *f, const struct dc_turn *t, const char *player,
	    unsigned flags, char *buf, size_t size);

/*
 * A refusal of turn t on game g (as dc_game_check left it) in words,
 * names[p] each player's name; returns the length it needs, as snprintf
 * does.  The reading kinds come from nt_dice_parse, with their message.
 */
int	nt_dice_refusal(const struct dc_game *g, const struct dc_turn *t,
	    const struct dc_refusal *r, const char *const *names, char *buf, size_t size);

/* An event's "why" (spec §4.9), in the reader's language. */
int	nt_dice_why(const struct dc_event *e, const char *const *names, char *buf, size_t size);

/*
 * Play one turn line on g: parse it, check that a PLAYER: prefix (or
 * player, from a record's mapping form) names the player to move, apply
 * it.  0, or -1 with *err (kind, column within the line, message) and g
 * unchanged.  A blank line is refused (syntax).
 */
int	nt_dice_play(struct dc_game *g, const char *const *names, const char *line, size_t len,
	    const char *player, struct nt_dice_error *err);

/*
 * At the table (spec §4.8), in the reader's language, each as snprintf
 * returns:
 *  - the standings line after a turn: "Anna 6, Ben 1 [knight]; Anna to
 *    play, 8 dice; first to 42", or at the end "game over: Anna wins with
 *    42 points (Ben 6)", "nine catapults: Ben wins (Anna 3, Ben 0)", "game
 *    stopped: no winner (Anna 9, Ben 3)";
 *  - what the last roll of t shows, p being dc_game_check_prefix's: "roll
 *    1 of 3, 9 dice: 2 knights, 2 catapults (out), 5 city faces";
 *  - what is set aside from it and what comes next: "set aside: CFFF
 *    CFCF; 5 dice to roll (roll 2 of 3)".
 */
int	nt_dice_standings(const struct dc_game *g, const char *const *names, char *buf, size_t size);
int	nt_dice_roll_summary(const struct dc_faces *f, const struct dc_turn *t,
	    const struct dc_progress *p, char *buf, size_t size);
int	nt_dice_keep_summary(const struct dc_faces *f, const struct dc_turn *t,
	    const struct dc_progress *p, char *buf, size_t size);

/*
 * Drawings, 5 x 3 characters a die ('#' city, '.' white), north up: one
 * face turned rot quarter turns (three rows of 5 and a NUL), and t's
 * layout (its dice on squares, a blank column or row between squares
 * that are not neighbours; lines ending in '\n'), as snprintf returns.
 */
void	nt_dice_draw_face(const struct dc_face *face, int rot, char rows[3][6]);
int	nt_dice_draw_layout(const struct dc_faces *f, const struct dc_turn *t, char *buf,
	    size_t size);

/*
 * The face set as a record's faces: value, one face a line
 * ("<indent>- {code: CFFF, also: [cap, bord], edges: C F F F, cities: [[N]]}\n"),
 * which dc_faces_parse reads back the same.  malloc'd; NULL if out of
 * memory.
 */
char	*nt_dice_faces_yaml(const struct dc_faces *f, const char *indent);

/* Where the faces came from, for messages: the file's name, or "the
 * record's faces:" in the reader's language. */
const char *nt_dice_faces_origin(const struct dc_faces *f);

/*
 * The dice game's row of the game layer (dice-game.c, game.h), and what
 * it keeps of a record's header: its own faces (faces:, NULL if none),
 * the file it names (faceset:, as written, NULL if none); a file named
 * for a new game (play --faceset), relative to the current directory.
 */
struct nt_record;
extern const struct nt_game nt_game_dice;
const struct dc_faces *nt_dice_record_faces(const struct nt_record *r);
const char *nt_dice_record_faceset(const struct nt_record *r);
bool	nt_dice_record_set_faceset(struct nt_record *r, const char *file);
/* An event's feature in the reader's language ("city"). */
const char *nt_dice_feature_word(enum dc_feature f);

#endif
