// The text-size memo (see restoretrace_install_text_size_memo in include/CGraphvizSupport.h).
//
// libgvc measures every line of every label through its text-layout plugin (pango on Debian):
// a PangoLayout made, itemised and shaped for each line, about 10 µs apiece. A diagram repeats
// many lines ("answered true", "2 restored", "decode"), and libgvc keeps no cache, so this
// plugin, installed above pango's, answers a line measured before in the same font with what
// pango answered then. The sizes and offsets pango writes into a textspan_t are a function of
// the text and of the font's name, size, flags and PostScript alias (libgvc's, a function of
// the name): all of them are the key. Pango's plugin also caches its font description by name
// and size alone, which is sound only while every call for a name carries the alias libgvc gives
// that name; the pre-measuring thread below therefore uses only aliases seen in libgvc's own
// calls. The PangoLayout pango makes is kept by the span, never by the memo (2 kB a line): a
// render drawn with pango itself — cairo's PNG and PDF, which draw the text with the span's
// layout — bypasses the memo (restoretrace_set_text_size_memo_format), and a span answered
// from the memo has none, which SVG never reads.
//
// The memo is used from inside libgvc's layouts, and by the pre-measuring thread
// (restoretrace_premeasure_start), which measures a diagram's lines on the other core while the
// rendering thread draws the diagram, builds it in cgraph and lays it out. libgvc's pango is not
// thread-safe: everything that may run it — every layout, render and freeing of a layout — holds
// the text lock (restoretrace_text_lock). The pre-measuring thread measures with a pango of its
// own instead (its own font map, as pango allows one per thread), in each font and size in which
// it has answered the plugin's reference line exactly as the plugin did (ownPangoChecked); in
// any other, or if it ever answers differently, it measures through the plugin, holding the text
// lock, and stops when anyone waits for it. The memo itself has a lock of its own (memoLock),
// held only while looking up or adding a line.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // dl_iterate_phdr
#endif
#include "CGraphvizSupport.h"
#include "ThreadPlacement.h"

#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_textlayout.h>
#include <graphviz/textspan.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <link.h>
#endif

/// libgvc's own, exported but not in its installed headers: selects the best text-layout plugin.
extern int gvtextlayout_select(GVC_t *gvc);

/// The plugin this memo stands in front of.
static gvtextlayout_engine_t *measuringEngine;
static atomic_int installed;

/// What pango's plugin writes into a span for one line, besides the layout.
typedef struct {
    boolean answer;
    pointf size;
    double yoffsetLayout;
    double yoffsetCenterline;
} Measurement;

typedef struct {
    char *text;  // NULL: an empty slot
    char *fontName;
    double fontSize;
    unsigned int fontFlags;
    PostscriptAlias *alias;  // libgvc's, a function of the font name; compared as a pointer
    uint64_t hash;
    Measurement measurement;
    unsigned long hits;
} Entry;

/// Guards the memo, its counts, the observed fonts and the reference lines: the rendering
/// thread and the pre-measuring thread use them at once.
static pthread_mutex_t memoLock = PTHREAD_MUTEX_INITIALIZER;

static Entry *entries;
static size_t slotCount;  // a power of two, or 0 before the first entry
static size_t entryCount;
static size_t textBytes;
static atomic_int enabled = 1;
/// Set for a render drawn with pango itself (cairo), which needs each span's own PangoLayout.
static atomic_int bypassed;
static unsigned long hitCount, missCount;

/// The PostScript alias libgvc gave each font name it measured in (up to a few names): the only
/// ones the pre-measuring thread may measure in, and with that alias. Guarded by the memo lock.
enum { maximumObservedFonts = 16 };
static struct {
    char *name;
    PostscriptAlias *alias;
} observedFonts[maximumObservedFonts];
static size_t observedFontCount;
static const char *lastObservedName;  // libgvc's own string: its font names live as long as the context

static void observe(const textfont_t *font) {
    if (font->name == lastObservedName) return;
    for (size_t index = 0; index < observedFontCount; index++) {
        if (strcmp(observedFonts[index].name, font->name) == 0) {
            lastObservedName = font->name;
            return;
        }
    }
    if (observedFontCount == maximumObservedFonts) return;
    char *name = strdup(font->name);
    if (!name) return;
    observedFonts[observedFontCount].name = name;
    observedFonts[observedFontCount].alias = font->postscript_alias;
    observedFontCount += 1;
    lastObservedName = font->name;
}

/// The alias libgvc gives `name` through `alias`, when it has been seen; 0 when not.
static int observedAlias(const char *name, PostscriptAlias **alias) {
    for (size_t index = 0; index < observedFontCount; index++) {
        if (strcmp(observedFonts[index].name, name) == 0) {
            *alias = observedFonts[index].alias;
            return 1;
        }
    }
    return 0;
}

/// Past either bound the memo starts again empty: a drawing big enough to reach them has more
/// to gain from not growing without end than from the lines it measured long ago.
static size_t maximumEntries = 1 << 16;
static size_t maximumTextBytes = 16u << 20;

static uint64_t hashOf(const char *fontName, double fontSize, unsigned int fontFlags, const char *text) {
    uint64_t hash = 14695981039346656037ull;  // FNV-1a
    for (const unsigned char *p = (const unsigned char *)fontName; *p; p++) hash = (hash ^ *p) * 1099511628211ull;
    hash = (hash ^ 0xff) * 1099511628211ull;
    uint64_t sizeBits;
    memcpy(&sizeBits, &fontSize, sizeof sizeBits);
    hash = (hash ^ sizeBits) * 1099511628211ull;
    hash = (hash ^ fontFlags) * 1099511628211ull;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) hash = (hash ^ *p) * 1099511628211ull;
    return hash;
}

static void forgetAll(void) {
    for (size_t index = 0; index < slotCount; index++) {
        Entry *entry = &entries[index];
        if (!entry->text) continue;
        free(entry->text);
        free(entry->fontName);
    }
    free(entries);
    entries = NULL;
    slotCount = 0;
    entryCount = 0;
    textBytes = 0;
}

/// Room for one more entry at a load of at most a half; 0 when memory runs out.
static int makeRoom(void) {
    if (slotCount && (entryCount + 1) * 2 <= slotCount) return 1;
    size_t newCount = slotCount ? slotCount * 2 : 1024;
    Entry *grown = calloc(newCount, sizeof *grown);
    if (!grown) return 0;
    for (size_t index = 0; index < slotCount; index++) {
        if (!entries[index].text) continue;
        size_t slot = (size_t)entries[index].hash & (newCount - 1);
        while (grown[slot].text) slot = (slot + 1) & (newCount - 1);
        grown[slot] = entries[index];
    }
    free(entries);
    entries = grown;
    slotCount = newCount;
    return 1;
}

/// The entry for a span's font and text, or NULL.
static Entry *find(const textspan_t *span, uint64_t hash) {
    if (!slotCount) return NULL;
    const textfont_t *font = span->font;
    for (size_t slot = (size_t)hash & (slotCount - 1); entries[slot].text; slot = (slot + 1) & (slotCount - 1)) {
        Entry *entry = &entries[slot];
        if (entry->hash == hash && entry->fontSize == font->size && entry->fontFlags == font->flags
            && entry->alias == font->postscript_alias && strcmp(entry->text, span->str) == 0
            && strcmp(entry->fontName, font->name) == 0) {
            return entry;
        }
    }
    return NULL;
}

/// Remembers what pango answered for `text` in `font`.
static void remember(const textfont_t *font, const char *text, uint64_t hash, const Measurement *measurement) {
    size_t textLength = strlen(text), nameLength = strlen(font->name);
    if (entryCount >= maximumEntries || textBytes + textLength + nameLength > maximumTextBytes) forgetAll();
    if (!makeRoom()) return;
    char *textCopy = strdup(text), *fontName = strdup(font->name);
    if (!textCopy || !fontName) {
        free(textCopy);
        free(fontName);
        return;
    }
    size_t slot = (size_t)hash & (slotCount - 1);
    while (entries[slot].text) slot = (slot + 1) & (slotCount - 1);
    entries[slot] = (Entry){
        .text = textCopy, .fontName = fontName, .fontSize = font->size, .fontFlags = font->flags,
        .alias = font->postscript_alias, .hash = hash, .measurement = *measurement,
    };
    entryCount += 1;
    textBytes += textLength + nameLength;
}

static Measurement measurementOf(const textspan_t *span, boolean answer) {
    return (Measurement){ .answer = answer, .size = span->size, .yoffsetLayout = span->yoffset_layout,
                          .yoffsetCenterline = span->yoffset_centerline };
}

static int sameMeasurement(const Measurement *a, const Measurement *b) {
    return a->answer == b->answer && a->size.x == b->size.x && a->size.y == b->size.y
        && a->yoffsetLayout == b->yoffsetLayout && a->yoffsetCenterline == b->yoffsetCenterline;
}

/// Lines the plugin measured, the first in each font (no alias, no flags) and size it measured
/// in: the pre-measuring thread's own pango measures only in a font and size whose line it has
/// measured exactly as the plugin did (see ownPangoChecked). Written once each, under the memo
/// lock; never freed.
enum { maximumReferences = 32 };
static struct {
    char *fontName;
    double fontSize;
    char *text;
    Measurement measurement;
} references[maximumReferences];
static size_t referenceCount;

/// Whether one of the first `count` references is in `fontName` at `fontSize`.
static int hasReference(const char *fontName, double fontSize, size_t count) {
    for (size_t index = 0; index < count; index++) {
        if (references[index].fontSize == fontSize && strcmp(references[index].fontName, fontName) == 0) return 1;
    }
    return 0;
}

static void noteReference(const textspan_t *span, const Measurement *measurement) {
    const textfont_t *font = span->font;
    if (referenceCount == maximumReferences || font->flags || font->postscript_alias || !span->str[0]) return;
    if (hasReference(font->name, font->size, referenceCount)) return;
    char *name = strdup(font->name), *text = strdup(span->str);
    if (!name || !text) {
        free(name);
        free(text);
        return;
    }
    references[referenceCount].fontName = name;
    references[referenceCount].fontSize = font->size;
    references[referenceCount].text = text;
    references[referenceCount].measurement = *measurement;
    referenceCount += 1;
}

static boolean measure(textspan_t *span, char **fontpath) {
    textfont_t *font = span->font;
    // A `fontpath` (dot -v) asks which font file answered, which only the plugin can tell.
    int usable = atomic_load(&enabled) && !atomic_load(&bypassed) && !fontpath && font && font->name && span->str;
    uint64_t hash = usable ? hashOf(font->name, font->size, font->flags, span->str) : 0;
    pthread_mutex_lock(&memoLock);
    if (font && font->name) observe(font);
    if (usable) {
        Entry *entry = find(span, hash);
        if (entry) {
            hitCount += 1;
            entry->hits += 1;
            Measurement known = entry->measurement;
            pthread_mutex_unlock(&memoLock);
            span->size = known.size;
            span->yoffset_layout = known.yoffsetLayout;
            span->yoffset_centerline = known.yoffsetCenterline;
            span->layout = NULL;
            span->free_layout = NULL;
            return known.answer;
        }
        missCount += 1;
    }
    pthread_mutex_unlock(&memoLock);
    boolean answer = measuringEngine->textlayout(span, fontpath);
    if (font && font->name && span->str) {
        Measurement measured = measurementOf(span, answer);
        pthread_mutex_lock(&memoLock);
        // The pre-measuring thread may have measured the line meanwhile.
        if (usable && !find(span, hash)) remember(font, span->str, hash, &measured);
        // The plugin's answer, whether the memo is used or not.
        noteReference(span, &measured);
        pthread_mutex_unlock(&memoLock);
    }
    return answer;
}

static gvtextlayout_engine_t memoEngine = { measure };
/// Quality 100, above pango's 10 and every other text-layout plugin Graphviz ships.
static gvplugin_installed_t memoTypes[] = {
    { 0, "textlayout", 100, &memoEngine, NULL },
    { 0, NULL, 0, NULL, NULL },
};
static gvplugin_api_t memoAPIs[] = {
    { API_textlayout, memoTypes },
    { (api_t)0, NULL },
};
static gvplugin_library_t memoLibrary = { "restoretrace", memoAPIs };

#if defined(__linux__)
static int findPangoPlugin(struct dl_phdr_info *info, size_t size, void *found) {
    (void)size;
    if (!info->dlpi_name || !strstr(info->dlpi_name, "libgvplugin_pango")) return 0;
    *(const char **)found = info->dlpi_name;  // the loader's own copy, kept while it is loaded
    return 1;
}
#endif

/// Finds the pango the pre-measuring thread measures with, in the plugin's libraries (see below),
/// and says whether it found every function.
static void loadOwnPango(void *plugin);
static int ownPangoLoaded;

/// At exit, no thread may be inside pango while the libraries' destructors run.
static void stopPremeasuringAtExit(void);

int restoretrace_install_text_size_memo(GVC_t *context) {
    if (!context || measuringEngine) return 0;
    void *plugin = NULL;
#if defined(__linux__)
    // libgvc loads its text-layout plugin while it makes the context.
    const char *path = NULL;
    dl_iterate_phdr(findPangoPlugin, &path);
    if (path) plugin = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
#endif
    if (!plugin) return 0;
    gvplugin_installed_t *types = dlsym(plugin, "gvtextlayout_pango_types");
    gvtextlayout_engine_t *engine = NULL;
    for (gvplugin_installed_t *type = types; type && type->type; type++) {
        if (strcmp(type->type, "textlayout") == 0) engine = type->engine;
    }
    if (!engine || !engine->textlayout) {
        dlclose(plugin);
        return 0;
    }
    // The plugin stays loaded (libgvc holds it too): the handle is kept, never closed.
    measuringEngine = engine;
    loadOwnPango(plugin);
    // Before any pre-measuring can start: only an installed memo is measured into.
    if (ownPangoLoaded) atexit(stopPremeasuringAtExit);
    gvAddLibrary(context, &memoLibrary);
    gvtextlayout_select(context);
    atomic_store(&installed, 1);
    return 1;
}

// ---------------------------------------------------------------------------------------------
// The text lock, and pre-measuring
// ---------------------------------------------------------------------------------------------

static pthread_mutex_t textLock = PTHREAD_MUTEX_INITIALIZER;
/// Threads waiting for the text lock: the pre-measuring thread stops when there is one, while
/// it measures through the plugin.
static atomic_int textLockWaiters;

static pthread_mutex_t premeasureLock = PTHREAD_MUTEX_INITIALIZER;
static int premeasureRunning;
/// Whether the running thread may be inside its own pango (see premeasure).
static int premeasureOwnPango;
/// Advanced by every stop: work handed over before it is stale, and its thread stops.
static atomic_ulong premeasureGeneration;
/// Set by the exit handler: nothing starts measuring any more. Guarded by premeasureLock.
static int premeasureExiting;
/// The generation of what the running thread works on. Guarded by premeasureLock.
static unsigned long premeasureActiveGeneration;
static unsigned long premeasureStarts;  // guarded by premeasureLock
static unsigned long premeasuredCount;  // guarded by the memo lock
static unsigned long ownPangoCount;  // lines measured with the thread's own pango; the memo lock
static pthread_cond_t premeasureEnded = PTHREAD_COND_INITIALIZER;

void restoretrace_text_lock(void) {
    atomic_fetch_add(&textLockWaiters, 1);
    pthread_mutex_lock(&textLock);
    atomic_fetch_sub(&textLockWaiters, 1);
}

void restoretrace_text_unlock(void) { pthread_mutex_unlock(&textLock); }

void restoretrace_set_text_size_memo_enabled(int enable) {
    pthread_mutex_lock(&memoLock);
    atomic_store(&enabled, enable != 0);
    if (!enable) forgetAll();
    pthread_mutex_unlock(&memoLock);
}

int restoretrace_text_size_memo_serves(const char *format) {
    const char *renderer = format ? strchr(format, ':') : NULL;
    return !(renderer && strcmp(renderer, ":cairo") == 0);
}

void restoretrace_set_text_size_memo_format(const char *format) {
    atomic_store(&bypassed, !restoretrace_text_size_memo_serves(format));
}

void restoretrace_set_text_size_memo_limits(size_t entries, size_t textBytes) {
    pthread_mutex_lock(&memoLock);
    maximumEntries = entries ? entries : 1 << 16;
    maximumTextBytes = textBytes ? textBytes : 16u << 20;
    pthread_mutex_unlock(&memoLock);
}

void restoretrace_text_size_memo_counts(unsigned long *hits, unsigned long *misses) {
    pthread_mutex_lock(&memoLock);
    *hits = hitCount;
    *misses = missCount;
    pthread_mutex_unlock(&memoLock);
}

long restoretrace_text_size_memo_hits_for(const char *fontName, double fontSize, const char *text) {
    pthread_mutex_lock(&memoLock);
    PostscriptAlias *alias = NULL;
    observedAlias(fontName, &alias);
    textfont_t font = { .name = (char *)fontName, .size = fontSize, .postscript_alias = alias };
    textspan_t span = { .str = (char *)text, .font = &font };
    Entry *entry = find(&span, hashOf(fontName, fontSize, 0, text));
    long hits = entry ? (long)entry->hits : -1;
    pthread_mutex_unlock(&memoLock);
    return hits;
}

/// pango keeps a pointer to the last font name it was given and compares the next one with it,
/// so the names the pre-measuring thread gives it live as long as the process: a few, interned.
enum { maximumFontNames = 16 };
static char *fontNames[maximumFontNames];
static size_t fontNameCount;

/// The interned copy of `name`, or NULL when there is no room for more. With premeasureLock held.
static const char *internedFontName(const char *name) {
    for (size_t index = 0; index < fontNameCount; index++) {
        if (strcmp(fontNames[index], name) == 0) return fontNames[index];
    }
    if (fontNameCount == maximumFontNames) return NULL;
    char *copy = strdup(name);
    if (copy) fontNames[fontNameCount++] = copy;
    return copy;
}

// ---------------------------------------------------------------------------------------------
// The pre-measuring thread's own pango
// ---------------------------------------------------------------------------------------------
//
// Pango may run on several threads at once as long as each has its own font map (pango-cairo's
// default font map is per thread for that reason). The pre-measuring thread therefore measures
// with a font map and context of its own, made as pango's plugin makes its own, and its lines
// as the plugin measures them (gvtextlayout_pango.c: pango_textlayout), so it need not wait for
// the layout, nor the layout for it. It measures only what the plugin measures without its
// PostScript font table and without markup: lines with no flags, in fonts with no alias. Before
// it is trusted it measures the plugin's reference lines (noteReference) and must answer each
// exactly as the plugin did; if not, it measures through the plugin, holding the text lock.
// Its functions are looked up in the plugin's own libraries, so nothing here links pango.

typedef struct {
    int x, y, width, height;
} PangoRectangleValue;

static struct {
    void *(*fontMapNew)(void);
    void *(*createContext)(void *fontMap);
    void *(*fontOptionsCreate)(void);
    void (*setAntialias)(void *options, int value);
    void (*setHintStyle)(void *options, int value);
    void (*setHintMetrics)(void *options, int value);
    void (*setSubpixelOrder)(void *options, int value);
    void (*fontOptionsDestroy)(void *options);
    void (*setFontOptions)(void *context, const void *options);
    void (*setResolution)(void *context, double dpi);
    void (*objectUnref)(void *object);
    void *(*descriptionFromString)(const char *text);
    void (*descriptionSetSize)(void *description, int size);
    void (*descriptionFree)(void *description);
    void *(*layoutNew)(void *context);
    void (*layoutSetText)(void *layout, const char *text, int length);
    void (*layoutSetFontDescription)(void *layout, const void *description);
    void (*layoutGetExtents)(void *layout, PangoRectangleValue *ink, PangoRectangleValue *logical);
    int (*layoutGetBaseline)(void *layout);
} ownPango;
static int ownPangoLoaded;

static void loadOwnPango(void *plugin) {
#define LOOK_UP(field, name) if (!(*(void **)&ownPango.field = dlsym(plugin, name))) return
    LOOK_UP(fontMapNew, "pango_cairo_font_map_new");
    LOOK_UP(createContext, "pango_font_map_create_context");
    LOOK_UP(fontOptionsCreate, "cairo_font_options_create");
    LOOK_UP(setAntialias, "cairo_font_options_set_antialias");
    LOOK_UP(setHintStyle, "cairo_font_options_set_hint_style");
    LOOK_UP(setHintMetrics, "cairo_font_options_set_hint_metrics");
    LOOK_UP(setSubpixelOrder, "cairo_font_options_set_subpixel_order");
    LOOK_UP(fontOptionsDestroy, "cairo_font_options_destroy");
    LOOK_UP(setFontOptions, "pango_cairo_context_set_font_options");
    LOOK_UP(setResolution, "pango_cairo_context_set_resolution");
    LOOK_UP(objectUnref, "g_object_unref");
    LOOK_UP(descriptionFromString, "pango_font_description_from_string");
    LOOK_UP(descriptionSetSize, "pango_font_description_set_size");
    LOOK_UP(descriptionFree, "pango_font_description_free");
    LOOK_UP(layoutNew, "pango_layout_new");
    LOOK_UP(layoutSetText, "pango_layout_set_text");
    LOOK_UP(layoutSetFontDescription, "pango_layout_set_font_description");
    LOOK_UP(layoutGetExtents, "pango_layout_get_extents");
    LOOK_UP(layoutGetBaseline, "pango_layout_get_baseline");
#undef LOOK_UP
    ownPangoLoaded = 1;
}

/// The thread's context and its last font, as the plugin keeps its own. Used by one
/// pre-measuring thread at a time (premeasureRunning), handed on through premeasureLock.
static void *ownContext;
static void *ownDescription;
static const char *ownFontName;  // interned (internedFontName)
static double ownFontSize;
/// Whether the own pango answers as the plugin does: not yet known, yes, or no (for good).
static enum { ownUnchecked, ownTrusted, ownDistrusted } ownVerdict;

/// The plugin's constants: cairo's GRAY antialiasing, FULL hinting, hint metrics ON, BGR order,
/// and pango's 96 dpi with PANGO_SCALE 1024.
enum { antialiasGray = 2, hintStyleFull = 4, hintMetricsOn = 2, subpixelOrderBGR = 2, pangoScale = 1024 };
static const double fontDPI = 96.;

static int makeOwnContext(void) {
    if (ownContext) return 1;
    void *fontMap = ownPango.fontMapNew();
    if (!fontMap) return 0;
    void *context = ownPango.createContext(fontMap);
    void *options = ownPango.fontOptionsCreate();
    if (!context || !options) {
        if (options) ownPango.fontOptionsDestroy(options);
        if (context) ownPango.objectUnref(context);
        ownPango.objectUnref(fontMap);
        return 0;
    }
    ownPango.setAntialias(options, antialiasGray);
    ownPango.setHintStyle(options, hintStyleFull);
    ownPango.setHintMetrics(options, hintMetricsOn);
    ownPango.setSubpixelOrder(options, subpixelOrderBGR);
    ownPango.setFontOptions(context, options);
    ownPango.setResolution(context, fontDPI);
    ownPango.fontOptionsDestroy(options);
    ownPango.objectUnref(fontMap);  // the context holds it
    ownContext = context;
    return 1;
}

/// `text` in `fontName` (interned, no alias) at `fontSize` with no flags, as the plugin measures it.
static int ownMeasure(const char *fontName, double fontSize, const char *text, Measurement *measurement) {
    if (!ownFontName || strcmp(ownFontName, fontName) != 0 || ownFontSize != fontSize) {
        if (ownDescription) ownPango.descriptionFree(ownDescription);
        ownDescription = ownPango.descriptionFromString(fontName);
        ownFontName = ownDescription ? fontName : NULL;
        ownFontSize = fontSize;
        if (!ownDescription) return 0;
        ownPango.descriptionSetSize(ownDescription, (int)(fontSize * pangoScale));
    }
    void *layout = ownPango.layoutNew(ownContext);
    if (!layout) return 0;
    ownPango.layoutSetText(layout, text, -1);
    ownPango.layoutSetFontDescription(layout, ownDescription);
    PangoRectangleValue logical;
    ownPango.layoutGetExtents(layout, NULL, &logical);
    // As the plugin: pango sets a width of 0 for a font it does not like, and a height of garbage.
    if (logical.width == 0) logical.height = 0;
    double scale = POINTS_PER_INCH / (fontDPI * pangoScale);
    measurement->answer = logical.width != 0;
    measurement->size.x = (int)(logical.width * scale + 1);
    // The plugin then overrides the height with one from the point size.
    measurement->size.y = (int)(fontSize * 1.1 + .5);
    measurement->yoffsetLayout = ownPango.layoutGetBaseline(layout) * scale;
    measurement->yoffsetCenterline = 0.2 * fontSize;
    ownPango.objectUnref(layout);
    return 1;
}

/// References the own pango has measured as the plugin did (all of those below this count).
/// Used by the pre-measuring thread, handed on through premeasureLock.
static size_t checkedReferences;

/// Whether the thread may measure with its own pango: it measures the plugin's reference lines
/// it has not checked yet, and must answer every one exactly as the plugin did. A difference
/// ends its use for good, and empties the memo of what it measured. Called by the pre-measuring
/// thread.
static int ownPangoChecked(void) {
    if (ownVerdict == ownDistrusted || !ownPangoLoaded) return 0;
    pthread_mutex_lock(&memoLock);
    size_t count = referenceCount;  // entries below it are written once and stay
    pthread_mutex_unlock(&memoLock);
    if (count > checkedReferences && !makeOwnContext()) {
        ownVerdict = ownDistrusted;
        return 0;
    }
    for (; checkedReferences < count; checkedReferences++) {
        size_t index = checkedReferences;
        pthread_mutex_lock(&premeasureLock);
        const char *name = internedFontName(references[index].fontName);
        pthread_mutex_unlock(&premeasureLock);
        // No room for another font name: no check, and no use of that or any later reference.
        if (!name) break;
        Measurement measured;
        if (!ownMeasure(name, references[index].fontSize, references[index].text, &measured)
            || !sameMeasurement(&measured, &references[index].measurement)) {
            ownVerdict = ownDistrusted;
            pthread_mutex_lock(&memoLock);
            forgetAll();
            pthread_mutex_unlock(&memoLock);
            return 0;
        }
    }
    if (checkedReferences > 0) ownVerdict = ownTrusted;
    return ownVerdict == ownTrusted;
}

/// Whether the own pango has matched the plugin in `fontName` (interned) at `fontSize`.
static int ownMeasurable(const char *fontName, double fontSize) {
    static const char *lastName;
    static double lastSize;
    if (fontName == lastName && fontSize == lastSize) return 1;
    if (!hasReference(fontName, fontSize, checkedReferences)) return 0;
    lastName = fontName;
    lastSize = fontSize;
    return 1;
}

typedef struct Premeasure {
    struct Premeasure *next;  // the queue (pendingWork)
    unsigned long generation;  // premeasureGeneration when handed over
    size_t count;
    const char **fonts;  // interned, or NULL: not measured
    double *sizes;
    char **texts;
    char *textStorage;
} Premeasure;

static void freePremeasure(Premeasure *work) {
    if (!work) return;
    free(work->fonts);
    free(work->sizes);
    free(work->texts);
    free(work->textStorage);
    free(work);
}

/// Work handed over while a thread was running, oldest first: that thread takes it when it is
/// done. Guarded by premeasureLock.
static Premeasure *pendingWork, *lastPendingWork;

/// Frees everything queued. With premeasureLock held.
static void dropPendingWork(void) {
    while (pendingWork) {
        Premeasure *next = pendingWork->next;
        freePremeasure(pendingWork);
        pendingWork = next;
    }
    lastPendingWork = NULL;
}

static int premeasureGoesOn(const Premeasure *work) {
    return work->generation == atomic_load(&premeasureGeneration) && atomic_load(&enabled) && !atomic_load(&bypassed);
}

/// The line at `index` as the memo keys it, when it is one to measure: in a font libgvc has
/// measured in (with the alias it gave it, see the top) and not in the memo yet.
static int lineToMeasure(const Premeasure *work, size_t index, textfont_t *font, uint64_t *hash) {
    if (!work->fonts[index] || !work->texts[index][0]) return 0;
    pthread_mutex_lock(&memoLock);
    PostscriptAlias *alias = NULL;
    int wanted = observedAlias(work->fonts[index], &alias);
    *font = (textfont_t){ .name = (char *)work->fonts[index], .size = work->sizes[index], .postscript_alias = alias };
    if (wanted) {
        textspan_t span = { .str = work->texts[index], .font = font };
        *hash = hashOf(font->name, font->size, font->flags, span.str);
        wanted = !find(&span, *hash);
    }
    pthread_mutex_unlock(&memoLock);
    return wanted;
}

static void rememberMeasured(const textfont_t *font, const char *text, uint64_t hash, const Measurement *measured, int own) {
    pthread_mutex_lock(&memoLock);
    textspan_t span = { .str = (char *)text, .font = (textfont_t *)font };
    if (atomic_load(&enabled) && !find(&span, hash)) remember(font, text, hash, measured);
    // The plugin's answer is a reference too (see noteReference).
    if (!own) noteReference(&span, measured);
    premeasuredCount += 1;
    if (own) ownPangoCount += 1;
    pthread_mutex_unlock(&memoLock);
}

/// With its own pango the thread measures beside the layout, from the last line back: the
/// layout asks for them from the first, so the two meet somewhere in the middle. Lines in a
/// font with a PostScript alias, or in a font and size the own pango has not been checked in,
/// are the plugin's; returns whether it left any.
static int measureWithOwnPango(Premeasure *work) {
    int leftToPlugin = 0;
    for (size_t index = work->count; index-- > 0;) {
        if (!premeasureGoesOn(work)) return 0;
        textfont_t font;
        uint64_t hash;
        if (!lineToMeasure(work, index, &font, &hash)) continue;
        if (font.postscript_alias || !ownMeasurable(font.name, font.size)) {
            leftToPlugin = 1;
            continue;
        }
        Measurement measured;
        if (!ownMeasure(font.name, font.size, work->texts[index], &measured)) return 1;
        rememberMeasured(&font, work->texts[index], hash, &measured, 1);
    }
    return leftToPlugin;
}

/// Through the plugin, whose pango is the layout's: holding the text lock, and only until
/// someone waits for it (the layout, most likely).
static void measureThroughPlugin(Premeasure *work) {
    pthread_mutex_lock(&textLock);
    for (size_t index = 0; index < work->count; index++) {
        if (atomic_load(&textLockWaiters) > 0 || !premeasureGoesOn(work)) break;
        textfont_t font;
        uint64_t hash;
        if (!lineToMeasure(work, index, &font, &hash)) continue;
        textspan_t span = { .str = work->texts[index], .font = &font, .just = 'n' };
        boolean answer = measuringEngine->textlayout(&span, NULL);
        Measurement measured = measurementOf(&span, answer);
        rememberMeasured(&font, span.str, hash, &measured, 0);
        if (span.layout && span.free_layout) span.free_layout(span.layout);
    }
    pthread_mutex_unlock(&textLock);
}

/// Measures `work` (or, when NULL, only readies the own pango), handed over in `generation`,
/// then whatever was handed over meanwhile, and ends the pre-measuring. With premeasureRunning
/// set by the caller.
static void premeasure(Premeasure *work, unsigned long generation) {
    for (;;) {
        pthread_mutex_lock(&premeasureLock);
        // A stop waits while this thread may be inside its own pango; one made before this
        // point (it advances the generation under this lock) keeps it out.
        int current = generation == atomic_load(&premeasureGeneration) && !premeasureExiting;
        premeasureActiveGeneration = generation;
        int mayUseOwn = current && ownPangoLoaded && ownVerdict != ownDistrusted;
        premeasureOwnPango = mayUseOwn;
        pthread_cond_broadcast(&premeasureEnded);  // a stop waiting for older work may go on
        pthread_mutex_unlock(&premeasureLock);
        int throughPlugin = work != NULL && current;
        if (mayUseOwn && ownPangoChecked()) {
            throughPlugin = work && measureWithOwnPango(work);
        }
        if (throughPlugin) {
            pthread_mutex_lock(&premeasureLock);
            premeasureOwnPango = 0;
            pthread_cond_broadcast(&premeasureEnded);
            pthread_mutex_unlock(&premeasureLock);
            measureThroughPlugin(work);
        }
        freePremeasure(work);
        pthread_mutex_lock(&premeasureLock);
        work = pendingWork;
        if (work) pendingWork = work->next;
        if (!pendingWork) lastPendingWork = NULL;
        if (!work) {
            premeasureRunning = 0;
            premeasureOwnPango = 0;
            pthread_cond_broadcast(&premeasureEnded);
            pthread_mutex_unlock(&premeasureLock);
            return;
        }
        generation = work->generation;
        pthread_mutex_unlock(&premeasureLock);
    }
}

static void *premeasureMain(void *argument) {
    restoretrace_run_anywhere();
    Premeasure *work = argument;
    premeasure(work, work->generation);
    return NULL;
}

/// Has the plugin measure a line in each font and size of the `count` given that has no
/// reference yet (in a font libgvc has measured in, with its alias), making it one; only while
/// no layout holds the text lock or waits for it, and no stop has come since `generation`.
static void makeReferences(const char *const *names, const double *sizes, size_t count, unsigned long generation) {
    if (count == 0 || pthread_mutex_trylock(&textLock) != 0) return;
    for (size_t index = 0; index < count; index++) {
        if (atomic_load(&textLockWaiters) > 0 || generation != atomic_load(&premeasureGeneration)) break;
        pthread_mutex_lock(&memoLock);
        PostscriptAlias *alias = NULL;
        int wanted = names[index] && referenceCount < maximumReferences && observedAlias(names[index], &alias) && !alias
            && !hasReference(names[index], sizes[index], referenceCount);
        pthread_mutex_unlock(&memoLock);
        if (!wanted) continue;
        textfont_t font = { .name = (char *)names[index], .size = sizes[index] };
        textspan_t span = { .str = "warm up", .font = &font, .just = 'n' };
        boolean answer = measuringEngine->textlayout(&span, NULL);
        Measurement measured = measurementOf(&span, answer);
        if (span.layout && span.free_layout) span.free_layout(span.layout);
        pthread_mutex_lock(&memoLock);
        noteReference(&span, &measured);
        pthread_mutex_unlock(&memoLock);
    }
    pthread_mutex_unlock(&textLock);
}

void restoretrace_premeasure_prepare(const char *const *fontNames, const double *fontSizes, size_t fontCount) {
    if (!atomic_load(&installed) || !atomic_load(&enabled) || !ownPangoLoaded) return;
    pthread_mutex_lock(&premeasureLock);
    if (premeasureRunning || premeasureExiting || ownVerdict == ownDistrusted) {
        pthread_mutex_unlock(&premeasureLock);
        return;
    }
    premeasureRunning = 1;
    // The plugin's pango runs next, on this thread: a stop waits for it (it checks the generation).
    premeasureOwnPango = 1;
    unsigned long generation = atomic_load(&premeasureGeneration);
    premeasureActiveGeneration = generation;
    pthread_mutex_unlock(&premeasureLock);
    makeReferences(fontNames, fontSizes, fontCount, generation);
    premeasure(NULL, generation);
}

int restoretrace_premeasure_possible(void) {
    return atomic_load(&installed) && atomic_load(&enabled) && !restoretrace_warm_ups_running();
}

/// The lines, copied; NULL when memory runs out.
static Premeasure *premeasureWork(size_t count, const char *texts, size_t textsLength, const uint32_t *fontIndices,
                                  const char *const *interned, size_t usable, const double *sizes) {
    Premeasure *work = calloc(1, sizeof *work);
    if (!work) return NULL;
    work->fonts = calloc(count, sizeof *work->fonts);
    work->sizes = malloc(count * sizeof *work->sizes);
    work->texts = malloc(count * sizeof *work->texts);
    work->textStorage = malloc(textsLength + 1);
    if (!work->fonts || !work->sizes || !work->texts || !work->textStorage) {
        freePremeasure(work);
        return NULL;
    }
    memcpy(work->textStorage, texts, textsLength);
    work->textStorage[textsLength] = 0;
    // The texts follow one another, each ended by a NUL.
    char *next = work->textStorage, *end = work->textStorage + textsLength;
    size_t made = 0;
    for (; made < count && next < end; made++) {
        work->texts[made] = next;
        work->fonts[made] = fontIndices[made] < usable ? interned[fontIndices[made]] : NULL;
        work->sizes[made] = sizes[made];
        next += strlen(next) + 1;
    }
    work->count = made;
    return work;
}

int restoretrace_premeasure_start(size_t count, const char *texts, size_t textsLength, const uint32_t *fontIndices,
                                  const char *const *fontNameList, size_t fontNameListCount, const double *sizes) {
    if (!restoretrace_premeasure_possible() || count == 0) return 0;
    const char *interned[maximumFontNames];
    size_t usable = fontNameListCount < maximumFontNames ? fontNameListCount : maximumFontNames;
    pthread_mutex_lock(&premeasureLock);
    for (size_t index = 0; index < usable; index++) {
        interned[index] = fontNameList[index] ? internedFontName(fontNameList[index]) : NULL;
    }
    pthread_mutex_unlock(&premeasureLock);
    Premeasure *work = premeasureWork(count, texts, textsLength, fontIndices, interned, usable, sizes);
    if (!work) return 0;

    pthread_mutex_lock(&premeasureLock);
    if (premeasureExiting) {
        pthread_mutex_unlock(&premeasureLock);
        freePremeasure(work);
        return 0;
    }
    work->generation = atomic_load(&premeasureGeneration);
    if (premeasureRunning) {
        // The running thread takes it when it is done with what it has.
        if (lastPendingWork) {
            lastPendingWork->next = work;
        } else {
            pendingWork = work;
        }
        lastPendingWork = work;
        premeasureStarts += 1;
        pthread_mutex_unlock(&premeasureLock);
        return 1;
    }
    premeasureRunning = 1;
    pthread_mutex_unlock(&premeasureLock);

    int started = 0;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) == 0) {
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        restoretrace_start_on_another_cpu(&attributes);
        pthread_t thread;
        started = pthread_create(&thread, &attributes, premeasureMain, work) == 0;
        pthread_attr_destroy(&attributes);
    }
    pthread_mutex_lock(&premeasureLock);
    if (started) {
        premeasureStarts += 1;
    } else {
        // And what others queued for the thread meanwhile.
        dropPendingWork();
        premeasureRunning = 0;
        pthread_cond_broadcast(&premeasureEnded);
    }
    pthread_mutex_unlock(&premeasureLock);
    if (!started) freePremeasure(work);
    return started;
}

void restoretrace_premeasure_stop(void) {
    pthread_mutex_lock(&premeasureLock);
    dropPendingWork();
    unsigned long ended = atomic_fetch_add(&premeasureGeneration, 1) + 1;
    // Through the plugin the thread may be waiting for the text lock its caller holds; it stops
    // as soon as it has it. Inside pango without that lock (its own, or the plugin's while it
    // makes references) it is waited for, until it is out or on work handed over since: it must
    // not be inside pango when the process ends.
    while (premeasureRunning && premeasureOwnPango && premeasureActiveGeneration < ended) {
        pthread_cond_wait(&premeasureEnded, &premeasureLock);
    }
    pthread_mutex_unlock(&premeasureLock);
}

static void stopPremeasuringAtExit(void) {
    pthread_mutex_lock(&premeasureLock);
    premeasureExiting = 1;
    pthread_mutex_unlock(&premeasureLock);
    restoretrace_premeasure_stop();
}

void restoretrace_premeasure_counts(unsigned long *starts, unsigned long *measured, unsigned long *ownMeasured) {
    pthread_mutex_lock(&premeasureLock);
    *starts = premeasureStarts;
    pthread_mutex_unlock(&premeasureLock);
    pthread_mutex_lock(&memoLock);
    *measured = premeasuredCount;
    if (ownMeasured) *ownMeasured = ownPangoCount;
    pthread_mutex_unlock(&memoLock);
}

void restoretrace_wait_for_premeasuring(void) {
    pthread_mutex_lock(&premeasureLock);
    while (premeasureRunning) pthread_cond_wait(&premeasureEnded, &premeasureLock);
    pthread_mutex_unlock(&premeasureLock);
}

int restoretrace_premeasure_checked_in(const char *fontName, double fontSize) {
    pthread_mutex_lock(&premeasureLock);
    // The own pango's state belongs to the running thread; it is read between threads.
    while (premeasureRunning) pthread_cond_wait(&premeasureEnded, &premeasureLock);
    int checked = ownVerdict == ownTrusted && hasReference(fontName, fontSize, checkedReferences);
    pthread_mutex_unlock(&premeasureLock);
    return checked;
}
