import ContractKit
import Foundation
import JSONCore
import Testing

/// One hand-broken cassette per kind of violation, each giving exactly the expected violations.
@Suite("ContractCheck")
struct ContractCheckTests {
    /// The violations of a fixture as `[kind] location: expected …, found …` lines.
    func lines(_ name: String) throws -> [String] {
        try Fixtures.violations(name).map { "[\($0.kind.rawValue)] \($0.message)" }
    }

    @Test("A valid cassette has no violations")
    func valid() throws {
        let cassette = try Fixtures.cassette("valid")
        #expect(cassette.interactions.count == 3)
        #expect(try lines("valid") == [])
    }

    @Test("A method the path does not declare is an undeclared operation")
    func undeclaredOperation() throws {
        let violations = try Fixtures.violations("undeclared-operation")
        #expect(violations.map(\.entry) == [0])
        #expect(violations.map(\.cassette) == ["engage/undeclared-operation.har"])
        #expect(
            try lines("undeclared-operation") == [
                "[undeclared-operation] request method: expected POST on /XMLAPI, found GET"
            ])
    }

    @Test("A status the operation does not declare is reported with the declared ones")
    func undeclaredStatus() throws {
        #expect(
            try lines("undeclared-status") == [
                "[undeclared-status] response status: expected one of 200, 400, 401, 429 for POST /oauth/token, found 500"
            ])
        let violation = try #require(try Fixtures.violations("undeclared-status").first)
        #expect(violation.schemaLocation == "Schemas/engage/engage.openapi.yaml#/paths/~1oauth~1token/post/responses")
    }

    @Test("A missing required header names the header")
    func missingHeader() throws {
        #expect(
            try lines("missing-header") == [
                "[missing-header] request header Authorization: expected the header (required), found it is missing"
            ])
    }

    @Test("A body of an undeclared media type names the declared ones")
    func undeclaredMediaType() throws {
        #expect(
            try lines("undeclared-media-type") == [
                "[undeclared-media-type] response Content-Type: expected application/json, found text/html"
            ])
    }

    @Test("A required request body that is absent is a missing body")
    func missingBody() throws {
        #expect(
            try lines("missing-body") == [
                "[missing-body] request body: expected a body (application/x-www-form-urlencoded), found no body"
            ])
    }

    @Test("A JSON body that does not parse gives its line and column")
    func malformedBody() throws {
        #expect(
            try lines("malformed-body") == [
                "[malformed-body] request body: expected JSON, found invalid JSON at line 1, column 13: unexpected '}', expected a value"
            ])
    }

    @Test("A JSON body breaking its schema gives the JSON pointer and the schema keyword of each violation")
    func jsonSchema() throws {
        #expect(
            try lines("json-schema") == [
                "[json-schema] request body /events/0/eventTypeCode: expected integer, found string \"12\"",
                "[json-schema] request body /events/0/eventTypeCode: expected one of [12, 13, 14, 15, 16, 17, 48, 49], found string \"12\"",
                "[json-schema] request body /events/0/eventTimestamp: expected a date-time, found string \"yesterday\"",
            ])
        let locations = try Fixtures.violations("json-schema").compactMap(\.schemaLocation)
        #expect(
            locations.first
                == "Schemas/engage/engage.openapi.yaml#/components/schemas/UBFEvent/properties/eventTypeCode/type")
    }

    @Test("An XML response breaking its XSD gives the XPath, the line and libxml2's message, per operation")
    func xmlSchema() throws {
        #expect(
            try lines("xml-schema") == [
                "[xml-schema] response body /Envelope/Body/RESULT/SUCCESS (line 1): expected a document valid against "
                    + "Schemas/engage/xsd/select-recipient-data-result.xsd, found Element 'SUCCESS': [facet 'pattern'] "
                    + "The value 'maybe' is not accepted by the pattern '[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|SUCCESS'."
            ])
    }

    @Test(
        "An answer is checked against the result XSD of its request's operation; an undeclared operation is a violation"
    )
    func resultByRequestOperation() throws {
        let check = ContractCheck(registry: try Fixtures.registry.get())
        let interaction = try #require(
            try Fixtures.cassette("valid").interactions.first { $0.request.path.hasSuffix("/XMLAPI") })
        func answering(_ operation: String, with result: String, success: Bool = true, after: String = "") -> [String] {
            var changed = interaction
            let envelope = "<Envelope><Body><\(operation)><LIST_ID>23949</LIST_ID></\(operation)></Body></Envelope>"
            changed.request.body = Interaction.Body(
                data: Data(FormCoding.encodedBytes([FormField(name: "xml", value: envelope)])),
                contentType: "application/x-www-form-urlencoded")
            changed.response.body = Interaction.Body(
                data: Data(
                    "<Envelope><Body><RESULT><SUCCESS>\(success ? "TRUE" : "false")</SUCCESS>\(result)</RESULT>\(after)</Body></Envelope>"
                        .utf8),
                contentType: "text/xml")
            return check.check(changed, vendor: "engage").map(\.message)
        }
        #expect(answering("AddRecipient", with: "<RecipientId>33535067</RecipientId>") == [])
        let wrong = answering("GetListMetaData", with: "<RecipientId>33535067</RecipientId>")
        #expect(wrong.count == 1)
        #expect(wrong.first?.contains("get-list-metadata-result.xsd") == true, "\(wrong)")
        // The request is the violation; Engage's fault answer to it fits fault-result.xsd, a success does not.
        let fault =
            "<Fault><Request/><FaultCode/><FaultString>Invalid XML Request</FaultString><detail><error>"
            + "<errorid>51</errorid><module/><class>SP.API</class><method/></error></detail></Fault>"
        let undeclared = answering("GetEverything", with: "", success: false, after: fault)
        #expect(undeclared.count == 1, "\(undeclared)")
        #expect(
            undeclared.first?.hasPrefix(
                "request form field xml /Envelope: expected a root, operation or request operation element") == true)
        let succeeded = answering("GetEverything", with: "")
        #expect(succeeded.dropFirst().allSatisfy { $0.contains("fault-result.xsd") }, "\(succeeded)")
        #expect(succeeded.count > 1)
    }

    @Test("The XMLAPI form field xml is validated against the XSD of its operation element")
    func xmlSchemaOfFormField() throws {
        #expect(
            try lines("xml-schema-request") == [
                "[xml-schema] request form field xml /Envelope/Body/SelectRecipientData/LIST_ID (line 1): expected a "
                    + "document valid against Schemas/engage/xsd/select-recipient-data.xsd, found Element 'LIST_ID': "
                    + "[facet 'pattern'] The value 'forty' is not accepted by the pattern '[0-9]+'."
            ])
    }

    @Test("A client_secret in clear is a violation that does not repeat the secret")
    func unredactedClientSecret() throws {
        let lines = try lines("unredacted-secret")
        #expect(
            lines == [
                "[unredacted-secret] request form field client_secret: expected a redaction placeholder such as "
                    + "<redacted:…>, found a value of 23 characters in clear"
            ])
        #expect(!lines.joined().contains("s3cr3t"))
    }

    @Test("A bearer token in clear is a violation")
    func unredactedBearer() throws {
        #expect(
            try lines("unredacted-bearer") == [
                "[unredacted-secret] request header Authorization: expected a redaction placeholder such as "
                    + "<redacted:…>, found a value of 43 characters in clear"
            ])
    }

    @Test("A cassette of a vendor without a contract is an unknown vendor")
    func unknownVendor() throws {
        let check = ContractCheck(registry: try Fixtures.registry.get())
        let interaction = try #require(try Fixtures.cassette("valid").interactions.first)
        let violations = check.check(interaction, vendor: "nobody")
        #expect(violations.map(\.kind) == [.unknownVendor])
        #expect(violations.first?.actual == "'nobody' (no Schemas/nobody/nobody.openapi.yaml)")
    }

    @Test(
        "A request's path is its URL without scheme, host, query or fragment, however the URL is written",
        arguments: [
            ("https://api.example.com/XMLAPI?x=1", "/XMLAPI"), ("/lists/a/subscribers#top", "/lists/a/subscribers"),
            ("https://api.example.com", "/"), ("https://h.example/a?b=c://d", "/a"), ("/a/b://c/d?e", "/d"),
            ("", "/"), ("?only=query", "/"), ("://", "/"), ("https://h.example/caf\u{E9}/x?y", "/caf\u{E9}/x"),
            ("https://h\u{E9}.example/\u{301}?#", "/"), ("/p\u{E9}#?x", "/p\u{E9}"),
        ])
    func paths(url: String, path: String) {
        #expect(Interaction.Request(method: "GET", url: url).path == path)
    }

    @Test(
        "A request's query is what follows the first ? up to a #, decoded; a ? a combining accent joins is no ?",
        arguments: [
            ("https://h.example/a?b=1&c=%20x#d=2", ["b=1", "c= x"]), ("/a", []), ("/a?", []), ("?x=1", ["x=1"]),
            ("/a?x=1?y=2", ["x=1?y=2"]), ("/caf\u{E9}?q=caf\u{E9}#x", ["q=caf\u{E9}"]),
            ("/a?\u{301}x=1", []), ("/a?\u{301}x=1?y=2", ["y=2"]), ("/\u{E9}?x=%C3%A9", ["x=\u{E9}"]),
        ])
    func queries(url: String, fields: [String]) {
        let query = Interaction.Request(method: "GET", url: url).query
        #expect(query.map { "\($0.name)=\($0.value)" } == fields)
    }

    @Test(
        "A header is found by its name with ASCII letters in any case, and by no other folding",
        arguments: [
            ("content-type", "text/plain"), ("CONTENT-TYPE", "text/plain"), ("Content-Typ", nil),
            ("Content-Typee", nil),
            ("X-Api-Key", "k"), ("x-api-\u{212A}ey", nil),  // a Kelvin sign lowercases to k in Unicode, not in HTTP
            ("", nil),
        ] as [(String, String?)])
    func headerLookup(name: String, value: String?) {
        let headers = [
            HeaderField(name: "Content-Type", value: "text/plain"), HeaderField(name: "x-api-key", value: "k"),
        ]
        #expect(headers.value(of: name) == value)
    }
}
