/// What one sandboxed program (an extension, an app opened for a hand-off) may use, with all it starts:
/// address space, processes (threads count as processes) and CPU time. The operator sets them with
/// `PARLANCE_SANDBOX_MEMORY_MB`, `PARLANCE_SANDBOX_PROCESSES` and `PARLANCE_SANDBOX_CPU_SECONDS`
/// (0: no limit); docs/security.md says how each is enforced.
public struct SandboxLimits: Sendable, Equatable {
    /// The largest address space of each process, in bytes (`RLIMIT_AS`); nil for none. Swift programs
    /// map far more than they touch: a sample extension maps about 215 MiB at rest.
    public var addressSpace: UInt64?
    /// How many processes and threads the sandbox may hold at once; nil for none.
    public var processes: Int?
    /// CPU time of each process, in seconds (`RLIMIT_CPU`: SIGXCPU, then SIGKILL two seconds later);
    /// nil for none.
    public var cpuSeconds: Int?

    /// Limits; nil leaves one unlimited.
    public init(addressSpace: UInt64? = nil, processes: Int? = nil, cpuSeconds: Int? = nil) {
        self.addressSpace = addressSpace
        self.processes = processes
        self.cpuSeconds = cpuSeconds
    }

    /// The defaults: 4 GiB of address space (about 19 times what a sample extension maps), 64 processes
    /// and threads, 60 s of CPU time per process.
    public static let standard = SandboxLimits(addressSpace: 4 << 30, processes: 64, cpuSeconds: 60)

    /// No limits.
    public static let unlimited = SandboxLimits()

    /// The defaults with what the operator set in `environment`; a value that is not a whole number is
    /// named in `problems` and the default kept.
    public static func configured(environment: [String: String]) -> (limits: SandboxLimits, problems: [String]) {
        var limits = standard
        var problems: [String] = []
        func number(_ name: String) -> UInt64?? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .none }
            guard let value = UInt64(text) else {
                problems.append("\(name)=\(text) is not a whole number; the default is kept")
                return .none
            }
            return .some(value == 0 ? nil : value)
        }
        if let megabytes = number("PARLANCE_SANDBOX_MEMORY_MB") {
            limits.addressSpace = megabytes.map { $0.multipliedReportingOverflow(by: 1 << 20).partialValue }
        }
        if let processes = number("PARLANCE_SANDBOX_PROCESSES") { limits.processes = processes.map { Int(clamping: $0) } }
        if let seconds = number("PARLANCE_SANDBOX_CPU_SECONDS") { limits.cpuSeconds = seconds.map { Int(clamping: $0) } }
        return (limits, problems)
    }

    /// `prlimit` options that set these limits (soft and hard alike, so the program cannot raise them).
    func prlimitOptions() -> [String] {
        var options: [String] = []
        if let addressSpace { options.append("--as=\(addressSpace):\(addressSpace)") }
        if let processes { options.append("--nproc=\(processes):\(processes)") }
        if let cpuSeconds { options.append("--cpu=\(cpuSeconds):\(cpuSeconds + 2)") }
        return options
    }
}
