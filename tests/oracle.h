/*
 * oracle.h -- a second, deliberately simple Carcassonne referee for the
 * property tests (tests/test_properties.c).
 *
 * It shares no feature-tracking, scoring or placement code with rules/:
 * from the tile set's data (edges, segments and their ports, next_to,
 * pennants, the inn and cathedral flags, goods, the hill and vineyard
 * marks, river ends, the sheep bag), the tiles on the board as the
 * public API shows them (position, type, rotation, seg0) and the pieces
 * standing, it rebuilds every feature by a plain flood fill over the
 * board, and scores them by the rule books:
 *
 *   road        1 per tile (completed or not); with an inn (Inns &
 *               Cathedrals) 2 per tile completed, 0 open at the end
 *   city        completed: 2 per tile and pennant (edition 1: a 2-tile
 *               city 1 per tile and pennant); at the end 1 per tile and
 *               pennant; with a cathedral 3 per tile and pennant
 *               completed, 0 open at the end
 *   cloister    completed (8 neighbours): 9, and 3 per vineyard tile
 *               among the neighbours (Hills & Sheep); at the end 1 +
 *               neighbours
 *   farms       editions 2, 3: each farm 3 per completed city it touches,
 *               to its farmers' majority, and 1 more per city to each of
 *               them with a pig in it (Traders & Builders); edition 1:
 *               each completed city 4, to the majority of the farmers
 *               over all the farms touching it, 5 to each of them with a
 *               pig in one of those farms where they have a farmer too
 *   goods       (Traders & Builders) a completed city's symbols, a token
 *               each, to the player who placed its last tile; at the end
 *               10 to the most tokens of each kind, ties all scoring
 *   flocks      (Hills & Sheep) herded: the sheep of every shepherd on
 *               the field to each of them; scattered by a wolf: nothing
 *
 * Majorities: the players with the most followers, all tied leaders
 * score; a big meeple counts 2 (fields included); builders, pigs and
 * shepherds count nothing and occupy nothing.  A tie (roads, cities,
 * fields; edition 1: the farmers around a city) is won by the tied
 * players with a follower on a hill tile of the feature, if any.  A
 * feature that pays nothing (an open road with an inn, an open city with
 * a cathedral) gives no event, as the engine's events list payments only.
 *
 * The pieces are the oracle's own table (the rule books' words, kinds,
 * weights and supplies: 7 meeples, 1 big meeple with Inns & Cathedrals,
 * a builder and a pig with Traders & Builders, a shepherd with Hills &
 * Sheep); it reads from the engine only the words of pieces, tokens and
 * choices (cr_piece, cr_token_find, cr_choice_find) and a module's bit
 * (cr_ext_find).  The River: the spring RV-A (the tile whose river
 * ends in a spring) lies at 0,0 rotation 0 and the base start tile goes
 * into the supply; river tiles are drawn first, the lake last of them; a
 * river tile continues the river at its open end and a curve never
 * turns the same way (left, right, seen down the stream) as the river
 * tile just before it when that one is a curve too: a straight between
 * resets it.
 *
 * What a game remembers beyond the board and its pieces (whose turn, a
 * builder's second tile, the tiles hidden under hills, goods, the bag
 * and each shepherd's flock) is a struct or_state the caller keeps:
 * oracle_start makes the first, oracle_play plays a move on it.
 *
 * The only calls into the engine are the public board queries of game.h
 * (oracle_load); the rest reads plain arrays.
 */
#ifndef ORACLE_H
#define ORACLE_H

#include <stdbool.h>

#include "rules/game.h"

/* The bag's kinds of token (Hills & Sheep): [0] the wolves, [n] the
 * tokens of n sheep. */
#define OR_NTOK		5
/* Goods by enum cr_goods: [0] unused, wine, grain, cloth. */
#define OR_NGOODS	4

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
	int	goods[OR_NGOODS];	/* cities: goods symbols, by kind */
	int	vineyards;	/* cloisters: vineyard tiles among the 8 neighbours */
	int	meeples[CR_MAXPLAYERS];	/* followers, weighted: a big meeple counts 2 */
	int	pieces[CR_MAXPLAYERS];	/* followers, each counted once */
	int	nmeeples;	/* followers, all players together */
	unsigned hill;		/* bit per player with a follower on a hill tile of it */
	unsigned builders, pigs, shepherds;	/* bit per player with one on it */
};

/* The oracle's pieces: its own table, found by the engine's word. */
enum { OR_POOL_MEEPLE, OR_POOL_BIG, OR_POOL_BUILDER, OR_POOL_PIG, OR_POOL_SHEPHERD,
    OR_NPOOLS };
struct or_piece {
	const char	*word;		/* "big-knight" */
	int		 kind, kind2;	/* enum cr_kind it stands on (a builder: two) */
	int		 weight;	/* in majorities */
	int		 pool;		/* OR_POOL_* */
	bool		 follower;	/* occupies its feature, counts in majorities */
	bool		 token;		/* goes down with the token it draws (a shepherd) */
	const char	*module;	/* the rules module it comes with */
};
/* The oracle's piece for an engine piece number (by its word), NULL if
 * the oracle knows no such piece. */
const struct or_piece *oracle_piece(int role);

/* What an event is about (besides reason). */
enum { OR_WHAT_FEATURE, OR_WHAT_GOODS, OR_WHAT_FLOCK };
/* How a flock ends. */
enum { OR_FLOCK_HERDED, OR_FLOCK_WOLF, OR_FLOCK_CLOSED };

/* A payment the oracle expects. */
struct or_event {
	int	reason;		/* enum cr_event_reason */
	int	what;		/* OR_WHAT_*: a feature paid, goods taken or a
				 * majority of them (CR_EV_EXTRA), a flock */
	int	kind;		/* enum cr_kind: of the feature (CR_FIELD for farms) */
	int	feature;	/* index of the feature paid (the city for CR_EV_FARM_CITY);
				 * -1 for a majority of goods */
	int	tiles, pennants, cities;
	int	meeples[CR_MAXPLAYERS];	/* weighted followers; goods: the tokens;
					 * flocks: 1 per shepherd */
	int	pieces[CR_MAXPLAYERS];	/* each follower counted once */
	unsigned winners;	/* bit per player */
	unsigned tied;		/* the players tied before a hill broke the tie, 0 */
	int	points;		/* to each winner, a pig's share apart */
	int	pay[CR_MAXPLAYERS];	/* what each player receives: points, and
					 * the pig's share to those with one */
	int	sub;		/* goods majority: its kind; flock: OR_FLOCK_* */
	int	goods[OR_NGOODS];	/* goods taken */
	int	sheep;		/* a flock's sheep */
	bool	pig;		/* farms: some winners have a pig's share */
};

/* What a game remembers beyond the board and its pieces. */
struct or_state {
	int	turn;		/* the player to move */
	bool	second;		/* playing a builder's second tile */
	bool	over;
	int	left;		/* tiles left to draw, those hidden under hills excepted */
	int	hidden;		/* tiles hidden under hills */
	int	goods[CR_MAXPLAYERS][OR_NGOODS];
	int	bag[OR_NTOK];	/* tokens in the bag */
	int	flock[CR_MAXPLAYERS][OR_NTOK];	/* the tokens by each player's shepherd */
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
 * surrounded cloister, its vineyards counted); false if no follower is
 * on it. */
bool	oracle_score_completed(const struct oracle *o, int f, struct or_event *ev);
/* The final scoring: incomplete features with followers, then the farms
 * (a pig's share an event of its own).  Writes up to max events, returns
 * how many in all. */
int	oracle_final(const struct oracle *o, struct or_event *out, int max);
/* Then the majorities of goods the players of st hold (Traders &
 * Builders), the same way. */
int	oracle_final_goods(const struct oracle *o, const struct or_state *st,
	    struct or_event *out, int max);

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
/*
 * Whether the player to move (st->turn) may play the placement m, its
 * tile the last one on the board as built, the pieces those from before:
 * the flock's choice (Hills & Sheep) due exactly when the tile extends
 * the field of the player's own shepherd, its token in the bag; then
 * the piece, judged on the board as the choice leaves it: in play, one
 * left in supply (a shepherd sent home by the choice counts), its token
 * (a shepherd's: one in the bag; any other piece: none), the spot names
 * exactly one segment of its kind (a builder: road or city), and that
 * feature holds no follower (a follower), the player's own follower (a
 * builder), the player's own farmer (a pig), no other shepherd (a
 * shepherd).  *seg: the segment the spot names (oracle_spot_seg's
 * answer); *why, if not NULL, the rule broken.
 */
bool	oracle_may_play(const struct oracle *o, const struct or_state *st,
	    const struct cr_move *m, int *seg, const char **why);

/* The state before the first move of game c (the board need not be
 * built): player 0 to move, the supply, the bag full. */
void	oracle_start(struct oracle *o, const struct cr_config *c, struct or_state *st);
/*
 * Play move m of the player st->turn: a placement on the board built
 * with its tile last and the pieces from before the move; a discard or
 * an end on the board as it was.  Refused (-1, oracle_error says why)
 * if the oracle finds it illegal (a discard of a tile that fits, a
 * choice or a piece oracle_may_play refuses).  Else the board's pieces
 * and st are those after the move, up to max events it paid are written
 * to out (the final scoring too if the move ended the game) and their
 * number is returned.
 */
int	oracle_play(struct oracle *o, struct or_state *st, const struct cr_move *m,
	    struct or_event *out, int max);
/* The pieces standing, as oracle_build took them and oracle_play left
 * them: up to max into out, how many in all. */
int	oracle_pieces(const struct oracle *o, struct cr_meeple *out, int max);
/* The feature of player p's piece of pool q (OR_POOL_BUILDER, _PIG,
 * _SHEPHERD: one each) standing on the board, -1 if none stands. */
int	oracle_piece_feature(const struct oracle *o, int p, int q);
/* The empty squares across the open ports of feature f, where a tile
 * would extend it: up to max (x, y) pairs into xy, how many in all. */
int	oracle_open_squares(const struct oracle *o, int f, int *xy, int max);
/* Whether a tile type shows a mark (enum cr_mark). */
bool	oracle_type_marked(const struct oracle *o, int type, int mark);
/* The kind in the bag (0 the wolf, n sheep) of a token as a move writes
 * it (CR_TOKEN), -1 if it is none of the bag's. */
int	oracle_token_kind(int arg);
/* Choice numbers (cr_choice) of the flock's grow and herd, 0 if none. */
int	oracle_choice_grow(void);
int	oracle_choice_herd(void);

const char *oracle_kind_name(int kind);

#endif
