/*
 * test_kinds.c -- kinds of feature are data: a game of the family that is
 * not Carcassonne, declared here and nowhere else, played through the
 * engine and the notation (issue 20, part 1).
 *
 * This program has a registry of its own (rules/registry.c's four
 * symbols, defined below: the linker then leaves that file out): the base
 * game and the River, for Carcassonne, and a test-only module, "test-kinds",
 * the one module of a second game, "test-game".  The module declares
 * everything the engine knows of it as data and hooks, the shape of what
 * Hunters & Gatherers needs (../shared/spec/hunters-gatherers.md):
 *
 *   - its kinds: forest (an area, complete when no edge is open, 2 a
 *     tile), river (a line between meadows, complete when both its ends
 *     are, 1 a tile: the same name as the River's kind, which is another
 *     game's), meadow (land, never complete, paid by nobody here);
 *   - what its tile files say: gold (a flag of a forest), end (a river's,
 *     its own "lake": the River's end has the same name), the mark bonus;
 *   - its pieces and their words: fisher (F, which is Carcassonne's
 *     farmer), gatherer (G), hunter (H), five members each;
 *   - a bonus pile that follows the supply (HG-5, HG-6.1): a land tile
 *     that completes a forest with gold gives its player a bonus tile at
 *     once (again, drawable); the game ends when the land tiles are all
 *     played and no bonus tile is due, however many are left in the pile
 *     (over), not when the supply is empty;
 *   - no edition (the game is played as edition 0), and the base game is
 *     not among its modules.
 */
#include "testutil.h"

/* ---- the test-only module ------------------------------------------------ */

enum { K_FOREST, K_RIVER, K_MEADOW };
enum { A_GOLD, A_END, A_BONUS };
enum { P_NONE, P_NOT_YET, P_BONUS_NOW };

static bool
forest_price(const struct cr_game *g, int root, struct cr_event *ev)
{
	(void)g, (void)root;
	ev->per_tile = 2;
	return true;
}

static bool
river_price(const struct cr_game *g, int root, struct cr_event *ev)
{
	(void)g, (void)root;
	ev->per_tile = 1;
	return true;
}

static const struct cr_kinddef kinds[] = {
	[K_FOREST] = {
		.name = "forest", .plural = "forests",
		.shape = CR_AREA, .close = CR_CLOSE_EDGES, .flags = CR_KIND_PAID,
		.reason = CR_EV_FINAL, .price = forest_price,
		.at_corner = "a forest is named by edges and half-edges, and %s is a corner",
		.at_edge = "a %s must reach an edge",
		.letter = 'F', .map = "^^", .pic = { "^^" }, .key = "^^ forest",
		.fill = "#2e7d32", .stroke = "#1b5e20",
		.a = "a forest", .the = "the forest", .has_no = "has no forest",
		.has_many = "has more than one forest", .the_done = "the completed forest",
		.edge = "forest", .word = "forest",
		.why_done = CR_SAYN("completed forest of %d tile", "completed forest of %d tiles",
		    CR_N_TILES),
		.why_open = CR_SAYN("incomplete forest of %d tile", "incomplete forest of %d tiles",
		    CR_N_TILES),
		.arith = CR_SAY(": %d x %d", CR_N_PER_TILE, CR_N_TILES),
		.sum_done = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
		.sum_open = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
	},
	[K_RIVER] = {
		.name = "river", .plural = "rivers",
		.shape = CR_LINE, .close = CR_CLOSE_ENDS, .flags = CR_KIND_PAID,
		.beside = CR_OWN(K_MEADOW), .reason = CR_EV_FINAL, .price = river_price,
		.at_edge = "a %s must reach an edge",
		.letter = 'R', .map = "~~", .map_ew = "~~", .pic = { "~~", "~~", "~~", "~~" },
		.key = "~~ river", .strokes = { { "#1565c0", 12 } },
		.a = "a river", .the = "the river", .has_no = "has no river",
		.has_many = "has more than one river", .the_done = "the completed river",
		.edge = "river", .word = "river",
		.why_done = CR_SAYN("completed river of %d tile", "completed river of %d tiles",
		    CR_N_TILES),
		.why_open = CR_SAYN("incomplete river of %d tile", "incomplete river of %d tiles",
		    CR_N_TILES),
		.arith = CR_SAY(": %d x %d", CR_N_PER_TILE, CR_N_TILES),
		.sum_done = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
		.sum_open = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
	},
	[K_MEADOW] = {
		.name = "meadow", .plural = "meadows",
		.shape = CR_AREA, .close = CR_CLOSE_NEVER, .flags = CR_KIND_LAND,
		.borders = CR_OWN(K_FOREST), .reason = CR_EV_FARM,
		.letter = 'M', .map = "..", .pic = { ".." }, .key = ".. meadow",
		.a = "a meadow", .the = "the meadow", .has_no = "has no meadow",
		.has_many = "has more than one meadow", .the_done = "the completed meadow",
		.edge = "meadow", .word = "meadow",
	},
};

static const struct cr_look gold_look[] = { { .pic = "$$", .key = "$$ gold" } };
static const struct cr_look bonus_look[] = { { .pic = "Bo", .key = "Bo bonus tile" } };
static const struct cr_attr attrs[] = {
	[A_GOLD] = { .key = "gold", .type = CR_ATTR_FLAG, .on = CR_OWN(K_FOREST),
	    .where = CR_IN, .looks = gold_look, .only = "only forests hold gold, and %s is not one" },
	[A_END] = { .key = "end", .type = CR_ATTR_END,
	    .only = "only rivers end on a tile, and %s is not one",
	    .bad = "end must be %s, not %s" },
	[A_BONUS] = { .key = "bonus", .type = CR_ATTR_MARK, .where = CR_ANYWHERE,
	    .looks = bonus_look },
};

static const struct cr_end ends[] = {
	{ "lake", CR_STOP_NEAR, false, { .pic = "Lk", .key = "Lk lake" } },
};

static const struct cr_pool pools[] = {
	{ "member", "members", 5, "members" },
};

static const char *const fisher_words[] = { "f", NULL };
static const char *const gatherer_words[] = { "g", NULL };
static const char *const hunter_words[] = { "h", NULL };
static const struct cr_piece pieces[] = {
	{ .word = "fisher", .plural = "fishers", .aliases = fisher_words,
	  .kind = CR_OWN(K_RIVER), .kind2 = CR_OWN(K_RIVER), .weight = 1,
	  .flags = CR_PIECE_FOLLOWER },
	{ .word = "gatherer", .plural = "gatherers", .aliases = gatherer_words,
	  .kind = CR_OWN(K_FOREST), .kind2 = CR_OWN(K_FOREST), .weight = 1,
	  .flags = CR_PIECE_FOLLOWER },
	{ .word = "hunter", .plural = "hunters", .aliases = hunter_words,
	  .kind = CR_OWN(K_MEADOW), .kind2 = CR_OWN(K_MEADOW), .weight = 1,
	  .flags = CR_PIECE_FOLLOWER },
};

static const char *const phrases[] = {
	[P_NONE] = "",
	[P_NOT_YET] = "{tile} is a bonus tile: one comes only after a forest with gold",
	[P_BONUS_NOW] = "a bonus tile is due now, not {tile}",
};

/* The module's state: a bonus tile due to the player to move. */
struct bonus {
	bool	due;
};

static bool
is_bonus(const struct cr_game *g, int ext, int type)
{
	return (cr_game_tileset(g)->type[type].marks & cr_attr_bit(cr_ext_attr(ext, A_BONUS))) != 0;
}

/* The bonus tiles left in the pile. */
static int
pile(const struct cr_game *g, int ext)
{
	int n = 0;

	for (int t = 0; t < cr_game_tileset(g)->ntypes; t++)
		if (is_bonus(g, ext, t))
			n += cr_game_supply(g, t);
	return n;
}

static bool
drawable(const struct cr_game *g, int ext, int type, struct cr_refusal *why)
{
	const struct bonus *b = cr_ext_cstate(g, ext);

	if (is_bonus(g, ext, type) == b->due)
		return true;
	why->code = CR_R_EXT;
	why->ext = ext;
	why->phrase = CR_PHRASE(ext, b->due ? P_BONUS_NOW : P_NOT_YET);
	return false;
}

/* A bonus tile played: none is due any more. */
static void
placed(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	(void)move;
	if (is_bonus(g, ext, m->tile))
		((struct bonus *)cr_ext_state(g, ext))->due = false;
}

/* A land tile completed a forest with gold: a bonus tile is due, if the
 * pile has one. */
static void
completed(struct cr_game *g, int ext, int root, int move)
{
	if (cr_node_kind(g, root) == cr_ext_kind(ext, K_FOREST) &&
	    (cr_feature_flags(g, root) & cr_attr_bit(cr_ext_attr(ext, A_GOLD))) &&
	    !is_bonus(g, ext, cr_game_move(g, move - 1)->tile) && pile(g, ext) > 0)
		((struct bonus *)cr_ext_state(g, ext))->due = true;
}

static bool
again(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	(void)m, (void)move;
	return ((const struct bonus *)cr_ext_cstate(g, ext))->due;
}

/* Over when the land tiles are all played and no bonus tile is due. */
static bool
over(const struct cr_game *g, int ext, int move)
{
	(void)move;
	return !((const struct bonus *)cr_ext_cstate(g, ext))->due &&
	    cr_game_supply_total(g) == pile(g, ext);
}

static const struct cr_ext test_module = {
	.name = "test-kinds",
	.kinds = kinds, .nkinds = sizeof kinds / sizeof kinds[0],
	.attrs = attrs, .nattrs = sizeof attrs / sizeof attrs[0],
	.ends = ends, .nends = sizeof ends / sizeof ends[0],
	.pools = pools, .npools = 1,
	.pieces = pieces, .npieces = sizeof pieces / sizeof pieces[0],
	.phrases = phrases, .nphrases = sizeof phrases / sizeof phrases[0],
	.state_size = sizeof(struct bonus),
	.drawable = drawable,
	.placed = placed,
	.completed = completed,
	.again = again,
	.over = over,
};

static const char *const test_on[] = { "test-kinds", NULL };
static const struct cr_rules test_rules = {
	.name = "test-game",
	.on = test_on,
	.editions = 0,
	.edge_letters = "F forest, R river, M meadow",
	.edge_example = "FMRM",
	.edge_letters_all = "FRM",
};

/* ---- this program's registry (rules/registry.c's symbols) ---------------- */

extern const struct cr_ext cr_ext_base, cr_ext_river;
extern const struct cr_rules cr_rules_carcassonne;

const struct cr_ext *const cr_exts[] = { &cr_ext_base, &cr_ext_river, &test_module };
const int cr_nexts = sizeof cr_exts / sizeof cr_exts[0];
const struct cr_rules *const cr_games[] = { &cr_rules_carcassonne, &test_rules };
const int cr_ngames = sizeof cr_games / sizeof cr_games[0];

enum { E_BASE, E_RIVER, E_TEST };
enum { G_CARCASSONNE, G_TEST };

/* ---- its tiles ------------------------------------------------------------ */

/*
 * V, the start: a forest at N, a river from S to a lake, meadow around.
 * W: a forest at S with gold.  L: a river from N to a lake.  M: meadow.
 * X: a bonus tile, meadow, two in the pile.  Four land tiles in all, the
 * start among them.
 */
static const char test_yaml[] =
    "set: test-kinds\n"
    "start: V\n"
    "tiles:\n"
    "  - code: V\n"
    "    count: 1\n"
    "    edges: [forest, meadow, river, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: [N]}\n"
    "      - {kind: river, at: [S], end: lake}\n"
    "      - {kind: meadow, at: [E, SSE, SSW, W]}\n"
    "  - code: W\n"
    "    count: 1\n"
    "    edges: [meadow, meadow, forest, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: [S], gold: true}\n"
    "      - {kind: meadow, at: [N, E, W]}\n"
    "  - code: L\n"
    "    count: 1\n"
    "    edges: [river, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: river, at: [N], end: lake}\n"
    "      - {kind: meadow, at: [NNE, E, S, W, NNW]}\n"
    "  - code: M\n"
    "    count: 1\n"
    "    edges: [meadow, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: meadow, at: [N, E, S, W]}\n"
    "  - code: X\n"
    "    count: 2\n"
    "    edges: [meadow, meadow, meadow, meadow]\n"
    "    marks: [bonus]\n"
    "    features:\n"
    "      - {kind: meadow, at: [N, E, S, W]}\n";

static void
load_test(struct cr_tileset *ts)
{
	struct cr_error err;

	if (cr_tileset_parse(ts, test_yaml, strlen(test_yaml), &err) != 0)
		fail_msg("%d:%d: %s", err.line, err.column, err.msg);
}

/* A tile file of the test game with one feature replaced: refused with msg. */
static void
refused_feature(const char *feature, const char *msg)
{
	char yaml[512];
	struct cr_tileset ts;
	struct cr_error err;

	snprintf(yaml, sizeof yaml, "set: test-kinds\ntiles:\n  - code: W\n    count: 1\n"
	    "    edges: [meadow, meadow, forest, meadow]\n    features:\n"
	    "      - %s\n      - {kind: meadow, at: [N, E, W]}\n", feature);
	assert_int_equal(cr_tileset_parse(&ts, yaml, strlen(yaml), &err), -1);
	assert_string_equal(err.msg, msg);
}

static int
piece_named(const char *word)
{
	for (int id = 1; id < cr_npieces(); id++)
		if (strcmp(cr_piece(id)->word, word) == 0)
			return id;
	return 0;
}

/* ---- the tests ------------------------------------------------------------ */

/* Each game has its modules: the base game is on in Carcassonne only. */
static void
test_games(void **state)
{
	(void)state;
	assert_int_equal(cr_rules_find("test-game", 9), G_TEST);
	assert_int_equal(cr_rules_find("carcassonne", 11), G_CARCASSONNE);
	assert_int_equal(cr_rules_on(G_CARCASSONNE), 1u << E_BASE);
	/* The expansions this registry lacks are no modules of the game. */
	assert_int_equal(cr_rules_modules(G_CARCASSONNE), 1u << E_BASE | 1u << E_RIVER);
	assert_int_equal(cr_rules_on(G_TEST), 1u << E_TEST);
	assert_int_equal(cr_rules_modules(G_TEST), 1u << E_TEST);
	assert_int_equal(cr_ext_rules(E_TEST), G_TEST);
	assert_int_equal(cr_rules_of_set("test-kinds"), G_TEST);
	assert_int_equal(cr_rules_of_set("river"), G_CARCASSONNE);
	assert_int_equal(cr_rules_of_set("a-set-of-nobody"), G_CARCASSONNE);
	assert_true(cr_rules_later(G_CARCASSONNE, "wheel-of-fortune", 16));
	assert_false(cr_rules_later(G_TEST, "wheel-of-fortune", 16));
	/* The module's kinds are numbered after the others'. */
	assert_string_equal(cr_kind(cr_ext_kind(E_TEST, K_FOREST))->name, "forest");
	assert_int_equal(cr_kind_ext(cr_ext_kind(E_TEST, K_RIVER)), E_TEST);
	assert_int_equal(cr_kind_beside(cr_ext_kind(E_TEST, K_RIVER)),
	    cr_ext_kind(E_TEST, K_MEADOW));
}

/* F is a farmer in Carcassonne and a fisher in the test game; a word of
 * another game's module is no word of the game. */
static void
test_words(void **state)
{
	(void)state;
	assert_int_equal(nt_role_lookup(G_CARCASSONNE, "F", 1), CR_FARMER);
	assert_int_equal(nt_role_lookup(G_TEST, "F", 1), piece_named("fisher"));
	assert_int_equal(nt_role_lookup(G_TEST, "g", 1), piece_named("gatherer"));
	assert_int_equal(nt_role_lookup(G_TEST, "Hunter", 6), piece_named("hunter"));
	assert_int_equal(nt_role_lookup(G_TEST, "farmer", 6), CR_ROLE_NONE);
	assert_int_equal(nt_role_lookup(G_TEST, "thief", 5), CR_ROLE_NONE);
	assert_int_equal(nt_role_lookup(G_CARCASSONNE, "fisher", 6), CR_ROLE_NONE);
	assert_int_equal(nt_role_lookup(G_CARCASSONNE, "hunter", 6), CR_ROLE_NONE);
	assert_int_equal(cr_piece_kind(piece_named("fisher"), 0), cr_ext_kind(E_TEST, K_RIVER));
}

/* The loader reads the kinds, keys, ends and marks of the set's game:
 * "river" and "lake" are the test module's in its file, the River's in
 * river.yaml; Carcassonne's kinds and keys mean nothing in the test
 * game's file. */
static void
test_loader(void **state)
{
	struct cr_tileset ts, river;
	struct cr_error err;
	int l, r;

	(void)state;
	load_test(&ts);
	assert_int_equal(ts.game, G_TEST);
	l = cr_tileset_find(&ts, "L", 1);
	assert_int_equal(ts.type[l].seg[0].kind, cr_ext_kind(E_TEST, K_RIVER));
	assert_int_equal(ts.type[l].seg[0].end, cr_ext_end(E_TEST, 0));
	assert_int_equal(ts.type[l].edge[0], cr_ext_kind(E_TEST, K_RIVER));
	assert_int_equal(cr_tile_attr(&ts.type[cr_tileset_find(&ts, "W", 1)], 0,
	    cr_ext_attr(E_TEST, A_GOLD)), 1);
	assert_int_equal(cr_tile_attr(&ts.type[cr_tileset_find(&ts, "X", 1)], 0,
	    cr_ext_attr(E_TEST, A_BONUS)), 1);

	tu_load("river.yaml", &river);
	assert_int_equal(river.game, G_CARCASSONNE);
	r = cr_tileset_find(&river, "RV-L", 4);
	assert_int_equal(river.type[r].seg[0].kind, cr_ext_kind(E_RIVER, 0));
	assert_int_equal(river.type[r].seg[0].end, cr_ext_end(E_RIVER, 1));
	assert_string_equal(cr_end_name(river.type[r].seg[0].end), "lake");
	assert_string_equal(cr_end_name(ts.type[l].seg[0].end), "lake");
	/* One game's set is no other game's to merge. */
	assert_int_equal(cr_tileset_merge(&river, &ts, &err), -1);
	assert_string_equal(err.msg, "tile set test-kinds is another game's than river");
	cr_tileset_free(&river);
	cr_tileset_free(&ts);

	refused_feature("{kind: city, at: [S]}",
	    "tile \"W\": feature kind \"city\" is not one of forest, river or meadow");
	refused_feature("{kind: forest, at: [S], pennants: 1}",
	    "tile \"W\": unknown key \"pennants\" in a feature; expected kind, at, gold or end");
	refused_feature("{kind: meadow, at: [S], gold: true}",
	    "tile \"W\": only forests hold gold, and meadow S is not one");
}

/* Editions: Carcassonne's are 1 to 3; the test game has none (0). */
static void
test_editions(void **state)
{
	struct cr_tileset ts;
	struct cr_config c = { 0, 2, 0 };
	struct cr_game *g;

	(void)state;
	load_test(&ts);
	assert_non_null(g = cr_game_create(&ts, &c));
	assert_int_equal(cr_game_edition(g), 0);
	assert_int_equal(cr_game_exts(g), 1u << E_TEST);	/* the base game is not there */
	cr_game_free(g);
	c.edition = 1;
	assert_null(cr_game_create(&ts, &c));
	c.edition = 0, c.exts = 1u << E_BASE;	/* not a module of the game */
	assert_null(cr_game_create(&ts, &c));
	c.exts = 1u << E_RIVER;
	assert_null(cr_game_create(&ts, &c));
	assert_null(cr_game_new(tu_base(), 0, 2));
	assert_non_null(g = cr_game_new(tu_base(), 3, 2));
	/* In Carcassonne, F is still a farmer. */
	tu_play(g, "E 0,1 180 F@N");
	assert_int_equal(cr_game_figure(g, 0)->role, CR_FARMER);
	cr_game_free(g);
	cr_tileset_free(&ts);
}

/*
 * A game of the test game, through the notation: the words, the kinds'
 * prices, the bonus tile and how the game ends, undo.
 */
static void
test_play(void **state)
{
	struct cr_tileset ts;
	struct cr_config c = { 0, 2, 0 };
	const struct cr_event *ev;
	struct cr_game *g;
	char buf[256];
	int n;

	(void)state;
	load_test(&ts);
	g = cr_game_create(&ts, &c);
	assert_non_null(g);
	assert_int_equal(cr_game_player(g, 0)->meeples, 0);	/* no meeples: members */
	tu_refuse(g, "X 1,0 0",
	    "X is a bonus tile: one comes only after a forest with gold");
	tu_refuse(g, "W 0,1 0 thief@S", "thief is a piece of Carcassonne");

	/* Anna completes the forest with gold, 2 a tile, and draws a bonus tile. */
	tu_play(g, "W 0,1 0 G@S");
	ev = cr_game_events(g, &n);
	assert_int_equal(n, 1);
	assert_int_equal(ev[0].kind, cr_ext_kind(E_TEST, K_FOREST));
	assert_int_equal(ev[0].pay[0], 4);
	nt_event_explain(&ev[0], tu_names, 2, buf, sizeof buf);
	assert_string_equal(buf, "completed forest of 2 tiles: 2 x 2 = 4 to Anna (1 gatherer)");
	assert_int_equal(cr_game_turn(g), 0);	/* Anna again */
	tu_refuse(g, "L 0,-1 0", "a bonus tile is due now, not L");
	tu_play(g, "X 1,0 0 H@N");
	assert_int_equal(cr_game_turn(g), 1);

	/* Ben's fisher on the river, from lake to lake: 1 a tile. */
	tu_refuse(g, "X -1,0 0",
	    "X is a bonus tile: one comes only after a forest with gold");
	tu_play(g, "L 0,-1 0 F@N");
	ev = cr_game_events(g, &n);
	assert_int_equal(n, 2);
	assert_int_equal(ev[1].kind, cr_ext_kind(E_TEST, K_RIVER));
	assert_int_equal(ev[1].pay[1], 2);
	assert_false(cr_game_over(g));

	/* The last land tile: over, with a bonus tile left in the pile. */
	tu_play(g, "M -1,0 0");
	assert_true(cr_game_over(g));
	assert_int_equal(cr_game_supply_total(g), 1);
	assert_int_equal(tu_score(g, 0), 4);
	assert_int_equal(tu_score(g, 1), 2);
	cr_game_events(g, &n);
	assert_int_equal(n, 2);	/* meadows pay nothing here */

	/* Undo gives back the module's state: the bonus tile due again. */
	assert_int_equal(cr_game_undo(g, 1), 1);
	assert_false(cr_game_over(g));
	assert_int_equal(cr_game_undo(g, 2), 2);
	assert_int_equal(cr_game_turn(g), 0);
	tu_refuse(g, "M -1,0 0", "a bonus tile is due now, not M");
	tu_play(g, "X -1,0 0");
	tu_play(g, "L 0,-1 0");
	tu_play(g, "M 1,0 0");
	assert_true(cr_game_over(g));
	assert_int_equal(tu_score(g, 0), 4);
	assert_int_equal(tu_score(g, 1), 0);
	cr_game_free(g);
	cr_tileset_free(&ts);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_games),
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_loader),
		cmocka_unit_test(test_editions),
		cmocka_unit_test(test_play),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
