/// Where the device's location comes from for the README's location augmentation (`Latitude`, `Longitude`,
/// `Location Address`, `Location Name` on every event while `LocationServices.enabled` is YES, the default).
///
/// The SDK asks for coordinates, then for the placemark of those coordinates, and bounds each wait by the
/// `LocationServices` timeouts; what it receives it keeps for `locationCacheLifespan`. On iOS the default is
/// ``coreLocation()``; where there is no provider (``platform`` is nil, as on Linux) events are not delayed and
/// carry no location. Tests pass their own closures. Both calls must return (or throw) when their task is cancelled.
public struct EngageLocationProvider: Sendable {
    /// The device's current coordinates; throws when there are none to give (no permission, no hardware). Given
    /// the `LocationServices` settings (`locationPrecisionLevel`, `locationDistanceFilter`).
    public var coordinates: @Sendable (EngageConfig.LocationServices) async throws -> EngageCoordinates
    /// The placemark of `coordinates` (reverse geocoding); throws when there is none.
    public var placemark: @Sendable (EngageCoordinates) async throws -> EngagePlacemark

    /// A provider from two closures.
    public init(
        coordinates: @escaping @Sendable (EngageConfig.LocationServices) async throws -> EngageCoordinates,
        placemark: @escaping @Sendable (EngageCoordinates) async throws -> EngagePlacemark
    ) {
        self.coordinates = coordinates
        self.placemark = placemark
    }

    /// The platform's provider: ``coreLocation()`` on iOS, nil elsewhere (Linux has no location service, and the
    /// `harness` tool on macOS must not ask for the Mac's location while it records flows).
    public static var platform: EngageLocationProvider? {
        #if os(iOS)
        coreLocation()
        #else
        nil
        #endif
    }
}

/// A position, as ``EngageLocationProvider/coordinates`` gives it.
public struct EngageCoordinates: Sendable, Hashable {
    /// The latitude in degrees, sent as `Latitude` with at most 10 fraction digits.
    public var latitude: Double
    /// The longitude in degrees, sent as `Longitude` with at most 10 fraction digits.
    public var longitude: Double

    /// A position at `latitude`, `longitude`.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// What reverse geocoding found at a position, as ``EngageLocationProvider/placemark`` gives it.
public struct EngagePlacemark: Sendable, Hashable {
    /// Sent as `Location Address`; ``formattedAddress(city:state:postalCode:country:countryCode:)`` writes it the way
    /// the iOS SDK did.
    public var address: String?
    /// The place's name, sent as `Location Name`.
    public var name: String?

    /// A placemark with an address and a name, either of which may be missing.
    public init(address: String?, name: String?) {
        self.address = address
        self.name = name
    }

    /// `City, State ZIP, Country (CC)`, the iOS SDK's `Location Address`; missing parts are left out with their
    /// separators. nil when every part is missing.
    public static func formattedAddress(
        city: String?, state: String?, postalCode: String?, country: String?, countryCode: String?
    ) -> String? {
        func present(_ part: String?) -> String? {
            guard let part, !part.isEmpty else { return nil }
            return part
        }
        let region = [present(state), present(postalCode)].compactMap { $0 }.joined(separator: " ")
        let nation = [present(country), present(countryCode).map { "(\($0))" }].compactMap { $0 }
            .joined(separator: " ")
        let parts = [present(city), present(region), present(nation)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
