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

    @Test("A billion-laughs document is not expanded: parsing is quick and the text stays unexpanded")
    func billionLaughs() throws {
        var entities = #"<!ENTITY lol0 "lolololololololololo">"#
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?><!DOCTYPE r [\(entities)]><r>&lol9;</r>"
        do {
            let document = try XML.Document(string: text)
            let content = document.root.flatMap { $0.text } ?? ""
            #expect(content.count < 1_000_000, "the entity expanded to \(content.count) characters")
            #expect(document.serialized().count < 10_000)
        } catch {
            // libxml2 may also refuse the amplification outright; either way nothing was expanded.
            #expect("\(error)".contains("malformed XML at"))
        }
    }

    @Test("An external parameter entity and an external DTD are not fetched")
    func noExternalDTD() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("harness-xxe-\(UUID().uuidString)")
        try Data("TOP-SECRET".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let texts = [
            "<?xml version=\"1.0\"?><!DOCTYPE r SYSTEM \"\(secret.absoluteString)\"><r>&x;</r>",
            "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY % p SYSTEM \"\(secret.absoluteString)\"> %p;]><r/>",
            "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY s SYSTEM \"\(secret.absoluteString)\">]><r a=\"1\">&s;</r>",
        ]
        for text in texts {
            if let document = try? XML.Document(string: text) {
                #expect(!document.serialized().contains("TOP-SECRET"))
                #expect(!(document.root.flatMap { $0.text } ?? "").contains("TOP-SECRET"))
            }
        }
    }

    @Test("The error text names the file and position")
    func errorDescription() {
        let error = XML.Error.malformed(XML.Diagnostic(file: "a.xml", line: 4, column: 7, message: "boom"))
        #expect(error.description == "malformed XML at a.xml:4:7: boom")
    }
}
