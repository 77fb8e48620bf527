import ArgumentParser
import Foundation
import ParlanceHosting

/// How the commands that run extensions confine them (docs/security.md).
struct SandboxOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Run app extensions without a sandbox, with all your rights, when bubblewrap (bwrap) is not installed.",
        discussion: "Without it, a missing bubblewrap is an error: install it with `apt-get install bubblewrap`."))
    var unsandboxed = false

    /// The sandbox to use: bubblewrap when installed; no confinement only when asked for; otherwise a
    /// failure that says what to do.
    func sandbox() throws(CommandFailure) -> ExtensionSandbox {
        let programs = [ProcessInfo.processInfo.environment["PARLANCE_EXAMPLES_BIN"] ?? SampleApps.binaryFolder.path]
        if let bubblewrap = ExtensionSandbox.bubblewrap(programFolders: programs) {
            for note in bubblewrap.notes() { Terminal.error("note: \(note)") }
            return bubblewrap
        }
        guard unsandboxed else {
            throw CommandFailure("bubblewrap (bwrap) is not installed, so app extensions cannot be sandboxed: they "
                                 + "would run with all your rights and could read every app's data. Install it "
                                 + "(apt-get install bubblewrap), or pass --unsandboxed to run them anyway.")
        }
        Terminal.error("warning: bubblewrap (bwrap) is not installed; app extensions run WITHOUT a sandbox, with all "
                       + "your rights (--unsandboxed)")
        return .none
    }
}
