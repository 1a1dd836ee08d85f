// The thirteen methods of ReferralHero's iOS "Public Methods" page, under their documented names. Each starts the
// call and reports its outcome to the delegate with the endpoint name; the returned task ends after the delegate
// was called, so a caller can await it.

extension ReferralHero {
    /// 1. Add Subscriber: adds an organic subscriber or creates a referral (if identified) after a user signs up or
    /// logs in (POST `/subscribers`); reports as "Create new subscriber".
    ///
    /// Goal of one conversion event: a referral is created Confirmed. Goal of two or three: a referral is created
    /// Pending. Not a referral: an organic subscriber. A subscriber already in the campaign is identified; data is
    /// not overwritten. Needs `email` and `domain`; a `referrer` or the mobile parameters identify a referral.
    @discardableResult
    public func formSubmit(param: RHSubscriber) -> Task<Void, Never> {
        report(.createNewSubscriber) { .subscriber(try await $0.addSubscriber(param)) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 2. Add Pending Referral: creates a referral entering the first step of a multi-step funnel (POST
    /// `/subscribers/pending_referral`); reports as "Create Pending Referral". The campaign goal must be two or three
    /// conversion events; a referral is created Pending, and without a referral no subscriber is created.
    @discardableResult
    public func CreatePendingReferral(param: RHReferral) -> Task<Void, Never> {
        report(.createPendingReferral) { .subscriber(try await $0.createPendingReferral(param)) }
    }

    /// 3. Track Referral: tracks a referral conversion event, e.g. a purchase (POST
    /// `/subscribers/track_referral_conversion_event`); reports as "TrackReferral". What it sets, and the choice
    /// between the page's note 3 and its tracking-logic list: ``trackReferral(_:)``.
    @discardableResult
    public func trackReferral(param: RHTrackReferral) -> Task<Void, Never> {
        report(.trackReferral) { .subscriber(try await $0.trackReferral(param)) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 4. Confirm Referral: with a goal of three conversion events, confirms the stored subscriber's Unconfirmed
    /// referral at the third event (POST `/subscribers/{id}/confirm`); reports as "Confirm referral". Only verified
    /// referrals can be confirmed; any other is a `subscriber_not_found` error.
    @discardableResult
    public func ConfirmReferral() -> Task<Void, Never> {
        report(.confirmReferral) { .subscriber(try await $0.confirmReferral()) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 5. Organic Track Referral: adds an organic subscriber or tracks a referral on the conversion page, for a user
    /// not yet in the campaign (POST `/subscribers/organic_track_referral`); reports as "Organic Track Referral".
    /// A referral becomes Confirmed (two conversion events) or Unconfirmed (three); otherwise an organic subscriber
    /// is created.
    @discardableResult
    public func OrganicTrackReferral(param: RHOrganicReferral) -> Task<Void, Never> {
        report(.organicTrackReferral) { .subscriber(try await $0.organicTrackReferral(param)) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 6. Update Subscriber Details: updates the stored subscriber with the fields `param` sets (PATCH
    /// `/subscribers/{id}`); reports as "UpdateSubscriber".
    @discardableResult
    public func UpdateSubscriber(param: RHSubscriber) -> Task<Void, Never> {
        report(.updateSubscriber) { .subscriber(try await $0.updateSubscriber(param)) }
    }

    /// 7. Get Subscriber Details: retrieves the stored subscriber's details (GET `/subscribers/{id}`); reports as
    /// "SubscriberDetail".
    @discardableResult
    public func getSubscriberDetail() -> Task<Void, Never> {
        report(.subscriberDetail) { .subscriber(try await $0.subscriberDetail()) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 8. Delete Subscriber: deletes the newly created subscriber, the stored one (DELETE `/subscribers/{id}`);
    /// reports as "DeleteReferral".
    @discardableResult
    public func DeleteSubscriber() -> Task<Void, Never> {
        report(.deleteSubscriber) { .deletion(try await $0.deleteSubscriber()) }
    }

    /// 9. Capture Share: sends a share event on `social` (Facebook, messenger, …), captured as a share of the stored
    /// subscriber (POST `/subscribers/{id}/click_capture`); reports as "clickCapture".
    @discardableResult
    public func clickCapture(social: String) -> Task<Void, Never> {
        report(.clickCapture) { .share(try await $0.captureShare(social: social)) }
    }

    /// 10. Get My Referrals: retrieves all referrals of the stored subscriber (GET
    /// `/subscribers/{id}/referrals_data`); reports as "getMyReferrals".
    @discardableResult
    public func getMyReferrals() -> Task<Void, Never> {
        report(.myReferrals) { .referrals(try await $0.myReferrals()) }
    }

    /// 11. Get Leaderboard: retrieves the leaderboard of the configured campaign (GET `/leaderboard`); reports as
    /// "getLeaderboard".
    @discardableResult
    public func getLeaderboard() -> Task<Void, Never> {
        report(.leaderboard) { .leaderboard(try await $0.leaderboard()) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 12. Get Referrer: the referrer whose link this device clicked, identified from the mobile parameters (GET
    /// `/subscribers/referrer`); reports as "Get Referrer".
    @discardableResult
    public func GetReferrer() -> Task<Void, Never> {
        report(.getReferrer) { .referrer(try await $0.referrer()) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// 13. Get Rewards: the campaign's rewards for the stored subscriber (GET `/subscribers/{id}/rewards`); reports
    /// as "Rewards List".
    @discardableResult
    public func RewardsList() -> Task<Void, Never> {
        report(.rewardsList) { .rewards(try await $0.rewards()) }
    }

    /// Runs `operation` in a task and hands its outcome to the delegate, named `endpoint`.
    private func report(
        _ endpoint: RHEndpoint,
        _ operation: @escaping @Sendable (ReferralHero) async throws -> RHResponse
    ) -> Task<Void, Never> {
        Task {
            let capture = ResponseCapture()
            do {
                let response = try await ResponseCapture.$current.withValue(capture) { try await operation(self) }
                let delegate = delegate
                await delegate?.didReceiveAPIResponse(response, endpoint)
                await delegate?.didReceiveAPIResponse(capture.dictionary(), endpoint.rawValue)
            } catch {
                let failure = RHError(callFailure: error)
                let delegate = delegate
                await delegate?.didFailWithError(failure, endpoint)
                await delegate?.didFailWithError(failure as any Error, endpoint.rawValue)
            }
        }
    }
}
