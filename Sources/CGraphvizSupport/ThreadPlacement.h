// Where the support library's threads start (the warm-up, the pre-measuring thread).
#ifndef RESTORETRACE_THREAD_PLACEMENT_H
#define RESTORETRACE_THREAD_PLACEMENT_H

#include <pthread.h>
#include <sched.h>
#include <unistd.h>

/// A new thread waits on its creator's CPU until the scheduler moves it (a few hundred
/// microseconds to milliseconds while the creator stays busy, as it does here): these
/// attributes start it on another CPU instead, when there is one. The thread then calls
/// ``restoretrace_run_anywhere``.
static inline void restoretrace_start_on_another_cpu(pthread_attr_t *attributes) {
#if defined(__linux__)
    cpu_set_t others;
    if (sched_getaffinity(0, sizeof others, &others) == 0 && CPU_COUNT(&others) > 1) {
        int current = sched_getcpu();
        if (current >= 0 && CPU_ISSET(current, &others)) CPU_CLR(current, &others);
        pthread_attr_setaffinity_np(attributes, sizeof others, &others);
    }
#else
    (void)attributes;
#endif
}

/// Lets the calling thread run on any CPU the process may run on again (and so the threads it
/// starts, such as those of libgvc's plugins).
static inline void restoretrace_run_anywhere(void) {
#if defined(__linux__)
    cpu_set_t everywhere;
    if (sched_getaffinity(getpid(), sizeof everywhere, &everywhere) == 0) {
        pthread_setaffinity_np(pthread_self(), sizeof everywhere, &everywhere);
    }
#endif
}

#endif
