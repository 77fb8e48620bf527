import ExtensionRuntime
import ExtensionWire
import Foundation
import Intents
import IntentsUI
import Testing

/// Intents UI extensions: the view tree's JSON form and `ui/configure` through the serve loop.
@Suite struct IntentsUITests {
    final class BubbleView: INUIHostedViewControlling {
        func configureView(for interaction: INInteraction, context: INUIHostedViewContext) async -> INUIView? {
            guard let intent = interaction.intent as? INSendMessageIntent else { return nil }
            return INUIView([.text(intent.content ?? "", style: .title), .keyValue("Context", context.rawValue),
                             .progress(0.5, label: "Sent"), .mapPin(label: "Tree", latitude: 1.5, longitude: 2)],
                            replacesDefaultView: true)
        }
    }

    @Test("every element survives its JSON form; a bad element is refused with a clear message")
    func jsonForm() throws {
        let view = INUIView([.text("Hi", style: .caption), .keyValue("To", "Bobo"), .progress(0.25, label: "Ride"),
                             .mapPin(label: "Home", latitude: 52.5, longitude: 13.4),
                             .image(INImage(named: "banana"), description: "a banana")], replacesDefaultView: true)
        let data = try JSONEncoder().encode(view)
        #expect(try JSONDecoder().decode(INUIView.self, from: data) == view)
        let bad = Data(#"{"elements":[{"progress":3,"label":"x"}],"replacesDefaultView":false}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(INUIView.self, from: bad) }
        let unknown = Data(#"{"elements":[{"button":"Press me"}],"replacesDefaultView":false}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(INUIView.self, from: unknown) }
    }

    @Test("ui/configure reaches the view controller; an extension without one says so")
    func configure() async {
        let request = #"{"jsonrpc":"2.0","id":2,"method":"ui/configure","params":{"context":"siriSnippet","interaction":{"identifier":"i1","intent":{"intent":"INSendMessageIntent","parameters":{"content":"more bananas"}}}}}"#
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,"client":"test"}}"#
        let replies = await ExtensionServerTests.serve([initialize, request], viewController: BubbleView())
        #expect(replies.count == 2)
        #expect(replies.last?.contains(#""text":"more bananas""#) == true)
        #expect(replies.last?.contains(#""replacesDefaultView":true"#) == true)
        let refused = await ExtensionServerTests.serve([initialize, request])
        #expect(refused.last?.contains("-32601") == true)
        #expect(refused.last?.contains("no Intents UI view controller") == true)
    }
}
