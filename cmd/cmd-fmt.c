/*
 * cmd-fmt.c -- rewrite game records in canonical form.
 *
 *	carcref fmt [--stdout | --check] FILE...	(options anywhere, -- ends them)
 *
 * Each move is written canonically (upper-case codes, English roles,
 * "monk" without @C), the header in its fixed order, and every comment is
 * kept with the item it stands by (notation/record-fmt.c says how).  The
 * text streams from the formatter into the file's replacement
 * (cmd/file.c), so a record of any size costs its own size in memory,
 * once.  Until the first byte that differs from the file, nothing is
 * written at all: a file already canonical is left alone, read-only or not.
 * With --check nothing is ever written: the files that are not canonical
 * are named, and the exit status says whether there were any.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "notation/record.h"
#include "notation/i18n.h"

/* Where the canonical text goes while it is made. */
struct fmtout {
	const char	*path;		/* the file replaced, or NULL: the standard output */
	bool		 check;		/* --check: compare only, write nothing */
	const char	*in;		/* the file's text: does the output differ? */
	size_t		 inlen;
	size_t		 n;		/* bytes put so far */
	bool		 same;		/* and they are the file's own */
	struct cmd_out	*out;		/* the replacement, from the first difference */
	FILE		*spool;		/* --stdout: the text, until it is whole */
	char		*err;		/* the first write error */
};

/* Start writing: the file's replacement, with the bytes that were the
 * same up to here. */
static void
begin(struct fmtout *o)
{
	if (o->check)
		return;
	if (o->path == NULL) {
		if ((o->spool = tmpfile()) == NULL)
			cmd_seterr(&o->err, _("a temporary file for the output: %s"), strerror(errno));
		else if (o->n > 0 && fwrite(o->in, 1, o->n, o->spool) != o->n)
			cmd_seterr(&o->err, _("a temporary file for the output: %s"), strerror(errno));
		return;
	}
	if ((o->out = cmd_out_open(o->path, &o->err)) != NULL && o->n > 0)
		cmd_out_write(o->out, o->in, o->n);
}

static void
out_put(void *arg, const char *s, size_t n)
{
	struct fmtout *o = arg;

	if (o->same) {
		if (o->n + n <= o->inlen && memcmp(o->in + o->n, s, n) == 0) {
			o->n += n;
			return;
		}
		o->same = false;
		begin(o);
	}
	o->n += n;
	if (o->err != NULL || o->check)
		return;
	if (o->spool != NULL && fwrite(s, 1, n, o->spool) != n)
		cmd_seterr(&o->err, _("a temporary file for the output: %s"), strerror(errno));
	if (o->out != NULL)
		cmd_out_write(o->out, s, n);
}

/* Everything put so far is thrown away: the text is read again. */
static void
out_reset(void *arg)
{
	struct fmtout *o = arg;

	if (o->out != NULL)
		cmd_out_abort(o->out);
	if (o->spool != NULL)
		fclose(o->spool);
	o->out = NULL;
	o->spool = NULL;
	o->n = 0;
	o->same = true;
}

/* The spooled text to the standard output. */
static bool
copy_out(FILE *spool)
{
	char buf[65536];
	size_t k;

	rewind(spool);
	while ((k = fread(buf, 1, sizeof buf, spool)) > 0)
		if (fwrite(buf, 1, k, stdout) != k)
			return false;
	return !ferror(spool);
}

/* Format one file: 0 done (or canonical, with check), 1 a record that
 * does not read (or, with check, is not canonical, or whose data fails
 * its checks), 2 an I/O error (a file it names too), -2 the data of its
 * game cannot be read (said). */
static int
fmt_file(const char *path, bool to_stdout, bool check)
{
	struct nt_fmt_error err;
	struct nt_worlds w;
	struct fmtout o = { .same = true, .check = check };
	char msg[512];
	size_t len;
	char *text = cmd_read_file(path, &len, msg, sizeof msg);
	int rc = 0;

	if (text == NULL) {
		errf(_("carcref fmt: %s\n"), msg);
		return 2;
	}
	o.path = to_stdout || check || strcmp(path, "-") == 0 ? NULL : path;
	o.in = text, o.inlen = len;
	w = play_worlds(strcmp(path, "-") == 0 ? NULL : path);
	if (nt_record_fmt_with(text, len, &w, out_put, out_reset, &o, &err) < 0) {
		if (play_world_status != 0) {	/* the game's data cannot be had (said) */
			int rc = play_world_status;

			out_reset(&o);
			free(o.err);
			free(text);
			return rc;
		}
		if (err.move > 0)
			errf(_("%s:%d:%d: move %d: %s\n"), out_path(path), err.line, err.column,
			    err.move, err.msg);
		else
			errf("%s:%d:%d: %s\n", out_path(path), err.line, err.column, err.msg);
		out_reset(&o);
		free(o.err);
		free(text);
		return 1;
	}
	if (o.same && o.n < len)	/* the file's text, then more: it changes */
		o.same = false, begin(&o);
	if (check) {
		if (!o.same) {
			outf(_("%s: not in canonical form\n"), out_path(path));
			rc = 1;
		}
	} else if (o.err != NULL) {
		errf(_("carcref fmt: %s\n"), o.err);
		out_reset(&o);
		rc = 2;
	} else if (o.path == NULL) {
		if (o.same)	/* already canonical: the text as it is */
			rc = fwrite(text, 1, len, stdout) == len ? 0 : 2;
		else
			rc = copy_out(o.spool) ? 0 : 2;
		out_reset(&o);
	} else if (o.out != NULL) {
		struct cmd_out *out = o.out;

		o.out = NULL;
		if (!cmd_out_commit(out, &o.err)) {
			errf(_("carcref fmt: %s\n"), o.err ? o.err : _("out of memory"));
			rc = 2;
		}
	}
	free(o.err);
	free(text);
	return rc;
}

static int
fmt_exec(int argc, char **argv)
{
	enum { O_STDOUT, O_CHECK };
	static const struct cmd_opt opts[] = {
		[O_STDOUT] = { "--stdout", NULL, NULL },
		[O_CHECK] = { "--check", NULL, NULL },
		{ NULL, NULL, NULL },
	};
	struct cmd_args a = CMD_ARGS(argc, argv);
	bool to_stdout = false, check = false;
	int k, worst = 0;

	/* Every word read before a file is touched: "fmt FILE --check"
	 * checks FILE, it never writes it. */
	while ((k = cmd_args_next(&cmd_fmt_entry, opts, &a)) >= 0)
		*(k == O_STDOUT ? &to_stdout : &check) = true;
	if (k != CMD_ARGS_DONE)
		return a.rc;
	if (to_stdout && check) {
		errf("%s", _("carcref fmt: --stdout or --check, not both\n"));
		return cmd_usage(&cmd_fmt_entry);
	}
	if (a.nops == 0)
		return cmd_usage(&cmd_fmt_entry);
	for (int i = 1; i <= a.nops; i++) {
		int rc = fmt_file(argv[i], to_stdout, check);

		if (rc == -2)
			return 2;
		if (rc > worst)
			worst = rc;
	}
	if (fflush(stdout) != 0) {
		perror(_("carcref fmt: standard output"));
		return 2;
	}
	return worst;
}

const struct cmd_entry cmd_fmt_entry = {
	"fmt", "[--stdout | --check] FILE...",
	N_("rewrite game records in canonical form, keeping comments"),
	fmt_exec
};
