public import LibXML

/// One XMLAPI request: an operation and its elements, written as the envelope of §2.2 of the Engage notes.
///
/// Elements keep the order they were added in (setting a name again replaces its value in place), except
/// that `CONTACT_LISTS` and then `SYNC_FIELDS` always come last. Every name and value is escaped, and
/// `ROWS` values are written as CDATA with `]]>` split, so any text round-trips.
public struct XMLAPI: Sendable, Hashable {
    /// A part of the operation element.
    public enum Part: Sendable, Hashable {
        /// `<NAME>value</NAME>`.
        case element(name: String, value: String)
        /// `<COLUMN><NAME>name</NAME><VALUE>value</VALUE></COLUMN>`.
        case column(name: String, value: String)
        /// `<ROWS><ROW><COLUMN name="n"><![CDATA[v]]></COLUMN>…</ROW>…</ROWS>`.
        case rows([[NameValue]])
        /// An element with child elements, such as `<EXPORT_COLUMNS><COLUMN>Email</COLUMN></EXPORT_COLUMNS>`,
        /// written as built (names and text escaped).
        case tree(XML.Element)
    }

    /// A name and its value, in order.
    public struct NameValue: Sendable, Hashable {
        /// The name (`LIST_ID`, a column name).
        public var name: String
        /// The value, unescaped.
        public var value: String

        /// A name and its value.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The operation, the element inside `<Body>`.
    public var operation: XMLAPIOperation
    /// The parts in order of addition.
    public private(set) var parts: [Part] = []
    /// `SYNC_FIELDS`, written last.
    public private(set) var syncFields: [NameValue] = []
    /// `CONTACT_LISTS`, written just before `SYNC_FIELDS`.
    public private(set) var contactListIDs: [String] = []

    /// An empty request for `operation`.
    public init(_ operation: XMLAPIOperation) {
        self.operation = operation
    }

    /// Sets a scalar element such as `LIST_ID`; setting it again replaces the value in place.
    public mutating func add(element name: String, _ value: String) {
        if let index = parts.firstIndex(where: { if case .element(name, _) = $0 { true } else { false } }) {
            parts[index] = .element(name: name, value: value)
        } else {
            parts.append(.element(name: name, value: value))
        }
    }

    /// Sets a `COLUMN`; setting the same name again replaces the value in place.
    public mutating func add(column name: String, _ value: String) {
        if let index = parts.firstIndex(where: { if case .column(name, _) = $0 { true } else { false } }) {
            parts[index] = .column(name: name, value: value)
        } else {
            parts.append(.column(name: name, value: value))
        }
    }

    /// Adds `COLUMN`s in the order given.
    public mutating func add(columns: [NameValue]) {
        for column in columns { add(column: column.name, column.value) }
    }

    /// Sets a `SYNC_FIELD`; setting the same name again replaces the value.
    public mutating func add(syncField name: String, _ value: String) {
        if let index = syncFields.firstIndex(where: { $0.name == name }) {
            syncFields[index].value = value
        } else {
            syncFields.append(NameValue(name, value))
        }
    }

    /// Adds `ROWS`, one `ROW` per entry; the rows are written where the first `ROWS` was added.
    public mutating func add(rows: [[NameValue]]) {
        if let index = parts.firstIndex(where: { if case .rows = $0 { true } else { false } }),
            case .rows(let existing) = parts[index]
        {
            parts[index] = .rows(existing + rows)
        } else {
            parts.append(.rows(rows))
        }
    }

    /// Adds a `CONTACT_LIST_ID` to `CONTACT_LISTS`.
    public mutating func add(contactListID: String) {
        contactListIDs.append(contactListID)
    }

    /// Appends an element with children (an operation's nested parameters, or one of a repeated element).
    public mutating func add(tree element: XML.Element) {
        parts.append(.tree(element))
    }

    /// The value of the scalar element `name`, if set.
    public func element(_ name: String) -> String? {
        for case .element(name, let value) in parts { return value }
        return nil
    }

    /// The `COLUMN`s in order.
    public var columns: [NameValue] {
        parts.compactMap { if case .column(let name, let value) = $0 { NameValue(name, value) } else { nil } }
    }

    /// The envelope as an element tree.
    public var envelope: XML.Element {
        var body = XML.Element(operation.rawValue)
        body.children.reserveCapacity(parts.count + 2)
        for part in parts {
            switch part {
            case .element(let name, let value):
                body.append(name, text: value)
            case .column(let name, let value):
                body.append(Self.nameValue("COLUMN", name, value))
            case .rows(let rows):
                let rowElements = rows.map { row in
                    XML.Element(
                        "ROW",
                        elements: row.map {
                            XML.Element("COLUMN", cdata: $0.value, attributes: [XML.Attribute("name", $0.name)])
                        }
                    )
                }
                body.append(XML.Element("ROWS", elements: rowElements))
            case .tree(let element):
                body.append(element)
            }
        }
        if !contactListIDs.isEmpty {
            body.append(
                XML.Element("CONTACT_LISTS", elements: contactListIDs.map { XML.Element("CONTACT_LIST_ID", text: $0) }))
        }
        if !syncFields.isEmpty {
            body.append(
                XML.Element("SYNC_FIELDS", elements: syncFields.map { Self.nameValue("SYNC_FIELD", $0.name, $0.value) })
            )
        }
        return XML.Element("Envelope", elements: [XML.Element("Body", elements: [body])])
    }

    /// The envelope as the text sent in the `xml` form field (no XML declaration, as the SDKs send it).
    public var envelopeString: String {
        envelope.serialized()
    }

    private static func nameValue(_ element: String, _ name: String, _ value: String) -> XML.Element {
        XML.Element(element, elements: [XML.Element("NAME", text: name), XML.Element("VALUE", text: value)])
    }
}
