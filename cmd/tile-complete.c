/*
 * tile-complete.c -- Tab completion of the tile game's words: tiles left,
 * the squares and rotations where the tile in hand fits, the meeples it
 * may take, players and positions for explain, find's options.  What a
 * command's arguments complete to is said by its entry (tile-game.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "tile.h"
#include "notation/explain.h"
#include "notation/move.h"
#include "rules/ext.h"

/* The tiles that may be drawn now: a copy left, of a set in play (and,
 * with the River, its tiles first).  When the word typed is four edge
 * letters, clockwise (CRFR), those whose edges read so in some rotation.
 * With ONLY a tile type, that one alone of them (-1: all). */
static void
cand_some_tiles(struct play *p, const char *text, int only)
{
	int edges[CR_NDIRS], t = cr_tileset_find(tile_ts(p), text, strlen(text));
	bool byedges = cmd_tiles_edges(tile_ts(p), text, edges);

	/* A code written another way (ic-kb, another artwork's letter): the
	 * code as the box writes it, in its place. */
	if (t >= 0 && !byedges && strncasecmp(tile_ts(p)->type[t].code, text, strlen(text)) != 0) {
		if (cr_game_drawable(p->g, t, NULL) && (only < 0 || t == only))
			play_cand("%s", tile_ts(p)->type[t].code);
		play_cand_exact();
		return;
	}
	for (t = 0; t < tile_ts(p)->ntypes; t++)
		if (cr_game_drawable(p->g, t, NULL) && (only < 0 || t == only) &&
		    (!byedges || cmd_tiles_rots(&tile_ts(p)->type[t], edges) != 0))
			play_cand("%s", tile_ts(p)->type[t].code);
	if (byedges)
		play_cand_exact();
}

static void
cand_tiles(struct play *p, const char *text)
{
	cand_some_tiles(p, text, -1);
}

/* The tile a whole turn starts with: with a tile in hand, that tile
 * alone (a turn with another is refused); else those cand_tiles gives. */
static void
cand_turn_tiles(struct play *p, const char *text)
{
	cand_some_tiles(p, text, tile_hand(p)->tile);
}

/* After find: its options; after --set, the sets. */
static void
cand_find(struct play *p, char **w, int n)
{
	if (n > 0 && strcmp(w[n - 1], "--set") == 0) {
		for (int k = 0; k < tile_ts(p)->nsets; k++)
			play_cand("%s", tile_ts(p)->setname[k]);
		return;
	}
	for (const char *const *o = cmd_tiles_options(); *o != NULL; o++)
		play_cand("%s", *o);
}

static void
cand_positions(struct play *p, int type)
{
	int n, squares;
	struct cr_place *v = tile_legal_places(p, type, &n, &squares);

	for (int i = 0; v && i < n; i++)
		play_cand("%d,%d", v[i].x, v[i].y);
	free(v);
}

/* The rotations where the type fits at the square: a look once (a tile
 * the same turned 180 degrees offers 0 alone). */
static void
cand_rotations(struct play *p, int type, const char *pos)
{
	struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = type };

	if (!nt_parse_pos(pos, strlen(pos), &m.x, &m.y))
		return;
	for (m.rot = 0; m.rot < 4; m.rot++)
		if (cr_tile_rot_rep(&tile_ts(p)->type[type], m.rot) == m.rot &&
		    cr_game_check(p->g, &m, NULL))
			play_cand("%d", m.rot * 90);
}

/* Does S start with the N bytes of T, any case? */
static bool
starts(const char *s, const char *t, size_t n)
{
	return s != NULL && strlen(s) >= n && strncasecmp(s, t, n) == 0;
}

/*
 * The pieces that may go on the tile placed by m: one word per piece and
 * feature (a field is one farmer@E, not farmer@E, @N, @NNW...), in the
 * language shown (chevalier@O in French).  When TEXT names the piece and
 * starts its spot (farmer@NN), the feature's first spot that reads so.
 */
static void
cand_meeples(struct play *p, const struct cr_move *m, const char *text)
{
	struct cr_meeple_opt opt[CR_MAXMEEPLEOPTS];
	struct tile_spaceopt so[2 * CR_MAXSPACES];
	int n = cr_game_meeple_options(p->g, m, opt, CR_MAXMEEPLEOPTS);
	const char *at = strchr(text, '@');
	size_t rn = at ? (size_t)(at - text) : strlen(text), sn = at ? strlen(at + 1) : 0;

	for (int i = 0; i < n && i < CR_MAXMEEPLEOPTS; i++) {
		const char *shown = tile_piece_word(opt[i].role), *en = cr_role_name(opt[i].role);
		const char *word = starts(shown, text, rn) || !starts(en, text, rn) ? shown : en;
		const char *spot = nt_spot_text(opt[i].spot);

		if (at != NULL) {	/* the piece typed: the spot begun */
			if (nt_role_lookup(cr_game_rules(p->g), text, rn) != opt[i].role)
				continue;
			word = NULL;
			for (int k = -1; k < CR_NSPOTS && word == NULL; k++) {
				enum cr_spot s = k < 0 ? opt[i].spot : (enum cr_spot)k;

				if (!(opt[i].spots & (1u << s)))
					continue;
				spot = starts(nt_spot_text(s), at + 1, sn) ? nt_spot_text(s) :
				    starts(cr_spot_name(s), at + 1, sn) ? cr_spot_name(s) : NULL;
				if (spot != NULL)
					word = text;
			}
			if (word != NULL)
				play_cand("%.*s@%s", (int)rn, word, spot);
		} else if (cr_kind_flags(cr_role_kind(opt[i].role)) & CR_KIND_BARE)	/* "monk" alone: at C */
			play_cand("%s", word);
		else
			play_cand("%s@%s", word, spot);
	}
	/* The free spaces off the tiles: crown@tax. */
	n = tile_space_options(p, m, so, 2 * CR_MAXSPACES);
	for (int i = 0; i < n; i++) {
		char w[96];

		tile_space_text(so[i].role, so[i].space, w, sizeof w);
		play_cand("%s", w);
	}
}

/* For explain: the players, the squares with a tile, or the spots of one. */
static void
cand_features(struct play *p, const char *text)
{
	const char *colon = strchr(text, ':');
	int x, y;

	for (int i = 0; i < cr_game_nplayers(p->g); i++)
		play_cand("%s", p->names[i]);
	if (colon && nt_parse_pos(text, (size_t)(colon - text), &x, &y)) {
		for (int s = 0; s < CR_NSPOTS; s++)	/* in the language shown: O for W */
			play_cand("%.*s:%s", (int)(colon - text), text,
			    nt_spot_text((enum cr_spot)s));
	} else
		for (int i = 0; i < cr_game_ntiles(p->g); i++)
			play_cand("%d,%d", cr_game_tile(p->g, i)->x, cr_game_tile(p->g, i)->y);
}

/*
 * What may be said of the copy in hand with token WORD: the numbers it
 * may show (those the engine accepts now, choices due or not), or the
 * squares of the followers on the board.
 */
static void
cand_said(struct play *p, const char *word)
{
	const struct tile_hand *h = tile_hand(p);
	int id = cr_token_find(cr_game_rules(p->g), word, strlen(word));
	const struct cr_token *tk = cr_token(id);
	struct cr_meeple mee[256];
	struct cr_refusal why;
	uint32_t due;
	int n;

	if (tk == NULL || !tk->drawn || h->tile < 0)
		return;
	if (tk->square) {
		n = cr_game_meeples(p->g, mee, 256);
		for (int i = 0; i < n && i < 256; i++)
			if (cr_piece(mee[i].role)->flags & CR_PIECE_FOLLOWER)
				play_cand("%d,%d", mee[i].x, mee[i].y);
		return;
	}
	for (int v = tk->min; v <= tk->max; v++) {
		struct cr_move m = { .kind = CR_MOVE_PLACE, .tile = h->tile, .ndrawn = 1 };

		m.drawn[0] = (struct cr_said){ CR_TOKEN(id, v), 0, 0, -1 };
		if (tile_said_due(p->g, &m, &why, &due, NULL))	/* choices due or not */
			play_cand("%d", v);
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

void
tile_complete(struct play *p, const struct play_cmd *c, char **w, int n, const char *text)
{
	const struct tile_hand *h = tile_hand(p);
	struct cr_move m;
	int type;

	if (n > 0 && w[0][strlen(w[0]) - 1] == ':') {	/* "Anna: U ..." */
		w++, n--;
		if (n == 0) {
			cand_turn_tiles(p, text);
			if (!play_cands_exact())
				play_cand("end");
			return;
		}
		c = play_cmd_find(p, w[0]);
	}
	if (n == 0) {	/* the session adds the commands, unless edges were typed */
		if (!cr_game_over(p->g))
			cand_turn_tiles(p, text);
		return;
	}
	if (c != NULL) {
		switch (c->complete) {
		case PA_TILE:
			if (n == 1)
				cand_tiles(p, text);
			break;
		case PA_TILES:
			for (int t = 0; t < tile_ts(p)->ntypes; t++)
				play_cand("%s", tile_ts(p)->type[t].code);
			break;
		case PA_COMMAND:
			if (n == 1)
				play_cand_commands(p);
			break;
		case PA_PLACE:
			if (h->tile < 0)
				break;
			if (n == 1)
				cand_positions(p, h->tile);
			else if (n == 2)
				cand_rotations(p, h->tile, w[1]);
			else if (n == 3 && words_place(h->tile, w + 1, &m))
				cand_meeples(p, &m, text);
			break;
		case PA_MEEPLE:
			if (h->placed && n == 1)
				cand_meeples(p, &h->pend, text);
			break;
		case PA_FEATURE:
			if (n == 1)
				cand_features(p, text);
			break;
		case PA_FIND:
			cand_find(p, w, n);
			break;
		case PA_SAID:
			if (n == 1)
				cand_said(p, w[0]);
			break;
		default:	/* the session's: a file, nothing */
			break;
		}
		return;
	}
	/* A whole turn: TILE X,Y ROT ROLE@SPOT, of a tile that may be drawn
	 * (the tile in hand, when there is one). */
	if ((type = cr_tileset_find(tile_ts(p), w[0], strlen(w[0]))) < 0 ||
	    !cr_game_drawable(p->g, type, NULL) || (h->tile >= 0 && type != h->tile))
		return;
	if (n == 1) {
		cand_positions(p, type);
		if (cr_game_legal(p->g, type, NULL, 0) == 0)
			play_cand("discard");
	} else if (n == 2)
		cand_rotations(p, type, w[1]);
	else if (n == 3 && words_place(type, w + 1, &m))
		cand_meeples(p, &m, text);
}
