import Foundation
import HTTPTypes
import JSONCore
import Synchronization

extension Adapty {
    /// The profile: created on the backend on first use (`POST`), then fetched (`GET`). An answer whose
    /// `x-response-hash` equals the hash the SDK sent keeps the cached profile without decoding the body.
    public func getProfile() async throws(AdaptyError) -> AdaptyProfile {
        guard state.withLock({ $0.profile }) != nil else { return try await ensureProfile() }
        return try await exchangeProfile(method: .get, attributes: nil, endpoint: "fetch profile")
    }

    /// Sends profile parameters (`PATCH`) and returns the updated profile.
    public func updateProfile(params: AdaptyProfileParameters) async throws(AdaptyError) -> AdaptyProfile {
        _ = try await ensureProfile()
        if let disabled = params.analyticsDisabled { state.withLock { $0.analyticsDisabled = disabled } }
        return try await exchangeProfile(method: .patch, attributes: params.attributes, endpoint: "update profile")
    }

    /// The cached profile, creating it on the backend first when there is none.
    func ensureProfile() async throws(AdaptyError) -> AdaptyProfile {
        if let profile = state.withLock({ $0.profile }) { return profile }
        var attributes: [(String, JSONValue)] = []
        if let customerUserId = configuration.customerUserId {
            attributes.append(("customer_user_id", .string(customerUserId)))
        }
        attributes.append(("installation_meta", installationMeta))
        return try await exchangeProfile(method: .post, attributes: attributes, endpoint: "create profile")
    }

    private func exchangeProfile(
        method: HTTPRequest.Method, attributes: [(String, JSONValue)]?, endpoint: String
    )
        async throws(AdaptyError) -> AdaptyProfile
    {
        let profileId = self.profileId
        let previousHash = state.withLock { $0.responseHash }
        var headers = [("adapty-sdk-profile-id", profileId)]
        if method != .post, let previousHash { headers.append(("adapty-sdk-previous-response-hash", previousHash)) }
        var body: JSONValue?
        if let attributes {
            body = [
                "data": [
                    "type": "adapty_analytics_profile", "id": .string(profileId),
                    "attributes": .object(JSONObject(attributes)),
                ]
            ]
        }
        let response = try await backend.send(
            AdaptyBackend.Request(
                method: method, path: "/sdk/analytics/profiles/\(PlacementKind.segment(profileId))/",
                headers: headers, body: body, endpoint: endpoint))
        let hash = HTTPField.Name("x-response-hash").flatMap { response.headers[$0] }
        if method != .post, let hash, hash == previousHash, let cached = state.withLock({ $0.profile }) {
            state.withLock { $0.lastProfileUse = .unchangedKeptCache }
            return cached
        }
        let value: JSONValue
        do { value = try JSONValue(parsing: response.body) } catch {
            throw .decodingFailed(endpoint: endpoint, detail: error.description)
        }
        let profile = try AdaptyProfile(value, endpoint: endpoint)
        state.withLock {
            $0.profile = profile
            $0.responseHash = hash
            $0.lastProfileUse = .decoded
        }
        return profile
    }

    private var installationMeta: JSONValue {
        let device = configuration.device
        var members: [(String, JSONValue)] = [
            ("device_id", .string(device.deviceId)), ("adapty_sdk_version", .string(AdaptyConfiguration.sdkVersion)),
            ("device", .string(device.device)), ("locale", .string(device.locale)), ("os", .string(device.os)),
            ("platform", .string(device.platform)), ("timezone", .string(device.timezone)),
        ]
        if let build = device.appBuild { members.append(("app_build", .string(build))) }
        if let version = device.appVersion { members.append(("app_version", .string(version))) }
        return .object(JSONObject(members))
    }
}
