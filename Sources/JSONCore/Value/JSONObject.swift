/// A JSON object that remembers the order its keys were added in (for faithful writing), while comparing
/// as an unordered map.
///
/// Members are kept in an array, searched linearly while the object is small (most JSON objects are: a
/// dozen members or fewer), with a key index built once an object grows past ``indexThreshold`` members. So
/// parsing and reading small objects never hash, and large ones stay O(1) to look up.
public struct JSONObject: Sendable, Hashable, Sequence {
    private var members: [(key: String, value: JSONValue)] = []
    /// Positions of the keys, present only when the object has more than `indexThreshold` members.
    private var index: [String: Int]?

    /// Objects with more members than this get a key index.
    static let indexThreshold = 16

    public init() {}

    public init(_ pairs: [(String, JSONValue)]) {
        self.init(pairs: pairs)
    }

    /// The members of `pairs` in their order, a later duplicate replacing an earlier one in its place. Duplicates are
    /// found with one hash set for a large object instead of a search per key.
    init<Pairs: Collection<(String, JSONValue)>>(pairs: Pairs) {
        members.reserveCapacity(pairs.count)
        guard pairs.count > Self.indexThreshold else {
            for (key, value) in pairs { self[key] = value }
            return
        }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            if let position = positions[key] {
                members[position].value = value
            } else {
                positions[key] = members.count
                members.append((key, value))
            }
        }
        index = positions
    }

    /// The keys in the order they were added.
    public var keys: [String] { members.map(\.key) }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    /// Reads, replaces or (with nil) removes a member. A new key goes last; a replaced one keeps its place.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            let found = position(of: key)
            switch (found, newValue) {
            case (let position?, let value?):
                members[position].value = value
            case (nil, let value?):
                members.append((key, value))
                if index != nil {
                    index?[key] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    buildIndex()
                }
            case (let position?, nil):
                members.remove(at: position)
                if index != nil { buildIndex() }
            case (nil, nil):
                break
            }
        }
    }

    private mutating func buildIndex() {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(members.count)
        for (offset, member) in members.enumerated() { positions[member.key] = offset }
        index = positions
    }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        members.makeIterator()
    }

    /// The members sorted by key (a stable order), as the stable writer emits them: in `String` order, which for
    /// keys of ASCII alone is their bytes' order, compared as bytes (the writer sorts every object it writes).
    public var sortedMembers: [(key: String, value: JSONValue)] {
        guard members.count > 1 else { return members }
        let ascii = members.allSatisfy { member in UTF8Bytes.isASCII(member.key) }
        let precedes: (String, String) -> Bool = ascii ? { UTF8Bytes.precedes($0, $1) } : { $0 < $1 }
        var sorted = true
        for offset in 1..<members.count where !precedes(members[offset - 1].key, members[offset].key) {
            sorted = false
            break
        }
        return sorted ? members : members.sorted { precedes($0.key, $1.key) }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        return lhs.members.allSatisfy { member in rhs[member.key] == member.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: the members' hashes are summed, as a dictionary's are.
        var sum = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            sum &+= memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(sum)
    }
}
