import CassetteKit
import Foundation
import GRDB
import JSONCore

/// XMLAPI operations: Mailings, templates, folders and reporting (group C of issue #34).
enum EngageMailingOperations: EngageOperationGroup {
    static let name = "mailings"
    static let handlers: [String: EngageOperationHandler] = [:]
}
