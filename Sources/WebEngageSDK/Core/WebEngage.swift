public import Foundation
import JSONCore
public import OpenAPIRuntime

/// The minimum of the core WebEngage SDK that in-line content needs: the license code and user ids, screen
/// tagging (``WEAnalytics/navigatingToScreen(withName:)``), and system events with their upload.
///
/// ```swift
/// let core = WebEngage(
///     configuration: WebEngageConfiguration(licenseCode: "~10a5cb78d", luid: storedDeviceUserId),
///     transport: URLSessionTransport())
/// core.analytics.navigatingToScreen(withName: "home")
/// core.user.login("ada@example.com")
/// ```
///
/// Apps that follow the vendor's page use the shared instance, ``sharedInstance()``, configured once with
/// ``configure(_:transport:clock:now:)``; tests and flows create their own.
public final class WebEngage: Sendable {
    private static let shared = WebEngage()

    /// The instance the vendor's samples use (`WebEngage.sharedInstance().analytics…`).
    public static func sharedInstance() -> WebEngage { shared }

    let state = Locked(State())

    struct State {
        var setup: Setup?
        var cuid: String?
        var screen: String?
        var pendingEvents: [WESystemEvent] = []
        var screenListeners: [@Sendable (String) -> Void] = []
    }

    struct Setup {
        var configuration: WebEngageConfiguration
        var transport: any ClientTransport
        var clock: any Clock<Duration>
        var now: @Sendable () -> Date
    }

    /// An unconfigured core: nothing reaches the network until ``configure(_:transport:clock:now:)``.
    public init() {}

    /// A configured core.
    ///
    /// - Parameters:
    ///   - transport: how requests reach WebEngage (URLSession, AsyncHTTPClient, a cassette, …).
    ///   - clock: the clock the campaign timeout waits on: at its deadline the fetch is cancelled and `timeout`
    ///     raised, whether or not an answer ever comes.
    ///   - now: the wall time of events.
    public init(
        configuration: WebEngageConfiguration, transport: any ClientTransport,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init
    ) {
        configure(configuration, transport: transport, clock: clock, now: now)
    }

    /// Sets (or replaces) the license code, user id, transport, clock and wall time.
    public func configure(
        _ configuration: WebEngageConfiguration, transport: any ClientTransport,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init
    ) {
        state.withLock {
            $0.setup = Setup(configuration: configuration, transport: transport, clock: clock, now: now)
        }
    }

    /// Whether ``configure(_:transport:clock:now:)`` has been called.
    public var isConfigured: Bool { state.withLock { $0.setup != nil } }

    /// Screen tagging and system events.
    public var analytics: WEAnalytics { WEAnalytics(core: self) }

    /// The logged-in user.
    public var user: WEUser { WEUser(core: self) }

    var setup: Setup? { state.withLock { $0.setup } }

    /// Calls `listener` with the screen name on every ``WEAnalytics/navigatingToScreen(withName:)``.
    func addScreenListener(_ listener: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.screenListeners.append(listener) }
    }
}

/// The logged-in user of the core SDK: their `cuid` goes with every template fetch and event upload.
public struct WEUser: Sendable {
    let core: WebEngage

    /// Logs `cuid` in (the app's own id for the user).
    public func login(_ cuid: String) {
        core.state.withLock { $0.cuid = cuid.isEmpty ? nil : cuid }
    }

    /// Logs the user out: the device user (`luid`) alone again.
    public func logout() {
        core.state.withLock { $0.cuid = nil }
    }

    /// The logged-in user's id, if any.
    public var cuid: String? { core.state.withLock { $0.cuid } }
}
