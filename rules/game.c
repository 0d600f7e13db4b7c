/*
 * game.c -- a game's life: creation, moves, undo.
 *
 * A move is checked in full by cr_game_check before anything changes.
 * Then every array it can grow is reserved up front, so applying it
 * cannot fail halfway: a game is never left half-moved, even when memory
 * runs out (the move is refused instead).
 */
#include <stdlib.h>
#include <string.h>

#include "game-int.h"

bool
cr__grow(void **v, int *cap, int need, size_t size)
{
	int ncap = *cap ? *cap : 16;
	void *nv;

	if (need <= *cap)
		return true;
	while (ncap < need) {
		if (ncap > (1 << 29))
			return false;
		ncap *= 2;
	}
	if ((size_t)ncap > SIZE_MAX / size || (nv = realloc(*v, (size_t)ncap * size)) == NULL)
		return false;
	*v = nv;
	*cap = ncap;
	return true;
}

/* As cr__grow, for a vector of n elements: one that holds none, or few
 * for its room, is allocated afresh and its n elements copied, not its
 * whole room (a game's set-up grows its nearly empty logs and events
 * more than once: a realloc copied their whole room each time). */
static bool
grow_empty(void **v, int *cap, int n, int need, size_t size)
{
	if (*v != NULL && need > *cap && n < *cap / 4) {
		void *old = *v;
		int ocap = *cap;

		*v = NULL;
		*cap = 0;
		if (!cr__grow(v, cap, need, size)) {
			*v = old;
			*cap = ocap;
			return false;
		}
		if (n > 0)
			memcpy(*v, old, (size_t)n * size);
		free(old);
		return true;
	}
	return cr__grow(v, cap, need, size);
}

/* As cr__grow, the new part zeroed: stamps must never match by accident. */
static bool
grow_zeroed(void **v, int *cap, int need, size_t size)
{
	int old = *cap;

	if (!cr__grow(v, cap, need, size))
		return false;
	if (*cap > old)
		memset((char *)*v + (size_t)old * size, 0, (size_t)(*cap - old) * size);
	return true;
}

/* The undo log: a copy of each element before it changes. */
void
cr__log_node_copy(struct cr_game *g, int id)
{
	struct node *n = &g->nodes.v[id];

	cr__log_entry(g, U_NODE, id)->old.node = *n;
	n->logged = g->gen;
}

/* The last number given as a game's figstamp. */
static uint64_t figstamps;

uint64_t
cr_game_figstamp(const struct cr_game *g, uint64_t *epoch)
{
	if (epoch != NULL)
		*epoch = g->figepoch;
	return g->figstamp;
}

unsigned
cr_game_lifts(const struct cr_game *g)
{
	return g->nlifted;
}

int
cr_game_lifted(const struct cr_game *g, unsigned k)
{
	return g->nlifted - k - 1 < CR_LIFTS ? g->lifted[k % CR_LIFTS] : -1;
}

/* A piece about to leave the board (score.c: lift): a new figstamp. */
void
cr__log_figure(struct cr_game *g, int id)
{
	g->figstamp = ++figstamps;
	if (!g->nolog)
		cr__log_entry(g, U_FIGURE, id)->old.fig = g->h.figs.v[id];
}
/* A player is copied once per move: the first copy is the one undo needs. */
void
cr__log_player(struct cr_game *g, int p)
{
	if (g->nolog || (g->player_logged & (1u << p)))
		return;
	g->player_logged |= 1u << p;
	cr__log_entry(g, U_PLAYER, p)->old.pl = g->player[p];
}
int *
cr__pool(struct cr_game *g, int player, int pool)
{
	return pool == 0 ? &g->player[player].meeples : &g->player[player].pool[pool];
}

void
cr__log_supply(struct cr_game *g, int t)
{
	if (!g->nolog)
		cr__log_entry(g, U_SUPPLY, t)->old.val = g->h.supply[t];
}

#define RESERVE(vec, more) ((vec).n + (more) <= (vec).cap || \
	grow_empty((void **)&(vec).v, &(vec).cap, (vec).n, (vec).n + (more), sizeof *(vec).v))

/*
 * Room for everything the next moves can add, so that applying a move
 * cannot fail halfway.  Reserved for AHEAD moves at a time (a move then
 * only counts down), except the last, which also pays the final scoring.
 * Bounds per move: a tile sets one square (at most one new chunk) and
 * creates CR_MAXSEG nodes; the end of the game pays at most one event
 * per feature.
 */
#define AHEAD	16

static bool reserve_moves(struct cr_game *g, bool ending, int k);

static bool
reserve(struct cr_game *g, bool ending)
{
	if (!ending && g->ahead > 0) {
		g->ahead--;
		return true;
	}
	return reserve_moves(g, ending, ending ? 1 : AHEAD);
}

/* reserve for k moves ahead (ending: the last, with the final scoring). */
static bool
reserve_moves(struct cr_game *g, bool ending, int k)
{
	struct scratch *s = g->scr;

	/* During play: a completion per segment and cloister around.  At the
	 * end: a payment per meeple's feature, and in edition 1 per city. */
	int events = k * 2 * (CR_MAXSEG + 9) +
	    (ending ? 2 * (g->h.figs.n + (g->by_border ? g->nodes.n : 0)) + 64 : 0);

	/* Where the modules say when the game ends, any of the k moves may
	 * be the last: room for the final events after each (pieces and
	 * nodes grow by one move's at most each). */
	if (!ending && g->hk.over)
		events += 2 * (g->h.figs.n + k + (g->by_border ? g->nodes.n + k * CR_MAXSEG : 0)) + 64;
	/* Per move: a tile's joins (up to three entries for each of the 12
	 * ports across its edges), the cloisters around, the features it
	 * completes, each player once, the supply: generously.  And the
	 * return of meeples (a figure and a segment each): over the k
	 * moves, at most those standing now and one placed per move, however
	 * many a player has. */
	bool logged = !g->nolog || g->hk.drawn;	/* a drawn step is undone on refusal */
	int logs = !logged ? 0 :
	    k * (96 + 8 * CR_MAXSEG + CR_MAXPLAYERS) + 4 * (g->onboard + k);

	/* Each module's state copied once a move, and its log entry. */
	if (logged)
		logs += k * CR_MAXEXTS;
	if (!RESERVE(g->h.tiles, k) ||
	    !RESERVE(g->nodes, k * CR_MAXSEG) || !RESERVE(g->link, k * CR_MAXSEG) ||
	    !RESERVE(g->h.figs, k) || !RESERVE(g->events, events) || !RESERVE(g->log, logs) ||
	    !RESERVE(g->marks, k) || !cr__board_reserve(g, k) ||
	    (logged && !RESERVE(g->xlog, k * (int)g->xsize)))
		return false;
	/* The scratch follows the arrays it is indexed by. */
	if (!grow_zeroed((void **)&s->tstamp, &s->cap_t, g->h.tiles.cap, sizeof *s->tstamp) ||
	    !grow_zeroed((void **)&s->nstamp, &s->cap_n, g->nodes.cap, sizeof *s->nstamp) ||
	    !grow_zeroed((void **)&s->seen, &s->cap_seen, g->nodes.cap, sizeof *s->seen) ||
	    !cr__grow((void **)&s->slot, &s->cap_slot, g->nodes.cap, sizeof *s->slot) ||
	    !cr__grow((void **)&s->acc, &s->cap_acc, g->h.figs.cap * CR_MAXPLAYERS, sizeof *s->acc) ||
	    !cr__grow((void **)&s->roots, &s->cap_roots, g->h.figs.cap, sizeof *s->roots))
		return false;
	g->ahead = k - 1;
	return true;
}

/* One copy of a type leaves the supply (placed or discarded). */
static void
take_tile(struct cr_game *g, int type)
{
	cr__log_supply(g, type);
	g->h.supply[type]--;
	g->supply_total--;
}

static void
place_tile(struct cr_game *g, int type, const struct hood *h, int rot)
{
	take_tile(g, type);
	cr__board_put(g, type, h, rot);
	cr__features_add(g, g->h.tiles.n - 1);
}

struct cr_game *
cr_game_create(const struct cr_tileset *ts, const struct cr_config *c)
{
	return cr_game_create_setup(ts, c, NULL);
}

struct cr_game *
cr_game_create_setup(const struct cr_tileset *ts, const struct cr_config *c,
    const struct cr_setup *s)
{
	struct cr_game *g;

	if (ts == NULL || ts->start < 0)
		return NULL;
	if ((g = calloc(1, sizeof *g)) == NULL)
		return NULL;
	g->h.ts = ts;
	/* Room for a typical 72-tile game at once, reservations for the
	 * moves ahead included (each block under malloc's mmap threshold):
	 * a game of the base set then does no realloc. */
	if (!RESERVE(g->h.tiles, 96) ||
	    !RESERVE(g->nodes, 1024) || !RESERVE(g->link, 1024) || !RESERVE(g->h.figs, 64) ||
	    !RESERVE(g->events, 512) || !RESERVE(g->log, 2048) || !RESERVE(g->marks, 96) ||
	    (g->scr = calloc(1, sizeof *g->scr)) == NULL || !cr__board_index_init(g) ||
	    (g->h.supply = calloc((size_t)ts->ntypes, sizeof *g->h.supply)) == NULL ||
	    (g->drawn_ask = calloc((size_t)ts->ntypes + 1, 1)) == NULL ||
	    !cr_game_restart_setup(g, c, s)) {
		cr_game_free(g);
		return NULL;
	}
	return g;
}

struct cr_game *
cr_game_new(const struct cr_tileset *ts, int edition, int nplayers)
{
	struct cr_config c = { edition, nplayers, 0 };

	return cr_game_create(ts, &c);
}

bool
cr_game_reset(struct cr_game *g, int edition, int nplayers)
{
	struct cr_config c = { edition, nplayers, 0 };

	return cr_game_restart(g, &c);
}

/* g->hc from g->hk: the per-move hooks' lists. */
static void
hook_calls(struct cr_game *g)
{
	int a = 0, b = 0, c = 0, d = 0, p = 0;

	CR_EACH_EXT(g, g->hk.move_ok, e)
		g->hc.move_ok[a].fn = cr_exts[e]->move_ok, g->hc.move_ok[a++].e = e;
	CR_EACH_EXT(g, g->hk.placed, e)
		g->hc.placed[b].fn = cr_exts[e]->placed, g->hc.placed[b++].e = e;
	CR_EACH_EXT(g, g->hk.again, e)
		g->hc.again[c].fn = cr_exts[e]->again, g->hc.again[c++].e = e;
	CR_EACH_EXT(g, g->hk.completed, e)
		g->hc.completed[d].fn = cr_exts[e]->completed, g->hc.completed[d++].e = e;
	CR_EACH_EXT(g, g->hk.price, e)
		g->hc.price[p].fn = cr_exts[e]->price, g->hc.price[p++].e = e;
	g->hc.move_ok[a].fn = NULL, g->hc.placed[b].fn = NULL, g->hc.again[c].fn = NULL;
	g->hc.completed[d].fn = NULL, g->hc.price[p].fn = NULL;
}

/* g->drawn_ask from g->hk.drawn_ok: the types a plain line of asks it. */
static void
drawn_asks(struct cr_game *g)
{
	memset(g->drawn_ask, 0, (size_t)g->h.ts->ntypes);
	CR_EACH_EXT(g, g->hk.drawn_ok, e)
		if (cr_exts[e]->drawn_asks != NULL)
			cr_exts[e]->drawn_asks(g, e, g->drawn_ask);
		else
			memset(g->drawn_ask, 1, (size_t)g->h.ts->ntypes);
}

/* g->hk, g->hc (and g->drawn_ask) from g->hk_all, less the rules of the
 * move of the modules done with them (g->done). */
static void
rehook(struct cr_game *g)
{
	uint32_t keep = ~g->done, ask = g->hk.drawn_ok;

#define CR_HOOK_KEEP(name, move)	g->hk.name = g->hk_all.name & ((move) ? keep : ~0u);
	CR_HOOKS(CR_HOOK_KEEP)
#undef CR_HOOK_KEEP
	hook_calls(g);
	if (g->hk.drawn_ok != ask)
		drawn_asks(g);
}

void
cr_move_again(struct cr_game *g)
{
	g->again = true;	/* only placed says it: apply reads it next */
}

void
cr_game_rules_done(struct cr_game *g, int ext)
{
	if (ext >= 0 && ext < cr_nexts && (g->exts & (1u << ext)))
		g->done_next |= 1u << ext;
}

/*
 * What the modules in play are: those the game has on, and exts, among
 * the game's; their tile sets, hooks and states.  False if a module is
 * not the game's or its tiles are not in the tile set.
 */
static bool
configure(struct cr_game *g, uint32_t exts)
{
	uint32_t sets = 1, on = cr_rules_on(g->h.ts->game);
	struct cr_hooks hk = { 0 };
	int8_t extset[CR_MAXEXTS];
	size_t size = 0, xoff[CR_MAXEXTS];
	unsigned char *st;

	exts |= on;
	if ((exts & ~cr_rules_modules(g->h.ts->game)) != 0)
		return false;
	if (exts == g->exts) {	/* a batch, as the last game: the hooks stand */
		if (g->xsize)
			memset(g->h.xstate, 0, g->xsize);
		if (g->done != 0)	/* each module asked again */
			g->done = g->done_next = 0, rehook(g);
		return true;
	}
	/* Worked out aside, so that a refusal leaves the game as it was. */
	memset(extset, 0xff, sizeof extset);
	memset(xoff, 0, sizeof xoff);
	for (int e = 0; e < cr_nexts; e++) {
		const struct cr_ext *x = cr_exts[e];
		int set = -1;

		if (!(exts & (1u << e)))
			continue;
		if (x->tiles != NULL && (set = cr_tileset_set(g->h.ts, x->name)) < 0 &&
		    !(on & (1u << e)))
			return false;	/* its tiles were never read (the game's own
					 * may be a file of the user's, named otherwise) */
		if (set >= 0)
			sets |= 1u << set, extset[e] = (int8_t)set;
#define CR_HOOK_SET(name, move)	hk.name |= x->name != NULL ? 1u << e : 0;
		CR_HOOKS(CR_HOOK_SET)
#undef CR_HOOK_SET
		xoff[e] = size;
		size += (x->state_size + 15) & ~(size_t)15;
	}
	if (size > g->xsize) {
		if ((st = realloc(g->h.xstate, size)) == NULL)
			return false;
		g->h.xstate = st;
	}
	g->xsize = size;
	if (size)
		memset(g->h.xstate, 0, size);
	g->sets = sets;
	memcpy(g->extset, extset, sizeof extset);
	memcpy(g->h.xoff, xoff, sizeof xoff);
	g->hk = g->hk_all = hk;
	g->done = g->done_next = 0;
	hook_calls(g);
	g->exts = exts;
	drawn_asks(g);
	return true;
}

/*
 * Is the game over after move `move` (0: at the start)?  When the supply
 * is empty, unless modules in play say how it ends: then when each of
 * them says so (rules/ext.h: over).
 */
static bool
ends(const struct cr_game *g, int move)
{
	if (!g->hk.over)
		return g->supply_total == 0;
	CR_EACH_EXT(g, g->hk.over, e)
		if (!cr_exts[e]->over(g, e, move))
			return false;
	return true;
}

/* The squares a module in play lays at the start instead of the start
 * tile (rules/ext.h: start_squares): how many, 0 for none. */
static int
start_squares(struct cr_game *g, const struct cr_square **sq)
{
	int n = 0;

	for (int e = 0; e < cr_nexts; e++)
		if ((g->exts & (1u << e)) && cr_exts[e]->start_squares != NULL) {
			const struct cr_square *s = NULL;
			int k = cr_exts[e]->start_squares(g, e, &s);

			if (k > 0)
				n = k, *sq = s;
		}
	return n;
}

/*
 * Issue 21: the start tile that yields (g->beside_type) at x,y, rotation
 * rot (-1: its module says), checked as rules/ext.h's cr_ext.beside
 * says; laid there when lay.  False with why.
 */
static bool refuse(struct cr_refusal *why, enum cr_refusal_code code);

static bool
lay_beside(struct cr_game *g, int x, int y, int rot, struct cr_refusal *why, bool lay)
{
	int type = g->beside_type, e = g->beside_ext, r;
	struct hood h;

	memset(why, 0, sizeof *why);
	why->tile = type, why->x = x, why->y = y, why->rot = rot < 0 ? 0 : rot;
	if (rot > 3 || (x | y) < -(1 << 20) || x > 1 << 20 || y > 1 << 20)
		return refuse(why, CR_R_BAD_MOVE);
	if (cr__tile_at(g, x, y) != NULL) {
		why->other_x = x, why->other_y = y;
		why->kind = cr__tile_at(g, x, y)->type;	/* the tile lying there */
		return refuse(why, CR_R_OCCUPIED);
	}
	if ((r = cr_exts[e]->beside(g, e, type, x, y, rot, why)) < 0)
		return false;
	why->rot = r;
	cr__hood_find(g, x, y, &h);
	if (!cr__fits(g, type, &h, r, why))
		return false;
	if (lay) {
		g->ahead = 0;
		if (!reserve(g, false))
			return refuse(why, CR_R_BAD_MOVE);
		place_tile(g, type, &h, r);
		g->ahead = 0;
	}
	return true;
}

void
cr_game_setup(const struct cr_game *g, struct cr_setup *s)
{
	*s = g->beside;
}

int
cr_game_beside_options(const struct cr_tileset *ts, const struct cr_config *c,
    struct cr_square *out, int max)
{
	struct cr_setup probe = { -1, 0, 0, 0, NULL };	/* the squares down, the tile not */
	uint32_t exts = c->exts | cr_rules_on(ts->game);
	bool squares = false, yields = false;
	struct cr_refusal why;
	struct cr_game *g;
	int n = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;

	for (int e = 0; e < cr_nexts; e++)	/* no game made for nothing */
		if (exts >> e & 1) {
			squares |= cr_exts[e]->start_squares != NULL;
			yields |= cr_exts[e]->beside != NULL;
		}
	if (!squares || !yields || (g = cr_game_create_setup(ts, c, &probe)) == NULL)
		return -1;
	if (g->beside_type < 0) {
		cr_game_free(g);
		return -1;
	}
	for (int i = 0; i < g->h.tiles.n; i++) {
		const struct cr_placed *t = &g->h.tiles.v[i];

		if (i == 0 || t->x < x0)
			x0 = t->x;
		if (i == 0 || t->x > x1)
			x1 = t->x;
		if (i == 0 || t->y < y0)
			y0 = t->y;
		if (i == 0 || t->y > y1)
			y1 = t->y;
	}
	for (int y = y0 - 1; y <= y1 + 1; y++)
		for (int x = x0 - 1; x <= x1 + 1; x++)
			if (lay_beside(g, x, y, -1, &why, false)) {
				if (n < max)
					out[n] = (struct cr_square){ g->beside_type, x, y, why.rot };
				n++;
			}
	cr_game_free(g);
	return n;
}

/* Copy n elements of size from src into *dst (grown to cap), false when
 * memory runs out. */
static bool
keep(void **dst, int *cap, const void *src, int n, size_t size)
{
	if (!cr__grow(dst, cap, n, size))
		return false;
	memcpy(*dst, src, (size_t)n * size);
	return true;
}

/*
 * The squares of a start of several (start taken out): laid, or copied
 * back from g->laid when the last restart laid the same squares with
 * the same modules and sets in play (the same supply before them, so
 * the same tiles, nodes and links after).  A copied node keeps the gen
 * it was made in: the next move's gen differs from it as from this
 * restart's, and the log is emptied after the set-up.  False as
 * laying them fails.
 */
static bool
lay_squares(struct cr_game *g, int start, const struct cr_square *sq, int nsq)
{
	const struct cr_tileset *ts = g->h.ts;
	struct laid *l = &g->laid;
	struct hood h;

	if (l->ok && l->exts == g->exts && l->sets == g->sets && l->start == start &&
	    l->nsq == nsq && memcmp(l->sq, sq, (size_t)nsq * sizeof *sq) == 0) {
		memcpy(g->h.tiles.v, l->tiles.v, (size_t)l->tiles.n * sizeof *l->tiles.v);
		memcpy(g->nodes.v, l->nodes.v, (size_t)l->nodes.n * sizeof *l->nodes.v);
		memcpy(g->link.v, l->link.v, (size_t)l->link.n * sizeof *l->link.v);
		g->h.tiles.n = l->tiles.n, g->nodes.n = l->nodes.n, g->link.n = l->link.n;
		bool board = cr__board_load(g, &l->board);

		for (int i = 0; i < nsq; i++) {
			g->h.supply[sq[i].type]--;
			g->supply_total--;
			if (!board)
				cr__board_retile(g, i);
		}
		memcpy(g->hood, l->hood, sizeof g->hood);
		memcpy(g->closed, l->closed, sizeof g->closed);
		g->nclosed = l->nclosed, g->own_closed = l->own_closed;
		return true;
	}
	l->ok = false;
	for (int i = 0; i < nsq; i++) {
		if (sq[i].type < 0 || sq[i].type >= ts->ntypes ||
		    g->h.supply[sq[i].type] <= 0 || (unsigned)sq[i].rot > 3 ||
		    cr__tile_at(g, sq[i].x, sq[i].y) != NULL)
			return false;
		g->ahead = 0;	/* room for this square and the moves after */
		if (!reserve(g, false))
			return false;
		cr__hood_find(g, sq[i].x, sq[i].y, &h);
		place_tile(g, sq[i].type, &h, sq[i].rot);
	}
	if (g->h.tiles.n != nsq || !keep((void **)&l->sq, &l->sqcap, sq, nsq, sizeof *sq) ||
	    !keep((void **)&l->tiles.v, &l->tiles.cap, g->h.tiles.v, nsq, sizeof *l->tiles.v) ||
	    !keep((void **)&l->nodes.v, &l->nodes.cap, g->nodes.v, g->nodes.n, sizeof *l->nodes.v) ||
	    !keep((void **)&l->link.v, &l->link.cap, g->link.v, g->link.n, sizeof *l->link.v) ||
	    !cr__board_save(g, &l->board))
		return true;	/* laid, not kept */
	l->exts = g->exts, l->sets = g->sets, l->start = start, l->nsq = nsq;
	l->tiles.n = nsq, l->nodes.n = g->nodes.n, l->link.n = g->link.n;
	memcpy(l->hood, g->hood, sizeof l->hood);
	memcpy(l->closed, g->closed, sizeof l->closed);
	l->nclosed = g->nclosed, l->own_closed = g->own_closed;
	l->ok = true;
	return true;
}

/*
 * Start a new game on the same tile set, keeping the memory: a batch of
 * replays allocates once.  False on bad arguments (g unchanged) or when
 * memory runs out (g then holds an empty board: reset it again).
 */
bool
cr_game_restart(struct cr_game *g, const struct cr_config *c)
{
	return cr_game_restart_setup(g, c, NULL);
}

/*
 * The count of each type of ts, then each set's total: a game's supply
 * at its start is copied from there, set by set.  Worked out once per
 * tile set (its derived number: never another set's), kept for the
 * next; NULL when memory runs out (the types are then counted one by
 * one).
 */
static const int *
set_counts(const struct cr_tileset *ts)
{
	static struct {
		uint64_t derived;
		int	*v, cap;
	} memo;
	int n = ts->ntypes + ts->nsets;

	if (ts->derived != 0 && memo.derived == ts->derived)
		return memo.v;
	if (ts->derived == 0 || !cr__grow((void **)&memo.v, &memo.cap, n, sizeof *memo.v))
		return NULL;
	for (int t = 0; t < ts->ntypes; t++)
		memo.v[t] = ts->type[t].count;
	for (int k = 0; k < ts->nsets; k++) {
		int total = 0;

		for (int t = ts->setbeg[k], end = ts->setbeg[k + 1]; t < end; t++)
			total += ts->type[t].count;
		memo.v[ts->ntypes + k] = total;
	}
	memo.derived = ts->derived;
	return memo.v;
}

bool
cr_game_restart_setup(struct cr_game *g, const struct cr_config *c, const struct cr_setup *s)
{
	static const struct cr_setup none;
	const struct cr_tileset *ts = g->h.ts;
	const struct cr_square *sq = NULL;
	int start = ts->start, nsq, a, b;
	struct hood h;

	if (c->edition < (cr_games[ts->game]->editions > 0) ||
	    c->edition > cr_games[ts->game]->editions ||
	    c->nplayers < 1 || c->nplayers > CR_MAXPLAYERS ||
	    ((c->exts | cr_rules_on(ts->game)) != g->exts &&	/* a batch's: asked before */
	    !cr_exts_together(c->exts | 1u, &a, &b)))	/* not refereed together yet */
		return false;
	if (!configure(g, c->exts))
		return false;
	g->edition = c->edition;
	g->h.nplayers = c->nplayers;
	g->by_border = false;	/* land paid through what it borders: an event a node at the end */
	for (int k = 0; k < cr_nkinds(); k++)
		if ((cr_kind_flags(k) & CR_KIND_LAND) && !cr_game_kind_priced(g, k))
			g->by_border = true;
	g->h.turn = 0;
	g->over = false;
	memset(g->player, 0, sizeof g->player);
	for (int k = 0, np = cr_npools(); k < np; k++)	/* each pool once, then its players */
		if (g->exts & (1u << cr_pool_ext(k))) {
			int count = cr_pool(k)->count;

			for (int p = 0; p < c->nplayers; p++)
				*cr__pool(g, p, k) = count;
		}
	g->onboard = 0;
	g->figstamp = g->figepoch = ++figstamps;
	g->h.tiles.n = g->nodes.n = g->link.n = 0;
	g->ahead = 0;
	g->h.figs.n = g->events.n = g->log.n = g->marks.n = g->xlog.n = 0;
	cr__board_clear(g);
	g->supply_total = 0;
	memset(g->h.supply, 0, (size_t)ts->ntypes * sizeof *g->h.supply);
	const int *cnt = set_counts(ts), *tot = cnt != NULL ? cnt + ts->ntypes : NULL;

	for (int k = 0; k < ts->nsets; k++) {	/* the sets in play, each a run of types */
		const struct cr_tiletype *ty = ts->type;
		int *sup = g->h.supply, total = 0;

		if (!(g->sets >> k & 1))
			continue;
		if (cnt != NULL) {
			memcpy(sup + ts->setbeg[k], cnt + ts->setbeg[k],
			    (size_t)(ts->setbeg[k + 1] - ts->setbeg[k]) * sizeof *sup);
			g->supply_total += tot[k];
			continue;
		}
		for (int t = ts->setbeg[k], end = ts->setbeg[k + 1]; t < end; t++)
			total += sup[t] = ty[t].count;
		g->supply_total += total;
	}
	g->ext_logged = ~0u;	/* the states start here: nothing to undo */
	g->beside_type = g->beside_ext = -1;
	memset(&g->beside, 0, sizeof g->beside);
	for (int e = 0; e < cr_nexts; e++)	/* a module's own start tile */
		if ((g->exts & (1u << e)) && cr_exts[e]->start != NULL) {
			int t = cr_exts[e]->start(g, e);

			if (t >= 0)
				start = t, g->beside_ext = e;
		}
	if (g->h.supply[start] <= 0)
		return false;
	g->gen++;
	/* The start tile is part of the board, not a move: undo stops there. */
	if ((nsq = start_squares(g, &sq)) > 0) {	/* a start of several squares */
		if (g->beside_ext >= 0 && cr_exts[g->beside_ext]->beside != NULL)
			g->beside_type = start, start = ts->start;	/* it yields (issue 21) */
		else
			g->beside_ext = -1;
		if (start < 0 || g->h.supply[start] <= 0)
			return false;
		take_tile(g, start);	/* out of the game */
		/* Room for every square, the tile beside and the moves after
		 * at once: the arrays are not grown (copied) square by square. */
		g->ahead = 0;
		if (!reserve_moves(g, false, nsq + 1 + AHEAD))
			return false;
		if (!lay_squares(g, start, sq, nsq))
			return false;
		g->ahead = 0;
		if (s == NULL)
			s = &none;
		if (g->beside_type >= 0 && s->beside >= 0) {	/* beside < 0: probing (options) */
			struct cr_refusal tmp, *why = s->why ? s->why : &tmp;

			if (!s->beside) {
				memset(why, 0, sizeof *why);
				why->code = CR_R_BAD_MOVE;
				return false;
			}
			if (!lay_beside(g, s->bx, s->by, s->brot, why, true))
				return false;
			g->beside = (struct cr_setup){ 1, s->bx, s->by, why->rot, NULL };
		}
	} else {
		if (!reserve(g, false))
			return false;
		cr__hood_find(g, 0, 0, &h);
		place_tile(g, start, &h, 0);
	}
	g->log.n = 0;
	g->xlog.n = 0;
	/* A tile set of a start tile alone leaves nothing to draw: the game
	 * is over before its first move, as it is when the last tile is
	 * placed (nothing stands on the board, so nothing is scored). */
	g->over = ends(g, 0);
	return true;
}

uint32_t
cr_game_exts(const struct cr_game *g)
{
	return g->exts;
}

/* The modules that count something (cr_ext.ncounters): a ranking asks for
 * each counter of each player, and most modules have none. */
static uint32_t
counting(void)
{
	static uint32_t m = ~0u;

	if (m == ~0u) {
		m = 0;
		for (int e = 0; e < cr_nexts; e++)
			if (cr_exts[e]->ncounters > 0)
				m |= 1u << e;
	}
	return m;
}

/* The module holding counter i of the modules in play, and its own index. */
static int
counter_ext(const struct cr_game *g, int *i)
{
	uint32_t m = g->exts & counting();

	for (int e = 0; m != 0; e++, m >>= 1) {
		if (!(m & 1))
			continue;
		if (*i < cr_exts[e]->ncounters)
			return e;
		*i -= cr_exts[e]->ncounters;
	}
	return -1;
}

int
cr_game_ncounters(const struct cr_game *g)
{
	uint32_t m = g->exts & counting();
	int n = 0;

	for (int e = 0; m != 0; e++, m >>= 1)
		if (m & 1)
			n += cr_exts[e]->ncounters;
	return n;
}

const char *
cr_game_counter_name(const struct cr_game *g, int i, const char **group)
{
	int e = i < 0 ? -1 : counter_ext(g, &i);

	if (group != NULL)
		*group = e < 0 ? "" : cr_exts[e]->counter_group;
	return e < 0 ? "" : cr_exts[e]->counters[i];
}

int
cr_game_counter(const struct cr_game *g, int p, int i)
{
	int e = i < 0 || p < 0 || p >= g->h.nplayers ? -1 : counter_ext(g, &i);

	return e < 0 ? 0 : cr_exts[e]->counter(g, e, p, i);
}

void
cr_game_free(struct cr_game *g)
{
	if (g == NULL)
		return;
	cr__board_free(g);
	free(g->nodes.v);
	free(g->link.v);
	free(g->h.figs.v);
	free(g->events.v);
	free(g->log.v);
	free(g->marks.v);
	free(g->xlog.v);
	free(g->h.xstate);
	free(g->h.supply);
	free(g->drawn_ask);
	free(g->laid.sq);
	free(g->laid.tiles.v);
	free(g->laid.nodes.v);
	free(g->laid.link.v);
	free(g->laid.board.chunk);
	free(g->laid.board.slot);
	if (g->scr != NULL) {
		free(g->scr->tstamp);
		free(g->scr->nstamp);
		free(g->scr->seen);
		free(g->scr->slot);
		free(g->scr->acc);
		free(g->scr->roots);
		free(g->scr);
	}
	free(g);
}

/* In cr_refusal.fits: the rotations that fit are to be worked out. */
#define FITS_DUE	0x20u

static bool
refuse(struct cr_refusal *why, enum cr_refusal_code code)
{
	why->code = code;
	return false;
}

/* The module a tile type belongs to (through its tile set), -1 if none. */
static int
ext_of_type(const struct cr_game *g, int type)
{
	int set = g->h.ts->typeset[type];

	for (int e = 0; e < cr_nexts; e++)
		if (cr_exts[e]->tiles != NULL &&
		    strcmp(cr_exts[e]->name, g->h.ts->setname[set]) == 0)
			return e;
	return -1;
}

bool
cr_game_drawable(const struct cr_game *g, int type, struct cr_refusal *why)
{
	struct cr_refusal dummy;

	if (type >= 0 && type < g->h.ts->ntypes && g->h.supply[type] > 0 &&
	    (g->sets & (1u << g->h.ts->typeset[type]))) {
		bool ok = true;

		/* The common case, asked once a move: why is written only for a
		 * refusal (the hooks only read the game: one that refuses is
		 * asked again below, why cleared first). */
		CR_EACH_EXT(g, g->hk.drawable, e)
			if (!cr_exts[e]->drawable(g, e, type, &dummy)) {
				ok = false;
				break;
			}
		if (ok)
			return true;
	}
	if (why == NULL)
		why = &dummy;
	memset(why, 0, sizeof *why);
	why->tile = type;
	if (type < 0 || type >= g->h.ts->ntypes)
		return refuse(why, CR_R_BAD_MOVE);
	if (!(g->sets & (1u << g->h.ts->typeset[type]))) {
		why->ext = ext_of_type(g, type);
		return refuse(why, CR_R_NOT_IN_PLAY);
	}
	if (g->h.supply[type] <= 0) {
		CR_EACH_EXT(g, g->hk.drawable, e)
			if (cr_exts[e]->drawable_first && !cr_exts[e]->drawable(g, e, type, why))
				return false;
		return refuse(why, CR_R_NO_COPY);
	}
	CR_EACH_EXT(g, g->hk.drawable, e)
		if (!cr_exts[e]->drawable(g, e, type, why))
			return false;
	return true;
}

/* cr_game_drawable's common case inline (once a move): true if the
 * tile may be drawn; false says only "ask cr_game_drawable", which
 * clears why and says why (a refusing hook may have written to it). */
static inline bool
drawable_fast(const struct cr_game *g, int type, struct cr_refusal *why)
{
	if (g->h.supply[type] <= 0 || !(g->sets & (1u << g->h.ts->typeset[type])))
		return false;
	CR_EACH_EXT(g, g->hk.drawable, e)
		if (!cr_exts[e]->drawable(g, e, type, why))
			return false;
	return true;
}

bool
cr__tile_ok(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	struct cr_refusal dummy;

	CR_EACH_EXT(g, g->hk.tile_ok, e)
		if (!cr_exts[e]->tile_ok(g, e, m, why ? why : &dummy))
			return false;
	return true;
}

/*
 * A piece: its module in play, one left in its pool (else where one of
 * the player's stands, when the pool holds one piece).
 */
static CR_ALWAYS_INLINE bool
check_pool(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	int role = m->role, pool = cr__tab.piece_pool[role];	/* a role checked in range */

	if (pool == 0 && g->player[g->h.turn].meeples > 0)
		return true;	/* a meeple: the base game's, always in play */
	why->pool = pool;
	why->other_player = g->h.turn;
	if (!(g->exts & (1u << cr_piece_ext(role)))) {
		why->ext = cr_piece_ext(role);
		return refuse(why, CR_R_NOT_IN_PLAY);
	}
	if (cr__pool_left(g, g->h.turn, pool) > 0)
		return true;
	if (g->hk.returns)	/* the move's choice brings one home first */
		CR_EACH_EXT(g, g->hk.returns, e)
			if (cr_exts[e]->returns(g, e, m, pool))
				return true;
	why->other_x = why->other_y = 0;
	why->n = 0;
	for (int i = 0; i < g->h.figs.n; i++) {
		const struct cr_figure *f = &g->h.figs.v[i];

		if (f->on_board && f->player == g->h.turn && cr_piece_pool(f->role) == pool) {
			const struct cr_placed *t = &g->h.tiles.v[g->nodes.v[f->node].tile];

			why->other_x = t->x, why->other_y = t->y;
			why->n++;
		}
	}
	why->other_space = 0;	/* else on a module's space: which */
	for (int s = 1; why->n == 0 && cr_space(s) != NULL; s++) {
		struct cr_standing on[8];
		int n;

		cr_game_space(g, s, on, 8, &n);
		for (int i = 0; i < n && i < 8; i++)
			if (on[i].player == g->h.turn && cr_piece_pool(on[i].role) == pool)
				why->other_space = s, why->n++;
	}
	return refuse(why, CR_R_NO_MEEPLE);
}

/* A token as a module's table allows it: its word, its number in range.
 * The tables numbered (cr__tab.done): read in place. */
static inline bool
token_in(int arg)
{
	int id = CR_TOKEN_ID(arg), n = CR_TOKEN_N(arg);
	const struct cr_token *t;

	if (id <= 0 || id > cr__tab.ntokens)
		return false;
	t = cr__tab.token[id];
	return t != NULL && (t->max == 0 ? n == 0 : n >= t->min && n <= t->max);
}

/* The module of a token (its number in range), -1. */
static inline int
token_ext_in(int id)
{
	return id > 0 && id <= cr__tab.ntokens && cr__tab.token[id] != NULL ?
	    cr__tab.token_ext[id] : -1;
}

/*
 * The words a line may add (a token after the piece, a choice before
 * it): each a module's, in play, in range, where it belongs.  Only
 * asked when the move has one (half the moves of Hills & Sheep), after
 * the piece's number was checked in range: the tables are numbered, and
 * read in place.
 */
static bool
check_words(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	int ch = m->choice, ca = m->choice_arg, arg = m->arg, role = m->role;

	/* No cr__number() here: check() ranged the role with cr_npieces()
	 * first, which numbered the tables; without a call this is a leaf,
	 * with no registers to save. */
	if (ch != 0 || ca != 0) {	/* a module's word, in play? */
		const struct cr_choice *c = ch > 0 && ch <= cr__tab.nchoices ? cr__tab.choice[ch] :
		    NULL;
		int ce;

		if (c == NULL)
			return refuse(why, CR_R_BAD_MOVE);
		ce = cr__tab.choice_ext[ch];
		if ((c->token ? !token_in(ca) : ca != 0) ||
		    (ca != 0 && token_ext_in(CR_TOKEN_ID(ca)) != ce))
			return refuse(why, CR_R_BAD_MOVE);
		if (!(g->exts & (1u << ce))) {
			why->ext = ce;
			return refuse(why, CR_R_NOT_IN_PLAY);
		}
	}
	/* A token goes with a piece, and is a word of the piece's module
	 * (a piece that takes none is told so later).  The role is in
	 * range (check). */
	if (arg != 0 && (role == CR_ROLE_NONE || !token_in(arg) ||
	    ((cr__tab.piece[role]->flags & CR_PIECE_TOKEN) &&
	    token_ext_in(CR_TOKEN_ID(arg)) != cr__tab.piece_ext[role])))
		return refuse(why, CR_R_BAD_MOVE);
	return true;
}

bool cr_game_check(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why);

int
cr_game_space(const struct cr_game *g, int space, struct cr_standing *on, int max, int *n)
{
	int e = cr_space_ext(space), dummy;

	if (n == NULL)
		n = &dummy;
	*n = 0;
	if (e < 0 || !(g->exts & (1u << e)) || cr_exts[e]->space == NULL)
		return 0;
	return cr_exts[e]->space(g, e, cr_space_local(space), on, max, n);
}

/*
 * A piece on a space of its module's (rules/ext.h: struct cr_space): the
 * space its module's, the piece and its pool in play, one left, no token,
 * room on the space.
 */
static bool
check_space(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	/* A role checked in range (check): the tables are numbered, and
	 * read in place, as cr_piece_ext and cr_space_local would; the
	 * space is the line's, ranged by cr_space_ext. */
	int ext = cr__tab.piece_ext[m->role], pool = cr__tab.piece_pool[m->role], n = 0;
	int s = m->space, at = cr_space_ext(s);

	why->space = s;
	if (at != ext)
		return refuse(why, CR_R_BAD_MOVE);
	if (!(g->exts & (1u << ext))) {	/* the space's module (spec 4.6: crown@...) */
		why->ext = ext;
		return refuse(why, CR_R_NOT_IN_PLAY);
	}
	if (!(g->exts & (1u << cr_pool_ext(pool)))) {	/* the big meeple's module */
		why->ext = cr_pool_ext(pool);
		why->pool = pool;
		return refuse(why, CR_R_NOT_IN_PLAY);
	}
	if (!check_pool(g, m, why))
		return false;
	if (m->arg != 0) {
		why->n = 2;
		return refuse(why, CR_R_TOKEN);
	}
	/* cr_game_space: the space's module, in play */
	why->n = cr_exts[ext]->space == NULL ? 0 :
	    cr_exts[ext]->space(g, ext, s - cr__tab.space0[ext], NULL, 0, &n);
	if (n >= why->n)
		return refuse(why, CR_R_SPACE_FULL);
	return true;
}

/* Of the spots in mask (bit per enum cr_spot), those where the move's
 * piece may stand now: not on a feature another player holds, not where
 * a module says no.  For the hint of a refusal: a rare path. */
static uint32_t
spots_free(const struct cr_game *g, const struct cr_move *m, uint32_t mask)
{
	struct cr_move t = *m;

	for (int s = 0; s < CR_NSPOTS; s++)
		if (mask & (1u << s)) {
			t.spot = (enum cr_spot)s;
			if (!cr_game_check(g, &t, NULL))
				mask &= ~(1u << s);
		}
	return mask;
}

/*
 * What the line says of the copy drawn (cr_move.drawn): each a token of
 * a module in play, said of the copy drawn, in range; and the modules'
 * vetoes (drawn_ok).  Asked before the drawn step only: the step's own
 * check of the rest of the move (g->in_drawn) does not ask again.
 */
static bool
check_drawn(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	if (m->ndrawn < 0 || m->ndrawn > CR_MAXDRAWN)
		return refuse(why, CR_R_BAD_MOVE);
	for (int i = 0; i < m->ndrawn; i++) {
		const struct cr_said *d = &m->drawn[i];
		const struct cr_token *t = cr_token(CR_TOKEN_ID(d->token));

		/* t found, the tables numbered: its range read in place */
		if (t == NULL || !t->drawn || (t->square ? CR_TOKEN_N(d->token) != 0 ||
		    d->spot < -1 || d->spot >= CR_NSPOTS : !token_in(d->token)))
			return refuse(why, CR_R_BAD_MOVE);
		/* t found: the tables are numbered, the id in range */
		if (!(g->exts & (1u << cr__tab.token_ext[CR_TOKEN_ID(d->token)]))) {
			why->ext = cr__tab.token_ext[CR_TOKEN_ID(d->token)];
			why->arg = d->token;	/* the token said of the copy drawn */
			why->x = d->x, why->y = d->y;	/* its square, if it says one */
			return refuse(why, CR_R_NOT_IN_PLAY);
		}
	}
	if (g->hk.drawn_ok)
		CR_EACH_EXT(g, g->hk.drawn_ok, e)
			if (!cr_exts[e]->drawn_ok(g, e, m, why))
				return false;
	return true;
}

/* How far check() looks: the whole move, its tile alone (where it lies),
 * the copy drawn alone (before the drawn step), or the rest of it after
 * the step: the game not over, the move's kind and tile in range were
 * proven by CK_DRAWN and no step changes them (the supply may change:
 * cr_supply_hide, so it is looked at again). */
enum { CK_ALL, CK_TILE, CK_DRAWN, CK_REST };

/* The whole check; h gets the squares around a placement, for play. */
static CR_ALWAYS_INLINE bool	/* in cr_game_play's loop, as it was before modules */
check(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why,
    struct hood *h, int upto)
{
	const struct cr_piece *pc;
	int seg, count, who, kind;

	memset(why, 0, sizeof *why);
	why->tile = m->tile, why->x = m->x, why->y = m->y, why->rot = m->rot;
	why->role = m->role, why->spot = m->spot;
	why->arg = m->arg, why->choice = m->choice, why->choice_arg = m->choice_arg;
	if (upto != CK_REST) {
		if (g->over)
			return refuse(why, CR_R_GAME_OVER);
		if (m->kind == CR_MOVE_END)
			return true;
		if ((m->kind != CR_MOVE_PLACE && m->kind != CR_MOVE_DISCARD) ||
		    m->tile < 0 || m->tile >= g->h.ts->ntypes)
			return refuse(why, CR_R_BAD_MOVE);
	}
	if (g->h.supply[m->tile] <= 0 || g->hk.drawable) {
		if (!drawable_fast(g, m->tile, why) && !cr_game_drawable(g, m->tile, why))
			return false;
	}
	if ((upto == CK_ALL || upto == CK_DRAWN) && (m->ndrawn != 0 || (g->hk.drawn_ok &&
	    g->drawn_ask[m->tile])) && !g->in_drawn && !check_drawn(g, m, why))
		return false;	/* CK_REST: checked before the step */
	if (upto == CK_DRAWN)
		return true;
	if (m->kind == CR_MOVE_DISCARD) {
		struct cr_place at = { 0, 0, -1 };	/* set when found: gcc's LTO cannot tell */

		if (cr__fits_first(g, m->tile, &at)) {
			why->other_x = at.x, why->other_y = at.y, why->other_rot = at.rot;
			return refuse(why, CR_R_DISCARD_FITS);
		}
		return true;
	}
	if (m->rot < 0 || m->rot > 3 || m->role < 0 || m->role >= cr_npieces() ||
	    (m->role != CR_ROLE_NONE && (unsigned)m->spot >= CR_NSPOTS) ||
	    (m->space != 0 && m->role == CR_ROLE_NONE))
		return refuse(why, CR_R_BAD_MOVE);
	cr__hood_find(g, m->x, m->y, h);
	if (!cr__fits(g, m->tile, h, m->rot, why)) {
		if (why->code == CR_R_EDGE_MISMATCH)
			why->fits = FITS_DUE;	/* worked out if asked: fits_here */
		return false;
	}
	if ((m->choice | m->choice_arg | m->arg) != 0 && !check_words(g, m, why))
		return false;	/* rare: a token or a choice (Hills & Sheep) */
	if (g->hk.tile_ok && !cr__tile_ok(g, m, why)) {
		why->fits = FITS_DUE;
		return false;
	}
	if (upto == CK_TILE)
		return true;
	for (int i = 0; g->hc.move_ok[i].fn != NULL; i++)
		if (!g->hc.move_ok[i].fn(g, g->hc.move_ok[i].e, m, h, why))
			return false;
	if (m->role == CR_ROLE_NONE)
		return true;
	pc = cr_piece(m->role);
	if (pc->flags & CR_PIECE_SPACE)
		return check_space(g, m, why);
	if (m->space != 0)
		return refuse(why, CR_R_BAD_MOVE);
	if ((pc->flags & CR_PIECE_TOKEN) ? m->arg == 0 : m->arg != 0) {
		why->n = m->arg == 0 ? 1 : 2;	/* a shepherd's token: missing, or unwanted */
		return refuse(why, CR_R_TOKEN);
	}
	seg = cr__piece_seg(g, m->tile, m->rot, m->spot, m->role, &count, NULL, &kind);
	if (count != 1) {
		cr__piece_seg(g, m->tile, m->rot, m->spot, m->role, &count, &why->valid_spots,
		    &kind);
		why->kind = kind;
		why->valid_spots = spots_free(g, m, why->valid_spots);
		return refuse(why, count ? CR_R_SPOT_MANY : CR_R_SPOT_NONE);
	}
	h->seg = seg;
	if ((pc->flags & CR_PIECE_FOLLOWER) &&
	    cr__feature_taken(g, m->tile, h, m->rot, seg, &who, &why->other_role)) {
		why->kind = kind;
		why->other_player = who;
		return refuse(why, CR_R_FEATURE_TAKEN);
	}
	if (!check_pool(g, m, why))	/* the supply last (HG-12.17) */
		return false;
	if (g->hk.piece_ok) {	/* the piece's module, if it has the hook */
		int e = cr__tab.piece_ext[m->role];	/* a role checked in range */

		if ((g->hk.piece_ok & (1u << e)) && !cr_exts[e]->piece_ok(g, e, m, h, seg, why))
			return false;
	}
	return true;
}

/*
 * A tile refused at its square (its edges, a module's rule of placement):
 * the rotations that fit there, for the refusal's words.  Only for a
 * caller that asked why, on the refusal's path: a move played pays
 * nothing for it.
 */
static void
fits_here(const struct cr_game *g, const struct cr_move *m, const struct hood *h,
    struct cr_refusal *why)
{
	struct cr_refusal tmp;
	struct cr_move t = *m;

	if (why == NULL || why->fits != FITS_DUE)
		return;
	why->fits = CR_FITS_KNOWN;
	for (t.rot = 0; t.rot < 4; t.rot++)
		if (cr__fits(g, t.tile, h, t.rot, &tmp) && (!g->hk.tile_ok || cr__tile_ok(g, &t, &tmp)))
			why->fits |= 1u << t.rot;
}

static bool drawn_step(struct cr_game *g, const struct cr_move *m, struct cr_refusal *why,
    bool keep);

/* A placement or a discard in a game whose modules have a drawn step,
 * its line saying something of the copy drawn, not being checked within
 * the step already (rules/ext.h: drawn).  A line that says nothing of it
 * has no step: it is checked (drawn_ok asked) and played as any other. */
static inline bool
has_drawn_step(const struct cr_game *g, const struct cr_move *m)
{
	return g->hk.drawn && m->ndrawn != 0 && !g->in_drawn && m->kind != CR_MOVE_END;
}

bool
cr_game_check(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	struct cr_refusal dummy;
	struct hood h;

	/* The step is applied and undone again: the game is as it was. */
	if (has_drawn_step(g, m))
		return drawn_step((struct cr_game *)g, m, why, false);
	if (check(g, m, why ? why : &dummy, &h, CK_ALL))
		return true;
	fits_here(g, m, &h, why);
	return false;
}

bool
cr_game_check_drawn(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	struct cr_refusal dummy;
	struct hood h;

	return check(g, m, why ? why : &dummy, &h, CK_DRAWN);
}

bool
cr_game_check_place(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	struct cr_refusal dummy;
	struct hood h;
	struct cr_move t = *m;

	t.role = CR_ROLE_NONE, t.arg = t.choice = t.choice_arg = t.space = 0;
	if (check(g, &t, why ? why : &dummy, &h, CK_TILE))
		return true;
	fits_here(g, &t, &h, why);
	return false;
}

static CR_ALWAYS_INLINE void
put_meeple(struct cr_game *g, const struct cr_move *m, const struct hood *h)
{
	const struct cr_placed *t = &g->h.tiles.v[g->h.tiles.n - 1];
	int seg = t->seg0 + h->seg, root;	/* the segment check found */
	struct cr_figure *f;

	const struct cr_piece *pc = cr_piece(m->role);

	root = cr__find(g, seg);
	f = VEC_PUSH(g, g->h.figs);
	*f = (struct cr_figure){ .player = g->h.turn, .node = seg, .role = (uint8_t)m->role,
	    .weight = pc->weight, .spot = (uint8_t)m->spot, .on_board = 1 };
	cr__log_node(g, seg);
	g->nodes.v[seg].figure = g->h.figs.n - 1;
	if (pc->flags & CR_PIECE_FOLLOWER) {	/* it owns the feature */
		cr__log_node(g, root);
		g->nodes.v[root].followers++;
		if (g->nodes.v[root].anyfig < 0)
			g->nodes.v[root].anyfig = g->h.figs.n - 1;
	}
	cr__log_player(g, g->h.turn);
	(*cr__pool(g, g->h.turn, cr__tab.piece_pool[m->role]))--;	/* a piece in play */
	g->onboard++;
	g->figstamp = ++figstamps;
}

/* A piece on a space of its module's: from the pool, the module told. */
static void
put_space(struct cr_game *g, const struct cr_move *m, int move)
{
	/* checked (check_space): the tables read in place */
	int e = cr__tab.space_ext[m->space];

	cr__log_player(g, g->h.turn);
	(*cr__pool(g, g->h.turn, cr__tab.piece_pool[m->role]))--;
	cr_exts[e]->space_put(g, e, m->space - cr__tab.space0[e], g->h.turn, m->role, move);
}

/* Does a module give the player who just played another turn? */
static bool
again(struct cr_game *g, const struct cr_move *m, int move)
{
	bool more = g->again;	/* a placed hook's cr_move_again */

	for (int i = 0; g->hc.again[i].fn != NULL; i++)	/* each asked: each keeps its state */
		more |= g->hc.again[i].fn(g, g->hc.again[i].e, m, move);
	return more;
}

/* A move's mark (what undo cuts back to), its room reserved. */
static CR_ALWAYS_INLINE struct mark *
begin(struct cr_game *g, const struct cr_move *m)
{
	struct mark *mk = VEC_PUSH(g, g->marks);

	cr_move_copy(&mk->move, m);	/* not the room for tokens it does not say */
	mk->undoable = !g->nolog, mk->log = g->log.n, mk->ntiles = g->h.tiles.n;
	mk->nnodes = g->nodes.n, mk->nfigs = g->h.figs.n, mk->nevents = g->events.n;
	mk->turn = g->h.turn, mk->over = g->over, mk->supply_total = g->supply_total;
	mk->onboard = g->onboard, mk->xlog = g->xlog.n, mk->done = g->done;
	g->player_logged = 0;
	g->ext_logged = 0;
	g->again = false;
	g->gen++;
	return mk;
}

/* A move checked, its mark begun (a drawn step applied): the rest of it. */
static CR_ALWAYS_INLINE void
apply(struct cr_game *g, const struct cr_move *m, const struct hood *h, int move, bool ending)
{
	switch (m->kind) {
	case CR_MOVE_PLACE:
		place_tile(g, m->tile, h, m->rot);
		if (m->choice != 0 && g->hk.choose) {	/* before the piece, as the books say */
			int e = cr__tab.choice_ext[m->choice];	/* check_words: in play */

			if (g->hk.choose & (1u << e))
				cr_exts[e]->choose(g, e, m, move);
		}
		if (m->space != 0)
			put_space(g, m, move);
		else if (m->role != CR_ROLE_NONE)
			put_meeple(g, m, h);
		for (int i = 0; g->hc.placed[i].fn != NULL; i++)
			g->hc.placed[i].fn(g, g->hc.placed[i].e, m, move);
		cr__score_completed(g, g->h.tiles.n - 1, move);
		if (!again(g, m, move))
			g->h.turn = (g->h.turn + 1) % g->h.nplayers;
		break;
	case CR_MOVE_DISCARD:	/* the same player draws again */
		take_tile(g, m->tile);
		if (g->hk.discarded) {
			bool pass = false;

			CR_EACH_EXT(g, g->hk.discarded, e)	/* each asked: each follows */
				pass |= cr_exts[e]->discarded(g, e, m, move);
			if (pass)
				g->h.turn = (g->h.turn + 1) % g->h.nplayers;
		}
		break;
	case CR_MOVE_END:
		break;
	}
	if ((ending || g->hk.over) && (m->kind == CR_MOVE_END || (g->hk.over ? ends(g, move) :
	    g->supply_total == 0))) {
		cr__score_final(g, move);
		if (g->hk.final)
			CR_EACH_EXT(g, g->hk.final, e)
				cr_exts[e]->final(g, e, move);
		g->over = true;
	}
	if (g->done_next != g->done)	/* not within the hooks' loops above */
		g->done = g->done_next, rehook(g);
}

/*
 * A move of a game whose modules have a drawn step (rules/ext.h: drawn):
 * the copy drawn checked, the step applied, then the rest of the move
 * checked against the game as the step left it.  Refused, the step is
 * undone (it is logged even in a game played without undo: reserve()
 * kept the room); accepted, the move is applied when keep, else undone
 * too (cr_game_check).
 */
static bool
drawn_step(struct cr_game *g, const struct cr_move *m, struct cr_refusal *why, bool keep)
{
	struct cr_refusal dummy;
	bool nolog = g->nolog, ending, ok;
	struct mark *mk;
	struct hood h;
	int move;

	if (why == NULL)
		why = &dummy;
	if (!check(g, m, why, &h, CK_DRAWN))
		return false;
	ending = g->supply_total <= 2;	/* with hk.over: reserve() keeps room */
	g->nolog = false;
	if (!reserve(g, ending)) {
		g->nolog = nolog;
		return refuse(why, CR_R_NO_MEMORY);
	}
	mk = begin(g, m);
	mk->undoable = true;
	move = g->marks.n;
	CR_EACH_EXT(g, g->hk.spell, e)	/* the move kept made whole */
		cr_exts[e]->spell(g, e, &mk->move);
	CR_EACH_EXT(g, g->hk.drawn, e)
		cr_exts[e]->drawn(g, e, m, move);
	g->in_drawn = true;
	ok = check(g, m, why, &h, CK_REST);
	if (!ok)
		fits_here(g, m, &h, why);	/* the step lays no tile */
	g->in_drawn = false;
	if (!ok || !keep) {
		cr_game_undo(g, 1);
		g->nolog = nolog;
		return ok;
	}
	/* Played without undo, the step is kept: the rest logs nothing. */
	g->nolog = nolog;
	if (m->kind == CR_MOVE_PLACE)
		cr__board_reserve_move(g, m->tile, &h, m->rot);
	apply(g, m, &h, move, ending);
	if (nolog) {	/* the log is not kept */
		g->log.n = mk->log;
		g->xlog.n = mk->xlog;
		mk->undoable = false;
	}
	return true;
}

bool
cr_game_play(struct cr_game *g, const struct cr_move *m, struct cr_refusal *why)
{
	struct cr_refusal dummy;
	struct hood h;
	bool ending;

	if (has_drawn_step(g, m))
		return drawn_step(g, m, why, true);
	if (!check(g, m, why ? why : &dummy, &h, CK_ALL)) {
		fits_here(g, m, &h, why);
		return false;
	}
	if (why == NULL)
		why = &dummy;
	if (m->kind == CR_MOVE_PLACE)
		cr__features_prefetch(g, &h);
	/* The last tile, or the last but one with a hill hiding another.
	 * Where the modules say when the game ends, any move may be the
	 * last: reserve() keeps room for the final events then. */
	ending = m->kind == CR_MOVE_END || g->supply_total <= 2;
	if (!reserve(g, ending))
		return refuse(why, CR_R_NO_MEMORY);
	if (m->kind == CR_MOVE_PLACE)
		cr__board_reserve_move(g, m->tile, &h, m->rot);
	begin(g, m);
	apply(g, m, &h, g->marks.n, ending);
	return true;
}

int
cr_game_undo(struct cr_game *g, int n)
{
	int done = 0;

	if (n > 0 && g->marks.n > 0 && g->marks.v[g->marks.n - 1].undoable)
		g->scr->bk_on = false;	/* a cache: rebuilt when next asked */
	while (done < n && g->marks.n > 0 && g->marks.v[g->marks.n - 1].undoable) {
		const struct mark *mk = &g->marks.v[--g->marks.n];

		for (int i = g->log.n - 1; i >= mk->log; i--) {
			const struct undo *u = &g->log.v[i];

			switch (u->what) {
			case U_NODE:	g->nodes.v[u->idx] = u->old.node; break;
			case U_FIGURE:	g->h.figs.v[u->idx] = u->old.fig; break;
			case U_PLAYER:	g->player[u->idx] = u->old.pl; break;
			case U_SUPPLY:	g->h.supply[u->idx] = u->old.val; break;
			case U_ABSORBED: cr__unjoin(g, u->idx, u->old.val); break;
			case U_EXT:
				memcpy(g->h.xstate + g->h.xoff[u->idx], g->xlog.v + u->old.val,
				    cr_exts[u->idx]->state_size);
				break;
			}
		}
		g->log.n = mk->log;
		g->xlog.n = mk->xlog;
		while (g->h.tiles.n > mk->ntiles)
			cr__board_untile(g, --g->h.tiles.n);
		g->nodes.n = g->link.n = mk->nnodes;
		g->h.figs.n = mk->nfigs;
		g->events.n = mk->nevents;
		g->h.turn = mk->turn;
		g->over = mk->over;
		g->supply_total = mk->supply_total;
		g->onboard = mk->onboard;
		if (g->done != mk->done)
			g->done = mk->done, rehook(g);
		g->done_next = g->done;	/* a refused drawn step's call too */
		g->figstamp = g->figepoch = ++figstamps;
		done++;
	}
	return done;
}

/*
 * The room reserved for the moves ahead was sized by the old setting
 * (no log room without undo): a change drops it, and the next move
 * reserves afresh for the new one.
 */
void
cr_game_set_undo(struct cr_game *g, bool on)
{
	if (g->nolog == on)
		g->ahead = 0;
	g->nolog = !on;
}

int cr_game_edition(const struct cr_game *g) { return g->edition; }
int cr_game_nmoves(const struct cr_game *g) { return g->marks.n; }
bool cr_game_over(const struct cr_game *g) { return g->over; }
int cr_game_supply_total(const struct cr_game *g) { return g->supply_total; }

int
cr_game_hidden(const struct cr_game *g)
{
	int n = 0;

	for (int e = 0; e < cr_nexts; e++)	/* each module keeps its own count */
		if ((g->exts & (1u << e)) && cr_exts[e]->unseen != NULL)
			n += cr_exts[e]->unseen(g, e);
	return n;
}

int
cr_game_variants(const struct cr_game *g, int type, struct cr_variant *out, int max)
{
	int n = 0;

	if (type < 0 || type >= g->h.ts->ntypes)
		return 0;
	for (int e = 0; e < cr_nexts; e++)
		if ((g->exts & (1u << e)) && cr_exts[e]->variants != NULL)
			n += cr_exts[e]->variants(g, e, type, out != NULL && n < max ? out + n : NULL,
			    out != NULL && n < max ? max - n : 0);
	return n;
}

const struct cr_move *
cr_game_move(const struct cr_game *g, int i)
{
	return i >= 0 && i < g->marks.n ? &g->marks.v[i].move : NULL;
}

int
cr_game_move_player(const struct cr_game *g, int i)
{
	return i >= 0 && i < g->marks.n ? g->marks.v[i].turn : -1;
}

const struct cr_player *
cr_game_player(const struct cr_game *g, int p)
{
	return p >= 0 && p < g->h.nplayers ? &g->player[p] : NULL;
}

const struct cr_event *
cr_game_events(const struct cr_game *g, int *n)
{
	*n = g->events.n;
	return g->events.v;
}

int
cr_game_meeples(const struct cr_game *g, struct cr_meeple *out, int max)
{
	int n = 0;

	for (int i = 0; i < g->h.figs.n; i++) {
		const struct cr_figure *f = &g->h.figs.v[i];
		const struct cr_placed *t;

		if (!f->on_board)
			continue;
		t = &g->h.tiles.v[g->nodes.v[f->node].tile];
		if (n < max && out != NULL)
			out[n] = (struct cr_meeple){ .player = f->player, .role = f->role,
			    .seg = f->node, .x = t->x, .y = t->y, .spot = f->spot };
		n++;
	}
	return n;
}

int
cr_role_kind(int r)
{
	const struct cr_piece *p = cr_piece(r);

	return p ? cr_piece_kind(r, 0) : -1;
}

const char *
cr_role_name(int r)
{
	const struct cr_piece *p = cr_piece(r);

	return p ? p->word : NULL;
}
