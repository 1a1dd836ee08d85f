/// The error codes the ReferralHero simulator answers with, the HTTP status of each and the server's message:
/// the table of `Schemas/referralhero/referralhero.openapi.yaml` (its `info.description` and the `ErrorCode`
/// components), kept here in the simulator's own words so that it shares no code with `ReferralHeroSDK`.
enum ReferralHeroErrorCode: String, CaseIterable {
    case noToken = "no_token"
    case invalidToken = "invalid_token"
    case inactiveAccount = "inactive_account"
    case tooManyCalls = "too_many_calls"
    case noListUUID = "no_list_uuid"
    case invalidList = "invalid_list"
    case noSubscriberID = "no_subscriber_id"
    case subscriberNotFound = "subscriber_not_found"
    case noEmailAddress = "no_email_address"
    case invalidEmailAddress = "invalid_email_address"
    case noName = "no_name"
    case noPoints = "no_points"
    case noHostingURL = "no_hosting_url"
    case referrerNotFound = "referrer_not_found"
    case customEventCompleted = "custom_event_completed"
    case referrerNotIdentified = "referrer_not_identified"
    case invalidRequestBody = "invalid_request_body"
    case wrongListType = "wrong_list_type"

    /// The status the contract declares for the code.
    var status: Int {
        switch self {
        case .invalidToken, .invalidList: 401
        case .subscriberNotFound, .inactiveAccount: 403
        case .referrerNotIdentified: 404
        case .tooManyCalls: 429
        default: 400
        }
    }

    /// The server's `message`.
    var message: String {
        switch self {
        case .noToken: "Missing API token"
        case .invalidToken: "Invalid API token"
        case .inactiveAccount: "Your account is inactive"
        case .tooManyCalls: "Rate limit reached"
        case .noListUUID: "Missing list uuid"
        case .invalidList: #"The provided "uuid" is invalid or does not exist"#
        case .noSubscriberID: "Missing subscriber id"
        case .subscriberNotFound: "The provided subscriber does not exist"
        case .noEmailAddress: "Missing email address"
        case .invalidEmailAddress: "Invalid email address"
        case .noName: "Missing name"
        case .noPoints: "Missing points"
        case .noHostingURL: "Missing hosting url"
        case .referrerNotFound: "referer is invalid or not present"
        case .customEventCompleted: "custom event is already completed"
        case .referrerNotIdentified: "referrer not found"
        case .invalidRequestBody: "The request body is not valid for this endpoint"
        case .wrongListType: "The campaign is not set up as a custom or multi-step event"
        }
    }
}
