/*
 * tileset.h -- tile types as data.
 *
 * A tile type is a list of segments (the pieces of features printed on
 * it), each holding a set of ports (see geom.h) at the canonical
 * orientation.  Segments on different tiles join when their ports touch
 * across an edge.  A set is read from YAML (rules/tiles/<name>.yaml) and
 * checked before use; nothing here prints or exits.
 */
#ifndef CR_TILESET_H
#define CR_TILESET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "geom.h"

/*
 * Kinds of feature are the modules' (rules/ext.h, struct cr_kinddef),
 * numbered over all modules: the base game's come first, with these
 * numbers, and the other modules' after them (cr_ext_kind).  A segment
 * and an edge hold a kind's number.
 */
enum cr_kind {
	CR_FIELD,
	CR_ROAD,
	CR_CITY,
	CR_CLOISTER,
	CR_BASEKINDS
};
#define CR_MAXKINDS	16	/* over all modules */
#define CR_MAXATTRS	32	/* attributes (rules/ext.h), over all modules */
#define CR_MAXENDS	16	/* ends of lines, over all modules, none included */
#define CR_MAXFILTERS	16	/* searches of tiles, over all modules */
#define CR_SEGVALUES	8	/* a segment's values of words and counts (rules/ext.h) */

/* How a line (a road, a river) ends inside the tile: the number of an
 * end of the modules' (rules/ext.h: struct cr_end, numbered from 1), or
 * none, for one with two edge ports, which runs through. */
#define CR_END_NONE	0

/* A tile's marks (cr_tiletype.marks) hold CR_MARK_BIT of each mark's
 * number: the modules' marks (rules/ext.h: CR_ATTR_MARK), in order. */
#define CR_MARK_BIT(m)	(1u << (m))

#define CR_MAXSEG	16	/* segments on one tile; a file with more is refused */
#define CR_CODE_MAX	16	/* bytes of a tile code, with its NUL */
#define CR_MAXALIAS	3	/* other codes of one type; a file with more is refused */

struct cr_seg {
	uint8_t		kind;		/* its kind (cr_kind) */
	uint8_t		end;		/* a line's end (cr_end), CR_END_NONE */
	uint8_t		pennants;	/* the count its kind sums over a feature (a
					 * city's pennants: CR_ATTR_SUMMED) */
	uint8_t		flags;		/* the modules' flags (an inn), a bit each */
	cr_ports	ports;		/* at rotation 0 */
	uint16_t	next_to;	/* fields: bit i set if segment i (a city) borders it */
	uint8_t		nports;		/* derived on load: ports in the set */
};

struct cr_tiletype {
	char		code[CR_CODE_MAX];	/* "D", "IC-A" */
	/* Other codes of the same type: two artworks of one layout
	 * ("IC-Kb" for "IC-Ka"), found by cr_tileset_find like code. */
	char		alias[CR_MAXALIAS][CR_CODE_MAX];
	int		naliases;
	int		count;			/* copies in the box, start tile included */
	uint8_t		edge[CR_NDIRS];		/* the kind of each edge at rotation 0 */
	int		nseg;
	struct cr_seg	seg[CR_MAXSEG];
	uint32_t	marks;			/* tile marks (hill, vineyard, garden...), bit per name */
	/* Each segment's values of the modules' words and counts (goods),
	 * by the slot the numbering gives each (rules/ext.h: cr_tile_attr). */
	uint8_t		value[CR_MAXSEG][CR_SEGVALUES];
	/* Derived on load: the segment holding each board port when the
	 * tile lies turned rot quarter turns, -1 for none. */
	int8_t		portseg[4][CR_NPORTS];
	/* Derived too: the segments on side d turned rot (the ports of
	 * portseg[rot] on that side), each once, in port order, -1 after
	 * the last: a look for one feature across an edge asks each once. */
	int8_t		sideseg[4][CR_NDIRS][3];
	int8_t		cloister;		/* derived: its segment that closes by its
						 * neighbours (a cloister), -1 */
	int8_t		rotrep[4];		/* derived: see cr_tile_rot_rep */
	bool		twin;			/* derived: two segments of a twin kind
						 * (CR_KIND_TWIN) share an edge */
	/* Issue 21: a square of a start of several that a module's data adds
	 * (cr_tileset_add; the Wheel of Fortune's board): laid at the start,
	 * never drawn, not listed with the tiles. */
	bool		part;
};

#define CR_MAXSETS	16	/* tile sets merged into one (cr_tileset_merge) */
#define CR_MAXSETTOKENS	16	/* kinds of token a set may list */
#define CR_TOKENNAME	24	/* a token's name, its NUL included */

struct cr_tileset {
	char		*name;		/* "base": the first set's name */
	struct cr_tiletype *type;
	int		ntypes;
	int		start;		/* index of the start tile's type, -1 if none */
	int		total;		/* tiles in the box, start tile included */
	/* The game of the family whose tiles these are (rules/ext.h:
	 * cr_games): the game of the module its first set names
	 * (cr_rules_of_set), 0, the tile game, for another.  The loader
	 * reads the kinds, keys, ends and marks of that game's modules, and
	 * a game on the set plays by its rules. */
	int		game;
	int16_t		letter[128];	/* derived: type of a one-letter code (either case), -1 */
	/* derived: some code or alias is spelt "BA-" and one letter, so that
	 * "BA-V" is not always the base tile V (cr_tileset_find) */
	bool		ba_words;
	/* The sets merged into this one, in order (one for a file read
	 * alone): each type's `set` indexes these. */
	int		nsets;
	char		*setname[CR_MAXSETS];
	int		setstart[CR_MAXSETS];	/* each set's own start type, -1 */
	int		setbeg[CR_MAXSETS + 1];	/* set k's types: setbeg[k] to setbeg[k + 1] */
	/* Each set's tokens (Hills & Sheep's bag: how many of each), data a
	 * user may correct for another printing (cr_tileset_tokens). */
	struct cr_settoken { char name[CR_TOKENNAME]; int count; }
			settok[CR_MAXSETS][CR_MAXSETTOKENS];
	int		nsettok[CR_MAXSETS];
	uint8_t		*typeset;		/* per type: its set */
	/* Derived: every code and alias of two characters or more by a hash
	 * of its lower-case letters (cr_tileset_find, once a move): type
	 * indices, -1 for an empty slot, with the word's whole hash (most
	 * words met in a probe are told apart by it); codecap a power of two. */
	struct cr_codeslot { uint32_t hash; int16_t type; int8_t name; uint8_t len; } *codeidx;
	int		codecap;
	/* Derived: this set's number, new each time it is derived (loaded,
	 * copied, corrected), never reused: a module may keep what it works
	 * out of the types under it (Hunters & Gatherers' lakes). */
	uint64_t	derived;
	/* Derived: the kinds its tiles show on their edges, numbered from 1
	 * (0 for none: a kind no edge shows), and how many: an open square's
	 * signature (game-int.h) has a digit a side, from 0 to nedges. */
	uint8_t		edgeno[CR_MAXKINDS];
	int		nedges;
	/* Per type, what in it is guessed (doubt: in a game whose types
	 * may say so, cr_rules.doubt), NULL for none; NULL when no type
	 * says. */
	char		**doubt;
	/* Where each type was read, for refusals that rest on its data
	 * (HG-8.6): the line of its entry in the text it came from, minus
	 * the line of the correction that last set it (cr_tileset_patch:
	 * a record's line), 0 unknown; NULL for none (a merged set).  And
	 * the name of the file read, as people know it, NULL for a
	 * record's own text or unknown: set by whoever read it. */
	int		*line;
	char		*source;
	/* Each set's own data beyond its tiles (issue 21: a module's keys of
	 * its tile file, cr_ext.datakeys), as the module's data hook kept it
	 * (cr_tileset_keep): a flat block, copied by a merge, NULL for none. */
	void		*setdata[CR_MAXSETS];
	size_t		 setdatalen[CR_MAXSETS];
};

/*
 * A value of a module's own top-level key of a tile file (issue 21:
 * rules/ext.h, cr_ext.datakeys and data), as the loader read it: a
 * scalar (its text, len bytes, not NUL-ended for the module's use), a
 * list of n items, or a mapping of n pairs (item[2i] the key, item[2i +
 * 1] the value); where it starts, 1-based.
 */
enum cr_datum_type { CR_DATUM_SCALAR, CR_DATUM_LIST, CR_DATUM_MAP };
struct cr_datum {
	enum cr_datum_type type;
	const char	*text;
	size_t		 len;
	int		 line, column;	/* line < 0: a record's correction, at line -line
					 * of the record (cr_tileset_parse_fix) */
	int		 n;
	const struct cr_datum *item;
};

/* Where type t came from, for a refusal: line (the record's, when
 * *record, a correction or a set written inline) and the file's name
 * (NULL: the record); 0 when unknown. */
int	cr_tileset_origin(const struct cr_tileset *ts, int t, const char **file,
	    bool *record);

/* Where a loader error is: 1-based line and column in the file. */
struct cr_error {
	int	line, column;
	char	msg[256];
	/* A game record's refusal: its kind for JSON (notation/game.h's
	 * header_kind), NULL for none. */
	const char *kind;
};

/*
 * Load a set from YAML text (len bytes).  On success returns 0 and fills
 * *ts; on failure returns -1, fills *err and leaves *ts empty.  The text
 * is read, never trusted: every error is reported, nothing overflows.
 */
int	cr_tileset_parse(struct cr_tileset *ts, const char *text, size_t len,
	    struct cr_error *err);
void	cr_tileset_free(struct cr_tileset *ts);

/*
 * Sets compiled into a program (issue 23: a start without libyaml): the
 * text of a shipped tile file as it was built, and the set it reads to,
 * packed.  Once cr_tileset_packs gives them (the array stays the
 * caller's), cr_tileset_parse_fix of a text byte for byte one of theirs,
 * under the same name (NULL for cr_tileset_parse) and with no
 * corrections, unpacks its set instead: the same set, made in a few
 * thousand instructions rather than millions.  Any other text (a user's own
 * file, a file changed since the build) is parsed as before.
 */
struct cr_tilepack {
	const char	*name;		/* the name it was read under (cr_tileset_parse_fix) */
	const unsigned char *text;
	size_t		 len;
	const unsigned char *pack;
	size_t		 packlen;
};
void	cr_tileset_packs(const struct cr_tilepack *packs, int n);
/* The packed form of ts (a set read alone, as cr_tileset_parse gives
 * it), malloc'd, *len bytes: the struct's and its arrays' bytes, good
 * only for a program built from the same headers by the same compiler
 * (sizes are checked).  NULL when out of memory. */
unsigned char *cr_tileset_pack(const struct cr_tileset *ts, size_t *len);
/* A set from its packed form: 0, or -1 (a pack of another build, cut
 * short, or no memory) with ts empty. */
int	cr_tileset_unpack(struct cr_tileset *ts, const unsigned char *p, size_t len);
/*
 * cr_tileset_parse, saying every failure it can to each: every type
 * entry that fails (the others read on without it), else the first
 * failure of the file or of the whole set.  0 with *ts filled, or how
 * many failures were said, *ts empty.
 */
int	cr_tileset_check(struct cr_tileset *ts, const char *text, size_t len,
	    void (*each)(void *ctx, const struct cr_error *err), void *ctx);

/*
 * Corrections to a set (a record's tiles:, in the format of a set
 * file): cr_tileset_parse_patch reads them as a set whose entries may
 * also be {code, count} alone (count 0 allowed; such an entry has no
 * segment, nseg 0); cr_tileset_patch applies them in order to dst: a
 * whole entry replaces the type of that code (its aliases with it) or
 * is added, a count alone sets the count of the type of that code or
 * alias.  0, or -1 with err (its line: the entry's, from src's
 * codeline) and dst unchanged... as far as the entries before it.
 */
int	cr_tileset_parse_patch(struct cr_tileset *ts, const char *text, size_t len,
	    struct cr_error *err);
/*
 * Issue 21: a set read as cr_tileset_parse does, from text (its name as
 * people know it: name, kept in ts->source before the module's data hook
 * runs; NULL for a record's own text), with corrections (fix, fixlen
 * bytes, NULL for none: a record's, a YAML mapping of the module's data
 * keys and tiles, lines as in the record).  A correction of a module's
 * key replaces the text's (cr_ext.datamerge: entry by entry); its tiles
 * are applied as cr_tileset_patch does.  The lines of what the
 * corrections say are the record's, given negated: in the data the
 * module's hook reads (cr_datum.line) and in *err.
 */
int	cr_tileset_parse_fix(struct cr_tileset *ts, const char *name, const char *text,
	    size_t len, const char *fix, size_t fixlen, struct cr_error *err);
/* A copy of src into dst, its own memory: 0, or -1 out of memory. */
int	cr_tileset_copy(struct cr_tileset *dst, const struct cr_tileset *src);
int	cr_tileset_patch(struct cr_tileset *dst, const struct cr_tileset *src,
	    struct cr_error *err);

/*
 * Add the types of src (a set read alone) to dst, which keeps its name
 * and start tile.  Codes and aliases must stay unique: 0, or -1 with err
 * (line and column 0) and dst unchanged.
 */
int	cr_tileset_merge(struct cr_tileset *dst, const struct cr_tileset *src,
	    struct cr_error *err);
/* The index of a set by name in a merged tile set, -1 if none. */
int	cr_tileset_set(const struct cr_tileset *ts, const char *name);
/* How many tokens called name the set lists (its "tokens:"), -1 if the
 * set or the token is not there. */
int	cr_tileset_tokens(const struct cr_tileset *ts, const char *set, const char *name);
/* cr_tileset_tokens of each of n names at once, into count[] (the set
 * looked up once): a game's set-up asks for a whole bag. */
void	cr_tileset_tokens_of(const struct cr_tileset *ts, const char *set,
	    const char *const *names, int n, int *count);

/* For a module's data hook (rules/ext.h: cr_ext.data), while its tile
 * file is read: add a tile type (its segments and edges as a file would
 * give them; its code unique), and keep the module's own data, len bytes
 * copied (cr_tileset.setdata).  -1 when out of memory or too many types. */
int	cr_tileset_add(struct cr_tileset *ts, const struct cr_tiletype *t);
int	cr_tileset_keep(struct cr_tileset *ts, const void *data, size_t len);
/* A set's own data (cr_tileset.setdata), NULL for none. */
const void *cr_tileset_data(const struct cr_tileset *ts, int set, size_t *len);

/* Index of a type by code or alias (case-insensitive, "BA-" prefix
 * allowed for base codes), -1 if none. */
int	cr_tileset_find(const struct cr_tileset *ts, const char *code, size_t len);

/* The edge kind a tile type shows on board side dir when placed at
 * rotation rot (quarter turns). */
static inline int
cr_tile_edge(const struct cr_tiletype *t, int rot, int dir)
{
	return t->edge[(dir - rot + 8) % 4];
}

/*
 * The first rotation (quarter turns, 0..3) at which the tile looks
 * exactly as it does turned rot: the same edges, and segment for segment
 * the same kind, ports, pennants, end, flags (inn, cathedral), goods and
 * the cities a field borders.  Which of two such rotations a player
 * meant is a question without a difference: a straight road gives
 * 0 1 0 1, a crossroads 0 0 0 0.  rot itself when out of range.
 */
static inline int
cr_tile_rot_rep(const struct cr_tiletype *t, int rot)
{
	return rot >= 0 && rot < 4 ? t->rotrep[rot] : rot;
}

const char *cr_kind_name(int k);	/* "city", NULL for none (rules/ext.h's tables) */

/* Names as written in the YAML files (rules/ext.h's tables); NULL out
 * of range (and for CR_END_NONE, which is never written). */
const char *cr_end_name(int e);		/* "village" */
const char *cr_mark_name(int m);	/* "hill": the mark whose bit is m */

#endif
