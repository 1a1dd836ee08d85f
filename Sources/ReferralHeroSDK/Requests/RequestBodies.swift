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

    /// The body of an add (`for` ``RHEndpoint/createNewSubscriber``) or an update; the page's String fields are sent
    /// as the text given, as the vendor SDK sends them, after checking that `points`, `double_optin` and
    /// `conversion_value` hold what the contract takes (nothing is sent otherwise).
    func requestBody(
        device: RHDeviceInfo, timestamp: String, for endpoint: RHEndpoint = .createNewSubscriber
    ) throws(RHError) -> Components.Schemas.SubscriberRequest {
        var body = Components.Schemas.SubscriberRequest(device: device, timestamp: timestamp)
        body.email = email
        body.domain = domain
        body.name = name
        body.phoneNumber = phone_number
        body.cryptoWalletAddress = crypto_wallet_address
        body.cryptoWalletProvider = cryptoWalletProvider
        body.otherIdentifierValue = otherIdentifierValue
        body.extraField = extra_field
        body.extraField2 = extra_field2
        body.optionFieldValue = optionFieldValue
        body.referrer = referrer
        body.lifetimeSpend = lifetimeSpend
        body.subscribePageUrl = subscribePageURL
        body.landingPageUrl = landingPageURL
        body.isQuickAddReferral = isQuickAddReferral
        body.doubleOptin = try double_optin.map { value throws(RHError) in
            guard let flag = Components.Schemas.DoubleOptIn.Case2Payload(rawValue: value) else {
                throw .invalidParameter(
                    "double_optin", value: value, expected: "\"true\" or \"false\"", endpoint: endpoint)
            }
            return .case2(flag)
        }
        body.points = try points.map { value throws(RHError) in
            guard value.isWireInteger else {
                throw .invalidParameter(
                    "points", value: value, expected: "an integer such as \"10\"", endpoint: endpoint)
            }
            return .case2(value)
        }
        body.source = source
        body.transactionId = transaction_id
        body.conversionCategory = conversion_category
        body.conversionValue = try conversion_value.map { value throws(RHError) in
            guard value.isWireDecimal else {
                throw .invalidParameter(
                    "conversion_value", value: value, expected: "a decimal number such as \"19.99\"",
                    endpoint: endpoint)
            }
            return .case2(value)
        }
        body.visitorId = visitorID
        body.status = status
        return body
    }
}

extension String {
    /// An optional sign and 1 to 18 digits: the contract's `Points` text.
    var isWireInteger: Bool {
        let digits = first == "+" || first == "-" ? dropFirst() : Substring(self)
        return (1...18).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// An optional sign, 1 to 15 digits, then optionally a point and 1 to 15 digits: the contract's
    /// `ConversionValue` text.
    var isWireDecimal: Bool {
        let unsigned = first == "+" || first == "-" ? dropFirst() : Substring(self)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            (1...15).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
        }
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
