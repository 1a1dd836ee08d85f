import EngageSDK
import Foundation
import Synchronization

/// A clock that moves only when told to; its `sleep` records the wait and moves time forward at once.
final class ManualClock: Sendable {
    private struct State {
        var now: Date
        var sleeps: [Duration] = []
    }

    private let state: Mutex<State>

    init(now: Date = Date(timeIntervalSince1970: 1_402_358_400)) {
        state = Mutex(State(now: now))
    }

    var now: Date { state.withLock { $0.now } }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func advance(by seconds: TimeInterval) {
        state.withLock { $0.now = $0.now.addingTimeInterval(seconds) }
    }

    var clock: EngageClock {
        .custom(
            now: { self.now },
            sleep: { duration in
                self.state.withLock { state in
                    state.sleeps.append(duration)
                    let (seconds, attoseconds) = duration.components
                    state.now = state.now.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
                }
            })
    }

    /// The same time source, but a sleep that lasts until it is cancelled (a timeout that never fires first).
    var clockWithEndlessSleep: EngageClock {
        .custom(now: { self.now }, sleep: { _ in try await Task.sleep(for: .seconds(86_400)) })
    }
}

/// Counts identifiers: `id-1`, `id-2`, …
final class CountingIdentifiers: Sendable {
    private let counter = Mutex(0)
    let prefix: String

    init(prefix: String = "id") { self.prefix = prefix }

    var generator: IdentifierGenerator {
        .custom {
            let value = self.counter.withLock { counter in
                counter += 1
                return counter
            }
            return "\(self.prefix)-\(value)"
        }
    }
}
