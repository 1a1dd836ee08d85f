import Foundation
import LibXML
import Testing
import Verification

@Suite("JUnit documents")
struct JUnitDocumentTests {
    @Test("Counts on testsuites and each testsuite come from the test cases")
    func countsFromCases() throws {
        let document = JUnitDocument(
            name: "harness verify",
            suites: [
                JUnitDocument.Suite(
                    name: "one",
                    cases: [
                        .init(className: "c", name: "passes"),
                        .init(className: "c", name: "fails", outcome: .failure(type: "t", message: "m", details: "d")),
                        .init(className: "c", name: "errs", outcome: .error(type: "t", message: "m", details: "")),
                        .init(className: "c", name: "skips", outcome: .skipped(message: "not selected")),
                    ]),
                JUnitDocument.Suite(
                    name: "two", seconds: 1.5,
                    cases: [
                        .init(
                            className: "c", name: "fails too", time: .milliseconds(250),
                            outcome: .failure(type: "t", message: "m", details: ""))
                    ]),
            ])
        let xml = try XML.Document(string: document.rendered())
        #expect(try xml.string("string(/testsuites/@tests)") == "5")
        #expect(try xml.string("string(/testsuites/@failures)") == "2")
        #expect(try xml.string("string(/testsuites/@errors)") == "1")
        #expect(try xml.string("string(/testsuites/testsuite[1]/@skipped)") == "1")
        #expect(try xml.string("string(/testsuites/testsuite[2]/@time)") == "1.500")
        #expect(try xml.string("string(//testcase[@name='fails too']/@time)") == "0.250")
        #expect(try xml.select("//testcase[failure]").count == 2)
        #expect(try xml.string("string(//testcase[@name='fails']/failure)") == "d")
    }

    @Test("Markup, quotes and characters XML 1.0 forbids in names and messages still give a well-formed file")
    func hostileText() throws {
        let hostile = "<script>\"a\" & 'b' \u{0}\u{1B}[31m\u{FFFF}]]>"
        let document = JUnitDocument(
            name: hostile,
            suites: [
                .init(
                    name: hostile,
                    cases: [
                        .init(
                            className: hostile, name: hostile,
                            outcome: .failure(type: hostile, message: hostile, details: hostile + "\nline 2"))
                    ])
            ])
        let rendered = document.rendered()
        #expect(rendered.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
        #expect(!rendered.contains("&#0;") && !rendered.contains("&#27;"), "no references to forbidden characters")
        let xml = try XML.Document(string: rendered)
        let expected = "<script>\"a\" & 'b' \u{FFFD}\u{FFFD}[31m\u{FFFD}]]>"
        #expect(try xml.string("string(//testcase/@name)") == expected)
        #expect(try xml.string("string(//failure)") == expected + "\nline 2")
    }
}
