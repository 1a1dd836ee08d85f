import CassetteKit
import Foundation
import HarnessTesting
import JSONCore
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Headless Chromium, when installed (`apt-get install -y chromium`; `.ci/run` installs it).
enum Chromium {
    static let url: URL? = {
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for folder in folders + ["/usr/bin", "/usr/local/bin"] {
            for name in names where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return URL(fileURLWithPath: "\(folder)/\(name)")
            }
        }
        return nil
    }()

    /// Loads `page` headless until its scripts settle (a virtual time budget, so no waiting on the clock), then
    /// runs `action`: `--dump-dom` prints the DOM, `--screenshot=FILE` writes a PNG.
    static func run(_ page: String, _ action: String, profile: URL) async throws -> ProcessOutput {
        let browser = try #require(url)
        return try await ChildProcess.run(
            browser,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                "--user-data-dir=\(profile.path)", "--window-size=1280,1100", "--virtual-time-budget=10000",
                action, page,
            ])
    }
}

extension HarnessServeTests {
    /// The shop contract the inspector's tests share: `Tests/MockServerTests/Inspector/Fixtures/shop.openapi.yaml`.
    static func shopContract() throws -> Data {
        try Data(
            contentsOf: RepositoryRoot.url().appendingPathComponent(
                "Tests/MockServerTests/Inspector/Fixtures/shop.openapi.yaml"))
    }

    /// `schemas/shop/` and `cassettes/shop/orders.har` (a valid order, and one breaking the contract with a
    /// script in its item) under `folder`.
    static func shop(in folder: URL) throws {
        let schemas = folder.appendingPathComponent("schemas/shop")
        let cassettes = folder.appendingPathComponent("cassettes/shop")
        for directory in [schemas, cassettes] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try shopContract().write(to: schemas.appendingPathComponent("shop.openapi.yaml"))
        var cassette = Cassette(flow: "orders", vendor: "shop")
        for (body, id) in [
            (#"{"count":1,"item":"tea"}"#, "o-1"), (#"{"count":"two","item":"<script>alert(1)</script>"}"#, "o-2"),
        ] {
            cassette.log.entries.append(
                HAR.Entry(
                    request: CassetteRequest(
                        method: "POST", url: "https://api.example.com/orders",
                        headers: ["Content-Type": "application/json"], body: Data(body.utf8)),
                    response: CassetteResponse(
                        status: 201, headers: ["Content-Type": "application/json"],
                        body: Data(#"{"id":"\#(id)"}"#.utf8)),
                    startedAt: Date(timeIntervalSince1970: 1_700_000_000), duration: .milliseconds(5)))
        }
        try cassette.encoded().write(to: cassettes.appendingPathComponent("orders.har"))
    }

    static func post(_ origin: String, _ body: String, headers: [String: String] = [:]) async throws -> HTTPURLResponse
    {
        var request = URLRequest(url: URL(string: origin + "/shop/orders")!)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (_, response) = try await URLSession.shared.data(for: request)
        return try #require(response as? HTTPURLResponse)
    }

    @Test(
        "The inspector in headless Chromium lists each request with its verdict, the miss with its nearest match, inert",
        .enabled(if: Chromium.url != nil, "chromium is not installed (apt-get install -y chromium)"),
        .enabled(
            if: ProcessInfo.processInfo.environment["HARNESS_BROWSER_TESTS"] == "1",
            "runs alone: HARNESS_BROWSER_TESTS=1 (.ci/run's browser step), so Chromium starves no timed test"))
    func inspectorInBrowser() async throws {
        try await withTemporaryDirectory { folder in
            try Self.shop(in: folder.url)
            let schemas = folder.url.appendingPathComponent("schemas").path
            let arguments = [
                "--mode", "replay", "--cassettes", folder.url.appendingPathComponent("cassettes").path,
                "--schemas", schemas,
            ]
            let status = try await serve(arguments) { announcement in
                let origin = try #require(
                    announcement.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init)
                        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
                let binary = try #require(HarnessBinary.url())
                let good = try await Self.post(origin, #"{"item":"tea","count":1}"#)
                #expect(good.statusCode == 201 && good.value(forHTTPHeaderField: "X-Harness-Contract") == "ok")

                // "What my app just did" as a cassette that harness verify accepts.
                let exported = folder.url.appendingPathComponent("session.har").path
                let har = try await ChildProcess.run(binary, ["journal", "--url", origin, "--har", exported])
                #expect(har.status == 0, "\(har.standardError)")
                let verified = try await ChildProcess.run(binary, ["verify", "--schemas", schemas, exported])
                #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")

                let bad = try await Self.post(
                    origin, #"{"item":"<script>alert(1)</script>","count":"two"}"#,
                    headers: ["X-Note": #"<img src=x onerror="document.title='pwned'">"#])
                #expect(bad.value(forHTTPHeaderField: "X-Harness-Contract") == "violations=1; /__harness/journal/2")
                let miss = try await Self.post(origin, #"{"item":"coffee","count":1}"#)
                #expect(miss.statusCode == 404)

                let violations = try await ChildProcess.run(binary, ["journal", "--url", origin, "--violations"])
                #expect(violations.standardOutput.contains("#2 shop POST /shop/orders → 201"), "\(violations)")
                #expect(violations.standardOutput.contains("[json-schema] request body /count: expected"))
                #expect(!violations.standardOutput.contains("#1 "))

                // Each browser run is a few processes on a shared machine: one DOM shows the list and the
                // breaking request's detail, one the miss's, and one screenshot.
                let profile = folder.url.appendingPathComponent("chromium")
                let list = try await Chromium.run(
                    origin + "/__harness/ui#nolive&seq=2", "--dump-dom", profile: profile)
                let dom = list.standardOutput
                #expect(dom.contains(#"data-ready="true""#), "the page's script ran: \(list.standardError.suffix(500))")
                #expect(dom.contains(#"data-seq="1" data-verdict="ok""#), "\(dom.suffix(3000))")
                #expect(dom.contains(#"data-seq="2" data-verdict="1 violation(s)""#))
                #expect(dom.contains(#"data-seq="3" data-verdict="miss""#))

                let missDetail = try await Chromium.run(
                    origin + "/__harness/ui#nolive&seq=3", "--dump-dom", profile: profile
                ).standardOutput
                #expect(missDetail.contains("Nearest recorded request"), "\(missDetail.suffix(3000))")
                #expect(missDetail.contains("shop/orders entry 0"))
                #expect(missDetail.contains("body json:/item") || missDetail.contains("item"))

                let detail = dom
                #expect(detail.contains("request body /count: expected"), "\(detail.suffix(3000))")
                #expect(detail.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the body is text")
                #expect(detail.contains("&lt;img src=x onerror="), "the header is text")
                #expect(!detail.contains("<img src=\"x\"") && !detail.contains("<img src=x"))
                #expect(detail.contains("<title>harness inspector</title>"), "no script ran from the data")

                let screenshot = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                    "harness-inspector-detail.png")
                try? FileManager.default.removeItem(at: screenshot)
                let shot = try await Chromium.run(
                    origin + "/__harness/ui#nolive&seq=2", "--screenshot=\(screenshot.path)", profile: profile)
                let image = try #require(
                    PNGPixels(try Data(contentsOf: screenshot)), "a PNG at \(screenshot.path): \(shot.standardError)")
                #expect(image.width == 1280)
                #expect(image.colourCount > 16, "more than a blank page's colours")
                #expect(image.nonBackgroundShare > 0.03, "\(image.nonBackgroundShare) of the pixels are not background")
            }
            #expect(status == 0)
        }
    }
}
