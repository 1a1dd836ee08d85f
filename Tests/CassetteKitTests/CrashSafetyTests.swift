import CassetteKit
import Foundation
import HarnessTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("CassetteStore crash safety")
struct CrashSafetyTests {
    /// The recording probe, running: its `flushed <count>` lines, and its exit.
    final class RunningProbe: Sendable {
        let process: Process
        let lines: AsyncStream<String>
        let exited: Task<Void, Never>

        init(_ executable: URL, arguments: [String]) throws {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            let (exits, exitContinuation) = AsyncStream<Void>.makeStream()
            process.terminationHandler = { _ in exitContinuation.finish() }
            let handle = output.fileHandleForReading
            lines = AsyncStream { continuation in
                Thread.detachNewThread {
                    var buffer = Data()
                    while case let chunk = handle.availableData, !chunk.isEmpty {
                        buffer.append(chunk)
                        while let newline = buffer.firstIndex(of: 0x0A) {
                            continuation.yield(String(decoding: buffer[..<newline], as: UTF8.self))
                            buffer = Data(buffer[buffer.index(after: newline)...])
                        }
                    }
                    continuation.finish()
                }
            }
            exited = Task { for await _ in exits {} }
            self.process = process
            try process.run()
        }
    }

    @Test("A recording process killed with SIGKILL leaves the previous or the new complete cassette, never a torn one")
    func sigkill() async throws {
        let probe = try #require(
            BuiltExecutable.url(named: "CassetteRecordingProbe"), "the probe is built beside the tests")
        try await withTemporaryDirectory { folder in
            let store = CassetteStore(root: folder.url)
            let file = try store.url(for: "probe/flow")
            try await store.save(
                Sample.cassette([(Sample.request(body: #"{"before":true}"#), Sample.response())]), as: "probe/flow")
            var previous = 1
            var killedMidWrite = 0
            // Kill before the first write, right after one, and later while ever larger files are written:
            // the last three kills wait until a temporary file exists, so they land in the middle of a write.
            for (flushesBeforeKill, duringWrite) in [(0, false), (1, false), (3, true), (6, true), (10, true)] {
                let running = try RunningProbe(probe, arguments: [folder.url.path, "probe/flow"])
                var lines = running.lines.makeAsyncIterator()
                var flushed = 0
                for _ in 0..<flushesBeforeKill {
                    guard let line = await lines.next(), let count = Int(line.dropFirst("flushed ".count)) else {
                        break
                    }
                    flushed = count
                }
                #expect(flushed == 40 * flushesBeforeKill, "the probe kept recording until killed")
                if duringWrite {
                    await Self.temporaryFile(in: file.deletingLastPathComponent(), while: running.process)
                }
                kill(running.process.processIdentifier, SIGKILL)
                await running.exited.value
                if Self.temporaryFiles(in: file.deletingLastPathComponent()).count > 0 { killedMidWrite += 1 }
                #expect(running.process.terminationReason == .uncaughtSignal)
                #expect(running.process.terminationStatus == SIGKILL)

                let cassette = try Cassette(contentsOf: file)
                #expect(cassette.entries.count >= previous + flushed, "what was flushed before the kill is there")
                #expect(cassette.entries.enumerated().allSatisfy { $0.element.harness?.order == $0.offset })
                #expect(!String(decoding: cassette.encoded(), as: UTF8.self).contains("probe-secret"))
                #expect(store.list() == ["probe/flow"], "no temporary file is taken for a cassette")
                previous = cassette.entries.count
            }
            #expect(previous > 1 + 40 * 19, "every run appended to the same cassette")
            #expect(killedMidWrite >= 1, "at least one kill interrupted a write")
            try await store.save(try Cassette(contentsOf: file), as: "probe/flow")
            let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            #expect(names == ["flow.har"], "temporary files of killed writers are removed by the next save")
        }
    }

    static func temporaryFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    /// Returns once the probe has a temporary file open (it is writing), or has stopped.
    static func temporaryFile(in folder: URL, while process: Process) async {
        while process.isRunning && temporaryFiles(in: folder).isEmpty {
            await Task.yield()
        }
    }
}
