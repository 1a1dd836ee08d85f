import Foundation
import LibXML
import Testing

@Suite("XML.Schema")
struct SchemaTests {
    @Test("A schema with xs:include compiles and validates a good document")
    func include() throws {
        let schema = try XML.Schema(contentsOf: Fixtures.url("include/order.xsd"))
        let good = "<Order currency='EUR'><ID>1</ID><QUANTITY>2</QUANTITY><STATUS>open</STATUS></Order>"
        #expect(try schema.validate(data: Data(good.utf8)).isEmpty)
    }

    @Test("Validation reports every error with its line, not just the first")
    func severalErrors() throws {
        let schema = try XML.Schema(contentsOf: Fixtures.url("include/order.xsd"))
        let bad = """
            <Order>
              <ID>-1</ID>
              <QUANTITY>two</QUANTITY>
              <STATUS>lost</STATUS>
            </Order>
            """
        let problems = try schema.validate(data: Data(bad.utf8), sourceName: "order.xml")
        #expect(problems.count == 4, "\(problems)")
        #expect(problems.map(\.line).sorted() == [1, 2, 3, 4])
        #expect(problems.contains { $0.line == 1 && $0.message.contains("currency") })
        #expect(problems.contains { $0.line == 3 && $0.message.contains("two") })
        #expect(problems.allSatisfy { $0.file == "order.xml" })
    }

    @Test("The Engage result schema accepts a fault with a CDATA FaultString")
    func engageFault() throws {
        let schema = try XML.Schema(contentsOf: try Fixtures.engageResultSchema)
        let fault = """
            <Envelope><Body><RESULT><SUCCESS>false</SUCCESS></RESULT><Fault><Request/><FaultCode/>
            <FaultString><![CDATA[Recipient not found or is not a member of the list.]]></FaultString>
            <detail><error><errorid>128</errorid><module/><class>SP.API</class><method/></error></detail>
            </Fault></Body></Envelope>
            """
        #expect(try schema.validate(data: Data(fault.utf8)).isEmpty)
        let wrong = "<Envelope><Body><RESULT><SUCCESS>maybe</SUCCESS></RESULT></Body></Envelope>"
        #expect(try schema.validate(data: Data(wrong.utf8)).count == 1)
    }

    @Test("A missing schema file is an error naming the file")
    func missingFile() {
        #expect {
            _ = try XML.Schema(contentsOf: URL(fileURLWithPath: "/nonexistent/engage.xsd"))
        } throws: { error in
            guard case XML.Error.schemaNotCompiled(let file, let diagnostics) = error else { return false }
            return file == "/nonexistent/engage.xsd" && !diagnostics.isEmpty
                && "\(error)".contains("/nonexistent/engage.xsd")
        }
    }

    @Test("A schema that does not compile names the file and carries libxml2's message")
    func brokenSchema() {
        #expect {
            _ = try XML.Schema(contentsOf: Fixtures.url("broken.xsd"))
        } throws: { error in
            guard case XML.Error.schemaNotCompiled(let file, let diagnostics) = error else { return false }
            return file.hasSuffix("broken.xsd")
                && diagnostics.contains { $0.message.contains("NoSuchType") && $0.line == 3 }
        }
    }

    @Test("A schema held in memory compiles and validates; empty, malformed or broken text names what it was given")
    func schemaFromText() throws {
        let text = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="ID"><xs:simpleType><xs:restriction base="xs:string">
                <xs:pattern value="[0-9]+"/></xs:restriction></xs:simpleType></xs:element>
            </xs:schema>
            """
        let schema = try XML.Schema(text: text, name: "memory/id.xsd")
        #expect(try schema.validate(data: Data("<ID>42</ID>".utf8)).isEmpty)
        #expect(try schema.validate(data: Data("<ID>4 2</ID>".utf8)).count == 1)
        for hostile in [
            "", "<xs:schema", "not xml at all",
            #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="A" type="NoSuchType"/></xs:schema>"#,
        ] {
            #expect {
                _ = try XML.Schema(text: hostile, name: "memory/hostile.xsd")
            } throws: { error in
                guard case XML.Error.schemaNotCompiled(let file, let diagnostics) = error else { return false }
                return file == "memory/hostile.xsd" && !diagnostics.isEmpty
            }
        }
    }

    @Test("One schema validates from many tasks at once")
    func concurrentValidation() async throws {
        let schema = try XML.Schema(contentsOf: Fixtures.url("include/order.xsd"))
        let good = Data("<Order currency='EUR'><ID>1</ID><QUANTITY>2</QUANTITY><STATUS>open</STATUS></Order>".utf8)
        let bad = Data("<Order currency='EUR'><ID>0</ID><QUANTITY>2</QUANTITY><STATUS>open</STATUS></Order>".utf8)
        let counts = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for task in 0..<16 {
                group.addTask {
                    var errors = 0
                    for _ in 0..<200 { errors += try schema.validate(data: task % 2 == 0 ? good : bad).count }
                    return (task, errors)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (task, errors) in counts {
            #expect(errors == (task % 2 == 0 ? 0 : 200))
        }
    }

    @Test("Schemas compile from many tasks at once (libxml2's lazy type table is built once, up front)")
    func concurrentCompiles() async throws {
        let compiled = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let schema = try XML.Schema(contentsOf: try Fixtures.engageResultSchema)
                    let fault = Data("<Envelope><Body><RESULT><SUCCESS>TRUE</SUCCESS></RESULT></Body></Envelope>".utf8)
                    return try schema.validate(data: fault).isEmpty ? 1 : 0
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(compiled == 8)
    }
}
