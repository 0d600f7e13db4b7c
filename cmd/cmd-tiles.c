/*
 * cmd-tiles.c -- the tile types, so a person can find a tile's code.
 *
 *	carcref tiles [CODE...]
 *	carcref tiles [--edges ABCD] [--FILTER...] [--set NAME]
 *
 * Without arguments, every type at rotation 0.  With codes, each named
 * type in all four rotations, side by side.  With a search, the types
 * that look like the tile in one's hand: its edges read clockwise from
 * any side (C city, R road, F field, W river), in the rotation where the
 * first letter is north, and what people name aloud (a pennant, a
 * cloister...).  The REPL's find is the same search, among the tiles of
 * the game in play (tiles_find).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "play.h"
#include "notation/explain.h"
#include "notation/i18n.h"
#include "rules/ext.h"

static const char *dir_name[] = { "N", "E", "S", "W" };

/* The kind of edge a letter names (the kinds' own letters: C city), -1;
 * a kind's letter, '?' for none. */
static int
letter_kind(int game, int c)
{
	/* The kinds of the set's game's modules first: F is a forest in
	 * Hunters & Gatherers, a field in the tile game. */
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < cr_nkinds(); k++) {
			int e = cr_kind_ext(k);

			if (pass == 0 && (e < 0 || !(cr_rules_modules(game) >> e & 1)))
				continue;
			if (cr_kind(k)->letter != 0 && cr_kind(k)->letter == toupper(c))
				return k;
		}
	return -1;
}

static char
kind_letter(int k)
{
	return cr_kind(k) != NULL && cr_kind(k)->letter != 0 ? cr_kind(k)->letter : '?';
}

/*
 * The search's options, as typed (their completion in the REPL too):
 * --edges, then the modules' filters (rules/ext.h: cr_filter, such as
 * --pennant), then --set; made once, NULL-ended.  Q_FILTER + i is filter
 * i's, Q_SET after them.
 */
enum { Q_EDGES, Q_FILTER };
#define Q_SET	(Q_FILTER + cr_nfilters())
#define Q_CHECK	(Q_SET + 1)

const char *const *
cmd_tiles_options(void)
{
	static const char *opt[CR_MAXFILTERS + 4];

	if (opt[0] == NULL) {
		int n = 0;

		opt[n++] = "--edges";
		for (int i = 0; i < cr_nfilters(); i++)
			opt[n++] = cr_filter(i)->option;
		opt[n++] = "--set";
		opt[n++] = "--check";	/* Q_CHECK: no search */
		opt[n] = NULL;
	}
	return opt;
}

/* "--edges, --pennant, ..., --set": the options, for messages; malloc'd. */
static char *
options_list(void)
{
	char *s = strdup(""), *t;

	for (const char *const *o = cmd_tiles_options(); s != NULL && *o != NULL; o++) {
		t = cmd_strf("%s%s%s", s, *s ? ", " : "", *o);
		free(s);
		s = t;
	}
	return s;
}

/* What a look says of a segment that has it (" with wine", " with 2
 * pennants": value n). */
static void
say_with(const struct cr_look *l, int n)
{
	int nums[CR_NNUMS] = { 0 }, a[4];
	const char *fmt;

	nums[CR_N_VALUE] = n;
	if (l != NULL && (fmt = nt_say(&l->with, nums, a)) != NULL)
		outf(fmt, a[0], a[1], a[2], a[3]);
}

/* "city N+E", "road W-E", "field WNW+ENE next to city N", "cloister";
 * the spots stay the notation's (what one types). */
static void
describe(const struct cr_tiletype *t, int s)
{
	const struct cr_seg *sg = &t->seg[s];
	int k = 0, n = 0;

	outf("%s", nt_kind_word(sg->kind));
	if (cr_kind(sg->kind)->shape == CR_LINE) {
		for (int d = 0; d < CR_NDIRS; d++)
			if (sg->ports & (1u << CR_PORT_MID(d)))
				outf("%s%s", k++ ? "-" : " ", dir_name[d]);
	} else {
		for (int p = 0; p < CR_NPORTS; p++) {
			int d = p / 3;

			if (!(sg->ports & (1u << p)))
				continue;
			/* A city's whole edge is named once, by its direction;
			 * land (a field) by its half-edges, as in base-tiles.md. */
			if (!(cr_kind_flags(sg->kind) & CR_KIND_LAND) &&
			    (sg->ports & CR_HALF_PORTS(d)) == CR_HALF_PORTS(d)) {
				if (p % 3 == 0)
					outf("%s%s", k++ ? "+" : " ", dir_name[d]);
			} else
				outf("%s%s", k++ ? "+" : " ", cr_port_name(p));
		}
	}
	/* What the modules' tables say of it (pennants, goods, an inn), then
	 * what it ends at. */
	for (int a = 0; a < cr_nattrs(); a++) {
		int type = cr_attr(a)->type, v = cr_tile_attr(t, s, a);

		if (v != 0 && type != CR_ATTR_END && type != CR_ATTR_NEXT_TO && type != CR_ATTR_MARK)
			say_with(cr_attr_look(a, type == CR_ATTR_WORD ? v : 1), v);
	}
	if (cr_end(sg->end) != NULL)
		say_with(&cr_end(sg->end)->look, 0);
	if (sg->next_to) {
		k = 0;
		for (int c = 0; c < t->nseg; c++)
			n += (sg->next_to >> c) & 1;
		/* TRANSLATORS: a field, then the directions of the cities it
		 * borders: " next to city N and S". */
		outf("%s", ngettext(" next to city", " next to city", (unsigned long)n));
		for (int c = 0; c < t->nseg; c++)
			if (sg->next_to & (1u << c))
				for (int d = 0; d < CR_NDIRS; d++)
					if (t->seg[c].ports & CR_HALF_PORTS(d)) {
						outf("%s%s", k++ ? _(" and ") : " ", dir_name[d]);
						break;
					}
	}
	outf("\n");
}

/* The tile's marks, "on a hill", "vineyard"... as one line, if any. */
static void
describe_marks(const struct cr_tiletype *t)
{
	int k = 0;

	for (int a = 0; a < cr_nattrs(); a++)
		if (cr_attr(a)->type == CR_ATTR_MARK && (t->marks & cr_attr_bit(a)))
			outf("%s%s", k++ ? ", " : _("  - marked: "), cmd_word(cr_attr(a)->key));
	if (k > 0)
		outf("\n");
}

/* The heading of a type: its code, how many, and its set (a search) or
 * its edges at rotation 0 (the list). */
static void
heading(const struct cr_tileset *ts, int type, bool set, bool start, const char *count)
{
	const struct cr_tiletype *t = &ts->type[type];

	outf(start && type == ts->start ? _("%s  (%s, one is the start tile)  ") :
	    "%s  (%s)  ", t->code, count);
	if (set)
		outf("%s\n", ts->setname[ts->typeset[type]]);
	else	/* TRANSLATORS: the compass stays the notation's (N E S W) */
		outf(_("N E S W: %s %s %s %s\n"), nt_kind_word(t->edge[0]), nt_kind_word(t->edge[1]),
		    nt_kind_word(t->edge[2]), nt_kind_word(t->edge[3]));
}

static uint64_t
show(const struct cr_tileset *ts, int type, bool all_rotations)
{
	const struct cr_tiletype *t = &ts->type[type];
	int rots[4] = { 0, 1, 2, 3 };
	char *count = cmd_strf(_("%d in the box"), t->count);
	uint64_t used;

	heading(ts, type, false, true, count ? count : "?");
	free(count);
	used = cmd_print_rotations(stdout, ts, type, rots, all_rotations ? 4 : 1,
	    all_rotations);
	for (int s = 0; s < t->nseg; s++) {
		outf("  - ");
		describe(t, s);
	}
	describe_marks(t);
	return used;
}

/* ---- the search ------------------------------------------------------------ */

bool
cmd_tiles_edges(const struct cr_tileset *ts, const char *s, int edges[CR_NDIRS])
{
	if (strlen(s) != CR_NDIRS)
		return false;
	for (int d = 0; d < CR_NDIRS; d++)
		if ((edges[d] = letter_kind(ts->game, (unsigned char)s[d])) < 0)
			return false;
	return true;
}

unsigned
cmd_tiles_rots(const struct cr_tiletype *t, const int edges[CR_NDIRS])
{
	unsigned rots = 0;

	for (int r = 0; r < 4; r++) {
		int d = 0;

		while (d < CR_NDIRS && cr_tile_edge(t, r, d) == edges[d])
			d++;
		rots |= (unsigned)(d == CR_NDIRS) << r;
	}
	return rots;
}

/* "C R F R": the edges asked, into buf. */
static void
edge_text(const int edges[CR_NDIRS], char buf[2 * CR_NDIRS])
{
	for (int d = 0; d < CR_NDIRS; d++) {
		buf[2 * d] = kind_letter(edges[d]);
		buf[2 * d + 1] = d + 1 < CR_NDIRS ? ' ' : '\0';
	}
}

/* What a search asks for. */
struct query {
	int		edges[CR_NDIRS];
	bool		has_edges;
	uint32_t	filters;	/* a bit per filter asked (cr_filter) */
	int		set;		/* index in the tile set, -1 for any */
};

/* Option K of a search into Q, with its value VAL (--edges, --set; NULL
 * when there is none).  False with *err (malloc'd, naming the word) if
 * the value does not read. */
static bool
query_opt(const struct cr_tileset *ts, struct query *q, int k, const char *val, char **err)
{
	if (k >= Q_FILTER && k < Q_SET) {
		q->filters |= 1u << (k - Q_FILTER);
		return true;
	}
	if (k == Q_SET) {
		if (val == NULL || (q->set = cr_tileset_set(ts, val)) < 0) {
			char *sets = cmd_strf("%s", _("--set wants a set:")), *more;

			for (int i = 0; i < ts->nsets && sets != NULL; i++) {
				more = cmd_strf("%s%s %s", sets, i ? "," : "", ts->setname[i]);
				free(sets);
				sets = more;
			}
			if (val != NULL)
				cmd_seterr(err, _("%s, not \"%s\""), sets ? sets : "", val);
			else
				cmd_seterr(err, "%s", sets ? sets : "");
			free(sets);
			return false;
		}
	} else {
		if (val == NULL)
			val = "";
		if (q->has_edges || !cmd_tiles_edges(ts, val, q->edges)) {
			if (q->has_edges)
				cmd_seterr(err, _("the edges are given twice (\"%s\")"), val);
			else
				cmd_seterr(err, _("the edges are 4 letters read clockwise, %s (%s), "
				    "not \"%s\""), _(cr_games[ts->game]->edge_letters),
				    cr_games[ts->game]->edge_example, val);
			return false;
		}
		q->has_edges = true;
	}
	return true;
}

static void
query_init(struct query *q)
{
	memset(q, 0, sizeof *q);
	q->set = -1;
}

/*
 * Read the REPL's find from argv[0..argc): the options, and the edges
 * without --edges.  False with *err (malloc'd, naming the word) if a
 * word does not read.
 */
static bool
parse_query(const struct cr_tileset *ts, int argc, char **argv, struct query *q, char **err)
{
	query_init(q);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *val = NULL;
		int k = 0;

		const char *const *opt = cmd_tiles_options();

		while (opt[k] != NULL && strcmp(a, opt[k]) != 0)
			k++;
		if (k == Q_EDGES || k == Q_SET)
			val = i + 1 < argc ? argv[++i] : NULL;
		else if (opt[k] != NULL)
			;
		else if (a[0] != '-' && !q->has_edges)	/* find CRFR */
			k = Q_EDGES, val = a;
		else if (a[0] != '-') {
			cmd_seterr(err, _("codes and a search do not mix (\"%s\")"), a);
			return false;
		} else {
			char *list = options_list();

			cmd_seterr(err, _("unknown option \"%s\" (%s)"), a, list ? list : "");
			free(list);
			return false;
		}
		if (!query_opt(ts, q, k, val, err))
			return false;
	}
	return true;
}

/* Whether a type has what the filters ask, and the rotations whose edges
 * match (all four when none are asked), a bit each. */
static unsigned
query_match(const struct cr_tileset *ts, int type, const struct query *q)
{
	const struct cr_tiletype *t = &ts->type[type];

	if (q->set >= 0 && ts->typeset[type] != q->set)
		return 0;
	for (int i = 0; i < cr_nfilters(); i++)
		if ((q->filters & (1u << i)) && !cr_filter_match(t, i))
			return 0;
	return q->has_edges ? cmd_tiles_rots(t, q->edges) : 1u;
}

/* "edges C R F R, a pennant": what was asked of a type, "" for nothing;
 * malloc'd. */
static char *
query_words(const struct query *q)
{
	const char *part[CR_MAXFILTERS + 1];
	char edges[2 * CR_NDIRS], *e = NULL, *s, *w;
	int n = 0;

	edge_text(q->edges, edges);
	if (q->has_edges && (part[n++] = e = cmd_strf(_("edges %s"), edges)) == NULL)
		return NULL;
	for (int i = 0; i < cr_nfilters(); i++)
		if (q->filters & (1u << i))
			part[n++] = _(cr_filter(i)->words);
	s = strdup("");
	for (int i = 0; s != NULL && i < n; i++) {
		w = cmd_strf("%s%s%s", s, i ? ", " : "", part[i]);
		free(s);
		s = w;
	}
	free(e);
	return s;
}

/* One type found: heading, the rotations whose edges match, pictures. */
static uint64_t
show_found(const struct cr_tileset *ts, int type, unsigned rots, const struct query *q,
    bool start, const char *count)
{
	const struct cr_tiletype *t = &ts->type[type];
	int shown[4], nshown = 0, k = 0;

	heading(ts, type, true, start, count);
	for (int r = 0; r < 4; r++)
		if ((rots & (1u << r)) && cr_tile_rot_rep(t, r) == r)
			shown[nshown++] = r;
	if (q->has_edges) {
		char edges[2 * CR_NDIRS];

		edge_text(q->edges, edges);
		outf(_("  %s clockwise from north: rotation"), edges);
		for (int r = 0; r < 4; r++)
			if (rots & (1u << r))
				outf("%s %d", k++ ? "," : "", r * 90);
		if (k > nshown)
			outf("%s", nshown > 1 ? _(" (some look the same)") :
			    k == 2 ? _(" (both look the same)") : _(" (all look the same)"));
		outf("\n");
	}
	return cmd_print_rotations(stdout, ts, type, shown, nshown, nshown > 1);
}

/*
 * The search: every type of the tile set (of the game g, if not NULL:
 * the sets in play, with the copies left) that matches q, then the key
 * and a line naming them.  Returns how many types match.
 */
/* tiles --set NAME: the doubt the set's data states (spec 2.4 of the
 * Wheel of Fortune), its words wrapped to 79 columns under a head. */
static void
say_doubt(const struct cr_tileset *ts, const char *set)
{
	const char *src = NULL, *text = NULL, *w;
	char *head;
	int col;

	for (int e = 0; e < cr_nexts && text == NULL; e++)
		if (cr_exts[e]->set_doubt != NULL && strcmp(cr_exts[e]->name, set) == 0)
			text = cr_exts[e]->set_doubt(ts, e, &src);
	if (text == NULL)
		return;
	head = src ? cmd_strf(_("doubt (%s):"), out_path(src)) : cmd_strf("%s", _("doubt:"));
	outf("%s", head ? head : "");
	col = head ? out_width(head) : 0;
	free(head);
	for (w = text; *w != '\0';) {
		size_t n = 0;
		char *word;

		while (*w == ' ' || *w == '\n' || *w == '\t')
			w++;
		while (w[n] != '\0' && w[n] != ' ' && w[n] != '\n' && w[n] != '\t')
			n++;
		if (n == 0)
			break;
		if ((word = cmd_strf("%.*s", (int)n, w)) == NULL)
			break;
		if (col + 1 + out_width(word) > 79)
			outf("\n  %s", word), col = 2 + out_width(word);
		else
			outf(" %s", word), col += 1 + out_width(word);
		free(word);
		w += n;
	}
	outf("\n");
}

static int
search(const struct cr_tileset *ts, const struct cr_game *g, const struct query *q)
{
	const char **found = calloc((size_t)ts->ntypes + 1, sizeof *found);
	const char **gone = calloc((size_t)ts->ntypes + 1, sizeof *gone);
	char *asked = query_words(q), *head;
	const char *set = q->set >= 0 ? ts->setname[q->set] : NULL;
	int nfound = 0, ngone = 0;
	uint64_t used = 0;

	if (found == NULL || gone == NULL || asked == NULL) {
		free(found), free(gone), free(asked);
		errf(_("carcref: out of memory\n"));
		return 0;
	}
	for (int type = 0; type < ts->ntypes; type++) {
		unsigned rots = query_match(ts, type, q);
		struct cr_refusal why;
		char *count;

		if (rots == 0 || ts->type[type].part)
			continue;
		if (g != NULL && !cr_game_drawable(g, type, &why) && why.code != CR_R_EXT) {
			if (why.code == CR_R_NO_COPY)	/* in play, all used */
				gone[ngone++] = ts->type[type].code;
			continue;
		}
		if (g != NULL)
			count = cmd_strf(ngettext("%d left of %d", "%d left of %d",
			    (unsigned long)cr_game_supply(g, type)), cr_game_supply(g, type),
			    ts->type[type].count);
		else
			count = cmd_strf(_("%d in the box"), ts->type[type].count);
		if (nfound > 0)
			outf("\n");
		used |= show_found(ts, type, rots, q, g == NULL, count ? count : "?");
		free(count);
		found[nfound++] = ts->type[type].code;
	}
	if (nfound > 0) {
		outf("\n");
		cmd_print_legend(stdout, used);
		if (*asked && set)
			head = cmd_strf(ngettext("%d type has %s in %s: ",
			    "%d types have %s in %s: ", (unsigned long)nfound), nfound, asked, set);
		else if (*asked)
			head = cmd_strf(ngettext("%d type has %s: ", "%d types have %s: ",
			    (unsigned long)nfound), nfound, asked);
		else if (set)
			head = cmd_strf(ngettext("%d type in %s: ", "%d types in %s: ",
			    (unsigned long)nfound), nfound, set);
		else
			head = cmd_strf(ngettext("%d type: ", "%d types: ", (unsigned long)nfound),
			    nfound);
		cmd_print_list(stdout, head ? head : "", found, nfound);
		free(head);
	} else if (*asked && set)
		outf(g ? _("no tile left has %s in %s\n") : _("no tile has %s in %s\n"), asked, set);
	else if (*asked)
		outf(g ? _("no tile left has %s\n") : _("no tile has %s\n"), asked);
	else if (set)
		outf(g ? _("no tile left in %s\n") : _("no tile in %s\n"), set);
	else
		outf("%s", g ? _("no tile left\n") : _("no tile\n"));
	if (ngone > 0)
		cmd_print_list(stdout, _("none left of "), gone, ngone);
	if (set != NULL && g == NULL)
		say_doubt(ts, set);
	free(found), free(gone), free(asked);
	return nfound;
}

/* The REPL's find: the same search among the tiles of game g. */
int
cmd_tiles_find(const struct cr_tileset *ts, const struct cr_game *g, int argc, char **argv)
{
	struct query q;
	char *err = NULL;

	struct cr_refusal why;

	if (!parse_query(ts, argc - 1, argv + 1, &q, &err)) {
		play_nope(_("find: %s"), err ? err : _("out of memory"));
		free(err);
		return -1;
	}
	if (q.set >= 0 && !cr_game_drawable(g, ts->setbeg[q.set], &why) &&
	    why.code == CR_R_NOT_IN_PLAY)
		return play_nope(_("find: %s is not in play in this game"), ts->setname[q.set]);
	search(ts, g, &q);
	return 0;
}

/* The tiles of the game called name when it has its own (struct
 * play_game's tiles: a game on the tile engine), NULL if none. */
static const struct cr_tileset *
game_tiles(const char *name)
{
	for (int i = 0; play_games[i] != NULL; i++)
		if (play_games[i]->tiles != NULL && strcmp(play_games[i]->rules->name, name) == 0)
			return play_games[i]->tiles();
	return NULL;
}

/* --set NAME among the words, NAME a game with tiles of its own: its
 * tiles; else the tile game's (NULL, the message printed, if they
 * cannot be read). */
static const struct cr_tileset *
tiles_for(int argc, char **argv)
{
	const struct cr_tileset *ts;

	for (int i = 1; i < argc; i++) {
		const char *name = strcmp(argv[i], "--set") == 0 && i + 1 < argc ? argv[i + 1] :
		    strncmp(argv[i], "--set=", 6) == 0 ? argv[i] + 6 : NULL;

		if (name != NULL && (ts = game_tiles(name)) != NULL)
			return ts;
	}
	return cmd_tileset();
}

/* A failed check of tiles --check, at its file, line and column. */
static void
check_failed(void *file, const struct cr_error *err)
{
	errf("%s:%d:%d: %s\n", out_path(file), err->line, err->column, err->msg);
}

/* tiles --check FILE: the tile-set file loads (0, said), fails its
 * checks (1, every failure said at its line and column: each type entry
 * that fails, the others read on; a failure of the file or of the whole
 * set alone) or cannot be read (2). */
static int
check_file(const char *file)
{
	struct cr_tileset ts;
	struct cr_error err;
	char msg[512], *text;
	size_t len;
	int nfail, parts = 0;

	if ((text = cmd_read_file(file, &len, msg, sizeof msg)) == NULL) {
		errf(_("carcref tiles: --check: %s\n"), msg);
		return 2;
	}
	nfail = cr_tileset_check(&ts, text, len, check_failed, (void *)file);
	free(text);
	if (nfail > 0)
		return 1;
	/* A module's data against the shipped sets (the icon copies of a
	 * base type no more than its copies: issue 21) */
	if ((nfail = cmd_tileset_with(&ts, &err)) != 0) {
		if (nfail > 0)
			check_failed((void *)file, &err);
		cr_tileset_free(&ts);
		return nfail > 0 ? 1 : 2;
	}
	/* The squares of a start of several (the wheel's board) are not
	 * types a player draws: said apart. */
	for (int i = 0; i < ts.ntypes; i++)
		parts += ts.type[i].part;
	if (parts > 0)
		outf(ngettext("%s: %d tile type of set %s loads, and a start of %d squares\n",
		    "%s: %d tile types of set %s load, and a start of %d squares\n",
		    (unsigned long)(ts.ntypes - parts)), out_path(file), ts.ntypes - parts,
		    ts.setname[0], parts);
	else
		outf(ngettext("%s: %d tile type of set %s loads\n",
		    "%s: %d tile types of set %s load\n", (unsigned long)ts.ntypes),
		    out_path(file), ts.ntypes, ts.setname[0]);
	cr_tileset_free(&ts);
	return 0;
}

static int
tiles_exec(int argc, char **argv)
{
	struct cmd_opt opts[CR_MAXFILTERS + 4];	/* as cmd_tiles_options */
	struct cmd_args a = CMD_ARGS(argc, argv);
	const struct cr_tileset *ts;
	const char *first = NULL;	/* the first option of a search */
	const char *check = NULL;	/* --check FILE */
	struct query q;
	char *err = NULL;
	int k, rc = 0;

	k = 0;
	for (const char *const *o = cmd_tiles_options(); *o != NULL; o++, k++)
		opts[k] = (struct cmd_opt){ *o, NULL, k == Q_EDGES ? N_("four edge letters") :
		    k == Q_SET ? N_("a set's name") : k == Q_CHECK ? N_("a tile-set file") : NULL };
	opts[k] = (struct cmd_opt){ NULL, NULL, NULL };
	if ((ts = tiles_for(argc, argv)) == NULL)
		return 2;
	/* Every word read first: a search, or codes, never both. */
	query_init(&q);
	while ((k = cmd_args_next(&cmd_tiles_entry, opts, &a)) >= 0) {
		if (k == Q_CHECK) {
			check = a.val;
			continue;
		}
		if (first == NULL)
			first = opts[k].name;
		if (!query_opt(ts, &q, k, a.val, &err)) {
			errf(_("carcref tiles: %s\n"), err ? err : _("out of memory"));
			free(err);
			return cmd_usage(&cmd_tiles_entry);
		}
	}
	if (k != CMD_ARGS_DONE)
		return a.rc;
	if (check != NULL) {
		if (first != NULL || a.nops > 0) {
			errf(_("carcref tiles: --check FILE takes nothing else (\"%s\")\n"),
			    first != NULL ? first : argv[1]);
			return cmd_usage(&cmd_tiles_entry);
		}
		return check_file(check);
	}
	if (first != NULL && a.nops > 0) {
		errf(_("carcref tiles: codes and a search do not mix (\"%s\")\n"), first);
		return cmd_usage(&cmd_tiles_entry);
	}
	if (first != NULL)
		return search(ts, NULL, &q) > 0 ? 0 : 1;
	if (a.nops == 0) {
		cmd_print_legend(stdout, cmd_legend_game(ts->game));
		outf("\n");
		for (int t = 0; t < ts->ntypes; t++) {
			if (ts->type[t].part)
				continue;	/* a board's square: drawn with the board */
			show(ts, t, false);
			outf("\n");
		}
		return 0;
	}
	for (int i = 1; i <= a.nops; i++) {
		const struct cr_tileset *in = ts;
		int t = cr_tileset_find(ts, argv[i], strlen(argv[i]));
		uint64_t used;

		/* A code of another game's tiles (HG-FFMM4): shown from them. */
		for (int g = 0; t < 0 && play_games[g] != NULL; g++)
			if (play_games[g]->tiles != NULL && (in = play_games[g]->tiles()) != NULL &&
			    (t = cr_tileset_find(in, argv[i], strlen(argv[i]))) < 0)
				in = ts;
		if (t < 0) {
			errf(_("carcref tiles: unknown tile \"%s\" (\"carcref tiles\" lists them)\n"),
			    argv[i]);
			rc = 1;
			continue;
		}
		used = show(in, t, true);
		outf("\n");
		cmd_print_legend(stdout, used);
		if (i < a.nops)
			outf("\n");
	}
	return rc;
}

/* "[CODE... | [--edges CRFW] [--pennant] ... [--set NAME]]": the
 * modules' filters among the options. */
const char *
cmd_tiles_usage(void)
{
	static char u[512];

	if (u[0] == '\0') {
		size_t n = (size_t)snprintf(u, sizeof u, "[CODE... | [--edges %s]",
		    cr_games[0]->edge_letters_all);

		for (int i = 0; i < cr_nfilters() && n < sizeof u; i++)
			n += (size_t)snprintf(u + n, sizeof u - n, " [%s]", cr_filter(i)->option);
		if (n < sizeof u)
			snprintf(u + n, sizeof u - n, " [--set NAME]]");
	}
	return u;
}

const struct cmd_entry cmd_tiles_entry = {
	"tiles", "[CODE... | [--edges LETTERS] [--FILTER...] [--set NAME] | --check FILE]",
	N_("show the tile types with a picture, or find one by its edges and marks"),
	tiles_exec
};
