/*
 * cmd-play.c -- the table REPL: a game refereed as it is played.
 *
 *	carcref [play] [--players A,B,...] [--edition 1|2|3] [FILE]
 *	carcref play --resume		(or: carcref resume)
 *
 * A turn is entered whole, in the notation ("U 0,1 0 thief@S"), or step
 * by step as it happens at the table: draw U, place 1,0 90, then meeple
 * thief@E or pass.  Nothing reaches the engine before the turn is whole:
 * draw and place only check, the last step plays the complete move, so
 * the engine's rule "a move is applied completely or not at all" holds
 * here too.  Each accepted move is in the journal (journal.c) before the
 * next line is read.
 *
 * On a terminal the lines come through GNU readline (history, completion);
 * otherwise they are read one by one without prompt or colour, so a session
 * can be scripted and its output diffed, and the exit status says whether
 * every line was accepted.  Everything the session says goes to standard
 * output, refusals included, so a transcript keeps its order.
 */
#include <ctype.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <readline/readline.h>
#include <readline/history.h>

#include "cmd.h"
#include "play.h"
#include "notation/explain.h"
#include "notation/record.h"

#define HISTORY_MAX	1000
#define MAXARGS		8

struct play {
	const struct cr_tileset *ts;
	struct cr_game	*g;
	struct nt_record rec;		/* the header: players, edition */
	bool		 have_rec;
	const char	*names[CR_MAXPLAYERS];
	char		 letter[CR_MAXPLAYERS];	/* on the board map */
	int		 ansi[CR_MAXPLAYERS];	/* colour code */

	/* The turn being entered step by step. */
	int		 hand;		/* the tile drawn, -1 none */
	bool		 placed;	/* and put down at pend.x, pend.y, pend.rot */
	struct cr_move	 pend;

	struct journal	 j;
	bool		 tty;		/* lines from a terminal, through readline */
	bool		 color;
	bool		 quit;
	int		 refused;	/* lines not accepted */
	char		 hist[4096];	/* the history file, "" for none */
};

/* The session, for readline's callbacks, which take no argument. */
static struct play *P;

struct play_cmd {
	const char	*name;
	const char	*args;
	const char	*summary;
	const char	*help;		/* more, for `help NAME`; "" for none */
	int		 minargs, maxargs;
	/* 0 accepted, -1 refused (the message is printed). */
	int		(*fn)(struct play *, int, char **);
};

static const struct play_cmd *find_cmd(const char *);
static void print_cmds(void);

/* ---- small helpers ------------------------------------------------------ */

/* A refusal: the message, then -1 for the command to return. */
static int
nope(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return -1;
}

static int
refusal(struct play *p, const struct cr_refusal *why)
{
	char msg[512];

	nt_refusal(p->ts, why, p->names, msg, sizeof msg);
	return nope("refused: %s", msg);
}

static const char *
code_of(struct play *p, int type)
{
	return p->ts->type[type].code;
}

/*
 * Are rotations a and b of a type the same tile on the table (a straight
 * road turned 180, a crossroads turned any way)?  Then asking which one
 * was meant would be a question without a difference.
 */
static bool
rot_same(const struct cr_tiletype *t, int a, int b)
{
	int map[CR_MAXSEG];

	for (int s = 0; s < t->nseg; s++) {
		cr_ports pa = cr_ports_rotate(t->seg[s].ports, a);
		int k;

		for (k = 0; k < t->nseg; k++)
			if (t->seg[k].kind == t->seg[s].kind &&
			    t->seg[k].pennants == t->seg[s].pennants &&
			    t->seg[k].end == t->seg[s].end &&
			    cr_ports_rotate(t->seg[k].ports, b) == pa)
				break;
		if (k == t->nseg)
			return false;
		map[s] = k;
	}
	for (int s = 0; s < t->nseg; s++)	/* fields border the same cities */
		for (int c = 0; c < t->nseg; c++)
			if ((t->seg[s].next_to >> c & 1) != (t->seg[map[s]].next_to >> map[c] & 1))
				return false;
	return true;
}

/* The first rotation that looks like rot. */
static int
rot_rep(const struct cr_tiletype *t, int rot)
{
	for (int r = 0; r < rot; r++)
		if (rot_same(t, r, rot))
			return r;
	return rot;
}

/* Print a line without its trailing blanks (transcripts are compared). */
static void
put_trimmed(char *line)
{
	size_t n = strlen(line);

	while (n > 0 && line[n - 1] == ' ')
		n--;
	printf("%.*s\n", (int)n, line);
}

/* Pictures of a type in the given rotations, side by side. */
static void
print_rotations(struct play *p, int type, const int *rots, int n, bool titles)
{
	char grid[4][5][5], line[256];
	FILE *f;

	for (int i = 0; i < n; i++)
		cmd_render_tile(p->ts, type, rots[i], grid[i]);
	if (titles) {
		int k = 0;

		for (int i = 0; i < n; i++)
			k += snprintf(line + k, sizeof line - (size_t)k, "  rotation %-5d", rots[i] * 90);
		put_trimmed(line);
	}
	for (int row = 0; row < 5; row++) {
		memset(line, 0, sizeof line);
		if ((f = fmemopen(line, sizeof line - 1, "w")) == NULL)
			return;
		for (int i = 0; i < n; i++) {
			fputs("  ", f);
			cmd_render_row(f, grid[i], row);
			fputs(i + 1 < n ? "    " : "", f);
		}
		fclose(f);
		put_trimmed(line);
	}
}

/* The legal placements of a type, one per square and look (see rot_same),
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

static struct cr_place *
legal_places(struct play *p, int type, int *n, int *squares)
{
	const struct cr_tiletype *t = &p->ts->type[type];
	int all = cr_game_legal(p->g, type, NULL, 0), k = 0;
	struct cr_place *v = calloc((size_t)all + 1, sizeof *v);

	*n = *squares = 0;
	if (v == NULL)
		return NULL;
	cr_game_legal(p->g, type, v, all);
	for (int i = 0; i < all; i++)	/* rotations that look alike count once */
		if (rot_rep(t, v[i].rot) == v[i].rot)
			v[k++] = v[i];
	qsort(v, (size_t)k, sizeof *v, place_cmp);
	for (int i = 0; i < k; i++)
		if (i == 0 || v[i].x != v[i - 1].x || v[i].y != v[i - 1].y)
			(*squares)++;
	*n = k;
	return v;
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
		if (!final && ev[k].reason != CR_EV_COMPLETED) {
			printf("  final scoring:\n");
			final = true;
		}
		nt_event_explain(&ev[k], p->names, cr_game_nplayers(p->g), why, sizeof why);
		printf("  %s: %s\n", cr_kind_name((enum cr_kind)ev[k].kind), why);
	}
}


static void
drop_hand(struct play *p, bool say)
{
	if (p->hand >= 0 && say)
		printf("%s goes back: it was not played\n", code_of(p, p->hand));
	p->hand = -1;
	p->placed = false;
}

/*
 * The moves from index first on were just applied: journal them, then say
 * what they did.  If the journal cannot be written they are taken back and
 * refused: a move the journal does not hold is a move that can be lost.
 */
static int
moves_done(struct play *p, int first)
{
	char line[128], err[512];
	int n = cr_game_nmoves(p->g);

	for (int i = first; i < n; i++)
		if (!journal_append(&p->j, &p->rec, p->g, i, err, sizeof err)) {
			cr_game_undo(p->g, n - first);
			return nope("refused: cannot write the journal (%s); the move was not played", err);
		}
	drop_hand(p, false);
	for (int i = first; i < n; i++) {
		const struct cr_move *m = cr_game_move(p->g, i);

		nt_format_move(p->ts, m, NULL, line, sizeof line);
		printf("move %d, %s: %s\n", i + 1, p->names[cr_game_move_player(p->g, i)], line);
		if (m->kind == CR_MOVE_DISCARD && !cr_game_over(p->g))
			printf("  %s fits nowhere and leaves the game; %s draws again\n",
			    code_of(p, m->tile), p->names[cr_game_turn(p->g)]);
		print_events(p, i + 1);
	}
	if (cr_game_over(p->g))
		cmd_print_ranking(p->g, p->names, "final scores:");
	return 0;
}

static int
play_move(struct play *p, const struct cr_move *m)
{
	struct cr_refusal why;
	int first = cr_game_nmoves(p->g);

	if (!cr_game_play(p->g, m, &why))
		return refusal(p, &why);
	return moves_done(p, first);
}

/* A whole turn in the notation, with or without "PLAYER:". */
static int
play_line(struct play *p, const char *line)
{
	struct nt_error err;
	int first = cr_game_nmoves(p->g);

	if (nt_play(p->g, p->names, line, strlen(line), NULL, &err) < 0)
		return nope("refused: %s", err.msg);
	return moves_done(p, first);
}

static int
game_over_refusal(struct play *p)
{
	struct cr_refusal why = { .code = CR_R_GAME_OVER };

	refusal(p, &why);
	return nope("(undo takes moves back; load or a new carcref starts another game)");
}

/* ---- the game in play: new, loaded, resumed ----------------------------- */

static const struct { const char *name; int ansi; } colours[] = {
	{ "red", 31 }, { "blue", 34 }, { "green", 32 }, { "yellow", 33 },
	{ "black", 90 }, { "gray", 37 }, { "grey", 37 }, { "pink", 95 },
	{ "purple", 35 }, { "orange", 91 }, { "white", 97 }, { "cyan", 36 },
	{ "magenta", 35 }, { "brown", 33 },
};

/* Letters and colours for the players: initials where they differ. */
static void
dress_players(struct play *p)
{
	/* The meeples' colours in the box, in order. */
	static const int dflt[CR_MAXPLAYERS] = { 31, 34, 32, 33, 90, 37, 95, 35 };
	int n = p->rec.nplayers;

	for (int i = 0; i < n; i++) {
		const char *name = p->rec.players[i].name, *c = p->rec.players[i].color;

		p->names[i] = name;
		p->ansi[i] = dflt[i];
		for (size_t k = 0; c && k < sizeof colours / sizeof colours[0]; k++)
			if (strcasecmp(c, colours[k].name) == 0)
				p->ansi[i] = colours[k].ansi;
		p->letter[i] = 0;
		for (const char *s = name; *s && !p->letter[i]; s++) {
			char l = (char)toupper((unsigned char)*s);
			int k;

			if (!isalpha((unsigned char)*s) || (unsigned char)*s >= 0x80)
				continue;
			for (k = 0; k < i && p->letter[k] != l; k++)
				;
			if (k == i)
				p->letter[i] = l;
		}
		if (!p->letter[i])
			p->letter[i] = (char)('1' + i);
	}
}

/*
 * Take the record in TEXT (from LABEL, a file name) as the game in play:
 * parse it, replay it, and on success replace the current game.  The
 * message for a bad record is LABEL:LINE:COLUMN: MESSAGE; for an illegal
 * move, LABEL:LINE:COLUMN: move N: the rule broken.
 */
static bool
adopt(struct play *p, const char *label, const char *text, size_t len, bool fresh, FILE *msgs)
{
	struct nt_replay_error rerr;
	struct cr_error err;
	struct nt_record r;
	struct cr_game *g;
	char jerr[512];

	if (nt_record_parse(&r, text, len, &err) < 0) {
		fprintf(msgs, "%s:%d:%d: %s\n", label, err.line, err.column, err.msg);
		return false;
	}
	if ((g = cr_game_new(p->ts, r.edition, r.nplayers)) == NULL) {
		fprintf(msgs, "%s: cannot start the game: out of memory\n", label);
		nt_record_free(&r);
		return false;
	}
	if (!nt_replay_on(g, &r, &rerr)) {
		fprintf(msgs, "%s:%d:%d: move %d: %s\n", label, rerr.line, rerr.column,
		    rerr.move, rerr.msg);
		cr_game_free(g);
		nt_record_free(&r);
		return false;
	}
	/*
	 * Only the header is used from now on (the game holds the moves, which
	 * undo changes); the record's own moves are kept until it is freed.
	 */
	if (p->have_rec)
		nt_record_free(&p->rec);
	cr_game_free(p->g);
	p->rec = r;
	p->have_rec = true;
	p->g = g;
	dress_players(p);
	drop_hand(p, false);
	p->j.fresh = fresh;
	if (!journal_write(&p->j, &p->rec, p->g, jerr, sizeof jerr))
		fprintf(msgs, "warning: the journal cannot be written (%s); the next move will "
		    "try again\n", jerr);
	return true;
}

/* A new game: the header through the record writer and reader, so a
 * player's name obeys the same rules as in a file. */
static bool
new_game(struct play *p, char **names, int n, int edition)
{
	struct nt_player pl[CR_MAXPLAYERS];
	struct nt_record hdr = { .edition = edition, .players = pl, .nplayers = n };
	struct cr_error err;
	char *text;

	if (n > CR_MAXPLAYERS) {
		fprintf(stderr, "carcref play: --players: too many players: at most %d\n",
		    CR_MAXPLAYERS);
		return false;
	}
	for (int i = 0; i < n; i++)
		pl[i] = (struct nt_player){ names[i], NULL };
	if ((text = nt_record_write(&hdr, p->ts, NULL, NULL, 0, NULL)) == NULL) {
		fprintf(stderr, "carcref play: out of memory\n");
		return false;
	}
	if (nt_record_parse(&p->rec, text, strlen(text), &err) < 0) {
		fprintf(stderr, "carcref play: --players: %s\n", err.msg);
		free(text);
		return false;
	}
	free(text);
	p->have_rec = true;
	if ((p->g = cr_game_new(p->ts, p->rec.edition, p->rec.nplayers)) == NULL) {
		fprintf(stderr, "carcref play: cannot start the game: out of memory\n");
		return false;
	}
	dress_players(p);
	p->j.fresh = true;	/* the journal starts with the first move */
	return true;
}

static void
say_state(struct play *p)
{
	int n = cr_game_nmoves(p->g);

	if (cr_game_over(p->g)) {
		printf("the game is over after %d move%s\n", n, n == 1 ? "" : "s");
		cmd_print_ranking(p->g, p->names, "final scores:");
		return;
	}
	printf("%d move%s played, %d tile%s left; %s to play\n", n, n == 1 ? "" : "s",
	    cr_game_supply_total(p->g), cr_game_supply_total(p->g) == 1 ? "" : "s",
	    p->names[cr_game_turn(p->g)]);
}

/* ---- the commands ------------------------------------------------------- */

static int
c_draw(struct play *p, int argc, char **argv)
{
	struct cr_refusal why = { .code = CR_R_NO_COPY };
	const struct cr_tiletype *t;
	int type, rots[4], nrot = 0, n, squares;
	struct cr_place *v;

	(void)argc;
	if (cr_game_over(p->g))
		return game_over_refusal(p);
	if ((type = cr_tileset_find(p->ts, argv[1], strlen(argv[1]))) < 0)
		return nope("unknown tile \"%s\" (tiles shows them all with their codes)", argv[1]);
	if (cr_game_supply(p->g, type) <= 0) {
		why.tile = type;
		return refusal(p, &why);
	}
	if (p->hand >= 0 && p->hand != type)
		drop_hand(p, true);
	p->hand = type;
	p->placed = false;
	t = &p->ts->type[type];
	for (int r = 0; r < 4; r++)
		if (rot_rep(t, r) == r)
			rots[nrot++] = r;
	printf("%s draws %s (%d %s left, this one included; %d tiles in the supply)\n",
	    p->names[cr_game_turn(p->g)], t->code, cr_game_supply(p->g, type), t->code,
	    cr_game_supply_total(p->g));
	print_rotations(p, type, rots, nrot, nrot > 1);
	if ((v = legal_places(p, type, &n, &squares)) == NULL)
		return nope("out of memory");
	free(v);
	if (n == 0)
		printf("%s fits nowhere: discard it (it leaves the game, %s draws again)\n",
		    t->code, p->names[cr_game_turn(p->g)]);
	else
		printf("%s fits on %d square%s, %d way%s: place X,Y [ROT] (legal lists them)\n",
		    t->code, squares, squares == 1 ? "" : "s", n, n == 1 ? "" : "s");
	return 0;
}

/* What may go on the tile just put down: "thief@E, knight@N, or pass". */
static void
print_meeple_options(struct play *p)
{
	struct cr_meeple_opt opt[4 * CR_MAXSEG];
	int n = cr_game_meeple_options(p->g, &p->pend, opt, 4 * CR_MAXSEG);

	if (n == 0) {
		if (cr_game_player(p->g, cr_game_turn(p->g))->meeples == 0)
			printf("%s has no meeple left: pass\n", p->names[cr_game_turn(p->g)]);
		else
			printf("no meeple can go on it (its features are taken): pass\n");
		return;
	}
	printf("then a meeple:");
	for (int i = 0; i < n && i < 4 * CR_MAXSEG; i++)
		printf(" %s@%s%s", cr_role_name(opt[i].role), cr_spot_name(opt[i].spot),
		    i + 1 < n ? "," : "");
	printf(" (meeple ROLE@SPOT), or pass\n");
}

static int c_meeple(struct play *, int, char **);

static int
c_place(struct play *p, int argc, char **argv)
{
	const struct cr_tiletype *t;
	struct cr_refusal why;
	struct cr_move m = { .kind = CR_MOVE_PLACE };
	int fits[4], nfit = 0;

	if (cr_game_over(p->g))
		return game_over_refusal(p);
	if (p->hand < 0)
		return nope("no tile in hand: draw it first (draw CODE), or give the whole "
		    "turn in one line (U 0,1 0)");
	t = &p->ts->type[p->hand];
	m.tile = p->hand;
	if (!nt_parse_pos(argv[1], strlen(argv[1]), &m.x, &m.y))
		return nope("expected a position x,y (whole numbers, no spaces), got \"%.20s\"",
		    argv[1]);
	if (argc >= 3) {
		if ((m.rot = nt_parse_rot(argv[2], strlen(argv[2]))) < 0)
			return nope("expected a rotation 0, 90, 180 or 270, got \"%.20s\"", argv[2]);
		if (!cr_game_check(p->g, &m, &why))
			return refusal(p, &why);
	} else {
		/* No rotation: fine when only one fits there (or all alike). */
		for (int r = 0; r < 4; r++) {
			m.rot = r;
			if (cr_game_check(p->g, &m, NULL) && rot_rep(t, r) == r)
				fits[nfit++] = r;
		}
		if (nfit == 0) {
			m.rot = 0;
			cr_game_check(p->g, &m, &why);
			if (why.code == CR_R_EDGE_MISMATCH) {
				printf("refused: %s fits at %d,%d in no rotation:\n", t->code, m.x, m.y);
				for (int r = 0; r < 4; r++) {
					char msg[512];

					m.rot = r;
					if (rot_rep(t, r) != r)
						continue;
					cr_game_check(p->g, &m, &why);
					nt_refusal(p->ts, &why, p->names, msg, sizeof msg);
					printf("  %s\n", msg);
				}
				return -1;
			}
			return refusal(p, &why);
		}
		if (nfit > 1) {
			printf("%s fits at %d,%d in %d rotations:", t->code, m.x, m.y, nfit);
			for (int i = 0; i < nfit; i++)
				printf(" %d", fits[i] * 90);
			printf("; which? place %d,%d ROT\n", m.x, m.y);
			print_rotations(p, p->hand, fits, nfit, true);
			return 0;
		}
		m.rot = fits[0];
	}
	p->pend = m;
	p->placed = true;
	printf("%s at %d,%d rotation %d:\n", t->code, m.x, m.y, m.rot * 90);
	print_rotations(p, p->hand, &m.rot, 1, false);
	if (argc == 4)
		return c_meeple(p, 2, (char *[]){ (char *)"meeple", argv[3], NULL });
	print_meeple_options(p);
	return 0;
}

/* The step that the turn needs next, for a command that came too early. */
static int
not_yet(struct play *p, const char *what)
{
	if (cr_game_over(p->g))
		return game_over_refusal(p);
	if (p->hand < 0)
		return nope("no tile in hand: draw it first (draw CODE), then place it, then %s",
		    what);
	return nope("%s is not placed yet: place X,Y [ROT] first", code_of(p, p->hand));
}

static int
c_meeple(struct play *p, int argc, char **argv)
{
	struct nt_error err;
	struct cr_move m;

	if (!p->placed)
		return not_yet(p, "meeple ROLE@SPOT");
	if (argc == 1) {
		print_meeple_options(p);
		return 0;
	}
	m = p->pend;
	if (!nt_parse_meeple(argv[1], strlen(argv[1]), &m.role, &m.spot, &err))
		return nope("%s", err.msg);
	return play_move(p, &m);
}

static int
c_pass(struct play *p, int argc, char **argv)
{
	(void)argc, (void)argv;
	if (!p->placed)
		return not_yet(p, "pass");
	return play_move(p, &p->pend);
}

static int
c_discard(struct play *p, int argc, char **argv)
{
	struct cr_move m = { .kind = CR_MOVE_DISCARD, .tile = p->hand };

	if (cr_game_over(p->g))
		return game_over_refusal(p);
	if (argc == 2 && (m.tile = cr_tileset_find(p->ts, argv[1], strlen(argv[1]))) < 0)
		return nope("unknown tile \"%s\"", argv[1]);
	if (m.tile < 0)
		return nope("no tile in hand: draw it first (draw CODE), or discard CODE");
	return play_move(p, &m);
}

static int
c_end(struct play *p, int argc, char **argv)
{
	struct cr_move m = { .kind = CR_MOVE_END };

	(void)argc, (void)argv;
	drop_hand(p, true);
	return play_move(p, &m);
}

static int
c_legal(struct play *p, int argc, char **argv)
{
	int type = p->hand, n, squares;
	struct cr_place *v;

	if (argc == 2 && (type = cr_tileset_find(p->ts, argv[1], strlen(argv[1]))) < 0)
		return nope("unknown tile \"%s\" (tiles shows them all with their codes)", argv[1]);
	if (type < 0)
		return nope("no tile in hand: legal CODE, or draw one first (draw CODE)");
	if (cr_game_over(p->g))
		return game_over_refusal(p);
	if ((v = legal_places(p, type, &n, &squares)) == NULL)
		return nope("out of memory");
	if (n == 0)
		printf("%s fits nowhere: it is discarded (discard)\n", code_of(p, type));
	else
		printf("%s fits on %d square%s, %d way%s:\n", code_of(p, type), squares,
		    squares == 1 ? "" : "s", n, n == 1 ? "" : "s");
	for (int i = 0; i < n; ) {
		char pos[32];
		int k = i;

		snprintf(pos, sizeof pos, "%d,%d", v[i].x, v[i].y);
		printf("  %-8s rotation", pos);
		for (; k < n && v[k].x == v[i].x && v[k].y == v[i].y; k++)
			printf("%s %d", k > i ? "," : "", v[k].rot * 90);
		printf("\n");
		i = k;
	}
	if (cr_game_supply(p->g, type) == 0)
		printf("(no %s is left in the supply)\n", code_of(p, type));
	free(v);
	return 0;
}

static int
c_board(struct play *p, int argc, char **argv)
{
	struct board_style st = { .color = p->color, .letter = p->letter, .ansi = p->ansi,
	    .hand = p->placed || cr_game_over(p->g) ? -1 : p->hand };
	int n = cr_game_nmoves(p->g);

	(void)argc, (void)argv;
	/* The last tile placed, underlined in colour. */
	for (int i = n - 1; i >= 0; i--)
		if (cr_game_move(p->g, i)->kind == CR_MOVE_PLACE) {
			st.lastx = cr_game_move(p->g, i)->x;
			st.lasty = cr_game_move(p->g, i)->y;
			st.lastset = true;
			break;
		}
	board_print(stdout, p->g, p->names, &st);
	if (p->placed)
		printf("(%s at %d,%d is not on the board until the turn ends: meeple or pass)\n",
		    code_of(p, p->hand), p->pend.x, p->pend.y);
	return 0;
}

static int
c_score(struct play *p, int argc, char **argv)
{
	int n = cr_game_nplayers(p->g), w = 0;

	(void)argc, (void)argv;
	if (cr_game_over(p->g)) {
		cmd_print_ranking(p->g, p->names, "final scores:");
		return 0;
	}
	say_state(p);
	for (int i = 0; i < n; i++)
		if ((int)strlen(p->names[i]) > w)
			w = (int)strlen(p->names[i]);
	for (int i = 0; i < n; i++) {
		const struct cr_player *pl = cr_game_player(p->g, i);

		printf("%s %-*s %4d   %d meeple%s in hand\n", i == cr_game_turn(p->g) ? ">" : " ",
		    w, p->names[i], pl->score, pl->meeples, pl->meeples == 1 ? "" : "s");
	}
	return 0;
}

/* Every point one player has, event by event, and what stands to come. */
static void
explain_player(struct play *p, int who)
{
	const struct cr_event *ev;
	struct cr_meeple mee[CR_MAXPLAYERS * CR_MEEPLES + 8];
	int nev, nm, seen[CR_MEEPLES], nseen = 0, k = 0, total = 0;
	char why[512], line[128];
	bool final = false;

	ev = cr_game_events(p->g, &nev);
	printf("%s: %d point%s\n", p->names[who], cr_game_player(p->g, who)->score,
	    cr_game_player(p->g, who)->score == 1 ? "" : "s");
	for (int i = 0; i < nev; i++) {
		const struct cr_move *m;

		if (!(ev[i].winners & (1u << who)))
			continue;
		if (!final && ev[i].reason != CR_EV_COMPLETED) {
			printf("  at the final scoring:\n");
			final = true;
		}
		m = cr_game_move(p->g, ev[i].move - 1);
		nt_format_move(p->ts, m, NULL, line, sizeof line);
		nt_event_explain(&ev[i], p->names, cr_game_nplayers(p->g), why, sizeof why);
		printf("  %s%s: %s", final ? "  " : "", cr_kind_name((enum cr_kind)ev[i].kind), why);
		if (!final)
			printf("  [move %d, %s: %s]", ev[i].move,
			    p->names[cr_game_move_player(p->g, ev[i].move - 1)], line);
		printf("\n");
		total += ev[i].points;
		k++;
	}
	if (k == 0)
		printf("  no feature has paid %s yet\n", p->names[who]);
	else if (total != cr_game_player(p->g, who)->score)	/* never: the events are the score */
		printf("  (the events add up to %d)\n", total);
	if (cr_game_over(p->g))
		return;

	/* Meeples on the board: what their features would pay now. */
	nm = cr_game_meeples(p->g, mee, (int)(sizeof mee / sizeof mee[0]));
	k = 0;
	for (int i = 0; i < nm && i < (int)(sizeof mee / sizeof mee[0]); i++) {
		struct cr_event e;
		int id = cr_game_feature_id(p->g, mee[i].seg), s;

		if (mee[i].player != who)
			continue;
		for (s = 0; s < nseen && seen[s] != id; s++)
			;
		if (s < nseen || nseen == CR_MEEPLES)
			continue;
		seen[nseen++] = id;
		if (k++ == 0)
			printf("  meeples on the board, if the game ended now:\n");
		printf("    %s at %d,%d %s: ", cr_role_name(mee[i].role), mee[i].x, mee[i].y,
		    cr_spot_name(mee[i].spot));
		if (mee[i].role == CR_FARMER && cr_game_edition(p->g) == 1) {
			printf("edition 1 pays farmers per completed city at the end "
			    "(explain X,Y:SPOT of each city)\n");
			continue;
		}
		if (cr_game_feature_score(p->g, mee[i].seg, &e)) {
			nt_event_explain(&e, p->names, cr_game_nplayers(p->g), why, sizeof why);
			printf("%s\n", why);
		} else {
			nt_event_why(&e, why, sizeof why);
			printf("%s = %d, to nobody\n", why, e.points);
		}
	}
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

/* A feature: what it is, what it holds, who controls it, what it pays. */
static void
explain_feature(struct play *p, int seg, int x, int y, const char *spot)
{
	const struct cr_event *ev;
	struct cr_feature f;
	struct cr_place *tiles;
	struct cr_event e;
	int n = cr_game_nplayers(p->g), id = cr_game_feature_id(p->g, seg);
	int nt, nev, best = 0, k = 0, paid = 0;
	char why[512];

	cr_game_feature(p->g, seg, &f);
	printf("%s at %d,%d %s: ", cr_kind_name((enum cr_kind)f.kind), x, y, spot);
	switch (f.kind) {
	case CR_ROAD:
		if (f.complete)
			printf("completed\n");
		else
			printf("open at %d end%s\n", f.open, f.open == 1 ? "" : "s");
		break;
	case CR_CITY:
		if (f.complete)
			printf("completed\n");
		else
			printf("open on %d edge%s\n", (f.open + 1) / 2, (f.open + 1) / 2 == 1 ? "" : "s");
		break;
	case CR_CLOISTER:
		printf("%d of its 8 neighbours%s\n", f.tiles - 1, f.complete ? ": completed" : "");
		break;
	default:
		printf("a farm\n");
		break;
	}
	nt = cr_game_feature_tiles(p->g, seg, NULL, 0);
	if ((tiles = calloc((size_t)nt + 1, sizeof *tiles)) != NULL) {
		cr_game_feature_tiles(p->g, seg, tiles, nt);
		printf("  %d tile%s:", nt, nt == 1 ? "" : "s");
		for (int i = 0; i < nt; i++)
			printf(" %d,%d", tiles[i].x, tiles[i].y);
		printf("\n");
		free(tiles);
	}
	if (f.kind == CR_CITY)
		printf("  %d pennant%s\n", f.pennants, f.pennants == 1 ? "" : "s");
	if (f.kind == CR_FIELD && cr_game_edition(p->g) != 1) {
		cr_game_feature_score(p->g, seg, &e);
		printf("  borders %d completed cit%s\n", e.cities, e.cities == 1 ? "y" : "ies");
	}
	printf("  meeples:");
	for (int i = 0; i < n; i++) {
		if (f.meeples[i] > best)
			best = f.meeples[i];
		if (f.meeples[i] > 0)
			printf("%s %s %d %s", k++ ? "," : "", p->names[i], f.meeples[i],
			    nt_kind_roles(f.kind, f.meeples[i]));
	}
	printf("%s\n", k ? "" : " none");
	if (best > 0) {
		k = 0;
		printf("  controlled by");
		for (int i = 0; i < n; i++)
			if (f.meeples[i] == best) {
				printf("%s %s", k++ ? " and" : "", p->names[i]);
			}
		printf("%s\n", k > 1 ? " (tied: each scores in full)" : "");
	}
	ev = cr_game_events(p->g, &nev);
	for (int i = 0; i < nev; i++)
		if (ev[i].feature == id) {
			nt_event_explain(&ev[i], p->names, n, why, sizeof why);
			printf("  scored at move %d%s: %s\n", ev[i].move,
			    ev[i].reason == CR_EV_COMPLETED ? "" : " (final scoring)", why);
			paid++;
		}
	if (f.scored && paid == 0)
		printf("  completed with no meeple on it: it paid nobody\n");
	if (f.scored || cr_game_over(p->g))
		return;
	if (f.kind == CR_FIELD && cr_game_edition(p->g) == 1) {
		printf("  edition 1: at the end each completed city pays 4 to the most farmers "
		    "over all the farms around it\n");
		return;
	}
	if (cr_game_feature_score(p->g, seg, &e)) {
		nt_event_explain(&e, p->names, n, why, sizeof why);
		printf("  if the game ended now: %s\n", why);
	} else {
		nt_event_why(&e, why, sizeof why);
		printf("  if the game ended now: %s = %d, to nobody (no %s on it)\n", why,
		    e.points, nt_kind_role(f.kind));
	}
}

static int
c_explain(struct play *p, int argc, char **argv)
{
	static const int kinds[] = { CR_ROAD, CR_CITY, CR_CLOISTER, CR_FIELD };
	const struct cr_placed *t;
	const char *arg, *colon;
	int x, y, who, sp = -1, ids[CR_MAXSEG], nid = 0;

	if (argc == 1) {
		for (int i = 0; i < cr_game_nplayers(p->g); i++) {
			if (i)
				printf("\n");
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
	if (!nt_parse_pos(arg, colon ? (size_t)(colon - arg) : strlen(arg), &x, &y))
		return nope("explain: no player is named \"%.40s\", and it is no position "
		    "X,Y[:SPOT]", arg);
	if (colon && (sp = cr_spot_lookup(colon + 1, (int)strlen(colon + 1))) < 0)
		return nope("explain: expected a spot after \":\" (N NNE NE ENE E ESE SE SSE S "
		    "SSW SW WSW W WNW NW NNW or C), got \"%.20s\"", colon + 1);
	if ((t = cr_game_at(p->g, x, y)) == NULL)
		return nope("explain: no tile at %d,%d", x, y);
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		const struct cr_tiletype *tt = &p->ts->type[t->type];

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
				printf("\n");
			explain_feature(p, seg, x, y, sp >= 0 ? cr_spot_name((enum cr_spot)sp) :
			    spot_for(p, x, y, seg, kinds[k]));
		}
	}
	if (nid == 0)
		return nope("explain: no single feature at %d,%d %s (explain %d,%d lists the "
		    "tile's features)", x, y, cr_spot_name((enum cr_spot)sp), x, y);
	return 0;
}

static int
c_supply(struct play *p, int argc, char **argv)
{
	int k = 0, w = 1;

	(void)argc, (void)argv;
	for (int t = 0; t < p->ts->ntypes; t++)
		if ((int)strlen(p->ts->type[t].code) > w)
			w = (int)strlen(p->ts->type[t].code);
	printf("%d tile%s left in the supply:\n", cr_game_supply_total(p->g),
	    cr_game_supply_total(p->g) == 1 ? "" : "s");
	for (int t = 0; t < p->ts->ntypes; t++) {
		printf("%s%-*s %2d", k % 8 ? "   " : "  ", w, p->ts->type[t].code,
		    cr_game_supply(p->g, t));
		if (++k % 8 == 0)
			printf("\n");
	}
	if (k % 8)
		printf("\n");
	return 0;
}

static int
c_undo(struct play *p, int argc, char **argv)
{
	int n = 1, have = cr_game_nmoves(p->g), *who;
	struct cr_move *gone;
	char line[128], err[512], *end;

	if (argc == 2) {
		long v = strtol(argv[1], &end, 10);

		if (*end != '\0' || end == argv[1] || v < 1)
			return nope("usage: undo [N], N a number of moves, 1 or more");
		n = v > have ? have : (int)v;
	}
	if (have == 0)
		return nope("nothing to undo: this is the start of the game");
	/* Keep what is undone, to put it back if the journal cannot follow. */
	gone = calloc((size_t)n, sizeof *gone);
	who = calloc((size_t)n, sizeof *who);
	if (gone == NULL || who == NULL) {
		free(gone), free(who);
		return nope("undo: out of memory");
	}
	for (int i = 0; i < n; i++) {
		gone[i] = *cr_game_move(p->g, have - 1 - i);
		who[i] = cr_game_move_player(p->g, have - 1 - i);
	}
	drop_hand(p, true);
	cr_game_undo(p->g, n);
	if (!journal_write(&p->j, &p->rec, p->g, err, sizeof err)) {
		for (int i = n - 1; i >= 0; i--)
			cr_game_play(p->g, &gone[i], NULL);
		free(gone), free(who);
		return nope("refused: cannot rewrite the journal (%s); nothing was undone", err);
	}
	for (int i = 0; i < n; i++) {
		nt_format_move(p->ts, &gone[i], NULL, line, sizeof line);
		printf("undone: move %d, %s: %s\n", have - i, p->names[who[i]], line);
	}
	free(gone), free(who);
	say_state(p);
	return 0;
}

static int
c_save(struct play *p, int argc, char **argv)
{
	char *text, err[512];
	bool ok;

	(void)argc;
	if ((text = nt_record_format(&p->rec, p->g)) == NULL)
		return nope("save: out of memory");
	if (strcmp(argv[1], "-") == 0) {
		fputs(text, stdout);
		free(text);
		return 0;
	}
	ok = cmd_write_atomic(argv[1], text, strlen(text), err, sizeof err);
	free(text);
	if (!ok)
		return nope("save: %s", err);
	printf("saved %d move%s to %s\n", cr_game_nmoves(p->g),
	    cr_game_nmoves(p->g) == 1 ? "" : "s", argv[1]);
	return 0;
}

static int
c_load(struct play *p, int argc, char **argv)
{
	char err[512], *text;
	size_t len;
	bool ok;

	(void)argc;
	if ((text = cmd_read_file(argv[1], &len, err, sizeof err)) == NULL)
		return nope("load: %s", err);
	ok = adopt(p, argv[1], text, len, true, stdout);
	free(text);
	if (!ok)
		return -1;
	printf("loaded %s: edition %d,", argv[1], cr_game_edition(p->g));
	for (int i = 0; i < cr_game_nplayers(p->g); i++)
		printf(" %s%s", p->names[i], i + 1 < cr_game_nplayers(p->g) ? "," : "");
	printf("\n");
	say_state(p);
	return 0;
}

static int
c_moves(struct play *p, int argc, char **argv)
{
	int n = cr_game_nmoves(p->g), w = 0;
	char line[128];

	(void)argc, (void)argv;
	for (int i = 0; i < cr_game_nplayers(p->g); i++)
		if ((int)strlen(p->names[i]) > w)
			w = (int)strlen(p->names[i]);
	if (n == 0)
		printf("no move yet\n");
	for (int i = 0; i < n; i++) {
		nt_format_move(p->ts, cr_game_move(p->g, i), NULL, line, sizeof line);
		printf("%4d  %-*s  %s\n", i + 1, w, p->names[cr_game_move_player(p->g, i)], line);
	}
	return 0;
}

static int
c_tiles(struct play *p, int argc, char **argv)
{
	(void)p;
	argv[0] = (char *)"tiles";
	fflush(stdout);
	return cmd_tiles_entry.exec(argc, argv) == 0 ? 0 : -1;
}

static int
c_help(struct play *p, int argc, char **argv)
{
	const struct play_cmd *c;

	(void)p;
	if (argc == 1) {
		print_cmds();
		return 0;
	}
	if ((c = find_cmd(argv[1])) == NULL)
		return nope("help: no command \"%.40s\" (help lists them)", argv[1]);
	printf("%s%s%s\n  %s\n", c->name, *c->args ? " " : "", c->args, c->summary);
	if (*c->help)
		printf("%s", c->help);
	return 0;
}

static int
c_quit(struct play *p, int argc, char **argv)
{
	(void)argc, (void)argv;
	p->quit = true;
	return 0;
}

static const struct play_cmd cmds[] = {
	{ "draw", "TILE", "the tile just drawn: its picture, and where it fits",
	  "  TILE is its code (A to X; tiles shows them).  Step 1 of 3 of a turn;\n"
	  "  draw again to correct a wrong code.\n", 1, 1, c_draw },
	{ "place", "X,Y [ROT] [ROLE@SPOT]", "put the tile in hand down at X,Y, turned ROT degrees",
	  "  Step 2: x grows to the east, y to the north, the start tile is 0,0.\n"
	  "  ROT (0, 90, 180, 270, clockwise) may be left out when only one fits there;\n"
	  "  when several do, they are shown and you choose.  place again to move it.\n"
	  "  A meeple may follow, which finishes the turn: place 1,0 90 thief@E.\n",
	  1, 3, c_place },
	{ "meeple", "ROLE@SPOT", "finish the turn with a meeple on the tile just placed",
	  "  Step 3: thief (road), knight (city), monk (cloister), farmer (field), at a\n"
	  "  spot of the tile as it lies: N E S W, the half-edges NNE ENE ESE SSE SSW\n"
	  "  WSW WNW NNW, the corners NE SE SW NW, or C, the centre (monk alone means\n"
	  "  monk@C).  Without ROLE@SPOT, lists where a meeple may go.\n", 0, 1, c_meeple },
	{ "pass", "", "finish the turn without a meeple", "", 0, 0, c_pass },
	{ "discard", "[TILE]", "the tile in hand fits nowhere: it leaves the game",
	  "  Only when it fits nowhere; the same player then draws again.\n", 0, 1, c_discard },
	{ "legal", "[TILE]", "where the tile in hand (or TILE) may go", "", 0, 1, c_legal },
	{ "board", "", "a map of the board, with the meeples",
	  "  Each square shows its tile's top, middle and bottom rows (# city, . field,\n"
	  "  = | road, + cloister, o village).  A meeple is its owner's initial: a\n"
	  "  capital for a thief, knight or monk, a small letter for a farmer.  * marks\n"
	  "  where the tile in hand fits.  In colour on a terminal, unless NO_COLOR is set.\n",
	  0, 0, c_board },
	{ "score", "", "the scores, the meeples in hand, whose turn it is", "", 0, 0, c_score },
	{ "explain", "[PLAYER | X,Y[:SPOT]]", "every point and why, or one feature in full",
	  "  explain PLAYER: every scoring that paid PLAYER, its arithmetic and majority,\n"
	  "  and what PLAYER's meeples on the board would score if the game ended now.\n"
	  "  explain X,Y:SPOT: the feature at that spot of the tile at X,Y: its tiles,\n"
	  "  pennants, meeples by player, who controls it, what it scored or would score\n"
	  "  if the game ended now.  explain X,Y: every feature of that tile.\n"
	  "  explain alone: every player.\n", 0, 1, c_explain },
	{ "supply", "", "the tiles left, by type", "", 0, 0, c_supply },
	{ "moves", "", "the moves so far", "", 0, 0, c_moves },
	{ "tiles", "[TILE...]", "the tile types with their codes and pictures",
	  "", 0, MAXARGS - 1, c_tiles },
	{ "undo", "[N]", "take back the last move, or the last N",
	  "  As far back as the start of the game; the journal follows.\n", 0, 1, c_undo },
	{ "end", "", "end the game here: the final scoring",
	  "  The game also ends by itself when the last tile is played.\n", 0, 0, c_end },
	{ "save", "FILE", "write the game as a record (- for the standard output)",
	  "  The record replays to the same scores (carcref replay FILE).\n", 1, 1, c_save },
	{ "load", "FILE", "continue the game recorded in FILE instead",
	  "  The game in play stays in the state directory as previous.yaml.\n", 1, 1, c_load },
	{ "help", "[COMMAND]", "the commands, or one in more detail", "", 0, 1, c_help },
	{ "quit", "", "leave (the game is kept: carcref resume brings it back)",
	  "  Also exit, or Ctrl-D.\n", 0, 0, c_quit },
};
#define NCMDS (sizeof cmds / sizeof cmds[0])

static const struct play_cmd *
find_cmd(const char *name)
{
	if (strcasecmp(name, "exit") == 0)
		name = "quit";
	else if (strcmp(name, "?") == 0)
		name = "help";
	for (size_t i = 0; i < NCMDS; i++)
		if (strcasecmp(cmds[i].name, name) == 0)
			return &cmds[i];
	return NULL;
}

static void
print_cmds(void)
{
	int w = 0;

	for (size_t i = 0; i < NCMDS; i++) {
		int n = (int)(strlen(cmds[i].name) + 1 + strlen(cmds[i].args));

		w = n > w ? n : w;
	}
	printf("A turn, step by step:  draw TILE, place X,Y [ROT], then meeple ROLE@SPOT or pass.\n"
	    "Or the whole turn in one line, as in a record:  U 0,1 0 thief@S,  E discard,\n"
	    "B -1,0 0 monk,  end  (a \"PLAYER:\" prefix is checked against whose turn it is).\n"
	    "\ncommands:\n");
	for (size_t i = 0; i < NCMDS; i++) {
		int n = printf("  %s %s", cmds[i].name, cmds[i].args) - 2;

		printf("%*s  %s\n", w - n, "", cmds[i].summary);
	}
	printf("\nhelp COMMAND says more; Tab completes commands, tiles, positions and spots.\n");
}

static const char *
suggest(const char *word)
{
	const char *best = NULL;
	size_t bestd = (size_t)-1;

	for (size_t i = 0; i < NCMDS; i++) {
		size_t d = cmd_edit_distance(word, cmds[i].name);

		if (strncasecmp(word, cmds[i].name, strlen(word)) == 0)
			d = 1;	/* a prefix ("sco") counts as close */
		if (d < bestd && d <= 1 + strlen(cmds[i].name) / 3)
			best = cmds[i].name, bestd = d;
	}
	return best;
}

/* One line of input: a command, a whole turn, or nothing. */
static int
run_line(struct play *p, char *line)
{
	char *argv[MAXARGS + 1], *s, *hash, buf[1024];
	const struct play_cmd *c;
	const char *near;
	int argc = 0;

	if ((hash = strchr(line, '#')) != NULL)
		*hash = '\0';
	snprintf(buf, sizeof buf, "%s", line);
	for (s = strtok(buf, " \t\r\n"); s != NULL; s = strtok(NULL, " \t\r\n")) {
		if (argc == MAXARGS)
			return nope("too many words");
		argv[argc++] = s;
	}
	argv[argc] = NULL;
	if (argc == 0)
		return 0;
	if ((c = find_cmd(argv[0])) != NULL) {
		if (argc - 1 < c->minargs || argc - 1 > c->maxargs)
			return nope("usage: %s%s%s", c->name, *c->args ? " " : "", c->args);
		return c->fn(p, argc, argv);
	}
	/* A turn: a player's prefix, a tile code, or what follows one. */
	if (strchr(line, ':') != NULL || cr_tileset_find(p->ts, argv[0], strlen(argv[0])) >= 0 ||
	    (argc > 1 && (strcasecmp(argv[1], "discard") == 0 ||
	    nt_parse_pos(argv[1], strlen(argv[1]), &(int){ 0 }, &(int){ 0 }))))
		return play_line(p, line);
	if ((near = suggest(argv[0])) != NULL)
		return nope("unknown command \"%.40s\" (did you mean \"%s\"?); help lists the "
		    "commands", argv[0], near);
	return nope("unknown command \"%.40s\"; help lists the commands, a turn looks like "
	    "U 0,1 0 thief@S", argv[0]);
}

/* ---- readline: prompt, completion, Ctrl-C ------------------------------- */

static char *
prompt(struct play *p, char *buf, size_t size)
{
	int who = cr_game_turn(p->g);
	char hand[64] = "", col[32] = "", off[16] = "";

	if (cr_game_over(p->g)) {
		snprintf(buf, size, "game over> ");
		return buf;
	}
	if (p->placed)
		snprintf(hand, sizeof hand, " [%s %d,%d %d]", code_of(p, p->hand), p->pend.x,
		    p->pend.y, p->pend.rot * 90);
	else if (p->hand >= 0)
		snprintf(hand, sizeof hand, " [%s]", code_of(p, p->hand));
	/* \001 and \002 fence the escapes: readline must not count them. */
	if (p->color) {
		snprintf(col, sizeof col, "\001\033[1;%dm\002", p->ansi[who]);
		snprintf(off, sizeof off, "\001\033[0m\002");
	}
	snprintf(buf, size, "%s%s%s%s> ", col, p->names[who], off, hand);
	return buf;
}

/* The words that may come at this point of the line: built, then served. */
static struct {
	char	**v;
	int	n, cap;
} cands;

static void
cand(const char *fmt, ...)
{
	char buf[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	for (int i = 0; i < cands.n; i++)
		if (strcmp(cands.v[i], buf) == 0)
			return;
	if (cands.n == cands.cap) {
		int ncap = cands.cap ? cands.cap * 2 : 64;
		char **v = realloc(cands.v, (size_t)ncap * sizeof *v);

		if (v == NULL)
			return;
		cands.v = v, cands.cap = ncap;
	}
	if ((cands.v[cands.n] = strdup(buf)) != NULL)
		cands.n++;
}

static void
cands_clear(void)
{
	for (int i = 0; i < cands.n; i++)
		free(cands.v[i]);
	cands.n = 0;
}

static void
cand_tiles(struct play *p)
{
	for (int t = 0; t < p->ts->ntypes; t++)
		if (cr_game_supply(p->g, t) > 0)
			cand("%s", p->ts->type[t].code);
}

static void
cand_positions(struct play *p, int type)
{
	int n, squares;
	struct cr_place *v = legal_places(p, type, &n, &squares);

	for (int i = 0; v && i < n; i++)
		cand("%d,%d", v[i].x, v[i].y);
	free(v);
}

static void
cand_rotations(struct play *p, int type, const char *pos)
{
	struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = type };

	if (!nt_parse_pos(pos, strlen(pos), &m.x, &m.y))
		return;
	for (m.rot = 0; m.rot < 4; m.rot++)
		if (cr_game_check(p->g, &m, NULL))
			cand("%d", m.rot * 90);
}

static void
cand_meeples(struct play *p, const struct cr_move *m)
{
	struct cr_meeple_opt opt[4 * CR_MAXSEG];
	int n = cr_game_meeple_options(p->g, m, opt, 4 * CR_MAXSEG);

	for (int i = 0; i < n && i < 4 * CR_MAXSEG; i++) {
		if (opt[i].role == CR_MONK)
			cand("monk");
		for (int s = 0; s < CR_NSPOTS; s++)
			if (opt[i].spots & (1u << s))
				cand("%s@%s", cr_role_name(opt[i].role), cr_spot_name((enum cr_spot)s));
	}
}

/* A placement from words "X,Y ROT" for a type; false if they do not read. */
static bool
words_place(int type, char **w, struct cr_move *m)
{
	*m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = type };
	return nt_parse_pos(w[0], strlen(w[0]), &m->x, &m->y) &&
	    (m->rot = nt_parse_rot(w[1], strlen(w[1]))) >= 0;
}

static void
build_cands(struct play *p, char **w, int n, const char *text)
{
	const struct play_cmd *c;
	struct cr_move m;
	int type;

	if (n > 0 && w[0][strlen(w[0]) - 1] == ':') {	/* "Anna: U ..." */
		w++, n--;
		if (n == 0) {
			cand_tiles(p);
			cand("end");
			return;
		}
	}
	if (n == 0) {
		for (size_t i = 0; i < NCMDS; i++)
			cand("%s", cmds[i].name);
		if (!cr_game_over(p->g))
			cand_tiles(p);
		return;
	}
	if ((c = find_cmd(w[0])) != NULL) {
		if (c->fn == c_draw || c->fn == c_legal || c->fn == c_discard) {
			if (n == 1)
				cand_tiles(p);
		} else if (c->fn == c_tiles) {
			for (int t = 0; t < p->ts->ntypes; t++)
				cand("%s", p->ts->type[t].code);
		} else if (c->fn == c_help) {
			if (n == 1)
				for (size_t i = 0; i < NCMDS; i++)
					cand("%s", cmds[i].name);
		} else if (c->fn == c_place && p->hand >= 0) {
			if (n == 1)
				cand_positions(p, p->hand);
			else if (n == 2)
				cand_rotations(p, p->hand, w[1]);
			else if (n == 3 && words_place(p->hand, w + 1, &m))
				cand_meeples(p, &m);
		} else if (c->fn == c_meeple && p->placed && n == 1) {
			cand_meeples(p, &p->pend);
		} else if (c->fn == c_explain && n == 1) {
			const char *colon = strchr(text, ':');
			int x, y;

			for (int i = 0; i < cr_game_nplayers(p->g); i++)
				cand("%s", p->names[i]);
			if (colon && nt_parse_pos(text, (size_t)(colon - text), &x, &y)) {
				for (int s = 0; s < CR_NSPOTS; s++)
					cand("%.*s:%s", (int)(colon - text), text,
					    cr_spot_name((enum cr_spot)s));
			} else
				for (int i = 0; i < cr_game_ntiles(p->g); i++)
					cand("%d,%d", cr_game_tile(p->g, i)->x, cr_game_tile(p->g, i)->y);
		}
		return;
	}
	/* A whole turn: TILE X,Y ROT ROLE@SPOT. */
	if ((type = cr_tileset_find(p->ts, w[0], strlen(w[0]))) < 0)
		return;
	if (n == 1) {
		cand_positions(p, type);
		if (cr_game_legal(p->g, type, NULL, 0) == 0)
			cand("discard");
	} else if (n == 2)
		cand_rotations(p, type, w[1]);
	else if (n == 3 && words_place(type, w + 1, &m))
		cand_meeples(p, &m);
}

static char *
cand_next(const char *text, int state)
{
	static int i;
	size_t len = strlen(text);

	if (state == 0)
		i = 0;
	while (i < cands.n) {
		const char *c = cands.v[i++];

		if (strncasecmp(c, text, len) == 0)
			return strdup(c);
	}
	return NULL;
}

static char **
complete(const char *text, int start, int end)
{
	char *w[MAXARGS + 1], buf[1024], *s;
	const struct play_cmd *c;
	int n = 0;

	(void)end;
	snprintf(buf, sizeof buf, "%.*s", start, rl_line_buffer);
	for (s = strtok(buf, " \t"); s != NULL && n < MAXARGS; s = strtok(NULL, " \t"))
		w[n++] = s;
	w[n] = NULL;
	/* Files for save and load: readline's own completion. */
	if (n == 1 && (c = find_cmd(w[0])) != NULL && (c->fn == c_save || c->fn == c_load))
		return NULL;
	rl_attempted_completion_over = 1;
	cands_clear();
	build_cands(P, w, n, text);
	return rl_completion_matches(text, cand_next);
}

static volatile sig_atomic_t got_int;

static void
on_int(int sig)
{
	(void)sig;
	got_int = 1;
}

/*
 * Ctrl-C: drop the line being typed and give a fresh prompt, as a shell
 * does; the game is untouched.  Readline catches the signal, tidies the
 * terminal and passes it on to on_int, then calls this hook.
 */
static int
int_hook(void)
{
	if (!got_int)
		return 0;
	got_int = 0;
	rl_replace_line("", 0);
	rl_crlf();
	rl_on_new_line();
	rl_redisplay();
	return 0;
}

/* ---- the session --------------------------------------------------------- */

static void
history_start(struct play *p)
{
	char err[512];
	FILE *f;

	if (!play_state_path("history", p->hist, sizeof p->hist, err, sizeof err)) {
		p->hist[0] = '\0';
		return;
	}
	if ((f = fopen(p->hist, "a")) != NULL)	/* append_history needs the file */
		fclose(f);
	using_history();
	stifle_history(HISTORY_MAX);
	read_history(p->hist);
	history_truncate_file(p->hist, HISTORY_MAX);
}

static void
history_add(struct play *p, const char *line)
{
	HIST_ENTRY *last;
	const char *s = line;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '\0')
		return;
	last = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
	if (last != NULL && strcmp(last->line, line) == 0)
		return;
	add_history(line);
	/* At once, not at exit: a killed session keeps its history too. */
	if (p->hist[0] != '\0')
		append_history(1, p->hist);
}

static void
readline_start(struct play *p)
{
	static char breaks[] = " \t\n";
	struct sigaction sa = { .sa_handler = on_int };

	rl_readline_name = "carcref";
	rl_attempted_completion_function = complete;
	rl_completer_word_break_characters = breaks;
	rl_variable_bind("completion-ignore-case", "on");
	rl_signal_event_hook = int_hook;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	history_start(p);
}

static void
session(struct play *p)
{
	char pbuf[256], *line = NULL;
	size_t cap = 0;
	ssize_t len;

	if (p->tty)
		readline_start(p);
	while (!p->quit) {
		if (p->tty) {
			got_int = 0;
			free(line);
			if ((line = readline(prompt(p, pbuf, sizeof pbuf))) == NULL) {
				printf("\n");	/* Ctrl-D */
				break;
			}
			history_add(p, line);
		} else {
			if ((len = getline(&line, &cap, stdin)) < 0)
				break;
			if (len > 0 && line[len - 1] == '\n')
				line[len - 1] = '\0';
		}
		if (run_line(p, line) < 0)
			p->refused++;
		fflush(stdout);
	}
	free(line);
	cands_clear();
	free(cands.v);
	if (p->tty) {
		char path[4096], err[512];

		if (cr_game_nmoves(p->g) > 0 &&
		    play_state_path("current.yaml", path, sizeof path, err, sizeof err))
			printf("the game is kept in %s (move %d): carcref resume brings it back\n",
			    path, cr_game_nmoves(p->g));
	}
}

static int
start(struct play *p, int argc, char **argv, bool resume)
{
	char *players[CR_MAXPLAYERS + 1], *names = NULL, err[512], path[4096], *text;
	const char *file = NULL;
	int edition = 3, n = 0, i;
	bool named = false, given = false, cut;
	size_t len;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		} else if (strcmp(argv[i], "--resume") == 0)
			resume = true;
		else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc) {
			names = argv[++i];
			named = true;
		} else if (strcmp(argv[i], "--edition") == 0 && i + 1 < argc) {
			char *end;
			long e = strtol(argv[++i], &end, 10);

			if (*end != '\0' || e < 1 || e > 3) {
				fprintf(stderr, "carcref play: --edition: 1, 2 or 3, not \"%s\"\n",
				    argv[i]);
				return 2;
			}
			edition = (int)e;
			given = true;
		} else {
			fprintf(stderr, "carcref play: unknown option \"%s\"\n", argv[i]);
			return cmd_usage(&cmd_play_entry);
		}
	}
	if (i < argc)
		file = argv[i++];
	if (i < argc || (resume && (file || named || given)))
		return cmd_usage(&cmd_play_entry);
	if (file && (named || given)) {
		fprintf(stderr, "carcref play: --players and --edition are for a new game; "
		    "%s has its own\n", file);
		return 2;
	}
	if ((p->ts = cmd_tileset()) == NULL)
		return 2;
	if (!journal_lock(&p->j, err, sizeof err)) {
		fprintf(stderr, "carcref play: %s\n", err);
		return 2;
	}

	if (resume) {
		if ((text = journal_read(path, sizeof path, &len, &cut, err, sizeof err)) == NULL) {
			fprintf(stderr, "carcref: %s\n", err);
			return 2;
		}
		if (!adopt(p, path, text, len, false, stderr)) {
			free(text);
			return 1;
		}
		free(text);
		printf("carcref: resumed %s%s\n", path, cut ? " (its last line, cut short by a "
		    "crash, was never accepted: dropped)" : "");
	} else if (file) {
		if ((text = cmd_read_file(file, &len, err, sizeof err)) == NULL) {
			fprintf(stderr, "carcref: %s\n", err);
			return 2;
		}
		if (!adopt(p, file, text, len, true, stderr)) {
			free(text);
			return 1;
		}
		free(text);
		printf("carcref: continuing %s\n", file);
	} else {
		static char anna[] = "Anna", ben[] = "Ben";

		if (names != NULL) {
			for (char *s = names; n <= CR_MAXPLAYERS; ) {
				char *comma = strchr(s, ',');

				if (comma != NULL)
					*comma = '\0';
				while (isspace((unsigned char)*s))	/* "Anna, Ben" */
					s++;
				for (char *e = s + strlen(s); e > s && isspace((unsigned char)e[-1]); )
					*--e = '\0';
				players[n++] = s;
				if (comma == NULL)
					break;
				s = comma + 1;
			}
		} else {
			players[n++] = anna;
			players[n++] = ben;
		}
		if (!new_game(p, players, n, edition))
			return 2;
		printf("carcref: a new game\n");
	}
	printf("edition %d, %d player%s:", cr_game_edition(p->g), cr_game_nplayers(p->g),
	    cr_game_nplayers(p->g) == 1 ? "" : "s");
	for (i = 0; i < cr_game_nplayers(p->g); i++)
		printf(" %s%s", p->names[i], i + 1 < cr_game_nplayers(p->g) ? "," : "");
	printf("\n");
	say_state(p);
	if (p->tty)
		printf("Enter a turn whole (U 0,1 0 thief@S) or step by step: draw TILE,\n"
		    "place X,Y [ROT], then meeple ROLE@SPOT or pass.  help lists the commands.\n");
	fflush(stdout);
	session(p);
	return !p->tty && p->refused > 0 ? 1 : 0;
}

static int
run(int argc, char **argv, bool resume)
{
	struct play pl = { .hand = -1, .j = { .fd = -1, .lockfd = -1 } };
	const char *nc = getenv("NO_COLOR");
	int rc;

	pl.tty = isatty(STDIN_FILENO);
	pl.color = pl.tty && isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0');
	P = &pl;
	rc = start(&pl, argc, argv, resume);
	journal_close(&pl.j);
	cr_game_free(pl.g);
	if (pl.have_rec)
		nt_record_free(&pl.rec);
	P = NULL;
	if (fflush(stdout) != 0 && rc == 0) {
		perror("carcref: standard output");
		rc = 2;
	}
	return rc;
}

static int
play_exec(int argc, char **argv)
{
	return run(argc, argv, false);
}

static int
resume_exec(int argc, char **argv)
{
	if (argc != 1)
		return cmd_usage(&cmd_resume_entry);
	return run(argc, argv, true);
}

const struct cmd_entry cmd_play_entry = {
	"play", "[--players A,B,...] [--edition N] [FILE | --resume]",
	"referee a game at the table, turn by turn",
	play_exec
};

const struct cmd_entry cmd_resume_entry = {
	"resume", "", "bring back the last game played (as play --resume)",
	resume_exec
};
