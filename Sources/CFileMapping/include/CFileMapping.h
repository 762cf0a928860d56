// Read-only mappings of input files that survive the file being cut short while mapped.
//
// Reading a mapped page of a file that has since shrunk past it raises SIGBUS, which would kill
// the process. Pages of a guarded mapping read as zeros instead, and the mapping remembers that
// it was cut: its reader then says the file changed under it, rather than crashing or trusting
// what it read.

#ifndef RESTORETRACE_CFILEMAPPING_H
#define RESTORETRACE_CFILEMAPPING_H

#include <stddef.h>

/// Maps the first `length` (> 0) bytes of the open file `descriptor` read-only and guarded.
/// Returns the address, or NULL when it cannot (the handler could not be installed, mmap failed,
/// or too many guarded mappings are open at once): read the file instead then.
const void *restoretrace_map_file(int descriptor, size_t length);

/// Whether a page of the guarded mapping at `base` read as zeros because the file was cut.
int restoretrace_mapping_was_cut(const void *base);

/// Unmaps a mapping `restoretrace_map_file` made, with the same length.
void restoretrace_unmap_file(const void *base, size_t length);

#endif
