// C support for the Graphviz module (see include/CGraphvizSupport.h): the libgvc lock and
// context, the warm-up threads, the guess of a render's format from raw arguments, and
// deterministic DOT reading.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // sched_getcpu, pthread_attr_setaffinity_np
#endif
#include "CGraphvizSupport.h"
#include "ThreadPlacement.h"

#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
// Warm-up
// ---------------------------------------------------------------------------------------------

/// The formats a warm-up may be started for; each is started at most once per process.
static const char *const warmableFormats[] = { "svg", "png:cairo", "pdf:cairo" };
enum { warmableFormatCount = sizeof warmableFormats / sizeof warmableFormats[0] };

static pthread_mutex_t warmUpLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t warmUpEnded = PTHREAD_COND_INITIALIZER;
static int warmUpStarted[warmableFormatCount];
static int warmUpsRunning;
/// Warm-ups that have not yet made their context: each may still take an offered job.
static int warmUpsBeforeContext;
/// The job offered to the next warm-up to make its context (see restoretrace_offer_warm_up_job).
static restoretrace_warm_up_job offeredJob;
static void *offeredJobContext;
/// Set when a render has its graph built and waits for the warm-up: its own layout will load the
/// fonts, so the warm-up's two-node layout would only delay it.
static int renderWaiting;
/// Threads in restoretrace_wait_for_warm_ups. Guarded by warmUpLock.
static int warmUpWaiters;

/// Both faces the diagrams use, at the sizes of their nodes and cluster titles, so that their
/// fonts are found and loaded here too.
static const char warmUpSource[] =
    "digraph warmUp { node [fontname=\"DejaVu Sans\", fontsize=11]; a [label=\"warm up\"]; "
    "b [label=\"warm up\", fontname=\"DejaVu Sans Bold\", fontsize=12]; }";

/// Every font and size the diagrams draw label text in (DiagramCanvas: nodes 11, the title 16,
/// legend notes 10, edges 9, cluster titles 12 in bold). Once the warm-up is over, a line in
/// each becomes a reference the pre-measuring thread's own pango is checked against before it
/// measures in that font and size (restoretrace_premeasure_prepare). A test checks the list
/// against the diagrams' graphs.
static const struct {
    const char *name;
    double size;
} diagramFonts[] = {
    { "DejaVu Sans", 11 }, { "DejaVu Sans Bold", 12 }, { "DejaVu Sans", 16 }, { "DejaVu Sans", 10 }, { "DejaVu Sans", 9 },
};
enum { diagramFontCount = sizeof diagramFonts / sizeof diagramFonts[0] };

int restoretrace_diagram_font(size_t index, const char **name, double *size) {
    if (index >= diagramFontCount) return 0;
    *name = diagramFonts[index].name;
    *size = diagramFonts[index].size;
    return 1;
}

// Fontconfig, initialised by whichever thread is free first.
//
// The first text measured makes pango start fontconfig (FcInit: its configuration files and
// font caches, about 4 ms of CPU) on a thread of its own, and the layout waits for it; that
// comes only after libgvc has loaded its plugins (about 4 ms more). Instead, the warm-up loads
// the library first, then creates the context, and FcInit runs on the first thread with nothing
// else to do: the main thread, when it has read its input and built its graph before the
// context is ready (a small input), else the warm-up thread once the context is ready (a big
// input, still being read). A third thread for it would only take CPU from the other two on a
// two-core machine, and slow whichever of them the render is waiting for. The warm-up's layout
// comes after FcInit has ended, so pango never starts a second, duplicate one: the work is the
// same, only sooner. Where libfontconfig.so.1 cannot be loaded (another platform) nothing runs;
// where it can, it runs whether or not libgvc's text layout will use it (Debian's and most
// Linux Graphviz builds measure text with pango, which does).

static pthread_mutex_t fontconfigLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t fontconfigEnded = PTHREAD_COND_INITIALIZER;
static int (*fontconfigInitialise)(void);  // FcInit, once loaded
static int fontconfigState;  // 0: not loaded, 1: loaded, 2: running, 3: ended (or never to run)

/// Loads fontconfig, once per process, on the warm-up thread before libgvc loads its plugins:
/// pango, which links against it, then finds it loaded. It is never closed: pango uses what
/// FcInit makes.
static void loadFontconfig(void) {
    pthread_mutex_lock(&fontconfigLock);
    int loaded = fontconfigState != 0;
    pthread_mutex_unlock(&fontconfigLock);
    if (loaded) return;
    void *library = dlopen("libfontconfig.so.1", RTLD_NOW | RTLD_LOCAL);
    void *initialise = library ? dlsym(library, "FcInit") : NULL;
    pthread_mutex_lock(&fontconfigLock);
    if (fontconfigState == 0) {
        fontconfigInitialise = (int (*)(void))initialise;
        fontconfigState = initialise ? 1 : 3;
    }
    pthread_mutex_unlock(&fontconfigLock);
}

/// Runs FcInit on this thread when it is loaded and nobody has started it; waits while another
/// thread runs it. Returns at once when it is not loaded yet: the warm-up will run it.
static void initialiseFontconfig(void) {
    pthread_mutex_lock(&fontconfigLock);
    if (fontconfigState == 1) {
        fontconfigState = 2;
        pthread_mutex_unlock(&fontconfigLock);
        fontconfigInitialise();
        pthread_mutex_lock(&fontconfigLock);
        fontconfigState = 3;
        pthread_cond_broadcast(&fontconfigEnded);
    }
    while (fontconfigState == 2) pthread_cond_wait(&fontconfigEnded, &fontconfigLock);
    pthread_mutex_unlock(&fontconfigLock);
}

/// Swallows libgvc's messages while warming up: nothing the user asked for is being drawn.
static int swallowMessage(char *message) {
    (void)message;
    return 0;
}

/// Counts a warm-up past the point where it takes offered jobs, and hands over the job offered
/// to it, if any (NULL when none).
static restoretrace_warm_up_job takeOfferedJob(void **context) {
    pthread_mutex_lock(&warmUpLock);
    warmUpsBeforeContext -= 1;
    restoretrace_warm_up_job job = offeredJob;
    *context = offeredJobContext;
    offeredJob = NULL;
    offeredJobContext = NULL;
    pthread_mutex_unlock(&warmUpLock);
    return job;
}

static void *warmUpMain(void *argument) {
    // Started away from the creating thread's CPU (see restoretrace_warm_up); from here on it may
    // run anywhere the main thread may, and so may the threads libgvc's plugins start.
    restoretrace_run_anywhere();
    const char *format = argument;
    loadFontconfig();
    restoretrace_libgvc_lock();
    GVC_t *context = restoretrace_libgvc_context();
    agusererrf previous = agseterrf(swallowMessage);
    // A render whose graph was ready before the context: its graph is built here, while the
    // thread that offered it runs FcInit. Its layout then loads the fonts, so the two-node
    // layout below would only keep it waiting.
    void *jobContext = NULL;
    restoretrace_warm_up_job job = takeOfferedJob(&jobContext);
    if (job) job(jobContext);
    restoretrace_reset_dot_lexer();
    Agraph_t *graph = context && !job ? restoretrace_read_dot(warmUpSource, sizeof warmUpSource - 1) : NULL;
    // FcInit needs no libgvc: while it runs, a render whose graph is ready can build it. Whoever
    // holds the lock meanwhile has its own message handler in place, not this one.
    agseterrf(previous);
    restoretrace_libgvc_unlock();
    // With a job, the thread that offered it is probably running FcInit: this waits for it, so
    // that pango never starts a second one; else this runs it, as without a job.
    initialiseFontconfig();
    restoretrace_libgvc_lock();
    previous = agseterrf(swallowMessage);
    pthread_mutex_lock(&warmUpLock);
    int skipLayout = renderWaiting;
    pthread_mutex_unlock(&warmUpLock);
    if (graph && skipLayout) {
        agclose(graph);
        graph = NULL;
    }
    if (graph) {
        restoretrace_text_lock();
        // A cairo warm-up after an SVG render must not be answered from the memo.
        restoretrace_set_text_size_memo_format(format);
        if (gvLayout(context, graph, "dot") == 0) {
            char *data = NULL;
            unsigned int length = 0;
            if (gvRenderData(context, graph, format, &data, &length) == 0 && data) gvFreeRenderData(data);
            gvFreeLayout(context, graph);
        }
        agclose(graph);
        restoretrace_text_unlock();
    }
    agseterrf(previous);
    agreseterrors();
    restoretrace_libgvc_unlock();

    pthread_mutex_lock(&warmUpLock);
    warmUpsRunning -= 1;
    int awaited = warmUpWaiters > 0;
    pthread_cond_broadcast(&warmUpEnded);
    pthread_mutex_unlock(&warmUpLock);
    // Ready the pre-measuring thread's own pango now, on this thread, rather than at the first
    // render that needs it: a reference line in each of the diagrams' fonts and sizes, and the
    // check against them. Not when a render waits for the warm-up, which would then share the
    // cores with it, nor for a format whose layouts never ask the memo (PNG and PDF).
    if (!awaited && restoretrace_text_size_memo_serves(format)) {
        const char *names[diagramFontCount];
        double sizes[diagramFontCount];
        for (size_t index = 0; index < diagramFontCount; index++) {
            names[index] = diagramFonts[index].name;
            sizes[index] = diagramFonts[index].size;
        }
        restoretrace_premeasure_prepare(names, sizes, diagramFontCount);
    }
    return NULL;
}

/// Starts the warm-up for `format` on a new thread with the attributes given, counted as a
/// running warm-up; nothing is counted when no thread could be started.
static void startWarmUpThread(const char *format, pthread_attr_t *attributes) {
    pthread_mutex_lock(&warmUpLock);
    warmUpsRunning += 1;
    warmUpsBeforeContext += 1;
    pthread_mutex_unlock(&warmUpLock);
    pthread_t thread;
    if (pthread_create(&thread, attributes, warmUpMain, (void *)format) == 0) return;
    // No thread: a job offered meanwhile (it was counted as taken) runs here instead, before the
    // warm-up stops counting as running, so a waiter still finds it done.
    void *jobContext = NULL;
    restoretrace_warm_up_job job = takeOfferedJob(&jobContext);
    if (job) {
        restoretrace_libgvc_lock();
        job(jobContext);
        restoretrace_libgvc_unlock();
    }
    pthread_mutex_lock(&warmUpLock);
    warmUpsRunning -= 1;
    pthread_cond_broadcast(&warmUpEnded);
    pthread_mutex_unlock(&warmUpLock);
}

void restoretrace_warm_up(const char *format) {
    if (!format) return;
    int index = -1;
    for (int i = 0; i < warmableFormatCount; i++) {
        if (strcmp(format, warmableFormats[i]) == 0) index = i;
    }
    if (index < 0) return;
    pthread_mutex_lock(&warmUpLock);
    if (warmUpStarted[index]) {
        pthread_mutex_unlock(&warmUpLock);
        return;
    }
    warmUpStarted[index] = 1;
    pthread_mutex_unlock(&warmUpLock);

    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // libgvc's layout recurses: give it what a main thread gets.
    pthread_attr_setstacksize(&attributes, 8 << 20);
    restoretrace_start_on_another_cpu(&attributes);
    // Without a thread, the first render pays for the warm-up itself.
    startWarmUpThread(warmableFormats[index], &attributes);
    pthread_attr_destroy(&attributes);
}

int restoretrace_offer_warm_up_job(restoretrace_warm_up_job job, void *context) {
    if (!job) return 0;
    pthread_mutex_lock(&warmUpLock);
    int taken = warmUpsBeforeContext > 0 && offeredJob == NULL;
    if (taken) {
        offeredJob = job;
        offeredJobContext = context;
    }
    pthread_mutex_unlock(&warmUpLock);
    return taken;
}

void restoretrace_note_render_waiting(void) {
    pthread_mutex_lock(&warmUpLock);
    renderWaiting = 1;
    pthread_mutex_unlock(&warmUpLock);
}

int restoretrace_warm_ups_running(void) {
    pthread_mutex_lock(&warmUpLock);
    int running = warmUpsRunning > 0;
    pthread_mutex_unlock(&warmUpLock);
    return running;
}

void restoretrace_wait_for_warm_ups(void) {
    // A thread that would wait for a warm-up first takes on its fontconfig work, if nobody has.
    if (restoretrace_warm_ups_running()) initialiseFontconfig();
    pthread_mutex_lock(&warmUpLock);
    if (warmUpsRunning > 0) {
        warmUpWaiters += 1;
        while (warmUpsRunning > 0) pthread_cond_wait(&warmUpEnded, &warmUpLock);
        warmUpWaiters -= 1;
    }
    pthread_mutex_unlock(&warmUpLock);
}

// ---------------------------------------------------------------------------------------------
// The format a render's raw arguments ask for
// ---------------------------------------------------------------------------------------------

/// The libgvc name of the format called `name` ("" for DOT), NULL for an unknown name: as
/// `--format` takes it (exactly) or, with `isExtension`, as an output's extension selects it
/// (any case, and `gv` too).
static const char *libgvcNameOfFormat(const char *name, size_t length, int isExtension) {
    static const struct { const char *name; const char *libgvc; int extensionOnly; } formats[] = {
        { "svg", "svg", 0 }, { "png", "png:cairo", 0 }, { "pdf", "pdf:cairo", 0 }, { "dot", "", 0 }, { "gv", "", 1 },
    };
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        if ((formats[i].extensionOnly && !isExtension) || strlen(formats[i].name) != length) continue;
        int same = isExtension ? strncasecmp(name, formats[i].name, length) == 0 : strncmp(name, formats[i].name, length) == 0;
        if (same) return formats[i].libgvc;
    }
    return NULL;
}

/// The format an output path's extension selects, as `OutputFormat(fileExtension:)` decides.
static const char *libgvcNameOfOutput(const char *path) {
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    const char *dot = strrchr(name, '.');
    if (!dot || dot == name || dot[1] == '\0') return NULL;
    return libgvcNameOfFormat(dot + 1, strlen(dot + 1), 1);
}

const char *restoretrace_render_warm_up_format(int count, const char *const *arguments) {
    if (count < 1 || !arguments || !arguments[0] || strcmp(arguments[0], "render") != 0) return NULL;
    const char *explicit = NULL;
    const char *output = NULL;
    for (int i = 1; i < count && arguments[i]; i++) {
        const char *argument = arguments[i];
        const char *next = i + 1 < count ? arguments[i + 1] : NULL;
        if (strcmp(argument, "-h") == 0 || strcmp(argument, "--help") == 0 || strcmp(argument, "help") == 0) {
            return NULL;
        }
        if (strcmp(argument, "--") == 0) break;  // only inputs follow
        if (strcmp(argument, "--format") == 0) {
            explicit = next;
        } else if (strcmp(argument, "-o") == 0 || strcmp(argument, "--output") == 0) {
            output = next;
        } else if (strncmp(argument, "--format=", 9) == 0) {
            explicit = argument + 9;
        } else if (strncmp(argument, "--output=", 9) == 0) {
            output = argument + 9;
        }
    }
    const char *format = explicit ? libgvcNameOfFormat(explicit, strlen(explicit), 0) : NULL;
    if (!format && output) format = libgvcNameOfOutput(output);
    if (!format) format = "svg";
    return format[0] ? format : NULL;
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
