import CassetteKit
import Foundation
import HarnessTesting
import Testing

@Suite("Cassette paths stay inside the cassette folder")
struct PathEscapeTests {
    @Test(
        "Names that climb out or are absolute are refused as names",
        arguments: ["../outside", "engage/../../outside", "/etc/passwd", "engage//login", "engage/.hidden", ""])
    func escapingNames(name: String) throws {
        try withTemporaryDirectory { folder in
            let store = CassetteStore(root: folder.url)
            #expect(throws: CassetteError.invalidName(name)) { try store.url(for: name) }
        }
    }

    @Test("A vendor folder that is a symbolic link to outside is refused, for reading and for saving")
    func symlinkedFolder() async throws {
        try await withTemporaryDirectory { outside in
            try await withTemporaryDirectory { folder in
                try FileManager.default.createSymbolicLink(
                    at: folder.appending("engage"), withDestinationURL: outside.url)
                try Cassette(flow: "login").encoded().write(to: outside.appending("login.har"))
                let store = CassetteStore(root: folder.url)
                #expect {
                    try store.url(for: "engage/login")
                } throws: { error in
                    guard case .outsideFolder(let name, let resolved, _) = error as? CassetteError else { return false }
                    return name == "engage/login" && resolved.hasSuffix("/login.har")
                        && "\(error)".contains("leads out of the cassette folder \(folder.url.path)")
                }
                await #expect(throws: CassetteError.self) { try await store.load("engage/login") }
                await #expect(throws: CassetteError.self) { try await store.save(Cassette(), as: "engage/new") }
                #expect(!FileManager.default.fileExists(atPath: outside.appending("new.har").path))
            }
        }
    }

    @Test("A cassette file that is a symbolic link to outside (or to nothing) is refused; one inside is fine")
    func symlinkedFile() throws {
        try withTemporaryDirectory { outside in
            try withTemporaryDirectory { folder in
                let engage = folder.appending("engage")
                try FileManager.default.createDirectory(at: engage, withIntermediateDirectories: true)
                try Cassette(flow: "secret").encoded().write(to: outside.appending("secret.har"))
                try FileManager.default.createSymbolicLink(
                    at: engage.appendingPathComponent("leak.har"), withDestinationURL: outside.appending("secret.har"))
                try FileManager.default.createSymbolicLink(
                    atPath: engage.appendingPathComponent("dangling.har").path,
                    withDestinationPath: "/nonexistent/x.har")
                try Cassette(flow: "login").encoded().write(to: engage.appendingPathComponent("login.har"))
                try FileManager.default.createSymbolicLink(
                    atPath: engage.appendingPathComponent("alias.har").path, withDestinationPath: "login.har")
                let store = CassetteStore(root: folder.url)
                for name in ["engage/leak", "engage/dangling"] {
                    #expect(Comment(rawValue: name)) {
                        try store.url(for: name)
                    } throws: { error in
                        if case .outsideFolder = error as? CassetteError { return true }
                        return false
                    }
                }
                #expect(try store.url(for: "engage/alias").lastPathComponent == "alias.har")
                #expect(try store.url(for: "engage/login").lastPathComponent == "login.har")
                #expect(try store.url(for: "engage/not-yet").lastPathComponent == "not-yet.har")
            }
        }
    }

    @Test("BoundedFile reads a small file whole and refuses a large or endless one without reading it all")
    func boundedReads() throws {
        try withTemporaryDirectory { folder in
            let small = folder.appending("small")
            try Data("hello".utf8).write(to: small)
            #expect(try BoundedFile.read(small, limit: 5) == .data(Data("hello".utf8)))
            #expect(try BoundedFile.read(small, limit: 4) == .tooLarge(bytes: 5))
            #expect(try BoundedFile.read(URL(fileURLWithPath: "/dev/zero"), limit: 1 << 16) == .tooLarge(bytes: nil))
            #expect(throws: (any Error).self) { try BoundedFile.read(folder.appending("missing"), limit: 5) }
            // Larger than any one read of the pipe or page cache, and every byte in place.
            let large = folder.appending("large")
            let bytes = Data((0..<(3 << 20) + 7).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            try bytes.write(to: large)
            #expect(try BoundedFile.read(large, limit: bytes.count) == .data(bytes))
            #expect(try BoundedFile.read(large, limit: bytes.count - 1) == .tooLarge(bytes: bytes.count))
            // A folder opens but does not read: the error says so, and a cassette read names it.
            #expect(throws: POSIXError(.EISDIR)) { try BoundedFile.read(folder.url, limit: 5) }
            #expect(throws: CassetteError.unreadable(file: folder.url.path, reason: "Is a directory")) {
                try Cassette(contentsOf: folder.url)
            }
        }
    }
}
