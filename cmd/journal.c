/*
 * journal.c -- never lose a move: the journal of the game in play.
 *
 * The journal is itself a game record (DIR/current.yaml): the header,
 * "moves:", then one "  - MOVE" line per accepted move.  A move is
 * appended and fsync'ed before the REPL reads the next line, so a closed
 * terminal, a kill -9 or a power cut loses at most the line being typed.
 * What changes the past (undo, load, resume) rewrites the file whole
 * through a temporary file and rename(2), so the file is always a whole,
 * valid record: `carcref replay` reads it as it is.
 *
 * A last line without its newline is a write that was cut short; the REPL
 * never acknowledged that move, so a resume drops it (journal_read).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "play.h"

static char	state_dir[4096];

/* mkdir -p, the new directories private: the history is nobody else's. */
static bool
mkdirs(char *path, char *err, size_t errlen)
{
	struct stat st;

	for (char *p = path + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char c = *p;

		*p = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create %s: %s", path, strerror(errno));
			*p = c;
			return false;
		}
		*p = c;
		if (c == '\0')
			break;
	}
	if (stat(path, &st) < 0 || !S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s is not a directory", path);
		return false;
	}
	return true;
}

bool
play_state_path(const char *name, char *buf, size_t size, char *err, size_t errlen)
{
	const char *env;
	int n;

	if (state_dir[0] == '\0') {
		if ((env = getenv("CARCREF_STATE")) != NULL && *env != '\0')
			n = snprintf(state_dir, sizeof state_dir, "%s", env);
		else if ((env = getenv("XDG_STATE_HOME")) != NULL && *env == '/')
			/* The XDG spec: a relative path is invalid, ignore it. */
			n = snprintf(state_dir, sizeof state_dir, "%s/carcref", env);
		else if ((env = getenv("HOME")) != NULL && *env != '\0')
			n = snprintf(state_dir, sizeof state_dir, "%s/.local/state/carcref", env);
		else {
			snprintf(err, errlen, "no state directory: set HOME, XDG_STATE_HOME or CARCREF_STATE");
			return false;
		}
		if (n < 0 || (size_t)n >= sizeof state_dir - 64) {
			state_dir[0] = '\0';
			snprintf(err, errlen, "the state directory's path is too long");
			return false;
		}
		if (!mkdirs(state_dir, err, errlen)) {
			state_dir[0] = '\0';
			return false;
		}
	}
	n = snprintf(buf, size, "%s/%s", state_dir, name);
	if (n < 0 || (size_t)n >= size) {
		snprintf(err, errlen, "%s/%s: path too long", state_dir, name);
		return false;
	}
	return true;
}

/* Write all of it: write(2) may stop short on a full disk or a signal. */
static bool
write_all(int fd, const char *s, size_t len)
{
	while (len > 0) {
		ssize_t k = write(fd, s, len);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		s += k, len -= (size_t)k;
	}
	return true;
}

bool
journal_lock(struct journal *j, char *err, size_t errlen)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	char path[4096];

	j->fd = j->lockfd = -1;
	if (!play_state_path("lock", path, sizeof path, err, errlen))
		return false;
	if ((j->lockfd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	/*
	 * An fcntl lock, not a pid file: the kernel drops it when the process
	 * dies, kill -9 included, so a crash never leaves the journal locked.
	 */
	if (fcntl(j->lockfd, F_SETLK, &fl) < 0) {
		if (errno == EACCES || errno == EAGAIN) {
			fl = (struct flock){ .l_type = F_WRLCK, .l_whence = SEEK_SET };
			if (fcntl(j->lockfd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK)
				snprintf(err, errlen, "another carcref session (process %ld) "
				    "is keeping its journal in %s; finish it first, or set "
				    "CARCREF_STATE to another directory", (long)fl.l_pid, state_dir);
			else
				snprintf(err, errlen, "another carcref session is keeping its "
				    "journal in %s", state_dir);
		} else
			snprintf(err, errlen, "%s: cannot lock: %s", path, strerror(errno));
		close(j->lockfd);
		j->lockfd = -1;
		return false;
	}
	return true;
}

/* "  - MOVE\n" for move i of g. */
static int
move_line(const struct cr_game *g, int i, char *buf, size_t size)
{
	char line[128];

	nt_format_move(cr_game_tileset(g), cr_game_move(g, i), NULL, line, sizeof line);
	return snprintf(buf, size, "  - %s\n", line);
}

bool
journal_write(struct journal *j, const struct nt_record *r, const struct cr_game *g,
    char *err, size_t errlen)
{
	char path[4096], prev[4096];
	char *text, *mark, *e = NULL;
	size_t len;
	bool ok;

	/* Until the new file is in place, nothing may be appended to the old. */
	if (j->fd >= 0) {
		close(j->fd);
		j->fd = -1;
	}
	if (!play_state_path("current.yaml", path, sizeof path, err, errlen) ||
	    !play_state_path("previous.yaml", prev, sizeof prev, err, errlen))
		return false;
	if ((text = nt_record_format(r, g)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	/* "moves: []" (no move yet, the last line) cannot be appended to;
	 * "moves:" (empty) can. */
	if (cr_game_nmoves(g) == 0 && (mark = strstr(text, "moves: []\n")) != NULL)
		strcpy(mark, "moves:\n");
	len = strlen(text);
	if (j->fresh) {
		/*
		 * Another game is starting: the last one stays as previous.yaml.
		 * A hard link, so current.yaml exists at every instant.
		 */
		if (unlink(prev) < 0 && errno != ENOENT) {
			snprintf(err, errlen, "%s: %s", prev, strerror(errno));
			free(text);
			return false;
		}
		if (link(path, prev) < 0 && errno != ENOENT &&
		    rename(path, prev) < 0) {	/* no hard links here: a rename will do */
			snprintf(err, errlen, "cannot keep %s as %s: %s", path, prev, strerror(errno));
			free(text);
			return false;
		}
	}
	ok = cmd_write_atomic(path, text, len, &e);
	if (!ok)
		snprintf(err, errlen, "%s", e ? e : "out of memory");
	free(e);
	free(text);
	if (!ok)
		return false;
	j->fresh = false;
	if ((j->fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	return true;
}

bool
journal_append(struct journal *j, const struct nt_record *r, const struct cr_game *g,
    int i, char *err, size_t errlen)
{
	char line[160];
	int n;

	if (j->fd < 0)	/* the game's first move: the file starts now */
		return journal_write(j, r, g, err, errlen);
	n = move_line(g, i, line, sizeof line);
	if (n < 0 || (size_t)n >= sizeof line || !write_all(j->fd, line, (size_t)n) ||
	    fsync(j->fd) < 0) {
		snprintf(err, errlen, "the journal: %s", strerror(errno));
		/* Maybe half a line went out: the next move rewrites the file whole. */
		close(j->fd);
		j->fd = -1;
		return false;
	}
	return true;
}

char *
journal_read(char *path, size_t pathsize, size_t *len, bool *cut, char *err, size_t errlen)
{
	char *text, *nl;
	struct stat st;

	*cut = false;
	if (!play_state_path("current.yaml", path, pathsize, err, errlen))
		return NULL;
	if (stat(path, &st) < 0 && errno == ENOENT) {
		snprintf(err, errlen, "no game to resume: %s does not exist", path);
		return NULL;
	}
	if ((text = cmd_read_file(path, len, err, errlen)) == NULL)
		return NULL;
	if (*len > 0 && text[*len - 1] != '\n') {
		nl = strrchr(text, '\n');
		*len = nl ? (size_t)(nl - text) + 1 : 0;
		text[*len] = '\0';
		*cut = true;
	}
	return text;
}

void
journal_close(struct journal *j)
{
	if (j->fd >= 0)
		close(j->fd);
	if (j->lockfd >= 0)
		close(j->lockfd);
	j->fd = j->lockfd = -1;
}
