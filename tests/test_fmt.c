/*
 * test_fmt.c -- records in canonical form with their comments kept
 * (nt_record_fmt, behind carcref fmt): exact outputs for the shapes a
 * record takes, the defects of issue 10 (long lines cut, escaped newlines
 * written raw, lines split otherwise than libyaml splits them), and
 * random games with comments strewn through them, each comment followed
 * to where it must land.
 */
#include "testutil.h"
#include "notation/record-int.h"

/* ---- helpers ----------------------------------------------------------- */

struct buf {
	char	*s;
	size_t	 n, cap;
	int	 resets;
};

static void
buf_put(void *arg, const char *s, size_t n)
{
	struct buf *b = arg;

	if (b->n + n + 1 > b->cap) {
		b->cap = 2 * (b->n + n + 1);
		b->s = realloc(b->s, b->cap);
		assert_non_null(b->s);
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static void
buf_reset(void *arg)
{
	struct buf *b = arg;

	b->n = 0;
	if (b->s)
		b->s[0] = '\0';
	b->resets++;
}

/* The canonical form of TEXT; fails the test if it cannot be made. */
static char *
fmt_text(const char *text, size_t len, int *resets)
{
	struct buf b = { 0 };
	struct nt_fmt_error err;

	if (nt_record_fmt(text, len, tu_base(), buf_put, buf_reset, &b, &err) < 0)
		fail_msg("fmt refused (move %d, %d:%d): %s\n%.400s", err.move, err.line,
		    err.column, err.msg, text);
	if (resets)
		*resets = b.resets;
	buf_put(&b, "", 0);
	return b.s;
}

/*
 * fmt TEXT must give exactly WANT, read back by libyaml as the same
 * record, and be its own canonical form.
 */
static void
fmt_is(const char *text, const char *want)
{
	char *out = fmt_text(text, strlen(text), NULL), *again;
	struct nt_record a, b;
	struct cr_error err;

	if (strcmp(out, want) != 0)
		fail_msg("fmt of:\n%s\ngave:\n%s\nwanted:\n%s", text, out, want);
	if (nt_record_parse(&a, text, strlen(text), &err) < 0)
		fail_msg("the input does not read: %s", err.msg);
	if (nt_record_parse_yaml(&b, out, strlen(out), &err) < 0)
		fail_msg("libyaml refuses fmt's output at %d:%d: %s\n%s", err.line, err.column,
		    err.msg, out);
	assert_int_equal(a.edition, b.edition);
	assert_int_equal(a.nplayers, b.nplayers);
	assert_int_equal(a.nmoves, b.nmoves);
	for (int i = 0; i < a.nmoves; i++) {
		struct nt_turn ta, tb;
		struct nt_error e;

		assert_int_equal(nt_parse_move(tu_base(), a.moves[i].text, strlen(a.moves[i].text),
		    &ta, &e), 0);
		assert_int_equal(nt_parse_move(tu_base(), b.moves[i].text, strlen(b.moves[i].text),
		    &tb, &e), 0);
		/* The move and the tokens it says of the copy drawn, not the
		 * room after them, which a parse leaves alone. */
		assert_int_equal(ta.move.ndrawn, tb.move.ndrawn);
		assert_memory_equal(&ta.move, &tb.move, offsetof(struct cr_move, drawn) +
		    (size_t)ta.move.ndrawn * sizeof ta.move.drawn[0]);
	}
	nt_record_free(&a);
	nt_record_free(&b);
	again = fmt_text(out, strlen(out), NULL);
	if (strcmp(again, out) != 0)
		fail_msg("fmt is not stable:\n%s\nthen:\n%s", out, again);
	free(again);
	free(out);
}

#define CANON_HEAD	"format: carcref/1\ngame: carcassonne\nedition: 3\nexpansions: []\n" \
			"players:\n  - Anna\n  - Ben\n"

/* ---- exact outputs ------------------------------------------------------- */

static void
test_plain(void **state)
{
	(void)state;
	fmt_is("format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - v 1,0 90 t@w\n  - b -1,0 0 m\n",
	    CANON_HEAD "moves:\n  - V 1,0 90 thief@W\n  - B -1,0 0 monk\n");
	fmt_is("format: carcref/1\nplayers: [Anna, Ben]\n", CANON_HEAD "moves: []\n");
	fmt_is("format: carcref/1\nplayers: [Anna, Ben]\nmoves: []  # none yet\n",
	    CANON_HEAD "moves: []  # none yet\n");
}

/* Issue 10, defect 1: a move line longer than 128 bytes was cut. */
static void
test_long_lines(void **state)
{
	char name[301], text[1200], want[1400];

	(void)state;
	memset(name, 'A', 300);
	name[300] = '\0';
	snprintf(text, sizeof text, "format: carcref/1\nplayers: [%s, Ben]\nmoves:\n"
	    "  - \"%s: V 1,0 90 thief@W\"  # %s\n", name, name, name);
	snprintf(want, sizeof want, "format: carcref/1\ngame: carcassonne\nedition: 3\n"
	    "expansions: []\nplayers:\n  - %s\n  - Ben\nmoves:\n  - \"%s: V 1,0 90 thief@W\"  # %s\n",
	    name, name, name);
	fmt_is(text, want);
}

/* Issue 10, defect 2: an escaped newline in a quoted move's comment was
 * written raw, which broke the record. */
static void
test_escapes_in_comments(void **state)
{
	(void)state;
	fmt_is("format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - \"V 1,0 90 # one\\ntwo\"\n"
	    "  - U 0,1 0\n",
	    CANON_HEAD "moves:\n  - V 1,0 90  # one\\ntwo\n  - U 0,1 0\n");
	fmt_is("format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n"
	    "  - \"V 1,0 90 #\\e[31m\\x07\\r\\t\\u2028\\N\\x7f é\"  # after\n",
	    CANON_HEAD "moves:\n  - V 1,0 90  #\\x1b[31m\\x07\\r\t\\u2028\\x85\\x7f é # after\n");
}

/* Issue 10, defect 3: fmt split lines at \n only, libyaml also at a lone
 * CR, NEL, LS and PS: comments moved to another move or vanished. */
static void
test_line_breaks(void **state)
{
	(void)state;
	fmt_is("format: carcref/1\rplayers: [Anna, Ben]\rmoves:\r  - V 1,0 90 # first\r"
	    "  # before second\r  - U 0,1 0 # second\r",
	    CANON_HEAD "moves:\n  - V 1,0 90  # first\n  # before second\n  - U 0,1 0  # second\n");
	fmt_is("format: carcref/1\r\nplayers: [Anna, Ben]\r\nmoves:\r\n  - V 1,0 90 # first\r\n"
	    "  # before second\r\n  - U 0,1 0 # second\r\n",
	    CANON_HEAD "moves:\n  - V 1,0 90  # first\n  # before second\n  - U 0,1 0  # second\n");
	fmt_is("format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  # c\xe2\x80\xa8  # d\xc2\x85"
	    "  - V 1,0 90 # first\xe2\x80\xa9  # before second\n  - U 0,1 0 # second\n",
	    CANON_HEAD "moves:\n  # c\n  # d\n  - V 1,0 90  # first\n  # before second\n"
	    "  - U 0,1 0  # second\n");
}

/* Every place a comment can stand. */
static void
test_comments_everywhere(void **state)
{
	(void)state;
	fmt_is("# top\n%YAML 1.1 # directive\n--- # doc\nformat: carcref/1 # fmt\n"
	    "edition: 1   # ed\n# before players\nplayers:   # pl\n  # before anna\n"
	    "  - {name: Anna,   # host\n     # inside\n     color: red} # red\n  - Ben\n"
	    "# before moves\nmoves: # the moves\n  - \"V 1,0 90 # q\"   # after\n  # c1\n\n"
	    "  # c2\n  - Ben: U 0,1 0  # t\n  - E 0,-1 0\n# tail\n... # end\n# after end\n",
	    "# top\n# directive\n# doc\nformat: carcref/1  # fmt\ngame: carcassonne\n"
	    "edition: 1  # ed\nexpansions: []\n# before players\nplayers:  # pl\n"
	    "  # before anna\n  - {name: Anna, color: red}  # host # inside # red\n  - Ben\n"
	    "# before moves\nmoves:  # the moves\n  - V 1,0 90  # q # after\n  # c1\n  # c2\n"
	    "  - \"Ben: U 0,1 0\"  # t\n  - E 0,-1 0\n# tail\n# end\n# after end\n");
	/* After a quoted scalar or a flow indicator, '#' begins a comment
	 * without a blank, as libyaml reads it. */
	fmt_is("%TAG !e! tag:example.com,2000:a # c\n---\nformat: \"carcref/1\"#x\n"
	    "players: [Anna,#y\n Ben]\n",
	    "# c\nformat: carcref/1  #x\ngame: carcassonne\nedition: 3\nexpansions: []\n"
	    "players:\n  - Anna  #y\n  - Ben\nmoves: []\n");
}

/* A header key after the moves: read twice, nothing lost or moved. */
static void
test_key_after_moves(void **state)
{
	int resets;
	const char *text = "# top\nmoves:   # m\n  - V 1,0 90 # a\n  # b\n  - U 0,1 0\n"
	    "# before players\nplayers: [Anna, Ben] # p\n# before fmt\nformat: carcref/1\n# tail\n";
	char *out;

	(void)state;
	fmt_is(text, "# top\n# before fmt\nformat: carcref/1\ngame: carcassonne\nedition: 3\n"
	    "expansions: []\n# before players\nplayers:\n  - Anna\n  - Ben  # p\nmoves:  # m\n"
	    "  - V 1,0 90  # a\n  # b\n  - U 0,1 0\n# tail\n");
	out = fmt_text(text, strlen(text), &resets);
	assert_int_equal(resets, 1);
	free(out);
}

/* The fast path reads most of a record, then gives up (a UTF-8 comment
 * at the end): the output is libyaml's, whole, once. */
static void
test_fast_path_gives_up(void **state)
{
	const char *text = "format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n  - V 1,0 90 # a\n"
	    "  - U 0,1 0\n  - U 0,2 0 # Zoé\n";
	int resets;
	char *out;

	(void)state;
	fmt_is(text, CANON_HEAD "moves:\n  - V 1,0 90  # a\n  - U 0,1 0\n  - U 0,2 0  # Zoé\n");
	out = fmt_text(text, strlen(text), &resets);
	assert_int_equal(resets, 1);
	free(out);
}

/* What fmt refuses, with the place. */
static void
test_refusals(void **state)
{
	struct buf b = { 0 };
	struct nt_fmt_error err;
	const char *bad_move = "format: carcref/1\nplayers: [Anna]\nmoves:\n  - V 1,0 90\n"
	    "  - V 1,0 45\n";
	const char *bad_yaml = "format: carcref/1\nplayers: [Anna\n";

	(void)state;
	assert_int_equal(nt_record_fmt(bad_move, strlen(bad_move), tu_base(), buf_put, buf_reset,
	    &b, &err), -1);
	assert_int_equal(err.move, 2);
	assert_int_equal(err.line, 5);
	assert_int_equal(err.column, 11);
	assert_string_equal(err.msg, "expected a rotation 0, 90, 180 or 270, got \"45\"");
	assert_int_equal(nt_record_fmt(bad_yaml, strlen(bad_yaml), tu_base(), buf_put, buf_reset,
	    &b, &err), -1);
	assert_int_equal(err.move, 0);
	assert_int_equal(err.line, 3);
	free(b.s);
}

/* ---- random games with comments strewn through them ---------------------- */

/* A comment's text, sometimes with what trips line splitting (UTF-8, a
 * tab, a '#' inside, NEL or LS which libyaml reads as line breaks are
 * never put inside: they would make it two comments). */
static void
random_comment(uint32_t *seed, int tag, char *buf, size_t size)
{
	static const char *bits[] = { "", " é", "\t", " # x", " Zoé:", " ---", " [a, b]" };

	snprintf(buf, size, "# c%d%s", tag, bits[tu_rnd(seed) % 7]);
}

static void
test_random_comments(void **state)
{
	(void)state;
	for (uint32_t game = 1; game <= 120; game++) {
		uint32_t seed = game * 2654435761u;
		struct cr_game *g = tu_game(3, 2 + (int)(game % 4));
		struct buf in = { 0 }, want = { 0 };
		char c[64], line[128];
		const char *nl = game % 5 == 0 ? "\r\n" : game % 7 == 0 ? "\r" : "\n";
		int n;

		tu_random_moves(g, seed, 30 + (int)(game % 50));
		n = cr_game_nmoves(g);
		snprintf(line, sizeof line, "format: carcref/1%splayers: [", nl);
		buf_put(&in, line, strlen(line));
		for (int p = 0; p < cr_game_nplayers(g); p++) {
			snprintf(line, sizeof line, "%s%s", p ? ", " : "", tu_names[p]);
			buf_put(&in, line, strlen(line));
		}
		snprintf(line, sizeof line, "]%smoves:%s", nl, nl);
		buf_put(&in, line, strlen(line));
		snprintf(line, sizeof line, "format: carcref/1\ngame: carcassonne\nedition: 3\n"
		    "expansions: []\nplayers:\n");
		buf_put(&want, line, strlen(line));
		for (int p = 0; p < cr_game_nplayers(g); p++) {
			snprintf(line, sizeof line, "  - %s\n", tu_names[p]);
			buf_put(&want, line, strlen(line));
		}
		buf_put(&want, n ? "moves:\n" : "moves: []\n", n ? 7 : 10);
		for (int i = 0; i < n; i++) {
			int before = (int)(tu_rnd(&seed) % 3), after = (int)(tu_rnd(&seed) % 2);
			int quoted = (int)(tu_rnd(&seed) % 3) == 0;

			for (int k = 0; k < before; k++) {
				random_comment(&seed, i, c, sizeof c);
				snprintf(line, sizeof line, "%*s%s%s", (int)(tu_rnd(&seed) % 4), "", c, nl);
				buf_put(&in, line, strlen(line));
				snprintf(line, sizeof line, "  %s\n", c);
				buf_put(&want, line, strlen(line));
			}
			nt_format_move(tu_base(), cr_game_move(g, i), NULL, line, sizeof line);
			buf_put(&want, "  - ", 4);
			buf_put(&want, line, strlen(line));
			buf_put(&in, quoted ? "  - \"" : "  - ", quoted ? 5 : 4);
			buf_put(&in, line, strlen(line));
			if (quoted && tu_rnd(&seed) % 2) {	/* a comment inside the quotes */
				snprintf(c, sizeof c, "# in%d", i);
				snprintf(line, sizeof line, " %s", c);
				buf_put(&in, line, strlen(line));
				snprintf(line, sizeof line, "  %s", c);
				buf_put(&want, line, strlen(line));
				if (after) {
					random_comment(&seed, i, c, sizeof c);
					buf_put(&in, "\"  ", 3);
					buf_put(&in, c, strlen(c));
					snprintf(line, sizeof line, " %s", c);
					buf_put(&want, line, strlen(line));
				} else
					buf_put(&in, "\"", 1);
			} else {
				if (quoted)
					buf_put(&in, "\"", 1);
				if (after) {	/* its column kept: after the quotes */
					random_comment(&seed, i, c, sizeof c);
					snprintf(line, sizeof line, "  %s", c);
					buf_put(&in, line, strlen(line));
					snprintf(line, sizeof line, "%s  %s", quoted ? "  " : "", c);
					buf_put(&want, line, strlen(line));
				}
			}
			buf_put(&in, nl, strlen(nl));
			buf_put(&want, "\n", 1);
		}
		for (int k = (int)(tu_rnd(&seed) % 3); k > 0; k--) {
			random_comment(&seed, 999, c, sizeof c);
			snprintf(line, sizeof line, "%s%s", c, nl);
			buf_put(&in, line, strlen(line));
			snprintf(line, sizeof line, "%s\n", c);
			buf_put(&want, line, strlen(line));
		}
		fmt_is(in.s, want.s);
		free(in.s);
		free(want.s);
		cr_game_free(g);
	}
}

/* ---- issue 18: the artwork written, comments aligned by hand -------------- */

/* Issue 18, item 26: a type with two artworks (IC-Ka/IC-Kb, RV-D/RV-F,
 * RV-G/RV-J) keeps the letter written, in the tile set's case; "BA-V"
 * is still the base game's V. */
static void
test_artwork_kept(void **state)
{
	static const struct { const char *in, *want; int art; } c[] = {
		{ "RV-F 1,0 0", "RV-F 1,0 0", 1 }, { "rv-f 1,0 0", "RV-F 1,0 0", 1 },
		{ "RV-D 1,0 0", "RV-D 1,0 0", 0 }, { "rv-j 1,0 90", "RV-J 1,0 90", 1 },
		{ "RV-G 1,0 90", "RV-G 1,0 90", 0 }, { "ic-kb 0,1 0", "IC-Kb 0,1 0", 1 },
		{ "IC-KA 0,1 0", "IC-Ka 0,1 0", 0 }, { "Ic-Kb discard", "IC-Kb discard", 1 },
		{ "ba-v 1,0 90", "V 1,0 90", 0 }, { "Anna: RV-F 1,0 0 farmer@N",
		    "Anna: RV-F 1,0 0 farmer@N", 1 },
	};
	char in[256], want[256], buf[64];

	(void)state;
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		struct nt_turn t, g;
		struct nt_error e;
		size_t n = strlen(c[i].in);
		bool fast = nt__move_fast(tu_base(), c[i].in, n, &t, &e);

		assert_int_equal(nt__move_general(tu_base(), c[i].in, n, &g, &e), 0);
		assert_int_equal(g.art, c[i].art);
		if (fast)	/* the fast path reads the same artwork */
			assert_int_equal(t.art, c[i].art);
		nt_format_move_as(tu_base(), &g.move, g.art, NULL, buf, sizeof buf);
		assert_string_equal(buf, c[i].want + (g.player ? 6 : 0));
		snprintf(in, sizeof in, "format: carcref/1\nexpansions: [river, "
		    "inns-cathedrals]\nplayers: [Anna, Ben]\nmoves:\n  - \"%s\"\n", c[i].in);
		snprintf(want, sizeof want, "format: carcref/1\ngame: carcassonne\nedition: 3\n"
		    "expansions: [river, inns-cathedrals]\nplayers:\n  - Anna\n  - Ben\nmoves:\n"
		    "  - %s%s%s\n", g.player ? "\"" : "", c[i].want, g.player ? "\"" : "");
		fmt_is(in, want);
	}
	/* the code a type has for each artwork, and none it has not */
	{
		int d = cr_tileset_find(tu_base(), "RV-D", 4);

		assert_string_equal(nt_tile_code(tu_base(), d, 0), "RV-D");
		assert_string_equal(nt_tile_code(tu_base(), d, 1), "RV-F");
		assert_string_equal(nt_tile_code(tu_base(), d, 2), "RV-D");
		assert_string_equal(nt_tile_code(tu_base(), -1, 0), "?");
	}
}

/* Comments aligned by hand after the moves stay aligned: a trailing
 * comment keeps its column when two spaces still stand before it, and the
 * comment lines just under it, at its column, stay under it. */
static void
test_comment_columns(void **state)
{
	(void)state;
	/* kept, as written; a monk@C made canonical keeps the column */
	fmt_is("format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n"
	    "  - V 1,0 90 thief@W      # one\n"
	    "                          # one, again\n"
	    "                          # and again\n"
	    "  - B -1,0 0 monk@C       # two\n"
	    "  - \"Anna: U 0,1 0\"       # three\n",
	    CANON_HEAD "moves:\n"
	    "  - V 1,0 90 thief@W      # one\n"
	    "                          # one, again\n"
	    "                          # and again\n"
	    "  - B -1,0 0 monk         # two\n"
	    "  - \"Anna: U 0,1 0\"       # three\n");
	/* a line grown past its comment: two spaces, and the lines under it
	 * follow it; one space is made two */
	fmt_is("format: carcref/1\nplayers: [Anna, Ben]\nmoves:\n"
	    "  - Anna: B -1,0 0 m # two\n"
	    "                     # more\n"
	    "  - U 0,1 0 # three\n",
	    CANON_HEAD "moves:\n"
	    "  - \"Anna: B -1,0 0 monk\"  # two\n"
	    "                           # more\n"
	    "  - U 0,1 0  # three\n");
	/* not a continuation: another column, a blank line between, a tab;
	 * the header's comments are not aligned */
	fmt_is("format: carcref/1   # f\nplayers: [Anna, Ben]\nmoves:\n"
	    "  - V 1,0 90      # one\n"
	    "                 # off by one\n"
	    "  - U 0,1 0       # two\n"
	    "\n"
	    "                  # after a blank line\n"
	    "  - E 0,-1 0\t    # tab\n"
	    "                  # under a tab\n",
	    "format: carcref/1  # f\ngame: carcassonne\nedition: 3\nexpansions: []\n"
	    "players:\n  - Anna\n  - Ben\nmoves:\n"
	    "  - V 1,0 90      # one\n"
	    "  # off by one\n"
	    "  - U 0,1 0       # two\n"
	    "  # after a blank line\n"
	    "  - E 0,-1 0  # tab\n"
	    "# under a tab\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_long_lines),
		cmocka_unit_test(test_escapes_in_comments),
		cmocka_unit_test(test_line_breaks),
		cmocka_unit_test(test_comments_everywhere),
		cmocka_unit_test(test_key_after_moves),
		cmocka_unit_test(test_fast_path_gives_up),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_random_comments),
		cmocka_unit_test(test_artwork_kept),
		cmocka_unit_test(test_comment_columns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
