// libFuzzer target: WalkMeSDK's content documents, the settings (`WMSettings`) and the data file (`WMDataFile`)
// (issue #33). Built by `.ci/fuzz` against WalkMeSDK compiled with the fuzzer's instrumentation; not part of any
// SwiftPM target.
//
// Properties, beyond "no crash": the readers read the JSON value, not its text or its members' order: the value
// written back by JSONCore reads the same (or is refused alike), and so does the value with every object's members
// in reverse order.
import Foundation
import JSONCore

@testable import WalkMeSDK

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWalkMeContent(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    guard let value = try? JSONValue(parsing: Data(bytes: start, count: count)) else { return 0 }
    guard let written = try? JSONValue(parsing: value.data()), written == value else {
        fatalError("JSONCore writes back another value: \(value.serialized())")
    }
    let reversed = reversedMembers(value)
    let settings = try? WMSettings(json: value)
    guard (try? WMSettings(json: written)) == settings, (try? WMSettings(json: reversed)) == settings else {
        fatalError("the settings read otherwise with the members reordered: \(value.serialized())")
    }
    let dataFile = try? WMDataFile(json: value)
    guard (try? WMDataFile(json: written)) == dataFile, (try? WMDataFile(json: reversed)) == dataFile else {
        fatalError("the data file reads otherwise with the members reordered: \(value.serialized())")
    }
    return 0
}

/// `value` with every object's members in reverse order.
private func reversedMembers(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let items): .array(items.map(reversedMembers))
    case .object(let object): .object(JSONObject(object.reversed().map { ($0.key, reversedMembers($0.value)) }))
    default: value
    }
}
