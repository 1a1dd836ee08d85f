/// Bodies of the contract's success answers (`Schemas/referralhero/referralhero.openapi.yaml`).
enum WireFixtures {
    /// The §1.5 sample subscriber of ReferralHero's iOS documentation, with `response` set.
    static func subscriber(
        id: String = "sub_8645f85ac894", email: String = "test10@gmail.com", response: String? = nil
    ) -> String {
        let outcome = response.map { #","response":"\#($0)""# } ?? ""
        return #"""
            {"id":"\#(id)","name":"Test User 10","email":"\#(email)",\#
            "phone_number":"","crypto_wallet_address":"","crypto_wallet_provider":"",\#
            "extra_field":"","extra_field_2":"","option_field":"","conversion_amount":0,\#
            "code":"3ab0f674","position":10,"referred":false,"referred_by":{},\#
            "people_referred":0,"promoted":false,"promoted_at":null,"verified":true,\#
            "verified_at":1684403108,"points":0,"risk_level":0,\#
            "host":"https://app.referralhero.com/dashboard/lists/MF83c9616aa3/analytics/traffic",\#
            "source":null,"device":null,"status":"",\#
            "referral_link":"https://app.referralhero.com/dashboard/lists/MF83c9616aa3/analytics/traffic?mwr=3ab0f674",\#
            "created_at":1684403108,"last_updated_at":1684403108\#(outcome)}
            """#
    }

    static let referralList = #"""
        {"response":"subscribers_retrieved","subscribers":[\#(subscriber(id: "sub_000000000002", email: "bo@example.com"))],\#
        "pagination":{"total_pages":1,"current_page":1,"per_page":50,"total_objects":1}}
        """#

    static let leaderboard = #"""
        {"ranking":[\#(subscriber()),\#(subscriber(id: "sub_000000000002", email: "bo@example.com"))],"count":2}
        """#

    static let rewardList = #"""
        {"response":"rewards_retrieved","rewards":[\#
        {"id":7,"name":"Free month","status":"unlocked","image_url":null,"referrals":1,"created_at":1684403108,\#
        "signup_type":"confirmed","referrals_type":"confirmed","recurring_count":0},\#
        {"id":8,"name":"Free year","status":"locked","referrals":10,"created_at":1684403108,\#
        "signup_type":"confirmed","referrals_type":"confirmed","recurring_count":0}]}
        """#

    static let referrerMatch = #"""
        {"response":"referrer_found","referrer":{"id":"sub_8645f85ac894","name":"Test User 10",\#
        "email":"test10@gmail.com","code":"3ab0f674",\#
        "referral_link":"https://app.referralhero.com/dashboard/lists/MF83c9616aa3/analytics/traffic?mwr=3ab0f674"}}
        """#
}
