// libFuzzer target: MockServer's `X-Harness-Fault` header grammar, `FaultPlan(parsing:)` (issue #33). Built by
// `.ci/fuzz` against MockServer compiled with the fuzzer's instrumentation; not part of any SwiftPM target.
//
// Properties, beyond "no crash": what the parser accepts, the plan's `description` (the grammar, items in a fixed
// order) writes back as text the parser accepts, to an equal plan, whose description is the same text; making the
// plan's random choices never traps and keeps them within the plan (latency in its range, the rest as given).
import Foundation
import JSONCore

@testable import MockServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFaultPlan(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard let plan = try? FaultPlan(parsing: text) else { return 0 }
    let printed = plan.description
    let again: FaultPlan
    do {
        again = try FaultPlan(parsing: printed)
    } catch {
        fatalError("the parser refuses the plan's own description '\(printed)' (read from '\(text)'): \(error)")
    }
    guard again == plan else { fatalError("'\(text)' printed as '\(printed)' reads back as '\(again)'") }
    guard again.description == printed else { fatalError("'\(printed)' reads back as '\(again.description)'") }
    var generator = SeededGenerator(seed: UInt64(count))
    for _ in 0..<3 {
        guard let decision = plan.decide(using: &generator) else {
            guard plan.chance < 1 else { fatalError("a plan with chance 1 was not applied: '\(printed)'") }
            continue
        }
        if let latency = plan.latency {
            guard latency.contains(decision.latency) else {
                fatalError("the latency \(decision.latency) is outside '\(printed)'")
            }
        } else if decision.latency != .zero {
            fatalError("a plan without latency waits \(decision.latency): '\(printed)'")
        }
        guard decision.status == plan.status, decision.connection == plan.connection,
            decision.truncate == plan.truncate, decision.garbage == plan.garbage, decision.dribble == plan.dribble
        else { fatalError("the decision changed what '\(printed)' gives") }
    }
    return 0
}
