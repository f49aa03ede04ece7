// The futex lock's slow paths; the rest is `static inline` in include/CLockCandidates.h.
#include "CLockCandidates.h"

#if defined(__linux__)
#include <linux/futex.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Tells the core that this is a spin-wait loop (x86 `pause`, arm `yield`), which lets a sibling hyperthread (maybe
/// the holder) run.
static inline void spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

void candidate_futex_lock_contended(candidate_futex_lock *_Nonnull lock, int spins) {
    for (int poll = 0; poll < spins; poll++) {
        uint32_t state = atomic_load_explicit(&lock->state, memory_order_relaxed);
        if (state == 0) {
            uint32_t unlocked = 0;
            if (atomic_compare_exchange_strong_explicit(
                    &lock->state, &unlocked, 1, memory_order_acquire, memory_order_relaxed)) {
                return;
            }
        } else if (state == 2) {
            break;  // others sleep already: polling would only delay joining them
        }
        spin_pause();
    }
    // Taking the lock from here on leaves the word at 2 even if nobody else waits: the unlock then makes one
    // unnecessary wake call, the price of never missing a sleeper.
    while (atomic_exchange_explicit(&lock->state, 2, memory_order_acquire) != 0) {
        // Sleeps only while the word is still 2 (an unlock in between makes it return at once); spurious wake-ups
        // and EINTR loop back to the exchange.
        syscall(SYS_futex, &lock->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    }
}

void candidate_futex_lock_wake(candidate_futex_lock *_Nonnull lock) {
    syscall(SYS_futex, &lock->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif
