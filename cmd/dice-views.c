/*
 * dice-views.c -- what the dice game's table is shown (spec/dice.md
 * §4.8): the turn so far (city), the faces in force, the standings and
 * their line, every turn that paid (explain), help's words, the notice
 * of the shipped guess, the tile game's commands refused, and Tab.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "dice.h"
#include "notation/i18n.h"

/* ---- the standings ------------------------------------------------------------- */

static void
standings_line(struct play *p)
{
	int n = nt_dice_standings(p->g, p->names, NULL, 0);
	char *s = malloc((size_t)n + 1);

	if (s == NULL)
		return;
	nt_dice_standings(p->g, p->names, s, (size_t)n + 1);
	outf("%s\n", s);
	free(s);
}

void
dice_standings(struct play *p)
{
	standings_line(p);	/* at the end too: who won and why */
}

void
dice_say_state(struct play *p)
{
	int n = dc_game_nmoves(p->g);

	if (dc_game_over(p->g))
		outf(ngettext("the game is over after %d move\n", "the game is over after %d moves\n",
		    (unsigned long)n), n);
	else if (n > 0)
		outf(ngettext("%d move played\n", "%d moves played\n", (unsigned long)n), n);
	standings_line(p);
}

int
dice_view_score(struct play *p, int argc, char **argv)
{
	int n = dc_game_nplayers(p->g), w = 0;
	bool held = false;

	(void)argc, (void)argv;
	for (int i = 0; i < n; i++) {
		if (out_width(p->names[i]) > w)
			w = out_width(p->names[i]);
		held |= dc_game_holding(p->g, i);
	}
	/* Per player: the points, "knight" when holding one, the points
	 * still needed. */
	for (int i = 0; i < n; i++) {
		int s = dc_game_score(p->g, i);

		outf("  %s%*s %4d", p->names[i], w - out_width(p->names[i]), "", s);
		if (dc_game_holding(p->g, i))
			outf("  %s", _("knight"));
		else if (held && s < DC_TARGET)
			outf("  %*s", out_width(_("knight")), "");
		if (s < DC_TARGET && !dc_game_over(p->g))
			outf(_("  %d to go"), DC_TARGET - s);
		outf("\n");
	}
	standings_line(p);
	return 0;
}

/* ---- explain ------------------------------------------------------------------- */

/* Every turn of player who that scored, with its why; the count of the
 * others. */
static void
explain_player(struct play *p, int who)
{
	int none = 0, any = 0;
	char *why;

	outf(_("%s: %d points\n"), p->names[who], dc_game_score(p->g, who));
	for (int k = 0; k < dc_game_nevents(p->g); k++) {
		const struct dc_event *e = dc_game_event(p->g, k);

		if (e->player != who || e->feature == DC_EV_WIN)
			continue;
		if (e->points == 0 && e->feature != DC_EV_KNIGHT) {
			none++;
			continue;
		}
		if ((why = dice_why(p, e)) == NULL)
			continue;
		outf(_("  move %d: %s\n"), e->move, why);
		free(why);
		any++;
	}
	if (none > 0)
		outf(ngettext("  and %d turn without points\n", "  and %d turns without points\n",
		    (unsigned long)none), none);
	else if (any == 0)
		outf("%s\n", _("  no turn yet"));
	if (dc_game_holding(p->g, who))
		outf(_("  %s holds a knight: double next turn\n"), p->names[who]);
}

int
dice_view_explain(struct play *p, int argc, char **argv)
{
	int who;

	if (argc == 2) {
		const char *a = argv[1];

		if (strchr(a, ',') != NULL && strspn(a, "-0123456789,:") > 0 &&
		    play_player_named(p, a) < 0)
			return play_nope("%s", _("the dice game has no board: explain takes a player's "
			    "name"));
		if ((who = play_player_named(p, a)) < 0)
			return play_nope(_("explain: no player is named \"%s\""), NT_QS(a));
		explain_player(p, who);
		return 0;
	}
	for (int i = 0; i < dc_game_nplayers(p->g); i++)
		explain_player(p, i);
	return 0;
}

/* ---- the turn so far ------------------------------------------------------------ */

int
dice_view_city(struct play *p, int argc, char **argv)
{
	const struct dc_turn *t = &dice_hand(p)->t;
	const struct dc_faces *f = dice_faces(p);
	struct dc_city city[DC_NDICE];
	struct dc_progress pr;
	struct dc_refusal why;
	unsigned sizes;
	bool knight;
	char *s;
	int n;

	(void)argc, (void)argv;
	if (dc_game_over(p->g))
		return play_nope("%s", play_over_hint(p));
	if (t->nroll == 0) {
		outf(_("no roll yet: %s rolls %d dice\n"), p->names[dc_game_turn(p->g)],
		    dc_game_dice(p->g));
		return 0;
	}
	if (!dice_progress(p, t, &pr, &why))
		return dice_refusal(p, t, &why);
	/* The rolls, as the record would write them so far. */
	n = nt_dice_format(f, t, NULL, NT_DICE_OPEN, NULL, 0);
	if ((s = malloc((size_t)n + 1)) != NULL) {
		nt_dice_format(f, t, NULL, NT_DICE_OPEN, s, (size_t)n + 1);
		outf(ngettext("%s's turn, %d roll: %s\n", "%s's turn, %d rolls: %s\n",
		    (unsigned long)t->nroll), p->names[dc_game_turn(p->g)], t->nroll, s);
		free(s);
	}
	outf(ngettext("set aside: %d knight", "set aside: %d knights",
	    (unsigned long)pr.knights_aside), pr.knights_aside);
	outf(ngettext(", %d city die built", ", %d city dice built", (unsigned long)pr.nbuilt),
	    pr.nbuilt);
	if (pr.knights_last > 0)
		outf(ngettext("; %d knight in the last roll", "; %d knights in the last roll",
		    (unsigned long)pr.knights_last), pr.knights_last);
	outf("\n");
	if (pr.layout) {
		int nc = dc_layout_cities(f, t, city, DC_NDICE);

		n = nt_dice_draw_layout(f, t, NULL, 0);
		if ((s = malloc((size_t)n + 1)) != NULL) {
			nt_dice_draw_layout(f, t, s, (size_t)n + 1);
			out_printf(stdout, "%s", s);
			free(s);
		}
		for (int i = 0; i < nc && i < DC_NDICE; i++) {
			outf(ngettext("  a city of %d die, %s:", "  a city of %d dice, %s:",
			    (unsigned long)city[i].n), city[i].n, city[i].closed ? _("closed") :
			    _("open"));
			for (int k = 0; k < city[i].n; k++)
				outf(" %d,%d", t->die[city[i].die[k]].x, t->die[city[i].die[k]].y);
			outf("\n");
		}
	} else if (pr.nbuilt > 0) {
		outf("%s", _("built:"));
		for (int i = 0; i < pr.nbuilt; i++)
			outf(" %s", f->face[pr.built[i].face].code);
		outf("\n");
	}
	if (dc_game_claims(p->g, t, &sizes, &knight, &why)) {
		int best = 0;
		bool doubled = dc_game_holding(p->g, dc_game_turn(p->g));

		for (int i = 0; i <= DC_NDICE; i++)
			if (sizes >> i & 1)
				best = i;
		if (pr.layout && best < 2)
			outf("%s", _("claim now: no closed city, 0 points"));
		else if (pr.layout)
			outf(ngettext("claim now: a closed city of %d dice, %d point",
			    "claim now: a closed city of %d dice, %d points",
			    (unsigned long)(dc_points(best) * (doubled ? 2 : 1))), best,
			    dc_points(best) * (doubled ? 2 : 1));
		else {
			outf("%s", _("claim now may say"));
			for (int i = 0, k = 0; i <= DC_NDICE; i++)
				if (sizes >> i & 1)
					outf("%s%d", k++ ? ", " : " ", i);
			outf(_(" (at most %d points)"), dc_points(best) * (doubled ? 2 : 1));
		}
		if (knight)
			outf("%s", _("; or knight: one kept, double next turn"));
		outf("\n");
	} else
		outf("%s\n", _("claim cannot end the turn yet: the last roll holds dice whose faces "
		    "were not noted"));
	return 0;
}

int
dice_view_faces(struct play *p, int argc, char **argv)
{
	(void)argc, (void)argv;
	dice_print_faces(stdout, dice_faces(p));
	return 0;
}

/* ---- words ------------------------------------------------------------------------ */

void
dice_hint(struct play *p)
{
	(void)p;
	outf("%s\n", _("a turn: roll FACES (what the dice show: K X CFFF ...), keep FACES (what "
	    "you set aside), roll again, then claim N (the largest closed city) or claim knight; "
	    "help lists the commands"));
}

void
dice_help_intro(struct play *p)
{
	(void)p;
	outf("%s", _("The dice game: up to 3 rolls a turn, the largest closed city scores, first "
	    "to 42.\nA turn, step by step: roll, keep, roll, ..., claim; or on one line as a "
	    "record writes it:\nK X X +CFFF +CFCF CCFF CCCF K CFFF / +CFCF +CFFF X K CCFF / CFCF K "
	    "= 5\n\n"));
}

void
dice_banner(struct play *p)
{
	if (!dice_is_shipped(dice_faces(p)))
		return;
	outf("%s\n", _("faces: the shipped guess (dice-faces.yaml): which sides of the city faces "
	    "are\nblack is not known for sure; \"faces\" draws them; if your dice differ, start\n"
	    "again with --faceset FILE"));
}

/* A command of another game's (the tile game's draw, board...): refused
 * in the dice game's words. */
bool
dice_foreign(struct play *p, int argc, char **argv)
{
	(void)argc;
	for (int i = 0; play_games[i] != NULL; i++) {
		const struct play_game *pg = play_games[i];

		if (pg == p->game)
			continue;
		for (int k = 0; pg->cmds[k] != NULL; k++) {
			const struct play_cmd *c = pg->cmds[k];
			bool same = strcasecmp(c->name, argv[0]) == 0;

			for (int j = 0; !same && j < PLAY_NFR && c->fr[j] != NULL; j++)
				same = nt_name_eq(c->fr[j], strlen(c->fr[j]), argv[0], strlen(argv[0]));
			if (!same)
				continue;
			if (strcmp(c->name, "board") == 0)
				play_nope("%s", _("the dice game has no board: city shows the turn's dice"));
			else
				play_nope(_("%s is a command of %s: the dice game has no tiles; enter a roll "
				    "with roll FACES (help lists the dice game's commands)"), NT_QS(argv[0]),
				    _(pg->rules->the));
			return true;
		}
	}
	return false;
}

/* ---- Tab ------------------------------------------------------------------------- */

/* Every word a die may be written with, "+" before each if plus. */
static void
cand_faces(struct play *p, bool plus)
{
	const struct dc_faces *f = dice_faces(p);
	const char *pre = plus ? "+" : "";
	bool fr = play_fr();

	play_cand("%sK", pre);
	play_cand("%sX", pre);
	for (int i = 0; i < DC_NFACES; i++) {
		play_cand("%s%s", pre, f->face[i].code);
		for (int k = 0; k < f->face[i].nalso; k++)
			play_cand("%s%s", pre, f->face[i].also[k]);
	}
	play_cand("%s%s", pre, fr ? "chevalier" : "knight");
	play_cand("%s%s", pre, fr ? "catapulte" : "catapult");
}

/* After keep: the faces of the last roll, those not named yet on the
 * line (w[1..n)); after FACE@, the squares where it fits. */
static void
cand_keep(struct play *p, char **w, int n, const char *text)
{
	const struct dc_turn *t = &dice_hand(p)->t;
	const struct dc_faces *f = dice_faces(p);
	const struct dc_roll *r;
	const char *at = strchr(text, '@');
	bool taken[DC_NDICE * DC_MAXROLLS] = { false };

	if (t->nroll == 0)
		return;
	r = &t->roll[t->nroll - 1];
	if (at != NULL) {
		struct dc_fit fit[64];
		char l[DC_CODE_MAX];
		bool by_name;
		int rot, face = dc_faces_lookup(f, text, (size_t)(at - text), &rot, &by_name), nf;

		if (face < 0)
			return;
		nf = dc_layout_fits(f, t, face, fit, 64);
		for (int i = 0; i < nf && i < 64; i++)
			play_cand("%s@%d,%d", dc_face_letters(&f->face[face], fit[i].rot, l), fit[i].x,
			    fit[i].y);
		play_cand_exact();
		return;
	}
	for (int k = 1; k < n; k++) {	/* the dice already named take theirs */
		bool by_name;
		int rot, face = -1, kind = -1;
		const char *word = w[k] + (w[k][0] == '+');
		size_t len = strcspn(word, "@");

		if ((len == 1 && (*word == 'k' || *word == 'K')) ||
		    (len == 6 && strncasecmp(word, "knight", 6) == 0) ||
		    (len == 9 && strncasecmp(word, "chevalier", 9) == 0))
			kind = DC_DIE_KNIGHT;
		else if ((face = dc_faces_lookup(f, word, len, &rot, &by_name)) >= 0)
			kind = DC_DIE_CITY;
		for (int i = r->first; kind >= 0 && i < r->first + r->n; i++)
			if (!taken[i - r->first] && t->die[i].kind == kind &&
			    (kind != DC_DIE_CITY || t->die[i].face == face)) {
				taken[i - r->first] = true;
				break;
			}
	}
	for (int i = r->first; i < r->first + r->n; i++) {
		const struct dc_die *d = &t->die[i];

		if (taken[i - r->first])
			continue;
		if (d->kind == DC_DIE_KNIGHT)
			play_cand("K");
		else if (d->kind == DC_DIE_CITY)
			play_cand("%s", f->face[d->face].code);
	}
}

/* After claim or =: the sizes it may say, and knight when it may. */
static void
cand_claim(struct play *p)
{
	const struct dc_turn *t = &dice_hand(p)->t;
	struct dc_refusal why;
	unsigned sizes;
	bool knight;

	if (t->nroll == 0 || !dc_game_claims(p->g, t, &sizes, &knight, &why))
		return;
	for (int i = DC_NDICE; i >= 0; i--)
		if (sizes >> i & 1)
			play_cand("%d", i);
	if (knight)
		play_cand("%s", play_fr() ? "chevalier" : "knight");
}

void
dice_complete(struct play *p, const struct play_cmd *c, char **w, int n, const char *text)
{
	if (n > 0 && w[0][strlen(w[0]) - 1] == ':')	/* "Anna: K X ..." */
		w++, n--;
	if (c == NULL && n > 0 && strcmp(w[n - 1], "=") == 0) {
		cand_claim(p);
		return;
	}
	if (c == NULL) {	/* a roll typed whole (quick entry) */
		if (dice_hand(p)->t.nroll > 0 && strchr(text, '@') != NULL)
			cand_keep(p, w, 0, text);
		else
			cand_faces(p, text[0] == '+');
		return;
	}
	switch (c->complete) {
	case PA_FACES:
		cand_faces(p, false);
		break;
	case PA_KEEP:
		cand_keep(p, w, n, text);
		break;
	case PA_CLAIM:
		if (n == 1)
			cand_claim(p);
		break;
	case PA_PLAYER:
		if (n == 1)
			for (int i = 0; i < dc_game_nplayers(p->g); i++)
				play_cand("%s", p->names[i]);
		break;
	default:
		break;
	}
}
