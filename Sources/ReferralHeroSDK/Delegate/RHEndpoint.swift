/// The endpoint names `RH` passes to its delegate, spelled as the shipped iOS SDK spells them.
public enum RHEndpoint: String, Sendable, Hashable, CaseIterable {
    /// `formSubmit(param:)`: POST `/subscribers`.
    case createNewSubscriber = "Create new subscriber"
    /// `getSubscriberDetail()`: GET `/subscribers/{id}`.
    case subscriberDetail = "SubscriberDetail"
    /// `UpdateSubscriber(param:)`: PATCH `/subscribers/{id}`.
    case updateSubscriber = "UpdateSubscriber"
    /// `DeleteSubscriber()`: DELETE `/subscribers/{id}`. The iOS SDK names it "DeleteReferral".
    case deleteSubscriber = "DeleteReferral"
    /// `trackReferral(param:)`: POST `/subscribers/track_referral_conversion_event`.
    case trackReferral = "TrackReferral"
    /// `CreatePendingReferral(param:)`: POST `/subscribers/pending_referral`.
    case createPendingReferral = "Create Pending Referral"
    /// `OrganicTrackReferral(param:)`: POST `/subscribers/organic_track_referral`.
    case organicTrackReferral = "Organic Track Referral"
    /// `ConfirmReferral()`: POST `/subscribers/{id}/confirm`.
    case confirmReferral = "Confirm referral"
    /// `clickCapture(social:)`: POST `/subscribers/{id}/click_capture`.
    case clickCapture = "clickCapture"
    /// `getMyReferrals()`: GET `/subscribers/{id}/referrals_data`.
    case myReferrals = "getMyReferrals"
    /// `getLeaderboard()`: GET `/leaderboard`.
    case leaderboard = "getLeaderboard"
    /// `GetReferrer()`: GET `/subscribers/referrer`.
    case getReferrer = "Get Referrer"
    /// `RewardsList()`: GET `/subscribers/{id}/rewards`.
    case rewardsList = "Rewards List"
}
