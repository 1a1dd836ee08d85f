import EngageSDK
import FlowCatalog
import Foundation
import JSONCore
import Logging
import MockServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The Objective-C samples of the Engage iOS SDK README (../shared/seeds/004_…), as Swift imports that API, UIKit
// lines aside: the app delegate's initialisation, Universal Behaviors through `[UBFManager sharedInstance]`, XMLAPI
// through `[XMLAPIManager sharedInstance]` with success and failure blocks, `EngageConfig storeMobileUserId:` and
// the MobileIdentityManager blocks. They run against the Engage simulator on a real loopback port.

/// What the samples' blocks saw, in order.
final class SampleLog: Sendable {
    private let lines = Locked<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

@Suite("Engage README Objective-C samples", .serialized)
struct ObjectiveCSamplesTests {
    static let listID = "23949"

    /// A simulator on a real port with `ann@example.com` on the demo list, and the SDK initialised the README's way.
    static func withInitializedSDK(_ body: (URL) async throws -> Void) async throws {
        var logger = Logger(label: "samples")
        logger.logLevel = .critical
        let server = try MockServer(configuration: MockServerConfiguration(port: 0), logger: logger)
        let endpoints = try await server.start()
        do {
            let admin = endpoints.adminURL.appendingPathComponent("vendors/engage")
            _ = try await Self.admin(
                admin, "POST", "lists/\(listID)/recipients", #"{"columns":{"Email":"ann@example.com"}}"#)
            // AppDelegate: [EngageSDK initializeSDKClient:secret:token:host:engageDatabaseListId:]
            try Engage.initializeSDKClient(
                clientID: "sim-client-id", secret: "sim-client-secret", token: "sim-refresh-token",
                host: endpoints.baseURL(for: "engage").absoluteString, engageDatabaseListID: listID,
                transport: UpstreamTransport(), storage: .inMemory)
            try await body(admin)
            await Engage.waitForSharedCalls()
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }

    static func admin(_ base: URL, _ method: String, _ path: String, _ body: String? = nil) async throws -> JSONValue {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONValue(parsing: data)
    }

    @Test("Identifying a registered user stores the RecipientId; the three UBF samples then post with it")
    func identifyThenTrack() async throws {
        try await Self.withInitializedSDK { admin in
            let log = SampleLog()
            let selectRecipientData = XMLAPI.selectRecipientData("ann@example.com", list: Self.listID)
            // swift-format-ignore: AlwaysUseLowerCamelCase
            XMLAPIManager.sharedInstance().postXMLAPI(
                selectRecipientData,
                success: { ERXML in
                    if ERXML.isSuccess {
                        // VERY IMPORTANT!!! Universal Behaviors reads this value
                        EngageConfig.storeMobileUserId(ERXML.value(forShortPath: "RecipientId"))
                        log.add("identified \(EngageConfig.mobileUserId() ?? "")")
                    } else {
                        log.add(ERXML.faultString ?? "")
                    }
                },
                failure: { _ in log.add("SERVICE FAIL") })
            UBFManager.sharedInstance().trackEvent(UBF.goalCompleted("LISTENED TO MVSTERMIND", params: nil))
            UBFManager.sharedInstance().trackEvent(UBF.goalAbandoned("LISTENED TO MVSTERMIND", params: nil))
            UBFManager.sharedInstance().trackEvent(
                UBF.namedEvent(
                    "PLAYER LOADED",
                    params: ["Event Source View": "HomeViewController", "Event Tags": "MVSTERMIND,Underground"]))
            UBFManager.sharedInstance().postEventCache()
            await Engage.waitForSharedCalls()
            // The success block stored the id after the events were queued: they waited for it, and go with the
            // next post.
            #expect(log.all == ["identified 100001"])
            #expect(try await Self.admin(admin, "GET", "events")["count"] == 0)
            UBFManager.sharedInstance().postEventCache()
            await Engage.waitForSharedCalls()

            let stored = try await Self.admin(admin, "GET", "events")
            let events = stored["events"]?.arrayValue ?? []
            #expect(events.map { $0["eventTypeCode"] } == [16, 15, 17])
            for event in events {
                #expect(
                    event["attributes"]?.arrayValue?.contains {
                        $0["name"] == "Primary User Id" && $0["value"] == "100001"
                    } == true)
            }
        }
    }

    @Test("A fault reaches the success block with isSuccess false; setupRecipient and checkIdentity call back")
    func blocks() async throws {
        try await Self.withInitializedSDK { _ in
            let log = SampleLog()
            // swift-format-ignore: AlwaysUseLowerCamelCase
            XMLAPIManager.sharedInstance().postXMLAPI(
                XMLAPI.selectRecipientData("nobody@example.com", list: Self.listID),
                success: { ERXML in log.add(ERXML.isSuccess ? "found" : "fault \(ERXML.errorID ?? 0)") },
                failure: { _ in log.add("SERVICE FAIL") })
            MobileIdentityManager.sharedInstance().setupRecipient(
                success: { result in
                    log.add("Recipient Id: \(result.recipientID)\nMobile User Id: \(EngageConfig.mobileUserId() ?? "")")
                },
                failure: { _ in log.add("Setup Recipient failure") })
            MobileIdentityManager.sharedInstance().checkIdentity(
                forIds: ["Email": "ann@example.com"],
                success: { result in log.add("merged \(result.mergedRecipientID ?? "none") into \(result.recipientID)")
                },
                failure: { error in log.add("Check Identity failure: \(error)") })
            // swift-format-ignore: AlwaysUseLowerCamelCase
            XMLAPIManager.sharedInstance().createAnonymousUser(
                toList: Self.listID,
                success: { ERXML in log.add(ERXML.isSuccess ? "anonymous \(ERXML.recipientID ?? "")" : "fault") },
                failure: { _ in log.add("SERVICE FAIL") })
            await Engage.waitForSharedCalls()

            let lines = log.all
            #expect(lines.count == 4)
            #expect(lines.first == "fault 128")
            #expect(lines.dropFirst().first?.hasPrefix("Recipient Id: ") == true)
            #expect(lines.dropFirst().first?.contains("Mobile User Id: ") == true)
            #expect(lines.dropFirst(2).first?.hasPrefix("merged") == true)
            #expect(lines.last?.hasPrefix("anonymous ") == true)
        }
    }
}
