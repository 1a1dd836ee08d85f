import Foundation

/// The settings of the crash-safety tests that kill processes: how many kills (`HARNESS_KILL_RUNS`, 1 to 1,000;
/// CI keeps the small default, the 100-kill proof sets it) and the seed of the kill moments (`HARNESS_KILL_SEED`).
package enum KillRuns {
    /// `HARNESS_KILL_RUNS`, clamped to 1...1000, else `value`.
    package static func count(default value: Int) -> Int {
        ProcessInfo.processInfo.environment["HARNESS_KILL_RUNS"].flatMap { Int($0) }.map { min(max($0, 1), 1000) }
            ?? value
    }

    /// `HARNESS_KILL_SEED`, else 1.
    package static var seed: UInt64 {
        ProcessInfo.processInfo.environment["HARNESS_KILL_SEED"].flatMap { UInt64($0) } ?? 1
    }
}
