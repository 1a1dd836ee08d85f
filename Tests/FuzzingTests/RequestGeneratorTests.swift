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
            .wrongNamespace, .wrongContentType, .badUTF8,
        ]
        var random = SeededGenerator(seed: 11)
        var seen: Set<FuzzRequest.Mutation> = []
        for operation in generator.contract.operations {
            for _ in 0..<40 {
                guard let request = generator.invalid(operation, random: &random),
                    case .invalid(let mutation, let detail, _) = request.intent
                else { continue }
                seen.insert(mutation)
                if schemaMutations.contains(mutation) {
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

    @Test("the Engage XMLAPI templates validate against their XSDs")
    func engageTemplatesValidate() throws {
        let generator = try Self.generator("engage")
        let operation = try #require(generator.contract.operations.first { $0.pathTemplate == "/XMLAPI" })
        var random = SeededGenerator(seed: 3)
        var elements: Set<String> = []
        for _ in 0..<60 {
            let request = generator.valid(operation, random: &random)
            let fields = try #require(FormCoding.decode(validating: request.body))
            let xml = try #require(fields.first { $0.name == "xml" }?.value)
            let element = try #require(xml.split(separator: "<").dropFirst(2).first?.split(separator: ">").first)
            elements.insert(String(element))
            #expect(generator.requestViolations(request).isEmpty, "\(xml)")
        }
        #expect(elements.count >= 6, "templates drawn: \(elements.sorted())")
    }
}
