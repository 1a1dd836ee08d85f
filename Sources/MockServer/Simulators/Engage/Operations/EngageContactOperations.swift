import CassetteKit
import Foundation
import GRDB
import JSONCore

/// XMLAPI operations: Lists, contact lists, queries, opt-in and opt-out, sessions and relational tables (group A of issue #34).
enum EngageContactOperations: EngageOperationGroup {
    static let name = "contacts"
    static let handlers: [String: EngageOperationHandler] = [:]
}
