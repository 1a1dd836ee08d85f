import Foundation
import HTTPTypes
import JSONCore
import OpenAPIRuntime
import Testing

@testable import AdaptySDK

@Suite("Adapty placements")
struct PlacementFetchTests {
    private static let profileId = "00000000-0000-4000-8000-000000000001"

    /// An SDK whose profile calls succeed and whose placement calls get `answer(url)`.
    private func sdk(
        _ answer: @escaping @Sendable (String) -> StubTransport.Answer, now: @escaping @Sendable () -> Date = { Date() }
    ) -> (Adapty, StubTransport) {
        let transport = StubTransport { sent in
            sent.url.contains("/profiles/")
                ? StubTransport.Answer(status: 200, body: StubBodies.profile()) : answer(sent.url)
        }
        let adapty = Adapty(
            configuration: StubBodies.configuration, transport: transport,
            profileStore: AdaptyInMemoryProfileStore(profileId: Self.profileId), now: now, sessionId: "s")
        return (adapty, transport)
    }

    @Test("The variations request carries the key prefix, the md5 segment and the per-request headers")
    func request() async throws {
        let (adapty, transport) = sdk { _ in
            StubTransport.Answer(status: 200, body: StubBodies.paywall(variations: [("a", 50), ("b", 50)]))
        }
        let paywall = try await adapty.getPaywall(placementId: "main", locale: "EN")
        let sent = try #require(transport.sent.last)
        let md5 = AdaptyVariationsHash.paywallVariations(
            locale: "en", segmentHash: "seg-1", crossPlacementEligible: true)
        #expect(
            sent.url
                == "http://stub.local/adapty/api/v1/sdk/in-apps/public_live_testkey/paywall/variations/main/\(md5)/")
        #expect(sent.header("adapty-paywall-locale") == "en")
        #expect(sent.header("adapty-sdk-profile-id") == Self.profileId)
        #expect(sent.header("adapty-profile-segment-hash") == "seg-1")
        #expect(sent.header("Authorization") == "Api-Key public_live_testkey.secretpart")
        #expect(paywall.variationId == "a")
        #expect(paywall.remoteConfig?.dictionary?["title"]?.stringValue == "Go Pro")
        #expect(paywall.products.first?.productType == .weekly)
        #expect(paywall.products.first?.promotionalOfferId == nil)
    }

    @Test("A 503 from the main host is followed by the fallback host's file")
    func fallbackHost() async throws {
        let (adapty, transport) = sdk { url in
            url.contains("/fallback/")
                ? StubTransport.Answer(status: 200, body: StubBodies.paywall(variations: [("f", 100)]))
                : StubTransport.Answer(status: 503)
        }
        let paywall = try await adapty.getPaywall(placementId: "main")
        #expect(paywall.variationId == "f")
        #expect(
            transport.sent.last?.url
                == "http://stub.local/adapty/fallback/api/v1/sdk/in-apps/public_live_testkey/paywall/variations/main/app_store/en/4_4/fallback.json"
        )
    }

    @Test("With both hosts down the bundled fallback file answers; other versions are refused")
    func bundledFile() async throws {
        let (adapty, _) = sdk { _ in StubTransport.Answer(status: 500) }
        let placement = StubBodies.paywall(variations: [("bundled", 100)])
        let file =
            #"{"data":{"main":\#(placement)},"meta":{"version":9,"developer_ids":["main"],"response_created_at":1}}"#
        #expect(throws: AdaptyError.self) {
            try adapty.setFallback(Data(file.replacingOccurrences(of: #""version":9"#, with: #""version":8"#).utf8))
        }
        await #expect(throws: AdaptyError.self) { _ = try await adapty.getPaywall(placementId: "main") }
        try adapty.setFallback(Data(file.utf8))
        #expect(try await adapty.getPaywall(placementId: "main").variationId == "bundled")
    }

    @Test("Empty data, an unknown placement and malformed JSON each give their error")
    func badAnswers() async {
        let (empty, _) = sdk { _ in
            StubTransport.Answer(
                status: 200,
                body: #"{"meta":{"placement":{"developer_id":"main","placement_audience_version_id":"p"}},"data":[]}"#)
        }
        await #expect(throws: AdaptyError.self) { _ = try await empty.getPaywall(placementId: "main") }
        let (unknown, _) = sdk { _ in
            StubTransport.Answer(status: 404, body: #"{"errors":[{"code":"PLACEMENT_NOT_FOUND"}]}"#)
        }
        do {
            _ = try await unknown.getPaywall(placementId: "nope")
            Issue.record("expected an error")
        } catch {
            #expect(error.adaptyErrorCode == .badRequest)
        }
        let (malformed, _) = sdk { _ in StubTransport.Answer(status: 200, body: "{oops") }
        do {
            _ = try await malformed.getPaywall(placementId: "main")
            Issue.record("expected an error")
        } catch {
            #expect(error.adaptyErrorCode == .decodingFailed)
        }
    }

    @Test("Cache policies: cache-else-load and max-age skip the network while the copy is fresh")
    func policies() async throws {
        let time = Locked(Date(timeIntervalSince1970: 0))
        let counter = Locked(0)
        let (adapty, _) = sdk(
            { _ in
                let created = counter.withLock { count -> Int in
                    count += 1
                    return count * 100
                }
                return StubTransport.Answer(
                    status: 200, body: StubBodies.paywall(variations: [("v\(created)", 100)], createdAt: created))
            }, now: { time.withLock { $0 } })
        #expect(try await adapty.getPaywall(placementId: "main").variationId == "v100")
        #expect(
            try await adapty.getPaywall(placementId: "main", fetchPolicy: .returnCacheDataElseLoad).variationId
                == "v100")
        let fresh = AdaptyPlacementFetchPolicy.returnCacheDataIfNotExpiredElseLoad(maxAge: 60)
        time.withLock { $0 = $0.addingTimeInterval(30) }
        #expect(try await adapty.getPaywall(placementId: "main", fetchPolicy: fresh).variationId == "v100")
        time.withLock { $0 = $0.addingTimeInterval(31) }
        #expect(try await adapty.getPaywall(placementId: "main", fetchPolicy: fresh).variationId == "v200")
        #expect(try await adapty.getPaywall(placementId: "main").variationId == "v300")
    }

    @Test("A cached copy with a later response_created_at wins over an older answer")
    func newerCacheWins() async throws {
        let counter = Locked(0)
        let (adapty, _) = sdk { _ in
            let created = counter.withLock { count -> Int in
                count += 1
                return count == 1 ? 500 : 100
            }
            return StubTransport.Answer(
                status: 200, body: StubBodies.paywall(variations: [("v\(created)", 100)], createdAt: created))
        }
        #expect(try await adapty.getPaywall(placementId: "main").variationId == "v500")
        #expect(try await adapty.getPaywall(placementId: "main").variationId == "v500")
    }

    @Test("Variations wrapped in attributes decode like flat ones")
    func wrapped() async throws {
        let body =
            #"{"meta":{"placement":{"developer_id":"main","placement_audience_version_id":"p"},"response_created_at":1},"data":[{"attributes":{"variation_id":"w","weight":100,"paywall_name":"W","products":[{"vendor_product_id":"x","product_type":"quarterly_new"}]}}]}"#
        let (adapty, _) = sdk { _ in StubTransport.Answer(status: 200, body: body) }
        let paywall = try await adapty.getPaywall(placementId: "main")
        #expect(paywall.variationId == "w")
        #expect(paywall.products.first?.productType == .raw("quarterly_new"))
    }

    @Test("A main host that does not answer within loadTimeout is followed by the fallback host")
    func timeoutFallsBack() async throws {
        let transport = StubTransport { sent in
            if sent.url.contains("/profiles/") { return StubTransport.Answer(status: 200, body: StubBodies.profile()) }
            return StubTransport.Answer(status: 200, body: StubBodies.paywall(variations: [("fallback", 100)]))
        }
        let silentMain = SilentMainHost(upstream: transport)
        let waited = Locked<[TimeInterval]>([])
        let adapty = Adapty(
            configuration: StubBodies.configuration, transport: silentMain,
            profileStore: AdaptyInMemoryProfileStore(profileId: Self.profileId), sessionId: "s",
            sleep: { seconds in
                waited.withLock { $0.append(seconds) }
                // The main host's request times out at once; the others get time to answer.
                if seconds < 2 { return }
                try await Task.sleep(for: .seconds(3600))
            })
        let paywall = try await adapty.getPaywall(placementId: "main", loadTimeout: 2)
        #expect(paywall.variationId == "fallback")
        #expect(waited.withLock { $0 }.contains(1.5))
        #expect(transport.sent.last?.url.contains("/fallback/api/v1/") == true)
    }

    @Test("loadTimeout is at least one second and the main host gets half a second less")
    func loadTimeout() {
        #expect(AdaptyLoadTimeout.total(nil) == 5)
        #expect(AdaptyLoadTimeout.total(0.2) == 1)
        #expect(AdaptyLoadTimeout.mainHost(nil) == 4.5)
    }
}

/// Passes requests on, except variation requests to the main host, which never answer (until cancelled).
private struct SilentMainHost: ClientTransport {
    let upstream: StubTransport

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if operationID == "fetch paywall variations" {
            try await Task.sleep(for: .seconds(3600))
        }
        return try await upstream.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}
