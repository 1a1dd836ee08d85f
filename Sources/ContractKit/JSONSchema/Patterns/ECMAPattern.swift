internal import Foundation

/// A JSON Schema `pattern`: an ECMA-262 regular expression (with the `u` flag, as JSON Schema asks),
/// translated to ICU syntax and compiled once for `NSRegularExpression`.
///
/// Where the two dialects differ, the translation gives ECMA-262 meaning:
/// - `\d`, `\w`, `\b` are ASCII-only (`[0-9]`, `[A-Za-z0-9_]`, an ASCII word boundary); `\s` is ECMA's white
///   space and line terminators (including U+FEFF); their negations likewise, inside classes too.
/// - `$` matches only at the end of the input (ICU also matches before a final line terminator); `.` excludes
///   exactly `\n`, `\r`, U+2028 and U+2029.
/// - `[]` matches nothing and `[^]` anything; `[`, `&` and `--` inside a class are literal (ICU reads set
///   operations there); a `{` or `}` that is not a quantifier is literal; `\cX`, `\uXXXX`, `\u{…}`, `\p{…}`,
///   named groups and lookbehind pass through (ICU reads them the same way).
/// - Matching is by code point, as with the `u` flag.
///
/// Not covered: Annex B legacy forms (octal escapes such as `\07`, `\8`), a lone surrogate escape meant to
/// pair with the next escape (`\ud83d\ude00`), and `\p{…}` property names that ICU spells differently.
package struct ECMAPattern: Sendable {
    /// The pattern as written in the schema.
    package let source: String
    /// The ICU translation actually compiled.
    package let translated: String
    private let expression: CompiledExpression

    package init(_ source: String, location: String = "pattern") throws(ContractError) {
        self.source = source
        var translator = ECMATranslator(source)
        translated = translator.translate()
        if let problem = translator.problem {
            throw .invalidPattern(location: location, pattern: source, message: problem)
        }
        do {
            expression = CompiledExpression(try NSRegularExpression(pattern: translated, options: []))
        } catch {
            throw .invalidPattern(location: location, pattern: source, message: "not a valid regular expression")
        }
    }

    /// Whether the pattern matches anywhere in `string` (JSON Schema patterns are not anchored).
    package func matches(_ string: String) -> Bool {
        let range = NSRange(location: 0, length: string.utf16.count)
        return expression.regex.rangeOfFirstMatch(in: string, options: [], range: range).location != NSNotFound
    }
}

/// Holds the compiled expression.
private final class CompiledExpression: @unchecked Sendable {
    // Invariant for @unchecked Sendable: NSRegularExpression is immutable after init and documented as safe to
    // use from several threads at once; this box never changes it.
    let regex: NSRegularExpression

    init(_ regex: NSRegularExpression) { self.regex = regex }
}

/// Rewrites ECMA-262 pattern syntax into ICU syntax with the same meaning (see ``ECMAPattern``).
struct ECMATranslator {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var output = ""
    /// Why the pattern is not ECMA-262 syntax, when it is not.
    private(set) var problem: String?
    /// Letters ECMA-262 allows after a backslash (with the `u` flag, any other letter is an error).
    private static let escapeLetters = Set("dDwWsSbBfnrtvcuxpPk".unicodeScalars)

    static let space =
        "\\t\\n\\x{B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}"
    static let word = "a-zA-Z0-9_"
    static let asciiWord = "[a-zA-Z0-9_]"

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    mutating func translate() -> String {
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case "\\": escapeOutsideClass()
            case "$": output += "\\z"
            case ".": output += "[^\\n\\r\\x{2028}\\x{2029}]"
            case "[": characterClass()
            case "(" where peek() == "?":
                if let next = peek(1), !["<", ":", "=", "!"].contains(next) {
                    problem = "'(?\(next)' is not ECMA-262 syntax (inline flags and comments are not allowed)"
                }
                output += "("
            case "{":
                if let quantifier = quantifier() { output += quantifier } else { output += "\\{" }
            case "}": output += "\\}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    /// A `{n}`, `{n,}` or `{n,m}` quantifier starting after the consumed `{`, or nil (then `{` is literal).
    private mutating func quantifier() -> String? {
        var index = position
        var text = "{"
        var sawDigit = false
        var sawComma = false
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "}" {
                guard sawDigit else { return nil }
                position = index + 1
                return text + "}"
            }
            if ("0"..."9").contains(scalar) {
                if !sawComma { sawDigit = true }
            } else if scalar == ",", sawDigit, !sawComma {
                sawComma = true
            } else {
                return nil
            }
            text.unicodeScalars.append(scalar)
            index += 1
        }
        return nil
    }

    private mutating func escapeOutsideClass() {
        guard let next = peek() else {
            output += "\\\\"
            return
        }
        position += 1
        switch next {
        case "d": output += "[0-9]"
        case "D": output += "[^0-9]"
        case "w": output += Self.asciiWord
        case "W": output += "[^\(Self.word)]"
        case "s": output += "[\(Self.space)]"
        case "S": output += "[^\(Self.space)]"
        case "b":
            output += "(?:(?<=\(Self.asciiWord))(?!\(Self.asciiWord))|(?<!\(Self.asciiWord))(?=\(Self.asciiWord)))"
        case "B":
            output += "(?:(?<=\(Self.asciiWord))(?=\(Self.asciiWord))|(?<!\(Self.asciiWord))(?!\(Self.asciiWord)))"
        case "u": output += unicodeEscape()
        case "p", "P": output += "\\" + String(next) + propertyName()
        case "0" where !(peek().map { ("0"..."9").contains($0) } ?? false): output += "\\x{0}"
        default:
            if next.properties.isAlphabetic, next.isASCII, !Self.escapeLetters.contains(next) {
                problem = "'\\\(next)' is not an ECMA-262 escape"
            }
            output += "\\"
            output.unicodeScalars.append(next)
        }
    }

    /// The `{Name}` after a consumed `\p` or `\P`, copied as it is.
    private mutating func propertyName() -> String {
        guard peek() == "{", let close = scalars[position...].firstIndex(of: "}") else { return "" }
        let name = String(String.UnicodeScalarView(scalars[position...close]))
        position = close + 1
        return name
    }

    /// `\uXXXX` or `\u{X…}` after the consumed `\u`, as ICU's `\x{…}`.
    private mutating func unicodeEscape() -> String {
        if peek() == "{", let close = scalars[position...].firstIndex(of: "}") {
            let digits = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
            position = close + 1
            return "\\x{\(digits)}"
        }
        guard position + 4 <= scalars.count else { return "u" }
        let digits = String(String.UnicodeScalarView(scalars[position..<(position + 4)]))
        guard UInt32(digits, radix: 16) != nil else { return "u" }
        position += 4
        return "\\x{\(digits)}"
    }

    /// A `[…]` class after the consumed `[`.
    private mutating func characterClass() {
        var negated = false
        if peek() == "^" {
            negated = true
            position += 1
        }
        if peek() == "]" {
            position += 1
            output += negated ? "[\\s\\S]" : "(?!)"
            return
        }
        output += negated ? "[^" : "["
        while let scalar = peek() {
            position += 1
            switch scalar {
            case "]":
                output += "]"
                return
            case "\\": escapeInsideClass()
            case "[", "&": output += "\\" + String(scalar)
            case "-" where peek() == "-": output += "\\-"
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "]"
    }

    private mutating func escapeInsideClass() {
        guard let next = peek() else { return }
        position += 1
        switch next {
        case "d": output += "0-9"
        case "D": output += "[^0-9]"
        case "w": output += Self.word
        case "W": output += "[^\(Self.word)]"
        case "s": output += Self.space
        case "S": output += "[^\(Self.space)]"
        case "b": output += "\\x{8}"
        case "u": output += unicodeEscape()
        case "p", "P": output += "\\" + String(next) + propertyName()
        default:
            output += "\\"
            output.unicodeScalars.append(next)
            return
        }
        // A class escape cannot start a range: a '-' after one is literal (`[\w-.]`), not ICU's range operator.
        if "dDwWsSpP".unicodeScalars.contains(next), peek() == "-" {
            position += 1
            output += "\\-"
        }
    }
}
