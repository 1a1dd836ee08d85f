import ContractKit
import Foundation
import HarnessTesting
import LibXML
import Testing

@testable import MockServer

/// The request XSDs the Engage simulator holds (``EngageRequestXSD``) are `Schemas/engage/xsd`'s, generated into
/// `EngageRequestXSD+Files.swift`: this suite regenerates that file from `Schemas/` and fails on any difference.
/// After changing an XSD, write it anew with `HARNESS_REGENERATE=1 swift test --filter EngageRequestXSDTests`.
@Suite("The Engage simulator's request XSDs")
struct EngageRequestXSDTests {
    static let generatedFile = "Sources/MockServer/Simulators/Engage/EngageRequestXSD+Files.swift"

    @Test("The generated file is what Schemas/engage/xsd generates, and every operation's XSD compiles from it")
    func matchesSchemas() throws {
        let root = try RepositoryRoot.url()
        let expected = try Self.generate(root: root)
        let file = root.appendingPathComponent(Self.generatedFile)
        if ProcessInfo.processInfo.environment["HARNESS_REGENERATE"] == "1" {
            try Data(expected.utf8).write(to: file, options: .atomic)
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
            committed == expected,
            "\(Self.generatedFile) differs from Schemas/engage/xsd: regenerate it with HARNESS_REGENERATE=1 swift test --filter EngageRequestXSDTests"
        )
        let registry = try SchemaRegistry(folder: root.appendingPathComponent("Schemas", isDirectory: true))
        let operations = registry.xmlOperations(vendor: "engage").map(\.name)
        #expect(operations.count == 58)
        for operation in operations {
            #expect(EngageRequestXSD.schema(for: operation) != nil, "\(operation)'s request XSD does not compile")
        }
    }

    @Test("The embedded XSD refuses what the Schemas/ file refuses and accepts what it accepts")
    func sameVerdicts() throws {
        let folder = try RepositoryRoot.url().appendingPathComponent("Schemas/engage/xsd")
        let fromFile = try XML.Schema(contentsOf: folder.appendingPathComponent("get-lists.xsd"))
        let embedded = try #require(EngageRequestXSD.schema(for: "GetLists"))
        for inner in [
            "<VISIBILITY>0</VISIBILITY><LIST_TYPE>2</LIST_TYPE>",
            "<VISIBILITY>0</VISIBILITY><LIST_TYPE>3</LIST_TYPE>",
            "<LIST_TYPE>2</LIST_TYPE><INCLUDE_ALL_LISTS>TRUE</INCLUDE_ALL_LISTS>",
            "<VISIBILITY>0</VISIBILITY><SHOE_SIZE>9</SHOE_SIZE>",
            "<visibility>0</visibility>",
            "<FOLDER_ID> </FOLDER_ID>",
        ] {
            let document = try XML.Document(string: "<Envelope><Body><GetLists>\(inner)</GetLists></Body></Envelope>")
            #expect(
                fromFile.validate(document).isEmpty == embedded.validate(document).isEmpty,
                "the two XSDs disagree on \(inner)")
        }
        #expect(
            EngageRequestXSD.refusal(
                of: try XML.Document(string: "<Envelope><Body><GetLists><X/></GetLists></Body></Envelope>"),
                operation: "GetLists")?.contains("'X'") == true)
    }

    /// The Swift source of `EngageRequestXSD+Files.swift`: every request XSD the Engage contract maps an operation
    /// to and the files they include, each as its top-level declarations without annotations or comments.
    static func generate(root: URL) throws -> String {
        let schemas = root.appendingPathComponent("Schemas", isDirectory: true)
        let registry = try SchemaRegistry(folder: schemas)
        let folder = schemas.appendingPathComponent("engage/xsd", isDirectory: true)
        var operations: [(String, String)] = []
        for operation in registry.xmlOperations(vendor: "engage") {
            let name = URL(fileURLWithPath: operation.requestSchema).lastPathComponent
            operations.append((operation.name, name))
        }
        var files: [String: (includes: [String], declarations: [String])] = [:]
        var pending = operations.map(\.1)
        while let next = pending.popLast() {
            guard files[next] == nil else { continue }
            let document = try XML.Document(contentsOf: folder.appendingPathComponent(next))
            let schema = try #require(document.root, "\(next) has no root")
            let attributes = Dictionary(schema.attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
            try #require(
                schema.localName == "schema" && attributes["elementFormDefault"] == "qualified"
                    && attributes["targetNamespace"] == nil,
                "\(next) must be an xs:schema without a target namespace, its elements qualified")
            var includes: [String] = []
            var text = ""
            for child in schema.elements {
                if child.localName == "include", let location = child.attribute("schemaLocation") {
                    includes.append(location)
                    pending.append(location)
                } else if child.localName != "annotation" {
                    text += stripped(child).serialized()
                }
            }
            try #require(!text.contains("\"#"), "\(next) holds \"#, which the raw string literal cannot")
            files[next] = (includes, chunks(text, width: 96))
        }

        var source = """
            // Generated from Schemas/engage/xsd by EngageRequestXSDTests; do not edit. After changing an XSD:
            //     HARNESS_REGENERATE=1 swift test --filter EngageRequestXSDTests
            // swift-format-ignore-file

            extension EngageRequestXSD {
                /// The request XSD of each operation.
                static let operations: [String: String] = [

            """
        for (operation, file) in operations.sorted(by: { $0.0 < $1.0 }) {
            source += "        \"\(operation)\": \"\(file)\",\n"
        }
        source += """
                ]

                /// Each request XSD and each file they include, annotations and comments left out.
                static let files: [String: File] = [

            """
        for name in files.keys.sorted() {
            let file = files[name]!
            let includes = file.includes.map { "\"\($0)\"" }.joined(separator: ", ")
            source += "        \"\(name)\": File(\n"
            source += "            includes: [\(includes)],\n"
            source += "            declarations: [\n"
            for chunk in file.declarations { source += "                #\"\(chunk)\"#,\n" }
            source += "            ]),\n"
        }
        source += "    ]\n}\n"
        return source
    }

    /// `element` without its `xs:annotation`s and the whitespace between elements, at any depth.
    static func stripped(_ element: XML.Element) -> XML.Element {
        var copy = element
        copy.children = element.children.compactMap { content in
            switch content {
            case .element(let child): child.localName == "annotation" ? nil : .element(stripped(child))
            case .text(let text): text.allSatisfy(\.isWhitespace) ? nil : content
            case .cdata: content
            }
        }
        return copy
    }

    /// `text` cut into pieces of at most `width` characters.
    static func chunks(_ text: String, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(width)))
            rest = rest.dropFirst(width)
        }
        return pieces
    }
}
