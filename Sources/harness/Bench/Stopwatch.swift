import CoreFoundation
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a body repeatedly for a while and reports its throughput.
struct Stopwatch {
    var seconds: Double

    /// Calls `body` in batches until `seconds` have passed (after one warm-up batch) and returns the number of
    /// calls per second.
    func throughput(batch: Int = 100, _ body: () throws -> Void) rethrows -> Double {
        for _ in 0..<batch { try body() }
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start.advanced(by: .milliseconds(Int(seconds * 1000)))
        var calls = 0
        while clock.now < deadline {
            for _ in 0..<batch { try body() }
            calls += batch
        }
        let elapsed = start.duration(to: clock.now)
        return Double(calls) / elapsed.seconds
    }

    /// Calls `body` in batches for `seconds` of this thread's CPU time and returns calls per CPU-second: the
    /// one-core figure without the time other processes took from this one on a shared machine.
    func cpuThroughput(batch: Int = 100, _ body: () throws -> Void) rethrows -> Double {
        for _ in 0..<batch { try body() }
        let start = Self.threadCPUSeconds()
        var calls = 0
        while Self.threadCPUSeconds() - start < seconds {
            for _ in 0..<batch { try body() }
            calls += batch
        }
        return Double(calls) / (Self.threadCPUSeconds() - start)
    }

    /// The CPU time this thread has used, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body` on `workers` threads at once and returns the summed calls per second.
    ///
    /// `body` and what it captures are let go before this returns: a finished worker `Thread` object can outlive
    /// `group.wait()` by a moment, and a process that exits then still held them (LeakSanitizer reported the
    /// benchmark's envelope).
    func parallelThroughput(workers: Int, batch: Int = 100, _ body: @escaping @Sendable () -> Void) -> Double {
        let results = ResultsBox(count: workers)
        let shared = SharedBody(body)
        let group = DispatchGroup()
        for worker in 0..<workers {
            group.enter()
            let thread = Thread {
                results.set(worker, shared.throughput(Stopwatch(seconds: seconds), batch: batch))
                group.leave()
            }
            thread.start()
        }
        group.wait()
        shared.release()
        return results.sum
    }
}

/// The body the workers of ``Stopwatch/parallelThroughput(workers:batch:_:)`` share, released by the caller.
private final class SharedBody: @unchecked Sendable {
    // Invariant: `body` is read and cleared only under the lock; a worker's copy ends with `throughput`.
    private let lock = NSLock()
    private var body: (@Sendable () -> Void)?

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func throughput(_ stopwatch: Stopwatch, batch: Int) -> Double {
        lock.lock()
        let body = self.body
        lock.unlock()
        guard let body else { return 0 }
        return stopwatch.throughput(batch: batch, body)
    }

    func release() {
        lock.lock()
        body = nil
        lock.unlock()
    }
}

/// Collects one figure per worker thread.
private final class ResultsBox: @unchecked Sendable {
    // Invariant: each worker writes only its own slot, under the lock; `sum` is read after all have finished.
    private let lock = NSLock()
    private var values: [Double]

    init(count: Int) { values = Array(repeating: 0, count: count) }

    func set(_ index: Int, _ value: Double) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    var sum: Double {
        lock.lock()
        defer { lock.unlock() }
        return values.reduce(0, +)
    }
}

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

enum Figures {
    /// `27345.6` → `27,346`.
    static func grouped(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        return formatter.string(from: NSNumber(value: value.rounded())) ?? String(Int(value))
    }

    /// The middle sample (the upper of the two middle ones for an even count); 0 without samples.
    static func median(_ samples: [Double]) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        return sorted[sorted.count / 2]
    }
}

/// Wall-clock and CPU time of one measured stretch, so a figure taken on a busy shared machine can be read
/// both as what a user waits (wall) and as what the work costs (CPU seconds of this process, all threads).
struct Measurement {
    var wallSeconds: Double
    var cpuSeconds: Double

    /// Runs `body` once and measures it.
    static func of(_ body: () async throws -> Void) async rethrows -> Measurement {
        let clock = ContinuousClock()
        let cpuStart = processCPUSeconds()
        let start = clock.now
        try await body()
        return Measurement(
            wallSeconds: start.duration(to: clock.now).seconds, cpuSeconds: processCPUSeconds() - cpuStart)
    }

    /// Operations per second for `count` operations: by the wall clock, and per CPU-second.
    func rate(_ count: Int) -> (wall: Double, cpu: Double) {
        (Double(count) / wallSeconds, Double(count) / max(cpuSeconds, 1e-9))
    }

    /// `count` operations as rates: "<n>/s wall, <m>/s CPU".
    func rates(_ count: Int, unit: String) -> String {
        let (wall, cpu) = rate(count)
        return Self.describe(wall: wall, cpu: cpu, unit: unit)
    }

    /// The median of several measurements of `count` operations, with the range of the wall-clock rates:
    /// "<median>/s wall (<slowest>–<fastest> over <n> runs), <median> per CPU-second".
    static func medianRates(_ runs: [Measurement], _ count: Int, unit: String) -> String {
        let rates = runs.map { $0.rate(count) }
        let wall = rates.map(\.wall)
        guard let slowest = wall.min(), let fastest = wall.max() else { return "no runs" }
        let range =
            runs.count > 1
            ? " (\(Figures.grouped(slowest))–\(Figures.grouped(fastest)) over \(runs.count) runs)" : ""
        return describe(
            wall: Figures.median(wall), cpu: Figures.median(rates.map(\.cpu)), unit: unit, range: range)
    }

    private static func describe(wall: Double, cpu: Double, unit: String, range: String = "") -> String {
        "\(Figures.grouped(wall)) \(unit)/s wall\(range), \(Figures.grouped(cpu)) \(unit) per CPU-second"
    }

    /// User + system CPU time of this process so far.
    static func processCPUSeconds() -> Double {
        Double(clock()) / Double(CLOCKS_PER_SEC)
    }
}
