// libFuzzer target: AdaptySDK's onboarding message decoder, `AdaptyOnboardingsMessage(body:)` (issue #33). Built by
// `.ci/fuzz` against AdaptySDK compiled with the fuzzer's instrumentation; not part of any SwiftPM target.
//
// Properties, beyond "no crash": the decoder reads the JSON value, not its text: the value written back by JSONCore
// decodes to the same message (or the same refusal); the keys it reads in either spelling are read alike: every
// snake_case key renamed to its camelCase spelling (where that spelling is not there already) decodes to the same
// message; a message decodes the same without its `type` when the type is given (`init(type:body:)`).
import AdaptySDK
import Foundation
import JSONCore

/// The snake_case keys the decoder also reads in camelCase.
private let camelCase = [
    "action_id": "actionId", "element_id": "elementId", "element_type": "elementType", "onboarding_id": "onboardingId",
    "screen_cid": "screenClientId", "screen_index": "screenIndex", "total_screens": "screensTotal",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAdaptyOnboardingMessage(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let body = Data(bytes: start, count: count)
    let message = Result { () throws(AdaptyOnboardingsMessage.Problem) in try AdaptyOnboardingsMessage(body: body) }
    guard let value = try? JSONValue(parsing: body) else { return 0 }
    let rewritten = Result { () throws(AdaptyOnboardingsMessage.Problem) in
        try AdaptyOnboardingsMessage(body: value.data())
    }
    guard rewritten == message else {
        fatalError("the JSON written back decodes as \(rewritten), the original as \(message)")
    }
    guard case .success(let decoded) = message else { return 0 }
    let renamed = camelCased(value)
    guard let other = try? AdaptyOnboardingsMessage(body: renamed.data()), other == decoded else {
        fatalError("with camelCase keys, \(renamed.serialized()) does not decode as \(decoded)")
    }
    guard let typed = try? AdaptyOnboardingsMessage(type: value["type"]?.stringValue, body: value), typed == decoded
    else { fatalError("init(type:body:) decodes otherwise than init(body:): \(decoded)") }
    return 0
}

/// `value` with each snake_case key the decoder reads renamed to its camelCase spelling, at every level, unless the
/// object has that spelling already.
private func camelCased(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let items): return .array(items.map(camelCased))
    case .object(let object):
        let keys = Set(object.keys)
        return .object(
            JSONObject(
                object.map { key, member in
                    let renamed = camelCase[key].flatMap { keys.contains($0) ? nil : $0 } ?? key
                    return (renamed, camelCased(member))
                }))
    default: return value
    }
}
