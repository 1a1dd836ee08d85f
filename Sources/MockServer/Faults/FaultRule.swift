import JSONCore

/// An admin fault rule: inject `plan` into requests whose method and path match, optionally a limited number of
/// times.
public struct FaultRule: Sendable, Hashable {
    /// The rule's number, given by ``FaultRules/add(_:)``; used to remove it.
    public var id: Int
    /// Uppercase method, or nil for any.
    public var method: String?
    /// The full request path (with the vendor prefix); a trailing `*` matches any rest.
    public var path: String
    /// The faults to inject.
    public var plan: FaultPlan
    /// How many more requests the rule applies to; nil for no limit.
    public var remaining: Int?

    /// A rule injecting `plan` into requests matching `method` and `path`, for `remaining` requests (nil: every one).
    /// The id is given when it is added.
    public init(id: Int = 0, method: String? = nil, path: String, plan: FaultPlan, remaining: Int? = nil) {
        self.id = id
        self.method = method?.uppercased()
        self.path = path
        self.plan = plan
        self.remaining = remaining
    }

    /// Whether the rule applies to a request.
    package func matches(method requestMethod: String, path requestPath: Substring) -> Bool {
        if let method, method != requestMethod { return false }
        if path.hasSuffix("*") { return requestPath.hasPrefix(path.dropLast()) }
        return requestPath == path
    }
}

/// The admin fault rules, in the order they were added; the first match applies.
public final class FaultRules: Sendable {
    private struct State {
        var rules: [FaultRule] = []
        var nextID = 1
    }

    private let state = Locked(State())

    package init() {}

    /// Adds a rule and returns it with its id.
    @discardableResult
    public func add(_ rule: FaultRule) -> FaultRule {
        state.withLock { state in
            var rule = rule
            rule.id = state.nextID
            state.nextID += 1
            state.rules.append(rule)
            return rule
        }
    }

    /// Removes the rule with this id; false when there is none.
    public func remove(id: Int) -> Bool {
        state.withLock { state in
            guard let index = state.rules.firstIndex(where: { $0.id == id }) else { return false }
            state.rules.remove(at: index)
            return true
        }
    }

    /// Removes every rule.
    public func removeAll() {
        state.withLock { $0.rules.removeAll() }
    }

    /// The rules in the order they were added.
    public var all: [FaultRule] { state.withLock { $0.rules } }

    /// Whether no rule is set (read without counting a use, so a request may skip the fault path).
    var isEmpty: Bool { state.withLock { $0.rules.isEmpty } }

    /// The plan of the first rule matching the request, counting one use of a limited rule.
    func plan(method: String, path: Substring) -> FaultPlan? {
        state.withLock { state in
            guard !state.rules.isEmpty,
                let index = state.rules.firstIndex(where: { $0.matches(method: method, path: path) })
            else { return nil }
            let plan = state.rules[index].plan
            if let remaining = state.rules[index].remaining {
                if remaining <= 1 {
                    state.rules.remove(at: index)
                } else {
                    state.rules[index].remaining = remaining - 1
                }
            }
            return plan
        }
    }
}
