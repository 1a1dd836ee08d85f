import Foundation
import JSONCore
import Testing

@Suite("JSONValue writing into bytes")
struct JSONByteWritingTests {
    /// The writer as it was first written, over `String`, kept here as the reference the byte writer must equal.
    static func reference(_ value: JSONValue, sorted: Bool, pretty: Bool, indent: Int = 0) -> String {
        func newline(_ indent: Int) -> String { pretty ? "\n" + String(repeating: "  ", count: indent) : "" }
        switch value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let number): return number.text
        case .string(let string): return quoted(string)
        case .array(let array):
            guard !array.isEmpty else { return "[]" }
            let elements = array.map {
                newline(indent + 1) + reference($0, sorted: sorted, pretty: pretty, indent: indent + 1)
            }
            return "[" + elements.joined(separator: ",") + newline(indent) + "]"
        case .object(let object):
            guard !object.isEmpty else { return "{}" }
            let members = sorted ? object.sorted { $0.key < $1.key } : Array(object)
            let written = members.map {
                newline(indent + 1) + quoted($0.key) + (pretty ? ": " : ":")
                    + reference($0.value, sorted: sorted, pretty: pretty, indent: indent + 1)
            }
            return "{" + written.joined(separator: ",") + newline(indent) + "}"
        }
    }

    static func quoted(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    /// Keys and strings that test the escapes and the order: control characters, quotes, backslashes, `/`, non-ASCII
    /// (precomposed and combining, outside the BMP), and keys that sort differently as bytes and as `String`.
    static let texts = [
        "", "a", "B", "b", "a b", "\"", "\\", "/", "\u{0}", "\u{1F}", "\u{7F}", "tab\there", "line\nbreak",
        "\r\u{08}\u{0C}",
        "é", "e\u{301}", "ê", "z", "Z", "_", "~", "ÿ", "😀", "\u{FFFF}", "日本", "ab\u{0}c", "a\"b\\c",
    ]

    static func randomValue(_ random: inout SeededGenerator, depth: Int) -> JSONValue {
        func text() -> String {
            let count = Int(random.next() % 3)
            return (0...count).map { _ in texts[Int(random.next() % UInt64(texts.count))] }.joined()
        }
        switch random.next() % (depth > 3 ? 4 : 7) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2:
            return .number(
                JSONNumber(text: ["0", "-1", "1.50", "2e10", "12345678901234567890"][Int(random.next() % 5)]))
        case 3: return .string(text())
        case 4: return .array((0..<Int(random.next() % 4)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            // Up to 40 members, past the size at which an object indexes its keys.
            let count = Int(random.next() % (random.next() % 3 == 0 ? 40 : 6))
            return .object(JSONObject((0..<count).map { _ in (text(), randomValue(&random, depth: depth + 1)) }))
        }
    }

    @Test("Every option writes what the String writer wrote, byte for byte, over 300 seeded values")
    func matchesTheReference() {
        var random = SeededGenerator(seed: 31)
        for number in 0..<300 {
            let value = Self.randomValue(&random, depth: 0)
            for options: JSONWritingOptions in [[], .sortedKeys, .pretty, .stable] {
                let expected = Self.reference(
                    value, sorted: options.contains(.sortedKeys), pretty: options.contains(.pretty))
                #expect(value.serialized(options) == expected, "value \(number), options \(options.rawValue)")
                #expect(value.bytes(options) == Array(expected.utf8), "value \(number)")
                #expect(value.data(options) == Data(expected.utf8), "value \(number)")
            }
        }
    }

    @Test("Sorted members follow String order, for ASCII keys and for others, sorted or not to begin with")
    func sortedMembers() {
        let keys = Self.texts + ["aa", "a", "ab", "A", "a0", "a\u{0}"]
        for permutation in [keys, keys.reversed(), keys.sorted(), keys.sorted().reversed()] {
            let object = JSONObject(permutation.map { ($0, JSONValue.null) })
            #expect(object.sortedMembers.map(\.key) == Set(permutation).sorted(), "\(permutation)")
        }
        let asciiKeys = keys.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        for permutation in [asciiKeys, asciiKeys.reversed(), asciiKeys.sorted()] {
            let object = JSONObject(permutation.map { ($0, JSONValue.null) })
            #expect(object.sortedMembers.map(\.key) == Set(permutation).sorted(), "\(permutation)")
        }
        let ascii = JSONObject((0..<30).map { ("k\($0)", JSONValue.number(JSONNumber($0))) })
        #expect(ascii.sortedMembers.map(\.key) == ascii.keys.sorted())
    }

    @Test("An object of many pairs keeps the first place of a repeated key and the last value, and finds every key")
    func largeObjectFromPairs() {
        var pairs = (0..<30).map { ("k\($0)", JSONValue.number(JSONNumber($0))) }
        pairs.append(("k3", "again"))
        pairs.append(("k29", "last"))
        let object = JSONObject(pairs)
        #expect(object.count == 30)
        #expect(object.keys == (0..<30).map { "k\($0)" })
        #expect(object["k3"] == "again" && object["k29"] == "last" && object["k17"] == 17)
        let literal = JSONValue(
            dictionaryLiteral: ("a", 1), ("b", 2), ("c", 3), ("d", 4), ("e", 5), ("f", 6), ("g", 7), ("h", 8), ("i", 9),
            ("j", 10), ("k", 11), ("l", 12), ("m", 13), ("n", 14), ("o", 15), ("p", 16), ("q", 17), ("a ", 18),
            ("a", 19))
        #expect(literal.objectValue?.count == 18 && literal["a"] == 19 && literal["q"] == 17)
        #expect(literal.objectValue?.keys.first == "a")
    }
}
