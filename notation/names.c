/*
 * names.c -- players' names compared as people read them, which is how
 * RFC 8266 (PRECIS nicknames) compares them: Unicode's full case folding
 * in any script (Zoé is ZOÉ, ß is SS, σ, ς and Σ are one letter, Ǆ ǅ ǆ
 * one), its compatibility normalisation NFKC (é typed as one character
 * or as e and a combining accent, Ａｎｎａ fullwidth and Anna, the ﬁ
 * ligature and fi), white space of any kind (a no-break space, an
 * ideographic space) as one space, none at either end; and, where
 * PRECIS refuses them, blind to the characters nobody sees (Unicode's
 * format characters, category Cf, and its default-ignorable code points:
 * zero-width space and joiners, bidi marks and overrides, the soft
 * hyphen, the combining grapheme joiner, the Hangul fillers, variation
 * selectors).  And a name as plain ASCII for a file's name (Léa is lea,
 * Ærøskøbing aeroskobing).
 *
 * Folding and normalisation are libunistring's (Unicode's own tables,
 * locale-free: carcref's answers must not depend on LC_CTYPE).  The small
 * table below is the simple lower case of Latin-1, Latin Extended-A,
 * Greek and Cyrillic, for what goes one character at a time (how far a
 * typo is from a word, the letters of a player's pieces, a game's file
 * name).  Bytes that are not UTF-8 compare as themselves.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicase.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#include "i18n.h"
#include "record.h"

/* One code point from s (n bytes left): its value, and its length in
 * *len; an invalid sequence is one byte, its value 0x110000 + the byte. */
static uint32_t
decode(const unsigned char *s, size_t n, size_t *len)
{
	uint32_t c = s[0];
	size_t k = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 :
	    (c & 0xf8) == 0xf0 ? 4 : 0;

	if (k == 0 || k > n)
		goto bad;
	if (k > 1) {
		c &= 0x7f >> k;
		for (size_t i = 1; i < k; i++) {
			if ((s[i] & 0xc0) != 0x80)
				goto bad;
			c = c << 6 | (s[i] & 0x3f);
		}
	}
	*len = k;
	return c;
bad:
	*len = 1;
	return 0x110000 + s[0];
}

/* The lower case of c, where it has one. */
static uint32_t
fold(uint32_t c)
{
	if (c >= 'A' && c <= 'Z')
		return c + 32;
	if ((c >= 0xc0 && c <= 0xde && c != 0xd7) ||	/* À-Þ, not × */
	    (c >= 0x391 && c <= 0x3a9 && c != 0x3a2) ||	/* Greek */
	    (c >= 0x410 && c <= 0x42f))			/* Cyrillic А-Я */
		return c + 32;
	if (c >= 0x400 && c <= 0x40f)			/* Ѐ-Џ */
		return c + 80;
	if (c == 0x178)					/* Ÿ */
		return 0xff;
	if (c >= 0x100 && c <= 0x17f && c != 0x130 && c != 0x131 && c != 0x138 &&
	    c != 0x149 && c != 0x17f) {			/* Latin Extended-A pairs */
		bool odd_upper = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e);

		if (odd_upper ? (c & 1) : !(c & 1))
			return c + 1;
	}
	return c;
}

uint32_t
nt_name_char(const char *s, size_t n, size_t *len)
{
	return fold(decode((const unsigned char *)s, n, len));
}

/* The rule of a name's form, as records have it. */
#define NT_NAME_FORM	N_("a player's name must be a non-empty text on one line, without " \
	"\":\" or \"#\" and without spaces around it")

bool
nt_char_invisible(uint32_t c)
{
	return c >= 0x80 && c < 0x110000 && (uc_is_general_category(c, UC_CATEGORY_Cf) ||
	    uc_is_property_default_ignorable_code_point(c));
}

/* White space of any kind (Unicode's White_Space: the no-break space, the
 * ideographic space...), and the braille blank, which prints as one. */
static bool
blank(uint32_t c)
{
	return c == ' ' || (c >= 0x09 && c <= 0x0d) ||
	    (c >= 0x80 && (uc_is_property_white_space(c) || c == 0x2800));
}

/*
 * How name s (n bytes) compares: its characters without the invisible
 * ones, case folded and normalised (NFKC), then its white space as single
 * spaces, none at either end.  Malloc'd, its length in *len; NULL if s is
 * not UTF-8 (or out of memory).
 */
static uint32_t *
name_key(const char *s, size_t n, size_t *len)
{
	const unsigned char *x = (const unsigned char *)s;
	uint32_t *u = malloc((n + 1) * sizeof *u), *d = NULL;
	size_t m = 0, k, nd, o = 0;

	if (u == NULL)
		return NULL;
	for (size_t i = 0; i < n; i += k) {
		uint32_t c = decode(x + i, n - i, &k);

		if (c >= 0x110000)
			goto out;
		if (!nt_char_invisible(c))
			u[m++] = c;
	}
	if (m == 0) {	/* nothing to fold */
		*len = 0;
		return u;
	}
	if ((d = u32_casefold(u, m, NULL, UNINORM_NFKC, NULL, &nd)) == NULL)
		goto out;
	for (size_t i = 0; i < nd; i++) {
		if (nt_char_invisible(d[i]))	/* a halfwidth filler's full form */
			continue;
		if (!blank(d[i]))
			d[o++] = d[i];
		else if (o > 0 && d[o - 1] != ' ')
			d[o++] = ' ';
	}
	if (o > 0 && d[o - 1] == ' ')
		o--;
	*len = o;
out:
	free(u);
	return d;
}

/* A name that is plain ASCII, its key its small letters: printable, no
 * space at either end nor two in a row. */
static bool
plain(const unsigned char *s, size_t n)
{
	if (n > 0 && (s[0] == ' ' || s[n - 1] == ' '))
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] < 0x20 || s[i] >= 0x7f || (s[i] == ' ' && s[i + 1] == ' '))
			return false;
	return true;
}

static unsigned char
ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static bool
ascii_alnum(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool
nt_name_eq(const char *a, size_t na, const char *b, size_t nb)
{
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	size_t i = 0, ka, kb;
	uint32_t *p, *q;
	bool eq;

	if (na == nb && memcmp(a, b, na) == 0)
		return true;	/* the name as the record's header spells it */
	/* Most names at most tables: the same bytes, ASCII case aside (which
	 * folds to one key, whatever else the names hold). */
	while (i < na && i < nb && ascii_lower(x[i]) == ascii_lower(y[i]))
		i++;
	if (i == na && i == nb)
		return true;
	/* Two letters or digits of ASCII that differ after the same bytes:
	 * the keys differ there (the bytes before fold alike, and neither
	 * joins the character before it nor is left out). */
	if (i < na && i < nb && ascii_alnum(x[i]) && ascii_alnum(y[i]))
		return false;
	if (plain(x, na) && plain(y, nb))
		return false;	/* ASCII: nothing to fold but the case */
	p = name_key(a, na, &ka);
	q = name_key(b, nb, &kb);
	eq = p != NULL && q != NULL && ka == kb && memcmp(p, q, ka * sizeof *p) == 0;
	free(p);
	free(q);
	return eq;
}

/* A character that shows by itself: a letter, a number, a symbol or a
 * punctuation mark (Unicode's general categories L, N, S and P).  Not a
 * combining mark (it shows on the character before it), white space, a
 * control, a private-use or unassigned code point. */
static bool
shows_alone(uint32_t c)
{
	if (c < 0x80)
		return c > 0x20 && c < 0x7f;
	return c < 0x110000 && uc_is_general_category(c, uc_general_category_or(
	    uc_general_category_or(UC_CATEGORY_L, UC_CATEGORY_N),
	    uc_general_category_or(UC_CATEGORY_S, UC_CATEGORY_P)));
}

const char *
nt_name_fault(const char *s, size_t n)
{
	const unsigned char *x = (const unsigned char *)s;
	uint32_t first = 0x110000, last = 0;
	bool shows = false;
	size_t k;

	if (u8_check(x, n) != NULL)
		return N_("not valid UTF-8");
	for (size_t i = 0; i < n; i += k) {
		uint32_t c = decode(x + i, n - i, &k);

		if (c == ':' || c == '#' || c == '\n')
			return NT_NAME_FORM;	/* a newline would split a line in print */
		if (nt_char_invisible(c))
			continue;
		if (first == 0x110000 && blank(c))
			return NT_NAME_FORM;	/* white space first */
		if (first == 0x110000)
			first = c;
		shows = shows || shows_alone(c);
		last = c;
	}
	if (n == 0 || (first != 0x110000 && blank(last)))
		return NT_NAME_FORM;	/* empty, or white space last */
	if (!shows)
		return N_("a player's name must show something: a letter, a digit, a symbol or a "
		    "punctuation mark, not only characters that show nothing by themselves");
	if (uc_is_general_category(first, UC_CATEGORY_M))
		return N_("a player's name may not begin with a combining mark: it would land on "
		    "the character printed before the name");
	return NULL;
}

bool
nt_name_valid(const char *s, size_t n)
{
	return nt_name_fault(s, n) == NULL;
}

/* Where the white space at the ends of s (n bytes) stops: its first byte
 * after it, returned, and *n the length up to the white space at its end.
 * Invisible characters among that white space go with it; the others
 * stay ("\u200bAnna" is kept as it is). */
size_t
nt_trim_space(const char *s, size_t *n)
{
	const unsigned char *x = (const unsigned char *)s;
	size_t from = 0, to, k;
	bool gap = false;

	for (size_t i = 0; i < *n; i += k) {	/* the last blank of the first run */
		uint32_t c = decode(x + i, *n - i, &k);

		if (blank(c))
			from = i + k;
		else if (!nt_char_invisible(c))
			break;
	}
	/* Up to the last character that shows, and the invisible ones
	 * straight after it ("Anna\u200b"), not those after white space. */
	for (size_t i = to = from; i < *n; i += k) {
		uint32_t c = decode(x + i, *n - i, &k);

		if (blank(c))
			gap = true;
		else if (!nt_char_invisible(c) || !gap)
			to = i + k, gap = false;
	}
	*n = to - from;
	return from;
}

/*
 * The letters a character is written with in ASCII, where decomposition
 * does not tell (Latin letters of their own, Greek, Cyrillic: small
 * letters, a simple reading of ELOT 743 and of the Russian, Ukrainian,
 * Belarusian and Serbian passport spellings).
 */
static const struct {
	uint16_t	 c;
	char		 as[5];
} ascii_of[] = {
	{ 0xdf, "ss" }, { 0xe6, "ae" }, { 0xf0, "d" }, { 0xf8, "o" }, { 0xfe, "th" },
	{ 0x111, "d" }, { 0x127, "h" }, { 0x131, "i" }, { 0x138, "k" }, { 0x142, "l" },
	{ 0x14b, "n" }, { 0x153, "oe" }, { 0x167, "t" }, { 0x180, "b" }, { 0x183, "b" },
	{ 0x188, "c" }, { 0x192, "f" }, { 0x199, "k" }, { 0x19a, "l" }, { 0x1a5, "p" },
	{ 0x1b4, "y" }, { 0x1b6, "z" }, { 0x1dd, "e" }, { 0x1e5, "g" }, { 0x24b, "q" },
	{ 0x24d, "r" }, { 0x24f, "y" }, { 0x259, "e" },
	/* Greek */
	{ 0x3b1, "a" }, { 0x3b2, "v" }, { 0x3b3, "g" }, { 0x3b4, "d" }, { 0x3b5, "e" },
	{ 0x3b6, "z" }, { 0x3b7, "i" }, { 0x3b8, "th" }, { 0x3b9, "i" }, { 0x3ba, "k" },
	{ 0x3bb, "l" }, { 0x3bc, "m" }, { 0x3bd, "n" }, { 0x3be, "x" }, { 0x3bf, "o" },
	{ 0x3c0, "p" }, { 0x3c1, "r" }, { 0x3c2, "s" }, { 0x3c3, "s" }, { 0x3c4, "t" },
	{ 0x3c5, "y" }, { 0x3c6, "f" }, { 0x3c7, "ch" }, { 0x3c8, "ps" }, { 0x3c9, "o" },
	/* Cyrillic, before decomposition: й is not и */
	{ 0x430, "a" }, { 0x431, "b" }, { 0x432, "v" }, { 0x433, "g" }, { 0x434, "d" },
	{ 0x435, "e" }, { 0x436, "zh" }, { 0x437, "z" }, { 0x438, "i" }, { 0x439, "y" },
	{ 0x43a, "k" }, { 0x43b, "l" }, { 0x43c, "m" }, { 0x43d, "n" }, { 0x43e, "o" },
	{ 0x43f, "p" }, { 0x440, "r" }, { 0x441, "s" }, { 0x442, "t" }, { 0x443, "u" },
	{ 0x444, "f" }, { 0x445, "kh" }, { 0x446, "ts" }, { 0x447, "ch" }, { 0x448, "sh" },
	{ 0x449, "shch" }, { 0x44a, "" }, { 0x44b, "y" }, { 0x44c, "" }, { 0x44d, "e" },
	{ 0x44e, "yu" }, { 0x44f, "ya" }, { 0x450, "e" }, { 0x451, "e" }, { 0x452, "dj" },
	{ 0x453, "g" }, { 0x454, "ye" }, { 0x455, "dz" }, { 0x456, "i" }, { 0x457, "yi" },
	{ 0x458, "j" }, { 0x459, "lj" }, { 0x45a, "nj" }, { 0x45b, "c" }, { 0x45c, "k" },
	{ 0x45d, "i" }, { 0x45e, "u" }, { 0x45f, "dz" }, { 0x491, "g" },
};

/* Write c's ASCII letters (small; none for a sign) at out + *o, up to
 * max; false if c is no ASCII and the table does not know it. */
static bool
ascii_letters(uint32_t c, char *out, size_t *o, size_t max)
{
	size_t lo = 0, hi = sizeof ascii_of / sizeof ascii_of[0];
	const char *as;

	if (c < 0x80) {
		if (*o < max && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
			out[(*o)++] = (char)c;
		else if (*o < max && c >= 'A' && c <= 'Z')
			out[(*o)++] = (char)(c + 32);
		return true;
	}
	while (lo < hi) {	/* the table is in order */
		size_t mid = (lo + hi) / 2;

		if (ascii_of[mid].c == c) {
			for (as = ascii_of[mid].as; *as && *o < max; as++)
				out[(*o)++] = *as;
			return true;
		}
		if (ascii_of[mid].c < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

size_t
nt_name_ascii(const char *s, size_t n, char *out, size_t max)
{
	const unsigned char *x = (const unsigned char *)s;
	size_t o = 0, k;

	for (size_t i = 0; i < n && o < max; i += k) {
		uint32_t c = fold(decode(x + i, n - i, &k)), buf[32], *d;
		size_t nd = sizeof buf / sizeof buf[0];

		if (c >= 0x110000 || ascii_letters(c, out, &o, max))
			continue;
		/* Its compatibility decomposition (é: e and an accent; ĳ: i j;
		 * ²: 2), the marks dropped, the rest as the table says. */
		if ((d = u32_normalize(UNINORM_NFKD, &c, 1, buf, &nd)) == NULL)
			continue;
		for (size_t j = 0; j < nd; j++)
			if (d[j] != c)
				(void)ascii_letters(fold(d[j]), out, &o, max);
		if (d != buf)
			free(d);
	}
	return o;
}

/* The capital of c, where it has one: the letter whose small form is c. */
static uint32_t
upper(uint32_t c)
{
	static const int32_t back[] = { 32, 80, 1 };

	if (c == 0xff)
		return 0x178;
	for (size_t i = 0; i < sizeof back / sizeof back[0]; i++)
		if (c >= (uint32_t)back[i] && fold(c - (uint32_t)back[i]) == c)
			return c - (uint32_t)back[i];
	return c;
}

/* c as UTF-8 in out (at most 4 bytes and a NUL). */
static void
encode(uint32_t c, char out[5])
{
	unsigned char *o = (unsigned char *)out;

	if (c < 0x80)
		*o++ = (unsigned char)c;
	else if (c < 0x800)
		*o++ = (unsigned char)(0xc0 | c >> 6), *o++ = (unsigned char)(0x80 | (c & 0x3f));
	else {
		*o++ = (unsigned char)(0xe0 | c >> 12);
		*o++ = (unsigned char)(0x80 | (c >> 6 & 0x3f));
		*o++ = (unsigned char)(0x80 | (c & 0x3f));
	}
	*o = '\0';
}

bool
nt_name_letter(const char *s, size_t n, size_t *i, char up[5], char low[5])
{
	const unsigned char *x = (const unsigned char *)s;

	while (*i < n) {
		size_t k;
		uint32_t c = decode(x + *i, n - *i, &k), lo = fold(c), hi = upper(lo);

		*i += k;
		if (c < 0x110000 && (lo != c || hi != c)) {
			encode(hi, up);
			encode(lo, low);
			return true;
		}
	}
	return false;
}
