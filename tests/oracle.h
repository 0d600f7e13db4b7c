/*
 * oracle.h -- a second, deliberately simple Carcassonne scorer for the
 * property tests (tests/test_properties.c).
 *
 * It shares no feature-tracking, scoring or placement code with rules/:
 * from the tile set's data (edges, segments and their ports, next_to,
 * pennants, the inn and cathedral flags, river ends), the tiles on the
 * board as the public API shows them (position, type, rotation, seg0)
 * and the pieces standing, it rebuilds every feature by a plain flood
 * fill over the board, and scores them by the rule books:
 *
 *   road        1 per tile (completed or not); with an inn (Inns &
 *               Cathedrals) 2 per tile completed, 0 open at the end
 *   city        completed: 2 per tile and pennant (edition 1: a 2-tile
 *               city 1 per tile and pennant); at the end 1 per tile and
 *               pennant; with a cathedral 3 per tile and pennant
 *               completed, 0 open at the end
 *   cloister    completed (8 neighbours): 9; at the end 1 + neighbours
 *   farms       editions 2, 3: each farm 3 per completed city it touches,
 *               to its farmers' majority; edition 1: each completed city
 *               4, to the majority of the farmers over all the farms
 *               touching it
 *
 * Majorities: the players with the most followers, all tied leaders
 * score; a big meeple counts 2 (fields included).  A feature that pays
 * nothing (an open road with an inn, an open city with a cathedral)
 * gives no event, as the engine's events list payments only.
 *
 * The pieces are the oracle's own table (the rule books' words, kinds,
 * weights and supplies: 7 meeples, 1 big meeple with Inns & Cathedrals);
 * it reads from the engine only a piece's word (cr_piece) and a module's
 * bit (cr_ext_find).  The River: the spring RV-A (the tile whose river
 * ends in a spring) lies at 0,0 rotation 0 and the base start tile goes
 * into the supply; river tiles are drawn first, the lake last of them; a
 * river tile continues the river at its open end and never turns the
 * same way (left, right, seen down the stream) as the previous curve,
 * whatever straights lie between.
 *
 * The only calls into the engine are the public board queries of game.h
 * (oracle_load); the rest reads plain arrays.
 */
#ifndef ORACLE_H
#define ORACLE_H

#include <stdbool.h>

#include "rules/game.h"

/* A feature found by the flood fill. */
struct or_feature {
	int	kind;		/* enum cr_kind */
	bool	complete;	/* roads, cities: no open port; cloisters: 8 neighbours */
	int	open;		/* open ports (cloister: missing neighbours) */
	int	tiles;		/* distinct tiles (cloister: itself + neighbours) */
	int	pennants;
	int	cities;		/* fields: distinct completed cities touched */
	int	nseg;		/* segments in the feature */
	int	seg;		/* the global segment id of one of them */
	int	x, y;		/* the tile of that segment */
	bool	inn;		/* roads: an inn on one of its segments */
	bool	cathedral;	/* cities: a cathedral on one of its segments */
	int	meeples[CR_MAXPLAYERS];	/* weighted: a big meeple counts 2 */
	int	pieces[CR_MAXPLAYERS];	/* the same, each piece counted once */
	int	nmeeples;	/* pieces, all players together */
};

/* The oracle's pieces: its own table, found by the engine's word. */
enum { OR_POOL_MEEPLE, OR_POOL_BIG, OR_NPOOLS };
struct or_piece {
	const char	*word;		/* "big-knight" */
	int		 kind;		/* enum cr_kind it stands on */
	int		 weight;	/* in majorities */
	int		 pool;		/* OR_POOL_* */
	const char	*module;	/* the rules module it comes with */
};
/* The oracle's piece for an engine piece number (by its word), NULL if
 * the oracle knows no such piece. */
const struct or_piece *oracle_piece(int role);

/* A payment the oracle expects. */
struct or_event {
	int	reason;		/* enum cr_event_reason */
	int	kind;		/* enum cr_kind: of the feature (CR_FIELD for farms) */
	int	feature;	/* index of the feature paid (the city for CR_EV_FARM_CITY) */
	int	tiles, pennants, cities;
	int	meeples[CR_MAXPLAYERS];	/* weighted */
	int	pieces[CR_MAXPLAYERS];	/* each piece counted once */
	unsigned winners;	/* bit per player */
	int	points;		/* to each winner */
};

struct oracle;

struct oracle *oracle_new(const struct cr_tileset *ts);
void	oracle_free(struct oracle *o);

/*
 * Rebuild everything from a board (tiles in placement order, the first
 * one the start tile) and the meeples standing on it.  False if the board
 * or the meeples are inconsistent (a start tile not the game's, at
 * another place or turned, overlapping tiles, a tile touching no earlier
 * one or of a set not in play, edges that do not match, a river tile off
 * the river or one turning back, a meeple on a segment that is not there
 * or not of its piece's kind, a piece not in play or unknown, a spot that
 * does not name that segment); oracle_error() then says what.  The game
 * is c (the base game's module is always in play).
 */
bool	oracle_build(struct oracle *o, const struct cr_config *c,
	    const struct cr_placed *tiles, int ntiles,
	    const struct cr_meeple *meeples, int nmeeples);
/* One more piece on the board as built (checked as oracle_build checks
 * them): cheaper than building again. */
bool	oracle_add(struct oracle *o, const struct cr_meeple *m);
/* The same from a game, through the public board queries. */
bool	oracle_load(struct oracle *o, const struct cr_game *g);
const char *oracle_error(const struct oracle *o);

const struct or_feature *oracle_feature(const struct oracle *o, int f);
/* The feature holding a global segment id, -1 if no such segment. */
int	oracle_feature_of(const struct oracle *o, int seg);
/* The tile (index in placement order) holding a global segment id, -1. */
int	oracle_tile_of(const struct oracle *o, int seg);
/* Whether the tile at x,y belongs to feature f (a cloister: itself only). */
bool	oracle_feature_has_tile(const struct oracle *o, int f, int x, int y);
/* Index of the tile at x,y, -1 if empty; the tile of an index, NULL. */
int	oracle_tile_at(const struct oracle *o, int x, int y);
const struct cr_placed *oracle_tile(const struct oracle *o, int i);

/*
 * The global segment id a meeple of a role's kind names with spot on the
 * tile at x,y (carcref-notation(5): a spot names every segment of that
 * kind reaching one of its ports; a corner names fields only; the centre
 * a segment with no port): -1 if the spot names no segment of that kind,
 * -2 if several, -3 if there is no tile there.
 */
int	oracle_spot_seg(const struct oracle *o, int x, int y, enum cr_spot spot, int kind);

/* What completing feature f pays now (a closed road or city, a
 * surrounded cloister); false if nobody is on it. */
bool	oracle_score_completed(const struct oracle *o, int f, struct or_event *ev);
/* The final scoring: incomplete features with meeples, then the farms.
 * Writes up to max events, returns how many in all. */
int	oracle_final(const struct oracle *o, struct or_event *out, int max);

/* Placements (x, y, rot) where tile type t may go on the board, counted
 * like cr_game_legal (every fitting rotation counts): the edges match,
 * and a river tile continues the river without turning back. */
int	oracle_legal_count(const struct oracle *o, int type);

/* The start: the type lying at 0,0 (rotation 0), and the copies of each
 * type in the supply before the first move (its set in play, the start
 * tile taken out). */
int	oracle_start_type(const struct oracle *o);
int	oracle_start_supply(const struct oracle *o, int type);
/* Whether type may be drawn now, supply[] holding the copies left of
 * every type: a copy is left, its set is in play, and with the River
 * the river tiles come first and the lake last of them. */
bool	oracle_drawable(const struct oracle *o, int type, const int *supply);

/* Pieces: whether piece role is in play; how many of a pool a player has
 * in all, and in supply (those not standing on the board). */
bool	oracle_piece_in_play(const struct oracle *o, int role);
int	oracle_pool_size(const struct oracle *o, int pool);
int	oracle_supply(const struct oracle *o, int player, int pool);
/* Whether player may put piece role at spot of the tile at x,y (the one
 * just placed): in play, one left in supply, the spot names exactly one
 * segment of its kind, and that feature holds no piece.  *seg: the
 * segment the spot names (oracle_spot_seg's answer). */
bool	oracle_may_place(const struct oracle *o, int player, int role, int x, int y,
	    enum cr_spot spot, int *seg);

const char *oracle_kind_name(int kind);

#endif
