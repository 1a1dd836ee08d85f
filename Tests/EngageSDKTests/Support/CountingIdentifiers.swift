import EngageSDK
import Foundation
import JSONCore

/// Counts identifiers: `id-1`, `id-2`, …
final class CountingIdentifiers: Sendable {
    private let counter = Locked(0)
    let prefix: String

    init(prefix: String = "id") { self.prefix = prefix }

    var generator: IdentifierGenerator {
        .custom {
            let value = self.counter.withLock { counter in
                counter += 1
                return counter
            }
            return "\(self.prefix)-\(value)"
        }
    }
}
