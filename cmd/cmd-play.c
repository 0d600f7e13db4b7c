/*
 * cmd-play.c -- the table REPL: a game refereed as it is played.
 *
 *	carcref [play] [--yes] [--game NAME] [--players A,B,...] [GAME'S OPTIONS] [FILE]
 *	carcref play [--yes] --resume [NAME]	(or: carcref resume [NAME])
 *
 * The game is the tile game unless --game names another (cmd/game.h); its
 * options come from its table (the tile game's --edition 1|2|3 and
 * --expansions X,Y).  A turn is entered whole, in the game's notation
 * ("U 0,1 0 thief@S"), or step by step as it happens at the table (the
 * tile game: draw U, place 1,0 90, then meeple thief@E or pass).  Each
 * accepted move is in the journal (journal.c) before the next line is
 * read.  The REPL's files are listed in play.h.
 *
 * On a terminal the lines come through GNU readline (history, completion);
 * otherwise they are read one by one without prompt or colour, so a session
 * can be scripted and its output diffed, and the exit status says whether
 * every line was accepted.  Everything the session says goes to standard
 * output, refusals included, so a transcript keeps its order.
 */
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
pick_game(const char *want)
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
		const struct nt_game *gm;
		struct nt_record r;
		size_t len;
		bool cut;
		char *text = journal_read(v[i].path, &len, &cut, NULL);
		void *g;

		if (text == NULL) {
			found = i;	/* resume says why */
			break;
		}
		if ((g = play_replay(NULL, text, len, &r, NULL)) == NULL ||
		    !(gm = nt_record_game(&r))->over(g))
			found = i;
		if (g != NULL) {
			nt_record_game(&r)->free(g);
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
	char *err = NULL, *text, *kept = NULL;
	size_t len;
	bool cut;
	void *g;

	if (!journal_take(&p->j, name, &err) ||
	    (text = journal_read(p->j.path, &len, &cut, &err)) == NULL) {
		errf("carcref: %s\n", err ? err : _("out of memory"));
		free(err);
		return 2;
	}
	if ((g = play_replay(p->j.path, text, len, &r, &err)) == NULL) {
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
	if (!journal_basis(&p->j, text, len, p->rules->nmoves(p->g)))
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

/* The options every game has, then each game's own (a name once). */
enum { O_RESUME, O_YES, O_PLAYERS, O_GAME, O_GAMES };
static struct play_opts opts;

static void
opts_make(void)
{
	static const struct cmd_opt mine[] = {
		[O_RESUME] = { "--resume", NULL, NULL },
		[O_YES] = { "--yes", NULL, NULL },
		[O_PLAYERS] = { "--players", NULL, N_("names separated by commas") },
		[O_GAME] = { "--game", NULL, N_("a game's name") },
	};

	play_game_opts(&opts, mine, O_GAMES, false);
}

/* "Anna, Ben": the names, their blanks cut, into the header (malloc'd):
 * 0, or 2 with the message printed (a name that shows nothing...). */
static int
players_of(char *names, struct nt_record *hdr)
{
	static char anna[] = "Anna", ben[] = "Ben";
	char *players[NT_MAXPLAYERS + 1];
	int n = 0;

	if (names != NULL) {
		for (char *s = names; n <= NT_MAXPLAYERS; ) {
			char *comma = strchr(s, ',');
			const char *fault;
			size_t len;

			if (comma != NULL)
				*comma = '\0';
			/* "Anna, Ben": white space of any kind around a name is
			 * the list's, not the name's (a record's names have none
			 * either). */
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
	if ((hdr->players = calloc((size_t)n, sizeof *hdr->players)) == NULL)
		goto oom;
	for (int i = 0; i < n; i++)
		if ((hdr->players[hdr->nplayers++].name = strdup(players[i])) == NULL)
			goto oom;
	return 0;
oom:
	errf(_("carcref play: out of memory\n"));
	return 2;
}

/* The options of a new game given with play FILE, for its record's
 * game to apply to its header (struct play_game's file_opt). */
struct file_opts {
	const struct given { int k; const char *val; } *given;
	int		 n;
	const char	*file;
};

static int
file_opts(struct nt_record *r, void *arg)
{
	const struct file_opts *fo = arg;
	const struct play_game *pg = play_game_of(nt_record_game(r));
	int rc = 0;

	for (int i = 0; pg != NULL && rc == 0 && i < fo->n; i++) {
		const char *name = opts.opt[fo->given[i].k].name;
		int gk = play_game_opt(pg, false, name, NULL, 0);

		if (gk < 0) {
			errf(_("carcref play: %s is not an option of %s\n"), name, pg->rules->name);
			rc = 2;
		} else if (pg->file_opt == NULL) {
			errf(_(pg->new_only), out_path(fo->file));
			rc = 2;
		} else
			rc = pg->file_opt(r, gk, fo->given[i].val, fo->file);
	}
	return rc;
}

/* Parse the options, start or bring back the game, then the session. */
static int
start(struct play *p, int argc, char **argv, bool resuming)
{
	char *names = NULL, err[512], *serr = NULL, *text, *dir, desc[128];
	const char *file = NULL, *gname = NULL, *fresh = NULL;	/* an option for a new game */
	const struct play_game *pg = play_games[0];
	const struct cmd_entry *e = resuming ? &cmd_resume_entry : &cmd_play_entry;
	struct cmd_args a = CMD_ARGS(argc, argv);
	struct given given[PLAY_MAXOPTS];
	struct nt_record hdr = { 0 };
	int ngiven = 0, rc, k;
	bool named = false;
	size_t len;

	opts_make();
	/* Every word read before the game starts: options anywhere; a
	 * game's options once the game is known. */
	while ((k = cmd_args_next(e, opts.opt, &a)) >= 0) {
		if (fresh == NULL && k != O_RESUME && k != O_YES)
			fresh = opts.opt[k].name;
		if (k == O_RESUME)
			resuming = true;
		else if (k == O_YES)
			p->yes = true;
		else if (k == O_PLAYERS) {
			names = (char *)a.val;
			named = true;
		} else if (k == O_GAME)
			gname = a.val;
		else if (ngiven < PLAY_MAXOPTS)
			given[ngiven].k = k, given[ngiven++].val = a.val;
	}
	if (k != CMD_ARGS_DONE)
		return a.rc;
	if (gname != NULL && (pg = play_game_named("carcref play", gname)) == NULL)
		return 2;
	if ((p->world = play_world(pg)) == NULL)
		return 2;
	hdr.row = pg->rules;
	pg->rules->header_start(&hdr);
	/* With a record (play FILE), its own game takes them, once read. */
	for (int i = 0; i < ngiven && (resuming || a.nops == 0); i++) {
		int gk = play_game_opt(pg, false, opts.opt[given[i].k].name, NULL, 0);

		if (gk < 0) {
			errf(_("carcref play: %s is not an option of %s\n"), opts.opt[given[i].k].name,
			    pg->rules->name);
			rc = 2;
		} else
			rc = pg->play_opt(&hdr, gk, given[i].val);
		if (rc != 0) {
			nt_record_free(&hdr);
			return rc;
		}
	}
	file = argv[1];		/* with --resume: a game's name */
	/* What is wrong, said before the usage, as every command says it. */
	if (a.nops > 1) {
		if (resuming)
			errf(_("carcref %s: one NAME at a time (\"%s\", then \"%s\")\n"), e->name,
			    out_path(argv[1]), out_path(argv[2]));
		else
			errf(_("carcref %s: one FILE at a time (\"%s\", then \"%s\")\n"), e->name,
			    out_path(argv[1]), out_path(argv[2]));
		nt_record_free(&hdr);
		return cmd_usage(resuming ? &cmd_resume_entry : &cmd_play_entry);
	}
	if (resuming && fresh != NULL) {
		/* TRANSLATORS: "carcref resume: --players is for a new game, not
		 * for resume (...)"; the last %s is resume or --resume. */
		errf(_("carcref %s: %s is for a new game, not for %s (the game kept has its "
		    "own)\n"), e->name, fresh, e == &cmd_resume_entry ? "resume" : "--resume");
		nt_record_free(&hdr);
		return cmd_usage(&cmd_resume_entry);
	}
	if (file && named) {
		errf(_(pg->new_only), file);
		nt_record_free(&hdr);
		return 2;
	}
	/* The state directory, made now: better refused before the first move. */
	if ((dir = play_state_path("games", &serr)) == NULL) {
		errf("carcref play: %s\n", serr ? serr : _("out of memory"));
		free(serr);
		nt_record_free(&hdr);
		return 2;
	}
	free(dir);

	if (resuming) {
		char *name = pick_game(file);

		nt_record_free(&hdr);
		if (name == NULL)
			return 2;
		rc = resume(p, name);
		free(name);
		if (rc != 0)
			return rc;
	} else if (file) {
		nt_record_free(&hdr);
		if ((text = cmd_read_file(file, &len, err, sizeof err)) == NULL) {
			errf("carcref: %s\n", err);
			return 2;
		}
		struct file_opts fo = { given, ngiven, file };

		if ((rc = play_adopt_with(p, file, text, len, stderr, ngiven > 0 ? file_opts : NULL,
		    &fo)) != 0) {
			free(text);
			return rc;
		}
		if (gname != NULL && p->game != pg) {
			errf(_("carcref play: --game %s, but %s is a game of %s\n"), gname, file,
			    p->rules->name);
			free(text);
			return 2;
		}
		play_new_journal(p, text, len, stderr);
		free(text);
		outf(_("carcref: continuing %s\n"), out_path(file));
	} else {
		if ((rc = players_of(names, &hdr)) == 0 && !play_new_game(p, pg, &hdr))
			rc = 2;
		nt_record_free(&hdr);
		if (rc != 0)
			return 2;
		outf(_("carcref: a new game\n"));
	}
	p->rules->describe(&p->rec, desc, sizeof desc);
	/* TRANSLATORS: what the game's header says ("edition 3"), and how
	 * many players; their names follow. */
	outf(ngettext("%s, %d player:", "%s, %d players:", (unsigned long)p->rec.nplayers), desc,
	    p->rec.nplayers);
	for (int i = 0; i < p->rec.nplayers; i++)
		outf(" %s%s", p->names[i], i + 1 < p->rec.nplayers ? "," : "");
	outf("\n");
	if (p->game->banner != NULL)
		p->game->banner(p);
	if (p->rules->nmoves(p->g) > 0 && !p->rules->over(p->g))	/* taken up again: the table */
		play_cmd_find(p, "score")->fn(p, 1, (char *[]){ (char *)"score", NULL });
	else
		p->game->say_state(p);
	if (p->tty && p->rules->over(p->g))
		outf("%s.\n", play_over_hint(p));
	else if (p->tty)	/* the example: a turn legal on this board */
		p->game->hint(p);
	fflush(stdout);
	play_session(p);
	return !p->tty && p->refused > 0 ? 1 : 0;
}

static int
run(int argc, char **argv, bool resume)
{
	struct play pl = { .j = { .fd = -1, .lockfd = -1 } };
	const char *nc = getenv("NO_COLOR");
	int rc;

	pl.tty = isatty(STDIN_FILENO);
	pl.color = pl.tty && isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0');
	rc = start(&pl, argc, argv, resume);
	journal_close(&pl.j);
	play_end(&pl);
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
	/* The usage printed is play_usage()'s, with every game's options. */
	"play", "[--yes] [--game NAME] [--players A,B,...] [GAME'S OPTIONS] [FILE | --resume [NAME]]",
	N_("referee a game at the table, turn by turn"),
	play_exec
};

const struct cmd_entry cmd_resume_entry = {
	"resume", "[--yes] [NAME]", N_("bring back a game kept, by default the last one "
	"unfinished (as play --resume)"),
	resume_exec
};
