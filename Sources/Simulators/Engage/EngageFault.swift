import LibXML

/// An XMLAPI business fault (§2.6): answered with HTTP 200, `SUCCESS` false and a `Fault` sibling of `RESULT`.
struct EngageFault: Error, Sendable, Equatable {
    var errorID: Int
    var errorClass: String
    var message: String

    init(_ errorID: Int, _ message: String, class errorClass: String = "SP.API") {
        self.errorID = errorID
        self.errorClass = errorClass
        self.message = message
    }

    static func invalidXML(_ detail: String) -> EngageFault { EngageFault(51, "Invalid XML Request: \(detail)") }
    static func sessionExpired(_ detail: String) -> EngageFault {
        EngageFault(145, "Session has expired or is invalid: \(detail)", class: "SP.Admin")
    }
    static let recipientNotFound = EngageFault(128, "Recipient not found or is not a member of the list.")
    static func columnNotFound(_ name: String) -> EngageFault {
        EngageFault(314, "Column '\(name)' not found in list.")
    }

    /// The fault envelope, `FaultString` as CDATA (a `]]>` in the message is split).
    var envelope: String {
        var xml = "<Envelope><Body><RESULT><SUCCESS>false</SUCCESS></RESULT><Fault><Request/><FaultCode/><FaultString>"
        XML.writeCDATA(message, into: &xml)
        xml += "</FaultString><detail><error><errorid>\(errorID)</errorid><module/><class>"
        xml += XML.escaped(errorClass)
        xml += "</class><method/></error></detail></Fault></Body></Envelope>"
        return xml
    }
}

/// The elements of a `RESULT`, written in order: `<SUCCESS>TRUE</SUCCESS>` first, or `<SUCCESS>false</SUCCESS>` for
/// an answer that reports a failure in its own elements rather than as a ``EngageFault`` (ValidateDCRuleset's
/// `ERRORS`).
struct EngageResult: Sendable {
    private var xml: String

    init(success: Bool = true) {
        xml = success ? "<SUCCESS>TRUE</SUCCESS>" : "<SUCCESS>false</SUCCESS>"
    }

    mutating func add(_ name: String, _ value: String) {
        xml += value.isEmpty ? "<\(name)/>" : "<\(name)>\(XML.escaped(value))</\(name)>"
    }

    mutating func raw(_ fragment: String) { xml += fragment }

    /// `<COLUMNS><COLUMN><NAME>…</NAME><VALUE>…</VALUE></COLUMN>…</COLUMNS>` (columns are wrapped in results).
    mutating func addColumns(_ columns: [(name: String, value: String)]) {
        xml += "<COLUMNS>"
        for column in columns {
            xml += "<COLUMN>"
            add("NAME", column.name)
            add("VALUE", column.value)
            xml += "</COLUMN>"
        }
        xml += "</COLUMNS>"
    }

    var envelope: String { "<Envelope><Body><RESULT>\(xml)</RESULT></Body></Envelope>" }
}

/// Escaping for the XML the simulator writes by hand.
enum XMLText {
    static func text(_ value: String) -> String { XML.escaped(value) }
    static func attribute(_ value: String) -> String { XML.escaped(value, inAttribute: true) }
}
