/*
 * test_properties.c -- properties that must hold for every game, checked
 * over 1,000 self-play games of the base game (2 to 5 players, editions
 * 1 and 3, a few of edition 2, some stopped early by "end"), 300 with
 * the expansions the oracle was taught first (Inns & Cathedrals, the
 * River, both: 2 to 6 players, editions 1 and 3), and 150 with the later
 * ones (Traders & Builders, Hills & Sheep, alone, together and mixed
 * with the first two, all four at once among them: 2 to 8 players,
 * editions 3, 1 and a few of 2; builders, pigs, shepherds and flocks'
 * choices often, placements steered toward builders' and shepherds'
 * features and crowded squares):
 *
 *   - the engine's scoring agrees with an independent oracle (oracle.c:
 *     plain flood fill over the board, scoring from the rule book), move
 *     by move for everything paid during play (features completed, goods
 *     taken, flocks herded, scattered or closed) and, as a multiset, for
 *     the final scoring (features, farms with the pig's share, majorities
 *     of goods); the hill tie-break and vineyards included;
 *   - the oracle plays every move itself (oracle_play): whose turn it is
 *     (a builder's second tile, never a third, a discard keeping the part
 *     of the turn), the tiles left to draw and those hidden under hills,
 *     the end, each player's goods, the bag and the flocks, and where
 *     every piece stands after the move: the engine must agree;
 *   - placements: the oracle agrees on the start and the supply, on the
 *     tiles that may be drawn (the River's first), counts the same legal
 *     placements (a river tile continuing the river, no U-turn), finds
 *     the board consistent after every move and, in one game of
 *     SPOT_EVERY, agrees on every flock's choice, every piece at every
 *     spot with every token (the bag's and none), and on the engine's
 *     list of options;
 *   - points are conserved (scores = sum of the events) and pieces too
 *     (on the board or in the owner's supply: 7 meeples, and with their
 *     sets 1 big meeple, builder, pig, shepherd, crown, big-crown) after every move; no
 *     piece stays on a completed feature, no shepherd on a closed field;
 *   - record -> parse -> replay gives the same game, expansions in the
 *     header, and formatting the replayed game gives the same text (fmt
 *     is idempotent);
 *   - undo to a midpoint and to the start, then redo the same moves,
 *     gives the same state.
 *
 * The statistics of the first two groups are printed on one line, as
 * before the later sets (their games and numbers unchanged), those of
 * the later sets' games on another: how often each rule came up.
 *
 * CARCREF_PROPERTY_GAMES=N plays N base games instead of 1,000, about
 * N * 3 / 10 with the first expansions (at least 3) and N * 3 / 20 with
 * the later ones (at least 7, one of each mix: for a quick run under a
 * sanitizer).  A failure names the game's
 * seed, edition, players, expansions and move, prints its record, and
 * says which feature differs.
 */
#include "testutil.h"

#include "oracle.c"

#define DEFAULT_GAMES	1000
#define EXT_GAMES(n)	((n) * 3 / 10 > 3 ? (n) * 3 / 10 : 3)	/* Inns & Cathedrals, the River */
#define TB_HS_GAMES(n)	((n) * 3 / 20 > 7 ? (n) * 3 / 20 : 7)	/* with the later sets */
#define MAXEV		512
#define SPOT_EVERY	3	/* every role and spot judged in one game of SPOT_EVERY */
#define MAXMP		TU_MAXPIECES	/* pieces a game can hold */

/* ---- the games ----------------------------------------------------------- */

/* The expansions games are played with, by name (rules/registry.c): those the
 * oracle was first taught, then Traders & Builders and Hills & Sheep,
 * alone, together, and mixed with the others. */
static const char *const ext_sets[] = { "inns-cathedrals", "river", "inns-cathedrals,river" };
static const char *const tb_hs_sets[] = {
	"traders-builders", "hills-sheep", "traders-builders,hills-sheep",
	"inns-cathedrals,river,traders-builders,hills-sheep", "river,traders-builders",
	"inns-cathedrals,hills-sheep", "inns-cathedrals,traders-builders",
};
#define NTBHS	((int)(sizeof tb_hs_sets / sizeof tb_hs_sets[0]))

struct spec {
	int		index;
	uint32_t	seed;
	int		edition, nplayers;
	const char	*exts;		/* the expansions in play, "" for none */
	struct cr_config cfg;
	int		stop;		/* "end" after this many moves; -1: play out */
	bool		dense;		/* play_checked: a meeple whenever one may go */
	bool		spots;		/* play_checked: every role and spot judged */
	bool		later;		/* a game of the later sets (tb_hs_sets) */
};

static int
ngames(void)
{
	const char *s = getenv("CARCREF_PROPERTY_GAMES");
	long n;

	if (s == NULL || *s == '\0')
		return DEFAULT_GAMES;
	n = strtol(s, NULL, 10);
	return n > 0 && n < 1000000 ? (int)n : DEFAULT_GAMES;
}

/* All the games: ngames() of the base game, then those with expansions. */
static int
nall(void)
{
	return ngames() + EXT_GAMES(ngames()) + TB_HS_GAMES(ngames());
}

static uint32_t
exts_of(const char *names)
{
	uint32_t b = 0;

	for (const char *s = names; *s != '\0'; ) {
		size_t n = strcspn(s, ",");
		int e = cr_ext_find(s, n);

		assert_true(e >= 0);
		b |= 1u << e;
		s += n + (s[n] == ',');
	}
	return b;
}

/* A seed from a game's number in its group and the group's salt. */
static uint32_t
seed_of(int j, uint32_t salt)
{
	uint32_t h = (uint32_t)j * 2654435761u ^ salt;

	h ^= h >> 15, h *= 0x2c1b3c6du, h ^= h >> 12;
	return h;
}

/*
 * Game i < ngames(): the base game, players 2..5 and editions 3, 1 in
 * turn, every 25th of edition 2; one in five stopped by "end" at a random
 * move (0 to 70).  Then game ngames() + j: Inns & Cathedrals, the River
 * and both in turn, players 2..6 and editions 3, 1 in turn, the stop (0
 * to 100), the dense and the judged games chosen by the seed, which
 * depends on j alone.  Then the later sets, game number j in their group:
 * tb_hs_sets in turn, players 2..8 in turn, editions 3, 1 and every
 * fifth 2; two games in three dense (builders, pigs and shepherds go down
 * often), the stop and the judged games as before.
 */
static void
spec_of(int i, struct spec *s)
{
	int nb = ngames(), ne = EXT_GAMES(nb), j = i - nb;
	/* The games with expansions are the same whatever ngames(). */
	uint32_t h = seed_of(i < nb ? i : j < ne ? j : j - ne,
	    i < nb ? 0x5bd1e995u : j < ne ? 0x1b873593u : 0x85ebca6bu);

	memset(s, 0, sizeof *s);
	s->index = i;
	s->seed = h ? h : 1;
	if (i < nb) {
		s->nplayers = 2 + i % 4;
		s->edition = (i / 4) % 2 ? 1 : 3;
		if (i % 25 == 24)
			s->edition = 2;
		s->exts = "";
		s->stop = i % 5 == 2 ? (int)(h % 71) : -1;
		s->dense = i % 3 == 1;
		s->spots = (i / 2) % SPOT_EVERY == 0;
	} else if (j < ne) {
		s->exts = ext_sets[j % 3];
		s->nplayers = 2 + (j / 3) % 5;
		s->edition = (j / 15) % 2 ? 1 : 3;
		s->stop = (h >> 20) % 5 == 2 ? (int)(h % 101) : -1;
		s->dense = (h >> 24) % 3 == 1;
		s->spots = (h >> 28) % (SPOT_EVERY + 1) == 0;
	} else {
		j -= ne;
		s->later = true;
		s->exts = tb_hs_sets[j % NTBHS];
		s->nplayers = 2 + (j / NTBHS) % 7;
		s->edition = (j / 3) % 5 == 4 ? 2 : (j / 2) % 2 ? 1 : 3;
		s->stop = (h >> 20) % 6 == 2 ? (int)(h % 101) : -1;
		s->dense = (h >> 24) % 3 != 0;
		s->spots = (h >> 28) % (SPOT_EVERY + 1) == 0;
	}
	s->cfg = (struct cr_config){ s->edition, s->nplayers, exts_of(s->exts) };
}

/* A new game of spec s. */
static struct cr_game *
new_game(const struct spec *s)
{
	struct cr_game *g = cr_game_create(tu_base(), &s->cfg);

	assert_non_null(g);
	return g;
}

static void
names_record(struct nt_record *r, struct nt_player *pl, char (*names)[8],
    char **ext, const struct spec *s)
{
	static char game[] = "carcassonne";
	int n = 0;

	for (int p = 0; p < s->nplayers; p++) {
		snprintf(names[p], 8, "%s", tu_names[p]);
		pl[p] = (struct nt_player){ .name = names[p], .color = NULL };
	}
	for (int e = 1; e < cr_nexts; e++)
		if (s->cfg.exts & (1u << e))
			ext[n++] = (char *)cr_exts[e]->name;
	*r = (struct nt_record){ .game = game, .edition = s->edition, .expansions = ext,
	    .nexpansions = n, .players = pl, .nplayers = s->nplayers };
}

/* Fail with the game's identity, its record so far on stderr, and why. */
static void
fail_game(const struct spec *s, const struct cr_game *g, const char *fmt, ...)
{
	struct nt_player pl[CR_MAXPLAYERS];
	char names[CR_MAXPLAYERS][8], why[1024], *text, *ext[CR_MAXEXTS];
	struct nt_record r;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	if (g != NULL) {
		names_record(&r, pl, names, ext, s);
		text = nt_record_format(&r, g);
		fprintf(stderr, "---- game %d (seed %u), the record:\n%s----\n", s->index,
		    (unsigned)s->seed, text ? text : "(out of memory)\n");
		free(text);
	}
	fail_msg("game %d (seed %u, edition %d, %d players, expansions [%s], after move %d): %s",
	    s->index, (unsigned)s->seed, s->edition, s->nplayers, s->exts,
	    g ? cr_game_nmoves(g) : -1, why);
}

/* Play a spec's game through tu_random_moves in one go. */
static struct cr_game *
make_game(const struct spec *s)
{
	struct cr_game *g = new_game(s);

	if (s->stop >= 0) {
		struct cr_move end = { .kind = CR_MOVE_END };

		tu_random_moves(g, s->seed, s->stop);
		if (!cr_game_over(g))
			assert_true(cr_game_play(g, &end, NULL));
	} else
		tu_random_moves(g, s->seed, 1 << 30);
	assert_true(cr_game_over(g));
	return g;
}

/* Whether a tile type shows a river edge. */
static bool
river_tile(const struct cr_tiletype *t)
{
	for (int d = 0; d < 4; d++)
		if (t->edge[d] == CR_RIVER)
			return true;
	return false;
}

/* ---- describing things, for failures ------------------------------------- */

static const char *
reason_name(int r)
{
	static const char *const n[] = { "completed", "final", "farm", "farm-city", "take",
	    "module", "extra" };

	return r >= 0 && r < 7 ? n[r] : "?";
}

static void
desc_feature(const struct oracle *o, int f, char *buf, size_t size)
{
	const struct or_feature *ft = oracle_feature(o, f);

	if (ft == NULL) {
		snprintf(buf, size, "no feature");
		return;
	}
	snprintf(buf, size, "the %s%s%s%s of segment %d at %d,%d (%d tiles, %d pennants, %d open, "
	    "%d cities, %d vineyards, goods %d %d %d, meeples %d %d %d %d %d %d %d %d, hills 0x%x, "
	    "builders 0x%x, pigs 0x%x, shepherds 0x%x)", ft->complete ? "complete " : "",
	    oracle_kind_name(ft->kind), ft->inn ? " with an inn" : "",
	    ft->cathedral ? " with a cathedral" : "", ft->seg, ft->x, ft->y, ft->tiles,
	    ft->pennants, ft->open, ft->cities, ft->vineyards, ft->goods[1], ft->goods[2],
	    ft->goods[3], ft->meeples[0], ft->meeples[1], ft->meeples[2], ft->meeples[3],
	    ft->meeples[4], ft->meeples[5], ft->meeples[6], ft->meeples[7], ft->hill,
	    ft->builders, ft->pigs, ft->shepherds);
}

static void
desc_event(const struct cr_event *e, char *buf, size_t size)
{
	int n = snprintf(buf, size, "engine event move %d, %s %s %s, segment %d at %d,%d: "
	    "%d tiles, %d pennants, %d cities, meeples %d %d %d %d %d %d %d %d, winners 0x%x "
	    "(tied 0x%x), %d points, sub %d, terms", e->move, reason_name(e->reason),
	    oracle_kind_name(e->kind), cr_phrase(e->what), e->feature, e->x, e->y, e->tiles,
	    e->pennants, e->cities, e->meeples[0], e->meeples[1], e->meeples[2], e->meeples[3],
	    e->meeples[4], e->meeples[5], e->meeples[6], e->meeples[7], e->winners, e->tied,
	    e->points, e->sub);

	for (int i = 0; i < e->nterm && n > 0 && (size_t)n < size; i++)
		n += snprintf(buf + n, size - (size_t)n, " %dx%d %s%s", e->term[i].count,
		    e->term[i].per, cr_phrase(e->term[i].phrase), e->term[i].only ? " (some)" : "");
	if (n > 0 && (size_t)n < size)
		n += snprintf(buf + n, size - (size_t)n, "; %s", cr_phrase(e->note));
	if (n > 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, "; pays %d %d %d %d %d %d %d %d", e->pay[0],
		    e->pay[1], e->pay[2], e->pay[3], e->pay[4], e->pay[5], e->pay[6], e->pay[7]);
}

static void
desc_or_event(const struct or_event *e, char *buf, size_t size)
{
	static const char *const what[] = { "feature", "goods", "flock" };
	static const char *const how[] = { "herded", "wolf", "closed" };

	snprintf(buf, size, "oracle: %s %s %s: %d tiles, %d pennants, %d cities, "
	    "meeples %d %d %d %d %d %d %d %d, winners 0x%x (tied 0x%x), %d points, sub %d%s%s, "
	    "goods %d %d %d, sheep %d%s, pays %d %d %d %d %d %d %d %d", reason_name(e->reason),
	    oracle_kind_name(e->kind),
	    what[e->what], e->tiles, e->pennants, e->cities, e->meeples[0], e->meeples[1],
	    e->meeples[2], e->meeples[3], e->meeples[4], e->meeples[5], e->meeples[6],
	    e->meeples[7], e->winners, e->tied, e->points, e->sub,
	    e->what == OR_WHAT_FLOCK ? " " : "", e->what == OR_WHAT_FLOCK ? how[e->sub] : "",
	    e->goods[1], e->goods[2], e->goods[3], e->sheep, e->pig ? ", with a pig" : "",
	    e->pay[0], e->pay[1], e->pay[2], e->pay[3], e->pay[4], e->pay[5], e->pay[6], e->pay[7]);
}

/* The goods kind (enum cr_goods) a phrase of the engine's names, 0. */
static int
goods_of_phrase(int phrase)
{
	for (int k = 1; k < OR_NGOODS; k++)
		if (strcmp(cr_phrase(phrase), cr_goods_name(k)) == 0)
			return k;
	return 0;
}

/* How the engine says a flock ended, in its note's words. */
static int
flock_how(const struct cr_event *e)
{
	const char *w = cr_phrase(e->note);

	return strstr(w, "wolf") ? OR_FLOCK_WOLF : strstr(w, "closed") ? OR_FLOCK_CLOSED :
	    strstr(w, "herd") ? OR_FLOCK_HERDED : -1;
}

/* Whether an engine event is the oracle's: the same feature (a segment of
 * it), reason, and every number that says what was paid to whom. */
static bool
same_event(const struct oracle *o, const struct cr_event *e, const struct or_event *w)
{
	bool same = e->reason == w->reason && e->winners == w->winners && e->points == w->points;

	for (int p = 0; p < CR_MAXPLAYERS; p++)	/* one event, each winner's own amount */
		same = same && e->pay[p] == w->pay[p];

	if (w->what == OR_WHAT_GOODS && w->reason == CR_EV_EXTRA)
		same = same && e->feature == -1 && e->sub == w->sub;
	else
		same = same && oracle_feature_of(o, e->feature) == w->feature && e->kind == w->kind;
	switch (w->what) {
	case OR_WHAT_FEATURE:
		same = same && e->tiles == w->tiles && e->pennants == w->pennants &&
		    e->cities == w->cities && e->tied == w->tied;
		for (int p = 0; p < CR_MAXPLAYERS; p++)
			same = same && e->meeples[p] == w->meeples[p];
		break;
	case OR_WHAT_GOODS:
		if (w->reason == CR_EV_EXTRA) {
			for (int p = 0; p < CR_MAXPLAYERS; p++)
				same = same && e->meeples[p] == w->meeples[p];
			break;
		}
		{
			int got[OR_NGOODS] = { 0 };

			for (int i = 0; i < e->nterm; i++)
				got[goods_of_phrase(e->term[i].phrase)] += e->term[i].count;
			for (int k = 0; k < OR_NGOODS; k++)
				same = same && got[k] == w->goods[k];
		}
		break;
	case OR_WHAT_FLOCK:
		same = same && e->nterm == 1 && e->term[0].count == w->sheep &&
		    flock_how(e) == w->sub;
		for (int p = 0; p < CR_MAXPLAYERS; p++)
			same = same && e->meeples[p] == w->meeples[p];
		break;
	}
	return same;
}

/*
 * Match engine events against the oracle's, as multisets (the order of
 * the events of one move means nothing): each engine event must be one
 * expected event, not matched yet; every expected event must be matched.
 * A feature's event must name a tile of it.
 */
static void
match_events(const struct spec *s, const struct cr_game *g, const struct oracle *o,
    const struct cr_event *ev, int nev, const struct or_event *want, int nwant)
{
	bool used[MAXEV] = { false };
	char a[1024], b[1024], c[1024];

	assert_true(nwant <= MAXEV);
	for (int i = 0; i < nev; i++) {
		const struct cr_event *e = &ev[i];
		int f = oracle_feature_of(o, e->feature), k, near = -1;

		desc_event(e, a, sizeof a);
		if (f < 0 && !(e->reason == CR_EV_EXTRA && e->feature == -1))
			fail_game(s, g, "%s: no such segment on the board", a);
		for (k = 0; k < nwant; k++) {
			if (used[k])
				continue;
			if (same_event(o, e, &want[k]))
				break;
			if (want[k].reason == e->reason && (want[k].feature == f || f < 0))
				near = k;
		}
		desc_feature(o, f, b, sizeof b);
		if (k == nwant && near < 0)
			fail_game(s, g, "%s: the oracle pays nothing of the kind for %s", a, b);
		if (k == nwant) {
			desc_or_event(&want[near], c, sizeof c);
			fail_game(s, g, "%s; %s; for %s", a, c, b);
		}
		used[k] = true;
		if (f >= 0 && !oracle_feature_has_tile(o, f, e->x, e->y) &&
		    !(e->kind == CR_CLOISTER && oracle_tile_of(o, e->feature) ==
		    oracle_tile_at(o, e->x, e->y)))
			fail_game(s, g, "%s: the tile %d,%d is not one of %s", a, e->x, e->y, b);
	}
	for (int k = 0; k < nwant; k++)
		if (!used[k]) {
			desc_or_event(&want[k], c, sizeof c);
			desc_feature(o, want[k].feature, b, sizeof b);
			fail_game(s, g, "the engine did not pay %s; %s", b, c);
		}
}

/* ---- the per-move checks ------------------------------------------------- */

struct stats {
	long	games, moves, discards, ends, meeples_placed;
	long	ev[4], legal_checks, spot_checks, option_checks, draw_checks;
	long	ext_games, big_placed, big_counted, big_decided, river_placed;
	long	inn_paid, cathedral_paid, inn_open, cathedral_open;
	/* Traders & Builders, Hills & Sheep. */
	long	ev_take, ev_module, ev_extra, goods_tied, builders_placed, pigs_placed;
	long	builder_at_once, doubles, second_tiles, second_extends, second_discards;
	long	pig_shares;
	long	pig_lost, hill_tiles, hidden, hill_broken, hill_stands, vineyard_paid;
	long	shepherds_placed, wolf_placed, herds, grows, grow_wolves, closed, replaced;
	long	choice_checks, token_checks;
	long	paid[CR_MAXPLAYERS];	/* the oracle's payments, per player */
};

/* A payment the oracle expects, for the statistics: with an inn, a
 * cathedral, a big meeple counted, a big meeple deciding who wins (the
 * winners by weight are not the winners by pieces), a hill breaking a
 * tie or not, vineyards, a pig. */
static void
count_want(const struct oracle *o, const struct or_event *w, struct stats *st)
{
	const struct or_feature *ft = oracle_feature(o, w->feature);
	struct or_event by_pieces = *w;
	bool big = false;

	switch (w->what) {
	case OR_WHAT_GOODS:
		st->ev_take += w->reason == CR_EV_TAKE;
		st->ev_extra += w->reason == CR_EV_EXTRA;
		st->goods_tied += w->reason == CR_EV_EXTRA && (w->winners & (w->winners - 1)) != 0;
		return;
	case OR_WHAT_FLOCK:
		st->ev_module++;
		return;
	}
	st->inn_paid += w->kind == CR_ROAD && ft->inn;
	st->cathedral_paid += w->kind == CR_CITY && ft->cathedral;
	st->vineyard_paid += w->kind == CR_CLOISTER && w->reason == CR_EV_COMPLETED &&
	    ft->vineyards > 0;
	st->pig_shares += w->pig;
	st->hill_broken += w->tied != 0;
	/* Tied, but every tied player on a hill: the tie stands. */
	st->hill_stands += w->tied == 0 && (w->winners & (w->winners - 1)) != 0 &&
	    w->kind != CR_FIELD && (ft->hill & w->winners) == w->winners;
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		big = big || w->meeples[p] != w->pieces[p];
	st->big_counted += big;
	memcpy(by_pieces.meeples, w->pieces, sizeof w->pieces);
	or_majority(o, &by_pieces);
	st->big_decided += by_pieces.winners != (w->tied ? w->tied : w->winners);
}

/* The engine's pool behind each of the oracle's (OR_POOL_*), from the
 * pieces: every piece the engine has must be one the oracle knows, with
 * the same kinds, weight and token, and the pieces of one pool of the
 * oracle's in one of the engine's. */
static int eng_pool[OR_NPOOLS];

static void
map_pools(void)
{
	static bool done;
	bool seen[OR_NPOOLS] = { false };

	if (done)
		return;
	for (int r = 1; r < tu_npieces(); r++) {
		const struct or_piece *op = oracle_piece(r);
		const struct cr_piece *ep = cr_piece(r);

		if (ep->flags & CR_PIECE_SPACE)
			continue;	/* the wheel's crown followers: not in the oracle yet */
		if (op == NULL)
			fail_msg("piece %d (%s): the oracle knows no such piece", r, cr_role_name(r));
		if (op->kind != cr_role_kind(r) || op->kind2 != ep->kind2)
			fail_msg("piece %s: the engine puts it on a %s or %s, the oracle on a %s or %s",
			    op->word, oracle_kind_name(cr_role_kind(r)), oracle_kind_name(ep->kind2),
			    oracle_kind_name(op->kind), oracle_kind_name(op->kind2));
		if (op->weight != ep->weight || op->token != ((ep->flags & CR_PIECE_TOKEN) != 0) ||
		    op->follower != ((ep->flags & CR_PIECE_FOLLOWER) != 0))
			fail_msg("piece %s: weight %d, token %d, follower %d in the engine", op->word,
			    ep->weight, (ep->flags & CR_PIECE_TOKEN) != 0,
			    (ep->flags & CR_PIECE_FOLLOWER) != 0);
		if (seen[op->pool] && eng_pool[op->pool] != cr_piece_pool(r))
			fail_msg("piece %s: in the engine's pool %d, the oracle's pool %d is the "
			    "engine's %d", op->word, cr_piece_pool(r), op->pool, eng_pool[op->pool]);
		seen[op->pool] = true;
		eng_pool[op->pool] = cr_piece_pool(r);
	}
	for (int q = 0; q < OR_NPOOLS; q++)
		assert_true(seen[q]);
	/* Hunters & Gatherers' pools (members, huts) are numbered after. */
	assert_int_equal(cr_npools() - 2, OR_NPOOLS);
	done = true;
}

/* Player p's pieces of the oracle's pool q in the engine's supply. */
static int
eng_supply(const struct cr_game *g, int p, int q)
{
	const struct cr_player *pl = cr_game_player(g, p);

	map_pools();
	return eng_pool[q] == 0 ? pl->meeples : pl->pool[eng_pool[q]];
}

static const char *const pool_name[OR_NPOOLS] = { "meeples", "big meeples", "builders",
    "pigs", "shepherds" };

/* The engine's goods tokens of player p, of kind k (enum cr_goods), by
 * the names of its counters; 0 without them. */
static int
eng_goods(const struct cr_game *g, int p, int k)
{
	for (int i = 0; i < cr_game_ncounters(g); i++)
		if (strcmp(cr_game_counter_name(g, i, NULL), cr_goods_name(k)) == 0)
			return cr_game_counter(g, p, i);
	return 0;
}

/*
 * After every move: the board is consistent, no piece stands on a
 * completed road, city or cloister and no shepherd on a closed field,
 * every player's pieces of each pool (7 meeples, 1 big meeple, builder,
 * pig, shepherd with their sets) add up, on the board and in supply, and
 * the scores to the events.  Unless reload, o already holds the board
 * (its meeples need not be the game's: check_move compared them).
 */
static void
check_invariants(const struct spec *s, const struct cr_game *g, struct oracle *o,
    bool reload)
{
	int onboard[CR_MAXPLAYERS][OR_NPOOLS] = { { 0 } }, sum[CR_MAXPLAYERS] = { 0 }, n;
	struct cr_meeple mp[MAXMP];
	const struct cr_event *ev;
	char b[1024];

	if (reload && !oracle_load(o, g))
		fail_game(s, g, "the oracle finds the board inconsistent: %s", oracle_error(o));
	n = tu_meeples_of(g, mp);
	for (int i = 0; i < n; i++) {
		int f = oracle_feature_of(o, mp[i].seg);
		const struct or_feature *ft = oracle_feature(o, f);

		onboard[mp[i].player][oracle_piece(mp[i].role)->pool]++;	/* known: o holds it */
		if (f < 0)
			fail_game(s, g, "player %d's meeple stands on segment %d, which the "
			    "oracle does not know", mp[i].player, mp[i].seg);
		if (ft->complete || (ft->kind == CR_FIELD && ft->open == 0 &&
		    oracle_piece(mp[i].role)->pool == OR_POOL_SHEPHERD)) {
			desc_feature(o, f, b, sizeof b);
			fail_game(s, g, "player %d's %s still stands on %s", mp[i].player,
			    cr_role_name(mp[i].role), b);
		}
	}
	ev = cr_game_events(g, &n);
	for (int i = 0; i < n; i++)
		for (int p = 0; p < s->nplayers; p++)
			if (ev[i].winners & (1u << p))
				sum[p] += ev[i].pay[p];
	for (int p = 0; p < s->nplayers; p++) {
		for (int q = 0; q < OR_NPOOLS; q++)
			if (onboard[p][q] + eng_supply(g, p, q) != oracle_pool_size(o, q))
				fail_game(s, g, "player %d: %d %s on the board and %d in supply, of %d",
				    p, onboard[p][q], pool_name[q], eng_supply(g, p, q),
				    oracle_pool_size(o, q));
		if (sum[p] != tu_score(g, p))
			fail_game(s, g, "player %d: score %d, the events pay %d", p, tu_score(g, p),
			    sum[p]);
	}
}

/* The state before a move, to judge it by. */
struct before {
	int		ntiles, nevents, supply_total, nmeeples, turn;
	int		score[CR_MAXPLAYERS], supply[160];
	struct cr_meeple meeple[MAXMP + 1];
	struct or_state ost;		/* the oracle's */
};

static void
before_take(const struct cr_game *g, const struct or_state *ost, struct before *b)
{
	b->ntiles = cr_game_ntiles(g);
	b->turn = cr_game_turn(g);
	cr_game_events(g, &b->nevents);
	b->supply_total = cr_game_supply_total(g);
	b->nmeeples = tu_meeples_of(g, b->meeple);
	for (int p = 0; p < cr_game_nplayers(g); p++)
		b->score[p] = tu_score(g, p);
	assert_true(cr_game_tileset(g)->ntypes <= 160);
	for (int t = 0; t < cr_game_tileset(g)->ntypes; t++)
		b->supply[t] = cr_game_supply(g, t);
	b->ost = *ost;
}

/* Where an event is paid: during play, or at the end in this order:
 * roads, cities, cloisters, farms, then the majorities of goods. */
static int
rank_of(const struct cr_event *e)
{
	static const int kind_rank[] = { [CR_ROAD] = 1, [CR_CITY] = 2, [CR_CLOISTER] = 3 };

	if (!CR_EV_AT_END(e->reason))
		return 0;
	if (e->reason == CR_EV_FINAL)
		return e->kind <= CR_CLOISTER ? kind_rank[e->kind] : 9;
	return e->reason == CR_EV_EXTRA ? 5 : 4;
}

/* The final scoring, matched already: its events in order, and every
 * feature completed during play complete on the final board, with the
 * tiles and pennants it was paid for. */
static void
check_final(const struct spec *s, const struct cr_game *g, struct oracle *o, int from,
    struct stats *st)
{
	const struct cr_event *ev;
	int n, last = 0;

	ev = cr_game_events(g, &n);
	for (int i = from; i < n; i++) {
		int r = rank_of(&ev[i]);

		if (r > 0 && ev[i].reason < 4)
			st->ev[ev[i].reason]++;
		if (r < last)
			fail_game(s, g, "event %d: %s out of order", i, r == 0 ?
			    "a payment during play after the final scoring" : "the final scoring");
		last = r;
	}
	/* Open roads with an inn and cities with a cathedral that held
	 * pieces: they paid nothing (no event, match_events saw to it). */
	for (int f = 0; oracle_feature(o, f) != NULL; f++) {
		const struct or_feature *ft = oracle_feature(o, f);

		st->inn_open += ft->inn && !ft->complete && ft->nmeeples > 0;
		st->cathedral_open += ft->cathedral && !ft->complete && ft->nmeeples > 0;
	}
	for (int i = 0; i < n; i++) {
		int f = oracle_feature_of(o, ev[i].feature);
		const struct or_feature *ft = oracle_feature(o, f);
		char a[1024], b[1024];

		if (ev[i].reason != CR_EV_COMPLETED && ev[i].reason != CR_EV_TAKE)
			continue;
		desc_event(&ev[i], a, sizeof a);
		if (ft == NULL)
			fail_game(s, g, "%s: no such segment on the final board", a);
		desc_feature(o, f, b, sizeof b);
		if (!ft->complete || ft->kind != ev[i].kind || (ev[i].reason == CR_EV_COMPLETED &&
		    (ft->tiles != ev[i].tiles || (ft->kind == CR_CITY &&
		    ft->pennants != ev[i].pennants))))
			fail_game(s, g, "%s, but on the final board it is %s", a, b);
	}
}

/*
 * One move just played: compare what changed with what the oracle says
 * should have.  o holds the board before the move (with its pieces), or
 * if built, the board with the move's tile and the pieces from before;
 * ost the oracle's state before the move, which oracle_play turns into
 * the state after it.
 */
static void
check_move(const struct spec *s, const struct cr_game *g, struct oracle *o,
    const struct before *bf, struct or_state *ost, bool built, struct stats *st)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int k = cr_game_nmoves(g) - 1, who = cr_game_move_player(g, k), nev, nwant;
	int gained[CR_MAXPLAYERS] = { 0 }, nnow, nexp;
	const struct cr_move *m = cr_game_move(g, k);
	struct cr_meeple exp[MAXMP + 1], now[MAXMP];
	struct or_event want[MAXEV];
	const struct cr_event *ev;
	char a[1024];

	ev = cr_game_events(g, &nev);
	for (int i = bf->nevents; i < nev; i++)
		if (ev[i].move != k + 1)
			fail_game(s, g, "event %d of move %d is dated move %d", i, k + 1, ev[i].move);
	st->moves++;
	/* Turns go round; after a discard the same player draws again; a
	 * builder's second tile is the same player's. */
	if (who != bf->turn || who != ost->turn)
		fail_game(s, g, "move %d was player %d's, the turn was player %d's (the oracle "
		    "says player %d's)", k + 1, who, bf->turn, ost->turn);
	if (m->kind != CR_MOVE_END && !oracle_drawable(o, m->tile, bf->supply))
		fail_game(s, g, "%s was played, but the oracle would not have it drawn now",
		    ts->type[m->tile].code);
	switch (m->kind) {
	case CR_MOVE_DISCARD:
		st->discards++;
		st->second_discards += ost->second;
		/* fall through */
	case CR_MOVE_END:
		if (m->kind == CR_MOVE_END)
			st->ends++;
		if (cr_game_ntiles(g) != bf->ntiles)
			fail_game(s, g, "a %s changed the board", m->kind == CR_MOVE_END ? "end" : "discard");
		break;
	case CR_MOVE_PLACE: {
		const struct cr_placed *t = cr_game_tile(g, cr_game_ntiles(g) - 1);
		struct cr_placed *tiles;
		int nt = cr_game_ntiles(g);

		if (nt != bf->ntiles + 1 || t->x != m->x || t->y != m->y || t->rot != m->rot ||
		    t->type != m->tile)
			fail_game(s, g, "the last tile on the board is not the move's");
		tiles = malloc((size_t)nt * sizeof *tiles);
		assert_non_null(tiles);
		for (int i = 0; i < nt; i++)
			tiles[i] = *cr_game_tile(g, i);
		st->river_placed += river_tile(&ts->type[m->tile]);
		st->hill_tiles += oracle_type_marked(o, m->tile, CR_MARK_HILL);
		st->second_tiles += ost->second;
		/* The board with the new tile, the pieces from before (built
		 * already when check_meeple_rules judged the move). */
		if (!built && !oracle_build(o, &s->cfg, tiles, nt, bf->meeple, bf->nmeeples))
			fail_game(s, g, "the oracle finds the board inconsistent: %s", oracle_error(o));
		free(tiles);
		/* The tile extends the player's builder's feature: a second
		 * tile, or in a second tile none. */
		if (oracle_feature_has_tile(o, oracle_piece_feature(o, who, OR_POOL_BUILDER), m->x,
		    m->y)) {
			st->doubles += !ost->second;
			st->second_extends += ost->second;
		}
		if (m->choice != 0) {
			st->herds += m->choice == oracle_choice_herd();
			st->grows += m->choice == oracle_choice_grow();
			st->grow_wolves += oracle_token_kind(m->choice_arg) == 0;
		}
		if (m->role != CR_ROLE_NONE) {
			const struct or_piece *op = oracle_piece(m->role);
			int seg;
			const char *why;

			st->meeples_placed++;
			if (op == NULL)
				fail_game(s, g, "a %s was put on the board, a piece the oracle does not know",
				    cr_role_name(m->role));
			st->big_placed += op->pool == OR_POOL_BIG;
			st->builders_placed += op->pool == OR_POOL_BUILDER;
			st->pigs_placed += op->pool == OR_POOL_PIG;
			st->shepherds_placed += op->pool == OR_POOL_SHEPHERD;
			st->wolf_placed += op->token && oracle_token_kind(m->arg) == 0;
			st->replaced += op->pool == OR_POOL_SHEPHERD &&
			    oracle_supply(o, who, OR_POOL_SHEPHERD) == 0;
			if (!oracle_may_play(o, ost, m, &seg, &why)) {
				char b[1024];

				desc_feature(o, oracle_feature_of(o, seg), b, sizeof b);
				fail_game(s, g, "player %d put a %s at %s (segment %d, %s): the "
				    "oracle refuses it: %s", who, op->word, cr_spot_name(m->spot), seg,
				    b, why);
			}
			st->builder_at_once += op->pool == OR_POOL_BUILDER &&
			    oracle_feature(o, oracle_feature_of(o, seg))->complete;
		}
		break;
	}
	default:
		fail_game(s, g, "move %d of unknown kind %d", k + 1, (int)m->kind);
	}
	/* What the oracle says the move does. */
	if ((nwant = oracle_play(o, ost, m, want, MAXEV)) < 0)
		fail_game(s, g, "the engine played a move the oracle refuses: %s", oracle_error(o));
	assert_true(nwant <= MAXEV);
	if (ost->hidden > bf->ost.hidden)
		st->hidden++;
	for (int i = 0; i < nwant; i++) {
		if (want[i].reason == CR_EV_COMPLETED)
			st->ev[CR_EV_COMPLETED]++;
		count_want(o, &want[i], st);
		st->closed += want[i].what == OR_WHAT_FLOCK && want[i].sub == OR_FLOCK_CLOSED;
		for (int p = 0; p < s->nplayers; p++)
			st->paid[p] += want[i].pay[p];
	}
	match_events(s, g, o, ev + bf->nevents, nev - bf->nevents, want, nwant);
	for (int i = bf->nevents; i < nev; i++)
		for (int p = 0; p < s->nplayers; p++)
			if (ev[i].winners & (1u << p))
				gained[p] += ev[i].pay[p];
	/* Pieces, turn, supply, goods, scores. */
	nnow = tu_meeples_of(g, now);
	nexp = oracle_pieces(o, exp, MAXMP);
	assert_true(nexp <= MAXMP);
	qsort(exp, (size_t)nexp, sizeof *exp, tu_cmp_meeple);
	if (nnow != nexp)
		fail_game(s, g, "%d pieces on the board, the oracle expects %d", nnow, nexp);
	for (int i = 0; i < nnow; i++)
		if (!tu_same_meeple(&now[i], &exp[i]))
			fail_game(s, g, "piece %d: player %d %s segment %d at %d,%d, the oracle "
			    "expects player %d %s segment %d at %d,%d", i, now[i].player,
			    cr_role_name(now[i].role), now[i].seg, now[i].x, now[i].y, exp[i].player,
			    cr_role_name(exp[i].role), exp[i].seg, exp[i].x, exp[i].y);
	if (cr_game_over(g) != ost->over)
		fail_game(s, g, "the game is %sover, the oracle says it is %s", cr_game_over(g) ?
		    "" : "not ", ost->over ? "over" : "not");
	if (!ost->over && cr_game_turn(g) != ost->turn)
		fail_game(s, g, "after player %d's %s, player %d's turn; the oracle says player %d's%s",
		    who, m->kind == CR_MOVE_DISCARD ? "discard" : "move", cr_game_turn(g), ost->turn,
		    ost->second ? " (a second tile)" : "");
	if (m->kind != CR_MOVE_END && cr_game_supply(g, m->tile) != bf->supply[m->tile] - 1)
		fail_game(s, g, "the supply did not lose one %s", ts->type[m->tile].code);
	if (cr_game_supply_total(g) != ost->left || cr_game_hidden(g) != ost->hidden)
		fail_game(s, g, "%d tiles left to draw and %d hidden, the oracle says %d and %d",
		    cr_game_supply_total(g), cr_game_hidden(g), ost->left, ost->hidden);
	for (int p = 0; p < s->nplayers; p++) {
		for (int q = 1; q < OR_NGOODS; q++)
			if (eng_goods(g, p, q) != ost->goods[p][q])
				fail_game(s, g, "player %d holds %d %s, the oracle says %d", p,
				    eng_goods(g, p, q), cr_goods_name(q), ost->goods[p][q]);
		if (tu_score(g, p) != bf->score[p] + gained[p])
			fail_game(s, g, "player %d: score %d, was %d, gained %d", p, tu_score(g, p),
			    bf->score[p], gained[p]);
	}
	if (cr_game_over(g))
		check_final(s, g, o, bf->nevents, st);
	else
		for (int i = bf->nevents; i < nev; i++)
			if (CR_EV_AT_END(ev[i].reason)) {
				desc_event(&ev[i], a, sizeof a);
				fail_game(s, g, "during play, %s", a);
			}
	check_invariants(s, g, o, false);
}

/* Whether piece r is one of the later sets' (builder, pig, shepherd, crown, big-crown). */
static bool
special_piece(int r)
{
	const struct or_piece *op = oracle_piece(r);

	return op != NULL && !op->follower;
}

/*
 * A move with as many pieces as the rules allow: a random tile of the
 * supply at a random legal place, its flock's choice when one is due,
 * and nearly always a piece on one of the options the engine offers (the
 * oracle judges it afterwards); a builder, pig or shepherd one time in
 * two when one may go (the engine lists no shepherd: it needs its token,
 * so the spots where one may go are asked of the engine token by token).
 */
/*
 * In the later sets' games, the placement k of n steered toward what
 * their rules need: one time in two toward the road or city of the
 * mover's builder (a second tile) or the field of their shepherd (a
 * choice), when the oracle (holding the board) finds a legal place by
 * it; else one time in three to a square with the most neighbours
 * (cloisters completed by vineyards, fields closed).
 */
static int
steer(const struct cr_game *g, const struct oracle *o, const struct cr_place *legal, int n,
    int k, uint32_t *rs)
{
	int p = cr_game_turn(g), f = oracle_piece_feature(o, p, OR_POOL_BUILDER), xy[64], nsq;
	int pick[1024], npick = 0, most = -1;

	if (f < 0 || tu_rnd(rs) % 3 == 0)
		f = oracle_piece_feature(o, p, OR_POOL_SHEPHERD);
	if (f >= 0 && tu_rnd(rs) % 2 == 0) {
		nsq = oracle_open_squares(o, f, xy, 32);
		for (int i = 0; i < n; i++)
			for (int q = 0; q < nsq && q < 32; q++)
				if (legal[i].x == xy[2 * q] && legal[i].y == xy[2 * q + 1])
					pick[npick++] = i;
		if (npick > 0)
			return pick[tu_rnd(rs) % (uint32_t)npick];
	}
	if (tu_rnd(rs) % 3 != 0)
		return k;
	for (int i = 0; i < n; i++) {
		int nb = 0;

		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++)
				nb += oracle_tile_at(o, legal[i].x + dx, legal[i].y + dy) >= 0;
		if (nb > most)
			most = nb, npick = 0;
		if (nb == most)
			pick[npick++] = i;
	}
	return pick[tu_rnd(rs) % (uint32_t)npick];
}

static void
dense_move(const struct spec *s, struct cr_game *g, const struct oracle *o,
    const struct or_state *ost, uint32_t *rs)
{
	struct cr_place legal[1024];
	struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
	int k, t = tu_random_tile(g, rs), n;
	struct cr_move m = { 0 };
	struct cr_refusal why;

	m.tile = t;
	n = cr_game_legal(g, t, legal, 1024);
	assert_true(n <= 1024);
	if (n == 0)
		m.kind = CR_MOVE_DISCARD;
	else {
		int special[CR_MAXMEEPLEOPTS + CR_NSPOTS], nsp = 0, shep = 0;

		m.kind = CR_MOVE_PLACE;
		k = (int)(tu_rnd(rs) % (uint32_t)n);
		if (s->later)
			k = steer(g, o, legal, n, k, rs);
		m.x = legal[k].x, m.y = legal[k].y, m.rot = legal[k].rot;
		tu_random_choice(g, &m, ost->bag, rs);
		n = cr_game_meeple_options(g, &m, opt, CR_MAXMEEPLEOPTS);
		assert_true(n <= CR_MAXMEEPLEOPTS);
		for (int i = 0; i < n; i++)
			if (special_piece(opt[i].role))
				special[nsp++] = i;
		/* Shepherds: spots (numbered after the options) where one may
		 * go with some token. */
		for (int r = 1; r < tu_npieces(); r++)
			if ((cr_game_exts(g) & (1u << cr_piece_ext(r))) &&
			    (cr_piece(r)->flags & CR_PIECE_TOKEN))
				shep = r;
		for (int sp = 0; shep != 0 && sp < CR_NSPOTS; sp++) {
			struct cr_move p = m;

			p.role = shep, p.spot = (enum cr_spot)sp;
			for (int kd = 0; kd < TU_NTOK; kd++) {
				p.arg = tu_token_arg(kd);
				if (cr_game_check(g, &p, NULL)) {
					special[nsp++] = CR_MAXMEEPLEOPTS + sp;
					break;
				}
			}
		}
		if (nsp > 0 && tu_rnd(rs) % 2 == 0) {
			int pick = special[tu_rnd(rs) % (uint32_t)nsp];

			if (pick >= CR_MAXMEEPLEOPTS) {
				m.role = shep, m.spot = (enum cr_spot)(pick - CR_MAXMEEPLEOPTS);
				if (!tu_random_token(g, &m, &m.arg, ost->bag, rs))
					fail_game(s, g, "a shepherd's spot takes no token after all");
			} else
				m.role = opt[pick].role, m.spot = opt[pick].spot;
		} else if (n > 0 && tu_rnd(rs) % 8 != 0) {
			const struct cr_meeple_opt *op = &opt[tu_rnd(rs) % (uint32_t)n];
			int nspots = 0, pick;

			for (int sp = 0; sp < CR_NSPOTS; sp++)
				nspots += (op->spots >> sp) & 1;
			assert_true(nspots > 0);
			pick = (int)(tu_rnd(rs) % (uint32_t)nspots);
			m.role = op->role;
			for (int sp = 0; sp < CR_NSPOTS; sp++)
				if (((op->spots >> sp) & 1) && pick-- == 0)
					m.spot = (enum cr_spot)sp;
		}
		/* An option that draws a token (a shepherd): one from the bag. */
		if (m.role != CR_ROLE_NONE && m.arg == 0 && (cr_piece(m.role)->flags & CR_PIECE_TOKEN) &&
		    !tu_random_token(g, &m, &m.arg, ost->bag, rs))
			fail_game(s, g, "a shepherd offered takes no token after all");
	}
	if (!cr_game_play(g, &m, &why))
		fail_game(s, g, "a move the engine offered (tile %d at %d,%d rot %d, role %d spot %d) "
		    "is refused: code %d", m.tile, m.x, m.y, m.rot, (int)m.role, (int)m.spot,
		    (int)why.code);
}

/*
 * The engine's list of piece options for the placement m (asked before
 * it is played, with its choice) against the oracle's judgement of every
 * piece at every spot: spots[r][sg], the spots where piece r may stand on
 * segment sg of the new tile.  The same (piece, segment) pairs, each with
 * the same spots, its first spot among them.  A piece that goes down with
 * a token (the shepherd) is offered where some token makes it legal.
 */
static void
check_options(const struct spec *s, const struct cr_game *g, const struct cr_move *m,
    uint32_t (*spots)[CR_MAXSEG])
{
	static struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
	const struct cr_tiletype *tt = &cr_game_tileset(g)->type[m->tile];
	struct cr_move q = *m;
	int n, want = 0;

	q.role = CR_ROLE_NONE, q.arg = 0;
	n = cr_game_meeple_options(g, &q, opt, CR_MAXMEEPLEOPTS);
	assert_true(n <= CR_MAXMEEPLEOPTS);
	for (int r = 1; r < tu_npieces(); r++)
		for (int sg = 0; sg < tt->nseg; sg++) {
			int k;

			if (spots[r][sg] == 0)
				continue;
			want++;
			for (k = 0; k < n && !(opt[k].role == r && opt[k].seg == sg); k++)
				;
			if (k == n)
				fail_game(s, g, "tile %s at %d,%d rot %d: the engine offers no %s on its "
				    "segment %d, the oracle allows spots 0x%x", tt->code, m->x, m->y, m->rot,
				    cr_role_name(r), sg, spots[r][sg]);
			if (opt[k].spots != spots[r][sg] || !(spots[r][sg] & (1u << opt[k].spot)))
				fail_game(s, g, "tile %s at %d,%d rot %d, a %s on segment %d: the engine "
				    "offers spots 0x%x (first %s), the oracle 0x%x", tt->code, m->x, m->y,
				    m->rot, cr_role_name(r), sg, opt[k].spots, cr_spot_name(opt[k].spot),
				    spots[r][sg]);
		}
	if (n != want)
		fail_game(s, g, "tile %s at %d,%d rot %d: the engine offers %d options, the oracle %d",
		    tt->code, m->x, m->y, m->rot, n, want);
}

/* A line judged by both: they must agree. */
static bool
judge_line(const struct spec *s, const struct cr_game *g, const struct oracle *o,
    const struct or_state *ost, const struct cr_move *t, int *seg)
{
	struct cr_refusal why;
	const char *whynot = "";
	bool engine = cr_game_check(g, t, &why), oracle = oracle_may_play(o, ost, t, seg, &whynot);
	char tok[2][40] = { "", "" };

	if (engine == oracle)
		return engine;
	if (t->arg != 0)
		nt_format_token(t->arg, tok[0], sizeof tok[0]);
	if (t->choice_arg != 0)
		nt_format_token(t->choice_arg, tok[1], sizeof tok[1]);
	fail_game(s, g, "tile %s at %d,%d rot %d, choice %s %s, a %s at spot %s %s: the engine "
	    "says %s (code %d), the oracle %s (%s; segment %d, in play %d)",
	    cr_game_tileset(g)->type[t->tile].code, t->x, t->y, t->rot,
	    t->choice ? cr_choice(t->choice)->word : "none", tok[1],
	    t->role ? cr_role_name(t->role) : "no piece", cr_spot_name(t->spot), tok[0],
	    engine ? "legal" : "refused", (int)why.code, oracle ? "legal" : "refused", whynot,
	    *seg, oracle_piece_in_play(o, t->role));
	return false;
}

/*
 * The placement just played, every flock's choice and every piece (of
 * every module, in play or not) on every spot, with every token (in a
 * game with Hills & Sheep: the bag's, none, and some never in it): the
 * engine (asked after undoing the move) and the oracle (on the board with
 * the new tile and the pieces from before, its state from before) must
 * agree on which would have been legal, and on the list of options.
 * Every piece is judged with the move's own choice; with another choice
 * that is legal, the pieces that draw a token.  Then the move is played
 * again.
 */
static void
check_meeple_rules(const struct spec *s, struct cr_game *g, struct oracle *o,
    const struct before *bf, struct stats *st)
{
	int k = cr_game_nmoves(g) - 1, nt = cr_game_ntiles(g);
	struct cr_move m = *cr_game_move(g, k);
	uint32_t spots[CR_MAXPIECES][CR_MAXSEG] = { { 0 } };
	bool hills = (s->cfg.exts & exts_of("hills-sheep")) != 0;
	int sheep = cr_token_find(0, "sheep", 5), wolf = cr_token_find(0, "wolf", 4);
	/* Tokens: none, the bag's, and some never in it (sheep=0, sheep=5,
	 * a wolf with a number: refused by both; the engine took them once). */
	const int tokens[] = { 0, tu_token_arg(0), tu_token_arg(1), tu_token_arg(2),
	    tu_token_arg(3), tu_token_arg(4), CR_TOKEN(sheep, 0), CR_TOKEN(sheep, 5),
	    CR_TOKEN(wolf, 1) };
	const int ntok = !hills ? 1 : (int)(sizeof tokens / sizeof tokens[0]);
	/* Choices: the move's own first, then every other. */
	int herd = oracle_choice_herd(), grow = oracle_choice_grow();
	struct { int c, a; } ch[16] = { { m.choice, m.choice_arg }, { 0, 0 }, { herd, 0 } };
	int nch = 3;
	struct cr_placed *tiles;
	int seg0;

	if (m.kind != CR_MOVE_PLACE)
		return;
	if (hills) {
		for (int i = 0; i < ntok; i++)
			ch[nch].c = grow, ch[nch++].a = tokens[i];
		ch[nch].c = herd, ch[nch++].a = tokens[2];
		ch[nch].c = 0, ch[nch++].a = tokens[2];
	}
	tiles = malloc((size_t)nt * sizeof *tiles);
	assert_non_null(tiles);
	for (int i = 0; i < nt; i++)
		tiles[i] = *cr_game_tile(g, i);
	seg0 = tiles[nt - 1].seg0;
	if (!oracle_build(o, &s->cfg, tiles, nt, bf->meeple, bf->nmeeples))
		fail_game(s, g, "the oracle finds the board inconsistent: %s", oracle_error(o));
	free(tiles);
	assert_int_equal(cr_game_undo(g, 1), 1);
	for (int c = 0; c < nch; c++) {
		struct cr_move t = m;
		int seg;

		if (c > 0 && ch[c].c == m.choice && ch[c].a == m.choice_arg)
			continue;	/* the move's own, judged first */
		t.choice = ch[c].c, t.choice_arg = ch[c].a;
		t.role = CR_ROLE_NONE, t.arg = 0;
		st->choice_checks++;
		if (!judge_line(s, g, o, &bf->ost, &t, &seg) || (c > 0 && !hills))
			continue;
		for (int r = CR_THIEF; r < tu_npieces(); r++) {
			if (cr_piece(r)->flags & CR_PIECE_SPACE)
				continue;	/* not on the tile (the wheel's crown) */
			bool token = oracle_piece(r)->token;

			if (c > 0 && !token)
				continue;	/* the choice changes nothing for it */
			for (int sp = 0; sp < CR_NSPOTS; sp++) {
				bool legal = false;

				t.role = r, t.spot = (enum cr_spot)sp;
				/* Every token for a piece that draws one; a piece
				 * that draws none with one (sheep=1) where it may
				 * go without. */
				for (int a = 0; a < (token ? ntok : 1); a++) {
					t.arg = tokens[a];
					st->token_checks += a > 0;
					if (judge_line(s, g, o, &bf->ost, &t, &seg) &&
					    (a > 0) == token) {
						legal = true;
						if (c == 0)
							spots[r][seg - seg0] |= 1u << sp;
					}
				}
				if (!token && legal && hills) {
					t.arg = tokens[2];
					st->token_checks++;
					judge_line(s, g, o, &bf->ost, &t, &seg);
				}
			}
		}
	}
	st->option_checks++;
	check_options(s, g, &m, spots);
	if (!cr_game_play(g, &m, NULL))
		fail_game(s, g, "the move undone is refused when played again");
}

/*
 * Before a move: the oracle agrees on what may be drawn (every type, at
 * the start and all through a game with the River) and counts the legal
 * places of one tile that may be drawn, chosen with rs; while river
 * tiles may be drawn, of every one of them.
 */
static void
check_draw(const struct spec *s, const struct cr_game *g, struct oracle *o,
    const struct before *bf, uint32_t *rs, struct stats *st)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	int t = (int)(tu_rnd(rs) % (uint32_t)ts->ntypes);
	bool all = cr_game_nmoves(g) == 0 || (s->cfg.exts & exts_of("river")), river = false;

	for (int u = 0; all && u < ts->ntypes; u++) {
		bool drawable = cr_game_drawable(g, u, NULL);

		if (drawable != oracle_drawable(o, u, bf->supply))
			fail_game(s, g, "%s (%d left): the engine says it %s be drawn now, the oracle "
			    "%s", ts->type[u].code, bf->supply[u], drawable ? "may" : "may not",
			    drawable ? "not" : "that it may");
		river = river || (drawable && river_tile(&ts->type[u]));
	}
	st->draw_checks += all;
	while (!cr_game_drawable(g, t, NULL))
		t = (t + 1) % ts->ntypes;
	for (int u = 0; u < ts->ntypes; u++) {
		if (!(u == t || (river && cr_game_drawable(g, u, NULL))))
			continue;
		st->legal_checks++;
		if (oracle_legal_count(o, u) != cr_game_legal(g, u, NULL, 0))
			fail_game(s, g, "tile %s: the engine finds %d placements, the oracle %d",
			    ts->type[u].code, cr_game_legal(g, u, NULL, 0), oracle_legal_count(o, u));
	}
}

/* Play game s one move at a time (tu_random_moves, one move per call),
 * checking every move. */
static void
play_checked(const struct spec *s, struct oracle *o, struct stats *st)
{
	struct cr_game *g = new_game(s);
	struct before *bf = malloc(sizeof *bf);
	const struct cr_tileset *ts = cr_game_tileset(g);
	uint32_t rs = s->seed;
	struct or_state ost;
	int total = 0;

	assert_non_null(bf);
	if (cr_game_exts(g) != (s->cfg.exts | 1u))	/* the base game's bit, always */
		fail_game(s, g, "the game has modules 0x%x, not 0x%x and the base game",
		    (unsigned)cr_game_exts(g), (unsigned)s->cfg.exts);
	oracle_start(o, &s->cfg, &ost);
	check_invariants(s, g, o, true);	/* the start tile, too */
	for (int t = 0; t < ts->ntypes; t++) {
		if (cr_game_supply(g, t) != oracle_start_supply(o, t))
			fail_game(s, g, "%s: %d in the supply at the start, the oracle says %d",
			    ts->type[t].code, cr_game_supply(g, t), oracle_start_supply(o, t));
		total += oracle_start_supply(o, t);
	}
	if (cr_game_supply_total(g) != ost.left || cr_game_turn(g) != 0)
		fail_game(s, g, "%d tiles to draw at the start and player %d to move",
		    cr_game_supply_total(g), cr_game_turn(g));
	while (!cr_game_over(g)) {
		int nm = cr_game_nmoves(g);

		before_take(g, &ost, bf);
		check_draw(s, g, o, bf, &rs, st);
		if (nm == s->stop) {
			struct cr_move end = { .kind = CR_MOVE_END };

			assert_true(cr_game_play(g, &end, NULL));
		} else if (s->dense)
			dense_move(s, g, o, &ost, &rs);
		else
			tu_random_moves_bag(g, tu_rnd(&rs), nm + 1, ost.bag);
		assert_int_equal(cr_game_nmoves(g), nm + 1);
		if (s->spots) {
			st->spot_checks++;
			check_meeple_rules(s, g, o, bf, st);
		}
		check_move(s, g, o, bf, &ost, s->spots, st);
	}
	if (s->stop < 0 && (cr_game_nmoves(g) != total - ost.hidden ||
	    cr_game_supply_total(g) != 0))
		fail_game(s, g, "played out after %d moves with %d tiles left and %d hidden, of %d",
		    cr_game_nmoves(g), cr_game_supply_total(g), ost.hidden, total);
	st->games++;
	st->ext_games += s->cfg.exts != 0;
	free(bf);
	cr_game_free(g);
}

/* ---- the tests ----------------------------------------------------------- */

/*
 * The oracle itself, on boards worked out by hand (base-tiles.md): it
 * must be right on its own before it may judge the engine.
 */
static void
test_oracle_by_hand(void **state)
{
	struct oracle *o = oracle_new(tu_base());
	struct or_event want[16];
	struct cr_game *g;
	int n, f;

	(void)state;
	assert_non_null(o);
	/* D at 0,0; W at 1,0 and -1,0 close the road: 3 tiles.  Ben's
	 * thief was on it: completed, 3 points (it went home at once). */
	g = tu_game(3, 2);
	tu_play(g, "W 1,0 0");
	tu_play(g, "W -1,0 0 thief@E");
	assert_true(oracle_load(o, g));
	f = oracle_feature_of(o, cr_game_tile(g, 0)->seg0 + 1);	/* D: city, road, ... */
	assert_int_equal(oracle_feature(o, f)->kind, CR_ROAD);
	assert_true(oracle_feature(o, f)->complete);
	assert_int_equal(oracle_feature(o, f)->tiles, 3);
	/* Anna's farmer south of the road: the field of D's south, W's
	 * west-south and east-south sides; D's city N is open. */
	tu_play(g, "U 0,-1 0 farmer@N");
	assert_true(oracle_load(o, g));
	n = oracle_final(o, want, 16);
	assert_int_equal(n, 0);	/* a farm touching no completed city pays nothing */
	/* E turned 180 closes D's city (2 tiles): now the farm north of
	 * the road touches it, but the farmer is south.  Ben's farmer on
	 * E's field touches it too. */
	tu_play(g, "E 0,1 180 farmer@N");
	assert_true(oracle_load(o, g));
	n = oracle_final(o, want, 16);
	assert_int_equal(n, 1);
	assert_int_equal(want[0].reason, CR_EV_FARM);
	assert_int_equal(want[0].cities, 1);
	assert_int_equal(want[0].points, 3);
	assert_int_equal(want[0].winners, 2);	/* Ben */
	cr_game_free(g);

	/* Edition 1: the same city pays 4 to the farmers around it. */
	g = tu_game(1, 2);
	tu_play(g, "E 0,1 180 farmer@N");
	tu_play(g, "U 1,0 0 farmer@N");	/* Ben: north of the road, next to D's city */
	assert_true(oracle_load(o, g));
	n = oracle_final(o, want, 16);
	assert_int_equal(n, 1);
	assert_int_equal(want[0].reason, CR_EV_FARM_CITY);
	assert_int_equal(want[0].points, 4);
	assert_int_equal(want[0].winners, 3);	/* one farmer each: a tie */
	assert_int_equal(want[0].tiles, 2);
	cr_game_free(g);

	/* A cloister with 3 neighbours and a city of 2 tiles with a
	 * pennant, open: 1 + 3 and 1 x 2 + 1 x 1 at the end. */
	g = tu_game(3, 2);
	tu_play(g, "B 0,-1 0 monk");
	tu_play(g, "U 1,0 0");
	tu_play(g, "U -1,0 0");
	tu_play(g, "M 0,1 180 knight@S");	/* M: city N+W, pennant; turned: S+E */
	assert_true(oracle_load(o, g));
	n = oracle_final(o, want, 16);
	assert_int_equal(n, 2);
	assert_int_equal(want[0].kind, CR_CITY);
	assert_int_equal(want[0].tiles, 2);
	assert_int_equal(want[0].pennants, 1);
	assert_int_equal(want[0].points, 3);
	assert_int_equal(want[0].winners, 2);
	assert_int_equal(want[1].kind, CR_CLOISTER);
	assert_int_equal(want[1].tiles, 4);
	assert_int_equal(want[1].points, 4);
	assert_int_equal(want[1].winners, 1);
	/* The spots: U at 1,0 has fields N and S, a road E-W; N names one
	 * field, E two. */
	assert_true(oracle_spot_seg(o, 1, 0, CR_SPOT_N, CR_FIELD) >= 0);
	assert_int_equal(oracle_spot_seg(o, 1, 0, CR_SPOT_E, CR_FIELD), -2);
	assert_int_equal(oracle_spot_seg(o, 1, 0, CR_SPOT_N, CR_ROAD), -1);
	assert_int_equal(oracle_spot_seg(o, 5, 5, CR_SPOT_N, CR_ROAD), -3);
	assert_int_equal(oracle_spot_seg(o, 0, -1, CR_SPOT_C, CR_CLOISTER),
	    cr_game_at(g, 0, -1)->seg0);
	/* Legal places agree with the engine here too. */
	for (int t = 0; t < tu_base()->ntypes; t++)
		assert_int_equal(oracle_legal_count(o, t), cr_game_legal(g, t, NULL, 0));
	cr_game_free(g);

	/* The oracle refuses a board whose edges do not match. */
	{
		struct cr_config base = { 3, 2, 0 };
		struct cr_placed bad[2] = {
			{ .x = 0, .y = 0, .type = cr_tileset_find(tu_base(), "D", 1), .rot = 0, .seg0 = 0 },
			{ .x = 0, .y = 1, .type = cr_tileset_find(tu_base(), "V", 1), .rot = 0, .seg0 = 10 },
		};

		assert_false(oracle_build(o, &base, bad, 2, NULL, 0));
		assert_non_null(strstr(oracle_error(o), "do not match"));
		bad[1].y = 2;
		assert_false(oracle_build(o, &base, bad, 2, NULL, 0));
		assert_non_null(strstr(oracle_error(o), "touches no earlier tile"));
	}
	oracle_free(o);
}

/*
 * Play line on g: it completes a feature that pays points to winners,
 * and the oracle (on the board with the new tile, the pieces from
 * before) pays the same for that feature.
 */
static void
play_completing(struct cr_game *g, struct oracle *o, const char *line, int points,
    unsigned winners)
{
	struct cr_meeple mp[MAXMP];
	struct cr_placed tiles[128];
	const struct cr_event *ev;
	struct or_event want;
	int nmp = tu_meeples_of(g, mp), n;

	tu_play(g, line);
	assert_true(cr_game_ntiles(g) <= 128);
	for (int i = 0; i < cr_game_ntiles(g); i++)
		tiles[i] = *cr_game_tile(g, i);
	ev = cr_game_events(g, &n);
	assert_true(n > 0);
	assert_int_equal(ev[n - 1].reason, CR_EV_COMPLETED);
	assert_true(oracle_build(o, &(struct cr_config){ cr_game_edition(g), cr_game_nplayers(g),
	    cr_game_exts(g) }, tiles, cr_game_ntiles(g), mp, nmp));
	assert_true(oracle_score_completed(o, oracle_feature_of(o, ev[n - 1].feature), &want));
	assert_int_equal(want.points, points);
	assert_int_equal(want.winners, winners);
	assert_int_equal(ev[n - 1].points, points);
	assert_int_equal(ev[n - 1].winners, winners);
}

/*
 * The oracle on the expansions' worked examples (the Big Box book,
 * rules-digest section 2.3, tests/scenarios/bb-ic-*, bb-river-*), and
 * the engine with it: inns, cathedrals, the big meeple; the River's
 * start, draw order, continuation and U-turn.
 */
static void
test_oracle_expansions_by_hand(void **state)
{
	/* Inns & Cathedrals, Anna and Ben: the moves, then the last one,
	 * which completes a feature paying points to winners; unpaid: the
	 * feature pays nothing open at the end, before the last move. */
	static const struct {
		const char	*moves[6], *last;
		int		 points;
		unsigned	 winners;
		bool		 unpaid;
	} ic[] = {
		/* IC-1: a road of 3 tiles with an inn, Anna's thief: 2 a
		 * tile; IC-2: open at the end, nothing (2 without it). */
		{ { "IC-N 1,0 90 thief@W" }, "A -1,0 270", 6, 1, true },
		/* IC-3: a city of 7 tiles and a pennant with a cathedral:
		 * 24; IC-4: one tile short at the end, nothing (7 without). */
		{ { "IC-Ka 0,1 0 knight@N", "M 1,1 0", "E 1,2 180", "E 0,2 180", "N -1,1 90" },
		    "E -1,2 180", 24, 1, true },
		/* IC-5': Anna's thief (1) against Ben's big thief (2) on a
		 * road of 4 tiles: Ben alone takes the 4 points. */
		{ { "A -1,0 270 thief@E", "E 0,1 180", "B -1,1 0", "A 1,1 0 big-thief@S" },
		    "V 1,0 90", 4, 2, false },
	};
	const struct cr_tileset *ts = tu_base();
	struct oracle *o = oracle_new(ts);
	struct or_event want[16];
	int supply[160], rvg = cr_tileset_find(ts, "RV-G", 4), rvd = cr_tileset_find(ts, "RV-D", 4);
	int rvl = cr_tileset_find(ts, "RV-L", 4), d = cr_tileset_find(ts, "D", 1);
	struct cr_game *g;

	(void)state;
	assert_non_null(o);
	for (size_t i = 0; i < sizeof ic / sizeof ic[0]; i++) {
		g = tu_game_with(3, 2, "inns-cathedrals");
		for (int k = 0; ic[i].moves[k] != NULL; k++)
			tu_play(g, ic[i].moves[k]);
		assert_true(oracle_load(o, g));
		if (ic[i].unpaid)
			assert_int_equal(oracle_final(o, want, 16), 0);
		play_completing(g, o, ic[i].last, ic[i].points, ic[i].winners);
		cr_game_free(g);
	}
	/* After IC-5', Ben's big thief went home. */
	g = tu_game_with(3, 2, "inns-cathedrals");
	for (int k = 0; ic[2].moves[k] != NULL; k++)
		tu_play(g, ic[2].moves[k]);
	assert_true(oracle_load(o, g));
	assert_int_equal(oracle_supply(o, 1, OR_POOL_BIG), 0);
	assert_int_equal(oracle_supply(o, 1, OR_POOL_MEEPLE), 7);
	assert_int_equal(oracle_supply(o, 0, OR_POOL_MEEPLE), 6);
	tu_play(g, ic[2].last);
	assert_true(oracle_load(o, g));
	assert_int_equal(oracle_supply(o, 1, OR_POOL_BIG), 1);
	cr_game_free(g);

	/* Farms: E turned 180 closes D's city.  On E's field (a board laid
	 * by hand: the oracle counts, it does not referee who may stand
	 * where), Anna's big farmer against a farmer of Ben's and one of
	 * Carl's: Anna's 3 points; against two of Ben's: a tie.  Edition 1:
	 * the city's 4 points, the same majority. */
	{
		struct cr_config c = { 3, 3, exts_of("inns-cathedrals") };
		struct cr_placed b[2] = { { 0, 0, d, 0, 0 },
		    { 0, 1, cr_tileset_find(ts, "E", 1), 2, ts->type[d].nseg } };
		struct cr_meeple mp[4];
		int bigf = cr_piece_find(0, "big-farmer", 10), fs;

		assert_true(oracle_build(o, &c, b, 2, NULL, 0));
		fs = oracle_spot_seg(o, 0, 1, CR_SPOT_N, CR_FIELD);
		assert_true(fs >= 0);
		mp[0] = (struct cr_meeple){ 0, bigf, fs, 0, 1, CR_SPOT_N };
		mp[1] = (struct cr_meeple){ 1, CR_FARMER, fs, 0, 1, CR_SPOT_N };
		mp[2] = (struct cr_meeple){ 2, CR_FARMER, fs, 0, 1, CR_SPOT_N };
		mp[3] = (struct cr_meeple){ 1, CR_FARMER, fs, 0, 1, CR_SPOT_N };
		assert_true(oracle_build(o, &c, b, 2, mp, 3));
		assert_int_equal(oracle_supply(o, 0, OR_POOL_BIG), 0);
		assert_int_equal(oracle_supply(o, 0, OR_POOL_MEEPLE), 7);
		assert_int_equal(oracle_final(o, want, 16), 1);
		assert_int_equal(want[0].meeples[0], 2);
		assert_int_equal(want[0].winners, 1);
		assert_int_equal(want[0].points, 3);
		assert_true(oracle_build(o, &c, b, 2, mp, 4));
		assert_int_equal(oracle_final(o, want, 16), 1);
		assert_int_equal(want[0].winners, 3);
		c.edition = 1;
		assert_true(oracle_build(o, &c, b, 2, mp, 4));
		assert_int_equal(oracle_final(o, want, 16), 1);
		assert_int_equal(want[0].reason, CR_EV_FARM_CITY);
		assert_int_equal(want[0].winners, 3);
		assert_int_equal(want[0].points, 4);
		/* Without Inns & Cathedrals, a big meeple is not in play. */
		c.exts = 0;
		assert_false(oracle_build(o, &c, b, 2, mp, 1));
		assert_non_null(strstr(oracle_error(o), "not in play"));
	}

	/* The River: the spring at 0,0, the base start tile in the supply. */
	g = tu_game_with(3, 2, "river");
	assert_true(oracle_load(o, g));
	assert_string_equal(ts->type[oracle_start_type(o)].code, "RV-A");
	assert_int_equal(oracle_start_supply(o, d), 4);
	for (int t = 0; t < ts->ntypes; t++)
		supply[t] = cr_game_supply(g, t);
	assert_true(oracle_drawable(o, rvd, supply) && oracle_drawable(o, rvg, supply));
	assert_false(oracle_drawable(o, rvl, supply) || oracle_drawable(o, d, supply));
	/* RV-D fits by the edges north, south and west of the spring
	 * too, where it would not continue the river: only at 1,0, either
	 * way round. */
	assert_int_equal(oracle_legal_count(o, rvd), 2);
	tu_play(g, "RV-G 1,0 0");	/* east to south: right */
	assert_true(oracle_load(o, g));
	/* At 1,-1 the curve may turn left (180), not right again (90): two
	 * curves in a row turning the same way. */
	assert_int_equal(oracle_legal_count(o, rvg), 1);
	tu_refuse(g, "RV-G 1,-1 90", "~two right curves in a row");
	tu_play(g, "RV-D 1,-1 90");	/* south */
	assert_true(oracle_load(o, g));
	/* The straight resets it (notation.md, issue 18): at 1,-2 the curve
	 * may turn either way, right again too. */
	assert_int_equal(oracle_legal_count(o, rvg), 2);
	assert_int_equal(oracle_legal_count(o, rvd), 2);
	assert_int_equal(oracle_legal_count(o, rvl), 1);
	for (int t = 0; t < ts->ntypes; t++)
		if (cr_game_drawable(g, t, NULL))
			assert_int_equal(oracle_legal_count(o, t), cr_game_legal(g, t, NULL, 0));
	{
		struct cr_config c = { 3, 2, exts_of("river") };
		struct cr_placed b[4];

		for (int i = 0; i < 3; i++)
			b[i] = *cr_game_tile(g, i);
		/* Right, straight, right: legal; right, right: turns back. */
		b[3] = (struct cr_placed){ 1, -2, rvg, 1, b[2].seg0 + ts->type[rvd].nseg };
		assert_true(oracle_build(o, &c, b, 4, NULL, 0));
		b[3].rot = 2;
		assert_true(oracle_build(o, &c, b, 4, NULL, 0));
		b[2] = (struct cr_placed){ 1, -1, rvg, 1, b[2].seg0 };
		assert_false(oracle_build(o, &c, b, 3, NULL, 0));
		assert_non_null(strstr(oracle_error(o), "turns back"));
		b[2].rot = 2;
		assert_true(oracle_build(o, &c, b, 3, NULL, 0));
		b[1] = (struct cr_placed){ 0, 1, rvd, 0, b[1].seg0 };	/* north of the spring */
		assert_false(oracle_build(o, &c, b, 2, NULL, 0));
		assert_non_null(strstr(oracle_error(o), "on the river"));
	}
	tu_play(g, "RV-G 1,-2 90");	/* south to west: right, legal */
	assert_true(oracle_load(o, g));
	/* Right at once after it is refused again (RV-I, a curve too: both
	 * RV-G are on the board). */
	assert_int_equal(oracle_legal_count(o, cr_tileset_find(ts, "RV-I", 4)), 1);
	tu_refuse(g, "RV-I 0,-2 180", "~two right curves in a row");
	cr_game_free(g);
	oracle_free(o);
}

/* ---- the later sets by hand ---------------------------------------------- */

/*
 * A game played line by line, every move judged as the random games'
 * are (every piece at every spot, then the move against the oracle):
 * the worked examples of Traders & Builders and Hills & Sheep.
 */
struct judged {
	struct spec	s;
	struct cr_game	*g;
	struct oracle	*o;
	struct or_state	ost;
	struct before	bf;
	struct stats	st;
};

static struct judged *
judged_new(int edition, int nplayers, const char *exts)
{
	struct judged *j = calloc(1, sizeof *j);

	assert_non_null(j);
	j->s = (struct spec){ .index = -1, .seed = 1, .edition = edition, .nplayers = nplayers,
	    .exts = exts, .stop = -1, .later = true };
	j->s.cfg = (struct cr_config){ edition, nplayers, exts_of(exts) };
	j->g = new_game(&j->s);
	j->o = oracle_new(tu_base());
	assert_non_null(j->o);
	oracle_start(j->o, &j->s.cfg, &j->ost);
	check_invariants(&j->s, j->g, j->o, true);
	return j;
}

static void
judged_free(struct judged *j)
{
	oracle_free(j->o);
	cr_game_free(j->g);
	free(j);
}

static void
judged_play(struct judged *j, const char *line)
{
	before_take(j->g, &j->ost, &j->bf);
	tu_play(j->g, line);
	check_meeple_rules(&j->s, j->g, j->o, &j->bf, &j->st);
	check_move(&j->s, j->g, j->o, &j->bf, &j->ost, true, &j->st);
}

/* A line both refuse: the engine with msg (as tu_refuse), the oracle on
 * the board with its tile (or the tile itself). */
static void
judged_refuse(struct judged *j, const char *line, const char *msg)
{
	int nt = cr_game_ntiles(j->g), nmp;
	struct cr_placed *tiles = malloc(((size_t)nt + 1) * sizeof *tiles);
	struct cr_meeple mp[MAXMP];
	const struct cr_placed *last;
	struct nt_error err;
	struct nt_turn tn;

	assert_non_null(tiles);
	assert_int_equal(nt_parse_move(tu_base(), line, strlen(line), &tn, &err), 0);
	assert_int_equal(tn.move.kind, CR_MOVE_PLACE);
	for (int i = 0; i < nt; i++)
		tiles[i] = *cr_game_tile(j->g, i);
	last = &tiles[nt - 1];
	tiles[nt] = (struct cr_placed){ tn.move.x, tn.move.y, tn.move.tile, tn.move.rot,
	    last->seg0 + tu_base()->type[last->type].nseg };
	nmp = oracle_pieces(j->o, mp, MAXMP);
	if (oracle_build(j->o, &j->s.cfg, tiles, nt + 1, mp, nmp))
		assert_false(oracle_may_play(j->o, &j->ost, &tn.move, NULL, NULL));
	assert_true(oracle_build(j->o, &j->s.cfg, tiles, nt, mp, nmp));
	free(tiles);
	tu_refuse(j->g, line, msg);
}

/* A segment of feature f on a hill tile (hill) or not, -1 if none. */
static int
seg_on(const struct oracle *o, int f, bool hill)
{
	for (int i = 0; oracle_tile(o, i) != NULL; i++) {
		const struct cr_placed *t = oracle_tile(o, i);

		for (int sg = 0; sg < tu_base()->type[t->type].nseg; sg++)
			if (oracle_feature_of(o, t->seg0 + sg) == f &&
			    oracle_type_marked(o, t->type, CR_MARK_HILL) == hill)
				return t->seg0 + sg;
	}
	return -1;
}

/* Player's piece (by word) on segment seg, at a spot that names it. */
static struct cr_meeple
piece_at(const struct oracle *o, int player, const char *word, int seg)
{
	int role = cr_piece_find(0, word, strlen(word));
	const struct cr_placed *tl = oracle_tile(o, oracle_tile_of(o, seg));

	assert_non_null(oracle_piece(role));
	for (int sp = 0; sp < CR_NSPOTS; sp++)
		if (oracle_spot_seg(o, tl->x, tl->y, (enum cr_spot)sp, oracle_piece(role)->kind) == seg)
			return (struct cr_meeple){ player, role, seg, tl->x, tl->y, (enum cr_spot)sp };
	fail_msg("no spot names segment %d for a %s", seg, word);
	return (struct cr_meeple){ 0 };
}

/*
 * Traders & Builders, the book's examples (rules-digest 4.3, the Big Box
 * lines it cites, tests/scenarios/bb-tb-*, c1-tb-*): the builder's double
 * turn, a completion by the first tile still giving the second, no third
 * tile, a discard keeping the part of the turn, a builder on the road its
 * tile completes; goods to the placer and their majorities; the pig, in
 * editions 3 and 1.  The engine plays along, judged at every move.
 */
static void
test_oracle_traders_by_hand(void **state)
{
	/* TB-1, TB-2 (BB 493-499, 531-542): Anna is Bleu. */
	static const char *const tb12[] = {
		"Anna: U 1,0 0 thief@E", "Ben: A -1,0 270", "Anna: U 2,0 0 builder@W",
		"Ben: B 0,-1 0", "Anna: L 3,0 0 knight@N", "Anna: N 3,1 180 builder@S",
		"Ben: B 1,-1 0", "Anna: N 4,1 270", "Anna: K 4,0 0", "Ben: B 2,-1 0",
	};
	/* Whose turn after each line, and whether a second tile. */
	static const int turn12[] = { 1, 0, 1, 0, 0, 1, 0, 0, 1, 0 };
	static const bool second12[] = { 0, 0, 0, 0, 1, 0, 0, 1, 0, 0 };
	static const char *const discard[] = {
		"Anna: E 0,1 180", "Ben: U 1,0 0 thief@E", "Anna: A -1,0 270",
		"Ben: U 2,0 0 builder@W", "Anna: B 0,-1 0", "Ben: U 3,0 0", "Ben: C discard",
		"Ben: B 1,-1 0", "Anna: B 2,-1 0", "Ben: TB-M discard", "Ben: U 4,0 0",
		"Ben: TB-X discard", "Ben: B 3,-1 0", "Anna: A 5,0 90", "Ben: E 3,1 0",
	};
	static const int turnd[] = { 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 0 };
	static const char *const pig[] = {
		"E 0,1 180 farmer@N", "U 1,0 0 farmer@N", "B 0,-1 0 farmer@N", "A 2,0 90",
		"B 1,1 0", "E 1,2 0 pig@S", "B 2,1 0 pig@N", "E 1,3 180", "end",
	};
	struct judged *j;
	struct or_event want[16];
	int n;

	(void)state;
	j = judged_new(3, 2, "traders-builders");
	for (size_t i = 0; i < sizeof tb12 / sizeof tb12[0]; i++) {
		judged_play(j, tb12[i]);
		assert_int_equal(j->ost.turn, turn12[i]);
		assert_int_equal(j->ost.second, second12[i]);
		if (i == 4) {	/* the road of 5: 5; thief and builder home */
			assert_int_equal(j->st.paid[0], 5);
			assert_int_equal(oracle_supply(j->o, 0, OR_POOL_BUILDER), 1);
			assert_int_equal(oracle_supply(j->o, 0, OR_POOL_MEEPLE), 6);
		}
	}
	assert_int_equal(j->st.paid[0], 5 + 8);	/* the city of 4 */
	assert_int_equal(j->st.paid[1], 0);
	assert_int_equal(j->st.doubles, 2);
	assert_int_equal(j->st.second_extends, 1);	/* K completes it: no third */
	judged_free(j);

	/* A discard keeps the part of the turn (a decision); another
	 * player completing the road gives nobody a second tile. */
	j = judged_new(3, 2, "traders-builders");
	for (size_t i = 0; i < sizeof discard / sizeof discard[0]; i++) {
		judged_play(j, discard[i]);
		assert_int_equal(j->ost.turn, turnd[i]);
	}
	assert_int_equal(j->st.second_discards, 2);	/* C and TB-X */
	assert_int_equal(j->st.paid[1], 7);
	judged_free(j);
	/* The second tile, after a discard, extends the road again: still
	 * the second tile, no third. */
	j = judged_new(3, 2, "traders-builders");
	for (size_t i = 0; i < 7; i++)
		judged_play(j, discard[i]);
	judged_play(j, "Ben: U 4,0 0");
	assert_int_equal(j->ost.turn, 0);
	assert_int_equal(j->st.second_extends, 1);
	judged_free(j);

	/* A builder on the road its tile completes (a decision): 4, home at
	 * once, no second tile; then it may not go where Anna has no thief. */
	j = judged_new(3, 2, "traders-builders");
	judged_play(j, "U 1,0 0 thief@E");
	judged_play(j, "A -1,0 270");
	judged_play(j, "A 2,0 90 builder@W");
	assert_int_equal(j->st.paid[0], 4);
	assert_int_equal(j->ost.turn, 1);
	assert_int_equal(oracle_supply(j->o, 0, OR_POOL_BUILDER), 1);
	judged_play(j, "B 0,-1 0");
	judged_refuse(j, "U 1,1 0 builder@E", "~a builder joins its owner's thief or knight");
	judged_refuse(j, "U 1,1 0 pig@N", "~a pig joins its owner's farmer");
	judged_refuse(j, "U 1,1 0 builder@N", "~valid spots for a builder");
	judged_free(j);

	/* TB-3 (BB 588-593): Anna's knight, a city of 5 with 2 grain and 1
	 * wine, Ben completes it: Anna 10, Ben takes the goods; at the end
	 * Ben has the most wine and grain: 20. */
	j = judged_new(3, 2, "traders-builders");
	judged_play(j, "TB-G 0,1 180 knight@S");
	judged_play(j, "TB-F 1,1 270");
	judged_play(j, "TB-S 1,0 90");
	judged_play(j, "E 1,-1 0");
	assert_int_equal(j->ost.goods[1][CR_GOODS_GRAIN], 2);
	assert_int_equal(j->ost.goods[1][CR_GOODS_WINE], 1);
	assert_int_equal(j->ost.goods[0][CR_GOODS_GRAIN] + j->ost.goods[0][CR_GOODS_WINE], 0);
	assert_int_equal(j->st.paid[0], 10);
	judged_play(j, "end");
	assert_int_equal(j->st.paid[0], 10);
	assert_int_equal(j->st.paid[1], 20);
	judged_free(j);

	/* TB-5 (BB 604-611): one field, two completed cities, Anna's 2
	 * farmers to Ben's 1, a pig each: Anna 4 a city, 8; Ben's pig lost.
	 * Edition 1 (a decision): 5 a city to Anna, 10. */
	for (int ed = 3; ed >= 1; ed -= 2) {
		j = judged_new(ed, 2, "traders-builders");
		for (size_t i = 0; i < sizeof pig / sizeof pig[0]; i++)
			judged_play(j, pig[i]);
		assert_int_equal(j->st.paid[0], ed == 3 ? 8 : 10);
		assert_int_equal(j->st.paid[1], 0);
		assert_int_equal(j->st.pig_shares, ed == 3 ? 1 : 2);
		judged_free(j);
	}

	/* The same field tied, one farmer each, Anna's pig alone: Anna 3 x 2
	 * + 2 (the pig), Ben 3 x 2; edition 1: 5 a city to Anna, 4 to Ben. */
	for (int ed = 3; ed >= 1; ed -= 2) {
		static const char *const tie[] = {
			"E 0,1 180 farmer@N", "U 1,0 0 farmer@N", "B 0,-1 0", "A 2,0 90",
			"B 1,1 0", "E 1,2 0", "B 2,1 0 pig@N", "E 1,3 180", "end",
		};

		j = judged_new(ed, 2, "traders-builders");
		for (size_t i = 0; i < sizeof tie / sizeof tie[0]; i++)
			judged_play(j, tie[i]);
		assert_int_equal(j->st.paid[0], ed == 3 ? 8 : 10);
		assert_int_equal(j->st.paid[1], ed == 3 ? 6 : 8);
		judged_free(j);
	}

	/* The oracle alone, on that board laid by hand.  Ben's farmer 2
	 * more: a tie, each with a pig: 8 each (one event); Ben's pig off
	 * (no pig of Ben's): Anna 8, Ben 6, two events.  Edition 1, Anna's
	 * pig in a field beside the city where she has no farmer: 4. */
	{
		struct oracle *o = oracle_new(tu_base());
		struct cr_game *g = tu_game_with(3, 2, "traders-builders");
		struct cr_meeple mp[MAXMP];
		struct cr_placed tiles[16];
		struct cr_config c = { 3, 2, exts_of("traders-builders") };
		int nt, nmp, f, extra;

		for (size_t i = 0; i + 1 < sizeof pig / sizeof pig[0]; i++)
			tu_play(g, pig[i]);
		nt = cr_game_ntiles(g);
		for (int i = 0; i < nt; i++)
			tiles[i] = *cr_game_tile(g, i);
		nmp = tu_meeples_of(g, mp);
		assert_true(oracle_build(o, &c, tiles, nt, mp, nmp));
		f = oracle_feature_of(o, mp[0].seg);
		for (int i = 0; i < nmp; i++)	/* one field holds every piece */
			assert_int_equal(oracle_feature_of(o, mp[i].seg), f);
		/* Ben's second farmer: anywhere on the field (the oracle does
		 * not referee who may stand where). */
		extra = nmp;
		mp[nmp++] = piece_at(o, 1, "farmer", seg_on(o, f, false));
		assert_true(oracle_build(o, &c, tiles, nt, mp, nmp));
		n = oracle_final(o, want, 16);
		assert_int_equal(n, 1);
		assert_int_equal(want[0].winners, 3);
		assert_int_equal(want[0].points, 6);	/* the price; a pig each: 8 each */
		assert_int_equal(want[0].pay[0], 8);
		assert_int_equal(want[0].pay[1], 8);
		assert_true(want[0].pig);
		for (int i = 0; i < nmp; i++)
			if (mp[i].player == 1 && cr_role_kind(mp[i].role) == CR_FIELD &&
			    oracle_piece(mp[i].role)->pool == OR_POOL_PIG)
				mp[i] = mp[--nmp];	/* Ben's pig off, his farmers stay */
		assert_int_equal(nmp, extra);
		assert_true(oracle_build(o, &c, tiles, nt, mp, nmp));
		n = oracle_final(o, want, 16);	/* one event, paying each its own */
		assert_int_equal(n, 1);
		assert_int_equal(want[0].winners, 3);
		assert_int_equal(want[0].pay[0], 8);
		assert_int_equal(want[0].pay[1], 6);
		/* Edition 1: Anna's pig moved to another field beside a
		 * completed city, where she has no farmer: 4 a city, not 5. */
		c.edition = 1;
		nmp = tu_meeples_of(g, mp);
		extra = -1;
		for (int fl = 0; oracle_feature(o, fl) != NULL; fl++) {
			int pts = 0;

			if (fl == f || oracle_feature(o, fl)->kind != CR_FIELD ||
			    oracle_feature(o, fl)->cities == 0)
				continue;
			for (int i = 0; i < nmp; i++)
				if (mp[i].player == 0 && oracle_piece(mp[i].role)->pool == OR_POOL_PIG)
					mp[i] = piece_at(o, 0, "pig", seg_on(o, fl, false));
			assert_true(oracle_build(o, &c, tiles, nt, mp, nmp));
			n = oracle_final(o, want, 16);
			for (int i = 0; i < n; i++)
				pts += want[i].pay[0];
			assert_int_equal(pts, 8);
			extra = fl;
			break;
		}
		assert_true(extra >= 0);
		cr_game_free(g);

		/* Goods (TB-4's shape, BB 585-586: "Bleu marque 20 points et
		 * Rouge 30"): wine 2-2, grain 1-1, cloth 0-3. */
		{
			struct or_state st = { 0 };
			int pts[2] = { 0, 0 };

			st.goods[0][CR_GOODS_WINE] = st.goods[1][CR_GOODS_WINE] = 2;
			st.goods[0][CR_GOODS_GRAIN] = st.goods[1][CR_GOODS_GRAIN] = 1;
			st.goods[1][CR_GOODS_CLOTH] = 3;
			assert_true(oracle_build(o, &c, tiles, 1, NULL, 0));
			n = oracle_final_goods(o, &st, want, 16);
			assert_int_equal(n, 3);
			for (int i = 0; i < n; i++)
				for (int p = 0; p < 2; p++)
					pts[p] += want[i].pay[p];
			assert_int_equal(pts[0], 20);
			assert_int_equal(pts[1], 30);
			st.goods[1][CR_GOODS_CLOTH] = 0;	/* a kind nobody holds */
			assert_int_equal(oracle_final_goods(o, &st, want, 16), 2);
		}
		oracle_free(o);
	}
}

/*
 * Hills & Sheep, the book's examples (rules-digest 5.3 and the Big Box
 * lines it cites): a hill breaks a tie; the flock herded and scattered;
 * vineyards; the double city edge of HS-L; the project's decisions: a
 * closed field's flock scored at once, the choice before the piece (the
 * shepherd freed may go down again), a token not in the bag refused.
 * Then the oracle alone on boards laid by hand: weights first, several
 * players on hills, fields, edition 1's farmers around a city.
 */
static void
test_oracle_hills_by_hand(void **state)
{
	static const char *const hs2[] = {
		"Anna: E 0,1 180 shepherd@N sheep=2", "Ben: U 1,0 0 shepherd@N sheep=3",
		"Anna: B -1,1 0 grow sheep=1", "Ben: B 1,1 0 grow sheep=2", "Anna: B 0,-1 0",
	};
	static const char *const hs4[] = {
		"B 0,-1 0 monk", "U 1,0 0", "U -1,0 0", "HS-K 1,-1 180", "HS-K 0,-2 90",
		"B 2,-1 0 monk", "E -1,-1 180", "E -1,-2 0", "N 1,-2 0", "U 2,0 0", "U 3,0 0",
		"E 3,-1 90", "E 2,-2 90", "E 3,-2 270",
	};
	struct judged *j;
	int full[OR_NTOK];

	(void)state;
	/* HS-1 (BB 668-675): one knight each in a city of 4 tiles and a
	 * pennant, Anna's on the hill: Anna 10 alone.  The hill hid a tile. */
	j = judged_new(3, 2, "hills-sheep");
	judged_play(j, "HS-D 0,1 180 knight@S");
	assert_int_equal(j->ost.hidden, 1);
	assert_int_equal(cr_game_hidden(j->g), 1);
	judged_play(j, "K 1,0 0 knight@N");
	judged_play(j, "M 1,1 270");
	assert_int_equal(j->st.paid[0], 10);
	assert_int_equal(j->st.paid[1], 0);
	assert_int_equal(j->st.hill_broken, 1);
	judged_free(j);

	/* HS-2 (BB 722-726): the shepherds share the field, 4 tokens of 8
	 * sheep; Ben herds: 8 each, both home, the bag full again.  HS-3
	 * (BB 728-732): Ben grows and draws the wolf: nothing, both home,
	 * the bag full.  Ben's shepherd, freed by the choice, may go down
	 * again on the same tile; not if the choice leaves it out. */
	for (int v = 0; v < 4; v++) {
		static const char *const last[] = { "Ben: B 2,1 0 herd", "Ben: B 2,1 0 grow wolf",
		    "Ben: B 2,1 0 herd shepherd@N sheep=1", "Ben: B 2,1 0 grow wolf shepherd@N wolf" };

		j = judged_new(3, 2, "hills-sheep");
		memcpy(full, j->ost.bag, sizeof full);
		assert_int_equal(full[0] + full[1] + full[2] + full[3] + full[4], 18);
		for (size_t i = 0; i < sizeof hs2 / sizeof hs2[0]; i++)
			judged_play(j, hs2[i]);
		assert_int_equal(j->ost.bag[2], full[2] - 2);
		if (v == 0)
			judged_refuse(j, "Ben: B 2,1 0 grow sheep=4 shepherd@N sheep=1",
			    "~Ben's shepherd is already on the board");
		judged_play(j, last[v]);
		assert_int_equal(j->st.paid[0], v % 2 ? 0 : 8);
		assert_int_equal(j->st.paid[1], v % 2 ? 0 : 8);
		assert_int_equal(j->ost.bag[1], full[1] - (v == 2));
		assert_int_equal(memcmp(j->ost.bag + 2, full + 2, sizeof full - 2 * sizeof full[0]), 0);
		assert_int_equal(oracle_supply(j->o, 0, OR_POOL_SHEPHERD), 1);
		assert_int_equal(oracle_supply(j->o, 1, OR_POOL_SHEPHERD), v == 2 ? 0 : 1);
		judged_free(j);
	}
	assert_int_equal(full[4], 2);

	/* HS-L against HS-L, double city edge to double city edge (BB
	 * 643-648, "toutes les sections de ville sont reliées"): one city;
	 * Ben's knight would join Anna's; closed by four E, 6 tiles: 12. */
	j = judged_new(3, 2, "hills-sheep");
	judged_play(j, "HS-L 0,-1 180 knight@E");
	judged_refuse(j, "HS-L 0,-2 0 knight@W", "~already holds Anna's knight");
	judged_play(j, "HS-L 0,-2 0");
	judged_play(j, "E 1,-1 270");
	judged_play(j, "E -1,-1 90");
	judged_play(j, "E 1,-2 270");
	assert_int_equal(j->st.paid[0], 0);
	judged_play(j, "E -1,-2 90");
	assert_int_equal(j->st.paid[0], 12);
	judged_free(j);

	/* The choice is due exactly when the tile extends the player's own
	 * shepherd's field; a token out of the bag is refused; one shepherd
	 * a field, one each. */
	j = judged_new(3, 2, "hills-sheep");
	judged_play(j, "E 0,1 180 shepherd@N sheep=4");
	judged_refuse(j, "B -1,1 0 shepherd@S sheep=1", "~one shepherd a field");
	judged_play(j, "U 1,0 0 shepherd@N sheep=4");
	judged_refuse(j, "B -1,1 0", "~makes the flock's choice before any piece");
	judged_refuse(j, "B -1,1 0 grow sheep=4", "~the bag holds no sheep=4 now");
	judged_refuse(j, "B 0,-1 0 herd", "~a flock's choice is made only by a tile");
	judged_refuse(j, "B 0,-1 0 shepherd@N sheep=1", "~Anna's shepherd is already on the board");
	judged_play(j, "B -1,1 0 grow sheep=3");
	judged_free(j);

	/* HS-4 (BB 758-761): Anna's cloister with 2 vineyards beside it:
	 * 9 + 3 + 3; Ben's later, one vineyard: 12. */
	j = judged_new(3, 2, "hills-sheep");
	for (size_t i = 0; i < sizeof hs4 / sizeof hs4[0]; i++) {
		judged_play(j, hs4[i]);
		if (i == 8)
			assert_int_equal(j->st.paid[0], 15);
	}
	assert_int_equal(j->st.paid[1], 12);
	assert_int_equal(j->st.vineyard_paid, 2);
	judged_free(j);

	/* HS-5 (BB 639-642): one city across HS-L's double edge: Anna 8. */
	j = judged_new(3, 2, "hills-sheep");
	judged_play(j, "HS-L 0,1 180 knight@SSW");
	judged_play(j, "E 1,1 270");
	judged_play(j, "E -1,1 90");
	assert_int_equal(j->st.paid[0], 8);
	judged_free(j);

	/* A closed field (spec/notation.md): Ben's tile closes the field of
	 * Anna's flock: 3 at once.  Anna closing it herself: grow, then the
	 * closed flock scores (3 + 2); or herd, 3. */
	for (int v = 0; v < 3; v++) {
		j = judged_new(3, 2, "hills-sheep");
		judged_play(j, "S -1,0 270 shepherd@ENE sheep=3");
		if (v > 0)
			judged_play(j, "B 0,-1 0");
		judged_play(j, v == 0 ? "S 1,0 90" : v == 1 ? "S 1,0 90 grow sheep=2" :
		    "S 1,0 90 herd");
		assert_int_equal(j->st.paid[0], v == 1 ? 5 : 3);
		assert_int_equal(j->st.closed, v < 2);
		assert_int_equal(oracle_supply(j->o, 0, OR_POOL_SHEPHERD), 1);
		judged_free(j);
	}

	/* The oracle alone: the city of HS-D (hill), D and HS-A (hill). */
	{
		const struct cr_tileset *ts = tu_base();
		struct oracle *o = oracle_new(ts);
		struct cr_config c = { 3, 3, exts_of("hills-sheep,inns-cathedrals") };
		int d = cr_tileset_find(ts, "D", 1), hd = cr_tileset_find(ts, "HS-D", 4);
		int ha = cr_tileset_find(ts, "HS-A", 4), bb = cr_tileset_find(ts, "B", 1), city, field;
		struct cr_placed b[4] = { { 0, 0, d, 0, 0 }, { 0, 1, hd, 2, ts->type[d].nseg },
		    { 1, 1, ha, 3, ts->type[d].nseg + ts->type[hd].nseg },
		    { -1, 1, bb, 0, ts->type[d].nseg + ts->type[hd].nseg + ts->type[ha].nseg } };
		struct cr_meeple mp[4];
		struct or_event ev, want[16];
		int n;

		assert_true(oracle_build(o, &c, b, 3, NULL, 0));
		city = oracle_feature_of(o, b[0].seg0);	/* D's city N */
		assert_int_equal(oracle_feature(o, city)->kind, CR_CITY);
		assert_true(oracle_feature(o, city)->complete);
		assert_int_equal(oracle_feature(o, city)->tiles, 3);
		/* Weights first: Anna's big knight (2) on D against Ben's two
		 * knights: a tie, Ben's on the hill wins it. */
		mp[0] = piece_at(o, 0, "big-knight", b[0].seg0);
		mp[1] = piece_at(o, 1, "knight", seg_on(o, city, true));
		mp[2] = piece_at(o, 1, "knight", b[0].seg0);
		assert_true(oracle_build(o, &c, b, 3, mp, 3));
		assert_true(oracle_score_completed(o, city, &ev));
		assert_int_equal(ev.winners, 2);
		assert_int_equal(ev.tied, 3);
		assert_int_equal(ev.points, 6);
		/* Anna's big knight on the hill: hers. */
		mp[0] = piece_at(o, 0, "big-knight", seg_on(o, city, true));
		mp[1] = piece_at(o, 1, "knight", b[0].seg0);
		assert_true(oracle_build(o, &c, b, 3, mp, 3));
		assert_true(oracle_score_completed(o, city, &ev));
		assert_int_equal(ev.winners, 1);
		/* One each, Anna on HS-D, Ben on HS-A, Carl on D: both on
		 * hills win; all on hills: the tie stands; none: too. */
		mp[0] = piece_at(o, 0, "knight", b[1].seg0);
		mp[1] = piece_at(o, 1, "knight", b[2].seg0);
		mp[2] = piece_at(o, 2, "knight", b[0].seg0);
		assert_true(oracle_build(o, &c, b, 3, mp, 3));
		assert_int_equal(oracle_feature_of(o, mp[1].seg), city);
		assert_true(oracle_score_completed(o, city, &ev));
		assert_int_equal(ev.winners, 3);
		assert_int_equal(ev.tied, 7);
		assert_true(oracle_build(o, &c, b, 3, mp, 2));
		assert_true(oracle_score_completed(o, city, &ev));
		assert_int_equal(ev.winners, 3);
		assert_int_equal(ev.tied, 0);
		mp[0] = piece_at(o, 0, "knight", b[0].seg0);
		mp[1] = piece_at(o, 1, "knight", b[0].seg0);
		assert_true(oracle_build(o, &c, b, 3, mp, 2));
		assert_true(oracle_score_completed(o, city, &ev));
		assert_int_equal(ev.winners, 3);
		assert_int_equal(ev.tied, 0);
		/* A field by the city (HS-D's, B's beside it), a farmer each,
		 * Ben's on the hill tile: Ben's 3 at the end; edition 1, the
		 * city's 4. */
		assert_true(oracle_build(o, &c, b, 4, NULL, 0));
		field = -1;
		for (int f = 0; oracle_feature(o, f) != NULL; f++)
			if (oracle_feature(o, f)->kind == CR_FIELD && oracle_feature(o, f)->cities == 1 &&
			    seg_on(o, f, true) >= 0 && seg_on(o, f, false) >= 0)
				field = f;
		assert_true(field >= 0);
		mp[0] = piece_at(o, 0, "farmer", seg_on(o, field, false));
		mp[1] = piece_at(o, 1, "farmer", seg_on(o, field, true));
		for (int ed = 3; ed >= 1; ed -= 2) {
			c.edition = ed;
			assert_true(oracle_build(o, &c, b, 4, mp, 2));
			n = oracle_final(o, want, 16);
			assert_int_equal(n, 1);
			assert_int_equal(want[0].reason, ed == 3 ? CR_EV_FARM : CR_EV_FARM_CITY);
			assert_int_equal(want[0].winners, 2);
			assert_int_equal(want[0].tied, 3);
			assert_int_equal(want[0].points, ed == 3 ? 3 : 4);
		}
		/* At the end: an open city (D and HS-D alone), a knight each,
		 * Anna's on the hill: 2 + 0 to Anna alone.  No vineyard
		 * counts for an open cloister, nor a shepherd for anything. */
		c.edition = 3;
		mp[0] = piece_at(o, 0, "knight", b[1].seg0);
		mp[1] = piece_at(o, 1, "knight", b[0].seg0);
		assert_true(oracle_build(o, &c, b, 2, mp, 2));
		n = oracle_final(o, want, 16);
		assert_int_equal(n, 1);
		assert_int_equal(want[0].winners, 1);
		assert_int_equal(want[0].tied, 3);
		assert_int_equal(want[0].points, 2);
		oracle_free(o);
	}
}

/* Every move of every game, and every final scoring, against the oracle;
 * conservation of points and pieces after every move.  The statistics
 * of the games of the sets taught first (the base game, Inns &
 * Cathedrals, the River) on one line, as before the later sets, those of
 * the later sets' games on another. */
static void
test_engine_matches_oracle(void **state)
{
	struct oracle *o = oracle_new(tu_base());
	struct stats first = { 0 }, later = { 0 }, *st = &first;
	int n = nall();

	(void)state;
	assert_non_null(o);
	for (int i = 0; i < n; i++) {
		struct spec s;

		spec_of(i, &s);
		play_checked(&s, o, s.later ? &later : &first);
	}
	print_message("%ld games (%ld with expansions), %ld moves (%ld discards, %ld ends), "
	    "%ld pieces placed (%ld big), %ld river tiles placed, %ld draw checks, "
	    "%ld legal-count checks, %ld moves with every spot judged (%ld option lists); "
	    "events: %ld completed, %ld final, %ld farm, %ld farm-city; paid with an inn %ld, "
	    "a cathedral %ld, unpaid open %ld and %ld; a big meeple counted %ld times, "
	    "decided %ld\n",
	    st->games, st->ext_games, st->moves, st->discards, st->ends, st->meeples_placed,
	    st->big_placed, st->river_placed, st->draw_checks, st->legal_checks, st->spot_checks,
	    st->option_checks, st->ev[CR_EV_COMPLETED], st->ev[CR_EV_FINAL], st->ev[CR_EV_FARM],
	    st->ev[CR_EV_FARM_CITY], st->inn_paid, st->cathedral_paid, st->inn_open,
	    st->cathedral_open, st->big_counted, st->big_decided);
	st = &later;
	print_message("Traders & Builders, Hills & Sheep: %ld games, %ld moves (%ld discards, "
	    "%ld ends), %ld pieces placed (%ld big, %ld builders, %ld pigs, %ld shepherds), "
	    "%ld moves with every spot judged (%ld choices, %ld tokens judged); events: "
	    "%ld completed, %ld final, %ld farm, %ld farm-city, %ld goods taken, %ld majorities "
	    "of goods (%ld tied), %ld flocks; builders: %ld double turns, %ld second tiles "
	    "(%ld extending again, %ld discards in them), %ld on a feature its tile completes; "
	    "%ld pig shares; hills: %ld placed, %ld tiles hidden, %ld ties broken, %ld standing "
	    "(all on hills); %ld cloisters paid vineyards; shepherds: %ld placed, %ld sent home "
	    "by a wolf at once, %ld down again after their choice; choices: %ld herd, %ld grow "
	    "(%ld wolves); %ld closed fields scored; inn %ld, cathedral %ld; big meeple counted "
	    "%ld, decided %ld\n",
	    st->games, st->moves, st->discards, st->ends, st->meeples_placed, st->big_placed,
	    st->builders_placed, st->pigs_placed, st->shepherds_placed, st->spot_checks,
	    st->choice_checks, st->token_checks, st->ev[CR_EV_COMPLETED], st->ev[CR_EV_FINAL],
	    st->ev[CR_EV_FARM], st->ev[CR_EV_FARM_CITY], st->ev_take, st->ev_extra,
	    st->goods_tied, st->ev_module, st->doubles, st->second_tiles, st->second_extends,
	    st->second_discards, st->builder_at_once, st->pig_shares, st->hill_tiles,
	    st->hidden, st->hill_broken, st->hill_stands, st->vineyard_paid,
	    st->shepherds_placed, st->wolf_placed, st->replaced, st->herds, st->grows,
	    st->grow_wolves, st->closed, st->inn_paid, st->cathedral_paid, st->big_counted,
	    st->big_decided);
	assert_int_equal(first.games + later.games, n);
	st = &first;
	if (ngames() >= DEFAULT_GAMES) {	/* the games exercise every rule */
		for (int r = 0; r < 4; r++)
			assert_true(st->ev[r] > 0);
		assert_true(st->big_placed > 0 && st->big_decided > 0 && st->river_placed > 0);
		/* A cathedral's city is rarely completed at random (one game
		 * in a few hundred): test_oracle_expansions_by_hand pays one. */
		assert_true(st->inn_paid > 0 && st->inn_open > 0 && st->cathedral_open > 0);
		st = &later;
		for (int r = 0; r < 4; r++)
			assert_true(st->ev[r] > 0);
		assert_true(st->ev_take > 0 && st->ev_extra > 0 && st->goods_tied > 0 &&
		    st->ev_module > 0);
		assert_true(st->builders_placed > 0 && st->pigs_placed > 0 &&
		    st->shepherds_placed > 0 && st->wolf_placed > 0 && st->replaced > 0);
		assert_true(st->doubles > 0 && st->second_extends > 0 && st->second_discards >= 0 &&
		    st->builder_at_once > 0 && st->pig_shares > 0);
		assert_true(st->hidden > 0 && st->hill_broken > 0 && st->vineyard_paid > 0);
		assert_true(st->herds > 0 && st->grows > 0 && st->grow_wolves > 0 && st->closed > 0);
	}
	oracle_free(o);
}

/* Record -> parse -> replay is the same game; formatting it again gives
 * the same text. */
static void
test_record_round_trip(void **state)
{
	int n = nall();

	(void)state;
	for (int i = 0; i < n; i++) {
		struct nt_player pl[CR_MAXPLAYERS];
		char names[CR_MAXPLAYERS][8], buf[1024], *ext[CR_MAXEXTS];
		struct tu_snap a = { 0 }, b = { 0 };
		struct nt_replay_error rerr;
		struct nt_record r, back;
		struct cr_game *g, *h;
		struct cr_error err;
		char *text, *again;
		const char *d;
		struct spec s;
		bool ok;

		spec_of(i, &s);
		g = make_game(&s);
		names_record(&r, pl, names, ext, &s);
		text = nt_record_format(&r, g);
		assert_non_null(text);
		if (nt_record_parse(&back, text, strlen(text), &err) < 0)
			fail_game(&s, g, "its own record is refused at %d:%d: %s", err.line,
			    err.column, err.msg);
		if (back.nmoves != cr_game_nmoves(g) || back.nplayers != s.nplayers ||
		    back.edition != s.edition || (nt_record_exts(&back) | 1u) != (s.cfg.exts | 1u))
			fail_game(&s, g, "the record reads back as %d moves, %d players, edition %d, "
			    "modules 0x%x", back.nmoves, back.nplayers, back.edition,
			    (unsigned)nt_record_exts(&back));
		h = nt_replay(&back, tu_base(), &ok, &rerr);
		assert_non_null(h);
		if (cr_game_exts(h) != cr_game_exts(g))
			fail_game(&s, g, "the replay is played with modules 0x%x, the game with 0x%x",
			    (unsigned)cr_game_exts(h), (unsigned)cr_game_exts(g));
		if (!ok)
			fail_game(&s, g, "the replay stops at move %d (line %d): %s", rerr.move,
			    rerr.line, rerr.msg);
		tu_snap_take(g, &a);
		tu_snap_take(h, &b);
		if ((d = tu_snap_diff(&a, &b, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "the game and its replay differ: %s", d);
		again = nt_record_format(&back, h);
		assert_non_null(again);
		if (strcmp(text, again) != 0)
			fail_game(&s, g, "formatting the replay gives another text:\n%s", again);
		free(again);
		free(text);
		tu_snap_free(&a);
		tu_snap_free(&b);
		nt_record_free(&back);
		cr_game_free(h);
		cr_game_free(g);
	}
}

/* Undo to a midpoint and redo, undo to the start and redo: the same
 * state each time, and the start is a fresh game's. */
static void
test_undo_redo(void **state)
{
	int n = nall();

	(void)state;
	for (int i = 0; i < n; i++) {
		struct tu_snap fresh = { 0 }, mid = { 0 }, end = { 0 }, now = { 0 };
		struct cr_move *moves;
		struct cr_game *g;
		uint32_t rs;
		char buf[1024];
		const char *d;
		struct spec s;
		int nm, k;

		spec_of(i, &s);
		rs = s.seed;
		g = new_game(&s);
		tu_snap_take(g, &fresh);
		cr_game_free(g);
		g = make_game(&s);
		nm = cr_game_nmoves(g);
		moves = malloc((size_t)nm * sizeof *moves);
		assert_non_null(moves);
		for (int j = 0; j < nm; j++)
			moves[j] = *cr_game_move(g, j);
		tu_snap_take(g, &end);
		/* To a midpoint and back: k moves undone. */
		k = 1 + (int)(tu_rnd(&rs) % (uint32_t)nm);
		assert_int_equal(cr_game_undo(g, k), k);
		tu_snap_take(g, &mid);
		if (mid.nmoves != nm - k || mid.over)
			fail_game(&s, g, "undo %d of %d moves leaves %d moves, over %d", k, nm,
			    mid.nmoves, mid.over);
		for (int j = nm - k; j < nm; j++)
			if (!cr_game_play(g, &moves[j], NULL))
				fail_game(&s, g, "redo: move %d refused", j + 1);
		tu_snap_take(g, &now);
		if ((d = tu_snap_diff(&end, &now, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "undo %d moves and redo: %s", k, d);
		/* Once more, halfway: the same midpoint state again. */
		assert_int_equal(cr_game_undo(g, k), k);
		tu_snap_take(g, &now);
		if ((d = tu_snap_diff(&mid, &now, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "undo %d moves twice: %s", k, d);
		/* To the start: a fresh game. */
		assert_int_equal(cr_game_undo(g, 1000), nm - k);
		tu_snap_take(g, &now);
		if ((d = tu_snap_diff(&fresh, &now, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "undo to the start: %s", d);
		for (int j = 0; j < nm; j++)
			if (!cr_game_play(g, &moves[j], NULL))
				fail_game(&s, g, "redo from the start: move %d refused", j + 1);
		tu_snap_take(g, &now);
		if ((d = tu_snap_diff(&end, &now, buf, sizeof buf)) != NULL)
			fail_game(&s, g, "undo to the start and redo: %s", d);
		free(moves);
		tu_snap_free(&fresh);
		tu_snap_free(&mid);
		tu_snap_free(&end);
		tu_snap_free(&now);
		cr_game_free(g);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_oracle_by_hand),
		cmocka_unit_test(test_oracle_expansions_by_hand),
		cmocka_unit_test(test_oracle_traders_by_hand),
		cmocka_unit_test(test_oracle_hills_by_hand),
		cmocka_unit_test(test_engine_matches_oracle),
		cmocka_unit_test(test_record_round_trip),
		cmocka_unit_test(test_undo_redo),
	};

	return cmocka_run_group_tests_name("properties", tests, NULL, NULL);
}
