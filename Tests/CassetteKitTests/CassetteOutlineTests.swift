import CassetteKit
import Foundation
import JSONCore
import Testing

@Suite("CassetteOutline")
struct CassetteOutlineTests {
    /// A cassette with what matching cares about: a poll answered in order, a JSON body matched semantically, a
    /// query, an entry with a volatile field of its own, a URL that needs escapes, and a log-level volatile header.
    static func cassette() -> Cassette {
        let poll = Sample.request("GET", "https://x.test/jobs/7", headers: [:])
        var cassette = Sample.cassette(
            [
                (poll, Sample.response(200, #"{"state":"queued"}"#)),
                (Sample.request(body: #"{"b":2,"a":[1,"x"]}"#), Sample.response(201, #"{"id":1}"#)),
                (Sample.request("GET", "https://x.test/search?q=a%20b&page=2", headers: [:]), Sample.response()),
                (poll, Sample.response(200, #"{"state":"done"}"#)),
                (Sample.request("GET", "https://x.test/caf\u{E9}/\"quoted\"", headers: [:]), Sample.response(204, "")),
                (Sample.request(body: #"{"ts":1,"n":"x"}"#), Sample.response(200, #"{"own":true}"#)),
            ],
            harness: HarnessExtension(flow: "x/flow", volatile: [.header("X-Request-Id")]))
        cassette.entries[5].harness?.volatile = [.json("/ts")]
        return cassette
    }

    static let probes: [CassetteRequest] = [
        Sample.request("GET", "https://x.test/jobs/7", headers: [:]),
        Sample.request(body: #"{ "a" : [1, "x"], "b" : 2 }"#),
        Sample.request(body: #"{"a":[1,"y"],"b":2}"#),
        Sample.request("GET", "https://x.test/search?page=2&q=a%20b", headers: ["X-Request-Id": "r-9"]),
        Sample.request("GET", "https://x.test/caf%C3%A9/%22quoted%22", headers: [:]),
        Sample.request(body: #"{"n":"x","ts":99}"#),
        Sample.request("DELETE", "https://x.test/jobs/7", headers: [:]),
    ]

    @Test("It finds every entry's text, method and URL as a full read does")
    func outlinesLikeAFullRead() throws {
        let cassette = Self.cassette()
        let bytes = cassette.encoded()
        let outline = try #require(CassetteOutline(bytes: bytes))
        #expect(outline.entries.count == cassette.entries.count)
        let written = try JSONValue(parsing: bytes)
        for (number, (found, entry)) in zip(outline.entries, cassette.entries).enumerated() {
            #expect(found.method == entry.request.method && found.url == entry.request.url)
            let text = try JSONValue(parsing: outline.text(found.range))
            #expect(text == written["log"]?["entries"]?[number])
        }
        let harness = try #require(outline.harness)
        #expect(try JSONValue(parsing: outline.text(harness))["flow"] == "x/flow")
    }

    @Test("An index made from the outline matches, orders and misses exactly as one made from the full read")
    func outlinedIndexAnswersAsTheFullOne() throws {
        let cassette = Self.cassette()
        let outline = try #require(CassetteOutline(bytes: cassette.encoded()))
        let full = ReplaySession(index: try InteractionIndex(cassette: cassette, name: "x/flow"))
        let outlined = ReplaySession(index: try InteractionIndex(outline: outline, name: "x/flow"))
        for probe in Self.probes + Self.probes {
            #expect(outlined.index.matches(for: probe) == full.index.matches(for: probe), "\(probe.summary)")
            #expect(outlined.lookup(probe) == full.lookup(probe), "\(probe.summary)")
            #expect(outlined.miss(for: probe) == full.miss(for: probe), "\(probe.summary)")
        }
        for entry in 0..<cassette.entries.count {
            #expect(try outlined.index.response(at: entry) == full.index.response(at: entry))
            #expect(outlined.index.request(at: entry) == full.index.request(at: entry))
        }
        #expect(outlined.index.failure == nil)
    }

    @Test("Text cut short anywhere, or that is not a cassette, gives no outline and never traps")
    func truncatedAndHostileText() {
        let bytes = Self.cassette().encoded()
        // The encoded text ends with a line break, so every shorter prefix is cut inside the root object.
        for length in stride(from: 0, to: bytes.count - 1, by: 7) {
            #expect(CassetteOutline(bytes: bytes.prefix(length)) == nil, "prefix of \(length) bytes")
        }
        let hostile = [
            "", "null", "[]", #"{"log":[]}"#, #"{"log":{"entries":{}}}"#, #"{"log":{"entries":[1]}}"#,
            #"{"log":{"entries":[{"request":{"url":"u"}}]}}"#,
            #"{"log":{"entries":[{"request":{"method":1,"url":"u"}}]}}"#,
            #"{"log":{"entries":[]},"log":{"entries":[]}}"#,
            #"{"log":{"entries":[{"request":{"method":"GET","method":"PUT","url":"u"}}]}}"#,
            #"{"log":{"entries":[{"request":{"method":"GET","url":"u"},"x":[}]}}"#,
            #"{"log":{"entries":[]}} trailing"#, #"{"log":{"entries":[],"_harness":"x"}}"#,
            #"{"log":{"entries":[{"request":{"method":"GET","url":"u\"#,
            String(repeating: "[", count: 100_000),
            #"{"log":{"entries":[],"x":"# + String(repeating: "{", count: 100_000),
        ]
        for text in hostile {
            #expect(CassetteOutline(bytes: Data(text.utf8)) == nil, "\(text.prefix(60))")
        }
        #expect(CassetteOutline(bytes: Data(#"{"log":{"entries":[]}}"#.utf8))?.entries.isEmpty == true)
    }

    @Test("An outline that lies about where entries are makes them match nothing, with an error naming the entry")
    func lyingOutline() throws {
        let cassette = Self.cassette()
        let bytes = cassette.encoded()
        let truth = try #require(CassetteOutline(bytes: bytes))
        var shifted = truth.entries
        shifted[0].range = shifted[0].range.lowerBound + 1..<shifted[0].range.upperBound
        var swapped = truth.entries
        (swapped[0].range, swapped[1].range) = (truth.entries[1].range, truth.entries[0].range)
        var beyond = truth.entries
        beyond[3].range = 0..<bytes.count
        for (entries, broken) in [(shifted, 0), (swapped, 0), (beyond, 3)] {
            let lying = CassetteOutline(bytes: bytes, entries: entries, harness: truth.harness)
            let index = try InteractionIndex(outline: lying, name: "x/flow", file: "/c/x/flow.har")
            #expect(index.matches(for: Self.probes[0]) == [])
            let failure = try #require(index.failure)
            #expect(failure.description.contains("/c/x/flow.har"))
            #expect(failure.description.contains("/log/entries/\(broken)"), "\(failure)")
            #expect(throws: CassetteError.self) { try index.response(at: broken) }
        }
    }

    @Test("An entry that outlines but does not read as HAR is reported with the file and its pointer")
    func entryThatDoesNotRead() throws {
        var text = String(decoding: Self.cassette().encoded(), as: UTF8.self)
        let status = try #require(text.range(of: "\"status\": 200"))
        text.replaceSubrange(status, with: "\"status\": \"x\"")
        let outline = try #require(CassetteOutline(bytes: Data(text.utf8)))
        let index = try InteractionIndex(outline: outline, name: "x/flow", file: "/c/x/flow.har")
        #expect(index.matches(for: Self.probes[0]) == [])
        let failure = try #require(index.failure)
        #expect(failure.description.contains("/c/x/flow.har"))
        #expect(failure.description.contains("/log/entries/0/response/status"), "\(failure)")
        #expect(index.matches(for: Self.probes[3]) == [2])
    }

    @Test("A response body that claims base64 but is not is reported with the file and entry, read in full or outlined")
    func responseThatDoesNotConvert() throws {
        var cassette = Self.cassette()
        cassette.entries[2].response.content.text = "!!!! not base64 ****"
        cassette.entries[2].response.content.encoding = "base64"
        let full = try InteractionIndex(cassette: cassette, name: "x/flow", file: "/c/x/flow.har")
        let outline = try #require(CassetteOutline(bytes: cassette.encoded()))
        let outlined = try InteractionIndex(outline: outline, name: "x/flow", file: "/c/x/flow.har")
        for index in [full, outlined] {
            do {
                _ = try index.response(at: 2)
                Issue.record("entry 2's response converted")
            } catch {
                let message = String(describing: error)
                #expect(message.contains("/c/x/flow.har"))
                #expect(message.contains("/log/entries/2/response/content/text"), "\(message)")
            }
            #expect(try index.response(at: 0).body == Data(#"{"state":"queued"}"#.utf8))
        }
        // Read in full, the entry still matches (its response fails at the hit); outlined, its bucket names it.
        #expect(full.matches(for: Self.probes[3]) == [2])
        #expect(outlined.matches(for: Self.probes[3]) == [])
        #expect(outlined.failure?.description.contains("/log/entries/2/response/content/text") == true)
    }
}
