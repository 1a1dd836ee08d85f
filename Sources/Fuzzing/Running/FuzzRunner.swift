internal import CassetteKit
public import ContractKit
internal import Foundation
internal import JSONCore
internal import Synchronization

/// Sends a run of generated requests to a target and judges every answer against the contract.
public struct FuzzRunner: Sendable {
    public struct Options: Sendable {
        public var requests: Int
        public var seed: UInt64
        /// Seconds one answer may take before it counts as a hang.
        public var timeout: Double
        /// The share of invalid requests, in percent.
        public var invalidPercent: Int
        /// Whether paths may carry broken percent-encodings: off for HTTP clients that normalise the URL they are
        /// given (AsyncHTTPClient decodes `%C3%28` away), which would send another request than the one reported.
        public var brokenPaths: Bool
        /// The mutations invalid requests are drawn from (all by default).
        public var mutations: [FuzzRequest.Mutation]
        /// The operations requests are drawn for, by name (`POST /sdk/events/`) or XML operation (`GetLists`);
        /// empty for all.
        public var operations: [String]

        public init(
            requests: Int = 1_000, seed: UInt64 = 1, timeout: Double = 10, invalidPercent: Int = 50,
            brokenPaths: Bool = true, mutations: [FuzzRequest.Mutation] = FuzzRequest.Mutation.allCases,
            operations: [String] = []
        ) {
            self.requests = requests
            self.seed = seed
            self.timeout = timeout
            self.invalidPercent = invalidPercent
            self.brokenPaths = brokenPaths
            self.mutations = mutations
            self.operations = operations
        }
    }

    public let contract: FuzzContract
    public let registry: SchemaRegistry
    public let profile: FuzzProfile
    public let target: FuzzTarget
    public let options: Options

    public init(
        contract: FuzzContract, registry: SchemaRegistry, profile: FuzzProfile, target: FuzzTarget, options: Options
    ) {
        self.contract = contract
        self.registry = registry
        self.profile = profile
        self.target = target
        self.options = options
    }

    /// Logs in (when the profile says how), then sends `options.requests` requests: drawn for each case in turn,
    /// valid or (`options.invalidPercent` of them) invalid, with every fourth one a boundary request while they last.
    ///
    /// - Throws: ``FuzzError/loginFailed(vendor:request:reason:)`` or ``FuzzError/unreachable(target:reason:)``
    ///   when the target cannot be used at all, ``FuzzError/unknownOperation(_:vendor:known:)`` when
    ///   `options.operations` names none of the contract's.
    public func run() async throws(FuzzError) -> FuzzResult {
        let clock = ContinuousClock()
        let started = clock.now
        let all = contract.cases
        let cases = all.filter { drawn in
            options.operations.isEmpty || options.operations.contains(drawn.operation.name)
                || drawn.xmlOperation.map(options.operations.contains) == true
        }
        if let name = options.operations.first, cases.isEmpty {
            let known = Set(all.map(\.operation.name) + all.compactMap(\.xmlOperation)).sorted()
            throw .unknownOperation(name, vendor: contract.vendor, known: known)
        }
        let loginValue = try await login()
        var generator = RequestGenerator(
            contract: contract, registry: registry, profile: profile, loginValue: loginValue)
        generator.brokenPaths = options.brokenPaths
        generator.mutations = options.mutations
        let check = ContractCheck(registry: registry)
        let base = SeededGenerator(seed: options.seed)
        var findings: [Finding] = []
        var sent = 0
        var counts: [String: Int] = [:]
        var operations: [String: Int] = [:]
        let plan = boundaryPlan(cases, generator: generator, base: base)
        var planned = 0
        var drawnCount = 0
        for index in 0..<max(0, options.requests) {
            var random = base.derived(UInt64(index))
            let drawn: FuzzContract.Case
            var request: FuzzRequest
            var unsatisfiable: [ContractViolation] = []
            if index % Self.boundaryShare == Self.boundaryShare - 1, planned < plan.count {
                (drawn, request) = plan[planned]
                planned += 1
            } else {
                drawn = cases[drawnCount % cases.count]
                drawnCount += 1
                request = generator.valid(drawn.operation, xmlOperation: drawn.xmlOperation, random: &random)
                if random.chance(options.invalidPercent),
                    let invalid = generator.invalid(
                        drawn.operation, xmlOperation: drawn.xmlOperation, random: &random)
                {
                    request = invalid
                } else {
                    unsatisfiable = generator.requestViolations(request)
                }
            }
            counts[request.intent.mutationName, default: 0] += 1
            operations[drawn.operation.name + (drawn.xmlOperation.map { " " + $0 } ?? ""), default: 0] += 1
            let outcome = await send(request)
            sent += 1
            if index == 0, case .failed(let error) = outcome {
                throw .unreachable(target: target.name, reason: String(describing: error))
            }
            if let finding = judge(
                request, outcome: outcome, index: index, check: check, unsatisfiable: unsatisfiable)
            {
                findings.append(finding)
            }
        }
        let elapsed = clock.now - started
        return FuzzResult(
            vendor: contract.vendor, target: target.name, seed: options.seed, sent: sent, findings: findings,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            intents: counts, operations: operations)
    }

    /// One request in this many is a boundary request, while the plan lasts.
    static let boundaryShare = 4

    /// The boundary requests of every case (``RequestGenerator/boundaries(_:xmlOperation:random:)``), when the run
    /// draws degenerate ids and is long enough for all of them to take at most every fourth request; none for a
    /// shorter run, which the plan would otherwise cover only in part.
    private func boundaryPlan(
        _ cases: [FuzzContract.Case], generator: RequestGenerator, base: SeededGenerator
    ) -> [(FuzzContract.Case, FuzzRequest)] {
        guard options.mutations.contains(.degenerateID) else { return [] }
        var random = base.derived(UInt64.max)
        let plan = cases.flatMap { drawn in
            generator.boundaries(drawn.operation, xmlOperation: drawn.xmlOperation, random: &random).map { (drawn, $0) }
        }
        return plan.count * Self.boundaryShare <= options.requests ? plan : []
    }

    /// The continuation a send resumes exactly once, by its answer or by its timer.
    final class Once: Sendable {
        let pending = Locked<CheckedContinuation<Outcome, Never>?>(nil)
    }

    enum Outcome: Sendable {
        case answered(CassetteResponse)
        case failed(any Error)
        case timedOut
    }

    private func login() async throws(FuzzError) -> String? {
        guard let login = profile.login else { return nil }
        var headers = login.headers
        if let type = login.contentType { headers.append(("Content-Type", type)) }
        let request = FuzzRequest(
            method: login.method, target: login.path, headers: headers, body: Data(login.body.utf8),
            operation: "\(login.method) \(login.path)", intent: .valid)
        let name = "\(login.method) \(target.baseURL)\(login.path)"
        switch await send(request) {
        case .failed(let error):
            throw .unreachable(target: target.name, reason: String(describing: error))
        case .timedOut:
            throw .unreachable(target: target.name, reason: "no answer within \(options.timeout) s")
        case .answered(let response):
            guard (200..<300).contains(response.status) else {
                throw .loginFailed(vendor: contract.vendor, request: name, reason: "status \(response.status)")
            }
            guard let value = try? JSONValue(parsing: response.decodedBody),
                let token = value[login.tokenMember]?.stringValue
            else {
                throw .loginFailed(
                    vendor: contract.vendor, request: name, reason: "no string member '\(login.tokenMember)'")
            }
            return token
        }
    }

    /// Sends `request`; a timer and the answer race, the first wins (a hung target does not hang the run). A send
    /// that loses is cancelled, so a transport gives up its connection and its task ends instead of waiting for good.
    func send(_ request: FuzzRequest) async -> Outcome {
        let outgoing = CassetteRequest(
            method: request.method, url: request.target, headers: HeaderFields(request.headers), body: request.body)
        let send = target.send
        let timeout = options.timeout.isFinite ? max(0.001, min(options.timeout, 86_400)) : 86_400
        let once = Once()
        return await withCheckedContinuation { continuation in
            once.pending.withLock { $0 = continuation }
            let resume: @Sendable (Outcome) -> Void = { outcome in
                once.pending.withLock { pending in
                    pending?.resume(returning: outcome)
                    pending = nil
                }
            }
            let sending = Task { () -> Outcome in
                do {
                    return .answered(try await send(outgoing))
                } catch {
                    return .failed(error)
                }
            }
            let timer = Task {
                try await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
                sending.cancel()
                resume(.timedOut)
            }
            Task {
                let outcome = await sending.value
                timer.cancel()
                resume(outcome)
            }
        }
    }
}
