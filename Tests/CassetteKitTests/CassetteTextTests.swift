import Foundation
import JSONCore
import Testing

@testable import CassetteKit

/// A recording writes its cassette from each entry's text, encoded once (``CassetteText``); the file must be exactly
/// what encoding the whole cassette gives.
@Suite("CassetteText")
struct CassetteTextTests {
    static func assembled(_ cassette: Cassette) throws -> Data {
        try #require(CassetteText.assemble(cassette, entries: cassette.entries.map(CassetteText.entry)))
    }

    @Test("A cassette assembled from its entries' text is byte for byte its own encoding, with no entry or many")
    func sameBytes() throws {
        #expect(try Self.assembled(Cassette()) == Cassette().encoded())
        let awkward = [
            "", "harness-entries-", "\"harness-entries-00000000-0000-0000-0000-000000000000\"", "line\nbreak\ttab",
            "quote \" and \\ backslash", "é 中文 🎉", "\u{01}\u{1f}", "[]", "{\"entries\": []}",
        ]
        var cassette = Sample.cassette(
            awkward.enumerated().map { offset, text in
                (
                    Sample.request(headers: ["X-Text": text.replacingOccurrences(of: "\n", with: " ")], body: text),
                    Sample.response(200, text, contentType: "text/plain")
                )
            }, harness: HarnessExtension(flow: "demo/text", volatile: [.json("/ts")]))
        // Top-level members sorted before and after `log`, one of them named like the entries.
        cassette.extensions["_aardvark"] = .string("harness-entries-x")
        cassette.extensions["zebra"] = .object(JSONObject([("entries", .array([.number(JSONNumber(1))]))]))
        cassette.log.comment = "harness-entries-"
        #expect(try Self.assembled(cassette) == cassette.encoded())
        // The same entries in another order, as a recording moves them.
        cassette.entries.reverse()
        #expect(try Self.assembled(cassette) == cassette.encoded())
    }
}
