import ContractKit
import Foundation
import HarnessTesting

/// The hand-broken cassettes and schemas under `Tests/ContractKitTests/Fixtures/`.
enum Fixtures {
    static let folder = URL(fileURLWithPath: "\(#filePath)")
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The registry over the repository's real `Schemas/`, loaded once.
    static let registry: Result<SchemaRegistry, any Error> = Result {
        try SchemaRegistry(folder: RepositoryRoot.schemas())
    }

    /// The interactions of `Fixtures/cassettes/engage/<name>.har`.
    static func cassette(_ name: String) throws -> InteractionCassette {
        let url = folder.appendingPathComponent("cassettes/engage/\(name).har")
        return try InteractionCassette.read(url, displayPath: "engage/\(name).har")
    }

    /// Every violation of the fixture cassette `name`.
    static func violations(_ name: String) throws -> [ContractViolation] {
        let check = ContractCheck(registry: try registry.get())
        let cassette = try cassette(name)
        return cassette.interactions.flatMap { check.check($0, vendor: cassette.vendor) }
    }
}
