// Measures the extension host: warm round-trip latency, cold start, and resource leaks over many
// calls and launch/stop cycles. Figures come from here, never from timed unit tests.
//
//   swift build -c release --product parlance-bench --product parlance-test-extension
//   .build/release/parlance-bench latency      # warm resolve round trip, process and in-process
//   .build/release/parlance-bench cold-start   # launch + initialize + first call
//   .build/release/parlance-bench leaks        # 1,000 calls and 100 install/launch/stop cycles
//   .build/release/parlance-bench vocabulary   # replace 10,000 contact names in the store
//   .build/release/parlance-bench parse [--entries 10000] [--language fr]   # understanding latency (from the repository root)
//   .build/release/parlance-bench conversation [--turns 2000] [--no-activity-log]  # assistant overhead per conversation turn
import ExtensionRuntime
import ExtensionWire
import Foundation
import Intents

@main
struct ParlanceBench {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let mode = arguments.first ?? "latency"
        let extensionPath = value(of: "--extension", in: arguments)
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent().appendingPathComponent("parlance-test-extension").path
        let endpoint = ExtensionEndpoint(identifier: "com.example.bench.intents", appIdentifier: "com.example.bench",
                                         appName: "Bench", executable: extensionPath)
        switch mode {
        case "latency":
            let iterations = Int(value(of: "--iterations", in: arguments) ?? "") ?? 20_000
            try await HostBenchmarks.warmLatency(endpoint, iterations: iterations)
        case "cold-start":
            let iterations = Int(value(of: "--iterations", in: arguments) ?? "") ?? 50
            try await HostBenchmarks.coldStart(endpoint, iterations: iterations)
        case "vocabulary":
            try VocabularyBenchmarks.replace(count: 10_000, runs: 20)
        case "parse":
            let entries = Int(value(of: "--entries", in: arguments) ?? "") ?? 10_000
            let iterations = Int(value(of: "--iterations", in: arguments) ?? "") ?? 20_000
            let evaluation = URL(fileURLWithPath: value(of: "--evaluation", in: arguments) ?? "Evaluation")
            let workload = ParseBenchmarks.Workload(apps: value(of: "--apps", in: arguments).map(URL.init(fileURLWithPath:)),
                                                    vocabulary: value(of: "--vocabulary", in: arguments).map(URL.init(fileURLWithPath:)),
                                                    requests: value(of: "--requests", in: arguments).map(URL.init(fileURLWithPath:)))
            try ParseBenchmarks.run(entries: entries, evaluation: evaluation, iterations: iterations,
                                    language: value(of: "--language", in: arguments) ?? "en", workload: workload)
        case "conversation":
            try await ConversationBenchmarks.run(turns: Int(value(of: "--turns", in: arguments) ?? "") ?? 2_000,
                                                 activityLog: !arguments.contains("--no-activity-log"))
        case "breakdown":
            try await CostBreakdown.run(iterations: 5_000)
        case "leaks":
            let ok = try await LeakCheck.run(endpoint, calls: 1_000, cycles: 100)
            if !ok { exit(1) }
        default:
            FileHandle.standardError.write(Data("usage: parlance-bench latency|cold-start|breakdown|vocabulary|parse|conversation|leaks [--extension PATH]\n".utf8))
            exit(2)
        }
    }

    static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}
