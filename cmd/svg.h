/*
 * svg.h -- the board as an SVG picture: carcref board --svg and the
 * REPL's `board --svg FILE` (svg.c).
 */
#ifndef CARCREF_SVG_H
#define CARCREF_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rules/game.h"

struct svg_board {
	const char	*title;		/* a line above the board (escaped here), or NULL */
	const char *const *names;	/* each player's name (escaped here) */
	const int	*ansi;		/* each player's colour as an ANSI code, as the
					 * REPL's map has it (play.h: struct play) */
	int		 feature;	/* a segment id: its feature is highlighted; -1 none */
	const char *const *notes;	/* lines under the key (the feature's account) */
	int		 nnotes;
};

/* The SVG document of g's board, every tile drawn from its segments and
 * ports, the pieces in their players' colours, coordinates on the
 * margins, the last tile framed, a key of what is drawn.  Every text is
 * XML-escaped, control characters shown as escapes (\x1b).  False if
 * memory ran out (the document is then cut short). */
bool	 svg_board(FILE *f, const struct cr_game *g, const struct svg_board *b);

/* The same as a malloc'd string of *len bytes (NUL after them); NULL if
 * memory runs out. */
char	*svg_text(const struct cr_game *g, const struct svg_board *b, size_t *len);

/* For the other pictures (report-svg.c), drawn as this one is: text
 * escaped as here; how wide it is drawn at most, in pixels at font size
 * 15; player p's colour, from the players' ANSI codes (NULL: grey). */
void	 svg_put_text(FILE *f, const char *s);
int	 svg_text_px(const char *s);
const char *svg_player_rgb(const int *ansi, int p);

/* Where the last tile placed lies: false if no move placed one (the
 * start tile alone).  For the ASCII map too. */
bool	 board_last_tile(const struct cr_game *g, int *x, int *y);

#endif
