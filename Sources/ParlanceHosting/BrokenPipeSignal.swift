#if canImport(Glibc)
import Glibc
#endif

/// Writing to an extension that has just died must be an error (EPIPE) for that request, never the
/// signal that ends the whole assistant. A handler that does nothing makes such writes fail; the programs
/// the assistant launches do not inherit it (the child resets every signal to its default before exec,
/// `parlance_spawn`), so they get SIGPIPE's default even after SwiftNIO has ignored it process-wide.
enum BrokenPipeSignal {
    /// Installs the handler once, before the first extension starts.
    static func makeWritesFail() {
        _ = installed
    }

    private static let installed: Bool = {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = SA_RESTART
        return sigaction(SIGPIPE, &action, nil) == 0
    }()
}
