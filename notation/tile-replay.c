/*
 * tile-replay.c -- the tile game's turn lines onto its game: parse, check
 * whose turn it is, play, and word any refusal.  Its row (tile.c) plays
 * through here; so do the tests.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "explain.h"
#include "i18n.h"
#include "record.h"
#include "game.h"
#include "../rules/ext.h"

/* A refusal is as long as struct nt_error's, whoever asks. */
#define MSG	sizeof ((struct nt_error *)0)->msg

/* Is name (a NUL-ended string, nlen bytes, or not measured: SIZE_MAX)
 * the n bytes at s, as the record's header spells it (nt_name_eq's first
 * answer, without its strlen and call)?  A measured name of four to
 * eight bytes: two loads a side, the second ending at its last byte;
 * shorter, its bytes (the middle one of three). */
static inline bool
same_bytes(const char *name, size_t nlen, const char *s, size_t n)
{
	size_t i = 0;

	if (nlen != SIZE_MAX) {
		uint32_t a0, a1, b0, b1;

		if (nlen != n)
			return false;
		if (n > 8)
			return memcmp(name, s, n) == 0;
		if (n < 4)	/* "Bob": first, middle and last byte */
			return n == 0 || (name[0] == s[0] && name[n / 2] == s[n / 2] &&
			    name[n - 1] == s[n - 1]);
		memcpy(&a0, name, 4), memcpy(&a1, name + n - 4, 4);
		memcpy(&b0, s, 4), memcpy(&b1, s + n - 4, 4);
		return ((a0 ^ b0) | (a1 ^ b1)) == 0;
	}
	while (i < n && name[i] != '\0' && name[i] == s[i])
		i++;
	return i == n && name[i] == '\0';
}

int
nt__tile_play(void *game, const char *const *names, const size_t *lens, const char *line,
    size_t len, const char *player, struct nt_line_error *err)
{
	struct cr_game *g = game;
	const struct cr_tileset *ts = cr_game_tileset(g);
	struct cr_refusal why;
	struct nt_turn turn;
	struct nt_error pe;
	int who = cr_game_turn(g);

	if (nt_parse_move(ts, line, len, &turn, &pe) < 0) {
		const char *w = pe.column > 0 && (size_t)pe.column <= len ? line + pe.column - 1 : "";
		size_t n = strcspn(w, "@ \t#");

		err->column = pe.column;
		err->kind = "syntax";
		memcpy(err->msg, pe.msg, sizeof pe.msg);
		/* A piece of another game of the family: said so, by name. */
		for (int r = 0; r < cr_ngames && n > 0 && n <= (size_t)(line + len - w); r++) {
			const struct nt_game *gm = nt_game_find(cr_games[r]->name,
			    strlen(cr_games[r]->name));
			int id;

			if (r != cr_game_rules(g) && gm != NULL &&
			    (id = cr_piece_find(r, w, n)) > 0 && cr_piece_find(cr_game_rules(g), w, n) == 0) {
				snprintf(err->msg, MSG, _("%s is a piece of %s"), cr_piece(id)->word,
				    _(gm->title));
				break;
			}
		}
		return -1;
	}
	err->column = 1;
	if (turn.blank) {
		snprintf(err->msg, MSG, "%s", _("expected a move, found nothing"));
		return -1;
	}
	if (player != NULL && turn.player != NULL) {
		snprintf(err->msg, MSG, _("the player is given twice (\"%s:\" and "
		    "\"%s:\")"), NT_QS(player), NT_Q(turn.player, turn.player_len));
		return -1;
	}
	if (player != NULL) {
		turn.player = player;
		turn.player_len = strlen(player);
	}
	if (turn.player != NULL && !same_bytes(names[who], lens ? lens[who] : SIZE_MAX,
	    turn.player, turn.player_len) &&
	    !nt_name_eq(names[who], strlen(names[who]), turn.player, turn.player_len)) {
		int n = cr_game_nplayers(g), k;

		for (k = 0; k < n; k++)
			if (nt_name_eq(names[k], strlen(names[k]), turn.player, turn.player_len))
				break;
		if (k == n)
			snprintf(err->msg, MSG, _("no player is named \"%s\""),
			    NT_Q(turn.player, turn.player_len));
		else if (cr_game_nmoves(g) > 0 && cr_game_move(g, cr_game_nmoves(g) - 1)->kind ==
		    CR_MOVE_PLACE && cr_game_move_player(g, cr_game_nmoves(g) - 1) == who &&
		    cr_game_nplayers(g) > 1)
			snprintf(err->msg, MSG,
			    _("it is %s's turn again (a second tile), not %s's"), names[who], names[k]);
		else
			snprintf(err->msg, MSG, _("it is %s's turn, not %s's"), names[who],
			    names[k]);
		err->kind = "wrong-player";
		return -1;
	}
	if (!cr_game_play(g, &turn.move, &why)) {
		nt_refusal_game(g, &why, names, err->msg, MSG);
		err->kind = nt_refusal_kind(&why);
		return -1;
	}
	return 0;
}

int
nt_play(struct cr_game *g, const char *const *names, const char *line, size_t len,
    const char *player, struct nt_error *err)
{
	struct nt_line_error e;

	if (nt__tile_play(g, names, NULL, line, len, player, &e) == 0)
		return 0;
	err->column = e.column;
	memcpy(err->msg, e.msg, sizeof err->msg);	/* MSG at most, NUL included */
	return -1;
}

/* Play r's moves on g from a fresh start; see nt_replay_on in tile.h. */
bool
nt_replay_on(struct cr_game *g, const struct nt_record *r, struct nt_replay_error *err)
{
	return nt_game_replay(&nt_game_tile, g, cr_game_tileset(g), r, err);
}

struct cr_game *
nt_replay(const struct nt_record *r, const struct cr_tileset *ts, bool *ok,
    struct nt_replay_error *err)
{
	struct cr_game *g;

	memset(err, 0, sizeof *err);
	*ok = false;
	if ((g = nt_game_tile.create(ts, r, err)) == NULL)
		return NULL;
	*ok = nt_replay_on(g, r, err);
	return g;
}
