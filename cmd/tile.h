/*
 * tile.h -- the tile game at the table: its table (tile-game.c) and what
 * its files share.
 *
 *	tile-game.c	its table: options, selfplay, JSON, ranking, the hand,
 *			the prompt, the command list
 *	tile-turn.c	the turn: draw, place, choose, meeple, pass, discard,
 *			end; a whole turn typed; a move told
 *	tile-views.c	what is shown: legal, board, score, explain, supply,
 *			tiles, find, help's words, the standings
 *	tile-complete.c	Tab completion of tiles, squares, rotations, meeples
 *	board.c		the board as an ASCII map
 */
#ifndef CARCREF_TILE_H
#define CARCREF_TILE_H

#include <stdbool.h>
#include <stdio.h>

#include "rules/game.h"
#include "play.h"

extern const struct play_game play_game_tile;

/* The turn being entered step by step: p->hand. */
struct tile_hand {
	int		 tile;		/* the tile drawn, -1 none */
	bool		 placed;	/* and put down at pend.x, pend.y, pend.rot */
	struct cr_move	 pend;
	bool		 back;		/* said to go back when it leaves the hand (end) */
	/* What was said of the copy drawn (a module's drawn tokens: wheel 3,
	 * plague 4,2), kept into every move the hand makes. */
	int		 nsaid;
	struct cr_said	 said[CR_MAXDRAWN];
};

static inline struct tile_hand *
tile_hand(const struct play *p)
{
	return p->hand;
}

/* The tile set of the game in play (its own, for a game whose record
 * names its tiles), else the game's shipped one. */
static inline const struct cr_tileset *
tile_ts(const struct play *p)
{
	return p->g != NULL ? cr_game_tileset(p->g) : p->world;
}

/* What its commands' arguments complete to (struct play_cmd's complete). */
enum {
	PA_TILE = PA_GAME,	/* one tile code, of those left in the supply */
	PA_TILES,		/* tile codes, any of the box, as many as wanted */
	PA_PLACE,		/* X,Y, ROT, ROLE@SPOT where the tile in hand fits */
	PA_MEEPLE,		/* one ROLE@SPOT on the tile just placed */
	PA_FEATURE,		/* one player, X,Y of a tile, or X,Y:SPOT */
	PA_FIND,		/* the search options of find, a set's name */
	PA_SAID,		/* a drawn token's value: a number the copy may show,
				 * a follower's square */
};

/* tile-game.c: what another game on the tile engine may take as its own
 * (Hunters & Gatherers, cmd/hg-game.c): the commands, the hand's words
 * and hooks (struct play_game's), a random game to its end. */
extern const struct play_cmd *const tile_cmds[];
extern const struct play_hand_words tile_words;
bool	 tile_random_game(void *g, uint64_t *seed, int pieces);
bool	 tile_hand_held(const struct play *p);
char	*tile_hand_name(const struct play *p);
char	*tile_hand_shown(const struct play *p);
char	*tile_hand_line(const struct play *p);
char	*tile_prompt(const struct play *p);
char	*tile_ctrl_c(struct play *p);
bool	 tile_hand_restore(struct play *p, char *text, char **why);
bool	 tile_is_turn(struct play *p, int argc, char **argv, const char *line);

/* tile-views.c: the pieces that may go on a space off the tiles in move
 * m (crown@tax), with the room there after the step of the copy drawn;
 * such a piece and its space as the player's language writes it. */
struct tile_spaceopt {
	int	role, space, free, cap;
};
int	 tile_space_options(struct play *p, const struct cr_move *m, struct tile_spaceopt *out,
	    int max);
int	 tile_space_text(int role, int space, char *buf, size_t size);

/* tile-views.c: what the modules in play say of their state, or with m
 * of the step m says of the copy drawn ("the pig on Storm"). */
size_t	 tile_ext_said(const struct play *p, const struct cr_move *m, char *buf, size_t size);

/* tile-turn.c: the steps of a turn. */
int	 turn_draw(struct play *, int, char **);
int	 turn_place(struct play *, int, char **);
int	 turn_meeple(struct play *, int, char **);
int	 turn_choose(struct play *, int, char **);
int	 turn_pass(struct play *, int, char **);
int	 turn_discard(struct play *, int, char **);
int	 turn_end(struct play *, int, char **);
/* A module's step of the copy drawn: "wheel 3", "plague 4,2" (argv[0] a
 * drawn token's word). */
int	 turn_said(struct play *, int, char **);
/* What m says of the copy drawn will do (true): as it is (*due 0), or
 * once the players in *due (bit each) name a follower's square (the
 * module's square token, into *square: 0 none); false, why filled. */
bool	 tile_said_due(const struct cr_game *g, const struct cr_move *m,
	     struct cr_refusal *why, uint32_t *due, int *square);
/* What the hand said of the copy drawn, into m, made whole where a
 * player has still to name a follower (the first of theirs): for the
 * hints' turn that is legal now. */
void	 tile_said_whole(struct play *p, struct cr_move *m);
/* The copies left that modules tell apart, " 7 with a wheel icon (number
 * unknown), 1 plain" (n of v, cr_game_variants). */
void	 tile_say_variants(struct play *p, const struct cr_variant *v, int n);
/* A whole turn typed, "U 1,0 thief@E" without its rotation too. */
int	 tile_line(struct play *p, const char *line);
/* Tell move i just played. */
void	 tile_tell(struct play *p, int i);
/* "refused: " and the rule broken. */
int	 tile_refusal(struct play *p, const struct cr_refusal *why);
/* The refusal of any move once the game is over. */
int	 tile_game_over(struct play *p);
/* Forget the tile in hand (saying it goes back if SAY). */
void	 tile_drop_hand(struct play *p, bool say);
/* The step the tile in hand waits for, in words ("place it (place X,Y
 * [ROT])"; placed, "meeple ROLE@SPOT or pass ..."), for a hint. */
const char *tile_hand_step(struct play *p);
/* The hand after undo, and before redo (struct play_game's undone and
 * redoing). */
void	 tile_undone(struct play *p, const char *line);
void	 tile_redoing(struct play *p, const char *line);

/* tile-views.c: what the table is shown. */
int	 view_legal(struct play *, int, char **);
int	 view_board(struct play *, int, char **);
int	 view_score(struct play *, int, char **);
int	 view_explain(struct play *, int, char **);
int	 view_supply(struct play *, int, char **);
int	 view_tiles(struct play *, int, char **);
int	 view_find(struct play *, int, char **);
void	 tile_say_state(struct play *p);
void	 tile_standings(struct play *p);
void	 tile_hint(struct play *p);
void	 tile_help_intro(struct play *p);
void	 tile_help_more(struct play *p, const struct play_cmd *c);

/* A tile type's code. */
const char *tile_code(const struct play *p, int type);
/* Pictures of a type in the given rotations, side by side. */
void	 tile_rotations(struct play *p, int type, const int *rots, int n, bool titles);
/* The legal placements of a type, one per square and look, north first:
 * malloc'd, *n of them on *squares squares; NULL if out of memory. */
struct cr_place *tile_legal_places(struct play *p, int type, int *n, int *squares);
/* "U fits on N squares" (no newline): the ways follow. */
void	 tile_say_fits(struct play *p, int type, int squares);
/* A piece's word in the language shown, if the notation reads it back
 * ("chevalier"), else English; with its spot ("chevalier@O"), as
 * snprintf returns. */
const char *tile_piece_word(int role);
int	 tile_meeple_text(int role, enum cr_spot spot, char *buf, size_t size);
/* A whole turn legal now, in the player's words, for the hints
 * (malloc'd); NULL if none. */
char	*tile_example(struct play *p);
/* The same with tile type t (*piece: with a piece); NULL if t fits nowhere. */
char	*tile_example_of(struct play *p, int t, bool *piece);

/* tile-complete.c */
void	 tile_complete(struct play *p, const struct play_cmd *c, char **w, int n,
	     const char *text);

/* board.c -- the board as an ASCII map, with the meeples. */
struct board_style {
	bool		 color;		/* ANSI colours */
	const struct play_letter *letter;	/* a letter per player, for the meeples */
	const int	*ansi;		/* an ANSI colour code per player */
	int		 hand;		/* a tile type: mark the squares where it fits; -1 */
	int		 lastx, lasty;	/* the last tile placed (highlighted); lastset false: none */
	bool		 lastset;
	bool		 marked;	/* the feature of segment feature highlighted */
	int		 feature;
};

void	 board_print(FILE *f, const struct cr_game *g, const char *const *names,
	     const struct board_style *st);

#endif
