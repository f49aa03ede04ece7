// Everything but the thread-local below is `static inline` in include/CRxAtomics.h.
#include "CRxAtomics.h"

_Thread_local void *_Nullable rx_current_trampoline = 0;
