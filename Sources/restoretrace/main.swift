// The `restoretrace` executable: everything lives in RestoreTraceCLI.
import RestoreTraceCLI

RestoreTraceCommand.runAsMain()
