import Foundation

/// Tracks Universal Behavior events (§3–4 of the Engage notes): each event is stored first (HOLD while
/// augmentation plugins run, then NOT_POSTED or EXPIRED), and the store is flushed to
/// `/rest/events/submission` once `General.ubfEventCacheSize` events are ready, or on ``postEventCache()``.
public actor UBFManager {
    /// The local event store, for observing statuses.
    public nonisolated let store: EngageEventStore
    /// The current campaign.
    public nonisolated let campaigns: CampaignTracker
    let state: EngageStateStore
    let client: UBFClient
    let augmenter: UBFAugmenter
    let settings: EngageConfig.Events
    let fieldNames: EngageConfig.UBFFieldNames
    /// `ParamFieldNames`: where notifications and links carry the call to action.
    let paramNames: EngageConfig.ParamFieldNames
    let device: DeviceInfo
    let identifiers: IdentifierGenerator
    let now: @Sendable () -> Date
    let observer: EngageObserver
    /// The most events one request carries.
    public nonisolated let maxEventsPerPost: Int
    /// The session state (§7.3).
    public private(set) var session: SessionTracker
    /// Whether the last flush stopped without an answer from Engage (no token, no network).
    private var hasDeferred = false

    init(
        store: EngageEventStore, state: EngageStateStore, campaigns: CampaignTracker, client: UBFClient,
        augmenter: UBFAugmenter, config: EngageConfig, device: DeviceInfo, identifiers: IdentifierGenerator,
        now: @escaping @Sendable () -> Date, observer: EngageObserver, maxEventsPerPost: Int
    ) {
        self.store = store
        self.state = state
        self.campaigns = campaigns
        self.client = client
        self.augmenter = augmenter
        self.settings = config.events
        self.fieldNames = config.ubfFieldNames
        self.paramNames = config.paramFieldNames
        self.device = device
        self.identifiers = identifiers
        self.now = now
        self.observer = observer
        self.maxEventsPerPost = max(1, maxEventsPerPost)
        self.session = SessionTracker(timeout: config.events.sessionLifecycleExpiration)
    }

    /// An event builder with the current identity (device id, mobile user id, anonymous id, recipient id).
    public func builder() async throws -> UBFEventBuilder {
        let deviceID = try await state.value(.deviceID) { [identifiers] in identifiers.next() }
        let identity = UBFIdentity(
            deviceID: deviceID, mobileUserID: await state.string(.mobileUserID),
            anonymousID: await state.string(.anonymousID), recipientID: await state.string(.recipientID))
        return UBFEventBuilder(device: device, identity: identity, fieldNames: fieldNames, identifiers: identifiers)
    }

    /// Stores `event`, runs the augmentation plugins (returning once they finish or time out), and posts the
    /// store when enough events are ready. A failed post does not throw: the event stays stored, and the
    /// delegate hears ``EngageNotification/eventsPostFailed(eventIDs:error:)``.
    @discardableResult
    public func trackEvent(_ event: UBFEvent) async throws -> StoredEvent {
        let augmenting = !augmenter.plugins.isEmpty
        let initial: EngageEventStatus = augmenting ? .hold : .notPosted
        try await store.append([event], status: initial)
        await observer.emit(.eventStored(eventID: event.id, status: initial))
        if augmenting { try await augment(event) }
        if try await store.readyCount() >= settings.ubfEventCacheSize {
            _ = try await postEventCache()
        }
        guard let stored = try await store.event(id: event.id) else {
            throw EngageError.store(operation: "trackEvent", cause: "event \(event.id) vanished from the store")
        }
        return stored
    }

    private func augment(_ event: UBFEvent) async throws {
        let (augmented, status) = await augmenter.augment(event)
        if try await store.release(augmented, status: status) {
            await observer.emit(.eventAugmented(eventID: event.id, status: status))
        }
    }

    /// Posts every ready event (NOT_POSTED and EXPIRED), oldest first, in requests of at most
    /// ``maxEventsPerPost``. Throws only when the store fails.
    ///
    /// Only an answer from Engage spends retries. No network, no token (authentication has not succeeded yet), a
    /// 5xx, or a reply Engage did not write (a captive portal's page) leaves the events NOT_POSTED with their retry
    /// counts untouched and stops the flush (``UBFPostReport/deferred``); posting then resumes by itself when a
    /// token is obtained or the network comes back (``Engage/Options/reachability``), as the README says events are
    /// "queued and persisted until the authentication is successful and then they are flushed".
    ///
    /// When Engage refuses a batch, it is split in halves, and each half posted, until the refused events are
    /// alone: their neighbours are posted, and each refused event counts one failed attempt of its own (FAILED_POST
    /// after `Networking.maxNumRetries` retries that follow its first attempt). A refused event is tried once per
    /// flush.
    ///
    /// Identity first: while no mobile user id is stored nothing is posted (``UBFPostReport/awaitingIdentity``
    /// counts what waits); events tracked before the id was known are posted with it (and with the recipient id,
    /// when they had none). The README has apps identify the user before sending Universal Behaviors, and says
    /// Universal Behaviors reads the stored mobile user id.
    public func postEventCache() async throws -> UBFPostReport {
        var report = UBFPostReport()
        let identity = UBFIdentityStamp(
            mobileUserID: await state.string(.mobileUserID), recipientID: await state.string(.recipientID))
        guard !identity.mobileUserID.isEmpty else {
            report.awaitingIdentity = try await store.readyCount()
            return report
        }
        hasDeferred = false
        var lastRowID: Int64 = 0
        while let claim = try await store.claimPostable(limit: maxEventsPerPost, after: lastRowID) {
            lastRowID = claim.events.last?.rowID ?? lastRowID
            guard try await post(claim, identity: identity, into: &report) else {
                hasDeferred = true
                break
            }
        }
        return report
    }

    /// Posts one claim, splitting the batches Engage refuses; returns false when a post got no answer from Engage
    /// (every event not yet settled is handed back unchanged).
    private func post(
        _ claim: EngageEventStore.Claim, identity: UBFIdentityStamp, into report: inout UBFPostReport
    ) async throws -> Bool {
        // Parts still to post, the next one last.
        var pending: [ArraySlice<StoredEvent>] = [claim.events[...]]
        while let batch = pending.popLast() {
            let part = claim.part(batch)
            let ids = batch.map(\.eventID)
            report.requests += 1
            let outcome: UBFPostOutcome
            do {
                outcome = try await client.post(
                    batch.map { identity.stamp($0.json, includingID: store.includesEventIDs) })
            } catch {
                let failure = EngageError.wrapping(error, operationID: EngageOperationID.eventSubmission)
                let unsettled = claim.part(ArraySlice(pending.reversed().flatMap { $0 } + batch))
                try await store.unclaim(unsettled)
                report.deferred += unsettled.events.map(\.eventID)
                report.error = failure
                await observer.emit(.eventsPostFailed(eventIDs: unsettled.events.map(\.eventID), error: failure))
                return false
            }
            switch outcome {
            case .accepted:
                try await store.markPosted(part)
                report.posted += ids
                await observer.emit(.eventsPosted(eventIDs: ids))
            case .rejected(let failure) where batch.count > 1:
                report.error = failure
                let middle = batch.startIndex + batch.count / 2
                pending.append(batch[middle...])
                pending.append(batch[..<middle])
            case .rejected(let failure):
                let failed = try await store.markFailed(part, maxRetries: settings.maxNumRetries)
                report.failed += failed
                report.willRetry += ids.filter { !failed.contains($0) }
                report.error = failure
                await observer.emit(.eventsPostFailed(eventIDs: ids, error: failure))
            }
        }
        return true
    }

    /// Posts again if the last flush was stopped by a missing token or network: called when a token is obtained
    /// and when the reachability signal says the network is back.
    func resumeDeferredPosting() async {
        guard hasDeferred else { return }
        _ = try? await postEventCache()
    }

    /// Launch: purges events older than `LocalEventStore.expireLocalEventsAfterNumDays`, re-runs augmentation
    /// for events left on HOLD, tracks Installed once per install (augmented like every event), starts a session,
    /// and posts what is ready.
    @discardableResult
    public func start() async throws -> UBFPostReport {
        let now = self.now()
        try await store.purge(olderThanDays: settings.expireLocalEventsAfterNumDays, now: now)
        for held in try await store.events([.hold]) {
            try await augment(try held.event())
        }
        let builder = try await builder()
        if await state.string(.clientInstalled) != "YES" {
            let installed = builder.installed(at: now, lastCampaign: await campaigns.lastCampaign())
            let augmenting = !augmenter.plugins.isEmpty
            try await store.append([installed], status: augmenting ? .hold : .notPosted)
            if augmenting { try await augment(installed) }
            try await state.set("YES", for: .clientInstalled)
        }
        try await perform(session.start(at: now))
        return try await postEventCache()
    }

    /// The app went to the background: the session pauses and the event cache is posted (the README's automatic
    /// dispatch when the app moves to the background, beside the cache-size trigger and the manual post).
    @discardableResult
    public func applicationDidEnterBackground() async throws -> UBFPostReport {
        session.enterBackground(at: self.now())
        return try await postEventCache()
    }

    /// The app came back: after more than `Session.sessionLifecycleExpiration` away, the session ends (its
    /// duration excludes the time away) and a new one starts.
    public func applicationWillEnterForeground() async throws {
        try await perform(session.enterForeground(at: self.now()))
    }

    private func perform(_ actions: [SessionTracker.Action]) async throws {
        for action in actions {
            switch action {
            case .startSession(let at):
                try await track { $0.sessionStarted(at: at, campaign: $2) }
                await observer.emit(.sessionStarted(at: at))
            case .endSession(let at, let duration):
                try await track { $0.sessionEnded(at: at, campaign: $2, duration: duration) }
                await observer.emit(.sessionEnded(duration: duration))
            }
        }
    }
}
