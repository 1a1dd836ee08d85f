import Foundation
import JSONCore
import Testing

@testable import AdaptySDK

@Suite("AdaptyBackend status table")
struct StatusTableTests {
    /// An SDK whose profile call gets `status` with `body`.
    private func profileError(status: Int, headers: [String: String] = [:], body: String = "{}") async -> AdaptyError? {
        let transport = StubTransport { _ in StubTransport.Answer(status: status, headers: headers, body: body) }
        let adapty = Adapty(configuration: StubBodies.configuration, transport: transport, sessionId: "s")
        do {
            _ = try await adapty.getProfile()
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "Each status maps to its documented error code",
        arguments: [
            (401, AdaptyError.ErrorCode.notActivated), (403, .notActivated), (404, .badRequest), (400, .badRequest),
            (429, .serverError), (444, .serverError), (499, .serverError), (500, .serverError), (503, .serverError),
        ])
    func statuses(status: Int, code: AdaptyError.ErrorCode) async {
        #expect(await profileError(status: status)?.adaptyErrorCode == code)
    }

    @Test("Each server error body form gives its code")
    func bodyForms() async {
        for body in [
            #"{"error_code":"X_CODE"}"#, #"{"detail":[{"type":"X_CODE"}]}"#, #"{"errors":[{"code":"X_CODE"}]}"#,
        ] {
            let error = await profileError(status: 400, body: body)
            #expect(error == .badRequest(endpoint: "create profile", status: 400, serverCode: "X_CODE"))
        }
    }

    @Test("An undecodable body is decodingFailed")
    func undecodable() async {
        let transport = StubTransport { _ in StubTransport.Answer(status: 200, body: "{not json") }
        let adapty = Adapty(configuration: StubBodies.configuration, transport: transport, sessionId: "s")
        await #expect(throws: AdaptyError.self) { _ = try await adapty.getProfile() }
        do { _ = try await adapty.getProfile() } catch { #expect(error.adaptyErrorCode == .decodingFailed) }
    }

    @Test("After 429 the main host is not called again until retry-after has passed")
    func retryAfter() async {
        let time = Locked(Date(timeIntervalSince1970: 1_000))
        let calls = Locked(0)
        let transport = StubTransport { _ in
            let first = calls.withLock { count -> Bool in
                count += 1
                return count == 1
            }
            return first
                ? StubTransport.Answer(status: 429, headers: ["retry-after": "30"])
                : StubTransport.Answer(status: 200, body: StubBodies.profile())
        }
        let adapty = Adapty(
            configuration: StubBodies.configuration, transport: transport, now: { time.withLock { $0 } },
            sessionId: "s")
        await #expect(throws: AdaptyError.self) { _ = try await adapty.getProfile() }
        await #expect(throws: AdaptyError.self) { _ = try await adapty.getProfile() }
        #expect(transport.sent.count == 1)
        time.withLock { $0 = $0.addingTimeInterval(31) }
        let profile = try? await adapty.getProfile()
        #expect(profile?.segmentHash == "seg-1")
        #expect(transport.sent.count == 2)
    }

    @Test("After 444 the backend is blocked for the minutes in the body")
    func blockedMinutes() async {
        let time = Locked(Date(timeIntervalSince1970: 1_000))
        let transport = StubTransport { _ in StubTransport.Answer(status: 444, body: "2") }
        let adapty = Adapty(
            configuration: StubBodies.configuration, transport: transport, now: { time.withLock { $0 } },
            sessionId: "s")
        await #expect(throws: AdaptyError.self) { _ = try await adapty.getProfile() }
        time.withLock { $0 = $0.addingTimeInterval(119) }
        await #expect(throws: AdaptyError.self) { _ = try await adapty.getProfile() }
        #expect(transport.sent.count == 1)
        time.withLock { $0 = $0.addingTimeInterval(2) }
        await #expect(throws: AdaptyError.self) { _ = try await adapty.getProfile() }
        #expect(transport.sent.count == 2)
    }

    @Test("After 401 nothing more is sent")
    func unauthorized() async {
        let transport = StubTransport { _ in StubTransport.Answer(status: 401, body: #"{"error_code":"UNAUTHORIZED"}"#)
        }
        let adapty = Adapty(configuration: StubBodies.configuration, transport: transport, sessionId: "s")
        await #expect(throws: AdaptyError.self) { _ = try await adapty.getProfile() }
        await #expect(throws: AdaptyError.self) { _ = try await adapty.getProfile() }
        #expect(transport.sent.count == 1)
    }

    @Test("Every error has a plugin JSON form with its code")
    func pluginForm() {
        let error = AdaptyError.networkFailed(endpoint: "send events", detail: "offline")
        #expect(error.pluginJSON["adapty_code"]?.numberValue?.integer == 2005)
        #expect(error.pluginJSON["message"]?.stringValue?.contains("send events") == true)
        #expect(AdaptyError.ErrorCode.allCases.count == 43)
    }
}
