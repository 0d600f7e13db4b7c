/*
 * datadir.c -- where the tile data lives, and reading whole files.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

#ifndef CARCREF_DATADIR
#define CARCREF_DATADIR "/usr/local/share/carcref/tiles"
#endif

const char *
cmd_datadir(void)
{
	static char	dir[4096];
	const char	*env;
	char		*slash, probe[sizeof dir + 32];
	ssize_t		 n;

	if ((env = getenv("CARCREF_DATA")) != NULL && *env != '\0')
		return env;
	if (dir[0] != '\0')
		return dir;

	/* Next to the binary: ./carcref in a build tree finds ./rules/tiles. */
	n = readlink("/proc/self/exe", dir, sizeof dir - 1);
	if (n > 0 && (size_t)n < sizeof dir - 32) {
		dir[n] = '\0';
		if ((slash = strrchr(dir, '/')) != NULL) {
			strcpy(slash, "/rules/tiles");
			snprintf(probe, sizeof probe, "%s/base.yaml", dir);
			if (access(probe, R_OK) == 0)
				return dir;
		}
	}

	snprintf(dir, sizeof dir, "%s", CARCREF_DATADIR);
	return dir;
}

char *
cmd_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE		*f;
	char		*buf = NULL, *nbuf;
	size_t		 size = 0, cap = 0, got, want;
	const char	*name = path;
	int		 stdin_ = strcmp(path, "-") == 0;

	if (stdin_) {
		f = stdin;
		name = "standard input";
	} else if ((f = fopen(path, "rb")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}

	do {
		if (cap - size < 2) {
			cap = cap == 0 ? 65536 : cap * 2;
			if (cap < size || (nbuf = realloc(buf, cap)) == NULL) {
				snprintf(err, errlen, "%s: file too large for "
				    "memory", name);
				goto fail;
			}
			buf = nbuf;
		}
		want = cap - size - 1;
		size += got = fread(buf + size, 1, want, f);
	} while (got == want);	/* fread stops short only at EOF or error */
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
		goto fail;
	}

	if (!stdin_)
		fclose(f);
	buf[size] = '\0';
	if (len != NULL)
		*len = size;
	return buf;

fail:
	if (!stdin_)
		fclose(f);
	free(buf);
	return NULL;
}
