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
#include "game.h"
#include "report.h"
#include "notation/record.h"
#include "notation/i18n.h"

struct opts {
	bool	json, quiet;
	bool	many;		/* several files: each JSON object names its own */
};

static void
names_of(const struct nt_record *r, const char **names)
{
	for (int i = 0; i < r->nplayers && i < NT_MAXPLAYERS; i++)
		names[i] = r->players[i].name;
}

static void
print_text(const char *path, const struct nt_record *r, const struct play_game *pg,
    const void *g, const char **names, bool ok, const struct nt_replay_error *err, bool quiet)
{
	const struct nt_game *gm = pg->rules;
	int nev = gm->nevents(g), k = 0, w = 0;
	bool final = false, over = gm->over(g);
	char line[128], why[512], desc[128], *title, *move;

	for (int i = 0; !quiet && i < r->nplayers; i++)	/* the moves' column of names */
		if (out_width(names[i]) > w)
			w = out_width(names[i]);
	if (!quiet) {
		/* TRANSLATORS: what an event is, then its account: "road:
		 * completed road of 3 tiles...". */
		const char *evline = C_("label: account", "      %s: %s\n");
		struct nt_event ev;

		gm->describe(r, desc, sizeof desc);
		/* TRANSLATORS: a file, its game and what its header says
		 * ("edition 3"), its players. */
		outf(ngettext("%s: %s, %s, %d player\n", "%s: %s, %s, %d players\n",
		    (unsigned long)r->nplayers), out_path(path), gm->name, desc, r->nplayers);
		for (int i = 0; i < gm->nmoves(g); i++) {
			const char *who = names[gm->move_player(g, i)];

			move = cmd_move_line(gm, g, i);
			outf("%4d  %s%*s  %s\n", i + 1, who, w - out_width(who), "", move ? move : "?");
			free(move);
			for (; k < nev; k++) {
				gm->event(g, k, &ev);
				if (ev.move != i + 1)
					break;
				if (!final && ev.final) {
					outf(_("      final scoring:\n"));
					final = true;
				}
				gm->event_explain(g, k, names, why, sizeof why);
				outf(evline, ev.name, why);
			}
		}
	}
	if (!ok) {
		cmd_print_refused(path, err);
		/* A move after the end (an explicit end, or the supply used
		 * up) is refused: the game stands as it ended, finished. */
		if (over)
			snprintf(line, sizeof line, _("final scores (the game ended at move %d):"),
			    gm->nmoves(g));
		else
			snprintf(line, sizeof line, _("scores after move %d (not finished):"),
			    err->move - 1);
		/* Quiet, without a header: the title says whose table it is. */
		/* TRANSLATORS: a file, then the title of its table of scores. */
		title = quiet ? cmd_strf(C_("file: scores", "%s: %s"), out_path(path), line) : NULL;
		cmd_print_ranking(pg, g, names, title ? title : line);
		free(title);
		return;
	}
	if (quiet) {	/* several tables in a row: each says whose it is */
		title = over ? NULL : cmd_strf_s(_("%s (not finished)"), out_path(path));
		cmd_print_ranking(pg, g, names, title ? title : out_path(path));
		free(title);
	} else
		cmd_print_ranking(pg, g, names, over ? _("final scores:") :
		    _("scores so far (not finished):"));
}

/* Each player's points by category ({} with no game): false, said, if
 * they do not add up to the scores (an internal error). */
static bool
print_by_category(const struct nt_game *gm, const void *g, const char **names)
{
	struct report rp;
	char *err = NULL;
	int rc = g ? report_make(&rp, gm, g, &err) : 0;

	printf("\"by_category\": ");
	if (g != NULL && rc == 0)
		report_json(stdout, &rp, names);
	else
		printf("{}");
	if (rc < 0)
		errf(_("carcref replay: internal error: %s\n"), err ? err : _("out of memory"));
	free(err);
	if (g != NULL)
		report_free(&rp);
	return rc == 0;
}

/* One object a file, a line each; with several files each names its
 * file first (path; NULL: one file, the object as it always was).  No
 * game (g NULL): the record did not read.  False: an internal error
 * (said). */
static bool
print_json(const char *path, const struct nt_record *r, const struct play_game *pg,
    const void *g, const char **names, bool ok, const struct nt_replay_error *err)
{
	const struct nt_game *gm = g ? pg->rules : NULL;
	char why[600], *paid;
	int nev = g ? gm->nevents(g) : 0, len;
	struct nt_event ev;
	bool sum;

	printf("{");
	if (path != NULL) {
		printf("\"file\": ");
		cmd_json_str(stdout, path);
		printf(", ");
	}
	printf("\"valid\": %s, ", ok ? "true" : "false");
	if (!ok) {
		printf("\"error\": {\"move\": %d, \"line\": %d, ", err->move, err->line);
		if (err->kind != NULL)
			printf("\"kind\": \"%s\", ", err->kind);
		printf("\"message\": ");
		snprintf(why, sizeof why, "column %d: %s", err->column, err->msg);
		cmd_json_str(stdout, why);
		printf("}, ");
	}
	printf("\"finished\": %s, \"scores\": {", g && gm->over(g) ? "true" : "false");
	for (int p = 0; g && p < r->nplayers; p++) {
		printf("%s", p ? ", " : "");
		cmd_json_str(stdout, names[p]);
		printf(": %d", gm->score(g, p));
	}
	printf("}, ");
	sum = print_by_category(gm, g, names);
	printf(", \"events\": [");
	for (int i = 0; i < nev; i++) {
		int k = 0;

		gm->event(g, i, &ev);
		printf("%s{\"move\": %d, %s\"player\": ", i ? ", " : "", ev.move,
		    ev.final ? "\"final\": true, " : "");
		cmd_json_str(stdout, names[ev.player]);
		printf(", \"feature\": \"%s\", ", ev.label);
		if (pg->json_event != NULL)
			pg->json_event(g, i, names);
		printf("\"points\": {");	/* each winner's own amount */
		for (int p = 0; p < r->nplayers; p++)
			if (ev.paid & (1u << p)) {
				printf("%s", k++ ? ", " : "");
				cmd_json_str(stdout, names[p]);
				printf(": %d", ev.points[p]);
			}
		printf("}");
		if (pg->json_event_after != NULL)
			pg->json_event_after(g, i, names);
		/* The arithmetic; with winners paid differently, each one's
		 * amount made up, by name (a record's: no fixed buffer). */
		printf(", \"why\": ");
		len = gm->event_why(g, i, names, why, sizeof why);
		if (len >= (int)sizeof why && (paid = malloc((size_t)len + 1)) != NULL) {
			gm->event_why(g, i, names, paid, (size_t)len + 1);
			cmd_json_str(stdout, paid);
			free(paid);
		} else
			cmd_json_str(stdout, why);	/* no memory: what fits */
		printf("}");
	}
	printf("]");
	if (g && pg->json_game != NULL)
		pg->json_game(g, names);
	printf("}\n");
	return sum;
}

/* One game for the whole batch, per game (play_games' order): restarted
 * per file, never reallocated; made again for a record played on another
 * world (its own data: a game lives on the world it was made on). */
static void **batch;
static const void **batch_world;

static int
replay_file(const char *path, const struct opts *o)
{
	const char *names[NT_MAXPLAYERS];
	struct nt_replay_error rerr;
	struct play_world_error werr;
	const struct play_game *pg;
	struct nt_record r;
	struct cr_error err;
	const void *world;
	void **g;
	char msg[512];
	size_t len;
	char *text;
	bool ok;
	int gi;

	if ((text = cmd_read_file(path, &len, msg, sizeof msg)) == NULL) {
		errf(_("carcref: %s\n"), msg);
		if (o->json) {
			memset(&rerr, 0, sizeof rerr);
			snprintf(rerr.msg, sizeof rerr.msg, "%s", msg);
			print_json(o->many ? path : NULL, &(struct nt_record){ 0 }, NULL, NULL, names,
			    false, &rerr);
		}
		return 2;
	}
	if (nt_record_parse(&r, text, len, &err) < 0) {
		free(text);
		if (o->json) {
			rerr = (struct nt_replay_error){ .move = 0, .line = err.line,
			    .column = err.column, .kind = err.kind };
			snprintf(rerr.msg, sizeof rerr.msg, "%s", err.msg);
			print_json(o->many ? path : NULL, &(struct nt_record){ 0 }, NULL, NULL, names,
			    false, &rerr);
		} else {
			errf("%s:%d:%d: %s\n", out_path(path), err.line, err.column, err.msg);
		}
		return 1;
	}
	free(text);
	names_of(&r, names);
	for (gi = 0; play_games[gi] != NULL && play_games[gi]->rules != nt_record_game(&r); gi++)
		;
	if ((pg = play_games[gi]) == NULL || play_world(pg) == NULL) {
		nt_record_free(&r);
		return -2;	/* the game's own data cannot be read (said): none can be replayed */
	}
	if ((world = play_world_of(pg, &r, strcmp(path, "-") == 0 ? NULL : path, &werr)) == NULL) {
		/* The data the record names: a refusal of the record (move 0). */
		if (o->json)
			print_json(o->many ? path : NULL, &(struct nt_record){ 0 }, NULL, NULL, names,
			    false, &werr.e);
		else
			errf("%s:%d:%d: %s\n", out_path(path), werr.e.line, werr.e.column,
			    werr.e.msg);
		nt_record_free(&r);
		return werr.status;
	}
	g = &batch[gi];
	if (*g != NULL && batch_world[gi] != world) {
		pg->rules->free(*g);
		*g = NULL;
	}
	batch_world[gi] = world;
	if (*g == NULL) {
		if ((*g = pg->rules->create(world, &r, &rerr)) == NULL) {
			errf(_("carcref: %s: %s\n"), out_path(path), rerr.msg);
			nt_record_free(&r);
			return 2;
		}
		pg->rules->set_undo(*g, false);	/* checking never undoes */
	}
	ok = nt_game_replay(pg->rules, *g, world, &r, &rerr);
	if (o->json)
		ok = print_json(o->many ? path : NULL, &r, pg, *g, names, ok, &rerr) && ok;
	else
		print_text(path, &r, pg, *g, names, ok, &rerr, o->quiet);
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
	for (k = 0; play_games[k] != NULL; k++)
		;
	if ((batch = calloc((size_t)k, sizeof *batch)) == NULL ||
	    (batch_world = calloc((size_t)k, sizeof *batch_world)) == NULL) {
		errf("%s", _("carcref: out of memory\n"));
		free(batch);
		batch = NULL;
		worst = 2;
	}
	for (int i = 1; batch != NULL && i <= a.nops; i++) {
		int rc = replay_file(argv[i], &o);

		if (rc == -2) {		/* the data cannot be read: none can be replayed */
			worst = 2;
			break;
		}
		if (rc > worst)
			worst = rc;
		if (!o.json && !o.quiet && i < a.nops)
			putchar('\n');
	}
	for (int i = 0; batch != NULL && play_games[i] != NULL; i++)
		if (batch[i] != NULL)
			play_games[i]->rules->free(batch[i]);
	free(batch);
	batch = NULL;
	free(batch_world);
	batch_world = NULL;
	if (fflush(stdout) != 0) {
		perror(_("carcref: standard output"));
		worst = 2;
	}
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
