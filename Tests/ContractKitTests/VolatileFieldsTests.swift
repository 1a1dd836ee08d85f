import CassetteKit
import ContractKit
import Foundation
import JSONCore
import Testing

@Suite("VolatileFields")
struct VolatileFieldsTests {
    static func rules(_ yaml: String) throws(ContractError) -> [FieldRule] {
        try VolatileFields.rules(in: try SchemaFile.parseYAML(yaml, file: "v.yaml"), file: "v.yaml")
    }

    @Test("A member name is looked for at every depth; a selector is taken as written")
    func names() throws {
        let rules = try Self.rules(
            """
            x-volatile:
              - field: created_at
                x-source: "the server's clock"
              - field: header:X-Request-Id
                x-source: "assumed: a per-request id"
              - field: a/b~c
                x-source: "escaped"
            """)
        let texts = rules.map(\.description)
        #expect(texts.prefix(3) == ["json:/created_at", "json:/*/created_at", "json:/*/*/created_at"])
        #expect(texts.contains("json:/*/*/*/*/*/*/created_at"))
        #expect(texts.contains("header:X-Request-Id"))
        #expect(texts.contains("json:/a~1b~0c"))
        #expect(rules.count == 2 * (VolatileFields.nameDepth + 1) + 1)
        #expect(try Self.rules("openapi: 3.1.0").isEmpty)
    }

    @Test(
        "Malformed declarations name the entry and what to write, never a trap",
        arguments: [
            ("x-volatile: created_at", "/x-volatile: expected a list"),
            ("x-volatile:\n  - 7", "/x-volatile/0: expected {field:"),
            ("x-volatile:\n  - field: ''\n    x-source: s", "/x-volatile/0: expected {field:"),
            ("x-volatile:\n  - field: created_at", "/x-volatile/0/x-source: say where 'created_at'"),
            ("x-volatile:\n  - field: json:nope\n    x-source: s", "/x-volatile/0/field:"),
            ("x-volatile:\n  - {field: {a: 1}, x-source: s}", "/x-volatile/0: expected {field:"),
        ])
    func malformed(yaml: String, message: String) {
        #expect {
            _ = try Self.rules(yaml)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("The vendors' documents in Schemas declare their server-generated fields")
    func repositorySchemas() throws {
        let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Schemas")
        let declared = try VolatileFields.load(folder: schemas)
        let referralHero = declared["referralhero"]?.map(\.description) ?? []
        #expect(referralHero.contains("json:/timestamp"))
        #expect(referralHero.contains("json:/*/created_at"))
        #expect(try VolatileFields.load(folder: schemas.appendingPathComponent("absent")).isEmpty)
    }
}
