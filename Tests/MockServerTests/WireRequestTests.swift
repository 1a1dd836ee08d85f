import CassetteKit
import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import MockServer
@testable import Simulators

/// The plain HTTP/1.1 requests ``WireReplay`` reads from a connection's bytes, held to what NIO's decoder reads.
@Suite("Requests read from the wire")
struct WireRequestTests {
    static let event = #"{"count":1,"name":"open"}"#
    static let get = "GET /engage/profile?id=7 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: application/json\r\n\r\n"
    static let post =
        "POST /engage/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(event.utf8.count)\r\nConnection: Keep-Alive\r\n\r\n\(event)"

    func read(_ text: String, largestBody: Int = 64 * 1024) -> WireRequest.Reading {
        WireRequest.read(ByteBuffer(string: text), largestBody: largestBody)
    }

    func length(_ reading: WireRequest.Reading) -> Int? {
        if case .complete(let request) = reading { request.length } else { nil }
    }

    func isIncomplete(_ reading: WireRequest.Reading) -> Bool {
        if case .incomplete = reading { true } else { false }
    }

    func isDeclined(_ reading: WireRequest.Reading) -> Bool {
        if case .declined = reading { true } else { false }
    }

    @Test("A plain GET and POST are read whole; a second request after them is left for the next read")
    func plain() {
        #expect(length(read(Self.get)) == Self.get.utf8.count)
        #expect(length(read(Self.post)) == Self.post.utf8.count)
        #expect(length(read(Self.post + Self.get)) == Self.post.utf8.count)
        let empty = "DELETE /engage/item/1 HTTP/1.1\r\nX-Empty:\r\nX-Tabbed:\ta\tb\r\n\r\n"
        #expect(length(read(empty)) == empty.utf8.count)
    }

    @Test("Every part of a plain request cut short is incomplete, never a request and never declined")
    func everyPrefixIsIncomplete() {
        for text in [Self.get, Self.post] {
            let bytes = Array(text.utf8)
            for end in 0..<bytes.count {
                let reading = WireRequest.read(ByteBuffer(bytes: bytes[..<end]), largestBody: 64 * 1024)
                #expect(isIncomplete(reading), "\(end) of \(bytes.count) bytes")
            }
        }
    }

    @Test(
        "Requests outside the plain form are declined, for NIO's decoder to read or reject",
        arguments: [
            "get /a HTTP/1.1\r\n\r\n",  // a method not in upper case
            "HEAD /a HTTP/1.1\r\n\r\n",  // HEAD: no body in the answer
            "PROPFIND /a HTTP/1.1\r\n\r\n",  // a method outside the common ones
            "GET /a HTTP/1.0\r\n\r\n",  // HTTP/1.0
            "GET /a HTTP/2.0\r\n\r\n",
            "GET http://elsewhere/a HTTP/1.1\r\n\r\n",  // absolute form
            "GET * HTTP/1.1\r\n\r\n",
            "GET /a#fragment HTTP/1.1\r\n\r\n",
            "GET /a\"b HTTP/1.1\r\n\r\n",
            "GET /a b HTTP/1.1\r\n\r\n",
            "GET  /a HTTP/1.1\r\n\r\n",
            "GET /a HTTP/1.1\n\n",  // bare LF
            "GET /a HTTP/1.1\r\nHost: x\n\r\n",
            "\r\nGET /a HTTP/1.1\r\n\r\n",  // a leading empty line
            "GET /a HTTP/1.1\r\nHost : x\r\n\r\n",  // a space before the colon
            "GET /a HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",  // obs-fold
            "GET /a HTTP/1.1\r\nHost: x \r\n\r\n",  // a space after the value
            "GET /a HTTP/1.1\r\nHost: caf\u{e9}\r\n\r\n",  // obs-text
            "GET /a HTTP/1.1\r\nHost: a\u{7f}b\r\n\r\n",
            "GET /a HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n",
            "GET /a HTTP/1.1\r\nNo-Colon\r\n\r\n",
            "GET /a HTTP/1.1\r\n: empty name\r\n\r\n",
            "GET /a HTTP/1.1\r\nConnection: close\r\n\r\n",
            "GET /a HTTP/1.1\r\nConnection: keep-alive, Upgrade\r\n\r\n",
            "GET /a HTTP/1.1\r\nConnection:\r\n\r\n",
            "GET /a HTTP/1.1\r\nUpgrade: websocket\r\n\r\n",
            "POST /a HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\nx",
            "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
            "POST /a HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx",
            "POST /a HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            "POST /a HTTP/1.1\r\nContent-Length: +1\r\n\r\nx",
            "POST /a HTTP/1.1\r\nContent-Length: 1 \r\n\r\nx",
            "POST /a HTTP/1.1\r\nContent-Length: \r\n\r\n",
            "POST /a HTTP/1.1\r\nContent-Length: 99999999999999999999999999\r\n\r\n",
            "POST /a HTTP/1.1\r\nContent-Length: 65537\r\n\r\n",
        ])
    func declined(_ text: String) {
        #expect(isDeclined(read(text, largestBody: 65_536)), "\(text.debugDescription)")
    }

    @Test("A head larger than the plain form allows is declined, not held for more bytes")
    func largeHead() {
        let long = "GET /a HTTP/1.1\r\nX-Long: \(String(repeating: "a", count: WireRequest.largestHead))\r\n\r\n"
        let prefix = { (count: Int) in String(decoding: long.utf8.prefix(count), as: UTF8.self) }
        #expect(isDeclined(read(long)))
        #expect(isDeclined(read(prefix(WireRequest.largestHead))))
        #expect(isIncomplete(read(prefix(WireRequest.largestHead - 1))))
        let many = "GET /a HTTP/1.1\r\n" + String(repeating: "X-A: 1\r\n", count: WireRequest.largestFieldCount + 1)
        #expect(isDeclined(read(many + "\r\n")))
    }

    @Test(
        "A target is cut at its first question mark, ASCII or not; a mark a combining accent joins is no mark",
        arguments: [
            ("/a/b?x=1?y", "/a/b", "x=1?y"), ("/a", "/a", nil), ("/?", "/", ""), ("?q", "", "q"),
            ("/caf\u{E9}?q=\u{E9}", "/caf\u{E9}", "q=\u{E9}"), ("/a?\u{301}b?c", "/a?\u{301}b", "c"),
        ] as [(String, String, String?)])
    func targets(target: String, path: String, query: String?) {
        let cut = RequestTarget(target)
        #expect(cut.path == path[...] && cut.query == query?[...])
    }

    @Test("A head is read from the buffer's reader index, not its start (a request after another on a connection)")
    func fromReaderIndex() throws {
        var bytes = ByteBuffer(string: Self.post + Self.get)
        bytes.moveReaderIndex(forwardBy: Self.post.utf8.count)
        guard case .complete(let request) = WireRequest.read(bytes, largestBody: 1024) else {
            Issue.record("not read")
            return
        }
        let head = try #require(request.head(in: bytes))
        #expect(head.method == .GET && head.uri == "/engage/profile?id=7")
        #expect(
            head.headers.map { [$0.name, $0.value] } == [["Host", "127.0.0.1:8080"], ["Accept", "application/json"]])
    }

    @Test(
        "The head and body read here are the ones NIO's decoder reads",
        arguments: [
            get, post,
            "PATCH /v1/a%20b/c?x=1&y=%2F;z=(q)*!$'+,@:~ HTTP/1.1\r\nX-Dup: 1\r\nx-dup: 2\r\nX-Tab:\t v\r\n\r\n",
            "OPTIONS /a HTTP/1.1\r\nX-Empty:\r\nContent-Length: 0\r\n\r\n",
            "PUT /a HTTP/1.1\r\nContent-Length: 3\r\nX-Harness-Cassette: engage/login\r\n\r\nabc",
            "GET /a HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-In: a \t b\r\nX-Colons:::\r\n\r\n",
        ])
    func sameAsNIO(_ text: String) throws {
        let bytes = ByteBuffer(string: text)
        guard case .complete(let request) = WireRequest.read(bytes, largestBody: 64 * 1024) else {
            Issue.record("not read: \(text.debugDescription)")
            return
        }
        let head = try #require(request.head(in: bytes))
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(HTTPRequestDecoder()))
        try channel.writeInbound(bytes)
        var decodedHead: HTTPRequestHead?
        var decodedBody = ByteBuffer()
        var ended = false
        while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
            switch part {
            case .head(let value): decodedHead = value
            case .body(var chunk): decodedBody.writeBuffer(&chunk)
            case .end: ended = true
            }
        }
        let decoded = try #require(decodedHead)
        #expect(ended)
        #expect(head.method == decoded.method)
        #expect(head.uri == decoded.uri)
        #expect(head.version == decoded.version)
        #expect(head.isKeepAlive == decoded.isKeepAlive)
        #expect(head.headers.map { "\($0.name)=\($0.value)" } == decoded.headers.map { "\($0.name)=\($0.value)" })
        #expect(request.body(in: bytes) == decodedBody)
        _ = try channel.finish()
    }

    @Test("Hostile bytes never trap: random buffers and every single-byte change of a plain request")
    func hostileBytes() {
        var generator = SystemRandomNumberGenerator()
        var counts = (complete: 0, incomplete: 0, declined: 0)
        func check(_ bytes: [UInt8]) {
            switch WireRequest.read(ByteBuffer(bytes: bytes), largestBody: 64 * 1024) {
            case .complete(let request):
                counts.complete += 1
                #expect(request.length <= bytes.count && request.headLength > 0)
                #expect(request.head(in: ByteBuffer(bytes: bytes)) != nil)
            case .incomplete: counts.incomplete += 1
            case .declined: counts.declined += 1
            }
        }
        for _ in 0..<5_000 {
            let count = Int.random(in: 0..<300, using: &generator)
            check((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        let plain = Array(Self.post.utf8)
        for index in plain.indices {
            for byte: UInt8 in [0, 9, 10, 13, 32, 34, 35, 48, 58, 127, 200, 255] {
                var changed = plain
                changed[index] = byte
                check(changed)
            }
        }
        #expect(counts.complete > 0 && counts.incomplete > 0 && counts.declined > 0, "\(counts)")
    }

    @Test("The recorded status line and headers written from the wire are the bytes NIO's encoder writes")
    func prefixMatchesEncoder() throws {
        let statuses: [(Int, String)] = [
            (200, "OK"), (201, "Created"), (204, "No Content"), (304, "Not Modified"), (404, "Not Found"),
            (418, "I'm a teapot"), (599, "Odd"), (200, "Fine"),
        ]
        for (code, reason) in statuses {
            let recorded = CassetteResponse(
                status: code, statusText: reason,
                headers: HeaderFields([("Content-Type", "application/json"), ("X-A", "1")]),
                body: Data(#"{"ok":true}"#.utf8))
            let prepared = PreparedResponse(recorded)
            let channel = EmbeddedChannel(handler: HTTPResponseEncoder())
            // The encoder frames an answer by the request it answers; a GET, as the wire path only answers those
            // and other requests whose answers may carry a body.
            try channel.writeOutbound(
                HTTPServerResponsePart.head(
                    HTTPResponseHead(version: .http1_1, status: prepared.wireStatus, headers: prepared.wireHeaders)))
            var encoded = ByteBuffer()
            while let part = try channel.readOutbound(as: IOData.self) {
                if case .byteBuffer(var buffer) = part { encoded.writeBuffer(&buffer) }
            }
            var expected = prepared.wirePrefix
            expected.writeStaticString("\r\n")
            #expect(String(buffer: encoded) == String(buffer: expected), "\(code) \(reason)")
            _ = try channel.finish()
        }
    }
}
