// swift-format-ignore-file
// The samples below keep the page's own layout, so the formatter leaves this file as it is.

import Foundation
import HarnessTesting
import ReferralHeroSDK
import Testing

// Every Swift sample of ReferralHero's iOS "Public Methods" page (../shared/seeds/002_…), compiled as an app's package
// would build it (this target has the default settings) against the public products, and run against the
// ReferralHero simulator on a loopback port (`.mockServer`). The samples are the page's text, with these edits only:
//
// - `viewDidLoad`: `override` and `super.viewDidLoad()` dropped (UIKit-only: `CreateAccount` is no
//   `UIViewController` here); `CreateAccount` is `@MainActor` as a view controller is.
// - `name: “ABC"` (1., 2., 3.): the opening curly quote made straight.
// - 2. Add Pending Referral: the closing `)))` made `))`.
// - The "minimum values" fragments (`param: RHSubscriber(…)`, `param: RHReferral(…)`, `param: RHTrackReferral(…)`)
//   are placed in the call they belong to (`RH.formSubmit(`…`)`).
// - Not Swift, so not compiled: the "// Example Data" lines and the screen-size list (curly-quoted JSON fragments);
//   the screen-size spellings are sent below instead. The prose's `RH.ConfrimReferral` is a typo of the sample's
//   `RH.ConfirmReferral()`.
//
// The page calls each method and reads the answer in the delegate; the tests do the same and await the delegate's
// callback (the page's `print`, which `CreateAccount` keeps), never a timer.

/// The page's view controller, without UIKit.
@MainActor final class CreateAccount {
    private(set) var printed: [String] = []
    private(set) var answers: [(endpoint: RHEndpoint, response: RHResponse)] = []
    private(set) var errors: [(endpoint: RHEndpoint, error: RHError)] = []
    private var waiting: [CheckedContinuation<String, Never>] = []

    // The page: "Use the following code to instantiate the RH class".
    func viewDidLoad() {
        RH.delegate = self
    }

    // 1. Add Subscriber, Step 3. Implementation.
    func formSubmit()
    {
        RH.formSubmit(param: RHSubscriber(
        email: "xyz@gmail.com", //Required value, capture this from user
        domain: "www.abc.com", //Required value, should match the default referral link set within your RH account
        name: "ABC", //Optional but recommended, capture this from user
        referrer: "53f8acf7", //Optional value, only necessary if the user will provide the referrer code directly, otherwise the below 4 params are required
        IPAddress: "201.202.203.205", //Required value, necessary if you want RH to automatically identify & create a referral without the user providing the setReferrer params, see below
        device: "iPhone", //Required value, see below
        screen_size: "370.0 x 480.0", //Required value, see below
        os_type:"iOS", //Required value, see below
        status: "custom_event_pending" //Use 'custom_event_pending' to set the referral status to pending
        ))
    }

    /// What the page's delegate prints: kept, and handed to the test awaiting it.
    func print(_ line: String) {
        printed.append(line)
        if !waiting.isEmpty { waiting.removeFirst().resume(returning: line) }
    }

    /// The next line the page's delegate prints, i.e. the next answer of a call (its typed form is recorded first).
    func nextAnswer() async -> String {
        await withCheckedContinuation { waiting.append($0) }
    }

    // The typed form of the delegate, beside the page's: what the tests assert on.
    func didReceiveAPIResponse(_ response: RHResponse, _ endpoint: RHEndpoint) {
        answers.append((endpoint, response))
    }

    func didFailWithError(_ error: RHError, _ endpoint: RHEndpoint) {
        errors.append((endpoint, error))
    }
}

// The page's delegate methods, verbatim.
extension CreateAccount: RHDelegate{
    func didReceiveAPIResponse(_ response: [String : Any], _ endPoint:                          String) {
        print("\(endPoint) \n + \(response)")
    }

    func didFailWithError(_ error: Error, _ endPoint: String) {
        print("\(endPoint) \n + \(error)")
    }
}

@Suite("Public Methods page samples", .serialized, .mockServer(.referralHero))
@MainActor struct PublicMethodsPageTests {
    /// `RH`, configured as an app does at launch, pointed at the simulator (its demo campaign and token), with the
    /// campaign goal set to `goal` conversion events; the page's `viewDidLoad` run.
    static func launch(goal: Int) async throws -> CreateAccount {
        let server = try MockServerScope.required()
        try await server.admin.vendor(
            .referralHero, "PUT", "campaigns/MF83c9616aa3", json: Data(#"{"goal":\#(goal)}"#.utf8))
        RHApiKey.configure(withAPIKey: "rh-sim-token", withuuID: "MF83c9616aa3")
        RH.configure(
            configuration: RHConfiguration(
                apiToken: RHApiKey.apiKey, campaignUUID: RHApiKey.uuID,
                serverURL: server.baseURL(for: .referralHero)),
            subscriberStore: RHInMemorySubscriberStore(),
            deviceInfoProvider: .fixed(
                RHDeviceInfo(device: "iPhone", osType: "iOS", screenSize: "393x852", ipAddress: "203.0.113.7")))
        let screen = CreateAccount()
        screen.viewDidLoad()
        return screen
    }

    /// The last typed answer's subscriber.
    static func subscriber(_ screen: CreateAccount) throws -> RHSubscriberData {
        guard case .subscriber(let subscriber) = try #require(screen.answers.last?.response) else {
            throw SampleFailure("the last answer is no subscriber: \(screen.answers)")
        }
        return subscriber
    }

    @Test("RH is a ready global: RHApiKey.configure, then RH.delegate and the methods work from anywhere")
    func readyGlobal() async throws {
        let screen = try await Self.launch(goal: 1)
        #expect(RHApiKey.apiKey == "rh-sim-token")
        #expect(RHApiKey.uuID == "MF83c9616aa3")
        #expect(RH.delegate === screen)
        RH.getLeaderboard()
        let line = await screen.nextAnswer()
        #expect(line.hasPrefix("getLeaderboard \n + "))
        #expect(screen.answers.map(\.endpoint) == [.leaderboard])
    }

    @Test("1. Add Subscriber: the sample's unknown referrer code is refused; the minimum values add a subscriber")
    func addSubscriber() async throws {
        let screen = try await Self.launch(goal: 1)
        screen.formSubmit()
        let refused = await screen.nextAnswer()
        // "53f8acf7" is a placeholder: nobody in the simulator's campaign has that code.
        #expect(refused.hasPrefix("Create new subscriber \n + "))
        #expect(screen.errors.first?.error.serverCode == .referrerNotFound)

        RH.formSubmit(param: RHSubscriber(
        email: "xyz@gmail.com",
        domain: "www.abc.com"))
        _ = await screen.nextAnswer()
        let added = try Self.subscriber(screen)
        // "If not a referral, an organic subscriber will be created in the campaign UUID specified."
        #expect(added.email == "xyz@gmail.com")
        #expect(added.referred == false)
        #expect(added.outcome == .subscriberCreated)

        // "If the subscriber exists in our database, the subscriber will be 'identified'. Data is not overwritten."
        RH.formSubmit(param: RHSubscriber(email: "xyz@gmail.com", domain: "www.abc.com", name: "Other Name"))
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).id == added.id)
        #expect(try Self.subscriber(screen).name == added.name)
    }

    @Test("1. Add Subscriber with a known referrer: Confirmed with one conversion event, Pending with two")
    func addSubscriberReferral() async throws {
        for goal in [1, 2] {
            let screen = try await Self.launch(goal: goal)
            RH.formSubmit(param: RHSubscriber(email: "referrer\(goal)@example.com", domain: "www.abc.com"))
            _ = await screen.nextAnswer()
            let code = try Self.subscriber(screen).code
            RH.formSubmit(
                param: RHSubscriber(email: "friend\(goal)@example.com", domain: "www.abc.com", referrer: code))
            _ = await screen.nextAnswer()
            #expect(try Self.subscriber(screen).status == (goal == 1 ? .confirmed : .pending))
        }
    }

    @Test("2. Add Pending Referral: unknown referrer codes create nobody; the mobile parameters create a Pending one")
    func pendingReferral() async throws {
        let screen = try await Self.launch(goal: 2)
        RH.formSubmit(param: RHSubscriber(email: "referrer@example.com", domain: "www.abc.com"))
        _ = await screen.nextAnswer()
        let code = try Self.subscriber(screen).code
        // A click on the referrer's link from the device of the page's mobile parameters, so that they identify it.
        try await MockServerScope.required().admin.vendor(
            .referralHero, "POST", "campaigns/MF83c9616aa3/clicks",
            json: Data(
                #"{"referrer":"\#(code)","os_type":"iOS","device":"iPhone","ip_address":"201.202.203.205","screen_size":"370.0 x 480.0"}"#
                    .utf8))

        // The sample names referrer "53f8acf7", which nobody in the campaign has: "If not a referral, no subscriber
        // will be created."
        RH.CreatePendingReferral(param: RHReferral(
                email: "xyz@gmail.com", //Capture this from user
                domain: "www.abc.com",
                name: "ABC", //Capture this from user
                referrer: "53f8acf7", //Optional value, only necessary if the user will provide the referrer code directly, otherwise the below 4 params are required
                IPAddress: "201.202.203.205", //Required value, necessary if you want RH to automatically identify & create a referral without the user providing the Referrer params, see below
                device: "iPhone", //Required value, see below
                screen_size: "370.0 x 480.0", //Required value, see below
                os_type:"iOS", //Required value, see below
                status: "custom_event_pending" //Use 'custom_event_pending' to set the referral status to pending
                ))
        _ = await screen.nextAnswer()
        #expect(screen.errors.last?.error.serverCode == .referrerNotFound)

        RH.CreatePendingReferral(param: RHReferral(
                email: "xyz@gmail.com",
                referrer: "M12345fc2"))
        _ = await screen.nextAnswer()
        #expect(screen.errors.last?.error.serverCode == .referrerNotFound)

        // "If a referral, a referral will be automatically created and set to Pending in the correct campaign."
        RH.CreatePendingReferral(param: RHReferral(
                email: "xyz@gmail.com",
                IPAddress: "201.202.203.205",
                device: "iPhone",
                screen_size: "370.0 x 480.0",
                os_type:"iOS"))
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).status == .pending)
        #expect(try Self.subscriber(screen).outcome == .pendingReferralCreated)

        // The minimum form with a referrer the campaign has.
        RH.CreatePendingReferral(param: RHReferral(email: "abc@gmail.com", referrer: code))
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).status == .pending)
        #expect(screen.errors.count == 2)
    }

    @Test("3. Track Referral: the sample's unknown referrer is refused; Pending → Unconfirmed with three events")
    func trackReferral() async throws {
        let screen = try await Self.launch(goal: 3)
        RH.formSubmit(param: RHSubscriber(email: "referrer@example.com", domain: "www.abc.com"))
        _ = await screen.nextAnswer()
        let code = try Self.subscriber(screen).code

        // Not in the campaign, and "52f7acf8" names nobody: note 5, "referer is invalid or not present".
        RH.trackReferral(param: RHTrackReferral(
        email: "xyz@gmail.com", //Required value, capture this from user
        name: "ABC", //Optional value, capture this from user
        referrer:"52f7acf8", //Optional value, only required if the user does not exist in the campaign
        IPAddress: "201.202.203.205",//Optional value, only required if the user does not exist in the campaign
        device: "iPhone",//Optional value, only required if the user does not exist in the campaign
        screen_size: "370.0 x 480.0",//Optional value, only required if the user does not exist in the campaign
        os_type:"iOS"//Optional value, only required if the user does not exist in the campaign
        ))
        _ = await screen.nextAnswer()
        #expect(screen.errors.last?.error.serverCode == .referrerNotFound)

        // A Pending referral, then the minimum form: note 2, Unconfirmed with three conversion events.
        RH.CreatePendingReferral(param: RHReferral(email: "xyz@gmail.com", referrer: code))
        _ = await screen.nextAnswer()
        RH.trackReferral(param: RHTrackReferral(
        email: "xyz@gmail.com",
        ))
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).outcome == .customEventCompleted)
        #expect(try Self.subscriber(screen).status == .unconfirmed)

        // Note 6: an Unconfirmed referral tracked again is "custom event is already completed".
        RH.trackReferral(param: RHTrackReferral(email: "xyz@gmail.com"))
        _ = await screen.nextAnswer()
        #expect(screen.errors.last?.error.serverCode == .customEventCompleted)

        // Note 3 with the tracking-logic list's status: a new referral is Unconfirmed with three events.
        RH.trackReferral(param: RHTrackReferral(email: "new@example.com", referrer: code))
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).outcome == .customEventCompleted)
        #expect(try Self.subscriber(screen).status == .unconfirmed)
    }

    @Test("4. Confirm Referral and 5. Organic Track Referral: Unconfirmed → Confirmed; not a referral → organic")
    func confirmAndOrganic() async throws {
        let screen = try await Self.launch(goal: 3)
        RH.formSubmit(param: RHSubscriber(email: "referrer@example.com", domain: "www.abc.com"))
        _ = await screen.nextAnswer()
        let code = try Self.subscriber(screen).code
        RH.trackReferral(param: RHTrackReferral(email: "xyz@gmail.com", referrer: code))
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).status == .unconfirmed)

        RH.ConfirmReferral()
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).status == .confirmed)
        #expect(try Self.subscriber(screen).outcome == .referralConfirmed)

        // "Only verified referrals can be confirmed": confirming again is subscriber_not_found.
        RH.ConfirmReferral()
        _ = await screen.nextAnswer()
        #expect(screen.errors.last?.error.serverCode == .subscriberNotFound)

        RH.OrganicTrackReferral(param: RHOrganicReferral(email: "abc@gmail.com", name: "ABC"))
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).referred == false)
        #expect(try Self.subscriber(screen).outcome == .subscriberCreated)
        #expect(
            screen.answers.map(\.endpoint) == [
                .createNewSubscriber, .trackReferral, .confirmReferral, .organicTrackReferral,
            ])
    }

    @Test("6.–13.: update, details, share, referrals, leaderboard, referrer, rewards and delete report to the delegate")
    func subscriberMethods() async throws {
        let screen = try await Self.launch(goal: 1)
        RH.formSubmit(param: RHSubscriber(email: "abc@gmail.com", domain: "www.abc.com"))
        _ = await screen.nextAnswer()

        RH.UpdateSubscriber(param: RHSubscriber(email:    "abc@gmail.com", domain: "www.xyz.com", name: "abc"))
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).name == "abc")

        RH.getSubscriberDetail()
        _ = await screen.nextAnswer()
        #expect(try Self.subscriber(screen).email == "abc@gmail.com")

        RH.clickCapture(social: "facebook")
        _ = await screen.nextAnswer()
        #expect(screen.answers.last?.response == .share(RHShareCapture(social: "facebook")))

        RH.getMyReferrals()
        _ = await screen.nextAnswer()
        RH.getLeaderboard()
        _ = await screen.nextAnswer()

        // 12. Get Referrer: this device clicked nobody's link, so no referrer is identified.
        RH.GetReferrer()
        _ = await screen.nextAnswer()
        #expect(screen.errors.last?.endpoint == .getReferrer)
        #expect(screen.errors.last?.error.serverCode == .referrerNotIdentified)

        RH.RewardsList()
        _ = await screen.nextAnswer()
        RH.DeleteSubscriber()
        _ = await screen.nextAnswer()
        #expect(
            screen.answers.map(\.endpoint) == [
                .createNewSubscriber, .updateSubscriber, .subscriberDetail, .clickCapture, .myReferrals, .leaderboard,
                .rewardsList, .deleteSubscriber,
            ])
        // The page's delegate printed one line per call, named as the vendor SDK names its endpoints.
        #expect(screen.printed.count == 9)
        #expect(screen.printed.contains { $0.hasPrefix("DeleteReferral \n + ") })
    }

    @Test("The page's four screen-size spellings each reach the server as one size")
    func screenSizes() async throws {
        let screen = try await Self.launch(goal: 1)
        for (index, size) in ["393*852", "393 x 852", "393x852", "393.0 x 852.0"].enumerated() {
            RH.formSubmit(
                param: RHSubscriber(
                    email: "size\(index)@example.com", domain: "www.abc.com", name: "Size", referrer: nil,
                    IPAddress: "201.202.203.205", device: "iPhone", screen_size: size, os_type: "iOS"))
            _ = await screen.nextAnswer()
        }
        #expect(screen.errors.isEmpty, "\(screen.errors)")
        #expect(screen.answers.count == 4)
    }
}

/// A sample's answer was not what the page says.
struct SampleFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension RHError {
    /// The server's error code, for an error envelope.
    var serverCode: RHErrorCode? {
        guard case .server(let error) = self else { return nil }
        return error.code
    }
}
