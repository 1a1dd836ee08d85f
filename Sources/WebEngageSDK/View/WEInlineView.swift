import JSONCore

/// A headless placeholder view: the model of the UIKit view whose `tag` is a property's iOS id. The SDK renders
/// Banner and Text campaigns (or the property's default content) into ``displayed``; ``click(actionId:)`` is a
/// tap on it.
///
/// A view is on screen from ``attach()`` (or ``load(tag:callbacks:)``) until ``removeFromSuperview()``.
public final class WEInlineView: Sendable {
    /// What the view shows.
    public enum Displayed: Sendable {
        /// Nothing: no campaign yet, or none for this screen.
        case nothing
        /// A Banner or Text campaign the SDK rendered.
        case campaign(WECampaignData)
        /// The property's default content (no campaign, or the campaign failed).
        case defaultContent(WECampaignContent)
    }

    private struct State {
        var tag: Int
        var expectedHeight: Double = 0
        var displayed: Displayed = .nothing
        var attached = false
    }

    private let state: Locked<State>
    private let personalization: WEPersonalization

    /// A view for the property `tag` (0: none yet, as in a table cell before ``load(tag:callbacks:)``).
    public init(tag: Int = 0, personalization: WEPersonalization = .shared) {
        state = Locked(State(tag: tag))
        self.personalization = personalization
    }

    /// The property id the view shows.
    public var tag: Int {
        get { state.withLock { $0.tag } }
        set { state.withLock { $0.tag = newValue } }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The height the campaign is rendered in (the vendor's spelling).
    public var WEGExpHeight: Double {
        get { state.withLock { $0.expectedHeight } }
        set { state.withLock { $0.expectedHeight = newValue } }
    }

    /// What the view shows now.
    public var displayed: Displayed { state.withLock { $0.displayed } }

    /// Whether the view is on the current screen.
    public var isAttached: Bool { state.withLock { $0.attached } }

    /// Puts the view on the screen (what adding it to a view controller's hierarchy does).
    public func attach() {
        state.withLock { $0.attached = true }
        personalization.attach(self)
    }

    /// Takes the view off the screen; a campaign arriving later for its tag raises `missingTargetView`.
    public func removeFromSuperview() {
        state.withLock {
            $0.attached = false
            $0.displayed = .nothing
        }
        personalization.detach(self)
    }

    /// Shows the campaign of property `tag` in this view and reports it to `callbacks` (a reused table cell
    /// loads the tag of its new row).
    public func load(tag: Int, callbacks: any WEPlaceholderCallback) {
        let previous = state.withLock { state -> Int in
            defer {
                state.tag = tag
                state.attached = true
                state.displayed = .nothing
            }
            return state.tag
        }
        personalization.load(self, tag: tag, previousTag: previous, callbacks: callbacks)
    }

    /// A tap on the rendered campaign: on the action `actionId`, or the campaign's first action.
    public func click(actionId: String? = nil) {
        guard case .campaign(let data) = displayed else { return }
        personalization.click(data, actionId: actionId)
    }

    func show(_ displayed: Displayed) {
        state.withLock { $0.displayed = displayed }
    }
}
