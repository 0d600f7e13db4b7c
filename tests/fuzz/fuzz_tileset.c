/*
 * fuzz_tileset.c -- the tile-set loader: cr_tileset_parse on arbitrary
 * text, then a short game on every set that loads.
 *
 * Holds the loader to: no crash, leak or out-of-bounds read; an error
 * has a message; a set that loads is consistent (counts and total, codes
 * and aliases found again by cr_tileset_find, the one-letter table, the
 * derived port table, edges that agree with the features, as base.yaml's
 * header promises).  Then the engine plays a few moves on the set
 * (cr_game_new is NULL exactly when there is no start tile): tiles drawn
 * from the supply, placements from cr_game_legal, meeples from
 * cr_game_meeple_options, each of which must be accepted; features are
 * queried, every move's notation must read back, the game must equal a
 * replay of its moves, and undoing everything must give back the start.
 */
#include "fuzz.h"

static uint32_t
rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void
check_set(const struct cr_tileset *ts)
{
	int total = 0;

	FZ_CHECK(ts->ntypes >= 1 && ts->type != NULL, "%d types", ts->ntypes);
	FZ_CHECK(ts->name != NULL && ts->name[0] != '\0', "no set name");
	FZ_CHECK(ts->start >= -1 && ts->start < ts->ntypes, "start %d of %d types", ts->start, ts->ntypes);
	for (int t = 0; t < ts->ntypes; t++) {
		const struct cr_tiletype *tt = &ts->type[t];
		size_t len = strnlen(tt->code, CR_CODE_MAX);

		FZ_CHECK(len > 0 && len < CR_CODE_MAX, "type %d: code of %zu bytes", t, len);
		FZ_CHECK(cr_tileset_find(ts, tt->code, len) == t,
		    "type %d: code \"%s\" finds type %d", t, tt->code, cr_tileset_find(ts, tt->code, len));
		FZ_CHECK(tt->naliases >= 0 && tt->naliases <= CR_MAXALIAS, "%s: %d aliases",
		    tt->code, tt->naliases);
		for (int k = 0; k < tt->naliases; k++) {
			size_t alen = strnlen(tt->alias[k], CR_CODE_MAX);

			FZ_CHECK(alen > 0 && alen < CR_CODE_MAX, "%s: alias %d of %zu bytes",
			    tt->code, k, alen);
			FZ_CHECK(cr_tileset_find(ts, tt->alias[k], alen) == t,
			    "%s: alias \"%s\" finds type %d", tt->code, tt->alias[k],
			    cr_tileset_find(ts, tt->alias[k], alen));
		}
		FZ_CHECK(tt->count >= 1, "%s: count %d", tt->code, tt->count);
		total += tt->count;
		FZ_CHECK(tt->nseg >= (tt->part ? 0 : 1) && tt->nseg <= CR_MAXSEG, "%s: %d segments",
		    tt->code, tt->nseg);	/* issue 21: the wheel's inner squares show none */
		for (int s = 0; s < tt->nseg; s++)
			FZ_CHECK(tt->seg[s].kind < CR_NKINDS && tt->seg[s].end < CR_NENDS &&
			    tu_goods(tt, s) < CR_NGOODS && (tt->seg[s].ports >> CR_NPORTS) == 0,
			    "%s: segment %d kind %d end %d goods %d ports 0x%x", tt->code, s,
			    tt->seg[s].kind, tt->seg[s].end, tu_goods(tt, s), tt->seg[s].ports);
		for (int r = 0; r < 4; r++)
			for (int p = 0; p < CR_NPORTS; p++) {
				int s = tt->portseg[r][p], q = (p - 3 * r + 4 * CR_NPORTS) % CR_NPORTS;

				FZ_CHECK(s >= -1 && s < tt->nseg, "%s: portseg[%d][%d] = %d", tt->code, r, p, s);
				FZ_CHECK(s < 0 || (tt->seg[s].ports & (1u << q)),
				    "%s: portseg[%d][%d] = %d, which does not hold port %d", tt->code, r, p, s, q);
			}
		for (int d = 0; d < CR_NDIRS; d++) {
			int k = tt->edge[d], a = tt->portseg[0][CR_PORT(d, 0)],
			    m = tt->portseg[0][CR_PORT(d, 1)], b = tt->portseg[0][CR_PORT(d, 2)];
			int half = k == CR_CITY ? CR_CITY : CR_FIELD;

			/* Issue 21: a square of a start of several (the wheel's
			 * board) shows nothing on a side facing another of its
			 * squares. */
			if (tt->part && a < 0 && m < 0 && b < 0)
				continue;
			FZ_CHECK(k == CR_FIELD || k == CR_ROAD || k == CR_CITY || k == CR_RIVER,
			    "%s: edge %d is %d", tt->code, d, k);
			FZ_CHECK(a >= 0 && b >= 0 && tt->seg[a].kind == half && tt->seg[b].kind == half,
			    "%s: edge %d is %s but its halves hold segments %d and %d", tt->code, d,
			    cr_kind_name(k), a, b);
			if (k == CR_ROAD || k == CR_RIVER)
				FZ_CHECK(m >= 0 && tt->seg[m].kind == k, "%s: %s edge %d without a %s in the middle",
				    tt->code, cr_kind_name(k), d, cr_kind_name(k));
			else
				FZ_CHECK(m < 0, "%s: %s edge %d holds segment %d in the middle", tt->code,
				    cr_kind_name(k), d, m);
		}
	}
	FZ_CHECK(total == ts->total, "counts add to %d, total %d", total, ts->total);
	for (int c = 0; c < 128; c++) {
		int t = ts->letter[c];

		int named = 0;

		FZ_CHECK(t >= -1 && t < ts->ntypes, "letter[%d] = %d", c, t);
		if (t < 0)
			continue;
		for (int k = -1; k < ts->type[t].naliases; k++) {	/* the code, then aliases */
			const char *w = k < 0 ? ts->type[t].code : ts->type[t].alias[k];

			named |= w[1] == '\0' && (w[0] | 0x20) == (c | 0x20);
		}
		FZ_CHECK(named, "letter['%c'] is type %d \"%s\", not so called", c, t,
		    ts->type[t].code);
	}
}

/* Ask about every feature of the last tile placed. */
static void
features(const struct cr_game *g)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const struct cr_placed *t = cr_game_tile(g, cr_game_ntiles(g) - 1);
	struct cr_place tiles[64];
	struct cr_feature f;
	struct cr_event ev;

	FZ_CHECK(t != NULL && cr_game_at(g, t->x, t->y) == t, "the last tile is not where it lies");
	for (int s = 0; s < ts->type[t->type].nseg; s++) {
		int seg = t->seg0 + s, n;

		cr_game_feature(g, seg, &f);
		FZ_CHECK(f.kind == ts->type[t->type].seg[s].kind, "segment %d: feature kind %d, segment kind %d",
		    seg, f.kind, ts->type[t->type].seg[s].kind);
		FZ_CHECK(f.tiles >= 1 && f.tiles <= cr_game_ntiles(g) && f.open >= 0 && f.pennants >= 0,
		    "segment %d: %d tiles, %d open, %d pennants", seg, f.tiles, f.open, f.pennants);
		FZ_CHECK(cr_game_feature_id(g, seg) >= 0, "segment %d has no feature", seg);
		n = cr_game_feature_tiles(g, seg, tiles, 64);
		FZ_CHECK(n >= 1 && n <= cr_game_ntiles(g), "segment %d: %d tiles", seg, n);
		if (f.kind != CR_CLOISTER)
			FZ_CHECK(n == f.tiles, "segment %d: feature of %d tiles, cr_game_feature_tiles %d",
			    seg, f.tiles, n);
		if (cr_game_feature_score(g, seg, &ev))
			FZ_CHECK(ev.points >= 0 && ev.winners != 0, "segment %d would pay %d to 0x%x",
			    seg, ev.points, ev.winners);
	}
}

static void
play(const struct cr_tileset *ts, uint32_t seed, int edition, int nplayers, int nmoves)
{
	struct cr_game *g = cr_game_new(ts, edition, nplayers);
	struct cr_place legal[256];
	struct cr_meeple_opt opt[cr_npieces() * CR_MAXSEG];
	struct cr_refusal why;
	struct fz_snap start, now;

	if (ts->start < 0) {
		FZ_CHECK(g == NULL, "cr_game_new made a game without a start tile");
		return;
	}
	FZ_CHECK(g != NULL, "cr_game_new failed on a set with start tile %s", ts->type[ts->start].code);
	FZ_CHECK(cr_game_ntiles(g) == 1 && cr_game_tile(g, 0)->type == ts->start,
	    "the board does not hold the start tile alone");
	fz_invariants(g);
	fz_snapshot(g, &start);
	for (int i = 0; i < nmoves && !cr_game_over(g) && cr_game_supply_total(g) > 0; i++) {
		int k = (int)(rnd(&seed) % (uint32_t)cr_game_supply_total(g)), t = 0, n, no;
		struct cr_move m = { 0 };

		while (k >= cr_game_supply(g, t))
			k -= cr_game_supply(g, t++);
		m.tile = t;
		n = cr_game_legal(g, t, legal, 256);
		FZ_CHECK(n >= 0, "cr_game_legal returned %d", n);
		m.kind = CR_MOVE_DISCARD;
		if (n == 0) {
			FZ_CHECK(cr_game_play(g, &m, &why), "%s fits nowhere, its discard refused: code %d",
			    ts->type[t].code, why.code);
			fz_invariants(g);
			continue;
		}
		FZ_CHECK(!cr_game_check(g, &m, &why) && why.code == CR_R_DISCARD_FITS,
		    "%s fits at %d places, its discard not refused as fitting: code %d",
		    ts->type[t].code, n, why.code);
		k = (int)(rnd(&seed) % (uint32_t)(n < 256 ? n : 256));
		m.kind = CR_MOVE_PLACE;
		m.x = legal[k].x, m.y = legal[k].y, m.rot = legal[k].rot;
		FZ_CHECK(cr_game_check(g, &m, &why), "%s at %d,%d rot %d is listed legal, refused: code %d",
		    ts->type[t].code, m.x, m.y, m.rot, why.code);
		no = cr_game_meeple_options(g, &m, opt, (int)(sizeof opt / sizeof *opt));
		FZ_CHECK(no >= 0 && no <= (int)(sizeof opt / sizeof *opt), "%d meeple options", no);
		if (no > 0 && rnd(&seed) % 4 != 0) {
			k = (int)(rnd(&seed) % (uint32_t)no);
			m.role = opt[k].role, m.spot = opt[k].spot;
			FZ_CHECK(opt[k].spots & (1u << opt[k].spot), "an option's spot is not among its spots");
		}
		if (!cr_game_play(g, &m, &why))
			fz_fail(__FILE__, __LINE__, "cr_game_play(legal move)",
			    "%s at %d,%d rot %d role %d spot %d refused: code %d", ts->type[t].code,
			    m.x, m.y, m.rot, m.role, m.spot, why.code);
		fz_check_notation(ts, &m);
		fz_invariants(g);
		features(g);
	}
	if (!cr_game_over(g)) {
		struct cr_move end = { .kind = CR_MOVE_END };

		FZ_CHECK(cr_game_play(g, &end, &why), "end refused: code %d", why.code);
		FZ_CHECK(cr_game_over(g), "not over after end");
		fz_invariants(g);
	}
	fz_replay_equal(g);
	cr_game_undo(g, 1 << 20);
	FZ_CHECK(cr_game_nmoves(g) == 0, "%d moves left after undoing all", cr_game_nmoves(g));
	fz_invariants(g);
	fz_snapshot(g, &now);
	FZ_SAME_SNAP(&start, &now, "undoing every move does not give back the start");
	cr_game_free(g);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cr_tileset ts;
	struct cr_error err;
	uint32_t seed = 2166136261u;
	char *text;
	int rc;

	if (size > 65536)
		return -1;
	text = malloc(size ? size : 1);
	FZ_CHECK(text != NULL, "out of memory");
	memcpy(text, data, size);
	rc = cr_tileset_parse(&ts, text, size, &err);
	FZ_CHECK(rc == 0 || rc == -1, "cr_tileset_parse returned %d", rc);
	if (rc < 0) {
		FZ_CHECK(err.msg[0] != '\0' && memchr(err.msg, '\0', sizeof err.msg) != NULL,
		    "an error without a message");
		FZ_CHECK(err.line >= 0 && err.column >= 0, "error at %d:%d", err.line, err.column);
		FZ_CHECK(ts.type == NULL && ts.name == NULL, "a refused set keeps memory");
		free(text);
		return 0;
	}
	check_set(&ts);
	for (size_t i = 0; i < size; i++)
		seed = (seed ^ data[i]) * 16777619u;
	seed |= 1;
	play(&ts, seed, 1 + (int)(seed >> 8) % 3, 1 + (int)(seed >> 12) % CR_MAXPLAYERS, 24);
	cr_tileset_free(&ts);
	free(text);
	return 0;
}
