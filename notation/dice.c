/*
 * dice.c -- the dice game's turn lines (notation/dice.h): a hand-written
 * scanner, as move.c's for the tile game, whose every error says where it
 * is; the canonical form; the words of refusals and events.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dice.h"
#include "i18n.h"
#include "record.h"

/* ------------------------------------------------------------------ */
/* A growing string, for messages that hold names of any length */

struct sb {
	char	*s;
	size_t	len, cap;
	bool	oom;
};

static void sb_add(struct sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
sb_add(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->oom = true;
		return;
	}
	if (b->len + (size_t)n + 1 > b->cap) {
		size_t cap = (b->len + (size_t)n + 1) * 2;
		char *s = realloc(b->s, cap);

		if (s == NULL) {
			b->oom = true;
			return;
		}
		b->s = s;
		b->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

/* The text into buf as snprintf would write it; the builder freed. */
static int
sb_out(struct sb *b, char *buf, size_t size)
{
	int n = b->oom ? snprintf(buf, size, "%s", _("out of memory")) :
	    snprintf(buf, size, "%s", b->s ? b->s : "");

	free(b->s);
	memset(b, 0, sizeof *b);
	return n;
}

static bool
french(void)
{
	return strcmp(C_("language", "en"), "fr") == 0;
}

/* ------------------------------------------------------------------ */
/* Reading */

struct scan {
	const struct dc_faces	*f;
	const char		*line, *s, *end;
	struct nt_dice_error	*err;
};

static int fail(struct scan *sc, enum dc_rkind kind, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int
fail(struct scan *sc, enum dc_rkind kind, const char *at, const char *fmt, ...)
{
	va_list ap;

	sc->err->kind = kind;
	sc->err->column = (int)(at - sc->line) + 1;
	va_start(ap, fmt);
	vsnprintf(sc->err->msg, sizeof sc->err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

static bool
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* The next token: "/", "=", or a word up to a blank, "/" or "="; length
 * 0 at the end. */
static const char *
token(struct scan *sc, size_t *len)
{
	const char *t;

	while (sc->s < sc->end && blank(*sc->s))
		sc->s++;
	t = sc->s;
	if (sc->s < sc->end && (*sc->s == '/' || *sc->s == '='))
		sc->s++;
	else
		while (sc->s < sc->end && !blank(*sc->s) && *sc->s != '/' && *sc->s != '=')
			sc->s++;
	*len = (size_t)(sc->s - t);
	return t;
}

/* A word for a message, as every message quotes one (nt_quote). */
#define Q(t, n)	NT_Q((t), (n))

static bool
word_is(const char *w, size_t n, const char *a)
{
	return strlen(a) == n && strncasecmp(w, a, n) == 0;
}

/* An int of at most 9 digits with an optional minus: a square's x or y. */
static bool
coord(const char *t, size_t n, int *out)
{
	size_t i = 0;
	long v = 0;
	bool neg = false;

	if (n > 0 && (t[0] == '-' || t[0] == '+'))
		neg = t[i++] == '-';
	if (i == n || n - i > 9)
		return false;
	for (; i < n; i++) {
		if (t[i] < '0' || t[i] > '9')
			return false;
		v = v * 10 + (t[i] - '0');
	}
	*out = (int)(neg ? -v : v);
	return true;
}

/* "x,y" */
static bool
square(const char *t, size_t n, int *x, int *y)
{
	const char *comma = memchr(t, ',', n);

	return comma != NULL && coord(t, (size_t)(comma - t), x) &&
	    coord(comma + 1, n - (size_t)(comma + 1 - t), y);
}

/* "CFFF CCFF CFCF CCCF", "cap corner band three": the faces, for messages. */
static void
face_list(const struct dc_faces *f, struct sb *b, bool names)
{
	bool fr = french(), first = true;

	for (int i = 0; i < DC_NFACES; i++) {
		const struct dc_face *fc = &f->face[i];

		if (names && fc->nalso == 0)
			continue;
		sb_add(b, "%s%s", first ? "" : " ", names ? dc_face_word(fc, fr) : fc->code);
		first = false;
	}
}

const char *
nt_dice_faces_origin(const struct dc_faces *f)
{
	if (f->origin == DC_FROM_RECORD)
		return _("the record's faces:");
	return f->file != NULL ? f->file : _("the face data");
}

/* The faces of the set, "of dice-faces.yaml" or "of the record". */
static const char *
faces_of(const struct dc_faces *f)
{
	if (f->origin == DC_FROM_RECORD)
		return _("the record");
	return f->file != NULL ? f->file : _("the face data");
}

/* A word that names no die, or letters no face has: the lookup's kind. */
static int
face_error(struct scan *sc, int kind, const char *w, const char *face, size_t n)
{
	const struct dc_faces *f = sc->f;
	struct sb b = { 0 };
	char letters[DC_CODE_MAX];
	int rc;

	if (kind == DC_FACE_NOT_IN_DATA) {
		return fail(sc, DC_R_FACE_NOT_IN_DATA, w, _("no face %s in %s (the shapes are not "
		    "known for sure): describe your dice under faces: in the record, or in a file "
		    "named by faceset:"), Q(face, n), nt_dice_faces_origin(f));
	}
	if (kind == DC_FACE_AMBIGUOUS) {
		int line = 0, k = 0, nsame = 0;

		memcpy(letters, face, 4);
		letters[4] = '\0';
		for (int i = 0; i < 4; i++)
			letters[i] = (char)toupper((unsigned char)letters[i]);
		for (int i = 0; i < DC_NFACES; i++)
			for (int r = 0; r < 4; r++) {
				char l[DC_CODE_MAX];

				if (strncmp(dc_face_letters(&f->face[i], r, l), letters, 4) == 0) {
					nsame++;
					break;
				}
			}
		for (int i = 0; i < DC_NFACES; i++)
			for (int r = 0; r < 4; r++) {
				char l[DC_CODE_MAX];

				if (strncmp(dc_face_letters(&f->face[i], r, l), letters, 4) == 0) {
					if (k == 0)
						line = f->face[i].line;
					sb_add(&b, "%s%s", k == 0 ? "" : k == nsame - 1 ? _(" or ") : ", ",
					    f->face[i].code);
					k++;
					break;
				}
			}
		rc = fail(sc, DC_R_AMBIGUOUS_FACE, w, _("%s is %s in %s (line %d): write the digit"),
		    letters, b.s ? b.s : "", nt_dice_faces_origin(f), line);
		free(b.s);
		return rc;
	}
	face_list(f, &b, false);
	{
		struct sb names = { 0 };

		face_list(f, &names, true);
		rc = fail(sc, DC_R_UNKNOWN_FACE, w, _("unknown face \"%s\": a die shows K (knight), "
		    "X (catapult) or a city face: %s (any rotation)%s%s (faces of %s)"), Q(face, n),
		    b.s ? b.s : "", names.s ? ", " : "", names.s ? names.s : "", faces_of(f));
		free(names.s);
	}
	free(b.s);
	return rc;
}

static int
nomem(struct scan *sc)
{
	return fail(sc, DC_R_NOMEM, sc->s, "%s", _("out of memory"));
}

/*
 * One die word at w (n bytes) into t's last roll:
 *	[+][COUNT]FACE   [+]LETTERS@X,Y   COUNT.
 */
static int
die_word(struct scan *sc, const char *w, size_t n, struct dc_turn *t)
{
	const char *p = w, *e = w + n, *face, *at;
	struct dc_die d = { .count = 1, .column = (int)(w - sc->line) + 1 };
	int count = 0, k, rot;
	bool by_name;

	if (p < e && *p == '+') {
		d.kept = true;
		p++;
	}
	if (p < e && isdigit((unsigned char)*p)) {
		const char *digits = p;

		while (p < e && isdigit((unsigned char)*p))
			p++;
		if (p - digits != 1 || *digits == '0')
			return fail(sc, DC_R_SYNTAX, digits, _("a count is 1 to 9, not \"%s\""),
			    Q(digits, (size_t)(p - digits)));
		count = *digits - '0';
		if (p < e && *p == '.') {
			if (d.kept || p + 1 < e)
				return fail(sc, DC_R_SYNTAX, w, _("%d. stands for dice thrown again: "
				    "no +, square or face with it"), count);
			d.kind = DC_DIE_UNNOTED;
			d.count = (uint8_t)count;
			return dc_turn_add_die(t, &d) ? 0 : nomem(sc);
		}
	}
	face = p;
	at = memchr(p, '@', (size_t)(e - p));
	if (at == NULL)
		at = e;
	if (at == face) {
		if (count)
			return fail(sc, DC_R_SYNTAX, face, _("expected a face after the count %d"), count);
		if (d.kept)
			return fail(sc, DC_R_SYNTAX, face, "%s", _("expected a face after \"+\""));
		return fail(sc, DC_R_SYNTAX, face, "%s", _("expected a face before \"@\""));
	}
	n = (size_t)(at - face);
	if (word_is(face, n, "k") || word_is(face, n, "knight") || word_is(face, n, "chevalier"))
		d.kind = DC_DIE_KNIGHT;
	else if (word_is(face, n, "x") || word_is(face, n, "catapult") ||
	    word_is(face, n, "catapulte"))
		d.kind = DC_DIE_CATAPULT;
	else {
		d.kind = DC_DIE_CITY;
		if ((k = dc_faces_lookup(sc->f, face, n, &rot, &by_name)) < 0)
			return face_error(sc, k, w, face, n);
		d.face = (uint8_t)k;
		d.rot = (uint8_t)rot;
	}
	if (at < e) {
		const char *sq = at + 1;

		if (count)
			return fail(sc, DC_R_SYNTAX, w, _("a count goes with a face off the layout: %s"),
			    Q(w, (size_t)(e - w)));
		if (d.kind != DC_DIE_CITY)
			return fail(sc, DC_R_SYNTAX, w, _("only city faces are built: %s"),
			    Q(w, (size_t)(e - w)));
		if (by_name) {
			char l[DC_CODE_MAX];

			return fail(sc, DC_R_SYNTAX, w, _("a die on a square is written as it lies "
			    "(%s@%s, its letters turned as the die lies), not by a name: %s"),
			    dc_face_letters(&sc->f->face[d.face], 0, l), Q(sq, (size_t)(e - sq)),
			    Q(w, (size_t)(e - w)));
		}
		if (!square(sq, (size_t)(e - sq), &d.x, &d.y)) {
			if (sq == e)
				return fail(sc, DC_R_SYNTAX, sq, "%s", _("expected x,y after @"));
			return fail(sc, DC_R_SYNTAX, sq, _("expected x,y after @, not \"%s\""),
			    Q(sq, (size_t)(e - sq)));
		}
		d.placed = d.kept = true;
	} else
		d.rot = 0;
	for (int i = 0; i < (count ? count : 1); i++)
		if (!dc_turn_add_die(t, &d))
			return nomem(sc);
	return 0;
}

/* The result after "=": 0..9, knight, chevalier; nothing after it. */
static int
result(struct scan *sc, const char *eq, struct dc_turn *t)
{
	size_t n;
	const char *w = token(sc, &n);

	t->result_column = (int)(eq - sc->line) + 1;
	if (n == 1 && *w >= '0' && *w <= '9') {
		t->result = DC_RESULT_SIZE;
		t->size = *w - '0';
	} else if (word_is(w, n, "knight") || word_is(w, n, "chevalier"))
		t->result = DC_RESULT_KNIGHT;
	else if (n == 0)
		return fail(sc, DC_R_SYNTAX, w, "%s", _("expected a number of dice 0 to 9 or knight "
		    "after ="));
	else
		return fail(sc, DC_R_SYNTAX, w, _("expected a number of dice 0 to 9 or knight after "
		    "=, not \"%s\""), Q(w, n));
	w = token(sc, &n);
	if (n > 0)
		return fail(sc, DC_R_SYNTAX, w, _("unexpected \"%s\" after the result"), Q(w, n));
	return 0;
}

/* Rolls from the scanner's place: ROLL [/ ROLL ...] [= RESULT]; with
 * one_roll, a single roll and nothing else. */
static int
rolls(struct scan *sc, struct dc_turn *t, bool one_roll)
{
	size_t n;
	const char *w = token(sc, &n);

	for (;;) {
		int ndice = 0;

		if (!dc_turn_add_roll(t, (int)(w - sc->line) + 1))
			return nomem(sc);
		while (n > 0 && *w != '/' && *w != '=') {
			if (die_word(sc, w, n, t) < 0)
				return -1;
			ndice++;
			w = token(sc, &n);
		}
		if (ndice == 0)
			return fail(sc, DC_R_SYNTAX, w, "%s", _("expected a face, found nothing"));
		if (n == 0)
			return 0;
		if (one_roll)
			return fail(sc, DC_R_SYNTAX, w, _("unexpected \"%.1s\": enter one roll (claim "
			    "ends the turn)"), w);
		if (*w == '=')
			return result(sc, w, t);
		w = token(sc, &n);	/* after "/" */
	}
}

int
nt_dice_parse(const struct dc_faces *f, const char *line, size_t len, struct dc_turn *t,
    struct nt_dice_error *err)
{
	struct scan sc = { f, line, line, line + len, err };
	const char *hash, *colon, *w;
	size_t n;

	dc_turn_clear(t);
	memset(err, 0, sizeof *err);
	if (line == NULL)
		line = sc.line = sc.s = sc.end = "";
	if ((hash = memchr(line, '#', len)) != NULL)
		sc.end = hash;
	if ((colon = memchr(line, ':', (size_t)(sc.end - line))) != NULL) {
		const char *a = line, *b = colon;

		while (a < b && blank(*a))
			a++;
		while (b > a && blank(b[-1]))
			b--;
		if (a == b)
			return fail(&sc, DC_R_SYNTAX, colon, "%s",
			    _("expected a player name before \":\""));
		t->player = a;
		t->player_len = (size_t)(b - a);
		sc.s = colon + 1;
	}
	w = token(&sc, &n);
	t->column = (int)(w - line) + 1;
	if (n == 0) {
		if (t->player != NULL)
			return fail(&sc, DC_R_SYNTAX, w, _("expected a roll after \"%s:\""),
			    Q(t->player, t->player_len));
		t->blank = true;
		return 0;
	}
	if (word_is(w, n, "end")) {
		t->end = true;
		w = token(&sc, &n);
		if (n > 0)
			return fail(&sc, DC_R_SYNTAX, w, _("unexpected \"%s\" after \"end\""), Q(w, n));
		return 0;
	}
	if (*w == '/' || *w == '=')
		return fail(&sc, DC_R_SYNTAX, w, "%s", _("a turn starts with its first roll"));
	sc.s = w;
	return rolls(&sc, t, false);
}

int
nt_dice_parse_roll(const struct dc_faces *f, const char *words, size_t len, struct dc_turn *t,
    struct nt_dice_error *err)
{
	struct scan sc = { f, words, words, words + len, err };
	struct dc_turn one;
	int rc;

	memset(err, 0, sizeof *err);
	dc_turn_init(&one);
	if ((rc = rolls(&sc, &one, true)) == 0 && !dc_turn_append(t, &one))
		rc = nomem(&sc);
	dc_turn_free(&one);
	return rc;
}

/* A die of a roll for a message: "+CFFF", "FFCF@0,2", "K", "5.". */
static const char *
die_text(const struct dc_faces *f, const struct dc_die *d, char *buf, size_t size)
{
	char l[DC_CODE_MAX];

	switch (d->kind) {
	case DC_DIE_KNIGHT:
		snprintf(buf, size, "%sK", d->kept ? "+" : "");
		break;
	case DC_DIE_CATAPULT:
		snprintf(buf, size, "%sX", d->kept ? "+" : "");
		break;
	case DC_DIE_UNNOTED:
		snprintf(buf, size, "%d.", d->count);
		break;
	default:
		if (d->face >= DC_NFACES)
			snprintf(buf, size, "?");
		else if (d->placed)
			snprintf(buf, size, "+%s@%d,%d", dc_face_letters(&f->face[d->face], d->rot, l),
			    d->x, d->y);
		else
			snprintf(buf, size, "%s%s", d->kept ? "+" : "", f->face[d->face].code);
		break;
	}
	return buf;
}

#define DIE_TEXT(f, d)	die_text((f), (d), (char[40]){ 0 }, 40)

int
nt_dice_parse_keep(const struct dc_faces *f, const char *words, size_t len, struct dc_turn *t,
    struct nt_dice_error *err)
{
	struct scan sc = { f, words, words, words + len, err };
	struct dc_turn want;
	struct dc_roll *r;
	struct dc_die *saved = NULL;
	bool *taken = NULL;
	int rc = 0;

	memset(err, 0, sizeof *err);
	if (t->nroll == 0)
		return fail(&sc, DC_R_SYNTAX, words, "%s", _("nothing to keep: no roll yet"));
	r = &t->roll[t->nroll - 1];
	dc_turn_init(&want);
	if (r->n > 0 && ((saved = malloc((size_t)r->n * sizeof *saved)) == NULL ||
	    (taken = calloc((size_t)r->n, sizeof *taken)) == NULL)) {
		free(saved);
		return nomem(&sc);
	}
	if (r->n > 0)
		memcpy(saved, &t->die[r->first], (size_t)r->n * sizeof *saved);
	for (int i = r->first; i < r->first + r->n; i++)
		t->die[i].kept = t->die[i].placed = false;
	if (!dc_turn_add_roll(&want, 1))
		rc = nomem(&sc);
	while (rc == 0) {
		size_t n;
		const char *w = token(&sc, &n);
		int from = want.ndie, i;

		if (n == 0)
			break;
		if (*w == '/' || *w == '=') {
			rc = fail(&sc, DC_R_SYNTAX, w, _("unexpected \"%.1s\": keep names dice of the "
			    "last roll"), w);
			break;
		}
		if ((rc = die_word(&sc, w, n, &want)) < 0)
			break;
		for (int k = from; rc == 0 && k < want.ndie; k++) {
			const struct dc_die *d = &want.die[k];
			bool other = false;

			if (d->kind == DC_DIE_UNNOTED) {
				rc = fail(&sc, DC_R_SYNTAX, w, _("%d. cannot be kept: the faces of those "
				    "dice were not noted"), d->count);
				break;
			}
			for (i = r->first; i < r->first + r->n; i++) {
				const struct dc_die *c = &t->die[i];

				if (c->kind == d->kind && (d->kind != DC_DIE_CITY || c->face == d->face)) {
					if (!taken[i - r->first])
						break;
					other = true;
				}
			}
			if (i == r->first + r->n) {
				char word[40];

				die_text(f, &(struct dc_die){ .kind = d->kind, .face = d->face }, word,
				    sizeof word);
				rc = fail(&sc, DC_R_SYNTAX, w, other ? _("roll %d shows no other %s to "
				    "keep") : _("roll %d shows no %s to keep"), t->nroll, word);
				break;
			}
			taken[i - r->first] = true;
			t->die[i].kept = true;
			if (d->placed) {
				t->die[i].placed = true;
				t->die[i].x = d->x;
				t->die[i].y = d->y;
				t->die[i].rot = d->rot;
			}
		}
	}
	if (rc < 0 && r->n > 0)
		memcpy(&t->die[r->first], saved, (size_t)r->n * sizeof *saved);
	free(saved);
	free(taken);
	dc_turn_free(&want);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Writing */

int
nt_dice_format(const struct dc_faces *f, const struct dc_turn *t, const char *player,
    unsigned flags, char *buf, size_t size)
{
	bool layout = dc_turn_layout(t);
	const char *sep = "";
	char l[DC_CODE_MAX];
	int n = 0, k;

#define OUT(...) do { \
	bool room = buf != NULL && (size_t)n < size; \
	k = snprintf(room ? buf + n : NULL, room ? size - (size_t)n : 0, __VA_ARGS__); \
	if (k < 0) return k; \
	n += k; \
	sep = " "; \
} while (0)
	if (size == 0)
		buf = NULL;
	else
		buf[0] = '\0';
	if (player != NULL)
		OUT("%s: ", player);
	sep = "";
	if (t->end) {
		OUT("end");
		return n;
	}
	for (int j = 0; j < t->nroll; j++) {
		const struct dc_roll *r = &t->roll[j];
		bool last = j == t->nroll - 1 && !(flags & NT_DICE_OPEN);
		int unnoted = 0;

		if (j > 0)
			OUT(" /");
		for (int i = r->first; i < r->first + r->n; i++) {
			const struct dc_die *d = &t->die[i];
			/* + where it means something, and where it is an error to see */
			bool plus = d->placed || (d->kept && (!last || d->kind == DC_DIE_CATAPULT ||
			    (layout && d->kind == DC_DIE_CITY)));

			if (d->kind == DC_DIE_UNNOTED)
				unnoted += d->count;
			else if (d->kind == DC_DIE_KNIGHT || d->kind == DC_DIE_CATAPULT)
				OUT("%s%s%c", sep, plus ? "+" : "", d->kind == DC_DIE_KNIGHT ? 'K' : 'X');
			else if (d->face >= DC_NFACES)
				OUT("%s?", sep);
			else if (d->placed)
				OUT("%s+%s@%d,%d", sep, dc_face_letters(&f->face[d->face], d->rot, l),
				    d->x, d->y);
			else
				OUT("%s%s%s", sep, plus ? "+" : "", f->face[d->face].code);
		}
		/* The dice not noted, as one N. after the faces (a digit each). */
		for (; unnoted > 0; unnoted -= unnoted > 9 ? 9 : unnoted)
			OUT("%s%d.", sep, unnoted > 9 ? 9 : unnoted);
	}
	if (!(flags & NT_DICE_OPEN)) {
		if (t->result == DC_RESULT_SIZE)
			OUT(" = %d", t->size);
		else if (t->result == DC_RESULT_KNIGHT)
			OUT(" = knight");
	}
#undef OUT
	return n;
}

/* ------------------------------------------------------------------ */
/* Words of refusals */

/* "%d die" / "%d dice" */
static void
dice_n(struct sb *b, int n)
{
	sb_add(b, ngettext("%d die", "%d dice", n), n);
}

/* "Anna", "Anna and Carl", "Anna, Carl and Dora": the players of mask. */
static void
names_of(struct sb *b, unsigned mask, const char *const *names)
{
	int k = 0, total = 0;

	for (unsigned m = mask; m; m &= m - 1)
		total++;
	for (int p = 0; p < DC_MAXPLAYERS; p++)
		if (mask >> p & 1) {
			sb_add(b, "%s%s", k == 0 ? "" : k == total - 1 ? _(" and ") : ", ", names[p]);
			k++;
		}
}

/* The roll that holds die i of t, 1-based. */
static int
roll_of(const struct dc_turn *t, int i)
{
	for (int k = 0; k < t->nroll; k++)
		if (i >= t->roll[k].first && i < t->roll[k].first + t->roll[k].n)
			return k + 1;
	return 0;
}

static const char *
side_name(int s)
{
	switch (s) {
	case DC_N: return C_("side", "N");
	case DC_E: return C_("side", "E");
	case DC_S: return C_("side", "S");
	default: return C_("side", "W");
	}
}

/* The codes of the faces built, "CFFF CFCF CFCF CFFF". */
static void
built_list(const struct dc_faces *f, const struct dc_turn *t, const struct dc_refusal *r,
    struct sb *b)
{
	for (int k = 0; k < r->nbuilt; k++) {
		const struct dc_die *d = &t->die[r->built[k]];

		sb_add(b, "%s%s", k ? " " : "", d->face < DC_NFACES ? f->face[d->face].code : "?");
	}
}

static void
word_dice_count(struct sb *b, const struct dc_game *g, const struct dc_refusal *r,
    const char *const *names)
{
	struct sb s = { 0 };

	if (r->roll == 1) {
		const char *who = names[r->player];

		if (r->holders == 0)
			sb_add(b, _("%s rolls %d dice this turn, not %d"), who, r->want, r->shown);
		else {
			names_of(&s, r->holders, names);
			sb_add(b, (r->holders & (r->holders - 1)) ? _("%s rolls %d dice this turn, "
			    "not %d: %s hold a knight each") : _("%s rolls %d dice this turn, not %d: "
			    "%s holds a knight"), who, r->want, r->shown, s.s ? s.s : "");
		}
		free(s.s);
		return;
	}
	(void)g;
	dice_n(&s, r->shown);
	sb_add(b, ngettext("roll %d shows %s, but %d is rolled again: a die not set aside is "
	    "thrown again", "roll %d shows %s, but %d are rolled again: a die not set aside is "
	    "thrown again", r->want), r->roll, s.s ? s.s : "", r->want);
	free(s.s);
}

static void
word_reroll(struct sb *b, const struct dc_refusal *r)
{
	struct sb s = { 0 }, c = { 0 }, a = { 0 };

	dice_n(&s, r->shown);
	if (r->kind == DC_R_CATAPULT_REROLLED) {
		if (r->from_roll == r->roll - 1)
			sb_add(&c, _("roll %d"), r->from_roll);
		else
			sb_add(&c, _("rolls %d and %d"), r->from_roll, r->roll - 1);
		sb_add(b, ngettext("roll %d shows %s, but %d is thrown again: ", "roll %d shows %s, "
		    "but %d are thrown again: ", r->want), r->roll, s.s ? s.s : "", r->want);
		if (r->catapults == 1)
			sb_add(b, _("the catapult of %s went to the next player"), c.s ? c.s : "");
		else
			sb_add(b, _("the %d catapults of %s went to the next player"), r->catapults,
			    c.s ? c.s : "");
		sb_add(b, "%s", _("; catapults leave the turn in every roll (D4)"));
	} else {
		if (r->catapults == 0)
			sb_add(&c, "%s", _("no catapult went out"));
		else
			sb_add(&c, ngettext("%d catapult went out", "%d catapults went out",
			    r->catapults), r->catapults);
		if (r->set_aside == 0)
			sb_add(&a, "%s", _("no die was set aside"));
		else
			sb_add(&a, ngettext("%d die was set aside", "%d dice were set aside",
			    r->set_aside), r->set_aside);
		sb_add(b, _("roll %d shows %s, but only %d may be thrown: after roll %d, %s and %s, "
		    "and set-aside dice are never rolled again"), r->roll, s.s ? s.s : "", r->want,
		    r->roll - 1, c.s ? c.s : "", a.s ? a.s : "");
	}
	free(s.s);
	free(c.s);
	free(a.s);
}

static void
word_result(struct sb *b, const struct dc_game *g, const struct dc_turn *t,
    const struct dc_refusal *r, const char *const *names)
{
	const struct dc_faces *f = dc_game_faces(g);
	struct sb s = { 0 };
	int max = 0;

	for (int n = 0; n <= DC_NDICE; n++)
		if (r->sizes >> n & 1)
			max = n;
	switch (r->kind) {
	case DC_R_RESULT_MISSING:
		if (dc_turn_layout(t)) {
			sb_add(b, _("the result is missing: the layout closes a city of %d dice: "
			    "write = %d"), r->city_size, r->city_size);
			break;
		}
		{
			struct sb up = { 0 }, down = { 0 };

			built_list(f, t, r, &s);
			for (int n = 3, k = 0; n <= DC_NDICE; n++)
				if (r->sizes >> n & 1)
					sb_add(&up, "%s%d", k++ == 0 ? "" : n == max ? _(" or ") : ", ", n);
			for (int n = max; n >= 3; n--)	/* "= 4, = 3 or = 0" */
				if (r->sizes >> n & 1)
					sb_add(&down, "= %d%s", n, !(r->sizes & ((1u << n) - 8))
					    ? _(" or ") : ", ");
			sb_add(b, _("the result is missing: the faces built, %s, can close a city of %s "
			    "dice; write %s= 0"), s.s ? s.s : "", up.s ? up.s : "", down.s ? down.s : "");
			free(up.s);
			free(down.s);
		}
		break;
	case DC_R_KNIGHT_NEEDS_THREE:
		sb_add(b, _("keeping a knight needs 3 knights; %s collected %d (%d set aside, %d in "
		    "the last roll)"), names[r->player], r->knights, r->knights_aside, r->knights_last);
		break;
	case DC_R_CITY_NOT_FORMABLE:
		if (r->size > r->nbuilt) {
			sb_add(b, ngettext("a closed city of %d die needs %d city die; %s built %d",
			    "a closed city of %d dice needs %d city dice; %s built %d", r->size),
			    r->size, r->size, names[r->player], r->nbuilt);
			break;
		}
		built_list(f, t, r, &s);
		sb_add(b, ngettext("no closed city of %d die can be built from %s (faces of %s)",
		    "no closed city of %d dice can be built from %s (faces of %s)", r->size), r->size,
		    s.s ? s.s : "", faces_of(f));
		if (max < 2)
			sb_add(b, "%s", _("; these faces close no city"));
		else
			sb_add(b, _("; they close at most %d"), max);
		break;
	default:	/* DC_R_LAYOUT_RESULT */
		if (r->ncity == 0) {
			sb_add(b, _("this layout has no closed city (its result is 0), not %d"), r->size);
			break;
		}
		for (int k = 0; k < r->ncity; k++) {
			const struct dc_die *d = &t->die[r->city[k]];

			sb_add(&s, "%s%d,%d", k ? " " : "", d->x, d->y);
		}
		sb_add(b, _("the largest closed city of this layout has %d dice (%s), not %d"),
		    r->city_size, s.s ? s.s : "", r->size);
		break;
	}
	free(s.s);
}

int
nt_dice_refusal(const struct dc_game *g, const struct dc_turn *t, const struct dc_refusal *r,
    const char *const *names, char *buf, size_t size)
{
	const struct dc_faces *f = dc_game_faces(g);
	const struct dc_die *d = r->die >= 0 && r->die < t->ndie ? &t->die[r->die] : NULL;
	const struct dc_die *o = r->other >= 0 && r->other < t->ndie ? &t->die[r->other] : NULL;
	int np = dc_game_nplayers(g);
	struct sb b = { 0 };
	char l[DC_CODE_MAX], l2[DC_CODE_MAX];

	switch (r->kind) {
	case DC_R_GAME_OVER:
		if (r->ended_by == DC_END_POINTS)
			sb_add(&b, _("the game is over: %s reached %d points at move %d"),
			    names[r->winner], r->score, r->move);
		else if (r->ended_by == DC_END_CATAPULTS)
			sb_add(&b, _("the game is over: %s rolled nine catapults at move %d"),
			    names[r->winner], r->move);
		else
			sb_add(&b, _("the game is over: it was stopped by end at move %d"), r->move);
		break;
	case DC_R_WRONG_PLAYER:
		if (r->named >= 0 && r->named < np)
			sb_add(&b, _("it is %s's turn, not %s's"), names[r->player], names[r->named]);
		else if (r->named == DC_WHO_NOBODY && t->player != NULL)
			sb_add(&b, _("no player is named \"%s\""), Q(t->player, t->player_len));
		else	/* given twice: nt_dice_play says by whom */
			sb_add(&b, _("it is %s's turn"), names[r->player]);
		break;
	case DC_R_FOURTH_ROLL:
		sb_add(&b, "%s", _("a turn has at most 3 rolls"));
		break;
	case DC_R_NOTHING_TO_ROLL:
		sb_add(&b, _("no die left to roll after roll %d: all were set aside or went out"),
		    r->roll - 1);
		break;
	case DC_R_DICE_COUNT:
		word_dice_count(&b, g, r, names);
		break;
	case DC_R_CATAPULT_REROLLED:
	case DC_R_REROLL_SET_ASIDE:
		word_reroll(&b, r);
		break;
	case DC_R_CATAPULT_KEPT:
		if (np > 1)
			sb_add(&b, _("a catapult is never set aside: it goes to %s"),
			    names[(r->player + 1) % np]);
		else
			sb_add(&b, "%s", _("a catapult is never set aside: it leaves the turn"));
		break;
	case DC_R_PLACEHOLDER_LAST_ROLL:
		sb_add(&b, _("%d. stands for dice thrown again, but roll %d is the last: every face "
		    "of the last roll counts (D3); write them"), d ? d->count : 0, r->roll);
		break;
	case DC_R_LAYOUT_MISSING_PLACE:
		sb_add(&b, _("in a layout every built city die has a square: %s of roll %d has "
		    "none"), d ? DIE_TEXT(f, d) : "?", r->roll);
		break;
	case DC_R_LAYOUT_SQUARE_TAKEN:
		if (d == NULL || o == NULL)
			break;
		sb_add(&b, _("%d,%d already holds %s (roll %d)"), d->x, d->y,
		    dc_face_letters(&f->face[o->face], o->rot, l), roll_of(t, r->other));
		break;
	case DC_R_LAYOUT_EDGES:
		if (d == NULL || o == NULL)
			break;
		{
			unsigned mine = f->face[d->face].edges, theirs = f->face[o->face].edges;
			int s = r->side, os = (s + 2) & 3;
			bool black = (mine >> ((s - d->rot + 4) & 3)) & 1;
			bool oblack = (theirs >> ((os - o->rot + 4) & 3)) & 1;

			sb_add(&b, _("%s at %d,%d: its %s side (%s) touches the %s side (%s) of %s at "
			    "%d,%d"), dc_face_letters(&f->face[d->face], d->rot, l), d->x, d->y,
			    side_name(s), black ? _("black") : _("white"), side_name(os),
			    oblack ? _("black") : _("white"),
			    dc_face_letters(&f->face[o->face], o->rot, l2), o->x, o->y);
		}
		break;
	case DC_R_CATAPULTS_RESULT:
		sb_add(&b, "%s", _("nine catapults ended the turn and the game (D13): no result "
		    "follows"));
		break;
	case DC_R_RESULT_MISSING:
	case DC_R_KNIGHT_NEEDS_THREE:
	case DC_R_CITY_NOT_FORMABLE:
	case DC_R_LAYOUT_RESULT:
		word_result(&b, g, t, r, names);
		break;
	case DC_R_SYNTAX:
		sb_add(&b, "%s", _("expected a move, found nothing"));
		break;
	case DC_R_NOMEM:
		sb_add(&b, "%s", _("out of memory"));
		break;
	default:
		break;
	}
	if (b.len == 0 && !b.oom)
		sb_add(&b, "%s", _("refused"));
	return sb_out(&b, buf, size);
}

/* ------------------------------------------------------------------ */
/* Words of events */

int
nt_dice_why(const struct dc_event *e, const char *const *names, char *buf, size_t size)
{
	struct sb b = { 0 };

	switch (e->feature) {
	case DC_EV_CITY:
		if (e->dice < 3) {
			sb_add(&b, ngettext("closed city of %d die: 0 (fewer than 3 dice score nothing)",
			    "closed city of %d dice: 0 (fewer than 3 dice score nothing)", e->dice),
			    e->dice);
			if (e->doubled)
				sb_add(&b, "%s", _(", doubled: 0"));
		} else if (e->doubled)
			sb_add(&b, _("closed city of %d dice: %d, doubled by the knight kept last turn: "
			    "%d"), e->dice, e->base, e->points);
		else
			sb_add(&b, _("closed city of %d dice: %d"), e->dice, e->base);
		break;
	case DC_EV_NO_CITY:
		sb_add(&b, "%s", e->doubled ? _("no closed city: 0, doubled: 0") :
		    _("no closed city: 0"));
		break;
	case DC_EV_KNIGHT:
		if (e->again)
			sb_add(&b, _("%d knights collected: %s keeps one again; this turn's double is "
			    "lost; double next turn"), e->knights, names[e->player]);
		else
			sb_add(&b, _("%d knights collected: %s keeps one, scores nothing now and double "
			    "next turn"), e->knights, names[e->player]);
		break;
	case DC_EV_CATAPULTS:
		sb_add(&b, "%s", _("nine catapults in one turn"));
		if (e->nrolls > 1) {
			sb_add(&b, " (");
			for (int k = 0; k < e->nrolls && k < DC_MAXROLLS; k++)
				sb_add(&b, "%s%d", k ? " + " : "", e->catapults[k]);
			sb_add(&b, ")");
		}
		break;
	case DC_EV_WIN:
		if (e->ended_by == DC_END_CATAPULTS)
			sb_add(&b, _("nine catapults: %s wins, whatever the scores"), names[e->player]);
		else
			sb_add(&b, _("%s has %d points, %d or more: %s wins"), names[e->player], e->total,
			    DC_TARGET, names[e->player]);
		break;
	}
	return sb_out(&b, buf, size);
}

/* ------------------------------------------------------------------ */
/* Playing a line */

int
nt_dice_play(struct dc_game *g, const char *const *names, const char *line, size_t len,
    const char *player, struct nt_dice_error *err)
{
	struct dc_refusal why;
	struct dc_turn t;
	int who = DC_WHO_ANY, rc = 0;

	dc_turn_init(&t);
	if (nt_dice_parse(dc_game_faces(g), line, len, &t, err) < 0) {
		dc_turn_free(&t);
		return -1;
	}
	if (t.blank) {
		err->kind = DC_R_SYNTAX;
		err->column = 1;
		snprintf(err->msg, sizeof err->msg, "%s", _("expected a move, found nothing"));
		dc_turn_free(&t);
		return -1;
	}
	if (player != NULL && t.player != NULL)
		who = DC_WHO_TWICE;
	else if (player != NULL || t.player != NULL) {
		const char *name = player != NULL ? player : t.player;
		size_t n = player != NULL ? strlen(player) : t.player_len;

		who = DC_WHO_NOBODY;
		for (int p = 0; p < dc_game_nplayers(g); p++)
			if (nt_name_eq(names[p], strlen(names[p]), name, n))
				who = p;
		if (player != NULL) {
			t.player = player;
			t.player_len = n;
		}
	}
	if (!dc_game_play(g, &t, who, &why)) {
		err->kind = why.kind;
		err->column = why.column > 0 ? why.column : 1;
		if (why.kind == DC_R_WRONG_PLAYER && who == DC_WHO_TWICE)
			snprintf(err->msg, sizeof err->msg, _("the player is given twice (\"%s:\" and "
			    "\"%s:\")"), NT_QS(player), Q(t.player, t.player_len));
		else
			nt_dice_refusal(g, &t, &why, names, err->msg, sizeof err->msg);
		rc = -1;
	}
	dc_turn_free(&t);
	return rc;
}

/* ------------------------------------------------------------------ */
/* At the table */

/* "Anna 6, Ben 1" for every player, or every one but skip. */
static void
score_list(struct sb *b, const struct dc_game *g, const char *const *names, int skip)
{
	bool first = true;

	for (int p = 0; p < dc_game_nplayers(g); p++)
		if (p != skip) {
			sb_add(b, "%s%s %d", first ? "" : ", ", names[p], dc_game_score(g, p));
			first = false;
		}
}

int
nt_dice_standings(const struct dc_game *g, const char *const *names, char *buf, size_t size)
{
	struct sb b = { 0 }, s = { 0 };
	int w = dc_game_winner(g);

	if (dc_game_over(g)) {
		switch (dc_game_ended_by(g)) {
		case DC_END_POINTS:
			score_list(&s, g, names, w);
			sb_add(&b, _("game over: %s wins with %d points"), names[w], dc_game_score(g, w));
			if (s.s != NULL)
				sb_add(&b, " (%s)", s.s);
			break;
		case DC_END_CATAPULTS:
			score_list(&s, g, names, -1);
			sb_add(&b, _("nine catapults: %s wins (%s)"), names[w], s.s ? s.s : "");
			break;
		default:
			score_list(&s, g, names, -1);
			sb_add(&b, _("game stopped: no winner (%s)"), s.s ? s.s : "");
			break;
		}
		free(s.s);
		return sb_out(&b, buf, size);
	}
	for (int p = 0; p < dc_game_nplayers(g); p++)
		sb_add(&b, "%s%s %d%s", p ? ", " : "", names[p], dc_game_score(g, p),
		    dc_game_holding(g, p) ? _(" [knight]") : "");
	sb_add(&b, _("; %s to play, %d dice; first to %d"), names[dc_game_turn(g)], dc_game_dice(g),
	    DC_TARGET);
	return sb_out(&b, buf, size);
}

int
nt_dice_roll_summary(const struct dc_faces *f, const struct dc_turn *t,
    const struct dc_progress *p, char *buf, size_t size)
{
	const struct dc_roll *r = t->nroll > 0 ? &t->roll[t->nroll - 1] : NULL;
	int knights = 0, catapults = 0, cities = 0, unnoted = 0, parts = 0;
	struct sb b = { 0 };

	(void)f;
	if (r == NULL)
		return sb_out(&b, buf, size);
	for (int i = r->first; i < r->first + r->n; i++)
		switch (t->die[i].kind) {
		case DC_DIE_KNIGHT: knights++; break;
		case DC_DIE_CATAPULT: catapults++; break;
		case DC_DIE_CITY: cities++; break;
		default: unnoted += t->die[i].count; break;
		}
	sb_add(&b, _("roll %d of %d, %d dice:"), t->nroll, DC_MAXROLLS, p->thrown[t->nroll - 1]);
	if (knights > 0) {
		sb_add(&b, "%s", parts++ ? ", " : " ");
		sb_add(&b, ngettext("%d knight", "%d knights", knights), knights);
	}
	if (catapults > 0) {
		sb_add(&b, "%s", parts++ ? ", " : " ");
		sb_add(&b, ngettext("%d catapult (out)", "%d catapults (out)", catapults), catapults);
	}
	if (cities > 0) {
		sb_add(&b, "%s", parts++ ? ", " : " ");
		sb_add(&b, ngettext("%d city face", "%d city faces", cities), cities);
	}
	if (unnoted > 0) {
		sb_add(&b, "%s", parts++ ? ", " : " ");
		sb_add(&b, ngettext("%d not noted", "%d not noted", unnoted), unnoted);
	}
	if (p->nine)
		sb_add(&b, "%s", _("; nine catapults this turn"));
	return sb_out(&b, buf, size);
}

int
nt_dice_keep_summary(const struct dc_faces *f, const struct dc_turn *t,
    const struct dc_progress *p, char *buf, size_t size)
{
	const struct dc_roll *r = t->nroll > 0 ? &t->roll[t->nroll - 1] : NULL;
	struct sb b = { 0 }, kept = { 0 };

	for (int i = r ? r->first : 0; r != NULL && i < r->first + r->n; i++) {
		const struct dc_die *d = &t->die[i];
		char w[40];

		if (d->kept && d->kind != DC_DIE_CATAPULT)
			sb_add(&kept, "%s%s", kept.len ? " " : "", die_text(f, d, w, sizeof w) +
			    (w[0] == '+'));
	}
	sb_add(&b, _("set aside: %s"), kept.s ? kept.s : _("nothing"));
	free(kept.s);
	if (p->rolls_left == 0)
		sb_add(&b, _("; roll %d was the last: claim the turn"), p->nrolls);
	else if (p->to_throw == 0)
		sb_add(&b, "%s", _("; no die left to roll: claim the turn"));
	else
		sb_add(&b, ngettext("; %d die to roll (roll %d of %d)", "; %d dice to roll (roll %d of %d)",
		    p->to_throw), p->to_throw, p->nrolls + 1, DC_MAXROLLS);
	return sb_out(&b, buf, size);
}

void
nt_dice_draw_face(const struct dc_face *face, int rot, char rows[3][6])
{
	uint8_t piece[4], edges = 0;
	int np = face->npieces;

	/* the sides as it lies, and the pieces that cross the middle */
	for (int k = 0; k < np; k++) {
		piece[k] = (uint8_t)(((face->piece[k] << (rot & 3)) | (face->piece[k] >> (4 - (rot & 3)))) & 15);
		edges |= piece[k];
	}
	memcpy(rows[0], ".....", 6);
	memcpy(rows[1], ".....", 6);
	memcpy(rows[2], ".....", 6);
	for (int k = 0; k < np; k++) {
		unsigned m = piece[k];

		if (m & (m - 1)) {	/* two sides or more: through the middle */
			rows[1][2] = '#';
			if (m >> DC_W & 1)
				rows[1][1] = '#';
			if (m >> DC_E & 1)
				rows[1][3] = '#';
			if ((m >> DC_N & 1) && (m >> DC_E & 1))
				rows[0][4] = '#';
			if ((m >> DC_E & 1) && (m >> DC_S & 1))
				rows[2][4] = '#';
			if ((m >> DC_S & 1) && (m >> DC_W & 1))
				rows[2][0] = '#';
			if ((m >> DC_W & 1) && (m >> DC_N & 1))
				rows[0][0] = '#';
		}
	}
	if (edges >> DC_N & 1)
		memcpy(rows[0] + 1, "###", 3);
	if (edges >> DC_S & 1)
		memcpy(rows[2] + 1, "###", 3);
	if (edges >> DC_W & 1)
		rows[1][0] = '#';
	if (edges >> DC_E & 1)
		rows[1][4] = '#';
}

/* The distinct values of v[0..n) sorted, into out; their count. */
static int
distinct(const int *v, int n, int *out)
{
	int k = 0;

	for (int i = 0; i < n; i++) {
		int j = k;

		while (j > 0 && out[j - 1] > v[i])
			j--;
		if (j > 0 && out[j - 1] == v[i])
			continue;
		memmove(out + j + 1, out + j, (size_t)(k - j) * sizeof *out);
		out[j] = v[i];
		k++;
	}
	return k;
}

/* The index of v in the sorted values of vals[0..n). */
static int
index_of(const int *vals, int n, int v)
{
	int k = 0;

	while (k < n - 1 && vals[k] != v)
		k++;
	return k;
}

int
nt_dice_draw_layout(const struct dc_faces *f, const struct dc_turn *t, char *buf, size_t size)
{
	int n = 0, xs[DC_NDICE], ys[DC_NDICE], die[DC_NDICE], cx[DC_NDICE], cy[DC_NDICE], ncx, ncy;
	int colx[DC_NDICE], rowy[DC_NDICE], grid[2 * DC_NDICE][2 * DC_NDICE], nrows, ncols;
	struct sb b = { 0 };

	for (int i = 0; i < t->ndie && n < DC_NDICE; i++) {
		const struct dc_die *d = &t->die[i];
		bool taken = false;

		if (d->kind != DC_DIE_CITY || !d->placed || d->face >= DC_NFACES)
			continue;
		for (int k = 0; k < n; k++)
			taken |= xs[k] == d->x && ys[k] == d->y;
		if (!taken) {
			xs[n] = d->x;
			ys[n] = d->y;
			die[n++] = i;
		}
	}
	if (n == 0)
		return sb_out(&b, buf, size);
	/* a column per x, west first, and a row per y, north first; a blank
	 * one between values that are not neighbours */
	ncx = distinct(xs, n, cx);
	ncy = distinct(ys, n, cy);
	for (int k = 0, c = 0; k < ncx; k++)
		colx[k] = c += k > 0 ? 1 + ((long)cx[k] - cx[k - 1] > 1) : 0;
	for (int k = ncy - 1, r = 0; k >= 0; k--)
		rowy[k] = r += k < ncy - 1 ? 1 + ((long)cy[k + 1] - cy[k] > 1) : 0;
	ncols = colx[ncx - 1] + 1;
	nrows = rowy[0] + 1;
	for (int r = 0; r < nrows; r++)
		for (int c = 0; c < ncols; c++)
			grid[r][c] = -1;
	for (int j = 0; j < n; j++)
		grid[rowy[index_of(cy, ncy, ys[j])]][colx[index_of(cx, ncx, xs[j])]] = die[j];
	for (int r = 0; r < nrows; r++)
		for (int line = 0; line < 3; line++) {
			int blanks = 0;
			bool any = false;

			for (int c = 0; c < ncols; c++) {
				char rows[3][6];

				if (grid[r][c] < 0) {
					blanks += 5;
					continue;
				}
				nt_dice_draw_face(&f->face[t->die[grid[r][c]].face], t->die[grid[r][c]].rot, rows);
				sb_add(&b, "%*s%s", blanks, "", rows[line]);
				blanks = 0;
				any = true;
			}
			if (any || line == 1)	/* a row between groups: one blank line */
				sb_add(&b, "\n");
		}
	return sb_out(&b, buf, size);
}

/* ------------------------------------------------------------------ */
/* The faces written back */

/* A YAML double-quoted scalar. */
static void
yaml_quoted(struct sb *b, const char *s)
{
	sb_add(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			sb_add(b, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			sb_add(b, "\\x%02x", c);
		else
			sb_add(b, "%c", c);
	}
	sb_add(b, "\"");
}

char *
nt_dice_faces_yaml(const struct dc_faces *f, const char *indent)
{
	static const char sides[] = "NESW";
	struct sb b = { 0 };

	for (int i = 0; i < DC_NFACES; i++) {
		const struct dc_face *fc = &f->face[i];

		sb_add(&b, "%s- {code: %s", indent ? indent : "", fc->code);
		if (fc->nalso > 0) {
			sb_add(&b, ", also: [");
			for (int k = 0; k < fc->nalso; k++)
				sb_add(&b, "%s%s", k ? ", " : "", fc->also[k]);
			sb_add(&b, "]");
		}
		sb_add(&b, ", edges: %c %c %c %c, cities: [", fc->code[0], fc->code[1], fc->code[2],
		    fc->code[3]);
		for (int p = 0; p < fc->npieces; p++) {
			bool first = true;

			sb_add(&b, "%s[", p ? ", " : "");
			for (int s = 0; s < 4; s++)
				if (fc->piece[p] >> s & 1) {
					sb_add(&b, "%s%c", first ? "" : ", ", sides[s]);
					first = false;
				}
			sb_add(&b, "]");
		}
		sb_add(&b, "]");
		if (fc->name != NULL) {
			sb_add(&b, ", name: ");
			yaml_quoted(&b, fc->name);
		}
		if (fc->doubt != NULL) {
			sb_add(&b, ", doubt: ");
			yaml_quoted(&b, fc->doubt);
		}
		sb_add(&b, "}\n");
	}
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	return b.s;
}
