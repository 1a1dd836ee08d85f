// libFuzzer target: EngageSDK's deep links, `EngageDeepLinkHandler.parameters(of:)` and the route matching of
// `EngageDeepLinkRoutes` under the README's sample `MobileDeepLinkingConfig.json` (issue #33). Built by `.ci/fuzz`
// against EngageSDK compiled with the fuzzer's instrumentation; not part of any SwiftPM target.
//
// Properties, beyond "no crash": a link's query parameters, written back as a query (percent-encoded), read back
// the same; a matched route's pattern has the link's segments, with its literal segments equal, every parameter
// it captures holds the link's segment, every required parameter is present and not empty; a link no route takes
// goes to the default route with the query's parameters.
import Foundation
import JSONCore

@testable import EngageSDK

private let routes: EngageDeepLinkRoutes = {
    let configuration = """
        {"defaultRoute": {"handlers": ["postSilverpop"]},
         "routes": {
           "test/:testId": {"handlers": ["postSilverpop"], "routeParameters": {
             "testId": {"required": "true", "regex": "[0-9]"}, "utmSource": {"required": "false"}}},
           "campaign/:CurrentCampaign": {"handlers": ["postSilverpop", "custom"], "routeParameters": {
             "CurrentCampaign": {"required": "true"}, "CampaignEndTimeStamp": {"required": "false"}}},
           "a/b/:c": {"handlers": []}}}
        """
    return try! EngageDeepLinkRoutes(data: Data(configuration.utf8))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngageDeepLink(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard let url = URL(string: text) else { return 0 }
    let query = EngageDeepLinkHandler.parameters(of: url)
    if !query.isEmpty {
        let written = FormCoding.encode(
            query.sorted { $0.key < $1.key }.map { FormField(name: $0.key, value: $0.value) }, spelling: .uri)
        guard let back = URL(string: "silverpop://campaign/x?" + written) else {
            fatalError("the query \(query) of '\(text)' written back as '\(written)' is not a URL")
        }
        let reread = EngageDeepLinkHandler.parameters(of: back)
        guard reread == query else { fatalError("'\(text)': the query \(query), written back, reads as \(reread)") }
    }
    guard let match = routes.match(url) else { fatalError("'\(text)' has no route, not even the default one") }
    let path = EngageDeepLinkRoutes.segments(of: url)
    guard match.route != "defaultRoute" else {
        guard match.parameters == query else { fatalError("'\(text)': the default route changed the parameters") }
        return 0
    }
    guard let route = routes.routes[match.route], route.segments.count == path.count else {
        fatalError("'\(text)' (\(path)) matched '\(match.route)', which has other segments")
    }
    for (expected, actual) in zip(route.segments, path) {
        if expected.hasPrefix(":") {
            guard match.parameters[String(expected.dropFirst())] == actual else {
                fatalError("'\(text)': '\(expected)' does not hold the link's segment '\(actual)'")
            }
        } else if expected != actual {
            fatalError("'\(text)' (\(path)) matched '\(match.route)' with another segment")
        }
    }
    for (name, parameter) in route.parameters where parameter.required {
        guard let value = match.parameters[name], !value.isEmpty else {
            fatalError("'\(text)' matched '\(match.route)' without its required '\(name)'")
        }
    }
    return 0
}
