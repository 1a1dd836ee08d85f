import CassetteKit
public import Foundation
import JSONCore

/// One recorded request and its response, independent of how it was stored (a HAR entry, a journal line):
/// what the contract check reads.
public struct Interaction: Sendable {
    /// The cassette file it came from, as the report names it (`Cassettes/engage/login.har`).
    public var cassette: String
    /// The 0-based index of the entry in the cassette.
    public var entry: Int
    /// What was sent.
    public var request: Request
    /// What came back.
    public var response: Response

    /// An interaction of `cassette` at index `entry`.
    public init(cassette: String, entry: Int, request: Request, response: Response) {
        self.cassette = cassette
        self.entry = entry
        self.request = request
        self.response = response
    }

    /// A request as the contract check reads it.
    public struct Request: Sendable {
        /// The method as sent (`POST`).
        public var method: String
        /// The full URL as sent (`https://api-campaign-us-1.goacoustic.com/XMLAPI?x=1`) or just a path.
        public var url: String
        /// The header lines in order.
        public var headers: [HeaderField]
        /// The body, nil when there is none.
        public var body: Body?

        /// A request of `method` to `url`.
        public init(method: String, url: String, headers: [HeaderField] = [], body: Body? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }

        /// The URL's path (`/XMLAPI`), without scheme, host, query or fragment.
        public var path: String {
            // An ASCII URL (every one a client sends) is cut by its bytes; the walk by characters below, with
            // Foundation's search for `://`, cost a tenth of the live check of a small exchange (`perf`). The two cut
            // an ASCII URL in the same places: there every character is one byte.
            if let path = UTF8Bytes.withASCII(url, Self.asciiPath) { return path }
            var rest = Substring(url)
            if let scheme = rest.range(of: "://") {
                rest = rest[scheme.upperBound...]
                rest = rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...]
            }
            if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
            return rest.isEmpty ? "/" : String(rest)
        }

        private static let scheme = Array("://".utf8)

        /// ``path`` of an ASCII URL.
        private static func asciiPath(_ url: UnsafeBufferPointer<UInt8>) -> String {
            var rest = url[...]
            if let start = rest.indices.first(where: { rest[$0...].starts(with: scheme) }) {
                rest = rest[(start + scheme.count)...]
                rest = rest[(rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex)...]
            }
            if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                rest = rest[..<end]
            }
            return rest.isEmpty ? "/" : String(decoding: rest, as: UTF8.self)
        }

        /// The query parameters, percent-decoded, in order.
        public var query: [(name: String, value: String)] {
            var query: Substring
            if UTF8Bytes.isASCII(url) {
                // Every character one byte: the search by bytes finds what the one by characters below finds.
                guard let question = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return [] }
                query = url[url.utf8.index(after: question)...]
                if let hash = query.utf8.firstIndex(of: UInt8(ascii: "#")) { query = query[..<hash] }
            } else {
                guard let question = url.firstIndex(of: "?") else { return [] }
                query = url[url.index(after: question)...]
                if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
            }
            return FormCoding.decode(query).map { ($0.name, $0.value) }
        }
    }

    /// A response as the contract check reads it.
    public struct Response: Sendable {
        /// The status code (`200`).
        public var status: Int
        /// The header lines in order.
        public var headers: [HeaderField]
        /// The body, nil when there is none.
        public var body: Body?

        /// A response with `status`.
        public init(status: Int, headers: [HeaderField] = [], body: Body? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// A message body: its bytes and its media type (from `Content-Type` or the recording).
    public struct Body: Sendable {
        /// The bytes, decoded from their `Content-Encoding`.
        public var data: Data
        /// The `Content-Type` value as given, parameters included.
        public var contentType: String?

        /// A body of `data` announced as `contentType`.
        public init(data: Data, contentType: String?) {
            self.data = data
            self.contentType = contentType
        }

        /// A body of `text` in UTF-8 announced as `contentType`.
        public init(text: String, contentType: String?) {
            self.init(data: Data(text.utf8), contentType: contentType)
        }

        /// The media type without parameters, lower-cased: `application/json; charset=utf-8` → `application/json`.
        public var mediaType: String? { contentType.map(MediaType.essence) }
    }
}

/// One header line. Names compare case-insensitively where it matters (``Interaction/header(_:in:)``).
public struct HeaderField: Sendable, Hashable {
    /// The name as sent (`Content-Type`).
    public var name: String
    /// The value as sent.
    public var value: String

    /// A header line `name: value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension [HeaderField] {
    /// The first value of the header `name`, its ASCII letters in any case (field names are ASCII, RFC 9110 §5.1).
    public func value(of name: String) -> String? {
        first { UTF8Bytes.equalsIgnoringCase($0.name, name) }?.value
    }
}
