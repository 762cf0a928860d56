// Starts libgvc's warm-up the moment the `restoretrace` process starts, before the Swift
// runtime and the argument parser: a render's first few milliseconds are then spent on both
// cores. Linked into the executable only, so no program that uses the library is affected.

#include "RenderEarlyStart.h"

#include <CGraphvizSupport.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Runs before `main`. glibc and dyld pass the program's arguments to initialisers; other C
/// libraries (musl) do not, and there the warm-up starts when `render` runs instead.
__attribute__((constructor(101))) static void restoretraceStartEarly(int count, char **arguments, char **environment) {
    (void)environment;
#if defined(__GLIBC__) || defined(__APPLE__)
    if (count < 2 || !arguments) return;
    const char *format = restoretrace_render_warm_up_format(count - 1, (const char *const *)(arguments + 1));
    if (!format) return;
#if defined(__GLIBC__)
    // A render allocates tens of megabytes in small pieces on two threads and exits soon after:
    // let the heap grow in big steps and never hand memory back, so that fewer brk, mmap and
    // munmap calls stall the other thread's page faults (about 1 ms of a small render).
    mallopt(M_TOP_PAD, 16 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
    restoretrace_warm_up(format);
#else
    (void)count;
    (void)arguments;
#endif
}

int restoretrace_early_start_is_linked(void) { return 1; }
