import ContractKit
import EngageSDK
import Foundation
import JSONCore

/// UBF event flows (engage.md §3, §4, §7).
extension EngageFlows {
    static let installedSessionStarted = Flow(
        vendor: "engage", name: "installed-session-started",
        documentation:
            "Engage iOS SDK README, Universal Behaviors API (Installed, Session Started), Configuration Values (Session)",
        summary: "The first start tracks Installed (12) and Session started (13) and posts them",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try await Env.identifiedEngage(context)
        let report = try await engage.ubf.start()
        return ["start": Env.outcome(report), "events": try await Env.storedEvents(engage)]
    }

    static let batchFlushAtCacheSize = Flow(
        vendor: "engage", name: "batch-flush-at-cache-size",
        documentation:
            "Engage iOS SDK README, Posting events to Universal Behaviors service, Configuration Values (ubfEventCacheSize)",
        summary: "With ubfEventCacheSize 3, events wait until the third and go in one request",
        simulatorSetup: [Env.settings()]
    ) { context in
        var config = try EngageConfig.defaults()
        config.set(3, "ubfEventCacheSize", in: "General")
        let engage = try await Env.identifiedEngage(context, config: config)
        var waiting: [Outcome] = []
        for index in 1...3 {
            _ = try await engage.ubf.trackNamedEvent("step \(index)")
            context.clock.advance(by: 1)
            waiting.append(.number(JSONNumber(try await engage.store.readyCount())))
        }
        return ["readyAfterEach": .array(waiting), "events": try await Env.storedEvents(engage)]
    }

    static let offlineThenOnline = Flow(
        vendor: "engage", name: "offline-then-online",
        documentation:
            "Engage iOS SDK README, local event store (durable under all circumstances); Universal Behaviors "
            + "(ubfEventCacheSize)",
        summary: "Three events tracked offline stay NOT_POSTED, spending no retry; the network back, all three go",
        simulatorSetup: [Env.settings()]
    ) { context in
        var config = try EngageConfig.defaults()
        config.set(3, "ubfEventCacheSize", in: "General")
        let network = NetworkSwitch(context.transport, online: false)
        let engage = try await Env.identifiedEngage(context, config: config, transport: network)
        for name in ["first", "second", "third"] {
            _ = try await engage.ubf.trackNamedEvent(name)
            context.clock.advance(by: 1)
        }
        let offline = try await engage.ubf.postEventCache()
        let waiting = try await Env.storedEvents(engage)
        network.set(online: true)
        let online = try await engage.ubf.postEventCache()
        return [
            "offline": ["deferred": .number(JSONNumber(offline.deferred.count)), "events": waiting],
            "online": Env.outcome(online), "events": try await Env.storedEvents(engage),
        ]
    }

    static let eventsWaitForIdentity = Flow(
        vendor: "engage", name: "events-wait-for-identity",
        documentation:
            "Engage iOS SDK README, Universal Behaviors API (assume a valid user identity first); Identifying a "
            + "registered user (VERY IMPORTANT: Universal Behaviors reads the stored mobile user id)",
        summary:
            "Events tracked before the user is identified stay NOT_POSTED; SelectRecipientData then storing its "
            + "RecipientId as the mobile user id lets all three go, carrying it",
        simulatorSetup: [Env.settings(), Env.addRecipient([("Email", "ann@example.com")])],
        facts: [.assumed("events wait for an identity rather than go without one")]
    ) { context in
        var config = try EngageConfig.defaults()
        config.set(3, "ubfEventCacheSize", in: "General")
        let engage = try Env.engage(context, config: config)
        for name in ["browsed", "added to cart", "checked out"] {
            _ = try await engage.ubf.trackNamedEvent(name)
            context.clock.advance(by: 1)
        }
        let anonymous = try await engage.ubf.postEventCache()
        let waiting = try await Env.storedEvents(engage)
        let selected = try await engage.xmlAPI.selectRecipientData(email: "ann@example.com")
        if let recipientID = selected.recipientID { try await engage.identity.setMobileUserID(recipientID) }
        let identified = try await engage.ubf.postEventCache()
        return [
            "beforeIdentity": [
                "awaitingIdentity": .number(JSONNumber(anonymous.awaitingIdentity)),
                "requests": .number(JSONNumber(anonymous.requests)), "events": waiting,
            ],
            "mobileUserId": .string(await engage.identity.mobileUserID),
            "identified": Env.outcome(identified), "events": try await Env.storedEvents(engage),
        ]
    }

    static let goalAndNamedEvents = Flow(
        vendor: "engage", name: "goal-and-named-events",
        documentation:
            "Engage iOS SDK README, Universal Behaviors API (Goal Completed, Goal Abandoned, Named Event with params)",
        summary: "Goal completed (16), goal abandoned (15) and a named event (17) with tags",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try await Env.identifiedEngage(context)
        _ = try await engage.ubf.trackGoalCompleted("Checkout")
        _ = try await engage.ubf.trackGoalAbandoned("Signup")
        _ = try await engage.ubf.trackNamedEvent("Shared", params: ["Channel": "mail"], tags: ["a", "b"])
        return ["events": try await Env.storedEvents(engage)]
    }

    static let notificationOpenedCampaign = Flow(
        vendor: "engage", name: "notification-opened-campaign",
        documentation: "Engage iOS SDK README, Application Opened by clicking Notification, Current Campaigns",
        summary: "An opened notification (49) carrying CurrentCampaign sets the campaign and reports it",
        simulatorSetup: [Env.settings()]
    ) { context in
        let recorder = EngageNotificationRecorder()
        let engage = try await Env.identifiedEngage(context, delegate: recorder)
        let payload: JSONValue = [
            "aps": ["alert": ["body": "Spring sale"]], "CurrentCampaign": "Spring", "CampaignValidFor": "2 hours",
        ]
        _ = try await engage.deepLinks.handle(openedNotification: payload)
        _ = try await engage.ubf.postEventCache()
        return [
            "notifications": await Env.notifications(recorder),
            "currentCampaign": .string(await engage.campaigns.currentCampaign()),
            "events": try await Env.storedEvents(engage),
        ]
    }

    static let deepLinkCurrentCampaign = Flow(
        vendor: "engage", name: "deep-link-current-campaign",
        documentation:
            "Engage iOS SDK README, Application Opened by clicking external DeepLink, Current Campaigns, EngageExpirationParser",
        summary: "A deep link with CurrentCampaign sets the campaign and tracks Session started (13) with its params",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try await Env.identifiedEngage(context)
        let url = URL(
            string: "myapp://campaign/open?CurrentCampaign=Summer%20Sale&CampaignExpiresAt=2026/02/01%2000:00:00")!
        let (parameters, _) = try await engage.deepLinks.handle(url: url)
        _ = try await engage.ubf.postEventCache()
        return [
            "parameters": .object(
                JSONObject(parameters.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            "currentCampaign": .string(await engage.campaigns.currentCampaign()),
            "events": try await Env.storedEvents(engage),
        ]
    }

    static let postFailureRetries = Flow(
        vendor: "engage", name: "post-failure-failed-post",
        documentation: "Engage iOS SDK README, Local Event Storage, Configuration Values (maxNumRetries)",
        kind: .errorCase,
        summary:
            "Two 500s spend no retry; the batch Engage refuses (400) is split so its valid event posts, and the refused "
            + "event ends FAILED_POST after maxNumRetries (3) retries",
        simulatorSetup: [Env.settings([("eventPostFailures", 2), ("refusedEventName", "Doomed")])]
    ) { context in
        let recorder = EngageNotificationRecorder()
        let engage = try await Env.identifiedEngage(context, delegate: recorder)
        _ = try await engage.ubf.trackNamedEvent("Kept")
        _ = try await engage.ubf.trackNamedEvent("Doomed")
        var reports: [Outcome] = []
        for _ in 1...6 { reports.append(Env.outcome(try await engage.ubf.postEventCache())) }
        return [
            "retries": .array(reports), "notifications": await Env.notifications(recorder),
            "events": try await Env.storedEvents(engage),
        ]
    }

    static let augmentationTimeout = Flow(
        vendor: "engage", name: "augmentation-timeout-expired",
        documentation:
            "Engage iOS SDK README, UBF Event Augmentation Plugin Service, Configuration Values (augmentation timeout)",
        summary: "A plugin slower than augmentationTimeout leaves the event EXPIRED, and it is still posted",
        simulatorSetup: [Env.settings()]
    ) { context in
        let slow = UBFAugmentationPlugin.async("slow-location") { event in
            try await Task.sleep(for: .seconds(3600))
            return event
        }
        let recorder = EngageNotificationRecorder()
        let engage = try await Env.identifiedEngage(context, plugins: [slow], delegate: recorder)
        let stored = try await engage.ubf.trackNamedEvent("Located")
        _ = try await engage.ubf.postEventCache()
        return [
            "statusWhenTracked": .string(stored.status.description),
            "notifications": await Env.notifications(recorder),
            "events": try await Env.storedEvents(engage),
        ]
    }
}
