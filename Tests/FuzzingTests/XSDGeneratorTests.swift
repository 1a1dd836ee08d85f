import ContractKit
import Foundation
import Fuzzing
import HarnessTesting
import JSONCore
import LibXML
import Testing

@Suite("fuzzing: XML documents drawn from XSDs")
struct XSDGeneratorTests {
    @Test("documents drawn from an XSD validate against it and use every construct it declares")
    func validDocuments() throws {
        try withTemporaryDirectory { folder in
            try XMLShopContract.write(to: folder.url)
            let generator = try XMLShopContract.generator(in: folder.url)
            let cases = generator.contract.cases
            #expect(cases.compactMap(\.xmlOperation) == ["ListItems", "PlaceOrder"])
            var random = SeededGenerator(seed: 1)
            var names: Set<String> = []
            var orders = 0
            var knownItems = 0
            for drawn in cases {
                for _ in 0..<60 {
                    let request = generator.valid(drawn.operation, xmlOperation: drawn.xmlOperation, random: &random)
                    #expect(request.xmlOperation == drawn.xmlOperation)
                    let xml = try #require(XMLShopContract.document(request))
                    #expect(generator.requestViolations(request).isEmpty, "\(xml)")
                    let document = try XML.Document(string: xml)
                    #expect(try document.select("/Envelope/Body/*").map(\.name) == [drawn.xmlOperation ?? ""])
                    names.formUnion(try document.select("//* | //@*").map(\.name))
                    guard drawn.xmlOperation == "PlaceOrder" else { continue }
                    orders += 1
                    let items = try document.select("//ITEM_ID").map(\.value)
                    #expect(!items.isEmpty, "ITEM_ID is documented as required: \(xml)")
                    if items.contains("777") { knownItems += 1 }
                }
            }
            let declared: Set<String> = [
                "ITEM_ID", "QUANTITY", "COLOR", "PRICE", "ADDRESS", "STREET", "ZIP", "COUNTRY", "LINE", "sku", "note",
                "GIFT_WRAP", "NOTE", "PAGE", "SIZE", "SORT", "ONLY_IN_STOCK",
            ]
            #expect(declared.subtracting(names).isEmpty, "never drawn: \(declared.subtracting(names).sorted())")
            #expect(knownItems > orders / 2, "the profile's known ITEM_ID in \(knownItems) of \(orders) orders")
        }
    }

    @Test("each XML mutation breaks the document as its detail says, and the target must refuse it")
    func mutations() throws {
        try withTemporaryDirectory { folder in
            try XMLShopContract.write(to: folder.url)
            let generator = try XMLShopContract.generator(in: folder.url)
            var random = SeededGenerator(seed: 2)
            var seen: Set<String> = []
            for drawn in generator.contract.cases {
                for _ in 0..<300 {
                    guard
                        let request = generator.invalid(
                            drawn.operation, xmlOperation: drawn.xmlOperation, random: &random),
                        case .invalid(let mutation, let detail, let mustBeRefused) = request.intent,
                        mutation != .unknownRecord, mutation != .degenerateID,
                        detail.hasPrefix("<") || detail.hasPrefix("no <")
                    else { continue }
                    let xml = XMLShopContract.document(request) ?? ""
                    let violations = generator.requestViolations(request)
                    #expect(mustBeRefused, "\(mutation.rawValue) \(detail)")
                    if mutation == .missingRequired, detail.hasSuffix("(documented as required)") {
                        #expect(detail.hasPrefix("no <ITEM_ID>"), "\(detail)")
                        // Documented as required: the XSD (a repeated choice) cannot refuse it, the target must.
                        #expect(violations.isEmpty, "\(xml)")
                        #expect(!xml.contains("<ITEM_ID>"), "\(xml)")
                        seen.insert("missing documented")
                    } else {
                        #expect(!violations.isEmpty, "\(mutation.rawValue) \(detail) passes: \(xml)")
                        seen.insert(mutation == .missingRequired ? "missing structural" : mutation.rawValue)
                    }
                }
            }
            let expected: Set<String> = [
                "missing documented", "missing structural", "wrong-type", "out-of-range", "unknown-member",
                "wrong-case",
            ]
            #expect(expected.subtracting(seen).isEmpty, "never drawn: \(expected.subtracting(seen).sorted())")
        }
    }

    static let hostile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
          <xs:include schemaLocation="common.xsd"/>
          <xs:include schemaLocation="place-order.xsd"/>
          <xs:complexType name="Node">
            <xs:sequence><xs:element name="NODE" type="Node" maxOccurs="unbounded"/></xs:sequence>
          </xs:complexType>
          <xs:complexType name="Loop">
            <xs:complexContent><xs:extension base="Loop"><xs:sequence/></xs:extension></xs:complexContent>
          </xs:complexType>
          <xs:simpleType name="A"><xs:restriction base="B"/></xs:simpleType>
          <xs:simpleType name="B"><xs:restriction base="A"/></xs:simpleType>
          <xs:group name="Self"><xs:sequence><xs:group ref="Self"/></xs:sequence></xs:group>
          <xs:element name="Envelope">
            <xs:complexType><xs:sequence><xs:element name="Body">
              <xs:complexType><xs:sequence><xs:element name="PlaceOrder">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="TREE" type="Node"/>
                    <xs:element name="MANY" type="xs:string" minOccurs="100000" maxOccurs="-3"/>
                    <xs:element name="HUGE" type="xs:integer" minOccurs="99999999999999999999999"/>
                    <xs:element name="LOOP" type="Loop"/>
                    <xs:element name="CYCLIC" type="A"/>
                    <xs:element name="MISSING" type="NoSuchType"/>
                    <xs:element ref="Nowhere"/>
                    <xs:group ref="Self"/>
                    <xs:group ref="NoSuchGroup"/>
                    <xs:element name="PATTERNS">
                      <xs:simpleType><xs:restriction base="xs:string">
                        <xs:pattern value="((("/><xs:pattern value="[z-a]"/>
                      </xs:restriction></xs:simpleType>
                    </xs:element>
                    <xs:element name="BOUNDS">
                      <xs:simpleType><xs:restriction base="xs:integer">
                        <xs:minInclusive value="1e400"/><xs:maxInclusive value="-99999999999999999999"/>
                      </xs:restriction></xs:simpleType>
                    </xs:element>
                    <xs:element name="NAN">
                      <xs:simpleType><xs:restriction base="xs:decimal">
                        <xs:minInclusive value="NaN"/><xs:maxExclusive value="-INF"/><xs:maxLength value="-1"/>
                      </xs:restriction></xs:simpleType>
                    </xs:element>
                    <xs:element name="ATTRIBUTES">
                      <xs:complexType><xs:attributeGroup ref="NoSuchAttributes"/>
                        <xs:attribute name="a" type="A" use="required"/><xs:attribute ref="nothing"/>
                      </xs:complexType>
                    </xs:element>
                  </xs:sequence>
                </xs:complexType>
              </xs:element></xs:sequence></xs:complexType>
            </xs:element></xs:sequence></xs:complexType>
          </xs:element>
        </xs:schema>
        """

    @Test("a hostile XSD (types containing themselves, include cycles, absurd bounds) draws bounded documents")
    func hostileSchemas() throws {
        try withTemporaryDirectory { clean in
            try XMLShopContract.write(to: clean.url)
            let registry = try SchemaRegistry(folder: clean.url)
            try withTemporaryDirectory { folder in
                // common.xsd includes the hostile file back: an include cycle.
                let common = XMLShopContract.common.replacingOccurrences(
                    of: "elementFormDefault=\"qualified\">",
                    with: "elementFormDefault=\"qualified\"><xs:include schemaLocation=\"place-order.xsd\"/>")
                try XMLShopContract.write(
                    to: folder.url, files: ["place-order.xsd": Self.hostile, "common.xsd": common])
                let contract = try FuzzContract(vendor: "xmlshop", schemas: folder.url)
                let generator = RequestGenerator(contract: contract, registry: registry, profile: .plain("xmlshop"))
                let operation = try #require(contract.operations.first)
                var random = SeededGenerator(seed: 3)
                for _ in 0..<20 {
                    let request = generator.valid(operation, xmlOperation: "PlaceOrder", random: &random)
                    let xml = try #require(XMLShopContract.document(request))
                    #expect(xml.contains("<PlaceOrder>"))
                    #expect(xml.utf8.count < 1 << 20)
                    _ = generator.invalid(operation, xmlOperation: "PlaceOrder", random: &random)
                }
            }
        }
    }

    @Test("an XSD that is not XML is an error naming the file")
    func unreadableXSD() throws {
        try withTemporaryDirectory { folder in
            try XMLShopContract.write(to: folder.url, files: ["list-items.xsd": "<xs:schema><unclosed"])
            #expect {
                try FuzzContract(vendor: "xmlshop", schemas: folder.url)
            } throws: { error in
                "\(error)".contains("list-items.xsd")
            }
        }
    }
}
