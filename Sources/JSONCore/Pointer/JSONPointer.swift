/// An RFC 6901 JSON Pointer such as `/events/0/eventTimestamp`.
///
/// As an extension used by volatile-field and redaction lists, a token `*` matches every member of an object
/// or every element of an array (see ``JSONValue/resolve(_:)``).
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var tokens: [String]

    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses the pointer text; `""` is the whole document.
    public init(_ text: String) throws(JSONError) {
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { throw .invalidPointer(text) }
        tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences("~1", with: "/").replacingOccurrences("~0", with: "~")
        }
    }

    /// A pointer written as a literal in code; an invalid literal is a programmer error and traps.
    /// Parse text that comes from input with ``init(_:)``, which throws.
    public init(stringLiteral value: String) {
        do {
            try self.init(value)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    public static let root = JSONPointer(tokens: [])

    /// This pointer extended by one token.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [token])
    }

    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    public var description: String {
        tokens.map { token in
            // Without a `~` or `/` byte there is no such character to escape (the redactor names every secret's
            // place this way, and the search by characters cost more than the rest of it).
            guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
                return "/" + token
            }
            return "/" + token.replacingOccurrences("~", with: "~0").replacingOccurrences("/", with: "~1")
        }.joined()
    }
}

extension Substring {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        String(self).replacingOccurrences(target, with: replacement)
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
