import CRxAtomics

#if DEBUG
    /// How deeply the source chain subscribing on this thread is nested (debug builds): a ``SourceChainStorage``
    /// made while another subscribes to one of its sources is a source of that one, one level deeper. Kept in a C
    /// thread-local (Swift declares none), so that chains on other threads do not count; read once per chain made,
    /// set around each source a chain subscribes to.
    enum SourceChainDepth {
        /// The depth of the chain subscribing to a source on this thread now, 0 when none is.
        static var enclosing: Int { rx_source_chain_depth_get() }

        /// Marks a chain of `depth` as subscribing on this thread; returns the depth to restore with
        /// ``leave(to:)``.
        static func enter(_ depth: Int) -> Int {
            let enclosing = rx_source_chain_depth_get()
            rx_source_chain_depth_set(depth)
            return enclosing
        }

        /// Ends what ``enter(_:)`` began.
        static func leave(to enclosing: Int) {
            rx_source_chain_depth_set(enclosing)
        }
    }
#endif
