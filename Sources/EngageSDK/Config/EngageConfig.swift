public import Foundation
public import JSONCore

/// The SDK's configuration (§5 of the Engage notes): groups of keys, read from the bundled defaults
/// (`EngageConfigDefaults.json`) and overridden by a user file key by key within each group.
///
/// Read values through the typed groups (``recipient``, ``general``, …); set them with
/// ``set(_:_:in:)`` or by loading a user file.
public struct EngageConfig: Sendable, Hashable {
    /// Group name → key → value.
    public private(set) var groups: [String: [String: JSONValue]]

    /// The bundled defaults.
    public static func defaults() throws -> EngageConfig {
        guard let url = Bundle.module.url(forResource: "EngageConfigDefaults", withExtension: "json") else {
            throw EngageError.configuration(
                source: "EngageConfigDefaults.json", detail: "the bundled defaults are missing from the module bundle")
        }
        return try EngageConfig(contentsOf: url)
    }

    /// The bundled defaults overridden by the user file at `overrides`, when given.
    public static func load(overrides: URL? = nil) throws -> EngageConfig {
        var config = try defaults()
        if let overrides {
            config.merge(try EngageConfig(contentsOf: overrides))
        }
        return config
    }

    /// A configuration read from a JSON file of `{"Group": {"key": value}}`.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw EngageError.configuration(source: url.path, detail: "cannot read the file: \(error)")
        }
        try self.init(data: data, source: url.lastPathComponent)
    }

    /// A configuration read from JSON text of `{"Group": {"key": value}}`.
    public init(data: Data, source: String = "<data>") throws {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            throw EngageError.configuration(source: source, detail: "not JSON: \(error)")
        }
        guard case .object(let top) = value else {
            throw EngageError.configuration(source: source, detail: "the top level must be an object of groups")
        }
        var groups: [String: [String: JSONValue]] = [:]
        for (name, group) in top {
            guard case .object(let keys) = group else {
                throw EngageError.configuration(source: source, detail: "group \(name) must be an object")
            }
            groups[name] = Dictionary(keys.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        }
        self.groups = groups
    }

    /// A configuration from groups in memory.
    public init(groups: [String: [String: JSONValue]]) {
        self.groups = groups
    }

    /// Overrides this configuration with `other`: each key `other` sets replaces the same key here; keys it
    /// does not mention keep their value (the shipped iOS SDK replaced whole groups instead).
    public mutating func merge(_ other: EngageConfig) {
        for (name, keys) in other.groups {
            groups[name, default: [:]].merge(keys) { _, new in new }
        }
    }

    /// Sets one value.
    public mutating func set(_ value: JSONValue, _ key: String, in group: String) {
        groups[group, default: [:]][key] = value
    }

    /// The raw value of `key` in `group`.
    public func value(_ key: String, in group: String) -> JSONValue? {
        groups[group]?[key]
    }

    func string(_ key: String, in group: String, default fallback: String = "") -> String {
        value(key, in: group)?.lenientString ?? fallback
    }

    func int(_ key: String, in group: String, default fallback: Int) -> Int {
        value(key, in: group)?.lenientInt ?? fallback
    }

    func bool(_ key: String, in group: String, default fallback: Bool) -> Bool {
        value(key, in: group)?.lenientBool ?? fallback
    }

    /// A time span written as the expiration parser reads it (`"15 sec"`, `"5 minutes"`, `"1 day"`).
    func duration(_ key: String, in group: String, default fallback: Duration) -> Duration {
        guard let text = value(key, in: group)?.lenientString else { return fallback }
        let seconds = EngageExpirationParser(text, from: Date(timeIntervalSince1970: 0)).secondsParsed
        return seconds > 0 ? .seconds(seconds) : fallback
    }
}
