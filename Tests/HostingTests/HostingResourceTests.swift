import Foundation
import TestSupport
import Testing

/// 1,000 sequential calls and 100 install/launch/stop cycles leave no descriptors, threads or child
/// processes behind. Runs in a process of its own (parlance-bench), so other tests running in
/// parallel cannot disturb the counts.
@Suite struct HostingResourceTests {
    struct Report: Decodable {
        let calls, cycles, descriptorsBefore, descriptorsAfter, childrenBefore, childrenAfter, threadsBefore, threadsAfter: Int
    }

    @Test(.waitsBlocking) func manyCallsAndCyclesLeakNothing() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestProducts.path("parlance-bench"))
        process.arguments = ["leaks", "--extension", TestProducts.path("parlance-test-extension")]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let report = try JSONDecoder().decode(Report.self, from: data)
        #expect(report.calls == 1_000 && report.cycles == 100)
        #expect(report.descriptorsAfter <= report.descriptorsBefore)
        #expect(report.childrenAfter == 0 && report.childrenBefore == 0)
        #expect(report.threadsAfter <= report.threadsBefore + 2)
        #expect(process.terminationStatus == 0)
    }
}
