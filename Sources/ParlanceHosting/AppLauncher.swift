import Foundation
import ParlanceCore

/// Why an app could not be opened to continue a request.
public struct AppLaunchError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Opens an app to continue a request (a hand-off): runs the launch command its bundle declares
/// (`ParlanceLaunchCommand`) with the user activity as JSON in `PARLANCE_USER_ACTIVITY`.
public struct AppLauncher: Sendable {
    /// How long the launch command may take before the assistant stops waiting for it.
    public var timeout: Duration

    public init(timeout: Duration = .seconds(10)) {
        self.timeout = timeout
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
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_USER_ACTIVITY"] = String(decoding: userActivity, as: UTF8.self)
        environment["PARLANCE_APP_IDENTIFIER"] = app.identifier
        if let home { environment["PARLANCE_HOME"] = home }
        let launched: LaunchedProgram
        do throws(AppLaunchError) {
            launched = try LaunchedProgram.start(executable, arguments: Array(command.dropFirst()), environment: environment,
                                                 directory: app.path, output: .discarded)
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
}
