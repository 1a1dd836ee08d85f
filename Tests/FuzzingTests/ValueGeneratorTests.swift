import ContractKit
import Foundation
import Fuzzing
import HarnessTesting
import JSONCore
import Testing

@Suite("fuzzing: values drawn from JSON Schemas")
struct ValueGeneratorTests {
    static let schemas: [JSONValue] = [
        ["type": "string", "pattern": "^[0-9]+(\\.[0-9]+)? ?[xX*] ?[0-9]+(\\.[0-9]+)?$"],
        ["type": "string", "pattern": "^[0-9a-f]{32}$"],
        ["type": "string", "pattern": "^Bearer .+$"],
        ["type": "string", "format": "date-time"],
        ["type": "string", "format": "email"],
        ["type": "integer", "minimum": 3, "maximum": 9],
        ["type": "number", "exclusiveMinimum": 0, "maximum": 1],
        ["type": "array", "minItems": 2, "maxItems": 4, "items": ["enum": ["a", "b", 3]]],
        [
            "type": "object", "required": ["a"], "additionalProperties": false,
            "properties": ["a": ["const": "x"], "b": ["type": ["string", "null"], "minLength": 2]],
        ],
        ["allOf": [["type": "object", "required": ["a"]], ["properties": ["a": ["type": "boolean"]]]]],
        ["oneOf": [["type": "integer"], ["type": "string", "maxLength": 3]]],
    ]

    @Test("drawn values validate against their schema", arguments: 0..<schemas.count)
    func drawnValuesValidate(index: Int) throws {
        let folder = try RepositoryRoot.schemas()
        let contract = try FuzzContract(vendor: "engage", schemas: folder)
        let generator = ValueGenerator(contract: contract)
        let schema = Self.schemas[index]
        let compiled = try JSONSchema(schema)
        var random = SeededGenerator(seed: UInt64(index))
        for _ in 0..<50 {
            let value = generator.value(SchemaNode(value: schema, document: "urn:test"), random: &random)
            #expect(compiled.isValid(value), "\(value.serialized()) against \(schema.serialized())")
        }
    }

    @Test("hostile bounds and patterns in a schema draw a value instead of trapping")
    func hostileSchemas() throws {
        let contract = try FuzzContract(vendor: "engage", schemas: try RepositoryRoot.schemas())
        let generator = ValueGenerator(contract: contract)
        let hostile: [JSONValue] = [
            ["type": "string", "minLength": 1e300, "maxLength": -5],
            ["type": "integer", "minimum": 1e308, "maximum": -1e308],
            ["type": "number", "exclusiveMinimum": 9.2e18, "exclusiveMaximum": -9.2e18],
            ["type": "array", "minItems": 1e300, "maxItems": -1, "items": ["type": "integer"]],
            ["type": "string", "pattern": "((("],
            ["type": "string", "pattern": "a{99999999999999999999}"],
            ["type": "string", "pattern": "[z-a]"],
            ["$ref": "#/no/such/place"],
            ["$ref": "#"],
            ["type": "object", "required": ["next"], "properties": ["next": ["$ref": "urn:hostile"]]],
            ["allOf": [["$ref": "#/components/schemas/UBFEvent"], ["type": "object"]]],
        ]
        var random = SeededGenerator(seed: 99)
        for schema in hostile {
            let value = generator.value(SchemaNode(value: schema, document: "urn:hostile"), random: &random)
            #expect(value.serialized().utf8.count < 1 << 20, "\(schema.serialized())")
        }
    }

    @Test("a contract that does not load, or a vendor without one, is an error naming it")
    func badContracts() throws {
        try withTemporaryDirectory { folder in
            try FileManager.default.createDirectory(
                at: folder.appending("broken"), withIntermediateDirectories: true)
            try Data("openapi: 3.1.0\npaths: [unclosed\n".utf8).write(
                to: folder.appending("broken/broken.openapi.yaml"))
            #expect {
                try FuzzContract(vendor: "broken", schemas: folder.url)
            } throws: { error in
                "\(error)".contains("broken.openapi.yaml")
            }
            #expect {
                try FuzzContract(vendor: "nobody", schemas: folder.url, known: ["broken"])
            } throws: { error in
                "\(error)".contains("no contract for vendor 'nobody'") && "\(error)".contains("broken")
            }
        }
    }
}
