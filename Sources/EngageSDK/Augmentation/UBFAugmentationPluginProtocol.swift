/// The README's `UBFAugmentationPluginProtocol`: a plugin an app writes to add attributes to each event before it
/// is posted (its example adds temperatures). Hand it to the SDK as ``UBFAugmentationPlugin/init(_:)`` in
/// ``Engage/Options/augmentationPlugins``.
///
/// The event waits on HOLD until ``isSupplementalDataReady()`` is true and ``process(_:)`` has run; when that takes
/// longer than `Augmentation.augmentationTimeout` the event is posted as it was, EXPIRED.
public protocol UBFAugmentationPluginProtocol: Sendable {
    /// Whether the plugin runs before the others, in order ("Other plugins depend on this Plugins output"); the
    /// others run after them, in the order given.
    func processSyncronously() -> Bool
    /// Whether the data the plugin adds is ready; the SDK asks again until it is, or the timeout passes.
    func isSupplementalDataReady() -> Bool
    /// Adds attributes to `ubfEvent` (``UBF/setAttribute(_:value:)``) and returns it.
    func process(_ ubfEvent: UBF) -> UBF
}

extension UBFAugmentationPlugin {
    /// A plugin written to the README's ``UBFAugmentationPluginProtocol``.
    public init(_ plugin: any UBFAugmentationPluginProtocol) {
        self.init(name: String(describing: type(of: plugin))) { event in
            while !plugin.isSupplementalDataReady() {
                // Not a test: the SDK polls a plugin that has no way to say its data arrived.
                try await Task.sleep(for: .milliseconds(100))
            }
            return plugin.process(UBF(event: event)).event ?? event
        }
        runsFirst = plugin.processSyncronously()
    }
}
