import Foundation
import HarnessTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HarnessServeTests {
    @Test("harness serve skips each hostile cassette, naming the file and the place, and replays the rest")
    func hostileCassettes() async throws {
        try await withTemporaryDirectory { folder in
            let engage = folder.appending("engage")
            try FileManager.default.createDirectory(at: engage, withIntermediateDirectories: true)
            for hostile in HostileHAR.all {
                try hostile.bytes.write(to: engage.appendingPathComponent("\(hostile.name).har"))
            }
            try HostileFilesTests.writeHugeHAR(to: engage.appendingPathComponent("huge.har"), bytes: 100_000_000)
            try Data(CassetteCommandsTests.exported.utf8).write(to: engage.appendingPathComponent("good.har"))
            let status = try await serve(["--mode", "replay", "--cassettes", folder.url.path]) { announcement in
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
