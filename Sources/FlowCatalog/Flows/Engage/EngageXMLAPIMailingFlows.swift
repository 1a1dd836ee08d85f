import ContractKit
import EngageSDK
import Foundation

/// XMLAPI operation flows of group C (mailings, templates, folders, reporting), issue #34.
extension EngageFlows {
    static var mailingOperationFlows: [Flow] {
        []
    }
}
