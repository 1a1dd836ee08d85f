import Foundation
import JSONCore

/// `UBF`: the README's event, built by its factories (`[UBF goalCompleted:params:]`) and handed to
/// `[UBFManager trackEvent:]`, or handed to an augmentation plugin's `process(_:)` to add attributes with
/// ``setAttribute(_:value:)``. A reference, as in the iOS SDK, so a plugin changes the event it was given.
public final class UBF: Sendable {
    enum Kind: Sendable, Hashable { case goalCompleted, goalAbandoned, namedEvent, event }

    private struct Contents: Sendable {
        var kind: Kind
        var name: String
        var params: [String: String]
        var event: UBFEvent?
    }

    private let contents: Locked<Contents>

    private init(kind: Kind, name: String, params: [String: String], event: UBFEvent? = nil) {
        contents = Locked(Contents(kind: kind, name: name, params: params, event: event))
    }

    /// The event a plugin is handed (its attributes as they are so far).
    init(event: UBFEvent) {
        contents = Locked(Contents(kind: .event, name: "", params: [:], event: event))
    }

    var kind: Kind { contents.withLock { $0.kind } }
    var name: String { contents.withLock { $0.name } }
    var params: [String: String] { contents.withLock { $0.params } }
    var event: UBFEvent? { contents.withLock { $0.event } }

    /// Goal completed (16) for `goalName`.
    public static func goalCompleted(_ goalName: String, params: [String: String]?) -> UBF {
        UBF(kind: .goalCompleted, name: goalName, params: params ?? [:])
    }

    /// Goal abandoned (15) for `goalName`.
    public static func goalAbandoned(_ goalName: String, params: [String: String]?) -> UBF {
        UBF(kind: .goalAbandoned, name: goalName, params: params ?? [:])
    }

    /// A named event (17).
    public static func namedEvent(_ eventName: String, params: [String: String]?) -> UBF {
        UBF(kind: .namedEvent, name: eventName, params: params ?? [:])
    }

    /// `[ubfEvent setAttribute:value:]`: sets the attribute `name` (replacing a value it had). The README's weather
    /// plugin adds its temperatures this way.
    public func setAttribute(_ name: String, value: String) {
        contents.withLock { contents in
            if contents.event != nil {
                contents.event?.set(name, value)
            } else {
                contents.params[name] = value
            }
        }
    }

    /// The value of the attribute `name`, if set.
    public func attribute(_ name: String) -> String? {
        contents.withLock { contents in
            if let event = contents.event { return event[attribute: name] }
            return contents.params[name]
        }
    }
}

extension UBFManager {
    /// The shared `UBFManager` as the README's Objective-C samples use it.
    public struct Shared: Sendable {
        /// `[[UBFManager sharedInstance] trackEvent:]`: builds the event with the current identity, time and campaign
        /// and tracks it (queued, persisted, posted once the cache size is reached and an identity is stored).
        public func trackEvent(_ event: UBF) {
            EngageShared.enqueue { engage in
                guard let ubf = engage?.ubf else { return }
                switch event.kind {
                case .goalCompleted: _ = try? await ubf.trackGoalCompleted(event.name, params: event.params)
                case .goalAbandoned: _ = try? await ubf.trackGoalAbandoned(event.name, params: event.params)
                case .namedEvent: _ = try? await ubf.trackNamedEvent(event.name, params: event.params)
                case .event: if let stored = event.event { _ = try? await ubf.trackEvent(stored) }
                }
            }
        }

        /// `[[UBFManager sharedInstance] postEventCache]`.
        public func postEventCache() {
            EngageShared.enqueue { engage in _ = try? await engage?.ubf.postEventCache() }
        }
    }

    /// `[UBFManager sharedInstance]`.
    public static func sharedInstance() -> Shared { Shared() }
}

extension XMLAPIManager {
    /// The shared `XMLAPIManager` as the README's Objective-C samples use it: an XMLAPI fault arrives in `success`
    /// (check `isSuccess`), a transport or HTTP failure in `failure`.
    public struct Shared: Sendable {
        /// `[[XMLAPIManager sharedInstance] postXMLAPI:success:failure:]`.
        public func postXMLAPI(
            _ api: XMLAPI, success: @escaping @Sendable (ResultDictionary) -> Void,
            failure: @escaping @Sendable (any Error) -> Void
        ) {
            run(success: success, failure: failure) { try await $0.xmlAPI.post(api) }
        }

        /// `[[XMLAPIManager sharedInstance] createAnonymousUserToList:success:failure:]` (deprecated in favour of
        /// ``MobileIdentityManager/Shared/setupRecipient(success:failure:)``): adds an anonymous recipient and keeps
        /// its id.
        public func createAnonymousUser(
            toList listID: String, success: @escaping @Sendable (ResultDictionary) -> Void,
            failure: @escaping @Sendable (any Error) -> Void
        ) {
            run(success: success, failure: failure) { try await $0.xmlAPI.addRecipientAnonymous(listID: listID) }
        }

        /// `[[XMLAPIManager sharedInstance] updateAnonymousToPrimaryUser:success:failure:]` (deprecated in favour of
        /// ``MobileIdentityManager/Shared/checkIdentity(forIds:success:failure:)``): "links anonymous user record with
        /// the primary user record according to the mergeColumn". The iOS SDK first stores `userId` as the mobile
        /// user id, then writes `<mergeColumn>=<userId>` to the anonymous recipient and, if that succeeds, to the
        /// recipient whose `<primaryUserColumn>` is `userId`. The README's short form names no columns: this uses
        /// the configuration's `Recipient.mobileUserIdColumn` as the primary user column and
        /// `Recipient.mergedRecipientIdColumn` as the merge column (an assumption), on the initialised list.
        public func updateAnonymous(
            toPrimaryUser userId: String?, success: @escaping @Sendable (ResultDictionary) -> Void,
            failure: @escaping @Sendable (any Error) -> Void
        ) {
            run(success: success, failure: failure) { engage in
                try await Self.updateAnonymous(
                    engage, userId, list: engage.xmlAPI.listID,
                    primaryUserColumn: engage.config.recipient.mobileUserIDColumn,
                    mergeColumn: engage.config.recipient.mergedRecipientIDColumn)
            }
        }

        /// The iOS SDK's full form, `updateAnonymousToPrimaryUser:list:primaryUserColumn:mergeColumn:success:failure:`.
        public func updateAnonymous(
            toPrimaryUser userId: String?, list listId: String, primaryUserColumn: String, mergeColumn: String,
            success: @escaping @Sendable (ResultDictionary) -> Void, failure: @escaping @Sendable (any Error) -> Void
        ) {
            run(success: success, failure: failure) { engage in
                try await Self.updateAnonymous(
                    engage, userId, list: listId, primaryUserColumn: primaryUserColumn, mergeColumn: mergeColumn)
            }
        }

        private static func updateAnonymous(
            _ engage: Engage, _ userId: String?, list listId: String, primaryUserColumn: String, mergeColumn: String
        ) async throws -> XMLAPIResult {
            guard let userId, !userId.isEmpty else {
                throw EngageError.invalidArgument(name: "userId", detail: "no primary user id to merge into")
            }
            try await engage.identity.setMobileUserID(userId)
            EngageShared.mobileUserID = userId
            return try await engage.xmlAPI.updateAnonymousToPrimaryUser(
                userID: userId, primaryUserColumn: primaryUserColumn, mergeColumn: mergeColumn, listID: listId)
        }

        private func run(
            success: @escaping @Sendable (ResultDictionary) -> Void, failure: @escaping @Sendable (any Error) -> Void,
            _ call: @escaping @Sendable (Engage) async throws -> XMLAPIResult
        ) {
            EngageShared.enqueue { engage in
                guard let engage else { return failure(EngageShared.notInitialized) }
                do { success(try await call(engage)) } catch { failure(error) }
            }
        }
    }

    /// `[XMLAPIManager sharedInstance]`.
    public static func sharedInstance() -> Shared { Shared() }
}

extension MobileIdentityManager {
    /// The shared `MobileIdentityManager` as the README's Objective-C samples use it.
    public struct Shared: Sendable {
        /// `setupRecipientWithSuccess:failure:`.
        public func setupRecipient(
            success: @escaping @Sendable (SetupRecipientResult) -> Void,
            failure: @escaping @Sendable (SetupRecipientFailure) -> Void
        ) {
            EngageShared.enqueue { engage in
                guard let engage else { return failure(SetupRecipientFailure(EngageShared.notInitialized)) }
                do {
                    let result = try await engage.identity.setupRecipient()
                    EngageShared.mobileUserID = await engage.identity.mobileUserID
                    success(result)
                } catch {
                    failure(SetupRecipientFailure(error))
                }
            }
        }

        /// `checkIdentityForIds:success:failure:`.
        public func checkIdentity(
            forIds fieldsToIds: [String: String], success: @escaping @Sendable (CheckIdentityResult) -> Void,
            failure: @escaping @Sendable (CheckIdentityFailure) -> Void
        ) {
            EngageShared.enqueue { engage in
                guard let engage else { return failure(CheckIdentityFailure(EngageShared.notInitialized)) }
                do {
                    let result = try await engage.identity.checkIdentity(fieldsToIds)
                    EngageShared.mobileUserID = result.mobileUserID
                    success(result)
                } catch {
                    failure(CheckIdentityFailure(error))
                }
            }
        }
    }

    /// `[MobileIdentityManager sharedInstance]`.
    public static func sharedInstance() -> Shared { Shared() }
}

/// What the README's `setupRecipientWithSuccess:failure:` failure block receives: why the recipient could not be
/// set up.
public struct SetupRecipientFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure.
    public var error: EngageError
    /// The failure's message (the iOS SDK's wording for the preconditions).
    public var message: String { error.description }
    /// ``message``.
    public var description: String { message }

    /// A failure from any error (wrapped as a transport error when it is not an ``EngageError``).
    public init(_ error: any Error) {
        self.error = EngageError.wrapping(error, operationID: EngageOperationID.xmlAPI)
    }
}

/// What the README's `checkIdentityForIds:success:failure:` failure block receives. The README warns that "the
/// merge process is not currently transactional": after a failure the recipients may be half merged.
public struct CheckIdentityFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure.
    public var error: EngageError
    /// The failure's message.
    public var message: String { error.description }
    /// ``message``.
    public var description: String { message }

    /// A failure from any error (wrapped as a transport error when it is not an ``EngageError``).
    public init(_ error: any Error) {
        self.error = EngageError.wrapping(error, operationID: EngageOperationID.xmlAPI)
    }
}

extension XMLAPI {
    /// `[XMLAPI selectRecipientData:list:]`.
    public static func selectRecipientData(_ email: String, list listID: String) -> XMLAPI {
        selectRecipientData(email: email, listID: listID)
    }
}
