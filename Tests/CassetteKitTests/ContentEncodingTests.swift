import CassetteKit
import Foundation
import Testing

@Suite("ContentEncoding")
struct ContentEncodingTests {
    @Test("gzip and deflate round-trip; bytes in no encoding decode to nil")
    func roundTrip() throws {
        let body = Data(#"{"events":[{"eventTypeCode":12}]}"#.utf8)
        for encoding in ["gzip", "deflate"] {
            let encoded = try #require(ContentEncoding.encode(body, contentEncoding: encoding))
            #expect(ContentEncoding.looksEncoded(encoded))
            #expect(ContentEncoding.decode(encoded, contentEncoding: encoding) == body)
        }
        #expect(ContentEncoding.decode(Data("not gzip at all".utf8), contentEncoding: "gzip") == nil)
        #expect(ContentEncoding.decode(ContentEncoding.gzip(body).prefix(12), contentEncoding: "gzip") == nil)
        #expect(ContentEncoding.decode(body, contentEncoding: nil) == nil)
    }

    @Test("A decompression bomb (a small body inflating past 256 MiB) is undecodable, not a memory blow-up")
    func decompressionBomb() {
        let bomb = ContentEncoding.gzip(Data(count: ContentEncoding.maximumDecodedSize + 1))
        #expect(bomb.count < 1 << 20, "the bomb is small: \(bomb.count) bytes")
        #expect(ContentEncoding.decode(bomb, contentEncoding: "gzip") == nil)
        let justUnder = ContentEncoding.gzip(Data(count: 1 << 20))
        #expect(ContentEncoding.decode(justUnder, contentEncoding: "gzip")?.count == 1 << 20)
    }
}
