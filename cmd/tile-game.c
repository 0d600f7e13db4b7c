/*
 * tile-game.c -- the tile game's table (cmd/game.h): what it is played
 * with, play's and selfplay's options, its random games, what replay
 * adds to its JSON and ranking, its hand at the table and its commands.
 */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "tile.h"
#include "notation/explain.h"
#include "notation/i18n.h"
#include "rules/ext.h"

/* The tile set of every module (r NULL, or a record naming no data of
 * its own), or record r's: a module's data from the file it names
 * (beside it), inline, or corrected (notation/tile.h: nt_tile_world). */
static const char *
shipped_text(void *arg, int e, size_t *len, char *msg, size_t size)
{
	const char *t = cmd_tiles_text(e, len, msg, size);

	(void)arg;
	if (t == NULL) {
		char m[256];

		snprintf(m, sizeof m, "%s", msg);
		snprintf(msg, size, _("%s (set CARCREF_DATA to the tile directory)"), m);
	}
	return t;
}

static char *
named_text(void *arg, const char *name, size_t *len, char *msg, size_t size)
{
	char *full = cmd_beside(arg, name), *t;

	if (full == NULL) {
		snprintf(msg, size, "%s", _("out of memory"));
		return NULL;
	}
	t = cmd_read_file(full, len, msg, size);
	free(full);
	return t;
}

static const void *
world(const struct nt_record *r, const char *path, struct play_world_error *err)
{
	static struct made { struct cr_tileset ts; struct made *next; } *made, *spare;
	const struct cr_tileset *all = cmd_tileset(), *w;
	const struct nt_tile_files fs = { shipped_text, named_text, (void *)path };
	struct made *m;

	if (r == NULL || all == NULL)
		return all;
	/* A record without data of its own leaves the block as it found it
	 * (zeroed, nt_tile_world): kept for the next (a batch's every
	 * record would zero it again). */
	if ((m = spare) != NULL)
		spare = NULL;
	else if ((m = calloc(1, sizeof *m)) == NULL) {
		snprintf(err->e.msg, sizeof err->e.msg, "%s", _("out of memory"));
		err->status = 2;
		return NULL;
	}
	if ((err->status = nt_tile_world(r, all, &fs, &m->ts, &w, &err->e)) != 0) {
		free(m);
		return NULL;
	}
	if (w != &m->ts) {
		spare = m;
		return w;
	}
	m->next = made;	/* kept: games made on it may outlive the record */
	made = m;
	return w;
}

/* ---- a new game: options ----------------------------------------------------- */

/* The options, then one per module key holding data (rules/ext.h:
 * cr_ext.record_keys, CR_RK_DATA): --KEY FILE (play --wheel-of-fortune
 * FILE), filled by opts_init. */
enum { O_EDITION, O_EXPANSIONS, O_DATA, NDATA = 4 };

static struct cmd_opt play_opts[O_DATA + NDATA + 1] = {
	[O_EDITION] = { "--edition", NULL, N_("1, 2 or 3") },
	[O_EXPANSIONS] = { "--expansions", NULL, N_("names separated by commas") },
};

static struct cmd_opt selfplay_opts[O_DATA + NDATA + 1] = {
	[O_EDITION] = { "--edition", NULL, N_("a number") },
	[O_EXPANSIONS] = { "--expansions", NULL, N_("names separated by commas") },
};

static int8_t data_ext[NDATA];	/* each data option's module */
static int8_t data_type[NDATA];	/* and its key's CR_RK_* */
/* selfplay's: the data keys alone (a square of the set-up is chosen at
 * random there), each its slot in play's. */
static int8_t self_slot[NDATA];

static void
opts_init(void)
{
	static char name[NDATA][48];
	static bool done;
	int n = 0, ns = 0;

	if (done)
		return;
	done = true;
	for (int e = 0; e < cr_nexts; e++)
		for (int i = 0; (cr_rules_modules(0) >> e & 1) && i < cr_exts[e]->nrecord_keys &&
		    n < NDATA; i++) {
			int type = cr_exts[e]->record_keys[i].type;

			if (type != CR_RK_DATA && type != CR_RK_SQUARE)
				continue;
			snprintf(name[n], sizeof name[n], "--%s", cr_exts[e]->record_keys[i].key);
			data_ext[n] = (int8_t)e;
			data_type[n] = (int8_t)type;
			play_opts[O_DATA + n] = (struct cmd_opt){ name[n], NULL,
			    type == CR_RK_DATA ? N_("a data file") : N_("a square X,Y [ROT]") };
			if (type == CR_RK_DATA) {
				selfplay_opts[O_DATA + ns] = play_opts[O_DATA + n];
				self_slot[ns++] = (int8_t)n;
			}
			n++;
		}
}

/* --KEY FILE: the file read now (the game starts on it or not at all),
 * named in the record by its absolute path (the journal, in a directory
 * of its own, reads it from there), written inline once the game is the
 * record's own (notation/tile.c: header_own). */
static int
data_opt(const char *cmd, struct nt_record *hdr, int k, const char *val)
{
	const char *opt = play_opts[k].name;
	char msg[512], *text, *full;
	size_t len;

	/* --spring "X,Y ROT": the key as a record writes it, checked with
	 * the header (a refusal names the option). */
	if (data_type[k - O_DATA] == CR_RK_SQUARE) {
		size_t n = strlen(val);
		char *sq;
		bool ok;

		val += nt_trim_space(val, &n);	/* as around --players' names */
		ok = (sq = strndup(val, n)) != NULL &&
		    nt_record_set_key(hdr, data_ext[k - O_DATA], CR_RK_SQUARE, sq);
		free(sq);
		if (!ok) {
			errf(_("carcref %s: out of memory\n"), cmd);
			return 2;
		}
		return 0;
	}
	if ((text = cmd_read_file(val, &len, msg, sizeof msg)) == NULL) {
		errf("carcref %s: %s: %s\n", cmd, opt, msg);
		return 2;
	}
	free(text);
	if ((full = cmd_absolute(val)) == NULL ||
	    !nt_record_set_key(hdr, data_ext[k - O_DATA], CR_RK_DATA, full)) {
		free(full);
		errf(_("carcref %s: out of memory\n"), cmd);
		return 2;
	}
	free(full);
	return 0;
}

extern const struct play_game play_game_tile;

/* play FILE --KEY F: for a record that names no such data, F's (from the
 * current directory), written inline in it from now on; the new game's
 * other options are refused, the record has its own. */
static int
file_opt(struct nt_record *r, int k, const char *val, const char *file)
{
	const char *key = k >= O_DATA ? play_opts[k].name + 2 : NULL;

	if (k < O_DATA) {
		errf(_(play_game_tile.new_only), out_path(file));
		return 2;
	}
	if (data_type[k - O_DATA] == CR_RK_SQUARE) {	/* --spring: the record has its set-up */
		errf(_("carcref play: %s is for a new game; %s is a record, with its own set-up\n"),
		    play_opts[k].name, out_path(file));
		return 2;
	}
	if (nt_record_field(r, key) != NULL) {
		errf(_("carcref play: %s: %s has data of its own (%s:); leave %s out\n"),
		    play_opts[k].name, out_path(file), key, play_opts[k].name);
		return 2;
	}
	return data_opt("play", r, k, val);
}

/* The header's expansions, given again: the last list counts. */
static void
expansions_clear(struct nt_record *hdr)
{
	for (int i = 0; i < hdr->nexpansions; i++)
		if (i >= 32 || !(hdr->xstatic >> i & 1))
			free(hdr->expansions[i]);
	free(hdr->expansions);
	hdr->expansions = NULL;
	hdr->nexpansions = 0;
	hdr->xknown = false;
	hdr->xstatic = 0;
}

static bool
expansion_add(struct nt_record *hdr, const char *name, size_t len)
{
	char **v = realloc(hdr->expansions, (size_t)(hdr->nexpansions + 1) * sizeof *v);

	if (v == NULL)
		return false;
	hdr->expansions = v;
	hdr->xknown = false;
	if ((v[hdr->nexpansions] = strndup(name, len)) == NULL)
		return false;
	hdr->nexpansions++;
	return true;
}

static int
play_opt(struct nt_record *hdr, int k, const char *val)
{
	if (k >= O_DATA)
		return data_opt("play", hdr, k, val);
	if (k == O_EDITION) {
		char *end;
		long ed = strtol(val, &end, 10);

		if (*end != '\0' || ed < 1 || ed > 3) {
			errf(_("carcref play: --edition: 1, 2 or 3, not \"%s\"\n"), val);
			return 2;
		}
		hdr->edition = (int)ed;
		return 0;
	}
	/* "inns-cathedrals,river": the record reader checks the names. */
	expansions_clear(hdr);
	for (const char *s = val; *s && hdr->nexpansions <= CR_MAXEXTS; ) {
		const char *comma = strchr(s, ','), *e = comma ? comma : s + strlen(s);

		while (s < e && (*s == ' ' || (*s >= '\t' && *s <= '\r')))	/* "Anna, Ben" */
			s++;
		while (e > s && (e[-1] == ' ' || (e[-1] >= '\t' && e[-1] <= '\r')))
			e--;
		if (!expansion_add(hdr, s, (size_t)(e - s))) {
			errf(_("carcref play: out of memory\n"));
			return 2;
		}
		if (comma == NULL)
			break;
		s = comma + 1;
	}
	return 0;
}

static int
selfplay_opt(struct nt_record *hdr, int k, const char *val)
{
	int rules = nt_record_rules(hdr);
	uint32_t may = cr_rules_modules(rules) & ~cr_rules_on(rules);
	long ed;

	if (k >= O_DATA)
		return data_opt("selfplay", hdr, O_DATA + self_slot[k - O_DATA], val) != 0 ? -1 : 0;
	if (k == O_EDITION) {
		if (!cmd_number(val, 1, cr_games[rules]->editions, &ed))
			return -1;
		hdr->edition = (int)ed;
		return 0;
	}
	expansions_clear(hdr);	/* given again: the last list */
	for (const char *x = val; *x; ) {
		const char *comma = strchr(x, ',');
		size_t len = comma ? (size_t)(comma - x) : strlen(x);
		int e = cr_ext_find(x, len);

		if (e < 0 || !(may >> e & 1) || (nt_record_exts(hdr) & (1u << e))) {
			errf(_("carcref selfplay: --expansions: unknown or repeated "
			    "\"%.*s\"\n"), (int)len, x);
			return -1;
		}
		if (!expansion_add(hdr, cr_exts[e]->name, strlen(cr_exts[e]->name)))
			return -1;
		x += len + (comma != NULL);
	}
	{
		int a, b;

		if (!cr_exts_together(nt_record_exts(hdr), &a, &b)) {
			errf(_("carcref selfplay: --expansions: \"%s\" and \"%s\" together are not "
			    "supported yet\n"), cr_exts[a]->name, cr_exts[b]->name);
			return -1;
		}
	}
	return 0;
}

/* ---- selfplay: random games ------------------------------------------------- */

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

	if (n == 0 || !cr_game_legal_nth(g, t, cmd_below(seed, n), &p))
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
		*m = opts[cmd_below(seed, n)];
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
	m->arg = n > 0 ? legal[cmd_below(seed, n)] : 0;
	return n > 0;
}

/*
 * What the line says of the copy drawn (issue 21: a wheel icon's number,
 * the Plague's squares): the modules' tokens of the copy drawn, a random
 * number token (or none) that the engine accepts for tile t, and with it
 * one square token per player naming one of that player's followers at
 * random, when the engine wants them (cr_game_check_drawn: what is said
 * of the copy drawn does not depend on where it goes).
 */
static void
random_drawn(struct cr_game *g, uint64_t *seed, int t, struct cr_move *m)
{
	struct cr_meeple mee[64];
	struct cr_move probe = { .kind = CR_MOVE_DISCARD, .tile = t }, o;
	int num[64], nnum = 0, sq = 0, nm, start;

	num[nnum++] = 0;	/* none */
	for (int id = 1; cr_token(id) != NULL; id++) {
		const struct cr_token *tk = cr_token(id);

		if (!tk->drawn || !(cr_game_exts(g) & (1u << cr_token_ext(id))))
			continue;
		if (tk->square)
			sq = id;
		else
			for (int v = tk->max ? tk->min : 0; v <= tk->max && nnum < 64; v++)
				num[nnum++] = CR_TOKEN(id, v);
	}
	if (nnum == 1)
		return;
	nm = cr_game_meeples(g, mee, 64);
	start = cmd_below(seed, nnum);
	for (int k = 0; k < nnum; k++) {
		int a = num[(start + k) % nnum];

		o = probe;
		o.ndrawn = 0;
		if (a != 0)
			o.drawn[o.ndrawn++] = (struct cr_said){ a, 0, 0, -1 };
		if (cr_game_check_drawn(g, &o, NULL)) {
			cr_move_copy(m, &o);
			return;
		}
		for (int pl = 0; sq != 0 && pl < cr_game_nplayers(g) && o.ndrawn < CR_MAXDRAWN; pl++) {
			int mine[64], n = 0;

			for (int i = 0; i < nm && i < 64; i++)
				if (mee[i].player == pl && (cr_piece(mee[i].role)->flags & CR_PIECE_FOLLOWER))
					mine[n++] = i;
			if (n > 0) {
				const struct cr_meeple *f = &mee[mine[cmd_below(seed, n)]];

				o.drawn[o.ndrawn++] = (struct cr_said){ CR_TOKEN(sq, 0), f->x, f->y, -1 };
			}
		}
		if (sq != 0 && cr_game_check_drawn(g, &o, NULL)) {
			cr_move_copy(m, &o);
			return;
		}
	}
}

/* Whether a module in play has tokens of the copy drawn. */
static bool
g_drawn_step(const struct cr_game *g)
{
	for (int id = 1; cr_token(id) != NULL; id++)
		if (cr_token(id)->drawn && (cr_game_exts(g) & (1u << cr_token_ext(id))))
			return true;
	return false;
}

/* A move with what was said of the copy drawn. */
static void
with_said(struct cr_move *m, const struct cr_move *said)
{
	m->ndrawn = said->ndrawn;
	memcpy(m->drawn, said->drawn, (size_t)said->ndrawn * sizeof m->drawn[0]);
}

/* A set-up a record's key says (the spring beside the wheel's board):
 * one of the squares open, at random; without a seed (play's new game),
 * the one its option gave (play --spring), else the first. */
static bool
tile_random_setup(struct nt_record *hdr, const void *world, uint64_t *seed)
{
	struct cr_config c = { hdr->edition, hdr->nplayers, nt_record_exts(hdr) };
	struct cr_square sq[64];
	int n = cr_game_beside_options(world, &c, sq, 64), i;
	char text[32];

	if (n <= 0)
		return true;
	for (int k = 0; seed == NULL && k < NDATA && play_opts[O_DATA + k].name != NULL; k++)
		if (data_type[k] == CR_RK_SQUARE && nt_record_field(hdr, play_opts[O_DATA + k].name + 2))
			return true;	/* play --spring: given */
	i = seed != NULL ? (int)cmd_below(seed, n < 64 ? n : 64) : 0;
	snprintf(text, sizeof text, "%d,%d %d", sq[i].x, sq[i].y, sq[i].rot * 90);
	return nt_record_set_key(hdr, -1, CR_RK_SQUARE, text);
}

/* Play one random game to its end (tile.h). */
bool
tile_random_game(void *game, uint64_t *seed, int pieces)
{
	struct cr_game *g = game;
	int ntypes = cr_game_tileset(g)->ntypes;

	while (!cr_game_over(g)) {
		struct cr_move m = { 0 }, said = { 0 }, opts[CR_MAXPIECES * (CR_NSPOTS + CR_MAXSPACES)];
		int nopts = 0, total = 0, k, t = 0;

		/* A copy drawn at random among those that may be drawn now. */
		for (int u = 0; u < ntypes; u++)
			if (cr_game_supply(g, u) > 0 && cr_game_drawable(g, u, NULL))
				total += cr_game_supply(g, u);
		/* None may be drawn (a bonus tile due whose pile holds only
		 * types no data describes): the game ends there. */
		if (total == 0) {
			m.kind = CR_MOVE_END;
			return cr_game_play(g, &m, NULL);
		}
		k = cmd_below(seed, total);
		for (;; t++)
			if (cr_game_supply(g, t) > 0 && cr_game_drawable(g, t, NULL)) {
				if (k < cr_game_supply(g, t))
					break;
				k -= cr_game_supply(g, t);
			}
		if (g_drawn_step(g))
			random_drawn(g, seed, t, &said);
		if (!random_place(g, seed, t, &m)) {
			m = (struct cr_move){ .kind = CR_MOVE_DISCARD, .tile = t };
			with_said(&m, &said);
			if (!cr_game_play(g, &m, NULL))
				return false;
			continue;
		}
		with_said(&m, &said);
		random_choice(g, seed, &m);
		/* A piece on pieces turns in a hundred (half: a coin, as
		 * ever), one of the legal ones (with a token it may draw,
		 * when it draws one); else none. */
		if (pieces == PLAY_PIECES ? cmd_below(seed, 2) : cmd_below(seed, 100) < pieces) {
			for (int role = CR_THIEF; role < cr_npieces(); role++)
				for (int sp = 0; (cr_game_exts(g) & (1u << cr_piece_ext(role))) &&
				    sp < CR_NSPOTS; sp++) {
					struct cr_move o = m;

					o.role = (enum cr_role)role, o.spot = (enum cr_spot)sp;
					if (cr_piece(role)->flags & CR_PIECE_SPACE) {	/* its module's spaces */
						for (int s = 1; sp == 0 && cr_space(s) != NULL; s++) {
							o.space = s;
							if (cr_space_ext(s) == cr_piece_ext(role) &&
							    cr_game_check(g, &o, NULL))
								opts[nopts++] = o;
						}
						continue;
					}
					if (random_token(g, seed, &o))
						opts[nopts++] = o;
				}
			if (nopts > 0)
				m = opts[cmd_below(seed, nopts)];
		}
		if (!cr_game_play(g, &m, NULL))
			return false;
	}
	return true;
}

/* ---- replay: JSON and ranking --------------------------------------------- */

/* A module's event: goods taken ("taken": {"wine": 2}), or the kind of
 * a majority ("goods": "wine"). */
/* What a module adds to its own event (rules/ext.h: cr_ext.words):
 * "section": "tax", "steps": 1 before "points" (after false), "returned":
 * {"Anna": "4,2"} and "also_home": {"Anna": {"builder": "-2,0"}} after
 * it (after true), each preceded (after) or followed (before) by ", ". */
static void
json_words(const struct cr_event *ev, const char *const *names, int nplayers, bool after)
{
	struct cr_evword w[32];
	int e = ev->what >> 8, n, m = 0;

	if (ev->what == 0 || e < 0 || e >= cr_nexts || cr_exts[e]->words == NULL)
		return;
	n = cr_exts[e]->words(e, ev, w, 32);
	for (int k = 0; k < n && k < 32; k++)	/* the ones said here */
		if (w[k].after == after)
			w[m++] = w[k];
	for (int k = 0; k < m; k++) {
		bool obj = w[k].type == CR_EW_SQUARE || w[k].type == CR_EW_PIECE;
		bool first = k == 0 || !obj || w[k - 1].type != w[k].type ||
		    strcmp(w[k].key, w[k - 1].key) != 0;
		bool last = k + 1 >= m || !obj || w[k + 1].type != w[k].type ||
		    strcmp(w[k].key, w[k + 1].key) != 0;
		/* a piece: its player's object opens and closes round it */
		bool pfirst = first || w[k - 1].player != w[k].player;
		bool plast = last || w[k + 1].player != w[k].player;
		char at[32];

		if (first) {	/* the entries of one key: one object */
			printf("%s", after ? ", " : "");
			cmd_json_str(stdout, w[k].key);
			printf(": %s", obj ? "{" : "");
		} else if (w[k].type != CR_EW_PIECE || pfirst)
			printf(", ");
		snprintf(at, sizeof at, "%d,%d", w[k].x, w[k].y);
		if (w[k].type == CR_EW_WORD)
			cmd_json_str(stdout, w[k].word);
		else if (w[k].type == CR_EW_NUMBER)
			printf("%d", w[k].n);
		else {
			if (w[k].type == CR_EW_SQUARE || pfirst) {
				cmd_json_str(stdout, w[k].player >= 0 && w[k].player < nplayers ?
				    names[w[k].player] : "?");
				printf(": %s", w[k].type == CR_EW_PIECE ? "{" : "");
			} else
				printf(", ");
			if (w[k].type == CR_EW_PIECE) {
				cmd_json_str(stdout, w[k].word ? w[k].word : "?");
				printf(": ");
			}
			cmd_json_str(stdout, at);
			if (w[k].type == CR_EW_PIECE && plast)
				printf("}");
		}
		if (last)
			printf("%s%s", obj ? "}" : "", after ? "" : ", ");
	}
}

static void
json_event(const void *g, int i, const char *const *names)
{
	int nev;
	const struct cr_event *ev = &cr_game_events(g, &nev)[i];

	json_words(ev, names, cr_game_nplayers(g), false);

	if (ev->reason == CR_EV_TAKE) {
		printf("\"taken\": {");
		for (int t = 0; t < ev->nterm; t++) {
			printf("%s", t ? ", " : "");
			cmd_json_str(stdout, cr_phrase(ev->term[t].phrase));
			printf(": %d", ev->term[t].count);
		}
		printf("}, ");
	} else if (ev->reason == CR_EV_EXTRA) {
		cmd_json_str(stdout, nt_event_label(ev));
		printf(": ");
		cmd_json_str(stdout, cr_phrase(ev->note));
		printf(", ");
	}
}

/* Issue 21: what a module's event says after its points (cr_evword.after). */
static void
json_event_after(const void *g, int i, const char *const *names)
{
	int nev;

	json_words(&cr_game_events(g, &nev)[i], names, cr_game_nplayers(g), true);
}

/* The state of each module in play that says it (rules/ext.h: state_key):
 * "wheel": {"pig": "storm", "crowns": {"fortune": [], "tax": ["Anna"]}}. */
static void
json_states(const struct cr_game *g, const char *const *names)
{
	for (int e = 0; e < cr_nexts; e++) {
		const struct cr_ext *x = cr_exts[e];
		struct cr_evword w[16];
		int n = 0, k = 0;

		if (x->state_key == NULL || !(cr_game_exts(g) & (1u << e)))
			continue;
		printf(", ");
		cmd_json_str(stdout, x->state_key);
		printf(": {");
		if (x->state != NULL)
			n = x->state(g, e, w, 16);
		for (int i = 0; i < n && i < 16; i++, k++) {
			printf("%s", k ? ", " : "");
			cmd_json_str(stdout, w[i].key);
			printf(": ");
			if (w[i].type == CR_EW_NUMBER)
				printf("%d", w[i].n);
			else
				cmd_json_str(stdout, w[i].word ? w[i].word : "");
		}
		if (x->spaces_key != NULL && x->nspaces > 0) {
			printf("%s", k ? ", " : "");
			cmd_json_str(stdout, x->spaces_key);
			printf(": {");
			for (int s = 1, j = 0; cr_space(s) != NULL; s++) {
				struct cr_standing on[8];
				int held = 0;

				if (cr_space_ext(s) != e)
					continue;
				cr_game_space(g, s, on, 8, &held);
				printf("%s", j++ ? ", " : "");
				cmd_json_str(stdout, cr_space(s)->word);
				printf(": [");
				for (int i = 0; i < held && i < 8; i++) {
					printf("%s", i ? ", " : "");
					cmd_json_str(stdout, on[i].player >= 0 && on[i].player <
					    cr_game_nplayers(g) ? names[on[i].player] : "?");
				}
				printf("]");
			}
			printf("}");
		}
		printf("}");
	}
}

/* Each player's tokens, by group: "goods": {"Anna": {"wine": 2, ...}}. */
static void
json_game(const void *g, const char *const *names)
{
	int n = cr_game_ncounters(g);

	for (int k = 0; k < n; k++) {
		const char *group, *prev = NULL;

		cr_game_counter_name(g, k, &group);
		if (k > 0)
			cr_game_counter_name(g, k - 1, &prev);
		if (prev != NULL && strcmp(prev, group) == 0)
			continue;	/* the group's first counter prints it all */
		printf(", ");
		cmd_json_str(stdout, group);
		printf(": {");
		for (int p = 0; p < cr_game_nplayers(g); p++) {
			const char *gr;

			printf("%s", p ? ", " : "");
			cmd_json_str(stdout, names[p]);
			printf(": {");
			for (int j = k; j < n; j++) {
				const char *name = cr_game_counter_name(g, j, &gr);

				if (strcmp(gr, group) != 0)
					break;
				printf("%s", j > k ? ", " : "");
				cmd_json_str(stdout, name);
				printf(": %d", cr_game_counter(g, p, j));
			}
			printf("}");
		}
		printf("}");
	}
	json_states(g, names);
}

/* n bytes of s at *o in buf, as snprintf writes: cut to size, NUL ended,
 * *o counting them all. */
static void
append(char *buf, size_t size, int *o, const char *s, size_t n)
{
	if ((size_t)*o < size) {
		size_t room = size - 1 - (size_t)*o, k = n < room ? n : room;

		memcpy(buf + *o, s, k);
		buf[(size_t)*o + k] = '\0';
	}
	*o += (int)n;
}

/* Each player's goods tokens after the score: "   wine 2, grain 0, cloth 1". */
static int
ranking_tail(const void *g, int p, char *buf, size_t size)
{
	/* The goods' words, looked up (cmd_word) once for the first player's
	 * line and kept for the others' and the next games' while the
	 * modules in play, the tables and the thread's language stay. */
	static struct {
		uint32_t	 exts;
		int		 tables[3], n;
		locale_t	 loc;
		const char	*w[8];
		size_t		 len[8];
	} memo;
	int n, o = 0, tables[3] = { cr_nkinds(), cr_npieces(), cr_nattrs() };
	uint32_t exts;
	locale_t loc = uselocale((locale_t)0);

	if (size > 0)
		buf[0] = '\0';
	if ((n = cr_game_ncounters(g)) == 0)
		return 0;
	if (memo.exts != (exts = cr_game_exts(g)) || memo.loc != loc ||
	    memcmp(memo.tables, tables, sizeof tables) != 0) {
		memo.exts = exts, memo.loc = loc;
		memcpy(memo.tables, tables, sizeof tables);
		memo.n = n < 8 ? n : 8;
		for (int k = 0; k < memo.n; k++)
			memo.len[k] = strlen(memo.w[k] = cmd_word(cr_game_counter_name(g, k, NULL)));
	}
	for (int k = 0; k < n; k++) {
		/* "%s%s %d" by hand: snprintf's parsing of its format was the
		 * most of a game's set-up when replaying with goods. */
		char num[16], *q = num + sizeof num;
		int v = cr_game_counter(g, p, k);
		unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
		const char *w = k < memo.n ? memo.w[k] : cmd_word(cr_game_counter_name(g, k, NULL));

		do
			*--q = (char)('0' + u % 10);
		while ((u /= 10) != 0);
		if (v < 0)
			*--q = '-';
		*--q = ' ';
		append(buf, size, &o, k ? ", " : "   ", k ? 2 : 3);
		append(buf, size, &o, w, k < memo.n ? memo.len[k] : strlen(w));
		append(buf, size, &o, q, (size_t)(num + sizeof num - q));
	}
	return o;
}

/* ---- the hand ---------------------------------------------------------------- */

const struct play_hand_words tile_words = {
	N_("%s is in hand, not played: drop it?"),
	N_("%s dropped: draw it again when the game resumes\n"),
	N_("%s was in hand: the game has no move yet, so nothing is kept; draw it "
	    "again next time\n"),
	N_("%s kept in hand: carcref resume %s gives it back\n"),
	N_("carcref: %s was in hand and could not be kept: %s\n"),
	N_("%lld bytes, not a tile and its place"),
	N_("the tile kept in hand is not given back: %s; its file is kept as %s\n"),
	N_("the tile kept in hand is not given back: %s; its file %s is left as it "
	    "is (%s)\n"),
};

bool
tile_hand_held(const struct play *p)
{
	return tile_hand(p)->tile >= 0;
}

char *
tile_hand_name(const struct play *p)
{
	return strdup(tile_code(p, tile_hand(p)->tile));
}

/* The tile in hand and what was said of the copy drawn (issue 21:
 * "U wheel=3 plague=1,4"), malloc'd, NULL out of memory. */
char *
tile_hand_shown(const struct play *p)
{
	const struct tile_hand *h = tile_hand(p);
	char said[CR_MAXDRAWN * 40 + 1], tok[40];
	size_t o = 0;

	said[0] = '\0';
	for (int i = 0; i < h->nsaid && i < CR_MAXDRAWN; i++) {
		nt_format_said(&h->said[i], tok, sizeof tok);
		o += (size_t)snprintf(said + o, sizeof said - o, " %s", tok);
	}
	return cmd_strf("%s%s", tile_code(p, h->tile), said);
}

/* "CODE", then what was said of the copy drawn, then "X,Y ROT" once
 * placed. */
char *
tile_hand_line(const struct play *p)
{
	const struct tile_hand *h = tile_hand(p);
	char *shown = tile_hand_shown(p), *line;

	if (shown == NULL)
		return NULL;
	line = h->placed ? cmd_strf("%s %d,%d %d\n", shown, h->pend.x, h->pend.y,
	    h->pend.rot * 90) : cmd_strf("%s\n", shown);
	free(shown);
	return line;
}

/* The prompt's part: the tile in hand, what it was said to show (wheel=3
 * plague=4,2), and where it lies. */
char *
tile_prompt(const struct play *p)
{
	const struct tile_hand *h = tile_hand(p);
	char *shown, *prompt;

	if (h->tile < 0)
		return strdup("");
	if ((shown = tile_hand_shown(p)) == NULL)
		return NULL;
	prompt = h->placed ? cmd_strf(" [%s %d,%d %d]", shown, h->pend.x, h->pend.y,
	    h->pend.rot * 90) : cmd_strf(" [%s]", shown);
	free(shown);
	return prompt;
}

/* Ctrl-C: the tile is still in hand, and the step it waits for (its
 * piece or pass, once placed). */
char *
tile_ctrl_c(struct play *p)
{
	const struct tile_hand *h = tile_hand(p);

	if (h->placed)
		return cmd_strf(_("(%s is still in hand, placed at %d,%d rotation %d: %s; Ctrl-D asks "
		    "whether to keep it)"), tile_code(p, h->tile), h->pend.x, h->pend.y,
		    h->pend.rot * 90, tile_hand_step(p));
	return cmd_strf(_("(%s is still in hand: %s, or draw another to change it; Ctrl-D asks "
	    "whether to keep it)"), tile_code(p, h->tile), tile_hand_step(p));
}

/* The tile kept in hand, "CODE [SAID...]" or "CODE [SAID...] X,Y ROT",
 * given back; what was said of the copy (wheel=3 plague=1,4) with it
 * while the game still allows it. */
bool
tile_hand_restore(struct play *p, char *text, char **why)
{
	struct tile_hand *h = tile_hand(p);
	struct cr_move m = { .kind = CR_MOVE_PLACE };
	struct cr_refusal ref;
	struct nt_error perr;
	char msg[512], *w[4 + CR_MAXDRAWN] = { NULL }, *s;
	int n = 0, nsaid = 0;
	uint32_t due;

	for (s = strtok(text, " \t\r\n"); s != NULL && n < 4 + CR_MAXDRAWN;
	    s = strtok(NULL, " \t\r\n"))
		w[n++] = s;
	/* the words said of the copy, after its code */
	while (1 + nsaid < n && nsaid < CR_MAXDRAWN && nt_parse_said(cr_game_rules(p->g),
	    w[1 + nsaid], strlen(w[1 + nsaid]), &m.drawn[nsaid], &perr) > 0)
		nsaid++;
	if (nsaid > 0) {	/* the rest where they were */
		memmove(&w[1], &w[1 + nsaid], (size_t)(n - 1 - nsaid) * sizeof w[0]);
		n -= nsaid;
	}
	m.tile = n >= 1 ? cr_tileset_find(tile_ts(p), w[0], strlen(w[0])) : -1;
	if (n == 0)
		*why = cmd_strf("%s", _("the file is empty"));
	else if (m.tile < 0)
		*why = cmd_strf(_("unknown tile \"%s\""), w[0]);
	else if (cr_game_over(p->g))
		*why = cmd_strf(_("%s, but the game is over"), tile_code(p, m.tile));
	else if (!cr_game_drawable(p->g, m.tile, &ref)) {
		nt_refusal_game(p->g, &ref, p->names, msg, sizeof msg);
		*why = cmd_strf(_("%s may not be drawn now: %s"), tile_code(p, m.tile), msg);
	} else if (n != 1 && (n != 3 || !nt_parse_pos(w[1], strlen(w[1]), &m.x, &m.y) ||
	    (m.rot = nt_parse_rot(w[2], strlen(w[2]))) < 0))
		*why = cmd_strf(_("%s, then words that are not a place"), tile_code(p, m.tile));
	else
		*why = NULL;
	if (*why != NULL)
		return false;
	h->tile = m.tile;
	m.ndrawn = nsaid;
	if (nsaid > 0 && !tile_said_due(p->g, &m, &ref, &due, NULL)) {
		nt_refusal_game(p->g, &ref, p->names, msg, sizeof msg);
		outf(_("%s is in hand again, without what was said of the copy (%s)\n"),
		    tile_code(p, m.tile), msg);
		m.ndrawn = nsaid = 0;
	}
	h->nsaid = nsaid;
	memcpy(h->said, m.drawn, (size_t)nsaid * sizeof h->said[0]);
	if ((s = tile_hand_shown(p)) == NULL) {
		h->tile = -1, h->nsaid = 0;
		*why = cmd_strf("%s", _("out of memory"));
		return false;
	}
	if (n == 1) {
		outf(_("%s is in hand again, as it was when the game was left"), s);
		outf("\n");
	} else if (cr_game_check_place(p->g, &m, &ref)) {
		h->pend = m;
		h->placed = true;
		outf(_("%s is in hand again, as it was when the game was left, placed at %d,%d "
		    "rotation %d\n"), s, m.x, m.y, m.rot * 90);
	} else {
		nt_refusal_game(p->g, &ref, p->names, msg, sizeof msg);
		outf(_("%s is in hand again, but no longer placed: where it lay, %d,%d rotation %d, "
		    "is not legal now (%s)\n"), s, m.x, m.y, m.rot * 90, msg);
	}
	free(s);
	return true;
}

/* ---- the REPL ------------------------------------------------------------------ */

/* A turn: a player's prefix, a tile code, or what follows one. */
bool
tile_is_turn(struct play *p, int argc, char **argv, const char *line)
{
	return strchr(line, ':') != NULL ||
	    cr_tileset_find(tile_ts(p), argv[0], strlen(argv[0])) >= 0 ||
	    (argc > 1 && (strcasecmp(argv[1], "discard") == 0 ||
	    nt_parse_pos(argv[1], strlen(argv[1]), &(int){ 0 }, &(int){ 0 }) ||
	    nt_pos_beyond(argv[1], strlen(argv[1]))));
}

static const struct play_cmd cmd_draw = {
	"draw", { "piocher", "tirer" }, N_("TILE"), 1, 1, PA_TILE, turn_draw,
	N_("the tile just drawn: its picture, and where it fits"),
	"", true, NULL };	/* its help: the game's codes (tile_help_more) */

static const struct play_cmd cmd_place = {
	"place", { "poser" }, N_("X,Y [ROT] [ROLE@SPOT]"), 1, 7, PA_PLACE, turn_place,
	N_("put the tile in hand down at X,Y, turned ROT degrees"),
	N_("  Step 2: x grows to the east, y to the north, the start tile is 0,0.\n"
	"  ROT (0, 90, 180, 270, clockwise) may be left out when only one fits there;\n"
	"  when several do, they are shown and you choose.  place again to move it.\n"), false, NULL };

static const struct play_cmd cmd_choose = {
	"choose", { "choisir" }, N_("WORD [TOKEN]"), 1, 2, PA_NONE, turn_choose,
	N_("a choice the tile calls for, before the meeple (an expansion's)"),
	"", false, NULL };

static const struct play_cmd cmd_meeple = {
	"meeple", { "pion" }, N_("ROLE@SPOT [TOKEN]"), 0, 5, PA_MEEPLE, turn_meeple,
	N_("finish the turn with a meeple on the tile just placed"),
	"", false, NULL };	/* its help: the game's pieces (tile_help_more) */

static const struct play_cmd cmd_pass = {
	"pass", { "passer" }, N_("[WORD [TOKEN]]"), 0, 2, PA_NONE, turn_pass,
	N_("finish the turn without a meeple"),
	"", false, NULL };

static const struct play_cmd cmd_discard = {
	"discard", { "défausser", "defausser" }, N_("[TILE]"), 0, 1, PA_TILE, turn_discard,
	N_("the tile in hand fits nowhere: it leaves the game"),
	N_("  Only when it fits nowhere; the same player then draws again.\n"), false, NULL };

static const struct play_cmd cmd_legal = {
	"legal", { "légal" }, N_("[TILE]"), 0, 1, PA_TILE, view_legal,
	N_("where the tile in hand (or TILE) may go"),
	"", true, NULL };

static const struct play_cmd cmd_board = {
	"board", { "plateau" }, N_("[--svg FILE]"), 0, 2, PA_NONE, view_board,
	N_("a map of the board, with the meeples"),
	"", true, "--svg" };	/* its help: the game's kinds and pieces (tile_help_more) */

static const struct play_cmd cmd_score = {
	"score", { "score", "points" }, "", 0, 0, PA_NONE, view_score,
	N_("the scores, the meeples in hand, whose turn it is"),
	"", true, NULL };

static const struct play_cmd cmd_explain = {
	"explain", { "expliquer" }, N_("[PLAYER | X,Y[:SPOT]]"), 0, 1, PA_FEATURE, view_explain,
	N_("every point and why, or one feature in full"),
	N_("  explain PLAYER: every scoring that paid PLAYER, its arithmetic and majority,\n"
	"  and what PLAYER's meeples on the board would score if the game ended now.\n"
	"  explain X,Y:SPOT: the feature at that spot of the tile at X,Y: its tiles,\n"
	"  what it holds, meeples by player, who controls it, what it scored or would\n"
	"  score if the game ended now.  explain X,Y: every feature of that tile.\n"
	"  explain alone: every player.\n"), true, NULL };

static const struct play_cmd cmd_supply = {
	"supply", { "pioche" }, "", 0, 0, PA_NONE, view_supply,
	N_("the tiles left, by type"),
	"", true, NULL };

static const struct play_cmd cmd_tiles = {
	"tiles", { "tuiles" }, N_("[TILE...]"), 0, PLAY_MAXARGS - 1, PA_TILES, view_tiles,
	N_("the tile types with their codes and pictures"),
	"", true, NULL };

static const struct play_cmd cmd_find = {
	"find", { "chercher" }, N_("EDGES [--FILTER...]"), 1, PLAY_MAXARGS - 1, PA_FIND, view_find,
	N_("the tiles left that look like the one in hand"),
	"", true, NULL };

static const struct play_cmd cmd_end = {
	"end", { "fin" }, "", 0, 0, PA_NONE, turn_end,
	N_("end the game here: the final scoring"),
	N_("  The game also ends by itself when the last tile is played.  On a terminal,\n"
	"  end asks first (not with play --yes).\n"), false, NULL };

static const struct play_cmd cmd_load = {
	"load", { "charger" }, N_("FILE"), 1, 1, PA_FILE, session_load,
	N_("continue the game recorded in FILE instead"),
	N_("  FILE is not written: the game goes on in a journal of its own.  The game\n"
	"  in play stays kept under its name (carcref games lists them), and a tile\n"
	"  in hand with it, as when the session ends: carcref resume NAME gives it\n"
	"  back (on a terminal, load asks first whether to drop it).\n"), false, NULL };

/*
 * The modules' steps of the copy drawn, a command each (wheel N, plague
 * X,Y): named by their tokens' words, French by their aliases, their
 * help the tokens' (cr_token.step_summary, step_help); those of the
 * modules in play.
 */
static const struct play_cmd *
said_cmd(const struct play *p, int i)
{
	static struct play_cmd cmds[CR_MAXTOKENS + 1];
	static bool made;

	if (!made) {
		for (int id = 1; id <= CR_MAXTOKENS && cr_token(id) != NULL; id++) {
			const struct cr_token *tk = cr_token(id);
			struct play_cmd *c = &cmds[id];

			if (!tk->drawn)
				continue;
			c->name = tk->word;
			for (int k = 0; k < PLAY_NFR && tk->aliases && tk->aliases[k]; k++)
				c->fr[k] = tk->aliases[k];
			c->args = tk->square ? N_("X,Y[:SPOT]") : N_("N");
			c->minargs = c->maxargs = 1;
			c->complete = PA_SAID;
			c->fn = turn_said;
			c->summary = tk->step_summary ? tk->step_summary :
			    N_("what the drawn copy shows, before it is placed");
			c->help = tk->step_help ? tk->step_help : "";
		}
		made = true;
	}
	for (int id = 1; id <= CR_MAXTOKENS && cr_token(id) != NULL; id++)
		if (cmds[id].name != NULL && (cr_game_exts(p->g) >> cr_token_ext(id) & 1) &&
		    i-- == 0)
			return &cmds[id];
	return NULL;
}

const struct play_cmd *const tile_cmds[] = {
	&cmd_draw, &cmd_place, &cmd_choose, &cmd_meeple, &cmd_pass, &cmd_discard, &cmd_legal,
	&cmd_board, &cmd_score, &cmd_explain, &cmd_supply, &play_cmd_moves, &cmd_tiles,
	&cmd_find, &play_cmd_undo, &play_cmd_redo, &cmd_end, &play_cmd_save, &cmd_load,
	&play_cmd_report, &play_cmd_help, &play_cmd_quit, NULL,
};

/* " [--edition N] [--expansions X,Y] [--wheel-of-fortune FILE] ...": its
 * options and its modules' record keys (opts_init run before). */
static const char *
usage(bool selfplay)
{
	static char u[2][256];
	char *s = u[selfplay];
	size_t n;

	if (s[0] != '\0')
		return s;
	n = (size_t)snprintf(s, sizeof u[0], " [--edition %s] [--expansions X,Y]", selfplay ? "E" : "N");
	for (int k = 0; k < NDATA && play_opts[O_DATA + k].name != NULL && n < sizeof u[0]; k++)
		if (!selfplay || data_type[k] == CR_RK_DATA)
			n += (size_t)snprintf(s + n, sizeof u[0] - n, " [%s %s]", play_opts[O_DATA + k].name,
			    data_type[k] == CR_RK_DATA ? "FILE" : "\"X,Y[ ROT]\"");
	return s;
}

const struct play_game play_game_tile = {
	.rules = &nt_game_tile,
	.usage = usage,
	.more_cmd = said_cmd,
	.world = world,
	.play_opts = play_opts,
	.play_opt = play_opt,
	.new_only = N_("carcref play: --players, --edition and --expansions are for a new game; "
	    "%s has its own\n"),
	.selfplay_opts = selfplay_opts,
	.selfplay_opt = selfplay_opt,
	.random_game = tile_random_game,
	.pieces = true,
	.file_opt = file_opt,
	.opts_init = opts_init,
	.random_setup = tile_random_setup,
	.json_event = json_event,
	.json_event_after = json_event_after,
	.json_game = json_game,
	.ranking_tail = ranking_tail,
	.cmds = tile_cmds,
	.maxwords = PLAY_MAXARGS,
	.is_turn = tile_is_turn,
	.line = tile_line,
	.example = tile_example,
	.shape = N_("TILE X,Y ROT ROLE@SPOT"),
	.hint = tile_hint,
	.help_intro = tile_help_intro,
	.help_tail = N_("\nhelp COMMAND says more; Tab completes commands, tiles, positions and "
	    "spots.\n"),
	.help_more = tile_help_more,
	.over_hint = N_("game over: save FILE keeps it; score, explain, board show it; undo goes "
	    "back"),
	.say_state = tile_say_state,
	.standings = tile_standings,
	.tell = tile_tell,
	.complete = tile_complete,
	.hand_size = sizeof (struct tile_hand),
	.hand_max = 512,	/* bytes: "CODE", 9 words of the copy, "X,Y ROT" */
	.words = &tile_words,
	.hand_held = tile_hand_held,
	.hand_drop = tile_drop_hand,
	.hand_name = tile_hand_name,
	.hand_line = tile_hand_line,
	.prompt = tile_prompt,
	.ctrl_c = tile_ctrl_c,
	.hand_restore = tile_hand_restore,
	.undo_steps = NULL,
	.undone = tile_undone,
	.redoing = tile_redoing,
};
