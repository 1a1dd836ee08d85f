import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOHTTP1
import Testing

@Suite("Cassette paths that leave the cassette folder are refused by the server")
struct CassettePathEscapeTests {
    /// A cassettes folder holding `engage/login` and a symbolic link `engage/leak` to a cassette outside it.
    func withFolders(_ body: (_ folder: URL, _ outside: URL) async throws -> Void) async throws {
        try await withTemporaryDirectory { outside in
            try await withTemporaryDirectory { folder in
                try CassetteFixture.write(
                    "engage/login", in: folder.url, [CassetteFixture.json("GET", "/a", answer: ["ok": true])])
                try CassetteFixture.write(
                    "secrets/stolen", in: outside.url,
                    [CassetteFixture.json("GET", "/b", answer: ["secret": "stolen-value"])])
                try FileManager.default.createSymbolicLink(
                    at: folder.appending("engage/leak.har"), withDestinationURL: outside.appending("secrets/stolen.har")
                )
                try await body(folder.url, outside.url)
            }
        }
    }

    @Test("The admin API refuses to load ../ names, absolute names and symbolic links out of the folder, with JSON 400")
    func adminLoad() async throws {
        try await withFolders { folder, _ in
            let configuration = MockServerConfiguration(mode: .replay, cassettesDirectory: folder)
            try await withServer(configuration, simulators: []) { _, endpoints in
                let cassettes = endpoints.adminURL.appendingPathComponent("cassettes")
                for name in ["../../etc/passwd", "engage/../../outside", "/etc/passwd", "engage/..", "engage/leak"] {
                    let refused = try await TestHTTP.send(cassettes, method: .POST, json: ["name": .string(name)])
                    #expect(refused.status == 400, "\(name)")
                    #expect(refused.json?["error"] == "admin request failed", "\(name)")
                }
                let leak = try await TestHTTP.send(cassettes, method: .POST, json: ["name": "engage/leak"])
                #expect(leak.text.contains("leads out of the cassette folder"), "\(leak.text)")
                let listing = try await TestHTTP.fetch(cassettes)
                #expect(listing.json?["loaded"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["engage/login"])
                let failed = try #require(listing.json?["failed"]?.arrayValue?.first)
                #expect(failed["file"]?.stringValue?.hasSuffix("/engage/leak.har") == true)
                #expect(failed["error"]?.stringValue?.contains("leads out of the cassette folder") == true)
                let replayed = try await TestHTTP.fetch(endpoints.baseURL(for: "engage").appendingPathComponent("b"))
                #expect(replayed.status == 404, "the outside cassette's interaction is never replayed")
                #expect(!replayed.text.contains("stolen-value"))
            }
        }
    }

    @Test("X-Harness-Cassette names that climb out are refused with 400, and nothing is written")
    func recordHeader() async throws {
        try await withFolders { folder, outside in
            try await withServer(MockServerConfiguration(vendor: "counter")) { _, upstream in
                let configuration = MockServerConfiguration(
                    mode: .record, cassettesDirectory: folder, upstream: upstream.origin)
                try await withServer(configuration, simulators: []) { _, endpoints in
                    let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
                    for name in ["../escaped", "counter/../../escaped", "/tmp/escaped", "counter/.hidden"] {
                        let refused = try await TestHTTP.fetch(url, headers: [("X-Harness-Cassette", name)])
                        #expect(refused.status == 400, "\(name)")
                        #expect(refused.json?["error"] == "invalid request", "\(name)")
                    }
                }
            }
            #expect(
                !FileManager.default.fileExists(
                    atPath: folder.deletingLastPathComponent().appendingPathComponent("escaped.har").path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["secrets"])
        }
    }

    @Test("Recording into a vendor folder that is a symbolic link out of the cassette folder is refused with 403")
    func recordSymlink() async throws {
        try await withFolders { folder, outside in
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent("counter"),
                withDestinationURL: outside.appendingPathComponent("secrets"))
            try await withServer(MockServerConfiguration(vendor: "counter")) { _, upstream in
                let configuration = MockServerConfiguration(
                    mode: .record, cassettesDirectory: folder, cassette: "counter/session", upstream: upstream.origin)
                try await withServer(configuration, simulators: []) { _, endpoints in
                    let url = endpoints.baseURL(for: "counter").appendingPathComponent("count")
                    let refused = try await TestHTTP.fetch(url)
                    #expect(refused.status == 403)
                    #expect(refused.json?["error"] == "cassette not recordable")
                    #expect(refused.text.contains("leads out of the cassette folder"))
                }
            }
            let written = try FileManager.default.contentsOfDirectory(
                atPath: outside.appendingPathComponent("secrets").path)
            #expect(written == ["stolen.har"], "nothing was recorded outside the folder")
        }
    }
}
