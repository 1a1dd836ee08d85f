import ReferralHeroSDK

/// The tracking logic of the Public Methods page under a campaign goal of one, two and three conversion events:
/// Add Subscriber, Add Pending Referral, Track Referral, Confirm Referral and Organic Track Referral, each citing the
/// rule it shows.
extension ReferralHeroFlows {
    static let goals: [Flow] = (1...3).flatMap { goal -> [Flow] in
        let events = goal == 1 ? "one conversion event" : "\(goal == 2 ? "two" : "three") conversion events"
        let signedUp = goal == 1 ? "Confirmed" : "Pending"
        let converted = goal == 3 ? "Unconfirmed" : "Confirmed"
        return [
            .referralHero(
                "goal-\(goal)-add-subscriber", "1. Add Subscriber, goal: \(events)",
                summary: "A referred sign-up is created \(signedUp); an existing subscriber is identified",
                setup: [ReferralHeroSetup.goal(goal)]
            ) { session in
                await session.referrerSignsUp()
                let friend = session.app()
                await session.friendSignsUp(friend)
                await friend.getSubscriberDetail().value
                await session.app().formSubmit(param: Session.subscriber("friend@example.com", name: "Renamed")).value
            },
            .referralHero(
                "goal-\(goal)-pending-referral", "2. Add Pending Referral, goal: \(events)",
                kind: goal == 1 ? .errorCase : .flow,
                summary: goal == 1
                    ? "The campaign must track two or three events: 400 wrong_list_type, nobody created"
                    : "A referral is created Pending; not a referral, no subscriber is created",
                setup: [ReferralHeroSetup.goal(goal)]
            ) { session in
                let referrer = session.app()
                await referrer.formSubmit(param: Session.subscriber("referrer@example.com")).value
                await session.app().CreatePendingReferral(
                    param: RHReferral(email: "friend@example.com", referrer: "referrer@example.com")
                ).value
                await session.app(screenSize: "1.0 x 1.0").CreatePendingReferral(
                    param: RHReferral(email: "stranger@example.com")
                ).value
                await referrer.getSubscriberDetail().value
            },
            .referralHero(
                "goal-\(goal)-track-referral", "3. Track Referral, goal: \(events), notes 1 and 2",
                kind: goal == 1 ? .errorCase : .flow,
                summary: goal == 1
                    ? "The campaign must be a custom or multi-step event (note 1): 400 wrong_list_type"
                    : "A Pending referral is set \(converted) by its tracked event: custom_event_completed (note 2)",
                setup: [ReferralHeroSetup.goal(goal)]
            ) { session in
                await session.referrerSignsUp()
                let friend = session.app()
                await session.friendSignsUp(friend)
                await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com")).value
            },
            .referralHero(
                "goal-\(goal)-confirm-referral", "4. Confirm Referral, goal: \(events)",
                kind: goal == 3 ? .flow : .errorCase,
                summary: goal == 3
                    ? "A tracked referral waits Unconfirmed; ConfirmReferral sets it Confirmed"
                    : "Only an Unconfirmed referral can be confirmed: 403 subscriber_not_found",
                setup: [ReferralHeroSetup.goal(goal)]
            ) { session in
                await session.referrerSignsUp()
                let friend = session.app()
                await session.friendSignsUp(friend)
                if goal > 1 {
                    await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com")).value
                }
                await friend.ConfirmReferral().value
            },
            .referralHero(
                "goal-\(goal)-organic-track-referral", "5. Organic Track Referral, goal: \(events)",
                summary: "Not a referral: an organic subscriber; a referral: \(converted); tracked again: "
                    + "custom event is already completed",
                setup: [ReferralHeroSetup.goal(goal)]
            ) { session in
                await session.referrerSignsUp()
                await session.app().OrganicTrackReferral(param: RHOrganicReferral(email: "org@example.com")).value
                let friend = session.app()
                for _ in 0..<2 {
                    await friend.OrganicTrackReferral(
                        param: RHOrganicReferral(email: "friend@example.com", referrer: "referrer@example.com")
                    ).value
                }
            },
        ]
    }

    /// Referrals identified from the four mobile parameters (IP address, device, screen size, OS type) matching a
    /// recorded link click, on each method that creates referrals, with the page's "minimum values".
    static let mobileMatching: [Flow] = [
        .referralHero(
            "mobile-match-add-subscriber", "1. Add Subscriber (minimum values plus the mobile parameters)",
            summary: "email and domain plus the four mobile parameters identify the referrer of a link click",
            setup: [ReferralHeroSetup.goal(2), ReferralHeroSetup.click(referrer: "referrer@example.com")]
        ) { session in
            await session.referrerSignsUp()
            let friend = session.app()
            await friend.formSubmit(param: RHSubscriber(email: "friend@example.com", domain: Session.domain)).value
            await friend.getSubscriberDetail().value
        },
        .referralHero(
            "mobile-match-pending-referral", "2. Add Pending Referral (minimum values: email and mobile parameters)",
            summary: "email and the four mobile parameters create a Pending referral of the clicked link's referrer",
            setup: [ReferralHeroSetup.goal(2), ReferralHeroSetup.click(referrer: "referrer@example.com")]
        ) { session in
            await session.referrerSignsUp()
            await session.app().CreatePendingReferral(param: RHReferral(email: "friend@example.com")).value
        },
        .referralHero(
            "mobile-match-track-referral", "3. Track Referral, note 3 (referral created from the mobile parameters)",
            summary: "An unknown email with the mobile parameters becomes a Confirmed referral: custom_event_completed",
            setup: [ReferralHeroSetup.goal(2), ReferralHeroSetup.click(referrer: "referrer@example.com")]
        ) { session in
            await session.referrerSignsUp()
            await session.app().trackReferral(
                param: RHTrackReferral(
                    email: "friend@example.com",
                    deviceInfo: RHDeviceInfo(
                        device: "iPhone", osType: "iOS", screenSize: "393 x 852", ipAddress: "203.0.113.7"))
            ).value
        },
        .referralHero(
            "mobile-match-organic-track-referral", "5. Organic Track Referral (referral from the mobile parameters)",
            summary: "An unknown email with the mobile parameters becomes an Unconfirmed referral (goal of three)",
            setup: [ReferralHeroSetup.goal(3), ReferralHeroSetup.click(referrer: "referrer@example.com")]
        ) { session in
            await session.referrerSignsUp()
            await session.app().OrganicTrackReferral(
                param: RHOrganicReferral(
                    email: "friend@example.com",
                    deviceInfo: RHDeviceInfo(
                        device: "iPhone", osType: "iOS", screenSize: "393*852", ipAddress: "203.0.113.7"))
            ).value
        },
        .referralHero(
            "track-referral-new-referral", "3. Track Referral, note 3 (unknown referral, referrer present)",
            summary: "An unknown email with a referrer becomes a Confirmed referral: custom_event_completed",
            setup: [ReferralHeroSetup.goal(2)]
        ) { session in
            await session.referrerSignsUp()
            await session.app().trackReferral(
                param: RHTrackReferral(email: "friend@example.com", referrer: "referrer@example.com")
            ).value
        },
        .referralHero(
            "track-referral-no-referrer", "3. Track Referral, note 5 (referer is invalid or not present)",
            kind: .errorCase,
            summary: "An unknown email without a referrer is 400 'referer is invalid or not present'",
            setup: [ReferralHeroSetup.goal(2)]
        ) { session in
            await session.app().trackReferral(param: RHTrackReferral(email: "who@example.com")).value
        },
    ]
}
