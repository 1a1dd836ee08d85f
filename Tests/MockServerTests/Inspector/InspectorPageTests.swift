import Foundation
import HarnessTesting
import JSONCore
import MockServer
import NIOHTTP1
import Testing

@Suite("Inspector page")
struct InspectorPageTests {
    @Test("The page, script and style ship in the binary, under a policy allowing no inline script or other origin")
    func assets() async throws {
        try await withServer { _, endpoints in
            let page = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/ui"))
            #expect(page.status == 200)
            #expect(page.headers.first(name: "Content-Type")?.hasPrefix("text/html") == true)
            let policy = try #require(page.headers.first(name: "Content-Security-Policy"))
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
            #expect(page.text.contains("<script src=\"/__harness/ui/app.js\""))
            #expect(!page.text.contains("http://") && !page.text.contains("https://"), "no CDN")
            let script = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/ui/app.js"))
            #expect(script.status == 200 && script.text.contains("textContent"))
            #expect(!script.text.contains("innerHTML") && !script.text.contains("insertAdjacentHTML"))
            #expect(!script.text.contains("eval("))
            let style = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/ui/app.css"))
            #expect(style.status == 200 && style.headers.first(name: "Content-Type")?.hasPrefix("text/css") == true)
        }
    }

    @Test("A browser asking / for HTML is sent to the inspector; an API client still gets the JSON error")
    func redirect() async throws {
        try await withServer { _, endpoints in
            let browser = try await RawTCP.exchange(
                port: endpoints.port, "GET / HTTP/1.1\r\nHost: x\r\nAccept: text/html,*/*\r\nConnection: close\r\n\r\n")
            #expect(browser.text.hasPrefix("HTTP/1.1 302 Found\r\n"), "\(browser.text)")
            #expect(browser.text.contains("Location: /__harness/ui\r\n"), "\(browser.text)")
            let client = try await TestHTTP.fetch(endpoints.origin, headers: [("Accept", "application/json")])
            #expect(client.status == 404 && client.json?["error"] == "unknown vendor")
        }
    }

    @Test("State-changing admin calls from another origin are refused; same-origin and headless calls pass")
    func sameOrigin() async throws {
        try await withServer { _, endpoints in
            let url = endpoints.origin.appendingPathComponent("__harness/reset")
            let host = "\(endpoints.host):\(endpoints.port)"
            let foreign = try await TestHTTP.fetch(url, method: .POST, headers: [("Origin", "http://evil.example")])
            #expect(foreign.status == 403 && foreign.text.contains("another origin"), "\(foreign.text)")
            let site = try await TestHTTP.fetch(url, method: .POST, headers: [("Sec-Fetch-Site", "cross-site")])
            #expect(site.status == 403)
            let same = try await TestHTTP.fetch(url, method: .POST, headers: [("Origin", "http://\(host)")])
            #expect(same.status == 200, "\(same.text)")
            let headless = try await TestHTTP.fetch(url, method: .POST)
            #expect(headless.status == 200)
            let read = try await TestHTTP.fetch(
                endpoints.origin.appendingPathComponent("__harness/journal"),
                headers: [("Origin", "http://evil.example")])
            #expect(read.status == 200)
        }
    }

    @Test("With an admin token the page's assets load without it, and the journal needs it")
    func token() async throws {
        var configuration = MockServerConfiguration()
        configuration.adminToken = "s3cret"
        try await withServer(configuration) { _, endpoints in
            let page = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/ui"))
            #expect(page.status == 200)
            let journal = try await TestHTTP.fetch(endpoints.origin.appendingPathComponent("__harness/journal"))
            #expect(journal.status == 401)
            let authorized = try await TestHTTP.fetch(
                endpoints.origin.appendingPathComponent("__harness/journal"),
                headers: [("Authorization", "Bearer s3cret")])
            #expect(authorized.status == 200)
        }
    }
}
