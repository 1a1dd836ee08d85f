import CassetteKit
import Foundation

/// The synthetic traffic `harness bench replay` measures: what the SDK cores send, by share of requests —
/// 70% JSON posts over 20 paths, 20% GETs with a query, 10% Engage XMLAPI form posts holding an XML envelope.
enum ReplayWorkload {
    enum Kind: String, CaseIterable {
        case json = "JSON post"
        case query = "GET + query"
        case xmlForm = "XML form"
    }

    static func kind(of number: Int) -> Kind {
        switch number % 10 {
        case 0: .xmlForm
        case 1, 2: .query
        default: .json
        }
    }

    /// Request `number` of the workload (every number gives a distinct request).
    static func request(_ number: Int) -> CassetteRequest {
        switch kind(of: number) {
        case .json:
            let body = """
                {"event":"screen_view","sequence":\(number),"session":"s-\(number / 50)","user":{"id":"u-\(number % 997)",\
                "locale":"en_US","plan":"pro"},"properties":{"screen":"paywall_\(number % 13)","ab":"b","price":9.99,\
                "currency":"USD","trial":true},"sdk":{"name":"core","version":"4.2.1","os":"ios 17.5"}}
                """
            return CassetteRequest(
                method: "POST", url: "https://api.vendor.test/v1/apps/app-\(number % 20)/events",
                headers: ["Content-Type": "application/json", "Authorization": "Bearer bench-token"],
                body: Data(body.utf8))
        case .query:
            return CassetteRequest(
                method: "GET",
                url: "https://api.vendor.test/v1/paywalls?placement=p\(number)&locale=en&variant=\(number % 3)",
                headers: ["Accept": "application/json"])
        case .xmlForm:
            let xml = """
                <Envelope><Body><AddRecipient><LIST_ID>\(8_000 + number % 5)</LIST_ID><CREATED_FROM>1</CREATED_FROM>\
                <UPDATE_IF_FOUND>true</UPDATE_IF_FOUND><COLUMN><NAME>EMAIL</NAME><VALUE>user\(number)@example.com</VALUE>\
                </COLUMN><COLUMN><NAME>Mobile User Id</NAME><VALUE>mu-\(number)</VALUE></COLUMN></AddRecipient></Body>\
                </Envelope>
                """
            return CassetteRequest(
                method: "POST", url: "https://api-campaign-us-1.goacoustic.com/XMLAPI",
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data(("xml=" + xml.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).utf8))
        }
    }

    static func response(_ number: Int) -> CassetteResponse {
        let body: String
        switch kind(of: number) {
        case .xmlForm:
            body =
                "<Envelope><Body><RESULT><SUCCESS>TRUE</SUCCESS><RecipientId>\(33_000_000 + number)</RecipientId></RESULT></Body></Envelope>"
        case .json, .query:
            body =
                #"{"ok":true,"id":"\#(number)","next":{"poll_after_ms":500,"cursor":"c-\#(number)"},"flags":["a","b"]}"#
        }
        return CassetteResponse(
            status: 200, statusText: "OK",
            headers: ["Content-Type": kind(of: number) == .xmlForm ? "text/xml" : "application/json"],
            body: Data(body.utf8))
    }

    /// A cassette of `count` interactions.
    static func cassette(_ count: Int) -> Cassette {
        var cassette = Cassette(flow: "bench/replay", vendor: "bench")
        let started = Date(timeIntervalSince1970: 1_700_000_000)
        cassette.log.entries = (0..<count).map { number in
            HAR.Entry(
                request: request(number), response: response(number), startedAt: started, duration: .milliseconds(20),
                harness: HarnessExtension(order: number))
        }
        return cassette
    }
}
