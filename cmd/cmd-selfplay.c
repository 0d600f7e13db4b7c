/*
 * cmd-selfplay.c -- random, complete, legal games, written as records.
 *
 *	carcref selfplay [--seed N] [--games K] [--players P] [--edition E]
 *	    [--expansions X,Y] [--out DIR]
 *
 * Each turn draws a tile at random from the real supply (what may be
 * drawn now: the river's tiles first), places it at a random legal place
 * (or discards it when none exists), and puts a random legal piece of the
 * modules in play, or none.  The same seed always gives the same games: the
 * generator is a fixed xorshift, not the C library's rand().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "notation/record.h"
#include "rules/ext.h"
#include "notation/i18n.h"

static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int
below(uint64_t *s, int n)
{
	return (int)(rnd(s) % (uint64_t)n);
}

/*
 * A random legal place for tile t, uniform over all of them: the engine
 * counts and indexes legal places in time independent of the board's
 * size, so a game of any size costs the same per move.  false if the
 * tile fits nowhere (a discard).
 */
static bool
random_place(struct cr_game *g, uint64_t *seed, int t, struct cr_move *m)
{
	int n = cr_game_nlegal(g, t);
	struct cr_place p;

	if (n == 0 || !cr_game_legal_nth(g, t, below(seed, n), &p))
		return false;
	*m = (struct cr_move){ .kind = CR_MOVE_PLACE, .tile = t, .x = p.x, .y = p.y, .rot = p.rot };
	return true;
}

/* A random legal choice before the piece (a flock's), or none when none
 * is due: the engine says which lines it accepts. */
static void
random_choice(struct cr_game *g, uint64_t *seed, struct cr_move *m)
{
	struct cr_move opts[64];
	int n = 0, tok[16];

	if (cr_game_check(g, m, NULL))
		return;	/* nothing due */
	for (int c = 1; cr_choice(c) != NULL; c++) {
		int nt = 1;

		if (!(cr_game_exts(g) & (1u << cr_choice_ext(c))))
			continue;
		if (cr_choice(c)->token)
			nt = cr_token_args(cr_choice_ext(c), tok, 16);
		else
			tok[0] = 0;
		for (int i = 0; i < nt && n < 64; i++) {
			struct cr_move o = *m;

			o.choice = c, o.choice_arg = tok[i];
			if (cr_game_check(g, &o, NULL))
				opts[n++] = o;
		}
	}
	if (n > 0)
		*m = opts[below(seed, n)];
}

/* The piece's token, when it takes one: a random legal one (0 if none). */
static bool
random_token(struct cr_game *g, uint64_t *seed, struct cr_move *m)
{
	int tok[16], legal[16], n = 0, nt;

	if (!(cr_piece(m->role)->flags & CR_PIECE_TOKEN))
		return cr_game_check(g, m, NULL);
	nt = cr_token_args(cr_piece_ext(m->role), tok, 16);
	for (int i = 0; i < nt; i++) {
		m->arg = tok[i];
		if (cr_game_check(g, m, NULL))
			legal[n++] = tok[i];
	}
	m->arg = n > 0 ? legal[below(seed, n)] : 0;
	return n > 0;
}

/* Play one random game to its end. */
static bool
random_game(struct cr_game *g, uint64_t *seed)
{
	int ntypes = cr_game_tileset(g)->ntypes;

	while (!cr_game_over(g)) {
		struct cr_move m = { 0 }, opts[CR_MAXPIECES * CR_NSPOTS];
		int nopts = 0, total = 0, k, t = 0;

		/* A copy drawn at random among those that may be drawn now. */
		for (int u = 0; u < ntypes; u++)
			if (cr_game_supply(g, u) > 0 && cr_game_drawable(g, u, NULL))
				total += cr_game_supply(g, u);
		if (total == 0)
			return false;
		k = below(seed, total);
		for (;; t++)
			if (cr_game_supply(g, t) > 0 && cr_game_drawable(g, t, NULL)) {
				if (k < cr_game_supply(g, t))
					break;
				k -= cr_game_supply(g, t);
			}
		if (!random_place(g, seed, t, &m)) {
			m = (struct cr_move){ .kind = CR_MOVE_DISCARD, .tile = t };
			if (!cr_game_play(g, &m, NULL))
				return false;
			continue;
		}
		random_choice(g, seed, &m);
		/* Half the time no meeple; else one of the legal ones (with a
		 * token it may draw, when it draws one). */
		if (below(seed, 2)) {
			for (int role = CR_THIEF; role < cr_npieces(); role++)
				for (int sp = 0; (cr_game_exts(g) & (1u << cr_piece_ext(role))) &&
				    sp < CR_NSPOTS; sp++) {
					struct cr_move o = m;

					o.role = (enum cr_role)role, o.spot = (enum cr_spot)sp;
					if (random_token(g, seed, &o))
						opts[nopts++] = o;
				}
			if (nopts > 0)
				m = opts[below(seed, nopts)];
		}
		if (!cr_game_play(g, &m, NULL))
			return false;
	}
	return true;
}

/* A number from lo to hi: digits, white space of any kind around them
 * left out as --players of carcref play leaves it out around a name. */
static bool
number(const char *s, long lo, long hi, long *out)
{
	size_t n = strlen(s);
	char *end;

	s += nt_trim_space(s, &n);
	errno = 0;
	*out = strtol(s, &end, 10);
	return n > 0 && (*s == '-' || *s == '+' || (*s >= '0' && *s <= '9')) && end == s + n &&
	    !errno && *out >= lo && *out <= hi;
}

static int
selfplay_exec(int argc, char **argv)
{
	static const char *names[CR_MAXPLAYERS] = {
		"Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana",
	};
	long seed = 1, games = 1, players = 2, edition = 3;
	const char *out = NULL;
	char *exts[CR_MAXEXTS];
	uint32_t extbits = 0;
	int nexts = 0;
	const struct cr_tileset *ts;
	struct nt_player pl[CR_MAXPLAYERS];

	enum { O_SEED, O_GAMES, O_PLAYERS, O_EDITION, O_OUT, O_EXPANSIONS };
	static const struct cmd_opt opts[] = {
		[O_SEED] = { "--seed", NULL, N_("a number") },
		[O_GAMES] = { "--games", NULL, N_("a number") },
		[O_PLAYERS] = { "--players", NULL, N_("a number") },
		[O_EDITION] = { "--edition", NULL, N_("a number") },
		[O_OUT] = { "--out", NULL, N_("a directory") },
		[O_EXPANSIONS] = { "--expansions", NULL, N_("names separated by commas") },
		{ NULL, NULL, NULL },
	};
	struct cmd_args a = CMD_ARGS(argc, argv);
	int k;

	while ((k = cmd_args_next(&cmd_selfplay_entry, opts, &a)) >= 0) {
		const char *o = opts[k].name, *v = a.val;
		bool ok;

		if (k == O_SEED)
			ok = number(v, 0, 0x7fffffffL, &seed);
		else if (k == O_GAMES)
			ok = number(v, 1, 100000000L, &games);
		else if (k == O_PLAYERS) {
			if (!(ok = number(v, 2, CR_MAXPLAYERS, &players))) {
				errf(_("carcref selfplay: --players: a game is for 2 to %d players, "
				    "not \"%s\"\n"), CR_MAXPLAYERS, v);
				return 2;
			}
		}
		else if (k == O_EDITION)
			ok = number(v, 1, 3, &edition);
		else if (k == O_OUT)
			ok = (out = v) != NULL;
		else {	/* O_EXPANSIONS */
			ok = true;
			extbits = 0, nexts = 0;	/* given again: the last list */
			for (const char *x = v; *x && ok; ) {
				const char *comma = strchr(x, ',');
				size_t len = comma ? (size_t)(comma - x) : strlen(x);
				int e = cr_ext_find(x, len);

				if (e <= 0 || (extbits & (1u << e)) || cr_exts[e]->always) {
					errf(_("carcref selfplay: --expansions: unknown or repeated "
					    "\"%.*s\"\n"), (int)len, x);
					ok = false;
				} else {
					extbits |= 1u << e;
					exts[nexts++] = (char *)cr_exts[e]->name;
				}
				x += len + (comma != NULL);
			}
		}
		if (!ok) {
			errf(_("carcref selfplay: bad option or value: %s %s\n"), o, v);
			return cmd_usage(&cmd_selfplay_entry);
		}
	}
	if (k != CMD_ARGS_DONE)
		return a.rc;
	if (a.nops > 0) {	/* it reads no file */
		errf(_("carcref selfplay: unexpected \"%s\" (--out DIR names where to write)\n"),
		    argv[1]);
		return cmd_usage(&cmd_selfplay_entry);
	}
	if (out == NULL && games > 1) {
		/* One record per file: several on standard output could not be replayed. */
		errf(ngettext("carcref selfplay: %ld game needs --out DIR (one record per file)\n",
		    "carcref selfplay: %ld games need --out DIR (one record per file)\n",
		    (unsigned long)games), games);
		return 2;
	}
	if ((ts = cmd_tileset()) == NULL)
		return 2;
	if (out != NULL && mkdir(out, 0777) != 0 && errno != EEXIST) {
		errf(_("carcref selfplay: %s: %s\n"), out, strerror(errno));
		return 2;
	}
	for (int i = 0; i < players; i++)
		pl[i] = (struct nt_player){ (char *)names[i], NULL };
	for (long n = 0; n < games; n++) {
		/* Each game its own stream: game n of seed s is the same whatever K is. */
		uint64_t st = 0x9e3779b97f4a7c15ULL * (uint64_t)(seed + 1) + 0x632be59bd9b4e019ULL * (uint64_t)(n + 1);
		struct nt_record r = { .edition = (int)edition, .players = pl, .nplayers = (int)players,
		    .expansions = exts, .nexpansions = nexts };
		struct cr_config c = { (int)edition, (int)players, extbits };
		struct cr_game *g = cr_game_create(ts, &c);
		char *text;

		for (int k = 0; k < 4; k++)
			rnd(&st);
		if (g != NULL)
			cr_game_set_undo(g, false);	/* a generator never undoes */
		if (g == NULL || !random_game(g, &st) ||
		    (text = nt_record_format(&r, g)) == NULL) {
			errf("%s", _("carcref selfplay: out of memory\n"));
			cr_game_free(g);
			return 2;
		}
		if (out == NULL) {
			fputs(text, stdout);
		} else {
			char *path = cmd_strf("%s/game-%ld-%06ld.yaml", out, seed, n + 1);
			FILE *f = NULL;

			if (path == NULL || (f = fopen(path, "w")) == NULL || fputs(text, f) == EOF ||
			    fclose(f) != 0) {
				errf(_("carcref selfplay: %s: %s\n"), out_path(path ? path : out),
				    strerror(errno));
				free(path);
				free(text);
				cr_game_free(g);
				return 2;
			}
			free(path);
		}
		free(text);
		cr_game_free(g);
	}
	return 0;
}

const struct cmd_entry cmd_selfplay_entry = {
	"selfplay", "[--seed N] [--games K] [--players P] [--edition E] [--expansions X,Y] [--out DIR]",
	N_("write random, complete, legal games as records (for tests and benchmarks)"),
	selfplay_exec
};
