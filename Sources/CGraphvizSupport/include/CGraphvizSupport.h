// C support for the Graphviz module: what Swift cannot reach in libgvc by itself. The lock every
// libgvc call is made under, the process's one context, the text-size memo (a libgvc
// text-layout plugin), deterministic DOT reading, and the layout fields cgraph keeps behind macros.
#ifndef RESTORETRACE_CGRAPHVIZ_SUPPORT_H
#define RESTORETRACE_CGRAPHVIZ_SUPPORT_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <stddef.h>

/// Takes the lock every libgvc call must hold: libgvc keeps global state and is not thread-safe,
/// even with one context per thread.
void restoretrace_libgvc_lock(void);
void restoretrace_libgvc_unlock(void);

/// The process's one libgvc context, created (with the text-size memo in front of its text
/// measurement) on the first call. Call with the lock held.
GVC_t *restoretrace_libgvc_context(void);

/// Puts a memo in front of libgvc's text measurement in `context`: a line of a label measured
/// before in the same font (name, size, flags, PostScript alias) gets the same answer without
/// measuring it again (libgvc measures every line of every label with pango, about 10 µs each,
/// and keeps no cache; a diagram repeats many lines). The drawing is the one without the memo, to
/// the byte. Returns 1 when installed, 0 when libgvc's text layout is not pango's plugin (nothing
/// changes then). ``restoretrace_libgvc_context`` installs it; call with the lock held.
int restoretrace_install_text_size_memo(GVC_t *context);

/// Tells the memo which libgvc format (`svg`, `png:cairo`, ...) the next layout is drawn in. One
/// drawn by cairo (`...:cairo`) passes every measurement straight to pango: cairo draws each line
/// with the PangoLayout measuring made for it, which the memo does not keep. With the lock held.
void restoretrace_set_text_size_memo_format(const char *format);

/// Turns the memo on (the default) or off; off also forgets what it holds. With the lock held.
void restoretrace_set_text_size_memo_enabled(int enable);

/// Sets how many lines, and how many bytes of text, the memo holds before it starts again
/// empty; 0 puts back the default (65,536 lines, 16 MB). For tests of that path; with the lock held.
void restoretrace_set_text_size_memo_limits(size_t entries, size_t textBytes);

/// How many measurements the memo answered, and how many it passed on, since the process began.
void restoretrace_text_size_memo_counts(unsigned long *hits, unsigned long *misses);

/// Parses DOT text like `agmemread`, but with object IDs that do not depend on heap addresses
/// (cgraph's default uses the addresses of interned names, and orders subgraphs by them), so
/// the same text gives the same drawing in any process, at any time. NULL on a syntax error.
/// Call with the lock held.
Agraph_t *restoretrace_read_dot(const char *text, size_t length);

/// Opens an empty directed graph named `name`, with the ID discipline of
/// ``restoretrace_read_dot``: what the DOT parser's `digraph name {` does. Call with the lock held.
Agraph_t *restoretrace_open_graph(const char *name);

/// cgraph's lexer keeps unread input and its line counter between reads: this flushes both, so
/// the next parse starts clean with line numbers from 1. Call with the lock held.
void restoretrace_reset_dot_lexer(void);

/// The bounding box of a laid-out graph, in points (0 before layout).
double restoretrace_layout_width(Agraph_t *graph);
double restoretrace_layout_height(Agraph_t *graph);
/// The resolution bitmap renderers will use (0: the renderer's default, 96).
double restoretrace_layout_dpi(Agraph_t *graph);
/// Sets the resolution of bitmap output after layout (the layout itself is in points).
void restoretrace_set_layout_dpi(Agraph_t *graph, double dpi);

#endif
