/// Configures ``RH``, the SDK's ready instance, at launch, as the vendor's SDK does:
/// `RHApiKey.configure(withAPIKey: token, withuuID: campaignUUID)` in the app delegate.
///
/// The Public Methods page reads the campaign "specified in the Appdelegate.swift file"; this is where it is set.
public enum RHApiKey {
    /// Points ``RH`` at the campaign `uuID` on ReferralHero's production server, with the API token `apiKey`, the
    /// SDK's URLSession transport, the subscriber id kept in a file per campaign and the standard device parameters.
    /// Calling it again replaces the configuration; the delegate stays.
    public static func configure(withAPIKey apiKey: String, withuuID uuID: String) {
        RH.configure(configuration: RHConfiguration(apiToken: apiKey, campaignUUID: uuID))
    }

    /// The API token ``RH`` is configured with; empty before ``configure(withAPIKey:withuuID:)``.
    public static var apiKey: String { RH.configuration?.apiToken ?? "" }

    /// The campaign uuid ``RH`` is configured with; empty before ``configure(withAPIKey:withuuID:)``.
    public static var uuID: String { RH.configuration?.campaignUUID ?? "" }
}
