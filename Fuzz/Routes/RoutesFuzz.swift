import Foundation

// Fuzz target `routes`: the route-table parser of StreamServer (`routes.json`, docs/server.md), which
// `streamserve --routes` reads. The whole input is the file. Files the table names are looked up in an empty
// folder, so a fuzzed table reads nothing. Invariants: deterministic; errors name the file; an accepted
// table has paths starting with "/" (or globs, "*") and statuses 100...599.

private let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("routes-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let parser = RouteTableParser(file: "routes.json", folder: folder)
    checkDecoder("routes", bytes, decode: { try parser.parse(Data($0)) }) { table in
        for route in table.routes {
            // A path, or a glob (`*.ts`, docs/server.md).
            fuzzRequire(route.path.hasPrefix("/") || route.path.hasPrefix("*"), "route path \(route.path.debugDescription) accepted")
            fuzzRequire((100...599).contains(route.response.status), "status \(route.response.status) accepted")
        }
    }
    if case .failure(let error) = Result(catching: { try parser.parse(Data(bytes)) }) {
        fuzzRequire("\(error)".contains("routes.json"), "error does not name the file: \(error)")
    }
    return 0
}
