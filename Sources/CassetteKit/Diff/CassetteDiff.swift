public import JSONCore

/// How two cassettes differ, semantically: entries paired by request (method, path, query, body compared the
/// way replay matches them), then each pair compared field by field (status, headers, JSON bodies by pointer,
/// XML bodies by XPath on the canonical form, form fields as a set, the recorded outcome), volatile fields and
/// secrets ignored. Entries without a partner are added or removed.
///
/// ```swift
/// let diff = try CassetteDiff(old: stored, new: recorded)
/// if !diff.isEmpty { print(diff.text(old: "stored", new: "recorded")) }
/// ```
public struct CassetteDiff: Sendable, Hashable {
    /// Changes of the cassette as a whole (its recorded outcome).
    public var cassette: [FieldChange]
    /// Changed, removed and added entries, in the order of the new cassette (removed ones where they were).
    public var entries: [EntryChange]

    /// A diff made of `cassette` and `entries` changes; empty by default.
    public init(cassette: [FieldChange] = [], entries: [EntryChange] = []) {
        self.cassette = cassette
        self.entries = entries
    }

    /// Whether the cassettes are semantically equal.
    public var isEmpty: Bool { cassette.isEmpty && entries.isEmpty }

    /// Every field change, cassette-wide and per entry (for counting and searching).
    public var fieldChanges: [FieldChange] { cassette + entries.flatMap(\.fields) }
}

/// One field that differs between two cassettes.
public struct FieldChange: Sendable, Hashable, CustomStringConvertible {
    /// Whether the field is only in the new cassette, only in the old one, or in both with other values.
    public enum Kind: String, Sendable, Hashable {
        /// Only in the new cassette, only in the old one, or in both with other values.
        case added, removed, changed
    }

    /// Added, removed or changed.
    public var kind: Kind
    /// Where: `response status`, `response header:Content-Type`, `response body json:/data/status`,
    /// `request body xpath:/Envelope[1]/Body[1]/…`, `response body form:id`, `outcome json:/result`.
    public var field: String
    /// The old value (redacted, as compact text); nil when the field was added.
    public var old: String?
    /// The new value; nil when the field was removed.
    public var new: String?

    /// A change of `field` from `old` to `new` (nil on the side that lacks it).
    public init(kind: Kind, field: String, old: String?, new: String?) {
        self.kind = kind
        self.field = field
        self.old = old
        self.new = new
    }

    /// A request-matching difference read as a change: `missing` on one side makes it an addition or removal.
    init(_ difference: FieldDifference, prefix: String) {
        field = prefix + difference.field
        old = difference.expected == "missing" ? nil : difference.expected
        new = difference.actual == "missing" ? nil : difference.actual
        kind = old == nil ? .added : new == nil ? .removed : .changed
    }

    /// One line: `+ field: new`, `- field: old` or `~ field: old → new`.
    public var description: String {
        switch kind {
        case .added: "+ \(field): \(new ?? "")"
        case .removed: "- \(field): \(old ?? "")"
        case .changed: "~ \(field): \(old ?? "") → \(new ?? "")"
        }
    }

    var json: JSONValue {
        var object = JSONObject([("change", .string(kind.rawValue)), ("field", .string(field))])
        if let old { object["old"] = .string(old) }
        if let new { object["new"] = .string(new) }
        return .object(object)
    }
}

/// An entry of one cassette without its partner in the other, or a pair whose fields differ.
public struct EntryChange: Sendable, Hashable {
    /// Whether the entry is only in the new cassette, only in the old one, or in both.
    public enum Kind: String, Sendable, Hashable {
        /// Only in the new cassette.
        case added
        /// Only in the old cassette.
        case removed
        /// In both, with ``EntryChange/fields`` differing.
        case changed
    }

    /// Added, removed or changed.
    public var kind: Kind
    /// The entry's index in the old cassette (0-based), nil when added.
    public var oldIndex: Int?
    /// The entry's index in the new cassette, nil when removed.
    public var newIndex: Int?
    /// `METHOD URL`, secrets redacted.
    public var request: String
    /// The fields that differ (for a changed entry).
    public var fields: [FieldChange]

    /// A change of the entry whose request is `request`, at `oldIndex` and `newIndex` (nil on the side that lacks it).
    public init(kind: Kind, oldIndex: Int?, newIndex: Int?, request: String, fields: [FieldChange] = []) {
        self.kind = kind
        self.oldIndex = oldIndex
        self.newIndex = newIndex
        self.request = request
        self.fields = fields
    }

    /// `entry 2`, `entry 2 → 3` when the pair moved.
    var label: String {
        switch (oldIndex, newIndex) {
        case (let old?, let new?): old == new ? "entry \(old)" : "entry \(old) → \(new)"
        case (let old?, nil): "entry \(old)"
        case (nil, let new?): "entry \(new)"
        case (nil, nil): "entry"
        }
    }
}

extension CassetteDiff {
    /// The diff for people: a summary line, then per entry its request and the changed fields
    /// (`~` changed, `+` added, `-` removed).
    public func text(old: String, new: String) -> String {
        guard !isEmpty else { return "\(old) and \(new) are semantically equal\n" }
        var lines = ["\(old) → \(new): \(summary)"]
        if !cassette.isEmpty {
            lines.append("cassette")
            lines += cassette.map { "  \($0)" }
        }
        for entry in entries {
            switch entry.kind {
            case .changed:
                lines.append("~ \(entry.label)  \(entry.request)")
                lines += entry.fields.map { "    \($0)" }
            case .removed:
                lines.append("- \(entry.label)  \(entry.request)  (only in \(old))")
            case .added:
                lines.append("+ \(entry.label)  \(entry.request)  (only in \(new))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2 changed fields in 1 entry, 1 outcome change, 1 entry added, 0 removed`.
    public var summary: String {
        func plural(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
        let changed = entries.filter { $0.kind == .changed }
        let added = entries.filter { $0.kind == .added }.count
        let removed = entries.filter { $0.kind == .removed }.count
        var parts: [String] = []
        if !changed.isEmpty {
            parts.append(
                plural(changed.reduce(0) { $0 + $1.fields.count }, "changed field", "changed fields") + " in "
                    + plural(changed.count, "entry", "entries"))
        }
        if !cassette.isEmpty { parts.append(plural(cassette.count, "outcome change", "outcome changes")) }
        parts.append(plural(added, "entry", "entries") + " added, \(removed) removed")
        return parts.joined(separator: ", ")
    }

    /// The diff as JSON: `{"equal", "cassette": [field…], "entries": [{"change", "old", "new", "request",
    /// "fields"}]}`, each field `{"change", "field", "old", "new"}`.
    public var json: JSONValue {
        let entries = entries.map { entry -> JSONValue in
            var object = JSONObject([
                ("change", .string(entry.kind.rawValue)), ("request", .string(entry.request)),
                ("fields", .array(entry.fields.map(\.json))),
            ])
            if let old = entry.oldIndex { object["old"] = .number(JSONNumber(old)) }
            if let new = entry.newIndex { object["new"] = .number(JSONNumber(new)) }
            return .object(object)
        }
        return [
            "equal": .bool(isEmpty), "cassette": .array(cassette.map(\.json)), "entries": .array(entries),
        ]
    }
}
