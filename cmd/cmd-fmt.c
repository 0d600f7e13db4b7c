/*
 * cmd-fmt.c -- rewrite game records in canonical form.
 *
 *	carcref fmt [--stdout] FILE...
 *
 * Each move is written canonically (upper-case codes, English roles,
 * "monk" without @C), the header in its fixed order, and every comment is
 * kept with the item it stands by (notation/record-fmt.c says how).  The
 * text streams from the formatter into the file's replacement, so a
 * record of any size costs its own size in memory, once.  A file is
 * replaced only if its text changes, and only whole (cmd/file.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "notation/record.h"

/* Where the canonical text goes while it is made. */
struct fmtout {
	const char	*in;		/* the file's text: does the output differ? */
	size_t		 inlen;
	size_t		 n;		/* bytes put so far */
	bool		 same;		/* and they are the file's own */
	/* The output so far (until cmd/file.c streams it). */
	char		*buf;
	size_t		 cap;
	bool		 nomem;
};

static void
out_put(void *arg, const char *s, size_t n)
{
	struct fmtout *o = arg;

	if (o->same && (o->n + n > o->inlen || memcmp(o->in + o->n, s, n) != 0))
		o->same = false;
	if (o->nomem)
		return;
	if (o->n + n > o->cap) {
		size_t cap = o->cap ? o->cap : 65536;
		char *b;

		while (cap < o->n + n)
			cap *= 2;
		if ((b = realloc(o->buf, cap)) == NULL) {
			o->nomem = true;
			return;
		}
		o->buf = b, o->cap = cap;
	}
	memcpy(o->buf + o->n, s, n);
	o->n += n;
}

static void
out_reset(void *arg)
{
	struct fmtout *o = arg;

	o->n = 0;
	o->same = true;
}

static int
fmt_file(const struct cr_tileset *ts, const char *path, bool to_stdout)
{
	struct nt_fmt_error err;
	struct fmtout o = { .same = true };
	char msg[512], *e = NULL;
	size_t len;
	char *text = cmd_read_file(path, &len, msg, sizeof msg);
	int rc = 0;

	if (text == NULL) {
		errf("carcref fmt: %s\n", msg);
		return 2;
	}
	o.in = text, o.inlen = len;
	if (nt_record_fmt(text, len, ts, out_put, out_reset, &o, &err) < 0) {
		if (err.move > 0)
			errf("%s:%d:%d: move %d: %s\n", path, err.line, err.column,
			    err.move, err.msg);
		else
			errf("%s:%d:%d: %s\n", path, err.line, err.column, err.msg);
		rc = 1;
	} else if (o.nomem) {
		errf("carcref fmt: %s: out of memory\n", path);
		rc = 2;
	} else if (to_stdout || strcmp(path, "-") == 0) {
		if (o.n > 0 && fwrite(o.buf, 1, o.n, stdout) != o.n)
			rc = 2;
	} else if (o.same && o.n == len) {
		;	/* already canonical: leave the file alone */
	} else if (!cmd_write_atomic(path, o.buf, o.n, msg, sizeof msg)) {
		errf("carcref fmt: %s\n", msg);
		rc = 2;
	}
	free(e);
	free(o.buf);
	free(text);
	return rc;
}

static int
fmt_exec(int argc, char **argv)
{
	const struct cr_tileset *ts;
	bool to_stdout = false;
	int i = 1, worst = 0;

	if (i < argc && strcmp(argv[i], "--stdout") == 0)
		to_stdout = true, i++;
	if (i == argc || (argv[i][0] == '-' && argv[i][1] != '\0'))
		return cmd_usage(&cmd_fmt_entry);
	if ((ts = cmd_tileset()) == NULL)
		return 2;
	for (; i < argc; i++) {
		int rc = fmt_file(ts, argv[i], to_stdout);

		if (rc > worst)
			worst = rc;
	}
	if (fflush(stdout) != 0) {
		perror("carcref fmt: standard output");
		return 2;
	}
	return worst;
}

const struct cmd_entry cmd_fmt_entry = {
	"fmt", "[--stdout] FILE...",
	"rewrite game records in canonical form, keeping comments",
	fmt_exec
};
