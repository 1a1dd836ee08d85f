import JSONCore
import Testing

@Suite("JSONObject")
struct JSONObjectTests {
    static func object(_ keys: some Sequence<Int>) -> JSONObject {
        JSONObject(keys.map { ("k\($0)", JSONValue.number(JSONNumber($0))) })
    }

    @Test("Small and large objects compare and hash equal whatever their key order")
    func unordered() {
        for size in [3, 16, 17, 200] {
            let forward = Self.object(0..<size)
            let backward = Self.object((0..<size).reversed())
            #expect(forward == backward, "size \(size)")
            #expect(forward.hashValue == backward.hashValue, "size \(size)")
            #expect(forward.keys.first == "k0" && backward.keys.first == "k\(size - 1)", "order is kept")
            var changed = backward
            changed["k1"] = "other"
            #expect(changed != forward)
        }
    }

    @Test("Lookups, replacements and removals work below and above the index threshold")
    func editing() {
        var object = Self.object(0..<40)
        #expect(object["k39"] == 39)
        object["k5"] = nil
        #expect(object["k5"] == nil && object.count == 39)
        #expect(object["k6"] == 6 && object["k39"] == 39, "positions after a removal are right")
        object["k6"] = "six"
        #expect(object.keys[5] == "k6", "a replaced member keeps its place")
        object["new"] = true
        #expect(object.keys.last == "new" && object["new"] == true)
        var small = JSONObject([("a", 1), ("a", 2)])
        #expect(small.count == 1 && small["a"] == 2, "the last duplicate wins")
        small["a"] = nil
        #expect(small.isEmpty)
    }
}
