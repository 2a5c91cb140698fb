// The C library allocator's tuning, for the `l10n` executable's own policy (Swift's Glibc module leaves out
// malloc.h). A no-op where the C library has no such knob (Darwin, musl).
#include <stddef.h>
#include <stdlib.h>  // defines __GLIBC__ (through features.h) where the C library is glibc
#if defined(__GLIBC__)
#include <malloc.h>
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
