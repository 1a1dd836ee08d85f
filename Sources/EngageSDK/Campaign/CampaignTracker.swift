public import Foundation
public import JSONCore

/// The current campaign (§7.2 of the Engage notes), set from deep-link parameters and push payloads and
/// persisted with its expiry.
///
/// The expiry comes from, in order: `CampaignExpiresAt` (absolute `yyyy/MM/dd HH:mm:ss` UTC, or relative),
/// `CampaignValidFor` (relative), the README's `CampaignEndTimeStamp` (a GMT Unix timestamp, as its deep-link
/// examples use it), or else `General.defaultCurrentCampaignExpiration` from now (the order is assumed:
/// `x-sdk-choices` in `Schemas/engage/engage.openapi.yaml`).
public struct CampaignTracker: Sendable {
    let state: EngageStateStore
    let names: EngageConfig.ParamFieldNames
    let defaultExpiration: Duration
    let now: @Sendable () -> Date
    let observer: EngageObserver

    /// The campaign, or `""` when none is set or it has expired.
    public func currentCampaign() async -> String {
        let name = await state.string(.currentCampaign)
        guard !name.isEmpty, let expiresAt = await expiresAt(), self.now() < expiresAt else { return "" }
        return name
    }

    /// The last campaign set, even if it has expired.
    public func lastCampaign() async -> String {
        await state.string(.currentCampaign)
    }

    /// When the current campaign expires.
    public func expiresAt() async -> Date? {
        await state.value(.currentCampaignExpiresAt).flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }

    /// Stores `name` as the current campaign until `expiresAt` (default: the configured default from now).
    public func setCurrentCampaign(_ name: String, expiresAt: Date? = nil) async throws {
        let expiry = expiresAt ?? self.now().addingTimeInterval(defaultExpiration.engageSeconds)
        try await state.set(name, for: .currentCampaign)
        try await state.set(String(expiry.timeIntervalSince1970), for: .currentCampaignExpiresAt)
        await observer.emit(.currentCampaignChanged(name: name, expiresAt: expiry))
    }

    /// Looks for the campaign parameter in flat parameters (a deep link's query) and stores it with its
    /// expiry; returns the campaign found.
    @discardableResult
    public func update(from params: [String: String]) async throws -> String? {
        try await update(
            from: .object(JSONObject(params.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
    }

    /// Looks for the campaign parameter anywhere in a payload (searched recursively, as the iOS SDK does for
    /// push payloads) and stores it with its expiry; returns the campaign found.
    @discardableResult
    public func update(from payload: JSONValue) async throws -> String? {
        guard let campaign = payload.firstValue(forKey: names.currentCampaign)?.lenientString, !campaign.isEmpty
        else { return nil }
        let now = self.now()
        let expiresAt = payload.firstValue(forKey: names.campaignExpiresAt)?.lenientString
        let validFor = payload.firstValue(forKey: names.campaignValidFor)?.lenientString
        let endTimeStamp = payload.firstValue(forKey: names.campaignEndTimeStamp)?.lenientString
        var expiry: Date?
        if let expiresAt, let date = Self.parse(expiresAt, from: now, allowAbsolute: true) {
            expiry = date
        } else if let validFor, let date = Self.parse(validFor, from: now, allowAbsolute: false) {
            expiry = date
        } else if let endTimeStamp, let seconds = Double(endTimeStamp.trimmingCharacters(in: .whitespaces)),
            seconds > 0
        {
            expiry = Date(timeIntervalSince1970: seconds)
        }
        try await setCurrentCampaign(campaign, expiresAt: expiry)
        return campaign
    }

    /// A parsed expiry, nil when the text holds neither a relative span nor an absolute date.
    private static func parse(_ text: String, from now: Date, allowAbsolute: Bool) -> Date? {
        let parser = EngageExpirationParser(text, from: now)
        if parser.secondsParsed > 0 { return parser.expirationDate }
        if allowAbsolute, EngageExpirationParser.relativeMatches(in: text).isEmpty,
            let absolute = EngageExpirationParser.absoluteDate(in: text)
        {
            return absolute
        }
        return nil
    }
}
