/*
 * tile-parts.c -- the tile game's events in parts, for the points by
 * category (game.h's event_parts): the category an event counts under
 * (its label: road, city, cloister, field, or a module's own, goods, a
 * flock) and the extras a module put inside it, each with its share of
 * what the event paid a player.
 *
 * From the engine's event alone: its plain price (what the base game
 * pays for the feature), the phrase naming a module's change to that
 * price (share: an inn's, a cathedral's, whose part is the difference,
 * below 0 where it takes away) and its terms (a pig's, vineyards'), each
 * counted for the winners it is for.
 */
#include "explain.h"
#include "i18n.h"
#include "tile.h"
#include "../rules/ext.h"

/* The score pad's order of the base game's features, other kinds after
 * them by number; a module's own events after all kinds, in the
 * registry's order (their phrase ids). */
static int
rank_of(const struct cr_event *ev)
{
	static const int pad[] = {
		[CR_ROAD] = 1, [CR_CITY] = 2, [CR_CLOISTER] = 3, [CR_FIELD] = 4,
	};

	if (ev->what != 0)
		return 0x10000 + ev->what;
	if (ev->kind < sizeof pad / sizeof pad[0] && pad[ev->kind] != 0)
		return pad[ev->kind];
	return 0x100 + ev->kind;
}

static const char *
word(int phrase)
{
	const char *s = cr_phrase(phrase);

	return *s != '\0' ? _(s) : s;
}

int
nt__tile_event_parts(const void *g, int i, int p, struct nt_part *parts, int max)
{
	int n, k = 1, price;
	const struct cr_event *ev = &cr_game_events(g, &n)[i];
	bool feature = ev->reason != CR_EV_TAKE && ev->reason != CR_EV_MODULE &&
	    ev->reason != CR_EV_EXTRA;

	parts[0] = (struct nt_part){ nt_event_label(ev), nt_event_name(ev), rank_of(ev),
	    p >= 0 && p < CR_MAXPLAYERS ? ev->pay[p] : 0 };
	if (!feature || p < 0 || p >= CR_MAXPLAYERS || !(ev->winners & (1u << p)))
		return 1;	/* a module's own event: its terms are its arithmetic */
	/* The price every winner is paid, its terms for all of them aside. */
	price = ev->points;
	for (int t = 0; t < ev->nterm; t++)
		if (ev->term[t].only == 0)
			price -= ev->term[t].count * ev->term[t].per;
	if (ev->share != 0 && k < max) {
		parts[k++] = (struct nt_part){ cr_phrase(ev->share), word(ev->share), ev->share,
		    price - ev->plain };
		parts[0].points -= price - ev->plain;
	}
	for (int t = 0; t < ev->nterm && k < max; t++)
		if (ev->term[t].only == 0 || (ev->term[t].only & (1u << p))) {
			int v = ev->term[t].count * ev->term[t].per;

			parts[k++] = (struct nt_part){ cr_phrase(ev->term[t].phrase),
			    word(ev->term[t].phrase), ev->term[t].phrase, v };
			parts[0].points -= v;
		}
	return k;
}
