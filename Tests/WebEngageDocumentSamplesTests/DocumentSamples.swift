// swift-format-ignore-file
// (the page's samples are kept as the page prints them)
import Foundation
import WebEngageSDK
import JSONCore

// The Swift samples of WebEngage's "App In-line Content" page (iOS), verbatim inside the classes that hold them.
// UIKit does not exist here, so `UIKitStandIns.swift` declares the few UIKit names the samples mention
// (`UIViewController`, `UIResponder`, `UIApplicationDelegate`, `UIApplication`) as empty stand-ins. Edits, each one:
// - `import PersonalizationSDK` is `import WebEngageSDK` (the module's name in this package).
// - `WebEngage.sharedInstance().application(application, didFinishLaunchingWithOptions: launchOptions)` is
//   commented out: the core SDK's UIKit launch hook (UIKit-only); the tests configure the core instead.
// - `@Override` (a Java annotation, a typographic error on an iOS page) is dropped, four times.
// - `onPlaceholderException` and `onCampaignException` get the opening `{` their signatures lack (typographic).
// - `@IBOutlet` is dropped from the two outlets (Interface Builder only; it needs Objective-C); the test assigns
//   the outlets, as Interface Builder would, and keeps the views alive, as the view hierarchy would.

/// Initialization (AppDelegate).
class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {

        // Webengage integration
        // WebEngage.sharedInstance().application(application, didFinishLaunchingWithOptions: launchOptions)
        // WEpersonalization SDK init
        WEPersonalization.shared.initialise()
        return true
    }
}

/// Configuring property in your application; Tag your screen; Callbacks; Unregister the callbacks.
class InlineViewController: UIViewController, WEPlaceholderCallback, WECampaignCallback {
    // Creating outlet of the WEInlineView
    weak var inlinePlaceholderView: WEInlineView!
    let iosPropertyId = 1002
    let ios_property_id = 1002
    let calls = Locked<[String]>([])

    func setExpectedHeight() {
        //. . .
        // Setting expected height for the view
        inlinePlaceholderView.WEGExpHeight = 180
    }

    func viewDidLoad() {
        WEPersonalization.shared.registerWECampaignCallback(self)
    }

    override func viewWillAppear(_ animated: Bool) {
      	//Tagging your screen
         WebEngage.sharedInstance().analytics.navigatingToScreen(withName: "Screen_Name")
      	 // registering for the callback
         WEPersonalization.shared.registerWEPlaceholderCallback(iosPropertyId,self)
    }

    override func viewWillDisappear(_ animated: Bool) {

    //Unregister Placeholder callback
     WEPersonalization.shared.unregisterWEPlaceholderCallback(ios_property_id)

    //Unregister Campaign callback
    WEPersonalization.shared.unregisterWECampaignCallback(self)
    }

    public func onDataReceived(_ data: WEGCampaignData) {
      //Build your own UI using the data
        calls.withLock { $0.append("onDataReceived") }
    }

    public func onRendered(data: WEGCampaignData) {
     // This will be executed when a placeholder view with campaign will be shown
        calls.withLock { $0.append("onRendered") }
    }

    public func onPlaceholderException(_ campaignId: String?,
                                       _ targetViewId: String,
                                       _ exception: Error) {
           // This will executed once exception occured
        calls.withLock { $0.append("onPlaceholderException") }
    }

    func onCampaignPrepared(_ data: WEGCampaignData) -> WEGCampaignData {
      // You will get data received for campaign
        calls.withLock { $0.append("onCampaignPrepared") }
      return data
    }

    func onCampaignShown(data: WEGCampaignData) {
      //Campaign Shown
        calls.withLock { $0.append("onCampaignShown") }
    }

    func onCampaignClicked(actionId: String,
                           deepLink: String,
                           data: WEGCampaignData) -> Bool{
          // Returning true would not redirect automatically to action Url. Write your redirection code here and return false.
          // Returning false would open Action Url in Browser
        calls.withLock { $0.append("onCampaignClicked \(actionId) \(deepLink)") }
        return false;
    }

    func onCampaignException(_ campaignId: String?,
                             _ targetViewId: String,
                            _ exception: Error) {
      // Exception occurred
        calls.withLock { $0.append("onCampaignException") }
    }
}

/// Tag your screen (the first sample).
class TaggedViewController: UIViewController {
    override func viewWillAppear(_ animated: Bool) {
        WebEngage.sharedInstance().analytics.navigatingToScreen(withName: "screen_name")
        //Callbacks to be configured after screen navigation step.
    }
}

/// Advance ways, 1. TableView: a cell's WEInlineView loaded with a tag.
class InlineCell: UITableViewCell, WEPlaceholderCallback {
    weak var inlineView: WEInlineView!
    let rendered = Locked(0)

    func onRendered(data: WEGCampaignData) { rendered.withLock { $0 += 1 } }
}

/// The `cellForRowAt` line.
func loadCell(_ cell: InlineCell) {
    cell.inlineView.load(tag:1, callbacks:cell);
}

/// Advance ways, 2. Custom views; Record Viewed Impression; Record Click Impression.
class CustomViewController: UIViewController, WEPlaceholderCallback {
    let weAnalytics: WEAnalytics? = WebEngage.sharedInstance().analytics
    let iosPropertyId = 1003
    let received = Locked<[WEGCampaignData]>([])

    override func viewWillAppear(_ animated: Bool) {
      weAnalytics?.navigatingToScreen(withName: "screen")
      WEPersonalization.shared.registerWEPlaceholderCallback(iosPropertyId, self)
     }

    func onDataReceived(_ data: WEGCampaignData) {
        received.withLock { $0.append(data) }
        //attributes: any custom dictionary [:] of data you want to record with this event
        //data: WEGCampaignData
        data.trackImpression(attributes: nil)
    }

    func userClicked() {
        guard let data = received.withLock({ $0.first }) else { return }
        //attributes: any custom dictionary [:] of data you want to record with this event
        //data: WEGCampaignData
        data.trackClick(attributes: nil)
    }
}
