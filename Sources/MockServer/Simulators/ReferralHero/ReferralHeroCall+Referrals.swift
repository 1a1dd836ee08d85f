import GRDB
import JSONCore

extension ReferralHeroCall {
    /// `CreatePendingReferral`: a referral in the Pending state, its referrer named by `referrer` (code or email)
    /// or found by matching the four mobile parameters against a recorded link click; no usable referrer is
    /// `referrer_not_found`. An existing email is identified, not overwritten.
    func createPendingReferral(_ body: ReferralHeroBody) throws -> JSONValue {
        let email = try email(body)
        let referrer: ReferralHeroSubscriber?
        if body.text("referrer") != nil {
            referrer = try namedReferrer(body)
        } else if let fingerprint = body.fingerprint {
            referrer = try clickedReferrer(fingerprint)
        } else {
            referrer = nil
        }
        guard let referrer else { throw ReferralHeroFailure(.referrerNotFound) }
        if let existing = try ReferralHeroSubscriber.find(email: email, campaign: campaign.uuid, db) {
            return try existing.json(db, response: "subscriber_retrieved")
        }
        return try insert(body, email: email, referrer: referrer, status: "pending", events: 0)
            .json(db, response: "pending_referral_created")
    }

    /// `trackReferral`: one more conversion event on the email's referral: Pending until the campaign's goal,
    /// then Confirmed (or Unconfirmed with manual confirmation). A referral past its goal is
    /// `custom_event_completed`; an unknown email with a `referrer` becomes a referral with this event; without
    /// one it is `subscriber_not_found`; an organic subscriber needs a `referrer` (`referrer_not_found`).
    func trackReferral(_ body: ReferralHeroBody) throws -> JSONValue {
        let email = try email(body)
        guard let existing = try ReferralHeroSubscriber.find(email: email, campaign: campaign.uuid, db) else {
            guard body.text("referrer") != nil else { throw ReferralHeroFailure(.subscriberNotFound) }
            return try referredByConversion(body, email: email)
        }
        return try track(existing, body)
    }

    /// `OrganicTrackReferral`: on the conversion page, tracks the email's referral like `trackReferral`, or adds
    /// an organic subscriber when the email is new and no `referrer` is sent; an existing organic subscriber
    /// without a `referrer` is identified.
    func organicTrackReferral(_ body: ReferralHeroBody) throws -> JSONValue {
        let email = try email(body)
        guard let existing = try ReferralHeroSubscriber.find(email: email, campaign: campaign.uuid, db) else {
            if body.text("referrer") != nil { return try referredByConversion(body, email: email) }
            return try insert(body, email: email, referrer: nil, status: "", events: 0)
                .json(db, response: "subscriber_created")
        }
        if existing.referrerID == nil, body.text("referrer") == nil {
            return try existing.json(db, response: "subscriber_retrieved")
        }
        return try track(existing, body)
    }

    /// `ConfirmReferral`: Unconfirmed → Confirmed; any other subscriber is `subscriber_not_found`.
    func confirmReferral(_ id: String) throws -> JSONValue {
        let subscriber = try subscriber(id)
        guard subscriber.referralStatus == "unconfirmed" else { throw ReferralHeroFailure(.subscriberNotFound) }
        try db.execute(
            sql: "UPDATE referralhero_subscribers SET referral_status = 'confirmed', updated_at = ? WHERE id = ?",
            arguments: [now, id])
        return try self.subscriber(id).json(db, response: "referral_confirmed")
    }

    private func track(_ subscriber: ReferralHeroSubscriber, _ body: ReferralHeroBody) throws -> JSONValue {
        switch subscriber.referralStatus {
        case "unconfirmed", "confirmed":
            throw ReferralHeroFailure(.customEventCompleted)
        case "":
            guard let referrer = try namedReferrer(body), referrer.id != subscriber.id else {
                throw ReferralHeroFailure(.referrerNotFound)
            }
            return try recordEvent(subscriber, referrer: referrer.id).json(db, response: "referral_tracked")
        default:
            return try recordEvent(subscriber).json(db, response: "referral_tracked")
        }
    }

    private func referredByConversion(_ body: ReferralHeroBody, email: String) throws -> JSONValue {
        guard let referrer = try namedReferrer(body) else { throw ReferralHeroFailure(.referrerNotFound) }
        return try insert(
            body, email: email, referrer: referrer, status: campaign.status(afterEvents: 1), events: 1
        ).json(db, response: "referral_tracked")
    }
}
