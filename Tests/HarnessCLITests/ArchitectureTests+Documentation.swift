import Foundation
import HarnessTesting
import Testing

extension ArchitectureTests {
    /// The library products whose every public symbol carries a doc comment.
    static let documentedModules = [
        "CassetteKit", "ContractKit", "MockServer", "HarnessTesting", "ReferralHeroSDK", "WalkMeSDK", "WebEngageSDK",
        "AdaptySDK", "EngageSDK",
    ]

    @Test("Every public declaration of the library modules and of five SDKs has a doc comment")
    func publicAPIDocumented() throws {
        let root = try RepositoryRoot.url()
        var undocumented: [String] = []
        var checked = 0
        for module in Self.documentedModules {
            let folder = root.appendingPathComponent("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                let path = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                checked += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                undocumented += PublicDeclarations.undocumented(in: text).map { "\(path):\($0)" }
            }
        }
        #expect(checked > 100)
        #expect(
            undocumented.isEmpty,
            "add a /// comment (what it is, the unit, the edge case) above: \(undocumented.joined(separator: ", "))")
    }

    @Test("The doc-comment reader finds public declarations and enum cases, past attributes, and skips the rest")
    func documentationReaderSelfCheck() {
        let sample = """
            public import Foundation

            /// Documented.
            public struct A {
                public var b: Int
                /// Documented, past an attribute.
                @discardableResult
                public func c() -> Int { 0 }
                var internalOne = 0
            }

            extension A {
                public static let d = 1
            }

            public enum E {
                case undocumented
                /// Documented.
                case documented
                func f(_ e: E) {
                    switch e {
                    case .undocumented: break
                    case .documented: break
                    }
                }
            }
            """
        #expect(PublicDeclarations.undocumented(in: sample) == [5, 13, 16, 17])
    }
}

/// Finds public declarations (and the cases of public enums) without a `///` comment directly above them, attributes
/// between allowed. `public import` and extension lines are not declarations that need one. Relies on the
/// formatter's 4-space indentation to tell an enum's cases from `switch` cases.
enum PublicDeclarations {
    /// The 1-based line numbers of the undocumented declarations in `text`.
    static func undocumented(in text: String) -> [Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var declarations = Set<Int>()
        let publicDeclaration = /\s*(@\w+(\([^)]*\))?\s+)*public\s.*/
        let publicEnum = /\s*public (indirect )?enum .*/
        for (index, line) in lines.enumerated() where SourceScan.has(line[...], "public") {
            let words = line.split(separator: " ")
            if line.wholeMatch(of: publicDeclaration) != nil, !words.contains("import"), !words.contains("extension") {
                declarations.insert(index)
            }
            if line.wholeMatch(of: publicEnum) != nil {
                declarations.formUnion(caseLines(ofEnumAt: index, in: lines))
            }
        }
        return declarations.sorted().filter { !documented(at: $0, in: lines) }.map { $0 + 1 }
    }

    /// The lines of the enum declared at `start` that declare its cases: `case` one level deeper than the enum.
    private static func caseLines(ofEnumAt start: Int, in lines: [String]) -> [Int] {
        let indent = indentation(lines[start])
        var cases: [Int] = []
        for index in lines.indices.dropFirst(start + 1) {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            if !trimmed.isEmpty, indentation(line) <= indent { break }
            if indentation(line) == indent + 4, trimmed.hasPrefix("case ") { cases.append(index) }
        }
        return cases
    }

    private static func documented(at index: Int, in lines: [String]) -> Bool {
        var above = index - 1
        while above >= 0, lines[above].drop(while: { $0 == " " }).hasPrefix("@") { above -= 1 }
        return above >= 0 && lines[above].drop(while: { $0 == " " }).hasPrefix("///")
    }

    private static func indentation(_ line: String) -> Int {
        line.prefix { $0 == " " }.count
    }
}
