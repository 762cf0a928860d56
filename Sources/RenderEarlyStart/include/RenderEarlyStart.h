// The executable's early start (see EarlyStart.c): a `render` begins warming libgvc up before
// `main` runs.
#ifndef RESTORETRACE_RENDER_EARLY_START_H
#define RESTORETRACE_RENDER_EARLY_START_H

/// Always 1; calling it from `main` keeps the linker from dropping the early start.
int restoretrace_early_start_is_linked(void);

#endif
