/*
 * test_scenarios.c -- recorded games with their expected outcome beside
 * them (NAME.yaml and NAME.expect, see tests/scenarios/README.md): the
 * rule books' worked examples in tests/scenarios/, the whole sample
 * games in samples/, and the expansion games scored by JCloisterZone in
 * tests/corpus/ (from ../shared/corpus).  Each is one cmocka test; every record is replayed
 * through notation/ and rules/.
 */
#include <dirent.h>
#include <strings.h>

#include "testutil.h"
#include "notation/dice.h"
#include "notation/hg.h"

static const char *const dirs[] = { "tests/scenarios", "samples", "tests/corpus",
	"tests/scenarios/dice", "tests/corpus/dice", "tests/scenarios/hg",
	"tests/corpus/hunters-gatherers" };

struct want_event {
	int	move;
	int	pay[CR_MAXPLAYERS];	/* what each winner receives */
	char	label[16];	/* what was scored: "city", "goods" */
	unsigned winners;
	unsigned mover;		/* "- PLAYER": an event paying nobody, PLAYER's move */
	bool	matched;
	int	pile;		/* "pile=N": the bonus tiles left after it, -1 */
	char	taken[64];	/* a take line: "wine=2 cloth=1" */
};

/* A word an event line may name: a feature's or a module's label. */
static bool
label_ok(const char *w)
{
	static const char *const words[] = { "road", "city", "cloister", "field", "goods", "flock",
		"no-city", "knight", "catapults", "win",	/* the dice game's too */
		"wheel", "crown",	/* the Wheel of Fortune's */
		"forest", "river", "meadow", "river-system", "bonus" };	/* Hunters & Gatherers' */

	for (size_t k = 0; k < sizeof words / sizeof *words; k++)
		if (strcmp(w, words[k]) == 0)
			return true;
	return false;
}

/* The goods of a take event, as a take line writes them. */
static void
taken_of(const struct cr_event *ev, char *buf, size_t size)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int i = 0; i < ev->nterm && o < size; i++)
		o += (size_t)snprintf(buf + o, size - o, "%s%s=%d", i ? " " : "",
		    cr_phrase(ev->term[i].phrase), ev->term[i].count);
}

static unsigned
players_of(const struct nt_record *r, char *list, const char *file, int line)
{
	unsigned set = 0;

	for (char *p = strtok(list, ","); p; p = strtok(NULL, ",")) {
		int k = nt_record_player(r, p, strlen(p));

		if (k < 0)
			fail_msg("%s:%d: unknown player \"%s\"", file, line, p);
		set |= 1u << k;
	}
	return set;
}

/* An event line's amounts: "8 Anna,Ben" (each of them 8) or
 * "Anna=8,Ben=6" (each their own), into w. */
static void
amounts_of(const struct nt_record *r, char *pts, char *who, struct want_event *w,
    const char *file, int line)
{
	if (strcmp(pts, "-") == 0) {	/* paying nobody: whose move */
		w->mover = players_of(r, who, file, line);
		return;
	}
	if (strchr(pts, '=') == NULL) {
		w->winners = players_of(r, who, file, line);
		for (int p = 0; p < CR_MAXPLAYERS; p++)
			w->pay[p] = w->winners & (1u << p) ? atoi(pts) : 0;
		return;
	}
	for (char *kv = strtok(pts, ","); kv; kv = strtok(NULL, ",")) {
		char *eq = strchr(kv, '=');
		int k = eq ? nt_record_player(r, kv, (size_t)(eq - kv)) : -1;

		if (k < 0)
			fail_msg("%s:%d: expected NAME=POINTS, got \"%s\"", file, line, kv);
		w->winners |= 1u << k;
		w->pay[k] = atoi(eq + 1);
	}
}

/* What an event pays, as a failure says it: "Anna=8,Ben=6". */
static void
paid_of(const struct nt_record *r, unsigned winners, const int *pay, char *buf, size_t size)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int p = 0; p < r->nplayers && o < size; p++)
		if (winners & (1u << p))
			o += (size_t)snprintf(buf + o, size - o, "%s%s=%d", o ? "," : "",
			    r->players[p].name, pay[p]);
}

/* What a file expects, for another game's record. */
struct expect {
	struct want_event *want;
	int	 nwant;
	int	*score;
	int	 nscore;
	bool	 refusing;
	int	 refuse;
	const char *kind, *msg;
	int	 finished;	/* -1: not said */
};

/* NAME.expect's "refuse 0 [kind=KIND] [WORDS]": the record itself refused,
 * as it was (kind, message, where). */
static void
record_refused(const char *name, const char *kind, const char *msg, const char *file, int line,
    int column)
{
	char path[512], buf[1024];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof path, "%s.expect", name);
	if ((f = fopen(path, "r")) == NULL)
		fail_msg("cannot read %s", path);
	while (!found && fgets(buf, sizeof buf, f)) {
		char *s = buf, *want = NULL;
		size_t k;

		buf[strcspn(buf, "\r\n")] = '\0';
		if (strncmp(s, "refuse 0", 8) != 0 || (s[8] != '\0' && s[8] != ' '))
			continue;
		found = true;
		s += 8 + strspn(s + 8, " \t");
		if (strncmp(s, "kind=", 5) == 0) {
			k = strcspn(s + 5, " \t");
			if ((want = strndup(s + 5, k)) == NULL)
				fail_msg("out of memory");
			s += 5 + k + strspn(s + 5 + k, " \t");
		}
		if (want != NULL && (kind == NULL || strcmp(want, kind) != 0))
			fail_msg("%s: refused as %s, expected %s: %s", name, kind ? kind : "(none)",
			    want, msg);
		if (strstr(msg, s) == NULL)
			fail_msg("%s: refused with \"%s\", expected \"%s\" in it", name, msg, s);
		free(want);
	}
	fclose(f);
	if (!found)
		fail_msg("%s:%d:%d: %s", file, line, column, msg);
}

/* A Hunters & Gatherers record's tiles: the shipped file or the one it
 * names beside it, its corrections applied. */
static const void *
hg_world(const struct nt_record *r, const char *name, char *msg, size_t size,
    const char **kind)
{
	static struct cr_tileset world;
	const char *set = nt_hg_tileset_file(r), *dir = getenv("CARCREF_DATA");
	struct cr_tileset file;
	struct cr_error err;
	char path[1024], *text;
	size_t len;

	cr_tileset_free(&world);
	if (set != NULL)
		snprintf(path, sizeof path, "%.*s/%s", (int)(strrchr(name, '/') - name), name, set);
	else
		snprintf(path, sizeof path, "%s/hunters-gatherers.yaml", dir ? dir : "rules/tiles");
	if ((text = tu_slurp(path, &len)) == NULL) {
		*kind = "unreadable";
		snprintf(msg, size, "tileset: cannot read \"%.400s\": No such file or directory",
		    set ? set : path);
		return NULL;
	}
	if (cr_tileset_parse(&file, text, len, &err) < 0) {
		*kind = "data-check";
		snprintf(msg, size, "tileset: %.200s:%d:%d: %s", set ? set : path, err.line,
		    err.column, err.msg);
		free(text);
		return NULL;
	}
	free(text);
	if (nt_hg_world(r, &file, &world, &err) < 0) {
		*kind = err.kind ? err.kind : "data-check";
		snprintf(msg, size, "%s", err.msg);
		cr_tileset_free(&file);
		return NULL;
	}
	cr_tileset_free(&file);
	return &world;
}

/* The data another game's record is played with: the dice game's faces
 * (the file its faceset: names, beside it, or the shipped ones). */
static const void *
world_of(const struct nt_game *gm, const struct nt_record *r, const char *name, char *msg,
    size_t size, const char **kind)
{
	static struct dc_faces shipped, named;
	const char *set = nt_dice_record_faceset(r), *dir = getenv("CARCREF_DATA");
	struct dc_faces *f = &shipped;
	struct dc_error err;
	char path[1024], *text;
	size_t len;

	if (gm == &nt_game_hg)
		return hg_world(r, name, msg, size, kind);
	if (gm != &nt_game_dice)
		fail_msg("%s: no world for game %s", name, gm->name);
	if (set != NULL && nt_dice_record_faces(r) == NULL) {
		snprintf(path, sizeof path, "%.*s/%s", (int)(strrchr(name, '/') - name), name, set);
		dc_faces_free(&named);
		f = &named;
	} else if (shipped.cache != NULL)
		return &shipped;
	else
		snprintf(path, sizeof path, "%s/dice-faces.yaml", dir ? dir : "rules/tiles");
	if ((text = tu_slurp(path, &len)) == NULL) {
		*kind = "unreadable";
		snprintf(msg, size, "faceset: cannot read \"%.400s\"", set ? set : path);
		return NULL;
	}
	if (dc_faces_parse(f, text, len, &err) < 0) {
		*kind = "data-check";
		snprintf(msg, size, "faceset: %.200s:%d:%d: %s", set ? set : path, err.line, err.column,
		    err.msg);
		free(text);
		return NULL;
	}
	free(text);
	if (!dc_faces_origin(f, set ? DC_FROM_FILE : DC_FROM_SHIPPED, set ? set : "dice-faces.yaml"))
		fail_msg("out of memory");
	return f;
}

/*
 * Another game's record, replayed through its row (notation/game.h): its
 * refusal (with its kind), every event (each listed, paying or not: an
 * event paying nobody as "event MOVE FEATURE - PLAYER", PLAYER the one
 * whose move made it), the scores.
 */
static void
run_generic(const char *name, const struct nt_record *r, const struct expect *x)
{
	const struct nt_game *gm = nt_record_game(r);
	const char *names[NT_MAXPLAYERS], *wkind = NULL;
	struct nt_replay_error e;
	struct nt_event v;
	char msg[512];
	const void *world;
	bool ok;
	void *g;

	for (int i = 0; i < r->nplayers; i++)
		names[i] = r->players[i].name;
	if ((world = world_of(gm, r, name, msg, sizeof msg, &wkind)) == NULL) {
		if (!x->refusing || x->refuse != 0)
			fail_msg("%s: its data: %s", name, msg);
		if (*x->kind && strcmp(x->kind, wkind) != 0)
			fail_msg("%s: its data refused as %s, expected %s: %s", name, wkind, x->kind, msg);
		if (strstr(msg, x->msg) == NULL)
			fail_msg("%s: its data refused with \"%s\", expected \"%s\"", name, msg, x->msg);
		return;
	}
	if (x->refusing && x->refuse == 0)
		fail_msg("%s: the record was read, expected it refused", name);
	g = gm->create(world, r, &e);
	assert_non_null(g);
	ok = nt_game_replay(gm, g, world, r, &e);
	if (x->refusing) {
		if (ok)
			fail_msg("%s: move %d was accepted, expected a refusal", name, x->refuse);
		if (e.move != x->refuse || strstr(e.msg, x->msg) == NULL ||
		    (*x->kind && (e.kind == NULL || strcmp(e.kind, x->kind) != 0)))
			fail_msg("%s: move %d refused (%s: %s), expected move %d refused (%s: \"%s\")",
			    name, e.move, e.kind ? e.kind : "-", e.msg, x->refuse, x->kind, x->msg);
	} else if (!ok)
		fail_msg("%s: move %d (line %d, column %d) refused: %s", name, e.move, e.line,
		    e.column, e.msg);
	/* Every event, paying or not, is listed. */
	for (int i = 0; x->nwant > 0 && i < gm->nevents(g); i++) {
		int k;

		gm->event(g, i, &v);
		for (k = 0; k < x->nwant; k++) {
			const struct want_event *w = &x->want[k];
			bool same = !w->matched && w->move == v.move && strcmp(w->label, v.label) == 0 &&
			    w->winners == v.paid && (v.paid != 0 || w->mover == 1u << v.player);

			for (int p = 0; same && p < r->nplayers; p++)
				same = !(v.paid & (1u << p)) || w->pay[p] == v.points[p];
			if (same && w->pile >= 0)
				same = gm == &nt_game_hg && nt_hg_event_pile(g, i) == w->pile;
			if (same)
				break;
		}
		if (k == x->nwant) {
			gm->event_why(g, i, names, msg, sizeof msg);
			fail_msg("%s: unexpected event at move %d: %s, %s (%s)", name, v.move, v.label,
			    names[v.player], msg);
		}
		x->want[k].matched = true;
	}
	for (int k = 0; k < x->nwant; k++)
		if (!x->want[k].matched)
			fail_msg("%s: expected event at move %d (%s) did not happen", name,
			    x->want[k].move, x->want[k].label);
	if (x->finished >= 0 && gm->over(g) != (x->finished == 1))
		fail_msg("%s: finished is %s, expected %s", name, gm->over(g) ? "true" : "false",
		    x->finished ? "true" : "false");
	for (int p = 0; x->nscore > 0 && p < r->nplayers; p++)
		if (gm->score(g, p) != x->score[p])
			fail_msg("%s: %s has %d, expected %d", name, names[p], gm->score(g, p),
			    x->score[p]);
	gm->free(g);
}

/* A tile record's files (notation/tile.h: nt_tile_world): a module's
 * shipped one, from $CARCREF_DATA (read once), and one it names, beside
 * it (arg: the scenario's path without .yaml). */
static const char *
tile_shipped(void *arg, int e, size_t *len, char *msg, size_t size)
{
	static char *text[CR_MAXEXTS];
	static size_t tlen[CR_MAXEXTS];
	const char *dir = getenv("CARCREF_DATA");
	char path[1024];

	(void)arg;
	if (text[e] == NULL) {
		snprintf(path, sizeof path, "%s/%s", dir ? dir : "rules/tiles", cr_exts[e]->tiles);
		if ((text[e] = tu_slurp(path, &tlen[e])) == NULL) {
			snprintf(msg, size, "cannot read %.900s", path);
			return NULL;
		}
	}
	*len = tlen[e];
	return text[e];
}

static char *
tile_named(void *arg, const char *file, size_t *len, char *msg, size_t size)
{
	const char *name = arg, *slash = strrchr(name, '/');
	char path[1024];
	char *t;

	snprintf(path, sizeof path, "%.*s/%s", slash ? (int)(slash - name) : 1,
	    slash ? name : ".", file);
	if ((t = tu_slurp(path, len)) == NULL)
		snprintf(msg, size, "cannot read \"%.400s\": No such file or directory", file);
	return t;
}

static void
run_scenario(void **state)
{
	const char *name = *state;
	char path[512], buf[1024], msg[512];
	struct want_event want[256], take[64];
	int nwant = 0, ntake = 0, refuse = 0, nscore = 0, lineno = 0, n;
	char refuse_msg[256] = "", refuse_kind[32] = "";
	int finished = -1;	/* a finished line: 1 true, 0 false */
	bool refusing = false;
	int score[CR_MAXPLAYERS] = { 0 };
	unsigned scored = 0;	/* players a score line names */
	bool has_source = false, ok;
	struct nt_replay_error rerr;
	struct nt_record r;
	struct cr_error err;
	const struct cr_event *ev;
	const struct cr_tileset *world;
	struct cr_game *g;
	size_t len = 0;
	char *text;
	FILE *f;

	snprintf(path, sizeof path, "%s.yaml", name);
	if ((text = tu_slurp(path, &len)) == NULL)
		fail_msg("cannot read %s", path);
	if (nt_record_parse(&r, text, len, &err) < 0) {	/* "refuse 0": as it must be */
		free(text);
		record_refused(name, err.kind, err.msg, path, err.line, err.column);
		return;
	}
	free(text);

	snprintf(path, sizeof path, "%s.expect", name);
	if ((f = fopen(path, "r")) == NULL)
		fail_msg("cannot read %s", path);
	while (fgets(buf, sizeof buf, f)) {
		char *w, *save;

		lineno++;
		if ((w = strchr(buf, '#')) != NULL && strncmp(buf, "source:", 7) != 0)
			*w = '\0';
		if ((w = strtok_r(buf, " \t\r\n", &save)) == NULL)
			continue;
		if (strcmp(w, "source:") == 0)
			has_source = true;
		else if (strcmp(w, "event") == 0) {
			char *mv = strtok_r(NULL, " \t\r\n", &save);
			char *kind = strtok_r(NULL, " \t\r\n", &save);
			char *pts = strtok_r(NULL, " \t\r\n", &save);
			char *who = strtok_r(NULL, " \t\r\n", &save);

			if (!pts || (!who && !strchr(pts, '=')) || nwant == 256 || !label_ok(kind))
				fail_msg("%s:%d: expected \"event MOVE FEATURE POINTS PLAYERS\" or "
				    "\"event MOVE FEATURE NAME=POINTS,...\"", path, lineno);
			char *pile = strtok_r(NULL, " \t\r\n", &save);

			want[nwant] = (struct want_event){ .move = atoi(mv), .pile = -1 };
			if (pile != NULL && strncmp(pile, "pile=", 5) == 0)
				want[nwant].pile = atoi(pile + 5);
			amounts_of(&r, pts, who, &want[nwant], path, lineno);
			snprintf(want[nwant++].label, sizeof want[0].label, "%s", kind);
		} else if (strcmp(w, "take") == 0) {	/* take MOVE PLAYER wine=2 cloth=1 */
			char *mv = strtok_r(NULL, " \t\r\n", &save);
			char *who = strtok_r(NULL, " \t\r\n", &save);
			size_t o = 0;

			if (!who || ntake == 64)
				fail_msg("%s:%d: expected \"take MOVE PLAYER KIND=N...\"", path, lineno);
			take[ntake] = (struct want_event){ .move = atoi(mv),
			    .winners = players_of(&r, who, path, lineno) };
			for (char *kv; (kv = strtok_r(NULL, " \t\r\n", &save)) != NULL; )
				o += (size_t)snprintf(take[ntake].taken + o, sizeof take[0].taken - o,
				    "%s%s", o ? " " : "", kv);
			ntake++;
		} else if (strcmp(w, "score") == 0) {
			for (char *kv; (kv = strtok_r(NULL, " \t\r\n", &save)) != NULL; ) {
				char *eq = strchr(kv, '=');
				int k = -1;

				if (eq == NULL || (k = nt_record_player(&r, kv, (size_t)(eq - kv))) < 0)
					fail_msg("%s:%d: expected NAME=POINTS, got %s", path, lineno, kv);
				score[k] = atoi(eq + 1);
				scored |= 1u << k;
				nscore++;
			}
		} else if (strcmp(w, "finished") == 0) {	/* finished true|false */
			char *v = strtok_r(NULL, " \t\r\n", &save);

			if (v == NULL || (strcmp(v, "true") != 0 && strcmp(v, "false") != 0))
				fail_msg("%s:%d: expected \"finished true\" or \"finished false\"",
				    path, lineno);
			finished = strcmp(v, "true") == 0 ? 1 : 0;
		} else if (strcmp(w, "refuse") == 0) {	/* refuse MOVE [kind=KIND] [words] */
			char *rest;

			refuse = atoi(strtok_r(NULL, " \t\r\n", &save));
			refusing = true;
			if ((rest = strtok_r(NULL, "\r\n", &save)) != NULL) {
				rest += strspn(rest, " \t");
				if (strncmp(rest, "kind=", 5) == 0) {
					size_t k = strcspn(rest + 5, " \t");

					snprintf(refuse_kind, sizeof refuse_kind, "%.*s", (int)k, rest + 5);
					rest += 5 + k;
					rest += strspn(rest, " \t");
				}
				snprintf(refuse_msg, sizeof refuse_msg, "%s", rest);
			}
		} else
			fail_msg("%s:%d: unknown line \"%s\"", path, lineno, w);
	}
	fclose(f);
	if (!has_source)
		fail_msg("%s: no source: line", path);
	if (nwant == 0 && nscore == 0 && !refusing && ntake == 0)
		fail_msg("%s: expects nothing (no event, score or refuse line)", path);
	if (nscore > 0 && scored != (1u << r.nplayers) - 1)
		fail_msg("%s: the score lines must name every player", path);
	if (nt_record_game(&r) != &nt_game_tile) {	/* another game: through its row */
		struct expect x = { want, nwant, score, nscore, refusing, refuse, refuse_kind,
		    refuse_msg, finished };

		run_generic(name, &r, &x);
		nt_record_free(&r);
		return;
	}
	/* Its tile set: every module's, or made with the data the record
	 * names and its set-up checked (issue 21: wheel-of-fortune:, spring:). */
	{
		static struct cr_tileset own;
		const struct nt_tile_files fs = { tile_shipped, tile_named, (void *)name };
		int rc;

		cr_tileset_free(&own);
		if ((rc = nt_tile_world(&r, tu_base(), &fs, &own, &world, &rerr)) != 0) {
			if (!refusing || refuse != 0)
				fail_msg("%s: its data: %s", name, rerr.msg);
			if (*refuse_kind && strcmp(refuse_kind, rerr.kind ? rerr.kind : "") != 0)
				fail_msg("%s: its data refused as %s, expected %s: %s", name,
				    rerr.kind ? rerr.kind : "-", refuse_kind, rerr.msg);
			if (strstr(rerr.msg, refuse_msg) == NULL)
				fail_msg("%s: its data refused with \"%s\", expected \"%s\"", name,
				    rerr.msg, refuse_msg);
			nt_record_free(&r);
			return;
		}
	}
	if (refusing && refuse == 0)
		fail_msg("%s: the record was read, expected it refused", name);

	g = nt_replay(&r, world, &ok, &rerr);
	assert_non_null(g);
	if (refusing) {
		if (ok)
			fail_msg("%s: move %d was accepted, expected a refusal", name, refuse);
		if (rerr.move != refuse)
			fail_msg("%s: move %d refused (%s), expected move %d refused",
			    name, rerr.move, rerr.msg, refuse);
		if (strstr(rerr.msg, refuse_msg) == NULL)
			fail_msg("%s: move %d refused with \"%s\", expected \"%s\" in it",
			    name, refuse, rerr.msg, refuse_msg);
	} else if (!ok)
		fail_msg("%s: move %d (line %d, column %d) refused: %s", name, rerr.move,
		    rerr.line, rerr.column, rerr.msg);

	/* Every event expected happened, and no other paid anybody.  A file
	 * that lists no event (a whole sample game) is checked on its scores. */
	ev = cr_game_events(g, &n);
	for (int i = 0; ntake > 0 && i < n; i++) {	/* goods taken, if the file says */
		char got[64];
		int k;

		if (ev[i].reason != CR_EV_TAKE)
			continue;
		taken_of(&ev[i], got, sizeof got);
		for (k = 0; k < ntake; k++)
			if (!take[k].matched && take[k].move == ev[i].move &&
			    take[k].winners == ev[i].winners && strcmp(take[k].taken, got) == 0)
				break;
		if (k == ntake)
			fail_msg("%s: unexpected goods taken at move %d: %s to set 0x%x", name,
			    ev[i].move, got, ev[i].winners);
		take[k].matched = true;
	}
	for (int k = 0; k < ntake; k++)
		if (!take[k].matched)
			fail_msg("%s: expected goods taken at move %d (%s) did not happen", name,
			    take[k].move, take[k].taken);
	/* Events paying 0 (goods taken) are not event lines: JCloisterZone's
	 * files leave them out too. */
	for (int i = 0; nwant > 0 && i < n; i++) {
		char paid[256];
		bool any = false;
		int k;

		for (int p = 0; p < CR_MAXPLAYERS; p++)
			any = any || ((ev[i].winners & (1u << p)) && ev[i].pay[p] != 0);
		if (!any)
			continue;
		for (k = 0; k < nwant; k++) {
			bool same = !want[k].matched && want[k].move == ev[i].move &&
			    strcmp(want[k].label, nt_event_label(&ev[i])) == 0 &&
			    want[k].winners == ev[i].winners;

			for (int p = 0; same && p < CR_MAXPLAYERS; p++)
				same = !(ev[i].winners & (1u << p)) || want[k].pay[p] == ev[i].pay[p];
			if (same)
				break;
		}
		if (k == nwant) {
			nt_event_why(&ev[i], msg, sizeof msg);
			paid_of(&r, ev[i].winners, ev[i].pay, paid, sizeof paid);
			fail_msg("%s: unexpected event at move %d: %s, %s", name, ev[i].move, msg, paid);
		}
		want[k].matched = true;
	}
	for (int k = 0; k < nwant; k++)
		if (!want[k].matched) {
			char paid[256];

			paid_of(&r, want[k].winners, want[k].pay, paid, sizeof paid);
			fail_msg("%s: expected event at move %d (%s, %s) did not happen",
			    name, want[k].move, want[k].label, paid);
		}
	if (nscore) {
		for (int p = 0; p < r.nplayers; p++)
			if (tu_score(g, p) != score[p])
				fail_msg("%s: %s has %d, expected %d", name, r.players[p].name,
				    tu_score(g, p), score[p]);
	}
	cr_game_free(g);
	nt_record_free(&r);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(((const struct CMUnitTest *)a)->name, ((const struct CMUnitTest *)b)->name);
}

int
main(void)
{
	struct CMUnitTest *tests = NULL;
	char **names = NULL;
	struct dirent *de;
	size_t n = 0;
	int rc;

	for (size_t k = 0; k < sizeof dirs / sizeof *dirs; k++) {
		DIR *d = opendir(dirs[k]);

		if (d == NULL) {	/* a fresh checkout may not have every folder */
			fprintf(stderr, "note: no %s folder, nothing to check there\n", dirs[k]);
			continue;
		}
		while ((de = readdir(d)) != NULL) {
			size_t len = strlen(de->d_name);
			char path[512];

			if (len < 6 || strcmp(de->d_name + len - 5, ".yaml") != 0)
				continue;
			names = realloc(names, (n + 1) * sizeof *names);
			tests = realloc(tests, (n + 1) * sizeof *tests);
			if (names == NULL || tests == NULL)
				return 1;
			snprintf(path, sizeof path, "%s/%.*s", dirs[k], (int)(len - 5), de->d_name);
			names[n] = strdup(path);
			tests[n] = (struct CMUnitTest){ .name = names[n], .test_func = run_scenario,
			    .initial_state = names[n] };
			n++;
		}
		closedir(d);
	}
	qsort(tests, n, sizeof *tests, by_name);
	if (n == 0) {
		fprintf(stderr, "no scenarios found\n");
		return 1;
	}
	rc = _cmocka_run_group_tests("scenarios", tests, n, NULL, NULL);
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(tests);
	return rc;
}
