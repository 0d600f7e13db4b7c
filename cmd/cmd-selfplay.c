/*
 * cmd-selfplay.c -- random, complete, legal games, written as records.
 *
 *	carcref selfplay [--seed N] [--games K] [--game NAME] [--players P]
 *	    [--pieces PERCENT] [GAME'S OPTIONS] [--out DIR]
 *
 * Each game is played at random by its game's table (random_game: the
 * tile game draws a tile from the real supply, places it at a random
 * legal place or discards it, and puts a random legal piece or none).
 * The same seed always gives the same games: the generator is a fixed
 * xorshift, not the C library's rand().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "game.h"
#include "notation/record.h"
#include "notation/i18n.h"

uint64_t
cmd_rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int
cmd_below(uint64_t *s, int n)
{
	return (int)(cmd_rnd(s) % (uint64_t)n);
}

/* A number from lo to hi: digits, white space of any kind around them
 * left out as --players of carcref play leaves it out around a name. */
bool
cmd_number(const char *s, long lo, long hi, long *out)
{
	size_t n = strlen(s);
	char *end;

	s += nt_trim_space(s, &n);
	errno = 0;
	*out = strtol(s, &end, 10);
	return n > 0 && (*s == '-' || *s == '+' || (*s >= '0' && *s <= '9')) && end == s + n &&
	    !errno && *out >= lo && *out <= hi;
}

/* The options every game has, then each game's own (a name once). */
enum { O_SEED, O_GAMES, O_PLAYERS, O_OUT, O_GAME, O_PIECES, O_GAMEOPTS };
static struct play_opts opts;

static void
opts_make(void)
{
	static const struct cmd_opt mine[] = {
		[O_SEED] = { "--seed", NULL, N_("a number") },
		[O_GAMES] = { "--games", NULL, N_("a number") },
		[O_PLAYERS] = { "--players", NULL, N_("a number") },
		[O_OUT] = { "--out", NULL, N_("a directory") },
		[O_GAME] = { "--game", NULL, N_("a game's name") },
		[O_PIECES] = { "--pieces", NULL, N_("a percentage") },
	};

	play_game_opts(&opts, mine, O_GAMEOPTS, true);
}

static int
selfplay_exec(int argc, char **argv)
{
	static const char *names[NT_MAXPLAYERS] = {
		"Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana",
	};
	long seed = 1, games = 1, players = 2, pieces = PLAY_PIECES;
	const char *out = NULL, *gname = NULL, *nplayers = NULL, *given_pieces = NULL;
	const struct play_game *pg = play_games[0];
	const struct nt_game *gm;
	struct nt_player pl[NT_MAXPLAYERS];
	struct nt_record hdr = { 0 };
	struct { int k; const char *val; } given[PLAY_MAXOPTS];
	struct cmd_args a = CMD_ARGS(argc, argv);
	struct play_world_error werr;
	const void *world;
	int k, ngiven = 0, rc = 0;

	opts_make();
	while ((k = cmd_args_next(&cmd_selfplay_entry, opts.opt, &a)) >= 0) {
		const char *o = opts.opt[k].name, *v = a.val;
		bool ok = true;

		if (k == O_SEED)
			ok = cmd_number(v, 0, 0x7fffffffL, &seed);
		else if (k == O_GAMES)
			ok = cmd_number(v, 1, 100000000L, &games);
		else if (k == O_PLAYERS)
			nplayers = v;	/* the game says how many */
		else if (k == O_OUT)
			ok = (out = v) != NULL;
		else if (k == O_GAME)
			gname = v;
		else if (k == O_PIECES)
			ok = cmd_number(given_pieces = v, 0, 100, &pieces);
		else if (ngiven < PLAY_MAXOPTS)
			given[ngiven].k = k, given[ngiven++].val = v;
		if (!ok) {
			errf(_("carcref selfplay: bad option or value: %s %s\n"), o, v);
			return cmd_usage(&cmd_selfplay_entry);
		}
	}
	if (k != CMD_ARGS_DONE)
		return a.rc;
	if (gname != NULL && (pg = play_game_named("carcref selfplay", gname)) == NULL)
		return 2;
	gm = pg->rules;
	if (given_pieces != NULL && !pg->pieces) {
		errf(_("carcref selfplay: --pieces: %s has no pieces to place\n"), _(gm->the));
		return 2;
	}
	if (nplayers != NULL && !cmd_number(nplayers, gm->minplayers, gm->maxplayers, &players)) {
		errf(_("carcref selfplay: --players: a game is for 2 to %d players, not \"%s\"\n"),
		    gm->maxplayers, nplayers);
		return 2;
	}
	hdr.row = gm;
	gm->header_start(&hdr);
	for (int i = 0; i < ngiven; i++) {
		const char *o = opts.opt[given[i].k].name;
		int gk = play_game_opt(pg, true, o, NULL, 0);

		if (gk < 0 || pg->selfplay_opt(&hdr, gk, given[i].val) < 0) {
			errf(_("carcref selfplay: bad option or value: %s %s\n"), o, given[i].val);
			nt_record_free(&hdr);
			return cmd_usage(&cmd_selfplay_entry);
		}
	}
	if (a.nops > 0) {	/* it reads no file */
		errf(_("carcref selfplay: unexpected \"%s\" (--out DIR names where to write)\n"),
		    argv[1]);
		nt_record_free(&hdr);
		return cmd_usage(&cmd_selfplay_entry);
	}
	if (out == NULL && games > 1) {
		/* One record per file: several on standard output could not be replayed. */
		errf(ngettext("carcref selfplay: %ld game needs --out DIR (one record per file)\n",
		    "carcref selfplay: %ld games need --out DIR (one record per file)\n",
		    (unsigned long)games), games);
		nt_record_free(&hdr);
		return 2;
	}
	if (play_world(pg) == NULL) {
		nt_record_free(&hdr);
		return 2;
	}
	/* The data the options name (a file), else the game's own. */
	if ((world = play_world_of(pg, &hdr, NULL, &werr)) == NULL) {
		errf("carcref selfplay: %s\n", werr.e.msg);
		nt_record_free(&hdr);
		return 2;
	}
	if (out != NULL && mkdir(out, 0777) != 0 && errno != EEXIST) {
		errf(_("carcref selfplay: %s: %s\n"), out, strerror(errno));
		nt_record_free(&hdr);
		return 2;
	}
	for (int i = 0; i < players; i++)
		pl[i] = (struct nt_player){ (char *)names[i], NULL };
	hdr.players = pl;
	hdr.nplayers = (int)players;
	for (long n = 0; rc == 0 && n < games; n++) {
		/* Each game its own stream: game n of seed s is the same whatever K is. */
		uint64_t st = 0x9e3779b97f4a7c15ULL * (uint64_t)(seed + 1) + 0x632be59bd9b4e019ULL * (uint64_t)(n + 1);
		struct nt_replay_error err;
		void *g = NULL;
		char *text;

		for (int k = 0; k < 4; k++)
			cmd_rnd(&st);
		/* What the header must say that the options do not (a spring
		 * beside the board), at random. */
		if (pg->random_setup == NULL || pg->random_setup(&hdr, world, &st))
			g = gm->create(world, &hdr, &err);
		if (g != NULL)
			gm->set_undo(g, false);	/* a generator never undoes */
		/* Data an option named is written in the record, which then
		 * replays anywhere. */
		if (g == NULL || !pg->random_game(g, &st, (int)pieces) || (ngiven > 0 &&
		    gm->header_own != NULL && gm->header_own(&hdr, g) < 0) ||
		    (text = nt_record_text(&hdr, g)) == NULL) {
			errf("%s", _("carcref selfplay: out of memory\n"));
			if (g != NULL)
				gm->free(g);
			rc = 2;
			break;
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
				rc = 2;
			}
			free(path);
		}
		free(text);
		gm->free(g);
	}
	hdr.players = NULL, hdr.nplayers = 0;	/* not the header's own */
	nt_record_free(&hdr);
	return rc;
}

const struct cmd_entry cmd_selfplay_entry = {
	/* The usage printed is selfplay_usage()'s, with every game's options. */
	"selfplay", "[--seed N] [--games K] [--game NAME] [--players P] [--pieces PERCENT] "
	    "[GAME'S OPTIONS] [--out DIR]",
	N_("write random, complete, legal games as records (for tests and benchmarks)"),
	selfplay_exec
};
