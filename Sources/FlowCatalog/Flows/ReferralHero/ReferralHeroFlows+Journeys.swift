import ReferralHeroSDK

/// Device matching with each `screen_size` spelling, and the full journey.
extension ReferralHeroFlows {
    static let screenSizes: [Flow] = [
        ("asterisk", "393*852"), ("spaced-x", "393 x 852"), ("x", "393x852"), ("decimal", "393.0 x 852.0"),
    ].map { name, spelling in
        Flow.referralHero(
            "screen-size-\(name)", "2. Add Pending Referral (accepted screen size formats) and GetReferrer",
            summary: "screen_size '\(spelling)' is sent as 393.0 x 852.0 and matches the recorded link click",
            setup: [
                ReferralHeroSetup.goal(2),
                ReferralHeroSetup.click(referrer: "referrer@example.com", screenSize: "393*852"),
            ]
        ) { session in
            await session.referrerSignsUp()
            let friend = session.app(screenSize: spelling)
            await friend.GetReferrer().value
            await friend.CreatePendingReferral(param: RHReferral(email: "friend@example.com")).value
        }
    }

    static let journeys: [Flow] = [
        .referralHero(
            "full-journey",
            "1. Add Subscriber, 2. Add Pending Referral, 3. Track Referral, 4. Confirm Referral, GetReferrer, "
                + "clickCapture, getMyReferrals, getLeaderboard, RewardsList (goal of three conversion events)",
            summary: "A referrer signs up and shares; a referred user arrives Pending, converts (Unconfirmed), is "
                + "confirmed; the leaderboard and rewards show it",
            setup: [
                ReferralHeroSetup.goal(3),
                ReferralHeroSetup.click(referrer: "referrer@example.com"),
            ]
        ) { session in
            let referrer = session.app()
            await referrer.formSubmit(param: Session.subscriber("referrer@example.com", name: "Referrer")).value
            await referrer.clickCapture(social: "Whatsapp").value
            await session.app(ipAddress: "198.51.100.9").formSubmit(
                param: Session.subscriber("other@example.com", name: "Other")
            ).value
            let friend = session.app()
            await friend.GetReferrer().value
            await friend.CreatePendingReferral(param: RHReferral(email: "friend@example.com", name: "Friend")).value
            await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com")).value
            await friend.ConfirmReferral().value
            await referrer.getMyReferrals().value
            await referrer.getLeaderboard().value
            await referrer.RewardsList().value
        }
    ]
}
