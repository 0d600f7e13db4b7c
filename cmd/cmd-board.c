/*
 * cmd-board.c -- a picture of a recorded game's board, after any move:
 * for a dispute, or to see where a game stood.
 *
 *	carcref board [--svg|--ascii] FILE [--move N] [--feature X,Y:SPOT] [-o OUT]
 *
 * The record is replayed up to move N (default: its end) and the board
 * drawn: as SVG (svg.c) or as the REPL's ASCII map (board.c).  Without
 * --svg or --ascii, SVG when -o is given, the ASCII map otherwise.  With
 * --feature, the feature at that spot is highlighted and an account of it
 * follows: its tiles, the pieces on it, what it scored or would score.
 * An illegal move among the first N is reported as replay reports it;
 * the board is drawn as it stood before that move, and the exit status
 * is 1.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "tile.h"
#include "svg.h"
#include "rules/ext.h"
#include "notation/explain.h"
#include "notation/record.h"
#include "notation/i18n.h"

struct opts {
	int		 format;	/* 's' SVG, 'a' ASCII, 0 not said */
	const char	*file, *out, *move, *feature;
};

/* Lines of text, malloc'd; oom says one could not be made. */
struct lines {
	char	**v;
	int	  n, cap;
	bool	  oom;
};

static void
vadd_line(struct lines *l, const char *fmt, va_list ap)
{
	char *s = cmd_vstrf(fmt, ap), **nv;

	if (s != NULL && l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		if ((nv = realloc(l->v, (size_t)l->cap * sizeof *nv)) == NULL) {
			free(s);
			s = NULL;
		} else
			l->v = nv;
	}
	if (s == NULL) {
		l->oom = true;
		return;
	}
	l->v[l->n++] = s;
}

static void add_line(struct lines *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
add_line(struct lines *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vadd_line(l, fmt, ap);
	va_end(ap);
}

static void
free_lines(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
}

/* A line said (nt_farm_lines) into the lines l. */
static void
add_said(void *l, const char *fmt, va_list ap)
{
	vadd_line(l, fmt, ap);
}

/* An event's arithmetic alone (nt_event_why), malloc'd. */
static char *
arithmetic(const struct cr_event *ev)
{
	int len = nt_event_why(ev, NULL, 0);
	char *s = malloc((size_t)len + 1);

	if (s != NULL)
		nt_event_why(ev, s, (size_t)len + 1);
	return s;
}

/* "open at 2 ends", "completed", "3 of its 8 neighbours", "a farm"; each
 * kind its own words, its module's (in French, they agree with the
 * feature); then what follows its tiles (", 1 pennant"), into *more. */
static char *
state_of(const struct cr_feature *f, char **more)
{
	const struct cr_kinddef *k = cr_kind(f->kind);
	int nums[CR_NNUMS], a[4];
	const char *fmt;

	nt_feature_nums(f, nums);
	fmt = nt_say(&k->state_more, nums, a);
	*more = fmt ? cmd_strf(fmt, a[0], a[1], a[2], a[3]) : cmd_strf("%s", "");
	fmt = nt_say(f->complete ? &k->state_done : &k->state_open, nums, a);
	return fmt ? cmd_strf(fmt, a[0], a[1], a[2], a[3]) : cmd_strf("%s", "");
}

/*
 * The account of the feature of segment SEG (at X,Y SPOT): what it is,
 * its tiles, the pieces on it and whose they are, what it scored (the
 * events that paid it) or would score if the game ended now.
 */
static void
feature_lines(const struct cr_game *g, const char *const *names, int seg, int x, int y,
    const char *spot, struct lines *l)
{
	int np = cr_game_nplayers(g), id = cr_game_feature_id(g, seg), nt, nm, nev, k = 0;
	const struct cr_event *ev;
	struct cr_place *tiles;
	struct cr_meeple *mee;
	struct cr_feature f;
	struct cr_event e;
	char *s, *held = NULL, *t, *n;
	const char *label = _("tiles:");

	cr_game_feature(g, seg, &f);
	s = state_of(&f, &t);
	n = cmd_strf(ngettext("%d tile", "%d tiles", (unsigned long)f.tiles), f.tiles);
	/* TRANSLATORS: a feature, where it is, its state, its tiles: "city at
	 * 0,1 S: completed, 2 tiles, 1 pennant". */
	add_line(l, _("%s at %d,%d %s: %s, %s%s"), nt_kind_word(f.kind),
	    x, y, spot, s ? s : "", n ? n : "", t ? t : "");
	free(s), free(t), free(n);

	/* The tiles, a dozen a line. */
	nt = cr_game_feature_tiles(g, seg, NULL, 0);
	if ((tiles = calloc((size_t)nt + 1, sizeof *tiles)) == NULL) {
		l->oom = true;
		return;
	}
	cr_game_feature_tiles(g, seg, tiles, nt);
	for (int i = 0; i < nt; i += 12) {
		s = i ? cmd_strf("  %*s", out_width(label), "") : cmd_strf("  %s", label);
		for (int j = i; s != NULL && j < nt && j < i + 12; j++) {
			t = cmd_strf("%s %d,%d", s, tiles[j].x, tiles[j].y);
			free(s);
			s = t;
		}
		add_line(l, "%s", s ? s : "");
		free(s);
	}
	free(tiles);

	/* Who holds it: every piece standing on it. */
	nm = cr_game_meeples(g, NULL, 0);
	if ((mee = calloc((size_t)nm + 1, sizeof *mee)) == NULL) {
		l->oom = true;
		return;
	}
	cr_game_meeples(g, mee, nm);
	for (int i = 0; i < nm; i++) {
		if (cr_game_feature_id(g, mee[i].seg) != id)
			continue;
		/* TRANSLATORS: a player's piece on the feature: "Ben's farmer at
		 * 2,0 N". */
		s = cmd_strf(_("%s's %s at %d,%d %s"), names[mee[i].player],
		    cmd_word(cr_role_name(mee[i].role)), mee[i].x, mee[i].y,
		    cr_spot_name(mee[i].spot));
		t = s == NULL ? NULL : cmd_strf("%s%s%s", held ? held : "", k++ ? ", " : "", s);
		free(s);
		free(held);
		if ((held = t) == NULL)
			break;
	}
	free(mee);
	add_line(l, _("  held by: %s"), held ? held : k ? "?" : _("nobody"));
	free(held);

	/* A flock and its shepherds. */
	if (cr_game_feature_kept(g, seg, &e)) {
		s = nt_event_account(&e, names, np);
		/* TRANSLATORS: what the event is, then its account. */
		add_line(l, C_("label: account", "  %s: %s"), nt_event_name(&e), s ? s : "");
		free(s);
	}

	/* What it paid, or would pay. */
	k = 0;
	ev = cr_game_events(g, &nev);
	for (int i = 0; i < nev; i++)
		if (ev[i].feature == id) {
			s = nt_event_account(&ev[i], names, np);
			add_line(l, CR_EV_AT_END(ev[i].reason) ?
			    _("  scored at move %d (final scoring): %s") :
			    _("  scored at move %d: %s"), ev[i].move, s ? s : "");
			free(s);
			k++;
		} else if (cr_game_event_concerns(g, &ev[i], seg)) {	/* a Tax's knights */
			int n = nt_event_places(g, &ev[i], names, np, NULL, 0);

			if ((s = malloc((size_t)n + 1)) != NULL)
				nt_event_places(g, &ev[i], names, np, s, (size_t)n + 1);
			add_line(l, _("  counted at move %d (%s): %s"), ev[i].move,
			    nt_event_name(&ev[i]), s ? s : "");
			free(s);
		}
	if (k > 0)
		;	/* said */
	else if (f.scored)
		add_line(l, "%s", _("  completed with no piece on it: it paid nobody"));
	else if (!cr_game_kind_priced(g, f.kind))
		;	/* paid per city (edition 1's fields): said below */
	else if (cr_game_over(g) && !cr_game_feature_score(g, seg, &e) && e.winners != 0) {
		/* held, and the end paid 0: an inn or a cathedral unfinished */
		s = nt_event_account(&e, names, np);
		add_line(l, _("  the final scoring paid nothing for it: %s"), s ? s : "");
		free(s);
	} else if (cr_game_over(g))
		add_line(l, "%s", _("  it paid nobody at the final scoring"));
	else if (cr_game_feature_score(g, seg, &e) || e.winners != 0) {	/* 0 is a price too */
		s = nt_event_account(&e, names, np);
		add_line(l, _("  if the game ended now: %s"), s ? s : "");
		free(s);
	} else {
		s = arithmetic(&e);
		add_line(l, _("  if the game ended now: %s = %d, to nobody (no %s on it)"),
		    s ? s : "", e.points, cmd_word(nt_kind_role(f.kind)));
		free(s);
	}
	/* Edition 1: what the completed cities pay the farmers around them. */
	nt_farm_lines(g, seg, names, add_said, l);
}

/*
 * The segment --feature X,Y:SPOT names on g's board: its road, city or
 * cloister there, else its field.  -1 with the message printed.
 */
static int
find_feature(const struct cr_game *g, const char *arg, int *x, int *y, int *spot)
{
	int kinds[CR_MAXKINDS], nk = cmd_feature_kinds(kinds);
	const char *colon = strchr(arg, ':');
	struct cr_refusal why;
	uint32_t valid = 0;
	size_t len = colon ? (size_t)(colon - arg) : strlen(arg);
	char *list = NULL, *t;

	if (nt_pos_beyond(arg, len)) {	/* a position, but off any board: the limit */
		errf(_("carcref board: --feature: a coordinate goes from %ld to %ld, got "
		    "\"%.*s\"\n"), -NT_COORD_LIMIT, NT_COORD_LIMIT, (int)len, arg);
		return -1;
	}
	if (colon == NULL || !nt_parse_pos(arg, len, x, y)) {
		errf(_("carcref board: --feature: expected X,Y:SPOT (such as 0,1:S), got "
		    "\"%s\"\n"), arg);
		return -1;
	}
	if ((*spot = cr_spot_lookup(colon + 1, (int)strlen(colon + 1))) < 0) {
		errf(_("carcref board: --feature: expected a spot after \":\" (N NNE NE ENE E "
		    "ESE SE SSE S SSW SW WSW W WNW NW NNW or C), got \"%s\"\n"), colon + 1);
		return -1;
	}
	if (cr_game_at(g, *x, *y) == NULL) {
		errf(_("carcref board: --feature: no tile at %d,%d after move %d\n"), *x, *y,
		    cr_game_nmoves(g));
		return -1;
	}
	for (int k = 0; k < nk; k++) {
		int seg;

		memset(&why, 0, sizeof why);
		if ((seg = cr_game_seg_at(g, *x, *y, (enum cr_spot)*spot, kinds[k], &why)) >= 0)
			return seg;
		valid |= why.valid_spots;
	}
	for (int s = 0; s < CR_NSPOTS; s++)
		if (valid & (1u << s)) {
			t = cmd_strf("%s%s%s", list ? list : "", list ? " " : "",
			    cr_spot_name((enum cr_spot)s));
			free(list);
			if ((list = t) == NULL)
				break;
		}
	errf(_("carcref board: --feature: no single feature at %d,%d %s (spots that name "
	    "one: %s)\n"), *x, *y, cr_spot_name((enum cr_spot)*spot), list ? list : _("none"));
	free(list);
	return -1;
}

/* The title: where the picture stands in the game. */
static char *
title_of(const struct opts *o, const struct cr_game *g, const char *const *names,
    int nmoves, bool ok)
{
	int n = cr_game_nmoves(g);
	char line[128];

	if (n == 0)
		return cmd_strf(_("%s: the start, before move 1 of %d"), out_path(o->file), nmoves);
	nt_format_move(cr_game_tileset(g), cr_game_move(g, n - 1), NULL, line, sizeof line);
	/* TRANSLATORS: the file, the move, who played it and the move as
	 * written (never translated): "game.yaml: after move 2 of 5, Ben: W
	 * -1,0 0 thief@E". */
	return cmd_strf(!ok ? _("%s: after move %d of %d (the next is illegal), %s: %s") :
	    n == nmoves && cr_game_over(g) ? _("%s: after move %d of %d (the end), %s: %s") :
	    _("%s: after move %d of %d, %s: %s"), out_path(o->file), n, nmoves,
	    names[cr_game_move_player(g, n - 1)], line);
}

/* --move N: 0 to the record's moves; -1 with the message printed. */
static int
move_number(const char *arg, int nmoves)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || errno != 0 || v < 0) {
		errf(_("carcref board: --move: expected a move number from 0 to %d, got "
		    "\"%s\"\n"), nmoves, arg);
		return -1;
	}
	if (v > nmoves) {
		errf(ngettext("carcref board: --move %ld: the record has %d move (0 is the "
		    "start)\n", "carcref board: --move %ld: the record has %d moves (0 is the "
		    "start)\n", (unsigned long)nmoves), v, nmoves);
		return -1;
	}
	return (int)v;
}

/* The picture asked for, as text: *len bytes, malloc'd; NULL if memory
 * runs out. */
static char *
picture(const struct opts *o, const struct cr_game *g, const char *const *names,
    const struct play_letter *letter, const int *ansi, const char *title, int seg, const struct lines *l,
    size_t *len)
{
	struct board_style st = { .letter = letter, .ansi = ansi, .hand = -1,
	    .marked = seg >= 0, .feature = seg };
	const char *nc = getenv("NO_COLOR");
	char *buf = NULL;
	bool bad;
	FILE *f;

	if (o->format == 's') {
		struct svg_board b = { .title = title, .names = names, .ansi = ansi,
		    .feature = seg, .notes = (const char *const *)l->v, .nnotes = l->n };

		return svg_text(g, &b, len);
	}
	st.color = o->out == NULL && isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0');
	st.lastset = board_last_tile(g, &st.lastx, &st.lasty);
	if ((f = open_memstream(&buf, len)) == NULL)
		return NULL;
	out_printf(f, "%s\n", title);
	board_print(f, g, names, &st);
	for (int i = 0; i < l->n; i++)
		out_printf(f, "%s%s\n", i ? "" : "\n", l->v[i]);
	bad = ferror(f) != 0;
	if (fclose(f) != 0 || bad) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The options and FILE, in any order (cmd_args_next): -1 read, else
 * the exit status (the usage printed, or --help shown). */
static int
parse(int argc, char **argv, struct opts *o)
{
	enum { O_SVG, O_ASCII, O_MOVE, O_FEATURE, O_OUT };
	static const struct cmd_opt opts[] = {
		[O_SVG] = { "--svg", NULL, NULL },
		[O_ASCII] = { "--ascii", NULL, NULL },
		[O_MOVE] = { "--move", NULL, N_("a move number") },
		[O_FEATURE] = { "--feature", NULL, N_("X,Y:SPOT") },
		[O_OUT] = { "-o", NULL, N_("a file") },
		{ NULL, NULL, NULL },
	};
	struct cmd_args a = CMD_ARGS(argc, argv);
	int k;

	while ((k = cmd_args_next(&cmd_board_entry, opts, &a)) >= 0) {
		if (k == O_SVG || k == O_ASCII) {
			int fmt = k == O_SVG ? 's' : 'a';

			if (o->format && o->format != fmt) {
				errf(_("carcref board: --svg or --ascii, not both\n"));
				return cmd_usage(&cmd_board_entry);
			}
			o->format = fmt;
		} else
			*(k == O_MOVE ? &o->move : k == O_FEATURE ? &o->feature : &o->out) = a.val;
	}
	if (k != CMD_ARGS_DONE)
		return a.rc;
	if (a.nops > 1) {
		errf(_("carcref board: one FILE at a time (\"%s\", then \"%s\")\n"),
		    out_path(argv[1]), out_path(argv[2]));
		return cmd_usage(&cmd_board_entry);
	}
	if ((o->file = argv[1]) == NULL)
		return cmd_usage(&cmd_board_entry);
	if (o->format == 0)
		o->format = o->out != NULL ? 's' : 'a';
	return -1;
}

static int
board_exec(int argc, char **argv)
{
	const char *names[CR_MAXPLAYERS];
	struct play_letter letter[CR_MAXPLAYERS];
	char msg[512], *text, *title = NULL, *pic = NULL, *err = NULL;
	int ansi[CR_MAXPLAYERS], upto, seg = -1, x, y, spot, rc = 0;
	struct nt_replay_error rerr;
	struct play_world_error werr;
	const struct play_game *pg;
	const void *world;
	struct lines l = { 0 };
	struct nt_record r, part;
	struct opts o = { 0 };
	struct cr_error perr;
	struct cr_game *g;
	size_t len;
	bool ok;

	if ((rc = parse(argc, argv, &o)) >= 0)
		return rc;
	rc = 0;
	if ((text = cmd_read_file(o.file, &len, msg, sizeof msg)) == NULL) {
		errf(_("carcref: %s\n"), msg);
		return 2;
	}
	if (nt_record_parse(&r, text, len, &perr) < 0) {
		errf("%s:%d:%d: %s\n", out_path(o.file), perr.line, perr.column, perr.msg);
		free(text);
		return 1;
	}
	free(text);
	pg = play_game_of(nt_record_game(&r));
	if (pg == NULL || pg->no_board != NULL) {	/* a game with no board */
		if (pg != NULL)
			errf(_(pg->no_board), out_path(o.file), out_path(o.file));
		else
			errf(_("carcref board: %s is a game of %s, which has no board: carcref "
			    "replay %s lists its moves\n"), out_path(o.file),
			    nt_record_game(&r)->name, out_path(o.file));
		nt_record_free(&r);
		return 2;
	}
	upto = r.nmoves;
	if (o.move != NULL && (upto = move_number(o.move, r.nmoves)) < 0) {
		nt_record_free(&r);
		return 2;
	}
	/* The data the record is played with (its game's, or what it names). */
	if (play_world(pg) == NULL) {
		nt_record_free(&r);
		return 2;
	}
	if ((world = play_world_of(pg, &r, o.file, &werr)) == NULL) {
		errf("%s:%d:%d: %s\n", out_path(o.file), werr.e.line, werr.e.column, werr.e.msg);
		nt_record_free(&r);
		return werr.status;
	}
	part = r;		/* the first moves alone: the board after move N */
	part.nmoves = upto;
	if ((g = pg->rules->create(world, &part, &rerr)) == NULL) {
		errf(_("carcref: %s: %s\n"), out_path(o.file), rerr.msg);
		nt_record_free(&r);
		return 2;
	}
	pg->rules->set_undo(g, false);
	if (!(ok = nt_game_replay(pg->rules, g, world, &part, &rerr))) {
		cmd_print_refused(o.file, &rerr);
		rc = 1;
	}
	play_dress_record(&r, names, letter, ansi);
	if (o.feature != NULL) {
		if ((seg = find_feature(g, o.feature, &x, &y, &spot)) < 0) {
			rc = 2;
			goto out;
		}
		feature_lines(g, names, seg, x, y, cr_spot_name((enum cr_spot)spot), &l);
	}
	if (l.oom || (title = title_of(&o, g, names, r.nmoves, ok)) == NULL ||
	    (pic = picture(&o, g, names, letter, ansi, title, seg, &l, &len)) == NULL) {
		errf(_("carcref board: out of memory\n"));
		rc = 2;
		goto out;
	}
	if (o.out != NULL && strcmp(o.out, "-") != 0) {
		if (!cmd_write_atomic(o.out, pic, len, &err)) {
			errf(_("carcref board: %s\n"), err ? err : _("out of memory"));
			rc = 2;
			goto out;
		}
		for (int i = 0; o.format == 's' && i < l.n; i++)	/* the account, said too */
			outf("%s\n", l.v[i]);
	} else if (o.format == 's')
		fwrite(pic, 1, len, stdout);
	else
		out_raw(stdout, pic);	/* escaped as it was made; colours raw */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		errf(_("carcref: standard output: %s\n"), strerror(errno));
		rc = 2;
	}
out:
	free(err);
	free(pic);
	free(title);
	free_lines(&l);
	cr_game_free(g);
	nt_record_free(&r);
	return rc;
}

const struct cmd_entry cmd_board_entry = {
	"board", "[--svg|--ascii] FILE [--move N] [--feature X,Y:SPOT] [-o OUT]",
	N_("draw the board of a recorded game after move N (SVG or ASCII), a feature highlighted"),
	board_exec
};
