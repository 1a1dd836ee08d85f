// The async API: referral calls.
extension RH {
    /// Creates a referral in the Pending state for `referral.email` (`CreatePendingReferral`) and stores the
    /// subscriber's id.
    public func createPendingReferral(_ referral: RHReferral) async throws(RHError) -> RHSubscriberData {
        try checkConfiguration(for: .createPendingReferral)
        let device = try await deviceInfo(filling: referral.deviceInfo, for: .createPendingReferral)
        try referral.validate(device: device)
        let body = referral.requestBody(device: device, timestamp: timestamp())
        let envelope = try await call {
            try await $0.createPendingReferral(path: .init(uuid: campaign), body: .json(.init(body))).ok.body.json
        }
        return try await storing(RHSubscriberData(envelope.data))
    }

    /// Records one conversion event of `track.email`'s referral (`trackReferral`) and stores the subscriber's id.
    public func trackReferral(_ track: RHTrackReferral) async throws(RHError) -> RHSubscriberData {
        try checkConfiguration(for: .trackReferral)
        let device = try normalized(track.deviceInfo, for: .trackReferral)
        let body = try track.requestBody(device: device, timestamp: timestamp())
        let envelope = try await call {
            try await $0.trackReferralConversionEvent(path: .init(uuid: campaign), body: .json(.init(body))).ok.body
                .json
        }
        return try await storing(RHSubscriberData(envelope.data))
    }

    /// Tracks a referral, or adds an organic subscriber, on the conversion page (`OrganicTrackReferral`), and stores
    /// the subscriber's id.
    public func organicTrackReferral(_ organic: RHOrganicReferral) async throws(RHError) -> RHSubscriberData {
        try checkConfiguration(for: .organicTrackReferral)
        let device = try normalized(organic.deviceInfo, for: .organicTrackReferral)
        let body = try organic.requestBody(device: device, timestamp: timestamp())
        let envelope = try await call {
            try await $0.organicTrackReferral(path: .init(uuid: campaign), body: .json(.init(body))).ok.body.json
        }
        return try await storing(RHSubscriberData(envelope.data))
    }

    /// Confirms the stored subscriber's Unconfirmed referral (`ConfirmReferral`).
    public func confirmReferral() async throws(RHError) -> RHSubscriberData {
        let id = try await storedSubscriberID(for: .confirmReferral)
        let body = Components.Schemas.TimestampRequest(timestamp: timestamp())
        let envelope = try await call {
            try await $0.confirmReferral(path: .init(uuid: campaign, subscriberId: id), body: .json(body)).ok.body.json
        }
        return RHSubscriberData(envelope.data)
    }

    /// Counts a share of the stored subscriber's link on `social`, e.g. `facebook` (`clickCapture(social:)`).
    public func captureShare(social: String) async throws(RHError) -> RHShareCapture {
        let id = try await storedSubscriberID(for: .clickCapture)
        try require(social, named: "social", for: .clickCapture)
        let body = Components.Schemas.ShareRequest(social: social, timestamp: timestamp())
        let envelope = try await call {
            try await $0.captureShare(path: .init(uuid: campaign, subscriberId: id), body: .json(body)).ok.body.json
        }
        return RHShareCapture(social: envelope.data.social)
    }

    /// The referrer whose link this device clicked, matched on the device parameters (`GetReferrer`).
    public func referrer() async throws(RHError) -> RHReferrerMatch {
        try checkConfiguration(for: .getReferrer)
        let device = try await deviceInfo(for: .getReferrer)
        let query = Operations.GetReferrer.Input.Query(
            osType: device.osType, device: device.device, ipAddress: device.ipAddress, screenSize: device.screenSize)
        let envelope = try await call {
            try await $0.getReferrer(path: .init(uuid: campaign), query: query).ok.body.json
        }
        return RHReferrerMatch(envelope.data.referrer)
    }
}
