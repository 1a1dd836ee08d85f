// libFuzzer target: EngageSDK's XMLAPI response reading, `XMLAPIResult(data:)` through LibXML (issue #33). Built by
// `.ci/fuzz` against LibXML and EngageSDK compiled with the fuzzer's instrumentation; not part of any SwiftPM target.
//
// Properties, beyond "no crash": the reader over the parsed document in place and the reader over its element
// tree (`envelope`) agree on everything a response gives (success, fault, error id and class, recipient and
// organization, columns, failures, short paths); the element tree, serialized, parses again to an equal tree that
// reads the same.
import Foundation
import LibXML

@testable import EngageSDK

private let shortPaths = [
    "SUCCESS", "RecipientId", "Fault.FaultString", "Fault.detail.error.errorid", "COLUMNS.Email",
    "Envelope.Body.RESULT",
    "ORGANIZATION_ID", "COLUMNS.a.b",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLAPIResult(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    guard let parsed = try? XMLAPIResult(data: Data(bytes: start, count: count)) else { return 0 }
    let envelope = parsed.envelope
    let built = XMLAPIResult(envelope: envelope)
    compare(parsed, built, "the parsed document and its element tree")
    let text = envelope.serialized()
    let again: XMLAPIResult
    do {
        again = try XMLAPIResult(data: Data(text.utf8))
    } catch {
        fatalError("the serialized envelope does not parse again (\(error)): \(text)")
    }
    guard again.envelope == envelope else { fatalError("serialized and parsed again, the envelope changed: \(text)") }
    compare(parsed, again, "the parsed document and its serialized tree parsed again")
    return 0
}

/// Stops with `what` when `left` and `right` read differently.
private func compare(_ left: XMLAPIResult, _ right: XMLAPIResult, _ what: String) {
    func check<Value: Equatable>(_ name: String, _ read: (XMLAPIResult) -> Value) {
        let (one, other) = (read(left), read(right))
        guard one == other else { fatalError("\(what) read \(name) differently: \(one) and \(other)") }
    }
    check("isSuccess") { $0.isSuccess }
    check("faultString") { $0.faultString }
    check("errorID") { $0.errorID }
    check("errorClass") { $0.errorClass }
    check("recipientID") { $0.recipientID }
    check("organizationID") { $0.organizationID }
    check("columns") { $0.columns }
    check("failures") { $0.failures }
    for column in left.columns { check("column(\(column.name))") { $0.column(column.name) } }
    for path in shortPaths { check("value(forShortPath: \(path))") { $0.value(forShortPath: path) } }
}
