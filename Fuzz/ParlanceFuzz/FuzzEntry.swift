import Foundation

/// The target, from `PARLANCE_FUZZ_TARGET` (understanding, wire or bundle).
let fuzzTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["PARLANCE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("set PARLANCE_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    return target
}()

#if FUZZING
/// libFuzzer's set-up, before the first input: the understanding models train here (seconds), not
/// inside an input's time limit.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    fuzzTarget.prepare()
    return 0
}

/// libFuzzer's entry: one input. Built with `Scripts/fuzz.sh` (swift build --sanitize fuzzer -DFUZZING).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    fuzzTarget.run(data)
    return 0
}
#else
/// Without libFuzzer: runs the target on each file named (a corpus replay, or a crash to reproduce).
@main
struct FuzzReplay {
    static func main() {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("no such file: \(path)\n".utf8))
                exit(1)
            }
            let files = isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                fuzzTarget.run(data)
                count += 1
            }
        }
        print("\(fuzzTarget.rawValue): \(count) inputs ran")
    }
}
#endif
