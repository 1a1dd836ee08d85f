import LibXML
import Testing

@Suite("XML.Document editing")
struct EditingTests {
    @Test("Replacing selected values keeps the rest of the document as written")
    func replacesSelectedValues() throws {
        let source = "<a x=\"1\">\n  <!-- keep -->\n  <b>secret &amp; more</b>\n  <c b=\"s\">é</c>\n</a>"
        let document = try XML.Document(string: source)
        let edited = try document.replacingValues(selectedBy: ["//b", "//@b"]) { node in "<\(node.name)>" }
        #expect(edited == "<a x=\"1\">\n  <!-- keep -->\n  <b>&lt;b&gt;</b>\n  <c b=\"&lt;b&gt;\">é</c>\n</a>")
        #expect(document.serialized().contains("secret &amp; more"), "the original document is unchanged")
    }

    @Test("Nothing selected or nothing changed gives nil, and a bad XPath throws")
    func unchanged() throws {
        let document = try XML.Document(string: "<a><b>1</b></a>")
        #expect(try document.replacingValues(selectedBy: ["//missing"]) { _ in "x" } == nil)
        #expect(try document.replacingValues(selectedBy: ["//b"]) { $0.value } == nil)
        #expect(throws: XML.Error.self) { try document.replacingValues(selectedBy: ["//["]) { _ in "x" } }
    }
}
