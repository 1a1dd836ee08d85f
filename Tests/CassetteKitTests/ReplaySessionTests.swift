import CassetteKit
import Foundation
import Testing

@Suite("ReplaySession")
struct ReplaySessionTests {
    static let poll = Sample.request("GET", "https://x.test/jobs/7", headers: [:])

    func pollingCassette() -> Cassette {
        Sample.cassette([
            (Self.poll, Sample.response(200, #"{"state":"queued"}"#)),
            (Sample.request("GET", "https://x.test/other", headers: [:]), Sample.response(200, "{}")),
            (Self.poll, Sample.response(200, #"{"state":"running"}"#)),
            (Self.poll, Sample.response(200, #"{"state":"done"}"#)),
        ])
    }

    @Test("Identical requests replay their recorded responses in order")
    func inOrder() throws {
        let session = try ReplaySession(cassette: pollingCassette(), name: "jobs/poll")
        let states = try (0..<3).map { _ in
            String(decoding: try session.response(for: Self.poll).body, as: UTF8.self)
        }
        #expect(states == [#"{"state":"queued"}"#, #"{"state":"running"}"#, #"{"state":"done"}"#])
        #expect(session.unplayedEntries == [1])
    }

    @Test("One request more than recorded is an error that says so, not a miss")
    func exhausted() throws {
        let session = try ReplaySession(cassette: pollingCassette(), name: "jobs/poll")
        for _ in 0..<3 { _ = try session.response(for: Self.poll) }
        let error = #expect(throws: CassetteError.self) { try session.response(for: Self.poll) }
        #expect(
            error?.description
                == """
                all 3 recorded responses to GET https://x.test/jobs/7 in cassette 'jobs/poll' were already replayed \
                and the request was sent once more.
                  if the flow legitimately repeats it, allow repeats (ReplayOptions(allowsRepeats: true)), or record \
                the extra response: rerun the same test with HARNESS_RECORD=new-episodes (cassette jobs/poll)
                """)
        session.reset()
        #expect(session.lookup(Self.poll) == .hit(entry: 0))
    }

    @Test("With repeats allowed, the last recorded response is replayed again")
    func repeats() throws {
        let session = try ReplaySession(
            cassette: pollingCassette(), name: "jobs/poll", options: ReplayOptions(allowsRepeats: true))
        let entries = (0..<5).map { _ in session.lookup(Self.poll) }
        #expect(entries == [.hit(entry: 0), .hit(entry: 2), .hit(entry: 3), .hit(entry: 3), .hit(entry: 3)])
    }

    @Test("A miss names the cassette, the nearest recorded request, the fields that differ and the command")
    func nearestMatchText() throws {
        let headers: HeaderFields = ["Content-Type": "application/x-www-form-urlencoded"]
        func login(_ user: String, password: String) -> CassetteRequest {
            let xml =
                "<Envelope><Body><Login><USERNAME>\(user)</USERNAME><PASSWORD>\(password)</PASSWORD></Login></Body></Envelope>"
            return CassetteRequest(
                method: "POST", url: "https://api-campaign-us-1.goacoustic.com/XMLAPI", headers: headers,
                body: Data(("xml=" + xml.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).utf8))
        }
        var cassette = Sample.cassette(
            [
                (
                    Sample.request("GET", "https://api-campaign-us-1.goacoustic.com/health", headers: [:]),
                    Sample.response()
                ),
                (
                    login("ana@example.com", password: "hunter2"),
                    Sample.response(200, "<Envelope/>", contentType: "text/xml")
                ),
            ],
            harness: HarnessExtension(flow: "engage/login", vendor: "engage"))
        cassette.redact()
        let session = try ReplaySession(cassette: cassette, name: "engage/login", file: "Cassettes/engage/login.har")
        let error = #expect(throws: CassetteError.self) {
            try session.response(for: login("bob@example.com", password: "correct horse"))
        }
        #expect(
            error?.description
                == """
                no interaction in cassette 'engage/login' (Cassettes/engage/login.har) matches POST \
                https://api-campaign-us-1.goacoustic.com/XMLAPI (record mode none)
                  nearest recorded request: entry 1, POST https://api-campaign-us-1.goacoustic.com/XMLAPI
                    form:xml xpath:/Envelope/Body[1]/Login[1]/USERNAME[1]/text(): expected "ana@example.com", got "bob@example.com"
                  to record it: swift run harness record engage/login
                """)
        #expect(error?.description.contains("hunter2") == false)
        #expect(error?.description.contains("correct horse") == false)
    }

    @Test("A miss against an empty cassette says it holds nothing")
    func emptyCassette() throws {
        let session = try ReplaySession(cassette: Cassette(flow: nil), name: "empty")
        let error = #expect(throws: CassetteError.self) { try session.response(for: Self.poll) }
        #expect(error?.description.contains("the cassette holds no interactions") == true)
    }

    @Test("A gzip response is replayed byte for byte, headers included")
    func gzipByteExact() throws {
        let json = Data(#"{"campaigns":[{"id":1,"name":"spring"}]}"#.utf8)
        let wire = ContentEncoding.gzip(json)
        let response = CassetteResponse(
            status: 200, statusText: "OK",
            headers: [
                "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": "\(wire.count)",
            ],
            body: wire)
        let cassette = Sample.cassette([(Self.poll, response)])
        #expect(cassette.entries[0].response.content.encoding == "base64")
        #expect(cassette.entries[0].response.content.size == json.count)
        let reloaded = try Cassette(data: cassette.encoded(), source: "gzip.har")
        let replayed = try ReplaySession(cassette: reloaded, name: "gzip").response(for: Self.poll)
        #expect(replayed.body == wire)
        #expect(replayed.headers == response.headers)
        #expect(replayed.decodedBody == json)
    }

    @Test("Many tasks replaying at once each get a distinct recorded response")
    func concurrentReplay() async throws {
        let interactions = (0..<200).map { index in
            (Self.poll, Sample.response(200, "{\"n\":\(index)}"))
        }
        let session = try ReplaySession(cassette: Sample.cassette(interactions), name: "many")
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<200 {
                group.addTask { String(decoding: try session.response(for: Self.poll).body, as: UTF8.self) }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies.count == 200)
        #expect(session.unplayedEntries.isEmpty)
    }

    @Test("Lookups find the right entry among many with the same method and path")
    func indexAtScale() throws {
        let interactions = (0..<5000).map { index in
            (Sample.request(body: "{\"event\":\(index)}"), Sample.response(200, "{\"ack\":\(index)}"))
        }
        let session = try ReplaySession(cassette: Sample.cassette(interactions), name: "scale")
        let body = try session.response(for: Sample.request(body: "{\"event\":4321}")).body
        #expect(String(decoding: body, as: UTF8.self) == "{\"ack\":4321}")
    }
}
