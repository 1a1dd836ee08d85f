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

@Suite("EngageStorage")
struct DurableStorageTests {
    @Test("The default store is a file in the XDG data home (or ~/.local/share), in the SDK's folder")
    func defaultLocation() {
        #if !canImport(Darwin)
        #expect(
            EngageStorage.defaultDatabaseURL(environment: ["XDG_DATA_HOME": "/data/home", "HOME": "/home/ann"]).path
                == "/data/home/EngageSDK/EngageLocalEventStore.sqlite")
        #expect(
            EngageStorage.defaultDatabaseURL(environment: ["HOME": "/home/ann"]).path
                == "/home/ann/.local/share/EngageSDK/EngageLocalEventStore.sqlite")
        // The XDG spec: a relative XDG_DATA_HOME is invalid and ignored.
        #expect(
            EngageStorage.defaultDatabaseURL(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ann"]).path
                == "/home/ann/.local/share/EngageSDK/EngageLocalEventStore.sqlite")
        #endif
        #expect(
            EngageStorage.applicationSupport(in: URL(fileURLWithPath: "/tmp/app"))
                == .file(URL(fileURLWithPath: "/tmp/app/EngageSDK/EngageLocalEventStore.sqlite")))
    }

    @Test(
        "Events queued without a token survive SIGKILL and are posted, with the stored identity and campaign, after the next start",
        .mockServer(.engage))
    func killedWhileQueued() async throws {
        let probe = try #require(
            BuiltExecutable.url(named: "EngageRestartProbe"), "build the probe first: swift build --build-tests")
        let server = try MockServerScope.required()
        try await withTemporaryDirectory { folder in
            let dataHome = folder.url
            // The token endpoint refuses every request: no token is obtained, so nothing can be posted.
            let host = server.baseURL(for: .engage).absoluteString
            try await server.admin.injectFault("status=400", path: "/engage/oauth/token")
            let queued = try await Self.runUntilKilled(probe, ["queue", host], dataHome: dataHome)
            let line = try #require(queued.split(separator: "\n").first { $0.hasPrefix("queued ") })
            let ids = line.split(separator: " ").dropFirst().prefix(3).map(String.init)
            #expect(line.hasSuffix("posted 0"))
            #expect(ids.count == 3)
            #expect(
                FileManager.default.fileExists(
                    atPath: dataHome.appendingPathComponent("EngageSDK/EngageLocalEventStore.sqlite").path))

            #expect(try JSONValue(parsing: try await server.admin.vendor(.engage, "GET", "events"))["count"] == 0)
            try await server.admin.removeAllFaults()
            let started = try await Self.run(probe, ["start", host], dataHome: dataHome)
            #expect(started.contains("mobileUserID restart-user-1\n"))
            #expect(started.contains("campaign RestartCampaign\n"))
            #expect(started.contains("done"))

            let stored = try JSONValue(parsing: try await server.admin.vendor(.engage, "GET", "events"))
            let named = (stored["events"]?.arrayValue ?? []).filter { $0["eventTypeCode"] == 17 }
            let attributes = named.map { event in
                Dictionary(
                    (event["attributes"]?.arrayValue ?? []).compactMap { attribute in
                        attribute["name"]?.stringValue.map { ($0, attribute["value"]?.stringValue ?? "") }
                    }
                ) { $1 }
            }
            #expect(attributes.map { $0["Event Name"] } == ["restart 1", "restart 2", "restart 3"])
            #expect(attributes.allSatisfy { $0["Primary User Id"] == "restart-user-1" })
            #expect(attributes.allSatisfy { $0["Campaign Name"] == "RestartCampaign" })
        }
    }

    static func environment(_ dataHome: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        environment["ENGAGE_PROBE_DATA_HOME"] = dataHome.path
        return environment
    }

    /// Starts the probe, waits until it says it queued its events, kills it with SIGKILL, and returns what it printed.
    static func runUntilKilled(_ executable: URL, _ arguments: [String], dataHome: URL) async throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(dataHome)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = pipe.fileHandleForReading
        let printed = await onOwnThread { () -> String in
            var text = ""
            while !text.contains("queued ") || !text.hasSuffix("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        kill(process.processIdentifier, SIGKILL)
        let reason = await onOwnThread {
            process.waitUntilExit()
            return process.terminationReason
        }
        #expect(reason == .uncaughtSignal)
        return printed
    }

    /// Runs the probe to its end and returns what it printed.
    static func run(_ executable: URL, _ arguments: [String], dataHome: URL) async throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(dataHome)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = pipe.fileHandleForReading
        let (output, status) = await onOwnThread { () -> (Data, Int32) in
            let output = reader.readDataToEndOfFile()
            process.waitUntilExit()
            return (output, process.terminationStatus)
        }
        #expect(status == 0)
        return String(decoding: output, as: UTF8.self)
    }
}
