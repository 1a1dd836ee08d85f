import ContractKit
import EngageSDK
import Foundation

/// XMLAPI operation flows of group A (lists, contact lists, queries, opt-in/opt-out, sessions, relational tables), issue #34.
extension EngageFlows {
    static var contactOperationFlows: [Flow] {
        []
    }
}
