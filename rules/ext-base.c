/*
 * ext-base.c -- the base game as a module: its followers.
 *
 * What the editions change (the price of a small city, how farms pay) is
 * the core's own table in score.c: editions are the base game's, not an
 * expansion.  What this module gives is the pieces every game has.
 */
#include "ext.h"

static const struct cr_pool pools[] = {
	{ N_("meeple"), N_("meeples"), CR_MEEPLES, N_("meeples") },
};

static const char *const thief_words[] = { "t", "voleur", "brigand", NULL };
static const char *const knight_words[] = { "k", "chevalier", NULL };
static const char *const monk_words[] = { "m", "moine", NULL };
static const char *const farmer_words[] = { "f", "paysan", NULL };

/* In the order of enum cr_role: these are pieces 1 to 4. */
static const struct cr_piece pieces[] = {
	{ N_("thief"), N_("thieves"), thief_words, CR_ROAD, CR_ROAD, 0, 1, CR_PIECE_FOLLOWER, NULL,
	  NULL },
	{ N_("knight"), N_("knights"), knight_words, CR_CITY, CR_CITY, 0, 1, CR_PIECE_FOLLOWER, NULL,
	  NULL },
	{ N_("monk"), N_("monks"), monk_words, CR_CLOISTER, CR_CLOISTER, 0, 1, CR_PIECE_FOLLOWER, NULL,
	  NULL },
	{ N_("farmer"), N_("farmers"), farmer_words, CR_FIELD, CR_FIELD, 0, 1, CR_PIECE_FOLLOWER, NULL,
	  NULL },
};

const struct cr_ext cr_ext_base = {
	.name = "base",
	.tiles = "base.yaml",
	.always = true,
	.pools = pools, .npools = 1,
	.pieces = pieces, .npieces = 4,
};
