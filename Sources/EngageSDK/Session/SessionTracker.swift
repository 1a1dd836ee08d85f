public import Foundation

/// The session rules of §7.3 of the Engage notes as a value: a session starts on launch; going to the
/// background pauses it; coming back after more than `timeout` ends it (with the duration spent in the
/// foreground, background time excluded) and starts a new one, otherwise the session resumes. The README: "At the
/// end of the Session, duration is computed excluding any portion of inactivity". `timeout` is
/// `Session.sessionLifecycleExpiration`, 30 minutes by default (the README's table; its prose says 5).
public struct SessionTracker: Sendable, Hashable {
    /// What the caller must do after a transition.
    public enum Action: Sendable, Hashable {
        /// Track session started (13) at this moment.
        case startSession(at: Date)
        /// Track session ended (14) at this moment with this many whole seconds in the foreground.
        case endSession(at: Date, duration: Int)
    }

    /// How long the app may stay in the background before the session ends (`Session.sessionLifecycleExpiration`).
    public var timeout: Duration
    /// When the current foreground stretch began; nil while in the background or before the first start.
    public private(set) var began: Date?
    /// Foreground seconds accumulated in the current session before `began`.
    public private(set) var accumulated: TimeInterval = 0
    /// When the app went to the background, and when that pause ends the session.
    public private(set) var pausedAt: Date?

    /// A tracker with no session yet; `timeout` is the longest background pause that still resumes the session.
    public init(timeout: Duration) {
        self.timeout = timeout
    }

    /// The app launched: start a session.
    public mutating func start(at now: Date) -> [Action] {
        began = now
        accumulated = 0
        pausedAt = nil
        return [.startSession(at: now)]
    }

    /// The app went to the background.
    public mutating func enterBackground(at now: Date) {
        guard let began else { return }
        accumulated += max(0, now.timeIntervalSince(began))
        self.began = nil
        pausedAt = now
    }

    /// The app came back: end and restart the session if the pause outlasted the timeout, else resume.
    public mutating func enterForeground(at now: Date) -> [Action] {
        guard let pausedAt else {
            if began == nil { return start(at: now) }
            return []
        }
        self.pausedAt = nil
        if now.timeIntervalSince(pausedAt) > timeout.engageSeconds {
            let duration = Int(accumulated)
            return [.endSession(at: pausedAt, duration: duration)] + start(at: now)
        }
        began = now
        return []
    }

    /// Seconds in the foreground so far in this session.
    public func duration(at now: Date) -> Int {
        Int(accumulated + (began.map { max(0, now.timeIntervalSince($0)) } ?? 0))
    }
}
