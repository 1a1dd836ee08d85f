import CassetteKit
import Foundation
import HTTPTypes
import Hummingbird
import JSONCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

extension ServerCore {
    static let faultHeader = HTTPField.Name("X-Harness-Fault")!
    static let cassetteHeader = HTTPField.Name("X-Harness-Cassette")!

    /// Answers a request under a vendor prefix, in the current mode, with its faults, and journals it.
    func handle(_ request: Request, target: RequestTarget, context: HarnessRequestContext) async throws -> Response {
        let method = request.method.rawValue
        let started = ContinuousClock.now
        var entry = JournalEntry(
            time: now(), vendor: nil, method: method, path: String(target.path), query: target.query.map(String.init),
            outcome: .rejected, status: nil)
        entry.mode = mode.rawValue
        var journaled = false
        defer { if !journaled { journal.append(entry) } }

        guard let (vendor, relativePath) = vendorRoute(target.path) else {
            entry.outcome = .unknownVendor
            return finish(&entry, unknownVendorResponse(target.path))
        }
        entry.vendor = vendor

        let decision: FaultDecision?
        do {
            let plan =
                try request.headers[Self.faultHeader].map { text throws(MockServerError) in
                    try FaultPlan(parsing: text)
                } ?? faultRules.plan(method: method, path: target.path)
            decision = plan.flatMap(decide)
            if decision != nil { entry.fault = plan?.description }
        } catch {
            return finish(
                &entry, .json(status: 400, ["error": "invalid fault", "message": .string(error.description)]))
        }

        let body: ByteBuffer
        do {
            body = try await collectBody(request)
        } catch {
            return finish(&entry, error)
        }
        if let decision {
            try await injector.delay(decision)
            if let fault = decision.connection {
                entry.outcome = .fault
                // Journaled before the connection breaks, so a client that sees the break finds the entry.
                journal.append(entry)
                journaled = true
                await injector.breakConnection(fault, channel: context.channel)
                throw ConnectionClosedByFault()
            }
        }

        let cassetteRequest = Self.cassetteRequest(
            method: method, target: target, relativePath: relativePath, headers: request.headers, body: body)
        if let refusal = strictRefusal(cassetteRequest, vendor: vendor, entry: &entry) { return refusal }
        var response: Response
        do {
            response = try await answer(cassetteRequest, vendor: vendor, request: request, entry: &entry)
        } catch let error as MockServerError {
            response = .json(status: 400, ["error": "invalid request", "message": .string(error.description)])
        }
        if let decision { response = try await injector.alter(response, decision) }
        entry.status = response.status.code
        return try await inspected(
            response, request: cassetteRequest, vendor: vendor, faulted: decision != nil, started: started,
            entry: &entry)
    }

    /// The answer of the current mode.
    private func answer(
        _ cassetteRequest: CassetteRequest, vendor: String, request: Request, entry: inout JournalEntry
    ) async throws -> Response {
        let mode = self.mode
        switch mode {
        case .simulate:
            entry.outcome = .simulated
            do {
                return try await simulators.respond(vendor: vendor, to: cassetteRequest).hummingbirdResponse
            } catch {
                logger.error("simulator failed", metadata: ["vendor": "\(vendor)", "error": "\(error)"])
                if let unavailable = Response.unavailable(error) { return unavailable }
                if case .stateStoreFull = error as? SimulatorError {
                    // 507 Insufficient Storage: the request changed nothing and may be sent again once space is back.
                    return .json(status: 507, ["error": "state store full", "message": .string("\(error)")])
                }
                return .json(status: 500, ["error": "simulator failed", "message": .string("\(error)")])
            }
        case .replay, .spy, .record:
            let named = try request.headers[Self.cassetteHeader].map { text throws(MockServerError) in
                try CassetteName(text, vendor: vendor)
            }
            if mode.replays {
                let route = RouteKey(method: cassetteRequest.method, path: cassetteRequest.parts.path)
                switch library.lookup(vendor: vendor, request: cassetteRequest, route: route, named: named) {
                case .hit(let cassette, let index):
                    entry.outcome = .hit
                    entry.cassette = cassette.name.description
                    return cassette.answer(at: index).response
                case .miss(let report):
                    if mode == .replay {
                        entry.outcome = .miss
                        entry.nearest = JournalNearestMiss(report)
                        logger.warning("replay miss", metadata: ["vendor": "\(vendor)", "miss": "\(report.message)"])
                        return .json(status: configuration.missStatus, report.json)
                    }
                }
            }
            guard let proxy = proxy.withLock({ $0 }) else {
                throw MockServerError.missingUpstream(mode: mode)
            }
            if let refusal = ProxyAccess(configuration: configuration).refusal(request.headers) {
                entry.outcome = .rejected
                return refusal
            }
            let cassette = try named ?? defaultCassette(vendor: vendor)
            entry.cassette = cassette.description
            let (response, recorded) = await proxy.forward(
                cassetteRequest, cassette: cassette, library: library, reload: mode == .spy)
            entry.outcome = recorded ? .recorded : .proxyFailed
            return response
        }
    }

    /// The request as cassettes hold it: its URL relative to the vendor's mount, without the harness's own
    /// fault and proxy-token headers.
    static func cassetteRequest(
        method: String, target: RequestTarget, relativePath: Substring, headers: HTTPFields, body: ByteBuffer
    ) -> CassetteRequest {
        cassetteRequest(
            method: method, target: target, relativePath: relativePath, headers: HeaderFields(headers), body: body)
    }

    /// ``cassetteRequest(method:target:relativePath:headers:body:)`` from NIO's HTTP/1.1 headers, which still hold
    /// `Host` (HTTP Types moves the first one into the request's authority, so it is left out here too).
    static func cassetteRequest(
        method: String, target: RequestTarget, relativePath: Substring, headers: HTTPHeaders, body: ByteBuffer
    ) -> CassetteRequest {
        var fields: [HeaderFields.Field] = []
        fields.reserveCapacity(headers.count)
        var firstHost = true
        for (name, value) in headers {
            if firstHost, name.count == 4, name.lowercased() == "host" {
                firstHost = false
                continue
            }
            fields.append(HeaderFields.Field(name, value))
        }
        return cassetteRequest(
            method: method, target: target, relativePath: relativePath, headers: HeaderFields(fields), body: body)
    }

    private static func cassetteRequest(
        method: String, target: RequestTarget, relativePath: Substring, headers: HeaderFields, body: ByteBuffer
    ) -> CassetteRequest {
        var request = CassetteRequest(
            method: method, url: target.relative(path: relativePath), headers: headers,
            body: Data(body.readableBytesView))
        request.headers.removeAll(named: faultHeader.rawName)
        request.headers.removeAll(named: ProxyAccess.tokenHeader.rawName)
        return request
    }

    /// The cassette recorded into when the request names none: `--cassette`, or `<vendor>/recorded`.
    private func defaultCassette(vendor: String) throws(MockServerError) -> CassetteName {
        try CassetteName(configuration.cassette ?? "recorded", vendor: vendor)
    }

    /// The vendor a path names and the path relative to its mount; nil when it names none.
    func vendorRoute(_ path: Substring) -> (vendor: String, relative: Substring)? {
        if let single = configuration.vendor { return (single, path) }
        let rest = path.drop { $0 == "/" }
        let end = rest.firstIndex(of: "/") ?? rest.endIndex
        let vendor = String(rest[..<end])
        guard !vendor.isEmpty, VendorName.isValid(vendor), serves(vendor) else { return nil }
        return (vendor, rest[end...])
    }

    /// 404 naming the vendors the server answers for.
    func unknownVendorResponse(_ path: Substring) -> Response {
        let vendors = servedVendors
        return .json(
            status: 404,
            [
                "error": "unknown vendor",
                "path": .string(String(path)),
                "vendors": .array(vendors.map { .string($0) }),
                "message": .string(
                    "no vendor is mounted at \(path); use one of: \(vendors.map { "/" + $0 }.joined(separator: ", "))"),
            ])
    }

    /// The request body, refused with 413 above the limit.
    private func collectBody(_ request: Request) async throws(BodyRejected) -> ByteBuffer {
        let limit = configuration.maxBodySize
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw BodyRejected(limit: limit)
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw BodyRejected(limit: limit)
        } catch {
            throw BodyRejected(limit: limit, reason: "\(error)")
        }
    }

    private func finish(_ entry: inout JournalEntry, _ response: Response) -> Response {
        entry.status = response.status.code
        return response
    }

    private func finish(_ entry: inout JournalEntry, _ rejection: BodyRejected) -> Response {
        finish(&entry, rejection.response)
    }
}

/// A request body the server will not read.
struct BodyRejected: Error {
    var limit: Int
    var reason: String?

    var response: Response {
        guard let reason else {
            return .json(
                status: 413,
                [
                    "error": "request body too large",
                    "limit": .number(JSONNumber(limit)),
                    "message": .string("the body exceeds \(limit) bytes; raise --max-body-size BYTES"),
                ])
        }
        return .json(status: 400, ["error": "request body unreadable", "message": .string(reason)])
    }
}

/// Thrown after a fault closed the connection: there is no response to write.
struct ConnectionClosedByFault: Error {}

extension Response {
    /// A JSON response with sorted keys.
    /// The answer when the shared state store cannot be reached (``MockServerError/stateStoreUnavailable(location:reason:)``):
    /// 503 with `Retry-After: 1` and a JSON body naming the store; nil for any other error.
    static func unavailable(_ error: any Error) -> Response? {
        guard let error = error as? MockServerError, case .stateStoreUnavailable(let location, _) = error else {
            return nil
        }
        let body: JSONValue = [
            "error": "state store unavailable", "store": .string(location), "message": .string(error.description),
        ]
        return CassetteResponse.json(status: 503, body, headers: ["Retry-After": "1"]).hummingbirdResponse
    }

    static func json(status: Int, _ body: JSONValue) -> Response {
        CassetteResponse.json(status: status, body).hummingbirdResponse
    }
}
