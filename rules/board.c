/*
 * board.c -- tiles by square, the open squares, and placement legality.
 *
 * The board is unbounded: a sparse grid (see struct grid) maps squares to
 * tile indices.  Placing a tile sets one square; undo empties it again.
 * Nothing else about squares is kept in the game's state, so a move logs
 * nothing for the board.
 *
 * Where tiles can go is a question for the table (the REPL, self-play,
 * a discard's check), never for a replay: the open squares and their
 * signatures are an index built when first asked for, kept up to date
 * by placements from then on, and dropped by undo.  Listing where a tile
 * fits then costs the answer, not the board.
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"

/* Farther than any tile can be from the start: refuse, never overflow. */
#define COORD_MAX	(1 << 28)

static bool
far(int x, int y)
{
	return x < -COORD_MAX || x > COORD_MAX || y < -COORD_MAX || y > COORD_MAX;
}

/* ---- The sparse grid ---------------------------------------------------- */

/* Coordinates shifted to unsigned, so chunk arithmetic never meets a
 * negative number (|x| <= COORD_MAX + 1 wherever the grid is asked);
 * the start square lands mid-chunk, where most games stay. */
static inline uint32_t
bias(int v)
{
	return (uint32_t)v + (1u << 30) + GRID_SIDE / 2;
}

static unsigned
hash_key(uint32_t kx, uint32_t ky)
{
	uint64_t k = ((uint64_t)kx << 32) | ky;

	/* splitmix64's finalizer: neighbouring chunks must not cluster. */
	k ^= k >> 30;
	k *= 0xbf58476d1ce4e5b9ULL;
	k ^= k >> 27;
	k *= 0x94d049bb133111ebULL;
	k ^= k >> 31;
	return (unsigned)k;
}

/* The slot holding chunk kx,ky, or the empty slot where it would go. */
static unsigned
slot_of(const struct grid *gr, uint32_t kx, uint32_t ky)
{
	unsigned m = (unsigned)gr->slotcap - 1, i = hash_key(kx, ky) & m;

	while (gr->slot[i].id >= 0 && (gr->slot[i].kx != kx || gr->slot[i].ky != ky))
		i = (i + 1) & m;
	return i;
}

/* An empty square (as a new chunk is filled: every byte 0xff). */
#define EMPTY	((struct sq){ .tile = -1, .seg0 = -1, .type = -1, .rot = -1, .cloister = -1 })

/* The chunk position of the start square, and where a chunk near it
 * sits in gr->near (false if it is not near). */
#define KSTART	((1u << 30) >> GRID_SHIFT)

static inline bool
near_at(uint32_t kx, uint32_t ky, uint32_t *i, uint32_t *j)
{
	*i = ky - (KSTART - GRID_NEAR), *j = kx - (KSTART - GRID_NEAR);
	return *i <= 2 * GRID_NEAR && *j <= 2 * GRID_NEAR;
}

/* The squares of chunk kx,ky, NULL if it does not exist. */
static const struct sq *
chunk_at(const struct grid *gr, uint32_t kx, uint32_t ky)
{
	uint32_t i, j;
	int id;

	if (near_at(kx, ky, &i, &j))
		id = gr->near[i][j];
	else if (gr->slotcap == 0)
		return NULL;
	else
		id = gr->slot[slot_of(gr, kx, ky)].id;
	return id < 0 ? NULL : gr->chunk[id].v;
}

static int
grid_get(const struct grid *gr, int x, int y)
{
	uint32_t ux = bias(x), uy = bias(y);
	const struct sq *v = chunk_at(gr, ux >> GRID_SHIFT, uy >> GRID_SHIFT);

	return v == NULL ? -1 : v[(uy % GRID_SIDE) * GRID_SIDE + ux % GRID_SIDE].tile;
}

static bool
slots_resize(struct grid *gr, int cap)
{
	struct gslot *old = gr->slot;
	int oldcap = gr->slotcap;
	struct gslot *s = malloc((size_t)cap * sizeof *s);

	if (s == NULL)
		return false;
	memset(s, 0xff, (size_t)cap * sizeof *s);	/* id -1 */
	gr->slot = s;
	gr->slotcap = cap;
	for (int i = 0; i < oldcap; i++)
		if (old[i].id >= 0)
			s[slot_of(gr, old[i].kx, old[i].ky)] = old[i];
	free(old);
	return true;
}

/* Room to create `more` chunks without allocating. */
static bool
grid_room(struct grid *gr, int more)
{
	int cap = gr->slotcap ? gr->slotcap : 16;

	if (gr->n + more <= gr->cap && 2 * (gr->n + more) <= gr->slotcap)
		return true;

	if (!cr__grow((void **)&gr->chunk, &gr->cap, gr->n + more, sizeof *gr->chunk))
		return false;
	while (2 * (gr->n + more) > cap)
		cap *= 2;
	return cap == gr->slotcap || slots_resize(gr, cap);
}

/* Set a square; a new chunk needs room made by grid_room. */
static void
grid_set(struct grid *gr, int x, int y, struct sq val)
{
	uint32_t ux = bias(x), uy = bias(y);
	uint32_t kx = ux >> GRID_SHIFT, ky = uy >> GRID_SHIFT;
	uint32_t ni, nj;
	unsigned i;

	if (near_at(kx, ky, &ni, &nj) && gr->near[ni][nj] >= 0) {
		gr->chunk[gr->near[ni][nj]].v[(uy % GRID_SIDE) * GRID_SIDE + ux % GRID_SIDE] = val;
		return;
	}
	i = slot_of(gr, kx, ky);
	if (gr->slot[i].id < 0) {
		gr->slot[i] = (struct gslot){ kx, ky, gr->n };
		if (near_at(kx, ky, &ni, &nj))
			gr->near[ni][nj] = gr->n;
		memset(&gr->chunk[gr->n++], 0xff, sizeof *gr->chunk);
	}
	gr->chunk[gr->slot[i].id].v[(uy % GRID_SIDE) * GRID_SIDE + ux % GRID_SIDE] = val;
}

static void
grid_clear(struct grid *gr)
{
	gr->n = 0;
	memset(gr->near, 0xff, sizeof gr->near);
	if (gr->slot != NULL)
		memset(gr->slot, 0xff, (size_t)gr->slotcap * sizeof *gr->slot);
}

static void
grid_free(struct grid *gr)
{
	free(gr->chunk);
	free(gr->slot);
}

/*
 * The 3 x 3 squares around x,y into out[HOOD(dx, dy)]: they lie in at
 * most four chunks (in one, most of the time), looked up once each.
 */
static void
grid_hood(const struct grid *gr, int x, int y, struct sq out[9])
{
	uint32_t ux = bias(x) - 1, uy = bias(y) - 1;	/* the corner dx = dy = -1 */
	uint32_t kx0 = ux >> GRID_SHIFT, ky0 = uy >> GRID_SHIFT;
	bool xs = (ux + 2) >> GRID_SHIFT != kx0, ys = (uy + 2) >> GRID_SHIFT != ky0;
	const struct sq *c[2][2];

	c[0][0] = chunk_at(gr, kx0, ky0);
	if (!xs && !ys) {	/* one chunk: three short rows */
		const struct sq *v = c[0][0];

		if (v == NULL) {
			memset(out, 0xff, 9 * sizeof *out);
			return;
		}
		v += (uy % GRID_SIDE) * GRID_SIDE + ux % GRID_SIDE;
		for (int dy = 0; dy < 3; dy++, v += GRID_SIDE)
			for (int dx = 0; dx < 3; dx++)
				out[dy * 3 + dx] = v[dx];
		return;
	}
	c[0][1] = xs ? chunk_at(gr, kx0 + 1, ky0) : c[0][0];
	c[1][0] = ys ? chunk_at(gr, kx0, ky0 + 1) : c[0][0];
	c[1][1] = !ys ? c[0][1] : !xs ? c[1][0] : chunk_at(gr, kx0 + 1, ky0 + 1);
	/* Row by row: its first `split` squares in the left chunk, the rest
	 * from the right one's first column (a larger board crosses a
	 * chunk's edge on a good share of its moves). */
	uint32_t x0 = ux % GRID_SIDE, split = xs ? GRID_SIDE - x0 : 3;

	for (uint32_t dy = 0; dy < 3; dy++) {
		uint32_t Y = uy + dy, yo = (Y % GRID_SIDE) * GRID_SIDE;
		const struct sq *const *row = c[(Y >> GRID_SHIFT) != ky0];
		struct sq *o = out + dy * 3;

		for (uint32_t dx = 0; dx < 3; dx++) {
			const struct sq *v = dx < split ? row[0] : row[1];

			if (v == NULL)
				memset(&o[dx], 0xff, sizeof *o);
			else
				o[dx] = v[yo + (dx < split ? x0 + dx : dx - split)];
		}
	}
}

/* ---- Tiles on the board ------------------------------------------------- */

/* Room for the squares of more tiles. */
bool
cr__board_reserve(struct cr_game *g, int tiles)
{
	return grid_room(&g->board, tiles);
}

void
cr__board_clear(struct cr_game *g)
{
	grid_clear(&g->board);
	grid_clear(&g->scr->where);
	g->scr->bk_on = false;
}

void
cr__board_untile(struct cr_game *g, int t)
{
	grid_set(&g->board, g->h.tiles.v[t].x, g->h.tiles.v[t].y, EMPTY);
}

/* The squares of src into dst, of as many slots and room enough. */
static void
grid_copy(struct grid *dst, const struct grid *src)
{
	memcpy(dst->chunk, src->chunk, (size_t)src->n * sizeof *src->chunk);
	memcpy(dst->slot, src->slot, (size_t)src->slotcap * sizeof *src->slot);
	memcpy(dst->near, src->near, sizeof src->near);
	dst->n = src->n;
}

/* The board's squares into *copy (grown as needed): false when memory
 * runs out.  And back, on a board cleared with room made for as many
 * chunks (cr__board_reserve): false, the board untouched, when its slot
 * table is not the copy's size.  game.c's copy of a start laid before. */
bool
cr__board_save(const struct cr_game *g, struct grid *copy)
{
	const struct grid *gr = &g->board;

	if (!cr__grow((void **)&copy->chunk, &copy->cap, gr->n, sizeof *gr->chunk))
		return false;
	if (copy->slotcap != gr->slotcap) {
		free(copy->slot);
		if ((copy->slot = malloc((size_t)gr->slotcap * sizeof *gr->slot)) == NULL) {
			copy->slotcap = 0;
			return false;
		}
		copy->slotcap = gr->slotcap;
	}
	grid_copy(copy, gr);
	return true;
}

bool
cr__board_load(struct cr_game *g, const struct grid *copy)
{
	if (g->board.slotcap != copy->slotcap || g->board.cap < copy->n || g->board.n != 0)
		return false;
	grid_copy(&g->board, copy);
	return true;
}

/* Tile t's square as cr__board_put set it (the board cleared, room made
 * by cr__board_reserve). */
void
cr__board_retile(struct cr_game *g, int t)
{
	const struct cr_placed *tl = &g->h.tiles.v[t];

	grid_set(&g->board, tl->x, tl->y, (struct sq){ .tile = t, .seg0 = tl->seg0,
	    .type = (int16_t)tl->type, .rot = (int8_t)tl->rot,
	    .cloister = g->h.ts->type[tl->type].cloister });
}

void
cr__board_free(struct cr_game *g)
{
	grid_free(&g->board);
	free(g->h.tiles.v);
	if (g->scr != NULL) {
		grid_free(&g->scr->where);
		free(g->scr->open.v);
		for (int i = 0; g->scr->bucket != NULL && i < g->scr->nsigs; i++)
			free(g->scr->bucket[i].v);
		free(g->scr->bucket);
	}
}

const struct cr_placed *
cr__tile_at(const struct cr_game *g, int x, int y)
{
	int t = far(x, y) ? -1 : grid_get(&g->board, x, y);

	return t < 0 ? NULL : &g->h.tiles.v[t];
}

const struct cr_placed *
cr_game_at(const struct cr_game *g, int x, int y)
{
	const struct cr_placed *t = cr__tile_at(g, x, y);

	return t;
}

/*
 * Look up the tiles around x,y.  A position beyond COORD_MAX is "far":
 * nothing is around it, and no arithmetic on it can overflow.
 */
void
cr__hood_find(const struct cr_game *g, int x, int y, struct hood *h)
{
	h->x = x, h->y = y;
	if (far(x, y))
		memset(h->sq, 0xff, sizeof h->sq);
	else
		grid_hood(&g->board, x, y, h->sq);
}

/*
 * Can a tile of this type lie at h's position turned rot?  Fills *why
 * with the first rule it breaks, the evidence included.
 */
bool
cr__fits(const struct cr_game *g, int type, const struct hood *h, int rot,
    struct cr_refusal *why)
{
	const struct cr_tiletype *tt = &g->h.ts->type[type];
	bool touches = false;

	if (h->sq[HOOD(0, 0)].tile >= 0) {
		const struct cr_placed *here = &g->h.tiles.v[h->sq[HOOD(0, 0)].tile];

		why->code = CR_R_OCCUPIED;
		why->other_x = h->x, why->other_y = h->y;
		why->other_rot = here->rot;
		why->kind = here->type;	/* the tile lying there */
		return false;
	}
	for (int d = 0; d < CR_NDIRS; d++) {
		const struct sq *n = &h->sq[cr_side[d]];
		int mine, theirs;

		if (n->tile < 0)
			continue;
		touches = true;
		mine = cr_tile_edge(tt, rot, d);
		theirs = cr_tile_edge(&g->h.ts->type[n->type], n->rot, (d + 2) % 4);
		if (mine != theirs) {
			why->code = CR_R_EDGE_MISMATCH;
			why->dir = d;
			why->kind = mine, why->other_kind = theirs;
			why->other_x = h->x + cr_dx[d], why->other_y = h->y + cr_dy[d];
			why->other_type = n->type;
			return false;
		}
	}
	if (!touches) {
		why->code = CR_R_NOT_ADJACENT;
		return false;
	}
	return true;
}

/* ---- The open squares (a cache in struct scratch) ------------------------ */

/*
 * The room for the index, for the tile set's kinds of edge: a digit a
 * side, 0 to nedges (game-int.h).  False if out of memory.
 */
bool
cr__board_index_init(struct cr_game *g)
{
	struct scratch *sc = g->scr;
	int base = g->h.ts->nedges + 1;

	sc->sigw[0] = 1;
	for (int d = 1; d < CR_NDIRS; d++)
		sc->sigw[d] = sc->sigw[d - 1] * base;
	sc->nsigs = sc->sigw[CR_NDIRS - 1] * base;
	return (sc->bucket = calloc((size_t)sc->nsigs, sizeof *sc->bucket)) != NULL;
}

/* The signature of an empty square once side `side`, empty until now,
 * shows kind `kind`. */
static inline int
sig_with(const struct cr_game *g, int sig, int side, int kind)
{
	return sig + g->h.ts->edgeno[kind] * g->scr->sigw[side];
}

/* The signature a tile turned rot fits, given which sides have tiles. */
static int
sig_of(const struct cr_game *g, const struct cr_tiletype *tt, int rot, int sides)
{
	int sig = 0;

	for (int d = 0; d < CR_NDIRS; d++)
		if (sides & (1 << d))
			sig = sig_with(g, sig, d, cr_tile_edge(tt, rot, d));
	return sig;
}

static void
bucket_add(const struct cr_game *g, int o)
{
	struct scratch *sc = g->scr;
	intvec *b = &sc->bucket[sc->open.v[o].sig];

	b->v[b->n] = o;			/* room made beforehand */
	sc->open.v[o].bpos = b->n++;
}

static void
bucket_drop(const struct cr_game *g, int o)
{
	struct scratch *sc = g->scr;
	intvec *b = &sc->bucket[sc->open.v[o].sig];
	int i = sc->open.v[o].bpos, last = b->v[b->n - 1];

	b->v[i] = last;
	sc->open.v[last].bpos = i;
	b->n--;
}

/* A new open square with no signature yet (room made beforehand). */
static int
open_add(const struct cr_game *g, int x, int y)
{
	struct scratch *sc = g->scr;
	int o = sc->open.n++;

	sc->open.v[o] = (struct opensq){ .x = x, .y = y, .sig = 0, .bpos = -1, .sides = 0 };
	grid_set(&sc->where, x, y, (struct sq){ .tile = o });
	return o;
}

/* A square taken by a tile leaves the index; the last one fills its
 * place (in the list and in its bucket). */
static void
open_drop(const struct cr_game *g, int o)
{
	struct scratch *sc = g->scr;
	int last = sc->open.n - 1;
	struct opensq *q = &sc->open.v[last];

	bucket_drop(g, o);
	grid_set(&sc->where, sc->open.v[o].x, sc->open.v[o].y, EMPTY);
	if (o != last) {
		sc->bucket[q->sig].v[q->bpos] = o;
		grid_set(&sc->where, q->x, q->y, (struct sq){ .tile = o });
		sc->open.v[o] = *q;
	}
	sc->open.n--;
}

/* Room for n more open squares whose signatures will be sig[0..n-1]. */
static bool
open_room(const struct cr_game *g, int n, const int *sig)
{
	struct scratch *sc = g->scr;

	if (!cr__grow((void **)&sc->open.v, &sc->open.cap, sc->open.n + n, sizeof *sc->open.v) ||
	    !grid_room(&sc->where, n))
		return false;
	for (int i = 0; i < n; i++) {
		intvec *b = &sc->bucket[sig[i]];
		int need = b->n + 1;

		for (int j = 0; j < i; j++)	/* two new squares, one bucket */
			need += sig[j] == sig[i];
		if (!cr__grow((void **)&b->v, &b->cap, need, sizeof *b->v))
			return false;
	}
	return true;
}

/* Build the index from the tiles; false (index off) if out of memory. */
static bool
index_build(const struct cr_game *g)
{
	struct scratch *sc = g->scr;

	sc->bk_on = false;
	grid_clear(&sc->where);
	/* The buckets that hold a square are those of the squares listed (a
	 * bucket holds them alone, by their signature, whether the index is
	 * kept or was dropped): not every signature's, thousands of them
	 * with the kinds of edge of every set. */
	for (int i = 0; i < sc->open.n; i++)
		sc->bucket[sc->open.v[i].sig].n = 0;
	sc->open.n = 0;
	for (int t = 0; t < g->h.tiles.n; t++)
		for (int d = 0; d < CR_NDIRS; d++) {
			int x = g->h.tiles.v[t].x + cr_dx[d], y = g->h.tiles.v[t].y + cr_dy[d];
			struct hood h;
			int sig = 0, sides = 0, o;

			if (far(x, y) || grid_get(&g->board, x, y) >= 0 ||
			    grid_get(&sc->where, x, y) >= 0)
				continue;
			cr__hood_find(g, x, y, &h);
			for (int e = 0; e < CR_NDIRS; e++) {
				const struct sq *n = &h.sq[cr_side[e]];

				if (n->tile >= 0) {
					sig = sig_with(g, sig, e, cr_tile_edge(&g->h.ts->type[n->type],
					    n->rot, (e + 2) % 4));
					sides |= 1 << e;
				}
			}
			if (!open_room(g, 1, &sig))
				return false;
			o = open_add(g, x, y);
			sc->open.v[o].sig = sig;
			sc->open.v[o].sides = sides;
			bucket_add(g, o);
		}
	sc->bk_on = true;
	return true;
}

static bool
index_on(const struct cr_game *g)
{
	g->scr->asked = g->marks.n;
	return g->scr->bk_on || index_build(g);
}

/* The moves after the last query that the index is kept up to date for
 * (struct scratch): a placement's upkeep costs a hundred instructions or
 * so, building it anew a few per tile on the board. */
#define INDEX_IDLE	4

/*
 * Room in the index for placing type/rot at h's position: up to four new
 * open squares, and a place in the bucket of each new signature.  A
 * cache never refuses a move: out of memory, it is switched off, to be
 * rebuilt when next asked for.
 */
void
cr__board_reserve_move(struct cr_game *g, int type, const struct hood *h, int rot)
{
	struct scratch *sc = g->scr;
	int sig[CR_NDIRS], n = 0;

	if (!sc->bk_on)
		return;
	if (g->marks.n - sc->asked > INDEX_IDLE) {	/* not asked of late: dropped */
		sc->bk_on = false;
		return;
	}
	for (int d = 0; d < CR_NDIRS; d++) {
		int x = h->x + cr_dx[d], y = h->y + cr_dy[d], o;

		if (h->sq[cr_side[d]].tile >= 0 || far(x, y))
			continue;
		o = grid_get(&sc->where, x, y);
		sig[n++] = sig_with(g, o >= 0 ? sc->open.v[o].sig : 0, (d + 2) % 4,
		    cr_tile_edge(&g->h.ts->type[type], rot, d));
	}
	if (!open_room(g, n, sig))
		sc->bk_on = false;
}

/* The index after a tile of type/rot lands at h's position. */
static void
index_put(struct cr_game *g, int type, const struct hood *h, int rot)
{
	struct scratch *sc = g->scr;
	int o = grid_get(&sc->where, h->x, h->y);

	if (o >= 0)
		open_drop(g, o);
	for (int d = 0; d < CR_NDIRS; d++) {
		int x = h->x + cr_dx[d], y = h->y + cr_dy[d];

		if (h->sq[cr_side[d]].tile >= 0 || far(x, y))
			continue;
		/* The square beside now sees this tile's edge: a new
		 * signature, so a new bucket. */
		if ((o = grid_get(&sc->where, x, y)) >= 0)
			bucket_drop(g, o);
		else
			o = open_add(g, x, y);
		sc->open.v[o].sig = sig_with(g, sc->open.v[o].sig, (d + 2) % 4,
		    cr_tile_edge(&g->h.ts->type[type], rot, d));
		sc->open.v[o].sides |= 1 << ((d + 2) % 4);
		bucket_add(g, o);
	}
}

/*
 * Put a tile on the board at h's position (legality already checked,
 * room reserved) and fill g->hood; features are cr__features_add's
 * business.
 */
void
cr__board_put(struct cr_game *g, int type, const struct hood *h, int rot)
{
	struct cr_placed *t = VEC_PUSH(g, g->h.tiles);	/* reserved: cannot fail */
	struct sq here = { .tile = g->h.tiles.n - 1, .seg0 = g->nodes.n, .type = (int16_t)type,
	    .rot = (int8_t)rot, .cloister = g->h.ts->type[type].cloister };

	*t = (struct cr_placed){ .x = h->x, .y = h->y, .type = type, .rot = rot,
	    .seg0 = g->nodes.n };
	grid_set(&g->board, h->x, h->y, here);
	memcpy(g->hood, h->sq, sizeof g->hood);
	g->hood[HOOD(0, 0)] = here;
	if (g->scr->bk_on)
		index_put(g, type, h, rot);
}

/* ---- Where a tile fits ---------------------------------------------------- */

/* Whether a module in play forbids a placement that fits by the edges:
 * its rules of placement count where a tile fits at all. */
static bool
vetoed(const struct cr_game *g, int type, int x, int y, int rot)
{
	struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = type, .x = x, .y = y, .rot = rot };

	return g->hk.tile_ok != 0 && !cr__tile_ok(g, &m, NULL);
}

/*
 * Call f for every place where a tile of this type fits, with no index:
 * every empty square beside a tile, each counted once, from its
 * neighbouring tile placed first.  For when there is no memory for the
 * index (and for the tests, which hold the index to it).
 */
static int
scan_each(const struct cr_game *g, int type, void (*f)(void *, struct cr_place), void *arg)
{
	struct cr_refusal why;
	int n = 0;

	for (int t = 0; t < g->h.tiles.n; t++)
		for (int d = 0; d < CR_NDIRS; d++) {
			int x = g->h.tiles.v[t].x + cr_dx[d], y = g->h.tiles.v[t].y + cr_dy[d];
			bool first = true;
			struct hood h;

			cr__hood_find(g, x, y, &h);
			for (int e = 0; e < CR_NDIRS; e++) {
				int u = h.sq[cr_side[e]].tile;

				first &= u < 0 || u >= t;
			}
			for (int rot = 0; first && rot < 4; rot++)
				if (cr__fits(g, type, &h, rot, &why) &&
				    vetoed(g, type, x, y, rot) == false)
					f(arg, (struct cr_place){ x, y, rot }), n++;
		}
	return n;
}

/* The same from the index of open squares (built if need be). */
static int
fits_each(const struct cr_game *g, int type, void (*f)(void *, struct cr_place), void *arg)
{
	const struct scratch *sc = g->scr;
	int n = 0;

	if (!index_on(g))
		return scan_each(g, type, f, arg);
	for (int i = 0; i < sc->open.n; i++) {
		const struct opensq *q = &sc->open.v[i];

		for (int rot = 0; rot < 4; rot++)
			if (sig_of(g, &g->h.ts->type[type], rot, q->sides) == q->sig &&
			    !vetoed(g, type, q->x, q->y, rot))
				f(arg, (struct cr_place){ q->x, q->y, rot }), n++;
	}
	return n;
}

struct collect { struct cr_place *out; int n, max; };

static void
collect(void *arg, struct cr_place p)
{
	struct collect *c = arg;

	if (c->n < c->max && c->out != NULL)
		c->out[c->n] = p;
	c->n++;
}

int
cr__legal_scan(const struct cr_game *g, int type, struct cr_place *out, int max)
{
	return scan_each(g, type, collect, &(struct collect){ out, 0, max });
}

int
cr_game_legal(const struct cr_game *g, int type, struct cr_place *out, int max)
{
	struct collect c = { out, 0, max };

	if (type < 0 || type >= g->h.ts->ntypes)
		return 0;
	return fits_each(g, type, collect, &c);
}

/* Reading order: the top row first (north is +y), left to right, then
 * by rotation, as the table lists places. */
static void
earliest(void *arg, struct cr_place p)
{
	struct cr_place *best = arg;

	if (best->rot < 0 || p.y > best->y || (p.y == best->y &&
	    (p.x < best->x || (p.x == best->x && p.rot < best->rot))))
		*best = p;
}

/* The first place, in reading order, where the tile fits: the one a
 * refused discard names, whatever order the index holds. */
bool
cr__fits_first(const struct cr_game *g, int type, struct cr_place *p)
{
	p->rot = -1;
	return fits_each(g, type, earliest, p) > 0;
}

int
cr_game_nlegal(const struct cr_game *g, int type)
{
	int n = 0;

	if (type < 0 || type >= g->h.ts->ntypes)
		return 0;
	if (!index_on(g) || g->hk.tile_ok)	/* a module's veto: look at each */
		return fits_each(g, type, collect, &(struct collect){ NULL, 0, 0 });
	for (int rot = 0; rot < 4; rot++)
		for (int sides = 1; sides < 16; sides++)
			n += g->scr->bucket[sig_of(g, &g->h.ts->type[type], rot, sides)].n;
	return n;
}

bool
cr_game_legal_nth(const struct cr_game *g, int type, int k, struct cr_place *p)
{
	if (type < 0 || type >= g->h.ts->ntypes || k < 0)
		return false;
	if (!index_on(g) || g->hk.tile_ok) {	/* a module's veto: look at each */
		struct cr_place *all = malloc(((size_t)k + 1) * sizeof *all);
		bool ok = all != NULL && fits_each(g, type, collect,
		    &(struct collect){ all, 0, k + 1 }) > k;

		if (ok)
			*p = all[k];
		free(all);
		return ok;
	}
	for (int rot = 0; rot < 4; rot++)
		for (int sides = 1; sides < 16; sides++) {
			const intvec *b = &g->scr->bucket[sig_of(g, &g->h.ts->type[type], rot, sides)];

			if (k < b->n) {
				const struct opensq *q = &g->scr->open.v[b->v[k]];

				*p = (struct cr_place){ q->x, q->y, rot };
				return true;
			}
			k -= b->n;
		}
	return false;
}

