/*
 * wheel-of-fortune.c -- the Wheel of Fortune (Big Box): the 4 x 4 start
 * board with the wheel, the pig (nobody's piece) going round its six
 * sections, crown spaces, and the wheel icon some copies show.  The
 * contract: ../shared/spec/wheel-of-fortune.md (rules W1...W21); the data:
 * rules/tiles/wheel-of-fortune.yaml (board, wheel, icons), read through
 * this module's data hook.
 *
 * The board.  Its 16 squares are tile types this module adds to its set
 * when the file is read (WF-BOARD-XY, one copy each), laid at the start
 * (start_squares) instead of the start tile, which is out of the game.
 * The four inner squares (the wheel) show nothing; the twelve outer ones
 * carry the board's features on their outer sides.  Their inner sides:
 * a side facing another outer square is field (the strip of land between
 * the features and the rim), a side facing the wheel shows nothing.  The
 * land of a square is one field all round, cut only by its roads, each
 * of which runs from its edge to the rim (a square with a road is cut at
 * the rim too: its side facing the wheel, or for a corner square the
 * corner facing it): so the data's fields are made of these strips, and
 * every field of a square borders every city of it.
 *
 * Decisions where the contract is silent:
 *  - a board city or road lies on one square (the data may not spread one
 *    over two: refused with its line); two fields of the data that would
 *    meet on a square with no road between are refused too;
 *  - a line with wheel=N whose type has copies of unknown number takes a
 *    copy known to show N first, and only when none is left one of
 *    unknown number;
 *  - the board's squares are tile types of the set (codes WF-BOARD-XY,
 *    marked part: `tiles` leaves them out); a line naming one is refused
 *    (no copy left);
 *  - the record's keys (issue 21, the contract's 4.2): the data may be a
 *    file, the data inline or corrections, these replacing a key whole
 *    but icons entry by entry (datamerge), source and doubt too; an icons
 *    entry of no copies (U: {}) is refused as no-icon-copy naming its
 *    line; a refusal resting on the data names its file ({data},
 *    {source}: the shipped file, the file the record names, or the
 *    record's line);
 *  - spring: is the set-up square of the River's spring, which yields to
 *    the board (rules/ext-river.c: beside); square_rot writes its
 *    rotation back.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ext.h"

#include <libintl.h>
#define _(s)	gettext(s)

enum { S_FORTUNE, S_TAX, S_FAMINE, S_STORM, S_INQUISITION, S_PLAGUE, NSECT };
static const char *const sect_names[NSECT] = {
	"fortune", "tax", "famine", "storm", "inquisition", "plague",
};

/* ---- the data (rules/tiles/wheel-of-fortune.yaml) ------------------------- */

#define MAXICONS	32
#define BOARD		4	/* squares a side */
struct wf_icon {
	char	code[CR_CODE_MAX];
	int	n[4];		/* copies with an icon: [0] number unknown, [k] showing k */
	int	line;		/* where the file says it */
};
struct wf_data {
	int	order[NSECT];	/* the sections clockwise (S_*) */
	int	pos[NSECT];	/* each section's place in that order */
	int	start;		/* where the pig starts (S_*) */
	int	crowns[NSECT];	/* crown spaces of each section (S_*) */
	int	board0;		/* the board's squares: the set's types board0 + 4y + x */
	int	nicons;
	struct wf_icon icon[MAXICONS];
	/* The name of the file the data was read from, as people know it
	 * (its bytes follow the struct in the kept block), for refusals
	 * that rest on the data; none: the record's. */
	size_t	srclen;
	bool	hassrc;
	/* The data's doubt (its key doubt: what is read, not certain), its
	 * bytes after the file's name; 0: none. */
	size_t	doubtlen;
};

/* The data's file name (NULL: the record's). */
static const char *
source_of(const struct wf_data *d)
{
	return d->hassrc ? (const char *)(d + 1) : NULL;
}

/* ---- its words -------------------------------------------------------------- */

enum { P_NONE, P_WHEEL, P_CROWN, P_ICON_N, P_ICON_ANY, P_PLAIN, P_NO_ICON_COPY,
    P_ICONS_USED, P_ICON_MISSING, P_ICON_NUMBER, P_WHEEL_TWICE, P_PLAGUE_NO_WHEEL,
    P_PLAGUE_NOT_DUE, P_PLAGUE_TWICE_SQ, P_PLAGUE_NO_FOLLOWER, P_PLAGUE_SPOT,
    P_PLAGUE_TWICE, P_PLAGUE_MISSING, P_FORTUNE, P_TAX, P_FAMINE, P_STORM, P_INQUISITION,
    P_PLAGUE, P_NO_ICON_SAID, P_W_MOVES, P_W_FORTUNE, P_W_TAX, P_W_TAX_ONE, P_W_FAMINE, P_W_FAMINE_ONE,
    P_W_FAMINE_MORE, P_W_STORM, P_W_INQUISITION, P_W_MONKS, P_W_SUM, P_W_NOBODY, P_W_CHOSE,
    P_W_ONLY, P_W_NONE_HOME, P_C_ONE, P_C_ALONE, P_C_BOTH,
    /* the contract's 4.5 to the letter: Tax city by city, Famine's
     * farmers, the Plague's others and the pieces going with them */
    P_W_TAX_TERM, P_W_TOTAL, P_W_FARMER, P_W_FARMERS, P_W_CHOSE_NEXT, P_W_ONLY_NEXT,
    P_W_ALSO, P_W_ON_ROAD, P_W_IN_CITY, P_W_IN_FIELD, P_W_ON_IT, P_W_SEMI,
    P_W_TAX_AT,
    /* icon-missing as the contract's 4.6 words it: the one copy, the
     * plain copies gone and when */
    P_ICON_ONE, P_ICON_PLAIN_GONE, P_ICON_PLAINS_GONE,
    /* icon-number naming the number the copies left show */
    P_ICON_SHOWS, P_ICONS_SHOW,
    NPHRASES };
static const char *const phrases[NPHRASES] = {
	[P_NONE] = "",
	[P_WHEEL] = N_("wheel"),
	[P_CROWN] = N_("crown"),
	[P_ICON_N] = N_("with a wheel icon showing {n}"),
	[P_ICON_ANY] = N_("with a wheel icon (number unknown)"),
	[P_PLAIN] = N_("plain"),
	[P_NO_ICON_COPY] = N_("{tile} shows no wheel icon in this box ({source}, icons): write "
	    "{tile} without wheel=N"),
	[P_ICONS_USED] = N_("all {n} {tile} with a wheel icon are drawn ({data}): this {tile} is "
	    "the plain one, write it without wheel=N"),
	[P_ICON_MISSING] = N_("the {tile} left show the wheel icon ({data}): write {tile} "
	    "wheel=N"),
	[P_ICON_NUMBER] = N_("no {tile} left shows a wheel icon with {n} ({data}); another "
	    "printing? correct the data"),
	[P_ICON_SHOWS] = N_("{tile}'s icon shows {m} ({data}), not {n}; another printing? "
	    "correct the data"),
	[P_ICONS_SHOW] = N_("the {tile} left with a wheel icon all show {m} ({data}), not {n}; "
	    "another printing? correct the data"),
	[P_WHEEL_TWICE] = N_("wheel={n} and wheel={m}: the copy shows one number, and the pig "
	    "moves once per tile"),
	[P_PLAGUE_NO_WHEEL] = N_("plague=X,Y follows wheel=N (the pig must have moved)"),
	[P_PLAGUE_NOT_DUE] = N_("the pig stops on {word0} ({n} from {word1}): nobody sends a "
	    "follower home"),
	[P_PLAGUE_TWICE_SQ] = N_("plague={pos} is named twice: one follower stands there"),
	[P_PLAGUE_NO_FOLLOWER] = N_("plague={pos}: no follower stands on a land tile at "
	    "{pos}{nothere}"),
	[P_PLAGUE_SPOT] = N_("plague={pos}:{spot}: {standing}"),
	[P_PLAGUE_TWICE] = N_("plague={other} and plague={pos} are both {player}'s: one "
	    "follower each"),
	[P_PLAGUE_MISSING] = N_("the pig stops on Plague: {player} has {n} followers on land "
	    "tiles{followers}: name the one going home with plague=X,Y"),
	[P_NO_ICON_SAID] = N_("{tile} shows no wheel icon in this box ({data}): write {tile} "
	    "without wheel=N"),
	[P_FORTUNE] = N_("Fortune"),
	[P_TAX] = N_("Tax"),
	[P_FAMINE] = N_("Famine"),
	[P_STORM] = N_("Storm"),
	[P_INQUISITION] = N_("Inquisition"),
	[P_PLAGUE] = N_("Plague"),
	[P_W_MOVES] = N_("the pig moves %d, %s to %s: "),
	[P_W_FORTUNE] = N_("3 to %s, who drew the tile"),
	[P_W_TAX] = N_("each knight scores its city's pennants + its owner's knights there: "),
	[P_W_TAX_ONE] = N_("%s %d x (%d + %d) = %d"),
	[P_W_FAMINE] = N_("1 per completed city by each farmer's field: "),
	[P_W_FAMINE_ONE] = N_("%s 1 farmer, %d"),
	[P_W_FAMINE_MORE] = N_("%s %d farmers, %d"),
	[P_W_STORM] = N_("1 per follower in supply: "),
	[P_W_INQUISITION] = N_("2 per monk: "),
	[P_W_MONKS] = N_("%s %d x 2"),
	[P_W_SUM] = N_("%s %d"),
	[P_W_NOBODY] = N_("nobody scores"),
	[P_W_CHOSE] = N_("%s's %s at %d,%d goes home (%s's choice)"),
	[P_W_ONLY] = N_("%s's %s at %d,%d goes home (%s's only follower on a land tile)"),
	[P_W_NONE_HOME] = N_("no follower stands on a land tile: nobody sends one home"),
	[P_C_ONE] = N_("%s alone on the crown space of %s: 3"),
	[P_C_ALONE] = N_("%s alone on the crown spaces of %s: 6"),
	[P_C_BOTH] = N_("both crown spaces of %s held (%s, %s): 3 each; they go home"),
	[P_W_TAX_TERM] = N_("%d x (%d + %d)"),
	[P_W_TOTAL] = N_(" = %d"),
	/* TRANSLATORS: after a Tax term ("2 x (2 + 2)"), explain's and
	 * board's: the city counted, by the square of its oldest tile. */
	[P_W_TAX_AT] = N_(" in the city at %d,%d"),
	[P_ICON_ONE] = N_("{tile} shows the wheel icon (its one copy has one, {data}): write "
	    "{tile} wheel=N"),
	[P_ICON_PLAIN_GONE] = N_("the plain {tile} was drawn at move {n}: the {tile} left show "
	    "the wheel icon ({data}): write {tile} wheel=N"),
	[P_ICON_PLAINS_GONE] = N_("the plain {tile} are all drawn, the last at move {n}: the "
	    "{tile} left show the wheel icon ({data}): write {tile} wheel=N"),
	[P_W_FARMER] = N_("1 farmer x %d"),
	[P_W_FARMERS] = N_("%d farmers x %d"),
	[P_W_CHOSE_NEXT] = N_("%s's %s at %d,%d (%s's choice)"),
	[P_W_ONLY_NEXT] = N_("%s's %s at %d,%d (%s's only follower on a land tile)"),
	[P_W_ALSO] = N_(", and their %s at %d,%d with it (no %s of theirs left %s)"),
	[P_W_ON_ROAD] = N_("on that road"),
	[P_W_IN_CITY] = N_("in that city"),
	[P_W_IN_FIELD] = N_("in that field"),
	[P_W_ON_IT] = N_("on that feature"),
	[P_W_SEMI] = N_("; "),
};

/* The record's keys (the contract's 4.2): the data, and with the River
 * the square where the spring was laid (5). */
enum { RK_DATA, RK_SPRING };
static const struct cr_reckey record_keys[] = {
	[RK_DATA] = { "wheel-of-fortune", CR_RK_DATA, NULL, NULL },
	[RK_SPRING] = { "spring", CR_RK_SQUARE, "river",
	    N_("where the spring was laid beside the board, \"X,Y\" or \"X,Y ROT\"") },
};

/* The refusals' short names for JSON (the contract's 4.6). */
static const char *const refusal_kinds[NPHRASES] = {
	[P_NO_ICON_COPY] = "no-icon-copy",
	[P_NO_ICON_SAID] = "no-icon-copy",
	[P_ICONS_USED] = "icon-copies-used",
	[P_ICON_MISSING] = "icon-missing",
	[P_ICON_ONE] = "icon-missing",
	[P_ICON_PLAIN_GONE] = "icon-missing",
	[P_ICON_PLAINS_GONE] = "icon-missing",
	[P_ICON_NUMBER] = "icon-number",
	[P_ICON_SHOWS] = "icon-number",
	[P_ICONS_SHOW] = "icon-number",
	[P_WHEEL_TWICE] = "wheel-twice",
	[P_PLAGUE_NO_WHEEL] = "syntax",
	[P_PLAGUE_NOT_DUE] = "plague-not-due",
	[P_PLAGUE_TWICE_SQ] = "plague-square-twice",
	[P_PLAGUE_NO_FOLLOWER] = "plague-no-follower",
	[P_PLAGUE_SPOT] = "plague-spot-mismatch",
	[P_PLAGUE_TWICE] = "plague-twice",
	[P_PLAGUE_MISSING] = "plague-choice-missing",
};

/* What a line says of the copy drawn: wheel=N, plague=X,Y[:SPOT]. */
enum { TK_WHEEL, TK_PLAGUE };
static const char *const wheel_words[] = { "roue", NULL };
static const char *const plague_words[] = { "peste", NULL };
static const struct cr_token tokens[] = {
	[TK_WHEEL] = { .word = "wheel", .aliases = wheel_words, .min = 1, .max = 3,
	    .drawn = true,
	    .step_summary = N_("the number on the drawn copy's wheel icon: the pig moves"),
	    .step_help = N_("  After draw, when the copy shows a wheel icon: wheel N, N its number (1, 2\n"
	    "  or 3).  The pig moves N sections at once and what its section does is\n"
	    "  shown, done when the turn is whole.  place without wheel: a plain copy.\n"
	    "  wheel again corrects it (and forgets the plague squares).\n") },
	[TK_PLAGUE] = { .word = "plague", .aliases = plague_words, .drawn = true,
	    .square = true, .after = "wheel",
	    .after_words = N_("%.*s=X,Y follows %.*s=N (the pig must have moved)"),
	    .step_summary = N_("on Plague: the square of the follower a player sends home"),
	    .step_help = N_("  After wheel N stops the pig on Plague: plague X,Y for each player\n"
	    "  with several followers on land tiles, in any order; a player with one\n"
	    "  has no choice.  X,Y:SPOT is read too.  A player named again: corrected.\n") },
};

/* A follower on a crown space: a meeple, or the big meeple (with Inns &
 * Cathedrals); each counts one (W19). */
static const char *const crown_words[] = { "couronne", NULL };
static const char *const big_crown_words[] = { "grande-couronne", NULL };
static const struct cr_piece pieces[] = {
	{ .word = "crown", .plural = N_("crown followers"), .aliases = crown_words,
	  .weight = 1, .flags = CR_PIECE_FOLLOWER | CR_PIECE_SPACE,
	  .name = N_("crown follower"), .cname = NC_("piece", "crown follower"), .as = "thief" },
	{ .word = "big-crown", .plural = N_("big crown followers"), .aliases = big_crown_words,
	  .weight = 1, .flags = CR_PIECE_FOLLOWER | CR_PIECE_SPACE,
	  .name = N_("big crown follower"), .cname = NC_("piece", "big crown follower"),
	  .as = "big-knight" },
};

/* The sections, as crown spaces. */
static const char *const tax_words[] = { "taxes", NULL };
static const char *const storm_words[] = { "temp\xc3\xaate", "tempete", NULL };
static const char *const plague_sect_words[] = { "peste", NULL };
#define SECTION(w, al, n) { .word = w, .aliases = al, .name = n, \
	.full_one = N_("the crown space of %s is taken (%s)"), \
	.full_more = N_("both crown spaces of %s are taken (%s)"), \
	.full_kind = "crown-space-taken", .at = N_("on a crown space of %s") }
static const struct cr_space spaces[NSECT] = {
	[S_FORTUNE] = SECTION("fortune", NULL, N_("Fortune")),
	[S_TAX] = SECTION("tax", tax_words, N_("Tax")),
	[S_FAMINE] = SECTION("famine", NULL, N_("Famine")),
	[S_STORM] = SECTION("storm", storm_words, N_("Storm")),
	[S_INQUISITION] = SECTION("inquisition", NULL, N_("Inquisition")),
	[S_PLAGUE] = SECTION("plague", plague_sect_words, N_("Plague")),
};

/* A board road ends at the wheel's rim. */
static const struct cr_end ends[] = {
	{ "wheel", CR_STOP_MIDDLE, false, { .with = CR_SAY(N_(" (ends at the wheel)"), 0) } },
};

/* ---- the game's state ----------------------------------------------------- */

struct wf_state {
	int8_t		pig;			/* its section (S_*), from start */
	bool		set;			/* pig set from the data */
	uint8_t		ncrown[NSECT];
	struct cr_standing crown[NSECT][2];
	uint8_t		used[MAXICONS][4];	/* icon copies drawn, as wf_icon.n */
};

static const struct wf_data *
data_of(const struct cr_game *g, int ext)
{
	return cr_ext_data(g, ext);
}

/* The pig's section, from the module's state and data (d may be NULL). */
static inline int
pig_in(const struct wf_state *st, const struct wf_data *d)
{
	return st->set ? st->pig : d ? d->start : S_FORTUNE;
}

static int
pig_of(const struct cr_game *g, int ext)
{
	return pig_in(cr_ext_cstate(g, ext), data_of(g, ext));
}

/*
 * The icon entry of each type (-1: none), worked out once per set and
 * data (the set's derived number and its data say which), as the first
 * entry whose code names it: asked several times a move.  NULL out of
 * memory (then icon_of looks).
 */
static struct {
	uint64_t	 derived;
	const struct wf_data *d;
	int8_t		*of;
} ic;

static const int8_t *
icons_anew(const struct cr_tileset *ts, const struct wf_data *d)
{
	_Static_assert(MAXICONS <= 127, "an icon entry fits an int8_t");
	free(ic.of);
	if ((ic.of = malloc((size_t)(ts->ntypes > 0 ? ts->ntypes : 1))) == NULL)
		return NULL;
	memset(ic.of, -1, (size_t)(ts->ntypes > 0 ? ts->ntypes : 1));
	for (int i = d->nicons - 1; i >= 0; i--) {	/* the first entry wins */
		int t = cr_tileset_find(ts, d->icon[i].code, strlen(d->icon[i].code));

		if (t >= 0 && t < ts->ntypes)
			ic.of[t] = (int8_t)i;
	}
	ic.derived = ts->derived, ic.d = d;
	return ic.of;
}

static inline const int8_t *
icons_by_type(const struct cr_tileset *ts, const struct wf_data *d)
{
	if (ic.of != NULL && ic.derived == ts->derived && ic.d == d)
		return ic.of;
	return icons_anew(ts, d);
}

/* The icon entry of a type, -1. */
static inline int
icon_of(const struct cr_game *g, const struct wf_data *d, int type)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const int8_t *of;

	if (d == NULL)
		return -1;
	if (type >= 0 && type < ts->ntypes && (of = icons_by_type(ts, d)) != NULL)
		return of[type];
	for (int i = 0; i < d->nicons; i++)
		if (cr_tileset_find(ts, d->icon[i].code, strlen(d->icon[i].code)) == type)
			return i;
	return -1;
}

/* Icon copies of entry i left, by bucket (as wf_icon.n), and in all. */
static int
icons_left(const struct wf_data *d, const struct wf_state *st, int i, int *left)
{
	int all = 0;

	for (int k = 0; k < 4; k++) {
		left[k] = d->icon[i].n[k] - st->used[i][k];
		if (left[k] < 0)
			left[k] = 0;
		all += left[k];
	}
	return all;
}

/* What token id is: TK_WHEEL, TK_PLAGUE, -1 for another module's.  Its
 * numbers are kept once seen: the tables never change once numbered. */
static inline int
my_token(int id)
{
	static int seen[2];
	const struct cr_token *t;

	_Static_assert(TK_WHEEL == 0 && TK_PLAGUE == 1, "a token's number is its place");
	if (id == seen[TK_WHEEL] || id == seen[TK_PLAGUE])
		return id == 0 ? -1 : id == seen[TK_WHEEL] ? TK_WHEEL : TK_PLAGUE;
	t = cr_token(id);
	for (int k = TK_WHEEL; k <= TK_PLAGUE; k++)
		if (t == &tokens[k])
			return seen[k] = id, k;
	return -1;
}

/* The line's wheel=N (0: none), how many it says, and its plague= words
 * (inline: asked three times a spin). */
static inline int
wheel_said(const struct cr_move *m, int *nwheel, int *nplague)
{
	int n = 0;

	if (m->ndrawn == 1) {	/* wheel=N alone: most lines that say one */
		int k = my_token(CR_TOKEN_ID(m->drawn[0].token));

		*nwheel = k == TK_WHEEL, *nplague = k == TK_PLAGUE;
		return k == TK_WHEEL ? CR_TOKEN_N(m->drawn[0].token) : 0;
	}
	*nwheel = *nplague = 0;
	for (int i = 0; i < m->ndrawn; i++) {
		int k = my_token(CR_TOKEN_ID(m->drawn[i].token));

		if (k < 0)
			continue;
		if (k == TK_WHEEL) {
			if ((*nwheel)++ == 0)
				n = CR_TOKEN_N(m->drawn[i].token);
		} else
			(*nplague)++;
	}
	return n;
}

static bool
refuse(struct cr_refusal *why, int ext, int phrase, int n)
{
	why->code = CR_R_EXT;
	why->ext = ext;
	why->phrase = CR_PHRASE(ext, phrase);
	why->n = n;
	return false;
}

/* Where the pig stops from section `from`, n steps clockwise. */
static int
landing(const struct wf_data *d, int from, int n)
{
	int k = d->pos[from] + n;	/* n: a token's number, from 1 */

	while (k >= NSECT)	/* once at most: no division a spin */
		k -= NSECT;
	return d->order[k];
}

/* Is figure f a follower on the board?  Its square. */
static bool
follower(const struct cr_game *g, int f, int *x, int *y)
{
	const struct cr_figure *fig = cr_game_figure(g, f);
	const struct cr_placed *t;

	if (!fig->on_board || !(cr_piece(fig->role)->flags & CR_PIECE_FOLLOWER))
		return false;
	t = cr_game_tile(g, cr_node_tile(g, fig->node));
	*x = t->x, *y = t->y;
	return true;
}

/*
 * The followers on the board, in the figures' order, with what the
 * actions ask of them: kept for the pieces as they stand
 * (cr_game_figstamp), not worked out from every figure for each question
 * of a spin (Plague asks three times a move: drawn_ok, spell, drawn);
 * brought up to date from the figures that came since (nfig) and those
 * that left while the game goes on (cr_game_figstamp's epoch), else
 * made anew.  Each player's count is kept with them (count), a few
 * instructions a follower that comes or goes: Plague's check then need
 * not walk them all (plague_pick).
 * Out of memory, v is NULL and fol_block looks at the figures.
 */
#define SQ_NUM(x, y)	(((unsigned)(x) * 7u + (unsigned)(y)) & 63u)
#define SQ_BIT(x, y)	((uint64_t)1 << SQ_NUM(x, y))
struct wf_fol {
	int	fig, node;
	int16_t	x, y;		/* its square, within 32767 of 0,0 (most boards
				 * by far: else fl.far, and fol_on looks again) */
	uint8_t	player, kind;	/* CR_MAXPLAYERS, CR_MAXKINDS */
	uint8_t	sq;		/* SQ_NUM(x, y), for Plague's look (plague_pick) */
};
_Static_assert(sizeof(struct wf_fol) == 16, "16 bytes: a follower's copy two words");
static struct {
	const struct cr_game *g;
	uint64_t	 stamp, epoch;
	struct wf_fol	*v;
	int		 n, cap, nfig;	/* cr_game_nfigures then */
	unsigned	 lifts;		/* cr_game_lifts then */
	int		 count[CR_MAXPLAYERS];	/* v's, per player */
	bool		 far;	/* a follower's square beyond an int16_t (fol_of) */
} fl;

/* Figure f as a follower on the board into e, false if it is none. */
static bool
fol_of(const struct cr_game *g, int f, struct wf_fol *e)
{
	int x, y;

	_Static_assert(CR_MAXPLAYERS <= 256 && CR_MAXKINDS <= 256, "a player, a kind: a byte");
	if (!follower(g, f, &x, &y))
		return false;
	e->fig = f;
	e->x = (int16_t)x, e->y = (int16_t)y, e->sq = (uint8_t)SQ_NUM(x, y);
	if (e->x != x || e->y != y)
		fl.far = true;	/* a board of a user's tiles that long */
	e->player = (uint8_t)cr_game_figure(g, f)->player;
	e->node = cr_game_figure(g, f)->node;
	e->kind = (uint8_t)cr_node_kind(g, e->node);
	return true;
}

/*
 * The followers on the board a block at a time, each block walked by a
 * pointer in the caller's loop (an index and a test of v a follower cost
 * twice as much): from *k (start at 0), the block, its count into *nb (0
 * after the last).  v's list (nv of them, as fol_update gave them: the
 * caller's locals, not fl's, which gcc would read again each time round
 * a loop that stores through a pointer) is one block; out of memory (v
 * NULL) the figures are looked at, up to FOL_ROOM followers at a time
 * put in room.
 */
enum { FOL_ROOM = 16 };
static inline const struct wf_fol *
fol_block(const struct cr_game *g, const struct wf_fol *v, int nv, int *k, int *nb,
    struct wf_fol *room)
{
	if (v != NULL) {
		*nb = *k == 0 ? nv : 0;
		*k = 1;
		return v;
	}
	*nb = 0;
	while (*nb < FOL_ROOM && *k < cr_game_nfigures(g))
		*nb += fol_of(g, (*k)++, &room[*nb]);
	return room;
}

/* The followers on the board as they stand (fl): the list (NULL out of
 * memory) and their number into *nv (0 then), for fol_block; each
 * player's count in fl.count. */
static const struct wf_fol *
fol_update(const struct cr_game *g, int *nv)
{
	int n = cr_game_nfigures(g), k = 0, from = 0;
	unsigned lifts = cr_game_lifts(g);
	uint64_t epoch, stamp = cr_game_figstamp(g, &epoch);

	if (fl.v != NULL && fl.g == g && fl.epoch == epoch && fl.stamp == stamp)
		return *nv = fl.n, fl.v;
	if (fl.v != NULL && fl.g == g && fl.epoch == epoch) {
		/* those still there: most stay, and are not moved; none has
		 * left if no piece was lifted since (most spins: the list is
		 * not looked at) */
		if (lifts == fl.lifts)
			k = fl.n;
		while (k < fl.n && cr_game_figure(g, fl.v[k].fig)->on_board)
			k++;
		if (k < fl.n)
			fl.count[fl.v[k].player]--;
		for (int i = k + 1; i < fl.n; i++)
			if (cr_game_figure(g, fl.v[i].fig)->on_board)
				fl.v[k++] = fl.v[i];
			else
				fl.count[fl.v[i].player]--;
		from = fl.nfig;
	} else
		memset(fl.count, 0, sizeof fl.count), fl.far = false;
	fl.g = g, fl.stamp = stamp, fl.epoch = epoch;
	fl.n = k, fl.nfig = n, fl.lifts = lifts;
	if (k + n - from + 1 > fl.cap) {	/* room for one more: never a block of none */
		int cap = k + n - from + 1 > 2 * fl.cap ? k + n - from + 1 : 2 * fl.cap;
		struct wf_fol *v = realloc(fl.v, (size_t)cap * sizeof *v);

		if (v == NULL)
			free(fl.v), fl.v = NULL, fl.cap = 0;
		else
			fl.v = v, fl.cap = cap;
	}
	for (int f = from; fl.v != NULL && f < n; f++)
		if (fol_of(g, f, &fl.v[fl.n]))
			fl.count[fl.v[fl.n++].player]++;
	*nv = fl.v != NULL ? fl.n : 0;
	return fl.v;
}

/* At least as many as the followers on the board (v's, or out of
 * memory every figure), brought up to date (fol_update: v, nv): the room
 * the actions gather them in. */
static int
fol_bound(const struct cr_game *g, const struct wf_fol **v, int *nv)
{
	*v = fol_update(g, nv);
	return *v != NULL ? *nv : cr_game_nfigures(g);
}


/* Does follower e stand on x,y?  Its square as the list keeps it, or
 * looked up again where one lies beyond an int16_t (far: fl.far, read
 * once by the caller). */
static inline bool
fol_on(const struct cr_game *g, const struct wf_fol *e, int x, int y, bool far)
{
	int fx, fy;

	if (!far)
		return e->x == x && e->y == y;
	return follower(g, e->fig, &fx, &fy) && fx == x && fy == y;
}

/* The followers Plague sends home, per player (-1: none): the squares the
 * line names, the forced ones, and where each stands (x, y: what spell
 * and drawn write, not looked up again for each); false with why when
 * the line is wrong.
 * count gets each player's followers on land tiles: fl's counts, kept
 * with the list.  One pass over the followers finds each named square's
 * first follower (a walk for each square was most of a Plague's check),
 * stopping at the last found; a player's only follower, when it goes home
 * unnamed, is looked for then.  Out of memory the pass counts each
 * player's too, and goes through them all.  The squares are then judged
 * in the line's order, as written. */
static bool
plague_pick(const struct cr_game *g, int ext, const struct cr_move *m, int *home,
    int *count, int *x, int *y, struct cr_refusal *why)
{
	int one[CR_MAXPLAYERS], at[CR_MAXDRAWN], idx[CR_MAXDRAWN], nsq = 0, left, j = 0, nv;
	bool far;
	uint64_t named = 0;	/* a bit per square named, by SQ_BIT: most followers
				 * stand on none, told by a look at it */
	int8_t first[64], next[CR_MAXDRAWN];	/* the squares named of each bit, a
						 * chain: those a follower's bit may be */
	const struct wf_fol *e, *v, *b;
	struct wf_fol room[FOL_ROOM];

	_Static_assert(CR_MAXDRAWN <= 127, "a square's number fits an int8_t");
	memset(first, -1, sizeof first);
	for (int i = 0; i < m->ndrawn && i < CR_MAXDRAWN; i++)
		if (my_token(CR_TOKEN_ID(m->drawn[i].token)) == TK_PLAGUE) {
			unsigned h = SQ_NUM(m->drawn[i].x, m->drawn[i].y);

			next[nsq] = first[h], first[h] = (int8_t)nsq;
			idx[nsq] = i, at[nsq++] = -1;
			named |= (uint64_t)1 << h;
		}
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		count[p] = 0, one[p] = -1, home[p] = -1;
	v = fol_update(g, &nv);
	far = fl.far;
	left = nsq;
	if (v != NULL) {
		memcpy(count, fl.count, sizeof fl.count);
		for (e = v; left > 0 && e < v + nv; e++) {
			unsigned h = e->sq;

			if (named & (uint64_t)1 << h)
				for (int q = first[h]; q >= 0; q = next[q])
					if (at[q] < 0 && fol_on(g, e, m->drawn[idx[q]].x,
					    m->drawn[idx[q]].y, far))
						at[q] = e->fig, left--;	/* the first there */
		}
	} else
		for (int k = 0, nb; (b = fol_block(g, v, nv, &k, &nb, room)), nb > 0;)
			for (e = b; e < b + nb; e++) {
				count[e->player]++;
				one[e->player] = e->fig;	/* the last */
				if (!(named & SQ_BIT(e->x, e->y)))
					continue;
				for (int q = 0; left > 0 && q < nsq; q++)	/* rare: exact */
					if (at[q] < 0 && fol_on(g, e, m->drawn[idx[q]].x,
					    m->drawn[idx[q]].y, true))
						at[q] = e->fig, left--;
			}
	for (; j < nsq; j++) {	/* the plague= words, as written */
		const struct cr_said *s = &m->drawn[idx[j]];
		const struct cr_figure *fig;
		int f = at[j];

		why->x = s->x, why->y = s->y;
		/* named before: one of the words before it of its square's bit
		 * (the chain), not every word before */
		for (int q = next[j]; q >= 0; q = next[q])
			if (m->drawn[idx[q]].token == s->token && m->drawn[idx[q]].x == s->x &&
			    m->drawn[idx[q]].y == s->y)
				return refuse(why, ext, P_PLAGUE_TWICE_SQ, 0);
		if (f < 0)
			return refuse(why, ext, P_PLAGUE_NO_FOLLOWER, 0);
		fig = cr_game_figure(g, f);
		if (s->spot >= 0) {
			int seg = cr_game_seg_at(g, s->x, s->y, (enum cr_spot)s->spot,
			    cr_piece_kind(fig->role, 0), NULL);

			if (seg < 0 || cr_game_feature_id(g, seg) != cr_game_feature_id(g, fig->node)) {
				why->spot = (enum cr_spot)s->spot, why->arg = s->token;	/* as said */
				return refuse(why, ext, P_PLAGUE_SPOT, 0);
			}
		}
		if (home[fig->player] >= 0) {	/* the square named first for that player */
			const struct cr_placed *t = cr_game_tile(g, cr_node_tile(g,
			    cr_game_figure(g, home[fig->player])->node));

			why->other_player = fig->player;
			why->other_x = t->x, why->other_y = t->y;
			return refuse(why, ext, P_PLAGUE_TWICE, 0);
		}
		home[fig->player] = f;
		x[fig->player] = s->x, y[fig->player] = s->y;	/* where it stands */
	}
	for (int p = 0; p < cr_game_nplayers(g); p++) {
		if (home[p] >= 0 || count[p] == 0)
			continue;
		if (count[p] > 1) {
			why->other_player = p;
			return refuse(why, ext, P_PLAGUE_MISSING, count[p]);
		}
		e = NULL;
		if (one[p] < 0 && v != NULL)	/* fl's: the one */
			for (e = v + nv; e-- > v;)
				if (e->player == p) {
					one[p] = e->fig;
					break;
				}
		if ((home[p] = one[p]) < 0)
			continue;
		if (e != NULL && !far)
			x[p] = e->x, y[p] = e->y;
		else
			follower(g, one[p], &x[p], &y[p]);
	}
	return true;
}

/*
 * plague_choice is asked three times a move on Plague (drawn_ok, spell,
 * drawn), the pieces and the board the same: its answer is kept for the
 * pieces as they stand (cr_game_figstamp), the tiles laid and what the
 * line says of the copy drawn, when it says yes (why then holds the last
 * square named, as plague_pick leaves it).
 */
static struct {
	const struct cr_game *g;
	uint64_t	 stamp;
	int		 ntiles, ndrawn;
	struct cr_said	 drawn[CR_MAXDRAWN];
	int		 home[CR_MAXPLAYERS], count[CR_MAXPLAYERS];
	int		 hx[CR_MAXPLAYERS], hy[CR_MAXPLAYERS];	/* their squares */
	bool		 named;		/* a square named: x, y */
	int		 x, y;
} pc;

static bool
same_said(const struct cr_move *m)
{
	_Static_assert(sizeof(struct cr_said) == 4 * sizeof(int), "a word said: four ints, no padding");
	if (m->ndrawn != pc.ndrawn)
		return false;
	for (int i = 0; i < m->ndrawn; i++) {	/* two words a square, not four fields */
		uint64_t a[2], b[2];

		memcpy(a, &m->drawn[i], sizeof a), memcpy(b, &pc.drawn[i], sizeof b);
		if ((a[0] ^ b[0]) | (a[1] ^ b[1]))
			return false;
	}
	return true;
}

static bool
plague_choice(const struct cr_game *g, int ext, const struct cr_move *m, int *home,
    int *count, int *x, int *y, struct cr_refusal *why)
{
	if (pc.g == g && pc.stamp == cr_game_figstamp(g, NULL) && pc.ntiles == cr_game_ntiles(g) &&
	    same_said(m)) {
		memcpy(home, pc.home, sizeof pc.home);
		memcpy(count, pc.count, sizeof pc.count);
		memcpy(x, pc.hx, sizeof pc.hx), memcpy(y, pc.hy, sizeof pc.hy);
		if (pc.named)
			why->x = pc.x, why->y = pc.y;
		return true;
	}
	pc.g = NULL;
	if (!plague_pick(g, ext, m, home, count, x, y, why) || m->ndrawn < 0 ||
	    m->ndrawn > CR_MAXDRAWN)
		return false;
	pc.g = g, pc.stamp = cr_game_figstamp(g, NULL), pc.ntiles = cr_game_ntiles(g);
	pc.ndrawn = m->ndrawn;
	memcpy(pc.drawn, m->drawn, (size_t)m->ndrawn * sizeof *m->drawn);
	memcpy(pc.home, home, sizeof pc.home);
	memcpy(pc.count, count, sizeof pc.count);
	memcpy(pc.hx, x, sizeof pc.hx), memcpy(pc.hy, y, sizeof pc.hy);
	pc.named = false;
	for (int i = 0; i < m->ndrawn; i++)
		if (my_token(CR_TOKEN_ID(m->drawn[i].token)) == TK_PLAGUE)
			pc.named = true, pc.x = m->drawn[i].x, pc.y = m->drawn[i].y;
	return true;
}

/*
 * A plain line where only copies with an icon are left (icon-missing), in
 * the contract's words: the type's one copy shows one; else the plain
 * copies were drawn, the last at move n (the moves that drew type with no
 * wheel=N); else the data leaves none plain.
 */
static bool
icon_missing(const struct cr_game *g, int ext, const struct wf_data *d, int i, int type,
    struct cr_refusal *why)
{
	int plain = cr_game_tileset(g)->type[type].count, last = 0, nw, np;

	for (int k = 0; k < 4; k++)
		plain -= d->icon[i].n[k];
	if (cr_game_tileset(g)->type[type].count == 1)
		return refuse(why, ext, P_ICON_ONE, 0);
	for (int k = 0; plain > 0 && k < cr_game_nmoves(g); k++) {
		const struct cr_move *mv = cr_game_move(g, k);

		if ((mv->kind == CR_MOVE_PLACE || mv->kind == CR_MOVE_DISCARD) &&
		    mv->tile == type && wheel_said(mv, &nw, &np) == 0)
			last = k + 1;
	}
	if (last == 0)
		return refuse(why, ext, P_ICON_MISSING, 0);
	return refuse(why, ext, plain == 1 ? P_ICON_PLAIN_GONE : P_ICON_PLAINS_GONE, last);
}

static bool
drawn_ok(const struct cr_game *g, int ext, const struct cr_move *m, struct cr_refusal *why)
{
	const struct wf_data *d = data_of(g, ext);
	const struct wf_state *st;
	int nwheel, nplague, n, i, left[4], all, from, to;
	int home[CR_MAXPLAYERS], count[CR_MAXPLAYERS], x[CR_MAXPLAYERS], y[CR_MAXPLAYERS];

	if (d == NULL)
		return true;
	i = icon_of(g, d, m->tile);
	if (m->ndrawn == 0 && i < 0) {	/* a plain line, a type without icons */
		why->source = source_of(d);
		return true;
	}
	st = cr_ext_cstate(g, ext);	/* not for a plain line: most */
	n = wheel_said(m, &nwheel, &nplague);
	if (nwheel > 1) {	/* the first two, as written: {n} and {m} */
		int k = 0, num[2] = { 0, 0 };

		for (int j = 0; j < m->ndrawn && k < 2; j++)
			if (my_token(CR_TOKEN_ID(m->drawn[j].token)) == TK_WHEEL)
				num[k++] = CR_TOKEN_N(m->drawn[j].token);
		why->m = num[1];
		return refuse(why, ext, P_WHEEL_TWICE, num[0]);
	}
	if (nplague > 0 && nwheel == 0)
		return refuse(why, ext, P_PLAGUE_NO_WHEEL, 0);
	if (i >= 0)
		why->line = d->icon[i].line;	/* the data the refusal rests on */
	why->source = source_of(d);
	/* W20: the copies left, by icon.  One left showing n or no number
	 * (most spins) passes all that follows: they are counted if not. */
	if (n == 0 || i < 0 || (d->icon[i].n[n] <= st->used[i][n] &&
	    d->icon[i].n[0] <= st->used[i][0])) {
		all = i >= 0 ? icons_left(d, st, i, left) : 0;
		if (n == 0 && i >= 0 && cr_game_supply(g, m->tile) - all <= 0)
			return icon_missing(g, ext, d, i, m->tile, why);
		if (n != 0 && i < 0)
			return refuse(why, ext, P_NO_ICON_COPY, 0);
		if (n != 0 && all == 0) {
			int total = 0;

			for (int k = 0; k < 4; k++)
				total += d->icon[i].n[k];
			/* an entry of none (U: {}): no copy of it carries an icon */
			return refuse(why, ext, total ? P_ICONS_USED : P_NO_ICON_SAID, total);
		}
		if (n != 0 && left[n] == 0 && left[0] == 0) {
			int shown = 0, kinds = 0;	/* the number all copies left show, if one */

			for (int k = 1; k < 4; k++)
				if (left[k] > 0)
					shown = k, kinds++;
			if (kinds != 1)
				return refuse(why, ext, P_ICON_NUMBER, n);
			why->m = shown;
			return refuse(why, ext, all == 1 ? P_ICON_SHOWS : P_ICONS_SHOW, n);
		}
	}
	if (n == 0)
		return true;
	from = pig_in(st, d), to = landing(d, from, n);	/* asked once */
	if (to != S_PLAGUE) {
		why->words[0] = P_FORTUNE + to;
		why->words[1] = P_FORTUNE + from;
		return nplague == 0 || refuse(why, ext, P_PLAGUE_NOT_DUE, n);
	}
	return plague_choice(g, ext, m, home, count, x, y, why);
}

/* drawn_ok has something to say of a plain line of a type with icons
 * alone (drawn_asks). */
static void
drawn_asks(const struct cr_game *g, int ext, uint8_t *ask)
{
	const struct wf_data *d = data_of(g, ext);

	for (int t = 0, n = cr_game_tileset(g)->ntypes; d != NULL && t < n; t++)
		ask[t] |= icon_of(g, d, t) >= 0;
}

/* ---- the actions (W6-W11) ------------------------------------------------- */

/* The pools of the followers in play: a bit per pool; the last answer
 * kept, by the modules in play (the piece tables never change). */
static unsigned
follower_pools(const struct cr_game *g)
{
	static uint32_t last_exts;
	static unsigned last_pools;
	static bool known;
	unsigned pools = 0;

	if (known && last_exts == cr_game_exts(g))
		return last_pools;
	for (int id = 1; id < cr_npieces(); id++)
		if ((cr_piece(id)->flags & CR_PIECE_FOLLOWER) && !(cr_piece(id)->flags & CR_PIECE_SPACE) &&
		    (cr_game_exts(g) >> cr_piece_ext(id) & 1) && cr_piece_pool(id) >= 0)
			pools |= 1u << cr_piece_pool(id);
	last_exts = cr_game_exts(g), last_pools = pools, known = true;
	return pools;
}

/* Followers on features of kind `kind`, per player (W19: each one). */
static void
on_kind(const struct cr_game *g, int kind, int *per)
{
	const struct wf_fol *e, *v, *b;
	struct wf_fol room[FOL_ROOM];
	int nv;

	v = fol_update(g, &nv);
	for (int k = 0, nb; (b = fol_block(g, v, nv, &k, &nb, room)), nb > 0;)
		for (e = b; e < b + nb; e++)
			if (e->kind == kind)
				per[e->player]++;
}

/*
 * What a wheel event's detail (cr_event.detail) holds, for its words:
 * [D_MOVER] the mover; [D_FULL] set when the terms did not fit (the why
 * then says each player's sum); from D_TERMS, Tax: per player in turn
 * order, ev->pieces[p] cities, two bytes each (k, pennants), the cities
 * in the order of their oldest tile; Famine: per player in turn order,
 * ev->meeples[p] farmers, one byte each (the completed cities its field
 * borders); Plague: per player, D_ALSO bytes at D_TERMS + D_ALSO * p: the
 * piece that went home with the follower (0: none), its square (two
 * int16, little end first), the follower's kind.  All of it before D_END;
 * from D_NODES, Tax: each term's city as a node of its oldest tile (four
 * bytes, little end first), term i at D_NODES + 4 * i, to name it
 * (explain, board) and to find it (concerns).
 */
enum { D_MOVER, D_FULL, D_TERMS, D_ALSO = 6, D_END = 64, D_NODES = 64 };
#define DETAIL	((int)sizeof(((struct cr_event *)0)->detail))
_Static_assert(D_TERMS + D_ALSO * CR_MAXPLAYERS <= D_END, "the Plague's pieces fit");
_Static_assert(D_NODES + 4 * ((D_END - D_TERMS) / 2) <= DETAIL, "a node for every Tax term");

static void
put32(uint8_t *at, int v)
{
	for (int i = 0; i < 4; i++)
		at[i] = (uint8_t)((unsigned)v >> (8 * i) & 0xff);
}

static int
get32(const uint8_t *at)
{
	return (int)((uint32_t)at[0] | (uint32_t)at[1] << 8 | (uint32_t)at[2] << 16 |
	    (uint32_t)at[3] << 24);
}

static void
put16(uint8_t *at, int v)
{
	at[0] = (uint8_t)((unsigned)v & 0xff), at[1] = (uint8_t)((unsigned)v >> 8 & 0xff);
}

static int
get16(const uint8_t *at)
{
	return (int16_t)(uint16_t)(at[0] | at[1] << 8);
}

/* The node of the feature of node on its oldest tile (the placed
 * tiles' order: the board's squares first). */
static int
oldest_node(const struct cr_game *g, int node)
{
	int id = node, old = node;

	while ((id = cr_feature_next(g, id)) != node && id >= 0)
		if (cr_node_tile(g, id) < cr_node_tile(g, old))
			old = id;
	return old;
}

/* A block of n elements of size, not cleared (its users write each
 * element before they read it): the room on the stack (small, of FEW
 * elements) when it holds them, else the heap's (NULL out of memory);
 * handed back through let_go. */
enum { FEW = 64 };
static void *
room_for(void *room, size_t n, size_t size)
{
	if (n > FEW)
		return n > SIZE_MAX / size ? NULL : malloc(n * size);
	return room;
}

static void
let_go(void *p, const void *room)
{
	if (p != room)
		free(p);
}

/* Tax: k x (p + k) per city and player; each player's terms, city by
 * city in the order of their oldest tile, into ev's detail.  The knights
 * are gathered first, each with its city's root, in the followers'
 * order: a city's knights are then counted among them alone. */
struct taxcity { int old, node, player, k, pen; };
struct knight { int node, player, root; bool seen; };
static void
tax(const struct cr_game *g, int *pay, int *count, int *cities, struct cr_event *ev)
{
	const struct wf_fol *v;
	int nv, n = fol_bound(g, &v, &nv), nc = 0, nk = 0, at = D_TERMS;
	int per[CR_MAXPLAYERS] = { 0 };
	bool big = false;	/* a term over 255: a byte each will not do */
	struct taxcity croom[FEW];
	struct knight kroom[FEW];
	struct taxcity *c = room_for(croom, (size_t)n + 1, sizeof *c);
	struct knight *kn = room_for(kroom, (size_t)n + 1, sizeof *kn);
	const struct wf_fol *e, *b;
	struct wf_fol eroom[FOL_ROOM];

	for (int i = 0, nb; kn != NULL && ((b = fol_block(g, v, nv, &i, &nb, eroom)), nb > 0);)
		for (e = b; e < b + nb; e++)
			if (e->kind == CR_CITY && nk <= n)
				kn[nk++] = (struct knight){ e->node, e->player,
				    cr_feature_root(g, e->node), false };
	if (kn == NULL) {	/* out of memory: the first knight's city, one knight */
		for (int i = 0, nb; nk == 0 && ((b = fol_block(g, v, nv, &i, &nb, eroom)), nb > 0);)
			for (e = b; nk == 0 && e < b + nb; e++)
				if (e->kind == CR_CITY) {
					kroom[0] = (struct knight){ e->node, e->player,
					    cr_feature_root(g, e->node), false };
					nk = 1;
				}
		kn = kroom;
		n = -1;		/* said below: the detail is not whole */
	}
	for (int i = 0; i < nk; i++) {
		int k = 0, pen;

		if (kn[i].seen)
			continue;
		/* this player's knights in this city, this one first */
		for (int j = i; j < nk; j++)
			if (kn[j].player == kn[i].player && kn[j].root == kn[i].root)
				k++, kn[j].seen = true;
		pen = cr_feature_summed(g, kn[i].root);
		pay[kn[i].player] += k * (pen + k);
		count[kn[i].player] += k;
		cities[kn[i].player]++;
		if (c != NULL) {
			int on = oldest_node(g, kn[i].node);

			c[nc++] = (struct taxcity){ cr_node_tile(g, on), on, kn[i].player, k, pen };
			per[kn[i].player]++;
			big |= k > 255 || pen > 255;
		}
	}
	for (int i = 1; i < nc; i++)	/* by their oldest tile */
		for (int j = i; j > 0 && c[j - 1].old > c[j].old; j--) {
			struct taxcity t = c[j];

			c[j] = c[j - 1], c[j - 1] = t;
		}
	if (c == NULL || n < 0)
		ev->detail[D_FULL] = 1;
	if (!big) {
		/* each term at its place, known from the counts of the players
		 * before (a pass over the cities, not one a player): those that
		 * fit before D_END, as written one by one */
		int off[CR_MAXPLAYERS];

		for (int p = 0, o = 0; p < CR_MAXPLAYERS; p++)
			off[p] = o, o += per[p];
		for (int i = 0; i < nc; i++) {
			int t = off[c[i].player]++;

			if (D_TERMS + 2 * t + 2 > D_END) {
				ev->detail[D_FULL] = 1;
				continue;
			}
			put32(ev->detail + D_NODES + 4 * t, c[i].node);
			ev->detail[D_TERMS + 2 * t] = (uint8_t)c[i].k;
			ev->detail[D_TERMS + 2 * t + 1] = (uint8_t)c[i].pen;
		}
	} else	/* one at a time, a player after another */
		for (int p = 0; p < CR_MAXPLAYERS; p++)	/* each player's, those it has */
			for (int i = 0, left = per[p]; left > 0; i++)
				if (c[i].player == p) {
					left--;
					if (at + 2 > D_END || c[i].k > 255 || c[i].pen > 255) {
						ev->detail[D_FULL] = 1;
						continue;
					}
					put32(ev->detail + D_NODES + 4 * ((at - D_TERMS) / 2),
					    c[i].node);
					ev->detail[at++] = (uint8_t)c[i].k;
					ev->detail[at++] = (uint8_t)c[i].pen;
				}
	let_go(c, croom);
	if (n >= 0)
		let_go(kn, kroom);
}

/* Famine: 1 per completed city each farmer's field borders; each
 * farmer's count into ev's detail, player by player (the farmers
 * gathered in one pass, each with its count, in the followers' order). */
struct farmer { int player, b; };
static void
famine(const struct cr_game *g, int *pay, int *count, struct cr_event *ev)
{
	const struct wf_fol *v;
	int nv, at = D_TERMS, n = fol_bound(g, &v, &nv), nf = 0, per[CR_MAXPLAYERS] = { 0 };
	bool big = false;	/* a farmer's count over 255: a byte each will not do */
	struct farmer froom[FEW], *fa = room_for(froom, (size_t)n + 1, sizeof *fa);
	const struct wf_fol *e, *b;
	struct wf_fol room[FOL_ROOM];

	if (fa == NULL) {	/* out of memory: player by player, as they stand */
		for (int p = 0; p < CR_MAXPLAYERS; p++)
			for (int k = 0, nb; (b = fol_block(g, v, nv, &k, &nb, room)), nb > 0;)
				for (e = b; e < b + nb; e++)
					if (e->player == p && e->kind == CR_FIELD) {
						pay[p] += cr_feature_bordered(g,
						    cr_feature_root(g, e->node));
						count[p]++;
					}
		ev->detail[D_FULL] = 1;
		return;
	}
	for (int k = 0, nb; (b = fol_block(g, v, nv, &k, &nb, room)), nb > 0;)
		for (e = b; e < b + nb; e++)
			if (e->kind == CR_FIELD && nf <= n) {
				fa[nf] = (struct farmer){ e->player,
				    cr_feature_bordered(g, cr_feature_root(g, e->node)) };
				big |= fa[nf].b > 255;
				pay[e->player] += fa[nf++].b;
				count[e->player]++;
				per[e->player]++;
			}
	if (!big) {
		/* each farmer's byte at its place, known from the counts of
		 * the players before (a pass over them, not one a player):
		 * the first D_END - D_TERMS fit, as written one by one */
		int off[CR_MAXPLAYERS];

		for (int p = 0, o = at; p < CR_MAXPLAYERS; p++)
			off[p] = o, o += per[p];
		for (int i = 0; i < nf; i++) {
			int pos = off[fa[i].player]++;

			if (pos < D_END)
				ev->detail[pos] = (uint8_t)fa[i].b;
			else
				ev->detail[D_FULL] = 1;
		}
		let_go(fa, froom);
		return;
	}
	for (int p = 0; p < CR_MAXPLAYERS; p++)	/* each player's, those it has */
		for (int i = 0; per[p] > 0; i++) {
			if (fa[i].player != p)
				continue;
			per[p]--;
			if (at < D_END && fa[i].b <= 255)
				ev->detail[at++] = (uint8_t)fa[i].b;
			else
				ev->detail[D_FULL] = 1;
		}
	let_go(fa, froom);
}

/* Storm: 1 per follower in the supply. */
static void
storm(const struct cr_game *g, int *pay)
{
	unsigned pools = follower_pools(g);

	for (int p = 0; p < cr_game_nplayers(g); p++) {
		const struct cr_player *pl = cr_game_player(g, p);

		for (unsigned b = pools; b != 0; b &= b - 1) {	/* the pools' bits alone */
			int k = __builtin_ctz(b);

			pay[p] += k == 0 ? pl->meeples : pl->pool[k];
		}
	}
}

/* A square in an int of the event (a board of a game stays within
 * 32767 of 0,0), and a Plague's piece not chosen (the player's only one). */
#define FORCED	0x80
static int
pack(int x, int y)
{
	return (int)((unsigned)(x & 0xffff) << 16 | (unsigned)(y & 0xffff));
}

static void
unpack(int v, int *x, int *y)
{
	*x = (int16_t)((unsigned)v >> 16);
	*y = (int16_t)((unsigned)v & 0xffff);
}

/* Plague sends follower fig home (cr_figure_leave); the first other
 * piece of its owner that goes with it (a builder or a pig that the
 * sets in play send home, W11; the first in the figures' order) into
 * also (D_ALSO bytes: its piece, its square, the follower's kind): of
 * those the call lifted (cr_game_lifts), not found among every figure. */
static void
plague_home(struct cr_game *g, int fig, int move, uint8_t *also)
{
	int p = cr_game_figure(g, fig)->player, first = -1;
	unsigned k0 = cr_game_lifts(g), k1;

	also[5] = (uint8_t)cr_node_kind(g, cr_game_figure(g, fig)->node);
	cr_figure_leave(g, fig, move);
	k1 = cr_game_lifts(g);
	for (unsigned k = k0; k != k1; k++) {
		int f = cr_game_lifted(g, k);

		if (f >= 0 && f != fig && (first < 0 || f < first) &&
		    cr_game_figure(g, f)->player == p && cr_game_figure(g, f)->node >= 0)
			first = f;
	}
	if (first >= 0) {
		const struct cr_placed *t = cr_game_tile(g, cr_node_tile(g,
		    cr_game_figure(g, first)->node));

		also[0] = (uint8_t)cr_game_figure(g, first)->role;
		put16(also + 1, t->x), put16(also + 3, t->y);
	}
}

static void
drawn(struct cr_game *g, int ext, const struct cr_move *m, int move)
{
	const struct wf_data *d = data_of(g, ext);
	struct wf_state *st;
	int nwheel, nplague, n = wheel_said(m, &nwheel, &nplague), i, from, to;
	int home[CR_MAXPLAYERS], cities[CR_MAXPLAYERS] = { 0 }, *pay, *count;
	struct cr_event room, *ev;
	struct cr_refusal why;

	if (d == NULL || n == 0)
		return;
	st = cr_ext_state(g, ext);
	if (!st->set)
		st->pig = (int8_t)d->start, st->set = true;
	if ((i = icon_of(g, d, m->tile)) >= 0)	/* a copy showing n if one is left (icons_left) */
		st->used[i][d->icon[i].n[n] > st->used[i][n] ? n : 0]++;
	from = st->pig;
	to = landing(d, from, n);
	st->pig = (int8_t)to;
	/* Built where the game keeps it (no copy), but for Plague: pieces go
	 * home before it is paid (cr_game_event_room). */
	if (to == S_PLAGUE)
		ev = &room, *ev = (struct cr_event){ .reason = CR_EV_MODULE, .feature = -1 };
	else
		ev = cr_game_event_room(g, &room);
	pay = ev->pay, count = ev->meeples;	/* the actions write in the event (zeroed) */

	/* (b) the action, one event (W17).  For its words (wf_why,
	 * wf_words): each player's followers counted (meeples), a Tax's
	 * cities (pieces); Plague: the square of the one going home
	 * (meeples, packed), its piece, chosen or not (pieces). */
	switch (to) {
	case S_FORTUNE:
		pay[cr_game_turn(g)] = 3;
		break;
	case S_TAX:
		tax(g, pay, count, cities, ev);
		for (int p = 0; p < cr_game_nplayers(g); p++)
			ev->pieces[p] = (uint8_t)(cities[p] > 255 ? 255 : cities[p]);
		break;
	case S_FAMINE:
		famine(g, pay, count, ev);
		break;
	case S_STORM:
		storm(g, pay);
		memcpy(count, pay, sizeof ev->meeples);
		break;
	case S_INQUISITION:
		on_kind(g, CR_CLOISTER, count);
		for (int p = 0; p < CR_MAXPLAYERS; p++)
			pay[p] = 2 * count[p];
		break;
	default:
		break;
	}
	ev->what = (uint16_t)CR_PHRASE(ext, P_WHEEL);
	ev->detail[D_MOVER] = (uint8_t)cr_game_turn(g);
	ev->sub = (int16_t)to;
	ev->tiles = n;		/* the steps */
	ev->cities = from;	/* where the pig started */
	if (to == S_FORTUNE)	/* the mover alone; Plague pays nobody */
		ev->winners |= (uint8_t)(1u << cr_game_turn(g));
	else if (to != S_PLAGUE) {	/* gathered in a local: a store through ev
					 * would have the player count read again */
		unsigned w = 0;

		for (int p = 0, np = cr_game_nplayers(g); p < np; p++)
			w |= (unsigned)(pay[p] > 0) << p;
		ev->winners |= (uint8_t)w;
	}
	if (to == S_PLAGUE) {	/* who goes home, for the explanations */
		int n[CR_MAXPLAYERS], x[CR_MAXPLAYERS], y[CR_MAXPLAYERS];

		memset(&why, 0, sizeof why);
		if (!plague_choice(g, ext, m, home, n, x, y, &why))
			return;	/* drawn_ok said yes: never */
		for (int p = 0; p < cr_game_nplayers(g); p++)
			if (home[p] >= 0) {
				ev->meeples[p] = pack(x[p], y[p]);
				ev->pieces[p] = (uint8_t)(cr_game_figure(g, home[p])->role |
				    (n[p] == 1 ? FORCED : 0));
			}
	}
	if (to == S_PLAGUE)	/* the mover first, then in turn order */
		for (int k = 0; k < cr_game_nplayers(g); k++) {
			int p = (cr_game_turn(g) + k) % cr_game_nplayers(g);

			if (home[p] >= 0)
				plague_home(g, home[p], move, ev->detail + D_TERMS + D_ALSO * p);
		}
	cr_game_pay(g, ev, move);	/* it pays nobody: its words after who went */

	/* (c) the crown spaces of that section (W12): st, logged above */
	if (st->ncrown[to] > 0) {
		struct cr_event *cr = cr_game_event_room(g, &room);	/* the first paid */
		int each = d->crowns[to] == 1 ? 3 : st->ncrown[to] == 1 ? 6 : 3;

		cr->what = (uint16_t)CR_PHRASE(ext, P_CROWN);
		cr->sub = (int16_t)to;
		cr->tiles = d->crowns[to];	/* its spaces */
		for (int k = 0; k < st->ncrown[to]; k++) {
			int p = st->crown[to][k].player;

			cr->pay[p] += each;
			cr->meeples[p]++;
			cr->winners |= (uint8_t)(1u << p);
		}
		cr_game_pay(g, cr, move);
		for (int k = 0; k < st->ncrown[to]; k++)
			cr_space_home(g, st->crown[to][k].player, st->crown[to][k].role);
		st->ncrown[to] = 0;
	}
}

/* The move as the game keeps it (spec 4.1, written back): the other
 * modules' tokens, then wheel=N, then one plague=X,Y for every player
 * who sends a follower home, the forced ones included, the mover first,
 * then in turn order (a spot the line gave left out). */
static void
spell(const struct cr_game *g, int ext, struct cr_move *m)
{
	const struct wf_data *d = data_of(g, ext);
	int nwheel, nplague, n, home[CR_MAXPLAYERS];
	int count[CR_MAXPLAYERS], k = 0, wid = 0, x[CR_MAXPLAYERS], y[CR_MAXPLAYERS], np;
	struct cr_refusal why;
	bool plague;

	if (d == NULL || (n = wheel_said(m, &nwheel, &nplague)) == 0 || nwheel != 1)
		return;
	plague = landing(d, pig_in(cr_ext_cstate(g, ext), d), n) == S_PLAGUE;
	if (!plague && m->ndrawn == 1 && m->drawn[0].x == 0 && m->drawn[0].y == 0 &&
	    m->drawn[0].spot == -1)
		return;	/* wheel=N alone, off Plague: as it would be written (most spins) */
	np = cr_game_nplayers(g);
	if (plague) {	/* why for plague_choice alone: not cleared otherwise */
		memset(&why, 0, sizeof why);
		plague = plague_choice(g, ext, m, home, count, x, y, &why);
	}
	for (int i = 0; i < m->ndrawn; i++) {
		int id = CR_TOKEN_ID(m->drawn[i].token), t = my_token(id);

		if (t < 0)
			m->drawn[k++] = m->drawn[i];
		else if (t == TK_WHEEL)
			wid = id;
	}
	if (wid == 0 || my_token(wid + TK_PLAGUE - TK_WHEEL) != TK_PLAGUE ||
	    k + 1 + np > CR_MAXDRAWN)
		return;	/* never: the line was read with them */
	m->drawn[k++] = (struct cr_said){ CR_TOKEN(wid, n), 0, 0, -1 };
	for (int i = 0; plague && i < np; i++) {
		int p = (cr_game_turn(g) + i) % np;

		if (home[p] >= 0)
			m->drawn[k++] = (struct cr_said){ CR_TOKEN(wid + TK_PLAGUE - TK_WHEEL, 0), x[p],
			    y[p], -1 };
	}
	m->ndrawn = k;
}

/* ---- the copies that show an icon ----------------------------------------- */

static int
variants(const struct cr_game *g, int ext, int type, struct cr_variant *out, int max)
{
	const struct wf_data *d = data_of(g, ext);
	int i = icon_of(g, d, type), left[4], all, k = 0;

	if (i < 0)
		return 0;
	all = icons_left(d, cr_ext_cstate(g, ext), i, left);
	for (int b = 1; b <= 4; b++) {
		int j = b % 4;	/* 1, 2, 3, then unknown */

		if (d->icon[i].n[j] == 0)
			continue;
		if (k < max)
			out[k] = (struct cr_variant){ left[j], CR_PHRASE(ext, j ? P_ICON_N : P_ICON_ANY),
			    j };
		k++;
	}
	if (k < max)
		out[k] = (struct cr_variant){ cr_game_supply(g, type) - all, CR_PHRASE(ext, P_PLAIN),
		    0 };
	return k + 1;
}

/* All icon copies left, and how many the game had. */
static int
variants_left(const struct cr_game *g, int ext, int *all)
{
	const struct wf_data *d = data_of(g, ext);
	int left = 0, l[4];

	*all = 0;
	for (int i = 0; d != NULL && i < d->nicons; i++) {
		left += icons_left(d, cr_ext_cstate(g, ext), i, l);
		for (int k = 0; k < 4; k++)
			*all += d->icon[i].n[k];
	}
	return left;
}

/* ---- crown spaces ----------------------------------------------------------- */

static int
space(const struct cr_game *g, int ext, int s, struct cr_standing *on, int max, int *n)
{
	const struct wf_data *d = data_of(g, ext);
	const struct wf_state *st = cr_ext_cstate(g, ext);

	if (d == NULL || s < 0 || s >= NSECT)
		return *n = 0;
	*n = st->ncrown[s];
	for (int k = 0; k < *n && k < max; k++)
		on[k] = st->crown[s][k];
	return d->crowns[s];
}

static void
space_put(struct cr_game *g, int ext, int s, int player, int role, int move)
{
	struct wf_state *st = cr_ext_state(g, ext);

	(void)move;
	if (st->ncrown[s] < 2)
		st->crown[s][st->ncrown[s]++] = (struct cr_standing){ player, role };
}

/* ---- the wheel drawn on the ASCII map (the contract's 4.7) ------------------ */

/* The four inner squares, 10 characters by 6 lines: the west column
 * Inquisition, Storm, Famine, the east Plague, Fortune, Tax, two lines
 * each: the initials (and @ where the pig stands), the crown spaces. */
static bool
ascii(const struct cr_game *g, int ext, const char *(*tr)(const char *), int *x, int *y,
    int *w, int *h, char *cells, size_t size)
{
	static const int8_t at[NSECT][2] = {	/* column, first line */
		[S_INQUISITION] = { 0, 0 }, [S_STORM] = { 0, 2 }, [S_FAMINE] = { 0, 4 },
		[S_PLAGUE] = { 5, 0 }, [S_FORTUNE] = { 5, 2 }, [S_TAX] = { 5, 4 },
	};
	const struct wf_data *d = data_of(g, ext);
	const struct wf_state *st = cr_ext_cstate(g, ext);
	int pig = pig_of(g, ext);

	if (d == NULL || size < 60)
		return false;
	*x = *y = 1, *w = *h = 2;
	memset(cells, ' ', 60);
	for (int s = 0; s < NSECT; s++) {
		const char *name = tr(spaces[s].name);
		char *l0 = cells + at[s][1] * 10 + at[s][0], *l1 = l0 + 10;
		int k = 0;

		for (int i = 0; i < 2 && name[i] != '\0'; i++)
			l0[i] = name[i] > ' ' && name[i] < 0x7f ? name[i] : '?';
		if (s == pig)
			l0[3] = CR_ASCII_MARK;
		l1[k++] = '[';
		for (int c = 0; c < d->crowns[s] && c < 2; c++)
			l1[k++] = c < st->ncrown[s] ? (char)(CR_ASCII_PLAYER + st->crown[s][c].player) :
			    '-';
		l1[k] = ']';
	}
	return true;
}

/* ---- the wheel drawn on the SVG board (the contract's 4.7) ------------------ */

/* A disc of radius 96 on the four inner squares (200 units a side), cut
 * into six sectors of 60 degrees centred clockwise on due east (the first
 * section after the pig's start, Fortune), south-east, south-west, west,
 * north-west and north-east, in the data's order: each with its name,
 * its crown spaces on the rim (outlined, or a follower in its owner's
 * colour), and the pig near the middle of its own. */
#define WF_R		96
#define WF_SECTOR	"<path d=\"M0 0L83.14-48A96 96 0 0 1 83.14 48Z\" stroke=\"#7a4a1c\" " \
			"stroke-width=\"2\" fill=\""
#define WF_SPACE	"<circle r=\"10\" stroke=\"#7a4a1c\" stroke-width=\"2\" fill=\""
#define WF_PIG		"<ellipse rx=\"8\" ry=\"5.5\" fill=\"#f7a1c4\" stroke=\"#a0406a\" " \
	"stroke-width=\"1.2\"/><circle cx=\"7\" cy=\"-3\" r=\"3.5\" fill=\"#f7a1c4\" " \
	"stroke=\"#a0406a\" stroke-width=\"1.2\"/><path d=\"M-5 5V8M4 5V8\" stroke=\"#a0406a\" " \
	"stroke-width=\"1.5\"/>"
enum { WK_PIG, WK_FREE, WK_TAKEN };
static const struct cr_svgkey svg_keys[] = {
	[WK_PIG] = { WF_PIG, N_("the pig (nobody's piece)"), false },
	[WK_FREE] = { WF_SPACE "#fffbe6\"/>", N_("a crown space, free"), false },
	[WK_TAKEN] = { WF_SPACE "#f4d35e\"/>", N_("a crown space, taken (its owner's colour)"),
	    true },
};

/* x, y of the point at distance r from the disc's centre, `deg` degrees
 * clockwise from east: angles k x 60 + off, off 0 or +-14 (no libm). */
static void
wf_at(int k, int off, double r, int16_t *x, int16_t *y)
{
	static const double c60[6] = { 1, .5, -.5, -1, -.5, .5 };
	static const double s60[6] = { 0, .8660254, .8660254, 0, -.8660254, -.8660254 };
	double c = c60[k], s = s60[k];

	if (off != 0) {	/* turned by 14 degrees more or less */
		double c14 = .9702957, s14 = off > 0 ? .2419219 : -.2419219;
		double cc = c * c14 - s * s14;

		s = s * c14 + c * s14, c = cc;
	}
	*x = (int16_t)(100 + r * c + (c < 0 ? -.5 : .5));
	*y = (int16_t)(100 + r * s + (s < 0 ? -.5 : .5));
}

/* Shape sh as the n-th of a picture (into out when it fits): n + 1. */
static int
wf_put(struct cr_svgshape *out, int max, int n, struct cr_svgshape sh)
{
	if (n < max)
		out[n] = sh;
	return n + 1;
}

static int
svg(const struct cr_game *g, int ext, int *x, int *y, int *w, int *h, struct cr_svgshape *out,
    int max)
{
	static const char *const fill[2] = { WF_SECTOR "#f3e5ab\"/>", WF_SECTOR "#e9d592\"/>" };
	const struct wf_data *d = data_of(g, ext);
	const struct wf_state *st = cr_ext_cstate(g, ext);
	int pig = pig_of(g, ext), n = 0;

	if (d == NULL)
		return 0;
	*x = *y = 1, *w = *h = 2;
	for (int s = 0; s < NSECT; s++)	/* the sectors, then the rim and the hub */
		n = wf_put(out, max, n, (struct cr_svgshape){ .svg = fill[(d->pos[s] -
		    d->pos[S_FORTUNE] + NSECT) % 2], .x = 100, .y = 100, .turn = (int16_t)(60 *
		    ((d->pos[s] - d->pos[S_FORTUNE] + NSECT) % NSECT)), .player = -1, .key = -1 });
	n = wf_put(out, max, n, (struct cr_svgshape){ .svg = "<circle r=\"96\" fill=\"none\" "
	    "stroke=\"#7a4a1c\" stroke-width=\"3\"/><circle r=\"6\" fill=\"#7a4a1c\"/>",
	    .x = 100, .y = 100, .player = -1, .key = -1 });
	for (int s = 0; s < NSECT; s++) {
		int k = (d->pos[s] - d->pos[S_FORTUNE] + NSECT) % NSECT, nc = d->crowns[s];
		struct cr_svgshape sh = { .words = spaces[s].name, .player = -1, .key = -1 };

		/* its name: level, on the slanted sectors moved outward */
		wf_at(k, 0, k % 3 == 0 ? 52 : 56, &sh.x, &sh.y);
		sh.x = (int16_t)(sh.x + (k % 3 == 0 ? 0 : k == 1 || k == 5 ? 8 : -8));
		sh.y = (int16_t)(sh.y + 3);
		n = wf_put(out, max, n, sh);
		for (int c = 0; c < nc && c < 2; c++) {	/* its crown spaces on the rim */
			int taken = c < st->ncrown[s];

			sh = (struct cr_svgshape){ .svg = svg_keys[taken ? WK_TAKEN : WK_FREE].svg,
			    .tip = N_("crown space of %s"), .arg = spaces[s].name,
			    .player = (int8_t)(taken ? st->crown[s][c].player : -1),
			    .key = taken ? WK_TAKEN : WK_FREE };
			wf_at(k, nc < 2 ? 0 : c ? 14 : -14, 84, &sh.x, &sh.y);
			n = wf_put(out, max, n, sh);
		}
		if (s == pig) {	/* the pig, by the hub */
			sh = (struct cr_svgshape){ .svg = WF_PIG, .tip = N_("the pig: nobody's piece"),
			    .player = -1, .key = WK_PIG };
			wf_at(k, 0, 24, &sh.x, &sh.y);
			n = wf_put(out, max, n, sh);
		}
	}
	return n;
}

/* ---- the board -------------------------------------------------------------- */

static struct cr_square squares[BOARD * BOARD];

static int
start_squares(struct cr_game *g, int ext, const struct cr_square **sq)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const struct wf_data *d = data_of(g, ext);
	int set = cr_ext_set(g, ext);

	if (d == NULL || set < 0)
		return 0;
	for (int y = 0; y < BOARD; y++)
		for (int x = 0; x < BOARD; x++)
			squares[y * BOARD + x] = (struct cr_square){ ts->setbeg[set] + d->board0 +
			    y * BOARD + x, x, y, 0 };
	*sq = squares;
	return BOARD * BOARD;
}

/* The rotation of the spring on a square beside the board (the contract's
 * 5): its river flowing straight away, west 180, north 270, east 0,
 * south 90; -1 for a square not against one side. */
static int
square_rot(int key, int x, int y)
{
	bool row = y >= 0 && y < BOARD, col = x >= 0 && x < BOARD;

	if (key != RK_SPRING)
		return -1;
	return x == -1 && row ? 2 : x == BOARD && row ? 0 : y == BOARD && col ? 3 :
	    y == -1 && col ? 1 : -1;
}

/* ---- its events, said -------------------------------------------------------- */

struct say {
	char	*buf;
	size_t	 size, n;
};

static void say(struct say *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
say(struct say *o, const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(o->n < o->size ? o->buf + o->n : NULL, o->n < o->size ? o->size - o->n : 0,
	    fmt, ap);
	va_end(ap);
	if (k > 0)
		o->n += (size_t)k;
}

static const char *
who(const char *const *names, int nplayers, int p)
{
	return names != NULL && p >= 0 && p < nplayers ? names[p] : "?";
}

/* A module phrase, translated. */
#define T(i)	tr(phrases[i])

/* The players in the book's order: the mover first, then turn order. */
static int
nth(const struct cr_event *ev, int nplayers, int k)
{
	return (ev->detail[D_MOVER] + k) % nplayers;
}

/* Tax's terms of player p, city by city, and the total; Famine's
 * farmers of p, grouped by the cities their fields border (most
 * first; those bordering none left out), and the total when more than
 * one group.  With g, each Tax term names its city. */
static void
say_terms(struct say *o, const struct cr_event *ev, const struct cr_game *g, int s, int p,
    const char *(*tr)(const char *))
{
	int at = D_TERMS, groups = 0;

	for (int q = 0; q < p; q++)
		at += s == S_TAX ? 2 * ev->pieces[q] : ev->meeples[q];
	if (s == S_TAX) {
		for (int i = 0; i < ev->pieces[p] && at + 1 < D_END; i++, at += 2) {
			const struct cr_placed *t = g == NULL ? NULL : cr_game_tile(g,
			    cr_node_tile(g, get32(ev->detail + D_NODES + 4 * ((at - D_TERMS) / 2))));

			say(o, "%s" , i ? " + " : ""), say(o, T(P_W_TAX_TERM), ev->detail[at],
			    ev->detail[at + 1], ev->detail[at]);
			if (t != NULL)
				say(o, T(P_W_TAX_AT), t->x, t->y);
		}
		say(o, T(P_W_TOTAL), ev->pay[p]);
		return;
	}
	for (int b = 255; b > 0; b--) {	/* farmers by no completed city: left out */
		int k = 0, next = -1;

		for (int i = 0; i < ev->meeples[p] && at + i < D_END; i++) {
			if (ev->detail[at + i] == b)
				k++;
			else if (ev->detail[at + i] < b && ev->detail[at + i] > next)
				next = ev->detail[at + i];
		}
		if (k > 0) {
			say(o, "%s", groups++ ? " + " : "");
			if (k == 1)
				say(o, T(P_W_FARMER), b);
			else
				say(o, T(P_W_FARMERS), k, b);
		}
		if (next < 0)
			break;
		b = next + 1;
	}
	if (groups > 1)
		say(o, T(P_W_TOTAL), ev->pay[p]);
}

/* Plague: who went home, the mover first (who "goes home"), then the
 * others in turn order, and what went with each (W11). */
static void
say_plague(struct say *o, const struct cr_event *ev, const char *const *names, int nplayers,
    const char *(*tr)(const char *))
{
	bool also = false;
	int k = 0, x, y;

	for (int p = 0; p < nplayers; p++)
		also |= ev->pieces[p] != 0 && ev->detail[D_TERMS + D_ALSO * p] != 0;
	for (int i = 0; i < nplayers; i++) {
		int p = nth(ev, nplayers, i);
		const uint8_t *a = ev->detail + D_TERMS + D_ALSO * p;
		const char *pc;

		if (ev->pieces[p] == 0)
			continue;
		pc = cr_role_name(ev->pieces[p] & ~FORCED);
		unpack(ev->meeples[p], &x, &y);
		say(o, "%s", k ? also ? T(P_W_SEMI) : ", " : "");
		say(o, (ev->pieces[p] & FORCED) ? T(k ? P_W_ONLY_NEXT : P_W_ONLY) :
		    T(k ? P_W_CHOSE_NEXT : P_W_CHOSE), who(names, nplayers, p), pc ? tr(pc) : "?", x,
		    y, who(names, nplayers, p));
		k++;
		if (a[0] != 0) {
			const char *w = cr_role_name(a[0]);

			say(o, T(P_W_ALSO), w ? tr(w) : "?", get16(a + 1), get16(a + 3),
			    pc ? tr(pc) : "?", T(a[5] == CR_ROAD ? P_W_ON_ROAD : a[5] == CR_CITY ?
			    P_W_IN_CITY : a[5] == CR_FIELD ? P_W_IN_FIELD : P_W_ON_IT));
		}
	}
	if (k == 0)
		say(o, "%s", T(P_W_NONE_HOME));
}

static int
wf_why(int ext, const struct cr_event *ev, const struct cr_game *g, const char *const *names,
    int nplayers, const char *(*tr)(const char *), char *buf, size_t size)
{
	struct say o = { buf, size, 0 };
	int s = ev->sub, k = 0;

	(void)ext;
	if (s < 0 || s >= NSECT)
		return 0;
	if (nplayers == 0)
		nplayers = CR_MAXPLAYERS, names = NULL;
	if ((ev->what & 0xff) == P_CROWN) {
		int held[2], n = 0;

		for (int p = 0; p < nplayers; p++)
			for (int c = 0; c < ev->meeples[p] && n < 2; c++)
				held[n++] = p;
		if (n == 2)
			say(&o, T(P_C_BOTH), tr(spaces[s].name), who(names, nplayers, held[0]),
			    who(names, nplayers, held[1]));
		else if (n == 1)
			say(&o, ev->tiles == 1 ? T(P_C_ONE) : T(P_C_ALONE), who(names, nplayers, held[0]),
			    tr(spaces[s].name));
		return (int)o.n;
	}
	if (ev->cities >= 0 && ev->cities < NSECT)
		say(&o, T(P_W_MOVES), ev->tiles, tr(spaces[ev->cities].name), tr(spaces[s].name));
	switch (s) {
	case S_FORTUNE:
		for (int p = 0; p < nplayers; p++)
			if (ev->winners & (1u << p))
				say(&o, T(P_W_FORTUNE), who(names, nplayers, p));
		return (int)o.n;
	case S_PLAGUE:
		say_plague(&o, ev, names, nplayers, tr);
		return (int)o.n;
	case S_TAX:
		say(&o, "%s", T(P_W_TAX));
		break;
	case S_FAMINE:
		say(&o, "%s", T(P_W_FAMINE));
		break;
	case S_STORM:
		say(&o, "%s", T(P_W_STORM));
		break;
	default:
		say(&o, "%s", T(P_W_INQUISITION));
		break;
	}
	for (int p = 0; p < nplayers; p++) {
		int c = ev->meeples[p];

		if (ev->pay[p] == 0)
			continue;
		say(&o, "%s", k++ ? ", " : "");
		if ((s == S_TAX || s == S_FAMINE) && !ev->detail[D_FULL] && c > 0) {
			say(&o, "%s ", who(names, nplayers, p));
			say_terms(&o, ev, g, s, p, tr);
		} else if (s == S_INQUISITION)
			say(&o, T(P_W_MONKS), who(names, nplayers, p), c);
		else
			say(&o, T(P_W_SUM), who(names, nplayers, p), ev->pay[p]);
	}
	if (k == 0)
		say(&o, "%s", T(P_W_NOBODY));
	return (int)o.n;
}

/* A Tax counted the knights of a city now part of node's feature. */
static bool
wf_concerns(int ext, const struct cr_game *g, const struct cr_event *ev, int node)
{
	int n = 0, root = cr_feature_root(g, node);

	(void)ext;
	if ((ev->what & 0xff) == P_CROWN || ev->sub != S_TAX || ev->detail[D_FULL])
		return false;
	for (int p = 0; p < CR_MAXPLAYERS; p++)
		n += ev->pieces[p];
	for (int i = 0; i < n && D_TERMS + 2 * i + 1 < D_END; i++)
		if (cr_feature_root(g, get32(ev->detail + D_NODES + 4 * i)) == root)
			return true;
	return false;
}

static int
wf_words(int ext, const struct cr_event *ev, struct cr_evword *out, int max)
{
	int n = 0, s = ev->sub;

	(void)ext;
	if (s < 0 || s >= NSECT)
		return 0;
#define WORD(k, ...)	do { if (n < max) out[n] = (struct cr_evword){ k, __VA_ARGS__ }; n++; } while (0)
	WORD("section", CR_EW_WORD, spaces[s].word, 0, 0, 0, 0, false);
	if ((ev->what & 0xff) == P_CROWN)
		return n;
	WORD("steps", CR_EW_NUMBER, NULL, ev->tiles, 0, 0, 0, false);
	if (ev->cities >= 0 && ev->cities < NSECT)
		WORD("from", CR_EW_WORD, spaces[ev->cities].word, 0, 0, 0, 0, false);
	/* after "points": who went home, the mover first, then turn order */
	for (int i = 0; s == S_PLAGUE && i < CR_MAXPLAYERS; i++) {
		int p = nth(ev, CR_MAXPLAYERS, i), x, y;

		if (ev->pieces[p] != 0) {
			unpack(ev->meeples[p], &x, &y);
			WORD("returned", CR_EW_SQUARE, NULL, 0, p, x, y, true);
		}
	}
	for (int i = 0; s == S_PLAGUE && i < CR_MAXPLAYERS; i++) {
		int p = nth(ev, CR_MAXPLAYERS, i);
		const uint8_t *a = ev->detail + D_TERMS + D_ALSO * p;

		if (ev->pieces[p] != 0 && a[0] != 0)
			WORD("also_home", CR_EW_PIECE, cr_role_name(a[0]), 0, p, get16(a + 1),
			    get16(a + 3), true);
	}
#undef WORD
	return n;
}

/* Its state for JSON: where the pig stands. */
static int
wf_state(const struct cr_game *g, int ext, struct cr_evword *out, int max)
{
	if (max > 0)
		out[0] = (struct cr_evword){ "pig", CR_EW_WORD, spaces[pig_of(g, ext)].word, 0, 0,
		    0, 0, false };
	return 1;
}

/* Its state and its step for people (the contract's 4.3): where the pig
 * stands ("the pig on Storm"); with m, where the line's wheel=N takes it,
 * and on Plague what the players do before the tile goes down. */
static int
wf_said(const struct cr_game *g, int ext, const struct cr_move *m,
    const char *(*tr)(const char *), char *buf, size_t size)
{
	static const char *const on = N_("the pig on %s");
	static const char *const moves = N_("the pig moves %d, %s to %s");
	static const char *const home = N_("; each player sends a follower home");
	const struct wf_data *d = data_of(g, ext);
	struct say o = { buf, size, 0 };
	int nwheel, nplague, n, from = pig_of(g, ext), to;

	if (m == NULL)
		say(&o, tr(on), tr(spaces[from].name));
	else if (d != NULL && (n = wheel_said(m, &nwheel, &nplague)) > 0) {
		to = landing(d, from, n);
		say(&o, tr(moves), n, tr(spaces[from].name), tr(spaces[to].name));
		if (to == S_PLAGUE)
			say(&o, "%s", tr(home));
	}
	return (int)o.n;
}

/* ---- reading the data ----------------------------------------------------- */

static int
derr(struct cr_error *err, const struct cr_datum *at, const char *fmt, const char *a,
    const char *b)
{
	err->line = at ? at->line : 0;
	err->column = at ? at->column : 0;
	snprintf(err->msg, sizeof err->msg, fmt, a, b);
	return -1;
}

static bool
is(const struct cr_datum *d, const char *s)
{
	return d != NULL && d->type == CR_DATUM_SCALAR && d->len == strlen(s) &&
	    memcmp(d->text, s, d->len) == 0;
}

/* A mapping's value for key, NULL. */
static const struct cr_datum *
get(const struct cr_datum *map, const char *key)
{
	for (int i = 0; map != NULL && map->type == CR_DATUM_MAP && i < map->n; i++)
		if (is(&map->item[2 * i], key))
			return &map->item[2 * i + 1];
	return NULL;
}

/* A scalar's text, quoted, for a message. */
static const char *
show(const struct cr_datum *d, char *buf, size_t size)
{
	if (d == NULL || d->type != CR_DATUM_SCALAR)
		snprintf(buf, size, "%s", d && d->type == CR_DATUM_LIST ? "a list" : "a mapping");
	else
		snprintf(buf, size, "\"%.*s\"", (int)(d->len > 40 ? 40 : d->len), d->text);
	return buf;
}

static bool
small_int(const struct cr_datum *d, int lo, int hi, int *v)
{
	int n = 0;

	if (d == NULL || d->type != CR_DATUM_SCALAR || d->len == 0 || d->len > 4)
		return false;
	for (size_t i = 0; i < d->len; i++) {
		if (d->text[i] < '0' || d->text[i] > '9')
			return false;
		n = n * 10 + (d->text[i] - '0');
	}
	*v = n;
	return n >= lo && n <= hi;
}

static int
read_wheel(const struct cr_datum *w, struct wf_data *d, struct cr_error *err)
{
	const struct cr_datum *secs = get(w, "sections"), *start = get(w, "start");
	bool seen[NSECT] = { false };
	char b[64];

	if (w->type != CR_DATUM_MAP || secs == NULL || start == NULL)
		return derr(err, w, _("wheel needs start and sections, like {start: fortune, "
		    "sections: [{name: fortune, crowns: 1}, ...]}%s%s"), "", "");
	if (secs->type != CR_DATUM_LIST || secs->n != NSECT)
		return derr(err, secs, _("sections lists the six sections of the wheel, "
		    "clockwise%s%s"), "", "");
	for (int i = 0; i < NSECT; i++) {
		const struct cr_datum *s = &secs->item[i], *name = get(s, "name");
		int k, c;

		for (k = 0; k < NSECT && !is(name, sect_names[k]); k++)
			;
		if (k == NSECT)
			return derr(err, name ? name : s, _("a section's name is fortune, tax, "
			    "famine, storm, inquisition or plague, not %s%s"),
			    show(name, b, sizeof b), "");
		if (seen[k])
			return derr(err, name, _("section %s is given twice%s"), sect_names[k], "");
		seen[k] = true;
		if (!small_int(get(s, "crowns"), 1, 2, &c))
			return derr(err, get(s, "crowns") ? get(s, "crowns") : s,
			    _("section %s has 1 or 2 crown spaces (crowns: 1 or crowns: 2)%s"),
			    sect_names[k], "");
		d->order[i] = k, d->pos[k] = i, d->crowns[k] = c;
	}
	for (d->start = 0; d->start < NSECT && !is(start, sect_names[d->start]); d->start++)
		;
	if (d->start == NSECT)
		return derr(err, start, _("the pig starts on a section of the wheel, not %s%s"),
		    show(start, b, sizeof b), "");
	return 0;
}

static int
read_icons(const struct cr_datum *ic, struct wf_data *d, struct cr_error *err)
{
	char b[64];

	if (ic->type != CR_DATUM_MAP)
		return derr(err, ic, _("icons must be a mapping of tile codes to copies, like "
		    "{X: {1: 1}}%s%s"), "", "");
	for (int i = 0; i < ic->n; i++) {
		const struct cr_datum *code = &ic->item[2 * i], *v = &ic->item[2 * i + 1];
		struct wf_icon *e;

		if (d->nicons == MAXICONS)
			return derr(err, code, _("more than 32 types with icons%s%s"), "", "");
		if (code->type != CR_DATUM_SCALAR || code->len == 0 || code->len >= CR_CODE_MAX)
			return derr(err, code, _("an icon's key is a tile code, not %s%s"),
			    show(code, b, sizeof b), "");
		e = &d->icon[d->nicons];
		memset(e, 0, sizeof *e);
		memcpy(e->code, code->text, code->len);
		e->line = code->line;
		for (int j = 0; j < d->nicons; j++)
			if (strcmp(d->icon[j].code, e->code) == 0)
				return derr(err, code, _("icons: %s is given twice%s"), e->code, "");
		if (v->type != CR_DATUM_MAP)
			return derr(err, v, _("icons: %s maps numbers 1, 2, 3 or any to copies, "
			    "like {any: 2}%s"), e->code, "");
		for (int k = 0; k < v->n; k++) {
			const struct cr_datum *key = &v->item[2 * k], *val = &v->item[2 * k + 1];
			int num, count;

			if (is(key, "doubt"))
				continue;
			if (is(key, "any"))
				num = 0;
			else if (!small_int(key, 1, 3, &num))
				return derr(err, key, _("icons: %s: a key is 1, 2, 3, any or doubt, "
				    "not %s"), e->code, show(key, b, sizeof b));
			if (!small_int(val, 0, 1000, &count))
				return derr(err, val, _("icons: %s: a number of copies, 0 to 1000, "
				    "not %s"), e->code, show(val, b, sizeof b));
			e->n[num] += count;
		}
		d->nicons++;
	}
	return 0;
}

/*
 * Spec 2.4: an icon entry's copies may not exceed the copies of its type
 * in the supply (the start tile out: the board replaces it).  While the
 * set's file is read (merged false) the types ts holds are the set's own,
 * not derived yet, and the loader names the file; once merged with the
 * others (world_check) every type, and the words name the data's file
 * and line, or err->line the record's (in the record: inline, or its
 * corrections' lines negated).  0, or -1 with err.
 */
static int
icons_over(const struct cr_tileset *ts, const struct wf_data *d, bool merged,
    struct cr_error *err)
{
	for (int i = 0; i < d->nicons; i++) {
		const struct wf_icon *e = &d->icon[i];
		int t = -1, sum = 0, have;
		char at[160];

		if (merged)	/* derived: its codes indexed */
			t = cr_tileset_find(ts, e->code, strlen(e->code));
		else
			for (int k = 0; k < ts->ntypes && t < 0; k++)
				if (strcmp(ts->type[k].code, e->code) == 0)
					t = k;
		for (int k = 0; k < 4; k++)
			sum += e->n[k];
		if (t < 0 || t >= ts->ntypes)
			continue;
		have = ts->type[t].count;
		if (merged && ts->setstart[ts->typeset[t]] == t)
			have--;	/* the set's start tile: out of the game */
		if (sum <= have)
			continue;
		at[0] = '\0';
		err->line = e->line < 0 ? -e->line : e->line, err->column = 1;
		if (merged && e->line > 0 && source_of(d) != NULL) {
			snprintf(at, sizeof at, _(" (%s line %d; the data may be corrected there)"),
			    source_of(d), e->line);
			err->line = err->column = 0;
		}
		snprintf(err->msg, sizeof err->msg, _("icons: %s: %d copies with a wheel icon, "
		    "more than the %d %s in the supply%s"), e->code, sum, have, ts->type[t].code, at);
		return -1;
	}
	return 0;
}

/* Spec 2.4: the data's doubt, shown by carcref tiles --set
 * wheel-of-fortune; *source the file it was read from (NULL: the
 * record). */
static const char *
set_doubt(const struct cr_tileset *ts, int ext, const char **source)
{
	const struct wf_data *d = cr_tileset_data(ts, cr_tileset_set(ts, cr_exts[ext]->name), NULL);

	*source = d ? source_of(d) : NULL;
	if (d == NULL || d->doubtlen == 0)
		return NULL;
	return (const char *)(d + 1) + (d->hassrc ? d->srclen + 1 : 0);
}

static int
world_check(const struct cr_tileset *ts, int ext, struct cr_error *err)
{
	const struct wf_data *d = cr_tileset_data(ts, cr_tileset_set(ts, cr_exts[ext]->name), NULL);

	return d == NULL ? 0 : icons_over(ts, d, true, err);
}

/* What the board's data says, square by square and port by port. */
enum { B_NONE, B_CITY, B_ROAD, B_FIELD };
struct bfeat {
	int	kind;		/* B_* */
	int	pennants;
	const struct cr_datum *src;
};
struct bport {
	int8_t	feat;		/* the data's feature at each outer port, -1 */
};
#define MAXBFEAT	32

static bool
outer(int x, int y, int dir)
{
	int nx = x + cr_dx[dir], ny = y + cr_dy[dir];

	return nx < 0 || ny < 0 || nx >= BOARD || ny >= BOARD;
}

static bool
inner_square(int x, int y)
{
	return x >= 1 && x <= 2 && y >= 1 && y <= 2;
}

/* "X,Y:SPOT" of the board, into its square and ports (a road: the
 * middle of an edge); the side outward.  -1 with err. */
static int
board_spot(const struct cr_datum *at, int kind, int *sq, cr_ports *ports, struct cr_error *err)
{
	char b[64];
	const char *colon;
	int x, y, s, dir;

	if (at->type != CR_DATUM_SCALAR || at->len < 5 || at->len > 16 ||
	    (colon = memchr(at->text, ':', at->len)) == NULL ||
	    sscanf(at->text, "%d,%d", &x, &y) != 2 ||
	    (s = cr_spot_lookup(colon + 1, (int)(at->len - (size_t)(colon + 1 - at->text)))) < 0 ||
	    s == CR_SPOT_C)
		return derr(err, at, _("a place on the board is \"X,Y:SPOT\", like \"0,3:N\", "
		    "not %s%s"), show(at, b, sizeof b), "");
	if (x < 0 || y < 0 || x >= BOARD || y >= BOARD)
		return derr(err, at, _("%s: the board covers the squares 0,0 to 3,3%s"),
		    show(at, b, sizeof b), "");
	if (s % 4 == 2)
		return derr(err, at, _("%s: a feature of the board is named by an edge or a "
		    "half-edge, not a corner%s"), show(at, b, sizeof b), "");
	dir = s % 4 == 3 ? (s / 4 + 1) % 4 : s / 4;
	if (!outer(x, y, dir))
		return derr(err, at, _("%s: that side faces another square of the board%s"),
		    show(at, b, sizeof b), "");
	if (kind == B_ROAD && s % 4 != 0)
		return derr(err, at, _("%s: a road runs to the middle of an edge: write N, E, "
		    "S or W%s"), show(at, b, sizeof b), "");
	*sq = y * BOARD + x;
	*ports = kind == B_ROAD ? (cr_ports)(1u << CR_PORT_MID(dir)) :
	    (cr_ports)(cr_spot_ports((enum cr_spot)s) & CR_ALL_HALVES);
	return 0;
}

/* A square of the board as a tile type, from the features on its outer
 * ports (feat: the data's feature at each port, -1). */
static int
make_square(int x, int y, const struct bfeat *bf, const int8_t *feat, int end,
    struct cr_tiletype *t, const struct cr_datum *board, struct cr_error *err)
{
	int8_t segof[MAXBFEAT];
	char sq[16];
	int internal[CR_NDIRS], nroads = 0, breaks[CR_NPORTS + 1], nb = 0;

	memset(t, 0, sizeof *t);
	/* x and y from 0 to 3: one digit each */
	snprintf(t->code, sizeof t->code, "WF-BOARD-%c%c", '0' + (x & 3), '0' + (y & 3));
	snprintf(sq, sizeof sq, "%c,%c", '0' + (x & 3), '0' + (y & 3));
	t->count = 1;
	t->part = true;
	for (int d = 0; d < CR_NDIRS; d++) {
		t->edge[d] = CR_FIELD;
		internal[d] = !outer(x, y, d) && !inner_square(x + cr_dx[d], y + cr_dy[d]);
	}
	if (inner_square(x, y))
		return 0;	/* the wheel: nothing on it */
	memset(segof, -1, sizeof segof);
	/* Cities and roads: a segment each; the edges they show. */
	for (int p = 0; p < CR_NPORTS; p++) {
		int f = feat[p], k;

		if (f < 0 || bf[f].kind == B_FIELD)
			continue;
		if (segof[f] < 0) {
			if (t->nseg == CR_MAXSEG)
				return derr(err, bf[f].src, _("square %s holds too many features%s"),
				    sq, "");
			segof[f] = (int8_t)t->nseg;
			t->seg[t->nseg].kind = bf[f].kind == B_CITY ? CR_CITY : CR_ROAD;
			t->seg[t->nseg].pennants = (uint8_t)bf[f].pennants;
			if (bf[f].kind == B_ROAD) {
				t->seg[t->nseg].end = (uint8_t)end;
				nroads++;
			}
			t->nseg++;
		}
		k = segof[f];
		t->seg[k].ports |= (cr_ports)(1u << p);
		t->edge[p / 3] = (uint8_t)t->seg[k].kind;
	}
	/* An edge half city, half field is none of the tile game's. */
	for (int d = 0; d < CR_NDIRS; d++) {
		int a = feat[CR_PORT(d, 0)], c = feat[CR_PORT(d, 2)];

		if (outer(x, y, d) && (a < 0) != (c < 0))
			return derr(err, board, _("board: square %s shows a side half covered%s"),
			    sq, "");
		if (outer(x, y, d) && a >= 0 && (bf[a].kind == B_CITY) != (bf[c].kind == B_CITY))
			return derr(err, bf[a].src, _("board: square %s shows a side half city, half "
			    "field%s"), sq, "");
		if (outer(x, y, d) && feat[CR_PORT_MID(d)] >= 0 && bf[a].kind != B_FIELD)
			return derr(err, bf[feat[CR_PORT_MID(d)]].src, _("board: a road at %s runs "
			    "between fields, and its halves are not field%s"), sq, "");
	}
	/* The land: one field round the square, cut by each road and, when
	 * it has roads, at the rim (the side facing the wheel, or a corner's
	 * inner corner). */
	for (int p = 0; p < CR_NPORTS; p++) {	/* cuts: a run of land starts there */
		int f = feat[p], d = p / 3;

		if (f >= 0 && bf[f].kind == B_ROAD)
			breaks[nb++] = p;
		else if (nroads > 0 && p % 3 == 1 && !outer(x, y, d) && !internal[d])
			breaks[nb++] = p;	/* the side facing the wheel */
		else if (nroads > 0 && p % 3 == 2 && internal[d] && internal[(d + 1) % 4])
			breaks[nb++] = (p + 1) % CR_NPORTS;	/* a corner's inner corner */
	}
	for (int i = 1; i < nb; i++)	/* in port order */
		for (int j = i; j > 0 && breaks[j] < breaks[j - 1]; j--) {
			int tmp = breaks[j];

			breaks[j] = breaks[j - 1], breaks[j - 1] = tmp;
		}
	for (int r = 0; r < (nb ? nb : 1); r++) {
		int from = nb ? breaks[r] : 0, to = nb ? breaks[(r + 1) % nb] : CR_NPORTS;
		int owner = -1, s = t->nseg;
		cr_ports ports = 0;

		if (nb && to <= from)
			to += CR_NPORTS;
		for (int q = from; q < to; q++) {
			int p = q % CR_NPORTS, d = p / 3, f = feat[p];

			if (p % 3 == 1)
				continue;
			if (f >= 0 && bf[f].kind == B_FIELD) {
				if (owner >= 0 && owner != f)
					return derr(err, bf[f].src, _("board: two fields meet on square "
					    "%s with no road between%s"), sq, "");
				owner = f;
				ports |= (cr_ports)(1u << p);
			} else if (internal[d])
				ports |= (cr_ports)(1u << p);
		}
		if (ports == 0)
			continue;
		if (s == CR_MAXSEG)
			return derr(err, board, _("square %s holds too many features%s"), sq, "");
		t->seg[s].kind = CR_FIELD;
		t->seg[s].ports = ports;
		for (int c = 0; c < s; c++)	/* it borders every city of the square */
			if (t->seg[c].kind == CR_CITY)
				t->seg[s].next_to |= (uint16_t)(1u << c);
		t->nseg++;
	}
	return 0;
}

static int
read_board(struct cr_tileset *ts, int ext, const struct cr_datum *bd, struct wf_data *d,
    struct cr_error *err)
{
	const struct cr_datum *fs = get(bd, "features");
	static const char *const kinds[] = { "", "city", "road", "field" };
	struct bfeat bf[MAXBFEAT];
	int8_t feat[BOARD * BOARD][CR_NPORTS];
	char b[64];
	int nf;

	if (bd->type != CR_DATUM_MAP || fs == NULL || fs->type != CR_DATUM_LIST)
		return derr(err, bd, _("board needs features, a list like [{kind: city, at: "
		    "[\"0,3:N\"]}, ...]%s%s"), "", "");
	if (fs->n > MAXBFEAT)
		return derr(err, fs, _("board: more than 32 features%s%s"), "", "");
	memset(feat, -1, sizeof feat);
	nf = fs->n;
	for (int i = 0; i < nf; i++) {
		const struct cr_datum *f = &fs->item[i], *kind = get(f, "kind"), *at = get(f, "at");
		const struct cr_datum *pen = get(f, "pennants"), *end = get(f, "end");
		int sq0 = -1;

		bf[i].src = f;
		bf[i].pennants = 0;
		for (bf[i].kind = B_CITY; bf[i].kind <= B_FIELD && !is(kind, kinds[bf[i].kind]);
		    bf[i].kind++)
			;
		if (bf[i].kind > B_FIELD)
			return derr(err, kind ? kind : f, _("board: a feature's kind is city, road "
			    "or field, not %s%s"), show(kind, b, sizeof b), "");
		if (at == NULL || at->type != CR_DATUM_LIST || at->n == 0)
			return derr(err, at ? at : f, _("board: a feature needs at, the outer edges "
			    "it reaches, like at: [\"0,3:N\"]%s%s"), "", "");
		if (pen != NULL && (bf[i].kind != B_CITY || !small_int(pen, 0, 9, &bf[i].pennants)))
			return derr(err, pen, _("board: pennants are a city's, 0 to 9%s%s"), "", "");
		if (end != NULL && (bf[i].kind != B_ROAD || !is(end, "wheel")))
			return derr(err, end, _("board: a road ends at the wheel (end: wheel)%s%s"),
			    "", "");
		for (int j = 0; j < at->n; j++) {
			cr_ports ports;
			int sq;

			if (board_spot(&at->item[j], bf[i].kind, &sq, &ports, err) < 0)
				return -1;
			if (bf[i].kind != B_FIELD && sq0 >= 0 && sq != sq0)
				return derr(err, &at->item[j], _("board: a city or road of the board "
				    "lies on one square; %s is on another%s"),
				    show(&at->item[j], b, sizeof b), "");
			sq0 = sq;
			for (int p = 0; p < CR_NPORTS; p++)
				if (ports & (1u << p)) {
					if (feat[sq][p] >= 0)
						return derr(err, &at->item[j], _("board: %s is in two "
						    "features%s"), show(&at->item[j], b, sizeof b), "");
					feat[sq][p] = (int8_t)i;
				}
		}
	}
	/* Every outer half-edge in a city or field. */
	for (int sq = 0; sq < BOARD * BOARD; sq++)
		for (int p = 0; p < CR_NPORTS; p++)
			if (p % 3 != 1 && outer(sq % BOARD, sq / BOARD, p / 3) && feat[sq][p] < 0) {
				snprintf(b, sizeof b, "%d,%d:%s", sq % BOARD, sq / BOARD,
				    cr_port_name(p));
				return derr(err, bd, _("board: the outer half-edge %s is in no city or "
				    "field%s"), b, "");
			}
	/* A field's next_to names a city of the board. */
	for (int i = 0; i < nf; i++) {
		const struct cr_datum *nt = get(&fs->item[i], "next_to");

		for (int j = 0; nt != NULL && j < (nt->type == CR_DATUM_LIST ? nt->n : 0); j++) {
			cr_ports ports;
			int sq, c = -1;

			if (board_spot(&nt->item[j], B_CITY, &sq, &ports, err) < 0)
				return -1;
			for (int p = 0; p < CR_NPORTS; p++)
				if ((ports & (1u << p)) && feat[sq][p] >= 0)
					c = feat[sq][p];
			if (c < 0 || bf[c].kind != B_CITY)
				return derr(err, &nt->item[j], _("board: next_to %s names no city of the "
				    "board%s"), show(&nt->item[j], b, sizeof b), "");
		}
	}
	d->board0 = ts->ntypes;
	for (int y = 0; y < BOARD; y++)
		for (int x = 0; x < BOARD; x++) {
			struct cr_tiletype t;

			if (make_square(x, y, bf, feat[y * BOARD + x], cr_ext_end(ext, 0), &t, bd,
			    err) < 0)
				return -1;
			if (cr_tileset_add(ts, &t) < 0)
				return derr(err, bd, _("out of memory%s%s"), "", "");
		}
	return 0;
}

enum { DK_SOURCE, DK_DOUBT, DK_BOARD, DK_WHEEL, DK_ICONS, NDK };
static const char *const datakeys[NDK + 1] = { "source", "doubt", "board", "wheel", "icons",
    NULL };

static int
data(struct cr_tileset *ts, int ext, const struct cr_datum *const *keys, struct cr_error *err)
{
	struct wf_data *d = calloc(1, sizeof *d);
	int rc = -1;

	if (d == NULL)
		return derr(err, NULL, _("out of memory%s%s"), "", "");
	for (int k = DK_BOARD; k <= DK_ICONS; k++)
		if (keys[k] == NULL) {
			derr(err, NULL, _("the Wheel of Fortune's data needs %s%s"), datakeys[k], "");
			goto out;
		}
	if (read_wheel(keys[DK_WHEEL], d, err) < 0 || read_icons(keys[DK_ICONS], d, err) < 0 ||
	    icons_over(ts, d, false, err) < 0 || read_board(ts, ext, keys[DK_BOARD], d, err) < 0)
		goto out;
	d->hassrc = ts->source != NULL;
	d->srclen = d->hassrc ? strlen(ts->source) : 0;
	if (keys[DK_DOUBT] != NULL && keys[DK_DOUBT]->type == CR_DATUM_SCALAR)
		d->doubtlen = keys[DK_DOUBT]->len;
	{	/* the file's name, then the doubt, after the data */
		size_t more = (d->hassrc ? d->srclen + 1 : 0) + (d->doubtlen ? d->doubtlen + 1 : 0);
		struct wf_data *k = more ? realloc(d, sizeof *d + more) : d;
		char *after;

		if (k == NULL)
			goto nomem;
		d = k, after = (char *)(d + 1);
		if (d->hassrc)
			memcpy(after, ts->source, d->srclen + 1), after += d->srclen + 1;
		if (d->doubtlen)
			memcpy(after, keys[DK_DOUBT]->text, d->doubtlen), after[d->doubtlen] = '\0';
		if (cr_tileset_keep(ts, d, sizeof *d + more) < 0)
			goto nomem;
	}
	rc = 0;
	goto out;
nomem:
	derr(err, NULL, _("out of memory%s%s"), "", "");
out:
	free(d);
	return rc;
}

/* carcref tiles --check: each key's failure said (the board read once:
 * it adds its squares' types). */
static int
data_each(struct cr_tileset *ts, int ext, const struct cr_datum *const *keys,
    void (*each)(void *ctx, const struct cr_error *err), void *ctx)
{
	struct wf_data *d = calloc(1, sizeof *d);
	struct cr_error err;
	int n = 0;

	if (d == NULL) {
		derr(&err, NULL, _("out of memory%s%s"), "", "");
		each(ctx, &err);
		return 1;
	}
	for (int k = DK_BOARD; k <= DK_ICONS; k++)
		if (keys[k] == NULL) {
			derr(&err, NULL, _("the Wheel of Fortune's data needs %s%s"), datakeys[k], "");
			each(ctx, &err), n++;
		}
	if (keys[DK_WHEEL] != NULL && read_wheel(keys[DK_WHEEL], d, &err) < 0)
		each(ctx, &err), n++;
	if (keys[DK_ICONS] != NULL && (read_icons(keys[DK_ICONS], d, &err) < 0 ||
	    icons_over(ts, d, false, &err) < 0))
		each(ctx, &err), n++;
	free(d);
	if (n == 0) {
		if (data(ts, ext, keys, &err) < 0)
			each(ctx, &err), n++;
		return n;
	}
	if (keys[DK_BOARD] != NULL && (d = calloc(1, sizeof *d)) != NULL) {
		if (read_board(ts, ext, keys[DK_BOARD], d, &err) < 0)
			each(ctx, &err), n++;
		free(d);
	}
	return n;
}

const struct cr_ext cr_ext_wheel = {
	.name = "wheel-of-fortune",
	.tiles = "wheel-of-fortune.yaml",
	.ends = ends, .nends = sizeof ends / sizeof ends[0],
	.pieces = pieces, .npieces = sizeof pieces / sizeof pieces[0],
	.tokens = tokens, .ntokens = sizeof tokens / sizeof tokens[0],
	.phrases = phrases, .nphrases = NPHRASES,
	.state_size = sizeof(struct wf_state),
	.start_squares = start_squares,
	.drawn_ok = drawn_ok, .drawn_asks = drawn_asks,
	.drawn = drawn,
	.spell = spell,
	.variants = variants,
	.spaces = spaces, .nspaces = NSECT,
	.space = space,
	.ascii = ascii,
	.ascii_key = N_("  @ the pig (nobody's); [A-] crown spaces: a player's initial, - free\n"),
	.space_put = space_put,
	.variants_left = variants_left,
	.svg = svg,
	.svg_keys = svg_keys, .nsvg_keys = sizeof svg_keys / sizeof svg_keys[0],
	.variants_line = N_("wheel icons left: %d of %d"),
	.datakeys = datakeys,
	.data = data,
	.why = wf_why,
	.concerns = wf_concerns,
	.words = wf_words,
	.refusal_kinds = refusal_kinds, .nrefusal_kinds = NPHRASES,
	.record_keys = record_keys, .nrecord_keys = sizeof record_keys / sizeof record_keys[0],
	.datamerge = 1u << DK_ICONS,
	.square_rot = square_rot,
	.data_each = data_each,
	.world_check = world_check,
	.set_doubt = set_doubt,
	.part_name = N_("the Wheel of Fortune board"), .part_the = N_("the board"),
	.part_covers = N_("it covers 0,0 to 3,3"),
	.space_what = N_("a section of the wheel"), .space_form = N_("SECTION"),
	.set_mark = N_("the Wheel of Fortune set symbol"),
	.state_key = "wheel", .spaces_key = "crowns",
	.state = wf_state,
	.said = wf_said,
};
