/*
 * out.c -- everything carcref prints goes through here.
 *
 * What is printed mixes carcref's own words with what people typed and
 * records hold: names, moves, comments, file names.  A record can hold any
 * character an escape makes ("\e[31m" is ESC [ 3 1 m), and a terminal
 * obeys control characters: printed raw, a record could move the cursor,
 * retitle the window or worse.  Unicode's invisible characters (format
 * characters: zero-width space, bidi overrides...; default-ignorable
 * ones: the combining grapheme joiner, the Hangul fillers...) do no harm
 * to a terminal but make two names look alike, or a name read backwards.
 * So every line goes out through one function that writes control
 * characters and invisible characters as visible escapes (\x1b, \u200b),
 * whatever their source; carcref's own colours go out through out_raw,
 * the one way around it.  The class of bug is closed here, not case by
 * case at each printf.  A file name is one line: out_path escapes its
 * newlines too, before it joins a message.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uniwidth.h>

#include "cmd.h"
#include "notation/bytes16.h"
#include "notation/i18n.h"
#include "notation/record.h"

#define ESC_MAX	12	/* the longest escape, "\\U000e0001", and its NUL */

/* The length of the valid UTF-8 sequence at s (n bytes left), 0 if none. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	size_t k;
	unsigned c = s[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		k = 2;
	else if (c >= 0xe0 && c <= 0xef)
		k = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		k = 4;
	else
		return 0;
	if (n < k)
		return 0;
	for (size_t i = 1; i < k; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] >= 0xa0) ||
	    (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] >= 0x90))
		return 0;
	return k;
}

/* The code point of the valid UTF-8 sequence of k bytes at s. */
static uint32_t
utf8_at(const unsigned char *s, size_t k)
{
	uint32_t c = k == 1 ? s[0] : s[0] & (0x7f >> k);

	for (size_t i = 1; i < k; i++)
		c = c << 6 | (s[i] & 0x3f);
	return c;
}

/*
 * The escape for the character at s, into buf, or NULL if it prints as it
 * is; *len is its length in bytes.  Controls (C0 but the newline, unless
 * nl, DEL, C1), invisible characters (nt_char_invisible: Unicode's format
 * characters and default-ignorable code points) and bytes that are not
 * UTF-8 are escaped.
 */
static const char *
escape_at(const unsigned char *s, size_t n, size_t *len, char buf[ESC_MAX], bool nl)
{
	size_t k = utf8_len(s, n);
	uint32_t c;

	*len = k ? k : 1;
	if (k == 0) {
		snprintf(buf, ESC_MAX, "\\x%02x", s[0]);
		return buf;
	}
	if (s[0] == '\n' && !nl)
		return NULL;
	if (s[0] < 0x20 || s[0] == 0x7f) {
		snprintf(buf, ESC_MAX, "\\x%02x", s[0]);
		return buf;
	}
	if (k == 1)
		return NULL;
	c = utf8_at(s, k);
	/* C1 controls (U+0080..U+009F), invisible characters */
	if (c < 0xa0 || nt_char_invisible(c)) {
		snprintf(buf, ESC_MAX, c > 0xffff ? "\\U%08x" : "\\u%04x", (unsigned)c);
		return buf;
	}
	return NULL;
}

/* A byte that prints as it is: printable ASCII, and the newline but when
 * newlines are escaped too.  Most of what is printed: the loops below
 * test it before they ask escape_at. */
static inline bool
plain(unsigned char c, bool nl)
{
	return (c >= 0x20 && c < 0x7f) || (c == '\n' && !nl);
}

/* The end of the run of plain bytes of u from i (n at most): sixteen
 * bytes at a time while they are all printable ASCII (notation/bytes16.h:
 * the first below 0x20 or above 0x7e), then byte by byte up to the byte
 * that stopped it. */
static size_t
plain_end(const unsigned char *u, size_t i, size_t n, bool nl)
{
	for (;;) {
		while (n - i >= 16) {
			v16 x = v16_load((const char *)u + i);
			int k = v16_first((v16)((x < v16_splat(0x20)) | (x > v16_splat(0x7e))));

			i += (size_t)k;
			if (k < 16)
				break;
		}
		while (i < n && u[i] >= 0x20 && u[i] < 0x7f)
			i++;
		if (i == n || !plain(u[i], nl))
			return i;
		i++;	/* a newline that is plain */
	}
}

void
out_write(FILE *f, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0, k;
	char buf[ESC_MAX];

	if (f == stderr)
		fflush(stdout);	/* an error stays after what came before it */
	while ((i = plain_end(u, i, n, false)) < n) {
		const char *e;

		if ((e = escape_at(u + i, n - i, &k, buf, false)) == NULL) {
			i += k;
			continue;
		}
		fwrite(s + run, 1, i - run, f);
		fputs(e, f);
		i += k;
		run = i;
	}
	fwrite(s + run, 1, n - run, f);
}

/* S with its escapes (and the newlines', if nl), malloc'd. */
static char *
escaped(const char *s, bool nl)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s), i = plain_end(u, 0, n, nl), k, o;
	char buf[ESC_MAX], *r;

	/* The plain run at the start (most often the whole of a file's name)
	 * copied at once; an escape is at most 6 for 1 byte, 10 for 4. */
	if ((r = malloc(i == n ? n + 1 : 6 * n + 1)) == NULL)
		return NULL;
	memcpy(r, s, i);
	o = i;
	while (i < n) {
		const char *e;
		size_t j = plain_end(u, i, n, nl);

		if (j > i) {
			memcpy(r + o, s + i, j - i);
			o += j - i, i = j;
			continue;
		}
		if ((e = escape_at(u + i, n - i, &k, buf, nl)) != NULL) {
			memcpy(r + o, e, strlen(e));
			o += strlen(e);
		} else {
			memcpy(r + o, s + i, k);
			o += k;
		}
		i += k;
	}
	r[o] = '\0';
	return r;
}

char *
out_escape(const char *s)
{
	return escaped(s, false);
}

/*
 * A file name escaped, from a ring of a few: each is kept until the ring
 * comes round again, long enough for the arguments of one message.
 */
const char *
out_path(const char *path)
{
	static char *ring[8];
	static unsigned next;
	char **slot = &ring[next++ % (sizeof ring / sizeof ring[0])];
	int e = errno;	/* for a strerror(errno) beside it in the arguments */

	free(*slot);
	*slot = escaped(path, true);
	errno = e;
	return *slot ? *slot : "?";
}

void
out_raw(FILE *f, const char *s)
{
	fputs(s, f);
}

/*
 * Elision: a message names a player or a section where the language
 * writes "de Anna" as "d'Anna", and only the text once formatted knows
 * which.  The catalogue says which words elide and into what (French:
 * "de=d' que=qu'"); English says none.  A word elides before a word of
 * two letters or more that starts with a vowel and goes on in lower case
 * (Anna, Inquisition, abbaye), not before a code (U, IC-A), a number or
 * an h.
 */
struct elision { const char *from, *to; size_t nfrom, nto; };

static int
elisions(const struct elision **list)
{
	static struct elision e[8];
	static int n = -1;
	const char *w, *eq, *end;

	if (n < 0) {
		w = C_("elision", "elision: none");	/* the words, "de=d' que=qu'" */
		n = 0;
		for (; strcmp(w, "elision: none") != 0 && *w != '\0' && n < 8; w = end) {
			while (*w == ' ')
				w++;
			for (end = w; *end != '\0' && *end != ' '; end++)
				;
			/* never longer than the word and its space: made in place */
			if ((eq = memchr(w, '=', (size_t)(end - w))) != NULL && eq > w &&
			    (size_t)(end - eq - 1) <= (size_t)(eq - w) + 1)
				e[n++] = (struct elision){ w, eq + 1, (size_t)(eq - w),
				    (size_t)(end - eq - 1) };
		}
	}
	*list = e;
	return n;
}

/* A vowel, ASCII or Latin-1's in UTF-8 (à-ö, ø-ü; À-Ö, Ø-Ü), at u: its
 * length, 0 if none; lower tells which case. */
static size_t
vowel_at(const unsigned char *u, size_t n, bool *lower)
{
	if (n >= 1 && strchr("aeiouAEIOU", u[0]) != NULL && u[0] != '\0') {
		*lower = u[0] >= 'a';
		return 1;
	}
	if (n >= 2 && u[0] == 0xc3 && strchr("\x80\x81\x82\x83\x84\x85\x86\x88\x89\x8a\x8b"
	    "\x8c\x8d\x8e\x8f\x92\x93\x94\x95\x96\x99\x9a\x9b\x9c", u[1] & ~0x20) != NULL) {
		*lower = u[1] & 0x20;
		return 2;
	}
	return 0;
}

static bool
lower_at(const unsigned char *u, size_t n)
{
	return n >= 1 && ((u[0] >= 'a' && u[0] <= 'z') || (n >= 2 && u[0] == 0xc3 &&
	    u[1] >= 0xa0));
}

/* s (n bytes) with the catalogue's elisions made in place; its length. */
static size_t
elide(char *s, size_t n)
{
	const struct elision *e;
	int ne = elisions(&e);
	size_t i = 0, o = 0;

	if (ne == 0)
		return n;
	while (i < n) {
		const unsigned char *u = (const unsigned char *)s;
		bool at_word = i == 0 || !(((u[i - 1] | 0x20) >= 'a' && (u[i - 1] | 0x20) <= 'z') ||
		    u[i - 1] >= 0x80 || u[i - 1] == '\'' || u[i - 1] == '-');
		int k = 0;

		for (; at_word && k < ne; k++) {
			size_t w = e[k].nfrom, v;
			bool lower;

			if (n - i > w + 1 && memcmp(s + i, e[k].from, w) == 0 && s[i + w] == ' ' &&
			    (v = vowel_at(u + i + w + 1, n - i - w - 1, &lower)) != 0 &&
			    lower_at(u + i + w + 1 + v, n - i - w - 1 - v)) {
				memmove(s + o, e[k].to, e[k].nto);	/* never longer */
				o += e[k].nto, i += w + 1;
				break;
			}
		}
		if (!at_word || k == ne)
			s[o++] = s[i++];
	}
	return o;
}

int
out_vprintf(FILE *f, const char *fmt, va_list ap)
{
	char buf[512], *big = NULL;
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(buf, sizeof buf, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return n;
	if ((size_t)n >= sizeof buf) {
		if ((big = malloc((size_t)n + 1)) == NULL)
			return -1;
		vsnprintf(big, (size_t)n + 1, fmt, ap);
	}
	out_write(f, big ? big : buf, elide(big ? big : buf, (size_t)n));
	free(big);
	return n;
}

int
out_printf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = out_vprintf(f, fmt, ap);
	va_end(ap);
	return n;
}

int
outf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = out_vprintf(stdout, fmt, ap);
	va_end(ap);
	return n;
}

int
errf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = out_vprintf(stderr, fmt, ap);
	va_end(ap);
	return n;
}

int
out_width(const char *s)
{
	return out_nwidth(s, strlen(s));
}

/* The columns a character takes on a terminal: an escape its length, a
 * combining mark none, a wide (CJK) character two. */
int
out_nwidth(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, k;
	char buf[ESC_MAX];
	int w = 0;

	while (i < n) {
		const char *e;
		size_t j = plain_end(u, i, n, false);
		int cw;

		if (j > i) {	/* a column each */
			w += (int)(j - i), i = j;
			continue;
		}
		if ((e = escape_at(u + i, n - i, &k, buf, false)) != NULL)
			w += (int)strlen(e);
		else if (u[i] < 0x80)
			w++;
		else if ((cw = uc_width(utf8_at(u + i, k), "UTF-8")) > 0)
			w += cw;
		i += k;
	}
	return w;
}

void
out_pad(FILE *f, const char *s, int width)
{
	out_write(f, s, strlen(s));
	for (int w = out_width(s); w < width; w++)
		putc(' ', f);
}
