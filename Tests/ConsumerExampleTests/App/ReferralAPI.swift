import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An app's own ReferralHero client over URLSession: what an app team writes when it calls the REST API
/// directly. Nothing here knows about ContractHarness; the tests hand it a URLSession and a base URL.
struct ReferralAPI: Sendable {
    var baseURL: URL
    var token: String
    var campaign: String
    var session: URLSession

    /// Adds the person to the campaign's list (`POST /lists/{campaign}/subscribers`).
    func join(_ form: SignUp) async throws -> Subscriber {
        var request = URLRequest(url: baseURL.appendingPathComponent("lists/\(campaign)/subscribers"))
        request.httpMethod = "POST"
        request.setValue("application/vnd.referralhero.v1", forHTTPHeaderField: "Accept")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(token, forHTTPHeaderField: "Authorization")
        request.httpBody = try JSONEncoder().encode(form)
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw ReferralAPIError.status(status) }
        return try JSONDecoder().decode(Envelope<Subscriber>.self, from: data).data
    }
}

/// What the app sends when someone joins.
struct SignUp: Encodable, Sendable {
    var email: String
    var name: String
    var domain = "https://example.com"
    var device = "iPhone"
    var osType = "iOS"
    var screenSize = "393.0 x 852.0"
    var ipAddress = "203.0.113.7"
    /// Seconds since 1970, as the API takes it.
    var timestamp: String

    enum CodingKeys: String, CodingKey {
        case email, name, domain, device, timestamp
        case osType = "os_type"
        case screenSize = "screen_size"
        case ipAddress = "ip_address"
    }
}

/// The part of a subscriber the app shows.
struct Subscriber: Decodable, Sendable, Equatable {
    var id: String
    var email: String
    var code: String
    var position: Int
}

/// ReferralHero's answer: `{"status": "ok", "data": …}`.
struct Envelope<Payload: Decodable & Sendable>: Decodable, Sendable {
    var status: String
    var data: Payload
}

enum ReferralAPIError: Error, Equatable {
    case status(Int)
}
