/*
 * fuzz.h -- shared helpers for the libFuzzer harnesses (tests/fuzz/fuzz_*.c):
 * the base tile set loaded once, a failing check that aborts with a
 * message (libFuzzer then saves the input), a snapshot of an engine game
 * and the invariants every harness holds the engine to.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../slurp.h"
#include "rules/game.h"
#include "rules/tileset.h"
#include "notation/move.h"
#include "notation/explain.h"
#include "notation/move.h"
#include "notation/record.h"
#include "rules/ext.h"

int	LLVMFuzzerInitialize(int *argc, char ***argv);
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken invariant: say which, then abort so libFuzzer keeps the input. */
#define FZ_CHECK(cond, ...) do { \
	if (!(cond)) \
		fz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__); \
} while (0)

static inline void fz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 4, 5)));

static inline void
fz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "\n%s:%d: invariant broken: %s\n  ", file, line, cond);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/*
 * The base set, from $CARCREF_DATA/base.yaml, else rules/tiles/base.yaml
 * (from the repository root), else next to the harness binary
 * (.build/fuzz/NAME -> ../../rules/tiles).  Exits if none loads: a
 * harness without its tile set would test nothing.
 */
static struct cr_tileset fz_base;

/* The same move, fields that do not apply to its kind aside. */
static inline bool
fz_same_move(const struct cr_move *a, const struct cr_move *b)
{
	return a->kind == b->kind && (a->kind == CR_MOVE_END || a->tile == b->tile) &&
	    (a->kind != CR_MOVE_PLACE || (a->x == b->x && a->y == b->y && a->rot == b->rot &&
	    a->role == b->role && (a->role == CR_ROLE_NONE || a->spot == b->spot)));
}

/* The move's canonical text reads back as the move. */
static inline void
fz_check_notation(const struct cr_tileset *ts, const struct cr_move *m)
{
	char buf[128];
	struct nt_turn t;
	struct nt_error err;
	int n = nt_format_move(ts, m, NULL, buf, sizeof buf);

	FZ_CHECK(n > 0 && (size_t)n < sizeof buf, "nt_format_move returned %d", n);
	if (nt_parse_move(ts, buf, (size_t)n, &t, &err) < 0)
		fz_fail(__FILE__, __LINE__, "nt_parse_move(nt_format_move(m)) == 0",
		    "\"%s\": column %d: %s", buf, err.column, err.msg);
	FZ_CHECK(!t.blank && fz_same_move(m, &t.move), "\"%s\" reads back as another move", buf);
}

/* One module's tile file from the first directory that has base.yaml. */
static inline void
fz_load_one(const char *dir, const char *file, struct cr_tileset *ts)
{
	char path[4200];
	struct cr_error err;
	size_t len = 0;
	char *text;

	snprintf(path, sizeof path, "%s/%s", dir, file);
	if ((text = tu_slurp(path, &len)) == NULL) {
		fprintf(stderr, "fuzz: cannot read %s\n", path);
		exit(2);
	}
	if (cr_tileset_parse(ts, text, len, &err) < 0) {
		fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.msg);
		exit(2);
	}
	free(text);
}

/* The tile set of every module, merged as carcref merges it (cmd/setup.c):
 * the base game's types first, so fz_base is the base set plus the
 * expansions' tiles, which a game holds only when they are in play. */
static inline void
fz_load_base(const char *argv0)
{
	static bool loaded;
	const char *dir = getenv("CARCREF_DATA");
	char dirs[3][4096], probe[4200];
	int ndirs = 0;

	if (loaded)
		return;
	if (dir != NULL && *dir)
		snprintf(dirs[ndirs++], sizeof dirs[0], "%s", dir);
	snprintf(dirs[ndirs++], sizeof dirs[0], "rules/tiles");
	if (argv0 != NULL && strrchr(argv0, '/') != NULL)
		snprintf(dirs[ndirs++], sizeof dirs[0], "%.*s/../../rules/tiles",
		    (int)(strrchr(argv0, '/') - argv0), argv0);
	for (int i = 0; i < ndirs; i++) {
		FILE *f;

		snprintf(probe, sizeof probe, "%s/%s", dirs[i], cr_exts[0]->tiles);
		if ((f = fopen(probe, "r")) == NULL)
			continue;
		fclose(f);
		fz_load_one(dirs[i], cr_exts[0]->tiles, &fz_base);
		for (int e = 1; e < cr_nexts; e++) {
			struct cr_tileset more;
			struct cr_error err;

			if (cr_exts[e]->tiles == NULL)
				continue;
			fz_load_one(dirs[i], cr_exts[e]->tiles, &more);
			if (cr_tileset_merge(&fz_base, &more, &err) < 0) {
				fprintf(stderr, "fuzz: %s: %s\n", cr_exts[e]->tiles, err.msg);
				exit(2);
			}
			cr_tileset_free(&more);
		}
		loaded = true;
		return;
	}
	fprintf(stderr, "fuzz: cannot find base.yaml (set CARCREF_DATA to rules/tiles)\n");
	exit(2);
}

/* ---- the engine's invariants ------------------------------------------ */

/*
 * Everything a refused move must leave as it was, and an undo must bring
 * back: counters, scores, supplies, and a digest of the board, the
 * meeples standing on it and the scoring events.
 */
struct fz_snap {
	int		nmoves, turn, ntiles, nevents, nmeeples, supply_total;
	bool		over;
	int		score[CR_MAXPLAYERS], meeples[CR_MAXPLAYERS];
	uint64_t	supply, board, figures, events;
};

static inline uint64_t
fz_mix(uint64_t h, int64_t v)
{
	h ^= (uint64_t)v + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdu;
}

/* An event's digest, without the feature's id and tile (which name any
 * segment of the feature, and may differ between two equal games). */
static inline uint64_t
fz_event_digest(uint64_t h, const struct cr_event *e)
{
	h = fz_mix(h, e->move);
	h = fz_mix(h, e->reason);
	h = fz_mix(h, e->kind);
	h = fz_mix(h, e->tiles);
	h = fz_mix(h, e->pennants);
	h = fz_mix(h, e->cities);
	h = fz_mix(h, e->per_tile);
	h = fz_mix(h, e->per_pennant);
	h = fz_mix(h, e->per_city);
	h = fz_mix(h, e->base);
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		h = fz_mix(h, e->meeples[p]);
	h = fz_mix(h, e->winners);
	h = fz_mix(h, e->points);
	return fz_mix(h, e->small_city);
}

static inline void
fz_snapshot(const struct cr_game *g, struct fz_snap *s)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const struct cr_event *ev;
	struct cr_meeple mp[CR_MAXPLAYERS * CR_MEEPLES + 1];
	int n;

	memset(s, 0, sizeof *s);
	s->nmoves = cr_game_nmoves(g);
	s->turn = cr_game_turn(g);
	s->ntiles = cr_game_ntiles(g);
	s->over = cr_game_over(g);
	s->supply_total = cr_game_supply_total(g);
	for (int p = 0; p < cr_game_nplayers(g); p++) {
		s->score[p] = cr_game_player(g, p)->score;
		s->meeples[p] = cr_game_player(g, p)->meeples;
	}
	for (int t = 0; t < ts->ntypes; t++)
		s->supply = fz_mix(s->supply, cr_game_supply(g, t));
	for (int i = 0; i < s->ntiles; i++) {
		const struct cr_placed *t = cr_game_tile(g, i);

		s->board = fz_mix(fz_mix(fz_mix(fz_mix(s->board, t->x), t->y), t->type), t->rot);
	}
	s->nmeeples = cr_game_meeples(g, mp, (int)(sizeof mp / sizeof *mp));
	FZ_CHECK(s->nmeeples <= (int)(sizeof mp / sizeof *mp), "%d meeples on the board", s->nmeeples);
	for (int i = 0; i < s->nmeeples; i++)
		s->figures = fz_mix(fz_mix(fz_mix(fz_mix(fz_mix(s->figures, mp[i].player),
		    mp[i].role), mp[i].x), mp[i].y), mp[i].spot);
	ev = cr_game_events(g, &n);
	s->nevents = n;
	for (int i = 0; i < n; i++)
		s->events = fz_event_digest(s->events, &ev[i]);
}

static inline void
fz_snap_print(const char *what, const struct fz_snap *s)
{
	fprintf(stderr, "  %s: nmoves %d turn %d tiles %d events %d meeples-on-board %d supply %d over %d scores",
	    what, s->nmoves, s->turn, s->ntiles, s->nevents, s->nmeeples, s->supply_total, s->over);
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		fprintf(stderr, " %d", s->score[p]);
	fprintf(stderr, " meeples");
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		fprintf(stderr, " %d", s->meeples[p]);
	fprintf(stderr, " digests %016llx %016llx %016llx %016llx\n",
	    (unsigned long long)s->supply, (unsigned long long)s->board,
	    (unsigned long long)s->figures, (unsigned long long)s->events);
}

static inline bool
fz_snap_equal(const struct fz_snap *a, const struct fz_snap *b)
{
	return a->nmoves == b->nmoves && a->turn == b->turn && a->ntiles == b->ntiles &&
	    a->nevents == b->nevents && a->nmeeples == b->nmeeples &&
	    a->supply_total == b->supply_total && a->over == b->over &&
	    memcmp(a->score, b->score, sizeof a->score) == 0 &&
	    memcmp(a->meeples, b->meeples, sizeof a->meeples) == 0 &&
	    a->supply == b->supply && a->board == b->board && a->figures == b->figures &&
	    a->events == b->events;
}

#define FZ_SAME_SNAP(a, b, ...) do { \
	if (!fz_snap_equal((a), (b))) { \
		fz_snap_print("expected", (a)); \
		fz_snap_print("got     ", (b)); \
		fz_fail(__FILE__, __LINE__, "snapshots equal", __VA_ARGS__); \
	} \
} while (0)

/*
 * What holds after every call: each player's meeples on the board plus
 * in supply make CR_MEEPLES; each score is the sum of the points the
 * events paid that player; the supply adds up; turn and counts in range.
 */
static inline void
fz_invariants(const struct cr_game *g)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int np = cr_game_nplayers(g), onboard[CR_MAXPLAYERS] = { 0 }, paid[CR_MAXPLAYERS] = { 0 };
	struct cr_meeple mp[CR_MAXPLAYERS * CR_MEEPLES + 1];
	const struct cr_event *ev;
	int n, total = 0;

	FZ_CHECK(cr_game_turn(g) >= 0 && cr_game_turn(g) < np, "turn %d of %d players", cr_game_turn(g), np);
	n = cr_game_meeples(g, mp, (int)(sizeof mp / sizeof *mp));
	FZ_CHECK(n >= 0 && n <= np * CR_MEEPLES, "%d meeples on the board for %d players", n, np);
	for (int i = 0; i < n; i++) {
		FZ_CHECK(mp[i].player >= 0 && mp[i].player < np, "meeple %d of player %d", i, mp[i].player);
		FZ_CHECK(mp[i].role > CR_ROLE_NONE && mp[i].role < cr_npieces(), "meeple %d role %d", i, (int)mp[i].role);
		FZ_CHECK(cr_game_at(g, mp[i].x, mp[i].y) != NULL, "meeple %d at %d,%d: no tile there", i, mp[i].x, mp[i].y);
		onboard[mp[i].player]++;
	}
	for (int p = 0; p < np; p++) {
		const struct cr_player *pl = cr_game_player(g, p);

		FZ_CHECK(pl->meeples >= 0, "player %d has %d meeples in supply", p, pl->meeples);
		FZ_CHECK(pl->meeples + onboard[p] == CR_MEEPLES,
		    "player %d: %d meeples in supply + %d on the board != %d", p, pl->meeples, onboard[p], CR_MEEPLES);
	}
	ev = cr_game_events(g, &n);
	for (int i = 0; i < n; i++) {
		FZ_CHECK(ev[i].move >= 1 && ev[i].move <= cr_game_nmoves(g),
		    "event %d of move %d, %d moves played", i, ev[i].move, cr_game_nmoves(g));
		FZ_CHECK(ev[i].points >= 0, "event %d pays %d", i, ev[i].points);
		FZ_CHECK((ev[i].winners >> np) == 0, "event %d: winners 0x%x for %d players", i, ev[i].winners, np);
		for (int p = 0; p < np; p++)
			if (ev[i].winners & (1u << p))
				paid[p] += ev[i].points;
	}
	for (int p = 0; p < np; p++)
		FZ_CHECK(paid[p] == cr_game_player(g, p)->score,
		    "player %d: events paid %d, score %d", p, paid[p], cr_game_player(g, p)->score);
	for (int t = 0; t < ts->ntypes; t++) {
		int s = cr_game_supply(g, t);

		FZ_CHECK(s >= 0 && s <= ts->type[t].count, "supply of %s: %d of %d", ts->type[t].code, s, ts->type[t].count);
		total += s;
	}
	FZ_CHECK(total == cr_game_supply_total(g), "supply adds to %d, total says %d", total, cr_game_supply_total(g));
	FZ_CHECK(cr_game_ntiles(g) >= 1, "%d tiles on the board", cr_game_ntiles(g));
}

/* Replay g's own moves on a fresh game: it must accept every one and end
 * in the same state (a check of undo and of the determinism of play). */
static inline void
fz_replay_equal(const struct cr_game *g)
{
	struct cr_game *h = cr_game_new(cr_game_tileset(g), cr_game_edition(g), cr_game_nplayers(g));
	struct fz_snap a, b;
	struct cr_refusal why;

	if (h == NULL)
		return;		/* out of memory */
	for (int i = 0; i < cr_game_nmoves(g); i++) {
		const struct cr_move *m = cr_game_move(g, i);

		FZ_CHECK(cr_game_move_player(g, i) == cr_game_turn(h),
		    "move %d: made by player %d, a replay has player %d to move", i + 1,
		    cr_game_move_player(g, i), cr_game_turn(h));
		FZ_CHECK(cr_game_play(h, m, &why),
		    "move %d (kind %d tile %d at %d,%d rot %d role %d spot %d) refused on a replay: code %d",
		    i + 1, m->kind, m->tile, m->x, m->y, m->rot, m->role, m->spot, why.code);
	}
	fz_snapshot(g, &a);
	fz_snapshot(h, &b);
	FZ_SAME_SNAP(&a, &b, "a game and the replay of its moves differ");
	cr_game_free(h);
}

#endif
