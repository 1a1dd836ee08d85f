/// A cassette's name, `<vendor>/<flow>`, naming the file `<cassettes>/<vendor>/<flow>.har`.
package struct CassetteName: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var vendor: String
    package var flow: String

    /// Reads `<vendor>/<flow>`, or `<flow>` when `vendor` supplies the vendor.
    package init(_ text: String, vendor defaultVendor: String? = nil) throws(MockServerError) {
        var text = Substring(text)
        if text.hasSuffix(".har") { text = text.dropLast(4) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 2:
            vendor = String(parts[0])
            flow = String(parts[1])
        case 1 where defaultVendor != nil:
            vendor = defaultVendor!
            flow = String(parts[0])
        default:
            throw .invalidCassetteName(String(text))
        }
        guard VendorName.isValid(vendor), Self.isSafe(flow) else { throw .invalidCassetteName(String(text)) }
    }

    package var description: String { "\(vendor)/\(flow)" }

    /// The relative file path, `<vendor>/<flow>.har`.
    package var relativePath: String { "\(vendor)/\(flow).har" }

    package static func < (lhs: CassetteName, rhs: CassetteName) -> Bool { lhs.description < rhs.description }

    private static func isSafe(_ segment: String) -> Bool {
        !segment.isEmpty && segment != "." && segment != ".." && !segment.hasPrefix(".")
            && segment.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "-" || scalar == "_" || scalar == "."
            }
    }
}
