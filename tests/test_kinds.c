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
	{ "member", "members", 5, "members", NULL },
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

/*
 * A second test-only module of the test game, "test-board", for the
 * narrow module API of issue 21 (the Wheel of Fortune's needs): a start
 * of four squares, 0,0 to 1,1, of the tile type B (a forest cap on one
 * side, meadow on the others, the inner sides meeting each other), the
 * start tile V out of the game.
 */
static struct cr_square board_squares[4] = {
	{ -1, 0, 0, 2 }, { -1, 1, 0, 2 }, { -1, 0, 1, 0 }, { -1, 1, 1, 0 },
};

static int
board_start(struct cr_game *g, int ext, const struct cr_square **sq)
{
	int b = cr_tileset_find(cr_game_tileset(g), "B", 1);

	(void)ext;
	if (b < 0)
		return 0;
	for (int i = 0; i < 4; i++)
		board_squares[i].type = b;
	*sq = board_squares;
	return 4;
}

/*
 * Its step before the tile goes down: "omen=N" pays each player N a
 * follower of theirs on the board, in one event; "strike=X,Y" sends the
 * follower at X,Y home, unscored, and is refused where none stands.
 */
enum { P_B_NONE, P_OMEN, P_NO_FOLLOWER, P_SEALED, P_PLAIN, P_NO_SEAL };
static const char *const board_phrases[] = {
	[P_B_NONE] = "",
	[P_OMEN] = "omen",
	[P_NO_FOLLOWER] = "no follower stands there",
	[P_SEALED] = "with a seal showing {n}",
	[P_PLAIN] = "plain",
	[P_NO_SEAL] = "no copy of {tile} left shows a seal",
};
enum { TK_OMEN, TK_STRIKE, TK_SEAL };
static const struct cr_token board_tokens[] = {
	[TK_OMEN] = { .word = "omen", .min = 1, .max = 3, .drawn = true },
	[TK_STRIKE] = { .word = "strike", .drawn = true, .square = true },
	[TK_SEAL] = { .word = "seal", .drawn = true },
};

/*
 * Copies that differ (cr_ext.variants): one of the two copies of X shows
 * a seal with the number 1, and "seal" says the copy drawn is that one;
 * the module counts the sealed copies drawn in its state.
 */
enum { SP_TOWER, SP_WELL, NSPACES };
struct board_spaces {	/* who stands on its spaces (test_spaces) */
	int	n[NSPACES];
	struct cr_standing on[NSPACES][2];
};
struct board_state {
	int	sealed_drawn;
	struct board_spaces sp;
};

static void tower_home(struct cr_game *g, int ext);

static bool
said(int ext, const struct cr_move *m, int tk)
{
	for (int i = 0; i < m->ndrawn; i++)
		if (cr_token_ext(CR_TOKEN_ID(m->drawn[i].token)) == ext &&
		    cr_token(CR_TOKEN_ID(m->drawn[i].token)) == &board_tokens[tk])
			return true;
	return false;
}

static int
sealed_left(const struct cr_game *g, int ext)
{
	return 1 - ((const struct board_state *)cr_ext_cstate(g, ext))->sealed_drawn;
}

static int
board_variants(const struct cr_game *g, int ext, int type, struct cr_variant *out, int max)
{
	if (type != cr_tileset_find(cr_game_tileset(g), "X", 1))
		return 0;
	if (max >= 2) {
		out[0] = (struct cr_variant){ sealed_left(g, ext), CR_PHRASE(ext, P_SEALED), 1 };
		out[1] = (struct cr_variant){ cr_game_supply(g, type) - sealed_left(g, ext),
		    CR_PHRASE(ext, P_PLAIN), 0 };
	}
	return 2;
}

/* The follower standing at x,y, -1. */
static int
follower_at(const struct cr_game *g, int x, int y)
{
	for (int f = 0; f < cr_game_nfigures(g); f++) {
		const struct cr_figure *fig = cr_game_figure(g, f);
		const struct cr_placed *t;

		if (!fig->on_board || !(cr_piece(fig->role)->flags & CR_PIECE_FOLLOWER))
			continue;
		t = cr_game_tile(g, cr_node_tile(g, fig->node));
		if (t->x == x && t->y == y)
			return f;
	}
	return -1;
}

static bool
board_drawn_ok(const struct cr_game *g, int ext, const struct cr_move *m, struct cr_refusal *why)
{
	if (said(ext, m, TK_SEAL) && (m->tile != cr_tileset_find(cr_game_tileset(g), "X", 1) ||
	    sealed_left(g, ext) == 0)) {
		why->code = CR_R_EXT;
		why->ext = ext;
		why->phrase = CR_PHRASE(ext, P_NO_SEAL);
		return false;
	}
	for (int i = 0; i < m->ndrawn; i++)
		if (cr_token(CR_TOKEN_ID(m->drawn[i].token))->square &&
		    follower_at(g, m->drawn[i].x, m->drawn[i].y) < 0) {
			why->code = CR_R_EXT;
			why->ext = ext;
			why->phrase = CR_PHRASE(ext, P_NO_FOLLOWER);
			why->other_x = m->drawn[i].x, why->other_y = m->drawn[i].y;
			return false;
		}
	return true;
}

static void
board_drawn(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	for (int i = 0; i < m->ndrawn; i++) {
		const struct cr_said *d = &m->drawn[i];

		if (cr_token(CR_TOKEN_ID(d->token)) == &board_tokens[TK_SEAL]) {
			((struct board_state *)cr_ext_state(g, ext))->sealed_drawn++;
		} else if (cr_token(CR_TOKEN_ID(d->token))->square) {
			cr_figure_leave(g, follower_at(g, d->x, d->y), move);
		} else {
			struct cr_event ev = { .reason = CR_EV_MODULE, .feature = -1,
			    .what = (uint16_t)CR_PHRASE(ext, P_OMEN) };

			for (int f = 0; f < cr_game_nfigures(g); f++) {
				const struct cr_figure *fig = cr_game_figure(g, f);

				if (fig->on_board && (cr_piece(fig->role)->flags & CR_PIECE_FOLLOWER)) {
					ev.pay[fig->player] += CR_TOKEN_N(d->token);
					ev.winners |= (uint8_t)(1u << fig->player);
				}
			}
			cr_game_pay(g, &ev, move);
			if (CR_TOKEN_N(d->token) == 3)
				tower_home(g, ext);
		}
	}
}

/*
 * Spaces it owns (struct cr_space): a tower of two places and a well of
 * one, off the tiles; a climber (a hunter's member, cr_piece.as) stands
 * there instead of a piece on the tile.  omen=3 sends the tower's home.
 */
static const char *const tower_words[] = { "tour", NULL };
static const struct cr_space board_spaces[] = {
	[SP_TOWER] = { .word = "tower", .aliases = tower_words, .name = "the tower",
	    .full_one = "%s is taken (%s)", .full_more = "the places of %s are all taken (%s)" },
	[SP_WELL] = { .word = "well", .name = "the well",
	    .full_one = "%s is taken (%s)", .full_more = "the places of %s are all taken (%s)" },
};
static const struct cr_piece board_pieces[] = {
	{ .word = "climber", .plural = "climbers", .flags = CR_PIECE_SPACE | CR_PIECE_FOLLOWER,
	  .weight = 1, .as = "hunter" },
};
static int
board_space(const struct cr_game *g, int ext, int space, struct cr_standing *on, int max, int *n)
{
	const struct board_spaces *st = &((const struct board_state *)cr_ext_cstate(g, ext))->sp;

	*n = st->n[space];
	for (int i = 0; i < *n && i < max; i++)
		on[i] = st->on[space][i];
	return space == SP_TOWER ? 2 : 1;
}

static void
board_space_put(struct cr_game *g, int ext, int space, int player, int role, int move)
{
	struct board_spaces *st = &((struct board_state *)cr_ext_state(g, ext))->sp;

	(void)move;
	st->on[space][st->n[space]++] = (struct cr_standing){ player, role };
}

/* omen=3: the tower's climbers go home. */
static void
tower_home(struct cr_game *g, int ext)
{
	struct board_spaces *st = &((struct board_state *)cr_ext_state(g, ext))->sp;

	for (int i = 0; i < st->n[SP_TOWER]; i++)
		cr_space_home(g, st->on[SP_TOWER][i].player, st->on[SP_TOWER][i].role);
	st->n[SP_TOWER] = 0;
}

/* A follower left its feature unscored: the module notes it. */
static int board_left_n, board_left_root;

static void
board_left(struct cr_game *g, int ext, int fig, int root, int move)
{
	(void)g, (void)ext, (void)fig, (void)move;
	board_left_n++;
	board_left_root = root;
}

static const struct cr_ext board_module = {
	.name = "test-board",
	.tokens = board_tokens, .ntokens = sizeof board_tokens / sizeof board_tokens[0],
	.phrases = board_phrases, .nphrases = sizeof board_phrases / sizeof board_phrases[0],
	.state_size = sizeof(struct board_state),
	.start_squares = board_start,
	.variants = board_variants,
	.drawn_ok = board_drawn_ok,
	.drawn = board_drawn,
	.left = board_left,
	.pieces = board_pieces, .npieces = 1,
	.spaces = board_spaces, .nspaces = NSPACES,
	.space = board_space,
	.space_put = board_space_put,
};

static const char *const test_on[] = { "test-kinds", NULL };
static const char *const test_may[] = { "test-board", NULL };
static const struct cr_rules test_rules = {
	.name = "test-game",
	.on = test_on,
	.may = test_may,
	.editions = 0,
	.edge_letters = "F forest, R river, M meadow",
	.edge_example = "FMRM",
	.edge_letters_all = "FRM",
};

/* ---- this program's registry (rules/registry.c's symbols) ---------------- */

extern const struct cr_ext cr_ext_base, cr_ext_river;
extern const struct cr_rules cr_rules_carcassonne;

const struct cr_ext *const cr_exts[] = { &cr_ext_base, &cr_ext_river, &test_module,
    &board_module };
const int cr_nexts = sizeof cr_exts / sizeof cr_exts[0];
const struct cr_rules *const cr_games[] = { &cr_rules_carcassonne, &test_rules };
const int cr_ngames = sizeof cr_games / sizeof cr_games[0];

enum { E_BASE, E_RIVER, E_TEST, E_BOARD };
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

/* The same with the board's squares, B, four copies. */
static const char board_yaml[] =
    "  - code: B\n"
    "    count: 4\n"
    "    edges: [forest, meadow, meadow, meadow]\n"
    "    features:\n"
    "      - {kind: forest, at: [N]}\n"
    "      - {kind: meadow, at: [E, S, W]}\n";

static void
load_yaml(struct cr_tileset *ts, const char *yaml)
{
	struct cr_error err;

	if (cr_tileset_parse(ts, yaml, strlen(yaml), &err) != 0)
		fail_msg("%d:%d: %s", err.line, err.column, err.msg);
}

static void
load_test(struct cr_tileset *ts)
{
	load_yaml(ts, test_yaml);
}

static void
load_board(struct cr_tileset *ts)
{
	char yaml[sizeof test_yaml + sizeof board_yaml];

	snprintf(yaml, sizeof yaml, "%s%s", test_yaml, board_yaml);
	load_yaml(ts, yaml);
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
	assert_int_equal(cr_rules_modules(G_TEST), 1u << E_TEST | 1u << E_BOARD);
	assert_int_equal(cr_ext_rules(E_TEST), G_TEST);
	assert_int_equal(cr_rules_of_set("test-kinds"), G_TEST);
	assert_int_equal(cr_rules_of_set("river"), G_CARCASSONNE);
	assert_int_equal(cr_rules_of_set("a-set-of-nobody"), G_CARCASSONNE);
	assert_false(cr_rules_later(G_CARCASSONNE, "wheel-of-fortune", 16));	/* refereed now */
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

/*
 * A start of several squares (cr_ext.start_squares): the four squares
 * lie at 0,0 to 1,1, the start tile is out of the game, a tile placed
 * beside the squares joins their features, which count each square as a
 * tile; a square is taken; undo stops at the start.
 */
static void
test_start_squares(void **state)
{
	struct cr_tileset ts;
	struct cr_config c = { 0, 2, 1u << E_BOARD };
	const struct cr_event *ev;
	struct cr_game *g;
	int n, v, b, total;

	(void)state;
	load_board(&ts);
	v = cr_tileset_find(&ts, "V", 1), b = cr_tileset_find(&ts, "B", 1);
	/* Without the module, the start tile at 0,0 and the squares in the
	 * supply. */
	c.exts = 0;
	assert_non_null(g = cr_game_create(&ts, &c));
	assert_int_equal(cr_game_ntiles(g), 1);
	assert_int_equal(cr_game_at(g, 0, 0)->type, v);
	total = cr_game_supply_total(g);
	assert_int_equal(cr_game_supply(g, b), 4);
	cr_game_free(g);

	c.exts = 1u << E_BOARD;
	assert_non_null(g = cr_game_create(&ts, &c));
	assert_int_equal(cr_game_exts(g), 1u << E_TEST | 1u << E_BOARD);
	assert_int_equal(cr_game_ntiles(g), 4);
	for (int i = 0; i < 4; i++) {
		const struct cr_placed *t = cr_game_at(g, board_squares[i].x, board_squares[i].y);

		assert_non_null(t);
		assert_int_equal(t->type, b);
		assert_int_equal(t->rot, board_squares[i].rot);
	}
	assert_int_equal(cr_game_supply(g, v), 0);	/* out of the game */
	assert_int_equal(cr_game_supply(g, b), 0);
	assert_int_equal(cr_game_supply_total(g), total - 4);	/* the start tile less */
	assert_int_equal(cr_game_nmoves(g), 0);

	tu_refuse(g, "M 1,1 0", "~one tile per square");
	/* W's forest meets the cap of square 0,1: a forest of 2 tiles. */
	tu_refuse(g, "W 0,2 180", "~edges must match");
	tu_play(g, "W 0,2 0 G@S");
	ev = cr_game_events(g, &n);
	assert_int_equal(n, 1);
	assert_int_equal(ev[0].tiles, 2);
	assert_int_equal(ev[0].pay[0], 4);
	tu_play(g, "X 2,0 0 H@W");	/* the bonus; its meadow joins the squares' */
	assert_int_equal(cr_game_undo(g, 9), 2);	/* undo stops at the start */
	assert_int_equal(cr_game_ntiles(g), 4);
	assert_int_equal(tu_score(g, 0), 0);
	/* A batch restart on the same game lays the squares again. */
	assert_true(cr_game_restart(g, &c));
	assert_int_equal(cr_game_ntiles(g), 4);
	assert_int_equal(cr_game_supply_total(g), total - 4);
	cr_game_free(g);
	cr_tileset_free(&ts);
}

/* Player p's members left. */
static int
members(const struct cr_game *g, int p)
{
	return cr_game_player(g, p)->pool[cr_piece_pool(piece_named("hunter"))];
}

/* A move of the test game with what it says of the copy drawn: omen
 * (0: none), then strike at sx,sy (strike 0: none). */
static struct cr_move
drawn_move(const struct cr_game *g, const char *line, int omen, bool strike, int sx, int sy)
{
	struct nt_turn t;
	struct nt_error err;
	struct cr_move m;
	int id;

	if (nt_parse_move(cr_game_tileset(g), line, strlen(line), &t, &err) < 0)
		fail_msg("%s: %s", line, err.msg);
	m = t.move;
	if (omen) {
		id = cr_token_find(G_TEST, "omen", 4);
		m.drawn[m.ndrawn++] = (struct cr_said){ CR_TOKEN(id, omen), 0, 0, -1 };
	}
	if (strike) {
		id = cr_token_find(G_TEST, "strike", 6);
		m.drawn[m.ndrawn++] = (struct cr_said){ CR_TOKEN(id, 0), sx, sy, -1 };
	}
	return m;
}

/*
 * The step before the tile goes down (drawn_ok, drawn), one event paying
 * players different amounts, a follower sent home unscored
 * (cr_figure_leave, left): the rest of the move is checked against the
 * game as the step left it, a refusal undoes the step, with undo on or
 * off, and undo gives everything back.
 */
static void
test_drawn(void **state)
{
	struct cr_tileset ts;
	struct cr_config c = { 0, 2, 1u << E_BOARD };
	struct cr_refusal why;
	const struct cr_event *ev;
	struct cr_game *g;
	struct cr_move m;
	int n;

	(void)state;
	load_board(&ts);
	assert_non_null(g = cr_game_create(&ts, &c));
	assert_int_equal(cr_token_ext(cr_token_find(G_TEST, "strike", 6)), E_BOARD);
	tu_play(g, "W 0,2 0 H@N");	/* Anna: the forest with gold; a bonus tile */
	tu_play(g, "X 2,0 0 H@N");	/* her hunter on the board's meadow */
	tu_play(g, "L 3,0 90 F@E");	/* Ben's fisher */

	/* Strike where no follower stands: refused before anything, by what
	 * is said of the copy drawn alone too (cr_game_check_drawn), which
	 * asks nothing of where the tile goes. */
	m = drawn_move(g, "M 2,1 0", 2, true, 1, 1);
	assert_false(cr_game_check_drawn(g, &m, &why));
	assert_int_equal(why.phrase, CR_PHRASE(E_BOARD, P_NO_FOLLOWER));
	m.x = 50;	/* nowhere near the board */
	assert_false(cr_game_check(g, &m, NULL));
	m = drawn_move(g, "M 50,1 0", 2, true, 2, 0);
	assert_true(cr_game_check_drawn(g, &m, &why));
	m = drawn_move(g, "M 2,1 0", 2, true, 1, 1);
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.code, CR_R_EXT);
	assert_int_equal(why.phrase, CR_PHRASE(E_BOARD, P_NO_FOLLOWER));
	assert_false(cr_game_play(g, &m, &why));
	assert_int_equal(cr_game_nmoves(g), 3);

	/* The meadow is Anna's: a hunter may not join it... */
	m = drawn_move(g, "M 2,1 0 H@N", 2, false, 0, 0);
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.code, CR_R_FEATURE_TAKEN);
	/* ... and a refusal after the step undoes it, undo on or off. */
	for (int undo = 0; undo < 2; undo++) {
		cr_game_set_undo(g, undo);
		assert_false(cr_game_play(g, &m, &why));
		assert_int_equal(why.code, CR_R_FEATURE_TAKEN);
		assert_int_equal(cr_game_nmoves(g), 3);
		cr_game_events(g, &n);
		assert_int_equal(n, 0);	/* nobody held the forest */
		assert_int_equal(tu_score(g, 0), 0);
		assert_int_equal(tu_score(g, 1), 0);
		assert_int_equal(members(g, 0), 3);
		assert_true(follower_at(g, 2, 0) >= 0);
	}
	cr_game_set_undo(g, true);

	/* Struck first, the hunter at 2,0 is home: Anna's hunter on M may
	 * take the meadow.  The omen paid 2 a follower: Anna 2 x 2, Ben 2 x 1. */
	m = drawn_move(g, "M 2,1 0 H@N", 2, true, 2, 0);
	assert_true(cr_game_check(g, &m, &why));
	assert_int_equal(cr_game_nmoves(g), 3);	/* a check changes nothing */
	assert_int_equal(tu_score(g, 0), 0);
	board_left_n = 0;
	assert_true(cr_game_play(g, &m, &why));
	assert_int_equal(board_left_n, 1);
	assert_int_equal(members(g, 0), 3);	/* one home, one down */
	assert_int_equal(cr_game_move(g, 3)->ndrawn, 2);	/* the record keeps it */
	ev = cr_game_events(g, &n);
	assert_true(n >= 1);
	assert_int_equal(ev[0].move, 4);
	assert_int_equal(ev[0].what, CR_PHRASE(E_BOARD, P_OMEN));
	assert_int_equal(ev[0].feature, -1);
	assert_int_equal(ev[0].pay[0], 4);
	assert_int_equal(ev[0].pay[1], 2);
	assert_int_equal(ev[0].winners, 3);
	assert_int_equal(follower_at(g, 2, 0), -1);
	assert_true(follower_at(g, 2, 1) >= 0);
	assert_true(cr_game_over(g));	/* the land tiles are all played */

	/* Undo: the hunter back at 2,0, the points and the event gone. */
	assert_int_equal(cr_game_undo(g, 1), 1);
	assert_true(follower_at(g, 2, 0) >= 0);
	assert_int_equal(follower_at(g, 2, 1), -1);
	assert_int_equal(tu_score(g, 0), 0);
	assert_int_equal(tu_score(g, 1), 0);
	cr_game_events(g, &n);
	assert_int_equal(n, 0);
	m = drawn_move(g, "M 2,1 0 H@N", 2, false, 0, 0);
	assert_false(cr_game_check(g, &m, &why));	/* the meadow is hers again */
	assert_int_equal(why.code, CR_R_FEATURE_TAKEN);

	/* The notation: the tokens of the copy drawn between the tile code
	 * and the position, any case, a spot after a square; written back
	 * canonically. */
	{
		struct nt_turn t;
		struct nt_error err;
		char buf[128];

		assert_int_equal(nt_parse_move(&ts, "Anna: M OMEN=2 strike=2,0:n 2,1 0 H@N", 37, &t,
		    &err), 0);
		assert_int_equal(t.player_len, 4);
		assert_int_equal(t.move.ndrawn, 2);
		assert_int_equal(t.move.drawn[1].spot, CR_SPOT_N);
		nt_format_move(&ts, &t.move, NULL, buf, sizeof buf);
		assert_string_equal(buf, "M omen=2 strike=2,0:N 2,1 0 hunter@N");
		assert_int_equal(nt_parse_move(&ts, "M omen=4 2,1 0", 14, &t, &err), -1);
		assert_string_equal(err.msg, "expected omen=1, omen=2 or omen=3, got \"omen=4\"");
		assert_int_equal(nt_parse_move(&ts, "M strike=2 2,1 0", 16, &t, &err), -1);
		assert_string_equal(err.msg, "expected strike=X,Y or strike=X,Y:SPOT "
		    "(whole numbers, no spaces), got \"strike=2\"");
		assert_int_equal(nt_parse_move(&ts, "M omen=1 discard", 16, &t, &err), 0);
		nt_format_move(&ts, &t.move, NULL, buf, sizeof buf);
		assert_string_equal(buf, "M omen=1 discard");
	}
	tu_play(g, "M omen=2 strike=2,0 2,1 0 H@N");
	assert_int_equal(tu_score(g, 0), 4);
	assert_int_equal(cr_game_undo(g, 1), 1);

	/* A word of the step is a module's in play, said of the copy drawn. */
	m = drawn_move(g, "M 2,1 0", 0, false, 0, 0);
	m.drawn[m.ndrawn++] = (struct cr_said){ CR_TOKEN(cr_token_find(G_TEST, "omen", 4), 4),
	    0, 0, -1 };
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.code, CR_R_BAD_MOVE);
	cr_game_free(g);

	/* Without the module, its tokens are not in play. */
	c.exts = 0;
	assert_non_null(g = cr_game_create(&ts, &c));
	m = drawn_move(g, "W 0,1 0", 1, false, 0, 0);
	assert_false(cr_game_check(g, &m, &why));
	assert_int_equal(why.code, CR_R_NOT_IN_PLAY);
	assert_int_equal(why.ext, E_BOARD);
	cr_game_free(g);
	cr_tileset_free(&ts);
}

/*
 * Copies of one type that differ (cr_ext.variants, cr_game_variants): the
 * module counts them in its state, undone with it; a line saying the
 * copy drawn is one that none left is refused.
 */
static void
test_variants(void **state)
{
	struct cr_tileset ts;
	struct cr_config c = { 0, 2, 1u << E_BOARD };
	struct cr_variant v[4];
	struct cr_game *g;
	int x, w;

	(void)state;
	load_board(&ts);
	assert_non_null(g = cr_game_create(&ts, &c));
	x = cr_tileset_find(&ts, "X", 1), w = cr_tileset_find(&ts, "W", 1);
	assert_int_equal(cr_game_variants(g, w, v, 4), 0);	/* all alike */
	assert_int_equal(cr_game_variants(g, x, NULL, 0), 2);
	assert_int_equal(cr_game_variants(g, x, v, 4), 2);
	assert_int_equal(v[0].count, 1);
	assert_int_equal(v[0].n, 1);
	assert_int_equal(v[0].phrase, CR_PHRASE(E_BOARD, P_SEALED));
	assert_int_equal(v[1].count, 1);
	tu_refuse(g, "M seal 2,1 0", "no copy of M left shows a seal");
	tu_play(g, "W 0,2 0");	/* a bonus tile is due */
	tu_play(g, "X 2,0 0");	/* the plain copy */
	cr_game_variants(g, x, v, 4);
	assert_int_equal(v[0].count, 1);
	assert_int_equal(v[1].count, 0);
	assert_int_equal(cr_game_undo(g, 1), 1);
	tu_play(g, "X seal 2,0 0");	/* the sealed copy */
	cr_game_variants(g, x, v, 4);
	assert_int_equal(v[0].count, 0);
	assert_int_equal(v[1].count, 1);
	assert_int_equal(cr_game_undo(g, 1), 1);
	cr_game_variants(g, x, v, 4);
	assert_int_equal(v[0].count, 1);
	assert_int_equal(v[1].count, 1);
	cr_game_free(g);

	/* Without the module, its copies are all alike. */
	c.exts = 0;
	assert_non_null(g = cr_game_create(&ts, &c));
	assert_int_equal(cr_game_variants(g, x, v, 4), 0);
	cr_game_free(g);
	cr_tileset_free(&ts);
}

/*
 * Pieces on spaces a module owns (struct cr_space): climber@tower is read
 * and written back, takes a hunter from its pool, fills the tower's two
 * places, is refused on a full one with the module's words, goes home by
 * the module (cr_space_home), and is undone; without the module, the
 * piece is not in play.
 */
static void
test_spaces(void **state)
{
	struct cr_tileset ts;
	struct cr_config c = { 0, 2, 1u << E_BOARD };
	struct cr_standing on[4];
	struct cr_refusal why;
	struct nt_turn t;
	struct nt_error err;
	struct cr_game *g;
	char buf[128];
	int tower, well, n;

	(void)state;
	load_board(&ts);
	assert_non_null(g = cr_game_create(&ts, &c));
	tower = cr_space_find(G_TEST, "TOUR", 4), well = cr_space_find(G_TEST, "well", 4);
	assert_int_equal(cr_space_ext(tower), E_BOARD);
	assert_int_equal(cr_space_local(well), SP_WELL);
	assert_int_equal(cr_space_find(G_CARCASSONNE, "tower", 5), 0);	/* another game's */
	assert_int_equal(cr_piece_pool(piece_named("climber")), cr_piece_pool(piece_named("hunter")));

	/* The notation: WORD@SPACE, any case, written back canonically. */
	assert_int_equal(nt_parse_move(&ts, "W 0,2 0 Climber@TOUR", 20, &t, &err), 0);
	assert_int_equal(t.move.space, tower);
	assert_int_equal(t.move.role, piece_named("climber"));
	nt_format_move(&ts, &t.move, NULL, buf, sizeof buf);
	assert_string_equal(buf, "W 0,2 0 climber@tower");
	assert_int_equal(nt_parse_move(&ts, "W 0,2 0 climber@moon", 20, &t, &err), -1);
	assert_string_equal(err.msg, "expected a space for climber (tower, well), got \"moon\"");
	assert_int_equal(err.column, 17);
	assert_int_equal(nt_parse_move(&ts, "W 0,2 0 climber", 15, &t, &err), -1);
	assert_string_equal(err.msg, "expected @SPACE after \"climber\"");
	assert_int_equal(nt_parse_move(&ts, "W 0,2 0 hunter@tower", 20, &t, &err), -1);

	assert_int_equal(cr_game_space(g, tower, on, 4, &n), 2);
	assert_int_equal(n, 0);
	tu_play(g, "W 0,2 0 climber@tower");	/* Anna; a bonus tile is due */
	assert_int_equal(members(g, 0), 4);
	tu_play(g, "X 2,0 0 climber@tower");	/* Anna again */
	assert_int_equal(cr_game_space(g, tower, on, 4, &n), 2);
	assert_int_equal(n, 2);
	assert_int_equal(on[1].player, 0);
	assert_int_equal(members(g, 0), 3);
	tu_refuse(g, "L 3,0 90 climber@tower",
	    "climber@tower: the places of the tower are all taken (Anna, Anna)");
	nt_parse_move(&ts, "L 3,0 90 climber@tower", 22, &t, &err);
	assert_false(cr_game_check(g, &t.move, &why));
	assert_int_equal(why.code, CR_R_SPACE_FULL);
	assert_int_equal(why.space, tower);
	assert_int_equal(why.n, 2);
	tu_play(g, "L 3,0 90 climber@well");	/* Ben */
	tu_refuse(g, "M 2,1 0 climber@well", "climber@well: the well is taken (Ben)");
	assert_int_equal(members(g, 1), 4);

	/* The module sends the tower's home, the engine gives them back;
	 * undone, they stand there again. */
	tu_play(g, "M omen=3 2,1 0");
	assert_int_equal(members(g, 0), 5);
	cr_game_space(g, tower, NULL, 0, &n);
	assert_int_equal(n, 0);
	assert_int_equal(cr_game_undo(g, 1), 1);
	assert_int_equal(members(g, 0), 3);
	cr_game_space(g, tower, on, 4, &n);
	assert_int_equal(n, 2);
	assert_int_equal(cr_game_undo(g, 3), 3);
	cr_game_space(g, tower, NULL, 0, &n);
	assert_int_equal(n, 0);
	assert_int_equal(members(g, 0), 5);
	cr_game_free(g);

	/* Without the module, its piece is not in play, nor its spaces. */
	c.exts = 0;
	assert_non_null(g = cr_game_create(&ts, &c));
	assert_int_equal(cr_game_space(g, tower, NULL, 0, &n), 0);
	nt_parse_move(&ts, "W 0,1 0 climber@tower", 21, &t, &err);
	assert_false(cr_game_check(g, &t.move, &why));
	assert_int_equal(why.code, CR_R_NOT_IN_PLAY);
	assert_int_equal(why.ext, E_BOARD);
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
		cmocka_unit_test(test_start_squares),
		cmocka_unit_test(test_drawn),
		cmocka_unit_test(test_variants),
		cmocka_unit_test(test_spaces),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
