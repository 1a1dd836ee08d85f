import EngageSDK
import Foundation
import Testing

/// Input → expected output facts from the public Engage iOS SDK's `EngageSDKTests/ResultDictionaryTest.m`
/// (`Silverpop/mobile-connector-sdk-ios`), carried over as our own tests of ``ResultDictionary`` (``XMLAPIResult``).
@Suite("Engage iOS SDK facts: ResultDictionary")
struct VendorResultDictionaryFactsTests {
    /// `testGetColumnByName`'s SelectRecipientData answer as the iOS test wrote it: indented, with three U+FFFC
    /// characters after `<COLUMNS>` and a tab before the first `<COLUMN>`.
    static let selectRecipientXML =
        "<Envelope>   <Body>       <RESULT>           <SUCCESS>TRUE</SUCCESS>"
        + "           <EMAIL>somebody@domain.com</EMAIL>           <Email>somebody@domain.com</Email>"
        + "           <RecipientId>33439394</RecipientId>           <EmailType>0</EmailType>"
        + "           <LastModified>6/25/04 3:29 PM</LastModified>           <CreatedFrom>1</CreatedFrom>"
        + "           <OptedIn>6/25/04 3:29 PM</OptedIn>           <OptedOut/>"
        + "           <COLUMNS>\u{FFFC}\u{FFFC}\u{FFFC}\t               <COLUMN>                   <NAME>Lname</NAME>"
        + "                   <VALUE>Special</VALUE>\t               </COLUMN>               <COLUMN>"
        + "                   <NAME>Fname</NAME>                   <VALUE>Somebody</VALUE>               </COLUMN>"
        + "           </COLUMNS>       </RESULT>   </Body></Envelope>"

    /// `testFaultString`'s answer (the iOS test is commented out with "TODO: this doesn't work").
    static let faultXML =
        "<Envelope>   <Body>       <RESULT>           <SUCCESS>false</SUCCESS>       </RESULT>       <Fault>"
        + "           <Request/>           <FaultCode/>"
        + "           <FaultString><![CDATA[A List With This Name Already Exists.]]></FaultString>"
        + "           <detail>               <error>                   <errorid>256</errorid>"
        + "                   <module/>                   <class>SP.ListManager</class>"
        + "                   <method/>               </error>           </detail>       </Fault>   </Body></Envelope>"

    @Test("The column Fname of the iOS test's SelectRecipientData answer is Somebody")
    func columnByName() throws {
        let result: ResultDictionary = try XMLAPIResult(data: Data(Self.selectRecipientXML.utf8))
        #expect(result.isSuccess)
        #expect(result.column("Fname") == "Somebody")
        #expect(result.column("Lname") == "Special")
        #expect(result.value(forShortPath: "RecipientId") == "33439394")
    }

    // The iOS SDK disabled this test because its ResultDictionary could not read the CDATA FaultString. The README
    // reads a fault with `faultString` and `valueForShortPath:@"Fault.FaultString"`: we follow the README.
    @Test("The fault the iOS test left disabled reads its CDATA FaultString, as the README's samples read it")
    func faultString() throws {
        let result: ResultDictionary = try XMLAPIResult(data: Data(Self.faultXML.utf8))
        #expect(!result.isSuccess)
        #expect(result.faultString == "A List With This Name Already Exists.")
        #expect(result.value(forShortPath: "Fault.FaultString") == "A List With This Name Already Exists.")
        #expect(result.errorID == 256)
        #expect(result.errorClass == "SP.ListManager")
    }
}
