import CassetteKit
import Foundation
import HarnessTesting
import Testing

@Suite("Cassette import")
struct ImportTests {
    @Test(
        "Every corpus export imports, and replays each of its own requests to its own response, in order",
        .enabled(if: HARCorpus.folder != nil, Comment(rawValue: SharedData.absenceReason)))
    func corpusImportsAndReplays() throws {
        var interactions = 0
        for file in HARCorpus.files {
            let name = file.lastPathComponent
            let (cassette, _) = Cassette.imported(from: try Cassette(contentsOf: file))
            let reloaded = try Cassette(data: cassette.encoded(), source: name)
            #expect(reloaded.entries.map { $0.harness?.order } == Array(0..<reloaded.entries.count).map { $0 })
            let session = try ReplaySession(cassette: reloaded, name: name)
            for (index, entry) in reloaded.entries.enumerated() {
                let request = try #require(entry.request.cassetteRequest, "\(name) #\(index)")
                #expect(session.lookup(request) == .hit(entry: index), "\(name) #\(index) \(request.summary)")
                #expect(try session.index.response(at: index).status == entry.response.status)
            }
            interactions += reloaded.entries.count
        }
        #expect(interactions > 300)
    }

    @Test("Import drops a Content-Encoding header whose body the browser already decoded, and keeps a real one")
    func encodingHeaders() throws {
        let request = Sample.request("GET", "https://x.test/a")
        let decoded = CassetteResponse(
            status: 200, headers: ["Content-Type": "text/plain", "Content-Encoding": "gzip", "Content-Length": "20"],
            body: Data("plain text".utf8))
        let encoded = CassetteResponse(
            status: 200, headers: ["Content-Type": "text/plain", "Content-Encoding": "gzip"],
            body: ContentEncoding.gzip(Data("plain text".utf8)))
        let (cassette, _) = Cassette.imported(
            from: Sample.cassette([(request, decoded), (request, encoded)]), settings: HarnessExtension(vendor: "x"))
        #expect(cassette.entries[0].response.headers.map(\.name) == ["Content-Type"])
        #expect(cassette.entries[1].response.headers.map(\.name) == ["Content-Type", "Content-Encoding"])
        #expect(cassette.harness.vendor == "x")
    }

    @Test("The renderer shows bodies decoded: JSON formatted, XML indented, gzip undone, binary summarised")
    func renderer() {
        let gzipJSON = CassetteResponse(
            status: 200, statusText: "OK", headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
            body: ContentEncoding.gzip(Data(#"{"b":[1,2],"a":{"c":true}}"#.utf8)))
        let xml = Sample.request(
            headers: ["Content-Type": "text/xml"], body: "<Envelope><Body><X a=\"1\">v</X></Body></Envelope>")
        let binary = CassetteResponse(
            status: 200, headers: ["Content-Type": "image/png"], body: Data([0x89, 0x50, 0xFF]))
        let cassette = Sample.cassette(
            [(xml, gzipJSON), (Sample.request("GET", "https://x.test/logo.png", headers: [:]), binary)],
            harness: HarnessExtension(flow: "demo/show", volatile: [.header("Date")]))
        let text = InteractionRenderer().render(cassette, source: "demo.har")
        #expect(
            text.hasPrefix(
                "demo.har: 2 interactions (flow demo/show)\nvolatile: header:Date\n\n#0 POST https://api.example.com/v1/events\n"
            ))
        #expect(text.contains("    <Envelope>\n      <Body>\n        <X a=\"1\">v</X>\n      </Body>\n    </Envelope>"))
        #expect(text.contains("(gzip, "))
        #expect(
            text.contains(
                "    {\n      \"a\": {\n        \"c\": true\n      },\n      \"b\": [\n        1,\n        2\n      ]\n    }"
            ))
        #expect(text.contains("(3 bytes of binary data)"))
    }
}
