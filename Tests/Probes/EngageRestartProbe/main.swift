// EngageRestartProbe: an app that uses the Engage SDK's documented entry point (`Engage.initializeSDKClient`) with
// its default storage, for a test that kills it (SIGKILL) and starts it again.
//
// usage: EngageRestartProbe queue <host>   identifies its user, opens a campaign link and tracks three events
//                                          while <host> gives no token, prints `queued <ids>`, then waits to be
//                                          killed
//        EngageRestartProbe start <host>   starts the SDK again (`ubf.start()`) against <host> and prints what it
//                                          posted, the stored mobile user id and the current campaign, then `done`
//
// The SDK keeps its store in the XDG data home on Linux: the test sets `XDG_DATA_HOME` to a temporary folder. On
// Apple platforms, where the store lives in Application Support, the probe uses `ENGAGE_PROBE_DATA_HOME` instead.
import EngageSDK
import Foundation
import MockServer

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["queue", "start"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: EngageRestartProbe queue|start <host>\n".utf8))
    exit(64)
}
#if canImport(Darwin)
let storage =
    ProcessInfo.processInfo.environment["ENGAGE_PROBE_DATA_HOME"].map {
        EngageStorage.applicationSupport(in: URL(fileURLWithPath: $0))
    } ?? EngageStorage.standard
#else
let storage = EngageStorage.standard
#endif

// AppDelegate: [EngageSDK initializeSDKClient:secret:token:host:engageDatabaseListId:]
let engage = try Engage.initializeSDKClient(
    clientID: "sim-client-id", secret: "sim-client-secret", token: "sim-refresh-token", host: arguments[2],
    engageDatabaseListID: "23949", transport: UpstreamTransport(timeout: .seconds(10)), storage: storage)

/// The probe's work, in a function rather than as top-level statements: in top-level async code the toolchain keeps a
/// statement's temporary (here an interpolated string) that a later top-level `await` follows, and LeakSanitizer
/// reports it at exit (reproduced in five lines with no code of ours; inside a function it is released).
func run(_ engage: Engage) async throws {
    if arguments[1] == "queue" {
        try await engage.identity.setMobileUserID("restart-user-1")
        _ = try await engage.deepLinks.handle(url: URL(string: "Silverpop://campaign?CurrentCampaign=RestartCampaign")!)
        var ids: [String] = []
        for index in 1...3 {
            ids.append(try await engage.ubf.trackNamedEvent("restart \(index)").eventID)
        }
        let posted = try await engage.store.count([.successfullyPosted])
        say("queued \(ids.joined(separator: " ")) posted \(posted)")
        while true { try await Task.sleep(for: .seconds(3600)) }
    } else {
        let report = try await engage.ubf.start()
        say(
            "posted \(report.posted.count) deferred \(report.deferred.count) error \(report.error.map { "\($0)" } ?? "none")"
        )
        say("mobileUserID \(await engage.state.string(.mobileUserID))")
        say("campaign \(await engage.campaigns.currentCampaign())")
        say("done")
    }
}

try await run(engage)
