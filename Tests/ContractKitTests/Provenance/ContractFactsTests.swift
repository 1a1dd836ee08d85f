import ContractKit
import Foundation
import JSONCore
import Testing

@Suite("SchemaRegistry.facts")
struct ContractFactsTests {
    let registry: SchemaRegistry

    init() throws {
        let schemas = Fixtures.folder.appendingPathComponent("schemas")
        registry = try SchemaRegistry(
            folder: schemas,
            documents: ["provenance": schemas.appendingPathComponent("provenance/provenance.openapi.yaml")])
    }

    func sources(
        _ method: String, _ url: String, headers: [HeaderField] = [], body: Interaction.Body? = nil,
        status: Int = 200, responseHeaders: [HeaderField] = [], responseBody: Interaction.Body? = nil
    ) -> [String] {
        let interaction = Interaction(
            cassette: "c.har", entry: 0,
            request: Interaction.Request(method: method, url: url, headers: headers, body: body),
            response: Interaction.Response(status: status, headers: responseHeaders, body: responseBody))
        return registry.facts(of: interaction, vendor: "provenance").map(\.source)
    }

    @Test("A bare request exercises the document, its path item, operation and declared status, nothing else")
    func bare() {
        #expect(
            sources("PUT", "/items/7") == [
                "document: the vendor page", "document: Items section", "sdk-source: ItemsRequest.swift",
                "document: Items section, success",
            ])
    }

    @Test("Parameters count only when sent, response headers only when present, statuses by the one answered")
    func parametersAndStatus() {
        let found = sources(
            "PUT", "/items/7?dry=true", headers: [HeaderField(name: "x-trace", value: "1")], status: 200,
            responseHeaders: [HeaderField(name: "ETag", value: "\"1\"")])
        #expect(found.contains("assumed: a tracing header"))
        #expect(found.contains("assumed: the dry-run switch"))
        #expect(found.contains("assumed: conditional requests"))
        let missing = sources("PUT", "/items/7", status: 404)
        #expect(missing.contains("assumed: the missing-item answer"))
        #expect(!missing.contains("document: Items section, success"))
        #expect(!missing.contains("assumed: a tracing header"))
    }

    @Test("Members count when the body holds them, through $ref, items and the oneOf branch the value fits")
    func members() {
        let json = Interaction.Body(
            text: #"{"name":"a","tags":["x"],"shape":{"kind":"square","side":2}}"#, contentType: "application/json")
        let found = sources("PUT", "/items/7", body: json)
        #expect(found.contains("sdk-source: Tag.swift"))
        #expect(found.contains("document: squares have sides"))
        #expect(!found.contains("assumed: prices in cents"))
        #expect(!found.contains("assumed: the circle's radius"))
        let priced = Interaction.Body(text: #"{"price":100,"tags":[]}"#, contentType: "application/json")
        let withPrice = sources("PUT", "/items/7", body: priced, responseBody: priced)
        #expect(
            withPrice.filter { $0 == "assumed: prices in cents" }.count == 1,
            "one place (components/schemas/Item) reached by both bodies is one fact")
        #expect(!withPrice.contains("sdk-source: Tag.swift"), "an empty array exercises no item")
    }

    @Test("Form fields are members of the form's schema")
    func formFields() {
        let form = Interaction.Body(text: "colour=red", contentType: "application/x-www-form-urlencoded")
        #expect(sources("PUT", "/items/7", body: form).contains("assumed: the form's colour field"))
    }

    @Test("A request the contract does not declare, or hostile bodies, exercise nothing and never trap")
    func undeclaredAndHostile() {
        #expect(sources("GET", "/nothing").isEmpty)
        #expect(sources("DELETE", "/items/7").isEmpty)
        let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let garbage = [
            Interaction.Body(text: deep, contentType: "application/json"),
            Interaction.Body(text: "{\"shape\":", contentType: "application/json"),
            Interaction.Body(data: Data([0xFF, 0xFE, 0x00]), contentType: "application/x-www-form-urlencoded"),
            Interaction.Body(text: "x", contentType: "application/unknown"),
        ]
        for body in garbage {
            #expect(sources("PUT", "/items/7", body: body).count == 4)
        }
    }

    @Test("A source's basis: assumed wherever it says assumed or UNCONFIRMED, sdk-source by prefix, else document")
    func basis() {
        #expect(Fact.Basis(source: "assumed: x") == .assumed)
        #expect(Fact.Basis(source: "sdk-source: File.swift; path assumed") == .assumed)
        #expect(Fact.Basis(source: "protocols/engage.md §8 (UNCONFIRMED)") == .assumed)
        #expect(Fact.Basis(source: "sdk-source: File.swift") == .sdkSource)
        #expect(Fact.Basis(source: "document: page, section 2") == .document)
        #expect([Fact.assumed("a"), Fact(source: "document: b", location: "")].basis == .assumed)
        #expect([Fact]().basis == .document)
    }
}

@Suite("SchemaRegistry.facts of XML operations")
struct XMLDeclarationFactsTests {
    @Test("An XMLAPI request and its answer rest on the citations of the declarations they hold, per operation")
    func xmlapiCitations() throws {
        let registry = try Fixtures.registry.get()
        let envelope =
            "<Envelope><Body><AddRecipient><LIST_ID>23949</LIST_ID><UPDATE_IF_FOUND>true</UPDATE_IF_FOUND>"
            + "<COLUMN><NAME>Email</NAME><VALUE>a@example.com</VALUE></COLUMN></AddRecipient></Body></Envelope>"
        let interaction = Interaction(
            cassette: "c.har", entry: 0,
            request: Interaction.Request(
                method: "POST", url: "http://127.0.0.1:8080/engage/XMLAPI",
                headers: [HeaderField(name: "Authorization", value: "Bearer <redacted:token>")],
                body: Interaction.Body(
                    data: Data(FormCoding.encodedBytes([FormField(name: "xml", value: envelope)])),
                    contentType: "application/x-www-form-urlencoded")),
            response: Interaction.Response(
                status: 200, headers: [],
                body: Interaction.Body(
                    data: Data(
                        "<Envelope><Body><RESULT><SUCCESS>TRUE</SUCCESS><RecipientId>1</RecipientId></RESULT></Body></Envelope>"
                            .utf8),
                    contentType: "text/xml")))
        let facts = registry.facts(of: interaction, vendor: "engage")
        func fact(_ location: String) -> Fact? { facts.first { $0.location.hasPrefix(location) } }
        #expect(fact("Schemas/engage/xsd/add-recipient.xsd#UPDATE_IF_FOUND")?.basis == .sdkSource)
        #expect(fact("Schemas/engage/xsd/add-recipient.xsd#AddRecipient")?.basis == .document)
        #expect(fact("Schemas/engage/xsd/common.xsd#NAME") != nil, "declarations of included files count")
        #expect(fact("Schemas/engage/xsd/add-recipient-result.xsd#RecipientId") != nil, "\(facts.map(\.location))")
        #expect(fact("Schemas/engage/xsd/add-recipient.xsd#CREATED_FROM") == nil, "an element not sent is not a fact")
        #expect(fact("Schemas/engage/xsd/get-list-metadata-result.xsd") == nil, "another operation's result is not")
    }
}
