/*
 * tile-views.c -- what the table is shown of the tile game: the board,
 * the scores, every point explained, the supply, where a tile fits, the
 * tiles, help's words for its turn.  None of these changes the game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "tile.h"
#include "svg.h"
#include "rules/ext.h"
#include "notation/explain.h"
#include "notation/i18n.h"

/* ---- helpers, for the turn too ------------------------------------------ */

/* A tile type's code ("U"). */
const char *
tile_code(const struct play *p, int type)
{
	return tile_ts(p)->type[type].code;
}

/* Pictures of a type in the given rotations, side by side. */
void
tile_rotations(struct play *p, int type, const int *rots, int n, bool titles)
{
	cmd_print_rotations(stdout, tile_ts(p), type, rots, n, titles);
}

/* The legal placements of a type, one per square and look (cr_tile_rot_rep),
 * sorted as the board reads: north first, then west to east.  malloc'd;
 * *n how many; *squares how many squares. */
static int
place_cmp(const void *a, const void *b)
{
	const struct cr_place *p = a, *q = b;

	if (p->y != q->y)
		return p->y > q->y ? -1 : 1;
	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return p->rot - q->rot;
}

struct cr_place *
tile_legal_places(struct play *p, int type, int *n, int *squares)
{
	const struct cr_tiletype *t = &tile_ts(p)->type[type];
	int all = cr_game_legal(p->g, type, NULL, 0), k = 0;
	struct cr_place *v = calloc((size_t)all + 1, sizeof *v);

	*n = *squares = 0;
	if (v == NULL)
		return NULL;
	cr_game_legal(p->g, type, v, all);
	for (int i = 0; i < all; i++)	/* rotations that look alike count once */
		if (cr_tile_rot_rep(t, v[i].rot) == v[i].rot)
			v[k++] = v[i];
	qsort(v, (size_t)k, sizeof *v, place_cmp);
	for (int i = 0; i < k; i++)
		if (i == 0 || v[i].x != v[i - 1].x || v[i].y != v[i - 1].y)
			(*squares)++;
	*n = k;
	return v;
}

/*
 * A piece and its spot as the player's language writes them, which the
 * notation reads too: "knight@W", in French "chevalier@O".  A word that
 * would not read back as the piece stays English.
 */
const char *
tile_piece_word(int role)
{
	const char *w = cr_role_name(role), *t = w ? _(w) : NULL;

	return t != NULL && nt_role_lookup(cr_ext_rules(cr_piece_ext(role)), t, strlen(t)) == role ?
	    t : w;
}

int
tile_meeple_text(int role, enum cr_spot spot, char *buf, size_t size)
{
	return snprintf(buf, size, "%s@%s", tile_piece_word(role), nt_spot_text(spot));
}

/* A space off the tiles as the player's language writes it, which the
 * notation reads too: "tax", in French "taxes". */
static const char *
space_word(int space)
{
	const struct cr_space *sp = cr_space(space);

	return play_fr() && sp->aliases != NULL && sp->aliases[0] != NULL ? sp->aliases[0] :
	    sp->word;
}

int
tile_space_text(int role, int space, char *buf, size_t size)
{
	return snprintf(buf, size, "%s@%s", tile_piece_word(role), space_word(space));
}

/*
 * The pieces that may go on a space off the tiles in move m (its tile
 * placed, its piece left out), each with the space's room after the
 * step the line says of the copy drawn (the move played on trial without
 * its piece, and taken back): up to max into out, how many.
 */
int
tile_space_options(struct play *p, const struct cr_move *m, struct tile_spaceopt *out, int max)
{
	int cap[CR_MAXSPACES + 1] = { 0 }, held[CR_MAXSPACES + 1] = { 0 }, n = 0, ns = 0;
	struct cr_move t;

	for (ns = 1; ns <= CR_MAXSPACES && cr_space(ns) != NULL; ns++)
		cap[ns] = cr_game_space(p->g, ns, NULL, 0, &held[ns]);
	for (int r = 1; r < cr_npieces() && n < max; r++) {
		if (!(cr_piece(r)->flags & CR_PIECE_SPACE) ||
		    !(cr_game_exts(p->g) >> cr_piece_ext(r) & 1))
			continue;
		for (int s = 1; s < ns && n < max; s++) {
			cr_move_copy(&t, m);
			t.role = r, t.spot = 0, t.arg = 0, t.space = s;
			if (cap[s] > 0 && cr_space_ext(s) == cr_piece_ext(r) &&
			    cr_game_check(p->g, &t, NULL))
				out[n++] = (struct tile_spaceopt){ r, s, cap[s] - held[s], cap[s] };
		}
	}
	cr_move_copy(&t, m);
	t.role = CR_ROLE_NONE, t.spot = 0, t.arg = 0, t.space = 0;
	if (n > 0 && m->ndrawn > 0 && cr_game_play(p->g, &t, NULL)) {	/* the step first */
		for (int i = 0; i < n; i++) {
			int now;

			cr_game_space(p->g, out[i].space, NULL, 0, &now);
			out[i].free = out[i].cap - now;
		}
		cr_game_undo(p->g, 1);
	}
	return n;
}

/*
 * A whole turn with tile T that is legal now, as tile_example words it:
 * with a piece (*piece true) at the first placement where one may go,
 * else the first placement alone; NULL when T fits nowhere.  The tile in
 * hand placed: where it lies comes first, as it lies.  Each turn is
 * checked whole (a flock's choice due makes a turn without it illegal).
 */
char *
tile_example_of(struct play *p, int t, bool *piece)
{
	const struct tile_hand *h = tile_hand(p);
	struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
	struct cr_move first = { .tile = -1 };
	char line[512];
	int n, squares, k;
	struct cr_place *v;

	*piece = false;
	if ((v = tile_legal_places(p, t, &n, &squares)) == NULL)
		return NULL;
	for (int i = 0; h->placed && t == h->tile && i < n; i++)
		if (v[i].x == h->pend.x && v[i].y == h->pend.y &&
		    v[i].rot == cr_tile_rot_rep(&tile_ts(p)->type[t], h->pend.rot)) {
			memmove(v + 1, v, (size_t)i * sizeof *v);
			v[0] = (struct cr_place){ .x = h->pend.x, .y = h->pend.y, .rot = h->pend.rot };
			break;
		}
	for (int i = 0; i < n; i++) {
		struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = t, .x = v[i].x,
		    .y = v[i].y, .rot = v[i].rot };

		if (t == h->tile)	/* the copy in hand: what it was said to show */
			tile_said_whole(p, &m);
		if (first.tile < 0 && cr_game_check(p->g, &m, NULL))
			first = m;
		k = cr_game_meeple_options(p->g, &m, opt, CR_MAXMEEPLEOPTS);
		for (int j = 0; j < k && j < CR_MAXMEEPLEOPTS; j++) {
			struct cr_move with = m;
			char pw[64];

			with.role = opt[j].role, with.spot = opt[j].spot;
			if ((cr_piece(opt[j].role)->flags & CR_PIECE_TOKEN) ||
			    opt[j].spot == CR_SPOT_C || !cr_game_check(p->g, &with, NULL))
				continue;	/* not a ROLE@SPOT to show */
			free(v);
			nt_format_move(tile_ts(p), &m, NULL, line, sizeof line);
			tile_meeple_text(opt[j].role, opt[j].spot, pw, sizeof pw);
			*piece = true;
			return cmd_strf("%s %s", line, pw);
		}
	}
	free(v);
	if (first.tile < 0)
		return NULL;
	nt_format_move(tile_ts(p), &first, NULL, line, sizeof line);
	return strdup(line);
}

/*
 * A whole turn that is legal now, for the hints (malloc'd; NULL if
 * nothing can be played): the tile in hand's (its discard when it fits
 * nowhere), else the first tile in the box's order that may be drawn; at
 * its first square (north first), with a piece on a spot if one may go
 * there ("A -1,0 270 thief@E"), in the player's words.
 */
static char *
hand_example(struct play *p)
{
	const struct tile_hand *h = tile_hand(p);
	struct cr_move d = { .kind = CR_MOVE_DISCARD, .tile = h->tile };
	char line[512], *ex;
	bool piece;

	tile_said_whole(p, &d);	/* the copy in hand, as it was said */
	if ((ex = tile_example_of(p, h->tile, &piece)) != NULL || !cr_game_check(p->g, &d, NULL))
		return ex;
	nt_format_move(tile_ts(p), &d, NULL, line, sizeof line);
	return strdup(line);
}

/*
 * The tile in hand's example when nothing was said of the copy: as it
 * is, else (every copy left shows a module's number: a wheel icon) with
 * the first number the engine accepts now said of it ("X wheel=1 ..."),
 * never a line that is itself refused; NULL when none is legal.
 */
static char *
hand_example_said(struct play *p)
{
	struct tile_hand *h = tile_hand(p);
	char *ex = hand_example(p);

	if (ex != NULL || h->nsaid != 0)
		return ex;
	for (int id = 1; ex == NULL && cr_token(id) != NULL; id++) {
		if (!cr_token(id)->drawn || cr_token(id)->square ||
		    !(cr_game_exts(p->g) >> cr_token_ext(id) & 1))
			continue;
		for (int k = cr_token(id)->min; ex == NULL && k <= cr_token(id)->max; k++) {
			h->nsaid = 1;
			h->said[0] = (struct cr_said){ CR_TOKEN(id, k), 0, 0, -1 };
			ex = hand_example(p);
			h->nsaid = 0;
		}
	}
	return ex;
}

char *
tile_example(struct play *p)
{
	const struct tile_hand *h = tile_hand(p);
	char *ex, *first = NULL;
	bool piece;

	if (cr_game_over(p->g))
		return NULL;
	if (h->tile >= 0)
		return hand_example_said(p);
	for (int t = 0; t < tile_ts(p)->ntypes; t++) {
		if (!cr_game_drawable(p->g, t, NULL) || (ex = tile_example_of(p, t, &piece)) == NULL)
			continue;
		if (piece) {
			free(first);
			return ex;
		}
		if (first == NULL)
			first = ex;
		else
			free(ex);
	}
	return first;
}

void
tile_say_fits(struct play *p, int type, int squares)
{
	outf(ngettext("%s fits on %d square", "%s fits on %d squares", (unsigned long)squares),
	    tile_code(p, type), squares);
}

void
tile_say_state(struct play *p)
{
	int n = cr_game_nmoves(p->g), left = cr_game_supply_total(p->g);

	if (cr_game_over(p->g)) {
		outf(ngettext("the game is over after %d move\n", "the game is over after %d moves\n",
		    (unsigned long)n), n);
		play_say_final(p);
		return;
	}
	/* Two counts, each with its plural: said in pieces. */
	outf(ngettext("%d move played", "%d moves played", (unsigned long)n), n);
	outf(ngettext(", %d tile left", ", %d tiles left", (unsigned long)left), left);
	if (cr_game_hidden(p->g) > 0)	/* slid under hills, unseen */
		outf(ngettext(" (and %d hidden)", " (and %d hidden)",
		    (unsigned long)cr_game_hidden(p->g)), cr_game_hidden(p->g));
	outf(_("; %s to play\n"), p->names[cr_game_turn(p->g)]);
}

/* ---- the commands ------------------------------------------------------- */

int
view_legal(struct play *p, int argc, char **argv)
{
	struct tile_hand *h = tile_hand(p);
	int type = h->tile, n, squares;
	struct cr_refusal why;
	struct cr_place *v;

	if (argc == 2 && (type = cr_tileset_find(tile_ts(p), argv[1], strlen(argv[1]))) < 0)
		return play_nope(_("unknown tile \"%s\" (tiles shows them all with their codes)"),
		    argv[1]);
	if (type < 0)
		return play_nope(_("no tile in hand: legal CODE, or draw one first (draw CODE)"));
	if (cr_game_over(p->g))
		return tile_game_over(p);
	if (!cr_game_drawable(p->g, type, &why) && why.code == CR_R_NOT_IN_PLAY)
		return tile_refusal(p, &why);	/* a tile of a set not in play */
	if ((v = tile_legal_places(p, type, &n, &squares)) == NULL)
		return play_nope(_("out of memory"));
	if (n == 0)
		outf(_("%s fits nowhere: it is discarded (discard)\n"), tile_code(p, type));
	else {
		tile_say_fits(p, type, squares);
		outf(ngettext(", %d way:\n", ", %d ways:\n", (unsigned long)n), n);
	}
	for (int i = 0; i < n; ) {
		char pos[32];
		int k = i;

		snprintf(pos, sizeof pos, "%d,%d", v[i].x, v[i].y);
		outf(_("  %-8s rotation"), pos);
		for (; k < n && v[k].x == v[i].x && v[k].y == v[i].y; k++)
			outf("%s %d", k > i ? "," : "", v[k].rot * 90);
		outf("\n");
		i = k;
	}
	if (cr_game_drawable(p->g, type, &why))
		;
	else if (why.code == CR_R_NO_COPY)
		outf(_("(no %s is left in the supply)\n"), tile_code(p, type));
	else {	/* held back: the river first, the lake last */
		char msg[512];

		nt_refusal_game(p->g, &why, p->names, msg, sizeof msg);
		outf("(%s)\n", msg);
	}
	free(v);
	return 0;
}

/* board --svg FILE: the picture of the game at the table (svg.c),
 * FILE replaced safely. */
static int
board_svg(struct play *p, int argc, char **argv)
{
	struct svg_board b = { .names = p->names, .ansi = p->ansi, .feature = -1 };
	char *text, *title, *err = NULL;
	int n = cr_game_nmoves(p->g);
	size_t len;
	bool ok;

	if (argc != 3 || strcmp(argv[1], "--svg") != 0)
		return play_nope(_("board: expected nothing, or --svg FILE"));
	title = n ? cmd_strf(_("the game at the table, after move %d"), n) :
	    cmd_strf("%s", _("the game at the table, before move 1"));
	b.title = title;
	if (title == NULL || (text = svg_text(p->g, &b, &len)) == NULL) {
		free(title);
		return play_nope(_("board: out of memory"));
	}
	ok = cmd_write_atomic(argv[2], text, len, &err);
	free(text), free(title);
	if (!ok) {
		play_nope(_("board: %s"), err ? err : _("out of memory"));
		free(err);
		return -1;
	}
	outf(_("wrote the board after move %d to %s\n"), n, out_path(argv[2]));
	return 0;
}

int
view_board(struct play *p, int argc, char **argv)
{
	struct tile_hand *h = tile_hand(p);
	struct board_style st = { .color = p->color, .letter = p->letter, .ansi = p->ansi,
	    .hand = h->placed || cr_game_over(p->g) ? -1 : h->tile };

	if (argc > 1)
		return board_svg(p, argc, argv);
	/* The last tile placed, underlined in colour. */
	st.lastset = board_last_tile(p->g, &st.lastx, &st.lasty);
	board_print(stdout, p->g, p->names, &st);
	if (h->placed)
		outf(_("(%s at %d,%d is not on the board until the turn ends: meeple or pass)\n"),
		    tile_code(p, h->tile), h->pend.x, h->pend.y);
	return 0;
}

/*
 * What the modules in play say of their state (m NULL: "the pig on
 * Storm") or of the step m says of the copy drawn, joined by "; " into
 * buf; how long (0: nothing).
 */
size_t
tile_ext_said(const struct play *p, const struct cr_move *m, char *buf, size_t size)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int e = 0; e < cr_nexts && e < CR_MAXEXTS; e++) {
		char one[256];

		if (!(cr_game_exts(p->g) >> e & 1) || cr_exts[e]->said == NULL ||
		    cr_exts[e]->said(p->g, e, m, nt_tr, one, sizeof one) <= 0 || o + 2 >= size)
			continue;
		o += (size_t)snprintf(buf + o, size - o, "%s%s", o ? "; " : "", one);
	}
	return o < size ? o : size - 1;
}

/*
 * After each accepted move, one line: each player's score and meeples in
 * hand, who plays next, the tiles left: "Anna 12 [6], Ben 4 [7]; Ben to
 * play, 63 tiles left".
 */
void
tile_standings(struct play *p)
{
	int n = cr_game_nplayers(p->g), left = cr_game_supply_total(p->g), k = 0;
	char said[512], *line;

	if (cr_game_over(p->g))
		return;
	/* The pieces in hand of the game's first pool (its meeples, its
	 * tribe members), not of another game's. */
	while (k + 1 < cr_npools() && !(cr_game_exts(p->g) & (1u << cr_pool_ext(k))))
		k++;
	outf(" ");
	for (int i = 0; i < n; i++)
		outf(" %s %d [%d]%s", p->names[i], cr_game_player(p->g, i)->score,
		    k == 0 ? cr_game_player(p->g, i)->meeples : cr_game_player(p->g, i)->pool[k],
		    i + 1 < n ? "," : "");
	if (tile_ext_said(p, NULL, said, sizeof said) == 0) {
		outf(ngettext("; %s to play, %d tile left\n", "; %s to play, %d tiles left\n",
		    (unsigned long)left), p->names[cr_game_turn(p->g)], left);
		return;
	}
	/* The modules' state after it: "; the pig on Storm". */
	line = cmd_strf(ngettext("; %s to play, %d tile left\n", "; %s to play, %d tiles left\n",
	    (unsigned long)left), p->names[cr_game_turn(p->g)], left);
	if (line != NULL && *line != '\0' && line[strlen(line) - 1] == '\n')
		line[strlen(line) - 1] = '\0';
	outf("%s; %s\n", line ? line : "", said);
	free(line);
}

/* Names in the table: at most this many columns, cut with "~" beyond. */
#define NAME_COLS	20

/* A name cut to NAME_COLS characters (malloc'd), for a table. */
static char *
short_name(const char *s)
{
	size_t i = 0, n = strlen(s);
	int cols = 0;
	char *t;

	if (out_width(s) <= NAME_COLS)
		return strdup(s);
	while (i < n) {	/* whole UTF-8 characters, as wide as they print */
		size_t j = i + 1;
		char one[8];
		int cw;

		while (j < n && j - i < 4 && ((unsigned char)s[j] & 0xc0) == 0x80)
			j++;
		memcpy(one, s + i, j - i);
		one[j - i] = '\0';
		if (cols + (cw = out_width(one)) > NAME_COLS - 1)
			break;
		cols += cw;
		i = j;
	}
	if ((t = malloc(i + 2)) == NULL)
		return NULL;
	memcpy(t, s, i);
	t[i] = '~', t[i + 1] = '\0';
	return t;
}

/*
 * A column's heading, translated: the pools' labels and the counters of
 * the modules (rules/ext-*.c keep them in English, marked for the
 * catalogue).
 */
static const char *
heading(const char *label)
{
	return nt_tr(label);
}

/*
 * The standings: a row a player, a column per supply of pieces and per
 * kind of token of the modules in play.  Eight players with every
 * expansion fit 80 columns (in English; a heading is as wide as its
 * column).
 */
int
view_score(struct play *p, int argc, char **argv)
{
	/* TRANSLATORS: the score table's headings: "player" is padded to
	 * the names' width, each number is as wide as its heading. */
	const char *who = _("player"), *score = _("score");
	int n = cr_game_nplayers(p->g), w = 6, sw = out_width(score) > 5 ? out_width(score) : 5;
	char *name[CR_MAXPLAYERS], said[512];

	(void)argc, (void)argv;
	if (cr_game_over(p->g)) {
		play_say_final(p);
		return 0;
	}
	tile_say_state(p);
	w = out_width(who) > w ? out_width(who) : w;
	for (int i = 0; i < n; i++) {
		name[i] = short_name(p->names[i]);
		if (name[i] != NULL && out_width(name[i]) > w)
			w = out_width(name[i]);
	}
	outf("  ");
	out_pad(stdout, who, w);
	outf(" %*s%s", sw - out_width(score), "", score);
	for (int k = 0; k < cr_npools(); k++)
		if (cr_game_exts(p->g) & (1u << cr_pool_ext(k)))
			outf(" %s", heading(cr_pool(k)->label));
	for (int k = 0; k < cr_game_ncounters(p->g); k++)
		outf(" %s", heading(cr_game_counter_name(p->g, k, NULL)));
	outf("\n");
	for (int i = 0; i < n; i++) {
		const struct cr_player *pl = cr_game_player(p->g, i);
		const char *nm = name[i] ? name[i] : p->names[i];

		outf("%s %s%*s %*d", i == cr_game_turn(p->g) ? ">" : " ", nm,
		    w - out_width(nm), "", sw, pl->score);
		for (int k = 0; k < cr_npools(); k++)
			if (cr_game_exts(p->g) & (1u << cr_pool_ext(k)))
				outf(" %*d", out_width(heading(cr_pool(k)->label)),
				    k == 0 ? pl->meeples : pl->pool[k]);
		for (int k = 0; k < cr_game_ncounters(p->g); k++)	/* goods tokens */
			outf(" %*d", out_width(heading(cr_game_counter_name(p->g, k, NULL))),
			    cr_game_counter(p->g, i, k));
		outf("\n");
		free(name[i]);
	}
	if (tile_ext_said(p, NULL, said, sizeof said) > 0)	/* "the pig on Storm" */
		outf("  %s\n", said);
	return 0;
}

/*
 * Edition 1, after "farmer at X,Y SPOT: ": the completed cities its farm
 * borders and what each would pay the farmers around it if the game
 * ended now (the final scoring's events), each city once however many
 * of the player's farms border it: *shown holds the cities said (their
 * feature ids), grown here.
 */
static void
farm_cities(struct play *p, int seg, int **shown, int *nshown)
{
	int n = cr_game_farm_cities(p->g, seg, NULL, 0), k;
	struct cr_event *ev = calloc((size_t)n + 1, sizeof *ev);
	int *more = realloc(*shown, (size_t)(*nshown + n + 1) * sizeof **shown);

	if (more != NULL)
		*shown = more;
	if (ev == NULL || more == NULL) {
		free(ev);
		outf(_("(out of memory)\n"));
		return;
	}
	if (n == 0)
		outf(_("no completed city borders its farm: nothing (edition 1 pays farmers per "
		    "completed city)\n"));
	else
		outf(ngettext("its farm borders %d completed city, which pays 4 to the most "
		    "farmers over all the farms around it (edition 1):\n", "its farm borders %d "
		    "completed cities, each paying 4 to the most farmers over all the farms around "
		    "it (edition 1):\n", (unsigned long)n), n);
	cr_game_farm_cities(p->g, seg, ev, n);
	for (int i = 0; i < n; i++) {
		char *acc;

		for (k = 0; k < *nshown && (*shown)[k] != ev[i].feature; k++)
			;
		if (k < *nshown) {
			outf(_("      the city at %d,%d: said above\n"), ev[i].x, ev[i].y);
			continue;
		}
		(*shown)[(*nshown)++] = ev[i].feature;
		acc = nt_event_account(&ev[i], p->names, cr_game_nplayers(p->g));
		outf("      %s\n", acc ? acc : _("(out of memory)"));
		free(acc);
	}
	free(ev);
}

/* Every point one player has, event by event, and what stands to come. */
static void
explain_player(struct play *p, int who)
{
	const struct cr_event *ev;
	struct cr_meeple *mee;
	int nev, nm, *seen, nseen = 0, k = 0, total = 0, *shown = NULL, nshown = 0;
	char why[512], line[128];
	bool final = false;

	ev = cr_game_events(p->g, &nev);
	outf(ngettext("%s: %d point\n", "%s: %d points\n",
	    (unsigned long)cr_game_player(p->g, who)->score), p->names[who],
	    cr_game_player(p->g, who)->score);
	for (int i = 0; i < nev; i++) {
		const struct cr_move *m;

		if (!(ev[i].winners & (1u << who)))
			continue;
		if (!final && CR_EV_AT_END(ev[i].reason)) {
			outf(_("  at the final scoring:\n"));
			final = true;
		}
		m = cr_game_move(p->g, ev[i].move - 1);
		nt_format_move(tile_ts(p), m, NULL, line, sizeof line);
		nt_event_places(p->g, &ev[i], p->names, cr_game_nplayers(p->g), why, sizeof why);
		outf(_("  %s%s: %s"), final ? "  " : "", nt_event_name(&ev[i]), why);
		if (!final)
			outf(_("  [move %d, %s: %s]"), ev[i].move,
			    p->names[cr_game_move_player(p->g, ev[i].move - 1)], line);
		outf("\n");
		total += ev[i].pay[who];
		k++;
	}
	if (k == 0)
		outf(_("  no feature has paid %s yet\n"), p->names[who]);
	else if (total != cr_game_player(p->g, who)->score)	/* never: the events are the score */
		outf(_("  (the events add up to %d)\n"), total);
	if (cr_game_over(p->g))
		return;

	/* Meeples on the board: what their features would pay now. */
	nm = cr_game_meeples(p->g, NULL, 0);
	mee = calloc((size_t)nm + 1, sizeof *mee);
	seen = calloc((size_t)nm + 1, sizeof *seen);
	if (mee == NULL || seen == NULL) {
		free(mee), free(seen);
		outf(_("  (out of memory: the meeples on the board are not shown)\n"));
		return;
	}
	cr_game_meeples(p->g, mee, nm);
	k = 0;
	for (int i = 0; i < nm; i++) {
		struct cr_event e;
		int id = cr_game_feature_id(p->g, mee[i].seg), s;

		if (mee[i].player != who)
			continue;
		if (cr_piece(mee[i].role)->does != NULL) {	/* a builder, a pig, a shepherd */
			if (k++ == 0)
				outf(_("  meeples on the board, if the game ended now:\n"));
			outf(_("    %s at %d,%d %s: %s\n"), nt_piece_name(mee[i].role, 1), mee[i].x,
			    mee[i].y, cr_spot_name(mee[i].spot), _(cr_piece(mee[i].role)->does));
			if (cr_game_feature_kept(p->g, mee[i].seg, &e)) {	/* its flock */
				nt_event_explain(&e, p->names, cr_game_nplayers(p->g), why, sizeof why);
				outf(_("      %s: %s\n"), nt_event_name(&e), why);
			}
			continue;
		}
		for (s = 0; s < nseen && seen[s] != id; s++)
			;
		if (s < nseen)
			continue;
		seen[nseen++] = id;
		if (k++ == 0)
			outf(_("  meeples on the board, if the game ended now:\n"));
		outf(_("    %s at %d,%d %s: "), nt_piece_name(mee[i].role, 1), mee[i].x, mee[i].y,
		    cr_spot_name(mee[i].spot));
		if (!cr_game_kind_priced(p->g, cr_role_kind(mee[i].role))) {	/* edition 1's farmers */
			farm_cities(p, mee[i].seg, &shown, &nshown);
			continue;
		}
		/* A kind no price pays: what a module's final scoring would
		 * pay for it (a meadow). */
		if (cr_kind(cr_role_kind(mee[i].role))->price == NULL &&
		    cr_game_feature_kept(p->g, mee[i].seg, &e) && e.reason == CR_EV_MODULE_END) {
			nt_event_explain(&e, p->names, cr_game_nplayers(p->g), why, sizeof why);
			outf("%s\n", why);
			continue;
		}
		/* Who holds it, even when it pays 0 now (a farm with no city
		 * yet): never "to nobody" for a feature a player holds. */
		if (cr_game_feature_score(p->g, mee[i].seg, &e) || e.winners != 0) {
			nt_event_explain(&e, p->names, cr_game_nplayers(p->g), why, sizeof why);
			outf("%s\n", why);
		} else {
			nt_event_why(&e, why, sizeof why);
			if (e.points == 0)	/* held, and the end pays nothing for it */
				outf("%s\n", why);
			else
				outf(_("%s = %d, to nobody\n"), why, e.points);
		}
	}
	free(mee), free(seen), free(shown);
}

/* The spot people would use to name a segment of the tile at x,y. */
static const char *
spot_for(struct play *p, int x, int y, int seg, int kind)
{
	static const enum cr_spot order[] = {
		CR_SPOT_N, CR_SPOT_E, CR_SPOT_S, CR_SPOT_W, CR_SPOT_C,
		CR_SPOT_NNE, CR_SPOT_ENE, CR_SPOT_ESE, CR_SPOT_SSE, CR_SPOT_SSW,
		CR_SPOT_WSW, CR_SPOT_WNW, CR_SPOT_NNW, CR_SPOT_NE, CR_SPOT_SE,
		CR_SPOT_SW, CR_SPOT_NW,
	};

	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if (cr_game_seg_at(p->g, x, y, order[i], kind, NULL) == seg)
			return cr_spot_name(order[i]);
	return "?";
}

/*
 * Every piece on the feature id, each kind by its name, a player's after
 * the other: "  meeples: Anna 1 knight + 1 big knight + 1 builder
 * (counting 3), Ben 1 knight".  The count in the majority, when a piece
 * does not count 1 (a big meeple counts 2, a builder nothing).
 */
static void
pieces_on(struct play *p, int id, const struct cr_feature *f)
{
	int nm = cr_game_meeples(p->g, NULL, 0), k = 0;
	struct cr_meeple *mee = calloc((size_t)nm + 1, sizeof *mee);

	outf(_("  meeples:"));
	if (mee == NULL) {
		outf(_(" (out of memory)\n"));
		return;
	}
	cr_game_meeples(p->g, mee, nm);
	for (int i = 0; i < cr_game_nplayers(p->g); i++) {
		int kinds = 0;
		bool plain = true;	/* each counts 1 */

		for (int r = 1; r < cr_npieces(); r++) {
			int c = 0;

			for (int m = 0; m < nm; m++)
				c += mee[m].player == i && mee[m].role == r &&
				    cr_game_feature_id(p->g, mee[m].seg) == id;
			if (c == 0)
				continue;
			if (kinds++ == 0)
				outf("%s %s", k++ ? "," : "", p->names[i]);
			else
				outf(" +");
			outf(" %d %s", c, nt_piece_name(r, c));
			plain = plain && cr_piece(r)->weight == 1;
		}
		if (kinds > 0 && !plain)
			outf(_(" (counting %d)"), f->meeples[i]);
	}
	outf("%s\n", k ? "" : _(" none"));
	free(mee);
}

/* A line said (nt_farm_lines). */
static void
say_out(void *ctx, const char *fmt, va_list ap)
{
	(void)ctx;
	out_vprintf(stdout, fmt, ap);
	outf("\n");
}

/* A feature: what it is, what it holds, who controls it, what it pays. */
static void
explain_feature(struct play *p, int seg, int x, int y, const char *spot)
{
	const struct cr_event *ev;
	struct cr_feature f;
	struct cr_place *tiles;
	struct cr_event e;
	const struct cr_kinddef *k;
	const char *fmt;
	int n = cr_game_nplayers(p->g), id = cr_game_feature_id(p->g, seg);
	int nt, nev, best = 0, j = 0, paid = 0, nums[CR_NNUMS], a[4];
	char why[512];

	cr_game_feature(p->g, seg, &f);
	k = cr_kind(f.kind);
	nt_feature_nums(&f, nums);
	/* A sentence a kind: in French its words agree with it. */
	if ((fmt = nt_say(f.complete ? &k->line_done : &k->line_open, nums, a)) != NULL)
		outf(fmt, x, y, spot, a[0], a[1], a[2], a[3]);
	else
		outf(_("%s at %d,%d %s\n"), nt_kind_word(f.kind), x, y, spot);
	nt = cr_game_feature_tiles(p->g, seg, NULL, 0);
	if ((tiles = calloc((size_t)nt + 1, sizeof *tiles)) != NULL) {
		cr_game_feature_tiles(p->g, seg, tiles, nt);
		outf(ngettext("  %d tile:", "  %d tiles:", (unsigned long)nt), nt);
		for (int i = 0; i < nt; i++)
			outf(" %d,%d", tiles[i].x, tiles[i].y);
		outf("\n");
		free(tiles);
	}
	/* Its pennants, what a farm is paid for (in every edition). */
	if ((fmt = nt_say(&k->line_more, nums, a)) != NULL)
		outf(fmt, a[0], a[1], a[2], a[3]);
	for (int i = 0; i < n; i++)
		if (f.meeples[i] > best)
			best = f.meeples[i];
	pieces_on(p, id, &f);
	/* Edition 1 pays farmers per completed city, over all the farms
	 * around it, not per farm: no farm is controlled (said below). */
	if (best > 0 && cr_game_kind_priced(p->g, f.kind)) {
		unsigned tied = 0, won;

		for (int i = 0; i < n; i++)
			if (f.meeples[i] == best)
				tied |= 1u << i;
		/* A module may break a tie (a follower on a hill). */
		cr_game_feature_score(p->g, seg, &e);
		won = e.winners != 0 && (e.winners & ~tied) == 0 ? e.winners : tied;
		j = 0;
		outf(_("  controlled by"));
		for (int i = 0; i < n; i++)
			if (won & (1u << i))
				outf("%s %s", j++ ? _(" and") : "", p->names[i]);
		if (won != tied)
			outf(_(" (tied, but %s)\n"), cr_phrase(e.tie));
		else
			outf("%s\n", j > 1 ? _(" (tied: each scores in full)") : "");
	}
	if (cr_game_feature_kept(p->g, seg, &e)) {	/* a flock and its shepherds */
		nt_event_explain(&e, p->names, n, why, sizeof why);
		if (e.reason == CR_EV_MODULE_END)	/* what a module's end would pay */
			outf(_("  if the game ended now: %s\n"), why);
		else
			outf(_("  %s: %s\n"), nt_event_name(&e), why);
	}
	ev = cr_game_events(p->g, &nev);
	for (int i = 0; i < nev; i++)
		if (ev[i].feature == id) {
			nt_event_explain(&ev[i], p->names, n, why, sizeof why);
			if (CR_EV_AT_END(ev[i].reason))
				outf(_("  scored at move %d (final scoring): %s\n"), ev[i].move, why);
			else
				outf(_("  scored at move %d: %s\n"), ev[i].move, why);
			paid++;
		} else if (cr_game_event_concerns(p->g, &ev[i], seg)) {	/* a Tax's knights */
			nt_event_places(p->g, &ev[i], p->names, n, why, sizeof why);
			/* TRANSLATORS: a module's event that counted pieces on the
			 * feature without scoring it: its move, name and account. */
			outf(_("  counted at move %d (%s): %s\n"), ev[i].move, nt_event_name(&ev[i]),
			    why);
		}
	if (f.scored && paid == 0)
		outf(_("  completed with no meeple on it: it paid nobody\n"));
	if (!f.scored && paid == 0 && cr_game_over(p->g) && !cr_game_feature_score(p->g, seg, &e) &&
	    e.winners != 0) {	/* held, and the end paid 0 (an inn, a cathedral unfinished) */
		nt_event_explain(&e, p->names, n, why, sizeof why);
		outf(_("  the final scoring paid nothing for it: %s\n"), why);
	}
	if (f.scored || cr_game_over(p->g) || !cr_game_kind_priced(p->g, f.kind) ||
	    k->price == NULL)
		;	/* paid, (edition 1) a field paid per city: below; a kind
			 * no price pays (a module's end may: above) */
	else if (cr_game_feature_score(p->g, seg, &e) || e.winners != 0) {	/* held, 0 or more */
		nt_event_explain(&e, p->names, n, why, sizeof why);
		outf(_("  if the game ended now: %s\n"), why);
	} else if (best > 0) {	/* held, and the end pays nothing for it */
		nt_event_why(&e, why, sizeof why);
		outf(_("  if the game ended now: %s\n"), why);
	} else {
		nt_event_why(&e, why, sizeof why);
		outf(_("  if the game ended now: %s = %d, to nobody (no %s on it)\n"), why,
		    e.points, nt_kind_role(f.kind));
	}
	/* Edition 1: what the completed cities pay the farmers around them. */
	nt_farm_lines(p->g, seg, p->names, say_out, NULL);
}

/* Has tile type tt a segment of one of the n kinds? (a square of a
 * module's board may have none: the Wheel of Fortune's wheel) */
static bool
has_feature(const struct cr_tiletype *tt, const int *kinds, int n)
{
	for (int s = 0; s < tt->nseg; s++)
		for (int k = 0; k < n; k++)
			if (tt->seg[s].kind == kinds[k])
				return true;
	return false;
}

int
view_explain(struct play *p, int argc, char **argv)
{
	const struct cr_placed *t;
	const char *arg, *colon;
	int x, y, who, sp = -1, ids[CR_MAXSEG], nid = 0, kinds[CR_MAXKINDS];
	int nk = cmd_feature_kinds(kinds);
	size_t len;

	if (argc == 1) {
		for (int i = 0; i < cr_game_nplayers(p->g); i++) {
			if (i)
				outf("\n");
			explain_player(p, i);
		}
		return 0;
	}
	arg = argv[1];
	if ((who = nt_record_player(&p->rec, arg, strlen(arg))) >= 0) {
		explain_player(p, who);
		return 0;
	}
	colon = strchr(arg, ':');
	len = colon ? (size_t)(colon - arg) : strlen(arg);
	if (nt_pos_beyond(arg, len))	/* a position, but off any board: the limit */
		return play_nope(_("explain: a coordinate goes from %ld to %ld, got \"%s\""),
		    -NT_COORD_LIMIT, NT_COORD_LIMIT, NT_Q(arg, len));
	if (!nt_parse_pos(arg, len, &x, &y))
		return play_nope(_("explain: no player is named \"%s\", and it is no position "
		    "X,Y[:SPOT]"), NT_QS(arg));
	if (colon && (sp = cr_spot_lookup(colon + 1, (int)strlen(colon + 1))) < 0)
		return play_nope(_("explain: expected a spot after \":\" (N NNE NE ENE E ESE SE SSE "
		    "S SSW SW WSW W WNW NW NNW or C), got \"%s\""), NT_QS(colon + 1));
	if ((t = cr_game_at(p->g, x, y)) == NULL)
		return play_nope(_("explain: no tile at %d,%d"), x, y);
	for (int k = 0; k < nk; k++) {
		const struct cr_tiletype *tt = &tile_ts(p)->type[t->type];

		for (int s = 0; s < tt->nseg; s++) {
			int seg = t->seg0 + s, id = cr_game_feature_id(p->g, seg), i;

			if (tt->seg[s].kind != kinds[k])
				continue;
			if (sp >= 0 && cr_game_seg_at(p->g, x, y, (enum cr_spot)sp, kinds[k],
			    NULL) != seg)
				continue;
			for (i = 0; i < nid && ids[i] != id; i++)
				;
			if (i < nid)
				continue;
			ids[nid++] = id;
			if (nid > 1)
				outf("\n");
			explain_feature(p, seg, x, y, sp >= 0 ? cr_spot_name((enum cr_spot)sp) :
			    spot_for(p, x, y, seg, kinds[k]));
		}
	}
	if (nid == 0 && (sp < 0 || !has_feature(&tile_ts(p)->type[t->type], kinds, nk)))
		return play_nope(_("explain: no feature at %d,%d"), x, y);	/* a wheel's square */
	if (nid == 0)
		return play_nope(_("explain: no single feature at %d,%d %s (explain %d,%d lists the "
		    "tile's features)"), x, y, cr_spot_name((enum cr_spot)sp), x, y);
	return 0;
}

/* Is type a tile of a set in play (whatever is left of it)? */
static bool
set_in_play(struct play *p, int type)
{
	struct cr_refusal why;

	return cr_game_drawable(p->g, type, &why) || why.code != CR_R_NOT_IN_PLAY;
}

/* Where the tiles taken out unseen lie, as the modules in play say
 * ("under hills"). */
static const char *
hidden_where(struct play *p)
{
	for (int e = 0; e < cr_nexts; e++)
		if ((cr_game_exts(p->g) & (1u << e)) && cr_exts[e]->hidden != NULL)
			return _(cr_exts[e]->hidden);
	return _("out of the game");
}

/*
 * The tiles of the sets in play not played yet, by type.  Their counts
 * add up to the figure above them: the tiles left to draw, and those
 * hidden unseen (under hills), whose types nobody knows.
 */
/*
 * The copies of a type left that the modules tell apart (rules/ext.h:
 * cr_ext.variants; the wheel's icons), a line a type that has some:
 * "  U      5   4 with a wheel icon (number unknown), 1 plain".
 */
static void
supply_variants(struct play *p, int w)
{
	for (int t = 0; t < tile_ts(p)->ntypes; t++) {
		struct cr_variant v[8];
		int n;

		if (!set_in_play(p, t) || cr_game_supply(p->g, t) == 0 ||
		    (n = cr_game_variants(p->g, t, v, 8)) == 0)
			continue;	/* none left: no line */
		outf("  %-*s %2d  ", w, tile_ts(p)->type[t].code, cr_game_supply(p->g, t));
		tile_say_variants(p, v, n);
		outf("\n");
	}
	for (int e = 0; e < cr_nexts; e++) {	/* "wheel icons left: 16 of 19" */
		int all, left;

		if (!(cr_game_exts(p->g) & (1u << e)) || cr_exts[e]->variants_left == NULL ||
		    cr_exts[e]->variants_line == NULL)
			continue;
		left = cr_exts[e]->variants_left(p->g, e, &all);
		outf("  ");
		outf(_(cr_exts[e]->variants_line), left, all);
		outf("\n");
	}
}

void
tile_say_variants(struct play *p, const struct cr_variant *v, int n)
{
	(void)p;
	for (int i = 0, k = 0; i < n && i < 8; i++) {
		const char *ph = _(cr_phrase(v[i].phrase)), *at = strstr(ph, "{n}");

		if (v[i].count == 0)
			continue;	/* none of these left */
		outf("%s %d ", k++ ? "," : "", v[i].count);
		if (at != NULL)	/* the number the copies show */
			outf("%.*s%d%s", (int)(at - ph), ph, v[i].n, at + 3);
		else
			outf("%s", ph);
	}
}

int
view_supply(struct play *p, int argc, char **argv)
{
	int k = 0, w = 1, left = cr_game_supply_total(p->g), hidden = cr_game_hidden(p->g);

	(void)argc, (void)argv;
	for (int t = 0; t < tile_ts(p)->ntypes; t++)
		if (set_in_play(p, t) && !tile_ts(p)->type[t].part &&
		    (int)strlen(tile_ts(p)->type[t].code) > w)
			w = (int)strlen(tile_ts(p)->type[t].code);
	if (hidden == 0)
		outf(ngettext("%d tile left in the supply:\n", "%d tiles left in the supply:\n",
		    (unsigned long)left), left);
	else {	/* three counts, each with its plural: said in pieces */
		outf(ngettext("%d tile unplayed", "%d tiles unplayed", (unsigned long)(left + hidden)),
		    left + hidden);
		outf(ngettext(": %d left to draw", ": %d left to draw", (unsigned long)left), left);
		outf(ngettext(", %d hidden %s (its type unknown):\n",
		    ", %d hidden %s (their types unknown):\n", (unsigned long)hidden), hidden,
		    hidden_where(p));
	}
	for (int t = 0; t < tile_ts(p)->ntypes; t++) {
		if (!set_in_play(p, t) || tile_ts(p)->type[t].part)
			continue;	/* a board's square: never drawn */
		outf("%s%-*s %2d", k % 8 ? "   " : "  ", w, tile_ts(p)->type[t].code,
		    cr_game_supply(p->g, t));
		if (++k % 8 == 0)
			outf("\n");
	}
	if (k % 8)
		outf("\n");
	supply_variants(p, w);
	return 0;
}

int
view_tiles(struct play *p, int argc, char **argv)
{
	(void)p;
	argv[0] = (char *)"tiles";
	fflush(stdout);
	return cmd_tiles_entry.exec(argc, argv) == 0 ? 0 : -1;
}

/*
 * help place: the rest of a turn after the placement, legal now: the
 * tile in hand's ("place -1,0 270 thief@E"), or with none in hand, the
 * first that may be drawn ("draw A, place -1,0 270 thief@E").
 */
static void
say_place_example(struct play *p)
{
	struct tile_hand *h = tile_hand(p);
	const char *draw = play_cmd_name(play_cmd_find(p, "draw"));
	const char *place = play_cmd_name(play_cmd_find(p, "place"));
	char *ex = NULL, *turn = NULL, *sp;
	bool piece;

	if (cr_game_over(p->g))
		;
	else if (h->tile >= 0)
		ex = tile_example_of(p, h->tile, &piece);
	else
		ex = tile_example(p);
	if (ex != NULL && (sp = strchr(ex, ' ')) != NULL) {
		*sp = '\0';	/* the tile's code, then the rest */
		turn = h->tile >= 0 ? cmd_strf("%s %s", place, sp + 1) :
		    cmd_strf("%s %s, %s %s", draw, ex, place, sp + 1);
	}
	if (turn != NULL)
		outf(_("  The rest of the turn may follow, which finishes it; legal now:\n    %s\n"),
		    turn);
	else
		outf(_("  The rest of the turn may follow, which finishes it:\n    %s\n"),
		    _("place X,Y ROT ROLE@SPOT"));
	free(turn);
	free(ex);
}


/* help choose and help pass: what the modules in play say of their
 * choices (a flock's), or the generic words when none has any. */
static void
say_choices(struct play *p, bool choose)
{
	bool any = false;

	for (int e = 0; e < cr_nexts; e++) {
		const char *w = choose ? cr_exts[e]->choose_help : cr_exts[e]->pass_help;

		if (w != NULL && (cr_game_exts(p->g) & (1u << e)))
			outf("%s", _(w)), any = true;
	}
	if (!any)
		outf("%s", choose ?
		    _("  When the tile calls for a choice before its piece: choose WORD [TOKEN],\n"
		    "  then meeple or pass.\n") :
		    _("  After a choice, or with it: pass WORD [TOKEN].\n"));
}

/* help meeple: the pieces of the expansions in play, as a move writes
 * them (shepherd@SPOT sheep=N). */
static void
say_pieces(struct play *p)
{
	const char *item[CR_MAXPIECES];
	char *word[CR_MAXPIECES];
	int n = 0;

	for (int id = 1; id < cr_npieces(); id++) {
		const struct cr_piece *pc = cr_piece(id);
		int e = cr_piece_ext(id), tok = 0;

		if ((cr_rules_on(cr_game_rules(p->g)) >> e & 1) || !(cr_game_exts(p->g) >> e & 1) ||
		    !(cr_game_exts(p->g) >> cr_pool_ext(cr_piece_pool(id)) & 1))
			continue;	/* the game's own (the base game's), said above;
					 * one not in play, or whose pool is not (big-crown) */
		for (int t = 1; (pc->flags & CR_PIECE_TOKEN) && cr_token(t) != NULL && tok == 0; t++)
			if (cr_token_ext(t) == e)
				tok = t;
		word[n] = tok ? cmd_strf("%s@SPOT %s%s", pc->word, cr_token(tok)->word,
		    cr_token(tok)->max ? "=N" : "") : cmd_strf("%s", pc->word);
		item[n] = word[n] ? word[n] : "?";
		n++;
	}
	if (n > 0)
		cmd_print_list(stdout, _("  the pieces of the expansions in play: "), item, n);
	for (int i = 0; i < n; i++)
		free(word[i]);
}

/* help find: the edges' letters and the filters, as the tables say. */
static void
say_find(struct play *p)
{
	const struct cr_rules *r = cr_games[cr_game_rules(p->g)];
	char *list = NULL, *t;

	const char *first = NULL;

	for (int i = 0; i < cr_nfilters(); i++) {	/* "--pennant (a pennant)" */
		int k = cr__tab.filter_kind[i], a = cr__tab.filter_attr[i];

		/* The game's modules' own: a kind, an attribute of theirs. */
		if ((k != CR_NOKIND && !(cr_rules_modules(cr_game_rules(p->g)) >> cr_kind_ext(k) & 1)) ||
		    (a >= 0 && !cr_attr_of(a, cr_game_rules(p->g))))
			continue;
		t = cmd_strf("%s%s%s (%s)", list ? list : "", list ? ", " : "",
		    cr_filter(i)->option, _(cr_filter(i)->words));
		free(list);
		list = t;
		first = first ? first : cr_filter(i)->option;
	}
	t = cmd_strf(_("EDGES: the tile's four edges read clockwise from any side, %s (find %s): "
	    "each type left that shows them, the rotation where the first is north, its "
	    "picture.  Filters: %s%s--set NAME; they may come alone (find %s).  draw %s and "
	    "Tab turns the edges into the codes that match."), _(r->edge_letters),
	    r->edge_example, list ? list : "", list ? ", " : "",
	    first ? first : "--set NAME", r->edge_example);
	outf("  ");
	play_wrapped(t ? t : "", 2);
	free(t);
	free(list);
}

/* A text of help, wrapped, after its two blanks; freed. */
static void
say_help(char *text)
{
	outf("  ");
	play_wrapped(text ? text : "", 2);
	free(text);
}

/* t + sep + more into t (NULL when out of memory, t freed). */
static char *
cat(char *t, const char *sep, const char *more)
{
	char *s = cmd_strf("%s%s%s", t ? t : "", t ? sep : "", more);

	free(t);
	return s;
}

/* help draw: the codes of the game's own set. */
static void
say_draw(struct play *p)
{
	const struct cr_tileset *ts = tile_ts(p);

	say_help(cmd_strf(_("TILE is its code (%s to %s; tiles shows them).  Step 1 of 3 of a "
	    "turn; draw again to correct a wrong code."), ts->type[0].code,
	    ts->type[(ts->nsets > 0 ? ts->setbeg[1] : ts->ntypes) - 1].code));
}

/* help meeple: the game's own pieces, each with what it stands on
 * ("thief (road)", "hut (river or lake)"), and the one that may leave out
 * its spot; then the expansions' (say_pieces). */
static void
say_meeple(struct play *p)
{
	uint32_t own = cr_rules_on(cr_game_rules(p->g));
	char *list = NULL, *bare = NULL, *t;
	bool more = (cr_rules_modules(cr_game_rules(p->g)) & ~own) != 0;

	for (int id = 1; id < cr_npieces(); id++) {
		int k = cr_piece_kind(id, 0), k2 = cr_piece_kind(id, 1);

		if (!(own >> cr_piece_ext(id) & 1))
			continue;
		t = k2 != k ? cmd_strf("%s (%s%s%s)", nt_piece_name(id, 1), nt_kind_word(k), _(" or "),
		    nt_kind_word(k2)) : cmd_strf("%s (%s)", nt_piece_name(id, 1), nt_kind_word(k));
		list = cat(list, ", ", t ? t : "?");
		free(t);
		if (bare == NULL && (cr_kind_flags(k) & CR_KIND_BARE))
			bare = cmd_strf(_(" (%s alone means %s@C)"), nt_piece_name(id, 1),
			    nt_piece_name(id, 1));
	}
	say_help(cmd_strf(_("Step 3: %s, at a spot of the tile as it lies: N E S W, the half-edges "
	    "NNE ENE ESE SSE SSW WSW WNW NNW, the corners NE SE SW NW, or C, the centre%s%s  "
	    "Without ROLE@SPOT, lists where one may go."), list ? list : "", bare ? bare : "",
	    more ? _("; the pieces of the expansions in play too.") : "."));
	free(list), free(bare);
	say_pieces(p);
}

/* help board: the map's characters of the game's kinds and ends, and
 * its pieces' letters. */
static void
say_board(struct play *p)
{
	char *kinds = NULL, *t, *up, *low;
	uint32_t mods = cr_game_exts(p->g);

	for (int cls = 0; cls < 4; cls++)	/* walled areas, land, lines, centres */
		for (int k = 0; k < cr_nkinds(); k++) {
			const struct cr_kinddef *d = cr_kind(k);
			int in = d->shape == CR_LINE ? 2 : d->shape == CR_CENTRE ? 3 :
			    (d->flags & CR_KIND_LAND) ? 1 : 0;

			if (in != cls || !(mods >> cr_kind_ext(k) & 1) || d->map == NULL)
				continue;
			t = d->shape == CR_LINE && d->map_ew != NULL && d->map_ew[0] != d->map[0] ?
			    cmd_strf("%c %c %s", d->map_ew[0], d->map[0], _(d->name)) :
			    cmd_strf("%c %s", d->map[0], _(d->name));
			kinds = cat(kinds, ", ", t ? t : "?");
			free(t);
		}
	for (int e = 1; e < cr_nends(); e++) {
		const struct cr_end *d = cr_end(e);

		if (d->look.map == 0 || !(mods >> cr__tab.end_ext[e] & 1))
			continue;
		t = cmd_strf("%c %s", d->look.map, d->look.word ? _(d->look.word) : _(d->name));
		kinds = cat(kinds, ", ", t ? t : "?");
		free(t);
	}
	up = cmd_piece_list(p->g, false, false, _(" or "));
	low = cmd_piece_list(p->g, true, false, _(" or "));
	say_help(cmd_strf(_("Each square shows its tile's top, middle and bottom rows (%s).  A "
	    "meeple is its owner's initial: a capital for %s, a small letter for %s.  * marks "
	    "where the tile in hand fits.  In colour on a terminal, unless NO_COLOR is set."),
	    kinds ? kinds : "", up ? up : "-", low ? low : "-"));
	outf("%s", _("  board --svg FILE: the board as an SVG picture, written to FILE.\n"));
	free(kinds), free(up), free(low);
}

void
tile_help_more(struct play *p, const struct play_cmd *c)
{
	if (c->fn == turn_place)
		say_place_example(p);
	else if (c->fn == turn_draw)
		say_draw(p);
	else if (c->fn == view_board)
		say_board(p);
	else if (c->fn == turn_choose || c->fn == turn_pass)
		say_choices(p, c->fn == turn_choose);
	else if (c->fn == turn_meeple)
		say_meeple(p);
	else if (c->fn == view_find)
		say_find(p);
}

/* The turn in a nutshell, with a whole turn legal now; "commands:" ends it. */
void
tile_help_intro(struct play *p)
{
	char *ex = tile_example(p);

	outf("%s", _("A turn, step by step: draw TILE, place X,Y [ROT], then meeple ROLE@SPOT or pass.\n"));
	if (ex != NULL)
		outf(_("Or the whole turn in one line, as in a record; this one is legal now:\n"
		    "    %s\n"), ex);
	else
		outf(_("Or the whole turn in one line, as in a record:\n    %s\n"),
		    _("TILE X,Y ROT ROLE@SPOT"));
	outf("%s", _("TILE discard when the tile fits nowhere; end ends the game.  A \"PLAYER:\"\n"
	    "prefix is checked against whose turn it is.\n\ncommands:\n"));
	free(ex);
}

/* At the start, on a terminal: the turn, with an example legal now. */
void
tile_hint(struct play *p)
{
	char *ex = tile_example(p);

	outf(_("Enter a turn whole (%s) or step by step: draw TILE,\n"
	    "place X,Y [ROT], then meeple ROLE@SPOT or pass.  help lists the commands.\n"),
	    ex ? ex : _("TILE X,Y ROT ROLE@SPOT"));
	free(ex);
}

/* find: cmd-tiles.c's search among the tiles of the game in play. */
int
view_find(struct play *p, int argc, char **argv)
{
	return cmd_tiles_find(tile_ts(p), p->g, argc, argv);
}
