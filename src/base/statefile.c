/* statefile.c: reading, locking, merging and saving the records quiesce keeps (see statefile.h). */
#include "base/statefile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/atomicfile.h"
#include "base/inputfile.h"
#include "base/lockfile.h"
#include "base/util.h"

/* The message for a record that is a symbolic link. */
static bool refuse_link(const char *path, struct error *err)
{
	return error_set(err, 0, 0, "%s is a symbolic link: a record is not read or written through a link (a save "
			 "would replace the file it points to); remove it, or set XDG_STATE_HOME", path);
}

bool statefile_check(const char *path, struct error *err)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return errno == ENOENT ? true : error_set(err, 0, 0, "%s: cannot use it: %s", path, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return refuse_link(path, err);
	if (!S_ISREG(st.st_mode))
		return error_set(err, 0, 0, "%s is not a regular file (it is %s)", path, inputfile_kind(st.st_mode));
	return true;
}

/* Removes each CR that comes just before an LF from TEXT (LEN bytes); returns the new length. */
static size_t crlf_to_lf(char *text, size_t len)
{
	size_t to = 0;

	for (size_t i = 0; i < len; i++)
		if (!(text[i] == '\r' && i + 1 < len && text[i + 1] == '\n'))
			text[to++] = text[i];
	text[to] = '\0';
	return to;
}

enum statefile_status statefile_read(const char *path, size_t max, char **text, size_t *len, struct error *err)
{
	struct stat st;
	char *buf;
	size_t got = 0, cap;
	int fd, flags;
	const char *nul;

	*text = NULL;
	*len = 0;
	/* O_NONBLOCK: a FIFO must not wait for a writer; O_NOFOLLOW: a link is refused (ELOOP). */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		int saved = errno;

		if (saved == ENOENT)
			return STATEFILE_MISSING;
		if (saved == ELOOP && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
			refuse_link(path, err);
		else
			error_set(err, 0, 0, "%s: cannot open it: %s", path, strerror(saved));
		return STATEFILE_UNUSABLE;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		if (fstat(fd, &st) != 0)
			error_set(err, 0, 0, "%s: cannot read it: %s", path, strerror(errno));
		else
			error_set(err, 0, 0, "%s is not a regular file (it is %s)", path, inputfile_kind(st.st_mode));
		close(fd);
		return STATEFILE_UNUSABLE;
	}
	if ((uintmax_t)st.st_size > (uintmax_t)max) {
		error_set(err, 0, 0, "%s: %jd bytes, more than such a record can be (%zu bytes): damaged", path,
			  (intmax_t)st.st_size, max);
		close(fd);
		return STATEFILE_DAMAGED;
	}
	flags = fcntl(fd, F_GETFL);
	if (flags >= 0)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	/* The size may change while it is read (another session's save is a rename, not a write, but still). */
	cap = (size_t)st.st_size + 1;
	buf = xmalloc(cap + 1);
	for (;;) {
		ssize_t n;

		if (got == cap) {
			if (cap > max)
				break;
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
			buf = xrealloc(buf, cap + 1);
		}
		n = read(fd, buf + got, cap - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			error_set(err, 0, 0, "%s: cannot read it: %s", path, strerror(errno));
			close(fd);
			free(buf);
			return STATEFILE_UNUSABLE;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	if (got > max) {
		error_set(err, 0, 0, "%s: more than such a record can be (%zu bytes): damaged", path, max);
		free(buf);
		return STATEFILE_DAMAGED;
	}
	buf[got] = '\0';
	nul = memchr(buf, '\0', got);
	if (nul != NULL) {
		int line = 1;

		for (const char *c = buf; c < nul; c++)
			line += *c == '\n';
		error_set(err, line, 0, "%s:%d: a NUL byte (binary data, not a record): damaged", path, line);
		free(buf);
		return STATEFILE_DAMAGED;
	}
	*len = crlf_to_lf(buf, got);
	*text = buf;
	return STATEFILE_OK;
}

bool statefile_set_aside(const char *path, char *away, size_t n, struct error *err)
{
	time_t now = time(NULL);
	struct tm tm;
	char stamp[32];
	struct stat st;

	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	snprintf(away, n, "%s.corrupt-%s", path, stamp);
	/* Two in the same second: keep both. */
	for (int i = 2; lstat(away, &st) == 0 && i < 1000; i++)
		snprintf(away, n, "%s.corrupt-%s-%d", path, stamp, i);
	if (lstat(away, &st) == 0)
		return error_set(err, 0, 0, "cannot set %s aside: %s is taken", path, away);
	if (rename(path, away) != 0)
		return error_set(err, 0, 0, "cannot rename %s to %s: %s", path, away, strerror(errno));
	return true;
}

bool statefile_save(const char *path, const struct statefile_kind *kind, void *rec, struct error *err)
{
	struct error e = { 0 }, note = { 0 };
	struct atomicfile af;
	char *text = NULL;
	size_t len;
	int lock;
	bool ok;

	if (!statefile_check(path, err))
		return false;
	lock = lockfile_acquire(path, &e);
	if (lock < 0)
		return error_set(err, 0, 0, "%s: %s", path, e.msg);
	switch (statefile_read(path, kind->max, &text, &len, &e)) {
	case STATEFILE_MISSING:
		break;
	case STATEFILE_UNUSABLE:
		lockfile_release(lock);
		return error_set(err, 0, 0, "%s", e.msg);
	case STATEFILE_OK:
		if (kind->merge(rec, text, len, path, &e))
			break;
		/* A file the record's parser refuses is damaged. */
		/* fall through */
	case STATEFILE_DAMAGED: {
		char away[4400];
		struct error e2 = { 0 };

		/* Someone's damaged record is not ours to destroy: it is kept beside, and said so. */
		if (!statefile_set_aside(path, away, sizeof away, &e2)) {
			free(text);
			lockfile_release(lock);
			return error_set(err, 0, 0, "%s; not saved: %s", e.msg, e2.msg);
		}
		error_set(&note, 0, 0, "%s; kept as %s, a new record started", e.msg, away);
		break;
	}
	}
	free(text);
	ok = atomicfile_open_nofollow(&af, path, err);
	if (ok && !kind->write(rec, af.fp)) {
		atomicfile_abort(&af);
		ok = error_set(err, 0, 0, "cannot write '%s'", path);
	} else if (ok) {
		ok = atomicfile_commit(&af, err);
	}
	lockfile_release(lock);
	if (ok && err)
		*err = note;
	return ok;
}

char *statefile_word(char **at)
{
	char *w = *at;

	while (*w == ' ' || *w == '\t')
		w++;
	if (*w == '\0') {
		*at = w;
		return NULL;
	}
	*at = w;
	while (**at && **at != ' ' && **at != '\t')
		(*at)++;
	if (**at)
		*(*at)++ = '\0';
	return w;
}

bool statefile_number(const char *w, long min, long max, long *out)
{
	long v = 0;

	if (w == NULL || *w == '\0')
		return false;
	for (const char *c = w; *c; c++) {
		if (*c < '0' || *c > '9' || v > (max - (*c - '0')) / 10)
			return false;
		v = v * 10 + (*c - '0');
	}
	if (v < min || v > max)
		return false;
	*out = v;
	return true;
}

int statefile_count_add(int a, int b)
{
	if (a < 0)
		a = 0;
	if (b < 0)
		b = 0;
	return a > STATEFILE_COUNT_MAX - b ? STATEFILE_COUNT_MAX : a + b;
}
