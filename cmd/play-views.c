/*
 * play-views.c -- what the table is shown whatever the game: the moves
 * so far, the commands.  The game's own views are in its files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "play.h"
#include "notation/i18n.h"

int
view_moves(struct play *p, int argc, char **argv)
{
	int n = p->rules->nmoves(p->g), w = 0;
	char *line;

	(void)argc, (void)argv;
	for (int i = 0; i < p->rules->nplayers(p->g); i++)
		if (out_width(p->names[i]) > w)
			w = out_width(p->names[i]);
	if (n == 0)
		outf(_("no move yet\n"));
	for (int i = 0; i < n; i++) {
		const char *who = p->names[p->rules->move_player(p->g, i)];

		line = cmd_move_line(p->rules, p->g, i);
		outf("%4d  %s%*s  %s\n", i + 1, who, w - out_width(who), "", line ? line : "?");
		free(line);
	}
	return 0;
}

const char *
play_cmd_args(const struct play_cmd *c)
{
	return *c->args ? _(c->args) : "";
}

/* A command as help shows it, malloc'd: "draw TILE"; in French the French
 * name with the English one beside it, "piocher (draw) TUILE". */
static char *
cmd_title(const struct play_cmd *c, bool space)
{
	const char *name = play_cmd_name(c), *args = play_cmd_args(c);

	if (strcmp(name, c->name) != 0)
		return cmd_strf("%s (%s)%s%s", name, c->name, space || *args ? " " : "", args);
	return cmd_strf("%s%s%s", name, space || *args ? " " : "", args);
}

/* The column of the summaries in help: a command wider (in French, with
 * its English name) has its summary on the next line. */
#define HELP_COL	30

/* TEXT from column COL on, broken at blanks so that no line passes 80
 * columns (display width: French summaries are longer), the lines after
 * the first indented to COL. */
void
play_wrapped(const char *text, int col)
{
	int at = col;

	while (*text != '\0') {
		size_t n = strcspn(text, " ");
		int w = out_nwidth(text, n);

		if (at > col && at + 1 + w > 80)
			outf("\n%*s", col, ""), at = col;
		else if (at > col)
			outf(" "), at++;
		outf("%.*s", (int)n, text);
		at += w;
		text += n;
		text += strspn(text, " ");
	}
	outf("\n");
}

/* The game's turn in a nutshell, then every command with its summary. */
static void
print_cmds(struct play *p)
{
	const struct play_cmd *c[PLAY_MAXCMDS + 1];
	char *title[PLAY_MAXCMDS];
	int w = 0, n;

	for (n = 0; n < PLAY_MAXCMDS && (c[n] = play_cmd_at(p, n)) != NULL; n++) {
		title[n] = cmd_title(c[n], true);
		if (title[n] != NULL && out_width(title[n]) > w)
			w = out_width(title[n]) > HELP_COL ? HELP_COL : out_width(title[n]);
	}
	p->game->help_intro(p);
	for (int i = 0; i < n; i++) {
		outf("  ");
		out_pad(stdout, title[i] ? title[i] : c[i]->name, w);
		if (title[i] != NULL && out_width(title[i]) > w)
			outf("\n  %*s", w, "");
		outf("  ");
		play_wrapped(_(c[i]->summary), w + 4);
		free(title[i]);
	}
	outf("%s", _(p->game->help_tail));
}

int
view_help(struct play *p, int argc, char **argv)
{
	const struct play_cmd *c;
	char *title;
	int k = 0;

	if (argc == 1) {
		print_cmds(p);
		return 0;
	}
	if ((c = play_cmd_find(p, argv[1])) == NULL)
		return play_nope(_("help: no command \"%s\" (help lists them)"), NT_QS(argv[1]));
	if ((title = cmd_title(c, false)) == NULL)
		return play_nope(_("out of memory"));
	outf("%s\n  %s\n", title, _(c->summary));
	free(title);
	if (*c->help)
		outf("%s", _(c->help));
	if (p->game->help_more != NULL)	/* an example legal on this board */
		p->game->help_more(p, c);
	/* In French, its other names too ("tirer" beside "piocher"). */
	for (int i = 1; play_fr() && i < PLAY_NFR && c->fr[i] != NULL; i++)
		outf("%s%s", k++ ? ", " : _("  also: "), c->fr[i]);
	if (k > 0)
		outf("\n");
	return 0;
}
