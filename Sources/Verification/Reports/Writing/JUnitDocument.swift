import Foundation
import LibXML

/// A JUnit XML report as a tree, built with LibXML's element builder rather than by concatenating strings: every
/// name and message is escaped once, in one place, and the counts on `<testsuites>` and each `<testsuite>` are
/// computed from the test cases, so they cannot disagree with them.
///
/// Characters XML 1.0 forbids (control characters other than tab, newline and carriage return; U+FFFE, U+FFFF)
/// become U+FFFD, because CI tools reject the character references a generic serializer writes for them.
public struct JUnitDocument: Sendable {
    /// One `<testcase>`.
    public struct TestCase: Sendable {
        /// What happened to the test case.
        public enum Outcome: Sendable {
            /// It held: an empty `<testcase/>`.
            case passed
            /// A `<failure type message>` whose text is `details`.
            case failure(type: String, message: String, details: String)
            /// An `<error type message>` (the test could not run) whose text is `details`.
            case error(type: String, message: String, details: String)
            /// A `<skipped message>`.
            case skipped(message: String)
        }

        /// The `classname` attribute (CI tools group by it).
        public var className: String
        /// The `name` attribute.
        public var name: String
        /// The `time` attribute, when measured.
        public var time: Duration?
        /// What happened.
        public var outcome: Outcome

        /// A test case of `className` named `name`.
        public init(className: String, name: String, time: Duration? = nil, outcome: Outcome = .passed) {
            self.className = className
            self.name = name
            self.time = time
            self.outcome = outcome
        }
    }

    /// One `<testsuite>`.
    public struct Suite: Sendable {
        /// The `name` attribute.
        public var name: String
        /// The `time` attribute, when measured, in seconds.
        public var seconds: Double?
        /// Its test cases, in order.
        public var cases: [TestCase]

        /// A suite named `name` holding `cases`.
        public init(name: String, seconds: Double? = nil, cases: [TestCase] = []) {
            self.name = name
            self.seconds = seconds
            self.cases = cases
        }

        var failures: Int { cases.count { if case .failure = $0.outcome { true } else { false } } }
        var errors: Int { cases.count { if case .error = $0.outcome { true } else { false } } }
        var skipped: Int { cases.count { if case .skipped = $0.outcome { true } else { false } } }
    }

    /// The `name` attribute of `<testsuites>`, e.g. `harness verify`.
    public var name: String
    /// The suites, in order.
    public var suites: [Suite]

    /// A document named `name` holding `suites`.
    public init(name: String, suites: [Suite] = []) {
        self.name = name
        self.suites = suites
    }

    /// The number of `<failure>` test cases in all suites.
    public var failures: Int { suites.reduce(0) { $0 + $1.failures } }
    /// The number of `<error>` test cases in all suites.
    public var errors: Int { suites.reduce(0) { $0 + $1.errors } }
    /// The number of test cases in all suites.
    public var tests: Int { suites.reduce(0) { $0 + $1.cases.count } }

    /// The document as UTF-8 XML text with its declaration, indented, ending in a newline.
    public func rendered() -> String {
        let root = XML.Element(
            "testsuites",
            attributes: [
                .init("name", Self.clean(name)), .init("tests", String(tests)), .init("failures", String(failures)),
                .init("errors", String(errors)),
            ],
            elements: suites.map(Self.element))
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + root.serialized(indented: true) + "\n"
    }

    private static func element(_ suite: Suite) -> XML.Element {
        var attributes: [XML.Attribute] = [
            .init("name", clean(suite.name)), .init("tests", String(suite.cases.count)),
            .init("failures", String(suite.failures)), .init("errors", String(suite.errors)),
        ]
        if suite.skipped > 0 { attributes.append(.init("skipped", String(suite.skipped))) }
        if let seconds = suite.seconds { attributes.append(.init("time", format(seconds))) }
        return XML.Element("testsuite", attributes: attributes, elements: suite.cases.map(element))
    }

    private static func element(_ test: TestCase) -> XML.Element {
        var attributes: [XML.Attribute] = [.init("classname", clean(test.className)), .init("name", clean(test.name))]
        if let time = test.time {
            let parts = time.components
            attributes.append(.init("time", format(Double(parts.seconds) + Double(parts.attoseconds) / 1e18)))
        }
        var element = XML.Element("testcase", attributes: attributes)
        switch test.outcome {
        case .passed:
            break
        case .failure(let type, let message, let details):
            element.append(outcome("failure", type: type, message: message, details: details))
        case .error(let type, let message, let details):
            element.append(outcome("error", type: type, message: message, details: details))
        case .skipped(let message):
            element.append(XML.Element("skipped", attributes: [.init("message", clean(message))]))
        }
        return element
    }

    private static func outcome(_ name: String, type: String, message: String, details: String) -> XML.Element {
        let attributes: [XML.Attribute] = [.init("type", clean(type)), .init("message", clean(message))]
        return details.isEmpty
            ? XML.Element(name, attributes: attributes)
            : XML.Element(name, text: clean(details), attributes: attributes)
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.3f", seconds.isFinite ? max(0, seconds) : 0)
    }

    /// `text` with every character XML 1.0 cannot hold replaced by U+FFFD.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !allowed($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(allowed(scalar) ? scalar : "\u{FFFD}") }
        return String(result)
    }

    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0xFFFE, 0xFFFF: false
        default: scalar.value >= 0x20
        }
    }
}
