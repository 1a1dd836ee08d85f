import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOCore
import NIOHTTP1
import Testing

@Suite("End to end: faults", .timeLimit(.minutes(5)))
struct FaultTests {
    static let request = "POST /counter/echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n"

    @Test("latency=200ms delays the answer by at least 200 ms on the real clock")
    func fixedLatency() async throws {
        try await withServer { _, endpoints in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await TestHTTP.fetch(
                endpoints.baseURL(for: "counter").appendingPathComponent("count"),
                headers: [("X-Harness-Fault", "latency=200ms")])
            #expect(start.duration(to: clock.now) >= .milliseconds(200))
            #expect(response.status == 200)
        }
    }

    @Test("A seeded range latency sleeps the same duration on every request, within the range")
    func seededRangeLatency() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { _, endpoints in
            for _ in 0..<3 {
                async let response = TestHTTP.fetch(
                    endpoints.baseURL(for: "counter").appendingPathComponent("count"),
                    headers: [("X-Harness-Fault", "latency=50..300ms;seed=11")])
                await clock.advanceToNextSleep()
                let status = try await response.status
                #expect(status == 200)
            }
        }
        #expect(clock.sleeps.count == 3)
        #expect(Set(clock.sleeps).count == 1)
        #expect(clock.sleeps.allSatisfy { $0 >= .milliseconds(50) && $0 <= .milliseconds(300) })
    }

    @Test("status=503 replaces the status and keeps the body")
    func status() async throws {
        try await withServer { server, endpoints in
            let response = try await TestHTTP.fetch(
                endpoints.baseURL(for: "counter").appendingPathComponent("count"),
                headers: [("X-Harness-Fault", "status=503")])
            #expect(response.status == 503)
            #expect(response.json?["count"] == 0)
            #expect(server.journal.entries().last?.fault == "status=503")
            #expect(server.journal.entries().last?.status == 503)
        }
    }

    @Test("reset closes the connection with a TCP reset and no response")
    func reset() async throws {
        try await withServer { server, endpoints in
            let outcome = try await RawTCP.exchange(
                port: endpoints.port, Self.request + "X-Harness-Fault: reset\r\n\r\n")
            #expect(outcome.bytes.isEmpty)
            #expect(outcome.wasReset, "expected ECONNRESET, got \(String(describing: outcome.error))")
            let entry = try #require(server.journal.entries().last)
            #expect(entry.outcome == .fault)
            #expect(entry.fault == "reset")
            #expect(entry.status == nil)
        }
    }

    @Test("empty closes the connection cleanly without a byte of response")
    func empty() async throws {
        try await withServer { _, endpoints in
            let outcome = try await RawTCP.exchange(
                port: endpoints.port, Self.request + "X-Harness-Fault: empty\r\n\r\n")
            #expect(outcome.bytes.isEmpty)
            #expect(outcome.error == nil)
            await #expect(throws: (any Error).self) {
                try await TestHTTP.fetch(
                    endpoints.baseURL(for: "counter").appendingPathComponent("count"),
                    headers: [("X-Harness-Fault", "empty")])
            }
        }
    }

    @Test("timeout never answers: the client's deadline passes, and the server still answers others")
    func timeout() async throws {
        try await withServer { _, endpoints in
            let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            await #expect(throws: (any Error).self) {
                try await TestHTTP.fetch(url, headers: [("X-Harness-Fault", "timeout")], timeout: .milliseconds(300))
            }
            let after = try await TestHTTP.fetch(url)
            #expect(after.status == 200)
        }
    }

    @Test("timeout=100ms closes the connection without a response once the limit passes")
    func timeoutWithLimit() async throws {
        try await withServer { _, endpoints in
            let outcome = try await RawTCP.exchange(
                port: endpoints.port, Self.request + "X-Harness-Fault: timeout=100ms\r\n\r\n")
            #expect(outcome.bytes.isEmpty)
        }
    }

    @Test("truncate=10 sends the head promising the whole body, then 10 bytes, then closes")
    func truncate() async throws {
        try await withServer { _, endpoints in
            let outcome = try await RawTCP.exchange(
                port: endpoints.port, Self.request + "X-Harness-Fault: truncate=10\r\n\r\n")
            let text = outcome.text
            let parts = text.components(separatedBy: "\r\n\r\n")
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(!text.lowercased().contains("x-harness-truncate-after"))
            let length = parts[0].split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            let promised = try #require(
                length.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) })
            #expect(promised > 10)
            #expect(parts.dropFirst().joined(separator: "\r\n\r\n").utf8.count == 10)
            await #expect(throws: (any Error).self) {
                try await TestHTTP.fetch(
                    endpoints.baseURL(for: "counter").appendingPathComponent("echo"),
                    headers: [("X-Harness-Fault", "truncate=10")])
            }
        }
    }

    @Test("garbage replaces the body with seeded random bytes of the same length, the same for the same seed")
    func garbage() async throws {
        try await withServer { _, endpoints in
            let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            let clean = try await TestHTTP.fetch(url)
            let first = try await TestHTTP.fetch(url, headers: [("X-Harness-Fault", "garbage,seed=9")])
            let second = try await TestHTTP.fetch(url, headers: [("X-Harness-Fault", "garbage,seed=9")])
            #expect(first.status == 200)
            #expect(first.body.count == max(clean.body.count, 32))
            #expect(first.body != clean.body)
            #expect(first.body == second.body)
            #expect(first.json == nil)
        }
    }

    @Test("dribble sends the whole body in pieces, pausing between them")
    func dribble() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock) { _, endpoints in
            let url = endpoints.baseURL(for: "counter").appendingPathComponent("echo")
            let clean = try await TestHTTP.fetch(url)
            let pieces = (clean.body.count + 7) / 8
            async let response = TestHTTP.fetch(url, headers: [("X-Harness-Fault", "dribble=8b/50ms")])
            for _ in 1..<pieces { await clock.advanceToNextSleep() }
            let slow = try await response
            #expect(slow.body == clean.body)
            #expect(clock.sleeps == Array(repeating: .milliseconds(50), count: pieces - 1))
        }
    }

    @Test("An admin rule injects faults into matching requests only, for the number of times asked")
    func adminRule() async throws {
        try await withServer { server, endpoints in
            let rule = try await TestHTTP.send(
                endpoints.adminURL.appendingPathComponent("faults"), method: .POST,
                json: ["method": "GET", "path": "/counter/co*", "fault": "status=429", "times": 2])
            #expect(rule.status == 201)
            #expect(rule.json?["id"] == 1)
            let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            #expect(try await TestHTTP.fetch(url, method: .POST).status == 200)
            #expect(try await TestHTTP.fetch(url).status == 429)
            #expect(try await TestHTTP.fetch(url).status == 429)
            #expect(try await TestHTTP.fetch(url).status == 200)
            #expect(server.faultRules.all.isEmpty)
        }
    }

    @Test("A malformed fault header answers 400 explaining the grammar")
    func malformedHeader() async throws {
        try await withServer { _, endpoints in
            let response = try await TestHTTP.fetch(
                endpoints.baseURL(for: "counter").appendingPathComponent("count"),
                headers: [("X-Harness-Fault", "latency=soon")])
            #expect(response.status == 400)
            #expect(response.text.contains("expected latency=200ms"))
        }
    }

    @Test(
        "Hostile fault headers answer 400 over a real socket and the server keeps serving",
        arguments: ["=", "=,=", "truncate=9999999999999999kb", "dribble=9999999999999999kb/1ms", "latency=1e308s"])
    func hostileHeader(header: String) async throws {
        try await withServer { _, endpoints in
            let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            let response = try await TestHTTP.fetch(url, headers: [("X-Harness-Fault", header)])
            #expect(response.status == 400)
            #expect(response.text.contains(header))
            #expect(try await TestHTTP.fetch(url).status == 200)
        }
    }
}
