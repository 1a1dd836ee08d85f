import EngageSDK
import Foundation
import HarnessTesting
import JSONCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("EngageEventStore crash safety")
struct StoreCrashTests {
    static let count = 5_000
    static let perPost = 50

    /// Kills per run of the test: `HARNESS_KILL_RUNS` (default 3; the proof is
    /// `HARNESS_KILL_RUNS=100 swift test --filter StoreCrashTests`).
    static var runs: Int { KillRuns.count(default: 3) }

    @Test("A process killed (SIGKILL) in the middle of a flush loses no event; the rest go out on restart")
    func killedMidFlush() async throws {
        let probe = try #require(
            BuiltExecutable.url(named: "EngageStoreProbe"), "build the probe first: swift build --build-tests")
        for run in 0..<Self.runs {
            // The kill lands after a varying number of posted batches (1 to 40), the last of them stalled.
            let stallAfter = 1 + (run * 7919) % 40
            try await withTemporaryDirectory { folder in
                let database = folder.appending("events.sqlite")
                let journal = folder.appending("server-journal.txt")
                let output = try await Self.runAndKill(
                    probe,
                    [database.path, String(Self.count), String(Self.perPost), journal.path, String(stallAfter)],
                    after: stallAfter)
                #expect(output.contains("appended \(Self.count)"), "run \(run)")
                #expect(!output.contains("done"), "run \(run): the probe finished before it was killed")

                let delivered = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
                #expect(!delivered.isEmpty)
                #expect(delivered.count < Self.count)

                let fixture = try await EngageFixture(storage: .file(database), maxEventsPerPost: 1000)
                let stored = try await fixture.engage.store.events()
                #expect(stored.count == Self.count, "run \(run): no event lost")
                #expect(stored.allSatisfy { !$0.isInFlight })
                let report = try await fixture.engage.ubf.postEventCache()
                #expect(report.error == nil)
                #expect(try await fixture.engage.store.count([.successfullyPosted]) == Self.count)

                let resent = Set(await fixture.server.receivedEvents.keys)
                let all = Set(stored.map(\.eventID))
                #expect(Set(delivered).union(resent) == all, "run \(run)")
                // At least once: only the batch in flight at the kill may arrive twice (eventId lets a server drop it).
                #expect(Set(delivered).intersection(resent).count <= Self.perPost, "run \(run)")
            }
        }
    }

    /// Starts the probe, waits until it has posted its first batches, kills it with SIGKILL, and returns what
    /// it printed.
    static func runAndKill(_ executable: URL, _ arguments: [String], after batches: Int) async throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = pipe.fileHandleForReading
        let printed = await onOwnThread { () -> String in
            var text = ""
            while !text.contains("posted \(batches)\n") && !text.contains("done") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        kill(process.processIdentifier, SIGKILL)
        await onOwnThread { process.waitUntilExit() }
        #expect(process.terminationReason == .uncaughtSignal)
        return printed
    }
}
