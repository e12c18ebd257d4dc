// docs/server.md, "Fixture routes": JSON by path, query and auth; a held route; what the client sent.
import Foundation
import StreamServer

// snippet.hide
func routes(categoriesJSON: String, jpeg: [UInt8]) async throws {
// snippet.show
let server = try await StreamServer.start(routes: RouteTable(routes: [
    Route(path: "/ibl/v1/categories", query: .exact(["rights": "mobile"]),
          response: RouteResponse(string: categoriesJSON)),                      // application/json
    Route(path: "/me/albums", query: .subset(["page": "2"]), auth: .bearer(token: "T"),
          response: RouteResponse(string: #"{"paging": {"next": null}, "data": []}"#)),
    Route(path: "/images/ic/*/p06cfvzl.jpg", response: RouteResponse(data: jpeg, contentType: "image/jpeg")),
]))                                                    // or RouteTable.load(contentsOf: routesJSON)
server.setFaults([FaultRule(path: "/ibl/v1/categories", fault: .holdUntilReleased)])   // faults apply by path
server.statistics.requests.map { ($0.path, $0.query, $0.authorizationScheme) }         // what the client sent
// snippet.hide
try await server.shutdown()
}
// snippet.show
