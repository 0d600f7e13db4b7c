/*
 * fuzz_move.c -- the turn-line parser: nt_parse_move on arbitrary bytes.
 *
 * Holds it to: no crash, no read outside the line (it is parsed from a
 * heap copy of exactly its bytes); an error has a column inside the line
 * and a message; a parsed move formats (nt_format_move, which truncates
 * as snprintf does) to a line that parses back to the same move (its
 * choice, piece and tokens included), with or without its player
 * prefix, and formats again to the same text; its choice, piece and
 * tokens, of whatever module, read back the same by every word and alias
 * of the tables (rules/ext.h: pieces, choices, tokens; the French words
 * of carcref-notation(5) among them, checked once to be there), in any
 * case.  The move is then played with nt_play on a new game of the base
 * game alone, one with Inns & Cathedrals, one with Traders & Builders and
 * Hills & Sheep, one with every module: accepted exactly when
 * cr_game_check says so, and a refusal worded, naming the module of a
 * tile, choice or piece not in play, or what is wrong with a token
 * (fz_check_refusal).  Whatever line the fast path for canonical lines
 * takes (choices and tokens too), the general scanner reads the same.
 */
#include "fuzz.h"

static const char *const names[CR_MAXPLAYERS] = {
	"Anna", "Ben", "Carl", "Dora", "Emil", "Fay", "Gus", "Hana",
};

static void
print_move(const char *what, const struct cr_move *m)
{
	fprintf(stderr, "  %s: kind %d tile %d x %d y %d rot %d role %d spot %d token 0x%x "
	    "choice %d 0x%x\n", what, m->kind, m->tile, m->x, m->y, m->rot, m->role, m->spot, m->arg,
	    m->choice, m->choice_arg);
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
 * The canonical line buf with the word of length wn at off written w
 * instead (the rest kept), in lower case and with its ASCII letters in
 * upper case: each reads back as the same move m.
 */
static void
respell(const char *buf, size_t off, size_t wn, const char *w, const struct cr_move *m)
{
	struct nt_turn u;
	struct nt_error err;

	for (int upper = 0; upper < 2; upper++) {
		char line[256];
		int len = snprintf(line, sizeof line, "%.*s%s%s", (int)off, buf, w, buf + off + wn);

		FZ_CHECK(len > 0 && (size_t)len < sizeof line, "a line of %d bytes", len);
		for (size_t i = off; upper && i < off + strlen(w); i++)
			if (line[i] >= 'a' && line[i] <= 'z')
				line[i] = (char)(line[i] - 'a' + 'A');
		if (parse(line, (size_t)len, &u, &err) < 0)
			fz_fail(__FILE__, __LINE__, "parse(respelt) == 0", "\"%s\" refused at column %d: %s",
			    line, err.column, err.msg);
		FZ_CHECK(!u.blank && fz_same_move(m, &u.move), "\"%s\" reads back as another move (\"%s\")",
		    line, buf);
	}
}

/* Every spelling of the word of the line at *pp (up to a byte of stop):
 * its word and aliases; *pp then goes past it and its space. */
static void
respell_all(const char *buf, const char **pp, const char *stop, const char *word,
    const char *const *aliases, const struct cr_move *m)
{
	size_t off = (size_t)(*pp - buf), wn = strcspn(*pp, stop);

	FZ_CHECK(wn == strlen(word) && strncmp(*pp, word, wn) == 0,
	    "\"%s\": \"%s\" is not written at column %zu", buf, word, off + 1);
	respell(buf, off, wn, word, m);
	for (const char *const *a = aliases; a != NULL && *a != NULL; a++)
		respell(buf, off, wn, *a, m);
	*pp += strcspn(*pp, " ");
	*pp += **pp == ' ';
}

/* A token's spellings: its word, the part before "=". */
static void
respell_token(const char *buf, const char **pp, int arg, const struct cr_move *m)
{
	const struct cr_token *t = cr_token(CR_TOKEN_ID(arg));

	respell_all(buf, pp, " =", t->word, t->aliases, m);
}

/*
 * The canonical line "CODE X,Y ROT [CHOICE [TOKEN]] [PIECE[@SPOT] [TOKEN]]"
 * with its choice, piece and tokens each written by every word and alias
 * of the tables of rules/ext.h (French ones among them), in any case:
 * each reads back as the same move.
 */
static void
check_words(const char *buf, const struct cr_move *m)
{
	const char *p = buf;

	if (m->kind != CR_MOVE_PLACE)
		return;
	/* the code, what is said of the copy drawn (issue 21: wheel=3
	 * plague=4,2), the position, the rotation */
	for (int k = 0; k < 3 + m->ndrawn; k++) {
		p += strcspn(p, " ");
		p += *p == ' ';
	}
	if (m->choice != 0)
		respell_all(buf, &p, " ", cr_choice(m->choice)->word, cr_choice(m->choice)->aliases, m);
	if (m->choice_arg != 0)
		respell_token(buf, &p, m->choice_arg, m);
	if (m->role != CR_ROLE_NONE) {
		const struct cr_piece *pc = cr_piece(m->role);

		FZ_CHECK(cr_piece_find(0, pc->word, strlen(pc->word)) == m->role, "\"%s\" finds piece %d, not %d",
		    pc->word, cr_piece_find(0, pc->word, strlen(pc->word)), m->role);
		respell_all(buf, &p, " @", pc->word, pc->aliases, m);
	}
	if (m->arg != 0)
		respell_token(buf, &p, m->arg, m);
	FZ_CHECK(*p == '\0', "\"%s\": \"%s\" left after the move's words", buf, p);
}

/* Games to play the line on: the base game alone, with Inns &
 * Cathedrals, with Traders & Builders and Hills & Sheep (their pieces
 * and choices), with every module (the river's order then holds), made
 * once and restarted for each input. */
#define NGAMES	4
static struct cr_config configs[NGAMES];
static struct cr_setup setups[NGAMES];
static struct cr_game *games[NGAMES];

/* Words carcref-notation(5) gives for the pieces, choices and tokens of
 * the expansions, French ones among them: each names its thing. */
static const struct { const char *word, *is; int what; } documented[] = {
	{ "builder", "builder", 0 }, { "b\xc3\xa2tisseur", "builder", 0 }, { "batisseur", "builder", 0 },
	{ "pig", "pig", 0 }, { "cochon", "pig", 0 }, { "shepherd", "shepherd", 0 },
	{ "berger", "shepherd", 0 }, { "BERGER", "shepherd", 0 },
	{ "grow", "grow", 1 }, { "agrandir", "grow", 1 }, { "herd", "herd", 1 },
	{ "rassembler", "herd", 1 }, { "sheep", "sheep", 2 }, { "mouton", "sheep", 2 },
	{ "wolf", "wolf", 2 }, { "loup", "wolf", 2 }, { "Loup", "wolf", 2 },
};

static void
check_documented(void)
{
	for (size_t i = 0; i < sizeof documented / sizeof documented[0]; i++) {
		const char *w = documented[i].word, *is;
		size_t n = strlen(w);

		switch (documented[i].what) {
		case 0: is = cr_role_name(cr_piece_find(0, w, n)); break;
		case 1: is = cr_choice(cr_choice_find(0, w, n)) ? cr_choice(cr_choice_find(0, w, n))->word : NULL; break;
		default: is = cr_token(cr_token_find(0, w, n)) ? cr_token(cr_token_find(0, w, n))->word : NULL; break;
		}
		FZ_CHECK(is != NULL && strcmp(is, documented[i].is) == 0, "\"%s\" names %s, not %s", w,
		    is ? is : "nothing", documented[i].is);
	}
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	int inns = cr_ext_find("inns-cathedrals", 15);
	int tb = cr_ext_find("traders-builders", 16), hs = cr_ext_find("hills-sheep", 11);

	(void)argc;
	fz_load_base((*argv)[0]);
	check_documented();
	configs[0] = (struct cr_config){ 3, 2, 0 };
	configs[1] = (struct cr_config){ 3, 2, inns > 0 ? 1u << inns : 0 };
	uint32_t all = cr_rules_modules(0);
	int wf = cr_ext_find("wheel-of-fortune", 16), a, b;

	while (!cr_exts_together(all, &a, &b))	/* not refereed together yet: the later out */
		all &= ~(1u << b);
	configs[2] = (struct cr_config){ 2, 4, (tb > 0 ? 1u << tb : 0) | (hs > 0 ? 1u << hs : 0) |
	    (wf > 0 ? 1u << wf : 0) };
	configs[3] = (struct cr_config){ 1, 3, all };
	for (int i = 0; i < NGAMES; i++) {
		struct cr_square sq[1];

		/* A start tile beside the start squares (the River's spring by
		 * the wheel's board, issue 21): on the first square open. */
		if (cr_game_beside_options(&fz_base, &configs[i], sq, 1) > 0)
			setups[i] = (struct cr_setup){ 1, sq[0].x, sq[0].y, sq[0].rot, NULL };
		if ((games[i] = cr_game_create_setup(&fz_base, &configs[i], &setups[i])) == NULL) {
			fprintf(stderr, "fuzz_move: cannot create game %d\n", i);
			exit(2);
		}
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
	for (int i = 0; i < NGAMES; i++) {
		FZ_CHECK(cr_game_restart_setup(games[i], &configs[i], &setups[i]),
		    "cr_game_restart of game %d failed", i);
		play(games[i], line, size, &t);
	}
	free(pname);
	return 0;
}
