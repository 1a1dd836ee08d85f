import JSONCore

/// RFC 3986 reference resolution for schema identifiers (`$id`, `$ref`), over plain strings so that `urn:`,
/// `file:` and `http:` URIs all work the same way.
enum URIReference {
    /// The parts of a URI reference (RFC 3986 §3), each nil when absent.
    struct Parts {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let question = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: question)...])
                rest = rest[..<question]
            }
            if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                rest = rest.dropFirst(2)
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                authority = String(rest[..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        private static func isScheme(_ text: Substring) -> Bool {
            guard let first = text.first, first.isASCII, first.isLetter else { return false }
            return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        }

        var text: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }

    /// `reference` resolved against `base` (RFC 3986 §5.2).
    static func resolve(_ reference: String, against base: String) -> String {
        let ref = Parts(reference)
        if ref.scheme != nil { return normalized(ref) }
        var base = Parts(base)
        if base.scheme == "urn" || (base.authority == nil && !base.path.hasPrefix("/") && base.scheme != nil) {
            // Opaque base such as `urn:uuid:…`: only a fragment can be relative to it.
            if ref.authority == nil && ref.path.isEmpty {
                if ref.query != nil { base.query = ref.query }
                base.fragment = ref.fragment
                return base.text
            }
        }
        var target = Parts("")
        target.scheme = base.scheme
        if ref.authority != nil {
            target.authority = ref.authority
            target.path = removeDotSegments(ref.path)
            target.query = ref.query
        } else if ref.path.isEmpty {
            target.authority = base.authority
            target.path = base.path
            target.query = ref.query ?? base.query
        } else {
            target.authority = base.authority
            if ref.path.hasPrefix("/") {
                target.path = removeDotSegments(ref.path)
            } else {
                let merged: String
                if base.authority != nil && base.path.isEmpty {
                    merged = "/" + ref.path
                } else if let slash = base.path.lastIndex(of: "/") {
                    merged = String(base.path[...slash]) + ref.path
                } else {
                    merged = ref.path
                }
                target.path = removeDotSegments(merged)
            }
            target.query = ref.query
        }
        target.fragment = ref.fragment
        return target.text
    }

    private static func normalized(_ parts: Parts) -> String {
        var parts = parts
        if parts.authority != nil || parts.path.hasPrefix("/") { parts.path = removeDotSegments(parts.path) }
        return parts.text
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return output.joined(separator: "/")
    }

    /// The URI without its fragment, and the fragment (percent-decoded; empty when absent).
    static func split(_ uri: String) -> (document: String, fragment: String) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, "") }
        let fragment = String(uri[uri.index(after: hash)...])
        return (String(uri[..<hash]), FormCoding.decodePath(fragment))
    }
}
