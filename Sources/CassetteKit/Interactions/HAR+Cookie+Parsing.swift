import Foundation

extension HAR.Cookie {
    /// The cookies of a `Cookie` header: `a=1; b=2`.
    static func parse(cookieHeader: String) -> [HAR.Cookie] {
        cookieHeader.split(separator: ";").compactMap { pair in
            let trimmed = pair.trimmingCharacters(in: .whitespaces)
            guard let equals = trimmed.firstIndex(of: "=") else { return nil }
            return HAR.Cookie(name: String(trimmed[..<equals]), value: String(trimmed[trimmed.index(after: equals)...]))
        }
    }

    /// The cookie a `Set-Cookie` header sets, with its attributes.
    static func parse(setCookieHeader: String) -> HAR.Cookie? {
        let parts = setCookieHeader.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = parts.first, let equals = first.firstIndex(of: "=") else { return nil }
        var cookie = HAR.Cookie(name: String(first[..<equals]), value: String(first[first.index(after: equals)...]))
        for attribute in parts.dropFirst() {
            let pieces = attribute.split(separator: "=", maxSplits: 1).map(String.init)
            let value = pieces.count > 1 ? pieces[1] : nil
            switch pieces[0].lowercased() {
            case "path": cookie.path = value
            case "domain": cookie.domain = value
            case "expires": cookie.expires = value
            case "httponly": cookie.httpOnly = true
            case "secure": cookie.secure = true
            default: break
            }
        }
        return cookie
    }
}
