import ArgumentParser
import CassetteKit
import ContractKit
import Foundation
import LibXML
import MockServer

extension Harness {
    /// ArgumentParser's entry point, except that an input the command could not use (a cassette, schema or
    /// XML file that does not read, a cassette name that leaves its folder, a server that cannot start) ends
    /// with `error: <what and where>` and status 2, like `verify`'s own input errors, rather than status 1,
    /// which means "checked, and found problems".
    static func main() async {
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if let message = inputErrorMessage(error) {
                printError("error: \(message)")
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }

    /// The message of an error that means the command's input could not be used; nil for any other error.
    static func inputErrorMessage(_ error: any Error) -> String? {
        switch error {
        case let error as CassetteError: error.description
        case let error as ContractError: error.description
        case let error as XML.Error: error.description
        case let error as MockServerError: error.description
        default: nil
        }
    }
}
