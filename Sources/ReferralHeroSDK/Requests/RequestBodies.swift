// The documented request models, checked and written as the contract's `SubscriberRequest` body.

/// Throws ``RHError/missingParameter(_:endpoint:)`` when `value` is missing or blank.
func require(_ value: String?, named name: String, for endpoint: RHEndpoint) throws(RHError) {
    guard let value, !value.isBlank else { throw .missingParameter(name, endpoint: endpoint) }
}

extension RHSubscriber {
    func validateForAdding() throws(RHError) {
        try require(email, named: "email", for: .createNewSubscriber)
        try require(domain, named: "domain", for: .createNewSubscriber)
    }

    func requestBody(device: RHDeviceInfo, timestamp: String) -> Components.Schemas.SubscriberRequest {
        var body = Components.Schemas.SubscriberRequest(device: device, timestamp: timestamp)
        body.email = email
        body.domain = domain
        body.name = name
        body.phoneNumber = phoneNumber
        body.cryptoWalletAddress = cryptoWalletAddress
        body.cryptoWalletProvider = cryptoWalletProvider
        body.otherIdentifierValue = otherIdentifierValue
        body.extraField = extraField
        body.extraField2 = extraField2
        body.optionFieldValue = optionFieldValue
        body.referrer = referrer
        body.lifetimeSpend = lifetimeSpend
        body.subscribePageUrl = subscribePageURL
        body.landingPageUrl = landingPageURL
        body.isQuickAddReferral = isQuickAddReferral
        body.doubleOptin = doubleOptin.map { .case1($0) }
        body.points = points.map { .case1($0) }
        body.source = source
        body.transactionId = transactionID
        body.conversionCategory = conversionCategory
        body.conversionValue = conversionValue.map { .case1($0) }
        body.visitorId = visitorID
        body.status = status
        return body
    }
}

extension RHReferral {
    /// `device` is ``deviceInfo`` already filled from the provider and normalised.
    func validate(device: RHDeviceInfo) throws(RHError) {
        try require(email, named: "email", for: .createPendingReferral)
        guard !(referrer ?? "").isBlank || device.isComplete else {
            throw .missingParameter(
                "referrer (or all of device, os_type, screen_size, ip_address)", endpoint: .createPendingReferral)
        }
    }

    func requestBody(device: RHDeviceInfo, timestamp: String) -> Components.Schemas.SubscriberRequest {
        var body = Components.Schemas.SubscriberRequest(
            email: email, name: name, referrer: referrer, device: device, timestamp: timestamp)
        body.hostingUrl = hostingURL
        body.domain = domain
        body.status = status
        return body
    }
}

extension RHTrackReferral {
    /// `device` is ``deviceInfo`` normalised (nothing filled in from the device).
    func requestBody(device: RHDeviceInfo, timestamp: String) throws(RHError) -> Components.Schemas.SubscriberRequest {
        var body = try Components.Schemas.SubscriberRequest(
            requiringEmail: email, for: .trackReferral, name: name, referrer: referrer, device: device,
            timestamp: timestamp)
        body.transactionId = transactionID
        body.conversionCategory = conversionCategory
        body.conversionValue = conversionValue.map { .case1($0) }
        return body
    }
}

extension RHOrganicReferral {
    /// `device` is ``deviceInfo`` normalised (nothing filled in from the device).
    func requestBody(device: RHDeviceInfo, timestamp: String) throws(RHError) -> Components.Schemas.SubscriberRequest {
        var body = try Components.Schemas.SubscriberRequest(
            requiringEmail: email, for: .organicTrackReferral, name: name, referrer: referrer, device: device,
            timestamp: timestamp)
        body.hostingUrl = hostingURL
        return body
    }
}

extension Components.Schemas.SubscriberRequest {
    /// A body with the four device parameters (those that are present) and the timestamp.
    init(device: RHDeviceInfo = RHDeviceInfo(), timestamp: String) {
        self.init(
            device: device.device, osType: device.osType, ipAddress: device.ipAddress,
            screenSize: device.screenSize, timestamp: timestamp)
    }

    /// A referral's body: who, referred by whom, from which device.
    init(
        email: String?, name: String?, referrer: String?, device: RHDeviceInfo = RHDeviceInfo(), timestamp: String
    ) {
        self.init(device: device, timestamp: timestamp)
        self.email = email
        self.name = name
        self.referrer = referrer
    }

    /// A referral's body with the device parameters the app gave (none filled in), refused without an email.
    init(
        requiringEmail email: String?, for endpoint: RHEndpoint, name: String?, referrer: String?,
        device: RHDeviceInfo, timestamp: String
    ) throws(RHError) {
        try require(email, named: "email", for: endpoint)
        self.init(email: email, name: name, referrer: referrer, device: device, timestamp: timestamp)
    }
}
