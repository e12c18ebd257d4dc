import Foundation

/// Reads routes.json (format in docs/server.md): strict, so a typo in a key is an error, not a route
/// that silently never matches.
struct RouteTableParser {
    let file: String
    let folder: URL

    private static let routeKeys: Set<String> = [
        "method", "path", "query", "queryMatch", "auth", "status", "headers", "file", "body", "json", "contentType",
        "template", "faults", "unauthorizedFile", "unauthorizedBody", "comment",
    ]

    func parse(_ data: Data) throws -> RouteTable {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw fail(nil, "not JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error)")
        }
        guard let object = root as? [String: Any], let list = object["routes"] as? [Any] else {
            throw fail(nil, "expected {\"routes\": [...]}")
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "routes" && $0 != "comment" }) {
            throw fail(nil, "unknown key \"\(unknown)\"")
        }
        var routes: [Route] = []
        var faults: [FaultRule] = []
        for (index, item) in list.enumerated() {
            guard let entry = item as? [String: Any] else { throw fail(index, "a route must be an object") }
            let route = try parseRoute(entry, index: index)
            routes.append(route)
            faults += try parseFaults(entry["faults"], index: index).map { FaultRule(path: route.path, fault: $0) }
        }
        return RouteTable(routes: routes, faults: faults)
    }

    private func parseRoute(_ entry: [String: Any], index: Int) throws -> Route {
        if let unknown = entry.keys.sorted().first(where: { !Self.routeKeys.contains($0) }) {
            throw fail(index, "unknown key \"\(unknown)\"")
        }
        guard let path = entry["path"] as? String, path.hasPrefix("/") || path.hasPrefix("*") else {
            throw fail(index, "\"path\" must be a string starting with / (or a * glob)")
        }
        let method = try string(entry["method"], "method", index) ?? "GET"
        var query: QueryMatch?
        if let raw = entry["query"] {
            guard let pairs = raw as? [String: Any] else { throw fail(index, "\"query\" must be an object") }
            var parameters: [String: String] = [:]
            // In name order: of several bad values, the same one is named every time (found by fuzzing).
            for (name, value) in pairs.sorted(by: { $0.key < $1.key }) {
                parameters[name] = try scalarText(value, "query.\(name)", index)
            }
            switch try string(entry["queryMatch"], "queryMatch", index) ?? "exact" {
            case "exact": query = .exact(parameters)
            case "subset": query = .subset(parameters)
            case let other: throw fail(index, "\"queryMatch\" must be \"exact\" or \"subset\", not \"\(other)\"")
            }
        } else if entry["queryMatch"] != nil {
            throw fail(index, "\"queryMatch\" without \"query\"")
        }
        let auth = try parseAuth(entry["auth"], index: index)
        let status = try int(entry["status"], "status", index) ?? 200
        guard (200...599).contains(status) else { throw fail(index, "\"status\" must be 200...599") }
        var headers: [String: String] = [:]
        if let raw = entry["headers"] {
            guard let pairs = raw as? [String: Any] else { throw fail(index, "\"headers\" must be an object") }
            // In name order: of several bad values, the same one is named every time (found by fuzzing).
            for (name, value) in pairs.sorted(by: { $0.key < $1.key }) {
                headers[name] = try scalarText(value, "headers.\(name)", index)
            }
        }
        let (body, defaultType) = try parseBody(entry, index: index)
        let contentType = try string(entry["contentType"], "contentType", index) ?? defaultType
        let template = try bool(entry["template"], "template", index) ?? false
        var unauthorizedBody: [UInt8]?
        if let name = try string(entry["unauthorizedFile"], "unauthorizedFile", index) {
            unauthorizedBody = try read(name, index: index)
        } else if let text = try string(entry["unauthorizedBody"], "unauthorizedBody", index) {
            unauthorizedBody = Array(text.utf8)
        }
        if unauthorizedBody != nil, auth == nil {
            throw fail(index, "an unauthorized body without \"auth\"")
        }
        return Route(method: method, path: path, query: query, auth: auth,
                     response: RouteResponse(status: status, headers: headers, data: body, contentType: contentType,
                                             template: template, unauthorizedBody: unauthorizedBody))
    }

    private func parseBody(_ entry: [String: Any], index: Int) throws -> ([UInt8], String) {
        let sources = ["file", "body", "json"].filter { entry[$0] != nil }
        guard sources.count <= 1 else { throw fail(index, "give one of \"file\", \"body\", \"json\", not several") }
        if let name = try string(entry["file"], "file", index) {
            return (try read(name, index: index), ContentTypes.forPath(name))
        }
        if let text = try string(entry["body"], "body", index) {
            return (Array(text.utf8), "text/plain; charset=utf-8")
        }
        if let json = entry["json"] {
            let data = try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed, .sortedKeys])
            return (Array(data), "application/json")
        }
        return ([], "text/plain; charset=utf-8")
    }

    private func parseAuth(_ raw: Any?, index: Int) throws -> RouteAuth? {
        guard let raw else { return nil }
        guard let object = raw as? [String: Any], object.count == 1 else {
            throw fail(index, "\"auth\" must be {\"bearer\": TOKEN} or {\"basic\": {\"user\": U, \"password\": P}}")
        }
        if let token = object["bearer"] as? String {
            return .bearer(token: token)
        }
        if let basic = object["basic"] as? [String: Any], let user = basic["user"] as? String,
           let password = basic["password"] as? String, basic.count == 2 {
            return .basic(user: user, password: password)
        }
        throw fail(index, "\"auth\" must be {\"bearer\": TOKEN} or {\"basic\": {\"user\": U, \"password\": P}}")
    }

    /// `faults`: a list of one-key objects, e.g. `{"delay": 0.5}`, `{"status": 503, "times": 2}`.
    private func parseFaults(_ raw: Any?, index: Int) throws -> [Fault] {
        guard let raw else { return [] }
        guard let list = raw as? [[String: Any]] else { throw fail(index, "\"faults\" must be a list of objects") }
        return try list.map { item in
            let times = try int(item["times"], "times", index) ?? Int.max
            let keys = Set(item.keys).subtracting(["times", "retryAfter"])
            guard keys.count == 1, let kind = keys.first else {
                throw fail(index, "each fault is one of delay, status, hold, stallAfterHeaders, shortBody, resetMidBody, throttle, ignoreRange, wrongContentRange")
            }
            switch kind {
            case "delay":
                guard let number = item[kind] as? NSNumber, !Self.isBoolean(number), number.doubleValue >= 0 else { throw fail(index, "\"delay\" needs seconds") }
                return .delay(seconds: number.doubleValue)
            case "status":
                guard let code = try int(item[kind], "status", index) else { throw fail(index, "\"status\" needs a code") }
                return .status(code: code, times: times, retryAfter: try string(item["retryAfter"], "retryAfter", index))
            case "hold":
                return .holdUntilReleased
            case "stallAfterHeaders":
                return .stallAfterHeaders(times: try int(item[kind], kind, index) ?? times)
            case "shortBody":
                return .shortBody(times: try int(item[kind], kind, index) ?? times)
            case "resetMidBody":
                return .resetMidBody(times: try int(item[kind], kind, index) ?? times)
            case "throttle":
                guard let rate = try int(item[kind], kind, index), rate > 0 else {
                    throw fail(index, "\"throttle\" needs bytes per second")
                }
                return .throttle(bytesPerSecond: rate)
            case "ignoreRange":
                return .ignoreRange
            case "wrongContentRange":
                return .wrongContentRange
            default:
                throw fail(index, "unknown fault \"\(kind)\"")
            }
        }
    }

    private func read(_ name: String, index: Int) throws -> [UInt8] {
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
            throw fail(index, "\"\(name)\" must be a path inside the routes.json folder")
        }
        let url = folder.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw fail(index, "cannot read \(url.path)")
        }
        return Array(data)
    }

    private func fail(_ route: Int?, _ message: String) -> RouteTableError {
        RouteTableError(file: file, route: route, message: message)
    }

    private func string(_ value: Any?, _ key: String, _ index: Int) throws -> String? {
        guard let value else { return nil }
        guard let text = value as? String else { throw fail(index, "\"\(key)\" must be a string") }
        return text
    }

    private func int(_ value: Any?, _ key: String, _ index: Int) throws -> Int? {
        guard let value else { return nil }
        guard let number = value as? NSNumber, !Self.isBoolean(number),
              number.doubleValue == number.doubleValue.rounded(), abs(number.doubleValue) < 1e15
        else { throw fail(index, "\"\(key)\" must be an integer") }
        return number.intValue
    }

    private func bool(_ value: Any?, _ key: String, _ index: Int) throws -> Bool? {
        guard let value else { return nil }
        guard let number = value as? NSNumber, Self.isBoolean(number) else {
            throw fail(index, "\"\(key)\" must be true or false")
        }
        return number.boolValue
    }

    /// JSONSerialization gives `true`/`false` as NSNumbers of type `c` (char); numbers never are.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// A query or header value given as a string or a number.
    private func scalarText(_ value: Any, _ key: String, _ index: Int) throws -> String {
        if let text = value as? String { return text }
        if let number = value as? NSNumber, !Self.isBoolean(number) { return number.stringValue }
        throw fail(index, "\"\(key)\" must be a string or a number")
    }
}
