import LibXML

/// The README's XMLAPI Resources: `[XMLAPI resourceNamed:params:]`, `addParams:`, `addColumns:` as Swift imports
/// them, over the typed builder.
///
/// ```swift
/// var selectRecipientData = XMLAPI.resourceNamed(XMLAPI_OPERATION_SELECT_RECIPIENT_DATA)
/// selectRecipientData.addParams(["LIST_ID": "45654", "EMAIL": "somebody@somedomain.com"])
/// selectRecipientData.addColumns(["Customer Id": "123-45-6789"])
/// ```
extension XMLAPI {
    /// `[XMLAPI resourceNamed:]`: an empty request for `operation` (an `XMLAPI_OPERATION_*` constant).
    public static func resourceNamed(_ operation: XMLAPIOperation) -> XMLAPI {
        XMLAPI(operation)
    }

    /// `[XMLAPI resourceNamed:params:]`: a request for `operation` with `params` added by ``addParams(_:)``
    /// (`COLUMNS` is a dictionary of `COLUMN`s, as in the README's first example).
    public static func resourceNamed(_ operation: XMLAPIOperation, params: [String: Any]) -> XMLAPI {
        var api = XMLAPI(operation)
        api.addParams(params)
        return api
    }

    /// `addParams:`: each entry becomes an element (`LIST_ID` first, then by name, as a dictionary has no order);
    /// the value of `COLUMNS` is added after them with ``addColumns(_:)``, that of `SYNC_FIELDS` with
    /// ``addSyncFields(_:)``, and `ROWS` (rows of ``NameValue``s, or of dictionaries, whose columns go by name)
    /// with ``add(rows:)``.
    /// Values are written as text (numbers and booleans as their description). A dictionary value becomes child
    /// elements (by name) and an array value repeats its element once per item, so the operations with nested
    /// parameters can be sent: `["EXPORT_COLUMNS": ["COLUMN": ["Email", "Fname"]]]` is
    /// `<EXPORT_COLUMNS><COLUMN>Email</COLUMN><COLUMN>Fname</COLUMN></EXPORT_COLUMNS>`.
    ///
    /// The vendor's SDK writes values unescaped, so an app there passes nested XML as text; this port escapes every
    /// value (assumed: a value is data, never markup) and takes the nesting as dictionaries and arrays instead.
    public mutating func addParams(_ params: [String: Any]) {
        for name in params.keys.sorted(by: Self.paramOrder) {
            guard let value = params[name] else { continue }
            switch name {
            case "COLUMNS": addColumns(Self.dictionary(value))
            case "ROWS": add(rows: Self.rows(value))
            case "SYNC_FIELDS": addSyncFields(Self.dictionary(value))
            default:
                if value is [Any] || value is [AnyHashable: Any] {
                    for element in Self.elements(name, value) { add(tree: element) }
                } else {
                    add(element: name, Self.text(value))
                }
            }
        }
    }

    /// `name` with `value` inside: text, child elements for a dictionary (by name), one element per item for an array.
    private static func elements(_ name: String, _ value: Any) -> [XML.Element] {
        if let items = value as? [Any] {
            return items.flatMap { elements(name, $0) }
        }
        if let children = value as? [AnyHashable: Any] {
            let named = children.map { (String(describing: $0.key.base), $0.value) }.sorted { $0.0 < $1.0 }
            return [XML.Element(name, elements: named.flatMap { elements($0.0, $0.1) })]
        }
        return [XML.Element(name, text: text(value))]
    }

    /// `addColumns:`: one `COLUMN` (`NAME`, `VALUE`) per entry, by name.
    public mutating func addColumns(_ columns: [String: Any]) {
        for name in columns.keys.sorted() { add(column: name, Self.text(columns[name] ?? "")) }
    }

    /// `addSyncFields:`: one `SYNC_FIELD` (`NAME`, `VALUE`) per entry, by name.
    public mutating func addSyncFields(_ fields: [String: Any]) {
        for name in fields.keys.sorted() { add(syncField: name, Self.text(fields[name] ?? "")) }
    }

    /// `LIST_ID`, the other elements by name, then `COLUMNS` and `SYNC_FIELDS` (the README's first example).
    private static func paramOrder(_ left: String, _ right: String) -> Bool {
        func rank(_ name: String) -> Int {
            switch name {
            case "LIST_ID": 0
            case "COLUMNS": 2
            case "SYNC_FIELDS": 3
            default: 1
            }
        }
        return (rank(left), left) < (rank(right), right)
    }

    private static func dictionary(_ value: Any) -> [String: Any] {
        guard let dictionary = value as? [AnyHashable: Any] else { return [:] }
        return Dictionary(dictionary.map { (String(describing: $0.key.base), $0.value) }) { $1 }
    }

    private static func rows(_ value: Any) -> [[NameValue]] {
        if let rows = value as? [[NameValue]] { return rows }
        guard let rows = value as? [[String: Any]] else { return [] }
        return rows.map { row in row.keys.sorted().map { NameValue($0, text(row[$0] ?? "")) } }
    }

    private static func text(_ value: Any) -> String {
        if let text = value as? String { return text }
        return String(describing: value)
    }
}
