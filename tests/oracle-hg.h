/*
 * oracle-hg.h -- a second, deliberately simple referee of Carcassonne:
 * Hunters & Gatherers for the random-game tests (tests/test_hg_oracle.c).
 *
 * Written from the contract (../shared/spec/hunters-gatherers.md) and the
 * rule book, not from rules/hunters-gatherers.c: it shares no feature,
 * scoring, turn or piece code with rules/.  From the tile set's data (the
 * edges, the segments and their ports, a line's end, the keys gold,
 * mushrooms, fish, arms, deer, mammoth, aurochs, tiger, fire, shrine and
 * bonus) and the moves alone, it keeps its own board, its own pieces and
 * its own scores, and plays each move by the book:
 *
 *   the draw      a land tile, or on the bonus line a bonus tile (HG-7.6);
 *                 a discard only when the tile fits nowhere (HG-2.3, 2.4)
 *   the piece     on the tile just placed (HG-3.1), its spot naming
 *                 exactly one feature of the role's kinds (HG-7.5): a
 *                 hunter on a meadow, a gatherer on a forest, a fisher on
 *                 a river segment, a hut on a segment or a lake (HG-3.2);
 *                 a member only on a feature holding no member (HG-3.3), a
 *                 hut only on a river system holding no hut (HG-3.4); one
 *                 left in the supply: 5 members, 2 huts (HG-3.7)
 *   scoring       forests and rivers the tile completed, to the majority
 *                 of members (HG-4.1 to 4.4): a forest 2 per piece and per
 *                 mushroom clearing, a river 1 per segment and 1 per fish
 *                 of each lake at its ends, once a lake
 *   the bonus     a land tile completing a gold forest earns a bonus tile
 *                 when the pile holds one (HG-5.1 to 5.4); gatherers and
 *                 fishers of completed features go home at the end of the
 *                 turn, after it (HG-3.7, 4.5)
 *   the end       once the last land tile is placed or discarded and no
 *                 bonus tile is due, or at `end` (HG-6.1): river systems
 *                 with huts, 1 a fish, to the most huts (HG-6.3); meadows
 *                 with hunters, 2 a deer left, mammoth and aurochs, each
 *                 tiger eating a deer unless a fire is in the meadow, to
 *                 the most hunters, or to the most hunters on shrine
 *                 pieces when there are any (HG-6.4 to 6.6)
 *
 * The only things it takes from rules/ are the tile set's data, the
 * numbers of kinds, keys, ends and pieces by their names (rules/ext.h),
 * and the board geometry's constants.
 */
#ifndef ORACLE_HG_H
#define ORACLE_HG_H

#include <stdbool.h>

#include "rules/game.h"

struct hgo;

/* A piece standing: its player, its piece (cr_piece number), the tile
 * (index in placement order) and the segment of that tile's type. */
struct hgo_piece {
	int	player, role, tile, seg;
	bool	home;		/* goes home at the end of this turn */
};

/* A game of nplayers on ts: the start tile down, player 0 to draw.
 * NULL if the set is not a Hunters & Gatherers set. */
struct hgo *hgo_new(const struct cr_tileset *ts, int nplayers);
void	hgo_free(struct hgo *o);
const char *hgo_error(const struct hgo *o);

int	hgo_turn(const struct hgo *o);
bool	hgo_over(const struct hgo *o);
bool	hgo_bonus_due(const struct hgo *o);
int	hgo_score(const struct hgo *o, int p);
/* Pieces of a kind (hut or not) player p has in the supply. */
int	hgo_supply(const struct hgo *o, int p, bool hut);
/* Whether type may be drawn now. */
bool	hgo_drawable(const struct hgo *o, int type);
/* Placements (x, y, rot) where type fits, every fitting rotation counted. */
int	hgo_legal_count(const struct hgo *o, int type);
/* The pieces standing: up to max into out, how many in all. */
int	hgo_pieces(const struct hgo *o, struct hgo_piece *out, int max);

/*
 * The tile of placement m put down for a look (hgo_preview), then, on
 * that board, whether role may stand at spot (hgo_may: the segment of
 * the tile's type it would stand on, or -1 and *why), then taken up
 * again (hgo_unpreview).  False if the tile itself may not go there.
 */
bool	hgo_preview(struct hgo *o, const struct cr_move *m);
int	hgo_may(const struct hgo *o, int role, enum cr_spot spot, const char **why);
void	hgo_unpreview(struct hgo *o);

/* An event (HG-10.1): the move that made it (1-based), whether the
 * final scoring made it, its feature as JSON names it ("forest",
 * "river", "river-system", "meadow", "bonus"), the players it pays and
 * what; a bonus event's tiles left in the pile, -1 for another. */
struct hgo_event {
	int		 move;
	bool		 final;
	const char	*label;
	unsigned	 paid;
	int		 points[CR_MAXPLAYERS];
	int		 pile;
};
/* The events so far, in the order made: how many, the first into *ev. */
int	hgo_events(const struct hgo *o, const struct hgo_event **ev);

/* Play move m of the player to move (hgo_turn).  False (hgo_error says
 * why, nothing changed that matters) if the oracle finds it illegal. */
bool	hgo_play(struct hgo *o, const struct cr_move *m);

#endif
