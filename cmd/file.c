/*
 * file.c -- replacing a user's file safely: at every instant PATH is
 * either the old file or the whole new one, never half of it, never
 * another file.
 *
 * The new text goes to a temporary file made with mkstemp(3) (O_EXCL: it
 * never follows a symlink planted at its name) in the directory of the
 * file replaced, under a hidden name that does not look like a record
 * (.NAME.carcref-XXXXXX).  It is synced, given the old file's mode, owner
 * and group, renamed over the file, and the directory is synced.  A
 * symlink is followed, so its target is replaced and the link kept.  A
 * file the user could not write is refused, even for root: a read-only
 * record is one somebody meant to keep as it is.  What is not a regular
 * file (a terminal, a pipe, /dev/stdout) is written to in place: renaming
 * a file over /dev/null would take its place.
 *
 * Writes are buffered, so a large output streamed in small pieces costs
 * about what one write of the whole would.
 *
 * One file may be guarded (cmd_out_guard): the journal of the game in
 * play.  Directories may be fenced (cmd_out_fence): the state directory,
 * all of it (its history, an older carcref's lock, games/ and locks/, any
 * directory in it).  No writer replaces such a file or writes into it,
 * nor makes a file in a fenced directory, whatever path names it (a
 * symlink, a hard link, .., /dev/fd/N): every writer comes here.  Only
 * carcref's own writes there (cmd_write_own: a journal, a tile kept in
 * hand) pass.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "notation/i18n.h"

#define OUT_BUF		65536
#define MAXLINKS	40	/* as the kernel's ELOOP */
#define MAXFENCE	4	/* directories fenced: the state directory, games/, locks/ */
#define MAXDEPTH	4096	/* directories above a file, at most: PATH_MAX / 2 */

struct cmd_out {
	char	*path;		/* the user's name for the file: for messages */
	char	*target;	/* the file replaced: PATH with its symlinks followed */
	char	*tmp;		/* the temporary file; NULL when written in place */
	int	 fd;
	bool	 exists;	/* target existed: its mode and owner are kept */
	mode_t	 mode;
	uid_t	 uid;
	gid_t	 gid;
	int	 err;		/* the first write error (an errno), 0 if none */
	size_t	 n;		/* bytes waiting in buf */
	char	 buf[OUT_BUF];
};

/* The directory part of PATH, malloc'd: "." for a bare name. */
static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return cmd_strf("%.*s", (int)(slash - path), path);
}

/* Where the symlink LINK points, malloc'd; NULL with errno set. */
static char *
read_link(const char *link)
{
	size_t size = 256;

	for (;;) {
		char *buf = malloc(size);
		ssize_t n;

		if (buf == NULL)
			return NULL;
		if ((n = readlink(link, buf, size)) < 0) {
			free(buf);
			return NULL;
		}
		if ((size_t)n < size) {
			buf[n] = '\0';
			return buf;
		}
		free(buf);
		size *= 2;
	}
}

/*
 * PATH with its symlinks followed, malloc'd; it may not exist (a new
 * file, or a link to one).  *magic is set when a link lies under /dev or
 * /proc (/dev/stdout, /dev/fd/3): what it names is the kernel's business,
 * and it is written in place.  NULL with errno set on an error.
 */
static char *
follow(const char *path, bool *magic)
{
	char *cur = strdup(path);
	struct stat st;

	*magic = false;
	for (int hops = 0; cur != NULL; hops++) {
		char *to, *dir;

		if (lstat(cur, &st) < 0) {
			if (errno == ENOENT)
				return cur;
			break;
		}
		if (!S_ISLNK(st.st_mode))
			return cur;
		if (strncmp(cur, "/dev/", 5) == 0 || strncmp(cur, "/proc/", 6) == 0) {
			*magic = true;
			return cur;
		}
		if (hops == MAXLINKS) {
			errno = ELOOP;
			break;
		}
		if ((to = read_link(cur)) == NULL)
			break;
		if (to[0] != '/' && (dir = dir_of(cur)) != NULL) {
			char *rel = to;

			to = cmd_strf("%s/%s", dir, rel);
			free(dir);
			free(rel);
		}
		free(cur);
		cur = to;
	}
	free(cur);
	return NULL;
}

/*
 * The descriptor a path names for the process itself (/dev/stdout,
 * /dev/fd/N, /proc/self/fd/N), or -1: such output is written through
 * the descriptor, at its offset, so it keeps its place among what else
 * the process writes there.
 */
static int
own_fd(const char *path)
{
	static const char *const names[] = { "/dev/stdin", "/dev/stdout", "/dev/stderr" };
	const char *num = NULL;
	char *end;
	long n;

	for (int i = 0; i < 3; i++)
		if (strcmp(path, names[i]) == 0)
			return i;
	if (strncmp(path, "/dev/fd/", 8) == 0)
		num = path + 8;
	else if (strncmp(path, "/proc/self/fd/", 14) == 0)
		num = path + 14;
	if (num == NULL || *num < '0' || *num > '9')
		return -1;
	n = strtol(num, &end, 10);
	return *end == '\0' && n <= 1024 * 1024 ? (int)n : -1;
}

/* The guarded file: its device and inode, and what it is, for messages. */
static struct {
	bool	 set;
	dev_t	 dev;
	ino_t	 ino;
	char	*what;
} guard;

/* The fenced directories, by device and inode (and path, for messages). */
static struct {
	int	 n;
	dev_t	 dev[MAXFENCE];
	ino_t	 ino[MAXFENCE];
	char	*path[MAXFENCE];
} fence;

static bool	own;	/* a write of carcref's own: cmd_write_own */

void
cmd_out_guard(const char *what, dev_t dev, ino_t ino)
{
	free(guard.what);
	guard.what = what != NULL ? strdup(what) : NULL;
	guard.set = guard.what != NULL;
	guard.dev = dev;
	guard.ino = ino;
}

void
cmd_out_fence(const char *const *dirs)
{
	struct stat st;

	for (int i = 0; i < fence.n; i++)
		free(fence.path[i]);
	fence.n = 0;
	for (; dirs != NULL && *dirs != NULL && fence.n < MAXFENCE; dirs++)
		if (stat(*dirs, &st) == 0 && (fence.path[fence.n] = strdup(*dirs)) != NULL) {
			fence.dev[fence.n] = st.st_dev;
			fence.ino[fence.n] = st.st_ino;
			fence.n++;
		}
}

/* Is ST the guarded file?  Then *err says PATH is not written. */
static bool
guarded(const struct stat *st, const char *path, char **err)
{
	if (own || !guard.set || st->st_dev != guard.dev || st->st_ino != guard.ino)
		return false;
	/* TRANSLATORS: the second %s is what the file is: "the journal of the
	 * game in play". */
	cmd_seterr(err, _("%s is %s: it is never written over; choose another file"),
	    out_path(path), guard.what);
	return true;
}

/*
 * The fenced directory that DIR is, or lies in (the nearest), as an
 * index of fence; -1 if none.  DIR's parents are walked up by "..", as
 * the kernel sees them: a symbolic link on the way does not hide them.
 */
static int
fenced_tree(const char *dir)
{
	struct stat st, prev;
	char *p = strdup(dir), *up;
	int found = -1;

	for (int depth = 0; p != NULL && depth < MAXDEPTH && stat(p, &st) == 0; depth++) {
		if (depth > 0 && st.st_dev == prev.st_dev && st.st_ino == prev.st_ino)
			break;		/* the root: its .. is itself */
		for (int i = 0; i < fence.n && found < 0; i++)
			if (st.st_dev == fence.dev[i] && st.st_ino == fence.ino[i])
				found = i;
		if (found >= 0 || (up = cmd_strf("%s/..", p)) == NULL)
			break;
		free(p);
		p = up;
		prev = st;
	}
	free(p);
	return found;
}

/* The fenced directory that holds the file ST under some name (a hard
 * link, a descriptor), as an index of fence, or -1. */
static int
fenced_file(const struct stat *st)
{
	for (int i = 0; i < fence.n; i++) {
		struct stat e;
		struct dirent *de;
		DIR *d = opendir(fence.path[i]);
		bool found = false;

		if (d == NULL)
			continue;
		while (!found && (de = readdir(d)) != NULL)
			found = fstatat(dirfd(d), de->d_name, &e, AT_SYMLINK_NOFOLLOW) == 0 &&
			    e.st_dev == st->st_dev && e.st_ino == st->st_ino;
		closedir(d);
		if (found)
			return i;
	}
	return -1;
}

/*
 * May TARGET (PATH with its symlinks followed) not be written, being in a
 * fenced directory, or a file of one under another name?  Then *err says
 * so.  FD, if not -1, is the file already open (written in place).
 */
static bool
fenced(const char *path, const char *target, int fd, char **err)
{
	const char *dir;
	struct stat st;
	char *parent;
	bool have, in;
	int k = -1;

	if (own || fence.n == 0)
		return false;
	if (target != NULL && (parent = dir_of(target)) != NULL) {
		k = fenced_tree(parent);
		free(parent);
	}
	in = k >= 0;
	/* Another name of a file there: a hard link, or a descriptor. */
	have = fd >= 0 ? fstat(fd, &st) == 0 : target != NULL && stat(target, &st) == 0;
	if (k < 0 && have && (fd >= 0 || (S_ISREG(st.st_mode) && st.st_nlink > 1)))
		k = fenced_file(&st);
	if (k < 0)
		return false;
	dir = fence.path[k];
	/* TRANSLATORS: the second %s is a directory, DIR/games or DIR/locks. */
	if (in && k > 0)
		cmd_seterr(err, _("%s: carcref keeps its games and locks in %s, and no command "
		    "writes there; choose another file"), path, dir);
	else if (k > 0)
		cmd_seterr(err, _("%s is another name of a file in %s, where carcref keeps its "
		    "games and locks: no command writes over it; choose another file"), path, dir);
	/* TRANSLATORS: the second %s is carcref's state directory. */
	else if (in)
		cmd_seterr(err, _("%s: %s is carcref's state directory (its games, locks and "
		    "history), and no command writes there; choose another file"), path, dir);
	else
		cmd_seterr(err, _("%s is another name of a file in carcref's state directory %s: "
		    "no command writes over it; choose another file"), path, dir);
	return true;
}

static void
out_free(struct cmd_out *o)
{
	free(o->path);
	free(o->target);
	free(o->tmp);
	free(o);
}

/* Open O for writing in place: a device, a pipe, /dev/stdout. */
static bool
open_in_place(struct cmd_out *o, char **err)
{
	int fd = own_fd(o->path);
	struct stat st;

	if (fd >= 0) {
		if (fd == STDOUT_FILENO)
			fflush(stdout);	/* what was printed before comes first */
		o->fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	} else
		o->fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (o->fd < 0) {
		cmd_seterr(err, C_("file: error", "%s: %s"), out_path(o->path), strerror(errno));
		return false;
	}
	if ((fstat(o->fd, &st) == 0 && guarded(&st, o->path, err)) ||
	    fenced(o->path, NULL, o->fd, err)) {
		close(o->fd);
		o->fd = -1;
		return false;
	}
	return true;
}

struct cmd_out *
cmd_out_open(const char *path, char **err)
{
	struct cmd_out *o;
	struct stat st;
	char *dir = NULL, *base;
	bool magic;

	if ((o = calloc(1, sizeof *o)) == NULL ||
	    (o->path = strdup(path)) == NULL) {
		cmd_seterr(err, _("%s: out of memory"), out_path(path));
		free(o);
		return NULL;
	}
	o->fd = -1;
	if (own_fd(path) >= 0) {	/* whatever /dev/stdout is made of here */
		if (!open_in_place(o, err))
			goto fail;
		return o;
	}
	if ((o->target = follow(path, &magic)) == NULL) {
		cmd_seterr(err, C_("file: error", "%s: %s"), out_path(path), strerror(errno));
		goto fail;
	}
	/* The journal in play said as such; any other of carcref's files too. */
	if (!magic && ((stat(o->target, &st) == 0 && guarded(&st, path, err)) ||
	    fenced(path, o->target, -1, err)))
		goto fail;
	if (magic || (stat(o->target, &st) == 0 && !S_ISREG(st.st_mode) &&
	    !S_ISDIR(st.st_mode))) {
		if (!open_in_place(o, err))
			goto fail;
		return o;
	}

	if (stat(o->target, &st) == 0) {
		if (guarded(&st, path, err))
			goto fail;
		if (S_ISDIR(st.st_mode)) {
			cmd_seterr(err, _("%s: is a directory"), out_path(path));
			goto fail;
		}
		/* No write bit at all: read-only on purpose, even for root. */
		if ((st.st_mode & 0222) == 0) {
			cmd_seterr(err, _("%s: the file is read-only (mode %04o): not replaced"),
			    out_path(path), (unsigned)(st.st_mode & 07777));
			goto fail;
		}
		if (access(o->target, W_OK) < 0) {
			cmd_seterr(err, _("%s: not replaced: %s"), out_path(path), strerror(errno));
			goto fail;
		}
		o->exists = true;
		o->mode = st.st_mode & 07777;
		o->uid = st.st_uid;
		o->gid = st.st_gid;
	} else if (errno != ENOENT) {
		cmd_seterr(err, C_("file: error", "%s: %s"), out_path(path), strerror(errno));
		goto fail;
	}
	if ((dir = dir_of(o->target)) == NULL)
		goto oom;
	if (access(dir, W_OK | X_OK) < 0) {
		if (errno == ENOENT)
			cmd_seterr(err, C_("file: error", "%s: %s"), out_path(path),
			    strerror(errno));
		else
			cmd_seterr(err, _("%s: cannot write in its directory %s: %s"),
			    out_path(path), out_path(dir), strerror(errno));
		goto fail;
	}
	base = strrchr(o->target, '/');
	base = base ? base + 1 : o->target;
	if ((o->tmp = cmd_strf("%s/.%s.carcref-XXXXXX", dir, base)) == NULL)
		goto oom;
	if ((o->fd = mkstemp(o->tmp)) < 0) {
		cmd_seterr(err, _("%s: cannot create a temporary file in %s: %s"), out_path(path),
		    out_path(dir), strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		goto fail;
	}
	fcntl(o->fd, F_SETFD, FD_CLOEXEC);
	free(dir);
	return o;

oom:
	cmd_seterr(err, _("%s: out of memory"), out_path(path));
fail:
	free(dir);
	out_free(o);
	return NULL;
}

/* Write all of it: write(2) may stop short on a full disk or a signal. */
static bool
write_all(struct cmd_out *o, const char *s, size_t len)
{
	while (len > 0) {
		ssize_t k = write(o->fd, s, len);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			o->err = k < 0 ? errno : EIO;
			return false;
		}
		s += k, len -= (size_t)k;
	}
	return true;
}

static bool
flush(struct cmd_out *o)
{
	bool ok = o->err == 0 && write_all(o, o->buf, o->n);

	o->n = 0;
	return ok;
}

bool
cmd_out_write(struct cmd_out *o, const void *buf, size_t n)
{
	if (o->err != 0)
		return false;
	if (n > sizeof o->buf - o->n) {
		if (!flush(o))
			return false;
		if (n >= sizeof o->buf)		/* large: no copy */
			return write_all(o, buf, n);
	}
	memcpy(o->buf + o->n, buf, n);
	o->n += n;
	return true;
}

/* fsync the directory DIR, so a rename in it survives a crash. */
static int
sync_dir(const char *dir)
{
	int fd, rc;

	if ((fd = open(dir, O_RDONLY | O_CLOEXEC)) < 0)
		return errno;
	rc = fsync(fd) < 0 ? errno : 0;
	close(fd);
	/* Some file systems cannot sync a directory; the data is safe anyway. */
	return rc == EINVAL ? 0 : rc;
}

/* The old file's owner and group on the new one, where permitted. */
static int
keep_owner(struct cmd_out *o)
{
	if (fchown(o->fd, o->uid, o->gid) == 0)
		return 0;
	if (errno != EPERM)
		return errno;
	/* Not ours to give away: the group may still be one of ours. */
	if (fchown(o->fd, (uid_t)-1, o->gid) == 0 || errno == EPERM)
		return 0;
	return errno;
}

bool
cmd_out_commit(struct cmd_out *o, char **err)
{
	char *dir = NULL;
	mode_t mode, mask;
	int e = 0;

	if (!flush(o))
		e = o->err;
	if (o->tmp == NULL) {		/* in place */
		if (close(o->fd) < 0 && e == 0)
			e = errno;
		if (e != 0)
			cmd_seterr(err, C_("file: error", "%s: %s"), out_path(o->path),
			    strerror(e));
		out_free(o);
		return e == 0;
	}
	if (e == 0 && fsync(o->fd) < 0)
		e = errno;
	if (e == 0 && o->exists)
		e = keep_owner(o);
	if (e == 0) {
		/* After fchown, which may clear the set-user-ID bit. */
		if (o->exists)
			mode = o->mode;
		else {
			mask = umask(0);
			umask(mask);
			mode = 0666 & ~mask;
		}
		if (fchmod(o->fd, mode) < 0)
			e = errno;
	}
	if (close(o->fd) < 0 && e == 0)
		e = errno;
	o->fd = -1;
	if (e == 0 && rename(o->tmp, o->target) < 0)
		e = errno;
	if (e != 0) {
		unlink(o->tmp);
		cmd_seterr(err, C_("file: error", "%s: %s"), out_path(o->path), strerror(e));
		out_free(o);
		return false;
	}
	if ((dir = dir_of(o->target)) == NULL || (e = sync_dir(dir)) != 0) {
		cmd_seterr(err, _("%s: written, but its directory could not be synced: %s"),
		    out_path(o->path), strerror(dir == NULL ? ENOMEM : e));
		free(dir);
		out_free(o);
		return false;
	}
	free(dir);
	out_free(o);
	return true;
}

void
cmd_out_abort(struct cmd_out *o)
{
	if (o == NULL)
		return;
	if (o->fd >= 0)
		close(o->fd);
	if (o->tmp != NULL)
		unlink(o->tmp);
	out_free(o);
}

bool
cmd_write_atomic(const char *path, const char *text, size_t len, char **err)
{
	struct cmd_out *o;

	if ((o = cmd_out_open(path, err)) == NULL)
		return false;
	cmd_out_write(o, text, len);	/* an error is remembered: commit says it */
	return cmd_out_commit(o, err);
}

bool
cmd_write_own(const char *path, const char *text, size_t len, char **err)
{
	bool ok;

	own = true;
	ok = cmd_write_atomic(path, text, len, err);
	own = false;
	return ok;
}

/* A copy of the file PATH as TO, a new file (O_EXCL), synced: where there
 * are no hard links.  0, or an errno. */
static int
copy_to(const char *path, const char *to)
{
	char msg[64], *text;
	size_t len;
	struct stat st;
	int fd, e = 0;

	if (lstat(path, &st) < 0)
		return errno;
	if ((text = cmd_read_bytes(path, &len, msg, sizeof msg)) == NULL)
		return errno ? errno : EIO;
	if ((fd = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, st.st_mode & 07777)) < 0)
		e = errno;
	else {
		for (size_t at = 0; at < len && e == 0; ) {
			ssize_t k = write(fd, text + at, len - at);

			if (k > 0)
				at += (size_t)k;
			else if (k == 0 || errno != EINTR)
				e = k == 0 ? EIO : errno;
		}
		if (e == 0 && fsync(fd) < 0)
			e = errno;
		if (close(fd) < 0 && e == 0)
			e = errno;
		if (e != 0)
			unlink(to);
	}
	free(text);
	return e;
}

/*
 * PATH aside, to PATH.TAG (PATH.TAG-2, -3... when taken): never over
 * another file.  With KEEP, PATH stays too (a hard link, else a copy);
 * else it is moved (never a copy).  The new name, malloc'd; NULL with *err.
 */
static char *
aside(const char *path, const char *tag, bool keep, char **err)
{
	struct stat st;
	int e = EEXIST;

	for (int k = 1; k < 1000; k++) {
		char *to = k == 1 ? cmd_strf("%s.%s", path, tag) : cmd_strf("%s.%s-%d", path, tag, k);

		if (to == NULL) {
			e = ENOMEM;
			break;
		}
		/* link(2) never replaces a file; where there are no hard links,
		 * rename(2), or a copy made O_EXCL, once the name is seen free. */
		if (link(path, to) == 0) {
			if (keep || unlink(path) == 0)
				return to;
			e = errno;
			unlink(to);
		} else if (errno == EEXIST || lstat(to, &st) == 0) {
			free(to);
			continue;
		} else if (!keep && rename(path, to) == 0)
			return to;
		else if (!keep)
			e = errno;
		else if ((e = copy_to(path, to)) == 0)
			return to;
		else if (e == EEXIST) {
			free(to);
			continue;
		}
		free(to);
		break;
	}
	if (keep)
		cmd_seterr(err, _("%s: cannot keep a copy of it aside: %s"), out_path(path), strerror(e));
	else
		cmd_seterr(err, _("%s: cannot move it aside: %s"), out_path(path), strerror(e));
	return NULL;
}

char *
cmd_set_aside(const char *path, const char *tag, char **err)
{
	return aside(path, tag, false, err);
}

char *
cmd_keep_aside(const char *path, const char *tag, char **err)
{
	return aside(path, tag, true, err);
}
