import Foundation
import JSONCore
import LibXML
import Testing

@testable import EngageSDK

@Suite("XMLAPI")
struct XMLAPIEnvelopeTests {
    @Test("SelectRecipientData matches the Android fixture string exactly")
    func androidFixture() {
        let api = XMLAPI.selectRecipientData(
            columns: [XMLAPI.NameValue("Customer Id", "123-45-6789")], listID: "45654")
        var withEmail = XMLAPI(.selectRecipientData)
        withEmail.add(element: "LIST_ID", "45654")
        withEmail.add(element: "EMAIL", "someone@adomain.com")
        withEmail.add(column: "Customer Id", "123-45-6789")
        #expect(
            withEmail.envelopeString
                == "<Envelope><Body><SelectRecipientData><LIST_ID>45654</LIST_ID><EMAIL>someone@adomain.com</EMAIL>"
                + "<COLUMN><NAME>Customer Id</NAME><VALUE>123-45-6789</VALUE></COLUMN></SelectRecipientData></Body>"
                + "</Envelope>")
        #expect(api.columns == [XMLAPI.NameValue("Customer Id", "123-45-6789")])
    }

    @Test("InsertUpdateRelationalTable matches the iOS fixture shape: ROWS with CDATA, then TABLE_ID")
    func iosFixture() {
        var api = XMLAPI(.insertUpdateRelationalTable)
        api.add(rows: [
            [XMLAPI.NameValue("id", "1"), XMLAPI.NameValue("name", "one")],
            [XMLAPI.NameValue("id", "2"), XMLAPI.NameValue("name", "two")],
        ])
        api.add(element: "TABLE_ID", "00000")
        #expect(
            api.envelopeString
                == "<Envelope><Body><InsertUpdateRelationalTable><ROWS>"
                + #"<ROW><COLUMN name="id"><![CDATA[1]]></COLUMN><COLUMN name="name"><![CDATA[one]]></COLUMN></ROW>"#
                + #"<ROW><COLUMN name="id"><![CDATA[2]]></COLUMN><COLUMN name="name"><![CDATA[two]]></COLUMN></ROW>"#
                + "</ROWS><TABLE_ID>00000</TABLE_ID></InsertUpdateRelationalTable></Body></Envelope>")
    }

    @Test("SYNC_FIELDS come last even when added first, after CONTACT_LISTS")
    func syncFieldsLast() {
        var api = XMLAPI(.addRecipient)
        api.add(syncField: "Email", "a@b.c")
        api.add(contactListID: "77")
        api.add(element: "LIST_ID", "1")
        api.add(column: "Email", "a@b.c")
        #expect(
            api.envelopeString
                == "<Envelope><Body><AddRecipient><LIST_ID>1</LIST_ID><COLUMN><NAME>Email</NAME><VALUE>a@b.c</VALUE>"
                + "</COLUMN><CONTACT_LISTS><CONTACT_LIST_ID>77</CONTACT_LIST_ID></CONTACT_LISTS><SYNC_FIELDS>"
                + "<SYNC_FIELD><NAME>Email</NAME><VALUE>a@b.c</VALUE></SYNC_FIELD></SYNC_FIELDS></AddRecipient>"
                + "</Body></Envelope>")
    }

    @Test("Setting an element or column again replaces its value in place")
    func replaceInPlace() {
        var api = XMLAPI(.updateRecipient)
        api.add(element: "LIST_ID", "1")
        api.add(column: "A", "x")
        api.add(element: "RECIPIENT_ID", "9")
        api.add(element: "LIST_ID", "2")
        api.add(column: "A", "y")
        #expect(api.element("LIST_ID") == "2")
        #expect(api.parts.count == 3)
        #expect(api.columns == [XMLAPI.NameValue("A", "y")])
    }

    @Test("Escaping: &, <, ]]> and non-ASCII text round-trip through elements, columns and CDATA rows")
    func escapingRoundTrip() throws {
        let awkward = "Tom & Jerry <b> ]]> naïve 東京 🚀 \"q\""
        var api = XMLAPI.updateRecipient(id: "1", listID: "L&<", columns: [XMLAPI.NameValue(awkward, awkward)])
        api.add(rows: [[XMLAPI.NameValue(awkward, awkward)]])
        api.add(syncField: awkward, awkward)
        let text = api.envelopeString
        #expect(text.contains("L&amp;&lt;"))
        #expect(text.contains("<![CDATA[Tom & Jerry <b> ]]]]><![CDATA[> naïve"))
        let operation = try #require(try XML.Document(string: text).root?.descendant(["Body", "UpdateRecipient"]))
        #expect(operation.first("LIST_ID")?.text == "L&<")
        #expect(operation.first("COLUMN")?.first("NAME")?.text == awkward)
        #expect(operation.first("COLUMN")?.first("VALUE")?.text == awkward)
        let cell = try #require(operation.descendant(["ROWS", "ROW", "COLUMN"]))
        #expect(cell.text == awkward)
        #expect(cell.attribute("name") == awkward)
        #expect(operation.descendant(["SYNC_FIELDS", "SYNC_FIELD", "VALUE"])?.text == awkward)
    }

    @Test("The xml form field encodes and decodes back to the same envelope")
    func formField() {
        let api = XMLAPI.addRecipient(email: "a+b@c.d & é", listID: "1")
        let body = FormEncoding.encode([("xml", api.envelopeString)])
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.hasPrefix("xml=%3CEnvelope%3E%3CBody%3E%3CAddRecipient%3E"))
        #expect(!text.contains(" ") && !text.contains("&a"))
        #expect(FormCoding.decode(validating: body)?.first?.value == api.envelopeString)
    }

    @Test("There are 58 operations, each with a distinct name, and the generic builder takes any of them")
    func operations() {
        #expect(XMLAPIOperation.allCases.count == 58)
        #expect(Set(XMLAPIOperation.allCases.map(\.rawValue)).count == 58)
        var api = XMLAPI(.getJobStatus)
        api.add(element: "JOB_ID", "42")
        #expect(
            api.envelopeString == "<Envelope><Body><GetJobStatus><JOB_ID>42</JOB_ID></GetJobStatus></Body></Envelope>")
    }

    @Test("Typed helpers send the elements of §2.4")
    func typedHelpers() {
        #expect(
            XMLAPI.addListColumn(name: "Last Location Address Time", type: .date, listID: "5").envelopeString
                == "<Envelope><Body><AddListColumn><LIST_ID>5</LIST_ID><COLUMN_NAME>Last Location Address Time"
                + "</COLUMN_NAME><COLUMN_TYPE>3</COLUMN_TYPE><DEFAULT></DEFAULT></AddListColumn></Body></Envelope>")
        let email = XMLAPI.selectRecipientData(email: "x@y.z", listID: "5")
        #expect(email.element("EMAIL") == "x@y.z" && email.columns == [XMLAPI.NameValue("EMAIL", "x@y.z")])
        let add = XMLAPI.addRecipient(mobileUserIDColumn: "Mobile User Id", mobileUserID: "M1", listID: "5")
        #expect(
            add.envelopeString
                == "<Envelope><Body><AddRecipient><LIST_ID>5</LIST_ID><COLUMN><NAME>Mobile User Id</NAME>"
                + "<VALUE>M1</VALUE></COLUMN></AddRecipient></Body></Envelope>")
        let remove = XMLAPI.removeRecipient(listID: "5", recipientID: "9")
        #expect(remove.operation == .removeRecipient && remove.element("RECIPIENT_ID") == "9")
    }
}
