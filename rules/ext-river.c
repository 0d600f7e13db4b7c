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
#include "ext.h"

/* The module's state: set at the start, the last river tile's turn kept
 * per move. */
struct river {
	int	kind;		/* the river's kind, numbered */
	int	first, ntypes;	/* the river set's types: first .. first + ntypes - 1 */
	int	lake;		/* the lake's type, -1 */
	bool	beyond;		/* a type of another set shows the river too */
	int8_t	last_turn;	/* the river tile just placed: 1 right curve, -1 left,
				   0 straight (or none yet) */
};

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

/* Whether type shows the river: a type of the river's set is looked at,
 * another only if some type beyond the set shows it (start: most moves
 * after the river, a land tile, ask no more). */
static bool
river_type(const struct cr_game *g, const struct river *r, int type)
{
	if ((type < r->first || type >= r->first + r->ntypes) && !r->beyond)
		return false;
	return has_river(&cr_game_tileset(g)->type[type], r->kind);
}

static int
start(struct cr_game *g, int ext)
{
	/* What the set says, worked out once per tile set (its derived
	 * number: never another set's) and kept for the next game's
	 * set-up. */
	static struct {
		uint64_t	derived;
		struct river	r;
	} memo;
	struct river *r = cr_ext_state(g, ext);
	const struct cr_tileset *ts = cr_game_tileset(g);
	int set = cr_ext_set(g, ext);

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
		memo.derived = ts->derived, memo.r = *r;
	} else	/* its last turn left as it was */
		r->kind = memo.r.kind, r->first = memo.r.first, r->ntypes = memo.r.ntypes,
		    r->lake = memo.r.lake, r->beyond = memo.r.beyond;
	return ts->setstart[set];
}

static bool
drawable(const struct cr_game *g, int ext, int type, struct cr_refusal *why)
{
	const struct river *r = cr_ext_cstate(g, ext);
	int river = 0, lake = r->lake >= 0 ? cr_game_supply(g, r->lake) : 0;

	if (lake == 0)	/* the lake comes last: once it lies, the river is done */
		return true;
	river = cr_supply_of(g, r->first, r->ntypes) - lake;
	if (river > 0) {
		if (type == r->lake)
			return refuse(why, ext, P_LAKE_LAST, river);
		if (type < r->first || type >= r->first + r->ntypes)
			return refuse(why, ext, P_FIRST, river + lake);
	} else if (lake > 0 && type != r->lake)
		return refuse(why, ext, P_LAKE_NEXT, lake);
	return true;
}

/*
 * How a river tile turns where it lies: 0 straight (or an end), 1 right,
 * -1 left, seen down the stream, which enters by the river edge that
 * meets a tile.  False if no river edge meets one.
 */
static bool
turn_of(const struct cr_game *g, int kind, const struct cr_move *m, int *turn)
{
	const struct cr_tiletype *tt = &cr_game_tileset(g)->type[m->tile];
	int in = -1, out = -1;

	for (int d = 0; d < CR_NDIRS; d++) {
		if (cr_tile_edge(tt, m->rot, d) != kind)
			continue;
		if (in < 0 && cr_game_at(g, m->x + cr_dx[d], m->y + cr_dy[d]) != NULL)
			in = d;
		else
			out = d;
	}
	*turn = 0;
	if (in < 0)
		return false;
	if (out >= 0) {
		int flow = (in + 2) % 4;	/* the way the water runs into the tile */

		*turn = out == (flow + 1) % 4 ? 1 : out == (flow + 3) % 4 ? -1 : 0;
	}
	return true;
}

/* The turn tile_ok found for a placement, for placed to take: the same
 * tiles around the same square (the game, its tile count, the move's
 * tile, square and rotation the same). */
static struct {
	const struct cr_game *g;
	int	ntiles, tile, x, y, rot, turn;
} seen;

static bool
tile_ok(const struct cr_game *g, int ext, const struct cr_move *m, struct cr_refusal *why)
{
	const struct river *r = cr_ext_cstate(g, ext);
	int turn;

	if (!river_type(g, r, m->tile))
		return true;
	seen.g = NULL;
	if (!turn_of(g, r->kind, m, &turn))
		return refuse(why, ext, P_CONTINUE, 0);
	seen.g = g, seen.ntiles = cr_game_ntiles(g), seen.tile = m->tile;
	seen.x = m->x, seen.y = m->y, seen.rot = m->rot, seen.turn = turn;
	if (turn != 0 && turn == r->last_turn)
		return refuse(why, ext, turn > 0 ? P_UTURN_RIGHT : P_UTURN_LEFT, 0);
	return true;
}

/* Its last tile gone (the lake last), no tile of another set showing
 * the river: no rule of the river is left to check. */
static void
done_if_last(struct cr_game *g, int ext, const struct river *r)
{
	if (!r->beyond && cr_supply_of(g, r->first, r->ntypes) == 0)
		cr_game_rules_done(g, ext);
}

static void
placed(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	const struct river *r = cr_ext_cstate(g, ext);
	int turn;

	(void)move;
	if (m->kind != CR_MOVE_PLACE || !river_type(g, r, m->tile))
		return;
	/* The tile lies on the board now: its own square is no neighbour.  A
	 * straight (turn 0) is kept too: it resets the U-turn rule. */
	if (seen.g == g && seen.ntiles == cr_game_ntiles(g) - 1 && seen.tile == m->tile &&
	    seen.x == m->x && seen.y == m->y && seen.rot == m->rot)
		((struct river *)cr_ext_state(g, ext))->last_turn = (int8_t)seen.turn;
	else if (turn_of(g, r->kind, m, &turn))
		((struct river *)cr_ext_state(g, ext))->last_turn = (int8_t)turn;
	seen.g = NULL;
	done_if_last(g, ext, r);
}

/* A river tile that fits nowhere may be discarded (the lake among
 * them): the last one gone so, the river is done as well. */
static bool
discarded(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	const struct river *r = cr_ext_cstate(g, ext);

	(void)move;
	if (river_type(g, r, m->tile))
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
