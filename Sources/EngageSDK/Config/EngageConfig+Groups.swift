extension EngageConfig {
    /// `AuditRecord`: the relational table that records identity merges.
    public struct AuditRecord: Sendable, Hashable {
        public var auditRecordListID: String
        public var mergeHistoryInAuditRecordTable: Bool
        public var createDateColumnName: String
        public var newRecipientIDColumnName: String
        public var oldRecipientIDColumnName: String
        public var auditRecordPrimaryKeyColumnName: String
    }

    /// `Recipient`: the marketing database columns the identity manager uses.
    public struct Recipient: Sendable, Hashable {
        public var mergeHistoryInMarketingDatabase: Bool
        public var mergedDateColumn: String
        public var mergedRecipientIDColumn: String
        public var mobileUserIDColumn: String
        public var enableAutoAnonymousTracking: Bool
    }

    /// `General`, `LocalEventStore`, `Networking`, `Session` and `Augmentation`: how events are kept and sent.
    public struct Events: Sendable, Hashable {
        /// `General.ubfEventCacheSize` (3): "Events to cache locally before batch post".
        public var ubfEventCacheSize: Int
        /// `General.defaultCurrentCampaignExpiration` (1 day): "time before current campaign expires by default".
        public var defaultCurrentCampaignExpiration: Duration
        /// `LocalEventStore.expireLocalEventsAfterNumDays` (30): "Number of days before engage events are purged
        /// from local storage" (only posted events are purged).
        public var expireLocalEventsAfterNumDays: Int
        /// `Networking.maxNumRetries` (3): "Number of times that an event is retried before it is finally marked as
        /// failed". Read literally and per event: three retries after the first attempt, so the fourth refusal by
        /// Engage makes the event FAILED_POST; no answer from Engage (no network, a 5xx) spends no retry.
        public var maxNumRetries: Int
        /// `Session.sessionLifecycleExpiration` (30 minutes): "time local application session is valid for before
        /// triggering session ended event". The README's prose says 5 minutes; the SDK takes the table (see
        /// `x-sdk-choices` in `Schemas/engage/engage.openapi.yaml`).
        public var sessionLifecycleExpiration: Duration
        /// `Augmentation.augmentationTimeout` (15 sec): "timeout for augmenting UBF events"; an event not augmented
        /// in time is posted as it was, EXPIRED.
        public var augmentationTimeout: Duration
    }

    /// `ParamFieldNames`: the deep-link and push-payload parameter names.
    public struct ParamFieldNames: Sendable, Hashable {
        public var currentCampaign: String
        public var campaignExpiresAt: String
        public var campaignValidFor: String
        public var callToAction: String
        /// The pre-1.0 `CampaignEndTimeStamp` (epoch seconds) still shown in the SDK README.
        public var campaignEndTimeStamp: String
    }

    /// `UBFFieldNames`: the attribute names the SDK adds to events.
    public struct UBFFieldNames: Sendable, Hashable {
        public var sessionDuration: String
        public var tags: String
        public var displayedMessage: String
        public var callToAction: String
        public var eventName: String
        public var goalName: String
        public var currentCampaign: String
        public var lastCampaign: String
        public var locationAddress: String
        public var locationName: String
        public var latitude: String
        public var longitude: String
    }

    /// `LocationServices`: the columns `updateUserLastKnownLocation` writes.
    public struct LocationServices: Sendable, Hashable {
        public var lastKnownLocationDateFormat: String
        public var lastKnownLocationTimestampColumn: String
        public var lastKnownLocationColumn: String
    }

    public var auditRecord: AuditRecord {
        let group = "AuditRecord"
        return AuditRecord(
            auditRecordListID: string("auditRecordListId", in: group),
            mergeHistoryInAuditRecordTable: bool("mergeHistoryInAuditRecordTable", in: group, default: false),
            createDateColumnName: string("createDateColumnName", in: group, default: "Create Date"),
            newRecipientIDColumnName: string("newRecipientIdColumnName", in: group, default: "New Recipient Id"),
            oldRecipientIDColumnName: string("oldRecipientIdColumnName", in: group, default: "Old Recipient Id"),
            auditRecordPrimaryKeyColumnName: string(
                "auditRecordPrimaryKeyColumnName", in: group, default: "Audit Record Id")
        )
    }

    public var recipient: Recipient {
        let group = "Recipient"
        return Recipient(
            mergeHistoryInMarketingDatabase: bool("mergeHistoryInMarketingDatabase", in: group, default: true),
            mergedDateColumn: string("mergedDateColumn", in: group, default: "Merged Date"),
            mergedRecipientIDColumn: string("mergedRecipientIdColumn", in: group, default: "Merged Recipient Id"),
            mobileUserIDColumn: string("mobileUserIdColumn", in: group, default: "Mobile User Id"),
            enableAutoAnonymousTracking: bool("enableAutoAnonymousTracking", in: group, default: true)
        )
    }

    public var events: Events {
        Events(
            ubfEventCacheSize: max(1, int("ubfEventCacheSize", in: "General", default: 3)),
            defaultCurrentCampaignExpiration: duration(
                "defaultCurrentCampaignExpiration", in: "General", default: .seconds(86_400)),
            expireLocalEventsAfterNumDays: int("expireLocalEventsAfterNumDays", in: "LocalEventStore", default: 30),
            maxNumRetries: max(1, int("maxNumRetries", in: "Networking", default: 3)),
            sessionLifecycleExpiration: duration(
                "sessionLifecycleExpiration", in: "Session", default: .seconds(1_800)),
            augmentationTimeout: duration("augmentationTimeout", in: "Augmentation", default: .seconds(15))
        )
    }

    public var paramFieldNames: ParamFieldNames {
        let group = "ParamFieldNames"
        return ParamFieldNames(
            currentCampaign: string("ParamCurrentCampaign", in: group, default: "CurrentCampaign"),
            campaignExpiresAt: string("ParamCampaignExpiresAt", in: group, default: "CampaignExpiresAt"),
            campaignValidFor: string("ParamCampaignValidFor", in: group, default: "CampaignValidFor"),
            callToAction: string("ParamCallToAction", in: group, default: "CallToAction"),
            campaignEndTimeStamp: string("ParamCampaignEndTimeStamp", in: group, default: "CampaignEndTimeStamp")
        )
    }

    public var ubfFieldNames: UBFFieldNames {
        let group = "UBFFieldNames"
        return UBFFieldNames(
            sessionDuration: string("UBFSessionDurationFieldName", in: group, default: "Session Duration"),
            tags: string("UBFTagsFieldName", in: group, default: "Tags"),
            displayedMessage: string("UBFDisplayedMessageFieldName", in: group, default: "Displayed Message"),
            callToAction: string("UBFCallToActionFieldName", in: group, default: "Call To Action"),
            eventName: string("UBFEventNameFieldName", in: group, default: "Event Name"),
            goalName: string("UBFGoalNameFieldName", in: group, default: "Goal Name"),
            currentCampaign: string("UBFCurrentCampaignFieldName", in: group, default: "Campaign Name"),
            lastCampaign: string("UBFLastCampaignFieldName", in: group, default: "Last Campaign"),
            locationAddress: string("UBFLocationAddressFieldName", in: group, default: "Location Address"),
            locationName: string("UBFLocationNameFieldName", in: group, default: "Location Name"),
            latitude: string("UBFLatitudeFieldName", in: group, default: "Latitude"),
            longitude: string("UBFLongitudeFieldName", in: group, default: "Longitude")
        )
    }

    public var locationServices: LocationServices {
        let group = "LocationServices"
        return LocationServices(
            lastKnownLocationDateFormat: string("lastKnownLocationDateFormat", in: group, default: "yyyy'-'MM'-'dd"),
            lastKnownLocationTimestampColumn: string(
                "lastKnownLocationTimestampColumn", in: group, default: "Last Location Address Time"),
            lastKnownLocationColumn: string("lastKnownLocationColumn", in: group, default: "Last Location Address")
        )
    }
}
