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
#include "../kinds.h"
#include "notation/move.h"
#include "notation/explain.h"
#include "notation/record.h"
#include "rules/ext.h"

/*
 * The harnesses' own checks are not the code under test: no coverage
 * instrumentation in them (libFuzzer's comparison tracing made them the
 * costliest part of a run, and their branches would count as features).
 */
#if defined(__clang__)
#define FZ_NOCOV	__attribute__((no_sanitize("coverage")))
#else
#define FZ_NOCOV
#endif

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

/* The same move, fields that do not apply to its kind aside: a
 * placement's piece with its token, and the choice before it. */
static inline bool
fz_same_move(const struct cr_move *a, const struct cr_move *b)
{
	return a->kind == b->kind && (a->kind == CR_MOVE_END || a->tile == b->tile) &&
	    (a->kind != CR_MOVE_PLACE || (a->x == b->x && a->y == b->y && a->rot == b->rot &&
	    a->role == b->role && (a->role == CR_ROLE_NONE || a->spot == b->spot) &&
	    a->arg == b->arg && a->choice == b->choice && a->choice_arg == b->choice_arg));
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

			if (cr_exts[e]->tiles == NULL || !(cr_rules_modules(0) >> e & 1))
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

/* The pieces one player has at the start, every pool of every module
 * counted (7 meeples, 1 big meeple...): bounds what can stand on a board. */
static inline FZ_NOCOV int
fz_pieces_each(void)
{
	int n = 0;

	for (int k = 0; k < cr_npools(); k++)
		n += cr_pool(k)->count;
	return n;
}

/* A player's pieces left in pool k (pool 0 is the meeples). */
static inline int
fz_pool_left(const struct cr_player *pl, int k)
{
	return k == 0 ? pl->meeples : pl->pool[k];
}

/* Whether module e is in play in g. */
static inline bool
fz_in_play(const struct cr_game *g, int e)
{
	return e >= 0 && e < cr_nexts && (cr_game_exts(g) & (1u << e)) != 0;
}

/*
 * The module each set of a tile set belongs to, as the engine sees it:
 * the first set read is the base game's (whatever its name, for a test's
 * own set), a merged one is the module of that name; -1 if no module has
 * its name.  A tile type's module is its set's: ext[ts->typeset[t]].
 */
static inline FZ_NOCOV void
fz_set_exts(const struct cr_tileset *ts, int ext[CR_MAXSETS])
{
	for (int set = 0; set < CR_MAXSETS; set++) {
		ext[set] = set == 0 ? 0 : -1;
		for (int e = 0; set > 0 && set < ts->nsets && e < cr_nexts; e++)
			if (cr_exts[e]->tiles != NULL && strcmp(cr_exts[e]->name, ts->setname[set]) == 0)
				ext[set] = e;
	}
}

static inline int
fz_type_ext(const struct cr_tileset *ts, int t)
{
	int ext[CR_MAXSETS];

	fz_set_exts(ts, ext);
	return ext[ts->typeset != NULL ? ts->typeset[t] : 0];
}

/*
 * Everything a refused move must leave as it was, and an undo must bring
 * back: counters, scores, the pools of pieces, supplies, the tiles hidden
 * under hills, and a digest of the board, the pieces standing on it, the
 * scoring events, the modules' counters per player (goods) and what the
 * modules keep on the features (flocks: cr_game_feature_kept), with the
 * tokens out in flocks.  (What may be drawn, and where each tile fits,
 * depend on the modules' own state too, which no public call shows:
 * fz_legal_digest holds a game to its replay on them, once, being
 * costly.)
 */
struct fz_snap {
	int		nmoves, turn, ntiles, nevents, nmeeples, supply_total, hidden;
	int		flock;		/* tokens in the flocks on the board */
	bool		over;
	uint32_t	exts;
	int		score[CR_MAXPLAYERS], meeples[CR_MAXPLAYERS];
	int		pool[CR_MAXPLAYERS][CR_MAXPOOLS];
	uint64_t	supply, board, figures, events, counters, kept;
};

static inline FZ_NOCOV uint64_t
fz_mix(uint64_t h, int64_t v)
{
	h ^= (uint64_t)v + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdu;
}

/* An event's digest, without the feature's id and tile (which name any
 * segment of the feature, and may differ between two equal games). */
static inline FZ_NOCOV uint64_t
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
	h = fz_mix(h, e->nterm);
	for (int i = 0; i < e->nterm && i < (int)(sizeof e->term / sizeof e->term[0]); i++)
		h = fz_mix(fz_mix(fz_mix(fz_mix(h, e->term[i].count), e->term[i].per),
		    e->term[i].phrase), e->term[i].only);
	h = fz_mix(h, e->note);
	h = fz_mix(fz_mix(fz_mix(fz_mix(h, e->what), e->sub), e->tied), e->tie);
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		h = fz_mix(fz_mix(h, e->meeples[p]), e->pieces[p]);
	h = fz_mix(h, e->winners);
	h = fz_mix(h, e->points);
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		h = fz_mix(h, e->pay[p]);
	return fz_mix(h, e->small_city);
}

/*
 * What the modules keep on the features the pieces mp[0..n) stand on
 * (cr_game_feature_kept: a flock, as it would be herded now), a feature
 * once: a digest, and the tokens in them all (the event's sub).
 */
static inline FZ_NOCOV uint64_t
fz_kept(const struct cr_game *g, const struct cr_meeple *mp, int n, int *tokens)
{
	uint64_t h = 0;
	int fid[n + 1], nf = 0;

	*tokens = 0;
	for (int i = 0; i < n; i++) {
		int id = cr_game_feature_id(g, mp[i].seg), k = 0;
		struct cr_event e;

		while (k < nf && fid[k] != id)
			k++;
		if (k < nf)
			continue;
		fid[nf++] = id;
		if (!cr_game_feature_kept(g, mp[i].seg, &e))
			continue;
		h = fz_event_digest(fz_mix(fz_mix(h, mp[i].x), mp[i].y), &e);
		*tokens += e.sub;
	}
	return h;
}

static inline FZ_NOCOV void
fz_snapshot(const struct cr_game *g, struct fz_snap *s)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const struct cr_event *ev;
	int max = CR_MAXPLAYERS * fz_pieces_each(), n;
	struct cr_meeple mp[max + 1];

	memset(s, 0, sizeof *s);
	s->nmoves = cr_game_nmoves(g);
	s->turn = cr_game_turn(g);
	s->ntiles = cr_game_ntiles(g);
	s->over = cr_game_over(g);
	s->exts = cr_game_exts(g);
	s->supply_total = cr_game_supply_total(g);
	s->hidden = cr_game_hidden(g);
	for (int p = 0; p < cr_game_nplayers(g); p++) {
		s->score[p] = cr_game_player(g, p)->score;
		s->meeples[p] = cr_game_player(g, p)->meeples;
		for (int k = 0; k < cr_npools() && k < CR_MAXPOOLS; k++)
			s->pool[p][k] = fz_pool_left(cr_game_player(g, p), k);
	}
	for (int t = 0; t < ts->ntypes; t++)
		s->supply = fz_mix(s->supply, cr_game_supply(g, t));
	for (int i = 0; i < s->ntiles; i++) {
		const struct cr_placed *t = cr_game_tile(g, i);

		s->board = fz_mix(fz_mix(fz_mix(fz_mix(s->board, t->x), t->y), t->type), t->rot);
	}
	s->nmeeples = cr_game_meeples(g, mp, max + 1);
	FZ_CHECK(s->nmeeples <= max, "%d pieces on the board, at most %d", s->nmeeples, max);
	for (int i = 0; i < s->nmeeples; i++)
		s->figures = fz_mix(fz_mix(fz_mix(fz_mix(fz_mix(s->figures, mp[i].player),
		    mp[i].role), mp[i].x), mp[i].y), mp[i].spot);
	s->kept = fz_kept(g, mp, s->nmeeples, &s->flock);
	for (int i = 0; i < cr_game_ncounters(g); i++)
		for (int p = 0; p < cr_game_nplayers(g); p++)
			s->counters = fz_mix(fz_mix(s->counters, i), cr_game_counter(g, p, i));
	ev = cr_game_events(g, &n);
	s->nevents = n;
	for (int i = 0; i < n; i++)
		s->events = fz_event_digest(s->events, &ev[i]);
}

static inline void
fz_snap_print(const char *what, const struct fz_snap *s)
{
	fprintf(stderr, "  %s: exts 0x%x nmoves %d turn %d tiles %d events %d pieces-on-board %d supply %d "
	    "hidden %d flock %d over %d scores", what, (unsigned)s->exts, s->nmoves, s->turn, s->ntiles,
	    s->nevents, s->nmeeples, s->supply_total, s->hidden, s->flock, s->over);
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		fprintf(stderr, " %d", s->score[p]);
	fprintf(stderr, " pools");
	for (int p = 0; p < CR_MAXPLAYERS; p++) {
		fprintf(stderr, " %d", s->meeples[p]);
		for (int k = 1; k < cr_npools() && k < CR_MAXPOOLS; k++)
			fprintf(stderr, "/%d", s->pool[p][k]);
	}
	fprintf(stderr, " digests %016llx %016llx %016llx %016llx counters %016llx kept %016llx\n",
	    (unsigned long long)s->supply, (unsigned long long)s->board,
	    (unsigned long long)s->figures, (unsigned long long)s->events,
	    (unsigned long long)s->counters, (unsigned long long)s->kept);
}

static inline FZ_NOCOV bool
fz_snap_equal(const struct fz_snap *a, const struct fz_snap *b)
{
	return a->nmoves == b->nmoves && a->turn == b->turn && a->ntiles == b->ntiles &&
	    a->nevents == b->nevents && a->nmeeples == b->nmeeples &&
	    a->supply_total == b->supply_total && a->hidden == b->hidden && a->flock == b->flock &&
	    a->over == b->over && a->exts == b->exts &&
	    memcmp(a->score, b->score, sizeof a->score) == 0 &&
	    memcmp(a->meeples, b->meeples, sizeof a->meeples) == 0 &&
	    memcmp(a->pool, b->pool, sizeof a->pool) == 0 &&
	    a->supply == b->supply && a->board == b->board && a->figures == b->figures &&
	    a->events == b->events && a->counters == b->counters && a->kept == b->kept;
}

#define FZ_SAME_SNAP(a, b, ...) do { \
	if (!fz_snap_equal((a), (b))) { \
		fz_snap_print("expected", (a)); \
		fz_snap_print("got     ", (b)); \
		fz_fail(__FILE__, __LINE__, "snapshots equal", __VA_ARGS__); \
	} \
} while (0)

/* A phrase an event names (its note, what it scored, a term, a tie
 * broken): none, or words of a module in play. */
static inline FZ_NOCOV void
fz_check_phrase(const struct cr_game *g, int i, const char *what, int phrase)
{
	FZ_CHECK(phrase == 0 || (cr_phrase(phrase)[0] != '\0' && fz_in_play(g, phrase >> 8)),
	    "event %d: %s 0x%x is no phrase of a module in play", i, what, phrase);
}

/*
 * A scoring event (one of the game's, or what cr_game_feature_score
 * or cr_game_feature_kept says a feature would pay now: the same code,
 * so the same holds).  Its points are its arithmetic, the terms and
 * prices a module set included; a term for some winners only (`only`, a
 * pig) counts for them alone: each winner's pay is the points and its
 * own terms, a term names winners only, and who did not win is paid
 * nothing.  The words a module gave it are phrases of a module in play,
 * and what it scored (`what`) is set exactly for a module's own events.
 * Its winners, by reason: a feature's are the players with the most
 * weight on it (a tie broken by a module, `tied` the players tied before
 * and `tie` why, keeps some); what a player takes (goods: TAKE) pays 0 to
 * one player, the mover, and weighs nothing; a module's own scoring
 * (MODULE, a flock) is won by the players with a piece counted (weight
 * 1 each); a majority of tokens (EXTRA) by the most tokens.
 */
static inline FZ_NOCOV void
fz_check_event(const struct cr_game *g, int i, const struct cr_event *e)
{
	int np = cr_game_nplayers(g), sum, best = 0, most = 0;
	bool own = e->reason == CR_EV_TAKE || e->reason == CR_EV_MODULE || e->reason == CR_EV_EXTRA;

	sum = e->per_tile * e->tiles + e->per_pennant * e->pennants + e->per_city * e->cities + e->base;
	FZ_CHECK(e->reason <= CR_EV_EXTRA, "event %d: reason %d", i, e->reason);
	FZ_CHECK(e->nterm <= sizeof e->term / sizeof e->term[0], "event %d: %d terms", i, e->nterm);
	for (int k = 0; k < e->nterm; k++) {
		fz_check_phrase(g, i, "a term's phrase", e->term[k].phrase);
		FZ_CHECK((e->term[k].only & ~e->winners) == 0, "event %d: term %d for players 0x%x, "
		    "winners 0x%x", i, k, e->term[k].only, e->winners);
		if (e->term[k].only == 0)
			sum += e->term[k].count * e->term[k].per;
	}
	FZ_CHECK(e->points == sum, "event %d pays %d, its arithmetic makes %d", i, e->points, sum);
	/* Issue 21: a module's own event that says itself (cr_ext.why,
	 * words: the wheel's actions and crown awards) pays each winner an
	 * amount of its own, and nobody else; its meeples and pieces are
	 * the module's. */
	if (e->reason == CR_EV_MODULE && e->what != 0 && (e->what >> 8) < cr_nexts &&
	    cr_exts[e->what >> 8]->why != NULL) {
		for (int p = 0; p < CR_MAXPLAYERS; p++)
			FZ_CHECK(e->winners & (1u << p) ? e->pay[p] > 0 : e->pay[p] == 0,
			    "event %d pays player %d %d, winners 0x%x", i, p, e->pay[p], e->winners);
		FZ_CHECK((e->winners >> np) == 0, "event %d: winners 0x%x for %d players", i,
		    e->winners, np);
		fz_check_phrase(g, i, "what", e->what);
		return;
	}
	for (int p = 0; p < CR_MAXPLAYERS; p++) {
		int own = e->points;

		for (int k = 0; k < e->nterm; k++)
			own += (e->term[k].only >> p & 1) * e->term[k].count * e->term[k].per;
		FZ_CHECK(e->pay[p] == (e->winners & (1u << p) ? own : 0), "event %d pays player %d "
		    "%d, %s", i, p, e->pay[p], e->winners & (1u << p) ? "its points and own terms "
		    "make more or less" : "who did not win");
	}
	fz_check_phrase(g, i, "note", e->note);
	fz_check_phrase(g, i, "what", e->what);
	fz_check_phrase(g, i, "tie", e->tie);
	FZ_CHECK((e->what != 0) == own, "event %d, reason %d: what 0x%x", i, e->reason, e->what);
	for (int p = 0; p < np; p++)
		best = e->meeples[p] > best ? e->meeples[p] : best;
	for (int p = 0; best > 0 && p < np; p++)
		most |= e->meeples[p] == best ? 1 << p : 0;
	FZ_CHECK((e->winners >> np) == 0, "event %d: winners 0x%x for %d players", i, e->winners, np);
	switch (e->reason) {
	case CR_EV_TAKE:
		FZ_CHECK(e->points == 0 && best == 0 && e->nterm > 0 && (e->winners & (e->winners - 1)) == 0 &&
		    e->winners != 0, "event %d takes: %d points, weight %d, %d terms, winners 0x%x", i,
		    e->points, best, e->nterm, e->winners);
		for (int k = 0; k < e->nterm; k++)
			FZ_CHECK(e->term[k].count > 0 && e->term[k].per == 0 && e->term[k].phrase != 0,
			    "event %d takes %d x %d of 0x%x", i, e->term[k].count, e->term[k].per,
			    e->term[k].phrase);
		break;
	case CR_EV_MODULE:
		FZ_CHECK(best == 1 && e->winners == most, "event %d: a module's scoring, weight %d, "
		    "winners 0x%x, pieces 0x%x", i, best, e->winners, most);
		break;
	case CR_EV_EXTRA:
		FZ_CHECK(e->winners == most && most != 0 && e->feature == -1,
		    "event %d: a majority of tokens (%d) won by 0x%x, the most 0x%x", i, best,
		    e->winners, most);
		break;
	default:
		if (e->tied != 0)
			FZ_CHECK(e->tied == most && (most & (most - 1)) != 0 && e->tie != 0 &&
			    (e->winners & ~most) == 0 && e->winners != most,
			    "event %d: a tie of 0x%x broken (0x%x) for 0x%x, the most weight (%d) 0x%x", i,
			    e->tied, e->tie, e->winners, best, most);
		else
			FZ_CHECK(e->tie == 0 && e->winners == most, "event %d: winners 0x%x, the most "
			    "weight (%d) 0x%x", i, e->winners, best, most);
		for (int p = 0; p < np; p++)
			FZ_CHECK(e->pieces[p] <= e->meeples[p], "event %d: player %d has %d pieces weighing %d",
			    i, p, e->pieces[p], e->meeples[p]);
		break;
	}
}

/*
 * The pieces standing on the board, feature by feature: each stands on a
 * feature of a kind it may stand on (a builder: a road or a city); a
 * follower never stays on a completed road, city or cloister (it went
 * home when the feature was paid); a feature weighs, per player, the
 * weights of the pieces on it (a big meeple 2), as cr_game_feature counts
 * them, and as what it would pay now (cr_game_feature_score, the
 * modules' prices in it) counts them.  A piece that weighs nothing and
 * draws no token (a builder, a pig) stands with its owner's follower, which
 * leaves only with it; a piece written with a token (a shepherd) never
 * stands on a closed field (its flock is scored at once), and what a
 * module keeps on its feature (cr_game_feature_kept: the flock) is that
 * of the owners of those pieces, a token at least each; a feature
 * without one keeps nothing.
 */
static inline FZ_NOCOV void
fz_check_features(const struct cr_game *g, const struct cr_meeple *mp, int n)
{
	int np = cr_game_nplayers(g), nf = 0, fid[n + 1], first[n + 1], ntok[n + 1];
	int weight[n + 1][CR_MAXPLAYERS];
	unsigned tokens[n + 1], joins[n + 1];

	for (int i = 0; i < n; i++) {
		const struct cr_piece *pc = cr_piece(mp[i].role);
		int id = cr_game_feature_id(g, mp[i].seg), k = 0;
		struct cr_feature f;

		FZ_CHECK(id >= 0, "%s at %d,%d: segment %d in no feature", pc->word, mp[i].x, mp[i].y, mp[i].seg);
		while (k < nf && fid[k] != id)
			k++;
		cr_game_feature(g, mp[i].seg, &f);
		if (k == nf) {
			fid[nf] = id, first[nf] = i, ntok[nf] = 0, tokens[nf] = joins[nf] = 0;
			memset(weight[nf++], 0, sizeof weight[0]);
		}
		FZ_CHECK(f.kind == pc->kind || f.kind == pc->kind2, "a %s at %d,%d on a feature of kind %d",
		    pc->word, mp[i].x, mp[i].y, f.kind);
		FZ_CHECK(!f.complete || f.kind == CR_FIELD || !(pc->flags & CR_PIECE_FOLLOWER) ||
		    (pc->flags & CR_PIECE_STAYS), "a %s at %d,%d on a completed %s", pc->word,
		    mp[i].x, mp[i].y, cr_kind_name(f.kind));
		FZ_CHECK(!(pc->flags & CR_PIECE_TOKEN) || f.kind != CR_FIELD || f.open > 0,
		    "player %d's %s at %d,%d on a closed field", mp[i].player, pc->word, mp[i].x, mp[i].y);
		weight[k][mp[i].player] += pc->weight;
		if (pc->flags & CR_PIECE_TOKEN)
			tokens[k] |= 1u << mp[i].player, ntok[k]++;
		else if (pc->weight == 0 && !(pc->flags & CR_PIECE_FOLLOWER))
			joins[k] |= 1u << mp[i].player;
	}
	for (int k = 0; k < nf; k++) {
		const struct cr_meeple *m = &mp[first[k]];
		struct cr_feature f;
		struct cr_event e;
		bool pays = cr_game_feature_score(g, m->seg, &e), kept;

		cr_game_feature(g, m->seg, &f);
		for (int p = 0; p < np; p++) {
			FZ_CHECK(f.meeples[p] == weight[k][p] && (!pays || e.meeples[p] == weight[k][p]),
			    "the %s at %d,%d: player %d's pieces on it weigh %d, cr_game_feature counts %d, "
			    "cr_game_feature_score %d", cr_kind_name(f.kind), m->x, m->y, p, weight[k][p],
			    f.meeples[p], pays ? e.meeples[p] : -1);
			FZ_CHECK(!(joins[k] & (1u << p)) || weight[k][p] > 0, "the %s at %d,%d: player %d's "
			    "piece that joins a follower stands without one", cr_kind_name(f.kind), m->x,
			    m->y, p);
		}
		if (pays)
			fz_check_event(g, -1, &e);
		kept = cr_game_feature_kept(g, m->seg, &e);
		FZ_CHECK(kept == (tokens[k] != 0) && (!kept || (e.winners == tokens[k] &&
		    e.reason == CR_EV_MODULE && e.sub >= ntok[k])), "the %s at %d,%d: %d pieces with tokens "
		    "of 0x%x; kept %d, for 0x%x, %d tokens", cr_kind_name(f.kind), m->x, m->y, ntok[k],
		    tokens[k], kept, e.winners, e.sub);
		if (kept)
			fz_check_event(g, -1, &e);
	}
}

/* Do events a and b pay one feature in one move? */
static inline FZ_NOCOV bool
fz_same_payment(const struct cr_event *a, const struct cr_event *b)
{
	return a->move == b->move && a->reason == b->reason && a->kind == b->kind &&
	    a->feature == b->feature && a->feature >= 0 && (a->reason == CR_EV_COMPLETED ||
	    a->reason == CR_EV_FINAL || a->reason == CR_EV_FARM || a->reason == CR_EV_FARM_CITY);
}

/*
 * The events as the game holds them: each adds up (fz_check_event); one
 * paid by the final scoring belongs to the move that ended the game;
 * what a player takes goes to the mover; one feature scored is one event
 * (never two in a row for it, whatever its winners get), and its winners
 * are the most weight (a tie broken: some of those tied).  The scores are
 * the sums of what the events paid each player.
 */
static inline FZ_NOCOV void
fz_check_events(const struct cr_game *g)
{
	int np = cr_game_nplayers(g), paid[CR_MAXPLAYERS] = { 0 }, n;
	const struct cr_event *ev = cr_game_events(g, &n);

	for (int i = 0; i < n; i++) {
		const struct cr_event *e = &ev[i];

		FZ_CHECK(e->move >= 1 && e->move <= cr_game_nmoves(g),
		    "event %d of move %d, %d moves played", i, e->move, cr_game_nmoves(g));
		FZ_CHECK(e->points >= 0, "event %d pays %d", i, e->points);
		fz_check_event(g, i, e);
		FZ_CHECK(!CR_EV_AT_END(e->reason) || (cr_game_over(g) && e->move == cr_game_nmoves(g)),
		    "event %d (reason %d) of the final scoring paid by move %d of %d, over %d", i,
		    e->reason, e->move, cr_game_nmoves(g), cr_game_over(g));
		FZ_CHECK(e->reason != CR_EV_TAKE || e->winners == 1u << cr_game_move_player(g, e->move - 1),
		    "event %d: 0x%x takes, player %d moved", i, e->winners,
		    cr_game_move_player(g, e->move - 1));
		FZ_CHECK(i == 0 || !fz_same_payment(&ev[i - 1], e), "events %d and %d pay one feature "
		    "(winners 0x%x and 0x%x): one event pays it", i - 1, i, ev[i - 1].winners, e->winners);
		if (fz_same_payment(e, e)) {
			int best = 0;
			unsigned most = 0;

			for (int p = 0; p < np; p++)
				best = e->meeples[p] > best ? e->meeples[p] : best;
			for (int p = 0; best > 0 && p < np; p++)
				most |= e->meeples[p] == best ? 1u << p : 0;
			FZ_CHECK(e->tied ? (e->winners & ~most) == 0 && e->winners != most :
			    e->winners == most, "event %d: its payment goes to 0x%x, the most weight "
			    "(%d) 0x%x, tied 0x%x", i, e->winners, best, most, e->tied);
		}
		for (int p = 0; p < np; p++)
			paid[p] += e->pay[p];
	}
	for (int p = 0; p < np; p++)
		FZ_CHECK(paid[p] == cr_game_player(g, p)->score,
		    "player %d: events paid %d, score %d", p, paid[p], cr_game_player(g, p)->score);
}

/*
 * The counters of the modules in play (goods): never negative; each
 * player's is what the events gave them (the terms of what they took
 * named by the counter's name); and goods, over the players, are the
 * goods symbols of the completed cities on the board, every city's
 * taken once.
 */
static inline FZ_NOCOV void
fz_check_counters(const struct cr_game *g)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int n, np = cr_game_nplayers(g);
	const struct cr_event *ev = cr_game_events(g, &n);

	for (int i = 0; i < cr_game_ncounters(g); i++) {
		const char *group, *name = cr_game_counter_name(g, i, &group);
		int held = 0, printed = 0, kind = 0;

		FZ_CHECK(name[0] != '\0' && group[0] != '\0', "counter %d: \"%s\" of \"%s\"", i, name, group);
		for (int p = 0; p < np; p++) {
			int took = 0, c = cr_game_counter(g, p, i);

			for (int k = 0; k < n; k++)
				for (int t = 0; ev[k].reason == CR_EV_TAKE && (ev[k].winners & (1u << p)) &&
				    t < ev[k].nterm; t++)
					took += strcmp(cr_phrase(ev[k].term[t].phrase), name) == 0 ?
					    ev[k].term[t].count : 0;
			FZ_CHECK(c >= 0 && c == took, "player %d holds %d %s, the events gave %d", p, c,
			    name, took);
			held += c;
		}
		if (strcmp(group, "goods") != 0)
			continue;
		for (int k = 1; k < CR_NGOODS && kind == 0; k++)
			kind = strcmp(cr_goods_name(k), name) == 0 ? k : 0;
		FZ_CHECK(kind > 0, "goods counter %d: \"%s\" is no kind of goods", i, name);
		for (int t = 0; t < cr_game_ntiles(g); t++) {
			const struct cr_placed *pl = cr_game_tile(g, t);
			const struct cr_tiletype *tt = &ts->type[pl->type];

			for (int s = 0; s < tt->nseg; s++) {
				struct cr_feature f;

				if (tt->seg[s].kind != CR_CITY || tu_goods(tt, s) != kind)
					continue;
				cr_game_feature(g, pl->seg0 + s, &f);
				printed += f.complete;
			}
		}
		FZ_CHECK(held == printed, "the players hold %d %s, the completed cities show %d", held,
		    name, printed);
	}
}

/*
 * The moves as the game holds them: a placement passes the turn on, but
 * a module may give the mover a second tile (a builder, of a module in
 * play that pieces a double turn: Traders & Builders) never a third: with
 * two players or more, never three placements in a row by one player,
 * discards between them or not, and two only with such a module.
 */
static inline FZ_NOCOV void
fz_check_turns(const struct cr_game *g)
{
	int run = 0, who = -1, most = 1;

	if (cr_game_nplayers(g) < 2)
		return;
	for (int e = 0; e < cr_nexts; e++)
		if (fz_in_play(g, e) && (cr_exts[e]->again != NULL || cr_exts[e]->again_placed))
			most = 2;
	for (int i = 0; i < cr_game_nmoves(g); i++) {
		const struct cr_move *m = cr_game_move(g, i);

		if (m->kind != CR_MOVE_PLACE)
			continue;
		run = cr_game_move_player(g, i) == who ? run + 1 : 1;
		who = cr_game_move_player(g, i);
		FZ_CHECK(run <= most, "move %d: player %d's placement %d in a row", i + 1, who, run);
	}
}

/*
 * What holds after every call: each player's pieces on the board plus in
 * supply make the pool's count (cr_pool(k)->count) for every pool of a
 * module in play, and nothing for a pool of a module not in play; the
 * pieces on the board weigh on their features (fz_check_features); the
 * events add up (fz_check_events) to the scores, the counters to the
 * events (fz_check_counters); turns pass as they should (fz_check_turns);
 * the supply adds up (the copies left are those to draw and those hidden
 * under hill tiles, one a hill at most), holds no tile of a module not in
 * play, and some tile may be drawn while any is left; the game is over
 * exactly when none is left to draw or end was played; turn and counts in
 * range.
 */
static inline FZ_NOCOV void
fz_invariants(const struct cr_game *g)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int np = cr_game_nplayers(g);
	int onboard[CR_MAXPLAYERS][CR_MAXPOOLS] = { { 0 } };
	int max = np * fz_pieces_each(), hills = 0, nm = cr_game_nmoves(g);
	struct cr_meeple mp[max + 1];
	int n, total = 0, drawable = 0, setext[CR_MAXSETS];

	fz_set_exts(ts, setext);
	FZ_CHECK((cr_game_exts(g) & 1u) && (cr_game_exts(g) >> cr_nexts) == 0,
	    "modules in play 0x%x", (unsigned)cr_game_exts(g));
	FZ_CHECK(cr_game_turn(g) >= 0 && cr_game_turn(g) < np, "turn %d of %d players", cr_game_turn(g), np);
	n = cr_game_meeples(g, mp, max + 1);
	FZ_CHECK(n >= 0 && n <= max, "%d pieces on the board for %d players", n, np);
	for (int i = 0; i < n; i++) {
		int role = mp[i].role, k = cr_piece_pool(role);

		FZ_CHECK(mp[i].player >= 0 && mp[i].player < np, "piece %d of player %d", i, mp[i].player);
		FZ_CHECK(role > CR_ROLE_NONE && role < cr_npieces(), "piece %d role %d", i, role);
		FZ_CHECK(fz_in_play(g, cr_piece_ext(role)), "a %s on the board, its module %s not in play",
		    cr_piece(role)->word, cr_exts[cr_piece_ext(role)]->name);
		FZ_CHECK(k >= 0 && k < CR_MAXPOOLS, "piece %d role %d: pool %d", i, role, k);
		FZ_CHECK(cr_game_at(g, mp[i].x, mp[i].y) != NULL, "piece %d at %d,%d: no tile there", i, mp[i].x, mp[i].y);
		onboard[mp[i].player][k]++;
	}
	/* Issue 21: pieces on a module's spaces (crown followers) are out of
	 * the supply too. */
	for (int s = 1; cr_space(s) != NULL; s++) {
		struct cr_standing on[8];
		int held = 0;

		if (!fz_in_play(g, cr_space_ext(s)))
			continue;
		cr_game_space(g, s, on, 8, &held);
		for (int i = 0; i < held && i < 8; i++) {
			int k = cr_piece_pool(on[i].role);

			FZ_CHECK(on[i].player >= 0 && on[i].player < np && k >= 0 && k < CR_MAXPOOLS,
			    "space %d: player %d, pool %d", s, on[i].player, k);
			onboard[on[i].player][k]++;
		}
	}
	fz_check_features(g, mp, n);
	for (int p = 0; p < np; p++) {
		const struct cr_player *pl = cr_game_player(g, p);

		for (int k = 0; k < cr_npools() && k < CR_MAXPOOLS; k++) {
			int want = fz_in_play(g, cr_pool_ext(k)) ? cr_pool(k)->count : 0;

			FZ_CHECK(fz_pool_left(pl, k) >= 0, "player %d has %d %s in supply", p,
			    fz_pool_left(pl, k), cr_pool(k)->plural);
			FZ_CHECK(fz_pool_left(pl, k) + onboard[p][k] == want,
			    "player %d: %d %s in supply + %d on the board != %d", p, fz_pool_left(pl, k),
			    cr_pool(k)->plural, onboard[p][k], want);
		}
	}
	fz_check_events(g);
	fz_check_counters(g);
	fz_check_turns(g);
	for (int t = 0; t < ts->ntypes; t++) {
		int s = cr_game_supply(g, t), e = setext[ts->typeset != NULL ? ts->typeset[t] : 0];
		struct cr_refusal why = { .code = CR_R_NO_COPY };
		bool d = false;

		FZ_CHECK(s >= 0 && s <= ts->type[t].count, "supply of %s: %d of %d", ts->type[t].code, s, ts->type[t].count);
		FZ_CHECK(s == 0 || fz_in_play(g, e), "%d %s in the supply, its module %s not in play", s,
		    ts->type[t].code, e >= 0 ? cr_exts[e]->name : "(none)");
		/* The modules' order is asked (the costliest call here) until a
		 * tile that may be drawn is found; the others never run it. */
		if (s == 0 || !fz_in_play(g, e) || drawable == 0)
			d = cr_game_drawable(g, t, &why);
		FZ_CHECK(!d || s > 0, "%s may be drawn, none left", ts->type[t].code);
		FZ_CHECK(d || why.code != CR_OK, "%s may not be drawn, no reason given", ts->type[t].code);
		FZ_CHECK(fz_in_play(g, e) || (!d && why.code == CR_R_NOT_IN_PLAY && why.ext == e),
		    "%s of a module not in play: drawable %d, code %d, module %d", ts->type[t].code, d,
		    why.code, why.ext);
		drawable += d;
		total += s;
	}
	for (int i = 0; i < cr_game_ntiles(g); i++)
		hills += (ts->type[cr_game_tile(g, i)->type].marks & CR_MARK_BIT(CR_MARK_HILL)) != 0;
	FZ_CHECK(cr_game_hidden(g) >= 0 && cr_game_hidden(g) <= hills, "%d tiles hidden under %d hills",
	    cr_game_hidden(g), hills);
	FZ_CHECK(cr_game_supply_total(g) >= 0 && total == cr_game_supply_total(g) + cr_game_hidden(g),
	    "supply adds to %d, total says %d to draw and %d hidden", total, cr_game_supply_total(g),
	    cr_game_hidden(g));
	FZ_CHECK(total == 0 || drawable > 0, "%d tiles in the supply, none may be drawn", total);
	FZ_CHECK(cr_game_over(g) == (cr_game_supply_total(g) == 0 ||
	    (nm > 0 && cr_game_move(g, nm - 1)->kind == CR_MOVE_END)),
	    "over %d, %d tiles to draw, the last move of kind %d", cr_game_over(g),
	    cr_game_supply_total(g), nm > 0 ? cr_game_move(g, nm - 1)->kind : -1);
	FZ_CHECK(cr_game_ntiles(g) >= 1, "%d tiles on the board", cr_game_ntiles(g));
}

/*
 * A refusal, worded: a plain sentence, and the evidence it claims is
 * true.  A tile, choice or piece of a module not in play names that
 * module (it is the tile's, the choice's or the piece's, and not in play)
 * and the thing, the first the engine looks at (the tile, the choice,
 * then the piece); a module's own rule is one of its phrases, every
 * field filled in (a player of the game, the token of the move, a number);
 * a token missing or unwanted is so for the piece and names it (and the
 * token); no piece left names a pool the player has emptied, and where
 * its one piece stands.
 */
static inline FZ_NOCOV void
fz_check_refusal(const struct cr_game *g, const struct cr_move *m, const struct cr_refusal *why,
    const char *const *names)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	char msg[1024], tok[64];
	int n = nt_refusal(ts, why, names, msg, sizeof msg);

	FZ_CHECK(why->code != CR_OK, "a refusal with code 0");
	FZ_CHECK(n > 0 && msg[0] != '\0' && memchr(msg, '\0', sizeof msg) != NULL,
	    "refusal code %d worded as \"%s\" (%d)", why->code, msg, n);
	switch (why->code) {
	case CR_R_NOT_IN_PLAY: {
		bool tile = m->kind != CR_MOVE_END && m->tile >= 0 && m->tile < ts->ntypes &&
		    fz_type_ext(ts, m->tile) == why->ext;
		bool place = m->kind == CR_MOVE_PLACE;
		bool choice = place && m->choice != 0 && cr_choice_ext(m->choice) == why->ext;
		/* or the module of the piece's pool (big-crown@: the big meeple's) */
		bool piece = place && (cr_piece_ext(m->role) == why->ext ||
		    (cr_piece_pool(m->role) >= 0 && cr_pool_ext(cr_piece_pool(m->role)) == why->ext));
		/* issue 21: a token said of the copy drawn ("wheel=2: ...") */
		bool said = why->arg != 0 && cr_token(CR_TOKEN_ID(why->arg)) != NULL &&
		    cr_token(CR_TOKEN_ID(why->arg))->drawn && cr_token_ext(CR_TOKEN_ID(why->arg)) == why->ext;
		const char *thing = said ? cr_token(CR_TOKEN_ID(why->arg))->word : tile ?
		    ts->type[m->tile].code : choice ? cr_choice(m->choice)->word :
		    piece ? cr_piece(m->role)->word : "?";

		FZ_CHECK(why->ext > 0 && why->ext < cr_nexts && !fz_in_play(g, why->ext),
		    "\"%s\": module %d, in play %d", msg, why->ext, fz_in_play(g, why->ext));
		FZ_CHECK(said || tile || choice || piece, "\"%s\": module %s is neither the tile's, the "
		    "choice's nor the piece's", msg, cr_exts[why->ext]->name);
		FZ_CHECK(strstr(msg, cr_exts[why->ext]->name) != NULL && strstr(msg, thing) == msg +
		    (msg[0] == '"'), "\"%s\" does not name %s of %s", msg, thing, cr_exts[why->ext]->name);
		break;
	}
	case CR_R_EXT: {
		const char *words = cr_phrase(why->phrase);

		FZ_CHECK(why->ext >= 0 && why->ext < cr_nexts && fz_in_play(g, why->ext) &&
		    (why->phrase >> 8) == why->ext && words[0] != '\0',
		    "\"%s\": module %d, phrase 0x%x", msg, why->ext, why->phrase);
		FZ_CHECK(strchr(msg, '{') == NULL, "\"%s\": a field left unfilled", msg);
		FZ_CHECK(strstr(words, "{player}") == NULL || (why->other_player >= 0 &&
		    why->other_player < cr_game_nplayers(g)), "\"%s\": player %d of %d", msg,
		    why->other_player, cr_game_nplayers(g));
		if (strstr(words, "{token}") != NULL) {
			nt_format_token(why->arg, tok, sizeof tok);
			FZ_CHECK(why->arg != 0 && (why->arg == m->arg || why->arg == m->choice_arg) &&
			    strstr(msg, tok) != NULL, "\"%s\": token 0x%x, the move's 0x%x and 0x%x", msg,
			    why->arg, m->arg, m->choice_arg);
		}
		FZ_CHECK(strstr(words, "{n}") == NULL || why->n > 0, "\"%s\": n %d", msg, why->n);
		break;
	}
	case CR_R_TOKEN: {
		const struct cr_piece *pc = cr_piece(m->role);
		bool takes = pc != NULL && (pc->flags & CR_PIECE_TOKEN);

		FZ_CHECK(m->kind == CR_MOVE_PLACE && pc != NULL && (why->n == 1 || why->n == 2) &&
		    (why->n == 1) == takes && (why->n == 1) == (m->arg == 0) && why->role == m->role,
		    "\"%s\": n %d, piece %d (takes a token: %d), token 0x%x", msg, why->n, m->role,
		    takes, m->arg);
		FZ_CHECK(strstr(msg, pc->word) != NULL, "\"%s\" does not name the %s", msg, pc->word);
		nt_format_token(m->arg, tok, sizeof tok);
		FZ_CHECK(why->n == 1 || strstr(msg, tok) != NULL, "\"%s\" does not name %s", msg, tok);
		break;
	}
	case CR_R_NO_MEEPLE: {
		int k = cr_piece_pool(m->role), max = CR_MAXPLAYERS * fz_pieces_each(), np, at = 0;
		struct cr_meeple mp[max + 1];

		FZ_CHECK(m->kind == CR_MOVE_PLACE && k >= 0 && why->pool == k &&
		    why->other_player == cr_game_turn(g) &&
		    fz_pool_left(cr_game_player(g, cr_game_turn(g)), k) == 0,
		    "\"%s\": pool %d (the piece's %d), player %d, %d left", msg, why->pool, k,
		    why->other_player, k >= 0 ? fz_pool_left(cr_game_player(g, cr_game_turn(g)), k) : -1);
		if (cr_pool(k)->count != 1)
			break;
		np = cr_game_meeples(g, mp, max + 1);
		for (int i = 0; i < np && i <= max; i++)
			if (mp[i].player == cr_game_turn(g) && cr_piece_pool(mp[i].role) == k &&
			    mp[i].x == why->other_x && mp[i].y == why->other_y)
				at++;
		FZ_CHECK(at == 1 && why->n == 1, "\"%s\": %d of the player's %s at %d,%d (n %d)", msg,
		    at, cr_pool(k)->plural, why->other_x, why->other_y, why->n);
		break;
	}
	default:
		break;
	}
}

/*
 * Whether each tile type left in the supply may be drawn (the modules'
 * order) and where it fits, as a digest that does not depend on the
 * order cr_game_legal lists them in (two equal games may hold their
 * index of open squares in different orders); a module's veto (the
 * river's last curve) shows in it.  When deep, cr_game_nlegal
 * must count as many, and cr_game_legal_nth find the first and the last
 * among them, and nothing after.
 */
static inline FZ_NOCOV uint64_t
fz_legal_digest(const struct cr_game *g, bool deep)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	uint64_t h = 0;

	for (int t = 0; t < ts->ntypes; t++) {
		int n = cr_game_supply(g, t) > 0 ? cr_game_legal(g, t, NULL, 0) : 0;
		struct cr_place *v = n > 0 ? malloc((size_t)n * sizeof *v) : NULL, p;
		uint64_t sum = 0;

		if (cr_game_supply(g, t) <= 0)
			continue;
		FZ_CHECK(n == 0 || v != NULL, "out of memory");
		FZ_CHECK(n == 0 || cr_game_legal(g, t, v, n) == n, "cr_game_legal: two counts");
		for (int k = 0; deep && k < n; k = k < n - 1 ? n - 1 : n) {
			int i = 0;

			FZ_CHECK(cr_game_legal_nth(g, t, k, &p), "%s: no place %d of %d", ts->type[t].code, k, n);
			while (i < n && (v[i].x != p.x || v[i].y != p.y || v[i].rot != p.rot))
				i++;
			FZ_CHECK(i < n, "%s: cr_game_legal_nth(%d) is %d,%d rot %d, which cr_game_legal does not list",
			    ts->type[t].code, k, p.x, p.y, p.rot);
		}
		if (deep) {
			FZ_CHECK(cr_game_nlegal(g, t) == n, "%s: cr_game_nlegal %d, cr_game_legal %d",
			    ts->type[t].code, cr_game_nlegal(g, t), n);
			FZ_CHECK(!cr_game_legal_nth(g, t, n, &p), "%s: a place %d of %d", ts->type[t].code, n, n);
		}
		for (int i = 0; i < n; i++)
			sum += fz_mix(fz_mix(fz_mix(0, v[i].x), v[i].y), v[i].rot);
		h = fz_mix(fz_mix(fz_mix(fz_mix(h, t), cr_game_drawable(g, t, NULL)), n), (int64_t)sum);
		free(v);
	}
	return h;
}

/*
 * Replay g's own moves on a new game of the same config: it must accept
 * every one and end in the same state, with the same places for every
 * tile that may be drawn (a check of undo, of the modules' own state and
 * of the determinism of play).  The new game is first made with other
 * modules and restarted with g's (cr_game_restart keeps nothing of the
 * game before), when the tile set has them.
 */
static inline FZ_NOCOV void
fz_replay_equal(const struct cr_game *g)
{
	struct cr_config c = { cr_game_edition(g), cr_game_nplayers(g), cr_game_exts(g) };
	struct cr_config other = { 1 + cr_game_edition(g) % 3, 1 + cr_game_nplayers(g) % CR_MAXPLAYERS,
	    ~cr_game_exts(g) & (cr_rules_modules(0)) };
	struct cr_game *h = cr_game_create(cr_game_tileset(g), &other);
	struct fz_snap a, b;
	struct cr_refusal why;
	struct cr_setup s;	/* the spring beside the wheel's board (issue 21) */

	cr_game_setup(g, &s);
	if (h == NULL)
		h = cr_game_create_setup(cr_game_tileset(g), &c, &s);
	else
		FZ_CHECK(cr_game_restart_setup(h, &c, &s), "cr_game_restart(edition %d, %d players, "
		    "modules 0x%x) failed", c.edition, c.nplayers, (unsigned)c.exts);
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
	FZ_CHECK(fz_legal_digest(g, true) == fz_legal_digest(h, false),
	    "a game and the replay of its moves differ in what may be drawn or where it fits");
	cr_game_free(h);
}

#endif
