import Foundation
import StreamServer
import TestSupport

/// The sample catalog's routes (Sources/Samples/IPlayerSample/routes.json), with `extra` routes answered first.
func sampleRoutes(extra: [Route] = []) throws -> RouteTable {
    try PackagePaths.routes(of: PackagePaths.iPlayerSample, extra: extra)
}

/// The sample file `name` with `{{base_url}}` replaced by `base`.
func sampleText(_ name: String, base: String) throws -> String {
    String(decoding: try Data(contentsOf: PackagePaths.iPlayerSample.appendingPathComponent(name)), as: UTF8.self)
        .replacingOccurrences(of: "{{base_url}}", with: base)
}
