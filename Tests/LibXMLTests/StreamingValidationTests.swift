import Foundation
import JSONCore
import Testing

@testable import LibXML

/// `Schema.validate(data:)` first validates while parsing, with no tree; it must agree with validating the parsed
/// tree on every document, or it would pass a document the tree validation refuses.
@Suite("XML.Schema validation while parsing")
struct StreamingValidationTests {
    static let envelope: String = {
        var columns = ""
        for index in 0..<6 {
            columns += "<COLUMN><NAME>c\(index)</NAME><VALUE>v \(index) &amp; more</VALUE></COLUMN>"
        }
        return "<Envelope><Body><RESULT><SUCCESS>TRUE</SUCCESS><EMAIL>a@b.c</EMAIL><RecipientId>33439394</RecipientId>"
            + "<EmailType>0</EmailType><OptedOut/><COLUMNS>\(columns)</COLUMNS></RESULT></Body></Envelope>"
    }()

    static let order = "<Order currency='EUR'><ID>1</ID><QUANTITY>2</QUANTITY><STATUS>open</STATUS></Order>"

    /// One random edit: text or a name changed, an element dropped, doubled or added, an attribute or white space
    /// added, or the document cut short.
    static func mutate(_ text: String, _ random: inout SeededGenerator) -> String {
        var bytes = Array(text.utf8)
        let tags = bytes.indices.filter { bytes[$0] == UInt8(ascii: "<") }
        guard let at = tags.randomElement(using: &random) else { return text }
        let end = bytes[at...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.endIndex - 1
        switch Int.random(in: 0..<9, using: &random) {
        case 0: bytes.insert(contentsOf: Array("x".utf8), at: end + 1)
        case 1: bytes.insert(contentsOf: Array("Q".utf8), at: at + 1)
        case 2:
            let next = tags.first { $0 > end } ?? bytes.endIndex
            bytes.removeSubrange(at..<next)
        case 3:
            let next = tags.first { $0 > end } ?? bytes.endIndex
            bytes.insert(contentsOf: bytes[at..<next], at: at)
        case 4: bytes.insert(contentsOf: Array("<Extra/>".utf8), at: at)
        case 5 where at + 1 < bytes.count && bytes[at + 1] != UInt8(ascii: "/"):
            bytes.insert(contentsOf: Array(" extra='1'".utf8), at: end)
        case 6, 7: bytes.insert(contentsOf: Array(" \n ".utf8), at: at)
        default:
            guard bytes.count > 1 else { return text }
            bytes.removeSubrange(Int.random(in: 1..<bytes.count, using: &random)...)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("Validity while parsing equals validity of the parsed tree, over 1,000 mutated documents per schema")
    func agreesWithTreeValidation() throws {
        let cases = [
            (try XML.Schema(contentsOf: try Fixtures.engageResultSchema), Self.envelope),
            (try XML.Schema(contentsOf: Fixtures.url("include/order.xsd")), Self.order),
        ]
        var random = SeededGenerator(seed: 19)
        for (schema, valid) in cases {
            #expect(schema.isValidWhileParsing(Data(valid.utf8)) == true)
            var outcomes: [Bool: Int] = [:]
            for _ in 0..<1000 {
                var text = valid
                for _ in 0..<Int.random(in: 1...2, using: &random) { text = Self.mutate(text, &random) }
                let data = Data(text.utf8)
                let tree = (try? XML.Document(data: data)).map { schema.validate($0).isEmpty } ?? false
                let whileParsing = schema.isValidWhileParsing(data)
                #expect(whileParsing != nil || data.isEmpty, "undecided only for no bytes at all")
                #expect((whileParsing ?? false) == tree, "\(text)")
                // The public call: no diagnostics exactly when valid; a malformed document throws.
                #expect(((try? schema.validate(data: data))?.isEmpty ?? false) == tree, "\(text)")
                outcomes[tree, default: 0] += 1
            }
            // Both outcomes occur often enough for the comparison to mean something.
            #expect(outcomes[true, default: 0] > 100 && outcomes[false, default: 0] > 300, "\(outcomes)")
        }
    }

    @Test("An invalid or malformed document still gets the tree's diagnostics, with lines and paths")
    func diagnosticsStay() throws {
        let schema = try XML.Schema(contentsOf: try Fixtures.engageResultSchema)
        let wrong = "<Envelope><Body><RESULT><SUCCESS>maybe</SUCCESS></RESULT></Body></Envelope>"
        #expect(schema.isValidWhileParsing(Data(wrong.utf8)) == false)
        let problems = try schema.validate(data: Data(wrong.utf8), sourceName: "r.xml")
        #expect(problems.count == 1)
        #expect(problems.first?.file == "r.xml")
        #expect(problems.first?.path?.contains("SUCCESS") == true, "\(problems)")
        #expect(throws: XML.Error.self) { try schema.validate(data: Data("<Envelope><Body>".utf8)) }
        #expect(schema.isValidWhileParsing(Data()) == nil)
    }
}
