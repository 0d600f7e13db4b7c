/*
 * dice-turn.c -- a turn of the dice game at the table (spec/dice.md
 * §4.8): roll, keep and claim, step by step; a line in the record's
 * grammar typed whole, or its rolls alone (quick entry); end; undo and
 * redo of the rolls of a turn under way; a move told.
 *
 * The turn under way is the hand (struct dice_hand): its rolls so far,
 * checked as a turn in progress after every step (dc_game_check_prefix),
 * so that what is refused is refused at once and leaves the hand as it
 * was.  A turn ends as one canonical line (§4.6), played and journaled
 * by the session (play_turn).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "dice.h"
#include "notation/i18n.h"

bool
dice_progress(struct play *p, const struct dc_turn *t, struct dc_progress *pr,
    struct dc_refusal *why)
{
	return dc_game_check_prefix(p->g, t, DC_WHO_ANY, why, pr);
}

int
dice_refusal(struct play *p, const struct dc_turn *t, const struct dc_refusal *why)
{
	int n = nt_dice_refusal(p->g, t, why, p->names, NULL, 0);
	char *msg = malloc((size_t)n + 1);

	if (msg == NULL)
		return play_nope(_("out of memory"));
	nt_dice_refusal(p->g, t, why, p->names, msg, (size_t)n + 1);
	play_nope(_("refused: %s"), msg);
	free(msg);
	return -1;
}

/* A turn's text as nt_dice_format writes it (flags), malloc'd. */
static char *
turn_text(struct play *p, const struct dc_turn *t, unsigned flags)
{
	int n = nt_dice_format(dice_faces(p), t, NULL, flags, NULL, 0);
	char *s;

	if (n < 0 || (s = malloc((size_t)n + 1)) == NULL)
		return NULL;
	nt_dice_format(dice_faces(p), t, NULL, flags, s, (size_t)n + 1);
	return s;
}

/* What undo took back of the rolls can no longer come back. */
static void
back_clear(struct dice_hand *h)
{
	for (int i = 0; i < h->nback; i++)
		dc_turn_free(&h->back[i]);
	h->nback = 0;
}

void
dice_drop_hand(struct play *p, bool say)
{
	struct dice_hand *h = dice_hand(p);

	if (say && h->t.nroll > 0)
		outf(ngettext("the turn under way is dropped (%d roll)\n",
		    "the turn under way is dropped (%d rolls)\n", (unsigned long)h->t.nroll),
		    h->t.nroll);
	dc_turn_free(&h->t);
	back_clear(h);
	h->kept = false;
}

/* Something new was entered: what undo took (rolls, moves) is gone. */
static void
entered(struct play *p)
{
	back_clear(dice_hand(p));
	p->nredo = 0;
}

/* A summary of turn t (nt_dice_roll_summary, nt_dice_keep_summary), a line. */
static void
say(struct play *p, const struct dc_turn *t, const struct dc_progress *pr,
    int (*summary)(const struct dc_faces *, const struct dc_turn *, const struct dc_progress *,
    char *, size_t))
{
	int n = summary(dice_faces(p), t, pr, NULL, 0);
	char *s = malloc((size_t)n + 1);

	if (s == NULL)
		return;
	summary(dice_faces(p), t, pr, s, (size_t)n + 1);
	outf("%s\n", s);
	free(s);
}

/* "roll 1 of 3, 9 dice: 2 knights, 2 catapults (out), 5 city faces". */
static void
say_roll(struct play *p, const struct dc_turn *t, const struct dc_progress *pr)
{
	say(p, t, pr, nt_dice_roll_summary);
	if (!pr->nine && (pr->rolls_left == 0 || pr->to_throw == 0))
		outf("%s\n", pr->rolls_left == 0 ? _("that was the last roll: claim N or claim "
		    "knight ends the turn") : _("no die is left to roll: claim N or claim knight "
		    "ends the turn"));
}

/* "set aside: CFFF CFCF; 5 dice to roll (roll 2 of 3)". */
static void
say_keep(struct play *p, const struct dc_turn *t, const struct dc_progress *pr)
{
	say(p, t, pr, nt_dice_keep_summary);
}

/* The whole turn t (its result set, or nine catapults) played: the
 * session journals and tells it.  0, or -1 refused (said). */
static int
finish(struct play *p, const struct dc_turn *t)
{
	struct nt_line_error err;
	char *line = turn_text(p, t, 0);
	int rc;

	if (line == NULL)
		return play_nope(_("out of memory"));
	rc = play_turn(p, line, &err);
	if (rc == -1)
		play_nope(_("refused: %s"), err.msg);
	free(line);
	return rc < 0 ? -1 : 0;
}

/* The turn of the hand with more added (a roll, rolls, a result), checked;
 * nine catapults end it, a result ends it; else it is the hand now.  say:
 * what the last roll shows.  0, or -1 refused (said), the hand as it
 * was. */
static int
go_on(struct play *p, struct dc_turn *t, bool say)
{
	struct dice_hand *h = dice_hand(p);
	struct dc_progress pr;
	struct dc_refusal why;

	if (!dice_progress(p, t, &pr, &why))
		return dice_refusal(p, t, &why);
	if (say)
		say_roll(p, t, &pr);
	if (pr.nine) {
		outf("%s\n", _("nine catapults: the turn and the game end at once (D13)"));
		return finish(p, t);
	}
	entered(p);
	dc_turn_free(&h->t);
	h->t = *t;
	dc_turn_init(t);
	h->kept = false;
	for (int i = h->t.roll[h->t.nroll - 1].first; i < h->t.ndie; i++)
		h->kept |= h->t.die[i].kept || h->t.die[i].placed;
	if (h->kept)
		say_keep(p, &h->t, &pr);
	return 0;
}

/* The player to move, or a refusal when the game is over. */
static int
over(struct play *p)
{
	if (!dc_game_over(p->g))
		return 0;
	return play_nope("%s", play_over_hint(p));
}

/* The words argv[1 ..] joined by blanks, malloc'd. */
static char *
joined(int argc, char **argv)
{
	char *s = strdup(""), *more;

	for (int i = 1; s != NULL && i < argc; i++) {
		more = cmd_strf("%s%s%s", s, i > 1 ? " " : "", argv[i]);
		free(s);
		s = more;
	}
	return s;
}

int
dice_roll(struct play *p, int argc, char **argv)
{
	struct nt_dice_error err;
	struct dc_turn t;
	char *words;
	int rc;

	if (over(p) < 0)
		return -1;
	if ((words = joined(argc, argv)) == NULL)
		return play_nope(_("out of memory"));
	dc_turn_init(&t);
	if (!dc_turn_copy(&t, &dice_hand(p)->t)) {
		free(words);
		return play_nope(_("out of memory"));
	}
	if (nt_dice_parse_roll(dice_faces(p), words, strlen(words), &t, &err) < 0)
		rc = play_nope(_("refused: %s"), err.msg);
	else
		rc = go_on(p, &t, true);
	dc_turn_free(&t);
	free(words);
	return rc;
}

int
dice_keep(struct play *p, int argc, char **argv)
{
	struct dice_hand *h = dice_hand(p);
	struct nt_dice_error err;
	struct dc_progress pr;
	struct dc_refusal why;
	struct dc_turn t;
	char *words;
	int rc = 0;

	if (over(p) < 0)
		return -1;
	if (h->t.nroll == 0)
		return play_nope(_("nothing to keep: no roll yet (roll FACES enters one)"));
	if ((words = joined(argc, argv)) == NULL)
		return play_nope(_("out of memory"));
	dc_turn_init(&t);
	if (!dc_turn_copy(&t, &h->t))
		rc = play_nope(_("out of memory"));
	else if (nt_dice_parse_keep(dice_faces(p), words, strlen(words), &t, &err) < 0)
		rc = play_nope(_("refused: %s"), err.msg);
	else if (!dice_progress(p, &t, &pr, &why))
		rc = dice_refusal(p, &t, &why);
	else {
		entered(p);
		dc_turn_free(&h->t);
		h->t = t;
		dc_turn_init(&t);
		h->kept = true;
		say_keep(p, &h->t, &pr);
	}
	dc_turn_free(&t);
	free(words);
	return rc;
}

/* "claim 3, claim 4 or claim 5": the sizes a claim may say. */
static char *
sizes_text(unsigned sizes, bool knight)
{
	char *s = strdup(""), *more;
	int n = 0, k = 0;

	for (unsigned m = sizes; m; m &= m - 1)
		n++;
	n += knight;
	for (int i = 0; s != NULL && i <= DC_NDICE; i++)
		if (sizes >> i & 1) {
			more = cmd_strf("%s%s%s %d", s, k == 0 ? "" : k == n - 1 ? _(" or ") : ", ",
			    play_fr() ? "annoncer" : "claim", i);
			free(s);
			s = more;
			k++;
		}
	if (s != NULL && knight) {
		more = cmd_strf("%s%s%s", s, k == 0 ? "" : _(" or "), play_fr() ?
		    "annoncer chevalier" : "claim knight");
		free(s);
		s = more;
	}
	return s;
}

/* The claim, whatever its words: claim [N|knight], = N. */
static int
claim(struct play *p, const char *arg)
{
	struct dice_hand *h = dice_hand(p);
	struct dc_refusal why;
	struct dc_turn t;
	unsigned sizes;
	bool knight;
	int rc, size = -1;

	if (over(p) < 0)
		return -1;
	if (h->t.nroll == 0)
		return play_nope(_("no roll yet: roll the dice first (roll FACES)"));
	if (!dc_game_claims(p->g, &h->t, &sizes, &knight, &why))
		return dice_refusal(p, &h->t, &why);
	if (arg != NULL && (strcasecmp(arg, "knight") == 0 || strcasecmp(arg, "chevalier") == 0))
		size = -2;
	else if (arg != NULL && arg[0] >= '0' && arg[0] <= '9' && arg[1] == '\0')
		size = arg[0] - '0';
	else if (arg != NULL)
		return play_nope(_("claim: a number of dice 0 to 9, or knight, not \"%s\""),
		    NT_QS(arg));
	else if (dc_turn_layout(&h->t) || sizes == 1) {
		for (int i = 0; i <= DC_NDICE; i++)	/* the layout's own: its one size */
			if (sizes >> i & 1)
				size = i;
	} else if ((sizes & ~7u) == 0) {
		size = 0;	/* no city that scores: as a missing result reads */
	} else {
		char *list = sizes_text(sizes & ~7u, false);

		rc = play_nope(_("say the size: %s"), list ? list : "");
		free(list);
		return rc;
	}
	dc_turn_init(&t);
	if (!dc_turn_copy(&t, &h->t))
		return play_nope(_("out of memory"));
	t.result = size == -2 ? DC_RESULT_KNIGHT : DC_RESULT_SIZE;
	t.size = size < 0 ? 0 : size;
	t.result_column = 0;
	rc = finish(p, &t);
	dc_turn_free(&t);
	return rc;
}

int
dice_claim(struct play *p, int argc, char **argv)
{
	return claim(p, argc > 1 ? argv[1] : NULL);
}

int
dice_end(struct play *p, int argc, char **argv)
{
	struct dice_hand *h = dice_hand(p);
	struct nt_line_error err;
	int rc;

	(void)argc, (void)argv;
	if (over(p) < 0)
		return -1;
	if (h->t.nroll > 0)
		return play_nope(ngettext("%s's turn is under way (%d roll): claim the turn, or undo "
		    "its rolls, before end", "%s's turn is under way (%d rolls): claim the turn, or "
		    "undo its rolls, before end", (unsigned long)h->t.nroll),
		    p->names[dc_game_turn(p->g)], h->t.nroll);
	if (!play_confirm(p, _("end the game here? No scoring follows, and nobody wins"))) {
		outf(_("the game goes on\n"));
		return 0;
	}
	rc = play_turn(p, "end", &err);
	if (rc == -1)
		play_nope(_("refused: %s"), err.msg);
	return rc < 0 ? -1 : 0;
}

/* ---- a line typed ----------------------------------------------------------- */

/* A word a roll starts with: [+][COUNT]FACE, COUNT., a face's name. */
static bool
die_word(struct play *p, const char *w)
{
	const char *face = w + (*w == '+');
	int rot;
	bool by_name;
	size_t n;

	if (isdigit((unsigned char)*face) && face[1] == '.' && face[2] == '\0')
		return true;
	if (isdigit((unsigned char)*face))
		face++;
	n = strcspn(face, "@/=");
	if (n == 0)
		return false;
	if ((n == 1 && (strchr("kKxX", *face) != NULL)) ||
	    (n == 6 && strncasecmp(face, "knight", 6) == 0) ||
	    (n == 9 && (strncasecmp(face, "chevalier", 9) == 0 ||
	    strncasecmp(face, "catapulte", 9) == 0)) || (n == 8 && strncasecmp(face, "catapult", 8) == 0))
		return true;
	return dc_faces_lookup(dice_faces(p), face, n, &rot, &by_name) != DC_FACE_UNKNOWN;
}

/* A turn typed: a player's prefix, a die, "=" (a claim). */
bool
dice_is_turn(struct play *p, int argc, char **argv, const char *line)
{
	(void)argc;
	return strchr(line, ':') != NULL || argv[0][0] == '=' || die_word(p, argv[0]);
}

/*
 * A line in the record's grammar: "= N" claims; rolls alone are entered
 * (after those of the turn under way) and the turn goes on; rolls with
 * their result, or nine catapults, end the turn.  "PLAYER:" names the
 * player to move; "end" is the command.
 */
int
dice_line(struct play *p, const char *line)
{
	struct dice_hand *h = dice_hand(p);
	struct nt_dice_error err;
	struct dc_turn more, t;
	const char *s = line + strspn(line, " \t");
	int rc, who;

	if (*s == '=') {
		char *arg = strdup(s + 1), *a, *e;

		if (arg == NULL)
			return play_nope(_("out of memory"));
		for (a = arg; isspace((unsigned char)*a); a++)
			;
		for (e = a + strlen(a); e > a && isspace((unsigned char)e[-1]); e--)
			;
		*e = '\0';
		rc = claim(p, *a ? a : NULL);
		free(arg);
		return rc;
	}
	if (over(p) < 0)
		return -1;
	dc_turn_init(&more);
	dc_turn_init(&t);
	if (nt_dice_parse(dice_faces(p), line, strlen(line), &more, &err) < 0) {
		rc = play_nope(_("refused: %s"), err.msg);
		goto out;
	}
	if (more.player != NULL) {
		char *name = strndup(more.player, more.player_len);

		who = name ? play_player_named(p, name) : -1;
		if (who < 0)
			rc = play_nope(_("refused: no player is named \"%s\""), name ? NT_QS(name) : "?");
		else if (who != dc_game_turn(p->g))
			rc = play_nope(_("refused: it is %s's turn, not %s's"),
			    p->names[dc_game_turn(p->g)], p->names[who]);
		else
			rc = 0;
		free(name);
		if (rc < 0)
			goto out;
	}
	if (more.end) {
		rc = dice_end(p, 1, (char *[]){ (char *)"end", NULL });
		goto out;
	}
	if (more.blank) {
		rc = 0;
		goto out;
	}
	if (!dc_turn_copy(&t, &h->t) || !dc_turn_append(&t, &more)) {
		rc = play_nope(_("out of memory"));
		goto out;
	}
	if (t.result != DC_RESULT_NONE) {	/* the whole turn */
		struct dc_progress pr;
		struct dc_refusal why;
		struct dc_turn rolls;

		/* Its rolls first, as at the table: a refusal of a roll is one. */
		dc_turn_init(&rolls);
		if (!dc_turn_copy(&rolls, &t))
			rc = play_nope(_("out of memory"));
		else {
			rolls.result = DC_RESULT_NONE;
			rc = dice_progress(p, &rolls, &pr, &why) ? finish(p, &t) :
			    dice_refusal(p, &rolls, &why);
		}
		dc_turn_free(&rolls);
		goto out;
	}
	rc = go_on(p, &t, true);
	if (rc == 0 && dice_hand(p)->t.nroll > 0)
		outf("%s\n", _("claim N or claim knight ends the turn"));
out:
	dc_turn_free(&more);
	dc_turn_free(&t);
	return rc;
}

/* ---- a move told ------------------------------------------------------------ */

/* An event's why, malloc'd (the names in it may be of any length). */
char *
dice_why(struct play *p, const struct dc_event *e)
{
	int n = nt_dice_why(e, p->names, NULL, 0);
	char *s = malloc((size_t)n + 1);

	if (s != NULL)
		nt_dice_why(e, p->names, s, (size_t)n + 1);
	return s;
}

void
dice_tell(struct play *p, int i)
{
	char *why;

	if (dc_game_move(p->g, i)->end)
		outf(_("%s ends the game: no scoring follows\n"), p->names[dc_game_move_player(p->g, i)]);
	for (int k = 0; k < dc_game_nevents(p->g); k++) {
		const struct dc_event *e = dc_game_event(p->g, k);

		if (e->move != i + 1 || (why = dice_why(p, e)) == NULL)
			continue;
		if (e->feature == DC_EV_WIN)
			outf("%s\n", why);
		else	/* TRANSLATORS: a player, what the turn scored. */
			outf(C_("player: turn", "%s: %s\n"), p->names[e->player], why);
		free(why);
	}
	if (i == dc_game_nmoves(p->g) - 1 && dc_game_over(p->g))
		p->game->standings(p);
}

/* ---- undo and redo of rolls, the hand kept --------------------------------- */

/* The last roll of t, alone, into one (its memory t's way). */
static bool
last_roll(const struct dc_turn *t, struct dc_turn *one)
{
	const struct dc_roll *r = &t->roll[t->nroll - 1];

	dc_turn_init(one);
	if (!dc_turn_add_roll(one, r->column))
		return false;
	for (int i = r->first; i < r->first + r->n; i++)
		if (!dc_turn_add_die(one, &t->die[i])) {
			dc_turn_free(one);
			return false;
		}
	return true;
}

int
dice_undo_steps(struct play *p, int n)
{
	struct dice_hand *h = dice_hand(p);
	int done = 0;

	while (done < n && h->t.nroll > 0 && h->nback < DC_MAXROLLS) {
		struct dc_turn *one = &h->back[h->nback];
		char *text;

		if (!last_roll(&h->t, one))
			break;
		h->nback++;
		text = turn_text(p, one, NT_DICE_OPEN);
		outf(_("undone: roll %d of %s's turn: %s\n"), h->t.nroll, p->names[dc_game_turn(p->g)],
		    text ? text : "?");
		free(text);
		dc_turn_drop_roll(&h->t);
		done++;
	}
	/* The roll now last was followed by another: its keep was said. */
	h->kept = h->t.nroll > 0;
	if (done > 0 && h->t.nroll == 0)
		outf(_("%s's turn starts again: %d dice to roll\n"), p->names[dc_game_turn(p->g)],
		    dc_game_dice(p->g));
	return done;
}

int
dice_redo_steps(struct play *p, int n)
{
	struct dice_hand *h = dice_hand(p);
	struct dc_progress pr;
	struct dc_refusal why;
	int done = 0;

	while (done < n && h->nback > 0) {
		struct dc_turn t, *one = &h->back[h->nback - 1];

		dc_turn_init(&t);
		if (!dc_turn_copy(&t, &h->t) || !dc_turn_append(&t, one) ||
		    !dice_progress(p, &t, &pr, &why)) {
			dc_turn_free(&t);
			break;
		}
		dc_turn_free(&h->t);
		h->t = t;
		dc_turn_free(one);
		h->nback--;
		done++;
		say_roll(p, &h->t, &pr);
		h->kept = false;
		for (int i = h->t.roll[h->t.nroll - 1].first; i < h->t.ndie; i++)
			h->kept |= h->t.die[i].kept || h->t.die[i].placed;
		if (h->kept)
			say_keep(p, &h->t, &pr);
	}
	return done;
}

void
dice_undone(struct play *p, const char *line)
{
	(void)p, (void)line;	/* the turn undone is whole: nothing stays in hand */
}

void
dice_redoing(struct play *p, const char *line)
{
	(void)line;
	dice_drop_hand(p, true);
}

bool
dice_hand_restore(struct play *p, char *text, char **why)
{
	struct dice_hand *h = dice_hand(p);
	struct nt_dice_error err;
	struct dc_progress pr;
	struct dc_refusal ref;
	struct dc_turn t;
	char *s;

	text[strcspn(text, "\n")] = '\0';
	dc_turn_init(&t);
	if (dc_game_over(p->g))
		*why = cmd_strf("%s", _("the game is over"));
	else if (nt_dice_parse(dice_faces(p), text, strlen(text), &t, &err) < 0)
		*why = cmd_strf(_("it does not read: %s"), err.msg);
	else if (t.blank || t.end || t.player != NULL || t.result != DC_RESULT_NONE)
		*why = cmd_strf("%s", _("not a turn's rolls"));
	else if (!dice_progress(p, &t, &pr, &ref)) {
		int n = nt_dice_refusal(p->g, &t, &ref, p->names, NULL, 0);

		if ((s = malloc((size_t)n + 1)) != NULL)
			nt_dice_refusal(p->g, &t, &ref, p->names, s, (size_t)n + 1);
		*why = cmd_strf(_("its rolls are not legal now: %s"), s ? s : "?");
		free(s);
	} else
		*why = NULL;
	if (*why != NULL) {
		dc_turn_free(&t);
		return false;
	}
	dice_drop_hand(p, false);
	h->t = t;
	for (int i = t.roll[t.nroll - 1].first; i < t.ndie; i++)
		h->kept |= t.die[i].kept || t.die[i].placed;
	s = turn_text(p, &h->t, NT_DICE_OPEN);
	outf(_("%s's turn is under way again, as it was when the game was left: %s\n"),
	    p->names[dc_game_turn(p->g)], s ? s : "?");
	free(s);
	say_roll(p, &h->t, &pr);
	if (h->kept)
		say_keep(p, &h->t, &pr);
	return true;
}
