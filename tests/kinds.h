/*
 * kinds.h -- the kinds of feature the tests name by number.  The modules
 * declare them (rules/ext.h), numbered over the registry (rules/ext.c):
 * the base game's first (rules/tileset.h: CR_FIELD...), then the River's
 * river, the only kind of the modules that follow it; test_tileset's
 * test_names checks that its name is "river".
 */
#ifndef TESTS_KINDS_H
#define TESTS_KINDS_H

#include "rules/ext.h"

#define CR_RIVER	CR_BASEKINDS
#define CR_NKINDS	(cr_nkinds())

#endif
