import Foundation
import HarnessTesting
import JSONCore
import WebEngageSDK

/// A core and personalization SDK on a ``StubServer`` with the demo license, manual work mode, and a log of the
/// links the SDK opens.
struct TestSDK {
    static let base = "/users/~10a5cb78d/luid-1"
    let server: StubServer
    let core: WebEngage
    let sdk: WEPersonalization
    let opened = OpenedLinks()

    init(server: StubServer = StubServer()) {
        self.server = server
        let clock = server.clock
        core = WebEngage(
            configuration: WebEngageConfiguration(
                licenseCode: "~10a5cb78d", baseURL: URL(string: "https://we.example")!, luid: "luid-1"),
            transport: server, clock: clock, now: { clock.date })
        let opened = opened
        sdk = WEPersonalization(
            webEngage: core, linkOpener: .custom { opened.append($0.absoluteString) }, mode: .manual)
        sdk.initialise()
    }

    /// Configures `screen` with one property per `(tag, variation, campaign, failureTimeout, default content)`.
    func screen(_ screen: String, _ properties: [(Int, String, String?, Int?, String?)]) {
        let items = properties.map { tag, variation, campaign, timeout, content in
            let campaignJSON =
                campaign.map { #"{"notificationEncId":"\#($0)"\#(timeout.map { ",\"failureTimeout\":\($0)" } ?? "")}"# }
                ?? "null"
            return
                #"{"p_id":"\#(tag)","targetView":"\#(tag)","variationId":"\#(variation)","campaign":\#(campaignJSON),"content":\#(content ?? "null")}"#
        }
        server.reply(
            "GET", "\(Self.base)/inline-properties", json: #"{"properties":[\#(items.joined(separator: ","))]}"#)
    }

    func template(_ variation: String, _ templateData: String, status: Int = 200, delay: Int = 0) {
        server.reply(
            "POST", "\(Self.base)/templates/APP_PERSONALIZATION-\(variation)", status: status,
            json: #"{"templateData":\#(templateData)}"#, delay: delay)
    }

    static let banner =
        #"{"pt":"static","config":{"ctnt":{"lt":"2341ifb0","image":"/img/b.png","actionId":"shop","deepLink":"app://shop","cstm":[{"key":"offer","value":"S25"}]}}}"#
    static let text =
        #"{"pt":"static","config":{"ctnt":{"lt":"1af576a4","text":"Hi","child":[{"lt":"button","actionId":"go","deepLink":"https://example.com/go"}]}}}"#
    static let custom =
        #"{"pt":"dynamic","config":{"ctnt":{"lt":"~20cc49da","cstm":[{"key":"title","value":"Hello"}]}}}"#
    static let defaultText = #"{"parser_type":"static","target_view":"7","content":{"lt":"1af576a4","text":"Default"}}"#

    func image(_ path: String = "/img/b.png", status: Int = 200) {
        server.reply("GET", path, status: status, body: status == 200 ? Data([0x89, 0x50]) : Data())
    }
}

final class OpenedLinks: Sendable {
    private let links = Locked<[String]>([])
    func append(_ link: String) { links.withLock { $0.append(link) } }
    var all: [String] { links.withLock { $0 } }
}
