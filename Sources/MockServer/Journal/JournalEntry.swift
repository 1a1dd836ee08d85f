public import Foundation

/// One request the server saw, for tests that assert "the SDK called X n times".
public struct JournalEntry: Sendable, Hashable, Codable {
    /// How the request was answered.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// A simulator answered.
        case simulated
        /// A recorded interaction answered.
        case hit
        /// No recorded interaction matched (replay).
        case miss
        /// Proxied to the upstream and written to a cassette.
        case recorded
        /// Proxied to the upstream but not recorded (upstream failed).
        case proxyFailed = "proxy-failed"
        /// The path names no vendor.
        case unknownVendor = "unknown-vendor"
        /// The request was refused before it reached a vendor (body too large, bad fault header).
        case rejected
        /// A fault closed the connection instead of answering (reset, empty, timeout).
        case fault
    }

    /// 1 for the first request since the journal was created or cleared.
    public var sequence: Int
    /// When the request arrived (the server's injected `now`).
    public var time: Date
    /// The vendor the path names, or nil when it names none.
    public var vendor: String?
    /// The method in upper case.
    public var method: String
    /// The full request path, with the vendor prefix.
    public var path: String
    /// The query without `?`, or nil when there was none.
    public var query: String?
    /// How the request was answered.
    public var outcome: Outcome
    /// The status sent, or nil when a fault closed the connection without a response.
    public var status: Int?
    /// The cassette that answered or recorded, as `<vendor>/<flow>`.
    public var cassette: String?
    /// The fault injected, in the header grammar.
    public var fault: String?
    /// The server's mode when the request arrived (`simulate`, `replay`, `record`, `spy`).
    public var mode: String?
    /// The redacted request and response, when the request reached a vendor.
    public var exchange: JournalExchange?
    /// The live contract check's verdict; nil when the check is off or the request named no vendor.
    public var contract: JournalVerdict?
    /// For a replay miss, the nearest recorded request and the fields that differ.
    public var nearest: JournalNearestMiss?

    /// The bytes the entry holds in memory, roughly, which the journal's byte bound counts.
    var size: Int { 256 + path.utf8.count + (exchange?.size ?? 0) + (contract?.size ?? 0) }

    package init(
        sequence: Int = 0, time: Date, vendor: String?, method: String, path: String, query: String? = nil,
        outcome: Outcome, status: Int?, cassette: String? = nil, fault: String? = nil
    ) {
        self.sequence = sequence
        self.time = time
        self.vendor = vendor
        self.method = method
        self.path = path
        self.query = query
        self.outcome = outcome
        self.status = status
        self.cassette = cassette
        self.fault = fault
    }
}

/// Which journal entries to list: every given field must match.
public struct JournalFilter: Sendable, Hashable {
    /// The vendor, or nil for any.
    public var vendor: String?
    /// The method (upper-cased here), or nil for any.
    public var method: String?
    /// The full path; a trailing `*` matches any rest.
    public var path: String?
    /// The status sent, or nil for any.
    public var status: Int?
    /// The outcome, or nil for any.
    public var outcome: JournalEntry.Outcome?
    /// Only entries whose contract verdict has a violation.
    public var violationsOnly: Bool
    /// Only entries numbered above this sequence.
    public var since: Int?

    /// A filter; nil fields match anything, so `JournalFilter()` lists every entry.
    public init(
        vendor: String? = nil, method: String? = nil, path: String? = nil, status: Int? = nil,
        outcome: JournalEntry.Outcome? = nil, violationsOnly: Bool = false, since: Int? = nil
    ) {
        self.violationsOnly = violationsOnly
        self.since = since
        self.vendor = vendor
        self.method = method?.uppercased()
        self.path = path
        self.status = status
        self.outcome = outcome
    }

    /// Whether `entry` matches every field given.
    public func matches(_ entry: JournalEntry) -> Bool {
        if let vendor, entry.vendor != vendor { return false }
        if let method, entry.method != method { return false }
        if let status, entry.status != status { return false }
        if let outcome, entry.outcome != outcome { return false }
        if let since, entry.sequence <= since { return false }
        if violationsOnly, entry.contract?.ok ?? true { return false }
        if let path {
            if path.hasSuffix("*") {
                if !entry.path.hasPrefix(path.dropLast()) { return false }
            } else if entry.path != path {
                return false
            }
        }
        return true
    }
}
