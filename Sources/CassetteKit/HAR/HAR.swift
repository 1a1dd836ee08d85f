/// The HAR 1.2 object model (<http://www.softwareishard.com/blog/har-12-spec/>), one small type per HAR object.
///
/// Every type keeps the members it does not model in `extensions` (custom `_`-prefixed fields such as Chrome's
/// `_initiator`, or an explicit `null`), so a cassette read and written again keeps them. The harness's own
/// extension, `_harness`, is modelled by ``HarnessExtension``.
public enum HAR {
    /// The HAR version this package writes.
    public static let version = "1.2"
}
