internal import CLibXML2
import JSONCore

extension XML {
    /// libxml2 contexts kept for the next call instead of being allocated and freed for every parse or
    /// validation: a parser context with its buffers and name dictionary, a schema's validation context. A context
    /// is used by one call at a time (taken out of the pool, put back after), so calls on many threads at once
    /// never share one.
    ///
    /// Documents never point into a pooled context: parsing uses `XML_PARSE_NODICT`, so a document owns its
    /// names instead of borrowing them from the parser's dictionary, which the next parse (maybe on another
    /// thread) keeps adding to.
    final class ContextPool<Context>: Sendable {
        // Invariant for Sendable: the contexts are only reached under the lock, and one taken out is owned by the
        // taker until it is put back.
        private struct Stack: @unchecked Sendable {
            var contexts: [Context] = []
        }

        private let stack = Locked(Stack())
        private let limit: Int
        private let free: @Sendable (Context) -> Void

        /// Keeps up to `limit` idle contexts; `free` releases one the pool does not keep.
        init(limit: Int = 16, free: @escaping @Sendable (Context) -> Void) {
            self.limit = limit
            self.free = free
        }

        /// An idle context, or nil when there is none (make a new one).
        func take() -> Context? {
            stack.withLock { $0.contexts.popLast() }
        }

        /// Keeps `context` for the next call, or frees it when the pool is full.
        func putBack(_ context: Context) {
            let kept = stack.withLock { stack in
                guard stack.contexts.count < limit else { return false }
                stack.contexts.append(context)
                return true
            }
            if !kept { free(context) }
        }

        /// Frees every idle context (before freeing what they point to).
        func removeAll() {
            let idle = stack.withLock { stack in
                defer { stack.contexts = [] }
                return stack.contexts
            }
            for context in idle { free(context) }
        }

        deinit {
            removeAll()
        }
    }

    /// The parser contexts of ``XML/Parser``.
    static let parserContexts = ContextPool<xmlParserCtxtPtr> { xmlFreeParserCtxt($0) }
}
