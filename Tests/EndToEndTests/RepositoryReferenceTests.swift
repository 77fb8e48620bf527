import Foundation
import Testing

/// Code and docs explain themselves: no pointer to a tracker's ticket or to a numbered part of a planning
/// document that a reader of the repository cannot open. docs/history.md, the engineering record, may cite them.
@Suite struct RepositoryReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A ticket's number, a mission part in brackets or with a possessive — built from pieces so this file
    /// does not match itself.
    static let references = try? NSRegularExpression(
        pattern: "\\b" + "issue" + " [0-9]+\\b|\\((mission )?" + "M[0-9]{1,2}[,)]|\\b" + "mission M[0-9]"
            + "|\\b" + "M[0-9]{1,2}'s\\b")

    static func textFiles() -> [URL] {
        let kinds: Set<String> = ["swift", "md", "conv", "yaml", "txt", "html", "js", "py"]
        var files: [URL] = [root.appendingPathComponent("README.md")]
        for folder in ["Sources", "Tests", "docs", "Examples", "Scripts"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard kinds.contains(url.pathExtension), url.lastPathComponent != "history.md" else { continue }
                files.append(url)
            }
        }
        return files
    }

    @Test("no source, test or doc cites a ticket number or a numbered mission part")
    func noOpaqueReferences() throws {
        let pattern = try #require(Self.references)
        var found: [String] = []
        for file in Self.textFiles() {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let whole = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: whole) {
                guard let range = Range(match.range, in: text) else { continue }
                let line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
                found.append("\(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")):\(line): \(text[range])")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        #expect(Self.textFiles().count > 100, "the repository's files were not found from \(Self.root.path)")
    }
}
