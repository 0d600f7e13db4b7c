/*
 * setup.c -- what every command needs before it starts: the tile set.
 *
 * One tile set holds the tiles of every rules module of the tile game
 * (rules/ext.h: cr_games[0], its modules): those it always has first (the
 * base game's file), then each expansion's, merged.  A game puts in
 * its supply only the tiles of the modules it is played with; the others
 * are still known, so a tile of an expansion not in play is refused by
 * name rather than as an unknown code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "rules/ext.h"
#include "notation/i18n.h"

const char *
cmd_tiles_text(int e, size_t *len, char *msg, size_t size)
{
	static char *text[CR_MAXEXTS];
	static size_t tlen[CR_MAXEXTS];
	char *path;

	if (e < 0 || e >= cr_nexts || e >= CR_MAXEXTS || cr_exts[e]->tiles == NULL) {
		snprintf(msg, size, "%s", _("no tile file"));
		return NULL;
	}
	if (text[e] == NULL) {
		if ((path = cmd_strf("%s/%s", cmd_datadir(), cr_exts[e]->tiles)) == NULL) {
			snprintf(msg, size, "%s", _("out of memory"));
			return NULL;
		}
		text[e] = cmd_read_file(path, &tlen[e], msg, size);
		free(path);
		if (text[e] == NULL)
			return NULL;
	}
	*len = tlen[e];
	return text[e];
}

/* Read module e's tile file into ts; false (message printed) if not. */
static bool
load(int e, struct cr_tileset *ts)
{
	const char *file = cr_exts[e]->tiles;
	char *path, msg[512];
	struct cr_error err;
	const char *text;
	size_t len;

	if ((text = cmd_tiles_text(e, &len, msg, sizeof msg)) == NULL) {
		errf(_("carcref: %s (set CARCREF_DATA to the tile directory)\n"), msg);
		return false;
	}
	/* By its name: refusals resting on a module's data name the file. */
	if (cr_tileset_parse_fix(ts, file, text, len, NULL, 0, &err) < 0) {
		if ((path = cmd_strf("%s/%s", cmd_datadir(), file)) != NULL)
			errf("%s:%d:%d: %s\n", out_path(path), err.line, err.column, err.msg);
		free(path);
		return false;
	}
	return true;
}

/*
 * The shipped sets merged as cmd_tileset merges them, but with own (a set
 * read from another file: tiles --check) in place of the shipped set of
 * its name: what a module checks of its data against the other sets
 * (cr_ext.world_check) said as err.  0 (own is no module's, or passes), 1
 * (a check failed: err), -1 (a shipped file could not be read: said).
 */
int
cmd_tileset_with(const struct cr_tileset *own, struct cr_error *err)
{
	uint32_t on = cr_rules_on(0), all = cr_rules_modules(0);
	struct cr_tileset ts, more;
	int n = 0, rc = 0, mine = -1;

	for (int e = 0; e < cr_nexts; e++)
		if (cr_exts[e]->tiles != NULL && strcmp(cr_exts[e]->name, own->setname[0]) == 0)
			mine = e;
	if (mine < 0 || cr_exts[mine]->world_check == NULL)
		return 0;
	for (int pass = 0; pass < 2 && rc == 0; pass++)
		for (int e = 0; e < cr_nexts && rc == 0; e++) {
			if (cr_exts[e]->tiles == NULL || !((pass ? all & ~on : on) >> e & 1))
				continue;
			if (n++ == 0) {
				if (e == mine ? cr_tileset_copy(&ts, own) < 0 : !load(e, &ts))
					return -1;
				continue;
			}
			if (e == mine)
				rc = cr_tileset_merge(&ts, own, err) < 0 ? 1 : 0;
			else if (!load(e, &more))
				rc = -1;
			else {
				rc = cr_tileset_merge(&ts, &more, err) < 0 ? 1 : 0;
				cr_tileset_free(&more);
			}
		}
	cr_tileset_free(&ts);
	return rc;
}

const struct cr_tileset *
cmd_tileset(void)
{
	static struct cr_tileset ts;
	static bool loaded;
	uint32_t on = cr_rules_on(0), all = cr_rules_modules(0);
	int n = 0;

	if (loaded)
		return &ts;
	for (int pass = 0; pass < 2; pass++)	/* the modules always on first */
		for (int e = 0; e < cr_nexts; e++) {
			struct cr_tileset more;
			struct cr_error err;

			if (cr_exts[e]->tiles == NULL || !((pass ? all & ~on : on) >> e & 1))
				continue;
			if (!load(e, n++ == 0 ? &ts : &more)) {
				if (n > 1)
					cr_tileset_free(&ts);
				return NULL;
			}
			if (n == 1) {
				free(ts.source);	/* a merged set's: none */
				ts.source = NULL;
				continue;
			}
			if (cr_tileset_merge(&ts, &more, &err) < 0) {
				errf("%s/%s: %s\n", out_path(cmd_datadir()), cr_exts[e]->tiles,
				    err.msg);
				cr_tileset_free(&more);
				cr_tileset_free(&ts);
				return NULL;
			}
			cr_tileset_free(&more);
		}
	loaded = true;
	return &ts;
}
