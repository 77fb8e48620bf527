/// Every line the CLI prints goes through here (it shadows `Swift.print` in this module): names and
/// words that came from app bundles, extensions or the user are shown with their control characters
/// made visible (␛ for an escape), never obeyed by the terminal.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    Swift.print(TurnPrinter.visible(text), terminator: terminator)
}
