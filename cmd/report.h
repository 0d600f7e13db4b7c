/*
 * report.h -- where the points came from: a game's points by category
 * for each player, its running score move by move, its largest single
 * scoring (report.c), and the same as a picture (report-svg.c).  Made
 * from the game layer alone (notation/game.h): every event's label, its
 * points, and the row's event_parts where it has them (the extras inside
 * a category: an inn's share of a road's points); never from a list of
 * games or expansions.  carcref report, the REPL's report, replay
 * --json's "by_category" and carcref stats all read it.
 */
#ifndef CARCREF_REPORT_H
#define CARCREF_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "notation/game.h"

/* An extra inside a category, or a category: its name, its place, each
 * player's points (had: some event gave the player such a part). */
struct report_part {
	const char	*label, *name;	/* English (JSON), the reader's language */
	int		 rank, seen;	/* the row's order, then the order first scored */
	int		 pts[NT_MAXPLAYERS];
	bool		 had[NT_MAXPLAYERS];
};

/* Their order (qsort's): by rank, then as first scored. */
int	 report_part_cmp(const void *a, const void *b);

struct report_cat {
	struct report_part	 c;
	struct report_part	*x;	/* its extras, in order */
	int			 nx;
};

struct report {
	int		 np, nmoves;
	bool		 over;		/* the game is finished */
	bool		 final;		/* some event came from the final scoring */
	struct report_cat *cat;		/* in order (rank, then first scored) */
	int		 ncat;
	int		 total[NT_MAXPLAYERS];	/* the categories added up: the scores */
	int		 atend[NT_MAXPLAYERS];	/* of which the final scoring's */
	/* Each player's score after move m (0 to nmoves) from the events
	 * made until then, the final scoring's aside: run[m * np + p]; its
	 * last row, run[(nmoves + 1) * np + p], the scores once the final
	 * scoring is added. */
	int		*run;
	int		 best;		/* the largest single scoring: an event, -1 none */
	int		 bestpts;	/* what it paid the most paid */
	int		 leads;		/* how many times the sole lead changed hands */
	int		 lastlead;	/* the last move it did, its new leader (-1 none) */
	int		 lastleader;
};

/*
 * The report of game g (of row gm): 0; -1 out of memory; -2 an internal
 * error, *err (malloc'd) saying it: the categories do not add up to a
 * player's score, or an event's parts to what it paid.  rp is freed by
 * report_free either way.
 */
int	 report_make(struct report *rp, const struct nt_game *gm, const void *g, char **err);
void	 report_free(struct report *rp);
/* Who leads alone after step (a move, 0 to nmoves; nmoves + 1: after
 * the final scoring), -1 if nobody does (a tie at the top). */
int	 report_leader(const struct report *rp, int step);

/* The table for people, on the standard output (escaped: cmd/out.c):
 * categories and their extras by player, the totals, the largest single
 * scoring, the lead.  names[p] for each player. */
void	 report_print(const struct report *rp, const struct nt_game *gm, const void *g,
	    const char *const *names);

/* JSON's "by_category": each player's points in each category of the
 * game (0 where none), names as JSON keys; no comma around it. */
void	 report_json(FILE *f, const struct report *rp, const char *const *names);

/* The report as an SVG document (report-svg.c): the race as a line chart
 * (each player's score after every move, the final scoring as a last
 * step, the moves where the lead changed hands marked, the final scores
 * at the line ends) and the points by category as stacked bars; players
 * in their colours (ansi codes, as board has them), every text escaped.
 * malloc'd, *len bytes; NULL if memory runs out. */
char	*report_svg(const struct report *rp, const char *title, const char *const *names,
	    const int *ansi, size_t *len);

/*
 * The whole of `carcref report FILE`, for it and the REPL: the report of
 * game g, printed under title (NULL: none), or with svg (not NULL)
 * written to that file instead ("-": the standard output), the title
 * naming what it shows.  0, or
 * the exit status (1 an internal error, 2 out of memory or a file that
 * cannot be written) with the message printed, prefixed by who: on the
 * standard error, or at the table (table) on the standard output.
 */
int	 report_show(const struct nt_game *gm, const void *g, const char *const *names,
	    const int *ansi, const char *title, const char *svg, const char *who, bool table);

#endif
