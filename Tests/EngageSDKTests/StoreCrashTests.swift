import EngageSDK
import Foundation
import HarnessTesting
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

    @Test("A process killed (SIGKILL) in the middle of a flush loses no event; the rest go out on restart")
    func killedMidFlush() async throws {
        let probe = try #require(
            BuiltExecutable.url(named: "EngageStoreProbe"), "build the probe first: swift build --build-tests")
        try await withTemporaryDirectory { folder in
            let database = folder.appending("events.sqlite")
            let journal = folder.appending("server-journal.txt")
            let output = try await Self.runAndKill(
                probe, [database.path, String(Self.count), String(Self.perPost), journal.path, "40"])
            #expect(output.contains("appended \(Self.count)"))
            #expect(!output.contains("done"), "the probe finished before it was killed; the kill was not mid-flush")

            let delivered = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(!delivered.isEmpty)
            #expect(delivered.count < Self.count)

            let fixture = try await EngageFixture(storage: .file(database), maxEventsPerPost: 1000)
            let stored = try await fixture.engage.store.events()
            #expect(stored.count == Self.count)
            #expect(stored.allSatisfy { !$0.isInFlight })
            let report = try await fixture.engage.ubf.postEventCache()
            #expect(report.error == nil)
            #expect(try await fixture.engage.store.count([.successfullyPosted]) == Self.count)

            let resent = Set(await fixture.server.receivedEvents.keys)
            let all = Set(stored.map(\.eventID))
            #expect(Set(delivered).union(resent) == all)
            // At least once: only the batch in flight at the kill may arrive twice.
            #expect(Set(delivered).intersection(resent).count <= Self.perPost)
        }
    }

    /// Starts the probe, waits until it has posted its first batches, kills it with SIGKILL, and returns what
    /// it printed.
    static func runAndKill(_ executable: URL, _ arguments: [String]) async throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = pipe.fileHandleForReading
        let printed = await Task.detached { () -> String in
            var text = ""
            while !text.contains("posted 3\n") && !text.contains("done") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }.value
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        return printed
    }
}
