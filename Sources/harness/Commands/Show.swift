import ArgumentParser
import CassetteKit
import Foundation

extension Harness {
    /// `harness show <cassette>`: a cassette for review.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Print a cassette's interactions, bodies decoded, JSON formatted and XML indented."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "A cassette file, or a name such as engage/login (looked up in --cassettes).")
        var cassette: String

        @Option(help: "The cassette folder, for names.")
        var cassettes = "Cassettes"

        @Option(help: "Cut bodies longer than this many characters (0: never).")
        var bodyLimit = 0

        func run() throws {
            _ = global.bootstrap()
            let url = try Self.locate(cassette, in: cassettes)
            let loaded = try Cassette(contentsOf: url)
            print(InteractionRenderer(bodyLimit: bodyLimit).render(loaded, source: url.path), terminator: "")
        }

        /// A path as given when the file exists, else the name under the cassette folder.
        static func locate(_ argument: String, in folder: String) throws -> URL {
            if FileManager.default.fileExists(atPath: argument) { return URL(fileURLWithPath: argument) }
            return try CassetteStore(root: URL(fileURLWithPath: folder, isDirectory: true)).url(for: argument)
        }
    }
}
