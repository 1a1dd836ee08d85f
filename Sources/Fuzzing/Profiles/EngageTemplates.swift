internal import JSONCore

/// XMLAPI request templates, one per operation element the contract's XSD mapping names; each is valid against
/// its XSD once its placeholders are filled (a unit test holds them to it).
enum EngageTemplates {
    static let all: [String: String] = [
        "SelectRecipientData": envelope(
            "<SelectRecipientData><LIST_ID>{id}</LIST_ID><EMAIL>{email}</EMAIL>"
                + "<RETURN_CONTACT_LISTS>{flag}</RETURN_CONTACT_LISTS></SelectRecipientData>"),
        "AddRecipient": envelope(
            "<AddRecipient><LIST_ID>{id}</LIST_ID><CREATED_FROM>1</CREATED_FROM><UPDATE_IF_FOUND>{flag}"
                + "</UPDATE_IF_FOUND><SYNC_FIELDS><SYNC_FIELD><NAME>EMAIL</NAME><VALUE>{email}</VALUE></SYNC_FIELD>"
                + "</SYNC_FIELDS><COLUMN><NAME>EMAIL</NAME><VALUE>{email}</VALUE></COLUMN></AddRecipient>"),
        "UpdateRecipient": envelope(
            "<UpdateRecipient><LIST_ID>{id}</LIST_ID><RECIPIENT_ID>{id}</RECIPIENT_ID>"
                + "<COLUMN><NAME>{word}</NAME><VALUE>{word}</VALUE></COLUMN></UpdateRecipient>"),
        "AddListColumn": envelope(
            "<AddListColumn><LIST_ID>{id}</LIST_ID><COLUMN_NAME>{word}</COLUMN_NAME><COLUMN_TYPE>0</COLUMN_TYPE>"
                + "<DEFAULT>{word}</DEFAULT></AddListColumn>"),
        "InsertUpdateRelationalTable": envelope(
            "<InsertUpdateRelationalTable><TABLE_ID>{id}</TABLE_ID><ROWS><ROW><COLUMN name=\"{word}\">{word}"
                + "</COLUMN></ROW></ROWS></InsertUpdateRelationalTable>"),
        "RemoveRecipient": envelope(
            "<RemoveRecipient><LIST_ID>{id}</LIST_ID><EMAIL>{email}</EMAIL></RemoveRecipient>"),
        "GetListMetaData": envelope("<GetListMetaData><LIST_ID>{id}</LIST_ID></GetListMetaData>"),
        "selectrecipientdata": envelope("<selectrecipientdata><LIST_ID>{id}</LIST_ID></selectrecipientdata>"),
    ]

    private static func envelope(_ operation: String) -> String {
        "<Envelope><Body>\(operation)</Body></Envelope>"
    }

    /// `template` with its placeholders filled from `random`.
    static func fill(_ template: String, random: inout SeededGenerator) -> String {
        var output = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            output += rest[..<open]
            switch rest[rest.index(after: open)..<close] {
            case "id": output += String(random.int(1...99_999))
            case "email": output += ValueGenerator.word(&random) + "@example.com"
            case "flag": output += random.chance(50) ? "true" : "false"
            case "word": output += ValueGenerator.word(&random)
            default: output += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }
}
