/*
 * main.c -- carcref's entry point: dispatch argv[1] to a subcommand.
 *
 * The subcommands are listed in cmd_table; the one marked `dflt` runs when
 * carcref is started with no arguments (without one, help is printed).
 */
#include <ctype.h>
#include <locale.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "game.h"
#include "notation/i18n.h"

#ifndef CARCREF_VERSION
#define CARCREF_VERSION "0.1.0-dev"
#endif


static const struct {
	const struct cmd_entry	*entry;
	bool			 dflt;	/* run when no command is given */
	/* Its usage made from the rules' tables (the modules' options),
	 * instead of the entry's; NULL: the entry's. */
	const char		*(*usage)(void);
} cmd_table[] = {
	/* Each cmd/cmd-NAME.c is listed here (declared in cmd.h). */
	{ &cmd_play_entry,	true, play_usage },
	{ &cmd_resume_entry,	false, NULL },
	{ &cmd_games_entry,	false, NULL },
	{ &cmd_replay_entry,	false, NULL },
	{ &cmd_report_entry,	false, NULL },
	{ &cmd_stats_entry,	false, NULL },
	{ &cmd_board_entry,	false, NULL },
	{ &cmd_tiles_entry,	false, cmd_tiles_usage },
	{ &cmd_fmt_entry,	false, NULL },
	{ &cmd_selfplay_entry,	false, selfplay_usage },
	{ &cmd_help_entry,	false, NULL },
	{ &cmd_version_entry,	false, NULL },
};
#define NCMDS (sizeof cmd_table / sizeof cmd_table[0])

/* A command of the table, or of a game's own (cmd/game.h). */
static const struct cmd_entry *
cmd_find(const char *name)
{
	for (size_t i = 0; i < NCMDS; i++)
		if (strcmp(cmd_table[i].entry->name, name) == 0)
			return cmd_table[i].entry;
	return play_command(name);
}

/*
 * The closest subcommand to NAME, for "did you mean": only those that
 * read (fmt rewrites files: never offered to a typo).
 */
static const char *
cmd_suggest(const char *name)
{
	const char *words[NCMDS + PLAY_MAXOPTS + 1];
	size_t n = 0;

	for (size_t i = 0; i < NCMDS; i++)
		if (strcmp(cmd_table[i].entry->name, "fmt") != 0)
			words[n++] = cmd_table[i].entry->name;
	for (int i = 0; play_games[i] != NULL; i++)	/* the games' own: they read */
		for (int k = 0; play_games[i]->commands != NULL &&
		    play_games[i]->commands[k] != NULL && n < NCMDS + PLAY_MAXOPTS; k++)
			words[n++] = play_games[i]->commands[k]->name;
	words[n] = NULL;
	return cmd_closest(name, words);
}

const char *
cmd_usage_of(const struct cmd_entry *e)
{
	for (size_t i = 0; i < NCMDS; i++)
		if (cmd_table[i].entry == e && cmd_table[i].usage != NULL)
			return cmd_table[i].usage();
	return e->usage;
}

int
cmd_usage(const struct cmd_entry *e)
{
	errf(_("usage: carcref %s%s%s\n"), e->name,
	    *cmd_usage_of(e) != '\0' ? " " : "", cmd_usage_of(e));
	return 2;
}

/*
 * TEXT in lines of at most 79 columns: the first starts with LEAD, the
 * others with INDENT spaces; lines break at blanks.  Columns are counted
 * in characters, not bytes: a translation has accents.
 */
static void
wrap(const char *lead, const char *text, int indent)
{
	int col = out_width(lead);
	bool fresh = *lead == '\0' || lead[strlen(lead) - 1] == ' ';	/* no blank needed */

	outf("%s", lead);
	while (*text) {
		const char *sp = strchr(text, ' ');
		int n = sp ? (int)(sp - text) : (int)strlen(text);

		if (!fresh && col + 1 + out_nwidth(text, (size_t)n) > 79) {
			outf("\n%*s", indent, "");
			col = indent;
			fresh = true;
		}
		if (!fresh)
			col += outf(" ");
		outf("%.*s", n, text);
		col += out_nwidth(text, (size_t)n);
		fresh = false;
		text += n;
		while (*text == ' ')
			text++;
	}
	outf("\n");
}

/* An entry's summary in the user's language ("" stays "": gettext would
 * give the catalogue's header). */
static const char *
summary_of(const struct cmd_entry *e)
{
	return *e->summary != '\0' ? _(e->summary) : "";
}

/* One command's usage and summary, on the standard output: 0, or 2
 * when memory runs out. */
static int
help_of(const struct cmd_entry *e)
{
	char *lead;

	if ((lead = cmd_strf(_("usage: carcref %s"), e->name)) == NULL)
		return 2;
	wrap(lead, cmd_usage_of(e), out_width(lead) + 1);
	free(lead);
	wrap("  ", summary_of(e), 2);
	return 0;
}

int
cmd_args_next(const struct cmd_entry *e, const struct cmd_opt *opts, struct cmd_args *a)
{
	while (a->i < a->argc) {
		char *w = a->argv[a->i++];

		if (a->dashes || w[0] != '-' || w[1] == '\0') {
			a->argv[1 + a->nops++] = w;	/* never past a word read */
			continue;
		}
		if (strcmp(w, "--") == 0) {
			a->dashes = true;
			continue;
		}
		if (strcmp(w, "-h") == 0 || strcmp(w, "--help") == 0) {
			a->rc = help_of(e);
			return CMD_ARGS_STOP;
		}
		for (int k = 0; opts != NULL && opts[k].name != NULL; k++) {
			if (strcmp(w, opts[k].name) != 0 &&
			    (opts[k].alias == NULL || strcmp(w, opts[k].alias) != 0))
				continue;
			if (opts[k].value != NULL) {
				if (a->i == a->argc) {
					/* TRANSLATORS: "carcref board: --move needs a
					 * move number"; the last %s is what it needs. */
					errf(_("carcref %s: %s needs %s\n"), e->name, w,
					    _(opts[k].value));
					a->rc = cmd_usage(e);
					return CMD_ARGS_STOP;
				}
				a->val = a->argv[a->i++];
			}
			return k;
		}
		errf(_("carcref %s: unknown option \"%s\"\n"), e->name, w);
		a->rc = cmd_usage(e);
		return CMD_ARGS_STOP;
	}
	a->argv[1 + a->nops] = NULL;
	return CMD_ARGS_DONE;
}

/* A command in the list of carcref help: 0, or -1 out of memory. */
static int
help_line(const struct cmd_entry *e, bool dflt)
{
	char *lead;

	if ((lead = cmd_strf("  %s", e->name)) == NULL)
		return -1;
	wrap(lead, cmd_usage_of(e), (int)strlen(lead) + 1);
	free(lead);
	if ((lead = cmd_strf(dflt ? _("%s (the default)") : "%s", summary_of(e))) == NULL)
		return -1;
	wrap("      ", lead, 6);
	free(lead);
	return 0;
}

static int
cmd_help_exec(int argc, char **argv)
{
	const struct cmd_entry	*e;
	struct cmd_args		 a = CMD_ARGS(argc, argv);

	if (cmd_args_next(&cmd_help_entry, NULL, &a) != CMD_ARGS_DONE)
		return a.rc;
	if (a.nops > 1)
		return cmd_usage(&cmd_help_entry);
	if (a.nops == 1) {
		if ((e = cmd_find(argv[1])) == NULL) {
			errf(_("carcref: no such command \"%s\"\n"), argv[1]);
			return 2;
		}
		return help_of(e);
	}

	/* The synopses stay as they are (options and their words are what one
	 * types); the sentences around them are translated. */
	outf(_("usage: carcref [COMMAND [ARGS...]]\n\ncommands:\n"));
	for (size_t i = 0; i < NCMDS; i++)
		if (help_line(cmd_table[i].entry, cmd_table[i].dflt) < 0)
			return 2;
	/* Then each game's own commands, under its name. */
	for (int i = 0; play_games[i] != NULL; i++)
		for (int k = 0; play_games[i]->commands != NULL &&
		    play_games[i]->commands[k] != NULL; k++) {
			if (k == 0)
				outf(_("\ncommands of %s:\n"), _(play_games[i]->rules->the));
			if (help_line(play_games[i]->commands[k], false) < 0)
				return 2;
		}
	outf(_("\ntile data: %s\n"), out_path(cmd_datadir()));
	return 0;
}

static int
cmd_version_exec(int argc, char **argv)
{
	struct cmd_args a = CMD_ARGS(argc, argv);

	if (cmd_args_next(&cmd_version_entry, NULL, &a) != CMD_ARGS_DONE)
		return a.rc;
	if (a.nops > 0)
		return cmd_usage(&cmd_version_entry);
	outf("carcref %s\n", CARCREF_VERSION);
	return 0;
}

const struct cmd_entry cmd_help_entry = {
	"help", "[COMMAND]", N_("list the commands, or show one's usage"),
	cmd_help_exec
};

const struct cmd_entry cmd_version_entry = {
	"version", "", N_("print carcref's version"), cmd_version_exec
};

int
main(int argc, char **argv)
{
	const struct cmd_entry	*e = &cmd_help_entry;
	const char		*near, *loc;

	/*
	 * A write past the file size limit (ulimit -f) raises SIGXFSZ, which
	 * kills the process by default: carcref would die mid-write, leaving
	 * a temporary file behind and no word said.  Ignored, the write fails
	 * with EFBIG instead, as on a full disk, and the file is left as it was.
	 */
	signal(SIGXFSZ, SIG_IGN);
	cr_tileset_packs(cmd_tilepacks, cmd_ntilepacks);

	/*
	 * Messages in the user's language (LC_MESSAGES, LANGUAGE), always
	 * written as UTF-8 like every other text carcref prints.  Only the
	 * messages: LC_CTYPE and LC_NUMERIC stay "C", so that what carcref
	 * reads and answers never depends on the locale.
	 */
	if ((loc = setlocale(LC_MESSAGES, "")) == NULL || strcmp(loc, "C") == 0 ||
	    strcmp(loc, "POSIX") == 0 || (strncmp(loc, "C.", 2) == 0 &&
	    (getenv("LANGUAGE") == NULL || *getenv("LANGUAGE") == '\0')))
		nt_i18n = false;	/* English for certain: no lookups */
	bindtextdomain("carcref", cmd_localedir());
	bind_textdomain_codeset("carcref", "UTF-8");
	textdomain("carcref");

	if (argc < 2) {
		for (size_t i = 0; i < NCMDS; i++)
			if (cmd_table[i].dflt)
				e = cmd_table[i].entry;
		return e->exec(1, (char *[]){ (char *)e->name, NULL });
	}

	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)
		argv[1] = (char *)"help";
	else if (strcmp(argv[1], "-V") == 0 ||
	    strcmp(argv[1], "--version") == 0)
		argv[1] = (char *)"version";

	if ((e = cmd_find(argv[1])) != NULL)
		return e->exec(argc - 1, argv + 1);
	/* "carcref --players A,B", "carcref game.yaml": the default command's. */
	if (argv[1][0] == '-' || access(argv[1], F_OK) == 0) {
		for (size_t i = 0; i < NCMDS; i++)
			if (cmd_table[i].dflt)
				e = cmd_table[i].entry;
		argv[0] = (char *)e->name;
		return e->exec(argc, argv);
	}

	if ((near = cmd_suggest(argv[1])) != NULL)
		errf(_("carcref: unknown command \"%s\" (did you mean "
		    "\"%s\"?)\n"), argv[1], near);
	else
		errf(_("carcref: unknown command \"%s\"\n"), argv[1]);
	errf(_("try \"carcref help\" for the list of commands\n"));
	return 2;
}
