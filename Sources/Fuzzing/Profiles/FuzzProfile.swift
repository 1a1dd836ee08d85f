/// What the fuzzer needs to know about one vendor beyond its contract: the credentials that make a request
/// valid, the identifiers the target knows (in parameters, bodies and XML documents), and the refusals a valid request may get because of
/// the target's state (an unknown subscriber id), not because of its shape.
public struct FuzzProfile: Sendable {
    public var vendor: String
    /// Credential values by security scheme name; `user:password` for HTTP Basic, the raw token otherwise.
    public var credentials: [String: String]
    /// Values of path, query and header parameters, form fields and top-level body members, by name, that
    /// valid requests carry as they are (a campaign id, a client secret).
    public var fixed: [String: String]
    /// Headers every request carries (`Accept: application/vnd.referralhero.v1`).
    public var headers: [(name: String, value: String)]
    /// A request sent once before fuzzing whose answer carries a credential (an OAuth access token).
    public var login: Login?
    /// Values of XML elements and attributes, by name, that name records the target holds (`LIST_ID`) or have
    /// the form it reads where the XSD allows any text (a date); valid XML documents drawn from an XSD carry them
    /// most of the time.
    public var xmlValues: [String: [String]]
    /// Answers a valid request may get because of the target's state; any other 4xx to a valid request is a
    /// finding.
    public var stateRefusals: [Refusal]
    /// Path prefixes the target serves operations under, by the start of their path template; the first match
    /// wins (Adapty's simulator serves the SDK API under `/api/v1` and onboarding pages at its root).
    public var pathPrefixes: [(template: String, prefix: String)] = []
    /// Whether a 2xx answer is still the vendor's documented refusal (Engage's `<SUCCESS>false</SUCCESS>`).
    public var refusalInSuccess: (@Sendable (_ body: String) -> Bool)?

    public init(
        vendor: String, credentials: [String: String] = [:], fixed: [String: String] = [:],
        headers: [(name: String, value: String)] = [], login: Login? = nil, xmlValues: [String: [String]] = [:],
        stateRefusals: [Refusal] = [], refusalInSuccess: (@Sendable (_ body: String) -> Bool)? = nil
    ) {
        self.vendor = vendor
        self.credentials = credentials
        self.fixed = fixed
        self.headers = headers
        self.login = login
        self.xmlValues = xmlValues
        self.stateRefusals = stateRefusals
        self.refusalInSuccess = refusalInSuccess
    }

    /// A login request: its answer's JSON member `tokenMember`, after `prefix`, becomes the fixed value `name`
    /// (a header parameter such as `Authorization`) or, when a security scheme has that name, its credential.
    public struct Login: Sendable {
        public var method: String
        public var path: String
        public var headers: [(name: String, value: String)]
        public var contentType: String?
        public var body: String
        public var tokenMember: String
        public var name: String
        public var prefix: String

        public init(
            method: String, path: String, headers: [(name: String, value: String)] = [], contentType: String? = nil,
            body: String = "", tokenMember: String, name: String, prefix: String = ""
        ) {
            self.method = method
            self.path = path
            self.headers = headers
            self.contentType = contentType
            self.body = body
            self.tokenMember = tokenMember
            self.name = name
            self.prefix = prefix
        }
    }

    /// A status, optionally narrowed to an error code found in the body (`"code":"subscriber_not_found"`).
    public struct Refusal: Sendable, Hashable {
        public var status: Int
        public var code: String?

        public init(_ status: Int, code: String? = nil) {
            self.status = status
            self.code = code
        }

        func matches(status: Int, body: String) -> Bool {
            guard status == self.status else { return false }
            guard let code else { return true }
            return body.contains("\"\(code)\"")
        }
    }

    /// The prefix of `template`'s requests (empty when none applies).
    func pathPrefix(for template: String) -> String {
        pathPrefixes.first { template.hasPrefix($0.template) }?.prefix ?? ""
    }

    /// A profile that knows nothing: requests use generated values and no credentials.
    public static func plain(_ vendor: String) -> FuzzProfile { FuzzProfile(vendor: vendor) }
}
