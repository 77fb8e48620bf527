import Foundation

/// Pronunciations in the CMU dictionary's phone set (what pocketsphinx's English model uses): from the
/// dictionary itself, else from the word's parts ("monkeychat" = "monkey" + "chat"), else from espeak-ng's
/// reading of the word (its phonemes mapped to CMU phones), else from plain letter rules.
public struct PronunciationLexicon: Sendable {
    /// Debian's `pocketsphinx-en-us` dictionary.
    public static let defaultDictionary = URL(fileURLWithPath: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")

    private let entries: [String: [String]]

    /// Reads a dictionary in CMU format ("word PH ONES", alternates as "word(2) …").
    public init(dictionary: URL = PronunciationLexicon.defaultDictionary) throws(SpeechError) {
        let text: String
        do {
            text = try String(contentsOf: dictionary, encoding: .utf8)
        } catch {
            throw SpeechError(.engineMissing, "no pronunciation dictionary at \(dictionary.path); install it with "
                              + "`apt-get install pocketsphinx-en-us`")
        }
        self.init(text: text)
    }

    /// A lexicon from dictionary text.
    public init(text: String) {
        var entries: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            var word = String(line[..<space]).lowercased()
            if let open = word.firstIndex(of: "("), word.hasSuffix(")") { word = String(word[..<open]) }
            let phones = line[line.index(after: space)...].split(separator: " ").joined(separator: " ")
            guard !phones.isEmpty else { continue }
            entries[word, default: []].append(phones)
        }
        self.entries = entries
    }

    /// Whether the dictionary has the word.
    public func knows(_ word: String) -> Bool { entries[word] != nil }

    /// Every pronunciation of each word; words none of the ways can say are left out.
    public func pronounce(_ words: [String], using synthesizer: EspeakPhonemes? = EspeakPhonemes()) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var unknown: [String] = []
        for word in Set(words) {
            if let known = entries[word] {
                result[word] = known
            } else if let parts = split(word) {
                result[word] = [parts.compactMap { entries[$0]?.first }.joined(separator: " ")]
            } else {
                unknown.append(word)
            }
        }
        let spoken = synthesizer?.phones(for: unknown.sorted()) ?? [:]
        for word in unknown {
            let phones = spoken[word] ?? Self.letterPhones(word)
            if !phones.isEmpty { result[word] = [phones] }
        }
        return result
    }

    /// The word as two or three dictionary words, longest first part first ("monkeychat", "gorillacab").
    func split(_ word: String, depth: Int = 0) -> [String]? {
        guard depth < 3, word.count >= 4 else { return nil }
        let characters = Array(word)
        for cut in stride(from: characters.count - 2, through: 2, by: -1) {
            let head = String(characters[..<cut]), tail = String(characters[cut...])
            guard entries[head] != nil else { continue }
            if entries[tail] != nil { return [head, tail] }
            if let rest = split(tail, depth: depth + 1) { return [head] + rest }
        }
        return nil
    }

    /// A rough reading letter by letter, for words nothing else can say.
    static func letterPhones(_ word: String) -> String {
        let table: [Character: String] = [
            "a": "AE", "b": "B", "c": "K", "d": "D", "e": "EH", "f": "F", "g": "G", "h": "HH", "i": "IH", "j": "JH",
            "k": "K", "l": "L", "m": "M", "n": "N", "o": "OW", "p": "P", "q": "K", "r": "R", "s": "S", "t": "T",
            "u": "UH", "v": "V", "w": "W", "x": "K S", "y": "Y", "z": "Z"]
        var phones: [String] = []
        for letter in word.lowercased() {
            guard let phone = table[letter] else { continue }
            if phones.last != phone { phones.append(phone) }
        }
        return phones.joined(separator: " ")
    }
}

/// espeak-ng's English reading of words, as CMU phones.
public struct EspeakPhonemes: Sendable {
    let program: String

    /// Nil when espeak-ng is not installed.
    public init?() {
        guard let program = EspeakSynthesizer.programPaths.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        self.program = program
    }

    /// Phones per word, for the words espeak-ng read.
    public func phones(for words: [String]) -> [String: String] {
        guard !words.isEmpty else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-q", "-x", "-v", "en-us", "-b", "1"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [:] }
        // One word a line, each its own clause, so each comes back on its own line.
        let text = Data(words.map { $0.filter { $0.isLetter || $0 == "'" } + ".\n" }.joined().utf8)
        let writer = Thread {
            input.fileHandleForWriting.write(text)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: true)
        process.waitUntilExit()
        guard lines.count == words.count else { return [:] }
        var result: [String: String] = [:]
        for (word, line) in zip(words, lines) {
            let phones = Self.cmuPhones(String(line))
            if !phones.isEmpty { result[word] = phones }
        }
        return result
    }

    /// espeak-ng's English phoneme mnemonics and the CMU phones they stand for.
    static let mapping: [(String, String)] = [
        ("aI@", "AY ER"), ("aU@", "AW ER"), ("i@3", "IH R"),
        ("aI", "AY"), ("aU", "AW"), ("eI", "EY"), ("oU", "OW"), ("OI", "OY"), ("i@", "IH R"), ("e@", "EH R"),
        ("U@", "UH R"), ("A@", "AA R"), ("O@", "AO R"), ("o@", "AO R"), ("3:", "ER"), ("i:", "IY"), ("u:", "UW"),
        ("A:", "AA"), ("O:", "AO"), ("a#", "AH"), ("I#", "IH"), ("I2", "IH"), ("@L", "AH L"), ("@2", "AH"), ("@5", "AH"),
        ("tS", "CH"), ("dZ", "JH"), ("t#", "T"), ("d#", "D"), ("z#", "Z"), ("n-", "N"), ("l-", "L"), ("r-", "R"),
        ("aa", "AE"),
        ("a", "AE"), ("@", "AH"), ("3", "ER"), ("e", "EH"), ("E", "EH"), ("i", "IY"), ("I", "IH"), ("0", "AA"),
        ("O", "AO"), ("U", "UH"), ("V", "AH"), ("u", "UW"), ("o", "OW"),
        ("b", "B"), ("d", "D"), ("f", "F"), ("g", "G"), ("h", "HH"), ("k", "K"), ("l", "L"), ("m", "M"), ("n", "N"),
        ("p", "P"), ("r", "R"), ("s", "S"), ("t", "T"), ("v", "V"), ("w", "W"), ("z", "Z"), ("j", "Y"), ("N", "NG"),
        ("S", "SH"), ("Z", "ZH"), ("T", "TH"), ("D", "DH"), ("x", "K")]

    /// Maps a line of espeak-ng's phonemes to CMU phones; stress and pause marks are dropped.
    static func cmuPhones(_ line: String) -> String {
        let characters = Array(line)
        var index = 0
        var phones: [String] = []
        outer: while index < characters.count {
            for (mnemonic, phone) in mapping {
                let symbols = Array(mnemonic)
                if index + symbols.count <= characters.count, Array(characters[index..<index + symbols.count]) == symbols {
                    phones.append(phone)
                    index += symbols.count
                    continue outer
                }
            }
            index += 1  // stress (' ,), pauses (_), word breaks and marks espeak-ng adds
        }
        return phones.joined(separator: " ")
    }
}
