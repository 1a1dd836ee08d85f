/// The Silverpop Engage flows (protocols/engage.md), one `static let` each in the files of this folder, all run
/// against the Engage simulator (`/engage`), listed here in the order of the notes.
public enum EngageFlows {
    public static var all: [Flow] {
        [
            tokenGrant, invalidClient, tokenRefreshOnExpiry, fault145Reauthentication, tokenLimitExceeded,
            selectByEmail, selectNotFound, addRecipient, updateRecipient, addListColumn, insertUpdateRelationalTable,
            invalidXML, setupRecipientNew, setupRecipientExisting, checkIdentityScenario1, checkIdentityScenario2,
            checkIdentityScenario3, installedSessionStarted, batchFlushAtCacheSize, goalAndNamedEvents,
            notificationOpenedCampaign, deepLinkCurrentCampaign, postFailureRetries, augmentationTimeout,
            offlineThenOnline, deepLinkConfigExamples, anonymousUserDeprecated, sessionEnded, notificationsReceived,
            purgePostedEvents, eventsWaitForIdentity, getListMetaData, removeRecipient,
        ] + operationFlows
    }
}
