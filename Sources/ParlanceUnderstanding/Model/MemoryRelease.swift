
#if canImport(Glibc)
import Glibc
#endif

/// Gives memory freed after training back to the system: training allocates far more (expanded
/// sentences, feature lists) than the trained models keep, and glibc holds on to freed pages.
enum MemoryRelease {
    static func returnFreedMemory() {
        #if canImport(Glibc)
        // malloc_trim is in <malloc.h>, which the Glibc module does not export.
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
