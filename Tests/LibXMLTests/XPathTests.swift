import LibXML
import Testing

@Suite("XML.Document XPath")
struct XPathTests {
    static let result = """
        <Envelope><Body><RESULT><SUCCESS>TRUE</SUCCESS><RecipientId>33439394</RecipientId>
        <COLUMNS><COLUMN><NAME>Fname</NAME><VALUE>Somebody</VALUE></COLUMN>
        <COLUMN><NAME>Lname</NAME><VALUE>Special</VALUE></COLUMN></COLUMNS></RESULT></Body></Envelope>
        """

    @Test("Queries return nodes with value, line and path")
    func nodes() throws {
        let document = try XML.Document(string: Self.result)
        let names = try document.select("//COLUMN/NAME")
        #expect(names.map(\.value) == ["Fname", "Lname"])
        #expect(names.map(\.line) == [2, 3])
        #expect(names[1].path == "/Envelope/Body/RESULT/COLUMNS/COLUMN[2]/NAME")
        #expect(names[0].element?.text == "Fname")
    }

    @Test("String queries return XPath string values")
    func strings() throws {
        let document = try XML.Document(string: Self.result)
        #expect(try document.string("/Envelope/Body/RESULT/RecipientId") == "33439394")
        #expect(try document.string("count(//COLUMN)") == "2")
        #expect(try document.string("//COLUMN[NAME='Lname']/VALUE") == "Special")
        #expect(try document.string("//Missing") == "")
    }

    @Test("Namespaced queries take registered prefixes")
    func namespaces() throws {
        let document = try XML.Document(string: "<s:Envelope xmlns:s='urn:x'><s:Body>1</s:Body></s:Envelope>")
        #expect(try document.string("/e:Envelope/e:Body", namespaces: ["e": "urn:x"]) == "1")
    }

    @Test("An invalid expression is an error naming the expression")
    func invalidExpression() throws {
        let document = try XML.Document(string: Self.result)
        #expect {
            _ = try document.select("//COLUMN[")
        } throws: { error in
            guard case XML.Error.invalidXPath(let expression, _) = error else { return false }
            return expression == "//COLUMN["
        }
    }
}
