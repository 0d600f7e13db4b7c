/*
 * registry.c -- the registry: every rules module and every game of the
 * family played on this engine, and nothing else.
 *
 * Adding an expansion: write rules/ext-NAME.c (a struct cr_ext) and its
 * rules/tiles/NAME.yaml, list it below, and name it among its game's
 * modules (struct cr_rules: on, may).  Adding a game of the family: its
 * struct cr_rules, in its module's file, listed below.  Nothing else in
 * the core names either.
 *
 * These four symbols are alone in this file on purpose: a program that
 * defines them itself (tests/test_kinds.c: a test-only module and game)
 * links without this file, and the engine numbers its registry instead.
 */
#include "ext.h"

extern const struct cr_ext cr_ext_base;
extern const struct cr_ext cr_ext_inns;
extern const struct cr_ext cr_ext_river;
extern const struct cr_ext cr_ext_traders;
extern const struct cr_ext cr_ext_hills;
extern const struct cr_ext cr_ext_wheel;
extern const struct cr_ext cr_ext_hg;

const struct cr_ext *const cr_exts[] = {
	&cr_ext_base,		/* always first: its pieces are 1..4, its kinds 0..3 */
	&cr_ext_inns,
	&cr_ext_river,
	&cr_ext_traders,
	&cr_ext_hills,
	&cr_ext_wheel,		/* last of the tile game's: contract's order of the sets */
	&cr_ext_hg,		/* Hunters & Gatherers, a game of its own */
};
const int cr_nexts = sizeof cr_exts / sizeof cr_exts[0];
_Static_assert(sizeof cr_exts / sizeof cr_exts[0] <= CR_MAXEXTS, "too many modules");

extern const struct cr_rules cr_rules_carcassonne;
extern const struct cr_rules cr_rules_hg;

const struct cr_rules *const cr_games[] = {
	&cr_rules_carcassonne,	/* the tile game: a tile set's game unless its set says */
	&cr_rules_hg,
};
const int cr_ngames = sizeof cr_games / sizeof cr_games[0];
_Static_assert(sizeof cr_games / sizeof cr_games[0] <= CR_MAXGAMES, "too many games");
