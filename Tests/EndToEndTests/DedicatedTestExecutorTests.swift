import Foundation
import TestSupport
import Testing

/// The tests that block while they wait must do it on threads of their own, never on the cooperative
/// pool's (two here): otherwise in-process extensions elsewhere in the run miss their deadlines.
@Suite(.waitsBlocking) struct DedicatedTestExecutorTests {
    @Test func aBlockingTestRunsOnAThreadOfItsOwn() {
        #expect(Self.onWaitingThread())
    }

    @Test func soDoesItAfterASuspension() async throws {
        try await Task.sleep(for: .milliseconds(1))
        #expect(Self.onWaitingThread())
    }

    private static func onWaitingThread() -> Bool { DedicatedTestExecutor.isCurrentThread }
}

@Suite struct PoolTestExecutorTests {
    @Test func otherTestsStayOnThePool() {
        #expect(!DedicatedTestExecutor.isCurrentThread)
    }
}
