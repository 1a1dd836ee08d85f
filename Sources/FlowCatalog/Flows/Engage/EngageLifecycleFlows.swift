import EngageSDK
import Foundation
import JSONCore

/// What had code but no cassette: the deprecated anonymous-user methods, session end, local and push notification
/// receipt, and the purge of the local event store.
extension EngageFlows {
    static let anonymousUserDeprecated = Flow(
        vendor: "engage", name: "anonymous-user-deprecated",
        documentation:
            "Engage iOS SDK README, Creating an anonymous user (depreciated), Convert anonymous user to registered "
            + "user (depreciated); the XML per Acoustic's XMLAPI reference",
        summary: "The deprecated anonymous recipient is created, then merged into the primary user by its column",
        simulatorSetup: [Env.settings(), Env.addRecipient([("Email", "ann@example.com")])]
    ) { context in
        let engage = try await Env.identifiedEngage(context)
        let anonymous = try await engage.xmlAPI.addRecipientAnonymous()
        let merged = try await engage.xmlAPI.updateAnonymousToPrimaryUser(
            userID: "ann@example.com", primaryUserColumn: "Email", mergeColumn: "Merged Recipient Id")
        return ["anonymous": Env.outcome(anonymous), "merged": Env.outcome(merged)]
    }

    static let sessionEnded = Flow(
        vendor: "engage", name: "session-ended",
        documentation:
            "Engage iOS SDK README, Universal Behaviors API, Configuration Values (sessionLifecycleExpiration)",
        summary: "Back after more than 30 minutes away: Session Ended (14) with the foreground duration, then a new "
            + "Session Started (13); going to the background posts the cache",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try await Env.identifiedEngage(context)
        _ = try await engage.ubf.start()
        context.clock.advance(by: 60)
        _ = try await engage.ubf.trackNamedEvent("browsing")
        context.clock.advance(by: 60)
        let background = try await engage.ubf.applicationDidEnterBackground()
        context.clock.advance(by: 1801)
        try await engage.ubf.applicationWillEnterForeground()
        let later = try await engage.ubf.postEventCache()
        return [
            "background": Env.outcome(background), "later": Env.outcome(later),
            "events": try await Env.storedEvents(engage),
        ]
    }

    static let notificationsReceived = Flow(
        vendor: "engage", name: "notifications-received",
        documentation: "Engage iOS SDK README, Local Notification Received, Push Notification Received",
        summary: "A local and a push notification received are tracked as 48, the push one setting its campaign",
        simulatorSetup: [Env.settings()]
    ) { context in
        let engage = try await Env.identifiedEngage(context)
        _ = try await engage.ubf.trackReceivedLocalNotification(alertBody: "Your cart misses you", alertAction: "Open")
        context.clock.advance(by: 1)
        let payload: JSONValue = ["aps": ["alert": "Spring sale"], "CurrentCampaign": "Spring"]
        _ = try await engage.deepLinks.handle(receivedNotification: payload)
        let report = try await engage.ubf.postEventCache()
        return [
            "currentCampaign": .string(await engage.campaigns.currentCampaign()), "post": Env.outcome(report),
            "events": try await Env.storedEvents(engage),
        ]
    }

    static let purgePostedEvents = Flow(
        vendor: "engage", name: "purge-posted-events",
        documentation:
            "Engage iOS SDK README, Local Event Storage, Configuration Values (expireLocalEventsAfterNumDays)",
        summary: "After 30 days the start purges the posted events only; an event never sent stays and is posted",
        simulatorSetup: [Env.settings()]
    ) { context in
        let network = NetworkSwitch(context.transport)
        let engage = try await Env.identifiedEngage(context, transport: network)
        _ = try await engage.ubf.trackNamedEvent("posted")
        _ = try await engage.ubf.postEventCache()
        network.set(online: false)
        _ = try await engage.ubf.trackNamedEvent("unsent")
        _ = try await engage.ubf.postEventCache()
        let before = try await Env.storedEvents(engage)
        context.clock.advance(by: 32 * 86_400)
        network.set(online: true)
        let start = try await engage.ubf.start()
        return ["before": before, "start": Env.outcome(start), "events": try await Env.storedEvents(engage)]
    }
}
