// See include/CFileReplace.h.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // renameat2
#endif
#include "CFileReplace.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int restoretrace_replace_file(const char *temporary, const char *path) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    struct stat status;
    // Only a regular file: exchanging with a directory or a symbolic link would not do what a
    // rename does (fail, or replace the link itself).
    if (lstat(path, &status) == 0 && S_ISREG(status.st_mode)
        && renameat2(AT_FDCWD, temporary, AT_FDCWD, path, RENAME_EXCHANGE) == 0) {
        if (unlink(temporary) == 0) return 0;
        // `path` became something else between the check and the exchange (a directory, which
        // unlink refuses): exchange back, and let rename report what it reports.
        int saved = errno;
        if (renameat2(AT_FDCWD, temporary, AT_FDCWD, path, RENAME_EXCHANGE) != 0) {
            errno = saved;
            return -1;
        }
    }
#endif
    return rename(temporary, path);
}
