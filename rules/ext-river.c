/*
 * ext-river.c -- the River: a second tile set with its own start tile,
 * draw order and placement rule.
 *
 * The spring (the river set's start tile, RV-A) lies at 0,0 instead of
 * the base start tile, which goes into the supply like any D
 * (notation.md).  The other river tiles come first, the lake last of
 * them, then the rest.  A river tile must continue the river: one of its
 * river edges meets the river already on the board (edge matching does
 * the rest).  No U-turn, the book's "demi-tour" as the game is played
 * (notation.md, issue 18): a curve may not turn the same way as the river
 * tile just before it when that tile is a curve too; a straight between
 * resets it (right curve, straight, right curve is legal: the river runs
 * back two squares apart and never meets itself).  No piece stands on a
 * river: no piece's kind is river, so the core refuses it already.
 * With a start of several squares (the Wheel of Fortune's board, issue
 * 21) the spring yields: it is laid at the set-up beside the board, on
 * the square the record's spring: names, flowing straight away from it
 * (beside), and the base start tile is out of the game.
 */
#include <string.h>

#include "ext.h"

/* The open ends of the river: an empty square beside a river edge, and
 * the way (a direction from that square) to the tile whose edge it is.
 * Kept so that where a river tile meets the river is read off them, with
 * no look at the board: a square a river edge of a tile that fits meets
 * holds a tile exactly when a river edge of that tile faces it (edges
 * match), that is when it is an open end seen that way.  Two fit in the
 * room the state's other fields leave (the engine rounds each state up to
 * 16 bytes, and every byte more is reserved in the undo log every move):
 * the river has one open end, and a second while a fork's arms are open. */
#define NENDS	2
struct rend {
	int16_t	x, y;
	int8_t	dir;
};

/* The module's state: set at the start, the last river tile's turn and
 * the river's open ends kept per move. */
struct river {
	int	kind;		/* the river's kind, numbered */
	int	first, ntypes;	/* the river set's types: first .. first + ntypes - 1 */
	int	lake;		/* the lake's type, -1 */
	bool	beyond;		/* a type of another set shows the river too */
	int8_t	last_turn;	/* the river tile just placed: 1 right curve, -1 left,
				   0 straight (or none yet) */
	/* ENDS_UNKNOWN (0, as the state starts) until the first river tile
	 * lies, then ENDS_KNOWN: nends open ends in end[]; ENDS_LOST once
	 * more were open, or one beyond int16_t (the board is asked from
	 * then on). */
	int8_t	ends, nends;
	struct rend end[NENDS];
};
enum { ENDS_UNKNOWN, ENDS_KNOWN, ENDS_LOST };

enum { P_NONE, P_FIRST, P_LAKE_LAST, P_LAKE_NEXT, P_CONTINUE, P_UTURN_LEFT, P_UTURN_RIGHT,
    P_BESIDE_ROT, P_BESIDE_SIDES };
static const char *const phrases[] = {
	[P_NONE] = "",
	[P_LAKE_NEXT] = N_("the lake ends the river: {tile} may not be drawn before it"),
	[P_CONTINUE] = N_("a river tile continues the river: {tile} at {pos} rotation {rot} "
	    "has no river edge against the river"),
	[P_UTURN_LEFT] = N_("{tile} at {pos}: the river would turn back on itself (two left "
	    "curves in a row)"),
	[P_UTURN_RIGHT] = N_("{tile} at {pos}: the river would turn back on itself (two right "
	    "curves in a row)"),
	[P_BESIDE_ROT] = N_("the spring flows straight away from the board: at {pos} its "
	    "rotation is {n}, not {rot}"),
	[P_BESIDE_SIDES] = N_("the spring at {pos} would touch the board on more than one side: "
	    "it lies against one side and flows away from it"),
};

static const struct cr_plural plurals[] = {
	[P_FIRST] = NP_("the river comes first: {tile} may not be drawn while {n} river "
	    "tile is left", "the river comes first: {tile} may not be drawn while {n} river "
	    "tiles are left"),
	[P_LAKE_LAST] = NP_("the lake comes last of the river: {tile} may not be drawn while "
	    "{n} other river tile is left", "the lake comes last of the river: {tile} may not "
	    "be drawn while {n} other river tiles are left"),
};

/* The river: a line with fields on either side, never paid, drawn under
 * the roads that cross it. */
static const struct cr_kinddef kinds[] = {
	{
		.name = N_("river"), .plural = N_("rivers"),
		.shape = CR_LINE, .close = CR_CLOSE_ENDS, .beside = CR_FIELD, .reason = CR_EV_FINAL,
		.at_edge = N_("a %s must reach an edge; C is only for cloisters and inner fields"),
		.letter = 'W', .map = "~~", .map_ew = "~~", .pic = { "~~", "~~", "~~", "~~" },
		.key = N_("~~ river"), .layer = 0,
		.strokes = { { "#3d85c6", 16 } },
		.glyph = "<path d=\"M-9 0H9\" stroke=\"#3d85c6\" stroke-width=\"10\"/>",
		.a = N_("a river"), .the = N_("the river"), .has_no = N_("has no river"),
		.has_many = N_("has more than one river"), .the_done = N_("the completed river"),
		.edge = NC_("edge", "river"), .word = NC_("feature", "river"),
	},
};

/* What the river ends at: its spring, its lake (the last tile). */
enum { E_SPRING, E_LAKE };
static const struct cr_end ends[] = {
	[E_SPRING] = { "spring", CR_STOP_NEAR, false, { .pic = "Sp", .key = N_("Sp spring"),
	    .svg_tile = "<circle cx=\"50\" cy=\"50\" r=\"11\" fill=\"#3d85c6\"/>",
	    .with = CR_SAY(N_(" (ends at a spring)"), 0) } },
	[E_LAKE] = { "lake", CR_STOP_NEAR, false, { .pic = "Lk", .key = N_("Lk lake"),
	    .svg_tile = "<circle cx=\"50\" cy=\"50\" r=\"20\" fill=\"#3d85c6\"/>",
	    .with = CR_SAY(N_(" (ends at a lake)"), 0) } },
};

static int
refuse(struct cr_refusal *why, int ext, int phrase, int n)
{
	why->code = CR_R_EXT;
	why->ext = ext;
	why->phrase = CR_PHRASE(ext, phrase);
	why->n = n;
	return false;
}

/* Whether a tile type shows the river (kind: the module's own). */
static bool
has_river(const struct cr_tiletype *t, int kind)
{
	for (int s = 0; s < t->nseg; s++)
		if (t->seg[s].kind == kind)
			return true;
	return false;
}

/* The river edges of tile type t turned rot, a bit per direction (its
 * edges at rotation 0, turned: the edge at d is edge[(d - rot) % 4]). */
static unsigned
river_edges(const struct cr_tiletype *t, int kind, int rot)
{
	unsigned e = (unsigned)(t->edge[0] == kind) | (unsigned)(t->edge[1] == kind) << 1 |
	    (unsigned)(t->edge[2] == kind) << 2 | (unsigned)(t->edge[3] == kind) << 3;

	rot &= 3;
	return (e << rot | e >> (4 - rot)) & 15;
}

/*
 * How a river tile turns where it lies: 0 straight (or an end), 1 right,
 * -1 left, seen down the stream, which enters by the first of its river
 * edges (edges) that meets a tile (met: a bit per direction, those that
 * do), and leaves by the last of the others.  False if no river edge
 * meets one.
 */
static bool
turn_of(unsigned edges, unsigned met, int *turn)
{
	int in = 0, out = -1;

	*turn = 0;
	if (met == 0)
		return false;
	while (!(met & (1u << in)))
		in++;
	for (int d = 0; d < CR_NDIRS; d++)
		if (d != in && (edges & (1u << d)))
			out = d;
	if (out >= 0) {
		int flow = (in + 2) % 4;	/* the way the water runs into the tile */

		*turn = out == (flow + 1) % 4 ? 1 : out == (flow + 3) % 4 ? -1 : 0;
	}
	return true;
}

/* turn_of for every river edges and those of them met, worked out once
 * (at the first start): the turn + 1, or NO_INFLOW.  A river move looks
 * it up twice (tile_ok, placed), a discard once per place it fits. */
#define NO_INFLOW	3
static int8_t turns[16][16];
static bool turns_set;

static void
turns_fill(void)
{
	for (unsigned e = 0; e < 16; e++)
		for (unsigned met = 0; met < 16; met++) {
			int turn;

			turns[e][met] = (int8_t)(turn_of(e, met & e, &turn) ? turn + 1 : NO_INFLOW);
		}
	turns_set = true;
}

/* What the set says, worked out once per tile set (its derived number:
 * never another set's) and kept for the next game's set-up: the state's
 * constant part, and the river edges of the set's first MEMO_TYPES types
 * at each rotation, which a river move asks thrice. */
#define MEMO_TYPES	32
static struct {
	uint64_t	derived;
	struct river	r;
	uint8_t		edges[MEMO_TYPES][4];
} memo;

/* river_move for a type whose river edges are not kept (memo). */
static CR_NOINLINE bool
river_seen(const struct cr_tileset *ts, const struct river *r, const struct cr_move *m,
    unsigned *edges)
{
	*edges = river_edges(&ts->type[m->tile], r->kind, m->rot);
	return *edges != 0 || has_river(&ts->type[m->tile], r->kind);
}

/* Whether the move's tile shows the river, its river edges where it
 * lies into *edges: a type of the river's set is looked at, another only
 * if some type beyond the set shows it (start: most moves after the
 * river, a land tile, ask no more).  A river reaches an edge, so the
 * segments are read only for a type with no river edge. */
static bool
river_move(const struct cr_game *g, const struct river *r, const struct cr_move *m,
    unsigned *edges)
{
	const struct cr_tileset *ts;
	unsigned i = (unsigned)(m->tile - r->first);

	if (i >= (unsigned)r->ntypes && !r->beyond)
		return false;
	ts = cr_game_tileset(g);
	if (i < MEMO_TYPES && memo.derived == ts->derived &&
	    (*edges = memo.edges[i][m->rot & 3]) != 0)
		return true;
	return river_seen(ts, r, m, edges);
}

static int
start(struct cr_game *g, int ext)
{
	struct river *r = cr_ext_state(g, ext);
	const struct cr_tileset *ts = cr_game_tileset(g);
	int set = cr_ext_set(g, ext);

	if (!turns_set)
		turns_fill();
	if (memo.derived == 0 || memo.derived != ts->derived) {
		int lake = cr_ext_end(ext, E_LAKE);

		r->kind = cr_ext_kind(ext, 0);
		r->first = -1, r->ntypes = 0, r->lake = -1, r->beyond = false;
		for (int t = set < 0 ? 0 : ts->setbeg[set], end = set < 0 ? 0 : ts->setbeg[set + 1];
		    t < end; t++) {	/* the set's types, a run */
			if (r->first < 0)
				r->first = t;
			r->ntypes = t - r->first + 1;
			for (int s = 0; s < ts->type[t].nseg; s++)
				if (ts->type[t].seg[s].kind == r->kind && ts->type[t].seg[s].end == lake)
					r->lake = t;
		}
		for (int t = 0; t < ts->ntypes; t++)
			if ((t < r->first || t >= r->first + r->ntypes) && has_river(&ts->type[t], r->kind))
				r->beyond = true;
		memset(memo.edges, 0, sizeof memo.edges);	/* none beyond the set's */
		for (int i = 0; i < r->ntypes && i < MEMO_TYPES; i++)
			for (int rot = 0; rot < 4; rot++)
				memo.edges[i][rot] = (uint8_t)river_edges(&ts->type[r->first + i],
				    r->kind, rot);
		memo.derived = ts->derived, memo.r = *r;
	} else	/* its last turn left as it was */
		r->kind = memo.r.kind, r->first = memo.r.first, r->ntypes = memo.r.ntypes,
		    r->lake = memo.r.lake, r->beyond = memo.r.beyond;
	return ts->setstart[set];
}

/* drawable past its common answers: a tile that is not a river tile with
 * a copy left, while the lake is in the supply. */
static CR_NOINLINE bool
drawable_counted(const struct cr_game *g, int ext, int type, struct cr_refusal *why)
{
	const struct river *r = cr_ext_cstate(g, ext);
	int lake = cr_game_supply(g, r->lake), river = cr_supply_of(g, r->first, r->ntypes) - lake;

	if (river > 0) {
		if (type == r->lake)
			return refuse(why, ext, P_LAKE_LAST, river);
		if (type < r->first || type >= r->first + r->ntypes)
			return refuse(why, ext, P_FIRST, river + lake);
	} else if (lake > 0 && type != r->lake)
		return refuse(why, ext, P_LAKE_NEXT, lake);
	return true;
}

static bool
drawable(const struct cr_game *g, int ext, int type, struct cr_refusal *why)
{
	const struct river *r = cr_ext_cstate(g, ext);

	if (r->lake < 0 || cr_game_supply(g, r->lake) == 0)
		return true;	/* the lake comes last: once it lies, the river is done */
	/* A river tile other than the lake, with a copy left: the river
	 * tiles left (river in drawable_counted) count that copy, so none of
	 * the refusals is due.  Every river move asks this, and needs no
	 * count. */
	if (type != r->lake && type >= r->first && type < r->first + r->ntypes &&
	    cr_game_supply(g, type) > 0)
		return true;
	return drawable_counted(g, ext, type, why);
}

/* The first river edge of the move's tile whose square beyond holds a
 * tile, as a bit (0: none), asked of the board: until the open ends are
 * known, or when too many are. */
static unsigned
met_on_board(const struct cr_game *g, const struct cr_move *m, unsigned edges)
{
	for (int d = 0; d < CR_NDIRS; d++)
		if ((edges & (1u << d)) &&
		    cr_game_at(g, m->x + cr_dx[d], m->y + cr_dy[d]) != NULL)
			return 1u << d;
	return 0;
}

/* The river edges of a tile at x,y that would meet a tile, read off the
 * open ends (those known): the ways from x,y to a river edge facing it. */
static unsigned
met_at(const struct river *r, int x, int y)
{
	unsigned occ = 0;

	for (int i = 0; i < NENDS && i < r->nends; i++)	/* NENDS: the compiler unrolls it */
		if (r->end[i].x == x && r->end[i].y == y)
			occ |= 1u << r->end[i].dir;
	return occ;
}

/* One more open end, or the ends lost when there is no room for it. */
static void
end_add(struct river *w, int x, int y, int dir)
{
	if (w->nends == NENDS || x < INT16_MIN || x > INT16_MAX || y < INT16_MIN ||
	    y > INT16_MAX) {
		w->ends = ENDS_LOST;
		return;
	}
	w->end[w->nends++] = (struct rend){ (int16_t)x, (int16_t)y, (int8_t)dir };
}

/*
 * The open ends from the board as it lies, once, at the first river
 * tile placed (m, its river edges `edges`; the spring, where the set-up
 * put it, and any other tile showing the river, before it), and the river
 * edges of m that meet the river, returned.  A river edge of an older
 * tile facing m's square is one of those; any other is asked of the
 * board; m's others face empty squares (a tile there would show a river
 * edge facing m, an older tile's).
 */
static CR_NOINLINE unsigned
ends_first(const struct cr_game *g, struct river *w, const struct cr_move *m, unsigned edges)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const struct cr_placed *p = cr_game_tile(g, 0);	/* the tiles, in a row */
	int first = w->first, ntypes = w->ntypes, kind = w->kind;
	bool beyond = w->beyond;
	unsigned occ = 0;

	w->ends = ENDS_KNOWN;
	w->nends = 0;
	for (int i = 0, n = cr_game_ntiles(g) - 1; i < n; i++, p++) {	/* m's the last */
		unsigned e;

		if ((unsigned)(p->type - first) >= (unsigned)ntypes && !beyond)
			continue;
		e = river_edges(&ts->type[p->type], kind, p->rot);
		for (int d = 0; d < CR_NDIRS; d++) {
			int x = p->x + cr_dx[d], y = p->y + cr_dy[d];

			if (!(e & (1u << d)))
				continue;
			if (x == m->x && y == m->y)
				occ |= 1u << (d + 2) % 4;
			else if (cr_game_at(g, x, y) == NULL)
				end_add(w, x, y, (d + 2) % 4);
		}
	}
	for (int d = 0; d < CR_NDIRS; d++)
		if ((edges & ~occ) & (1u << d))
			end_add(w, m->x + cr_dx[d], m->y + cr_dy[d], (d + 2) % 4);
	return occ;
}

/* A tile with river edges `edges` now lies at x,y: its square is no
 * open end any more, those it was (the edges that met the river) are
 * returned, and its other river edges face empty squares (a tile there
 * would show a river edge facing it, an open end), which are. */
static unsigned
ends_update(struct river *w, int x, int y, unsigned edges)
{
	unsigned occ = 0;
	int k = 0;

	for (int i = 0; i < NENDS && i < w->nends; i++)
		if (w->end[i].x == x && w->end[i].y == y)
			occ |= 1u << w->end[i].dir;
		else
			w->end[k++] = w->end[i];
	w->nends = (int8_t)k;
	for (int d = 0; d < CR_NDIRS && w->ends == ENDS_KNOWN; d++)
		if ((edges & ~occ) & (1u << d))
			end_add(w, x + cr_dx[d], y + cr_dy[d], (d + 2) % 4);
	return occ;
}

/* The turn a river tile makes where it lies (turns[][]'s: NO_INFLOW, or
 * 1 more than -1 left, 0 straight, 1 right), judged: the river must flow
 * on, and not turn the same way twice running (tile_ok's words). */
static inline bool
turn_ok(const struct river *r, int ext, int turn, struct cr_refusal *why)
{
	if (turn == NO_INFLOW)
		return refuse(why, ext, P_CONTINUE, 0);
	turn--;
	if (turn != 0 && turn == r->last_turn)
		return refuse(why, ext, turn > 0 ? P_UTURN_RIGHT : P_UTURN_LEFT, 0);
	return true;
}

/* tile_ok past its common case: the open ends not known, or the type's
 * river edges not kept. */
static CR_NOINLINE bool
tile_ok_rest(const struct cr_game *g, int ext, const struct cr_move *m, struct cr_refusal *why)
{
	const struct river *r = cr_ext_cstate(g, ext);
	unsigned edges;

	if (!river_move(g, r, m, &edges))
		return true;
	/* The tile fits by the edges (rules/ext.h: tile_ok): a river edge
	 * meets a tile where an open end faces it. */
	return turn_ok(r, ext, turns[edges][edges & (r->ends == ENDS_KNOWN ?
	    met_at(r, m->x, m->y) : met_on_board(g, m, edges))], why);
}

/* Its common case in a leaf (a discard's check asks it of every place
 * the tile fits by the edges, and refuses most): a tile that is not the
 * river's, or a river tile whose river edges are kept (memo), the open
 * ends known. */
static bool
tile_ok(const struct cr_game *g, int ext, const struct cr_move *m, struct cr_refusal *why)
{
	const struct river *r = cr_ext_cstate(g, ext);
	unsigned i = (unsigned)(m->tile - r->first), edges;

	if (i >= (unsigned)r->ntypes && !r->beyond)
		return true;
	if (i >= MEMO_TYPES || r->ends != ENDS_KNOWN ||
	    memo.derived != cr_game_tileset(g)->derived || (edges = memo.edges[i][m->rot & 3]) == 0)
		return tile_ok_rest(g, ext, m, why);
	return turn_ok(r, ext, turns[edges][edges & met_at(r, m->x, m->y)], why);
}

/* Its last tile gone (the lake last), no tile of another set showing
 * the river: no rule of the river is left to check. */
static CR_NOINLINE void
done_if_counted(struct cr_game *g, int ext, const struct river *r)
{
	if (cr_supply_of(g, r->first, r->ntypes) == 0)
		cr_game_rules_done(g, ext);
}

/* A copy of the lake, the last river tile, says the river is not done
 * without the count (every river move but the last). */
static inline void
done_if_last(struct cr_game *g, int ext, const struct river *r)
{
	if (!r->beyond && (r->lake < 0 || cr_game_supply(g, r->lake) == 0))
		done_if_counted(g, ext, r);
}

static void
placed(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	const struct river *r = cr_ext_cstate(g, ext);
	struct river *w;
	unsigned edges, occ;
	int turn;

	(void)move;
	if (m->kind != CR_MOVE_PLACE || !river_move(g, r, m, &edges))
		return;
	w = cr_ext_state(g, ext);
	/* The tile lies on the board now: its own square is no neighbour,
	 * and the open ends are those before it. */
	occ = w->ends == ENDS_KNOWN ? ends_update(w, m->x, m->y, edges) :
	    w->ends == ENDS_UNKNOWN ? ends_first(g, w, m, edges) : met_on_board(g, m, edges);
	/* A straight (turn 0) is kept too: it resets the U-turn rule. */
	if ((turn = turns[edges][edges & occ]) != NO_INFLOW)
		w->last_turn = (int8_t)(turn - 1);
	done_if_last(g, ext, w);
}

/* A river tile that fits nowhere may be discarded (the lake among
 * them): the last one gone so, the river is done as well. */
static bool
discarded(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	const struct river *r = cr_ext_cstate(g, ext);
	unsigned edges;

	(void)move;
	if (river_move(g, r, m, &edges))
		done_if_last(g, ext, r);
	return false;	/* the same player draws again */
}

/*
 * Issue 21: beside a start of several squares (the Wheel of Fortune's
 * board), the spring is laid at the set-up against one side of it, its
 * river flowing straight away: the rotation that points its river edge
 * away from the one side it touches (rules/ext.h: cr_ext.beside).
 */
static int
beside(const struct cr_game *g, int ext, int type, int x, int y, int rot,
    struct cr_refusal *why)
{
	const struct cr_tiletype *t = &cr_game_tileset(g)->type[type];
	int to = -1, sides = 0, river = -1, want;

	for (int d = 0; d < CR_NDIRS; d++) {
		if (cr_game_at(g, x + cr_dx[d], y + cr_dy[d]) != NULL)
			to = d, sides++;
		if (river < 0 && t->edge[d] == cr_ext_kind(ext, 0))
			river = d;
	}
	if (sides == 0) {
		why->code = CR_R_NOT_ADJACENT;
		return -1;
	}
	if (sides > 1)
		return refuse(why, ext, P_BESIDE_SIDES, 0), -1;
	want = ((to + 2) % 4 - (river < 0 ? 0 : river) + 4) % 4;
	if (rot >= 0 && rot != want)
		return refuse(why, ext, P_BESIDE_ROT, want * 90), -1;
	return want;
}

const struct cr_ext cr_ext_river = {
	.name = "river",
	.tiles = "river.yaml",
	.kinds = kinds, .nkinds = 1,
	.ends = ends, .nends = sizeof ends / sizeof ends[0],
	.phrases = phrases, .nphrases = sizeof phrases / sizeof phrases[0],
	.plurals = plurals, .nplurals = sizeof plurals / sizeof plurals[0],
	.state_size = sizeof(struct river),
	.start = start,
	.drawable = drawable,
	.tile_ok = tile_ok,
	.placed = placed,
	.discarded = discarded,
	.beside = beside,
};
