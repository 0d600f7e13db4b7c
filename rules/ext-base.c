/*
 * ext-base.c -- the base game as a module: its kinds of feature and
 * their prices, and its followers.
 *
 * Roads, cities and cloisters are paid as soon as they are complete, and
 * unfinished at the end; fields at the end.  What the editions change is
 * here too, in the prices: edition 1's city of two tiles pays 1 a tile
 * and pennant; edition 1's fields have no price of their own: each
 * completed city pays 4, once, to the most farmers over all the fields
 * around it (the engine's cr_pay_bordered, by the field's per_border);
 * editions 2 and 3 pay each farm 3 a completed city it borders.
 */
#include "ext.h"

/* A road: 1 a tile, complete or not. */
static bool
road_price(const struct cr_game *g, int root, struct cr_event *ev)
{
	(void)g, (void)root;
	ev->per_tile = 1;
	return true;
}

/* A city: 2 a tile and pennant complete, 1 unfinished; edition 1's
 * complete city of two tiles 1 a tile and pennant. */
static bool
city_price(const struct cr_game *g, int root, struct cr_event *ev)
{
	bool complete = cr_feature_open(g, root) == 0;

	ev->per_tile = ev->per_pennant = complete ? 2 : 1;
	if (cr_game_edition(g) == 1 && complete && ev->tiles == 2) {
		ev->per_tile = ev->per_pennant = 1;
		ev->small_city = true;
	}
	return true;
}

/* A cloister: 1 for itself and each of its eight neighbours down. */
static bool
cloister_price(const struct cr_game *g, int root, struct cr_event *ev)
{
	ev->tiles = 9 - cr_feature_open(g, root);
	ev->per_tile = 1;
	return true;
}

/* A farm (editions 2 and 3): 3 a completed city it borders. */
static bool
field_price(const struct cr_game *g, int root, struct cr_event *ev)
{
	ev->cities = cr_feature_bordered(g, root);
	ev->per_city = 3;
	return true;
}

/* Edition 1 pays farmers per city, over all the fields around it. */
static bool
field_priced(const struct cr_game *g)
{
	return cr_game_edition(g) != 1;
}

/* In the order of enum cr_kind: these are kinds 0 to 3. */
static const struct cr_kinddef kinds[] = {
	[CR_FIELD] = {
		.name = N_("field"), .plural = N_("fields"),
		.shape = CR_AREA, .close = CR_CLOSE_NEVER, .flags = CR_KIND_LAND,
		.borders = CR_CITY, .reason = CR_EV_FARM, .per_border = 4,
		.price = field_price, .priced = field_priced,
		.letter = 'F', .map = ". ", .pic = { ". " }, .key = N_(". field"), .fill = "#a9d08e",
		.a = N_("a field"), .the = N_("the field"), .has_no = N_("has no field"),
		.has_many = N_("has more than one field"), .the_done = N_("the completed field"),
		.edge = NC_("edge", "field"), .word = NC_("feature", "field"),
		.why_done = CR_SAYN(N_("farm touching %d completed city: %d x %d"),
		    N_("farm touching %d completed cities: %d x %d"), CR_N_CITIES, CR_N_PER_CITY,
		    CR_N_CITIES),
		.why_open = CR_SAYN(N_("farm touching %d completed city: %d x %d"),
		    N_("farm touching %d completed cities: %d x %d"), CR_N_CITIES, CR_N_PER_CITY,
		    CR_N_CITIES),
		.sum_done = CR_SAY("%d x %d", CR_N_PER_CITY, CR_N_CITIES),
		.sum_open = CR_SAY("%d x %d", CR_N_PER_CITY, CR_N_CITIES),
		.why_border = CR_SAYN(N_("completed city of %d tile at %d,%d, for the farmers of the "
		    "fields around it: %d"), N_("completed city of %d tiles at %d,%d, for the "
		    "farmers of the fields around it: %d"), CR_N_TILES, CR_N_X, CR_N_Y, CR_N_PER_CITY),
		.sum_border = CR_SAY("%d", CR_N_PER_CITY),
		.nobody_border = CR_SAY(N_(" = %d, to nobody (no farmer beside it)"), CR_N_POINTS),
		.line_done = CR_SAY(N_("field at %d,%d %s: a farm\n"), 0),
		.line_open = CR_SAY(N_("field at %d,%d %s: a farm\n"), 0),
		.line_more = CR_SAYN(N_("  borders %d completed city\n"),
		    N_("  borders %d completed cities\n"), CR_N_CITIES),
		.state_done = CR_SAYN(N_("a farm bordering %d completed city"),
		    N_("a farm bordering %d completed cities"), CR_N_CITIES),
		.state_open = CR_SAYN(N_("a farm bordering %d completed city"),
		    N_("a farm bordering %d completed cities"), CR_N_CITIES),
		.border_open = N_("  its farmers: nothing while it is open (edition 1 pays farmers "
		    "per completed city)"),
		.border_intro = N_("  edition 1: at the end each completed city pays 4 to the most "
		    "farmers over all the farms around it"),
		.border_none = N_("    no completed city borders it: nothing for its farmers"),
		.border_now = N_("  its farmers, if the game ended now: %s"),
	},
	[CR_ROAD] = {
		.name = N_("road"), .plural = N_("roads"),
		.shape = CR_LINE, .close = CR_CLOSE_ENDS, .flags = CR_KIND_PAID,
		.beside = CR_FIELD, .reason = CR_EV_FINAL,
		.price = road_price,
		.at_edge = N_("a %s must reach an edge; C is only for cloisters and inner fields"),
		.letter = 'R', .map = "| ", .map_ew = "==", .map_through = true,
		.pic = { "||", "==", "//", "\\\\" }, .key = N_("== || road"), .layer = 1,
		.strokes = { { "#4d4d4d", 12 }, { "#f6f2e4", 7 } },
		.glyph = "<path d=\"M-9 0H9\" stroke=\"#4d4d4d\" stroke-width=\"9\"/><path "
		    "d=\"M-9 0H9\" stroke=\"#f6f2e4\" stroke-width=\"5\"/>",
		.a = N_("a road"), .the = N_("the road"), .has_no = N_("has no road"),
		.has_many = N_("has more than one road"), .the_done = N_("the completed road"),
		.edge = NC_("edge", "road"), .word = NC_("feature", "road"),
		.why_done = CR_SAYN(N_("completed road of %d tile"), N_("completed road of %d tiles"),
		    CR_N_TILES),
		.why_open = CR_SAYN(N_("incomplete road of %d tile"), N_("incomplete road of %d tiles"),
		    CR_N_TILES),
		/* TRANSLATORS: the arithmetic after a feature: price x count */
		.arith = CR_SAY(N_(": %d x %d"), CR_N_PER_TILE, CR_N_TILES),
		.sum_done = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
		.sum_open = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
		.line_done = CR_SAY(N_("road at %d,%d %s: completed\n"), 0),
		.line_open = CR_SAYN(N_("road at %d,%d %s: open at %d end\n"),
		    N_("road at %d,%d %s: open at %d ends\n"), CR_N_OPEN),
		.state_done = CR_SAY(NC_("road", "completed"), 0),
		.state_open = CR_SAYN(N_("open at %d end"), N_("open at %d ends"), CR_N_OPEN),
	},
	[CR_CITY] = {
		.name = N_("city"), .plural = N_("cities"),
		.shape = CR_AREA, .close = CR_CLOSE_EDGES, .flags = CR_KIND_PAID | CR_KIND_TWIN,
		.reason = CR_EV_FINAL,
		.price = city_price,
		.at_corner = N_("a city is named by edges and half-edges, and %s is a corner"),
		.at_edge = N_("a %s must reach an edge; C is only for cloisters and inner fields"),
		.letter = 'C', .map = "##", .pic = { "##" }, .key = N_("## city"),
		.fill = "#dcae74", .stroke = "#7a4a1c",
		.glyph = "<path d=\"M-8-8H8V-2Q0 2-8-2Z\" fill=\"#dcae74\" stroke=\"#7a4a1c\" "
		    "stroke-width=\"1.5\"/>",
		.a = N_("a city"), .the = N_("the city"), .has_no = N_("has no city"),
		.has_many = N_("has more than one city"), .the_done = N_("the completed city"),
		.edge = NC_("edge", "city"), .word = NC_("feature", "city"),
		.why_done = CR_SAYN(N_("completed city of %d tile"), N_("completed city of %d tiles"),
		    CR_N_TILES),
		.why_open = CR_SAYN(N_("incomplete city of %d tile"), N_("incomplete city of %d tiles"),
		    CR_N_TILES),
		.count_and = CR_SAYN(N_(" and %d pennant"), N_(" and %d pennants"), CR_N_PENNANTS),
		.small = CR_SAY(N_(" (edition 1: a 2-tile city pays 1 per tile and pennant)"), 0),
		.arith = CR_SAY(N_(": %d x %d"), CR_N_PER_TILE, CR_N_TILES),
		.count_plus = CR_SAY(" + %d x %d", CR_N_PER_PENNANT, CR_N_PENNANTS),
		.sum_done = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
		.sum_open = CR_SAY("%d x %d", CR_N_PER_TILE, CR_N_TILES),
		.line_done = CR_SAY(N_("city at %d,%d %s: completed\n"), 0),
		.line_open = CR_SAYN(N_("city at %d,%d %s: open on %d edge\n"),
		    N_("city at %d,%d %s: open on %d edges\n"), CR_N_EDGES),
		.line_more = CR_SAYN(N_("  %d pennant\n"), N_("  %d pennants\n"), CR_N_PENNANTS),
		.state_done = CR_SAY(NC_("city", "completed"), 0),
		.state_open = CR_SAYN(N_("open on %d edge"), N_("open on %d edges"), CR_N_EDGES),
		.state_more = CR_SAYN(N_(", %d pennant"), N_(", %d pennants"), CR_N_PENNANTS),
	},
	[CR_CLOISTER] = {
		.name = N_("cloister"), .plural = N_("cloisters"),
		.shape = CR_CENTRE, .close = CR_CLOSE_AROUND,
		.flags = CR_KIND_PAID | CR_KIND_ONE | CR_KIND_BARE,
		.reason = CR_EV_FINAL,
		.price = cloister_price,
		.at_centre = N_("a cloister stands in the centre; its at may only be [C]"),
		.at_one = N_("a tile has one cloister at most, and this is its second"),
		.map = "+ ", .pic = { "++" }, .key = N_("++ cloister"),
		.glyph = "<rect x=\"-13\" y=\"-13\" width=\"26\" height=\"26\" fill=\"#f3e3c3\" "
		    "stroke=\"#6b3e1f\" stroke-width=\"2\"/><path d=\"M0-8V8M-6-3H6\" "
		    "stroke=\"#8b1a1a\" stroke-width=\"3\"/>",
		.a = N_("a cloister"), .the = N_("the cloister"), .has_no = N_("has no cloister"),
		.has_many = N_("has more than one cloister"),
		.the_done = N_("the completed cloister"),
		.edge = NC_("edge", "cloister"), .word = NC_("feature", "cloister"),
		.why_done = CR_SAY(N_("completed cloister: 9"), 0),
		.why_open = CR_SAYN(N_("incomplete cloister with %d neighbour: 1 + %d"),
		    N_("incomplete cloister with %d neighbours: 1 + %d"), CR_N_AROUND, CR_N_AROUND),
		.sum_done = CR_SAY("9", 0),
		.sum_open = CR_SAY("1 + %d", CR_N_AROUND),
		.line_done = CR_SAY(N_("cloister at %d,%d %s: %d of its 8 neighbours: completed\n"),
		    CR_N_AROUND),
		.line_open = CR_SAY(N_("cloister at %d,%d %s: %d of its 8 neighbours\n"), CR_N_AROUND),
		.state_done = CR_SAY(N_("%d of its 8 neighbours, completed"), CR_N_AROUND),
		.state_open = CR_SAY(N_("%d of its 8 neighbours"), CR_N_AROUND),
	},
};

/* What a field's segments border: its cities, named in next_to. */
enum { A_NEXT_TO, A_PENNANTS, A_END };
static const struct cr_look pennant_look[] = { {
	.pic = "<>", .key = N_("<> pennant"),
	.svg = "<path d=\"M-5-6H5V0L0 6L-5 0Z\" fill=\"#1f4fbf\" stroke=\"#fff\" stroke-width=\"1.2\"/>",
	.svg_key = N_("pennant"),
	.with = CR_SAYN(N_(" with %d pennant"), N_(" with %d pennants"), CR_N_VALUE),
} };
static const struct cr_attr attrs[] = {
	[A_NEXT_TO] = { .key = "next_to", .type = CR_ATTR_NEXT_TO, .on = CR_FIELD,
	    .only = N_("only fields have next_to, and %s is not one") },
	[A_PENNANTS] = { .key = "pennants", .type = CR_ATTR_COUNT, .flags = CR_ATTR_SUMMED,
	    .on = CR_CITY, .max = 9, .where = CR_IN, .looks = pennant_look,
	    .only = N_("only cities carry pennants, and %s is not one") },
	[A_END] = { .key = "end", .type = CR_ATTR_END,
	    .only = N_("only roads and rivers end on a tile, and %s is not one"),
	    .bad = N_("end must be %s, not %s") },
};

/* What a road ends at: a village (three or more make a crossing), a house
 * (drawn alike on the SVG board), the cloister, a city's gate. */
#define VILLAGE_SVG	"<rect x=\"-6\" y=\"-6\" width=\"12\" height=\"12\" fill=\"#5d4037\" " \
	"stroke=\"#fff\" stroke-width=\"1\"/>"
static const struct cr_end ends[] = {
	{ "village", CR_STOP_NEAR, true, { .pic = "()", .key = N_("() village or crossing"),
	    .map = 'o', .ansi = "1;35", .svg = VILLAGE_SVG,
	    .svg_key = N_("where a road ends (village, house)"),
	    .with = CR_SAY(N_(" (ends at a village)"), 0) } },
	{ "cloister", CR_STOP_CENTRE, false, { .with = CR_SAY(N_(" (ends at the cloister)"), 0) } },
	{ "city", CR_STOP_GATE, false, { .with = CR_SAY(N_(" (ends at the city)"), 0) } },
	{ "house", CR_STOP_NEAR, false, { .pic = "[]", .key = N_("[] house"), .svg = VILLAGE_SVG,
	    .svg_key = N_("where a road ends (village, house)"),
	    .with = CR_SAY(N_(" (ends at a house)"), 0) } },
};

/* What tiles are searched by (tiles --pennant): a city with a pennant,
 * a cloister, two cities or more. */
static const struct cr_filter filters[] = {
	{ "--pennant", N_("a pennant"), CR_CITY, A_PENNANTS, 1 },
	{ "--cloister", N_("a cloister"), CR_CLOISTER, -1, 1 },
	{ "--two-cities", N_("two cities or more"), CR_CITY, -1, 2 },
};

static const struct cr_pool pools[] = {
	{ N_("meeple"), N_("meeples"), CR_MEEPLES, N_("meeples"), NULL },
};

static const char *const thief_words[] = { "t", "voleur", "brigand", NULL };
static const char *const knight_words[] = { "k", "chevalier", NULL };
static const char *const monk_words[] = { "m", "moine", NULL };
static const char *const farmer_words[] = { "f", "paysan", NULL };

/* In the order of enum cr_role: these are pieces 1 to 4. */
static const struct cr_piece pieces[] = {
	{ N_("thief"), N_("thieves"), thief_words, CR_ROAD, CR_ROAD, 0, 1, CR_PIECE_FOLLOWER, NULL,
	  NULL, NC_("piece", "thief"), NULL, NULL, NULL },
	{ N_("knight"), N_("knights"), knight_words, CR_CITY, CR_CITY, 0, 1, CR_PIECE_FOLLOWER, NULL,
	  NULL, NC_("piece", "knight"), NULL, NULL, NULL },
	{ N_("monk"), N_("monks"), monk_words, CR_CLOISTER, CR_CLOISTER, 0, 1, CR_PIECE_FOLLOWER, NULL,
	  NULL, NC_("piece", "monk"), NULL, NULL, NULL },
	{ N_("farmer"), N_("farmers"), farmer_words, CR_FIELD, CR_FIELD, 0, 1, CR_PIECE_FOLLOWER, NULL,
	  NULL, NC_("piece", "farmer"), NULL, NULL, NULL },
};

const struct cr_ext cr_ext_base = {
	.name = "base",
	.tiles = "base.yaml",
	.kinds = kinds, .nkinds = 4,
	.attrs = attrs, .nattrs = sizeof attrs / sizeof attrs[0],
	.ends = ends, .nends = sizeof ends / sizeof ends[0],
	.filters = filters, .nfilters = sizeof filters / sizeof filters[0],
	.pools = pools, .npools = 1,
	.pieces = pieces, .npieces = 4,
};

/* Marks its tile files may show with no rule of a module's: the abbot's
 * garden (edition 2), River II's volcano and pig herd. */
static const struct cr_look garden_look[] = { {
	.pic = "Ga", .key = N_("Ga garden"), .word = NC_("mark", "garden"),
	.svg = "<rect x=\"-6\" y=\"-6\" width=\"12\" height=\"12\" rx=\"3\" fill=\"#27ae60\" "
	    "stroke=\"#145a32\" stroke-width=\"1.2\"/>", .svg_key = N_("garden"),
} }, volcano_look[] = { {
	.pic = "Vo", .key = N_("Vo volcano"), .word = NC_("mark", "volcano"),
	.svg = "<path d=\"M-9 6L-2-6H2L9 6Z\" fill=\"#c0392b\" stroke=\"#fff\" "
	    "stroke-width=\"1.2\"/>", .svg_key = N_("volcano"),
} }, pigherd_look[] = { {
	.pic = "Pg", .key = N_("Pg pig herd"), .word = NC_("mark", "pigherd"),
	.svg = "<circle r=\"6\" fill=\"#f5a6c0\" stroke=\"#7b3f52\" stroke-width=\"1.2\"/>",
	.svg_key = N_("pig herd"),
} };
static const struct cr_attr marks[] = {
	{ .key = "garden", .type = CR_ATTR_MARK, .where = CR_ANYWHERE, .looks = garden_look },
	{ .key = "volcano", .type = CR_ATTR_MARK, .where = CR_ANYWHERE, .looks = volcano_look },
	{ .key = "pigherd", .type = CR_ATTR_MARK, .where = CR_ANYWHERE, .looks = pigherd_look },
};

/* The game the base module and its expansions make: the base game
 * always, the expansions a record names. */
static const char *const on[] = { "base", NULL };
static const char *const may[] = {
	"inns-cathedrals", "river", "traders-builders", "hills-sheep", "wheel-of-fortune", NULL,
};
static const char *const later[] = { NULL };

const struct cr_rules cr_rules_carcassonne = {
	.name = "carcassonne",
	.on = on, .may = may, .later = later,
	.editions = 3,
	.edge_letters = N_("C city, R road, F field, W river"),
	.edge_example = "CRFR",
	.edge_letters_all = "CRFW",
	.attrs = marks, .nattrs = sizeof marks / sizeof marks[0],
};
