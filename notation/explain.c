/*
 * explain.c -- scoring events and refusals in words.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "explain.h"

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

const char *
nt_kind_role(int kind)
{
	switch (kind) {
	case CR_ROAD:		return "thief";
	case CR_CITY:		return "knight";
	case CR_CLOISTER:	return "monk";
	case CR_FIELD:		return "farmer";
	default:		return "meeple";
	}
}

/* "1 knight", "2 knights", "2 thieves". */
const char *
nt_kind_roles(int kind, int n)
{
	static const char *many[CR_NKINDS] = {
		[CR_FIELD] = "farmers", [CR_ROAD] = "thieves", [CR_CITY] = "knights",
		[CR_CLOISTER] = "monks", [CR_RIVER] = "meeples",
	};

	return n == 1 || kind < 0 || kind >= CR_NKINDS ? nt_kind_role(kind) : many[kind];
}

static void
why(struct out *o, const struct cr_event *ev)
{
	bool done = ev->reason == CR_EV_COMPLETED;

	switch (ev->reason == CR_EV_FARM_CITY ? -1 : ev->kind) {
	case -1:
		put(o, "completed city of %d %s at %d,%d, for the farmers of the fields around it: %d",
		    ev->tiles, plural(ev->tiles, "tile", "tiles"), ev->x, ev->y, ev->per_city);
		return;
	case CR_ROAD:
		put(o, "%s road of %d %s: %d x %d", done ? "completed" : "incomplete",
		    ev->tiles, plural(ev->tiles, "tile", "tiles"), ev->per_tile, ev->tiles);
		break;
	case CR_CITY:
		put(o, "%s city of %d %s", done ? "completed" : "incomplete",
		    ev->tiles, plural(ev->tiles, "tile", "tiles"));
		if (ev->pennants)
			put(o, " and %d %s", ev->pennants, plural(ev->pennants, "pennant", "pennants"));
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
	int nwin = 0, k = 0, best = 0;

	if (buf && size)
		buf[0] = '\0';
	why(&o, ev);
	for (int p = 0; p < nplayers; p++)
		if (ev->winners & (1u << p))
			nwin++, best = ev->meeples[p];
	put(&o, " = %d%s to ", ev->points, nwin > 1 ? " each" : "");
	for (int p = 0; p < nplayers; p++)
		if (ev->winners & (1u << p))
			put(&o, "%s%s", k++ ? (k == nwin ? " and " : ", ") : "", names[p]);
	put(&o, " (%d %s)", best, nt_kind_roles(ev->kind, best));
	k = 0;
	for (int p = 0; p < nplayers; p++)
		if (!(ev->winners & (1u << p)) && ev->meeples[p] > 0)
			put(&o, "%s%s has %d, fewer", k++ ? "; " : " - ", names[p], ev->meeples[p]);
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

int
nt_refusal(const struct cr_tileset *ts, const struct cr_refusal *r,
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
		put(&o, "no copy left: every %s of the supply is already used", code);
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
	case CR_R_NO_MEEPLE:
		put(&o, "no meeple left: all %d of the player's meeples are on the board", CR_MEEPLES);
		break;
	case CR_R_SPOT_NONE:
	case CR_R_SPOT_MANY:
		put(&o, "a %s stands on a %s: %s at %d,%d rotation %d has %s %s at %s; valid spots for a %s: ",
		    role ? role : "meeple", kind(r->kind), code, r->x, r->y, r->rot * 90,
		    r->code == CR_R_SPOT_NONE ? "no" : "more than one", kind(r->kind),
		    cr_spot_name(r->spot), role ? role : "meeple");
		spots(&o, r->valid_spots);
		break;
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
	}
	return o.n;
}
