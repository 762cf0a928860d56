// The part of libgvc (Debian libgraphviz-dev) that the Graphviz module uses, plus small inline
// accessors for what Swift cannot reach itself (cgraph's data records are reached through macros).
#ifndef RESTORETRACE_CGRAPHVIZ_SHIM_H
#define RESTORETRACE_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/// cgraph's lexer keeps unread input (a previous graph's trailing newline, or the rest of a
/// malformed one) and its line counter between `agmemread` calls. libcgraph exports this flush
/// but does not declare it; `agsetfile(NULL)` then resets the line counter.
extern void aglexbad(void);

/// Width of a laid-out graph's bounding box, in points (0 before layout).
static inline double restoretrace_layout_width(Agraph_t *graph) {
    return GD_bb(graph).UR.x - GD_bb(graph).LL.x;
}

/// Height of a laid-out graph's bounding box, in points (0 before layout).
static inline double restoretrace_layout_height(Agraph_t *graph) {
    return GD_bb(graph).UR.y - GD_bb(graph).LL.y;
}

/// The resolution bitmap renderers will use (0 means the renderer's default, 96).
static inline double restoretrace_layout_dpi(Agraph_t *graph) {
    return GD_drawing(graph) ? GD_drawing(graph)->dpi : 0;
}

/// Sets the resolution of bitmap output after layout (layout itself is in points and does not change).
static inline void restoretrace_set_layout_dpi(Agraph_t *graph, double dpi) {
    if (GD_drawing(graph)) GD_drawing(graph)->dpi = dpi;
}
#endif
