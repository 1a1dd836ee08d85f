import Foundation
import HarnessTesting
import LibXML
import Testing

/// Issue #34: every element and attribute an XSD in `Schemas/` declares names where the fact comes from — a vendor
/// document's URL, a public source (`github:owner/repo/path`), or `assumed` with the reason.
@Suite("XSD provenance")
struct XSDProvenanceTests {
    /// The `name` attributes of the `xs:element` (or `xs:attribute`) declarations without such documentation.
    static func undocumented(_ kind: String) -> String {
        "//*[local-name()='\(kind)'][@name]"
            + "[not(*[local-name()='annotation']/*[local-name()='documentation'][normalize-space(@source) != ''"
            + " and normalize-space(.) != ''])]/@name"
    }

    @Test("Every declared element and attribute carries xs:documentation with a source and a fact")
    func everyDeclarationHasASource() throws {
        let schemas = try RepositoryRoot.schemas()
        let files = try #require(FileManager.default.enumerator(at: schemas, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "xsd" }
        #expect(files.count > 100, "the XSDs under \(schemas.path)")
        var missing: [String] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let document = try XML.Document(data: try Data(contentsOf: file))
            for kind in ["element", "attribute"] {
                for name in try document.select(Self.undocumented(kind)) {
                    missing.append("\(file.lastPathComponent): \(kind) \(name.value)")
                }
            }
        }
        #expect(missing.isEmpty, "\(missing.count) declarations without a source:\n\(missing.joined(separator: "\n"))")
    }

    @Test("The check finds a declaration without a source")
    func findsAMissingSource() throws {
        let xsd = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="Sourced" type="xs:string">
                <xs:annotation><xs:documentation source="assumed">no document names it</xs:documentation></xs:annotation>
              </xs:element>
              <xs:element name="Bare" type="xs:string"/>
              <xs:element name="EmptySource" type="xs:string">
                <xs:annotation><xs:documentation source=" ">text</xs:documentation></xs:annotation>
              </xs:element>
            </xs:schema>
            """
        let found = try XML.Document(string: xsd).select(Self.undocumented("element")).map(\.value)
        #expect(found == ["Bare", "EmptySource"])
    }
}
