/*
 * cmd-replay.c -- check recorded games: every move, every point.
 *
 *	carcref replay [--json] [--quiet] FILE...	(options anywhere, -- ends them)
 *
 * Many files are checked in one process (a club's archive).  The exit
 * status is the worst of all files: 0 every move legal, 1 an illegal move
 * or a malformed record, 2 a usage or I/O error.
 *
 * The text is for people, in their language; --json is for programs, in
 * English whatever the locale (see replay_exec).
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "rules/ext.h"
#include "notation/explain.h"
#include "notation/record.h"
#include "notation/i18n.h"

struct opts {
	bool	json, quiet;
	bool	many;		/* several files: each JSON object names its own */
};

static void
names_of(const struct nt_record *r, const char **names)
{
	for (int i = 0; i < r->nplayers; i++)
		names[i] = r->players[i].name;
}

static void
print_text(const char *path, const struct nt_record *r, const struct cr_game *g,
    const char **names, bool ok, const struct nt_replay_error *err, bool quiet)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const struct cr_event *ev;
	int nev, k = 0, w = 0;
	bool final = false;
	char line[128], why[512], *title;

	ev = cr_game_events(g, &nev);
	for (int i = 0; i < r->nplayers; i++)
		if (out_width(names[i]) > w)
			w = out_width(names[i]);
	if (!quiet) {
		/* TRANSLATORS: what an event is, then its account: "road:
		 * completed road of 3 tiles...". */
		const char *evline = C_("label: account", "      %s: %s\n");

		outf(ngettext("%s: carcassonne, edition %d, %d player\n",
		    "%s: carcassonne, edition %d, %d players\n", (unsigned long)r->nplayers),
		    out_path(path), r->edition, r->nplayers);
		for (int i = 0; i < cr_game_nmoves(g); i++) {
			nt_format_move(ts, cr_game_move(g, i), NULL, line, sizeof line);
			const char *who = names[cr_game_move_player(g, i)];

			outf("%4d  %s%*s  %s\n", i + 1, who, w - out_width(who), "", line);
			for (; k < nev && ev[k].move == i + 1; k++) {
				if (!final && CR_EV_AT_END(ev[k].reason)) {
					outf(_("      final scoring:\n"));
					final = true;
				}
				nt_event_explain(&ev[k], names, r->nplayers, why, sizeof why);
				outf(evline, nt_event_name(&ev[k]), why);
			}
		}
	}
	if (!ok) {
		cmd_print_refused(path, err);
		/* A move after the end (an explicit end, or the supply used
		 * up) is refused: the game stands as it ended, finished. */
		if (cr_game_over(g))
			snprintf(line, sizeof line, _("final scores (the game ended at move %d):"),
			    cr_game_nmoves(g));
		else
			snprintf(line, sizeof line, _("scores after move %d (not finished):"),
			    err->move - 1);
		/* Quiet, without a header: the title says whose table it is. */
		/* TRANSLATORS: a file, then the title of its table of scores. */
		title = quiet ? cmd_strf(C_("file: scores", "%s: %s"), out_path(path), line) : NULL;
		cmd_print_ranking(g, names, title ? title : line);
		free(title);
		return;
	}
	if (quiet) {	/* several tables in a row: each says whose it is */
		title = cr_game_over(g) ? NULL : cmd_strf(_("%s (not finished)"), out_path(path));
		cmd_print_ranking(g, names, title ? title : out_path(path));
		free(title);
	} else
		cmd_print_ranking(g, names, cr_game_over(g) ? _("final scores:") :
		    _("scores so far (not finished):"));
}

/* A module's event: goods taken ("taken": {"wine": 2}), or the kind of
 * a majority ("goods": "wine"). */
static void
json_event_extra(const struct cr_event *ev)
{
	if (ev->reason == CR_EV_TAKE) {
		printf("\"taken\": {");
		for (int t = 0; t < ev->nterm; t++) {
			printf("%s", t ? ", " : "");
			cmd_json_str(stdout, cr_phrase(ev->term[t].phrase));
			printf(": %d", ev->term[t].count);
		}
		printf("}, ");
	} else if (ev->reason == CR_EV_EXTRA) {
		cmd_json_str(stdout, nt_event_label(ev));
		printf(": ");
		cmd_json_str(stdout, cr_phrase(ev->note));
		printf(", ");
	}
}

/* Each player's tokens, by group: "goods": {"Anna": {"wine": 2, ...}}. */
static void
json_counters(const struct nt_record *r, const struct cr_game *g, const char **names)
{
	int n = g ? cr_game_ncounters(g) : 0;

	for (int k = 0; k < n; k++) {
		const char *group, *prev = NULL;

		cr_game_counter_name(g, k, &group);
		if (k > 0)
			cr_game_counter_name(g, k - 1, &prev);
		if (prev != NULL && strcmp(prev, group) == 0)
			continue;	/* the group's first counter prints it all */
		printf(", ");
		cmd_json_str(stdout, group);
		printf(": {");
		for (int p = 0; p < r->nplayers; p++) {
			const char *gr;

			printf("%s", p ? ", " : "");
			cmd_json_str(stdout, names[p]);
			printf(": {");
			for (int j = k; j < n; j++) {
				const char *name = cr_game_counter_name(g, j, &gr);

				if (strcmp(gr, group) != 0)
					break;
				printf("%s", j > k ? ", " : "");
				cmd_json_str(stdout, name);
				printf(": %d", cr_game_counter(g, p, j));
			}
			printf("}");
		}
		printf("}");
	}
}

/* One object a file, a line each; with several files each names its
 * file first (path; NULL: one file, the object as it always was). */
static void
print_json(const char *path, const struct nt_record *r, const struct cr_game *g,
    const char **names, bool ok, const struct nt_replay_error *err)
{
	const struct cr_event *ev;
	char why[600], *paid;
	int nev, len;

	printf("{");
	if (path != NULL) {
		printf("\"file\": ");
		cmd_json_str(stdout, path);
		printf(", ");
	}
	printf("\"valid\": %s, ", ok ? "true" : "false");
	if (!ok) {
		printf("\"error\": {\"move\": %d, \"line\": %d, \"message\": ", err->move, err->line);
		snprintf(why, sizeof why, "column %d: %s", err->column, err->msg);
		cmd_json_str(stdout, why);
		printf("}, ");
	}
	printf("\"finished\": %s, \"scores\": {", g && cr_game_over(g) ? "true" : "false");
	for (int p = 0; g && p < r->nplayers; p++) {
		printf("%s", p ? ", " : "");
		cmd_json_str(stdout, names[p]);
		printf(": %d", cr_game_player(g, p)->score);
	}
	printf("}, \"events\": [");
	ev = g ? cr_game_events(g, &nev) : (nev = 0, NULL);
	for (int i = 0; i < nev; i++) {
		int k = 0;

		printf("%s{\"move\": %d, %s\"player\": ", i ? ", " : "", ev[i].move,
		    CR_EV_AT_END(ev[i].reason) ? "\"final\": true, " : "");
		cmd_json_str(stdout, names[cr_game_move_player(g, ev[i].move - 1)]);
		printf(", \"feature\": \"%s\", ", nt_event_label(&ev[i]));
		json_event_extra(&ev[i]);
		printf("\"points\": {");	/* each winner's own amount */
		for (int p = 0; p < r->nplayers; p++)
			if (ev[i].winners & (1u << p)) {
				printf("%s", k++ ? ", " : "");
				cmd_json_str(stdout, names[p]);
				printf(": %d", ev[i].pay[p]);
			}
		/* The arithmetic; with winners paid differently, each one's
		 * amount made up, by name (a record's: no fixed buffer). */
		printf("}, \"why\": ");
		len = nt_event_why_paid(&ev[i], names, r->nplayers, NULL, 0);
		if ((paid = len < (int)sizeof why ? why : malloc((size_t)len + 1)) == NULL) {
			nt_event_why(&ev[i], why, sizeof why);	/* no memory: the sums alone */
			paid = why;
		} else
			nt_event_why_paid(&ev[i], names, r->nplayers, paid, (size_t)len + 1);
		cmd_json_str(stdout, paid);
		if (paid != why)
			free(paid);
		printf("}");
	}
	printf("]");
	json_counters(r, g, names);
	printf("}\n");
}

/* One game for the whole batch: reset per file, never reallocated. */
static struct cr_game *batch;

static int
replay_file(const struct cr_tileset *ts, const char *path, const struct opts *o)
{
	const char *names[CR_MAXPLAYERS];
	struct nt_replay_error rerr;
	struct nt_record r;
	struct cr_error err;
	struct cr_game *g;
	char msg[512];
	size_t len;
	char *text;
	bool ok;

	if ((text = cmd_read_file(path, &len, msg, sizeof msg)) == NULL) {
		errf(_("carcref: %s\n"), msg);
		if (o->json) {
			memset(&rerr, 0, sizeof rerr);
			snprintf(rerr.msg, sizeof rerr.msg, "%s", msg);
			print_json(o->many ? path : NULL, &(struct nt_record){ 0 }, NULL, names, false, &rerr);
		}
		return 2;
	}
	if (nt_record_parse(&r, text, len, &err) < 0) {
		free(text);
		if (o->json) {
			rerr = (struct nt_replay_error){ .move = 0, .line = err.line,
			    .column = err.column };
			snprintf(rerr.msg, sizeof rerr.msg, "%s", err.msg);
			print_json(o->many ? path : NULL, &(struct nt_record){ 0 }, NULL, names, false, &rerr);
		} else {
			errf("%s:%d:%d: %s\n", out_path(path), err.line, err.column, err.msg);
		}
		return 1;
	}
	free(text);
	names_of(&r, names);
	if (batch == NULL) {
		if ((batch = cr_game_new(ts, r.edition, r.nplayers)) == NULL) {
			errf(_("carcref: %s: cannot start the game: out of memory\n"),
			    out_path(path));
			nt_record_free(&r);
			return 2;
		}
		cr_game_set_undo(batch, false);	/* checking never undoes */
	}
	g = batch;
	ok = nt_replay_on(g, &r, &rerr);
	if (o->json)
		print_json(o->many ? path : NULL, &r, g, names, ok, &rerr);
	else
		print_text(path, &r, g, names, ok, &rerr, o->quiet);
	nt_record_free(&r);
	return ok ? 0 : 1;
}

static int
replay_exec(int argc, char **argv)
{
	enum { O_JSON, O_QUIET };
	static const struct cmd_opt opts[] = {
		[O_JSON] = { "--json", NULL, NULL },
		[O_QUIET] = { "--quiet", "-q", NULL },
		{ NULL, NULL, NULL },
	};
	struct cmd_args a = CMD_ARGS(argc, argv);
	struct opts o = { 0 };
	const struct cr_tileset *ts;
	locale_t c = (locale_t)0;
	int k, worst = 0;

	while ((k = cmd_args_next(&cmd_replay_entry, opts, &a)) >= 0)
		*(k == O_JSON ? &o.json : &o.quiet) = true;
	if (k != CMD_ARGS_DONE)
		return a.rc;
	if (a.nops == 0)
		return cmd_usage(&cmd_replay_entry);
	o.many = a.nops > 1;
	/*
	 * --json: every message in the JSON (the record's, the rules', a
	 * file's strerror) is the English source, as programs expect, and
	 * standard error says the same.  The thread runs in the C locale
	 * (gettext and strerror follow uselocale): nothing is built twice,
	 * whoever makes the message.
	 */
	if (o.json && (c = newlocale(LC_ALL_MASK, "C", (locale_t)0)) != (locale_t)0)
		uselocale(c);
	if ((ts = cmd_tileset()) == NULL) {
		worst = 2;
		goto out;
	}
	for (int i = 1; i <= a.nops; i++) {
		int rc = replay_file(ts, argv[i], &o);

		if (rc > worst)
			worst = rc;
		if (!o.json && !o.quiet && i < a.nops)
			putchar('\n');
	}
	cr_game_free(batch);
	batch = NULL;
	if (fflush(stdout) != 0) {
		perror(_("carcref: standard output"));
		worst = 2;
	}
out:
	if (c != (locale_t)0) {
		uselocale(LC_GLOBAL_LOCALE);
		freelocale(c);
	}
	return worst;
}

const struct cmd_entry cmd_replay_entry = {
	"replay", "[--json] [--quiet] FILE...",
	N_("check recorded games, print each move, its scoring and the final scores"),
	replay_exec
};
