// The part of libgvc (Debian libgraphviz-dev) that the Graphviz module uses.
#ifndef RESTORETRACE_CGRAPHVIZ_SHIM_H
#define RESTORETRACE_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
