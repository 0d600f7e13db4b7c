/*
 * hg.h -- Hunters & Gatherers' records beyond the game layer
 * (hunters-gatherers.c): the world a record is played on, which the
 * commands make once, and the pile an event leaves.
 */
#ifndef NT_HG_H
#define NT_HG_H

#include "game.h"
#include "record.h"

extern const struct nt_game nt_game_hg;

/* The tile-set file record r names (tileset: FILE), NULL for none (the
 * shipped file, or its set inline). */
const char *nt_hg_tileset_file(const struct nt_record *r);
/* Make r name file (tileset: FILE, play --tileset): false if out of
 * memory. */
bool	nt_hg_set_tileset(struct nt_record *r, const char *file);
/* The tile set r is played on into out (its own memory): file (the
 * shipped one, or the one r names, as read) or r's inline set, with r's
 * corrections (tiles:).  0, or -1 with err (err->kind "data-check" for
 * data that fails its checks). */
int	nt_hg_world(const struct nt_record *r, const struct cr_tileset *file,
	    struct cr_tileset *out, struct cr_error *err);
/* The bonus tiles left in the pile after event i of g (a bonus event),
 * -1 for another event. */
int	nt_hg_event_pile(const void *g, int i);

#endif
