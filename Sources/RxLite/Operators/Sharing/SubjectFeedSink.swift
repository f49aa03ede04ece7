/// A connectable's feed into a subject of RxLite's own (``Observable/feedSink(connection:beforeEnd:)``) for the
/// connection's lifetime: elements go to the subject's hub as themselves; on the end, `beforeEnd` runs before the
/// subject hears of it.
final class SubjectFeedSink<Memory: SubjectMemory>: EventSink<Memory.Element> {
    /// The subject, kept alive while the connection feeds it: its deinit lets its observers go, and `beforeEnd` may
    /// release the connectable's last reference to it before the end reaches them.
    let subject: AnyObject
    let hub: SubjectHub<Memory>
    let connection: Lifetime
    let beforeEnd: () -> Void

    init(subject: AnyObject, hub: SubjectHub<Memory>, connection: Lifetime, beforeEnd: @escaping () -> Void) {
        self.subject = subject
        self.hub = hub
        self.connection = connection
        self.beforeEnd = beforeEnd
    }

    override func on(next element: Memory.Element) {
        if connection.isActive { hub.on(next: element) }
    }

    override func on(error: any Error) { end(.error(error)) }

    override func onCompleted() { end(.completed) }

    private func end(_ event: Event<Memory.Element>) {
        guard connection.beginStop() else { return }
        beforeEnd()
        hub.on(event)
        connection.dispose()
    }
}
