/*
 * ext-hills.c -- Hills & Sheep: hills, vineyards, the shepherd and its
 * flock.
 *
 * Hills.  A tile with a hill has an unknown tile slid under it as it is
 * placed: one tile fewer to draw (cr_supply_hide), nothing written.  A
 * tie for a road, city or field (during play or at the end; edition 1:
 * the farmers around a city) is won by the tied players with a follower
 * on a hill tile of it; with none on a hill the tie stands.  The weight
 * decides first: a big meeple (2) beats two meeples only by a hill.
 *
 * Vineyards.  A cloister completed during play scores 3 more per vineyard
 * tile among its 8 neighbours; at the end, nothing for vineyards.
 *
 * The shepherd goes on a field of the new tile with no other shepherd,
 * and draws a token from the bag at once (written on the line:
 * shepherd@W sheep=2): sheep stay by it, a wolf sends it home and goes
 * back into the bag.  It is not a follower: it weighs nothing and blocks
 * nobody's farmer.  When a player's tile extends the field of their own
 * shepherd, the line makes the flock's choice before any piece, as the
 * book says ("avant de pouvoir placer un partisan"):
 *   grow sheep=N	a token drawn: sheep join the flock;
 *   grow wolf		the wolf: every shepherd on the field home, no points,
 *			their tokens and the wolf back into the bag;
 *   herd		every shepherd on the field scores all its sheep, goes
 *			home, the tokens back into the bag.
 * A shepherd freed by the choice may go down again on the same tile.
 * A flock whose field is closed is scored at once, in whoever's turn
 * (spec/notation.md), after the choice and the piece: a shepherd put on a
 * field its own tile closes draws, then is scored.  Shepherds left at the
 * end score nothing.
 *
 * The bag is data: the set file's tokens (sheep-1 ... sheep-4, wolf).
 * Tokens stay with the shepherd that drew them (a field's flock is the
 * sum over its shepherds), so fields joining never move them.
 */
#include <string.h>

#include "ext.h"

static const struct cr_pool pools[] = {
	{ N_("shepherd"), N_("shepherds"), 1, N_("shepherd"), NULL },
};

static const char *const shepherd_words[] = { "berger", NULL };
static const struct cr_piece pieces[] = {
	{ N_("shepherd"), N_("shepherds"), shepherd_words, CR_FIELD, CR_FIELD, 0, 0, CR_PIECE_TOKEN,
	  N_("keeps its flock: its owner's tile that extends the field grows it or herds it; "
	  "scored when the field closes; nothing at the end"), NULL, NC_("piece", "shepherd"),
	  "<path d=\"M-2.5-2.5L-8-1L-8.5 2L-3 3L-7 9L-1 9L0 6L1 9L7 9L3 3L8.5 2L8-1L2.5-2.5Z"
	  "M3.5-5.5A3.5 3.5 0 1 1-3.5-5.5A3.5 3.5 0 1 1 3.5-5.5Z\"/><path d=\"M10 9V-5A3 3 0 "
	  "0 0 4-5\" fill=\"none\" stroke-width=\"1.8\"/>", N_("shepherd"), NULL },
};

/* Tile marks: a hill (a tile slides under it, a follower on it breaks a
 * tie), a vineyard (3 more to a cloister completed beside it). */
enum { A_HILL, A_VINEYARD };
static const struct cr_look hill_look[] = { {
	.pic = "^^", .key = N_("^^ hill"), .word = NC_("mark", "hill"),
	.svg = "<path d=\"M-9 6L0-7L9 6Z\" fill=\"#8d6e63\" stroke=\"#fff\" stroke-width=\"1.2\"/>",
	.svg_key = N_("hill"),
	.svg_tile = "<ellipse cx=\"50\" cy=\"55\" rx=\"40\" ry=\"30\" fill=\"#8d6e63\" "
	    "fill-opacity=\".3\"/>",
} }, vineyard_look[] = { {
	.pic = "Vi", .key = N_("Vi vineyard"), .word = NC_("mark", "vineyard"),
	.svg = "<g fill=\"#6c3483\" stroke=\"#fff\" stroke-width=\".8\"><circle cx=\"-3\" "
	    "cy=\"-2\" r=\"3.2\"/><circle cx=\"3\" cy=\"-2\" r=\"3.2\"/><circle cy=\"3\" "
	    "r=\"3.2\"/></g>", .svg_key = N_("vineyard"),
} };
static const struct cr_attr attrs[] = {
	[A_HILL] = { .key = "hill", .type = CR_ATTR_MARK, .where = CR_ANYWHERE, .looks = hill_look },
	[A_VINEYARD] = { .key = "vineyard", .type = CR_ATTR_MARK, .where = CR_ANYWHERE,
	    .looks = vineyard_look },
};

static const char *const sheep_words[] = { "mouton", "moutons", NULL };
static const char *const wolf_words[] = { "loup", NULL };
enum { TK_SHEEP, TK_WOLF };
static const struct cr_token tokens[] = {
	[TK_SHEEP] = { .word = "sheep", .aliases = sheep_words, .min = 1, .max = 4 },
	[TK_WOLF] = { .word = "wolf", .aliases = wolf_words },
};

static const char *const grow_words[] = { "agrandir", NULL };
static const char *const herd_words[] = { "rassembler", NULL };
enum { CH_GROW, CH_HERD };
static const struct cr_choice choices[] = {
	[CH_GROW] = { "grow", grow_words, true },
	[CH_HERD] = { "herd", herd_words, false },
};

enum { P_NONE, P_FLOCK, P_HERDED, P_CLOSED, P_WOLF, P_SHEEP, P_VINEYARDS, P_HILL, P_IF_HERDED,
    P_NOT_DUE, P_DUE, P_NO_TOKEN, P_TAKEN, P_SLIDE };
static const char *const phrases[] = {
	[P_NONE] = "",
	[P_FLOCK] = N_("flock"),
	[P_HERDED] = N_("herded"),
	[P_CLOSED] = N_("its field closed"),
	[P_WOLF] = N_("scattered by the wolf"),
	[P_SHEEP] = N_("sheep"),
	[P_VINEYARDS] = N_("vineyards"),
	[P_HILL] = N_("a follower on a hill breaks the tie"),
	[P_IF_HERDED] = N_("if herded now"),
	[P_NOT_DUE] = N_("a flock's choice is made only by a tile that extends the field of "
	    "the player's own shepherd: {tile} at {pos} extends none of {player}'s"),
	[P_DUE] = N_("{tile} at {pos} extends the field of {player}'s shepherd: the line "
	    "makes the flock's choice before any piece (grow sheep=N, grow wolf or herd)"),
	[P_TAKEN] = N_("one shepherd a field: {piece}@{spot} of {tile} at {pos} is on a "
	    "field where {player}'s shepherd stands"),
	[P_SLIDE] = N_("{tile} at {pos} has a hill: slide one tile from the supply under it, "
	    "face down, unseen"),
};

static const struct cr_plural plurals[] = {
	[P_NO_TOKEN] = NP_("the bag holds no {token} now: the only one is out on the board",
	    "the bag holds no {token} now: all {n} are out on the board"),
};

/* The bag's kinds: [0] the wolves, [n] the tokens of n sheep. */
#define NKINDS	5
static const char *const bag_names[NKINDS] = {
	"wolf", "sheep-1", "sheep-2", "sheep-3", "sheep-4",
};

struct hills {
	int	bag[NKINDS];			/* tokens in the bag */
	int	total[NKINDS];			/* in the game (the set's data) */
	int8_t	flock[CR_MAXPLAYERS][NKINDS];	/* by each player's shepherd */
	int	shepherd[CR_MAXPLAYERS];	/* its figure while on the board, -1 */
	int	hidden;				/* tiles slid unseen under hills */
};

/* A hook's test with its engine calls inlined into its one frame (gcc's
 * and clang's flatten; the engine's own functions too, with gcc's
 * link-time optimisation): asked every move, or for every shepherd. */
#if defined(__GNUC__) || defined(__clang__)
#define FLAT	__attribute__((flatten))
#else
#define FLAT
#endif

/* The numbers (over all modules) of our tokens, choices and shepherd,
 * and the hill's bit in a tile's marks, looked up once (start): the
 * tables never change; a move's words are compared with them, several
 * times a move, without a call. */
static struct {
	int	 token[2], choice[2], shepherd;
	uint32_t hill;
} id;

static void
number(int ext)
{
	id.shepherd = cr_ext_piece(ext, 0);
	id.hill = cr_attr_bit(cr_ext_attr(ext, A_HILL));
	for (int i = 1; cr_token(i) != NULL; i++)
		for (int k = 0; k < 2; k++)
			if (cr_token(i) == &tokens[k])
				id.token[k] = i;
	for (int i = 1; cr_choice(i) != NULL; i++)
		for (int k = 0; k < 2; k++)
			if (cr_choice(i) == &choices[k])
				id.choice[k] = i;
}

/* A token (CR_TOKEN) as a bag kind: 0 the wolf, n sheep; -1 not ours. */
static int
kind_of(int arg)
{
	int t = CR_TOKEN_ID(arg);

	if (t == id.token[TK_WOLF])
		return 0;
	if (t == id.token[TK_SHEEP] && CR_TOKEN_N(arg) >= 1 && CR_TOKEN_N(arg) < NKINDS)
		return CR_TOKEN_N(arg);
	return -1;
}

static int
choice_of(const struct cr_move *m)
{
	return m->choice == id.choice[CH_GROW] ? CH_GROW : m->choice == id.choice[CH_HERD] ?
	    CH_HERD : -1;
}

/* Is the move's choice one of ours (cr_choice_ext(m->choice) == ext)? */
static bool
ours(const struct cr_move *m)
{
	return m->choice != 0 && choice_of(m) >= 0;
}

/* Does the choice empty the mover's field (herd, or a wolf drawn)? */
static bool
clears(const struct cr_move *m)
{
	int c = choice_of(m);

	return c == CH_HERD || (c == CH_GROW && kind_of(m->choice_arg) == 0);
}

static int
start(struct cr_game *g, int ext)
{
	/* The bag's counts, looked up by name once per tile set (its
	 * derived number: never another set's) and kept for the next
	 * game's set-up. */
	static struct {
		uint64_t derived;
		int	 n[NKINDS];
	} memo;
	const struct cr_tileset *ts = cr_game_tileset(g);
	struct hills *h = cr_ext_state(g, ext);

	if (id.token[TK_SHEEP] == 0)
		number(ext);
	if (memo.derived != ts->derived || ts->derived == 0) {
		cr_tileset_tokens_of(ts, cr_exts[ext]->name, bag_names, NKINDS, memo.n);
		memo.derived = ts->derived;
	}
	for (int k = 0; k < NKINDS; k++)
		h->bag[k] = h->total[k] = memo.n[k] > 0 ? memo.n[k] : 0;
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		h->shepherd[p] = -1;
	return -1;	/* the base start tile */
}

/* Whether a tile type has the module's mark a (a hill). */
static bool
type_marked(const struct cr_game *g, int ext, int type, int a)
{
	return cr_game_tileset(g)->type[type].marks & cr_attr_bit(cr_ext_attr(ext, a));
}

/* Whether the placed tile (an index for cr_game_tile) has a hill. */
static bool
has_hill(const struct cr_game *g, int ext, int tile)
{
	return type_marked(g, ext, cr_game_tile(g, tile)->type, A_HILL);
}

/* The field root of player p's shepherd, -1 if it is not on the board. */
static int
own_root(const struct cr_game *g, const struct hills *h, int p)
{
	return h->shepherd[p] < 0 ? -1 : cr_figure_root(g, h->shepherd[p]);
}

static bool
member(const int *v, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return true;
	return false;
}

/*
 * The fields on the board that the move's tile joins to the mover's own
 * shepherd's field (its root among them), into out; how many, 0 when the
 * tile does not extend it.  At check time: the tile is not placed yet.
 */
static int
merged(const struct cr_game *g, const struct hills *h, const struct cr_move *m,
    const struct hood *hood, int *out, int max)
{
	const struct cr_tiletype *tt = &cr_game_tileset(g)->type[m->tile];
	int own = own_root(g, h, cr_game_turn(g)), n = 0;

	if (own < 0)
		return 0;
	if (!cr_move_touches(g, m, hood, own))
		return 0;	/* most tiles: nowhere near the flock */
	for (int s = 0; s < tt->nseg; s++) {
		int roots[CR_MAXJOINS], k;

		if (tt->seg[s].kind != CR_FIELD)
			continue;
		k = cr_move_joins(g, m, hood, s, roots);
		if (!member(roots, k, own))
			continue;
		for (int i = 0; i < k; i++)
			if (!member(out, n, roots[i]) && n < max)
				out[n++] = roots[i];
	}
	return n;
}

/* Tokens of the shepherds standing on fields with roots in r[0..n). */
static void
flock_on(const struct cr_game *g, const struct hills *h, const int *r, int n, int *tok)
{
	memset(tok, 0, NKINDS * sizeof *tok);
	for (int p = 0, np = cr_game_nplayers(g); p < np; p++)
		if (member(r, n, own_root(g, h, p)))
			for (int k = 0; k < NKINDS; k++)
				tok[k] += h->flock[p][k];
}

static bool
refuse(int ext, struct cr_refusal *why, int phrase)
{
	why->code = CR_R_EXT;
	why->ext = ext;
	why->phrase = CR_PHRASE(ext, phrase);
	return false;
}

/* move_ok's rest, for a mover with a shepherd or a choice on the line. */
static CR_NOINLINE bool
due_ok(const struct cr_game *g, int ext, const struct cr_move *m, const struct hood *hd,
    struct cr_refusal *why)
{
	const struct hills *h = cr_ext_cstate(g, ext);
	int turn = cr_game_turn(g), k;
	/* Due when the tile touches the field of the mover's shepherd. */
	bool n = cr_move_touches_figure(g, m, hd, h->shepherd[turn]);

	why->other_player = turn;
	if (m->choice == 0)
		return !n ? true : refuse(ext, why, P_DUE);
	if (!ours(m))
		return true;
	if (!n)
		return refuse(ext, why, P_NOT_DUE);
	if (choice_of(m) == CH_GROW && (k = kind_of(m->choice_arg)) >= 0 && h->bag[k] == 0) {
		why->arg = m->choice_arg;
		why->n = h->total[k];
		return refuse(ext, why, P_NO_TOKEN);
	}
	return true;
}

/* due_ok for a move without a choice, the mover's shepherd (figure fig)
 * on the board: the common move (four in five), its tile away from the
 * flock, answered here with a look at the edges alone; a tile that
 * touches the flock needs the choice (due_ok's answer, without its
 * frame).  Inline in move_ok, with the engine's look (link-time
 * optimisation): one frame, which pushes nothing on this path. */
static inline bool
calm_ok(const struct cr_game *g, int ext, const struct cr_move *m, const struct hood *hd,
    struct cr_refusal *why, int fig)
{
	/* The engine's check has found the squares around: the look at the
	 * edges below is then made inline, with no call to keep registers
	 * for (a hood to find is due_ok's, a jump). */
	if (hd == NULL)
		return due_ok(g, ext, m, hd, why);
	why->other_player = cr_game_turn(g);	/* as due_ok leaves it */
	if (!cr_move_touches_figure(g, m, hd, fig))
		return true;
	return refuse(ext, why, P_DUE);
}

/* The choice: made when due, and only then; its token in the bag.  Asked
 * every move: its engine calls inlined (the look at the edges among
 * them, with link-time optimisation), one frame for the whole test. */
FLAT static bool
move_ok(const struct cr_game *g, int ext, const struct cr_move *m, const struct hood *hd,
    struct cr_refusal *why)
{
	int fig;

	if (m->kind != CR_MOVE_PLACE)
		return true;
	if (m->choice != 0)
		return due_ok(g, ext, m, hd, why);
	fig = ((const struct hills *)cr_ext_cstate(g, ext))->shepherd[cr_game_turn(g)];
	return fig < 0 ? true : calm_ok(g, ext, m, hd, why, fig);	/* none: nothing due */
}

/*
 * A shepherd freed by the move's choice may go down again at once.  Asked
 * after move_ok accepted the move (ext.h's order): a choice of ours is
 * made only when due, the tile touching the field of the mover's
 * shepherd (due_ok), so a herd or a wolf on the line frees it: nothing
 * to look at on the board (merged, without a hood here, would find the
 * squares around twice).
 */
static bool
returns(const struct cr_game *g, int ext, const struct cr_move *m, int pool)
{
	(void)g;
	return pool == cr_piece_pool(cr_ext_piece(ext, 0)) && clears(m);
}

/* Does the move's tile touch the field of any shepherd on the board?
 * Flattened as move_ok: the look at the edges inline, once a shepherd. */
FLAT static bool
near(const struct cr_game *g, const struct hills *h, const struct cr_move *m,
    const struct hood *hd)
{
	for (int p = 0, np = cr_game_nplayers(g); p < np; p++)
		if (h->shepherd[p] >= 0 && cr_move_touches_figure(g, m, hd, h->shepherd[p]))
			return true;
	return false;
}

/* The shepherd: a field with no other shepherd, its token in the bag. */
static bool
piece_ok(const struct cr_game *g, int ext, const struct cr_move *m, const struct hood *hd,
    int seg, struct cr_refusal *why)
{
	const struct hills *h = cr_ext_cstate(g, ext);
	int r[CR_MAXJOINS * CR_MAXSEG], roots[CR_MAXJOINS], n = 0, k, left, nr;
	int turn = cr_game_turn(g);
	bool clear;

	if (m->role != id.shepherd)
		return true;
	if ((k = kind_of(m->arg)) < 0)
		return true;	/* not our token: the core has refused it */
	/* Asked after move_ok accepted the move (ext.h's order): a choice
	 * of ours is on the line only when due, the tile extending the
	 * mover's field; which fields it joins there matters only to the
	 * tokens a herd or a wolf puts back (below). */
	clear = clears(m);
	/* A shepherd already there, unless the choice sends it home first.
	 * The fields the segment joins are reached across the tile's edges,
	 * so a shepherd whose field the tile does not touch (most, a look
	 * at the edges) cannot be there: the joins are made only if one
	 * is touched. */
	nr = near(g, h, m, hd) ? cr_move_joins(g, m, hd, seg, roots) : 0;
	if (nr > 0 && !(clear && member(roots, nr, own_root(g, h, turn))))
		for (int p = 0, np = cr_game_nplayers(g); p < np; p++)
			if (member(roots, nr, own_root(g, h, p))) {
				why->other_player = p;
				return refuse(ext, why, P_TAKEN);
			}
	/* The token's kind in the bag as the choice leaves it. */
	left = h->bag[k];
	if (clear) {
		int back[NKINDS];

		n = merged(g, h, m, hd, r, (int)(sizeof r / sizeof r[0]));
		flock_on(g, h, r, n, back);
		left += back[k];
	} else if (choice_of(m) == CH_GROW && kind_of(m->choice_arg) > 0 &&
	    kind_of(m->choice_arg) == k)
		left--;
	if (left <= 0) {
		why->arg = m->arg;
		why->n = h->total[k];
		return refuse(ext, why, P_NO_TOKEN);
	}
	return true;
}

/* The flock on the field with root `root` as an event: how (a phrase:
 * herded, closed, the wolf), its sheep, tokens and shepherds' owners;
 * where: the tile a shepherd stands on, the mover's if it has one there
 * (who herds), else the first player's. */
static bool
flock_event(const struct cr_game *g, int ext, const struct hills *h, int root, int how,
    struct cr_event *ev)
{
	int sheep = 0, ntok = 0, at = -1, turn = cr_game_turn(g);

	memset(ev, 0, sizeof *ev);
	for (int p = 0, np = cr_game_nplayers(g); p < np; p++) {
		if (own_root(g, h, p) != root)
			continue;
		if (at < 0 || p == turn)
			at = cr_node_tile(g, cr_game_figure(g, h->shepherd[p])->node);
		ev->winners |= (uint8_t)(1u << p);
		ev->meeples[p] = 1;
		for (int k = 0; k < NKINDS; k++) {
			sheep += k * h->flock[p][k];
			ntok += h->flock[p][k];
		}
	}
	ev->reason = CR_EV_MODULE;
	ev->kind = CR_FIELD;
	ev->what = (uint16_t)CR_PHRASE(ext, P_FLOCK);
	ev->note = (uint16_t)CR_PHRASE(ext, how);
	ev->feature = root;
	if (at >= 0)
		ev->x = cr_game_tile(g, at)->x, ev->y = cr_game_tile(g, at)->y;
	ev->sub = (int16_t)ntok;
	ev->term[ev->nterm++] = (struct cr_term){ (int16_t)sheep, how == P_WOLF ? 0 : 1,
	    (uint16_t)CR_PHRASE(ext, P_SHEEP), 0 };
	cr_event_settle(ev);	/* sheep x 1, the wolf x 0 */
	return ev->winners != 0;
}

/* Score (or scatter, wolf) the flock on the field with root `root`:
 * every shepherd there goes home, the tokens back into the bag. */
static void
score_flock(struct cr_game *g, int ext, int root, int how, int move)
{
	struct hills *h = cr_ext_state(g, ext);
	struct cr_event ev;

	if (!flock_event(g, ext, h, root, how, &ev))
		return;
	for (int p = 0, np = cr_game_nplayers(g); p < np; p++) {
		if (!(ev.winners & (1u << p)))
			continue;
		for (int k = 0; k < NKINDS; k++) {
			h->bag[k] += h->flock[p][k];
			h->flock[p][k] = 0;
		}
		cr_figure_home(g, h->shepherd[p]);
		h->shepherd[p] = -1;
	}
	cr_game_pay(g, &ev, move);
}

/* The flock a field keeps, as it would be herded now. */
static bool
keeps(const struct cr_game *g, int ext, int root, struct cr_event *ev)
{
	return flock_event(g, ext, cr_ext_cstate(g, ext), root, P_IF_HERDED, ev);
}

/* The choice, on the board with the tile: before the piece. */
static void
choose(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	const struct hills *c;
	int p, root, k;

	if (!ours(m))
		return;
	c = cr_ext_cstate(g, ext);
	p = cr_game_turn(g);
	if ((root = own_root(g, c, p)) < 0)
		return;
	if (choice_of(m) == CH_HERD) {
		score_flock(g, ext, root, P_HERDED, move);
		return;
	}
	if ((k = kind_of(m->choice_arg)) == 0) {	/* the wolf: drawn and put back */
		score_flock(g, ext, root, P_WOLF, move);
		return;
	}
	if (k > 0) {
		struct hills *h = cr_ext_state(g, ext);

		h->bag[k]--;
		h->flock[p][k]++;
	}
}

/* The mover's shepherd went down with the token it drew. */
static void
shepherd_down(struct cr_game *g, int ext, const struct cr_move *m)
{
	struct hills *h = cr_ext_state(g, ext);
	int p = cr_game_turn(g), k = kind_of(m->arg);

	h->shepherd[p] = cr_game_nfigures(g) - 1;
	memset(h->flock[p], 0, sizeof h->flock[p]);
	if (k == 0) {	/* the wolf: the shepherd straight home */
		cr_figure_home(g, h->shepherd[p]);
		h->shepherd[p] = -1;
	} else if (k > 0) {
		h->bag[k]--;
		h->flock[p][k] = 1;
	}
}

/* Flocks on closed fields: scored at once, whoever's turn it is.  Out
 * of line: placed's every-move test then pays no frame for it. */
static CR_NOINLINE void
score_closed(struct cr_game *g, int ext, int move)
{
	const struct hills *c = cr_ext_cstate(g, ext);
	int done[CR_MAXPLAYERS], ndone = 0;

	for (int q = 0, np = cr_game_nplayers(g); q < np; q++) {
		int r;

		if (c->shepherd[q] < 0)	/* most players, most moves */
			continue;
		r = own_root(g, c, q);
		if (r >= 0 && cr_feature_open(g, r) == 0 && !member(done, ndone, r)) {
			done[ndone++] = r;
			score_flock(g, ext, r, P_CLOSED, move);
			c = cr_ext_cstate(g, ext);
		}
	}
}

/* Does the mover's shepherd, just put down, stand on a closed field? */
static bool
closed_under(const struct cr_game *g, int ext)
{
	int r = own_root(g, cr_ext_cstate(g, ext), cr_game_turn(g));

	return r >= 0 && cr_feature_open(g, r) == 0;
}

/* placed for a move that put a shepherd down or a hill tile. */
static CR_NOINLINE void
placed_rest(struct cr_game *g, int ext, const struct cr_move *m, int move, bool down)
{
	if (down)
		shepherd_down(g, ext, m);
	if (m->kind == CR_MOVE_PLACE && (cr_game_tileset(g)->type[m->tile].marks & id.hill) &&
	    cr_supply_hide(g))
		((struct hills *)cr_ext_state(g, ext))->hidden++;
	if (cr_move_closes(g, CR_FIELD) || (down && closed_under(g, ext)))
		score_closed(g, ext, move);
}

/*
 * A field is closed by the tile that joins it (most tiles close none), or
 * lies closed on the tile a shepherd just went down on (no other shepherd
 * stands on a closed field: scored at once).  The common move (no
 * shepherd, no hill) calls nothing here but its tail.
 */
static void
placed(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	/* The shepherd's number is never CR_ROLE_NONE's (0): numbered by
	 * start, which every game with the module calls first. */
	bool down = m->role == id.shepherd;

	if (down || (m->kind == CR_MOVE_PLACE &&
	    (cr_game_tileset(g)->type[m->tile].marks & id.hill)))
		placed_rest(g, ext, m, move, down);
	else if (cr_move_closes(g, CR_FIELD))	/* the flocks of the fields it closed */
		score_closed(g, ext, move);
}

/* The table's part: the tile move `move` hid under its hill (none when
 * the supply was empty), slid there by hand: a placement that took two
 * tiles out of the supply. */
static int
table(const struct cr_game *g, int ext, int move)
{
	const struct cr_move *m = cr_game_move(g, move - 1);

	if (m == NULL || m->kind != CR_MOVE_PLACE || !type_marked(g, ext, m->tile, A_HILL) ||
	    cr_game_drawn(g, move) < 2)
		return 0;
	return CR_PHRASE(ext, P_SLIDE);
}

/* The tiles slid under hills so far. */
static int
unseen(const struct cr_game *g, int ext)
{
	return ((const struct hills *)cr_ext_cstate(g, ext))->hidden;
}

/* A tied player keeps the win with a follower on a hill tile of it. */
static bool
on_hill(const struct cr_game *g, int ext, int root, int p)
{
	int id = root;

	do {
		int fig = cr_node_figure(g, id);

		if (fig >= 0 && has_hill(g, ext, cr_node_tile(g, id))) {
			const struct cr_figure *f = cr_game_figure(g, fig);

			if (f->on_board && f->player == p && f->weight > 0)
				return true;
		}
		id = cr_feature_next(g, id);
	} while (id != root);
	return false;
}

/* Edition 1's farmers around the city c: a farmer of p on a hill tile of
 * a field beside it. */
static bool
on_hill_by_city(const struct cr_game *g, int ext, int c, int p)
{
	for (int i = 0; i < cr_game_nfigures(g); i++) {
		const struct cr_figure *f = cr_game_figure(g, i);

		if (f->on_board && f->player == p && f->weight > 0 &&
		    cr_node_kind(g, f->node) == CR_FIELD && has_hill(g, ext, cr_node_tile(g, f->node)) &&
		    cr_feature_borders(g, cr_feature_root(g, f->node), c))
			return true;
	}
	return false;
}

static void
tiebreak(const struct cr_game *g, int ext, int root, struct cr_event *ev)
{
	uint8_t hill = 0;

	for (int p = 0, np = cr_game_nplayers(g); p < np; p++)
		if ((ev->winners & (1u << p)) && (ev->reason == CR_EV_FARM_CITY ?
		    on_hill_by_city(g, ext, root, p) : on_hill(g, ext, root, p)))
			hill |= (uint8_t)(1u << p);
	if (hill != 0 && hill != ev->winners) {
		ev->winners = hill;
		ev->tie = (uint16_t)CR_PHRASE(ext, P_HILL);
	}
}

/* Vineyards around a cloister completed during play: 3 each. */
static void
price(const struct cr_game *g, int ext, int root, struct cr_event *ev)
{
	const struct cr_placed *t;
	int n = 0;

	if (ev->kind != CR_CLOISTER || ev->reason != CR_EV_COMPLETED ||
	    ev->nterm >= sizeof ev->term / sizeof ev->term[0])
		return;
	t = cr_game_tile(g, cr_node_tile(g, root));
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++) {
			const struct cr_placed *o = (dx || dy) ? cr_game_at(g, t->x + dx, t->y + dy) :
			    NULL;

			if (o != NULL && type_marked(g, ext, o->type, A_VINEYARD))
				n++;
		}
	if (n > 0)
		ev->term[ev->nterm++] = (struct cr_term){ (int16_t)n, 3,
		    (uint16_t)CR_PHRASE(ext, P_VINEYARDS), 0 };
}

const struct cr_ext cr_ext_hills = {
	.name = "hills-sheep",
	.tiles = "hills-sheep.yaml",
	.attrs = attrs, .nattrs = sizeof attrs / sizeof attrs[0],
	.pools = pools, .npools = 1,
	.pieces = pieces, .npieces = 1,
	.tokens = tokens, .ntokens = 2,
	.choices = choices, .nchoices = 2,
	.choice_due = N_("then the flock's choice, before any meeple: %s (choose %s)\n"),
	.choose_help = N_("  When the tile extends the field of your own shepherd: choose grow sheep=N\n"
	    "  (the token drawn), choose grow wolf, or choose herd.  Then meeple or pass.\n"),
	.pass_help = N_("  After a flock's choice, or with it: pass herd.\n"),
	.phrases = phrases, .nphrases = sizeof phrases / sizeof phrases[0],
	.plurals = plurals, .nplurals = sizeof plurals / sizeof plurals[0],
	.state_size = sizeof(struct hills),
	.start = start,
	.move_ok = move_ok,
	.piece_ok = piece_ok,
	.returns = returns,
	.choose = choose,
	.placed = placed,
	.tiebreak = tiebreak,
	.price = price,
	.keeps = keeps,
	.table = table,
	.hidden = N_("under hills"),
	.unseen = unseen,
};
