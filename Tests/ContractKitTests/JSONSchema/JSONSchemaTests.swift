import ContractKit
import JSONCore
import Testing

@Suite("JSONSchema")
struct JSONSchemaTests {
    @Test("A violation carries the instance pointer, the schema location and expected/actual")
    func violationShape() throws {
        let schema = try JSONSchema(
            ["properties": ["events": ["items": ["properties": ["code": ["type": "integer"]]]]]],
            baseURI: "file:///Schemas/x.json")
        let violations = schema.validate(["events": [["code": 1], ["code": "2"]]])
        #expect(violations.count == 1)
        #expect(violations.first?.instanceLocation.description == "/events/1/code")
        #expect(
            violations.first?.schemaLocation == "file:///Schemas/x.json#/properties/events/items/properties/code/type")
        #expect(violations.first?.message == #"expected integer, found string "2""#)
    }

    @Test("validate returns every violation, isValid agrees")
    func everyViolation() throws {
        let schema = try JSONSchema(["required": ["a", "b"], "properties": ["c": ["maxLength": 2]]])
        let violations = schema.validate(["c": "long"])
        #expect(
            violations.map(\.message) == [
                "expected required property 'a', found it is missing",
                "expected required property 'b', found it is missing",
                "expected at most 2 characters, found 4",
            ])
        #expect(!schema.isValid(["c": "long"]))
        #expect(schema.isValid(["a": 1, "b": 2]))
    }

    @Test("additionalProperties false names the property that is not allowed")
    func additionalProperty() throws {
        let schema = try JSONSchema(["properties": ["a": true], "additionalProperties": false])
        let violation = try #require(schema.validate(["a": 1, "zz": 2]).first)
        #expect(violation.instanceLocation.description == "/zz")
        #expect(violation.expected == "no property 'zz' (it is not declared)")
    }

    @Test("format asserts by default and can be an annotation only")
    func formatAssertion() throws {
        #expect(!(try JSONSchema(["format": "date-time"]).isValid("yesterday")))
        #expect(try JSONSchema(["format": "date-time"], options: .init(formatAssertion: false)).isValid("yesterday"))
    }

    @Test("An unresolvable $ref names the document and the pointer of the $ref")
    func unresolvable() {
        #expect(
            throws: ContractError.unresolvableReference(
                reference: "#/$defs/missing", file: "urn:contractharness:schema", pointer: "/properties/a")
        ) {
            try JSONSchema(["properties": ["a": ["$ref": "#/$defs/missing"]]])
        }
    }

    @Test("Patterns have ECMA-262 meaning: \\d and \\w are ASCII, $ does not match before a final newline")
    func ecmaPatterns() throws {
        #expect(try ECMAPattern("^\\d+$").matches("123"))
        #expect(!(try ECMAPattern("^\\d+$").matches("١٢٣")))  // Arabic-Indic digits are not \d in ECMA-262
        #expect(!(try ECMAPattern("^\\w+$").matches("é")))
        #expect(!(try ECMAPattern("^abc$").matches("abc\n")))
        #expect(try ECMAPattern("^[^]$").matches("\n"))
        #expect(try ECMAPattern("a{").matches("a{"))
        #expect(try ECMAPattern("^\\p{Letter}+$").matches("Ωmega"))
        #expect(try ECMAPattern("^[\\s]$").matches("\u{FEFF}"))
        #expect(try ECMAPattern("^[\\w-.]+$").matches("a-b.c"))
        #expect(!(try ECMAPattern("^[\\w-.]+$").matches("a/b")))
        #expect(throws: ContractError.self) { try ECMAPattern("\\a") }
        #expect(throws: ContractError.self) { try ECMAPattern("(?i)abc") }
    }

    @Test("A schema compiles once and validates from many tasks at once")
    func concurrentUse() async throws {
        let schema = try JSONSchema(["type": "array", "items": ["type": "integer", "minimum": 0]])
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 { group.addTask { schema.isValid(.array([JSONValue(integerLiteral: index), -1])) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: false, count: 8))
    }
}
