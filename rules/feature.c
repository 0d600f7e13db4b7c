/*
 * feature.c -- features as they grow: roads, cities, cloisters, fields,
 * whatever kinds the modules declare (rules/ext.h).
 *
 * Each segment of a placed tile is a node; segments that touch across an
 * edge are joined (the smaller feature's members are relabelled with the
 * bigger one's root; see struct node).  The root keeps what completion and
 * occupancy need in O(1): unmatched ports, meeples, pennants.  What only
 * scoring needs (distinct tiles, meeples per player) is counted by walking
 * the member list when the feature is scored, once.
 */
#include <string.h>

#include "game-int.h"

/*
 * Swap the successors of a and b: two member lists become one, and the
 * same swap on the joined list splits it again as it was.
 */
static void
splice(struct link *L, int a, int b)
{
	int t = L[a].next;

	L[a].next = L[b].next, L[b].next = t;
}

/* Every member of the list through `from` points at root. */
static void
relabel(struct link *L, int from, int root)
{
	int id = from;

	do {
		L[id].root = root;
		id = L[id].next;
	} while (id != from);
}

static CR_ALWAYS_INLINE int
join(struct cr_game *g, int a, int b)
{
	int ra = cr__find(g, a), rb = cr__find(g, b), t;
	struct node *A, *B;

	if (ra == rb)
		return ra;
	if (g->nodes.v[ra].size < g->nodes.v[rb].size)
		t = ra, ra = rb, rb = t;
	cr__log_node(g, ra);
	cr__log_node(g, rb);
	cr__log_absorbed(g, rb, ra);
	A = &g->nodes.v[ra], B = &g->nodes.v[rb];
	relabel(g->link.v, rb, ra);	/* the smaller set */
	splice(g->link.v, ra, rb);
	A->size += B->size;
	A->open += B->open;
	A->followers += B->followers;
	if (A->anyfig < 0)
		A->anyfig = B->anyfig;
	A->pennants += B->pennants;
	A->scored |= B->scored;
	A->flags |= B->flags;
	return ra;
}

/* Undo join's union of rb into ra (the rest is restored from the log). */
void
cr__unjoin(struct cr_game *g, int rb, int ra)
{
	splice(g->link.v, ra, rb);
	relabel(g->link.v, rb, rb);
}

/* Count the tiles among the eight around the one being placed. */
static int
neighbours8(const struct cr_game *g)
{
	int n = 0;

	for (int i = 0; i < 9; i++)
		if (i != HOOD(0, 0) && g->hood[i].tile >= 0)
			n++;
	return n;
}

/* The member links of the tiles beside h, which joining will read. */
void
cr__features_prefetch(const struct cr_game *g, const struct hood *h)
{
	for (int d = 0; d < CR_NDIRS; d++)
		if (h->sq[cr_side[d]].tile >= 0)
			CR_PREFETCH(&g->link.v[h->sq[cr_side[d]].seg0]);
}

/*
 * Do two different segments of a twin kind (CR_KIND_TWIN: cities) of
 * this tile share edge d (its two halves), facing two different segments
 * of that kind on the other tile's edge (theirs: its ports from the
 * facing edge's first)?  The Hills & Sheep book joins all four (HS-L
 * against HS-L).
 */
static bool
twin_cities(const struct cr_tiletype *tt, const int8_t *mine, const struct cr_tiletype *ot,
    const int8_t *theirs, int d)
{
	int a = mine[CR_PORT(d, 0)], c = mine[CR_PORT(d, 2)], b = theirs[0], e = theirs[2], k;

	if (a < 0 || c < 0 || a == c || b < 0 || e < 0 || b == e)
		return false;
	k = tt->seg[a].kind;
	return (cr__tab.kind_flags[k] & CR_KIND_TWIN) && tt->seg[c].kind == k &&
	    ot->seg[b].kind == k && ot->seg[e].kind == k;
}

/* The eight squares around, in the order cloisters are paid: the row
 * north first, west to east. */
static const int around[8] = {
	HOOD(-1, 1), HOOD(0, 1), HOOD(1, 1), HOOD(-1, 0), HOOD(1, 0),
	HOOD(-1, -1), HOOD(0, -1), HOOD(1, -1),
};

/*
 * Create the nodes of tile t (just put on the board, g->hood filled) and
 * join them to their neighbours'.  Cloisters around it gain a neighbour.
 */
void
cr__features_add(struct cr_game *g, int t)
{
	const struct cr_placed *tl = &g->h.tiles.v[t];
	const struct cr_tiletype *tt = &g->h.ts->type[tl->type];
	const int8_t *mine = tt->portseg[tl->rot];
	int id0 = g->nodes.n, pair[3 * CR_NDIRS][2], npair = 0;
	int twin[CR_NDIRS][2], ntwin = 0;

	/* The ports that meet across each edge, and the features on the
	 * other side: their roots are asked for before this tile's nodes
	 * are made, and joined after. */
	for (int d = 0; d < CR_NDIRS; d++) {
		const struct sq *nb = &g->hood[cr_side[d]];
		const int8_t *theirs;

		if (nb->tile < 0)
			continue;
		/* Port i of this edge meets port 2 - i of the other tile's
		 * (cr_port_opposite). */
		theirs = g->h.ts->type[nb->type].portseg[nb->rot] + CR_PORT((d + 2) % 4, 0);
		for (int i = 0; i < 3; i++) {
			int a = mine[CR_PORT(d, i)], b = theirs[2 - i];

			if (a < 0 || b < 0)
				continue;
			pair[npair][0] = id0 + a, pair[npair][1] = nb->seg0 + b;
			CR_PREFETCH(&g->nodes.v[cr__find(g, pair[npair][1])]);
			npair++;
		}
		if (tt->twin && g->h.ts->type[nb->type].twin &&
		    twin_cities(tt, mine, g->h.ts->type + nb->type, theirs, d)) {
			twin[ntwin][0] = id0 + mine[CR_PORT(d, 0)];
			twin[ntwin++][1] = id0 + mine[CR_PORT(d, 2)];
		}
	}

	/* The new nodes, from locals: the tile type's fields are bytes,
	 * which a store may alias, so read through tt they would be read
	 * again for every segment. */
	{
		struct node *N = g->nodes.v + id0;
		struct link *L = g->link.v + id0;
		const struct cr_seg *sg = tt->seg;
		int nseg = tt->nseg;
		uint32_t gen = g->gen;

		g->nodes.n += nseg;		/* reserved */
		g->link.n += nseg;
		for (int s = 0; s < nseg; s++) {
			L[s] = (struct link){ id0 + s, id0 + s };
			N[s] = (struct node){
				.size = 1, .tile = t,
				.open = sg[s].nports,
				.pennants = sg[s].pennants, .figure = -1, .anyfig = -1, .logged = gen,
				.seg = (uint8_t)s, .kind = sg[s].kind, .flags = sg[s].flags,
				.next_to = sg[s].next_to,
			};
		}
	}
	g->own_closed = 0;
	if (tt->cloister >= 0) {	/* its open: the neighbours it misses */
		struct node *c = &g->nodes.v[id0 + tt->cloister];

		if ((c->open = 8 - neighbours8(g)) == 0)
			g->own_closed = (uint16_t)(1u << c->kind);
	}
	for (int k = 0; k < npair; k++) {
		int r = join(g, pair[k][0], pair[k][1]);

		cr__log_node(g, r);
		if ((g->nodes.v[r].open -= 2) == 0)
			g->own_closed |= (uint16_t)(1u << g->nodes.v[r].kind);
	}
	/* Two cities on one edge facing two on the other (Hills & Sheep's
	 * L against another): every section meets every other, one city.
	 * Joined after the ports, which they do not close. */
	for (int k = 0; k < ntwin; k++)
		if (cr__find(g, twin[k][0]) != cr__find(g, twin[k][1]))
			cr__log_node(g, join(g, twin[k][0], twin[k][1]));
	/* The cloisters around gain a neighbour, in the order they pay. */
	g->nclosed = 0;
	for (int i = 0; i < 8; i++) {
		const struct sq *nb = &g->hood[around[i]];
		int c;

		if (nb->cloister < 0)	/* no cloister, or no tile */
			continue;
		c = nb->seg0 + nb->cloister;
		cr__log_node(g, c);
		if (--g->nodes.v[c].open == 0)
			g->closed[g->nclosed++] = c;
	}
}

/* Each node of cr__joined_roots' local union-find its own set. */
static const uint8_t ident[CR_MAXSEG + 3 * CR_NDIRS] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
};
_Static_assert(sizeof ident == 28, "ident: one entry a node of cr__joined_roots");

/*
 * The features already on the board that segment seg of a tile about to
 * lie at h's position turned rot would belong to, once joined: their
 * roots into out (at most 3 * CR_NDIRS), how many returned.  Joins are
 * simulated on a small local union-find over the new tile's segments and
 * the neighbouring features, because one segment can reach a feature
 * through another segment of the same tile (a road loop over a bridge
 * tile).
 */
int
cr__joined_roots(const struct cr_game *g, int type, const struct hood *h, int rot, int seg,
    int *out)
{
	const struct cr_tiletype *ty = g->h.ts->type, *tt = &ty[type];
	const int8_t *ports = tt->portseg[rot];
	int root[CR_MAXSEG + 3 * CR_NDIRS];	/* neighbour roots, after the segments */
	uint8_t up[CR_MAXSEG + 3 * CR_NDIRS];
	int n = tt->nseg, nout = 0, mine = seg;

	memcpy(up, ident, sizeof up);
	for (int d = 0; d < CR_NDIRS; d++) {
		const struct sq *nb = &h->sq[cr_side[d]];
		const int8_t *theirs;
		int ps = -1, pb = -1;

		if (nb->tile < 0)
			continue;
		/* Port i of this edge meets port 2 - i of the other tile's
		 * (cr_port_opposite), as in cr__features_add. */
		theirs = ty[nb->type].portseg[nb->rot] + CR_PORT((d + 2) % 4, 0);
		for (int i = 0; i < 3; i++) {
			int s = ports[CR_PORT(d, i)], b = theirs[2 - i];
			int r, k, a, c;

			if (s < 0 || b < 0 || (s == ps && b == pb))
				continue;	/* none, or the pair the port before joined */
			ps = s, pb = b;
			r = cr__find(g, nb->seg0 + b);
			for (k = tt->nseg; k < n && root[k] != r; k++)
				;
			if (k == n)
				root[n++] = r;
			for (a = s; up[a] != a; a = up[a])
				;
			for (c = k; up[c] != c; c = up[c])
				;
			up[a] = (uint8_t)c;
		}
		/* Twin cities on this edge facing twins: one city (features_add). */
		if (tt->twin && ty[nb->type].twin && twin_cities(tt, ports, &ty[nb->type], theirs, d)) {
			int a = ports[CR_PORT(d, 0)], c = ports[CR_PORT(d, 2)];

			while (up[a] != a)
				a = up[a];
			while (up[c] != c)
				c = up[c];
			up[a] = (uint8_t)c;
		}
	}
	while (up[mine] != mine)
		mine = up[mine];
	for (int k = tt->nseg; k < n; k++) {
		int c = k;

		while (up[c] != c)
			c = up[c];
		if (c == mine)
			out[nout++] = root[k];
	}
	return nout;
}

/* Would seg join a feature that already holds a follower?  *who: one's
 * owner, *role: its piece. */
bool
cr__feature_taken(const struct cr_game *g, int type, const struct hood *h, int rot,
    int seg, int *who, int *role)
{
	int roots[3 * CR_NDIRS], n = cr__joined_roots(g, type, h, rot, seg, roots);

	for (int k = 0; k < n; k++)
		if (g->nodes.v[roots[k]].followers > 0) {
			/* Not a walk over the feature: a farm on a big board is
			 * thousands of segments, and this runs on every refusal. */
			const struct cr_figure *f = &g->h.figs.v[g->nodes.v[roots[k]].anyfig];

			if (who != NULL)
				*who = f->player;
			if (role != NULL)
				*role = f->role;
			return true;
		}
	return false;
}

/*
 * The segment of a tile type (turned rot) of the given kind at a spot.
 * *count is how many segments of that kind the spot touches (the answer
 * is only meaningful when it is 1); *valid gets the spots that name
 * exactly one segment of that kind.
 */
static int
seg_at_spot(const struct cr_game *g, int type, int rot, enum cr_spot spot,
    int kind, int *count)
{
	const struct cr_tiletype *tt = &g->h.ts->type[type];
	cr_ports want = cr_ports_rotate(cr_spot_ports(spot), (4 - rot) & 3);
	int found = -1;

	*count = 0;
	/* A corner is "the field at that corner" (notation.md): it names
	 * only land, never a road or city, though its half-edges may hold
	 * one. */
	if ((spot == CR_SPOT_NE || spot == CR_SPOT_SE || spot == CR_SPOT_SW ||
	    spot == CR_SPOT_NW) && !(cr_kind_flags(kind) & CR_KIND_LAND))
		return -1;
	for (int s = 0; s < tt->nseg; s++) {
		const struct cr_seg *sg = &tt->seg[s];
		bool hit = want ? (sg->ports & want) != 0 : sg->ports == 0;

		if (sg->kind == kind && hit) {
			if (*count == 0)
				found = s;
			(*count)++;
		}
	}
	return found;
}

int
cr__seg_on(const struct cr_game *g, int type, int rot, enum cr_spot spot,
    int kind, int *count, uint32_t *valid)
{
	int c;

	if (valid != NULL) {
		*valid = 0;
		for (int sp = 0; sp < CR_NSPOTS; sp++)
			if (seg_at_spot(g, type, rot, (enum cr_spot)sp, kind, &c) >= 0 && c == 1)
				*valid |= 1u << sp;
	}
	return seg_at_spot(g, type, rot, spot, kind, count);
}

int
cr__piece_seg(const struct cr_game *g, int type, int rot, enum cr_spot spot, int role,
    int *count, uint32_t *valid, int *kind)
{
	int k1 = cr_piece_kind(role, 0), k2 = cr_piece_kind(role, 1);
	uint32_t v2 = 0;
	int seg, c2;

	*kind = k1;
	seg = cr__seg_on(g, type, rot, spot, k1, count, valid);
	if (k2 == k1)
		return seg;
	if (valid != NULL)
		cr__seg_on(g, type, rot, spot, k2, &c2, &v2), *valid |= v2;
	if (*count == 0) {	/* not of its first kind: of its second? */
		seg = cr__seg_on(g, type, rot, spot, k2, count, NULL);
		if (*count > 0)
			*kind = k2;
	}
	return seg;
}

/* The stamps' counters wrapped (cr__scratch_gen, game-int.h): the
 * arrays are cleared, so no stale stamp matches, and counting starts
 * again at 1. */
uint32_t
cr__scratch_wrapped(const struct cr_game *g)
{
	struct scratch *s = g->scr;

	memset(s->tstamp, 0, (size_t)s->cap_t * sizeof *s->tstamp);
	memset(s->nstamp, 0, (size_t)s->cap_n * sizeof *s->nstamp);
	return s->gen = 1;
}

uint32_t
cr__scratch_wrapped2(const struct cr_game *g)
{
	struct scratch *s = g->scr;

	memset(s->seen, 0, (size_t)s->cap_n * sizeof *s->seen);
	return s->gen2 = 1;
}

/*
 * Meeples per player (weighted: a big meeple counts 2, a builder 0), the
 * pieces that count (weight above 0) per player, and distinct tiles of the
 * feature whose root is given, and the first of its tiles placed (an
 * index in the tiles).  Any output may be NULL.  A tile counts once
 * however many of its segments the feature holds.
 */
void
cr__counts(const struct cr_game *g, int root, int *meeples, uint8_t *pieces, int *tiles,
    int *first)
{
	uint32_t gen = tiles ? cr__scratch_gen(g) : 0;
	int id = root, nt = 0, t0 = g->nodes.v[root].tile;

	if (meeples)
		memset(meeples, 0, CR_MAXPLAYERS * sizeof *meeples);
	if (pieces)
		memset(pieces, 0, CR_MAXPLAYERS * sizeof *pieces);
	do {
		const struct node *n = &g->nodes.v[id];

		if (n->figure >= 0) {
			const struct cr_figure *f = &g->h.figs.v[n->figure];

			if (meeples)
				meeples[f->player] += f->weight;
			if (pieces && f->weight > 0)
				pieces[f->player]++;
		}
		if (tiles && g->scr->tstamp[n->tile] != gen) {
			g->scr->tstamp[n->tile] = gen;
			nt++;
		}
		if (n->tile < t0)
			t0 = n->tile;
		id = cr__next(g, id);
	} while (id != root);
	if (tiles)
		*tiles = nt;
	if (first)
		*first = t0;
}

int
cr_game_seg_at(const struct cr_game *g, int x, int y, enum cr_spot spot,
    int kind, struct cr_refusal *why)
{
	const struct cr_placed *t = cr__tile_at(g, x, y);
	uint32_t valid;
	int count, s;

	if (t == NULL || (unsigned)spot >= CR_NSPOTS)
		return -1;
	s = cr__seg_on(g, t->type, t->rot, spot, kind, &count, &valid);
	if (count == 1)
		return t->seg0 + s;
	if (why != NULL) {
		why->code = count ? CR_R_SPOT_MANY : CR_R_SPOT_NONE;
		why->x = x, why->y = y, why->tile = t->type, why->rot = t->rot;
		why->spot = spot;
		why->kind = kind;
		why->valid_spots = valid;
	}
	return -1;
}

void
cr_game_feature(const struct cr_game *g, int seg, struct cr_feature *f)
{
	const struct node *n;
	int r;

	memset(f, 0, sizeof *f);
	if (seg < 0 || seg >= g->nodes.n)
		return;
	r = cr__find(g, seg);
	n = &g->nodes.v[r];
	f->kind = n->kind;
	f->open = n->open;
	f->complete = n->open == 0 && cr_kind(n->kind)->close != CR_CLOSE_NEVER;
	f->scored = n->scored;
	f->pennants = n->pennants;
	cr__counts(g, r, f->meeples, NULL, &f->tiles, NULL);
	if (cr_kind(n->kind)->close == CR_CLOSE_AROUND)	/* itself and its neighbours */
		f->tiles = 9 - n->open;
	if (cr_kind_flags(n->kind) & CR_KIND_LAND)
		f->cities = cr_feature_bordered(g, r);
}
