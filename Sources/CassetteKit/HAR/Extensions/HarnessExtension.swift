public import JSONCore

/// The `_harness` extension object, on the log (the whole cassette) and on each entry (one interaction).
///
/// On the log: the flow, the vendor, the volatile fields and redaction rules of every interaction, the schema
/// document, XPath namespace prefixes and the flow's recorded outcome. On an entry: its order in the flow,
/// volatile fields of its own, its request and response schemas, an outcome, and the redactions applied.
/// Members this version does not know are kept in `extensions`.
public struct HarnessExtension: Sendable, Hashable {
    static let key = "_harness"

    /// The flow, such as `engage/check-identity-merge`.
    public var flow: String?
    /// The vendor, such as `engage`.
    public var vendor: String?
    /// The position of the entry in the flow (0-based): the order requests were sent in.
    public var order: Int?
    /// Fields whose values may change between runs: matching ignores them, drift reports skip them.
    public var volatile: [FieldRule]
    /// Fields redacted besides the built-in secrets (JSON pointers, XPaths, patterns): re-applied by
    /// `harness redact`.
    public var redact: [FieldRule]
    /// Prefixes used by the XPaths of `volatile` and `redact`, `["s": "urn:…"]`.
    public var namespaces: [String: String]
    /// The schemas the cassette (on the log) or the interaction (on an entry) is held to.
    public var schema: SchemaReference?
    /// What the flow (on the log) or the step (on an entry) ended with, as the SDK reported it.
    public var outcome: JSONValue?
    /// The secrets replaced in this entry.
    public var redactions: [AppliedRedaction]
    /// Members this version does not know, written back unchanged.
    public var extensions: JSONObject

    /// An extension object from its fields; everything defaults to empty.
    public init(
        flow: String? = nil,
        vendor: String? = nil,
        order: Int? = nil,
        volatile: [FieldRule] = [],
        redact: [FieldRule] = [],
        namespaces: [String: String] = [:],
        schema: SchemaReference? = nil,
        outcome: JSONValue? = nil,
        redactions: [AppliedRedaction] = [],
        extensions: JSONObject = JSONObject()
    ) {
        self.flow = flow
        self.vendor = vendor
        self.order = order
        self.volatile = volatile
        self.redact = redact
        self.namespaces = namespaces
        self.schema = schema
        self.outcome = outcome
        self.redactions = redactions
        self.extensions = extensions
    }

    /// Whether nothing is set (such an extension is not written).
    public var isEmpty: Bool { self == HarnessExtension() }
}

extension HarnessExtension: HARCodable {
    init(reading reader: inout HARReader) throws(CassetteError) {
        flow = try reader.optionalString("flow")
        vendor = try reader.optionalString("vendor")
        order = try reader.optionalInt("order")
        volatile = try Self.rules("volatile", in: &reader)
        redact = try Self.rules("redact", in: &reader)
        namespaces = [:]
        if let value = reader.raw("namespaces") {
            guard case .object(let object) = value else {
                throw reader.wrongType("namespaces", expected: "an object of prefix to URI", found: value)
            }
            for (prefix, uri) in object {
                guard let uri = uri.stringValue else {
                    throw CassetteError.malformed(
                        file: reader.file,
                        pointer: reader.pointer.appending("namespaces").appending(prefix).description,
                        expected: "a namespace URI string", found: uri.typeName)
                }
                namespaces[prefix] = uri
            }
        }
        schema = try reader.optionalObject("schema") { reader throws(CassetteError) in
            try SchemaReference(reading: &reader)
        }
        outcome = reader.raw("outcome")
        redactions = try reader.array("redactions") { reader throws(CassetteError) in
            try AppliedRedaction(reading: &reader)
        }
        extensions = reader.remaining
    }

    private static func rules(_ key: String, in reader: inout HARReader) throws(CassetteError) -> [FieldRule] {
        guard let value = reader.raw(key) else { return [] }
        guard case .array(let elements) = value else { throw reader.wrongType(key, expected: "an array", found: value) }
        var rules: [FieldRule] = []
        for (index, element) in elements.enumerated() {
            rules.append(
                try FieldRule(json: element, at: reader.pointer.appending(key).appending(index), file: reader.file))
        }
        return rules
    }

    var json: JSONValue {
        var writer = HARWriter(extensions: extensions)
        writer.set("flow", flow)
        writer.set("vendor", vendor)
        writer.set("order", order)
        if !volatile.isEmpty { writer.set("volatile", JSONValue.array(volatile.map(\.json))) }
        if !redact.isEmpty { writer.set("redact", JSONValue.array(redact.map(\.json))) }
        if !namespaces.isEmpty {
            writer.set(
                "namespaces",
                JSONValue.object(JSONObject(namespaces.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        writer.set("schema", schema)
        writer.set("outcome", outcome)
        if !redactions.isEmpty { writer.set("redactions", redactions) }
        return writer.json
    }
}
