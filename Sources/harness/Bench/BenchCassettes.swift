import CassetteKit
import Foundation
import JSONCore

/// The benchmark's cassettes: `bench/replay.har` holds the 50 interactions of the mixed workload (every third a
/// POST whose JSON body must match semantically), and `bench/more-N.har` files of 50 GETs each fill up to the
/// requested total.
enum BenchCassettes {
    /// The single URL of the plain figure: a GET of the mixed set.
    static let target = "/bench/items/7"
    /// Interactions in the mixed workload.
    static let mixedCount = 50

    /// Interaction `index` of the mixed workload: a POST with a JSON body when `index % 3 == 2`, else a GET.
    struct Mixed {
        var index: Int

        var isPost: Bool { index % 3 == 2 }
        /// The path on the server, under the `bench` vendor.
        var path: String { isPost ? "/bench/items/\(index)/events" : "/bench/items/\(index)" }

        /// The body as recorded: sorted keys, compact.
        var recordedBody: Data { event.data() }

        /// The body the load generator sends: the same JSON value with its members in another order and spaced,
        /// so only a semantic match answers it.
        var sentBody: String {
            """
            { "sent" : "2026-01-01T00:00:00Z", "properties" : { "position" : \(index % 7), "screen" : "detail" }, \
            "item" : \(index), "event" : "view" }
            """
        }

        private var event: JSONValue {
            .object(
                JSONObject([
                    ("event", "view"), ("item", .number(JSONNumber(index))),
                    (
                        "properties",
                        .object(JSONObject([("position", .number(JSONNumber(index % 7))), ("screen", "detail")]))
                    ),
                    ("sent", "2026-01-01T00:00:00Z"),
                ]))
        }

        var response: Data { BenchCassettes.item(index).data() }
    }

    static var mixed: [Mixed] { (0..<mixedCount).map(Mixed.init) }

    static func write(interactions: Int, into folder: URL) throws {
        let vendor = folder.appendingPathComponent("bench")
        try FileManager.default.createDirectory(at: vendor, withIntermediateDirectories: true)
        var cassette = Cassette(flow: "replay", vendor: "bench")
        cassette.entries = mixed.prefix(interactions).map(entry)
        try cassette.encoded().write(to: vendor.appendingPathComponent("replay.har"))
        var written = cassette.entries.count
        var file = 1
        while written < interactions {
            let count = min(50, interactions - written)
            var more = Cassette(flow: "more-\(file)", vendor: "bench")
            more.entries = (0..<count).map { index in
                get(path: "/more/\(file)/items/\(index)", body: item(written + index).data())
            }
            try more.encoded().write(to: vendor.appendingPathComponent("more-\(file).har"))
            written += count
            file += 1
        }
    }

    /// One cassette, `bench/replay.har`, of `interactions`: the mixed workload's, then GETs of 1 KB items at
    /// ``catalogPath(_:)``; its size in bytes.
    @discardableResult
    static func writeOne(interactions: Int, into folder: URL) throws -> Int {
        let vendor = folder.appendingPathComponent("bench")
        try FileManager.default.createDirectory(at: vendor, withIntermediateDirectories: true)
        var cassette = Cassette(flow: "replay", vendor: "bench")
        // Built apart and set once: appending through `entries` copied every entry so far each time.
        var entries = mixed.prefix(interactions).map(entry)
        entries.reserveCapacity(interactions)
        for index in entries.count..<max(interactions, entries.count) {
            entries.append(get(path: String(catalogPath(index).dropFirst("/bench".count)), body: item(index).data()))
        }
        cassette.entries = entries
        let data = cassette.encoded()
        try data.write(to: vendor.appendingPathComponent("replay.har"))
        return data.count
    }

    /// The server path of GET `index` of ``writeOne(interactions:into:)``.
    static func catalogPath(_ index: Int) -> String { "/bench/catalog/items/\(index)" }

    /// The response bytes of the mixed workload written as files under `root` at the same paths, for a static
    /// web server.
    static func writeStatic(into root: URL) throws {
        for request in mixed {
            let file = root.appendingPathComponent(String(request.path.dropFirst()))
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try request.response.write(to: file)
        }
    }

    /// A wrk script sending the mixed workload's requests in a cycle (each names its Host: requests formatted when
    /// the script loads do not get wrk's).
    static func wrkScript() -> String {
        var lines = mixedRequestLines()
        lines += [
            "local index = 0", "function request()", "  index = index % #requests + 1", "  return requests[index]",
            "end",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Lua filling `requests` with the mixed workload's requests, formatted.
    static func mixedRequestLines() -> [String] {
        var lines = ["local requests = {}"]
        for request in mixed {
            let number = request.index + 1
            if request.isPost {
                lines.append(
                    "requests[\(number)] = wrk.format(\"POST\", \"\(request.path)\", "
                        + "{[\"Host\"] = \"127.0.0.1\", [\"Content-Type\"] = \"application/json\"}, [[\(request.sentBody)]])"
                )
            } else {
                lines.append(
                    "requests[\(number)] = wrk.format(\"GET\", \"\(request.path)\", "
                        + "{[\"Host\"] = \"127.0.0.1\", [\"Accept\"] = \"application/json\"})")
            }
        }
        return lines
    }

    private static func entry(_ request: Mixed) -> HAR.Entry {
        guard request.isPost else {
            return get(path: "/items/\(request.index)", body: request.response)
        }
        return HAR.Entry(
            request: CassetteRequest(
                method: "POST", url: "https://api.example.com/items/\(request.index)/events",
                headers: ["Content-Type": "application/json"], body: request.recordedBody),
            response: CassetteResponse(
                status: 200, statusText: "OK", headers: ["Content-Type": "application/json"], body: request.response),
            startedAt: Date(timeIntervalSince1970: 1_700_000_000), duration: .milliseconds(20))
    }

    private static func get(path: String, body: Data) -> HAR.Entry {
        HAR.Entry(
            request: CassetteRequest(
                method: "GET", url: "https://api.example.com\(path)", headers: ["Accept": "application/json"]),
            response: CassetteResponse(
                status: 200, statusText: "OK", headers: ["Content-Type": "application/json"], body: body),
            startedAt: Date(timeIntervalSince1970: 1_700_000_000), duration: .milliseconds(20))
    }

    /// A 1 KB JSON item.
    static func item(_ index: Int) -> JSONValue {
        .object(
            JSONObject([
                ("id", .number(JSONNumber(index))),
                ("name", .string("item \(index)")),
                ("description", .string(String(repeating: "lorem ipsum ", count: 70))),
            ]))
    }
}
