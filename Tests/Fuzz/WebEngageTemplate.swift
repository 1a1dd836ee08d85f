// libFuzzer target: WebEngageSDK's template parser, `WETemplateParser` (template fetch answers and default content)
// and the property list `WEPropertyDetail.list` (issue #33). Built by `.ci/fuzz` against WebEngageSDK compiled with
// the fuzzer's instrumentation; not part of any SwiftPM target.
//
// Properties, beyond "no crash": a template the parser accepts, written back as a template answer (`lt`, `slt`,
// the scalar properties, `cstm` pairs, `child` contents), parses to equal content; the same object read as default
// content, bare or in its `content` envelope, gives the same content too.
import Foundation
import JSONCore

@testable import WebEngageSDK

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebEngageTemplate(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let body = Data(bytes: start, count: count)
    _ = WEPropertyDetail.list(body)
    if let value = try? JSONValue(parsing: body) { _ = WETemplateParser.defaultContent(value) }
    guard let content = try? WETemplateParser.template(body) else { return 0 }
    let object = written(content)
    let answer: JSONValue = .object(
        JSONObject([
            (
                "templateData",
                .object(JSONObject([("pt", "static"), ("config", .object(JSONObject([("ctnt", object)])))]))
            )
        ]))
    let again: WECampaignContent
    do {
        again = try WETemplateParser.template(answer.data())
    } catch {
        fatalError("the parser refuses the template written back (\(error.reason)): \(answer.serialized())")
    }
    guard again == content else { fatalError("written back and parsed, the content changed: \(answer.serialized())") }
    guard WETemplateParser.defaultContent(object) == content,
        WETemplateParser.defaultContent(.object(JSONObject([("content", object)]))) == content
    else { fatalError("as default content, \(object.serialized()) reads otherwise than as a template") }
    return 0
}

/// The content object of a template answer for `content`.
private func written(_ content: WECampaignContent) -> JSONValue {
    var members: [(String, JSONValue)] = [("lt", .string(content.layoutType))]
    if let sublayout = content.subLayoutType { members.append(("slt", .string(sublayout))) }
    members += content.properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    if !content.customData.isEmpty {
        let pairs = content.customData.sorted { $0.key < $1.key }.map { key, value in
            JSONValue.object(JSONObject([("key", .string(key)), ("value", value)]))
        }
        members.append(("cstm", .array(pairs)))
    }
    if !content.children.isEmpty { members.append(("child", .array(content.children.map(written)))) }
    return .object(JSONObject(members))
}
