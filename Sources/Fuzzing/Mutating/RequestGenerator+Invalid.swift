internal import ContractKit
internal import Foundation
public import JSONCore

extension RequestGenerator {
    /// An invalid request for `operation` (carrying `xmlOperation`, when given): a valid one broken in one way
    /// drawn from those that apply. Schema mutations are kept only when the contract check finds the request
    /// invalid; nil when none applies. An unknown or degenerate id must be refused when the contract check finds
    /// the request invalid; otherwise only answers the contract does not allow are findings.
    public func invalid(
        _ operation: FuzzOperation, xmlOperation: String? = nil, random: inout SeededGenerator
    ) -> FuzzRequest? {
        let base = validDraft(operation, xmlOperation: xmlOperation, random: &random)
        var mutations = self.mutations
        while !mutations.isEmpty {
            let index = random.int(0...(mutations.count - 1))
            let mutation = mutations.remove(at: index)
            var draft = base
            guard let (detail, mustBeRefused, checked) = apply(mutation, to: &draft, random: &random) else { continue }
            if mutation == .unknownRecord || mutation == .degenerateID { return judged(draft, mutation, detail) }
            let request = draft.request(intent: .invalid(mutation, detail: detail, mustBeRefused: mustBeRefused))
            if checked, requestViolations(request).isEmpty { continue }
            return request
        }
        return nil
    }

    /// Breaks `draft`; returns what was broken, whether the target must refuse it, and whether the contract
    /// check must agree it is invalid. Nil when the mutation does not apply.
    func apply(
        _ mutation: FuzzRequest.Mutation, to draft: inout RequestDraft, random: inout SeededGenerator
    ) -> (String, Bool, Bool)? {
        switch mutation {
        case .missingRequired, .wrongType, .outOfRange, .unknownMember:
            if draft.xml != nil, random.chance(80),
                let broken = mutateXMLDocument(mutation, in: &draft, random: &random)
            {
                return broken
            }
            return mutateMember(mutation, in: &draft, random: &random)
        case .wrongCase:
            return mutateXMLCase(in: &draft, random: &random)
        case .unknownRecord, .degenerateID:
            return mutateIdentifier(mutation, in: &draft, random: &random)
        case .malformedJSON:
            guard let json = draft.json else { return nil }
            let text = json.serialized()
            let cut = text.isEmpty ? 0 : random.int(0...(text.count - 1))
            draft.rawBody = Data((String(text.prefix(cut)) + (random.chance(50) ? "" : ",}")).utf8)
            return ("body cut after \(cut) characters", true, true)
        case .malformedXML, .wrongNamespace:
            return mutateXML(mutation, in: &draft, random: &random)
        case .wrongContentType:
            guard !draft.body.isEmpty, draft.contentType != nil else { return nil }
            let type = random.pick(["text/plain", "application/octet-stream", "image/png"]) ?? "text/plain"
            guard draft.media?.mediaType.contains("*") != true else { return nil }
            draft.contentType = type
            return ("Content-Type \(type)", true, true)
        case .badPercentEncoding:
            return mutateEncoding(in: &draft, random: &random)
        case .badUTF8:
            guard draft.json != nil || draft.form != nil else { return nil }
            var bytes = [UInt8](draft.body)
            let invalid: [UInt8] = random.pick([[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80]]) ?? [0xFF]
            if draft.json != nil, let quote = bytes.lastIndex(of: UInt8(ascii: "\"")) {
                bytes.insert(contentsOf: invalid, at: quote)
            } else if draft.json == nil {
                bytes += invalid
            } else {
                return nil
            }
            draft.rawBody = Data(bytes)
            return ("bytes \(invalid.map { String($0, radix: 16) }.joined(separator: " ")) in the body", true, true)
        case .oversizedBody:
            guard draft.json != nil || draft.form != nil else { return nil }
            let size = 2 << 20
            let padding = draft.json != nil ? " " : "&fz=" + String(repeating: "a", count: size)
            draft.rawBody =
                draft.body + Data((draft.json != nil ? String(repeating: padding, count: size) : padding).utf8)
            return ("\(size) more bytes", false, false)
        case .missingCredentials, .wrongCredentials:
            return mutateCredentials(mutation, in: &draft, random: &random)
        }
    }

    private func mutateCredentials(
        _ mutation: FuzzRequest.Mutation, in draft: inout RequestDraft, random: inout SeededGenerator
    ) -> (String, Bool, Bool)? {
        var places: [String] = draft.operation.credentials.map(\.name)
        if profile.login != nil, let name = profile.login?.name, draft.headers.contains(where: { $0.name == name }) {
            places.append(name)
        }
        let pathNames = draft.operation.parameters.filter { $0.location == .path && fixed[$0.name] != nil }.map(\.name)
        let credentialNames = Set(profile.credentials.keys).union(["Authorization"])
        places = Array(Set(places)).sorted()
        let paths = pathNames.filter { credentialNames.contains($0) || $0 == "uuid" || $0.lowercased().contains("key") }
        guard let place = random.pick(places + (mutation == .wrongCredentials ? paths : [])) else { return nil }
        if paths.contains(place), mutation == .wrongCredentials {
            draft.pathValues[place] = "fz" + (draft.pathValues[place] ?? "").reversed()
            return ("path parameter \(place) unknown", true, false)
        }
        if mutation == .missingCredentials {
            draft.removeHeader(place)
            draft.query.removeAll { $0.name == place }
            return ("no \(place)", true, false)
        }
        let current = draft.headers.first { $0.name == place }?.value ?? ""
        let wrong: String
        if current.hasPrefix("Bearer ") {
            wrong = "Bearer fz-wrong-token"
        } else if current.hasPrefix("Basic ") {
            wrong = "Basic " + Data("fz-wrong:fz-wrong".utf8).base64EncodedString()
        } else if current.hasPrefix("Api-Key ") {
            wrong = "Api-Key fz-wrong-key"
        } else {
            wrong = "fz-wrong-credential"
        }
        draft.setHeader(place, wrong)
        return ("\(place): a wrong credential", true, false)
    }

    private func mutateEncoding(in draft: inout RequestDraft, random: inout SeededGenerator) -> (String, Bool, Bool)? {
        let broken = random.pick(["%ZZ", "%C3%28", "%FF", "%"]) ?? "%ZZ"
        if draft.form != nil, random.chance(60) {
            let text = RequestDraft.encodeForm(draft.form ?? [])
            draft.rawBody = Data((text + "&" + "fz=" + broken).utf8)
            return ("form field fz=\(broken)", broken != "%ZZ" && broken != "%", broken != "%ZZ" && broken != "%")
        }
        guard brokenPaths else { return nil }
        let target = draft.target
        let end = target.firstIndex(of: "?") ?? target.endIndex
        draft.rawTarget = String(target[..<end]) + broken + String(target[end...])
        return ("path ends in \(broken)", false, false)
    }

    private func mutateXML(
        _ mutation: FuzzRequest.Mutation, in draft: inout RequestDraft, random: inout SeededGenerator
    ) -> (String, Bool, Bool)? {
        guard let media = draft.media, let field = media.xmlFields.keys.sorted().first,
            let index = draft.form?.firstIndex(where: { $0.name == field }), let xml = draft.form?[index].value
        else { return nil }
        let broken: String
        let detail: String
        if mutation == .malformedXML {
            let cut = random.int(1...max(1, xml.count - 2))
            broken = String(xml.prefix(cut))
            detail = "\(field) cut after \(cut) characters"
        } else {
            broken = xml.replacingOccurrences(of: "<Envelope>", with: "<Envelope xmlns=\"urn:fuzz:wrong\">")
            detail = "\(field) in namespace urn:fuzz:wrong"
        }
        draft.form?[index].value = broken
        return (detail, true, true)
    }
}
