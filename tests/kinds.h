/*
 * kinds.h -- the kinds of feature the tests name by number.  The modules
 * declare them (rules/ext.h), numbered over the registry (rules/registry.c):
 * the base game's first (rules/tileset.h: CR_FIELD...), then the River's
 * river, the only kind of the modules that follow it; test_tileset's
 * test_names checks that its name is "river".
 */
#ifndef TESTS_KINDS_H
#define TESTS_KINDS_H

#include "rules/ext.h"

#define CR_RIVER	CR_BASEKINDS
#define CR_NKINDS	(cr_nkinds())

/* The ends of lines: the base game's (village, cloister, city, house),
 * then the River's (spring, lake); the marks: Hills & Sheep's (hill,
 * vineyard), then the game's own (garden, volcano, pigherd); the flags:
 * Inns & Cathedrals' (inn, cathedral); Traders & Builders' goods, a word
 * of a city's segment (1 wine, 2 grain, 3 cloth).  Numbered so by the
 * registry: test_tileset's test_names checks the names. */
enum { CR_END_VILLAGE = 1, CR_END_CLOISTER, CR_END_CITY, CR_END_HOUSE, CR_END_SPRING,
    CR_END_LAKE };
#define CR_NENDS	(cr_nends())
enum { CR_MARK_HILL, CR_MARK_VINEYARD, CR_MARK_HG_BONUS, CR_MARK_HG_VOLCANO, CR_MARK_GARDEN,
    CR_MARK_VOLCANO, CR_MARK_PIGHERD, CR_NMARKS };
#define CR_SEG_INN		0x01
#define CR_SEG_CATHEDRAL	0x02
enum { CR_GOODS_NONE, CR_GOODS_WINE, CR_GOODS_GRAIN, CR_GOODS_CLOTH, CR_NGOODS };

/* The goods on segment s of tile type t, and a kind of goods' name. */
static inline int
tu_goods(const struct cr_tiletype *t, int s)
{
	return cr_tile_attr(t, s, cr_attr_find("goods", 5));
}

static inline const char *
cr_goods_name(int g)
{
	return cr_attr_word(cr_attr_find("goods", 5), g);
}

#endif
