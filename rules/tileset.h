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

/* Kinds of feature.  Edge kinds (what must match across an edge) are
 * the first four; centre kinds hold no port. */
enum cr_kind {
	CR_FIELD,
	CR_ROAD,
	CR_CITY,
	CR_RIVER,
	CR_CLOISTER,
	CR_NKINDS
};

/* How a road or river ends inside the tile (for explanations and the
 * later sets); a segment with two edge ports runs through. */
enum cr_end {
	CR_END_NONE,		/* runs through, or not a road */
	CR_END_VILLAGE,		/* a village or crossing */
	CR_END_CLOISTER,
	CR_END_CITY,		/* a city gate */
	CR_END_HOUSE,		/* a house, farmstead or other building */
	CR_END_SPRING,
	CR_END_LAKE,
	CR_NENDS
};

/* Goods printed on a city segment (Traders & Builders): cr_seg.goods. */
enum cr_goods {
	CR_GOODS_NONE,
	CR_GOODS_WINE,
	CR_GOODS_GRAIN,
	CR_GOODS_CLOTH,
	CR_NGOODS
};

/* Tile marks (cr_tiletype.marks holds CR_MARK_BIT of each). */
enum cr_mark {
	CR_MARK_HILL,		/* Hills & Sheep: a tile slides under it */
	CR_MARK_VINEYARD,
	CR_MARK_GARDEN,		/* abbot's garden (2nd edition) */
	CR_MARK_VOLCANO,	/* River II lake */
	CR_MARK_PIGHERD,	/* River II */
	CR_NMARKS
};
#define CR_MARK_BIT(m)	(1u << (m))

/* Segment flags, for the expansions' modules. */
#define CR_SEG_INN		0x01
#define CR_SEG_CATHEDRAL	0x02

#define CR_MAXSEG	16	/* segments on one tile; a file with more is refused */
#define CR_CODE_MAX	16	/* bytes of a tile code, with its NUL */
#define CR_MAXALIAS	3	/* other codes of one type; a file with more is refused */

struct cr_seg {
	uint8_t		kind;		/* enum cr_kind */
	uint8_t		end;		/* enum cr_end */
	uint8_t		pennants;
	uint8_t		flags;		/* CR_SEG_* */
	uint8_t		goods;		/* enum cr_goods */
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
	uint8_t		edge[CR_NDIRS];		/* enum cr_kind of each edge at rotation 0 */
	int		nseg;
	struct cr_seg	seg[CR_MAXSEG];
	uint32_t	marks;			/* tile marks (hill, vineyard, garden...), bit per name */
	/* Derived on load: the segment holding each board port when the
	 * tile lies turned rot quarter turns, -1 for none. */
	int8_t		portseg[4][CR_NPORTS];
	int8_t		cloister;		/* derived: its cloister's segment, -1 */
	int8_t		rotrep[4];		/* derived: see cr_tile_rot_rep */
	bool		twin;			/* derived: two city segments share an
						 * edge (Hills & Sheep L) */
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
	int16_t		letter[128];	/* derived: type of a one-letter code (either case), -1 */
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
	 * indices, -1 for an empty slot; codecap a power of two. */
	int16_t		*codeidx;
	int		codecap;
};

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

const char *cr_kind_name(enum cr_kind k);	/* "city" */

/* Names as written in the YAML files; NULL out of range (and for
 * CR_END_NONE, CR_GOODS_NONE, which are never written). */
const char *cr_end_name(int e);		/* "village" */
const char *cr_goods_name(int g);	/* "wine" */
const char *cr_mark_name(int m);	/* "hill" */

#endif
