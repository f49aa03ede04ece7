// Everything is `static inline` in include/CRxAtomics.h; SwiftPM needs one source file to build the target.
#include "CRxAtomics.h"
