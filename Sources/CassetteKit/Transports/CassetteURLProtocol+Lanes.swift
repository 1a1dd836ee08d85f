#if canImport(FoundationNetworking)
import Foundation
import JSONCore
public import FoundationNetworking
#else
public import Foundation
#endif

/// The registered handlers, by lane. A lane is a protocol class of its own: `LaneProtocol<Marker>` where the
/// marker type counts the lane (`NextLane<NextLane<FirstLane>>` is lane 2), built at run time by
/// ``protocolClass(_:)``. Freed lanes are reused.
final class Lanes: Sendable {
    static let shared = Lanes()

    private let handlers = Locked<[CassetteURLProtocol.Handler?]>([])

    func open(_ handler: @escaping CassetteURLProtocol.Handler) -> Int {
        handlers.withLock { handlers in
            if let free = handlers.firstIndex(where: { $0 == nil }) {
                handlers[free] = handler
                return free
            }
            handlers.append(handler)
            return handlers.count - 1
        }
    }

    func close(_ lane: Int) {
        handlers.withLock { handlers in
            if handlers.indices.contains(lane) { handlers[lane] = nil }
        }
    }

    func handler(_ lane: Int) -> CassetteURLProtocol.Handler? {
        handlers.withLock { handlers in handlers.indices.contains(lane) ? handlers[lane] : nil }
    }

    /// The protocol class of `lane`.
    static func protocolClass(_ lane: Int) -> CassetteURLProtocol.Type {
        func build<Marker: LaneMarker>(_ remaining: Int, _: Marker.Type) -> CassetteURLProtocol.Type {
            remaining == 0 ? LaneProtocol<Marker>.self : build(remaining - 1, NextLane<Marker>.self)
        }
        return build(lane, FirstLane.self)
    }
}

protocol LaneMarker {
    static var lane: Int { get }
}

enum FirstLane: LaneMarker {
    static var lane: Int { 0 }
}

enum NextLane<Previous: LaneMarker>: LaneMarker {
    static var lane: Int { Previous.lane + 1 }
}

/// The protocol class of one lane.
final class LaneProtocol<Marker: LaneMarker>: CassetteURLProtocol {
    override class var lane: Int? { Marker.lane }
}

extension CassetteRequest {
    /// The request a URLSession task sends, its body read from `httpBody` or `httpBodyStream`.
    init(_ request: URLRequest) {
        var headers = HeaderFields()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.append(name, value)
        }
        var body = request.httpBody ?? Data()
        if body.isEmpty, let stream = request.httpBodyStream {
            body = Self.read(stream)
        }
        self.init(
            method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "", headers: headers, body: body)
    }

    private static func read(_ stream: InputStream) -> Data {
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            guard count > 0 else { break }
            data.append(buffer, count: count)
        }
        return data
    }

    /// The request for a plain URLSession (recording through the URL protocol).
    var urlRequest: URLRequest? {
        guard let url = URL(string: url) else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for field in headers { request.addValue(field.value, forHTTPHeaderField: field.name) }
        if !body.isEmpty { request.httpBody = body }
        return request
    }
}

extension URLSession {
    /// Sends `request` and collects the response. URLSession has already undone any `Content-Encoding`, so
    /// that header (and `Content-Length`) are dropped: the recorded body is the decoded one. (The upstream of a
    /// recorder: `recorder.response(for: request) { try await session.cassetteResponse(for: $0) }`.)
    public func cassetteResponse(for request: CassetteRequest) async throws -> CassetteResponse {
        guard let urlRequest = request.urlRequest else {
            throw CassetteError.invalidRequest("'\(request.url)' is not an absolute URL")
        }
        let (data, response) = try await data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw CassetteError.invalidRequest("\(request.url) did not answer over HTTP")
        }
        var headers = HeaderFields()
        for (name, value) in http.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            headers.append(name, value)
        }
        headers.removeAll(named: "Content-Encoding")
        headers.removeAll(named: "Content-Length")
        return CassetteResponse(
            status: http.statusCode, statusText: HTTPURLResponse.localizedString(forStatusCode: http.statusCode),
            headers: headers, body: data)
    }
}
