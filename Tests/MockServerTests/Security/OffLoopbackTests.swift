import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOHTTP1
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's first IPv4 address that is up and not loopback (`hostname -I`'s first), if it has one.
enum MachineAddress {
    static let nonLoopback: String? = {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard
                getnameinfo(
                    address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0,
                    NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }()
}

@Suite(
    "Off loopback: the admin API and the record proxy need the admin token",
    .enabled(if: MachineAddress.nonLoopback != nil, "this machine has no non-loopback IPv4 address to bind"))
struct OffLoopbackTests {
    let address = MachineAddress.nonLoopback ?? "127.0.0.1"

    func url(_ port: Int, _ path: String) throws -> URL {
        try #require(URL(string: "http://\(address):\(port)\(path)"))
    }

    @Test(
        "Bound to the machine's address, the admin API answers 401 without the token or with a wrong one, 200 with it")
    func adminAPI() async throws {
        try await withServer(MockServerConfiguration(host: address, adminToken: "adm1n-t0ken")) { _, endpoints in
            #expect(endpoints.origin.host == address)
            for path in ["/__harness/health", "/__harness/cassettes", "/__harness/journal"] {
                let url = try url(endpoints.port, path)
                let bare = try await TestHTTP.fetch(url)
                #expect(bare.status == 401, "\(path)")
                #expect(bare.json?["error"] == "unauthorized")
                #expect(bare.headers["WWW-Authenticate"] == ["Bearer"])
                let wrong = try await TestHTTP.fetch(url, headers: [("Authorization", "Bearer adm1n-t0keN")])
                #expect(wrong.status == 401, "\(path)")
                let right = try await TestHTTP.fetch(url, headers: [("Authorization", "Bearer adm1n-t0ken")])
                #expect(right.status == 200, "\(path)")
            }
            let reset = try await TestHTTP.fetch(try url(endpoints.port, "/__harness/reset"), method: .POST)
            #expect(reset.status == 401)
        }
    }

    @Test("Bound to the machine's address, the record proxy answers 401 without X-Harness-Token and records with it")
    func recordProxy() async throws {
        try await withTemporaryDirectory { folder in
            try await withServer(MockServerConfiguration(vendor: "counter")) { _, upstream in
                let configuration = MockServerConfiguration(
                    host: address, mode: .record, cassettesDirectory: folder.url, cassette: "counter/session",
                    upstream: upstream.origin, adminToken: "adm1n-t0ken")
                try await withServer(configuration, simulators: []) { server, endpoints in
                    let count = try url(endpoints.port, "/counter/count")
                    let bare = try await TestHTTP.send(count, method: .POST, json: ["by": 2])
                    #expect(bare.status == 401)
                    #expect(bare.text.contains("X-Harness-Token"))
                    let wrong = try await TestHTTP.send(
                        count, method: .POST, json: ["by": 2], headers: [("X-Harness-Token", "guess")])
                    #expect(wrong.status == 401)
                    let bearer = try await TestHTTP.send(
                        count, method: .POST, json: ["by": 2], headers: [("Authorization", "Bearer adm1n-t0ken")])
                    #expect(bearer.status == 401, "the vendor's Authorization header is not the proxy's token")
                    let right = try await TestHTTP.send(
                        count, method: .POST, json: ["by": 2], headers: [("X-Harness-Token", "adm1n-t0ken")])
                    #expect(right.status == 200)
                    #expect(right.json?["count"] == 2, "only the authorised request reached the upstream")
                    #expect(server.journal.entries().map(\.outcome) == [.rejected, .rejected, .rejected, .recorded])
                }
            }
            let recorded = try Cassette(contentsOf: folder.appending("counter/session.har"))
            #expect(recorded.entries.count == 1)
            #expect(!String(decoding: recorded.encoded(), as: UTF8.self).contains("adm1n-t0ken"))
        }
    }

    @Test("Bound to the machine's address without a token, the admin API and the record proxy are off (403)")
    func noToken() async throws {
        try await withServer(MockServerConfiguration(vendor: "counter")) { _, upstream in
            let configuration = MockServerConfiguration(host: address, mode: .record, upstream: upstream.origin)
            try await withServer(configuration, simulators: []) { _, endpoints in
                let admin = try await TestHTTP.fetch(try url(endpoints.port, "/__harness/health"))
                #expect(admin.status == 403)
                let proxy = try await TestHTTP.fetch(
                    try url(endpoints.port, "/counter/count"), headers: [("X-Harness-Token", "anything")])
                #expect(proxy.status == 403)
                #expect(proxy.json?["error"] == "record proxy off")
            }
        }
    }
}
