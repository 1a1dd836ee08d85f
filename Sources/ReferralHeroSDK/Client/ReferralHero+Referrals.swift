// The async API: referral calls.
extension ReferralHero {
    /// 2. Add Pending Referral, typed: creates a referral in the Pending state for `referral.email`
    /// (`CreatePendingReferral`; a campaign goal of two or three conversion events) and stores the subscriber's id.
    public func createPendingReferral(_ referral: RHReferral) async throws(RHError) -> RHSubscriberData {
        let connection = try connection(for: .createPendingReferral)
        let device = try await connection.deviceInfo(filling: referral.deviceInfo, for: .createPendingReferral)
        try referral.validate(device: device)
        let body = referral.requestBody(device: device, timestamp: connection.timestamp())
        let envelope = try await connection.call {
            try await $0.createPendingReferral(path: .init(uuid: connection.campaign), body: .json(.init(body))).ok
                .body.json
        }
        return try await connection.storing(RHSubscriberData(envelope.data))
    }

    /// 3. Track Referral, typed: records one conversion event of `track.email`'s referral (`trackReferral`) and
    /// stores the subscriber's id.
    ///
    /// A referral Pending in the campaign, or one created on the spot from a `referrer` or the mobile parameters
    /// when its unique identifier is not in the campaign yet, is set Confirmed (campaign goal of two conversion
    /// events) or Unconfirmed (three), answered `custom_event_completed`. The page's note 3 calls the new referral
    /// "confirmed" whatever the goal; the tracking-logic list wins (assumed, `Schemas/referralhero`), so with three
    /// events the answer's `status` is `unconfirmed` and ``confirmReferral()`` confirms it later. A subscriber who is
    /// in the campaign but not Pending, organic subscribers included, gets note 4's error "custom event is already
    /// completed": tracking never turns an existing subscriber into a referral.
    public func trackReferral(_ track: RHTrackReferral) async throws(RHError) -> RHSubscriberData {
        let connection = try connection(for: .trackReferral)
        let device = try connection.normalized(track.deviceInfo, for: .trackReferral)
        let body = try track.requestBody(device: device, timestamp: connection.timestamp())
        let envelope = try await connection.call {
            try await $0.trackReferralConversionEvent(path: .init(uuid: connection.campaign), body: .json(.init(body)))
                .ok.body.json
        }
        return try await connection.storing(RHSubscriberData(envelope.data))
    }

    /// 5. Organic Track Referral, typed: tracks a referral as ``trackReferral(_:)`` does, or adds an organic
    /// subscriber when the person is not a referral (`OrganicTrackReferral`), and stores the subscriber's id. A
    /// subscriber already in the campaign who is not Pending and not a referral is identified, not changed
    /// (assumed, as Add Subscriber treats existing subscribers; the page does not say).
    public func organicTrackReferral(_ organic: RHOrganicReferral) async throws(RHError) -> RHSubscriberData {
        let connection = try connection(for: .organicTrackReferral)
        let device = try connection.normalized(organic.deviceInfo, for: .organicTrackReferral)
        let body = try organic.requestBody(device: device, timestamp: connection.timestamp())
        let envelope = try await connection.call {
            try await $0.organicTrackReferral(path: .init(uuid: connection.campaign), body: .json(.init(body))).ok.body
                .json
        }
        return try await connection.storing(RHSubscriberData(envelope.data))
    }

    /// 4. Confirm Referral, typed: confirms the stored subscriber's Unconfirmed referral (`ConfirmReferral`; a
    /// campaign goal of three conversion events). A referral that is not Unconfirmed is `subscriber_not_found`.
    public func confirmReferral() async throws(RHError) -> RHSubscriberData {
        let connection = try connection(for: .confirmReferral)
        let id = try await connection.storedSubscriberID(for: .confirmReferral)
        let body = Components.Schemas.TimestampRequest(timestamp: connection.timestamp())
        let envelope = try await connection.call {
            try await $0.confirmReferral(
                path: .init(uuid: connection.campaign, subscriberId: id), body: .json(body)
            ).ok.body.json
        }
        return RHSubscriberData(envelope.data)
    }

    /// 9. Capture Share, typed: counts a share of the stored subscriber's link on `social`, e.g. `facebook`
    /// (`clickCapture(social:)`).
    public func captureShare(social: String) async throws(RHError) -> RHShareCapture {
        let connection = try connection(for: .clickCapture)
        let id = try await connection.storedSubscriberID(for: .clickCapture)
        try require(social, named: "social", for: .clickCapture)
        let body = Components.Schemas.ShareRequest(social: social, timestamp: connection.timestamp())
        let envelope = try await connection.call {
            try await $0.captureShare(
                path: .init(uuid: connection.campaign, subscriberId: id), body: .json(body)
            ).ok.body.json
        }
        return RHShareCapture(social: envelope.data.social)
    }

    /// 12. Get Referrer, typed: the referrer whose link this device clicked, matched on the device parameters
    /// (`GetReferrer`).
    public func referrer() async throws(RHError) -> RHReferrerMatch {
        let connection = try connection(for: .getReferrer)
        let device = try await connection.deviceInfo(for: .getReferrer)
        let query = Operations.GetReferrer.Input.Query(
            osType: device.osType, device: device.device, ipAddress: device.ipAddress, screenSize: device.screenSize)
        let envelope = try await connection.call {
            try await $0.getReferrer(path: .init(uuid: connection.campaign), query: query).ok.body.json
        }
        return RHReferrerMatch(envelope.data.referrer)
    }
}
