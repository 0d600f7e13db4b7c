/*
 * json.c -- the little JSON carcref writes: strings need escaping.
 */
#include <stdint.h>
#include <stdio.h>

#include "cmd.h"
#include "notation/record.h"

/*
 * A string literal as RFC 8259 has it: '"' and '\\' escaped, every
 * control character as \uXXXX (DEL and C1 too, harmless in JSON but not
 * in a terminal that shows it), every invisible character (format
 * characters, bidi overrides among them, and default-ignorable code
 * points: nt_char_invisible) as \uXXXX too, a surrogate pair beyond
 * U+FFFF, so whoever reads the JSON sees it, and a byte that is not UTF-8
 * (a message cut inside a character) as U+FFFD, so the output is always
 * valid JSON.
 */
void
cmd_json_str(FILE *f, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	putc('"', f);
	while (*u) {
		unsigned c = *u;
		size_t k = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 :
		    c >= 0xf0 && c <= 0xf4 ? 4 : 0;
		size_t i;
		uint32_t cp;

		for (i = 1; i < k && (u[i] & 0xc0) == 0x80; i++)
			;
		if (k == 0 || i < k || (c == 0xe0 && u[1] < 0xa0) || (c == 0xed && u[1] >= 0xa0) ||
		    (c == 0xf0 && u[1] < 0x90) || (c == 0xf4 && u[1] >= 0x90)) {
			fputs("\\ufffd", f);
			u++;
			continue;
		}
		cp = k == 1 ? c : c & (0x7fu >> k);
		for (i = 1; i < k; i++)
			cp = cp << 6 | (u[i] & 0x3f);
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || nt_char_invisible(cp)) {
			if (cp > 0xffff)	/* UTF-16's surrogate pair */
				fprintf(f, "\\u%04x\\u%04x", (unsigned)(0xd800 + ((cp - 0x10000) >> 10)),
				    (unsigned)(0xdc00 + ((cp - 0x10000) & 0x3ff)));
			else
				fprintf(f, "\\u%04x", (unsigned)cp);
		} else
			fwrite(u, 1, k, f);
		u += k;
	}
	putc('"', f);
}
