import Foundation
import ParlanceCore
@testable import ParlanceHosting
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A hostile program in the real sandbox (real bubblewrap, real processes), as root and, where the
/// machine can switch to it, as the unprivileged user `nobody`: each attack is one line of its output,
/// "<attack>: done" or "<attack>: refused".
@Suite(.waitsBlocking) struct SandboxAttackTests {
    enum User: String, CaseIterable, Sendable {
        case current, nobody
    }

    /// The attacks, in bash; `$1` the assistant's home, `$2` the user's home, `$3` a port open on 127.0.0.1;
    /// `$4` "light" leaves out the limits (forks, CPU, memory).
    static let hostileScript = #"""
        #!/bin/bash
        try() { local what=$1; shift; if "$@" >/dev/null 2>&1; then echo "$what: done"; else echo "$what: refused"; fi; }
        forks='
        import os, signal, time
        children = []
        try:
            for _ in range(200):
                pid = os.fork()
                if pid == 0:
                    time.sleep(5)
                    os._exit(0)
                children.append(pid)
        except OSError:
            pass
        for pid in children:
            os.kill(pid, signal.SIGKILL)
        raise SystemExit(0 if len(children) >= 200 else 1)'
        try "connect to the host's loopback" timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/$3"
        try "connect to the host through the gateway" timeout 3 bash -c "exec 3<>/dev/tcp/10.0.2.2/$3"
        try "read the assistant's database" cat "$1/parlance.sqlite"
        try "read the user's ssh key" cat "$2/.ssh/id_ed25519"
        try "read root's ssh folder" ls /root/.ssh
        # Writes back the value it read: harmless even where the write goes through.
        try "write /proc/sys" bash -c 'v=$(cat /proc/sys/kernel/core_pattern) && printf "%s\n" "$v" > /proc/sys/kernel/core_pattern'
        try "see /sys" ls /sys/kernel
        try "make a user namespace" unshare -U true
        try "make a user namespace as root" unshare -Ur true
        # Over a folder of its own: run unconfined as root (attacksWorkUnconfined), a mount over /tmp would cover
        # the host's /tmp for every process.
        try "mount" bash -c 'd=$(mktemp -d) && mount -t tmpfs none "$d" && umount "$d"; r=$?; rmdir "$d"; exit $r'
        echo "interfaces: $(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' ' | tr '\n' ' ')"
        [ "$4" = light ] && exit 0
        try "fork 200 processes" /usr/bin/python3 -c "$forks"
        try "spin past the CPU limit" bash -c 'timeout 10 bash -c "while :; do :; done"; [ $? -eq 124 ]'
        try "map 1 GiB" bash -c 'x=$(head -c 1000000000 /dev/zero | tr "\0" a); [ ${#x} -eq 1000000000 ]'
        """#

    /// What the hostile program must not do.
    static let attacks = [
        "connect to the host's loopback", "connect to the host through the gateway", "read the assistant's database",
        "read the user's ssh key", "read root's ssh folder", "write /proc/sys", "see /sys", "make a user namespace",
        "make a user namespace as root", "mount", "fork 200 processes", "spin past the CPU limit", "map 1 GiB",
    ]

    @Test("a hostile extension is refused everything", arguments: [false, true], User.allCases)
    func hostileExtension(wantsNetwork: Bool, user: User) throws {
        let place = try Place(user: user)
        defer { place.remove() }
        let bwrap = try #require(ExtensionSandbox.bubblewrap(), "bubblewrap is not installed")
        var sandbox = bwrap
        sandbox.limits = SandboxLimits(addressSpace: 512 << 20, processes: 32, cpuSeconds: 1)
        if wantsNetwork {
            try #require(sandbox.userModeNetwork != nil, "slirp4netns is not installed")
        }
        let program = SandboxedProgram(
            executable: place.script, arguments: [place.assistantHome, place.userHome, "\(place.port)"],
            environment: ["PATH": "/usr/bin:/bin"], workingDirectory: place.bundle, bundleFolder: place.bundle,
            dataFolder: place.data, wantsNetwork: wantsNetwork)
        let output = try place.run(sandbox.command(for: program))
        for attack in Self.attacks {
            #expect(output.contains("\(attack): refused"), "\(attack) (\(user), network: \(wantsNetwork))\n\(output)")
        }
        let interfaces = output.split(separator: "\n").first { $0.hasPrefix("interfaces:") } ?? ""
        #expect(interfaces.contains("tap0") == wantsNetwork, "\(interfaces)\n\(output)")
    }

    @Test("the attacks work outside the sandbox, so the test sees them refused for the right reason")
    func attacksWorkUnconfined() throws {
        let place = try Place(user: .current)
        defer { place.remove() }
        let program = SandboxedProgram(
            executable: place.script, arguments: [place.assistantHome, place.userHome, "\(place.port)", "light"],
            environment: ["PATH": "/usr/bin:/bin"], workingDirectory: place.bundle, wantsNetwork: false)
        let output = try place.run(ExtensionSandbox.none.command(for: program))
        for attack in ["connect to the host's loopback", "read the assistant's database", "read the user's ssh key",
                       "make a user namespace as root"] {
            #expect(output.contains("\(attack): done"), "\(attack)\n\(output)")
        }
    }

    @Test("an app opened for a hand-off reads neither the assistant's home, nor its environment, nor ~/.ssh",
          arguments: User.allCases)
    func hostileHandOff(user: User) async throws {
        let place = try Place(user: user)
        defer { place.remove() }
        try #require(ExtensionSandbox.bubblewrap() != nil, "bubblewrap is not installed")
        let script = place.bundle + "/open"
        try """
            #!/bin/bash
            try() { local what=$1; shift; if "$@" >/dev/null 2>&1; then echo "$what: done"; else echo "$what: refused"; fi; }
            {
            try "read the assistant's database" cat "\(place.assistantHome)/parlance.sqlite"
            try "read the secret" test -n "$PARLANCE_TEST_SECRET"
            try "read the user's ssh key" cat "\(place.userHome)/.ssh/id_ed25519"
            try "connect to the host's loopback" timeout 3 bash -c "exec 3<>/dev/tcp/127.0.0.1/\(place.port)"
            echo "activity: $PARLANCE_USER_ACTIVITY"
            echo "home: $HOME"
            } > "$HOME/report.txt"
            """.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let app = AppBundle(identifier: "com.example.hostile", displayName: "Hostile", path: place.bundle,
                            launchCommand: ["open"])
        setenv("PARLANCE_TEST_SECRET", "hunter2", 1)
        defer { unsetenv("PARLANCE_TEST_SECRET") }
        var sandbox = try #require(ExtensionSandbox.bubblewrap())
        if user == .nobody { sandbox.mode = .bubblewrap(try place.asNobody(sandbox)) }
        let launcher = AppLauncher(timeout: .seconds(20), sandbox: sandbox)
        let result = await launcher.open(app, userActivity: Data(#"{"activityType":"test"}"#.utf8), home: place.assistantHome)
        #expect(throws: Never.self) { try result.get() }
        let reportPath = place.assistantHome + "/app-data/com.example.hostile/report.txt"
        let report = try #require(try? String(contentsOfFile: reportPath, encoding: .utf8), "no report (\(result)): \(FileManager.default.subpaths(atPath: place.root) ?? [])")
        for attack in ["read the assistant's database", "read the secret", "read the user's ssh key",
                       "connect to the host's loopback"] {
            #expect(report.contains("\(attack): refused"), "\(attack) (\(user))\n\(report)")
        }
        #expect(report.contains(#"activity: {"activityType":"test"}"#), "\(report)")
        #expect(report.contains("home: \(place.assistantHome)/app-data/com.example.hostile"), "\(report)")
    }

    @Test("limits come from the operator's environment; a bad value keeps the default and says so")
    func configuredLimits() {
        let set = SandboxLimits.configured(environment: [
            "PARLANCE_SANDBOX_MEMORY_MB": "2048", "PARLANCE_SANDBOX_PROCESSES": "0", "PARLANCE_SANDBOX_CPU_SECONDS": "ten"])
        #expect(set.limits == SandboxLimits(addressSpace: 2048 << 20, processes: nil, cpuSeconds: 60))
        #expect(set.problems == ["PARLANCE_SANDBOX_CPU_SECONDS=ten is not a whole number; the default is kept"])
        #expect(SandboxLimits.configured(environment: [:]).limits == .standard)
    }

    /// The folders of one attack: the assistant's home with its database, a user's home with a key, the
    /// app's bundle with the hostile script and its data folder, and a TCP server on 127.0.0.1.
    struct Place {
        let root: String
        let assistantHome: String
        let userHome: String
        let bundle: String
        let data: String
        let script: String
        let user: User
        let server: Int32
        let port: Int

        init(user: User) throws {
            if user == .nobody {
                try #require(getuid() == 0, "only root can run the sandbox as nobody here")
                try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "setpriv is missing")
            }
            self.user = user
            // In /var/tmp: other suites clear /tmp while this one runs.
            root = "/var/tmp/parlance-attack-\(UUID().uuidString)"
            assistantHome = root + "/home"
            userHome = root + "/user"
            bundle = root + "/Hostile.app"
            data = assistantHome + "/app-data/com.example.hostile"
            script = bundle + "/hostile"
            for folder in [assistantHome, userHome + "/.ssh", bundle, data] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            try Data("SQLite format 3".utf8).write(to: URL(fileURLWithPath: assistantHome + "/parlance.sqlite"))
            try Data("PRIVATE KEY".utf8).write(to: URL(fileURLWithPath: userHome + "/.ssh/id_ed25519"))
            try SandboxAttackTests.hostileScript.write(toFile: script, atomically: true, encoding: .utf8)
            // Open to everyone, so that only the sandbox stands between `nobody` and these files.
            for path in [root, assistantHome, userHome, userHome + "/.ssh", bundle, assistantHome + "/app-data", data] {
                chmod(path, 0o777)
            }
            for path in [script, assistantHome + "/parlance.sqlite", userHome + "/.ssh/id_ed25519"] { chmod(path, 0o755) }
            (server, port) = try Self.listen()
        }

        /// A TCP socket listening on 127.0.0.1 (connections complete in its backlog).
        static func listen() throws -> (Int32, Int) {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(descriptor, address, length) == 0 && Glibc.listen(descriptor, 16) == 0
                        && getsockname(descriptor, address, &length) == 0
                }
            }
            try #require(descriptor >= 0 && bound, "no TCP server on 127.0.0.1")
            return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
        }

        /// Runs `command` (as nobody when asked) and returns what it printed.
        func run(_ command: SandboxedCommand) throws -> String {
            var command = command
            if user == .nobody {
                command.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", command.program] + command.arguments
                command.program = "/usr/bin/setpriv"
            }
            let program = try LaunchedProgram.start(command, output: .captured)
            let output = String(decoding: program.readOutput(), as: UTF8.self)
            _ = program.waitForExit()
            return output + program.notes.map { "note: \($0)\n" }.joined()
        }

        /// A wrapper script that runs bubblewrap as nobody.
        func asNobody(_ sandbox: ExtensionSandbox) throws -> String {
            guard case .bubblewrap(let bwrap) = sandbox.mode else { return "" }
            let wrapper = root + "/bwrap-as-nobody"
            try "#!/bin/sh\nexec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups '\(bwrap)' \"$@\"\n"
                .write(toFile: wrapper, atomically: true, encoding: .utf8)
            chmod(wrapper, 0o755)
            return wrapper
        }

        func remove() {
            close(server)
            try? FileManager.default.removeItem(atPath: root)
        }
    }
}
