import ReferralHeroSDK

/// Add subscriber, pending, track, confirm and organic under a campaign goal of one, two and three conversion events.
extension ReferralHeroFlows {
    static let goals: [Flow] = (1...3).flatMap { goal -> [Flow] in
        let events = goal == 1 ? "one conversion event" : "\(goal == 2 ? "two" : "three") conversion events"
        return [
            .referralHero(
                "goal-\(goal)-add-subscriber", "formSubmit (Add Subscriber), campaign goal of \(events)",
                summary: "A referred sign-up is the first event: Confirmed at once only with a goal of one",
                setup: [ReferralHeroSetup.goal(goal)]
            ) { session in
                await session.referrerSignsUp()
                let friend = session.app()
                await friend.formSubmit(
                    param: Session.subscriber("friend@example.com", referrer: "referrer@example.com")
                )
                .value
                await friend.getSubscriberDetail().value
            },
            .referralHero(
                "goal-\(goal)-pending-referral", "CreatePendingReferral, campaign goal of \(events)",
                summary: "A pending referral starts Pending with no event recorded",
                setup: [ReferralHeroSetup.goal(goal)]
            ) { session in
                let referrer = session.app()
                await referrer.formSubmit(param: Session.subscriber("referrer@example.com")).value
                await session.app().CreatePendingReferral(
                    param: RHReferral(email: "friend@example.com", referrer: "referrer@example.com")
                ).value
                await referrer.getSubscriberDetail().value
            },
            .referralHero(
                "goal-\(goal)-track-referral", "trackReferral, campaign goal of \(events)",
                summary: "Each tracked event moves the referral on; the goal's last one confirms it",
                setup: [ReferralHeroSetup.goal(goal)]
            ) { session in
                await session.referrerSignsUp()
                let friend = session.app()
                await friend.CreatePendingReferral(
                    param: RHReferral(email: "friend@example.com", referrer: "referrer@example.com")
                ).value
                for _ in 0..<goal {
                    await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com")).value
                }
            },
            .referralHero(
                "goal-\(goal)-confirm-referral", "ConfirmReferral, campaign goal of \(events)",
                summary:
                    "With manual confirmation the goal leaves the referral Unconfirmed; ConfirmReferral confirms it",
                setup: [ReferralHeroSetup.goal(goal, autoConfirm: false)]
            ) { session in
                await session.referrerSignsUp()
                let friend = session.app()
                await friend.formSubmit(
                    param: Session.subscriber("friend@example.com", referrer: "referrer@example.com")
                )
                .value
                for _ in 1..<goal {
                    await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com")).value
                }
                await friend.ConfirmReferral().value
            },
            .referralHero(
                "goal-\(goal)-organic-track-referral", "OrganicTrackReferral, campaign goal of \(events)",
                summary: "Organic tracking adds an organic subscriber, or tracks a referral's events to the goal",
                setup: [ReferralHeroSetup.goal(goal)]
            ) { session in
                await session.referrerSignsUp()
                await session.app().OrganicTrackReferral(param: RHOrganicReferral(email: "org@example.com")).value
                let friend = session.app()
                for _ in 0..<goal {
                    await friend.OrganicTrackReferral(
                        param: RHOrganicReferral(email: "friend@example.com", referrer: "referrer@example.com")
                    ).value
                }
            },
        ]
    }
}
