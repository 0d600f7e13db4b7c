/*
 * ext.h -- the seam: what a rules module (the base game, an expansion,
 * later another game of the family) tells the engine.
 *
 * A module is a `struct cr_ext` in its own rules/ext-NAME.c, listed once
 * in the registry (rules/registry.c).  It says as much as it can as data: its
 * tile set, the pieces it adds and the supplies they come from, the words
 * that explain its rulings.  Where data cannot say it, it hooks in: a veto
 * on a placement, a change to a feature's price, what happens after a
 * move, at the end.  The core asks "does an active module object?" and
 * "what does it add?", and never names one.
 *
 * Ordering: when several active modules hook the same step, they are
 * called in registry order (base, then the expansions in the order of
 * rules/registry.c), and each sees what the ones before it did.  A veto stops
 * at the first module that objects; a price is the base price changed by
 * each module in turn (an inn doubles a road, then nothing else touches
 * it: modules that change the same price must say how they combine in
 * their own file).
 *
 * Within one placement the engine calls, in this order: drawable (may
 * the tile be drawn now), tile_ok (where it may lie), move_ok (what the
 * line says beyond: a flock's choice), returns and piece_ok (the piece),
 * then, applying it: the tile goes down; choose (the choice, before the
 * piece, as the Hills & Sheep book says); the piece goes down; placed
 * (a shepherd draws, a hill hides a tile, closed flocks are scored, a
 * builder's feature extended gives a second tile, cr_move_again);
 * completed features are scored (completed, then majority, tiebreak and
 * price for each); again (a bonus tile the scoring earned); over, when a module says how the game ends (else the
 * supply running out ends it); at the end, the final scoring (with
 * tiebreak and price per feature) and then final.  A majority is found
 * by weight, a tie is broken (a hill) before the price is set, so a
 * price for some winners only (the pig) follows the tie-break.
 *
 * Everything a module changes in a game goes through the undo log: its
 * own state (a block of state_size bytes, cr_ext_state) and the core's
 * (nodes, figures, players) through the core's own logging calls.
 */
#ifndef CR_EXT_H
#define CR_EXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

struct hood;	/* the squares around a placement (game-int.h) */

/*
 * N_("...") marks the words of a module's tables that people read (its
 * phrases, its pieces' and pools' names, what a piece does) for the
 * message catalogue (po/, notation/i18n.h).  rules/ never translates
 * them: they stay English in records and JSON, and notation/ and cmd/
 * translate them where they show them to people.
 */
#ifndef N_
#define N_(s)	s
#endif
/* A phrase with a count ({n}): its words for one and for more, marked
 * for the catalogue as ngettext's pair (xgettext --keyword=NP_:1,2), so
 * each language says it its own way ("1 river tile is left", "11 river
 * tiles are left"). */
struct cr_plural {
	const char	*one, *more;
};
#define NP_(one, more)	{ one, more }

/* A hook's rare part kept out of line, so that its every-move test pays
 * no prologue for it (a module's placed, move_ok). */
#if defined(__GNUC__) || defined(__clang__)
#define CR_NOINLINE	__attribute__((noinline))
#else
#define CR_NOINLINE
#endif

/* A supply each player has: the followers (7), the big meeple (1)... */
struct cr_pool {
	const char	*name;		/* "meeple", "big meeple": for messages */
	const char	*plural;	/* "meeples" */
	int		 count;		/* per player at the start */
	const char	*label;		/* a short column heading: "big", "pig" */
	/* The short name for JSON of its refusal when none is left for a
	 * module's space (issue 21: "no-big-meeple-left"), NULL:
	 * "no-pieces-left", as on a tile. */
	const char	*space_kind;
};

/* What a piece is. */
#define CR_PIECE_FOLLOWER	0x01	/* owns its feature: no other player's may join it */
#define CR_PIECE_STAYS		0x02	/* not sent home when its feature is completed
					 * (a hut; a gatherer, whose module sends it
					 * home at the end of the turn: cr_figure_home) */
#define CR_PIECE_TOKEN		0x04	/* written with the token drawn as it goes down
					 * (a shepherd: "shepherd@W sheep=2") */
#define CR_PIECE_SPACE		0x08	/* stands on a space of its module's, not on the
					 * tile (issue 21: "crown@tax"; see struct cr_space) */

/*
 * A token a move names (Hills & Sheep: "sheep=3", "wolf"): a word, and
 * with max > 0 a number from min to max after "=".  A move holds one as
 * CR_TOKEN(id, n), id numbered over all modules from 1.
 */
struct cr_token {
	const char	*word;		/* "sheep" */
	const char	*const *aliases;	/* "mouton"..., NULL-ended, or NULL */
	uint8_t		 min, max;	/* the number's range; max 0: no number */
	/* Issue 21: said of the copy drawn, between the tile code and the
	 * position (cr_move.drawn), not after the piece; with square, its
	 * value is a square, X,Y or X,Y:SPOT, not a number. */
	bool		 drawn, square;
	/* Its step at the table (a drawn token: the REPL's command of its
	 * word, "wheel 3", "plague 4,2"), N_(): the line help lists, and
	 * what help WORD adds; NULL: the engine's words. */
	const char	*step_summary, *step_help;
	/* A drawn token that only follows another of its module (plague=
	 * after wheel=): that one's word, and the reading's refusal
	 * otherwise, N_(), with this token's word and that one's as the
	 * line wrote them, each a "%.*s" ("%.*s=X,Y follows %.*s=N (the
	 * pig must have moved)").  NULL: any order. */
	const char	*after, *after_words;
};

/*
 * A choice a turn line makes before its piece (Hills & Sheep's flock:
 * "grow sheep=3", "herd"), numbered over all modules from 1 in a move's
 * choice; with token set it is followed by a token (choice_arg).
 */
struct cr_choice {
	const char	*word;		/* "grow" */
	const char	*const *aliases;
	bool		 token;
};

/*
 * A piece a player may put on the tile just placed, as the notation
 * writes it (role@SPOT).  Two words with one pool are one piece in the
 * box used two ways: thief and knight are both meeples.
 */
struct cr_piece {
	const char	*word;		/* the canonical word: "big-knight" */
	const char	*plural;	/* "big knights", for explanations */
	const char	*const *aliases;	/* other words people use, NULL-ended:
					 * one letter, French ("K", "chevalier") */
	uint8_t		 kind;		/* the kind it stands on (CR_CITY, CR_OWN(0)) */
	uint8_t		 kind2;		/* another it may stand on (a builder: road or
					 * city), or the same: cr_piece_kind */
	uint8_t		 pool;		/* the module's own pool index */
	uint8_t		 weight;	/* in majorities: 1, a big meeple 2, a pig 0 */
	uint8_t		 flags;		/* CR_PIECE_* */
	const char	*does;		/* a piece that weighs nothing: what it does
					 * there, for explanations ("...a second
					 * tile..."); NULL for a follower */
	const char	*name;		/* one, in sentences, when it is not the
					 * word: "big knight"; NULL: the word */
	const char	*cname;		/* what people call it, NC_("piece", "big thief") */
	/* On the SVG board: its shape, SVG elements in its owner's colour,
	 * centred on 0,0, and its entry in the key, N_(); NULL: a meeple
	 * (standing, lying on land, big), under the board's own entries. */
	const char	*svg, *svg_key;
	/* A piece of CR_PIECE_SPACE: the word of the piece (any module's)
	 * whose pool it takes and whose weight it has ("thief": a meeple,
	 * "big-knight": the big meeple); it is in play only with both
	 * modules.  NULL for a piece on the tile. */
	const char	*as;
};

/*
 * A kind of feature a module's tiles show (the base game's field, road,
 * city and cloister, the River's river).  Its rules are data: how a
 * segment of it lies on a tile (shape), when a feature of it is complete
 * (close), and its price, a function of the module.  In a module's
 * tables a kind is named by the base game's number (CR_CITY) or, for the
 * module's own, by CR_OWN(i).
 */
enum cr_shape {
	CR_AREA,	/* named by edges and half-edges (a city, a field) */
	CR_LINE,	/* from the middle of an edge to an end or another edge (a road) */
	CR_CENTRE,	/* no edge: the centre, C (a cloister) */
};
enum cr_close {
	CR_CLOSE_EDGES,		/* complete when none of its edges is left open (a city) */
	CR_CLOSE_ENDS,		/* when both its ends are closed (a road) */
	CR_CLOSE_AROUND,	/* when the eight tiles around its own are down (a cloister) */
	CR_CLOSE_NEVER,		/* never: it is paid at the end (a field) */
};
#define CR_KIND_LAND	0x01	/* the ground between the others (a field): named by
				 * corners too, by C alone, on either side of a line */
#define CR_KIND_ONE	0x02	/* one a tile at most (a cloister) */
#define CR_KIND_TWIN	0x04	/* two on one edge facing two on the other are one
				 * feature (Hills & Sheep's L: cities) */
#define CR_KIND_BARE	0x08	/* a piece on it may be written without its spot (monk: C) */
#define CR_KIND_PAID	0x10	/* paid by the engine: as soon as it is complete, and
				 * unfinished at the end (a road; not a field: its
				 * module's final hook pays it) */
#define CR_OWN(i)	(0x80 | (i))	/* in a module's table: its own kind number i */

/*
 * The numbers a kind's phrases give (struct cr_say), of a feature
 * (cr_game_feature) or of an event: its tiles, a cloister's neighbours
 * down (tiles less one), the ports it leaves open, the edges it is open
 * on, the cities a field borders, its pennants, the event's prices,
 * where it is, what it pays; an attribute's value.
 */
enum cr_num {
	CR_N_NONE, CR_N_TILES, CR_N_AROUND, CR_N_OPEN, CR_N_EDGES, CR_N_CITIES, CR_N_PENNANTS,
	CR_N_PER_TILE, CR_N_PER_PENNANT, CR_N_PER_CITY, CR_N_X, CR_N_Y, CR_N_POINTS,
	CR_N_VALUE,	/* an attribute's value on a segment (its count) */
	CR_NNUMS
};

/*
 * A phrase of a kind's, N_() (or NC_() for one with a context), for
 * notation/ and cmd/ to translate and print: its form for one and for
 * more (more NULL: one form), the first of its numbers choosing; and the
 * numbers it gives (printf %d each, after the fixed arguments of its
 * place, if any: see each place), CR_N_*, 0 ending them.
 */
struct cr_say {
	const char	*one, *more;
	uint8_t		 n[4];
};
/* A phrase and its numbers (0 for none); one with a form for more. */
#define CR_SAY(one, ...)		{ one, NULL, { __VA_ARGS__ } }
#define CR_SAYN(one, more, ...)	{ one, more, { __VA_ARGS__ } }
#define NC_(ctx, s)	ctx "\004" s	/* a text with a context (xgettext --keyword=NC_:1c,2) */

/* An SVG stroke: its colour and width (a tile is 100 wide). */
struct cr_stroke {
	const char	*colour;
	int		 width;
};

struct cr_kinddef {
	const char	*name;		/* as tile files and JSON write it, N_(): "city" */
	const char	*plural;	/* "cities" */
	uint8_t		 shape;		/* enum cr_shape */
	uint8_t		 close;		/* enum cr_close */
	uint8_t		 flags;		/* CR_KIND_* */
	uint8_t		 beside;	/* a line: the land on either side of it (CR_FIELD) */
	uint8_t		 borders;	/* land: the kind its next_to names (CR_CITY) */
	uint8_t		 reason;	/* its events at the end: CR_EV_FINAL, CR_EV_FARM */
	int8_t		 per_border;	/* land without a price of its own (priced):
					 * what each complete feature it borders pays
					 * its pieces at the end (4) */
	/*
	 * Its price: the arithmetic of the feature with root `root` (ev
	 * has its kind, reason, tiles, pennants and pieces already), paid
	 * when complete during play, or as it stands at the end (ev->reason
	 * says which); false: it pays nothing (a river).  The modules in
	 * play may change it after (cr_ext.price).
	 */
	bool	(*price)(const struct cr_game *g, int root, struct cr_event *ev);
	/* Whether it has a price of its own in g; NULL: always.  Without
	 * one (edition 1's fields), each complete feature it borders pays
	 * per_border at the end, once, to the most pieces over all the land
	 * of this kind around it. */
	bool	(*priced)(const struct cr_game *g);
	/* The loader's words for its rules, N_(): a centre kind's "a
	 * cloister stands in the centre; its at may only be [C]"; one a tile
	 * (CR_KIND_ONE): "a tile has one cloister at most, and this is its
	 * second"; an area not land: "a city is named by edges and
	 * half-edges, and %s is a corner" (the spot); a kind that reaches an
	 * edge and not land: "a %s must reach an edge; C is only for
	 * cloisters and inner fields" (its name).  at_half, for an area
	 * named by whole edges only: "a forest is named by whole edges, and
	 * %s is a half-edge" (the spot); NULL: half-edges are spots of it. */
	const char	*at_centre, *at_one, *at_corner, *at_edge, *at_half;

	/*
	 * How it looks.  A kind on edges has a letter people search tiles by
	 * (its edges read clockwise: CRFR).  The board map (cmd/render.c: a 5 x 5 grid, two
	 * characters a cell): map, its cell (a line's running north-south;
	 * a blank right half is joined to a line running east-west beside
	 * it, land's never), map_ew a line's running east-west; a line
	 * runs through the centre cell when map_through.  A tile picture (7
	 * x 7, two characters a cell): pic[0] its cells (a line's
	 * north-south; pic[1] east-west, pic[2] and pic[3] its bends / and
	 * \), key its entry in the picture's key, N_() ("## city").  Lines
	 * are drawn in the order of layer, the highest on top.  The SVG
	 * board (cmd/svg.c): an area's fill and outline (stroke); a line's
	 * strokes, the first an outline (the feature asked about shows
	 * there) when there are two; glyph, SVG elements centred on 0,0:
	 * the key's, and a centre kind's on its tile.
	 */
	char		 letter;	/* on edges: its letter in a search (tiles --edges: C) */
	const char	*map, *map_ew;
	bool		 map_through;
	const char	*pic[4];
	const char	*key;
	uint8_t		 layer;
	const char	*fill, *stroke;
	struct cr_stroke strokes[2];
	const char	*glyph;

	/*
	 * Its words, N_(): in sentences ("a city", "the city", "has no
	 * city", "has more than one city", "the completed city"); what an
	 * edge of it is, NC_("edge", "city"); what people call it,
	 * NC_("feature", "city").  French puts an article before it and
	 * makes words agree with it: each is its own message.
	 */
	const char	*a, *the, *has_no, *has_many, *the_done, *edge, *word;
	/*
	 * Its explanations (notation/explain.c: an event's arithmetic):
	 * why_done, why_open the event, complete or at the end
	 * ("completed road of 3 tiles"); count_and what its pennants add
	 * (" and 2 pennants"), small an edition's remark (cr_event.
	 * small_city); arith the sums after (": 1 x 3"), count_plus the
	 * pennants' (" + 2 x 2"); why_alt, when set, the event complete
	 * and marked alt by its price hook ("completed river loop of 4
	 * segments"); sum_done, sum_open the sums alone, for a
	 * second group of winners paid otherwise.  Land paid through what
	 * it borders (CR_EV_FARM_CITY): why_border, sum_border, nobody_border
	 * (" = 4, to nobody (no farmer beside it)": CR_N_POINTS).
	 */
	struct cr_say	 why_done, why_open, count_and, small, arith, count_plus;
	struct cr_say	 sum_done, sum_open, why_border, sum_border, nobody_border, why_alt;
	/*
	 * The REPL's explain X,Y:SPOT (printf'd with x, y and the spot
	 * first): line_done, line_open its first line ("road at 0,1 S: open
	 * at 2 ends\n"), line_more a line after its tiles ("  1 pennant\n").
	 * board --feature: state_done, state_open ("completed", "open at 2
	 * ends"), state_more after its tiles (", 1 pennant").
	 */
	struct cr_say	 line_done, line_open, line_more, state_done, state_open, state_more;
	/*
	 * Land paid through what it borders (edition 1's farms), explained
	 * feature by feature (nt_farm_lines): what its open border says
	 * ("  its farmers: nothing while it is open..."), what the land
	 * says first ("  edition 1: at the end each completed city pays
	 * 4..."), with nothing complete beside it, and what a complete one
	 * would pay ("  its farmers, if the game ended now: %s", the
	 * account).
	 */
	const char	*border_open, *border_intro, *border_none, *border_now;
};

/*
 * How something a tile shows is drawn and said (an end of a line, an
 * attribute's value, a mark): pic its two characters in a tile picture
 * (NULL: none), key its entry in the picture's key, N_() ("() village or
 * crossing"); map the board map's character, when it holds the centre
 * (a crossing's 'o'), and ansi its colour there; svg its SVG glyph,
 * centred on 0,0, svg_key its entry in the SVG key (N_(); glyphs with
 * the same entry are one entry), svg_tile SVG elements in the tile's own
 * coordinates (0 to 100), drawn where its kind of thing is: a mark's
 * under everything (a hill), an end's with the ends (a lake, no entry in
 * the key); word what people call it,
 * NC_("goods", "wine"); with what tiles says of a segment that has it
 * (" with wine", " with %d pennants": its value, CR_N_VALUE).
 */
struct cr_look {
	const char	*pic, *key;
	char		 map;
	const char	*ansi;
	const char	*svg, *svg_key, *svg_tile;
	const char	*word;
	struct cr_say	 with;
};

/* Where a line's end stops it in a picture. */
enum cr_stop {
	CR_STOP_NEAR,	/* by the centre, or at it when two or more of the tile's
			 * lines end there alike (a crossing) */
	CR_STOP_GATE,	/* at the wall of the area it meets (a city's gate) */
	CR_STOP_CENTRE,	/* at the tile's centre feature (its cloister) */
	CR_STOP_MIDDLE,	/* at the tile's middle, drawn up to it, alone (issue 21:
			 * a road of the Wheel of Fortune's board at the wheel's rim) */
};

/* What a line (a road, a river) ends at on a tile: a value of a
 * feature's `end:` in the tile files, numbered over all modules from 1
 * (0: it runs through).  With crossing, three or more of a tile's lines
 * ending there make a crossing (the board map's centre). */
struct cr_end {
	const char	*name;		/* "village" */
	uint8_t		 stop;		/* enum cr_stop */
	bool		 crossing;
	struct cr_look	 look;
};

/*
 * What a module's tile files may say of a feature (a key of a feature:
 * pennants, inn, goods) or of a tile (a mark in its marks: [hill]), and
 * how it is kept: a number, true or false, one of some words, a mark;
 * the line's end and the land's next_to are keys like the others, of
 * the module that reads them.  Numbered over all modules.
 */
enum cr_attr_type {
	CR_ATTR_COUNT,		/* key: N, 0 to max: a segment's number (pennants) */
	CR_ATTR_FLAG,		/* key: true: a bit of the segment's flags, or'ed over a
				 * feature (an inn) */
	CR_ATTR_WORD,		/* key: one of words (goods: wine): its number from 1 */
	CR_ATTR_MARK,		/* marks: [key] on a tile: a bit of its marks (hill) */
	CR_ATTR_END,		/* end: one of every module's ends (a line's) */
	CR_ATTR_NEXT_TO,	/* next_to: [N]: the segments of the kind its land
				 * borders (a field's cities) */
	CR_ATTR_TILE,		/* key: true at a type's level, not a feature's (bonus:
				 * true): a bit of the tile's marks, as a mark's */
	CR_ATTR_EDGES,		/* key: [N, W]: whole edges at rotation 0, a bit each
				 * (1 << direction), in a value slot (a lake's arms) */
};
#define CR_ATTR_SUMMED	0x01	/* a count the engine sums over a feature (pennants: a
				 * segment's and a feature's pennants) */
/* Where a picture shows it. */
enum cr_where {
	CR_IN,		/* in its feature (a pennant in its city) */
	CR_BESIDE,	/* in the land beside its feature (an inn by its road) */
	CR_ANYWHERE,	/* in the tile's land (a mark) */
};

struct cr_attr {
	const char	*key;		/* as the tile files write it: "pennants", "hill" */
	uint8_t		 type;		/* enum cr_attr_type */
	uint8_t		 flags;		/* CR_ATTR_SUMMED */
	uint8_t		 on, on2;	/* the kind that may carry it (CR_CITY, CR_OWN(0)),
					 * and another (0: none); a mark: any tile */
	uint8_t		 max;		/* a count's highest */
	uint8_t		 where;		/* enum cr_where */
	const char	*const *words;	/* a word's: those the files write, NULL-ended */
	/* The loader's words, N_(): for a feature of another kind ("only
	 * cities carry pennants, and %s is not one": the segment); a word
	 * not among words ("goods must be %s, not %s"). */
	const char	*only, *bad;
	/* How it is shown: a flag, a count (each of its number), a mark
	 * (looks[0]); a word's (looks[i - 1] for word i). */
	const struct cr_look *looks;
};

/* A search a module's tiles may be found by (tiles --pennant): those
 * with at least min segments of kind `kind` (CR_NOKIND: any) that have
 * the module's attribute `attr` (-1: any segment), a word each. */
#define CR_NOKIND	0xff
struct cr_filter {
	const char	*option;	/* "--pennant" */
	const char	*words;		/* what is asked, N_(): "a pennant" */
	uint8_t		 kind;		/* CR_CITY, CR_OWN(0), CR_NOKIND */
	int8_t		 attr;		/* the module's own attribute number, -1 */
	uint8_t		 min;
};

/* Copies of a type a module tells apart (cr_ext.variants): how many are
 * left, and what they show: a phrase of the module's (cr_phrase, its
 * {n} the number n: "with a wheel icon showing {n}"), n 0 where the
 * data does not know it. */
struct cr_variant {
	int	count;
	int	phrase;
	int	n;
};

/* ---- Pieces on spaces a module owns (issue 21: the wheel's crown spaces) --
 * A space off the tiles, named by a word (struct cr_space), numbered over
 * all modules from 1 (cr_move.space, cr_space_find).  A piece of the
 * module's with CR_PIECE_SPACE stands only there: the line writes it
 * WORD@SPACE ("crown@tax") instead of a piece on the tile, one piece a
 * turn, never on a discard.  The engine checks that the piece and the
 * pool it takes from (cr_piece.as) are in play and that a piece is left
 * (CR_R_NO_MEEPLE), asks the module how many the space holds in this game
 * and who stands there (cr_ext.space), refuses a full one
 * (CR_R_SPACE_FULL: why->space, why->n its capacity), then takes the
 * piece from its owner's pool, logged, and tells the module (space_put),
 * which keeps who stands where in its own state (undone with it).  A
 * piece leaves a space only by the module: it drops it from its state and
 * calls cr_space_home.  A piece on a space is on no feature: no figure,
 * no majority, not in its owner's supply. */
struct cr_space {
	const char	*word;		/* as lines write it: "tax" */
	const char	*const *aliases;	/* "taxes"..., NULL-ended, or NULL */
	const char	*name;		/* for people, N_(): "Tax" */
	/* Its refusal when full, N_(), printf'd with its name and who stands
	 * there ("Anna, Ben"): holding one ("the crown space of %s is taken
	 * (%s)"), holding more ("the crown spaces of %s are all taken (%s)"). */
	const char	*full_one, *full_more;
	const char	*full_kind;	/* that refusal's short name for JSON:
					 * "crown-space-taken" */
	/* Where a piece stands there, N_(), printf'd with its name, for a
	 * player's one piece of a pool that is there: "on a crown space of
	 * %s" ("big-crown: Anna's big meeple is already on the board (on a
	 * crown space of Storm)"). */
	const char	*at;
};
/* A piece standing on a space: its owner and its piece (cr_piece). */
struct cr_standing {
	int	player, role;
};

/*
 * Issue 21: a shape of a module's own picture on the SVG board
 * (cr_ext.svg), in the picture's units: its rectangle's north-west corner
 * at 0,0, a square 100 a side, y down.  With svg, SVG elements of the
 * module's (a constant, never a player's words) drawn at x,y, turned
 * `turn` degrees clockwise; else the text `words`, N_(), in the reader's
 * language, its middle at x and its baseline at y.  tip, N_(), its tooltip (its %s the words of arg,
 * N_(): "crown space of %s", "Tax"); with player >= 0 a piece of that
 * player stands on it, in its colour, the tooltip after its name.  key:
 * the entry of the module's svg_keys it shows, -1 for none.  Every word
 * is escaped where it is drawn.
 */
struct cr_svgshape {
	const char	*svg;
	const char	*words;
	const char	*tip, *arg;
	int16_t		 x, y, turn;
	int8_t		 player, key;
};
/* An entry a module's picture adds to the board's key, when a shape shows
 * it: its glyph (SVG elements centred on 0,0), a piece standing on it if
 * piece (grey), and its words, N_(). */
struct cr_svgkey {
	const char	*svg;
	const char	*words;
	bool		 piece;
};

/* What JSON says of a module's own event beyond its points (cr_ext.words):
 * under key, a word ("section": "tax"), a number ("steps": 1), or player's
 * square ("returned": {"Anna": "4,2"}: the entries of one key, one per
 * player, make one object). */
enum { CR_EW_WORD, CR_EW_NUMBER, CR_EW_SQUARE,
	/* Issue 21, also_home: player's piece `word` at a square
	 * ("also_home": {"Anna": {"builder": "-2,0"}}: the entries of one
	 * key make one object, those of one player in it one more). */
	CR_EW_PIECE };
struct cr_evword {
	const char	*key;
	int		 type;		/* CR_EW_* */
	const char	*word;
	int		 n, player, x, y;
	/* Issue 21: said after the event's "points" ("returned",
	 * "also_home"), not before it. */
	bool		 after;
};

/* A header key of a module's records (cr_ext.record_keys, issue 21): its
 * word, what it holds (CR_RK_*), and another module it goes with (NULL:
 * none): with `with`, the key is refused unless that module is in the
 * record's expansions too, and required when it is ("spring": "river");
 * hint, N_(), what it holds, for the refusal when it is missing. */
enum {
	CR_RK_DATA,	/* the module's data: a file's name, the data whole inline
			 * (a mapping naming its set), or corrections to the
			 * shipped data (cr_tileset_parse_fix) */
	CR_RK_SQUARE,	/* a square of the set-up, "X,Y" or "X,Y ROT" (cr_config.beside) */
};
struct cr_reckey {
	const char	*key;
	int		 type;		/* CR_RK_* */
	const char	*with;
	const char	*hint;
};

/* A square of a start of several (cr_ext.start_squares): the tile type
 * laid there, its square and its rotation. */
struct cr_square {
	int	type, x, y, rot;
};

/*
 * A module.  Hooks may be NULL; each gets the game, seen through the
 * queries below (never the engine's private state), and its own index
 * in the registry.
 */
struct cr_ext {
	const char	*name;		/* as records name it: "inns-cathedrals" */
	const char	*tiles;		/* its tile file in the data directory, or NULL;
					 * the file's "set:" is the module's name */
	const struct cr_kinddef *kinds;	/* its kinds of feature, CR_OWN(0)... */
	int		 nkinds;
	const struct cr_attr *attrs;	/* what its tiles say of a feature or a tile */
	int		 nattrs;
	const struct cr_end *ends;	/* what its lines end at */
	int		 nends;
	const struct cr_filter *filters;	/* what its tiles are searched by */
	int		 nfilters;
	const struct cr_pool *pools;
	int		 npools;
	const struct cr_piece *pieces;
	int		 npieces;
	const struct cr_token *tokens;
	int		 ntokens;
	const struct cr_choice *choices;
	int		 nchoices;
	/* Its choice's words at the table, N_(): when the tile calls for it
	 * ("then the flock's choice, before any meeple: %s (choose %s)\n":
	 * the words that would do, the command), and what help choose and
	 * help pass say of it. */
	const char	*choice_due, *choose_help, *pass_help;
	/* Words the module's events and refusals use: cr_phrase().  A
	 * phrase with a count has its two forms in plurals, at the same
	 * index, and none in phrases. */
	const char	*const *phrases;
	int		 nphrases;
	const struct cr_plural *plurals;
	int		 nplurals;
	size_t		 state_size;	/* its own per-game state (zeroed at the start) */

	/* The start: which tile lies at 0,0 (a type index, or -1 to keep
	 * the base start) and changes to the supply.  Called by
	 * cr_game_reset, the supply filled already. */
	int	(*start)(struct cr_game *g, int ext);
	/* Whether a tile type may be drawn now (its copies are left): a
	 * module holds tiles back until others are played (the river's). */
	bool	(*drawable)(const struct cr_game *g, int ext, int type,
		    struct cr_refusal *why);
	/* Its drawable is asked before the copies are counted: a refusal of
	 * the type itself (a bonus tile not due) outranks no copy left. */
	bool	drawable_first;
	/* Veto on a tile placement that fits by the edges (REFUSE: fills
	 * why, returns false).  Also asked for where a tile fits at all
	 * (legal listings, discards), so a veto is a rule of placement. */
	bool	(*tile_ok)(const struct cr_game *g, int ext, const struct cr_move *m,
		    struct cr_refusal *why);
	/* Veto on the whole move, tile legal: what the line says beyond the
	 * tile and the piece (a flock's choice, due or not).  Not asked
	 * where a tile could go, only of a move made. */
	bool	(*move_ok)(const struct cr_game *g, int ext, const struct cr_move *m,
		    const struct hood *h, struct cr_refusal *why);
	/* Veto on a piece of the module's own (asked only of the module
	 * whose piece the move puts down; a rule on others' pieces is
	 * move_ok's): the tile is legal, the piece's kind found at the spot
	 * (seg: the segment in the tile type); h the squares around the
	 * tile, as move_ok has them (for cr_move_joins). */
	bool	(*piece_ok)(const struct cr_game *g, int ext, const struct cr_move *m,
		    const struct hood *h, int seg, struct cr_refusal *why);
	/* Would the move's choice bring home one of the mover's pieces of
	 * pool (all modules' numbering) before its piece goes down (a herd
	 * frees the shepherd, which may go down again at once)? */
	bool	(*returns)(const struct cr_game *g, int ext, const struct cr_move *m, int pool);
	/* The tile lies on the board; the move's choice is made now, before
	 * its piece goes down (a flock grows or is herded).  Asked only of
	 * the module whose choice the move makes (cr_move.choice). */
	void	(*choose)(struct cr_game *g, int ext, const struct cr_move *m, int move);
	/* The move was applied (tile, piece), nothing scored yet. */
	void	(*placed)(struct cr_game *g, int ext, const struct cr_move *m, int move);
	/* A road, city or cloister with root `root` was completed by the move,
	 * followers on it or not, before it is paid (goods to the placer). */
	void	(*completed)(struct cr_game *g, int ext, int root, int move);
	/* The placement m is scored: does the same player play again (a
	 * bonus tile earned by the scoring)?  Asked of every module in play
	 * that has it; a module that knows it when the tile lies says so
	 * from placed instead (cr_move_again). */
	bool	(*again)(struct cr_game *g, int ext, const struct cr_move *m, int move);
	/* Its placed hook may give the mover another tile (cr_move_again):
	 * said here, with again, so that what a game allows can be told from
	 * the table (a check of turns: two placements in a row only then). */
	bool	again_placed;
	/* The tile of m was discarded (it fits nowhere): the module follows
	 * (a bonus tile drawn from its pile), and says whether the turn
	 * passes now; false, as every game's rule has it for a land tile,
	 * the same player draws again.  The turn passes if one module says
	 * so.  Asked of every module in play. */
	bool	(*discarded)(struct cr_game *g, int ext, const struct cr_move *m, int move);
	/* A feature's price: ev is the base arithmetic for the feature with
	 * root `root`, complete or not (ev->reason says when it is paid);
	 * the module may change the prices and add a note or terms. */
	void	(*price)(const struct cr_game *g, int ext, int root, struct cr_event *ev);
	/* A majority tied (ev->winners has several players): the module may
	 * keep some of them (a follower on a hill).  Before the price. */
	void	(*tiebreak)(const struct cr_game *g, int ext, int root, struct cr_event *ev);
	/* What the module keeps on the feature with root `root` (a flock),
	 * as the event it would make now; false if nothing. */
	bool	(*keeps)(const struct cr_game *g, int ext, int root, struct cr_event *ev);
	/* The final scoring ran; the module adds its own (goods...). */
	void	(*final)(struct cr_game *g, int ext, int move);
	/* How the game ends, where the supply running out is not all: after
	 * each move but end (move, 1-based, applied and scored; 0 at the
	 * start, the start tile down), is the game over now?  The final scoring follows at once.  Every module in
	 * play that has the hook must agree (each may keep the game going: a
	 * bonus tile still due after the last tile of the supply); a game
	 * whose modules have none ends when the supply is empty
	 * (cr_game_supply_total, less the tiles taken out unseen). */
	bool	(*over)(const struct cr_game *g, int ext, int move);

	/* Counts per player the module keeps (goods tokens): their names,
	 * and each player's count, for the score table and JSON. */
	const char	*const *counters;
	int		 ncounters;
	const char	*counter_group;	/* what they are, together: "goods" */
	int	(*counter)(const struct cr_game *g, int ext, int player, int i);

	/* What the players do by hand that a move's line does not say (the
	 * table REPL tells them).  For move `move` (1-based, applied; later
	 * moves may follow it): a phrase of the module (CR_PHRASE, its
	 * {tile} and {pos} the move's), 0 for nothing: a hill has a tile slid
	 * under it. */
	int	(*table)(const struct cr_game *g, int ext, int move);
	/* Where the tiles the module takes out unseen lie (cr_game_hidden),
	 * N_() words for people ("under hills"); NULL: it hides none.  And
	 * how many it has taken out so far (cr_supply_hide), kept in its
	 * own state. */
	const char	*hidden;
	int	(*unseen)(const struct cr_game *g, int ext);

	/* ---- A start of several squares (issue 21: the Wheel of Fortune's
	 * board) ----------------------------------------------------------
	 * The squares laid at the start instead of the start tile at 0,0:
	 * how many (0: none, the start tile as usual), *sq pointing at them
	 * (cr_square: a tile type of the tile set, its square, its
	 * rotation), in the order they are laid, each after the first beside
	 * one laid before it.  Each is a tile like any other once down: its
	 * edges join the tiles placed beside it, its features count it as
	 * one tile, the squares around it are no longer free, and one copy
	 * of its type leaves the supply (the data gives each count 1, so
	 * that none is ever drawn).  The start tile (cr_tileset.start, or
	 * the one start gave) is then out of the game: one copy of it leaves
	 * the supply unplaced.  Inner sides that no tile may ever meet are
	 * edges of a kind of the module's whose squares face each other.
	 * Called by cr_game_reset after start; the last module in play that
	 * gives squares lays them. */
	int	(*start_squares)(struct cr_game *g, int ext, const struct cr_square **sq);

	/* ---- A step before the tile goes down (issue 21: the wheel turns,
	 * its section acts) -------------------------------------------------
	 * drawn_ok: a veto on what the line says of the copy drawn (m->drawn:
	 * its tokens, those of the module's and the lack of them), against
	 * the game as it stands before the move; asked of a placement and of
	 * a discard, once the tile may be drawn (drawable), before where it
	 * lies is looked at.  drawn: the step applied, first of all the move
	 * whose line says something of the copy drawn (m->ndrawn > 0: a
	 * line that says nothing has no step, and spell is not asked either)
	 * (points through cr_game_pay, followers home through
	 * cr_figure_leave, its state), on a discard too; it never lays or
	 * lifts a tile.  The rest of the move (the tile, its piece) is then
	 * checked against the game as the step left it, and if it is refused
	 * the step is undone: a refused move changes nothing. */
	bool	(*drawn_ok)(const struct cr_game *g, int ext, const struct cr_move *m,
		    struct cr_refusal *why);
	/* drawn_asks: the types a plain line of which (saying nothing of the
	 * copy drawn) drawn_ok has anything to say of: ask[t] set for each
	 * (a byte per type of the game's tile set, zeroed), asked once the
	 * modules in play are set.  drawn_ok is asked of no other plain
	 * line; a module with drawn_ok and without drawn_asks, of every. */
	void	(*drawn_asks)(const struct cr_game *g, int ext, uint8_t *ask);
	void	(*drawn)(struct cr_game *g, int ext, const struct cr_move *m, int move);

	/* ---- What a line leaves out, written back (issue 21: the Plague's
	 * forced choices) -------------------------------------------------
	 * spell: the move as the game keeps it (what save, fmt, the journal
	 * and the REPL write), its drawn tokens (m->drawn) made whole and in
	 * the module's order: what the game decided that the line could
	 * leave out added (a follower a player had to send home), its own
	 * tokens in the order it writes them, the other modules' left as
	 * they were, before them.  Called on the game as the line found
	 * it, before drawn; the move is then checked and played as the
	 * line said it. */
	void	(*spell)(const struct cr_game *g, int ext, struct cr_move *m);

	/* ---- A follower sent home by a module (issue 21: the Plague) -------
	 * Follower fig (cr_game_figure) has just left the feature with root
	 * `root` without its feature being scored (cr_figure_leave), and
	 * that feature stays: the module may send home what stood there by
	 * it (a builder or a pig without a follower of its owner left). */
	void	(*left)(struct cr_game *g, int ext, int fig, int root, int move);

	/* ---- Copies of one type that differ (issue 21: a wheel icon and its
	 * number) ----------------------------------------------------------
	 * The supply counts copies by type; a module that tells copies of a
	 * type apart keeps its own counts in its state (undone with it),
	 * takes a copy out in its drawn hook (which runs for every copy
	 * drawn, placed or discarded), and refuses in drawn_ok a copy the
	 * counts left make impossible ("the U left show the wheel icon").
	 * variants: the copies of type `type` left, by what sets them apart
	 * (cr_variant), up to max into out; how many kinds in all, 0 when the
	 * module tells none of its copies apart.  For the supply's display
	 * (cr_game_variants) and for other modules. */
	int	(*variants)(const struct cr_game *g, int ext, int type, struct cr_variant *out,
		    int max);

	/* ---- Pieces on spaces a module owns (issue 21: crown spaces; see
	 * struct cr_space) ---------------------------------------------------
	 * spaces: its spaces' words.  space: the module's space `space` (its
	 * own number, from 0) in g: how many pieces it holds at most (0: not
	 * a space in this game), the pieces standing there, up to max into
	 * on (NULL with max 0), *n how many.  space_put: player's piece
	 * `role` now stands there (taken from the pool already), in move
	 * `move`; the module notes it in its state. */
	const struct cr_space *spaces;
	int		 nspaces;
	int	(*space)(const struct cr_game *g, int ext, int space, struct cr_standing *on,
		    int max, int *n);
	void	(*space_put)(struct cr_game *g, int ext, int space, int player, int role,
		    int move);

	/* ---- A module's own data in its tile file (issue 21: the Wheel of
	 * Fortune's board, wheel and icons) ---------------------------------
	 * datakeys: the top-level keys its tile file may have beyond set,
	 * start, tiles and tokens, NULL-ended.  data: called by the loader
	 * once the file's tiles are read (before they are indexed), with the
	 * value of each of datakeys (keys[i], NULL when absent: the module
	 * says which are required); it checks them, may add tile types
	 * (cr_tileset_add: a start of several squares) and keeps what it
	 * needs (cr_tileset_keep), read back in a game through
	 * cr_tileset_data(ts, cr_ext_set(g, ext)).  0, or -1 with err (line,
	 * column, message; the file is refused). */
	const char	*const *datakeys;
	int	(*data)(struct cr_tileset *ts, int ext, const struct cr_datum *const *keys,
		    struct cr_error *err);

	/* ---- A module's own event, said (issue 21: the wheel's actions and
	 * crown awards) ----------------------------------------------------
	 * For an event of the module's (its what is CR_PHRASE(ext, ...)):
	 * why: its words for people, the module's phrases translated through
	 * tr (notation/ gives the reader's language; rules/ never
	 * translates), each player's name in names, into buf (size bytes,
	 * NUL-ended, cut at a whole character by the caller), how long the
	 * whole is; NULL: the engine's words for a module's event.  g: the
	 * game whose event it is, to name the places of its terms (a Tax's
	 * cities, by a square of each: explain's and board's words); NULL
	 * for the words replay and JSON say.  words:
	 * what JSON adds to the event (struct cr_evword), up to max into
	 * out, how many in all.  concerns: whether the event counted
	 * something on the feature of node (a city a Tax counted), for the
	 * feature's account; NULL: none. */
	int	(*why)(int ext, const struct cr_event *ev, const struct cr_game *g,
		    const char *const *names, int nplayers, const char *(*tr)(const char *),
		    char *buf, size_t size);
	bool	(*concerns)(int ext, const struct cr_game *g, const struct cr_event *ev, int node);
	int	(*words)(int ext, const struct cr_event *ev, struct cr_evword *out, int max);
	/* The short name for JSON of each of its refusals (CR_R_EXT), by the
	 * index of its phrase ("plague-choice-missing"), NULL-ended or
	 * shorter than phrases; NULL, or NULL for one: "rule". */
	const char	*const *refusal_kinds;
	int		 nrefusal_kinds;

	/* ---- Sets not refereed together yet (issue 21: the Wheel of Fortune
	 * with the River, until the record says where the spring lies) ------
	 * The modules, by name, this one is not refereed with yet, NULL-ended:
	 * a record or a command naming both is refused as not supported yet
	 * (cr_exts_together), rather than refereed by the wrong rules. */
	const char	*const *not_with;

	/* ---- A module's state for JSON (issue 21: where the pig stands, who
	 * holds the crown spaces) ------------------------------------------
	 * state_key: the key of its object after "events" in replay --json
	 * ("wheel"), NULL: none.  state: its words there (struct cr_evword:
	 * "pig": "storm"), up to max into out, how many in all; then, under
	 * spaces_key ("crowns"), each of its spaces by word with the names of
	 * those standing there (cr_game_space). */
	const char	*state_key, *spaces_key;
	int	(*state)(const struct cr_game *g, int ext, struct cr_evword *out, int max);
	/* said: the same for people (issue 21: "the pig on Storm", after the
	 * standings line and under score), or, with m, what the step m says
	 * of the copy drawn (m->drawn) does before any follower is named ("the
	 * pig moves 2, Storm to Plague; each player sends a follower home"):
	 * into buf (size bytes, NUL-ended), the module's words through tr; how
	 * long, 0: nothing to say. */
	int	(*said)(const struct cr_game *g, int ext, const struct cr_move *m,
		    const char *(*tr)(const char *), char *buf, size_t size);

	/* ---- A module's own picture on the ASCII map (issue 21: the wheel,
	 * the pig, the crown spaces) ---------------------------------------
	 * ascii: what it draws over squares of the board it owns, a
	 * rectangle of whole squares: its south-west square into *x, *y, its
	 * size in squares into *w, *h; its cells (5 characters by 3 lines a
	 * square, the lines from the top, *w * 5 * *h * 3 bytes, at most
	 * size) into cells: a printable ASCII character, or CR_ASCII_PLAYER
	 * + p for a piece of player p (drawn as that player's capital, in
	 * its colour), or CR_ASCII_MARK for a mark of its own (drawn in the
	 * marks' colour); words in the reader's language through tr.  false:
	 * it draws nothing.  ascii_key: the line the map's key adds, N_(). */
	bool	(*ascii)(const struct cr_game *g, int ext, const char *(*tr)(const char *),
		    int *x, int *y, int *w, int *h, char *cells, size_t size);
	const char	*ascii_key;

	/* ---- The copies a module tells apart, counted (issue 21: "wheel
	 * icons left: 16 of 19" under the supply) ---------------------------
	 * variants_left: how many of the copies it tells apart from plain
	 * ones (its variants but the plain) are left in g, and into *all how
	 * many the game had at the start; variants_line: the supply's last
	 * line, N_(), its two %d those two counts.  NULL: no such line. */
	int	(*variants_left)(const struct cr_game *g, int ext, int *all);
	const char	*variants_line;

	/* ---- A module's own picture on the SVG board (issue 21: the wheel,
	 * its sections, the pig, the crown spaces) -------------------------
	 * svg: what it draws over squares of the board it owns, a rectangle
	 * of whole squares (*x, *y its south-west square, *w, *h its size,
	 * as ascii), as shapes (struct cr_svgshape) drawn in order, up to
	 * max into out (NULL with max 0); how many in all, 0: it draws
	 * nothing.  svg_keys: the entries its shapes may add to the key,
	 * numbered from 0 (cr_svgshape.key), listed after the board's own. */
	int	(*svg)(const struct cr_game *g, int ext, int *x, int *y, int *w, int *h,
		    struct cr_svgshape *out, int max);
	const struct cr_svgkey *svg_keys;
	int		 nsvg_keys;
	/* ---- A module's own keys in a record, and its data corrected there
	 * (issue 21: the Wheel of Fortune's wheel-of-fortune: and spring:) ---
	 * record_keys: the header keys its records may hold (struct
	 * cr_reckey), nrecord_keys of them; the tile game's row takes them
	 * after players, in registry order and then in this order, and
	 * refuses each in a record without the module in its expansions
	 * (kind header).  datamerge: those of datakeys (a bit each, by index)
	 * whose corrections replace the data's entries one by one (a
	 * mapping's: icons) rather than the whole value (cr_tileset_parse_fix).
	 * square_rot: for a key of CR_RK_SQUARE, the rotation its square
	 * implies (0 to 3), -1 when it implies none: how fmt writes it ("X,Y
	 * ROT").  NULL: none. */
	const struct cr_reckey *record_keys;
	int		 nrecord_keys;
	unsigned	 datamerge;
	int	(*square_rot)(int key, int x, int y);
	/* data_each: as data, for carcref tiles --check: every failure it
	 * finds said to each (a key's failure not hiding another's), how
	 * many (0: the data kept, as data does).  Asked even when some tile
	 * types failed.  NULL: data, its first failure alone. */
	int	(*data_each)(struct cr_tileset *ts, int ext, const struct cr_datum *const *keys,
		    void (*each)(void *ctx, const struct cr_error *err), void *ctx);
	/* world_check: the module's data (cr_tileset_data of its set in ts)
	 * checked against the other sets merged with it (cr_tileset_merge
	 * asks once ts holds the module's set: issue 21, an icon entry with
	 * more copies than its type has): 0, or -1 with err (the message
	 * names the data's file and line, err->line 0).  NULL: none. */
	int	(*world_check)(const struct cr_tileset *ts, int ext, struct cr_error *err);
	/* part_name, part_the, part_covers: how refusals name the squares of
	 * its start of several (cr_tiletype.part), N_(): a tile laid on one
	 * ("one tile per square: U at 1,2, but the Wheel of Fortune board
	 * lies there (it covers 0,0 to 3,3)"), an edge against one ("the
	 * board shows city on the N edge of 0,3").  NULL: as a tile. */
	const char	*part_name, *part_the, *part_covers;
	/* space_what, space_form: how the reading names its spaces (struct
	 * cr_space) when a piece's space is missing or unknown, N_(): "a
	 * section of the wheel", "SECTION" ("expected @SECTION after
	 * \"crown\"").  NULL: "a space for PIECE", "SPACE". */
	const char	*space_what, *space_form;
	/* set_mark: how refusals name the mark printed on its tiles, N_():
	 * a type with no copy left names its twin of this set, a type of the
	 * same layout ("no copy left: all 8 U are used ...; a U with the
	 * Wheel of Fortune set symbol is WF-31").  NULL: none said. */
	const char	*set_mark;
	/* set_doubt: the doubt its data states (a data key's free text: what
	 * is read from pictures, not certain), shown by carcref tiles --set
	 * NAME; *source the data's file (NULL: a record's).  NULL: none. */
	const char	*(*set_doubt)(const struct cr_tileset *ts, int ext, const char **source);

	/* ---- A start tile that yields to a start of several squares (issue
	 * 21: the River's spring beside the Wheel of Fortune's board) -------
	 * When another module in play lays a start of several squares
	 * (start_squares), the start tile this module's start hook gave is
	 * not laid at 0,0: the set's own start tile (cr_tileset.start) leaves
	 * the supply unplaced instead, and this one is laid at the set-up,
	 * beside the squares, where the game's set-up says (cr_config.beside:
	 * a record's key of CR_RK_SQUARE, spring:).  The engine refuses a
	 * square that holds a tile (CR_R_OCCUPIED), asks beside, then refuses
	 * a square touching no tile (CR_R_NOT_ADJACENT) and edges that do not
	 * match (CR_R_EDGE_MISMATCH), as for a move.  beside: with the squares
	 * down, the rotation the tile of type `type` lies at on x,y (rot: the
	 * rotation the set-up gives, -1 none), or -1 with why (the module's
	 * refusal, CR_R_EXT: a rotation that is not the one the square
	 * implies).  NULL: the module's start tile does not yield (the start
	 * squares replace it). */
	int	(*beside)(const struct cr_game *g, int ext, int type, int x, int y, int rot,
		    struct cr_refusal *why);
};
#define CR_ASCII_MARK	'\x01'
#define CR_ASCII_PLAYER	'\x02'	/* + player: below ' ' for CR_MAXPLAYERS <= 8 */

/* ---- The engine as a module sees it (rules/seam.c) ----------------------
 *
 * A module reads and changes a game through these calls and the public
 * ones of game.h (cr_game_turn, cr_game_tile, cr_game_at, cr_game_supply,
 * cr_game_move...), never through the engine's arrays.  A feature is
 * named by a node: a segment of a placed tile (cr_placed.seg0 + its
 * segment in the type); every member of a feature has the same root,
 * which changes when features join.  Everything a module changes goes
 * through the undo log: its own state (cr_ext_state), scores (cr_game_pay),
 * pieces sent home (cr_figure_home), the supply (cr_supply_hide).
 */

/* The module's own state (state_size bytes, zeroed at the start): to
 * change it (copied to the undo log the first time in a move), or to
 * read it. */
void	*cr_ext_state(struct cr_game *g, int ext);
static inline const void *
cr_ext_cstate(const struct cr_game *g, int ext)
{
	return cr__head(g)->xstate + cr__head(g)->xoff[ext];
}
/* Module ext's tile set in g (an index among the tile set's sets), -1
 * when it has none in play. */
int	cr_ext_set(const struct cr_game *g, int ext);
/* Its data in g: cr_tileset_data(cr_game_tileset(g), cr_ext_set(g, ext),
 * NULL) in one call (a module asks several times a move). */
const void *cr_ext_data(const struct cr_game *g, int ext);

/* A number that changes whenever a piece comes onto the board or leaves
 * it, a move is undone or the game set up again, never given twice (not
 * even to another game): what a module works out of the pieces on the
 * board may be kept while it stays the same.  *epoch (unless NULL) gets
 * another that changes only when a move is undone or the game set up
 * again: while it stays the same, pieces only come onto the board (each
 * a new figure, after the others) and leave it (never to come back). */
uint64_t cr_game_figstamp(const struct cr_game *g, uint64_t *epoch);
/* The pieces that left the board so far, counted (a number that only
 * grows, wrapping), and the k-th of them while it is one of the last 16
 * (else -1).  Within an epoch (cr_game_figstamp), none has left while
 * the count stays the same; what a hook's call sent home (the Wheel:
 * the pig or builder that goes with a follower Plague sends home) is
 * those from the count before the call to the count after. */
unsigned cr_game_lifts(const struct cr_game *g);
int	cr_game_lifted(const struct cr_game *g, unsigned k);
/* The root of the feature a piece (cr_game_figure) stands on, -1 for one
 * gone home. */
int	cr_figure_root(const struct cr_game *g, int fig);
/* A piece that owns no feature (a shepherd) goes home now, and so does
 * a follower that stays (CR_PIECE_STAYS: its module says when); another
 * follower goes home with its feature, when it is scored. */
void	cr_figure_home(struct cr_game *g, int fig);
/* Issue 21: any piece on the board, a follower too, goes home now
 * without its feature being scored (the Plague), logged for undo; a
 * follower's feature counts one follower less, and the modules' left
 * hooks are told (move: the move doing it). */
void	cr_figure_leave(struct cr_game *g, int fig, int move);
/* Issue 21: a piece off a module's space (struct cr_space) goes back to
 * player's supply (the pool of its piece `role`), logged for undo; the
 * module has dropped it from its own state. */
void	cr_space_home(struct cr_game *g, int player, int role);

/* A node: its feature's root, the next member of its feature (round a
 * circle back to it), its placed tile (an index for cr_game_tile), its
 * segment in the tile's type, its kind, and the figure standing on it
 * (-1). */
int	cr_feature_root(const struct cr_game *g, int node);
int	cr_feature_next(const struct cr_game *g, int node);
int	cr_node_tile(const struct cr_game *g, int node);
int	cr_node_seg(const struct cr_game *g, int node);
int	cr_node_kind(const struct cr_game *g, int node);
int	cr_node_figure(const struct cr_game *g, int node);
/* The value of attribute a (cr_tile_attr) on the node's segment. */
int	cr_node_attr(const struct cr_game *g, int node, int a);
/* What its tile's data says of the node's segment (kind, ports, end...). */
const struct cr_seg *cr_node_data(const struct cr_game *g, int node);
/* The node's tile type and its segment there (*seg): what a module
 * walking a feature asks of each node at once (cr_tile_attr). */
const struct cr_tiletype *cr_node_type(const struct cr_game *g, int node, int *seg);
/* All a walk of a feature asks of a node, in one call: its tile type,
 * its segment there, its tile (cr_game_tile), its figure (-1) and the
 * next node of its feature (cr_feature_next). */
struct cr_nodeview {
	const struct cr_tiletype *type;
	int	seg, tile, figure, next;
};
void	cr_node_view(const struct cr_game *g, int node, struct cr_nodeview *v);
/* A feature by its root: the ports it leaves open (0: complete; a
 * cloister: its neighbours missing), and the flags of its segments or'ed
 * (an inn...). */
int	cr_feature_open(const struct cr_game *g, int root);
unsigned cr_feature_flags(const struct cr_game *g, int root);
/* A feature by its root: the count its segments carry, summed
 * (CR_ATTR_SUMMED: a city's pennants), as cr_game_feature says it
 * without walking the feature. */
int	cr_feature_summed(const struct cr_game *g, int root);
/* Does player p have a piece with all of the CR_PIECE_* flags `flags`
 * (0: any piece) on the feature with root `root`? */
bool	cr_feature_holds(const struct cr_game *g, int root, int p, unsigned flags);
/* The land feature with root `land` (a field) and the features its
 * segments border (cities, next_to in the tile data): does it border the
 * feature with root c; how many of them are complete (each once). */
bool	cr_feature_borders(const struct cr_game *g, int land, int c);
int	cr_feature_bordered(const struct cr_game *g, int land);
/* Does a segment of the placed tile `tile` (an index for cr_game_tile)
 * belong to the feature the piece fig (cr_game_figure) stands on?  False
 * for a piece gone home.  One call: a module asks it every move. */
bool	cr_tile_joins_figure(const struct cr_game *g, int tile, int fig);
/* In placed: did the tile just placed complete a feature of its own
 * segments (false: no field, road or city was closed by it)? */
bool	cr_move_completes(const struct cr_game *g);
/* In placed: did it complete a feature of kind `kind` (a field: CR_FIELD)? */
bool	cr_move_closes(const struct cr_game *g, int kind);

/*
 * A placement being checked (m, its tile not down yet; h the squares
 * around it as move_ok has them, or NULL): would the tile touch the
 * feature with root `root` through one of its edges; the features on
 * the board segment seg of the tile would belong to once joined (their
 * roots into roots, at most CR_MAXJOINS), how many.
 */
#define CR_MAXJOINS	(3 * CR_NDIRS)
bool	cr_move_touches(const struct cr_game *g, const struct cr_move *m, const struct hood *h,
	    int root);
int	cr_move_joins(const struct cr_game *g, const struct cr_move *m, const struct hood *h,
	    int seg, int *roots);
/* cr_move_joins and cr_feature_holds in one call, the question of a
 * piece that must join its owner's follower (Traders & Builders' builder
 * and pig, each one put down): does a feature on the board that segment
 * seg of the tile would belong to hold a piece of player p with all of
 * the CR_PIECE_* flags `flags`?  The features seg meets itself, across
 * its own edges, are asked first: the answer is nearly always among
 * them, and the search of every feature it joins (cr_move_joins, a few
 * hundred instructions) is left for the rest (rules/query.c). */
bool	cr_move_joins_held(const struct cr_game *g, const struct cr_move *m,
	    const struct hood *h, int seg, int p, unsigned flags);
/* cr_move_touches for the feature a piece (cr_game_figure; -1 for none)
 * stands on, in one call: false for none or one gone home.  A module
 * asks it nearly every move (is the tile near the mover's shepherd?).
 * A hood h is the one move_ok or piece_ok was handed, the tile known to
 * fit there: only the neighbours' edges are read (NULL: found, and both
 * sides read). */
bool	cr_move_touches_figure(const struct cr_game *g, const struct cr_move *m,
	    const struct hood *h, int fig);

/* Scoring: what an event pays each winner (cr_event.pay) from its
 * arithmetic, and whether it pays anybody; record it for move `move`
 * and pay each winner its pay[]. */
bool	cr_event_settle(struct cr_event *ev);
void	cr_game_pay(struct cr_game *g, struct cr_event *ev, int move);
/* Issue 23: the room the game's next event is kept in (within a move's
 * hook it is reserved; else, if the game has none, `room`), cleared, its
 * reason CR_EV_MODULE and feature -1.  An event built there and handed to
 * cr_game_pay is kept without a copy (the Wheel pays one most spins);
 * nothing else may pay an event or send a piece home in between. */
struct cr_event *cr_game_event_room(struct cr_game *g, struct cr_event *room);
/* What the feature with root `root` pays now, complete or as it stands
 * (reason: when it is paid), by its kind's price and the modules' in
 * play: its event, and whether it pays anybody. */
bool	cr_feature_event(const struct cr_game *g, int root, int reason, struct cr_event *ev);
/* The features of kind `kind` with pieces on them, by root, in root
 * order (the order they are paid in): how many; *roots points at them
 * until the next query. */
int	cr_features_held(const struct cr_game *g, int kind, const int **roots);

/* The supply: take one of the tiles left to draw out unseen (under a
 * hill), false when none is left; and how many tiles left the supply in
 * move `move` (1-based: placed or discarded, and any taken out unseen). */
bool	cr_supply_hide(struct cr_game *g);
int	cr_game_drawn(const struct cr_game *g, int move);
/* The copies left of the types first to first + n - 1 together. */
int	cr_supply_of(const struct cr_game *g, int first, int n);

/*
 * Module ext has applied its rules of the move for the last time (the
 * River once its last tile lies): from the end of this move on, its
 * hooks that check or play a move (drawable, tile_ok, move_ok, piece_ok,
 * returns, choose, placed, again, discarded, drawn_ok, drawn, spell) are
 * no longer asked, so that the moves after pay nothing for them; those
 * of scoring (completed, price, tiebreak, final, over, left) still are.
 * Undoing the move asks them again, as does the next game of a batch.
 * Called from a hook that plays a move (placed, discarded, drawn): a
 * drawn step whose rest is then refused leaves the hooks as they were.
 */
void	cr_game_rules_done(struct cr_game *g, int ext);

/*
 * The mover plays again (a builder's second tile): said from a placement's
 * placed hook, whose answer needs nothing the move's scoring does.  A
 * module whose answer does (a bonus tile earned by a closed forest) has
 * the again hook, asked after the scoring; a module with neither costs
 * no call a move (Traders & Builders asked again on every placement).
 */
void	cr_move_again(struct cr_game *g);

/*
 * A game of the family played on this engine, its modules' rules
 * together: the tile game's notation/ and cmd/ rows name it.  Games are
 * numbered in the registry (cr_games, rules/registry.c), the tile game
 * 0; a tile set is one game's (cr_tileset.game: the game of the module
 * its set names), and a game on it plays by that game's rules: the
 * modules it has, the words its records use for their pieces, tokens
 * and choices (a word of another game's module means nothing there: F
 * may be a farmer in one game and a fisher in another), its editions.
 */
struct cr_rules {
	const char	*name;		/* as records name the game: "carcassonne" */
	/* Its modules, by name (the registry's), NULL-ended: on, in play in
	 * every game of it (the base game); may, those a game may add (the
	 * expansions a record names).  Registry order is the order they
	 * are asked in. */
	const char	*const *on;
	const char	*const *may;
	/* Modules the notation names for it whose rules are not written yet
	 * (no module in the registry): a record naming one is refused as not
	 * supported yet, rather than refereed by wrong rules.  NULL-ended. */
	const char	*const *later;
	/* Its editions, numbered 1 to editions, the last the default; 0: it
	 * has none, and a game of it is played as edition 0. */
	int		 editions;
	/* What people search its tiles by, N_(): the letters of its kinds on
	 * edges, in words ("C city, R road, F field, W river"), edges read
	 * clockwise for an example ("CRFR"), the letters alone ("CRFW"). */
	const char	*edge_letters;
	const char	*edge_example;
	const char	*edge_letters_all;	/* the letters alone: "CRFW" */
	/* Marks its tile files may show that no module gives a rule to
	 * (River II's volcano), numbered after the modules' attributes. */
	const struct cr_attr *attrs;
	int		 nattrs;
	/* Top-level keys its tile files may write holding a count, 0 to
	 * 1000 (a bonus pile's size), NULL-ended: kept among the set's
	 * tokens under the key's name (cr_tileset_tokens). */
	const char	*const *setkeys;
	/* Whether its types may say what in them is guessed (doubt: TEXT,
	 * one line: cr_tileset.doubt). */
	bool		 doubt;
	/* A prefix its codes carry that a move may leave out ("HG-":
	 * ffmm4 is HG-FFMM4), NULL for none. */
	const char	*prefix;
	/* The game's own checks of a type once read, beyond those of its
	 * kinds (a segment ending at a lake on a tile without one; the code
	 * scheme): NULL when it passes, else the words of the check (N_(),
	 * after the loader's "tile CODE: ") and *feature the feature at fault (its
	 * index in the type, -1 for the type).  NULL: none. */
	const char	*(*type_check)(const struct cr_tiletype *t, int *feature);
	/* The game's checks of a whole set once read, or once corrected
	 * (cr_tileset_patch): what depends on the start type (its code is
	 * free of the scheme; it is no bonus tile) and on every type
	 * together.  NULL when it passes, else the words (N_(), at most one
	 * %s: the code of the type at fault, or of the start) and *type that
	 * type's index (-1: the set's start).  NULL: none. */
	const char	*(*set_check)(const struct cr_tileset *ts, int *type);
};

/* The games (rules/registry.c), the tile game first. */
#define CR_MAXGAMES	8
extern const struct cr_rules *const cr_games[];
extern const int cr_ngames;

/* The registry (rules/registry.c): every module, the base first. */
extern const struct cr_ext *const cr_exts[];
extern const int cr_nexts;

/* A module by name (as records name it), -1 if none. */
int	cr_ext_find(const char *name, size_t len);
/* A game by name (as records name it), -1 if none; the game module ext
 * belongs to (the first that has it), and the game of a tile set called
 * set (the game that has a module of that name), 0 when no game has it;
 * whether name (len bytes) is among game r's later. */
int	cr_rules_find(const char *name, size_t len);
int	cr_ext_rules(int ext);
int	cr_rules_of_set(const char *set);
bool	cr_rules_later(int r, const char *name, size_t len);

/*
 * Pieces and pools over all modules, numbered once: piece 0 is "none",
 * the base game's thief, knight, monk and farmer keep 1..4 (enum
 * cr_role).  The pieces of every module are known whether it is in play
 * or not, so a word of a module not in play is understood, and refused
 * by name.
 */
struct cr__tab {
	bool		 done;
	int		 npieces, npools, nwords;
	const struct cr_piece *piece[CR_MAXPIECES];
	int8_t		 piece_ext[CR_MAXPIECES], piece_pool[CR_MAXPIECES];
	const struct cr_pool *pool[CR_MAXPOOLS];
	int8_t		 pool_ext[CR_MAXPOOLS];
	int8_t		 piece0[CR_MAXEXTS];	/* each module's first piece */
	uint8_t		 piece_kind[CR_MAXPIECES][2];	/* kind and kind2, numbered */
	/* Kinds, numbered over all modules (the base game's first). */
	int		 nkinds;
	const struct cr_kinddef *kind[CR_MAXKINDS];
	int8_t		 kind_ext[CR_MAXKINDS], kind0[CR_MAXEXTS];
	uint8_t		 kind_beside[CR_MAXKINDS], kind_borders[CR_MAXKINDS];
	uint8_t		 kind_flags[CR_MAXKINDS];
	/* Attributes (then the games' own), ends, filters, numbered; the
	 * slots of cr_tiletype.value in use. */
	int		 nattrs, nends, nfilters, nvalues;
	const struct cr_attr *attr[CR_MAXATTRS];
	int8_t		 attr_ext[CR_MAXATTRS], attr0[CR_MAXEXTS];	/* -1: a game's */
	uint8_t		 attr_on[CR_MAXATTRS][2];
	/* Where a segment keeps an attribute: its flags' bit (a flag), its
	 * tile's marks' bit (a mark), its slot in cr_tiletype.value (a word,
	 * a count not summed); a summed count is its pennants. */
	uint8_t		 attr_at[CR_MAXATTRS];
	uint32_t	 attr_bit[CR_MAXATTRS];	/* a flag's or a mark's, else 0 */
	const struct cr_end *end[CR_MAXENDS];	/* [0] unused: none */
	int8_t		 end_ext[CR_MAXENDS], end0[CR_MAXEXTS];
	const struct cr_filter *filter[CR_MAXFILTERS];
	uint8_t		 filter_kind[CR_MAXFILTERS];
	int8_t		 filter_attr[CR_MAXFILTERS];
	/* Every piece's word and alias, folded to lower case, in the
	 * modules' order: what cr_piece_find reads (rules/ext.c indexes
	 * them per game). */
	struct cr__word { char w[24]; uint8_t len, id; } word[4 * CR_MAXPIECES];
	/* Each game's modules (cr_rules), a bit per module: those on, and
	 * all of its (on and may). */
	uint32_t	 game_on[CR_MAXGAMES], game_mods[CR_MAXGAMES];
	int8_t		 attr_game[CR_MAXATTRS];	/* a game's own attribute's game, -1 */
	/* Tokens and choices, numbered from 1 (0: none). */
	int		 ntokens, nchoices;
	const struct cr_token *token[CR_MAXTOKENS];
	const struct cr_choice *choice[CR_MAXCHOICES];
	int8_t		 token_ext[CR_MAXTOKENS], choice_ext[CR_MAXCHOICES];
	/* Spaces (issue 21), numbered from 1 (0: none). */
	int		 nspaces;
	const struct cr_space *space[CR_MAXSPACES];
	int8_t		 space_ext[CR_MAXSPACES], space0[CR_MAXEXTS];
};
extern struct cr__tab cr__tab;
void	cr__number(void);

static inline int
cr_npieces(void)		/* pieces, "none" included */
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.npieces;
}

static inline const struct cr_piece *
cr_piece(int id)		/* NULL out of range or for 0 */
{
	return id > 0 && id < cr_npieces() ? cr__tab.piece[id] : NULL;
}

static inline int
cr_piece_ext(int id)		/* the module a piece belongs to, -1 */
{
	return id > 0 && id < cr_npieces() ? cr__tab.piece_ext[id] : -1;
}

/* The module of the piece of a move being played (placed, again: the
 * move checked, its role in range, the tables numbered), -1 for none:
 * read in place, no call (a hook that makes none saves no registers). */
static inline int
cr_move_piece_ext(const struct cr_move *m)
{
	return m->role != CR_ROLE_NONE ? cr__tab.piece_ext[m->role] : -1;
}

static inline int
cr_ext_piece(int ext, int local)	/* module ext's piece number local, numbered over all */
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.piece0[ext] + local;
}

static inline int
cr_piece_pool(int id)		/* its pool, numbered over all modules, -1 */
{
	return id > 0 && id < cr_npieces() ? cr__tab.piece_pool[id] : -1;
}

/* A piece of game r's modules by word or alias, any case; 0 if none. */
int	cr_piece_find(int r, const char *word, size_t len);

/* Game r's modules (cr_rules): those on in every game of it, and all of
 * them, a bit per module (cr_exts[e]: bit e); 0 for a game out of range. */
static inline uint32_t
cr_rules_on(int r)
{
	if (!cr__tab.done)
		cr__number();
	return r >= 0 && r < cr_ngames && r < CR_MAXGAMES ? cr__tab.game_on[r] : 0;
}

static inline uint32_t
cr_rules_modules(int r)
{
	if (!cr__tab.done)
		cr__number();
	return r >= 0 && r < cr_ngames && r < CR_MAXGAMES ? cr__tab.game_mods[r] : 0;
}

/* The game a game is played by: its tile set's (cr_games[...]). */
static inline int
cr_game_rules(const struct cr_game *g)
{
	return cr_game_tileset(g)->game;
}

/* A piece's kind (which 0) and its other (which 1), numbered. */
static inline int
cr_piece_kind(int id, int which)
{
	return id > 0 && id < cr_npieces() ? cr__tab.piece_kind[id][which != 0] : -1;
}

/* Kinds: how many, by number (NULL out of range), the module of one,
 * module ext's own number local, and by name (-1 if none). */
static inline int
cr_nkinds(void)
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.nkinds;
}

static inline const struct cr_kinddef *
cr_kind(int k)
{
	return k >= 0 && k < cr_nkinds() ? cr__tab.kind[k] : NULL;
}

static inline int
cr_kind_ext(int k)
{
	return k >= 0 && k < cr_nkinds() ? cr__tab.kind_ext[k] : -1;
}

static inline int
cr_ext_kind(int ext, int local)
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.kind0[ext] + local;
}

/* A kind's flags (CR_KIND_*) and, for a line, the land beside it: asked
 * per move, from the numbered copies. */
static inline unsigned
cr_kind_flags(int k)
{
	return cr_kind(k) ? cr__tab.kind_flags[k] : 0;
}

static inline int
cr_kind_beside(int k)
{
	return cr_kind(k) ? cr__tab.kind_beside[k] : -1;
}

static inline int
cr_kind_borders(int k)
{
	return cr_kind(k) ? cr__tab.kind_borders[k] : -1;
}

int	cr_kind_find(const char *name, size_t len);

/*
 * Attributes (the modules', then the games' own marks: cr_attr_ext -1),
 * ends (from 1: 0 is none) and filters, numbered: how many, by number
 * (NULL out of range), module ext's own number local, and by the key
 * the tile files write (a feature's key, a mark's name; -1 if none).
 */
static inline int
cr_nattrs(void)
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.nattrs;
}

static inline const struct cr_attr *
cr_attr(int a)
{
	return a >= 0 && a < cr_nattrs() ? cr__tab.attr[a] : NULL;
}

static inline int
cr_attr_ext(int a)
{
	return a >= 0 && a < cr_nattrs() ? cr__tab.attr_ext[a] : -1;
}

static inline int
cr_ext_attr(int ext, int local)
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.attr0[ext] + local;
}

int	cr_attr_find(const char *key, size_t len);

/* Whether attribute a belongs to game r: one of its modules', or its own
 * (a mark of the game's with no rule). */
static inline bool
cr_attr_of(int a, int r)
{
	if (cr_attr(a) == NULL)
		return false;
	return cr__tab.attr_ext[a] < 0 ? cr__tab.attr_game[a] == r :
	    (cr_rules_modules(r) >> cr__tab.attr_ext[a] & 1) != 0;
}

/* Whether attribute a may be said of a feature of kind k. */
static inline bool
cr_attr_on(int a, int k)
{
	return cr_attr(a) != NULL && (cr__tab.attr_on[a][0] == k || cr__tab.attr_on[a][1] == k);
}

/* A flag's bit in a segment's flags (cr_seg.flags, or'ed over a
 * feature: cr_feature_flags), a mark's in a tile's marks; 0 for another. */
static inline unsigned
cr_attr_bit(int a)
{
	return a >= 0 && a < cr_nattrs() ? cr__tab.attr_bit[a] : 0;
}

/* The value of attribute a on segment s of a tile type: a count, 1 or 0
 * for a flag or a mark (the tile's), a word's number (0: none), the
 * line's end, whether the land names what it borders. */
static inline int
cr_tile_attr(const struct cr_tiletype *t, int s, int a)
{
	const struct cr_attr *x = cr_attr(a);

	if (x == NULL || s < 0 || s >= t->nseg)
		return 0;
	/* A count or a flag of another kind's (another game's, sharing the
	 * slot or the bit) is not this segment's. */
	if ((x->type == CR_ATTR_COUNT || x->type == CR_ATTR_FLAG || x->type == CR_ATTR_EDGES) &&
	    !cr_attr_on(a, t->seg[s].kind))
		return 0;
	switch (x->type) {
	case CR_ATTR_COUNT:
		return x->flags & CR_ATTR_SUMMED ? t->seg[s].pennants :
		    t->value[s][cr__tab.attr_at[a]];
	case CR_ATTR_WORD:
	case CR_ATTR_EDGES:
		return t->value[s][cr__tab.attr_at[a]];
	case CR_ATTR_FLAG:
		return (t->seg[s].flags & cr_attr_bit(a)) != 0;
	case CR_ATTR_MARK:
	case CR_ATTR_TILE:
		return (t->marks & cr_attr_bit(a)) != 0;
	case CR_ATTR_END:
		return t->seg[s].end;
	default:
		return t->seg[s].next_to != 0;
	}
}

/* The same without the checks, for a module reading its own count,
 * word or edges attribute (not a summed one) on a segment it knows to be
 * of a kind the attribute is on: a walk of its feature, node by node. */
static inline int
cr_seg_value(const struct cr_tiletype *t, int s, int a)
{
	return t->value[s][cr__tab.attr_at[a]];
}

/* A flag attribute's value on segment s, likewise unchecked. */
static inline bool
cr_seg_flag(const struct cr_tiletype *t, int s, int a)
{
	return (t->seg[s].flags & cr__tab.attr_bit[a]) != 0;
}

/* A word's name: value v of attribute a ("wine"), NULL for none. */
static inline const char *
cr_attr_word(int a, int v)
{
	const struct cr_attr *x = cr_attr(a);
	int n = 0;

	while (x != NULL && x->words != NULL && x->words[n] != NULL)
		n++;
	return v >= 1 && v <= n ? x->words[v - 1] : NULL;
}

/* The look of value v of attribute a (a word's own, else its only one),
 * NULL for none. */
static inline const struct cr_look *
cr_attr_look(int a, int v)
{
	const struct cr_attr *x = cr_attr(a);

	if (x == NULL || x->looks == NULL || v <= 0)
		return NULL;
	if (x->type != CR_ATTR_WORD)
		return &x->looks[0];
	return cr_attr_word(a, v) != NULL ? &x->looks[v - 1] : NULL;
}

static inline int
cr_nends(void)		/* none included: ends are 1 to cr_nends() - 1 */
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.nends;
}

static inline const struct cr_end *
cr_end(int e)
{
	return e >= 1 && e < cr_nends() ? cr__tab.end[e] : NULL;
}

static inline int
cr_ext_end(int ext, int local)
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.end0[ext] + local;
}

static inline int
cr_nfilters(void)
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.nfilters;
}

static inline const struct cr_filter *
cr_filter(int i)
{
	return i >= 0 && i < cr_nfilters() ? cr__tab.filter[i] : NULL;
}

/* Does tile type t match filter i (cr_filter: its segments)? */
bool	cr_filter_match(const struct cr_tiletype *t, int i);

/* Tokens and choices: by number (NULL for 0 or out of range), their
 * module, and by word or alias among game r's modules' (any case; 0 if
 * none). */
static inline const struct cr_token *
cr_token(int id)
{
	if (!cr__tab.done)
		cr__number();
	return id > 0 && id <= cr__tab.ntokens ? cr__tab.token[id] : NULL;
}

static inline int
cr_token_ext(int id)
{
	return cr_token(id) ? cr__tab.token_ext[id] : -1;
}

int	cr_token_find(int r, const char *word, size_t len);

static inline const struct cr_choice *
cr_choice(int id)
{
	if (!cr__tab.done)
		cr__number();
	return id > 0 && id <= cr__tab.nchoices ? cr__tab.choice[id] : NULL;
}

static inline int
cr_choice_ext(int id)
{
	return cr_choice(id) ? cr__tab.choice_ext[id] : -1;
}

int	cr_choice_find(int r, const char *word, size_t len);
/* Whether the modules exts (a bit per module) are refereed together;
 * false with two of them that are not yet (cr_ext.not_with) in *a, *b. */
bool	cr_exts_together(uint32_t exts, int *a, int *b);
/* Spaces (issue 21): by number (NULL for 0 or out of range), their
 * module, their number in it (from 0), and by word or alias among game
 * r's modules' (any case; 0 if none). */
static inline const struct cr_space *
cr_space(int id)
{
	if (!cr__tab.done)
		cr__number();
	return id > 0 && id <= cr__tab.nspaces ? cr__tab.space[id] : NULL;
}

static inline int
cr_space_ext(int id)
{
	return cr_space(id) ? cr__tab.space_ext[id] : -1;
}

int	cr_space_local(int id);
int	cr_space_find(int r, const char *word, size_t len);
/* Every token module ext's moves may name (sheep=1 ... sheep=4, wolf),
 * as CR_TOKEN values into out; how many. */
int	cr_token_args(int ext, int *out, int max);
static inline int
cr_npools(void)
{
	if (!cr__tab.done)
		cr__number();
	return cr__tab.npools;
}

static inline const struct cr_pool *
cr_pool(int id)
{
	return id >= 0 && id < cr_npools() ? cr__tab.pool[id] : NULL;
}

static inline int
cr_pool_ext(int id)
{
	return id >= 0 && id < cr_npools() ? cr__tab.pool_ext[id] : -1;
}

/* The words of a phrase id (module << 8 | index), "" if none; for a
 * phrase with a count, its words for one.  cr_phrase_plural: the words
 * for more than one of such a phrase, NULL for any other. */
const char *cr_phrase(int id);
const char *cr_phrase_plural(int id);
#define CR_PHRASE(ext, i)	((ext) << 8 | (i))

#endif
