/*
 * oracle.h -- a second, deliberately simple Carcassonne scorer for the
 * property tests (tests/test_properties.c).
 *
 * It shares no feature-tracking or scoring code with rules/: from the
 * tile set's data (edges, segments and their ports, next_to, pennants),
 * the tiles on the board as the public API shows them (position, type,
 * rotation, seg0) and the meeples standing, it rebuilds every feature by
 * a plain flood fill over the board, and scores them by the rule book:
 *
 *   road        1 per tile (completed or not)
 *   city        completed: 2 per tile and pennant (edition 1: a 2-tile
 *               city 1 per tile and pennant); at the end 1 per tile and
 *               pennant
 *   cloister    completed (8 neighbours): 9; at the end 1 + neighbours
 *   farms       editions 2, 3: each farm 3 per completed city it touches,
 *               to its farmers' majority; edition 1: each completed city
 *               4, to the majority of the farmers over all the farms
 *               touching it
 *
 * Majorities: the players with the most meeples, all tied leaders score.
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
	int	meeples[CR_MAXPLAYERS];
	int	nmeeples;	/* all players together */
};

/* A payment the oracle expects. */
struct or_event {
	int	reason;		/* enum cr_event_reason */
	int	kind;		/* enum cr_kind: of the feature (CR_FIELD for farms) */
	int	feature;	/* index of the feature paid (the city for CR_EV_FARM_CITY) */
	int	tiles, pennants, cities;
	int	meeples[CR_MAXPLAYERS];
	unsigned winners;	/* bit per player */
	int	points;		/* to each winner */
};

struct oracle;

struct oracle *oracle_new(const struct cr_tileset *ts);
void	oracle_free(struct oracle *o);

/*
 * Rebuild everything from a board (tiles in placement order, the first
 * one the start tile) and the meeples standing on it.  False if the board
 * or the meeples are inconsistent (overlapping tiles, a tile touching no
 * earlier one, edges that do not match, a meeple on a segment that is not
 * there or not of its role's kind, or whose spot does not name that
 * segment); oracle_error() then says what.
 */
bool	oracle_build(struct oracle *o, int edition, int nplayers,
	    const struct cr_placed *tiles, int ntiles,
	    const struct cr_meeple *meeples, int nmeeples);
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
/* Index of the tile at x,y, -1 if empty. */
int	oracle_tile_at(const struct oracle *o, int x, int y);

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

/* Placements (x, y, rot) where tile type t fits on the board, counted
 * like cr_game_legal (every fitting rotation counts). */
int	oracle_legal_count(const struct oracle *o, int type);

const char *oracle_kind_name(int kind);

#endif
