import Foundation
import LibXML
import Testing

@Suite("XML.Element building and serializing")
struct BuildingTests {
    static let awkward = "Tom & Jerry <tag> \"quoted\" 'single' ]]> naïve 東京 🚀"

    @Test("Every awkward value survives a round trip through text, attribute and CDATA")
    func roundTrip() throws {
        let value = Self.awkward
        let envelope = XML.Element(
            "Envelope",
            elements: [
                XML.Element(
                    "Body",
                    elements: [
                        XML.Element(
                            "AddRecipient",
                            elements: [
                                XML.Element("COLUMN", text: value, attributes: [XML.Attribute("name", value)]),
                                XML.Element("ROW", cdata: value),
                                XML.Element("EMPTY"),
                            ]
                        )
                    ]
                )
            ]
        )
        for indented in [false, true] {
            let text = envelope.serialized(indented: indented)
            let parsed = try #require(try XML.Document(string: text).root)
            let operation = try #require(parsed.descendant(["Body", "AddRecipient"]))
            #expect(operation.first("COLUMN")?.text == value)
            #expect(operation.first("COLUMN")?.attribute("name") == value)
            #expect(operation.first("ROW")?.text == value)
            #expect(operation.first("EMPTY")?.children.isEmpty == true)
        }
    }

    @Test("A ]]> inside CDATA is split across two sections")
    func cdataSplitting() {
        let element = XML.Element("V", cdata: "a]]>b]]>c")
        #expect(element.serialized() == "<V><![CDATA[a]]]]><![CDATA[>b]]]]><![CDATA[>c]]></V>")
    }

    @Test("A ]]> that a combining mark follows is split too, and reads back as written")
    func cdataSplittingBeforeACombiningMark() throws {
        let value = "a]]>\u{338}b ]]>"
        let text = XML.Element("V", cdata: value).serialized()
        #expect(text == "<V><![CDATA[a]]]]><![CDATA[>\u{338}b ]]]]><![CDATA[>]]></V>")
        #expect(try XML.Document(string: text).root?.text == value)
        var written = ""
        XML.writeCDATA(value, into: &written)
        #expect(written == "<![CDATA[a]]]]><![CDATA[>\u{338}b ]]]]><![CDATA[>]]>")
    }

    @Test("Text and attributes are escaped; empty elements are self-closing")
    func escaping() {
        let element = XML.Element(
            "A",
            attributes: [XML.Attribute("q", "\"<&>\n")],
            children: [.text("1 < 2 & 3 > 2"), .element(XML.Element("B"))]
        )
        #expect(element.serialized() == "<A q=\"&quot;&lt;&amp;&gt;&#10;\">1 &lt; 2 &amp; 3 &gt; 2<B/></A>")
    }

    @Test("Control characters become references, tab and newline stay in text, multi-byte characters pass as they are")
    func escapingBytes() {
        let text = "é\t\n\r\u{1}😀 ]]"
        let element = XML.Element("A", attributes: [XML.Attribute("q", "\t\n\r é")], children: [.text(text)])
        #expect(element.serialized() == "<A q=\"&#9;&#10;&#13; é\">é\t\n&#13;&#1;😀 ]]</A>")
        #expect(XML.escaped(text) == "é\t\n&#13;&#1;😀 ]]")
        #expect(XML.escaped("\t\n\"", inAttribute: true) == "&#9;&#10;&quot;")
        #expect(XML.escaped("plain é") == "plain é")
    }

    @Test("Indented output puts element-only children on their own lines and leaves text inline")
    func indentation() {
        let element = XML.Element(
            "A", elements: [XML.Element("B", text: "x"), XML.Element("C", elements: [XML.Element("D")])])
        #expect(element.serialized(indented: true) == "<A>\n  <B>x</B>\n  <C>\n    <D/>\n  </C>\n</A>")
    }

    @Test("A parsed document converts to the same value tree it was built from")
    func valueTree() throws {
        let built = XML.Element("Envelope", elements: [XML.Element("Body", elements: [XML.Element("X", text: "1")])])
        let parsed = try XML.Document(string: built.serialized())
        #expect(parsed.root == built)
        #expect(parsed.rootName == "Envelope")
        #expect(parsed.serialized() == built.serialized())
    }
}

@Suite("XML.ElementView")
struct ElementViewTests {
    /// Checks `view` against the value tree `element` it converts to, all the way down.
    func expectSame(_ view: XML.ElementView, _ element: XML.Element) {
        #expect(view.name == element.name)
        #expect(view.localName == String(element.name.split(separator: ":").last ?? ""))
        #expect(view.text == element.text, "\(element.name)")
        #expect(element.hasLocalName(view.localName.lowercased(), ignoringASCIICase: true))
        #expect(view.hasLocalName(view.localName.lowercased(), ignoringASCIICase: true))
        #expect(!element.hasLocalName(element.name + "x", ignoringASCIICase: true))
        #expect(view.element == element)
        for attribute in element.attributes {
            #expect(view.attribute(attribute.name) == attribute.value, "\(element.name) @\(attribute.name)")
        }
        #expect(view.attribute("no-such-attribute") == nil)
        let children = view.elements
        #expect(children.count == element.elements.count)
        for (child, expected) in zip(children, element.elements) { expectSame(child, expected) }
    }

    @Test("An element read in place has the names, attributes, text and children of the converted tree")
    func sameAsValueTree() throws {
        let document = try XML.Document(
            string: """
                <sp:Envelope xmlns:sp="urn:x" xmlns="urn:d" a="1" sp:b="2&amp;3"><sp:Body>\
                <RESULT>one <![CDATA[<two>]]> three<!-- note --><E/><F x="&lt;">é</F></RESULT>\
                <Only><![CDATA[cdata only]]></Only><Empty></Empty></sp:Body></sp:Envelope>
                """)
        let view = try #require(document.rootView)
        expectSame(view, try #require(document.root))
        #expect(view.hasLocalName("envelope", ignoringASCIICase: true))
        #expect(!view.hasLocalName("envelope", ignoringASCIICase: false))
        #expect(view.hasLocalName("Envelope", ignoringASCIICase: false))
        #expect(!view.hasLocalName("envelop", ignoringASCIICase: true))
        #expect(view.firstElement { $0.localName == "Body" }?.elements.map(\.localName) == ["RESULT", "Only", "Empty"])
        #expect(view.firstElement { $0.localName == "Nothing" } == nil)
    }
}
