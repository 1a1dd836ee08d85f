import Foundation
import JSONCore
import MockServer
import NIOCore
import NIOHTTP1
import Testing

@Suite("End to end: simulate")
struct SimulateTests {
    @Test("Vendors share one loopback port under path prefixes and keep state between requests")
    func sharedPort() async throws {
        try await withServer(simulators: [CounterSimulator(), CounterSimulator(vendor: "echo")]) { _, endpoints in
            #expect(endpoints.host == "127.0.0.1")
            #expect(endpoints.vendors == ["counter", "echo"])
            let counter = endpoints.baseURL(for: "counter")
            #expect(counter.absoluteString == "http://127.0.0.1:\(endpoints.port)/counter")
            _ = try await TestHTTP.fetch(counter.appendingPathComponent("count"), method: .POST)
            let second = try await TestHTTP.send(counter.appendingPathComponent("count"), method: .POST, json: ["by": 2])
            #expect(second.status == 200)
            #expect(second.json?["count"] == 3)
            let echo = try await TestHTTP.fetch(URL(string: "\(endpoints.baseURL(for: "echo"))/echo/a?b=1")!)
            #expect(echo.json?["path"] == "/echo/a")
            #expect(echo.json?["query"] == "b=1")
            #expect(echo.json?["vendor"] == "echo")
        }
    }

    @Test("--vendor serves one vendor at the root")
    func rootVendor() async throws {
        try await withServer(MockServerConfiguration(vendor: "counter")) { _, endpoints in
            #expect(endpoints.baseURL(for: "counter") == endpoints.origin)
            let echo = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("echo/x"))
            #expect(echo.json?["path"] == "/echo/x")
        }
    }

    @Test("An unknown vendor prefix answers 404 listing the vendors")
    func unknownVendor() async throws {
        try await withServer { server, endpoints in
            let response = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("adapty/v1/profile"))
            #expect(response.status == 404)
            #expect(response.json?["error"] == "unknown vendor")
            #expect(response.json?["vendors"] == ["counter"])
            #expect(response.text.contains("use one of: /counter"))
            #expect(server.journal.entries().last?.outcome == .unknownVendor)
        }
    }

    @Test("The simulator answers a malformed body with its vendor's error, and the server goes on")
    func malformedBody() async throws {
        try await withServer { _, endpoints in
            let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            let bad = try await TestHTTP.fetch(
                url, method: .POST, headers: [("Content-Type", "application/json")], body: Data("{\"by\": ".utf8))
            #expect(bad.status == 400)
            #expect(bad.json?["error"] == "malformed JSON")
            let good = try await TestHTTP.fetch(url, method: .POST)
            #expect(good.json?["count"] == 1)
        }
    }

    @Test("A body above the limit is refused with 413 and the limit, and the server goes on")
    func bodyLimit() async throws {
        try await withServer(MockServerConfiguration(maxBodySize: 1024)) { server, endpoints in
            let url = endpoints.baseURL(for: "counter").appendingPathComponent("echo")
            let large = try await TestHTTP.fetch(url, method: .POST, body: Data(repeating: 65, count: 4096))
            #expect(large.status == 413)
            #expect(large.json?["limit"] == 1024)
            #expect(large.text.contains("--max-body-size"))
            let small = try await TestHTTP.fetch(url, method: .POST, body: Data(repeating: 65, count: 1000))
            #expect(small.status == 200)
            #expect(server.journal.entries().map(\.status) == [413, 200])
        }
    }

    @Test("A chunked body above the limit (no Content-Length) is refused with 413 too")
    func chunkedBodyLimit() async throws {
        try await withServer(MockServerConfiguration(maxBodySize: 16)) { _, endpoints in
            let request =
                "POST /counter/echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + "20\r\n" + String(repeating: "a", count: 32) + "\r\n0\r\n\r\n"
            let outcome = try await RawTCP.exchange(port: endpoints.port, request)
            #expect(outcome.text.hasPrefix("HTTP/1.1 413"))
        }
    }

    @Test("Invalid HTTP gets 400 and a closed connection; the server keeps serving")
    func invalidHTTP() async throws {
        try await withServer { _, endpoints in
            let outcome = try await RawTCP.exchange(port: endpoints.port, "THIS IS NOT HTTP\r\n\r\n")
            #expect(outcome.text.hasPrefix("HTTP/1.1 400"))
            let after = try await TestHTTP.fetch(endpoints.baseURL(for: "counter").appendingPathComponent("count"))
            #expect(after.status == 200)
        }
    }

    @Test("reset() forgets simulator state; stop() closes the port")
    func resetAndStop() async throws {
        let port = try await withServer { server, endpoints in
            let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
            _ = try await TestHTTP.fetch(url, method: .POST)
            try await server.reset()
            #expect(try await TestHTTP.fetch(url).json?["count"] == 0)
            return endpoints.port
        }
        await #expect(throws: (any Error).self) {
            try await RawTCP.exchange(port: port, "GET /counter/count HTTP/1.1\r\nHost: x\r\n\r\n")
        }
    }

    @Test("A port in use is reported with the address and what to do")
    func portInUse() async throws {
        try await withServer { _, endpoints in
            let second = try MockServer(
                configuration: MockServerConfiguration(port: endpoints.port), simulators: [CounterSimulator()])
            await #expect {
                try await second.start()
            } throws: { error in
                "\(error)".contains("cannot listen on 127.0.0.1:\(endpoints.port)") && "\(error)".contains("--port")
            }
        }
    }
}
