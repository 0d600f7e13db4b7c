/*
 * game.h -- the game layer: what a game of the family tells notation/
 * and the commands, and the registry of games.
 *
 * A game is one `struct nt_game` (its row) in a file of its own (the tile
 * game's: notation/tile.c), listed once in the registry (notation/
 * games.c).  A record's `game:` picks the row (a record without one is
 * the first row's, the tile game's); `play --game NAME` and `selfplay
 * --game NAME` pick it by name.  Everything generic -- the record
 * envelope (format, game, players, moves, comments), replay, fmt, the
 * journal, the REPL's session -- asks the row and never names a game.
 * What a game shows at the table (its REPL commands, prompt, hand,
 * completion, JSON fields, selfplay) is its row's twin on the cmd floor,
 * `struct play_game` (cmd/game.h), which points back at this row.
 *
 * The header.  The envelope reads format, game, players and moves, and
 * keeps every other top-level key as a raw field (struct nt_field: the
 * key, its value as a single value or as its YAML source, and where it
 * is).  A key no game takes is refused at once; a key of another game
 * is refused once the record's game is known, naming the keys that game
 * takes.  The row reads each field (header_field), with errors at the
 * line and column of the value, as soon as the record's game is known
 * (before a game: key, the default game is assumed for the keys it
 * takes, and the fields are read again if game: names another):
 * `edition` and `expansions` into the record's own members, by each row
 * that takes them (the tile game: edition 1 to 3 and the modules of
 * rules/ext.h), anything else into r->cfg, the row's to free.  The row writes its keys back one at a time
 * in its canonical order (keys[], where "players" marks the envelope's
 * players list), so that fmt can put each key's comments around it; a
 * key the record lacks may be left out.  The envelope checks the players
 * against the row's maxrecord.  Once the record's game is known, a
 * refusal of the record (move 0) carries the row's header_kind for JSON,
 * unless header_field gave one of its own ("data-check").
 *
 * The game.  The engine's state is the row's own, an opaque pointer,
 * made from the header and the game's world: the data cmd/ loads for it
 * (the tile game: the tile set of every module, cmd_tileset), given to
 * create and canon.  Moves are whole turns, numbered from 0 here and
 * from 1 in records and messages; play applies one turn line whole or
 * refuses it with its column, its sentence and, for JSON, its kind (NULL
 * for a game whose refusals have none); undo takes back whole moves.
 * Each move makes events, each seen through struct nt_event (whose move,
 * final or not, its label and name, what it paid each player), with its
 * full account (text) and its arithmetic beside each player's amount
 * (JSON's why).
 *
 * Invariants: a row never prints or reads a file; a refused line leaves
 * the game as it was; undo after play gives back the same state; every
 * hook of a row that is ready (nt_game_ready) is set, the others being
 * NULL when the game is only named (a game of the family not refereed
 * yet: a record that names it is refused as "not supported yet").
 * Speed: a replay costs one indirect call per turn, never per feature.
 */
#ifndef NT_GAME_H
#define NT_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "../rules/tileset.h"	/* struct cr_error */

struct cr_event;

struct nt_record;
struct nt_emit;			/* record-int.h: where a writer's text goes */
struct nt_replay_error;		/* record.h */

#define NT_MAXPLAYERS	8	/* in any record: the most any game takes */
#define NT_MAXFIELDS	8	/* raw header fields a record may hold */

/* The shape of a raw field's value. */
enum nt_shape { NT_SCALAR, NT_LIST, NT_MAP };

/* A top-level key the envelope does not read, kept for the game. */
struct nt_field {
	const char	*key;		/* as the registry's key table spells it */
	char		*text;		/* NT_SCALAR: the value (a null value is "");
					 * else the value's YAML source, as written */
	enum nt_shape	 shape;
	bool		 null;		/* a null value: nothing, ~ or null */
	int		 line, column;	/* of the value, 1-based */
	int		 key_line, key_column;
};

/* A refusal of a turn line: its column in the line (1-based), its kind
 * for JSON, the sentence.  A game whose refusals have no kind leaves kind
 * as the caller set it (NULL). */
struct nt_line_error {
	int		 column;
	const char	*kind;
	char		 msg[512];
};

/* An event as every command shows it. */
struct nt_event {
	int		 move;		/* 1-based: the move that made it */
	bool		 final;		/* made by the final scoring */
	int		 player;	/* who made the move */
	const char	*label;		/* what it scored, English: JSON's "feature" */
	const char	*name;		/* the same in the reader's language */
	unsigned	 paid;		/* a bit per player named in "points" */
	int		 points[NT_MAXPLAYERS];	/* what each of them got */
};

/*
 * A share of what an event paid one player, for the points by category
 * (carcref report, replay --json's "by_category", stats): the category
 * the event counts under, or an extra inside it (an inn's share of a
 * road's points, a pig's of a farm's).
 */
struct nt_part {
	const char	*label;		/* English: JSON's key ("road", "inn") */
	const char	*name;		/* the same in the reader's language */
	int		 rank;		/* where it stands among its game's categories
					 * (or its category's extras): lower first */
	int		 points;	/* its share; an extra's may be below 0 (what
					 * it took away: an unfinished road with an
					 * inn pays nothing) */
};
#define NT_MAXPARTS	8	/* a category and its extras, in one event */

/* A comment inside a header key's line or value, for a row that puts
 * them itself (write_key_notes): its bytes from '#' to the end of its
 * line (in the record's text), its line in the record, and whether it
 * ends a line that holds more (else it is a line of its own). */
struct nt_note {
	const char	*text;
	size_t		 len;
	int		 line;
	bool		 trailing;
};

/* A move made canonical without playing it (fmt). */
struct nt_canon {
	bool		 blank;		/* only blanks or a comment */
	bool		 end;		/* the move that ends the game: none may follow */
	const char	*player;	/* its PLAYER: prefix, in the line, or NULL */
	size_t		 player_len;
};

struct nt_game {
	const char	*name;		/* as records write it (game:) */
	const char	*title;		/* for people, N_() */
	const char	*the;		/* in a sentence, N_(): "the tile game" */
	/* The header keys it takes after format and game, in the order the
	 * canonical header writes them, "players" among them. */
	const char	*const *keys;
	int		 nkeys;
	int		 minplayers, maxplayers;	/* at the table (play, selfplay) */
	int		 maxrecord;	/* players a record may name (1 at least) */
	/* The kind (JSON's) of a refusal of the record itself once its
	 * game is known (move 0), unless header_field gave one: "header";
	 * NULL for a game whose refusals have none. */
	const char	*header_kind;
	/* Its keys that no other game takes are refused in another game's
	 * record as its own ("\"tiles\" is a key of NAME records only", kind
	 * header), not as unknown keys. */
	bool		 keys_own;

	/* ---- the header ---- */
	/* Set r's header to the game's defaults (edition, r->cfg), before
	 * its fields are read. */
	void	(*header_start)(struct nt_record *r);
	/* Read field f (a key the game takes) into r: edition,
	 * expansions, r->cfg.  0, or -1 with err at the value at fault
	 * (err->kind: its kind, if other than header_kind). */
	int	(*header_field)(struct nt_record *r, const struct nt_field *f,
		    struct cr_error *err);
	/* Free r->cfg; NULL if the game keeps nothing there. */
	void	(*header_free)(struct nt_record *r);
	/* Write key keys[k] (never "players") and its value, without the
	 * last newline: "edition: 3"; false, nothing written, when r has
	 * no value for it (a key that may be left out). */
	bool	(*write_key)(const struct nt_emit *o, const struct nt_record *r, int k);
	/* The header for people, in the reader's language: "edition 3".
	 * As snprintf returns. */
	int	(*describe)(const struct nt_record *r, char *buf, size_t size);

	/* ---- the game ---- */
	/* A new game from the header, on world; NULL with err (move 0). */
	void	*(*create)(const void *world, const struct nt_record *r,
		    struct nt_replay_error *err);
	/* Start again from the header, on world, reusing g's memory (batch
	 * replays: the world is the one of r, maybe not g's last). */
	bool	(*restart)(void *g, const void *world, const struct nt_record *r,
		    struct nt_replay_error *err);
	void	(*free)(void *g);
	/* Keep what undo needs (on, the default) or not (checking, selfplay). */
	void	(*set_undo)(void *g, bool on);
	/* Play one turn line of len bytes; player: the record's mapping
	 * form ("- Anna: ..."), else NULL; lens: the names' lengths, or
	 * NULL (not measured).  0, or -1 with err, g unchanged. */
	int	(*play)(void *g, const char *const *names, const size_t *lens, const char *line,
		    size_t len, const char *player, struct nt_line_error *err);
	/* Take back the last n moves (n at most nmoves). */
	void	(*undo)(void *g, int n);
	int	(*nplayers)(const void *g);
	int	(*nmoves)(const void *g);
	int	(*move_player)(const void *g, int i);
	/* Move i, canonical, no player prefix; as snprintf returns. */
	int	(*format_move)(const void *g, int i, char *buf, size_t size);
	int	(*turn)(const void *g);		/* the player to move */
	bool	(*over)(const void *g);
	int	(*score)(const void *g, int player);
	int	(*nevents)(const void *g);
	void	(*event)(const void *g, int i, struct nt_event *ev);
	/* Event i's whole account ("completed road of 3 tiles: 3 to Anna"),
	 * and its arithmetic beside each player's amount (JSON's why); in
	 * the reader's language, as snprintf returns. */
	int	(*event_explain)(const void *g, int i, const char *const *names, char *buf,
		    size_t size);
	int	(*event_why)(const void *g, int i, const char *const *names, char *buf,
		    size_t size);

	/* ---- fmt ---- */
	/* The canonical text of turn line (len bytes), no player prefix, as
	 * snprintf returns into buf; or -1 with err (its column in the
	 * line).  Needs no game: the world and the header are enough. */
	int	(*canon)(const void *world, const struct nt_record *r, const char *line,
		    size_t len, struct nt_canon *c, char *buf, size_t size,
		    struct nt_line_error *err);
	/* Issue 21: a game whose lines may leave out what the game decides
	 * (the Plague's forced choices), which fmt writes as the game keeps
	 * the move.  canon_game: a game from the header on which fmt plays
	 * the moves as it reads them, NULL when canon alone writes them
	 * (the sets in play leave nothing out) or it cannot be made;
	 * freed by free.  canon_played: the canonical text of the move just
	 * played on it (play) from line, as canon writes it, as snprintf
	 * returns.  A move refused there: fmt writes canon's text, and
	 * plays no more.  NULL: none. */
	void	*(*canon_game)(const void *world, const struct nt_record *r);
	int	(*canon_played)(const void *g, const void *world, const char *line, size_t len,
		    char *buf, size_t size);

	/* ---- optional (NULL: none) ---- */
	/* Make r's header name all that g is played with, so that a record
	 * written from it (the journal, save) replays the same anywhere:
	 * data it had from elsewhere, written inline.  1 when r changed, 0 when
	 * it named all already, -1 out of memory (r then as it was). */
	int	(*header_own)(struct nt_record *r, const void *g);
	/* Event i's points for player p (a player it paid, ev.paid) in
	 * parts: parts[0] is its category, whose label is the event's own
	 * (nt_event's label and name) with the share its plain price pays,
	 * then each extra inside that category with its share (at most max
	 * parts in all).  The parts' points add up to what the event paid p
	 * (ev.points[p]).  Ranks order a game's
	 * categories the same way in every game of it (roads before cities),
	 * and the extras within one.  How many parts (1 at least).  NULL:
	 * the event's label alone, its categories in the order they first
	 * scored. */
	int	(*event_parts)(const void *g, int i, int p, struct nt_part *parts, int max);
	/* Is move i written back (the journal, save) with its player's
	 * prefix, "- \"Anna: ...\"" (a move the rules give its player out of
	 * turn: Hunters & Gatherers' bonus line)?  NULL: never. */
	bool	(*move_prefixed)(const void *g, int i);
	/* write_key for fmt, with the comments of the key's line and value
	 * (n notes, in the order of the text), each put by what it stands
	 * by (a type in a tile set), none after the last line: fmt ends it.
	 * NULL: write_key, the comments joined after the key's last line. */
	bool	(*write_key_notes)(const struct nt_emit *o, const struct nt_record *r, int k,
		    const struct nt_note *notes, int n);
	/* An event of the game's modules in the game's own words, where
	 * its kinds' (struct cr_kinddef) cannot say it (explain.c: the
	 * arithmetic, "meadow with 3 deer, 1 tiger (1 deer eaten): 2 x 2"),
	 * as snprintf returns into buf (never NULL), or -1 for the kinds'
	 * words; names the players
	 * (NULL: unknown).  And always, in *role, the piece whose number
	 * makes the event's majority, said after it ("(2 huts)"): 0 the
	 * kind's, -1 none said.  NULL: the kinds' words, the kind's pieces. */
	int	(*event_words)(const struct cr_event *ev, const char *const *names, int *role,
		    char *buf, size_t size);

	/* ---- its keys from its modules' tables (issue 21: the tile game's
	 * sets' own keys, rules/ext.h: cr_ext.record_keys) ----
	 * keys_init: fills keys[] (its NULL slots, which every reader of
	 * keys skips) once, before any is read (nt_game_keys_ready).
	 * header_end: after every field is read, the checks between keys
	 * (a key valid only with an expansion named); 0, or -1 with err.
	 * NULL: none. */
	void	(*keys_init)(void);
	int	(*header_end)(const struct nt_record *r, struct cr_error *err);
};

/* The registry (games.c): every game of the family, the default (the
 * tile game) first; how many. */
extern const struct nt_game *const nt_games[];
extern const int nt_ngames;

/* The game called name (len bytes; exact, as records write it), or NULL. */
const struct nt_game *nt_game_find(const char *name, size_t len);
/* Is the game refereed (its hooks set), or only named? */
static inline bool
nt_game_ready(const struct nt_game *g)
{
	return g != NULL && g->play != NULL;
}
/* The names of the games refereed, separated by ", ", into buf (as
 * snprintf returns). */
int	nt_game_names(char *buf, size_t size);
/* The game of record r: its game: key's, or the default's. */
const struct nt_game *nt_record_game(const struct nt_record *r);

/*
 * The header keys of every game, numbered once (after the envelope's:
 * NT_K_FORMAT, NT_K_GAME, NT_K_PLAYERS, NT_K_MOVES): each key's slot,
 * which fmt keeps its comments under.  -1 for a key no game takes.
 */
int	nt_key_slot(const char *key, size_t len);
/* The key of a slot (NULL for none). */
const char *nt_key_name(int slot);
/* Does game g take key k (len bytes)?  Its index in g->keys, or -1.
 * nt_game_takes: the same for a field's key (a NUL-terminated word of
 * the key table). */
int	nt_game_key(const struct nt_game *g, const char *k, size_t len);
int	nt_game_takes(const struct nt_game *g, const char *key);
/* "format, game, edition, expansions, players": the keys g takes but
 * the last, which is always "moves", for the messages that list them;
 * as snprintf returns. */
int	nt_game_keylist(const struct nt_game *g, char *buf, size_t size);
/* Every game's keys filled (nt_game.keys_init): before keys[] is read;
 * a NULL key in keys[] is none. */
void	nt_game_keys_ready(void);

/*
 * Reading a raw field, with the envelope's words when its shape is not
 * the one wanted ("\"edition\" must be a single value, not a list").
 * nt_field_scalar: 0 if it is one.  nt_field_list: each entry of a list
 * (a null value is an empty list), a single value each, given to item()
 * with its line and column (value: its len bytes, not NUL-ended); 0,
 * item's non-zero return, or -1 with err.
 */
int	nt_field_scalar(const struct nt_field *f, struct cr_error *err);
int	nt_field_list(const struct nt_field *f,
	    int (*item)(void *arg, const char *value, size_t len, int line, int column,
	    struct cr_error *err), void *arg, struct cr_error *err);
/* An error at the value of f (err's line and column), as printf. */
int	nt_field_fail(const struct nt_field *f, struct cr_error *err, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* The field of r named key, NULL if r has none. */
const struct nt_field *nt_record_field(const struct nt_record *r, const char *key);

/*
 * Replay r's moves on g (made by r's row from its header on world, or
 * restarted from it): true if every move was legal; else err (the move,
 * its line and column, the sentence and kind) and g stands before the
 * move refused.
 */
bool	nt_game_replay(const struct nt_game *gm, void *g, const void *world,
	    const struct nt_record *r, struct nt_replay_error *err);

/*
 * The canonical text of a record: the header, then each move of g (a
 * game of r's row; NULL: none, "moves: []").  malloc'd; NULL if out of
 * memory.
 */
char	*nt_record_text(const struct nt_record *r, const void *g);

/* For fmt: the world of a game for the record whose header is hdr (the
 * data it names: a file beside it), as the caller (cmd/) has it; NULL if
 * it cannot be had (the caller said why). */
struct nt_worlds {
	const void	*(*get)(void *arg, const struct nt_game *g, const struct nt_record *hdr);
	void		*arg;
};

#endif
