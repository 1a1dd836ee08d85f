import EngageSDK
import Foundation
import JSONCore
import Logging
import MockServer
import Testing

// The README's remaining Objective-C samples as Swift imports that API, written line for line. Lines that had to
// change, and why:
// - `NSLog(...)` → `log.add(...)`: the test asserts what the blocks saw (and Swift's String is not a CVarArg on Linux).
// - `UILocalNotification *notification`, `launchOptions[UIApplicationLaunchOptions…Key]` → an
//   `EngageLocalNotification` and a plain dictionary: UIKit is not on Linux.
// - `[[ERXML valueForShortPath:@"SUCCESS"] boolValue]` → `NSString(string: … ?? "").boolValue`: the value is a
//   Swift `String?`, which has no `boolValue`.
// - `XMLAPI *x = [XMLAPI resourceNamed:…]; [x addParams:…]` → `var x = XMLAPI.resourceNamed(…)`: XMLAPI is a value.
// - `@interface UBFWeatherAugmentationPlugin : NSObject <UBFAugmentationPluginProtocol>` → a `final class`: the
//   protocol is Sendable, as the SDK calls plugins from its own tasks.
// - `[email protected]` in the README (an e-mail address the page's host obfuscated) → `somebody@somedomain.com`.
// - Example 1's first line (`[XMLAPI resourceNamed:… params:@{`) is missing from the README; it is rebuilt from
//   Example 2's form.

/// The README's weather plugin.
final class UBFWeatherAugmentationPlugin: NSObject, UBFAugmentationPluginProtocol {
    override init() {
        super.init()
        // Custom init logic
    }

    func processSyncronously() -> Bool {
        return true  // Other plugins depend on this Plugins output for processing
    }

    func isSupplementalDataReady() -> Bool {
        // Your logic to decide if the data needed for the plugin to process is ready or not. Lets assume our fake
        // weather data is.
        return true
    }

    func process(_ ubfEvent: UBF) -> UBF {
        ubfEvent.setAttribute("Temperatue In Celsius", value: "100")
        ubfEvent.setAttribute("Temperatue In Fahrenheit", value: "212")
        return ubfEvent
    }
}

@Suite("Engage README Swift forms of the remaining samples", .serialized)
struct ReadmeSwiftSamplesTests {
    static let listID = ObjectiveCSamplesTests.listID

    /// Every event the simulator stored, as name → value maps.
    static func storedAttributes(_ admin: URL) async throws -> [[String: String]] {
        let stored = try await ObjectiveCSamplesTests.admin(admin, "GET", "events")
        return (stored["events"]?.arrayValue ?? []).map { event in
            Dictionary(
                (event["attributes"]?.arrayValue ?? []).compactMap { attribute in
                    attribute["name"]?.stringValue.map { ($0, attribute["value"]?.stringValue ?? "") }
                }
            ) { $1 }
        }
    }

    @Test("The weather plugin's attributes reach the simulator on the event it augmented")
    func weatherPlugin() async throws {
        var logger = Logger(label: "samples")
        logger.logLevel = .critical
        let server = try MockServer(configuration: MockServerConfiguration(port: 0), logger: logger)
        let endpoints = try await server.start()
        do {
            let engage = try Engage(
                Engage.Options(
                    credentials: EngageCredentials(
                        clientID: "sim-client-id", clientSecret: "sim-client-secret", refreshToken: "sim-refresh-token"),
                    host: endpoints.baseURL(for: "engage").absoluteString, listID: Self.listID,
                    transport: UpstreamTransport(), storage: .inMemory,
                    augmentationPlugins: [UBFAugmentationPlugin(UBFWeatherAugmentationPlugin())]))
            try await engage.identity.setMobileUserID("weather-user")
            let stored = try await engage.ubf.trackNamedEvent("PLAYER LOADED")
            #expect(stored.status == .notPosted)
            #expect(try await engage.ubf.postEventCache().posted == [stored.eventID])
            let events = try await Self.storedAttributes(endpoints.adminURL.appendingPathComponent("vendors/engage"))
            #expect(events.count == 1)
            #expect(events.first?["Temperatue In Celsius"] == "100")
            #expect(events.first?["Temperatue In Fahrenheit"] == "212")
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }

    @Test("XMLAPI Resources: the three examples give the requests the README says they are equivalent to")
    func xmlapiResources() {
        // Example 1
        let example1 = XMLAPI.resourceNamed(
            XMLAPI_OPERATION_SELECT_RECIPIENT_DATA,
            params: [
                "LIST_ID": "45654",
                "EMAIL": "somebody@somedomain.com",
                "COLUMNS": ["Customer Id": "123-45-6789"],
            ])
        // or alternately:
        var selectRecipientData = XMLAPI.resourceNamed(XMLAPI_OPERATION_SELECT_RECIPIENT_DATA)
        selectRecipientData.addParams(["LIST_ID": "45654", "EMAIL": "somebody@somedomain.com"])
        selectRecipientData.addColumns(["Customer Id": "123-45-6789"])
        #expect(example1 == selectRecipientData)
        #expect(
            example1.envelopeString
                == "<Envelope><Body><SelectRecipientData><LIST_ID>45654</LIST_ID><EMAIL>somebody@somedomain.com</EMAIL>"
                + "<COLUMN><NAME>Customer Id</NAME><VALUE>123-45-6789</VALUE></COLUMN></SelectRecipientData></Body>"
                + "</Envelope>")

        // Example 2
        let example2 = XMLAPI.resourceNamed(XMLAPI_OPERATION_SELECT_RECIPIENT_DATA, params: ["RECIPIENT_ID": "702003"])
        #expect(
            example2.envelopeString
                == "<Envelope><Body><SelectRecipientData><RECIPIENT_ID>702003</RECIPIENT_ID></SelectRecipientData>"
                + "</Body></Envelope>")

        // Example 3
        let example3 = XMLAPI.selectRecipientData("somebody@somedomain.com", list: "45654")
        #expect(example3.element("LIST_ID") == "45654")
        #expect(example3.element("EMAIL") == "somebody@somedomain.com")
        #expect(XMLAPI_OPERATION_UPDATE_RECIPIENT == .updateRecipient)
    }

    @Test("The EngageExpirationParser String table, from 6/10/2014 00:00:00")
    func expirationTable() throws {
        let start = Date(timeIntervalSince1970: 1_402_358_400)  // 2014-06-10T00:00:00Z
        let table: [(String, TimeInterval)] = [
            ("1 day 15m", 86_400 + 900), ("15m1d0seconds", 86_400 + 900), ("65minutes", 3_900), ("3seconds", 3),
        ]
        for (text, seconds) in table {
            let parser = EngageExpirationParser(expirationString: text, fromDate: start)
            #expect(parser.expirationDate == start.addingTimeInterval(seconds), "\(text)")
        }
    }
}

// The samples that use the shared instance run in the Objective-C samples' serialized suite: both suites install
// their own shared instance, so they must not run at the same time.
extension ObjectiveCSamplesTests {
    @Test("The notification and deep-link hooks track events 48, 49 and 13 and set the campaign")
    func notificationHooks() async throws {
        try await ObjectiveCSamplesTests.withInitializedSDK { admin in
            EngageConfig.storeMobileUserId("hooks-user")
            let ubfManager = UBFManager.sharedInstance()

            // Local Notification Received
            let notification = EngageLocalNotification(alertBody: "Your song is ready", alertAction: "Listen")
            UBFManager.sharedInstance().handleLocalNotificationReceivedEvents(notification, withParams: nil)

            // Push Notification Received
            let pushNotification: [AnyHashable: Any] = ["aps": ["alert": "New album"], "CurrentCampaign": "Spring"]
            UBFManager.sharedInstance().handlePushNotificationReceivedEvents(pushNotification)

            // Application Opened by clicking Notification
            let launchOptions: [String: [AnyHashable: Any]] = ["remoteNotification": pushNotification]
            var opened: [AnyHashable: Any]? = nil
            if let remote = launchOptions["remoteNotification"] {
                opened = remote
            }
            UBFManager.sharedInstance().handleNotificationOpenedEvents(opened)

            // Application Opened by clicking external DeepLink
            let url = try #require(URL(string: "Silverpop://campaign?CurrentCampaign=TestCurrentCampaign"))
            let ubfEventUid = UBFManager.sharedInstance().handleExternalURLOpenedEvents(url)
            ubfManager.postEventCache()
            await Engage.waitForSharedCalls()

            let events = try await ObjectiveCSamplesTests.admin(admin, "GET", "events")["events"]?.arrayValue ?? []
            #expect(events.map { $0["eventTypeCode"] } == [48, 48, 49, 13])
            let attributes = try await ReadmeSwiftSamplesTests.storedAttributes(admin)
            #expect(attributes.map { $0["Campaign Name"] } == ["", "Spring", "Spring", "TestCurrentCampaign"])
            #expect(attributes.first?["Displayed Message"] == "Your song is ready")
            #expect(ubfEventUid?.scheme == "x-engage-event")
        }
    }

    @Test("setupRecipient, checkIdentity and the deprecated merge call back with the README's accessors")
    func identitySamples() async throws {
        try await ObjectiveCSamplesTests.withInitializedSDK { admin in
            for column in ["facebook_id", "Mobile User Id", "Merged Recipient Id", "Merged Date"] {
                _ = try? await ObjectiveCSamplesTests.admin(
                    admin, "POST", "lists/\(Self.listID)/columns", #"{"name":"\#(column)","type":0}"#)
            }
            let log = SampleLog()
            // Setup Recipient Usage
            MobileIdentityManager.sharedInstance().setupRecipient(
                success: { result in
                    let message =
                        "Recipient Id: \(result.recipientId)\nMobile User Id: \(EngageConfig.mobileUserId() ?? "")"
                    log.add(message)
                },
                failure: { (failure: SetupRecipientFailure) in
                    log.add("Setup Recipient failure: \(failure.message)")
                })
            // Check Identity Usage
            MobileIdentityManager.sharedInstance().checkIdentity(
                forIds: ["facebook_id": "fbuser"],
                success: { result in
                    let newRecipientId = result.recipientId
                    let mergedRecipientId = result.mergedRecipientId
                    let mobileUserId = result.mobileUserId
                    log.add(
                        "Current recipient id: \(newRecipientId)\nMerged recipient id: \(mergedRecipientId ?? "nil")"
                            + "\nMobile user id: \(mobileUserId)")
                },
                failure: { (failure: CheckIdentityFailure) in
                    log.add("Check Identity failure: \(failure.message)")
                })
            // Convert anonymous user to registered user (depreciated)
            // swift-format-ignore: AlwaysUseLowerCamelCase
            XMLAPIManager.sharedInstance().createAnonymousUser(
                toList: Self.listID, success: { _ in }, failure: { _ in log.add("SERVICE FAIL") })
            // The calls above run in order on the SDK's queue; the merge reads the primary user id they stored.
            await Engage.waitForSharedCalls()
            // swift-format-ignore: AlwaysUseLowerCamelCase
            XMLAPIManager.sharedInstance().updateAnonymous(
                toPrimaryUser: EngageConfig.primaryUserId(),
                success: { ERXML in
                    if NSString(string: ERXML.value(forShortPath: "SUCCESS") ?? "").boolValue {
                        log.add("merged")
                    } else {
                        log.add(ERXML.value(forShortPath: "Fault.FaultString") ?? "")
                    }
                },
                failure: { error in
                    log.add("SERVICE FAIL \(error)")
                })
            await Engage.waitForSharedCalls()

            let lines = log.all
            #expect(lines.count == 3)
            #expect(lines.first?.hasPrefix("Recipient Id: ") == true)
            #expect(lines.dropFirst().first?.hasPrefix("Current recipient id: ") == true)
            #expect(lines.last == "merged", "\(lines)")
        }
    }
}
