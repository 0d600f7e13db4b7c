/*
 * geom.h -- directions, ports, spots and rotation on a square tile.
 *
 * A tile edge has three "ports": its first half, its middle and its second
 * half, in clockwise order.  Roads and rivers use the middle; cities and
 * fields use the halves.  Working in half-edges (rather than whole edges)
 * is what lets one data model hold the later sets: two city segments on
 * one edge (Hills & Sheep L), fields split by a road, bridges (two roads
 * that merely cross on one tile).
 *
 *   port:  0 NNW  1 N  2 NNE   3 ENE  4 E  5 ESE
 *          6 SSE  7 S  8 SSW   9 WSW 10 W 11 WNW
 *
 * Rotating a tile clockwise by a quarter turn moves every port by 3.
 */
#ifndef CR_GEOM_H
#define CR_GEOM_H

#include <stdint.h>

enum cr_dir { CR_N, CR_E, CR_S, CR_W, CR_NDIRS };

#define CR_NPORTS 12
typedef uint16_t cr_ports;		/* a set of ports, bit p = port p */

#define CR_PORT(dir, i)	((dir) * 3 + (i))	/* i: 0 first half, 1 middle, 2 second half */
#define CR_PORT_MID(dir)	CR_PORT(dir, 1)
#define CR_EDGE_PORTS(dir)	((cr_ports)(7u << ((dir) * 3)))
#define CR_HALF_PORTS(dir)	((cr_ports)(5u << ((dir) * 3)))
#define CR_ALL_HALVES	((cr_ports)0xb6d)	/* the eight half-edges */

/* x and y offsets of the neighbour across each edge (y grows north). */
extern const int cr_dx[CR_NDIRS], cr_dy[CR_NDIRS];

/* The port of the neighbouring tile that touches port p across its edge. */
static inline int
cr_port_opposite(int p)
{
	int dir = p / 3, i = p % 3;
	return ((dir + 2) % 4) * 3 + (2 - i);
}

/* Port p of a tile at canonical orientation, seen on the board after a
 * clockwise turn of rot quarter turns. */
static inline int
cr_port_rotate(int p, int rot)
{
	return (p + 3 * rot) % CR_NPORTS;
}

static inline cr_ports
cr_ports_rotate(cr_ports s, int rot)
{
	unsigned v = s, k = (unsigned)(3 * (rot & 3));
	return (cr_ports)(((v << k) | (v >> (CR_NPORTS - k))) & 0xfff);
}

/*
 * Spots: where a meeple stands on a placed tile, in board directions.
 * 16 compass points and the centre.  Each names a set of ports; the
 * centre names no port (cloisters, inner fields).
 */
enum cr_spot {
	CR_SPOT_N, CR_SPOT_NNE, CR_SPOT_NE, CR_SPOT_ENE,
	CR_SPOT_E, CR_SPOT_ESE, CR_SPOT_SE, CR_SPOT_SSE,
	CR_SPOT_S, CR_SPOT_SSW, CR_SPOT_SW, CR_SPOT_WSW,
	CR_SPOT_W, CR_SPOT_WNW, CR_SPOT_NW, CR_SPOT_NNW,
	CR_SPOT_C,
	CR_NSPOTS
};

/* The ports a spot names (0 for the centre). */
cr_ports cr_spot_ports(enum cr_spot s);
/* "NNE", "C", ...; NULL if out of range. */
const char *cr_spot_name(enum cr_spot s);
/* Case-insensitive lookup of a spot name of len bytes; -1 if none. */
int cr_spot_lookup(const char *name, int len);
/* "NNW", "N", ... for a port. */
const char *cr_port_name(int port);
/* Rotation in degrees (0, 90, 180, 270) to quarter turns, -1 if invalid. */
int cr_rot_from_degrees(int deg);

#endif
