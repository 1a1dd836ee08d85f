import CassetteKit
import Foundation
import HarnessTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `harness import` of a real capture: an app talking to two vendors (through a local proxy and on a production
/// host) plus a third-party site, captured from real sockets.
@Suite("harness import attributes a capture to vendors")
struct ImportAttributionTests {
    func harness(_ arguments: [String], in folder: URL) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: folder)
    }

    /// Records what an app sends to ReferralHero and Engage through a mock server on a real port, as a proxy
    /// capture sees it (`http://127.0.0.1:<port>/<vendor>/…`), into `folder/capture/app.har`.
    static func capture(into folder: URL) async throws -> Cassette {
        try await withMockServer(.referralHero, .engage) { server in
            try await withCassette("capture/app", folder: folder, mode: .all) { cassette in
                var join = URLRequest(
                    url: server.baseURL(for: .referralHero).appendingPathComponent("lists/MF83c9616aa3/subscribers"))
                join.httpMethod = "POST"
                join.setValue("application/json", forHTTPHeaderField: "Content-Type")
                join.setValue("rh-sim-token", forHTTPHeaderField: "Authorization")
                join.httpBody = Data(
                    #"{"email": "ada@example.com", "name": "Ada", "domain": "https://example.com", "device": "iPhone", "os_type": "iOS", "screen_size": "393.0 x 852.0", "ip_address": "203.0.113.7", "timestamp": "1767225600"}"#
                        .utf8)
                var token = URLRequest(url: server.baseURL(for: .engage).appendingPathComponent("oauth/token"))
                token.httpMethod = "POST"
                token.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                token.httpBody = Data(
                    "grant_type=refresh_token&refresh_token=sim-refresh-token&client_id=sim-client-id&client_secret=sim-client-secret"
                        .utf8)
                for request in [join, token] {
                    let (data, response) = try await cassette.session.data(for: request)
                    #expect(
                        (response as? HTTPURLResponse)?.statusCode == 200,
                        "\(request.url?.path ?? ""): \(String(decoding: data, as: UTF8.self))")
                }
            }
        }
        return try Cassette(contentsOf: folder.appendingPathComponent("capture/app.har"))
    }

    @Test("A capture of two vendors and a third-party site imports into one cassette per vendor that verify checks")
    func twoVendors() async throws {
        let schemas = try RepositoryRoot.schemas()
        try await withTemporaryDirectory { folder in
            var capture = try await Self.capture(into: folder.appending("recorded"))
            #expect(capture.log.entries.count == 2)
            // The same app later seen on ReferralHero's production host, and a web page the device loaded.
            var production = capture.log.entries[0]
            production.request.url = "https://app.referralhero.com/api/sdk/v1/lists/MF83c9616aa3/subscribers"
            capture.log.entries.append(production)
            if let shared = SharedData.url() {
                let site = try Cassette(contentsOf: shared.appendingPathComponent("har-exports/Chrome example.com.har"))
                capture.log.entries += site.log.entries.prefix(1)
            } else {
                var other = capture.log.entries[0]
                other.request.url = "https://analytics.example.net/collect?key=abc"
                capture.log.entries.append(other)
            }
            try capture.encoded().write(to: folder.appending("app capture.har"))

            let imported = try await harness(
                ["import", "app capture.har", "--schemas", schemas.path], in: folder.url)
            #expect(imported.status == 0, "\(imported.standardError)")
            let output = imported.standardOutput
            #expect(output.contains("Cassettes/imported/referralhero/app-capture.har: 2 referralhero interactions"))
            #expect(output.contains("Cassettes/imported/engage/app-capture.har: 1 engage interaction"))
            #expect(output.contains("app capture.har: 1 entry set aside (no vendor's host or contract path):"))
            #expect(output.contains("is none of the vendors' documented hosts (api.adapty.io, "), "\(output)")

            let referralHero = try Cassette(
                contentsOf: folder.appending("Cassettes/imported/referralhero/app-capture.har"))
            #expect(referralHero.harness.vendor == "referralhero")
            #expect(
                referralHero.log.entries.map(\.request.url) == [
                    "https://app.referralhero.com/api/sdk/v1/lists/MF83c9616aa3/subscribers",
                    "https://app.referralhero.com/api/sdk/v1/lists/MF83c9616aa3/subscribers",
                ])
            let engage = try Cassette(contentsOf: folder.appending("Cassettes/imported/engage/app-capture.har"))
            #expect(engage.log.entries.map(\.request.url) == ["https://api-campaign-us-1.goacoustic.com/oauth/token"])
            let engageText = try String(
                contentsOf: folder.appending("Cassettes/imported/engage/app-capture.har"), encoding: .utf8)
            #expect(!engageText.contains("sim-client-secret"), "secrets are redacted")

            let verified = try await harness(
                ["verify", "Cassettes", "--schemas", schemas.path, "--color", "never"], in: folder.url)
            #expect(verified.status == 0 || verified.status == 1, "\(verified.standardOutput)\(verified.standardError)")
            #expect(!verified.standardOutput.contains("unknown vendor"), "\(verified.standardOutput)")
            #expect(
                verified.standardOutput.contains("imported/referralhero/app-capture.har"), "\(verified.standardOutput)")
        }
    }

    @Test("A capture with no vendor's entry says so and imports nothing")
    func noVendor() async throws {
        let schemas = try RepositoryRoot.schemas()
        try await withTemporaryDirectory { folder in
            var capture = Cassette()
            capture.log.entries = [
                HAR.Entry(
                    request: CassetteRequest(method: "GET", url: "https://www.example.org/"),
                    response: CassetteResponse(status: 200), startedAt: Date(timeIntervalSince1970: 0), duration: .zero)
            ]
            try capture.encoded().write(to: folder.appending("site.har"))
            let result = try await harness(["import", "site.har", "--schemas", schemas.path], in: folder.url)
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("#0 GET https://www.example.org/: host www.example.org is none"))
            #expect(result.standardError.contains("error: no entry of site.har belongs to a vendor of"))
            #expect(!FileManager.default.fileExists(atPath: folder.appending("Cassettes").path))
        }
    }
}
