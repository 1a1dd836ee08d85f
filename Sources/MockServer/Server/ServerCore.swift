import CassetteKit
import Foundation
import JSONCore
import Logging
import Synchronization

/// Everything a running server shares between connections: the simulators, the cassettes, the fault rules,
/// the journal and the current mode.
final class ServerCore: Sendable {
    let configuration: MockServerConfiguration
    let simulators: SimulatorHost
    let library: CassetteLibrary
    let faultRules = FaultRules()
    let journal: RequestJournal
    /// The live contract check and the journal's redaction.
    let inspection: LiveInspection
    /// The live check's records of exchanges seen before (a simulator's repeated answers).
    let exchanges = ExchangeMemo()
    let injector: FaultInjector
    let logger: Logger
    let now: @Sendable () -> Date
    /// The `Date` header of answers written on the event loop.
    let dates = HTTPDate()
    /// Where requests answered on the event loop went (``ImmediateReplay``).
    let replayMemo = ImmediateMemo()
    /// Replay hits and kept simulator reads answered on the event loop (``ImmediateReplay``).
    let eventLoopHits = Atomic<Int>(0)
    /// Those of ``eventLoopHits`` answered from the connection's bytes (``WireReplay``).
    let wireHits = Atomic<Int>(0)
    /// Simulator calls worked out on the event loop, not counted in ``eventLoopHits``
    /// (``SimulatorHost/respondNow(vendor:to:)``).
    let eventLoopCalls = Atomic<Int>(0)
    /// Set while the server runs in a proxying mode (or may switch to one).
    let proxy = Locked<RecordingProxy?>(nil)
    private let modeIndex: Atomic<Int>
    private let generator: Locked<SeededGenerator>

    init(
        configuration: MockServerConfiguration, simulators: SimulatorHost, logger: Logger,
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date
    ) {
        self.configuration = configuration
        self.simulators = simulators
        journal = RequestJournal(
            capacity: max(1, configuration.journalCapacity), byteCapacity: configuration.journalByteCapacity)
        inspection = LiveInspection(check: configuration.contractCheck, strict: configuration.strictContract)
        self.logger = logger
        self.now = now
        library = CassetteLibrary(directory: configuration.cassettesDirectory, logger: logger)
        injector = FaultInjector(clock: clock)
        modeIndex = Atomic(ServerMode.allCases.firstIndex(of: configuration.mode)!)
        generator = Locked(SeededGenerator(seed: configuration.faultSeed))
    }

    var mode: ServerMode { ServerMode.allCases[modeIndex.load(ordering: .relaxed)] }

    /// Switches the mode; the proxying modes need an upstream.
    func setMode(_ mode: ServerMode) throws(MockServerError) {
        if mode.proxies, configuration.upstream == nil { throw .missingUpstream(mode: mode) }
        modeIndex.store(ServerMode.allCases.firstIndex(of: mode)!, ordering: .relaxed)
        logger.notice("mode changed", metadata: ["mode": "\(mode)"])
    }

    /// The vendors the server answers for: simulators, cassette folders, and those the configuration names.
    var vendors: [String] {
        var names = Set(simulators.vendors).union(library.vendors)
        if let vendor = configuration.vendor { names.insert(vendor) }
        if let cassette = configuration.cassette, let name = try? CassetteName(cassette, vendor: configuration.vendor) {
            names.insert(name.vendor)
        }
        return names.sorted()
    }

    /// Whether `vendor` is one the server answers for (cheap for simulated vendors).
    func knows(_ vendor: String) -> Bool {
        simulators.simulators[vendor] != nil || library.hasVendor(vendor) || vendors.contains(vendor)
    }

    /// Whether the current mode answers requests under `/<vendor>`: simulate needs a simulator, replay a
    /// simulator or cassettes, and the proxying modes take any vendor name (recording creates its folder).
    func serves(_ vendor: String) -> Bool {
        switch mode {
        case .simulate: simulators.simulators[vendor] != nil
        case .replay: knows(vendor)
        case .record, .spy: true
        }
    }

    /// The vendors the current mode answers for, for the unknown-vendor error.
    var servedVendors: [String] { mode == .simulate ? simulators.vendors : vendors }

    /// The fault decision for a plan, drawing from the server's seeded generator.
    func decide(_ plan: FaultPlan) -> FaultDecision? {
        generator.withLock { plan.decide(using: &$0) }
    }

    /// Resets simulator state and replays cassettes from the start, for one vendor or all.
    func reset(vendor: String?) async throws {
        if let vendor, !knows(vendor) { throw MockServerError.unknownVendor(vendor, known: vendors) }
        if vendor == nil || simulators.simulators[vendor!] != nil {
            try await simulators.reset(vendor: vendor)
        }
        library.rewind(vendor: vendor)
        logger.info("reset", metadata: ["vendor": "\(vendor ?? "all")"])
    }
}
