/*
 * move.c -- parse and format turn lines.
 *
 * A hand-written scanner: the grammar is a handful of tokens, and every
 * error must say where it is and what was expected, which a table-driven
 * parser would make harder, not easier.
 *
 * Batch replay reads millions of lines of one shape, the canonical one
 * carcref writes: nt__move_fast reads exactly that shape in one pass and
 * gives up on anything else (a player, a comment, two spaces, an error
 * of any kind), leaving it to the general scanner.  It only has to
 * agree with the general scanner on what it accepts, which
 * tests/test_notation checks line by line.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bytes16.h"
#include "i18n.h"
#include "move.h"
#include "../rules/ext.h"

struct scan {
	const char	*s, *end;
	const char	*line;
	struct nt_error	*err;
	int		 game;		/* whose words (rules/ext.h: cr_games) */
	const char	*code;		/* the line's tile code, NULL: a tail alone */
	size_t		 code_len;
};

/* A piece by its word or alias: the tables of rules/ext.h, game's. */
int
nt_role_lookup(int game, const char *word, size_t len)
{
	return cr_piece_find(game, word, len);
}

/* A piece that stands on a kind that allows it (a cloister) may leave
 * out "@C": "monk". */
static bool
centre_piece(int role)
{
	return cr_piece(role) != NULL && (cr_kind_flags(cr_piece_kind(role, 0)) & CR_KIND_BARE);
}

static int fail(struct scan *sc, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* An error at `at`, in the reader's language: the messages are built
 * only here, on failure, never on the replay's way through good lines. */
static int
fail(struct scan *sc, const char *at, const char *fmt, ...)
{
	va_list ap;

	sc->err->column = (int)(at - sc->line) + 1;
	va_start(ap, fmt);
	vsnprintf(sc->err->msg, sizeof sc->err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

/* Blanks between tokens: spaces and tabs (a line has no newline). */
static const bool blanks[256] = {
	[' '] = true, ['\t'] = true, ['\r'] = true, ['\v'] = true, ['\f'] = true, ['\n'] = true,
};

static bool
blank(char c)
{
	return blanks[(unsigned char)c];
}

static void
skip_space(struct scan *sc)
{
	while (sc->s < sc->end && blank(*sc->s))
		sc->s++;
}

/* The next whitespace-delimited token; len 0 at the end. */
static const char *
token(struct scan *sc, size_t *len)
{
	const char *t;

	skip_space(sc);
	t = sc->s;
	while (sc->s < sc->end && !blank(*sc->s))
		sc->s++;
	*len = (size_t)(sc->s - t);
	return t;
}

const char *
nt_quote(const char *t, size_t len, char buf[NT_QUOTE_SIZE])
{
	const unsigned char *u = (const unsigned char *)t;
	size_t n = 0, i = 0, k, w;

	for (; i < len; i += k, n += w) {
		for (k = 1; u[i] >= 0xc0 && k < 4 && i + k < len && (u[i + k] & 0xc0) == 0x80; k++)
			;	/* a character's bytes stay together */
		w = u[i] == '\n' || u[i] == '\0' ? 4 : k;
		if (n + w > NT_QUOTE_MAX)
			break;
		if (w > k)	/* what would cut the message's line or end it */
			memcpy(buf + n, u[i] == '\n' ? "\\x0a" : "\\x00", 4);
		else
			memcpy(buf + n, t + i, k);
	}
	if (i < len)
		memcpy(buf + n, "...", 3), n += 3;
	buf[n] = '\0';
	return buf;
}

/* An int in [-limit, limit]: digits with an optional sign. */
static bool
parse_int(const char *t, size_t len, long limit, int *out)
{
	long v = 0;
	size_t i = 0;
	bool neg = false;

	if (i < len && (t[i] == '-' || t[i] == '+'))
		neg = t[i++] == '-';
	if (i == len)
		return false;
	for (; i < len; i++) {
		if ((unsigned)(t[i] - '0') > 9)
			return false;
		v = v * 10 + (t[i] - '0');
		if (v > limit)
			return false;
	}
	*out = (int)(neg ? -v : v);
	return true;
}

#define COORD_LIMIT	NT_COORD_LIMIT

bool
nt_parse_pos(const char *t, size_t n, int *x, int *y)
{
	const char *comma = memchr(t, ',', n);

	return comma != NULL && parse_int(t, (size_t)(comma - t), COORD_LIMIT, x) &&
	    parse_int(comma + 1, n - (size_t)(comma + 1 - t), COORD_LIMIT, y);
}

/* A whole number, however long: an optional sign, then digits. */
static bool
is_int(const char *t, size_t len)
{
	size_t i = len > 0 && (t[0] == '-' || t[0] == '+');

	if (i == len)
		return false;
	for (; i < len; i++)
		if ((unsigned)(t[i] - '0') > 9)
			return false;
	return true;
}

bool
nt_pos_beyond(const char *t, size_t n)
{
	const char *comma = memchr(t, ',', n);
	size_t xn = comma ? (size_t)(comma - t) : 0, yn = comma ? n - xn - 1 : 0;
	int v;

	return comma != NULL && is_int(t, xn) && is_int(comma + 1, yn) &&
	    (!parse_int(t, xn, COORD_LIMIT, &v) || !parse_int(comma + 1, yn, COORD_LIMIT, &v));
}

int
nt_parse_rot(const char *t, size_t n)
{
	int deg;

	return parse_int(t, n, 1000, &deg) ? cr_rot_from_degrees(deg) : -1;
}

/* "thief, knight, ..., big-farmer": every piece word of game's, for a
 * message. */
static const char *
piece_words(int game, char *buf, size_t size)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int id = 1; id < cr_npieces() && o < size; id++)
		if (cr_rules_modules(game) >> cr_piece_ext(id) & 1)
			o += (size_t)snprintf(buf + o, size - o, "%s%s", o > 0 ? ", " : "",
			    cr_piece(id)->word);
	return buf;
}

/* A space's word as the reader's language reads it ("taxes" for "tax"
 * in French: the context "space" of po/), for a message. */
static const char *
space_word(const char *word)
{
	char key[64];

	if (!nt_i18n || strlen(word) + 7 > sizeof key)
		return word;
	snprintf(key, sizeof key, "space\004%s", word);
	return nt_pgettext(key, word);
}

/* "tax": a space of the piece's module (rules/ext.h: struct cr_space). */
static bool
parse_space(int game, int role, const char *t, size_t n, int *space, struct nt_error *err)
{
	char words[160];
	size_t o = 0;

	const struct cr_ext *x = cr_exts[cr_piece_ext(role)];

	*space = cr_space_find(game, t, n);
	if (*space != 0 && cr_space_ext(*space) == cr_piece_ext(role))
		return true;
	words[0] = '\0';
	for (int id = 1; cr_space(id) != NULL && o < sizeof words; id++)
		if (cr_space_ext(id) == cr_piece_ext(role))
			o += (size_t)snprintf(words + o, sizeof words - o, "%s%s", o > 0 ? ", " : "",
			    space_word(cr_space(id)->word));
	if (x->space_what != NULL)	/* "expected a section of the wheel (...)" */
		snprintf(err->msg, sizeof err->msg, _("expected %s (%s), got \"%s\""),
		    _(x->space_what), words, NT_Q(t, n));
	else
		snprintf(err->msg, sizeof err->msg, _("expected a space for %s (%s), got \"%s\""),
		    cr_piece(role)->word, words, NT_Q(t, n));
	return false;
}

bool
nt_parse_meeple(int game, const char *t, size_t n, int *role, enum cr_spot *spot,
    struct nt_error *err)
{
	int space;

	return nt_parse_piece(game, t, n, role, spot, &space, err);
}

bool
nt_parse_piece(int game, const char *t, size_t n, int *role, enum cr_spot *spot, int *space,
    struct nt_error *err)
{
	const char *at = memchr(t, '@', n);
	size_t rn = at ? (size_t)(at - t) : n;
	char words[160];
	int sp;

	if ((*role = nt_role_lookup(game, t, rn)) == CR_ROLE_NONE) {
		err->column = 1;
		snprintf(err->msg, sizeof err->msg, _("expected a role (%s), got \"%s\""),
		    piece_words(game, words, sizeof words), NT_Q(t, rn));
		return false;
	}
	*space = 0;
	if (cr_piece(*role)->flags & CR_PIECE_SPACE) {	/* "crown@tax" */
		*spot = 0;
		if (at == NULL) {
			const char *form = cr_exts[cr_piece_ext(*role)]->space_form;

			err->column = (int)n + 1;
			if (form != NULL)	/* "expected @SECTION after "crown"" */
				snprintf(err->msg, sizeof err->msg, _("expected @%s after \"%s\""),
				    _(form), NT_Q(t, rn));
			else
				snprintf(err->msg, sizeof err->msg, _("expected @SPACE after \"%s\""),
				    NT_Q(t, rn));
			return false;
		}
		err->column = (int)rn + 2;
		return parse_space(game, *role, at + 1, n - rn - 1, space, err);
	}
	if (at == NULL) {
		if (!centre_piece(*role)) {
			err->column = (int)n + 1;
			snprintf(err->msg, sizeof err->msg,
			    _("expected @SPOT after \"%s\" (N, NNE, NE, ..., C)"), NT_Q(t, rn));
			return false;
		}
		*spot = CR_SPOT_C;
		return true;
	}
	if ((sp = cr_spot_lookup(at + 1, (int)(n - rn - 1))) < 0) {
		err->column = (int)rn + 2;
		snprintf(err->msg, sizeof err->msg, _("expected a spot (N NNE NE ENE E ESE SE SSE "
		    "S SSW SW WSW W WNW NW NNW or C), got \"%s\""),
		    NT_Q(at + 1, n - rn - 1));
		return false;
	}
	*spot = (enum cr_spot)sp;
	return true;
}

/* The tokens game's modules define, as a move writes them: "sheep=N or
 * wolf" (from the tables, not a list of our own). */
static void
token_forms(int game, char *buf, size_t size)
{
	const struct cr_token *tk;
	size_t n = 0;
	int k, last = 0, i = 0;

	for (k = 1; cr_token(k) != NULL; k++)	/* not those of the copy drawn */
		if ((cr_rules_modules(game) >> cr_token_ext(k) & 1) && !cr_token(k)->drawn)
			last = k;
	buf[0] = '\0';
	for (k = 1; (tk = cr_token(k)) != NULL && n < size; k++)
		if ((cr_rules_modules(game) >> cr_token_ext(k) & 1) && !tk->drawn)
			n += (size_t)snprintf(buf + n, size - n, "%s%s%s",
			    i++ == 0 ? "" : k < last ? ", " : _(" or "), tk->word,
			    tk->max ? "=N" : "");
}

/* t (n bytes, its '=' at eq, NULL) as nt_parse_token reads it, its word
 * looked up already: token id (0: none of game's), its entry tk. */
static bool
token_as(int game, const char *t, size_t n, const char *eq, int id, const struct cr_token *tk,
    int *arg, struct nt_error *err)
{
	size_t wn = eq ? (size_t)(eq - t) : n;
	int v;
	char forms[96];

	err->column = 1;
	if (id == 0) {
		token_forms(game, forms, sizeof forms);
		snprintf(err->msg, sizeof err->msg, _("expected a token (%s), got \"%s\""),
		    forms, NT_Q(t, n));
		return false;
	}
	if (tk->max == 0) {
		if (eq != NULL) {
			err->column = (int)wn + 1;
			snprintf(err->msg, sizeof err->msg, _("%s takes no number"), tk->word);
			return false;
		}
		*arg = CR_TOKEN(id, 0);
		return true;
	}
	if (eq == NULL || !parse_int(eq + 1, n - wn - 1, 1000, &v) || v < tk->min ||
	    v > tk->max) {
		err->column = eq ? (int)wn + 2 : (int)n + 1;
		if (tk->drawn && tk->max - tk->min < 8) {
			/* issue 21: "expected wheel=1, wheel=2 or wheel=3", the
			 * word as the line writes it ("roue=1..." in French) */
			char forms[160];
			size_t o = 0;

			forms[0] = '\0';
			for (int k = tk->min; k <= tk->max && o < sizeof forms; k++)
				o += (size_t)snprintf(forms + o, sizeof forms - o, "%s%.*s=%d",
				    k == tk->min ? "" : k < tk->max ? ", " : _(" or "),
				    (int)(wn > 24 ? 24 : wn), t, k);
			snprintf(err->msg, sizeof err->msg, _("expected %s, got \"%s\""), forms,
			    NT_Q(t, n));
			return false;
		}
		snprintf(err->msg, sizeof err->msg, _("expected %s=N, N from %d to %d, got \"%s\""),
		    tk->word, tk->min, tk->max, NT_Q(t, n));
		return false;
	}
	*arg = CR_TOKEN(id, v);
	return true;
}

/* "sheep=3", "wolf": a token of the tables of rules/ext.h. */
bool
nt_parse_token(int game, const char *t, size_t n, int *arg, struct nt_error *err)
{
	const char *eq = memchr(t, '=', n);
	int id = cr_token_find(game, t, eq ? (size_t)(eq - t) : n);

	return token_as(game, t, n, eq, id, cr_token(id), arg, err);
}

/* Write a token: "sheep=3", "wolf". */
int
nt_format_token(int arg, char *buf, size_t size)
{
	const struct cr_token *tk = cr_token(CR_TOKEN_ID(arg));

	if (tk == NULL)
		return snprintf(buf, size, "?");
	return tk->max == 0 ? snprintf(buf, size, "%s", tk->word) :
	    snprintf(buf, size, "%s=%d", tk->word, CR_TOKEN_N(arg));
}

/* The token that token id must follow in a line (cr_token.after, of its
 * own module) as a token number, 0 for none.  Each found once: the
 * tables never change once numbered, and a Plague line asks for each of
 * its squares. */
static int
token_after(int id)
{
	static int after[CR_MAXTOKENS];
	static bool known[CR_MAXTOKENS];
	const struct cr_token *tk = cr_token(id);

	if (tk == NULL || tk->after == NULL)
		return 0;
	if (!known[id]) {	/* its module's token of that word */
		after[id] = 0;
		for (int a = 1; a <= cr__tab.ntokens; a++)
			if (cr_token(a) != NULL && cr_token_ext(a) == cr_token_ext(id) &&
			    strcmp(cr_token(a)->word, tk->after) == 0) {
				after[id] = a;
				break;
			}
		known[id] = true;
	}
	return after[id];
}

/* Issue 21: the first token of the copy drawn in m that must follow
 * another of its module (plague= after wheel=, cr_token.after) but
 * comes before it, -1.  One with none of those in the line at all is the
 * rules' to refuse (the module not in play, or no wheel said). */
static int
said_early(const struct cr_move *m)
{
	for (int i = 0; i < m->ndrawn; i++) {
		int a = token_after(CR_TOKEN_ID(m->drawn[i].token)), first = -1;

		if (a == 0)
			continue;
		for (int j = 0; j < m->ndrawn && first < 0; j++)
			if (CR_TOKEN_ID(m->drawn[j].token) == a)
				first = j;
		if (first > i)
			return i;
	}
	return -1;
}

/*
 * "wheel=3", "plague=4,2", "plague=4,2:S": a token said of the copy
 * drawn (rules/ext.h: cr_token.drawn), into *d.  1, 0 when t is no such
 * token of game's modules (nothing written), -1 with the message.
 */
int
nt_parse_said(int game, const char *t, size_t n, struct cr_said *d, struct nt_error *err)
{
	const char *eq = memchr(t, '=', n), *v, *colon;
	size_t wn = eq ? (size_t)(eq - t) : n, vn, pn;
	int id = cr_token_find(game, t, wn), arg, x, y, spot = -1;
	const struct cr_token *tk = cr_token(id);

	if (tk == NULL || !tk->drawn)
		return 0;
	if (!tk->square) {
		if (!token_as(game, t, n, eq, id, tk, &arg, err))
			return -1;
		*d = (struct cr_said){ arg, 0, 0, -1 };
		return 1;
	}
	err->column = eq ? (int)wn + 2 : (int)n + 1;
	if (eq == NULL) {
		snprintf(err->msg, sizeof err->msg, _("expected %s=X,Y, got \"%s\""), tk->word,
		    NT_Q(t, n));
		return -1;
	}
	v = eq + 1, vn = n - wn - 1;
	colon = memchr(v, ':', vn);
	pn = colon ? (size_t)(colon - v) : vn;
	if (!nt_parse_pos(v, pn, &x, &y) ||
	    (colon && (spot = cr_spot_lookup(colon + 1, (int)(vn - pn - 1))) < 0)) {
		snprintf(err->msg, sizeof err->msg,
		    _("expected %s=X,Y or %s=X,Y:SPOT (whole numbers, no spaces), got \"%s\""),
		    tk->word, tk->word, NT_Q(t, n));
		return -1;
	}
	*d = (struct cr_said){ CR_TOKEN(id, 0), x, y, spot };
	return 1;
}

int
nt_format_said(const struct cr_said *d, char *buf, size_t size)
{
	const struct cr_token *tk = cr_token(CR_TOKEN_ID(d->token));

	if (tk == NULL || !tk->square)
		return nt_format_token(d->token, buf, size);
	if (d->spot >= 0 && d->spot < CR_NSPOTS)
		return snprintf(buf, size, "%s=%d,%d:%s", tk->word, d->x, d->y,
		    cr_spot_name((enum cr_spot)d->spot));
	return snprintf(buf, size, "%s=%d,%d", tk->word, d->x, d->y);
}

/* Fast path: an int from *pp up to `stop` (or to the end, if end_ok),
 * as parse_int reads it, in one pass; *pp is left on the stop. */
static inline bool
fast_int(const char **pp, const char *e, char stop, bool end_ok, long limit, int *out)
{
	const char *q = *pp;
	bool neg = false;
	unsigned d;
	long v;

	if (q == e)
		return false;
	if (*q == '-' || *q == '+') {
		neg = *q == '-';
		if (++q == e)
			return false;
	}
	if ((d = (unsigned)((unsigned char)*q - '0')) > 9)
		return false;
	for (v = d; ++q < e && (d = (unsigned)((unsigned char)*q - '0')) <= 9; )
		if ((v = v * 10 + d) > limit)
			return false;
	if (q == e ? !end_ok : *q != stop)
		return false;
	*out = (int)(neg ? -v : v);
	*pp = q;
	return true;
}

/* fast_int's answer for a coordinate of one digit ("0", "-3") before
 * stop, with a byte to spare (not the line's end), at once; any other
 * by fast_int. */
static inline bool
fast_coord(const char **pp, const char *e, char stop, int *out)
{
	const char *q = *pp;

	if (e - q >= 3) {
		int neg = *q == '-';
		unsigned d = (unsigned)((unsigned char)q[neg] - '0');

		if (d <= 9 && q[neg + 1] == stop) {
			*out = neg ? -(int)d : (int)d;
			*pp = q + neg + 1;
			return true;
		}
	}
	return fast_int(pp, e, stop, false, COORD_LIMIT, out);
}

/* A rotation as carcref writes it ("0", "90", "180", "270"), then a
 * space or the end, at once; any other spelling by fast_int. */
static inline bool
fast_rot(const char **pp, const char *e, int *deg)
{
	const char *q = *pp;
	ptrdiff_t n = e - q, k = 0;
	int v = -1;

	if (n >= 1 && q[0] == '0')
		v = 0, k = 1;
	else if (n >= 2 && q[0] == '9' && q[1] == '0')
		v = 90, k = 2;
	else if (n >= 3 && q[2] == '0' && ((q[0] == '1' && q[1] == '8') ||
	    (q[0] == '2' && q[1] == '7')))
		v = q[0] == '1' ? 180 : 270, k = 3;
	if (v >= 0 && (k == n || q[k] == ' ')) {
		*deg = v;
		*pp = q + k;
		return true;
	}
	return fast_int(pp, e, ' ', true, 1000, deg);
}

/* Fast path: a spot as carcref writes it ("SSE": cr_spot_name's) by a
 * table of the names' bytes; any other spelling (lower case, the French
 * O) as cr_spot_lookup reads it. */
static int
fast_spot(const char *t, size_t n)
{
	static struct { uint32_t k; int8_t spot; } tab[64];
	static bool done;
	uint32_t k;

	if (n == 0 || n > 3)
		return -1;
	if (!done) {
		for (int s = 0; s < CR_NSPOTS; s++) {
			const char *w = cr_spot_name((enum cr_spot)s);
			size_t wn = w != NULL ? strlen(w) : 0;
			uint32_t h, kk = 0;

			if (wn == 0 || wn > 3)
				continue;
			for (size_t i = 0; i < wn; i++)
				kk |= (uint32_t)(unsigned char)w[i] << 8 * i;
			for (h = (kk * 0x9e3779b1u) >> 26; tab[h].k != 0; h = (h + 1) & 63)
				;
			tab[h].k = kk;
			tab[h].spot = (int8_t)cr_spot_lookup(w, (int)wn);
		}
		done = true;
	}
	k = (uint32_t)(unsigned char)t[0] | (n > 1 ? (uint32_t)(unsigned char)t[1] << 8 : 0) |
	    (n > 2 ? (uint32_t)(unsigned char)t[2] << 16 : 0);
	for (uint32_t h = (k * 0x9e3779b1u) >> 26; tab[h].k != 0; h = (h + 1) & 63)
		if (tab[h].k == k)
			return tab[h].spot;
	return cr_spot_lookup(t, (int)n);
}

static bool
letter(char c)
{
	return (unsigned)((c | 0x20) - 'a') < 26;
}

/*
 * The fast path's words ("shepherd", "grow", "sheep"): what the
 * tables say of each (rules/ext.h), kept by its bytes as
 * written (16 at most) and its game in a small open-addressed table, so
 * that a line's words cost a load and a comparison or two each; a word
 * new to it is looked up in the tables, once (the tables never change),
 * and kept while a slot near its own is free.
 */
struct fw {
	uint64_t	k[2];		/* the bytes, the first lowest; 0 after them */
	uint8_t		len;		/* 0: a free slot */
	int8_t		game;
	uint8_t		piece, choice, token, space;	/* 0: none */
};
#define FW_BITS	8
#define FW_PROBE 8	/* slots read for a word; all taken by others: not kept */

/* The i-th slot a key of hash h may sit in, in any of the fast path's
 * tables of 1 << FW_BITS slots (words, codes, tokens said, tails). */
static inline size_t
fw_slot(uint64_t h, int i)
{
	return ((h >> (64 - FW_BITS)) + (uint64_t)i) & ((1u << FW_BITS) - 1);
}
static struct fw fw_cache[1 << FW_BITS];

static void
fw_fill(struct fw *w, int game, const char *t, size_t n)
{
	w->game = (int8_t)game;
	w->len = (uint8_t)n;
	w->piece = (uint8_t)cr_piece_find(game, t, n);
	w->choice = (uint8_t)cr_choice_find(game, t, n);
	w->token = (uint8_t)cr_token_find(game, t, n);
	w->space = (uint8_t)cr_space_find(game, t, n);
}

/* The bytes of t (n bytes, 1 to 16; the line from lo to e) as two
 * words, the first byte lowest, 0 after the last; their hash. */
static inline uint64_t
fw_key(const char *lo, const char *t, size_t n, const char *e, uint64_t k[2])
{
	uint64_t k0 = 0, k1 = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n <= 8 && e - t >= 8) {	/* a load, the bytes past the word masked off */
		memcpy(&k0, t, 8);
		k0 &= n == 8 ? ~(uint64_t)0 : ((uint64_t)1 << 8 * n) - 1;
	} else if (n <= 8 && t + n - lo >= 8) {
		/* a line's last word: the eight bytes ending with it, those
		 * before it shifted out */
		memcpy(&k0, t + n - 8, 8);
		k0 >>= 8 * (8 - n);
	} else if (e - t >= 16) {
		memcpy(&k0, t, 8);
		memcpy(&k1, t + 8, 8);
		k1 &= n == 16 ? ~(uint64_t)0 : ((uint64_t)1 << 8 * (n - 8)) - 1;
	} else
#endif
		for (size_t i = 0; i < n; i++)
			*(i < 8 ? &k0 : &k1) |= (uint64_t)(unsigned char)t[i] << 8 * (i & 7);
	k[0] = k0, k[1] = k1;
	return (k0 ^ k1 * 0x9e3779b97f4a7c15u ^ n) * 0xff51afd7ed558ccdu;
}

/* Word t (n bytes, the line from lo to e) of game's: its entry, in the
 * table, or in *room (a word longer than the table's, or empty).
 * Inline: a line asks it for each of its words (a Hills & Sheep line's
 * four), and the call itself cost as much as the look-up. */
static inline const struct fw *
fast_word(int game, const char *lo, const char *t, size_t n, const char *e, struct fw *room)
{
	uint64_t k[2], h;
	struct fw *w;

	if (n == 0 || n > 16 || game < 0 || game > INT8_MAX) {
		fw_fill(room, game, t, n);
		return room;
	}
	h = fw_key(lo, t, n, e, k) + (uint64_t)game * 0x9e3779b97f4a7c15u;
	for (int i = 0; i < FW_PROBE; i++) {
		w = &fw_cache[fw_slot(h, i)];
		if (w->len == n && w->game == game && w->k[0] == k[0] && w->k[1] == k[1])
			return w;
		if (w->len == 0) {	/* new: kept from now on */
			fw_fill(w, game, t, n);
			w->k[0] = k[0], w->k[1] = k[1];
			return w;
		}
	}
	fw_fill(room, game, t, n);
	return room;
}

/* A tile code of two bytes or more (t, n bytes; the line from lo to e)
 * in ts: cr_tileset_find's answer, kept the same way by the set's
 * derived number (never another set's, rules/tileset.h).  FC_BITS: a
 * set with every expansion has about 110 codes of two bytes or more;
 * in 256 slots, those not in their first (fast_code's) cost 6.5
 * instructions a move of every set with the Wheel (fast_code_probe). */
#define FC_BITS	10
static struct fc {
	uint64_t	derived, k[2];
	int16_t		tile;
	int16_t		art;	/* the artwork the code names (nt_tile_art): a
				 * type with aliases asked it at every move */
	uint8_t		len;	/* 0: a free slot */
} fc_cache[1 << FC_BITS];

/* The artwork code t (n bytes) of tile names, 0 for none or the tile's
 * usual one (nt_tile_art), -1 for no tile. */
static int
code_art(const struct cr_tileset *ts, int tile, const char *t, size_t n)
{
	return tile < 0 ? -1 : ts->type[tile].naliases ? nt_tile_art(ts, tile, t, n) : 0;
}

/* The i-th slot of fc_cache a code of key k (fw_key's words) of the set
 * derived may sit in: a code of 8 bytes at most (k[1] 0) hashed from its
 * first word alone, as fast_code looks it up. */
static inline size_t
fc_slot(uint64_t k0, uint64_t k1, uint64_t derived, int i)
{
	uint64_t h = (k0 ^ k1 * 0x9e3779b97f4a7c15u ^ derived) * 0xff51afd7ed558ccdu;

	return ((h >> (64 - FC_BITS)) + (uint64_t)i) & ((1u << FC_BITS) - 1);
}

/* fast_code's every slot: found, kept, or cr_tileset_find's. */
static CR_NOINLINE int
fast_code_probe(const struct cr_tileset *ts, const char *lo, const char *t, size_t n,
    const char *e, int *art)
{
	uint64_t k[2];
	struct fc *c;
	int tile;

	if (n > 16 || ts->derived == 0) {
		tile = cr_tileset_find(ts, t, n);
		*art = code_art(ts, tile, t, n);
		return tile;
	}
	fw_key(lo, t, n, e, k);
	for (int i = 0; i < FW_PROBE; i++) {
		c = &fc_cache[fc_slot(k[0], k[1], ts->derived, i)];
		if (c->len == n && c->derived == ts->derived && c->k[0] == k[0] && c->k[1] == k[1]) {
			*art = c->art;
			return c->tile;
		}
		if (c->len == 0 || c->derived != ts->derived) {
			/* free, or a set's gone by: kept from now on */
			tile = cr_tileset_find(ts, t, n);
			*c = (struct fc){ ts->derived, { k[0], k[1] }, (int16_t)tile,
			    (int16_t)code_art(ts, tile, t, n), (uint8_t)n };
			*art = c->art;
			return c->tile;
		}
	}
	tile = cr_tileset_find(ts, t, n);
	*art = code_art(ts, tile, t, n);
	return tile;
}

/* The code's tile: a code of 8 bytes at most ("WF-19", "IC-Ka"), with 8
 * bytes to read from it on, found in its first slot here, a load, a
 * mask and three comparisons (a kept code's len is never 0, nor its
 * derived, and with 8 bytes or fewer its k[1] is 0); anything else by
 * fast_code_probe.  fw_key's words where the machine keeps its bytes
 * the other way round are not a load's: there, fast_code_probe's
 * alone. */
static inline int
fast_code(const struct cr_tileset *ts, const char *lo, const char *t, size_t n, const char *e,
    int *art)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n - 1 < 8 && e - t >= 8) {
		const struct fc *c;
		uint64_t k;

		memcpy(&k, t, 8);
		k &= ~(uint64_t)0 >> (64 - 8 * n);
		c = &fc_cache[fc_slot(k, 0, ts->derived, 0)];
		if (c->k[0] == k && c->len == n && c->derived == ts->derived) {
			*art = c->art;
			return c->tile;
		}
	}
#endif
	return fast_code_probe(ts, lo, t, n, e, art);
}

/* Among sixteen bytes, those neither a letter nor "-". */
static inline v16
role_odd(v16 x)
{
	s16 l = (s16)(x | v16_splat(0x20));	/* signed: 0x80 on below 'a' */

	return (v16)~((v16)((l >= (s16)v16_splat('a')) & (l <= (s16)v16_splat('z'))) |
	    (v16)(x == v16_splat('-')));
}

/* The end of a piece's, a choice's or a token's word from p on ("big-
 * knight", "sheep"): the first byte neither a letter nor "-", or e.
 * Sixteen bytes at once: those from p, or, fewer left before the line's
 * end, the line's last sixteen (lo: its start), the bytes before p left
 * out, so that a line's last word, the usual, takes no loop either. */
static inline const char *
role_stop(const char *lo, const char *p, const char *e)
{
	if (e - p >= 16)
		p += v16_first(role_odd(v16_load(p)));	/* 16: a word that long,
							 * the rest one by one */
	else if (e - lo >= 16 && p < e)
		p = e - 16 + v16_first_from(role_odd(v16_load(e - 16)), (int)(16 - (e - p)));
	while (p < e && (letter(*p) || *p == '-'))
		p++;
	return p;
}

/* Fast path: the token at t ("sheep=3", "wolf"; a piece's if drawn is
 * false, one said of the copy drawn, "wheel=2", "plague=4,2", if true)
 * up to a space or the end, as nt_parse_token and nt_parse_said read
 * it, in one pass, into *d (a piece's: its token alone); *qp: where it
 * ends.  Its word is letters and "-" up to the "=" or the space, as the
 * tables' words are: any other (an alias in UTF-8) is the slow path's. */
static inline bool
fast_tok(int game, const char *lo, const char *t, const char **qp, const char *e, bool drawn,
    struct cr_said *d)
{
	const char *q = role_stop(lo, t, e);
	const struct cr_token *tk;
	struct fw room;
	int id, v = 0;

	if (q == t || (q < e && *q != ' ' && *q != '=') ||
	    (id = fast_word(game, lo, t, (size_t)(q - t), e, &room)->token) == 0 ||
	    (tk = cr_token(id))->drawn != drawn)
		return false;
	if (drawn && tk->square) {	/* "plague=4,2 ", then the square: its
					 * spot (":S") the slow path's */
		int x, y;

		if (q == e || *q != '=' || (++q, !fast_coord(&q, e, ',', &x)) ||
		    (++q, !fast_coord(&q, e, ' ', &y)))
			return false;
		*d = (struct cr_said){ CR_TOKEN(id, 0), x, y, -1 };
		*qp = q;
		return true;
	}
	if (q < e && *q == '=') {	/* "sheep=3" */
		q++;
		if (tk->max == 0 || !fast_int(&q, e, ' ', true, 1000, &v) || v < tk->min ||
		    v > tk->max)
			return false;
	} else if (tk->max != 0)
		return false;		/* "sheep" */
	*d = (struct cr_said){ CR_TOKEN(id, v), 0, 0, -1 };
	*qp = q;
	return true;
}

/* Fast path: " sheep=3" or " wolf" at *pp, a piece's token (fast_tok).
 * A token of the copy drawn ("wheel=2") after the piece: the general
 * scanner's to refuse (said_late). */
static bool
fast_token(int game, const char *lo, const char **pp, const char *e, int *arg)
{
	struct cr_said d;

	if (*pp == e || **pp != ' ' || !fast_tok(game, lo, *pp + 1, pp, e, false, &d))
		return false;
	*arg = d.token;
	return true;
}

/*
 * The words of the tokens said of the copy drawn ("wheel", "plague"; 8
 * bytes at most), kept as fw_cache keeps words: by their bytes and
 * their game, the tables they are read by never changing; each with
 * what reading its value needs.  A record says the same two or three
 * words over and over, and the values after them (a plague's square)
 * are too many to keep whole: the reading a word's look-up and a
 * number's or a square's (fast_int, fast_coord), whatever the value.
 */
#define FD_BITS	6
static struct fd {
	uint64_t	k;	/* the bytes as loaded, 0 after them */
	uint8_t		len;	/* 0: a free slot */
	int8_t		game;
	bool		square;	/* the token's, as struct cr_token's */
	uint8_t		min, max;
	uint8_t		after;	/* token_after's */
	int		id;	/* 0: a word fast_tok does not take */
} fd_cache[1 << FD_BITS];

/*
 * The words fd_cache found last (fast_said), at most FR_N, each with its
 * "=" as eight bytes and a mask: a line's tokens are one or two words
 * ("wheel=3 plague=4,2 plague=-1,0"), and a word matched here costs a
 * load, a mask and a comparison, not the search for its "=" and a hash.
 * Words of 7 bytes at most (the "=" within the eight), of fd_cache's
 * that fast_said reads (id not 0).  Free: mask 0, k 1, never matched.
 */
#define FR_N	2
static struct fr {
	uint64_t	k, mask;	/* the word and its "=", as loaded */
	const struct fd	*f;
	int8_t		game;
} fd_recent[FR_N] = { { .k = 1 }, { .k = 1 } };
_Static_assert(FR_N == 2, "fd_recent's initializer frees every slot");

/* The bytes that may end a token's word among sixteen: "=", " ". */
static inline v16
said_ends(v16 x)
{
	return (v16)((x == v16_splat('=')) | (x == v16_splat(' ')));
}

/* fast_said's way out: fast_tok, out of line, so that fast_said's own
 * reading (a word looked up, a number) keeps its frame small. */
static CR_NOINLINE bool
said_tok(int game, const char *lo, const char *t, const char **qp, const char *e,
    struct cr_said *d)
{
	return fast_tok(game, lo, t, qp, e, true, d);
}

/* A word new to fd_cache (t, n bytes, key k; the line from lo to e)
 * into the free slot f, as fast_tok reads it: letters and "-" up to the
 * "=", a drawn token's word of game's; id 0 if not.  Out of line: once
 * a word. */
static CR_NOINLINE void
fd_fill(struct fd *f, int game, const char *lo, const char *t, int n, const char *e,
    uint64_t k)
{
	const struct cr_token *tk;
	struct fw room;

	if (role_stop(lo, t, e) == t + n &&
	    (f->id = fast_word(game, lo, t, (size_t)n, e, &room)->token) != 0 &&
	    (tk = cr_token(f->id))->drawn)
		f->square = tk->square, f->min = tk->min, f->max = tk->max,
		f->after = (uint8_t)token_after(f->id);
	else
		f->id = 0;
	f->k = k, f->len = (uint8_t)n, f->game = (int8_t)game;
}

/* Fast path: the token of the copy drawn at t (the line from lo to e),
 * of game's, into *d: fast_tok's answer; *qp: where it ends.  A word of
 * 8 bytes at most before its "=", with 8 bytes from t on to read at
 * once, is looked up in fd_cache, the value read here as fast_tok reads
 * it; any other (a word alone, a longer one, one whose slots are all
 * taken by others, one fast_tok refuses) is fast_tok's.  Where the
 * machine keeps its bytes the other way round, v16_first finds no "="
 * (0 if any): fast_tok's too.  *after: the token's token_after, from
 * fd_cache; -1 for an answer of fast_tok's (not known here).  Inline:
 * its one caller, fast_drawn, is out of line, so that a line's tokens
 * cost it a call together, not one each. */
static inline bool
fast_said(int game, const char *lo, const char *t, const char **qp, const char *e,
    struct cr_said *d, int *after)
{
	const struct fd *c;
	const char *q;
	uint64_t k;
	size_t h;
	int n;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (e - t >= 8) {	/* a word fd_cache found last, and its "=" */
		memcpy(&k, t, 8);
		for (int i = 0; i < FR_N; i++)
			if ((k & fd_recent[i].mask) == fd_recent[i].k && fd_recent[i].game == game) {
				c = fd_recent[i].f;
				n = c->len;
				goto found;
			}
	}
#endif
	if (e - t >= 16)
		n = v16_first(said_ends(v16_load(t)));
	else if (e - lo >= 16 && e - t >= 8)
		n = v16_first_from(said_ends(v16_load(e - 16)), (int)(16 - (e - t))) -
		    (int)(16 - (e - t));
	else
		n = 0;
	*after = -1;
	if (n == 0 || n > 8 || n >= e - t || t[n] != '=' || game < 0 || game > INT8_MAX)
		return said_tok(game, lo, t, qp, e, d);
	memcpy(&k, t, 8);	/* the word's bytes, those after it masked off */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	k &= ~(uint64_t)0 << (64 - 8 * n);
#else
	k &= ~(uint64_t)0 >> (64 - 8 * n);
#endif
	h = (size_t)(((k ^ (uint64_t)game) * 0x9e3779b97f4a7c15u) >> (64 - FD_BITS));
	for (int i = 0;; i++) {
		struct fd *f = &fd_cache[(h + (size_t)i) & ((1u << FD_BITS) - 1)];

		if (f->k == k && f->len == n && f->game == game) {
			c = f;
			break;
		}
		if (f->len == 0) {	/* new: kept from now on */
			fd_fill(f, game, lo, t, n, e, k);
			c = f;
			break;
		}
		if (i == FW_PROBE - 1)
			return said_tok(game, lo, t, qp, e, d);
	}
	if (c->id == 0)
		return said_tok(game, lo, t, qp, e, d);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n <= 7 && fd_recent[0].f != c) {	/* kept first, the other one second */
		fd_recent[1] = fd_recent[0];
		fd_recent[0] = (struct fr){ k | (uint64_t)'=' << 8 * n,
		    ~(uint64_t)0 >> (56 - 8 * n), c, (int8_t)game };
	}
#endif
found:
	*after = c->after;
	q = t + n + 1;
	if (c->square) {	/* "plague=4,2 ": its spot (":S") the slow path's */
		int x, y;

		if (!fast_coord(&q, e, ',', &x) || (++q, !fast_coord(&q, e, ' ', &y)))
			return false;
		*d = (struct cr_said){ CR_TOKEN(c->id, 0), x, y, -1 };
	} else {		/* "wheel=3" */
		unsigned v = q < e ? (unsigned)((unsigned char)*q - '0') : 10;
		int w;

		if (v <= 9 && q + 1 < e && q[1] == ' ')
			w = (int)v, q++;	/* one digit, fast_int's answer at once */
		else if (!fast_int(&q, e, ' ', true, 1000, &w))
			return false;
		if (c->max == 0 || w < c->min || w > c->max)
			return false;
		*d = (struct cr_said){ CR_TOKEN(c->id, w), 0, 0, -1 };
	}
	*qp = q;
	return true;
}

/* Fast path: what the line says of the copy drawn, at p ("wheel=3
 * plague=4,2 "; a word of letters first): each word a token of it, as
 * the general scanner reads them, into m->drawn (m->ndrawn 0 before);
 * what follows (the position), NULL if not taken (p not passed by its
 * address: in memory, nt__move_fast's every line read it there).
 * Anything odd (a comment, too many, plague= before wheel=) is the
 * general scanner's.  Out of line, apart from nt__move_fast, which the
 * base game's lines run without it.  A line whose every token read by
 * fd_cache has the one it must follow (token_after) before it is in
 * order: said_early, which looks again at every pair, only for any
 * other. */
static CR_NOINLINE const char *
fast_drawn(int game, const char *lo, const char *p, const char *e, struct cr_move *m)
{
	unsigned seen = 0;	/* the tokens read so far, a bit each by number */
	bool sure = true;	/* in order, as said_early would find */
	int nd = 0;		/* m->ndrawn (0: nt__move_fast's), kept here:
				 * stored, it was read again after every token */

	_Static_assert(CR_MAXTOKENS <= 32, "a token's number is a bit of seen");
	while (p < e && letter(*p)) {
		struct cr_said *d = &m->drawn[nd];
		struct nt_error te;
		const char *q = p;
		int after;

		if (nd < CR_MAXDRAWN && fast_said(game, lo, p, &q, e, d, &after) && q < e) {
			/* "wheel=2 ", "plague=4,2 ", the usual words:
			 * nt_parse_said's answer */
			if (after < 0 || (after != 0 && !(seen >> after & 1)))
				sure = false;
			else
				seen |= 1u << CR_TOKEN_ID(d->token);
			nd++;
			p = q + 1;
			continue;
		}
		sure = false;
		q = p;
		while (q < e && *q != ' ' && *q != '#')
			q++;
		if (q == e || *q != ' ' || nd == CR_MAXDRAWN ||
		    nt_parse_said(game, p, (size_t)(q - p), d, &te) != 1) {
			m->ndrawn = nd;
			return NULL;
		}
		nd++;
		p = q + 1;
	}
	m->ndrawn = nd;
	if (!sure && nd > 1 && said_early(m) >= 0)
		return NULL;
	return p;
}

/* What a line says after its rotation ("grow sheep=2 shepherd@W
 * sheep=4"), its fields as in struct cr_move; 0: none. */
struct tail {
	int	role, spot, arg, choice, choice_arg, space;
};

/* Fast path: the tail of a line, from r to its end e (the line from
 * lo): a piece ("ROLE@SPOT", "monk"), a choice before it ("grow
 * sheep=3"), a token after it ("sheep=2"), into *t (zeroed). */
static bool
tail_read(int game, const char *lo, const char *r, const char *e, struct tail *t)
{
	const char *p = role_stop(lo, r, e), *at;	/* "big-knight" */
	const struct fw *w;
	struct fw room;
	unsigned flags;

	*t = (struct tail){ 0 };
	w = fast_word(game, lo, r, (size_t)(p - r), e, &room);
	if ((t->role = w->piece) == CR_ROLE_NONE && (t->choice = w->choice) != 0) {
		/* "grow sheep=3" */
		if (cr_choice(t->choice)->token &&
		    !fast_token(game, lo, &p, e, &t->choice_arg))
			return false;
		if (p == e)
			return true;
		if (*p != ' ')
			return false;
		p = role_stop(lo, r = p + 1, e);
		t->role = fast_word(game, lo, r, (size_t)(p - r), e, &room)->piece;
	}
	if (t->role == CR_ROLE_NONE)
		return false;
	if ((flags = cr_piece(t->role)->flags) & CR_PIECE_SPACE) {
		struct nt_error se;
		int space;

		/* "crown@tax", the line's last word, as parse_space reads
		 * it: a word of letters as fast_word keeps it, any other by
		 * parse_space itself */
		if (p == e || *p != '@')
			return false;
		if ((p = role_stop(lo, at = p + 1, e)) == e &&
		    (space = fast_word(game, lo, at, (size_t)(p - at), e, &room)->space) != 0 &&
		    cr_space_ext(space) == cr_piece_ext(t->role)) {
			t->space = space;
			return true;
		}
		while (p < e && *p != ' ')
			p++;
		if (p != e || !parse_space(game, t->role, at, (size_t)(p - at), &space, &se))
			return false;
		t->space = space;
		return true;
	}
	if (p == e || *p == ' ') {
		if (!centre_piece(t->role))
			return false;
		t->spot = CR_SPOT_C;
	} else {
		int sp;

		if (*p != '@')
			return false;
		for (at = ++p; p < e && letter(*p); p++)
			;
		if ((sp = fast_spot(at, (size_t)(p - at))) < 0)
			return false;
		t->spot = (enum cr_spot)sp;
	}
	/* "shepherd@W sheep=2": only after a piece that draws one. */
	if (p < e && (!(flags & CR_PIECE_TOKEN) ||
	    !fast_token(game, lo, &p, e, &t->arg) || p != e))
		return false;
	return true;
}

/*
 * The tails of lines (tail_read's answers, a failure too), kept as
 * fw_cache keeps words: by their bytes as written (24 at most) and
 * their game, the tables they are read by never changing.  A record
 * says the same few tails over and over ("knight@N", "shepherd@SSW
 * sheep=4"): one look-up instead of a word's, a spot's and a token's.
 */
#define FT_MAX	24	/* three words: fast_tail compares them one by one */
#define FT_BITS	10	/* slots: a record's tails are more than its words
			 * (every set with the Wheel's 120 games say 510, more
			 * than the 256 of the others' tables: all after the
			 * first 256 read by tail_read, each time) */
/* What a tails' cache keeps of a tail beside its key (ft, ftl). */
struct tail_kept {
	struct tail	t;
	uint8_t		len;	/* 0: a free slot */
	int8_t		game;
	bool		ok;
};
static struct ft {
	uint64_t	k[FT_MAX / 8];	/* the bytes, as ft_key puts them */
	struct tail_kept v;
} ft_cache[1 << FT_BITS];

/* A free slot v of a tails' cache takes the tail r to e (n bytes, the
 * line from lo) of game's, its key already written beside it: read now,
 * kept from now on; tail_read's answer into *t.  For both caches (ft,
 * ftl), out of their common path. */
static CR_NOINLINE bool
tail_keep(struct tail_kept *v, int game, size_t n, const char *lo, const char *r,
    const char *e, struct tail *t)
{
	v->ok = tail_read(game, lo, r, e, &v->t);
	v->len = (uint8_t)n, v->game = (int8_t)game;
	*t = v->t;
	return v->ok;
}

/* Of the FT_MAX bytes ending a tail of FT_MAX - s bytes, as three words
 * (the first byte lowest), those of word j that are the tail's: s bytes
 * before it masked off.  (The shift's count taken & 7: the branches not
 * taken are compiled too, and clang refuses a negative count there.) */
#define FT_MASK(s, j)	((s) <= 8 * (j) ? ~(uint64_t)0 : (s) >= 8 * (j) + 8 ? 0 : \
			    ~(uint64_t)0 << 8 * (((s) - 8 * (j)) & 7))
#define FT_ROW(s)	{ FT_MASK(s, 0), FT_MASK(s, 1), FT_MASK(s, 2) }
static const uint64_t ft_mask[FT_MAX][FT_MAX / 8] = {
	FT_ROW(0), FT_ROW(1), FT_ROW(2), FT_ROW(3), FT_ROW(4), FT_ROW(5), FT_ROW(6),
	FT_ROW(7), FT_ROW(8), FT_ROW(9), FT_ROW(10), FT_ROW(11), FT_ROW(12), FT_ROW(13),
	FT_ROW(14), FT_ROW(15), FT_ROW(16), FT_ROW(17), FT_ROW(18), FT_ROW(19), FT_ROW(20),
	FT_ROW(21), FT_ROW(22), FT_ROW(23)
};

/* The tail from r to e (n bytes, 1 to FT_MAX; the line from lo) as
 * three words, right-aligned: its last byte the last word's highest, 0
 * before its first; its hash.  Whole words ending at e, those of the
 * line's bytes before r masked off by ft_mask, as many as the line holds
 * (a base game's line is often under 24 bytes): no copy of a length
 * known only here (gcc made the words' copies one "rep movsb", counted
 * a byte at a time, and the zeroing a "rep stos"). */
static inline uint64_t
ft_key(const char *lo, const char *r, size_t n, const char *e, uint64_t k[FT_MAX / 8])
{
	size_t s = FT_MAX - n;

	_Static_assert(FT_MAX == 24, "a tail's key is three words");
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (e - lo >= 24) {
		memcpy(&k[0], e - 24, 8);
		memcpy(&k[1], e - 16, 8);
		memcpy(&k[2], e - 8, 8);
		k[0] &= ft_mask[s][0], k[1] &= ft_mask[s][1], k[2] &= ft_mask[s][2];
	} else if (e - lo >= 16 && n <= 16) {
		k[0] = 0;
		memcpy(&k[1], e - 16, 8);
		memcpy(&k[2], e - 8, 8);
		k[1] &= ft_mask[s][1], k[2] &= ft_mask[s][2];
	} else
#endif
	{
		k[0] = k[1] = k[2] = 0;
		for (size_t i = 0; i < n; i++)
			k[(i + s) / 8] |= (uint64_t)(unsigned char)r[i] << 8 * ((i + s) & 7);
	}
	return (k[0] ^ k[1] * 0x9e3779b97f4a7c15u ^ k[2] * 0xc2b2ae3d27d4eb4fu ^ n) *
	    0xff51afd7ed558ccdu;
}

/*
 * The tails longer than FT_MAX ("grow sheep=3 crown@plague", "grow wolf
 * shepherd@SE sheep=3"; FTL_MAX bytes at most), kept the same way in a
 * table of their own, so that the usual tail's key stays three words:
 * one in a hundred of every set with the Wheel's lines, read by
 * tail_read each time, cost 7 instructions a move.
 */
#define FTL_MAX	40
static struct ftl {
	uint64_t	k[FTL_MAX / 8];	/* the bytes, the first lowest, 0 after them */
	struct tail_kept v;
} ftl_cache[1 << FW_BITS];

/* fast_tail's answer for a tail of FT_MAX + 1 to FTL_MAX bytes (r to
 * e, the line from lo); any other fast_tail leaves (empty, longer)
 * tail_read's each time.  Out of line: the usual tail's way is
 * fast_tail's alone, its one test as before (with a second, for this
 * way, the base game's every line was dearer). */
static CR_NOINLINE bool
fast_tail_long(int game, const char *lo, const char *r, const char *e, struct tail *t)
{
	size_t n = (size_t)(e - r);
	uint64_t k[FTL_MAX / 8] = { 0 }, h = n;
	struct ftl *c;

	if (n <= FT_MAX || n > FTL_MAX || game < 0 || game > INT8_MAX)
		return tail_read(game, lo, r, e, t);
	memcpy(k, r, n);	/* n <= FTL_MAX, the size of k */
	for (size_t j = 0; j < FTL_MAX / 8; j++)
		h = (h ^ k[j]) * 0xff51afd7ed558ccdu;
	h += (uint64_t)game * 0x9e3779b97f4a7c15u;
	for (int i = 0; i < FW_PROBE; i++) {
		c = &ftl_cache[fw_slot(h, i)];
		if (c->v.len == n && c->v.game == game && memcmp(c->k, k, sizeof k) == 0) {
			*t = c->v.t;
			return c->v.ok;
		}
		if (c->v.len == 0) {	/* new: kept from now on */
			memcpy(c->k, k, sizeof k);
			return tail_keep(&c->v, game, n, lo, r, e, t);
		}
	}
	return tail_read(game, lo, r, e, t);
}

/* The tail from r to e (the line from lo) of game's: tail_read's
 * answer, from ft_cache when it holds it (a longer one from
 * fast_tail_long's). */
static inline bool
fast_tail(int game, const char *lo, const char *r, const char *e, struct tail *t)
{
	size_t n = (size_t)(e - r);
	uint64_t k[FT_MAX / 8], h;
	struct ft *c;

	if (n == 0 || n > FT_MAX || game < 0 || game > INT8_MAX)
		return fast_tail_long(game, lo, r, e, t);
	h = ft_key(lo, r, n, e, k) + (uint64_t)game * 0x9e3779b97f4a7c15u;
	for (int i = 0; i < FW_PROBE; i++) {
		c = &ft_cache[((h >> (64 - FT_BITS)) + (uint64_t)i) & ((1u << FT_BITS) - 1)];
		/* the key's words compared in place: memcmp is a call */
		_Static_assert(FT_MAX / 8 == 3, "a tail's key is three words");
		if (c->v.len == n && c->v.game == game &&
		    ((c->k[0] ^ k[0]) | (c->k[1] ^ k[1]) | (c->k[2] ^ k[2])) == 0) {
			*t = c->v.t;
			return c->v.ok;
		}
		if (c->v.len == 0) {	/* new: kept from now on */
			memcpy(c->k, k, sizeof k);
			return tail_keep(&c->v, game, n, lo, r, e, t);
		}
	}
	return tail_read(game, lo, r, e, t);
}

/* Bytes that end a line's first word: " ", ":" (a name), "#"; and
 * "=", which no name holds (a name would put its colon inside a
 * token). */
static const bool word_end[256] = { [' '] = true, [':'] = true, ['#'] = true, ['='] = true };

/* The bytes that end a line's first word (word_end) among sixteen. */
static inline v16
word_ends(v16 x)
{
	return (v16)((x == v16_splat(' ')) | (x == v16_splat(':')) | (x == v16_splat('#')) |
	    (x == v16_splat('=')));
}

/* The first byte from p on that ends the line's first word (word_end),
 * or e. */
static inline const char *
word_stop(const char *p, const char *e)
{
	for (; e - p >= 16; p += 16) {
		int k = v16_first(word_ends(v16_load(p)));

		if (k < 16) {
			p += k;
			break;
		}
	}
	while (p < e && !word_end[(unsigned char)*p])
		p++;
	return p;
}

/*
 * The canonical line, in one pass; after "Alice: " too, a record's
 * usual line: a name of one word (printable ASCII at both ends, no
 * "=", which would put the colon inside a token), its colon, one space,
 * then a line the fast path takes.
 */
bool
nt__move_fast(const struct cr_tileset *ts, const char *line, size_t len,
    struct nt_turn *out, struct nt_error *err)
{
	const char *p = line, *e = line + len, *t = p, *who = NULL;
	struct cr_move *m = &out->move;	/* its fields set one by one, in place: no
					 * tokens of the copy drawn here, their room
					 * left alone (out is the caller's again if
					 * this path says no) */
	int deg, art;
	bool eq = false;

	m->kind = CR_MOVE_PLACE, m->role = CR_ROLE_NONE, m->spot = 0;
	m->arg = m->choice = m->choice_arg = m->ndrawn = m->space = 0;
	if (e - line >= 16) {
		/* The usual line's first sixteen bytes read once: where its
		 * first word ends, and after "Alice: " where the code ends;
		 * anything else read word by word below. */
		v16 ends = word_ends(v16_load(line));
		int k = v16_first(ends), k2;

		if (k > 0 && k < 16 && line[k] == ' ') {	/* "D 1,0 90 knight@N" */
			p = line + k;
			goto code;
		}
		if (k > 0 && k + 2 < 16 && memcmp(line + k, ": ", 2) == 0 &&
		    (unsigned)(*line - 0x21) < 0x5e && (unsigned)(line[k - 1] - 0x21) < 0x5e &&
		    !blank(line[k + 2]) && (k2 = v16_first_from(ends, k + 2)) < 16 &&
		    line[k2] == ' ') {	/* "Alice: HS-H 0,1 180" */
			who = line, t = line + k + 2, p = line + k2;
			goto code;
		}
	}
again:
	for (;;) {
		p = word_stop(p, e);
		if (p == e || *p != '=')
			break;
		eq = true, p++;
	}
	if (p == t || p == e || *p != ' ') {
		if (who != NULL || p == t || p == e || *p != ':' || eq ||
		    (unsigned)(*line - 0x21) >= 0x5e || (unsigned)(p[-1] - 0x21) >= 0x5e ||
		    e - p < 3 || p[1] != ' ' || blank(p[2]))
			return false;
		who = line;	/* "Alice: ", the name */
		t = p += 2;
		goto again;
	}
	if (eq)
		return false;	/* no code holds "=" */
code:
	/* A base tile's one letter: the table itself, no call (every move);
	 * a longer code, and the artwork it names, as fast_code keeps them. */
	if (p - t == 1 && (unsigned char)*t < 128) {
		if ((m->tile = ts->letter[(unsigned char)*t]) < 0)
			return false;
		art = ts->type[m->tile].naliases ? nt_tile_art(ts, m->tile, t, 1) : 0;
	} else if ((m->tile = fast_code(ts, line, t, (size_t)(p - t), e, &art)) < 0)
		return false;
	p++;
	if (p < e && letter(*p) && (p = fast_drawn(ts->game, line, p, e, m)) == NULL)
		return false;	/* "wheel=3 plague=4,2" before the position */
	if (!fast_coord(&p, e, ',', &m->x))
		return false;
	p++;
	if (!fast_coord(&p, e, ' ', &m->y))
		return false;
	p++;
	if (!fast_rot(&p, e, &deg) || deg % 90 != 0 || deg < 0 || deg > 270)
		return false;
	m->rot = deg / 90;	/* cr_rot_from_degrees, inline */
	if (p < e) {		/* " ROLE@SPOT" or " monk", a choice before, a token after */
		struct tail tl;

		if (!fast_tail(ts->game, line, p + 1, e, &tl))
			return false;
		m->role = tl.role, m->spot = (enum cr_spot)tl.spot, m->arg = tl.arg;
		m->choice = tl.choice, m->choice_arg = tl.choice_arg, m->space = tl.space;
	}
	out->blank = false;
	out->player = who;
	out->player_len = who != NULL ? (size_t)(t - 2 - who) : 0;
	out->art = art;
	err->column = 0;
	err->msg[0] = '\0';
	return true;
}

/* The length of a token's word at t as the line wrote it ("roue" of
 * "roue=2"), read no further than the line's end. */
static int
word_len(const struct scan *sc, const char *t)
{
	const char *q = t;

	while (q < sc->end && q - t < 24 && *q != '=' && !blanks[(unsigned char)*q])
		q++;
	return (int)(q - t);
}

/* A token of the copy drawn before the one it follows ("plague=X,Y
 * follows wheel=N (the pig must have moved)"), each word as the line
 * wrote it ("peste=X,Y" and "roue=N" in a French line). */
static int
said_order(struct scan *sc, const struct cr_move *m, const char *const *said_at, int early)
{
	const struct cr_token *tk = cr_token(CR_TOKEN_ID(m->drawn[early].token));
	int e = cr_token_ext(CR_TOKEN_ID(m->drawn[early].token)), first = early;

	for (int j = early + 1; j < m->ndrawn && first == early; j++) {
		int id = CR_TOKEN_ID(m->drawn[j].token);

		if (cr_token_ext(id) == e && strcmp(cr_token(id)->word, tk->after) == 0)
			first = j;
	}
	return fail(sc, said_at[early], _(tk->after_words), word_len(sc, said_at[early]),
	    said_at[early], word_len(sc, said_at[first]), said_at[first]);
}

/*
 * Issue 21, spec 4.6's reading: a token of the copy drawn after the
 * position ("wheel=N comes right after the tile code, before the
 * position: U wheel=2 0,1 90", the line's own words; rot -1: not read
 * yet); -1 said, 0 when t is none.
 */
static int
said_late(struct scan *sc, const char *t, size_t n, const struct cr_move *m, int rot)
{
	const char *eq = memchr(t, '=', n);
	size_t wn = eq ? (size_t)(eq - t) : n;
	int id = cr_token_find(sc->game, t, wn);
	const struct cr_token *tk = cr_token(id);
	char form[40], eg[160];

	if (tk == NULL || !tk->drawn || !(cr_rules_modules(sc->game) >> cr_token_ext(id) & 1))
		return 0;
	/* the word as the line wrote it: "roue=N" in a French line */
	snprintf(form, sizeof form, tk->square ? "%.*s=X,Y" : tk->max ? "%.*s=N" : "%.*s",
	    (int)(wn > 24 ? 24 : wn), t);
	if (sc->code == NULL)
		return fail(sc, t, _("%s comes right after the tile code, before the position"),
		    form);
	snprintf(eg, sizeof eg, rot < 0 ? "%.*s %.*s %d,%d" : "%.*s %.*s %d,%d %d",
	    (int)(sc->code_len > 40 ? 40 : sc->code_len), sc->code, (int)(n > 40 ? 40 : n), t,
	    m->x, m->y, rot * 90);
	return fail(sc, t, _("%s comes right after the tile code, before the position: %s"),
	    form, eg);
}

/* Issue 21: a piece on a space (crown@tax) beside a piece on the tile,
 * or on a discard line: "one piece a turn: a crown follower or a piece
 * on the tile"; 0 when neither t nor the line's piece (role) stands on
 * a space. */
static int
two_pieces(struct scan *sc, const char *t, size_t n, int role)
{
	const char *at = memchr(t, '@', n);
	int other = nt_role_lookup(sc->game, t, at ? (size_t)(at - t) : n), sp;

	sp = role != CR_ROLE_NONE && (cr_piece(role)->flags & CR_PIECE_SPACE) ? role :
	    other != CR_ROLE_NONE && (cr_piece(other)->flags & CR_PIECE_SPACE) ? other : 0;
	if (sp == 0 || (role == CR_ROLE_NONE ? other : other == CR_ROLE_NONE ? 0 : role) == 0)
		return 0;
	return fail(sc, t, _("one piece a turn: a %s or a piece on the tile"),
	    nt_tr(cr_piece(sp)->cname ? cr_piece(sp)->cname : cr_piece(sp)->name ?
	    cr_piece(sp)->name : cr_piece(sp)->word));
}

/*
 * What a placement line says after the rotation: "[CHOICE [TOKEN]]
 * [ROLE[@SPOT] [TOKEN]]", into m (choice, choice_arg, role, spot, arg).
 */
static int
tail(struct scan *sc, struct cr_move *m)
{
	const char *t;
	struct nt_error e;
	size_t n;

	t = token(sc, &n);
	if (n == 0)
		return 0;
	if (said_late(sc, t, n, m, m->rot) != 0)
		return -1;
	/* A module's choice before the piece: "grow sheep=3", "herd". */
	if ((m->choice = cr_choice_find(sc->game, t, n)) != 0) {
		const struct cr_choice *c = cr_choice(m->choice);

		if (c->token) {
			const char *w = t;
			size_t wn = n;

			t = token(sc, &n);
			if (n == 0) {
				char forms[96];

				token_forms(sc->game, forms, sizeof forms);
				return fail(sc, t, _("expected a token after \"%s\" (%s)"),
				    NT_Q(w, wn), forms);
			}
			if (!nt_parse_token(sc->game, t, n, &m->choice_arg, &e))
				return fail(sc, t + e.column - 1, "%s", e.msg);
		}
		t = token(sc, &n);
		if (n == 0)
			return 0;
		if (said_late(sc, t, n, m, m->rot) != 0)
			return -1;
	}
	if (!nt_parse_piece(sc->game, t, n, &m->role, &m->spot, &m->space, &e))
		return fail(sc, t + e.column - 1, "%s", e.msg);
	t = token(sc, &n);
	if (n == 0)
		return 0;
	if (said_late(sc, t, n, m, m->rot) != 0 || two_pieces(sc, t, n, m->role) != 0)
		return -1;
	/* The token the piece drew ("shepherd@W sheep=2"); one given to a
	 * piece that takes none is the referee's to refuse, by the rule. */
	if (!nt_parse_token(sc->game, t, n, &m->arg, &e)) {
		if (cr_piece(m->role)->flags & CR_PIECE_TOKEN)
			return fail(sc, t + e.column - 1, "%s", e.msg);
		return fail(sc, t, _("unexpected \"%s\" after the meeple"), NT_Q(t, n));
	}
	t = token(sc, &n);
	if (n)
		return fail(sc, t, _("unexpected \"%s\" after the token"), NT_Q(t, n));
	return 0;
}

int
nt_parse_tail(int game, const char *line, size_t len, struct cr_move *m,
    struct nt_error *err)
{
	struct scan sc = { line, line + len, line, err, game, NULL, 0 };

	err->column = 0;
	err->msg[0] = '\0';
	m->choice = m->choice_arg = m->role = m->arg = m->space = 0;
	m->spot = 0;
	return tail(&sc, m);
}

int
nt_parse_move(const struct cr_tileset *ts, const char *line, size_t len,
    struct nt_turn *out, struct nt_error *err)
{
	if (nt__move_fast(ts, line, len, out, err))
		return 0;
	return nt__move_general(ts, line, len, out, err);
}

int
nt__move_general(const struct cr_tileset *ts, const char *line, size_t len,
    struct nt_turn *out, struct nt_error *err)
{
	struct scan sc = { line, line, line, err, ts->game, NULL, 0 };
	const char *t, *colon, *hash, *eq, *said_at[CR_MAXDRAWN];
	size_t n;
	int early;

	memset(out, 0, sizeof *out);
	err->column = 0;	/* the message is written only on failure */
	err->msg[0] = '\0';
	if ((hash = memchr(line, '#', len)) != NULL)
		len = (size_t)(hash - line);
	sc.end = line + len;
	/* A player's name ends at the first colon, before any "=": a token
	 * of the copy drawn may name a spot after one (plague=4,2:S). */
	eq = memchr(line, '=', len);
	if ((colon = memchr(line, ':', eq ? (size_t)(eq - line) : len)) != NULL) {
		const char *a = line, *b = colon;

		while (a < b && isspace((unsigned char)*a))
			a++;
		while (b > a && isspace((unsigned char)b[-1]))
			b--;
		if (a == b)
			return fail(&sc, colon, "%s", _("expected a player name before \":\""));
		out->player = a;
		out->player_len = (size_t)(b - a);
		sc.s = colon + 1;
	}
	t = token(&sc, &n);
	if (n == 0) {
		if (out->player != NULL)
			return fail(&sc, t, _("expected a tile code after \"%s:\""),
			    NT_Q(out->player, out->player_len));
		out->blank = true;
		return 0;
	}
	if (n == 3 && strncasecmp(t, "end", 3) == 0) {
		out->move.kind = CR_MOVE_END;
		t = token(&sc, &n);
		if (n)
			return fail(&sc, t, _("unexpected \"%s\" after \"end\""), NT_Q(t, n));
		return 0;
	}
	if ((out->move.tile = cr_tileset_find(ts, t, n)) < 0)
		return fail(&sc, t, _("unknown tile \"%s\""), NT_Q(t, n));
	out->art = nt_tile_art(ts, out->move.tile, t, n);
	sc.code = t, sc.code_len = n;

	/* What the line says of the copy drawn: "U wheel=3 plague=4,2 ...". */
	for (;;) {
		struct cr_said d;
		struct nt_error e;
		int k;

		t = token(&sc, &n);
		if (n == 0 || (k = nt_parse_said(ts->game, t, n, &d, &e)) == 0)
			break;
		if (k < 0)
			return fail(&sc, t + e.column - 1, "%s", e.msg);
		if (out->move.ndrawn == CR_MAXDRAWN)
			return fail(&sc, t, _("at most %d tokens after the tile code, got \"%s\""),
			    CR_MAXDRAWN, NT_Q(t, n));
		said_at[out->move.ndrawn] = t;
		out->move.drawn[out->move.ndrawn++] = d;
	}
	if (out->move.ndrawn > 1 && (early = said_early(&out->move)) >= 0)
		return said_order(&sc, &out->move, said_at, early);
	if (n == 0)
		return fail(&sc, t, "%s", _("expected a position x,y or \"discard\" after the tile"));
	if (n == 7 && strncasecmp(t, "discard", 7) == 0) {
		out->move.kind = CR_MOVE_DISCARD;
		t = token(&sc, &n);
		if (n && two_pieces(&sc, t, n, CR_ROLE_NONE) == 0)	/* a crown follower */
			return fail(&sc, t, _("unexpected \"%s\" after \"discard\""),
			    NT_Q(t, n));
		return n ? -1 : 0;
	}
	out->move.kind = CR_MOVE_PLACE;
	if (nt_pos_beyond(t, n))
		return fail(&sc, t, _("a coordinate goes from %ld to %ld, got \"%s\""),
		    -NT_COORD_LIMIT, NT_COORD_LIMIT, NT_Q(t, n));
	if (!nt_parse_pos(t, n, &out->move.x, &out->move.y))
		return fail(&sc, t, _("expected a position x,y (whole numbers, no spaces) or "
		    "\"discard\", got \"%s\""), NT_Q(t, n));

	t = token(&sc, &n);
	if (n == 0)
		return fail(&sc, t, "%s", _("expected a rotation 0, 90, 180 or 270 after the position"));
	if (said_late(&sc, t, n, &out->move, -1) != 0)
		return -1;
	if ((out->move.rot = nt_parse_rot(t, n)) < 0)
		return fail(&sc, t, _("expected a rotation 0, 90, 180 or 270, got \"%s\""),
		    NT_Q(t, n));

	return tail(&sc, &out->move);
}

/* Which of the type's codes s is: its aliases are the other artworks. */
int
nt_tile_art(const struct cr_tileset *ts, int tile, const char *s, size_t n)
{
	const struct cr_tiletype *t;

	if (tile < 0 || tile >= ts->ntypes)
		return 0;
	t = &ts->type[tile];
	for (int pass = 0; pass < 2; pass++) {
		for (int k = 0; k < t->naliases; k++)
			if (strlen(t->alias[k]) == n && strncasecmp(t->alias[k], s, n) == 0)
				return k + 1;
		/* "BA-X": a base code with the prefix cr_tileset_find allows */
		if (n <= 3 || strncasecmp(s, "BA-", 3) != 0)
			break;
		s += 3, n -= 3;
	}
	return 0;
}

const char *
nt_tile_code(const struct cr_tileset *ts, int tile, int art)
{
	const struct cr_tiletype *t;

	if (tile < 0 || tile >= ts->ntypes)
		return "?";
	t = &ts->type[tile];
	return art > 0 && art <= t->naliases ? t->alias[art - 1] : t->code;
}

int
nt_format_move(const struct cr_tileset *ts, const struct cr_move *m,
    const char *player, char *buf, size_t size)
{
	return nt_format_move_as(ts, m, 0, player, buf, size);
}

int
nt_format_move_as(const struct cr_tileset *ts, const struct cr_move *m, int art,
    const char *player, char *buf, size_t size)
{
	const char *code = nt_tile_code(ts, m->tile, art);
	char tok[80];	/* a token's word and number, or two coordinates and a spot */
	int n = 0, k;

#define OUT(...) do { \
	bool room = buf != NULL && (size_t)n < size;	/* never NULL + 0 */ \
	k = snprintf(room ? buf + n : NULL, room ? size - (size_t)n : 0, __VA_ARGS__); \
	if (k < 0) return k; \
	n += k; \
} while (0)
	if (size == 0)
		buf = NULL;
	if (player != NULL)
		OUT("%s: ", player);
	switch (m->kind) {
	case CR_MOVE_END:
		OUT("end");
		break;
	case CR_MOVE_DISCARD:
	case CR_MOVE_PLACE:
		OUT("%s", code);
		for (int i = 0; i < m->ndrawn && i < CR_MAXDRAWN; i++) {
			nt_format_said(&m->drawn[i], tok, sizeof tok);
			OUT(" %s", tok);
		}
		if (m->kind == CR_MOVE_DISCARD) {
			OUT(" discard");
			break;
		}
		OUT(" %d,%d %d", m->x, m->y, m->rot * 90);
		if (m->choice != 0) {
			const struct cr_choice *c = cr_choice(m->choice);

			OUT(" %s", c ? c->word : "?");
			if (m->choice_arg != 0) {
				nt_format_token(m->choice_arg, tok, sizeof tok);
				OUT(" %s", tok);
			}
		}
		if (m->space != 0 && cr_space(m->space) != NULL)
			OUT(" %s@%s", cr_role_name(m->role), cr_space(m->space)->word);
		else if (centre_piece(m->role) && m->spot == CR_SPOT_C)
			OUT(" %s", cr_role_name(m->role));
		else if (m->role != CR_ROLE_NONE)
			OUT(" %s@%s", cr_role_name(m->role), cr_spot_name(m->spot));
		if (m->role != CR_ROLE_NONE && m->arg != 0) {
			nt_format_token(m->arg, tok, sizeof tok);
			OUT(" %s", tok);
		}
		break;
	}
#undef OUT
	return n;
}
