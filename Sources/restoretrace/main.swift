// The `restoretrace` executable: everything lives in RestoreTraceCLI. RenderEarlyStart has
// already begun warming libgvc up if this is a render (it runs before `main`).
import RenderEarlyStart
import RestoreTraceCLI

_ = restoretrace_early_start_is_linked()
RestoreTraceCommand.runAsMain()
