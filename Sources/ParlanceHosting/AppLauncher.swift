import Foundation
import ParlanceCore

/// Why an app could not be opened to continue a request.
public struct AppLaunchError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Opens an app to continue a request (a hand-off): runs the launch command its bundle declares
/// (`ParlanceLaunchCommand`) with the user activity as JSON in `PARLANCE_USER_ACTIVITY`, in the same
/// sandbox as extensions (docs/security.md): it sees its own bundle read-only, its data folder
/// read-write (as `HOME`), the display's sockets, the system's folders read-only, and gets the
/// extensions' environment allow-list plus the display's variables; never the assistant's home or
/// environment, nor the user's files.
public struct AppLauncher: Sendable {
    /// How long the launch command may take before the assistant stops waiting for it.
    public var timeout: Duration
    /// The sandbox; nil finds bubblewrap when an app is opened (an app is never opened unconfined
    /// unless this is `.none`).
    public var sandbox: ExtensionSandbox?

    /// A launcher; without a sandbox it uses bubblewrap, and refuses to open apps where there is none.
    public init(timeout: Duration = .seconds(10), sandbox: ExtensionSandbox? = nil) {
        self.timeout = timeout
        self.sandbox = sandbox
    }

    /// Runs the app's launch command and waits for it to exit.
    public func open(_ app: AppBundle, userActivity: Data, home: String? = nil) async -> Result<Void, AppLaunchError> {
        guard let command = app.launchCommand, let program = command.first else {
            return .failure(AppLaunchError("\(app.displayName) declares no launch command (ParlanceLaunchCommand)"))
        }
        let executable = program.hasPrefix("/") ? program
            : URL(fileURLWithPath: app.path).appendingPathComponent(program).standardizedFileURL.path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            return .failure(AppLaunchError("\(executable) is not an executable program"))
        }
        let inherited = ProcessInfo.processInfo.environment
        guard let sandbox = sandbox ?? ExtensionSandbox.bubblewrap(
            programFolders: inherited["PARLANCE_EXAMPLES_BIN"].map { [$0] } ?? [], environment: inherited) else {
            return .failure(AppLaunchError("bubblewrap (bwrap) is not installed, so \(app.displayName) cannot be opened in "
                                           + "a sandbox; install it (apt-get install bubblewrap) or open the app yourself"))
        }
        let launched: LaunchedProgram
        do throws(AppLaunchError) {
            let data = try home.map { home throws(AppLaunchError) in try Self.dataFolder(of: app, home: home) }
            let program = Self.program(executable, arguments: Array(command.dropFirst()), app: app, dataFolder: data,
                                       home: home, userActivity: userActivity, inherited: inherited)
            launched = try LaunchedProgram.start(sandbox.command(for: program), output: .discarded)
        } catch {
            return .failure(error)
        }
        // Reaped by a thread of its own whenever it ends, so an app left open is never a zombie.
        let exited = AsyncStream<LaunchedProgram.Ending>.makeStream()
        let waiter = Thread {
            exited.continuation.yield(launched.waitForExit())
            exited.continuation.finish()
        }
        waiter.name = "parlance-app-\(app.identifier)"
        waiter.start()
        let limit = timeout
        let ending = await withTaskGroup(of: LaunchedProgram.Ending?.self) { group in
            group.addTask { await exited.stream.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch ending {
        case nil, .exited(status: 0): return .success(())  // still running (the app is open) or done
        case .exited(let status): return .failure(AppLaunchError("\(app.displayName) exited with status \(status)"))
        case .signaled(let signal): return .failure(AppLaunchError("\(app.displayName) was ended by signal \(signal)"))
        }
    }

    /// What the app's program runs as: its bundle, its data folder, the display, the allow-listed environment.
    static func program(_ executable: String, arguments: [String], app: AppBundle, dataFolder: String?, home: String?,
                        userActivity: Data, inherited: [String: String]) -> SandboxedProgram {
        let display = DisplayAccess(inherited: inherited)
        var environment = ExtensionEnvironment.allowed(appIdentifier: app.identifier, dataFolder: dataFolder,
                                                       inherited: inherited)
        environment.merge(display.environment) { _, shown in shown }
        environment["PARLANCE_USER_ACTIVITY"] = String(decoding: userActivity, as: UTF8.self)
        // In the sandbox this home holds nothing but the app's own data folder.
        if let home { environment["PARLANCE_HOME"] = home }
        return SandboxedProgram(executable: executable, arguments: arguments, environment: environment,
                                workingDirectory: app.path, bundleFolder: app.path, dataFolder: dataFolder,
                                wantsNetwork: app.wantsNetwork, sharedSockets: display.sockets, sharedFiles: display.files)
    }

    /// `<home>/app-data/<app>`, made (0700) when missing.
    static func dataFolder(of app: AppBundle, home: String) throws(AppLaunchError) -> String {
        let folder = URL(fileURLWithPath: home).appendingPathComponent("app-data").appendingPathComponent(app.identifier).path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw AppLaunchError("could not make \(app.displayName)'s data folder \(folder): \(error.localizedDescription)")
        }
        return folder
    }
}
