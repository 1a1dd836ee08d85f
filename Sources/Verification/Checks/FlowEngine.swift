public import CassetteKit
public import ContractKit
public import FlowCatalog
public import Foundation
public import MockServer
import Synchronization

/// Runs the three checks of `harness verify` over a catalog of flows, their cassettes, the vendors' simulators
/// and contracts. Everything comes in as a parameter, so tests run it over a vendor of their own and the CLI
/// over ``FlowCatalog/all``, `SimulatorRegistry.all`, `Cassettes/` and `Schemas/`.
public struct FlowEngine: Sendable {
    public var catalog: [Flow]
    public var simulators: [any Simulator]
    public var cassettesRoot: URL
    public var schemasRoot: URL
    /// Paths in reports are relative to this folder (the working directory for the CLI).
    public var displayRoot: URL
    /// How long one flow (or one provider replay) may take.
    public var flowTimeout: Duration
    /// How many flows are checked at once.
    public var concurrency: Int

    public init(
        catalog: [Flow], simulators: [any Simulator], cassettesRoot: URL, schemasRoot: URL, displayRoot: URL? = nil,
        flowTimeout: Duration = .seconds(30), concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.catalog = catalog
        self.simulators = simulators
        self.cassettesRoot = cassettesRoot.standardizedFileURL
        self.schemasRoot = schemasRoot
        self.displayRoot = (displayRoot ?? cassettesRoot.deletingLastPathComponent()).standardizedFileURL
        self.flowTimeout = flowTimeout
        self.concurrency = max(1, concurrency)
    }

    /// What a verification runs.
    public struct Options: Sendable {
        /// The checks to run (`--only`); all three by default.
        public var checks: [CheckKind]
        /// The slice of the catalog to check (`--shard i/n`); cassettes no flow claims go to shard 1.
        public var shard: Shard?
        /// Send the provider check's requests to this live server instead of the simulator (`--against`).
        public var against: URL?
        /// The vendor whose contract applies to every cassette (default: each cassette's own).
        public var contractVendor: String?
        /// Contract-check these files or folders instead of the cassettes root; flows are then not run.
        public var contractPaths: [URL]?
        /// Check only these flows (ids); cassettes no flow claims are then left out.
        public var flows: Set<String>?
        /// The PostgreSQL database the provider check's simulators keep their state in (`--state`), instead of a
        /// fresh in-memory store per flow: the run's own, each flow resets its vendor's tables there. Its opener
        /// closes it. Not used with ``against``.
        public var state: ProviderStateStore?
        /// Fields the provider check ignores per vendor besides the flow's and the cassette's; ``verify(_:progress:)``
        /// adds the `x-volatile` declarations of `Schemas/` (``VolatileFields``).
        public var vendorVolatile: [String: [FieldRule]] = [:]

        public init(
            checks: [CheckKind] = CheckKind.allCases, shard: Shard? = nil, against: URL? = nil,
            contractVendor: String? = nil, contractPaths: [URL]? = nil, flows: Set<String>? = nil,
            state: ProviderStateStore? = nil
        ) {
            self.state = state
            self.flows = flows
            self.checks = checks
            self.shard = shard
            self.against = against
            self.contractVendor = contractVendor
            self.contractPaths = contractPaths
        }
    }

    /// The recorder writing this engine's cassettes.
    public var recorder: FlowRecorder {
        FlowRecorder(simulators: simulators, cassettesRoot: cassettesRoot, flowTimeout: flowTimeout, jobs: concurrency)
    }

    /// Checks the selected flows and cassettes. A flow that throws, hangs or whose cassette cannot be parsed
    /// fails on its own; the others are checked all the same.
    ///
    /// - Throws: ``ContractError`` when the contract check is asked for and `Schemas/` does not load.
    /// - Parameter progress: called with (done, total) after each cassette the contract check reads.
    public func verify(
        _ options: Options = Options(), progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws(ContractError) -> FlowReport {
        // Before any flow opens SQLite (an SDK's event store, a simulator's state): see ``SQLiteProcess``.
        SQLiteProcess.prepare()
        let clock = ContinuousClock()
        let start = clock.now
        let checks = CheckKind.allCases.filter(options.checks.contains)
        var options = options
        if checks.contains(.provider) {
            options.vendorVolatile.merge(try VolatileFields.load(folder: schemasRoot)) { $0 + $1 }
        }
        let runsFlows = options.contractPaths == nil
        let selected =
            runsFlows
            ? catalog.indices.filter { index in
                (options.shard?.contains(index) ?? true) && (options.flows?.contains(catalog[index].id) ?? true)
            } : []
        let takesUnclaimed = (options.shard?.index ?? 1) == 1 && options.flows == nil
        let claimed = Set(catalog.map { flow in flow.cassetteURL(in: cassettesRoot).standardizedFileURL.path })

        var contract = ContractReport(cassettes: [], schemas: display(schemasRoot), vendors: [])
        // Loaded for the contract check, and for every flow's basis (the `x-source`s its cassette exercises);
        // without the contract check, Schemas/ that do not load leave each flow with its own facts alone.
        let registry =
            checks.contains(.contract)
            ? try SchemaRegistry(folder: schemasRoot) : try? SchemaRegistry(folder: schemasRoot)
        if checks.contains(.contract), let registry {
            contract.vendors = registry.vendors
            let check = ContractCheck(registry: registry)
            let mine = Set(selected.map { catalog[$0].cassetteURL(in: cassettesRoot).standardizedFileURL.path })
            let files = CassetteFiles.find(options.contractPaths ?? [cassettesRoot]).filter { file in
                options.contractPaths != nil || mine.contains(file.path)
                    || (!claimed.contains(file.path) && takesUnclaimed)
            }
            // The violations each flow commits on purpose, by its cassette's path.
            let expectations = Dictionary(
                catalog.map { ($0.cassetteURL(in: cassettesRoot).standardizedFileURL.path, $0.expectedViolations) },
                uniquingKeysWith: { first, _ in first })
            // Cassettes are read and checked ``concurrency`` at once; the report keeps the files' order.
            let done = Atomic(0)
            let vendor = options.contractVendor
            contract.cassettes = await FlowJobs.map(files, jobs: concurrency) { [self] file in
                defer { progress?(done.add(1, ordering: .relaxed).newValue, files.count) }
                let path = display(file)
                do {
                    var one = ContractReport(cassettes: [], schemas: "", vendors: [])
                    one.add(try InteractionCassette.read(file, displayPath: path, vendor: vendor), checkedBy: check)
                    one.expect(expectations[file.path] ?? [], inCassette: path)
                    return one.cassettes[0]
                } catch {
                    return ContractReport.Cassette(
                        path: path, vendor: vendor ?? "", entries: [], error: String(describing: error))
                }
            }
        }

        var orphans: [String] = []
        if runsFlows && takesUnclaimed {
            for vendor in Set(catalog.map(\.vendor)).sorted() {
                let folder = cassettesRoot.appendingPathComponent(vendor, isDirectory: true)
                for file in CassetteFiles.find([folder]) where !claimed.contains(file.path) {
                    orphans.append(display(file))
                }
            }
        }

        let results = await checkFlows(
            selected.map { catalog[$0] }, checks: checks, options: options, contract: contract, registry: registry)
        var report = FlowReport(
            flows: results, orphans: orphans, contract: contract, checks: checks, shard: options.shard,
            elapsed: start.duration(to: clock.now))
        if let registry {
            for vendor in Set(results.map(\.vendor)) {
                let declared = registry.xmlOperations(vendor: vendor)
                if !declared.isEmpty { report.declaredXMLOperations[vendor] = declared }
            }
        }
        return report
    }

    /// Checks flows in parallel (at most ``concurrency`` at once); results come back in catalog order. On a shared
    /// state store, where a vendor's flows take turns, they start spread over the vendors.
    private func checkFlows(
        _ flows: [Flow], checks: [CheckKind], options: Options, contract: ContractReport, registry: SchemaRegistry?
    ) async -> [FlowResult] {
        let takesTurns = options.state != nil && options.against == nil && checks.contains(.provider)
        let order = takesTurns ? ProviderStateStore.spread(flows.map(\.vendor)) : Array(flows.indices)
        let results = await FlowJobs.map(order, jobs: concurrency) { position in
            await check(flows[position], checks: checks, options: options, contract: contract, registry: registry)
        }
        var inCatalogOrder = results
        for (result, position) in zip(results, order) { inCatalogOrder[position] = result }
        return inCatalogOrder
    }

    /// The checks of one flow, and the facts it rests on.
    func check(
        _ flow: Flow, checks: [CheckKind], options: Options, contract: ContractReport, registry: SchemaRegistry?
    ) async -> FlowResult {
        let url = flow.cassetteURL(in: cassettesRoot)
        let file = display(url)
        let record = "swift run harness record \(flow.id)"
        guard FileManager.default.fileExists(atPath: url.path) else {
            let missing = "no cassette at \(file); record it: \(record)"
            return FlowResult(
                flow: flow, hasCassette: false, facts: flow.facts,
                checks: CheckKind.allCases.map { kind in
                    checks.contains(kind)
                        ? CheckResult(check: kind, status: .failed, failures: [missing])
                        : CheckResult(check: kind, status: .skipped)
                })
        }
        let cassette: Result<Cassette, CassetteError> = Result { () throws(CassetteError) in
            try Cassette(contentsOf: url)
        }
        var results: [CheckResult] = []
        let clock = ContinuousClock()
        for kind in CheckKind.allCases {
            guard checks.contains(kind) else {
                results.append(CheckResult(check: kind, status: .skipped))
                continue
            }
            let start = clock.now
            var failures: [String]
            switch (kind, cassette) {
            case (.contract, _):
                failures = contractFailures(file: file, in: contract)
            case (_, .failure(let error)):
                failures = ["cannot read the cassette: \(error.description); re-record it: \(record)"]
            case (.consumer, .success(let cassette)):
                failures = await ConsumerCheck.run(flow, cassette: cassette, file: file, timeout: flowTimeout)
            case (.provider, .success(let cassette)):
                do {
                    failures = try await FlowRunner.withTimeout(flowTimeout, flow: flow.id) { [simulators] in
                        try await ProviderCheck.run(
                            flow, cassette: cassette, file: file, simulators: simulators, against: options.against,
                            state: options.state, vendorVolatile: options.vendorVolatile[flow.vendor] ?? [])
                    }
                } catch {
                    failures = ["\(file): the provider check could not run: \(FlowFailure.describe(error))"]
                }
            }
            results.append(CheckResult.outcome(kind, failures, start.duration(to: clock.now)))
        }
        var facts = flow.facts
        var operations: [String] = []
        if case .success(let cassette) = cassette, let registry {
            let interactions = InteractionCassette(cassette, path: file, folderVendor: flow.vendor)
            for interaction in interactions.interactions {
                facts += registry.facts(of: interaction, vendor: interactions.vendor)
                if let operation = registry.xmlOperation(of: interaction, vendor: interactions.vendor) {
                    operations.append(operation)
                }
            }
        }
        return FlowResult(
            flow: flow, hasCassette: true, facts: facts, checks: results, xmlOperations: operations)
    }

    /// The contract violations of one cassette, one line per violating entry.
    private func contractFailures(file: String, in report: ContractReport) -> [String] {
        guard let cassette = report.cassettes.first(where: { $0.path == file }) else { return [] }
        if let error = cassette.error { return ["cannot read the cassette: \(error)"] }
        return cassette.entries.filter { !$0.violations.isEmpty }.map { entry in
            "\(file) entry \(entry.index) (\(entry.name))\n"
                + entry.violations.map { violation in
                    "  [\(violation.kind.rawValue)] \(violation.message)"
                        + (violation.schemaLocation.map { " (schema \($0))" } ?? "")
                }.joined(separator: "\n")
        }
    }

    /// `file` relative to ``displayRoot`` when under it.
    func display(_ file: URL) -> String {
        CassetteFiles.displayPath(file, relativeTo: displayRoot)
    }
}
