import ContractKit
import Foundation
import JSONCore
import Testing

/// Hostile or broken input gives violations or errors, never a crash or a stack overflow.
@Suite("Bad input")
struct BadInputTests {
    func events(body: Data, contentType: String = "application/json") -> Interaction {
        Interaction(
            cassette: "bad.har", entry: 0,
            request: .init(
                method: "POST", url: "http://127.0.0.1:8080/engage/rest/events/submission",
                headers: [.init(name: "Authorization", value: "Bearer <redacted:access_token>")],
                body: .init(data: body, contentType: contentType)),
            response: .init(status: 200, body: .init(text: "{}", contentType: "application/json")))
    }

    func check(_ interaction: Interaction) throws -> [ContractViolation] {
        ContractCheck(registry: try Fixtures.registry.get()).check(interaction, vendor: "engage")
    }

    @Test("A body that is not UTF-8 is a malformed-body violation with its position")
    func nonUTF8() throws {
        let violations = try check(events(body: Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])))
        #expect(violations.map(\.kind) == [.malformedBody])
        #expect(violations.first?.actual == "JSON text is not UTF-8 at line 1, column 3 (byte 2)")
    }

    @Test("A form body whose fields are not UTF-8 is a malformed-body violation")
    func nonUTF8Form() throws {
        var interaction = events(body: Data("xml=%FF%FE".utf8), contentType: "application/x-www-form-urlencoded")
        interaction.request.url = "http://127.0.0.1:8080/engage/XMLAPI"
        interaction.response = .init(
            status: 200,
            body: .init(
                text: "<Envelope><Body><RESULT><SUCCESS>false</SUCCESS></RESULT><Fault><Request/><FaultCode/>"
                    + "<FaultString>Invalid XML Request</FaultString><detail><error><errorid>51</errorid><module/>"
                    + "<class>SP.API</class><method/></error></detail></Fault></Body></Envelope>",
                contentType: "text/xml"))
        let violations = try check(interaction)
        #expect(
            violations.map(\.message) == [
                "request body: expected UTF-8 form fields, found a field that is not UTF-8 once decoded"
            ])
    }

    @Test("A 100 MB body is reported as too large, not parsed")
    func hundredMegabytes() throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 100 << 20)
        let violations = try check(events(body: body))
        #expect(violations.map(\.kind) == [.bodyTooLarge])
        #expect(violations.first?.actual == "104857600 bytes")
    }

    @Test("JSON nested 100,000 levels deep is a malformed-body violation, not a stack overflow")
    func deepNesting() throws {
        let depth = 100_000
        let body = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        let violations = try check(events(body: body))
        #expect(violations.map(\.kind) == [.malformedBody])
        #expect(violations.first?.actual.hasPrefix("JSON nests deeper than 512 levels") == true)
    }

    @Test("XML nested 100,000 levels deep is a malformed-body violation")
    func deepXML() throws {
        var interaction = events(body: Data("{}".utf8))
        interaction.request.url = "http://127.0.0.1:8080/engage/XMLAPI"
        let depth = 100_000
        let xml = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        interaction.request.body = .init(text: "xml=" + xml, contentType: "application/x-www-form-urlencoded")
        interaction.response = .init(status: 200, body: .init(text: xml, contentType: "text/xml"))
        let violations = try check(interaction)
        #expect(violations.map(\.kind) == [.malformedBody, .malformedBody])
        #expect(violations.map(\.location) == ["request form field xml", "response body"])
    }

    @Test("A schema that refers to itself without reading the instance is reported, not a stack overflow")
    func referenceLoop() throws {
        let schema = try JSONSchema(["$defs": ["loop": ["$ref": "#/$defs/loop"]], "$ref": "#/$defs/loop"])
        let violations = schema.validate(["a": 1])
        #expect(violations.first?.expected == "schema references that end")
        #expect(schema.isValid(1) == false)
    }
}
