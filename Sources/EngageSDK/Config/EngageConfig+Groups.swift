import JSONCore

extension EngageConfig {
    /// `AuditRecord`: the relational table that records identity merges.
    public struct AuditRecord: Sendable, Hashable {
        /// `auditRecordListId`: the list id of the audit record relational table; needed only when
        /// `mergeHistoryInAuditRecordTable` is on. Empty when not configured.
        public var auditRecordListID: String
        /// `mergeHistoryInAuditRecordTable` (NO): whether merge history is kept in a separate audit record table.
        public var mergeHistoryInAuditRecordTable: Bool
        /// `createDateColumnName` (`Create Date`): the audit table column for when the merge happened.
        public var createDateColumnName: String
        /// `newRecipientIdColumnName` (`New Recipient Id`): the audit table column for the recipient id kept
        /// after a merge during check identity.
        public var newRecipientIDColumnName: String
        /// `oldRecipientIdColumnName` (`Old Recipient Id`): the audit table column for the recipient id merged
        /// away during check identity.
        public var oldRecipientIDColumnName: String
        /// `auditRecordPrimaryKeyColumnName` (`Audit Record Id`): the audit table column for the generated
        /// primary key.
        public var auditRecordPrimaryKeyColumnName: String
        /// `auditRecordPrimaryKeyGeneratorClassName` (`EngageDefaultUUIDGenerator`): "The class to use to generate
        /// primary keys for the audit record table", looked up by this name among ``Engage/Options/generators``.
        public var auditRecordPrimaryKeyGeneratorClassName: String
    }

    /// `Recipient`: the marketing database columns the identity manager uses.
    public struct Recipient: Sendable, Hashable {
        /// `mergeHistoryInMarketingDatabase` (YES): whether merge history is stored in the marketing database.
        public var mergeHistoryInMarketingDatabase: Bool
        /// `mergedDateColumn` (`Merged Date`): the column for the merge date, filled during check identity when
        /// needed.
        public var mergedDateColumn: String
        /// `mergedRecipientIdColumn` (`Merged Recipient Id`): the column for the merged recipient id, filled
        /// during check identity when needed.
        public var mergedRecipientIDColumn: String
        /// `mobileUserIdColumn` (`Mobile User Id`): the column the mobile user id is stored in.
        public var mobileUserIDColumn: String
        /// `enableAutoAnonymousTracking` (true): when on, mobile user ids are generated for recipients; when off,
        /// the app sets the mobile user id itself.
        public var enableAutoAnonymousTracking: Bool
        /// `mobileUserIdGeneratorClassName` (`EngageDefaultUUIDGenerator`): "The class to use for auto generating
        /// mobile user ids", looked up by this name among ``Engage/Options/generators``.
        public var mobileUserIDGeneratorClassName: String
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
        /// `Augmentation.augmentationPluginClasses` (the iOS SDK's three location plugins, not in the README's
        /// table): which of the SDK's own location plugins run. `UBFCoordinatesAugmentationPlugin` adds `Latitude`
        /// and `Longitude`, `UBFPlacemarkAugmentationPlugin` `Location Address`, `UBFLocationNameAugmentationPlugin`
        /// `Location Name`. An app's own plugins are passed in ``Engage/Options/augmentationPlugins``.
        public var augmentationPluginClasses: [String]
    }

    /// `ParamFieldNames`: the deep-link and push-payload parameter names.
    public struct ParamFieldNames: Sendable, Hashable {
        /// `ParamCurrentCampaign` (`CurrentCampaign`): the parameter a deep link or push payload names the current
        /// campaign with.
        public var currentCampaign: String
        /// `ParamCampaignExpiresAt` (`CampaignExpiresAt`): the parameter giving the campaign's expiry date.
        public var campaignExpiresAt: String
        /// `ParamCampaignValidFor` (`CampaignValidFor`): the parameter giving how long the campaign stays valid.
        public var campaignValidFor: String
        /// `ParamCallToAction` (`CallToAction`): the parameter giving the call to action.
        public var callToAction: String
        /// `ParamCampaignEndTimeStamp` (`CampaignEndTimeStamp`): the parameter the README's "Current Campaigns" section
        /// and deep-link examples give the campaign's end with, as a Unix timestamp (GMT seconds). Not a row of the
        /// README's table; read after `CampaignExpiresAt` and `CampaignValidFor`.
        public var campaignEndTimeStamp: String
    }

    /// `UBFFieldNames`: the attribute names the SDK adds to events.
    public struct UBFFieldNames: Sendable, Hashable {
        /// `UBFSessionDurationFieldName` (`Session Duration`): the event attribute for the session duration.
        public var sessionDuration: String
        /// `UBFTagsFieldName` (`Tags`): the event attribute for tags.
        public var tags: String
        /// `UBFDisplayedMessageFieldName` (`Displayed Message`): the event attribute for the displayed message.
        public var displayedMessage: String
        /// `UBFCallToActionFieldName` (`Call To Action`): the event attribute for the call to action.
        public var callToAction: String
        /// `UBFEventNameFieldName` (`Event Name`): the event attribute for the event name.
        public var eventName: String
        /// `UBFGoalNameFieldName` (`Goal Name`): the event attribute for the goal name.
        public var goalName: String
        /// `UBFCurrentCampaignFieldName` (`Campaign Name`): the event attribute for the current campaign.
        public var currentCampaign: String
        /// `UBFLastCampaignFieldName` (`Last Campaign`): the event attribute for the last campaign.
        public var lastCampaign: String
        /// `UBFLocationAddressFieldName` (`Location Address`): the event attribute for the location address.
        public var locationAddress: String
        /// `UBFLocationNameFieldName` (`Location Name`): the event attribute for the location name.
        public var locationName: String
        /// `UBFLatitudeFieldName` (`Latitude`): the event attribute for the latitude.
        public var latitude: String
        /// `UBFLongitudeFieldName` (`Longitude`): the event attribute for the longitude.
        public var longitude: String
    }

    /// `LocationServices`: whether events carry the device's location, how it is acquired and how long the SDK
    /// waits for it, and the columns `updateUserLastKnownLocation` writes.
    public struct LocationServices: Sendable, Hashable {
        /// `enabled` (YES): "Are Location services enabled for UBF events". On by default: every event waits (on
        /// HOLD) for the location from ``Engage/Options/locationProvider``; with no provider (Linux) events are not
        /// delayed.
        public var enabled: Bool
        /// `coordinatesAcquisitionTimeout` (15 sec): "timeout on acquiring CLLocation before event is posted without
        /// that information", counted from the moment the event asks for its location.
        public var coordinatesAcquisitionTimeout: Duration
        /// `coordinatesPlacemarkTimeout` (15 sec): "timeout on acquiring CLPlacemark before event is posted without
        /// that information" (the address and the place name), counted from the moment the event asks for its
        /// location.
        public var coordinatesPlacemarkTimeout: Duration
        /// `locationCacheLifespan` (1 hr): "lifespan of location coordinates before they are considered expired";
        /// events within it reuse the last coordinates and placemark without asking the provider again.
        public var locationCacheLifespan: Duration
        /// `locationDistanceFilter` (10): meters the device moves before the location provider reports a new
        /// position; handed to the provider.
        public var locationDistanceFilter: Double
        /// `locationPrecisionLevel` (`kCLLocationAccuracyBest`): the desired accuracy, by its CoreLocation name;
        /// handed to the provider.
        public var locationPrecisionLevel: String
        /// `lastKnownLocationDateFormat` (`yyyy'-'MM'-'dd`): the date format of the user's last known location time.
        public var lastKnownLocationDateFormat: String
        /// `lastKnownLocationTimestampColumn` (`Last Location Address Time`): the Engage column for the last known
        /// location time.
        public var lastKnownLocationTimestampColumn: String
        /// `lastKnownLocationColumn` (`Last Location Address`): the Engage column for the last known location.
        public var lastKnownLocationColumn: String
    }

    /// The `AuditRecord` group, each key falling back to the README's default when absent.
    public var auditRecord: AuditRecord {
        let group = "AuditRecord"
        return AuditRecord(
            auditRecordListID: string("auditRecordListId", in: group),
            mergeHistoryInAuditRecordTable: bool("mergeHistoryInAuditRecordTable", in: group, default: false),
            createDateColumnName: string("createDateColumnName", in: group, default: "Create Date"),
            newRecipientIDColumnName: string("newRecipientIdColumnName", in: group, default: "New Recipient Id"),
            oldRecipientIDColumnName: string("oldRecipientIdColumnName", in: group, default: "Old Recipient Id"),
            auditRecordPrimaryKeyColumnName: string(
                "auditRecordPrimaryKeyColumnName", in: group, default: "Audit Record Id"),
            auditRecordPrimaryKeyGeneratorClassName: string(
                "auditRecordPrimaryKeyGeneratorClassName", in: group, default: EngageDefaultUUIDGenerator.className)
        )
    }

    /// The `Recipient` group, each key falling back to the README's default when absent.
    public var recipient: Recipient {
        let group = "Recipient"
        return Recipient(
            mergeHistoryInMarketingDatabase: bool("mergeHistoryInMarketingDatabase", in: group, default: true),
            mergedDateColumn: string("mergedDateColumn", in: group, default: "Merged Date"),
            mergedRecipientIDColumn: string("mergedRecipientIdColumn", in: group, default: "Merged Recipient Id"),
            mobileUserIDColumn: string("mobileUserIdColumn", in: group, default: "Mobile User Id"),
            enableAutoAnonymousTracking: bool("enableAutoAnonymousTracking", in: group, default: true),
            mobileUserIDGeneratorClassName: string(
                "mobileUserIdGeneratorClassName", in: group, default: EngageDefaultUUIDGenerator.className)
        )
    }

    /// The event keys of `General`, `LocalEventStore`, `Networking`, `Session` and `Augmentation`, each falling back
    /// to the README's default when absent; `ubfEventCacheSize` and `maxNumRetries` are at least 1.
    public var events: Events {
        Events(
            ubfEventCacheSize: max(1, int("ubfEventCacheSize", in: "General", default: 3)),
            defaultCurrentCampaignExpiration: duration(
                "defaultCurrentCampaignExpiration", in: "General", default: .seconds(86_400)),
            expireLocalEventsAfterNumDays: int("expireLocalEventsAfterNumDays", in: "LocalEventStore", default: 30),
            maxNumRetries: max(1, int("maxNumRetries", in: "Networking", default: 3)),
            sessionLifecycleExpiration: duration(
                "sessionLifecycleExpiration", in: "Session", default: .seconds(1_800)),
            augmentationTimeout: duration("augmentationTimeout", in: "Augmentation", default: .seconds(15)),
            augmentationPluginClasses: value("augmentationPluginClasses", in: "Augmentation")?.arrayValue?.compactMap(
                \.lenientString) ?? LocationAugmentation.Part.allCases.map(\.className)
        )
    }

    /// The `ParamFieldNames` group, each name falling back to the README's default when absent.
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

    /// The `UBFFieldNames` group, each name falling back to the README's default when absent.
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

    /// The `LocationServices` group, each key falling back to the README's default when absent.
    public var locationServices: LocationServices {
        let group = "LocationServices"
        return LocationServices(
            enabled: bool("enabled", in: group, default: true),
            coordinatesAcquisitionTimeout: duration("coordinatesAcquisitionTimeout", in: group, default: .seconds(15)),
            coordinatesPlacemarkTimeout: duration("coordinatesPlacemarkTimeout", in: group, default: .seconds(15)),
            locationCacheLifespan: duration("locationCacheLifespan", in: group, default: .seconds(3_600)),
            locationDistanceFilter: value("locationDistanceFilter", in: group)?.lenientDouble ?? 10,
            locationPrecisionLevel: string("locationPrecisionLevel", in: group, default: "kCLLocationAccuracyBest"),
            lastKnownLocationDateFormat: string("lastKnownLocationDateFormat", in: group, default: "yyyy'-'MM'-'dd"),
            lastKnownLocationTimestampColumn: string(
                "lastKnownLocationTimestampColumn", in: group, default: "Last Location Address Time"),
            lastKnownLocationColumn: string("lastKnownLocationColumn", in: group, default: "Last Location Address")
        )
    }
}
