/*
 * oracle.c -- the property tests' independent referee; see oracle.h.
 *
 * Written to be obviously right rather than fast: every call to
 * oracle_build starts from nothing, lays the tiles on a plain grid,
 * makes one node per (tile, segment), and floods each feature through
 * the ports that touch across the edges; it follows the river from the
 * spring down to its open end.  The pieces standing are a plain list,
 * counted on their features again whenever some go home.  A move
 * (oracle_play) is the book's turn in its order: the tile, the flock's
 * choice, the piece, a hill's hidden tile, closed flocks, what the tile
 * completed, who plays next, the end.  Nothing is reused from rules/ but
 * the tile set's data, the board queries of game.h, and the words of the
 * pieces, tokens, choices and modules (rules/ext.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "rules/ext.h"
#include "kinds.h"

#define OR_R	100			/* the grid spans -OR_R..OR_R both ways */
#define OR_W	(2 * OR_R + 1)
#define OR_PORTS 12

/* Board directions N E S W and their steps (y grows to the north). */
static const int or_dx[4] = { 0, 1, 0, -1 };
static const int or_dy[4] = { 1, 0, -1, 0 };

struct or_node {
	int	tile;		/* index in placement order */
	int	seg;		/* segment index in the tile's type */
	int	feat;		/* feature index, -1 before the flood */
};

/* A piece standing: as the engine lists it, and what the oracle found. */
struct or_mp {
	struct cr_meeple m;
	const struct or_piece *pc;
	int	node;			/* the node it stands on */
};

struct oracle {
	const struct cr_tileset *ts;
	int	edition, nplayers;
	uint32_t exts;			/* the modules in play (struct cr_config) */
	uint32_t ic_bit, river_bit;	/* Inns & Cathedrals', the River's module bits */
	uint32_t tb_bit, hs_bit;	/* Traders & Builders', Hills & Sheep's */
	/* Per type and rotation: the segment at each board port, -1 none. */
	int	(*portseg)[4][OR_PORTS];
	/* Per type: the bit of the module its set comes with (0: the first
	 * set, always in play), its river sides at rotation 0 (bit per
	 * side), and how its river ends (CR_END_SPRING, CR_END_LAKE, else
	 * CR_END_NONE). */
	uint32_t *typemod;
	uint8_t	*river, *rend;
	/* Pieces standing, per player and pool, and in all; the pieces. */
	int	used[CR_MAXPLAYERS][OR_NPOOLS];
	int	npieces;
	struct or_mp *mp;
	int	mpcap;
	/* The river: whether it has an open end, the empty square it flows
	 * into and its direction there, and the way the last river tile
	 * turned (+1 right, -1 left, 0 a straight or none yet). */
	bool	rv_open;
	int	rv_x, rv_y, rv_dir, rv_curve;
	/* The board. */
	struct cr_placed *tile;
	int	ntiles, tilecap;
	int	*grid;			/* OR_W * OR_W: tile index + 1, 0 empty */
	int	*first;			/* per tile: its first node */
	struct or_node *node;
	int	nnodes, nodecap;
	int	*segmap;		/* global segment id -> node, -1 */
	int	nsegids, segcap;
	struct or_feature *feat;
	int	nfeat, featcap;
	int	*queue;			/* every node, feature by feature (the floods' queue) */
	int	*fbeg;			/* feature f's nodes: queue[fbeg[f]] .. queue[fbeg[f + 1] - 1] */
	int	*stamp;			/* flood work, per tile */
	int	nqueued;
	int	stampcap, gen;
	char	err[512];
};

const char *
oracle_kind_name(int kind)
{
	static const char *const names[] = { "field", "road", "city", "river", "cloister" };

	return kind >= 0 && kind < 5 ? names[kind] : "?";
}

static bool
or_fail(struct oracle *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->err, sizeof o->err, fmt, ap);
	va_end(ap);
	return false;
}

static void *
or_grow(void *p, int *cap, int need, size_t size)
{
	if (need <= *cap)
		return p;
	while (*cap < need)
		*cap = *cap ? 2 * *cap : 64;
	p = realloc(p, (size_t)*cap * size);
	if (p == NULL)
		abort();
	return p;
}

/* The bit of a rules module (struct cr_config's exts) by name; a bit no
 * game sets if there is no such module. */
static uint32_t
or_module_bit(const char *name)
{
	int e = cr_ext_find(name, strlen(name));

	return e >= 0 ? 1u << e : 1u << 31;
}

struct oracle *
oracle_new(const struct cr_tileset *ts)
{
	struct oracle *o = calloc(1, sizeof *o);

	if (o == NULL)
		return NULL;
	o->ts = ts;
	o->grid = calloc((size_t)OR_W * OR_W, sizeof *o->grid);
	o->portseg = calloc((size_t)ts->ntypes, sizeof *o->portseg);
	o->typemod = calloc((size_t)ts->ntypes + 1, sizeof *o->typemod);
	o->river = calloc((size_t)ts->ntypes + 1, 1);
	o->rend = calloc((size_t)ts->ntypes + 1, 1);
	if (o->grid == NULL || o->portseg == NULL || o->typemod == NULL || o->river == NULL ||
	    o->rend == NULL) {
		oracle_free(o);
		return NULL;
	}
	o->ic_bit = or_module_bit("inns-cathedrals");
	o->river_bit = or_module_bit("river");
	o->tb_bit = or_module_bit("traders-builders");
	o->hs_bit = or_module_bit("hills-sheep");
	for (int t = 0; t < ts->ntypes; t++) {
		int set = ts->typeset != NULL ? ts->typeset[t] : 0;

		/* A set is in play with the module of its name; the first
		 * set is the game's own. */
		o->typemod[t] = set == 0 ? 0 : or_module_bit(ts->setname[set]);
		for (int d = 0; d < 4; d++)
			if (ts->type[t].edge[d] == CR_RIVER)
				o->river[t] |= (uint8_t)(1u << d);
		for (int sg = 0; sg < ts->type[t].nseg; sg++)
			if (ts->type[t].seg[sg].kind == CR_RIVER &&
			    (ts->type[t].seg[sg].end == CR_END_SPRING ||
			    ts->type[t].seg[sg].end == CR_END_LAKE))
				o->rend[t] = ts->type[t].seg[sg].end;
	}
	/* Port p of a tile turned r quarter turns clockwise is canonical
	 * port (p - 3r) mod 12. */
	for (int t = 0; t < ts->ntypes; t++)
		for (int r = 0; r < 4; r++)
			for (int p = 0; p < OR_PORTS; p++) {
				int q = (p - 3 * r + 3 * OR_PORTS) % OR_PORTS;

				o->portseg[t][r][p] = -1;
				for (int s = 0; s < ts->type[t].nseg; s++)
					if (ts->type[t].seg[s].ports & (1u << q))
						o->portseg[t][r][p] = s;
			}
	return o;
}

void
oracle_free(struct oracle *o)
{
	if (o == NULL)
		return;
	free(o->portseg);
	free(o->typemod);
	free(o->river);
	free(o->rend);
	free(o->tile);
	free(o->grid);
	free(o->first);
	free(o->node);
	free(o->segmap);
	free(o->feat);
	free(o->queue);
	free(o->fbeg);
	free(o->stamp);
	free(o->mp);
	free(o);
}

const char *
oracle_error(const struct oracle *o)
{
	return o->err;
}

int
oracle_tile_at(const struct oracle *o, int x, int y)
{
	if (x < -OR_R || x > OR_R || y < -OR_R || y > OR_R)
		return -1;
	return o->grid[(y + OR_R) * OR_W + (x + OR_R)] - 1;
}

const struct cr_placed *
oracle_tile(const struct oracle *o, int i)
{
	return i >= 0 && i < o->ntiles ? &o->tile[i] : NULL;
}

/* The port across the edge from port p: ((p/3 + 2) % 4) * 3 + (2 - p%3). */
static inline int
or_across(int p)
{
	return ((p / 3 + 2) % 4) * 3 + (2 - p % 3);
}

static inline int
or_segat(const struct oracle *o, int tile, int port)
{
	const struct cr_placed *t = &o->tile[tile];

	return o->portseg[t->type][t->rot][port];
}

/* The tile across edge dir of tile i, -1 if none. */
static inline int
or_neighbour(const struct oracle *o, int i, int dir)
{
	return oracle_tile_at(o, o->tile[i].x + or_dx[dir], o->tile[i].y + or_dy[dir]);
}

static inline int
or_segkind(const struct oracle *o, int tile, int seg)
{
	return o->ts->type[o->tile[tile].type].seg[seg].kind;
}

/* The edge kind type t shows on board side dir when turned rot. */
static inline int
or_edge(const struct oracle *o, int t, int rot, int dir)
{
	return o->ts->type[t].edge[(dir - rot + 4) % 4];
}

/* ---- modules, pieces, the start and the draw ------------------------------ */

/*
 * The pieces, as the rule books give them: the base game's meeple in its
 * four roles (Big Box: 7 each), Inns & Cathedrals' big meeple, which
 * counts as two followers in every majority, fields included ("il compte
 * comme deux partisans lorsque vous devez déterminer une majorité");
 * Traders & Builders' builder ("sur une route ou dans une ville", "jamais
 * pris en compte pour déterminer les majorités") and pig (in a field,
 * "les cochons ne sont pas pris en considération"), one each; Hills &
 * Sheep's shepherd ("Le berger n'est pas un partisan"), one each, which
 * goes down with the token it draws.
 */
static const struct or_piece or_pieces[] = {
	{ "thief", CR_ROAD, CR_ROAD, 1, OR_POOL_MEEPLE, true, false, "base" },
	{ "knight", CR_CITY, CR_CITY, 1, OR_POOL_MEEPLE, true, false, "base" },
	{ "monk", CR_CLOISTER, CR_CLOISTER, 1, OR_POOL_MEEPLE, true, false, "base" },
	{ "farmer", CR_FIELD, CR_FIELD, 1, OR_POOL_MEEPLE, true, false, "base" },
	{ "big-thief", CR_ROAD, CR_ROAD, 2, OR_POOL_BIG, true, false, "inns-cathedrals" },
	{ "big-knight", CR_CITY, CR_CITY, 2, OR_POOL_BIG, true, false, "inns-cathedrals" },
	{ "big-monk", CR_CLOISTER, CR_CLOISTER, 2, OR_POOL_BIG, true, false, "inns-cathedrals" },
	{ "big-farmer", CR_FIELD, CR_FIELD, 2, OR_POOL_BIG, true, false, "inns-cathedrals" },
	{ "builder", CR_ROAD, CR_CITY, 0, OR_POOL_BUILDER, false, false, "traders-builders" },
	{ "pig", CR_FIELD, CR_FIELD, 0, OR_POOL_PIG, false, false, "traders-builders" },
	{ "shepherd", CR_FIELD, CR_FIELD, 0, OR_POOL_SHEPHERD, false, true, "hills-sheep" },
};

const struct or_piece *
oracle_piece(int role)
{
	/* Found by word once per piece number: the table never changes. */
	static const struct or_piece *known[CR_MAXPIECES];
	static bool looked[CR_MAXPIECES];
	const struct cr_piece *pc = cr_piece(role);

	if (pc == NULL)
		return NULL;
	if (!looked[role]) {
		for (size_t i = 0; i < sizeof or_pieces / sizeof or_pieces[0]; i++)
			if (strcmp(or_pieces[i].word, pc->word) == 0)
				known[role] = &or_pieces[i];
		looked[role] = true;
	}
	return known[role];
}

bool
oracle_piece_in_play(const struct oracle *o, int role)
{
	const struct or_piece *op = oracle_piece(role);

	/* The module bits of the table's pieces, found once. */
	static uint32_t bit[sizeof or_pieces / sizeof or_pieces[0]];
	size_t i;

	if (op == NULL)
		return false;
	i = (size_t)(op - or_pieces);
	if (bit[i] == 0)
		bit[i] = strcmp(op->module, "base") == 0 ? ~0u : or_module_bit(op->module);
	return (o->exts & bit[i]) != 0 || bit[i] == ~0u;
}

int
oracle_pool_size(const struct oracle *o, int pool)
{
	switch (pool) {
	case OR_POOL_MEEPLE:
		return 7;		/* "7 partisans" each, the eighth counts the score */
	case OR_POOL_BIG:
		return (o->exts & o->ic_bit) ? 1 : 0;	/* "un grand partisan supplémentaire" */
	case OR_POOL_BUILDER:	/* "8 bâtisseurs et 8 cochons", one of each per colour */
	case OR_POOL_PIG:
		return (o->exts & o->tb_bit) ? 1 : 0;
	case OR_POOL_SHEPHERD:	/* "8 bergers", one per colour */
		return (o->exts & o->hs_bit) ? 1 : 0;
	default:
		return 0;
	}
}

int
oracle_supply(const struct oracle *o, int player, int pool)
{
	if (player < 0 || player >= CR_MAXPLAYERS || pool < 0 || pool >= OR_NPOOLS)
		return 0;
	return oracle_pool_size(o, pool) - o->used[player][pool];
}

/* The tokens of the bag and the flock's choices, by their words. */
int
oracle_token_kind(int arg)
{
	static int sheep, wolf;

	if (sheep == 0)
		sheep = cr_token_find(0, "sheep", 5), wolf = cr_token_find(0, "wolf", 4);
	if (sheep > 0 && CR_TOKEN_ID(arg) == sheep && CR_TOKEN_N(arg) >= 1 &&
	    CR_TOKEN_N(arg) < OR_NTOK)
		return CR_TOKEN_N(arg);
	if (wolf > 0 && arg == CR_TOKEN(wolf, 0))
		return 0;
	return -1;
}

int
oracle_choice_grow(void)
{
	return cr_choice_find(0, "grow", 4);
}

int
oracle_choice_herd(void)
{
	return cr_choice_find(0, "herd", 4);
}

bool
oracle_type_marked(const struct oracle *o, int type, int mark)
{
	return type >= 0 && type < o->ts->ntypes &&
	    (o->ts->type[type].marks & CR_MARK_BIT(mark)) != 0;
}

static bool
or_river_game(const struct oracle *o)
{
	return (o->exts & o->river_bit) != 0;
}

static bool
or_type_in_play(const struct oracle *o, int t)
{
	return t >= 0 && t < o->ts->ntypes && (o->typemod[t] == 0 || (o->exts & o->typemod[t]));
}

int
oracle_start_type(const struct oracle *o)
{
	/* With the River, the spring ("La source de la rivière est placée
	 * au centre de la table"); else the set's start tile. */
	if (or_river_game(o))
		for (int t = 0; t < o->ts->ntypes; t++)
			if (or_type_in_play(o, t) && o->rend[t] == CR_END_SPRING)
				return t;
	return o->ts->start;
}

int
oracle_start_supply(const struct oracle *o, int type)
{
	if (!or_type_in_play(o, type))
		return 0;
	return o->ts->type[type].count - (type == oracle_start_type(o));
}

bool
oracle_drawable(const struct oracle *o, int type, const int *supply)
{
	int river = 0, lake = 0;

	if (!or_type_in_play(o, type) || supply[type] <= 0)
		return false;
	if (!or_river_game(o))
		return true;
	/* The river tiles first, the lake once they are all placed, then
	 * the others (BB 909-915, 929-930). */
	for (int t = 0; t < o->ts->ntypes; t++)
		if (or_type_in_play(o, t) && o->river[t] != 0) {
			if (o->rend[t] == CR_END_LAKE)
				lake += supply[t];
			else
				river += supply[t];
		}
	if (o->river[type] != 0 && o->rend[type] != CR_END_LAKE)
		return true;
	if (o->river[type] != 0)
		return river == 0;
	return river == 0 && lake == 0;
}

/* ---- laying the board ------------------------------------------------ */

static void
or_clear(struct oracle *o)
{
	for (int i = 0; i < o->ntiles; i++) {
		int x = o->tile[i].x, y = o->tile[i].y;

		if (x >= -OR_R && x <= OR_R && y >= -OR_R && y <= OR_R)
			o->grid[(y + OR_R) * OR_W + (x + OR_R)] = 0;
	}
	o->ntiles = o->nnodes = o->nfeat = o->nsegids = 0;
}

/* Issue 21: the Wheel of Fortune in play (its board is the start). */
static bool
or_wheel_board(const struct oracle *o)
{
	int e = cr_ext_find("wheel-of-fortune", 16);

	return e >= 0 && (o->exts >> e & 1);
}

static bool
or_lay(struct oracle *o, const struct cr_placed *tiles, int ntiles)
{
	o->tile = or_grow(o->tile, &o->tilecap, ntiles, sizeof *o->tile);
	o->first = or_grow(o->first, &o->stampcap, ntiles + 1, sizeof *o->first);
	o->stamp = realloc(o->stamp, (size_t)o->stampcap * sizeof *o->stamp);
	if (o->stamp == NULL)
		abort();
	memset(o->stamp, 0, (size_t)o->stampcap * sizeof *o->stamp);
	o->gen = 0;
	for (int i = 0; i < ntiles; i++) {
		const struct cr_placed *t = &tiles[i];

		if (t->type < 0 || t->type >= o->ts->ntypes || t->rot < 0 || t->rot > 3)
			return or_fail(o, "tile %d at %d,%d: bad type %d or rotation %d",
			    i, t->x, t->y, t->type, t->rot);
		if (t->x <= -OR_R || t->x >= OR_R || t->y <= -OR_R || t->y >= OR_R)
			return or_fail(o, "tile %d at %d,%d: off the oracle's grid", i, t->x, t->y);
		if (!or_type_in_play(o, t->type))
			return or_fail(o, "tile %d at %d,%d: %s, of a set not in play", i, t->x, t->y,
			    o->ts->type[t->type].code);
		/* Issue 21: with the Wheel of Fortune the start is its board,
		 * 16 squares 0,0 ... 3,3 (x + 4 y in order), unturned, each a
		 * type of the set (WF-BOARD-XY), the start tile out. */
		if (i < 16 && or_wheel_board(o)) {
			char want[40];

			snprintf(want, sizeof want, "WF-BOARD-%d%d", i % 4, i / 4);
			if (t->x != i % 4 || t->y != i / 4 || t->rot != 0 ||
			    strcmp(o->ts->type[t->type].code, want) != 0)
				return or_fail(o, "the board's square %d is %s at %d,%d turned %d", i,
				    o->ts->type[t->type].code, t->x, t->y, t->rot);
		} else if (i == 0 && (t->type != oracle_start_type(o) || t->x != 0 || t->y != 0 ||
		    t->rot != 0))
			return or_fail(o, "the start is %s at %d,%d turned %d, not %s at 0,0 turned 0",
			    o->ts->type[t->type].code, t->x, t->y, t->rot,
			    oracle_start_type(o) >= 0 ? o->ts->type[oracle_start_type(o)].code : "?");
		if (oracle_tile_at(o, t->x, t->y) >= 0)
			return or_fail(o, "tile %d at %d,%d: the square already holds tile %d",
			    i, t->x, t->y, oracle_tile_at(o, t->x, t->y));
		o->tile[o->ntiles++] = *t;
		o->grid[(t->y + OR_R) * OR_W + (t->x + OR_R)] = i + 1;
		if (i == 0)
			continue;
		/* It touches an earlier tile along an edge. */
		{
			bool touches = false;

			for (int d = 0; d < 4; d++) {
				int j = or_neighbour(o, i, d);

				if (j >= 0 && j < i)
					touches = true;
			}
			if (!touches)
				return or_fail(o, "tile %d at %d,%d touches no earlier tile", i, t->x, t->y);
		}
	}
	/* Edges match: the edge kinds, and port by port the segments. */
	for (int i = 0; i < ntiles; i++)
		for (int d = 0; d < 4; d++) {
			int j = or_neighbour(o, i, d);

			if (j < 0)
				continue;
			if (or_edge(o, o->tile[i].type, o->tile[i].rot, d) !=
			    or_edge(o, o->tile[j].type, o->tile[j].rot, (d + 2) % 4))
				return or_fail(o, "tiles at %d,%d and %d,%d: edges do not match",
				    o->tile[i].x, o->tile[i].y, o->tile[j].x, o->tile[j].y);
			for (int k = 0; k < 3; k++) {
				int p = d * 3 + k, a = or_segat(o, i, p), b = or_segat(o, j, or_across(p));

				if ((a < 0) != (b < 0) ||
				    (a >= 0 && or_segkind(o, i, a) != or_segkind(o, j, b)))
					return or_fail(o, "tiles at %d,%d and %d,%d: port %d does not match",
					    o->tile[i].x, o->tile[i].y, o->tile[j].x, o->tile[j].y, p);
			}
		}
	/* Nodes, and the global segment ids. */
	for (int i = 0; i < ntiles; i++) {
		const struct cr_placed *t = &o->tile[i];
		int nseg = o->ts->type[t->type].nseg;

		o->first[i] = o->nnodes;
		o->node = or_grow(o->node, &o->nodecap, o->nnodes + nseg, sizeof *o->node);
		if (t->seg0 < 0)
			return or_fail(o, "tile %d at %d,%d: seg0 %d", i, t->x, t->y, t->seg0);
		if (t->seg0 + nseg > o->nsegids) {
			int old = o->nsegids;

			o->segmap = or_grow(o->segmap, &o->segcap, t->seg0 + nseg, sizeof *o->segmap);
			for (int s = old; s < t->seg0 + nseg; s++)
				o->segmap[s] = -1;
			o->nsegids = t->seg0 + nseg;
		}
		for (int s = 0; s < nseg; s++) {
			if (o->segmap[t->seg0 + s] >= 0)
				return or_fail(o, "tile %d at %d,%d: segment id %d is also on tile %d",
				    i, t->x, t->y, t->seg0 + s, o->node[o->segmap[t->seg0 + s]].tile);
			o->segmap[t->seg0 + s] = o->nnodes;
			o->node[o->nnodes++] = (struct or_node){ i, s, -1 };
		}
	}
	o->first[ntiles] = o->nnodes;
	return true;
}

/* ---- features ---------------------------------------------------------- */

static int
or_newstamp(struct oracle *o)
{
	return ++o->gen;
}

/* Flood the feature of node n0. */
static void
or_flood(struct oracle *o, int n0)
{
	struct or_feature *f;
	int head = o->nqueued, tail = o->nqueued, gen = or_newstamp(o), fi = o->nfeat;
	const struct or_node *nd = &o->node[n0];

	o->feat = or_grow(o->feat, &o->featcap, o->nfeat + 1, sizeof *o->feat);
	f = &o->feat[o->nfeat++];
	memset(f, 0, sizeof *f);
	f->kind = or_segkind(o, nd->tile, nd->seg);
	f->seg = o->tile[nd->tile].seg0 + nd->seg;
	f->x = o->tile[nd->tile].x, f->y = o->tile[nd->tile].y;
	o->node[n0].feat = fi;
	o->queue[tail++] = n0;
	while (head < tail) {
		int n = o->queue[head++], ti = o->node[n].tile, s = o->node[n].seg;
		const struct cr_seg *sg = &o->ts->type[o->tile[ti].type].seg[s];

		f->nseg++;
		if (o->stamp[ti] != gen) {
			o->stamp[ti] = gen;
			f->tiles++;
		}
		if (sg->kind == CR_CITY)
			f->pennants += sg->pennants;
		/* One inn or several, one cathedral or two: the same price
		 * ("une ou plusieurs auberges", "une ou deux cathédrales"). */
		if (sg->kind == CR_ROAD && (sg->flags & CR_SEG_INN))
			f->inn = true;
		if (sg->kind == CR_CITY && (sg->flags & CR_SEG_CATHEDRAL))
			f->cathedral = true;
		/* "un jeton Marchandise correspondant à chaque icône". */
		if (sg->kind == CR_CITY && tu_goods(&o->ts->type[o->tile[ti].type], s) > 0 &&
		    tu_goods(&o->ts->type[o->tile[ti].type], s) < OR_NGOODS)
			f->goods[tu_goods(&o->ts->type[o->tile[ti].type], s)]++;
		for (int p = 0; p < OR_PORTS; p++) {
			int j, q, m;

			if (or_segat(o, ti, p) != s)
				continue;
			j = or_neighbour(o, ti, p / 3);
			if (j < 0) {
				f->open++;
				continue;
			}
			q = or_segat(o, j, or_across(p));
			m = o->first[j] + q;	/* matched in or_lay: q >= 0 */
			if (o->node[m].feat < 0) {
				o->node[m].feat = fi;
				o->queue[tail++] = m;
			}
		}
		/* "Si ces deux tuiles sont placées ainsi, toutes les sections de
		 * ville sont reliées" (HS-L against HS-L): two cities sharing
		 * an edge, facing two sharing the other, are all one city. */
		for (int d = 0; sg->kind == CR_CITY && d < 4; d++) {
			int a = or_segat(o, ti, 3 * d), c = or_segat(o, ti, 3 * d + 2), j, b, e, m;

			if (a < 0 || c < 0 || a == c || (a != s && c != s) ||
			    or_segkind(o, ti, a) != CR_CITY || or_segkind(o, ti, c) != CR_CITY ||
			    (j = or_neighbour(o, ti, d)) < 0)
				continue;
			b = or_segat(o, j, or_across(3 * d)), e = or_segat(o, j, or_across(3 * d + 2));
			if (b < 0 || e < 0 || b == e || or_segkind(o, j, b) != CR_CITY ||
			    or_segkind(o, j, e) != CR_CITY)
				continue;
			m = o->first[ti] + (s == a ? c : a);
			if (o->node[m].feat < 0) {
				o->node[m].feat = fi;
				o->queue[tail++] = m;
			}
		}
	}
	if (f->kind == CR_CLOISTER) {
		int n = 0;

		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++)
				if ((dx || dy) && oracle_tile_at(o, f->x + dx, f->y + dy) >= 0) {
					int nb = oracle_tile_at(o, f->x + dx, f->y + dy);

					n++;
					/* "3 points de plus pour chaque vignoble". */
					f->vineyards += oracle_type_marked(o, o->tile[nb].type,
					    CR_MARK_VINEYARD);
				}
		f->tiles = 1 + n;
		f->open = 8 - n;
	}
	f->complete = f->kind != CR_FIELD && f->open == 0;
	o->fbeg[fi] = o->nqueued;
	o->nqueued = tail;
	o->fbeg[fi + 1] = tail;
}

/* Fields: the distinct completed cities each one touches (next_to). */
static void
or_field_cities(struct oracle *o)
{
	int *seen = calloc((size_t)o->nfeat + 1, sizeof *seen);

	if (seen == NULL)
		abort();
	for (int f = 0; f < o->nfeat; f++) {
		if (o->feat[f].kind != CR_FIELD)
			continue;
		for (int i = o->fbeg[f]; i < o->fbeg[f + 1]; i++) {
			const struct or_node *nd = &o->node[o->queue[i]];
			unsigned next;

			next = o->ts->type[o->tile[nd->tile].type].seg[nd->seg].next_to;
			for (int s = 0; s < CR_MAXSEG; s++) {
				int c;

				if (!(next & (1u << s)))
					continue;
				c = o->node[o->first[nd->tile] + s].feat;
				if (o->feat[c].kind == CR_CITY && o->feat[c].complete &&
				    seen[c] != f + 1) {
					seen[c] = f + 1;
					o->feat[f].cities++;
				}
			}
		}
	}
	free(seen);
}

static int
or_node_of(const struct oracle *o, int seg)
{
	return seg >= 0 && seg < o->nsegids ? o->segmap[seg] : -1;
}

int
oracle_feature_of(const struct oracle *o, int seg)
{
	int n = or_node_of(o, seg);

	return n < 0 ? -1 : o->node[n].feat;
}

int
oracle_tile_of(const struct oracle *o, int seg)
{
	int n = or_node_of(o, seg);

	return n < 0 ? -1 : o->node[n].tile;
}

const struct or_feature *
oracle_feature(const struct oracle *o, int f)
{
	return f >= 0 && f < o->nfeat ? &o->feat[f] : NULL;
}

bool
oracle_feature_has_tile(const struct oracle *o, int f, int x, int y)
{
	int t = oracle_tile_at(o, x, y);

	if (t < 0 || f < 0 || f >= o->nfeat)
		return false;
	for (int n = o->first[t]; n < o->first[t + 1]; n++)
		if (o->node[n].feat == f)
			return true;
	return false;
}

/* ---- spots ------------------------------------------------------------- */

/* The board ports a spot names: an edge all three, a corner the two
 * half-edges that meet there, a half-edge itself, the centre none.  A
 * spot names every segment of the kind that reaches one of them. */
static unsigned
or_spot_ports(enum cr_spot spot)
{
	int i = (int)spot, d = i / 4;

	if (i < 0 || i >= 16)
		return 0;
	switch (i % 4) {
	case 0:				/* N E S W */
		return 7u << (3 * d);
	case 1:				/* NNE ENE...: the clockwise half of edge d */
		return 1u << (3 * d + 2);
	case 2:				/* NE SE SW NW */
		return (1u << (3 * d + 2)) | (1u << ((3 * d + 3) % 12));
	default:			/* ENE SSE WSW NNW: the first half of edge d+1 */
		return 1u << ((3 * d + 3) % 12);
	}
}

/* oracle_spot_seg for the segments of any kind in kinds (bit per kind):
 * a builder stands on a road or a city. */
static int
or_spot_seg_of(const struct oracle *o, int x, int y, enum cr_spot spot, unsigned kinds)
{
	int t = oracle_tile_at(o, x, y), found = -1, n = 0;
	const struct cr_tiletype *tt;

	if (t < 0)
		return -3;
	/* A corner names fields only, never the city beside it
	 * (carcref-notation(5)). */
	if ((int)spot < 16 && (int)spot % 4 == 2)
		kinds &= 1u << CR_FIELD;
	tt = &o->ts->type[o->tile[t].type];
	for (int s = 0; s < tt->nseg; s++) {
		bool here = false;

		if (!(kinds & (1u << tt->seg[s].kind)))
			continue;
		if (spot == CR_SPOT_C)
			here = tt->seg[s].ports == 0;
		else
			for (int p = 0; p < OR_PORTS; p++)
				if ((or_spot_ports(spot) & (1u << p)) && or_segat(o, t, p) == s)
					here = true;
		if (here)
			found = s, n++;
	}
	if (n == 0)
		return -1;
	if (n > 1)
		return -2;
	return o->tile[t].seg0 + found;
}

int
oracle_spot_seg(const struct oracle *o, int x, int y, enum cr_spot spot, int kind)
{
	return or_spot_seg_of(o, x, y, spot, 1u << kind);
}

/* The segment a piece names with spot on the tile at x,y, as
 * oracle_spot_seg answers. */
static int
or_piece_seg(const struct oracle *o, const struct or_piece *pc, int x, int y, enum cr_spot spot)
{
	return or_spot_seg_of(o, x, y, spot, (1u << pc->kind) | (1u << pc->kind2));
}

/* ---- the river ------------------------------------------------------------ */

/* The sides (bit per board direction) on which type t turned rot shows
 * a river edge. */
static unsigned
or_river_sides(const struct oracle *o, int t, int rot)
{
	unsigned m = 0;

	for (int d = 0; d < 4; d++)
		if (o->river[t] & (1u << ((d - rot + 4) % 4)))
			m |= 1u << d;
	return m;
}

/* The way a river flowing dir turns when it leaves by side out: +1 to
 * the right (clockwise), -1 to the left, 0 straight on. */
static int
or_turn(int dir, int out)
{
	return out == (dir + 1) % 4 ? 1 : out == (dir + 3) % 4 ? -1 : 0;
}

/*
 * Follow the river from the spring (tile 0) down the stream, tile by
 * tile, to its open end or the lake: every river tile on the board must
 * lie on it, and no curve may turn the same way as the river tile just
 * before it when that one is a curve too; a straight between resets it
 * (carcref-notation(5), notation.md: right curve, straight, right curve
 * is legal).
 */
static bool
or_follow_river(struct oracle *o)
{
	int cur = 0, dir = -1, nriver = 0, seen = 1;
	unsigned out;

	o->rv_open = false;
	o->rv_curve = 0;
	if (!or_river_game(o) || o->ntiles == 0)
		return true;
	for (int i = 0; i < o->ntiles; i++)
		nriver += o->river[o->tile[i].type] != 0;
	out = or_river_sides(o, o->tile[0].type, o->tile[0].rot);
	for (int d = 0; d < 4; d++)
		if (out == 1u << d)
			dir = d;
	if (dir < 0)
		return or_fail(o, "the spring has %s river edge", out ? "more than one" : "no");
	for (int step = 0; step <= o->ntiles; step++) {
		int x = o->tile[cur].x + or_dx[dir], y = o->tile[cur].y + or_dy[dir];
		int j = oracle_tile_at(o, x, y), next = -1, entry = (dir + 2) % 4, turn;

		if (j < 0) {
			o->rv_open = true;
			o->rv_x = x, o->rv_y = y, o->rv_dir = dir;
			break;
		}
		seen++;
		out = or_river_sides(o, o->tile[j].type, o->tile[j].rot);
		if (!(out & (1u << entry)))
			return or_fail(o, "the river at %d,%d flows into a tile without a river edge",
			    x, y);
		out &= ~(1u << entry);
		if (out == 0)
			break;		/* the lake */
		for (int d = 0; d < 4; d++)
			if (out == 1u << d)
				next = d;
		if (next < 0)
			return or_fail(o, "the river forks at %d,%d", x, y);
		turn = or_turn(dir, next);
		if (turn != 0 && turn == o->rv_curve)
			return or_fail(o, "the river turns back at %d,%d (two %s curves)", x, y,
			    turn > 0 ? "right" : "left");
		o->rv_curve = turn;	/* a straight (0) resets it */
		cur = j, dir = next;
	}
	if (seen != nriver)
		return or_fail(o, "%d river tiles, %d of them on the river from the spring", nriver,
		    seen);
	return true;
}

/* ---- build ------------------------------------------------------------- */

bool
oracle_build(struct oracle *o, const struct cr_config *c, const struct cr_placed *tiles,
    int ntiles, const struct cr_meeple *mp, int nmp)
{
	int nplayers = c->nplayers;

	o->err[0] = '\0';
	or_clear(o);
	o->edition = c->edition;
	o->nplayers = nplayers;
	o->exts = c->exts;
	memset(o->used, 0, sizeof o->used);
	o->npieces = 0;
	if (nplayers < 1 || nplayers > CR_MAXPLAYERS)
		return or_fail(o, "bad number of players %d", nplayers);
	if (!or_lay(o, tiles, ntiles) || !or_follow_river(o))
		return false;
	o->queue = realloc(o->queue, ((size_t)o->nnodes + 1) * sizeof *o->queue);
	o->fbeg = realloc(o->fbeg, ((size_t)o->nnodes + 2) * sizeof *o->fbeg);
	if (o->queue == NULL || o->fbeg == NULL)
		abort();
	o->nqueued = 0;
	for (int n = 0; n < o->nnodes; n++)
		if (o->node[n].feat < 0)
			or_flood(o, n);
	or_field_cities(o);
	for (int i = 0; i < nmp; i++)
		if (!oracle_add(o, &mp[i]))
			return false;
	return true;
}

/* Piece i counted on its feature: followers by weight and one by one,
 * which players have a follower on a hill tile of it (Hills & Sheep: the
 * tie-break), a builder, a pig, a shepherd there. */
static void
or_count(struct oracle *o, int i)
{
	const struct or_mp *p = &o->mp[i];
	struct or_feature *f = &o->feat[o->node[p->node].feat];
	unsigned bit = 1u << p->m.player;

	if (p->pc->follower) {
		f->meeples[p->m.player] += p->pc->weight;
		f->pieces[p->m.player]++;
		f->nmeeples++;
		/* "un partisan qui occupe une tuile Colline" */
		if (oracle_type_marked(o, o->tile[o->node[p->node].tile].type, CR_MARK_HILL))
			f->hill |= bit;
	} else if (p->pc->pool == OR_POOL_BUILDER)
		f->builders |= bit;
	else if (p->pc->pool == OR_POOL_PIG)
		f->pigs |= bit;
	else if (p->pc->pool == OR_POOL_SHEPHERD)
		f->shepherds |= bit;
	o->used[p->m.player][p->pc->pool]++;
}

/* Count every piece again, from nothing (after some went home). */
static void
or_tally(struct oracle *o)
{
	for (int f = 0; f < o->nfeat; f++) {
		struct or_feature *ft = &o->feat[f];

		memset(ft->meeples, 0, sizeof ft->meeples);
		memset(ft->pieces, 0, sizeof ft->pieces);
		ft->nmeeples = 0;
		ft->hill = ft->builders = ft->pigs = ft->shepherds = 0;
	}
	memset(o->used, 0, sizeof o->used);
	for (int i = 0; i < o->npieces; i++)
		or_count(o, i);
}

bool
oracle_add(struct oracle *o, const struct cr_meeple *m)
{
	int n = or_node_of(o, m->seg), kind, t, i = o->npieces;
	const struct or_piece *pc = oracle_piece(m->role);

	if (n < 0)
		return or_fail(o, "meeple %d at %d,%d: no segment %d on the board",
		    i, m->x, m->y, m->seg);
	if (m->player < 0 || m->player >= o->nplayers)
		return or_fail(o, "meeple %d: player %d", i, m->player);
	if (pc == NULL)
		return or_fail(o, "meeple %d: role %d, a piece the oracle does not know", i,
		    (int)m->role);
	if (!oracle_piece_in_play(o, m->role))
		return or_fail(o, "meeple %d: a %s, of %s, which is not in play", i, pc->word,
		    pc->module);
	t = o->node[n].tile;
	kind = or_segkind(o, t, o->node[n].seg);
	if (kind != pc->kind && kind != pc->kind2)
		return or_fail(o, "meeple %d at %d,%d: a %s on a %s", i, m->x, m->y,
		    pc->word, oracle_kind_name(kind));
	if (o->tile[t].x != m->x || o->tile[t].y != m->y)
		return or_fail(o, "meeple %d said at %d,%d, its segment %d lies at %d,%d",
		    i, m->x, m->y, m->seg, o->tile[t].x, o->tile[t].y);
	if (or_piece_seg(o, pc, m->x, m->y, m->spot) != m->seg)
		return or_fail(o, "meeple %d at %d,%d: spot %d names %d, not segment %d",
		    i, m->x, m->y, (int)m->spot, or_piece_seg(o, pc, m->x, m->y, m->spot),
		    m->seg);
	o->mp = or_grow(o->mp, &o->mpcap, o->npieces + 1, sizeof *o->mp);
	o->mp[o->npieces] = (struct or_mp){ *m, pc, n };
	or_count(o, o->npieces++);
	return true;
}

int
oracle_pieces(const struct oracle *o, struct cr_meeple *out, int max)
{
	for (int i = 0; i < o->npieces && i < max; i++)
		out[i] = o->mp[i].m;
	return o->npieces;
}

/* Send home the pieces on feature f (-1: none) of the pools in mask (bit
 * per pool), and piece `one` (-1: none). */
static void
or_home(struct oracle *o, int f, unsigned pools, int one)
{
	int k = 0;

	for (int i = 0; i < o->npieces; i++) {
		bool go = i == one || (f >= 0 && o->node[o->mp[i].node].feat == f &&
		    (pools & (1u << o->mp[i].pc->pool)));

		if (!go)
			o->mp[k++] = o->mp[i];
	}
	o->npieces = k;
	or_tally(o);
}

bool
oracle_load(struct oracle *o, const struct cr_game *g)
{
	int nt = cr_game_ntiles(g), nm = cr_game_meeples(g, NULL, 0);
	struct cr_placed *t = calloc((size_t)nt + 1, sizeof *t);
	struct cr_meeple *m = calloc((size_t)nm + 1, sizeof *m);
	bool ok;

	if (t == NULL || m == NULL)
		abort();
	for (int i = 0; i < nt; i++)
		t[i] = *cr_game_tile(g, i);
	cr_game_meeples(g, m, nm);
	ok = oracle_build(o, &(struct cr_config){ cr_game_edition(g), cr_game_nplayers(g),
	    cr_game_exts(g) }, t, nt, m, nm);
	free(t);
	free(m);
	return ok;
}

/* ---- scoring ----------------------------------------------------------- */

static void
or_majority(const struct oracle *o, struct or_event *ev)
{
	int best = 0;

	ev->winners = 0;
	for (int p = 0; p < o->nplayers; p++)
		if (ev->meeples[p] > best)
			best = ev->meeples[p];
	for (int p = 0; best > 0 && p < o->nplayers; p++)
		if (ev->meeples[p] == best)
			ev->winners |= 1u << p;
}

/*
 * Hills & Sheep: "le joueur ayant un partisan qui occupe une tuile
 * Colline, parmi les joueurs à égalité, remporte la victoire"; several
 * tied players on hills all win (the project's decision), none on a hill:
 * the tie stands.  hill: bit per player with a follower on a hill tile
 * of what is scored.
 */
static void
or_tiebreak(struct or_event *ev, unsigned hill)
{
	unsigned keep = ev->winners & hill;

	if ((ev->winners & (ev->winners - 1)) != 0 && keep != 0 && keep != ev->winners) {
		ev->tied = ev->winners;
		ev->winners = keep;
	}
}

/* Each winner receives the event's points; extra more those in pigs. */
static void
or_paid(struct or_event *ev, unsigned pigs, int extra)
{
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		ev->pay[p] = !(ev->winners & (1u << p)) ? 0 :
		    ev->points + ((pigs & (1u << p)) ? extra : 0);
}

static void
or_event_of(const struct oracle *o, int f, int reason, struct or_event *ev)
{
	const struct or_feature *ft = &o->feat[f];

	memset(ev, 0, sizeof *ev);
	ev->reason = reason;
	ev->what = OR_WHAT_FEATURE;
	ev->kind = ft->kind;
	ev->feature = f;
	ev->tiles = ft->tiles;
	ev->pennants = ft->kind == CR_CITY ? ft->pennants : 0;
	memcpy(ev->meeples, ft->meeples, sizeof ev->meeples);
	memcpy(ev->pieces, ft->pieces, sizeof ev->pieces);
	or_majority(o, ev);
	or_tiebreak(ev, ft->hill);
}

bool
oracle_score_completed(const struct oracle *o, int f, struct or_event *ev)
{
	const struct or_feature *ft = &o->feat[f];

	or_event_of(o, f, CR_EV_COMPLETED, ev);
	switch (ft->kind) {
	case CR_ROAD:
		/* "le voleur reçoit 2 points par section de route" */
		ev->points = (ft->inn ? 2 : 1) * ft->tiles;
		break;
	case CR_CITY:
		/* "3 points par section (nombre de tuiles) et par bouclier" */
		if (ft->cathedral)
			ev->points = 3 * ft->tiles + 3 * ft->pennants;
		else if (o->edition == 1 && ft->tiles == 2)
			ev->points = ft->tiles + ft->pennants;
		else
			ev->points = 2 * ft->tiles + 2 * ft->pennants;
		break;
	case CR_CLOISTER:
		/* Hills & Sheep: "3 points de plus pour chaque vignoble" */
		ev->points = 9 + 3 * ft->vineyards;
		break;
	default:
		return false;
	}
	or_paid(ev, 0, 0);
	return ev->winners != 0;
}

/*
 * Emit a farm's payment: one event, the winners with a pig (bit set in
 * pigs: Traders & Builders) paid extra more each ("Comme son cochon est
 * dans ce pré, il marque 4 points par ville [...] plutôt que 3").
 */
static int
or_emit_farm(const struct or_event *ev, unsigned pigs, int extra, struct or_event *out,
    int n, int max)
{
	struct or_event e = *ev;

	pigs &= ev->winners;
	e.pig = pigs != 0;
	or_paid(&e, pigs, extra);
	if (n < max && out != NULL)
		out[n] = e;
	return n + 1;
}

int
oracle_final(const struct oracle *o, struct or_event *out, int max)
{
	static const int order[] = { CR_ROAD, CR_CITY, CR_CLOISTER };
	struct or_event ev;
	int n = 0;

#define OR_EMIT() do { or_paid(&ev, 0, 0); if (n < max && out != NULL) out[n] = ev; n++; } while (0)
	/* Incomplete roads, cities, cloisters with followers. */
	for (int k = 0; k < 3; k++)
		for (int f = 0; f < o->nfeat; f++) {
			const struct or_feature *ft = &o->feat[f];

			if (ft->kind != order[k] || ft->complete || ft->nmeeples == 0)
				continue;
			or_event_of(o, f, CR_EV_FINAL, &ev);
			/* Roads 1 per tile; cities 1 per tile and pennant;
			 * cloisters 1 + neighbours = tiles, vineyards nothing
			 * ("les vignobles ne rapportent aucun point aux abbayes
			 * incomplètes").  An inn's road and a cathedral's city
			 * pay nothing open ("elle ne rapporte aucun point"): no
			 * event. */
			ev.points = ft->inn || ft->cathedral ? 0 : ft->tiles + ev.pennants;
			if (ev.points > 0)
				OR_EMIT();
		}
	if (o->edition != 1) {
		/* Each farm: 3 per completed city it touches, to its farmers;
		 * 1 more per city to those of them with a pig in it. */
		for (int f = 0; f < o->nfeat; f++) {
			const struct or_feature *ft = &o->feat[f];

			if (ft->kind != CR_FIELD || ft->nmeeples == 0 || ft->cities == 0)
				continue;
			or_event_of(o, f, CR_EV_FARM, &ev);
			ev.cities = ft->cities;
			ev.points = 3 * ft->cities;
			n = or_emit_farm(&ev, ft->pigs, ft->cities, out, n, max);
		}
	} else {
		/* Each completed city: 4 to the majority of the farmers over
		 * every field touching it, each field counted once; a tie
		 * broken by a farmer on a hill tile of one of those fields;
		 * 5 to a winner with a pig in one of them where they have a
		 * farmer too (the project's decision for edition 1). */
		int *seen = calloc((size_t)o->nfeat + 1, sizeof *seen);

		if (seen == NULL)
			abort();
		for (int c = 0; c < o->nfeat; c++) {
			unsigned hill = 0, pigs = 0;

			if (o->feat[c].kind != CR_CITY || !o->feat[c].complete)
				continue;
			memset(&ev, 0, sizeof ev);
			ev.reason = CR_EV_FARM_CITY;
			ev.what = OR_WHAT_FEATURE;
			ev.kind = CR_FIELD;
			ev.feature = c;
			ev.tiles = o->feat[c].tiles;
			ev.cities = 1;
			for (int i = o->fbeg[c]; i < o->fbeg[c + 1]; i++) {
				const struct or_node *nd = &o->node[o->queue[i]];
				const struct cr_tiletype *tt = &o->ts->type[o->tile[nd->tile].type];

				for (int s = 0; s < tt->nseg; s++) {
					int fld = o->node[o->first[nd->tile] + s].feat;
					const struct or_feature *ff = &o->feat[fld];

					if (tt->seg[s].kind != CR_FIELD ||
					    !(tt->seg[s].next_to & (1u << nd->seg)) || seen[fld] == c + 1)
						continue;
					seen[fld] = c + 1;
					for (int p = 0; p < o->nplayers; p++) {
						ev.meeples[p] += ff->meeples[p];
						ev.pieces[p] += ff->pieces[p];
						if (ff->meeples[p] > 0 && (ff->pigs & (1u << p)))
							pigs |= 1u << p;
					}
					hill |= ff->hill;
				}
			}
			or_majority(o, &ev);
			if (ev.winners == 0)
				continue;
			or_tiebreak(&ev, hill);
			ev.points = 4;
			n = or_emit_farm(&ev, pigs, 1, out, n, max);
		}
		free(seen);
	}
#undef OR_EMIT
	return n;
}

int
oracle_final_goods(const struct oracle *o, const struct or_state *st, struct or_event *out,
    int max)
{
	struct or_event ev;
	int n = 0;

	/* "Le joueur possédant le plus de jetons de chaque type marque 10
	 * points"; ties all score, a kind nobody holds nothing. */
	for (int k = 1; k < OR_NGOODS; k++) {
		int best = 0;

		memset(&ev, 0, sizeof ev);
		ev.reason = CR_EV_EXTRA;
		ev.what = OR_WHAT_GOODS;
		ev.feature = -1;
		ev.sub = k;
		for (int p = 0; p < o->nplayers; p++) {
			ev.meeples[p] = st->goods[p][k];
			if (st->goods[p][k] > best)
				best = st->goods[p][k];
		}
		if (best == 0)
			continue;
		for (int p = 0; p < o->nplayers; p++)
			if (st->goods[p][k] == best)
				ev.winners |= 1u << p;
		ev.points = 10;
		or_paid(&ev, 0, 0);
		if (n < max && out != NULL)
			out[n] = ev;
		n++;
	}
	return n;
}

/* ---- placements -------------------------------------------------------- */

/* Whether type t turned rot fits by the edges on an empty square whose
 * neighbours (N E S W) are the tiles nb, -1 for none. */
static bool
or_fits(const struct oracle *o, int t, int rot, const int nb[4])
{
	for (int d = 0; d < 4; d++)
		if (nb[d] >= 0 && or_edge(o, t, rot, d) !=
		    or_edge(o, o->tile[nb[d]].type, o->tile[nb[d]].rot, (d + 2) % 4))
			return false;
	return true;
}

/* Whether a river tile t turned rot at the river's open end continues
 * it: a river edge against the stream, and no curve the same way as the
 * tile before it if that one is a curve ("vous n'avez pas le droit de
 * placer une tuile qui lui ferait faire demi-tour"). */
static bool
or_continues(const struct oracle *o, int t, int rot)
{
	unsigned sides = or_river_sides(o, t, rot);
	int entry = (o->rv_dir + 2) % 4;

	if (!o->rv_open || !(sides & (1u << entry)))
		return false;
	sides &= ~(1u << entry);
	for (int d = 0; d < 4; d++)
		if (sides == 1u << d)
			return or_turn(o->rv_dir, d) == 0 || or_turn(o->rv_dir, d) != o->rv_curve;
	return sides == 0;	/* the lake */
}

int
oracle_legal_count(const struct oracle *o, int type)
{
	bool river;
	int n = 0;

	if (type < 0 || type >= o->ts->ntypes)
		return 0;
	river = or_river_game(o) && o->river[type] != 0;
	/* Every empty square next to a tile, once: seen from the earliest
	 * tile beside it. */
	for (int i = 0; i < o->ntiles; i++)
		for (int e = 0; e < 4; e++) {
			int x = o->tile[i].x + or_dx[e], y = o->tile[i].y + or_dy[e], nb[4];
			bool first = true;

			if (oracle_tile_at(o, x, y) >= 0)
				continue;
			/* A river tile goes at the river's open end only. */
			if (river && !(o->rv_open && x == o->rv_x && y == o->rv_y))
				continue;
			for (int d = 0; d < 4; d++) {
				nb[d] = oracle_tile_at(o, x + or_dx[d], y + or_dy[d]);
				if (nb[d] >= 0 && nb[d] < i)
					first = false;
			}
			if (!first)
				continue;
			for (int r = 0; r < 4; r++)
				n += or_fits(o, type, r, nb) && (!river || or_continues(o, type, r));
		}
	return n;
}

/* ---- a move ------------------------------------------------------------ */

/* The feature of player p's piece of pool q on the board, -1 if none
 * stands (one such piece each: builder, pig, shepherd). */
static int
or_feat_of_piece(const struct oracle *o, int p, int q)
{
	for (int i = 0; i < o->npieces; i++)
		if (o->mp[i].m.player == p && o->mp[i].pc->pool == q)
			return o->node[o->mp[i].node].feat;
	return -1;
}

int
oracle_piece_feature(const struct oracle *o, int p, int q)
{
	return or_feat_of_piece(o, p, q);
}

int
oracle_open_squares(const struct oracle *o, int f, int *xy, int max)
{
	int n = 0;

	for (int i = f >= 0 && f < o->nfeat ? o->fbeg[f] : 0; f >= 0 && f < o->nfeat &&
	    i < o->fbeg[f + 1]; i++) {
		const struct or_node *nd = &o->node[o->queue[i]];

		for (int p = 0; p < OR_PORTS; p++) {
			int x = o->tile[nd->tile].x + or_dx[p / 3];
			int y = o->tile[nd->tile].y + or_dy[p / 3];
			bool dup = false;

			if (or_segat(o, nd->tile, p) != nd->seg || oracle_tile_at(o, x, y) >= 0)
				continue;
			for (int k = 0; k < n && k < max; k++)
				dup = dup || (xy[2 * k] == x && xy[2 * k + 1] == y);
			if (dup)
				continue;
			if (n < max)
				xy[2 * n] = x, xy[2 * n + 1] = y;
			n++;
		}
	}
	return n;
}

/* Whether the tile with index t has a segment in feature f. */
static bool
or_tile_in(const struct oracle *o, int t, int f)
{
	for (int n = o->first[t]; f >= 0 && n < o->first[t + 1]; n++)
		if (o->node[n].feat == f)
			return true;
	return false;
}

/* The flock's choice (Hills & Sheep): due when the last tile extends the
 * field of player p's own shepherd ("Chaque fois qu'un joueur place une
 * tuile qui agrandit le pré où se trouve son berger"): that field, else
 * -1. */
static int
or_choice_due(const struct oracle *o, int p)
{
	int own = or_feat_of_piece(o, p, OR_POOL_SHEPHERD);

	return own >= 0 && or_tile_in(o, o->ntiles - 1, own) ? own : -1;
}

/* Judge the line; on a refusal *why says which rule. */
#define OR_NO(s)	do { if (why != NULL) *why = (s); return false; } while (0)

bool
oracle_may_play(const struct oracle *o, const struct or_state *st, const struct cr_move *m,
    int *seg, const char **why)
{
	int p = st->turn, due = or_choice_due(o, p), cleared = -1, bag[OR_NTOK], k, s, f;
	bool freed = false, hills = (o->exts & o->hs_bit) != 0;
	const struct or_piece *pc;

	if (seg != NULL)
		*seg = -1;
	memcpy(bag, st->bag, sizeof bag);
	/* The choice, before the piece ("avant de pouvoir placer un
	 * partisan"): due exactly when the tile extends the own shepherd's
	 * field. */
	if (m->choice == 0) {
		if (m->choice_arg != 0)
			OR_NO("a token with no choice");
		if (due >= 0)
			OR_NO("the tile extends the field of the player's shepherd: a choice is due");
	} else if (hills && m->choice == oracle_choice_herd()) {
		if (m->choice_arg != 0)
			OR_NO("herd draws no token");
		if (due < 0)
			OR_NO("herd, but the tile extends no field of the player's shepherd");
		cleared = due;
	} else if (hills && m->choice == oracle_choice_grow()) {
		if ((k = oracle_token_kind(m->choice_arg)) < 0)
			OR_NO("grow draws a sheep (1 to 4) or a wolf");
		if (due < 0)
			OR_NO("grow, but the tile extends no field of the player's shepherd");
		if (bag[k] == 0)
			OR_NO("grow draws a token that is not in the bag");
		if (k == 0)
			cleared = due;	/* the wolf, drawn and put back */
		else
			bag[k]--;
	} else
		OR_NO("no such choice in this game");
	/* Herded or scattered: every shepherd there home, tokens back. */
	if (cleared >= 0)
		for (int q = 0; q < o->nplayers; q++)
			if (o->feat[cleared].shepherds & (1u << q)) {
				for (int i = 0; i < OR_NTOK; i++)
					bag[i] += st->flock[q][i];
				freed = freed || q == p;
			}
	/* The piece. */
	if (m->role == CR_ROLE_NONE) {
		if (m->arg != 0)
			OR_NO("a token with no piece");
		return true;
	}
	if ((pc = oracle_piece(m->role)) == NULL)
		OR_NO("a piece the oracle does not know");
	if (!oracle_piece_in_play(o, m->role))
		OR_NO("a piece of a set not in play");
	if (oracle_supply(o, p, pc->pool) + (freed && pc->pool == OR_POOL_SHEPHERD) <= 0)
		OR_NO("none of that piece left in supply");
	/* "il pioche immédiatement un jeton dans le sac" */
	if (pc->token && ((k = oracle_token_kind(m->arg)) < 0 || bag[k] == 0))
		OR_NO(k < 0 ? "a shepherd draws a sheep (1 to 4) or a wolf" :
		    "a shepherd draws a token that is not in the bag");
	if (!pc->token && m->arg != 0)
		OR_NO("a token for a piece that draws none");
	s = or_piece_seg(o, pc, m->x, m->y, m->spot);
	if (seg != NULL)
		*seg = s;
	if (s < 0)
		OR_NO(s == -1 ? "the spot names no segment of the piece's kind" :
		    "the spot names several segments of the piece's kind");
	f = oracle_feature_of(o, s);
	if (pc->follower && o->feat[f].nmeeples > 0)
		OR_NO("the feature holds a follower");
	/* "sur une route ou dans une ville où il a déjà un ou des
	 * partisans"; "dans un pré où il a déjà au moins 1 paysan" */
	if ((pc->pool == OR_POOL_BUILDER || pc->pool == OR_POOL_PIG) && o->feat[f].meeples[p] == 0)
		OR_NO("a builder or a pig needs the player's own follower on the feature");
	/* "ne peut pas être placé dans un pré où se trouve déjà un berger" */
	if (pc->pool == OR_POOL_SHEPHERD && f != cleared && o->feat[f].shepherds != 0)
		OR_NO("the field holds a shepherd");
	return true;
}

#undef OR_NO

void
oracle_start(struct oracle *o, const struct cr_config *c, struct or_state *st)
{
	static const char *const bag[OR_NTOK] = { "wolf", "sheep-1", "sheep-2", "sheep-3",
	    "sheep-4" };

	o->edition = c->edition;
	o->nplayers = c->nplayers;
	o->exts = c->exts;
	memset(st, 0, sizeof *st);
	for (int t = 0; t < o->ts->ntypes; t++)
		st->left += oracle_start_supply(o, t);
	/* The set's tokens: "4 jetons 1 mouton, 5 jetons 2 moutons, ..." */
	for (int k = 0; (o->exts & o->hs_bit) && k < OR_NTOK; k++) {
		int n = cr_tileset_tokens(o->ts, "hills-sheep", bag[k]);

		st->bag[k] = n > 0 ? n : 0;
	}
}

/* The flock on field f ends (herded, scattered by a wolf, its field
 * closed): an event paying each shepherd there the sheep of all of them
 * (a wolf: nothing), every one of them home, their tokens back in the
 * bag. */
static int
or_flock_ends(struct oracle *o, struct or_state *st, int f, int how, struct or_event *out,
    int n, int max)
{
	struct or_event ev;

	memset(&ev, 0, sizeof ev);
	ev.reason = CR_EV_MODULE;
	ev.what = OR_WHAT_FLOCK;
	ev.kind = CR_FIELD;
	ev.feature = f;
	ev.sub = how;
	ev.winners = o->feat[f].shepherds;
	for (int p = 0; p < o->nplayers; p++)
		if (ev.winners & (1u << p)) {
			ev.meeples[p] = 1;
			for (int k = 0; k < OR_NTOK; k++) {
				ev.sheep += k * st->flock[p][k];
				st->bag[k] += st->flock[p][k];
				st->flock[p][k] = 0;
			}
		}
	ev.points = how == OR_FLOCK_WOLF ? 0 : ev.sheep;
	or_paid(&ev, 0, 0);
	or_home(o, f, 1u << OR_POOL_SHEPHERD, -1);
	if (n < max && out != NULL)
		out[n] = ev;
	return n + 1;
}

int
oracle_play(struct oracle *o, struct or_state *st, const struct cr_move *m,
    struct or_event *out, int max)
{
	const struct cr_placed *t;
	int p = st->turn, n = 0, last = o->ntiles - 1, feats[64], nf = 0, due, k;
	bool extended;
	const char *why;
	struct cr_meeple piece;

	if (st->over) {
		or_fail(o, "the game is over");
		return -1;
	}
	switch (m->kind) {
	case CR_MOVE_END:
		goto over;
	case CR_MOVE_DISCARD:
		/* "la tuile retourne dans la boîte et le joueur en pioche une
		 * autre": the same player, the same part of the turn. */
		if (oracle_legal_count(o, m->tile) != 0) {
			or_fail(o, "%s is discarded but fits", o->ts->type[m->tile].code);
			return -1;
		}
		st->left--;
		goto end;
	case CR_MOVE_PLACE:
		break;
	default:
		or_fail(o, "a move of kind %d", (int)m->kind);
		return -1;
	}
	t = oracle_tile(o, last);
	if (t == NULL || t->x != m->x || t->y != m->y || t->type != m->tile || t->rot != m->rot) {
		or_fail(o, "the last tile on the board is not the move's");
		return -1;
	}
	if (!oracle_may_play(o, st, m, &piece.seg, &why)) {
		or_fail(o, "%s", why);
		return -1;
	}
	st->left--;
	due = or_choice_due(o, p);
	/* Traders & Builders: the tile extends (or completes) the road or
	 * city of the player's builder, put down on an earlier turn ("une
	 * tuile qui continue ou termine la route où se trouve son
	 * bâtisseur"). */
	extended = or_tile_in(o, last, or_feat_of_piece(o, p, OR_POOL_BUILDER));
	/* The flock's choice, before the piece. */
	if (m->choice == oracle_choice_herd() && due >= 0)
		n = or_flock_ends(o, st, due, OR_FLOCK_HERDED, out, n, max);
	else if (m->choice == oracle_choice_grow() && due >= 0) {
		if ((k = oracle_token_kind(m->choice_arg)) == 0)
			n = or_flock_ends(o, st, due, OR_FLOCK_WOLF, out, n, max);
		else
			st->bag[k]--, st->flock[p][k]++;
	}
	/* The piece; a shepherd draws its token ("un loup: le berger
	 * retourne immédiatement dans la réserve"). */
	if (m->role != CR_ROLE_NONE) {
		piece = (struct cr_meeple){ p, m->role, piece.seg, m->x, m->y, m->spot };
		if (!oracle_add(o, &piece))
			return -1;
		if (oracle_piece(m->role)->token) {
			memset(st->flock[p], 0, sizeof st->flock[p]);
			if ((k = oracle_token_kind(m->arg)) == 0)
				or_home(o, -1, 0, o->npieces - 1);
			else
				st->bag[k]--, st->flock[p][k] = 1;
		}
	}
	/* A hill hides a tile ("il pioche immédiatement une autre tuile
	 * [...] sous la colline"), if one is left. */
	if (oracle_type_marked(o, m->tile, CR_MARK_HILL) && st->left > 0)
		st->left--, st->hidden++;
	/* Flocks on closed fields: scored at once (the publisher's
	 * clarification, spec/notation.md). */
	for (int f = 0; f < o->nfeat; f++)
		if (o->feat[f].kind == CR_FIELD && o->feat[f].shepherds != 0 && o->feat[f].open == 0)
			n = or_flock_ends(o, st, f, OR_FLOCK_CLOSED, out, n, max);
	/* What the tile completed: its own roads, cities and cloister, and
	 * the cloisters around it. */
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			int ti = oracle_tile_at(o, m->x + dx, m->y + dy);

			for (int nd = ti >= 0 ? o->first[ti] : 0; ti >= 0 && nd < o->first[ti + 1];
			    nd++) {
				const struct or_feature *ft = &o->feat[o->node[nd].feat];
				int f = o->node[nd].feat;
				bool dup = false;

				if (!ft->complete || (ti != last && ft->kind != CR_CLOISTER))
					continue;
				for (int j = 0; j < nf; j++)
					dup = dup || feats[j] == f;
				if (!dup && nf < 64)
					feats[nf++] = f;
			}
		}
	for (int i = 0; i < nf; i++) {
		const struct or_feature *ft = &o->feat[feats[i]];
		struct or_event ev;

		/* Goods to the player who placed the tile: "il prend un jeton
		 * Marchandise correspondant à chaque icône [...] La présence de
		 * chevaliers [...] n'a pas d'incidence". */
		if (ft->kind == CR_CITY && ft->goods[1] + ft->goods[2] + ft->goods[3] > 0) {
			memset(&ev, 0, sizeof ev);
			ev.reason = CR_EV_TAKE;
			ev.what = OR_WHAT_GOODS;
			ev.kind = CR_CITY;
			ev.feature = feats[i];
			ev.winners = 1u << p;
			memcpy(ev.goods, ft->goods, sizeof ev.goods);
			for (k = 1; k < OR_NGOODS; k++)
				st->goods[p][k] += ft->goods[k];
			if (n < max && out != NULL)
				out[n] = ev;
			n++;
		}
		if (oracle_score_completed(o, feats[i], &ev)) {
			if (n < max && out != NULL)
				out[n] = ev;
			n++;
		}
	}
	/* Their pieces go home, followers and builders. */
	for (int i = 0; i < nf; i++)
		or_home(o, feats[i], ~0u, -1);
	/* Who plays next: "il pioche immédiatement une deuxième tuile", but
	 * never a third. */
	if (extended && !st->second)
		st->second = true;
	else {
		st->second = false;
		st->turn = (st->turn + 1) % o->nplayers;
	}
end:
	if (st->left > 0)
		return n;
over:
	st->over = true;
	n += oracle_final(o, out != NULL && n < max ? out + n : NULL, n < max ? max - n : 0);
	return n + oracle_final_goods(o, st, out != NULL && n < max ? out + n : NULL,
	    n < max ? max - n : 0);
}
