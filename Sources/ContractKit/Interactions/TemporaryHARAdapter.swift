public import Foundation
internal import JSONCore

/// TEMPORARY: reads the few HAR 1.2 fields the contract check needs straight from the JSON, until CassetteKit
/// (the project's HAR model and codec) lands in main. Then this file is replaced by an adapter from
/// CassetteKit's entry type to ``Interaction``; nothing else in ContractKit reads HAR.
public enum TemporaryHARAdapter {
    /// A cassette file read as interactions, with the vendor it belongs to.
    public struct Cassette: Sendable {
        public var path: String
        public var vendor: String
        public var interactions: [Interaction]
    }

    /// Reads a `.har` file. The vendor is `log._harness.vendor` when present, else the folder name
    /// (`Cassettes/<vendor>/<flow>.har`), unless `vendor` is given.
    ///
    /// - Throws: ``ContractError/unreadableFile(path:reason:)`` when the file cannot be read or is not HAR.
    public static func read(
        _ url: URL, displayPath: String? = nil, vendor: String? = nil
    ) throws(ContractError) -> Cassette {
        let path = displayPath ?? url.path
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadableFile(path: path, reason: "it cannot be read")
        }
        let root: JSONValue
        do {
            root = try JSONValue(parsing: data)
        } catch {
            throw .unreadableFile(path: path, reason: "not a HAR file: \(error.description)")
        }
        guard let log = root["log"], let entries = log["entries"]?.arrayValue else {
            throw .unreadableFile(path: path, reason: "not a HAR file: no log.entries array")
        }
        let vendor =
            vendor ?? log["_harness"]?["vendor"]?.stringValue ?? url.deletingLastPathComponent().lastPathComponent
        var interactions: [Interaction] = []
        for (index, entry) in entries.enumerated() {
            let request = entry["request"] ?? .null
            let response = entry["response"] ?? .null
            let requestHeaders = headers(request["headers"])
            let responseHeaders = headers(response["headers"])
            var requestBody: Interaction.Body?
            if let post = request["postData"], let text = post["text"]?.stringValue {
                requestBody = Interaction.Body(
                    data: decode(text, encoding: post["encoding"]?.stringValue),
                    contentType: post["mimeType"]?.stringValue ?? requestHeaders.value(of: "Content-Type"))
            }
            var responseBody: Interaction.Body?
            if let content = response["content"], let text = content["text"]?.stringValue {
                responseBody = Interaction.Body(
                    data: decode(text, encoding: content["encoding"]?.stringValue),
                    contentType: content["mimeType"]?.stringValue ?? responseHeaders.value(of: "Content-Type"))
            }
            interactions.append(
                Interaction(
                    cassette: path, entry: index,
                    request: Interaction.Request(
                        method: request["method"]?.stringValue ?? "GET", url: request["url"]?.stringValue ?? "/",
                        headers: requestHeaders, body: requestBody),
                    response: Interaction.Response(
                        status: Int(response["status"]?.numberValue?.integer ?? 0), headers: responseHeaders,
                        body: responseBody)))
        }
        return Cassette(path: path, vendor: vendor, interactions: interactions)
    }

    private static func headers(_ value: JSONValue?) -> [HeaderField] {
        (value?.arrayValue ?? []).compactMap { header in
            guard let name = header["name"]?.stringValue, let value = header["value"]?.stringValue else { return nil }
            return HeaderField(name: name, value: value)
        }
    }

    private static func decode(_ text: String, encoding: String?) -> Data {
        if encoding == "base64", let data = Data(base64Encoded: text) { return data }
        return Data(text.utf8)
    }
}
