// Guarded read-only file mappings (see include/CFileMapping.h).
//
// One SIGBUS handler, installed with the first mapping, serves every guarded mapping: a fault
// inside one of them gets a page of zeros mapped over the faulting page, the mapping is marked
// cut, and the read goes on. Any other SIGBUS — a fault elsewhere, or one sent by kill — goes
// where it would have gone without this handler: to the handler installed before (the Swift
// runtime's backtracer), or to the default action. A handler installed later for SIGBUS without
// passing faults on ends the guard; nothing in restoretrace does that. An I/O error reading the
// file (EIO) faults the same way as a cut, and is reported as one.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include "CFileMapping.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/// Mappings guarded at once; a render holds one, tests a few.
enum { slotCount = 32 };

/// A slot is free while `base` is 0. `length` is set before `base` is published and cleared
/// before it is withdrawn, so the handler never pairs a base with another mapping's length.
static struct {
    _Atomic uintptr_t base;
    _Atomic size_t length;
    _Atomic int cut;
} slots[slotCount];

static struct sigaction previousAction;
static uintptr_t pageSize = 4096;
static pthread_once_t installOnce = PTHREAD_ONCE_INIT;
static int installed;

/// Back to the default action for SIGBUS.
static void restoreDefault(void) {
    struct sigaction fallback;
    fallback.sa_handler = SIG_DFL;
    fallback.sa_flags = 0;
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGBUS, &fallback, NULL);
}

/// The slot whose mapping holds `address`, or -1.
static int slotHolding(uintptr_t address) {
    for (int i = 0; i < slotCount; i++) {
        uintptr_t base = atomic_load(&slots[i].base);
        size_t length = atomic_load(&slots[i].length);
        if (base != 0 && address >= base && address - base < length) return i;
    }
    return -1;
}

/// The slot published with exactly this base, or -1.
static int slotOf(const void *base) {
    for (int i = 0; i < slotCount; i++) {
        if (atomic_load(&slots[i].base) == (uintptr_t)base) return i;
    }
    return -1;
}

static void onBusError(int signal, siginfo_t *information, void *context) {
    int savedErrno = errno;
    // Only a fault raised by the kernel (si_code > 0) has an address; a sent signal's si_addr
    // is the sender's pid and uid.
    int isFault = information && information->si_code > 0;
    if (isFault) {
        int slot = slotHolding((uintptr_t)information->si_addr);
        // mmap is not on POSIX's list of async-signal-safe calls, but on Linux and Darwin it is
        // a plain system call with no user-space state; this is how mapped readers survive a cut.
        void *page = (void *)((uintptr_t)information->si_addr & ~(pageSize - 1));
        if (slot >= 0 && mmap(page, pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            atomic_store(&slots[slot].cut, 1);
            errno = savedErrno;
            return;  // the read runs again and finds zeros
        }
    }
    // sa_handler and sa_sigaction share storage: the special values first, whatever the flags say.
    if (previousAction.sa_handler == SIG_IGN && !isFault) {
        errno = savedErrno;
        return;  // ignored, as it would have been
    }
    if (previousAction.sa_handler == SIG_DFL || previousAction.sa_handler == SIG_IGN) {
        // The default action (an ignored fault would only fault again, forever): a fault runs its
        // instruction again and faults into it; a sent signal is sent again, delivered on return.
        restoreDefault();
        if (!isFault) raise(SIGBUS);
        errno = savedErrno;
        return;
    }
    // The handler there before, called as it would have been (though without its own sa_mask).
    errno = savedErrno;
    if (previousAction.sa_flags & SA_SIGINFO) {
        previousAction.sa_sigaction(signal, information, context);
    } else {
        previousAction.sa_handler(signal);
    }
}

static void install(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size > 0) pageSize = (uintptr_t)size;
    // The handler there now, read before ours replaces it: a fault on another thread between the
    // two calls then still finds where to go.
    if (sigaction(SIGBUS, NULL, &previousAction) != 0) return;
    struct sigaction action;
    action.sa_sigaction = onBusError;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    installed = sigaction(SIGBUS, &action, NULL) == 0;
}

const void *restoretrace_map_file(int descriptor, size_t length) {
    if (length == 0) return NULL;
    pthread_once(&installOnce, install);
    if (!installed) return NULL;
    for (int i = 0; i < slotCount; i++) {
        uintptr_t expected = 0;
        // Claim the slot with a placeholder base no fault can match (its length is 0), then
        // publish the real one.
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
    int slot = slotOf(base);
    return slot >= 0 ? atomic_load(&slots[slot].cut) : 0;
}

void restoretrace_unmap_file(const void *base, size_t length) {
    int slot = slotOf(base);
    if (slot >= 0) {
        atomic_store(&slots[slot].length, 0);
        atomic_store(&slots[slot].base, 0);
    }
    munmap((void *)base, length);
}
