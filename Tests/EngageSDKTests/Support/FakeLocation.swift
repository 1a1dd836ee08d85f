import EngageSDK
import HarnessTesting
import JSONCore

/// A location provider whose answers the test scripts: each call answers at once, never answers (until its task is
/// cancelled, as a device without a fix), or throws (as a device without permission). It records every call.
final class FakeLocation: Sendable {
    enum Answer<Value: Sendable>: Sendable {
        case now(Value)
        case never
        case fails
    }

    /// The iOS augmentation tests' dummy position (`UBFAugmentationPluginTests.m`).
    static let position = EngageCoordinates(latitude: 24.12345, longitude: 10.12345)
    static let place = EngagePlacemark(address: "Raleigh, NC 27601, United States (US)", name: "Fayetteville Street")

    private struct State {
        var coordinates: Answer<EngageCoordinates>
        var placemark: Answer<EngagePlacemark>
        var coordinateCalls: [EngageConfig.LocationServices] = []
        var placemarkCalls: [EngageCoordinates] = []
    }

    private let state: Locked<State>

    init(coordinates: Answer<EngageCoordinates> = .now(position), placemark: Answer<EngagePlacemark> = .now(place)) {
        state = Locked(State(coordinates: coordinates, placemark: placemark))
    }

    /// The settings each coordinates call was handed.
    var coordinateCalls: [EngageConfig.LocationServices] { state.withLock { $0.coordinateCalls } }
    /// The position each placemark call was asked about.
    var placemarkCalls: [EngageCoordinates] { state.withLock { $0.placemarkCalls } }

    var provider: EngageLocationProvider {
        EngageLocationProvider(
            coordinates: { settings in
                let answer = self.state.withLock { state in
                    state.coordinateCalls.append(settings)
                    return state.coordinates
                }
                return try await Self.give(answer)
            },
            placemark: { coordinates in
                let answer = self.state.withLock { state in
                    state.placemarkCalls.append(coordinates)
                    return state.placemark
                }
                return try await Self.give(answer)
            })
    }

    private static func give<Value: Sendable>(_ answer: Answer<Value>) async throws -> Value {
        switch answer {
        case .now(let value): return value
        case .fails: throw EngageError.locationUnavailable(reason: "the test's device has no permission")
        case .never:
            try await UntilCancelled().wait()
            throw CancellationError()
        }
    }
}

/// Suspends until the waiting task is cancelled.
final class UntilCancelled: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var cancelled = false
    }

    private let state = Locked(State())

    func wait() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state in
                    if !state.cancelled { state.continuation = continuation }
                    return state.cancelled
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancelled = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }
}

extension ManualClock {
    /// Waits until `count` sleeps have been asked of this clock (each timer the code arms is one), so that the test
    /// moves time only once every timer it means to fire is set.
    func untilSleeps(_ count: Int) async {
        while sleeps.count < count { await Task.yield() }
    }
}
