/*
 * play-session.c -- the session at the table: the game in play (new,
 * loaded, resumed), save and load, and the loop that reads lines,
 * through GNU readline on a terminal (history, Ctrl-C), else one by one.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/readline.h>
#include <readline/history.h>

#include "cmd.h"
#include "play.h"
#include "notation/i18n.h"
#include "notation/record.h"

#define HISTORY_MAX	1000

static char *tty_read(const char *prompt);

/* ---- the game in play: new, loaded, resumed ----------------------------- */

static const struct { const char *name; int ansi; } colours[] = {
	{ "red", 31 }, { "blue", 34 }, { "green", 32 }, { "yellow", 33 },
	{ "black", 90 }, { "gray", 37 }, { "grey", 37 }, { "pink", 95 },
	{ "purple", 35 }, { "orange", 91 }, { "white", 97 }, { "cyan", 36 },
	{ "magenta", 35 }, { "brown", 33 },
};

/* Letters and colours for the players: initials where they differ. */
static void
dress_players(struct play *p)
{
	/* The meeples' colours in the box, in order. */
	static const int dflt[NT_MAXPLAYERS] = { 31, 34, 32, 33, 90, 37, 95, 35 };
	int n = p->rec.nplayers;

	for (int i = 0; i < n; i++) {
		const char *name = p->rec.players[i].name, *c = p->rec.players[i].color;

		p->names[i] = name;
		p->ansi[i] = dflt[i];
		for (size_t k = 0; c && k < sizeof colours / sizeof colours[0]; k++)
			if (strcasecmp(c, colours[k].name) == 0)
				p->ansi[i] = colours[k].ansi;
		struct play_letter *l = &p->letter[i];
		size_t at = 0, n = strlen(name);
		bool found = false;

		while (!found && nt_name_letter(name, n, &at, l->up, l->low)) {
			int k;

			for (k = 0; k < i && strcmp(p->letter[k].up, l->up) != 0; k++)
				;
			found = k == i;
		}
		if (!found)
			l->up[0] = l->low[0] = (char)('1' + i), l->up[1] = l->low[1] = '\0';
	}
}

/* The same for the players of record R outside the REPL (carcref board):
 * names, letters and colours as the REPL's map gives them. */
void
play_dress_record(const struct nt_record *r, const char **names, struct play_letter *letter,
    int *ansi)
{
	struct play p = { .rec = *r };

	dress_players(&p);
	for (int i = 0; i < r->nplayers && i < NT_MAXPLAYERS; i++)
		names[i] = p.names[i], letter[i] = p.letter[i], ansi[i] = p.ansi[i];
}

/* Forget what undo took: a new move or another game makes it moot. */
static void
redo_clear(struct play *p)
{
	p->nredo = 0;
}

/* The game in play is now of game pg: its world, and a hand of its own. */
static bool
game_is(struct play *p, const struct play_game *pg)
{
	void *hand;

	if (p->game == pg && p->hand != NULL)
		return true;
	if ((p->world = play_world(pg)) == NULL || (hand = calloc(1, pg->hand_size + 1)) == NULL)
		return false;
	if (p->hand != NULL)
		p->game->hand_drop(p, false);	/* what it holds, freed */
	free(p->hand);
	p->hand = hand;
	p->game = pg;
	p->rules = pg->rules;
	pg->hand_drop(p, false);
	return true;
}

void
play_take(struct play *p, struct nt_record *r, void *g)
{
	/*
	 * Only the header is used from now on (the game holds the moves, which
	 * undo changes); the record's own moves are kept until it is freed.
	 */
	if (p->have_rec)
		nt_record_free(&p->rec);
	if (p->g != NULL)
		p->rules->free(p->g);
	game_is(p, play_game_of(nt_record_game(r)));	/* play_replay had its world */
	p->rec = *r;
	p->have_rec = true;
	p->g = g;
	dress_players(p);
	p->game->hand_drop(p, false);
	redo_clear(p);
}

/*
 * The message for a bad record is LABEL:LINE:COLUMN: MESSAGE; for an
 * illegal move, LABEL:LINE:COLUMN: move N: the rule broken.
 */
bool
play_adopt(struct play *p, const char *label, const char *text, size_t len, FILE *msgs)
{
	return play_adopt_with(p, label, text, len, msgs, NULL, NULL) == 0;
}

int
play_adopt_with(struct play *p, const char *label, const char *text, size_t len, FILE *msgs,
    int (*fix)(struct nt_record *, void *), void *arg)
{
	struct nt_record r;
	char *why = NULL;
	int status = 0;
	void *g;

	if ((g = play_replay_with(label, text, len, &r, &why, fix, arg, &status)) == NULL) {
		if (status == 0)
			out_printf(msgs, "%s\n", why ? why : _("out of memory"));
		free(why);
		return status != 0 ? status : 1;
	}
	play_take(p, &r, g);
	return 0;
}

/* A new game: the header through the record writer and reader, so a
 * player's name obeys the same rules as in a file. */
bool
play_new_game(struct play *p, const struct play_game *pg, struct nt_record *hdr)
{
	const struct nt_game *gm = pg->rules;
	struct nt_replay_error rerr;
	struct play_world_error werr;
	struct cr_error err;
	const char *opt = "--players";
	const void *world;
	char *text;

	if (hdr->nplayers < gm->minplayers || hdr->nplayers > gm->maxplayers) {
		errf(_("carcref play: --players: a game is for 2 to %d players, not %d\n"),
		    gm->maxplayers, hdr->nplayers);
		return false;
	}
	hdr->row = gm;
	/* What the options do not say (the spring beside the wheel's board):
	 * the game's first choice. */
	if (pg->random_setup != NULL && (world = play_world_of(pg, hdr, NULL, &werr)) != NULL &&
	    !pg->random_setup(hdr, world, NULL)) {
		errf(_("carcref play: out of memory\n"));
		return false;
	}
	if ((text = nt_record_text(hdr, NULL)) == NULL) {
		errf(_("carcref play: out of memory\n"));
		return false;
	}
	if (nt_record_parse(&p->rec, text, strlen(text), &err) < 0) {
		/* Which option is wrong: the error on the line of one of the
		 * game's keys, that key's option, or elsewhere (its words may
		 * be French). */
		for (int k = 0; pg->play_opts[k].name != NULL; k++) {
			char *key = cmd_strf("\n%s:", pg->play_opts[k].name + 2);
			const char *x = key ? strstr(text, key) : NULL;
			int xline = 1;

			for (const char *c = text; x && c <= x; c++)
				xline += *c == '\n';
			if (x != NULL && err.line == xline)
				opt = pg->play_opts[k].name;
			free(key);
		}
		errf("carcref play: %s: %s\n", opt, err.msg);
		free(text);
		return false;
	}
	free(text);
	p->have_rec = true;
	if (!game_is(p, pg))
		return false;
	/* The data the options name (a file), else the game's own. */
	if ((world = play_world_of(pg, &p->rec, NULL, &werr)) == NULL) {
		errf("carcref play: %s\n", werr.e.msg);
		return false;
	}
	if ((p->g = gm->create(world, &p->rec, &rerr)) == NULL ||
	    (gm->header_own != NULL && gm->header_own(&p->rec, p->g) < 0)) {
		errf(_("carcref play: cannot start the game: out of memory\n"));
		return false;
	}
	dress_players(p);
	return true;	/* its journal starts with its first move */
}

void
play_end(struct play *p)
{
	if (p->g != NULL)
		p->rules->free(p->g);
	p->g = NULL;
	if (p->have_rec)
		nt_record_free(&p->rec);
	p->have_rec = false;
	for (int i = 0; i < p->capredo; i++)
		free(p->redo[i]);
	free(p->redo);
	p->redo = NULL;
	p->nredo = p->capredo = 0;
	if (p->hand != NULL)
		p->game->hand_drop(p, false);	/* what it holds, freed */
	free(p->hand);
	p->hand = NULL;
	free(p->handkept);
	p->handkept = NULL;
	p->handfile = false;
}

/*
 * A game taken from a file (play FILE, load FILE) starts a journal of its
 * own, at once if it has moves, with the file's comments; the file itself
 * is never written.
 */
void
play_new_journal(struct play *p, const char *text, size_t len, FILE *msgs)
{
	char *err = NULL;

	journal_close(&p->j);
	/* A header that does not name all the game is played with (data
	 * the game had from elsewhere) is journaled as the game has it,
	 * whole: the file's comments are not kept then. */
	if (p->rules->header_own == NULL || p->rules->header_own(&p->rec, p->g) == 0)
		journal_basis(&p->j, text, len, p->rules->nmoves(p->g));	/* else without comments */
	if (p->rules->nmoves(p->g) > 0 && !journal_write(&p->j, &p->rec, p->g, &err)) {
		out_printf(msgs, _("warning: the journal cannot be written (%s); the next move will "
		    "try again\n"), err ? err : _("out of memory"));
		free(err);
	}
}

/* Is ANSWER a yes?  y and yes always; in another language its own words
 * too (o, oui), in any case. */
static bool
is_yes(const char *answer)
{
	/* TRANSLATORS: the answers that mean yes to a (y/N) question, between
	 * spaces; keep "y yes" (English always works) and add your own. */
	const char *words = C_("answers", "y yes"), *s = words;
	size_t n = strlen(answer);

	while (n > 0 && (answer[n - 1] == ' ' || answer[n - 1] == '\t'))
		n--;
	while (*answer == ' ' || *answer == '\t')
		answer++, n--;
	for (;;) {
		size_t k;

		while (*s == ' ')
			s++;
		if (*s == '\0')
			return false;
		k = strcspn(s, " ");
		if (n > 0 && nt_name_eq(s, k, answer, n))
			return true;
		s += k;
	}
}

bool
play_confirm(struct play *p, const char *question)
{
	char *prompt, *answer;
	bool yes;

	if (!p->tty || p->yes)
		return true;
	/* TRANSLATORS: a question and its answers: yes, or No (the default). */
	if ((prompt = cmd_strf(_("%s (y/N) "), question)) == NULL)
		return false;
	answer = tty_read(prompt);
	free(prompt);
	yes = answer != NULL && is_yes(answer);
	if (answer == NULL)
		outf("\n");
	free(answer);
	return yes;
}

int
session_save(struct play *p, int argc, char **argv)
{
	char *text, *err = NULL;
	bool ok, lost;

	(void)argc;
	/* The comments of the journal, and of the file the game came from. */
	if ((text = journal_record(&p->j, &p->rec, p->g, &lost)) == NULL)
		return play_nope(_("save: out of memory"));
	if (lost)
		outf("%s\n", _("save: the comments cannot be put in canonical form: the record is "
		    "written without them"));
	if (strcmp(argv[1], "-") == 0) {
		fputs(text, stdout);
		free(text);
		return 0;
	}
	ok = cmd_write_atomic(argv[1], text, strlen(text), &err);
	free(text);
	if (!ok) {
		play_nope(_("save: %s"), err ? err : _("out of memory"));
		free(err);
		return -1;
	}
	outf(ngettext("saved %d move to %s\n", "saved %d moves to %s\n",
	    (unsigned long)p->rules->nmoves(p->g)), p->rules->nmoves(p->g), out_path(argv[1]));
	return 0;
}

static void keep_hand(struct play *p);

/* The game in FILE replaces the game in play; a tile in hand is kept for
 * the game it belongs to, as when the session ends. */
int
session_load(struct play *p, int argc, char **argv)
{
	struct nt_record r;
	char err[512], *text, *why = NULL, desc[128];
	size_t len;
	void *g;

	(void)argc;
	if ((text = cmd_read_file(argv[1], &len, err, sizeof err)) == NULL)
		return play_nope(_("load: %s"), err);
	if ((g = play_replay(argv[1], text, len, &r, &why)) == NULL) {
		play_nope(_("load: %s"), why ? why : _("out of memory"));
		free(why);
		free(text);
		return -1;
	}
	keep_hand(p);
	p->handfile = false;	/* the game left keeps it */
	free(p->handkept);
	p->handkept = NULL;
	play_take(p, &r, g);
	play_new_journal(p, text, len, stdout);
	free(text);
	p->rules->describe(&p->rec, desc, sizeof desc);
	/* TRANSLATORS: a file, and what its header says ("edition 3"); the
	 * players follow. */
	outf(_("loaded %s: %s,"), out_path(argv[1]), desc);
	for (int i = 0; i < p->rec.nplayers; i++)
		outf(" %s%s", p->names[i], i + 1 < p->rec.nplayers ? "," : "");
	outf("\n");
	p->game->say_state(p);
	return 0;
}

int
session_quit(struct play *p, int argc, char **argv)
{
	(void)argc, (void)argv;
	p->quit = true;
	return 0;
}

/* ---- one line ------------------------------------------------------------ */

int
play_player_named(const struct play *p, const char *name)
{
	for (int i = 0; i < p->rec.nplayers; i++)
		if (nt_name_eq(p->names[i], strlen(p->names[i]), name, strlen(name)))
			return i;
	return -1;
}

/*
 * LINE, its words cut in BUF (a copy): a command, a whole turn, or nothing.
 * Words are read as a shell reads them, so that a file's name may hold a
 * blank (save "my game.yaml", load my\ game.yaml): '...' keeps all it
 * holds, "..." all but \" and \\, and elsewhere \x is x.  A line whose
 * quote is left open (explain O'Brien) is read again as plain words.
 */
static int words_run(struct play *p, const char *line, char *buf, char **argv, int max);

static int
run_words(struct play *p, const char *line, char *buf)
{
	char **argv;
	int rc, max = p->game->maxwords;

	/* A word a character and a blank at most. */
	if ((argv = malloc((strlen(buf) / 2 + 2) * sizeof *argv)) == NULL)
		return play_nope(_("out of memory"));
	rc = words_run(p, line, buf, argv, max);
	free(argv);
	return rc;
}

static int
words_run(struct play *p, const char *line, char *buf, char **argv, int max)
{
	char *r, *w, *ex;
	const struct play_cmd *c;
	const char *near;
	int argc = 0, k, rc;
	bool quotes = true;

again:
	for (r = buf, argc = 0;; ) {
		char q = 0;
		bool more;

		while (*r == ' ' || *r == '\t' || *r == '\r' || *r == '\n')
			r++;
		if (*r == '\0')
			break;
		if (max > 0 && argc == max)
			return play_nope(_("too many words"));
		argv[argc++] = w = r;	/* written in place: never ahead of r */
		for (; *r != '\0' && (q || !(*r == ' ' || *r == '\t' || *r == '\r' ||
		    *r == '\n')); r++) {
			if (q != 0 && *r == q)
				q = 0;
			else if (q == 0 && quotes && (*r == '\'' || *r == '"'))
				q = *r;
			else if (*r == '\\' && quotes && q != '\'' && r[1] != '\0' &&
			    (q == 0 || r[1] == '"' || r[1] == '\\'))
				*w++ = *++r;
			else
				*w++ = *r;
		}
		if (q != 0) {	/* a quote left open: plain words, as before */
			strcpy(buf, line);
			quotes = false;
			goto again;
		}
		more = *r != '\0';
		*w = '\0';
		r += more;
	}
	argv[argc] = NULL;
	if (argc == 0)
		return 0;
	if ((c = play_cmd_find(p, argv[0])) != NULL) {
		if (argc - 1 < c->minargs || argc - 1 > c->maxargs)
			return play_nope(_("usage: %s%s%s"), play_cmd_name(c), *c->args ? " " : "",
			    play_cmd_args(c));
		return c->fn(p, argc, argv);
	}
	/* A turn, as the game reads one. */
	if (p->game->is_turn(p, argc, argv, line))
		return p->game->line(p, line);
	/* A word the game knows otherwise (another game's command). */
	if (p->game->foreign != NULL && p->game->foreign(p, argc, argv))
		return -1;
	/* Only to a command that shows (never end, undo, redo, discard, load,
	 * save, quit or a turn's step), in the language shown first. */
	if ((k = play_player_named(p, argv[0])) < 0 &&
	    (near = cmd_closest(argv[0], play_cmd_words(p, true, true))) != NULL)
		return play_nope(_("unknown command \"%s\" (did you mean \"%s\"?); help lists "
		    "the commands"), NT_QS(argv[0]), near);
	if (k < 0 && p->rules->over(p->g))
		return play_nope(_("unknown command \"%s\"; help lists the commands; %s"),
		    NT_QS(argv[0]), play_over_hint(p));
	/* The turn shown is one that is legal now. */
	ex = p->game->example(p);
	if (k >= 0)	/* "Ben": not a command */
		rc = play_nope(_("%s is a player: a turn of %s's looks like \"%s: %s\"; it is %s's "
		    "turn"), p->names[k], p->names[k], p->names[k], ex ? ex : _(p->game->shape),
		    p->names[p->rules->turn(p->g)]);
	else
		rc = play_nope(_("unknown command \"%s\"; help lists the commands, a turn looks "
		    "like %s"), NT_QS(argv[0]), ex ? ex : _(p->game->shape));
	free(ex);
	return rc;
}

/* One line of input, whatever its length; a comment after # dropped. */
static int
run_line(struct play *p, char *line)
{
	char *hash, *buf;
	int rc;

	if ((hash = strchr(line, '#')) != NULL)
		*hash = '\0';
	if ((buf = strdup(line)) == NULL)
		return play_nope(_("out of memory"));
	rc = run_words(p, line, buf);
	free(buf);
	return rc;
}

/* ---- readline: prompt, Ctrl-C ------------------------------------------- */

/* The prompt, malloc'd: the player to move and what is in hand. */
static char *
prompt(struct play *p)
{
	int who = p->rules->turn(p->g);
	char col[32] = "", off[16] = "", *name, *pr, *hand;

	if (p->rules->over(p->g))
		return strdup(_("game over> "));
	/* \001 and \002 fence the escapes: readline must not count them. */
	if (p->color) {
		snprintf(col, sizeof col, "\001\033[1;%dm\002", p->ansi[who]);
		snprintf(off, sizeof off, "\001\033[0m\002");
	}
	/* The name as out.c would print it: a prompt goes to the terminal too. */
	if ((name = out_escape(p->names[who])) == NULL)
		return NULL;
	hand = p->game->prompt(p);
	pr = cmd_strf("%s%s%s%s> ", col, name, off, hand ? hand : "");
	free(name), free(hand);
	return pr;
}

static volatile sig_atomic_t got_int;
static volatile sig_atomic_t got_end;	/* SIGHUP, SIGTERM, SIGQUIT: the session ends */
static sigjmp_buf end_jump;		/* out of readline, for such a signal */
static volatile sig_atomic_t end_jumps;	/* readline waits for a line */

/*
 * Has the terminal hung up (closed, its window gone)?  Only the session's
 * leader (a shell) is sent SIGHUP; a program it started reads the end of
 * the input.  That end is not Ctrl-D: the session ends as of SIGHUP (the
 * tile in hand kept without a question, the process ending of the signal).
 */
static bool
hung_up(void)
{
	struct pollfd fd = { .fd = STDIN_FILENO, .events = POLLIN };

	return poll(&fd, 1, 0) > 0 && (fd.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/* A line from the terminal, NULL at its end (Ctrl-D, or the terminal
 * hung up: got_end) or when a signal ends the session (readline left by
 * int_hook, the terminal set back). */
static char *
tty_read(const char *prompt)
{
	char *line;

	if (sigsetjmp(end_jump, 1) != 0) {
		rl_cleanup_after_signal();
		return NULL;
	}
	end_jumps = 1;
	line = readline(prompt);
	end_jumps = 0;
	if (line == NULL && !got_end && hung_up())
		got_end = SIGHUP;
	return line;
}

static void
on_int(int sig)
{
	(void)sig;
	got_int = 1;
}

/*
 * The terminal closed (SIGHUP) or the process asked to stop (SIGTERM,
 * SIGQUIT: Ctrl-\, and SIGINT without a terminal): noted here (the first
 * of them), and the session ends at once as with Ctrl-D, the tile in hand
 * kept without a question (play_session).  The wait for a line is cut
 * short: no SA_RESTART; readline returns on SIGHUP and SIGTERM, and
 * int_hook leaves it on the others.  (The output gone is seen as EPIPE:
 * play_session.)
 */
static void
on_end(int sig)
{
	if (!got_end)
		got_end = sig;
}

/*
 * Ctrl-C: drop the line being typed and give a fresh prompt, as a shell
 * does; the game is untouched.  Readline catches the signal, tidies the
 * terminal and passes it on to on_int, then calls this hook.
 */
static struct play *int_play;	/* the session Ctrl-C interrupts */

static int
int_hook(void)
{
	/* A signal that ends the session, which readline does not return
	 * on (SIGQUIT): out of it, to end as for SIGTERM. */
	if (got_end && end_jumps) {
		end_jumps = 0;
		siglongjmp(end_jump, 1);
	}
	if (!got_int)
		return 0;
	got_int = 0;
	rl_replace_line("", 0);
	rl_crlf();
	/* The line goes, never what is in hand: say it is still there, and
	 * the step it waits for. */
	if (int_play != NULL && int_play->game->hand_held(int_play) &&
	    !int_play->rules->over(int_play->g)) {
		char *said = int_play->game->ctrl_c(int_play);

		outf("%s", said ? said : "");
		free(said);
		rl_crlf();
	}
	rl_on_new_line();
	rl_redisplay();
	return 0;
}

/* ---- a hand when the session ends ---------------------------------------- */

/* Where a journal's hand is kept: DIR/games/NAME.hand. */
static char *
hand_path(const struct play *p)
{
	size_t n = p->j.path ? strlen(p->j.path) : 0;

	if (n < 5 || strcmp(p->j.path + n - 5, ".yaml") != 0)
		return NULL;
	return cmd_strf("%.*s.hand", (int)(n - 5), p->j.path);
}

/*
 * What resume gave back (a tile) is kept in NAME.hand until it is
 * played, dropped or changed for another: a session killed meanwhile
 * does not lose it.  Called after each line, the file goes once that
 * hand (by its name, hand_name) is no longer held; with DROP, at once.
 */
static void
hand_sync(struct play *p, bool drop)
{
	char *path, *name = NULL;
	bool same;

	if (!p->handfile)
		return;
	same = !drop && p->game->hand_held(p) && !p->rules->over(p->g) &&
	    (name = p->game->hand_name(p)) != NULL && strcmp(name, p->handkept) == 0;
	free(name);
	if (same)
		return;
	if ((path = hand_path(p)) != NULL)
		unlink(path);
	free(path);
	free(p->handkept);
	p->handkept = NULL;
	p->handfile = false;
}

/*
 * The session ends (Ctrl-D, end of input, the terminal closed), or
 * another game is loaded, with something in hand (a tile drawn, or
 * placed, but not played): never dropped silently.  On a terminal the
 * player says whether to keep it; kept (the default, without a terminal,
 * and when the terminal or the output is gone), it is written beside the
 * journal and resume gives it back.  The game's words say it.
 */
static void
keep_hand(struct play *p)
{
	const struct play_hand_words *w = p->game->words;
	char *path, *text, *err = NULL, *q, *name;
	bool drop = false;

	hand_sync(p, false);
	if (!p->game->hand_held(p) || p->rules->over(p->g))
		return;
	if ((name = p->game->hand_name(p)) == NULL) {
		errf(_("carcref: out of memory\n"));
		return;
	}
	if (p->tty && p->signal == 0 && !p->gone) {
		q = cmd_strf(_(w->drop_q), name);
		drop = q != NULL && play_confirm(p, q);
		free(q);
	}
	if (drop) {
		hand_sync(p, true);
		outf(_(w->dropped), name);
		free(name);
		return;
	}
	if (p->j.name == NULL || (path = hand_path(p)) == NULL) {
		outf(_(w->no_moves), name);
		free(name);
		return;
	}
	text = p->game->hand_line(p);
	if (text != NULL && cmd_write_own(path, text, strlen(text), &err))
		outf(_(w->kept), name, p->j.name);
	else
		errf(_(w->not_kept), name, err ? err : _("out of memory"));
	free(err), free(text), free(path), free(name);
}

/*
 * The tile kept in hand, PATH's text (malloc'd), or NULL: none kept
 * (*why NULL), or a file that cannot be one (*why says why, malloc'd).
 * Only a regular file is read, opened without waiting: a FIFO or a device
 * there never hangs resume.  Only what carcref writes is taken: one line,
 * the tile's code and maybe its place; a NUL or more lines are not.
 */
static char *
hand_read(const char *path, const struct play_game *pg, char **why)
{
	const struct play_hand_words *w = pg->words;
	size_t max = pg->hand_max;
	const char *nl;
	struct stat st;
	char *text = NULL;
	ssize_t n = -1;
	int fd;

	*why = NULL;
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0) {
		if (errno != ENOENT)
			*why = cmd_strf("%s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0)
		*why = cmd_strf("%s", strerror(errno));
	else if (!S_ISREG(st.st_mode))
		*why = cmd_strf("%s", _("not a regular file"));
	else if ((uintmax_t)st.st_size > max)
		*why = cmd_strf(_(w->too_long), (long long)st.st_size);
	else if ((text = malloc(max + 1)) == NULL)
		*why = cmd_strf("%s", _("out of memory"));
	else {
		while ((n = read(fd, text, max)) < 0 && errno == EINTR)
			;
		if (n >= 0)
			text[n] = '\0';
		if (n < 0)
			*why = cmd_strf("%s", strerror(errno));
		else if (memchr(text, '\0', (size_t)n) != NULL)
			*why = cmd_strf("%s", _("a NUL byte in it, which carcref never writes"));
		else if ((nl = strchr(text, '\n')) != NULL && nl[1] != '\0')
			*why = cmd_strf("%s", _("more than one line in it, and carcref writes one"));
	}
	close(fd);
	if (*why != NULL) {
		free(text);
		return NULL;
	}
	return text;
}

/* The hand kept at PATH cannot be given back, for WHY: its file is
 * moved aside (never deleted), and that is said. */
static void
hand_aside(const char *path, const struct play_hand_words *w, const char *why)
{
	char *aside, *err = NULL;

	if ((aside = cmd_set_aside(path, "unusable", &err)) != NULL)
		outf(_(w->aside), why, out_path(aside));
	else
		outf(_(w->left), why, out_path(path), err ? err : _("out of memory"));
	free(aside), free(err);
}

void
play_restore_hand(struct play *p)
{
	const struct play_hand_words *w = p->game->words;
	char *path = hand_path(p), *text, *why = NULL;

	if (path == NULL)
		return;
	if ((text = hand_read(path, p->game, &why)) == NULL) {
		if (why != NULL)
			hand_aside(path, w, why);
		free(why), free(path);
		return;		/* none kept */
	}
	if (!p->game->hand_restore(p, text, &why)) {
		hand_aside(path, w, why ? why : _("out of memory"));
		free(why), free(text), free(path);
		return;
	}
	/* Kept until that hand is played, dropped or changed (hand_sync). */
	free(p->handkept);
	p->handkept = p->game->hand_name(p);
	p->handfile = p->handkept != NULL;
	if (!p->handfile)
		unlink(path);	/* out of memory: given back, not kept */
	free(text), free(path);
}

/* ---- the session --------------------------------------------------------- */

static void
history_start(struct play *p)
{
	char *err = NULL;
	FILE *f;

	if ((p->hist = play_state_path("history", &err)) == NULL) {
		free(err);
		return;
	}
	if ((f = fopen(p->hist, "a")) != NULL)	/* append_history needs the file */
		fclose(f);
	using_history();
	stifle_history(HISTORY_MAX);
	read_history(p->hist);
	history_truncate_file(p->hist, HISTORY_MAX);
}

static void
history_add(struct play *p, const char *line)
{
	HIST_ENTRY *last;
	const char *s = line;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '\0')
		return;
	last = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
	if (last != NULL && strcmp(last->line, line) == 0)
		return;
	add_history(line);
	/* At once, not at exit: a killed session keeps its history too. */
	if (p->hist != NULL)
		append_history(1, p->hist);
}

static void
readline_start(struct play *p)
{
	struct sigaction sa = { .sa_handler = on_int };

	rl_readline_name = "carcref";
	int_play = p;
	play_complete_start(p);
	rl_signal_event_hook = int_hook;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	history_start(p);
}


void
play_session(struct play *p)
{
	char *pr, *line = NULL;
	size_t cap = 0;
	ssize_t len;

	struct sigaction sa = { .sa_handler = on_end }, old;
	bool pipe_dies;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGQUIT, &sa, NULL);
	/* Without a terminal no line is being typed: SIGINT ends the session
	 * as SIGTERM does, the tile in hand kept.  (Unless it is ignored, as
	 * a shell leaves it for a job in the background; SIGPIPE too.) */
	if (!p->tty && sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
		sigaction(SIGINT, &sa, NULL);
	/*
	 * A pipe whose reader is gone is an error of the write (EPIPE), not
	 * the end of the process: save to such a FIFO is refused as any write
	 * is; the standard output gone ends the session, the tile in hand
	 * kept, and then the process of SIGPIPE, unless it was ignored.
	 */
	pipe_dies = sigaction(SIGPIPE, NULL, &old) == 0 && old.sa_handler != SIG_IGN;
	signal(SIGPIPE, SIG_IGN);
	if (p->tty)
		readline_start(p);
	while (!p->quit && !got_end) {
		if (p->tty) {
			got_int = 0;
			free(line);
			line = tty_read((pr = prompt(p)) != NULL ? pr : "> ");
			free(pr);
			if (line == NULL || got_end) {
				outf("\n");	/* Ctrl-D */
				break;
			}
			history_add(p, line);
		} else {
			if ((len = getline(&line, &cap, stdin)) < 0)
				break;
			if (len > 0 && line[len - 1] == '\n')
				line[len - 1] = '\0';
		}
		if (run_line(p, line) < 0)
			p->refused++;
		hand_sync(p, false);
		/* The output gone (EPIPE): nobody sees the game any more; it
		 * ends as when the terminal is closed. */
		if (fflush(stdout) == EOF && errno == EPIPE)
			p->gone = true;
		if (p->gone)
			break;
	}
	free(line);
	play_complete_end();
	free(p->hist);
	p->hist = NULL;
	p->signal = got_end ? got_end : p->gone && pipe_dies ? SIGPIPE : 0;
	keep_hand(p);
	if (p->signal == 0)	/* one that came during keep_hand's question */
		p->signal = got_end;
	/* Where the moves are, and how to have them back. */
	if (p->tty && p->j.name != NULL)
		outf(ngettext("the game is kept as %s (%d move): carcref resume %s brings it back\n",
		    "the game is kept as %s (%d moves): carcref resume %s brings it back\n",
		    (unsigned long)p->rules->nmoves(p->g)), p->j.name, p->rules->nmoves(p->g),
		    p->j.name);
}
