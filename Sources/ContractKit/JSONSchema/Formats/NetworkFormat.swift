/// Host names, IP addresses and e-mail addresses (RFC 1123, RFC 2673/4291, RFC 5321).
enum NetworkFormat {
    static func isHostname(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        for label in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                label.allSatisfy({ $0.isASCIILetter || $0.isDigit || $0 == UInt8(ascii: "-") })
            else { return false }
            // "xn--" is the only label that may have hyphens in positions 3 and 4 (RFC 5891 §4.2.3.1).
            if label.count >= 4, label[label.startIndex + 2] == UInt8(ascii: "-"),
                label[label.startIndex + 3] == UInt8(ascii: "-"),
                !(label.prefix(2).allSatisfy {
                    $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") || $0 == UInt8(ascii: "n")
                        || $0 == UInt8(ascii: "N")
                })
            {
                return false
            }
        }
        return true
    }

    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isDigit),
                part.count == 1 || part.first != UInt8(ascii: "0"),
                let value = DateTimeFormat.number(part, part.startIndex, part.count), value <= 255
            else { return false }
        }
        return true
    }

    static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 2, bytes.count <= 45 else { return false }
        var groups = 0
        var compressed = false
        var parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)[...]
        // "::" at the start or the end gives an empty part we must not count twice.
        if bytes.starts(with: [0x3A, 0x3A]) {
            parts = parts.dropFirst()
        } else if bytes.first == UInt8(ascii: ":") {
            return false
        }
        if bytes.reversed().starts(with: [0x3A, 0x3A]) {
            parts = parts.dropLast()
        } else if bytes.last == UInt8(ascii: ":") {
            return false
        }
        for (index, part) in parts.enumerated() {
            if part.isEmpty {
                guard !compressed else { return false }
                compressed = true
            } else if index == parts.count - 1, part.contains(UInt8(ascii: ".")) {
                guard isIPv4(part) else { return false }
                groups += 2
            } else {
                guard part.count <= 4, part.allSatisfy(\.isHexDigit) else { return false }
                groups += 1
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    static func isEmail(_ bytes: [UInt8], international: Bool) -> Bool {
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")), at > 0, at < bytes.count - 1 else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        return isLocalPart(local, international: international) && isMailDomain(domain, international: international)
    }

    private static let atextSymbols = Set("!#$%&'*+-/=?^_`{|}~".utf8)

    private static func isLocalPart(_ local: ArraySlice<UInt8>, international: Bool) -> Bool {
        if local.first == UInt8(ascii: "\""), local.count >= 2, local.last == UInt8(ascii: "\"") {
            var escaped = false
            for byte in local.dropFirst().dropLast() {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") || byte < 0x20 {
                    return false
                }
            }
            return !escaped
        }
        guard local.count <= 64, local.first != UInt8(ascii: "."), local.last != UInt8(ascii: ".") else {
            return false
        }
        var previousDot = false
        for byte in local {
            if byte == UInt8(ascii: ".") {
                if previousDot { return false }
                previousDot = true
                continue
            }
            previousDot = false
            guard byte.isASCIILetter || byte.isDigit || atextSymbols.contains(byte) || (international && byte >= 0x80)
            else { return false }
        }
        return true
    }

    private static func isMailDomain(_ domain: ArraySlice<UInt8>, international: Bool) -> Bool {
        if domain.first == UInt8(ascii: "["), domain.last == UInt8(ascii: "]") {
            let literal = domain.dropFirst().dropLast()
            if literal.starts(with: Array("IPv6:".utf8)) { return isIPv6(literal.dropFirst(5)) }
            return isIPv4(literal)
        }
        if international, domain.contains(where: { $0 >= 0x80 }) {
            return domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty && $0.first != UInt8(ascii: "-") && $0.last != UInt8(ascii: "-")
            }
        }
        return isHostname(domain)
    }
}

/// RFC 3986 URIs and references, and RFC 3987 IRIs (which also allow non-ASCII characters).
enum URIFormat {
    private static let unreserved = Set("-._~".utf8)
    private static let subDelimiters = Set("!$&'()*+,;=".utf8)

    static func isValid(_ bytes: [UInt8], requireScheme: Bool, international: Bool) -> Bool {
        var rest = bytes[...]
        if let colon = rest.firstIndex(of: UInt8(ascii: ":")),
            let first = rest.first, first.isASCIILetter,
            rest[..<colon].allSatisfy({ $0.isASCIILetter || $0.isDigit || "+-.".utf8.contains($0) }),
            !rest[..<colon].contains(UInt8(ascii: "/"))
        {
            rest = rest[(colon + 1)...]
        } else if requireScheme {
            return false
        } else if !rest.starts(with: [0x2F, 0x2F]) {
            // A relative-path reference cannot have a colon in its first segment (RFC 3986 §4.2).
            let firstSegment = rest.prefix {
                $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
            }
            if firstSegment.contains(UInt8(ascii: ":")) { return false }
        }
        if rest.starts(with: [0x2F, 0x2F]) {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            let authority = rest[..<(end ?? rest.endIndex)]
            guard isAuthority(authority, international: international) else { return false }
            rest = rest[(end ?? rest.endIndex)...]
        }
        var sawFragment = false
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < rest.endIndex, rest[index + 1].isHexDigit, rest[index + 2].isHexDigit else {
                    return false
                }
                index += 3
                continue
            }
            if byte == UInt8(ascii: "#") {
                if sawFragment { return false }
                sawFragment = true
            } else if !isCharacter(byte, international: international) && !"/?:@".utf8.contains(byte) {
                return false
            }
            index += 1
        }
        return true
    }

    private static func isCharacter(_ byte: UInt8, international: Bool) -> Bool {
        byte.isASCIILetter || byte.isDigit || unreserved.contains(byte) || subDelimiters.contains(byte)
            || (international && byte >= 0x80)
    }

    private static func isAuthority(_ authority: ArraySlice<UInt8>, international: Bool) -> Bool {
        var host = authority
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            guard
                authority[..<at].allSatisfy({
                    isCharacter($0, international: international) || $0 == 0x3A || $0 == 0x25
                })
            else { return false }
            host = authority[(at + 1)...]
        }
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            guard NetworkFormat.isIPv6(host[(host.startIndex + 1)..<close]) else { return false }
            host = host[(close + 1)...]
            guard host.isEmpty || host.first == UInt8(ascii: ":") else { return false }
        }
        if let colon = host.lastIndex(of: UInt8(ascii: ":")) {
            guard host[(colon + 1)...].allSatisfy(\.isDigit) else { return false }
            host = host[..<colon]
        }
        return host.allSatisfy { isCharacter($0, international: international) || $0 == 0x25 }
    }
}
