import CassetteKit
import Foundation
import HarnessTesting
import JSONCore

/// Broken and sample files of this test target.
enum Fixtures {
    static func url(_ name: String, filePath: StaticString = #filePath) -> URL {
        URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
    }
}

/// The real HAR exports of ../shared/data/har-exports, or nil when the shared data is absent.
enum HARCorpus {
    static var folder: URL? {
        SharedData.url()?.appendingPathComponent("har-exports", isDirectory: true)
    }

    static var files: [URL] {
        guard let folder,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".har") }.sorted().map { folder.appendingPathComponent($0) }
    }
}

/// Builders for the requests and cassettes tests use.
enum Sample {
    static func request(
        _ method: String = "POST", _ url: String = "https://api.example.com/v1/events",
        headers: HeaderFields = ["Content-Type": "application/json"], body: String = ""
    ) -> CassetteRequest {
        CassetteRequest(method: method, url: url, headers: headers, body: Data(body.utf8))
    }

    static func response(
        _ status: Int = 200, _ body: String = "{\"ok\":true}", contentType: String = "application/json"
    )
        -> CassetteResponse
    {
        CassetteResponse(
            status: status, statusText: "OK", headers: ["Content-Type": contentType], body: Data(body.utf8))
    }

    static func entry(_ request: CassetteRequest, _ response: CassetteResponse, order: Int? = nil) -> HAR.Entry {
        HAR.Entry(
            request: request, response: response, startedAt: Date(timeIntervalSince1970: 1_700_000_000),
            duration: .milliseconds(12), harness: order.map { HarnessExtension(order: $0) })
    }

    static func cassette(
        _ interactions: [(CassetteRequest, CassetteResponse)], harness: HarnessExtension? = nil
    )
        -> Cassette
    {
        var cassette = Cassette(log: HAR.Log(harness: harness))
        cassette.entries = interactions.enumerated().map { entry($0.element.0, $0.element.1, order: $0.offset) }
        return cassette
    }
}
