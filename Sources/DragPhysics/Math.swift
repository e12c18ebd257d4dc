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
    static let pi = Double.pi
    @inline(__always) static func sin(_ x: Double) -> Double { libmSin(x) }
    @inline(__always) static func cos(_ x: Double) -> Double { libmCos(x) }
    @inline(__always) static func exp(_ x: Double) -> Double { libmExp(x) }
    /// `eˣ − 1`, accurate for small `x`.
    @inline(__always) static func expm1(_ x: Double) -> Double { libmExpm1(x) }
    @inline(__always) static func exp2(_ x: Double) -> Double { libmExp2(x) }
    @inline(__always) static func log(_ x: Double) -> Double { libmLog(x) }
    @inline(__always) static func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }
}

// Module-level aliases so the static members above do not shadow the C functions they call.
@inline(__always) private func libmSin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func libmCos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func libmExp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func libmExpm1(_ x: Double) -> Double { expm1(x) }
@inline(__always) private func libmExp2(_ x: Double) -> Double { exp2(x) }
@inline(__always) private func libmLog(_ x: Double) -> Double { log(x) }
@inline(__always) private func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
