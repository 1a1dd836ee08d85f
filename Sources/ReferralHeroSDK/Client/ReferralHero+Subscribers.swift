// The async API: subscriber calls.
extension ReferralHero {
    /// 1. Add Subscriber, typed: adds the subscriber (`formSubmit`), or identifies an existing one ("Data is not
    /// overwritten"), and stores its id.
    public func addSubscriber(_ subscriber: RHSubscriber) async throws(RHError) -> RHSubscriberData {
        let connection = try connection(for: .createNewSubscriber)
        try subscriber.validateForAdding()
        let device = try await connection.deviceInfo(filling: subscriber.deviceInfo, for: .createNewSubscriber)
        let body = try subscriber.requestBody(device: device, timestamp: connection.timestamp())
        let envelope = try await connection.call {
            try await $0.addSubscriber(path: .init(uuid: connection.campaign), body: .json(.init(body))).ok.body.json
        }
        return try await connection.storing(RHSubscriberData(envelope.data))
    }

    /// 7. Get Subscriber Details, typed: the stored subscriber's details (`getSubscriberDetail`).
    public func subscriberDetail() async throws(RHError) -> RHSubscriberData {
        let connection = try connection(for: .subscriberDetail)
        let id = try await connection.storedSubscriberID(for: .subscriberDetail)
        let envelope = try await connection.call {
            try await $0.getSubscriber(path: .init(uuid: connection.campaign, subscriberId: id)).ok.body.json
        }
        return RHSubscriberData(envelope.data)
    }

    /// 6. Update Subscriber Details, typed: changes the stored subscriber's fields that `subscriber` sets
    /// (`UpdateSubscriber`).
    public func updateSubscriber(_ subscriber: RHSubscriber) async throws(RHError) -> RHSubscriberData {
        let connection = try connection(for: .updateSubscriber)
        let id = try await connection.storedSubscriberID(for: .updateSubscriber)
        let device = try await connection.deviceInfo(for: .updateSubscriber)
        let body = try subscriber.requestBody(
            device: device, timestamp: connection.timestamp(), for: .updateSubscriber)
        let envelope = try await connection.call {
            try await $0.updateSubscriber(
                path: .init(uuid: connection.campaign, subscriberId: id), body: .json(body)
            ).ok.body.json
        }
        return RHSubscriberData(envelope.data)
    }

    /// 8. Delete Subscriber, typed: deletes the stored subscriber (`DeleteSubscriber`) and forgets its id.
    public func deleteSubscriber() async throws(RHError) -> RHDeletion {
        let connection = try connection(for: .deleteSubscriber)
        let id = try await connection.storedSubscriberID(for: .deleteSubscriber)
        let body = Components.Schemas.TimestampRequest(timestamp: connection.timestamp())
        let envelope = try await connection.call {
            try await $0.deleteSubscriber(
                path: .init(uuid: connection.campaign, subscriberId: id), body: .json(body)
            ).ok.body.json
        }
        try await connection.forgetSubscriber()
        return RHDeletion(id: envelope.data.id)
    }
}

extension RHConnection {
    /// Stores `subscriber`'s id as the app's subscriber and hands it back.
    func storing(_ subscriber: RHSubscriberData) async throws(RHError) -> RHSubscriberData {
        try await remember(subscriberID: subscriber.id)
        return subscriber
    }
}
