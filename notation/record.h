/*
 * record.h -- game records (YAML, see carcref-notation(5)), read and
 * written: the envelope every game shares (format, game, players, moves,
 * comments; the other keys kept as raw fields for the game's row to
 * read, notation/game.h).  The tile game's own record functions
 * (replayed onto a struct cr_game, its moves written from struct
 * cr_move) are in tile.h, included at the end for their callers.
 */
#ifndef NT_RECORD_H
#define NT_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../rules/tileset.h"	/* struct cr_error */
#include "game.h"

struct nt_player {
	char	*name;
	char	*color;		/* NULL if not given */
};

struct nt_recmove {
	char	*text;		/* the turn line, without player when given as a mapping */
	char	*player;	/* from the mapping form "- Anna: U 0,1 0", else NULL */
	int	line, column;	/* of the text's first byte in the file, 1-based */
	int	end_line, end_column;	/* just after the scalar */
	size_t	len;		/* strlen(text), kept (the readers set it) */
};

/*
 * The largest record read, in bytes: larger ones are refused with a
 * message before anything is parsed.  It keeps every line and column
 * inside an int, and is far beyond any real game.
 */
#define NT_RECORD_MAX	(1 << 30)

struct nt_record {
	char	*game;		/* the game: key's value, or the default game's name */
	const struct nt_game *row;	/* its row (NULL: the default game's) */
	/* Editions and expansions, as the game's row reads its keys (the
	 * tile game: 1..3, the modules of rules/ext.h beyond the base). */
	int	edition;
	char	**expansions;
	int	nexpansions;
	uint32_t xread;		/* the row's: modules of the expansions read so far */
	bool	xknown;		/* xread is every expansion's, the header read (nt_record_exts) */
	uint32_t xstatic;	/* bit i: expansions[i] is its module's own name, not freed */
	struct nt_player *players;
	int	nplayers;
	struct nt_recmove *moves;
	int	nmoves;
	char	*arena;		/* if set, every move's text lies in it (fast path) */
	/* The other keys, raw, in the order of the text; and what the row
	 * read from them beyond edition and expansions (its to free). */
	struct nt_field field[NT_MAXFIELDS];
	int	nfields;
	void	*cfg;
	bool	read;		/* the row has read the fields */
};

/* Parse a record.  0, or -1 with err (line, column, message); *r is then empty. */
int	nt_record_parse(struct nt_record *r, const char *text, size_t len,
	    struct cr_error *err);
void	nt_record_free(struct nt_record *r);

/*
 * The same through libyaml alone, and the fast path alone (1 read, 0 not
 * its shape).  nt_record_parse tries the fast path, then libyaml; these
 * are for tests that hold the two to the same answers.
 */
int	nt_record_parse_yaml(struct nt_record *r, const char *text, size_t len,
	    struct cr_error *err);
int	nt__record_parse_fast(struct nt_record *r, const char *text, size_t len);

/*
 * Read the fields of r with its game's row (nt_game header), once: the
 * readers do it; fmt does it before its first move.  0, or -1 with err.
 */
int	nt__record_header(struct nt_record *r, struct cr_error *err);

/*
 * The canonical form of the record TEXT with its comments kept (carcref
 * fmt; the rules for where each comment goes are in record-fmt.c and
 * carcref-notation(5)).  The text goes to put(arg, bytes, n) in pieces,
 * in order; reset(arg) says everything put so far is to be thrown away
 * (the text is read a second time).  Memory is in proportion to one
 * move, never to the record.  0, or -1 with err (a record that cannot be
 * read: move 0; a move that does not parse: its number, line and column);
 * what was put is then to be thrown away.  worlds gives each game's world
 * (game.h), which its moves are read with.
 */
struct nt_fmt_error {
	int	move;
	int	line, column;
	char	msg[256];
};
int	nt_record_fmt_with(const char *text, size_t len, const struct nt_worlds *worlds,
	    void (*put)(void *, const char *, size_t), void (*reset)(void *), void *arg,
	    struct nt_fmt_error *err);

/* Where and why a replay stopped. */
struct nt_replay_error {
	int	move;		/* 1-based index in moves */
	int	line, column;
	char	msg[512];
	const char *kind;	/* the refusal's kind for JSON, NULL if none */
};

/* Two names the same to people (names.c): equal after Unicode's full case
 * folding (Zoé = ZOÉ, ß = SS, ς = σ) and compatibility normalisation
 * (NFKC: é precomposed or e and a combining accent, fullwidth Ａ and A,
 * the ﬁ ligature and fi), whatever invisible characters they hold
 * (nt_char_invisible), white space of any kind as one space, none at
 * either end. */
bool	nt_name_eq(const char *a, size_t na, const char *b, size_t nb);
/* Whether s (n bytes) may be a player's name: UTF-8, on one line, no ":"
 * or "#", no white space of any kind (a no-break space...) at either end,
 * invisible characters aside; something that shows by itself (a letter,
 * a number, a symbol or a punctuation mark: not only combining marks,
 * controls or invisible characters), and no combining mark first (it
 * would land on what is printed before the name).  nt_name_fault says
 * why not: an English message (translate it with _()), NULL if it may. */
bool	nt_name_valid(const char *s, size_t n);
const char *nt_name_fault(const char *s, size_t n);
/* The white space of any kind at the ends of s (n bytes) left out, with
 * the invisible characters among it: the offset of what is left, and its
 * length in *n ("\u3000Anna\u00a0" is "Anna"). */
size_t	nt_trim_space(const char *s, size_t *n);
/* Whether code point c shows nothing: a format character (Unicode
 * category Cf: zero-width space and joiners, bidi marks and overrides,
 * the soft hyphen, the byte-order mark) or a default-ignorable code point
 * (the combining grapheme joiner, the Hangul fillers, variation
 * selectors, tags). */
bool	nt_char_invisible(uint32_t c);
/* Name s (n bytes) in small ASCII letters and digits, at most max of
 * them into out (no NUL): letters with accents as their base letter (Léa
 * lea), ß ss, æ ae, ø o, œ oe, þ th, Greek and Cyrillic transliterated
 * (Ёлка elka); other characters (signs, spaces, other scripts) are left
 * out.  Its length. */
size_t	nt_name_ascii(const char *s, size_t n, char *out, size_t max);
/* The character at s (n bytes left), its simple small letter for a
 * capital (for what compares one character at a time), its length in *len (a byte that is no UTF-8
 * is one character of its own). */
uint32_t nt_name_char(const char *s, size_t n, size_t *len);
/* The next letter of name s (n bytes) from byte *i on that has a case:
 * its capital and small forms, UTF-8, in up and low, and *i past it;
 * false when none is left (Émile gives É and é; digits are passed by). */
bool	nt_name_letter(const char *s, size_t n, size_t *i, char up[5], char low[5]);
/* Index of a player by name (nt_name_eq), -1 if none. */
int	nt_record_player(const struct nt_record *r, const char *name, size_t len);

#include "tile.h"

#endif
