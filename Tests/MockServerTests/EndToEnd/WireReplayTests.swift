import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOHTTP1
import Testing

/// Replay hits in the plain form are answered from a connection's bytes, ahead of NIO's HTTP/1.1 codec; these
/// tests hold that path to the answers, journal and order of the others, over a real server on a real port.
@Suite("End to end: replay hits answered from the connection's bytes")
struct WireReplayTests {
    static let hit = "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\n\r\n"
    static let event = #"{"count":1,"name":"open"}"#
    static let post =
        "POST /engage/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(event.utf8.count)\r\n\r\n\(event)"

    @Test("Requests arriving in pieces, split anywhere, and several in one read are answered from the wire")
    func pieces() async throws {
        try await ReplayTests.withReplayServer { server, endpoints in
            let port = try #require(endpoints.origin.port)
            #expect(
                try await TestHTTP.fetch(URL(string: "\(endpoints.baseURL(for: "engage"))/profile?id=7")!)
                    .status == 200)
            #expect(
                try await TestHTTP.send(
                    endpoints.baseURL(for: "engage").appendingPathComponent("events"), method: .POST,
                    json: ["count": 1, "name": "open"]
                ).status == 202)
            let before = server.wireHits
            let bytes = Array((Self.hit + Self.post + Self.hit + Self.post).utf8)
            // Single bytes through the first request's head, then pieces cutting the others anywhere.
            var pieces = (0..<40).map { [bytes[$0]] }
            var start = 40
            for length in [3, 50, 7, 120, 1, 64] where start < bytes.count {
                let end = min(bytes.count, start + length)
                pieces.append(Array(bytes[start..<end]))
                start = end
            }
            if start < bytes.count { pieces.append(Array(bytes[start...])) }
            let outcome = try await RawTCP.exchange(port: port, pieces: pieces, halfClose: true)
            let responses = try RawHTTPResponse.parseAll(outcome.bytes)
            try #require(responses.map(\.status) == [200, 202, 200, 202])
            #expect(responses[0].json == ["name": "Ann"])
            #expect(responses[1].json == ["ok": true])
            #expect(server.wireHits - before == 4)
            #expect(server.journal.entries().map(\.outcome) == Array(repeating: .hit, count: 6))
        }
    }

    @Test("A hit after a miss on one connection takes the decoder's path; answers and journal keep their order")
    func passingOn() async throws {
        try await ReplayTests.withReplayServer { server, endpoints in
            let port = try #require(endpoints.origin.port)
            _ = try await TestHTTP.fetch(URL(string: "\(endpoints.baseURL(for: "engage"))/profile?id=7")!)
            let before = server.wireHits
            let miss = "GET /engage/nothing HTTP/1.1\r\nHost: x\r\n\r\n"
            let outcome = try await RawTCP.exchange(
                port: port, pieces: [Array((Self.hit + miss).utf8), Array(Self.hit.utf8)], halfClose: true)
            let responses = try RawHTTPResponse.parseAll(outcome.bytes)
            #expect(responses.map(\.status) == [200, 404, 200])
            #expect(server.wireHits - before == 1, "only the hit before the miss")
            #expect(server.journal.entries().map(\.outcome) == [.hit, .hit, .miss, .hit])
            #expect(server.journal.entries().map(\.sequence) == [1, 2, 3, 4])
        }
    }

    @Test("An answer from the wire is the responder's: status, headers in order, body, and a fresh Date")
    func sameBytesAsResponder() async throws {
        try await ReplayTests.withReplayServer { server, endpoints in
            let port = try #require(endpoints.origin.port)
            let before = server.wireHits
            let wire = try await RawTCP.exchange(port: port, Self.hit, halfClose: true)
            // A fault header that changes nothing sends the same request through the responder.
            let responder = try await RawTCP.exchange(
                port: port, "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nX-Harness-Fault: latency=0ms\r\n\r\n",
                halfClose: true)
            #expect(server.wireHits - before == 1, "the first from the wire, the second from the responder")
            let dateless = { (text: String) in
                text.components(separatedBy: "\r\n").filter { !$0.lowercased().hasPrefix("date:") }
            }
            #expect(dateless(wire.text).map { $0.lowercased() } == dateless(responder.text).map { $0.lowercased() })
            let date = try #require(
                try RawHTTPResponse.parseAll(wire.bytes).first?.headers.first { $0.0 == "date" })
            #expect(date.1.hasSuffix(" GMT") && date.1.count == 29, "\(date.1)")
        }
    }

    @Test("Thousands of pipelined hits sent in one go are all answered, in order, whichever path each takes")
    func floodInOneWrite() async throws {
        try await ReplayTests.withReplayServer { server, endpoints in
            let port = try #require(endpoints.origin.port)
            let count = 3_000
            let requests = (0..<count).map { $0.isMultiple(of: 2) ? Self.hit : Self.post }.joined()
            let outcome = try await RawTCP.exchange(port: port, requests, halfClose: true)
            let responses = try RawHTTPResponse.parseAll(outcome.bytes)
            #expect(responses.map(\.status) == (0..<count).map { $0.isMultiple(of: 2) ? 200 : 202 })
            #expect(server.journal.entries().count == count)
            #expect(server.wireHits > 0)
        }
    }

    @Test(
        "Hostile bytes at the start of a connection get the decoder's answer, never a crash, and the server goes on",
        arguments: [
            Array("GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nX-Long: ".utf8)
                + Array(repeating: UInt8(ascii: "a"), count: 20_000),
            Array("GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nContent-Len".utf8),
            Array("POST /engage/events HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc".utf8),
            Array("GET /engage/profile?id=7 HTTP/1.1\r\nHost: \u{0}\r\n\r\n".utf8),
            [0, 255, 13, 10, 13, 10],
            Array(repeating: 13, count: 9_000),
        ])
    func hostileBytes(_ bytes: [UInt8]) async throws {
        try await ReplayTests.withReplayServer { server, endpoints in
            let port = try #require(endpoints.origin.port)
            let outcome = try await RawTCP.exchange(port: port, pieces: [bytes], halfClose: true)
            if !outcome.bytes.isEmpty {
                #expect(outcome.text.hasPrefix("HTTP/1.1 "), "\(outcome.text.prefix(200))")
            }
            #expect(server.wireHits == 0)
            let after = try await RawTCP.exchange(port: port, Self.hit, halfClose: true)
            #expect(try RawHTTPResponse.parseAll(after.bytes).map(\.status) == [200])
        }
    }
}
