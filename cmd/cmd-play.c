/*
 * cmd-play.c -- the table REPL: a game refereed as it is played.
 *
 *	carcref [play] [--players A,B,...] [--edition 1|2|3] [FILE]
 *	carcref play --resume		(or: carcref resume)
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "play.h"

/* Parse the options, start or bring back the game, then the session. */
static int
start(struct play *p, int argc, char **argv, bool resume)
{
	char *players[CR_MAXPLAYERS + 1], *names = NULL, err[512], path[4096], *text;
	const char *file = NULL;
	int edition = 3, n = 0, i;
	bool named = false, given = false, cut;
	size_t len;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		} else if (strcmp(argv[i], "--resume") == 0)
			resume = true;
		else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc) {
			names = argv[++i];
			named = true;
		} else if (strcmp(argv[i], "--edition") == 0 && i + 1 < argc) {
			char *end;
			long e = strtol(argv[++i], &end, 10);

			if (*end != '\0' || e < 1 || e > 3) {
				fprintf(stderr, "carcref play: --edition: 1, 2 or 3, not \"%s\"\n",
				    argv[i]);
				return 2;
			}
			edition = (int)e;
			given = true;
		} else {
			fprintf(stderr, "carcref play: unknown option \"%s\"\n", argv[i]);
			return cmd_usage(&cmd_play_entry);
		}
	}
	if (i < argc)
		file = argv[i++];
	if (i < argc || (resume && (file || named || given)))
		return cmd_usage(&cmd_play_entry);
	if (file && (named || given)) {
		fprintf(stderr, "carcref play: --players and --edition are for a new game; "
		    "%s has its own\n", file);
		return 2;
	}
	if ((p->ts = cmd_tileset()) == NULL)
		return 2;
	if (!journal_lock(&p->j, err, sizeof err)) {
		fprintf(stderr, "carcref play: %s\n", err);
		return 2;
	}

	if (resume) {
		if ((text = journal_read(path, sizeof path, &len, &cut, err, sizeof err)) == NULL) {
			fprintf(stderr, "carcref: %s\n", err);
			return 2;
		}
		if (!play_adopt(p, path, text, len, false, stderr)) {
			free(text);
			return 1;
		}
		free(text);
		printf("carcref: resumed %s%s\n", path, cut ? " (its last line, cut short by a "
		    "crash, was never accepted: dropped)" : "");
	} else if (file) {
		if ((text = cmd_read_file(file, &len, err, sizeof err)) == NULL) {
			fprintf(stderr, "carcref: %s\n", err);
			return 2;
		}
		if (!play_adopt(p, file, text, len, true, stderr)) {
			free(text);
			return 1;
		}
		free(text);
		printf("carcref: continuing %s\n", file);
	} else {
		static char anna[] = "Anna", ben[] = "Ben";

		if (names != NULL) {
			for (char *s = names; n <= CR_MAXPLAYERS; ) {
				char *comma = strchr(s, ',');

				if (comma != NULL)
					*comma = '\0';
				while (isspace((unsigned char)*s))	/* "Anna, Ben" */
					s++;
				for (char *e = s + strlen(s); e > s && isspace((unsigned char)e[-1]); )
					*--e = '\0';
				players[n++] = s;
				if (comma == NULL)
					break;
				s = comma + 1;
			}
		} else {
			players[n++] = anna;
			players[n++] = ben;
		}
		if (!play_new_game(p, players, n, edition))
			return 2;
		printf("carcref: a new game\n");
	}
	printf("edition %d, %d player%s:", cr_game_edition(p->g), cr_game_nplayers(p->g),
	    cr_game_nplayers(p->g) == 1 ? "" : "s");
	for (i = 0; i < cr_game_nplayers(p->g); i++)
		printf(" %s%s", p->names[i], i + 1 < cr_game_nplayers(p->g) ? "," : "");
	printf("\n");
	play_say_state(p);
	if (p->tty)
		printf("Enter a turn whole (U 0,1 0 thief@S) or step by step: draw TILE,\n"
		    "place X,Y [ROT], then meeple ROLE@SPOT or pass.  help lists the commands.\n");
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
	cr_game_free(pl.g);
	if (pl.have_rec)
		nt_record_free(&pl.rec);
	if (fflush(stdout) != 0 && rc == 0) {
		perror("carcref: standard output");
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
	if (argc != 1)
		return cmd_usage(&cmd_resume_entry);
	return run(argc, argv, true);
}

const struct cmd_entry cmd_play_entry = {
	"play", "[--players A,B,...] [--edition N] [FILE | --resume]",
	"referee a game at the table, turn by turn",
	play_exec
};

const struct cmd_entry cmd_resume_entry = {
	"resume", "", "bring back the last game played (as play --resume)",
	resume_exec
};
