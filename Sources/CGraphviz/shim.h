// The part of libgvc (Debian libgraphviz-dev) that the Graphviz module calls directly; the C
// code around it (the lock, the text-size memo, deterministic DOT reading) is in CGraphvizSupport.
#ifndef RESTORETRACE_CGRAPHVIZ_SHIM_H
#define RESTORETRACE_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
