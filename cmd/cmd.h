/*
 * cmd.h -- the carcref program: its subcommands and what they share.
 *
 * Each subcommand is a `struct cmd_entry` (after tmux's cmd_entry) defined in
 * its own cmd/cmd-NAME.c and listed in the table in cmd/main.c.  Everything
 * that reads files, writes or prints lives under cmd/; rules/ and notation/
 * only compute.
 */
#ifndef CARCREF_CMD_H
#define CARCREF_CMD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "rules/game.h"

struct cmd_entry {
	const char	*name;		/* "replay" */
	const char	*usage;		/* "[--json] FILE" (after the name), never
					 * translated: it is what one types */
	const char	*summary;	/* one line for `carcref help`, marked N_()
					 * and translated where help prints it */
	/*
	 * argv[0] is the command name; the exit status is returned:
	 * 0 success, 1 a failure the command reports (an illegal move, ...),
	 * 2 a usage error.
	 */
	int		(*exec)(int argc, char **argv);
};

/* main.c: a command's usage: its usage, or the one made from the rules'
 * tables (main.c's table names the function: cmd_tiles_usage). */
const char	*cmd_usage_of(const struct cmd_entry *e);

extern const struct cmd_entry cmd_help_entry;
extern const struct cmd_entry cmd_version_entry;

/* The subcommands, one per cmd/cmd-NAME.c, listed in cmd_table in main.c. */
extern const struct cmd_entry cmd_play_entry;	/* cmd-play.c: the table REPL */
extern const struct cmd_entry cmd_replay_entry;	/* cmd-replay.c */
extern const struct cmd_entry cmd_board_entry;	/* cmd-board.c */
extern const struct cmd_entry cmd_tiles_entry;	/* cmd-tiles.c */
extern const struct cmd_entry cmd_fmt_entry;	/* cmd-fmt.c */
extern const struct cmd_entry cmd_selfplay_entry;	/* cmd-selfplay.c */
extern const struct cmd_entry cmd_resume_entry;	/* cmd-play.c: play --resume */
extern const struct cmd_entry cmd_games_entry;	/* cmd-games.c: the games kept */
extern const struct cmd_entry cmd_report_entry;	/* cmd-report.c: points by category */
extern const struct cmd_entry cmd_stats_entry;	/* cmd-stats.c: a group's history */

/* cmd-selfplay.c: random numbers for random games, the same on every
 * machine (a fixed xorshift): the next of the stream *s, and one below n. */
uint64_t	 cmd_rnd(uint64_t *s);
int		 cmd_below(uint64_t *s, int n);
/* cmd-selfplay.c: s a whole number from lo to hi, into *out. */
bool		 cmd_number(const char *s, long lo, long hi, long *out);

/* main.c: edit distance for "did you mean" (a compared without case). */
size_t		 cmd_edit_distance(const char *a, const char *b);
/* The closest of words (NULL-ended) to word, or NULL when none is close:
 * give it only words that are safe to type blindly (suggest.c). */
const char	*cmd_closest(const char *word, const char *const *words);

/* main.c: print "usage: carcref NAME USAGE" for an entry to stderr; returns 2. */
int		 cmd_usage(const struct cmd_entry *);

/*
 * main.c: a command's arguments, read the one way every command reads
 * them (GNU style): options may come anywhere, before, between or after
 * the operands; "--" ends the options (every word after it is an
 * operand, "-x" too); "-" alone is an operand (the standard input); an
 * option's value is the next word, whatever it is ("--feature -1,0:N").
 * -h and --help anywhere show the command's usage.  A command does
 * nothing before every word has been read: a misplaced or unknown
 * option is a usage error before anything is written.
 *
 *	struct cmd_args a = CMD_ARGS(argc, argv);
 *	while ((k = cmd_args_next(&cmd_fmt_entry, opts, &a)) >= 0)
 *		... option opts[k], its value in a.val ...
 *	if (k != CMD_ARGS_DONE)
 *		return a.rc;
 *	... the operands: a.argv[1 .. 1 + a.nops), NULL after the last ...
 */
struct cmd_opt {
	const char	*name;		/* "--move" */
	const char	*alias;		/* another spelling ("-q" beside "--quiet"), or NULL */
	const char	*value;		/* what its value is, N_("a move number");
					 * NULL: the option takes none */
};
struct cmd_args {
	int		 argc;
	char		**argv;		/* the operands are moved to argv[1..], in order */
	int		 i;		/* the next word */
	bool		 dashes;	/* "--" seen: the rest are operands */
	int		 nops;		/* the operands read so far */
	const char	*val;		/* the value of the option just returned */
	int		 rc;		/* after CMD_ARGS_STOP: the exit status */
};
#define CMD_ARGS(argc, argv)	((struct cmd_args){ .argc = (argc), .argv = (argv), .i = 1 })
#define CMD_ARGS_DONE	(-1)	/* every word read */
#define CMD_ARGS_STOP	(-2)	/* the usage shown: return a.rc (0 for --help, 2 for an error) */
/* The next option, its index in OPTS (ended by a NULL name); the operands
 * are set aside as they come. */
int		 cmd_args_next(const struct cmd_entry *, const struct cmd_opt *opts,
		     struct cmd_args *a);

/* datadir.c */

/*
 * The directory holding the tile set files (base.yaml, ...): $CARCREF_DATA if
 * set; else <directory of the running binary>/rules/tiles when that holds
 * base.yaml (running from the build tree); else the installed
 * CARCREF_DATADIR.  The string is static.
 */
const char	*cmd_datadir(void);
/* The shipped tile files compiled in (made by tools/tilepack at build
 * time: .build/VARIANT/gen/tilepacks.c), cmd_ntilepacks of them; main
 * hands them to cr_tileset_packs. */
extern const struct cr_tilepack cmd_tilepacks[];
extern const int cmd_ntilepacks;
/* Where the message catalogues are (CARCREF_LOCALEDIR, the build tree's
 * .build/locale next to the binary, or the installed one). */
const char	*cmd_localedir(void);

/*
 * Read the whole of PATH ("-" for standard input) into a malloc'd buffer with
 * a NUL after the last byte; *LEN (if LEN is not NULL) gets the length, not
 * counting the NUL.  On failure returns NULL and puts a message naming the
 * file into ERR (ERRLEN bytes), errno set.  What it reads is YAML text (a
 * record, a tile file), which never holds a NUL byte: it is refused at
 * once at its first one, named by line and column (errno EILSEQ), as
 * beyond NT_RECORD_MAX (EFBIG; a regular file's size is known from fstat
 * before anything is read).  cmd_read_to_nul stops at the first NUL byte
 * instead, the last byte it gives (a journal, whose reader then says what
 * it makes of it); cmd_read_bytes reads any file, NUL bytes and all.
 */
char		*cmd_read_file(const char *path, size_t *len, char *err,
		     size_t errlen);
char		*cmd_read_to_nul(const char *path, size_t *len, char *err,
		     size_t errlen);
char		*cmd_read_bytes(const char *path, size_t *len, char *err,
		     size_t errlen);

/*
 * file.c: replacing a user's file safely, through a temporary file made
 * with mkstemp in its directory, synced, then renamed over it.
 */
struct cmd_out;
/* Start replacing PATH: refuse (NULL, *err malloc'd, naming PATH) a file
 * the user could not write: no write permission bit at all (e.g. 0444,
 * refused even for root) or access(W_OK) fails; a directory; a path whose
 * directory is not writable.  A symlink is followed: its target is
 * replaced, the link kept.  A PATH that is not a regular file (a device,
 * a FIFO, /dev/stdout) is written in place, never replaced. */
struct cmd_out	*cmd_out_open(const char *path, char **err);
/* Append N bytes; false on an I/O error (remembered: commit then fails). */
bool		 cmd_out_write(struct cmd_out *o, const void *buf, size_t n);
/* fsync, give the file PATH's old mode (new file: 0666 & ~umask) and its
 * owner and group where permitted (ignore EPERM), rename over PATH, fsync
 * the directory.  False with *err naming PATH (never the temporary file);
 * PATH is then as it was and the temporary file is removed (but for a
 * failed sync of the directory, after the rename: the message says so).
 * Frees o. */
bool		 cmd_out_commit(struct cmd_out *o, char **err);
/* Drop everything: PATH untouched, temporary file removed.  Frees o. */
void		 cmd_out_abort(struct cmd_out *o);
/* The whole of TEXT through the above. */
bool		 cmd_write_atomic(const char *path, const char *text, size_t len,
		     char **err);
/* Guard the file DEV, INO: cmd_out_open refuses it, whatever path names
 * it, with a message saying it is WHAT ("the journal of the game in
 * play").  One file at a time; WHAT NULL: none. */
void		 cmd_out_guard(const char *what, dev_t dev, ino_t ino);
/* Fence the directories DIRS (NULL-ended: the state directory first,
 * then its games/ and locks/, named in messages for their files), each
 * with every directory in it: cmd_out_open refuses to make a file there
 * or to write over one, whatever path names it (a symlink, .., a hard
 * link elsewhere, /dev/fd/N).  NULL: none. */
void		 cmd_out_fence(const char *const *dirs);
/* cmd_write_atomic for carcref's own files (a journal, a tile kept in
 * hand): the guard and the fence let it pass. */
bool		 cmd_write_own(const char *path, const char *text, size_t len,
		     char **err);
/* Move the file PATH aside, to PATH.TAG (PATH.TAG-2... if taken), never
 * over another file: a user's file is never deleted.  The new name,
 * malloc'd; NULL with *err naming PATH. */
char		*cmd_set_aside(const char *path, const char *tag, char **err);
/* The same, PATH left in place: PATH.TAG is a hard link to it, or where
 * there are none a copy (a new file, synced).  Replacing PATH afterwards
 * (cmd_write_own) leaves PATH.TAG as PATH was. */
char		*cmd_keep_aside(const char *path, const char *tag, char **err);

/* cmd-tiles.c: the search by what a tile shows, for the REPL's find and
 * completion.  The options (--edges, the modules' filters, --set; NULL
 * after the last); whether S is four edge letters, clockwise (the kinds'
 * letters: C city; any case), each edge's kind into edges; the rotations
 * at which a type shows those edges N, E, S, W, a bit each. */
const char *const *cmd_tiles_options(void);	/* NULL-ended */
/* tiles' usage, its options the modules' filters among them. */
const char	*cmd_tiles_usage(void);
bool		 cmd_tiles_edges(const struct cr_tileset *ts, const char *s, int edges[CR_NDIRS]);
unsigned	 cmd_tiles_rots(const struct cr_tiletype *t, const int edges[CR_NDIRS]);
/* The REPL's find (its words argv[1..argc)), among the tiles of game g:
 * 0, or -1 refused (said). */
int		 cmd_tiles_find(const struct cr_tileset *ts, const struct cr_game *g, int argc,
		     char **argv);

/* setup.c: the base tile set, loaded once; NULL (message printed) on failure. */
const struct cr_tileset *cmd_tileset(void);
/* The shipped sets with own in place of the shipped set of its name,
 * merged: 0 passes, 1 a module's check of its data against the other
 * sets failed (err), -1 a shipped file could not be read (said). */
int		 cmd_tileset_with(const struct cr_tileset *own, struct cr_error *err);
/* Module e's shipped tile file's text (cr_ext.tiles), read once and kept;
 * NULL with msg when it cannot be read. */
const char *cmd_tiles_text(int e, size_t *len, char *msg, size_t size);

/* render.c: a word of the rules (a feature "city", a piece "big-knight",
 * goods "wine", a mark "hill") in the user's language; w itself if it has
 * no translation, "?" for NULL.  What records hold stays English: this
 * is for what people read. */
const char	*cmd_word(const char *w);

/* render.c: the kinds a piece stands on, in the order a spot is searched
 * for a feature (explain X,Y:SPOT, board --feature): roads, cities,
 * cloisters, land (a field) last; into out (CR_MAXKINDS), how many. */
int		 cmd_feature_kinds(int *out);

/* render.c: a tile as a 5x5 grid, a character a cell (the board map),
 * and in seg (unless NULL) the segment of the tile type each cell shows,
 * -1 for none; a row of it, two characters a cell. */
void		 cmd_render_tile(const struct cr_tileset *, int type, int rot,
		     char grid[5][5], int seg[5][5]);
void		 cmd_render_row(FILE *f, char grid[5][5], int row);

/*
 * render.c: a tile's picture for people, CMD_PIC_H lines of CMD_PIC_W
 * characters (7 cells a side, two characters a cell): cities, fields,
 * roads and rivers, separate cities kept apart by a blank, and a mark
 * for each cloister, village, house, pennant, inn, goods, hill... (the
 * key: cmd_print_legend).  Returns the key's entries it used, a bit each.
 */
#define CMD_WIDTH	80	/* columns every line printed fits in */
#define CMD_PIC_CELLS	7
#define CMD_PIC_W	(2 * CMD_PIC_CELLS)
#define CMD_PIC_H	CMD_PIC_CELLS
/* The kinds of line a tile type shows, the lowest layer first (rivers
 * under roads: cr_kinddef.layer), into out; how many.  And the land its
 * blank ground is: its own, else the first kind of land. */
int		 cmd_line_kinds(const struct cr_tiletype *t, int *out);
int		 cmd_ground(const struct cr_tiletype *t);
uint64_t	 cmd_picture(const struct cr_tileset *, int type, int rot,
		     char pic[CMD_PIC_H][CMD_PIC_W + 1]);
/* The pictures of a type in rotations rots[0..n), side by side as many as
 * fit in CMD_WIDTH columns (then the next ones below), each under
 * "rotation DEG" if titles; no blanks end a line.  Returns the key's
 * entries used. */
uint64_t	 cmd_print_rotations(FILE *f, const struct cr_tileset *, int type,
		     const int *rots, int n, bool titles);
/* The key to the pictures: its entries in used (a bit each), wrapped to
 * CMD_WIDTH columns. */
void		 cmd_print_legend(FILE *f, uint64_t used);
/* board.c: the pieces of g's modules, those standing (on what is not
 * land) or those lying, by name in the reader's language, joined by
 * commas and last ("thief, knight or monk"); meeples: the followers
 * drawn as a meeple only (no shape of their own, counting 1).  Malloc'd,
 * NULL for none or out of memory. */
char		*cmd_piece_list(const struct cr_game *g, bool lying, bool meeples,
		     const char *last);
/* Every entry of the key of game r's pictures (cr_games[r]), a bit each. */
uint64_t	 cmd_legend_game(int r);
/* HEAD, then the N items separated by commas, a line, wrapped to
 * CMD_WIDTH columns (the lines after the first indented). */
void		 cmd_print_list(FILE *f, const char *head, const char *const *item, int n);

/* ranking.c: the players of game g (of pg's game) ranked by points
 * under a title line; tied players share a rank, turn order breaks the
 * tie.  What the game adds to a player's line follows the score. */
struct play_game;
struct nt_game;
void		 cmd_print_ranking(const struct play_game *pg, const void *g,
		     const char *const *names, const char *title);
/* ranking.c: move i of game g (of row gm), canonical, malloc'd (NULL if
 * out of memory). */
char		*cmd_move_line(const struct nt_game *gm, const void *g, int i);

/*
 * strf.c: formatted text of any length, malloc'd (NULL only when memory
 * runs out).  cmd_seterr replaces *err (freed first, if set) with such a
 * message: the convention for errors that name a user's file or words is
 * a `char **err` the caller frees, never a fixed-size buffer.
 */
/* A file a record at path names (name): as it is when absolute or the
 * record has no directory (standard input: the current one), else in the
 * record's directory; malloc'd, NULL if out of memory. */
char		*cmd_beside(const char *path, const char *name);
/* path from the root: as it is, or after the current directory;
 * malloc'd, NULL if out of memory (or no current directory). */
char		*cmd_absolute(const char *path);
char		*cmd_strf(const char *fmt, ...)
		    __attribute__((format(printf, 1, 2)));
char		*cmd_vstrf(const char *fmt, va_list ap);
/* strf.c: cmd_strf(fmt, s) for a fmt of one "%s", spliced without printf. */
char		*cmd_strf_s(const char *fmt, const char *s);
void		 cmd_seterr(char **err, const char *fmt, ...)
		    __attribute__((format(printf, 2, 3)));

/* ranking.c: an illegal move of a record, as every command words it:
 * "FILE:LINE:COLUMN: move N: RULE" on standard error. */
struct nt_replay_error;
void		 cmd_print_refused(const char *path, const struct nt_replay_error *err);

/*
 * out.c: every line carcref prints.  Control characters (C0 but the
 * newline, DEL, C1), invisible characters (format characters and
 * default-ignorable code points: nt_char_invisible) and bytes that are
 * not UTF-8 go out as visible escapes (\x1b, \u200b), whatever their
 * source: a record cannot drive the terminal, nor hide a character.
 * outf prints to standard output, errf to standard error (after flushing
 * standard output, so the order holds).  out_raw is the one way around,
 * for carcref's own colours.  out_path is a file name for a message, its
 * newlines escaped too (\x0a); it stays valid until eight more are made.
 * out_width is the columns what out_write prints for S takes on a
 * terminal (an escape its length, a combining mark none, a wide CJK
 * character two), out_nwidth the same for S's first N bytes; out_pad
 * prints S and spaces up to WIDTH columns.
 */
void		 out_write(FILE *f, const char *s, size_t n);
void		 out_raw(FILE *f, const char *s);
char		*out_escape(const char *s);	/* the same as a string, malloc'd */
const char	*out_path(const char *path);
int		 out_vprintf(FILE *f, const char *fmt, va_list ap);
int		 out_printf(FILE *f, const char *fmt, ...)
		    __attribute__((format(printf, 2, 3)));
int		 outf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int		 errf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int		 out_width(const char *s);
int		 out_nwidth(const char *s, size_t n);
void		 out_pad(FILE *f, const char *s, int width);

/* json.c: a JSON string literal, escaped. */
void		 cmd_json_str(FILE *f, const char *s);

#endif
