// The relaunch child of `simulate`, started with posix_spawn (see CProcessSpawn.h), and the
// signal it gets when its parent dies. In C because pipe2 and
// posix_spawn_file_actions_addclosefrom_np are GNU extensions Swift's Glibc module does not
// show, and prctl is variadic.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "CProcessSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

int restoretrace_spawn(const char *path, char *const arguments[], char *const environment[],
                       int inherited, pid_t *child, int *errorPipe) {
    // An ignored SIGCHLD (inherited across exec from whoever started us) makes the kernel reap
    // the child itself, and waitpid could not tell how it ended.
    struct sigaction current;
    if (sigaction(SIGCHLD, NULL, &current) == 0 && !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) {
        signal(SIGCHLD, SIG_DFL);
    }

    int ends[2];
#if defined(__linux__)
    // Close on exec from the start: a child another thread starts meanwhile gets neither end.
    if (pipe2(ends, O_CLOEXEC) != 0) return errno;
#else
    if (pipe(ends) != 0) return errno;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
#endif

    // A copy above the descriptors the child gets, so that placing it at 3 is a real dup2 (one
    // of a descriptor onto itself would keep its close-on-exec flag).
    int kept = -1;
    if (inherited >= 0) {
        kept = fcntl(inherited, F_DUPFD_CLOEXEC, 10);
        if (kept < 0) {
            int failure = errno;
            close(ends[0]);
            close(ends[1]);
            return failure;
        }
    }

    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) {
        close(ends[0]);
        close(ends[1]);
        return status;
    }
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        close(ends[0]);
        close(ends[1]);
        if (kept >= 0) close(kept);
        return status;
    }
    if (status == 0) status = posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    if (status == 0) status = posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO);
    int firstClosed = STDERR_FILENO + 1;
    if (status == 0 && kept >= 0) {
        status = posix_spawn_file_actions_adddup2(&actions, kept, STDERR_FILENO + 1);
        firstClosed = STDERR_FILENO + 2;
    }
    short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP;
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, firstClosed);
#elif defined(__APPLE__)
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
    (void)firstClosed;
#else
    (void)firstClosed;
#endif
    sigset_t every, none;
    sigfillset(&every);
    sigemptyset(&none);
    if (status == 0) status = posix_spawnattr_setsigdefault(&attributes, &every);
    if (status == 0) status = posix_spawnattr_setsigmask(&attributes, &none);
    if (status == 0) status = posix_spawnattr_setpgroup(&attributes, 0);
    if (status == 0) status = posix_spawnattr_setflags(&attributes, flags);
    if (status == 0) status = posix_spawn(child, path, &actions, &attributes, arguments, environment);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    close(ends[1]);
    if (kept >= 0) close(kept);
    if (status != 0) {
        close(ends[0]);
        return status;
    }
    *errorPipe = ends[0];
    return 0;
}

int restoretrace_set_parent_death_signal(int signal) {
#if defined(__linux__)
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal) == 0 ? 0 : errno;
#else
    (void)signal;
    return ENOSYS;
#endif
}
