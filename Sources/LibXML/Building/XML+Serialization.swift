extension XML.Element {
    /// The element as XML text, without an XML declaration.
    ///
    /// - Parameter indented: put each child element on its own line, indented by two spaces. Elements that
    ///   hold text keep it inline, so no text value changes.
    public func serialized(indented: Bool = false) -> String {
        var output = ""
        output.reserveCapacity(256)
        write(to: &output, indented: indented, depth: 0)
        return output
    }

    private func write(to output: inout String, indented: Bool, depth: Int) {
        output += "<"
        output += name
        for attribute in attributes {
            output += " "
            output += attribute.name
            output += "=\""
            XML.escape(attribute.value, into: &output, inAttribute: true)
            output += "\""
        }
        if children.isEmpty {
            output += "/>"
            return
        }
        output += ">"
        let elementOnly = indented && children.allSatisfy { if case .element = $0 { true } else { false } }
        for child in children {
            switch child {
            case .text(let value):
                XML.escape(value, into: &output, inAttribute: false)
            case .cdata(let value):
                XML.writeCDATA(value, into: &output)
            case .element(let element):
                if elementOnly {
                    output += "\n"
                    output += String(repeating: "  ", count: depth + 1)
                }
                element.write(to: &output, indented: indented, depth: depth + 1)
            }
        }
        if elementOnly {
            output += "\n"
            output += String(repeating: "  ", count: depth)
        }
        output += "</"
        output += name
        output += ">"
    }
}

extension XML {
    /// Escapes `&`, `<`, `>` (and in attributes `"`, tab, newline, carriage return) so the value reads back
    /// exactly. Characters XML 1.0 cannot hold at all (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F,
    /// U+FFFE, U+FFFF) are written as character references, which a strict parser rejects: callers that
    /// must carry such bytes should base64 them first.
    public static func escape(_ value: String, into output: inout String, inAttribute: Bool) {
        var needsWork = false
        for byte in value.utf8 where byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 {
            needsWork = true
            break
        }
        guard needsWork else {
            output += value
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where inAttribute: output += "&quot;"
            case "\t" where inAttribute: output += "&#9;"
            case "\n" where inAttribute: output += "&#10;"
            case "\r": output += "&#13;"
            case "\t", "\n": output.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 {
                    output += "&#\(scalar.value);"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// Escapes a value for text content.
    public static func escaped(_ value: String, inAttribute: Bool = false) -> String {
        var output = ""
        escape(value, into: &output, inAttribute: inAttribute)
        return output
    }

    /// Writes `value` as CDATA, splitting every `]]>` so the section never ends early:
    /// `a]]>b` becomes `<![CDATA[a]]]]><![CDATA[>b]]>`, which reads back as `a]]>b`.
    public static func writeCDATA(_ value: String, into output: inout String) {
        output += "<![CDATA["
        output += value.replacingOccurrencesOfTerminator()
        output += "]]>"
    }
}

extension String {
    fileprivate func replacingOccurrencesOfTerminator() -> String {
        guard contains("]]>") else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: "]]>") {
            result += rest[..<range.lowerBound]
            result += "]]]]><![CDATA[>"
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
