@_spi(Parlance) import Intents

extension NSUserActivity {
    func attachForTesting(_ interaction: INInteraction) {
        attach(interaction)
    }
}
