import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOHTTP1
import Testing

/// Replay hits are answered on the event loop ahead of Hummingbird; these tests hold that path to the same
/// answers, journal and response order as the responder's.
@Suite("End to end: replay hits answered on the event loop")
struct ImmediateReplayTests {
    func replay(_ folder: URL) -> MockServerConfiguration {
        MockServerConfiguration(mode: .replay, cassettesDirectory: folder)
    }

    @Test("Pipelined requests mixing hits, a miss, the admin API and Connection: close are answered in order")
    func pipelinedOrder() async throws {
        try await ReplayTests.withReplayServer { server, endpoints in
            let port = try #require(endpoints.origin.port)
            let event = #"{"count":1,"name":"open"}"#
            let requests = [
                "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\n\r\n",
                "GET /engage/nothing HTTP/1.1\r\nHost: x\r\n\r\n",
                "POST /engage/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(event.utf8.count)\r\n\r\n\(event)",
                "GET /__harness/health HTTP/1.1\r\nHost: x\r\n\r\n",
                "POST /engage/oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n5\r\n{\"use\r\n9\r\nr\":\"ann\"}\r\n0\r\n\r\n",
                "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            ]
            let outcome = try await RawTCP.exchange(port: port, requests.joined())
            let responses = try RawHTTPResponse.parseAll(outcome.bytes)
            try #require(responses.map(\.status) == [200, 404, 202, 200, 200, 200])
            #expect(responses[0].json == ["name": "Ann"])
            #expect(responses[1].json?["error"] == "no recorded interaction matches")
            #expect(responses[2].json == ["ok": true])
            #expect(responses[4].json == ["token": "t-1"])
            #expect(responses[5].json == ["name": "Ann"])
            let journal = server.journal.entries()
            #expect(journal.map(\.outcome) == [.hit, .miss, .hit, .hit, .hit])
            #expect(
                journal.map(\.path) == [
                    "/engage/profile", "/engage/nothing", "/engage/events", "/engage/oauth/token",
                    "/engage/profile",
                ])
            #expect(journal.map(\.sequence) == [1, 2, 3, 4, 5])
            // Only the first: every request after the miss waits for the answer of one before it.
            #expect(server.eventLoopHits == 1)
            // Once those answers are out, hits are answered on the event loop again.
            let again = try await TestHTTP.fetch(URL(string: "\(endpoints.baseURL(for: "engage"))/profile?id=7")!)
            #expect(again.status == 200)
            #expect(server.eventLoopHits == 2)
        }
    }

    @Test("A repeated request follows the cassettes: a reloaded answer, an unloaded cassette, the replay order")
    func memoFollowsTheCassettes() async throws {
        try await withTemporaryDirectory { folder in
            try ReplayTests.cassettes(in: folder.url)
            try CassetteFixture.write(
                "engage/poll", in: folder.url,
                [
                    CassetteFixture.json("GET", "/poll", answer: ["state": "waiting"]),
                    CassetteFixture.json("GET", "/poll", answer: ["state": "done"]),
                ])
            // The answers the responder gives (Connection: close keeps a request off the event loop).
            let polls = 4
            let expected = try await withServer(replay(folder.url)) { _, endpoints in
                var states: [JSONValue?] = []
                for _ in 0..<polls {
                    let url = endpoints.baseURL(for: "engage").appendingPathComponent("poll")
                    states.append(try await TestHTTP.fetch(url, headers: [("Connection", "close")]).json?["state"])
                }
                return states
            }
            try await withServer(replay(folder.url)) { server, endpoints in
                let engage = endpoints.baseURL(for: "engage")
                var states: [JSONValue?] = []
                for _ in 0..<polls {
                    states.append(try await TestHTTP.fetch(engage.appendingPathComponent("poll")).json?["state"])
                }
                #expect(states == expected)
                #expect(states.first == "waiting")
                // The first request parses the cassette on the responder's path; the others are answered on the loop.
                #expect(server.eventLoopHits == polls - 1)

                let profile = URL(string: "\(engage)/profile?id=7")!
                #expect(try await TestHTTP.fetch(profile).json == ["name": "Ann"])
                #expect(try await TestHTTP.fetch(profile).json == ["name": "Ann"])
                try CassetteFixture.write(
                    "engage/login", in: folder.url,
                    [CassetteFixture.json("GET", "/profile?id=7", answer: ["name": "Bob"])])
                let reload = try await TestHTTP.send(
                    endpoints.origin.appendingPathComponent("__harness/cassettes"), method: .POST,
                    json: ["name": "engage/login"])
                #expect(reload.status == 201)
                #expect(
                    try await TestHTTP.fetch(profile).json == ["name": "Bob"], "the reloaded answer, not the kept one")

                let unload = try await TestHTTP.fetch(
                    endpoints.origin.appendingPathComponent("__harness/cassettes/engage/login"), method: .DELETE)
                #expect(unload.status == 200)
                let gone = try await TestHTTP.fetch(profile)
                #expect(gone.status == 404, "the unloaded cassette answers no more")
                // The second Ann and Bob came from the event loop; the first Ann parsed, the miss went to the responder.
                #expect(server.eventLoopHits == polls - 1 + 2)
            }
        }
    }

    @Test("Requests that each differ, answered with large bodies, are kept within the memo's byte budget")
    func memoBudget() async throws {
        try await withTemporaryDirectory { folder in
            // A 1 MiB answer: its journal record holds a copy of it for as long as the request is kept.
            let blob = String(repeating: "x", count: 1 << 20)
            try CassetteFixture.write(
                "engage/large", in: folder.url, [CassetteFixture.json("GET", "/large", answer: ["blob": .string(blob)])]
            )
            try await withServer(replay(folder.url)) { server, endpoints in
                let large = endpoints.baseURL(for: "engage").appendingPathComponent("large")
                var most = 0
                // Each request carries an id of its own, as SDKs send, so each is a new request to keep.
                for number in 0..<80 {
                    let answer = try await TestHTTP.fetch(large, headers: [("X-Request-Id", "\(number)")])
                    #expect(answer.status == 200)
                    most = max(most, server.keptReplayRoutes)
                }
                #expect(server.eventLoopHits >= 70)
                // 64 MiB at most: 64 answers of 1 MiB.
                #expect(most <= 64, "kept \(most) answers of 1 MiB")
                #expect(server.keptReplayRoutes < 80)
            }
        }
    }

    @Test("Only requests that match are kept, up to 16 KiB each: misses and large bodies hold no memory")
    func memoStaysBounded() async throws {
        try await withTemporaryDirectory { folder in
            try ReplayTests.cassettes(in: folder.url)
            let padding = String(repeating: "x", count: 20_000)
            try CassetteFixture.write(
                "engage/big", in: folder.url,
                [CassetteFixture.json("POST", "/big", body: ["padding": .string(padding)], answer: ["ok": true])])
            try await withServer(replay(folder.url)) { server, endpoints in
                let engage = endpoints.baseURL(for: "engage")
                for number in 0..<3 {
                    _ = try await TestHTTP.fetch(URL(string: "\(engage)/profile?id=7")!)
                    let miss = try await TestHTTP.fetch(URL(string: "\(engage)/profile?id=\(100 + number)")!)
                    #expect(miss.status == 404)
                }
                for _ in 0..<3 {
                    let large = try await TestHTTP.send(
                        engage.appendingPathComponent("big"), method: .POST, json: ["padding": .string(padding)])
                    #expect(large.status == 200)
                }
                #expect(server.eventLoopHits >= 4, "the large body was answered on the event loop, not kept")
                #expect(server.keptReplayRoutes == 1, "only GET /profile?id=7")
            }
        }
    }

    @Test("A hit answered on the event loop carries the responder's status, headers and body, and a fresh Date")
    func sameAsResponder() async throws {
        try await ReplayTests.withReplayServer { server, endpoints in
            let url = URL(string: "\(endpoints.baseURL(for: "engage"))/profile?id=7")!
            let immediate = try await TestHTTP.fetch(url)
            // A fault header that changes nothing sends the same request through the responder.
            let responder = try await TestHTTP.fetch(url, headers: [("X-Harness-Fault", "latency=0ms")])
            #expect(immediate.status == responder.status)
            #expect(immediate.body == responder.body)
            let names = { (fetched: Fetched) in fetched.headers.map { $0.name.lowercased() } }
            #expect(names(immediate) == names(responder))
            for field in responder.headers where field.name.lowercased() != "date" {
                #expect(immediate.headers[field.name] == [field.value], "\(field.name)")
            }
            let date = try #require(immediate.headers.first(name: "date"))
            #expect(date.hasSuffix(" GMT") && date.count == 29, "\(date)")
            #expect(server.journal.entries().map(\.outcome) == [.hit, .hit])
            #expect(server.journal.entries().map(\.cassette) == ["engage/login", "engage/login"])
            #expect(server.eventLoopHits == 1)
        }
    }

    @Test("A body above the held limit is passed on as it arrives and still matched")
    func largeBody() async throws {
        try await withTemporaryDirectory { folder in
            let large = JSONValue.object(JSONObject([("blob", .string(String(repeating: "x", count: 100_000)))]))
            try CassetteFixture.write(
                "engage/upload", in: folder.url,
                [CassetteFixture.json("POST", "/upload", body: large, status: 201, answer: ["stored": true])])
            try await withServer(replay(folder.url)) { server, endpoints in
                let response = try await TestHTTP.send(
                    endpoints.baseURL(for: "engage").appendingPathComponent("upload"), method: .POST, json: large)
                #expect(response.status == 201)
                #expect(response.json == ["stored": true])
                #expect(server.journal.entries().map(\.outcome) == [.hit])
                #expect(server.eventLoopHits == 0)
            }
        }
    }

    @Test(
        "Hostile request heads get an error or a miss, never a crash, and the server keeps answering",
        arguments: [
            "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n",
            "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
            "POST /engage/events HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nabcde",
            "GET /engage/%zz%00/../..?%%%% HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nX-Harness-Cassette: ../../etc/passwd\r\n\r\n",
            "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nX-Harness-Cassette: \u{7f}\r\n\r\n",
            "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nConnection: \r\n\r\n",
            "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "GET /engage/profile?id=7 HTTP/1.0\r\n\r\n",
            "GET http://elsewhere.example/engage/profile?id=7 HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /engage/profile?id=7 HTTP/1.1\r\nHost: x\r\nX-Odd: a\u{7f}b\r\n\r\n",
        ])
    func hostileHeads(_ request: String) async throws {
        try await ReplayTests.withReplayServer { _, endpoints in
            let port = try #require(endpoints.origin.port)
            let outcome = try await RawTCP.exchange(port: port, request, halfClose: true)
            // Whatever came back, it is HTTP or nothing: no partial garbage, no crash.
            if !outcome.bytes.isEmpty { #expect(outcome.text.hasPrefix("HTTP/1.1 "), "\(outcome.text)") }
            let after = try await TestHTTP.fetch(URL(string: "\(endpoints.baseURL(for: "engage"))/profile?id=7")!)
            #expect(after.status == 200)
        }
    }
}

/// HTTP/1.1 responses read back from raw bytes, for pipelining tests.
struct RawHTTPResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    var json: JSONValue? { try? JSONValue(parsing: Data(body)) }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// Every response in `bytes`, each framed by its Content-Length.
    static func parseAll(_ bytes: [UInt8]) throws -> [RawHTTPResponse] {
        var responses: [RawHTTPResponse] = []
        var rest = bytes[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard let end = rest.firstRange(of: separator) else { throw Malformed(description: "no end of head") }
            let lines = String(decoding: rest[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let statusLine = lines[0].split(separator: " ")
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
                throw Malformed(description: "bad status line: \(lines[0])")
            }
            let headers = lines.dropFirst().compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (
                    String(line[..<colon]).lowercased(),
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                )
            }
            let length = headers.first { $0.0 == "content-length" }.flatMap { Int($0.1) } ?? 0
            let bodyStart = end.upperBound
            guard rest.distance(from: bodyStart, to: rest.endIndex) >= length else {
                throw Malformed(description: "body shorter than \(length) bytes")
            }
            let bodyEnd = rest.index(bodyStart, offsetBy: length)
            responses.append(RawHTTPResponse(status: status, headers: headers, body: Array(rest[bodyStart..<bodyEnd])))
            rest = rest[bodyEnd...]
        }
        return responses
    }
}
