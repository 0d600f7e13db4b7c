/*
 * query.c -- questions the table REPL asks that the rest of the engine
 * never needs: which feature a segment belongs to, which tiles make it
 * up, and where a meeple may go on a tile before it is placed.
 *
 * Read-only, like every query: they use the scratch stamps that the move
 * code grows in advance, so they cannot fail for want of memory.
 */
#include <string.h>

#include "game-int.h"

int
cr_game_feature_id(const struct cr_game *g, int seg)
{
	if (seg < 0 || seg >= g->nodes.n)
		return -1;
	return cr__find(g, seg);
}

int
cr_game_feature_tiles(const struct cr_game *g, int seg, struct cr_place *out, int max)
{
	uint32_t gen;
	int root, id, n = 0;

	if (seg < 0 || seg >= g->nodes.n)
		return 0;
	root = id = cr__find(g, seg);
	gen = cr__scratch_gen(g);
	do {	/* the members in the order they joined: stamp each tile once */
		const struct node *nd = &g->nodes.v[id];

		if (g->scr->tstamp[nd->tile] != gen) {
			const struct cr_placed *t = &g->h.tiles.v[nd->tile];

			g->scr->tstamp[nd->tile] = gen;
			if (n < max && out != NULL)
				out[n] = (struct cr_place){ t->x, t->y, t->rot };
			n++;
		}
		id = cr__next(g, id);
	} while (id != root);
	return n;
}

/* Spots in the order people name them: edges, centre, half-edges, corners. */
static const enum cr_spot spot_order[CR_NSPOTS] = {
	CR_SPOT_N, CR_SPOT_E, CR_SPOT_S, CR_SPOT_W, CR_SPOT_C,
	CR_SPOT_NNE, CR_SPOT_ENE, CR_SPOT_ESE, CR_SPOT_SSE,
	CR_SPOT_SSW, CR_SPOT_WSW, CR_SPOT_WNW, CR_SPOT_NNW,
	CR_SPOT_NE, CR_SPOT_SE, CR_SPOT_SW, CR_SPOT_NW,
};

/* Is the move legal, with some token when its piece draws one (any the
 * bag may give: the shepherd may go there)? */
static bool
legal_with_a_token(const struct cr_game *g, struct cr_move *m)
{
	if (!(cr_piece(m->role)->flags & CR_PIECE_TOKEN)) {
		m->arg = 0;
		return cr_game_check(g, m, NULL);
	}
	int tok[16], n = cr_token_args(cr_piece_ext(m->role), tok, 16);

	for (int i = 0; i < n; i++) {
		m->arg = tok[i];
		if (cr_game_check(g, m, NULL))
			return true;
	}
	m->arg = 0;
	return false;
}

int
cr_game_meeple_options(const struct cr_game *g, const struct cr_move *place,
    struct cr_meeple_opt *out, int max)
{
	struct cr_move m = *place;
	int slot[CR_MAXPIECES][CR_MAXSEG];	/* index in out of (role, segment), -1 */
	int n = 0;

	m.role = CR_ROLE_NONE;
	m.arg = 0;
	if (m.kind != CR_MOVE_PLACE || !cr_game_check(g, &m, NULL))
		return 0;
	memset(slot, 0xff, sizeof slot);
	for (int r = 1; r < cr_npieces(); r++)	/* the pieces of the modules in play */
		for (int i = 0; (g->exts & (1u << cr_piece_ext(r))) && i < CR_NSPOTS; i++) {
			int count, seg, kind;

			m.role = r;
			m.spot = spot_order[i];
			if (!legal_with_a_token(g, &m))
				continue;
			seg = cr__piece_seg(g, m.tile, m.rot, m.spot, m.role, &count, NULL, &kind);
			if (seg < 0 || seg >= CR_MAXSEG)
				continue;
			if (slot[r][seg] < 0) {
				slot[r][seg] = n;
				if (n < max && out != NULL)
					out[n] = (struct cr_meeple_opt){ m.role, seg, m.spot, 0 };
				n++;
			}
			if (slot[r][seg] < max && out != NULL)
				out[slot[r][seg]].spots |= 1u << m.spot;
		}
	return n;
}

/* cr_feature_holds, the feature's named owner (anyfig: one of its
 * followers) asked first, and taken only when it is on the board, on
 * this feature, player p's and with the flags: that is the answer a walk
 * of the feature (a farm of hundreds of segments) would find. */
static bool
holds(const struct cr_game *g, int root, int p, unsigned flags)
{
	int f = g->nodes.v[root].anyfig;

	if (f >= 0) {
		const struct cr_figure *fg = &g->h.figs.v[f];

		if (fg->on_board && fg->player == p &&
		    (cr_piece(fg->role)->flags & flags) == flags && cr__find(g, fg->node) == root)
			return true;
	}
	return cr_feature_holds(g, root, p, flags);
}

/*
 * rules/ext.h: the features seg of the move's tile meets across its own
 * edges first, each asked only when a follower stands on it (a feature's
 * count of them, read in place); then, for an answer that is no, every
 * feature it joins as cr_move_joins finds them, each asked as ever.  The
 * first part only says yes where the second would, so the answer is the
 * second's.
 */
bool
cr_move_joins_held(const struct cr_game *g, const struct cr_move *m, const struct hood *h,
    int seg, int p, unsigned flags)
{
	const struct cr_tiletype *ty = g->h.ts->type;
	const int8_t *ports = ty[m->tile].portseg[m->rot];
	int roots[CR_MAXJOINS], n;
	struct hood here;

	if (h == NULL) {
		cr__hood_find(g, m->x, m->y, &here);
		h = &here;
	}
	for (int d = 0; d < CR_NDIRS; d++) {
		const int8_t *theirs = cr__facing(g, h, d);
		int seg0 = h->sq[cr_side[d]].seg0, r;

		for (int i = 0; theirs != NULL && i < 3; i++)
			if (ports[CR_PORT(d, i)] == seg && theirs[2 - i] >= 0 &&
			    g->nodes.v[r = cr__find(g, seg0 + theirs[2 - i])].followers > 0 &&
			    holds(g, r, p, flags))
				return true;
	}
	n = cr__joined_roots(g, m->tile, h, m->rot, seg, roots);
	for (int k = 0; k < n; k++)
		if (cr_feature_holds(g, roots[k], p, flags))
			return true;
	return false;
}
