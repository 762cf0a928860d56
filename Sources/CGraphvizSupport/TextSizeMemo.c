// The text-size memo (see restoretrace_install_text_size_memo in include/CGraphvizSupport.h).
//
// libgvc measures every line of every label through its text-layout plugin (pango on Debian):
// a PangoLayout made, itemised and shaped for each line, about 10 µs apiece. A diagram repeats
// many lines ("answered true", "2 restored", "decode"), and libgvc keeps no cache, so this
// plugin, installed above pango's, answers a line measured before in the same font with what
// pango answered then. Every field pango writes into a textspan_t is a function of the font's
// name, size and flags and of the text, so the drawing is the one pango alone would give; the
// PangoLayout itself (what the cairo renderers draw with) is shared among the spans, each
// holding a reference, as pango would have made an identical one for each.
//
// Called only from inside libgvc's layout, so always with the libgvc lock held: the table
// needs no lock of its own.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // dl_iterate_phdr
#endif
#include "CGraphvizSupport.h"

#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_textlayout.h>
#include <graphviz/textspan.h>

#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <link.h>
#endif

/// libgvc's own, exported but not in its installed headers: selects the best text-layout plugin.
extern int gvtextlayout_select(GVC_t *gvc);

/// The plugin this memo stands in front of, and the GObject reference count it needs.
static gvtextlayout_engine_t *measuringEngine;
static void *(*objectReference)(void *object);

typedef struct {
    char *text;  // NULL: an empty slot
    char *fontName;
    double fontSize;
    unsigned int fontFlags;
    uint64_t hash;
    boolean answer;
    pointf size;
    double yoffsetLayout;
    double yoffsetCenterline;
    void *layout;  // one reference held by the memo, or NULL
    void (*freeLayout)(void *layout);
} Entry;

static Entry *entries;
static size_t slotCount;  // a power of two, or 0 before the first entry
static size_t entryCount;
static size_t textBytes;
static int enabled = 1;
static unsigned long hitCount, missCount;

/// Past either bound the memo starts again empty: a drawing big enough to reach them has more
/// to gain from not growing without end than from the lines it measured long ago.
enum { maximumEntries = 1 << 16 };
static const size_t maximumTextBytes = 16u << 20;

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
        if (entry->layout && entry->freeLayout) entry->freeLayout(entry->layout);
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

static boolean measure(textspan_t *span, char **fontpath) {
    textfont_t *font = span->font;
    // -v asks which font file answered, which only the plugin can tell.
    if (!enabled || fontpath || !font || !font->name || !span->str) return measuringEngine->textlayout(span, fontpath);
    uint64_t hash = hashOf(font->name, font->size, font->flags, span->str);
    if (slotCount) {
        for (size_t slot = (size_t)hash & (slotCount - 1); entries[slot].text; slot = (slot + 1) & (slotCount - 1)) {
            Entry *entry = &entries[slot];
            if (entry->hash != hash || entry->fontSize != font->size || entry->fontFlags != font->flags
                || strcmp(entry->text, span->str) != 0 || strcmp(entry->fontName, font->name) != 0) {
                continue;
            }
            hitCount += 1;
            span->size = entry->size;
            span->yoffset_layout = entry->yoffsetLayout;
            span->yoffset_centerline = entry->yoffsetCenterline;
            span->layout = entry->layout ? objectReference(entry->layout) : NULL;
            span->free_layout = entry->layout ? entry->freeLayout : NULL;
            return entry->answer;
        }
    }
    missCount += 1;
    boolean answer = measuringEngine->textlayout(span, fontpath);
    size_t textLength = strlen(span->str), nameLength = strlen(font->name);
    if (entryCount >= maximumEntries || textBytes + textLength + nameLength > maximumTextBytes) forgetAll();
    if (!makeRoom()) return answer;
    char *text = strdup(span->str), *fontName = strdup(font->name);
    if (!text || !fontName) {
        free(text);
        free(fontName);
        return answer;
    }
    size_t slot = (size_t)hash & (slotCount - 1);
    while (entries[slot].text) slot = (slot + 1) & (slotCount - 1);
    entries[slot] = (Entry){
        .text = text, .fontName = fontName, .fontSize = font->size, .fontFlags = font->flags, .hash = hash,
        .answer = answer, .size = span->size, .yoffsetLayout = span->yoffset_layout,
        .yoffsetCenterline = span->yoffset_centerline,
        .layout = span->layout && span->free_layout ? objectReference(span->layout) : NULL,
        .freeLayout = span->free_layout,
    };
    entryCount += 1;
    textBytes += textLength + nameLength;
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
    *(void **)found = dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD);
    return 1;
}
#endif

int restoretrace_install_text_size_memo(GVC_t *context) {
    if (!context || measuringEngine) return 0;
    void *plugin = NULL;
#if defined(__linux__)
    // libgvc loads its text-layout plugin while it makes the context.
    dl_iterate_phdr(findPangoPlugin, &plugin);
#endif
    if (!plugin) return 0;
    gvplugin_installed_t *types = dlsym(plugin, "gvtextlayout_pango_types");
    void *reference = dlsym(plugin, "g_object_ref");  // from pango's GObject, found through the plugin
    gvtextlayout_engine_t *engine = NULL;
    for (gvplugin_installed_t *type = types; type && type->type; type++) {
        if (strcmp(type->type, "textlayout") == 0) engine = type->engine;
    }
    if (!engine || !engine->textlayout || !reference) {
        dlclose(plugin);
        return 0;
    }
    // The plugin stays loaded (libgvc holds it too): the handle is kept, never closed.
    measuringEngine = engine;
    objectReference = (void *(*)(void *))reference;
    gvAddLibrary(context, &memoLibrary);
    gvtextlayout_select(context);
    return 1;
}

void restoretrace_set_text_size_memo_enabled(int enable) {
    enabled = enable != 0;
    if (!enabled) forgetAll();
}

void restoretrace_text_size_memo_counts(unsigned long *hits, unsigned long *misses) {
    *hits = hitCount;
    *misses = missCount;
}
