import CassetteKit
import Foundation
import Logging
import Synchronization

/// Records proxied exchanges through CassetteKit: one `CassetteRecorder` per cassette over one
/// `CassetteStore`, so writes are redacted, atomic and safe under concurrent requests. Record mode re-records
/// a cassette (`all`); spy mode appends new episodes. Tracks the exchanges in flight so shutdown can wait for
/// them and flush.
actor ExchangeRecorder {
    let store: CassetteStore
    let mode: RecordMode
    let logger: Logger
    private var recorders: [CassetteName: CassetteRecorder] = [:]
    private var inFlight: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0

    init(directory: URL, serverMode: ServerMode, logger: Logger) {
        store = CassetteStore(root: directory)
        mode = serverMode == .record ? .all : .newEpisodes
        self.logger = logger
    }

    /// The recorder of `cassette`, opened on first use.
    func recorder(for cassette: CassetteName) async throws(CassetteError) -> CassetteRecorder {
        if let recorder = recorders[cassette] { return recorder }
        let settings = HarnessExtension(flow: cassette.flow, vendor: cassette.vendor)
        let recorder = try await CassetteRecorder(
            cassette: cassette.description, store: store, mode: mode, settings: settings)
        if let raced = recorders[cassette] { return raced }
        recorders[cassette] = recorder
        return recorder
    }

    /// Runs `work` as an exchange in flight.
    func track(_ work: @escaping @Sendable () async -> Void) {
        let id = nextTask
        nextTask += 1
        inFlight[id] = Task {
            await work()
            self.finished(id)
        }
    }

    private func finished(_ id: Int) {
        inFlight[id] = nil
    }

    /// Waits for the exchanges in flight, then until every recorded interaction is on disk.
    func flush() async {
        while let (_, task) = inFlight.first {
            await task.value
        }
        for (name, recorder) in recorders {
            do {
                try await recorder.finish()
            } catch {
                logger.error("cassette not written", metadata: ["cassette": "\(name)", "error": "\(error)"])
            }
        }
    }
}
