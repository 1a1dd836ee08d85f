/// SQL text cut into tokens, enough to rewrite it without touching what it quotes: words, `'strings'`,
/// `"quoted names"`, comments, white space and single punctuation bytes.
///
/// Works on the UTF-8 bytes: every byte that matters to the cut is ASCII, and anything else (a name in another
/// script, a malformed literal) only ever extends a word, a string or a comment. An unterminated string, quoted name
/// or comment runs to the end of the text; no input traps.
struct SQLTokens {
    /// What a token is, as far as rewriting cares.
    enum Kind: Equatable {
        /// A keyword, a name, or a number: ASCII letters, digits, `_`, `$` and every non-ASCII byte.
        case word
        /// `'…'`, with `''` inside.
        case string
        /// `"…"` or `` `…` ``, with the quote doubled inside.
        case quotedName
        /// `-- …` up to the end of the line, or `/* … */`.
        case comment
        case space
        /// One byte of anything else: `(`, `)`, `,`, `;`, `?`, `.`, operators.
        case punctuation
    }

    /// One token: its kind and where its bytes are.
    struct Token {
        let kind: Kind
        let range: Range<Int>
    }

    let bytes: [UInt8]
    let tokens: [Token]

    init(_ sql: String) {
        bytes = Array(sql.utf8)
        tokens = Self.cut(bytes)
    }

    /// The token's text.
    func text(_ token: Token) -> String {
        String(decoding: bytes[token.range], as: UTF8.self)
    }

    /// Whether the token is the word `keyword`, compared without ASCII case.
    func isWord(_ token: Token, _ keyword: StaticString) -> Bool {
        guard token.kind == .word, token.range.count == keyword.utf8CodeUnitCount else { return false }
        return keyword.withUTF8Buffer { expected in
            var index = token.range.lowerBound
            for byte in expected {
                if Self.asciiUppercase(bytes[index]) != byte { return false }
                index += 1
            }
            return true
        }
    }

    /// Whether the token is the single punctuation byte `character`.
    func isPunctuation(_ token: Token, _ character: UInt8) -> Bool {
        token.kind == .punctuation && bytes[token.range.lowerBound] == character
    }

    /// Whether the token is neither white space nor a comment.
    static func isSignificant(_ token: Token) -> Bool {
        token.kind != .space && token.kind != .comment
    }

    private static func asciiUppercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default: false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func cut(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        let end = bytes.count
        while index < end {
            let start = index
            let byte = bytes[index]
            let kind: Kind
            if isSpace(byte) {
                while index < end, isSpace(bytes[index]) { index += 1 }
                kind = .space
            } else if isWordByte(byte) {
                while index < end, isWordByte(bytes[index]) { index += 1 }
                kind = .word
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                index = quoted(bytes, from: index)
                kind = byte == UInt8(ascii: "'") ? .string : .quotedName
            } else if byte == UInt8(ascii: "-"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "-") {
                while index < end, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                kind = .comment
            } else if byte == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < end,
                    !(bytes[index] == UInt8(ascii: "*") && index + 1 < end
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, end)
                kind = .comment
            } else {
                index += 1
                kind = .punctuation
            }
            tokens.append(Token(kind: kind, range: start..<index))
        }
        return tokens
    }

    /// The end of the quoted text opening at `start`: past its closing quote (a doubled quote stays inside), or
    /// the end of the text.
    private static func quoted(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == quote {
                if index + 1 < bytes.count, bytes[index + 1] == quote {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }
}
