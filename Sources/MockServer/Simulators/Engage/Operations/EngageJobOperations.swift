import CassetteKit
import Foundation
import GRDB
import JSONCore

/// XMLAPI operations: Exports, imports, purges and the job status operations (group B of issue #34).
enum EngageJobOperations: EngageOperationGroup {
    static let name = "job-operations"
    static let handlers: [String: EngageOperationHandler] = [:]
}
