/*
 * game.h -- the game layer on the cmd floor: how a game is started,
 * shown and played at the table.  The twin of its row (notation/game.h),
 * which holds its header, its engine and its words; this holds what only
 * a program does with a game: its options, its REPL commands and turn in
 * progress, its extra JSON and ranking columns, its random games.
 *
 * A game's table is a `struct play_game` in its own files (the tile
 * game's: cmd/tile-*.c, table in cmd/tile-game.c), listed once in
 * cmd/games.c; play_game_of() finds the table of a record's row.  The
 * generic commands (replay, fmt, games, selfplay, play and resume) and
 * the REPL's session (play-*.c: readline, history, confirmations, save
 * and load, undo and redo, moves, help, "did you mean", Ctrl-C and
 * Ctrl-D, the journal, the hand kept) ask the table and never name a
 * game.
 *
 * The REPL.  The game's commands are its list cmds[] (help's order),
 * which may point at the generic entries of play-cmds.c (moves, undo,
 * redo, save, load, help, quit) beside its own (the tile game's draw,
 * place, board, its score and explain...).  A line that is no command is
 * a turn if the game says so (is_turn), played whole by its line hook.
 * A turn may be entered in steps: what it holds so far is the game's
 * hand, hand_size bytes that the session keeps (zeroed, then
 * hand_drop), shows in the prompt and on Ctrl-C (ctrl_c), keeps in
 * games/NAME.hand as one line when the session ends (hand_line, read
 * back by hand_restore; the file stays until the hand given back, known
 * by its hand_name, is no longer held) and drops when another game
 * comes; the hand's words (struct play_hand_words) say it in the game's
 * terms.  A move played is
 * journaled by the session, then told by the game (tell), then the
 * standings line or, at the end, the final ranking.  undo takes back
 * whole moves (a game whose turn has steps may take back steps first:
 * undo_steps), giving the game the earliest move taken back (undone),
 * and redo plays what undo took, the game told first (redoing).
 *
 * Hooks may be NULL where the table says so; every other is set.
 */
#ifndef CARCREF_GAME_H
#define CARCREF_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cmd.h"
#include "notation/game.h"
#include "notation/record.h"

struct play;
struct play_cmd;
struct nt_record;

/*
 * The words that say a hand at the table, N_() each, its %s the hand's
 * name (hand_name: "U"), in the order they are used.
 */
struct play_hand_words {
	const char	*drop_q;	/* "%s is in hand, not played: drop it?" */
	const char	*dropped;	/* "%s dropped: draw it again when ...\n" */
	const char	*no_moves;	/* "%s was in hand: the game has no move yet, ...\n" */
	const char	*kept;		/* "%s kept in hand: carcref resume %s gives it back\n" */
	const char	*not_kept;	/* "carcref: %s was in hand and could not be kept: %s\n" */
	const char	*too_long;	/* "%lld bytes, not a tile and its place" */
	const char	*aside;		/* "the tile kept in hand is not given back: %s; ..." */
	const char	*left;		/* "... is not given back: %s; its file %s is left ..." */
};

/*
 * Why the data a record names cannot be had: the refusal at move 0 (in
 * e: the line and column in the record, the sentence naming the file,
 * the kind) and the exit status it means (2: a file that cannot be read,
 * 1: data that fails its checks).
 */
struct play_world_error {
	struct nt_replay_error	 e;
	int			 status;
};

struct play_game {
	const struct nt_game *rules;	/* its row */
	/* The data it is played with, loaded once: its own (r NULL: the
	 * tile game's tile set of every module; another's shipped data;
	 * NULL with the message printed), or what record r names
	 * beside its own (a file, by a path relative to the record's, path;
	 * NULL: the current directory), kept until the program ends; NULL
	 * with *err. */
	const void	*(*world)(const struct nt_record *r, const char *path,
		    struct play_world_error *err);

	/* ---- a new game: play's and selfplay's options ---- */
	const struct cmd_opt *play_opts;	/* NULL name ends them */
	/* Its options as the usage line writes them (" [--edition N] ..."),
	 * play's or selfplay's (opts_init run before), static. */
	const char	*(*usage)(bool selfplay);
	/* Option k of play_opts, with its value, into the header of the
	 * game to start: 0, or the exit status (2) with the message
	 * printed. */
	int	(*play_opt)(struct nt_record *hdr, int k, const char *val);
	/* The message for play FILE with a new game's options: N_(),
	 * "...; %s has its own\n". */
	const char	*new_only;
	/* Option k of play_opts given with play FILE: applied to the header
	 * of the record read from it, before its moves are replayed: 0, or
	 * the exit status (2) with the message printed.  NULL: refused, as
	 * new_only says. */
	int	(*file_opt)(struct nt_record *r, int k, const char *val, const char *file);
	const struct cmd_opt *selfplay_opts;
	int	(*selfplay_opt)(struct nt_record *hdr, int k, const char *val);
	/* Play g to its end at random, from seed, a piece placed on
	 * about pieces turns in a hundred of those that may place one
	 * (selfplay --pieces; PLAY_PIECES when not given): false if out of
	 * memory.  pieces: whether the game has pieces to place (else
	 * --pieces is refused and random_game is given PLAY_PIECES). */
	bool	(*random_game)(void *g, uint64_t *seed, int pieces);
	bool	pieces;

	/* ---- options from its modules' tables, a set-up at random (issue
	 * 21: play --wheel-of-fortune FILE; the spring beside the board) ----
	 * opts_init: fills play_opts and selfplay_opts (their entries after
	 * the game's own) once, before either is read.  random_setup: before
	 * each random game, what the header must say that the options do not
	 * (a square of the set-up), from seed, on world (seed NULL: a new game
	 * of play's, the first choice): false if out of memory.  NULL: none. */
	void	(*opts_init)(void);
	bool	(*random_setup)(struct nt_record *hdr, const void *world, uint64_t *seed);

	/* ---- replay: what a game adds ---- */
	/* The JSON of event i beyond the generic: fields written before
	 * "points", each followed by ", " (names: the players'); NULL for
	 * none. */
	void	(*json_event)(const void *g, int i, const char *const *names);
	/* Issue 21: fields of event i after "points", each preceded by ", "
	 * (a Plague's "returned", "also_home"); NULL for none. */
	void	(*json_event_after)(const void *g, int i, const char *const *names);
	/* Fields after "events", each preceded by ", "; NULL for none. */
	void	(*json_game)(const void *g, const char *const *names);
	/* What follows player p's score on a ranking line (goods tokens:
	 * "   wine 2, grain 0"), as snprintf returns; NULL: nothing. */
	int	(*ranking_tail)(const void *g, int p, char *buf, size_t size);

	/* ---- the REPL ---- */
	const struct play_cmd *const *cmds;	/* NULL-ended, in help's order */
	/* Commands of the game in play beyond cmds (a module's steps of the
	 * turn: the wheel's), in help's order after them: the i-th (from 0),
	 * NULL past the last; NULL: none.  Reached through play_cmd_at. */
	const struct play_cmd *(*more_cmd)(const struct play *p, int i);
	/* The words a line may hold (PLAY_MAXARGS), 0 for any number. */
	int	 maxwords;
	/* A line of argc words that is no command: is it a turn? */
	bool	(*is_turn)(struct play *p, int argc, char **argv, const char *line);
	/* Play a whole turn typed (with or without "PLAYER:"): 0, or -1
	 * refused (said).  The session's play_turn journals and tells it. */
	int	(*line)(struct play *p, const char *line);
	/* A turn legal now, in the player's words (malloc'd), NULL if none;
	 * and what a turn looks like, N_(), when there is none. */
	char	*(*example)(struct play *p);
	const char	*shape;
	/* Said when the game starts on a terminal (the turn in a nutshell);
	 * and at the head of help. */
	void	(*hint)(struct play *p);
	void	(*help_intro)(struct play *p);
	/* help's last words, N_(): "\nhelp COMMAND says more; Tab ...\n". */
	const char	*help_tail;
	/* After help CMD's text, for the game's own commands; NULL: nothing. */
	void	(*help_more)(struct play *p, const struct play_cmd *c);
	/* What may be done once the game is over, N_(). */
	const char	*over_hint;
	/* "N moves played, ...; Anna to play" (start, load, undo). */
	void	(*say_state)(struct play *p);
	/* The standings after a move, the game going on. */
	void	(*standings)(struct play *p);
	/* Tell move i (0-based) just played and journaled: its line, what
	 * it scored, what the table does by hand. */
	void	(*tell)(struct play *p, int i);
	/* Tab: the candidates (play_cand) for words w[0..n) and the word
	 * being typed, unless the session has (command names at the start,
	 * a command's PA_COMMAND or PA_FILE); c the command w[0] names. */
	void	(*complete)(struct play *p, const struct play_cmd *c, char **w, int n,
		    const char *text);

	/* The turn in progress: hand_size bytes in p->hand; its line in
	 * games/NAME.hand is hand_max bytes at most. */
	size_t	 hand_size, hand_max;
	const struct play_hand_words *words;
	/* Anything in hand (a tile drawn, rolls entered)? */
	bool	(*hand_held)(const struct play *p);
	/* Forget it, saying what goes back if say (also before the hand's
	 * memory is freed: what it holds is freed here). */
	void	(*hand_drop)(struct play *p, bool say);
	/* Its name for the words ("U"), and its line for games/NAME.hand
	 * ("U 1,0 90\n"); malloc'd. */
	char	*(*hand_name)(const struct play *p);
	char	*(*hand_line)(const struct play *p);
	/* The prompt's part for it (" [U 1,0 90]", "" for none), malloc'd. */
	char	*(*prompt)(const struct play *p);
	/* What Ctrl-C says of it, with the step it waits for: "(U is still
	 * in hand: place it (...), ...; Ctrl-D asks whether to keep it)",
	 * malloc'd. */
	char	*(*ctrl_c)(struct play *p);
	/* The line kept (TEXT, one line) given back: true when it is (said),
	 * false with *why (malloc'd) when it cannot be. */
	bool	(*hand_restore)(struct play *p, char *text, char **why);
	/* Undo with a turn in progress: take back up to n of its steps, said;
	 * how many (0: none, the session takes back whole moves).  NULL: a
	 * turn has no steps to take back. */
	int	(*undo_steps)(struct play *p, int n);
	/* After undo: the earliest move taken back was LINE (the hand may
	 * take its tile back); and before redo plays LINE again. */
	void	(*undone)(struct play *p, const char *line);
	void	(*redoing)(struct play *p, const char *line);

	/* ---- optional (NULL: none) ---- */
	/* Redo with steps undone (undo_steps): put back up to n of them,
	 * said; how many (0: the session puts back whole moves). */
	int	(*redo_steps)(struct play *p, int n);
	/* Said once after the players line when a game starts or resumes
	 * (the data in force when it is in doubt). */
	void	(*banner)(struct play *p);
	/* A line whose first word is no command of the game's nor a turn:
	 * refused in the game's words if it knows the word (another game's
	 * command), true; false: the session's "unknown command". */
	bool	(*foreign)(struct play *p, int argc, char **argv);
	/* What games says of a finished game ("finished: Anna wins, 42
	 * reached (Anna 42, Ben 6)"), malloc'd; NULL: "finished:" and the
	 * scores. */
	char	*(*finished)(const void *g, const char *const *names);
	/* carcref board FILE on a record of the game, which has no board:
	 * N_(), "%s is a ... game ...: carcref replay %s lists its turns\n"
	 * (the file twice).  NULL: the game has a board. */
	const char	*no_board;
	/* The tiles carcref tiles shows with --set NAME (NAME the game's)
	 * and by their codes, for a game on the tile engine with tiles of
	 * its own; NULL with the message printed if they cannot be read.
	 * NULL: none. */
	const struct cr_tileset *(*tiles)(void);
	/* Commands of the game's own (carcref faces), NULL-ended, or NULL. */
	const struct cmd_entry *const *commands;
};

/* The registry (games.c): every game a program may play, the default
 * first; NULL-ended. */
extern const struct play_game *const play_games[];

/* selfplay's share of pieces when --pieces is not given: the fair coin
 * every earlier version tossed, so that a seed gives the games it gave. */
#define PLAY_PIECES	50

/* play's and selfplay's usage: the command's own options around every
 * game's (struct play_game.usage), made once. */
const char	*play_usage(void);
const char	*selfplay_usage(void);

/* The table of row g (NULL: a game no command plays). */
const struct play_game *play_game_of(const struct nt_game *g);
/* The table of the game called name, or NULL with the message printed
 * ("PREFIX: unknown game "x" (games: ...)"). */
const struct play_game *play_game_named(const char *prefix, const char *name);
/* The options of play (selfplay: of selfplay): the command's own, the n
 * first of mine, then every game's (a name once), made once into o (a
 * NULL name after them). */
#define PLAY_MAXOPTS	24
struct play_opts {
	struct cmd_opt	 opt[PLAY_MAXOPTS + 1];
	int		 n;
};
void	play_game_opts(struct play_opts *o, const struct cmd_opt *mine, int n, bool selfplay);
/* Option name's index among game pg's options (pg NULL: among in's n
 * first), -1 if none. */
int	play_game_opt(const struct play_game *pg, bool selfplay, const char *name,
	    const struct cmd_opt *in, int n);
/* Its world, its own (play_world: NULL with the message printed) or for
 * record r read from path (play_world_of: NULL with *err). */
const void *play_world(const struct play_game *pg);
const void *play_world_of(const struct play_game *pg, const struct nt_record *r,
	    const char *path, struct play_world_error *err);
/* For nt_record_fmt_with on the record read from path: each game's world.
 * When one cannot be had, the message is printed and play_world_status
 * set: -2 a game's own data, else the exit status (struct
 * play_world_error); 0 until then. */
struct nt_worlds play_worlds(const char *path);
extern int play_world_status;
/* The subcommand of a game called name (a game's commands), or NULL. */
const struct cmd_entry *play_command(const char *name);

#endif
