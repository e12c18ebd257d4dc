#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// The few libm functions the module needs, gathered here so no other file has to pick a C library.
enum Math {
    @inline(__always) static func exp(_ x: Double) -> Double { libmExp(x) }
    @inline(__always) static func log(_ x: Double) -> Double { libmLog(x) }
}

// Module-level aliases so the static members above do not shadow the C functions they call.
@inline(__always) private func libmExp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func libmLog(_ x: Double) -> Double { log(x) }
