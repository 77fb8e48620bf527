
/// Finds vocabulary phrases in a request, whole and longest first: "Bobo the Great" before "Bobo".
/// A phrase matches by its spelling or its pronunciation hint, and also when written as one word
/// or several ("Banana rific" for "Bananarific").
struct GazetteerMatcher: Sendable {
    /// A vocabulary phrase found in a request.
    struct Match: Sendable {
        var tokens: Range<Int>
        /// Every entry with this spelling (a name can be both a contact and a photo tag).
        var entries: [GazetteerEntry]
    }

    private var byFirstKey: [String: [(keys: [String], entries: [Int])]] = [:]
    private var byJoinedKey: [String: [Int]] = [:]
    private let entries: [GazetteerEntry]

    init(entries: [GazetteerEntry]) {
        var keysOfSpelling: [String: [String]] = [:]
        self.init(entries: entries, keysOfSpelling: &keysOfSpelling)
    }

    /// - Parameter keysOfSpelling: the token keys of spellings read so far, shared by the matchers built
    ///   from the same vocabulary (each app's and all apps' together), so each spelling is read once.
    init(entries: [GazetteerEntry], keysOfSpelling: inout [String: [String]]) {
        self.entries = entries
        var grouped: [[String]: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            for spelling in entry.spellings {
                let keys: [String]
                if let known = keysOfSpelling[spelling] {
                    keys = known
                } else {
                    keys = TextFolding.tokenKeys(spelling)
                    keysOfSpelling[spelling] = keys
                }
                guard !keys.isEmpty else { continue }
                grouped[keys, default: []].append(index)
            }
        }
        for (keys, indices) in grouped {
            byFirstKey[keys[0], default: []].append((keys, indices))
            if keys.count == 1 || keys.allSatisfy({ $0.count > 1 }) {
                byJoinedKey[keys.joined(), default: []].append(contentsOf: indices)
            }
        }
        for key in byFirstKey.keys { byFirstKey[key]?.sort { $0.keys.count > $1.keys.count } }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The longest vocabulary phrase starting at `start`, not running into `limit`.
    func match(_ tokens: [Token], at start: Int, limit: Int) -> Match? {
        var best: Match?
        if let candidates = byFirstKey[tokens[start].key] {
            for candidate in candidates where start + candidate.keys.count <= limit {
                if zip(candidate.keys.indices, candidate.keys).allSatisfy({ tokens[start + $0.0].key == $0.1 }) {
                    best = Match(tokens: start..<(start + candidate.keys.count), entries: unique(candidate.entries))
                    break
                }
            }
        }
        // Written as several words: "banana rific".
        var joined = tokens[start].key
        var end = start + 1
        while end < limit, end - start < 4, tokens[end].kind == .word || tokens[end].kind == .ideograph {
            joined += tokens[end].key
            end += 1
            if let indices = byJoinedKey[joined], end - start > (best?.tokens.count ?? 0) {
                best = Match(tokens: start..<end, entries: unique(indices))
            }
        }
        return best
    }

    /// The entries, each once, in the order they were given (spellings grouped in a dictionary come in
    /// another order in every process).
    private func unique(_ indices: [Int]) -> [GazetteerEntry] {
        var previous = -1
        return indices.sorted().filter { index in
            defer { previous = index }
            return index != previous
        }.map { entries[$0] }
    }
}
