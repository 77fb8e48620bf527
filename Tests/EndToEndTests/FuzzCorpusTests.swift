import Foundation
import Testing
import TestSupport

/// The fuzzers' committed seed corpus, replayed by the harness built plainly: every input returns.
@Suite(.computesAtLength) struct FuzzCorpusTests {
    @Test(arguments: ["wire", "bundle", "understanding"])
    func theSeedCorpusRuns(target: String) throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/corpus/\(target)").standardizedFileURL
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.path).count
        #expect(seeds >= 3)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestProducts.path("parlance-fuzz"))
        process.arguments = [corpus.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PARLANCE_FUZZ_TARGET"] = target
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed == "\(target): \(seeds) inputs ran\n")
    }
}
