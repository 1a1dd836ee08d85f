/// The WebEngage flows (the App In-line Content page, iOS; protocols/vendors.md §3): each template type through its
/// lifecycle, stopping the render, clicks, impressions, the four exceptions with and without default content, and
/// journeys over screens. The property configuration call and the event upload are assumed (vendors.md §3.3, §3.4).
public enum WebEngageFlows {
    public static var all: [Flow] { lifecycles + tracking + exceptions + journeys }
}
