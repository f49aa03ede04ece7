#ifndef RXLITE_CLOCKCANDIDATES_H
#define RXLITE_CLOCKCANDIDATES_H

// Locks that rxlite-bench measures against RxLite's own (Sources/rxlite-bench/LockScenarios.swift): candidates for
// RxLite's Linux lock that the measurements did not choose, kept so that the table in docs/PERFORMANCE.md ("The
// lock") can be reproduced. Not part of the library.

#include <stdatomic.h>
#include <stdint.h>

#if defined(__linux__)
/// A futex lock: the three-state mutex of Ulrich Drepper's "Futexes Are Tricky". The word is 0 (unlocked), 1 (locked,
/// nobody waits) or 2 (locked, a thread may be asleep in the kernel waiting for it). Uncontended, locking is one
/// compare-exchange and unlocking one exchange, both inlined into Swift; a thread that finds it locked polls it up to
/// `spins` times (the holder is most likely running on another core and about to release), then marks the word 2 and
/// sleeps in `FUTEX_WAIT` until an unlock that finds 2 wakes one sleeper.
typedef struct {
    _Atomic(uint32_t) state;
} candidate_futex_lock;

static inline void candidate_futex_lock_init(candidate_futex_lock *_Nonnull lock) {
    atomic_init(&lock->state, 0);
}

/// The lock was found held: poll up to `spins` times, then sleep until it is ours. Out of line: only contention pays
/// for the call.
void candidate_futex_lock_contended(candidate_futex_lock *_Nonnull lock, int spins);

/// Wakes one thread asleep in `candidate_futex_lock_contended`.
void candidate_futex_lock_wake(candidate_futex_lock *_Nonnull lock);

/// Takes the lock, polling it up to `spins` times before sleeping when it is held.
static inline void candidate_futex_lock_lock(candidate_futex_lock *_Nonnull lock, int spins) {
    uint32_t unlocked = 0;
    if (!atomic_compare_exchange_strong_explicit(
            &lock->state, &unlocked, 1, memory_order_acquire, memory_order_relaxed)) {
        candidate_futex_lock_contended(lock, spins);
    }
}

/// Releases the lock, which the calling thread holds; wakes a sleeper if one may wait.
static inline void candidate_futex_lock_unlock(candidate_futex_lock *_Nonnull lock) {
    if (atomic_exchange_explicit(&lock->state, 0, memory_order_release) == 2) {
        candidate_futex_lock_wake(lock);
    }
}
#endif

#endif
