import CassetteKit
import Foundation
import Testing

@Suite("Body comparison")
struct BodyComparisonTests {
    let comparison: BodyComparison

    init() throws {
        comparison = try BodyComparison(volatile: [try FieldRule(parsing: "json:/createdAt")])
    }

    func differences(_ expected: String, _ actual: String, type: String? = "application/json") -> [FieldDifference] {
        comparison.differences(
            expected: Data(expected.utf8), expectedType: type, actual: Data(actual.utf8), actualType: type)
    }

    @Test("JSON compares by value: member order and spacing do not count, a changed member is named by pointer")
    func json() {
        #expect(differences(#"{"a":1,"b":[true,null]}"#, #"{ "b": [true, null], "a": 1 }"#).isEmpty)
        let found = differences(#"{"a":1,"b":"x"}"#, #"{"a":2,"b":"x"}"#)
        #expect(found.map(\.field) == ["body json:/a"])
        #expect(found.first?.expected == "1" && found.first?.actual == "2")
    }

    @Test("Volatile fields are ignored; the same change elsewhere is not")
    func volatile() {
        #expect(differences(#"{"createdAt":"2026-01-01","id":7}"#, #"{"createdAt":"2031-05-05","id":7}"#).isEmpty)
        #expect(!differences(#"{"createdAt":"2026-01-01","id":7}"#, #"{"createdAt":"2026-01-01","id":8}"#).isEmpty)
    }

    @Test("XML compares in canonical form: attribute order and empty-element syntax do not count")
    func xml() {
        #expect(differences(#"<a y="2" x="1"><b/></a>"#, #"<a x="1" y="2"><b></b></a>"#, type: "text/xml").isEmpty)
        let found = differences("<a><b>1</b></a>", "<a><b>2</b></a>", type: "text/xml")
        #expect(found.count == 1)
        #expect(found.first?.field.hasPrefix("body xpath:") == true)
    }

    @Test("A missing body, malformed JSON and other bytes are differences too, never silently equal")
    func missingAndMalformed() {
        #expect(differences(#"{"a":1}"#, "").map(\.field) == ["body"])
        #expect(!differences(#"{"a":1}"#, #"{"a":1"#).isEmpty)
        #expect(!differences("abc", "abd", type: "text/plain").isEmpty)
        #expect(differences("abc", "abc", type: "text/plain").isEmpty)
    }

    @Test("A volatile XPath that does not compile is refused when the comparison is made")
    func badXPath() {
        #expect(throws: CassetteError.self) {
            _ = try BodyComparison(volatile: [try FieldRule(parsing: "xpath://[")])
        }
    }
}
