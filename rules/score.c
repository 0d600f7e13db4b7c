/*
 * score.c -- paying for features: on completion, at the end, and land
 * paid through what it borders.
 *
 * What a feature pays is its kind's price (rules/ext.h: struct cr_kinddef,
 * a function of the module that declares the kind; the editions are the
 * base game's, in its prices), then what the modules in play change.
 * Which kinds are paid when is the kinds' data too.  Each payment is
 * recorded as a struct cr_event carrying the arithmetic, so an
 * explanation never has to recompute anything.
 */
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "game-int.h"

/* A tied majority: the modules may keep some of the tied (a hill). */
static void
tiebreak(const struct cr_game *g, int root, struct cr_event *ev)
{
	uint8_t before = ev->winners;

	if (g->hk.tiebreak && (ev->winners & (ev->winners - 1)) != 0) {
		CR_EACH_EXT(g, g->hk.tiebreak, e)
			cr_exts[e]->tiebreak(g, e, root, ev);
		if (ev->winners != before)
			ev->tied = before;	/* for the explanation: who was tied */
	}
}

/* Who has the most meeples (all tied leaders); sets winners. */
static void
majority(struct cr_event *ev, int nplayers)
{
	int best = 0;

	ev->winners = 0;
	for (int p = 0; p < nplayers; p++)
		if (ev->meeples[p] > best)
			best = ev->meeples[p];
	if (best > 0)
		for (int p = 0; p < nplayers; p++)
			if (ev->meeples[p] == best)
				ev->winners |= (uint8_t)(1u << p);
}

static int
points_of(const struct cr_event *ev)
{
	int p = ev->per_tile * ev->tiles + ev->per_pennant * ev->pennants +
	    ev->per_city * ev->cities + ev->base;

	for (int i = 0; i < ev->nterm; i++)
		if (ev->term[i].only == 0)	/* the others count for some winners */
			p += ev->term[i].count * ev->term[i].per;
	return p;
}

/*
 * A tile of the feature with root `root` people can find it by, the
 * event's x,y: the tile that completed it, when the tile just placed
 * did; else the first of its tiles placed (first, from cr__counts; a
 * cloister: its own).  Never the root's, which is only where the engine
 * keeps the feature.
 */
static void
where(const struct cr_game *g, int root, int first, struct cr_event *ev)
{
	const struct cr_placed *t = &g->h.tiles.v[g->h.tiles.n - 1];

	ev->feature = root;
	if (ev->reason == CR_EV_COMPLETED)
		for (int s = 0; s < g->h.ts->type[t->type].nseg; s++)
			if (cr__find(g, t->seg0 + s) == root) {
				ev->x = t->x, ev->y = t->y;
				return;
			}
	ev->x = g->h.tiles.v[first].x, ev->y = g->h.tiles.v[first].y;
}

/*
 * Describe what the feature with this root pays now: completed if it is
 * closed, else as at the end.  Returns whether it pays anybody.
 */
bool
cr__feature_event(const struct cr_game *g, int root, int reason, struct cr_event *ev)
{
	const struct node *n = &g->nodes.v[root];
	const struct cr_kinddef *k = cr_kind(n->kind);
	int first;

	memset(ev, 0, sizeof *ev);
	ev->reason = (uint8_t)reason;
	ev->kind = n->kind;
	cr__counts(g, root, ev->meeples, ev->pieces, &ev->tiles, &first);
	where(g, root, first, ev);
	ev->pennants = n->pennants;
	if (k == NULL || k->price == NULL || !k->price(g, root, ev))
		return false;	/* a kind that pays nothing (a river) */
	majority(ev, g->h.nplayers);
	tiebreak(g, root, ev);
	ev->plain = points_of(ev);	/* the base game's price, for the report */
	/* The modules in play change the price (an inn, a cathedral), for
	 * all the winners or for some (a pig). */
	for (int i = 0; g->hc.price[i].fn != NULL; i++)
		g->hc.price[i].fn(g, g->hc.price[i].e, root, ev);
	return cr_event_settle(ev);
}

bool
cr_feature_event(const struct cr_game *g, int root, int reason, struct cr_event *ev)
{
	return cr__feature_event(g, root, reason, ev);
}

bool
cr_game_kind_priced(const struct cr_game *g, int kind)
{
	const struct cr_kinddef *k = cr_kind(kind);

	return k != NULL && (k->priced == NULL || k->priced(g));
}

/*
 * What the event pays each player (pay[]): its price to every winner,
 * and a term for some winners only (a pig) to those of them alone; a
 * term for losers alone (a pig in a farm its owner lost) is dropped.
 * Whether it pays anybody anything.
 */
bool
cr_event_settle(struct cr_event *ev)
{
	bool any = false;
	int k = 0;

	ev->points = points_of(ev);
	for (int i = 0; i < ev->nterm; i++) {
		struct cr_term t = ev->term[i];

		if (t.only != 0 && (t.only = (uint8_t)(t.only & ev->winners)) == 0)
			continue;
		ev->term[k++] = t;
	}
	ev->nterm = (uint8_t)k;
	/* Every event of every game comes here: the winners' bits alone are
	 * walked, and the terms only when some winner has one of its own. */
	memset(ev->pay, 0, sizeof ev->pay);
	for (unsigned w = ev->winners; w != 0; w &= w - 1) {
		int p = __builtin_ctz(w), v = ev->points;

		for (int i = 0; i < k; i++)
			if (ev->term[i].only & (1u << p))
				v += ev->term[i].count * ev->term[i].per;
		ev->pay[p] = v;
		any = any || v > 0;
	}
	return any;
}

/* One event, whatever its winners get: each is paid its pay[]. */
void
cr_game_pay(struct cr_game *g, struct cr_event *ev, int move)
{
	ev->move = move;
	if (ev == &g->events.v[g->events.n])	/* built in place: cr_game_event_room */
		g->events.n++;
	else
		*VEC_PUSH(g, g->events) = *ev;
	/* The winners' bits only (an event has one or two, a game up to
	 * six players; the wheel pays an event most moves). */
	for (unsigned w = ev->winners & ((1u << g->h.nplayers) - 1); w != 0; w &= w - 1) {
		int p = __builtin_ctz(w);

		cr__log_player(g, p);
		g->player[p].score += ev->pay[p];
	}
}

struct cr_event *
cr_game_event_room(struct cr_game *g, struct cr_event *room)
{
	struct cr_event *ev = g->events.n < g->events.cap ? &g->events.v[g->events.n] : room;

#ifdef __SSE2__
	/* Cleared 16 bytes a store, the loop unrolled whole: memset is a
	 * rep stos here, counted a word a step (the Wheel clears an event
	 * most spins). */
	_Static_assert(sizeof *ev % 16 == 0, "an event is whole 16-byte blocks");
#pragma GCC unroll 32
	for (size_t i = 0; i < sizeof *ev; i += 16)
		_mm_storeu_si128((__m128i *)(void *)((char *)ev + i), _mm_setzero_si128());
#else
	memset(ev, 0, sizeof *ev);
#endif
	ev->reason = CR_EV_MODULE, ev->feature = -1;
	return ev;
}

/* A piece leaves the board for its owner's supply, logged; its feature's
 * count of followers is the caller's. */
static void
lift(struct cr_game *g, int fig)
{
	struct cr_figure *f = &g->h.figs.v[fig];

	cr__log_figure(g, fig);
	cr__log_player(g, f->player);
	cr__log_node(g, f->node);
	f->on_board = 0;
	(*cr__pool(g, f->player, cr__tab.piece_pool[f->role]))++;	/* a piece on the board */
	g->onboard--;
	g->lifted[g->nlifted++ % CR_LIFTS] = fig;
	g->nodes.v[f->node].figure = -1;
}

/* Every meeple on the feature goes back to its owner's supply. */
void
cr__return_meeples(struct cr_game *g, int root)
{
	int id = root;

	do {
		struct node *n = &g->nodes.v[id];

		if (n->figure >= 0 &&
		    !(cr_piece(g->h.figs.v[n->figure].role)->flags & CR_PIECE_STAYS))
			lift(g, n->figure);
		id = cr__next(g, id);
	} while (id != root);
	cr__log_node(g, root);
	g->nodes.v[root].followers = 0;
	g->nodes.v[root].anyfig = -1;
}

void
cr_figure_home(struct cr_game *g, int fig)
{
	struct cr_figure *f = &g->h.figs.v[fig];

	if (!f->on_board || (cr_piece(f->role)->flags & (CR_PIECE_FOLLOWER | CR_PIECE_STAYS)) ==
	    CR_PIECE_FOLLOWER)
		return;	/* a follower leaves with its feature (cr__return_meeples) */
	if (cr_piece(f->role)->flags & CR_PIECE_FOLLOWER) {	/* one that stayed: */
		int root = cr__find(g, f->node);	/* its feature is free of it */

		cr__log_node(g, root);
		if (g->nodes.v[root].followers > 0)
			g->nodes.v[root].followers--;
	}
	lift(g, fig);
}

void
cr_figure_leave(struct cr_game *g, int fig, int move)
{
	struct cr_figure *f = &g->h.figs.v[fig];
	int root, id;

	if (!f->on_board)
		return;
	if (!(cr_piece(f->role)->flags & CR_PIECE_FOLLOWER)) {
		cr_figure_home(g, fig);
		return;
	}
	root = cr__find(g, f->node);
	lift(g, fig);
	cr__log_node(g, root);
	g->nodes.v[root].followers--;
	if (g->nodes.v[root].anyfig == fig) {	/* another follower names an owner */
		g->nodes.v[root].anyfig = -1;
		id = root;
		do {
			int o = g->nodes.v[id].figure;

			if (o >= 0 && (cr_piece(g->h.figs.v[o].role)->flags & CR_PIECE_FOLLOWER)) {
				g->nodes.v[root].anyfig = o;
				break;
			}
			id = cr__next(g, id);
		} while (id != root);
	}
	if (g->hk.left)
		CR_EACH_EXT(g, g->hk.left, e)
			cr_exts[e]->left(g, e, fig, root, move);
}

void
cr_space_home(struct cr_game *g, int player, int role)
{
	int pool = cr_piece_pool(role);

	if (player < 0 || player >= g->h.nplayers || pool < 0)
		return;
	cr__log_player(g, player);
	(*cr__pool(g, player, pool))++;
}

static CR_ALWAYS_INLINE void
score_closed(struct cr_game *g, int root, int move)
{
	struct node *n = &g->nodes.v[root];
	struct cr_event ev;

	if (n->scored || n->open != 0 || !(cr__tab.kind_flags[n->kind] & CR_KIND_PAID))
		return;
	cr__log_node(g, root);
	n->scored = 1;
	/* whoever holds it, even nobody: goods */
	for (int i = 0; g->hc.completed[i].fn != NULL; i++)
		g->hc.completed[i].fn(g, g->hc.completed[i].e, root, move);
	if (n->followers == 0)
		return;
	if (cr__feature_event(g, root, CR_EV_COMPLETED, &ev))
		cr_game_pay(g, &ev, move);
	cr__return_meeples(g, root);
}

/* Pay for what tile t (just placed) completed: its own features, then
 * the cloisters around it. */
void
cr__score_completed(struct cr_game *g, int t, int move)
{
	const struct cr_placed *tl = &g->h.tiles.v[t];
	int nseg = g->h.ts->type[tl->type].nseg;

	for (int s = 0; g->own_closed && s < nseg; s++)	/* noted by cr__features_add */
		score_closed(g, cr__find(g, tl->seg0 + s), move);
	for (int k = 0; k < g->nclosed; k++)	/* found by cr__features_add */
		score_closed(g, g->closed[k], move);
}

/*
 * The features of a kind that have meeples on them, by root, in root
 * order (the order they are paid in), into g->scr->roots (a slot per
 * figure, grown before each move: never too small, however many meeples
 * stand).  Found from the meeples, never by a walk over the board.
 */
static int
by_root(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static int
standing(const struct cr_game *g, int kind)
{
	struct scratch *s = g->scr;
	uint32_t gen = cr__scratch_gen(g);
	int n = 0;

	for (int i = 0; i < g->h.figs.n; i++) {
		const struct cr_figure *f = &g->h.figs.v[i];
		int r;

		if (!f->on_board || g->nodes.v[f->node].kind != kind)
			continue;
		r = cr__find(g, f->node);
		if (s->nstamp[r] == gen)
			continue;
		s->nstamp[r] = gen;
		s->roots[n++] = r;
	}
	if (n <= 64) {	/* a few dozen at most in a real game: insertion */
		for (int i = 1; i < n; i++)
			for (int k = i; k > 0 && s->roots[k - 1] > s->roots[k]; k--) {
				int t = s->roots[k];

				s->roots[k] = s->roots[k - 1], s->roots[k - 1] = t;
			}
	} else
		qsort(s->roots, (size_t)n, sizeof *s->roots, by_root);
	return n;
}

/*
 * Land without a price of its own (edition 1's fields): each complete
 * feature it borders (a city) pays the land's per_border once, to the
 * majority of the land's pieces counted over all the land features
 * around it.  The pieces per land feature are summed once, from the
 * pieces (not by walking each field per city), so a field touching many
 * cities costs nothing extra: a row of s->acc per land feature with a
 * piece (s->slot[root]), its root stamped in s->nstamp with the gen
 * returned; *nfields how many.
 */
static uint32_t
farmers_by_field(const struct cr_game *g, int land, int *nfields)
{
	struct scratch *s = g->scr;
	uint32_t gen = cr__scratch_gen(g);

	*nfields = 0;
	for (int i = 0; i < g->h.figs.n; i++) {
		const struct cr_figure *f = &g->h.figs.v[i];
		int r;

		if (!f->on_board || g->nodes.v[f->node].kind != land)
			continue;
		r = cr__find(g, f->node);
		if (s->nstamp[r] != gen) {
			s->nstamp[r] = gen;
			s->slot[r] = (*nfields)++;
			memset(&s->acc[s->slot[r] * CR_MAXPLAYERS], 0,
			    CR_MAXPLAYERS * sizeof *s->acc);
		}
		s->acc[s->slot[r] * CR_MAXPLAYERS + f->player] += f->weight;
	}
	return gen;
}

/* Is node c the root of a complete feature of kind `kind` (a city)? */
static bool
completed_city(const struct cr_game *g, int c, int kind)
{
	return cr__find(g, c) == c && g->nodes.v[c].kind == kind && g->nodes.v[c].open == 0;
}

/*
 * The farmers of the fields around the city c (a root), each field once,
 * added from farmers_by_field's rows (gen) into meeples; whether the
 * field watch (a root; -1 none) is one of those fields.
 */
static bool
around_city(const struct cr_game *g, int c, uint32_t gen, int watch, int *meeples)
{
	struct scratch *s = g->scr;
	uint32_t seen = cr__scratch_gen2(g);
	bool watched = false;
	int id = c;

	do {	/* fields on the city's tiles that border its segments */
		const struct node *nd = &g->nodes.v[id];
		const struct cr_placed *t = &g->h.tiles.v[nd->tile];
		const struct cr_tiletype *tt = &g->h.ts->type[t->type];

		for (int k = 0; k < tt->nseg; k++) {
			int r;

			if (!(tt->seg[k].next_to & (1u << nd->seg)))
				continue;	/* only land names what it borders */
			r = cr__find(g, t->seg0 + k);
			watched = watched || r == watch;
			if (s->nstamp[r] != gen || s->seen[r] == seen)
				continue;	/* no farmer, or counted */
			s->seen[r] = seen;
			for (int p = 0; p < g->h.nplayers; p++)
				meeples[p] += s->acc[s->slot[r] * CR_MAXPLAYERS + p];
		}
		id = cr__next(g, id);
	} while (id != c);
	return watched;
}

/*
 * The event the completed city c (a root) makes for its farmers at the
 * end, from farmers_by_field's rows (gen): whether any farmer is beside
 * it.  With none, *ev is made whole only when whole is set (a query
 * says where that city is); the final scoring skips it.
 */
static bool
farm_city_event(const struct cr_game *g, int land, int c, uint32_t gen, bool whole,
    struct cr_event *ev)
{
	int first;

	memset(ev, 0, sizeof *ev);
	ev->reason = CR_EV_FARM_CITY;
	ev->kind = (uint8_t)land;
	around_city(g, c, gen, -1, ev->meeples);
	majority(ev, g->h.nplayers);
	if (ev->winners == 0 && !whole)
		return false;
	tiebreak(g, c, ev);	/* for the city c: a farmer on a hill beside it */
	cr__counts(g, c, NULL, NULL, &ev->tiles, &first);
	where(g, c, first, ev);	/* the city's */
	ev->cities = 1;
	ev->per_city = cr_kind(land)->per_border;
	ev->plain = points_of(ev);
	if (ev->winners != 0)	/* for the city c: a pig beside it */
		for (int i = 0; g->hc.price[i].fn != NULL; i++)
			g->hc.price[i].fn(g, g->hc.price[i].e, c, ev);
	cr_event_settle(ev);	/* tiles: the city's size, for people */
	return ev->winners != 0;
}

/* What the land kind `land` borders pays its pieces (cr_kind.priced). */
static void
pay_bordered(struct cr_game *g, int land, int move)
{
	int nfields, city = cr_kind_borders(land);
	uint32_t gen = farmers_by_field(g, land, &nfields);
	struct cr_event ev;

	for (int c = 0; nfields > 0 && c < g->nodes.n; c++)
		if (completed_city(g, c, city) && farm_city_event(g, land, c, gen, false, &ev))
			cr_game_pay(g, &ev, move);
}

/* The features of a kind with pieces on them, each paid by its price,
 * for reason (CR_EV_FINAL, CR_EV_FARM), those paid already aside. */
static void
pay_held(struct cr_game *g, int kind, int reason, int move)
{
	const int *root = g->scr->roots;
	int n = standing(g, kind);
	struct cr_event ev;

	for (int i = 0; i < n; i++)
		if (!g->nodes.v[root[i]].scored && cr__feature_event(g, root[i], reason, &ev))
			cr_game_pay(g, &ev, move);
}

/*
 * The end, before the modules' own (cr_ext.final): the kinds the engine
 * pays, unfinished, in the order of their numbers (roads, cities,
 * cloisters); then land (farms), by its price, or through what it
 * borders when it has none in this game.
 */
/* Is kind k a kind of a module in play in g? */
static bool
in_play(const struct cr_game *g, int k)
{
	int e = cr_kind_ext(k);

	return e >= 0 && (g->exts & (1u << e));
}

void
cr__score_final(struct cr_game *g, int move)
{
	int nk = cr_nkinds();

	/* The kinds of the modules in play: no other has a piece on it. */
	for (int k = 0; k < nk; k++)
		if ((cr__tab.kind_flags[k] & CR_KIND_PAID) && in_play(g, k))
			pay_held(g, k, CR_EV_FINAL, move);
	for (int k = 0; k < nk; k++) {
		if (!(cr__tab.kind_flags[k] & CR_KIND_LAND) || cr_kind(k)->price == NULL ||
		    !in_play(g, k))
			continue;
		if (cr_game_kind_priced(g, k))
			pay_held(g, k, cr_kind(k)->reason, move);
		else
			pay_bordered(g, k, move);
	}
}

int
cr_features_held(const struct cr_game *g, int kind, const int **roots)
{
	*roots = g->scr->roots;
	return standing(g, kind);
}

/* *ev is always written: all zero when there is nothing to score. */
bool
cr_game_feature_score(const struct cr_game *g, int seg, struct cr_event *ev)
{
	int root;

	memset(ev, 0, sizeof *ev);
	if (seg < 0 || seg >= g->nodes.n)
		return false;
	/* Edition 1 pays farmers per city, over all the fields around it:
	 * a field alone has no price of its own. */
	if (!cr_game_kind_priced(g, g->nodes.v[seg].kind))
		return false;
	root = cr__find(g, seg);
	return cr__feature_event(g, root, cr_kind(g->nodes.v[root].kind)->reason, ev);
}

/* The land kind without a price of its own in g that seg's kind is, or
 * borders: -1 if none (editions 2 and 3). */
static int
bordering_land(const struct cr_game *g, int kind)
{
	for (int k = 0; k < cr_nkinds(); k++)
		if ((cr__tab.kind_flags[k] & CR_KIND_LAND) && cr_kind(k)->price != NULL &&
		    (k == kind || cr_kind_borders(k) == kind) && !cr_game_kind_priced(g, k))
			return k;
	return -1;
}

int
cr_game_farm_cities(const struct cr_game *g, int seg, struct cr_event *out, int max)
{
	int root, kind, land, city, nfields, n = 0, from, to;
	uint32_t gen;

	if (seg < 0 || seg >= g->nodes.n)
		return 0;
	root = cr__find(g, seg);
	kind = g->nodes.v[root].kind;
	if ((land = bordering_land(g, kind)) < 0)
		return 0;
	city = cr_kind_borders(land);
	if (kind == land ? false : !completed_city(g, root, city))
		return 0;
	/* A city: its own event; a field: those of the cities it borders,
	 * in the order the end pays them. */
	from = kind == land ? 0 : root;
	to = kind == land ? g->nodes.n : root + 1;
	gen = farmers_by_field(g, land, &nfields);
	for (int c = from; c < to; c++) {
		int m[CR_MAXPLAYERS] = { 0 };

		if (!completed_city(g, c, city) || (kind == land && !around_city(g, c, gen, root, m)))
			continue;
		if (out != NULL && n < max)
			farm_city_event(g, land, c, gen, true, &out[n]);
		n++;
	}
	return n;
}

bool
cr_game_event_concerns(const struct cr_game *g, const struct cr_event *ev, int seg)
{
	int e = ev->what >> 8;

	return ev->what != 0 && e >= 0 && e < cr_nexts && (g->exts & (1u << e)) &&
	    cr_exts[e]->concerns != NULL && seg >= 0 && seg < g->nodes.n &&
	    cr_exts[e]->concerns(e, g, ev, seg);
}

bool
cr_game_feature_kept(const struct cr_game *g, int seg, struct cr_event *ev)
{
	memset(ev, 0, sizeof *ev);
	if (seg < 0 || seg >= g->nodes.n)
		return false;
	for (int e = 0; e < cr_nexts; e++)
		if ((g->exts & (1u << e)) && cr_exts[e]->keeps != NULL &&
		    cr_exts[e]->keeps(g, e, cr__find(g, seg), ev))
			return true;
	return false;
}
