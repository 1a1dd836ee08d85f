import Foundation
import HTTPTypes
import JSONCore
import Synchronization

/// The campaign lifecycle: a screen's properties, a template fetch per present property, then the callbacks in the
/// page's order (`onCampaignPrepared`, `onDataReceived`, render, `onRendered`, `onCampaignShown`).
extension WEPersonalization {
    /// A new screen visit: the previous screen's properties and cached campaigns are
    /// forgotten, and every view is emptied until its property's campaign for this screen arrives.
    func screenChanged(_ screen: String) {
        let (number, views) = state.withLock { state -> (Int, [WEInlineView]) in
            state.visits += 1
            state.visit = Visit(number: state.visits, screen: screen)
            return (state.visits, state.views.values.compactMap(\.value))
        }
        for view in views { view.show(.nothing) }
        queue.enqueue { [weak self] in await self?.loadScreen(screen, visit: number) }
    }

    /// The properties of the screen (`GET /users/{licenseCode}/{luid}/inline-properties?screen=`), then each
    /// one not processed yet.
    private func loadScreen(_ screen: String, visit: Int) async {
        guard isInitialised, let setup = webEngage.setup, isCurrent(visit) else { return }
        let client = WebEngageHTTP(setup: setup)
        var query = [("screen", screen)]
        if let cuid = webEngage.user.cuid { query.append(("cuid", cuid)) }
        let answer = try? await client.send(
            .get, path: client.userPath("inline-properties"), query: query, operation: "fetchProperties")
        let properties = answer.flatMap { $0.status == 200 ? WEPropertyDetail.list($0.body) : nil } ?? []
        state.withLock { state in
            if state.visit?.number == visit { state.visit?.properties = properties }
        }
        for property in properties { await process(property, visit: visit) }
        await upload()
    }

    /// A property registered or put on screen: processed if its screen's properties arrived and it was not yet;
    /// shown again from the visit's cache when `reshow` (a view attached or a cell loaded after it was shown).
    func processTag(_ tag: Int, reshow: Bool) async {
        let found = state.withLock { state -> (Int, WEPropertyDetail?, WECampaignData?, Bool)? in
            guard let visit = state.visit, let properties = visit.properties else { return nil }
            let property = properties.first { $0.tag == tag }
            return (visit.number, property, visit.cache[tag], visit.processed.contains(tag))
        }
        guard let (visit, property, cached, processed) = found, let property else { return }
        if !processed {
            await process(property, visit: visit)
        } else if reshow, let cached {
            await show(cached, property: property, visit: visit, again: true)
        }
        await upload()
    }

    func isCurrent(_ visit: Int) -> Bool {
        state.withLock { $0.visit?.number == visit }
    }

    /// Fetches, parses and delivers the campaign of one property, once per visit.
    private func process(_ property: WEPropertyDetail, visit: Int) async {
        guard isInitialised, let tag = property.tag, let setup = webEngage.setup else { return }
        let first = state.withLock { state -> Bool in
            guard state.visit?.number == visit else { return false }
            return state.visit?.processed.insert(tag).inserted ?? false
        }
        guard first else { return }
        if property.isControlGroup {
            if isPresent(tag) { controlGroupAttempt(property) }
            return
        }
        guard let campaignId = property.campaignId else {
            if let content = property.defaultContent {
                for view in views(tag) { view.show(.defaultContent(content)) }
            }
            return
        }
        guard isPresent(tag) else {
            // Not processed after all: a view or callback registered later in this visit (a cell scrolled into
            // view) still gets the campaign.
            state.withLock { state in
                if state.visit?.number == visit { state.visit?.processed.remove(tag) }
            }
            raise(.missingTargetView(campaignId: campaignId, targetViewId: property.targetView), property)
            return
        }
        let deadline = WERenderDeadline(clock: setup.clock, limitMilliseconds: Self.limit(property))
        let client = WebEngageHTTP(setup: setup)
        let params = property.params.flatMap { try? JSONValue(parsing: $0) } ?? .object(JSONObject())
        let path = client.userPath("templates/APP_PERSONALIZATION-\(property.variationId)")
        let query = webEngage.user.cuid.map { [("cuid", $0)] } ?? []
        let answer: WebEngageHTTP.Answer
        switch await deadline.race({ () async throws(WebEngageError) in
            try await client.send(
                .post, path: path, query: query, json: params, gzip: true, operation: "fetchTemplate")
        }) {
        case .timedOut:
            raise(timeout(property, campaignId, deadline), property)
            return
        case .finished(.failure(let error)):
            raise(fetchFailed(property, campaignId, error.description), property)
            return
        case .finished(.success(let received)):
            answer = received
        }
        guard answer.status == 200 else {
            raise(fetchFailed(property, campaignId, "HTTP \(answer.status)"), property)
            return
        }
        let content: WECampaignContent
        do {
            content = try WETemplateParser.template(answer.body)
        } catch {
            raise(fetchFailed(property, campaignId, error.reason), property)
            return
        }
        if deadline.isPast {
            raise(timeout(property, campaignId, deadline), property)
            return
        }
        guard isPresent(tag), isCurrent(visit) else {
            raise(.missingTargetView(campaignId: campaignId, targetViewId: property.targetView), property)
            return
        }
        let data = WECampaignData(
            targetViewId: property.targetView, campaignId: campaignId, content: content,
            tracking: WECampaignData.Tracking(
                propertyId: property.propertyId, variationId: property.variationId,
                track: { [weak self] name, system, attributes in self?.trackFromApp(name, system, attributes) }))
        var prepared = data
        for callback in campaignCallbacks { prepared = callback.onCampaignPrepared(prepared) }
        state.withLock { state in
            if state.visit?.number == visit { state.visit?.cache[tag] = prepared }
        }
        await show(prepared, property: property, visit: visit, again: false, deadline: deadline)
    }

    /// `onDataReceived`, then for Banner and Text (unless stopped) resources, render, `onRendered`,
    /// `onCampaignShown` and the automatic impression.
    private func show(
        _ data: WECampaignData, property: WEPropertyDetail, visit: Int, again: Bool,
        deadline: WERenderDeadline? = nil
    ) async {
        guard let tag = property.tag, let setup = webEngage.setup else { return }
        placeholder(tag)?.onDataReceived(data)
        guard data.shouldRender else { return }
        let content = data.content
        let targets = views(tag)
        guard !targets.isEmpty else {
            raise(.missingTargetView(campaignId: data.campaignId, targetViewId: property.targetView), property)
            return
        }
        if !again, let deadline {
            let client = WebEngageHTTP(setup: setup)
            for image in content.images {
                let failure: String?
                switch await deadline.race({ () async throws(WebEngageError) in try await client.fetchResource(image) })
                {
                case .timedOut:
                    raise(timeout(property, data.campaignId, deadline), property)
                    return
                case .finished(.success(let answer)):
                    failure = answer.status == 200 && !answer.body.isEmpty ? nil : "HTTP \(answer.status)"
                case .finished(.failure(let error)):
                    failure = error.description
                }
                if let failure {
                    raise(
                        .resourceFetchingFailed(
                            campaignId: data.campaignId, targetViewId: property.targetView, url: image,
                            reason: failure), property)
                    return
                }
            }
            if deadline.isPast {
                raise(timeout(property, data.campaignId, deadline), property)
                return
            }
        }
        for view in targets { view.show(.campaign(data)) }
        placeholder(tag)?.onRendered(data: data)
        if !again {
            for callback in campaignCallbacks { callback.onCampaignShown(data: data) }
        }
        autoImpression(data, tag: tag, visit: visit)
    }

    private func fetchFailed(_ property: WEPropertyDetail, _ campaignId: String, _ reason: String) -> WebEngageError {
        .campaignFetchingFailed(campaignId: campaignId, targetViewId: property.targetView, reason: reason)
    }

    /// The time a property's campaign has: its `failureTimeout` + 500 ms.
    static func limit(_ property: WEPropertyDetail) -> Int {
        let (limit, overflow) = property.failureTimeout.addingReportingOverflow(500)
        return overflow ? Int.max : limit
    }

    /// `timeout`, with the limit and the time elapsed on the deadline's clock.
    private func timeout(
        _ property: WEPropertyDetail, _ campaignId: String, _ deadline: WERenderDeadline
    ) -> WebEngageError {
        .timeout(
            campaignId: campaignId, targetViewId: property.targetView, limitMilliseconds: deadline.limitMilliseconds,
            elapsedMilliseconds: deadline.elapsedMilliseconds)
    }
}
