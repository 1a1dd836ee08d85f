import CassetteKit
import Foundation
import HTTPTypes
import Hummingbird
import JSONCore
import NIOCore

/// Hop-by-hop headers (RFC 9110 §7.6.1), never forwarded nor replayed; `Content-Length` is recomputed.
enum HopByHop {
    static let names: Set<String> = [
        "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "proxy-connection", "te", "trailer",
        "trailers", "transfer-encoding", "upgrade", "content-length",
    ]

    /// Whether `name` must be dropped, given the request's or response's `Connection` header values.
    static func drops(_ name: String, connection: [String]) -> Bool {
        let lowered = name.lowercased()
        if names.contains(lowered) || lowered.hasPrefix("x-harness-") { return true }
        return connection.contains {
            $0.split(separator: ",").contains { $0.trimmingWhitespace().lowercased() == lowered }
        }
    }
}

extension HeaderFields {
    /// Hummingbird's fields, in order.
    init(_ fields: HTTPFields) {
        self.init(fields.map { HeaderFields.Field($0.name.rawName, $0.value) })
    }

    /// The end-to-end fields as HTTP fields; names HTTP cannot carry are dropped.
    var endToEndFields: HTTPFields {
        let connection = values(for: "Connection")
        var result = HTTPFields()
        for field in self where !HopByHop.drops(field.name, connection: connection) {
            guard let name = HTTPField.Name(field.name) else { continue }
            result.append(HTTPField(name: name, value: field.value))
        }
        return result
    }
}

extension CassetteResponse {
    /// The response as Hummingbird sends it.
    var hummingbirdResponse: Response { PreparedResponse(self).response }
}

extension HTTPResponse.Status {
    /// A recorded or upstream status; one HTTP cannot carry (outside 100...599) becomes 502.
    init(recorded code: Int, reasonPhrase: String) {
        self = (100...599).contains(code) ? HTTPResponse.Status(code: code, reasonPhrase: reasonPhrase) : .badGateway
    }
}

/// A request target split into path and query, without decoding.
struct RequestTarget: Sendable, Hashable {
    var path: Substring
    var query: Substring?

    init(_ target: String) {
        // In an ASCII target (every one WireRequest reads) each character is a byte, so the `?` is found as one,
        // without the walk by characters that cost a fiftieth of a simulated write's time (`perf`).
        let ascii = UTF8Bytes.isASCII(target)
        if let mark = ascii ? target.utf8.firstIndex(of: UInt8(ascii: "?")) : target.firstIndex(of: "?") {
            path = target[..<mark]
            query = target[target.index(after: mark)...]
        } else {
            path = Substring(target)
            query = nil
        }
    }

    /// Whether the target is the admin API (`/__harness` and below).
    var isAdmin: Bool { path == "/__harness" || path.hasPrefix("/__harness/") }

    /// `path?query` with the path replaced.
    func relative(path newPath: Substring) -> String {
        let base = newPath.isEmpty ? "/" : String(newPath)
        guard let query else { return base }
        return base + "?" + query
    }
}
