/// A secret a simulator accepts out of the box (its demo token, client secret, app key), by name.
///
/// Recording writes it into cassettes as `<redacted:VENDOR.NAME>` (``placeholderName``); the provider check binds
/// that placeholder back to ``value`` before sending, or, against a live server (`--against URL`), to the
/// environment variable ``environmentVariable`` (`HARNESS_REFERRALHERO_TOKEN`). Simulators refuse placeholders like
/// any other wrong secret: a cassette's secret only works once it is bound.
public struct TestCredential: Sendable, Hashable {
    /// The simulator's vendor name (`referralhero`).
    public var vendor: String
    /// Lowercase letters, digits and `_` (`token`, `client_secret`).
    public var name: String
    /// The value the simulator accepts, exactly as it appears where redaction finds it (for an `Authorization`
    /// header, the part after the scheme word).
    public var value: String

    /// A credential `name` of `vendor` whose accepted value is `value`.
    public init(vendor: String, name: String, value: String) {
        self.vendor = vendor
        self.name = name
        self.value = value
    }

    /// `referralhero.token`: the kind of the placeholder that stands for it.
    public var placeholderName: String { "\(vendor).\(name)" }

    /// `<redacted:referralhero.token>`.
    public var placeholder: String { "<redacted:\(placeholderName)>" }

    /// `HARNESS_REFERRALHERO_TOKEN`.
    public var environmentVariable: String {
        "HARNESS_"
            + (vendor + "_" + name).uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init)
            .joined()
    }
}
