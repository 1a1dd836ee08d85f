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

    /// "3. Track Referral": the campaign must track two or three events (note 1). A Pending referral becomes
    /// Confirmed (goal two) or Unconfirmed (goal three), answered `custom_event_completed` (note 2). A person whose
    /// email is not in the campaign is created on the spot when a referrer or the mobile parameters identify their
    /// referrer (note 3), with the tracking-logic list's status: Confirmed (goal two) or Unconfirmed (goal three),
    /// where note 3 says "confirmed" whatever the goal (assumed, see the schema). Anyone in the campaign who is not
    /// Pending, an organic subscriber included, is `custom_event_completed` as an error, "custom event is already
    /// completed" (notes 4, 6): notes 3 and 5 only create a referral for an identifier not in the campaign, so
    /// tracking never turns an existing subscriber into a referral. No referral and no referrer is
    /// `referrer_not_found`, "referer is invalid or not present" (note 5).
    func trackReferral(_ body: ReferralHeroBody) throws -> JSONValue {
        let email = try email(body)
        guard campaign.goal >= 2 else { throw ReferralHeroFailure(.wrongListType) }
        if let existing = try ReferralHeroSubscriber.find(email: email, campaign: campaign.uuid, db) {
            guard let tracked = try complete(existing) else { throw ReferralHeroFailure(.customEventCompleted) }
            return tracked
        }
        guard let referrer = try identifiedReferrer(body) else { throw ReferralHeroFailure(.referrerNotFound) }
        return try createConverted(body, email: email, referrer: referrer)
    }

    /// "5. Organic Track Referral": tracks like Track Referral, and adds an organic subscriber when the person is
    /// not a referral. A subscriber already in the campaign who is neither Pending nor past it (an organic one) is
    /// identified and left as it is, referrer or not (assumed: the page is silent; Add Subscriber identifies
    /// existing subscribers without overwriting them). With a goal of one event, a referral is Confirmed at once
    /// (assumed: the page names only goals two and three for this method).
    func organicTrackReferral(_ body: ReferralHeroBody) throws -> JSONValue {
        let email = try email(body)
        if let existing = try ReferralHeroSubscriber.find(email: email, campaign: campaign.uuid, db) {
            if let tracked = try complete(existing) { return tracked }
            return try existing.json(db, response: "subscriber_retrieved")
        }
        guard let referrer = try identifiedReferrer(body) else {
            return try insert(body, email: email, referrer: nil, status: "").json(db, response: "subscriber_created")
        }
        return try createConverted(body, email: email, referrer: referrer)
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

    /// A referral created at its conversion, with the goal's final status.
    private func createConverted(
        _ body: ReferralHeroBody, email: String, referrer: ReferralHeroSubscriber
    ) throws -> JSONValue {
        try insert(body, email: email, referrer: referrer, status: campaign.convertedStatus)
            .json(db, response: "custom_event_completed")
    }

    private func setStatus(_ status: String, of id: String) throws {
        try db.execute(
            sql: "UPDATE referralhero_subscribers SET referral_status = ?, updated_at = ? WHERE id = ?",
            arguments: [status, now, id])
    }
}
