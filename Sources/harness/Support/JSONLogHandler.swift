import Foundation
import JSONCore
import Logging

/// Writes each log record to standard error as one JSON object on one line:
/// `{"label":…,"level":…,"message":…,"metadata":{…},"time":…}`, keys sorted.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        var record = JSONObject([
            ("time", .string(Date().formatted(.iso8601))),
            ("level", .string(event.level.rawValue)),
            ("label", .string(label)),
            ("message", .string("\(event.message)")),
        ])
        if !merged.isEmpty {
            record["metadata"] = .object(JSONObject(merged.map { ($0.key, Self.json($0.value)) }))
        }
        var line = JSONValue.object(record).serialized([.sortedKeys])
        line.append("\n")
        FileHandle.standardError.write(Data(line.utf8))
    }

    private static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .array(let values): .array(values.map(json))
        case .dictionary(let members): .object(JSONObject(members.map { ($0.key, json($0.value)) }))
        }
    }
}
