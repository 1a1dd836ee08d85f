import ReferralHeroSDK

/// Each of the thirteen documented methods' happy path.
extension ReferralHeroFlows {
    typealias Session = ReferralHeroFlowSession

    static let methods: [Flow] = [
        .referralHero(
            "add-subscriber", "1. Add Subscriber",
            summary: "formSubmit creates an organic subscriber and stores its id"
        ) { session in
            await session.app().formSubmit(param: Session.subscriber("ada@example.com", name: "Ada")).value
        },
        .referralHero(
            "create-pending-referral", "2. Add Pending Referral",
            summary: "A referred user named by the referrer's email arrives as a Pending referral (goal of two)",
            setup: [ReferralHeroSetup.goal(2)]
        ) { session in
            await session.referrerSignsUp()
            await session.app().CreatePendingReferral(
                param: RHReferral(email: "friend@example.com", name: "Friend", referrer: "referrer@example.com")
            ).value
        },
        .referralHero(
            "track-referral", "3. Track Referral, note 2",
            summary: "Tracking a Pending referral confirms it with a goal of two events: custom_event_completed",
            setup: [ReferralHeroSetup.goal(2)]
        ) { session in
            await session.referrerSignsUp()
            let friend = session.app()
            await friend.CreatePendingReferral(
                param: RHReferral(email: "friend@example.com", referrer: "referrer@example.com")
            ).value
            await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com", name: "Friend")).value
        },
        .referralHero(
            "confirm-referral", "4. Confirm Referral",
            summary: "With a goal of three events a tracked referral waits Unconfirmed until ConfirmReferral",
            setup: [ReferralHeroSetup.goal(3)]
        ) { session in
            await session.referrerSignsUp()
            let friend = session.app()
            await session.friendSignsUp(friend)
            await friend.trackReferral(param: RHTrackReferral(email: "friend@example.com")).value
            await friend.ConfirmReferral().value
        },
        .referralHero(
            "organic-track-referral", "5. Organic Track Referral",
            summary: "On the conversion page a new email without a referrer becomes an organic subscriber"
        ) { session in
            await session.app().OrganicTrackReferral(param: RHOrganicReferral(email: "org@example.com", name: "Org"))
                .value
        },
        .referralHero(
            "update-subscriber", "UpdateSubscriber",
            summary: "UpdateSubscriber changes only the fields sent"
        ) { session in
            let app = session.app()
            await app.formSubmit(param: Session.subscriber("ada@example.com", name: "Ada")).value
            await app.UpdateSubscriber(param: RHSubscriber(name: "Ada Lovelace", extraField2: "vip", pointCount: 10))
                .value
            await app.getSubscriberDetail().value
        },
        .referralHero(
            "get-subscriber-detail", "getSubscriberDetail",
            summary: "getSubscriberDetail reads the stored subscriber"
        ) { session in
            let app = session.app()
            await app.formSubmit(param: Session.subscriber("ada@example.com", name: "Ada")).value
            await app.getSubscriberDetail().value
        },
        .referralHero(
            "delete-subscriber", "DeleteSubscriber",
            summary: "DeleteSubscriber removes the subscriber and clears the stored id"
        ) { session in
            let app = session.app()
            await app.formSubmit(param: Session.subscriber("ada@example.com")).value
            await app.DeleteSubscriber().value
            await app.getSubscriberDetail().value
        },
        .referralHero(
            "click-capture", "clickCapture(social:)",
            summary: "Shares of the subscriber's link are counted per channel"
        ) { session in
            let app = session.app()
            await app.formSubmit(param: Session.subscriber("ada@example.com")).value
            await app.clickCapture(social: "facebook").value
            await app.clickCapture(social: "Whatsapp").value
        },
        .referralHero(
            "get-my-referrals", "getMyReferrals",
            summary: "getMyReferrals lists the people the subscriber referred"
        ) { session in
            let referrer = session.app()
            await referrer.formSubmit(param: Session.subscriber("referrer@example.com")).value
            for email in ["one@example.com", "two@example.com"] {
                await session.app().formSubmit(param: Session.subscriber(email, referrer: "referrer@example.com")).value
            }
            await referrer.getMyReferrals().value
        },
        .referralHero(
            "get-leaderboard", "getLeaderboard",
            summary: "The leaderboard ranks subscribers by confirmed referrals"
        ) { session in
            await session.app().formSubmit(param: Session.subscriber("quiet@example.com")).value
            let referrer = session.app()
            await referrer.formSubmit(param: Session.subscriber("referrer@example.com")).value
            await session.app().formSubmit(
                param: Session.subscriber("one@example.com", referrer: "referrer@example.com")
            )
            .value
            await referrer.getLeaderboard().value
        },
        .referralHero(
            "get-referrer", "GetReferrer",
            summary: "GetReferrer finds the referrer whose link this device clicked",
            setup: [ReferralHeroSetup.click(referrer: "referrer@example.com")]
        ) { session in
            await session.app().formSubmit(param: Session.subscriber("referrer@example.com", name: "Referrer")).value
            await session.app().GetReferrer().value
        },
        .referralHero(
            "rewards-list", "RewardsList",
            summary: "RewardsList shows the rewards unlocked by confirmed referrals"
        ) { session in
            let referrer = session.app()
            await referrer.formSubmit(param: Session.subscriber("referrer@example.com")).value
            await session.app().formSubmit(
                param: Session.subscriber("one@example.com", referrer: "referrer@example.com")
            )
            .value
            await referrer.RewardsList().value
        },
    ]
}
