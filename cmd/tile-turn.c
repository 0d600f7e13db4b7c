/*
 * tile-turn.c -- the tile game's turn at the table: draw, place, then
 * meeple or pass (or discard, or end); a whole turn typed; a move told;
 * what undo and redo do with the tile in hand.
 *
 * Nothing reaches the engine before the turn is whole: draw and place
 * only check, the last step plays the complete move, so the engine's rule
 * "a move is applied completely or not at all" holds here too.  A move
 * applied is journaled by the session (play_new_moves) before it is told.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "tile.h"
#include "notation/explain.h"
#include "notation/i18n.h"
#include "rules/ext.h"

/* ---- refusals ------------------------------------------------------------ */

/* "refused:" and the rule broken, in words. */
int
tile_refusal(struct play *p, const struct cr_refusal *why)
{
	char msg[512];

	nt_refusal_game(p->g, why, p->names, msg, sizeof msg);
	return play_nope(_("refused: %s"), msg);
}

/* ---- moves: play, journal, tell ----------------------------------------- */

static void
print_events(struct play *p, int move)
{
	const struct cr_event *ev;
	char why[512];
	bool final = false;
	int nev;

	ev = cr_game_events(p->g, &nev);
	for (int k = 0; k < nev; k++) {
		if (ev[k].move != move)
			continue;
		if (!final && CR_EV_AT_END(ev[k].reason)) {
			outf(_("  final scoring:\n"));
			final = true;
		}
		nt_event_explain(&ev[k], p->names, cr_game_nplayers(p->g), why, sizeof why);
		outf(_("  %s: %s\n"), nt_event_name(&ev[k]), why);
	}
}

/*
 * What the players do by hand for move MOVE that its line does not say
 * (a tile slid under a hill): the words of the modules in play, filled
 * with the move's tile and square as the words of a module's rule are
 * (a refusal of the module's own, CR_R_EXT, carries them to notation/).
 */
static void
print_table(struct play *p, int move)
{
	const struct cr_move *m = cr_game_move(p->g, move - 1);
	char msg[512];

	for (int e = 0; e < cr_nexts; e++) {
		struct cr_refusal say = { .code = CR_R_EXT, .ext = e, .tile = m->tile, .x = m->x,
		    .y = m->y, .rot = m->rot };

		if (!(cr_game_exts(p->g) & (1u << e)) || cr_exts[e]->table == NULL ||
		    (say.phrase = cr_exts[e]->table(p->g, e, move)) == 0)
			continue;
		nt_refusal_game(p->g, &say, p->names, msg, sizeof msg);
		outf("  %s\n", msg);
	}
}

void
tile_drop_hand(struct play *p, bool say)
{
	struct tile_hand *h = tile_hand(p);

	if (h->tile >= 0 && (say || h->back))
		outf(_("%s goes back: it was not played\n"), tile_code(p, h->tile));
	h->tile = -1;
	h->placed = false;
	h->back = false;
	h->nsaid = 0;
}

/* What the hand said of the copy drawn, into m. */
static void
hand_said(const struct tile_hand *h, struct cr_move *m)
{
	m->ndrawn = h->nsaid;
	memcpy(m->drawn, h->said, (size_t)h->nsaid * sizeof m->drawn[0]);
}

/* Move i, just played and journaled: what it did. */
void
tile_tell(struct play *p, int i)
{
	const struct cr_move *m = cr_game_move(p->g, i);
	int n = cr_game_nmoves(p->g);
	char line[128];

	nt_format_move(tile_ts(p), m, NULL, line, sizeof line);
	outf(_("move %d, %s: %s\n"), i + 1, p->names[cr_game_move_player(p->g, i)], line);
	print_table(p, i + 1);
	if (m->kind == CR_MOVE_DISCARD && !cr_game_over(p->g))
		outf(_("  %s fits nowhere and leaves the game; %s draws again\n"),
		    tile_code(p, m->tile), p->names[cr_game_turn(p->g)]);
	print_events(p, i + 1);
	/* A builder's double turn: the next move is the mover's again. */
	if (i == n - 1 && m->kind == CR_MOVE_PLACE && !cr_game_over(p->g) &&
	    cr_game_nplayers(p->g) > 1 && cr_game_turn(p->g) == cr_game_move_player(p->g, i))
		outf(_("  %s plays a second tile at once\n"), p->names[cr_game_turn(p->g)]);
}

static int
play_move(struct play *p, const struct cr_move *move)
{
	struct cr_refusal why;
	struct cr_move m0, *m = &m0;
	int first = cr_game_nmoves(p->g);

	cr_move_copy(m, move);
	if (m->kind != CR_MOVE_END && m->tile == tile_hand(p)->tile)
		hand_said(tile_hand(p), m);
	if (!cr_game_play(p->g, m, &why))
		return tile_refusal(p, &why);
	return play_new_moves(p, first);
}

/*
 * A whole turn while a tile is in hand is that tile's turn: the tile is
 * held, as at the table, and another's turn is refused with what to do
 * (its turn finished, or the other drawn first, which puts it back).
 * -1 refused, the reason said; 0 when TILE (of the line) may be played.
 */
static int
other_tile(struct play *p, int tile)
{
	const struct tile_hand *h = tile_hand(p);
	const char *held, *other;
	char *ex;
	int rc;

	if (h->tile < 0 || tile < 0 || tile == h->tile || cr_game_over(p->g))
		return 0;
	held = tile_code(p, h->tile);
	other = tile_code(p, tile);
	ex = tile_example(p);
	/* Without a whole line legal now (the bare code may be refused:
	 * a copy that must say wheel=N), no line is suggested. */
	if (h->placed && ex != NULL)
		rc = play_nope(_("refused: %s is in hand, placed at %d,%d rotation %d, not %s: %s, or "
		    "draw %s first to play it instead (%s goes back); %s's whole turn in one line, "
		    "legal now: %s"), held, h->pend.x, h->pend.y, h->pend.rot * 90, other,
		    tile_hand_step(p), other, held, held, ex);
	else if (h->placed)
		rc = play_nope(_("refused: %s is in hand, placed at %d,%d rotation %d, not %s: %s, or "
		    "draw %s first to play it instead (%s goes back)"), held, h->pend.x, h->pend.y,
		    h->pend.rot * 90, other, tile_hand_step(p), other, held);
	else if (ex != NULL)
		rc = play_nope(_("refused: %s is in hand, not %s: %s, or draw %s first to play it "
		    "instead (%s goes back); %s's whole turn in one line, legal now: %s"), held, other,
		    tile_hand_step(p), other, held, held, ex);
	else
		rc = play_nope(_("refused: %s is in hand, not %s: %s, or draw %s first to play it "
		    "instead (%s goes back)"), held, other, tile_hand_step(p), other, held);
	free(ex);
	return rc;
}

/* A whole turn in the notation, with or without "PLAYER:". */
static int with_rotation(struct play *, const char *, int, char **);
static int played(struct play *p, const char *line);

int
tile_line(struct play *p, const char *line)
{
	struct tile_hand *h = tile_hand(p);
	struct nt_turn turn;
	struct nt_error e;
	int rc;

	/* With a tile in hand: its turn, or end (and then it goes back, said
	 * as the move is played: tile_drop_hand). */
	if (h->tile >= 0 && nt_parse_move(tile_ts(p), line, strlen(line), &turn, &e) == 0 &&
	    !turn.blank) {
		if (turn.move.kind != CR_MOVE_END && other_tile(p, turn.move.tile) < 0)
			return -1;
		h->back = turn.move.kind == CR_MOVE_END;
		/* The line is the turn: what was said of the copy in hand and
		 * that it leaves out is not kept, and that is said. */
		if (turn.move.kind != CR_MOVE_END && h->nsaid > 0 && turn.move.ndrawn == 0 &&
		    cr_game_check(p->g, &turn.move, NULL)) {
			char *was = tile_hand_line(p);

			if (was != NULL && *was != '\0' && was[strlen(was) - 1] == '\n')
				was[strlen(was) - 1] = '\0';
			outf(_("(%s was in hand; this line says nothing of what the copy shows, and "
			    "is played as written)\n"), was ? was : tile_code(p, h->tile));
			free(was);
		}
	}
	rc = played(p, line);
	h->back = false;
	return rc;
}

/* LINE played (tile_line), its rotation filled in if it is left out. */
static int
played(struct play *p, const char *line)
{
	struct nt_line_error err;
	char *filled = NULL;
	int rc;

	if ((rc = play_turn(p, line, &err)) == -1) {
		/* "U 1,0 thief@E": the rotation left out, as place allows. */
		if ((rc = with_rotation(p, line, err.column, &filled)) == 0)
			return play_nope(_("refused: %s"), err.msg);
		if (rc < 0)
			return -1;
		rc = play_turn(p, filled, &err);
		free(filled);
		if (rc == -1)
			return play_nope(_("refused: %s"), err.msg);
	}
	return rc < 0 ? -1 : 0;
}

/*
 * A whole turn without its rotation ("U 1,0 thief@E"): the rule of place
 * (the one rotation that fits there, alike rotations counting once).
 * COLUMN is where the notation found the line wrong (1-based): such a
 * line is wrong where its rotation should be, whatever words say so.
 * 1 with *filled the line with it written in (said to the player), -1
 * refused with the reason said, 0 when it is not such a line.
 */
static int
with_rotation(struct play *p, const char *line, int column, char **filled)
{
	const struct cr_tileset *ts = tile_ts(p);
	const char *colon = strchr(line, ':'), *s = colon ? colon + 1 : line, *t, *pos, *rest;
	struct cr_move m = { .kind = CR_MOVE_PLACE };
	int fits[4], nfit = 0;
	size_t tn, pn;

	while (*s == ' ' || *s == '\t')
		s++;
	for (t = s; *s && *s != ' ' && *s != '\t'; s++)
		;
	tn = (size_t)(s - t);
	while (*s == ' ' || *s == '\t')
		s++;
	for (pos = s; *s && *s != ' ' && *s != '\t'; s++)
		;
	pn = (size_t)(s - pos);
	rest = s;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '-' || *s == '+' || (*s >= '0' && *s <= '9'))
		return 0;	/* a rotation given, and wrong ("45"): said as such */
	if (column - 1 != s - line)
		return 0;	/* wrong before the rotation (an unknown player) */
	if ((m.tile = cr_tileset_find(ts, t, tn)) < 0 || !nt_parse_pos(pos, pn, &m.x, &m.y))
		return 0;
	if (other_tile(p, m.tile) < 0)
		return -1;
	for (int r = 0; r < 4; r++) {
		m.rot = r;
		if (cr_tile_rot_rep(&ts->type[m.tile], r) == r && cr_game_check_place(p->g, &m, NULL))
			fits[nfit++] = r;
	}
	if (nfit != 1) {
		if (nfit == 0)
			play_nope(_("refused: %s fits at %d,%d in no rotation (legal %s lists where it "
			    "goes)"), ts->type[m.tile].code, m.x, m.y, ts->type[m.tile].code);
		else {
			outf(_("refused: %s fits at %d,%d in %d rotations:"), ts->type[m.tile].code,
			    m.x, m.y, nfit);
			for (int i = 0; i < nfit; i++)
				outf(" %d", fits[i] * 90);
			outf(_("; write which after the position\n"));
		}
		return -1;
	}
	*filled = cmd_strf("%.*s %d%s", (int)(rest - line), line, fits[0] * 90, rest);
	if (*filled == NULL)
		return play_nope(_("out of memory"));
	outf(_("rotation %d assumed: the only one that fits at %d,%d\n"), fits[0] * 90, m.x, m.y);
	return 1;
}

/* Any move after the final scoring. */
int
tile_game_over(struct play *p)
{
	struct cr_refusal why = { .code = CR_R_GAME_OVER };

	tile_refusal(p, &why);
	return play_nope("(%s)", play_over_hint(p));
}

/* ---- the commands ------------------------------------------------------- */

/*
 * The copies of the type drawn that a module tells apart (a wheel icon):
 * which are left, and the step that says which this one is ("wheel N"),
 * the module's number said of the copy drawn.
 */
static void
say_copies(struct play *p, int type)
{
	struct cr_variant v[8];
	struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = type };
	const char *word;
	uint32_t due;
	int n = cr_game_variants(p->g, type, v, 8), id, nums = 0, one = 0;

	if (n == 0)
		return;
	for (id = 1; cr_token(id) != NULL; id++)
		if (cr_token(id)->drawn && !cr_token(id)->square &&
		    (cr_game_exts(p->g) >> cr_token_ext(id) & 1))
			break;
	outf(_("%s: %d left,"), tile_code(p, type), cr_game_supply(p->g, type));
	tile_say_variants(p, v, n);
	if (cr_token(id) == NULL) {
		outf("\n");
		return;
	}
	word = play_fr() && cr_token(id)->aliases && cr_token(id)->aliases[0] ?
	    cr_token(id)->aliases[0] : cr_token(id)->word;
	if (cr_game_check_drawn(p->g, &m, NULL)) {	/* a copy that shows nothing is left */
		outf(_(": %s N if this one shows N, else place\n"), word);
		return;
	}
	/* Every copy left shows one: the numbers the engine accepts now. */
	for (int k = cr_token(id)->min; k <= cr_token(id)->max; k++) {
		m.ndrawn = 1;
		m.drawn[0] = (struct cr_said){ CR_TOKEN(id, k), 0, 0, -1 };
		if (tile_said_due(p->g, &m, NULL, &due, NULL))
			one = nums++ ? one : k;
	}
	if (nums == 1)
		outf(_(": %s %d, as every copy left shows (place alone is refused)\n"), word, one);
	else
		outf(_(": %s N, N the number this one shows (every copy left shows one: place alone "
		    "is refused)\n"), word);
}

int
turn_draw(struct play *p, int argc, char **argv)
{
	struct tile_hand *h = tile_hand(p);
	struct cr_refusal why;
	const struct cr_tiletype *t;
	int type, rots[4], nrot = 0, n, squares;
	struct cr_place *v;

	(void)argc;
	if (cr_game_over(p->g))
		return tile_game_over(p);
	if ((type = cr_tileset_find(tile_ts(p), argv[1], strlen(argv[1]))) < 0)
		return play_nope(_("unknown tile \"%s\" (tiles shows them all with their codes)"),
		    argv[1]);
	/* No copy left, a set not in play, or held back (the river first):
	 * refused now, as the whole turn would be, not at place. */
	if (!cr_game_drawable(p->g, type, &why))
		return tile_refusal(p, &why);
	if (h->tile >= 0 && h->tile != type)
		tile_drop_hand(p, true);
	h->tile = type;
	h->placed = false;
	h->nsaid = 0;	/* drawn again: what the copy shows is said again */
	t = &tile_ts(p)->type[type];
	for (int r = 0; r < 4; r++)
		if (cr_tile_rot_rep(t, r) == r)
			rots[nrot++] = r;
	/* (English says "tiles" even for one: the same words twice) */
	outf(ngettext("%s draws %s (%d %s left, this one included; %d tiles in the supply)\n",
	    "%s draws %s (%d %s left, this one included; %d tiles in the supply)\n",
	    (unsigned long)cr_game_supply_total(p->g)), p->names[cr_game_turn(p->g)], t->code,
	    cr_game_supply(p->g, type), t->code, cr_game_supply_total(p->g));
	tile_rotations(p, type, rots, nrot, nrot > 1);
	say_copies(p, type);
	if ((v = tile_legal_places(p, type, &n, &squares)) == NULL)
		return play_nope(_("out of memory"));
	free(v);
	if (n == 0)
		outf(_("%s fits nowhere: discard it (it leaves the game, %s draws again)\n"),
		    t->code, p->names[cr_game_turn(p->g)]);
	else {
		tile_say_fits(p, type, squares);
		outf(ngettext(", %d way: place X,Y [ROT] (legal lists them)\n",
		    ", %d ways: place X,Y [ROT] (legal lists them)\n", (unsigned long)n), n);
	}
	return 0;
}

/* And on the spaces off the tiles, a line per piece, the free ones:
 * "  or a crown follower: crown@tax (1 of 2 free), ...". */
static void
print_space_options(struct play *p)
{
	struct tile_spaceopt o[2 * CR_MAXSPACES];
	int n = tile_space_options(p, &tile_hand(p)->pend, o, 2 * CR_MAXSPACES);

	for (int i = 0; i < n; i++) {
		char w[96];

		tile_space_text(o[i].role, o[i].space, w, sizeof w);
		if (i == 0 || o[i].role != o[i - 1].role)
			/* TRANSLATORS: %s: a piece's name ("crown follower"); the
			 * spaces it may go on follow. */
			outf(_("%s  or a %s:"), i ? "\n" : "", nt_tr(cr_piece(o[i].role)->name));
		else
			outf(",");
		/* TRANSLATORS: a space off the tiles and its room: "crown@tax
		 * (1 of 2 free)". */
		outf(_(" %s (%d of %d free)"), w, o[i].free, o[i].cap);
	}
	if (n > 0)
		outf("\n");
}

/* What may go on the tile just put down: "thief@E, knight@N, or pass". */
static void
print_meeple_options(struct play *p)
{
	struct tile_hand *h = tile_hand(p);
	struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
	int n = cr_game_meeple_options(p->g, &h->pend, opt, CR_MAXMEEPLEOPTS);

	if (n == 0) {
		if (cr_game_player(p->g, cr_game_turn(p->g))->meeples == 0)
			outf(_("%s has no meeple left: pass\n"), p->names[cr_game_turn(p->g)]);
		else
			outf(_("no meeple can go on it (its features are taken): pass\n"));
		print_space_options(p);
		return;
	}
	outf(_("then a meeple:"));
	for (int i = 0; i < n && i < CR_MAXMEEPLEOPTS; i++) {
		char w[64];

		tile_meeple_text(opt[i].role, opt[i].spot, w, sizeof w);	/* chevalier@O */
		outf(" %s%s%s", w, cr_piece(opt[i].role)->flags & CR_PIECE_TOKEN ? _(" TOKEN") : "",
		    i + 1 < n ? "," : "");
	}
	outf(_(" (meeple ROLE@SPOT), or pass\n"));
	print_space_options(p);
}

/*
 * Does the tile just put down call for a choice before its piece (a
 * flock's), none made yet?  The words that would do, into buf; the
 * module whose choice it is into *ext (the last one's).
 */
static bool
choice_due(struct play *p, char *buf, size_t size, int *ext)
{
	struct tile_hand *h = tile_hand(p);
	size_t o = 0;
	bool due = false;

	buf[0] = '\0';
	if (h->pend.choice != 0 || cr_game_check(p->g, &h->pend, NULL))
		return false;
	for (int c = 1; cr_choice(c) != NULL; c++) {
		struct cr_move m = h->pend;
		int tok[16], nt = cr_choice(c)->token ? cr_token_args(cr_choice_ext(c), tok, 16) : 1;
		bool ok = false;

		if (!(cr_game_exts(p->g) & (1u << cr_choice_ext(c))))
			continue;
		m.choice = c;
		for (int i = 0; i < nt && !ok; i++) {
			m.choice_arg = cr_choice(c)->token ? tok[i] : 0;
			ok = cr_game_check(p->g, &m, NULL);
		}
		if (ok && o < size)
			o += (size_t)snprintf(buf + o, size - o, "%s%s%s", due ? ", " : "",
			    cr_choice(c)->word, cr_choice(c)->token ? _(" TOKEN") : "");
		if (ok && ext != NULL)
			*ext = cr_choice_ext(c);
		due |= ok;
	}
	return due;
}

static int not_yet(struct play *, const char *);

/* After the tile is down: the choice it calls for, or the pieces. */
static void
print_next_step(struct play *p)
{
	char words[128];
	int ext = -1;

	if (choice_due(p, words, sizeof words, &ext))	/* in the words of the module's choice */
		outf(ext >= 0 && cr_exts[ext]->choice_due != NULL ? _(cr_exts[ext]->choice_due) :
		    _("then the choice the tile calls for, before any meeple: %s (choose %s)\n"),
		    words, strchr(words, ',') ? _("WORD [TOKEN]") : words);
	else
		print_meeple_options(p);
}

/*
 * The step the tile in hand waits for, in words, for the hints (Ctrl-C,
 * a turn refused): drawn, to be placed (discarded when it fits nowhere);
 * placed, its piece or pass (a module's choice first when one is due,
 * choice_due), or placed again.
 */
const char *
tile_hand_step(struct play *p)
{
	const struct tile_hand *h = tile_hand(p);
	char words[128];

	if (!h->placed && cr_game_legal(p->g, h->tile, NULL, 0) == 0)
		return _("discard it (it fits nowhere)");
	if (!h->placed)
		return _("place it (place X,Y [ROT])");
	if (choice_due(p, words, sizeof words, NULL))
		return _("first the choice the tile calls for (choose WORD [TOKEN]), then meeple "
		    "ROLE@SPOT or pass to finish the turn, or place X,Y [ROT] again");
	return _("meeple ROLE@SPOT or pass to finish the turn, or place X,Y [ROT] again");
}

/* The words after the rotation, joined again ("grow sheep=3 knight@N"),
 * into m: its choice (or the one already chosen) and piece. */
static int
parse_rest(struct play *p, int argc, char **argv, struct cr_move *m)
{
	struct nt_error err;
	size_t len = 0;
	char *line;
	int choice = m->choice, arg = m->choice_arg, rc;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	if ((line = malloc(len + 1)) == NULL)
		return play_nope(_("out of memory"));
	line[0] = '\0';
	for (int i = 0; i < argc; i++)
		strcat(strcat(line, i ? " " : ""), argv[i]);
	rc = nt_parse_tail(cr_game_rules(p->g), line, strlen(line), m, &err);
	free(line);
	if (rc < 0)
		return play_nope("%s", err.msg);
	if (m->choice == 0)	/* chosen at an earlier step */
		m->choice = choice, m->choice_arg = arg;
	hand_said(tile_hand(p), m);
	return 0;
}

int
turn_place(struct play *p, int argc, char **argv)
{
	struct tile_hand *h = tile_hand(p);
	const struct cr_tiletype *t;
	struct cr_refusal why;
	struct cr_move m = { .kind = CR_MOVE_PLACE };
	int fits[4], nfit = 0;

	if (cr_game_over(p->g))
		return tile_game_over(p);
	if (h->tile < 0) {
		char *ex = tile_example(p);
		int rc = play_nope(_("no tile in hand: draw it first (draw CODE), or give the whole "
		    "turn in one line (%s)"), ex ? ex : _("TILE X,Y ROT ROLE@SPOT"));

		free(ex);
		return rc;
	}
	t = &tile_ts(p)->type[h->tile];
	m.tile = h->tile;
	hand_said(h, &m);
	/* What the copy shows first (a wheel icon's number, its choices). */
	if (!cr_game_check_drawn(p->g, &m, &why))
		return tile_refusal(p, &why);
	if (nt_pos_beyond(argv[1], strlen(argv[1])))
		return play_nope(_("a coordinate goes from %ld to %ld, got \"%s\""),
		    -NT_COORD_LIMIT, NT_COORD_LIMIT, NT_QS(argv[1]));
	if (!nt_parse_pos(argv[1], strlen(argv[1]), &m.x, &m.y))
		return play_nope(_("expected a position x,y (whole numbers, no spaces), got "
		    "\"%s\""), NT_QS(argv[1]));
	if (argc >= 3) {
		if ((m.rot = nt_parse_rot(argv[2], strlen(argv[2]))) < 0)
			return play_nope(_("expected a rotation 0, 90, 180 or 270, got \"%s\""),
			    NT_QS(argv[2]));
		if (!cr_game_check_place(p->g, &m, &why))
			return tile_refusal(p, &why);
	} else {
		/* No rotation: fine when only one fits there (or all alike). */
		for (int r = 0; r < 4; r++) {
			m.rot = r;
			if (cr_game_check_place(p->g, &m, NULL) && cr_tile_rot_rep(t, r) == r)
				fits[nfit++] = r;
		}
		if (nfit == 0) {
			m.rot = 0;
			cr_game_check_place(p->g, &m, &why);
			if (why.code == CR_R_EDGE_MISMATCH) {
				outf(_("refused: %s fits at %d,%d in no rotation:\n"), t->code, m.x,
				    m.y);
				for (int r = 0; r < 4; r++) {
					char msg[512];

					m.rot = r;
					if (cr_tile_rot_rep(t, r) != r)
						continue;
					cr_game_check_place(p->g, &m, &why);
					why.fits = 0;	/* none fits: said above */
					nt_refusal(tile_ts(p), &why, p->names, msg, sizeof msg);
					outf("  %s\n", msg);
				}
				return -1;
			}
			return tile_refusal(p, &why);
		}
		if (nfit > 1) {
			outf(_("%s fits at %d,%d in %d rotations:"), t->code, m.x, m.y, nfit);
			for (int i = 0; i < nfit; i++)
				outf(" %d", fits[i] * 90);
			outf(_("; which? place %d,%d ROT\n"), m.x, m.y);
			tile_rotations(p, h->tile, fits, nfit, true);
			return 0;
		}
		m.rot = fits[0];
		outf(_("rotation %d assumed: the only one that fits at %d,%d\n"), m.rot * 90, m.x,
		    m.y);
	}
	h->pend = m;
	h->placed = true;
	outf(_("%s at %d,%d rotation %d:\n"), t->code, m.x, m.y, m.rot * 90);
	tile_rotations(p, h->tile, &m.rot, 1, false);
	if (argc >= 4) {	/* the rest of the turn: place 1,0 90 thief@E */
		if (parse_rest(p, argc - 3, argv + 3, &m) < 0)
			return -1;
		return play_move(p, &m);
	}
	print_next_step(p);
	return 0;
}

/* A choice before the piece: choose grow sheep=3, choose herd. */
int
turn_choose(struct play *p, int argc, char **argv)
{
	struct tile_hand *h = tile_hand(p);
	struct cr_refusal why;
	struct cr_move m;

	if (!h->placed)
		return not_yet(p, _("choose WORD [TOKEN]"));
	m = h->pend;
	m.choice = m.choice_arg = 0;
	if (parse_rest(p, argc - 1, argv + 1, &m) < 0)
		return -1;
	if (m.choice == 0 || m.role != CR_ROLE_NONE)
		return play_nope(_("expected a choice (grow TOKEN or herd), then the meeple "
		    "as a step of its own"));
	if (!cr_game_check(p->g, &m, &why) && why.code != CR_R_NO_MEEPLE)
		return tile_refusal(p, &why);
	h->pend = m;
	if (m.choice_arg != 0) {
		char tok[40];

		nt_format_token(m.choice_arg, tok, sizeof tok);
		outf(_("chosen: %s %s\n"), cr_choice(m.choice)->word, tok);
	} else
		outf(_("chosen: %s\n"), cr_choice(m.choice)->word);
	print_meeple_options(p);
	return 0;
}

/* The step that the turn needs next, for a command that came too early. */
static int
not_yet(struct play *p, const char *what)
{
	struct tile_hand *h = tile_hand(p);
	if (cr_game_over(p->g))
		return tile_game_over(p);
	if (h->tile < 0)
		return play_nope(_("no tile in hand: draw it first (draw CODE), then place it, "
		    "then %s"), what);
	return play_nope(_("%s is not placed yet: place X,Y [ROT] first"), tile_code(p, h->tile));
}

int
turn_meeple(struct play *p, int argc, char **argv)
{
	struct tile_hand *h = tile_hand(p);
	struct cr_move m;

	if (!h->placed)
		return not_yet(p, _("meeple ROLE@SPOT"));
	if (argc == 1) {
		print_meeple_options(p);
		return 0;
	}
	m = h->pend;
	if (parse_rest(p, argc - 1, argv + 1, &m) < 0)
		return -1;
	if (m.role == CR_ROLE_NONE)
		return play_nope(_("expected ROLE@SPOT after the choice, or pass"));
	return play_move(p, &m);
}

int
turn_pass(struct play *p, int argc, char **argv)
{
	struct tile_hand *h = tile_hand(p);
	struct cr_move m;

	if (!h->placed)
		return not_yet(p, C_("command", "pass"));
	m = h->pend;
	if (argc > 1 && parse_rest(p, argc - 1, argv + 1, &m) < 0)	/* pass herd */
		return -1;
	if (m.role != CR_ROLE_NONE)
		return play_nope(_("pass puts no meeple: meeple %s"), argv[argc - 1]);
	return play_move(p, &m);
}

int
turn_discard(struct play *p, int argc, char **argv)
{
	struct tile_hand *h = tile_hand(p);
	struct cr_move m = { .kind = CR_MOVE_DISCARD, .tile = h->tile };

	if (cr_game_over(p->g))
		return tile_game_over(p);
	if (argc == 2 && (m.tile = cr_tileset_find(tile_ts(p), argv[1], strlen(argv[1]))) < 0)
		return play_nope(_("unknown tile \"%s\""), argv[1]);
	if (other_tile(p, m.tile) < 0)	/* discard C with F in hand */
		return -1;
	if (m.tile < 0)
		return play_nope(_("no tile in hand: draw it first (draw CODE), or discard CODE"));
	return play_move(p, &m);
}

int
turn_end(struct play *p, int argc, char **argv)
{
	struct cr_move m = { .kind = CR_MOVE_END };
	char *q;
	bool yes;

	(void)argc, (void)argv;
	if (cr_game_over(p->g))
		return play_move(p, &m);	/* refused, as any move */
	q = cmd_strf(ngettext("end the game here, with %d tile left, and score it?",
	    "end the game here, with %d tiles left, and score it?",
	    (unsigned long)cr_game_supply_total(p->g)), cr_game_supply_total(p->g));
	yes = q != NULL && play_confirm(p, q);
	free(q);
	if (!yes) {
		outf(_("the game goes on\n"));
		return 0;
	}
	tile_drop_hand(p, true);
	return play_move(p, &m);
}
/*
 * The tile of the move just taken back (the earliest, after undo N) is
 * still in its player's hand at the table: drawn again, not placed, as
 * the prompt shows.  So is a discarded one, to be discarded again.
 */
void
tile_undone(struct play *p, const char *line)
{
	struct tile_hand *h = tile_hand(p);
	struct nt_turn t;
	struct nt_error e;
	const struct cr_move *m = &t.move;
	char *shown;

	if (nt_parse_move(tile_ts(p), line, strlen(line), &t, &e) < 0 || t.blank ||
	    (m->kind != CR_MOVE_PLACE && m->kind != CR_MOVE_DISCARD) || cr_game_over(p->g) ||
	    !cr_game_drawable(p->g, m->tile, NULL))
		return;
	h->tile = m->tile;
	h->placed = false;
	/* The same copy: what it showed is said still (wheel=3 plague=4,2). */
	h->nsaid = m->ndrawn > 0 && m->ndrawn <= CR_MAXDRAWN ? m->ndrawn : 0;
	memcpy(h->said, m->drawn, (size_t)h->nsaid * sizeof h->said[0]);
	/* Named with what it was said to show ("U wheel=2"): that stays. */
	shown = tile_hand_shown(p);
	if (m->kind == CR_MOVE_DISCARD)
		outf(_("%s is in %s's hand again: discard it, or draw another to change it\n"),
		    shown ? shown : tile_code(p, m->tile), p->names[cr_game_turn(p->g)]);
	else
		outf(_("%s is in %s's hand again: place it (place X,Y [ROT]), or draw another to "
		    "change it\n"), shown ? shown : tile_code(p, m->tile),
		    p->names[cr_game_turn(p->g)]);
	free(shown);
}

/* Before redo plays LINE again: the tile undo gave back goes down again,
 * no word for it; any other goes back. */
void
tile_redoing(struct play *p, const char *line)
{
	struct tile_hand *h = tile_hand(p);
	struct nt_turn t;
	struct nt_error e;
	bool same = nt_parse_move(tile_ts(p), line, strlen(line), &t, &e) == 0 && !t.blank &&
	    t.move.kind != CR_MOVE_END && t.move.tile == h->tile;

	tile_drop_hand(p, !same);
}

/* ---- a module's step of the copy drawn (wheel 3, plague 4,2) --------------- */

/*
 * A step refused as it was read ("wheel 4", "plague 1"): in the table's
 * words, the forms as the step writes them ("expected wheel 1, wheel 2 or
 * wheel 3, got "wheel 4""), not the turn line's (wheel=N).
 */
static int
said_refused(struct play *p, const char *word, const char *value, const struct nt_error *err)
{
	const struct cr_token *tk = cr_token(cr_token_find(cr_game_rules(p->g), word,
	    strlen(word)));
	char *forms = NULL, *next, *typed, *what;
	int rc;

	if (tk == NULL || (!tk->square && tk->max == 0))
		return play_nope(_("refused: %s"), err->msg);
	if ((typed = cmd_strf("%s %s", word, value)) == NULL)
		return play_nope(_("out of memory"));
	if (tk->square) {
		what = cmd_strf(_("expected %s X,Y or %s X,Y:SPOT (whole numbers, no spaces), "
		    "got \"%s\""), word, word, typed);
		rc = what ? play_nope(_("refused: %s"), what) : play_nope(_("out of memory"));
		free(what);
		free(typed);
		return rc;
	}
	for (int k = tk->min; k <= tk->max; k++, forms = next) {
		next = cmd_strf("%s%s%s %d", forms ? forms : "", k == tk->min ? "" :
		    k < tk->max ? ", " : _(" or "), word, k);
		free(forms);
		if (next == NULL) {
			free(typed);
			return play_nope(_("out of memory"));
		}
	}
	what = forms ? cmd_strf(_("expected %s, got \"%s\""), forms, typed) : NULL;
	rc = what ? play_nope(_("refused: %s"), what) : play_nope(_("out of memory"));
	free(what);
	free(typed);
	free(forms);
	return rc;
}

/* The player whose follower stands at x,y, -1 none; its piece into *role. */
static int
follower_at(const struct cr_game *g, int x, int y, int *role)
{
	struct cr_meeple mee[256];
	int n = cr_game_meeples(g, mee, 256);

	for (int i = 0; i < n && i < 256; i++)
		if (mee[i].x == x && mee[i].y == y &&
		    (cr_piece(mee[i].role)->flags & CR_PIECE_FOLLOWER)) {
			if (role != NULL)
				*role = mee[i].role;
			return mee[i].player;
		}
	return -1;
}

/*
 * The squares still due after what m says (a token of squares, sq): one
 * follower named for each player with several on the board and none named
 * yet.  Fills *full with m and those players' first followers (to ask the
 * engine whether the rest would do), says into *due which players.
 */
static void
squares_due(const struct cr_game *g, const struct cr_move *m, int sq, struct cr_move *full,
    uint32_t *due)
{
	struct cr_meeple mee[256];
	int n = cr_game_meeples(g, mee, 256), np = cr_game_nplayers(g);

	cr_move_copy(full, m);
	*due = 0;
	for (int k = 0; k < np; k++) {
		int pl = (cr_game_turn(g) + k) % np, first = -1, count = 0;
		bool named = false;

		for (int i = 0; i < m->ndrawn; i++)
			named |= m->drawn[i].token == CR_TOKEN(sq, 0) &&
			    follower_at(g, m->drawn[i].x, m->drawn[i].y, NULL) == pl;
		for (int i = 0; i < n && i < 256; i++)
			if (mee[i].player == pl && (cr_piece(mee[i].role)->flags & CR_PIECE_FOLLOWER))
				first = first < 0 ? i : first, count++;
		if (named || count < 2 || full->ndrawn >= CR_MAXDRAWN)
			continue;
		full->drawn[full->ndrawn++] = (struct cr_said){ CR_TOKEN(sq, 0), mee[first].x,
		    mee[first].y, -1 };
		*due |= 1u << pl;
	}
}

/* Player pl's followers, "thief at 2,4 or knight at 4,2". */
static void
say_followers(struct play *p, int pl)
{
	struct cr_meeple mee[256];
	int n = cr_game_meeples(p->g, mee, 256), k = 0;

	for (int i = 0; i < n && i < 256; i++)
		if (mee[i].player == pl && (cr_piece(mee[i].role)->flags & CR_PIECE_FOLLOWER))
			outf(k++ ? _(" or %s at %d,%d") : _("%s at %d,%d"),
			    tile_piece_word(mee[i].role), mee[i].x, mee[i].y);
}

/*
 * What the step said does, before the tile goes down: the move played
 * on trial (the tile where it first fits, or discarded) and taken back,
 * the events of the modules' step of the copy drawn told as what the
 * turn will do.
 */
static void
say_step(struct play *p, const struct cr_move *said)
{
	struct cr_move m;
	struct cr_place at;
	const struct cr_event *ev;
	char why[512];
	int nev, move = cr_game_nmoves(p->g) + 1;

	cr_move_copy(&m, said);
	if (cr_game_legal_nth(p->g, m.tile, 0, &at))
		m.kind = CR_MOVE_PLACE, m.x = at.x, m.y = at.y, m.rot = at.rot;
	else
		m.kind = CR_MOVE_DISCARD;
	m.role = CR_ROLE_NONE;
	if (!cr_game_play(p->g, &m, NULL))
		return;
	ev = cr_game_events(p->g, &nev);
	for (int k = 0; k < nev; k++) {
		int e = ev[k].what >> 8;

		if (ev[k].move != move || ev[k].what == 0 || e >= cr_nexts ||
		    cr_exts[e]->drawn == NULL)
			continue;
		nt_event_explain(&ev[k], p->names, cr_game_nplayers(p->g), why, sizeof why);
		outf(_("  this turn will do: %s: %s\n"), nt_event_name(&ev[k]), why);
	}
	cr_game_undo(p->g, 1);
}

void
tile_said_whole(struct play *p, struct cr_move *m)
{
	struct cr_move full;
	uint32_t due;
	int sq;

	hand_said(tile_hand(p), m);
	if (m->ndrawn == 0 || !tile_said_due(p->g, m, NULL, &due, &sq) || due == 0)
		return;
	squares_due(p->g, m, sq, &full, &due);
	cr_move_copy(m, &full);
}

bool
tile_said_due(const struct cr_game *g, const struct cr_move *m, struct cr_refusal *why,
    uint32_t *due, int *square)
{
	struct cr_move full;
	int sq;

	/* The squares of the module's square token, for the choices due. */
	for (sq = 1; m->ndrawn > 0 && cr_token(sq) != NULL; sq++)
		if (cr_token(sq)->drawn && cr_token(sq)->square &&
		    cr_token_ext(sq) == cr_token_ext(CR_TOKEN_ID(m->drawn[0].token)))
			break;
	if (m->ndrawn == 0 || cr_token(sq) == NULL)
		sq = 0;
	*due = 0;
	if (square != NULL)
		*square = sq;
	if (cr_game_check_drawn(g, m, why))
		return true;
	if (sq == 0)
		return false;
	squares_due(g, m, sq, &full, due);
	return *due != 0 && cr_game_check_drawn(g, &full, why);
}

int
turn_said(struct play *p, int argc, char **argv)
{
	struct tile_hand *h = tile_hand(p);
	struct cr_refusal why;
	struct cr_move m = { .kind = CR_MOVE_PLACE };
	struct cr_said d;
	struct nt_error err;
	const struct cr_token *tk;
	uint32_t due;
	char *word, head[512];
	const char *tw;
	int rc, pl, sq, role;

	(void)argc;
	if (cr_game_over(p->g))
		return tile_game_over(p);
	if (h->tile < 0)
		return play_nope(_("no tile in hand: draw it first (draw CODE), then %s %s"),
		    argv[0], argv[1]);
	if ((word = cmd_strf("%s=%s", argv[0], argv[1])) == NULL)
		return play_nope(_("out of memory"));
	rc = nt_parse_said(cr_game_rules(p->g), word, strlen(word), &d, &err);
	free(word);
	if (rc < 0)
		return said_refused(p, argv[0], argv[1], &err);
	if (rc == 0)
		return play_nope("%s", _("not a step of the copy drawn"));
	tk = cr_token(CR_TOKEN_ID(d.token));
	m.tile = h->tile;
	hand_said(h, &m);
	if (!tk->square)	/* the number: said again, the rest with it */
		m.ndrawn = 0;
	else {
		bool number = false;

		for (int i = 0; i < m.ndrawn; i++)
			number |= !cr_token(CR_TOKEN_ID(m.drawn[i].token))->square;
		if (!number)
			return play_nope(_("%s comes after what the copy shows: say its number "
			    "first"), argv[0]);
		/* A player named again: corrected. */
		pl = follower_at(p->g, d.x, d.y, NULL);
		for (int i = 0; pl >= 0 && i < m.ndrawn; i++)
			if (m.drawn[i].token == d.token &&
			    follower_at(p->g, m.drawn[i].x, m.drawn[i].y, NULL) == pl) {
				memmove(&m.drawn[i], &m.drawn[i + 1],
				    (size_t)(m.ndrawn - i - 1) * sizeof m.drawn[0]);
				m.ndrawn--;
				break;
			}
	}
	if (m.ndrawn >= CR_MAXDRAWN)
		return play_nope(_("%s: one for each player at most"), argv[0]);
	m.drawn[m.ndrawn++] = d;
	if (!tile_said_due(p->g, &m, &why, &due, &sq))
		return tile_refusal(p, &why);
	h->nsaid = m.ndrawn;
	memcpy(h->said, m.drawn, (size_t)m.ndrawn * sizeof m.drawn[0]);
	if (h->placed)
		hand_said(h, &h->pend);
	if (due == 0) {
		say_step(p, &m);
		outf(_("then %s\n"), tile_hand_step(p));
		return 0;
	}
	/* Choices due: the players who choose, in turn order from the mover,
	 * and those who have one follower only. */
	tw = play_fr() && cr_token(sq)->aliases && cr_token(sq)->aliases[0] ?
	    cr_token(sq)->aliases[0] : cr_token(sq)->word;
	if (tile_ext_said(p, &m, head, sizeof head) > 0)	/* where the pig stops first */
		outf(_("  %s (%s X,Y):\n"), head, tw);
	else
		outf(_("  first, each player with several followers names one (%s X,Y):\n"), tw);
	for (int k = 0; k < cr_game_nplayers(p->g); k++) {
		struct cr_meeple mee[256];
		int n = cr_game_meeples(p->g, mee, 256), count = 0, only = -1;

		pl = (cr_game_turn(p->g) + k) % cr_game_nplayers(p->g);
		for (int i = 0; i < n && i < 256; i++)
			if (mee[i].player == pl && (cr_piece(mee[i].role)->flags & CR_PIECE_FOLLOWER))
				count++, only = i;
		if (due >> pl & 1) {
			outf(_("    %s chooses: "), p->names[pl]);
			say_followers(p, pl);
			outf("\n");
		} else if (count == 1 && follower_at(p->g, mee[only].x, mee[only].y, &role) == pl)
			outf(_("    %s: %s at %d,%d, %s's only one\n"), p->names[pl],
			    tile_piece_word(role), mee[only].x, mee[only].y, p->names[pl]);
	}
	return 0;
}
