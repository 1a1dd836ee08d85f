import CassetteKit
import Foundation
import Logging

/// Writes proxied exchanges into cassettes through CassetteKit's store (redacted, atomic, concurrency-safe).
actor ExchangeRecorder {
    struct Reservation: Sendable {
        let cassette: CassetteName
        let position: Int
    }

    let logger: Logger
    private var next = 0

    init(logger: Logger) {
        self.logger = logger
    }

    func reserve(_ cassette: CassetteName) -> Reservation {
        defer { next += 1 }
        return Reservation(cassette: cassette, position: next)
    }

    func cancel(_ reservation: Reservation) {}

    func record(
        _ request: CassetteRequest, _ response: CassetteResponse, into reservation: Reservation,
        library: CassetteLibrary
    ) {
        // PENDING: CassetteKit's CassetteStore recording API (not yet on the cassettekit branch).
    }

    func flush() async {}
}
