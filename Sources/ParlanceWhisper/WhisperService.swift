import CProcessSpawn
import Foundation
import ParlanceSpeech

/// The home's Whisper speech-to-text service (`wyoming-faster-whisper`): started when first needed, at most
/// once per home however many commands need it at once, kept running (warm) for the commands after, and
/// stopped by `parlance speech stop`. It listens on loopback only. A service set up as already running
/// elsewhere (`speech setup --service`) is used as it is.
public struct WhisperService: Sendable {
    /// What a home's Whisper is doing.
    public enum State: Sendable, Equatable {
        /// `parlance speech setup` was never run.
        case notSetUp
        /// Set up, not running.
        case stopped(WhisperSettings)
        /// Running, started by this home.
        case running(WhisperSettings, WhisperServiceRecord)
        /// A service running elsewhere is used.
        case external(WhisperSettings, String)
    }

    public let folder: WhisperFolder
    /// How long the service may take to load its model and answer.
    public var startTimeout: Duration

    public init(home: URL, startTimeout: Duration = .seconds(180)) {
        folder = WhisperFolder(home: home)
        self.startTimeout = startTimeout
    }

    /// The settings, when setup has been run.
    public func settings() throws(SpeechError) -> WhisperSettings? {
        try WhisperSettings.read(in: folder)
    }

    /// What the service is doing now.
    public func state() async throws(SpeechError) -> State {
        let folder = self.folder
        return try await BlockingWork.run { () throws(SpeechError) -> State in
            try Self.locked(folder) { () throws(SpeechError) -> State in
                guard let settings = try WhisperSettings.read(in: folder) else { return .notSetUp }
                if let service = settings.service { return .external(settings, service) }
                guard let record = Self.runningRecord(folder) else { return .stopped(settings) }
                return .running(settings, record)
            }
        }
    }

    /// The address of a service primed with `prompt`, started (or restarted with the new prompt or model)
    /// when it is not running so.
    public func address(prompt: WhisperPrompt) async throws(SpeechError) -> String {
        let folder = self.folder, timeout = startTimeout
        return try await BlockingWork.run { () throws(SpeechError) -> String in
            try Self.locked(folder) { () throws(SpeechError) -> String in
                guard let settings = try WhisperSettings.read(in: folder) else {
                    throw SpeechError(.engineMissing, "Whisper is not set up for this home; run `parlance speech setup`")
                }
                if let service = settings.service { return service }
                let running = Self.runningRecord(folder)
                if let running, running.model == settings.model.description, running.environment == settings.environment,
                   running.prompt == prompt.digest {
                    return running.address
                }
                if let running { Self.terminate(running.pid) }
                return try Self.start(settings, prompt: prompt, folder: folder, preferredPort: running?.port,
                                      timeout: timeout).address
            }
        }
    }

    /// Stops the service this home started; false when none was running.
    @discardableResult
    public func stop() async throws(SpeechError) -> Bool {
        let folder = self.folder
        return try await BlockingWork.run { () throws(SpeechError) -> Bool in
            try Self.locked(folder) { () throws(SpeechError) -> Bool in
                let running = Self.runningRecord(folder)
                if let running { Self.terminate(running.pid) }
                try? FileManager.default.removeItem(at: folder.record)
                return running != nil
            }
        }
    }

    // MARK: - The process

    private static func start(_ settings: WhisperSettings, prompt: WhisperPrompt, folder: WhisperFolder, preferredPort: Int?,
                              timeout: Duration) throws(SpeechError) -> WhisperServiceRecord {
        let program = settings.environment + "/bin/wyoming-faster-whisper"
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw SpeechError(.engineMissing, "the Whisper service is not installed in \(settings.environment); "
                              + "run `parlance speech setup` again")
        }
        let model: String
        switch settings.model {
        case .base:
            model = WhisperInstaller.baseModelFolder(environment: URL(fileURLWithPath: settings.environment)).path
            guard FileManager.default.fileExists(atPath: model + "/model.bin") else {
                throw SpeechError(.engineMissing, "the Whisper base model is missing from \(model); run `parlance speech setup` again")
            }
        case .folder(let path): model = path
        case .tiny, .small: model = settings.model.description
        }
        guard let port = preferredPort.flatMap({ isFree($0) ? $0 : nil }) ?? freePort() else {
            throw SpeechError(.engineFailed, "no free port on loopback for the Whisper service")
        }
        var arguments = ["--uri", "tcp://127.0.0.1:\(port)", "--model", model, "--data-dir", folder.downloads.path,
                         "--download-dir", folder.downloads.path,
                         "--cpu-threads", String(max(1, ProcessInfo.processInfo.activeProcessorCount)),
                         "--compute-type", settings.chosenComputeType]
        if let text = prompt.text { arguments += ["--initial-prompt", text] }
        if !settings.model.isFetched { arguments.append("--local-files-only") }
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONUNBUFFERED"] = "1"
        if !settings.model.isFetched { environment["HF_HUB_OFFLINE"] = "1" }
        do {
            try FileManager.default.createDirectory(at: folder.downloads, withIntermediateDirectories: true)
        } catch {
            throw SpeechError(.engineFailed, "cannot make \(folder.downloads.path): \(error.localizedDescription)")
        }
        let log = open(folder.log.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            if log >= 0 { close(log) }
            if nothing >= 0 { close(nothing) }
        }
        guard log >= 0, nothing >= 0 else { throw SpeechError(.engineFailed, "cannot write \(folder.log.path)") }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let status = parlance_spawn_detached(program, argv, envp, nil, nothing, log, log, &pid)
        guard status == 0 else {
            throw SpeechError(.engineFailed, "could not start the Whisper service: \(String(cString: strerror(status)))")
        }
        let record = WhisperServiceRecord(pid: pid, port: port, model: settings.model.description,
                                          environment: settings.environment, prompt: prompt.digest, started: Date())
        let deadline = ContinuousClock.now + timeout
        while !answers(port) {
            // Its own child, so waitpid tells an ended start at once (while exec is under way its command line
            // may still read empty, so `isService` would not).
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == 0 else {
                throw SpeechError(.engineFailed, "the Whisper service stopped while starting: \(lastLine(of: folder.log))")
            }
            guard ContinuousClock.now < deadline else {
                terminate(pid)
                throw SpeechError(.engineFailed, "the Whisper service did not answer within \(timeout) (\(folder.log.path))")
            }
            usleep(100_000)
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            try encoder.encode(record).write(to: folder.record, options: .atomic)
        } catch {
            terminate(pid)
            throw SpeechError(.engineFailed, "cannot write \(folder.record.path): \(error.localizedDescription)")
        }
        return record
    }

    /// The recorded service when its process still runs.
    private static func runningRecord(_ folder: WhisperFolder) -> WhisperServiceRecord? {
        guard let data = FileManager.default.contents(atPath: folder.record.path) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let record = try? decoder.decode(WhisperServiceRecord.self, from: data), isService(record.pid) else { return nil }
        return record
    }

    /// Whether `pid` is a live Whisper service (not a process that took its number after it ended).
    static func isService(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        _ = waitpid(pid, &status, WNOHANG)  // reaps it when this process started it and it ended
        guard pid > 0, kill(pid, 0) == 0,
              let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        return String(decoding: line, as: UTF8.self).contains("wyoming-faster-whisper")
    }

    /// SIGTERM, then SIGKILL after 10 s.
    static func terminate(_ pid: pid_t) {
        guard isService(pid) else { return }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        while isService(pid), ContinuousClock.now < deadline { usleep(50_000) }
        if isService(pid) {
            kill(pid, SIGKILL)
            while isService(pid) { usleep(20_000) }
        }
    }

    /// Holds the home's service lock (an flock, released if the holder dies) around `work`.
    private static func locked<Value>(_ folder: WhisperFolder, _ work: () throws(SpeechError) -> Value) throws(SpeechError) -> Value {
        do {
            try FileManager.default.createDirectory(at: folder.root, withIntermediateDirectories: true)
        } catch {
            throw SpeechError(.engineFailed, "cannot make \(folder.root.path): \(error.localizedDescription)")
        }
        let descriptor = open(folder.lock.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SpeechError(.engineFailed, "cannot open \(folder.lock.path)") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw SpeechError(.engineFailed, "cannot lock \(folder.lock.path)") }
        }
        return try work()
    }

    // MARK: - Loopback ports

    private static func answers(_ port: Int) -> Bool {
        withSocket { socket, address in
            var target = address(port)
            return withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            } == 0
        } ?? false
    }

    private static func isFree(_ port: Int) -> Bool { bound(port) != nil }

    private static func freePort() -> Int? { bound(0) }

    /// Binds 127.0.0.1:`port` and gives back the port bound, or nil.
    private static func bound(_ port: Int) -> Int? {
        withSocket { socket, address -> Int? in
            var one: Int32 = 1
            setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            var target = address(port)
            let done = withUnsafePointer(to: &target) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard done == 0 else { return nil }
            var bound = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &bound) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
            }
            return named == 0 ? Int(UInt16(bigEndian: bound.sin_port)) : nil
        } ?? nil
    }

    private static func withSocket<Value>(_ body: (Int32, (Int) -> sockaddr_in) -> Value) -> Value? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return body(descriptor) { port in
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            return address
        }
    }

    private static func lastLine(of log: URL) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        return String(lines.last { $0.contains("Error") || $0.contains("ERROR") } ?? lines.last ?? "no output")
    }
}
