#ifndef RESTORETRACE_CPROCESSSPAWN_H
#define RESTORETRACE_CPROCESSSPAWN_H

#include <sys/types.h>

/// Starts the program at `path` with `arguments` and `environment` (each ending with NULL):
/// standard input and output on /dev/null, standard error on a new pipe whose read end (close on
/// exec) is returned in `errorPipe`; the descriptor `inherited` (unless it is -1) as descriptor 3;
/// a process group of its own; the default action for every signal, none blocked; no other
/// descriptor of this process. A SIGCHLD this process ignores is set back to its default first,
/// so the child can be waited for. Returns 0 with the child's process id in `child`, or the errno
/// value of what failed.
int restoretrace_spawn(const char *path, char *const arguments[], char *const environment[],
                       int inherited, pid_t *child, int *errorPipe);

/// Asks the kernel to send `signal` to this process when the thread that started it ends
/// (prctl PR_SET_PDEATHSIG). Returns 0, or the errno value (ENOSYS where there is no such call).
int restoretrace_set_parent_death_signal(int signal);

#endif
