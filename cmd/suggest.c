/*
 * suggest.c -- "did you mean": the one place a typo gets a suggestion.
 *
 * The caller gives the words it may suggest: only safe ones (commands
 * that show, never one that ends, undoes, discards or rewrites), so a
 * typo answered blindly does no harm.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"

/* Levenshtein distance, a compared without case; longer than 63 is far. */
size_t
cmd_edit_distance(const char *a, const char *b)
{
	size_t	la = strlen(a), lb = strlen(b), row[64], diag, up;

	if (la > 63 || lb > 63)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			up = row[j];
			row[j] = diag + (tolower((unsigned char)a[i - 1]) != b[j - 1]);
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
	const char *best = NULL;
	size_t bestd = (size_t)-1;

	for (size_t i = 0; *word != '\0' && words[i] != NULL; i++) {
		size_t d = cmd_edit_distance(word, words[i]);

		if (strncasecmp(word, words[i], strlen(word)) == 0)
			d = 1;	/* a prefix ("sco", "rep") counts as close */
		if (d < bestd && d <= 1 + strlen(words[i]) / 3)
			best = words[i], bestd = d;
	}
	return best;
}
