import LibXML
import Testing

@Suite("XML.Canonical")
struct CanonicalTests {
    static let reference = """
        <Envelope><Body><AddRecipient a="1" b="2"><LIST_ID>45654</LIST_ID><EMPTY/></AddRecipient></Body></Envelope>
        """

    static let equivalents: [(String, String)] = [
        (
            "attribute order",
            #"<Envelope><Body><AddRecipient b="2" a="1"><LIST_ID>45654</LIST_ID><EMPTY/></AddRecipient></Body></Envelope>"#
        ),
        (
            "whitespace between elements",
            "<Envelope>\n  <Body>\n    <AddRecipient a=\"1\" b=\"2\">\n      <LIST_ID>45654</LIST_ID>\n      <EMPTY/>\n    </AddRecipient>\n  </Body>\n</Envelope>\n"
        ),
        (
            "quote style",
            "<Envelope><Body><AddRecipient a='1' b='2'><LIST_ID>45654</LIST_ID><EMPTY/></AddRecipient></Body></Envelope>"
        ),
        (
            "empty-element form",
            #"<Envelope><Body><AddRecipient a="1" b="2"><LIST_ID>45654</LIST_ID><EMPTY></EMPTY></AddRecipient></Body></Envelope>"#
        ),
        (
            "CDATA versus text",
            #"<Envelope><Body><AddRecipient a="1" b="2"><LIST_ID><![CDATA[45654]]></LIST_ID><EMPTY/></AddRecipient></Body></Envelope>"#
        ),
        (
            "a comment",
            #"<Envelope><!-- note --><Body><AddRecipient a="1" b="2"><LIST_ID>45654</LIST_ID><EMPTY/></AddRecipient></Body></Envelope>"#
        ),
    ]

    static let differents: [(String, String, String)] = [
        (
            "a changed text value",
            #"<Envelope><Body><AddRecipient a="1" b="2"><LIST_ID>45655</LIST_ID><EMPTY/></AddRecipient></Body></Envelope>"#,
            "/Envelope/Body[1]/AddRecipient[1]/LIST_ID[1]/text()"
        ),
        (
            "element order",
            #"<Envelope><Body><AddRecipient a="1" b="2"><EMPTY/><LIST_ID>45654</LIST_ID></AddRecipient></Body></Envelope>"#,
            "/Envelope/Body[1]/AddRecipient[1]/LIST_ID[1]"
        ),
        (
            "an element name",
            #"<Envelope><Body><AddRecipient a="1" b="2"><LIST>45654</LIST><EMPTY/></AddRecipient></Body></Envelope>"#,
            "/Envelope/Body[1]/AddRecipient[1]/LIST_ID[1]"
        ),
        (
            "an attribute value",
            #"<Envelope><Body><AddRecipient a="1" b="3"><LIST_ID>45654</LIST_ID><EMPTY/></AddRecipient></Body></Envelope>"#,
            "/Envelope/Body[1]/AddRecipient[1]/@b"
        ),
    ]

    @Test("Documents that differ only in form compare equal, both directions", arguments: equivalents)
    func equal(_ label: String, _ other: String) throws {
        let reference = try XML.Document(string: Self.reference)
        let document = try XML.Document(string: other)
        #expect(reference.isCanonicallyEqual(to: document), "\(label)")
        #expect(document.isCanonicallyEqual(to: reference), "\(label)")
        #expect(try reference.canonical().difference(from: document.canonical()) == nil)
    }

    @Test("Documents that differ in data compare unequal, both directions, naming where", arguments: differents)
    func unequal(_ label: String, _ other: String, _ path: String) throws {
        let reference = try XML.Document(string: Self.reference)
        let document = try XML.Document(string: other)
        #expect(!reference.isCanonicallyEqual(to: document), "\(label)")
        #expect(!document.isCanonicallyEqual(to: reference), "\(label)")
        let difference = try #require(try reference.canonical().difference(from: document.canonical()))
        #expect(difference.path == path, "\(label): \(difference)")
    }

    @Test("Namespace prefix choice does not matter, the namespace does")
    func namespacePrefixes() throws {
        let a = try XML.Document(string: "<p:Envelope xmlns:p='urn:engage'><p:Body x='1'/></p:Envelope>")
        let b = try XML.Document(string: "<q:Envelope xmlns:q='urn:engage'><q:Body x='1'></q:Body></q:Envelope>")
        let c = try XML.Document(string: "<Envelope xmlns='urn:engage'><Body x='1'/></Envelope>")
        let d = try XML.Document(string: "<p:Envelope xmlns:p='urn:other'><p:Body x='1'/></p:Envelope>")
        #expect(a.isCanonicallyEqual(to: b))
        #expect(a.isCanonicallyEqual(to: c))
        #expect(!a.isCanonicallyEqual(to: d))
    }

    @Test("Whitespace inside a text value is data")
    func significantWhitespace() throws {
        let a = try XML.Document(string: "<A><B> x </B></A>")
        let b = try XML.Document(string: "<A><B>x</B></A>")
        #expect(!a.isCanonicallyEqual(to: b))
    }

    @Test("Volatile XPaths are ignored in value but not in presence")
    func volatileValues() throws {
        let a = try XML.Document(string: "<R><Date>01/28/2015 01:36:50 GMT</Date><Id x='9'>1</Id></R>")
        let b = try XML.Document(string: "<R><Date>02/01/2016 10:00:00 GMT</Date><Id x='7'>1</Id></R>")
        let c = try XML.Document(string: "<R><Id x='7'>1</Id></R>")
        let ignore = ["//Date", "//Id/@x"]
        #expect(try a.canonical(ignoring: ignore) == b.canonical(ignoring: ignore))
        #expect(try a.canonical(ignoring: ignore) != c.canonical(ignoring: ignore))
        #expect(try a.canonical() != b.canonical())
    }
}
