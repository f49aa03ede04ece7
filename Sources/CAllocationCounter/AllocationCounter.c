// Counts heap allocations for the benchmark by interposing the allocator entry points in the executable and
// forwarding to glibc's own implementations. Linux/glibc only; elsewhere the counter reads zero.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <stddef.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic uint64_t allocations = 0;

static inline void count_one(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12; // ENOMEM
    *result = pointer;
    return 0;
}

uint64_t rxlite_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

#include <malloc.h>
// `uordblks` leaves out blocks glibc served with mmap (by default from 128 KiB, e.g. a 10,000-element array), which
// `hblkhd` counts.
uint64_t rxlite_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)(info.uordblks + info.hblkhd);
}
#else
uint64_t rxlite_heap_bytes_in_use(void) { return 0; }
uint64_t rxlite_allocation_count(void) { return 0; }
#endif
