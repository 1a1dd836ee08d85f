/// The Silverpop Engage flows (protocols/engage.md). Each flow is a `static let` in a file of this folder,
/// listed here.
public enum EngageFlows {
    public static var all: [Flow] { [] }
}
