import ContractKit
import EngageSDK
import Foundation

/// XMLAPI operation flows of group B (exports, imports, purges, job status), issue #34.
extension EngageFlows {
    static var jobOperationFlows: [Flow] {
        []
    }
}
