#if os(iOS)
import CoreLocation

extension EngageLocationProvider {
    /// The iOS provider: coordinates from CoreLocation's live updates (iOS 17 and later) while the app holds location
    /// permission, placemarks from `CLGeocoder`. It asks for no permission itself (the app decides when to), and
    /// without permission, or before iOS 17, it throws at once, so events are not delayed. It uses CoreLocation's
    /// default live-update configuration; an app that needs `locationPrecisionLevel` or `locationDistanceFilter`
    /// applied passes its own provider, which is handed both.
    public static func coreLocation() -> EngageLocationProvider {
        EngageLocationProvider(
            coordinates: { _ in try await CoreLocationReader.coordinates() },
            placemark: { try await CoreLocationReader.placemark(of: $0) })
    }
}

/// Reads CoreLocation for ``EngageLocationProvider/coreLocation()``.
enum CoreLocationReader {
    /// The first position of a live-update sequence (ended, and so thrown, when the task is cancelled).
    static func coordinates() async throws -> EngageCoordinates {
        guard #available(iOS 17.0, *) else {
            throw EngageError.locationUnavailable(reason: "CoreLocation live updates need iOS 17")
        }
        switch CLLocationManager().authorizationStatus {
        case .authorizedAlways, .authorizedWhenInUse:
            break
        default:
            throw EngageError.locationUnavailable(reason: "the app has no location permission")
        }
        for try await update in CLLocationUpdate.liveUpdates() {
            if let location = update.location {
                return EngageCoordinates(
                    latitude: location.coordinate.latitude, longitude: location.coordinate.longitude)
            }
        }
        throw CancellationError()
    }

    /// The first placemark `CLGeocoder` finds at `coordinates`.
    static func placemark(of coordinates: EngageCoordinates) async throws -> EngagePlacemark {
        let location = CLLocation(latitude: coordinates.latitude, longitude: coordinates.longitude)
        let placemarks = try await CLGeocoder().reverseGeocodeLocation(location)
        guard let first = placemarks.first else {
            throw EngageError.locationUnavailable(reason: "no placemark at the position")
        }
        return EngagePlacemark(
            address: EngagePlacemark.formattedAddress(
                city: first.locality, state: first.administrativeArea, postalCode: first.postalCode,
                country: first.country, countryCode: first.isoCountryCode),
            name: first.name)
    }
}
#endif
