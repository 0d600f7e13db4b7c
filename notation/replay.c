/*
 * replay.c -- turn lines onto a game: parse, check whose turn it is,
 * play, and word any refusal.  Shared by replay, the REPL and the tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "explain.h"
#include "i18n.h"
#include "record.h"

int
nt_play(struct cr_game *g, const char *const *names, const char *line, size_t len,
    const char *player, struct nt_error *err)
{
	const struct cr_tileset *ts = cr_game_tileset(g);
	struct cr_refusal why;
	struct nt_turn turn;
	int who = cr_game_turn(g);

	if (nt_parse_move(ts, line, len, &turn, err) < 0)
		return -1;
	err->column = 1;
	if (turn.blank) {
		snprintf(err->msg, sizeof err->msg, "%s", _("expected a move, found nothing"));
		return -1;
	}
	if (player != NULL && turn.player != NULL) {
		snprintf(err->msg, sizeof err->msg, _("the player is given twice (\"%s:\" and "
		    "\"%s:\")"), NT_QS(player), NT_Q(turn.player, turn.player_len));
		return -1;
	}
	if (player != NULL) {
		turn.player = player;
		turn.player_len = strlen(player);
	}
	if (turn.player != NULL &&
	    !nt_name_eq(names[who], strlen(names[who]), turn.player, turn.player_len)) {
		int n = cr_game_nplayers(g), k;

		for (k = 0; k < n; k++)
			if (nt_name_eq(names[k], strlen(names[k]), turn.player, turn.player_len))
				break;
		if (k == n)
			snprintf(err->msg, sizeof err->msg, _("no player is named \"%s\""),
			    NT_Q(turn.player, turn.player_len));
		else if (cr_game_nmoves(g) > 0 && cr_game_move(g, cr_game_nmoves(g) - 1)->kind ==
		    CR_MOVE_PLACE && cr_game_move_player(g, cr_game_nmoves(g) - 1) == who &&
		    cr_game_nplayers(g) > 1)
			snprintf(err->msg, sizeof err->msg,
			    _("it is %s's turn again (a second tile), not %s's"), names[who], names[k]);
		else
			snprintf(err->msg, sizeof err->msg, _("it is %s's turn, not %s's"), names[who],
			    names[k]);
		return -1;
	}
	if (!cr_game_play(g, &turn.move, &why)) {
		nt_refusal_game(g, &why, names, err->msg, sizeof err->msg);
		return -1;
	}
	return 0;
}

/* Play r's moves on g from a fresh start; see nt_replay_on in record.h. */
bool
nt_replay_on(struct cr_game *g, const struct nt_record *r, struct nt_replay_error *err)
{
	struct cr_config c = { r->edition, r->nplayers, nt_record_exts(r) };
	const char *names[CR_MAXPLAYERS];

	memset(err, 0, sizeof *err);
	for (int i = 0; i < r->nplayers && i < CR_MAXPLAYERS; i++)
		names[i] = r->players[i].name;
	if (!cr_game_restart(g, &c)) {
		snprintf(err->msg, sizeof err->msg, "%s", _("cannot start the game: out of memory, "
		    "or the tiles of an expansion were not read"));
		return false;
	}
	for (int i = 0; i < r->nmoves; i++) {
		const struct nt_recmove *m = &r->moves[i];
		struct nt_error e;

		if (nt_play(g, names, m->text, strlen(m->text), m->player, &e) < 0) {
			err->move = i + 1;
			err->line = m->line;
			err->column = m->column + e.column - 1;
			snprintf(err->msg, sizeof err->msg, "%s", e.msg);
			return false;
		}
	}
	return true;
}

struct cr_game *
nt_replay(const struct nt_record *r, const struct cr_tileset *ts, bool *ok,
    struct nt_replay_error *err)
{
	struct cr_game *g;

	struct cr_config c = { r->edition, r->nplayers, nt_record_exts(r) };

	memset(err, 0, sizeof *err);
	*ok = false;
	if ((g = cr_game_create(ts, &c)) == NULL) {
		snprintf(err->msg, sizeof err->msg, "%s", ts->start < 0
		    ? _("cannot start the game: the tile set has no start tile")
		    : _("cannot start the game: out of memory, or the tiles of an expansion "
		    "were not read"));
		return NULL;
	}
	*ok = nt_replay_on(g, r, err);
	return g;
}
