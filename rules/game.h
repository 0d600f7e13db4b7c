/*
 * game.h -- a game of Carcassonne: board, features, meeples, turns,
 * scoring and undo.  The engine's public face.
 *
 * Pure state and rules: nothing here reads files, prints or exits.  A move
 * is checked completely before anything changes, so a refused move leaves
 * the game exactly as it was; an accepted one is recorded as a small delta
 * that undo reverses.
 */
#ifndef CR_GAME_H
#define CR_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "geom.h"
#include "tileset.h"

#define CR_MAXPLAYERS	8	/* Big Box */
#define CR_MEEPLES	7	/* each player's supply; the eighth counts the score */
#define CR_MAXEXTS	16	/* rules modules (rules/ext.h) */
#define CR_MAXPOOLS	8	/* supplies of pieces per player, over all modules */
#define CR_MAXPIECES	32	/* piece words, over all modules */
#define CR_MAXTOKENS	8	/* token words, over all modules */
#define CR_MAXCHOICES	8	/* choice words, over all modules */
#define CR_MAXSPACES	16	/* spaces off the tiles, over all modules (rules/ext.h) */

/*
 * Pieces are numbered over all rules modules (rules/ext.h: cr_piece);
 * the base game's keep these numbers.  A role is a piece number.
 */
enum cr_role { CR_ROLE_NONE, CR_THIEF, CR_KNIGHT, CR_MONK, CR_FARMER };

struct cr_game;

/*
 * A token a line says of the copy drawn (cr_move.drawn): CR_TOKEN(id,
 * n) for a word or a number ("wheel=2"); a square for a token of
 * cr_token.square ("plague=4,2", "plague=4,2:S": spot, else -1).
 */
#define CR_MAXDRAWN	(CR_MAXPLAYERS + 1)	/* a number and a square per player */
struct cr_said {
	int		token;
	int		x, y;
	int		spot;
};

struct cr_move {
	enum { CR_MOVE_PLACE, CR_MOVE_DISCARD, CR_MOVE_END } kind;
	int		tile;		/* type index in the tile set (place, discard) */
	int		x, y;
	int		rot;		/* quarter turns clockwise, 0..3 */
	int		role;		/* the piece put on the tile (cr_piece), 0: none */
	enum cr_spot	spot;
	int		arg;		/* the piece's token (CR_TOKEN), 0: none */
	int		choice;		/* a module's choice before the piece
					 * (cr_choice: a flock's "grow"), 0: none */
	int		choice_arg;	/* its token, 0: none */
	int		space;		/* a piece of CR_PIECE_SPACE (role): the space it
					 * goes on (cr_space, from 1), 0: none */
	/* What the line says of the copy drawn, between the tile code and
	 * the position (issue 21: a wheel icon's number, the Plague's
	 * squares): modules' tokens (cr_token) in the order written, read by
	 * their drawn_ok and drawn hooks (rules/ext.h), on a discard too. */
	int		ndrawn;
	struct cr_said	drawn[CR_MAXDRAWN];
};

/* Copy a move: its fields and the tokens it says of the copy drawn, not
 * the room after them (a move is copied on every turn). */
static inline void
cr_move_copy(struct cr_move *dst, const struct cr_move *src)
{
	memcpy(dst, src, offsetof(struct cr_move, drawn));	/* a fixed size: inline */
	if (src->ndrawn != 0) {	/* rare: a module's tokens */
		int n = src->ndrawn > 0 && src->ndrawn <= CR_MAXDRAWN ? src->ndrawn : 0;

		memcpy(dst->drawn, src->drawn, (size_t)n * sizeof src->drawn[0]);
		dst->ndrawn = n;
	}
}

/* A token a move names: its kind (cr_token, from 1) and number. */
#define CR_TOKEN(id, n)		((id) << 8 | (n))
#define CR_TOKEN_ID(a)		((a) >> 8)
#define CR_TOKEN_N(a)		((a) & 0xff)

/* A tile on the board. */
struct cr_placed {
	int	x, y;
	int	type, rot;
	int	seg0;		/* id of its first segment; its segments are seg0.. */
};

/* A piece put down in the game, on the board or gone home since. */
struct cr_figure {
	int	player;
	int	node;		/* the segment it stands (stood) on */
	uint8_t	role;		/* its piece (cr_piece) */
	uint8_t	weight;		/* in majorities: 1, a big meeple 2, a pig 0 */
	uint8_t	spot;		/* as written, for display */
	uint8_t	on_board;
};

/*
 * The first member of every game: what anyone may read of it at once,
 * through the accessors below, which cost no call (the modules ask them
 * on every move).  Only the engine writes it; the rest of a game is
 * private (rules/game-int.h).
 */
struct cr_game_head {
	const struct cr_tileset *ts;
	int		 nplayers;
	int		 turn;		/* the player to move, 0-based */
	int		*supply;	/* copies left per type (the hidden ones among them) */
	struct { struct cr_placed *v; int n, cap; } tiles;	/* in placement order */
	struct { struct cr_figure *v; int n, cap; } figs;	/* in the order put down */
	/* The modules' own states, one block: module e's at xoff[e] (read
	 * through cr_ext_cstate, several times a move: inline). */
	unsigned char	*xstate;
	size_t		 xoff[CR_MAXEXTS];
};

static inline const struct cr_game_head *
cr__head(const struct cr_game *g)	/* a game begins with its head */
{
	return (const struct cr_game_head *)(const void *)g;
}

static inline const struct cr_tileset *
cr_game_tileset(const struct cr_game *g)
{
	return cr__head(g)->ts;
}

static inline int
cr_game_nplayers(const struct cr_game *g)
{
	return cr__head(g)->nplayers;
}

static inline int
cr_game_turn(const struct cr_game *g)		/* player to move, 0-based */
{
	return cr__head(g)->turn;
}

static inline int
cr_game_supply(const struct cr_game *g, int type)	/* copies left */
{
	const struct cr_game_head *h = cr__head(g);

	return type >= 0 && type < h->ts->ntypes ? h->supply[type] : 0;
}

static inline int
cr_game_ntiles(const struct cr_game *g)	/* tiles on the board, start included */
{
	return cr__head(g)->tiles.n;
}

static inline const struct cr_placed *
cr_game_tile(const struct cr_game *g, int i)	/* in placement order, NULL out of range */
{
	const struct cr_game_head *h = cr__head(g);

	return i >= 0 && i < h->tiles.n ? &h->tiles.v[i] : NULL;
}

/* Every piece put down so far, in that order (the one just put down is
 * the last), on the board or gone home since. */
static inline int
cr_game_nfigures(const struct cr_game *g)
{
	return cr__head(g)->figs.n;
}

static inline const struct cr_figure *
cr_game_figure(const struct cr_game *g, int fig)
{
	return &cr__head(g)->figs.v[fig];
}

/*
 * What a game is played with: the edition, the players, and the rules
 * modules in play beyond the base game (bit e for cr_exts[e], rules/ext.h;
 * the base game's bit is always set).
 */
struct cr_config {
	int		edition;	/* 1..3 */
	int		nplayers;	/* 1..CR_MAXPLAYERS */
	uint32_t	exts;
};

/* Why a move was refused: a rule and its evidence, for notation/ to word. */
enum cr_refusal_code {
	CR_OK,
	CR_R_GAME_OVER,		/* the game has ended */
	CR_R_NO_COPY,		/* no copy of tile left in the supply */
	CR_R_OCCUPIED,		/* position already holds a tile (other_x, other_y) */
	CR_R_NOT_ADJACENT,	/* no tile shares an edge with the position */
	CR_R_EDGE_MISMATCH,	/* edge dir shows kind, the tile at other shows other_kind */
	CR_R_DISCARD_FITS,	/* discard refused: fits at x,y rot */
	CR_R_NO_MEEPLE,		/* the player has no piece left in pool (other_x, other_y:
				 * where one stands, when it is one piece; other_space
				 * when it stands on a module's space) */
	CR_R_SPOT_NONE,		/* the spot names no feature of the role's kind; valid_spots lists those that do */
	CR_R_SPOT_MANY,		/* the spot names several features of that kind */
	CR_R_FEATURE_TAKEN,	/* feature already holds a meeple of player other_player */
	CR_R_BAD_MOVE,		/* malformed move (bad rotation, role, tile index) */
	CR_R_NO_MEMORY,		/* the machine ran out of memory; nothing changed */
	CR_R_NOT_IN_PLAY,	/* a tile (tile) or piece (role) of module ext, not in play */
	CR_R_EXT,		/* a module's own rule: ext, phrase (its words), and
				 * whatever evidence they name */
	CR_R_TOKEN,		/* n 1: the piece (role) is written with a token and
				 * has none; n 2: it takes none and has one (arg) */
	CR_R_SPACE_FULL,	/* issue 21: the space (space) holds n pieces and
				 * they stand there (cr_game_space) */
};

struct cr_refusal {
	enum cr_refusal_code code;
	int		tile, x, y, rot;	/* the move */
	int		dir;			/* the edge (board direction) concerned */
	int		kind, other_kind;	/* enum cr_kind on each side */
	int		other_x, other_y;	/* the tile that disagrees, or where it fits */
	int		other_rot;
	int		other_type;		/* CR_R_EDGE_MISMATCH: the type of the tile
						 * that disagrees (a board's square: issue 21) */
	int		other_player;
	int		role;
	enum cr_spot	spot;
	int		arg, choice, choice_arg;	/* the move's tokens and choice */
	uint32_t	valid_spots;		/* bit per enum cr_spot */
	int		ext, pool;		/* the module, the pool of pieces concerned */
	int		phrase;			/* CR_R_EXT: cr_phrase() of the rule */
	int		n;			/* a number the rule's words give */
	int		m;			/* CR_R_EXT: a second one ({m}) */
	int		words[2];		/* CR_R_EXT: phrases of the module's
						 * (cr_phrase, its own numbers) its
						 * words name ({word0}, {word1}) */
	int		other_role;		/* CR_R_FEATURE_TAKEN: a piece standing there */
	int		space;			/* the move's space (cr_move.space) */
	int		other_space;		/* CR_R_NO_MEEPLE: the space where the one
						 * piece stands (cr_space id), 0: a tile */
	int		line;			/* the data's line the rule rests on (a
						 * module's data file), 0: none */
	/* Issue 21: the name of the data file line is in (a module's data),
	 * NULL: the record's (line < 0: the record's line -line, a
	 * correction: rules/tileset.h, cr_tileset_parse_fix). */
	const char	*source;
	/* A tile refused at its square by its edges or a module's rule of
	 * placement (CR_R_EDGE_MISMATCH, CR_R_EXT): the rotations that fit
	 * there, bit r for r quarter turns, and CR_FITS_KNOWN; 0 when not
	 * worked out (another refusal, or none asked: a NULL why). */
	unsigned	fits;
};
#define CR_FITS_KNOWN	0x10u

/*
 * A scoring event: who scored what for which feature, with everything an
 * explanation needs.  Events are kept in order for the whole game.
 */
enum cr_event_reason {
	CR_EV_COMPLETED,	/* a feature completed during play */
	CR_EV_FINAL,		/* an incomplete feature at the end */
	CR_EV_FARM,		/* editions 2/3: a farm at the end */
	CR_EV_FARM_CITY,	/* edition 1: a completed city paying its farmers */
	CR_EV_TAKE,		/* during play, a module's own: what a player takes (goods) */
	CR_EV_MODULE,		/* during play, a module's own scoring (a flock herded):
				 * note says how, the terms the arithmetic */
	CR_EV_EXTRA,		/* at the end, a majority of a module's tokens (goods):
				 * meeples[] holds the counts, note names them */
	CR_EV_MODULE_END,	/* at the end, a module's own scoring (a river system):
				 * what names it, its game's row says it */
};

/* Whether an event belongs to the final scoring (not one during play). */
#define CR_EV_AT_END(r)	((r) != CR_EV_COMPLETED && (r) != CR_EV_TAKE && (r) != CR_EV_MODULE)

struct cr_event {
	int		move;		/* 1-based index of the move that caused it */
	uint8_t		reason;		/* enum cr_event_reason */
	uint8_t		kind;		/* enum cr_kind of the feature scored */
	int		feature;	/* a segment id of the feature (for lookups);
					 * -1 for none (a majority of tokens) */
	int		x, y;		/* a tile of the feature, for people */
	int		tiles;		/* tiles counted (cloister: itself and neighbours) */
	int		pennants;
	int		cities;		/* farms: completed cities touched */
	int		per_tile, per_pennant, per_city, base;	/* the arithmetic */
	/* More terms a module adds (count x per, named by a phrase), and a
	 * phrase on the whole ("with an inn"); cr_phrase(), 0 for none.  A
	 * term with `only` set (bit per player) counts for those winners
	 * alone (a pig pays its owner): one event still, whose pay[] says
	 * what each winner gets. */
	struct cr_term { int16_t count, per; uint16_t phrase; uint8_t only; } term[3];
	uint8_t		nterm;
	uint16_t	note;
	/* What the base game alone pays a winner for the feature, before any
	 * module changed its price or added terms (the report's base share);
	 * and the phrase naming a module's change to the price itself (an
	 * inn's, a cathedral's: cr_phrase, 0 for none), whose share is
	 * points - plain: negative where the change takes away (an
	 * unfinished road with an inn pays nothing).  0 for a module's own
	 * event (goods, a flock). */
	int		plain;
	uint16_t	share;
	/* What was scored: 0 a feature (kind says which); else a module's
	 * own event, named by the phrase what ("goods"), with sub its own
	 * detail (the kind of goods). */
	uint16_t	what;
	int16_t		sub;
	/* A tie a module broke (a follower on a hill): the players tied
	 * before, and the phrase that says why the winners won. */
	uint8_t		tied;
	uint16_t	tie;
	int		meeples[CR_MAXPLAYERS];	/* per player, on the feature (weighted) */
	uint8_t		pieces[CR_MAXPLAYERS];	/* per player, the pieces that count
						 * (0 when not counted: edition-1 farms) */
	uint8_t		winners;		/* bit per player */
	int		points;			/* the price: what the arithmetic pays a
						 * winner with no term of its own */
	/* What the event pays each player, the only amounts paid: points
	 * plus the player's own terms for a winner, 0 for the others.  A
	 * module's event may pay its winners different amounts of its own. */
	int		pay[CR_MAXPLAYERS];
	bool		small_city;		/* edition 1: a 2-tile city, 1 per tile and pennant */
	bool		alt;			/* said in its kind's other words (why_alt: a
						 * river closed on itself, a loop) */
	/* Issue 21: a module's own event, what its words (cr_ext.why, words)
	 * need beyond the fields above, in the module's own layout (the
	 * wheel: Tax's terms city by city, Famine's farmers, the mover, the
	 * pieces Plague sent home with a follower); zero otherwise. */
	uint8_t		detail[192];
};
/* More players need a wider winners (and the engine's per-move player
 * bits, game-int.h): refuse to build rather than lose a winner. */
_Static_assert(CR_MAXPLAYERS <= 8, "cr_event.winners holds one bit per player");

/* Status of a game. */
struct cr_player {
	int	score;
	int	meeples;	/* in supply (the followers, pool 0) */
	int	pool[CR_MAXPOOLS];	/* the other pools (cr_pool(): big meeple, ...),
					 * pieces in supply; [0] unused: it is meeples */
};

/*
 * Create a game: tile set (borrowed, must outlive the game; it holds the
 * tiles of every module, cr_tileset_merge, those of modules not in play
 * left out of the supply), and what the game is played with.  NULL on
 * bad arguments (an edition, a player count, a module the tile set lacks
 * tiles for, modules not refereed together yet: rules/ext.h,
 * cr_exts_together) or no memory.  cr_game_new is the base game alone.
 */
struct cr_game *cr_game_create(const struct cr_tileset *ts, const struct cr_config *c);
struct cr_game *cr_game_new(const struct cr_tileset *ts, int edition, int nplayers);
void	cr_game_free(struct cr_game *g);
/* A new game on the same tile set, reusing g's memory (batch replays).
 * False on bad arguments (g unchanged) or no memory. */
bool	cr_game_restart(struct cr_game *g, const struct cr_config *c);
bool	cr_game_reset(struct cr_game *g, int edition, int nplayers);
/*
 * Issue 21: the set-up a game's config does not say: where a module's
 * start tile that yields to a start of several squares is laid
 * (rules/ext.h: cr_ext.beside; a record's spring:): beside 1, its square,
 * its rotation (-1: the module says it); 0: none given (a game that needs
 * one is then refused).  why, when not NULL: why the set-up is refused
 * (that tile misplaced, or none given: CR_R_BAD_MOVE).  The same as
 * cr_game_create and cr_game_restart with it (NULL: none).
 */
struct cr_setup {
	int		beside;
	int		bx, by, brot;
	struct cr_refusal *why;
};
struct cr_game *cr_game_create_setup(const struct cr_tileset *ts, const struct cr_config *c,
	    const struct cr_setup *s);
bool	cr_game_restart_setup(struct cr_game *g, const struct cr_config *c,
	    const struct cr_setup *s);
/* The set-up g was started with: its start tile laid beside the start
 * squares (beside 1, its square and rotation), beside 0 for none. */
void	cr_game_setup(const struct cr_game *g, struct cr_setup *s);
/* The modules in play (struct cr_config's exts). */
uint32_t cr_game_exts(const struct cr_game *g);
/* Issue 21: the squares where a module's start tile that yields to a
 * start of several squares (rules/ext.h: cr_ext.beside) may lie in a game
 * of ts under c (c's beside left out), with the rotation each (cr_square:
 * its type, square, rotation), from the south row up and west to east,
 * up to max into out: how many; -1 when no start tile yields (or no
 * memory). */
struct cr_square;
int	cr_game_beside_options(const struct cr_tileset *ts, const struct cr_config *c,
	    struct cr_square *out, int max);
/* Whether a tile type may be drawn now: a copy is left, its module is in
 * play, and no module's order holds it back (the river's tiles first). */
bool	cr_game_drawable(const struct cr_game *g, int type, struct cr_refusal *why);

int	cr_game_edition(const struct cr_game *g);
int	cr_game_nmoves(const struct cr_game *g);	/* moves applied so far */
const struct cr_move *cr_game_move(const struct cr_game *g, int i);	/* 0-based */
int	cr_game_move_player(const struct cr_game *g, int i);	/* who made move i */
bool	cr_game_over(const struct cr_game *g);
int	cr_game_supply_total(const struct cr_game *g);	/* less the hidden ones */
/* Tiles taken out of the supply unseen (slid under a hill): the game
 * ends when the supply less these is empty.  Their types are unknown, so
 * cr_game_supply counts them as left. */
int	cr_game_hidden(const struct cr_game *g);
/* The copies of a tile type left that the modules in play tell apart
 * (rules/ext.h: cr_ext.variants, struct cr_variant), every module's in
 * registry order: up to max into out, how many kinds in all; 0 when all
 * copies are alike. */
struct cr_variant;
int	cr_game_variants(const struct cr_game *g, int type, struct cr_variant *out, int max);
const struct cr_player *cr_game_player(const struct cr_game *g, int p);
/* A module's space off the tiles (rules/ext.h: struct cr_space, id from
 * 1): how many pieces it holds at most in g (0: its module is not in
 * play), who stands there, up to max into on, *n how many. */
struct cr_standing;
int	cr_game_space(const struct cr_game *g, int space, struct cr_standing *on, int max,
	    int *n);
/* Tokens the modules in play count per player (goods: wine, grain,
 * cloth): how many kinds, kind i's name and its group ("goods"), and
 * player p's count of it. */
int	cr_game_ncounters(const struct cr_game *g);
const char *cr_game_counter_name(const struct cr_game *g, int i, const char **group);
int	cr_game_counter(const struct cr_game *g, int p, int i);

/*
 * Check a move without changing anything.  Returns true if legal; else
 * fills *why (if not NULL).
 */
bool	cr_game_check(const struct cr_game *g, const struct cr_move *m,
	    struct cr_refusal *why);
/* What the line says of the copy drawn alone (cr_move.drawn: a wheel
 * icon's number, the Plague's squares), whatever the rest of it: the tile
 * may be drawn now, and the modules' drawn_ok (rules/ext.h) accept it. */
bool	cr_game_check_drawn(const struct cr_game *g, const struct cr_move *m,
	    struct cr_refusal *why);
/* The tile of a placement alone, where it lies and how it is turned,
 * whatever the line says beyond (a piece, a choice): for a turn given
 * step by step. */
bool	cr_game_check_place(const struct cr_game *g, const struct cr_move *m,
	    struct cr_refusal *why);
/* Check and apply.  On refusal nothing changes. */
bool	cr_game_play(struct cr_game *g, const struct cr_move *m,
	    struct cr_refusal *why);
/* Undo the last n moves (or as many as there are).  Returns the number undone. */
int	cr_game_undo(struct cr_game *g, int n);
/* Whether the moves played from now on can be undone (the default, kept
 * across cr_game_reset).  A batch replay, which never undoes, turns it
 * off and saves the copying; undo stops at a move played without it. */
void	cr_game_set_undo(struct cr_game *g, bool on);

/* Legal placements of a tile type: writes up to max (x, y, rot) triples
 * into out and returns how many there are in all. */
struct cr_place { int x, y, rot; };
int	cr_game_legal(const struct cr_game *g, int tile, struct cr_place *out, int max);

/* How many legal placements a tile type has, and the k-th of them
 * (0-based), in time independent of the board's size: for discards and
 * for choosing a placement at random. */
int	cr_game_nlegal(const struct cr_game *g, int tile);
bool	cr_game_legal_nth(const struct cr_game *g, int tile, int k, struct cr_place *p);

/* Scoring events so far (includes the final scoring once the game is over). */
const struct cr_event *cr_game_events(const struct cr_game *g, int *n);

/* Board queries: cr_game_ntiles, cr_game_tile (above), and: */
const struct cr_placed *cr_game_at(const struct cr_game *g, int x, int y);	/* NULL if empty */

/* Meeples standing on the board. */
struct cr_meeple {
	int		player;
	int		role;		/* a piece (cr_piece) */
	int		seg;		/* segment id */
	int		x, y;
	enum cr_spot	spot;
};
int	cr_game_meeples(const struct cr_game *g, struct cr_meeple *out, int max);

/*
 * Features.  A segment id names the piece of a feature on one placed
 * tile; cr_game_feature describes the whole feature it belongs to.
 */
struct cr_feature {
	int		kind;		/* enum cr_kind */
	bool		complete;	/* closed (cloister: surrounded) */
	bool		scored;		/* already paid during play */
	int		tiles;		/* distinct tiles (cloister: itself + neighbours) */
	int		pennants;
	int		open;		/* open ports left (0 when complete) */
	int		meeples[CR_MAXPLAYERS];
	int		cities;		/* fields: completed cities touched */
};
/* Segment of kind matching role at the spot of the tile at x,y; -1 and
 * *why filled when none or several. */
int	cr_game_seg_at(const struct cr_game *g, int x, int y, enum cr_spot spot,
	    int kind, struct cr_refusal *why);
void	cr_game_feature(const struct cr_game *g, int seg, struct cr_feature *f);
/* What the feature would score if the game ended now (or scored when it
 * completed), as an event; false if it would pay nobody, and for an
 * edition-1 field, which has no price alone (its cities pay its farmers
 * together with the other fields around them).  *ev is always written:
 * all zero for a segment out of range and for an edition-1 field. */
bool	cr_game_feature_score(const struct cr_game *g, int seg, struct cr_event *ev);
/*
 * Edition 1, where a field has no price alone: what the end would pay
 * the farmers if the game ended now, by the final scoring's own code,
 * for the feature of segment seg.  A completed city: the event it makes
 * for the farmers of the fields around it (CR_EV_FARM_CITY); a field:
 * the event of each completed city it borders, in the order the end
 * pays them.  Writes up to max events into out, returns how many in all;
 * 0 in editions 2 and 3, for an incomplete city and for other kinds.  An
 * event with no winners pays nobody: no farmer beside that city.
 */
int	cr_game_farm_cities(const struct cr_game *g, int seg, struct cr_event *out, int max);
/* Whether features of a kind have a price of their own in g (edition 1's
 * fields have none: the cities they border pay the farmers around them,
 * cr_game_farm_cities). */
bool	cr_game_kind_priced(const struct cr_game *g, int kind);
/* What a module keeps on the feature of segment seg (Hills & Sheep: the
 * flock and its shepherds), as the event it would make now (a herd);
 * false if nothing. */
bool	cr_game_feature_kept(const struct cr_game *g, int seg, struct cr_event *ev);
/* Whether a module's event counted something on the feature of segment
 * seg without being that feature's scoring (a Tax counting the knights
 * of a city): the feature's account names it. */
bool	cr_game_event_concerns(const struct cr_game *g, const struct cr_event *ev, int seg);

/* A piece's feature kind (CR_THIEF -> CR_ROAD) and word ("thief"), from
 * the piece tables of rules/ext.h; -1 and NULL for none. */
int	cr_role_kind(int r);
const char *cr_role_name(int r);

/* ---- Queries for the table REPL (rules/query.c) ------------------------ */

/* The id of the feature a segment belongs to: the same for every segment of
 * one feature (it changes when features join), -1 if seg is out of range.
 * Matches cr_event.feature for a feature scored during play. */
int	cr_game_feature_id(const struct cr_game *g, int seg);
/* The distinct tiles of the feature holding seg, in the order they joined
 * it: writes up to max (x, y, rot) into out, returns how many in all.  A
 * cloister is its own tile only. */
int	cr_game_feature_tiles(const struct cr_game *g, int seg, struct cr_place *out,
	    int max);
/* Where the player to move may put a meeple after the placement m (its
 * role and spot ignored): one entry per role and feature of the tile;
 * spot is the legal spot people would name first (an edge N E S W, the
 * centre, a half-edge, a corner), spots all the legal ones, bit per enum
 * cr_spot.  Writes up to max, returns how many in all; 0 if the placement
 * itself is illegal or no meeple may go. */
struct cr_meeple_opt {
	int		role;
	int		seg;		/* segment index in the tile type */
	enum cr_spot	spot;
	uint32_t	spots;
};
/* The most options there can be: one per role and segment. */
#define CR_MAXMEEPLEOPTS	(CR_MAXPIECES * CR_MAXSEG)
int	cr_game_meeple_options(const struct cr_game *g, const struct cr_move *m,
	    struct cr_meeple_opt *out, int max);

/* ---- end of the REPL queries ------------------------------------------- */

#endif
