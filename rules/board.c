/*
 * board.c -- squares by position, the frontier, and placement legality.
 *
 * The board is unbounded: squares live in a dense array in creation order
 * and an open-addressing hash table maps (x, y) to them.  A square is
 * created when a tile lands on it or beside it, and only undo removes
 * squares, always the newest first; with linear probing, emptying the
 * newest key's slot is then exact, provided rehashing also inserts in
 * creation order (it does).
 *
 * The frontier (empty squares that border a tile) is kept as it changes,
 * so listing legal placements costs the frontier's size, not the board's.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "game-int.h"

/* Farther than any tile can be from the start: refuse, never overflow. */
#define COORD_MAX	(1 << 28)

static unsigned
hash_xy(int x, int y)
{
	uint64_t k = ((uint64_t)(uint32_t)x << 32) | (uint32_t)y;

	/* splitmix64's finalizer: neighbouring squares must not cluster
	 * (a single multiply left 2.9 probes per hit at a quarter load). */
	k ^= k >> 30;
	k *= 0xbf58476d1ce4e5b9ULL;
	k ^= k >> 27;
	k *= 0x94d049bb133111ebULL;
	k ^= k >> 31;
	return (unsigned)k;
}

static void
hash_insert(struct cr_game *g, int id)
{
	unsigned m = (unsigned)g->hashcap - 1;
	unsigned i = hash_xy(g->cells.v[id].x, g->cells.v[id].y) & m;

	while (g->hash[i] >= 0)
		i = (i + 1) & m;
	g->hash[i] = id;
}

static bool
hash_resize(struct cr_game *g, int cap)
{
	int *h = malloc((size_t)cap * sizeof *h);

	if (h == NULL)
		return false;
	free(g->hash);
	g->hash = h;
	g->hashcap = cap;
	memset(h, 0xff, (size_t)cap * sizeof *h);
	for (int id = 0; id < g->cells.n; id++)	/* creation order: see above */
		hash_insert(g, id);
	return true;
}

int
cr__cell_find(const struct cr_game *g, int x, int y)
{
	unsigned m = (unsigned)g->hashcap - 1;
	unsigned i = hash_xy(x, y) & m;
	int id;

	while ((id = g->hash[i]) >= 0) {
		if (g->cells.v[id].x == x && g->cells.v[id].y == y)
			return id;
		i = (i + 1) & m;
	}
	return -1;
}

int
cr__cell_get(struct cr_game *g, int x, int y)
{
	int id = cr__cell_find(g, x, y);
	struct cell *c;

	if (id >= 0)
		return id;
	if (2 * (g->cells.n + 1) > g->hashcap && !hash_resize(g, 2 * g->hashcap))
		return -1;
	if ((c = VEC_PUSH(g, g->cells)) == NULL)
		return -1;
	*c = (struct cell){ .x = x, .y = y, .tile = -1, .front = -1, .logged = g->gen };
	id = g->cells.n - 1;
	hash_insert(g, id);
	if (g->scr->bk_on)	/* room made by cr__board_reserve_move */
		g->scr->bpos[id] = -1;
	/* Link it both ways to the cells around it: from then on a move's
	 * neighbourhood is one lookup, not nine. */
	for (int d = 0; d < CR_NDIRS; d++) {
		int n = cr__cell_find(g, x + cr_dx[d], y + cr_dy[d]);

		g->cells.v[id].nb[d] = n;
		if (n >= 0) {
			cr__log_cell(g, n);
			g->cells.v[n].nb[(d + 2) % 4] = id;
		}
	}
	return id;
}

void
cr__cell_unhash(struct cr_game *g, int id)
{
	unsigned m = (unsigned)g->hashcap - 1;
	unsigned i = hash_xy(g->cells.v[id].x, g->cells.v[id].y) & m;

	while (g->hash[i] != id)
		i = (i + 1) & m;
	g->hash[i] = -1;
}

/* Room for more squares without a resize during a move. */
bool
cr__board_reserve(struct cr_game *g, int more)
{
	int cap = g->hashcap;

	while (2 * (g->cells.n + more) > cap)
		cap *= 2;
	return cap == g->hashcap || hash_resize(g, cap);
}

/* Forget every square (the caller empties the cells). */
void
cr__board_clear(struct cr_game *g)
{
	memset(g->hash, 0xff, (size_t)g->hashcap * sizeof *g->hash);
}

bool
cr__board_init(struct cr_game *g)
{
	g->hashcap = 0;
	return hash_resize(g, 256);
}

void
cr__board_free(struct cr_game *g)
{
	free(g->hash);
	free(g->cells.v);
	free(g->front.v);
	free(g->tiles.v);
}

const struct tile *
cr__tile_at(const struct cr_game *g, int x, int y)
{
	int id = cr__cell_find(g, x, y);

	if (id < 0 || g->cells.v[id].tile < 0)
		return NULL;
	return &g->tiles.v[g->cells.v[id].tile];
}

const struct cr_placed *
cr_game_at(const struct cr_game *g, int x, int y)
{
	const struct tile *t = cr__tile_at(g, x, y);

	return t ? &t->pub : NULL;
}

/*
 * Look up the squares around x,y (the four edge neighbours and, if asked,
 * the corners).  A position beyond COORD_MAX is "far": nothing is
 * around it, and no arithmetic on it can overflow.
 */
void
cr__hood_find(const struct cr_game *g, int x, int y, bool corners, struct hood *h)
{
	int c;

	h->x = x, h->y = y;
	h->far = x < -COORD_MAX || x > COORD_MAX || y < -COORD_MAX || y > COORD_MAX;
	for (int i = 0; i < 9; i++)
		h->cell[i] = -1;
	/* No cell here: no tile touches the square by an edge (a tile makes
	 * cells of its four neighbours), and only a placement, which needs
	 * one, or the start tile on an empty board asks for the corners. */
	if (!h->far && (c = cr__cell_find(g, x, y)) >= 0) {
		const struct cell *cc = &g->cells.v[c];

		h->cell[HOOD(0, 0)] = c;
		for (int d = 0; d < CR_NDIRS; d++)
			h->cell[HOOD(cr_dx[d], cr_dy[d])] = cc->nb[d];
		/* A tile at a corner has cells on both sides of it, so either
		 * neighbour's link reaches it. */
		for (int d = 0; corners && d < CR_NDIRS; d++) {
			int v = cc->nb[d], e = (d + 1) % 4;	/* N then E, E then S, ... */
			int w = cc->nb[e];
			int dx = cr_dx[d] + cr_dx[e], dy = cr_dy[d] + cr_dy[e];

			h->cell[HOOD(dx, dy)] = v >= 0 ? g->cells.v[v].nb[e] :
			    w >= 0 ? g->cells.v[w].nb[d] : -1;
		}
	}
	for (int i = 0; i < 9; i++)
		h->tile[i] = h->cell[i] < 0 ? -1 : g->cells.v[h->cell[i]].tile;
}

/*
 * Can a tile of this type lie at h's position turned rot?  Fills *why
 * with the first rule it breaks, the evidence included.
 */
bool
cr__fits(const struct cr_game *g, int type, const struct hood *h, int rot,
    struct cr_refusal *why)
{
	const struct cr_tiletype *tt = &g->ts->type[type];
	bool touches = false;

	if (h->tile[HOOD(0, 0)] >= 0) {
		const struct tile *here = &g->tiles.v[h->tile[HOOD(0, 0)]];

		why->code = CR_R_OCCUPIED;
		why->other_x = h->x, why->other_y = h->y;
		why->other_rot = here->pub.rot;
		why->kind = here->pub.type;	/* the tile lying there */
		return false;
	}
	for (int d = 0; d < CR_NDIRS; d++) {
		int t = h->tile[HOOD(cr_dx[d], cr_dy[d])], mine, theirs;
		const struct tile *n;

		if (t < 0)
			continue;
		n = &g->tiles.v[t];
		touches = true;
		mine = cr_tile_edge(tt, rot, d);
		theirs = cr_tile_edge(&g->ts->type[n->pub.type], n->pub.rot, (d + 2) % 4);
		if (mine != theirs) {
			why->code = CR_R_EDGE_MISMATCH;
			why->dir = d;
			why->kind = mine, why->other_kind = theirs;
			why->other_x = n->pub.x, why->other_y = n->pub.y;
			return false;
		}
	}
	if (!touches) {
		why->code = CR_R_NOT_ADJACENT;
		return false;
	}
	return true;
}

/* The frontier: add or drop a square, logged for undo. */
static void
front_add(struct cr_game *g, int cell)
{
	cr__log_frontlen(g);
	cr__log_cell(g, cell);
	*VEC_PUSH(g, g->front) = cell;
	g->cells.v[cell].front = g->front.n - 1;
}

static void
front_drop(struct cr_game *g, int cell)
{
	int i = g->cells.v[cell].front;
	int last = g->front.v[g->front.n - 1];

	cr__log_frontlen(g);
	cr__log_front(g, i);
	cr__log_front(g, g->front.n - 1);	/* a later push reuses that slot */
	cr__log_cell(g, last);
	cr__log_cell(g, cell);
	g->front.v[i] = last;
	g->cells.v[last].front = i;
	g->cells.v[cell].front = -1;
	g->front.n--;
}

/* The index of open squares by signature (see game-int.h): add, drop. */
static void
bucket_add(const struct cr_game *g, int cell)
{
	struct scratch *sc = g->scr;
	intvec *b = &sc->bucket[g->cells.v[cell].sig];

	b->v[b->n] = cell;		/* room made beforehand */
	sc->bpos[cell] = b->n++;
}

static void
bucket_drop(const struct cr_game *g, int cell)
{
	struct scratch *sc = g->scr;
	intvec *b = &sc->bucket[g->cells.v[cell].sig];
	int i = sc->bpos[cell], last = b->v[b->n - 1];

	b->v[i] = last;
	sc->bpos[last] = i;
	sc->bpos[cell] = -1;
	b->n--;
}

/* Build the index from the frontier; false (index off) if out of memory. */
static bool
buckets_build(const struct cr_game *g)
{
	struct scratch *sc = g->scr;

	for (int i = 0; i < NSIGS; i++)
		sc->bucket[i].n = 0;
	if (!cr__grow((void **)&sc->bpos, &sc->cap_bpos, g->cells.cap, sizeof *sc->bpos))
		return false;
	for (int i = 0; i < g->cells.n; i++)
		sc->bpos[i] = -1;
	for (int i = 0; i < g->front.n; i++) {
		int c = g->front.v[i];
		intvec *b = &sc->bucket[g->cells.v[c].sig];

		if (b->n == b->cap && !cr__grow((void **)&b->v, &b->cap, b->n + 1, sizeof *b->v))
			return false;
		bucket_add(g, c);
	}
	sc->bk_on = true;
	return true;
}

/* The signature of an empty square once side `side` shows `kind`. */
static int
sig_with(int sig, int side, int kind)
{
	static const int w[CR_NDIRS] = { 1, SIG_SIDES, SIG_SIDES * SIG_SIDES,
	    SIG_SIDES * SIG_SIDES * SIG_SIDES };
	int old = sig / w[side] % SIG_SIDES;

	return sig + (1 + kind - old) * w[side];
}

/*
 * Room in the index that placing type/rot at h's position will add to
 * (one square per bucket touched).  A cache never refuses a move: out
 * of memory, it is switched off, to be rebuilt when next asked.
 */
void
cr__board_reserve_move(struct cr_game *g, int type, const struct hood *h, int rot)
{
	struct scratch *sc = g->scr;

	if (!sc->bk_on)
		return;
	if (!cr__grow((void **)&sc->bpos, &sc->cap_bpos, g->cells.cap, sizeof *sc->bpos)) {
		sc->bk_on = false;
		return;
	}
	for (int d = 0; d < CR_NDIRS; d++) {
		int n = h->cell[HOOD(cr_dx[d], cr_dy[d])], sig;
		intvec *b;

		if (n >= 0 && g->cells.v[n].tile >= 0)
			continue;
		sig = sig_with(n >= 0 ? g->cells.v[n].sig : 0, (d + 2) % 4,
		    cr_tile_edge(&g->ts->type[type], rot, d));
		b = &sc->bucket[sig];
		if (b->n + 1 > b->cap &&
		    !cr__grow((void **)&b->v, &b->cap, b->n + 1, sizeof *b->v)) {
			sc->bk_on = false;
			return;
		}
	}
}

void
cr__buckets_free(struct cr_game *g)
{
	for (int i = 0; i < NSIGS; i++)
		free(g->scr->bucket[i].v);
	free(g->scr->bpos);
}

/* The signature a tile turned rot fits, given which sides have tiles. */
static int
sig_of(const struct cr_tiletype *tt, int rot, int sides)
{
	int sig = 0;

	for (int d = 0; d < CR_NDIRS; d++)
		if (sides & (1 << d))
			sig = sig_with(sig, d, cr_tile_edge(tt, rot, d));
	return sig;
}

int
cr_game_nlegal(const struct cr_game *g, int type)
{
	int n = 0;

	if (type < 0 || type >= g->ts->ntypes)
		return 0;
	if (!g->scr->bk_on && !buckets_build(g))
		return cr_game_legal(g, type, NULL, 0);	/* no memory: scan */
	for (int rot = 0; rot < 4; rot++)
		for (int sides = 1; sides < 16; sides++)
			n += g->scr->bucket[sig_of(&g->ts->type[type], rot, sides)].n;
	return n;
}

bool
cr_game_legal_nth(const struct cr_game *g, int type, int k, struct cr_place *p)
{
	if (type < 0 || type >= g->ts->ntypes || k < 0)
		return false;
	if (!g->scr->bk_on && !buckets_build(g)) {	/* no memory: scan */
		struct cr_place *all = malloc(((size_t)k + 1) * sizeof *all);
		bool ok = all != NULL && cr_game_legal(g, type, all, k + 1) > k;

		if (ok)
			*p = all[k];
		free(all);
		return ok;
	}
	for (int rot = 0; rot < 4; rot++)
		for (int sides = 1; sides < 16; sides++) {
			const intvec *b = &g->scr->bucket[sig_of(&g->ts->type[type], rot, sides)];

			if (k < b->n) {
				const struct cell *c = &g->cells.v[b->v[k]];

				*p = (struct cr_place){ c->x, c->y, rot };
				return true;
			}
			k -= b->n;
		}
	return false;
}

/*
 * Put a tile on the board at h's position (legality already checked,
 * capacity reserved).  Updates the frontier and g->hood; features are
 * cr__features_add's business.
 */
bool
cr__board_put(struct cr_game *g, int type, const struct hood *h, int rot)
{
	int id = h->cell[HOOD(0, 0)] >= 0 ? h->cell[HOOD(0, 0)] : cr__cell_get(g, h->x, h->y);
	struct tile *t;

	if (id < 0 || (t = VEC_PUSH(g, g->tiles)) == NULL)
		return false;
	*t = (struct tile){
		.pub = { .x = h->x, .y = h->y, .type = type, .rot = rot, .seg0 = g->nodes.n },
		.cloister = -1,
	};
	memcpy(g->hood, h->tile, sizeof g->hood);
	if (g->cells.v[id].front >= 0)
		front_drop(g, id);
	if (g->scr->bk_on && g->scr->bpos[id] >= 0)
		bucket_drop(g, id);
	cr__log_cell(g, id);
	g->cells.v[id].tile = g->tiles.n - 1;
	g->hood[HOOD(0, 0)] = g->tiles.n - 1;
	for (int d = 0; d < CR_NDIRS; d++) {
		int n = h->cell[HOOD(cr_dx[d], cr_dy[d])];
		struct cell *c;

		if (n < 0 && (n = cr__cell_get(g, h->x + cr_dx[d], h->y + cr_dy[d])) < 0)
			return false;
		if (g->cells.v[n].tile >= 0)
			continue;
		if (g->cells.v[n].front < 0)
			front_add(g, n);
		/* The square beside now sees this tile's edge: a new
		 * signature, and a new bucket if the index is on. */
		if (g->scr->bk_on && g->scr->bpos[n] >= 0)
			bucket_drop(g, n);
		cr__log_cell(g, n);
		c = &g->cells.v[n];
		c->sig = sig_with(c->sig, (d + 2) % 4, cr_tile_edge(&g->ts->type[type], rot, d));
		if (g->scr->bk_on)
			bucket_add(g, n);
	}
	return true;
}

int
cr_game_legal(const struct cr_game *g, int type, struct cr_place *out, int max)
{
	struct cr_refusal why;
	int n = 0;

	if (type < 0 || type >= g->ts->ntypes)
		return 0;
	for (int i = 0; i < g->front.n; i++) {
		const struct cell *c = &g->cells.v[g->front.v[i]];
		struct hood h;

		cr__hood_find(g, c->x, c->y, false, &h);
		for (int rot = 0; rot < 4; rot++) {
			if (!cr__fits(g, type, &h, rot, &why))
				continue;
			if (n < max && out != NULL)
				out[n] = (struct cr_place){ c->x, c->y, rot };
			n++;
		}
	}
	return n;
}

int
cr_game_nopen(const struct cr_game *g)
{
	return g->front.n;
}

bool
cr_game_open(const struct cr_game *g, int i, int *x, int *y)
{
	if (i < 0 || i >= g->front.n)
		return false;
	*x = g->cells.v[g->front.v[i]].x;
	*y = g->cells.v[g->front.v[i]].y;
	return true;
}

int
cr_game_ntiles(const struct cr_game *g)
{
	return g->tiles.n;
}

const struct cr_placed *
cr_game_tile(const struct cr_game *g, int i)
{
	return i >= 0 && i < g->tiles.n ? &g->tiles.v[i].pub : NULL;
}
