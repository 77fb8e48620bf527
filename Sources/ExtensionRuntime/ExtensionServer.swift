import ExtensionWire
import Foundation
import Intents
import IntentsUI

/// Serves the wire protocol for one `INExtension`: reads request lines, calls the app's handlers,
/// writes reply lines. Requests are handled one at a time, in arrival order, so handler code need
/// not be thread-safe; a running `handle` reports `$/progress` meanwhile.
///
/// The process entry point (`ExtensionMain`) and the in-process transport both run this same loop.
public struct ExtensionServer: Sendable {
    private let provider: UncheckedSendable<any INIntentHandlerProviding>
    private let viewController: UncheckedSendable<(any INUIHostedViewControlling)?>
    private let output: ReplyWriter

    /// A server for this extension, writing each outgoing line (newline included) to `output`.
    /// With `viewController` it also answers `ui/configure` (an Intents UI extension).
    public init(extension provider: any INIntentHandlerProviding, viewController: (any INUIHostedViewControlling)? = nil,
                output: @escaping @Sendable (Data) -> Void) {
        self.provider = UncheckedSendable(provider)
        self.viewController = UncheckedSendable(viewController)
        self.output = ReplyWriter(write: output)
    }

    /// Handles lines until the stream ends or a `shutdown` request arrives.
    public func serve(lines: some AsyncSequence<Data, Never>) async {
        let session = ServerSession(provider: provider.value, viewController: viewController.value, output: output)
        for await line in lines {
            if await session.process(line) == .stop { break }
        }
        session.stopAllUpdates()
    }
}

/// Wraps a value that is confined to one task by construction; used for the app's extension object.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
