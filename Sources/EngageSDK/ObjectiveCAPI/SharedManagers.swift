import Foundation

/// `UBF`: the README's event factory (`[UBF goalCompleted:params:]`), handed to `[UBFManager trackEvent:]`.
public struct UBF: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case goalCompleted, goalAbandoned, namedEvent }

    let kind: Kind
    let name: String
    let params: [String: String]

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
            failure: @escaping @Sendable (any Error) -> Void
        ) {
            EngageShared.enqueue { engage in
                guard let engage else { return failure(EngageShared.notInitialized) }
                do {
                    let result = try await engage.identity.setupRecipient()
                    EngageShared.mobileUserID = await engage.identity.mobileUserID
                    success(result)
                } catch {
                    failure(error)
                }
            }
        }

        /// `checkIdentityForIds:success:failure:`.
        public func checkIdentity(
            forIds fieldsToIds: [String: String], success: @escaping @Sendable (CheckIdentityResult) -> Void,
            failure: @escaping @Sendable (any Error) -> Void
        ) {
            EngageShared.enqueue { engage in
                guard let engage else { return failure(EngageShared.notInitialized) }
                do {
                    let result = try await engage.identity.checkIdentity(fieldsToIds)
                    EngageShared.mobileUserID = result.mobileUserID
                    success(result)
                } catch {
                    failure(error)
                }
            }
        }
    }

    /// `[MobileIdentityManager sharedInstance]`.
    public static func sharedInstance() -> Shared { Shared() }
}

extension XMLAPI {
    /// `[XMLAPI selectRecipientData:list:]`.
    public static func selectRecipientData(_ email: String, list listID: String) -> XMLAPI {
        selectRecipientData(email: email, listID: listID)
    }
}
