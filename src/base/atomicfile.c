/* atomicfile.c: temp file + fsync + rename, so a crash or a full disk never leaves half a file. */
#include "base/atomicfile.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/*
 * The temporary files being written, so that a signal that ends the program
 * (SIGTERM, SIGHUP when the terminal closes, SIGINT) removes them rather
 * than leaving FILE.tmpXXXXXX behind. The handler may only call
 * async-signal-safe functions: it reads this table (lock-free atomic
 * pointers) and calls unlink, sigaction and raise. A write that finds the
 * table full is still atomic, it is only not cleaned up after a signal.
 */
#define PENDING_MAX 16
static _Atomic(char *) pending[PENDING_MAX];
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "a signal handler may only read lock-free atomic pointers");

/* The signals that remove the temporary files, and what each did before. */
static const int cleanup_signals[] = { SIGTERM, SIGHUP, SIGINT };
#define CLEANUP_COUNT (sizeof cleanup_signals / sizeof cleanup_signals[0])
static struct sigaction previous[CLEANUP_COUNT];
/* Set when the handler has passed signal I on to its previous handler: a second
 * arrival then takes the default action, so two handlers that put each other
 * back can never pass a signal round for ever. */
static atomic_int passed_on[CLEANUP_COUNT];
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * A signal that would end the program: remove every pending temporary file,
 * then let the signal do what it did before: the default action (the
 * program ends as it would have), or the handler that was there before (the
 * tutor's, which gives the terminal back and then ends the program).
 */
static void on_signal(int sig, siginfo_t *info, void *ctx)
{
	size_t i;

	(void)info;
	(void)ctx;
	for (i = 0; i < PENDING_MAX; i++) {
		char *tmp = atomic_exchange(&pending[i], NULL);

		if (tmp != NULL)
			unlink(tmp);
	}
	for (i = 0; i < CLEANUP_COUNT; i++) {
		if (cleanup_signals[i] != sig)
			continue;
		if (atomic_exchange(&passed_on[i], 1) || previous[i].sa_handler == SIG_DFL ||
		    previous[i].sa_handler == SIG_IGN) {
			struct sigaction dfl;

			memset(&dfl, 0, sizeof dfl);
			dfl.sa_handler = SIG_DFL;
			sigemptyset(&dfl.sa_mask);
			sigaction(sig, &dfl, NULL);
		} else {
			sigaction(sig, &previous[i], NULL);
		}
		/* SIG is blocked while this handler runs: it arrives again as the handler returns. */
		raise(sig);
	}
}

/*
 * Puts on_signal in place for each cleanup signal, unless the signal is
 * ignored (under nohup the program does not end on SIGHUP, so neither should
 * its files be removed) or on_signal is already there. What was there is
 * kept for on_signal to pass the signal on to.
 */
static void install_handlers(void)
{
	size_t i;

	pthread_mutex_lock(&install_lock);
	for (i = 0; i < CLEANUP_COUNT; i++) {
		struct sigaction cur, sa;

		if (sigaction(cleanup_signals[i], NULL, &cur) != 0 || cur.sa_handler == SIG_IGN)
			continue;
		if ((cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == on_signal)
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_signal;
		sa.sa_flags = SA_SIGINFO | SA_RESTART;
		sigemptyset(&sa.sa_mask);
		for (size_t j = 0; j < CLEANUP_COUNT; j++)
			sigaddset(&sa.sa_mask, cleanup_signals[j]);
		previous[i] = cur;
		atomic_store(&passed_on[i], 0);
		sigaction(cleanup_signals[i], &sa, NULL);
	}
	pthread_mutex_unlock(&install_lock);
}

/* Adds TMP to the pending table and makes sure the handlers are in place; false when the table is full. */
static bool pending_add(char *tmp)
{
	install_handlers();
	for (size_t i = 0; i < PENDING_MAX; i++) {
		char *expected = NULL;

		if (atomic_compare_exchange_strong(&pending[i], &expected, tmp))
			return true;
	}
	return false;
}

/* Whether TMP is still in the table: false once a signal handler has removed the file. */
static bool pending_has(const char *tmp)
{
	for (size_t i = 0; i < PENDING_MAX; i++)
		if (atomic_load(&pending[i]) == tmp)
			return true;
	return false;
}

/* Takes TMP out of the pending table once it is renamed or removed (a signal in between finds no file), before it is freed. */
static void pending_remove(const char *tmp)
{
	for (size_t i = 0; i < PENDING_MAX; i++) {
		char *expected = (char *)tmp;

		if (atomic_compare_exchange_strong(&pending[i], &expected, NULL))
			return;
	}
}

/* Releases what AF holds. */
static void release(struct atomicfile *af)
{
	free(af->path);
	free(af->tmp);
	af->path = af->tmp = NULL;
	af->fp = NULL;
}

/*
 * The file a write to PATH should replace: PATH itself, or, when PATH is a
 * symbolic link (a progress file kept in a dotfiles repository, say), the
 * file it points to, followed link by link (relative targets from the
 * link's directory). Renaming a temporary file over the link itself would
 * replace the link by a regular file and the target would silently stop
 * being updated. NULL with a message when the links loop.
 */
static char *write_target(const char *path, struct error *err)
{
	char *cur = xstrdup(path);

	for (int hops = 0; hops < 40; hops++) {
		struct stat st;
		char buf[4096];
		ssize_t n;
		char *next;

		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		n = readlink(cur, buf, sizeof buf - 1);
		if (n < 0 || (size_t)n >= sizeof buf - 1) {
			error_set(err, 0, 0, "cannot write '%s': cannot read the symbolic link %s", path, cur);
			free(cur);
			return NULL;
		}
		buf[n] = '\0';
		if (buf[0] == '/' || strrchr(cur, '/') == NULL) {
			next = xstrdup(buf);
		} else {
			size_t dir = (size_t)(strrchr(cur, '/') - cur) + 1;

			next = xmalloc(dir + (size_t)n + 1);
			memcpy(next, cur, dir);
			memcpy(next + dir, buf, (size_t)n + 1);
		}
		free(cur);
		cur = next;
	}
	error_set(err, 0, 0, "cannot write '%s': too many levels of symbolic links", path);
	free(cur);
	return NULL;
}

/*
 * Gives the new file FD the mode and, where the user may, the owner and group
 * of OLD, the file it replaces, as sed -i and editors do: a private 0600
 * file stays private. The owner is set before the mode, because changing
 * the owner clears the set-user-ID and set-group-ID bits. Failing to give
 * the owner back (only root may) is no error: the file is then the user's.
 */
static int keep_mode(int fd, const struct stat *old)
{
	if (fchown(fd, old->st_uid, old->st_gid) != 0) {
		int r = fchown(fd, (uid_t)-1, old->st_gid);

		(void)r;
	}
	return fchmod(fd, old->st_mode & 07777);
}

/*
 * Opens AF for PATH: with FOLLOW, a symbolic link is followed to the file it
 * names and a file that is not regular is written in place; without, PATH
 * itself is what the rename replaces and a file that is not regular is
 * refused.
 */
static bool open_file(struct atomicfile *af, const char *path, bool follow, struct error *err)
{
	struct stat st;
	bool exists;
	size_t len;
	mode_t mask;
	int fd, access_errno;

	memset(af, 0, sizeof *af);
	af->path = follow ? write_target(path, err) : xstrdup(path);
	if (af->path == NULL)
		return false;
	path = af->path;
	len = strlen(path);
	exists = (follow ? stat(path, &st) : lstat(path, &st)) == 0;
	if (exists && !follow && !S_ISREG(st.st_mode)) {
		error_set(err, 0, 0, "cannot write '%s': it is %s, not a regular file", path,
			  S_ISLNK(st.st_mode) ? "a symbolic link" : S_ISDIR(st.st_mode) ? "a directory" : "a special file");
		release(af);
		return false;
	}
	if (exists && !S_ISREG(st.st_mode)) {
		af->fp = fopen(path, "w");
		if (af->fp == NULL) {
			error_set(err, 0, 0, "cannot write '%s': %s", path, strerror(errno));
			release(af);
			return false;
		}
		return true;
	}
	/*
	 * Renaming over a file needs only the directory's permission, so a
	 * read-only file would be replaced without a word: refuse it, as the
	 * user cannot write it (root can, but a file no one may write is kept
	 * read-only on purpose).
	 */
	access_errno = exists && access(path, W_OK) != 0 ? errno : 0;
	if (exists && (access_errno != 0 || (st.st_mode & 0222) == 0)) {
		if (access_errno == EROFS)
			error_set(err, 0, 0, "cannot write '%s': %s (the file system is mounted read-only)",
				  path, strerror(EROFS));
		else if ((st.st_mode & 0222) == 0)
			error_set(err, 0, 0, "cannot write '%s': the file is read-only (mode %04o); "
				  "make it writable (chmod u+w) or choose another file",
				  path, (unsigned)(st.st_mode & 07777));
		else
			error_set(err, 0, 0, "cannot write '%s': you may not write this file (mode %04o, "
				  "owner %lu); choose another file", path, (unsigned)(st.st_mode & 07777),
				  (unsigned long)st.st_uid);
		release(af);
		return false;
	}
	af->tmp = xmalloc(len + sizeof ".tmpXXXXXX");
	memcpy(af->tmp, path, len);
	memcpy(af->tmp + len, ".tmpXXXXXX", sizeof ".tmpXXXXXX");
	fd = mkstemp(af->tmp);
	if (fd < 0) {
		error_set(err, 0, 0, "cannot write '%s': cannot create a temporary file beside it: %s",
			  path, strerror(errno));
		release(af);
		return false;
	}
	af->pending = pending_add(af->tmp);
	/*
	 * mkstemp makes the file private: give it the mode (and owner) of the
	 * file it replaces, or the permissions a new file would get.
	 */
	if (exists) {
		if (keep_mode(fd, &st) != 0)
			goto fail;
	} else {
		mask = umask(0);
		umask(mask);
		if (fchmod(fd, 0666 & ~mask) != 0)
			goto fail;
	}
	if ((af->fp = fdopen(fd, "w")) == NULL)
		goto fail;
	return true;
fail:
	error_set(err, 0, 0, "cannot write '%s': %s", path, strerror(errno));
	close(fd);
	unlink(af->tmp);
	pending_remove(af->tmp);
	release(af);
	return false;
}

bool atomicfile_open(struct atomicfile *af, const char *path, struct error *err)
{
	return open_file(af, path, true, err);
}

bool atomicfile_open_nofollow(struct atomicfile *af, const char *path, struct error *err)
{
	return open_file(af, path, false, err);
}

bool atomicfile_commit(struct atomicfile *af, struct error *err)
{
	const char *what = "write error";
	int saved;

	if (fflush(af->fp) != 0 || ferror(af->fp))
		goto fail;
	what = "cannot sync it to disk";
	if (af->tmp != NULL && fsync(fileno(af->fp)) != 0)
		goto fail;
	what = "cannot close it";
	if (fclose(af->fp) != 0) {
		af->fp = NULL;
		goto fail;
	}
	af->fp = NULL;
	/*
	 * A signal whose handler let the program go on (the REPL's SIGINT,
	 * which stops what is running) has removed the temporary file: the
	 * write is cancelled, and PATH is left as it was.
	 */
	if (af->pending && !pending_has(af->tmp)) {
		error_set(err, 0, 0, "cannot write '%s': interrupted by a signal; the file is left as it was",
			  af->path);
		atomicfile_abort(af);
		return false;
	}
	what = "cannot rename the temporary file to it";
	if (af->tmp != NULL && rename(af->tmp, af->path) != 0)
		goto fail;
	/* Out of the table only now: a signal just before the rename still removes the file. */
	if (af->tmp != NULL)
		pending_remove(af->tmp);
	release(af);
	return true;
fail:
	saved = errno ? errno : EIO;
	error_set(err, 0, 0, "cannot write '%s': %s: %s", af->path, what, strerror(saved));
	atomicfile_abort(af);
	return false;
}

void atomicfile_abort(struct atomicfile *af)
{
	if (af->fp != NULL)
		fclose(af->fp);
	if (af->tmp != NULL) {
		unlink(af->tmp);
		pending_remove(af->tmp);
	}
	release(af);
}
