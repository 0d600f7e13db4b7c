/*
 * play.h -- the table REPL's session, generic over games (cmd/game.h):
 *
 *	cmd-play.c	carcref play and carcref resume: options, the game to start
 *	play-session.c	the game in play (new, loaded), the line loop, history,
 *			signals, the hand kept
 *	play-turn.c	moves played, journaled and told; undo, redo
 *	play-views.c	moves, help
 *	play-complete.c	Tab completion
 *	play-cmds.c	the generic commands' entries, and finding a command
 *	journal.c	the journal of the game in play
 *
 * A game's own commands and views are in its files (the tile game's:
 * tile-*.c, tile.h).
 */
#ifndef CARCREF_PLAY_H
#define CARCREF_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>
#include <sys/types.h>

#include "game.h"
#include "notation/record.h"

#define PLAY_MAXARGS	8	/* words on a line, the command included */

/*
 * journal.c -- the state directory, and the journal of each game.
 *
 * Each game is a record, DIR/games/NAME.yaml, from its first accepted
 * move on: a header, then one "  - MOVE" line per accepted move, written
 * and fsync'ed before the REPL takes the next line.  An undo rewrites it
 * whole, atomically (cmd_write_own), so at every instant the file is a
 * valid record of the game as it stands; a rewrite keeps the comments of
 * the moves that still stand, and the comments after the last move stay
 * after the moves (a move is then written before them, the file whole).
 * The comments of the moves undo takes are kept at the end of
 * NAME.yaml.undone, and redo puts them back.  DIR/locks/NAME.lock is locked by the
 * session that writes the game.  The journal held is guarded
 * (cmd_out_guard), and games/ and locks/ fenced (cmd_out_fence): save and
 * board --svg never write there.  Before each write the file at the
 * journal's path is checked to be exactly what carcref last wrote there
 * (the same device and inode, the same bytes): one removed, replaced by
 * another file or changed (kept aside, as NAME.yaml.replaced or
 * NAME.yaml.edited), is written again whole.
 */
struct journal {
	char	*name;		/* "2026-11-25-anna-ben"; NULL: no file yet */
	char	*path;		/* DIR/games/NAME.yaml */
	int	 fd;		/* open for appending, -1 until needed */
	int	 lockfd;	/* DIR/locks/NAME.lock, held while the game is ours */
	bool	 rewrite;	/* the file is not the game as it stands (an append
				 * not cut back, a write that failed): write it
				 * whole at the next move */
	bool	 held;		/* the file at path is ours, dev and ino: */
	dev_t	 dev;
	ino_t	 ino;
	/*
	 * What the file holds, as carcref last wrote it (or read it, at
	 * resume): the bytes it must still hold, and the record whose
	 * comments a rewrite keeps; before the first write, the record the
	 * game was taken from (play FILE, load FILE), or NULL.  After len,
	 * loose bytes an append could not cut back may be in the file too.
	 */
	char	*text;
	size_t	 len, loose, cap;
	int	 nmoves;	/* the moves text holds */
	bool	 tailed;	/* text ends in comments after its last move */
	/* What undo took, for redo: the last taken on top (as play's redo). */
	struct journal_undone {
		int	 index;		/* the move's, from 0 */
		char	*move;		/* its text, "K -1,0 180 farmer@SW" */
		char	*lines;		/* its lines in the journal, comments included */
	}	*undone;
	int	 nundone, capundone;
};

/*
 * The path of NAME in the state directory, malloc'd: $CARCREF_STATE, else
 * $XDG_STATE_HOME/carcref, else ~/.local/state/carcref, created (mode
 * 0700, with games/ and locks/) if missing, and an old current.yaml and
 * previous.yaml moved into games/.  NULL with *err if it cannot be made.
 */
char	*play_state_path(const char *name, char **err);

/* Take game NAME (an existing journal) for this session: lock it, and
 * hold its file.  False with *err if another session holds it, or if its
 * lock cannot be taken (the error said as it is, naming the path). */
bool	 journal_take(struct journal *j, const char *name, char **err);

/*
 * Write the whole journal: r's header and every move of g, replacing the
 * file.  A game without a name gets one now (the day and the players; -2,
 * -3... when taken), and its lock.  Leaves the file open for appending.
 * False with *err on an I/O error: the next append then tries the whole
 * write again.
 */
bool	 journal_write(struct journal *j, const struct nt_record *r, const void *g,
	     char **err);

/*
 * Append the moves of g from index FIRST on (one turn), and fsync.  On an
 * error the file is cut back to its size before (no partial line is
 * left) and false returned with *err naming the journal.
 */
bool	 journal_append(struct journal *j, const struct nt_record *r, const void *g,
	     int first, char **err);

/* The record of g with the comments of J's journal (or of the file the
 * game was taken from), in canonical form, for save: malloc'd, NULL if
 * out of memory; *lost if there were comments it cannot hold. */
char	*journal_record(const struct journal *j, const struct nt_record *r, const void *g,
	     bool *lost);

/* If an append could not be cut back, rewrite the journal as g stands. */
bool	 journal_repair(struct journal *j, const struct nt_record *r, const void *g);

/* TEXT (LEN bytes, NMOVES moves, the game's first ones) is what J's
 * file holds now (resume), or the record the game was taken from: its
 * comments are kept when the journal is rewritten. */
bool	 journal_basis(struct journal *j, const char *text, size_t len, int nmoves);

/* The journal was read with its last line cut (journal_read): the file as
 * it was is kept aside (*kept, malloc'd: NAME.yaml.cut), and J's text
 * written in its place.  False with *err if it cannot be kept aside or
 * written: the file is then left as it is. */
bool	 journal_drop_cut(struct journal *j, char **kept, char **err);

/* Does the journal TEXT end inside its moves, so that a move may be
 * appended (else the next move rewrites it whole)?  Asked of the reader. */
bool	 journal_appendable(const char *text, size_t len);

/* Let go of the game: its file closed, its lock dropped.  The next write
 * starts a new game. */
void	 journal_close(struct journal *j);

/*
 * A journal's text (malloc'd), its last line cut if it has no newline,
 * follows whole ones and is a move's line, or the start of one ("  - ":
 * what a write cut short leaves, never acknowledged): *cut says so.
 * Another line without its newline (a header's, written by hand) is
 * kept.  NULL with *err if it cannot be read.
 */
char	*journal_read(const char *path, size_t *len, bool *cut, char **err);

/*
 * Parse the record TEXT and replay it on a new game of its game (r->row,
 * its table play_game_of): the game, with *r its record; NULL with *why
 * "LABEL:LINE:COLUMN: reason" (or for an illegal move
 * "LABEL:LINE:COLUMN: move N: the rule broken"; without LABEL when it is
 * NULL).
 */
void	*play_replay(const char *label, const char *text, size_t len, struct nt_record *r,
	     char **why);
/* The same, fix (unless NULL) given the header first: its non-zero
 * return ends it, NULL returned and *status set (fix said why). */
void	*play_replay_with(const char *label, const char *text, size_t len,
	     struct nt_record *r, char **why, int (*fix)(struct nt_record *, void *), void *arg,
	     int *status);

/* The games kept in DIR/games: the files, newest first. */
struct journal_game {
	char	*name;		/* "2026-11-25-anna-ben" */
	char	*path;
	time_t	 mtime;		/* last played */
};
int	 journal_games(struct journal_game **v, char **err);	/* how many, or -1 */
void	 journal_games_free(struct journal_game *v, int n);

/* A player's letter on the board map, as UTF-8: capital on a road, city
 * or cloister, small in a field (Émile is É and é). */
struct play_letter {
	char	up[5], low[5];
};

struct play {
	const struct play_game *game;	/* the game in play: its table */
	const struct nt_game *rules;	/* and its row (game->rules) */
	const void	*world;		/* what it is played with (play_world) */
	void		*g;		/* its state (rules->create) */
	struct nt_record rec;		/* the header: players, the game's keys */
	bool		 have_rec;
	const char	*names[NT_MAXPLAYERS];
	struct play_letter letter[NT_MAXPLAYERS];	/* on a board map */
	int		 ansi[NT_MAXPLAYERS];	/* colour code */

	/* The turn being entered step by step: the game's (hand_size bytes). */
	void		*hand;
	/* NAME.hand, given back by resume, is on disk, and keeps the hand
	 * so named (hand_name) until it leaves the hand. */
	bool		 handfile;
	char		*handkept;

	/* What undo took, for redo, as canonical lines: the last taken on
	 * top.  Emptied by a new move or another game. */
	char		**redo;
	int		 nredo, capredo;

	struct journal	 j;
	bool		 tty;		/* lines from a terminal, through readline */
	bool		 yes;		/* --yes: end and undo N ask nothing */
	bool		 color;
	bool		 quit;
	int		 signal;	/* the session ended on it (SIGHUP, SIGTERM, SIGQUIT,
					 * SIGPIPE; SIGINT without a terminal), 0 if not */
	bool		 gone;		/* standard output is gone (EPIPE): nothing asked */
	int		 refused;	/* lines not accepted */
	char		*hist;		/* the history file, NULL for none */
};

/*
 * The commands of the REPL, one entry each, listed by each game
 * (play_game's cmds).  fn returns 0 when the line is accepted, -1 when
 * it is refused (the message printed).
 */
enum play_args {		/* what a command's arguments complete to */
	PA_NONE,		/* nothing */
	PA_COMMAND,		/* one command name */
	PA_FILE,		/* one file name (readline's own completion) */
	PA_GAME,		/* from here on: the game's own (its complete hook) */
};

/*
 * A command has its English name, always accepted and the one shown in
 * English, and French names, always accepted too (whatever the locale):
 * the first is the one shown when the messages are French (help, Tab);
 * the others are more ways to say it ("tirer" for "piocher").  No name is
 * another command's, nor a word a turn starts with.  The texts are N_()
 * marked: shown through _().
 */
#define PLAY_NFR	3
#define PLAY_MAXCMDS	32	/* at most, in a game's list */

struct play_cmd {
	const char	*name;
	const char	*fr[PLAY_NFR];	/* "piocher", "tirer": NULL-padded */
	const char	*args;		/* "X,Y [ROT]", for usage and help */
	int		 minargs, maxargs;
	int		 complete;	/* enum play_args, or the game's own */
	int		(*fn)(struct play *, int, char **);
	const char	*summary;	/* one line, for `help` */
	const char	*help;		/* more, for `help NAME`; "" for none */
	bool		 safe;		/* only shows: a typo may be pointed to it */
	const char	*file_opt;	/* an option whose value is a file ("--svg"), or NULL */
};

/* play-cmds.c: the generic commands, for the games' lists. */
extern const struct play_cmd play_cmd_moves, play_cmd_undo, play_cmd_redo, play_cmd_save,
	    play_cmd_help, play_cmd_quit;
/* play-report.c: report [--svg FILE], and the report said at the end. */
extern const struct play_cmd play_cmd_report;
void	 play_report(struct play *p);

/* The i-th command of the game in play (its list, then its more_cmd),
 * NULL past the last. */
const struct play_cmd *play_cmd_at(const struct play *p, int i);
/* The command NAME of the game in play, English or French (any case, any
 * script: DÉFAUSSER; exit is quit, ? is help), or NULL. */
const struct play_cmd *play_cmd_find(const struct play *p, const char *name);
/* Are the messages French (the catalogue says so)?  Then the French names
 * are shown. */
bool	 play_fr(void);
/* The name of C shown now: its French name in French, else its English one. */
const char *play_cmd_name(const struct play_cmd *c);
/* Its arguments as shown ("TUILE" in French), "" for none. */
const char *play_cmd_args(const struct play_cmd *c);
/* The names of the game's commands, NULL-ended (static, until the next
 * call): those of the language shown now (French names in French), and
 * with ALL the others after them; with SAFE only the commands that only
 * show. */
const char *const *play_cmd_words(const struct play *p, bool safe, bool all);

/* play-turn.c: moves played, and undo. */
int	 turn_undo(struct play *, int, char **);
int	 turn_redo(struct play *, int, char **);

/* A refusal: the message and a newline printed, -1 returned. */
int	 play_nope(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The player called name (any case, any script: Zoé = ZOÉ), -1 if none. */
int	 play_player_named(const struct play *p, const char *name);
/* The moves from index FIRST on were just applied: journal them (or take
 * them back, refused, if the journal cannot hold them), the hand
 * emptied, each told by the game, then the standings or the end; what
 * undo took can no longer come back.  0, or -1 (said). */
int	 play_new_moves(struct play *p, int first);
/* A whole turn line on the game in play (the row's play) and, if it is
 * accepted, play_new_moves: 0, or -1 with the refusal in *err (its
 * column, its sentence), nothing said. */
int	 play_turn(struct play *p, const char *line, struct nt_line_error *err);
/* What may be done with a game over: said instead of a turn's hints. */
const char *play_over_hint(const struct play *p);
/* The final ranking of the game in play. */
void	 play_say_final(struct play *p);

/* play-views.c: the generic views. */
int	 view_moves(struct play *, int, char **);
int	 view_help(struct play *, int, char **);
/* TEXT from column COL on, broken at blanks, no line past 80 columns,
 * the lines after the first indented to COL (the cursor is at COL). */
void	 play_wrapped(const char *text, int col);

/* play-session.c: the game in play and the line loop. */
int	 session_save(struct play *, int, char **);
int	 session_load(struct play *, int, char **);
int	 session_quit(struct play *, int, char **);

/*
 * Take the record in TEXT (from LABEL, a file name) as the game in play:
 * parse it, replay it, and on success replace the current game; the
 * message for a bad record goes to MSGS.  The journal is not touched.
 */
bool	 play_adopt(struct play *p, const char *label, const char *text, size_t len,
	     FILE *msgs);
/* The same, fix (unless NULL) given the record's header before its
 * moves are replayed (play FILE with a game's options): 0 taken, 1 a bad
 * record (said to MSGS), or fix's non-zero status (it said why). */
int	 play_adopt_with(struct play *p, const char *label, const char *text, size_t len,
	     FILE *msgs, int (*fix)(struct nt_record *, void *), void *arg);
/* The names, map letters and colours the REPL gives the players of R. */
void	 play_dress_record(const struct nt_record *r, const char **names,
	     struct play_letter *letter, int *ansi);
/* Take record R (moved in) and game G as the game in play. */
void	 play_take(struct play *p, struct nt_record *r, void *g);
/* The game in play, from a file whose record is TEXT, starts its own
 * journal (now if it has moves), with the file's comments; a warning to
 * MSGS if it cannot be written. */
void	 play_new_journal(struct play *p, const char *text, size_t len, FILE *msgs);
/* On a terminal without --yes, ask QUESTION (y/N); true for yes. */
bool	 play_confirm(struct play *p, const char *question);
/* What was kept in hand when the game was left (play-session.c), given back. */
void	 play_restore_hand(struct play *p);
/* A new game of game pg from its header HDR (players, the game's own
 * keys, as the options made them); false (message printed) if not. */
bool	 play_new_game(struct play *p, const struct play_game *pg, struct nt_record *hdr);
/* Read and run lines until the input ends, quit, the output is gone
 * (EPIPE), or SIGHUP, SIGTERM or SIGQUIT (or SIGINT without a terminal)
 * (p->signal: the caller ends the process with it, once all is kept;
 * SIGPIPE for the output gone, unless that signal was ignored). */
void	 play_session(struct play *p);
/* Free what the session holds of its game. */
void	 play_end(struct play *p);

/* play-complete.c: Tab completion for P's session, through readline;
 * play_cand adds a candidate (a game's complete hook), play_cand_exact
 * says the word typed stands for the candidates (a tile's edges: none
 * starts with it). */
void	 play_complete_start(struct play *p);
void	 play_complete_end(void);
void	 play_cand(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void	 play_cand_exact(void);
bool	 play_cands_exact(void);
/* The commands' names in the language shown, as candidates. */
void	 play_cand_commands(struct play *p);

#endif
