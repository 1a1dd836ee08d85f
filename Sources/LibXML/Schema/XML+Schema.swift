internal import CLibXML2
public import Foundation

extension XML {
    /// A compiled XSD. Immutable after compiling, so one schema validates documents from many tasks at once
    /// (each validation uses its own libxml2 validation context).
    public final class Schema: @unchecked Sendable {
        // Invariant for @unchecked Sendable: `pointer` is written once by xmlSchemaParse, only read by
        // xmlSchemaNewValidCtxt afterwards, and freed once in deinit (after the pooled validation contexts).
        private let pointer: xmlSchemaPtr
        /// Validation contexts kept for the next validation (one validation uses one at a time).
        private let validContexts = ContextPool<xmlSchemaValidCtxtPtr> { xmlSchemaFreeValidCtxt($0) }
        /// Validation contexts kept for validating while parsing (``validate(data:sourceName:)``), apart from the
        /// others: libxml2 leaves a context in streaming mode once it has run so.
        private let streamingContexts = ContextPool<xmlSchemaValidCtxtPtr> { xmlSchemaFreeValidCtxt($0) }
        /// The file the schema was compiled from.
        public let file: URL

        /// Compiles the schema at `url`, resolving `xs:include` and `xs:import` relative to it.
        ///
        /// - Throws: ``XML/Error/schemaNotCompiled(file:diagnostics:)`` naming the file with libxml2's messages,
        ///   when the file is missing, is not XML, or is not a valid schema.
        public init(contentsOf url: URL) throws(XML.Error) {
            XML.initialize()
            let path = url.standardizedFileURL.path
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw .schemaNotCompiled(
                    file: path,
                    diagnostics: [Diagnostic(file: path, line: 0, message: "no such file, or it cannot be read")]
                )
            }
            self.pointer = try Self.compile(xmlSchemaNewParserCtxt(path), name: path)
            self.file = URL(fileURLWithPath: path)
        }

        /// Compiles a schema held in memory, named `name` in diagnostics. It must be whole: an `xs:include` or
        /// `xs:import` would be resolved against the working directory.
        ///
        /// - Throws: ``XML/Error/schemaNotCompiled(file:diagnostics:)`` naming `name` with libxml2's messages, when
        ///   the text is not XML or not a valid schema.
        public init(text: String, name: String) throws(XML.Error) {
            XML.initialize()
            let bytes = Array(text.utf8)
            guard let length = Int32(exactly: bytes.count), length > 0 else {
                throw .schemaNotCompiled(
                    file: name, diagnostics: [Diagnostic(file: name, line: 0, message: "empty or too large")])
            }
            self.pointer = try bytes.withUnsafeBufferPointer { (buffer) throws(XML.Error) -> xmlSchemaPtr in
                let context = buffer.baseAddress.flatMap { base in
                    UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        xmlSchemaNewMemParserCtxt($0, length)
                    }
                }
                return try Self.compile(context, name: name)
            }
            self.file = URL(fileURLWithPath: name)
        }

        /// Parses a schema with `context` (freed here), collecting libxml2's messages under `name`.
        private static func compile(_ context: xmlSchemaParserCtxtPtr?, name: String) throws(XML.Error) -> xmlSchemaPtr
        {
            guard let context else {
                throw .schemaNotCompiled(
                    file: name, diagnostics: [Diagnostic(file: name, line: 0, message: "out of memory")])
            }
            defer { xmlSchemaFreeParserCtxt(context) }
            let errors = ErrorCollector()
            errors.file = name
            let box = Unmanaged.passRetained(errors)
            defer { box.release() }
            xmlSchemaSetParserStructuredErrors(
                context,
                { userData, error in
                    guard let userData, let error else { return }
                    Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue().append(error.pointee)
                },
                box.toOpaque()
            )
            let schema = xmlSchemaParse(context)
            guard let schema, errors.diagnostics.isEmpty else {
                if let schema { xmlSchemaFree(schema) }
                throw .schemaNotCompiled(
                    file: name,
                    diagnostics: errors.diagnostics.isEmpty
                        ? [Diagnostic(file: name, line: 0, message: "libxml2 could not compile the schema")]
                        : errors.diagnostics
                )
            }
            return schema
        }

        deinit {
            validContexts.removeAll()
            streamingContexts.removeAll()
            xmlSchemaFree(pointer)
        }

        /// Validates a parsed document and returns every error libxml2 finds, each with its line and message;
        /// an empty array means the document is valid. The validation context is reused by the next validation
        /// (libxml2 clears it at the end of each run).
        public func validate(_ document: Document) -> [Diagnostic] {
            guard let context = validContexts.take() ?? xmlSchemaNewValidCtxt(pointer) else {
                return [Diagnostic(line: 0, message: "cannot create a validation context (out of memory)")]
            }
            defer {
                xmlSchemaSetValidStructuredErrors(context, nil, nil)
                validContexts.putBack(context)
            }
            let errors = ErrorCollector()
            let box = Unmanaged.passRetained(errors)
            defer { box.release() }
            xmlSchemaSetValidStructuredErrors(
                context,
                { userData, error in
                    guard let userData, let error else { return }
                    Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue().append(error.pointee)
                },
                box.toOpaque()
            )
            let result = xmlSchemaValidateDoc(context, document.pointer)
            if result != 0 && errors.diagnostics.isEmpty {
                return [Diagnostic(line: 0, message: "libxml2 reported the document invalid (code \(result))")]
            }
            return errors.diagnostics
        }

        /// Parses and validates in one step.
        ///
        /// A document is first validated while it is parsed, without building its tree; only when that finds it
        /// malformed or invalid is it parsed into a tree and validated again, for diagnostics that name the
        /// element's path. Both runs are libxml2's same validator, so they agree on validity (a test holds them
        /// to it over mutated documents).
        ///
        /// - Throws: ``XML/Error/malformed(_:)`` when the bytes are not well-formed XML.
        public func validate(data: Data, sourceName: String? = nil) throws(XML.Error) -> [Diagnostic] {
            if isValidWhileParsing(data) == true { return [] }
            return validate(try Document(data: data, sourceName: sourceName))
        }

        /// Whether `data` is well-formed and valid, decided while libxml2 parses it, with no tree built and no
        /// diagnostics kept; nil when this could not be run (empty or huge input, no memory).
        func isValidWhileParsing(_ data: Data) -> Bool? {
            XML.initialize()
            guard let length = Int32(exactly: data.count), length > 0 else { return nil }
            guard let validation = streamingContexts.take() ?? xmlSchemaNewValidCtxt(pointer) else { return nil }
            defer { streamingContexts.putBack(validation) }
            guard let parser = XML.streamingParserContexts.take() ?? xmlNewParserCtxt() else { return nil }
            defer { XML.streamingParserContexts.putBack(parser) }
            xmlSchemaSetValidStructuredErrors(validation, { _, _ in }, nil)

            // With no SAX handler of the parser's own, the plug validates and builds nothing. The plug keeps the
            // address of the parser's handler field to restore it, so pass the field's own address.
            let handler = parser.pointee.sax
            let userData = parser.pointee.userData
            let handlerField = UnsafeMutableRawPointer(parser)
                .advanced(by: MemoryLayout<xmlParserCtxt>.offset(of: \.sax)!)
                .assumingMemoryBound(to: xmlSAXHandlerPtr?.self)
            let userDataField = UnsafeMutableRawPointer(parser)
                .advanced(by: MemoryLayout<xmlParserCtxt>.offset(of: \.userData)!)
                .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
            handlerField.pointee = nil
            defer {
                parser.pointee.sax = handler
                parser.pointee.userData = userData
            }
            guard let plug = xmlSchemaSAXPlug(validation, handlerField, userDataField) else { return nil }
            // Parser errors stay silent here: an invalid document is parsed again for its diagnostics.
            parser.pointee.sax.pointee.serror = { _, _ in }
            let document = data.withUnsafeBytes { raw in
                raw.baseAddress.flatMap { base in
                    xmlCtxtReadMemory(
                        parser, base.assumingMemoryBound(to: CChar.self), length, nil, nil, XML.Parser.options)
                }
            }
            if let document { xmlFreeDoc(document) }
            let valid = parser.pointee.wellFormed != 0 && xmlSchemaIsValid(validation) == 1
            xmlSchemaSAXUnplug(plug)
            return valid
        }
    }
}

extension XML {
    /// The parser contexts of ``XML/Schema/validate(data:sourceName:)``'s run while parsing, kept apart from
    /// ``parserContexts``: their SAX handler is swapped for the run.
    static let streamingParserContexts = ContextPool<xmlParserCtxtPtr> { xmlFreeParserCtxt($0) }
}
