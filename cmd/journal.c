/*
 * journal.c -- never lose a move: the state directory, and the journal
 * of each game played at the table.
 *
 * Every game is kept in the state directory as games/NAME.yaml, NAME its
 * date and its players ("2026-11-25-anna-ben"), from its first accepted
 * move on, finished or not; carcref never deletes one.  The journal is
 * itself a game record: the header, "moves:", then one "  - MOVE" line
 * per accepted move.  A move is appended and fsync'ed before the REPL
 * reads the next line, so a closed terminal, a kill -9 or a power cut
 * loses at most the line being typed; an append that fails is cut back
 * to the last good byte, so no half line is ever left.  What changes the
 * past (undo) rewrites the file whole through cmd_write_own, so the file
 * is always a whole, valid record: `carcref replay` reads it as it is.  A
 * rewrite keeps the comments of the moves that still stand (the record
 * in canonical form, nt_record_fmt).  The comments after the last move
 * belong to no move: they stay after the moves, a move is written before
 * them (the file whole, as long as there are some), and no undo takes
 * them.  The comments that go with a move taken back (on its line, or on
 * the lines just before it) are appended to NAME.yaml.undone, once, with
 * the moves' lines (only what goes, never a copy of the journal), and
 * kept in memory: redo of that very move writes them back with it.
 * `save` writes the same text as the journal, comments included.
 *
 * carcref keeps in memory the bytes it last wrote to the journal, and
 * before each write checks that the file is still exactly those: one
 * edited in place (a shell's >, nano), replaced by another (an editor's
 * rename) or removed is said, kept aside, and written again from the
 * game in play, never appended to.
 *
 * A session holds an fcntl lock on locks/NAME.lock for the game it
 * writes: two sessions never write one game, sessions on different games
 * run side by side, and the kernel drops the lock when a process dies,
 * kill -9 included.
 *
 * A last move's line without its newline is a write that was cut short;
 * the REPL never acknowledged that move, so a resume drops it
 * (journal_read), keeping the file as it was aside.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "game.h"
#include "play.h"
#include "notation/i18n.h"

#define NAME_PART	16	/* characters of a player's name in a game's name */

static char	*state_dir;	/* malloc'd once, for the process */

/* mkdir -p, the new directories private: the games are nobody else's. */
static bool
mkdirs(char *path, char **err)
{
	struct stat st;

	for (char *p = path + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char c = *p;

		*p = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			cmd_seterr(err, _("cannot create %s: %s"), out_path(path), strerror(errno));
			*p = c;
			return false;
		}
		*p = c;
		if (c == '\0')
			break;
	}
	if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode)) {
		cmd_seterr(err, _("%s is not a directory"), out_path(path));
		return false;
	}
	return true;
}

/* ---- locks ---------------------------------------------------------------- */

/*
 * Lock the file PATH for writing (F_SETLK, never waiting); its descriptor,
 * or -1 with errno set: *held when another process holds the lock (errno
 * EAGAIN or EACCES, *pid that process if known); otherwise the lock file
 * could not be opened or locked at all (a read-only directory: EACCES,
 * EROFS), which is no other session's doing.
 */
static int
lock_file(const char *path, bool *held, long *pid)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int fd, e;

	*pid = 0;
	*held = false;
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
		return -1;
	if (fcntl(fd, F_SETLK, &fl) == 0)
		return fd;
	e = errno;
	*held = e == EAGAIN || e == EACCES;
	fl = (struct flock){ .l_type = F_WRLCK, .l_whence = SEEK_SET };
	if (*held && fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK)
		*pid = (long)fl.l_pid;
	close(fd);
	errno = e;
	return -1;
}

enum lock_result {
	LOCK_OK,	/* J's name, path and lock are set */
	LOCK_TAKEN,	/* a fresh name whose game's file exists */
	LOCK_HELD,	/* another session holds the lock: *pid that process */
	LOCK_ERROR	/* anything else: *err says what, naming the path */
};

/*
 * Lock game NAME for this session.  With FRESH, a game whose file exists
 * is not taken: the name is for a new game.
 */
static enum lock_result
lock_game(struct journal *j, const char *name, bool fresh, long *pid, char **err)
{
	char *lock = cmd_strf("%s/locks/%s.lock", state_dir, name);
	char *path = cmd_strf("%s/games/%s.yaml", state_dir, name);
	enum lock_result rc = LOCK_ERROR;
	struct stat st;
	bool held;
	int fd = -1;

	*pid = 0;
	if (lock == NULL || path == NULL || (j->name = strdup(name)) == NULL) {
		cmd_seterr(err, _("out of memory"));
		goto fail;
	}
	/* A game's file, looked at before its lock is touched, and after. */
	for (int pass = 0; pass < 2; pass++) {
		if (fresh && lstat(path, &st) == 0) {
			rc = LOCK_TAKEN;
			goto fail;
		}
		if (fresh && errno != ENOENT) {
			cmd_seterr(err, C_("file: error", "%s: %s"), out_path(path),
			    strerror(errno));
			goto fail;
		}
		if (pass == 0 && (fd = lock_file(lock, &held, pid)) < 0) {
			if (held)
				rc = LOCK_HELD;
			else
				cmd_seterr(err, _("cannot lock %s: %s"), out_path(lock),
				    strerror(errno));
			goto fail;
		}
	}
	free(lock);
	j->path = path;
	j->lockfd = fd;
	return LOCK_OK;

fail:
	if (fd >= 0)
		close(fd);
	free(lock);
	free(path);
	free(j->name);
	j->name = NULL;
	return rc;
}

/*
 * Remove what a killed session left of NAME: its temporary files
 * (games/.NAME.yaml.carcref-XXXXXX, cmd_out's), never a record.  Only with
 * NAME's lock held, so nobody is writing one.
 */
static void
sweep(const char *name)
{
	char *games = cmd_strf("%s/games", state_dir), *prefix = cmd_strf(".%s.yaml.carcref-", name);
	struct dirent *de;
	DIR *d;

	if (games != NULL && prefix != NULL && (d = opendir(games)) != NULL) {
		size_t n = strlen(prefix);

		while ((de = readdir(d)) != NULL)
			if (strncmp(de->d_name, prefix, n) == 0 && strlen(de->d_name) == n + 6)
				unlinkat(dirfd(d), de->d_name, 0);
		closedir(d);
	}
	free(games);
	free(prefix);
}

/* ---- names ---------------------------------------------------------------- */

/*
 * A new game's name from its day and players, "2026-11-25-anna-ben": each
 * name in small ASCII letters and digits, transliterated (Léa lea, Jörg
 * jorg, Ærø aero: nt_name_ascii), at most NAME_PART of them; a name
 * without any (another script, signs only) is its seat, p1, p2...
 * malloc'd.
 */
static char *
game_base(time_t day, const struct nt_record *r)
{
	char date[16], *s;
	size_t len;
	struct tm tm;

	localtime_r(&day, &tm);
	strftime(date, sizeof date, "%Y-%m-%d", &tm);
	len = strlen(date) + 1;
	for (int i = 0; r != NULL && i < r->nplayers; i++)
		len += 1 + NAME_PART;
	if ((s = malloc(len)) == NULL)
		return NULL;
	strcpy(s, date);
	len = strlen(s);
	for (int i = 0; r != NULL && i < r->nplayers; i++) {
		const char *name = r->players[i].name;
		size_t k = nt_name_ascii(name, strlen(name), s + len + 1, NAME_PART);

		s[len] = '-';
		if (k == 0)	/* "p" and a seat up to CR_MAXPLAYERS: < NAME_PART */
			k = (size_t)snprintf(s + len + 1, NAME_PART, "p%d", i + 1);
		len += 1 + k;
	}
	s[len] = '\0';
	return s;
}

/*
 * Give J a new game's name, BASE or BASE-2, BASE-3...: the first that no
 * file holds and no other session is claiming (its lock is taken here and
 * kept).
 */
static bool
claim(struct journal *j, const char *base, char **err)
{
	long pid;

	for (int k = 1; k < 100000; k++) {
		char *name = k == 1 ? strdup(base) : cmd_strf("%s-%d", base, k);
		enum lock_result rc;

		if (name == NULL) {
			cmd_seterr(err, _("out of memory"));
			return false;
		}
		rc = lock_game(j, name, true, &pid, err);
		free(name);
		if (rc == LOCK_OK) {
			sweep(j->name);
			return true;
		}
		if (rc == LOCK_ERROR)	/* no other name would fare better */
			return false;
	}
	cmd_seterr(err, _("no free name for a game %s in %s/games"), out_path(base),
	    out_path(state_dir));
	return false;
}

/* ---- the state directory -------------------------------------------------- */

/*
 * The layout before games/: the journal current.yaml and the game before
 * it, previous.yaml.  Each is moved into games/ under a name of its own
 * (its day of last play and its players; rename(2), never a copy), unless
 * a session of that older carcref still holds its lock, DIR/lock.
 */
static void
migrate(void)
{
	static const char *const old[] = { "previous", "current" };
	char *from[2], *lock = cmd_strf("%s/lock", state_dir);
	struct stat st[2];
	bool any = false, held;
	long pid;
	int lfd = -1;

	for (int i = 0; i < 2; i++) {
		from[i] = cmd_strf("%s/%s.yaml", state_dir, old[i]);
		if (from[i] != NULL && lstat(from[i], &st[i]) == 0 && S_ISREG(st[i].st_mode))
			any = true;
		else {
			free(from[i]);
			from[i] = NULL;
		}
	}
	if (any && lock != NULL)
		lfd = lock_file(lock, &held, &pid);
	for (int i = 0; lfd >= 0 && i < 2; i++) {
		struct journal j = { .fd = -1, .lockfd = -1 };
		struct nt_record r;
		struct cr_error cerr;
		char *text, *base = NULL, *err = NULL, *day;
		size_t len;
		bool cut;

		if (from[i] == NULL)
			continue;
		/* Named for its day and players; if unreadable, for its old name. */
		if ((text = journal_read(from[i], &len, &cut, NULL)) != NULL &&
		    nt_record_parse(&r, text, len, &cerr) == 0) {
			base = game_base(st[i].st_mtime, &r);
			nt_record_free(&r);
		} else if ((day = game_base(st[i].st_mtime, NULL)) != NULL) {
			base = cmd_strf("%s-%s", day, old[i]);
			free(day);
		}
		free(text);
		if (base != NULL && claim(&j, base, &err) && rename(from[i], j.path) < 0)
			errf(_("carcref: cannot move %s to %s: %s\n"), out_path(from[i]),
			    out_path(j.path), strerror(errno));
		else if (err != NULL)
			errf(_("carcref: cannot move %s into games/: %s\n"), out_path(from[i]),
			    err);
		journal_close(&j);
		free(base);
		free(err);
	}
	if (lfd >= 0)
		close(lfd);
	free(from[0]);
	free(from[1]);
	free(lock);
}

/* The state directory, made and its old layout moved in; NULL with *err. */
static const char *
state(char **err)
{
	const char *env;
	char *dir, *sub, *games, *locks;
	bool ok;

	if (state_dir != NULL)
		return state_dir;
	if ((env = getenv("CARCREF_STATE")) != NULL && *env != '\0')
		dir = strdup(env);
	else if ((env = getenv("XDG_STATE_HOME")) != NULL && *env == '/')
		/* The XDG spec: a relative path is invalid, ignore it. */
		dir = cmd_strf("%s/carcref", env);
	else if ((env = getenv("HOME")) != NULL && *env != '\0')
		dir = cmd_strf("%s/.local/state/carcref", env);
	else {
		cmd_seterr(err, _("no state directory: set HOME, XDG_STATE_HOME or CARCREF_STATE"));
		return NULL;
	}
	if (dir == NULL) {
		cmd_seterr(err, _("out of memory"));
		return NULL;
	}
	ok = mkdirs(dir, err);
	for (int i = 0; ok && i < 2; i++) {
		if ((sub = cmd_strf("%s/%s", dir, i == 0 ? "games" : "locks")) == NULL)
			ok = false;
		else
			ok = mkdirs(sub, err);
		free(sub);
	}
	if (!ok) {
		free(dir);
		return NULL;
	}
	state_dir = dir;
	games = cmd_strf("%s/games", dir);
	locks = cmd_strf("%s/locks", dir);
	/* Nothing but carcref's own writes goes there (cmd_write_own, the
	 * history): the whole directory. */
	cmd_out_fence((const char *const []){ dir, games, locks, NULL });
	free(games);
	free(locks);
	migrate();
	return state_dir;
}

char *
play_state_path(const char *name, char **err)
{
	char *s;

	if (state(err) == NULL)
		return NULL;
	if ((s = cmd_strf("%s/%s", state_dir, name)) == NULL)
		cmd_seterr(err, _("out of memory"));
	return s;
}

/* ---- the journal of the game in play -------------------------------------- */

static bool	ends_in_comments(const char *text, size_t len);
static void	undone_free(struct journal_undone *u, int n);

/* The journal held is guarded: no writer replaces it (cmd_out_guard). */
static void
guard(const struct journal *j)
{
	if (j->held)
		cmd_out_guard(_("the journal of the game in play"), j->dev, j->ino);
	else
		cmd_out_guard(NULL, 0, 0);
}

/* The file open at J's descriptor is J's journal: remember it. */
static void
hold(struct journal *j)
{
	struct stat st;

	if ((j->held = j->fd >= 0 && fstat(j->fd, &st) == 0)) {
		j->dev = st.st_dev;
		j->ino = st.st_ino;
	}
	guard(j);
}

/* Room for NEED bytes in *S, of *CAP bytes (doubled); false if out of
 * memory. */
static bool
room(char **s, size_t *cap, size_t need)
{
	size_t c = *cap ? *cap : 4096;
	char *t;

	if (need <= *cap)
		return true;
	while (c < need)
		c *= 2;
	if ((t = realloc(*s, c)) == NULL)
		return false;
	*s = t, *cap = c;
	return true;
}

/* J's text is S (N bytes) from its byte AT on (0: all of it; j->len: added
 * after it); j->len is not moved.  False if out of memory. */
static bool
text_put(struct journal *j, size_t at, const char *s, size_t n)
{
	if (!room(&j->text, &j->cap, at + n + 1))
		return false;
	memcpy(j->text + at, s, n);
	j->text[at + n] = '\0';
	return true;
}

bool
journal_basis(struct journal *j, const char *text, size_t len, int nmoves)
{
	j->len = j->loose = 0;
	j->nmoves = 0;
	if (!text_put(j, 0, text, len)) {
		free(j->text);
		j->text = NULL;
		j->cap = 0;
		return false;
	}
	j->len = len;
	j->nmoves = nmoves;
	j->tailed = ends_in_comments(text, len);
	return true;
}

bool
journal_take(struct journal *j, const char *name, char **err)
{
	long pid;

	if (state(err) == NULL)
		return false;
	journal_close(j);
	switch (lock_game(j, name, false, &pid, err)) {
	case LOCK_OK:
		break;
	case LOCK_HELD:
		if (pid > 0)
			cmd_seterr(err, _("another carcref session (process %ld) is playing "
			    "%s; finish it there first"), pid, out_path(name));
		else
			cmd_seterr(err, _("another carcref session is playing %s"), out_path(name));
		return false;
	default:
		return false;
	}
	sweep(name);
	/* Open now: a file put in its place from now on is seen (is_ours). */
	if ((j->fd = open(j->path, O_WRONLY | O_APPEND | O_CLOEXEC)) >= 0)
		hold(j);
	return true;
}

void
journal_close(struct journal *j)
{
	if (j->held)
		cmd_out_guard(NULL, 0, 0);
	if (j->fd >= 0)
		close(j->fd);
	if (j->lockfd >= 0)
		close(j->lockfd);
	free(j->name);
	free(j->path);
	free(j->text);
	undone_free(j->undone, j->nundone);
	free(j->undone);
	*j = (struct journal){ .fd = -1, .lockfd = -1 };
}

/* What the file at a journal's path is, to what carcref last wrote there. */
enum disk {
	DISK_SAME,	/* the very file and bytes (or it cannot be told) */
	DISK_GONE,	/* removed */
	DISK_OTHER,	/* another file in its place */
	DISK_CHANGED	/* the file, its bytes changed */
};

static enum disk
on_disk(const struct journal *j)
{
	char buf[8192];
	struct stat st;
	enum disk rc = DISK_SAME;
	size_t at = 0;
	int fd;

	if ((fd = open(j->path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0)
		return errno == ENOENT ? DISK_GONE : DISK_SAME;	/* the write says why */
	if (fstat(fd, &st) < 0)
		rc = DISK_SAME;
	else if (j->text == NULL)	/* its bytes are not known: the file alone */
		rc = st.st_dev != j->dev || st.st_ino != j->ino ? DISK_OTHER : DISK_SAME;
	else if (st.st_dev != j->dev || st.st_ino != j->ino || !S_ISREG(st.st_mode))
		rc = DISK_OTHER;
	else if ((unsigned long long)st.st_size < j->len ||
	    (unsigned long long)st.st_size > j->len + j->loose)
		rc = DISK_CHANGED;
	else {
		/* Every byte, not the size and time alone: an edit in place of
		 * the same size within the clock's tick is seen too. */
		for (;;) {
			ssize_t k = read(fd, buf, sizeof buf);

			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0) {
				if (k == 0 && at < j->len)
					rc = DISK_CHANGED;
				break;
			}
			if (at + (size_t)k > j->len + j->loose ||
			    memcmp(buf, j->text + at, (size_t)k) != 0) {
				rc = DISK_CHANGED;
				break;
			}
			at += (size_t)k;
		}
	}
	close(fd);
	return rc;
}

/*
 * Is the file at J's path still the journal this session wrote, byte for
 * byte?  1 if so (or if it cannot be told: the write then says why); 0 if
 * it was removed, replaced by another file (an editor's save, a rename
 * over it) or changed in place (a shell's >, an editor writing in place):
 * the file found is moved aside, never deleted, and that is said; the
 * journal is no longer held, to be written again whole.  -1 with *err if
 * the file found cannot be moved aside.
 */
static int
is_ours(struct journal *j, char **err)
{
	char *aside, *why = NULL;
	enum disk d;

	if (!j->held || (d = on_disk(j)) == DISK_SAME)
		return 1;
	if (d == DISK_GONE)
		outf(_("warning: the journal %s was removed; it is written again, whole, from "
		    "the game in play\n"), out_path(j->path));
	else if ((aside = cmd_set_aside(j->path, d == DISK_OTHER ? "replaced" : "edited",
	    &why)) == NULL) {
		if (d == DISK_OTHER)
			cmd_seterr(err, _("%s was replaced by another file, which cannot be kept: "
			    "%s"), out_path(j->path), why ? why : _("out of memory"));
		else
			cmd_seterr(err, _("%s was changed since carcref last wrote it, and cannot "
			    "be kept: %s"), out_path(j->path), why ? why : _("out of memory"));
		free(why);
		return -1;
	} else {
		if (d == DISK_OTHER)
			outf(_("warning: the journal %s was replaced by another file (an "
			    "editor's?); that file is kept as %s, and the journal is written "
			    "again, whole, from the game in play\n"), out_path(j->path), out_path(aside));
		else
			outf(_("warning: the journal %s was changed since carcref last wrote it "
			    "(by an editor?); that file is kept as %s, and the journal is written "
			    "again, whole, from the game in play\n"), out_path(j->path), out_path(aside));
		free(aside);
	}
	j->held = false;
	guard(j);
	return 0;
}

/* Write all of it: write(2) may stop short on a full disk or a signal. */
static bool
write_all(int fd, const char *s, size_t len)
{
	while (len > 0) {
		ssize_t k = write(fd, s, len);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = EIO;
			return false;
		}
		s += k, len -= (size_t)k;
	}
	return true;
}

/* A growing text, for nt_record_fmt. */
struct grow {
	char	*s;
	size_t	 n, cap;
	bool	 nomem;
};

static void
grow_put(void *arg, const char *s, size_t n)
{
	struct grow *g = arg;

	if (g->nomem || n == 0)
		return;
	if (!room(&g->s, &g->cap, g->n + n + 1)) {
		g->nomem = true;
		return;
	}
	memcpy(g->s + g->n, s, n);
	g->n += n;
	g->s[g->n] = '\0';
}

static void
grow_reset(void *arg)
{
	((struct grow *)arg)->n = 0;
}

/* Where line LINE (1-based) of TEXT starts. */
static size_t
line_at(const char *text, int line)
{
	const char *s = text;

	while (--line > 0 && (s = strchr(s, '\n')) != NULL)
		s++;
	return s != NULL ? (size_t)(s - text) : strlen(text);
}

/* Where the line after the one at AT starts. */
static size_t
next_line(const char *text, size_t at)
{
	const char *nl = strchr(text + at, '\n');

	return nl != NULL ? (size_t)(nl - text) + 1 : strlen(text);
}

/* The first line from AT on that is a comment at the margin ("# ..."),
 * or the end of TEXT. */
static size_t
margin_comment(const char *text, size_t at)
{
	while (text[at] != '\0' && text[at] != '#')
		at = next_line(text, at);
	return at;
}

/* "moves: []" (no move yet) cannot be appended to; "moves:" (empty)
 * can: the journal's way, S changed in place. */
static void
moves_open(char *s)
{
	char *mark = strstr(s, "\nmoves: []");

	if (mark != NULL && (mark[10] == '\n' || mark[10] == ' ' || mark[10] == '\0'))
		memmove(mark + 7, mark + 10, strlen(mark + 10) + 1);
}

/* And back, for a record saved: "moves: []" when it has none, as fmt
 * writes it.  S (malloc'd) is taken; NULL if out of memory. */
static char *
moves_closed(char *s)
{
	char *mark = strstr(s, "\nmoves:"), *t;

	if (mark == NULL || (mark[7] != '\n' && mark[7] != ' ' && mark[7] != '\0'))
		return s;
	t = cmd_strf("%.*s []%s", (int)(mark + 7 - s), s, mark + 7);
	free(s);
	return t;
}

/*
 * The lines "  - MOVE" of g's moves (a game of r's) from FIRST to N,
 * malloc'd ("" for none); NULL if out of memory.  With J, a move that
 * undo took back and that comes back the same (redo) comes back with its
 * comments, as it stood: *back says how many of j->undone are so used,
 * from its top.
 */
/* LINES and "  - \"NAME: MOVE\"", the name escaped as YAML's double
 * quotes want it; malloc'd, NULL if out of memory. */
static char *
prefixed(const char *lines, const char *name, const char *move)
{
	size_t n = 0;
	char *q = malloc(2 * strlen(name) + 1), *s;

	if (q == NULL)
		return NULL;
	for (const char *c = name; *c; c++) {
		if (*c == '"' || *c == '\\')
			q[n++] = '\\';
		q[n++] = *c;
	}
	q[n] = '\0';
	s = cmd_strf("%s  - \"%s: %s\"\n", lines, q, move);
	free(q);
	return s;
}

static char *
move_lines(const struct journal *j, const struct nt_record *r, const void *g, int first, int n,
    int *back)
{
	const struct nt_game *gm = nt_record_game(r);
	char *lines = strdup(""), *more, *move;
	int k = 0;

	for (int i = first; lines != NULL && i < n; i++) {
		const struct journal_undone *u = j != NULL && k == i - first && k < j->nundone ?
		    &j->undone[j->nundone - 1 - k] : NULL;

		/* "K -1,0 180 farmer@SW", as the journal writes it */
		if ((move = cmd_move_line(gm, g, i)) == NULL) {
			free(lines);
			return NULL;
		}
		if (u != NULL && u->index == i && strcmp(u->move, move) == 0) {
			more = cmd_strf("%s%s", lines, u->lines);
			k++;
		} else if (gm->move_prefixed != NULL && gm->move_prefixed(g, i))
			more = prefixed(lines, r->players[gm->move_player(g, i)].name, move);
		else
			more = cmd_strf("%s  - %s\n", lines, move);
		free(lines), free(move);
		lines = more;
	}
	if (back != NULL)
		*back = k;
	return lines;
}

static void
undone_free(struct journal_undone *u, int n)
{
	for (int i = 0; i < n; i++) {
		free(u[i].move);
		free(u[i].lines);
	}
}

/* What a write of the journal is to do, and did. */
struct rewrite {
	char	*text;		/* the journal's text for g, malloc'd */
	bool	 tailed;	/* it ends in comments after its last move */
	bool	 lost;		/* comments of the journal are not in it (it could
				 * not be formatted with them) */
	char	*taken;		/* undo: the moves taken back, their lines and
				 * comments as they stood, malloc'd; NULL: none */
	bool	 comments;	/* taken holds a comment */
	int	 from;		/* the first move taken back (0-based) */
	struct journal_undone *gone;	/* each move taken back, the last first */
	int	 ngone;
	int	 back;		/* entries of j->undone that came back (redo) */
};

static void
rewrite_free(struct rewrite *w)
{
	free(w->text);
	free(w->taken);
	undone_free(w->gone, w->ngone);
	free(w->gone);
	*w = (struct rewrite){ 0 };
}

/*
 * The moves from index FROM to NC of the record S (canonical, parsed as
 * RC), taken back, into W: each move's lines (the comments just before
 * it, itself and its comment), and the whole, from AT.  False if out of
 * memory.
 */
static bool
take_back(const char *s, const struct nt_record *rc, int from, size_t at, struct rewrite *w)
{
	int nc = rc->nmoves, line = 1;
	size_t pos = at, start = at;

	for (size_t i = 0; i < at; i++)
		line += s[i] == '\n';
	if ((w->gone = calloc((size_t)(nc - from), sizeof *w->gone)) == NULL)
		return false;
	w->ngone = nc - from;
	w->from = from;
	for (int i = from; i < nc; i++) {
		struct journal_undone *u = &w->gone[nc - 1 - i];
		const char *t = rc->moves[i].text, *colon = strstr(t, ": ");

		while (line < rc->moves[i].line && s[pos] != '\0')
			pos = next_line(s, pos), line++;
		pos = next_line(s, pos), line++;
		u->index = i;
		/* "Anna: K ...": the move alone, as move_lines writes it. */
		u->move = strdup(colon != NULL && rc->moves[i].player == NULL ? colon + 2 : t);
		u->lines = cmd_strf("%.*s", (int)(pos - start), s + start);
		if (u->move == NULL || u->lines == NULL)
			return false;
		start = pos;
	}
	if ((w->taken = cmd_strf("%.*s", (int)(pos - at), s + at)) == NULL)
		return false;
	w->comments = memchr(w->taken, '#', pos - at) != NULL;
	return true;
}

/*
 * The journal for g, written from J's text with its comments kept: the
 * text in canonical form (nt_record_fmt: the header first, each move's
 * comments on the lines before it or after it, the comments that follow
 * the last move after the moves), the moves g no longer holds cut out
 * with their comments (into W, for the file that keeps them and for
 * redo), g's moves that it lacks inserted before the comments that end
 * it.  False if that cannot be done (out of memory, a text carcref
 * cannot format): nt_record_text then writes it without comments.
 * With SAVE, the record as a file (save): nothing cut out is kept, no
 * move comes back with comments, "moves: []" when it has none.
 */
static bool
with_comments(const struct journal *j, const struct nt_record *r, const void *g, bool save,
    struct rewrite *w)
{
	struct grow c = { 0 };
	struct nt_fmt_error fe;
	struct nt_record rc;
	struct cr_error ce;
	char *lines = NULL, *mark;
	int n = nt_record_game(r)->nmoves(g), nc, nr = -1;
	size_t cut, tail;
	bool ok = true;
	struct nt_worlds wo = play_worlds(j->path);

	if (nt_record_fmt_with(j->text, j->len, &wo, grow_put, grow_reset, &c, &fe) < 0 ||
	    c.nomem || c.s == NULL) {
		free(c.s);
		return false;
	}
	moves_open(c.s);
	c.n = strlen(c.s);
	if (nt_record_parse(&rc, c.s, c.n, &ce) < 0) {
		free(c.s);
		return false;
	}
	nc = rc.nmoves;
	if (nc != j->nmoves) {		/* not the moves the game was taken with */
		nt_record_free(&rc);
		free(c.s);
		return false;
	}
	/* The comments after the last move (or after "moves:"): they stay
	 * after the moves, whatever moves come or go. */
	if (nc > 0)
		tail = next_line(c.s, line_at(c.s, rc.moves[nc - 1].line));
	else
		tail = (mark = strstr(c.s, "\nmoves:")) != NULL ?
		    next_line(c.s, (size_t)(mark + 1 - c.s)) : c.n;
	tail = margin_comment(c.s, tail);
	if (n < nc) {
		/* From the comments just before move n (lines "  # ..."). */
		cut = line_at(c.s, rc.moves[n].line);
		for (size_t p; cut > 0; cut = p) {
			for (p = cut - 1; p > 0 && c.s[p - 1] != '\n'; p--)
				;
			if (strncmp(c.s + p, "  #", 3) != 0)
				break;
		}
		if (!save)
			ok = take_back(c.s, &rc, n, cut, w);
		w->text = ok ? cmd_strf("%.*s%s", (int)cut, c.s, c.s + tail) : NULL;
	} else if ((lines = move_lines(save ? NULL : j, r, g, nc, n, &w->back)) != NULL)
		w->text = cmd_strf("%.*s%s%s", (int)tail, c.s, lines, c.s + tail);
	w->tailed = c.s[tail] != '\0';
	nt_record_free(&rc);
	free(c.s);
	free(lines);
	/* Its moves are g's, as many: else it is written without comments. */
	if (w->text != NULL && nt_record_parse(&rc, w->text, strlen(w->text), &ce) == 0) {
		nr = rc.nmoves;
		nt_record_free(&rc);
	}
	if (nr != n) {
		rewrite_free(w);
		return false;
	}
	if (save && n == 0 && (w->text = moves_closed(w->text)) == NULL)
		return false;
	return true;
}

/* The text for J's journal as g stands, into W (comments kept if
 * possible: else w->lost says some were in the journal); false if out of
 * memory. */
static bool
journal_text(const struct journal *j, const struct nt_record *r, const void *g, bool save,
    struct rewrite *w)
{
	*w = (struct rewrite){ 0 };
	if (j->text != NULL && with_comments(j, r, g, save, w))
		return true;
	w->lost = j->text != NULL && memchr(j->text, '#', j->len) != NULL;
	if ((w->text = nt_record_text(r, g)) == NULL)
		return false;
	if (!save && nt_record_game(r)->nmoves(g) == 0)
		moves_open(w->text);
	return true;
}

char *
journal_record(const struct journal *j, const struct nt_record *r, const void *g, bool *lost)
{
	struct rewrite w;
	char *text;

	if (!journal_text(j, r, g, true, &w))
		return NULL;
	*lost = w.lost;
	text = w.text;
	w.text = NULL;
	rewrite_free(&w);
	return text;
}

/*
 * Does the record TEXT end in comments after its last move (or after
 * "moves:" when it has none)?  Then a move is not appended: it goes
 * before them.  A '#' there that is no comment (a key after the moves,
 * written by hand) only costs a rewrite.
 */
static bool
ends_in_comments(const char *text, size_t len)
{
	struct nt_record r;
	struct cr_error err;
	const char *mark;
	size_t at;

	if (nt_record_parse(&r, text, len, &err) < 0)
		return false;	/* it is written whole anyway */
	if (r.nmoves > 0)
		at = next_line(text, line_at(text, r.moves[r.nmoves - 1].end_line));
	else
		at = (mark = strstr(text, "moves:")) != NULL ? next_line(text, (size_t)(mark - text)) :
		    len;
	nt_record_free(&r);
	return at < len && memchr(text + at, '#', len - at) != NULL;
}

/* Write TEXT (malloc'd, taken) as J's journal, G's N moves, and hold it. */
static bool
put(struct journal *j, char *text, int n, bool tailed, char **err)
{
	size_t len = strlen(text);

	if (!cmd_write_own(j->path, text, len, err)) {
		free(text);
		guard(j);	/* the old one, if any, is in place */
		return false;
	}
	free(j->text);
	j->text = text;
	j->len = len, j->cap = len + 1, j->loose = 0;
	j->nmoves = n;
	j->tailed = tailed;
	if ((j->fd = open(j->path, O_WRONLY | O_APPEND | O_CLOEXEC)) < 0) {
		cmd_seterr(err, "%s: %s", out_path(j->path), strerror(errno));
		j->held = false;	/* the file written is not known */
		guard(j);
		return false;
	}
	j->rewrite = false;
	hold(j);
	return true;
}

/* Where the comments that undo takes from J's journal are kept:
 * NAME.yaml.undone, malloc'd. */
static char *
undone_path(const struct journal *j)
{
	return cmd_strf("%s.undone", j->path);
}

/*
 * Keep what undo takes, W's moves and their comments, at the end of
 * NAME.yaml.undone, one file that grows: only what goes, never a copy of
 * the journal.  Synced before the journal is rewritten.  *was its size
 * before, to cut it back to if the undo cannot be done.  False with *err.
 */
static bool
undone_keep(const struct journal *j, const struct rewrite *w, off_t *was, char **err)
{
	char *path = undone_path(j), *head = NULL, when[32] = "", *dir;
	int fd = -1, last = w->from + w->ngone, dfd;
	time_t now = time(NULL);
	struct stat st;
	struct tm tm;
	bool ok = false;

	if (localtime_r(&now, &tm) != NULL)
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
	/* The file's own words are English, as a record's are. */
	if (w->ngone == 1)
		head = cmd_strf("# %s, undo took back move %d, with its comments:\n", when, last);
	else
		head = cmd_strf("# %s, undo took back moves %d to %d, with their comments:\n", when,
		    w->from + 1, last);
	if (path == NULL || head == NULL) {
		cmd_seterr(err, _("out of memory"));
		goto done;
	}
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC, 0600)) < 0 || fstat(fd, &st) < 0) {
		cmd_seterr(err, "%s: %s", out_path(path), strerror(errno));
		goto done;
	}
	if (!S_ISREG(st.st_mode)) {
		cmd_seterr(err, _("%s: not a regular file"), out_path(path));
		goto done;
	}
	*was = st.st_size;
	if (!write_all(fd, head, strlen(head)) || !write_all(fd, w->taken, strlen(w->taken)) ||
	    fsync(fd) < 0) {
		cmd_seterr(err, "%s: %s", out_path(path), strerror(errno));
		if (ftruncate(fd, *was) == 0)
			fsync(fd);
		goto done;
	}
	/* A new file's name, synced too. */
	if (st.st_size == 0 && (dir = cmd_strf("%s/games", state_dir)) != NULL) {
		if ((dfd = open(dir, O_RDONLY | O_CLOEXEC)) >= 0) {
			fsync(dfd);
			close(dfd);
		}
		free(dir);
	}
	ok = true;
done:
	if (fd >= 0)
		close(fd);
	free(path);
	free(head);
	return ok;
}

/* The undo that wrote to NAME.yaml.undone was not done: cut it back. */
static void
undone_unkeep(const struct journal *j, off_t was)
{
	char *path = undone_path(j);
	int fd;

	if (path != NULL && (fd = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) >= 0) {
		if (ftruncate(fd, was) == 0)
			fsync(fd);
		close(fd);
	}
	free(path);
}

/* W was written: what undo took is kept for redo, what redo used is gone,
 * and a new move makes the rest moot. */
static void
undone_update(struct journal *j, struct rewrite *w, int added)
{
	struct journal_undone *v;

	j->nundone -= w->back;
	if (w->back > 0)	/* j->undone may be NULL: no arithmetic on it */
		undone_free(j->undone + j->nundone, w->back);
	if (added > w->back) {
		undone_free(j->undone, j->nundone);
		j->nundone = 0;
	}
	if (w->ngone == 0)
		return;
	if (j->nundone + w->ngone > j->capundone) {
		int cap = j->nundone + w->ngone;

		if ((v = realloc(j->undone, (size_t)cap * sizeof *v)) == NULL) {
			/* Kept in NAME.yaml.undone: redo brings the moves alone. */
			undone_free(j->undone, j->nundone);
			j->nundone = 0;
			return;
		}
		j->undone = v, j->capundone = cap;
	}
	memcpy(j->undone + j->nundone, w->gone, (size_t)w->ngone * sizeof *w->gone);
	j->nundone += w->ngone;
	w->ngone = 0;
}

bool
journal_write(struct journal *j, const struct nt_record *r, const void *g, char **err)
{
	struct rewrite w;
	char *base, *kept = NULL;
	int n = nt_record_game(r)->nmoves(g), added = n - j->nmoves;
	off_t was = 0;
	bool ok, keep;

	/* Until the new file is in place, nothing may be appended to the old;
	 * and until then, what is on disk is not the game. */
	if (j->fd >= 0) {
		close(j->fd);
		j->fd = -1;
	}
	j->rewrite = true;
	if (j->name == NULL) {		/* a new game: its name now */
		if (state(err) == NULL)
			return false;
		if ((base = game_base(time(NULL), r)) == NULL) {
			cmd_seterr(err, _("out of memory"));
			return false;
		}
		ok = claim(j, base, err);
		free(base);
		if (!ok)
			return false;
	}
	if (is_ours(j, err) < 0)
		return false;
	if (!journal_text(j, r, g, false, &w)) {
		cmd_seterr(err, _("out of memory"));
		return false;
	}
	/* Comments that undo takes: kept first, the moves with them. */
	if ((keep = w.comments) && !undone_keep(j, &w, &was, err)) {
		rewrite_free(&w);
		return false;
	}
	/* Comments that cannot be kept in it: the journal as it was, aside. */
	if (w.lost && j->held && (kept = cmd_keep_aside(j->path, "comments", err)) == NULL) {
		rewrite_free(&w);
		return false;
	}
	ok = put(j, w.text, n, w.tailed, err);
	w.text = NULL;
	if (!ok) {
		if (keep)
			undone_unkeep(j, was);
		if (kept != NULL)
			unlink(kept);	/* the journal is as it was: no need */
		free(kept);
		rewrite_free(&w);
		return false;
	}
	if (keep) {
		char *path = undone_path(j);

		outf(ngettext("the comments of the move taken back are kept in %s; redo puts them "
		    "back\n", "the comments of the moves taken back are kept in %s; redo puts them "
		    "back\n", (unsigned long)w.ngone), out_path(path ? path : j->path));
		free(path);
	}
	if (kept != NULL)
		outf(_("the journal could not be written again with its comments; as it was, with "
		    "them, it is kept as %s\n"), out_path(kept));
	free(kept);
	undone_update(j, &w, added > 0 ? added : 0);
	rewrite_free(&w);
	return true;
}

bool
journal_drop_cut(struct journal *j, char **kept, char **err)
{
	char *text = NULL;

	*kept = NULL;
	if (j->text == NULL) {
		cmd_seterr(err, _("out of memory"));
		return false;
	}
	if ((*kept = cmd_keep_aside(j->path, "cut", err)) == NULL)
		return false;
	if (j->fd >= 0) {
		close(j->fd);
		j->fd = -1;
	}
	if ((text = strdup(j->text)) == NULL || !put(j, text, j->nmoves, j->tailed, err)) {
		if (text == NULL)
			cmd_seterr(err, _("out of memory"));
		unlink(*kept);		/* the journal is as it was */
		free(*kept);
		*kept = NULL;
		return false;
	}
	return true;
}

bool
journal_append(struct journal *j, const struct nt_record *r, const void *g, int first,
    char **err)
{
	struct rewrite w = { 0 };
	char *lines;
	size_t n;
	off_t size;
	int e, ours = 1, nmoves = nt_record_game(r)->nmoves(g);

	/* A new game, a file to redo, one that ends in comments (the moves
	 * go before them), one that is no longer ours: whole. */
	if (j->name == NULL || j->rewrite || j->tailed || (ours = is_ours(j, err)) == 0)
		return journal_write(j, r, g, err);
	if (ours < 0)
		return false;
	if (j->fd < 0 && (j->fd = open(j->path, O_WRONLY | O_APPEND | O_CLOEXEC)) < 0) {
		cmd_seterr(err, "%s: %s", out_path(j->path), strerror(errno));
		return false;
	}
	/* The turn's moves in one write: all of them are recorded, or none. */
	if ((lines = move_lines(j, r, g, first, nmoves, &w.back)) == NULL ||
	    !text_put(j, j->len, lines, strlen(lines))) {
		free(lines);
		cmd_seterr(err, _("out of memory"));
		return false;
	}
	if ((n = strlen(lines)) == 0) {
		free(lines);
		return true;
	}
	if ((size = lseek(j->fd, 0, SEEK_END)) < 0 || !write_all(j->fd, lines, n) ||
	    fsync(j->fd) < 0) {
		e = errno;
		/*
		 * Back to the last good byte: no half line, and no line whose
		 * move is taken back.  If even that fails, the file is rewritten
		 * whole at the next chance (journal_write), what was written of
		 * the lines taken as carcref's own.
		 */
		if (size < 0 || ftruncate(j->fd, size) < 0 || fsync(j->fd) < 0) {
			close(j->fd);
			j->fd = -1;
			j->rewrite = true;
			j->loose = n;
		}
		cmd_seterr(err, "%s: %s", out_path(j->path), strerror(e));
		free(lines);
		return false;
	}
	j->len += n;
	undone_update(j, &w, nmoves - first);
	j->nmoves = nmoves;
	free(lines);
	return true;
}

bool
journal_repair(struct journal *j, const struct nt_record *r, const void *g)
{
	char *err = NULL;
	bool ok;

	/* Only a file that holds moves: a game whose first write failed has
	 * none, and its next move writes it whole. */
	if (!j->rewrite || !j->held)
		return true;
	ok = journal_write(j, r, g, &err);
	free(err);
	return ok;
}

/*
 * Does TEXT, a journal, provably end inside its list of moves, so that a
 * line "  - MOVE" appended is its next move?  The reader says so: TEXT
 * with such a line appended must read as the same record with one move
 * more, that line.  A journal edited by hand whose last block is another
 * (players: after moves:) is not: its next move would land there.
 */
bool
journal_appendable(const char *text, size_t len)
{
	static const char probe[] = "  - end\n";
	struct nt_record a, b;
	struct cr_error err;
	char *more;
	bool ok;

	if (len == 0 || text[len - 1] != '\n' || nt_record_parse(&a, text, len, &err) < 0)
		return false;
	if ((more = malloc(len + sizeof probe)) == NULL) {
		nt_record_free(&a);
		return false;
	}
	memcpy(more, text, len);
	memcpy(more + len, probe, sizeof probe);
	ok = nt_record_parse(&b, more, len + sizeof probe - 1, &err) == 0;
	if (ok) {
		const struct nt_recmove *m = b.nmoves > 0 ? &b.moves[b.nmoves - 1] : NULL;
		int line = 1;

		for (size_t i = 0; i < len; i++)
			line += text[i] == '\n';
		ok = b.nmoves == a.nmoves + 1 && b.nplayers == a.nplayers &&
		    strcmp(m->text, "end") == 0 && m->player == NULL && m->line == line;
		nt_record_free(&b);
	}
	nt_record_free(&a);
	free(more);
	return ok;
}

/* ---- reading the journals -------------------------------------------------- */

/* Is S (N bytes) a move's line as carcref appends it, "  - MOVE", or the
 * start of one? */
static bool
move_line(const char *s, size_t n)
{
	static const char dash[] = "  - ";

	return n > 0 && memcmp(s, dash, n < 4 ? n : 4) == 0;
}

char *
journal_read(const char *path, size_t *len, bool *cut, char **err)
{
	char *text, *nl;

	*cut = false;
	/* Up to a NUL byte, if any: the record's reader says where it is. */
	if ((text = cmd_read_to_nul(path, len, NULL, 0)) == NULL) {
		/* cmd_read_file's message is in a fixed buffer: said again here. */
		cmd_seterr(err, "%s: %s", out_path(path), strerror(errno));
		return NULL;
	}
	/* An unterminated move's line after whole ones: a write cut short.
	 * A header's line written by hand without its newline is read. */
	for (nl = text + *len; nl > text && nl[-1] != '\n'; nl--)
		;
	if (*len > 0 && text[*len - 1] != '\n' && text[*len - 1] != '\0' && nl > text &&
	    move_line(nl, *len - (size_t)(nl - text))) {
		nl--;
		*len = (size_t)(nl - text) + 1;
		text[*len] = '\0';
		*cut = true;
	}
	return text;
}

void *
play_replay(const char *label, const char *text, size_t len, struct nt_record *r, char **why)
{
	int status;

	return play_replay_with(label, text, len, r, why, NULL, NULL, &status);
}

void *
play_replay_with(const char *label, const char *text, size_t len, struct nt_record *r,
    char **why, int (*fix)(struct nt_record *, void *), void *arg, int *status)
{
	struct nt_replay_error rerr;
	struct play_world_error werr;
	const struct play_game *pg;
	const void *world;
	struct cr_error err;
	const char *sep = label ? ":" : "", *path = label;	/* the record's file, or none */
	void *g;

	label = label ? out_path(label) : "";
	*status = 0;
	if (nt_record_parse(r, text, len, &err) < 0) {
		cmd_seterr(why, "%s%s%d:%d: %s", label, sep, err.line, err.column, err.msg);
		return NULL;
	}
	if (fix != NULL && (*status = fix(r, arg)) != 0) {
		nt_record_free(r);
		return NULL;
	}
	if ((pg = play_game_of(nt_record_game(r))) == NULL || play_world(pg) == NULL) {
		cmd_seterr(why, _("%s%scannot start the game: out of memory"), label, *sep ? ": " : "");
		nt_record_free(r);
		return NULL;
	}
	if ((world = play_world_of(pg, r, path, &werr)) == NULL) {	/* a file it names */
		cmd_seterr(why, "%s%s%d:%d: %s", label, sep, werr.e.line, werr.e.column, werr.e.msg);
		nt_record_free(r);
		return NULL;
	}
	if ((g = pg->rules->create(world, r, &rerr)) == NULL) {
		cmd_seterr(why, _("%s%scannot start the game: out of memory"), label, *sep ? ": " : "");
		nt_record_free(r);
		return NULL;
	}
	if (!nt_game_replay(pg->rules, g, world, r, &rerr)) {
		cmd_seterr(why, _("%s%s%d:%d: move %d: %s"), label, sep, rerr.line, rerr.column,
		    rerr.move, rerr.msg);
		pg->rules->free(g);
		nt_record_free(r);
		return NULL;
	}
	return g;
}

/* Newest first; then by name. */
static int
game_cmp(const void *a, const void *b)
{
	const struct journal_game *x = a, *y = b;

	if (x->mtime != y->mtime)
		return x->mtime > y->mtime ? -1 : 1;
	return strcmp(x->name, y->name);
}

int
journal_games(struct journal_game **out, char **err)
{
	struct journal_game *v = NULL, *nv;
	struct dirent *de;
	struct stat st;
	char *games;
	int n = 0, cap = 0;
	DIR *d;

	*out = NULL;
	if (state(err) == NULL || (games = cmd_strf("%s/games", state_dir)) == NULL)
		return -1;
	if ((d = opendir(games)) == NULL) {
		cmd_seterr(err, "%s: %s", out_path(games), strerror(errno));
		free(games);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		struct journal_game *jg;

		/* NAME.yaml; hidden files are cmd_out's temporary ones. */
		if (de->d_name[0] == '.' || len <= 5 || strcmp(de->d_name + len - 5, ".yaml") != 0)
			continue;
		if (fstatat(dirfd(d), de->d_name, &st, 0) < 0 || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			if ((nv = realloc(v, (size_t)cap * sizeof *v)) == NULL)
				goto oom;
			v = nv;
		}
		jg = &v[n];
		*jg = (struct journal_game){ .mtime = st.st_mtime };
		jg->name = cmd_strf("%.*s", (int)(len - 5), de->d_name);
		jg->path = cmd_strf("%s/%s", games, de->d_name);
		n++;
		if (jg->name == NULL || jg->path == NULL)
			goto oom;
	}
	closedir(d);
	free(games);
	if (n > 1)
		qsort(v, (size_t)n, sizeof *v, game_cmp);
	*out = v;
	return n;

oom:
	closedir(d);
	free(games);
	journal_games_free(v, n);
	cmd_seterr(err, _("out of memory"));
	return -1;
}

void
journal_games_free(struct journal_game *v, int n)
{
	for (int i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].path);
	}
	free(v);
}
