import ArgumentParser
import LibXML
import Logging

extension Harness {
    struct Version: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "version",
            abstract: "Print the version of harness and of the libraries it links.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let logger = global.bootstrap()
            logger.info("reporting versions")
            print("harness \(Harness.version)")
            print("libxml2 \(XML.libraryVersion)")
        }
    }
}
