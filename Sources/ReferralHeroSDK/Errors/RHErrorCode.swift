/// The `code` of a ReferralHero error envelope (`{"status":"error","message":…,"code":…}`), with the HTTP status
/// the contract gives it (`Schemas/referralhero/referralhero.openapi.yaml`).
public enum RHErrorCode: String, Sendable, Hashable, CaseIterable {
    /// `no_token`: the API token is missing.
    case noToken = "no_token"
    /// `invalid_token`: the API token is not valid.
    case invalidToken = "invalid_token"
    /// `inactive_account`: the account is inactive.
    case inactiveAccount = "inactive_account"
    /// `too_many_calls`: the rate limit was reached.
    case tooManyCalls = "too_many_calls"
    /// `no_list_uuid`: the campaign uuid is missing.
    case noListUUID = "no_list_uuid"
    /// `invalid_list`: the campaign uuid is invalid or does not exist.
    case invalidList = "invalid_list"
    /// `no_subscriber_id`: the subscriber id is missing.
    case noSubscriberID = "no_subscriber_id"
    /// `subscriber_not_found`: the subscriber does not exist (also confirming a referral that is not Unconfirmed, as
    /// the page says of a non-verified referral).
    case subscriberNotFound = "subscriber_not_found"
    /// `no_email_address`: the email is missing.
    case noEmailAddress = "no_email_address"
    /// `invalid_email_address`: the email is not valid.
    case invalidEmailAddress = "invalid_email_address"
    /// `no_name`: the name is missing.
    case noName = "no_name"
    /// `no_points`: the points are missing.
    case noPoints = "no_points"
    /// `no_hosting_url`: the domain (hosting URL) is missing.
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
