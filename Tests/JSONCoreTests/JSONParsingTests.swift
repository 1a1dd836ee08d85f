import Foundation
import JSONCore
import Testing

@Suite("JSONValue parsing")
struct JSONParsingTests {
    @Test("Parses every JSON type and keeps number text and key order")
    func types() throws {
        let value = try JSONValue(parsing: #"{"b": [1, 2.50, -3e2, true, false, null], "a": "x\u00e9\n\ud83d\ude80"}"#)
        #expect(value["b"]?[1]?.numberValue?.text == "2.50")
        #expect(value["b"]?[2]?.doubleValue == -300)
        #expect(value["a"]?.stringValue == "xé\n🚀")
        #expect(value.objectValue?.keys == ["b", "a"])
        #expect(value["b"]?[5] == .null)
    }

    @Test("Equality is semantic: key order and number spelling do not matter")
    func semanticEquality() throws {
        let a = try JSONValue(parsing: #"{"x": 1, "y": [1.0, {"z": 100}]}"#)
        let b = try JSONValue(parsing: #"{"y": [1, {"z": 1e2}], "x": 1.00}"#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        let reordered = try JSONValue(parsing: #"{"x": 1, "y": [{"z": 100}, 1]}"#)
        #expect(a != reordered)
    }

    static let malformed: [(String, Int, Int, String)] = [
        ("{\"a\": 1,}", 1, 9, "expected a member name"),
        ("[1, 2", 1, 6, "expected ',' or ']'"),
        ("{\n  \"a\": tru\n}", 2, 8, "expected a value"),
        ("01", 1, 2, "leading zero"),
        ("\"a\tb\"", 1, 3, "control character"),
        ("{} x", 1, 4, "after the value"),
        ("", 1, 1, "end of input"),
        ("\"\\x\"", 1, 3, "invalid escape"),
    ]

    @Test("Malformed text gives line, column and what was expected", arguments: malformed)
    func malformedText(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        #expect {
            _ = try JSONValue(parsing: text)
        } throws: { error in
            guard case JSONError.syntax(let foundLine, let foundColumn, _, let foundMessage) = error else {
                return false
            }
            return foundLine == line && foundColumn == column && foundMessage.contains(message)
        }
    }

    @Test("Nesting 100,000 levels deep is refused with an error, not a stack overflow")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONError.tooDeep(limit: 512, line: 1, column: 513)) { _ = try JSONValue(parsing: text) }
    }

    @Test("Bytes that are not UTF-8 are refused with their position")
    func invalidUTF8() {
        var bytes = Data(#"{"name": "ab"#.utf8)
        bytes.append(contentsOf: [0xC3, 0x28])
        bytes.append(contentsOf: Data(#""}"#.utf8))
        #expect(throws: JSONError.invalidUTF8(line: 1, column: 13, offset: 12)) { _ = try JSONValue(parsing: bytes) }
    }

    @Test("Surrogate pairs decode; lone surrogates are refused")
    func surrogates() throws {
        #expect(try JSONValue(parsing: #""\ud83d\ude80""#) == "🚀")
        #expect(throws: JSONError.self) { _ = try JSONValue(parsing: #""\ud83d""#) }
        #expect(throws: JSONError.self) { _ = try JSONValue(parsing: #""\ude80""#) }
    }
}

@Suite("JSONValue writing")
struct JSONWritingTests {
    @Test("The stable form is pretty, sorted and reads back identical")
    func stableRoundTrip() throws {
        let text = #"{"z":{"b":[],"a":{}},"a":[1,"two",null,true,2.50],"m":"q\"uote/slash\\ é\u0001"}"#
        let value = try JSONValue(parsing: text)
        let stable = value.serialized(.stable)
        #expect(
            stable == """
                {
                  "a": [
                    1,
                    "two",
                    null,
                    true,
                    2.50
                  ],
                  "m": "q\\"uote/slash\\\\ é\\u0001",
                  "z": {
                    "a": {},
                    "b": []
                  }
                }
                """
        )
        #expect(try JSONValue(parsing: stable).serialized(.stable) == stable)
        #expect(
            value.serialized() == #"{"z":{"b":[],"a":{}},"a":[1,"two",null,true,2.50],"m":"q\"uote/slash\\ é\u0001"}"#)
    }

    @Test("Codable values convert to and from JSONValue")
    func codable() throws {
        struct Outcome: Codable, Equatable {
            var recipientId: String
            var retries: Int
        }
        let value = try JSONValue(encoding: Outcome(recipientId: "42", retries: 3))
        #expect(value == ["recipientId": "42", "retries": 3])
        #expect(try value.decode(as: Outcome.self) == Outcome(recipientId: "42", retries: 3))
    }
}

@Suite("JSONPointer")
struct JSONPointerTests {
    static let document: JSONValue = [
        "events": [["code": 12, "ts": "a"], ["code": 13, "ts": "b"]],
        "a/b": ["m~n": 1],
    ]

    @Test("Pointers read, escape and write")
    func readWrite() throws {
        #expect(Self.document[pointer: "/events/1/code"] == 13)
        #expect(Self.document[pointer: "/a~1b/m~0n"] == 1)
        #expect(Self.document[pointer: "/events/2"] == nil)
        #expect(JSONPointer(tokens: ["a/b", "m~n"]).description == "/a~1b/m~0n")
        var copy = Self.document
        let setWorked = copy.set("X", at: "/events/0/ts")
        #expect(setWorked)
        #expect(copy[pointer: "/events/0/ts"] == "X")
        let removeWorked = copy.remove(at: "/events/0")
        #expect(removeWorked)
        #expect(copy["events"]?.arrayValue?.count == 1)
        let unrooted = "events"
        #expect(throws: JSONError.invalidPointer("events")) { _ = try JSONPointer(unrooted) }
    }

    @Test(
        "A pointer written out reads back as the same tokens, with and without characters to escape",
        arguments: [
            ["events", "0", "ts"], ["a/b", "m~n"], ["~", "/", "~1", "~0/"], ["", "é", "東京/🚀", "x~\u{301}"],
            ["access_token"],
        ])
    func roundTrip(tokens: [String]) throws {
        let written = JSONPointer(tokens: tokens).description
        #expect(try JSONPointer(written).tokens == tokens, "\(written)")
        #expect(written.filter { $0 == "/" }.count == tokens.count, "\(written)")
    }

    @Test("A * token expands over every member or element")
    func wildcards() {
        #expect(Self.document.resolve("/events/*/ts") == ["/events/0/ts", "/events/1/ts"])
        #expect(Self.document.resolve("/missing/*").isEmpty)
    }

    @Test("Differences name the pointer, honour volatile pointers, and still see a missing value")
    func differences() throws {
        var actual = Self.document
        actual.set("changed", at: "/events/0/ts")
        actual.set(99, at: "/events/1/code")
        #expect(Self.document.difference(from: actual)?.pointer == "/events/0/ts")
        #expect(
            Self.document.difference(from: actual, ignoring: ["/events/*/ts"])?.description
                == "/events/1/code: expected 13, got 99")
        actual.set(13, at: "/events/1/code")
        #expect(Self.document.difference(from: actual, ignoring: ["/events/*/ts"]) == nil)
        actual.remove(at: "/events/1/ts")
        #expect(Self.document.difference(from: actual, ignoring: ["/events/*/ts"])?.actual == "missing")
    }
}
