internal import CLibXML2
public import Foundation

extension XML {
    /// A parsed XML document. Immutable after parsing, so it may cross tasks (see ``XML``).
    public final class Document: @unchecked Sendable {
        // Invariant for @unchecked Sendable: `pointer` is created by the parser, never mutated by this
        // module afterwards, and freed exactly once in deinit.
        let pointer: xmlDocPtr

        init(owning pointer: xmlDocPtr) {
            self.pointer = pointer
        }

        deinit {
            xmlFreeDoc(pointer)
        }

        /// Parses a document from bytes.
        ///
        /// - Parameters:
        ///   - data: the document's bytes (any encoding libxml2 detects; UTF-8 by default).
        ///   - sourceName: a file name or URL used in error messages and to resolve relative references.
        /// - Throws: ``XML/Error/malformed(_:)`` with line, column and libxml2's message.
        ///   Nesting deeper than libxml2's limit (256 levels) is refused the same way, never a stack overflow.
        public convenience init(data: Data, sourceName: String? = nil) throws(XML.Error) {
            XML.initialize()
            guard data.count < Int(Int32.max) else { throw .tooLarge(bytes: data.count) }
            let parsed: Result<xmlDocPtr, XML.Error> = data.withUnsafeBytes { raw in
                XML.Parser.parse(raw, sourceName: sourceName)
            }
            self.init(owning: try parsed.get())
        }

        /// Parses a document from a string.
        public convenience init(string: String, sourceName: String? = nil) throws(XML.Error) {
            try self.init(data: Data(string.utf8), sourceName: sourceName)
        }

        /// Parses the file at `url`.
        public convenience init(contentsOf url: URL) throws(XML.Error) {
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw .malformed(Diagnostic(file: url.path, line: 0, message: "cannot read file: \(error)"))
            }
            try self.init(data: data, sourceName: url.path)
        }

        /// The root element as a Swift value tree (comments and processing instructions dropped).
        public var root: XML.Element? {
            guard let node = xmlDocGetRootElement(pointer) else { return nil }
            return XML.Element(node: node)
        }

        /// The name of the root element (local name, without prefix).
        public var rootName: String? {
            guard let node = xmlDocGetRootElement(pointer) else { return nil }
            return String(cString: node.pointee.name)
        }

        /// The document as libxml2 writes it, without an XML declaration.
        public func serialized(indented: Bool = false) -> String {
            guard let node = xmlDocGetRootElement(pointer) else { return "" }
            guard let buffer = xmlBufferCreate() else { return "" }
            defer { xmlBufferFree(buffer) }
            _ = xmlNodeDump(buffer, pointer, node, 0, indented ? 1 : 0)
            guard let content = xmlBufferContent(buffer) else { return "" }
            return String(cString: content)
        }
    }
}

extension XML {
    /// Parsing options and the call into libxml2's parser.
    enum Parser {
        /// No network, no entity substitution (so no XXE), no error printing, large line numbers kept; names
        /// owned by the document, not by the (pooled) parser's dictionary.
        static let options = Int32(
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NODICT.rawValue
        )

        static func parse(_ raw: UnsafeRawBufferPointer, sourceName: String?) -> Result<xmlDocPtr, XML.Error> {
            guard let context = XML.parserContexts.take() ?? newContext() else {
                return .failure(.malformed(Diagnostic(file: sourceName, line: 0, message: "out of memory")))
            }
            defer {
                context.pointee._private = nil
                XML.parserContexts.putBack(context)
            }
            // Keep the first error (the cause), not libxml2's last one (often "Premature end of data").
            let errors = ErrorCollector()
            errors.file = sourceName
            let box = Unmanaged.passRetained(errors)
            defer { box.release() }
            context.pointee._private = box.toOpaque()
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count > 0 else {
                return .failure(
                    .malformed(Diagnostic(file: sourceName, line: 1, column: 1, message: "the document is empty")))
            }
            guard let length = Int32(exactly: raw.count) else { return .failure(.tooLarge(bytes: raw.count)) }
            // xmlCtxtReadMemory resets the context first, so a pooled one parses as a new one would.
            let document = xmlCtxtReadMemory(context, base, length, sourceName, nil, options)
            if let document, context.pointee.wellFormed != 0 {
                return .success(document)
            }
            if let document { xmlFreeDoc(document) }
            let diagnostic =
                errors.diagnostics.first
                ?? xmlCtxtGetLastError(context).map { Diagnostic($0.pointee, fallbackFile: sourceName) }
                ?? Diagnostic(file: sourceName, line: 0, message: "document is empty or not XML")
            return .failure(.malformed(diagnostic))
        }

        /// A new parser context whose errors go to the collector riding in its `_private` field.
        private static func newContext() -> xmlParserCtxtPtr? {
            guard let context = xmlNewParserCtxt() else { return nil }
            context.pointee.sax.pointee.serror = { userData, error in
                // libxml2 passes the parser context as userData; our collector rides in its _private field.
                guard let userData, let error else { return }
                let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                guard let collector = parser.pointee._private else { return }
                Unmanaged<ErrorCollector>.fromOpaque(collector).takeUnretainedValue().append(error.pointee)
            }
            return context
        }
    }
}

extension XML.Diagnostic {
    init(_ error: xmlError, fallbackFile: String? = nil) {
        let message = error.message.map { String(cString: $0) } ?? "unknown libxml2 error"
        let file = error.file.map { String(cString: $0) } ?? fallbackFile
        var path: String?
        if let node = error.node?.assumingMemoryBound(to: xmlNode.self), node.pointee.type == XML_ELEMENT_NODE,
            let text = xmlGetNodePath(node)
        {
            path = String(cString: text)
            clibxml2_free(text)
        }
        self.init(
            file: file,
            line: Int(error.line),
            column: Int(error.int2),
            message: message.trimmingCharacters(in: .whitespacesAndNewlines),
            path: path
        )
    }
}
