import Foundation
import ParlanceCore
import Synchronization
import TestSupport
import Testing

/// Random walks through whole conversations with the sample apps (their real bundles, in-process twins of
/// their extensions), in six languages: each starts from a real request and, at every question, answers as
/// people do (a proper answer, another request, cancel, help, a correction, yes, no, an unknown name,
/// noise, nothing). The invariants in `enforced` must hold after every walk; the others are reported
/// (the engine does not keep them yet). Deterministic: the seed is fixed unless `PARLANCE_FUZZ_SEED`
/// says otherwise, and a failure prints each distinct fault's shortest walk with how to run it alone
/// (`PARLANCE_FUZZ_WALK`). `PARLANCE_FUZZ_WALKS` sets how many walks; `PARLANCE_FUZZ_REPORT` names a
/// file for every finding in Markdown.
@Suite(.serialized, .computesAtLength)
struct ConversationFuzzTests {
    /// The invariants that must hold; any left out are reported until the engine keeps them too.
    static let enforced: Set<FuzzInvariant> = Set(FuzzInvariant.allCases)

    static let defaultSeed: UInt64 = 20_261_127
    static let defaultWalks = 5_000
    /// Walks run this many at once, over the same apps.
    static let lanes = 2

    @Test("conversations keep their invariants over thousands of random walks in six languages")
    func randomWalks() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["PARLANCE_FUZZ_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
        let indexes: [Int] = environment["PARLANCE_FUZZ_WALK"].flatMap { Int($0) }.map { [$0] }
            ?? Array(0..<(environment["PARLANCE_FUZZ_WALKS"].flatMap { Int($0) } ?? Self.defaultWalks))
        let runner = try WalkRunner()
        let checker = FuzzChecker(bundles: runner.bundles)
        let preparing = ContinuousClock.now
        await runner.prepare()
        print("conversation fuzzer: understanding of six languages ready in \(ContinuousClock.now - preparing)")
        let started = ContinuousClock.now
        let findings = FuzzFindings()
        await withTaskGroup(of: Void.self) { group in
            for lane in 0..<min(Self.lanes, indexes.count) {
                group.addTask {
                    for index in indexes.indices where index % Self.lanes == lane {
                        let walk = await runner.walk(indexes[index], seed: seed)
                        findings.add(walk, checker.violations(of: walk))
                    }
                }
            }
        }
        await runner.shutdown()
        let elapsed = ContinuousClock.now - started
        let summary = findings.summary(walks: indexes.count, elapsed: elapsed, enforced: Self.enforced)
        print(summary)
        if let path = environment["PARLANCE_FUZZ_REPORT"] {
            try findings.markdown(walks: indexes.count, seed: seed, elapsed: elapsed, enforced: Self.enforced)
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(findings.walks == indexes.count)
        for finding in findings.distinct where Self.enforced.contains(finding.violation.invariant) {
            Issue.record(Comment(rawValue: "\(finding.violation.invariant.summary) (\(finding.count) walks): "
                + "\(finding.violation.detail)\n\(finding.walk.transcript)"))
        }
    }
}

/// The violations of a run, grouped by kind of fault, each with its shortest walk.
final class FuzzFindings: Sendable {
    struct Finding: Sendable {
        var violation: FuzzViolation
        var walk: FuzzWalk
        var count: Int
    }

    private let state = Mutex<(walks: Int, bySignature: [String: Finding], steps: Int, handled: Int,
                               questions: [String: Int])>((0, [:], 0, 0, [:]))

    var walks: Int { state.withLock { $0.walks } }

    var distinct: [Finding] {
        state.withLock { $0.bySignature.values.sorted { ($0.violation.invariant.rawValue, $0.violation.signature)
            < ($1.violation.invariant.rawValue, $1.violation.signature) } }
    }

    func add(_ walk: FuzzWalk, _ violations: [FuzzViolation]) {
        state.withLock { state in
            state.walks += 1
            state.steps += walk.steps.count
            state.handled += walk.handled.count
            for step in walk.steps {
                if let question = step.question { state.questions[FuzzWalk.describe(question).prefix { $0 != ":" && $0 != "(" }.description, default: 0] += 1 }
            }
            var seen: Set<String> = []
            for violation in violations where seen.insert(violation.signature).inserted {
                if var finding = state.bySignature[violation.signature] {
                    finding.count += 1
                    if Self.size(walk) < Self.size(finding.walk) { finding.walk = walk; finding.violation = violation }
                    state.bySignature[violation.signature] = finding
                } else {
                    state.bySignature[violation.signature] = Finding(violation: violation, walk: walk, count: 1)
                }
            }
        }
    }

    private static func size(_ walk: FuzzWalk) -> (Int, Int) {
        (walk.steps.count, walk.steps.reduce(0) { $0 + $1.text.count })
    }

    func summary(walks: Int, elapsed: Duration, enforced: Set<FuzzInvariant>) -> String {
        let findings = distinct
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let (steps, handled, questions) = state.withLock { ($0.steps, $0.handled, $0.questions) }
        var lines = ["conversation fuzzer: \(walks) walks, \(steps) things said, \(handled) handled, in \(String(format: "%.1f", seconds)) s",
                     "  said at questions: " + questions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")]
        for invariant in FuzzInvariant.allCases {
            let broken = findings.filter { $0.violation.invariant == invariant }
            let walks = broken.reduce(0) { $0 + $1.count }
            lines.append("  \(enforced.contains(invariant) ? "enforced" : "reported") \(invariant.rawValue): "
                         + (broken.isEmpty ? "holds" : "\(broken.count) faults in \(walks) walks"))
        }
        return lines.joined(separator: "\n")
    }

    func markdown(walks: Int, seed: UInt64, elapsed: Duration, enforced: Set<FuzzInvariant>) -> String {
        var text = "```\n" + summary(walks: walks, elapsed: elapsed, enforced: enforced) + "\n```\n"
        text += "\nSeed \(seed). Each fault: the shortest walk that shows it.\n"
        for finding in distinct {
            text += "\n### \(finding.violation.signature) (\(finding.count) walks)\n\n"
            text += "\(finding.violation.invariant.summary): \(finding.violation.detail)\n\n```\n\(finding.walk.transcript)\n```\n"
        }
        return text
    }
}
