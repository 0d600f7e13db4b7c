/*
 * play-report.c -- the REPL's report, whatever the game: where each
 * player's points came from (report.h), asked for (report, report --svg
 * FILE) or shown by itself when the game ends (play-turn.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "play.h"
#include "report.h"
#include "notation/i18n.h"

void
play_report(struct play *p)
{
	report_show(p->rules, p->g, p->names, p->ansi, NULL, NULL, "report", true);
}

/* report [--svg FILE]: the table, or the picture written to FILE
 * (replaced safely). */
static int
view_report(struct play *p, int argc, char **argv)
{
	int n = p->rules->nmoves(p->g);
	char *title;
	int rc;

	if (argc == 1) {
		play_report(p);
		return 0;
	}
	if (argc != 3 || strcmp(argv[1], "--svg") != 0)
		return play_nope(_("report: expected nothing, or --svg FILE"));
	title = n ? cmd_strf(_("the game at the table, after move %d"), n) :
	    cmd_strf("%s", _("the game at the table, before move 1"));
	if (title == NULL)
		return play_nope(_("report: out of memory"));
	rc = report_show(p->rules, p->g, p->names, p->ansi, title, argv[2], "report", true);
	free(title);
	if (rc != 0)
		return -1;
	outf(_("wrote the report after move %d to %s\n"), n, out_path(argv[2]));
	return 0;
}

const struct play_cmd play_cmd_report = { "report", { "bilan" }, N_("[--svg FILE]"), 0, 2,
	PA_NONE, view_report,
	N_("where each player's points came from"),
	N_("  For each player, the points of each category (roads, cities... as the game\n"
	"  names them) and the extras inside them, the totals, the largest single\n"
	"  scoring and how often the lead changed hands; shown by itself when the game\n"
	"  ends.  report --svg FILE: the race move by move and the categories as a\n"
	"  picture, written to FILE.\n"), true, "--svg" };
