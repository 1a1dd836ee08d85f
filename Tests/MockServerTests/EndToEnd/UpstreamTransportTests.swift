import CassetteKit
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import MockServer
@testable import Simulators

@Suite("End to end: the upstream transport")
struct UpstreamTransportTests {
    @Test("A real answer keeps its status, headers and body, and gets the standard reason phrase")
    func answers() async throws {
        try await withServer { _, endpoints in
            let base = endpoints.baseURL(for: "counter")
            let transport = UpstreamTransport(timeout: .seconds(20))
            let ok = try await transport.send(
                CassetteRequest(method: "GET", url: "/count"), baseURL: base, operationID: "t")
            #expect(ok.status == 200 && ok.statusText == "OK")
            #expect(!ok.body.isEmpty)
            let failed = try await transport.send(
                CassetteRequest(method: "GET", url: "/count", headers: ["X-Harness-Fault": "status=503"]),
                baseURL: base,
                operationID: "t")
            #expect(failed.status == 503 && failed.statusText == "Service Unavailable")
        }
    }

    @Test("A server that never answers fails the request after a sub-second timeout")
    func subSecondTimeout() async throws {
        try await withServer { _, endpoints in
            let transport = UpstreamTransport(timeout: .milliseconds(300))
            await #expect(throws: (any Error).self) {
                try await transport.send(
                    CassetteRequest(method: "GET", url: "/count", headers: ["X-Harness-Fault": "timeout"]),
                    baseURL: endpoints.baseURL(for: "counter"), operationID: "t")
            }
        }
    }

    @Test("Any duration converts to a timeout without trapping: negative, zero, sub-nanosecond and enormous")
    func hostileDurations() {
        #expect(UpstreamTransport.nanoseconds(.seconds(-5)) == 1)
        #expect(UpstreamTransport.nanoseconds(.zero) == 1)
        #expect(UpstreamTransport.nanoseconds(.nanoseconds(1) / 2) == 1)
        #expect(UpstreamTransport.nanoseconds(.milliseconds(250)) == 250_000_000)
        #expect(UpstreamTransport.nanoseconds(.seconds(Int64.max)) == .max)
        #expect(UpstreamTransport.nanoseconds(.seconds(9_223_372_036)) == 9_223_372_036_000_000_000)
        #expect(UpstreamTransport.nanoseconds(.seconds(9_223_372_037)) == .max)
    }
}
