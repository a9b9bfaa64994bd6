/* lockfile.h: one writer at a time for a state file that several sessions share. */
#ifndef QUIESCE_LOCKFILE_H
#define QUIESCE_LOCKFILE_H

#include "base/types.h"

/*
 * Takes an exclusive lock for the file PATH, waiting for another session
 * that holds it. The lock (flock) is on the directory that holds PATH, not
 * on PATH, because PATH is replaced by a rename on every save (a lock on the
 * old file would not exclude a writer of the new one), and a directory lock
 * leaves no lock file behind. Returns a handle for lockfile_release, or -1
 * with a message in ERR.
 */
int lockfile_acquire(const char *path, struct error *err);

/* Releases the lock taken by lockfile_acquire (nothing for -1). */
void lockfile_release(int handle);

#endif
