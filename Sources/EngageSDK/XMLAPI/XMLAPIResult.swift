public import Foundation
public import LibXML

/// An XMLAPI response read per §2.5–2.7 of the Engage notes: `Envelope/Body/RESULT`, and on failure the
/// `Fault` beside `RESULT`. Element names are matched without regard to case; CDATA counts as text.
public struct XMLAPIResult: Sendable, Hashable {
    /// One `RESULT/COLUMNS/COLUMN`.
    public struct Column: Sendable, Hashable {
        /// The column's `NAME` (in a failure, its `name` attribute); empty when absent.
        public var name: String
        /// The column's `VALUE` (in a failure, its text); empty when absent.
        public var value: String
    }

    /// One `RESULT/FAILURES/FAILURE` of InsertUpdateRelationalTable.
    public struct Failure: Sendable, Hashable {
        /// The `failure_type` attribute; empty when absent.
        public var failureType: String
        /// The `description` attribute; empty when absent.
        public var details: String
        /// The columns of the row that failed.
        public var columns: [Column]
    }

    /// The response as parsed, read in place; or as built (``init(envelope:)``) or assigned.
    private enum Tree: Sendable {
        case parsed(XML.ElementView)
        case built(XML.Element)
    }

    private var tree: Tree

    /// The whole response as an element tree (`Envelope`). A parsed response is read in place and only
    /// converted into this tree when it is asked for.
    public var envelope: XML.Element {
        get {
            switch tree {
            case .parsed(let view): view.element
            case .built(let element): element
            }
        }
        set { tree = .built(newValue) }
    }

    /// Parses a response body.
    public init(data: Data) throws {
        let document: XML.Document
        do {
            document = try XML.Document(data: data, sourceName: "XMLAPI response")
        } catch {
            throw EngageError.malformedResponse(operationID: EngageOperationID.xmlAPI, detail: error.description)
        }
        guard let root = document.rootView, root.hasLocalName("envelope") else {
            throw EngageError.malformedResponse(
                operationID: EngageOperationID.xmlAPI, detail: "the root element is not <Envelope>")
        }
        tree = .parsed(root)
    }

    /// Wraps an already parsed `Envelope`.
    public init(envelope: XML.Element) {
        tree = .built(envelope)
    }

    /// Equal when the envelopes are.
    public static func == (left: XMLAPIResult, right: XMLAPIResult) -> Bool {
        left.envelope == right.envelope
    }

    /// Hashes the envelope, matching ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(envelope)
    }

    /// The reader of whichever tree this result holds.
    private var reading: any XMLAPIReading {
        switch tree {
        case .parsed(let view): XMLAPIReader(envelope: view)
        case .built(let element): XMLAPIReader(envelope: element)
        }
    }

    /// `SUCCESS` reads `TRUE`, `true` or the literal `SUCCESS` (OptOutRecipient), in any case.
    public var isSuccess: Bool { reading.isSuccess }

    /// `Fault/FaultString`, plain text or CDATA; nil without a fault.
    public var faultString: String? { reading.faultString }

    /// `Fault/detail/error/errorid`.
    public var errorID: Int? { reading.errorID }

    /// `Fault/detail/error/class`, such as `SP.API`.
    public var errorClass: String? { reading.errorClass }

    /// True for errorid 145, the expired or invalid session.
    public var isSessionLost: Bool { errorID == XMLAPIErrorID.sessionExpired }

    /// `RESULT/RecipientId`, nil when absent or empty.
    public var recipientID: String? { reading.recipientID }

    /// `RESULT/ORGANIZATION_ID`.
    public var organizationID: String? { reading.organizationID }

    /// `RESULT/COLUMNS/COLUMN`, one or many, in document order.
    public var columns: [Column] { reading.columns }

    /// The value of the column `name` (case-insensitive), if present.
    public func column(_ name: String) -> String? { reading.column(name) }

    /// `RESULT/FAILURES/FAILURE` of InsertUpdateRelationalTable.
    public var failures: [Failure] { reading.failures }

    /// Looks a value up by a dotted path, the way the SDKs' `valueForShortPath:` does, without regard to case:
    /// `SUCCESS`, `RecipientId`, `Fault.FaultString`, `Fault.detail.error.errorid`, `COLUMNS.Fname` (a
    /// column by name). A leading `Envelope.Body.RESULT` is optional.
    public func value(forShortPath path: String) -> String? { reading.value(forShortPath: path) }

    /// The fault as an error, or nil when the call succeeded.
    public func error(for operation: XMLAPIOperation) -> EngageError? {
        guard !isSuccess else { return nil }
        return .fault(operation: operation, errorID: errorID, faultString: faultString ?? "")
    }
}

/// What ``XMLAPIResult`` reads, from either tree.
private protocol XMLAPIReading {
    var isSuccess: Bool { get }
    var faultString: String? { get }
    var errorID: Int? { get }
    var errorClass: String? { get }
    var recipientID: String? { get }
    var organizationID: String? { get }
    var columns: [XMLAPIResult.Column] { get }
    func column(_ name: String) -> String?
    var failures: [XMLAPIResult.Failure] { get }
    func value(forShortPath path: String) -> String?
}

/// An element tree an XMLAPI response is read from: the parsed document in place, or a value tree.
protocol XMLAPITree {
    /// True when the name without its prefix equals `lowercased`, ASCII letters compared without case.
    func hasLocalName(_ lowercased: String) -> Bool
    /// The first child element for which `matches` holds.
    func firstElement(where matches: (Self) -> Bool) -> Self?
    /// The child elements, in document order.
    var elements: [Self] { get }
    /// The concatenated text and CDATA of the element and its descendants.
    var text: String { get }
    func attribute(_ name: String) -> String?
}

extension XMLAPITree {
    /// The first child whose local name, lower-cased, is `lowercasedName`.
    func child(_ lowercasedName: String) -> Self? {
        firstElement { $0.hasLocalName(lowercasedName) }
    }

    /// Follows lower-cased child names.
    func path(_ lowercasedNames: [String]) -> Self? {
        var current = self
        for name in lowercasedNames {
            guard let next = current.child(name) else { return nil }
            current = next
        }
        return current
    }
}

/// The XMLAPI response rules (§2.5–2.7) over either tree.
private struct XMLAPIReader<Tree: XMLAPITree>: XMLAPIReading {
    let envelope: Tree

    var body: Tree? { envelope.child("body") }
    var result: Tree? { body?.child("result") }
    var fault: Tree? { body?.child("fault") ?? result?.child("fault") }

    var isSuccess: Bool {
        guard let text = result?.child("success")?.text.trimmingASCIIWhitespace.utf8 else { return false }
        return text.equalsIgnoringASCIICase("true") || text.equalsIgnoringASCIICase("success")
    }

    var faultString: String? {
        fault?.child("faultstring").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    var errorID: Int? {
        fault?.path(["detail", "error", "errorid"]).flatMap { Int($0.text.trimmingCharacters(in: .whitespaces)) }
    }

    var errorClass: String? {
        fault?.path(["detail", "error", "class"])?.text
    }

    var recipientID: String? {
        guard let text = result?.child("recipientid")?.text.trimmingASCIIWhitespace, !text.isEmpty else { return nil }
        return text
    }

    var organizationID: String? {
        result?.child("organization_id")?.text
    }

    var columns: [XMLAPIResult.Column] {
        guard let columns = result?.child("columns") else { return [] }
        return columns.elements.filter { $0.hasLocalName("column") }.map {
            XMLAPIResult.Column(name: $0.child("name")?.text ?? "", value: $0.child("value")?.text ?? "")
        }
    }

    func column(_ name: String) -> String? {
        let wanted = name.lowercased()
        guard let columns = result?.child("columns") else { return nil }
        let column = columns.firstElement {
            $0.hasLocalName("column") && $0.child("name")?.text.utf8.equalsIgnoringASCIICase(wanted) == true
        }
        return column.map { $0.child("value")?.text ?? "" }
    }

    var failures: [XMLAPIResult.Failure] {
        guard let failures = result?.child("failures") else { return [] }
        return failures.elements.map { failure in
            XMLAPIResult.Failure(
                failureType: failure.attribute("failure_type") ?? "",
                details: failure.attribute("description") ?? "",
                columns: failure.elements.map {
                    XMLAPIResult.Column(name: $0.attribute("name") ?? "", value: $0.text)
                }
            )
        }
    }

    func value(forShortPath path: String) -> String? {
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
}

extension XML.Element: XMLAPITree {
    func hasLocalName(_ lowercased: String) -> Bool {
        hasLocalName(lowercased, ignoringASCIICase: true)
    }

    func firstElement(where matches: (XML.Element) -> Bool) -> XML.Element? {
        for case .element(let element) in children where matches(element) { return element }
        return nil
    }
}

extension XML.ElementView: XMLAPITree {
    func hasLocalName(_ lowercased: String) -> Bool {
        hasLocalName(lowercased, ignoringASCIICase: true)
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
