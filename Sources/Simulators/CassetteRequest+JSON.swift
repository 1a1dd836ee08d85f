import CassetteKit

extension CassetteRequest {
    /// Whether the request declares a JSON body (`Content-Type` that CassetteKit's ``MediaType`` reads as JSON); a
    /// missing `Content-Type` is not JSON.
    var declaresJSON: Bool {
        guard let type = headers["Content-Type"] else { return false }
        return MediaType(contentType: type) == .json
    }
}
