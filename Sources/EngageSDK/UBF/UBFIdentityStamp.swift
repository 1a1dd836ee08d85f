/// The identity an event is posted with: events tracked before the app identified its user carry an empty
/// `Primary User Id` (and often `Recipient Id`); at post time they get the stored ones. A value the event already
/// has, the app's own included, is kept.
struct UBFIdentityStamp: Sendable {
    static let primaryUserID = "Primary User Id"
    static let recipientID = "Recipient Id"

    var mobileUserID: String
    var recipientID: String

    /// `json` (an event as the store keeps it) with the empty identity attributes filled in; unchanged when there is
    /// nothing to fill or it cannot be read.
    func stamp(_ json: String, includingID: Bool) -> String {
        guard json.contains(#""value":"""#), var event = try? UBFEvent(json: json) else { return json }
        var changed = false
        for (name, value) in [(Self.primaryUserID, mobileUserID), (Self.recipientID, recipientID)]
        where !value.isEmpty && event[attribute: name] == "" {
            event.set(name, value)
            changed = true
        }
        return changed ? event.jsonString(includingID: includingID) : json
    }
}
