public import Foundation
public import JSONCore

/// What the SDK keeps between launches: the last settings and data file (for offline starts), the access token,
/// and the capping counters.
public struct WMStoredContent: Sendable, Hashable {
    /// The last settings document, as received.
    public var settings: JSONValue?
    /// The last data file, as received.
    public var dataFile: JSONValue?
    /// When the data file was received.
    public var savedAt: Date?
    /// The access token the data file was last fetched with.
    public var accessToken: String?
    /// How often each campaign was shown, by campaign id.
    public var impressions: [String: Int]
    /// Campaigns dismissed with `abbi://never`.
    public var neverShow: Set<String>

    /// Stored content; empty by default.
    public init(
        settings: JSONValue? = nil, dataFile: JSONValue? = nil, savedAt: Date? = nil, accessToken: String? = nil,
        impressions: [String: Int] = [:], neverShow: Set<String> = []
    ) {
        self.settings = settings
        self.dataFile = dataFile
        self.savedAt = savedAt
        self.accessToken = accessToken
        self.impressions = impressions
        self.neverShow = neverShow
    }
}

/// Where ``WMStoredContent`` lives. Apps keep it in a file; tests and flows share an ``WMInMemoryContentStore``
/// between two `WalkMe` instances to play a relaunch.
public protocol WMContentStore: Sendable {
    /// The stored content (empty when nothing is stored).
    func load() throws -> WMStoredContent
    /// Stores `content`, replacing what was stored.
    func save(_ content: WMStoredContent) throws
}

/// A store in memory.
public final class WMInMemoryContentStore: WMContentStore {
    private let content: Locked<WMStoredContent>

    /// A store holding `initial`.
    public init(_ initial: WMStoredContent = WMStoredContent()) {
        content = Locked(initial)
    }

    /// The stored content.
    public func load() -> WMStoredContent { content.withLock { $0 } }

    /// Replaces the stored content.
    public func save(_ newValue: WMStoredContent) { content.withLock { $0 = newValue } }
}
