/*
 * fuzz_move.c -- the turn-line parser: nt_parse_move on arbitrary bytes.
 *
 * Holds it to: no crash, no read outside the line (it is parsed from a
 * heap copy of exactly its bytes); an error has a column inside the line
 * and a message; a parsed move formats (nt_format_move, which truncates
 * as snprintf does) to a line that parses back to the same move, with or
 * without its player prefix, and formats again to the same text; its
 * piece, of whatever module, reads back the same by every word and alias
 * of the piece table (rules/ext.h), in any case.  The move is then
 * played with nt_play on a new game of the base game alone, one with
 * Inns & Cathedrals, one with every module: accepted exactly when
 * cr_game_check says so, and a refusal worded, naming the module of a
 * tile or piece not in play (fz_check_refusal).  Whatever line the fast
 * path for canonical lines takes, the general scanner reads the same.
 */
#include "fuzz.h"

static const char *const names[CR_MAXPLAYERS] = {
	"Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana",
};

static void
print_move(const char *what, const struct cr_move *m)
{
	fprintf(stderr, "  %s: kind %d tile %d x %d y %d rot %d role %d spot %d\n", what,
	    m->kind, m->tile, m->x, m->y, m->rot, m->role, m->spot);
}

/* Parse a NUL-free text of its own allocation. */
static int
parse(const char *text, size_t len, struct nt_turn *t, struct nt_error *err)
{
	char *copy = malloc(len ? len : 1);
	int rc;

	FZ_CHECK(copy != NULL, "out of memory");
	memcpy(copy, text, len);
	rc = nt_parse_move(&fz_base, copy, len, t, err);
	if (rc == 0 && t->player != NULL) {
		FZ_CHECK(t->player >= copy && t->player + t->player_len <= copy + len,
		    "player outside the line");
		t->player = text + (t->player - copy);	/* into the caller's text */
	}
	free(copy);
	return rc;
}

/* nt_format_move into a buffer of exactly size bytes: snprintf's rules. */
static void
check_truncation(const struct cr_move *m, const char *player, const char *full, int n, size_t size)
{
	char *buf = malloc(size ? size : 1);
	int k;

	FZ_CHECK(buf != NULL, "out of memory");
	k = nt_format_move(&fz_base, m, player, size ? buf : NULL, size);
	FZ_CHECK(k == n, "nt_format_move into %zu bytes returns %d, into enough %d", size, k, n);
	if (size > 0) {
		size_t want = (size_t)n < size - 1 ? (size_t)n : size - 1;

		FZ_CHECK(strlen(buf) == want && memcmp(buf, full, want) == 0,
		    "nt_format_move into %zu bytes wrote \"%s\", not a prefix of \"%s\"", size, buf, full);
	}
	free(buf);
}

/* The fast path for canonical lines agrees with the general scanner on
 * every line it takes (move.c). */
static void
check_fast(const char *line, size_t size)
{
	char *copy = malloc(size ? size : 1);
	struct nt_turn a, b;
	struct nt_error ea, eb;

	FZ_CHECK(copy != NULL, "out of memory");
	memcpy(copy, line, size);
	if (nt__move_fast(&fz_base, copy, size, &a, &ea)) {
		FZ_CHECK(nt__move_general(&fz_base, copy, size, &b, &eb) == 0,
		    "the fast path takes a line the general scanner refuses: %s", eb.msg);
		FZ_CHECK(fz_same_move(&a.move, &b.move) && a.blank == b.blank && a.player == b.player &&
		    ea.column == eb.column && strcmp(ea.msg, eb.msg) == 0,
		    "the fast path and the general scanner disagree");
	}
	free(copy);
}

/*
 * The canonical line with its piece written by every word and alias the
 * piece has, and in upper case: each reads back as the same move.
 */
static void
check_words(const char *buf, const struct cr_move *m)
{
	const struct cr_piece *pc = cr_piece(m->role);
	const char *sp = strrchr(buf, ' '), *at;
	struct nt_turn u;
	struct nt_error err;

	if (pc == NULL)
		return;
	if (m->arg != 0 && sp != NULL)	/* "shepherd@N sheep=2": the word before the token */
		while (--sp > buf && *sp != ' ')
			;
	FZ_CHECK(sp != NULL && strncmp(sp + 1, pc->word, strlen(pc->word)) == 0,
	    "\"%s\": the piece is not written \"%s\"", buf, pc->word);
	at = sp + 1 + strlen(pc->word);
	FZ_CHECK(cr_piece_find(pc->word, strlen(pc->word)) == m->role, "\"%s\" finds piece %d, not %d",
	    pc->word, cr_piece_find(pc->word, strlen(pc->word)), m->role);
	for (int k = -1; k < 0 || (pc->aliases != NULL && pc->aliases[k] != NULL); k++) {
		const char *w = k < 0 ? pc->word : pc->aliases[k];

		for (int upper = 0; upper < 2; upper++) {
			char line[256];
			int len = snprintf(line, sizeof line, "%.*s%s%s", (int)(sp + 1 - buf), buf, w, at);

			FZ_CHECK(len > 0 && (size_t)len < sizeof line, "a line of %d bytes", len);
			for (int i = (int)(sp + 1 - buf); upper && i < len && line[i] != '@'; i++)
				if (line[i] >= 'a' && line[i] <= 'z')
					line[i] = (char)(line[i] - 'a' + 'A');
			if (parse(line, (size_t)len, &u, &err) < 0)
				fz_fail(__FILE__, __LINE__, "parse(alias) == 0", "\"%s\" refused at column %d: %s",
				    line, err.column, err.msg);
			FZ_CHECK(!u.blank && fz_same_move(m, &u.move), "\"%s\" reads back as another move (\"%s\")",
			    line, buf);
		}
	}
}

/* Games to play the line on: the base game alone, with Inns &
 * Cathedrals, with every module (the river's order then holds), made
 * once and restarted for each input. */
static struct cr_config configs[3];
static struct cr_game *games[3];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int inns = cr_ext_find("inns-cathedrals", 15);

	(void)argc;
	fz_load_base((*argv)[0]);
	configs[0] = (struct cr_config){ 3, 2, 0 };
	configs[1] = (struct cr_config){ 3, 2, inns > 0 ? 1u << inns : 0 };
	configs[2] = (struct cr_config){ 1, 3, (1u << cr_nexts) - 1 };
	for (int i = 0; i < 3; i++)
		if ((games[i] = cr_game_create(&fz_base, &configs[i])) == NULL) {
			fprintf(stderr, "fuzz_move: cannot create game %d\n", i);
			exit(2);
		}
	return 0;
}

/* The line played on g: nt_play agrees with cr_game_check, and leaves g
 * as it was when it refuses. */
static void
play(struct cr_game *g, const char *line, size_t size, const struct nt_turn *t)
{
	struct fz_snap before, after;
	struct cr_refusal why;
	struct nt_error err;
	bool ok = cr_game_check(g, &t->move, &why);
	int rc;

	if (!ok)
		fz_check_refusal(g, &t->move, &why, names);
	fz_snapshot(g, &before);
	rc = nt_play(g, names, line, size, NULL, &err);
	if (rc < 0) {
		fz_snapshot(g, &after);
		FZ_SAME_SNAP(&before, &after, "nt_play refused \"%.*s\" but changed the game",
		    (int)size, line);
		FZ_CHECK(err.msg[0] != '\0' && memchr(err.msg, '\0', sizeof err.msg) != NULL,
		    "a refusal without a message");
		FZ_CHECK(!ok || t->player != NULL, "\"%.*s\": cr_game_check accepts it, nt_play refuses: %s",
		    (int)size, line, err.msg);
	} else {
		FZ_CHECK(ok, "\"%.*s\": nt_play accepts it, cr_game_check refuses: code %d",
		    (int)size, line, why.code);
		FZ_CHECK(cr_game_nmoves(g) == 1, "nt_play accepted, %d moves", cr_game_nmoves(g));
	}
	fz_invariants(g);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *line = (const char *)data;
	struct nt_turn t, u;
	struct nt_error err;
	char buf[512], again[512], *pname = NULL;
	int n, rc;

	if (size > 4096)
		return -1;
	check_fast(line, size);
	rc = parse(line, size, &t, &err);
	FZ_CHECK(memchr(err.msg, '\0', sizeof err.msg) != NULL, "message not terminated");
	if (rc < 0) {
		FZ_CHECK(rc == -1, "nt_parse_move returned %d", rc);
		FZ_CHECK(err.column >= 1 && (size_t)err.column <= size + 1,
		    "error column %d in a line of %zu bytes: %s", err.column, size, err.msg);
		FZ_CHECK(err.msg[0] != '\0', "an error without a message, column %d", err.column);
		return 0;
	}
	FZ_CHECK(rc == 0, "nt_parse_move returned %d", rc);
	if (t.blank) {
		FZ_CHECK(t.player == NULL, "a blank line with a player");
		return 0;
	}
	FZ_CHECK(t.move.kind == CR_MOVE_END || (t.move.tile >= 0 && t.move.tile < fz_base.ntypes),
	    "tile %d of %d", t.move.tile, fz_base.ntypes);
	FZ_CHECK(t.move.rot >= 0 && t.move.rot < 4, "rotation %d", t.move.rot);
	FZ_CHECK(t.move.role >= CR_ROLE_NONE && t.move.role < cr_npieces(), "role %d", t.move.role);
	FZ_CHECK(t.move.spot >= 0 && t.move.spot < CR_NSPOTS, "spot %d", t.move.spot);

	/* format, parse back, format again */
	n = nt_format_move(&fz_base, &t.move, NULL, buf, sizeof buf);
	FZ_CHECK(n > 0 && (size_t)n < sizeof buf, "nt_format_move returned %d", n);
	FZ_CHECK(strlen(buf) == (size_t)n, "nt_format_move returned %d, wrote %zu", n, strlen(buf));
	if (parse(buf, (size_t)n, &u, &err) < 0) {
		print_move("parsed", &t.move);
		fz_fail(__FILE__, __LINE__, "parse(format(m)) == 0", "\"%s\" refused at column %d: %s",
		    buf, err.column, err.msg);
	}
	if (u.blank || u.player != NULL || !fz_same_move(&t.move, &u.move)) {
		print_move("parsed   ", &t.move);
		print_move("reparsed ", &u.move);
		fz_fail(__FILE__, __LINE__, "parse(format(m)) == m", "the canonical form \"%s\" reads back differently", buf);
	}
	FZ_CHECK(nt_format_move(&fz_base, &u.move, NULL, again, sizeof again) == n &&
	    strcmp(buf, again) == 0, "format is not stable: \"%s\", then \"%s\"", buf, again);
	check_truncation(&t.move, NULL, buf, n, 0);
	check_truncation(&t.move, NULL, buf, n, 1);
	check_truncation(&t.move, NULL, buf, n, (size_t)n / 2 + 1);
	check_truncation(&t.move, NULL, buf, n, (size_t)n);
	check_truncation(&t.move, NULL, buf, n, (size_t)n + 1);
	check_words(buf, &t.move);

	/* the same with the player prefix, when it is a C string */
	if (t.player != NULL && memchr(t.player, '\0', t.player_len) == NULL) {
		size_t pl = t.player_len;
		char *full;

		pname = malloc(pl + 1);
		FZ_CHECK(pname != NULL, "out of memory");
		memcpy(pname, t.player, pl);
		pname[pl] = '\0';
		n = nt_format_move(&fz_base, &t.move, pname, NULL, 0);
		FZ_CHECK(n > 0, "nt_format_move with player returned %d", n);
		full = malloc((size_t)n + 1);
		FZ_CHECK(full != NULL, "out of memory");
		FZ_CHECK(nt_format_move(&fz_base, &t.move, pname, full, (size_t)n + 1) == n,
		    "nt_format_move with player: two lengths");
		if (parse(full, (size_t)n, &u, &err) < 0)
			fz_fail(__FILE__, __LINE__, "parse(format(m, player)) == 0", "\"%s\" refused at column %d: %s",
			    full, err.column, err.msg);
		FZ_CHECK(!u.blank && u.player != NULL && u.player_len == pl &&
		    memcmp(u.player, pname, pl) == 0 && fz_same_move(&t.move, &u.move),
		    "\"%s\" reads back differently (player \"%s\")", full, pname);
		check_truncation(&t.move, pname, full, n, (size_t)n / 2);
		free(full);
	}

	/* play it on new games: accepted, or refused in words */
	for (int i = 0; i < 3; i++) {
		FZ_CHECK(cr_game_restart(games[i], &configs[i]), "cr_game_restart of game %d failed", i);
		play(games[i], line, size, &t);
	}
	free(pname);
	return 0;
}
