/*
 * hunters-gatherers.c -- Carcassonne: Hunters & Gatherers (Hans im Glück
 * 2002), a game of the family on this engine: its one module and its
 * game (../shared/spec/hunters-gatherers.md, rules HG-n.m).
 *
 * What the engine does from the data: forests (areas, complete when no
 * forest edge is open) and rivers (lines between meadows, complete when
 * both ends are springs, lakes or joined), paid when complete to the
 * most members on them (CR_KIND_PAID), a member refused on a feature that
 * holds one (CR_PIECE_FOLLOWER).  What this module adds:
 *
 *   - the prices: a forest 2 a piece (a segment, not a tile: HG-1.5) and
 *     2 a mushroom clearing; a river 1 a segment and 1 a fish of the
 *     lakes at its ends, each lake once (HG-4.4);
 *   - gatherers and fishers go home at the end of the turn, after the
 *     bonus tile (HG-3.7: CR_PIECE_STAYS, sent home by again and
 *     discarded); huts never during play;
 *   - the bonus pile (HG-5): a land tile completing a forest with gold
 *     draws one bonus tile for its placer, played as a move of its own,
 *     at most one a turn; a bonus tile that fits nowhere leaves and the
 *     next is drawn (HG-2.4); the pile's size is the set's bonus-pile;
 *   - a hut only where its river system holds none (HG-3.4);
 *   - the end (HG-6.1): the land supply played out and no bonus tile due;
 *     then incomplete forests and rivers pay nothing (HG-6.2, an event of
 *     0 each), river systems pay their fish to the most huts (HG-6.3),
 *     meadows their animals to the most hunters, tigers eating deer
 *     unless a fire, a hunter on a shrine scoring alone (HG-6.4 to 6.6).
 *
 * A river system (HG-1.7) is worked out when asked: river features
 * joined by the engine, and each lake with the rivers that end in it
 * (its arms: the lake's arms: key, or every segment ending at a lake on
 * a tile with one).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ext.h"

enum { K_FOREST, K_RIVER, K_LAKE, K_MEADOW };
enum { A_END, A_GOLD, A_MUSHROOMS, A_FISH, A_ARMS, A_DEER, A_MAMMOTH, A_AUROCHS, A_TIGER,
    A_FIRE, A_SHRINE, A_BONUS, A_VOLCANO };
enum { E_SPRING, E_LAKE };
enum { POOL_MEMBER, POOL_HUT };
enum { PC_HUNTER, PC_GATHERER, PC_FISHER, PC_HUT };
enum {
	P_NONE, P_BONUS, P_NOT_DUE, P_DUE, P_HUT_TAKEN, P_DRAW, P_EMPTY, P_SECOND, P_SYSTEM,
	P_MEADOW, P_NPHRASES
};

#define HG	"hunters-gatherers"

/* ---- the module's state ------------------------------------------------- */

struct hg {
	int	drawn;		/* bonus tiles drawn from the pile so far */
	bool	due;		/* the player to move owes a bonus tile */
	bool	earned;		/* a bonus tile was earned this turn */
	int	due_move;	/* the move that earned it (1-based) */
	/* The bonus events of the move being scored, made after its
	 * completions (HG-10.3): their phrases, in order. */
	uint8_t	pending[4];
	uint8_t	pending_gold[4];	/* and the nuggets of each one's forest */
	int	npending;
	/* Bonus tiles left in the supply, once a tile has been taken (over
	 * asks every move for the land left: counted once, then kept). */
	int	bonus;
	bool	bonus_known;
	/* A forest or river was completed this turn: its gatherers and
	 * fishers go home as the turn ends (only then are they looked for). */
	bool	closed;
	/* Their roots (a completed feature's root stays), nclosed of them;
	 * -1 when more than fit: then every figure is looked at. */
	int	closedroot[8];
	int	nclosed;
};

/* The registry's numbers of this module and of its kinds, attributes,
 * ends and pieces, fixed once made: asked many times a move, so kept. */
static struct {
	int	ext, kind0, attr0, end0, piece0;
	uint32_t bonus;		/* the bonus key's bit in a type's marks */
} no = { .ext = -2 };

static void
numbers(void)
{
	int e = cr_ext_find(HG, sizeof HG - 1);

	no.kind0 = cr_ext_kind(e, 0);
	no.attr0 = cr_ext_attr(e, 0);
	no.end0 = cr_ext_end(e, 0);
	no.piece0 = cr_ext_piece(e, 0);
	no.bonus = cr_attr_bit(cr_ext_attr(e, A_BONUS));
	no.ext = e;
}

static inline int
ext_no(void)
{
	if (no.ext == -2)
		numbers();
	return no.ext;
}

static inline int
own(int local)
{
	if (no.ext == -2)
		numbers();
	return no.kind0 + local;
}

static inline int
attr(int local)
{
	if (no.ext == -2)
		numbers();
	return no.attr0 + local;
}

static inline int
end_no(int local)
{
	if (no.ext == -2)
		numbers();
	return no.end0 + local;
}

static inline int
piece(int local)
{
	if (no.ext == -2)
		numbers();
	return no.piece0 + local;
}

/* The bonus key's bit in a type's marks. */
static uint32_t
bonus_bit(void)
{
	if (no.ext == -2)
		numbers();
	return no.bonus;
}

/* Whether type is a bonus tile, during play: the numbers are made by
 * then (start), so the hooks run each move have no first time to test
 * for (and no calls: they need not save registers). */
static inline bool
is_bonus_now(const struct cr_tileset *ts, int type)
{
	return (ts->type[type].marks & no.bonus) != 0;
}

static bool
is_bonus(const struct cr_tileset *ts, int type)
{
	return type >= 0 && type < ts->ntypes && (ts->type[type].marks & bonus_bit()) != 0;
}

/* The pile's size: the set's bonus-pile, else its bonus types' copies. */
static int
pile_size(const struct cr_tileset *ts)
{
	int n = cr_tileset_tokens(ts, ts->setname[0], "bonus-pile");

	if (n >= 0)
		return n;
	n = 0;
	for (int t = 0; t < ts->ntypes; t++)
		if (is_bonus(ts, t))
			n += ts->type[t].count;
	return n;
}

static int
pile_left(const struct cr_game *g, int ext)
{
	const struct hg *s = cr_ext_cstate(g, ext);
	int n = pile_size(cr_game_tileset(g)) - s->drawn;

	return n > 0 ? n : 0;
}

/* Bonus tiles left in the supply, counted. */
static int
count_bonus(const struct cr_game *g)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	uint32_t bonus = bonus_bit();
	int n = 0;

	for (int t = 0; t < ts->ntypes; t++)
		if (ts->type[t].marks & bonus)
			n += cr_game_supply(g, t);
	return n;
}

/* Land tiles left in the supply: the supply less its bonus tiles, which
 * are counted once and then kept (over, each move); a land tile taken
 * changes nothing in the module's state, so most moves log none. */
/* Tile type t has just left the supply (placed or discarded). */
static void
land_taken(struct cr_game *g, int ext, int t)
{
	const struct hg *c = cr_ext_cstate(g, ext);
	struct hg *s;

	if (c->bonus_known && !is_bonus(cr_game_tileset(g), t))
		return;
	s = cr_ext_state(g, ext);
	if (!s->bonus_known)
		s->bonus = count_bonus(g), s->bonus_known = true;	/* t already out */
	else
		s->bonus--;
}

/* ---- the features -------------------------------------------------------- */

static int
node_value(const struct cr_game *g, int node, int a)
{
	return cr_node_attr(g, node, attr(a));
}

/* The lake segment of tile type t that its segment s (a river ending at
 * a lake) flows into, -1 if none. */
static int
lake_of(const struct cr_tiletype *t, int s)
{
	int first = -1, arm = 0, lake = own(K_LAKE);
	bool many = false;

	/* One lake on the tile (most): every river ending there ends in it. */
	for (int k = 0; k < t->nseg; k++)
		if (t->seg[k].kind == lake) {
			many = first >= 0;
			if (first < 0)
				first = k;
		}
	if (!many)
		return first;
	for (int d = 0; d < CR_NDIRS; d++)
		if (t->seg[s].ports & (1u << CR_PORT_MID(d)))
			arm = 1 << d;
	for (int k = 0; k < t->nseg; k++)
		if (t->seg[k].kind == lake && (cr_tile_attr(t, k, attr(A_ARMS)) & arm))
			return k;
	return -1;
}

/*
 * The lakes of a set's types, worked out once per set (its derived
 * number says which): into[type][s] the lake segment river s ends in
 * (-1 for none), fed[type][l] the rivers ending in lake l, a bit each.
 * Asked for every river node of a system walked; NULL out of memory
 * (then lake_of answers).
 */
static struct {
	uint64_t	derived;
	int8_t		(*into)[CR_MAXSEG];
	uint32_t	(*fed)[CR_MAXSEG];
} lk;

static bool ends_in_lake(const struct cr_tiletype *t, int s);

static bool
lakes(const struct cr_tileset *ts)
{
	size_t n = (size_t)(ts->ntypes > 0 ? ts->ntypes : 1);

	if (lk.into != NULL && lk.derived == ts->derived)
		return true;
	free(lk.into), free(lk.fed);
	lk.into = malloc(n * sizeof *lk.into);
	lk.fed = calloc(n, sizeof *lk.fed);
	if (lk.into == NULL || lk.fed == NULL) {
		free(lk.into), free(lk.fed);
		lk.into = NULL, lk.fed = NULL;
		return false;
	}
	for (int t = 0; t < ts->ntypes; t++)
		for (int s = 0; s < CR_MAXSEG; s++) {
			int l = s < ts->type[t].nseg && ends_in_lake(&ts->type[t], s) ?
			    lake_of(&ts->type[t], s) : -1;

			lk.into[t][s] = (int8_t)l;
			if (l >= 0)
				lk.fed[t][l] |= 1u << s;
		}
	lk.derived = ts->derived;
	return true;
}

/* Is segment s of t a river ending at a lake? */
static bool
ends_in_lake(const struct cr_tiletype *t, int s)
{
	return t->seg[s].kind == own(K_RIVER) && t->seg[s].end == end_no(E_LAKE);
}

/* The node of the lake river node `node` ends in, -1 if none. */
static int
node_lake(const struct cr_game *g, int node)
{
	const struct cr_placed *p = cr_game_tile(g, cr_node_tile(g, node));
	const struct cr_tiletype *t = &cr_game_tileset(g)->type[p->type];
	int s = cr_node_seg(g, node), l;

	if (!ends_in_lake(t, s) || (l = lake_of(t, s)) < 0)
		return -1;
	return p->seg0 + l;
}

/* Nodes in a feature, and the fish of the lakes at its ends (each once). */
static int
river_fish(const struct cr_game *g, int root, int *segments)
{
	int lakes[2 * CR_NDIRS + 2], nl = 0, fish = 0, id = root, n = 0;

	do {
		int l = node_lake(g, id), k = 0;

		n++;
		while (l >= 0 && k < nl && lakes[k] != l)
			k++;
		if (l >= 0 && k == nl && nl < (int)(sizeof lakes / sizeof *lakes)) {
			lakes[nl++] = l;
			fish += node_value(g, l, A_FISH);
		}
		id = cr_feature_next(g, id);
	} while (id != root);
	*segments = n;
	return fish;
}

/* A river closed on itself: no segment of it ends on its tile (HG-1.6). */
static bool
river_loop(const struct cr_game *g, int root)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int id = root;

	do {
		const struct cr_placed *p = cr_game_tile(g, cr_node_tile(g, id));

		if (ts->type[p->type].seg[cr_node_seg(g, id)].end != 0)
			return false;
		id = cr_feature_next(g, id);
	} while (id != root);
	return true;
}

static int
pieces_of(const struct cr_game *g, int root)
{
	int n = 0, id = root;

	do {
		n++;
		id = cr_feature_next(g, id);
	} while (id != root);
	return n;
}

/* HG-4.3: 2 a forest piece, 2 a mushroom clearing (summed: pennants). */
static bool
forest_price(const struct cr_game *g, int root, struct cr_event *ev)
{
	if (ev->reason != CR_EV_COMPLETED)
		return false;	/* HG-6.2: the module's final hook says so */
	ev->tiles = pieces_of(g, root);
	ev->per_tile = 2;
	ev->per_pennant = 2;
	return true;
}

/* HG-4.4: 1 a segment, 1 a fish of its end lakes (pennants here). */
static bool
river_price(const struct cr_game *g, int root, struct cr_event *ev)
{
	if (ev->reason != CR_EV_COMPLETED)
		return false;
	ev->pennants = river_fish(g, root, &ev->tiles);
	ev->alt = river_loop(g, root);
	ev->per_tile = 1;
	ev->per_pennant = 1;
	return true;
}

/* ---- river systems (HG-1.7) --------------------------------------------- */

/*
 * A river system, walked from some of its parts: river features (by
 * their roots) and lakes (by their nodes), each met once, through the
 * lakes the rivers end in and the rivers that end in each lake.  Its
 * cost is the system's size, not the board's: a hut's check walks one
 * system, the final scoring only those with huts.
 */
struct sys {
	int	*part;		/* river roots and lake nodes met, in order */
	int	n, cap;
	int	oldest;		/* its smallest node */
	int	fish;		/* the fish of its rivers and lakes */
	bool	nomem;
	/* Whose each node is, a slot per node on the board, -1 for none
	 * (shared by the systems walked together: a node is in one), and
	 * this system's number there; NULL: the parts are searched. */
	int	*owner;
	int	self;
};

/* Every node on the board. */
static int
nnodes(const struct cr_game *g)
{
	int n = cr_game_ntiles(g);
	const struct cr_placed *p = n > 0 ? cr_game_tile(g, n - 1) : NULL;

	return p == NULL ? 0 : p->seg0 + cr_game_tileset(g)->type[p->type].nseg;
}

/* The slots of struct sys.owner for g, -1 each; NULL out of memory. */
static int *
owners(const struct cr_game *g)
{
	int n = nnodes(g), *o = malloc((size_t)(n > 0 ? n : 1) * sizeof *o);

	if (o != NULL)
		memset(o, 0xff, (size_t)(n > 0 ? n : 1) * sizeof *o);
	return o;
}

static bool
sys_has(const struct sys *s, int id)
{
	if (s->owner != NULL)
		return s->owner[id] == s->self;
	for (int i = 0; i < s->n; i++)
		if (s->part[i] == id)
			return true;
	return false;
}

static void
sys_add(struct sys *s, int id)
{
	if (id < 0 || sys_has(s, id))
		return;
	if (s->n == s->cap) {
		int cap = s->cap > 0 ? 2 * s->cap : 16, *p = realloc(s->part, (size_t)cap * sizeof *p);

		if (p == NULL) {
			s->nomem = true;
			return;
		}
		s->part = p, s->cap = cap;
	}
	if (s->owner != NULL)
		s->owner[id] = s->self;
	s->part[s->n++] = id;
}

/* The system of the parts s holds: each part added is walked in turn. */
static void
sys_walk(const struct cr_game *g, struct sys *s)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	bool known = lakes(ts);

	s->oldest = -1, s->fish = 0;
	for (int i = 0; i < s->n; i++) {
		int id = s->part[i];

		if (cr_node_kind(g, id) == own(K_LAKE)) {
			const struct cr_placed *p = cr_game_tile(g, cr_node_tile(g, id));
			const struct cr_tiletype *t = &cr_game_tileset(g)->type[p->type];
			int l = cr_node_seg(g, id);

			if (s->oldest < 0 || id < s->oldest)
				s->oldest = id;
			s->fish += cr_seg_value(t, l, attr(A_FISH));
			if (known) {
				for (uint32_t b = lk.fed[p->type][l]; b != 0; b &= b - 1)
					sys_add(s, cr_feature_root(g, p->seg0 + __builtin_ctz(b)));
				continue;
			}
			int k = 0;

			while (k < t->nseg && (t->seg[k].kind != own(K_LAKE) || k == l))
				k++;
			/* k == nseg: the tile's only lake, where every river
			 * ending at a lake ends. */
			for (int j = 0, one = k == t->nseg; j < t->nseg; j++)
				if (ends_in_lake(t, j) && (one || lake_of(t, j) == l))
					sys_add(s, cr_feature_root(g, p->seg0 + j));
			continue;
		}
		do {
			struct cr_nodeview v;
			int l;

			cr_node_view(g, id, &v);
			if (s->oldest < 0 || id < s->oldest)
				s->oldest = id;
			s->fish += cr_seg_value(v.type, v.seg, attr(A_FISH));
			l = known ? lk.into[v.type - ts->type][v.seg] :
			    ends_in_lake(v.type, v.seg) ? lake_of(v.type, v.seg) : -1;
			if (l >= 0)
				sys_add(s, id - v.seg + l);	/* nodes: the tile's first + segment */
			id = v.next;
		} while (id != s->part[i]);
	}
}

/* The part of a system the piece on node stands on (a lake, or the root
 * of its river). */
static int
sys_part(const struct cr_game *g, int node)
{
	return cr_node_kind(g, node) == own(K_LAKE) ? node : cr_feature_root(g, node);
}

/* A hut of role `hut` on the system, -1 if none. */
static int
sys_hut(const struct cr_game *g, const struct sys *s, int hut)
{
	for (int f = 0; f < cr_game_nfigures(g); f++) {
		const struct cr_figure *x = cr_game_figure(g, f);

		if (x->on_board && x->role == hut && sys_has(s, sys_part(g, x->node)))
			return f;
	}
	return -1;
}

/* ---- the hooks ---------------------------------------------------------- */

static bool
drawable(const struct cr_game *g, int ext, int type, struct cr_refusal *why)
{
	const struct hg *s = cr_ext_cstate(g, ext);

	if (is_bonus_now(cr_game_tileset(g), type) == s->due)
		return true;
	why->code = CR_R_EXT;
	why->ext = ext;
	why->tile = type;
	why->n = s->due_move;
	why->phrase = CR_PHRASE(ext, s->due ? P_DUE : P_NOT_DUE);
	return false;
}

/* HG-3.4: one hut a river system, as the tile joins it. */
static bool
hut_ok(const struct cr_game *g, int ext, const struct cr_move *m, const struct hood *h,
    int seg, struct cr_refusal *why)
{
	const struct cr_tiletype *t = &cr_game_tileset(g)->type[m->tile];
	int local[CR_MAXSEG], nlocal = 0, roots[CR_MAXJOINS], n, fig;
	struct sys sys = { 0 };
	bool taken;

	/* The tile's own part of the system: the segment, its lake, the
	 * lake's arms. */
	local[nlocal++] = seg;
	{
		int lake = t->seg[seg].kind == own(K_LAKE) ? seg :
		    ends_in_lake(t, seg) ? lake_of(t, seg) : -1;

		if (lake >= 0) {
			nlocal = 0;
			local[nlocal++] = lake;
			for (int k = 0; k < t->nseg; k++)
				if (ends_in_lake(t, k) && lake_of(t, k) == lake)
					local[nlocal++] = k;
		}
	}
	for (int i = 0; i < nlocal; i++) {
		if (t->seg[local[i]].kind != own(K_RIVER))
			continue;
		n = cr_move_joins(g, m, h, local[i], roots);
		for (int k = 0; k < n; k++)
			sys_add(&sys, roots[k]);
	}
	sys_walk(g, &sys);
	fig = sys.nomem ? -1 : sys_hut(g, &sys, m->role);
	taken = fig >= 0;
	free(sys.part);
	if (!taken)
		return true;
	why->code = CR_R_EXT;
	why->ext = ext;
	why->phrase = CR_PHRASE(ext, P_HUT_TAKEN);
	why->other_player = cr_game_figure(g, fig)->player;
	why->other_x = cr_game_tile(g, cr_node_tile(g, cr_game_figure(g, fig)->node))->x;
	why->other_y = cr_game_tile(g, cr_node_tile(g, cr_game_figure(g, fig)->node))->y;
	return false;
}

/* HG-3.4: the others are the engine's to check. */
static bool
piece_ok(const struct cr_game *g, int ext, const struct cr_move *m, const struct hood *h,
    int seg, struct cr_refusal *why)
{
	return m->role != no.piece0 + PC_HUT || hut_ok(g, ext, m, h, seg, why);
}

/* A forest with gold completed: a bonus tile for the placer of a land
 * tile (HG-5.1, HG-5.3), its event made after the completions. */
static void
completed(struct cr_game *g, int ext, int root, int move)
{
	const struct cr_move *m;
	struct hg *s;
	int gold = 0, id = root, phrase, kind = cr_node_kind(g, root);

	if (kind == no.kind0 + K_RIVER || kind == no.kind0 + K_FOREST) {
		struct hg *w = cr_ext_state(g, ext);

		w->closed = true;
		if (w->nclosed >= 0 && w->nclosed < (int)(sizeof w->closedroot / sizeof *w->closedroot))
			w->closedroot[w->nclosed++] = root;
		else
			w->nclosed = -1;
	}
	if (kind != no.kind0 + K_FOREST)
		return;
	do {
		struct cr_nodeview v;

		cr_node_view(g, id, &v);
		gold += cr_seg_value(v.type, v.seg, no.attr0 + A_GOLD);	/* a forest's node */
		id = v.next;
	} while (id != root);
	if (gold == 0)
		return;
	m = cr_game_move(g, move - 1);
	s = cr_ext_state(g, ext);
	if (s->earned || is_bonus(cr_game_tileset(g), m->tile))
		phrase = P_SECOND;
	else if (pile_left(g, ext) == 0)
		phrase = P_EMPTY;
	else {
		phrase = P_DRAW;
		s->drawn++;
		s->due = s->earned = true;
		s->due_move = move;
	}
	if (s->npending < (int)sizeof s->pending) {
		s->pending_gold[s->npending] = (uint8_t)(gold < 255 ? gold : 255);
		s->pending[s->npending++] = (uint8_t)phrase;
	}
}

/* The bonus events of the move (completed), in order. */
static void
bonus_events(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	struct hg *s = cr_ext_state(g, ext);

	for (int i = 0; i < s->npending; i++) {
		struct cr_event ev;

		memset(&ev, 0, sizeof ev);
		ev.reason = CR_EV_MODULE;
		ev.kind = (uint8_t)own(K_FOREST);
		ev.feature = -1;
		ev.what = (uint16_t)CR_PHRASE(ext, P_BONUS);
		ev.note = (uint16_t)CR_PHRASE(ext, s->pending[i]);
		ev.x = m->x, ev.y = m->y;
		ev.sub = (int16_t)pile_left(g, ext);
		ev.tiles = s->pending_gold[i];	/* the nuggets (HG-10.2) */
		ev.winners = (uint8_t)(1u << cr_game_turn(g));
		cr_event_settle(&ev);
		cr_game_pay(g, &ev, move);
	}
	s->npending = 0;
}

/* The end of a turn: the gatherers and fishers of completed forests and
 * rivers go home (HG-3.7, HG-4.5). */
static void
turn_ends(struct cr_game *g, int ext)
{
	const struct hg *c = cr_ext_cstate(g, ext);
	struct hg *s;

	if (!c->earned && !c->due && !c->closed)
		return;		/* nothing to log */
	s = cr_ext_state(g, ext);
	s->earned = false;
	s->due = false;
	if (!s->closed)
		return;
	s->closed = false;
	if (s->nclosed > 0) {
		/* The completed features' own nodes. */
		for (int i = 0; i < s->nclosed; i++) {
			int id = s->closedroot[i];

			do {
				int f = cr_node_figure(g, id);

				if (f >= 0) {
					const struct cr_figure *x = cr_game_figure(g, f);

					if (x->on_board && (x->role == no.piece0 + PC_GATHERER ||
					    x->role == no.piece0 + PC_FISHER))
						cr_figure_home(g, f);
				}
				id = cr_feature_next(g, id);
			} while (id != s->closedroot[i]);
		}
		s->nclosed = 0;
		return;
	}
	s->nclosed = 0;
	for (int f = 0; f < cr_game_nfigures(g); f++) {
		const struct cr_figure *x = cr_game_figure(g, f);
		int r;

		if (!x->on_board || (x->role != piece(PC_GATHERER) &&
		    x->role != piece(PC_FISHER)))
			continue;
		r = cr_figure_root(g, f);
		if (cr_feature_open(g, r) == 0)
			cr_figure_home(g, f);
	}
}

static bool
again(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	const struct hg *s = cr_ext_cstate(g, ext);
	bool bonus = is_bonus_now(cr_game_tileset(g), m->tile);

	if (bonus || !s->bonus_known)
		land_taken(g, ext, m->tile);
	if (s->npending > 0)
		bonus_events(g, ext, m, move);
	if (bonus || !s->due) {
		if (s->earned || s->due || s->closed)
			turn_ends(g, ext);
		return false;
	}
	return true;	/* the bonus tile is this player's next move */
}

/* A bonus tile that fits nowhere: the next is drawn if the pile has one
 * (HG-2.4); else the turn ends.  A land tile: the same player draws. */
static bool
discarded(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	struct hg *s;

	(void)move;
	land_taken(g, ext, m->tile);
	if (!is_bonus(cr_game_tileset(g), m->tile))
		return false;
	if (pile_left(g, ext) > 0) {
		s = cr_ext_state(g, ext);
		s->drawn++;
		return false;
	}
	turn_ends(g, ext);
	return true;
}

/* The start: the bonus tiles of the supply counted once (the start tile
 * is land), the state's first value; the base start tile kept (the
 * set's start names the volcano). */
static int
start(struct cr_game *g, int ext)
{
	struct hg *s = cr_ext_state(g, ext);

	(void)ext_no();		/* the numbers, before any move's hook */
	s->bonus = count_bonus(g);
	s->bonus_known = true;
	return -1;
}

/* HG-6.1: over once the land supply is played out, no bonus tile due. */
static bool
over(const struct cr_game *g, int ext, int move)
{
	const struct hg *s = cr_ext_cstate(g, ext);

	(void)move;
	return !s->due && cr_game_supply_total(g) - (s->bonus_known ? s->bonus :
	    count_bonus(g)) == 0;
}

/* ---- the final scoring (HG-6.2 to HG-6.6) ------------------------------- */

static void
majority_of(struct cr_event *ev, const int *count, int np)
{
	int best = 0;

	ev->winners = 0;
	for (int p = 0; p < np; p++)
		if (count[p] > best)
			best = count[p];
	for (int p = 0; best > 0 && p < np; p++)
		if (count[p] == best)
			ev->winners |= (uint8_t)(1u << p);
}

/* Roots of features of kind k with pieces on them, copied. */
static int
held(const struct cr_game *g, int k, int **out)
{
	const int *r;
	int n = cr_features_held(g, k, &r);

	*out = malloc((size_t)(n > 0 ? n : 1) * sizeof **out);
	if (*out == NULL)
		return 0;
	memcpy(*out, r, (size_t)n * sizeof **out);
	return n;
}

/* HG-6.2: an incomplete forest or river pays its members nothing. */
static void
final_open(struct cr_game *g, int kind, int move)
{
	int *roots, n = held(g, kind, &roots);

	for (int i = 0; i < n; i++) {
		struct cr_event ev;
		int t0;

		if (cr_feature_open(g, roots[i]) == 0)
			continue;
		memset(&ev, 0, sizeof ev);
		ev.reason = CR_EV_FINAL;
		ev.kind = (uint8_t)kind;
		/* One walk: its segments, members and oldest tile. */
		t0 = cr_node_tile(g, roots[i]);
		for (int id = roots[i];;) {
			struct cr_nodeview v;

			cr_node_view(g, id, &v);
			ev.tiles++;
			if (v.tile < t0)
				t0 = v.tile;
			if (v.figure >= 0) {
				const struct cr_figure *x = cr_game_figure(g, v.figure);

				ev.meeples[x->player] += x->weight;
				ev.pieces[x->player] += x->weight > 0;
			}
			if ((id = v.next) == roots[i])
				break;
		}
		ev.feature = roots[i];
		ev.x = cr_game_tile(g, t0)->x, ev.y = cr_game_tile(g, t0)->y;
		majority_of(&ev, ev.meeples, cr_game_nplayers(g));
		if (ev.winners == 0)
			continue;
		cr_event_settle(&ev);
		cr_game_pay(g, &ev, move);
	}
	free(roots);
}

/* HG-6.3: the event of a walked river system whose huts per player are
 * huts[], 1 a fish, to the most huts. */
static void
system_event_of(const struct cr_game *g, int ext, const struct sys *s, const int *huts,
    struct cr_event *ev)
{
	memset(ev, 0, sizeof *ev);
	ev->reason = CR_EV_MODULE_END;
	ev->kind = (uint8_t)own(K_RIVER);
	ev->what = (uint16_t)CR_PHRASE(ext, P_SYSTEM);
	ev->feature = s->oldest;
	ev->x = cr_game_tile(g, cr_node_tile(g, s->oldest))->x;
	ev->y = cr_game_tile(g, cr_node_tile(g, s->oldest))->y;
	ev->pennants = s->fish;
	ev->per_pennant = 1;
	for (int p = 0; p < cr_game_nplayers(g) && p < CR_MAXPLAYERS; p++)
		ev->meeples[p] = huts[p], ev->pieces[p] = (uint8_t)huts[p];
	majority_of(ev, huts, cr_game_nplayers(g));
}

/* HG-6.3: the event of the river system holding node (a river's or a
 * lake's); false if it holds no hut. */
static bool
system_event(const struct cr_game *g, int ext, int node, struct cr_event *ev)
{
	struct sys s = { 0 };
	int huts[CR_MAXPLAYERS] = { 0 }, nhuts = 0, hut = piece(PC_HUT);

	memset(ev, 0, sizeof *ev);
	sys_add(&s, sys_part(g, node));
	sys_walk(g, &s);
	for (int f = 0; f < cr_game_nfigures(g) && !s.nomem; f++) {
		const struct cr_figure *x = cr_game_figure(g, f);

		if (x->on_board && x->role == hut && x->player < CR_MAXPLAYERS &&
		    sys_has(&s, sys_part(g, x->node)))
			huts[x->player]++, nhuts++;
	}
	if (nhuts > 0 && !s.nomem)
		system_event_of(g, ext, &s, huts, ev);
	free(s.part);
	return nhuts > 0 && !s.nomem;
}

/* HG-6.3: each river system with huts, in the order of its oldest node:
 * only the systems with huts are walked, each once. */
static void
final_systems(struct cr_game *g, int ext, int move)
{
	int hut = piece(PC_HUT), nf = cr_game_nfigures(g), n = 0;
	struct sys *sys = calloc((size_t)(nf > 0 ? nf : 1), sizeof *sys);
	int *in = malloc((size_t)(nf > 0 ? nf : 1) * sizeof *in), *owner = owners(g);

	if (sys == NULL || in == NULL) {
		free(sys), free(in), free(owner);
		return;
	}
	/* The systems with huts, each once; in[f] the system of hut f. */
	for (int f = 0; f < nf; f++) {
		const struct cr_figure *x = cr_game_figure(g, f);
		int part, k = 0;

		in[f] = -1;
		if (!x->on_board || x->role != hut || x->player >= CR_MAXPLAYERS)
			continue;
		part = sys_part(g, x->node);
		if (owner != NULL)
			k = owner[part] >= 0 ? owner[part] : n;
		else
			while (k < n && !sys_has(&sys[k], part))
				k++;
		if (k == n) {
			sys[n].owner = owner, sys[n].self = n;
			sys_add(&sys[n], part);
			sys_walk(g, &sys[n]);
			n++;
		}
		in[f] = k;
	}
	for (;;) {
		int huts[CR_MAXPLAYERS] = { 0 }, best = -1;
		struct cr_event ev;

		for (int k = 0; k < n; k++)
			if (sys[k].oldest >= 0 && (best < 0 || sys[k].oldest < sys[best].oldest))
				best = k;
		if (best < 0)
			break;
		for (int f = 0; f < nf; f++)
			if (in[f] == best)
				huts[cr_game_figure(g, f)->player]++;
		system_event_of(g, ext, &sys[best], huts, &ev);
		cr_event_settle(&ev);
		cr_game_pay(g, &ev, move);
		sys[best].oldest = -1;
	}
	for (int k = 0; k < n; k++)
		free(sys[k].part);
	free(sys);
	free(in);
	free(owner);
}

/*
 * HG-6.4 to HG-6.6: the event of the meadow with root `root`.  Its
 * numbers: its terms the deer left, the mammoths and the aurochs, 2
 * each; tiles the deer, pennants the tigers, cities 1 with a fire,
 * small_city set when a hunter on a shrine scores alone.  Each node is
 * read once: its animals, fire, hunter and shrine, and its tile (the
 * oldest is where the event is said).
 */
static void
meadow_event(const struct cr_game *g, int ext, int root, struct cr_event *ev)
{
	int hunters[CR_MAXPLAYERS] = { 0 }, shrine[CR_MAXPLAYERS] = { 0 }, nshrine = 0;
	int deer = 0, tigers = 0, mammoths = 0, aurochs = 0, left, id = root;
	int hunter = piece(PC_HUNTER), t0 = cr_node_tile(g, root);
	int a_deer = attr(A_DEER), a_tiger = attr(A_TIGER), a_mammoth = attr(A_MAMMOTH);
	int a_aurochs = attr(A_AUROCHS), a_fire = attr(A_FIRE), a_shrine = attr(A_SHRINE);
	bool fire = false;

	do {
		struct cr_nodeview v;

		cr_node_view(g, id, &v);
		deer += cr_seg_value(v.type, v.seg, a_deer);
		tigers += cr_seg_value(v.type, v.seg, a_tiger);
		mammoths += cr_seg_value(v.type, v.seg, a_mammoth);
		aurochs += cr_seg_value(v.type, v.seg, a_aurochs);
		fire = fire || cr_seg_flag(v.type, v.seg, a_fire);
		if (v.tile < t0)
			t0 = v.tile;
		if (v.figure >= 0 && cr_game_figure(g, v.figure)->role == hunter) {
			int p = cr_game_figure(g, v.figure)->player;

			hunters[p]++;
			if (cr_seg_flag(v.type, v.seg, a_shrine))
				shrine[p]++, nshrine++;
		}
		id = v.next;
	} while (id != root);
	memset(ev, 0, sizeof *ev);
	ev->reason = CR_EV_MODULE_END;
	ev->kind = (uint8_t)own(K_MEADOW);
	ev->what = (uint16_t)CR_PHRASE(ext, P_MEADOW);
	ev->feature = root;
	ev->x = cr_game_tile(g, t0)->x, ev->y = cr_game_tile(g, t0)->y;
	left = fire ? deer : deer > tigers ? deer - tigers : 0;
	ev->tiles = deer, ev->pennants = tigers, ev->cities = fire;
	ev->term[0] = (struct cr_term){ (int16_t)left, 2, 0, 0 };
	ev->term[1] = (struct cr_term){ (int16_t)mammoths, 2, 0, 0 };
	ev->term[2] = (struct cr_term){ (int16_t)aurochs, 2, 0, 0 };
	ev->nterm = 3;
	for (int p = 0; p < cr_game_nplayers(g) && p < CR_MAXPLAYERS; p++)
		ev->meeples[p] = hunters[p], ev->pieces[p] = (uint8_t)hunters[p];
	majority_of(ev, nshrine > 0 ? shrine : hunters, cr_game_nplayers(g));
	ev->small_city = nshrine > 0;
}

/* HG-6.4 to HG-6.6: each meadow with hunters. */
static void
final_meadows(struct cr_game *g, int ext, int move)
{
	int *roots, n = held(g, own(K_MEADOW), &roots);

	for (int i = 0; i < n; i++) {
		struct cr_event ev;

		meadow_event(g, ext, roots[i], &ev);
		cr_event_settle(&ev);
		cr_game_pay(g, &ev, move);
	}
	free(roots);
}

/* What the end would pay now for the meadow or the river system of the
 * feature with root `root` (explain at the table): its event. */
static bool
keeps(const struct cr_game *g, int ext, int root, struct cr_event *ev)
{
	int kind = cr_node_kind(g, root);

	memset(ev, 0, sizeof *ev);
	if (cr_game_over(g))
		return false;
	if (kind == own(K_MEADOW)) {
		meadow_event(g, ext, root, ev);
		if (ev->winners == 0)
			return false;
		cr_event_settle(ev);
		return true;
	}
	if ((kind != own(K_RIVER) && kind != own(K_LAKE)) || !system_event(g, ext, root, ev))
		return false;
	cr_event_settle(ev);
	return true;
}

static void
final(struct cr_game *g, int ext, int move)
{
	final_open(g, own(K_FOREST), move);
	final_open(g, own(K_RIVER), move);
	final_systems(g, ext, move);
	final_meadows(g, ext, move);
}

/* ---- the tables ---------------------------------------------------------- */

static const struct cr_kinddef kinds[] = {
	[K_FOREST] = {
		.name = N_("forest"), .plural = N_("forests"),
		.shape = CR_AREA, .close = CR_CLOSE_EDGES, .flags = CR_KIND_PAID,
		.reason = CR_EV_FINAL, .price = forest_price,
		.at_corner = N_("a forest is named by whole edges, and %s is a corner"),
		.at_half = N_("a forest is named by whole edges, and %s is a half-edge"),
		.at_edge = N_("a %s must reach an edge"),
		.letter = 'F', .map = "^^", .pic = { "^^" }, .key = N_("^^ forest"),
		.fill = "#2e7d32", .stroke = "#1b5e20",
		.glyph = "<path d=\"M-8-8H8V-2Q0 2-8-2Z\" fill=\"#2e7d32\" stroke=\"#1b5e20\" "
		    "stroke-width=\"1.2\"/>",
		.a = N_("a forest"), .the = N_("the forest"), .has_no = N_("has no forest"),
		.has_many = N_("has more than one forest"),
		.the_done = N_("the completed forest"),
		.edge = NC_("edge", "forest"), .word = NC_("feature", "forest"),
		.why_done = CR_SAYN(N_("completed forest of %d piece"),
		    N_("completed forest of %d pieces"), CR_N_TILES),
		.why_open = CR_SAYN(N_("incomplete forest of %d piece"),
		    N_("incomplete forest of %d pieces"), CR_N_TILES),
		.count_and = CR_SAYN(N_(" and %d mushroom clearing"),
		    N_(" and %d mushroom clearings"), CR_N_PENNANTS),
		.arith = CR_SAY(": %d x %d", CR_N_PER_TILE, CR_N_TILES),
		.count_plus = CR_SAY(" + %d x %d", CR_N_PER_PENNANT, CR_N_PENNANTS),
		.sum_done = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
		.sum_open = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
		.line_done = CR_SAY(N_("forest at %d,%d %s: completed\n"), 0),
		.line_open = CR_SAY(N_("forest at %d,%d %s: open\n"), 0),
		.state_done = CR_SAY(N_("completed"), 0),
		.state_open = CR_SAY(N_("open"), 0),
	},
	[K_RIVER] = {
		.name = N_("river"), .plural = N_("rivers"),
		.shape = CR_LINE, .close = CR_CLOSE_ENDS, .flags = CR_KIND_PAID,
		.beside = CR_OWN(K_MEADOW), .reason = CR_EV_FINAL, .price = river_price,
		.at_edge = N_("a %s must reach an edge"),
		.letter = 'R', .map = "~~", .map_ew = "~~", .pic = { "~~", "~~", "~/", "~\\" },
		.key = N_("~~ river"), .layer = 1, .strokes = { { "#1565c0", 12 } },
		.glyph = "<path d=\"M-9 0H9\" stroke=\"#1565c0\" stroke-width=\"6\"/>",
		.a = N_("a river"), .the = N_("the river"), .has_no = N_("has no river"),
		.has_many = N_("has more than one river"),
		.the_done = N_("the completed river"),
		.edge = NC_("edge", "river"), .word = NC_("feature", "river"),
		.why_done = CR_SAYN(N_("completed river of %d segment"),
		    N_("completed river of %d segments"), CR_N_TILES),
		.why_alt = CR_SAYN(N_("completed river loop of %d segment"),
		    N_("completed river loop of %d segments"), CR_N_TILES),
		.why_open = CR_SAYN(N_("incomplete river of %d segment"),
		    N_("incomplete river of %d segments"), CR_N_TILES),
		.count_and = CR_SAY(N_(", %d fish in its end lakes"), CR_N_PENNANTS),
		.arith = CR_SAY(": %d", CR_N_TILES),
		.count_plus = CR_SAY(" + %d", CR_N_PENNANTS),
		.sum_done = CR_SAY("%d", CR_N_TILES),
		.sum_open = CR_SAY("%d", CR_N_TILES),
		.line_done = CR_SAY(N_("river at %d,%d %s: completed\n"), 0),
		.line_open = CR_SAY(N_("river at %d,%d %s: open\n"), 0),
		.state_done = CR_SAY(N_("completed"), 0),
		.state_open = CR_SAY(N_("open"), 0),
	},
	[K_LAKE] = {
		.name = N_("lake"), .plural = N_("lakes"),
		.shape = CR_CENTRE, .close = CR_CLOSE_NEVER,
		.reason = CR_EV_FINAL,
		.at_centre = N_("a lake lies inside its tile; its at may only be [C]"),
		.map = "()", .pic = { "()" }, .key = N_("() lake"), .layer = 2,
		.fill = "#64b5f6", .stroke = "#1565c0",
		.glyph = "<circle r=\"16\" fill=\"#64b5f6\" stroke=\"#1565c0\" stroke-width=\"2\"/>",
		.a = N_("a lake"), .the = N_("the lake"), .has_no = N_("has no lake"),
		.has_many = N_("has more than one lake"), .the_done = N_("the lake"),
		.edge = NC_("edge", "lake"), .word = NC_("feature", "lake"),
		.line_open = CR_SAY(N_("lake at %d,%d %s\n"), 0),
		.state_open = CR_SAY(N_("a lake"), 0),
	},
	[K_MEADOW] = {
		.name = N_("meadow"), .plural = N_("meadows"),
		.shape = CR_AREA, .close = CR_CLOSE_NEVER, .flags = CR_KIND_LAND,
		.reason = CR_EV_FARM,
		.letter = 'M', .map = "..", .pic = { ".." }, .key = N_(".. meadow"),
		.fill = "#aed581", .stroke = "#7cb342",
		.a = N_("a meadow"), .the = N_("the meadow"), .has_no = N_("has no meadow"),
		.has_many = N_("has more than one meadow"), .the_done = N_("the meadow"),
		.edge = NC_("edge", "meadow"), .word = NC_("feature", "meadow"),
		.line_open = CR_SAY(N_("meadow at %d,%d %s\n"), 0),
		.state_open = CR_SAY(N_("a meadow"), 0),
	},
};

static const struct cr_look gold_look[] = { { .pic = "$$", .key = N_("$$ gold nugget"),
	.svg = "<circle r=\"4.5\" fill=\"#f4c20d\" stroke=\"#6b5500\" stroke-width=\"1.2\"/>",
	.svg_key = N_("gold nugget"),
	.word = N_("gold nugget"), .with = CR_SAYN(N_(" with %d gold nugget"),
	N_(" with %d gold nuggets"), CR_N_VALUE) } };
static const struct cr_look mushroom_look[] = { { .pic = "**",
	.svg = "<path d=\"M-6 1A6 6 0 0 1 6 1Z M-1.5 1V6H1.5V1Z\" fill=\"#c0392b\" "
	"stroke=\"#fff\" stroke-width=\"1\"/>", .svg_key = N_("mushroom clearing"),
	.key = N_("** sacred mushrooms"), .word = N_("mushroom clearing"),
	.with = CR_SAYN(N_(" with %d mushroom clearing"), N_(" with %d mushroom clearings"),
	CR_N_VALUE) } };
static const struct cr_look fish_look[] = { { .pic = "<>", .key = N_("<> fish"),
	.svg = "<path d=\"M-7 0Q-1-6 5 0Q-1 6-7 0Z M5 0L8-3V3Z\" fill=\"#ff8f00\" "
	"stroke=\"#fff\" stroke-width=\"1\"/>", .svg_key = N_("fish"),
	.word = N_("fish"), .with = CR_SAY(N_(" with %d fish"), CR_N_VALUE) } };
static const struct cr_look deer_look[] = { { .pic = "dd", .key = N_("dd deer"),
	.svg = "<path d=\"M0-6L6 5H-6Z\" fill=\"#8d6e63\" stroke=\"#fff\" stroke-width=\"1.2\"/>",
	.svg_key = N_("deer"),
	.word = N_("deer"), .with = CR_SAY(N_(" with %d deer"), CR_N_VALUE) } };
static const struct cr_look mammoth_look[] = { { .pic = "MM", .key = N_("MM mammoth"),
	.svg = "<circle r=\"6.5\" fill=\"#5d4037\" stroke=\"#fff\" stroke-width=\"1.2\"/>",
	.svg_key = N_("mammoth"),
	.word = N_("mammoth"), .with = CR_SAYN(N_(" with %d mammoth"), N_(" with %d mammoths"),
	CR_N_VALUE) } };
static const struct cr_look aurochs_look[] = { { .pic = "AA", .key = N_("AA aurochs"),
	.svg = "<rect x=\"-5.5\" y=\"-5.5\" width=\"11\" height=\"11\" fill=\"#212121\" "
	"stroke=\"#fff\" stroke-width=\"1.2\"/>", .svg_key = N_("aurochs"),
	.word = N_("aurochs"), .with = CR_SAY(N_(" with %d aurochs"), CR_N_VALUE) } };
static const struct cr_look tiger_look[] = { { .pic = "TT", .key = N_("TT sabre-toothed tiger"),
	.svg = "<path d=\"M0-7L7 0L0 7L-7 0Z\" fill=\"#ef6c00\" stroke=\"#000\" stroke-width=\"1.5\"/>",
	.svg_key = N_("tiger"),
	.word = N_("tiger"), .with = CR_SAYN(N_(" with %d tiger"), N_(" with %d tigers"),
	CR_N_VALUE) } };
static const struct cr_look fire_look[] = { { .pic = "!!", .key = N_("!! fire"),
	.svg = "<path d=\"M0-8C4-3 6 1 4 5Q0 8-4 5C-6 1-3-2 0-8Z\" fill=\"#e53935\" "
	"stroke=\"#ffeb3b\" stroke-width=\"1.2\"/>", .svg_key = N_("fire"),
	.word = N_("fire"), .with = CR_SAY(N_(" with a fire"), 0) } };
static const struct cr_look shrine_look[] = { { .pic = "++", .key = N_("++ shrine"),
	.svg = "<path d=\"M-2-7H2V-2H7V2H2V7H-2V2H-7V-2H-2Z\" fill=\"#fff\" stroke=\"#6d4c41\" "
	"stroke-width=\"1.2\"/>", .svg_key = N_("shrine"),
	.word = N_("shrine"), .with = CR_SAY(N_(" with a shrine"), 0) } };
static const struct cr_look bonus_look[] = { { .word = N_("bonus tile"),
	.with = CR_SAY(N_(", a bonus tile"), 0) } };
static const struct cr_look volcano_look[] = { { .pic = "^v", .key = N_("^v volcano"),
	.word = N_("volcano") } };

static const struct cr_attr attrs[] = {
	[A_END] = { .key = "end", .type = CR_ATTR_END,
	    .only = N_("only rivers end on a tile, and %s is not one"),
	    .bad = N_("end must be %s, not %s") },
	[A_GOLD] = { .key = "gold", .type = CR_ATTR_COUNT, .on = CR_OWN(K_FOREST), .max = 9,
	    .where = CR_IN, .looks = gold_look,
	    .only = N_("only forests hold gold, and %s is not one") },
	[A_MUSHROOMS] = { .key = "mushrooms", .type = CR_ATTR_COUNT, .flags = CR_ATTR_SUMMED,
	    .on = CR_OWN(K_FOREST), .max = 9, .where = CR_IN, .looks = mushroom_look,
	    .only = N_("only forests hold mushroom clearings, and %s is not one") },
	[A_FISH] = { .key = "fish", .type = CR_ATTR_COUNT, .on = CR_OWN(K_LAKE),
	    .on2 = CR_OWN(K_RIVER), .max = 9, .where = CR_IN, .looks = fish_look,
	    .only = N_("only lakes and rivers hold fish, and %s is not one") },
	[A_ARMS] = { .key = "arms", .type = CR_ATTR_EDGES, .on = CR_OWN(K_LAKE),
	    .only = N_("only a lake has arms, and %s is not one") },
	[A_DEER] = { .key = "deer", .type = CR_ATTR_COUNT, .on = CR_OWN(K_MEADOW), .max = 9,
	    .where = CR_IN, .looks = deer_look,
	    .only = N_("only meadows hold deer, and %s is not one") },
	[A_MAMMOTH] = { .key = "mammoth", .type = CR_ATTR_COUNT, .on = CR_OWN(K_MEADOW), .max = 9,
	    .where = CR_IN, .looks = mammoth_look,
	    .only = N_("only meadows hold mammoths, and %s is not one") },
	[A_AUROCHS] = { .key = "aurochs", .type = CR_ATTR_COUNT, .on = CR_OWN(K_MEADOW), .max = 9,
	    .where = CR_IN, .looks = aurochs_look,
	    .only = N_("only meadows hold aurochs, and %s is not one") },
	[A_TIGER] = { .key = "tiger", .type = CR_ATTR_COUNT, .on = CR_OWN(K_MEADOW), .max = 9,
	    .where = CR_IN, .looks = tiger_look,
	    .only = N_("only meadows hold tigers, and %s is not one") },
	[A_FIRE] = { .key = "fire", .type = CR_ATTR_FLAG, .on = CR_OWN(K_MEADOW), .where = CR_IN,
	    .looks = fire_look, .only = N_("only a meadow has a fire, and %s is not one") },
	[A_SHRINE] = { .key = "shrine", .type = CR_ATTR_FLAG, .on = CR_OWN(K_MEADOW),
	    .where = CR_IN, .looks = shrine_look,
	    .only = N_("only a meadow has a shrine, and %s is not one") },
	[A_BONUS] = { .key = "bonus", .type = CR_ATTR_TILE, .where = CR_ANYWHERE,
	    .looks = bonus_look },
	[A_VOLCANO] = { .key = "volcano", .type = CR_ATTR_MARK, .where = CR_ANYWHERE,
	    .looks = volcano_look },
};

static const struct cr_end ends[] = {
	[E_SPRING] = { "spring", CR_STOP_NEAR, false, { .pic = "o ", .key = N_("o  spring"),
	    .word = N_("spring") } },
	[E_LAKE] = { "lake", CR_STOP_CENTRE, false, { .word = N_("lake") } },
};

static const struct cr_pool pools[] = {
	[POOL_MEMBER] = { N_("tribe member"), N_("tribe members"), 5, N_("members"), NULL },
	[POOL_HUT] = { N_("hut"), N_("huts"), 2, N_("huts"), NULL },
};

static const char *const hunter_words[] = { "h", "chasseur", NULL };
static const char *const gatherer_words[] = { "g", "cueilleur", NULL };
static const char *const fisher_words[] = { "f", "pêcheur", "pecheur", NULL };
static const char *const hut_words[] = { "hutte", NULL };

static const struct cr_piece pieces[] = {
	[PC_HUNTER] = { .word = N_("hunter"), .plural = N_("hunters"), .aliases = hunter_words,
	    .kind = CR_OWN(K_MEADOW), .kind2 = CR_OWN(K_MEADOW), .pool = POOL_MEMBER,
	    .weight = 1, .flags = CR_PIECE_FOLLOWER, .cname = NC_("piece", "hunter") },
	[PC_GATHERER] = { .word = N_("gatherer"), .plural = N_("gatherers"),
	    .aliases = gatherer_words, .kind = CR_OWN(K_FOREST), .kind2 = CR_OWN(K_FOREST),
	    .pool = POOL_MEMBER, .weight = 1, .flags = CR_PIECE_FOLLOWER | CR_PIECE_STAYS,
	    .cname = NC_("piece", "gatherer") },
	[PC_FISHER] = { .word = N_("fisher"), .plural = N_("fishers"), .aliases = fisher_words,
	    .kind = CR_OWN(K_RIVER), .kind2 = CR_OWN(K_RIVER), .pool = POOL_MEMBER,
	    .weight = 1, .flags = CR_PIECE_FOLLOWER | CR_PIECE_STAYS,
	    .cname = NC_("piece", "fisher") },
	[PC_HUT] = { .word = N_("hut"), .plural = N_("huts"), .aliases = hut_words,
	    .kind = CR_OWN(K_RIVER), .kind2 = CR_OWN(K_LAKE), .pool = POOL_HUT,
	    .weight = 0, .flags = CR_PIECE_STAYS, .does = N_("stands in its river system"),
	    .cname = NC_("piece", "hut"),
	    .svg = "<path d='M-9,6 L-9,-2 L0,-10 L9,-2 L9,6 Z'/>", .svg_key = N_("hut") },
};

static const char *const phrases[] = {
	[P_NONE] = "",
	[P_BONUS] = N_("bonus"),
	[P_NOT_DUE] = N_("{tile} is a bonus tile: one is drawn only when a land tile "
	    "completes a forest with gold"),
	[P_DUE] = N_("a bonus tile is due (a forest with gold was completed): {tile} is a "
	    "land tile"),
	[P_HUT_TAKEN] = N_("one hut per river system at placement"),
	[P_DRAW] = N_("draws a bonus tile"),
	[P_EMPTY] = N_("the bonus pile is empty"),
	[P_SECOND] = N_("no second bonus tile this turn"),
	[P_SYSTEM] = N_("river-system"),
	[P_MEADOW] = N_("meadow"),
};

const struct cr_ext cr_ext_hg = {
	.name = HG,
	.tiles = "hunters-gatherers.yaml",
	.kinds = kinds, .nkinds = sizeof kinds / sizeof kinds[0],
	.attrs = attrs, .nattrs = sizeof attrs / sizeof attrs[0],
	.ends = ends, .nends = sizeof ends / sizeof ends[0],
	.pools = pools, .npools = sizeof pools / sizeof pools[0],
	.pieces = pieces, .npieces = sizeof pieces / sizeof pieces[0],
	.phrases = phrases, .nphrases = P_NPHRASES,
	.state_size = sizeof(struct hg),
	.drawable = drawable,
	.drawable_first = true,
	.piece_ok = piece_ok,
	.completed = completed,
	.again = again,
	.discarded = discarded,
	.final = final,
	.keeps = keeps,
	.over = over,
	.start = start,
};

/* ---- the game ------------------------------------------------------------ */

/*
 * HG-9.3's checks that are this game's (items 2 and 3 beyond the kinds'):
 * a segment ending at a lake on a tile without one, or not an arm of
 * exactly one lake; several lakes without arms; a lake with no arm;
 * arms naming what is no segment ending at a lake.
 */
static const char *
type_check(const struct cr_tiletype *t, int *feature)
{
	int nlakes = 0, lake = -1;

	for (int s = 0; s < t->nseg; s++)
		if (t->seg[s].kind == own(K_LAKE))
			nlakes++, lake = s;
	for (int s = 0; s < t->nseg; s++) {
		int arms = t->seg[s].kind == own(K_LAKE) ? cr_tile_attr(t, s, attr(A_ARMS)) : 0;

		*feature = s;
		if (ends_in_lake(t, s) && nlakes == 0)
			return N_("a river ends at a lake, and the tile has none");
		if (t->seg[s].kind == own(K_LAKE) && nlakes > 1 && arms == 0)
			return N_("the tile has several lakes: say each one's arms");
		for (int d = 0; d < CR_NDIRS; d++) {
			bool seg_here = false;

			if (!(arms & (1 << d)))
				continue;
			for (int k = 0; k < t->nseg; k++)
				seg_here = seg_here || (ends_in_lake(t, k) &&
				    (t->seg[k].ports & (1u << CR_PORT_MID(d))));
			if (!seg_here)
				return N_("a lake's arms name an edge where no "
				    "river ends at a lake");
		}
		if (t->seg[s].kind == own(K_LAKE)) {
			bool fed = false;

			for (int k = 0; k < t->nseg; k++)
				fed = fed || (ends_in_lake(t, k) && lake_of(t, k) == s);
			if (!fed)
				return N_("a lake with no river flowing into it");
		}
		if (ends_in_lake(t, s) && lake_of(t, s) < 0)
			return N_("a river ending at a lake is an arm of no lake");
	}
	(void)lake;
	*feature = -1;
	return NULL;
}

/*
 * HG-9.4's code scheme.  How code reads: 'L' a land code (HG-, four edge
 * letters F M R, a number from 1 without leading zeros), 'B' a bonus
 * code (the same after HG-B), 0 neither; its letters into letters.
 */
static int
code_form(const char *code, char letters[5])
{
	const char *p = code;
	int form = 'L';

	if (strncmp(p, "HG-", 3) != 0 && strncmp(p, "hg-", 3) != 0)
		return 0;
	p += 3;
	if (toupper((unsigned char)*p) == 'B' && strlen(p) > 5)
		form = 'B', p++;
	for (int i = 0; i < 4; i++, p++) {
		int c = toupper((unsigned char)*p);

		if (c != 'F' && c != 'M' && c != 'R')
			return 0;
		letters[i] = (char)c;
	}
	letters[4] = '\0';
	if (*p < '1' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '\0' ? form : 0;
}

static bool
reserved(const char *w)
{
	static const char *const words[] = { "HG-END", "HG-DISCARD" };

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		size_t k = 0;

		while (words[i][k] != '\0' && toupper((unsigned char)w[k]) == words[i][k])
			k++;
		if (words[i][k] == '\0' && w[k] == '\0')
			return true;
	}
	return false;
}

/* A code or alias of HG-9.4's first rule: HG-, letters, digits, '-'. */
static bool
code_word(const char *w)
{
	if (toupper((unsigned char)w[0]) != 'H' || toupper((unsigned char)w[1]) != 'G' ||
	    w[2] != '-' || w[3] == '\0')
		return false;
	for (const char *p = w + 3; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && *p != '-')
			return false;
	return true;
}

/*
 * HG-9.3's checks of the set (items 5 and 6): a start type, no bonus
 * tile; each code and alias of HG-9.4's words, HG-END and HG-DISCARD
 * refused; a type other than the start coded by the scheme (land or
 * bonus as its bonus: says, its edges at the rotation whose letters come
 * first in alphabetical order); an alias of neither form.
 */
static const char *
set_check(const struct cr_tileset *ts, int *type)
{
	*type = -1;
	if (ts->start < 0)
		return N_("the set has no start tile: name one, like start: HG-VOLCANO");
	if (is_bonus(ts, ts->start))
		return N_("start tile \"%s\" is a bonus tile: the game starts on a land tile");
	for (int i = 0; i < ts->ntypes; i++) {
		const struct cr_tiletype *t = &ts->type[i];
		char letters[5], edges[5], least[5];
		int form;

		*type = i;
		if (!code_word(t->code))
			return N_("tile \"%s\": a code is HG- then letters, digits and -");
		if (reserved(t->code))
			return N_("tile \"%s\": HG-END and HG-DISCARD are words of the moves, "
			    "not codes");
		for (int a = 0; a < t->naliases; a++) {
			if (!code_word(t->alias[a]))
				return N_("tile \"%s\": an alias is HG- then letters, digits and -");
			if (reserved(t->alias[a]))
				return N_("tile \"%s\": HG-END and HG-DISCARD are words of the "
				    "moves, not aliases");
			if (code_form(t->alias[a], letters) != 0)
				return N_("tile \"%s\": an alias is a free word, never a land "
				    "or bonus code (HG-FIRE, not HG-FFMM9)");
		}
		if (i == ts->start)
			continue;
		form = code_form(t->code, letters);
		if (is_bonus(ts, i) && form != 'B')
			return N_("tile \"%s\" is a bonus tile: its code is HG-B, its edge "
			    "letters and a number, like HG-BMMRR1");
		if (!is_bonus(ts, i) && form == 'B')
			return N_("tile \"%s\" has a bonus tile's code: say bonus: true, or "
			    "give it a land code");
		if (form == 0)
			return N_("tile \"%s\": a land tile's code is HG-, its four edge letters "
			    "(F forest, M meadow, R river) and a number from 1, like HG-FFMM4");
		for (int d = 0; d < CR_NDIRS; d++)
			edges[d] = t->edge[d] == own(K_FOREST) ? 'F' :
			    t->edge[d] == own(K_RIVER) ? 'R' : 'M';
		edges[4] = '\0';
		if (strcmp(letters, edges) != 0)
			return N_("tile \"%s\": the code's letters are not its edges N E S W "
			    "(F forest, M meadow, R river)");
		memcpy(least, edges, sizeof least);
		for (int r = 1; r < CR_NDIRS; r++) {
			char turn[5];

			for (int d = 0; d < CR_NDIRS; d++)
				turn[d] = edges[(d + r) % CR_NDIRS];
			turn[4] = '\0';
			if (strcmp(turn, least) < 0)
				memcpy(least, turn, sizeof least);
		}
		if (strcmp(edges, least) != 0)
			return N_("tile \"%s\": rotation 0 is the turn whose edge letters come "
			    "first in alphabetical order (FFMM, never MFFM)");
	}
	*type = -1;
	return NULL;
}

static const char *const hg_on[] = { HG, NULL };
static const char *const hg_setkeys[] = { "bonus-pile", NULL };

const struct cr_rules cr_rules_hg = {
	.name = HG,
	.on = hg_on,
	.editions = 1,
	.edge_letters = N_("F forest, M meadow, R river"),
	.edge_example = "FFMM",
	.edge_letters_all = "FMR",
	.setkeys = hg_setkeys,
	.doubt = true,
	.prefix = "HG-",
	.type_check = type_check,
	.set_check = set_check,
};
