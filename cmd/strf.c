/*
 * strf.c -- formatted text of any length, for messages that hold what a
 * user typed or named (a path, a name): no fixed-size buffer to cut it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"

char *
cmd_vstrf(const char *fmt, va_list ap)
{
	va_list ap2;
	char *s;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0 || (s = malloc((size_t)n + 1)) == NULL)
		return NULL;
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *
cmd_strf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = cmd_vstrf(fmt, ap);
	va_end(ap);
	return s;
}

void
cmd_seterr(char **err, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return;
	free(*err);
	va_start(ap, fmt);
	*err = cmd_vstrf(fmt, ap);
	va_end(ap);
}

/*
 * cmd_strf(fmt, s) where fmt (a translation, say) holds one "%s" and no
 * other "%": spliced by hand, without vsnprintf's parsing (a record's
 * title in replay --quiet, once a record).  Any other format goes to
 * cmd_strf.
 */
char *
cmd_strf_s(const char *fmt, const char *s)
{
	const char *p = strchr(fmt, '%');
	size_t a, b, n;
	char *r;

	if (p == NULL || p[1] != 's' || strchr(p + 2, '%') != NULL)
		return cmd_strf(fmt, s);
	a = (size_t)(p - fmt), b = strlen(p + 2), n = strlen(s);
	if ((r = malloc(a + n + b + 1)) == NULL)
		return NULL;
	memcpy(r, fmt, a);
	memcpy(r + a, s, n);
	memcpy(r + a + n, p + 2, b + 1);
	return r;
}

char *
cmd_beside(const char *path, const char *name)
{
	const char *slash = path != NULL ? strrchr(path, '/') : NULL;

	if (name[0] == '/' || slash == NULL)
		return cmd_strf("%s", name);
	return cmd_strf("%.*s/%s", (int)(slash - path), path, name);
}

/* path from the root: as it is, or after the current directory;
 * malloc'd, NULL if out of memory (or no current directory). */
char *
cmd_absolute(const char *path)
{
	size_t size = 256;
	char *cwd = NULL, *s;

	if (path[0] == '/')
		return strdup(path);
	for (;;) {
		if ((s = realloc(cwd, size)) == NULL)
			break;
		cwd = s;
		if (getcwd(cwd, size) != NULL) {
			s = cmd_strf("%s/%s", cwd, path);
			free(cwd);
			return s;
		}
		if (errno != ERANGE || size > (1u << 20))
			break;
		size *= 2;
	}
	free(cwd);
	return NULL;
}
