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
// (restoretrace_premeasure_start), which measures a graph's lines on the other core while the
// rendering thread builds that graph in cgraph. Pango is not thread-safe, so both hold the text
// lock (restoretrace_text_lock), and so does everything else that may run pango: every layout,
// render and freeing of a layout; waiting for it makes the pre-measuring thread stop after the
// line it is measuring. The memo is guarded by that lock too.

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

typedef struct {
    char *text;  // NULL: an empty slot
    char *fontName;
    double fontSize;
    unsigned int fontFlags;
    PostscriptAlias *alias;  // libgvc's, a function of the font name; compared as a pointer
    uint64_t hash;
    boolean answer;
    pointf size;
    double yoffsetLayout;
    double yoffsetCenterline;
    unsigned long hits;
} Entry;

static Entry *entries;
static size_t slotCount;  // a power of two, or 0 before the first entry
static size_t entryCount;
static size_t textBytes;
static atomic_int enabled = 1;
/// Set for a render drawn with pango itself (cairo), which needs each span's own PangoLayout.
static int bypassed;
static unsigned long hitCount, missCount;

/// The PostScript alias libgvc gave each font name it measured in (up to a few names): the only
/// ones the pre-measuring thread may measure in, and with that alias. Guarded by the text lock.
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

/// Remembers what the plugin answered for `span`.
static void remember(const textspan_t *span, uint64_t hash, boolean answer) {
    const textfont_t *font = span->font;
    size_t textLength = strlen(span->str), nameLength = strlen(font->name);
    if (entryCount >= maximumEntries || textBytes + textLength + nameLength > maximumTextBytes) forgetAll();
    if (!makeRoom()) return;
    char *text = strdup(span->str), *fontName = strdup(font->name);
    if (!text || !fontName) {
        free(text);
        free(fontName);
        return;
    }
    size_t slot = (size_t)hash & (slotCount - 1);
    while (entries[slot].text) slot = (slot + 1) & (slotCount - 1);
    entries[slot] = (Entry){
        .text = text, .fontName = fontName, .fontSize = font->size, .fontFlags = font->flags,
        .alias = font->postscript_alias, .hash = hash, .answer = answer, .size = span->size,
        .yoffsetLayout = span->yoffset_layout, .yoffsetCenterline = span->yoffset_centerline,
    };
    entryCount += 1;
    textBytes += textLength + nameLength;
}

static boolean measure(textspan_t *span, char **fontpath) {
    textfont_t *font = span->font;
    if (font && font->name) observe(font);
    // A `fontpath` (dot -v) asks which font file answered, which only the plugin can tell.
    if (!enabled || bypassed || fontpath || !font || !font->name || !span->str) {
        return measuringEngine->textlayout(span, fontpath);
    }
    uint64_t hash = hashOf(font->name, font->size, font->flags, span->str);
    Entry *entry = find(span, hash);
    if (entry) {
        hitCount += 1;
        entry->hits += 1;
        span->size = entry->size;
        span->yoffset_layout = entry->yoffsetLayout;
        span->yoffset_centerline = entry->yoffsetCenterline;
        span->layout = NULL;
        span->free_layout = NULL;
        return entry->answer;
    }
    missCount += 1;
    boolean answer = measuringEngine->textlayout(span, fontpath);
    remember(span, hash, answer);
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
    gvAddLibrary(context, &memoLibrary);
    gvtextlayout_select(context);
    atomic_store(&installed, 1);
    return 1;
}

// ---------------------------------------------------------------------------------------------
// The text lock, and pre-measuring
// ---------------------------------------------------------------------------------------------

static pthread_mutex_t textLock = PTHREAD_MUTEX_INITIALIZER;
/// Threads waiting for the text lock: the pre-measuring thread stops when there is one.
static atomic_int textLockWaiters;

static pthread_mutex_t premeasureLock = PTHREAD_MUTEX_INITIALIZER;
static int premeasureRunning;
static unsigned long premeasureStarts;  // guarded by premeasureLock
static unsigned long premeasuredCount;  // guarded by the text lock
static pthread_cond_t premeasureEnded = PTHREAD_COND_INITIALIZER;

void restoretrace_text_lock(void) {
    atomic_fetch_add(&textLockWaiters, 1);
    pthread_mutex_lock(&textLock);
    atomic_fetch_sub(&textLockWaiters, 1);
}

void restoretrace_text_unlock(void) { pthread_mutex_unlock(&textLock); }

void restoretrace_set_text_size_memo_enabled(int enable) {
    restoretrace_text_lock();
    atomic_store(&enabled, enable != 0);
    if (!enable) forgetAll();
    restoretrace_text_unlock();
}

void restoretrace_set_text_size_memo_format(const char *format) {
    const char *renderer = format ? strchr(format, ':') : NULL;
    bypassed = renderer && strcmp(renderer, ":cairo") == 0;
}

void restoretrace_set_text_size_memo_limits(size_t entries, size_t textBytes) {
    restoretrace_text_lock();
    maximumEntries = entries ? entries : 1 << 16;
    maximumTextBytes = textBytes ? textBytes : 16u << 20;
    restoretrace_text_unlock();
}

void restoretrace_text_size_memo_counts(unsigned long *hits, unsigned long *misses) {
    restoretrace_text_lock();
    *hits = hitCount;
    *misses = missCount;
    restoretrace_text_unlock();
}

long restoretrace_text_size_memo_hits_for(const char *fontName, double fontSize, const char *text) {
    restoretrace_text_lock();
    PostscriptAlias *alias = NULL;
    observedAlias(fontName, &alias);
    textfont_t font = { .name = (char *)fontName, .size = fontSize, .postscript_alias = alias };
    textspan_t span = { .str = (char *)text, .font = &font };
    Entry *entry = find(&span, hashOf(fontName, fontSize, 0, text));
    long hits = entry ? (long)entry->hits : -1;
    restoretrace_text_unlock();
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

typedef struct {
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

static void endPremeasuring(void) {
    pthread_mutex_lock(&premeasureLock);
    premeasureRunning = 0;
    pthread_cond_broadcast(&premeasureEnded);
    pthread_mutex_unlock(&premeasureLock);
}

static void *premeasureMain(void *argument) {
    Premeasure *work = argument;
    restoretrace_run_anywhere();
    pthread_mutex_lock(&textLock);
    for (size_t index = 0; index < work->count; index++) {
        // Whoever waits for the lock goes first: a render about to lay out, most likely.
        if (atomic_load(&textLockWaiters) > 0 || !atomic_load(&enabled) || bypassed) break;
        PostscriptAlias *alias;
        // Only in a font libgvc has measured in, with the alias it gave it (see the top).
        if (!work->fonts[index] || !work->texts[index][0] || !observedAlias(work->fonts[index], &alias)) continue;
        textfont_t font = { .name = (char *)work->fonts[index], .size = work->sizes[index], .postscript_alias = alias };
        textspan_t span = { .str = work->texts[index], .font = &font, .just = 'n' };
        uint64_t hash = hashOf(font.name, font.size, font.flags, span.str);
        if (find(&span, hash)) continue;
        boolean answer = measuringEngine->textlayout(&span, NULL);
        remember(&span, hash, answer);
        premeasuredCount += 1;
        if (span.layout && span.free_layout) span.free_layout(span.layout);
    }
    pthread_mutex_unlock(&textLock);
    freePremeasure(work);
    endPremeasuring();
    return NULL;
}

int restoretrace_premeasure_possible(void) {
    return atomic_load(&installed) && atomic_load(&enabled) && !restoretrace_warm_ups_running();
}

int restoretrace_premeasure_start(size_t count, const char *texts, size_t textsLength, const uint32_t *fontIndices,
                                  const char *const *fontNameList, size_t fontNameListCount, const double *sizes) {
    if (!restoretrace_premeasure_possible() || count == 0) return 0;
    const char *interned[maximumFontNames];
    size_t usable = fontNameListCount < maximumFontNames ? fontNameListCount : maximumFontNames;
    pthread_mutex_lock(&premeasureLock);
    if (premeasureRunning) {
        pthread_mutex_unlock(&premeasureLock);
        return 0;
    }
    premeasureRunning = 1;
    premeasureStarts += 1;
    for (size_t index = 0; index < usable; index++) {
        interned[index] = fontNameList[index] ? internedFontName(fontNameList[index]) : NULL;
    }
    pthread_mutex_unlock(&premeasureLock);

    Premeasure *work = calloc(1, sizeof *work);
    if (work) {
        work->fonts = calloc(count, sizeof *work->fonts);
        work->sizes = malloc(count * sizeof *work->sizes);
        work->texts = malloc(count * sizeof *work->texts);
        work->textStorage = malloc(textsLength + 1);
    }
    int started = 0;
    if (work && work->fonts && work->sizes && work->texts && work->textStorage) {
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
        pthread_attr_t attributes;
        if (pthread_attr_init(&attributes) == 0) {
            pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
            restoretrace_start_on_another_cpu(&attributes);
            pthread_t thread;
            started = pthread_create(&thread, &attributes, premeasureMain, work) == 0;
            pthread_attr_destroy(&attributes);
        }
    }
    if (!started) {
        freePremeasure(work);
        endPremeasuring();
    }
    return started;
}

void restoretrace_premeasure_counts(unsigned long *starts, unsigned long *measured) {
    pthread_mutex_lock(&premeasureLock);
    *starts = premeasureStarts;
    pthread_mutex_unlock(&premeasureLock);
    restoretrace_text_lock();
    *measured = premeasuredCount;
    restoretrace_text_unlock();
}

void restoretrace_wait_for_premeasuring(void) {
    pthread_mutex_lock(&premeasureLock);
    while (premeasureRunning) pthread_cond_wait(&premeasureEnded, &premeasureLock);
    pthread_mutex_unlock(&premeasureLock);
}
