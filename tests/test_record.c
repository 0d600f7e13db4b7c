/*
 * test_record.c -- game records (notation.md, "Game records"): the YAML
 * loader key by key, every error with its line, column and sentence,
 * hostile input, replay errors located in the file, and the round trip
 * parse -> replay -> format -> parse -> replay.
 */
#include "testutil.h"

/* ---- helpers ----------------------------------------------------------- */

static bool
same_str(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/*
 * The fast path (record-fast.c) and libyaml must agree: whatever the fast
 * path reads, libyaml reads the same, to the line and column.
 */
static void
agree(const char *text, size_t len)
{
	struct nt_record f, y;
	struct cr_error err;
	int fr = nt__record_parse_fast(&f, text, len);
	int yr = nt_record_parse_yaml(&y, text, len, &err);

	if (fr != 1) {
		assert_int_equal(fr, 0);
		assert_null(f.players);
		assert_null(f.moves);
		assert_null(f.game);
	} else {
		if (yr != 0)
			fail_msg("the fast path reads a record libyaml refuses at %d:%d (%s):\n%.300s",
			    err.line, err.column, err.msg, text);
		assert_true(same_str(f.game, y.game));
		assert_int_equal(f.edition, y.edition);
		assert_int_equal(f.nexpansions, y.nexpansions);
		assert_int_equal(f.nplayers, y.nplayers);
		for (int i = 0; i < f.nplayers; i++)
			if (!same_str(f.players[i].name, y.players[i].name) ||
			    !same_str(f.players[i].color, y.players[i].color))
				fail_msg("player %d: fast path and libyaml differ:\n%.300s", i, text);
		assert_int_equal(f.nfields, y.nfields);
		for (int i = 0; i < f.nfields; i++) {
			const struct nt_field *a = &f.field[i], *b = &y.field[i];

			if (a->key != b->key || !same_str(a->text, b->text) || a->shape != b->shape ||
			    a->null != b->null || a->line != b->line || a->column != b->column ||
			    a->key_line != b->key_line || a->key_column != b->key_column)
				fail_msg("field %s: fast path \"%s\" %d:%d, libyaml \"%s\" %d:%d\n%.300s",
				    a->key, a->text, a->line, a->column, b->text, b->line, b->column, text);
		}
		assert_int_equal(f.nmoves, y.nmoves);
		for (int i = 0; i < f.nmoves; i++) {
			const struct nt_recmove *a = &f.moves[i], *b = &y.moves[i];

			if (!same_str(a->text, b->text) || !same_str(a->player, b->player) ||
			    a->line != b->line || a->column != b->column ||
			    a->end_line != b->end_line || a->end_column != b->end_column)
				fail_msg("move %d: fast path \"%s\" %d:%d-%d:%d, libyaml \"%s\" %d:%d-%d:%d\n%.300s",
				    i + 1, a->text, a->line, a->column, a->end_line, a->end_column,
				    b->text, b->line, b->column, b->end_line, b->end_column, text);
		}
		nt_record_free(&f);
	}
	if (yr == 0)
		nt_record_free(&y);
}

static void
rec_ok(const char *text, struct nt_record *r)
{
	struct cr_error err;

	agree(text, strlen(text));
	if (nt_record_parse(r, text, strlen(text), &err) < 0)
		fail_msg("record refused at %d:%d: %s\n%.500s", err.line, err.column, err.msg, text);
}

/* On failure the record is left empty. */
static void
assert_empty(const struct nt_record *r)
{
	assert_null(r->game);
	assert_null(r->players);
	assert_null(r->moves);
	assert_null(r->expansions);
	assert_int_equal(r->nplayers, 0);
	assert_int_equal(r->nmoves, 0);
	assert_int_equal(r->nexpansions, 0);
}

static void
rec_err_len(const char *text, size_t len, int line, int column, const char *msg)
{
	struct nt_record r;
	struct cr_error err;

	agree(text, len);
	if (nt_record_parse(&r, text, len, &err) == 0) {
		nt_record_free(&r);
		fail_msg("record accepted, expected %d:%d: %s\n%.300s", line, column, msg, text);
	}
	assert_empty(&r);
	if (err.line != line || err.column != column || strcmp(err.msg, msg) != 0)
		fail_msg("\n%.300s\n  got      %d:%d: %s\n  expected %d:%d: %s", text,
		    err.line, err.column, err.msg, line, column, msg);
}
#define REC_ERR(text, line, column, msg) rec_err_len(text, strlen(text), line, column, msg)

/* Replay that must stop at a given move, line and column. */
static void
replay_err(const char *text, int move, int line, int column, const char *msg)
{
	struct nt_replay_error err;
	struct nt_record r;
	struct cr_game *g;
	bool ok = true;

	rec_ok(text, &r);
	g = nt_replay(&r, tu_base(), &ok, &err);
	assert_non_null(g);
	if (ok)
		fail_msg("replay accepted, expected move %d at %d:%d: %s\n%.300s", move, line,
		    column, msg, text);
	/* The game stops just before the bad move. */
	assert_int_equal(cr_game_nmoves(g), move - 1);
	if (err.move != move || err.line != line || err.column != column ||
	    strcmp(err.msg, msg) != 0)
		fail_msg("\n%.300s\n  got      move %d at %d:%d: %s\n  expected move %d at %d:%d: %s",
		    text, err.move, err.line, err.column, err.msg, move, line, column, msg);
	cr_game_free(g);
	nt_record_free(&r);
}

static struct cr_game *
replay_ok(const struct nt_record *r)
{
	struct nt_replay_error err;
	struct cr_game *g;
	bool ok = false;

	g = nt_replay(r, tu_base(), &ok, &err);
	assert_non_null(g);
	if (!ok)
		fail_msg("replay refused move %d at %d:%d: %s", err.move, err.line, err.column, err.msg);
	return g;
}

/* Two games that went the same way: moves, players, scores, events. */
static void
assert_same_game(const struct cr_game *a, const struct cr_game *b)
{
	const struct cr_event *ea, *eb;
	int na, nb;

	assert_int_equal(cr_game_nplayers(a), cr_game_nplayers(b));
	assert_int_equal(cr_game_edition(a), cr_game_edition(b));
	assert_int_equal(cr_game_nmoves(a), cr_game_nmoves(b));
	for (int i = 0; i < cr_game_nmoves(a); i++) {
		const struct cr_move *ma = cr_game_move(a, i), *mb = cr_game_move(b, i);

		assert_int_equal(ma->kind, mb->kind);
		if (ma->kind != CR_MOVE_END)
			assert_int_equal(ma->tile, mb->tile);
		if (ma->kind == CR_MOVE_PLACE) {
			assert_int_equal(ma->x, mb->x);
			assert_int_equal(ma->y, mb->y);
			assert_int_equal(ma->rot, mb->rot);
			assert_int_equal(ma->role, mb->role);
			if (ma->role != CR_ROLE_NONE)
				assert_int_equal(ma->spot, mb->spot);
		}
		assert_int_equal(cr_game_move_player(a, i), cr_game_move_player(b, i));
	}
	assert_int_equal(cr_game_over(a), cr_game_over(b));
	for (int p = 0; p < cr_game_nplayers(a); p++) {
		assert_int_equal(cr_game_player(a, p)->score, cr_game_player(b, p)->score);
		assert_int_equal(cr_game_player(a, p)->meeples, cr_game_player(b, p)->meeples);
	}
	ea = cr_game_events(a, &na);
	eb = cr_game_events(b, &nb);
	assert_int_equal(na, nb);
	for (int i = 0; i < na; i++)
		if (!tu_same_event(&ea[i], &eb[i]))
			fail_msg("event %d differs (move %d and %d)", i, ea[i].move, eb[i].move);
}

static char *
repeat(const char *head, const char *unit, size_t n, const char *tail)
{
	size_t lh = strlen(head), lu = strlen(unit), lt = strlen(tail);
	char *s = malloc(lh + lu * n + lt + 1), *p;

	assert_non_null(s);
	memcpy(s, head, lh);
	p = s + lh;
	for (size_t i = 0; i < n; i++, p += lu)
		memcpy(p, unit, lu);
	memcpy(p, tail, lt + 1);
	return s;
}

/* ---- a good record ------------------------------------------------------ */

static const char good[] =
    "# a whole game, every key\n"			/* 1 */
    "format: carcref/1\n"				/* 2 */
    "game: carcassonne\n"				/* 3 */
    "edition: 2\n"					/* 4 */
    "expansions: []\n"					/* 5 */
    "players:\n"					/* 6 */
    "  - Anna\n"					/* 7 */
    "  - {name: Ben, color: red}\n"			/* 8 */
    "  - name: Carl\n"					/* 9 */
    "    color: \"blue\"\n"				/* 10 */
    "moves:\n"						/* 11 */
    "  - V 1,0 90            # plain\n"		/* 12 */
    "  - \"U -1,0 0 thief@W\"\n"			/* 13 */
    "  - 'Carl: B 0,-1 0 moine'\n"			/* 14 */
    "  - Anna: E 0,1 180 K@S\n"			/* 15 */
    "  - Ben: \"U -2,0 0\"\n"				/* 16 */
    "\n"						/* 17 */
    "  # Carl had to go\n"				/* 18 */
    "  - end\n";					/* 19 */

static void
test_good_record(void **state)
{
	struct nt_record r;
	struct cr_game *g;
	const struct cr_event *ev;
	int n;

	(void)state;
	rec_ok(good, &r);
	assert_string_equal(r.game, "carcassonne");
	assert_int_equal(r.edition, 2);
	assert_int_equal(r.nexpansions, 0);
	assert_int_equal(r.nplayers, 3);
	assert_string_equal(r.players[0].name, "Anna");
	assert_null(r.players[0].color);
	assert_string_equal(r.players[1].name, "Ben");
	assert_string_equal(r.players[1].color, "red");
	assert_string_equal(r.players[2].name, "Carl");
	assert_string_equal(r.players[2].color, "blue");
	assert_int_equal(nt_record_player(&r, "carl", 4), 2);
	assert_int_equal(nt_record_player(&r, "BEN", 3), 1);
	assert_int_equal(nt_record_player(&r, "Bent", 3), 1);	/* len is honoured */
	assert_int_equal(nt_record_player(&r, "Be", 2), -1);
	assert_int_equal(nt_record_player(&r, "Zoe", 3), -1);

	assert_int_equal(r.nmoves, 6);
	assert_string_equal(r.moves[0].text, "V 1,0 90");
	assert_null(r.moves[0].player);
	assert_int_equal(r.moves[0].line, 12);
	assert_int_equal(r.moves[0].column, 5);
	assert_string_equal(r.moves[1].text, "U -1,0 0 thief@W");
	assert_int_equal(r.moves[1].line, 13);
	assert_int_equal(r.moves[1].column, 6);	/* inside the quotes */
	assert_string_equal(r.moves[2].text, "Carl: B 0,-1 0 moine");
	assert_null(r.moves[2].player);
	assert_int_equal(r.moves[2].column, 6);
	assert_string_equal(r.moves[3].text, "E 0,1 180 K@S");
	assert_string_equal(r.moves[3].player, "Anna");
	assert_int_equal(r.moves[3].line, 15);
	assert_int_equal(r.moves[3].column, 11);
	assert_string_equal(r.moves[4].text, "U -2,0 0");
	assert_string_equal(r.moves[4].player, "Ben");
	assert_int_equal(r.moves[4].line, 16);
	assert_int_equal(r.moves[4].column, 11);	/* inside the quotes */
	assert_string_equal(r.moves[5].text, "end");
	assert_int_equal(r.moves[5].line, 19);
	assert_int_equal(r.moves[5].column, 5);

	g = replay_ok(&r);
	assert_int_equal(cr_game_nmoves(g), 6);
	assert_true(cr_game_over(g));
	assert_int_equal(cr_game_edition(g), 2);
	assert_int_equal(cr_game_move_player(g, 3), 0);
	assert_int_equal(cr_game_move_player(g, 4), 1);
	assert_int_equal(cr_game_move_player(g, 5), 2);
	/* Move 4: Anna's knight closes D+E, 2 x 2.  At the end: Ben's road
	 * U U D V, 4 tiles; Carl's cloister with 3 neighbours, 1 + 3. */
	ev = cr_game_events(g, &n);
	assert_int_equal(n, 3);
	assert_int_equal(ev[0].move, 4);
	assert_int_equal(ev[0].kind, CR_CITY);
	assert_int_equal(ev[0].points, 4);
	assert_int_equal(tu_score(g, 0), 4);
	assert_int_equal(tu_score(g, 1), 4);
	assert_int_equal(tu_score(g, 2), 4);
	cr_game_free(g);
	nt_record_free(&r);
	assert_empty(&r);
	nt_record_free(&r);	/* twice is harmless */
}

static void
test_minimal_records(void **state)
{
	static const char *const nomoves[] = {
		"format: carcref/1\nplayers: [Anna]\n",
		"format: carcref/1\nplayers: [Anna]\nmoves: []\n",
		"format: carcref/1\nplayers: [Anna]\nmoves:\n",
		"format: carcref/1\nplayers: [Anna]\nmoves: ~\n",
		"format: carcref/1\nplayers: [Anna]\nmoves: null\n",
		"format: carcref/1\nplayers: [Anna]\nmoves:\nexpansions:\n",
		"---\nformat: carcref/1\nplayers: [Anna]\n...\n",
		"{format: carcref/1, players: [Anna], moves: []}",
		"format: carcref/1\r\nplayers:\r\n  - Anna\r\n",
		("\xef\xbb\xbf" "format: carcref/1\nplayers: [Anna]\n"),	/* a BOM */
	};
	struct nt_record r;
	struct cr_game *g;

	(void)state;
	for (size_t i = 0; i < sizeof nomoves / sizeof *nomoves; i++) {
		rec_ok(nomoves[i], &r);
		assert_string_equal(r.game, "carcassonne");
		assert_int_equal(r.edition, 3);		/* the default */
		assert_int_equal(r.nplayers, 1);
		assert_string_equal(r.players[0].name, "Anna");
		assert_int_equal(r.nmoves, 0);
		g = replay_ok(&r);
		assert_int_equal(cr_game_nmoves(g), 0);
		assert_false(cr_game_over(g));
		cr_game_free(g);
		nt_record_free(&r);
	}
	/* Eight players, the most there may be; editions 1 to 3. */
	rec_ok("format: carcref/1\nedition: 1\nplayers: [A, B, C, D, E, F, G, H]\n", &r);
	assert_int_equal(r.nplayers, 8);
	assert_int_equal(r.edition, 1);
	assert_string_equal(r.players[7].name, "H");
	nt_record_free(&r);
	rec_ok("format: carcref/1\nedition: '3'\nplayers: [\"Anna Maria\", 'O''Brien', \xc3\x89mile]\n", &r);
	assert_int_equal(r.edition, 3);
	assert_string_equal(r.players[0].name, "Anna Maria");
	assert_string_equal(r.players[1].name, "O'Brien");
	assert_string_equal(r.players[2].name, "\xc3\x89mile");
	nt_record_free(&r);
	/* Moves in a flow list, and the mapping form in flow style: in a
	 * flow collection a comma ends a plain scalar, so they are quoted. */
	rec_ok("format: carcref/1\nplayers: [Anna, Ben]\nmoves: [\"V 1,0 90\", {Ben: \"U -1,0 0\"}]\n", &r);
	assert_int_equal(r.nmoves, 2);
	assert_string_equal(r.moves[0].text, "V 1,0 90");
	assert_null(r.moves[0].player);
	assert_int_equal(r.moves[0].column, 10);
	assert_string_equal(r.moves[1].text, "U -1,0 0");
	assert_string_equal(r.moves[1].player, "Ben");
	assert_int_equal(r.moves[1].column, 28);
	nt_record_free(&r);
	/* Unquoted, the comma splits a flow mapping's value: two entries. */
	REC_ERR("format: carcref/1\nplayers: [Anna]\nmoves: [{Anna: V 1,0 90}]\n", 3, 20,
	    "a move written as a mapping has exactly one entry (\"Anna: U 0,1 0\")");
}

/* ---- every loader error, where and why --------------------------------- */

#define HEAD "format: carcref/1\n"
#define NEED_PLAYERS "a record needs \"players\": 1 to 8 names"
#define BAD_NAME "a player's name must be a non-empty text on one line, without \":\" " \
    "or \"#\" and without spaces around it"

static void
test_record_errors(void **state)
{
	(void)state;
	/* Keys. */
	REC_ERR(HEAD "players: [Anna]\ncolour: red\n", 3, 1,
	    "unknown key \"colour\" (expected format, game, edition, expansions, players, wheel-of-fortune, spring or moves)");
	REC_ERR(HEAD "Players: [Anna]\n", 2, 1,
	    "unknown key \"Players\" (expected format, game, edition, expansions, players, wheel-of-fortune, spring or moves)");
	REC_ERR(HEAD "players: [Anna]\nformat: carcref/1\n", 3, 1, "\"format\" is given twice");
	REC_ERR(HEAD "players: [Anna]\nmoves: []\nmoves: []\n", 4, 1, "\"moves\" is given twice");
	REC_ERR(HEAD "? [a, b]\n: c\nplayers: [Anna]\n", 2, 3, "keys of a record are plain words");
	REC_ERR("- format: carcref/1\n", 1, 1,
	    "a record is a mapping of format, game, edition, expansions, players, wheel-of-fortune, spring, moves");
	REC_ERR("carcref/1\n", 1, 1,
	    "a record is a mapping of format, game, edition, expansions, players, wheel-of-fortune, spring, moves");

	/* Types. */
	REC_ERR(HEAD "players: Anna\n", 2, 10, "\"players\" must be a list, not a single value");
	REC_ERR(HEAD "players: {name: Anna}\n", 2, 10, "\"players\" must be a list, not a mapping");
	REC_ERR(HEAD "players: [Anna]\nmoves: {V: 1,0 90}\n", 3, 8, "\"moves\" must be a list, not a mapping");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  Anna: V 1,0 90\n", 4, 3,
	    "\"moves\" must be a list, not a mapping");
	REC_ERR(HEAD "players: [Anna]\nmoves: V 1,0 90\n", 3, 8, "\"moves\" must be a list, not a single value");
	REC_ERR(HEAD "players: [Anna]\nexpansions: river\n", 3, 13,
	    "\"expansions\" must be a list, not a single value");
	REC_ERR(HEAD "edition: three\nplayers: [Anna]\n", 2, 10,
	    "\"edition\" must be a whole number from 1 to 3, got \"three\"");
	REC_ERR(HEAD "edition: [3]\nplayers: [Anna]\n", 2, 10, "\"edition\" must be a single value, not a list");
	REC_ERR(HEAD "edition:\nplayers: [Anna]\n", 2, 9,
	    "\"edition\" must be a whole number from 1 to 3, got \"\"");
	REC_ERR("format: [carcref/1]\nplayers: [Anna]\n", 1, 9, "\"format\" must be a single value, not a list");
	REC_ERR(HEAD "game: {carcassonne: yes}\nplayers: [Anna]\n", 2, 7,
	    "\"game\" must be a single value, not a mapping");

	/* Values. */
	REC_ERR(HEAD "edition: 4\nplayers: [Anna]\n", 2, 10,
	    "\"edition\" must be a whole number from 1 to 3, got \"4\"");
	REC_ERR(HEAD "edition: 0\nplayers: [Anna]\n", 2, 10,
	    "\"edition\" must be a whole number from 1 to 3, got \"0\"");
	REC_ERR(HEAD "edition: 3.0\nplayers: [Anna]\n", 2, 10,
	    "\"edition\" must be a whole number from 1 to 3, got \"3.0\"");
	REC_ERR(HEAD "edition: 99999999999999999999999\nplayers: [Anna]\n", 2, 10,
	    "\"edition\" must be a whole number from 1 to 3, got \"99999999999999999999999\"");
	REC_ERR("format: carcref/2\nplayers: [Anna]\n", 1, 9,
	    "unknown format \"carcref/2\" (this carcref reads carcref/1)");
	REC_ERR("format: 1\nplayers: [Anna]\n", 1, 9, "unknown format \"1\" (this carcref reads carcref/1)");
	REC_ERR("players: [Anna]\n", 1, 1, "missing \"format: carcref/1\"");
	REC_ERR("# comment\n\nplayers: [Anna]\nmoves: []\n", 3, 1, "missing \"format: carcref/1\"");
	/* The dice game's header (issue 19 part 2): its own limits. */
	REC_ERR(HEAD "game: dice\nedition: 2\nplayers: [Anna]\n", 3, 10,
	    "the dice game has edition 1 only, got \"2\"");
	REC_ERR(HEAD "edition: 3\ngame: dice\nplayers: [Anna]\n", 2, 10,
	    "the dice game has edition 1 only, got \"3\"");
	REC_ERR(HEAD "game: dice\nexpansions: [river]\nplayers: [Anna]\n", 3, 14,
	    "the dice game has no expansions, got \"river\"");
	REC_ERR(HEAD "game: dice\nplayers: [A, B, C, D, E, F]\n", 3, 1,
	    "too many players: at most 5 in the dice game");
	REC_ERR(HEAD "game: dice\nfaceset: f.yaml\nfaces: []\nplayers: [A]\n", 4, 8,
	    "faces: and faceset: together: a record carries its faces or names a file of them, not both");
	REC_ERR(HEAD "faces: []\nplayers: [A]\n", 2, 1,
	    "unknown key \"faces\" (expected format, game, edition, expansions, players, wheel-of-fortune, spring or moves)");
	REC_ERR(HEAD "game: chess\nplayers: [Anna]\n", 2, 7, "unknown game \"chess\" (expected carcassonne, hunters-gatherers, dice)");
	REC_ERR(HEAD "game: Carcassonne\nplayers: [Anna]\n", 2, 7,
	    "unknown game \"Carcassonne\" (expected carcassonne, hunters-gatherers, dice)");

	/* Expansions. */
	REC_ERR(HEAD "expansions: [catapult]\nplayers: [Anna]\n", 2, 14,
	    "unknown expansion \"catapult\" (known: inns-cathedrals, river, traders-builders, hills-sheep, wheel-of-fortune)");
	REC_ERR(HEAD "expansions: [river, river]\nplayers: [Anna]\n", 2, 21,
	    "expansion \"river\" is given twice");
	REC_ERR(HEAD "expansions: [base]\nplayers: [Anna]\n", 2, 14,
	    "unknown expansion \"base\" (known: inns-cathedrals, river, traders-builders, hills-sheep, wheel-of-fortune)");
	/* The Wheel of Fortune with the River: the record says where the
	 * spring lies (issue 21, spec 4.2, 4.6), and its keys only with it. */
	REC_ERR(HEAD "expansions: [wheel-of-fortune, traders-builders, river]\nplayers: [Anna]\n",
	    2, 1, "with river and wheel-of-fortune in expansions, the record says spring: where "
	    "the spring was laid beside the board, \"X,Y\" or \"X,Y ROT\"");
	REC_ERR(HEAD "spring: \"-1,1\"\nexpansions: [river]\nplayers: [Anna]\n", 2, 1,
	    "\"spring\" is valid only with wheel-of-fortune in expansions");
	REC_ERR(HEAD "expansions: [wheel-of-fortune]\nplayers: [Anna]\nspring: -1,1\n", 4, 1,
	    "\"spring\" is valid only with river in expansions too");
	REC_ERR(HEAD "wheel-of-fortune: my.yaml\nplayers: [Anna]\n", 2, 1,
	    "\"wheel-of-fortune\" is valid only with wheel-of-fortune in expansions");
	REC_ERR(HEAD "expansions: [wheel-of-fortune, river]\nplayers: [Anna]\nspring: 1 2\n", 4, 9,
	    "spring: expected \"X,Y\" or \"X,Y ROT\" (ROT 0, 90, 180 or 270), got \"1 2\"");
	REC_ERR(HEAD "expansions: [wheel-of-fortune, river]\nplayers: [Anna]\nspring: \"-1,1 45\"\n",
	    4, 9, "spring: expected \"X,Y\" or \"X,Y ROT\" (ROT 0, 90, 180 or 270), got "
	    "\"-1,1 45\"");
	REC_ERR(HEAD "expansions: [wheel-of-fortune]\nplayers: [Anna]\nwheel-of-fortune: [a]\n",
	    4, 19, "wheel-of-fortune: names a data file (by a path relative to the record's "
	    "directory), or holds the data whole (set: wheel-of-fortune) or corrections to it");
	REC_ERR(HEAD "expansions: [wheel-of-fortune, river]\nplayers: [Anna]\nspring: -1,1\n"
	    "spring: -1,2\n", 5, 1, "\"spring\" is given twice");
	REC_ERR(HEAD "expansions: [{river: yes}]\n", 2, 14,
	    "each entry of \"expansions\" must be a single value, not a mapping");

	/* Players. */
	REC_ERR(HEAD "players: []\n", 1, 1, NEED_PLAYERS);
	REC_ERR(HEAD "players:\n", 1, 1, NEED_PLAYERS);
	REC_ERR(HEAD "moves: []\n", 1, 1, NEED_PLAYERS);
	REC_ERR("# x\n" HEAD "edition: 1\n", 2, 1, NEED_PLAYERS);
	REC_ERR(HEAD "players: [A, B, C, D, E, F, G, H, I]\n", 2, 35, "too many players: at most 8");
	REC_ERR(HEAD "players: [Anna, Ben, ANNA]\n", 2, 22, "two players are named \"ANNA\"");
	/* Names compared without case in any script (a regression: only
	 * ASCII was folded, so Zoé and ZOÉ were two players). */
	REC_ERR(HEAD "players: [Zo\xc3\xa9, ZO\xc3\x89]\n", 2, 16,
	    "two players are named \"ZO\xc3\x89\"");
	REC_ERR(HEAD "players: [\xd0\x81\xd0\xbb\xd0\xba\xd0\xb0, \xd1\x91\xd0\x9b\xd0\x9a\xd0\x90]\n",
	    2, 17, "two players are named \"\xd1\x91\xd0\x9b\xd0\x9a\xd0\x90\"");
	REC_ERR(HEAD "players:\n  - Anna\n  - {name: anna, color: red}\n", 4, 5,
	    "two players are named \"anna\"");
	REC_ERR(HEAD "players: ['Anna: x']\n", 2, 11, BAD_NAME);
	REC_ERR(HEAD "players: [\"Anna:\"]\n", 2, 11, BAD_NAME);
	REC_ERR(HEAD "players: [Anna, 'A#b']\n", 2, 17, BAD_NAME);
	REC_ERR(HEAD "players: [' Anna']\n", 2, 11, BAD_NAME);
	REC_ERR(HEAD "players: ['Anna ']\n", 2, 11, BAD_NAME);
	REC_ERR(HEAD "players: ['']\n", 2, 11, BAD_NAME);
	REC_ERR(HEAD "players: [{name: ''}]\n", 2, 11, BAD_NAME);
	REC_ERR(HEAD "players:\n  - Anna: red\n", 3, 5,
	    "unknown key \"Anna\" in a player (expected name or color)");
	REC_ERR(HEAD "players:\n  - {color: red}\n", 3, 5, "a player given as a mapping needs a \"name\"");
	REC_ERR(HEAD "players:\n  - {name: A, name: B}\n", 3, 15, "\"name\" given twice for one player");
	REC_ERR(HEAD "players:\n  - {name: [A]}\n", 3, 12, "\"name\" must be a single value, not a list");
	REC_ERR(HEAD "players:\n  - {name: A, color: {r: 1}}\n", 3, 22, "\"color\" must be a single value, not a mapping");
	REC_ERR(HEAD "players:\n  - {[A]: B}\n", 3, 6, "a player is a name or {name: ..., color: ...}");
	REC_ERR(HEAD "players: [[Anna]]\n", 2, 11, "each entry of \"players\" must be a single value, not a list");

	/* Moves. */
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - [V 1,0 90]\n", 4, 5,
	    "each entry of \"moves\" must be a single value, not a list");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - {Anna: \"V 1,0 90\", Ben: \"U 0,1 0\"}\n", 4, 24,
	    "a move written as a mapping has exactly one entry (\"Anna: U 0,1 0\")");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - Anna: [V 1,0 90]\n", 4, 11,
	    "\"move\" must be a single value, not a list");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - {[Anna]: V 1,0 90}\n", 4, 6,
	    "a move is a line of text, not a list");

	/* YAML we do not take: aliases, several documents, bad syntax, nothing. */
	REC_ERR(HEAD "players: [*a]\n", 2, 11, "YAML aliases are not allowed in a record");
	/* What could hide a comment inside a scalar's bytes, or cut it. */
	REC_ERR(HEAD "players: [&a Anna, *a]\n", 2, 11, "YAML anchors (&a) are not used in a record");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - !!str # c\n    V 1,0 90\n", 4, 5,
	    "YAML tags (tag:yaml.org,2002:str) are not used in a record");
	REC_ERR(HEAD "players: !seq [Anna]\n", 2, 10, "YAML tags (!seq) are not used in a record");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - |  # c\n    V 1,0 90\n", 4, 5,
	    "block scalars (| or >) are not used in a record: write the value on its line");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - >\n    V 1,0 90\n", 4, 5,
	    "block scalars (| or >) are not used in a record: write the value on its line");
	REC_ERR(HEAD "players: [\"An\\0na\"]\n", 2, 11,
	    "a NUL character (\\0) is not allowed in a record");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - \"V 1,0 90\\0 thief@W\"\n", 4, 5,
	    "a NUL character (\\0) is not allowed in a record");
	/* The edition is the digit alone (issue 10: " 3" and "+3" were read as 3). */
	REC_ERR(HEAD "edition: \" 3\"\nplayers: [Anna]\n", 2, 10,
	    "\"edition\" must be a whole number from 1 to 3, got \" 3\"");
	REC_ERR(HEAD "edition: +3\nplayers: [Anna]\n", 2, 10,
	    "\"edition\" must be a whole number from 1 to 3, got \"+3\"");
	REC_ERR(HEAD "edition: 03\nplayers: [Anna]\n", 2, 10,
	    "\"edition\" must be a whole number from 1 to 3, got \"03\"");
	REC_ERR(HEAD "edition: \"3 \"\nplayers: [Anna]\n", 2, 10,
	    "\"edition\" must be a whole number from 1 to 3, got \"3 \"");
	REC_ERR(HEAD "players: &p [Anna]\nmoves: *p\n", 2, 10, "YAML anchors (&p) are not used in a record");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - &m V 1,0 90\n  - *m\n", 4, 5,
	    "YAML anchors (&m) are not used in a record");
	REC_ERR(HEAD "players: [Anna]\n---\n" HEAD "players: [Ben]\n", 3, 1,
	    "one record per file: a second YAML document follows");
	REC_ERR(HEAD "players: [Anna]\n...\n---\nformat: x\n", 4, 1,
	    "one record per file: a second YAML document follows");
	REC_ERR("", 1, 1, "empty file: a record needs at least \"format\" and \"players\"");
	REC_ERR("\n\n   \n", 4, 1, "empty file: a record needs at least \"format\" and \"players\"");
	REC_ERR("# only a comment\n", 2, 1, "empty file: a record needs at least \"format\" and \"players\"");
}

/* libyaml's own sentences, behind ours, at libyaml's position. */
static void
test_yaml_syntax_errors(void **state)
{
	(void)state;
	REC_ERR(HEAD "players: [Anna\n", 3, 1,
	    "not valid YAML: did not find expected ',' or ']' while parsing a flow sequence");
	REC_ERR(HEAD "players: [Anna]]\n", 2, 16,
	    "not valid YAML: did not find expected key while parsing a block mapping");
	REC_ERR(HEAD "players: [Anna]\n  moves: []\n", 3, 3,
	    "not valid YAML: did not find expected key while parsing a block mapping");
	REC_ERR(HEAD "players: [Anna]\nmoves: [a, b: c: d]\n", 3, 16,
	    "not valid YAML: did not find expected ',' or ']' while parsing a flow sequence");
	/* Indented, "players" continues the plain value of "format". */
	REC_ERR(HEAD "  players: [Anna]\n", 1, 9,
	    "unknown format \"carcref/1 players\" (this carcref reads carcref/1)");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - V 1,0 90\n - U 0,1 0\n", 5, 2,
	    "not valid YAML: did not find expected key while parsing a block mapping");
	REC_ERR(HEAD "players: [\"Anna]\n", 3, 1,
	    "not valid YAML: found unexpected end of stream while scanning a quoted scalar");
	REC_ERR(HEAD "players:\n\t- Anna\n", 3, 1,
	    "not valid YAML: found character that cannot start any token while scanning for the next token");
	REC_ERR(HEAD "players: [Anna]\nmoves: [\"V 1,0 90\\q\"]\n", 3, 18,
	    "not valid YAML: found unknown escape character while parsing a quoted scalar");
	/* Bytes that are not UTF-8, and control characters. */
	REC_ERR(HEAD "players: [Ann\xff]\n", 2, 14, "not valid YAML: invalid leading UTF-8 octet");
	rec_err_len(HEAD "players: [A\0nna]\n", sizeof HEAD "players: [A\0nna]\n" - 1, 2, 12,
	    "not valid YAML: control characters are not allowed");
}

/* ---- replay: errors located in the file --------------------------------- */

#define ROT_MSG "expected a rotation 0, 90, 180 or 270, got \"45\""
#define MOVES3(third) HEAD \
	"players: [Anna, Ben]\n"	/* 2 */ \
	"moves:\n"			/* 3 */ \
	"  # Anna first\n"		/* 4 */ \
	"  - V 1,0 90\n"		/* 5 */ \
	"\n"				/* 6 */ \
	"  - U -1,0 0\n"		/* 7 */ \
	"  # then a typo\n"		/* 8 */ \
	third				/* 9 */

static void
test_replay_errors(void **state)
{
	(void)state;
	/* The issue's example: a bad rotation in move 3 on line 9. */
	replay_err(MOVES3("  - V 1,1 45\n"), 3, 9, 11, ROT_MSG);
	replay_err(MOVES3("  - V 1,1 45 # forty-five\n"), 3, 9, 11, ROT_MSG);
	replay_err(MOVES3("  -    V 1,1 45\n"), 3, 9, 14, ROT_MSG);
	replay_err(MOVES3("  - \"V 1,1 45\"\n"), 3, 9, 12, ROT_MSG);
	replay_err(MOVES3("  - 'V 1,1 45'\n"), 3, 9, 12, ROT_MSG);
	replay_err(MOVES3("  - Anna: V 1,1 45\n"), 3, 9, 17, ROT_MSG);
	replay_err(MOVES3("  - Anna:   V 1,1 45\n"), 3, 9, 19, ROT_MSG);
	replay_err(MOVES3("  - Anna: \"V 1,1 45\"\n"), 3, 9, 18, ROT_MSG);
	replay_err(MOVES3("  - 'Anna: V 1,1 45'\n"), 3, 9, 18, ROT_MSG);
	replay_err(MOVES3("  - {Anna: \"V 1,1 45\"}\n"), 3, 9, 19, ROT_MSG);
	replay_err(HEAD "players: [Anna, Ben]\nmoves: [\"V 1,0 90\", \"U -1,0 0\", \"V 1,1 45\"]\n",
	    3, 3, 40, ROT_MSG);
	/* Other parse errors. */
	replay_err(MOVES3("  - V 1,1 0 wizard@N\n"), 3, 9, 13,
	    "expected a role (thief, knight, monk, farmer, big-thief, big-knight, big-monk, big-farmer, builder, pig, shepherd, crown, big-crown), got \"wizard\"");
	replay_err(MOVES3("  - Q7 1,1 0\n"), 3, 9, 5, "unknown tile \"Q7\"");
	replay_err(MOVES3("  - Anna:\n"), 3, 9, 10, "expected a move, found nothing");
	/* Refusals: the rule, at the move's first column. */
	replay_err(MOVES3("  - V 0,1 0\n"), 3, 9, 5, "edges must match: V at 0,1 rotation 0: its S edge "
	    "is road, the tile at 0,0 shows city on its N edge; no rotation of V fits at 0,1");
	replay_err(MOVES3("  - Ben: V 0,-1 0\n"), 3, 9, 10, "it is Anna's turn, not Ben's");
	replay_err(MOVES3("  - 'Ben: V 0,-1 0'\n"), 3, 9, 6, "it is Anna's turn, not Ben's");
	replay_err(MOVES3("  - Zoe: V 0,-1 0\n"), 3, 9, 10, "no player is named \"Zoe\"");
	replay_err(MOVES3("  - Anna: 'Anna: V 0,-1 0'\n"), 3, 9, 12,
	    "the player is given twice (\"Anna:\" and \"Anna:\")");
	replay_err(HEAD "players: [Anna]\nmoves:\n  - C 0,1 0\n  - C 0,2 0\n", 2, 5, 5,
	    "no copy left: the one C of the set is used, on the board at 0,1");
	replay_err(HEAD "players: [Anna]\nmoves:\n  - end\n  - V 1,0 90\n", 2, 5, 5,
	    "the game is over: the final scoring has run, no move may follow");
	replay_err(HEAD "players: [Anna, Ben]\nmoves:\n- V 1,0 90\n- U -1,0 0\n- V 1,1 45\n", 3, 6, 9, ROT_MSG);
}

/* A header the game cannot start from: nothing played, move 0. */
static void
test_replay_unusable_header(void **state)
{
	static const char noset[] =
	    "set: extra\n"
	    "tiles:\n"
	    "  - code: B\n"
	    "    count: 2\n"
	    "    edges: [field, field, field, field]\n"
	    "    features:\n"
	    "      - {kind: cloister}\n"
	    "      - {kind: field, at: [N, E, S, W]}\n";
	struct nt_replay_error err;
	struct cr_tileset ts;
	struct cr_error cerr;
	struct nt_record r;
	bool ok = true;

	(void)state;
	if (cr_tileset_parse(&ts, noset, sizeof noset - 1, &cerr) < 0)
		fail_msg("%d:%d: %s", cerr.line, cerr.column, cerr.msg);
	assert_int_equal(ts.start, -1);
	rec_ok(HEAD "players: [Anna]\nmoves:\n  - B 0,1 0\n", &r);
	assert_null(nt_replay(&r, &ts, &ok, &err));
	assert_false(ok);
	assert_int_equal(err.move, 0);
	assert_string_equal(err.msg, "cannot start the game: the tile set has no start tile");
	nt_record_free(&r);
	cr_tileset_free(&ts);
}

/* ---- the writer, and the round trip --------------------------------------- */

/* The canonical text of the good record. */
static const char good_written[] =
    "format: carcref/1\n"
    "game: carcassonne\n"
    "edition: 2\n"
    "expansions: []\n"
    "players:\n"
    "  - Anna\n"
    "  - {name: Ben, color: red}\n"
    "  - {name: Carl, color: blue}\n"
    "moves:\n"
    "  - V 1,0 90\n"
    "  - U -1,0 0 thief@W\n"
    "  - B 0,-1 0 monk\n"
    "  - E 0,1 180 knight@S\n"
    "  - U -2,0 0\n"
    "  - end\n";

/* parse -> replay -> format -> parse -> replay: the same game; and the
 * writer's text is its own fixed point. */
static char *
roundtrip_text(const char *text)
{
	struct nt_record r1, r2;
	struct cr_game *g1, *g2;
	char *out1, *out2;

	rec_ok(text, &r1);
	g1 = replay_ok(&r1);
	out1 = nt_record_format(&r1, g1);
	assert_non_null(out1);
	rec_ok(out1, &r2);
	assert_int_equal(r2.nplayers, r1.nplayers);
	assert_int_equal(r2.edition, r1.edition);
	for (int i = 0; i < r1.nplayers; i++) {
		assert_string_equal(r2.players[i].name, r1.players[i].name);
		if (r1.players[i].color == NULL)
			assert_null(r2.players[i].color);
		else
			assert_string_equal(r2.players[i].color, r1.players[i].color);
	}
	assert_int_equal(r2.nmoves, cr_game_nmoves(g1));
	g2 = replay_ok(&r2);
	assert_same_game(g1, g2);
	out2 = nt_record_format(&r2, g2);
	assert_non_null(out2);
	assert_string_equal(out2, out1);
	free(out2);
	cr_game_free(g1);
	cr_game_free(g2);
	nt_record_free(&r1);
	nt_record_free(&r2);
	return out1;
}

static void
test_roundtrip_good(void **state)
{
	char *out;

	(void)state;
	out = roundtrip_text(good);
	assert_string_equal(out, good_written);
	free(out);
	out = roundtrip_text(HEAD "players: [Anna]\n");
	assert_string_equal(out, HEAD "game: carcassonne\nedition: 3\nexpansions: []\n"
	    "players:\n  - Anna\nmoves: []\n");
	free(out);
}

/* Names and colours that YAML would read otherwise if written bare. */
static void
test_roundtrip_names(void **state)
{
	char *out;

	(void)state;
	out = roundtrip_text(HEAD "players:\n"
	    "  - \"null\"\n"
	    "  - '~'\n"
	    "  - \"1st\"\n"
	    "  - Anna Maria\n"
	    "  - \"O'Brien \\\"Ob\\\" \\\\ x\"\n"
	    "  - {name: \"yes\", color: \"\"}\n"
	    "  - {name: \"Tab\\there\", color: \"- red, [b]\"}\n"
	    "  - \xc3\x89mile\n"
	    "moves:\n  - V 1,0 90\n");
	assert_string_equal(out, HEAD "game: carcassonne\nedition: 3\nexpansions: []\nplayers:\n"
	    "  - \"null\"\n"
	    "  - \"~\"\n"
	    "  - \"1st\"\n"
	    "  - Anna Maria\n"
	    "  - \"O'Brien \\\"Ob\\\" \\\\ x\"\n"
	    "  - {name: \"yes\", color: \"\"}\n"
	    "  - {name: \"Tab\\x09here\", color: \"- red, [b]\"}\n"
	    "  - \xc3\x89mile\n"
	    "moves:\n  - V 1,0 90\n");
	free(out);
	/* Characters YAML only takes escaped. */
	out = roundtrip_text(HEAD "players: [\"A\\x7fB\", \"C\\x85D\", \"E\\u2028F\", \"G\\uFEFFH\"]\n");
	free(out);
}

/* A game from the engine's own supply: random legal moves, ended by
 * "end" when stopped at an even move count. */
static struct cr_game *
random_game(int edition, int nplayers, uint32_t seed, int stop)
{
	struct cr_game *g = tu_game(edition, nplayers);

	tu_random_moves(g, seed, stop);
	if (!cr_game_over(g) && stop % 2 == 0)
		assert_true(cr_game_play(g, &(struct cr_move){ .kind = CR_MOVE_END }, NULL));
	return g;
}

static void
test_roundtrip_random_games(void **state)
{
	static char *names[CR_MAXPLAYERS] = {
		"Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana",
	};
	static char *colors[CR_MAXPLAYERS] = { "red", NULL, "blue", NULL, "green", "black", NULL, "yellow" };

	(void)state;
	for (uint32_t seed = 1; seed <= 24; seed++) {
		struct nt_player players[CR_MAXPLAYERS];
		int nplayers = 1 + (int)(seed % CR_MAXPLAYERS), edition = 1 + (int)(seed % 3);
		int stop = seed % 4 == 0 ? 20 + (int)seed + (seed % 8 == 0) : 1000;
		struct cr_game *g = random_game(edition, nplayers, seed * 2654435761u, stop);
		struct nt_record r = { .edition = edition, .players = players, .nplayers = nplayers };
		struct nt_record r2;
		struct cr_game *g2;
		char *text, *again;

		for (int p = 0; p < nplayers; p++)
			players[p] = (struct nt_player){ names[p], colors[p] };
		text = nt_record_format(&r, g);
		assert_non_null(text);
		rec_ok(text, &r2);
		assert_int_equal(r2.nmoves, cr_game_nmoves(g));
		g2 = replay_ok(&r2);
		assert_same_game(g, g2);
		if (stop == 1000)
			assert_true(cr_game_over(g2));
		again = roundtrip_text(text);
		assert_string_equal(again, text);
		free(again);
		free(text);
		cr_game_free(g);
		cr_game_free(g2);
		nt_record_free(&r2);
	}
}

/* ---- the fast path (record-fast.c) against libyaml ------------------- */

/* Records of the plain shape: the fast path reads them, and exactly as
 * libyaml does. */
static void
test_fast_path_agrees(void **state)
{
	static const char *const plain[] = {
		HEAD "players: [Anna]\n",
		HEAD "players: [Anna, Ben]   # two\nmoves: []  # none yet\n",
		HEAD "game: carcassonne\nedition: 1\nexpansions: []\nplayers: [Anna , Ben,Carl]\n",
		"# a header comment\n\n" HEAD "edition: 2 # two\nplayers:\n  - Anna\n  - Anna Maria\n"
		    "  - O.K_1/b\nmoves:\n  - V 1,0 90\n  -   U -1,0 0 thief@W   \n\n"
		    "  # a comment line\n  - \"Anna: B 0,-1 0 monk\"\n  - \"E discard # odd\"  # c\n"
		    "  - end # over\n",
		HEAD "players:\n- Anna\n- Ben\nmoves:\n- V 1,0 90\n- U -1,0 0\n",
		HEAD "moves:\n  - V 1,0 90\nplayers: [Anna]\n",
		HEAD "players: [Anna]\nmoves:   \n  - V 1,0 90",	/* no newline at the end */
		HEAD "players: [Anna]\nmoves:\n  - \"\"\n",
		HEAD "players:\n  - Anna, Ben\n",		/* one name, with a comma */
		/* A module's key, its value double-quoted (issue 21). */
		HEAD "game: carcassonne\nedition: 3\nexpansions: [wheel-of-fortune, river]\n"
		    "players: [Anna]\nspring: \"3,-1 90\"  # beside\nmoves:\n  - V 1,0 90\n",
		HEAD "game: carcassonne\nexpansions: [wheel-of-fortune, river]\nspring:   \"-2,0\"\n"
		    "players: [Anna]\n",
	};
	struct nt_record r;

	(void)state;
	for (size_t i = 0; i < sizeof plain / sizeof *plain; i++) {
		if (nt__record_parse_fast(&r, plain[i], strlen(plain[i])) != 1)
			fail_msg("the fast path does not read:\n%s", plain[i]);
		nt_record_free(&r);
		agree(plain[i], strlen(plain[i]));
	}
	rec_ok(plain[3], &r);
	assert_int_equal(r.nplayers, 3);
	assert_string_equal(r.players[2].name, "O.K_1/b");
	assert_int_equal(r.nmoves, 5);
	assert_string_equal(r.moves[1].text, "U -1,0 0 thief@W");
	assert_int_equal(r.moves[1].line, 11);
	assert_int_equal(r.moves[1].column, 7);
	assert_int_equal(r.moves[1].end_column, 23);
	assert_string_equal(r.moves[2].text, "Anna: B 0,-1 0 monk");
	assert_int_equal(r.moves[2].column, 6);
	assert_int_equal(r.moves[2].end_column, 26);
	assert_string_equal(r.moves[3].text, "E discard # odd");
	nt_record_free(&r);
	rec_ok(plain[8], &r);
	assert_int_equal(r.nplayers, 1);
	assert_string_equal(r.players[0].name, "Anna, Ben");
	nt_record_free(&r);

	/* What the writer puts out for plain names is the fast shape. */
	{
		struct cr_game *g = random_game(3, 3, 99, 1000);
		struct nt_player players[3] = { { "Anna", NULL }, { "Ben", NULL }, { "Carl", NULL } };
		struct nt_record w = { .edition = 3, .players = players, .nplayers = 3 };
		char *text = nt_record_format(&w, g);

		assert_non_null(text);
		assert_int_equal(nt__record_parse_fast(&r, text, strlen(text)), 1);
		assert_int_equal(r.nmoves, cr_game_nmoves(g));
		nt_record_free(&r);
		agree(text, strlen(text));
		free(text);
		cr_game_free(g);
	}
}

/* What libyaml refuses, the fast path must not read: control
 * characters are refused everywhere, comments included. */
static void
test_fast_path_refuses(void **state)
{
	(void)state;
	REC_ERR(HEAD "# \x01\nplayers: [Anna]\n", 2, 3, "not valid YAML: control characters are not allowed");
	REC_ERR(HEAD "players: [Anna] # \x7f\n", 2, 19, "not valid YAML: control characters are not allowed");
	REC_ERR(HEAD "players: [Anna]\nmoves:\n  - V 1,0 90 # \x1b[1m\n", 4, 16,
	    "not valid YAML: control characters are not allowed");
	REC_ERR(HEAD "players: [Anna]\n\v\n", 3, 1, "not valid YAML: control characters are not allowed");
	REC_ERR(HEAD "players: [Anna]\n#\f\n", 3, 2, "not valid YAML: control characters are not allowed");
	rec_err_len(HEAD "players: [Anna]\n# \0\n", sizeof HEAD "players: [Anna]\n# \0\n" - 1, 3, 3,
	    "not valid YAML: control characters are not allowed");
	REC_ERR(HEAD "players: [Anna]\n# caf\xc3\n", 3, 7, "not valid YAML: invalid trailing UTF-8 octet");
	REC_ERR(HEAD "players: [Anna]\n# caf\xc3", 3, 6, "not valid YAML: incomplete UTF-8 octet sequence");
	REC_ERR(HEAD "players: [Anna]\n# caf\xc3\xa9 \xc3\xa9\x01\n", 3, 9,
	    "not valid YAML: control characters are not allowed");

	/* Comments are the only text the fast path does not read token by
	 * token: in every place a comment can stand, and wherever else a
	 * tab, a CR, a control or UTF-8 can hide, it leaves the record to
	 * libyaml (which may read it, or not). */
	static const char *const odd[] = {
		HEAD "players:   # \x01\n  - Anna\n",
		HEAD "players:\n  # \x01\n  - Anna\n",
		HEAD "players:\n  - Anna  # \t\n",
		HEAD "players: [Anna]   # \xc3\xa9\n",
		HEAD "players:\n\t- Anna\n",
		HEAD "players:\n  -\tAnna\n",
		HEAD "players: [Anna]\r\n",
		HEAD "players:\n  - An\x01na\n",
		HEAD "players:\n  - Caf\xc3\xa9\n",
		HEAD "players: [Anna]\nmoves:\n  - \"V 1,0\x01 90\"\n",
		HEAD "players: [Anna]\nmoves:   # \x1b\n  - V 1,0 90\n",
		HEAD "players: [Anna]\nmoves:\n  - V 1,0 90 \x7f\n",
		HEAD "expansions: [wheel-of-fortune, river]\nplayers: [Anna]\nspring: \"3,-1\\t90\"\n",
		HEAD "expansions: [wheel-of-fortune, river]\nplayers: [Anna]\nspring: \"3,-1 9\xc3\xa9\"\n",
		HEAD "expansions: [wheel-of-fortune, river]\nplayers: [Anna]\nspring: \"3,-1\n  90\"\n",
	};
	for (size_t i = 0; i < sizeof odd / sizeof *odd; i++) {
		struct nt_record r;

		if (nt__record_parse_fast(&r, odd[i], strlen(odd[i])) != 0)
			fail_msg("the fast path reads record %zu, which it must leave to libyaml", i);
		agree(odd[i], strlen(odd[i]));
	}
}

/*
 * The fast path reads sixteen bytes at a time (record-fast.c: plain,
 * quoted): a byte that must stop it, at every offset in a move, a name
 * and a value, quoted or not, with or without a newline at the end of
 * the text, and a comment after every length of move: libyaml and the
 * fast path agree on each (whichever reads it).
 */
static void
test_fast_path_blocks(void **state)
{
	static const char *const odd[] = {
		"#", " #", ":", ": ", "\"", "\\", "\x01", "\t", "\x7f", "\xc3\xa9", "`", "[", "]",
		"^", "~", "{", "}", "|", "'", "!", "?", ";", "<", ">", "=", "_", "@", ",", "/", ".",
		"  ", "-", "A", "z",
	};
	char text[256], body[64];

	(void)state;
	for (size_t o = 0; o < sizeof odd / sizeof *odd; o++)
		for (int at = 0; at <= 40; at++) {
			for (int i = 0; i < at; i++)
				body[i] = "U 1,0 90 knight@N"[i % 17];
			body[at] = '\0';
			for (int form = 0; form < 6; form++) {
				const char *fmt[] = {
					HEAD "players: [Anna]\nmoves:\n  - A%s%sB 0,1 0\n",
					HEAD "players: [Anna]\nmoves:\n  - \"A%s%sB 0,1 0\"\n",
					HEAD "players: [Anna]\nmoves:\n  - A%s%sB",
					HEAD "players: [Anna]\nmoves:\n  - \"A%s%sB\"",
					HEAD "players:\n  - A%s%sB\n",
					HEAD "game: carcassonne\nexpansions: [wheel-of-fortune, river]\n"
					    "players: [Anna]\nspring: \"A%s%sB\"\n",
				};

				snprintf(text, sizeof text, fmt[form], body, odd[o]);
				agree(text, strlen(text));
				if (strcmp(odd[o], "z") == 0 && form < 5) {	/* nothing odd: the fast path's */
					struct nt_record r;

					if (nt__record_parse_fast(&r, text, strlen(text)) != 1)
						fail_msg("the fast path does not read:\n%s", text);
					nt_record_free(&r);
				}
			}
		}
	/* A comment after a move of every length, one space or more before
	 * it; trailing spaces before the end of the text. */
	for (int at = 1; at <= 40; at++)
		for (int sp = 1; sp <= 3; sp++) {
			for (int i = 0; i < at; i++)
				body[i] = "U 1,0 90 knight@N"[i % 17];
			body[at] = '\0';
			snprintf(text, sizeof text, HEAD "players: [Anna]\nmoves:\n  - %s%.*s# c\n", body,
			    sp, "   ");
			agree(text, strlen(text));
			snprintf(text, sizeof text, HEAD "players: [Anna]\nmoves:\n  - %s%.*s", body, sp,
			    "   ");
			agree(text, strlen(text));
		}
}

/* ---- hostile input ------------------------------------------------------ */

static void
test_huge_lines(void **state)
{
	const size_t MB = 1u << 20;
	struct nt_record r;
	char *text, want[128];

	(void)state;
	/* A 1 MB move: read, then refused by the parser, its text cut. */
	text = repeat(HEAD "players: [Anna]\nmoves:\n  - ", "Q", MB, " 0,1 0\n");
	rec_ok(text, &r);
	assert_int_equal(r.nmoves, 1);
	assert_int_equal(strlen(r.moves[0].text), MB + 6);
	nt_record_free(&r);
	snprintf(want, sizeof want, "unknown tile \"%.48s...\"", "QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ");
	replay_err(text, 1, 4, 5, want);
	free(text);
	/* A 1 MB comment. */
	text = repeat(HEAD "# ", "x", MB, "\nplayers: [Anna]\n");
	rec_ok(text, &r);
	nt_record_free(&r);
	free(text);
	/* A 1 MB key: YAML allows 1024 characters to a plain key; libyaml
	 * notices at the end of it. */
	text = repeat(HEAD, "k", MB, ": 1\nplayers: [Anna]\n");
	REC_ERR(text, 2, (int)MB + 1, "not valid YAML: could not find expected ':' while scanning a simple key");
	free(text);
	/* A 1 MB name, quoted: taken; a duplicate is named in 60 bytes. */
	text = repeat(HEAD "players: [\"", "n", MB, "\", \"N\"]\n");
	rec_ok(text, &r);
	assert_int_equal(strlen(r.players[0].name), MB);
	nt_record_free(&r);
	free(text);
	text = repeat(HEAD "players: [", "n,", MB / 2, "N]\n");
	REC_ERR(text, 2, 13, "two players are named \"n\"");
	free(text);
	/* A 1 MB line of one list, read up to the first repeated name. */
	text = repeat(HEAD "players: [", "p, ", MB / 3, "q]\n");
	REC_ERR(text, 2, 14, "two players are named \"p\"");
	free(text);
}

static void
test_deep_nesting(void **state)
{
	const size_t N = 100000;
	char *text;

	(void)state;
	text = repeat("", "[", N, "");
	REC_ERR(text, 1, 1, "a record is a mapping of format, game, edition, expansions, players, wheel-of-fortune, spring, moves");
	free(text);
	text = repeat("", "{a: ", N, "");
	REC_ERR(text, 1, 2, "unknown key \"a\" (expected format, game, edition, expansions, players, wheel-of-fortune, spring or moves)");
	free(text);
	text = repeat(HEAD "players: [Anna]\nmoves: ", "[", N, "");
	REC_ERR(text, 3, 9, "each entry of \"moves\" must be a single value, not a list");
	free(text);
	text = repeat(HEAD "players: ", "[", N, "");
	REC_ERR(text, 2, 11, "each entry of \"players\" must be a single value, not a list");
	free(text);
	text = repeat(HEAD "players: [Anna]\nmoves:\n  - Anna: ", "{a: ", N, "");
	REC_ERR(text, 4, 11, "\"move\" must be a single value, not a mapping");
	free(text);
	text = repeat(HEAD "players:\n  - name: ", "[", N, "");
	REC_ERR(text, 3, 11, "\"name\" must be a single value, not a list");
	free(text);
	/* Balanced, and in block style. */
	{
		char *open = repeat("", "[", N, ""), *both = repeat(open, "]", N, "");

		REC_ERR(both, 1, 1, "a record is a mapping of format, game, edition, expansions, players, wheel-of-fortune, spring, moves");
		free(open);
		free(both);
	}
	text = repeat(HEAD "players: [Anna]\nmoves:\n  ", "- ", N, "x\n");
	REC_ERR(text, 4, 5, "each entry of \"moves\" must be a single value, not a list");
	free(text);
}

/* Whatever the bytes, the loader answers: a record or an error, never a
 * crash.  What it takes must replay and be written back readably. */
static void
check_any(const char *text, size_t len)
{
	struct nt_replay_error rerr;
	struct nt_record r, r2;
	struct cr_error err;
	struct cr_game *g;
	bool ok;
	char *out;

	agree(text, len);
	if (nt_record_parse(&r, text, len, &err) < 0) {
		assert_empty(&r);
		assert_true(err.line >= 1);
		assert_true(err.column >= 1);
		assert_true(err.msg[0] != '\0');
		assert_non_null(memchr(err.msg, '\0', sizeof err.msg));	/* terminated */
		return;
	}
	assert_string_equal(r.game, "carcassonne");
	assert_in_range(r.edition, 1, 3);
	assert_in_range(r.nplayers, 1, CR_MAXPLAYERS);
	for (int i = 0; i < r.nmoves; i++) {
		assert_non_null(r.moves[i].text);
		assert_true(r.moves[i].line >= 1);
		assert_true(r.moves[i].column >= 1);
	}
	g = nt_replay(&r, tu_base(), &ok, &rerr);
	assert_non_null(g);
	if (!ok) {
		assert_in_range(rerr.move, 1, r.nmoves);
		assert_true(rerr.msg[0] != '\0');
	}
	out = nt_record_format(&r, g);
	assert_non_null(out);
	if (nt_record_parse(&r2, out, strlen(out), &err) < 0)
		fail_msg("the writer's text is refused at %d:%d: %s\n%.500s", err.line, err.column, err.msg, out);
	agree(out, strlen(out));
	assert_int_equal(r2.nplayers, r.nplayers);
	for (int i = 0; i < r.nplayers; i++)
		assert_string_equal(r2.players[i].name, r.players[i].name);
	nt_record_free(&r2);
	free(out);
	cr_game_free(g);
	nt_record_free(&r);
}

static void
test_random_bytes(void **state)
{
	static const char alphabet[] = "[]{}:-,#&*!|>'\"%@`?~ \n\n\n\t\r\\AnnaBen01 V 1,0 90"
	    "format: carcref/1players:moves:\xc3\x89\xff";
	char buf[2048];
	uint32_t seed = 12345;
	int parsed = 0;

	(void)state;
	/* Uniformly random bytes. */
	for (int i = 0; i < 300; i++) {
		size_t len = tu_rnd(&seed) % sizeof buf;

		for (size_t k = 0; k < len; k++)
			buf[k] = (char)(tu_rnd(&seed) & 0xff);
		check_any(buf, len);
	}
	/* Random YAML punctuation and words. */
	for (int i = 0; i < 300; i++) {
		size_t len = tu_rnd(&seed) % 300;

		for (size_t k = 0; k < len; k++)
			buf[k] = alphabet[tu_rnd(&seed) % (sizeof alphabet - 1)];
		check_any(buf, len);
	}
	/* The good record, a few bytes changed, dropped or doubled. */
	for (int i = 0; i < 600; i++) {
		size_t len = sizeof good - 1;
		int edits = 1 + (int)(tu_rnd(&seed) % 4);

		memcpy(buf, good, len);
		for (int e = 0; e < edits && len > 0; e++) {
			size_t at = tu_rnd(&seed) % len;
			char c = alphabet[tu_rnd(&seed) % (sizeof alphabet - 1)];

			switch (tu_rnd(&seed) % 3) {
			case 0:
				buf[at] = c;
				break;
			case 1:
				memmove(buf + at, buf + at + 1, len - at - 1);
				len--;
				break;
			default:
				memmove(buf + at + 1, buf + at, len - at);
				buf[at] = c;
				len++;
				break;
			}
		}
		{
			struct nt_record r;
			struct cr_error err;

			if (nt_record_parse(&r, buf, len, &err) == 0)
				parsed++, nt_record_free(&r);
		}
		check_any(buf, len);
	}
	/* The mutations must reach past the loader now and then. */
	assert_true(parsed > 50);
}

/* ---- issue 18 round 3: words ------------------------------------------------ */

/* A name that shows nothing by itself is refused as such, where it is; a
 * record's words quote what was written as it was (é, not "??"). */
static void
test_r3_record_words(void **state)
{
	static const char show[] = "a player's name must show something: a letter, a digit, a "
	    "symbol or a punctuation mark, not only characters that show nothing by themselves";
	struct nt_record r;
	char want[200];

	(void)state;
	REC_ERR(HEAD "players: [\"\\u0301\", \"\\u0300\"]\n", 2, 11, show);
	REC_ERR(HEAD "players: [Anna, \"\\u034f\\u0301\"]\n", 2, 17, show);
	REC_ERR(HEAD "players:\n  - {name: \"\\x01\"}\n", 3, 5, show);
	REC_ERR(HEAD "players: [\"\\u0301Anna\"]\n", 2, 11, "a player's name may not begin with "
	    "a combining mark: it would land on the character printed before the name");
	rec_ok(HEAD "players: [\"A\\u0301nna\", \"42\", \"+\", \"\\u2665\"]\n", &r);
	assert_int_equal(r.nplayers, 4);
	nt_record_free(&r);
	REC_ERR(HEAD "players: [Anna]\ncl\xc3\xa9: 1\n", 3, 1, "unknown key \"cl\xc3\xa9\" "
	    "(expected format, game, edition, expansions, players, wheel-of-fortune, spring or moves)");
	REC_ERR(HEAD "players: [Zo\xc3\xa9, \"ZO\\u00c9\"]\n", 2, 16,
	    "two players are named \"ZO\xc3\x89\"");
	REC_ERR(HEAD "players: [Anna]\nexpansions: [\"riv\\u00e9r\"]\n", 3, 14, "unknown expansion "
	    "\"riv\xc3\xa9r\" (known: inns-cathedrals, river, traders-builders, hills-sheep, wheel-of-fortune)");
	/* Quoted text cut at 48 bytes, never inside a character. */
	snprintf(want, sizeof want, "unknown key \"%s...\" (expected format, game, edition, "
	    "expansions, players, wheel-of-fortune, spring or moves)", "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
	REC_ERR(HEAD "players: [Anna]\n\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9: 1\n", 3, 1, want);
	/* A move's player that can be no name, said why (fmt's reader). */
	replay_err(HEAD "players: [Anna, Ben]\nmoves:\n  - \"V\xc3\xa9 0,1 180\"\n", 1, 4, 6,
	    "unknown tile \"V\xc3\xa9\"");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_record),
		cmocka_unit_test(test_minimal_records),
		cmocka_unit_test(test_record_errors),
		cmocka_unit_test(test_yaml_syntax_errors),
		cmocka_unit_test(test_replay_errors),
		cmocka_unit_test(test_replay_unusable_header),
		cmocka_unit_test(test_roundtrip_good),
		cmocka_unit_test(test_roundtrip_names),
		cmocka_unit_test(test_roundtrip_random_games),
		cmocka_unit_test(test_fast_path_agrees),
		cmocka_unit_test(test_fast_path_refuses),
		cmocka_unit_test(test_fast_path_blocks),
		cmocka_unit_test(test_huge_lines),
		cmocka_unit_test(test_deep_nesting),
		cmocka_unit_test(test_random_bytes),
		cmocka_unit_test(test_r3_record_words),
	};

	return cmocka_run_group_tests_name("record", tests, NULL, NULL);
}
