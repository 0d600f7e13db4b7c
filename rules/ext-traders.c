/*
 * ext-traders.c -- Traders & Builders: goods, the builder's double turn,
 * the pig.
 *
 * Goods.  When a city is completed, the player who placed the completing
 * tile takes a token per goods symbol in it, whoever holds the city and
 * even if nobody does (Big Box, "il est le marchand de cette ville").  At
 * the end, per kind, every player with the most tokens scores 10; a kind
 * nobody holds scores nothing.
 *
 * The builder stands on a road or city of the new tile that already holds
 * one of the player's own thieves or knights (big ones count); it weighs
 * nothing and occupies nothing, and goes home when its feature is scored.
 * When a later tile of its owner extends that feature, the owner plays a
 * second tile at once; a second tile never earns a third.  The extension
 * is seen as the tile lands, before scoring: a tile that completes the
 * builder's feature still earns the second tile (the book's example).
 * Decisions where the book is silent (carcref-notation(5)): a builder may
 * go on a feature its tile completes (it comes straight back, as a meeple
 * would); a discard during a double turn leaves the turn as it was (the
 * player draws again for the same part of the turn).
 *
 * The pig stands on a field of the new tile that holds one of the
 * player's own farmers; it weighs nothing and stays.  In the final
 * scoring a field pays each of its majority owners who has a pig on it 1
 * more per completed city.  Edition 1 (farms paid per city): a city pays
 * 1 more to each of its winners who has a pig in a field touching it
 * where that player also has a farmer.
 */
#include <string.h>

#include "ext.h"

static const struct cr_pool pools[] = {
	{ N_("builder"), N_("builders"), 1, N_("builder"), NULL },
	{ N_("pig"), N_("pigs"), 1, N_("pig"), NULL },
};

static const char *const builder_words[] = { "b\xc3\xa2tisseur", "batisseur", NULL };
static const char *const pig_words[] = { "cochon", NULL };

enum { PC_BUILDER, PC_PIG };
static const struct cr_piece pieces[] = {
	[PC_BUILDER] = { N_("builder"), N_("builders"), builder_words, CR_ROAD, CR_CITY, 0, 0, 0,
	    N_("a second tile at once when its owner's tile extends this road or city; "
	    "home when it is scored"), NULL, NC_("piece", "builder"),
	    "<path d=\"M-6 9L-2.5-2L-5-3.5V-5H5V-3.5L2.5-2L6 9Z"
	    "M3.5-8.5A3.5 3.5 0 1 1-3.5-8.5A3.5 3.5 0 1 1 3.5-8.5Z\"/>", N_("builder"), NULL },
	[PC_PIG] = { N_("pig"), N_("pigs"), pig_words, CR_FIELD, CR_FIELD, 1, 0, 0,
	    N_("1 more a completed city for its owner, if its owner wins this farm at the end"),
	    NULL, NC_("piece", "pig"),
	    "<path d=\"M-9 1A9 6 0 1 0 9 1A9 6 0 1 0-9 1Z"
	    "M8-1.5H11.5V3.5H8ZM-5-3.5L-3-8.5L-0.5-4.5Z\"/>", N_("pig"), NULL },
};

enum { P_NONE, P_GOODS, P_WINE, P_GRAIN, P_CLOTH, P_PIG, P_NO_FOLLOWER, P_NO_FARMER,
    P_MOST, P_TAKER };
static const char *const phrases[] = {
	[P_NONE] = "",
	[P_GOODS] = N_("goods"),
	[P_WINE] = N_("wine"),
	[P_GRAIN] = N_("grain"),
	[P_CLOTH] = N_("cloth"),
	[P_PIG] = N_("the pig"),
	[P_NO_FOLLOWER] = N_("a builder joins its owner's thief or knight: {piece}@{spot} of "
	    "{tile} at {pos} is on a feature where {player} has none"),
	[P_NO_FARMER] = N_("a pig joins its owner's farmer: {piece}@{spot} of {tile} at {pos} "
	    "is in a field where {player} has none"),
	[P_MOST] = N_("the most"),
	[P_TAKER] = N_("the player who placed its last tile takes its goods, whoever holds it"),
};
/* Goods on a city's segment: one of three words, wine 1, grain 2, cloth 3. */
#define NGOODS	4	/* none, and the three */
static const char *const goods_words[] = { "wine", "grain", "cloth", NULL };
static const struct cr_look goods_looks[] = {
	{ .pic = "Wi", .key = N_("Wi wine"), .word = NC_("goods", "wine"),
	  .svg = "<circle r=\"6\" fill=\"#7b1e3c\" stroke=\"#fff\" stroke-width=\"1.2\"/>",
	  .svg_key = N_("wine"), .with = CR_SAY(N_(" with wine"), 0) },
	{ .pic = "Gr", .key = N_("Gr grain"), .word = NC_("goods", "grain"),
	  .svg = "<path d=\"M0-7L6 0L0 7L-6 0Z\" fill=\"#f1c40f\" stroke=\"#6b5500\" "
	  "stroke-width=\"1.2\"/>", .svg_key = N_("grain"), .with = CR_SAY(N_(" with grain"), 0) },
	{ .pic = "Cl", .key = N_("Cl cloth"), .word = NC_("goods", "cloth"),
	  .svg = "<rect x=\"-5\" y=\"-5\" width=\"10\" height=\"10\" fill=\"#5dade2\" "
	  "stroke=\"#1b4f72\" stroke-width=\"1.2\"/>", .svg_key = N_("cloth"),
	  .with = CR_SAY(N_(" with cloth"), 0) },
};
enum { A_GOODS };
static const struct cr_attr attrs[] = {
	[A_GOODS] = { .key = "goods", .type = CR_ATTR_WORD, .on = CR_CITY, .where = CR_IN,
	    .words = goods_words, .looks = goods_looks,
	    .only = N_("only cities carry goods, and %s is not one"),
	    .bad = N_("goods must be %s, not %s") },
};

/* Phrases of the goods kinds, by their number. */
static const int goods_phrase[NGOODS] = { 0, P_WINE, P_GRAIN, P_CLOTH };

static const char *const counters[] = { N_("wine"), N_("grain"), N_("cloth") };

struct traders {
	int	tokens[CR_MAXPLAYERS][NGOODS];	/* [p][0] unused */
	int	builder[CR_MAXPLAYERS];		/* each one's builder: a figure, -1 */
	int	pig[CR_MAXPLAYERS];		/* each one's pig: a figure, -1 */
	int8_t	second;		/* the mover is playing a second tile (cr_move_again) */
};

static int
start(struct cr_game *g, int ext)
{
	struct traders *t = cr_ext_state(g, ext);

	for (int p = 0; p < CR_MAXPLAYERS; p++)
		t->builder[p] = t->pig[p] = -1;
	return -1;	/* the base start tile */
}

static bool
piece_ok(const struct cr_game *g, int ext, const struct cr_move *m, const struct hood *h,
    int seg, struct cr_refusal *why)
{
	int builder = cr_ext_piece(ext, PC_BUILDER);

	if (m->role != builder && m->role != cr_ext_piece(ext, PC_PIG))
		return true;
	/* The feature the piece would stand on, joined: one of the
	 * features beside, which must hold the player's own follower.  The
	 * new tile's own segments hold none yet. */
	if (cr_move_joins_held(g, m, h, seg, cr_game_turn(g), CR_PIECE_FOLLOWER))
		return true;
	why->code = CR_R_EXT;
	why->ext = ext;
	why->other_player = cr_game_turn(g);
	why->phrase = CR_PHRASE(ext, m->role == builder ? P_NO_FOLLOWER : P_NO_FARMER);
	return false;
}

/* A piece the mover just put down: its builder or pig kept (the last
 * figure). */
static CR_NOINLINE void
keep_piece(struct cr_game *g, int ext, int role)
{
	int p = cr_game_turn(g);

	if (role == cr_ext_piece(ext, PC_BUILDER))
		((struct traders *)cr_ext_state(g, ext))->builder[p] = cr_game_nfigures(g) - 1;
	else if (role == cr_ext_piece(ext, PC_PIG))	/* kept: the scoring looks it up */
		((struct traders *)cr_ext_state(g, ext))->pig[p] = cr_game_nfigures(g) - 1;
}

/* Did this tile extend the feature of the mover's builder b, placed
 * before it?  Seen now, before scoring sends the builder home: the mover
 * plays a second tile at once (cr_move_again). */
static CR_NOINLINE void
joined(struct cr_game *g, int ext, int b)
{
	if (cr_tile_joins_figure(g, cr_game_ntiles(g) - 1, b)) {
		((struct traders *)cr_ext_state(g, ext))->second = 1;
		cr_move_again(g);
	}
}

/* placed for a move that put down a builder or a pig. */
static CR_NOINLINE void
placed_piece(struct cr_game *g, int ext, int role, int b)
{
	if (b >= 0)
		joined(g, ext, b);
	keep_piece(g, ext, role);
}

/* placed for the second tile of a double turn: it earns no third. */
static CR_NOINLINE void
placed_second(struct cr_game *g, int ext, const struct cr_move *m)
{
	((struct traders *)cr_ext_state(g, ext))->second = 0;
	if (cr_move_piece_ext(m) == ext)
		keep_piece(g, ext, m->role);
}

/*
 * The common move (no piece of this module's, no double turn) ends in a
 * tail call or none: placed saves no registers.  The second tile is said
 * here (cr_move_again), not by an again hook: nothing the scoring does
 * changes it, and a hook would be asked on every placement.
 */
static void
placed(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	const struct traders *c = cr_ext_cstate(g, ext);
	int b = c->builder[cr_game_turn(g)];

	(void)move;
	if (c->second)
		placed_second(g, ext, m);
	else if (cr_move_piece_ext(m) == ext)	/* a builder or a pig */
		placed_piece(g, ext, m->role, b);
	else if (b >= 0)
		joined(g, ext, b);
}

/* A completed city (root), its goods to the player who placed the tile:
 * out of line, so that completed's every other feature (a road, a
 * cloister, a field closed) costs no frame. */
static CR_NOINLINE void
city_goods(struct cr_game *g, int ext, int root, int move)
{
	int n[NGOODS] = { 0 }, id = root, any = 0, turn, a = cr_ext_attr(ext, A_GOODS);
	const struct cr_placed *last;
	struct cr_event ev;
	struct traders *t;

	do {	/* a city's nodes: each a city segment, which goods are on */
		struct cr_nodeview v;
		int goods;

		cr_node_view(g, id, &v);
		goods = cr_seg_value(v.type, v.seg, a);
		if (goods > 0 && goods < NGOODS)
			n[goods]++, any++;
		id = v.next;
	} while (id != root);
	if (any == 0)
		return;
	t = cr_ext_state(g, ext);
	turn = cr_game_turn(g);
	last = cr_game_tile(g, cr_game_ntiles(g) - 1);
	memset(&ev, 0, sizeof ev);
	ev.reason = CR_EV_TAKE;
	ev.kind = CR_CITY;
	ev.what = (uint16_t)CR_PHRASE(ext, P_GOODS);
	ev.note = (uint16_t)CR_PHRASE(ext, P_TAKER);	/* who takes, and why */
	ev.feature = root;
	/* Where: the tile that completed it, the one just placed. */
	ev.x = last->x;
	ev.y = last->y;
	ev.winners = (uint8_t)(1u << turn);
	for (int k = 1; k < NGOODS; k++)
		if (n[k] > 0) {
			t->tokens[turn][k] += n[k];
			ev.term[ev.nterm++] = (struct cr_term){ (int16_t)n[k], 0,
			    (uint16_t)CR_PHRASE(ext, goods_phrase[k]), 0 };
		}
	cr_event_settle(&ev);	/* nothing paid: 0 per token */
	cr_game_pay(g, &ev, move);
}

/* A completed feature: a city's goods to the player who placed the tile. */
static void
completed(struct cr_game *g, int ext, int root, int move)
{
	if (cr_node_kind(g, root) == CR_CITY)
		city_goods(g, ext, root, move);
}

/* The field root of player p's pig, -1 if it is not on the board.  The
 * pool holds one pig (pools[]), so the last one placed is the only one
 * that can be there: no walk over every figure, once per winner of
 * every field scored. */
static int
pig_root(const struct cr_game *g, int ext, int p)
{
	const struct traders *t = cr_ext_cstate(g, ext);

	return t->pig[p] < 0 ? -1 : cr_figure_root(g, t->pig[p]);
}

/* A player's pig on the field with root r, if any. */
static bool
pig_on(const struct cr_game *g, int ext, int r, int p)
{
	return pig_root(g, ext, p) == r;
}

/* Edition 1: a player's pig in a field touching city c where the player
 * has a farmer too. */
static bool
pig_by_city(const struct cr_game *g, int ext, int c, int p)
{
	int r = pig_root(g, ext, p);

	return r >= 0 && cr_feature_holds(g, r, p, CR_PIECE_FOLLOWER) &&
	    cr_feature_borders(g, r, c);
}

/* price's pigs for a field with a price (ev): out of line, so that
 * price's every other feature (each road, city and cloister paid, and a
 * field worth nothing) costs no frame. */
static CR_NOINLINE void
field_pigs(const struct cr_game *g, int ext, int root, struct cr_event *ev)
{
	uint8_t pigs = 0;

	for (int p = 0, np = cr_game_nplayers(g); p < np; p++)
		if ((ev->winners & (1u << p)) && (ev->reason == CR_EV_FARM_CITY ?
		    pig_by_city(g, ext, root, p) : pig_on(g, ext, root, p)))
			pigs |= (uint8_t)(1u << p);
	if (pigs != 0)
		ev->term[ev->nterm++] = (struct cr_term){ (int16_t)ev->cities, 1,
		    (uint16_t)CR_PHRASE(ext, P_PIG), pigs };
}

/* The pig: 1 more per completed city to each field owner with a pig. */
static void
price(const struct cr_game *g, int ext, int root, struct cr_event *ev)
{
	if (ev->kind == CR_FIELD && ev->nterm < sizeof ev->term / sizeof ev->term[0] &&
	    ev->cities != 0)
		field_pigs(g, ext, root, ev);
}

/* The end: 10 to the most tokens of each kind, ties all scoring. */
static void
final(struct cr_game *g, int ext, int move)
{
	const struct traders *t = cr_ext_cstate(g, ext);
	int np = cr_game_nplayers(g);

	for (int k = 1; k < NGOODS; k++) {
		struct cr_event ev;
		int best = 0;

		memset(&ev, 0, sizeof ev);
		for (int p = 0; p < np; p++) {
			ev.meeples[p] = t->tokens[p][k];
			if (t->tokens[p][k] > best)
				best = t->tokens[p][k];
		}
		if (best == 0)
			continue;	/* nobody holds it: nothing */
		for (int p = 0; p < np; p++)
			if (t->tokens[p][k] == best)
				ev.winners |= (uint8_t)(1u << p);
		ev.reason = CR_EV_EXTRA;
		ev.feature = -1;	/* no feature: the tokens */
		ev.what = (uint16_t)CR_PHRASE(ext, P_GOODS);
		ev.sub = (int16_t)k;
		ev.note = (uint16_t)CR_PHRASE(ext, goods_phrase[k]);
		ev.base = 10;
		cr_event_settle(&ev);
		cr_game_pay(g, &ev, move);
	}
}

/*
 * A follower sent home unscored by another set (the Wheel of Fortune's
 * Plague), its feature staying: a builder or pig of its owner there, left
 * without a follower of its owner on that feature, goes home with it (the
 * Big Box's Traders & Builders: each stays only by its owner's meeple).
 */
static void
left(struct cr_game *g, int ext, int fig, int root, int move)
{
	const struct traders *t = cr_ext_cstate(g, ext);
	int p = cr_game_figure(g, fig)->player, b = t->builder[p], pig = t->pig[p];

	/* Each player has one builder and one pig (pools[]): the last of
	 * each put down, if it stands on root, not a walk of the feature to
	 * find them (most followers leave none). */
	(void)move;
	/* -1 for none or gone home (read in place: most have none there) */
	b = b >= 0 && cr_game_figure(g, b)->on_board && cr_figure_root(g, b) == root ? b : -1;
	pig = pig >= 0 && cr_game_figure(g, pig)->on_board && cr_figure_root(g, pig) == root ?
	    pig : -1;
	if ((b < 0 && pig < 0) || cr_feature_holds(g, root, p, CR_PIECE_FOLLOWER))
		return;
	if (b >= 0)
		cr_figure_home(g, b);
	if (pig >= 0)
		cr_figure_home(g, pig);
}

static int
counter(const struct cr_game *g, int ext, int player, int i)
{
	const struct traders *t = cr_ext_cstate(g, ext);

	return player >= 0 && player < CR_MAXPLAYERS && i >= 0 && i < 3 ?
	    t->tokens[player][i + 1] : 0;
}

const struct cr_ext cr_ext_traders = {
	.name = "traders-builders",
	.tiles = "traders-builders.yaml",
	.attrs = attrs, .nattrs = sizeof attrs / sizeof attrs[0],
	.pools = pools, .npools = 2,
	.pieces = pieces, .npieces = 2,
	.phrases = phrases, .nphrases = sizeof phrases / sizeof phrases[0],
	.state_size = sizeof(struct traders),
	.start = start,
	.piece_ok = piece_ok,
	.placed = placed,
	.again_placed = true,	/* the builder's second tile */
	.completed = completed,
	.price = price,
	.final = final,
	.left = left,
	.counters = counters, .ncounters = 3, .counter_group = N_("goods"),
	.counter = counter,
};
