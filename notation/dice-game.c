/*
 * dice-game.c -- the dice game's row of the game layer (game.h), game:
 * dice.  Named only, for now: its engine (rules/dice.h) and its turn
 * line (dice.h) are not at the table yet, and a record of the dice game
 * is refused as not supported yet.
 */
#include "game.h"
#include "i18n.h"

const struct nt_game nt_game_dice = {
	.name = "dice",
	.title = N_("Carcassonne: The Dice Game"),
};
