import CassetteKit
import Foundation
import JSONCore

/// What an XMLAPI operation is answered with: the simulator's database, inside the request's write transaction, and
/// the simulator's clock.
struct EngageOperationContext {
    let db: StateDB
    let now: Date

    /// The recipient databases (lists, columns, recipients) the operations share.
    var recipients: EngageRecipients { EngageRecipients(db: db, now: now) }
}

/// Answers one XMLAPI operation element with a `RESULT`, or throws the ``EngageFault`` Engage documents.
typealias EngageOperationHandler = @Sendable (EngageRequest, EngageOperationContext) throws -> EngageResult

/// A family of XMLAPI operations with the tables, demo data and admin routes they need.
///
/// Each group's migration runs once (`engage.v5.<name>`, in ``EngageOperations/groups`` order); its tables are
/// emptied and its ``seed(_:)`` run again on every reset.
protocol EngageOperationGroup: Sendable {
    /// The migration suffix: `engage.v5.<name>`.
    static var name: String { get }
    /// The operations this group answers, by operation element name.
    static var handlers: [String: EngageOperationHandler] { get }
    /// The tables ``migrate(_:)`` creates, emptied on reset.
    static var tables: [String] { get }
    /// Creates the group's tables and indexes.
    static func migrate(_ db: StateDB) throws
    /// Adds the demo data a fresh simulator starts with.
    static func seed(_ db: StateDB) throws
    /// Answers an admin request under `/__harness/vendors/engage/…` (`route` is the path split on `/`), or nil when the
    /// route is not this group's.
    static func admin(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse?
}

/// Every XMLAPI operation the simulator answers, gathered from the groups.
enum EngageOperations {
    /// The groups in migration order (a later group may read an earlier one's tables).
    static let groups: [any EngageOperationGroup.Type] = [
        EngageRecipientOperations.self, EngageJobs.self, EngageContactOperations.self, EngageJobOperations.self,
        EngageMailingOperations.self, EngageRulesetOperations.self,
    ]

    /// The handlers of every group by operation name; a name answered by two groups is a programming error.
    static let handlers: [String: EngageOperationHandler] = {
        var all: [String: EngageOperationHandler] = [:]
        for group in groups {
            all.merge(group.handlers) { first, _ in
                assertionFailure("an XMLAPI operation is answered by two groups")
                return first
            }
        }
        return all
    }()

    /// The operation names the simulator answers, sorted.
    static var names: [String] { handlers.keys.sorted() }

    static var tables: [String] { groups.flatMap { $0.tables } }

    static func registerMigrations(_ migrator: inout StateMigrator) {
        for group in groups {
            migrator.registerMigration("engage.v5.\(group.name)") { db in
                try group.migrate(db)
                try group.seed(db)
            }
        }
    }

    static func seed(_ db: StateDB) throws {
        for group in groups { try group.seed(db) }
    }

    static func admin(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse? {
        for group in groups {
            if let response = try group.admin(method, route, body: body, db: db, now: now) { return response }
        }
        return nil
    }
}

extension EngageOperationGroup {
    static var tables: [String] { [] }
    static func migrate(_ db: StateDB) throws {}
    static func seed(_ db: StateDB) throws {}
    static func admin(
        _ method: String, _ route: [String], body: JSONValue, db: StateDB, now: Date
    ) throws -> CassetteResponse? { nil }
}

/// The operations the SDK itself builds (protocols/engage.md §2.4), answered over the recipient databases and the
/// relational tables that every simulator starts with.
enum EngageRecipientOperations: EngageOperationGroup {
    static let name = "recipients"
    static let handlers: [String: EngageOperationHandler] = [
        "SelectRecipientData": { request, context in try context.recipients.select(request) },
        "AddRecipient": { request, context in try context.recipients.add(request) },
        "UpdateRecipient": { request, context in try context.recipients.update(request) },
        "RemoveRecipient": { request, context in try context.recipients.remove(request) },
        "AddListColumn": { request, context in try context.recipients.addListColumn(request) },
        "GetListMetaData": { request, context in try context.recipients.listMetaData(request) },
        "InsertUpdateRelationalTable": { request, context in
            try EngageRelationalTables(db: context.db).insertUpdate(request)
        },
    ]
}
