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
/* Tile sets written back (hg-tiles.c, HG-9.5). */
/* ts in canonical form, malloc'd (NULL if out of memory): a whole set as
 * a file has it (set, start, bonus-pile when given, tiles), or with
 * patch a record's corrections, the list of its entries alone. */
char	*nt_hg_tiles_text(const struct cr_tileset *ts, bool patch);
/* The header key key with ts in canonical form as its value: the whole
 * set inline (tileset:), or with patch the corrections (tiles:), at
 * the record's indents; with fmt's notes of the key, placed by the types
 * they stand by in f, the value as read (NULL: none).  No last newline.
 * False if out of memory. */
bool	nt_hg_write_block(const struct nt_emit *o, const char *key, const struct cr_tileset *ts,
	    bool patch, const struct nt_field *f, const struct nt_note *note, int n);
/* The bonus tiles left in the pile after event i of g (a bonus event),
 * -1 for another event. */
int	nt_hg_event_pile(const void *g, int i);

#endif
