import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import Testing

@Suite(
    "CassetteStore on a full disk",
    .enabled(if: SmallFileSystem.isAvailable, Comment(rawValue: SmallFileSystem.unavailableReason ?? "")))
struct FullDiskTests {
    /// A request whose body (and so the echoed response) takes `kibibytes` KiB: more than a full disk holds.
    static func request(_ number: Int, kibibytes: Int = 1) -> CassetteRequest {
        let padding = String(repeating: "x", count: kibibytes * 1024)
        return Sample.request(body: "{\"n\":\(number),\"padding\":\"\(padding)\"}")
    }

    static func echo(_ request: CassetteRequest) async throws -> CassetteResponse {
        CassetteResponse(
            status: 200, statusText: "OK", headers: ["Content-Type": "application/json"], body: request.body)
    }

    /// The names in `folder`, hidden ones (temporary files) included.
    static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test(
        "A save on a full disk names the file and ENOSPC, keeps the old cassette, leaves no temporary file")
    func save() async throws {
        try await withSmallFileSystem(kibibytes: 256) { disk in
            let store = CassetteStore(root: disk.url.appendingPathComponent("Cassettes"))
            let file = try store.url(for: "demo/full")
            let small = Self.request(1)
            let previous = Sample.cassette([(small, try await Self.echo(small))])
            try await store.save(previous, as: "demo/full")
            let previousBytes = try Data(contentsOf: file)

            var next = previous
            let large = Self.request(2, kibibytes: 64)
            next.entries.append(Sample.entry(large, try await Self.echo(large), order: 1))
            try disk.fill()
            let error = await #expect(throws: CassetteError.self) { try await store.save(next, as: "demo/full") }
            #expect(error == .noSpace(file: file.path, code: "ENOSPC"))
            #expect(error?.description.hasPrefix("cannot write \(file.path): no space left on device (ENOSPC)") == true)
            #expect(try Data(contentsOf: file) == previousBytes, "the previous cassette is untouched")
            #expect(try Cassette(contentsOf: file).entries.count == 1, "and reads whole")
            #expect(try Self.names(in: file.deletingLastPathComponent()) == ["full.har"], "no temporary file is left")

            disk.free()
            try await store.save(next, as: "demo/full")
            #expect(try Data(contentsOf: file) == next.encoded())
            #expect(try Self.names(in: file.deletingLastPathComponent()) == ["full.har"])
        }
    }

    @Test(
        "A recording on a full disk fails its flush naming the file, then writes everything once space is back")
    func recording() async throws {
        try await withSmallFileSystem(kibibytes: 1024) { disk in
            let store = CassetteStore(root: disk.url.appendingPathComponent("Cassettes"))
            let file = try store.url(for: "demo/recorded")
            let recorder = try await CassetteRecorder(cassette: "demo/recorded", store: store, mode: .newEpisodes)
            _ = try await recorder.response(for: Self.request(1), upstream: Self.echo)
            try await recorder.finish()
            let written = try Data(contentsOf: file)

            try disk.fill()
            _ = try await recorder.response(for: Self.request(2, kibibytes: 64), upstream: Self.echo)
            let error = await #expect(throws: CassetteError.self) { try await recorder.finish() }
            #expect(error == .noSpace(file: file.path, code: "ENOSPC"))
            #expect(try Data(contentsOf: file) == written, "the cassette on disk is the last one written, whole")
            #expect(try Self.names(in: file.deletingLastPathComponent()) == ["recorded.har"])

            disk.free()
            try await recorder.finish()
            #expect(try Cassette(contentsOf: file).entries.count == 2, "the exchange recorded meanwhile is kept")
            _ = try await recorder.response(for: Self.request(3), upstream: Self.echo)
            try await recorder.finish()
            #expect(try Cassette(contentsOf: file).entries.count == 3)
            #expect(try Self.names(in: file.deletingLastPathComponent()) == ["recorded.har"])
        }
    }
}
