/*
 * dice.c -- the dice game's engine (rules/dice.h): turns as structures,
 * the layout and the size-only search, the checks of spec §4.10 in their
 * order, the game's state, events and undo.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dice.h"

static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { 1, 0, -1, 0 };

static unsigned
rot_mask(unsigned m, int rot)
{
	rot &= 3;
	return ((m << rot) | (m >> (4 - rot))) & 15;
}

int
dc_points(int n)
{
	return n >= 3 ? (n - 2) * (n - 1) / 2 : 0;
}

/* ------------------------------------------------------------------ */
/* Turns */

void
dc_turn_init(struct dc_turn *t)
{
	memset(t, 0, sizeof *t);
}

void
dc_turn_free(struct dc_turn *t)
{
	free(t->die);
	free(t->roll);
	dc_turn_init(t);
}

void
dc_turn_clear(struct dc_turn *t)
{
	struct dc_die *die = t->die;
	struct dc_roll *roll = t->roll;
	int capdie = t->capdie, caproll = t->caproll;

	memset(t, 0, sizeof *t);
	t->die = die;
	t->roll = roll;
	t->capdie = capdie;
	t->caproll = caproll;
}

static bool
grow(void **p, int *cap, int need, size_t size)
{
	void *q;
	int n;

	if (need <= *cap)
		return true;
	if (*cap > INT_MAX / 2)
		return false;
	n = *cap ? 2 * *cap : 8;
	if (n < need)
		n = need;
	if ((q = realloc(*p, (size_t)n * size)) == NULL)
		return false;
	*p = q;
	*cap = n;
	return true;
}

bool
dc_turn_copy(struct dc_turn *dst, const struct dc_turn *src)
{
	struct dc_turn t = *src;

	t.player = NULL;
	t.player_len = 0;
	t.die = NULL;
	t.roll = NULL;
	t.capdie = t.caproll = 0;
	if (!grow((void **)&t.die, &t.capdie, src->ndie, sizeof *t.die) ||
	    !grow((void **)&t.roll, &t.caproll, src->nroll, sizeof *t.roll)) {
		free(t.die);
		free(t.roll);
		return false;
	}
	if (src->ndie)
		memcpy(t.die, src->die, (size_t)src->ndie * sizeof *t.die);
	if (src->nroll)
		memcpy(t.roll, src->roll, (size_t)src->nroll * sizeof *t.roll);
	*dst = t;
	return true;
}

bool
dc_turn_add_roll(struct dc_turn *t, int column)
{
	if (!grow((void **)&t->roll, &t->caproll, t->nroll + 1, sizeof *t->roll))
		return false;
	t->roll[t->nroll++] = (struct dc_roll){ t->ndie, 0, column };
	return true;
}

bool
dc_turn_add_die(struct dc_turn *t, const struct dc_die *d)
{
	if (t->nroll == 0 || !grow((void **)&t->die, &t->capdie, t->ndie + 1, sizeof *t->die))
		return false;
	t->die[t->ndie++] = *d;
	t->roll[t->nroll - 1].n++;
	return true;
}

bool
dc_turn_append(struct dc_turn *t, const struct dc_turn *more)
{
	if (!grow((void **)&t->die, &t->capdie, t->ndie + more->ndie, sizeof *t->die) ||
	    !grow((void **)&t->roll, &t->caproll, t->nroll + more->nroll, sizeof *t->roll))
		return false;
	for (int k = 0; k < more->nroll; k++) {
		const struct dc_roll *r = &more->roll[k];

		t->roll[t->nroll++] = (struct dc_roll){ t->ndie, r->n, r->column };
		memcpy(&t->die[t->ndie], &more->die[r->first], (size_t)r->n * sizeof *t->die);
		t->ndie += r->n;
	}
	if (more->result != DC_RESULT_NONE) {
		t->result = more->result;
		t->size = more->size;
		t->result_column = more->result_column;
	}
	return true;
}

bool
dc_turn_drop_roll(struct dc_turn *t)
{
	if (t->nroll == 0)
		return false;
	t->ndie = t->roll[--t->nroll].first;
	t->result = DC_RESULT_NONE;
	t->result_column = 0;
	return true;
}

bool
dc_turn_layout(const struct dc_turn *t)
{
	for (int i = 0; i < t->ndie; i++)
		if (t->die[i].placed)
			return true;
	return false;
}

/* ------------------------------------------------------------------ */
/* Dice lying on squares: the layout, and the search's trial layouts */

struct lay {
	int	n;
	int	x[DC_NDICE], y[DC_NDICE], die[DC_NDICE];
	unsigned mask[DC_NDICE];		/* black sides as it lies */
	uint8_t	piece[DC_NDICE][4], np[DC_NDICE];
};

static int
lay_at(const struct lay *L, int x, int y)
{
	for (int i = 0; i < L->n; i++)
		if (L->x[i] == x && L->y[i] == y)
			return i;
	return -1;
}

static void
lay_put(struct lay *L, const struct dc_face *fc, int rot, int x, int y, int die)
{
	int i = L->n++;

	L->x[i] = x;
	L->y[i] = y;
	L->die[i] = die;
	L->mask[i] = rot_mask(fc->edges, rot);
	L->np[i] = fc->npieces;
	for (int p = 0; p < fc->npieces; p++)
		L->piece[i][p] = (uint8_t)rot_mask(fc->piece[p], rot);
}

/* The piece of die i that holds side s, -1 if s is white. */
static int
piece_of(const struct lay *L, int i, int s)
{
	for (int p = 0; p < L->np[i]; p++)
		if (L->piece[i][p] >> s & 1)
			return p;
	return -1;
}

/*
 * The city of piece p of die i: in[k] gets a bit per piece of die k in
 * it.  Returns its open sides (black ones with no die in front, or a
 * white side in front), each as die * 4 + side in open[] when not NULL.
 */
static int
lay_city(const struct lay *L, int i, int p, uint8_t in[DC_NDICE], int *open)
{
	int queue[4 * DC_NDICE], nq = 0, nopen = 0;

	memset(in, 0, DC_NDICE);
	in[i] = (uint8_t)(1u << p);
	queue[nq++] = i * 4 + p;
	for (int q = 0; q < nq; q++) {
		int a = queue[q] / 4, pa = queue[q] % 4;

		for (int s = 0; s < 4; s++) {
			int b, pb;

			if (!(L->piece[a][pa] >> s & 1))
				continue;
			b = lay_at(L, L->x[a] + dx[s], L->y[a] + dy[s]);
			if (b < 0 || (pb = piece_of(L, b, (s + 2) & 3)) < 0) {
				if (open != NULL)
					open[nopen] = a * 4 + s;
				nopen++;
				continue;
			}
			if (!(in[b] >> pb & 1)) {
				in[b] |= (uint8_t)(1u << pb);
				queue[nq++] = b * 4 + pb;
			}
		}
	}
	return nopen;
}

/* Every city of the layout; the largest closed one's size (and its
 * index in out) in *best, -1 for none. */
static int
lay_cities(const struct lay *L, struct dc_city *out, int max, int *best)
{
	uint8_t done[DC_NDICE] = { 0 }, in[DC_NDICE];
	int nc = 0, bestsize = 0;

	if (best != NULL)
		*best = -1;
	for (int i = 0; i < L->n; i++)
		for (int p = 0; p < L->np[i]; p++) {
			struct dc_city c = { 0 };

			if (done[i] >> p & 1)
				continue;
			c.closed = lay_city(L, i, p, in, NULL) == 0;
			for (int k = 0; k < L->n; k++) {
				done[k] |= in[k];
				if (in[k])
					c.die[c.n++] = L->die[k];
			}
			if (c.closed && c.n > bestsize && best != NULL) {
				bestsize = c.n;
				*best = nc;
			}
			if (nc < max)
				out[nc] = c;
			nc++;
		}
	return nc;
}

/* The dice of t with a square, in the order of the line (a square taken
 * twice keeps its first die). */
static void
lay_of_turn(const struct dc_faces *f, const struct dc_turn *t, struct lay *L)
{
	L->n = 0;
	for (int i = 0; i < t->ndie && L->n < DC_NDICE; i++) {
		const struct dc_die *d = &t->die[i];

		if (d->kind == DC_DIE_CITY && d->placed && d->face < DC_NFACES &&
		    lay_at(L, d->x, d->y) < 0)
			lay_put(L, &f->face[d->face], d->rot, d->x, d->y, i);
	}
}

int
dc_layout_cities(const struct dc_faces *f, const struct dc_turn *t, struct dc_city *out, int max)
{
	struct lay L;

	lay_of_turn(f, t, &L);
	return lay_cities(&L, out, max, NULL);
}

/* Does the die of mask m fit at x,y: each side against a neighbour of
 * the same colour? */
static bool
fits(const struct lay *L, int x, int y, unsigned m)
{
	for (int s = 0; s < 4; s++) {
		int b = lay_at(L, x + dx[s], y + dy[s]);

		if (b >= 0 && (m >> s & 1) != (L->mask[b] >> ((s + 2) & 3) & 1))
			return false;
	}
	return true;
}

int
dc_layout_fits(const struct dc_faces *f, const struct dc_turn *t, int face, struct dc_fit *out,
    int max)
{
	const struct dc_face *fc;
	struct lay L;
	int n = 0;

	if (face < 0 || face >= DC_NFACES)
		return 0;
	fc = &f->face[face];
	lay_of_turn(f, t, &L);
	for (int i = 0; i < (L.n ? L.n : 1); i++)
		for (int s = 0; s < (L.n ? 4 : 1); s++) {
			int x = L.n ? L.x[i] + dx[s] : 0, y = L.n ? L.y[i] + dy[s] : 0, dup = 0;

			if (lay_at(&L, x, y) >= 0)
				continue;
			for (int j = 0; j < i && !dup; j++)	/* a square beside two dice, once */
				for (int u = 0; u < 4; u++)
					dup |= L.x[j] + dx[u] == x && L.y[j] + dy[u] == y;
			for (int u = 0; u < s && !dup; u++)
				dup |= L.x[i] + dx[u] == x && L.y[i] + dy[u] == y;
			if (dup)
				continue;
			for (int r = 0; r < fc->nrots; r++)
				if (fits(&L, x, y, rot_mask(fc->edges, r))) {
					if (n < max)
						out[n] = (struct dc_fit){ x, y, r };
					n++;
				}
		}
	return n;
}

/* ------------------------------------------------------------------ */
/* The size-only search (spec §4.4) */

struct search {
	const struct dc_faces *f;
	int	avail[DC_NFACES], left;
	struct lay L;
	unsigned found;
};

/* Could some face still available lie at x,y, against its neighbours? */
static bool
square_possible(const struct search *S, int x, int y)
{
	for (int k = 0; k < DC_NFACES; k++) {
		const struct dc_face *fc = &S->f->face[k];

		if (S->avail[k] == 0)
			continue;
		for (int r = 0; r < fc->nrots; r++)
			if (fits(&S->L, x, y, rot_mask(fc->edges, r)))
				return true;
	}
	return false;
}

/*
 * Grow the city of the first die's seed piece: fill the square in front
 * of its first open side with each face and turn that fits, until it
 * closes.  Every die laid joins the city, so a closed city holds them all.
 */
static void
search_grow(struct search *S, int seed)
{
	uint8_t in[DC_NDICE];
	int open[4 * DC_NDICE], nopen, sq[4 * DC_NDICE][2], nsq = 0, x, y;

	unsigned reach = ((1u << (S->left + 1)) - 2) << S->L.n;	/* sizes n+1 .. n+left */

	nopen = lay_city(&S->L, 0, seed, in, open);
	if (nopen == 0) {
		S->found |= 1u << S->L.n;
		return;
	}
	if ((S->found & reach) == reach)
		return;		/* nothing new can come of it */
	/* The squares in front of the open sides: each needs a die of its own. */
	for (int o = 0; o < nopen; o++) {
		int a = open[o] / 4, s = open[o] % 4, k;

		x = S->L.x[a] + dx[s];
		y = S->L.y[a] + dy[s];
		if (lay_at(&S->L, x, y) >= 0)
			return;		/* a black side against a white one: never closes */
		for (k = 0; k < nsq && (sq[k][0] != x || sq[k][1] != y); k++)
			;
		if (k == nsq) {
			if (nsq == S->left || !square_possible(S, x, y))
				return;
			sq[nsq][0] = x;
			sq[nsq++][1] = y;
		}
	}
	x = sq[0][0];
	y = sq[0][1];
	for (int k = 0; k < DC_NFACES; k++) {
		const struct dc_face *fc = &S->f->face[k];

		if (S->avail[k] == 0)
			continue;
		S->avail[k]--;
		S->left--;
		for (int r = 0; r < fc->nrots; r++)
			if (fits(&S->L, x, y, rot_mask(fc->edges, r))) {
				lay_put(&S->L, fc, r, x, y, -1);
				search_grow(S, seed);
				S->L.n--;
			}
		S->avail[k]++;
		S->left++;
	}
}

static unsigned
search(const struct dc_faces *f, const int counts[DC_NFACES])
{
	struct search S = { .f = f, .found = 1 };

	for (int k = 0; k < DC_NFACES; k++) {
		S.avail[k] = counts[k];
		S.left += counts[k];
	}
	/* Every city is found from a die of the first face it holds, lying at
	 * 0,0 unturned: the faces before it are left out of that search. */
	for (int k = 0; k < DC_NFACES; k++) {
		const struct dc_face *fc = &f->face[k];

		if (counts[k] == 0)
			continue;
		S.avail[k]--;
		S.left--;
		for (int p = 0; p < fc->npieces; p++) {
			S.L.n = 0;
			lay_put(&S.L, fc, 0, 0, 0, -1);
			search_grow(&S, p);
		}
		S.left -= S.avail[k];
		S.avail[k] = 0;
	}
	return S.found;
}

unsigned
dc_formable(const struct dc_faces *f, const int counts[DC_NFACES])
{
	int total = 0, key = 0;
	unsigned found;

	for (int k = 0; k < DC_NFACES; k++) {
		if (counts[k] < 0 || counts[k] > DC_NDICE)
			return 1;
		total += counts[k];
		key = key * (DC_NDICE + 1) + counts[k];
	}
	if (total > DC_NDICE)
		return 1;
	if (f->cache != NULL && (f->cache[key] & 0x8000))
		return f->cache[key] & 0x7fff;
	found = search(f, counts);
	if (f->cache != NULL)
		f->cache[key] = (uint16_t)(found | 0x8000);
	return found;
}

/* ------------------------------------------------------------------ */
/* The game */

struct state {
	int		score[DC_MAXPLAYERS];
	bool		holding[DC_MAXPLAYERS];
	int		turn;
	bool		over;
	int		winner, end_move;
	enum dc_end	ended_by;
	int		nevents;
};

struct move {
	struct dc_turn	turn;
	int		player;
	struct state	before;
};

struct dc_game {
	const struct dc_faces *faces;
	int		nplayers;
	struct state	st;
	struct move	*move;
	int		nmoves, capmoves;
	struct dc_event	*ev;
	int		capev;
};

struct dc_game *
dc_game_new(const struct dc_faces *f, int nplayers)
{
	struct dc_game *g;

	if (f == NULL || nplayers < 1 || nplayers > DC_MAXPLAYERS ||
	    (g = calloc(1, sizeof *g)) == NULL)
		return NULL;
	g->faces = f;
	g->nplayers = nplayers;
	g->st.winner = -1;
	return g;
}

bool
dc_game_restart(struct dc_game *g, const struct dc_faces *f, int nplayers)
{
	if (f == NULL || nplayers < 1 || nplayers > DC_MAXPLAYERS)
		return false;
	for (int i = 0; i < g->nmoves; i++)
		dc_turn_free(&g->move[i].turn);
	g->nmoves = 0;
	memset(&g->st, 0, sizeof g->st);
	g->st.winner = -1;
	g->faces = f;
	g->nplayers = nplayers;
	return true;
}

void
dc_game_free(struct dc_game *g)
{
	if (g == NULL)
		return;
	for (int i = 0; i < g->nmoves; i++)
		dc_turn_free(&g->move[i].turn);
	free(g->move);
	free(g->ev);
	free(g);
}

const struct dc_faces *dc_game_faces(const struct dc_game *g) { return g->faces; }
int dc_game_nplayers(const struct dc_game *g) { return g->nplayers; }
int dc_game_turn(const struct dc_game *g) { return g->st.turn; }
bool dc_game_over(const struct dc_game *g) { return g->st.over; }
int dc_game_winner(const struct dc_game *g) { return g->st.winner; }
enum dc_end dc_game_ended_by(const struct dc_game *g) { return g->st.ended_by; }
int dc_game_nmoves(const struct dc_game *g) { return g->nmoves; }
int dc_game_nevents(const struct dc_game *g) { return g->st.nevents; }

int
dc_game_score(const struct dc_game *g, int player)
{
	return player >= 0 && player < g->nplayers ? g->st.score[player] : 0;
}

bool
dc_game_holding(const struct dc_game *g, int player)
{
	return player >= 0 && player < g->nplayers && g->st.holding[player];
}

/* The other players holding a knight, a bit each. */
static unsigned
holders(const struct dc_game *g)
{
	unsigned h = 0;

	for (int p = 0; p < g->nplayers; p++)
		if (p != g->st.turn && g->st.holding[p])
			h |= 1u << p;
	return h;
}

int
dc_game_dice(const struct dc_game *g)
{
	int n = DC_NDICE;

	for (unsigned h = holders(g); h; h &= h - 1)
		n--;
	return n;
}

const struct dc_turn *
dc_game_move(const struct dc_game *g, int i)
{
	return i >= 0 && i < g->nmoves ? &g->move[i].turn : NULL;
}

int
dc_game_move_player(const struct dc_game *g, int i)
{
	return i >= 0 && i < g->nmoves ? g->move[i].player : -1;
}

const struct dc_event *
dc_game_event(const struct dc_game *g, int i)
{
	return i >= 0 && i < g->st.nevents ? &g->ev[i] : NULL;
}

/* ------------------------------------------------------------------ */
/* Checking a turn */

enum mode {
	M_PREFIX,	/* a turn in progress: its last roll may be followed */
	M_ROLLS,	/* a whole turn's rolls, the result not looked at */
	M_FULL,		/* a whole turn */
};

/* What a checked turn comes to. */
struct outcome {
	struct dc_progress p;
	int	knights;
	int	size;		/* the city scored, or -1 for a knight kept */
	unsigned sizes;		/* size-only: the sizes the built faces can close */
	int	city_size;	/* layout: its largest closed city */
};

static bool
refuse(struct dc_refusal *why, enum dc_rkind kind, int column)
{
	why->kind = kind;
	why->column = column;
	return false;
}

/* The counts of a roll after the one before it (D3): nothing-to-roll,
 * dice-count, catapult-rerolled, reroll-set-aside. */
static bool
check_count(const struct dc_game *g, const struct dc_progress *p, int k, int shown,
    const struct dc_roll *r, struct dc_refusal *why)
{
	int want = k == 0 ? p->in_hand : p->to_throw, excess = shown - want;

	why->shown = shown;
	why->want = want;
	if (k == 0) {
		why->holders = holders(g);
		return shown == want || refuse(why, DC_R_DICE_COUNT, r->column);
	}
	why->catapults = p->catapults[k - 1];
	why->set_aside = p->set_aside[k - 1];
	if (want == 0)
		return refuse(why, DC_R_NOTHING_TO_ROLL, r->column);
	if (excess < 0)
		return refuse(why, DC_R_DICE_COUNT, r->column);
	if (excess == 0)
		return true;
	if (excess == p->catapults[k - 1]) {
		why->from_roll = k;
		return refuse(why, DC_R_CATAPULT_REROLLED, r->column);
	}
	if (excess == p->catapults_total) {
		why->from_roll = 1;
		why->catapults = p->catapults_total;
		return refuse(why, DC_R_CATAPULT_REROLLED, r->column);
	}
	return refuse(why, DC_R_REROLL_SET_ASIDE, r->column);
}

/* A city die on its square: free, and its sides against its neighbours'. */
static bool
check_square(const struct dc_faces *f, const struct dc_turn *t, int i, struct lay *L,
    struct dc_refusal *why)
{
	const struct dc_die *d = &t->die[i];
	unsigned m = rot_mask(f->face[d->face].edges, d->rot);
	int b = lay_at(L, d->x, d->y);

	if (b >= 0) {
		why->other = L->die[b];
		return refuse(why, DC_R_LAYOUT_SQUARE_TAKEN, d->column);
	}
	for (int s = 0; s < 4; s++)
		if ((b = lay_at(L, d->x + dx[s], d->y + dy[s])) >= 0 &&
		    (m >> s & 1) != (L->mask[b] >> ((s + 2) & 3) & 1)) {
			why->other = L->die[b];
			why->side = s;
			return refuse(why, DC_R_LAYOUT_EDGES, d->column);
		}
	if (L->n < DC_NDICE)		/* always: the counts allow nine dice */
		lay_put(L, &f->face[d->face], d->rot, d->x, d->y, i);
	return true;
}

static void
add_built(struct dc_progress *p, const struct dc_die *d, int roll, int i)
{
	if (p->nbuilt < DC_NDICE)
		p->built[p->nbuilt++] = (struct dc_built){ d->face, d->rot, d->x, d->y, roll, i };
}

/* One die of roll k (last: no roll follows it). */
static bool
check_die(const struct dc_faces *f, const struct dc_turn *t, int i, int k, bool last,
    bool final, struct lay *L, struct dc_progress *p, struct dc_refusal *why)
{
	const struct dc_die *d = &t->die[i];

	why->die = i;
	switch (d->kind) {
	case DC_DIE_CATAPULT:
		if (d->kept)
			return refuse(why, DC_R_CATAPULT_KEPT, d->column);
		p->catapults[k]++;
		break;
	case DC_DIE_UNNOTED:
		if (last)
			return refuse(why, DC_R_PLACEHOLDER_LAST_ROLL, d->column);
		break;
	case DC_DIE_KNIGHT:
		if (last || (final && !d->kept))	/* a prefix's last roll: not kept yet */
			p->knights_last++;
		else if (d->kept) {
			p->knights_aside++;
			p->set_aside[k]++;
		}
		break;
	default:
		if (d->face >= DC_NFACES)
			return refuse(why, DC_R_SYNTAX, d->column);
		if (p->layout && d->placed) {
			if (!check_square(f, t, i, L, why))
				return false;
			add_built(p, d, k + 1, i);
			p->set_aside[k] += !last;
		} else if (p->layout && d->kept)
			return refuse(why, DC_R_LAYOUT_MISSING_PLACE, d->column);
		else if (!p->layout && (last || d->kept)) {
			add_built(p, d, k + 1, i);
			p->set_aside[k] += !last;
		}
		break;
	}
	why->die = -1;
	return true;
}

/* The end, the player, the rolls; and in M_FULL the result. */
static bool
walk(const struct dc_game *g, const struct dc_turn *t, int who, enum mode mode,
    struct dc_refusal *why, struct outcome *o)
{
	const struct dc_faces *f = g->faces;
	struct dc_progress *p = &o->p;
	struct lay L = { 0 };

	memset(why, 0, sizeof *why);
	memset(o, 0, sizeof *o);
	why->die = why->other = why->winner = -1;
	why->player = g->st.turn;
	o->size = 0;
	o->sizes = 1;
	if (g->st.over) {
		why->ended_by = g->st.ended_by;
		why->winner = g->st.winner;
		why->move = g->st.end_move;
		why->score = g->st.winner >= 0 ? g->st.score[g->st.winner] : 0;
		return refuse(why, DC_R_GAME_OVER, t->column > 0 ? t->column : 1);
	}
	if (who != DC_WHO_ANY && who != g->st.turn) {
		why->named = who;
		return refuse(why, DC_R_WRONG_PLAYER, 1);
	}
	p->in_hand = dc_game_dice(g);
	p->to_throw = p->in_hand;
	p->rolls_left = DC_MAXROLLS;
	if (t->end)
		return true;
	if (t->nroll == 0 && mode != M_PREFIX)
		return refuse(why, DC_R_SYNTAX, t->column > 0 ? t->column : 1);
	p->layout = dc_turn_layout(t);
	for (int k = 0; k < t->nroll; k++) {
		const struct dc_roll *r = &t->roll[k];
		bool last = mode != M_PREFIX && k == t->nroll - 1;
		int shown = 0;

		why->roll = k + 1;
		if (k >= DC_MAXROLLS)
			return refuse(why, DC_R_FOURTH_ROLL, r->column);
		for (int i = r->first; i < r->first + r->n && shown < INT_MAX / 2; i++)
			shown += t->die[i].count;
		if (!check_count(g, p, k, shown, r, why))
			return false;
		why->shown = why->want = why->catapults = why->set_aside = 0;
		why->holders = 0;
		p->thrown[k] = shown;
		p->nrolls = k + 1;
		for (int i = r->first; i < r->first + r->n; i++)
			if (!check_die(f, t, i, k, last, k == t->nroll - 1, &L, p, why))
				return false;
		p->catapults_total += p->catapults[k];
		p->to_throw = last ? 0 : shown - p->catapults[k] - p->set_aside[k];
		p->rolls_left = DC_MAXROLLS - (k + 1);
		if (p->rolls_left == 0)
			p->to_throw = 0;
		if (p->catapults_total >= DC_NDICE)
			p->nine = true;
	}
	why->roll = 0;
	o->knights = p->knights_aside + p->knights_last;
	if (p->layout) {
		struct dc_city c[4 * DC_NDICE];
		int best, nc = lay_cities(&L, c, 4 * DC_NDICE, &best);

		(void)nc;
		o->city_size = best >= 0 ? c[best].n : 0;
		if (best >= 0) {
			why->ncity = c[best].n;
			memcpy(why->city, c[best].die, sizeof why->city);
		}
		o->sizes = 1u << o->city_size;
	} else if (mode != M_PREFIX) {
		int counts[DC_NFACES] = { 0 };

		for (int b = 0; b < p->nbuilt; b++)
			counts[p->built[b].face]++;
		o->sizes = dc_formable(f, counts);
	}
	if (mode != M_FULL)
		return true;

	/* The result. */
	why->nbuilt = p->nbuilt;
	for (int b = 0; b < p->nbuilt; b++)
		why->built[b] = p->built[b].die;
	why->sizes = o->sizes;
	why->city_size = o->city_size;
	why->knights = o->knights;
	why->knights_aside = p->knights_aside;
	why->knights_last = p->knights_last;
	why->size = t->size;
	if (p->nine) {
		if (t->result == DC_RESULT_NONE || (t->result == DC_RESULT_SIZE && t->size == 0))
			return true;
		return refuse(why, DC_R_CATAPULTS_RESULT, t->result_column);
	}
	switch (t->result) {
	case DC_RESULT_NONE:
		if (p->layout ? o->city_size >= 3 : (o->sizes & ~7u) != 0)
			return refuse(why, DC_R_RESULT_MISSING, t->column);
		o->size = p->layout ? o->city_size : 0;
		return true;
	case DC_RESULT_KNIGHT:
		if (o->knights < 3)
			return refuse(why, DC_R_KNIGHT_NEEDS_THREE, t->result_column);
		o->size = -1;
		return true;
	default:
		if (!p->layout) {
			if (t->size > 0 && (t->size > p->nbuilt || !(o->sizes >> t->size & 1)))
				return refuse(why, DC_R_CITY_NOT_FORMABLE, t->result_column);
		} else if (t->size != o->city_size)
			return refuse(why, DC_R_LAYOUT_RESULT, t->result_column);
		o->size = t->size;
		return true;
	}
}

bool
dc_game_check(const struct dc_game *g, const struct dc_turn *t, int who, struct dc_refusal *why)
{
	struct outcome o;

	return walk(g, t, who, M_FULL, why, &o);
}

bool
dc_game_check_prefix(const struct dc_game *g, const struct dc_turn *t, int who,
    struct dc_refusal *why, struct dc_progress *p)
{
	struct outcome o;
	bool ok = walk(g, t, who, M_PREFIX, why, &o);

	if (ok && p != NULL)
		*p = o.p;
	return ok;
}

bool
dc_game_claims(const struct dc_game *g, const struct dc_turn *t, unsigned *sizes, bool *knight,
    struct dc_refusal *why)
{
	struct outcome o;

	*sizes = 1;
	*knight = false;
	if (!walk(g, t, DC_WHO_ANY, M_ROLLS, why, &o))
		return false;
	if (o.p.nine)
		return true;
	*sizes = o.sizes | (o.p.layout ? 0 : 1);
	*knight = o.knights >= 3;
	return true;
}

void
dc_turn_complete(const struct dc_faces *f, struct dc_turn *t)
{
	int catapults = 0, counts[DC_NFACES] = { 0 }, nbuilt = 0;

	if (t->end || t->blank || t->nroll == 0)
		return;
	for (int i = 0; i < t->ndie; i++)
		catapults += t->die[i].kind == DC_DIE_CATAPULT;
	if (catapults >= DC_NDICE) {
		if (t->result == DC_RESULT_SIZE && t->size == 0)
			t->result = DC_RESULT_NONE;
		return;
	}
	if (t->result != DC_RESULT_NONE)
		return;
	if (dc_turn_layout(t)) {
		struct dc_city c[4 * DC_NDICE];
		struct lay L;
		int best;

		lay_of_turn(f, t, &L);
		lay_cities(&L, c, 4 * DC_NDICE, &best);
		if (best < 0 || c[best].n < 3) {
			t->result = DC_RESULT_SIZE;
			t->size = best < 0 ? 0 : c[best].n;
		}
		return;
	}
	for (int k = 0; k < t->nroll; k++) {
		const struct dc_roll *r = &t->roll[k];

		for (int i = r->first; i < r->first + r->n; i++) {
			const struct dc_die *d = &t->die[i];

			if (d->kind == DC_DIE_CITY && d->face < DC_NFACES &&
			    (d->kept || k == t->nroll - 1)) {
				counts[d->face]++;
				nbuilt++;
			}
		}
	}
	if (nbuilt <= DC_NDICE && (dc_formable(f, counts) & ~7u) == 0) {
		t->result = DC_RESULT_SIZE;
		t->size = 0;
	}
}

/* ------------------------------------------------------------------ */
/* Playing */

static bool
add_event(struct dc_game *g, const struct dc_event *e)
{
	if (!grow((void **)&g->ev, &g->capev, g->st.nevents + 1, sizeof *g->ev))
		return false;
	g->ev[g->st.nevents++] = *e;
	return true;
}

bool
dc_game_play(struct dc_game *g, const struct dc_turn *t, int who, struct dc_refusal *why)
{
	struct outcome o;
	struct state before = g->st;
	struct dc_event e = { 0 };
	struct move *m;
	int pl = g->st.turn;

	if (!walk(g, t, who, M_FULL, why, &o))
		return false;
	/* Memory first: a move is applied whole or not at all. */
	if (!grow((void **)&g->move, &g->capmoves, g->nmoves + 1, sizeof *g->move) ||
	    !grow((void **)&g->ev, &g->capev, g->st.nevents + 2, sizeof *g->ev))
		return refuse(why, DC_R_NOMEM, 0);
	m = &g->move[g->nmoves];
	if (!dc_turn_copy(&m->turn, t))
		return refuse(why, DC_R_NOMEM, 0);
	m->player = pl;
	m->before = before;
	g->nmoves++;
	if (t->end) {
		g->st.over = true;
		g->st.ended_by = DC_END_STOP;
		g->st.end_move = g->nmoves;
		return true;
	}
	if (o.p.nine)
		m->turn.result = DC_RESULT_NONE;
	else if (o.size >= 0) {
		m->turn.result = DC_RESULT_SIZE;
		m->turn.size = o.size;
	}
	e.move = g->nmoves;
	e.player = pl;
	e.nrolls = o.p.nrolls;
	memcpy(e.thrown, o.p.thrown, sizeof e.thrown);
	memcpy(e.catapults, o.p.catapults, sizeof e.catapults);
	e.doubled = g->st.holding[pl];
	g->st.holding[pl] = false;
	if (o.p.nine)
		e.feature = DC_EV_CATAPULTS;
	else if (o.size < 0) {
		e.feature = DC_EV_KNIGHT;
		e.knights = o.knights;
		e.again = e.doubled;
		g->st.holding[pl] = true;
	} else {
		e.feature = o.size > 0 ? DC_EV_CITY : DC_EV_NO_CITY;
		e.dice = o.size;
		e.base = dc_points(o.size);
		e.points = e.doubled ? 2 * e.base : e.base;
		g->st.score[pl] += e.points;
	}
	e.total = g->st.score[pl];
	add_event(g, &e);	/* the room was made above */
	if (o.p.nine || g->st.score[pl] >= DC_TARGET) {
		g->st.over = true;
		g->st.winner = pl;
		g->st.ended_by = o.p.nine ? DC_END_CATAPULTS : DC_END_POINTS;
		g->st.end_move = g->nmoves;
		e.feature = DC_EV_WIN;
		e.ended_by = g->st.ended_by;
		e.points = e.base = e.dice = e.knights = 0;
		e.again = false;
		add_event(g, &e);
	} else
		g->st.turn = (pl + 1) % g->nplayers;
	return true;
}

bool
dc_game_undo(struct dc_game *g)
{
	struct move *m;

	if (g->nmoves == 0)
		return false;
	m = &g->move[--g->nmoves];
	g->st = m->before;
	dc_turn_free(&m->turn);
	return true;
}

/* ------------------------------------------------------------------ */
/* Names */

const char *
dc_rkind_name(enum dc_rkind k)
{
	static const char *const names[DC_NRKINDS] = {
		[DC_R_NONE] = NULL,
		[DC_R_HEADER] = "header",
		[DC_R_UNREADABLE] = "unreadable",
		[DC_R_DATA_CHECK] = "data-check",
		[DC_R_SYNTAX] = "syntax",
		[DC_R_UNKNOWN_FACE] = "unknown-face",
		[DC_R_FACE_NOT_IN_DATA] = "face-not-in-data",
		[DC_R_AMBIGUOUS_FACE] = "ambiguous-face",
		[DC_R_GAME_OVER] = "game-over",
		[DC_R_WRONG_PLAYER] = "wrong-player",
		[DC_R_FOURTH_ROLL] = "fourth-roll",
		[DC_R_NOTHING_TO_ROLL] = "nothing-to-roll",
		[DC_R_DICE_COUNT] = "dice-count",
		[DC_R_CATAPULT_REROLLED] = "catapult-rerolled",
		[DC_R_REROLL_SET_ASIDE] = "reroll-set-aside",
		[DC_R_CATAPULT_KEPT] = "catapult-kept",
		[DC_R_PLACEHOLDER_LAST_ROLL] = "placeholder-last-roll",
		[DC_R_LAYOUT_MISSING_PLACE] = "layout-missing-place",
		[DC_R_LAYOUT_SQUARE_TAKEN] = "layout-square-taken",
		[DC_R_LAYOUT_EDGES] = "layout-edges",
		[DC_R_CATAPULTS_RESULT] = "catapults-result",
		[DC_R_RESULT_MISSING] = "result-missing",
		[DC_R_KNIGHT_NEEDS_THREE] = "knight-needs-three",
		[DC_R_CITY_NOT_FORMABLE] = "city-not-formable",
		[DC_R_LAYOUT_RESULT] = "layout-result",
		[DC_R_NOMEM] = "out-of-memory",
	};

	return (int)k >= 0 && k < DC_NRKINDS ? names[k] : NULL;
}

const char *
dc_end_name(enum dc_end e)
{
	static const char *const names[] = { NULL, "points", "catapults", "end" };

	return (int)e >= 0 && (size_t)e < sizeof names / sizeof names[0] ? names[e] : NULL;
}

const char *
dc_feature_name(enum dc_feature f)
{
	static const char *const names[] = { "city", "no-city", "knight", "catapults", "win" };

	return (int)f >= 0 && (size_t)f < sizeof names / sizeof names[0] ? names[f] : NULL;
}
