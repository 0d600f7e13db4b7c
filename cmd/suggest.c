/*
 * suggest.c -- "did you mean": the one place a typo gets a suggestion.
 *
 * The caller gives the words it may suggest: only safe ones (commands
 * that show, never one that ends, undoes, discards or rewrites), so a
 * typo answered blindly does no harm.  Words are compared character by
 * character, UTF-8 read as such ("legal" is one letter from "légal").
 */
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "notation/record.h"

#define MAXCHARS	63	/* longer is far from every command */

/*
 * The characters of S, at most MAXCHARS, into c, compared as names are
 * (nt_name_char: any script with capitals, É is é).  How many, or -1
 * when S is longer.
 */
static int
chars(const char *s, uint32_t c[MAXCHARS])
{
	size_t i = 0, n = strlen(s), k;
	int m = 0;

	while (i < n) {
		if (m == MAXCHARS)
			return -1;
		c[m++] = nt_name_char(s + i, n - i, &k);
		i += k;
	}
	return m;
}

/* Levenshtein distance in characters, without case; longer than 63 is far. */
size_t
cmd_edit_distance(const char *a, const char *b)
{
	uint32_t ca[MAXCHARS], cb[MAXCHARS];
	int la = chars(a, ca), lb = chars(b, cb);
	size_t row[MAXCHARS + 1], diag, up;

	if (la < 0 || lb < 0)
		return (size_t)-1;
	for (int j = 0; j <= lb; j++)
		row[j] = (size_t)j;
	for (int i = 1; i <= la; i++) {
		diag = row[0];
		row[0] = (size_t)i;
		for (int j = 1; j <= lb; j++) {
			up = row[j];
			row[j] = diag + (ca[i - 1] != cb[j - 1]);
			if (up + 1 < row[j])
				row[j] = up + 1;
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			diag = up;
		}
	}
	return row[lb];
}

const char *
cmd_closest(const char *word, const char *const *words)
{
	uint32_t c[MAXCHARS];
	const char *best = NULL;
	size_t bestd = (size_t)-1;

	for (size_t i = 0; *word != '\0' && words[i] != NULL; i++) {
		size_t d = cmd_edit_distance(word, words[i]);
		int len = chars(words[i], c);

		if (strncasecmp(word, words[i], strlen(word)) == 0)
			d = 1;	/* a prefix ("sco", "rep") counts as close */
		if (d < bestd && len >= 0 && d <= 1 + (size_t)len / 3)
			best = words[i], bestd = d;
	}
	return best;
}
