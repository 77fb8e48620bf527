#if canImport(Glibc)
import Glibc
#endif

/// Writing to an extension that has just died must be an error (EPIPE) for that request, never the
/// signal that ends the whole assistant; and programs the assistant launches must get SIGPIPE's default.
/// A handler that does nothing does both: exec resets a caught signal to the default, while an ignored
/// one (SIG_IGN) stays ignored in the launched program. Installed before every launch, not once: SwiftNIO
/// sets SIG_IGN process-wide when the process opens its first socket (`parlance serve`, Wyoming), which
/// may come after an earlier launch.
enum BrokenPipeSignal {
    static func makeWritesFail() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = SA_RESTART
        sigaction(SIGPIPE, &action, nil)
    }
}
