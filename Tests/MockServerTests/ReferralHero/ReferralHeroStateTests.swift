import Foundation
import JSONCore
import MockServer
import Testing

@Suite("ReferralHeroSimulator: subscribers and referral states")
struct ReferralHeroStateTests {
    @Test("Adding a subscriber answers the envelope with a deterministic id, code, link and calls_left null")
    func addSubscriber() async throws {
        let fixture = try await ReferralHeroFixture()
        let answer = try await fixture.campaignCall(
            "POST", "/subscribers", #"{"email":"ada@example.com","domain":"https://example.com","name":"Ada"}"#)
        #expect(answer.status == 200)
        #expect(answer.json["status"] == "ok")
        #expect(answer.json["calls_left"] == .null)
        #expect(answer.json["timestamp"] == 1_767_225_600)
        #expect(answer.data["response"] == "subscriber_created")
        #expect(answer.data["id"] == "sub_000000000001")
        let code = try #require(answer.data["code"]?.stringValue)
        #expect(code.count == 8)
        #expect(answer.data["referral_link"] == .string("https://example.com?mwr=\(code)"))
        #expect(answer.data["status"] == "")
        #expect(answer.data["referred"] == false)
    }

    @Test("Adding an existing email identifies the subscriber and does not overwrite their data")
    func identifyWithoutOverwrite() async throws {
        let fixture = try await ReferralHeroFixture()
        try await fixture.campaignCall(
            "POST", "/subscribers", #"{"email":"ada@example.com","domain":"https://example.com","name":"Ada"}"#)
        let again = try await fixture.campaignCall(
            "POST", "/subscribers", #"{"email":"ADA@example.com","domain":"https://example.com","name":"Eve"}"#)
        #expect(again.data["response"] == "subscriber_retrieved")
        #expect(again.data["id"] == "sub_000000000001")
        #expect(again.data["name"] == "Ada")
    }

    @Test("The leaderboard, read in one query, lists each subscriber as its own GET does, in ranking order")
    func leaderboardMatchesSubscribers() async throws {
        let fixture = try await ReferralHeroFixture()
        #expect(
            try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":2}"#).status == 200)
        _ = try await fixture.signUp("first@example.com")
        let second = try await fixture.signUp("second@example.com")
        // second: one confirmed and one pending referral; first: one pending; a referred person has a referrer.
        _ = try await fixture.signUp("c@example.com", referrer: second.code)
        try await fixture.campaignCall(
            "POST", "/subscribers/track_referral_conversion_event", #"{"email":"c@example.com"}"#)
        try await fixture.campaignCall(
            "POST", "/subscribers/pending_referral", #"{"email":"p@example.com","referrer":"second@example.com"}"#)
        try await fixture.campaignCall(
            "POST", "/subscribers/pending_referral", #"{"email":"q@example.com","referrer":"first@example.com"}"#)
        let board = try await fixture.campaignCall("GET", "/leaderboard")
        let ranking = try #require(board.data["ranking"]?.arrayValue)
        #expect(ranking.count == 5)
        #expect(board.data["count"] == 5)
        #expect(ranking.first?["id"] == .string(second.id))
        for (offset, entry) in ranking.enumerated() {
            #expect(entry["position"] == .number(JSONNumber(offset + 1)))
            let id = try #require(entry["id"]?.stringValue)
            var single = try #require(try await fixture.campaignCall("GET", "/subscribers/\(id)").data.objectValue)
            single["response"] = nil
            #expect(entry == .object(single), "subscriber \(id)")
        }
        #expect(ranking.contains { $0["referred_by"]?["id"] == .string(second.id) })
        #expect(ranking.contains { $0["pending_referrals"] == 1 && $0["people_referred"] == 1 })
    }

    @Test("Goal of one event: a sign-up with a referrer code is a Confirmed referral at once")
    func goalOneConfirmsAtSignUp() async throws {
        let fixture = try await ReferralHeroFixture()
        let referrer = try await fixture.signUp("ref@example.com")
        let referred = try await fixture.campaignCall(
            "POST", "/subscribers",
            #"{"email":"bob@example.com","domain":"https://example.com","referrer":"\#(referrer.code)"}"#)
        #expect(referred.data["status"] == "confirmed")
        #expect(referred.data["referred_by"]?["id"] == .string(referrer.id))
        let detail = try await fixture.campaignCall("GET", "/subscribers/\(referrer.id)")
        #expect(detail.data["people_referred"] == 1)
        #expect(detail.data["response"] == "subscriber_retrieved")
    }

    @Test(
        "Goal of two events: pending, one tracked event to Confirmed (custom_event_completed), then 'already completed'"
    )
    func goalTwo() async throws {
        let fixture = try await ReferralHeroFixture()
        #expect(
            try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":2}"#).status == 200)
        let referrer = try await fixture.signUp("ref@example.com")
        let pending = try await fixture.campaignCall(
            "POST", "/subscribers/pending_referral", #"{"email":"bob@example.com","referrer":"ref@example.com"}"#)
        #expect(pending.data["response"] == "pending_referral_created")
        #expect(pending.data["status"] == "pending")
        let track = #"{"email":"bob@example.com"}"#
        let first = try await fixture.campaignCall("POST", "/subscribers/track_referral_conversion_event", track)
        #expect(first.data["status"] == "confirmed")
        #expect(first.data["response"] == "custom_event_completed")
        let second = try await fixture.campaignCall("POST", "/subscribers/track_referral_conversion_event", track)
        #expect(second.status == 400)
        #expect(second.code == "custom_event_completed")
        #expect(second.json["message"] == "custom event is already completed")
        let board = try await fixture.campaignCall("GET", "/subscribers/\(referrer.id)")
        #expect(board.data["people_referred"] == 1)
    }

    @Test(
        "Goal of three events: a referred sign-up is Pending, its tracked event Unconfirmed, ConfirmReferral Confirmed")
    func goalThree() async throws {
        let fixture = try await ReferralHeroFixture()
        try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":3}"#)
        let referrer = try await fixture.signUp("ref@example.com")
        let signUp = try await fixture.signUp("bob@example.com", referrer: referrer.code)
        #expect(try await fixture.campaignCall("GET", "/subscribers/\(signUp.id)").data["status"] == "pending")
        let early = try await fixture.campaignCall("POST", "/subscribers/\(signUp.id)/confirm", "{}")
        #expect(early.status == 403)
        #expect(early.code == "subscriber_not_found")
        let track = #"{"email":"bob@example.com"}"#
        let tracked = try await fixture.campaignCall("POST", "/subscribers/track_referral_conversion_event", track)
        #expect(tracked.data["status"] == "unconfirmed")
        #expect(tracked.data["response"] == "custom_event_completed")
        let again = try await fixture.campaignCall("POST", "/subscribers/track_referral_conversion_event", track)
        #expect(again.code == "custom_event_completed")
        let confirm = try await fixture.campaignCall(
            "POST", "/subscribers/\(signUp.id)/confirm", #"{"timestamp":"1"}"#)
        #expect(confirm.data["response"] == "referral_confirmed")
        #expect(confirm.data["status"] == "confirmed")
        let twice = try await fixture.campaignCall("POST", "/subscribers/\(signUp.id)/confirm")
        #expect(twice.status == 403)
        #expect(twice.code == "subscriber_not_found")
        let referrerDetail = try await fixture.campaignCall("GET", "/subscribers/\(referrer.id)")
        #expect(referrerDetail.data["people_referred"] == 1)
    }

    @Test("Goal of one event: Add Pending Referral and Track Referral are refused with wrong_list_type (note 1)")
    func goalOne() async throws {
        let fixture = try await ReferralHeroFixture()
        let referrer = try await fixture.signUp("ref@example.com")
        for path in ["/subscribers/pending_referral", "/subscribers/track_referral_conversion_event"] {
            let answer = try await fixture.campaignCall(
                "POST", path, #"{"email":"bob@example.com","referrer":"\#(referrer.code)"}"#)
            #expect(answer.status == 400)
            #expect(answer.code == "wrong_list_type")
        }
        let organic = try await fixture.campaignCall(
            "POST", "/subscribers/organic_track_referral", #"{"email":"bob@example.com","referrer":"ref@example.com"}"#)
        #expect(organic.data["status"] == "confirmed")
        #expect(
            try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"auto_confirm":false}"#)
                .status == 400)
    }

    @Test("A pending referral without a usable referrer is 'referer is invalid or not present' (the page's spelling)")
    func invalidReferrer() async throws {
        let fixture = try await ReferralHeroFixture()
        try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":2}"#)
        for body in [
            #"{"email":"bob@example.com","referrer":"nobody"}"#, #"{"email":"bob@example.com"}"#,
            #"{"email":"bob@example.com","os_type":"iOS","device":"iPhone","ip_address":"203.0.113.7","screen_size":"393x852"}"#,
        ] {
            let answer = try await fixture.campaignCall("POST", "/subscribers/pending_referral", body)
            #expect(answer.status == 400)
            #expect(answer.code == "referrer_not_found")
            #expect(answer.json["message"] == "referer is invalid or not present")
        }
        let organic = try await fixture.campaignCall(
            "POST", "/subscribers/organic_track_referral", #"{"email":"bob@example.com","referrer":"nobody"}"#)
        #expect(organic.code == "referrer_not_found")
        #expect(
            try await fixture.admin("GET", "/campaigns/\(ReferralHeroFixture.campaign)/subscribers").json["subscribers"]
                == [])
    }

    @Test("A pending referral matches the four mobile parameters against a recorded link click, in any screen spelling")
    func clickMatching() async throws {
        let fixture = try await ReferralHeroFixture()
        try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":2}"#)
        let referrer = try await fixture.signUp("ref@example.com")
        let click = try await fixture.admin(
            "POST", "/campaigns/\(ReferralHeroFixture.campaign)/clicks",
            #"{"referrer":"\#(referrer.code)","os_type":"iOS","device":"iPhone","ip_address":"203.0.113.7","screen_size":"393*852"}"#
        )
        #expect(click.status == 200)
        let found = try await fixture.campaignCall(
            "GET",
            "/subscribers/referrer?os_type=ios&device=iPhone&ip_address=203.0.113.7&screen_size=393.0%20x%20852.0")
        #expect(found.data["response"] == "referrer_found")
        #expect(found.data["referrer"]?["id"] == .string(referrer.id))
        let pending = try await fixture.campaignCall(
            "POST", "/subscribers/pending_referral",
            #"{"email":"bob@example.com","os_type":"iOS","device":"iPhone","ip_address":"203.0.113.7","screen_size":"393 x 852"}"#
        )
        #expect(pending.data["referred_by"]?["id"] == .string(referrer.id))
        #expect(pending.data["screen_size"] == "393.0 x 852.0")
        let other = try await fixture.campaignCall(
            "GET", "/subscribers/referrer?os_type=ios&device=iPhone&ip_address=198.51.100.1&screen_size=393x852")
        #expect(other.status == 404)
        #expect(other.code == "referrer_not_identified")
    }

    @Test("Track and organic track: unknown emails, organic sign-ups and referrals by conversion")
    func trackAndOrganic() async throws {
        let fixture = try await ReferralHeroFixture()
        try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":2}"#)
        let referrer = try await fixture.signUp("ref@example.com")
        let unknown = try await fixture.campaignCall(
            "POST", "/subscribers/track_referral_conversion_event", #"{"email":"who@example.com"}"#)
        #expect(unknown.status == 400)
        #expect(unknown.code == "referrer_not_found")
        #expect(unknown.json["message"] == "referer is invalid or not present")
        let byConversion = try await fixture.campaignCall(
            "POST", "/subscribers/track_referral_conversion_event",
            #"{"email":"new@example.com","referrer":"\#(referrer.code)"}"#)
        #expect(byConversion.data["response"] == "custom_event_completed")
        #expect(byConversion.data["status"] == "confirmed")
        let organic = try await fixture.campaignCall(
            "POST", "/subscribers/organic_track_referral", #"{"email":"org@example.com","name":"Org"}"#)
        #expect(organic.data["response"] == "subscriber_created")
        #expect(organic.data["status"] == "")
        let organicAgain = try await fixture.campaignCall(
            "POST", "/subscribers/organic_track_referral", #"{"email":"org@example.com"}"#)
        #expect(organicAgain.data["response"] == "subscriber_retrieved")
        // In the campaign and not Pending: note 4, "custom event is already completed".
        let trackOrganic = try await fixture.campaignCall(
            "POST", "/subscribers/track_referral_conversion_event", #"{"email":"org@example.com"}"#)
        #expect(trackOrganic.code == "custom_event_completed")
        #expect(trackOrganic.json["message"] == "custom event is already completed")
    }

    @Test("Tracking an organic subscriber with a referrer never turns them into a referral")
    func organicSubscriberStaysOrganic() async throws {
        let fixture = try await ReferralHeroFixture()
        for goal in [2, 3] {
            try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":\#(goal)}"#)
            let referrer = try await fixture.signUp("ref\(goal)@example.com")
            let organic = try await fixture.signUp("org\(goal)@example.com")
            // Track Referral: notes 3 and 5 create a referral only for an identifier not in the campaign; an
            // existing subscriber who is not Pending gets note 4's error.
            let tracked = try await fixture.campaignCall(
                "POST", "/subscribers/track_referral_conversion_event",
                #"{"email":"org\#(goal)@example.com","referrer":"\#(referrer.code)"}"#)
            #expect(tracked.status == 400)
            #expect(tracked.code == "custom_event_completed")
            // Organic Track Referral: identified, left as it is (assumed).
            let organicTracked = try await fixture.campaignCall(
                "POST", "/subscribers/organic_track_referral",
                #"{"email":"org\#(goal)@example.com","referrer":"\#(referrer.code)"}"#)
            #expect(organicTracked.data["response"] == "subscriber_retrieved")
            #expect(organicTracked.data["referred"] == false)
            #expect(organicTracked.data["status"] == "")
            let detail = try await fixture.campaignCall("GET", "/subscribers/\(organic.id)")
            #expect(detail.data["referred"] == false)
            #expect(detail.data["status"] == "")
        }
    }

    @Test("A referral created by Track Referral takes the tracking-logic list's status, not note 3's \"confirmed\"")
    func trackedNewReferralStatusByGoal() async throws {
        let fixture = try await ReferralHeroFixture()
        for (goal, status) in [(2, "confirmed"), (3, "unconfirmed")] {
            try await fixture.admin("PUT", "/campaigns/\(ReferralHeroFixture.campaign)", #"{"goal":\#(goal)}"#)
            let referrer = try await fixture.signUp("ref\(goal)@example.com")
            let tracked = try await fixture.campaignCall(
                "POST", "/subscribers/track_referral_conversion_event",
                #"{"email":"new\#(goal)@example.com","referrer":"\#(referrer.code)"}"#)
            #expect(tracked.data["response"] == "custom_event_completed")
            #expect(tracked.data["status"] == .string(status))
        }
    }

    @Test("Leaderboard by confirmed referrals, rewards unlocked by them, shares counted per channel, delete")
    func campaignViews() async throws {
        let fixture = try await ReferralHeroFixture()
        let first = try await fixture.signUp("first@example.com")
        let second = try await fixture.signUp("second@example.com")
        for email in ["a@example.com", "b@example.com", "c@example.com"] {
            _ = try await fixture.signUp(email, referrer: second.code)
        }
        let board = try await fixture.campaignCall("GET", "/leaderboard")
        #expect(board.data["count"] == 5)
        #expect(board.data["ranking"]?[0]?["id"] == .string(second.id))
        #expect(board.data["ranking"]?[0]?["position"] == 1)
        #expect(board.data["ranking"]?[1]?["id"] == .string(first.id))
        let rewards = try await fixture.campaignCall("GET", "/subscribers/\(second.id)/rewards")
        #expect(rewards.data["rewards"]?.arrayValue?.map { $0["status"] } == ["unlocked", "unlocked", "locked"])
        let none = try await fixture.campaignCall("GET", "/subscribers/\(first.id)/rewards")
        #expect(none.data["rewards"]?[0]?["status"] == "locked")
        let referrals = try await fixture.campaignCall("GET", "/subscribers/\(second.id)/referrals_data")
        #expect(referrals.data["subscribers"]?.arrayValue?.count == 3)
        #expect(referrals.data["pagination"]?["total_objects"] == 3)
        for social in ["facebook", "Whatsapp", "facebook"] {
            let share = try await fixture.campaignCall(
                "POST", "/subscribers/\(first.id)/click_capture", #"{"social":"\#(social)"}"#)
            #expect(share.data == ["response": "share_captured", "social": .string(social)])
        }
        let stored = try await fixture.admin("GET", "/campaigns/\(ReferralHeroFixture.campaign)/subscribers")
        #expect(stored.json["subscribers"]?[0]?["shares"] == ["Whatsapp": 1, "facebook": 2])
        let deleted = try await fixture.campaignCall("DELETE", "/subscribers/\(first.id)", #"{"timestamp":"5"}"#)
        #expect(deleted.data == ["response": "subscriber_deleted", "id": .string(first.id)])
        #expect(try await fixture.campaignCall("GET", "/subscribers/\(first.id)").code == "subscriber_not_found")
    }

    @Test("Update changes only the keys sent; the same calls on two hosts give byte-identical answers")
    func updateAndDeterminism() async throws {
        var bodies: [[Data]] = []
        for _ in 0..<2 {
            let fixture = try await ReferralHeroFixture()
            let ada = try await fixture.signUp("ada@example.com")
            let update = try await fixture.campaignCall(
                "PATCH", "/subscribers/\(ada.id)", #"{"name":"Ada L","points":7,"extra_field_2":"x"}"#)
            #expect(update.data["response"] == "subscriber_updated")
            #expect(update.data["name"] == "Ada L")
            #expect(update.data["points"] == 7)
            #expect(update.data["email"] == "ada@example.com")
            let board = try await fixture.campaignCall("GET", "/leaderboard")
            bodies.append([update.body, board.body])
        }
        #expect(bodies[0] == bodies[1])
    }
}
