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

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// ---------------------------------------------------------------------------------------------
// Deterministic DOT reading.
//
// cgraph's default ID discipline uses the address of each name's interned string as the object's
// ID, and keeps subgraphs ordered by ID. Within one long-lived process those addresses depend on
// what earlier renders allocated and freed, so cluster order (and with it SVG output, sometimes
// layout) changed from one render to the next. This discipline hands out IDs in the order names
// are first seen instead: the same DOT text gives the same IDs, in any process, at any time.
// Named objects get even IDs 2, 4, 6, ...; anonymous ones odd IDs, as in cgraph's own scheme.
// ---------------------------------------------------------------------------------------------

typedef struct {
    Agraph_t *graph;
    char **names;          /* names[k]: the interned string of ID 2 * (k + 1) */
    size_t count, capacity;
    uintptr_t *slotKeys;   /* open addressing: interned string address -> index + 1 */
    size_t *slotValues;
    size_t slotCount;
    IDTYPE nextAnonymous;
} restoretrace_id_state;

static inline size_t restoretrace_id_hash(uintptr_t key, size_t slots) {
    uint64_t x = (uint64_t)key;
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
    return (size_t)(x & (slots - 1));
}

static inline size_t restoretrace_id_find(restoretrace_id_state *s, uintptr_t key) {
    if (s->slotCount == 0) return 0;
    size_t i = restoretrace_id_hash(key, s->slotCount);
    while (s->slotKeys[i]) {
        if (s->slotKeys[i] == key) return s->slotValues[i];
        i = (i + 1) & (s->slotCount - 1);
    }
    return 0;
}

static inline int restoretrace_id_insert(restoretrace_id_state *s, uintptr_t key, size_t value) {
    if ((s->count + 1) * 2 > s->slotCount) {
        size_t slots = s->slotCount ? s->slotCount * 2 : 256;
        uintptr_t *keys = calloc(slots, sizeof *keys);
        size_t *values = calloc(slots, sizeof *values);
        if (!keys || !values) { free(keys); free(values); return 0; }
        for (size_t j = 0; j < s->slotCount; j++) {
            if (!s->slotKeys[j]) continue;
            size_t i = restoretrace_id_hash(s->slotKeys[j], slots);
            while (keys[i]) i = (i + 1) & (slots - 1);
            keys[i] = s->slotKeys[j];
            values[i] = s->slotValues[j];
        }
        free(s->slotKeys); free(s->slotValues);
        s->slotKeys = keys; s->slotValues = values; s->slotCount = slots;
    }
    size_t i = restoretrace_id_hash(key, s->slotCount);
    while (s->slotKeys[i]) i = (i + 1) & (s->slotCount - 1);
    s->slotKeys[i] = key;
    s->slotValues[i] = value;
    return 1;
}

static inline void *restoretrace_id_open(Agraph_t *graph, Agdisc_t *disc) {
    (void)disc;
    restoretrace_id_state *s = calloc(1, sizeof *s);
    if (s) { s->graph = graph; s->nextAnonymous = 1; }
    return s;
}

static inline long restoretrace_id_map(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    (void)objtype;
    restoretrace_id_state *s = state;
    if (!s) return 0;
    if (!str) {
        *id = s->nextAnonymous;
        s->nextAnonymous += 2;
        return 1;
    }
    char *interned = createflag ? agstrdup(s->graph, str) : agstrbind(s->graph, str);
    if (!interned) return 0;
    size_t index = restoretrace_id_find(s, (uintptr_t)interned);
    if (!index) {
        if (!createflag) return 0;
        if (s->count == s->capacity) {
            size_t capacity = s->capacity ? s->capacity * 2 : 256;
            char **names = realloc(s->names, capacity * sizeof *names);
            if (!names) return 0;
            s->names = names; s->capacity = capacity;
        }
        s->names[s->count] = interned;
        if (!restoretrace_id_insert(s, (uintptr_t)interned, s->count + 1)) return 0;
        s->count += 1;
        index = s->count;
    }
    *id = (IDTYPE)index * 2;
    return 1;
}

static inline long restoretrace_id_alloc(void *state, int objtype, IDTYPE request) {
    (void)state; (void)objtype; (void)request;
    return 1;
}

static inline char *restoretrace_id_print(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    restoretrace_id_state *s = state;
    if (!s || id % 2 != 0 || id == 0 || id / 2 > s->count) return NULL;
    return s->names[id / 2 - 1];
}

static inline void restoretrace_id_free(void *state, int objtype, IDTYPE id) {
    restoretrace_id_state *s = state;
    char *name = restoretrace_id_print(state, objtype, id);
    if (name) agstrfree(s->graph, name);
}

static inline void restoretrace_id_close(void *state) {
    restoretrace_id_state *s = state;
    if (!s) return;
    free(s->names); free(s->slotKeys); free(s->slotValues); free(s);
}

static inline void restoretrace_id_register(void *state, int objtype, void *obj) {
    (void)state; (void)objtype; (void)obj;
}

/// Reads DOT text held in memory, line by line, as agmemread does.
typedef struct {
    const char *data;
    size_t length;
    size_t position;
} restoretrace_dot_reader;

static inline int restoretrace_dot_read(void *chan, char *buffer, int size) {
    restoretrace_dot_reader *reader = chan;
    if (size <= 0 || reader->position >= reader->length) return 0;
    int count = 0;
    char c;
    do {
        c = reader->data[reader->position++];
        buffer[count++] = c;
    } while (c != '\n' && count < size && reader->position < reader->length);
    return count;
}

/// Parses DOT text like `agmemread`, but with IDs that do not depend on heap addresses.
static inline Agraph_t *restoretrace_read_dot(const char *text, size_t length) {
    static Agiddisc_t ids = {
        restoretrace_id_open, restoretrace_id_map, restoretrace_id_alloc, restoretrace_id_free,
        restoretrace_id_print, restoretrace_id_close, restoretrace_id_register,
    };
    static Agiodisc_t io;
    static Agdisc_t disc;
    io.afread = restoretrace_dot_read;
    io.putstr = AgIoDisc.putstr;
    io.flush = AgIoDisc.flush;
    disc.mem = &AgMemDisc;
    disc.id = &ids;
    disc.io = &io;
    restoretrace_dot_reader reader = { text, length, 0 };
    return agread(&reader, &disc);
}
#endif
