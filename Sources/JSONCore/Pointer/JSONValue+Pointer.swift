extension JSONValue {
    /// The value the pointer leads to, or nil when it leads nowhere.
    public subscript(pointer pointer: JSONPointer) -> JSONValue? {
        var current = self
        for token in pointer.tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(token), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Replaces the value at `pointer` (which must lead somewhere, or name a new member of an existing
    /// object). Returns whether anything changed.
    @discardableResult
    public mutating func set(_ value: JSONValue, at pointer: JSONPointer) -> Bool {
        update(tokens: pointer.tokens[...]) { $0 = value }
    }

    /// Removes the member or element at `pointer`. Returns whether anything was removed.
    @discardableResult
    public mutating func remove(at pointer: JSONPointer) -> Bool {
        guard let last = pointer.tokens.last else { return false }
        return update(tokens: pointer.tokens.dropLast()[...]) { parent in
            switch parent {
            case .object(var object) where object[last] != nil:
                object[last] = nil
                parent = .object(object)
            case .array(var array):
                guard let index = Int(last), array.indices.contains(index) else { return }
                array.remove(at: index)
                parent = .array(array)
            default:
                break
            }
        }
    }

    private mutating func update(tokens: ArraySlice<String>, _ body: (inout JSONValue) -> Void) -> Bool {
        guard let token = tokens.first else {
            body(&self)
            return true
        }
        switch self {
        case .object(var object):
            if tokens.count == 1, object[token] == nil {
                var fresh = JSONValue.null
                body(&fresh)
                object[token] = fresh
                self = .object(object)
                return true
            }
            guard var child = object[token] else { return false }
            let changed = child.update(tokens: tokens.dropFirst(), body)
            object[token] = child
            self = .object(object)
            return changed
        case .array(var array):
            guard let index = Int(token), array.indices.contains(index) else { return false }
            let changed = array[index].update(tokens: tokens.dropFirst(), body)
            self = .array(array)
            return changed
        default:
            return false
        }
    }

    /// Every concrete pointer that `pattern` matches in this value, expanding `*` tokens over all members
    /// or elements. A pattern without `*` gives itself when it leads somewhere, nothing otherwise.
    public func resolve(_ pattern: JSONPointer) -> [JSONPointer] {
        var results: [JSONPointer] = []
        resolve(pattern.tokens[...], at: .root, into: &results)
        return results
    }

    private func resolve(_ tokens: ArraySlice<String>, at prefix: JSONPointer, into results: inout [JSONPointer]) {
        guard let token = tokens.first else {
            results.append(prefix)
            return
        }
        let rest = tokens.dropFirst()
        switch self {
        case .object(let object):
            if token == "*" {
                for member in object { member.value.resolve(rest, at: prefix.appending(member.key), into: &results) }
            } else if let child = object[token] {
                child.resolve(rest, at: prefix.appending(token), into: &results)
            }
        case .array(let array):
            if token == "*" {
                for (index, element) in array.enumerated() {
                    element.resolve(rest, at: prefix.appending(index), into: &results)
                }
            } else if let index = Int(token), array.indices.contains(index) {
                array[index].resolve(rest, at: prefix.appending(token), into: &results)
            }
        default:
            break
        }
    }
}
