import EngageSDK
import Foundation
import Testing

@Suite("XMLAPIResult")
struct XMLAPIResultTests {
    static let selectRecipient = """
        <Envelope><Body><RESULT>
          <SUCCESS>TRUE</SUCCESS><EMAIL>somebody@domain.com</EMAIL><Email>somebody@domain.com</Email>
          <RecipientId>33439394</RecipientId><EmailType>0</EmailType><LastModified>6/25/04 3:29 PM</LastModified>
          <CreatedFrom>1</CreatedFrom><OptedIn>6/25/04 3:29 PM</OptedIn><OptedOut/>
          <COLUMNS><COLUMN><NAME>Fname</NAME><VALUE>Somebody</VALUE></COLUMN><COLUMN><NAME>Lname</NAME><VALUE>Special</VALUE></COLUMN></COLUMNS>
        </RESULT></Body></Envelope>
        """

    static let fault128 = """
        <Envelope><Body>
          <RESULT><SUCCESS>false</SUCCESS></RESULT>
          <Fault><Request/><FaultCode/>
            <FaultString><![CDATA[Recipient not found or is not a member of the list.]]></FaultString>
            <detail><error><errorid>128</errorid><module/><class>SP.API</class><method/></error></detail>
          </Fault>
        </Body></Envelope>
        """

    func parse(_ text: String) throws -> XMLAPIResult {
        try XMLAPIResult(data: Data(text.utf8))
    }

    @Test("A SelectRecipientData result reads success, recipient id and many columns")
    func manyColumns() throws {
        let result = try parse(Self.selectRecipient)
        #expect(result.isSuccess)
        #expect(result.recipientID == "33439394")
        #expect(result.columns.map(\.name) == ["Fname", "Lname"])
        #expect(result.column("fname") == "Somebody")
        #expect(result.value(forShortPath: "COLUMNS.Lname") == "Special")
        #expect(result.value(forShortPath: "email") == "somebody@domain.com")
        #expect(result.value(forShortPath: "Envelope.Body.RESULT.RecipientId") == "33439394")
        #expect(result.value(forShortPath: "OptedOut") == "")
        #expect(result.value(forShortPath: "NoSuchThing") == nil)
        #expect(result.faultString == nil && result.errorID == nil)
    }

    @Test("A single COLUMN is a list of one")
    func oneColumn() throws {
        let result = try parse(
            "<Envelope><Body><RESULT><SUCCESS>true</SUCCESS><RecipientId>7</RecipientId><COLUMNS><COLUMN>"
                + "<NAME>Mobile User Id</NAME><VALUE>M-1</VALUE></COLUMN></COLUMNS></RESULT></Body></Envelope>")
        #expect(result.columns.count == 1)
        #expect(result.column("Mobile User Id") == "M-1")
        #expect(result.value(forShortPath: "columns.mobile user id") == "M-1")
    }

    @Test("A fault reads its CDATA FaultString, errorid and class")
    func cdataFault() throws {
        let result = try parse(Self.fault128)
        #expect(!result.isSuccess)
        #expect(result.faultString == "Recipient not found or is not a member of the list.")
        #expect(result.errorID == 128)
        #expect(result.errorClass == "SP.API")
        #expect(result.value(forShortPath: "Fault.detail.error.errorid") == "128")
        #expect(!result.isSessionLost)
        #expect(
            result.error(for: .selectRecipientData)
                == .fault(operation: .selectRecipientData, errorID: 128, faultString: result.faultString ?? ""))
    }

    @Test("A plain-text FaultString reads too, and errorid 145 means the session is lost")
    func plainFault() throws {
        let result = try parse(
            "<Envelope><Body><RESULT><SUCCESS>false</SUCCESS></RESULT><Fault><FaultString>Invalid XML Request"
                + "</FaultString><detail><error><errorid>145</errorid><class>SP.Admin</class></error></detail></Fault>"
                + "</Body></Envelope>")
        #expect(result.faultString == "Invalid XML Request")
        #expect(result.isSessionLost)
    }

    @Test(
        "SUCCESS reads TRUE, true and the literal SUCCESS as success, anything else as failure",
        arguments: [
            ("TRUE", true), ("true", true), ("SUCCESS", true), ("Success", true), ("false", false),
            ("FALSE", false), ("", false),
        ])
    func successCasing(value: String, expected: Bool) throws {
        let result = try parse("<Envelope><Body><RESULT><SUCCESS>\(value)</SUCCESS></RESULT></Body></Envelope>")
        #expect(result.isSuccess == expected)
    }

    @Test("InsertUpdateRelationalTable failures are read with their columns")
    func failures() throws {
        let result = try parse(
            #"<Envelope><Body><RESULT><SUCCESS>true</SUCCESS><FAILURES><FAILURE failure_type="permanent" "#
                + #"description="Bad key"><COLUMN name="id">4</COLUMN></FAILURE></FAILURES></RESULT></Body></Envelope>"#
        )
        #expect(result.failures.count == 1)
        #expect(result.failures.first?.failureType == "permanent")
        #expect(result.failures.first?.columns.first?.value == "4")
    }

    @Test("A body that is not XML, or not an Envelope, is a malformed response")
    func malformed() {
        #expect(throws: EngageError.self) { try parse("<Envelope><Body>") }
        #expect(throws: EngageError.self) { try parse("<RESULT/>") }
    }

    /// Every reading of a result, to compare a parsed one read in place with the same envelope as a value tree.
    static func readings(_ result: XMLAPIResult) -> [String] {
        let paths = [
            "SUCCESS", "RecipientId", "Fault.FaultString", "Fault.detail.error.errorid", "COLUMNS.Fname",
            "Envelope.Body.RESULT.EMAIL", "OptedOut", "ns:Thing", "Thing", "NoSuchThing",
        ]
        return [
            "\(result.isSuccess)", "\(result.faultString as Any)", "\(result.errorID as Any)",
            "\(result.errorClass as Any)", "\(result.recipientID as Any)", "\(result.organizationID as Any)",
            "\(result.columns)", "\(result.failures)", "\(result.column("LNAME") as Any)",
            "\(result.column("Mobile User Id") as Any)", "\(result.isSessionLost)",
        ] + paths.map { "\(result.value(forShortPath: $0) as Any)" }
    }

    @Test("A parsed result read in place answers exactly as the same envelope built as a value tree")
    func inPlaceReadsAsTheValueTree() throws {
        let documents = [
            Self.selectRecipient, Self.fault128,
            #"<Envelope><Body><RESULT><SUCCESS>true</SUCCESS><FAILURES><FAILURE failure_type="permanent" "#
                + #"description="Bad key"><COLUMN name="id">4</COLUMN><COLUMN name="x">a<![CDATA[<b>]]>c</COLUMN>"#
                + "</FAILURE></FAILURES></RESULT></Body></Envelope>",
            #"<sp:Envelope xmlns:sp="urn:x"><sp:Body><RESULT><Success> TRUE </Success><ORGANIZATION_ID>o-1"#
                + "</ORGANIZATION_ID><ns:Thing xmlns:ns=\"urn:y\">t<!-- c -->u</ns:Thing><COLUMNS><COLUMN><name>"
                + "Mobile User Id</name><value>M &amp; 1</value></COLUMN></COLUMNS></RESULT></sp:Body></sp:Envelope>",
        ]
        for document in documents {
            let parsed = try parse(document)
            let built = XMLAPIResult(envelope: parsed.envelope)
            #expect(Self.readings(parsed) == Self.readings(built), "\(document)")
            #expect(parsed == built)
            #expect(parsed.hashValue == built.hashValue)
        }
        let namespaced = try parse(documents[3])
        #expect(namespaced.isSuccess)
        #expect(namespaced.organizationID == "o-1")
        #expect(namespaced.column("mobile user id") == "M & 1")
        #expect(namespaced.value(forShortPath: "thing") == "tu")
    }

    @Test("Assigning an envelope replaces what the result reads")
    func assignedEnvelope() throws {
        var result = try parse(Self.selectRecipient)
        #expect(result.recipientID == "33439394")
        result.envelope = try parse(Self.fault128).envelope
        #expect(result.recipientID == nil)
        #expect(result.errorID == 128)
    }
}
