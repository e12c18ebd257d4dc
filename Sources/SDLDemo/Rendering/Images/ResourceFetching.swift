import AsyncHTTPClient
import Foundation
import NIOCore

/// Fetches the bytes behind a URL: thumbnails and pictures. The app wiring supplies one;
/// a feed app backs it with its HTTP client (FeedKit), tests with files or a local StreamServer.
protocol ResourceFetching: Sendable {
    /// The body at `url`; throws ``ResourceError`` saying what failed and where.
    func bytes(at url: URL) async throws -> [UInt8]
}

/// A resource could not be fetched.
struct ResourceError: Error, CustomStringConvertible, Equatable {
    var message: String
    var description: String { message }
}

/// Files (`file:` URLs) and HTTP (`http:`, `https:` through AsyncHTTPClient's shared client): a deadline per
/// request, a size cap, and a status check (only 2xx is a body).
struct StandardResourceFetcher: ResourceFetching {
    /// Longest a request may take.
    var deadline: TimeAmount = .seconds(10)
    /// Largest body accepted.
    var maximumBytes = 16 << 20

    func bytes(at url: URL) async throws -> [UInt8] {
        switch url.scheme?.lowercased() {
        case "file"?:
            return try await Task.detached {
                do {
                    let data = try Data(contentsOf: url)
                    guard data.count <= maximumBytes else {
                        throw ResourceError(message: "\(url.path): \(data.count) bytes is more than the \(maximumBytes)-byte limit")
                    }
                    return [UInt8](data)
                } catch let error as ResourceError {
                    throw error
                } catch {
                    throw ResourceError(message: "\(url.path): \(error.localizedDescription)")
                }
            }.value
        case "http"?, "https"?:
            let request = HTTPClientRequest(url: url.absoluteString)
            let response: HTTPClientResponse
            do {
                response = try await HTTPClient.shared.execute(request, timeout: deadline)
            } catch {
                throw ResourceError(message: "\(url.absoluteString): \(error)")
            }
            guard (200..<300).contains(response.status.code) else {
                throw ResourceError(message: "\(url.absoluteString): HTTP \(response.status.code)")
            }
            do {
                let body = try await response.body.collect(upTo: maximumBytes)
                return Array(body.readableBytesView)
            } catch {
                throw ResourceError(message: "\(url.absoluteString): body: \(error)")
            }
        default:
            throw ResourceError(message: "\(url.absoluteString): unsupported scheme (file, http and https are)")
        }
    }
}
