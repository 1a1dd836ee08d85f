import Foundation
import JSONCore

extension WalkMe {
    /// Starts WalkMe: fetches the settings, then the data file (from the store when its version is current, with an
    /// access token when the app's data file needs one), starts a session and shows the first eligible campaign.
    /// When WalkMe cannot be reached, the last stored settings and data file stand in (within their offline days).
    ///
    /// - Throws: ``WalkMeError/missingCredential(_:)``, ``WalkMeError/server(status:code:message:)`` (unknown key,
    ///   wrong secret, refused token), ``WalkMeError/killSwitched``, ``WalkMeError/transport(endpoint:detail:)``
    ///   without a stored data file, ``WalkMeError/malformedContent(document:pointer:reason:)``.
    @discardableResult
    public func start(options: WMStartOptions) async throws(WalkMeError) -> WMStartResult {
        if state.session != nil, let result = state.lastResult { return result }
        guard !options.key.isEmpty else { throw .missingCredential("key") }
        guard !options.secret.isEmpty else { throw .missingCredential("secret") }
        if let delegate = options.campaignInfoDelegate { setCampaignInfoDelegate(delegate) }
        state.options = options
        state.eventsFilter = options.events.map(Set.init)
        let api = WalkMeAPI(
            transport: environment.transport, baseURL: options.proxyGatewayURL ?? environment.baseURL,
            key: options.key, secret: options.secret)
        state.api = api
        let sync = try await syncContent(api, options: options)
        state.settings = sync.settings
        state.dataFile = sync.dataFile
        let session = beginSession()
        let result = WMStartResult(
            sessionId: session, contentSource: sync.source, dataFileVersion: sync.dataFile.version,
            campaignIds: sync.dataFile.campaigns.map(\.id), tokenRefusals: sync.tokenRefusals)
        state.lastResult = result
        await showEligibleCampaign()
        return result
    }

    /// The documented `start:withSecretKey:`.
    @discardableResult
    public func start(_ key: String, withSecretKey secret: String) async throws(WalkMeError) -> WMStartResult {
        try await start(options: WMStartOptions(key: key, secret: secret))
    }

    /// Ends the session and starts again (settings, data file, new session). Refused before start and within the
    /// session's first minute.
    @discardableResult
    public func restart() async throws(WalkMeError) -> WMStartResult {
        guard let options = state.options, state.session != nil else { throw .notStarted("restart") }
        guard sessionAge >= Self.minimumSessionAge else { throw .sessionTooYoung("restart", age: sessionAge) }
        await endSession()
        return try await start(options: options)
    }

    /// Ends the session and uploads its events. Refused before start and within the session's first minute.
    public func stop() async throws(WalkMeError) {
        guard state.session != nil else { throw .notStarted("stop") }
        guard sessionAge >= Self.minimumSessionAge else { throw .sessionTooYoung("stop", age: sessionAge) }
        await endSession()
    }

    /// The app went to the background: the event is recorded and the queue uploaded.
    public func appDidEnterBackground() async {
        guard state.session != nil else { return }
        record(.appEnteredBg, [:])
        state.backgroundedAt = environment.now()
        _ = try? await flushEvents()
    }

    /// The app came back: after more than the settings' session timeout in the background the session ends and a
    /// new one starts (and the campaigns of the new session are evaluated).
    public func appWillEnterForeground() async {
        guard state.session != nil, let since = state.backgroundedAt else { return }
        state.backgroundedAt = nil
        let timeout = TimeInterval(state.settings?.sessionTimeout ?? 1800)
        if environment.now().timeIntervalSince(since) > timeout {
            await endSession()
            let id = beginSession()
            state.lastResult?.sessionId = id
        }
        record(.appEnteredFg, [:])
        await showEligibleCampaign()
    }

    private func beginSession() -> String {
        let id = environment.makeIdentifier()
        state.session = WalkMeState.Session(id: id, start: environment.now())
        record(.sessionStarted, [:])
        return id
    }

    func endSession() async {
        guard let session = state.session else { return }
        record(.sessionStop, ["duration": .number(JSONNumber(sessionAge))])
        _ = try? await flushEvents()
        if state.session?.id == session.id { state.session = nil }
        state.presented = nil
    }

    private struct Sync {
        var settings: WMSettings
        var dataFile: WMDataFile
        var source: WMContentSource
        var tokenRefusals: [String] = []
    }

    private func syncContent(_ api: WalkMeAPI, options: WMStartOptions) async throws(WalkMeError) -> Sync {
        let stored = try loadStore()
        let settingsJSON: JSONValue
        do throws(WalkMeError) {
            guard let answer = try await api.settings(type: options.type) else {
                throw WalkMeError.unexpectedResponse(endpoint: "settings", status: 304, detail: "no settings")
            }
            settingsJSON = answer
        } catch .transport(let endpoint, let detail) {
            return try offline(stored, endpoint: endpoint, detail: detail)
        }
        let settings = try WMSettings(json: settingsJSON)
        try updateStore { $0.settings = settingsJSON }
        state.killSwitched = settings.killSwitch
        guard !settings.killSwitch else { throw .killSwitched }
        let storedFile = stored.dataFile.flatMap { try? WMDataFile(json: $0) }
        if let selfHosted = options.selfHostedURL {
            let json = try await api.dataFile(at: selfHosted, token: nil, storedVersion: storedFile?.version)
            return try Sync(settings: settings, dataFile: resolve(json, storedFile), source: .selfHosted)
        }
        let url = try api.resolve(settings.dataFileURL, endpoint: "dataFileUrl")
        guard settings.dataFileAuth == .token else {
            let json = try await api.dataFile(at: url, token: nil, storedVersion: storedFile?.version)
            return try Sync(
                settings: settings, dataFile: resolve(json, storedFile), source: json == nil ? .upToDateCache : .network
            )
        }
        let tokenURL = try api.resolve(settings.tokenURL, endpoint: "tokenUrl")
        var refusals: [String] = []
        var token = stored.accessToken
        for attempt in 0..<2 {
            if token == nil || attempt > 0 {
                let issued = try await api.token(at: tokenURL).token
                try updateStore { $0.accessToken = issued }
                token = issued
            }
            do {
                let json = try await api.dataFile(at: url, token: token, storedVersion: storedFile?.version)
                return Sync(
                    settings: settings, dataFile: try resolve(json, storedFile),
                    source: json == nil ? .upToDateCache : .network, tokenRefusals: refusals)
            } catch .server(let status, let code, let message) {
                guard status == 401, attempt == 0, code == "invalid_token" || code == "token_expired" else {
                    throw .server(status: status, code: code, message: message)
                }
                refusals.append(code)
            }
        }
        throw .unexpectedResponse(endpoint: "data file", status: 401, detail: "a new token was refused as well")
    }

    /// The downloaded data file (stored), or the stored one when the server said it is current.
    private func resolve(_ json: JSONValue?, _ stored: WMDataFile?) throws(WalkMeError) -> WMDataFile {
        guard let json else {
            guard let stored else {
                throw .unexpectedResponse(endpoint: "data file", status: 304, detail: "no data file is stored")
            }
            return stored
        }
        return try save(json)
    }

    private func save(_ json: JSONValue) throws(WalkMeError) -> WMDataFile {
        let file = try WMDataFile(json: json)
        let now = environment.now()
        try updateStore {
            $0.dataFile = json
            $0.savedAt = now
        }
        return file
    }

    private func offline(_ stored: WMStoredContent, endpoint: String, detail: String) throws(WalkMeError) -> Sync {
        guard let settingsJSON = stored.settings, let dataJSON = stored.dataFile, let savedAt = stored.savedAt else {
            throw .transport(endpoint: endpoint, detail: detail)
        }
        let settings = try WMSettings(json: settingsJSON)
        let age = environment.now().timeIntervalSince(savedAt)
        guard age <= TimeInterval(settings.offlineDays) * 86_400 else {
            throw .transport(endpoint: endpoint, detail: "\(detail); the stored data file is past its offline days")
        }
        state.killSwitched = settings.killSwitch
        guard !settings.killSwitch else { throw .killSwitched }
        return Sync(settings: settings, dataFile: try WMDataFile(json: dataJSON), source: .offlineCache)
    }
}

extension WalkMe {
    /// The app is about to terminate: `AppTerminated` ends the session's events and the queue is uploaded.
    public func appWillTerminate() async {
        guard state.session != nil else { return }
        record(.appTerminated, [:])
        _ = try? await flushEvents()
    }
}
