/*
 * dice.h -- the dice game at the table and on the command line: its table
 * (dice-game.c) and what its files share.
 *
 *	dice-game.c	its table: the faces it is played with, options,
 *			selfplay, JSON, ranking, the hand, the command list
 *	dice-turn.c	the turn: roll, keep, claim, a line typed whole or in
 *			part, end; undo and redo of rolls; a move told
 *	dice-views.c	what is shown: city, faces, score, explain, help's
 *			words, the standings, another game's commands, Tab
 *	dice-faces.c	carcref faces [--check FILE], and faces drawn
 */
#ifndef CARCREF_DICE_H
#define CARCREF_DICE_H

#include <stdbool.h>
#include <stdio.h>

#include "play.h"
#include "notation/dice.h"

extern const struct play_game play_game_dice;

/*
 * The turn being entered roll by roll: p->hand.  The rolls entered so
 * far (t.nroll > 0: a turn under way), the + marks and squares of its
 * last roll being the current keep; kept, whether keep was said since
 * the last roll; what undo took back of them, for redo (each a turn of
 * one roll, the last taken on top).
 */
struct dice_hand {
	struct dc_turn	 t;
	bool		 kept;
	struct dc_turn	 back[DC_MAXROLLS];
	int		 nback;
};

static inline struct dice_hand *
dice_hand(const struct play *p)
{
	return p->hand;
}

static inline const struct dc_faces *
dice_faces(const struct play *p)
{
	return dc_game_faces(p->g);
}

/* What its commands' arguments complete to (struct play_cmd's complete). */
enum {
	PA_FACES = PA_GAME,	/* faces: codes, K, X, the data's names */
	PA_KEEP,		/* the faces of the last roll, squares after @ */
	PA_CLAIM,		/* the sizes a claim may say, knight */
	PA_PLAYER,		/* a player's name */
};

/* The shipped faces (the data directory's dice-faces.yaml), loaded once;
 * NULL with the message printed. */
const struct dc_faces *dice_shipped(void);
/* A face file read and checked, kept until the program ends: path as
 * given (for messages), opened relative to dir (NULL: the current
 * directory) unless absolute.  NULL with *err (malloc'd; cmd_seterr),
 * *kind (JSON's) and *status 2 (unreadable) or 1 (its checks). */
const struct dc_faces *dice_load_file(const char *path, const char *dir, char **err,
	    const char **kind, int *status);
/* Are faces f the shipped guess (the shipped file's, or written inline
 * and equal to them)? */
bool	 dice_is_shipped(const struct dc_faces *f);

/* dice-turn.c: the steps of a turn, a line, the end. */
int	 dice_roll(struct play *, int, char **);
int	 dice_keep(struct play *, int, char **);
int	 dice_claim(struct play *, int, char **);
int	 dice_end(struct play *, int, char **);
int	 dice_line(struct play *p, const char *line);
bool	 dice_is_turn(struct play *p, int argc, char **argv, const char *line);
void	 dice_tell(struct play *p, int i);
void	 dice_drop_hand(struct play *p, bool say);
int	 dice_undo_steps(struct play *p, int n);
int	 dice_redo_steps(struct play *p, int n);
void	 dice_undone(struct play *p, const char *line);
void	 dice_redoing(struct play *p, const char *line);
bool	 dice_hand_restore(struct play *p, char *text, char **why);
/* Check the hand's turn as a turn in progress: true with *pr, or false
 * with the refusal in *why. */
bool	 dice_progress(struct play *p, const struct dc_turn *t, struct dc_progress *pr,
	     struct dc_refusal *why);
/* Event e's why, malloc'd (NULL if out of memory). */
char	*dice_why(struct play *p, const struct dc_event *e);
/* "refused: " and why, for turn t. */
int	 dice_refusal(struct play *p, const struct dc_turn *t, const struct dc_refusal *why);

/* dice-views.c: what the table is shown. */
int	 dice_view_city(struct play *, int, char **);
int	 dice_view_faces(struct play *, int, char **);
int	 dice_view_score(struct play *, int, char **);
int	 dice_view_explain(struct play *, int, char **);
void	 dice_say_state(struct play *p);
void	 dice_standings(struct play *p);
void	 dice_hint(struct play *p);
void	 dice_help_intro(struct play *p);
void	 dice_banner(struct play *p);
bool	 dice_foreign(struct play *p, int argc, char **argv);
void	 dice_complete(struct play *p, const struct play_cmd *c, char **w, int n,
	     const char *text);

/* dice-faces.c: faces f drawn, 5 x 3 characters a face, with their codes
 * and names, then where they come from, their source and doubt. */
void	 dice_print_faces(FILE *out, const struct dc_faces *f);
extern const struct cmd_entry cmd_faces_entry;

#endif
