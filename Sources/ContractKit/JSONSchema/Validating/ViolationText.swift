internal import JSONCore

/// Short, single-line renderings of instance values for violation messages.
enum ViolationText {
    static let limit = 60

    /// `string "abc"`, `number 12`, `object with 3 properties`, `array of 2 items`, `null`, `boolean true`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "boolean \(flag)"
        case .number(let number): "number \(number.text)"
        case .string: "string \(compact(value))"
        case .array(let array): "array of \(array.count) item\(array.count == 1 ? "" : "s")"
        case .object(let object): "object with \(object.count) propert\(object.count == 1 ? "y" : "ies")"
        }
    }

    /// The value as compact JSON, cut to ``limit`` characters.
    static func compact(_ value: JSONValue) -> String {
        let text: String
        switch value {
        case .string(let string): text = quoted(string)
        case .number(let number): text = number.text
        case .bool(let flag): text = String(flag)
        case .null: text = "null"
        case .array(let array): text = "[" + array.prefix(5).map(compact).joined(separator: ",") + "]"
        case .object(let object): text = "{" + object.keys.prefix(5).map(quoted).joined(separator: ",") + "}"
        }
        return text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }

    /// A JSON string literal of the first ``limit`` characters, escaped as JSONCore writes strings.
    private static func quoted(_ string: String) -> String {
        var result = ""
        JSONValue.writeString(String(string.unicodeScalars.prefix(limit)), to: &result)
        return result
    }
}
