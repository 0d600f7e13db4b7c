/*
 * seam.c -- the engine as the modules see it (rules/ext.h): their own
 * state, the pieces, the features and what they border, a placement
 * being checked, the supply.  The queries several modules need are
 * written here once.
 */
#include <string.h>

#include "game-int.h"

/* cr_ext_state's first change in a move: the state copied to the log. */
static CR_NOINLINE void *
log_state(struct cr_game *g, int ext, unsigned char *st)
{
	size_t n = cr_exts[ext]->state_size;

	/* room reserved by reserve(): a state a module per move */
	g->ext_logged |= 1u << ext;
	memcpy(g->xlog.v + g->xlog.n, st, n);
	cr__log_entry(g, U_EXT, ext)->old.val = g->xlog.n;
	g->xlog.n += (int)n;
	return st;
}

/* A leaf but for the log's tail call: asked several times a move. */
void *
cr_ext_state(struct cr_game *g, int ext)
{
	unsigned char *st = g->h.xstate + g->h.xoff[ext];

	if (!g->nolog && !(g->ext_logged & (1u << ext)))
		return log_state(g, ext, st);
	return st;
}


int
cr_ext_set(const struct cr_game *g, int ext)
{
	return ext >= 0 && ext < cr_nexts ? g->extset[ext] : -1;
}

const void *
cr_ext_data(const struct cr_game *g, int ext)
{
	const struct cr_tileset *ts = g->h.ts;
	int set;

	/* one unsigned comparison a bound (a negative index is past it):
	 * the wheel asks for its data several times a move */
	if ((unsigned)ext >= (unsigned)cr_nexts)
		return NULL;
	set = g->extset[ext];
	return (unsigned)set >= (unsigned)ts->nsets ? NULL : ts->setdata[set];
}

/* ---- the pieces ---------------------------------------------------------- */

/* The root of the feature piece fig stands on, -1 for none or one gone
 * home: cr_figure_root's answer, inline for the calls below that a
 * module makes every move. */
static inline int
figure_root(const struct cr_game *g, int fig)
{
	return fig >= 0 && g->h.figs.v[fig].on_board ? cr__find(g, g->h.figs.v[fig].node) : -1;
}

int
cr_figure_root(const struct cr_game *g, int fig)
{
	return figure_root(g, fig);
}

/* ---- the features -------------------------------------------------------- */

int
cr_feature_root(const struct cr_game *g, int node)
{
	return cr__find(g, node);
}

int
cr_feature_next(const struct cr_game *g, int node)
{
	return cr__next(g, node);
}

int
cr_node_tile(const struct cr_game *g, int node)
{
	return g->nodes.v[node].tile;
}

int
cr_node_seg(const struct cr_game *g, int node)
{
	return g->nodes.v[node].seg;
}

int
cr_node_kind(const struct cr_game *g, int node)
{
	return g->nodes.v[node].kind;
}

int
cr_node_figure(const struct cr_game *g, int node)
{
	return g->nodes.v[node].figure;
}

int
cr_node_attr(const struct cr_game *g, int node, int a)
{
	const struct node *n = &g->nodes.v[node];

	return cr_tile_attr(&g->h.ts->type[g->h.tiles.v[n->tile].type], n->seg, a);
}

const struct cr_tiletype *
cr_node_type(const struct cr_game *g, int node, int *seg)
{
	const struct node *n = &g->nodes.v[node];

	*seg = n->seg;
	return &g->h.ts->type[g->h.tiles.v[n->tile].type];
}

void
cr_node_view(const struct cr_game *g, int node, struct cr_nodeview *v)
{
	const struct node *n = &g->nodes.v[node];

	v->type = &g->h.ts->type[g->h.tiles.v[n->tile].type];
	v->seg = n->seg;
	v->tile = n->tile;
	v->figure = n->figure;
	v->next = cr__next(g, node);
}

const struct cr_seg *
cr_node_data(const struct cr_game *g, int node)
{
	const struct node *n = &g->nodes.v[node];

	return &g->h.ts->type[g->h.tiles.v[n->tile].type].seg[n->seg];
}

int
cr_feature_open(const struct cr_game *g, int root)
{
	return g->nodes.v[root].open;
}

unsigned
cr_feature_flags(const struct cr_game *g, int root)
{
	return g->nodes.v[root].flags;
}

int
cr_feature_summed(const struct cr_game *g, int root)
{
	return g->nodes.v[root].pennants;
}

bool
cr_feature_holds(const struct cr_game *g, int root, int p, unsigned flags)
{
	int id = root;

	do {
		int f = g->nodes.v[id].figure;

		if (f >= 0 && g->h.figs.v[f].player == p && g->h.figs.v[f].on_board &&
		    (cr_piece(g->h.figs.v[f].role)->flags & flags) == flags)
			return true;
		id = cr__next(g, id);
	} while (id != root);
	return false;
}

/*
 * The features a land feature borders: each of its segments names the
 * segments of its own tile it borders (next_to).  With c a root, 1 if c
 * is one of them (else 0); with c -1, how many of them are complete,
 * each once.
 */
static int
bordered(const struct cr_game *g, int land, int c)
{
	uint32_t gen = c < 0 ? cr__scratch_gen(g) : 0;
	int id = land, n = 0;

	do {
		const struct node *nd = &g->nodes.v[id];
		unsigned next = nd->next_to;
		int seg0 = id - nd->seg;	/* its tile's first node */

		for (int s = 0; next != 0; s++, next >>= 1) {
			int r;

			if (!(next & 1))
				continue;
			r = cr__find(g, seg0 + s);
			if (r == c)
				return 1;
			if (c < 0 && g->nodes.v[r].open == 0 && g->scr->nstamp[r] != gen) {
				g->scr->nstamp[r] = gen;
				n++;
			}
		}
		id = cr__next(g, id);
	} while (id != land);
	return n;
}

bool
cr_feature_borders(const struct cr_game *g, int land, int c)
{
	return bordered(g, land, c) > 0;
}

int
cr_feature_bordered(const struct cr_game *g, int land)
{
	return bordered(g, land, -1);
}

bool
cr_tile_joins_figure(const struct cr_game *g, int tile, int fig)
{
	const struct cr_placed *t = &g->h.tiles.v[tile];
	int nseg = g->h.ts->type[t->type].nseg, root = figure_root(g, fig);

	if (root < 0)
		return false;
	for (int s = 0; s < nseg; s++)
		if (cr__find(g, t->seg0 + s) == root)
			return true;
	return false;
}

bool
cr_move_completes(const struct cr_game *g)
{
	return g->own_closed != 0;	/* noted by cr__features_add */
}

bool
cr_move_closes(const struct cr_game *g, int kind)
{
	return (g->own_closed >> kind) & 1u;
}

/* ---- a placement being checked -------------------------------------------- */

/*
 * Would a tile about to lie at h's position, turned rot, touch the
 * feature with root `root` through any of its edges?  (Cheaper than
 * joining every segment: most tiles touch no given feature.)  Both
 * sides of each edge read: a port of the tile's with a segment facing
 * one of the neighbour's.
 */
static bool
touches_any(const struct cr_game *g, int type, const struct hood *h, int rot, int root)
{
	const int8_t *mine = g->h.ts->type[type].portseg[rot];

	for (int d = 0; d < CR_NDIRS; d++) {
		const int8_t *theirs = cr__facing(g, h, d);
		int seg0 = h->sq[cr_side[d]].seg0;

		for (int i = 0; theirs != NULL && i < 3; i++)
			if (mine[CR_PORT(d, i)] >= 0 && theirs[2 - i] >= 0 &&
			    cr__find(g, seg0 + theirs[2 - i]) == root)
				return true;
	}
	return false;
}

/*
 * touches_any for a tile known to fit at h's position (its edges match
 * its neighbours': a hood a module is handed is found for a move whose
 * tile fits, move_ok's, piece_ok's): only the neighbours' segments on
 * the facing sides are read, each once (sideseg: a city's or a field's
 * edge is one segment over three ports), so the tile and its turn are
 * not needed.  A port of theirs with a segment faces one of the tile's
 * own: every half-edge has its segment (the loader refuses a tile whose
 * half-edge belongs to none), and a middle has one on a line's edge
 * alone (a road's, a river's), which a fitting tile meets with a line's
 * edge.  Inline in cr_move_touches_figure: Hills & Sheep asks it nearly
 * every move, and a call's frame cost it about an eighth more.
 */
static CR_ALWAYS_INLINE bool
touches_fitting(const struct cr_game *g, const struct hood *h, int root)
{
	const struct cr_tiletype *ty = g->h.ts->type;

	for (int d = 0; d < CR_NDIRS; d++) {
		const struct sq *nb = &h->sq[cr_side[d]];
		const int8_t *s;

		if (nb->tile < 0)
			continue;
		s = ty[nb->type].sideseg[nb->rot][(d + 2) % 4];
		for (int i = 0; i < 3 && s[i] >= 0; i++)
			if (cr__find(g, nb->seg0 + s[i]) == root)
				return true;
	}
	return false;
}

/* cr_move_touches and cr_move_joins asked without a hood: it is found
 * here, out of their common path (a hood is a big frame, and modules
 * ask with one several times a move). */
static CR_NOINLINE bool
touches_found(const struct cr_game *g, const struct cr_move *m, int root)
{
	struct hood here;

	cr__hood_find(g, m->x, m->y, &here);
	return touches_any(g, m->tile, &here, m->rot, root);
}

static CR_NOINLINE int
joins_found(const struct cr_game *g, const struct cr_move *m, int seg, int *roots)
{
	struct hood here;

	cr__hood_find(g, m->x, m->y, &here);
	return cr__joined_roots(g, m->tile, &here, m->rot, seg, roots);
}

bool
cr_move_touches(const struct cr_game *g, const struct cr_move *m, const struct hood *h,
    int root)
{
	if (h == NULL)
		return touches_found(g, m, root);
	return touches_any(g, m->tile, h, m->rot, root);
}

bool
cr_move_touches_figure(const struct cr_game *g, const struct cr_move *m, const struct hood *h,
    int fig)
{
	int root = figure_root(g, fig);

	if (root < 0)
		return false;
	if (h == NULL)
		return touches_found(g, m, root);
	return touches_fitting(g, h, root);
}

int
cr_move_joins(const struct cr_game *g, const struct cr_move *m, const struct hood *h, int seg,
    int *roots)
{
	if (h == NULL)
		return joins_found(g, m, seg, roots);
	return cr__joined_roots(g, m->tile, h, m->rot, seg, roots);
}

/* ---- the supply ------------------------------------------------------------- */

bool
cr_supply_hide(struct cr_game *g)
{
	if (g->supply_total == 0)	/* the last tile hides nothing */
		return false;
	g->supply_total--;	/* the move's mark restores it on undo */
	return true;
}

int
cr_game_drawn(const struct cr_game *g, int move)
{
	if (move < 1 || move > g->marks.n)
		return 0;
	return g->marks.v[move - 1].supply_total -
	    (move < g->marks.n ? g->marks.v[move].supply_total : g->supply_total);
}

int
cr_supply_of(const struct cr_game *g, int first, int n)
{
	const int *s = g->h.supply;
	int k = 0, end = first + n < g->h.ts->ntypes ? first + n : g->h.ts->ntypes;

	/* the bounds read once (the River asks at each move of its own) */
	for (int t = first < 0 ? 0 : first; t < end; t++)
		k += s[t];
	return k;
}
