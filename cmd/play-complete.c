/*
 * play-complete.c -- Tab completion at the table, whatever the game: the
 * commands' names, files for the commands that take one (save, load, an
 * option's file); every other word is the game's (its complete hook),
 * which adds candidates through play_cand.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <readline/readline.h>

#include "cmd.h"
#include "play.h"

/* The session, for readline's callbacks, which take no argument. */
static struct play *cp;

/* The words that may come at this point of the line: built, then served.
 * exact: the word typed is a tile's edges (CRFR), not the start of the
 * codes offered for it. */
static struct {
	char	**v;
	int	n, cap;
	bool	exact;
} cands;

void
play_cand(const char *fmt, ...)
{
	char *s;
	va_list ap;

	va_start(ap, fmt);
	s = cmd_vstrf(fmt, ap);
	va_end(ap);
	if (s == NULL)
		return;
	for (int i = 0; i < cands.n; i++)
		if (strcmp(cands.v[i], s) == 0) {
			free(s);
			return;
		}
	if (cands.n == cands.cap) {
		int ncap = cands.cap ? cands.cap * 2 : 64;
		char **v = realloc(cands.v, (size_t)ncap * sizeof *v);

		if (v == NULL) {
			free(s);
			return;
		}
		cands.v = v, cands.cap = ncap;
	}
	cands.v[cands.n++] = s;
}

void
play_cand_exact(void)
{
	cands.exact = true;
}

bool
play_cands_exact(void)
{
	return cands.exact;
}

static void
cands_clear(void)
{
	for (int i = 0; i < cands.n; i++)
		free(cands.v[i]);
	cands.n = 0;
	cands.exact = false;
}

/* The commands' names in the language shown (French names in French). */
void
play_cand_commands(struct play *p)
{
	for (const char *const *w = play_cmd_words(p, false, false); *w != NULL; w++)
		play_cand("%s", *w);
}

/* The command names, a command's arguments that are the session's, and
 * the game's words for the rest. */
static void
build_cands(struct play *p, char **w, int n, const char *text)
{
	const struct play_cmd *c = n > 0 ? play_cmd_find(p, w[0]) : NULL;

	if (c != NULL && c->complete == PA_COMMAND) {
		if (n == 1)
			play_cand_commands(p);
		return;
	}
	if (c == NULL || c->complete >= PA_GAME)
		p->game->complete(p, c, w, n, text);
	if (n == 0 && !cands.exact)
		play_cand_commands(p);
}

static char *
cand_next(const char *text, int state)
{
	static int i;
	size_t len = strlen(text);

	if (state == 0)
		i = 0;
	while (i < cands.n) {
		const char *c = cands.v[i++];

		if (cands.exact || strncasecmp(c, text, len) == 0)
			return strdup(c);
	}
	return NULL;
}

/*
 * The codes for edges typed (CRFR): one replaces the word; several are
 * listed, the word kept as typed (readline would put their common start,
 * "IC-", in its place).
 */
static char **
exact_matches(const char *text)
{
	char **m;
	int k = 0;

	if (cands.n == 0 || (m = calloc((size_t)cands.n + 2, sizeof *m)) == NULL)
		return NULL;
	if (cands.n > 1 && (m[k++] = strdup(text)) == NULL) {
		free(m);
		return NULL;
	}
	for (int i = 0; i < cands.n; i++)
		if ((m[k] = strdup(cands.v[i])) != NULL)
			k++;
	if (k == 0 || (cands.n > 1 && k == 1)) {
		for (int i = 0; i < k; i++)
			free(m[i]);
		free(m);
		return NULL;
	}
	return m;
}

static char **
complete(const char *text, int start, int end)
{
	char **w, *buf, *s;
	const struct play_cmd *c;
	int n = 0;

	(void)end;
	/* The words before the one completed, whatever the line's length
	 * (not the quote that opens it: explain "Anna M). */
	if (start > 0 && rl_completion_quote_character != 0 &&
	    rl_line_buffer[start - 1] == rl_completion_quote_character)
		start--;
	if ((buf = cmd_strf("%.*s", start, rl_line_buffer)) == NULL)
		return NULL;
	if ((w = malloc(((size_t)start / 2 + 2) * sizeof *w)) == NULL) {	/* a word a
									 * character and a blank at most */
		free(buf);
		return NULL;
	}
	for (s = strtok(buf, " \t"); s != NULL; s = strtok(NULL, " \t"))
		w[n++] = s;
	w[n] = NULL;
	/* Files for save and load, and an option's file (board --svg):
	 * readline's own completion, quoted as run_words reads it. */
	c = n >= 1 ? play_cmd_find(cp, w[0]) : NULL;
	if (c != NULL && ((n == 1 && c->complete == PA_FILE) ||
	    (n == 2 && c->file_opt != NULL && strcmp(w[1], c->file_opt) == 0))) {
		free(buf), free(w);
		return NULL;
	}
	if (c != NULL && n == 1 && c->file_opt != NULL) {	/* its one option */
		free(buf), free(w);
		rl_attempted_completion_over = 1;
		cands_clear();
		play_cand("%s", c->file_opt);
		return rl_completion_matches(text, cand_next);
	}
	rl_attempted_completion_over = 1;
	cands_clear();
	build_cands(cp, w, n, text);
	free(buf), free(w);
	/* (readline would otherwise put their common start back in place) */
	rl_ignore_completion_duplicates = !cands.exact;
	if (cands.exact)
		return exact_matches(text);
	return rl_completion_matches(text, cand_next);
}

/* ---- file names with blanks: quoted as a shell would ------------------- */

/* Is the character at index i of text escaped by a backslash (an odd
 * number of them before it)? */
static int
escaped(char *text, int i)
{
	int k = 0;

	while (i - k > 0 && text[i - k - 1] == '\\')
		k++;
	return k % 2;
}

/*
 * A file's name as a line holds it (run_words reads words as a shell
 * does): inside a quote the player opened, as it is ("..." escapes " and
 * \); else a backslash before each blank, quote and backslash.
 */
static char *
quote_file(char *name, int type, char *qcp)
{
	char q = qcp != NULL ? *qcp : 0, *r = malloc(2 * strlen(name) + 1), *w = r;

	(void)type;
	for (const char *s = name; r != NULL && *s != '\0'; s++) {
		if (q == '"' ? (*s == '"' || *s == '\\') : q == 0 && strchr(" \t\n\\\"'", *s))
			*w++ = '\\';
		*w++ = *s;
	}
	if (r != NULL)
		*w = '\0';
	return r;
}

/* What a quoted name typed so far is: its backslashes taken out. */
static char *
dequote_file(char *text, int q)
{
	char *r = malloc(strlen(text) + 1), *w = r;

	for (const char *s = text; r != NULL && *s != '\0'; s++) {
		if (*s == '\\' && s[1] != '\0' && q != '\'' &&
		    (q == 0 || s[1] == '"' || s[1] == '\\'))
			s++;
		*w++ = *s;
	}
	if (r != NULL)
		*w = '\0';
	return r;
}

void
play_complete_start(struct play *p)
{
	static char breaks[] = " \t\n", quotes[] = "\"'", special[] = " \t\n\\\"'";

	cp = p;
	rl_attempted_completion_function = complete;
	rl_completer_word_break_characters = breaks;
	rl_completer_quote_characters = quotes;
	rl_filename_quote_characters = special;
	rl_filename_quoting_function = quote_file;
	rl_filename_dequoting_function = dequote_file;
	rl_char_is_quoted_p = escaped;
	rl_variable_bind("completion-ignore-case", "on");
}

void
play_complete_end(void)
{
	cands_clear();
	free(cands.v);
	cands.v = NULL;
	cands.cap = 0;
	cp = NULL;
}
