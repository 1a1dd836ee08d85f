public import Foundation
public import LibXML

/// An XMLAPI response read per §2.5–2.7 of the Engage notes: `Envelope/Body/RESULT`, and on failure the
/// `Fault` beside `RESULT`. Element names are matched without regard to case; CDATA counts as text.
public struct XMLAPIResult: Sendable, Hashable {
    /// One `RESULT/COLUMNS/COLUMN`.
    public struct Column: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// One `RESULT/FAILURES/FAILURE` of InsertUpdateRelationalTable.
    public struct Failure: Sendable, Hashable {
        public var failureType: String
        public var details: String
        public var columns: [Column]
    }

    /// The whole response as an element tree (`Envelope`).
    public var envelope: XML.Element

    /// Parses a response body.
    public init(data: Data) throws {
        let document: XML.Document
        do {
            document = try XML.Document(data: data, sourceName: "XMLAPI response")
        } catch {
            throw EngageError.malformedResponse(operationID: EngageOperationID.xmlAPI, detail: error.description)
        }
        guard let root = document.root, root.hasLocalName("envelope") else {
            throw EngageError.malformedResponse(
                operationID: EngageOperationID.xmlAPI, detail: "the root element is not <Envelope>")
        }
        self.init(envelope: root)
    }

    /// Wraps an already parsed `Envelope`.
    public init(envelope: XML.Element) {
        self.envelope = envelope
    }

    var body: XML.Element? { envelope.child("body") }
    var result: XML.Element? { body?.child("result") }
    var fault: XML.Element? { body?.child("fault") ?? result?.child("fault") }

    /// `SUCCESS` reads `TRUE`, `true` or the literal `SUCCESS` (OptOutRecipient), in any case.
    public var isSuccess: Bool {
        guard let text = result?.child("success")?.text.trimmingASCIIWhitespace.utf8 else { return false }
        return text.equalsIgnoringASCIICase("true") || text.equalsIgnoringASCIICase("success")
    }

    /// `Fault/FaultString`, plain text or CDATA; nil without a fault.
    public var faultString: String? {
        fault?.child("faultstring").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// `Fault/detail/error/errorid`.
    public var errorID: Int? {
        fault?.path(["detail", "error", "errorid"]).flatMap { Int($0.text.trimmingCharacters(in: .whitespaces)) }
    }

    /// `Fault/detail/error/class`, such as `SP.API`.
    public var errorClass: String? {
        fault?.path(["detail", "error", "class"])?.text
    }

    /// True for errorid 145, the expired or invalid session.
    public var isSessionLost: Bool { errorID == XMLAPIErrorID.sessionExpired }

    /// `RESULT/RecipientId`, nil when absent or empty.
    public var recipientID: String? {
        guard let text = result?.child("recipientid")?.text.trimmingASCIIWhitespace, !text.isEmpty else { return nil }
        return text
    }

    /// `RESULT/ORGANIZATION_ID`.
    public var organizationID: String? {
        result?.child("organization_id")?.text
    }

    /// `RESULT/COLUMNS/COLUMN`, one or many, in document order.
    public var columns: [Column] {
        guard let columns = result?.child("columns") else { return [] }
        return columns.elements.filter { $0.hasLocalName("column") }.map {
            Column(name: $0.child("name")?.text ?? "", value: $0.child("value")?.text ?? "")
        }
    }

    /// The value of the column `name` (case-insensitive), if present.
    public func column(_ name: String) -> String? {
        let wanted = name.lowercased()
        guard let columns = result?.child("columns") else { return nil }
        for case .element(let column) in columns.children where column.hasLocalName("column") {
            if column.child("name")?.text.utf8.equalsIgnoringASCIICase(wanted) == true {
                return column.child("value")?.text ?? ""
            }
        }
        return nil
    }

    /// `RESULT/FAILURES/FAILURE` of InsertUpdateRelationalTable.
    public var failures: [Failure] {
        guard let failures = result?.child("failures") else { return [] }
        return failures.elements.map { failure in
            Failure(
                failureType: failure.attribute("failure_type") ?? "",
                details: failure.attribute("description") ?? "",
                columns: failure.elements.map { Column(name: $0.attribute("name") ?? "", value: $0.text) }
            )
        }
    }

    /// Looks a value up by a dotted path, the way the SDKs' `valueForShortPath:` does, without regard to case:
    /// `SUCCESS`, `RecipientId`, `Fault.FaultString`, `Fault.detail.error.errorid`, `COLUMNS.Fname` (a
    /// column by name). A leading `Envelope.Body.RESULT` is optional.
    public func value(forShortPath path: String) -> String? {
        var segments = path.split(separator: ".").map { $0.lowercased() }
        for skipped in ["envelope", "body", "result"] where segments.first == skipped {
            segments.removeFirst()
        }
        guard let first = segments.first else { return nil }
        if first == "columns", segments.count > 1 {
            let name = path.split(separator: ".", omittingEmptySubsequences: false).drop {
                $0.lowercased() != "columns"
            }
            .dropFirst().joined(separator: ".")
            return column(name)
        }
        for start in [result, body, envelope].compactMap({ $0 }) {
            if let found = start.path(segments) { return found.text }
        }
        return nil
    }

    /// The fault as an error, or nil when the call succeeded.
    public func error(for operation: XMLAPIOperation) -> EngageError? {
        guard !isSuccess else { return nil }
        return .fault(operation: operation, errorID: errorID, faultString: faultString ?? "")
    }
}

extension XML.Element {
    /// The first child whose local name, lower-cased, is `lowercasedName`.
    func child(_ lowercasedName: String) -> XML.Element? {
        for case .element(let element) in children where element.hasLocalName(lowercasedName) {
            return element
        }
        return nil
    }

    /// Follows lower-cased child names.
    func path(_ lowercasedNames: [String]) -> XML.Element? {
        var current = self
        for name in lowercasedNames {
            guard let next = current.child(name) else { return nil }
            current = next
        }
        return current
    }
}

extension XML.Element {
    /// True when the name without its prefix equals `lowercased`, ASCII letters compared without case.
    func hasLocalName(_ lowercased: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            let start = bytes.lastIndex(of: UInt8(ascii: ":")).map { $0 + 1 } ?? 0
            return UnsafeBufferPointer(rebasing: bytes[start...]).equalsIgnoringASCIICase(lowercased)
        }
    }
}

extension Sequence<UInt8> {
    /// True when these UTF-8 bytes equal `lowercased` with ASCII letters compared without case; no allocation
    /// when the bytes are contiguous (as a native string's are).
    func equalsIgnoringASCIICase(_ lowercased: String) -> Bool {
        withContiguousStorageIfAvailable { $0.equalsIgnoringASCIICase(lowercased) }
            ?? Array(self).withUnsafeBufferPointer { $0.equalsIgnoringASCIICase(lowercased) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// ``Swift/Sequence/equalsIgnoringASCIICase(_:)`` on contiguous bytes: lengths first, then byte by byte.
    func equalsIgnoringASCIICase(_ lowercased: String) -> Bool {
        var other = lowercased
        return other.withUTF8 { right in
            guard count == right.count else { return false }
            for index in indices {
                let byte = self[index]
                let folded = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                if folded != right[index] { return false }
            }
            return true
        }
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and line breaks.
    var trimmingASCIIWhitespace: String {
        let utf8 = self.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        if first == utf8.startIndex, utf8.index(after: last) == utf8.endIndex { return self }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
