/// Byte-level views of a `String`'s UTF-8 through its contiguous storage, which every native Swift string has
/// (small ones on the stack): the generic `UTF8View` algorithms (`allSatisfy`, `lexicographicallyPrecedes`) are
/// not specialised across modules and cost a call per byte. The JSON writer checks and copies every string and
/// sorts every object's keys with these (`harness bench serve`, simulate mode: a fifth of a ReferralHero sign-up's
/// answer).
enum UTF8Bytes {
    /// Whether `a`'s UTF-8 comes before `b`'s, byte by byte (a prefix first).
    static func precedes(_ a: String, _ b: String) -> Bool {
        let ordered = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                for (x, y) in zip(left, right) where x != y { return x < y }
                return left.count < right.count
            }
        }
        return (ordered ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Whether every byte of `string`'s UTF-8 is below 0x80.
    static func isASCII(_ string: String) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
            ?? string.utf8.allSatisfy { $0 < 0x80 }
    }
}
