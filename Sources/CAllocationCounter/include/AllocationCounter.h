#ifndef RXLITE_ALLOCATION_COUNTER_H
#define RXLITE_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by this
/// process since it started. Counting is on only in the benchmark executable, which links this target.
uint64_t rxlite_allocation_count(void);

/// Bytes currently allocated on the heap, including blocks glibc mapped with mmap (mallinfo2 `uordblks` +
/// `hblkhd`), or 0 where unknown. Freed blocks waiting in a thread's cache count as allocated, so compare large
/// differences only.
uint64_t rxlite_heap_bytes_in_use(void);

#endif
