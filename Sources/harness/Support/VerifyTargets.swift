import ArgumentParser
import FlowCatalog
import Foundation

/// What `harness verify`'s arguments name: cassette files or folders (contract check only), or vendors and
/// flow ids (those flows, all three checks). Paths win: an argument naming an existing file is a path.
struct VerifyTargets {
    /// Existing files or folders.
    var files: [URL] = []
    /// The flow ids named directly or through their vendor; nil when no vendor or flow was named.
    var flows: Set<String>?

    /// Reads the arguments; an argument that is neither an existing path, a vendor nor a flow id ends the
    /// command with status 2 and the list of vendors.
    init(arguments: [String], catalog: [Flow]) throws {
        var flows: Set<String> = []
        var unknown: [String] = []
        let vendors = catalog.reduce(into: [String]()) { if !$0.contains($1.vendor) { $0.append($1.vendor) } }
        for argument in arguments {
            if Self.isPath(argument) {
                files.append(URL(fileURLWithPath: argument))
            } else if let flow = catalog.first(where: { $0.id == argument }) {
                flows.insert(flow.id)
            } else if vendors.contains(argument) {
                flows.formUnion(catalog.filter { $0.vendor == argument }.map(\.id))
            } else {
                unknown.append(argument)
            }
        }
        if !unknown.isEmpty {
            printError(
                "error: \(unknown.map { "'\($0)'" }.joined(separator: ", ")) "
                    + "\(unknown.count == 1 ? "is" : "are") neither a vendor, a flow id nor an existing file or "
                    + "folder.\n  vendors: \(vendors.joined(separator: ", "))\n"
                    + "  flow ids are vendor/name: harness flows lists them")
            throw ExitCode(2)
        }
        if !files.isEmpty, !flows.isEmpty {
            throw ValidationError(
                "give either vendors and flow ids (run those flows) or cassette files and folders (contract check "
                    + "only), not both")
        }
        self.flows = flows.isEmpty ? nil : flows
    }

    /// An existing file or folder, or something only a path looks like (`x.har`, `/…`, `./…`): a missing one
    /// is then reported as an unreadable cassette.
    static func isPath(_ argument: String) -> Bool {
        FileManager.default.fileExists(atPath: argument) || argument.hasSuffix(".har")
            || ["/", "./", "../", "~"].contains { argument.hasPrefix($0) }
    }
}
