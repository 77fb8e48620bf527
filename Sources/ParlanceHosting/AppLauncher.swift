import Foundation
import ParlanceCore

/// Why an app could not be opened to continue a request.
public struct AppLaunchError: Error, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
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
        BrokenPipeSignal.makeWritesFail()  // so that the app does not start with SIGPIPE ignored
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = URL(fileURLWithPath: app.path)
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_USER_ACTIVITY"] = String(decoding: userActivity, as: UTF8.self)
        environment["PARLANCE_APP_IDENTIFIER"] = app.identifier
        if let home { environment["PARLANCE_HOME"] = home }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished in
            exited.continuation.yield(finished.terminationStatus)
            exited.continuation.finish()
        }
        do {
            try process.run()
        } catch {
            return .failure(AppLaunchError("\(executable) could not be started: \(error.localizedDescription)"))
        }
        let limit = timeout
        let status = await withTaskGroup(of: Int32?.self) { group in
            group.addTask { await exited.stream.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let status else { return .success(()) }  // still running: the app is open
        return status == 0 ? .success(()) : .failure(AppLaunchError("\(app.displayName) exited with status \(status)"))
    }
}
