import FlowCatalog
import Foundation
import JSONCore
import MockServer
import Testing

@testable import Verification

/// ``FlowJobs/map(_:jobs:start:finish:)``: `record --jobs` records a flow while its job's previous cassette is
/// compared and written.
@Suite("Flow jobs in two stages")
struct FlowJobStagesTests {
    /// How many of each stage run at once, at most.
    final class Widths: Sendable {
        private let state = Locked((starting: 0, finishing: 0, mostStarting: 0, mostFinishing: 0, begun: Set<Int>()))

        func begin(start item: Int) {
            state.withLock {
                $0.starting += 1
                $0.mostStarting = max($0.mostStarting, $0.starting)
                $0.begun.insert(item)
            }
        }
        func end(start _: Int) { state.withLock { $0.starting -= 1 } }
        func begin(finish _: Int) {
            state.withLock {
                $0.finishing += 1
                $0.mostFinishing = max($0.mostFinishing, $0.finishing)
            }
        }
        func end(finish _: Int) { state.withLock { $0.finishing -= 1 } }
        func hasBegun(_ item: Int) -> Bool { state.withLock { $0.begun.contains(item) } }
        var most: (starting: Int, finishing: Int) { state.withLock { ($0.mostStarting, $0.mostFinishing) } }
    }

    @Test("Results come back in the items' order, with at most `jobs` of each stage at once", arguments: [1, 2, 3])
    func orderAndWidth(jobs: Int) async {
        let widths = Widths()
        let items = Array(0..<40)
        let values = await FlowJobs.map(
            items, jobs: jobs,
            start: { item -> Int in
                widths.begin(start: item)
                try? await Task.sleep(for: .microseconds((item * 7919) % 900))
                widths.end(start: item)
                return item * 10
            },
            finish: { item, started -> String in
                widths.begin(finish: item)
                try? await Task.sleep(for: .microseconds((item * 104_729) % 700))
                widths.end(finish: item)
                return "\(item):\(started)"
            })
        #expect(values == items.map { "\($0):\($0 * 10)" })
        #expect(widths.most.starting <= jobs && widths.most.finishing <= jobs)
        #expect(widths.most.starting >= 1 && widths.most.finishing >= 1)
    }

    @Test("With two jobs an item's second stage runs while its job starts a later item", .timeLimit(.minutes(5)))
    func stagesOverlap() async {
        let widths = Widths()
        let overlapped = Locked<[Int: Bool]>([:])
        let items = Array(0..<6)
        _ = await FlowJobs.map(
            items, jobs: 2,
            start: { item -> Int in
                widths.begin(start: item)
                widths.end(start: item)
                return item
            },
            finish: { item, _ -> Int in
                // Item + 2 starts once this item's first stage ended; waits at most 5 s for it.
                let later = item + 2
                guard items.contains(later) else { return item }
                var seen = widths.hasBegun(later)
                for _ in 0..<500 where !seen {
                    try? await Task.sleep(for: .milliseconds(10))
                    seen = widths.hasBegun(later)
                }
                overlapped.withLock { $0[item] = seen }
                return item
            })
        let seen = overlapped.withLock { $0 }
        #expect(seen.keys.sorted() == [0, 1, 2, 3])
        #expect(seen.values.allSatisfy { $0 }, "\(seen)")
    }

    @Test("record --jobs 2: a cassette that cannot be written fails its flow alone, naming the file")
    func unwritableCassette() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let blocked = try #require(TestVendor.catalog.first)
        // A folder where the cassette file goes: the rename over it fails, for root too.
        try FileManager.default.createDirectory(
            at: blocked.cassetteURL(in: workspace.cassettes).appendingPathComponent("in-the-way"),
            withIntermediateDirectories: true)
        let recorder = FlowRecorder(simulators: [GreetingSimulator()], cassettesRoot: workspace.cassettes, jobs: 2)
        let results = await recorder.record(TestVendor.catalog)
        #expect(results.map(\.flow) == TestVendor.catalog.map(\.id))
        let failed = try #require(results.first)
        #expect(failed.error?.contains(blocked.cassetteURL(in: workspace.cassettes).path) == true, "\(failed)")
        #expect(results.dropFirst().allSatisfy { $0.error == nil })
        for flow in TestVendor.catalog.dropFirst() {
            #expect(FileManager.default.fileExists(atPath: flow.cassetteURL(in: workspace.cassettes).path))
        }
    }
}
