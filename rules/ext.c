/*
 * ext.c -- the registry of rules modules, and the numbering of their
 * pieces and pools.
 *
 * Adding an expansion: write rules/ext-NAME.c (a struct cr_ext) and its
 * rules/tiles/NAME.yaml, and list it below.  Nothing else in the core
 * names it.
 */
#include <string.h>

#include "ext.h"

extern const struct cr_ext cr_ext_base;
extern const struct cr_ext cr_ext_inns;
extern const struct cr_ext cr_ext_river;

const struct cr_ext *const cr_exts[] = {
	&cr_ext_base,		/* always first: its pieces are 1..4 */
	&cr_ext_inns,
	&cr_ext_river,
};
const int cr_nexts = sizeof cr_exts / sizeof cr_exts[0];

_Static_assert(sizeof cr_exts / sizeof cr_exts[0] <= CR_MAXEXTS, "too many modules");

/* Pieces and pools numbered once over all modules, on first use. */
static struct {
	bool		 done;
	int		 npieces, npools;
	const struct cr_piece *piece[CR_MAXPIECES];
	int8_t		 piece_ext[CR_MAXPIECES], piece_pool[CR_MAXPIECES];
	const struct cr_pool *pool[CR_MAXPOOLS];
	int8_t		 pool_ext[CR_MAXPOOLS];
} tab;

static void
number(void)
{
	if (tab.done)
		return;
	tab.npieces = 1;	/* 0: no piece */
	for (int e = 0; e < cr_nexts; e++) {
		const struct cr_ext *x = cr_exts[e];
		int pool0 = tab.npools;

		for (int i = 0; i < x->npools && tab.npools < CR_MAXPOOLS; i++) {
			tab.pool[tab.npools] = &x->pools[i];
			tab.pool_ext[tab.npools++] = (int8_t)e;
		}
		for (int i = 0; i < x->npieces && tab.npieces < CR_MAXPIECES; i++) {
			tab.piece[tab.npieces] = &x->pieces[i];
			tab.piece_ext[tab.npieces] = (int8_t)e;
			tab.piece_pool[tab.npieces++] = (int8_t)(pool0 + x->pieces[i].pool);
		}
	}
	tab.done = true;
}

int
cr_ext_find(const char *name, size_t len)
{
	for (int e = 0; e < cr_nexts; e++)
		if (strlen(cr_exts[e]->name) == len && memcmp(cr_exts[e]->name, name, len) == 0)
			return e;
	return -1;
}

int
cr_npieces(void)
{
	number();
	return tab.npieces;
}

const struct cr_piece *
cr_piece(int id)
{
	number();
	return id > 0 && id < tab.npieces ? tab.piece[id] : NULL;
}

int
cr_piece_ext(int id)
{
	number();
	return id > 0 && id < tab.npieces ? tab.piece_ext[id] : -1;
}

int
cr_piece_pool(int id)
{
	number();
	return id > 0 && id < tab.npieces ? tab.piece_pool[id] : -1;
}

/* ASCII case folding, whatever the locale. */
static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static bool
same_word(const char *w, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len && w[i] != '\0'; i++)
		if (lower((unsigned char)w[i]) != lower((unsigned char)s[i]))
			return false;
	return i == len && w[i] == '\0';
}

int
cr_piece_find(const char *word, size_t len)
{
	number();
	for (int id = 1; id < tab.npieces; id++) {
		const struct cr_piece *p = tab.piece[id];

		if (same_word(p->word, word, len))
			return id;
		for (const char *const *a = p->aliases; a != NULL && *a != NULL; a++)
			if (same_word(*a, word, len))
				return id;
	}
	return 0;
}

int
cr_npools(void)
{
	number();
	return tab.npools;
}

const struct cr_pool *
cr_pool(int id)
{
	number();
	return id >= 0 && id < tab.npools ? tab.pool[id] : NULL;
}

int
cr_pool_ext(int id)
{
	number();
	return id >= 0 && id < tab.npools ? tab.pool_ext[id] : -1;
}

const char *
cr_phrase(int id)
{
	int e = id >> 8, i = id & 0xff;

	if (id <= 0 || e >= cr_nexts || i >= cr_exts[e]->nphrases)
		return "";
	return cr_exts[e]->phrases[i];
}
