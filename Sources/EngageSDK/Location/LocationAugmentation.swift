import Foundation

/// The SDK's own location plugins (the README: "The SDK by default uses this framework for augmenting the UBF events
/// with location coordinates and location name"): asks an ``EngageLocationProvider`` for the device's location
/// within the `LocationServices` timeouts and keeps it for `locationCacheLifespan`.
///
/// A location timeout is armed only when it is shorter than `Augmentation.augmentationTimeout`: the README gives all
/// three the same 15 seconds, and then the augmentation timeout decides (the event is EXPIRED, posted as it was
/// handed to the plugins). With a shorter location timeout the event goes on without that information and can still
/// be NOT_POSTED with everything else.
actor LocationAugmentation {
    /// One of the iOS SDK's location plugin classes, as `Augmentation.augmentationPluginClasses` names them.
    enum Part: String, CaseIterable, Sendable {
        /// `Latitude` and `Longitude`.
        case coordinates = "UBFCoordinatesAugmentationPlugin"
        /// `Location Address`.
        case placemark = "UBFPlacemarkAugmentationPlugin"
        /// `Location Name`.
        case locationName = "UBFLocationNameAugmentationPlugin"

        var className: String { rawValue }
    }

    /// What one event learned of the location.
    struct Fix: Sendable, Hashable {
        var coordinates: EngageCoordinates?
        var placemark: EngagePlacemark?
    }

    private enum Step: Sendable {
        case coordinates(EngageCoordinates?)
        case placemark(EngagePlacemark?)
        case coordinatesTimedOut
        case placemarkTimedOut
    }

    let provider: EngageLocationProvider
    let settings: EngageConfig.LocationServices
    /// `coordinatesAcquisitionTimeout`, when it is armed (shorter than the augmentation timeout).
    let acquisitionTimeout: Duration?
    /// `coordinatesPlacemarkTimeout`, when it is armed.
    let placemarkTimeout: Duration?
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    private var coordinatesCache: (value: EngageCoordinates, at: Date)?
    private var placemarkCache: (value: EngagePlacemark, at: Date)?

    init(
        provider: EngageLocationProvider, settings: EngageConfig.LocationServices, augmentationTimeout: Duration,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date
    ) {
        self.provider = provider
        self.settings = settings
        self.acquisitionTimeout =
            settings.coordinatesAcquisitionTimeout < augmentationTimeout ? settings.coordinatesAcquisitionTimeout : nil
        self.placemarkTimeout =
            settings.coordinatesPlacemarkTimeout < augmentationTimeout ? settings.coordinatesPlacemarkTimeout : nil
        self.clock = clock
        self.now = now
    }

    /// The plugin that adds the `parts` of the location to each event, each only where the caller did not set it
    /// (the README: values the app provides "take precedence over the values that the utility methods pull from the
    /// device"). It runs before the app's plugins, as the iOS SDK's location plugins did.
    nonisolated func plugin(parts: Set<Part>, fieldNames: EngageConfig.UBFFieldNames) -> UBFAugmentationPlugin {
        var plugin = UBFAugmentationPlugin(name: "location") { event in
            let fix = await self.locate()
            var event = event
            if parts.contains(.coordinates), let coordinates = fix.coordinates {
                event.setIfAbsent(fieldNames.latitude, UBFLocationFix.coordinate(coordinates.latitude))
                event.setIfAbsent(fieldNames.longitude, UBFLocationFix.coordinate(coordinates.longitude))
            }
            if parts.contains(.placemark), let address = fix.placemark?.address {
                event.setIfAbsent(fieldNames.locationAddress, address)
            }
            if parts.contains(.locationName), let name = fix.placemark?.name {
                event.setIfAbsent(fieldNames.locationName, name)
            }
            return event
        }
        plugin.runsFirst = true
        return plugin
    }

    /// The location for one event: the cached coordinates and placemark while they are younger than
    /// `locationCacheLifespan`, otherwise what the provider gives before the armed timeouts (both counted from now).
    func locate() async -> Fix {
        let start = now()
        let known = Fix(
            coordinates: coordinatesCache.flatMap { isFresh($0.at, at: start) ? $0.value : nil },
            placemark: placemarkCache.flatMap { isFresh($0.at, at: start) ? $0.value : nil })
        if known.coordinates != nil, known.placemark != nil { return known }
        let fix = await acquire(known)
        let arrived = now()
        if known.coordinates == nil, let coordinates = fix.coordinates { coordinatesCache = (coordinates, arrived) }
        if known.placemark == nil, let placemark = fix.placemark { placemarkCache = (placemark, arrived) }
        return fix
    }

    private func isFresh(_ date: Date, at instant: Date) -> Bool {
        instant.timeIntervalSince(date) < settings.locationCacheLifespan.engageSeconds
    }

    /// Races the provider against the armed timeouts: a placemark is asked for once coordinates are known; the
    /// acquisition timeout gives up on coordinates (and so on the placemark), the placemark timeout on the placemark.
    private func acquire(_ known: Fix) async -> Fix {
        let provider = self.provider
        let settings = self.settings
        let clock = self.clock
        let acquisitionTimeout = self.acquisitionTimeout
        let placemarkTimeout = self.placemarkTimeout
        return await withTaskGroup(of: Step.self, returning: Fix.self) { group in
            var fix = known
            var placemarkExpired = false
            if let coordinates = known.coordinates {
                group.addTask { .placemark(try? await provider.placemark(coordinates)) }
            } else {
                group.addTask { .coordinates(try? await provider.coordinates(settings)) }
                if let acquisitionTimeout {
                    group.addTask {
                        try? await clock.sleep(for: acquisitionTimeout)
                        return .coordinatesTimedOut
                    }
                }
            }
            if let placemarkTimeout {
                group.addTask {
                    try? await clock.sleep(for: placemarkTimeout)
                    return .placemarkTimedOut
                }
            }
            waiting: while let step = await group.next() {
                switch step {
                case .coordinates(let coordinates?):
                    fix.coordinates = coordinates
                    if placemarkExpired { break waiting }
                    group.addTask { .placemark(try? await provider.placemark(coordinates)) }
                case .coordinates(nil):
                    break waiting
                case .coordinatesTimedOut:
                    if fix.coordinates == nil { break waiting }
                case .placemark(let placemark):
                    fix.placemark = placemark
                    break waiting
                case .placemarkTimedOut:
                    placemarkExpired = true
                    if fix.coordinates != nil { break waiting }
                }
            }
            group.cancelAll()
            return fix
        }
    }
}
