/*
 * i18n.c -- gettext with a context (C_ in i18n.h): libintl.h has no
 * pgettext of its own, only gettext.h's macro, which carcref does not ship.
 */
#include <string.h>

#include "i18n.h"

bool nt_i18n = true;

const char *
nt_pgettext(const char *key, const char *text)
{
	const char *t;

	if (!nt_i18n)
		return text;
	t = gettext(key);

	return t == key ? text : t;
}

const char *
nt_tr(const char *s)
{
	const char *ctx;

	if (s == NULL || *s == '\0')
		return s;	/* gettext("") is the catalogue's header */
	if ((ctx = strchr(s, '\004')) != NULL)
		return nt_pgettext(s, ctx + 1);
	return nt_i18n ? gettext(s) : s;
}
