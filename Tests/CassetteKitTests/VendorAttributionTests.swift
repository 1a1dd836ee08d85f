import CassetteKit
import Foundation
import JSONCore
import Testing

@Suite("VendorAttribution")
struct VendorAttributionTests {
    /// Two vendors as their contracts would describe them.
    static let endpoints = [
        VendorEndpoint(
            vendor: "referralhero",
            servers: ["https://app.referralhero.com/api/sdk/v1", "http://127.0.0.1:8080/referralhero"]
        ) { method, path in method == "POST" && path.hasPrefix("/lists/") },
        VendorEndpoint(vendor: "engage", servers: ["https://api-campaign-us-1.goacoustic.com"]) { method, path in
            (method == "POST" && path == "/oauth/token") || path.hasPrefix("/lists/")
        },
    ]

    static func capture(_ urls: [String]) -> Cassette {
        var cassette = Cassette()
        cassette.log.entries = urls.map { url in
            HAR.Entry(
                request: CassetteRequest(method: "POST", url: url), response: CassetteResponse(status: 200),
                startedAt: Date(timeIntervalSince1970: 0), duration: .zero)
        }
        return cassette
    }

    @Test("Documented hosts and their domains attribute as captured; proxied paths are rebased onto the contract")
    func attributes() {
        let attribution = Self.capture([
            "https://app.referralhero.com/api/sdk/v1/lists/MF1/subscribers",
            "http://localhost:8888/referralhero/lists/MF1/subscribers?x=1",
            "https://api-campaign-eu-1.goacoustic.com/oauth/token",
            "http://192.168.1.20:9090/oauth/token",
            "http://proxy.corp.example:3128/api/sdk/v1/lists/MF1/subscribers",
        ]).attributed(to: Self.endpoints)
        #expect(attribution.setAside.isEmpty, "\(attribution.setAside)")
        #expect(
            attribution.cassettes["referralhero"]?.log.entries.map(\.request.url) == [
                "https://app.referralhero.com/api/sdk/v1/lists/MF1/subscribers",
                "https://app.referralhero.com/api/sdk/v1/lists/MF1/subscribers?x=1",
                "https://app.referralhero.com/api/sdk/v1/lists/MF1/subscribers",
            ])
        #expect(
            attribution.cassettes["engage"]?.log.entries.map(\.request.url) == [
                "https://api-campaign-eu-1.goacoustic.com/oauth/token",
                "https://api-campaign-us-1.goacoustic.com/oauth/token",
            ])
        #expect(attribution.cassettes["engage"]?.harness.vendor == "engage")
        #expect(
            attribution.cassettes["referralhero"]?.harness.extensions["baseURL"]?.stringValue
                == "https://app.referralhero.com/api/sdk/v1")
    }

    @Test(
        "Hostile or foreign URLs are set aside with a reason, never a trap",
        arguments: [
            ("", "not an absolute URL"),
            ("::::", "not an absolute URL"),
            ("/lists/MF1/subscribers", "not an absolute URL"),
            ("http://[::1/lists", "not an absolute URL"),
            ("https://tracker.example.net/lists/MF1?token=secret", "host tracker.example.net is none"),
            ("http://10.0.0.5/lists/MF1/subscribers", "fits the contracts of referralhero and engage"),
            ("http://999.1.1.1/x", "host 999.1.1.1 is none"),
        ])
    func setsAside(url: String, reason: String) {
        let attribution = Self.capture([url]).attributed(to: Self.endpoints)
        #expect(attribution.cassettes.isEmpty)
        let entry = attribution.setAside.first
        #expect(entry?.reason.contains(reason) == true, "\(attribution.setAside)")
        #expect(entry?.description.contains("secret") == false, "the query is left out of the message")
    }
}
