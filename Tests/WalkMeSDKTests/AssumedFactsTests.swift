import Foundation
import HarnessTesting
import Testing
import WalkMeSDK

@Suite("WalkMe facts the page does not state")
struct AssumedFactsTests {
    /// The `x-source` texts of `Schemas/walkme/walkme.openapi.yaml`.
    static func sources() throws -> [String] {
        let text = try String(
            contentsOf: RepositoryRoot.schemas().appendingPathComponent("walkme/walkme.openapi.yaml"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("x-source:") ? String(line) : nil
        }
    }

    @Test(
        "Each of the project's own choices is marked assumed in Schemas/walkme",
        arguments: ["WIFI / 3G", "PRT_USD", "LSR", "abbi://later", "abbi://close", "abbi://submit", "milliseconds"])
    func markedAssumed(fact: String) throws {
        let sources = try Self.sources().filter { $0.contains(fact) }
        #expect(!sources.isEmpty, "no x-source names \(fact)")
        #expect(sources.allSatisfy { $0.contains("assumed") }, "\(sources)")
    }

    @Test("The SDK reports the codes the schema declares: WiFi, Cellular, Offline; PRT_REG, PRT_USD, LSL, LSR")
    func codesMatchTheSchema() throws {
        let sources = try Self.sources().joined(separator: "\n")
        for network in WMNetworkType.allCases { #expect(sources.contains(network.rawValue)) }
        for orientation in WMDeviceOrientation.allCases { #expect(sources.contains(orientation.rawValue)) }
    }
}
