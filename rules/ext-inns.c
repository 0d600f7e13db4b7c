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
#include "ext.h"

static const struct cr_pool pools[] = {
	{ N_("big meeple"), N_("big meeples"), 1, N_("big"), "no-big-meeple-left" },
};

static const char *const big_thief[] = { "big-t", "grand-voleur", "grand-brigand", NULL };
static const char *const big_knight[] = { "big-k", "grand-chevalier", NULL };
static const char *const big_monk[] = { "big-m", "grand-moine", NULL };
static const char *const big_farmer[] = { "big-f", "grand-paysan", NULL };

static const struct cr_piece pieces[] = {
	{ N_("big-thief"), N_("big thieves"), big_thief, CR_ROAD, CR_ROAD, 0, 2, CR_PIECE_FOLLOWER, NULL,
	  N_("big thief"), NC_("piece", "big thief"), NULL, NULL, NULL },
	{ N_("big-knight"), N_("big knights"), big_knight, CR_CITY, CR_CITY, 0, 2, CR_PIECE_FOLLOWER, NULL,
	  N_("big knight"), NC_("piece", "big knight"), NULL, NULL, NULL },
	{ N_("big-monk"), N_("big monks"), big_monk, CR_CLOISTER, CR_CLOISTER, 0, 2,
	  CR_PIECE_FOLLOWER, NULL, N_("big monk"), NC_("piece", "big monk"), NULL, NULL, NULL },
	{ N_("big-farmer"), N_("big farmers"), big_farmer, CR_FIELD, CR_FIELD, 0, 2,
	  CR_PIECE_FOLLOWER, NULL, N_("big farmer"), NC_("piece", "big farmer"), NULL, NULL, NULL },
};

/* An inn by a road, a cathedral in a city: flags of their segments. */
enum { A_INN, A_CATHEDRAL };
static const struct cr_look inn_look[] = { {
	.pic = "In", .key = N_("In inn"),
	.svg = "<path d=\"M-7 6V-1L0-7L7-1V6Z\" fill=\"#e67e22\" stroke=\"#5a2d0c\" "
	    "stroke-width=\"1.2\"/>", .svg_key = N_("inn"),
	.with = CR_SAY(N_(" with an inn"), 0),
} }, cathedral_look[] = { {
	.pic = "Ca", .key = N_("Ca cathedral"),
	.svg = "<rect x=\"-7\" y=\"-7\" width=\"14\" height=\"14\" fill=\"#6a3d9a\" "
	    "stroke=\"#fff\" stroke-width=\"1.2\"/><path d=\"M0-5V5M-4-1H4\" "
	    "stroke=\"#fff\" stroke-width=\"2\"/>", .svg_key = N_("cathedral"),
	.with = CR_SAY(N_(" with a cathedral"), 0),
} };
static const struct cr_attr attrs[] = {
	[A_INN] = { .key = "inn", .type = CR_ATTR_FLAG, .on = CR_ROAD, .where = CR_BESIDE,
	    .looks = inn_look, .only = N_("inns stand by roads, and %s is not one") },
	[A_CATHEDRAL] = { .key = "cathedral", .type = CR_ATTR_FLAG, .on = CR_CITY, .where = CR_IN,
	    .looks = cathedral_look, .only = N_("only cities have cathedrals, and %s is not one") },
};

static const struct cr_filter filters[] = {
	{ "--inn", N_("an inn"), CR_NOKIND, A_INN, 1 },
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
	unsigned flags = cr_feature_flags(g, root), inn, cathedral;
	bool done;

	if (flags == 0)
		return;	/* most features: no flag of any set's */
	inn = cr_attr_bit(cr_ext_attr(ext, A_INN));
	cathedral = cr_attr_bit(cr_ext_attr(ext, A_CATHEDRAL));
	if (!(flags & (inn | cathedral)))
		return;	/* neither */
	done = ev->reason == CR_EV_COMPLETED || cr_feature_open(g, root) == 0;
	if (ev->kind == CR_ROAD && (flags & inn)) {
		ev->per_tile = done ? 2 : 0;
		ev->note = (uint16_t)CR_PHRASE(ext, done ? P_INN : P_INN_OPEN);
		ev->share = (uint16_t)CR_PHRASE(ext, P_INN_SHARE);
	} else if (ev->kind == CR_CITY && (flags & cathedral)) {
		ev->per_tile = ev->per_pennant = done ? 3 : 0;
		ev->small_city = false;	/* edition 1's 2-tile price never meets one */
		ev->note = (uint16_t)CR_PHRASE(ext, done ? P_CATHEDRAL : P_CATHEDRAL_OPEN);
		ev->share = (uint16_t)CR_PHRASE(ext, P_CATHEDRAL_SHARE);
	}
}

const struct cr_ext cr_ext_inns = {
	.name = "inns-cathedrals",
	.tiles = "inns-cathedrals.yaml",
	.attrs = attrs, .nattrs = sizeof attrs / sizeof attrs[0],
	.filters = filters, .nfilters = sizeof filters / sizeof filters[0],
	.pools = pools, .npools = 1,
	.pieces = pieces, .npieces = 4,
	.phrases = phrases, .nphrases = sizeof phrases / sizeof phrases[0],
	.price = price,
};
