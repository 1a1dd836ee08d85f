import CassetteKit
import Foundation
import JSONCore
import ReferralHeroSDK

/// What a ReferralHero flow runs with: `RH` instances (one per app install) on the flow's transport, base URL and
/// clock, each with an in-memory subscriber store and fixed device parameters, all reporting to one delegate whose
/// record is the flow's outcome.
struct ReferralHeroFlowSession: Sendable {
    /// The simulator's default campaign and token (its admin API can add others).
    static let campaign = "MF83c9616aa3"
    static let token = "rh-sim-token"
    static let domain = "https://example.com"

    let context: FlowContext
    let recorder = ReferralHeroOutcomeRecorder()

    /// An app install: its own subscriber store, the given device parameters, reporting to the recorder.
    func app(
        token: String = Self.token, campaign: String = Self.campaign, screenSize: String? = "393x852",
        ipAddress: String? = "203.0.113.7"
    ) -> ReferralHero {
        let clock = context.clock
        let rh = ReferralHero(
            configuration: RHConfiguration(apiToken: token, campaignUUID: campaign, serverURL: context.baseURL),
            transport: context.transport, subscriberStore: RHInMemorySubscriberStore(),
            deviceInfoProvider: .fixed(
                RHDeviceInfo(device: "iPhone", osType: "iOS", screenSize: screenSize, ipAddress: ipAddress)),
            now: { clock.date })
        rh.delegate = recorder
        return rh
    }

    /// The referrer, `referrer@example.com`, signs up on an app install of their own.
    func referrerSignsUp() async {
        await app().formSubmit(param: Self.subscriber("referrer@example.com")).value
    }

    /// `friend@example.com` signs up on `app`, referred by the referrer's email.
    func friendSignsUp(_ app: ReferralHero) async {
        await app.formSubmit(param: Self.subscriber("friend@example.com", referrer: "referrer@example.com")).value
    }

    /// A sign-up as `formSubmit` sends it.
    static func subscriber(_ email: String, name: String? = nil, referrer: String? = nil) -> RHSubscriber {
        RHSubscriber(email: email, domain: domain, name: name, referrer: referrer)
    }
}

/// The admin requests flows send to the simulator before they run (`Flow.simulatorSetup`).
enum ReferralHeroSetup {
    /// The default campaign's goal: one, two or three conversion events (Public Methods, tracking logic).
    static func goal(_ events: Int) -> CassetteRequest {
        request("PUT", "/campaigns/\(ReferralHeroFlowSession.campaign)", #"{"goal":\#(events)}"#)
    }

    /// A click on `referrer`'s link (code or email) from a device with these parameters.
    static func click(referrer: String, screenSize: String = "393x852") -> CassetteRequest {
        request(
            "POST", "/campaigns/\(ReferralHeroFlowSession.campaign)/clicks",
            #"{"referrer":"\#(referrer)","os_type":"iOS","device":"iPhone","ip_address":"203.0.113.7","screen_size":"\#(screenSize)"}"#
        )
    }

    /// The hourly call allowance.
    static func rateLimit(_ calls: Int) -> CassetteRequest {
        request("PUT", "/rate-limit", #"{"calls_per_hour":\#(calls)}"#)
    }

    private static func request(_ method: String, _ path: String, _ body: String) -> CassetteRequest {
        CassetteRequest(method: method, url: path, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}

/// The delegate of a flow's `RH` instances: every callback in order, with its endpoint name and a summary of the
/// answer (what the app would show) or the typed error.
final class ReferralHeroOutcomeRecorder: RHDelegate {
    private let events = Locked<[JSONValue]>([])

    var outcome: JSONValue { .array(events.withLock { $0 }) }

    func didReceiveAPIResponse(_ response: RHResponse, _ endpoint: RHEndpoint) async {
        let entry: JSONValue = ["endpoint": .string(endpoint.rawValue), "result": Self.summary(response)]
        events.withLock { $0.append(entry) }
    }

    func didFailWithError(_ error: RHError, _ endpoint: RHEndpoint) async {
        let entry: JSONValue = ["endpoint": .string(endpoint.rawValue), "error": Self.summary(error)]
        events.withLock { $0.append(entry) }
    }

    static func summary(_ error: RHError) -> JSONValue {
        switch error {
        case .server(let server):
            return [
                "code": .string(server.code.rawValue), "http_status": .number(JSONNumber(server.httpStatus)),
                "message": .string(server.message),
            ]
        case .missingParameter(let name, _): return ["missing_parameter": .string(name)]
        case .invalidParameter(let name, let value, _, _):
            return ["invalid_parameter": .string(name), "value": .string(value)]
        case .noStoredSubscriber: return ["no_stored_subscriber": true]
        default: return ["unexpected": .string(error.description)]
        }
    }

    static func summary(_ response: RHResponse) -> JSONValue {
        switch response {
        case .subscriber(let subscriber): return summary(subscriber)
        case .deletion(let deletion): return ["deleted": .string(deletion.id)]
        case .share(let share): return ["share_captured": .string(share.social)]
        case .referrals(let list):
            return [
                "referrals": .array(list.subscribers.map { summary($0) }),
                "total_objects": .number(JSONNumber(list.pagination.totalObjects)),
            ]
        case .leaderboard(let board):
            return [
                "count": .number(JSONNumber(board.count)),
                "ranking": .array(
                    board.ranking.map {
                        [
                            "position": .number(JSONNumber($0.position)), "email": .string($0.email),
                            "people_referred": .number(JSONNumber($0.peopleReferred)),
                        ]
                    }),
            ]
        case .referrer(let match):
            return ["referrer": ["id": .string(match.id), "email": .string(match.email), "code": .string(match.code)]]
        case .rewards(let list):
            return [
                "rewards": .array(
                    list.rewards.map {
                        [
                            "name": .string($0.name), "referrals": .number(JSONNumber($0.referrals)),
                            "status": .string($0.status.rawValue),
                        ]
                    })
            ]
        }
    }

    static func summary(_ subscriber: RHSubscriberData) -> JSONValue {
        [
            "response": subscriber.outcome.map { .string($0.rawValue) } ?? .null, "id": .string(subscriber.id),
            "email": .string(subscriber.email), "name": .string(subscriber.name),
            "referral_status": .string(subscriber.status.rawValue),
            "referred_by": subscriber.referredBy.id.map(JSONValue.string) ?? .null,
            "people_referred": .number(JSONNumber(subscriber.peopleReferred)),
            "pending_referrals": .number(JSONNumber(subscriber.pendingReferrals ?? 0)),
            "unconfirmed_referrals": .number(JSONNumber(subscriber.unconfirmedReferrals ?? 0)),
            "screen_size": subscriber.screenSize.map(JSONValue.string) ?? .null,
        ]
    }
}

extension Flow {
    /// A ReferralHero flow: `documentation` cites the Public Methods section, `steps` drive `RH` instances of a
    /// ``ReferralHeroFlowSession``, and the outcome is its delegate record.
    static func referralHero(
        _ name: String, _ documentation: String, kind: Kind = .flow, summary: String,
        setup: [CassetteRequest] = [], steps: @escaping @Sendable (ReferralHeroFlowSession) async throws -> Void
    ) -> Flow {
        Flow(
            vendor: "referralhero", name: name,
            documentation: "ReferralHero iOS SDK, Public Methods: \(documentation)",
            kind: kind, summary: summary, simulatorSetup: setup
        ) { context in
            let session = ReferralHeroFlowSession(context: context)
            try await steps(session)
            return session.recorder.outcome
        }
    }
}
