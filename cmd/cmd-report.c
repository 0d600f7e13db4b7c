/*
 * cmd-report.c -- where the points of a recorded game came from.
 *
 *	carcref report [--svg] FILE [-o OUT]	(options anywhere, -- ends them)
 *
 * For each player, the points by category of the game (report.h): the
 * categories its events name and the extras its row gives inside them,
 * the totals checked against the scores, the largest single scoring and
 * how often the lead changed hands.  --svg: the same as a picture, the
 * race as a line chart and the categories as stacked bars, to OUT
 * (replaced safely: cmd/file.c) or to the standard output.  Any game of
 * the family, finished or not; a record with an illegal move is refused
 * as replay refuses it.  Exit status: 0, 1 a record refused (or an
 * internal error), 2 a usage error or a file that cannot be read or
 * written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "game.h"
#include "play.h"
#include "report.h"
#include "notation/i18n.h"

/* "FILE: carcassonne, edition 3, 72 moves, finished" (malloc'd; NULL:
 * no memory). */
static char *
title_of(const char *path, const struct nt_record *r, const struct nt_game *gm, const void *g)
{
	char desc[256];
	int n = gm->nmoves(g);

	gm->describe(r, desc, sizeof desc);
	/* TRANSLATORS: a file, its game, what its header says ("edition 3"),
	 * its moves. */
	if (gm->over(g))
		return cmd_strf(ngettext("%s: %s, %s, %d move, finished",
		    "%s: %s, %s, %d moves, finished", (unsigned long)n), path, gm->name, desc, n);
	return cmd_strf(ngettext("%s: %s, %s, %d move, not finished",
	    "%s: %s, %s, %d moves, not finished", (unsigned long)n), path, gm->name, desc, n);
}

static int
report_exec(int argc, char **argv)
{
	enum { O_SVG, O_OUT };
	static const struct cmd_opt opts[] = {
		[O_SVG] = { "--svg", NULL, NULL },
		[O_OUT] = { "-o", "--output", N_("a file name") },
		{ NULL, NULL, NULL },
	};
	const char *names[NT_MAXPLAYERS], *out = NULL, *path;
	struct play_letter letter[NT_MAXPLAYERS];
	int ansi[NT_MAXPLAYERS], k, rc;
	struct cmd_args a = CMD_ARGS(argc, argv);
	struct nt_record r;
	char msg[512], *text, *why = NULL, *title;
	bool svg = false;
	size_t len;
	void *g;

	while ((k = cmd_args_next(&cmd_report_entry, opts, &a)) >= 0)
		if (k == O_SVG)
			svg = true;
		else
			out = a.val;
	if (k != CMD_ARGS_DONE)
		return a.rc;
	if (a.nops != 1)
		return cmd_usage(&cmd_report_entry);
	if (out != NULL && !svg) {
		errf(_("carcref report: -o writes the picture: give --svg with it\n"));
		return cmd_usage(&cmd_report_entry);
	}
	path = argv[1];
	if ((text = cmd_read_file(path, &len, msg, sizeof msg)) == NULL) {
		errf(_("carcref: %s\n"), msg);
		return 2;
	}
	g = play_replay(strcmp(path, "-") == 0 ? NULL : path, text, len, &r, &why);
	free(text);
	if (g == NULL) {
		errf(_("carcref report: %s\n"), why ? why : _("out of memory"));
		free(why);
		return 1;
	}
	play_dress_record(&r, names, letter, ansi);
	if ((title = title_of(path, &r, nt_record_game(&r), g)) == NULL) {
		errf("%s", _("carcref: out of memory\n"));
		rc = 2;
	} else
		rc = report_show(nt_record_game(&r), g, names, ansi, title,
		    svg ? (out ? out : "-") : NULL, "carcref report", false);
	free(title);
	nt_record_game(&r)->free(g);
	nt_record_free(&r);
	if (fflush(stdout) != 0 && rc == 0) {
		perror(_("carcref: standard output"));
		rc = 2;
	}
	return rc;
}

const struct cmd_entry cmd_report_entry = {
	"report", "[--svg] FILE [-o OUT]",
	N_("where each player's points came from, by category; --svg: the race and the "
	"categories as a picture"),
	report_exec
};
