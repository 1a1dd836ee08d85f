import Foundation

/// The app's referral screen: a join button that shows the person's referral code, or a friendly message when
/// the service is down.
@MainActor
final class ReferralScreenModel {
    enum State: Equatable {
        case idle
        case joined(code: String, position: Int)
        case unavailable(String)
    }

    private(set) var state = State.idle
    private let api: ReferralAPI
    private let now: @Sendable () -> Date

    init(api: ReferralAPI, now: @escaping @Sendable () -> Date) {
        self.api = api
        self.now = now
    }

    func join(email: String, name: String) async {
        let form = SignUp(email: email, name: name, timestamp: String(Int(now().timeIntervalSince1970)))
        do {
            let subscriber = try await api.join(form)
            state = .joined(code: subscriber.code, position: subscriber.position)
        } catch {
            state = .unavailable("Referrals are unavailable right now. Try again later.")
        }
    }
}
