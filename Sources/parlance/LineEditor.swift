import Foundation

/// Reads the user's lines: in a terminal with a prompt, editing (←/→, Home/End, Backspace, Delete,
/// Ctrl-A/E/U/K) and history (↑/↓); otherwise plain lines from standard input.
final class LineEditor {
    private let interactive: Bool
    private var history: [String] = []
    private let piped = InputLines.standardInput().makeIterator()

    init(interactive: Bool) {
        self.interactive = interactive
    }

    /// The next line, or nil at the end of input. Piped lines are read as bytes: one that is not UTF-8
    /// or is too long is reported as such, never repaired.
    func readLine(prompt: String) -> InputLines.Line? {
        guard interactive else { return piped.next() }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return piped.next() }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
        var line: [Character] = []
        var cursor = 0
        var sawInvalid = false
        var historyIndex = history.count
        func redraw() {
            write("\r\u{1B}[K" + prompt + String(line))
            let back = line.count - cursor
            if back > 0 { write("\u{1B}[\(back)D") }
        }
        write(prompt)
        while true {
            guard let byte = readByte() else {
                write("\n")
                return line.isEmpty ? nil : (sawInvalid ? .invalidUTF8 : .text(String(line)))
            }
            switch byte {
            case 4:  // Ctrl-D
                if line.isEmpty { write("\n"); return nil }
            case 10, 13:
                write("\n")
                if sawInvalid { return .invalidUTF8 }
                let text = String(line)
                if !text.trimmingCharacters(in: .whitespaces).isEmpty, history.last != text { history.append(text) }
                return .text(text)
            case 127, 8:
                if cursor > 0 { line.remove(at: cursor - 1); cursor -= 1; redraw() }
            case 1: cursor = 0; redraw()
            case 5: cursor = line.count; redraw()
            case 21: line.removeSubrange(0..<cursor); cursor = 0; redraw()
            case 11: line.removeSubrange(cursor...); redraw()
            case 27:
                guard readByte() == 91, let code = readByte() else { continue }
                switch code {
                case 65 where historyIndex > 0:  // ↑
                    historyIndex -= 1
                    line = Array(history[historyIndex]); cursor = line.count; redraw()
                case 66 where historyIndex < history.count:  // ↓
                    historyIndex += 1
                    line = historyIndex < history.count ? Array(history[historyIndex]) : []
                    cursor = line.count; redraw()
                case 67 where cursor < line.count: cursor += 1; redraw()
                case 68 where cursor > 0: cursor -= 1; redraw()
                case 72: cursor = 0; redraw()
                case 70: cursor = line.count; redraw()
                case 51:
                    if readByte() == 126, cursor < line.count { line.remove(at: cursor); redraw() }
                default: break
                }
            default:
                guard byte >= 32 else { continue }
                var bytes = [byte]
                let extra = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : 0
                for _ in 0..<extra { if let next = readByte() { bytes.append(next) } }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    sawInvalid = true
                    continue
                }
                line.insert(contentsOf: text, at: cursor)
                cursor += text.count
                redraw()
            }
        }
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        return read(STDIN_FILENO, &byte, 1) == 1 ? byte : nil
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
