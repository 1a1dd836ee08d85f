internal import CLibXML2

/// The namespace of the LibXML wrapper: a thin, safe Swift layer over libxml2.
///
/// ## Thread safety
///
/// - libxml2 is initialised exactly once per process (``XML/initialize()``, called by every entry point),
///   before any parser, XPath or schema call, including the built-in XSD type table that libxml2 would
///   otherwise build lazily and racily. That makes libxml2's global tables (dictionaries, encoding
///   handlers, default error handlers) safe to use from many threads at once.
/// - ``XML/Document`` is immutable after parsing: no API of this module mutates its libxml2 tree, and
///   every XPath query creates its own `xmlXPathContext`. A document may therefore cross tasks (`Sendable`)
///   and be queried concurrently.
/// - ``XML/Schema`` is immutable after compiling; each validation uses a `xmlSchemaValidCtxt` of its own (new,
///   or an idle one taken from the schema's pool and put back after), never shared, so one schema validates
///   documents from many tasks at once. Parser contexts are pooled the same way (``XML/ContextPool``).
/// - ``XML/Element`` and the other builder values are plain Swift values and are `Sendable`.
/// - Error callbacks are per context (`xmlSchemaSetParserStructuredErrors`,
///   `xmlSchemaSetValidStructuredErrors`) and write into a box owned by one call; no global handler is
///   installed, so concurrent calls never see each other's errors.
public enum XML {
    /// Initialises libxml2 once per process. Every entry point calls it; calling it again is free.
    public static func initialize() {
        _ = initialized
    }

    private static let initialized: Bool = {
        xmlInitParser()
        // libxml2 2.9 builds its table of built-in XSD types lazily, on the first schema compile, without a
        // lock: two schemas compiling at once on two threads both build it and one copy leaks (seen under
        // LeakSanitizer). Building it here, once, before any schema work, closes that race.
        xmlSchemaInitTypes()
        return true
    }()

    /// The version of the libxml2 library linked at run time, such as `2.9.14`.
    public static var libraryVersion: String {
        initialize()
        guard let version = clibxml2_runtime_version() else { return "unknown" }
        let number = Int(String(cString: version)) ?? 0
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }
}
