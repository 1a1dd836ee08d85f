// The thirteen methods of ReferralHero's iOS "Public Methods" page, under their documented names. Each starts the
// call and reports its outcome to the delegate with the endpoint name; the returned task ends after the delegate
// was called, so a caller can await it.

extension RH {
    /// Adds a subscriber (POST `/subscribers`); reports as "Create new subscriber".
    @discardableResult
    public func formSubmit(param: RHSubscriber) -> Task<Void, Never> {
        report(.createNewSubscriber) { .subscriber(try await $0.addSubscriber(param)) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Creates a pending referral (POST `/subscribers/pending_referral`); reports as "Create Pending Referral".
    @discardableResult
    public func CreatePendingReferral(param: RHReferral) -> Task<Void, Never> {
        report(.createPendingReferral) { .subscriber(try await $0.createPendingReferral(param)) }
    }

    /// Tracks a conversion event (POST `/subscribers/track_referral_conversion_event`); reports as "TrackReferral".
    @discardableResult
    public func trackReferral(param: RHTrackReferral) -> Task<Void, Never> {
        report(.trackReferral) { .subscriber(try await $0.trackReferral(param)) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Confirms the stored subscriber's referral (POST `/subscribers/{id}/confirm`); reports as "Confirm referral".
    @discardableResult
    public func ConfirmReferral() -> Task<Void, Never> {
        report(.confirmReferral) { .subscriber(try await $0.confirmReferral()) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Tracks a referral or adds an organic subscriber (POST `/subscribers/organic_track_referral`); reports as
    /// "Organic Track Referral".
    @discardableResult
    public func OrganicTrackReferral(param: RHOrganicReferral) -> Task<Void, Never> {
        report(.organicTrackReferral) { .subscriber(try await $0.organicTrackReferral(param)) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Updates the stored subscriber (PATCH `/subscribers/{id}`); reports as "UpdateSubscriber".
    @discardableResult
    public func UpdateSubscriber(param: RHSubscriber) -> Task<Void, Never> {
        report(.updateSubscriber) { .subscriber(try await $0.updateSubscriber(param)) }
    }

    /// The stored subscriber's details (GET `/subscribers/{id}`); reports as "SubscriberDetail".
    @discardableResult
    public func getSubscriberDetail() -> Task<Void, Never> {
        report(.subscriberDetail) { .subscriber(try await $0.subscriberDetail()) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// Deletes the stored subscriber (DELETE `/subscribers/{id}`); reports as "DeleteReferral".
    @discardableResult
    public func DeleteSubscriber() -> Task<Void, Never> {
        report(.deleteSubscriber) { .deletion(try await $0.deleteSubscriber()) }
    }

    /// Counts a share on `social` (POST `/subscribers/{id}/click_capture`); reports as "clickCapture".
    @discardableResult
    public func clickCapture(social: String) -> Task<Void, Never> {
        report(.clickCapture) { .share(try await $0.captureShare(social: social)) }
    }

    /// The stored subscriber's referrals (GET `/subscribers/{id}/referrals_data`); reports as "getMyReferrals".
    @discardableResult
    public func getMyReferrals() -> Task<Void, Never> {
        report(.myReferrals) { .referrals(try await $0.myReferrals()) }
    }

    /// The campaign's leaderboard (GET `/leaderboard`); reports as "getLeaderboard".
    @discardableResult
    public func getLeaderboard() -> Task<Void, Never> {
        report(.leaderboard) { .leaderboard(try await $0.leaderboard()) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The referrer whose link this device clicked (GET `/subscribers/referrer`); reports as "Get Referrer".
    @discardableResult
    public func GetReferrer() -> Task<Void, Never> {
        report(.getReferrer) { .referrer(try await $0.referrer()) }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The stored subscriber's rewards (GET `/subscribers/{id}/rewards`); reports as "Rewards List".
    @discardableResult
    public func RewardsList() -> Task<Void, Never> {
        report(.rewardsList) { .rewards(try await $0.rewards()) }
    }

    /// Runs `operation` in a task and hands its outcome to the delegate, named `endpoint`.
    private func report(
        _ endpoint: RHEndpoint,
        _ operation: @escaping @Sendable (RH) async throws -> RHResponse
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
