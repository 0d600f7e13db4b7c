/*
 * oracle-hg.c -- the second referee of Hunters & Gatherers; see
 * oracle-hg.h.
 *
 * Obviously right rather than fast: every question about features builds
 * them again from nothing.  One node per (tile, segment); two union-finds
 * over the nodes: the features (forest pieces, meadow pieces, river
 * segments joined across the edges where their ports touch, HG-1.5,
 * 1.6, 1.8) and the river systems (segments joined across edges, and
 * every segment ending in a lake joined to that lake, HG-1.7).  Then one
 * pass sums each feature's and each system's counts and pieces.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle-hg.h"
#include "rules/ext.h"

#define HGO_R	100			/* the grid spans -HGO_R..HGO_R both ways */
#define HGO_W	(2 * HGO_R + 1)
#define HGO_SEG	CR_MAXSEG		/* nodes per tile */

/* Board directions N E S W and their steps (y grows to the north); the
 * 12 ports, three an edge clockwise (NNW N NNE, ENE E ESE, ...). */
static const int hgo_dx[4] = { 0, 1, 0, -1 };
static const int hgo_dy[4] = { 1, 0, -1, 0 };

/* The ports each spot names (notation.md; HG-7.5), by enum cr_spot: an
 * edge its three, a half-edge its own, a corner its two half-edges, the
 * centre none. */
static const unsigned hgo_spot[CR_NSPOTS] = {
	0x007, 0x004, 0x00c, 0x008,	/* N NNE NE ENE */
	0x038, 0x020, 0x060, 0x040,	/* E ESE SE SSE */
	0x1c0, 0x100, 0x300, 0x200,	/* S SSW SW WSW */
	0xe00, 0x800, 0x801, 0x001,	/* W WNW NW NNW */
	0,				/* C */
};
#define HGO_CORNER(s)	((s) == CR_SPOT_NE || (s) == CR_SPOT_SE || (s) == CR_SPOT_SW || \
			 (s) == CR_SPOT_NW)

enum { K_FOREST, K_MEADOW, K_RIVER, K_LAKE, K_OTHER };
enum { R_HUNTER, R_GATHERER, R_FISHER, R_HUT, R_NONE };

struct hgo_tile { int x, y, type, rot; };

/* How often the rarer rules came into play, over every game: a test
 * that says it compared them can count them. */
static struct hgo_seen {
	long	loops;		/* a river closed on itself completed */
	long	lake_twice;	/* a river completed with both ends in one lake */
	long	bonus_gold;	/* a gold forest completed by a bonus tile */
	long	pile_empty;	/* a bonus tile earned, the pile empty */
	long	bonus_discard, land_discard;
	long	end_due;	/* end while a bonus tile is due */
	long	seg_fish;	/* a river system with huts, fish on its segments */
	long	tigers_eat;	/* a meadow scored where tigers eat deer */
	long	fire;		/* a meadow scored where a fire saves deer from tigers */
	long	shrine;		/* a meadow where the shrine changes who scores */
	long	shrines;	/* a meadow with several shrine hunters scored */
	long	ties;		/* a feature paid to several players */
	long	home_bonus;	/* a bonus tile placed with the mover's member going home */
} hgo_seen;

/* What a feature or a river system holds, summed over its nodes. */
struct hgo_sum {
	int	kind;		/* K_* of its nodes */
	int	nseg, open;	/* segments (pieces), ports with no tile across */
	int	gold, mushrooms, fish, deer, mammoth, aurochs, tiger;
	bool	fire;
	bool	new_tile;	/* holds a segment of the last tile */
	int	members[CR_MAXPLAYERS], huts[CR_MAXPLAYERS], shrine[CR_MAXPLAYERS];
	int	lakefish;	/* a river: the fish of the lakes at its ends, once each */
	int	ends, segfish;	/* a river: its ends in a lake; a system: fish on segments */
};

struct hgo {
	const struct cr_tileset *ts;
	int	np;
	/* The data's words, numbered by the engine's tables. */
	int	kind[CR_MAXKINDS];	/* engine kind -> K_* */
	int	a_gold, a_mush, a_fish, a_arms, a_deer, a_mammoth, a_aurochs, a_tiger;
	int	a_fire, a_shrine, a_bonus;
	int	role[CR_MAXPIECES];	/* engine piece -> R_* */
	bool	*bonus;			/* per type: a bonus tile */
	int	pilesize;
	/* The game. */
	int	*supply;		/* copies left per type */
	struct hgo_tile *tile;
	int	ntiles;
	int	*grid;			/* HGO_W * HGO_W: tile index + 1, 0 empty */
	struct hgo_piece *pc;
	int	npc;
	int	score[CR_MAXPLAYERS];
	int	turn, drawn;		/* bonus tiles drawn from the pile */
	int	nmoves;
	struct hgo_event *ev;		/* the events, in the order made */
	int	nev, evcap;
	bool	due, over, previewing;
	/* The features, as hgo_build last found them. */
	int	*feat, *sys;		/* union-finds over nodes */
	int	*endlake;		/* a segment ending in a lake: the lake's node, -1 */
	struct hgo_sum *fs, *ss;	/* by root: the feature's, the system's */
	char	err[256];
};

static bool
hgo_fail(struct hgo *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(o->err, sizeof o->err, fmt, ap);
	va_end(ap);
	return false;
}

const char *
hgo_error(const struct hgo *o)
{
	return o->err;
}

static int
hgo_attr(const char *key)
{
	return cr_attr_find(key, strlen(key));
}

/* A key's value on segment s of type t: a count, 1 or 0 for a flag. */
static int
hgo_val(const struct cr_tiletype *t, int s, int a)
{
	return a >= 0 ? cr_tile_attr(t, s, a) : 0;
}

static const char *
hgo_endname(const struct cr_tiletype *t, int s)
{
	const char *n = t->seg[s].end ? cr_end_name(t->seg[s].end) : NULL;

	return n ? n : "";
}

struct hgo *
hgo_new(const struct cr_tileset *ts, int nplayers)
{
	static const char *const kinds[] = { "forest", "meadow", "river", "lake" };
	static const char *const roles[] = { "hunter", "gatherer", "fisher", "hut" };
	int ext = cr_ext_find("hunters-gatherers", 17);
	struct hgo *o;

	if (ext < 0 || ts->start < 0 || nplayers < 1 || nplayers > CR_MAXPLAYERS)
		return NULL;
	o = calloc(1, sizeof *o);
	if (o == NULL)
		abort();
	o->ts = ts;
	o->np = nplayers;
	for (int k = 0; k < CR_MAXKINDS; k++) {
		o->kind[k] = K_OTHER;
		for (int i = 0; i < 4; i++)
			if (k < cr_nkinds() && cr_kind_ext(k) == ext && cr_kind_name(k) &&
			    strcmp(cr_kind_name(k), kinds[i]) == 0)
				o->kind[k] = i;
	}
	for (int r = 0; r < CR_MAXPIECES; r++)
		o->role[r] = R_NONE;
	for (int i = 0; i < 4; i++) {
		int r = cr_piece_find(ts->game, roles[i], strlen(roles[i]));

		if (r <= 0 || r >= CR_MAXPIECES) {
			free(o);
			return NULL;
		}
		o->role[r] = i;
	}
	o->a_gold = hgo_attr("gold"), o->a_mush = hgo_attr("mushrooms");
	o->a_fish = hgo_attr("fish"), o->a_arms = hgo_attr("arms");
	o->a_deer = hgo_attr("deer"), o->a_mammoth = hgo_attr("mammoth");
	o->a_aurochs = hgo_attr("aurochs"), o->a_tiger = hgo_attr("tiger");
	o->a_fire = hgo_attr("fire"), o->a_shrine = hgo_attr("shrine");
	o->a_bonus = hgo_attr("bonus");
	o->bonus = calloc((size_t)ts->ntypes, sizeof *o->bonus);
	o->supply = calloc((size_t)ts->ntypes, sizeof *o->supply);
	o->grid = calloc((size_t)HGO_W * HGO_W, sizeof *o->grid);
	o->tile = calloc((size_t)ts->total + 2, sizeof *o->tile);
	o->pc = calloc(CR_MAXPLAYERS * 8, sizeof *o->pc);
	if (!o->bonus || !o->supply || !o->grid || !o->tile || !o->pc)
		abort();
	/* HG-1.1: the supply is every land copy less the start tile; the
	 * pile's size is the set's bonus-pile, else its bonus copies. */
	o->pilesize = cr_tileset_tokens(ts, ts->setname[0], "bonus-pile");
	if (o->pilesize < 0)
		o->pilesize = 0;
	for (int t = 0; t < ts->ntypes; t++) {
		o->bonus[t] = hgo_val(&ts->type[t], 0, o->a_bonus) != 0;
		o->supply[t] = ts->type[t].count - (t == ts->start);
		if (o->bonus[t] && cr_tileset_tokens(ts, ts->setname[0], "bonus-pile") < 0)
			o->pilesize += ts->type[t].count;
	}
	/* HG-2.1: the start tile at 0,0, rotation 0. */
	o->tile[0] = (struct hgo_tile){ 0, 0, ts->start, 0 };
	o->grid[HGO_R * HGO_W + HGO_R] = 1;
	o->ntiles = 1;
	return o;
}

void
hgo_free(struct hgo *o)
{
	if (o == NULL)
		return;
	free(o->bonus);
	free(o->supply);
	free(o->grid);
	free(o->tile);
	free(o->pc);
	free(o->feat);
	free(o->sys);
	free(o->endlake);
	free(o->fs);
	free(o->ss);
	free(o->ev);
	free(o);
}

int
hgo_turn(const struct hgo *o)
{
	return o->turn;
}

bool
hgo_over(const struct hgo *o)
{
	return o->over;
}

bool
hgo_bonus_due(const struct hgo *o)
{
	return o->due;
}

int
hgo_score(const struct hgo *o, int p)
{
	return o->score[p];
}

int
hgo_supply(const struct hgo *o, int p, bool hut)
{
	int n = hut ? 2 : 5;

	for (int i = 0; i < o->npc; i++)
		if (o->pc[i].player == p && (o->role[o->pc[i].role] == R_HUT) == hut)
			n--;
	return n;
}

int
hgo_pieces(const struct hgo *o, struct hgo_piece *out, int max)
{
	for (int i = 0; i < o->npc && i < max; i++)
		out[i] = o->pc[i];
	return o->npc;
}

static int
hgo_at(const struct hgo *o, int x, int y)
{
	if (x < -HGO_R || x > HGO_R || y < -HGO_R || y > HGO_R)
		return -1;
	return o->grid[(y + HGO_R) * HGO_W + x + HGO_R] - 1;
}

/* The segment of the tile's type at board port b, -1 for none. */
static int
hgo_segat(const struct hgo *o, const struct hgo_tile *t, int b)
{
	const struct cr_tiletype *ty = &o->ts->type[t->type];
	int p0 = (b - 3 * t->rot + 12) % 12;

	for (int s = 0; s < ty->nseg; s++)
		if (ty->seg[s].ports & (1u << p0))
			return s;
	return -1;
}

static int
hgo_kindof(const struct hgo *o, int tile, int s)
{
	int k = o->ts->type[o->tile[tile].type].seg[s].kind;

	return k < CR_MAXKINDS ? o->kind[k] : K_OTHER;
}

/* HG-2.2: a free square beside a tile, every shared edge of one kind. */
static bool
hgo_fits(const struct hgo *o, int type, int x, int y, int rot)
{
	const struct cr_tiletype *t = &o->ts->type[type];
	int n = 0;

	if (hgo_at(o, x, y) >= 0 || x <= -HGO_R || x >= HGO_R || y <= -HGO_R || y >= HGO_R)
		return false;
	for (int d = 0; d < 4; d++) {
		int j = hgo_at(o, x + hgo_dx[d], y + hgo_dy[d]);
		const struct hgo_tile *u;

		if (j < 0)
			continue;
		u = &o->tile[j];
		n++;
		if (t->edge[(d - rot + 4) % 4] !=
		    o->ts->type[u->type].edge[((d + 2) % 4 - u->rot + 4) % 4])
			return false;
	}
	return n > 0;
}

int
hgo_legal_count(const struct hgo *o, int type)
{
	int n = 0;

	/* Every free square beside a tile, once. */
	for (int i = 0; i < o->ntiles; i++)
		for (int d = 0; d < 4; d++) {
			int x = o->tile[i].x + hgo_dx[d], y = o->tile[i].y + hgo_dy[d];
			bool first = true;

			if (hgo_at(o, x, y) >= 0)
				continue;
			for (int j = 0; j < i && first; j++)
				for (int e = 0; e < 4; e++)
					if (o->tile[j].x + hgo_dx[e] == x &&
					    o->tile[j].y + hgo_dy[e] == y)
						first = false;
			for (int e = 0; e < d && first; e++)
				if (o->tile[i].x + hgo_dx[e] == x && o->tile[i].y + hgo_dy[e] == y)
					first = false;
			if (!first)
				continue;
			for (int r = 0; r < 4; r++)
				n += hgo_fits(o, type, x, y, r);
		}
	return n;
}

static int
hgo_land_left(const struct hgo *o)
{
	int n = 0;

	for (int t = 0; t < o->ts->ntypes; t++)
		if (!o->bonus[t])
			n += o->supply[t];
	return n;
}

/* HG-7.6: on the bonus line a bonus tile, elsewhere a land tile. */
bool
hgo_drawable(const struct hgo *o, int type)
{
	return !o->over && type >= 0 && type < o->ts->ntypes && o->supply[type] > 0 &&
	    o->bonus[type] == o->due;
}

/* ---- the features ------------------------------------------------------ */

static int
hgo_find(int *uf, int n)
{
	while (uf[n] != n)
		n = uf[n] = uf[uf[n]];
	return n;
}

static void
hgo_union(int *uf, int a, int b)
{
	a = hgo_find(uf, a), b = hgo_find(uf, b);
	if (a != b)
		uf[a < b ? b : a] = a < b ? a : b;
}

/* Whether segment s ends inside its tile (a spring or a lake). */
static int
hgo_ends_inside(const struct cr_tiletype *ty, int s)
{
	return ty->seg[s].end != CR_END_NONE;
}

static int
hgo_cmp_pair(const void *pa, const void *pb)
{
	const int *a = pa, *b = pb;

	return a[0] != b[0] ? (a[0] > b[0]) - (a[0] < b[0]) : (a[1] > b[1]) - (a[1] < b[1]);
}

/* Every feature and river system of the board and what they hold. */
static void
hgo_build(struct hgo *o)
{
	const struct cr_tileset *ts = o->ts;
	int n = o->ntiles * HGO_SEG, npair = 0, *pair;

	free(o->feat), free(o->sys), free(o->endlake), free(o->fs), free(o->ss);
	o->feat = malloc((size_t)n * sizeof *o->feat);
	o->sys = malloc((size_t)n * sizeof *o->sys);
	o->endlake = malloc((size_t)n * sizeof *o->endlake);
	o->fs = calloc((size_t)n, sizeof *o->fs);
	o->ss = calloc((size_t)n, sizeof *o->ss);
	pair = malloc((size_t)n * 2 * sizeof *pair);
	if (!o->feat || !o->sys || !o->endlake || !o->fs || !o->ss || !pair)
		abort();
	for (int i = 0; i < n; i++)
		o->feat[i] = o->sys[i] = i, o->endlake[i] = -1;
	for (int i = 0; i < o->ntiles; i++) {
		const struct hgo_tile *t = &o->tile[i];
		const struct cr_tiletype *ty = &ts->type[t->type];
		int lakes = 0, lake = -1;
		bool arms = false;

		/* Across the edges: the segment at each port and the one at
		 * the facing port of the tile beside (HG-1.5, 1.6, 1.8). */
		for (int b = 0; b < 12; b++) {
			int s = hgo_segat(o, t, b), d = b / 3, j, s2;

			if (s < 0)
				continue;
			j = hgo_at(o, t->x + hgo_dx[d], t->y + hgo_dy[d]);
			if (j < 0) {
				o->fs[i * HGO_SEG + s].open++;	/* summed below */
				continue;
			}
			s2 = hgo_segat(o, &o->tile[j], ((d + 2) % 4) * 3 + 2 - b % 3);
			if (s2 < 0 || hgo_kindof(o, i, s) != hgo_kindof(o, j, s2))
				continue;
			hgo_union(o->feat, i * HGO_SEG + s, j * HGO_SEG + s2);
			if (hgo_kindof(o, i, s) == K_RIVER)
				hgo_union(o->sys, i * HGO_SEG + s, j * HGO_SEG + s2);
		}
		/* A segment ending in a lake belongs to that lake's system:
		 * the lake whose arms hold its edge (at rotation 0), or the
		 * tile's only lake when no lake names its arms (HG-9.2). */
		for (int s = 0; s < ty->nseg; s++)
			if (hgo_kindof(o, i, s) == K_LAKE) {
				lakes++, lake = s;
				arms = arms || hgo_val(ty, s, o->a_arms) != 0;
			}
		for (int s = 0; s < ty->nseg; s++) {
			int dir = -1, l = -1;

			if (hgo_kindof(o, i, s) != K_RIVER || strcmp(hgo_endname(ty, s), "lake") != 0)
				continue;
			for (int p = 0; p < 12; p++)
				if (ty->seg[s].ports & (1u << p))
					dir = p / 3;
			if (!arms && lakes == 1)
				l = lake;
			for (int u = 0; arms && u < ty->nseg && dir >= 0; u++)
				if (hgo_kindof(o, i, u) == K_LAKE &&
				    (hgo_val(ty, u, o->a_arms) >> dir & 1))
					l = u;
			if (l >= 0) {
				o->endlake[i * HGO_SEG + s] = i * HGO_SEG + l;
				hgo_union(o->sys, i * HGO_SEG + s, i * HGO_SEG + l);
			}
		}
	}
	/* The sums, by root. */
	for (int i = 0; i < o->ntiles; i++) {
		const struct cr_tiletype *ty = &ts->type[o->tile[i].type];

		for (int s = 0; s < ty->nseg; s++) {
			int node = i * HGO_SEG + s, k = hgo_kindof(o, i, s), fish;
			struct hgo_sum *f = &o->fs[hgo_find(o->feat, node)];
			struct hgo_sum *y = &o->ss[hgo_find(o->sys, node)];

			f->kind = k;
			f->nseg++;
			if (&o->fs[node] != f)
				f->open += o->fs[node].open, o->fs[node].open = 0;
			f->new_tile |= i == o->ntiles - 1;
			f->gold += hgo_val(ty, s, o->a_gold);
			f->mushrooms += hgo_val(ty, s, o->a_mush);
			f->deer += hgo_val(ty, s, o->a_deer);
			f->mammoth += hgo_val(ty, s, o->a_mammoth);
			f->aurochs += hgo_val(ty, s, o->a_aurochs);
			f->tiger += hgo_val(ty, s, o->a_tiger);
			f->fire |= hgo_val(ty, s, o->a_fire) != 0;
			fish = hgo_val(ty, s, o->a_fish);
			f->fish += fish;
			if (k == K_RIVER || k == K_LAKE)
				y->kind = K_RIVER, y->fish += fish;
			if (k == K_RIVER)
				y->segfish += fish;
			f->ends += hgo_ends_inside(ty, s);
			if (o->endlake[node] >= 0) {
				pair[2 * npair] = hgo_find(o->feat, node);
				pair[2 * npair++ + 1] = o->endlake[node];
			}
		}
	}
	/* A river's end lakes, each once, however many of its ends are in
	 * it (HG-4.4). */
	qsort(pair, (size_t)npair, 2 * sizeof *pair, hgo_cmp_pair);
	for (int k = 0; k < npair; k++) {
		const struct hgo_tile *t = &o->tile[pair[2 * k + 1] / HGO_SEG];

		if (k > 0 && pair[2 * k] == pair[2 * k - 2] && pair[2 * k + 1] == pair[2 * k - 1]) {
			o->fs[pair[2 * k]].ends = -1;	/* two ends in one lake */
			continue;
		}
		o->fs[pair[2 * k]].lakefish += hgo_val(&ts->type[t->type],
		    pair[2 * k + 1] % HGO_SEG, o->a_fish);
	}
	free(pair);
	/* The pieces (HG-3.2): members count on their feature, huts on
	 * their system; hunters on a shrine piece apart (HG-6.6). */
	for (int i = 0; i < o->npc; i++) {
		const struct hgo_piece *p = &o->pc[i];
		int node = p->tile * HGO_SEG + p->seg;

		if (o->role[p->role] == R_HUT) {
			o->ss[hgo_find(o->sys, node)].huts[p->player]++;
			continue;
		}
		o->fs[hgo_find(o->feat, node)].members[p->player]++;
		if (o->role[p->role] == R_HUNTER &&
		    hgo_val(&ts->type[o->tile[p->tile].type], p->seg, o->a_shrine))
			o->fs[hgo_find(o->feat, node)].shrine[p->player]++;
	}
}

/* HG-4.2: the players with the most of count, none when nobody has one. */
static unsigned
hgo_majority(const struct hgo *o, const int *count)
{
	int best = 0;
	unsigned w = 0;

	for (int p = 0; p < o->np; p++)
		if (count[p] > best)
			best = count[p], w = 1u << p;
		else if (count[p] == best && best > 0)
			w |= 1u << p;
	return w;
}

/* An event of the move being played (HG-10.1): points to each winner. */
static struct hgo_event *
hgo_pay(struct hgo *o, const char *label, unsigned winners, int points)
{
	struct hgo_event *e;

	if (o->nev == o->evcap) {
		o->evcap = o->evcap ? 2 * o->evcap : 64;
		if ((o->ev = realloc(o->ev, (size_t)o->evcap * sizeof *o->ev)) == NULL)
			abort();
	}
	e = &o->ev[o->nev++];
	memset(e, 0, sizeof *e);
	e->move = o->nmoves + 1;
	e->final = o->over;
	e->label = label;
	e->paid = winners;
	e->pile = -1;
	hgo_seen.ties += (winners & (winners - 1)) != 0;
	for (int p = 0; p < o->np; p++)
		if (winners >> p & 1)
			o->score[p] += points, e->points[p] = points;
	return e;
}

int
hgo_events(const struct hgo *o, const struct hgo_event **ev)
{
	*ev = o->ev;
	return o->nev;
}

/* ---- the pieces ------------------------------------------------------- */

/* HG-7.5: the segments of the last tile a spot names among kinds (a bit
 * per K_*): those reaching one of its ports; a corner names meadows
 * only, and none when its two half-edges lie in two of them; the
 * centre, those with no port.  How many, the last one into *seg. */
static int
hgo_named(const struct hgo *o, enum cr_spot spot, unsigned kinds, int *seg)
{
	const struct hgo_tile *t = &o->tile[o->ntiles - 1];
	const struct cr_tiletype *ty = &o->ts->type[t->type];
	int n = 0;

	if (HGO_CORNER(spot))
		kinds &= 1u << K_MEADOW;
	for (int s = 0; s < ty->nseg; s++) {
		cr_ports bp = 0;

		if (!(kinds >> hgo_kindof(o, o->ntiles - 1, s) & 1))
			continue;
		for (int p = 0; p < 12; p++)
			if (ty->seg[s].ports & (1u << p))
				bp |= (cr_ports)(1u << (p + 3 * t->rot) % 12);
		if (spot == CR_SPOT_C ? bp == 0 : (bp & hgo_spot[spot]) != 0)
			n++, *seg = s;
	}
	if (HGO_CORNER(spot) && n > 1)
		n = 0;
	return n;
}

int
hgo_may(const struct hgo *o, int role, enum cr_spot spot, const char **why)
{
	static const unsigned kinds[] = {
		[R_HUNTER] = 1u << K_MEADOW, [R_GATHERER] = 1u << K_FOREST,
		[R_FISHER] = 1u << K_RIVER, [R_HUT] = 1u << K_RIVER | 1u << K_LAKE,
	};
	int r = role > 0 && role < CR_MAXPIECES ? o->role[role] : R_NONE, seg = -1, node, n;
	const char *dummy;

	if (why == NULL)
		why = &dummy;
	if (r == R_NONE)
		return *why = "not a piece of this game", -1;
	if ((unsigned)spot >= CR_NSPOTS)
		return *why = "no such spot", -1;
	n = hgo_named(o, spot, kinds[r], &seg);
	if (n != 1)
		return *why = n ? "the spot names several features" :
		    "the spot names no feature of the role's kinds", -1;
	node = (o->ntiles - 1) * HGO_SEG + seg;
	if (r == R_HUT) {
		for (int p = 0; p < o->np; p++)
			if (o->ss[hgo_find(o->sys, node)].huts[p])
				return *why = "the river system holds a hut (HG-3.4)", -1;
	} else {
		for (int p = 0; p < o->np; p++)
			if (o->fs[hgo_find(o->feat, node)].members[p])
				return *why = "the feature holds a member (HG-3.3)", -1;
	}
	if (hgo_supply(o, o->turn, r == R_HUT) <= 0)
		return *why = "none left in the supply (HG-3.7)", -1;
	return seg;
}

/* ---- moves ------------------------------------------------------------ */

static bool
hgo_put(struct hgo *o, const struct cr_move *m)
{
	if (m->tile < 0 || m->tile >= o->ts->ntypes || !hgo_drawable(o, m->tile))
		return hgo_fail(o, "tile %d may not be drawn now", m->tile);
	if (m->rot < 0 || m->rot > 3 || !hgo_fits(o, m->tile, m->x, m->y, m->rot))
		return hgo_fail(o, "tile %s does not fit at %d,%d rotation %d",
		    o->ts->type[m->tile].code, m->x, m->y, m->rot);
	o->tile[o->ntiles++] = (struct hgo_tile){ m->x, m->y, m->tile, m->rot };
	o->grid[(m->y + HGO_R) * HGO_W + m->x + HGO_R] = o->ntiles;
	return true;
}

static void
hgo_take_back(struct hgo *o)
{
	const struct hgo_tile *t = &o->tile[--o->ntiles];

	o->grid[(t->y + HGO_R) * HGO_W + t->x + HGO_R] = 0;
}

bool
hgo_preview(struct hgo *o, const struct cr_move *m)
{
	if (o->over || m->kind != CR_MOVE_PLACE || !hgo_put(o, m))
		return false;
	hgo_build(o);
	o->previewing = true;
	return true;
}

void
hgo_unpreview(struct hgo *o)
{
	if (o->previewing)
		hgo_take_back(o);
	o->previewing = false;
}

/* HG-6.2 to 6.6, once. */
static void
hgo_final(struct hgo *o)
{
	int n = o->ntiles * HGO_SEG;

	hgo_build(o);
	o->over = true;
	for (int node = 0; node < n; node++) {
		const struct hgo_sum *y = &o->ss[node], *f = &o->fs[node];

		/* HG-6.2: an incomplete forest or river, nothing to the most
		 * members. */
		if (hgo_find(o->feat, node) == node && f->open > 0 &&
		    (f->kind == K_FOREST || f->kind == K_RIVER) && hgo_majority(o, f->members))
			hgo_pay(o, f->kind == K_FOREST ? "forest" : "river",
			    hgo_majority(o, f->members), 0);
		/* HG-6.3: a river system with huts, 1 a fish. */
		if (hgo_find(o->sys, node) == node && y->kind == K_RIVER) {
			if (hgo_majority(o, y->huts))
				hgo_pay(o, "river-system", hgo_majority(o, y->huts), y->fish);
			hgo_seen.seg_fish += y->segfish > 0 && hgo_majority(o, y->huts);
		}
		/* HG-6.4 to 6.6: a meadow with hunters. */
		if (hgo_find(o->feat, node) == node && f->kind == K_MEADOW && f->nseg > 0) {
			int deer = f->fire ? f->deer : f->deer > f->tiger ? f->deer - f->tiger : 0;
			unsigned w = hgo_majority(o, f->shrine);

			if (w == 0)
				w = hgo_majority(o, f->members);
			else
				hgo_seen.shrine += w != hgo_majority(o, f->members);
			for (int p = 0, k = 0; p < o->np; p++)
				if ((k += f->shrine[p]) == 2)
					hgo_seen.shrines++;
			if (w && f->deer && f->tiger)
				f->fire ? hgo_seen.fire++ : hgo_seen.tigers_eat++;
			if (w)
				hgo_pay(o, "meadow", w, 2 * (deer + f->mammoth + f->aurochs));
		}
	}
	o->due = false;
}

/* The end of a turn: the members of completed features go home (HG-3.7),
 * the next player draws; the game ends with the supply (HG-6.1). */
static void
hgo_end_turn(struct hgo *o, bool pass)
{
	int k = 0;

	for (int i = 0; i < o->npc; i++)
		if (!o->pc[i].home)
			o->pc[k++] = o->pc[i];
	o->npc = k;
	if (pass)
		o->turn = (o->turn + 1) % o->np;
}

/* A bonus tile earned (HG-5.1, 5.4) or drawn again (HG-2.4): drawn if
 * the pile holds one. */
static void
hgo_draw_bonus(struct hgo *o)
{
	o->due = o->drawn < o->pilesize;
	if (o->due)
		o->drawn++;
}

static bool hgo_move(struct hgo *o, const struct cr_move *m);

bool
hgo_play(struct hgo *o, const struct cr_move *m)
{
	if (!hgo_move(o, m))
		return false;
	o->nmoves++;
	return true;
}

static bool
hgo_move(struct hgo *o, const struct cr_move *m)
{
	bool bonus, earned = false;
	int n;

	hgo_unpreview(o);
	if (o->over)
		return hgo_fail(o, "the game is over");
	if (m->kind == CR_MOVE_END) {
		hgo_seen.end_due += o->due;
		hgo_final(o);
		return true;
	}
	if (m->kind == CR_MOVE_DISCARD) {
		if (m->tile < 0 || m->tile >= o->ts->ntypes || !hgo_drawable(o, m->tile))
			return hgo_fail(o, "tile %d may not be drawn now", m->tile);
		if ((n = hgo_legal_count(o, m->tile)) > 0)
			return hgo_fail(o, "discard of %s, which fits (%d placements)",
			    o->ts->type[m->tile].code, n);
		o->supply[m->tile]--;
		o->bonus[m->tile] ? hgo_seen.bonus_discard++ : hgo_seen.land_discard++;
		/* HG-2.3: the same player draws again; HG-2.4: a bonus tile
		 * that fits nowhere counts as drawn, the next is drawn if the
		 * pile holds one, else the turn ends. */
		if (o->bonus[m->tile]) {
			hgo_draw_bonus(o);
			if (!o->due)
				hgo_end_turn(o, true);
		}
		if (!o->due && hgo_land_left(o) == 0)
			hgo_final(o);
		return true;
	}
	bonus = o->bonus[m->tile];
	if (bonus)
		for (int i = 0; i < o->npc; i++)
			if (o->pc[i].home && o->pc[i].player == o->turn) {
				hgo_seen.home_bonus++;
				break;
			}
	if (!hgo_put(o, m))
		return false;
	hgo_build(o);
	if (m->role != CR_ROLE_NONE) {
		const char *why;
		int seg = hgo_may(o, m->role, m->spot, &why);

		if (seg < 0) {
			hgo_take_back(o);
			return hgo_fail(o, "%s@%s: %s", cr_role_name(m->role),
			    cr_spot_name(m->spot), why);
		}
		o->pc[o->npc++] = (struct hgo_piece){ o->turn, m->role, o->ntiles - 1, seg, false };
		hgo_build(o);
	}
	o->supply[m->tile]--;
	/* HG-4.1 to 4.4: what the tile completed. */
	for (int node = 0; node < o->ntiles * HGO_SEG; node++) {
		const struct hgo_sum *f = &o->fs[node];

		if (hgo_find(o->feat, node) != node || !f->new_tile || f->open > 0 ||
		    (f->kind != K_FOREST && f->kind != K_RIVER))
			continue;
		if (hgo_majority(o, f->members) == 0)
			;	/* HG-4.2: no member, no event */
		else if (f->kind == K_FOREST)
			hgo_pay(o, "forest", hgo_majority(o, f->members),
			    2 * f->nseg + 2 * f->mushrooms);
		else
			hgo_pay(o, "river", hgo_majority(o, f->members), f->nseg + f->lakefish);
		/* HG-5.1, 5.3, 10.1: each gold forest makes a bonus event,
		 * the first of a land tile's draws if the pile holds one. */
		if (f->kind == K_FOREST && f->gold > 0) {
			struct hgo_event *e = hgo_pay(o, "bonus", 1u << o->turn, 0);

			hgo_seen.bonus_gold += bonus;
			hgo_seen.pile_empty += !bonus && !earned && o->drawn >= o->pilesize;
			if (!bonus && !earned)
				hgo_draw_bonus(o);
			earned = true;
			e->pile = o->pilesize - o->drawn;
		}
		hgo_seen.loops += f->kind == K_RIVER && f->ends == 0;
		hgo_seen.lake_twice += f->kind == K_RIVER && f->ends < 0;
		/* HG-3.7: its gatherers and fishers, never a hut. */
		for (int i = 0; i < o->npc; i++)
			if (o->role[o->pc[i].role] != R_HUT &&
			    hgo_find(o->feat, o->pc[i].tile * HGO_SEG + o->pc[i].seg) == node)
				o->pc[i].home = true;
	}
	/* HG-5.1 to 5.3: one bonus tile, for a land tile only; a bonus tile
	 * placed ends the turn. */
	if (!earned || bonus)
		o->due = false;
	if (!o->due)
		hgo_end_turn(o, true);
	if (!o->due && hgo_land_left(o) == 0)
		hgo_final(o);
	return true;
}
