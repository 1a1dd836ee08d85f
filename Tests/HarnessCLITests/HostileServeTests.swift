import Foundation
import HarnessTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HarnessServeTests {
    /// A folder of hostile cassettes (truncated, deep, wrongly typed, Latin-1, 100 MB) and one good one.
    static func hostileFolder(_ folder: URL) throws -> URL {
        let engage = folder.appendingPathComponent("engage")
        try FileManager.default.createDirectory(at: engage, withIntermediateDirectories: true)
        for hostile in HostileHAR.all {
            try hostile.bytes.write(to: engage.appendingPathComponent("\(hostile.name).har"))
        }
        try HostileFilesTests.writeHugeHAR(to: engage.appendingPathComponent("huge.har"), bytes: 100_000_000)
        try Data(CassetteCommandsTests.exported.utf8).write(to: engage.appendingPathComponent("good.har"))
        return engage
    }

    @Test("harness serve refuses to start on hostile cassettes, exit 2, naming each file and the place")
    func hostileCassettesRefused() async throws {
        try await withTemporaryDirectory { folder in
            let engage = try Self.hostileFolder(folder.url)
            let binary = try #require(HarnessBinary.url())
            let result = try await ChildProcess.run(
                binary, ["serve", "--mode", "replay", "--port", "0", "--cassettes", folder.url.path])
            #expect(result.status == 2, "\(result.standardError)")
            for hostile in HostileHAR.all {
                let file = engage.appendingPathComponent("\(hostile.name).har").path
                let line = result.standardError.split(separator: "\n").first { $0.contains(file) } ?? ""
                #expect(line.contains(hostile.place), "\(file) in \(result.standardError)")
            }
            #expect(result.standardError.contains("--skip-broken-cassettes"))
            #expect(!result.standardError.contains("good.har"))
        }
    }

    @Test("harness serve --skip-broken-cassettes skips each hostile cassette, naming it, and replays the rest")
    func hostileCassettes() async throws {
        try await withTemporaryDirectory { folder in
            let engage = try Self.hostileFolder(folder.url)
            let status = try await serve([
                "--mode", "replay", "--skip-broken-cassettes", "--cassettes", folder.url.path,
            ]) {
                announcement in
                let admin = try #require(
                    announcement.split(separator: "\n").first { $0.contains("/__harness") }?.split(separator: " ").last)
                let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: "\(admin)/cassettes")))
                let listing = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let loaded = try #require(listing["loaded"] as? [[String: Any]])
                #expect(loaded.map { $0["name"] as? String } == ["engage/good"])
                let failed = try #require(listing["failed"] as? [[String: String]])
                let errors = Dictionary(
                    failed.compactMap { failure in failure["file"].map { ($0, failure["error"] ?? "") } },
                    uniquingKeysWith: { first, _ in first })
                for hostile in HostileHAR.all {
                    let file = engage.appendingPathComponent("\(hostile.name).har").path
                    let error = try #require(errors[file], "\(file) in \(failed)")
                    #expect(error.hasPrefix(file) && error.contains(hostile.place), "\(error)")
                }
                let huge = engage.appendingPathComponent("huge.har").path
                #expect(errors[huge]?.contains("MiB, over the 64.0 MiB a cassette may hold") == true, "\(failed)")
            }
            #expect(status == 0)
        }
    }
}
