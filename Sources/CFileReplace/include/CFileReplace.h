// Putting a finished file in place of another.
#ifndef RESTORETRACE_CFILEREPLACE_H
#define RESTORETRACE_CFILEREPLACE_H

/// Moves `temporary` onto `path` as rename(2) does — in one step, so a reader sees the old
/// file or the new one, never neither and never part of one — and returns rename's 0, or -1
/// with errno set. When `path` is a regular file on Linux the two are exchanged instead
/// (renameat2 RENAME_EXCHANGE) and the old file, now named `temporary`, is removed: ext4 writes
/// a file's data out before renaming it over another (its auto_da_alloc safeguard), about
/// 0.6 ms for a 350 kB drawing, which an exchange does not ask for. Anywhere exchanging is not
/// supported, it is a rename.
int restoretrace_replace_file(const char *temporary, const char *path);

#endif
