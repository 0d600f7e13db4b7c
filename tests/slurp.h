/*
 * slurp.h -- read a whole file into memory, for the tests and the fuzz
 * harnesses alike (the harnesses cannot include testutil.h: cmocka).
 */
#ifndef TESTS_SLURP_H
#define TESTS_SLURP_H

#include <stdio.h>
#include <stdlib.h>

/* The file's bytes with a NUL after them, *len their count; NULL if unreadable. */
static inline char *
tu_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (buf = malloc((size_t)n + 1)) != NULL) {
		*len = fread(buf, 1, (size_t)n, f);
		buf[*len] = '\0';
	}
	fclose(f);
	return buf;
}

#endif
