public import Foundation
import JSONCore

extension HAR.Content {
    /// Stores `body`: as text when it is UTF-8 text without a content encoding, base64 otherwise.
    public init(body: Data, mimeType: String, contentEncoding: String?) {
        let stored = StoredBody(body, mimeType: mimeType, contentEncoding: contentEncoding)
        let decodedSize = ContentEncoding.decode(body, contentEncoding: contentEncoding)?.count
        self.init(
            size: decodedSize ?? body.count,
            compression: decodedSize.map { $0 - body.count },
            mimeType: mimeType,
            text: stored.text,
            encoding: stored.encoding
        )
    }

    /// The body bytes (base64 decoded when `encoding` is `base64`), nil when that base64 is invalid.
    public var bytes: Data? {
        StoredBody.bytes(text: text, encoding: encoding)
    }
}

extension HAR.PostData {
    /// Stores a request body the way ``HAR/Content`` stores a response body.
    public init(body: Data, mimeType: String, contentEncoding: String?) {
        let stored = StoredBody(body, mimeType: mimeType, contentEncoding: contentEncoding)
        self.init(mimeType: mimeType, text: stored.text, encoding: stored.encoding)
    }

    /// The body bytes: `text` (base64 decoded when `encoding` is `base64`), or the `params` form-encoded when
    /// there is no text; nil when the base64 is invalid.
    public var bytes: Data? {
        if text == nil, let params, !params.isEmpty {
            let form = params.map { FormCoding.encode($0.name) + "=" + FormCoding.encode($0.value ?? "") }
            return Data(form.joined(separator: "&").utf8)
        }
        return StoredBody.bytes(text: text, encoding: encoding)
    }
}

/// How a body is kept in HAR text.
struct StoredBody {
    var text: String?
    var encoding: String?

    init(_ body: Data, mimeType: String, contentEncoding: String?) {
        let encoded = contentEncoding.map { !$0.isEmpty && $0.lowercased() != "identity" } ?? false
        if body.isEmpty {
            text = ""
        } else if !encoded, MediaType(contentType: mimeType, sniffing: body).isText,
            let string = String(validating: body, as: UTF8.self)
        {
            text = string
        } else {
            text = body.base64EncodedString()
            encoding = "base64"
        }
    }

    static func bytes(text: String?, encoding: String?) -> Data? {
        guard let text else { return Data() }
        if encoding?.lowercased() == "base64" {
            return Data(base64Encoded: text, options: .ignoreUnknownCharacters)
        }
        return Data(text.utf8)
    }
}
