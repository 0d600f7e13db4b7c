/*
 * tilepack.c -- the shipped tile files compiled into the program (issue
 * 23: a start without libyaml).
 *
 *	tilepack OUT.c DIR
 *
 * Reads the tile file of each rules module (rules/ext.h: cr_ext.tiles) in
 * DIR as carcref does (cr_tileset_parse_fix, under the file's name) and
 * writes OUT.c:
 * each file's text and its set packed (cr_tileset_pack), as the array
 * cmd_tilepacks that cmd/main.c hands to cr_tileset_packs.  The YAML files
 * stay the source: a file that differs from its text at run time is
 * parsed as ever.  Built and run by the Makefile only; a file that does
 * not read stops the build with its file:line:column.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/tileset.h"
#include "rules/ext.h"

static unsigned char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (f == NULL)
		return NULL;
	do {
		if (n == cap) {
			unsigned char *b = realloc(buf, cap = cap ? cap * 2 : 65536);

			if (b == NULL) {
				free(buf), fclose(f);
				return NULL;
			}
			buf = b;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		free(buf), fclose(f);
		return NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

/* Bytes as a C array's initializer (a string literal would pass the 4095
 * characters C17 asks compilers to take). */
static void
bytes(FILE *o, const char *name, int i, const unsigned char *p, size_t n)
{
	fprintf(o, "static const unsigned char %s%d[%zu] = {", name, i, n ? n : 1);
	for (size_t k = 0; k < n; k++)
		fprintf(o, "%s%u,", k % 24 ? "" : "\n\t", p[k]);
	fprintf(o, "%s\n};\n", n ? "" : "0");
}

int
main(int argc, char **argv)
{
	FILE *o;
	int n = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: tilepack OUT.c DIR\n");
		return 2;
	}
	if ((o = fopen(argv[1], "w")) == NULL) {
		fprintf(stderr, "tilepack: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	fprintf(o, "/* Made by tools/tilepack from the shipped tile files: do not edit. */\n"
	    "#include \"cmd/cmd.h\"\n\n");
	for (int e = 0; e < cr_nexts; e++) {
		struct cr_tileset ts;
		struct cr_error err;
		unsigned char *text, *pack;
		size_t len, plen, size;
		char *path;
		int i = n;

		if (cr_exts[e]->tiles == NULL)
			continue;
		for (i = 0; i < e && (cr_exts[i]->tiles == NULL ||
		    strcmp(cr_exts[i]->tiles, cr_exts[e]->tiles) != 0); i++)
			;
		if (i < e)	/* a file two modules name: once */
			continue;
		size = strlen(argv[2]) + strlen(cr_exts[e]->tiles) + 2;
		if ((path = malloc(size)) == NULL) {
			fprintf(stderr, "tilepack: out of memory\n");
			return 1;
		}
		snprintf(path, size, "%s/%s", argv[2], cr_exts[e]->tiles);
		if ((text = slurp(path, &len)) == NULL) {
			fprintf(stderr, "tilepack: %s: %s\n", path, strerror(errno));
			return 1;
		}
		/* Under its name, as the loaders read a module's file (its
		 * data may keep the name: refusals resting on it say it). */
		if (cr_tileset_parse_fix(&ts, cr_exts[e]->tiles, (const char *)text, len, NULL, 0,
		    &err) < 0) {
			fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.msg);
			return 1;
		}
		i = n++;
		if ((pack = cr_tileset_pack(&ts, &plen)) == NULL) {
			fprintf(stderr, "tilepack: out of memory\n");
			return 1;
		}
		fprintf(o, "/* %s */\nstatic const char name%d[] = \"%s\";\n", path, i,
		    cr_exts[e]->tiles);
		free(path);
		bytes(o, "text", i, text, len);
		bytes(o, "pack", i, pack, plen);
		free(pack), free(text);
		cr_tileset_free(&ts);
	}
	fprintf(o, "\nconst struct cr_tilepack cmd_tilepacks[] = {\n");
	for (int i = 0; i < n; i++)
		fprintf(o, "\t{ name%d, text%d, sizeof text%d, pack%d, sizeof pack%d },\n", i, i, i,
		    i, i);
	fprintf(o, "\t{ NULL, NULL, 0, NULL, 0 }\n};\nconst int cmd_ntilepacks = %d;\n", n);
	if (fclose(o) != 0) {
		fprintf(stderr, "tilepack: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	return 0;
}
