/* inputfile.h: opening the files quiesce reads (state files, lessons, traces): regular files only. */
#ifndef QUIESCE_INPUTFILE_H
#define QUIESCE_INPUTFILE_H

#include <stdio.h>
#include <sys/types.h>

#include "base/types.h"

/*
 * Opens PATH for reading in binary mode. A directory ("is a directory"), a
 * FIFO, a socket or a device ("is not a regular file (a FIFO)") is refused
 * without blocking: opening a FIFO for reading would wait for a writer
 * forever. NULL with a message in ERR that does not repeat PATH (the caller
 * names it); errno is ENOENT when PATH does not exist.
 */
FILE *inputfile_open(const char *path, struct error *err);

/*
 * True when PATH does not exist or is a regular file (after symbolic
 * links); false with the message of inputfile_open otherwise. For files
 * quiesce replaces, such as the progress file.
 */
bool inputfile_check_regular(const char *path, struct error *err);

/*
 * True when A and B name the same existing file (the same device and inode,
 * after symbolic links and hard links): a command refuses to write its
 * output over one of its inputs.
 */
bool inputfile_same(const char *a, const char *b);

/* What kind of file MODE is, for a message: "a directory", "a FIFO", "a symbolic link", ... */
const char *inputfile_kind(mode_t mode);

#endif
