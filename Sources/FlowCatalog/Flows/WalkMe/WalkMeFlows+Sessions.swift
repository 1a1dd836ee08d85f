import ContractKit
import Foundation
import JSONCore
import WalkMeSDK

/// Sessions: restart and stop in the first minute, the session timeout, offline starts and the analytics upload.
extension WalkMeFlows {
    static let sessions: [Flow] = [
        .walkMe(
            "restart-refused-first-minute", "Brief Overview", facts: assumedContent,
            summary: "restart and stop are refused before start and in a session's first minute, then allowed"
        ) { session in
            let app = session.app()
            await restart(session, app)
            await session.start(app)
            session.context.clock.advance(by: 30)
            await restart(session, app)
            await session.step("stop") { () async throws(WalkMeError) -> JSONValue in
                try await app.stop()
                return .bool(true)
            }
            session.context.clock.advance(by: 30)
            await restart(session, app)
        },
        .walkMe(
            "session-timeout", "WMUserData sessionId and sessionDuration", facts: assumedContent,
            summary: "Back from the background after the session timeout, a new session starts (new sessionId)"
        ) { session in
            let app = session.app()
            await session.start(app)
            session.context.clock.advance(by: 20)
            await app.appDidEnterBackground()
            session.context.clock.advance(by: 1801)
            await app.appWillEnterForeground()
            session.context.clock.advance(by: 5)
            await app.setScreenID("home")
            await tap(session, app, "cta-ok")
        },
        .walkMe(
            "offline-start-from-cache", "Brief Overview", facts: assumedContent,
            summary: "Offline, a relaunch uses the stored settings and data file; its events wait in the queue"
        ) { session in
            let store = WMInMemoryContentStore()
            let online = session.app(store: store)
            await session.start(online)
            var device = WalkMeFlowSession.device
            device.network = .offline
            device.orientation = .landscapeLeft
            let offline = session.app(store: store, offline: true, device: device)
            session.context.clock.advance(by: 3600)
            await session.start(offline)
            await offline.setScreenID("home")
            await tap(session, offline, "cta-ok")
            await session.step("queued events") { () async throws(WalkMeError) -> JSONValue in
                .array(await offline.queuedEvents.map { $0["type"] ?? .null })
            }
        },
        .walkMe(
            "self-hosted-data-file", "Brief Overview", facts: assumedContent,
            summary:
                "With a self-hosted URL the settings still come from WalkMe, the data file from the app's own host",
            setup: [WalkMeSetup.app(#"{"dataFileAuth":"token"}"#)]
        ) { session in
            let url = session.context.baseURL.appendingPathComponent("self-hosted")
                .appendingPathComponent(WalkMeFlowSession.appKey).appendingPathComponent("data.json")
            await session.start(session.app(), selfHostedURL: url)
        },
        .walkMe(
            "session-analytics-events", "Using Campaign Callbacks", facts: assumedContent,
            summary: "A session's events (start, screen, impression, click, goal, tracked event, user, stop) go to "
                + "the events endpoint in one batch and to the analytics delegate",
            analytics: true
        ) { session in
            let app = session.app()
            await session.start(app)
            await app.setUserID("user-42")
            session.context.clock.advance(by: 10)
            await app.setScreenID("home")
            await tap(session, app, "cta-ok")
            await session.step("sendGoal") { () async throws(WalkMeError) -> JSONValue in
                try await app.sendGoal("checkout", withProperites: ["amount": 42, "currency": "EUR"])
                return .bool(true)
            }
            await session.step("sendTrackedEvent") { () async throws(WalkMeError) -> JSONValue in
                try await app.sendTrackedEvent("search", withProperites: ["query": "boots"])
                return .bool(true)
            }
            session.context.clock.advance(by: 60)
            await session.step("stop") { () async throws(WalkMeError) -> JSONValue in
                try await app.stop()
                return .array(await app.queuedEvents)
            }
        },
    ]

    static func restart(_ session: WalkMeFlowSession, _ app: WalkMe) async {
        await session.step("restart") { () async throws(WalkMeError) -> JSONValue in
            WalkMeFlowSession.summary(try await app.restart())
        }
    }
}
