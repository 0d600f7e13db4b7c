/*
 * i18n.h -- carcref's messages in the user's language (gettext).
 *
 * English is the text of the sources and the default; po/fr.po holds the
 * French.  The program binds its catalogue once (cmd/main.c); until then,
 * as in the cmocka tests and the fuzzers, every message is its English
 * source.  What is written back into a record (moves, the canonical form)
 * is never translated: only explanations, messages and help are.
 *
 *   _("text")          the text, translated
 *   N_("text")         marks a text in a table for xgettext; translate it
 *                      with _() where it is shown
 *   C_("ctx", "text")  a short text whose sense needs a context
 *                      ("score" the command, "E" the direction)
 */
#ifndef CARCREF_I18N_H
#define CARCREF_I18N_H

#include <libintl.h>
#include <stdbool.h>

/* False when the messages are certainly English (the "C" locale, set by
 * carcref's main): gettext is then not called at all, since it costs
 * as much as the rest of an explanation.  True by default. */
extern bool	nt_i18n;

#define _(s)		(nt_i18n ? gettext(s) : (s))
#undef ngettext		/* libintl.h's macro, under -O: the function serves */
#define ngettext(s, p, n)	(nt_i18n ? ngettext(s, p, n) : (n) == 1 ? (s) : (p))
#ifndef N_
#define N_(s)		s
#endif
#define C_(ctx, s)	nt_pgettext(ctx "\004" s, s)

/* The translation of "CTX\004TEXT", or TEXT when there is none. */
const char	*nt_pgettext(const char *key, const char *text);
/* A table's text translated: one with a context ("CTX\004TEXT", as
 * NC_() in rules/ext.h writes it) by nt_pgettext, any other by gettext;
 * NULL and "" as they are. */
const char	*nt_tr(const char *s);

#endif
