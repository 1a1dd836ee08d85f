/// The fields of `OrganicTrackReferral(param:)`: track a referral, or add an organic subscriber, on the conversion
/// page.
///
/// Needs ``email``.
public struct RHOrganicReferral: Sendable, Hashable {
    /// `email`.
    public var email: String?
    /// `name`.
    public var name: String?
    /// `referrer`: the referrer's referral code or email, when known.
    public var referrer: String?
    /// `hosting_url`: the URL the referral link is built on.
    public var hostingURL: String?

    public init(email: String? = nil, name: String? = nil, referrer: String? = nil, hostingURL: String? = nil) {
        self.email = email
        self.name = name
        self.referrer = referrer
        self.hostingURL = hostingURL
    }
}
