import GRDB
import JSONCore

/// The tracking logic of the Public Methods page (ReferralHero iOS SDK), per campaign goal of one, two or three
/// conversion events. A person is *a referral* when a referrer is named (`referrer`: code or email) or the four
/// mobile parameters match a recorded link click.
extension ReferralHeroCall {
    /// "2. Add Pending Referral": only for a goal of two or three events; a referral is created Pending, and
    /// without one no subscriber is created (`referrer_not_found`, "referer is invalid or not present"). An
    /// existing email is identified, not overwritten.
    func createPendingReferral(_ body: ReferralHeroBody) throws -> JSONValue {
        let email = try email(body)
        guard campaign.goal >= 2 else { throw ReferralHeroFailure(.wrongListType) }
        if let existing = try ReferralHeroSubscriber.find(email: email, campaign: campaign.uuid, db) {
            return try existing.json(db, response: "subscriber_retrieved")
        }
        guard let referrer = try identifiedReferrer(body) else { throw ReferralHeroFailure(.referrerNotFound) }
        return try insert(body, email: email, referrer: referrer, status: "pending")
            .json(db, response: "pending_referral_created")
    }

    /// "3. Track Referral": the campaign must track two or three events (note 1). A Pending referral, or one
    /// created on the spot from a referrer or the mobile parameters, becomes Confirmed (goal two) or Unconfirmed
    /// (goal three), answered `custom_event_completed` (notes 2, 3); a referral past Pending is
    /// `custom_event_completed` as an error, "custom event is already completed" (notes 4, 6); no referral and no
    /// referrer is `referrer_not_found`, "referer is invalid or not present" (note 5).
    func trackReferral(_ body: ReferralHeroBody) throws -> JSONValue {
        let email = try email(body)
        guard campaign.goal >= 2 else { throw ReferralHeroFailure(.wrongListType) }
        let existing = try ReferralHeroSubscriber.find(email: email, campaign: campaign.uuid, db)
        if let existing, let tracked = try complete(existing) { return tracked }
        guard let referrer = try identifiedReferrer(body), referrer.id != existing?.id else {
            throw ReferralHeroFailure(.referrerNotFound)
        }
        return try convert(existing, body, email: email, referrer: referrer)
    }

    /// "5. Organic Track Referral": tracks like Track Referral, and adds an organic subscriber when the person is
    /// not a referral; an existing organic subscriber with no referrer is identified. With a goal of one event,
    /// a referral is Confirmed at once (assumed: the page names only goals two and three for this method).
    func organicTrackReferral(_ body: ReferralHeroBody) throws -> JSONValue {
        let email = try email(body)
        let existing = try ReferralHeroSubscriber.find(email: email, campaign: campaign.uuid, db)
        if let existing, let tracked = try complete(existing) { return tracked }
        guard let referrer = try identifiedReferrer(body), referrer.id != existing?.id else {
            if let existing { return try existing.json(db, response: "subscriber_retrieved") }
            return try insert(body, email: email, referrer: nil, status: "").json(db, response: "subscriber_created")
        }
        return try convert(existing, body, email: email, referrer: referrer)
    }

    /// "4. Confirm Referral": Unconfirmed → Confirmed (a goal of three events); any other subscriber is
    /// `subscriber_not_found`, as the page says of confirming a non-verified referral.
    func confirmReferral(_ id: String) throws -> JSONValue {
        let subscriber = try subscriber(id)
        guard subscriber.referralStatus == "unconfirmed" else { throw ReferralHeroFailure(.subscriberNotFound) }
        try setStatus("confirmed", of: subscriber.id)
        return try self.subscriber(id).json(db, response: "referral_confirmed")
    }

    /// The referrer of this request: the one `referrer` names (an unknown one is `referrer_not_found`), else the
    /// one whose link the device with these mobile parameters clicked last, else nil.
    func identifiedReferrer(_ body: ReferralHeroBody) throws -> ReferralHeroSubscriber? {
        if let named = try namedReferrer(body) { return named }
        guard let fingerprint = body.fingerprint else { return nil }
        return try clickedReferrer(fingerprint)
    }

    /// A known referral's conversion: Pending → the goal's final status; past Pending → already completed;
    /// an organic subscriber (no referral) → nil, for the caller to decide.
    private func complete(_ subscriber: ReferralHeroSubscriber) throws -> JSONValue? {
        switch subscriber.referralStatus {
        case "pending":
            try setStatus(campaign.convertedStatus, of: subscriber.id)
            return try self.subscriber(subscriber.id).json(db, response: "custom_event_completed")
        case "unconfirmed", "confirmed":
            throw ReferralHeroFailure(.customEventCompleted)
        default:
            return nil
        }
    }

    /// A referral created (or an organic subscriber turned referral) at its conversion: the goal's final status.
    private func convert(
        _ existing: ReferralHeroSubscriber?, _ body: ReferralHeroBody, email: String, referrer: ReferralHeroSubscriber
    ) throws -> JSONValue {
        if let existing {
            try db.execute(
                sql: "UPDATE referralhero_subscribers SET referrer_id = ? WHERE id = ?",
                arguments: [referrer.id, existing.id])
            try setStatus(campaign.convertedStatus, of: existing.id)
            return try subscriber(existing.id).json(db, response: "custom_event_completed")
        }
        return try insert(body, email: email, referrer: referrer, status: campaign.convertedStatus)
            .json(db, response: "custom_event_completed")
    }

    private func setStatus(_ status: String, of id: String) throws {
        try db.execute(
            sql: "UPDATE referralhero_subscribers SET referral_status = ?, updated_at = ? WHERE id = ?",
            arguments: [status, now, id])
    }
}
