import Foundation
import JSONCore

/// The bundled fallback file: `{"data":{"<placementId>":{"data":[…],"meta":{…}}},"meta":{"version":9,…}}`.
/// Only format version 9 is accepted.
struct AdaptyFallbackFile: Sendable {
    static let formatVersion = 9

    let placements: [String: JSONValue]

    init(_ data: Data) throws(AdaptyError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: data) } catch {
            throw .unsupportedData(detail: "the fallback file is not JSON: \(error.description)")
        }
        guard let version = value["meta"]?["version"]?.numberValue?.integer else {
            throw .unsupportedData(detail: "the fallback file has no `meta.version`")
        }
        guard version == Int64(Self.formatVersion) else {
            throw .unsupportedData(
                detail: "the fallback file has format version \(version); this SDK reads version \(Self.formatVersion)"
                    + " only: download it again from the Adapty dashboard")
        }
        var placements: [String: JSONValue] = [:]
        for (key, placement) in value["data"]?.objectValue ?? JSONObject() { placements[key] = placement }
        self.placements = placements
    }
}
