import Synchronization

// The Public Methods page calls the SDK through the type: `RH.delegate = self`, `RH.formSubmit(param:)`,
// `RH.getLeaderboard()`. These statics forward to one shared instance set at launch with `RH.configure(_:)`; called
// before that, each reports ``RHError/notConfigured(endpoint:)`` to the delegate.

extension RH {
    private static let sharedState = Mutex(SharedState())

    private struct SharedState {
        var instance: RH?
        weak var delegate: (any RHDelegate)?
    }

    /// Makes `rh` the instance the static methods use, handing it the static ``delegate`` if one is set.
    public static func configure(_ rh: RH) {
        let delegate = sharedState.withLock { state in
            state.instance = rh
            return state.delegate
        }
        if let delegate { rh.delegate = delegate }
    }

    /// The instance the static methods use, once ``configure(_:)`` set it.
    public static var shared: RH? { sharedState.withLock { $0.instance } }

    /// The delegate of the shared instance (`RH.delegate = self` in the page's `viewDidLoad`); held weakly.
    public static var delegate: (any RHDelegate)? {
        get { sharedState.withLock { $0.delegate } }
        set {
            let instance = sharedState.withLock { state in
                state.delegate = newValue
                return state.instance
            }
            instance?.delegate = newValue
        }
    }

    /// 1. Add Subscriber.
    @discardableResult
    public static func formSubmit(param: RHSubscriber) -> Task<Void, Never> {
        forward(.createNewSubscriber) { $0.formSubmit(param: param) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 2. Add Pending Referral.
    @discardableResult
    public static func CreatePendingReferral(param: RHReferral) -> Task<Void, Never> {
        forward(.createPendingReferral) { $0.CreatePendingReferral(param: param) }
    }

    /// 3. Track Referral.
    @discardableResult
    public static func trackReferral(param: RHTrackReferral) -> Task<Void, Never> {
        forward(.trackReferral) { $0.trackReferral(param: param) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 4. Confirm Referral.
    @discardableResult
    public static func ConfirmReferral() -> Task<Void, Never> {
        forward(.confirmReferral) { $0.ConfirmReferral() }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 5. Organic Track Referral.
    @discardableResult
    public static func OrganicTrackReferral(param: RHOrganicReferral) -> Task<Void, Never> {
        forward(.organicTrackReferral) { $0.OrganicTrackReferral(param: param) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 6. Update Subscriber Details.
    @discardableResult
    public static func UpdateSubscriber(param: RHSubscriber) -> Task<Void, Never> {
        forward(.updateSubscriber) { $0.UpdateSubscriber(param: param) }
    }

    /// 7. Get Subscriber Details.
    @discardableResult
    public static func getSubscriberDetail() -> Task<Void, Never> {
        forward(.subscriberDetail) { $0.getSubscriberDetail() }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 8. Delete Subscriber.
    @discardableResult
    public static func DeleteSubscriber() -> Task<Void, Never> {
        forward(.deleteSubscriber) { $0.DeleteSubscriber() }
    }

    /// 9. Capture Share.
    @discardableResult
    public static func clickCapture(social: String) -> Task<Void, Never> {
        forward(.clickCapture) { $0.clickCapture(social: social) }
    }

    /// 10. Get My Referrals.
    @discardableResult
    public static func getMyReferrals() -> Task<Void, Never> {
        forward(.myReferrals) { $0.getMyReferrals() }
    }

    /// 11. Get Leaderboard.
    @discardableResult
    public static func getLeaderboard() -> Task<Void, Never> {
        forward(.leaderboard) { $0.getLeaderboard() }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 12. Get Referrer.
    @discardableResult
    public static func GetReferrer() -> Task<Void, Never> {
        forward(.getReferrer) { $0.GetReferrer() }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 13. Get Rewards.
    @discardableResult
    public static func RewardsList() -> Task<Void, Never> {
        forward(.rewardsList) { $0.RewardsList() }
    }

    private static func forward(_ endpoint: RHEndpoint, _ call: (RH) -> Task<Void, Never>) -> Task<Void, Never> {
        if let shared { return call(shared) }
        let delegate = delegate
        return Task {
            await delegate?.didFailWithError(RHError.notConfigured(endpoint: endpoint), endpoint)
            await delegate?.didFailWithError(RHError.notConfigured(endpoint: endpoint) as any Error, endpoint.rawValue)
        }
    }
}
