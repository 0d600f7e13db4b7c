/*
 * i18n.c -- gettext with a context (C_ in i18n.h): libintl.h has no
 * pgettext of its own, only gettext.h's macro, which carcref does not ship.
 */
#include "i18n.h"

const char *
nt_pgettext(const char *key, const char *text)
{
	const char *t = gettext(key);

	return t == key ? text : t;
}
