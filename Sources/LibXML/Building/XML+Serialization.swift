import JSONCore

extension XML.Element {
    /// The element as XML text, without an XML declaration.
    ///
    /// - Parameter indented: put each child element on its own line, indented by two spaces. Elements that
    ///   hold text keep it inline, so no text value changes.
    public func serialized(indented: Bool = false) -> String {
        // Written as UTF-8 bytes: appending to a `String` piece by piece cost twice as much (`bench engage`).
        var output: [UInt8] = []
        output.reserveCapacity(512)
        write(to: &output, indented: indented, depth: 0)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], indented: Bool, depth: Int) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        for attribute in attributes {
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: attribute.name.utf8)
            output.append(contentsOf: "=\"".utf8)
            XML.escape(attribute.value, into: &output, inAttribute: true)
            output.append(UInt8(ascii: "\""))
        }
        if children.isEmpty {
            output.append(contentsOf: "/>".utf8)
            return
        }
        output.append(UInt8(ascii: ">"))
        let elementOnly = indented && children.allSatisfy { if case .element = $0 { true } else { false } }
        for child in children {
            switch child {
            case .text(let value):
                XML.escape(value, into: &output, inAttribute: false)
            case .cdata(let value):
                XML.writeCDATA(value, into: &output)
            case .element(let element):
                if elementOnly { Self.newLine(indentedBy: depth + 1, into: &output) }
                element.write(to: &output, indented: indented, depth: depth + 1)
            }
        }
        if elementOnly { Self.newLine(indentedBy: depth, into: &output) }
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    private static func newLine(indentedBy depth: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }
}

extension XML {
    /// Escapes `&`, `<`, `>` (and in attributes `"`, tab, newline, carriage return) so the value reads back
    /// exactly. Characters XML 1.0 cannot hold at all (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F,
    /// U+FFFE, U+FFFF) are written as character references, which a strict parser rejects: callers that
    /// must carry such bytes should base64 them first.
    public static func escape(_ value: String, into output: inout String, inAttribute: Bool) {
        var bytes: [UInt8] = []
        escape(value, into: &bytes, inAttribute: inAttribute)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// ``escape(_:into:inAttribute:)`` as UTF-8 bytes. Everything escaped is ASCII, so it works byte by byte and
    /// copies every other byte (multi-byte characters included) as it is.
    static func escape(_ value: String, into output: inout [UInt8], inAttribute: Bool) {
        let utf8 = value.utf8
        guard utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else {
            output.append(contentsOf: utf8)
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "\t") where inAttribute: output.append(contentsOf: "&#9;".utf8)
            case UInt8(ascii: "\n") where inAttribute: output.append(contentsOf: "&#10;".utf8)
            case UInt8(ascii: "\r"): output.append(contentsOf: "&#13;".utf8)
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"): output.append(byte)
            case ..<0x20: output.append(contentsOf: "&#\(byte);".utf8)
            default: output.append(byte)
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
        var bytes: [UInt8] = []
        writeCDATA(value, into: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// ``writeCDATA(_:into:)`` as UTF-8 bytes.
    static func writeCDATA(_ value: String, into output: inout [UInt8]) {
        output.append(contentsOf: "<![CDATA[".utf8)
        output.append(contentsOf: value.replacingOccurrencesOfTerminator().utf8)
        output.append(contentsOf: "]]>".utf8)
    }
}

extension String {
    /// Every `]]>` split, found by its bytes: XML reads code points, so a `]]>` that a combining mark follows (one
    /// character to Swift) still ends a section. A search by characters missed it, and cost an Engage fault's answer
    /// more than the rest of its envelope (`perf`).
    fileprivate func replacingOccurrencesOfTerminator() -> String {
        UTF8Bytes.replacing("]]>", with: "]]]]><![CDATA[>", in: self)
    }
}
