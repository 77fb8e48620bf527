
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
    /// The owner of each entry (an app, by its position in `init(entriesByOwner:shared:)`); -1: every owner's.
    private let owners: [Int32]
    /// Only this owner's entries (and the shared ones) match; nil: every entry.
    private var ownerFilter: Int32?

    init(entries: [GazetteerEntry]) {
        var keysOfSpelling: [String: [String]] = [:]
        self.init(entriesByOwner: [], shared: entries, keysOfSpelling: &keysOfSpelling)
    }

    /// One matcher over several owners' entries (each app's vocabulary) and entries every owner shares
    /// (relations, built-in workout kinds); `restricted(to:)` gives one owner's view without another index.
    /// - Parameter keysOfSpelling: the token keys of spellings read so far, so each spelling is read once.
    init(entriesByOwner: [[GazetteerEntry]], shared: [GazetteerEntry], keysOfSpelling: inout [String: [String]]) {
        var entries: [GazetteerEntry] = []
        var owners: [Int32] = []
        for (owner, ownEntries) in entriesByOwner.enumerated() {
            entries += ownEntries
            owners += Array(repeating: Int32(owner), count: ownEntries.count)
        }
        entries += shared
        owners += Array(repeating: -1, count: shared.count)
        self.entries = entries
        self.owners = owners
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

    /// The matcher for one owner: its entries and the shared ones.
    func restricted(to owner: Int) -> GazetteerMatcher {
        var view = self
        view.ownerFilter = Int32(owner)
        return view
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The longest vocabulary phrase starting at `start`, not running into `limit`.
    func match(_ tokens: [Token], at start: Int, limit: Int) -> Match? {
        var best: Match?
        if let candidates = byFirstKey[tokens[start].key] {
            for candidate in candidates where start + candidate.keys.count <= limit {
                if zip(candidate.keys.indices, candidate.keys).allSatisfy({ tokens[start + $0.0].key == $0.1 }) {
                    let found = unique(candidate.entries)
                    guard !found.isEmpty else { continue }  // another owner's phrase
                    best = Match(tokens: start..<(start + candidate.keys.count), entries: found)
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
                let found = unique(indices)
                if !found.isEmpty { best = Match(tokens: start..<end, entries: found) }
            }
        }
        return best
    }

    /// The entries the filter lets through, each once, in the order they were given (spellings grouped in a
    /// dictionary come in another order in every process).
    private func unique(_ indices: [Int]) -> [GazetteerEntry] {
        var previous = -1
        return indices.sorted().filter { index in
            defer { previous = index }
            guard index != previous else { return false }
            if let ownerFilter { return owners[index] < 0 || owners[index] == ownerFilter }
            return true
        }.map { entries[$0] }
    }
}
