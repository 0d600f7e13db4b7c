/*
 * geom.c -- directions, ports, spots and rotation on a square tile.
 *
 * The 16 compass spots go clockwise from N, four per edge: the edge
 * itself, the second half of that edge, the corner, and the first half
 * of the next edge.  That regularity is what cr_spot_ports leans on.
 */
#include <stddef.h>

#include "geom.h"

const int cr_dx[CR_NDIRS] = { 0, 1, 0, -1 };
const int cr_dy[CR_NDIRS] = { 1, 0, -1, 0 };

static const char *const spot_names[CR_NSPOTS] = {
	"N", "NNE", "NE", "ENE",
	"E", "ESE", "SE", "SSE",
	"S", "SSW", "SW", "WSW",
	"W", "WNW", "NW", "NNW",
	"C",
};

static const char *const port_names[CR_NPORTS] = {
	"NNW", "N", "NNE",
	"ENE", "E", "ESE",
	"SSE", "S", "SSW",
	"WSW", "W", "WNW",
};

cr_ports
cr_spot_ports(enum cr_spot s)
{
	int dir, second, next;

	if ((int)s < 0 || s >= CR_SPOT_C)
		return 0;		/* the centre, or nonsense: no port */
	dir = (int)s / 4;
	second = CR_PORT(dir, 2);		/* second half of this edge */
	next = CR_PORT((dir + 1) % CR_NDIRS, 0);	/* first half of the next */
	switch ((int)s % 4) {
	case 0:
		return CR_EDGE_PORTS(dir);
	case 1:
		return (cr_ports)(1u << second);
	case 2:
		return (cr_ports)((1u << second) | (1u << next));
	default:
		return (cr_ports)(1u << next);
	}
}

const char *
cr_spot_name(enum cr_spot s)
{
	if ((int)s < 0 || s >= CR_NSPOTS)
		return NULL;
	return spot_names[s];
}

/* A spot name of up to three letters as one number, case folded: one
 * comparison per spot instead of a string compare.  The French west,
 * O (ouest), is W: N E S O and their compounds (NNO, ONO, SO, OSO...)
 * name the same spots; no English name has an O. */
static uint32_t
spot_key(const char *name, int len)
{
	uint32_t k = 0;

	for (int i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];

		c = c >= 'a' && c <= 'z' ? (unsigned char)(c - 'a' + 'A') : c;
		k = k << 8 | (c == 'O' ? 'W' : c);
	}
	return k;
}

#define K1(a)		((uint32_t)(a))
#define K2(a, b)	(K1(a) << 8 | (uint32_t)(b))
#define K3(a, b, c)	(K2(a, b) << 8 | (uint32_t)(c))

/* spot_names as keys, in the same order. */
static const uint32_t spot_keys[CR_NSPOTS] = {
	K1('N'), K3('N', 'N', 'E'), K2('N', 'E'), K3('E', 'N', 'E'),
	K1('E'), K3('E', 'S', 'E'), K2('S', 'E'), K3('S', 'S', 'E'),
	K1('S'), K3('S', 'S', 'W'), K2('S', 'W'), K3('W', 'S', 'W'),
	K1('W'), K3('W', 'N', 'W'), K2('N', 'W'), K3('N', 'N', 'W'),
	K1('C'),
};

int
cr_spot_lookup(const char *name, int len)
{
	uint32_t k;

	if (name == NULL || len <= 0 || len > 3)
		return -1;
	k = spot_key(name, len);
	for (int s = 0; s < CR_NSPOTS; s++)
		if (spot_keys[s] == k)
			return s;
	return -1;
}

const char *
cr_port_name(int port)
{
	if (port < 0 || port >= CR_NPORTS)
		return NULL;
	return port_names[port];
}

int
cr_rot_from_degrees(int deg)
{
	switch (deg) {
	case 0:
		return 0;
	case 90:
		return 1;
	case 180:
		return 2;
	case 270:
		return 3;
	default:
		return -1;
	}
}
