import ContractKit
import Foundation
import HarnessTesting
import LibXML
import Testing

@testable import MockServer
@testable import Simulators

/// The request XSDs the Engage simulator holds (``EngageRequestXSD``) are `Schemas/engage/xsd`'s, generated into
/// `RequestXSD/` (one file per group of operations): this suite regenerates them from `Schemas/` and fails on any
/// difference.
/// After changing an XSD, write it anew with `HARNESS_REGENERATE=1 swift test --filter EngageRequestXSDTests`.
@Suite("The Engage simulator's request XSDs")
struct EngageRequestXSDTests {
    static let folder = "Sources/Simulators/Engage/RequestXSD"

    @Test("The generated files are what Schemas/engage/xsd generates, and every operation's XSD compiles from them")
    func matchesSchemas() throws {
        let root = try RepositoryRoot.url()
        let expected = try Self.generate(root: root)
        let folder = root.appendingPathComponent(Self.folder, isDirectory: true)
        if ProcessInfo.processInfo.environment["HARNESS_REGENERATE"] == "1" {
            for (name, text) in expected {
                try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
            }
        }
        let present = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(Set(present) == Set(expected.keys), "\(Self.folder) holds other files than the generator writes")
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            let committed = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(
                committed == text,
                "\(Self.folder)/\(name) differs from Schemas/engage/xsd: regenerate it with HARNESS_REGENERATE=1 swift test --filter EngageRequestXSDTests"
            )
        }
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

    /// The Swift sources of the generated files, by file name: every request XSD the Engage contract maps an
    /// operation to and the files they include, each as its top-level declarations without annotations or comments.
    static func generate(root: URL) throws -> [String: String] {
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

        var sources: [String: String] = [:]
        let header = """
            // Generated from Schemas/engage/xsd by EngageRequestXSDTests; do not edit. After changing an XSD:
            //     HARNESS_REGENERATE=1 swift test --filter EngageRequestXSDTests
            // swift-format-ignore-file

            extension EngageRequestXSD {

            """
        var main = header + "    /// The request XSD of each operation.\n"
        main += "    static let operations: [String: String] = [\n"
        for (operation, file) in operations.sorted(by: { $0.0 < $1.0 }) {
            main += "        \"\(operation)\": \"\(file)\",\n"
        }
        main += "    ]\n\n    /// Each request XSD and each file they include, annotations and comments left out.\n"
        main += "    static let files: [String: File] = \(Concern.shared.rawValue)Files\n"
        for concern in Concern.allCases.dropFirst() {
            main += "        .merging(\(concern.rawValue)Files) { first, _ in first }\n"
        }
        main += "}\n"
        sources["EngageRequestXSD+Files.swift"] = main
        for concern in Concern.allCases {
            var source = header + "    /// \(concern.summary)\n"
            source += "    static let \(concern.rawValue)Files: [String: File] = [\n"
            for name in files.keys.sorted() where Concern(file: name, includes: files[name]!.includes) == concern {
                let file = files[name]!
                let includes = file.includes.map { "\"\($0)\"" }.joined(separator: ", ")
                source += "        \"\(name)\": File(\n"
                source += "            includes: [\(includes)],\n"
                source += "            declarations: [\n"
                for chunk in file.declarations { source += "                #\"\(chunk)\"#,\n" }
                source += "            ]),\n"
            }
            source += "    ]\n}\n"
            sources["EngageRequestXSD+\(concern.fileName).swift"] = source
        }
        return sources
    }

    /// The generated files, one per group of operations (by the types file their XSDs include) and one for the
    /// shared type files.
    enum Concern: String, CaseIterable {
        case shared, contact, job, mailing, ruleset

        init(file: String, includes: [String]) {
            if !file.contains("-") || file.hasSuffix("-types.xsd") || file == "request-common.xsd" {
                self = .shared
            } else if includes.contains("jobs-types.xsd") {
                self = .job
            } else if includes.contains("mailings-types.xsd") {
                self = .mailing
            } else if includes.contains("ruleset-types.xsd") || file.contains("-dc-ruleset") {
                self = .ruleset
            } else {
                self = .contact
            }
        }

        var fileName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() + "Files" }

        var summary: String {
            switch self {
            case .shared: "The files the request XSDs include: common, request-common and the group types."
            case .contact: "The request XSDs of lists, contacts, queries, relational tables and sessions."
            case .job: "The request XSDs of the data jobs (imports, exports, purges, job status)."
            case .mailing: "The request XSDs of mailings, templates and reports."
            case .ruleset: "The request XSDs of dynamic-content rulesets."
            }
        }
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
