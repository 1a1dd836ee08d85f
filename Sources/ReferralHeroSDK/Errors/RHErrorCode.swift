/// The `code` of a ReferralHero error envelope (`{"status":"error","message":…,"code":…}`), with the HTTP status
/// the contract gives it (`Schemas/referralhero/referralhero.openapi.yaml`).
public enum RHErrorCode: String, Sendable, Hashable, CaseIterable {
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
    /// A pending or organic referral named a referrer nobody has, or none could be matched.
    case referrerNotFound = "referrer_not_found"
    /// The referral's conversion events are all recorded already.
    case customEventCompleted = "custom_event_completed"
    /// `GetReferrer` found no link click matching the device.
    case referrerNotIdentified = "referrer_not_identified"
    /// The body is not JSON, has a value of the wrong type, or a key the server does not know.
    case invalidRequestBody = "invalid_request_body"
    /// Track Referral or Add Pending Referral on a campaign whose goal is one conversion event (Public Methods, 3.,
    /// note 1; the code is from ReferralHero's REST error list, the message is assumed).
    case wrongListType = "wrong_list_type"

    /// The HTTP status the server answers this code with.
    public var httpStatus: Int {
        switch self {
        case .invalidToken, .invalidList: 401
        case .subscriberNotFound, .inactiveAccount: 403
        case .referrerNotIdentified: 404
        case .tooManyCalls: 429
        case .noToken, .noListUUID, .noSubscriberID, .noEmailAddress, .invalidEmailAddress, .noName, .noPoints,
            .noHostingURL, .referrerNotFound, .customEventCompleted, .invalidRequestBody, .wrongListType:
            400
        }
    }

    /// The server's `message` for this code.
    public var message: String {
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
