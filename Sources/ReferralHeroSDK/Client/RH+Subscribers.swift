// The async API: subscriber calls.
extension RH {
    /// Adds the subscriber (`formSubmit`), or identifies an existing one, and stores its id.
    public func addSubscriber(_ subscriber: RHSubscriber) async throws(RHError) -> RHSubscriberData {
        try checkConfiguration(for: .createNewSubscriber)
        try subscriber.validateForAdding()
        let device = try await deviceInfo(filling: subscriber.deviceInfo, for: .createNewSubscriber)
        let body = subscriber.requestBody(device: device, timestamp: timestamp())
        let envelope = try await call {
            try await $0.addSubscriber(path: .init(uuid: campaign), body: .json(.init(body))).ok.body.json
        }
        return try await storing(RHSubscriberData(envelope.data))
    }

    /// The stored subscriber's details (`getSubscriberDetail`).
    public func subscriberDetail() async throws(RHError) -> RHSubscriberData {
        let id = try await storedSubscriberID(for: .subscriberDetail)
        let envelope = try await call {
            try await $0.getSubscriber(path: .init(uuid: campaign, subscriberId: id)).ok.body.json
        }
        return RHSubscriberData(envelope.data)
    }

    /// Changes the stored subscriber's fields that `subscriber` sets (`UpdateSubscriber`).
    public func updateSubscriber(_ subscriber: RHSubscriber) async throws(RHError) -> RHSubscriberData {
        let id = try await storedSubscriberID(for: .updateSubscriber)
        let device = try await deviceInfo(for: .updateSubscriber)
        let body = subscriber.requestBody(device: device, timestamp: timestamp())
        let envelope = try await call {
            try await $0.updateSubscriber(path: .init(uuid: campaign, subscriberId: id), body: .json(body)).ok.body.json
        }
        return RHSubscriberData(envelope.data)
    }

    /// Deletes the stored subscriber (`DeleteSubscriber`) and forgets its id.
    public func deleteSubscriber() async throws(RHError) -> RHDeletion {
        let id = try await storedSubscriberID(for: .deleteSubscriber)
        let body = Components.Schemas.TimestampRequest(timestamp: timestamp())
        let envelope = try await call {
            try await $0.deleteSubscriber(path: .init(uuid: campaign, subscriberId: id), body: .json(body)).ok.body.json
        }
        try await forgetSubscriber()
        return RHDeletion(id: envelope.data.id)
    }

    /// Stores `subscriber`'s id as the app's subscriber and hands it back.
    func storing(_ subscriber: RHSubscriberData) async throws(RHError) -> RHSubscriberData {
        try await remember(subscriberID: subscriber.id)
        return subscriber
    }
}
