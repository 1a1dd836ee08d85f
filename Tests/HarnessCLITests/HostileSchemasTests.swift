import Foundation
import HarnessTesting
import Testing

/// A Schemas folder built to break the registry: an OpenAPI document and, optionally, the XSD it names.
struct HostileSchema: Sendable, CustomTestStringConvertible {
    var name: String
    var openAPI: Data
    var xsd: Data?
    /// A fragment of the error naming the file's place and what is wrong.
    var place: String

    var testDescription: String { name }

    static let document = "Schemas/hostile/hostile.openapi.yaml"
    static let schemaFile = "Schemas/hostile/xsd/result.xsd"

    /// A valid document whose one response names `xsd/result.xsd`.
    static let namingXSD = Data(
        """
        openapi: 3.1.0
        info: {title: hostile, version: '1'}
        paths:
          /x:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    text/xml:
                      schema: {type: string}
                      x-xsd: xsd/result.xsd

        """.utf8)

    static let schemaOpening = #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">"#

    static let all: [HostileSchema] = [
        HostileSchema(
            name: "truncated-yaml",
            openAPI: Data("openapi: 3.1.0\npaths:\n  /x: {get: {responses: {'200': {description: ok".utf8),
            place: "\(document) at line 4, column 1: did not find expected ',' or '}'"),
        HostileSchema(
            name: "deep-flow-yaml",
            openAPI: Data(("openapi: 3.1.0\nx-deep: " + String(repeating: "[", count: 10_000)).utf8),
            place: "\(document) at line 2, column 10: Maximum nesting level reached"),
        HostileSchema(
            name: "deep-block-yaml",
            openAPI: Data(("openapi: 3.1.0\nx-deep:\n" + String(repeating: "- ", count: 10_000) + "x\n").utf8),
            place: "\(document) at line 3, column 1999: Maximum nesting level reached"),
        HostileSchema(
            name: "990-deep-yaml",
            openAPI: Data(
                ("openapi: 3.1.0\nx-deep: " + String(repeating: "[", count: 990) + String(repeating: "]", count: 990))
                    .utf8),
            place: "\(document) at line 2, column 520: nests deeper than 512 levels"),
        HostileSchema(
            name: "paths-a-string", openAPI: Data("openapi: 3.1.0\npaths: everything\n".utf8),
            place: "invalid OpenAPI document \(document) at /paths: expected the paths, by path, found string"),
        HostileSchema(
            name: "operation-a-number", openAPI: Data("openapi: 3.1.0\npaths:\n  /x:\n    get: 7\n".utf8),
            place: "invalid OpenAPI document \(document) at /paths/~1x/get: expected an operation, found number"),
        HostileSchema(
            name: "latin-1-yaml",
            openAPI: Data("openapi: 3.1.0\ninfo: {title: caf".utf8) + Data([0xE9]) + Data("}\n".utf8),
            place: "hostile.openapi.yaml: it is not UTF-8 text (byte 0xE9 at line 2, column 18)"),
        HostileSchema(
            name: "truncated-xsd", openAPI: namingXSD,
            xsd: Data((schemaOpening + #"<xs:element name="RESULT"><xs:complexType><xs:seq"#).utf8),
            place: "\(schemaFile):1:105: Couldn't find end of Start Tag seq"),
        HostileSchema(
            name: "deep-xsd", openAPI: namingXSD,
            xsd: Data(
                (schemaOpening + String(repeating: "<xs:annotation>", count: 10_000)
                    + String(repeating: "</xs:annotation>", count: 10_000) + "</xs:schema>").utf8),
            place: "\(schemaFile):1:3896: Excessive depth in document: 256"),
        HostileSchema(
            name: "latin-1-xsd", openAPI: namingXSD,
            xsd: Data(
                (#"<?xml version="1.0" encoding="UTF-8"?>"# + schemaOpening + "<xs:annotation><xs:documentation>caf")
                    .utf8) + Data([0xE9]) + Data("</xs:documentation></xs:annotation></xs:schema>".utf8),
            place: "\(schemaFile):1:130: Input is not proper UTF-8"),
        HostileSchema(
            name: "not-a-schema", openAPI: namingXSD, xsd: Data("<RESULT><SUCCESS>true</SUCCESS></RESULT>".utf8),
            place: "XSD \(schemaFile) did not compile"),
    ]

    /// Writes the Schemas folder under `folder`.
    func write(in folder: URL) throws {
        let vendor = folder.appendingPathComponent("Schemas/hostile")
        try FileManager.default.createDirectory(
            at: vendor.appendingPathComponent("xsd"), withIntermediateDirectories: true)
        try openAPI.write(to: vendor.appendingPathComponent("hostile.openapi.yaml"))
        if let xsd { try xsd.write(to: vendor.appendingPathComponent("xsd/result.xsd")) }
    }
}

@Suite("Hostile schema files")
struct HostileSchemasTests {
    func harness(_ arguments: [String], in folder: URL) async throws -> ProcessOutput {
        let binary = try #require(HarnessBinary.url(), "the harness binary is built beside the tests")
        return try await ChildProcess.run(binary, arguments, currentDirectory: folder)
    }

    /// Runs `fuzz` and `verify` (contract check of one good cassette) against the Schemas folder in `folder`;
    /// both must exit 2 with `place` on standard error.
    func expectRefused(_ place: String, in folder: URL) async throws {
        let cassette = folder.appendingPathComponent("good.har")
        try Data(CassetteCommandsTests.exported.utf8).write(to: cassette)
        let fuzz = try await harness(["fuzz", "--requests", "1", "--schemas", "Schemas"], in: folder)
        #expect(fuzz.status == 2, "\(fuzz.standardError)")
        #expect(fuzz.standardError.contains(place), "fuzz: \(fuzz.standardError)")
        let verify = try await harness(["verify", "--schemas", "Schemas", cassette.path], in: folder)
        #expect(verify.status == 2, "\(verify.standardError)")
        #expect(verify.standardError.contains(place), "verify: \(verify.standardError)")
        #expect(!(fuzz.standardError + verify.standardError).contains("parser error :"), "libxml2 printed nothing")
    }

    @Test(
        "fuzz and verify refuse a broken OpenAPI document or XSD with the file, the place and status 2",
        arguments: HostileSchema.all)
    func hostileSchema(_ hostile: HostileSchema) async throws {
        try await withTemporaryDirectory { folder in
            try hostile.write(in: folder.url)
            try await expectRefused(hostile.place, in: folder.url)
        }
    }

    @Test("A 20 MB OpenAPI document or XSD is refused over the 16 MiB limit before it is read")
    func hugeSchemas() async throws {
        try await withTemporaryDirectory { folder in
            let padding = String(
                repeating: "  padding padding padding padding padding padding padding\n", count: 350_000)
            try HostileSchema(
                name: "huge-yaml", openAPI: Data(("openapi: 3.1.0\nx-pad: |\n" + padding).utf8), place: ""
            ).write(in: folder.url)
            try await expectRefused(
                "cannot read \(folder.url.path)/Schemas/hostile/hostile.openapi.yaml: it is 19 MiB, over the 16 MiB",
                in: folder.url)
        }
        try await withTemporaryDirectory { folder in
            let padding = String(
                repeating: "<!-- padding padding padding padding padding padding -->\n", count: 350_000)
            try HostileSchema(
                name: "huge-xsd", openAPI: HostileSchema.namingXSD,
                xsd: Data((HostileSchema.schemaOpening + padding + "</xs:schema>").utf8), place: ""
            ).write(in: folder.url)
            try await expectRefused("Schemas/hostile/xsd/result.xsd: it is 19 MiB, over the 16 MiB", in: folder.url)
        }
    }
}
