// C support for the Graphviz module (see include/CGraphvizSupport.h): the libgvc lock and
// context, deterministic DOT reading, and the layout fields cgraph keeps behind macros.

#include "CGraphvizSupport.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

// ---------------------------------------------------------------------------------------------
// The lock and the context
// ---------------------------------------------------------------------------------------------

static pthread_mutex_t libgvcLock = PTHREAD_MUTEX_INITIALIZER;
static GVC_t *sharedContext;

void restoretrace_libgvc_lock(void) { pthread_mutex_lock(&libgvcLock); }
void restoretrace_libgvc_unlock(void) { pthread_mutex_unlock(&libgvcLock); }

GVC_t *restoretrace_libgvc_context(void) {
    if (!sharedContext) {
        sharedContext = gvContext();
        restoretrace_install_text_size_memo(sharedContext);
    }
    return sharedContext;
}

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
} IDState;

static size_t idHash(uintptr_t key, size_t slots) {
    uint64_t x = (uint64_t)key;
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
    return (size_t)(x & (slots - 1));
}

static size_t idFind(IDState *s, uintptr_t key) {
    if (s->slotCount == 0) return 0;
    size_t i = idHash(key, s->slotCount);
    while (s->slotKeys[i]) {
        if (s->slotKeys[i] == key) return s->slotValues[i];
        i = (i + 1) & (s->slotCount - 1);
    }
    return 0;
}

static int idInsert(IDState *s, uintptr_t key, size_t value) {
    if ((s->count + 1) * 2 > s->slotCount) {
        size_t slots = s->slotCount ? s->slotCount * 2 : 256;
        uintptr_t *keys = calloc(slots, sizeof *keys);
        size_t *values = calloc(slots, sizeof *values);
        if (!keys || !values) { free(keys); free(values); return 0; }
        for (size_t j = 0; j < s->slotCount; j++) {
            if (!s->slotKeys[j]) continue;
            size_t i = idHash(s->slotKeys[j], slots);
            while (keys[i]) i = (i + 1) & (slots - 1);
            keys[i] = s->slotKeys[j];
            values[i] = s->slotValues[j];
        }
        free(s->slotKeys); free(s->slotValues);
        s->slotKeys = keys; s->slotValues = values; s->slotCount = slots;
    }
    size_t i = idHash(key, s->slotCount);
    while (s->slotKeys[i]) i = (i + 1) & (s->slotCount - 1);
    s->slotKeys[i] = key;
    s->slotValues[i] = value;
    return 1;
}

static void *idOpen(Agraph_t *graph, Agdisc_t *disc) {
    (void)disc;
    IDState *s = calloc(1, sizeof *s);
    if (s) { s->graph = graph; s->nextAnonymous = 1; }
    return s;
}

static long idMap(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    (void)objtype;
    IDState *s = state;
    if (!s) return 0;
    if (!str) {
        *id = s->nextAnonymous;
        s->nextAnonymous += 2;
        return 1;
    }
    char *interned = createflag ? agstrdup(s->graph, str) : agstrbind(s->graph, str);
    if (!interned) return 0;
    size_t index = idFind(s, (uintptr_t)interned);
    if (!index) {
        if (!createflag) return 0;
        if (s->count == s->capacity) {
            size_t capacity = s->capacity ? s->capacity * 2 : 256;
            char **names = realloc(s->names, capacity * sizeof *names);
            if (!names) return 0;
            s->names = names; s->capacity = capacity;
        }
        s->names[s->count] = interned;
        if (!idInsert(s, (uintptr_t)interned, s->count + 1)) return 0;
        s->count += 1;
        index = s->count;
    }
    *id = (IDTYPE)index * 2;
    return 1;
}

static long idAlloc(void *state, int objtype, IDTYPE request) {
    (void)state; (void)objtype; (void)request;
    return 1;
}

static char *idPrint(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    IDState *s = state;
    if (!s || id % 2 != 0 || id == 0 || id / 2 > s->count) return NULL;
    return s->names[id / 2 - 1];
}

static void idFree(void *state, int objtype, IDTYPE id) {
    IDState *s = state;
    char *name = idPrint(state, objtype, id);
    if (name) agstrfree(s->graph, name);
}

static void idClose(void *state) {
    IDState *s = state;
    if (!s) return;
    free(s->names); free(s->slotKeys); free(s->slotValues); free(s);
}

static void idRegister(void *state, int objtype, void *obj) {
    (void)state; (void)objtype; (void)obj;
}

/// Reads DOT text held in memory, line by line, as agmemread does.
typedef struct {
    const char *data;
    size_t length;
    size_t position;
} DOTReader;

static int dotRead(void *chan, char *buffer, int size) {
    DOTReader *reader = chan;
    if (size <= 0 || reader->position >= reader->length) return 0;
    int count = 0;
    char c;
    do {
        c = reader->data[reader->position++];
        buffer[count++] = c;
    } while (c != '\n' && count < size && reader->position < reader->length);
    return count;
}

/// The discipline both DOT reading and graph building use: deterministic IDs, reading from memory.
static Agdisc_t *deterministicDiscipline(void) {
    static Agiddisc_t ids = { idOpen, idMap, idAlloc, idFree, idPrint, idClose, idRegister };
    static Agiodisc_t io;
    static Agdisc_t disc;
    io.afread = dotRead;
    io.putstr = AgIoDisc.putstr;
    io.flush = AgIoDisc.flush;
    disc.mem = &AgMemDisc;
    disc.id = &ids;
    disc.io = &io;
    return &disc;
}

Agraph_t *restoretrace_read_dot(const char *text, size_t length) {
    DOTReader reader = { text, length, 0 };
    return agread(&reader, deterministicDiscipline());
}

Agraph_t *restoretrace_open_graph(const char *name) {
    // As the parser's startgraph: directed, not strict, a main graph.
    Agdesc_t description = Agdirected;
    return agopen((char *)name, description, deterministicDiscipline());
}

/// libcgraph exports this flush of the lexer's pending input but does not declare it.
extern void aglexbad(void);

void restoretrace_reset_dot_lexer(void) {
    aglexbad();
    agsetfile(NULL);
}

// ---------------------------------------------------------------------------------------------
// Layout accessors (cgraph's data records are reached through macros Swift cannot use)
// ---------------------------------------------------------------------------------------------

double restoretrace_layout_width(Agraph_t *graph) { return GD_bb(graph).UR.x - GD_bb(graph).LL.x; }
double restoretrace_layout_height(Agraph_t *graph) { return GD_bb(graph).UR.y - GD_bb(graph).LL.y; }
double restoretrace_layout_dpi(Agraph_t *graph) { return GD_drawing(graph) ? GD_drawing(graph)->dpi : 0; }
void restoretrace_set_layout_dpi(Agraph_t *graph, double dpi) {
    if (GD_drawing(graph)) GD_drawing(graph)->dpi = dpi;
}
