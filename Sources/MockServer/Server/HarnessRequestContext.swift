import Hummingbird
import NIOCore

/// The request context of the mock server: Hummingbird's core storage plus the connection's channel, which
/// the connection faults (reset, empty reply, no reply) act on.
struct HarnessRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
