/*
 * setup.c -- what every command needs before it starts: the tile set.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"

const struct cr_tileset *
cmd_tileset(void)
{
	static struct cr_tileset ts;
	static bool loaded;
	char path[4096], msg[512];
	struct cr_error err;
	size_t len;
	char *text;

	if (loaded)
		return &ts;
	snprintf(path, sizeof path, "%s/base.yaml", cmd_datadir());
	if ((text = cmd_read_file(path, &len, msg, sizeof msg)) == NULL) {
		errf("carcref: %s (set CARCREF_DATA to the tile directory)\n", msg);
		return NULL;
	}
	if (cr_tileset_parse(&ts, text, len, &err) < 0) {
		errf("%s:%d:%d: %s\n", path, err.line, err.column, err.msg);
		free(text);
		return NULL;
	}
	free(text);
	loaded = true;
	return &ts;
}
