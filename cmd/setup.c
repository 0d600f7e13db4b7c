/*
 * setup.c -- what every command needs before it starts: the tile set.
 *
 * One tile set holds the tiles of every rules module (rules/ext.h): the
 * base game's file first, then each expansion's, merged.  A game puts in
 * its supply only the tiles of the modules it is played with; the others
 * are still known, so a tile of an expansion not in play is refused by
 * name rather than as an unknown code.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "rules/ext.h"
#include "notation/i18n.h"

/* Read one module's tile file into ts; false (message printed) if not. */
static bool
load(const char *file, struct cr_tileset *ts)
{
	char *path, msg[512];
	struct cr_error err;
	size_t len;
	char *text;

	if ((path = cmd_strf("%s/%s", cmd_datadir(), file)) == NULL) {
		errf("%s", _("carcref: out of memory\n"));
		return false;
	}
	if ((text = cmd_read_file(path, &len, msg, sizeof msg)) == NULL) {
		errf(_("carcref: %s (set CARCREF_DATA to the tile directory)\n"), msg);
		free(path);
		return false;
	}
	if (cr_tileset_parse(ts, text, len, &err) < 0) {
		errf("%s:%d:%d: %s\n", out_path(path), err.line, err.column, err.msg);
		free(text), free(path);
		return false;
	}
	free(text), free(path);
	return true;
}

const struct cr_tileset *
cmd_tileset(void)
{
	static struct cr_tileset ts;
	static bool loaded;

	if (loaded)
		return &ts;
	if (!load(cr_exts[0]->tiles, &ts))
		return NULL;
	for (int e = 1; e < cr_nexts; e++) {
		struct cr_tileset more;
		struct cr_error err;

		if (cr_exts[e]->tiles == NULL)
			continue;
		if (!load(cr_exts[e]->tiles, &more)) {
			cr_tileset_free(&ts);
			return NULL;
		}
		if (cr_tileset_merge(&ts, &more, &err) < 0) {
			errf("%s/%s: %s\n", out_path(cmd_datadir()), cr_exts[e]->tiles, err.msg);
			cr_tileset_free(&more);
			cr_tileset_free(&ts);
			return NULL;
		}
		cr_tileset_free(&more);
	}
	loaded = true;
	return &ts;
}
