public import Foundation

/// The default store: one small JSON file, `{"subscriber_id":"sub_…"}`, written atomically.
public actor RHFileSubscriberStore: RHSubscriberStore {
    /// The file the id is kept in.
    public nonisolated let fileURL: URL

    /// A store in the file at `fileURL`.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// `ReferralHero/<campaign uuid>.json` in the user's Application Support folder (XDG data folder on Linux).
    public static func standard(campaignUUID: String) -> RHFileSubscriberStore {
        let support =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let file = support.appendingPathComponent("ReferralHero", isDirectory: true)
            .appendingPathComponent("\(campaignUUID).json")
        return RHFileSubscriberStore(fileURL: file)
    }

    private struct Contents: Codable {
        var subscriberID: String

        enum CodingKeys: String, CodingKey {
            case subscriberID = "subscriber_id"
        }
    }

    /// The stored id; `nil` when the file does not exist.
    public func subscriberID() throws -> String? {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return nil }
        do {
            return try JSONDecoder().decode(Contents.self, from: Data(contentsOf: fileURL)).subscriberID
        } catch {
            throw RHError.subscriberStore("\(fileURL.path) is unreadable (\(error)); delete it to start afresh")
        }
    }

    /// Writes `id` to the file, atomically.
    public func setSubscriberID(_ id: String) throws {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            var data = try encoder.encode(Contents(subscriberID: id))
            data.append(0x0A)
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: fileURL, options: .atomic)
        } catch {
            throw RHError.subscriberStore("\(fileURL.path) could not be written (\(error))")
        }
    }

    /// Removes the file; nothing happens when it does not exist.
    public func removeSubscriberID() throws {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return }
        do {
            try FileManager.default.removeItem(at: fileURL)
        } catch {
            throw RHError.subscriberStore("\(fileURL.path) could not be removed (\(error))")
        }
    }
}
