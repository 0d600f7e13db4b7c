/*
 * cmd-fmt.c -- rewrite game records in canonical form.
 *
 *	carcref fmt [--stdout] FILE...
 *
 * Each move is written canonically (upper-case codes, English roles,
 * "monk" without @C), the header in its fixed order.  Comments are kept
 * where they can be tied to something: the lines at the top of the file,
 * the comment lines just above a move, a comment at the end of a move's
 * line, and the lines after the last move.  A file is replaced atomically
 * (a temporary file renamed over it), and only if it changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "notation/record.h"

struct lines {
	const char	**at;	/* start of each line */
	int		n;
};

static bool
split_lines(const char *text, size_t len, struct lines *l)
{
	int cap = 64;

	l->n = 0;
	if ((l->at = malloc((size_t)cap * sizeof *l->at)) == NULL)
		return false;
	for (const char *p = text; p <= text + len; ) {
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));

		if (l->n == cap) {
			const char **v = realloc(l->at, (size_t)(cap *= 2) * sizeof *v);

			if (v == NULL)
				return false;
			l->at = v;
		}
		l->at[l->n++] = p;
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return true;
}

/* Line i (1-based) without its newline; NULL past the end. */
static const char *
line_of(const struct lines *l, int i, const char *end, int *len)
{
	const char *s, *e;

	if (i < 1 || i > l->n)
		return NULL;
	s = l->at[i - 1];
	e = i < l->n ? l->at[i] - 1 : end;
	while (e > s && (e[-1] == '\r' || e[-1] == '\n'))
		e--;
	*len = (int)(e - s);
	return s;
}

/* A whole-line comment: returns the comment from '#', else NULL. */
static const char *
comment_line(const char *s, int len, int *clen)
{
	int i = 0;

	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i == len || s[i] != '#')
		return NULL;
	*clen = len - i;
	return s + i;
}

/* Append a line to a malloc'd block of lines. */
static char *
add_line(char *block, const char *s, int len)
{
	size_t old = block ? strlen(block) : 0;
	char *b = realloc(block, old + (size_t)len + 2);

	if (b == NULL)
		return block;
	if (old)
		b[old++] = '\n';
	memcpy(b + old, s, (size_t)len);
	b[old + (size_t)len] = '\0';
	return b;
}

/* Comment lines from line a to b inclusive, in order. */
static char *
comments_between(const struct lines *l, const char *end, int a, int b)
{
	char *block = NULL;

	for (int i = a; i <= b; i++) {
		int len, clen;
		const char *s = line_of(l, i, end, &len), *c;

		if (s != NULL && (c = comment_line(s, len, &clen)) != NULL)
			block = add_line(block, c, clen);
	}
	return block;
}

/* First line (walking up from line i) of the comment/blank run ending at i. */
static int
run_start(const struct lines *l, const char *end, int i, int floor)
{
	while (i > floor) {
		int len, clen;
		const char *s = line_of(l, i, end, &len);
		bool blank = true;

		for (int k = 0; s && k < len; k++)
			if (s[k] != ' ' && s[k] != '\t')
				blank = false;
		if (s == NULL || (!blank && comment_line(s, len, &clen) == NULL))
			break;
		i--;
	}
	return i + 1;
}

static int
write_out(const char *path, const char *old, size_t oldlen, const char *out, bool to_stdout)
{
	char *err = NULL;

	if (to_stdout || strcmp(path, "-") == 0) {
		fputs(out, stdout);
		return 0;
	}
	if (strlen(out) == oldlen && memcmp(out, old, oldlen) == 0)
		return 0;	/* already canonical: leave the file alone */
	if (!cmd_write_atomic(path, out, strlen(out), &err)) {
		fprintf(stderr, "carcref fmt: %s\n", err ? err : "out of memory");
		free(err);
		return 2;
	}
	return 0;
}

static int
fmt_file(const struct cr_tileset *ts, const char *path, bool to_stdout)
{
	struct nt_record r;
	struct cr_error err;
	struct nt_outmove *mv = NULL;
	struct nt_turn *turns = NULL;
	char **names = NULL, *head = NULL, *tail = NULL, *out = NULL, msg[512];
	struct lines l = { 0 };
	const char *end;
	size_t len;
	int rc = 1, first_move_line;
	char *text = cmd_read_file(path, &len, msg, sizeof msg);

	if (text == NULL) {
		fprintf(stderr, "carcref fmt: %s\n", msg);
		return 2;
	}
	end = text + len;
	if (nt_record_parse(&r, text, len, &err) < 0) {
		fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.msg);
		free(text);
		return 1;
	}
	mv = calloc((size_t)r.nmoves + 1, sizeof *mv);
	turns = calloc((size_t)r.nmoves + 1, sizeof *turns);
	names = calloc((size_t)r.nmoves + 1, sizeof *names);
	if (mv == NULL || turns == NULL || names == NULL || !split_lines(text, len, &l)) {
		fprintf(stderr, "carcref fmt: out of memory\n");
		rc = 2;
		goto done;
	}
	first_move_line = r.nmoves ? r.moves[0].line : l.n + 1;
	/* The comment lines at the top, before anything else. */
	{
		int i = 1, slen, clen;
		const char *s;

		while ((s = line_of(&l, i, end, &slen)) != NULL && i < first_move_line &&
		    (slen == 0 || comment_line(s, slen, &clen)))
			i++;
		head = comments_between(&l, end, 1, i - 1);
	}
	for (int i = 0; i < r.nmoves; i++) {
		const struct nt_recmove *m = &r.moves[i];
		struct nt_error e;
		int slen, floor = i ? r.moves[i - 1].end_line : 0, a;
		const char *s, *hash;

		if (nt_parse_move(ts, m->text, strlen(m->text), &turns[i], &e) < 0 || turns[i].blank) {
			fprintf(stderr, "%s: move %d (line %d, column %d): %s\n", path, i + 1,
			    m->line, m->column + (turns[i].blank ? 0 : e.column - 1),
			    turns[i].blank ? "expected a move, found nothing" : e.msg);
			goto done;
		}
		mv[i].move = &turns[i].move;
		if (m->player || turns[i].player) {
			/* Written as the players list spells the name, if it is one. */
			const char *p = m->player ? m->player : turns[i].player;
			size_t plen = m->player ? strlen(m->player) : turns[i].player_len;
			int k = nt_record_player(&r, p, plen);

			mv[i].player = names[i] = k >= 0 ? strdup(r.players[k].name) : strndup(p, plen);
		}
		a = run_start(&l, end, m->line - 1, floor);
		if (i > 0 || a > 1)
			mv[i].before = comments_between(&l, end, a, m->line - 1);
		/* A comment after the move on its last line, or inside a quoted move. */
		s = line_of(&l, m->end_line, end, &slen);
		if (s && m->end_column - 1 <= slen &&
		    (hash = memchr(s + m->end_column - 1, '#', (size_t)(slen - (m->end_column - 1)))) != NULL)
			mv[i].after = strndup(hash, (size_t)(s + slen - hash));
		else if ((hash = strchr(m->text, '#')) != NULL)
			mv[i].after = strdup(hash);
	}
	if (r.nmoves)
		tail = comments_between(&l, end, r.moves[r.nmoves - 1].end_line + 1, l.n);
	if ((out = nt_record_write(&r, ts, head, mv, r.nmoves, tail)) == NULL) {
		fprintf(stderr, "carcref fmt: out of memory\n");
		rc = 2;
		goto done;
	}
	rc = write_out(path, text, len, out, to_stdout);
done:
	for (int i = 0; mv && i < r.nmoves; i++) {
		free((char *)mv[i].before);
		free((char *)mv[i].after);
		free(names[i]);
	}
	free(mv), free(turns), free(names), free(head), free(tail), free(out);
	free(l.at);
	free(text);
	nt_record_free(&r);
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
	return worst;
}

const struct cmd_entry cmd_fmt_entry = {
	"fmt", "[--stdout] FILE...",
	"rewrite game records in canonical form, keeping comments",
	fmt_exec
};
