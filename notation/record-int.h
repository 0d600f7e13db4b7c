/*
 * record-int.h -- what the record readers (record.c: libyaml,
 * record-fast.c: the fast path) share with the comment-keeping writer
 * (record-fmt.c).  Not part of the public API.
 *
 * Both readers report every scalar of the text as they meet it: its
 * bytes and the item it belongs to (a header key, a player, a move).
 * Comments are what lies between scalars, so a comment is found by
 * looking at the gaps alone, whichever reader ran: the two can only
 * disagree on comments if they disagree on scalars, which the tests and
 * the fuzzers hold them to.
 */
#ifndef NT_RECORD_INT_H
#define NT_RECORD_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"

/*
 * Header keys: the envelope's, then every game's own from NT_K_FIELD on,
 * numbered once over the registry (nt_key_slot): an item's index.
 */
#define NT_MAXKEYS	12	/* keys of the games, all of them together */
enum { NT_K_FORMAT, NT_K_GAME, NT_K_PLAYERS, NT_K_MOVES, NT_K_FIELD,
    NT_NKEYS = NT_K_FIELD + NT_MAXKEYS };

/* What a scalar belongs to. */
enum nt_item_kind { NT_IT_KEY, NT_IT_PLAYER, NT_IT_MOVE };
struct nt_item {
	int	kind;		/* enum nt_item_kind */
	int	index;		/* NT_K_* for a key, else the player's or move's index */
};

/*
 * A reader's listener.  With one, moves are handed to it rather than
 * kept in the record (r->nmoves still counts them), so a record of any
 * size is read in memory for its text alone.  A non-zero return from a
 * callback stops the read; the reader returns -1 with err->msg empty.
 */
struct nt_listen {
	void	*arg;
	/* Each scalar, in text order: bytes [off, end) of the text,
	 * quotes included. */
	int	(*scalar)(void *arg, const struct nt_item *it, size_t off, size_t end);
	/* Each move, after its scalars: TEXT (LEN bytes, valid during the
	 * call), its player from the mapping form (or NULL), its place. */
	int	(*move)(void *arg, const struct nt_recmove *m, size_t len);
};

int	nt__record_read_yaml(struct nt_record *r, const char *text, size_t len,
	    const struct nt_listen *l, struct cr_error *err);
/* 1 read, 0 not the fast path's shape (nothing kept, nothing more
 * reported: but what was reported before it gave up stands). */
int	nt__record_read_fast(struct nt_record *r, const char *text, size_t len,
	    const struct nt_listen *l);

/*
 * The length of the line break at p (before e) as libyaml reads breaks:
 * CR LF, CR, LF, NEL, LS, PS.  0 if none.
 */
static inline size_t
nt__brk(const char *p, const char *e)
{
	const unsigned char *u = (const unsigned char *)p;

	if (p >= e)
		return 0;
	if (u[0] == '\n')
		return 1;
	if (u[0] == '\r')
		return p + 1 < e && u[1] == '\n' ? 2 : 1;
	if (u[0] == 0xc2 && p + 1 < e && u[1] == 0x85)
		return 2;
	if (u[0] == 0xe2 && p + 2 < e && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9))
		return 3;
	return 0;
}

/*
 * The comments in text[a, b), a gap between two scalars (white space,
 * line breaks, YAML indicators and comments, nothing else): fn gets each
 * comment's bytes from its '#' to the end of its line, and whether it is
 * trailing (no line break lies between a and it).
 */
typedef int (*nt_comment_fn)(void *arg, size_t off, size_t len, bool trailing);
int	nt__gap_comments(const char *text, size_t a, size_t b, nt_comment_fn fn, void *arg);

/*
 * A move's own comment (from '#' in its text, N bytes) as one safe comment
 * line: what YAML would not read raw in a comment (a control, a line
 * break) written as its escape ("\n", "\x1b").  malloc'd; NULL if out of
 * memory.
 */
char	*nt__safe_note(const char *s, size_t n);

/* Where the writer sends text: put(arg, bytes, n). */
struct nt_emit {
	void	(*put)(void *arg, const char *s, size_t n);
	void	*arg;
};
void	nt__emitf(const struct nt_emit *o, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
static inline void
nt__emit(const struct nt_emit *o, const char *s, size_t n)
{
	o->put(o->arg, s, n);
}
/* A scalar, quoted and escaped unless plainly safe. */
void	nt__emit_scalar(const struct nt_emit *o, const char *s);
/* A scalar in double quotes, escaped as YAML needs. */
void	nt__emit_quoted(const struct nt_emit *o, const char *s);
/* The header lines (format, game, the game's keys and players), not
 * "moves:". */
void	nt__emit_header(const struct nt_emit *o, const struct nt_record *r);
/* A move's line after "  - ": TEXT, or "PLAYER: TEXT" quoted as YAML
 * needs it when player is not NULL. */
void	nt__emit_line(const struct nt_emit *o, const char *text, size_t len,
	    const char *player);
/* The players list, "players:" and a line each. */
void	nt__emit_players(const struct nt_emit *o, const struct nt_record *r);

/* A growing string, malloc'd: a sink for struct nt_emit (nomem: a put
 * failed, or one was given NULL). */
struct nt_sb {
	char	*s;
	size_t	n, cap;
	bool	nomem;
};
void	nt__sb_put(void *arg, const char *s, size_t n);

/* A raw field of the text being read, kept in r: the key's slot, its
 * value (a single value, or the source of a list or mapping, copied),
 * the value's and the key's places.  False if out of memory or r holds
 * NT_MAXFIELDS already. */
bool	nt__field_add(struct nt_record *r, int slot, enum nt_shape shape, bool null,
	    const char *text, size_t len, int line, int column, int key_line, int key_column);
/* Free what the game's row read from r's fields (edition, expansions,
 * r->cfg), the fields themselves kept. */
void	nt__header_reset(struct nt_record *r);
/* The same with text as it is, NUL-terminated: malloc'd, or in r's
 * arena (the fast path: every field's is then). */
bool	nt__field_keep(struct nt_record *r, int slot, enum nt_shape shape, bool null,
	    char *text, int line, int column, int key_line, int key_column);
/* What a YAML event is, as the messages say it ("a list"); for a
 * reader of libyaml events (yaml_event_t *). */
struct yaml_event_s;
const char *nt__event_what(const struct yaml_event_s *ev);
/* Are r's players as many as its game's records may name?  0, or -1
 * with err (its line and column 0: the reader puts its own). */
int	nt__record_players(const struct nt_record *r, struct cr_error *err);
/* The row's checks between keys once all are read (nt_game.header_end). */
int	nt__record_header_end(const struct nt_record *r, struct cr_error *err);
/* The field of r at slot, NULL if none. */
const struct nt_field *nt__field_at(const struct nt_record *r, int slot);

#endif
