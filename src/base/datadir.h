/* datadir.h: where the program finds lessons/ and positions/ at run time. */
#ifndef QUIESCE_DATADIR_H
#define QUIESCE_DATADIR_H

/*
 * Returns the data directory: $QUIESCE_DATADIR when set, else the source tree
 * when the program runs from its build tree, else the installed $(pkgdatadir).
 */
const char *datadir_get(void);

/*
 * Resolves NAME: a path that exists as given is returned unchanged; otherwise
 * NAME is looked up under the data directory (so "positions/wac.epd" works
 * from anywhere). Returns a newly allocated string the caller frees.
 */
char *datadir_resolve(const char *name);

#endif
