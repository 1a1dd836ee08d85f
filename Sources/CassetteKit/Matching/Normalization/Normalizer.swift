import Foundation
import JSONCore
import LibXML

/// Reduces requests to their ``NormalizedRequest`` under one matcher and context. Both sides of every
/// comparison go through the same steps: secrets replaced by kind-only placeholders (so a real token and a
/// recorded `<redacted:authorization:1>` agree), volatile values masked, bodies parsed by content type.
struct Normalizer: Sendable {
    let matcher: RequestMatcher
    let context: MatchContext

    func normalize(_ request: CassetteRequest) -> NormalizedRequest {
        normalize(request, url: request.parts)
    }

    /// `request` normalized, its URL already split.
    func normalize(_ request: CassetteRequest, url: RequestURL) -> NormalizedRequest {
        var replacer = SecretReplacer(rules: context.secrets, table: PlaceholderTable(numbered: false))
        var parts: [NormalizedRequest.Part] = []
        parts.reserveCapacity(matcher.rules.count)
        for rule in matcher.rules {
            switch rule {
            case .method: parts.append(.method(request.method.uppercased()))
            case .scheme: parts.append(.scheme(url.scheme))
            case .host: parts.append(.host(url.host))
            case .port: parts.append(.port(url.effectivePort))
            case .path: parts.append(.path(FormCoding.decodePath(url.path)))
            case .query:
                let pairs = url.queryItems.map { item in
                    let value = replacer.pair(.query, name: item.name, value: item.value)
                    return Pair(
                        name: item.name, value: .text(context.mask(value, rules: context.volatileQuery[item.name])))
                }
                parts.append(.query(pairs.sorted()))
            case .headers(let names):
                var pairs: [Pair] = []
                for name in names {
                    for value in request.headers.values(for: name) {
                        let redacted = replacer.header(name: name, value: value)
                        pairs.append(
                            Pair(name: name, value: .text(context.mask(redacted, rules: context.volatileHeaders[name])))
                        )
                    }
                }
                parts.append(.headers(pairs.sorted()))
            case .body(let body):
                guard body.kind != .ignored else { continue }
                parts.append(.body(bodyKey(request, matcher: body, replacer: &replacer)))
            case .custom:
                continue
            }
        }
        return NormalizedRequest(parts: parts)
    }

    /// The method and path an index buckets by (empty when the matcher does not compare them).
    func bucket(_ request: CassetteRequest, url: RequestURL? = nil) -> BucketKey {
        var key = BucketKey(method: "", path: "")
        for rule in matcher.rules {
            switch rule {
            case .method: key.method = request.method.uppercased()
            case .path: key.path = FormCoding.decodePath((url ?? request.parts).path)
            default: continue
            }
        }
        return key
    }

    /// The custom predicates of the matcher, which normalization cannot express.
    var customPredicates: [@Sendable (CassetteRequest, CassetteRequest) -> Bool] {
        matcher.rules.compactMap { rule in
            if case .custom(_, let predicate) = rule { return predicate }
            return nil
        }
    }
}

/// The bucket of an index: method and decoded path.
struct BucketKey: Sendable, Hashable {
    var method: String
    var path: String
}
