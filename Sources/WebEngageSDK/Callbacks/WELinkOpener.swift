public import Foundation

/// Opens a campaign's deep link when the app's `onCampaignClicked` returns `false` (on iOS, `UIApplication.open`).
public struct WELinkOpener: Sendable {
    let open: @Sendable (URL) -> Void

    /// An opener that calls `open`.
    public static func custom(_ open: @escaping @Sendable (URL) -> Void) -> WELinkOpener {
        WELinkOpener(open: open)
    }

    /// An opener that opens nothing (headless runs).
    public static let none = WELinkOpener { _ in }
}
