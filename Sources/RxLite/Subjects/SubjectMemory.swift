/// What a subject remembers and replays: the part that differs between Publish, Behavior, Replay and Async.
///
/// The hub calls every method under its lock, from the thread currently emitting.
protocol SubjectMemory<Element> {
    associatedtype Element

    /// Records `event` and says whether current observers receive it as is.
    mutating func record(_ event: Event<Element>) -> Bool

    /// Records `element` and says whether current observers receive it as is: ``record(_:)`` for an element that
    /// arrives as itself, with no `Event` built around it.
    mutating func record(element: Element) -> Bool

    /// Whether ``replay()`` holds anything: read per subscription, without building the replay.
    var hasReplay: Bool { get }

    /// The events a new subscriber receives before anything else (for a live subject).
    func replay() -> [Event<Element>]

    /// The events a subscriber arriving after the end receives, ending with the terminal event.
    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>]

    /// The name of the subject type, for `RxError.disposed`.
    static var subjectName: String { get }
}
