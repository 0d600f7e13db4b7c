/*
 * tile.h -- the tile game (Carcassonne with its editions and expansions,
 * game: carcassonne) on the notation floor: its row of the game layer
 * (game.h), and its record functions, which work on the engine's own
 * types (struct cr_game, struct cr_move) for the callers that hold them
 * (carcref board, the tests).  Its turn line is move.h's, its words
 * explain.h's.
 */
#ifndef NT_TILE_H
#define NT_TILE_H

#include <stdbool.h>
#include <stdint.h>

#include "../rules/game.h"
#include "game.h"
#include "move.h"

struct nt_record;
struct nt_replay_error;
struct nt_fmt_error;

/* Its row (tile.c): its world is the tile set of every module
 * (const struct cr_tileset *), its engine state a struct cr_game. */
extern const struct nt_game nt_game_tile;

/* The game of rules/ext.h (cr_games) a record of the tile family plays:
 * the one its row is named after (0, the tile game, if none is). */
int	nt_record_rules(const struct nt_record *r);

/*
 * The canonical text of a record: header, then one canonical move per
 * line (from the game's own moves).  malloc'd, NUL-terminated; NULL if
 * out of memory.
 */
char	*nt_record_format(const struct nt_record *r, const struct cr_game *g);

/*
 * The writer behind nt_record_format, for callers that keep comments:
 * head and tail are comment lines written before the header and after
 * the moves, before/after each move's own comments (NULL for none).
 */
struct nt_outmove {
	const struct cr_move *move;
	const char	*player;	/* a PLAYER: prefix to keep, or NULL */
	const char	*before;	/* whole comment lines, "# ..." each */
	const char	*after;		/* a trailing "# ..." */
};
char	*nt_record_write(const struct nt_record *r, const struct cr_tileset *ts,
	    const char *head, const struct nt_outmove *moves, int nmoves, const char *tail);

/* nt_record_fmt_with (record.h) for records of the tile game, on ts. */
int	nt_record_fmt(const char *text, size_t len, const struct cr_tileset *ts,
	    void (*put)(void *, const char *, size_t), void (*reset)(void *), void *arg,
	    struct nt_fmt_error *err);

/*
 * Play the record's moves on a new game.  Returns the game (NULL only if
 * out of memory or the header is unusable, with err->move 0), and sets
 * *ok.  On an illegal move the game is left just before it, err filled.
 */
struct cr_game *nt_replay(const struct nt_record *r, const struct cr_tileset *ts,
	    bool *ok, struct nt_replay_error *err);

/*
 * Play one turn line on g: parse it, check that a PLAYER: prefix (or
 * player, from a record's mapping form) names the player to move, and
 * apply it.  0, or -1 with err (column within the line, and the rule
 * broken) and g unchanged.
 */
int	nt_play(struct cr_game *g, const char *const *names, const char *line,
	    size_t len, const char *player, struct nt_error *err);

/* nt_play as the row plays (game.h's play). */
int	nt__tile_play(void *g, const char *const *names, const size_t *lens, const char *line,
	    size_t len, const char *player, struct nt_line_error *err);

/* The row's event_parts (game.h): event i's points for player p by
 * category and extras (tile-parts.c). */
int	nt__tile_event_parts(const void *g, int i, int p, struct nt_part *parts, int max);

/*
 * The same on an existing game (its tile set), reset first: a batch of
 * replays then reuses one game's memory.  True if every move was legal;
 * else err is filled and g stands just before the illegal move.
 */
bool	nt_replay_on(struct cr_game *g, const struct nt_record *r,
	    struct nt_replay_error *err);

/* The rules modules the record's expansions name (struct cr_config's
 * exts). */
uint32_t nt_record_exts(const struct nt_record *r);

/*
 * Issue 21: the modules' own keys of a record (rules/ext.h: cr_ext.
 * record_keys).  The set-up its key of CR_RK_SQUARE says (a spring
 * beside the board): into *s (beside 0 when none), that key's index
 * among the row's keys, -1 for none.  A key of module ext (-1: of a
 * module r is played with) of type `type` set to text, given again or
 * not (a file's name: play's option; a square: selfplay's), false when
 * out of memory.
 */
int	nt_record_setup(const struct nt_record *r, struct cr_setup *s);
bool	nt_record_set_key(struct nt_record *r, int ext, int type, const char *text);

/*
 * The tile set record r is played on: all (every module's shipped file,
 * merged) when r names no data of a module's, else one made into own
 * (its to free) from the modules' files (fs) and the data r names: a
 * file beside it (the text kept for the row's header_own), the data
 * inline, or corrections to the shipped file; then the set-up r says
 * checked on it (a spring where it may not lie).  0 with *world set, or
 * the status (1 the record refused, 2 a file cannot be read) with err
 * (move 0, the record's line, the kind: header, data-check, unreadable).
 */
struct nt_tile_files {
	/* Module ext's shipped tile file's text (cr_ext.tiles), NULL with
	 * msg when it cannot be read. */
	const char *(*shipped)(void *arg, int ext, size_t *len, char *msg, size_t size);
	/* A file a record names, by its name as written (relative to the
	 * record's directory): malloc'd text, NULL with msg. */
	char	*(*named)(void *arg, const char *name, size_t *len, char *msg, size_t size);
	void	*arg;
};
int	nt_tile_world(const struct nt_record *r, const struct cr_tileset *all,
	    const struct nt_tile_files *fs, struct cr_tileset *own,
	    const struct cr_tileset **world, struct nt_replay_error *err);

#endif
