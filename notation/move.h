/*
 * move.h -- one turn line of the notation, text <-> struct cr_move.
 *
 *	[PLAYER:] TILE X,Y ROT [CHOICE [TOKEN]] [ROLE[@SPOT] [TOKEN]]
 *	[PLAYER:] TILE discard
 *	end
 *
 * See man/carcref-notation.5 for the whole language.
 */
#ifndef NT_MOVE_H
#define NT_MOVE_H

#include <stdbool.h>
#include <stddef.h>

#include "../rules/game.h"

struct nt_turn {
	bool		blank;		/* only white space or a comment */
	struct cr_move	move;
	int		art;		/* which of the tile type's codes was written:
					 * 0 its code, k its alias k - 1 ("RV-F" for
					 * RV-D's other artwork); see nt_tile_art */
	const char	*player;	/* the PLAYER: prefix inside the line, or NULL */
	size_t		player_len;
};

/*
 * What someone typed (t, len bytes), for a message that quotes it, the
 * one rule of every refusal in notation/ and cmd/: each character kept as
 * it is (é stays é; the writers escape controls and invisible characters
 * for a terminal, \x1b, \u202e, cmd/out.c, or for JSON, cmd/json.c), but
 * a newline or a NUL, which would cut the message, as \x0a and \x00;
 * cut after NT_QUOTE_MAX bytes, never inside a character, "..." then
 * telling so.  Into buf; returns buf.  NT_Q(t, len) gives it a buffer of
 * its own, for one message's arguments; NT_QS(s) quotes a C string.
 */
#define NT_QUOTE_MAX	48
#define NT_QUOTE_SIZE	(NT_QUOTE_MAX + 4)
const char *nt_quote(const char *t, size_t len, char buf[NT_QUOTE_SIZE]);
#define NT_Q(t, len)	nt_quote((t), (len), (char[NT_QUOTE_SIZE]){ 0 })
#define NT_QS(s)	NT_Q((s), strlen(s))

struct nt_error {
	int	column;		/* 1-based, in bytes */
	char	msg[256];
};

/* Parse len bytes (no newline needed).  Returns 0, or -1 with *err set. */
int	nt_parse_move(const struct cr_tileset *ts, const char *line, size_t len,
	    struct nt_turn *out, struct nt_error *err);

/*
 * Write the canonical form of a move (no player prefix unless player is
 * not NULL) into buf; returns the length it needs, as snprintf does.
 */
int	nt_format_move(const struct cr_tileset *ts, const struct cr_move *m,
	    const char *player, char *buf, size_t size);
/* The same with the tile's code written as art says (struct nt_turn's
 * art: one artwork's letter kept, "RV-F" stays "RV-F"). */
int	nt_format_move_as(const struct cr_tileset *ts, const struct cr_move *m, int art,
	    const char *player, char *buf, size_t size);

/*
 * Which of type tile's codes the text s (n bytes, a code that
 * cr_tileset_find gives tile for) is: 0 its code, k its alias k - 1, in
 * any case, "BA-" prefix or not.  And the code art names, as the tile
 * set spells it ("?" for a tile out of range; the code for an alias it
 * does not have).
 */
int	nt_tile_art(const struct cr_tileset *ts, int tile, const char *s, size_t n);
const char *nt_tile_code(const struct cr_tileset *ts, int tile, int art);

/* The two halves of nt_parse_move, for the tests: the fast path for the
 * canonical shape (false: not that shape, nothing written) and the
 * general scanner. */
bool	nt__move_fast(const struct cr_tileset *ts, const char *line, size_t len,
	    struct nt_turn *out, struct nt_error *err);
int	nt__move_general(const struct cr_tileset *ts, const char *line, size_t len,
	    struct nt_turn *out, struct nt_error *err);

/*
 * Pieces of a turn line, for the REPL's step-by-step commands: a position
 * "x,y" (false if it is not one), a rotation in degrees as quarter turns
 * (-1 if not 0, 90, 180 or 270), a meeple ROLE[@SPOT] in game's words
 * (false with the message, and its column inside the token, in *err).
 */
bool	nt_parse_pos(const char *t, size_t n, int *x, int *y);
/* How far a coordinate may go, either way: far beyond any board, and it
 * keeps the arithmetic safe.  nt_pos_beyond: t is a position of whole
 * numbers, one of them beyond it (for the message that says so). */
#define NT_COORD_LIMIT	100000000L
bool	nt_pos_beyond(const char *t, size_t n);
int	nt_parse_rot(const char *t, size_t n);
bool	nt_parse_meeple(int game, const char *t, size_t n, int *role, enum cr_spot *spot,
	    struct nt_error *err);
/* The same, a piece on a module's space too (issue 21: "crown@tax",
 * rules/ext.h: struct cr_space): its space into *space, else 0. */
bool	nt_parse_piece(int game, const char *t, size_t n, int *role, enum cr_spot *spot,
	    int *space, struct nt_error *err);

/* A token "sheep=3" or "wolf" (the tables of rules/ext.h, game's
 * modules') into *arg (CR_TOKEN); false with the message and its column
 * in *err.  And the canonical form of one, as snprintf returns. */
bool	nt_parse_token(int game, const char *t, size_t n, int *arg, struct nt_error *err);
int	nt_format_token(int arg, char *buf, size_t size);
/* A token said of the copy drawn, between the tile code and the
 * position (rules/ext.h: cr_token.drawn; issue 21): "wheel=3",
 * "plague=4,2", "plague=4,2:S", into *d: 1, 0 when t is no such token of
 * game's modules, -1 with the message and its column in *err.  And the
 * canonical form of one, as snprintf returns. */
int	nt_parse_said(int game, const char *t, size_t n, struct cr_said *d, struct nt_error *err);
int	nt_format_said(const struct cr_said *d, char *buf, size_t size);

/* What a placement line says after its rotation, "[CHOICE [TOKEN]]
 * [ROLE[@SPOT] [TOKEN]]" (len bytes), into m's choice, piece and tokens
 * (cleared first): for the REPL's step-by-step turn.  0, or -1 with
 * *err (its column counted in these bytes). */
int	nt_parse_tail(int game, const char *line, size_t len, struct cr_move *m,
	    struct nt_error *err);

/* A piece from its word or alias ("thief", "T", "voleur", "big-knight"),
 * from the piece tables of rules/ext.h, among game's modules (a tile
 * set's game: cr_tileset.game); CR_ROLE_NONE if none. */
int	nt_role_lookup(int game, const char *word, size_t len);

#endif
