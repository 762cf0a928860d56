// The text-size memo (see restoretrace_install_text_size_memo in include/CGraphvizSupport.h).
//
// libgvc measures every line of every label through its text-layout plugin (pango on Debian):
// a PangoLayout made, itemised and shaped for each line, about 10 µs apiece. A diagram repeats
// many lines ("answered true", "2 restored", "decode"), and libgvc keeps no cache, so this
// plugin, installed above pango's, answers a line measured before in the same font with what
// pango answered then. The sizes and offsets pango writes into a textspan_t are a function of
// the text and of the font's name, size, flags and PostScript alias (libgvc's, a function of the
// name): all of them are the key. The PangoLayout pango makes is kept by the span, never by the
// memo (2 kB a line): a render drawn with pango itself — cairo's PNG and PDF, which draw the text
// with the span's layout — bypasses the memo (restoretrace_set_text_size_memo_format), and a
// span answered from the memo has none, which SVG never reads.
//
// Every use is inside a libgvc call or made with the libgvc lock held, so the memo needs no lock
// of its own.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // dl_iterate_phdr
#endif
#include "CGraphvizSupport.h"

#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_textlayout.h>
#include <graphviz/textspan.h>

#include <dlfcn.h>
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
} Entry;

static Entry *entries;
static size_t slotCount;  // a power of two, or 0 before the first entry
static size_t entryCount;
static size_t textBytes;
static int enabled = 1;
/// Set for a render drawn with pango itself (cairo), which needs each span's own PangoLayout.
static int bypassed;
/// Read by tests while other threads render.
static atomic_ulong hitCount, missCount;

/// Past either bound the memo starts again empty: a drawing big enough to reach them has more
/// to gain from not growing without end than from the lines it measured long ago.
enum { defaultMaximumEntries = 1 << 16, defaultMaximumTextBytes = 16 << 20 };
static size_t maximumEntries = defaultMaximumEntries;
static size_t maximumTextBytes = defaultMaximumTextBytes;

static uint64_t hashOf(const textfont_t *font, const char *text) {
    uint64_t hash = 14695981039346656037ull;  // FNV-1a
    for (const unsigned char *p = (const unsigned char *)font->name; *p; p++) hash = (hash ^ *p) * 1099511628211ull;
    hash = (hash ^ 0xff) * 1099511628211ull;
    uint64_t sizeBits;
    memcpy(&sizeBits, &font->size, sizeof sizeBits);
    hash = (hash ^ sizeBits) * 1099511628211ull;
    hash = (hash ^ font->flags) * 1099511628211ull;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) hash = (hash ^ *p) * 1099511628211ull;
    return hash;
}

static void forgetAll(void) {
    for (size_t index = 0; index < slotCount; index++) {
        free(entries[index].text);
        free(entries[index].fontName);
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

/// Remembers what pango answered for the span's text in its font.
static void remember(const textspan_t *span, uint64_t hash, Measurement measurement) {
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
        .alias = font->postscript_alias, .hash = hash, .measurement = measurement,
    };
    entryCount += 1;
    textBytes += textLength + nameLength;
}

static boolean measure(textspan_t *span, char **fontpath) {
    const textfont_t *font = span->font;
    // A `fontpath` (dot -v) asks which font file answered, which only the plugin can tell.
    if (!enabled || bypassed || fontpath || !font || !font->name || !span->str) {
        return measuringEngine->textlayout(span, fontpath);
    }
    uint64_t hash = hashOf(font, span->str);
    const Entry *entry = find(span, hash);
    if (entry) {
        atomic_fetch_add(&hitCount, 1);
        span->size = entry->measurement.size;
        span->yoffset_layout = entry->measurement.yoffsetLayout;
        span->yoffset_centerline = entry->measurement.yoffsetCenterline;
        span->layout = NULL;
        span->free_layout = NULL;
        return entry->measurement.answer;
    }
    atomic_fetch_add(&missCount, 1);
    boolean answer = measuringEngine->textlayout(span, fontpath);
    remember(span, hash, (Measurement){ .answer = answer, .size = span->size, .yoffsetLayout = span->yoffset_layout,
                                        .yoffsetCenterline = span->yoffset_centerline });
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
    // libgvc loads its text-layout plugin while it makes the context; its engine is found by the
    // name of the table every Graphviz plugin library exports.
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
    return 1;
}

void restoretrace_set_text_size_memo_format(const char *format) {
    const char *renderer = format ? strchr(format, ':') : NULL;
    bypassed = renderer && strcmp(renderer, ":cairo") == 0;
}

void restoretrace_set_text_size_memo_enabled(int enable) {
    enabled = enable != 0;
    if (!enabled) forgetAll();
}

void restoretrace_set_text_size_memo_limits(size_t entries, size_t textBytes) {
    maximumEntries = entries ? entries : defaultMaximumEntries;
    maximumTextBytes = textBytes ? textBytes : defaultMaximumTextBytes;
}

void restoretrace_text_size_memo_counts(unsigned long *hits, unsigned long *misses) {
    if (hits) *hits = atomic_load(&hitCount);
    if (misses) *misses = atomic_load(&missCount);
}
