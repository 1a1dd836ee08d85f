import Foundation
import HarnessTesting

enum Fixtures {
    static func url(_ path: String, filePath: StaticString = #filePath) -> URL {
        URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("Fixtures/\(path)")
    }

    static var engageResultSchema: URL {
        get throws { try RepositoryRoot.schemas().appendingPathComponent("engage/xsd/result.xsd") }
    }
}
