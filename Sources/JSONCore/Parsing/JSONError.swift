public import Foundation

/// Why JSON text could not be read, and where.
public enum JSONError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The text is not JSON at this position: 1-based line and column, 0-based byte offset.
    case syntax(line: Int, column: Int, offset: Int, message: String)
    /// Arrays and objects nest deeper than the limit at this position.
    case tooDeep(limit: Int, line: Int, column: Int)
    /// The bytes are not UTF-8 at this offset.
    case invalidUTF8(line: Int, column: Int, offset: Int)
    /// A JSON Pointer is not of RFC 6901 form.
    case invalidPointer(String)

    public var description: String {
        switch self {
        case .syntax(let line, let column, _, let message):
            "invalid JSON at line \(line), column \(column): \(message)"
        case .tooDeep(let limit, let line, let column):
            "JSON nests deeper than \(limit) levels at line \(line), column \(column)"
        case .invalidUTF8(let line, let column, let offset):
            "JSON text is not UTF-8 at line \(line), column \(column) (byte \(offset))"
        case .invalidPointer(let text):
            "'\(text)' is not a JSON Pointer: it must be empty or start with '/' (RFC 6901)"
        }
    }

    public var errorDescription: String? { description }
}
