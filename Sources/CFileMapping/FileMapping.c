// Guarded read-only file mappings (see include/CFileMapping.h).
//
// One SIGBUS handler, installed with the first mapping, serves every guarded mapping: a fault
// inside one of them gets a page of zeros mapped over the faulting page, the mapping is marked
// cut, and the read goes on. Any other SIGBUS goes to the handler that was there before (the
// Swift runtime's backtracer, or the default action), as if this one did not exist.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "CFileMapping.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/// Mappings guarded at once; a render holds one, tests a few.
enum { slotCount = 32 };

/// A slot is free while `base` is 0. `length` is set before `base` is published, so the handler
/// never sees a base without its length.
static struct {
    _Atomic uintptr_t base;
    _Atomic size_t length;
    _Atomic int cut;
} slots[slotCount];

static struct sigaction previousAction;
static uintptr_t pageSize = 4096;
static pthread_once_t installOnce = PTHREAD_ONCE_INIT;
static int installed;

static void onBusError(int signal, siginfo_t *information, void *context) {
    uintptr_t address = (uintptr_t)information->si_addr;
    for (int i = 0; i < slotCount; i++) {
        uintptr_t base = atomic_load(&slots[i].base);
        size_t length = atomic_load(&slots[i].length);
        if (base == 0 || address < base || address - base >= length) continue;
        // mmap is not on POSIX's list of async-signal-safe calls, but on Linux and Darwin it is a
        // plain system call with no user-space state; this is how mapped readers survive a cut.
        void *page = (void *)(address & ~(pageSize - 1));
        if (mmap(page, pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            atomic_store(&slots[i].cut, 1);
            return;  // the read is retried and finds zeros
        }
    }
    if (previousAction.sa_flags & SA_SIGINFO) {
        if (previousAction.sa_sigaction) {
            previousAction.sa_sigaction(signal, information, context);
            return;
        }
    } else if (previousAction.sa_handler != SIG_DFL && previousAction.sa_handler != SIG_IGN) {
        previousAction.sa_handler(signal);
        return;
    }
    // The default action: the faulting instruction runs again and the fault kills the process.
    struct sigaction fallback;
    fallback.sa_handler = SIG_DFL;
    fallback.sa_flags = 0;
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGBUS, &fallback, NULL);
}

static void install(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size > 0) pageSize = (uintptr_t)size;
    struct sigaction action;
    action.sa_sigaction = onBusError;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    installed = sigaction(SIGBUS, &action, &previousAction) == 0;
}

const void *restoretrace_map_file(int descriptor, size_t length) {
    if (length == 0) return NULL;
    pthread_once(&installOnce, install);
    if (!installed) return NULL;
    for (int i = 0; i < slotCount; i++) {
        uintptr_t expected = 0;
        // Claim the slot with a placeholder base no fault can match, then publish the real one.
        if (!atomic_compare_exchange_strong(&slots[i].base, &expected, (uintptr_t)1)) continue;
        void *base = mmap(NULL, length, PROT_READ, MAP_PRIVATE, descriptor, 0);
        if (base == MAP_FAILED) {
            atomic_store(&slots[i].base, 0);
            return NULL;
        }
        atomic_store(&slots[i].cut, 0);
        atomic_store(&slots[i].length, length);
        atomic_store(&slots[i].base, (uintptr_t)base);
        return base;
    }
    return NULL;
}

int restoretrace_mapping_was_cut(const void *base) {
    for (int i = 0; i < slotCount; i++) {
        if (atomic_load(&slots[i].base) == (uintptr_t)base) return atomic_load(&slots[i].cut);
    }
    return 0;
}

void restoretrace_unmap_file(const void *base, size_t length) {
    for (int i = 0; i < slotCount; i++) {
        if (atomic_load(&slots[i].base) != (uintptr_t)base) continue;
        atomic_store(&slots[i].length, 0);
        atomic_store(&slots[i].base, 0);
        break;
    }
    munmap((void *)base, length);
}
