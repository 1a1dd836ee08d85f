extension Components.Schemas.SubscriberSignUp {
    /// The body of the calls that identify a subscriber by email (track, pending and organic referral): the
    /// subscriber fields, whose `email` the contract requires.
    init(_ request: Components.Schemas.SubscriberRequest) {
        self.init(value1: request, value2: .init(email: request.email ?? ""))
    }
}

extension Components.Schemas.SubscriberAdd {
    /// The body of add subscriber: the subscriber fields, whose `email` and link host (`domain`) the contract
    /// requires.
    init(_ request: Components.Schemas.SubscriberRequest) {
        self.init(
            value1: request, value2: .init(email: request.email ?? ""),
            value3: .init(value1: .init(domain: request.domain ?? "")))
    }
}
