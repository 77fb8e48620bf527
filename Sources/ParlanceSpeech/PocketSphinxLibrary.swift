import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The C functions of pocketsphinx 5prealpha (Debian's `libpocketsphinx3`), found with dlopen when first
/// needed, so that Parlance builds and runs without the library; `load()` says plainly when it is missing.
struct PocketSphinxLibrary: @unchecked Sendable {
    typealias Args = @convention(c) () -> OpaquePointer?
    typealias ParseArguments = @convention(c) (OpaquePointer?, OpaquePointer?, Int32,
                                               UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32) -> OpaquePointer?
    typealias Create = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Release = @convention(c) (OpaquePointer?) -> Int32
    typealias Simple = @convention(c) (OpaquePointer?) -> Int32
    typealias ProcessRaw = @convention(c) (OpaquePointer?, UnsafePointer<Int16>?, Int, Int32, Int32) -> Int32
    typealias Hypothesis = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?
    typealias Next = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias FreeList = @convention(c) (OpaquePointer?) -> Void
    typealias LogMath = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Exponent = @convention(c) (OpaquePointer?, Int32) -> Double

    let args: Args
    let parseArguments: ParseArguments
    let freeConfig: Release
    let create: Create
    let free: Release
    let startUtterance: Simple
    let processRaw: ProcessRaw
    let endUtterance: Simple
    let hypothesis: Hypothesis
    let probability: Simple
    let nbest: Next
    let nbestNext: Next
    let nbestHypothesis: Hypothesis
    let nbestFree: FreeList
    let logMath: LogMath
    let exponent: Exponent

    /// The library's file names, newest first.
    static let names = ["libpocketsphinx.so.3", "libpocketsphinx.so"]
    static let baseNames = ["libsphinxbase.so.3", "libsphinxbase.so"]

    private static let loaded: Result<PocketSphinxLibrary, SpeechError> = {
        guard let base = baseNames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_GLOBAL) }).first,
              let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW) }).first else {
            return .failure(SpeechError(.engineMissing, "pocketsphinx is not installed, so Parlance cannot recognise "
                + "speech offline; install it with `apt-get install libpocketsphinx3 pocketsphinx-en-us`, or use a "
                + "Wyoming speech-to-text service"))
        }
        func symbol<T>(_ library: UnsafeMutableRawPointer, _ name: String, as: T.Type) throws(SpeechError) -> T {
            guard let pointer = dlsym(library, name) else {
                throw SpeechError(.engineMissing, "the installed pocketsphinx has no \(name); Parlance needs version 5prealpha")
            }
            return unsafeBitCast(pointer, to: T.self)
        }
        do throws(SpeechError) {
            return .success(PocketSphinxLibrary(
                args: try symbol(handle, "ps_args", as: Args.self),
                parseArguments: try symbol(base, "cmd_ln_parse_r", as: ParseArguments.self),
                freeConfig: try symbol(base, "cmd_ln_free_r", as: Release.self),
                create: try symbol(handle, "ps_init", as: Create.self),
                free: try symbol(handle, "ps_free", as: Release.self),
                startUtterance: try symbol(handle, "ps_start_utt", as: Simple.self),
                processRaw: try symbol(handle, "ps_process_raw", as: ProcessRaw.self),
                endUtterance: try symbol(handle, "ps_end_utt", as: Simple.self),
                hypothesis: try symbol(handle, "ps_get_hyp", as: Hypothesis.self),
                probability: try symbol(handle, "ps_get_prob", as: Simple.self),
                nbest: try symbol(handle, "ps_nbest", as: Next.self),
                nbestNext: try symbol(handle, "ps_nbest_next", as: Next.self),
                nbestHypothesis: try symbol(handle, "ps_nbest_hyp", as: Hypothesis.self),
                nbestFree: try symbol(handle, "ps_nbest_free", as: FreeList.self),
                logMath: try symbol(handle, "ps_get_logmath", as: LogMath.self),
                exponent: try symbol(base, "logmath_exp", as: Exponent.self)))
        } catch {
            return .failure(error)
        }
    }()

    /// The library, or why it cannot be used.
    static func load() throws(SpeechError) -> PocketSphinxLibrary {
        try loaded.get()
    }
}
