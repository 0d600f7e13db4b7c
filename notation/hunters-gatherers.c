/*
 * hunters-gatherers.c -- Hunters & Gatherers' row of the game layer
 * (game.h), game: hunters-gatherers.  Named only: the notation knows the
 * game, this carcref does not referee it yet.
 */
#include "game.h"
#include "i18n.h"

const struct nt_game nt_game_hg = {
	.name = "hunters-gatherers",
	.title = N_("Hunters & Gatherers"),
};
