import Foundation
import JSONCore
import Synchronization
import Testing
import WalkMeSDK

@Suite("WMFileContentStore")
struct ContentStoreTests {
    @Test("The file store keeps the data file, token and capping across instances; offline starts read it")
    func roundTrip() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walkme-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("walkme.json")
        let store = WMFileContentStore(url: url)
        #expect(try store.load() == WMStoredContent())
        let saved = WMStoredContent(
            settings: ["killSwitch": false], dataFile: ["version": 1, "campaigns": []],
            savedAt: Date(timeIntervalSince1970: 1_767_225_600), accessToken: "t-1", impressions: ["c-1": 2],
            neverShow: ["c-2"])
        try store.save(saved)
        #expect(try WMFileContentStore(url: url).load() == saved)
    }

    @Test("An offline relaunch on a file store uses the data file the first launch stored")
    func offlineRelaunch() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("walkme-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = WMFileContentStore(url: folder.appendingPathComponent("walkme.json"))
        let online = try FakeWalkMe.standard()
        let first = WalkMe(
            environment: WalkMeEnvironment(
                transport: online, baseURL: URL(string: "https://walkme.test")!, store: store,
                device: .fixed(Harness.device)))
        try await first.start(options: Harness.options)
        let offline = try FakeWalkMe.standard()
        offline.offline.withLock { $0 = true }
        let second = WalkMe(
            environment: WalkMeEnvironment(
                transport: offline, baseURL: URL(string: "https://walkme.test")!, store: store,
                device: .fixed(Harness.device)))
        #expect(try await second.start(options: Harness.options).contentSource == .offlineCache)
    }
}
