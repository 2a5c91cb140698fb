// The C library allocator's tuning, for the `l10n` executable's own policy (Swift's Glibc module leaves out
// malloc.h). A no-op where the C library has no such knob (Darwin, musl).
#include <stddef.h>
#include <stdlib.h>  // defines __GLIBC__ (through features.h) where the C library is glibc
#if defined(__GLIBC__)
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

/// Each heap grows by at least `bytes` at a time (glibc's M_TOP_PAD): a thread's first heap is made writable that
/// large at once, and the main heap moves its break in steps that large. Address space only: a page costs memory once
/// it is written. Returns 1 when the setting was taken.
static inline int offlinekit_set_heap_growth(size_t bytes) {
#if defined(__GLIBC__) && defined(M_TOP_PAD)
    return mallopt(M_TOP_PAD, (int)bytes);
#else
    (void)bytes;
    return 0;
#endif
}

#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
/// Asks for transparent huge pages over [start, end), trimmed to whole 2 MiB pages.
static inline void offlinekit_advise_huge_range(uintptr_t start, uintptr_t end) {
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t first = (start + huge - 1) & ~(huge - 1), last = end & ~(huge - 1);
    if (last > first) (void)madvise((void *)first, last - first, MADV_HUGEPAGE);
}

/// A thread's first allocation makes it a heap (glibc: 64 MiB reserved, aligned to its size); advised, then left for
/// the next thread to take when this one ends (glibc hands a finished thread's heap to the next new thread).
static inline void *offlinekit_advise_thread_heap(void *unused) {
    (void)unused;
    void *probe = malloc(64);
    if (probe == NULL) return NULL;
    const uintptr_t heapSize = (uintptr_t)64 << 20;
    uintptr_t address = (uintptr_t)probe;
    // 64 MiB is glibc's heap size on 64-bit hosts (twice the largest mmap threshold); anywhere else, no advice.
    if (sizeof(void *) == 8 && address > (uintptr_t)sbrk(0)) {
        uintptr_t base = address & ~(heapSize - 1);
        (void)madvise((void *)base, heapSize, MADV_HUGEPAGE);
    }
    free(probe);
    return NULL;
}
#endif

/// Transparent huge pages for the heaps a large parse fills: the main thread's (its break moved by the heap growth
/// set above, then advised) and one more for the first worker thread. Call after `offlinekit_set_heap_growth`, before
/// any other thread allocates. Returns 1 when both were advised.
static inline int offlinekit_advise_huge_heaps(void) {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
    void *before = sbrk(0);
    void *blocks[8];
    int count = 0;
    while (count < 8 && sbrk(0) == before) {
        blocks[count] = malloc(96 * 1024);
        if (blocks[count] == NULL) break;
        count += 1;
    }
    void *after = sbrk(0);
    uintptr_t low = count > 0 ? (uintptr_t)blocks[0] : (uintptr_t)before;
    for (int index = 0; index < count; index++) free(blocks[index]);
    if (after == before) return 0;
    offlinekit_advise_huge_range(low, (uintptr_t)after);
    pthread_t thread;
    if (pthread_create(&thread, NULL, offlinekit_advise_thread_heap, NULL) != 0) return 0;
    (void)pthread_join(thread, NULL);
    return 1;
#else
    return 0;
#endif
}
