import HTTPTypes
import Hummingbird
import NIOCore

extension AdminAPI {
    /// The web inspector's page, script and style sheet under `/__harness/ui`.
    func addInspector(to admin: RouterGroup<HarnessRequestContext>) {
        admin.get("ui") { _, _ in Self.asset(InspectorPage.html, type: "text/html; charset=utf-8") }
        admin.get("ui/app.js") { _, _ in Self.asset(InspectorScript.source, type: "text/javascript; charset=utf-8") }
        admin.get("ui/app.css") { _, _ in Self.asset(InspectorPage.css, type: "text/css; charset=utf-8") }
    }

    /// The paths of the inspector's assets, which hold no data and so load without the admin token (the page then
    /// sends it with every call).
    static let assetPaths: Set<String> = [
        "/__harness/ui", "/__harness/ui/", "/__harness/ui/app.js", "/__harness/ui/app.css",
    ]

    private static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type,
                .cacheControl: "no-store",
                HTTPField.Name("Content-Security-Policy")!: InspectorPage.contentSecurityPolicy,
                HTTPField.Name("X-Content-Type-Options")!: "nosniff",
                HTTPField.Name("Referrer-Policy")!: "no-referrer",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
