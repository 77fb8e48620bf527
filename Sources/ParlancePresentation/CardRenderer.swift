import Foundation

/// Draws a turn's card in the terminal as a box: the app's name on top, rows, the body, numbered
/// options and a footer.
public enum CardRenderer {
    /// The card as lines of text in a box at most `maximum` columns wide.
    public static func render(_ card: Card, width maximum: Int = 60) -> String {
        var lines: [String] = []
        if let body = card.body, !body.isEmpty, card.style != .question, card.style != .notice {
            lines += wrap("“\(body)”", width: maximum - 4)
        }
        let labelWidth = card.rows.map(\.label.count).max() ?? 0
        for row in card.rows {
            if row.label.isEmpty {
                lines += wrap(row.value, width: maximum - 4)
                continue
            }
            let label = row.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            let wrapped = wrap(row.value, width: max(10, maximum - 6 - labelWidth))
            for (index, part) in wrapped.enumerated() {
                lines.append((index == 0 ? label : String(repeating: " ", count: labelWidth)) + "  " + part)
            }
        }
        for (index, option) in card.options.enumerated() { lines.append("\(index + 1). \(option)") }
        if let footer = card.footer { lines.append(footer) }
        guard !lines.isEmpty else { return "" }
        let title = " \(card.title) "
        let width = min(maximum, max(title.count + 4, (lines.map(\.count).max() ?? 0) + 4))
        var output = "╭─" + title + String(repeating: "─", count: max(0, width - title.count - 3)) + "╮\n"
        for line in lines {
            output += "│ " + line.padding(toLength: width - 4, withPad: " ", startingAt: 0) + " │\n"
        }
        output += "╰" + String(repeating: "─", count: width - 2) + "╯"
        return output
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
