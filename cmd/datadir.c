/*
 * datadir.c -- where the tile data lives, and reading whole files.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "notation/record.h"
#include "notation/i18n.h"

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

#ifndef CARCREF_LOCALEDIR
#define CARCREF_LOCALEDIR "/usr/local/share/locale"
#endif

const char *
cmd_localedir(void)
{
	static char	dir[4096 + 64];
	static const char *const probes[] = { "/.build/locale", "/../locale" };
	const char	*env;
	char		 exe[4096], probe[sizeof exe + 64], *slash;
	ssize_t		 n;

	if ((env = getenv("CARCREF_LOCALEDIR")) != NULL && *env != '\0')
		return env;
	if (dir[0] != '\0')
		return dir;

	/* A build tree: ./carcref finds ./.build/locale, and
	 * .build/asan/carcref finds .build/locale. */
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0)
		exe[n] = '\0';
	if (n > 0 && (slash = strrchr(exe, '/')) != NULL) {
		*slash = '\0';
		for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
			snprintf(probe, sizeof probe, "%s%s/fr/LC_MESSAGES/carcref.mo",
			    exe, probes[i]);
			if (access(probe, R_OK) == 0) {
				snprintf(dir, sizeof dir, "%s%s", exe, probes[i]);
				return dir;
			}
		}
	}
	snprintf(dir, sizeof dir, "%s", CARCREF_LOCALEDIR);
	return dir;
}

/* The line and column (from 1, in bytes) of byte AT of S. */
static void
line_col(const char *s, size_t at, unsigned long *line, unsigned long *col)
{
	const char *nl = NULL;

	*line = 1;
	for (const char *p = s; (p = memchr(p, '\n', at - (size_t)(p - s))) != NULL; nl = p++)
		++*line;
	*col = (unsigned long)(at - (nl ? (size_t)(nl - s) + 1 : 0)) + 1;
}

/* How a NUL byte is met: no YAML text holds one (a record, a journal, a
 * tile file never does). */
enum nul { NUL_REFUSED, NUL_LAST, NUL_READ };

/* PATH as messages print it ("-": standard input); escaped only when a
 * message needs it, not for every file read. */
static const char *
shown(const char *path, int stdin_)
{
	return stdin_ ? _("standard input") : out_path(path);
}

/* Read PATH whole; at its first NUL byte, refuse it (NUL_REFUSED), or stop
 * there, the NUL the last byte read (NUL_LAST), or go on (NUL_READ). */
static char *
read_file(const char *path, size_t *len, char *err, size_t errlen, enum nul at_nul)
{
	char		*buf = NULL, *nbuf, *nul;
	size_t		 size = 0, cap = 0;
	struct stat	 st;
	int		 fd, stdin_ = strcmp(path, "-") == 0;
	ssize_t		 got;
	unsigned long	 ln, col;

	/* Plain read(2), not stdio: a batch of thousands of records pays
	 * four system calls a file and no FILE to allocate. */
	if (stdin_)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY)) < 0) {
		snprintf(err, errlen, C_("file: error", "%s: %s"), shown(path, stdin_),
		    strerror(errno));
		return NULL;
	}
	/* A regular file's size is known: one buffer of that size (a record
	 * of 200 MB costs 200 MB, not the next power of two). */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0) {
		if ((unsigned long long)st.st_size > NT_RECORD_MAX) {
			snprintf(err, errlen, _("%s: larger than %d MiB, the most carcref reads"),
			    shown(path, stdin_), NT_RECORD_MAX >> 20);
			errno = EFBIG;
			goto fail;
		}
		cap = (size_t)st.st_size + 2;
	}
	for (;;) {
		if (size > NT_RECORD_MAX) {
			snprintf(err, errlen, _("%s: larger than %d MiB, the most carcref reads"),
			    shown(path, stdin_), NT_RECORD_MAX >> 20);
			errno = EFBIG;
			goto fail;
		}
		if (cap - size < 2 || buf == NULL) {
			cap = buf == NULL ? (cap ? cap : 16384) : cap * 2;
			if (cap < size || (nbuf = realloc(buf, cap)) == NULL) {
				snprintf(err, errlen, _("%s: file too large for memory"),
				    shown(path, stdin_));
				errno = ENOMEM;
				goto fail;
			}
			buf = nbuf;
		}
		got = read(fd, buf + size, cap - size - 1);
		if (got == 0)
			break;
		if (got < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, errlen, C_("file: error", "%s: %s"), shown(path, stdin_),
			    strerror(errno));
			goto fail;
		}
		/* /dev/zero, an image, an archive: said at once, not after a
		 * gigabyte. */
		if (at_nul != NUL_READ && (nul = memchr(buf + size, '\0', (size_t)got)) != NULL) {
			size = (size_t)(nul - buf);
			if (at_nul == NUL_LAST) {
				size++;
				break;
			}
			line_col(buf, size, &ln, &col);
			snprintf(err, errlen, _("%s:%lu:%lu: a NUL byte: not a text file (a record "
			    "or a tile file is YAML text)"), shown(path, stdin_), ln, col);
			errno = EILSEQ;
			goto fail;
		}
		size += (size_t)got;
	}
	if (!stdin_)
		close(fd);
	buf[size] = '\0';
	if (len != NULL)
		*len = size;
	return buf;

fail:
	if (!stdin_)
		close(fd);
	free(buf);
	return NULL;
}

char *
cmd_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
	return read_file(path, len, err, errlen, NUL_REFUSED);
}

char *
cmd_read_to_nul(const char *path, size_t *len, char *err, size_t errlen)
{
	return read_file(path, len, err, errlen, NUL_LAST);
}

char *
cmd_read_bytes(const char *path, size_t *len, char *err, size_t errlen)
{
	return read_file(path, len, err, errlen, NUL_READ);
}
