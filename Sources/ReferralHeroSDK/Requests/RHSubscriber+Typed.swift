// The typed, camelCase accessors of RHSubscriber: each reads and writes one of the page's String fields.

extension RHSubscriber {
    /// ``phone_number``.
    public var phoneNumber: String? {
        get { phone_number }
        set { phone_number = newValue }
    }

    /// ``crypto_wallet_address``.
    public var cryptoWalletAddress: String? {
        get { crypto_wallet_address }
        set { crypto_wallet_address = newValue }
    }

    /// ``extra_field``.
    public var extraField: String? {
        get { extra_field }
        set { extra_field = newValue }
    }

    /// ``extra_field2``.
    public var extraField2: String? {
        get { extra_field2 }
        set { extra_field2 = newValue }
    }

    /// ``transaction_id``.
    public var transactionID: String? {
        get { transaction_id }
        set { transaction_id = newValue }
    }

    /// ``conversion_category``.
    public var conversionCategory: String? {
        get { conversion_category }
        set { conversion_category = newValue }
    }

    /// ``points`` as a number: `nil` when unset or not an integer; setting writes its decimal text.
    public var pointCount: Int? {
        get { points.flatMap { Int($0) } }
        set { points = newValue.map(String.init) }
    }

    /// ``double_optin`` as a Boolean: `nil` when unset or neither `"true"` nor `"false"`; setting writes that text.
    public var doubleOptin: Bool? {
        get { double_optin.flatMap { Bool($0) } }
        set { double_optin = newValue.map(String.init) }
    }

    /// ``conversion_value`` as a number: `nil` when unset or not a decimal number; setting writes its decimal text.
    public var conversionValue: Double? {
        get { conversion_value.flatMap { Double($0) } }
        set { conversion_value = newValue.map { String($0) } }
    }

    /// ``device``, ``os_type``, ``screen_size`` and ``ip_address`` together.
    public var deviceInfo: RHDeviceInfo {
        get { RHDeviceInfo(device: device, osType: os_type, screenSize: screen_size, ipAddress: ip_address) }
        set {
            device = newValue.device
            os_type = newValue.osType
            screen_size = newValue.screenSize
            ip_address = newValue.ipAddress
        }
    }
}
