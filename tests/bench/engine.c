/*
 * tests/bench/engine.c -- engine benchmarks for make bench (never a test).
 *
 *	legal	legal-placement listing on finished boards (72 tiles, fewer
 *		after a discard): us per query
 *	scale	a random game on a supply of the base set repeated until the
 *		board holds 10,000 and 100,000 tiles, against 72-tile games
 *		run just before and after it: us per move over the whole game
 *		(placement, joins, cloisters, completion and final scoring
 *		included), and the ratio, median of 5 turns
 *	rss	peak resident memory of a whole 72-tile game
 *
 * Usage: engine TILEDIR.  Prints one line per figure, median of 5 runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "rules/game.h"
#include "tests/slurp.h"

static uint64_t st = 0x9e3779b97f4a7c15ULL;

static int
below(int n)
{
	st ^= st << 13, st ^= st >> 7, st ^= st << 17;
	return (int)(st % (uint64_t)n);
}

static double
now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static double
median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return v[n / 2];
}

/* Play at random until the game ends or holds stop tiles: a placement
 * uniform over the legal ones (as carcref selfplay does), a meeple tried
 * half the time. */
static void
play(struct cr_game *g, int stop)
{
	while (!cr_game_over(g) && cr_game_ntiles(g) < stop) {
		int k = below(cr_game_supply_total(g)), t = 0, n;
		struct cr_move m = { .kind = CR_MOVE_PLACE };
		bool placed = false;

		while (k >= cr_game_supply(g, t))
			k -= cr_game_supply(g, t++);
		m.tile = t;
		if ((n = cr_game_nlegal(g, t)) > 0) {
			struct cr_place p;

			cr_game_legal_nth(g, t, below(n), &p);
			m.x = p.x, m.y = p.y, m.rot = p.rot;
			placed = true;
		}
		if (!placed) {
			m = (struct cr_move){ .kind = CR_MOVE_DISCARD, .tile = t };
			cr_game_play(g, &m, NULL);
			continue;
		}
		if (below(2)) {
			m.role = (enum cr_role)(1 + below(4));
			m.spot = (enum cr_spot)below(CR_NSPOTS);
			if (!cr_game_check(g, &m, NULL))
				m.role = CR_ROLE_NONE;
		}
		cr_game_play(g, &m, NULL);
	}
	if (!cr_game_over(g))
		cr_game_play(g, &(struct cr_move){ .kind = CR_MOVE_END }, NULL);
}

/* us per move of `games` whole games on a supply of `copies` base sets
 * (a 72-tile game is too short to time alone: many are averaged), played
 * as carcref selfplay plays them: without the undo log, unless undo. */
static double
game_cost(struct cr_tileset *ts, int copies, int stop, int games, bool undo)
{
	int saved[64];
	double t = 0;
	long moves = 0;

	for (int k = 0; k < ts->ntypes; k++) {
		saved[k] = ts->type[k].count;
		ts->type[k].count *= copies;
	}
	for (int n = 0; n < games; n++) {
		struct cr_game *g = cr_game_new(ts, 3, 4);
		double t0;

		if (g == NULL) {
			fprintf(stderr, "engine: out of memory\n");
			exit(2);
		}
		cr_game_set_undo(g, undo);
		t0 = now_us();

		play(g, stop);
		t += now_us() - t0;
		moves += cr_game_nmoves(g);
		cr_game_free(g);
	}
	for (int k = 0; k < ts->ntypes; k++)
		ts->type[k].count = saved[k];
	return t / (double)moves;
}

int
main(int argc, char **argv)
{
	struct cr_tileset ts;
	struct cr_error err;
	struct cr_place *legal;
	char path[4096];
	double runs[5], small;
	const int cap = 1 << 20;
	size_t len;
	char *text;

	snprintf(path, sizeof path, "%s/base.yaml", argc > 1 ? argv[1] : "rules/tiles");
	if ((text = tu_slurp(path, &len)) == NULL) {
		perror(path);
		return 2;
	}
	if (cr_tileset_parse(&ts, text, len, &err) < 0) {
		fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.msg);
		return 2;
	}
	free(text);
	if (ts.ntypes > 64 || (legal = malloc((size_t)cap * sizeof *legal)) == NULL) {
		fprintf(stderr, "%s: more than 64 tile types, or out of memory\n", path);
		return 2;
	}

	/* Legal listing on a finished board: every tile type in turn (a
	 * game that discarded a tile has fewer than 72 on the board). */
	{
		int tiles[5];

		for (int r = 0; r < 5; r++) {
			struct cr_game *g = cr_game_new(&ts, 3, 2);
			double t0;
			int q = 0;

			if (g == NULL) {
				fprintf(stderr, "engine: out of memory\n");
				return 2;
			}

			play(g, 1 << 30);
			tiles[r] = cr_game_ntiles(g);
			t0 = now_us();
			for (int k = 0; k < 2000; k++, q++)
				cr_game_legal(g, k % ts.ntypes, legal, cap);
			runs[r] = (now_us() - t0) / q;
			cr_game_free(g);
		}
		qsort(tiles, 5, sizeof *tiles, cmp_int);
		printf("legal: %.2f us per query on finished boards of %d-%d tiles "
		    "(all %d types, 2000 queries)\n", median(runs, 5), tiles[0], tiles[4], ts.ntypes);
	}

	/*
	 * The small and the big games run in turns, and each run's ratio is
	 * taken against the small games of the same turn: on a shared
	 * machine whose speed drifts from second to second, the ratio then
	 * compares like with like.
	 */
	{
		static const int sizes[] = { 10000, 100000 };
		double small_runs[5], big[3][5], ratio[3][5], small_undo[5];

		for (int r = 0; r < 5; r++) {
			double s0 = game_cost(&ts, 1, 1 << 30, 300, false);
			double u0 = game_cost(&ts, 1, 1 << 30, 300, true);

			for (int k = 0; k < 2; k++)
				big[k][r] = game_cost(&ts, sizes[k] / 72 + 2, sizes[k], 1, false);
			big[2][r] = game_cost(&ts, sizes[1] / 72 + 2, sizes[1], 1, true);
			small_runs[r] = (s0 + game_cost(&ts, 1, 1 << 30, 300, false)) / 2;
			small_undo[r] = (u0 + game_cost(&ts, 1, 1 << 30, 300, true)) / 2;
			for (int k = 0; k < 2; k++)
				ratio[k][r] = big[k][r] / small_runs[r];
			ratio[2][r] = big[2][r] / small_undo[r];
		}
		small = median(small_runs, 5);
		printf("scale: 72 tiles: %.2f us per move (300 games before and after each big one)\n",
		    small);
		for (int k = 0; k < 2; k++)
			printf("scale: %d tiles: %.2f us per move (%.2fx the 72-tile games run beside it)\n",
			    sizes[k], median(big[k], 5), median(ratio[k], 5));
		printf("scale: with the undo log (the table's REPL): 72 tiles %.2f us, "
		    "100000 tiles %.2f us per move (%.2fx)\n", median(small_undo, 5),
		    median(big[2], 5), median(ratio[2], 5));
	}
	{
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		printf("rss: %.1f MB peak for this whole benchmark process (100,000-tile games included)\n",
		    ru.ru_maxrss / 1024.0);
	}
	cr_tileset_free(&ts);
	free(legal);
	return 0;
}
