public import Foundation
import JSONCore

/// A store in one JSON file (written atomically), for apps: the stored content survives relaunches, so a start
/// without network finds the last data file. A missing file reads as an empty store.
public struct WMFileContentStore: WMContentStore {
    /// The file.
    public let url: URL

    /// A store in the file at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The stored content; empty when the file does not exist.
    public func load() throws -> WMStoredContent {
        guard FileManager.default.fileExists(atPath: url.path) else { return WMStoredContent() }
        let json = try JSONValue(parsing: try Data(contentsOf: url))
        var content = WMStoredContent()
        content.settings = json["settings"].flatMap { $0.isNull ? nil : $0 }
        content.dataFile = json["dataFile"].flatMap { $0.isNull ? nil : $0 }
        content.savedAt = json["savedAt"]?.doubleValue.map(Date.init(timeIntervalSince1970:))
        content.accessToken = json["accessToken"]?.stringValue
        for (id, count) in json["impressions"]?.objectValue ?? JSONObject() {
            if let value = count.numberValue?.integer, let impressions = Int(exactly: value) {
                content.impressions[id] = impressions
            }
        }
        content.neverShow = Set(json["neverShow"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        return content
    }

    /// Writes `content` to the file, atomically.
    public func save(_ content: WMStoredContent) throws {
        let json: JSONValue = [
            "settings": content.settings ?? .null, "dataFile": content.dataFile ?? .null,
            "savedAt": content.savedAt.map { .number(JSONNumber($0.timeIntervalSince1970)) } ?? .null,
            "accessToken": content.accessToken.map(JSONValue.string) ?? .null,
            "impressions": .object(
                JSONObject(
                    content.impressions.sorted { $0.key < $1.key }.map { ($0.key, .number(JSONNumber($0.value))) })),
            "neverShow": .array(content.neverShow.sorted().map(JSONValue.string)),
        ]
        try json.data([.sortedKeys]).write(to: url, options: .atomic)
    }
}
