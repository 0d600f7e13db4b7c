/*
 * explain.c -- scoring events and refusals in words.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "explain.h"
#include "move.h"
#include "../rules/ext.h"

/* Appending to a fixed buffer: keeps the length snprintf would need. */
struct out {
	char	*buf;
	size_t	size;
	int	n;
};

static void
put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	size_t at = (size_t)o->n < o->size ? (size_t)o->n : o->size;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(o->buf ? o->buf + at : NULL, o->size - at, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->n += k;
}

static const char *
plural(int n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* The base game's piece for a kind of feature: the word people use. */
static const struct cr_piece *
kind_piece(int kind)
{
	for (int id = 1; id < cr_npieces() && cr_piece_ext(id) == 0; id++)
		if (cr_piece(id)->kind == kind)
			return cr_piece(id);
	return NULL;
}

const char *
nt_kind_role(int kind)
{
	const struct cr_piece *p = kind_piece(kind);

	return p ? p->word : "meeple";
}

/* "1 knight", "2 knights", "2 thieves". */
const char *
nt_kind_roles(int kind, int n)
{
	const struct cr_piece *p = kind_piece(kind);

	return p == NULL ? (n == 1 ? "meeple" : "meeples") : n == 1 ? p->word : p->plural;
}

const char *
nt_event_label(const struct cr_event *ev)
{
	return ev->what ? cr_phrase(ev->what) : cr_kind_name((enum cr_kind)ev->kind);
}

/* A module's terms as a list of things: "2 wine, 1 cloth". */
static void
things(struct out *o, const struct cr_event *ev)
{
	for (int i = 0; i < ev->nterm; i++)
		put(o, "%s%d %s", i ? ", " : "", ev->term[i].count, cr_phrase(ev->term[i].phrase));
}

/* The best count among the winners of a majority, and how many won. */
static int
best_of(const struct cr_event *ev, int nplayers, int *nwin)
{
	int best = 0;

	*nwin = 0;
	for (int p = 0; p < nplayers; p++)
		if (ev->winners & (1u << p))
			(*nwin)++, best = ev->meeples[p];
	return best;
}

static void
why(struct out *o, const struct cr_event *ev)
{
	bool done = ev->reason == CR_EV_COMPLETED;
	int nwin, best;

	if (ev->reason == CR_EV_TAKE) {	/* a module's: goods from a completed city */
		things(o, ev);
		put(o, " from the completed %s at %d,%d, to the player who placed its last tile",
		    cr_kind_name((enum cr_kind)ev->kind), ev->x, ev->y);
		return;
	}
	if (ev->reason == CR_EV_MODULE) {	/* a module's: "herded at 1,2 (4 tokens): 1 x 8 (sheep)" */
		put(o, "%s at %d,%d", cr_phrase(ev->note), ev->x, ev->y);
		if (ev->sub > 0)
			put(o, " (%d %s)", ev->sub, plural(ev->sub, "token", "tokens"));
		put(o, ":");
		for (int i = 0; i < ev->nterm; i++)
			put(o, "%s %d x %d (%s)", i ? " +" : "", ev->term[i].per, ev->term[i].count,
			    cr_phrase(ev->term[i].phrase));
		return;
	}
	if (ev->reason == CR_EV_EXTRA) {	/* a module's majority of tokens */
		best = best_of(ev, CR_MAXPLAYERS, &nwin);
		put(o, "the most %s tokens (%d%s): %d", cr_phrase(ev->note), best,
		    nwin > 1 ? " each" : "", ev->base);
		return;
	}

	switch (ev->reason == CR_EV_FARM_CITY ? -1 : ev->kind) {
	case -1:
		put(o, "completed city of %d %s at %d,%d, for the farmers of the fields around it: %d",
		    ev->tiles, plural(ev->tiles, "tile", "tiles"), ev->x, ev->y, ev->per_city);
		break;
	case CR_ROAD:
		put(o, "%s road of %d %s%s%s: %d x %d", done ? "completed" : "incomplete",
		    ev->tiles, plural(ev->tiles, "tile", "tiles"), ev->note ? " " : "",
		    cr_phrase(ev->note), ev->per_tile, ev->tiles);
		break;
	case CR_CITY:
		put(o, "%s city of %d %s", done ? "completed" : "incomplete",
		    ev->tiles, plural(ev->tiles, "tile", "tiles"));
		if (ev->pennants)
			put(o, " and %d %s", ev->pennants, plural(ev->pennants, "pennant", "pennants"));
		if (ev->note)
			put(o, " %s", cr_phrase(ev->note));
		if (ev->small_city)
			put(o, " (edition 1: a 2-tile city pays 1 per tile and pennant)");
		put(o, ": %d x %d", ev->per_tile, ev->tiles);
		if (ev->pennants)
			put(o, " + %d x %d", ev->per_pennant, ev->pennants);
		break;
	case CR_CLOISTER:
		if (done)
			put(o, "completed cloister: 9");
		else
			put(o, "incomplete cloister with %d %s: 1 + %d", ev->tiles - 1,
			    plural(ev->tiles - 1, "neighbour", "neighbours"), ev->tiles - 1);
		break;
	case CR_FIELD:
		put(o, "farm touching %d completed %s: %d x %d", ev->cities,
		    plural(ev->cities, "city", "cities"), ev->per_city, ev->cities);
		break;
	}
	for (int i = 0; i < ev->nterm; i++)
		put(o, " + %d x %d (%s)", ev->term[i].per, ev->term[i].count,
		    cr_phrase(ev->term[i].phrase));
	if (ev->reason == CR_EV_FARM_CITY)
		return;
	if (!done && ev->kind != CR_FIELD)
		put(o, " at the end");
}

int
nt_event_why(const struct cr_event *ev, char *buf, size_t size)
{
	struct out o = { buf, buf ? size : 0, 0 };

	if (buf && size)
		buf[0] = '\0';
	why(&o, ev);
	return o.n;
}

int
nt_event_explain(const struct cr_event *ev, const char *const *names, int nplayers,
    char *buf, size_t size)
{
	struct out o = { buf, buf ? size : 0, 0 };
	int nwin = 0, k = 0, best = 0, weighted = 0;

	if (buf && size)
		buf[0] = '\0';
	if (ev->reason == CR_EV_TAKE) {	/* "Anna takes 2 wine, 1 cloth from..." */
		for (int p = 0; p < nplayers; p++)
			if (ev->winners & (1u << p))
				put(&o, "%s takes ", names[p]);
		things(&o, ev);
		put(&o, " from the completed %s at %d,%d (the player who placed its last "
		    "tile takes its goods, whoever holds it)", cr_kind_name((enum cr_kind)ev->kind),
		    ev->x, ev->y);
		return o.n;
	}
	best = best_of(ev, nplayers, &nwin);
	if (ev->reason == CR_EV_EXTRA)	/* the count, not its arithmetic */
		put(&o, "the most %s tokens (%d%s)", cr_phrase(ev->note), best,
		    nwin > 1 ? " each" : "");
	else
		why(&o, ev);
	put(&o, " = %d%s to ", ev->points, nwin > 1 ? " points each" : "");
	for (int p = 0; p < nplayers; p++)
		if (ev->winners & (1u << p))
			put(&o, "%s%s", k++ ? (k == nwin ? " and " : ", ") : "", names[p]);
	for (int p = 0; p < nplayers; p++)	/* a big meeple counts 2: say so */
		if ((ev->winners & (1u << p)) && ev->pieces[p] && ev->pieces[p] != ev->meeples[p])
			weighted = ev->pieces[p];
	if (ev->reason == CR_EV_EXTRA || ev->reason == CR_EV_MODULE)
		;	/* the counts are the tokens or the sheep, said above */
	else if (weighted)
		put(&o, " (%d: %d %s, a big meeple counting 2)", best, weighted,
		    nt_kind_roles(ev->kind, weighted));
	else
		put(&o, " (%d %s)", best, nt_kind_roles(ev->kind, best));
	k = 0;
	for (int p = 0; p < nplayers; p++)
		if (!(ev->winners & (1u << p)) && ev->meeples[p] > 0)
			put(&o, "%s%s has %d, %s", k++ ? "; " : " - ", names[p], ev->meeples[p],
			    ev->tied & (1u << p) ? "as many" : "fewer");
	if (ev->tie)	/* "a follower on a hill breaks the tie" */
		put(&o, "; %s", cr_phrase(ev->tie));
	return o.n;
}

static const char *dirs[] = { "N", "E", "S", "W" };

static const char *
kind(int k)
{
	return k >= 0 && k < CR_NKINDS ? cr_kind_name((enum cr_kind)k) : "?";
}

static void
spots(struct out *o, uint32_t valid)
{
	int k = 0;

	for (int s = 0; s < CR_NSPOTS; s++)
		if (valid & (1u << s))
			put(o, "%s%s", k++ ? " " : "", cr_spot_name((enum cr_spot)s));
	if (k == 0)
		put(o, "nowhere on this tile");
}

/*
 * A module's words for its rule, its fields filled in: {tile} the tile's
 * code, {pos} x,y, {rot} the rotation in degrees, {n} the number, {player}
 * the other player, {piece} the piece's word, {spot}.
 */
static void
fill(struct out *o, const char *t, const struct cr_tileset *ts, const struct cr_refusal *r,
    const char *const *names)
{
	while (*t) {
		const char *b = strchr(t, '{'), *e = b ? strchr(b, '}') : NULL;

		if (b == NULL || e == NULL) {
			put(o, "%s", t);
			return;
		}
		put(o, "%.*s", (int)(b - t), t);
		if (strncmp(b, "{tile}", 6) == 0)
			put(o, "%s", r->tile >= 0 && r->tile < ts->ntypes ? ts->type[r->tile].code : "?");
		else if (strncmp(b, "{pos}", 5) == 0)
			put(o, "%d,%d", r->x, r->y);
		else if (strncmp(b, "{rot}", 5) == 0)
			put(o, "%d", r->rot * 90);
		else if (strncmp(b, "{n}", 3) == 0)
			put(o, "%d", r->n);
		else if (strncmp(b, "{player}", 8) == 0)
			put(o, "%s", names ? names[r->other_player] : "another player");
		else if (strncmp(b, "{piece}", 7) == 0)
			put(o, "%s", cr_role_name(r->role) ? cr_role_name(r->role) : "?");
		else if (strncmp(b, "{spot}", 6) == 0)
			put(o, "%s", cr_spot_name(r->spot) ? cr_spot_name(r->spot) : "?");
		else if (strncmp(b, "{token}", 7) == 0) {
			char tok[40];

			nt_format_token(r->arg, tok, sizeof tok);
			put(o, "%s", tok);
		}
		else
			put(o, "%.*s", (int)(e - b + 1), b);
		t = e + 1;
	}
}

/*
 * No copy of a type left: how many the set has and, in game g (if not
 * NULL), where they all went: "all 3 K of the set are used, on the board
 * at 1,0 2,0 -1,1; discarded at move 7".
 */
static void
no_copy(struct out *o, const struct cr_tileset *ts, const struct cr_game *g, int type)
{
	int onboard = 0, gone = 0;

	if (type < 0 || type >= ts->ntypes) {
		put(o, "no copy left: every ? of the supply is already used");
		return;
	}
	if (ts->type[type].count == 1)
		put(o, "no copy left: the one %s of the set is used", ts->type[type].code);
	else
		put(o, "no copy left: all %d %s of the set are used", ts->type[type].count,
		    ts->type[type].code);
	for (int i = 0; g != NULL && i < cr_game_ntiles(g); i++) {
		const struct cr_placed *t = cr_game_tile(g, i);

		if (t->type == type)
			put(o, "%s%d,%d", onboard++ ? " " : ", on the board at ", t->x, t->y);
	}
	for (int i = 0; g != NULL && i < cr_game_nmoves(g); i++) {
		const struct cr_move *m = cr_game_move(g, i);

		if (m->kind == CR_MOVE_DISCARD && m->tile == type)
			put(o, "%s%d", gone++ ? " " : onboard ? "; discarded at move " :
			    ", discarded at move ", i + 1);
	}
}

static int refusal(const struct cr_tileset *ts, const struct cr_game *g,
	    const struct cr_refusal *r, const char *const *names, char *buf, size_t size);

int
nt_refusal(const struct cr_tileset *ts, const struct cr_refusal *r,
    const char *const *names, char *buf, size_t size)
{
	return refusal(ts, NULL, r, names, buf, size);
}

int
nt_refusal_game(const struct cr_game *g, const struct cr_refusal *r,
    const char *const *names, char *buf, size_t size)
{
	return refusal(cr_game_tileset(g), g, r, names, buf, size);
}

static int
refusal(const struct cr_tileset *ts, const struct cr_game *g, const struct cr_refusal *r,
    const char *const *names, char *buf, size_t size)
{
	struct out o = { buf, buf ? size : 0, 0 };
	const char *code = r->tile >= 0 && r->tile < ts->ntypes ? ts->type[r->tile].code : "?";
	const char *role = cr_role_name(r->role);

	if (buf && size)
		buf[0] = '\0';
	switch (r->code) {
	case CR_OK:
		put(&o, "legal");
		break;
	case CR_R_GAME_OVER:
		put(&o, "the game is over: the final scoring has run, no move may follow");
		break;
	case CR_R_NO_COPY:
		no_copy(&o, ts, g, r->tile);
		break;
	case CR_R_OCCUPIED:
		put(&o, "one tile per square: %s at %d,%d, but %s already lies there",
		    code, r->x, r->y,
		    r->kind >= 0 && r->kind < ts->ntypes ? ts->type[r->kind].code : "a tile");
		break;
	case CR_R_NOT_ADJACENT:
		put(&o, "a tile must touch the board along an edge: %s at %d,%d has no neighbour north, east, south or west",
		    code, r->x, r->y);
		break;
	case CR_R_EDGE_MISMATCH:
		put(&o, "edges must match: %s at %d,%d rotation %d: its %s edge is %s, the tile at %d,%d shows %s on its %s edge",
		    code, r->x, r->y, r->rot * 90, dirs[r->dir], kind(r->kind),
		    r->other_x, r->other_y, kind(r->other_kind), dirs[(r->dir + 2) % 4]);
		break;
	case CR_R_DISCARD_FITS:
		put(&o, "a tile may be discarded only if it fits nowhere: %s fits at %d,%d rotation %d",
		    code, r->other_x, r->other_y, r->other_rot * 90);
		break;
	case CR_R_NO_MEEPLE: {
		const struct cr_pool *pl = cr_pool(r->pool);
		const char *who = names ? names[r->other_player] : "the player";

		if (pl == NULL)
			put(&o, "no piece left");
		else if (pl->count == 1 && r->n > 0)
			put(&o, "%s: %s's %s is already on the board (at %d,%d)", role ? role : "?",
			    who, pl->name, r->other_x, r->other_y);
		else if (pl->count == 1)
			put(&o, "%s: %s has no %s", role ? role : "?", who, pl->name);
		else
			put(&o, "no %s left: all %d of %s's %s are on the board", pl->name, pl->count,
			    who, pl->plural);
		break;
	}
	case CR_R_SPOT_NONE:
	case CR_R_SPOT_MANY: {
		const struct cr_piece *pc = cr_piece(r->role);
		bool two = pc != NULL && pc->kind2 != pc->kind;	/* a builder: road or city */

		put(&o, "a %s stands on a %s%s%s: %s at %d,%d rotation %d has %s %s%s%s at %s; "
		    "valid spots for a %s: ", role ? role : "meeple", kind(two ? pc->kind : r->kind),
		    two ? " or a " : "", two ? kind(pc->kind2) : "", code, r->x, r->y, r->rot * 90,
		    r->code == CR_R_SPOT_NONE ? "no" : "more than one", kind(two &&
		    r->code == CR_R_SPOT_NONE ? pc->kind : r->kind),
		    two && r->code == CR_R_SPOT_NONE ? " or " : "",
		    two && r->code == CR_R_SPOT_NONE ? kind(pc->kind2) : "",
		    cr_spot_name(r->spot), role ? role : "meeple");
		spots(&o, r->valid_spots);
		break;
	}
	case CR_R_FEATURE_TAKEN:
		put(&o, "one feature, one owner at placement: the %s at %s of %s at %d,%d joins a %s that already holds %s's %s",
		    kind(r->kind), cr_spot_name(r->spot), code, r->x, r->y, kind(r->kind),
		    names ? names[r->other_player] : "another player", nt_kind_role(r->kind));
		break;
	case CR_R_BAD_MOVE:
		put(&o, "malformed move: tile, rotation, role or spot out of range");
		break;
	case CR_R_NO_MEMORY:
		put(&o, "out of memory: the move was not applied");
		break;
	case CR_R_TOKEN: {
		char tok[40];
		int k = 0;

		if (r->n == 2) {
			nt_format_token(r->arg, tok, sizeof tok);
			put(&o, "a %s is written without a token, not with %s", role, tok);
			break;
		}
		put(&o, "a %s is written with the token drawn as it goes down:", role);
		for (int id = 1; cr_token(id) != NULL; id++)	/* its module's tokens */
			if (cr_token_ext(id) == cr_piece_ext(r->role))
				put(&o, "%s %s@%s %s%s", k++ ? " or" : "", role, cr_spot_name(r->spot),
				    cr_token(id)->word, cr_token(id)->max ? "=N" : "");
		break;
	}
	case CR_R_NOT_IN_PLAY:
		if (r->choice != 0 && cr_choice_ext(r->choice) == r->ext)
			put(&o, "\"%s\" is a choice of %s, which is not in play in this game",
			    cr_choice(r->choice)->word, cr_exts[r->ext]->name);
		else if (r->role != CR_ROLE_NONE && cr_piece_ext(r->role) == r->ext)
			put(&o, "%s is a piece of %s, which is not in play in this game", role,
			    r->ext >= 0 ? cr_exts[r->ext]->name : "another set");
		else
			put(&o, "%s is a tile of %s, which is not in play in this game", code,
			    r->ext >= 0 ? cr_exts[r->ext]->name : "another set");
		break;
	case CR_R_EXT:
		fill(&o, cr_phrase(r->phrase), ts, r, names);
		break;
	}
	return o.n;
}
