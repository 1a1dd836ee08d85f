public import CassetteKit
import Foundation
public import JSONCore

extension CassetteResponse {
    /// A JSON response (`application/json`), the body written with sorted keys.
    public static func json(status: Int, _ body: JSONValue, headers: HeaderFields = [:]) -> CassetteResponse {
        var fields = headers
        fields["Content-Type"] = "application/json"
        var data = body.data([.sortedKeys])
        data.append(UInt8(ascii: "\n"))
        return CassetteResponse(status: status, headers: fields, body: data)
    }
}
