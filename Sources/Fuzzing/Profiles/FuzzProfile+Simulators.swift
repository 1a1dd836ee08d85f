internal import Foundation

extension FuzzProfile {
    /// The profiles of the bundled simulators, with their demo credentials (each simulator's reset state).
    public static let simulators: [String: FuzzProfile] = [
        "engage": engage, "referralhero": referralHero, "walkme": walkMe, "adapty": adapty, "webengage": webEngage,
    ]

    /// The profile for `vendor`: a simulator's, else a plain one.
    public static func forVendor(_ vendor: String) -> FuzzProfile { simulators[vendor] ?? .plain(vendor) }

    /// Engage: the OAuth client of `EngageSettings`, a bearer token from `/oauth/token`, and the records of the
    /// simulator's demo data that XMLAPI documents drawn from the XSDs name.
    static let engage = FuzzProfile(
        vendor: "engage",
        fixed: [
            "grant_type": "refresh_token", "client_id": "sim-client-id", "client_secret": "sim-client-secret",
            "refresh_token": "sim-refresh-token",
        ],
        login: Login(
            method: "POST", path: "/oauth/token", contentType: "application/x-www-form-urlencoded",
            body: "grant_type=refresh_token&client_id=sim-client-id&client_secret=sim-client-secret"
                + "&refresh_token=sim-refresh-token",
            tokenMember: "access_token", name: "Authorization", prefix: "Bearer "),
        xmlValues: engageRecords,
        stateRefusals: [],
        refusalInSuccess: { body in
            body.range(of: "<SUCCESS>false</SUCCESS>", options: .caseInsensitive) != nil
        })

    /// Records of the Engage simulator's demo data, by the XMLAPI element that names them: the database and the
    /// relational table every simulator starts with, a sent mailing and its report, a template, a program and a
    /// message group; and where the XSDs allow any text, values in their documented form: the date ranges of the
    /// reporting operations (`mm/dd/yyyy hh:mm:ss`, around the demo data's December) and VISIBILITY (0 or 1).
    static let engageRecords: [String: [String]] = {
        var values: [String: [String]] = [
            "LIST_ID": ["23949"], "TABLE_ID": ["29392"], "MAILING_ID": ["4301", "4101"], "REPORT_ID": ["7301"],
            "TEMPLATE_ID": ["4101"], "PROGRAM_ID": ["5001"], "MESSAGE_GROUP_ID": ["59294"], "VISIBILITY": ["0", "1"],
        ]
        for prefix in ["", "EVENT_", "SEND_"] {
            values[prefix + "DATE_START"] = ["12/01/2025 00:00:00"]
            values[prefix + "DATE_END"] = ["12/31/2025 23:59:59"]
        }
        values["LAST_MODIFIED_START_DATE"] = ["11/01/2025 00:00:00"]
        values["LAST_MODIFIED_END_DATE"] = ["12/31/2025 23:59:59"]
        return values
    }()

    /// ReferralHero: the reset state's API token and campaign.
    static let referralHero = FuzzProfile(
        vendor: "referralhero",
        credentials: ["ApiToken": "rh-sim-token"],
        fixed: ["uuid": "MF83c9616aa3"],
        headers: [("Accept", "application/vnd.referralhero.v1")],
        stateRefusals: [
            Refusal(403, code: "subscriber_not_found"), Refusal(400, code: "referrer_not_found"),
            Refusal(404, code: "referrer_not_identified"), Refusal(400, code: "custom_event_completed"),
            Refusal(400, code: "wrong_list_type"),
            // The schema admits malformed addresses on purpose (see EmailAddress in the contract).
            Refusal(400, code: "invalid_email_address"),
        ])

    /// WalkMe: the demo app's key and secret (`WalkMeDemo`).
    static let walkMe = FuzzProfile(
        vendor: "walkme",
        credentials: ["AppCredentials": "f3a9c2e47b1d4e0a:wm-demo-secret"],
        fixed: ["appKey": "f3a9c2e47b1d4e0a"],
        stateRefusals: [Refusal(404)])

    /// Adapty: the demo app's public SDK key (`AdaptyDemoApp`).
    static let adapty: FuzzProfile = {
        var profile = FuzzProfile(
            vendor: "adapty",
            credentials: ["SdkKey": "Api-Key public_live_Adapty5im.DemoKey2026xSimulator"],
            fixed: ["apiKeyPrefix": "public_live_Adapty5im", "onboardingId": "onboarding_123"],
            stateRefusals: [Refusal(404)])
        profile.pathPrefixes = [("/onboarding-pages", ""), ("", "/api/v1")]
        return profile
    }()

    /// WebEngage: the demo license code (`WebEngageDemo`).
    static let webEngage = FuzzProfile(
        vendor: "webengage",
        fixed: ["licenseCode": "~10a5cb78d"],
        stateRefusals: [Refusal(404)])
}
