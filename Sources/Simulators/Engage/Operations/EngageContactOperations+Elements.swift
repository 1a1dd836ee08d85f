import LibXML

/// The elements each group A operation takes, as its request XSD names them (Schemas/engage/xsd/<operation>.xsd):
/// an element the operation does not take, at any depth, or a child element inside a value is fault 51 "Invalid
/// XML Request", as a tag in the wrong case is (https://developer.goacoustic.com/acoustic-campaign/reference/faqs).
extension EngageContactOperations {
    indirect enum Shape: Sendable {
        /// A value: text only.
        case text
        /// An element with these children (none for an empty element such as `CREATE_PARENT_FOLDER`).
        case children([String: Shape])

        static func values(_ names: String...) -> [String: Shape] {
            Dictionary(uniqueKeysWithValues: names.map { ($0, Shape.text) })
        }

        static let nameValue = Shape.children(values("NAME", "VALUE"))
    }

    static let shapes: [String: [String: Shape]] = [
        "OptOutRecipient": Shape.values("LIST_ID", "EMAIL", "MAILING_ID", "RECIPIENT_ID", "JOB_ID").merging(
            ["COLUMN": .nameValue]
        ) { $1 },
        "DoubleOptInRecipient": Shape.values("LIST_ID", "SEND_AUTOREPLY", "ALLOW_HTML", "AUTO_HTML").merging([
            "COLUMN": .nameValue,
            "TABLES": .children([
                "TABLE": .children([
                    "TABLE_NAME": .text, "TABLE_COLUMNS": .children(["COLUMN": .nameValue]),
                ])
            ]),
        ]) { $1 },
        "Login": Shape.values("USERNAME", "PASSWORD"),
        "Logout": [:],
        "GetLists": Shape.values("VISIBILITY", "LIST_TYPE", "FOLDER_ID", "INCLUDE_ALL_LISTS", "INCLUDE_TAGS"),
        "CreateContactList": Shape.values(
            "DATABASE_ID", "CONTACT_LIST_NAME", "VISIBILITY", "PARENT_FOLDER_ID", "PARENT_FOLDER_PATH"
        ).merging(["CREATE_PARENT_FOLDER": .children([:])]) { $1 },
        "AddContactToContactList": Shape.values("CONTACT_LIST_ID", "CONTACT_ID").merging(["COLUMN": .nameValue]) {
            $1
        },
        "AddContactToProgram": Shape.values("PROGRAM_ID", "CONTACT_ID"),
        "CreateQuery": Shape.values(
            "QUERY_NAME", "PARENT_LIST_ID", "VISIBILITY", "PARENT_FOLDER_ID", "SELECT_COLUMNS", "ALLOW_FIELD_CHANGE"
        ).merging([
            "CRITERIA": .children([
                "TYPE": .text,
                "EXPRESSION": .children(
                    Shape.values(
                        "AND_OR", "TYPE", "COLUMN_NAME", "OPERATORS", "VALUES", "TABLE_ID", "LEFT_PARENS",
                        "RIGHT_PARENS", "COLUMN", "OPERATOR", "VALUE", "TIMEFRAME", "ID"
                    ).merging([
                        "RT_EXPRESSION": .children(
                            Shape.values(
                                "AND_OR", "TYPE", "COLUMN_NAME", "OPERATORS", "VALUES", "LEFT_PARENS", "RIGHT_PARENS"))
                    ]) { $1 }),
                "LOCKED_EXPRESSION": .children(Shape.values("OPERATOR", "ID", "COLUMN", "VALUE")),
            ]),
            "BEHAVIOR": .children(
                Shape.values(
                    "OPTION_OPERATOR", "TYPE_OPERATOR", "MAILING_ID", "REPORT_ID", "LINK_NAME", "WHERE_OPERATOR",
                    "CRITERIA_OPERATOR", "VALUES")),
        ]) { $1 },
        "SetColumnValue": Shape.values("LIST_ID", "COLUMN_NAME", "ACTION", "COLUMN_VALUE", "EMAIL"),
        "CreateTable": [
            "TABLE_NAME": .text,
            "COLUMNS": .children([
                "COLUMN": .children(
                    Shape.values("NAME", "TYPE", "IS_REQUIRED", "KEY_COLUMN", "DEFAULT_VALUE").merging([
                        "SELECTION_VALUES": .children(["VALUE": .text])
                    ]) { $1 })
            ]),
        ],
        "JoinTable": Shape.values(
            "TABLE_NAME", "TABLE_ID", "TABLE_VISIBILITY", "LIST_NAME", "LIST_ID", "LIST_VISIBILITY", "REMOVE", "EMAIL"
        ).merging(["MAP_FIELD": .children(Shape.values("LIST_FIELD", "TABLE_FIELD"))]) { $1 },
        "DeleteRelationalTableData": [
            "TABLE_ID": .text, "ROWS": .children(["ROW": .children(["KEY_COLUMN": .text])]),
        ],
        "DeleteTable": Shape.values("TABLE_NAME", "TABLE_ID", "TABLE_VISIBILITY", "EMAIL"),
    ]

    /// `handler`, answering fault 51 first when the request holds an element `operation` does not take.
    static func checked(_ operation: String, _ handler: @escaping EngageOperationHandler) -> EngageOperationHandler {
        let shape = shapes[operation] ?? [:]
        return { request, context in
            if let path = unknownElement(in: request.element, shape, path: operation) {
                throw EngageFault.invalidXML("\(operation) has no element \(path)")
            }
            return try handler(request, context)
        }
    }

    /// The path of the first element of `element` that `shape` does not name, or nil.
    static func unknownElement(in element: XML.Element, _ shape: [String: Shape], path: String) -> String? {
        for child in element.elements {
            let childPath = "\(path)/\(child.name)"
            switch shape[child.name] {
            case nil: return childPath
            case .text?:
                if let inner = child.elements.first { return "\(childPath)/\(inner.name)" }
            case .children(let children)?:
                if let unknown = unknownElement(in: child, children, path: childPath) { return unknown }
            }
        }
        return nil
    }
}
