import ContractKit
/// The WalkMe flows: the campaign callbacks page (every CTA kind, surveys, user data) on top of the SDK's start,
/// sessions, triggers and content protocol, every error case, and the analytics of a session.
public enum WalkMeFlows {
    public static var all: [Flow] { callbacks + triggers + sessions + errors }

    /// What the flows whose content comes from the settings and data file rest on.
    static let assumedContent: [Fact] = [
        .assumed(
            "WalkMe's content protocol (settings, data file, token, events) is not public; Schemas/walkme defines it once"
        )
    ]
}
