/*
 * cmd-tiles.c -- the tile types, so a person can find a tile's code.
 *
 *	carcref tiles [CODE...]
 *
 * Without codes, every type at rotation 0.  With codes, each named type in
 * all four rotations, side by side.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"

static const char *dir_name[] = { "N", "E", "S", "W" };

/* "city N+E", "road W-E", "field WNW+ENE next to city N", "cloister". */
static void
describe(const struct cr_tiletype *t, int s)
{
	const struct cr_seg *sg = &t->seg[s];
	int k = 0;

	outf("%s", cr_kind_name((enum cr_kind)sg->kind));
	if (sg->kind == CR_ROAD || sg->kind == CR_RIVER) {
		for (int d = 0; d < CR_NDIRS; d++)
			if (sg->ports & (1u << CR_PORT_MID(d)))
				outf("%s%s", k++ ? "-" : " ", dir_name[d]);
	} else {
		for (int p = 0; p < CR_NPORTS; p++) {
			int d = p / 3;

			if (!(sg->ports & (1u << p)))
				continue;
			/* A city's whole edge is named once, by its direction;
			 * a field by its half-edges, as in base-tiles.md. */
			if (sg->kind == CR_CITY &&
			    (sg->ports & CR_HALF_PORTS(d)) == CR_HALF_PORTS(d)) {
				if (p % 3 == 0)
					outf("%s%s", k++ ? "+" : " ", dir_name[d]);
			} else
				outf("%s%s", k++ ? "+" : " ", cr_port_name(p));
		}
	}
	if (sg->pennants)
		outf(" with %d pennant%s", sg->pennants, sg->pennants > 1 ? "s" : "");
	if (sg->end == CR_END_VILLAGE)
		outf(" (ends at a village)");
	else if (sg->end == CR_END_CLOISTER)
		outf(" (ends at the cloister)");
	else if (sg->end == CR_END_CITY)
		outf(" (ends at the city)");
	if (sg->next_to) {
		k = 0;
		outf(" next to city");
		for (int c = 0; c < t->nseg; c++)
			if (sg->next_to & (1u << c))
				for (int d = 0; d < CR_NDIRS; d++)
					if (t->seg[c].ports & CR_HALF_PORTS(d)) {
						outf("%s%s", k++ ? " and " : " ", dir_name[d]);
						break;
					}
	}
	outf("\n");
}

static void
show(const struct cr_tileset *ts, int type, bool all_rotations)
{
	const struct cr_tiletype *t = &ts->type[type];
	char grid[4][5][5];
	int nrot = all_rotations ? 4 : 1;

	outf("%s  (%d in the box%s)  N E S W: %s %s %s %s\n", t->code, t->count,
	    type == ts->start ? ", one is the start tile" : "",
	    cr_kind_name((enum cr_kind)t->edge[0]), cr_kind_name((enum cr_kind)t->edge[1]),
	    cr_kind_name((enum cr_kind)t->edge[2]), cr_kind_name((enum cr_kind)t->edge[3]));
	for (int r = 0; r < nrot; r++)
		cmd_render_tile(ts, type, r, grid[r]);
	if (all_rotations) {
		for (int r = 0; r < nrot; r++)
			outf("  rotation %-5d", r * 90);
		outf("\n");
	}
	for (int row = 0; row < 5; row++) {
		for (int r = 0; r < nrot; r++) {
			outf("  ");
			cmd_render_row(stdout, grid[r], row);
			outf("%s", r + 1 < nrot ? "    " : "");
		}
		outf("\n");
	}
	for (int s = 0; s < t->nseg; s++) {
		outf("  - ");
		describe(t, s);
	}
}

static int
tiles_exec(int argc, char **argv)
{
	const struct cr_tileset *ts = cmd_tileset();
	int rc = 0;

	if (ts == NULL)
		return 2;
	if (argc == 1) {
		outf("# city  . field  = | road  + cloister  o village  ~ river\n\n");
		for (int t = 0; t < ts->ntypes; t++) {
			show(ts, t, false);
			outf("\n");
		}
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		int t = cr_tileset_find(ts, argv[i], strlen(argv[i]));

		if (t < 0) {
			errf("carcref tiles: unknown tile \"%s\" (\"carcref tiles\" lists them)\n",
			    argv[i]);
			rc = 1;
			continue;
		}
		show(ts, t, true);
		if (i + 1 < argc)
			outf("\n");
	}
	return rc;
}

const struct cmd_entry cmd_tiles_entry = {
	"tiles", "[CODE...]",
	"show the tile types with a picture, to find a tile's code",
	tiles_exec
};
