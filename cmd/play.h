/*
 * play.h -- what the table REPL (cmd-play.c) shares with its journal
 * (journal.c) and its board map (board.c).
 */
#ifndef CARCREF_PLAY_H
#define CARCREF_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rules/game.h"
#include "notation/record.h"

/* cmd-play.c: "carcref resume", the same as "carcref play --resume". */

/*
 * journal.c -- the state directory, and the journal of the game in play.
 *
 * The journal is a game record, DIR/current.yaml: a header, then one
 * "  - MOVE" line per accepted move, written and fsync'ed before the REPL
 * takes the next line.  An undo or a load rewrites it whole, atomically
 * (a temporary file renamed over it, then the directory fsync'ed), so at
 * every instant the file is a valid record of the game as it stands.
 */
struct journal {
	int	fd;		/* open for appending, -1 until the first write */
	int	lockfd;		/* DIR/lock, held for the whole session */
	bool	fresh;		/* the game did not come from the journal: keep the old one */
};

/*
 * The state directory: $CARCREF_STATE, else $XDG_STATE_HOME/carcref, else
 * ~/.local/state/carcref; created (mode 0700) if missing.  The path of
 * NAME in it goes into BUF; false (message in ERR) if it cannot be made.
 */
bool	 play_state_path(const char *name, char *buf, size_t size, char *err,
	     size_t errlen);

/*
 * Take the session's lock on the state directory, so two sessions never
 * write one journal.  False, with the reason in ERR, if another session
 * holds it or the directory cannot be used.
 */
bool	 journal_lock(struct journal *j, char *err, size_t errlen);

/*
 * Write the whole journal: r's header and every move of g, through a
 * temporary file renamed over the old one.  The first time for a fresh
 * game, an existing journal is kept as previous.yaml.  Leaves the file
 * open for journal_append.  False with ERR on an I/O error.
 */
bool	 journal_write(struct journal *j, const struct nt_record *r,
	     const struct cr_game *g, char *err, size_t errlen);

/* Append move I of g (0-based) and fsync.  False with ERR on an I/O error. */
bool	 journal_append(struct journal *j, const struct nt_record *r,
	     const struct cr_game *g, int i, char *err, size_t errlen);

/*
 * Read the journal for a resume: its text (malloc'd) with a last line cut
 * if it has no newline (a write the REPL never acknowledged); *cut says
 * so.  NULL with ERR if there is none or it cannot be read.
 */
char	*journal_read(char *path, size_t pathsize, size_t *len, bool *cut,
	     char *err, size_t errlen);

void	 journal_close(struct journal *j);

/* board.c -- the board as an ASCII map, with the meeples. */
struct board_style {
	bool		 color;		/* ANSI colours */
	const char	*letter;	/* a letter per player, for the meeples */
	const int	*ansi;		/* an ANSI colour code per player */
	int		 hand;		/* a tile type: mark the squares where it fits; -1 */
	int		 lastx, lasty;	/* the last tile placed (highlighted); lastset false: none */
	bool		 lastset;
};

void	 board_print(FILE *f, const struct cr_game *g, const char *const *names,
	     const struct board_style *st);

#endif
