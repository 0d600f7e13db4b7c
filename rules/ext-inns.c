/*
 * ext-inns.c -- Inns & Cathedrals: the big meeple, inns, cathedrals.
 *
 * The big meeple is a follower like the others that weighs two in every
 * majority, fields included (Big Box, "il compte comme deux partisans");
 * it is data.  Inns and cathedrals are flags on the tiles' segments
 * (rules/tiles/inns-cathedrals.yaml) that a feature carries once joined:
 * a completed road with an inn pays 2 a tile, a completed city with a
 * cathedral 3 a tile and 3 a pennant; open at the end, either pays
 * nothing.  Several inns (cathedrals) on one feature count as one.
 *
 * Its change to a price is a replacement: no other module of this
 * registry changes the price of roads and cities, so the order does not
 * matter today; a module that adds terms (vineyards, pigs) leaves these
 * prices alone.
 */
#include "game-int.h"

static const struct cr_pool pools[] = {
	{ N_("big meeple"), N_("big meeples"), 1, N_("big") },
};

static const char *const big_thief[] = { "big-t", "grand-voleur", "grand-brigand", NULL };
static const char *const big_knight[] = { "big-k", "grand-chevalier", NULL };
static const char *const big_monk[] = { "big-m", "grand-moine", NULL };
static const char *const big_farmer[] = { "big-f", "grand-paysan", NULL };

static const struct cr_piece pieces[] = {
	{ N_("big-thief"), N_("big thieves"), big_thief, CR_ROAD, CR_ROAD, 0, 2, CR_PIECE_FOLLOWER, NULL,
	  N_("big thief") },
	{ N_("big-knight"), N_("big knights"), big_knight, CR_CITY, CR_CITY, 0, 2, CR_PIECE_FOLLOWER, NULL,
	  N_("big knight") },
	{ N_("big-monk"), N_("big monks"), big_monk, CR_CLOISTER, CR_CLOISTER, 0, 2,
	  CR_PIECE_FOLLOWER, NULL, N_("big monk") },
	{ N_("big-farmer"), N_("big farmers"), big_farmer, CR_FIELD, CR_FIELD, 0, 2,
	  CR_PIECE_FOLLOWER, NULL, N_("big farmer") },
};

enum { P_NONE, P_INN, P_INN_OPEN, P_CATHEDRAL, P_CATHEDRAL_OPEN, P_INN_SHARE, P_CATHEDRAL_SHARE };
static const char *const phrases[] = {
	[P_NONE] = "",
	[P_INN] = N_("with an inn"),
	[P_INN_OPEN] = N_("with an inn, unfinished: it pays nothing"),
	[P_CATHEDRAL] = N_("with a cathedral"),
	[P_CATHEDRAL_OPEN] = N_("with a cathedral, unfinished: it pays nothing"),
	/* What their share of a road's or a city's points is called (the
	 * report's extra, cr_event's share). */
	[P_INN_SHARE] = N_("inn"),
	[P_CATHEDRAL_SHARE] = N_("cathedral"),
};

static void
price(const struct cr_game *g, int ext, int root, struct cr_event *ev)
{
	int flags = g->nodes.v[root].flags;
	bool done = ev->reason == CR_EV_COMPLETED || g->nodes.v[root].open == 0;

	if (ev->kind == CR_ROAD && (flags & CR_SEG_INN)) {
		ev->per_tile = done ? 2 : 0;
		ev->note = (uint16_t)CR_PHRASE(ext, done ? P_INN : P_INN_OPEN);
		ev->share = (uint16_t)CR_PHRASE(ext, P_INN_SHARE);
	} else if (ev->kind == CR_CITY && (flags & CR_SEG_CATHEDRAL)) {
		ev->per_tile = ev->per_pennant = done ? 3 : 0;
		ev->small_city = false;	/* edition 1's 2-tile price never meets one */
		ev->note = (uint16_t)CR_PHRASE(ext, done ? P_CATHEDRAL : P_CATHEDRAL_OPEN);
		ev->share = (uint16_t)CR_PHRASE(ext, P_CATHEDRAL_SHARE);
	}
}

const struct cr_ext cr_ext_inns = {
	.name = "inns-cathedrals",
	.tiles = "inns-cathedrals.yaml",
	.pools = pools, .npools = 1,
	.pieces = pieces, .npieces = 4,
	.phrases = phrases, .nphrases = sizeof phrases / sizeof phrases[0],
	.price = price,
};
