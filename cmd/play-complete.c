/*
 * play-complete.c -- Tab completion at the table: commands, tiles left,
 * the squares and rotations where the tile in hand fits, the meeples it
 * may take, players and positions for explain.  What a command's
 * arguments complete to is said by its entry in the table (play-cmds.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <readline/readline.h>

#include "cmd.h"
#include "play.h"
#include "notation/explain.h"
#include "notation/move.h"

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

static void
cand(const char *fmt, ...)
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

static void
cands_clear(void)
{
	for (int i = 0; i < cands.n; i++)
		free(cands.v[i]);
	cands.n = 0;
	cands.exact = false;
}

/* The tiles that may be drawn now: a copy left, of a set in play (and,
 * with the River, its tiles first).  When the word typed is four edge
 * letters, clockwise (CRFR), those whose edges read so in some rotation. */
static void
cand_tiles(struct play *p, const char *text)
{
	int edges[CR_NDIRS], t = cr_tileset_find(p->ts, text, strlen(text));
	bool byedges = cmd_tiles_edges(text, edges);

	/* A code written another way (ic-kb, another artwork's letter): the
	 * code as the box writes it, in its place. */
	if (t >= 0 && !byedges && strncasecmp(p->ts->type[t].code, text, strlen(text)) != 0) {
		if (cr_game_drawable(p->g, t, NULL))
			cand("%s", p->ts->type[t].code);
		cands.exact = true;
		return;
	}
	for (t = 0; t < p->ts->ntypes; t++)
		if (cr_game_drawable(p->g, t, NULL) &&
		    (!byedges || cmd_tiles_rots(&p->ts->type[t], edges) != 0))
			cand("%s", p->ts->type[t].code);
	cands.exact |= byedges;
}

/* The tile a whole turn starts with: with a tile in hand, that tile
 * alone (a turn with another is refused); else those cand_tiles gives. */
static void
cand_turn_tiles(struct play *p, const char *text)
{
	int k = 0;

	cand_tiles(p, text);
	if (p->hand < 0)
		return;
	for (int i = 0; i < cands.n; i++)
		if (strcmp(cands.v[i], p->ts->type[p->hand].code) == 0)
			cands.v[k++] = cands.v[i];
		else
			free(cands.v[i]);
	cands.n = k;
}

/* After find: its options; after --set, the sets. */
static void
cand_find(struct play *p, char **w, int n)
{
	if (n > 0 && strcmp(w[n - 1], "--set") == 0) {
		for (int k = 0; k < p->ts->nsets; k++)
			cand("%s", p->ts->setname[k]);
		return;
	}
	for (int i = 0; cmd_tiles_options[i] != NULL; i++)
		cand("%s", cmd_tiles_options[i]);
}

static void
cand_positions(struct play *p, int type)
{
	int n, squares;
	struct cr_place *v = play_legal_places(p, type, &n, &squares);

	for (int i = 0; v && i < n; i++)
		cand("%d,%d", v[i].x, v[i].y);
	free(v);
}

/* The rotations where the type fits at the square: a look once (a tile
 * the same turned 180 degrees offers 0 alone). */
static void
cand_rotations(struct play *p, int type, const char *pos)
{
	struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = type };

	if (!nt_parse_pos(pos, strlen(pos), &m.x, &m.y))
		return;
	for (m.rot = 0; m.rot < 4; m.rot++)
		if (cr_tile_rot_rep(&p->ts->type[type], m.rot) == m.rot &&
		    cr_game_check(p->g, &m, NULL))
			cand("%d", m.rot * 90);
}

/* Does S start with the N bytes of T, any case? */
static bool
starts(const char *s, const char *t, size_t n)
{
	return s != NULL && strlen(s) >= n && strncasecmp(s, t, n) == 0;
}

/*
 * The pieces that may go on the tile placed by m: one word per piece and
 * feature (a field is one farmer@E, not farmer@E, @N, @NNW...), in the
 * language shown (chevalier@O in French).  When TEXT names the piece and
 * starts its spot (farmer@NN), the feature's first spot that reads so.
 */
static void
cand_meeples(struct play *p, const struct cr_move *m, const char *text)
{
	struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
	int n = cr_game_meeple_options(p->g, m, opt, CR_MAXMEEPLEOPTS);
	const char *at = strchr(text, '@');
	size_t rn = at ? (size_t)(at - text) : strlen(text), sn = at ? strlen(at + 1) : 0;

	for (int i = 0; i < n && i < CR_MAXMEEPLEOPTS; i++) {
		const char *shown = play_piece_word(opt[i].role), *en = cr_role_name(opt[i].role);
		const char *word = starts(shown, text, rn) || !starts(en, text, rn) ? shown : en;
		const char *spot = nt_spot_text(opt[i].spot);

		if (at != NULL) {	/* the piece typed: the spot begun */
			if (nt_role_lookup(text, rn) != opt[i].role)
				continue;
			word = NULL;
			for (int k = -1; k < CR_NSPOTS && word == NULL; k++) {
				enum cr_spot s = k < 0 ? opt[i].spot : (enum cr_spot)k;

				if (!(opt[i].spots & (1u << s)))
					continue;
				spot = starts(nt_spot_text(s), at + 1, sn) ? nt_spot_text(s) :
				    starts(cr_spot_name(s), at + 1, sn) ? cr_spot_name(s) : NULL;
				if (spot != NULL)
					word = text;
			}
			if (word != NULL)
				cand("%.*s@%s", (int)rn, word, spot);
		} else if (cr_role_kind(opt[i].role) == CR_CLOISTER)	/* "monk" alone: at C */
			cand("%s", word);
		else
			cand("%s@%s", word, spot);
	}
}

/* For explain: the players, the squares with a tile, or the spots of one. */
static void
cand_features(struct play *p, const char *text)
{
	const char *colon = strchr(text, ':');
	int x, y;

	for (int i = 0; i < cr_game_nplayers(p->g); i++)
		cand("%s", p->names[i]);
	if (colon && nt_parse_pos(text, (size_t)(colon - text), &x, &y)) {
		for (int s = 0; s < CR_NSPOTS; s++)	/* in the language shown: O for W */
			cand("%.*s:%s", (int)(colon - text), text,
			    nt_spot_text((enum cr_spot)s));
	} else
		for (int i = 0; i < cr_game_ntiles(p->g); i++)
			cand("%d,%d", cr_game_tile(p->g, i)->x, cr_game_tile(p->g, i)->y);
}

/* The commands' names in the language shown (French names in French). */
static void
cand_commands(void)
{
	for (const char *const *w = play_cmd_words(false, false); *w != NULL; w++)
		cand("%s", *w);
}

/* A placement from words "X,Y ROT" for a type; false if they do not read. */
static bool
words_place(int type, char **w, struct cr_move *m)
{
	*m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = type };
	return nt_parse_pos(w[0], strlen(w[0]), &m->x, &m->y) &&
	    (m->rot = nt_parse_rot(w[1], strlen(w[1]))) >= 0;
}

static void
build_cands(struct play *p, char **w, int n, const char *text)
{
	const struct play_cmd *c;
	struct cr_move m;
	int type;

	if (n > 0 && w[0][strlen(w[0]) - 1] == ':') {	/* "Anna: U ..." */
		w++, n--;
		if (n == 0) {
			cand_turn_tiles(p, text);
			if (!cands.exact)
				cand("end");
			return;
		}
	}
	if (n == 0) {
		if (!cr_game_over(p->g))
			cand_turn_tiles(p, text);
		if (!cands.exact)
			cand_commands();
		return;
	}
	if ((c = play_cmd_find(w[0])) != NULL) {
		switch (c->complete) {
		case PA_TILE:
			if (n == 1)
				cand_tiles(p, text);
			break;
		case PA_TILES:
			for (int t = 0; t < p->ts->ntypes; t++)
				cand("%s", p->ts->type[t].code);
			break;
		case PA_COMMAND:
			if (n == 1)
				cand_commands();
			break;
		case PA_PLACE:
			if (p->hand < 0)
				break;
			if (n == 1)
				cand_positions(p, p->hand);
			else if (n == 2)
				cand_rotations(p, p->hand, w[1]);
			else if (n == 3 && words_place(p->hand, w + 1, &m))
				cand_meeples(p, &m, text);
			break;
		case PA_MEEPLE:
			if (p->placed && n == 1)
				cand_meeples(p, &p->pend, text);
			break;
		case PA_FEATURE:
			if (n == 1)
				cand_features(p, text);
			break;
		case PA_FIND:
			cand_find(p, w, n);
			break;
		case PA_FILE:	/* handled by complete() */
		case PA_NONE:
			break;
		}
		return;
	}
	/* A whole turn: TILE X,Y ROT ROLE@SPOT, of a tile that may be drawn
	 * (the tile in hand, when there is one). */
	if ((type = cr_tileset_find(p->ts, w[0], strlen(w[0]))) < 0 ||
	    !cr_game_drawable(p->g, type, NULL) || (p->hand >= 0 && type != p->hand))
		return;
	if (n == 1) {
		cand_positions(p, type);
		if (cr_game_legal(p->g, type, NULL, 0) == 0)
			cand("discard");
	} else if (n == 2)
		cand_rotations(p, type, w[1]);
	else if (n == 3 && words_place(type, w + 1, &m))
		cand_meeples(p, &m, text);
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
	char *w[PLAY_MAXARGS + 1], *buf, *s;
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
	for (s = strtok(buf, " \t"); s != NULL && n < PLAY_MAXARGS; s = strtok(NULL, " \t"))
		w[n++] = s;
	w[n] = NULL;
	/* Files for save and load, and board --svg: readline's own
	 * completion, quoted as run_words reads it. */
	c = n >= 1 ? play_cmd_find(w[0]) : NULL;
	if (c != NULL && ((n == 1 && c->complete == PA_FILE) ||
	    (n == 2 && c->fn == view_board && strcmp(w[1], "--svg") == 0))) {
		free(buf);
		return NULL;
	}
	if (c != NULL && n == 1 && c->fn == view_board) {	/* its one option */
		free(buf);
		rl_attempted_completion_over = 1;
		cands_clear();
		cand("--svg");
		return rl_completion_matches(text, cand_next);
	}
	rl_attempted_completion_over = 1;
	cands_clear();
	build_cands(cp, w, n, text);
	free(buf);
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
