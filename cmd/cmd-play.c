/*
 * cmd-play.c -- the table REPL: a game refereed as it is played.
 *
 *	carcref [play] [--yes] [--players A,B,...] [--edition 1|2|3] [--expansions X,Y] [FILE]
 *	carcref play [--yes] --resume [NAME]	(or: carcref resume [NAME])
 *
 * A turn is entered whole, in the notation ("U 0,1 0 thief@S"), or step
 * by step as it happens at the table: draw U, place 1,0 90, then meeple
 * thief@E or pass (play-turn.c).  Each accepted move is in the journal
 * (journal.c) before the next line is read.  The REPL's files are listed
 * in play.h.
 *
 * On a terminal the lines come through GNU readline (history, completion);
 * otherwise they are read one by one without prompt or colour, so a session
 * can be scripted and its output diffed, and the exit status says whether
 * every line was accepted.  Everything the session says goes to standard
 * output, refusals included, so a transcript keeps its order.
 */
#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cmd.h"
#include "play.h"
#include "notation/i18n.h"

/*
 * The game to resume: WANT exactly, else the one game whose name starts
 * with WANT; without WANT, the unfinished game played last (an unreadable
 * one counts: it is reported, not passed over).  Its name, malloc'd; NULL
 * with the message printed.
 */
static char *
pick_game(const struct cr_tileset *ts, const char *want)
{
	struct journal_game *v;
	char *err = NULL, *name = NULL;
	int n, k = 0, found = -1;

	if ((n = journal_games(&v, &err)) < 0) {
		errf("carcref: %s\n", err ? err : _("out of memory"));
		free(err);
		return NULL;
	}
	for (int i = 0; want != NULL && i < n && found < 0; i++)
		if (strcmp(v[i].name, want) == 0)
			found = i;
	for (int i = 0; want != NULL && i < n && found < 0; i++)
		if (strncmp(v[i].name, want, strlen(want)) == 0)
			k++;
	if (want != NULL && found < 0 && k > 1) {
		errf(_("carcref: \"%s\" starts the names of %d games:"), out_path(want), k);
		for (int i = 0; i < n; i++)
			if (strncmp(v[i].name, want, strlen(want)) == 0)
				errf(" %s", out_path(v[i].name));
		errf(_("; give more of the name\n"));
	} else if (want != NULL && found < 0) {
		for (int i = 0; i < n && found < 0; i++)
			if (strncmp(v[i].name, want, strlen(want)) == 0)
				found = i;
		if (found < 0)
			errf(_("carcref: no game is named \"%s\" (carcref games lists "
			    "them)\n"), out_path(want));
	}
	for (int i = 0; want == NULL && i < n && found < 0; i++) {
		struct nt_record r;
		struct cr_game *g;
		size_t len;
		bool cut;
		char *text = journal_read(v[i].path, &len, &cut, NULL);

		if (text == NULL) {
			found = i;	/* resume says why */
			break;
		}
		if ((g = play_replay(ts, NULL, text, len, &r, NULL)) == NULL || !cr_game_over(g))
			found = i;
		if (g != NULL) {
			cr_game_free(g);
			nt_record_free(&r);
		}
		free(text);
	}
	if (want == NULL && found < 0)
		errf(_("carcref: no game to resume: %s\n"), n == 0 ? _("no game is kept "
		    "yet") : _("every game kept is finished (carcref games lists them; carcref "
		    "resume NAME brings one back)"));
	if (found >= 0 && (name = strdup(v[found].name)) == NULL)
		errf(_("carcref: out of memory\n"));
	journal_games_free(v, n);
	return name;
}

/*
 * Bring back game NAME as it was left: its journal locked, read and
 * replayed.  A journal that cannot be read or replayed is named with the
 * reason and left as it is.  A last move's line cut short by a crash (a
 * move never acknowledged) is cut off the file, the file as it was kept
 * aside.  0, or the exit status.
 */
static int
resume(struct play *p, const char *name)
{
	struct nt_record r;
	struct cr_game *g;
	char *err = NULL, *text, *kept = NULL;
	size_t len;
	bool cut;

	if (!journal_take(&p->j, name, &err) ||
	    (text = journal_read(p->j.path, &len, &cut, &err)) == NULL) {
		errf("carcref: %s\n", err ? err : _("out of memory"));
		free(err);
		return 2;
	}
	if ((g = play_replay(p->ts, p->j.path, text, len, &r, &err)) == NULL) {
		errf(_("carcref: cannot resume %s: its journal is unreadable: %s "
		    "(the file is left as it is)\n"), out_path(name),
		    err ? err : _("out of memory"));
		free(err);
		free(text);
		return 1;
	}
	play_take(p, &r, g);
	/* What carcref holds the file to be from now on: checked before each
	 * write, and the comments a rewrite keeps. */
	if (!journal_basis(&p->j, text, len, cr_game_nmoves(p->g)))
		p->j.rewrite = true;
	if (!journal_appendable(text, len))
		p->j.rewrite = true;	/* not as carcref writes it: whole, at the next move */
	free(text);
	if (cut && !journal_drop_cut(&p->j, &kept, &err)) {
		outf(_("carcref: resumed %s (%s); its last line has no newline, as a write cut "
		    "short leaves it: that move was never accepted; it cannot be dropped now (%s), "
		    "so the file is kept aside at the next move\n"), out_path(name), out_path(p->j.path),
		    err ? err : _("out of memory"));
		p->j.rewrite = true;
	} else if (cut)
		outf(_("carcref: resumed %s (%s); its last line has no newline, as a write cut "
		    "short leaves it: that move was never accepted, and is dropped; the file as it "
		    "was is kept as %s\n"), out_path(name), out_path(p->j.path), out_path(kept));
	else
		outf(_("carcref: resumed %s (%s)\n"), out_path(name), out_path(p->j.path));
	free(kept);
	free(err);
	play_restore_hand(p);
	return 0;
}

/* Parse the options, start or bring back the game, then the session. */
static int
start(struct play *p, int argc, char **argv, bool resuming)
{
	char *players[CR_MAXPLAYERS + 1], *names = NULL, err[512], *serr = NULL, *text, *dir;
	char *exts[CR_MAXEXTS + 1], *extlist = NULL;
	int nexts = 0;
	const char *file = NULL, *fresh = NULL;	/* an option for a new game */
	int edition = 3, n = 0, i, rc;
	bool named = false, given = false;
	size_t len;

	enum { O_RESUME, O_YES, O_PLAYERS, O_EXPANSIONS, O_EDITION };
	static const struct cmd_opt opts[] = {
		[O_RESUME] = { "--resume", NULL, NULL },
		[O_YES] = { "--yes", NULL, NULL },
		[O_PLAYERS] = { "--players", NULL, N_("names separated by commas") },
		[O_EXPANSIONS] = { "--expansions", NULL, N_("names separated by commas") },
		[O_EDITION] = { "--edition", NULL, N_("1, 2 or 3") },
		{ NULL, NULL, NULL },
	};
	const struct cmd_entry *e = resuming ? &cmd_resume_entry : &cmd_play_entry;
	struct cmd_args a = CMD_ARGS(argc, argv);
	int k;

	/* Every word read before the game starts: options anywhere. */
	while ((k = cmd_args_next(e, opts, &a)) >= 0) {
		if (fresh == NULL && k != O_RESUME && k != O_YES)
			fresh = opts[k].name;
		if (k == O_RESUME)
			resuming = true;
		else if (k == O_YES)
			p->yes = true;
		else if (k == O_PLAYERS) {
			names = (char *)a.val;
			named = true;
		} else if (k == O_EXPANSIONS) {
			extlist = (char *)a.val;
			given = true;
		} else {
			char *end;
			long ed = strtol(a.val, &end, 10);

			if (*end != '\0' || ed < 1 || ed > 3) {
				errf(_("carcref play: --edition: 1, 2 or 3, not \"%s\"\n"),
				    a.val);
				return 2;
			}
			edition = (int)ed;
			given = true;
		}
	}
	if (k != CMD_ARGS_DONE)
		return a.rc;
	file = argv[1];		/* with --resume: a game's name */
	/* What is wrong, said before the usage, as every command says it. */
	if (a.nops > 1) {
		if (resuming)
			errf(_("carcref %s: one NAME at a time (\"%s\", then \"%s\")\n"), e->name,
			    out_path(argv[1]), out_path(argv[2]));
		else
			errf(_("carcref %s: one FILE at a time (\"%s\", then \"%s\")\n"), e->name,
			    out_path(argv[1]), out_path(argv[2]));
		return cmd_usage(resuming ? &cmd_resume_entry : &cmd_play_entry);
	}
	if (resuming && fresh != NULL) {
		/* TRANSLATORS: "carcref resume: --players is for a new game, not
		 * for resume (...)"; the last %s is resume or --resume. */
		errf(_("carcref %s: %s is for a new game, not for %s (the game kept has its "
		    "own)\n"), e->name, fresh, e == &cmd_resume_entry ? "resume" : "--resume");
		return cmd_usage(&cmd_resume_entry);
	}
	if (file && (named || given)) {
		errf(_("carcref play: --players, --edition and --expansions are for a new game; "
		    "%s has its own\n"), file);
		return 2;
	}
	if ((p->ts = cmd_tileset()) == NULL)
		return 2;
	/* The state directory, made now: better refused before the first move. */
	if ((dir = play_state_path("games", &serr)) == NULL) {
		errf("carcref play: %s\n", serr ? serr : _("out of memory"));
		free(serr);
		return 2;
	}
	free(dir);

	if (resuming) {
		char *name = pick_game(p->ts, file);

		if (name == NULL)
			return 2;
		rc = resume(p, name);
		free(name);
		if (rc != 0)
			return rc;
	} else if (file) {
		if ((text = cmd_read_file(file, &len, err, sizeof err)) == NULL) {
			errf("carcref: %s\n", err);
			return 2;
		}
		if (!play_adopt(p, file, text, len, stderr)) {
			free(text);
			return 1;
		}
		play_new_journal(p, text, len, stderr);
		free(text);
		outf(_("carcref: continuing %s\n"), out_path(file));
	} else {
		static char anna[] = "Anna", ben[] = "Ben";

		if (names != NULL) {
			for (char *s = names; n <= CR_MAXPLAYERS; ) {
				char *comma = strchr(s, ',');

				size_t len;
				const char *fault;

				if (comma != NULL)
					*comma = '\0';
				/* "Anna, Ben": white space of any kind around a name
				 * is the list's, not the name's (a record's names
				 * have none either). */
				len = strlen(s);
				s += nt_trim_space(s, &len);
				s[len] = '\0';
				if ((fault = nt_name_fault(s, len)) != NULL) {
					errf(_("carcref play: --players: name %d, \"%s\": %s\n"), n + 1, s,
					    _(fault));
					return 2;
				}
				players[n++] = s;
				if (comma == NULL)
					break;
				s = comma + 1;
			}
		} else {
			players[n++] = anna;
			players[n++] = ben;
		}
		/* "inns-cathedrals,river": the record reader checks the names. */
		for (char *s = extlist; s != NULL && *s && nexts <= CR_MAXEXTS; ) {
			char *comma = strchr(s, ',');

			if (comma != NULL)
				*comma = '\0';
			while (isspace((unsigned char)*s))
				s++;
			for (char *e = s + strlen(s); e > s && isspace((unsigned char)e[-1]); )
				*--e = '\0';
			exts[nexts++] = s;
			s = comma ? comma + 1 : NULL;
		}
		if (!play_new_game(p, players, n, edition, exts, nexts))
			return 2;
		outf(_("carcref: a new game\n"));
	}
	outf(ngettext("edition %d, %d player:", "edition %d, %d players:",
	    (unsigned long)cr_game_nplayers(p->g)), cr_game_edition(p->g), cr_game_nplayers(p->g));
	for (i = 0; i < cr_game_nplayers(p->g); i++)
		outf(" %s%s", p->names[i], i + 1 < cr_game_nplayers(p->g) ? "," : "");
	outf("\n");
	if (cr_game_nmoves(p->g) > 0 && !cr_game_over(p->g))	/* taken up again: the table */
		view_score(p, 1, (char *[]){ (char *)"score", NULL });
	else
		play_say_state(p);
	if (p->tty && cr_game_over(p->g))
		outf("%s.\n", play_over_hint());
	else if (p->tty) {	/* the example: a turn legal on this board */
		char *ex = play_example(p);

		outf(_("Enter a turn whole (%s) or step by step: draw TILE,\n"
		    "place X,Y [ROT], then meeple ROLE@SPOT or pass.  help lists the commands.\n"),
		    ex ? ex : _("TILE X,Y ROT ROLE@SPOT"));
		free(ex);
	}
	fflush(stdout);
	play_session(p);
	return !p->tty && p->refused > 0 ? 1 : 0;
}

static int
run(int argc, char **argv, bool resume)
{
	struct play pl = { .hand = -1, .j = { .fd = -1, .lockfd = -1 } };
	const char *nc = getenv("NO_COLOR");
	int rc;

	pl.tty = isatty(STDIN_FILENO);
	pl.color = pl.tty && isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0');
	rc = start(&pl, argc, argv, resume);
	journal_close(&pl.j);
	free(pl.redo);
	cr_game_free(pl.g);
	if (pl.have_rec)
		nt_record_free(&pl.rec);
	if (pl.signal != 0) {	/* all is kept: die of it, as the sender expects */
		fflush(stdout);
		/* Ctrl-\ ends the session cleanly: no core to dump. */
		if (pl.signal == SIGQUIT)
			setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });
		signal(pl.signal, SIG_DFL);
		raise(pl.signal);
	}
	if (fflush(stdout) != 0 && rc == 0) {
		perror(_("carcref: standard output"));
		rc = 2;
	}
	return rc;
}

static int
play_exec(int argc, char **argv)
{
	return run(argc, argv, false);
}

static int
resume_exec(int argc, char **argv)
{
	return run(argc, argv, true);
}

const struct cmd_entry cmd_play_entry = {
	"play", "[--yes] [--players A,B,...] [--edition N] [--expansions X,Y] [FILE | --resume [NAME]]",
	N_("referee a game at the table, turn by turn"),
	play_exec
};

const struct cmd_entry cmd_resume_entry = {
	"resume", "[--yes] [NAME]", N_("bring back a game kept, by default the last one "
	"unfinished (as play --resume)"),
	resume_exec
};
