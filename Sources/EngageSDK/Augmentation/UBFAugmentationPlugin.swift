import Foundation

/// Adds attributes to an event before it is posted (§3.3, §4.1 of the Engage notes). An event waits on
/// HOLD while its plugins run; when they all finish within `Augmentation.augmentationTimeout` it becomes
/// NOT_POSTED with their attributes, otherwise EXPIRED as it was. Both are posted.
public struct UBFAugmentationPlugin: Sendable {
    /// The plugin's name (for diagnostics).
    public var name: String
    let augment: @Sendable (UBFEvent) async throws -> UBFEvent
    /// A ``UBFAugmentationPluginProtocol`` plugin whose `processSyncronously` is true: run before the others.
    var runsFirst = false

    /// A plugin that returns the event with its attributes added. Plugins run one after another, each given the
    /// previous one's result; one that throws leaves the event EXPIRED, posted as it was.
    public init(name: String, augment: @escaping @Sendable (UBFEvent) async throws -> UBFEvent) {
        self.name = name
        self.augment = augment
    }

    /// A plugin that works synchronously.
    public static func sync(_ name: String, _ body: @escaping @Sendable (inout UBFEvent) throws -> Void) -> Self {
        UBFAugmentationPlugin(name: name) { event in
            var event = event
            try body(&event)
            return event
        }
    }

    /// A plugin that awaits something (a location fix, a network lookup).
    public static func async(_ name: String, _ body: @escaping @Sendable (UBFEvent) async throws -> UBFEvent) -> Self {
        UBFAugmentationPlugin(name: name, augment: body)
    }

    /// A location plugin: `Latitude`, `Longitude` (at most 10 fraction digits), and `Location Address` and
    /// `Location Name` when the fix has them. The caller supplies the fix.
    public static func location(
        fieldNames: EngageConfig.UBFFieldNames, _ fix: @escaping @Sendable () async throws -> UBFLocationFix
    ) -> Self {
        .async("location") { event in
            let location = try await fix()
            var event = event
            event.setIfAbsent(fieldNames.latitude, UBFLocationFix.coordinate(location.latitude))
            event.setIfAbsent(fieldNames.longitude, UBFLocationFix.coordinate(location.longitude))
            if let address = location.address { event.setIfAbsent(fieldNames.locationAddress, address) }
            if let name = location.name { event.setIfAbsent(fieldNames.locationName, name) }
            return event
        }
    }
}

/// A location fix for ``UBFAugmentationPlugin/location(fieldNames:_:)``.
public struct UBFLocationFix: Sendable, Hashable {
    /// The latitude in degrees, sent as `Latitude` with at most 10 fraction digits.
    public var latitude: Double
    /// The longitude in degrees, sent as `Longitude` with at most 10 fraction digits.
    public var longitude: Double
    /// `City, State ZIP, Country (CC)`.
    public var address: String?
    /// The place's name, sent as `Location Name` when present.
    public var name: String?

    /// A fix at `latitude`, `longitude`, with an optional address and place name.
    public init(latitude: Double, longitude: Double, address: String? = nil, name: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.address = address
        self.name = name
    }

    /// A coordinate with at most 10 fraction digits and no trailing zeros.
    static func coordinate(_ value: Double) -> String {
        var text = String(format: "%.10f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// Runs the plugins in order against a deadline.
struct UBFAugmenter: Sendable {
    var plugins: [UBFAugmentationPlugin]
    var timeout: Duration
    var clock: any Clock<Duration>

    /// The augmented event and `notPosted`, or the original event and `expired` when the plugins did not all
    /// finish within the timeout (or one of them failed).
    func augment(_ event: UBFEvent) async -> (UBFEvent, EngageEventStatus) {
        guard !plugins.isEmpty else { return (event, .notPosted) }
        let plugins = self.plugins.filter(\.runsFirst) + self.plugins.filter { !$0.runsFirst }
        let clock = self.clock
        let timeout = self.timeout
        return await withTaskGroup(of: UBFEvent?.self) { group in
            group.addTask {
                var current = event
                for plugin in plugins {
                    guard let next = try? await plugin.augment(current) else { return nil }
                    current = next
                }
                return current
            }
            group.addTask {
                try? await clock.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if let augmented = first { return (augmented, .notPosted) }
            return (event, .expired)
        }
    }
}
