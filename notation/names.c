/*
 * names.c -- players' names compared as people read them: without case,
 * in any script UTF-8 carries that has one (Zoé is ZOÉ, Ærøskøbing is
 * ÆRØSKØBING, Ёлка is ЁЛКА).
 *
 * The folding is a table of the letters that have a case in Latin-1,
 * Latin Extended-A, Greek and Cyrillic: enough for the names at a table,
 * without pulling in a locale (carcref's answers must not depend on
 * LC_CTYPE).  Bytes that are not UTF-8 compare as themselves.
 */
#include <stdint.h>

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

bool
nt_name_eq(const char *a, size_t na, const char *b, size_t nb)
{
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	size_t i = 0, j = 0;

	while (i < na && j < nb) {
		size_t ka, kb;

		if (fold(decode(x + i, na - i, &ka)) != fold(decode(y + j, nb - j, &kb)))
			return false;
		i += ka, j += kb;
	}
	return i == na && j == nb;
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
