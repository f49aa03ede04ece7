#ifndef RXLITE_CRXATOMICS_H
#define RXLITE_CRXATOMICS_H

// C11 atomics for RxLite (Sources/RxLite/Primitives/RxAtomic.swift wraps them). They replace the standard library's
// `Synchronization.Atomic`, which needs iOS 18 / macOS 15; these need nothing from the OS.
//
// Every function is `static inline`: Swift imports the bodies and inlines them, and once the ordering argument is a
// constant (it always is at a call site) the compiler folds the `memory_order` switch that clang emits for a
// non-constant order, leaving one instruction (a plain load on x86 and arm64 for acquire, `lock xadd`, `ldaddal`,
// ...). ThreadSanitizer instruments these operations, so it sees the orderings.
//
// One cell holds one machine word (`intptr_t`); `Bool` and `UInt8` values are stored widened. The cell lives on the
// heap so that its address is stable (Swift gives no stable address to a stored property without an inout access,
// and ThreadSanitizer reports concurrent inout accesses as races).

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/// One atomic machine word. Swift sees the type but not its field; only the functions below touch it.
typedef struct {
    _Atomic(intptr_t) word;
} rx_atomic_word;

static inline void rx_atomic_word_init(rx_atomic_word *_Nonnull cell, intptr_t value) {
    atomic_init(&cell->word, value);
}

static inline intptr_t rx_atomic_word_load(rx_atomic_word *_Nonnull cell, memory_order order) {
    return atomic_load_explicit(&cell->word, order);
}

static inline void rx_atomic_word_store(rx_atomic_word *_Nonnull cell, intptr_t value, memory_order order) {
    atomic_store_explicit(&cell->word, value, order);
}

static inline intptr_t rx_atomic_word_exchange(rx_atomic_word *_Nonnull cell, intptr_t value, memory_order order) {
    return atomic_exchange_explicit(&cell->word, value, order);
}

/// The strongest failure ordering C11 allows for a compare-exchange with success ordering `order` (the failure
/// ordering may be neither `release` nor `acq_rel`); the same rule `Synchronization.Atomic` applies.
static inline memory_order rx_atomic_failure_order(memory_order order) {
    switch (order) {
    case memory_order_release: return memory_order_relaxed;
    case memory_order_acq_rel: return memory_order_acquire;
    default: return order;
    }
}

/// Stores `desired` if the cell holds `expected`, and returns the value the cell held: `expected` exactly when it
/// stored (a strong compare-exchange never fails spuriously). Taking `expected` by value, rather than through a
/// pointer as C11 does, keeps Swift callers free of an address-taken local, which would give every function that
/// inlines this a stack protector, a cost on every event of the pumping benchmarks.
static inline intptr_t rx_atomic_word_compare_exchange(
    rx_atomic_word *_Nonnull cell, intptr_t expected, intptr_t desired, memory_order order) {
    atomic_compare_exchange_strong_explicit(&cell->word, &expected, desired, order, rx_atomic_failure_order(order));
    return expected;
}

/// Adds `operand` (wrapping on overflow) and returns the value before the addition.
static inline intptr_t rx_atomic_word_fetch_add(rx_atomic_word *_Nonnull cell, intptr_t operand, memory_order order) {
    return atomic_fetch_add_explicit(&cell->word, operand, order);
}

/// Subtracts `operand` (wrapping on overflow) and returns the value before the subtraction.
static inline intptr_t rx_atomic_word_fetch_sub(rx_atomic_word *_Nonnull cell, intptr_t operand, memory_order order) {
    return atomic_fetch_sub_explicit(&cell->word, operand, order);
}

// The current-thread trampoline of the calling thread (RxLite's CurrentThreadScheduler), as one thread-local word:
// a C `_Thread_local` is one load relative to the thread pointer, where `pthread_getspecific` is a call; RxLite reads
// it once per top-level subscribe. Swift cannot declare a thread-local itself, nor import a C one: these two
// accessors are its way in. NULL when no trampoline runs on this thread.
extern _Thread_local void *_Nullable rx_current_trampoline;

static inline void *_Nullable rx_current_trampoline_get(void) {
    return rx_current_trampoline;
}

static inline void rx_current_trampoline_set(void *_Nullable trampoline) {
    rx_current_trampoline = trampoline;
}

// How many RxLite locks the calling thread holds now (RxLite's HeldLocks, Sources/RxLite/Primitives/HeldLocks.swift):
// RxLite's lock types count up and down here in debug builds, and the places that call user code check that it is zero
// (INTERNALS, the rule "Locks and atomics"). Release builds never touch it.
extern _Thread_local intptr_t rx_held_lock_count;

static inline intptr_t rx_held_lock_count_get(void) {
    return rx_held_lock_count;
}

static inline void rx_held_lock_count_add(intptr_t delta) {
    rx_held_lock_count += delta;
}

// How deeply nested the source chain (RxLite's `concat`, `catch(sequence:)`, `retry`) that is subscribing to one of
// its sources on the calling thread is, 0 when none is: a chain made during that subscription is nested one level
// deeper. Debug builds keep it, for `Resources.maxTailRecursiveSinkStackSize`; release builds never touch it.
extern _Thread_local intptr_t rx_source_chain_depth;

static inline intptr_t rx_source_chain_depth_get(void) {
    return rx_source_chain_depth;
}

static inline void rx_source_chain_depth_set(intptr_t depth) {
    rx_source_chain_depth = depth;
}

// Whether the calling code runs on a dispatch queue that has a value for `key` (libdispatch's
// `dispatch_get_specific`, declared here rather than included: the C target has no path to the dispatch headers).
// RxLite asks it for the main queue on every element a main-actor subscription delivers; Swift's
// `DispatchQueue.getSpecific` is generic and not inlinable: a metadata lookup and a dynamic cast per call.
extern void *_Nullable dispatch_get_specific(const void *_Nonnull key);

static inline bool rx_queue_has_specific(const void *_Nonnull key) {
    return dispatch_get_specific(key) != 0;
}

#endif
