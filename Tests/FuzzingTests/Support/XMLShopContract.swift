import ContractKit
import Foundation
import Fuzzing
import HarnessTesting
import JSONCore

/// A small contract whose one operation carries XML in a form field, mapped per operation element to XSDs that
/// use what the XMLAPI schemas use: `xs:include`, named simple types (enumeration, the patterns `[0-9]+` and
/// `[Tt][Rr][Uu][Ee]|…`, `minInclusive`/`maxInclusive`), a repeated choice with a documented-required element,
/// sequences with `minOccurs`/`maxOccurs`, a group, a global element by `ref`, and attributes.
enum XMLShopContract {
    static let openAPI = """
        openapi: 3.1.0
        info: {title: xmlshop, version: "1"}
        paths:
          /api:
            post:
              operationId: postAPI
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [xml]
                      properties:
                        xml: {type: string, minLength: 1}
                      additionalProperties: false
                    encoding:
                      xml:
                        contentType: text/xml
                        x-xsd:
                          PlaceOrder: xsd/place-order.xsd
                          ListItems: xsd/list-items.xsd
              responses:
                '200':
                  description: a result
                  content:
                    text/xml:
                      schema: {type: string}

        """

    static let common = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
          <xs:simpleType name="Identifier">
            <xs:restriction base="xs:string"><xs:pattern value="[0-9]+"/></xs:restriction>
          </xs:simpleType>
          <xs:simpleType name="Flag">
            <xs:restriction base="xs:string"><xs:pattern value="[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]"/></xs:restriction>
          </xs:simpleType>
          <xs:simpleType name="Quantity">
            <xs:restriction base="xs:integer"><xs:minInclusive value="1"/><xs:maxInclusive value="20"/></xs:restriction>
          </xs:simpleType>
          <xs:simpleType name="Color">
            <xs:restriction base="xs:string">
              <xs:enumeration value="RED"/><xs:enumeration value="GREEN"/><xs:enumeration value="BLUE"/>
            </xs:restriction>
          </xs:simpleType>
          <xs:group name="Options">
            <xs:choice>
              <xs:element name="GIFT_WRAP" type="Flag"/>
              <xs:element name="NOTE" type="xs:string"/>
            </xs:choice>
          </xs:group>
          <xs:element name="SORT">
            <xs:simpleType>
              <xs:restriction base="xs:string"><xs:enumeration value="NAME"/><xs:enumeration value="PRICE"/></xs:restriction>
            </xs:simpleType>
          </xs:element>
        </xs:schema>
        """

    static let placeOrder = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
          <xs:include schemaLocation="common.xsd"/>
          <xs:element name="Envelope">
            <xs:complexType><xs:sequence><xs:element name="Body">
              <xs:complexType><xs:sequence><xs:element name="PlaceOrder">
                <xs:complexType>
                  <xs:choice minOccurs="0" maxOccurs="unbounded">
                    <xs:element name="ITEM_ID" type="Identifier">
                      <xs:annotation><xs:documentation source="test">Required: the item ordered.</xs:documentation></xs:annotation>
                    </xs:element>
                    <xs:element name="QUANTITY" type="Quantity"/>
                    <xs:element name="COLOR" type="Color"/>
                    <xs:element name="PRICE">
                      <xs:simpleType><xs:restriction base="xs:decimal"><xs:minInclusive value="0"/></xs:restriction></xs:simpleType>
                    </xs:element>
                    <xs:element name="ADDRESS">
                      <xs:complexType><xs:sequence>
                        <xs:element name="STREET" type="xs:string"/>
                        <xs:element name="ZIP"><xs:simpleType><xs:restriction base="xs:string"><xs:pattern value="[0-9]{5}"/></xs:restriction></xs:simpleType></xs:element>
                        <xs:element name="COUNTRY" type="xs:string" minOccurs="0"/>
                      </xs:sequence></xs:complexType>
                    </xs:element>
                    <xs:element name="LINE" maxOccurs="3">
                      <xs:complexType><xs:simpleContent><xs:extension base="xs:string">
                        <xs:attribute name="sku" type="Identifier" use="required"/>
                        <xs:attribute name="note" type="xs:string"/>
                      </xs:extension></xs:simpleContent></xs:complexType>
                    </xs:element>
                    <xs:group ref="Options"/>
                  </xs:choice>
                </xs:complexType>
              </xs:element></xs:sequence></xs:complexType>
            </xs:element></xs:sequence></xs:complexType>
          </xs:element>
        </xs:schema>
        """

    static let listItems = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="qualified">
          <xs:include schemaLocation="common.xsd"/>
          <xs:element name="Envelope">
            <xs:complexType><xs:sequence><xs:element name="Body">
              <xs:complexType><xs:sequence><xs:element name="ListItems">
                <xs:complexType><xs:sequence>
                  <xs:element name="PAGE" type="xs:positiveInteger"/>
                  <xs:element name="SIZE" type="xs:nonNegativeInteger" minOccurs="0"/>
                  <xs:element ref="SORT" minOccurs="0"/>
                  <xs:element name="ONLY_IN_STOCK" type="xs:boolean" minOccurs="0"/>
                </xs:sequence></xs:complexType>
              </xs:element></xs:sequence></xs:complexType>
            </xs:element></xs:sequence></xs:complexType>
          </xs:element>
        </xs:schema>
        """

    /// Writes the contract under `folder` (`xmlshop/xmlshop.openapi.yaml`, `xmlshop/xsd/*.xsd`), with `files`
    /// replacing or adding XSDs by name.
    static func write(to folder: URL, files: [String: String] = [:]) throws {
        let xsd = folder.appendingPathComponent("xmlshop/xsd")
        try FileManager.default.createDirectory(at: xsd, withIntermediateDirectories: true)
        try Data(openAPI.utf8).write(to: folder.appendingPathComponent("xmlshop/xmlshop.openapi.yaml"))
        let defaults = ["common.xsd": common, "place-order.xsd": placeOrder, "list-items.xsd": listItems]
        for (name, text) in defaults.merging(files, uniquingKeysWith: { $1 }) {
            try Data(text.utf8).write(to: xsd.appendingPathComponent(name))
        }
    }

    /// A request generator for the contract written to `folder`, with `ITEM_ID` 777 as a known record.
    static func generator(in folder: URL) throws -> RequestGenerator {
        let registry = try SchemaRegistry(folder: folder)
        let contract = try FuzzContract(vendor: "xmlshop", schemas: folder)
        var profile = FuzzProfile.plain("xmlshop")
        profile.xmlValues = ["ITEM_ID": ["777"]]
        return RequestGenerator(contract: contract, registry: registry, profile: profile)
    }

    /// The `xml` form field of a request, parsed.
    static func document(_ request: FuzzRequest) -> String? {
        FormCoding.decode(validating: request.body)?.first { $0.name == "xml" }?.value
    }
}
