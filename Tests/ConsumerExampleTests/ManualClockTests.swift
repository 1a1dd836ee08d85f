import Foundation
import HarnessTesting
import JSONCore
import Testing

@Suite("ManualClock", .timeLimit(.minutes(5)))
struct ManualClockTests {
    @Test("A sleep resumes only once the clock is advanced to its deadline, and the date moves with it")
    func sleepWaitsForAdvance() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_000))
        let woke = Flag()
        let sleeper = Task {
            try await clock.sleep(for: .seconds(10))
            woke.set(true)
        }
        await clock.advanceToNextSleep()
        try await sleeper.value
        #expect(woke.value)
        #expect(clock.sleeps == [.seconds(10)])
        #expect(clock.date == Date(timeIntervalSince1970: 1_010))

        let second = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.advanceToNextSleep()
        clock.advance(by: .seconds(4))
        #expect(clock.date == Date(timeIntervalSince1970: 1_019), "advanceToNextSleep went to the deadline only")
        try await second.value
    }

    @Test("advance(by:) short of a deadline leaves the sleeper asleep; past it wakes it")
    func partialAdvance() async throws {
        let clock = ManualClock()
        let woke = Flag()
        let sleeper = Task {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(60)), tolerance: nil)
            woke.set(true)
        }
        await clock.advanceToNextSleep()
        try await sleeper.value
        let deadline = clock.now.advanced(by: .seconds(60))
        let late = Task {
            try await clock.sleep(until: deadline, tolerance: nil)
            woke.set(false)
        }
        clock.advance(by: .seconds(59))
        #expect(woke.value, "not yet")
        clock.advance(by: .seconds(2))
        try await late.value
        #expect(!woke.value)
    }

    @Test("A cancelled sleep throws CancellationError without the clock moving")
    func cancellation() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(3600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.now == ManualClock.Instant(offset: .zero))
    }

    @Test("With advancesOnSleep a sleep returns at once and moves the clock to its deadline")
    func advancesOnSleep() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 0), advancesOnSleep: true)
        try await clock.sleep(for: .seconds(1))
        try await clock.sleep(for: .milliseconds(1500))
        #expect(clock.sleeps == [.seconds(1), .milliseconds(1500)])
        #expect(clock.date == Date(timeIntervalSince1970: 2.5))
    }
}

/// A Boolean the sleeping tasks set and the test reads.
private final class Flag: Sendable {
    private let state = Locked(false)

    var value: Bool { state.withLock { $0 } }

    func set(_ value: Bool) { state.withLock { $0 = value } }
}
