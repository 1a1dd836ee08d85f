import Foundation
import JSONCore

/// Makes the identifiers EngageSDK needs: mobile user ids, device ids and audit record ids (``next``), and
/// event identities (``nextEventID``).
public struct IdentifierGenerator: Sendable {
    /// A mobile user id, device id or audit record id.
    public var next: @Sendable () -> String
    /// An event identity (the `eventId` of a UBF event, the key of the local event store).
    public var nextEventID: @Sendable () -> String

    /// One closure for every identifier.
    public init(_ next: @escaping @Sendable () -> String) {
        self.init(next, events: next)
    }

    /// `next` for identities, `events` for event identities.
    public init(_ next: @escaping @Sendable () -> String, events: @escaping @Sendable () -> String) {
        self.next = next
        self.nextEventID = events
    }

    /// Identities are upper-case random (version 4) UUID strings, as the shipped `EngageDefaultUUIDGenerator`
    /// makes them. Event identities are upper-case time-ordered (version 7) UUID strings, monotonic within the
    /// process: each new event's key sorts after the last, so the store's unique index grows at its end
    /// instead of rewriting pages all over the index on every append (about 3× the append rate).
    public static let uuid = IdentifierGenerator(randomUUIDString, events: TimeOrderedUUID().next)

    /// Identifiers from a closure (tests pass a counter here); event identities come from the same closure.
    public static func custom(_ next: @escaping @Sendable () -> String) -> IdentifierGenerator {
        IdentifierGenerator(next)
    }

    /// A random (version 4) UUID string. The bytes come from the system's random number generator directly
    /// (Foundation's `UUID()` opens `/dev/urandom` on every call on Linux).
    static func randomUUIDString() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            return UUID(uuid: raw.load(as: uuid_t.self)).uuidString
        }
    }
}

/// Version 7 UUIDs (RFC 9562 §5.7) that increase strictly within the process: 48 bits of Unix time in
/// milliseconds, then a 12-bit counter in `rand_a` (method 1 of §6.2, "fixed bit-length dedicated counter"),
/// then 62 random bits. Within one millisecond the counter counts up; when it runs out, or the wall clock
/// steps back, the timestamp moves on from the last one used instead.
final class TimeOrderedUUID: Sendable {
    /// The last (milliseconds, counter) handed out.
    private let last: Locked<(milliseconds: UInt64, counter: UInt16)>
    private let now: @Sendable () -> UInt64

    /// `now` is the Unix time in milliseconds (the system clock unless a test fixes it).
    init(now: @escaping @Sendable () -> UInt64 = { UInt64(max(0, Date().timeIntervalSince1970 * 1000)) }) {
        self.last = Locked((0, 0))
        self.now = now
    }

    /// The next identifier, as an upper-case UUID string.
    func next() -> String {
        let wall = now() & 0xFFFF_FFFF_FFFF
        let (milliseconds, counter) = last.withLock { last in
            if wall > last.milliseconds {
                last = (wall, 0)
            } else if last.counter < 0xFFF {
                last.counter += 1
            } else {
                last = (last.milliseconds + 1, 0)
            }
            return last
        }
        var generator = SystemRandomNumberGenerator()
        let random: UInt64 = generator.next()
        let high = milliseconds << 16 | 0x7000 | UInt64(counter)
        let low = random & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
        var bytes = (high.bigEndian, low.bigEndian)
        return withUnsafeBytes(of: &bytes) { raw in UUID(uuid: raw.load(as: uuid_t.self)).uuidString }
    }
}

extension Duration {
    /// The duration in (fractional) seconds.
    var engageSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
