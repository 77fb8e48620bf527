import ExtensionWire
import Foundation
import Intents
import IntentsUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry point of an Intents extension executable. Its `main.swift` is one line:
///
/// ```swift
/// await ExtensionMain.run(IntentHandler())
/// ```
///
/// It serves the wire protocol (docs/protocol.md) on stdin/stdout until the assistant sends
/// `shutdown` or closes stdin, then exits. Anything the extension prints goes to stderr, which the
/// assistant keeps in its log, so a stray `print` cannot corrupt the protocol.
public enum ExtensionMain {
    /// Serves the extension until the assistant is done with it, then exits the process.
    public static func run(_ provider: any INIntentHandlerProviding) async -> Never {
        await serve(provider, viewController: nil)
    }

    /// Serves an Intents UI extension: its view controller answers `ui/configure`.
    public static func run(viewController: any INUIHostedViewControlling) async -> Never {
        await serve(NoHandlers(), viewController: viewController)
    }

    private static func serve(_ provider: any INIntentHandlerProviding,
                              viewController: (any INUIHostedViewControlling)?) async -> Never {
        setenv("PARLANCE_EXTENSION_PROCESS", "1", 1)
        signal(SIGPIPE, SIG_IGN)
        let protocolOutput = ProtocolOutput.claimStandardOutput()
        let server = ExtensionServer(extension: provider, viewController: viewController,
                                     output: { protocolOutput.write($0) })
        await server.serve(lines: StandardInputLines())
        exit(0)
    }
}

/// The intent handlers of a UI extension: none.
private final class NoHandlers: INExtension, @unchecked Sendable {
    override func handler(for intent: INIntent) -> Any? { nil }
}
