/*
 * oracle-wf.c -- the Wheel of Fortune for the second referee (issue 21),
 * written from the contract (../shared/spec/wheel-of-fortune.md), not
 * from rules/wheel-of-fortune.c: the wheel's sections clockwise and their
 * crown spaces (2.2), the copies with an icon (2.3), the pig (W4, W5),
 * each action (W6-W11), the crown spaces scored and emptied (W12) and
 * taken (W13, W14), the copies counted (W20).  The board's features come
 * from the tile game's oracle (oracle.c, which lays the wheel's board as
 * the start): followers by the feature they stand on, a city's pennants,
 * the completed cities a field touches, each follower counted once (W19).
 * Its state is its own (struct wo_state): where the pig stands, who holds
 * each crown space, the copies drawn of each type and of those with an
 * icon.
 */
#include "oracle.c"

enum { WO_FORTUNE, WO_TAX, WO_FAMINE, WO_STORM, WO_INQUISITION, WO_PLAGUE, WO_N };
static const char *const wo_words[WO_N] = { "fortune", "tax", "famine", "storm",
	"inquisition", "plague" };
static const int wo_crowns[WO_N] = { 1, 2, 1, 2, 1, 2 };

/* The copies with an icon (2.3): by number, [0] number unknown. */
static const struct wo_icon {
	const char	*code;
	int		 n[4];
} wo_icons[] = {
	{ "N", { 2, 0, 0, 0 } }, { "V", { 6, 0, 0, 0 } }, { "U", { 7, 0, 0, 0 } },
	{ "X", { 0, 1, 0, 0 } }, { "WF-29", { 0, 0, 0, 1 } }, { "WF-31", { 0, 1, 0, 0 } },
	{ "WF-34", { 0, 1, 0, 0 } },
};
#define WO_NICONS	((int)(sizeof wo_icons / sizeof wo_icons[0]))

/* Deliberate faults, to see the comparison catch them (the report says
 * which were tried): 1 Tax k x (p + 1), 2 Storm counting the crown
 * followers as in supply, 3 Plague leaving the builder, 4 a crown alone on
 * two spaces scoring 3, 5 the pig moving one section too many, 6 Famine
 * paying a farmer per field only once per player. */
#ifndef WO_BREAK
#define WO_BREAK 0
#endif

struct wo_state {
	int	pig;
	int	n[WO_N];
	int	who[WO_N][2];
	bool	big[WO_N][2];
	int	used[WO_NICONS][4];	/* icon copies drawn, as wo_icon.n */
	int	drawn[512];		/* copies drawn of each type (lines), by type */
};

/* What the wheel's step of one line does (W4 (a)-(c)). */
struct wo_step {
	int	from, to, steps;
	int	pay[CR_MAXPLAYERS];		/* the action */
	bool	crowned;			/* the section's crown spaces held followers */
	int	crown[CR_MAXPLAYERS];		/* their award */
	bool	home[CR_MAXPLAYERS];		/* Plague: a follower sent home */
	int	hx[CR_MAXPLAYERS], hy[CR_MAXPLAYERS];
	bool	also[CR_MAXPLAYERS];		/* and a builder or pig with it */
	int	ax[CR_MAXPLAYERS], ay[CR_MAXPLAYERS];
	const char *aword[CR_MAXPLAYERS];
};

static void
wo_start(struct wo_state *st)
{
	memset(st, 0, sizeof *st);
	st->pig = WO_FORTUNE;	/* W1 */
}

static int
wo_icon_of(const struct cr_tileset *ts, int type)
{
	for (int i = 0; i < WO_NICONS; i++)
		if (strcmp(ts->type[type].code, wo_icons[i].code) == 0)
			return i;
	return -1;
}

/* W20: may a line say wheel=n (0: none) of a copy of type drawn now? */
static bool
wo_icon_ok(const struct cr_tileset *ts, const struct wo_state *st, int type, int n)
{
	int i = wo_icon_of(ts, type), left[4] = { 0 }, all = 0, plain;

	for (int k = 0; i >= 0 && k < 4; k++)
		all += left[k] = wo_icons[i].n[k] - st->used[i][k];
	plain = ts->type[type].count - st->drawn[type] - all;
	if (n == 0)
		return plain > 0;
	return i >= 0 && (left[n] > 0 || left[0] > 0);
}

/* The copy drawn, counted. */
static void
wo_draw(const struct cr_tileset *ts, struct wo_state *st, int type, int n)
{
	int i = wo_icon_of(ts, type);

	st->drawn[type]++;
	if (n > 0 && i >= 0)
		st->used[i][wo_icons[i].n[n] - st->used[i][n] > 0 ? n : 0]++;
}

/* Whether the oracle's piece of a meeple is a follower on a land tile
 * (not one of the board's squares: no piece ever stands there, W3). */
static bool
wo_follower(const struct cr_meeple *m)
{
	const struct or_piece *op = oracle_piece(m->role);

	return op != NULL && op->follower;
}

/* Player p's followers in their supply: the meeples and the big meeple
 * not on the board (oracle_supply) nor on a crown space. */
static int
wo_supply(const struct oracle *o, const struct wo_state *st, int p)
{
	int n = oracle_supply(o, p, OR_POOL_MEEPLE) + oracle_supply(o, p, OR_POOL_BIG);

	for (int s = 0; s < WO_N; s++)
		for (int k = 0; k < st->n[s]; k++)
			n -= st->who[s][k] == p && (WO_BREAK != 2 || s != WO_STORM);
	return n;
}

/*
 * Plague's choices (W11): for each player, the follower named (named[p],
 * the index in mee, -1 if none named); false with why when the line is
 * wrong: a square with no follower on a land tile, two for one player,
 * one missing for a player with several.
 */
static bool
wo_plague_choice(const struct cr_meeple *mee, int nm, int nplayers, const struct cr_move *m,
    int plague_id, int *chosen, const char **why)
{
	int count[CR_MAXPLAYERS] = { 0 }, one[CR_MAXPLAYERS];

	for (int p = 0; p < CR_MAXPLAYERS; p++)
		chosen[p] = -1, one[p] = -1;
	for (int i = 0; i < nm; i++)
		if (wo_follower(&mee[i]))
			count[mee[i].player]++, one[mee[i].player] = i;
	for (int k = 0; k < m->ndrawn; k++) {
		int f = -1;

		if (CR_TOKEN_ID(m->drawn[k].token) != plague_id)
			continue;
		for (int j = 0; j < k; j++)
			if (CR_TOKEN_ID(m->drawn[j].token) == plague_id &&
			    m->drawn[j].x == m->drawn[k].x && m->drawn[j].y == m->drawn[k].y)
				return *why = "plague-square-twice", false;
		for (int i = 0; i < nm; i++)
			if (wo_follower(&mee[i]) && mee[i].x == m->drawn[k].x && mee[i].y == m->drawn[k].y)
				f = i;
		if (f < 0)
			return *why = "plague-no-follower", false;
		if (chosen[mee[f].player] >= 0)
			return *why = "plague-twice", false;
		chosen[mee[f].player] = f;
	}
	for (int p = 0; p < nplayers; p++)
		if (chosen[p] < 0 && count[p] > 1)
			return *why = "plague-choice-missing", false;
		else if (chosen[p] < 0)
			chosen[p] = one[p];
	return true;
}

/*
 * The step of a line saying wheel=n (n > 0) for player mover, on the
 * board as o holds it before the tile (W5); false with why when the
 * line's plague words are wrong.  st is not changed (wo_apply).
 */
static bool
wo_step(const struct oracle *o, const struct wo_state *st, int nplayers, int mover, int n,
    const struct cr_move *m, int plague_id, struct wo_step *w, const char **why)
{
	struct cr_meeple mee[256];
	int nm = oracle_pieces(o, mee, 256), chosen[CR_MAXPLAYERS], nplague = 0;

	memset(w, 0, sizeof *w);
	w->from = st->pig, w->steps = n;
	w->to = (st->pig + n + (WO_BREAK == 5)) % WO_N;
	for (int k = 0; k < m->ndrawn; k++)
		nplague += CR_TOKEN_ID(m->drawn[k].token) == plague_id;
	if (w->to != WO_PLAGUE && nplague > 0)
		return *why = "plague-not-due", false;
	switch (w->to) {
	case WO_FORTUNE:	/* W6 */
		w->pay[mover] = 3;
		break;
	case WO_TAX:		/* W7: per city, k x (p + k) */
		for (int f = 0; oracle_feature(o, f) != NULL; f++) {
			const struct or_feature *ft = oracle_feature(o, f);

			if (ft->kind != CR_CITY)
				continue;
			for (int p = 0; p < nplayers; p++)
				w->pay[p] += ft->pieces[p] * (ft->pennants +
				    (WO_BREAK == 1 ? (ft->pieces[p] > 0) : ft->pieces[p]));
		}
		break;
	case WO_FAMINE:		/* W8: each farmer, its field's completed cities */
		for (int i = 0; i < nm; i++) {
			int f = oracle_feature_of(o, mee[i].seg);

			if (wo_follower(&mee[i]) && f >= 0 && oracle_feature(o, f)->kind == CR_FIELD)
				w->pay[mee[i].player] += oracle_feature(o, f)->cities;
		}
		if (WO_BREAK == 6)
			for (int p = 0; p < nplayers; p++)
				w->pay[p] = w->pay[p] > 0;
		break;
	case WO_STORM:		/* W9 */
		for (int p = 0; p < nplayers; p++)
			w->pay[p] = wo_supply(o, st, p);
		break;
	case WO_INQUISITION:	/* W10 */
		for (int i = 0; i < nm; i++) {
			int f = oracle_feature_of(o, mee[i].seg);

			if (wo_follower(&mee[i]) && f >= 0 && oracle_feature(o, f)->kind == CR_CLOISTER)
				w->pay[mee[i].player] += 2;
		}
		break;
	default:		/* W11 */
		if (!wo_plague_choice(mee, nm, nplayers, m, plague_id, chosen, why))
			return false;
		for (int p = 0; p < nplayers; p++) {
			int f, q;

			if (chosen[p] < 0)
				continue;
			w->home[p] = true, w->hx[p] = mee[chosen[p]].x, w->hy[p] = mee[chosen[p]].y;
			f = oracle_feature_of(o, mee[chosen[p]].seg);
			/* a builder or pig of p left with no follower of p on its feature */
			for (q = OR_POOL_BUILDER; q <= OR_POOL_PIG && WO_BREAK != 3; q++)
				if (oracle_piece_feature(o, p, q) == f && oracle_feature(o, f)->pieces[p] == 1)
					for (int i = 0; i < nm; i++) {
						const struct or_piece *op = oracle_piece(mee[i].role);

						if (mee[i].player == p && op != NULL && op->pool == q &&
						    oracle_feature_of(o, mee[i].seg) == f) {
							w->also[p] = true, w->ax[p] = mee[i].x, w->ay[p] = mee[i].y;
							w->aword[p] = op->word;
						}
					}
		}
		break;
	}
	/* W12 */
	for (int k = 0; k < st->n[w->to]; k++) {
		w->crowned = true;
		w->crown[st->who[w->to][k]] += wo_crowns[w->to] == 1 ? 3 :
		    st->n[w->to] == 1 && WO_BREAK != 4 ? 6 : 3;
	}
	return true;
}

/* The step done: the pig moved, the section's crown spaces emptied. */
static void
wo_apply(struct wo_state *st, const struct wo_step *w)
{
	st->pig = w->to;
	st->n[w->to] = 0;
}

/* W13: may player p put a follower (big: the big meeple) on a crown
 * space of section s, free[] its followers of each kind in supply? */
static bool
wo_crown_ok(const struct wo_state *st, int s, bool big, const int *left)
{
	return st->n[s] < wo_crowns[s] && left[big] > 0;
}

static void
wo_crown_put(struct wo_state *st, int s, int p, bool big)
{
	st->who[s][st->n[s]] = p;
	st->big[s][st->n[s]++] = big;
}
