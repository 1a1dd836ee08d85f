import CassetteKit
import Dispatch
import Foundation
import HarnessTesting
import JSONCore
import Testing

@testable import MockServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cassette slot read at first use: asking whether it is parsed or failed (what start-up and the event loops ask)
/// never waits for a read in progress.
@Suite("CassetteSlot")
struct CassetteSlotTests {
    /// Runs `body` on another thread and gives its result, or nil when it has not returned within ten seconds.
    func promptly<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + 10) == .success else { return nil }
        return result.withLock { $0 }
    }

    @Test("While its file is being read, parsed and failure answer at once; the read then gives the cassette")
    func askingDoesNotWaitForARead() throws {
        try withTemporaryDirectory { folder in
            try CassetteFixture.write(
                "engage/flow", in: folder.url, [CassetteFixture.json("GET", "/jobs/7", answer: ["state": "done"])])
            let text = try Data(contentsOf: folder.appending("engage/flow.har"))
            // A FIFO as the cassette: reading it waits until the test writes the text, holding the slot's read.
            let fifo = folder.appending("engage/slow.har")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let indexed = CassetteIndexFile.Entry(
                stamp: CassetteIndexFile.Stamp(size: 0, seconds: 0, nanoseconds: 0), count: 1, routes: [])
            let slot = CassetteSlot(name: try CassetteName("engage/slow"), file: fifo, indexed: indexed)
            let read = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = slot.cassette
                read.signal()
            }
            // Opening the FIFO for writing without blocking succeeds once the slot's read has it open.
            var writer: Int32 = -1
            for _ in 0..<1000 where writer < 0 {
                writer = open(fifo.path, O_WRONLY | O_NONBLOCK)
                if writer < 0 { usleep(10_000) }
            }
            try #require(writer >= 0)
            let asked = promptly { (slot.parsed == nil, slot.failure == nil) }
            #expect(asked.map { [$0.0, $0.1] } == [true, true])
            let written = text.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            close(writer)
            #expect(written == text.count)
            #expect(read.wait(timeout: .now() + 10) == .success)
            #expect(slot.parsed?.count == 1)
            #expect(slot.failure == nil)
        }
    }
}
