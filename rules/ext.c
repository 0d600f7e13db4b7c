/*
 * ext.c -- the numbering of the modules' kinds, attributes, pieces,
 * pools, tokens and choices, once, over the registry (rules/registry.c),
 * and the lookups by word; which modules each game has.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ext.h"

_Static_assert(CR_MAXEXTS <= 32, "a game's modules are a bit each of a uint32_t");

/* Pieces and pools numbered once over all modules, on first use. */
struct cr__tab cr__tab;

/* ASCII case folding, whatever the locale. */
static int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static void
add_word(const char *w, int id)
{
	size_t n = strlen(w);

	if (n >= sizeof cr__tab.word[0].w || cr__tab.nwords == (int)(sizeof cr__tab.word /
	    sizeof cr__tab.word[0]))
		return;	/* a module's word that long: found by nothing, on purpose */
	for (size_t i = 0; i < n; i++)
		cr__tab.word[cr__tab.nwords].w[i] = (char)lower((unsigned char)w[i]);
	cr__tab.word[cr__tab.nwords].len = (uint8_t)n;
	cr__tab.word[cr__tab.nwords++].id = (uint8_t)id;
}

/* A kind as module e's table names it: the base game's number, or its
 * own (CR_OWN). */
static uint8_t
kind_ref(const struct cr__tab *t, int e, int ref)
{
	return (uint8_t)(ref & 0x80 ? t->kind0[e] + (ref & 0x7f) : ref);
}

/* Attribute x of module e (-1: of a game), numbered, and where segments
 * keep it: the next flag's bit, mark's bit or value slot. */
static void
add_attr(struct cr__tab *t, const struct cr_attr *x, int e)
{
	static int nflags, nmarks, nslots;
	int a = t->nattrs, at = 0;

	if (a == CR_MAXATTRS)
		return;
	if (x->type == CR_ATTR_FLAG)
		at = nflags++;
	else if (x->type == CR_ATTR_MARK || x->type == CR_ATTR_TILE)
		at = nmarks++;
	else if (x->type == CR_ATTR_WORD || x->type == CR_ATTR_EDGES ||
	    (x->type == CR_ATTR_COUNT && !(x->flags & CR_ATTR_SUMMED)))
		at = nslots++;
	if ((x->type == CR_ATTR_FLAG && at >= 8) ||
	    ((x->type == CR_ATTR_MARK || x->type == CR_ATTR_TILE) && at >= 32) ||
	    ((x->type == CR_ATTR_WORD || x->type == CR_ATTR_COUNT || x->type == CR_ATTR_EDGES) &&
	    at >= CR_SEGVALUES))
		return;	/* no room: the loader refuses the key as unknown */
	t->attr[a] = x;
	t->attr_ext[a] = (int8_t)e;
	t->attr_game[a] = -1;
	t->attr_on[a][0] = e < 0 ? CR_NOKIND : kind_ref(t, e, x->on);
	t->attr_on[a][1] = e < 0 ? CR_NOKIND : kind_ref(t, e, x->on2 ? x->on2 : x->on);
	t->attr_at[a] = (uint8_t)at;
	t->attr_bit[a] = x->type == CR_ATTR_FLAG || x->type == CR_ATTR_MARK ||
	    x->type == CR_ATTR_TILE ? 1u << at : 0;
	t->nvalues = nslots;
	t->nattrs++;
}

/* The modules named in a game's list (NULL-ended), a bit each; a name
 * no module has is no module of the game. */
static uint32_t
modules(const char *const *names)
{
	uint32_t m = 0;

	for (; names != NULL && *names != NULL; names++) {
		int e = cr_ext_find(*names, strlen(*names));

		if (e >= 0 && e < CR_MAXEXTS)
			m |= 1u << e;
	}
	return m;
}

void
cr__number(void)
{
	struct cr__tab *t = &cr__tab;

	if (t->done)
		return;
	t->npieces = 1;	/* 0: no piece */
	t->nends = 1;	/* 0: none */
	for (int e = 0; e < cr_nexts; e++) {
		const struct cr_ext *x = cr_exts[e];
		int pool0 = t->npools;

		t->piece0[e] = (int8_t)t->npieces;
		t->kind0[e] = (int8_t)t->nkinds;
		for (int i = 0; i < x->nkinds && t->nkinds < CR_MAXKINDS; i++) {
			t->kind[t->nkinds] = &x->kinds[i];
			t->kind_ext[t->nkinds] = (int8_t)e;
			t->kind_flags[t->nkinds] = x->kinds[i].flags;
			t->kind_beside[t->nkinds] = kind_ref(t, e, x->kinds[i].beside);
			t->kind_borders[t->nkinds] = kind_ref(t, e, x->kinds[i].borders);
			t->nkinds++;
		}

		t->attr0[e] = (int8_t)t->nattrs;
		for (int i = 0; i < x->nattrs; i++)
			add_attr(t, &x->attrs[i], e);
		t->end0[e] = (int8_t)t->nends;
		for (int i = 0; i < x->nends && t->nends < CR_MAXENDS; i++) {
			t->end[t->nends] = &x->ends[i];
			t->end_ext[t->nends++] = (int8_t)e;
		}
		for (int i = 0; i < x->nfilters && t->nfilters < CR_MAXFILTERS; i++) {
			t->filter[t->nfilters] = &x->filters[i];
			t->filter_kind[t->nfilters] = x->filters[i].kind == CR_NOKIND ? CR_NOKIND :
			    kind_ref(t, e, x->filters[i].kind);
			t->filter_attr[t->nfilters++] = (int8_t)(x->filters[i].attr < 0 ? -1 :
			    t->attr0[e] + x->filters[i].attr);
		}
		for (int i = 0; i < x->npools && t->npools < CR_MAXPOOLS; i++) {
			t->pool[t->npools] = &x->pools[i];
			t->pool_ext[t->npools++] = (int8_t)e;
		}
		for (int i = 0; i < x->npieces && t->npieces < CR_MAXPIECES; i++) {
			t->piece[t->npieces] = &x->pieces[i];
			t->piece_ext[t->npieces] = (int8_t)e;
			t->piece_pool[t->npieces] = (int8_t)(pool0 + x->pieces[i].pool);
			t->piece_kind[t->npieces][0] = kind_ref(t, e, x->pieces[i].kind);
			t->piece_kind[t->npieces][1] = kind_ref(t, e, x->pieces[i].kind2);
			add_word(x->pieces[i].word, t->npieces);
			for (const char *const *a = x->pieces[i].aliases; a != NULL && *a != NULL; a++)
				add_word(*a, t->npieces);
			t->npieces++;
		}
		for (int i = 0; i < x->ntokens && t->ntokens + 1 < CR_MAXTOKENS; i++) {
			t->token[++t->ntokens] = &x->tokens[i];
			t->token_ext[t->ntokens] = (int8_t)e;
		}
		for (int i = 0; i < x->nchoices && t->nchoices + 1 < CR_MAXCHOICES; i++) {
			t->choice[++t->nchoices] = &x->choices[i];
			t->choice_ext[t->nchoices] = (int8_t)e;
		}
		t->space0[e] = (int8_t)(t->nspaces + 1);
		for (int i = 0; i < x->nspaces && t->nspaces + 1 < CR_MAXSPACES; i++) {
			t->space[++t->nspaces] = &x->spaces[i];
			t->space_ext[t->nspaces] = (int8_t)e;
		}
	}
	/* A piece on a space takes the pool of the piece it is (cr_piece.as). */
	for (int id = 1; id < t->npieces; id++)
		for (int k = 1; t->piece[id]->as != NULL && k < t->npieces; k++)
			if (t->piece[k]->as == NULL && strcmp(t->piece[k]->word, t->piece[id]->as) == 0) {
				t->piece_pool[id] = t->piece_pool[k];
				break;
			}
	for (int i = 0; i < cr_ngames && i < CR_MAXGAMES; i++) {
		t->game_on[i] = modules(cr_games[i]->on);
		t->game_mods[i] = t->game_on[i] | modules(cr_games[i]->may);
		for (int k = 0; k < cr_games[i]->nattrs; k++) {	/* its own marks, after */
			int a = t->nattrs;

			add_attr(t, &cr_games[i]->attrs[k], -1);
			if (a < t->nattrs)
				t->attr_game[a] = (int8_t)i;
		}
	}
	t->done = true;
}

/* Is s the name (len bytes, exactly)? */
static bool
is_name(const char *s, const char *name, size_t len)
{
	/* The first byte before the length: most names differ there (a
	 * record's expansions are looked up a few times each at set-up). */
	return len == 0 ? s[0] == '\0' :
	    s[0] == name[0] && strlen(s) == len && memcmp(s, name, len) == 0;
}

/* Does word (len bytes, any case) spell w? */
static bool
same_word(const char *w, const char *word, size_t len)
{
	size_t k = 0;

	while (k < len && w[k] != '\0' && lower((unsigned char)w[k]) == lower((unsigned char)word[k]))
		k++;
	return k == len && w[k] == '\0';
}

/* The word or one of the aliases. */
static bool
names(const char *w, const char *const *aliases, const char *word, size_t len)
{
	if (same_word(w, word, len))
		return true;
	for (const char *const *a = aliases; a != NULL && *a != NULL; a++)
		if (same_word(*a, word, len))
			return true;
	return false;
}

/*
 * Each game's words, a turn line's look-ups (a piece, a choice, a token,
 * a space: "shepherd", "grow", "sheep", "storm"), in one open-addressed
 * index per game, built on its first look-up: its slot from the word's
 * first and last letters and its length, then one comparison.  Each
 * entry holds what each find answers for the word, as the tables in
 * their order answer it (the first piece in cr__tab.word's order, the
 * token, choice, space of the lowest number); 0 for none.
 */
#define WORDMAX	(sizeof cr__tab.word[0].w - 1)	/* longer: no piece, looked up by reading the tables */

struct wordent {
	char		 w[WORDMAX + 1];	/* folded to lower case */
	uint8_t		 len, piece, token, choice, space;	/* len 0: a free slot */
};

static struct wordindex {
	bool		 done;
	uint32_t	 mask;	/* slots - 1 */
	struct wordent	*e;	/* NULL: out of memory, the tables read instead */
} word_index[CR_MAXGAMES];

/* lower() without a branch, for the look-ups' loops. */
static inline unsigned
lower_ascii(unsigned char c)
{
	return c + ((unsigned)(c - 'A') < 26u) * 32u;
}

static inline uint32_t
word_hash(const unsigned char *u, size_t len)
{
	return lower_ascii(u[0]) * 37u + lower_ascii(u[len - 1]) * 11u + (uint32_t)len * 5u;
}

/* The entry of w (len bytes, any case, 1 to WORDMAX) in x, NULL if none. */
static inline const struct wordent *
word_find(const struct wordindex *x, const char *w, size_t len)
{
	const unsigned char *u = (const unsigned char *)w;

	for (uint32_t h = word_hash(u, len) & x->mask; ; h = (h + 1) & x->mask) {
		const struct wordent *e = &x->e[h];
		size_t k = 0;

		if (e->len == len) {
			/* Byte for byte first: a record writes the words as
			 * the tables do, in lower case. */
			while (k < len && ((unsigned char)e->w[k] == u[k] ||
			    (unsigned char)e->w[k] == lower_ascii(u[k])))
				k++;
			if (k == len)
				return e;
		} else if (e->len == 0)
			return NULL;
	}
}

/* The entry of w in x, a new one if none. */
static struct wordent *
word_entry(struct wordindex *x, const char *w, size_t len)
{
	struct wordent *e = (struct wordent *)word_find(x, w, len);
	uint32_t h;

	if (e != NULL)
		return e;
	for (h = word_hash((const unsigned char *)w, len) & x->mask; x->e[h].len != 0;
	    h = (h + 1) & x->mask)
		;
	e = &x->e[h];
	for (size_t k = 0; k < len && k < WORDMAX; k++)
		e->w[k] = (char)lower_ascii((unsigned char)w[k]);
	e->len = (uint8_t)len;
	return e;
}

/* A word of a table's entry (any case): id in the field at offset
 * `at` of its entry, unless a lower number has it already. */
static void
word_put(struct wordindex *x, const char *w, size_t at, int id)
{
	size_t n = strlen(w);
	uint8_t *f;

	if (n == 0 || n > WORDMAX)
		return;
	f = (uint8_t *)word_entry(x, w, n) + at;
	if (*f == 0)
		*f = (uint8_t)id;
}

/* The entry's word, then its aliases. */
static void
word_add(struct wordindex *x, const char *w, const char *const *aliases, size_t at, int id)
{
	word_put(x, w, at, id);
	for (const char *const *a = aliases; a != NULL && *a != NULL; a++)
		word_put(x, *a, at, id);
}

static const struct wordindex *
word_build(int r)
{
	struct wordindex *x = &word_index[r];
	uint32_t mods = cr__tab.game_mods[r];
	size_t n = 0, cap = 16;

	x->done = true;
	n += (size_t)cr__tab.nwords;
	for (int id = 1; id <= cr__tab.ntokens; id++)
		for (const char *const *a = cr__tab.token[id]->aliases; n++, a != NULL && *a != NULL; a++)
			;
	for (int id = 1; id <= cr__tab.nchoices; id++)
		for (const char *const *a = cr__tab.choice[id]->aliases; n++, a != NULL && *a != NULL; a++)
			;
	for (int id = 1; id <= cr__tab.nspaces; id++)
		for (const char *const *a = cr__tab.space[id]->aliases; n++, a != NULL && *a != NULL; a++)
			;
	while (cap < 2 * n)
		cap *= 2;
	if ((x->e = calloc(cap, sizeof *x->e)) == NULL)
		return x;
	x->mask = (uint32_t)cap - 1;
	for (int i = 0; i < cr__tab.nwords; i++)	/* in cr_piece_find's order */
		if (mods >> cr__tab.piece_ext[cr__tab.word[i].id] & 1)
			word_add(x, cr__tab.word[i].w, NULL, offsetof(struct wordent, piece),
			    cr__tab.word[i].id);
	for (int id = 1; id <= cr__tab.ntokens; id++)
		if (mods >> cr__tab.token_ext[id] & 1)
			word_add(x, cr__tab.token[id]->word, cr__tab.token[id]->aliases,
			    offsetof(struct wordent, token), id);
	for (int id = 1; id <= cr__tab.nchoices; id++)
		if (mods >> cr__tab.choice_ext[id] & 1)
			word_add(x, cr__tab.choice[id]->word, cr__tab.choice[id]->aliases,
			    offsetof(struct wordent, choice), id);
	for (int id = 1; id <= cr__tab.nspaces; id++)
		if (mods >> cr__tab.space_ext[id] & 1)
			word_add(x, cr__tab.space[id]->word, cr__tab.space[id]->aliases,
			    offsetof(struct wordent, space), id);
	return x;
}

/* What the index holds for word, read from the tables themselves: a
 * word too long for it, or no memory for it. */
static struct wordent
word_scan(int r, const char *word, size_t len)
{
	uint32_t mods = cr__tab.game_mods[r];
	struct wordent e = { .len = 0 };

	for (int i = 0; len <= WORDMAX && i < cr__tab.nwords && e.piece == 0; i++) {
		size_t k = 0;

		while (k < len && cr__tab.word[i].w[k] == lower((unsigned char)word[k]))
			k++;
		if (k == len && cr__tab.word[i].len == len &&
		    (mods >> cr__tab.piece_ext[cr__tab.word[i].id] & 1))
			e.piece = cr__tab.word[i].id;
	}
	for (int id = 1; id <= cr__tab.ntokens && e.token == 0; id++)
		if ((mods >> cr__tab.token_ext[id] & 1) &&
		    names(cr__tab.token[id]->word, cr__tab.token[id]->aliases, word, len))
			e.token = (uint8_t)id;
	for (int id = 1; id <= cr__tab.nchoices && e.choice == 0; id++)
		if ((mods >> cr__tab.choice_ext[id] & 1) &&
		    names(cr__tab.choice[id]->word, cr__tab.choice[id]->aliases, word, len))
			e.choice = (uint8_t)id;
	for (int id = 1; id <= cr__tab.nspaces && e.space == 0; id++)
		if ((mods >> cr__tab.space_ext[id] & 1) &&
		    names(cr__tab.space[id]->word, cr__tab.space[id]->aliases, word, len))
			e.space = (uint8_t)id;
	return e;
}

/* Game r's entry for word (len bytes, any case), all 0 if none or no
 * game r; a word too long for the index, or no index, in *room. */
static inline const struct wordent *
word_at(int r, const char *word, size_t len, struct wordent *room)
{
	static const struct wordent none;
	const struct wordindex *x = &word_index[(unsigned)r % CR_MAXGAMES];
	const struct wordent *e;

	if (len == 0 || r < 0 || r >= CR_MAXGAMES)
		return &none;
	if (!x->done) {
		if (!cr__tab.done)
			cr__number();
		if (r >= cr_ngames)
			return &none;
		x = word_build(r);
	}
	if (len > WORDMAX || x->e == NULL) {
		*room = word_scan(r, word, len);
		return room;
	}
	e = word_find(x, word, len);
	return e != NULL ? e : &none;
}

int
cr_token_find(int r, const char *word, size_t len)
{
	struct wordent room;

	return word_at(r, word, len, &room)->token;
}

/* The modules' names' lengths and, for each module, those it is not yet
 * refereed with (cr_ext.not_with), a bit each: worked out once, as a
 * record's set-up asks for them (cr_ext_find, cr_exts_together). */
struct ext_names {
	bool		done;
	size_t		len[CR_MAXEXTS];
	uint32_t	not_with[CR_MAXEXTS];
};

static const struct ext_names *
ext_names(void)
{
	static struct ext_names t;

	if (t.done)
		return &t;
	for (int e = 0; e < cr_nexts && e < CR_MAXEXTS; e++)
		t.len[e] = strlen(cr_exts[e]->name);
	for (int e = 0; e < cr_nexts && e < CR_MAXEXTS; e++)
		for (const char *const *w = cr_exts[e]->not_with; w && *w; w++)
			for (int f = 0; f < cr_nexts && f < CR_MAXEXTS; f++)
				if (strcmp(cr_exts[f]->name, *w) == 0) {
					t.not_with[e] |= 1u << f;
					break;
				}
	t.done = true;
	return &t;
}

bool
cr_exts_together(uint32_t exts, int *a, int *b)
{
	const struct ext_names *t = ext_names();

	for (uint32_t left = exts; left != 0; left &= left - 1) {	/* the modules in exts */
		int e = __builtin_ctz(left);
		uint32_t m = e < cr_nexts && e < CR_MAXEXTS ? t->not_with[e] & exts : 0;	/* the first pair */

		if (m != 0) {
			int f = __builtin_ctz(m);

			*a = f < e ? f : e, *b = f < e ? e : f;
			return false;
		}
	}
	return true;
}

int
cr_space_local(int id)
{
	return cr_space(id) ? id - cr__tab.space0[cr__tab.space_ext[id]] : -1;
}

int
cr_space_find(int r, const char *word, size_t len)
{
	struct wordent room;

	return word_at(r, word, len, &room)->space;
}

int
cr_choice_find(int r, const char *word, size_t len)
{
	struct wordent room;

	return word_at(r, word, len, &room)->choice;
}

int
cr_kind_find(const char *name, size_t len)
{
	for (int k = 0; k < cr_nkinds(); k++)
		if (is_name(cr__tab.kind[k]->name, name, len))
			return k;
	return -1;
}

int
cr_attr_find(const char *key, size_t len)
{
	for (int a = 0; a < cr_nattrs(); a++)
		if (is_name(cr__tab.attr[a]->key, key, len))
			return a;
	return -1;
}

bool
cr_filter_match(const struct cr_tiletype *t, int i)
{
	int n = 0;

	if (cr_filter(i) == NULL)
		return false;
	for (int s = 0; s < t->nseg; s++)
		n += (cr__tab.filter_kind[i] == CR_NOKIND || t->seg[s].kind == cr__tab.filter_kind[i]) &&
		    (cr__tab.filter_attr[i] < 0 || cr_tile_attr(t, s, cr__tab.filter_attr[i]) != 0);
	return n >= cr__tab.filter[i]->min;
}

int
cr_ext_find(const char *name, size_t len)
{
	const struct ext_names *t = ext_names();

	for (int e = 0; e < cr_nexts && e < CR_MAXEXTS; e++)
		if (t->len[e] == len && (len == 0 || (cr_exts[e]->name[0] == name[0] &&
		    memcmp(cr_exts[e]->name, name, len) == 0)))
			return e;
	return -1;
}

int
cr_rules_find(const char *name, size_t len)
{
	for (int r = 0; r < cr_ngames; r++)
		if (is_name(cr_games[r]->name, name, len))
			return r;
	return -1;
}

int
cr_ext_rules(int ext)
{
	for (int r = 0; ext >= 0 && r < cr_ngames; r++)
		if (cr_rules_modules(r) >> ext & 1)
			return r;
	return 0;
}

int
cr_rules_of_set(const char *set)
{
	return cr_ext_rules(cr_ext_find(set, strlen(set)));
}

bool
cr_rules_later(int r, const char *name, size_t len)
{
	for (const char *const *l = r >= 0 && r < cr_ngames ? cr_games[r]->later : NULL;
	    l != NULL && *l != NULL; l++)
		if (is_name(*l, name, len))
			return true;
	return false;
}

int
cr_piece_find(int r, const char *word, size_t len)
{
	struct wordent room;

	return word_at(r, word, len, &room)->piece;
}

const char *
cr_phrase(int id)
{
	int e = id >> 8, i = id & 0xff;

	if (id <= 0 || e >= cr_nexts)
		return "";
	if (i < cr_exts[e]->nplurals && cr_exts[e]->plurals[i].one != NULL)
		return cr_exts[e]->plurals[i].one;
	if (i >= cr_exts[e]->nphrases || cr_exts[e]->phrases[i] == NULL)
		return "";
	return cr_exts[e]->phrases[i];
}

const char *
cr_phrase_plural(int id)
{
	int e = id >> 8, i = id & 0xff;

	if (id <= 0 || e >= cr_nexts || i >= cr_exts[e]->nplurals)
		return NULL;
	return cr_exts[e]->plurals[i].more;
}

int
cr_token_args(int ext, int *out, int max)
{
	int n = 0;

	for (int id = 1; cr_token(id) != NULL; id++) {
		const struct cr_token *t = cr_token(id);

		if (cr_token_ext(id) != ext)
			continue;
		for (int v = t->max ? t->min : 0; v <= t->max && n < max; v++)
			out[n++] = CR_TOKEN(id, v);
	}
	return n;
}
