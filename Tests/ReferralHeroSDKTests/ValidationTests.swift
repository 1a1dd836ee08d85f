import ReferralHeroSDK
import Testing

@Suite("Validation")
struct ValidationTests {
    /// Asserts that `call` fails with `expected` and sends nothing.
    private func expectRefusal<T>(
        _ expected: RHError,
        store: any RHSubscriberStore = RHInMemorySubscriberStore(subscriberID: TestSDK.subscriberID),
        device: RHDeviceInfoProvider = .fixed(TestSDK.device),
        token: String = TestSDK.token,
        campaign: String = TestSDK.campaign,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ call: (ReferralHero) async throws -> T
    ) async {
        let transport = RecordingTransport()
        let rh = TestSDK.make(transport: transport, store: store, device: device, token: token, campaign: campaign)
        let error = await TestSDK.error { try await call(rh) }
        #expect(error == expected, sourceLocation: sourceLocation)
        #expect(transport.requests.isEmpty, sourceLocation: sourceLocation)
    }

    /// A call whose input lacks a required parameter, and the parameter the refusal must name.
    struct MissingInput: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var parameter: String
        var endpoint: RHEndpoint
        var call: @Sendable (ReferralHero) async throws -> Void

        static let all: [MissingInput] = [
            MissingInput(
                testDescription: "formSubmit without email", parameter: "email", endpoint: .createNewSubscriber
            ) {
                _ = try await $0.addSubscriber(RHSubscriber(domain: "https://example.com"))
            },
            MissingInput(
                testDescription: "formSubmit with a blank email", parameter: "email", endpoint: .createNewSubscriber
            ) {
                _ = try await $0.addSubscriber(RHSubscriber(email: "  ", domain: "https://example.com"))
            },
            MissingInput(
                testDescription: "formSubmit without domain", parameter: "domain", endpoint: .createNewSubscriber
            ) {
                _ = try await $0.addSubscriber(RHSubscriber(email: "ada@example.com"))
            },
            MissingInput(
                testDescription: "CreatePendingReferral without email", parameter: "email",
                endpoint: .createPendingReferral
            ) {
                _ = try await $0.createPendingReferral(RHReferral(referrer: "3ab0f674"))
            },
            MissingInput(testDescription: "trackReferral without email", parameter: "email", endpoint: .trackReferral) {
                _ = try await $0.trackReferral(RHTrackReferral(name: "Bo"))
            },
            MissingInput(
                testDescription: "OrganicTrackReferral without email", parameter: "email",
                endpoint: .organicTrackReferral
            ) {
                _ = try await $0.organicTrackReferral(RHOrganicReferral(name: "Cy"))
            },
            MissingInput(
                testDescription: "clickCapture with an empty channel", parameter: "social", endpoint: .clickCapture
            ) {
                _ = try await $0.captureShare(social: "")
            },
        ]
    }

    @Test("a call without a required parameter is refused, naming it", arguments: MissingInput.all)
    func missingParameter(input: MissingInput) async {
        await expectRefusal(.missingParameter(input.parameter, endpoint: input.endpoint), input.call)
    }

    @Test("a pending referral without a referrer needs all four device parameters")
    func pendingNeedsReferrerOrDevice() async {
        let noAddress = RHDeviceInfoProvider.fixed(RHDeviceInfo(device: "iPhone", osType: "iOS", screenSize: "393x852"))
        let expected = RHError.missingParameter(
            "referrer (or all of device, os_type, screen_size, ip_address)", endpoint: .createPendingReferral)
        await expectRefusal(expected, device: noAddress) {
            try await $0.createPendingReferral(RHReferral(email: "bo@example.com"))
        }
    }

    @Test("a pending referral with a referrer needs no device parameters")
    func pendingWithReferrer() async throws {
        let transport = RecordingTransport()
        let rh = TestSDK.make(transport: transport, device: .fixed(RHDeviceInfo()))
        _ = try await rh.createPendingReferral(RHReferral(email: "bo@example.com", referrer: "3ab0f674"))
        #expect(try transport.requests.only?.bodyKeys() == ["email", "referrer", "timestamp"])
    }

    @Test("a pending referral with all four device parameters needs no referrer")
    func pendingWithDevice() async throws {
        let transport = RecordingTransport()
        _ = try await TestSDK.make(transport: transport).createPendingReferral(RHReferral(email: "bo@example.com"))
        #expect(try transport.requests.only?.bodyKeys() == TestSDK.deviceKeys.union(["email", "timestamp"]))
    }

    @Test(
        "a method on the stored subscriber needs one stored",
        arguments: [
            RHEndpoint.subscriberDetail, .updateSubscriber, .deleteSubscriber, .confirmReferral, .clickCapture,
            .myReferrals, .rewardsList,
        ])
    func storedSubscriberRequired(endpoint: RHEndpoint) async {
        await expectRefusal(.noStoredSubscriber(endpoint: endpoint), store: RHInMemorySubscriberStore()) {
            try await $0.callNeedingSubscriber(endpoint)
        }
    }

    @Test(
        "every method needs an API token and a campaign uuid",
        arguments: DocumentedCall.all, ["api token", "campaign uuid"])
    func configurationRequired(call: DocumentedCall, blank: String) async {
        let transport = RecordingTransport()
        let delegate = RecordingDelegate()
        let rh = TestSDK.make(
            transport: transport, token: blank == "api token" ? " " : TestSDK.token,
            campaign: blank == "campaign uuid" ? "" : TestSDK.campaign)
        rh.delegate = delegate
        await call.invoke(rh).value
        #expect(delegate.events == [.failed(.missingParameter(blank, endpoint: call.endpoint), call.endpoint)])
        #expect(transport.requests.isEmpty)
    }

    @Test("a screen size that cannot be read is refused before sending")
    func badScreenSize() async {
        let device = RHDeviceInfoProvider.fixed(RHDeviceInfo(screenSize: "big"))
        let expected = RHError.invalidParameter(
            "screen_size", value: "big", expected: "width and height like 393*852, 393x852 or 393.0 x 852.0",
            endpoint: .getReferrer)
        await expectRefusal(expected, device: device) { try await $0.referrer() }
    }
}

extension ReferralHero {
    /// The async form of a method that works on the stored subscriber.
    fileprivate func callNeedingSubscriber(_ endpoint: RHEndpoint) async throws {
        switch endpoint {
        case .subscriberDetail: _ = try await subscriberDetail()
        case .updateSubscriber: _ = try await updateSubscriber(RHSubscriber(name: "Ada"))
        case .deleteSubscriber: _ = try await deleteSubscriber()
        case .confirmReferral: _ = try await confirmReferral()
        case .clickCapture: _ = try await captureShare(social: "facebook")
        case .myReferrals: _ = try await myReferrals()
        case .rewardsList: _ = try await rewards()
        default: Issue.record("\(endpoint.rawValue) does not work on the stored subscriber")
        }
    }
}
