import CassetteKit
import Foundation
import GRDB
import JSONCore

/// XMLAPI operations: Dynamic-content rulesets (group D of issue #34).
enum EngageRulesetOperations: EngageOperationGroup {
    static let name = "rulesets"
    static let handlers: [String: EngageOperationHandler] = [:]
}
