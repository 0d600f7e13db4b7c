/*
 * game-int.h -- the engine's private state, shared by board.c, feature.c,
 * game.c, query.c, score.c and seam.c (what modules see of it, through
 * rules/ext.h).  Not part of any API: no module includes it.
 *
 * All state lives in growable arrays indexed by int.  Arrays only grow
 * during a move; every change to an existing element goes through the
 * undo log (a copy of the element before the change, or for a union of
 * two features the pair, see U_ABSORBED), so undoing a move is: undo the
 * log in reverse, then cut the arrays back to their lengths before the
 * move (emptying the squares of the tiles cut).  A game played without
 * undo (cr_game_set_undo) logs nothing.
 */
#ifndef CR_GAME_INT_H
#define CR_GAME_INT_H

#include "game.h"
#include "ext.h"

/*
 * A sparse map of squares (struct sq, empty where nothing is set), in
 * 16 x 16 chunks found through a small hash of chunk positions.
 * Neighbouring squares share a chunk, so a move's 3 x 3 neighbourhood is
 * one or a few lookups into memory that is close together, on a board of
 * 72 tiles or of a million; and memory stays proportional to the squares
 * set (a chunk, 3 KB, exists only where something was set).
 */
#define GRID_SHIFT	4
#define GRID_SIDE	(1 << GRID_SHIFT)

/*
 * A square: the tile on it, and what a neighbour needs of that tile
 * (its edges, ports and nodes), so a placement reads the 3 x 3 squares
 * around it and never the tiles themselves, which on a big board lie
 * all over memory.  Empty: every byte 0xff (tile -1).  In the open-square
 * index, tile is an index in the open squares and the rest is unused.
 */
struct sq {
	int	tile;		/* index in tiles, -1 if empty */
	int	seg0;		/* its first node */
	int16_t	type;
	int8_t	rot;
	int8_t	cloister;	/* its cloister's segment, -1 if none (or empty) */
};
struct chunk { struct sq v[GRID_SIDE * GRID_SIDE]; };
struct gslot { uint32_t kx, ky; int id; };	/* id -1: empty slot */
#define GRID_NEAR	4		/* chunks each way from the start's, found without hashing */
struct grid {
	struct chunk	*chunk;
	int		n, cap;		/* chunks */
	struct gslot	*slot;		/* open addressing, linear probing */
	int		slotcap;	/* power of two, at least twice n */
	/* The chunks around the start (where a table game stays) by
	 * position, -1 where none: most lookups never reach the hash. */
	int		near[2 * GRID_NEAR + 1][2 * GRID_NEAR + 1];
};

/*
 * One segment of one placed tile.  A feature is a set of nodes kept as a
 * circular member list; the root carries the totals and every member
 * points straight at it, so finding a feature is one load, however big
 * the farm.  A union relabels the smaller set (each node is relabelled
 * O(log n) times over a game).  The root and list links live apart from
 * the rest (struct link), so walking a big set touches 8 bytes a node.
 */
struct node {
	int	size;		/* root: members */
	int	tile;
	int	open;		/* root: unmatched ports; cloister: missing neighbours */
	int	followers;	/* root: meeples standing on the feature */
	int	anyfig;		/* root: one of them (-1 if none), to name an owner in O(1) */
	int	pennants;	/* root */
	int	figure;		/* meeple standing on this segment, -1 */
	uint32_t logged;	/* the move (g->gen) that last copied it to the log */
	uint8_t	seg;		/* index in the tile type */
	uint8_t	kind;		/* enum cr_kind */
	uint8_t	scored;		/* root: paid during play */
	uint8_t	flags;		/* root: the CR_SEG_* flags of its segments, or'ed (an inn...) */
	uint16_t next_to;	/* its segment's (cr_seg.next_to): the walks of a field
				 * (seam.c: bordered) read it here, not through its
				 * tile and type */
};

/*
 * Per node: its feature's root (itself if root) and the next member.
 * Never in the undo log: a union is undone by splicing the two lists
 * apart again (the splice is its own inverse) and relabelling the
 * absorbed set (see U_ABSORBED).
 */
struct link {
	int	root;
	int	next;
};

/*
 * U_ABSORBED: a union in which root idx was absorbed by root old.val.
 * Undone in log order like the rest: splice the lists apart, and idx's
 * members point at idx again.
 */
/* U_EXT: module idx's state, a copy at old.val in the byte log (xlog). */
enum undo_what { U_NODE, U_FIGURE, U_PLAYER, U_SUPPLY, U_ABSORBED, U_EXT };

struct undo {
	uint8_t	what;
	int	idx;
	union {
		struct node	node;
		struct cr_figure	fig;
		struct cr_player pl;
		int		val;
	} old;
};

/* Lengths and scalars before a move, to cut back to on undo. */
struct mark {
	struct cr_move move;	/* the move itself, for records */
	bool	undoable;	/* logged (cr_game_set_undo) */
	int	log, ntiles, nnodes, nfigs, nevents, xlog;
	int	turn, supply_total, onboard;
	bool	over;
	uint32_t done;		/* g->done before the move */
};

#define VEC(T)	struct { T *v; int n, cap; }

/*
 * The hooks of struct cr_ext (rules/ext.h) the engine keeps a mask of,
 * one a line: g->hk.NAME has bit e when module e in play has the hook
 * NAME.  A hook added to struct cr_ext that the engine asks per move
 * gets its line here, and nothing else: the masks, and how configure()
 * fills them, are made from this table.  The second column: 1 for a
 * rule of the move, no longer asked of a module done with them
 * (cr_game_rules_done); 0 for one of scoring, asked to the end.
 */
#define CR_HOOKS(X) \
	X(drawable, 1) \
	X(tile_ok, 1) \
	X(move_ok, 1) \
	X(piece_ok, 1) \
	X(returns, 1) \
	X(choose, 1) \
	X(placed, 1) \
	X(completed, 0) \
	X(again, 1) \
	X(price, 0) \
	X(tiebreak, 0) \
	X(final, 0) \
	X(over, 0) \
	X(discarded, 1) \
	X(drawn_ok, 1) \
	X(drawn, 1) \
	X(spell, 1) \
	X(left, 0) \
	/* the table's end */
#define CR_HOOK_MASK(name, move)	uint32_t name;
struct cr_hooks { CR_HOOKS(CR_HOOK_MASK) };

/*
 * The hooks asked on every move (a check's move_ok, a placement's placed
 * and again) or feature (completed, price): the modules in play that
 * have each, in module order, with the function, each list ended by a
 * NULL one.  A move walks the list and calls each directly (not the mask
 * bit by bit, then cr_exts[e]'s hook); derived from the masks (hk) when
 * they are made (game.c: configure, hook_calls), never set elsewhere.
 */
struct cr_hook_calls {
	struct { bool (*fn)(const struct cr_game *, int, const struct cr_move *,
	    const struct hood *, struct cr_refusal *); int e; } move_ok[CR_MAXEXTS + 1];
	struct { void (*fn)(struct cr_game *, int, const struct cr_move *, int); int e; }
	    placed[CR_MAXEXTS + 1];
	struct { bool (*fn)(struct cr_game *, int, const struct cr_move *, int); int e; }
	    again[CR_MAXEXTS + 1];
	/* score.c's, asked on each feature completed and paid */
	struct { void (*fn)(struct cr_game *, int, int, int); int e; } completed[CR_MAXEXTS + 1];
	struct { void (*fn)(const struct cr_game *, int, int, struct cr_event *); int e; }
	    price[CR_MAXEXTS + 1];
};

/*
 * An open square (empty, beside a tile) and its signature: a digit per
 * side, 0 if no tile is there, else the number the tile set gives the
 * kind of edge that tile shows it (cr_tileset.edgeno: 1 to nedges, the
 * kinds its tiles show on edges alone), so that a tile set of four edge
 * kinds has 5^4 signatures, however many kinds the modules declare.  The
 * open squares are indexed by signature (a cache in struct scratch), so
 * where a tile fits is found by looking at the 4 x 15 signatures it is
 * compatible with, never by scanning the board.  sides: a bit per side
 * with a tile.
 */
struct opensq { int x, y, sig, bpos, sides; };	/* bpos: index in its bucket */
typedef VEC(int) intvec;

/*
 * A start of several squares as the last restart laid it (game.c:
 * lay_squares): its squares, the modules and sets in play and the start
 * tile taken out then, and the tiles, nodes and links it made.  A
 * restart that lays the same squares for the same modules copies these
 * back instead of laying them again.
 */
struct laid {
	bool	ok;
	uint32_t exts, sets;
	int	start, nsq, sqcap;
	struct cr_square *sq;
	VEC(struct cr_placed) tiles;
	VEC(struct node) nodes;
	VEC(struct link) link;
	struct grid board;	/* its squares */
	struct sq hood[9];
	int	closed[8], nclosed;
	uint16_t own_closed;
};

enum { CR_LIFTS = 16 };	/* the pieces lifted kept (cr_game_lifted) */

struct cr_game {
	struct cr_game_head h;		/* ts, nplayers, turn, supply, tiles, figs: game.h */
	int	edition;
	bool	by_border;		/* some land paid through what it borders (edition 1) */
	uint32_t exts;			/* modules in play, bit per cr_exts[] index */
	uint32_t sets;			/* the tile sets in play, bit per ts->setname index */
	int8_t	extset[CR_MAXEXTS];	/* each module's tile set, -1 for none */
	/* Which modules in play have each hook (bit per module): a game
	 * whose modules hook nothing pays nothing for the seam. */
	struct cr_hooks hk;
	struct cr_hook_calls hc;	/* the per-move hooks' lists, as hk */
	/* Every hook of the modules in play (hk is hk_all less the rules
	 * of the move of the modules in done); the modules done with those
	 * rules (cr_game_rules_done), and those that will be at the end of
	 * the move being applied (done_next). */
	struct cr_hooks hk_all;
	uint32_t done, done_next;
	/* A byte per type: is drawn_ok asked of a plain line of it
	 * (cr_ext.drawn_asks)? */
	uint8_t	*drawn_ask;
	/* The modules' own states: h.xstate, h.xoff; their size. */
	size_t	xsize;
	VEC(unsigned char) xlog;	/* copies of states before a move changed them */
	uint32_t ext_logged;		/* modules whose state is copied this move */
	bool	over;
	struct cr_player player[CR_MAXPLAYERS];
	int	onboard;		/* figures standing on the board */
	/* The pieces that left the board (score.c: lift), counted, and
	 * the last CR_LIFTS of them by their count (cr_game_lifted). */
	unsigned nlifted;
	int	lifted[CR_LIFTS];
	int	supply_total;		/* tiles left to draw: those a module hid not */
	/* Issue 21: a module's start tile yielding to a start of several
	 * squares (cr_ext.beside): its type and module, -1 for none. */
	int	beside_type, beside_ext;
	struct cr_setup beside;		/* where it was laid (cr_game_setup) */

	struct grid		board;	/* tile index by square */
	VEC(struct node)	nodes;
	VEC(struct link)	link;	/* beside nodes, same indices */
	VEC(struct cr_event)	events;
	VEC(struct undo)	log;
	VEC(struct mark)	marks;

	/* Scratch for queries over const games (not shared across threads). */
	struct scratch {
		uint32_t	gen, gen2;
		uint32_t	*tstamp;	/* per tile: stamped with gen */
		uint32_t	*nstamp;	/* per node: stamped with gen */
		uint32_t	*seen;		/* per node: stamped with gen2 */
		int		*slot;		/* per node: a row of acc */
		int		*acc;		/* rows of CR_MAXPLAYERS counts */
		int		*roots;		/* a slot per figure: features found by their meeples */
		int		cap_t, cap_n, cap_seen, cap_slot, cap_acc, cap_roots;
		/*
		 * The open squares, by square and by signature: built by the
		 * first placement query, kept up to date by placements,
		 * dropped by undo (so it needs no undo log, and replay, which
		 * never asks, pays nothing for it) and by a placement
		 * INDEX_IDLE moves after the last query (asked, the move
		 * count then: a replay asks at a discard alone, the table at
		 * every move).
		 */
		bool		bk_on;
		int		asked;
		struct grid	where;		/* index in open by square */
		VEC(struct opensq) open;
		intvec		*bucket;	/* nsigs of them: indices in open */
		int		nsigs;
		int		sigw[CR_NDIRS];	/* what a side's digit is worth */
	} *scr;
	uint32_t player_logged;		/* players copied to the log this move */
	bool	nolog;			/* cr_game_set_undo(g, false): no undo log */
	bool	in_drawn;		/* a move's drawn step is applied, its rest
					 * being checked (game.c: drawn_step) */
	bool	again;			/* cr_move_again said so by a placed hook:
					 * read with the again hooks (game.c: again),
					 * cleared as a move begins */
	int	ahead;			/* moves whose room is reserved already (game.c) */
	/*
	 * A number per applied move, never reused (not even after undo):
	 * a node copied to the log in this move, or created in it,
	 * carries it and is not copied again; the first copy is the one
	 * undo needs.
	 */
	uint32_t gen;
	uint64_t figstamp;	/* cr_game_figstamp: new when pieces change */
	uint64_t figepoch;	/* cr_game_figstamp's epoch: new on undo and set-up */
	/*
	 * The squares around the tile being placed, looked up once per move:
	 * hood[HOOD(dx, dy)], the tile itself in the middle.  Placing a tile
	 * touches these nine squares and no others.
	 */
	struct sq hood[9];
	/* The cloisters around it that the tile just placed completed, in
	 * the order they are paid (the row north first, west to east). */
	int	closed[8], nclosed;
	/* and the kinds of the features of its own it closed: a bit a kind
	 * (1u << kind), 0 for none */
	uint16_t own_closed;
	struct laid laid;	/* a start of several squares as laid (game.c) */
};

/* game.c */
bool	cr__grow(void **v, int *cap, int need, size_t size);
#define VEC_PUSH(g, vec) \
	(((vec).n < (vec).cap || cr__grow((void **)&(vec).v, &(vec).cap, (vec).n + 1, sizeof *(vec).v)) \
	    ? &(vec).v[(vec).n++] : NULL)
/* The undo log (reserved before a move: a push cannot fail). */
static inline struct undo *
cr__log_entry(struct cr_game *g, int what, int idx)
{
	struct undo *u = &g->log.v[g->log.n++];

	u->what = (uint8_t)what;
	u->idx = idx;
	return u;
}
void	cr__log_node_copy(struct cr_game *g, int id);
/* A node is copied once per move: the first copy is the one undo needs. */
static inline void
cr__log_node(struct cr_game *g, int id)
{
	if (!g->nolog && g->nodes.v[id].logged != g->gen)
		cr__log_node_copy(g, id);
}
void	cr__log_figure(struct cr_game *g, int id);
void	cr__log_player(struct cr_game *g, int p);
void	cr__log_supply(struct cr_game *g, int type);
static inline void
cr__log_absorbed(struct cr_game *g, int root, int by)
{
	if (!g->nolog)
		cr__log_entry(g, U_ABSORBED, root)->old.val = by;
}

#define HOOD(dx, dy)	(((dy) + 1) * 3 + (dx) + 1)
/* HOOD of the square across each edge, by direction. */
static const int cr_side[CR_NDIRS] = { HOOD(0, 1), HOOD(1, 0), HOOD(0, -1), HOOD(-1, 0) };

/*
 * The nine squares around a position, looked up once per move and
 * shared by the check and the placement: index HOOD(dx, dy).
 */
struct hood {
	int	x, y;
	struct sq sq[9];	/* tile -1 where no tile lies */
	int	seg;		/* the meeple's segment in the tile, once checked */
};

/* The ports of the tile on side d of h's square that face it, NULL where
 * no tile lies: port i of this edge meets port 2 - i of the other tile's
 * (cr_port_opposite), theirs[2 - i], its segment (-1: none) counted from
 * h->sq[cr_side[d]].seg0. */
static inline const int8_t *
cr__facing(const struct cr_game *g, const struct hood *h, int d)
{
	const struct sq *nb = &h->sq[cr_side[d]];

	return nb->tile < 0 ? NULL :
	    g->h.ts->type[nb->type].portseg[nb->rot] + CR_PORT((d + 2) % 4, 0);
}

/*
 * A hint to fetch memory about to be read (no effect on what the program
 * does).  On a board of 100,000 tiles the features beside a placement lie
 * anywhere in memory; asking for them while the move is still being
 * checked and reserved hides part of the wait.
 */
#if defined(__GNUC__) || defined(__clang__)
#define CR_ALWAYS_INLINE	inline __attribute__((always_inline))
#else
#define CR_ALWAYS_INLINE	inline
#endif
#if defined(__GNUC__) || defined(__clang__)
#define CR_PREFETCH(p)	__builtin_prefetch(p)
#else
#define CR_PREFETCH(p)	((void)(p))
#endif
void	cr__features_prefetch(const struct cr_game *g, const struct hood *h);

/* The pool count of a player, by pool number (cr_pool), for the modules. */
int	*cr__pool(struct cr_game *g, int player, int pool);
static inline int
cr__pool_left(const struct cr_game *g, int player, int pool)
{
	return pool == 0 ? g->player[player].meeples : g->player[player].pool[pool];
}
/* Whether module vetoes allow the placement (no refusal wanted: why NULL). */
bool	cr__tile_ok(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why);
/* Iterate over the modules in play that have a hook: for (e...) if (hk & 1u << e). */
/* Each module whose bit is set in mask, in order: the set bits only (a
 * hook's loop runs several times a move, and most modules have none). */
#define CR_EACH_EXT(g, mask, e) \
	for (unsigned cr__m = (mask); cr__m != 0; cr__m = 0) \
		for (int e = __builtin_ctz(cr__m); cr__m != 0; \
		    cr__m &= cr__m - 1, e = cr__m != 0 ? __builtin_ctz(cr__m) : 0)

/* board.c */
bool	cr__board_index_init(struct cr_game *g);
void	cr__board_clear(struct cr_game *g);
bool	cr__board_reserve(struct cr_game *g, int tiles);
void	cr__board_reserve_move(struct cr_game *g, int type, const struct hood *h, int rot);
void	cr__board_untile(struct cr_game *g, int t);	/* undo of the newest tile */
void	cr__board_retile(struct cr_game *g, int t);	/* tile t's square set again */
bool	cr__board_save(const struct cr_game *g, struct grid *copy);
bool	cr__board_load(struct cr_game *g, const struct grid *copy);
void	cr__board_free(struct cr_game *g);
const struct cr_placed *cr__tile_at(const struct cr_game *g, int x, int y);
void	cr__hood_find(const struct cr_game *g, int x, int y, struct hood *h);
bool	cr__fits(const struct cr_game *g, int type, const struct hood *h, int rot,
	    struct cr_refusal *why);
void	cr__board_put(struct cr_game *g, int type, const struct hood *h, int rot);
bool	cr__fits_first(const struct cr_game *g, int type, struct cr_place *p);
int	cr__legal_scan(const struct cr_game *g, int type, struct cr_place *out, int max);

/* feature.c */
static inline int
cr__find(const struct cr_game *g, int id)
{
	return g->link.v[id].root;
}
static inline int
cr__next(const struct cr_game *g, int id)
{
	return g->link.v[id].next;
}
void	cr__features_add(struct cr_game *g, int t);
void	cr__unjoin(struct cr_game *g, int rb, int ra);
bool	cr__feature_taken(const struct cr_game *g, int type, const struct hood *h, int rot,
	    int seg, int *who, int *role);
int	cr__joined_roots(const struct cr_game *g, int type, const struct hood *h, int rot,
	    int seg, int *out);
int	cr__seg_on(const struct cr_game *g, int type, int rot, enum cr_spot spot,
	    int kind, int *count, uint32_t *valid);
/* The same for a piece, of either kind it stands on (*kind: which). */
int	cr__piece_seg(const struct cr_game *g, int type, int rot, enum cr_spot spot, int role,
	    int *count, uint32_t *valid, int *kind);
void	cr__counts(const struct cr_game *g, int root, int *meeples, uint8_t *pieces,
	    int *tiles, int *first);
uint32_t cr__scratch_wrapped(const struct cr_game *g);
uint32_t cr__scratch_wrapped2(const struct cr_game *g);
/*
 * Stamps mark what a walk has seen without clearing arrays between walks:
 * each walk takes a new number.  The arrays are grown before each move
 * (game.c), never here, so const queries cannot fail.  Inline, several
 * walks a move; the clearing, once in 2^32 walks, out of line.
 */
static inline uint32_t
cr__scratch_gen(const struct cr_game *g)
{
	return ++g->scr->gen != 0 ? g->scr->gen : cr__scratch_wrapped(g);
}

/* The same for the seen stamps, on a counter of their own. */
static inline uint32_t
cr__scratch_gen2(const struct cr_game *g)
{
	return ++g->scr->gen2 != 0 ? g->scr->gen2 : cr__scratch_wrapped2(g);
}

/* score.c */
/* cr_event_settle (ext.h): its price (ev->points) to every winner, a
 * term for some winners only to those alone.  A module's event with
 * amounts of its own sets pay[] itself instead. */
void	cr__score_completed(struct cr_game *g, int t, int move);
void	cr__score_final(struct cr_game *g, int move);
void	cr__return_meeples(struct cr_game *g, int root);
bool	cr__feature_event(const struct cr_game *g, int root, int reason, struct cr_event *ev);

#endif
