public import Foundation

extension XML {
    /// One problem libxml2 reported, with where it happened.
    public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
        /// The file the problem is in, when the input came from a file.
        public var file: String?
        /// 1-based line, or 0 when libxml2 did not know it.
        public var line: Int
        /// 1-based column, or 0 when libxml2 did not know it.
        public var column: Int
        /// libxml2's own message, trimmed.
        public var message: String
        /// The XPath of the node the problem is about (`/Envelope/Body/RESULT/SUCCESS`), when libxml2 named one.
        public var path: String?

        public init(file: String? = nil, line: Int, column: Int = 0, message: String, path: String? = nil) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
            self.path = path
        }

        public var description: String {
            var location = file ?? "<input>"
            if line > 0 { location += ":\(line)" }
            if column > 0 { location += ":\(column)" }
            return "\(location): \(message)"
        }
    }

    /// Everything that can go wrong in LibXML. Each case carries what a reader needs to act.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        /// The input is not well-formed XML (or is nested deeper than libxml2 allows).
        case malformed(Diagnostic)
        /// The bytes are not valid text in the declared or detected encoding.
        case invalidEncoding(String)
        /// A schema file could not be read or did not compile.
        case schemaNotCompiled(file: String, diagnostics: [Diagnostic])
        /// An XPath expression did not compile or evaluate.
        case invalidXPath(expression: String, message: String)
        /// The document is larger than libxml2 accepts in one buffer.
        case tooLarge(bytes: Int)

        public var description: String {
            switch self {
            case .malformed(let diagnostic):
                return "malformed XML at \(diagnostic)"
            case .invalidEncoding(let detail):
                return "XML text is not valid UTF-8: \(detail)"
            case .schemaNotCompiled(let file, let diagnostics):
                let details = diagnostics.map { "  \($0)" }.joined(separator: "\n")
                return "schema \(file) did not compile:\n\(details)"
            case .invalidXPath(let expression, let message):
                return "XPath '\(expression)' is invalid: \(message)"
            case .tooLarge(let bytes):
                return "XML input of \(bytes) bytes exceeds the 2 GiB limit of one libxml2 buffer"
            }
        }

        public var errorDescription: String? { description }
    }
}
