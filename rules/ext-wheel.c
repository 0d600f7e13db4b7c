/*
 * ext-wheel.c -- the Wheel of Fortune, named only: records name it
 * (notation.md, ../shared/spec/wheel-of-fortune.md), but its rules are
 * not written yet, so a record that plays with it is refused as not
 * supported yet rather than refereed by wrong rules.
 */
#include "ext.h"

const struct cr_ext cr_ext_wheel = {
	.name = "wheel-of-fortune",
	.later = true,
};
