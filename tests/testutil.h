/*
 * testutil.h -- shared helpers for the cmocka tests: load a tile set,
 * start a game, play or expect the refusal of a turn line, take and
 * compare snapshots of a game.
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "slurp.h"
#include "rules/game.h"
#include "notation/explain.h"
#include "notation/move.h"
#include "notation/record.h"
#include "rules/ext.h"

static const char *const tu_names[CR_MAXPLAYERS] = {
	"Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana",
};

/* The pieces of the tile game's modules, "none" included: those of
 * another game (Hunters & Gatherers) are numbered after them. */
static inline int
tu_npieces(void)
{
	int e = cr_ext_find("hunters-gatherers", 17);

	return e < 0 ? cr_npieces() : cr_ext_piece(e, 0);
}

/* One module's tile file, read from $CARCREF_DATA (or rules/tiles). */
static inline void
tu_load(const char *file, struct cr_tileset *ts)
{
	char path[4096];
	const char *dir = getenv("CARCREF_DATA");
	struct cr_error err;
	size_t len = 0;
	char *text;

	snprintf(path, sizeof path, "%s/%s", dir ? dir : "rules/tiles", file);
	text = tu_slurp(path, &len);
	if (text == NULL)
		fail_msg("cannot read %s", path);
	/* By its name, as carcref reads it: refusals resting on a module's
	 * data name the file (issue 21). */
	if (cr_tileset_parse_fix(ts, file, text, len, NULL, 0, &err) < 0)
		fail_msg("%s:%d:%d: %s", path, err.line, err.column, err.msg);
	free(text);
}

/*
 * The tile set every command uses, loaded once per test program: the
 * base game's, then every module's merged in (rules/ext.h), so games with
 * expansions use it too.  The base game's types come first, as alone.
 */
static inline const struct cr_tileset *
tu_base(void)
{
	static struct cr_tileset ts;
	static bool loaded;

	if (loaded)
		return &ts;
	tu_load(cr_exts[0]->tiles, &ts);
	free(ts.source);	/* a merged set's: none, as carcref's */
	ts.source = NULL;
	for (int e = 1; e < cr_nexts; e++) {
		struct cr_tileset more;
		struct cr_error err;

		if (cr_exts[e]->tiles == NULL || !(cr_rules_modules(0) >> e & 1))
			continue;
		tu_load(cr_exts[e]->tiles, &more);
		if (cr_tileset_merge(&ts, &more, &err) < 0)
			fail_msg("%s: %s", cr_exts[e]->tiles, err.msg);
		cr_tileset_free(&more);
	}
	loaded = true;
	return &ts;
}

/* A game with the named expansions ("inns-cathedrals,river"). */
static inline struct cr_game *
tu_game_with(int edition, int nplayers, const char *exts)
{
	struct cr_config c = { edition, nplayers, 0 };
	struct cr_game *g;

	for (const char *s = exts; s && *s; ) {
		const char *comma = strchr(s, ',');
		size_t n = comma ? (size_t)(comma - s) : strlen(s);
		int e = cr_ext_find(s, n);

		if (e < 0)
			fail_msg("no module \"%.*s\"", (int)n, s);
		c.exts |= 1u << e;
		s += n + (comma != NULL);
	}
	g = cr_game_create(tu_base(), &c);
	assert_non_null(g);
	return g;
}

static inline struct cr_game *
tu_game(int edition, int nplayers)
{
	struct cr_game *g = cr_game_new(tu_base(), edition, nplayers);

	assert_non_null(g);
	return g;
}

/* A small random number generator: the same seed, the same game. */
static inline uint32_t
tu_rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/*
 * A tile drawn at random from those that may be drawn now (every copy
 * equally likely; with the River, its tiles first), and a random piece
 * of the modules in play: for the base game alone, the same draws as
 * from the whole supply and the roles 1 to 4.
 */
static inline int
tu_random_tile(const struct cr_game *g, uint32_t *seed)
{
	int total = 0, k, t = 0, ntypes = cr_game_tileset(g)->ntypes;

	for (int u = 0; u < ntypes; u++)
		if (cr_game_drawable(g, u, NULL))
			total += cr_game_supply(g, u);
	assert_true(total > 0);
	k = (int)(tu_rnd(seed) % (uint32_t)total);
	for (;; t++)
		if (cr_game_drawable(g, t, NULL)) {
			if (k < cr_game_supply(g, t))
				return t;
			k -= cr_game_supply(g, t);
		}
}

static inline int
tu_random_piece(const struct cr_game *g, uint32_t *seed)
{
	int in[CR_MAXPIECES], n = 0;

	for (int r = 1; r < cr_npieces(); r++)
		if (cr_game_exts(g) & (1u << cr_piece_ext(r)))
			in[n++] = r;
	return in[tu_rnd(seed) % (uint32_t)n];
}

/*
 * Hills & Sheep's tokens, as random games draw them: the bag's kinds are
 * [0] the wolves and [n] the tokens of n sheep (the set file's wolf,
 * sheep-1 ... sheep-4).  tu_token_arg: a kind as a move writes it.
 */
#define TU_NTOK		5

static inline int
tu_token_arg(int kind)
{
	return kind == 0 ? CR_TOKEN(cr_token_find(0, "wolf", 4), 0) :
	    CR_TOKEN(cr_token_find(0, "sheep", 5), kind);
}

/*
 * Draw a token into *slot (m->arg or m->choice_arg) among those the
 * engine accepts in m there, each kind weighed by bag (the tokens left
 * in it, as the caller knows them) or, with bag NULL, by the set's own
 * counts.  False (and *slot 0) if the engine accepts none.
 */
static inline bool
tu_random_token(const struct cr_game *g, struct cr_move *m, int *slot, const int *bag,
    uint32_t *seed)
{
	static const char *const names[TU_NTOK] = { "wolf", "sheep-1", "sheep-2", "sheep-3",
	    "sheep-4" };
	int w[TU_NTOK], total = 0, k;

	for (k = 0; k < TU_NTOK; k++) {
		*slot = tu_token_arg(k);
		w[k] = bag != NULL ? bag[k] :
		    cr_tileset_tokens(cr_game_tileset(g), "hills-sheep", names[k]);
		if (w[k] < 0 || !cr_game_check(g, m, NULL))
			w[k] = 0;
		total += w[k];
	}
	*slot = 0;
	if (total == 0)
		return false;
	k = (int)(tu_rnd(seed) % (uint32_t)total);
	for (int i = 0; i < TU_NTOK; k -= w[i++])
		if (k < w[i]) {
			*slot = tu_token_arg(i);
			break;
		}
	return true;
}

/*
 * The flock's choice for the placement m (no piece yet), when the engine
 * says one is due (it refuses the line without one): herd or grow, one
 * time in two each, grow's token drawn as tu_random_token draws.  Nothing
 * drawn from seed in a game whose modules make no choice.
 */
static inline void
tu_random_choice(const struct cr_game *g, struct cr_move *m, const int *bag, uint32_t *seed)
{
	int herd = cr_choice_find(0, "herd", 4), grow = cr_choice_find(0, "grow", 4);

	if (herd == 0 || !(cr_game_exts(g) & (1u << cr_choice_ext(herd))) ||
	    cr_game_check(g, m, NULL))
		return;
	m->choice = herd;
	if (tu_rnd(seed) % 2 == 0 && cr_game_check(g, m, NULL))
		return;
	m->choice = grow;
	if (tu_random_token(g, m, &m->choice_arg, bag, seed))
		return;
	m->choice = herd;
}

/*
 * What the line says of the copy drawn, tile t (issue 21: a wheel icon's
 * number, the Plague's squares): none if the engine takes that, else a
 * number token of a module in play from seed, with one square token per
 * player naming one of their followers when that is wanted too.
 */
static inline void
tu_random_drawn(const struct cr_game *g, struct cr_move *m, uint32_t *seed)
{
	struct cr_meeple mee[64];
	struct cr_move o = *m;
	int num[64], nnum = 0, sq = 0, nm;

	o.kind = CR_MOVE_DISCARD, o.ndrawn = 0;
	if (cr_game_check_drawn(g, &o, NULL))
		return;
	for (int id = 1; cr_token(id) != NULL; id++) {
		const struct cr_token *tk = cr_token(id);

		if (!tk->drawn || !(cr_game_exts(g) & (1u << cr_token_ext(id))))
			continue;
		if (tk->square)
			sq = id;
		else
			for (int v = tk->max ? tk->min : 0; v <= tk->max && nnum < 64; v++)
				num[nnum++] = CR_TOKEN(id, v);
	}
	nm = cr_game_meeples(g, mee, 64);
	for (int k = 0, start = nnum ? (int)(tu_rnd(seed) % (uint32_t)nnum) : 0; k < nnum; k++) {
		o.ndrawn = 0;
		o.drawn[o.ndrawn++] = (struct cr_said){ num[(start + k) % nnum], 0, 0, -1 };
		if (cr_game_check_drawn(g, &o, NULL))
			break;
		for (int pl = 0; sq != 0 && pl < cr_game_nplayers(g) && o.ndrawn < CR_MAXDRAWN; pl++)
			for (int i = 0; i < nm && i < 64; i++)
				if (mee[i].player == pl && (cr_piece(mee[i].role)->flags & CR_PIECE_FOLLOWER)) {
					o.drawn[o.ndrawn++] = (struct cr_said){ CR_TOKEN(sq, 0), mee[i].x,
					    mee[i].y, -1 };
					break;
				}
		if (sq != 0 && cr_game_check_drawn(g, &o, NULL))
			break;
	}
	m->ndrawn = o.ndrawn;
	memcpy(m->drawn, o.drawn, (size_t)o.ndrawn * sizeof m->drawn[0]);
}

/*
 * Play at random through the engine until the game is over or has stop
 * moves: every tile drawn from the real supply (tu_random_tile), a
 * random legal placement or a discard, the flock's choice when one is
 * due (tu_random_choice), a piece tried two times in three (kept if
 * legal; a shepherd with a token tu_random_token draws).  bag: the
 * tokens in Hills & Sheep's bag, or NULL (see tu_random_token).
 */
static inline void
tu_random_moves_bag(struct cr_game *g, uint32_t seed, int stop, const int *bag)
{
	struct cr_place *legal = malloc(4096 * sizeof *legal);

	assert_non_null(legal);
	while (!cr_game_over(g) && cr_game_nmoves(g) < stop) {
		struct cr_move m = { 0 };
		int k, t, n, any = 0;

		/* Nothing may be drawn and the game goes on: a bonus tile owed
		 * from a pile whose tiles the data does not know (Hunters &
		 * Gatherers'): the record says "end". */
		for (int u = 0; u < cr_game_tileset(g)->ntypes && any == 0; u++)
			any = cr_game_drawable(g, u, NULL);
		if (!any) {
			m.kind = CR_MOVE_END;
			assert_true(cr_game_play(g, &m, NULL));
			break;
		}
		t = tu_random_tile(g, &seed);
		m.tile = t;
		tu_random_drawn(g, &m, &seed);
		n = cr_game_legal(g, t, legal, 4096);
		assert_true(n <= 4096);
		/* The buckets of open squares count what the full scan finds. */
		assert_int_equal(cr_game_nlegal(g, t), n);
		if (n == 0) {
			m.kind = CR_MOVE_DISCARD;
			assert_true(cr_game_play(g, &m, NULL));
			continue;
		}
		m.kind = CR_MOVE_PLACE;
		k = (int)(tu_rnd(&seed) % (uint32_t)n);
		m.x = legal[k].x, m.y = legal[k].y, m.rot = legal[k].rot;
		tu_random_choice(g, &m, bag, &seed);
		if (tu_rnd(&seed) % 3 != 0) {
			m.role = tu_random_piece(g, &seed);
			m.spot = (enum cr_spot)(tu_rnd(&seed) % CR_NSPOTS);
			if ((cr_piece(m.role)->flags & CR_PIECE_TOKEN) &&
			    !tu_random_token(g, &m, &m.arg, bag, &seed))
				m.role = CR_ROLE_NONE, m.spot = 0;
			if (!cr_game_check(g, &m, NULL))
				m.role = CR_ROLE_NONE, m.spot = 0, m.arg = 0;
		}
		assert_true(cr_game_play(g, &m, NULL));
	}
	free(legal);
}

static inline void
tu_random_moves(struct cr_game *g, uint32_t seed, int stop)
{
	tu_random_moves_bag(g, seed, stop, NULL);
}

static inline void
tu_play(struct cr_game *g, const char *line)
{
	struct nt_error err;

	if (nt_play(g, tu_names, line, strlen(line), NULL, &err) < 0)
		fail_msg("\"%s\" refused: %s", line, err.msg);
}

/* Expect a refusal whose message is exactly msg (or contains it, if
 * msg starts with '~'). */
static inline void
tu_refuse(struct cr_game *g, const char *line, const char *msg)
{
	struct nt_error err;
	int before = cr_game_nmoves(g);

	if (nt_play(g, tu_names, line, strlen(line), NULL, &err) == 0)
		fail_msg("\"%s\" was accepted, expected: %s", line, msg);
	assert_int_equal(cr_game_nmoves(g), before);
	if (msg[0] == '~') {
		if (strstr(err.msg, msg + 1) == NULL)
			fail_msg("\"%s\": got \"%s\", expected it to contain \"%s\"", line, err.msg, msg + 1);
	} else
		assert_string_equal(err.msg, msg);
}

static inline int
tu_score(const struct cr_game *g, int p)
{
	return cr_game_player(g, p)->score;
}

static inline int
tu_meeples(const struct cr_game *g, int p)
{
	return cr_game_player(g, p)->meeples;
}

/* The meeples standing, in one order whatever the engine's. */
static inline int
tu_cmp_meeple(const void *pa, const void *pb)
{
	const struct cr_meeple *a = pa, *b = pb;

	if (a->seg != b->seg)
		return a->seg < b->seg ? -1 : 1;
	if (a->player != b->player)
		return a->player < b->player ? -1 : 1;
	if (a->role != b->role)
		return a->role < b->role ? -1 : 1;
	if (a->spot != b->spot)
		return a->spot < b->spot ? -1 : 1;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	return a->y < b->y ? -1 : a->y > b->y;
}

/* The most pieces a game can hold: 7 meeples each, and a big meeple, a
 * builder, a pig and a shepherd. */
#define TU_MAXPIECES	(CR_MAXPLAYERS * (CR_MEEPLES + 4))

/* The meeples standing, sorted (the engine's order is its own business). */
static inline int
tu_meeples_of(const struct cr_game *g, struct cr_meeple *out)
{
	int n = cr_game_meeples(g, out, TU_MAXPIECES);

	assert_true(n <= TU_MAXPIECES);
	qsort(out, (size_t)n, sizeof *out, tu_cmp_meeple);
	return n;
}

static inline bool
tu_same_meeple(const struct cr_meeple *a, const struct cr_meeple *b)
{
	return a->player == b->player && a->role == b->role && a->seg == b->seg &&
	    a->x == b->x && a->y == b->y && a->spot == b->spot;
}

/*
 * Snapshots: the whole visible state of a game (moves, board, meeples,
 * events, scores, supplies, legal counts), to hold one game to another.
 */

struct tu_snap {
	int		nmoves, turn, over, ntiles, nmeeples, nevents, supply_total, hidden;
	int		score[CR_MAXPLAYERS], supply_meeples[CR_MAXPLAYERS];
	int		supply[256], legal[256];
	int		pool[CR_MAXPLAYERS][CR_MAXPOOLS], counter[CR_MAXPLAYERS][8];
	struct cr_placed tile[256];
	struct cr_meeple meeple[TU_MAXPIECES];
	struct cr_event	*event;
};

static inline void
tu_snap_take(const struct cr_game *g, struct tu_snap *s)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const struct cr_event *ev;

	free(s->event);
	memset(s, 0, sizeof *s);
	s->nmoves = cr_game_nmoves(g);
	s->turn = cr_game_turn(g);
	s->over = cr_game_over(g);
	s->ntiles = cr_game_ntiles(g);
	assert_true(s->ntiles <= 256 && ts->ntypes <= 256 && cr_game_ncounters(g) <= 8);
	for (int i = 0; i < s->ntiles; i++)
		s->tile[i] = *cr_game_tile(g, i);
	s->nmeeples = tu_meeples_of(g, s->meeple);
	ev = cr_game_events(g, &s->nevents);
	s->event = malloc(((size_t)s->nevents + 1) * sizeof *s->event);
	assert_non_null(s->event);
	if (s->nevents > 0)
		memcpy(s->event, ev, (size_t)s->nevents * sizeof *ev);
	s->supply_total = cr_game_supply_total(g);
	s->hidden = cr_game_hidden(g);
	for (int p = 0; p < cr_game_nplayers(g); p++) {
		s->score[p] = tu_score(g, p);
		s->supply_meeples[p] = tu_meeples(g, p);
		for (int k = 0; k < CR_MAXPOOLS; k++)	/* big meeple, builder, pig */
			s->pool[p][k] = cr_game_player(g, p)->pool[k];
		for (int k = 0; k < cr_game_ncounters(g); k++)	/* goods tokens */
			s->counter[p][k] = cr_game_counter(g, p, k);
	}
	for (int t = 0; t < ts->ntypes; t++) {
		struct cr_refusal why;

		s->supply[t] = cr_game_supply(g, t);
		/* The types of the sets in play (those of the others never
		 * go down: -1). */
		s->legal[t] = cr_game_drawable(g, t, &why) || why.code != CR_R_NOT_IN_PLAY ?
		    cr_game_legal(g, t, NULL, 0) : -1;
	}
}

static inline void
tu_snap_free(struct tu_snap *s)
{
	free(s->event);
	s->event = NULL;
}

static inline bool
tu_same_event(const struct cr_event *a, const struct cr_event *b)
{
	if (a->move != b->move || a->reason != b->reason || a->kind != b->kind ||
	    a->feature != b->feature || a->x != b->x || a->y != b->y || a->tiles != b->tiles ||
	    a->pennants != b->pennants || a->cities != b->cities || a->per_tile != b->per_tile ||
	    a->per_pennant != b->per_pennant || a->per_city != b->per_city ||
	    a->base != b->base || a->winners != b->winners || a->points != b->points ||
	    a->small_city != b->small_city || a->nterm != b->nterm || a->note != b->note ||
	    a->what != b->what || a->sub != b->sub || a->tied != b->tied || a->tie != b->tie)
		return false;
	for (int i = 0; i < a->nterm; i++)
		if (memcmp(&a->term[i], &b->term[i], sizeof a->term[i]) != 0)
			return false;
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		if (a->meeples[p] != b->meeples[p] || a->pay[p] != b->pay[p])
			return false;
	return true;
}

/* The first difference between two snapshots, or NULL. */
static inline const char *
tu_snap_diff(const struct tu_snap *a, const struct tu_snap *b, char *buf, size_t size)
{

#define DIFF_INT(f) if (a->f != b->f) { \
	snprintf(buf, size, #f ": %d, then %d", a->f, b->f); return buf; }
	DIFF_INT(nmoves) DIFF_INT(turn) DIFF_INT(over) DIFF_INT(ntiles)
	DIFF_INT(nmeeples) DIFF_INT(nevents) DIFF_INT(supply_total) DIFF_INT(hidden)
	for (int p = 0; p < CR_MAXPLAYERS; p++) {
		DIFF_INT(score[p]) DIFF_INT(supply_meeples[p])
		for (int k = 0; k < CR_MAXPOOLS; k++) {
			DIFF_INT(pool[p][k])
		}
		for (int k = 0; k < 8; k++) {
			DIFF_INT(counter[p][k])
		}
	}
	for (int t = 0; t < 256; t++) {
		DIFF_INT(supply[t]) DIFF_INT(legal[t])
	}
#undef DIFF_INT
	for (int i = 0; i < a->ntiles; i++) {
		const struct cr_placed *s = &a->tile[i], *t = &b->tile[i];

		if (s->x != t->x || s->y != t->y || s->type != t->type || s->rot != t->rot ||
		    s->seg0 != t->seg0) {
			snprintf(buf, size, "tile %d: type %d at %d,%d rot %d seg0 %d, then type %d "
			    "at %d,%d rot %d seg0 %d", i, s->type, s->x, s->y, s->rot, s->seg0,
			    t->type, t->x, t->y, t->rot, t->seg0);
			return buf;
		}
	}
	for (int i = 0; i < a->nmeeples; i++)
		if (!tu_same_meeple(&a->meeple[i], &b->meeple[i])) {
			snprintf(buf, size, "meeple %d: player %d role %d segment %d at %d,%d spot %d, "
			    "then player %d role %d segment %d at %d,%d spot %d", i,
			    a->meeple[i].player, (int)a->meeple[i].role, a->meeple[i].seg,
			    a->meeple[i].x, a->meeple[i].y, (int)a->meeple[i].spot,
			    b->meeple[i].player, (int)b->meeple[i].role, b->meeple[i].seg,
			    b->meeple[i].x, b->meeple[i].y, (int)b->meeple[i].spot);
			return buf;
		}
	for (int i = 0; i < a->nevents; i++)
		if (!tu_same_event(&a->event[i], &b->event[i])) {
			snprintf(buf, size, "event %d: move %d, %s, %d points to set 0x%x, then "
			    "move %d, %s, %d points to set 0x%x", i, a->event[i].move,
			    cr_kind_name((enum cr_kind)a->event[i].kind), a->event[i].points,
			    a->event[i].winners, b->event[i].move,
			    cr_kind_name((enum cr_kind)b->event[i].kind), b->event[i].points,
			    b->event[i].winners);
			return buf;
		}
	return NULL;
}


#endif
