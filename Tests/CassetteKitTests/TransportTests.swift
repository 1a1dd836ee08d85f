import CassetteKit
import Foundation
import HTTPTypes
import HarnessTesting
import OpenAPIRuntime
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An upstream `ClientTransport` that answers in-process and counts what it is sent.
struct FakeUpstream: ClientTransport {
    let calls = Counter()

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (
        HTTPResponse, HTTPBody?
    ) {
        calls.increment()
        var received = ""
        if let body { received = try await String(collecting: body, upTo: 1 << 20) }
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.setCookie] = "sid=upstream-session-secret"
        return (
            HTTPResponse(status: .created, headerFields: fields),
            HTTPBody(#"{"path":"\#(request.path ?? "")","received":\#(received.isEmpty ? "null" : received)}"#)
        )
    }
}

@Suite("Transports")
struct TransportTests {
    static let baseURL = URL(string: "https://api.referralhero.test/v2/")!

    static func post(_ path: String) -> HTTPRequest {
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: path)
        request.headerFields[.contentType] = "application/json"
        request.headerFields[.authorization] = "Bearer live-api-token"
        return request
    }

    @Test("RecordingTransport records through the upstream, then replays without it")
    func recordingTransport() async throws {
        try await withTemporaryDirectory { folder in
            let upstream = FakeUpstream()
            let recorder = try await CassetteRecorder(
                cassette: "referralhero/track", store: CassetteStore(root: folder.url), mode: .once)
            let recording = RecordingTransport(upstream: upstream, recorder: recorder)
            let (response, body) = try await recording.send(
                Self.post("/subscribers?list=7"), body: HTTPBody(#"{"email":"a@b.c"}"#), baseURL: Self.baseURL,
                operationID: "track")
            #expect(response.status == .created)
            let text = try await String(collecting: try #require(body), upTo: 1 << 20)
            #expect(text == #"{"path":"/subscribers?list=7","received":{"email":"a@b.c"}}"#)
            try await recorder.finish()

            let cassette = try Cassette(contentsOf: folder.appending("referralhero/track.har"))
            #expect(cassette.entries[0].request.url == "https://api.referralhero.test/v2/subscribers?list=7")
            #expect(!String(decoding: cassette.encoded(), as: UTF8.self).contains("live-api-token"))

            let replay = try ReplayTransport(cassette: cassette, name: "referralhero/track")
            let (replayed, replayedBody) = try await replay.send(
                Self.post("/subscribers?list=7"), body: HTTPBody(#"{ "email": "a@b.c" }"#), baseURL: Self.baseURL,
                operationID: "track")
            #expect(replayed.status == .created)
            #expect(replayed.headerFields[.setCookie] == "sid=<redacted:set-cookie:1>")
            #expect(try await String(collecting: try #require(replayedBody), upTo: 1 << 20) == text)
            #expect(upstream.calls.value == 1)
        }
    }

    @Test("ReplayTransport fails a request the cassette does not hold, naming the nearest one")
    func replayMiss() async throws {
        let cassette = Sample.cassette([
            (
                Sample.request("POST", "https://api.referralhero.test/v2/subscribers", body: #"{"email":"a@b.c"}"#),
                Sample.response()
            )
        ])
        let replay = try ReplayTransport(cassette: cassette, name: "referralhero/track")
        let error = await #expect(throws: CassetteError.self) {
            _ = try await replay.send(
                Self.post("/subscribers"), body: HTTPBody(#"{"email":"x@y.z"}"#), baseURL: Self.baseURL,
                operationID: "t")
        }
        #expect(error?.description.contains(#"body json:/email: expected "a@b.c", got "x@y.z""#) == true)
    }

    @Test("CassetteMiddleware answers recorded requests without calling the rest of the chain")
    func middleware() async throws {
        try await withTemporaryDirectory { folder in
            let store = CassetteStore(root: folder.url)
            let upstream = FakeUpstream()
            let recorder = try await CassetteRecorder(cassette: "m/flow", store: store, mode: .newEpisodes)
            let middleware = CassetteMiddleware(recorder: recorder)
            let next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = {
                try await upstream.send($0, body: $1, baseURL: $2, operationID: "op")
            }
            for _ in 0..<2 {
                _ = try await middleware.intercept(
                    Self.post("/ping"), body: nil, baseURL: Self.baseURL, operationID: "op", next: next)
            }
            try await recorder.finish()
            #expect(upstream.calls.value == 2, "new-episodes records both (nothing was recorded before)")
            let again = CassetteMiddleware(
                recorder: try await CassetteRecorder(
                    cassette: "m/flow", store: CassetteStore(root: folder.url), mode: RecordMode.none))
            for _ in 0..<2 {
                _ = try await again.intercept(
                    Self.post("/ping"), body: nil, baseURL: Self.baseURL, operationID: "op", next: next)
            }
            #expect(upstream.calls.value == 2)
        }
    }

    @Test("URLSession code replays through the URL protocol, POST bodies included, streamed or not")
    func urlProtocolReplay() async throws {
        let gzip = ContentEncoding.gzip(Data(#"{"ok":"gzip"}"#.utf8))
        let cassette = Sample.cassette([
            (Sample.request("POST", "https://x.test/a", body: #"{"n":1}"#), Sample.response(200, #"{"ok":1}"#)),
            (
                Sample.request("PUT", "https://x.test/b", body: #"{"n":2}"#),
                CassetteResponse(
                    status: 202, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: gzip)
            ),
        ])
        let lane = CassetteURLProtocol.register(try ReplaySession(cassette: cassette, name: "u/replay"))
        let session = URLSession(configuration: lane.configuration())
        var first = URLRequest(url: URL(string: "https://x.test/a")!)
        first.httpMethod = "POST"
        first.setValue("application/json", forHTTPHeaderField: "Content-Type")
        first.httpBody = Data(#"{ "n" : 1 }"#.utf8)
        let (data, response) = try await session.data(for: first)
        #expect(String(decoding: data, as: UTF8.self) == #"{"ok":1}"#)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)

        var second = URLRequest(url: URL(string: "https://x.test/b")!)
        second.httpMethod = "PUT"
        second.setValue("application/json", forHTTPHeaderField: "Content-Type")
        second.httpBodyStream = InputStream(data: Data(#"{"n":2}"#.utf8))
        let (streamed, streamedResponse) = try await session.data(for: second)
        #expect(String(decoding: streamed, as: UTF8.self) == #"{"ok":"gzip"}"#, "decoded as URLSession would")
        #expect((streamedResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding") == nil)

        var missing = URLRequest(url: URL(string: "https://x.test/c")!)
        missing.httpMethod = "DELETE"
        await #expect(throws: (any Error).self) { _ = try await session.data(for: missing) }
        lane.invalidate()
    }

    @Test("URLSession code records through the URL protocol, and two lanes never share a cassette")
    func urlProtocolRecordAndLanes() async throws {
        try await withTemporaryDirectory { folder in
            let server = CassetteURLProtocol.register { request in
                CassetteResponse(
                    status: 200, headers: ["Content-Type": "text/plain"],
                    body: Data("served \(request.method) \(request.parts.path) \(request.body.count)".utf8))
            }
            let recorder = try await CassetteRecorder(
                cassette: "u/record", store: CassetteStore(root: folder.url), mode: .once)
            let recording = CassetteURLProtocol.register(recorder, upstream: server.configuration())
            let other = CassetteURLProtocol.register { _ in CassetteResponse(status: 418) }
            #expect(recording.lane != other.lane)
            var request = URLRequest(url: URL(string: "https://x.test/upload")!)
            request.httpMethod = "POST"
            request.httpBody = Data("12345".utf8)
            let (data, _) = try await URLSession(configuration: recording.configuration()).data(for: request)
            #expect(String(decoding: data, as: UTF8.self) == "served POST /upload 5")
            let (_, teapot) = try await URLSession(configuration: other.configuration()).data(for: request)
            #expect((teapot as? HTTPURLResponse)?.statusCode == 418)
            try await recorder.finish()
            let cassette = try Cassette(contentsOf: folder.appending("u/record.har"))
            #expect(cassette.entries.map(\.response.content.text) == ["served POST /upload 5"])
        }
    }
}
