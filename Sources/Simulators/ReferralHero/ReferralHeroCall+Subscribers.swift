import JSONCore

extension ReferralHeroCall {
    /// "1. Add Subscriber" (`formSubmit`): a referral (a named referrer, or the mobile parameters matching a link
    /// click) is created Confirmed with a goal of one event and Pending with two or three (or Pending when the app
    /// sends `status: custom_event_pending`); not a referral, an organic subscriber; an existing email is
    /// identified and its data not overwritten.
    func addSubscriber(_ body: ReferralHeroBody) throws -> JSONValue {
        let email = try email(body)
        if let existing = try ReferralHeroSubscriber.find(email: email, campaign: campaign.uuid, db) {
            return try existing.json(db, response: "subscriber_retrieved")
        }
        guard body.host != nil else { throw ReferralHeroFailure(.noHostingURL) }
        guard let referrer = try identifiedReferrer(body) else {
            let subscriber = try insert(body, email: email, referrer: nil, status: "")
            pagesKept.isSet = try ReferralHeroLeaderboard.unchanged(
                byOrganicSignUp: Int(subscriber.signup), campaign: campaign.uuid, db)
            return try subscriber.json(db, response: "subscriber_created")
        }
        let status = body.text("status") == "custom_event_pending" ? "pending" : campaign.signUpStatus
        return try insert(body, email: email, referrer: referrer, status: status)
            .json(db, response: "subscriber_created")
    }

    /// `UpdateSubscriber`: only the keys sent change; the email must stay valid.
    func updateSubscriber(_ id: String, _ body: ReferralHeroBody) throws -> JSONValue {
        let subscriber = try subscriber(id)
        if body.has("email") { _ = try email(body) }
        let columns: [(column: String, key: String)] = [
            ("email", "email"), ("name", "name"), ("phone_number", "phone_number"),
            ("crypto_wallet_address", "crypto_wallet_address"), ("crypto_wallet_provider", "crypto_wallet_provider"),
            ("other_identifier_value", "other_identifier_value"), ("extra_field", "extra_field"),
            ("extra_field_2", "extra_field_2"), ("option_field", "option_field_value"), ("source", "source"),
            ("device", "device"), ("os_type", "os_type"), ("ip_address", "ip_address"),
        ]
        for (column, key) in columns where body.has(key) {
            try db.execute(
                sql: "UPDATE referralhero_subscribers SET \(column) = ? WHERE id = ?",
                arguments: [body.values[key]?.stringValue ?? "", subscriber.id])
        }
        if let host = body.host {
            try db.execute(sql: "UPDATE referralhero_subscribers SET host = ? WHERE id = ?", arguments: [host, id])
        }
        if let points = body.values["points"]?.numberValue?.integer {
            try db.execute(
                sql: "UPDATE referralhero_subscribers SET points = ? WHERE id = ?", arguments: [Int(points), id])
        }
        if let value = body.values["conversion_value"]?.doubleValue {
            try db.execute(
                sql: "UPDATE referralhero_subscribers SET conversion_amount = ? WHERE id = ?", arguments: [value, id])
        }
        try db.execute(sql: "UPDATE referralhero_subscribers SET updated_at = ? WHERE id = ?", arguments: [now, id])
        return try self.subscriber(id).json(db, response: "subscriber_updated")
    }

    /// `DeleteSubscriber`: the subscriber and their share counts go; people they referred keep their referral
    /// state and show an empty `referred_by`.
    func deleteSubscriber(_ id: String) throws -> JSONValue {
        let subscriber = try subscriber(id)
        try db.execute(sql: "DELETE FROM referralhero_subscribers WHERE id = ?", arguments: [subscriber.id])
        try db.execute(
            sql: "INSERT INTO referralhero_departures (campaign, signup) VALUES (?, ?)",
            arguments: [subscriber.campaign, subscriber.signup])
        try db.execute(sql: "DELETE FROM referralhero_shares WHERE subscriber_id = ?", arguments: [subscriber.id])
        return ["response": "subscriber_deleted", "id": .string(subscriber.id)]
    }
}
