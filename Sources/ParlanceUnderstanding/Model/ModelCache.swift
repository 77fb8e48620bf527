import Foundation
import ParlanceCore
#if canImport(Glibc)
import Glibc
#endif

/// Trained models kept on disk (in the home's `models` folder), so a process answers its first request
/// without training: one file per language and set of inputs, named by a digest of everything training
/// reads (the language's phrasebook files and out-of-scope table, the installed apps' example requests)
/// and of the program that trained it. A file that does not read back whole — wrong magic, version,
/// key, length or checksum — is ignored and replaced, never trusted.
public struct ModelCache: Sendable {
    /// The folder of the cache files.
    public let folder: URL

    /// Bumped whenever the file layout changes.
    static let formatVersion: UInt32 = 4
    private static let magic: [UInt8] = Array("PRLM".utf8)
    /// Files of one language kept: the current one and the one before (answering while the next trains).
    static let keptPerLanguage = 2

    public init(folder: URL) {
        self.folder = folder
    }

    /// The key of a model: a digest of what training reads and of the training program itself.
    static func key(language: LanguagePack, appExamples: [IntentPhrase]) -> UInt64 {
        var digest = StableDigest()
        digest.add(UInt64(formatVersion))
        digest.add(programIdentity)
        digest.add(language.code)
        digest.add(language.sourceDigest)
        digest.add(OutOfScopeTable.sourceText(language.code) ?? "")
        for phrase in appExamples {
            digest.add(phrase.intentName)
            digest.add(UInt64(phrase.examples.count))
            for example in phrase.examples { digest.add(example) }
        }
        return digest.value
    }

    /// The running program's size, modification time and inode: a rebuilt program trains its own models.
    private static let programIdentity: UInt64 = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return 0 }
        var digest = StableDigest()
        digest.add(UInt64(bitPattern: Int64(info.st_size)))
        digest.add(UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
        digest.add(UInt64(bitPattern: Int64(info.st_mtim.tv_nsec)))
        digest.add(UInt64(info.st_ino))
        return digest.value
    }()

    private func file(language: String, key: UInt64) -> URL {
        folder.appendingPathComponent("\(language)-\(String(key, radix: 16)).model")
    }

    /// The model stored under exactly this key, if its file reads back whole.
    func load(language: String, key: UInt64) -> LearnedModel? {
        Self.read(file(language: language, key: key), key: key)
    }

    /// The newest readable model of a language under another key: the one to answer with while the
    /// current one trains.
    func previous(language: String, excluding key: UInt64) -> LearnedModel? {
        for (url, fileKey) in files(of: language) where fileKey != key {
            if let model = Self.read(url, key: fileKey) { return model }
        }
        return nil
    }

    /// Writes a model atomically (a temporary file renamed over), readable by the user only, and
    /// removes the language's older files beyond `keptPerLanguage`.
    func save(_ model: LearnedModel, language: String, key: UInt64) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let payload = model.encoded
        var digest = StableDigest()
        digest.add(many: payload)
        var header = ModelWriter()
        header.write(Self.formatVersion)
        header.write(key)
        header.write(UInt64(payload.count))
        header.write(digest.value)
        let target = file(language: language, key: key)
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp")
        let data = Data(Self.magic + header.bytes + payload)
        guard FileManager.default.createFile(atPath: temporary.path, contents: data,
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        guard rename(temporary.path, target.path) == 0 else {
            let failure = CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
            try? FileManager.default.removeItem(at: temporary)
            throw failure
        }
        for (url, _) in files(of: language).dropFirst(Self.keptPerLanguage) {
            try? FileManager.default.removeItem(at: url)
        }
        // Temporary files a process killed while writing left behind.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(".\(language)-") && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// A language's cache files and their keys, newest first.
    private func files(of language: String) -> [(url: URL, key: UInt64)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let prefix = language + "-"
        var found: [(url: URL, key: UInt64, modified: Date)] = []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".model") {
            guard let key = UInt64(name.dropFirst(prefix.count).dropLast(".model".count), radix: 16) else { continue }
            let url = folder.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast
            found.append((url, key, modified))
        }
        return found.sorted { $0.modified > $1.modified }.map { ($0.url, $0.key) }
    }

    private static func read(_ url: URL, key: UInt64) -> LearnedModel? {
        guard let file = ModelFile(path: url.path), let bytes = file.readAll() else { return nil }
        let headerLength = magic.count + 4 + 8 + 8 + 8
        guard bytes.count >= headerLength, bytes[0..<magic.count].elementsEqual(magic) else { return nil }
        var header = ModelReader(bytes, from: magic.count)
        guard let version = try? header.readUInt32(), version == formatVersion,
              let storedKey = try? header.readUInt64(), storedKey == key,
              let length = try? header.readUInt64(), length == UInt64(bytes.count - headerLength),
              let checksum = try? header.readUInt64() else { return nil }
        var digest = StableDigest()
        digest.add(many: bytes, from: headerLength)
        guard digest.value == checksum else { return nil }
        return try? LearnedModel(decoding: bytes, from: headerLength, file: file)
    }
}
