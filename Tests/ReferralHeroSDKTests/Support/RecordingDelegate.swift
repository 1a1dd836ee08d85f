import JSONCore
import ReferralHeroSDK

/// A delegate that keeps every callback, in order.
final class RecordingDelegate: RHDelegate {
    enum Event: Sendable, Hashable {
        case received(RHResponse, RHEndpoint)
        case failed(RHError, RHEndpoint)

        var endpoint: RHEndpoint {
            switch self {
            case .received(_, let endpoint), .failed(_, let endpoint): endpoint
            }
        }
    }

    private let recorded = Locked<[Event]>([])

    var events: [Event] { recorded.withLock { $0 } }

    func didReceiveAPIResponse(_ response: RHResponse, _ endpoint: RHEndpoint) async {
        recorded.withLock { $0.append(.received(response, endpoint)) }
    }

    func didFailWithError(_ error: RHError, _ endpoint: RHEndpoint) async {
        recorded.withLock { $0.append(.failed(error, endpoint)) }
    }
}
