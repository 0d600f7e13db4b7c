/*
 * fuzz_dice.c -- the dice game: turn lines played on a game, and face
 * files loaded (rules/dice.c, rules/dice-faces.c, notation/dice.c).
 *
 * The first byte chooses: 0xfe, the rest is a game record, read and
 * replayed through the dice game's row of the game layer (dice-game.c);
 * any other even byte, a face file (or a list of faces) for
 * dc_faces_parse; odd, it is turn lines, one a line, played with
 * nt_dice_play on a game of 1 to 5 players (the byte's next bits) on the
 * shipped faces.
 *
 * Holds the code to: no crash, no read outside the input; a face set that
 * loads has four faces whose codes, names and turned letters are found
 * again by dc_faces_lookup, and written back as a record's faces: it
 * loads again the same; its size-only search answers for small counts.  A
 * turn line either reads (its canonical form reads back and writes the
 * same, dc_turn_complete and the table's queries never fail badly) or is
 * refused with a kind of reading, a column inside the line and a message.
 * Played, a line refused leaves the game exactly as it was and says why
 * (a kind, a column, a message); a line accepted is stored in canonical
 * form.  At the end the game equals a replay of its stored moves, and
 * undoing every move gives back the new game.  A record: the fast path
 * and libyaml read it alike (or refuse it with the same kind); one that
 * reads is replayed by the row (a refusal has its kind, its move, a
 * message); its text as carcref writes it (the header made to name its
 * faces) reads again and replays to the same game, and is written again
 * the same; fmt takes it, and what fmt writes of any record reads again
 * with the same players and moves.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../slurp.h"
#include "../dice_snap.h"
#include "rules/dice.h"
#include "notation/dice.h"
#include "notation/record.h"

int	LLVMFuzzerInitialize(int *argc, char ***argv);
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(cond, ...) do { \
	if (!(cond)) { \
		fprintf(stderr, "\n%s:%d: invariant broken: %s\n  ", __FILE__, __LINE__, #cond); \
		fprintf(stderr, __VA_ARGS__); \
		fputc('\n', stderr); \
		abort(); \
	} \
} while (0)

static struct dc_faces shipped;
static const char *const names[DC_MAXPLAYERS] = { "Anna", "Ben", "Carl", "Dora", "Emil" };

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir = getenv("CARCREF_DATA");
	char path[4096];
	struct dc_error err;
	size_t len = 0;
	char *text;

	(void)argc;
	snprintf(path, sizeof path, "%s/dice-faces.yaml", dir ? dir : "rules/tiles");
	if ((text = tu_slurp(path, &len)) == NULL) {
		const char *self = (*argv)[0], *slash = strrchr(self, '/');

		snprintf(path, sizeof path, "%.*s/../../rules/tiles/dice-faces.yaml",
		    slash ? (int)(slash - self) : 1, slash ? self : ".");
		text = tu_slurp(path, &len);
	}
	if (text == NULL || dc_faces_parse(&shipped, text, len, &err) < 0) {
		fprintf(stderr, "fuzz_dice: cannot load %s\n", path);
		exit(2);
	}
	dc_faces_origin(&shipped, DC_FROM_SHIPPED, "dice-faces.yaml");
	free(text);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Face files */

static void
check_faces(const struct dc_faces *f)
{
	struct dc_faces again;
	struct dc_error err;
	char *yaml;

	for (int i = 0; i < DC_NFACES; i++) {
		const struct dc_face *fc = &f->face[i];
		int rot;
		bool by_name;

		CHECK(fc->edges != 0 && fc->edges < 16 && fc->npieces >= 1 && fc->npieces <= 4,
		    "face %d: edges %#x, %d pieces", i, fc->edges, fc->npieces);
		CHECK(dc_faces_lookup(f, fc->code, strlen(fc->code), &rot, &by_name) == i && rot == 0,
		    "face %d: its code %s finds face %d", i, fc->code,
		    dc_faces_lookup(f, fc->code, strlen(fc->code), &rot, &by_name));
		for (int r = 0; r < 4; r++) {
			char l[DC_CODE_MAX], back[DC_CODE_MAX];
			int k = dc_faces_lookup(f, dc_face_letters(fc, r, l), strlen(l), &rot, &by_name);

			CHECK(k == i && strcmp(dc_face_letters(fc, rot, back), l) == 0,
			    "face %d turned %d (%s) finds face %d turned %d", i, r, l, k, rot);
		}
		for (int k = 0; k < fc->nalso; k++)
			CHECK(dc_faces_lookup(f, fc->also[k], strlen(fc->also[k]), &rot, &by_name) == i &&
			    by_name, "face %d: its name %s", i, fc->also[k]);
	}
	yaml = nt_dice_faces_yaml(f, "  ");
	CHECK(yaml != NULL, "out of memory");
	if (dc_faces_parse(&again, yaml, strlen(yaml), &err) < 0) {
		fprintf(stderr, "%s", yaml);
		CHECK(false, "the faces written back do not load: %d:%d: %s", err.line, err.column,
		    err.msg);
	}
	CHECK(dc_faces_same(f, &again), "the faces written back load as others");
	dc_faces_free(&again);
	free(yaml);
	/* the search, on small counts */
	for (int n = 0; n < 40; n++) {
		int counts[DC_NFACES] = { n % 3, n / 3 % 2, n / 6 % 2, n / 12 % 3 };
		unsigned m = dc_formable(f, counts);

		CHECK((m & 1) && !(m & 2) && m < (1u << 7), "sizes %#x", m);
	}
}

/* faces --check's reports: the first kept, all counted. */
struct reports {
	struct dc_error	first;
	int		n;
};

static void
report(void *arg, const struct dc_error *e)
{
	struct reports *r = arg;

	CHECK(e->msg[0] != '\0', "a report without a message");
	if (r->n++ == 0)
		r->first = *e;
}

static void
faces_input(const char *text, size_t len)
{
	struct dc_faces f;
	struct dc_error err;
	struct reports r = { .n = 0 };
	int rc = dc_faces_parse(&f, text, len, &err), n = dc_faces_check(text, len, report, &r);

	CHECK(n == r.n && (n == 0) == (rc == 0), "check: %d failures, the loader %d", n, rc);
	CHECK(rc == 0 || (r.first.line == err.line && r.first.column == err.column &&
	    strcmp(r.first.msg, err.msg) == 0), "check's first failure, %d:%d: %s, is not the "
	    "loader's, %d:%d: %s", r.first.line, r.first.column, r.first.msg, err.line, err.column,
	    err.msg);
	if (rc < 0) {
		CHECK(err.msg[0] != '\0' && memchr(err.msg, '\0', sizeof err.msg) != NULL,
		    "an error without a message");
		CHECK(err.line >= 0 && err.column >= 0, "error at %d:%d", err.line, err.column);
		CHECK(f.cache == NULL && f.source == NULL && f.face[0].also == NULL,
		    "a refused set keeps memory");
		return;
	}
	check_faces(&f);
	dc_faces_free(&f);
}

/* ------------------------------------------------------------------ */
/* Turn lines */

/* The line reads: its canonical form reads back the same; the queries
 * answer. */
static void
check_reading(const struct dc_game *g, const char *line, size_t len, const struct dc_turn *t0)
{
	struct dc_turn t, u;
	struct nt_dice_error err;
	struct dc_refusal why;
	struct dc_progress p;
	struct dc_city cities[40];
	struct dc_fit fits[40];
	char *a, *b;
	unsigned sizes;
	bool knight;
	int n, m;

	(void)line;
	(void)len;
	CHECK(dc_turn_copy(&t, t0), "out of memory");
	dc_turn_complete(&shipped, &t);
	n = nt_dice_format(&shipped, &t, NULL, 0, NULL, 0);
	CHECK(n >= 0, "format returned %d", n);
	a = malloc((size_t)n + 1);
	CHECK(a != NULL, "out of memory");
	CHECK(nt_dice_format(&shipped, &t, NULL, 0, a, (size_t)n + 1) == n, "two lengths");
	dc_turn_init(&u);
	if (nt_dice_parse(&shipped, a, (size_t)n, &u, &err) < 0)
		CHECK(false, "the canonical \"%s\" does not read: column %d: %s", a, err.column, err.msg);
	m = nt_dice_format(&shipped, &u, NULL, 0, NULL, 0);
	b = malloc((size_t)m + 1);
	CHECK(b != NULL, "out of memory");
	nt_dice_format(&shipped, &u, NULL, 0, b, (size_t)m + 1);
	CHECK(strcmp(a, b) == 0, "format is not stable: \"%s\", then \"%s\"", a, b);
	CHECK(dc_turn_layout(&t) == dc_turn_layout(&u), "the layout changed: \"%s\"", a);
	/* the queries of the table: no crash, answers in range */
	if (dc_game_check_prefix(g, &t, DC_WHO_ANY, &why, &p))
		CHECK(p.nrolls <= DC_MAXROLLS && p.nbuilt <= DC_NDICE && p.to_throw >= 0 &&
		    p.to_throw <= DC_NDICE, "progress out of range");
	else
		CHECK(dc_rkind_name(why.kind) != NULL, "a refusal of kind %d", why.kind);
	if (dc_game_claims(g, &t, &sizes, &knight, &why))	/* a layout: its own size only */
		CHECK(dc_turn_layout(&t) ? sizes != 0 && !(sizes & (sizes - 1)) : (sizes & 1) != 0,
		    "claims %#x", sizes);
	CHECK(dc_layout_cities(&shipped, &t, cities, 40) <= 4 * DC_NDICE, "cities");
	for (int k = 0; k < DC_NFACES; k++)
		CHECK(dc_layout_fits(&shipped, &t, k, fits, 40) <= 4 * 4 * DC_NDICE, "fits");
	free(a);
	free(b);
	dc_turn_free(&t);
	dc_turn_free(&u);
}

static void
play_line(struct dc_game *g, const char *line, size_t len)
{
	struct nt_dice_error err;
	struct dc_turn t;
	struct ds_snap before;
	int rc;

	dc_turn_init(&t);
	rc = nt_dice_parse(&shipped, line, len, &t, &err);
	if (rc < 0) {
		CHECK(err.kind == DC_R_SYNTAX || err.kind == DC_R_UNKNOWN_FACE ||
		    err.kind == DC_R_FACE_NOT_IN_DATA || err.kind == DC_R_AMBIGUOUS_FACE ||
		    err.kind == DC_R_NOMEM, "a reading error of kind %s", dc_rkind_name(err.kind));
		CHECK(err.column >= 1 && (size_t)err.column <= len + 1, "column %d of %zu", err.column, len);
		CHECK(err.msg[0] != '\0', "no message");
	} else if (!t.blank)
		check_reading(g, line, len, &t);
	dc_turn_free(&t);
	ds_take(g, &before);
	rc = nt_dice_play(g, names, line, len, NULL, &err);
	if (rc < 0) {
		CHECK(ds_same_as(g, &before), "a refused line changed the game");
		CHECK(dc_rkind_name(err.kind) != NULL && err.kind != DC_R_NOMEM, "kind %d", err.kind);
		CHECK(err.column >= 1 && (size_t)err.column <= len + 1, "column %d of %zu: %s",
		    err.column, len, err.msg);
		CHECK(err.msg[0] != '\0' && strcmp(err.msg, "refused") != 0, "no words for %s",
		    dc_rkind_name(err.kind));
	} else {
		CHECK(dc_game_nmoves(g) == before.nmoves + 1, "accepted, %d moves", dc_game_nmoves(g));
		for (int i = before.nevents; i < dc_game_nevents(g); i++) {
			char why[256];

			CHECK(nt_dice_why(dc_game_event(g, i), names, why, sizeof why) > 0, "no why");
		}
	}
	ds_free(&before);
}

static void
lines_input(const uint8_t *data, size_t size, int nplayers)
{
	struct dc_game *g = dc_game_new(&shipped, nplayers), *r = dc_game_new(&shipped, nplayers);
	struct dc_game *fresh = dc_game_new(&shipped, nplayers);
	const char *p = (const char *)data, *e = p + size;
	struct ds_snap s;

	CHECK(g != NULL && r != NULL && fresh != NULL, "out of memory");
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(e - p);
		char *copy = malloc(len ? len : 1);	/* exactly its bytes */

		CHECK(copy != NULL, "out of memory");
		memcpy(copy, p, len);
		play_line(g, copy, len);
		free(copy);
		p += len + (nl != NULL);
	}
	/* the stored moves replay to the same game */
	for (int i = 0; i < dc_game_nmoves(g); i++) {
		struct nt_dice_error err;
		char line[1024];
		int n = nt_dice_format(&shipped, dc_game_move(g, i), NULL, 0, line, sizeof line);

		CHECK(n > 0 && (size_t)n < sizeof line, "a move of %d bytes", n);
		if (nt_dice_play(r, names, line, (size_t)n, NULL, &err) < 0)
			CHECK(false, "move %d, \"%s\", refused on replay: %s", i + 1, line, err.msg);
	}
	ds_take(r, &s);
	CHECK(ds_same_as(g, &s), "the replay differs");
	ds_free(&s);
	while (dc_game_undo(g))
		;
	ds_take(fresh, &s);
	CHECK(ds_same_as(g, &s), "undoing everything does not give the new game");
	ds_free(&s);
	dc_game_free(g);
	dc_game_free(r);
	dc_game_free(fresh);
}

/* ------------------------------------------------------------------ */
/* Records */

static const void *
world_of(void *arg, const struct nt_game *g, const struct nt_record *hdr)
{
	(void)arg, (void)hdr;
	return g == &nt_game_dice ? &shipped : NULL;
}

static void
sb_put(void *arg, const char *s, size_t n)
{
	char **b = arg;
	size_t have = *b ? strlen(*b) : 0;
	char *t;

	if (s == NULL)
		return;
	t = realloc(*b, have + n + 1);
	CHECK(t != NULL, "out of memory");
	memcpy(t + have, s, n);
	t[have + n] = '\0';
	*b = t;
}

static void
sb_reset(void *arg)
{
	char **b = arg;

	free(*b);
	*b = NULL;
}

/* A record's game replayed by the row; NULL if it is not the dice game's. */
static void *
replayed(const struct nt_record *r, bool *ok, struct nt_replay_error *err)
{
	void *g;

	if (nt_record_game(r) != &nt_game_dice)
		return NULL;
	g = nt_game_dice.create(&shipped, r, err);
	CHECK(g != NULL, "a dice record's game cannot start: %s", err->msg);
	*ok = nt_game_replay(&nt_game_dice, g, &shipped, r, err);
	return g;
}

/* What fmt writes of text (f, NULL if it refused) reads as r does. */
static void
fmt_reads(const char *text, size_t len, const struct nt_record *r, bool must)
{
	const struct nt_worlds w = { world_of, NULL };
	struct nt_fmt_error fe;
	struct nt_record y;
	struct cr_error err;
	char *f = NULL;

	if (nt_record_fmt_with(text, len, &w, sb_put, sb_reset, &f, &fe) == 0) {
		CHECK(f != NULL && nt_record_parse(&y, f, strlen(f), &err) == 0,
		    "fmt wrote what does not read: %s", err.msg);
		CHECK(y.nplayers == r->nplayers && y.nmoves == r->nmoves, "fmt changed the record");
		nt_record_free(&y);
	} else
		CHECK(!must && fe.msg[0] != '\0', "fmt refused: %d:%d: %s", fe.line, fe.column, fe.msg);
	free(f);
}

static void
record_input(const char *text, size_t len)
{
	struct nt_record r, y, r2;
	struct nt_replay_error e, e2;
	struct cr_error err, yerr;
	struct ds_snap snap;
	char *out, *again;
	int rc = nt_record_parse(&r, text, len, &err), ry;
	bool ok, ok2;
	void *g, *g2;

	ry = nt_record_parse_yaml(&y, text, len, &yerr);
	CHECK((rc == 0) == (ry == 0), "the readers disagree: %d (%s), libyaml %d (%s)", rc,
	    rc ? err.msg : "", ry, ry ? yerr.msg : "");
	if (ry == 0)
		nt_record_free(&y);
	if (rc < 0) {
		CHECK(err.msg[0] != '\0', "a refusal without words");
		CHECK((err.kind == NULL) == (yerr.kind == NULL) &&
		    (err.kind == NULL || strcmp(err.kind, yerr.kind) == 0), "kinds %s and %s",
		    err.kind ? err.kind : "-", yerr.kind ? yerr.kind : "-");
		return;
	}
	if ((g = replayed(&r, &ok, &e)) == NULL) {
		nt_record_free(&r);
		return;
	}
	if (!ok)
		CHECK(e.kind != NULL && e.move >= 1 && e.move <= r.nmoves && e.msg[0] != '\0' &&
		    e.column >= 1, "move %d of %d refused: %s: %s", e.move, r.nmoves,
		    e.kind ? e.kind : "-", e.msg);
	fmt_reads(text, len, &r, false);
	/* Written as carcref writes it, its faces named: the same game. */
	CHECK(nt_game_dice.header_own(&r, g) >= 0, "out of memory");
	out = nt_record_text(&r, g);
	CHECK(out != NULL, "out of memory");
	if (nt_record_parse(&r2, out, strlen(out), &err) < 0) {
		fprintf(stderr, "%s", out);
		CHECK(false, "the record written does not read: %d:%d: %s", err.line, err.column,
		    err.msg);
	}
	CHECK(r2.nplayers == r.nplayers && nt_dice_record_faces(&r2) != NULL &&
	    dc_faces_same(nt_dice_record_faces(&r2), dc_game_faces(g)), "another header");
	g2 = replayed(&r2, &ok2, &e2);
	CHECK(g2 != NULL && ok2, "the record written does not replay: move %d: %s", e2.move,
	    e2.msg);
	ds_take(g, &snap);
	CHECK(ds_same_as(g2, &snap), "the record written is another game");
	ds_free(&snap);
	again = nt_record_text(&r2, g2);
	CHECK(again != NULL && strcmp(again, out) == 0, "written twice, not the same");
	fmt_reads(out, strlen(out), &r2, true);
	free(again);
	free(out);
	nt_game_dice.free(g2);
	nt_game_dice.free(g);
	nt_record_free(&r2);
	nt_record_free(&r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0 || size > 16384)
		return -1;
	if (data[0] == 0xfe) {
		char *text = malloc(size);

		CHECK(text != NULL, "out of memory");
		memcpy(text, data + 1, size - 1);
		text[size - 1] = '\0';
		record_input(text, size - 1);
		free(text);
	} else if (data[0] & 1)

		lines_input(data + 1, size - 1, 1 + (data[0] >> 1) % DC_MAXPLAYERS);
	else {
		char *text = malloc(size - 1 ? size - 1 : 1);

		CHECK(text != NULL, "out of memory");
		memcpy(text, data + 1, size - 1);
		faces_input(text, size - 1);
		free(text);
	}
	return 0;
}
