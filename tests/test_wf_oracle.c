/*
 * test_wf_oracle.c -- the Wheel of Fortune against a second referee
 * (tests/oracle-wf.c, written from ../shared/spec/wheel-of-fortune.md, on
 * the tile game's oracle, tests/oracle.c): seeded random games played
 * through the engine, the wheel alone and with Inns & Cathedrals, Traders
 * & Builders and Hills & Sheep, 2 to 6 players.  Before every move both
 * agree on what the line may say of the copy drawn (W20: wheel=N or none;
 * W11: the plague squares, wrong ones too); after it, on the wheel's
 * events (the section, from, steps, what the action pays each player,
 * who went home on Plague and what went with them, the crown award), on
 * where the pig stands and who holds each crown space, and on whether a
 * follower may go on a crown space (W13).
 *
 * Run from the repository root, or point CARCREF_DATA at the tile data.
 */
#include "testutil.h"
#include "oracle-wf.c"

struct wf_ctx {
	int	e;		/* the wheel's module */
	int	wheel_id, plague_id;	/* its tokens */
	long	steps, plagues, crowns, probes;
};

static int
wf_token(const char *w)
{
	return cr_token_find(0, w, strlen(w));
}

/* The engine's word for the wheel's events of move `move` (1-based),
 * checked against the oracle's step (NULL: a plain copy, none due). */
static void
check_events(const struct cr_game *g, const struct wf_ctx *c, int move, const struct wo_step *w,
    int nplayers, const char *where)
{
	int nev, seen_wheel = 0, seen_crown = 0;
	const struct cr_event *ev = cr_game_events(g, &nev);

	for (int i = 0; i < nev; i++) {
		struct cr_evword ws[32];
		int n, s = -1, steps = -1, from = -1;
		bool ret[CR_MAXPLAYERS] = { false }, also[CR_MAXPLAYERS] = { false };

		if (ev[i].move != move || ev[i].what == 0 || (ev[i].what >> 8) != c->e)
			continue;
		if (w == NULL)
			fail_msg("%s: a wheel event for a plain copy", where);
		n = cr_exts[c->e]->words(c->e, &ev[i], ws, 32);
		for (int k = 0; k < n && k < 32; k++) {
			if (strcmp(ws[k].key, "section") == 0 || strcmp(ws[k].key, "from") == 0)
				for (int q = 0; q < WO_N; q++)
					if (strcmp(ws[k].word, wo_words[q]) == 0)
						*(ws[k].key[0] == 's' ? &s : &from) = q;
			if (strcmp(ws[k].key, "steps") == 0)
				steps = ws[k].n;
			if (strcmp(ws[k].key, "returned") == 0) {
				int p = ws[k].player;

				if (!w->home[p] || w->hx[p] != ws[k].x || w->hy[p] != ws[k].y)
					fail_msg("%s: the engine sends %s's follower at %d,%d home; the "
					    "oracle %s", where, tu_names[p], ws[k].x, ws[k].y,
					    w->home[p] ? "another" : "none");
				ret[p] = true;
			}
			if (strcmp(ws[k].key, "also_home") == 0) {
				int p = ws[k].player;

				if (!w->also[p] || w->ax[p] != ws[k].x || w->ay[p] != ws[k].y ||
				    strcmp(w->aword[p], ws[k].word) != 0)
					fail_msg("%s: the engine sends %s's %s at %d,%d home with the "
					    "follower; the oracle %s", where, tu_names[p], ws[k].word,
					    ws[k].x, ws[k].y, w->also[p] ? w->aword[p] : "nothing");
				also[p] = true;
			}
		}
		if (s != w->to)
			fail_msg("%s: the engine's section %d, the oracle's %s", where, s,
			    wo_words[w->to]);
		if (steps >= 0) {	/* the action (W17: one event) */
			seen_wheel++;
			if (from != w->from || steps != w->steps)
				fail_msg("%s: from %d steps %d, the oracle from %s steps %d", where, from,
				    steps, wo_words[w->from], w->steps);
			for (int p = 0; p < nplayers; p++) {
				if (ev[i].pay[p] != w->pay[p])
					fail_msg("%s: %s pays %s %d, the oracle %d", where,
					    wo_words[w->to], tu_names[p], ev[i].pay[p], w->pay[p]);
				if (ret[p] != w->home[p] || also[p] != w->also[p])
					fail_msg("%s: %s: who went home differs for %s", where,
					    wo_words[w->to], tu_names[p]);
			}
		} else {		/* the crown award */
			seen_crown++;
			for (int p = 0; p < nplayers; p++)
				if (ev[i].pay[p] != w->crown[p])
					fail_msg("%s: the crowns of %s pay %s %d, the oracle %d", where,
					    wo_words[w->to], tu_names[p], ev[i].pay[p], w->crown[p]);
		}
	}
	if (w != NULL && (seen_wheel != 1 || seen_crown != (w->crowned ? 1 : 0)))
		fail_msg("%s: %d wheel events and %d crown awards, the oracle 1 and %d", where,
		    seen_wheel, seen_crown, w->crowned);
}

/* Where the pig stands and who holds each crown space, engine and oracle. */
static void
check_wheel(const struct cr_game *g, const struct wf_ctx *c, const struct wo_state *st,
    const char *where)
{
	struct cr_evword w[16];
	int n = cr_exts[c->e]->state(g, c->e, w, 16);

	if (n < 1 || strcmp(w[0].word, wo_words[st->pig]) != 0)
		fail_msg("%s: the pig on %s, the oracle's on %s", where, n ? w[0].word : "?",
		    wo_words[st->pig]);
	for (int s = 1; cr_space(s) != NULL; s++) {
		struct cr_standing on[8];
		int held = 0, q = -1, mine[CR_MAXPLAYERS] = { 0 };

		if (cr_space_ext(s) != c->e)
			continue;
		for (int k = 0; k < WO_N; k++)
			if (strcmp(cr_space(s)->word, wo_words[k]) == 0)
				q = k;
		assert_true(q >= 0);
		if (cr_game_space(g, s, on, 8, &held) != wo_crowns[q])
			fail_msg("%s: %s has %d crown spaces", where, wo_words[q],
			    cr_game_space(g, s, on, 8, &held));
		for (int k = 0; k < held && k < 8; k++)
			mine[on[k].player]++;
		for (int k = 0; k < st->n[q]; k++)
			mine[st->who[q][k]]--;
		for (int p = 0; p < CR_MAXPLAYERS; p++)
			if (held != st->n[q] || mine[p] != 0)
				fail_msg("%s: the crown spaces of %s: %d held, the oracle %d", where,
				    wo_words[q], held, st->n[q]);
	}
}

/* The drawn part of a line for tile t: wheel=n (0 none) and plague
 * squares; the engine and the oracle agree whether it may be said.
 * Returns the oracle's verdict, its step in *w when n > 0. */
static bool
probe(const struct cr_game *g, struct wf_ctx *c, const struct oracle *o,
    const struct wo_state *st, int t, int n, const struct cr_said *sq, int nsq,
    struct wo_step *w, const char *where)
{
	struct cr_move m = { .kind = CR_MOVE_DISCARD, .tile = t };
	const char *why = "icon";
	bool want, got;

	if (n > 0)
		m.drawn[m.ndrawn++] = (struct cr_said){ CR_TOKEN(c->wheel_id, n), 0, 0, -1 };
	for (int k = 0; k < nsq && m.ndrawn < CR_MAXDRAWN; k++)
		m.drawn[m.ndrawn++] = sq[k];
	want = wo_icon_ok(cr_game_tileset(g), st, t, n);
	if (want && n > 0)
		want = wo_step(o, st, cr_game_nplayers(g), cr_game_turn(g), n, &m, c->plague_id, w,
		    &why);
	else if (want && nsq > 0)
		want = false, why = "plague without wheel";
	got = cr_game_check_drawn(g, &m, NULL);
	c->probes++;
	if (want != got)
		fail_msg("%s: %s wheel=%d with %d plague squares: the engine %s, the oracle %s (%s)",
		    where, cr_game_tileset(g)->type[t].code, n, nsq, got ? "takes it" : "refuses it",
		    want ? "takes it" : "refuses it", why);
	return want;
}

static struct wf_ctx totals;

static void
play_game(const char *exts, int edition, int nplayers, uint32_t seed)
{
	struct cr_game *g = tu_game_with(edition, nplayers, exts);
	struct oracle *o = oracle_new(tu_base());
	struct cr_place *legal = malloc(4096 * sizeof *legal);
	struct wf_ctx c = { .e = cr_ext_find("wheel-of-fortune", 16),
		.wheel_id = wf_token("wheel"), .plague_id = wf_token("plague") };
	struct wo_state st;
	char where[128];
	const uint32_t seed0 = seed;

	assert_non_null(legal);
	assert_true(c.e >= 0 && c.wheel_id > 0 && c.plague_id > 0);
	wo_start(&st);
	while (!cr_game_over(g)) {
		struct cr_move m = { .kind = CR_MOVE_PLACE };
		struct cr_meeple mee[256];
		struct cr_said sq[CR_MAXDRAWN];
		struct wo_step w, ok_w;
		int t = tu_random_tile(g, &seed), nm, nl, mover = cr_game_turn(g), n = -1, nsq = 0;
		int ok_n[4], nok = 0, move = cr_game_nmoves(g) + 1;

		snprintf(where, sizeof where, "%s, %d players, seed %u, move %d", exts, nplayers,
		    (unsigned)seed0, move);
		if (!oracle_load(o, g))
			fail_msg("%s: oracle: %s", where, oracle_error(o));
		check_wheel(g, &c, &st, where);
		/* W20 and the Plague's choices: every number, and none. */
		nm = oracle_pieces(o, mee, 256);
		for (int k = 0; k <= 3; k++)
			if (probe(g, &c, o, &st, t, k, NULL, 0, &w, where))
				ok_n[nok++] = k;
		if (nok == 0) {	/* Plague wants choices: name one follower a player */
			for (int k = 1; k <= 3; k++) {
				nsq = 0;
				for (int p = 0; p < nplayers; p++) {
					int mine[256], nmine = 0;

					for (int i = 0; i < nm; i++)
						if (mee[i].player == p && wo_follower(&mee[i]))
							mine[nmine++] = i;
					if (nmine > 1 || (nmine == 1 && tu_rnd(&seed) % 2)) {
						int i = mine[tu_rnd(&seed) % (uint32_t)nmine];

						sq[nsq++] = (struct cr_said){ CR_TOKEN(c.plague_id, 0),
						    mee[i].x, mee[i].y, -1 };
					}
				}
				if (probe(g, &c, o, &st, t, k, sq, nsq, &w, where)) {
					n = k;
					break;
				}
				/* wrong ones: a square twice, an empty square */
				if (nsq > 0) {
					sq[nsq] = sq[0];
					probe(g, &c, o, &st, t, k, sq, nsq + 1, &w, where);
				}
			}
			assert_true(n > 0);
		} else
			n = ok_n[tu_rnd(&seed) % (uint32_t)nok], nsq = 0;
		{
			struct cr_said bad = { CR_TOKEN(c.plague_id, 0), 1000, 1000, -1 };

			probe(g, &c, o, &st, t, n, &bad, 1, &w, where);
		}
		if (n > 0)
			probe(g, &c, o, &st, t, n, sq, nsq, &ok_w, where);
		m.tile = t;
		if (n > 0)
			m.drawn[m.ndrawn++] = (struct cr_said){ CR_TOKEN(c.wheel_id, n), 0, 0, -1 };
		for (int k = 0; k < nsq; k++)
			m.drawn[m.ndrawn++] = sq[k];
		nl = cr_game_legal(g, t, legal, 4096);
		if (nl == 0)
			m.kind = CR_MOVE_DISCARD;
		else {
			int k = (int)(tu_rnd(&seed) % (uint32_t)nl), r = (int)(tu_rnd(&seed) % 8);

			r = r < 5 ? 1 : r < 7 ? 0 : 2;	/* pieces most often: knights meet */

			m.x = legal[k].x, m.y = legal[k].y, m.rot = legal[k].rot;
			tu_random_choice(g, &m, NULL, &seed);
			if (r == 1) {	/* a piece on the tile, among the legal ones */
				struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
				int no = cr_game_meeple_options(g, &m, opt, CR_MAXMEEPLEOPTS);

				if (no > CR_MAXMEEPLEOPTS)
					no = CR_MAXMEEPLEOPTS;
				if (no > 0) {
					k = (int)(tu_rnd(&seed) % (uint32_t)no);
					m.role = opt[k].role, m.spot = opt[k].spot;
				}
				if (no <= 0 || (cr_piece(m.role)->flags & (CR_PIECE_TOKEN | CR_PIECE_SPACE)) ||
				    !cr_game_check(g, &m, NULL))
					m.role = CR_ROLE_NONE, m.spot = 0;
			} else if (r == 2) {	/* a follower on a crown space (W13) */
				int s = 1 + (int)(tu_rnd(&seed) % (uint32_t)WO_N), q = -1, left[2];
				bool big = edition && strstr(exts, "inns") && tu_rnd(&seed) % 4 == 0;
				struct wo_state after = st;

				for (int id = 1; id < cr_npieces(); id++)
					if ((cr_piece(id)->flags & CR_PIECE_SPACE) && cr_piece_ext(id) == c.e &&
					    (strncmp(cr_piece(id)->word, "big-", 4) == 0) == big)
						m.role = id;
				for (int sp = 1, k = 0; cr_space(sp) != NULL; sp++)
					if (cr_space_ext(sp) == c.e && ++k == s)
						m.space = sp;
				for (int k = 0; k < WO_N; k++)
					if (strcmp(cr_space(m.space)->word, wo_words[k]) == 0)
						q = k;
				/* the supply after the step: crowns home, the Plague's */
				left[0] = oracle_supply(o, mover, OR_POOL_MEEPLE);
				left[1] = oracle_supply(o, mover, OR_POOL_BIG);
				for (int a = 0; a < WO_N; a++)
					for (int b = 0; b < st.n[a]; b++)
						if (st.who[a][b] == mover && (n == 0 || a != ok_w.to))
							left[st.big[a][b]]--;
				if (n > 0) {
					wo_apply(&after, &ok_w);
					for (int i = 0; i < nm; i++)
						if (ok_w.home[mover] && mee[i].player == mover &&
						    mee[i].x == ok_w.hx[mover] && mee[i].y == ok_w.hy[mover] &&
						    wo_follower(&mee[i]))
							left[oracle_piece(mee[i].role)->pool == OR_POOL_BIG]++;
				}
				if (!strstr(exts, "inns"))
					left[1] = 0;
				if (wo_crown_ok(&after, q, big, left) != cr_game_check(g, &m, NULL))
					fail_msg("%s: crown@%s%s: the engine %s, the oracle %s", where,
					    wo_words[q], big ? " (big)" : "", cr_game_check(g, &m, NULL) ?
					    "takes it" : "refuses it", wo_crown_ok(&after, q, big, left) ?
					    "takes it" : "refuses it");
				if (!cr_game_check(g, &m, NULL))
					m.role = CR_ROLE_NONE, m.space = 0;
				else
					c.crowns++;
			}
		}
		if (!cr_game_play(g, &m, NULL))
			fail_msg("%s: the engine refuses the move", where);
		check_events(g, &c, move, n > 0 ? &ok_w : NULL, nplayers, where);
		wo_draw(cr_game_tileset(g), &st, t, n);
		if (n > 0) {
			wo_apply(&st, &ok_w);
			c.steps++;
			c.plagues += ok_w.to == WO_PLAGUE;
		}
		if (m.space != 0)
			for (int k = 0; k < WO_N; k++)
				if (strcmp(cr_space(m.space)->word, wo_words[k]) == 0)
					wo_crown_put(&st, k, mover, strncmp(cr_piece(m.role)->word, "big-", 4) == 0);
		/* the step's own checks, once the move is whole */
		check_wheel(g, &c, &st, where);
	}
	assert_true(c.steps > 0);
	totals.steps += c.steps, totals.plagues += c.plagues, totals.crowns += c.crowns;
	totals.probes += c.probes;
	free(legal);
	oracle_free(o);
	cr_game_free(g);
}

static void
test_wheel_alone(void **state)
{
	(void)state;
	for (uint32_t s = 1; s <= 40; s++)
		play_game("wheel-of-fortune", 1 + (int)(s % 3), 2 + (int)(s % 5), s * 7919u);
}

static void
test_wheel_mixed(void **state)
{
	(void)state;
	for (uint32_t s = 1; s <= 20; s++) {
		play_game("inns-cathedrals,wheel-of-fortune", 3, 2 + (int)(s % 5), s * 104729u);
		play_game("traders-builders,wheel-of-fortune", 2, 2 + (int)(s % 3), s * 1299709u);
		play_game("inns-cathedrals,traders-builders,hills-sheep,wheel-of-fortune", 1 + (int)s % 3,
		    2 + (int)(s % 7), s * 15485863u);
	}
}

static int
say_totals(void **state)
{
	(void)state;
	fprintf(stderr, "wheel oracle: %ld wheel steps (%ld on Plague), %ld crown followers, "
	    "%ld lines probed\n", totals.steps, totals.plagues, totals.crowns, totals.probes);
	return 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wheel_alone),
		cmocka_unit_test(test_wheel_mixed),
	};

	return cmocka_run_group_tests(tests, NULL, say_totals);
}
