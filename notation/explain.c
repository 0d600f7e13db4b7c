/*
 * explain.c -- scoring events and refusals in words.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "game.h"
#include "i18n.h"
#include "move.h"
#include "../rules/ext.h"

/* Appending to a fixed buffer: keeps the length snprintf would need. */
struct out {
	char	*buf;
	size_t	size;
	int	n;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

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

/*
 * The words put into a sentence, in the reader's language: a module's
 * phrase (cr_phrase() stays English: JSON and the tests read it), a
 * piece's word.  "" stays "": gettext("") is the catalogue's header.
 */
static const char *
tr(const char *s)
{
	return s != NULL && *s != '\0' ? _(s) : s;
}

static const char *
phrase(int id)
{
	return tr(cr_phrase(id));
}

/* A phrase with its count n: its words for one or for more, as the
 * reader's language counts. */
static const char *
phrase_n(int id, int n)
{
	const char *more = cr_phrase_plural(id);

	return more ? ngettext(cr_phrase(id), more, (unsigned long)n) : phrase(id);
}

/* A piece as a sentence names it ("big knight": "grand chevalier"), NULL
 * for none. */
static const char *
role_word(int role)
{
	return nt_piece_name(role, 1);
}

const char *
nt_piece_name(int role, int n)
{
	const struct cr_piece *p = cr_piece(role);

	if (p == NULL)
		return NULL;
	return n != 1 ? _(p->plural) : tr(p->name ? p->name : p->word);
}

/*
 * A feature kind as a sentence needs it, from its module's table: French
 * puts an article before it and makes words agree with it ("une route",
 * "le pré", "aucune ville"), so each use is its own message.
 */
enum form { F_A, F_THE, F_HAS_NO, F_HAS_MANY, F_DONE, F_WORD, F_EDGE };

static const char *
kform(int k, enum form f)
{
	const struct cr_kinddef *d = cr_kind(k);
	const char *w = NULL;

	if (d == NULL)
		return "?";
	switch (f) {
	case F_A:	w = d->a; break;
	case F_THE:	w = d->the; break;
	case F_HAS_NO:	w = d->has_no; break;
	case F_HAS_MANY: w = d->has_many; break;
	case F_DONE:	w = d->the_done; break;
	case F_EDGE:	w = d->edge; break;	/* what an edge shows: "road" ("une route") */
	case F_WORD:	break;			/* the bare word: the tile files' */
	}
	return w != NULL ? nt_tr(w) : _(d->name);
}

const char *
nt_kind_word(int kind)
{
	const struct cr_kinddef *d = cr_kind(kind);

	return d == NULL ? "?" : d->word != NULL ? nt_tr(d->word) : _(d->name);
}

void
nt_event_nums(const struct cr_event *ev, int nums[CR_NNUMS])
{
	memset(nums, 0, CR_NNUMS * sizeof *nums);
	nums[CR_N_TILES] = ev->tiles;
	nums[CR_N_AROUND] = ev->tiles - 1;
	nums[CR_N_CITIES] = ev->cities;
	nums[CR_N_PENNANTS] = ev->pennants;
	nums[CR_N_PER_TILE] = ev->per_tile;
	nums[CR_N_PER_PENNANT] = ev->per_pennant;
	nums[CR_N_PER_CITY] = ev->per_city;
	nums[CR_N_X] = ev->x;
	nums[CR_N_Y] = ev->y;
	nums[CR_N_POINTS] = ev->points;
}

void
nt_feature_nums(const struct cr_feature *f, int nums[CR_NNUMS])
{
	memset(nums, 0, CR_NNUMS * sizeof *nums);
	nums[CR_N_TILES] = f->tiles;
	nums[CR_N_AROUND] = f->tiles - 1;
	nums[CR_N_OPEN] = f->open;
	nums[CR_N_EDGES] = (f->open + 1) / 2;
	nums[CR_N_CITIES] = f->cities;
	nums[CR_N_PENNANTS] = f->pennants;
}

const char *
nt_say(const struct cr_say *s, const int *nums, int args[4])
{
	for (int i = 0; i < 4; i++)
		args[i] = s->n[i] > CR_N_NONE && s->n[i] < CR_NNUMS ? nums[s->n[i]] : 0;
	if (s->one == NULL)
		return NULL;
	return s->more != NULL ? ngettext(s->one, s->more, (unsigned long)args[0]) :
	    nt_tr(s->one);
}

/* A kind's phrase with the event's numbers, if it has one. */
static void
say(struct out *o, const struct cr_say *s, const int *nums)
{
	int a[4];
	const char *fmt = nt_say(s, nums, a);

	if (fmt != NULL)
		put(o, fmt, a[0], a[1], a[2], a[3]);
}

const char *
nt_spot_text(enum cr_spot s)
{
	switch (s) {	/* TRANSLATORS: the compass of your language, as people write it */
	case CR_SPOT_N:		return C_("spot", "N");
	case CR_SPOT_NNE:	return C_("spot", "NNE");
	case CR_SPOT_NE:	return C_("spot", "NE");
	case CR_SPOT_ENE:	return C_("spot", "ENE");
	case CR_SPOT_E:		return C_("spot", "E");
	case CR_SPOT_ESE:	return C_("spot", "ESE");
	case CR_SPOT_SE:	return C_("spot", "SE");
	case CR_SPOT_SSE:	return C_("spot", "SSE");
	case CR_SPOT_S:		return C_("spot", "S");
	case CR_SPOT_SSW:	return C_("spot", "SSW");
	case CR_SPOT_SW:	return C_("spot", "SW");
	case CR_SPOT_WSW:	return C_("spot", "WSW");
	case CR_SPOT_W:		return C_("spot", "W");
	case CR_SPOT_WNW:	return C_("spot", "WNW");
	case CR_SPOT_NW:	return C_("spot", "NW");
	case CR_SPOT_NNW:	return C_("spot", "NNW");
	case CR_SPOT_C:		return C_("spot", "C");
	default:		return "?";
	}
}

/* The piece for a kind of feature, the word people use: the first that
 * stands on it of the modules its game always has (the base game's). */
static const struct cr_piece *
kind_piece(int kind)
{
	uint32_t on = cr_rules_on(cr_ext_rules(cr_kind_ext(kind)));

	for (int id = 1; id < cr_npieces(); id++)
		if ((on >> cr_piece_ext(id) & 1) && cr_piece_kind(id, 0) == kind)
			return cr_piece(id);
	return NULL;
}

const char *
nt_kind_role(int kind)
{
	const struct cr_piece *p = kind_piece(kind);

	return p ? _(p->word) : _("meeple");
}

/* "1 knight", "2 knights", "2 thieves". */
const char *
nt_kind_roles(int kind, int n)
{
	const struct cr_piece *p = kind_piece(kind);

	return p == NULL ? (n == 1 ? _("meeple") : _("meeples")) : n == 1 ? _(p->word) :
	    _(p->plural);
}

const char *
nt_event_label(const struct cr_event *ev)
{
	return ev->what ? cr_phrase(ev->what) : cr_kind_name(ev->kind);
}

const char *
nt_event_name(const struct cr_event *ev)
{
	return tr(nt_event_label(ev));
}

/* A module's terms as a list of things: "2 wine, 1 cloth". */
static void
things(struct out *o, const struct cr_event *ev)
{
	for (int i = 0; i < ev->nterm; i++)
		put(o, "%s%d %s", i ? ", " : "", ev->term[i].count, phrase(ev->term[i].phrase));
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

/* Where a module's taking came from, and the module's rule for it:
 * " from the completed city at 0,1 (the player who placed ...)". */
static void
took_from(struct out *o, const struct cr_event *ev)
{
	if (ev->note)
		put(o, _(" from %s at %d,%d (%s)"), kform(ev->kind, F_DONE), ev->x, ev->y,
		    phrase(ev->note));
	else
		put(o, _(" from %s at %d,%d"), kform(ev->kind, F_DONE), ev->x, ev->y);
}

/* The terms a module added, for the players in who (those for some
 * winners only: a pig, only if one of them is in who). */
static void
terms(struct out *o, const struct cr_event *ev, unsigned who)
{
	for (int i = 0; i < ev->nterm; i++)
		if (ev->term[i].only == 0 || (ev->term[i].only & who))
			put(o, " + %d x %d (%s)", ev->term[i].per, ev->term[i].count,
			    phrase(ev->term[i].phrase));
}

/* The row of the game whose modules made ev, if it has words of its own
 * (struct nt_game.event_words), else NULL. */
static const struct nt_game *
words_row(const struct cr_event *ev)
{
	int e = cr_kind_ext(ev->kind), r = e >= 0 ? cr_ext_rules(e) : -1;
	const struct nt_game *row;

	if (r < 0 || r >= cr_ngames)
		return NULL;
	row = nt_game_find(cr_games[r]->name, strlen(cr_games[r]->name));
	return row != NULL && row->event_words != NULL ? row : NULL;
}

/*
 * The arithmetic: what was scored and its sums, with the terms of the
 * players in who (every term: ~0u); in the game's own words when it has
 * some for it (names: the players, NULL if unknown).
 */
static void kind_why(struct out *o, const struct cr_event *ev, unsigned who);

static void
why(struct out *o, const struct cr_event *ev, unsigned who, const char *const *names)
{
	const struct nt_game *row = words_row(ev);
	char small[256], *w;
	int role, n;

	if (row != NULL && (n = row->event_words(ev, names, &role, small, sizeof small)) >= 0) {
		if ((size_t)n < sizeof small)
			put(o, "%s", small);
		else if ((w = malloc((size_t)n + 1)) != NULL) {	/* longer: made again */
			if (row->event_words(ev, names, &role, w, (size_t)n + 1) >= 0)
				put(o, "%s", w);
			free(w);
		}
		return;
	}
	kind_why(o, ev, who);
}

/* The arithmetic in the kinds' words (and the modules' phrases). */
static void
kind_why(struct out *o, const struct cr_event *ev, unsigned who)
{
	bool done = ev->reason == CR_EV_COMPLETED;
	const struct cr_kinddef *k;
	int nwin, best, nums[CR_NNUMS];

	if (ev->reason == CR_EV_TAKE) {	/* a module's: what is taken, where, its rule */
		things(o, ev);
		took_from(o, ev);
		return;
	}
	if (ev->reason == CR_EV_MODULE || ev->reason == CR_EV_MODULE_END) {
		/* a module's: "herded at 1,2 (4 tokens): 1 x 8 (sheep)" */
		if (ev->sub > 0)
			put(o, ngettext("%s at %d,%d (%d token):", "%s at %d,%d (%d tokens):",
			    (unsigned long)ev->sub), phrase(ev->note), ev->x, ev->y, ev->sub);
		else
			put(o, _("%s at %d,%d:"), phrase(ev->note), ev->x, ev->y);
		for (int i = 0, k = 0; i < ev->nterm; i++)
			if (ev->term[i].only == 0 || (ev->term[i].only & who))
				put(o, "%s %d x %d (%s)", k++ ? " +" : "", ev->term[i].per,
				    ev->term[i].count, phrase(ev->term[i].phrase));
		return;
	}
	if (ev->reason == CR_EV_EXTRA) {	/* a module's majority of tokens */
		best = best_of(ev, CR_MAXPLAYERS, &nwin);
		put(o, nwin > 1 ? _("the most %s tokens (%d each): %d") :
		    _("the most %s tokens (%d): %d"), phrase(ev->note), best, ev->base);
		return;
	}

	k = cr_kind(ev->kind);
	if (k == NULL)
		return;
	nt_event_nums(ev, nums);
	if (ev->reason == CR_EV_FARM_CITY)	/* land paid through what it borders */
		say(o, &k->why_border, nums);
	else {
		say(o, !done ? &k->why_open : ev->alt && k->why_alt.one ? &k->why_alt :
		    &k->why_done, nums);
		if (ev->pennants)
			say(o, &k->count_and, nums);
		if (ev->note)
			put(o, " %s", phrase(ev->note));
		if (ev->small_city)
			say(o, &k->small, nums);
		say(o, &k->arith, nums);
		if (ev->pennants)
			say(o, &k->count_plus, nums);
	}
	terms(o, ev, who);
	if (ev->reason == CR_EV_FARM_CITY)
		return;
	if (!done && k->close != CR_CLOSE_NEVER)
		put(o, "%s", _(" at the end"));
}

/*
 * The sums alone, in numbers, for the players in who: what a second
 * group of winners gets, the feature said already ("3 x 2 + 1 x 2 (the
 * pig)").  False, nothing written, when the sums do not make what they
 * are paid (a module's own amounts): the amount says it alone then.
 */
static bool
sums(struct out *o, const struct cr_event *ev, unsigned who, int paid)
{
	int own = ev->points;

	for (int i = 0; i < ev->nterm; i++)
		if (ev->term[i].only & who)
			own += ev->term[i].count * ev->term[i].per;
	const struct cr_kinddef *k = cr_kind(ev->kind);
	int nums[CR_NNUMS];

	if (own != paid || ev->reason == CR_EV_MODULE || ev->reason == CR_EV_MODULE_END ||
	    ev->reason == CR_EV_EXTRA || k == NULL)
		return false;
	nt_event_nums(ev, nums);
	if (ev->reason == CR_EV_FARM_CITY)
		say(o, &k->sum_border, nums);
	else {
		say(o, ev->reason == CR_EV_COMPLETED ? &k->sum_done : &k->sum_open, nums);
		if (ev->pennants)
			say(o, &k->count_plus, nums);
	}
	terms(o, ev, who);
	return true;
}

/*
 * A text cut short to fit size bytes ends on a whole UTF-8 character, not
 * on half of an "é": the cut is put back to before the last one begun.
 */
static void
whole_chars(char *buf, size_t size, int n)
{
	size_t end, lead;
	unsigned char c;

	if (buf == NULL || size == 0 || n < 0 || (size_t)n < size)
		return;
	end = strlen(buf);
	for (lead = end; lead > 0 && ((unsigned char)buf[lead - 1] & 0xc0) == 0x80; lead--)
		;
	if (lead == 0 || (c = (unsigned char)buf[lead - 1]) < 0xc0)
		return;		/* ASCII last: nothing was cut */
	if (end - (lead - 1) < (c >= 0xf0 ? 4u : c >= 0xe0 ? 3u : 2u))
		buf[lead - 1] = '\0';
}

/* A module's own event that the module says itself (cr_ext.why), in
 * the reader's language, with g the places of its terms: how long, or -1
 * when the engine's words say it. */
static int
module_why(const struct cr_event *ev, const struct cr_game *g, const char *const *names,
    int nplayers, char *buf, size_t size)
{
	int e = ev->what >> 8, n;

	if (ev->what == 0 || e < 0 || e >= cr_nexts || cr_exts[e]->why == NULL)
		return -1;
	if (buf && size)
		buf[0] = '\0';
	n = cr_exts[e]->why(e, ev, g, names, nplayers, tr, buf, buf ? size : 0);
	whole_chars(buf, size, n);
	return n;
}

int
nt_event_why_kind(const struct cr_event *ev, char *buf, size_t size)
{
	struct out o = { buf, buf ? size : 0, 0 };

	if (buf && size)
		buf[0] = '\0';
	kind_why(&o, ev, ~0u);
	whole_chars(buf, size, o.n);
	return o.n;
}

int
nt_event_why(const struct cr_event *ev, char *buf, size_t size)
{
	struct out o = { buf, buf ? size : 0, 0 };
	int n;

	if ((n = module_why(ev, NULL, NULL, 0, buf, size)) >= 0)
		return n;
	if (buf && size)
		buf[0] = '\0';
	why(&o, ev, ~0u, NULL);
	whole_chars(buf, size, o.n);
	return o.n;
}

/* The piece of a kind that weighs w in majorities ("big thief" for 2),
 * the first module's first, NULL if none. */
static const struct cr_piece *
weighing(int kind, int w)
{
	for (int id = 1; id < cr_npieces(); id++)
		if (cr_piece_kind(id, 0) == kind && cr_piece(id)->weight == w &&
		    (cr_piece(id)->flags & CR_PIECE_FOLLOWER))
			return cr_piece(id);
	return NULL;
}

/* Player p's pieces on the event's feature, a big meeple among them:
 * "1 thief, 1 big thief counting 2". */
static void
weighed(struct out *o, const struct cr_event *ev, int p)
{
	const struct cr_piece *bp = weighing(ev->kind, 2);
	int big = ev->meeples[p] - ev->pieces[p], small = ev->pieces[p] - big;

	if (small > 0)
		put(o, "%d %s%s", small, nt_kind_roles(ev->kind, small), big > 0 ? ", " : "");
	if (big > 0)
		put(o, ngettext("%d %s counting 2", "%d %s counting 2 each", (unsigned long)big), big,
		    bp == NULL ? "?" : big == 1 ? tr(bp->name ? bp->name : bp->word) : _(bp->plural));
}

/* " = 8 to Anna", " = 6 points each to Anna and Ben": the players of
 * who, paid n each; bare, without " = " (no sums before it). */
static void
paid_to(struct out *o, unsigned who, int n, bool bare, const char *const *names,
    int nplayers)
{
	int k = 0, nwin = __builtin_popcount(who);

	if (bare)
		put(o, nwin > 1 ? _("%d points each to ") : _("%d to "), n);
	else
		put(o, nwin > 1 ? _(" = %d points each to ") : _(" = %d to "), n);
	for (int p = 0; p < nplayers; p++)
		if (who & (1u << p))
			put(o, "%s%s", k++ ? (k == nwin ? _(" and ") : ", ") : "", names[p]);
}

/* The players among who paid what p is paid, with p's own terms. */
static unsigned
like(const struct cr_event *ev, unsigned who, int p)
{
	unsigned same = 0;

	for (int q = 0; q < CR_MAXPLAYERS; q++) {
		bool terms_alike = true;

		if (!(who & (1u << q)) || ev->pay[q] != ev->pay[p])
			continue;
		for (int i = 0; i < ev->nterm; i++)
			terms_alike = terms_alike &&
			    !(ev->term[i].only & (1u << p)) == !(ev->term[i].only & (1u << q));
		if (terms_alike)
			same |= 1u << q;
	}
	return same;
}

/*
 * The sums and what each winner gets, the winners in groups paid alike:
 * the first group with the feature's words (or, with count, a majority
 * of tokens by its count), the next with their own sums: "...: 3 x 2 +
 * 1 x 2 (the pig) = 8 to Anna; 3 x 2 = 6 to Ben".  Whether every winner
 * is paid alike (one group).
 */
static bool
amounts(struct out *o, const struct cr_event *ev, const char *const *names, int nplayers,
    bool count)
{
	unsigned left = ev->winners & ((1u << nplayers) - 1), group;
	int p0 = left ? __builtin_ctz(left) : 0, nwin, best;
	bool alike;

	group = left ? like(ev, left, p0) : 0;
	alike = group == left;
	if (count && ev->reason == CR_EV_EXTRA) {	/* the count, not its arithmetic */
		best = best_of(ev, nplayers, &nwin);
		put(o, nwin > 1 ? _("the most %s tokens (%d each)") : _("the most %s tokens (%d)"),
		    phrase(ev->note), best);
	} else
		why(o, ev, group, names);
	paid_to(o, group, left ? ev->pay[p0] : ev->points, false, names, nplayers);
	for (left &= ~group; left != 0; left &= ~group) {
		bool bare;

		p0 = __builtin_ctz(left);
		group = like(ev, left, p0);
		put(o, "%s", C_("between clauses", "; "));
		bare = !sums(o, ev, group, ev->pay[p0]);	/* a module's own amount */
		paid_to(o, group, ev->pay[p0], bare, names, nplayers);
	}
	return alike;
}

int
nt_event_why_paid(const struct cr_event *ev, const char *const *names, int nplayers,
    char *buf, size_t size)
{
	unsigned left = ev->winners & ((1u << nplayers) - 1);
	struct out o = { buf, buf ? size : 0, 0 };
	int n;

	if ((n = module_why(ev, NULL, names, nplayers, buf, size)) >= 0)
		return n;
	if (left == 0 || ev->reason == CR_EV_TAKE || like(ev, left, __builtin_ctz(left)) == left)
		return nt_event_why(ev, buf, size);	/* one amount: the arithmetic alone */
	if (buf && size)
		buf[0] = '\0';
	amounts(&o, ev, names, nplayers, false);
	whole_chars(buf, size, o.n);
	return o.n;
}

int
nt_event_explain(const struct cr_event *ev, const char *const *names, int nplayers,
    char *buf, size_t size)
{
	struct out o = { buf, buf ? size : 0, 0 };
	const struct nt_game *row;
	int nwin = 0, k = 0, best = 0, weighted = -1, role;
	bool alike;

	if ((k = module_why(ev, NULL, names, nplayers, buf, size)) >= 0)
		return k;
	k = 0;
	if (buf && size)
		buf[0] = '\0';
	if (ev->reason == CR_EV_TAKE) {	/* "Anna takes 2 wine, 1 cloth from..." */
		for (int p = 0; p < nplayers; p++)
			if (ev->winners & (1u << p))
				put(&o, _("%s takes "), names[p]);
		things(&o, ev);
		took_from(&o, ev);
		whole_chars(buf, size, o.n);
		return o.n;
	}
	best = best_of(ev, nplayers, &nwin);
	alike = amounts(&o, ev, names, nplayers, true);
	for (int p = 0; p < nplayers; p++)	/* a big meeple counts 2: say so */
		if ((ev->winners & (1u << p)) && ev->pieces[p] && ev->pieces[p] != ev->meeples[p])
			weighted = p;
	if ((row = words_row(ev)) != NULL) {	/* the game's own: its role's counts */
		char scratch[8];

		row->event_words(ev, names, &role, scratch, sizeof scratch);
		if (role >= 0 && best > 0)
			put(&o, nwin > 1 ? _(" (tied, %d %s each)") : " (%d %s)", best,
			    role > 0 ? nt_piece_name(role, best) : nt_kind_roles(ev->kind, best));
		if (role < 0)	/* no majority said, nor who has fewer */
			nplayers = 0;
	} else if (ev->reason == CR_EV_EXTRA || ev->reason == CR_EV_MODULE ||
	    ev->reason == CR_EV_MODULE_END)
		;	/* the counts are the tokens or the sheep, said above */
	else if (!alike && weighted >= 0)	/* paid differently, a majority: a tie */
		put(&o, _(" (tied, %d each, a big meeple counting 2)"), best);
	else if (!alike)
		put(&o, _(" (tied, %d %s each)"), best, nt_kind_roles(ev->kind, best));
	else if (weighted >= 0) {
		char pcs[160];	/* the pieces' words: the tables', never a record's */
		struct out w = { pcs, sizeof pcs, 0 };

		weighed(&w, ev, weighted);
		whole_chars(pcs, sizeof pcs, w.n);
		put(&o, _(" (%d: %s)"), best, pcs);
	} else
		put(&o, " (%d %s)", best, nt_kind_roles(ev->kind, best));
	k = 0;
	for (int p = 0; p < nplayers; p++)
		if (!(ev->winners & (1u << p)) && ev->meeples[p] > 0) {
			put(&o, "%s", k++ ? C_("between clauses", "; ") : " - ");
			put(&o, ev->tied & (1u << p) ? _("%s has %d, as many") :
			    _("%s has %d, fewer"), names[p], ev->meeples[p]);
		}
	if (ev->tie)	/* "a follower on a hill breaks the tie" */
		put(&o, "%s%s", C_("between clauses", "; "), phrase(ev->tie));
	whole_chars(buf, size, o.n);
	return o.n;
}

int
nt_event_places(const struct cr_game *g, const struct cr_event *ev, const char *const *names,
    int nplayers, char *buf, size_t size)
{
	int n = module_why(ev, g, names, nplayers, buf, size);

	return n >= 0 ? n : nt_event_explain(ev, names, nplayers, buf, size);
}

/* An event's account (see nt_event_account) into buf. */
static int
account(const struct cr_event *ev, const char *const *names, int nplayers, char *buf,
    size_t size)
{
	struct out o = { buf, buf ? size : 0, 0 };

	if (ev->winners)
		return nt_event_explain(ev, names, nplayers, buf, size);
	if (buf && size)
		buf[0] = '\0';
	why(&o, ev, ~0u, names);	/* paying nobody: a city with no farmer beside it */
	if (ev->reason == CR_EV_FARM_CITY && cr_kind(ev->kind) != NULL) {
		int nums[CR_NNUMS];

		nt_event_nums(ev, nums);
		say(&o, &cr_kind(ev->kind)->nobody_border, nums);
	} else
		put(&o, _(" = %d, to nobody"), ev->points);
	whole_chars(buf, size, o.n);
	return o.n;
}

char *
nt_event_account(const struct cr_event *ev, const char *const *names, int nplayers)
{
	int n = account(ev, names, nplayers, NULL, 0);
	char *s = malloc((size_t)n + 1);

	if (s != NULL)
		account(ev, names, nplayers, s, (size_t)n + 1);
	return s;
}

/* say(ctx, fmt, ...): a line of nt_farm_lines. */
typedef void say_fn(void *ctx, const char *fmt, va_list ap);
static void say_line(say_fn *say, void *ctx, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
say_line(say_fn *say, void *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(ctx, fmt, ap);
	va_end(ap);
}

int
nt_farm_lines(const struct cr_game *g, int seg, const char *const *names, say_fn *say,
    void *ctx)
{
	const struct cr_kinddef *lk;
	const struct cr_event *past;
	struct cr_feature f;
	struct cr_event *ev;
	int n, npast, np = cr_game_nplayers(g), land = -1;
	bool over = cr_game_over(g), border;

	cr_game_feature(g, seg, &f);
	/* Land without a price of its own (edition 1's fields), or what it
	 * borders (a city). */
	for (int k = 0; k < cr_nkinds() && land < 0; k++)
		if ((cr_kind_flags(k) & CR_KIND_LAND) && !cr_game_kind_priced(g, k) &&
		    (k == f.kind || cr_kind_borders(k) == f.kind))
			land = k;
	if (land < 0)
		return 0;
	lk = cr_kind(land);
	border = f.kind != land;
	/* A city at the end: its event for its farmers is among its own. */
	if (border && over)
		return 0;
	if (border && !f.complete) {
		say_line(say, ctx, "%s", nt_tr(lk->border_open));
		return 1;
	}
	if (!border)
		say_line(say, ctx, "%s", nt_tr(lk->border_intro));
	if ((n = cr_game_farm_cities(g, seg, NULL, 0)) == 0) {	/* a field's: none */
		say_line(say, ctx, "%s", nt_tr(lk->border_none));
		return 2;
	}
	if ((ev = calloc((size_t)n, sizeof *ev)) == NULL) {
		say_line(say, ctx, "%s", _("  (out of memory)"));
		return 1 + !border;
	}
	cr_game_farm_cities(g, seg, ev, n);
	past = cr_game_events(g, &npast);
	for (int i = 0; i < n; i++) {
		const struct cr_event *e = &ev[i];
		char *acc;

		for (int k = 0; over && k < npast; k++)	/* what the end paid, as it did */
			if (past[k].reason == CR_EV_FARM_CITY && past[k].feature == ev[i].feature)
				e = &past[k];
		acc = nt_event_account(e, names, np);
		if (border)
			say_line(say, ctx, nt_tr(lk->border_now), acc ? acc : "?");
		else if (e != &ev[i])
			say_line(say, ctx, _("    scored at move %d (final scoring): %s"), e->move,
			    acc ? acc : "?");
		else if (over)	/* no farmer beside that city: no event */
			say_line(say, ctx, _("    at the final scoring: %s"), acc ? acc : "?");
		else
			say_line(say, ctx, _("    if the game ended now: %s"), acc ? acc : "?");
		free(acc);
	}
	free(ev);
	return n + !border;
}

static void
spots(struct out *o, uint32_t valid)
{
	int k = 0;

	for (int s = 0; s < CR_NSPOTS; s++)
		if (valid & (1u << s))
			put(o, "%s%s", k++ ? " " : "", nt_spot_text((enum cr_spot)s));
	if (k == 0)
		put(o, "%s", _("nowhere on this tile"));
}

/* The module whose start of several squares type is a square of
 * (cr_tiletype.part), when it names them (cr_ext.part_name): NULL. */
static const struct cr_ext *
part_of(const struct cr_tileset *ts, int type)
{
	if (ts == NULL || type < 0 || type >= ts->ntypes || !ts->type[type].part)
		return NULL;
	for (int e = 0; e < cr_nexts; e++)
		if (cr_exts[e]->tiles != NULL && cr_exts[e]->part_name != NULL &&
		    strcmp(cr_exts[e]->name, ts->setname[ts->typeset[type]]) == 0)
			return cr_exts[e];
	return NULL;
}

/* Issue 21: what a refusal of the followers on land tiles names, from
 * the game as it stands (nothing without one): {followers} player
 * other_player's (" (thief at 2,4, knight at 4,2)"), {standing} the
 * follower at x,y against the spot named ("Anna's thief at 2,4 stands
 * on the road (N, S), not on the city at E; write plague=2,4 or
 * plague=2,4:S", the move's token word), {nothere} why none stands at
 * x,y (" (the Wheel of Fortune board lies there)"). */
static void
at_square(struct out *o, const struct cr_game *g, const struct cr_refusal *r,
    const char *const *names, const char *what)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	const struct cr_placed *t = cr_game_at(g, r->x, r->y);
	int k = 0, other = -1;

	for (int f = 0; f < cr_game_nfigures(g); f++) {
		const struct cr_figure *fig = cr_game_figure(g, f);
		const struct cr_placed *on = cr_game_tile(g, cr_node_tile(g, fig->node));
		bool fol = (cr_piece(fig->role)->flags & CR_PIECE_FOLLOWER) != 0;

		if (!fig->on_board || on == NULL)
			continue;
		if (what[1] == 'f' && fol && fig->player == r->other_player)	/* {followers} */
			put(o, "%s", k++ ? ", " : " ("), put(o, _("%s at %d,%d"),
			    nt_piece_name(fig->role, 1), on->x, on->y);
		if (on->x != r->x || on->y != r->y)
			continue;
		if (what[1] == 'n' && !fol && other < 0)	/* {nothere}: a piece alone */
			other = f;
		if (what[1] == 's' && fol && k++ == 0) {	/* {standing} */
			const struct cr_seg *sg = cr_node_data(g, fig->node);
			cr_ports ports = sg ? cr_ports_rotate(sg->ports, on->rot) : 0;
			cr_ports at = cr_spot_ports(r->spot);
			int j = 0, seg = -1;

			put(o, _("%s's %s at %d,%d stands on %s ("), names ? names[fig->player] : "?",
			    nt_piece_name(fig->role, 1), on->x, on->y, kform(sg ? sg->kind : 0, F_THE));
			for (int d = 0; d < CR_NDIRS; d++)
				if (ports & cr_spot_ports((enum cr_spot)(d * 4)))
					put(o, "%s%s", j++ ? ", " : "", nt_spot_text((enum cr_spot)(d * 4)));
			if (j == 0)
				put(o, "%s", nt_spot_text(CR_SPOT_C));
			for (int p = 0; p < CR_NPORTS && seg < 0; p++)
				if (at >> p & 1)
					seg = ts->type[on->type].portseg[on->rot][p];
			if (seg >= 0)
				put(o, _("), not on %s at %s"),
				    kform(ts->type[on->type].seg[seg].kind, F_THE), nt_spot_text(r->spot));
			else
				put(o, _("), not on anything at %s"), nt_spot_text(r->spot));
			put(o, _("; write %s=%d,%d or %s=%d,%d:%s"), cr_token(CR_TOKEN_ID(r->arg)) ?
			    cr_token(CR_TOKEN_ID(r->arg))->word : "?", r->x, r->y,
			    cr_token(CR_TOKEN_ID(r->arg)) ? cr_token(CR_TOKEN_ID(r->arg))->word : "?",
			    r->x, r->y, cr_spot_name((enum cr_spot)fig->spot));
		}
	}
	if (what[1] == 'f' && k > 0)
		put(o, ")");
	if (what[1] != 'n')
		return;
	if (t == NULL)
		put(o, "%s", _(" (no tile lies there)"));
	else if (part_of(ts, t->type) != NULL)
		put(o, _(" (%s lies there)"), _(part_of(ts, t->type)->part_name));
	else if (other >= 0)
		put(o, _(" (only %s's %s stands there)"), names ?
		    names[cr_game_figure(g, other)->player] : "?",
		    nt_piece_name(cr_game_figure(g, other)->role, 1));
	else
		put(o, "%s", _(" (nobody stands there)"));
}

/*
 * A module's words for its rule (translated), its fields filled in:
 * {tile} the tile's code, {pos} x,y, {other} other_x,other_y, {rot} the
 * rotation in degrees, {n} the number, {m} a second one, {word0} and
 * {word1} phrases of the module's (translated), {line} the data's line it rests on, {data} its file (or the record) and
 * line, {source} its file (or the record), {player} the other player, {piece} the piece's word,
 * {spot}, {token}.  {piece}@{spot} and {token} are the notation's, as a
 * line writes them: they stay in its words.
 */
static void
fill(struct out *o, const char *t, const struct cr_tileset *ts, const struct cr_refusal *r,
    const char *const *names, const struct cr_game *g)
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
		else if (strncmp(b, "{m}", 3) == 0)
			put(o, "%d", r->m);
		else if (strncmp(b, "{other}", 7) == 0)
			put(o, "%d,%d", r->other_x, r->other_y);
		else if (strncmp(b, "{word0}", 7) == 0 || strncmp(b, "{word1}", 7) == 0)
			put(o, "%s", tr(cr_phrase(CR_PHRASE(r->ext, r->words[b[5] - '0']))));
		else if (strncmp(b, "{line}", 6) == 0)	/* the data's line it rests on */
			put(o, "%d", r->line);
		else if (strncmp(b, "{data}", 6) == 0 && r->source != NULL && r->line > 0)
			put(o, _("%s line %d"), r->source, r->line);	/* its file and line */
		else if (strncmp(b, "{data}", 6) == 0)
			put(o, _("the record's line %d"), r->line < 0 ? -r->line : r->line);
		else if (strncmp(b, "{source}", 8) == 0)	/* its file */
			put(o, "%s", r->source != NULL ? r->source : _("the record"));
		else if (strncmp(b, "{player}", 8) == 0)
			put(o, "%s", names ? names[r->other_player] : _("another player"));
		else if (strncmp(b, "{piece}", 7) == 0)
			put(o, "%s", cr_role_name(r->role) ? cr_role_name(r->role) : "?");
		else if (strncmp(b, "{spot}", 6) == 0)
			put(o, "%s", cr_spot_name(r->spot) ? cr_spot_name(r->spot) : "?");
		else if (strncmp(b, "{followers}", 11) == 0 || strncmp(b, "{standing}", 10) == 0 ||
		    strncmp(b, "{nothere}", 9) == 0) {
			if (g != NULL)	/* the game as the refusal found it */
				at_square(o, g, r, names, b);
			else if (b[1] == 's')
				put(o, "%s", _("the follower there does not stand on the feature at "
				    "that spot"));
		} else if (strncmp(b, "{token}", 7) == 0) {
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
/* Do types a and b show one layout (edges, features and their ports)
 * when b lies turned some quarter turns? */
static bool
same_layout(const struct cr_tiletype *a, const struct cr_tiletype *b)
{
	if (a->nseg != b->nseg)
		return false;
	for (int r = 0; r < 4; r++) {
		bool same = true;

		for (int d = 0; d < CR_NDIRS && same; d++)
			same = cr_tile_edge(a, 0, d) == cr_tile_edge(b, r, d);
		for (int i = 0; i < a->nseg && same; i++) {
			bool found = false;

			for (int j = 0; j < b->nseg && !found; j++)
				found = a->seg[i].kind == b->seg[j].kind &&
				    a->seg[i].pennants == b->seg[j].pennants &&
				    a->seg[i].ports == cr_ports_rotate(b->seg[j].ports, r);
			same = found;
		}
		if (same)
			return true;
	}
	return false;
}

/* Issue 21: a type with no copy left, and its twin of a set that marks
 * its tiles (cr_ext.set_mark), in play: "; a U with the Wheel of
 * Fortune set symbol is WF-31". */
static void
twin(struct out *o, const struct cr_tileset *ts, const struct cr_game *g, int type)
{
	struct cr_refusal w;

	for (int t = 0; g != NULL && t < ts->ntypes; t++) {
		const char *name = ts->setname[ts->typeset[t]];

		if (t == type || ts->type[t].part || ts->typeset[t] == ts->typeset[type] ||
		    !same_layout(&ts->type[type], &ts->type[t]) ||
		    (!cr_game_drawable(g, t, &w) && w.code == CR_R_NOT_IN_PLAY))
			continue;
		for (int e = 0; e < cr_nexts; e++)
			if (cr_exts[e]->set_mark != NULL && strcmp(cr_exts[e]->name, name) == 0) {
				put(o, _("; a %s with %s is %s"), ts->type[type].code,
				    _(cr_exts[e]->set_mark), ts->type[t].code);
				return;
			}
	}
}

static void
no_copy(struct out *o, const struct cr_tileset *ts, const struct cr_game *g, int type)
{
	int onboard = 0, gone = 0, ngone = 0;

	if (type < 0 || type >= ts->ntypes) {
		put(o, "%s", _("no copy left: every ? of the supply is already used"));
		return;
	}
	if (ts->type[type].count == 1)
		put(o, _("no copy left: the one %s of the set is used"), ts->type[type].code);
	else
		put(o, _("no copy left: all %d %s of the set are used"), ts->type[type].count,
		    ts->type[type].code);
	for (int i = 0; g != NULL && i < cr_game_ntiles(g); i++) {
		const struct cr_placed *t = cr_game_tile(g, i);

		if (t->type == type)
			put(o, "%s%d,%d", onboard++ ? " " : _(", on the board at "), t->x, t->y);
	}
	for (int i = 0; g != NULL && i < cr_game_nmoves(g); i++)
		if (cr_game_move(g, i)->kind == CR_MOVE_DISCARD && cr_game_move(g, i)->tile == type)
			ngone++;
	for (int i = 0; g != NULL && i < cr_game_nmoves(g); i++) {
		const struct cr_move *m = cr_game_move(g, i);

		if (m->kind == CR_MOVE_DISCARD && m->tile == type)
			/* TRANSLATORS: before the numbers of the moves that
			 * discarded the tile; English says "move" for any count */
			put(o, "%s%d", gone++ ? " " : onboard ?
			    ngettext("; discarded at move ", "; discarded at move ",
			    (unsigned long)ngone) : ngettext(", discarded at move ",
			    ", discarded at move ", (unsigned long)ngone), i + 1);
	}
	twin(o, ts, g, type);
}

/*
 * A refusal's short name for JSON (the contracts' kinds: notation.md,
 * ../shared/spec/wheel-of-fortune.md 4.6): the tile game's own by its
 * code, a module's rule by its table (cr_ext.refusal_kinds), a space's
 * by the space's.
 */
const char *
nt_refusal_kind(const struct cr_refusal *r)
{
	static char buf[40];
	const struct cr_ext *x;

	switch (r->code) {
	case CR_OK:		return NULL;
	case CR_R_GAME_OVER:	return "game-over";
	case CR_R_NO_COPY:	return "tile-exhausted";
	case CR_R_OCCUPIED:	return "position-occupied";
	case CR_R_NOT_ADJACENT:	return "not-adjacent";
	case CR_R_EDGE_MISMATCH: return "tile-edge-mismatch";
	case CR_R_DISCARD_FITS:	return "discard-fits";
	case CR_R_NO_MEEPLE:
		if (r->pool == 0)
			return "no-meeples-left";
		return r->space != 0 && cr_pool(r->pool) && cr_pool(r->pool)->space_kind ?
		    cr_pool(r->pool)->space_kind : "no-pieces-left";
	case CR_R_SPOT_NONE:	return "no-feature-at-spot";
	case CR_R_SPOT_MANY:	return "ambiguous-spot";
	case CR_R_FEATURE_TAKEN: return "meeple-on-occupied-feature";
	case CR_R_BAD_MOVE:	return "syntax";
	case CR_R_NO_MEMORY:	return "no-memory";
	case CR_R_TOKEN:	return "token-mismatch";
	case CR_R_SPACE_FULL:
		return cr_space(r->space) && cr_space(r->space)->full_kind ?
		    cr_space(r->space)->full_kind : "space-full";
	case CR_R_NOT_IN_PLAY:
		if (r->arg != 0 && cr_token(CR_TOKEN_ID(r->arg)) != NULL &&
		    cr_token(CR_TOKEN_ID(r->arg))->drawn && cr_token_ext(CR_TOKEN_ID(r->arg)) == r->ext) {
			/* issue 21: said of the copy drawn, checked before the piece;
			 * named by the module's first such token ("wheel-not-in-play",
			 * for plague= too) */
			int id = 1;

			while (cr_token(id) != NULL && (!cr_token(id)->drawn || cr_token_ext(id) != r->ext))
				id++;
			snprintf(buf, sizeof buf, "%s-not-in-play", cr_token(id) ? cr_token(id)->word :
			    cr_token(CR_TOKEN_ID(r->arg))->word);
			return buf;
		}
		if (r->choice != 0 && cr_choice_ext(r->choice) == r->ext)
			return "choice-not-in-play";
		if (r->role != CR_ROLE_NONE && (cr_piece_ext(r->role) == r->ext ||
		    cr_pool_ext(cr_piece_pool(r->role)) == r->ext))
			return "piece-not-in-play";
		if (r->arg != 0 && cr_token(CR_TOKEN_ID(r->arg)) != NULL &&
		    cr_token_ext(CR_TOKEN_ID(r->arg)) == r->ext) {	/* "wheel-not-in-play" */
			snprintf(buf, sizeof buf, "%s-not-in-play", cr_token(CR_TOKEN_ID(r->arg))->word);
			return buf;
		}
		return "tile-not-in-play";
	case CR_R_EXT:
		x = r->ext >= 0 && r->ext < cr_nexts ? cr_exts[r->ext] : NULL;
		if (x != NULL && (r->phrase & 0xff) < x->nrefusal_kinds &&
		    x->refusal_kinds[r->phrase & 0xff] != NULL)
			return x->refusal_kinds[r->phrase & 0xff];
		return "rule";
	}
	return "rule";
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

/* A piece on a spot that names no feature of its kind, or several: the
 * rule, the evidence and where the piece may stand. */
static void
wrong_spot(struct out *o, const struct cr_tileset *ts, const struct cr_refusal *r)
{
	const struct cr_piece *pc = cr_piece(r->role);
	const char *code = r->tile >= 0 && r->tile < ts->ntypes ? ts->type[r->tile].code : "?";
	const char *role = role_word(r->role) ? role_word(r->role) : _("meeple");
	const char *spot = nt_spot_text(r->spot);
	int k1 = cr_piece_kind(r->role, 0), k2 = cr_piece_kind(r->role, 1);
	bool two = pc != NULL && k2 != k1;	/* a builder: road or city */

	if (two && r->code == CR_R_SPOT_NONE)
		put(o, _("a %s stands on %s or %s: %s at %d,%d rotation %d has no %s or %s at "
		    "%s; valid spots for a %s: "), role, kform(k1, F_A),
		    kform(k2, F_A), code, r->x, r->y, r->rot * 90, kform(k1, F_WORD),
		    kform(k2, F_WORD), spot, role);
	else if (two)
		put(o, _("a %s stands on %s or %s: %s at %d,%d rotation %d %s at %s; valid "
		    "spots for a %s: "), role, kform(k1, F_A), kform(k2, F_A),
		    code, r->x, r->y, r->rot * 90, kform(r->kind, F_HAS_MANY), spot, role);
	else
		put(o, _("a %s stands on %s: %s at %d,%d rotation %d %s at %s; valid spots "
		    "for a %s: "), role, kform(r->kind, F_A), code, r->x, r->y, r->rot * 90,
		    kform(r->kind, r->code == CR_R_SPOT_NONE ? F_HAS_NO : F_HAS_MANY), spot, role);
	spots(o, r->valid_spots);
}

/* After a tile refused at its square: the rotations that fit there
 * (each look once: a tile the same turned 180 degrees counts once), if
 * the engine worked them out. */
static void
fits_there(struct out *o, const struct cr_tileset *ts, const struct cr_refusal *r)
{
	char list[32];
	size_t n = 0;
	int k = 0;

	if (!(r->fits & CR_FITS_KNOWN) || r->tile < 0 || r->tile >= ts->ntypes)
		return;
	for (int rot = 0; rot < 4; rot++)
		if ((r->fits & (1u << rot)) && cr_tile_rot_rep(&ts->type[r->tile], rot) == rot)
			n += (size_t)snprintf(list + n, sizeof list - n, "%s%d", k++ ? ", " : "",
			    rot * 90);
	if (k == 0)
		put(o, _("; no rotation of %s fits at %d,%d"), ts->type[r->tile].code, r->x, r->y);
	else
		put(o, ngettext("; the rotation that fits at %d,%d: %s",
		    "; the rotations that fit at %d,%d: %s", (unsigned long)k), r->x, r->y, list);
}

static int
refusal(const struct cr_tileset *ts, const struct cr_game *g, const struct cr_refusal *r,
    const char *const *names, char *buf, size_t size)
{
	struct out o = { buf, buf ? size : 0, 0 };
	const char *code = r->tile >= 0 && r->tile < ts->ntypes ? ts->type[r->tile].code : "?";
	/* A piece as the move names it ("big-knight"); wrong_spot's words
	 * name it as sentences do ("a big knight stands on a city"). */
	const char *word = tr(cr_role_name(r->role));
	const char *other = names ? names[r->other_player] : _("another player");
	const struct cr_ext *px;

	if (buf && size)
		buf[0] = '\0';
	switch (r->code) {
	case CR_OK:
		put(&o, "%s", _("legal"));
		break;
	case CR_R_GAME_OVER:
		put(&o, "%s", _("the game is over: the final scoring has run, no move may follow"));
		break;
	case CR_R_NO_COPY:
		no_copy(&o, ts, g, r->tile);
		break;
	case CR_R_OCCUPIED:
		if ((px = part_of(ts, r->kind)) != NULL)	/* issue 21: the wheel's board */
			put(&o, _("one tile per square: %s at %d,%d, but %s lies there (%s)"), code,
			    r->x, r->y, _(px->part_name), _(px->part_covers));
		else
			put(&o, _("one tile per square: %s at %d,%d, but %s already lies there"),
			    code, r->x, r->y,
			    r->kind >= 0 && r->kind < ts->ntypes ? ts->type[r->kind].code : _("a tile"));
		break;
	case CR_R_NOT_ADJACENT:
		put(&o, _("a tile must touch the board along an edge: %s at %d,%d has no "
		    "neighbour north, east, south or west"), code, r->x, r->y);
		break;
	case CR_R_EDGE_MISMATCH:
		if ((px = part_of(ts, r->other_type)) != NULL)	/* "the board shows city on..." */
			put(&o, _("edges must match: %s at %d,%d rotation %d: its %s edge is %s, %s "
			    "shows %s on the %s edge of %d,%d"), code, r->x, r->y, r->rot * 90,
			    nt_spot_text((enum cr_spot)(r->dir * 4)), kform(r->kind, F_EDGE),
			    _(px->part_the), kform(r->other_kind, F_EDGE),
			    nt_spot_text((enum cr_spot)((r->dir + 2) % 4 * 4)), r->other_x, r->other_y);
		else
			put(&o, _("edges must match: %s at %d,%d rotation %d: its %s edge is %s, the tile "
			    "at %d,%d shows %s on its %s edge"), code, r->x, r->y, r->rot * 90,
			    nt_spot_text((enum cr_spot)(r->dir * 4)), kform(r->kind, F_EDGE), r->other_x,
			    r->other_y, kform(r->other_kind, F_EDGE),
			    nt_spot_text((enum cr_spot)((r->dir + 2) % 4 * 4)));
		fits_there(&o, ts, r);
		break;
	case CR_R_DISCARD_FITS:
		put(&o, _("a tile may be discarded only if it fits nowhere: %s fits at %d,%d "
		    "rotation %d"), code, r->other_x, r->other_y, r->other_rot * 90);
		break;
	case CR_R_NO_MEEPLE: {
		const struct cr_pool *pl = cr_pool(r->pool);
		const char *who = names ? names[r->other_player] : _("the player");

		if (pl == NULL)
			put(&o, "%s", _("no piece left"));
		else if (pl->count == 1 && r->n > 0 && cr_space(r->other_space) &&
		    cr_space(r->other_space)->at) {	/* on a module's space */
			char at[160];

			snprintf(at, sizeof at, tr(cr_space(r->other_space)->at),
			    tr(cr_space(r->other_space)->name));
			put(&o, _("%s: %s's %s is already on the board (%s)"),
			    word ? word : "?", who, _(pl->name), at);
		} else if (pl->count == 1 && r->n > 0)	/* the piece as the move wrote it */
			put(&o, _("%s: %s's %s is already on the board (at %d,%d)"),
			    word ? word : "?", who, _(pl->name), r->other_x, r->other_y);
		else if (pl->count == 1)
			put(&o, _("%s: %s has no %s"), word ? word : "?", who, _(pl->name));
		else
			put(&o, _("no %s left: all %d of %s's %s are on the board"), _(pl->name),
			    pl->count, who, _(pl->plural));
		break;
	}
	case CR_R_SPOT_NONE:
	case CR_R_SPOT_MANY:
		wrong_spot(&o, ts, r);
		break;
	case CR_R_FEATURE_TAKEN:
		put(&o, _("one feature, one owner at placement: %s at %s of %s at %d,%d joins %s "
		    "that already holds %s's %s"), kform(r->kind, F_THE), nt_spot_text(r->spot),
		    code, r->x, r->y, kform(r->kind, F_A), other, r->other_role > 0 ?
		    nt_piece_name(r->other_role, 1) : nt_kind_role(r->kind));
		break;
	case CR_R_BAD_MOVE:
		put(&o, "%s", _("malformed move: tile, rotation, role or spot out of range"));
		break;
	case CR_R_NO_MEMORY:
		put(&o, "%s", _("out of memory: the move was not applied"));
		break;
	case CR_R_SPACE_FULL: {	/* issue 21: "crown@tax: both crown spaces of Tax are taken (Anna, Ben)" */
		const struct cr_space *sp = cr_space(r->space);
		struct cr_standing on[8];
		char who[160];
		size_t w = 0;
		int n = 0;

		who[0] = '\0';
		if (g != NULL)
			cr_game_space(g, r->space, on, 8, &n);
		for (int i = 0; i < n && i < 8 && w < sizeof who; i++)
			w += (size_t)snprintf(who + w, sizeof who - w, "%s%s", i ? ", " : "",
			    names && on[i].player >= 0 && on[i].player < CR_MAXPLAYERS ?
			    names[on[i].player] : "?");
		if (sp == NULL)
			break;
		put(&o, "%s@%s: ", cr_role_name(r->role), sp->word);
		put(&o, r->n > 1 ? tr(sp->full_more) : tr(sp->full_one), tr(sp->name), who);
		break;
	}
	case CR_R_TOKEN: {
		char tok[40];
		int k = 0;

		if (r->n == 2) {
			nt_format_token(r->arg, tok, sizeof tok);
			put(&o, _("a %s is written without a token, not with %s"), word, tok);
			break;
		}
		put(&o, _("a %s is written with the token drawn as it goes down:"), word);
		for (int id = 1; cr_token(id) != NULL; id++)	/* its module's tokens */
			if (cr_token_ext(id) == cr_piece_ext(r->role))
				put(&o, "%s %s@%s %s%s", k++ ? _(" or") : "", cr_role_name(r->role),
				    cr_spot_name(r->spot), cr_token(id)->word, cr_token(id)->max ?
				    "=N" : "");
		break;
	}
	case CR_R_NOT_IN_PLAY:
		if (r->arg != 0 && cr_token(CR_TOKEN_ID(r->arg)) != NULL &&
		    cr_token(CR_TOKEN_ID(r->arg))->drawn && r->ext >= 0 &&
		    cr_token_ext(CR_TOKEN_ID(r->arg)) == r->ext) {	/* issue 21: "wheel=2: ..." */
			char tok[64];

			/* said of the copy drawn: checked before the choice and the piece */
			nt_format_said(&(struct cr_said){ r->arg, r->x, r->y, -1 }, tok, sizeof tok);
			put(&o, _("%s: %s is not in play in this game"), tok, cr_exts[r->ext]->name);
		} else if (r->space != 0 && cr_space(r->space) != NULL && r->role != CR_ROLE_NONE &&
		    r->ext >= 0) {	/* issue 21: "crown@tax: wheel-of-fortune is not in play" */
			char tok[64];

			/* the space's module, or the piece's pool's (big-crown@: the
			 * big meeple of inns-cathedrals) */
			snprintf(tok, sizeof tok, "%s@%s", cr_role_name(r->role), cr_space(r->space)->word);
			put(&o, _("%s: %s is not in play in this game"), tok, cr_exts[r->ext]->name);
		} else if (r->choice != 0 && cr_choice_ext(r->choice) == r->ext)
			put(&o, _("\"%s\" is a choice of %s, which is not in play in this game"),
			    cr_choice(r->choice)->word, cr_exts[r->ext]->name);
		else if (r->role != CR_ROLE_NONE && cr_piece_ext(r->role) == r->ext && r->ext >= 0)
			put(&o, _("%s is a piece of %s, which is not in play in this game"), word,
			    cr_exts[r->ext]->name);
		else if (r->role != CR_ROLE_NONE && cr_piece_ext(r->role) == r->ext)
			put(&o, _("%s is a piece of another set, which is not in play in this game"),
			    word);
		else if (r->ext >= 0)
			put(&o, _("%s is a tile of %s, which is not in play in this game"), code,
			    cr_exts[r->ext]->name);
		else
			put(&o, _("%s is a tile of another set, which is not in play in this game"),
			    code);
		break;
	case CR_R_EXT:
		fill(&o, phrase_n(r->phrase, r->n), ts, r, names, g);
		fits_there(&o, ts, r);	/* a rule of placement (the river's U-turn) */
		break;
	}
	whole_chars(buf, size, o.n);
	return o.n;
}
