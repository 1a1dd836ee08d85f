import Foundation
import LibXML
import Testing

@Suite("XML.Document parsing")
struct ParsingTests {
    @Test("A malformed document reports line, column and libxml2's message")
    func malformedReportsPosition() {
        let text = "<Envelope>\n  <Body>\n    <RESULT></Body>\n</Envelope>"
        #expect {
            _ = try XML.Document(string: text, sourceName: "bad.xml")
        } throws: { error in
            guard case XML.Error.malformed(let diagnostic) = error else { return false }
            return diagnostic.file == "bad.xml" && diagnostic.line == 3 && diagnostic.column > 0
                && diagnostic.message.contains("mismatch")
        }
    }

    @Test("An empty body is refused with a position, not a crash")
    func emptyInput() {
        #expect(throws: XML.Error.self) { _ = try XML.Document(data: Data()) }
        #expect(throws: XML.Error.self) { _ = try XML.Document(string: "   ") }
    }

    @Test("Nesting 100,000 levels deep is refused with an error, not a stack overflow")
    func deepNestingIsRefused() {
        let depth = 100_000
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect {
            _ = try XML.Document(string: text)
        } throws: { error in
            guard case XML.Error.malformed(let diagnostic) = error else { return false }
            return diagnostic.message.localizedCaseInsensitiveContains("depth")
        }
    }

    @Test("External entities are not loaded")
    func noExternalEntities() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE r [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <r>&secret;</r>
            """
        let document = try XML.Document(string: text)
        #expect(document.root?.text == "")
    }

    @Test("The error text names the file and position")
    func errorDescription() {
        let error = XML.Error.malformed(XML.Diagnostic(file: "a.xml", line: 4, column: 7, message: "boom"))
        #expect(error.description == "malformed XML at a.xml:4:7: boom")
    }
}
