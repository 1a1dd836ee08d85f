import AsyncHTTPClient
public import Foundation
import JSONCore
import NIOCore
import NIOHTTP1

/// Reads a running server's journal over HTTP, for `harness journal`: the entries, the live stream of new ones,
/// and the session as a HAR cassette.
public struct JournalClient: Sendable {
    /// The server's origin (`http://127.0.0.1:8080`).
    public var origin: URL
    /// The admin token, when the server requires one.
    public var token: String?

    /// A client of the server at `origin`.
    public init(origin: URL, token: String? = nil) {
        self.origin = origin
        self.token = token
    }

    /// The entries matching `query` (`vendor=engage&violations=1`), oldest first.
    public func entries(query: String) async throws -> [JournalEntry] {
        let data = try await get("journal", query: query)
        struct Page: Decodable { var entries: [JournalEntry] }
        return try Self.decoder.decode(Page.self, from: data).entries
    }

    /// The journaled exchanges matching `query` as a redacted HAR cassette (its bytes).
    public func cassette(query: String) async throws -> Data {
        try await get("journal.har", query: query)
    }

    /// New entries matching `query` as the server journals them, after those above `since`; ends when the server
    /// closes the stream.
    public func follow(query: String) -> AsyncThrowingStream<JournalEntry, any Error> {
        let request = makeRequest("journal/stream", query: query)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let response = try await HTTPClient.shared.execute(request, timeout: .hours(24 * 365))
                    guard response.status == .ok else {
                        let body = try await response.body.collect(upTo: 1 << 20)
                        throw JournalClientError(status: Int(response.status.code), body: String(buffer: body))
                    }
                    var pending = ""
                    for try await chunk in response.body {
                        pending += String(buffer: chunk)
                        while let end = pending.range(of: "\n\n") {
                            let event = pending[..<end.lowerBound]
                            pending = String(pending[end.upperBound...])
                            let data = event.split(separator: "\n").filter { $0.hasPrefix("data: ") }
                                .map { $0.dropFirst(6) }.joined(separator: "\n")
                            guard !data.isEmpty else { continue }
                            continuation.yield(try Self.decoder.decode(JournalEntry.self, from: Data(data.utf8)))
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func get(_ path: String, query: String) async throws -> Data {
        let response = try await HTTPClient.shared.execute(makeRequest(path, query: query), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 512 << 20)
        guard response.status == .ok else {
            throw JournalClientError(status: Int(response.status.code), body: String(buffer: body))
        }
        return Data(body.readableBytesView)
    }

    private func makeRequest(_ path: String, query: String) -> HTTPClientRequest {
        var base = origin.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        var request = HTTPClientRequest(url: base + "/__harness/" + path + (query.isEmpty ? "" : "?" + query))
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        return request
    }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

/// The server refused a journal call: its status and the message it gave.
public struct JournalClientError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The HTTP status.
    public var status: Int
    /// The body the server sent (its JSON error).
    public var body: String

    /// `the server answered 400: …`.
    public var description: String {
        var message = body
        if let data = body.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let text = object["message"] as? String
        {
            message = text
        }
        return "the server answered \(status): \(message.trimmingWhitespace(newlines: true))"
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
