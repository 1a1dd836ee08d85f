import ContractKit
import Foundation
import Fuzzing
import HarnessTesting
import JSONCore
import LibXML
import Testing

@Suite("fuzzing: the request generator")
struct RequestGeneratorTests {
    static let vendors = ["engage", "referralhero", "walkme", "adapty", "webengage"]

    static func generator(_ vendor: String) throws -> RequestGenerator {
        let schemas = try RepositoryRoot.schemas()
        let registry = try SchemaRegistry(folder: schemas)
        let contract = try FuzzContract(vendor: vendor, schemas: schemas)
        return RequestGenerator(
            contract: contract, registry: registry, profile: .forVendor(vendor), loginValue: "fz-login-token")
    }

    @Test("valid requests for every operation of every vendor pass the contract check", arguments: vendors)
    func validRequestsValidate(vendor: String) throws {
        let generator = try Self.generator(vendor)
        var random = SeededGenerator(seed: 7)
        for operation in generator.contract.operations {
            for _ in 0..<25 {
                let request = generator.valid(operation, random: &random)
                let violations = generator.requestViolations(request)
                #expect(violations.isEmpty, "\(operation.name): \(violations.map(\.message)) in \(request.target)")
            }
        }
    }

    @Test("every schema mutation makes a request the contract check refuses", arguments: vendors)
    func invalidRequestsAreInvalid(vendor: String) throws {
        let generator = try Self.generator(vendor)
        let schemaMutations: Set<FuzzRequest.Mutation> = [
            .missingRequired, .wrongType, .outOfRange, .unknownMember, .malformedJSON, .malformedXML,
            .wrongNamespace, .wrongContentType, .badUTF8, .wrongCase,
        ]
        var random = SeededGenerator(seed: 11)
        var seen: Set<FuzzRequest.Mutation> = []
        for operation in generator.contract.operations {
            for _ in 0..<40 {
                guard let request = generator.invalid(operation, random: &random),
                    case .invalid(let mutation, let detail, _) = request.intent
                else { continue }
                seen.insert(mutation)
                // An element documented as required, left out: the XSD cannot refuse it, the target must.
                if schemaMutations.contains(mutation), !detail.hasSuffix("(documented as required)") {
                    #expect(
                        !generator.requestViolations(request).isEmpty,
                        "\(operation.name) \(mutation.rawValue) (\(detail)) passes the contract check")
                }
            }
        }
        #expect(seen.count >= 4, "only \(seen.map(\.rawValue).sorted()) were drawn for \(vendor)")
    }

    @Test("the same seed gives the same requests and another seed others")
    func deterministic() throws {
        let generator = try Self.generator("referralhero")
        func draw(_ seed: UInt64) -> [String] {
            var random = SeededGenerator(seed: seed)
            return generator.contract.operations.flatMap { operation in
                (0..<5).map { _ in
                    let request = generator.valid(operation, random: &random)
                    return request.target + String(decoding: request.body, as: UTF8.self)
                        + request.headers.map { "\($0.name)=\($0.value)" }.joined()
                }
            }
        }
        #expect(draw(42) == draw(42))
        #expect(draw(42) != draw(43))
    }

    @Test("every XML operation of the Engage mapping draws documents valid against its XSD")
    func engageDocumentsValidate() throws {
        let generator = try Self.generator("engage")
        let cases = generator.contract.cases.filter { $0.xmlOperation != nil }
        let mapped = generator.contract.operations.flatMap { $0.body?.media ?? [] }.flatMap(\.xmlOperations)
        #expect(Set(cases.compactMap(\.xmlOperation)) == Set(mapped))
        #expect(cases.count >= 8, "XML operations: \(cases.compactMap(\.xmlOperation))")
        var random = SeededGenerator(seed: 3)
        var withDemoList = 0
        var withList = 0
        for drawn in cases {
            for _ in 0..<8 {
                let request = generator.valid(drawn.operation, xmlOperation: drawn.xmlOperation, random: &random)
                let xml = try #require(FormCoding.decode(validating: request.body)?.first { $0.name == "xml" }?.value)
                let document = try XML.Document(string: xml)
                #expect(try document.select("/Envelope/Body/*").map(\.name) == [drawn.xmlOperation ?? ""])
                #expect(generator.requestViolations(request).isEmpty, "\(xml)")
                let lists = try document.select("//LIST_ID").map(\.value)
                if !lists.isEmpty { withList += 1 }
                if lists.contains("23949") { withDemoList += 1 }
            }
        }
        #expect(withDemoList > withList / 2, "the demo list in \(withDemoList) of \(withList) documents with a LIST_ID")
    }
}
