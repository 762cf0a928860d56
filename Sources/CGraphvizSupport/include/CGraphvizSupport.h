// C support for the Graphviz module: the lock every libgvc call is made under, the process's one
// libgvc context, the warm-up thread that loads libgvc's plugins and fonts ahead of the first
// render, and deterministic DOT reading.
#ifndef RESTORETRACE_CGRAPHVIZ_SUPPORT_H
#define RESTORETRACE_CGRAPHVIZ_SUPPORT_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <stddef.h>
#include <stdint.h>

/// Takes the lock every libgvc call must hold: libgvc keeps global state and is not thread-safe,
/// even with one context per thread.
void restoretrace_libgvc_lock(void);
void restoretrace_libgvc_unlock(void);

/// The process's one libgvc context, created on the first call. Call with the lock held.
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
/// with the PangoLayout measuring made for it, which the memo does not keep. With the text lock
/// held, before the layout.
void restoretrace_set_text_size_memo_format(const char *format);

/// Whether the memo answers a layout drawn in libgvc format `format`: 0 for cairo's, 1 otherwise
/// (the rule ``restoretrace_set_text_size_memo_format`` applies). Measuring ahead is only worth
/// it for such a layout.
int restoretrace_text_size_memo_serves(const char *format);

/// Turns the memo on (the default) or off; off also forgets what it holds.
void restoretrace_set_text_size_memo_enabled(int enable);

/// Sets how many lines, and how many bytes of text, the memo holds before it starts again
/// empty; 0 puts back the default (65,536 lines, 16 MB). For tests of that path.
void restoretrace_set_text_size_memo_limits(size_t entries, size_t textBytes);

/// How many measurements the memo answered, and how many it passed on, since the process began.
void restoretrace_text_size_memo_counts(unsigned long *hits, unsigned long *misses);

/// How many times the memo answered a measurement of `text` in `fontName` at `fontSize` (no
/// flags, and the PostScript alias libgvc gave the name) from what it holds; -1 when it holds no
/// such line.
long restoretrace_text_size_memo_hits_for(const char *fontName, double fontSize, const char *text);

/// The lock held by everything that may run libgvc's pango — layouts, renders, freeing a
/// layout — and by the pre-measuring thread while it measures through libgvc's plugin, which
/// it then does only until anyone waits for the lock. Take it after the libgvc lock, never before.
void restoretrace_text_lock(void);
void restoretrace_text_unlock(void);

/// Whether ``restoretrace_premeasure_start`` would start: the memo is in place and on, and no
/// warm-up is running (one would have the other core busy already).
int restoretrace_premeasure_possible(void);

/// Measures lines into the memo on a thread of its own, to overlap what the caller does next:
/// drawing the rest of the diagram, building it in cgraph, and the layout. The `count` lines are
/// NUL-terminated texts one after the other in `texts` (`textsLength` bytes), each in font
/// `fontNameList[fontIndices[i]]` at `sizes[i]` (no flags); the inputs are copied. Lines in a
/// font libgvc has not measured in yet are skipped (its PostScript alias is not known). Lines
/// handed over while the thread runs are queued for it, until the next
/// ``restoretrace_premeasure_stop``.
///
/// The thread measures with a pango font map of its own, beside the layout, once that pango has
/// answered the plugin's first lines exactly as the plugin did (fonts with a PostScript alias are
/// then left to the plugin); otherwise through the plugin, holding the text lock until anyone
/// waits for it. Returns 1 when the lines were taken, 0 when not (see
/// ``restoretrace_premeasure_possible``, or memory ran out).
int restoretrace_premeasure_start(size_t count, const char *texts, size_t textsLength, const uint32_t *fontIndices,
                                  const char *const *fontNameList, size_t fontNameListCount, const double *sizes);

/// Readies the pre-measuring thread's own pango on the calling thread, counted as a running
/// pre-measuring: has the plugin measure a line in each of the `fontCount` fonts and sizes given
/// that has no reference yet (while no layout holds the text lock), then makes the own font map
/// and checks it against every reference. The warm-up calls it once it has ended, with the
/// diagrams' fonts. A render's lines handed over meanwhile are measured next, here.
void restoretrace_premeasure_prepare(const char *const *fontNames, const double *fontSizes, size_t fontCount);

/// The `index`th font and size the diagrams draw label text in, as the warm-up knows them; 0
/// past the last (for a test that checks the list against the diagrams).
int restoretrace_diagram_font(size_t index, const char **name, double *size);

/// Drops the lines queued for the pre-measuring thread, asks it to stop after its line, and
/// returns once it is out of any pango it runs without the text lock (its own; the plugin's
/// while it makes references) or has moved on to lines handed over since; a thread measuring
/// through the plugin with the text lock stops when it next has the lock. Called once a layout
/// is over — every line it needed is measured by then — and at exit, after which nothing starts
/// measuring again.
void restoretrace_premeasure_stop(void);

/// Returns when no pre-measuring thread runs (for tests: without asking it to stop).
void restoretrace_wait_for_premeasuring(void);

/// How many times lines were taken by ``restoretrace_premeasure_start``, how many lines the
/// pre-measuring thread measured, and how many of those with its own pango, since the process
/// began (for tests).
void restoretrace_premeasure_counts(unsigned long *starts, unsigned long *measured, unsigned long *ownMeasured);

/// Whether the pre-measuring thread's own pango has measured the plugin's line in `fontName` at
/// `fontSize` exactly as the plugin did, so that it measures in that font and size (for tests;
/// waits until no pre-measuring runs).
int restoretrace_premeasure_checked_in(const char *fontName, double fontSize);

/// Starts, on a new thread, what the first render in `format` (a libgvc name: "svg",
/// "png:cairo", "pdf:cairo") would otherwise pay for: the context, the layout and render
/// plugins, fontconfig and the text-measurement fonts, by laying out and rendering a two-node
/// graph (or, when a render has offered its graph by then, by building that graph instead; see
/// ``restoretrace_offer_warm_up_job``). Fontconfig's initialisation (once per process) runs on
/// the first thread free for it: a thread in ``restoretrace_wait_for_warm_ups`` or, once the
/// context is made, the warm-up itself; the warm-up's layout waits for it. Returns at once. A
/// format already warmed up, or warming up, is not started again.
void restoretrace_warm_up(const char *format);

/// Work handed to a warm-up: called on its thread with the libgvc lock held and the context made.
typedef void (*restoretrace_warm_up_job)(void *context);

/// Offers `job` to a warm-up that has not made its context yet: it calls `job(context)` as soon
/// as the context is made (and then skips its own layout, which would only delay the caller's),
/// while the calling thread goes on, typically into ``restoretrace_wait_for_warm_ups`` and
/// fontconfig's initialisation. Returns 1 when the job was taken — it has run by the time
/// ``restoretrace_wait_for_warm_ups`` returns — and 0 when no warm-up will run it (none is
/// running, every one has made its context, or another job is pending): do the work yourself.
int restoretrace_offer_warm_up_job(restoretrace_warm_up_job job, void *context);

/// Whether a warm-up is running. Between making its context and laying out its own graph, a
/// warm-up leaves the libgvc lock free while fontconfig starts, with the message handler it
/// found put back: a graph can be built then.
int restoretrace_warm_ups_running(void);

/// Tells warm-ups that a render has built its graph and now only waits for them: one that has
/// not laid out its own graph yet skips that layout (the render's layout loads the fonts itself).
void restoretrace_note_render_waiting(void);

/// Returns when every warm-up started so far has ended; while one runs, first initialises
/// fontconfig on this thread if nobody has started to. Call it before the first render and
/// before the process exits (never exit with libgvc busy on another thread).
void restoretrace_wait_for_warm_ups(void);

/// For the arguments of a `restoretrace` command line after the program name: the libgvc
/// format a `render` will draw in (the one `--format` names, else the one `-o`'s extension
/// selects, else SVG), or NULL when the command draws nothing through libgvc (not `render`,
/// help, DOT output). A guess from raw arguments, before any parsing: a wrong one costs only
/// CPU on another core, since the renderer warms up for the format it really draws.
const char *restoretrace_render_warm_up_format(int count, const char *const *arguments);

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
