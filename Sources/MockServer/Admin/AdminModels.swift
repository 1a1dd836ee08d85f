import Foundation

/// The JSON bodies of the admin API.
enum AdminModels {
    struct Health: Codable {
        var status = "ok"
        var mode: ServerMode
        var vendors: [String]
        var cassettes: Int
        var admin = true
    }

    struct Mode: Codable {
        var mode: ServerMode
    }

    struct Reset: Codable {
        var reset: [String]
    }

    struct CassetteSummary: Codable {
        var name: String
        var file: String
        var interactions: Int
    }

    struct CassetteFailure: Codable {
        var file: String
        var error: String
    }

    struct Cassettes: Codable {
        var loaded: [CassetteSummary]
        var failed: [CassetteFailure]
    }

    struct LoadCassette: Codable {
        var name: String
    }

    struct Rule: Codable {
        var id: Int?
        var method: String?
        var path: String
        var fault: String
        /// How many requests the rule applies to; absent for every request.
        var times: Int?
    }

    struct Rules: Codable {
        var rules: [Rule]
    }

    struct Journal: Codable {
        var count: Int
        /// Entries dropped to keep the journal's bounds (entries and bytes).
        var dropped: Int
        var entries: [JournalEntry]
    }

    struct Vendor: Codable {
        var name: String
        var simulator: Bool
        var cassettes: Int
    }

    struct Vendors: Codable {
        var vendors: [Vendor]
    }
}

extension AdminModels.Rule {
    init(_ rule: FaultRule) {
        self.init(
            id: rule.id, method: rule.method, path: rule.path, fault: rule.plan.description, times: rule.remaining)
    }
}
