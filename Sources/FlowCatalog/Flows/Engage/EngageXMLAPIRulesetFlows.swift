import ContractKit
import EngageSDK
import Foundation

/// XMLAPI operation flows of group D (dynamic-content rulesets), issue #34.
extension EngageFlows {
    static var rulesetOperationFlows: [Flow] {
        []
    }
}
