public import CassetteKit
public import Foundation

/// The interactions of one HAR cassette as the contract check reads them, decoded by CassetteKit (bodies
/// base64-decoded and with their `Content-Encoding` undone).
public struct InteractionCassette: Sendable {
    /// The cassette as reports show it (`engage/login.har`).
    public var path: String
    /// The vendor whose contract applies.
    public var vendor: String
    /// The interactions in cassette order (entry 0 first).
    public var interactions: [Interaction]

    /// A cassette read as `interactions`, reported as `path` and checked against `vendor`'s contract.
    public init(path: String, vendor: String, interactions: [Interaction]) {
        self.path = path
        self.vendor = vendor
        self.interactions = interactions
    }

    /// The interactions of a loaded cassette. The vendor is `vendor`, else the cassette's `_harness.vendor`,
    /// else `folderVendor` (the name of the folder holding the file).
    public init(_ cassette: Cassette, path: String, vendor: String? = nil, folderVendor: String) {
        let vendor = vendor ?? cassette.harness.vendor ?? folderVendor
        let interactions = cassette.entries.enumerated().map { index, entry in
            Interaction(entry, cassette: path, index: index)
        }
        self.init(path: path, vendor: vendor, interactions: interactions)
    }

    /// Reads the HAR cassette at `url`.
    ///
    /// - Throws: ``ContractError/unreadableFile(path:reason:)`` when it cannot be read or is not a HAR cassette.
    public static func read(
        _ url: URL, displayPath: String? = nil, vendor: String? = nil
    ) throws(ContractError) -> InteractionCassette {
        let path = displayPath ?? url.path
        let cassette: Cassette
        do {
            cassette = try Cassette(contentsOf: url)
        } catch {
            throw .unreadableFile(path: path, reason: error.description)
        }
        return InteractionCassette(
            cassette, path: path, vendor: vendor, folderVendor: url.deletingLastPathComponent().lastPathComponent)
    }
}

extension Interaction {
    /// The interaction a HAR entry holds, decoded by CassetteKit (bodies base64-decoded and with their
    /// `Content-Encoding` undone): entry `index` of `cassette`.
    public init(_ entry: HAR.Entry, cassette: String, index: Int) {
        let request = entry.request.cassetteRequest
        let response = entry.response.cassetteResponse
        let requestHeaders = entry.request.headers.map { HeaderField(name: $0.name, value: $0.value) }
        let responseHeaders = entry.response.headers.map { HeaderField(name: $0.name, value: $0.value) }
        let requestBody = request.flatMap { request -> Interaction.Body? in
            guard entry.request.postData != nil else { return nil }
            let mimeType = entry.request.postData?.mimeType ?? ""
            return Interaction.Body(
                data: request.decodedBody, contentType: mimeType.isEmpty ? request.headers["Content-Type"] : mimeType)
        }
        let responseBody = response.flatMap { response -> Interaction.Body? in
            guard !response.body.isEmpty || !entry.response.content.mimeType.isEmpty else { return nil }
            let mimeType = entry.response.content.mimeType
            return Interaction.Body(
                data: response.decodedBody, contentType: mimeType.isEmpty ? response.headers["Content-Type"] : mimeType)
        }
        self.init(
            cassette: cassette, entry: index,
            request: Interaction.Request(
                method: entry.request.method, url: entry.request.url, headers: requestHeaders, body: requestBody),
            response: Interaction.Response(status: entry.response.status, headers: responseHeaders, body: responseBody))
    }
}
