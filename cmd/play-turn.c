/*
 * play-turn.c -- moves at the table, whatever the game: a move applied is
 * journaled (journal.c) before it is told, and a move the journal does
 * not hold is taken back and refused; undo and redo.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "play.h"
#include "notation/i18n.h"

/* A refusal: the message, then -1 for the command to return. */
int
play_nope(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	out_vprintf(stdout, fmt, ap);
	va_end(ap);
	outf("\n");
	return -1;
}

const char *
play_over_hint(const struct play *p)
{
	return _(p->game->over_hint);
}

void
play_say_final(struct play *p)
{
	cmd_print_ranking(p->game, p->g, p->names, _("final scores:"));
}

/*
 * The moves from index first on were just applied: journal them, then say
 * what they did.  If the journal cannot be written they are taken back and
 * refused: a move the journal does not hold is a move that can be lost.
 */
static int
moves_done(struct play *p, int first)
{
	char *err = NULL;
	int n = p->rules->nmoves(p->g);

	if (!journal_append(&p->j, &p->rec, p->g, first, &err)) {
		p->rules->undo(p->g, n - first);
		journal_repair(&p->j, &p->rec, p->g);
		play_nope(_("not recorded: %s; the move was not played"), err ? err :
		    _("out of memory"));
		free(err);
		return -1;
	}
	p->game->hand_drop(p, false);
	for (int i = first; i < n; i++)
		p->game->tell(p, i);
	if (p->rules->over(p->g)) {
		play_say_final(p);
		play_report(p);		/* where the points came from */
		outf("%s\n", play_over_hint(p));
	} else
		p->game->standings(p);
	return 0;
}

int
play_new_moves(struct play *p, int first)
{
	if (moves_done(p, first) < 0)
		return -1;
	p->nredo = 0;	/* what undo took can no longer come back */
	return 0;
}

int
play_turn(struct play *p, const char *line, struct nt_line_error *err)
{
	int first = p->rules->nmoves(p->g);

	err->kind = NULL;
	if (p->rules->play(p->g, p->names, NULL, line, strlen(line), NULL, err) < 0)
		return -1;
	return play_new_moves(p, first) < 0 ? -2 : 0;
}

/* Keep LINE, a move just undone, for redo (taken over). */
static bool
redo_push(struct play *p, char *line)
{
	if (line == NULL)
		return false;
	if (p->nredo == p->capredo) {
		int cap = p->capredo ? p->capredo * 2 : 16;
		char **v = realloc(p->redo, (size_t)cap * sizeof *v);

		if (v == NULL) {
			free(line);
			return false;
		}
		memset(v + p->capredo, 0, (size_t)(cap - p->capredo) * sizeof *v);
		p->redo = v, p->capredo = cap;
	}
	free(p->redo[p->nredo]);	/* a line popped before, or NULL */
	p->redo[p->nredo++] = line;
	return true;
}

/* "undo [N]" and "redo [N]": N, 1 by default; -1 if it is no count. */
static int
count_arg(int argc, char **argv)
{
	char *end;
	long v;

	if (argc < 2)
		return 1;
	v = strtol(argv[1], &end, 10);
	if (*end != '\0' || end == argv[1] || v < 1)
		return -1;
	return v > 1000000 ? 1000000 : (int)v;
}

int
turn_undo(struct play *p, int argc, char **argv)
{
	const struct nt_game *gm = p->rules;
	int n, have = gm->nmoves(p->g), *who;
	char **gone, *err = NULL, *q;
	struct nt_line_error e;
	bool yes;

	if ((n = count_arg(argc, argv)) < 0)
		return play_nope(_("usage: undo [N], N a number of moves, 1 or more"));
	/* A turn under way: its steps first, where the game has steps. */
	if (p->game->undo_steps != NULL && p->game->undo_steps(p, n) > 0)
		return 0;
	if (n > have)
		n = have;
	if (have == 0)
		return play_nope(_("nothing to undo: this is the start of the game"));
	if (n > 1) {
		q = cmd_strf(_("take back the last %d moves, back to move %d?"), n, have - n);
		yes = q != NULL && play_confirm(p, q);
		free(q);
		if (!yes) {
			outf(_("nothing undone\n"));
			return 0;
		}
	}
	/* Keep what is undone, to put it back if the journal cannot follow. */
	gone = calloc((size_t)n, sizeof *gone);
	who = calloc((size_t)n, sizeof *who);
	for (int i = 0; gone != NULL && who != NULL && i < n; i++) {
		if ((gone[i] = cmd_move_line(gm, p->g, have - 1 - i)) == NULL)
			break;
		who[i] = gm->move_player(p->g, have - 1 - i);
	}
	if (gone == NULL || who == NULL || gone[n - 1] == NULL) {
		for (int i = 0; gone != NULL && i < n; i++)
			free(gone[i]);
		free(gone), free(who);
		return play_nope(_("undo: out of memory"));
	}
	p->game->hand_drop(p, true);
	gm->undo(p->g, n);
	if (!journal_write(&p->j, &p->rec, p->g, &err)) {
		for (int i = n - 1; i >= 0; i--)
			gm->play(p->g, p->names, NULL, gone[i], strlen(gone[i]), NULL, &e);
		for (int i = 0; i < n; i++)
			free(gone[i]);
		free(gone), free(who);
		play_nope(_("refused: cannot rewrite the journal (%s); nothing was undone"),
		    err ? err : _("out of memory"));
		free(err);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		outf(_("undone: move %d, %s: %s\n"), have - i, p->names[who[i]], gone[i]);
		if (!redo_push(p, strdup(gone[i])))
			p->nredo = 0;	/* out of memory: better no redo than a wrong one */
	}
	p->game->say_state(p);
	p->game->undone(p, gone[n - 1]);
	for (int i = 0; i < n; i++)
		free(gone[i]);
	free(gone), free(who);
	return 0;
}

/*
 * Put back what undo took, the earliest first, as moves played again
 * (journaled and told as any move), until a new move is made.
 */
int
turn_redo(struct play *p, int argc, char **argv)
{
	int n, first = p->rules->nmoves(p->g), done = 0;
	struct nt_line_error e;

	if ((n = count_arg(argc, argv)) < 0)
		return play_nope(_("usage: redo [N], N a number of moves, 1 or more"));
	/* Steps of a turn undone first, where the game has steps. */
	if (p->game->redo_steps != NULL && p->game->redo_steps(p, n) > 0)
		return 0;
	if (p->nredo == 0)
		return play_nope(_("nothing to redo: redo puts back what undo took, until a new "
		    "move is made"));
	if (n > p->nredo)
		n = p->nredo;
	p->game->redoing(p, p->redo[p->nredo - 1]);
	for (; done < n; done++) {
		const char *line = p->redo[p->nredo - 1 - done];

		if (p->rules->play(p->g, p->names, NULL, line, strlen(line), NULL, &e) < 0)
			break;		/* never: the game stands as before the undo */
	}
	if (done == 0)
		return play_nope(_("nothing to redo: the moves taken back no longer fit"));
	p->nredo -= done;
	if (moves_done(p, first) < 0) {
		p->nredo += done;	/* taken back: still there to redo */
		return -1;
	}
	return 0;
}
