import FlowCatalog
import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime
import Synchronization
import Testing

@testable import Verification

/// The one watcher that keeps every check's timeout (``FlowDeadlines``), and the working directory a flow gets only
/// when it asks for it (``FlowFolder``).
@Suite("FlowDeadlines")
struct FlowDeadlinesTests {
    /// Returns once `deadlines` expires a deadline watched for `timeout` (a deadline expires once).
    func expiry(_ deadlines: FlowDeadlines, after timeout: Duration) async {
        await withCheckedContinuation { continuation in
            _ = deadlines.watch(after: timeout) { continuation.resume() }
        }
    }

    @Test("A deadline expires once its time has passed; one forgotten before it never does")
    func expiresAndForgets() async throws {
        let deadlines = FlowDeadlines()
        let forgottenFired = Atomic(false)
        let forgotten = deadlines.watch(after: .milliseconds(10)) { forgottenFired.store(true, ordering: .relaxed) }
        deadlines.forget(forgotten)
        // Due after the forgotten one: by the time it expires, the forgotten one would have.
        await expiry(deadlines, after: .milliseconds(60))
        let fired = forgottenFired.load(ordering: .relaxed)
        #expect(!fired)
        #expect(deadlines.count == 0)
    }

    @Test(
        "A shorter deadline watched while the watcher sleeps toward a longer one expires in time",
        .timeLimit(.minutes(5)))
    func shorterDeadlineWakesTheWatcher() async throws {
        let deadlines = FlowDeadlines()
        let long = deadlines.watch(after: .seconds(3600)) {}
        await expiry(deadlines, after: .milliseconds(20))
        #expect(deadlines.count == 1, "the hour-long deadline is still watched")
        deadlines.forget(long)
        #expect(deadlines.count == 0)
    }

    @Test("Hostile timeouts (zero, negative, the largest Duration) neither trap nor hang", .timeLimit(.minutes(5)))
    func hostileTimeouts() async throws {
        let deadlines = FlowDeadlines()
        await expiry(deadlines, after: .zero)
        await expiry(deadlines, after: .seconds(-5))
        let far = deadlines.watch(after: Duration(secondsComponent: .max, attosecondsComponent: 0)) {}
        #expect(deadlines.count == 1)
        deadlines.forget(far)
    }

    @Test("A flow that keeps no files runs without a working directory; one that does gets it, removed after")
    func workingDirectoryOnDemand() async throws {
        let seen = Locked<(folder: FlowFolder?, madeBeforeAsking: Bool, wrote: Bool)>((nil, true, false))
        let idle = Flow(vendor: "testvendor", name: "idle", documentation: "none", summary: "keeps no files") {
            context in
            seen.withLock { $0 = (context.folder, context.folder.exists, false) }
            return .null
        }
        _ = try await FlowRunner.run(
            idle, transport: UnusedTransport(), baseURL: URL(string: "http://x.invalid")!, timeout: .seconds(30))
        let idleFolder = try #require(seen.withLock { $0.folder })
        #expect(seen.withLock { $0.madeBeforeAsking } == false)
        #expect(!FileManager.default.fileExists(atPath: idleFolder.url.path))

        let writer = Flow(vendor: "testvendor", name: "writer", documentation: "none", summary: "keeps a file") {
            context in
            let file = context.workingDirectory.appendingPathComponent("events.sqlite")
            try Data("x".utf8).write(to: file)
            seen.withLock { $0 = (context.folder, false, FileManager.default.fileExists(atPath: file.path)) }
            return .null
        }
        _ = try await FlowRunner.run(
            writer, transport: UnusedTransport(), baseURL: URL(string: "http://x.invalid")!,
            timeout: .seconds(30))
        let written = try #require(seen.withLock { $0.folder })
        #expect(seen.withLock { $0.wrote })
        #expect(!FileManager.default.fileExists(atPath: written.url.path), "removed after the flow")
    }

    @Test("A folder given made is the caller's: removeIfMade leaves it")
    func givenFolderStays() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flow-folder-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let folder = FlowFolder(existing: url)
        #expect(folder.exists)
        #expect(folder.made() == url)
        folder.removeIfMade()
        #expect(FileManager.default.fileExists(atPath: url.path))
    }
}

/// The transport of flows that send nothing: any call fails the test.
struct UnusedTransport: ClientTransport {
    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        Issue.record("the flow sent \(request.method) \(request.path ?? "")")
        throw CancellationError()
    }
}
