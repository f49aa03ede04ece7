// Everything but the thread-locals below is `static inline` in include/CRxAtomics.h.
#include "CRxAtomics.h"

_Thread_local void *_Nullable rx_current_trampoline = 0;
_Thread_local intptr_t rx_held_lock_count = 0;
_Thread_local intptr_t rx_source_chain_depth = 0;
