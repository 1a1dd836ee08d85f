public import JSONCore

extension RequestGenerator {
    /// A place in a request that names a record: a path parameter, an id-named query or header parameter, form
    /// field, JSON member (at any depth) or XML element.
    enum IdentifierPlace {
        case path(String)
        case query(Int, name: String)
        case header(String)
        case form(Int, name: String)
        case json([JSONStep])
        case xml([Int], name: String)
    }

    /// One step into a JSON value.
    enum JSONStep {
        case member(String)
        case index(Int)
    }

    /// Gives one place that names a record another id: one that names no record (`unknownRecord`: the same
    /// shape as the valid value, other characters), or a degenerate one (`degenerateID`: empty, whitespace only,
    /// very long, unicode, a dot segment or a slash in a path). Neither must be refused as such: the target may
    /// create the record or ignore the id. Every answer must still be one the contract declares.
    func mutateIdentifier(
        _ mutation: FuzzRequest.Mutation, in draft: inout RequestDraft, random: inout SeededGenerator
    ) -> (String, Bool, Bool)? {
        guard let (place, current) = pickPlace(identifierPlaces(draft), random: &random) else { return nil }
        let (value, label): (String, String)
        if mutation == .unknownRecord {
            value = Self.lookalike(
                current, avoiding: Set(fixed.values).union(profile.xmlValues.values.joined()),
                random: &random)
            label = "names no record (\(value.count > 40 ? "\(value.count) characters" : value))"
        } else {
            var degenerate = Self.degenerateIDs
            if case .path = place, brokenPaths { degenerate += Self.degeneratePathIDs }
            if case .header = place { degenerate = degenerate.filter { $0.value.allSatisfy(\.isASCII) } }
            // The empty id first among equals: the one a server most often routes or looks up wrongly.
            guard let pick = random.chance(30) ? degenerate.first : random.pick(degenerate) else { return nil }
            (value, label) = (pick.value, "is \(pick.label)")
        }
        return write(value, numeric: mutation == .unknownRecord, label: label, at: place, in: &draft).map {
            ($0, false, false)
        }
    }

    /// Puts `value` at `place` (a number for a numeric JSON member when `numeric`); returns the detail that says
    /// so, or nil when the place is gone.
    private func write(
        _ value: String, numeric: Bool, label: String, at place: IdentifierPlace, in draft: inout RequestDraft
    ) -> String? {
        switch place {
        case .path(let name):
            draft.pathValues[name] = value
            return "path parameter \(name) \(label)"
        case .query(let index, let name):
            guard draft.query.indices.contains(index) else { return nil }
            draft.query[index].value = value
            return "query parameter \(name) \(label)"
        case .header(let name):
            draft.setHeader(name, value)
            return "header \(name) \(label)"
        case .form(let index, let name):
            guard draft.form?.indices.contains(index) == true else { return nil }
            draft.form?[index].value = value
            return "form field \(name) \(label)"
        case .json(let steps):
            guard let json = draft.json, let name = steps.last.flatMap(Self.memberName) else { return nil }
            let replacement: JSONValue =
                numeric && Self.value(json, at: steps[...])?.numberValue != nil
                ? .number(JSONNumber(987_654_321)) : .string(value)
            draft.json = Self.replacing(json, at: steps[...], with: replacement)
            return "body member \(name) \(label)"
        case .xml(let path, let name):
            guard var xml = draft.xml else { return nil }
            xml.root.update(at: path) { $0.text = value }
            draft.xml = xml
            draft.writeXML()
            return "<\(name)> \(label)"
        }
    }

    /// The boundary requests of an operation, sent by a run whatever its seed: for each name that names a record
    /// outside an XML document (a path parameter, an id-named query or header parameter, form field or JSON
    /// member), one request with it empty, and for each path parameter one naming no record. The empty id is the
    /// request a server most often routes or looks up wrongly, and random draws reach a given one rarely.
    public func boundaries(
        _ operation: FuzzOperation, xmlOperation: String? = nil, random: inout SeededGenerator
    ) -> [FuzzRequest] {
        let base = validDraft(operation, xmlOperation: xmlOperation, random: &random)
        var seen: Set<String> = []
        var requests: [FuzzRequest] = []
        for (place, current) in identifierPlaces(base) {
            if case .xml = place { continue }
            guard seen.insert(placeName(place)).inserted else { continue }
            var empty = base
            if let detail = write("", numeric: false, label: "is empty", at: place, in: &empty) {
                requests.append(judged(empty, .degenerateID, detail))
            }
            guard case .path = place else { continue }
            var unknown = base
            let value = Self.lookalike(
                current, avoiding: Set(fixed.values).union(profile.xmlValues.values.joined()), random: &random)
            if let detail = write(value, numeric: true, label: "names no record (\(value))", at: place, in: &unknown) {
                requests.append(judged(unknown, .unknownRecord, detail))
            }
        }
        return requests
    }

    /// The request of an id mutation: one the contract check finds invalid must be refused.
    func judged(_ draft: RequestDraft, _ mutation: FuzzRequest.Mutation, _ detail: String) -> FuzzRequest {
        var request = draft.request(intent: .invalid(mutation, detail: detail, mustBeRefused: false))
        if !requestViolations(request).isEmpty {
            request.intent = .invalid(mutation, detail: detail + ", invalid by the contract", mustBeRefused: true)
        }
        return request
    }

    /// A path parameter half the time (it names the record the operation is about), else a name drawn among
    /// the others and one of its places (so that a batch of events does not drown its `profile_id` among its
    /// other ids).
    private func pickPlace(
        _ places: [(place: IdentifierPlace, value: String)], random: inout SeededGenerator
    ) -> (place: IdentifierPlace, value: String)? {
        let paths = places.filter { if case .path = $0.place { true } else { false } }
        if !paths.isEmpty, random.chance(50) || paths.count == places.count { return random.pick(paths) }
        var byName: [String: [(place: IdentifierPlace, value: String)]] = [:]
        for place in places { byName[placeName(place.place), default: []].append(place) }
        guard let name = random.pick(byName.keys.sorted()) else { return nil }
        return random.pick(byName[name] ?? [])
    }

    private func placeName(_ place: IdentifierPlace) -> String {
        switch place {
        case .path(let name): "path " + name
        case .query(_, let name): "query " + name
        case .header(let name): "header " + name.lowercased()
        case .form(_, let name): "form " + name
        case .json(let steps): "json " + (steps.last.flatMap(Self.memberName) ?? "")
        case .xml(_, let name): "xml " + name
        }
    }

    /// The places of `draft` that name records, each with its current value.
    func identifierPlaces(_ draft: RequestDraft) -> [(place: IdentifierPlace, value: String)] {
        var places: [(place: IdentifierPlace, value: String)] = []
        for parameter in draft.operation.parameters where parameter.location == .path {
            if let value = draft.pathValues[parameter.name] { places.append((.path(parameter.name), value)) }
        }
        for (index, item) in draft.query.enumerated() where Self.namesRecord(item.name) {
            places.append((.query(index, name: item.name), item.value))
        }
        let credentials = Set(draft.operation.credentials.map { $0.name.lowercased() })
        for header in draft.headers where Self.namesRecord(header.name) {
            guard !credentials.contains(header.name.lowercased()) else { continue }
            places.append((.header(header.name), header.value))
        }
        if draft.xml == nil {
            for (index, field) in (draft.form ?? []).enumerated() where Self.namesRecord(field.name) {
                places.append((.form(index, name: field.name), field.value))
            }
        }
        if let json = draft.json {
            var found: [([JSONStep], String)] = []
            Self.identifierMembers(json, path: [], into: &found)
            places += found.map { (.json($0.0), $0.1) }
        }
        if let xml = draft.xml {
            for (path, node) in xml.root.nodes where node.isLeaf && Self.namesRecord(node.name) {
                places.append((.xml(path, name: node.name), node.text ?? ""))
            }
        }
        return places
    }

    /// Whether a name is one of a record's id: `id`, `uuid`, `profile_id`, `profileId`, `LIST_ID`,
    /// `adapty-sdk-profile-id`.
    static func namesRecord(_ name: String) -> Bool {
        let lower = name.lowercased()
        if ["id", "uuid", "guid"].contains(lower) || lower.hasSuffix("uuid") { return true }
        return lower.hasSuffix("_id") || lower.hasSuffix("-id") || name.hasSuffix("Id") || name.hasSuffix("ID")
    }

    /// Degenerate ids, each with how a report names it.
    static let degenerateIDs: [(value: String, label: String)] = [
        ("", "empty"), (" ", "a space"), ("   \t", "whitespace only"),
        (String(repeating: "9", count: 4_096), "4096 digits"),
        (String(repeating: "a", count: 10_000), "10000 characters long"),
        ("ïdéntïfïér-東京-😀", "unicode"), ("e\u{301}\u{200B}\u{202E}", "combining, zero-width and bidi marks"),
        ("0", "0"), ("-1", "-1"), ("null", "the word null"),
    ]

    /// Degenerate ids only a path can carry: dot segments and an encoded slash.
    static let degeneratePathIDs: [(value: String, label: String)] = [
        (".", "a dot segment"), ("..", "a dot-dot segment"), ("a/b", "a slash (%2F)"),
    ]

    /// A value shaped like `value` (digits for digits, hex letters for hex letters, letters for letters) that is
    /// neither `value` nor one of `avoiding`; a generated word when `value` is empty.
    static func lookalike(_ value: String, avoiding: Set<String>, random: inout SeededGenerator) -> String {
        guard !value.isEmpty else { return ValueGenerator.word(&random) }
        for _ in 0..<8 {
            let drawn = String(
                value.map { character -> Character in
                    let pool: String
                    switch character {
                    case "0"..."9": pool = "0123456789"
                    case "a"..."f": pool = "abcdef"
                    case "A"..."F": pool = "ABCDEF"
                    case "g"..."z": pool = "ghijklmnopqrstuvwxyz"
                    case "G"..."Z": pool = "GHIJKLMNOPQRSTUVWXYZ"
                    default: return character
                    }
                    return pool.randomElement(using: &random) ?? character
                })
            if drawn != value, !avoiding.contains(drawn) { return drawn }
        }
        return "fz" + value
    }

    private static func identifierMembers(
        _ value: JSONValue, path: [JSONStep], into found: inout [([JSONStep], String)]
    ) {
        guard path.count < 16 else { return }
        switch value {
        case .object(let object):
            for member in object {
                let steps = path + [.member(member.key)]
                if namesRecord(member.key),
                    let text = member.value.stringValue ?? member.value.numberValue.map({ "\($0)" })
                {
                    found.append((steps, text))
                } else {
                    identifierMembers(member.value, path: steps, into: &found)
                }
            }
        case .array(let items):
            for (index, item) in items.enumerated().prefix(8) {
                identifierMembers(item, path: path + [.index(index)], into: &found)
            }
        default:
            return
        }
    }

    private static func memberName(_ step: JSONStep) -> String? {
        if case .member(let name) = step { return name }
        return nil
    }

    static func value(_ value: JSONValue, at steps: ArraySlice<JSONStep>) -> JSONValue? {
        guard let step = steps.first else { return value }
        switch (step, value) {
        case (.member(let name), .object(let object)):
            return object[name].flatMap { Self.value($0, at: steps.dropFirst()) }
        case (.index(let index), .array(let items)) where items.indices.contains(index):
            return Self.value(items[index], at: steps.dropFirst())
        default:
            return nil
        }
    }

    static func replacing(_ value: JSONValue, at steps: ArraySlice<JSONStep>, with replacement: JSONValue) -> JSONValue
    {
        guard let step = steps.first else { return replacement }
        switch (step, value) {
        case (.member(let name), .object(var object)):
            guard let inner = object[name] else { return value }
            object[name] = replacing(inner, at: steps.dropFirst(), with: replacement)
            return .object(object)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            items[index] = replacing(items[index], at: steps.dropFirst(), with: replacement)
            return .array(items)
        default:
            return value
        }
    }
}
