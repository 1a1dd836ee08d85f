import ReferralHeroSDK

/// Every documented error. Where the SDK refuses before sending (missing token, missing parameters) the flow shows
/// that refusal; server errors are driven with requests the SDK does send.
extension ReferralHeroFlows {
    static let errors: [Flow] = [
        .referralHero(
            "error-missing-token", "Configuration (API token); errors no_token", kind: .errorCase,
            summary: "With no API token the SDK refuses every call before sending"
        ) { session in
            await session.app(token: "").formSubmit(param: Session.subscriber("ada@example.com")).value
        },
        .referralHero(
            "error-invalid-token", "Configuration (API token); errors invalid_token", kind: .errorCase,
            summary: "A wrong API token is refused with 401 invalid_token"
        ) { session in
            await session.app(token: "rh-wrong-token").getLeaderboard().value
        },
        .referralHero(
            "error-unknown-campaign", "Configuration (campaign uuid); errors invalid_list", kind: .errorCase,
            summary: "A campaign uuid nobody has is refused with 401 invalid_list"
        ) { session in
            await session.app(campaign: "MFffffffffff").formSubmit(param: Session.subscriber("ada@example.com")).value
        },
        .referralHero(
            "error-subscriber-not-found", "4. Confirm Referral (a non-verified referral); errors subscriber_not_found",
            kind: .errorCase,
            summary: "Confirming a Pending referral (not Unconfirmed) is 403 subscriber_not_found",
            setup: [ReferralHeroSetup.goal(3)]
        ) { session in
            await session.referrerSignsUp()
            let friend = session.app()
            await session.friendSignsUp(friend)
            await friend.ConfirmReferral().value
        },
        .referralHero(
            "confirm-referral-not-unconfirmed", "4. Confirm Referral; errors subscriber_not_found", kind: .errorCase,
            summary: "Confirming a subscriber without an Unconfirmed referral is 403 subscriber_not_found"
        ) { session in
            let app = session.app()
            await app.formSubmit(param: Session.subscriber("ada@example.com")).value
            await app.ConfirmReferral().value
        },
        .referralHero(
            "error-invalid-email", "1. Add Subscriber; errors invalid_email_address", kind: .errorCase,
            summary: "A malformed email is 400 invalid_email_address"
        ) { session in
            await session.app().formSubmit(param: Session.subscriber("not-an-email")).value
        },
        .referralHero(
            "error-missing-required-parameters", "formSubmit, CreatePendingReferral, trackReferral, clickCapture",
            kind: .errorCase,
            summary: "Each method refuses a missing required parameter before sending"
        ) { session in
            let app = session.app(screenSize: nil, ipAddress: nil)
            await app.formSubmit(param: RHSubscriber(email: "ada@example.com")).value
            await app.formSubmit(param: RHSubscriber(domain: Session.domain)).value
            await app.CreatePendingReferral(param: RHReferral(email: "friend@example.com")).value
            await app.trackReferral(param: RHTrackReferral(name: "No Email")).value
            await app.getSubscriberDetail().value
        },
        .referralHero(
            "track-referral-already-completed", "3. Track Referral, notes 4 and 6 (custom event is already completed)",
            kind: .errorCase,
            summary: "Tracking a referral that is no longer Pending is 400 'custom event is already completed'",
            setup: [ReferralHeroSetup.goal(2)]
        ) { session in
            await session.referrerSignsUp()
            let friend = session.app()
            await session.friendSignsUp(friend)
            await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com")).value
            await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com")).value
        },
        .referralHero(
            "error-invalid-referrer",
            "2. Add Pending Referral, 5. Organic Track Referral; referer is invalid or not present",
            kind: .errorCase,
            summary: "A referrer code nobody has is 400 referrer_not_found for pending and organic referrals",
            setup: [ReferralHeroSetup.goal(2)]
        ) { session in
            let app = session.app()
            await app.CreatePendingReferral(param: RHReferral(email: "friend@example.com", referrer: "nobody")).value
            await app.OrganicTrackReferral(param: RHOrganicReferral(email: "friend@example.com", referrer: "nobody"))
                .value
            await app.CreatePendingReferral(param: RHReferral(email: "friend@example.com")).value
        },
        .referralHero(
            "error-referrer-not-identified", "GetReferrer; referrer not found", kind: .errorCase,
            summary: "GetReferrer on a device that clicked no link is 404 referrer_not_identified"
        ) { session in
            await session.app().GetReferrer().value
        },
        .referralHero(
            "error-rate-limit", "All methods; errors too_many_calls", kind: .errorCase,
            summary: "Past the hourly allowance calls are 429 too_many_calls",
            setup: [ReferralHeroSetup.rateLimit(2)]
        ) { session in
            let app = session.app()
            for _ in 0..<3 { await app.getLeaderboard().value }
        },
    ]
}
