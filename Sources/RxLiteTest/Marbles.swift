import RxLite

// Marble strings: a sequence drawn as text, one character per frame of `frame` ticks (10 by default).
//
//   -      a frame in which nothing happens
//   a      `.next(values["a"])`: any character that is not a symbol, looked up in `values`
//   |      `.completed`
//   #      `.error(error)` (a `TestError()` unless an `error:` is given)
//   (ab|)  several events in one frame, in order; the whole group takes one frame
//   ^      the subscription point (hot marbles and expected output only); takes no time: the frame right after it
//          is at the subscription time, `subscribed` (200 by default), the one right before it at
//          `subscribed - frame`
//   space  ignored, for alignment
//
// Time of a frame: without `^`, frame `i` (counting from 0) is at `i * frame`, absolute for hot marbles and
// expected output, relative to each subscription for cold ones. With `^`, it is `subscribed + k * frame` where `k`
// counts frames from the `^` (negative before it). So `"^(a|)"` is `.next` and `.completed` at 200, which is what
// `just` records under `start()`, and a cold `"-a|"` is the hot `"^-a|"`.
//
// Two choices differ from RxJS marbles, on purpose: a group `(ab)` is one frame wide (RxJS counts each character),
// and `^` takes no frame (in RxJS it is frame 0, so nothing can happen at the subscription tick).

/// Why a marble string could not be read, and where.
public struct MarbleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Equatable, Sendable {
        /// A `(` with no matching `)`.
        case unclosedGroup
        /// A `)` with no `(` before it.
        case unopenedGroup
        /// A `(` inside a group.
        case nestedGroup
        /// `()` with no event inside.
        case emptyGroup
        /// A `-` or `^` inside a group, where all events share one frame.
        case timeInsideGroup
        /// A value character with no entry in `values`.
        case unknownValue(Character)
        /// A second `^`.
        case duplicateSubscriptionPoint
        /// A `^` in a cold marble, which is always relative to its subscription.
        case subscriptionPointInColdObservable
        /// An event after `|` or `#`.
        case eventAfterTermination
    }

    /// The marble string as given.
    public let marbles: String
    /// The offending character's offset in `marbles`, counting every character (spaces too) from 0.
    public let offset: Int
    /// What is wrong there.
    public let reason: Reason

    /// An error about the character at `offset` of `marbles`.
    public init(marbles: String, offset: Int, reason: Reason) {
        self.marbles = marbles
        self.offset = offset
        self.reason = reason
    }

    /// The problem, the string, and a caret under the offending character.
    public var description: String {
        let problem: String
        switch reason {
        case .unclosedGroup: problem = "'(' is never closed"
        case .unopenedGroup: problem = "')' closes no group"
        case .nestedGroup: problem = "groups cannot nest"
        case .emptyGroup: problem = "a group needs at least one event"
        case .timeInsideGroup: problem = "'-' and '^' cannot appear inside a group (its events share one frame)"
        case .unknownValue(let key): problem = "no value for '\(key)' (add it to `values:`)"
        case .duplicateSubscriptionPoint: problem = "a second '^' (only one subscription point is allowed)"
        case .subscriptionPointInColdObservable: problem = "'^' in a cold observable (its times are relative already)"
        case .eventAfterTermination: problem = "an event after '|' or '#'"
        }
        return "Invalid marbles at offset \(offset): \(problem)\n  \(marbles)\n  "
            + String(repeating: " ", count: offset) + "^"
    }
}

extension TestScheduler {
    /// Reads a marble string into recorded events with absolute times (see the marble syntax in `Marbles.swift`).
    ///
    /// `values` maps each value character to its element, `error` is what `#` sends, `frame` is ticks per
    /// character, and `subscribed` is the time the frame after `^` falls on (it is unused without `^`).
    /// Throws a ``MarbleError`` naming the offset of the first problem.
    public static func parseMarbles<Element>(
        _ marbles: String, values: [Character: Element] = [:], error: any Error = TestError(),
        frame: TestTime = Defaults.frame, subscribed: TestTime = Defaults.subscribed
    ) throws(MarbleError) -> [Recorded<Event<Element>>] {
        try MarbleParser.parse(
            marbles, values: values, error: error, frame: frame, subscribed: subscribed, allowsSubscriptionPoint: true)
    }

    /// Draws recorded events as a marble string, the reverse of ``parseMarbles(_:values:error:frame:subscribed:)``.
    ///
    /// An element is drawn as its key in `values` (the smallest key when several match), else as its description
    /// when that is one character and not a symbol, else as `?`. Events in the same frame are grouped; an event
    /// between frames is drawn in the frame it falls in (time rounded down). With `subscribed`, a `^` is drawn
    /// before the frame at that time and the drawing starts at `^` or at the first event, whichever is earlier;
    /// without it, the drawing starts at time 0. It ends with the last event. Strings drawn this way parse back to
    /// the same events when every event falls on a frame and every element has a key.
    public static func renderMarbles<Element: Equatable>(
        _ events: [Recorded<Event<Element>>], values: [Character: Element] = [:], frame: TestTime = Defaults.frame,
        subscribed: TestTime? = nil
    ) -> String {
        MarbleParser.render(events, values: values, frame: frame, subscribed: subscribed)
    }

    /// A hot observable drawn as marbles, for example `"-a-^-b--c|"`: events are scheduled now at absolute times,
    /// with the frame after `^` at `subscribed` (200, where `start()` subscribes). Traps with a ``MarbleError``
    /// message on invalid marbles.
    public func createHotObservable<Element>(
        _ marbles: String, values: [Character: Element] = [:], error: any Error = TestError(),
        frame: TestTime = Defaults.frame, subscribed: TestTime = Defaults.subscribed
    ) -> TestableObservable<Element> {
        createHotObservable(
            MarbleParser.parseOrTrap(
                marbles, values: values, error: error, frame: frame, subscribed: subscribed,
                allowsSubscriptionPoint: true))
    }

    /// A cold observable drawn as marbles, for example `"-a--b|"`: frame `i` is `i * frame` ticks after each
    /// subscription. A `^` is not allowed. Traps with a ``MarbleError`` message on invalid marbles.
    public func createColdObservable<Element>(
        _ marbles: String, values: [Character: Element] = [:], error: any Error = TestError(),
        frame: TestTime = Defaults.frame
    ) -> TestableObservable<Element> {
        createColdObservable(
            MarbleParser.parseOrTrap(
                marbles, values: values, error: error, frame: frame, subscribed: 0, allowsSubscriptionPoint: false))
    }
}

extension Recorded {
    /// The events a marble string draws, for the expected side of a test:
    /// `#expect(res.events == Recorded.events(fromMarbles: "^-a-b|", values: ["a": 1, "b": 2]))`.
    ///
    /// Same syntax and arguments as ``TestScheduler/parseMarbles(_:values:error:frame:subscribed:)``; traps with
    /// the ``MarbleError`` message on invalid marbles.
    public static func events<T>(
        fromMarbles marbles: String, values: [Character: T] = [:], error: any Error = TestError(),
        frame: TestTime = TestScheduler.Defaults.frame, subscribed: TestTime = TestScheduler.Defaults.subscribed
    ) -> [Recorded<Event<T>>] where Value == Event<T> {
        MarbleParser.parseOrTrap(
            marbles, values: values, error: error, frame: frame, subscribed: subscribed, allowsSubscriptionPoint: true)
    }
}

/// Reads and draws marble strings.
enum MarbleParser {
    static let symbols: Set<Character> = ["-", "|", "#", "^", "(", ")", " "]

    static func parseOrTrap<Element>(
        _ marbles: String, values: [Character: Element], error: any Error, frame: TestTime, subscribed: TestTime,
        allowsSubscriptionPoint: Bool
    ) -> [Recorded<Event<Element>>] {
        do {
            return try parse(
                marbles, values: values, error: error, frame: frame, subscribed: subscribed,
                allowsSubscriptionPoint: allowsSubscriptionPoint)
        } catch {
            preconditionFailure(error.description)
        }
    }

    static func parse<Element>(
        _ marbles: String, values: [Character: Element], error: any Error, frame: TestTime, subscribed: TestTime,
        allowsSubscriptionPoint: Bool
    ) throws(MarbleError) -> [Recorded<Event<Element>>] {
        precondition(frame > 0, "A marble frame must be at least one tick, got \(frame)")
        func failure(_ offset: Int, _ reason: MarbleError.Reason) -> MarbleError {
            MarbleError(marbles: marbles, offset: offset, reason: reason)
        }

        // Events by frame index counted from the start of the string; converted to times once `^` is known.
        var placed: [(frameIndex: Int, event: Event<Element>)] = []
        var frameIndex = 0
        var subscriptionFrame: Int?
        var groupStart: (offset: Int, eventCount: Int)?
        var isTerminated = false

        for (offset, character) in marbles.enumerated() {
            switch character {
            case _ where character.isWhitespace:
                continue
            case "(":
                if groupStart != nil { throw failure(offset, .nestedGroup) }
                groupStart = (offset, 0)
            case ")":
                guard let group = groupStart else { throw failure(offset, .unopenedGroup) }
                if group.eventCount == 0 { throw failure(offset, .emptyGroup) }
                groupStart = nil
                frameIndex += 1
            case "-":
                if groupStart != nil { throw failure(offset, .timeInsideGroup) }
                frameIndex += 1
            case "^":
                if !allowsSubscriptionPoint { throw failure(offset, .subscriptionPointInColdObservable) }
                if groupStart != nil { throw failure(offset, .timeInsideGroup) }
                if subscriptionFrame != nil { throw failure(offset, .duplicateSubscriptionPoint) }
                subscriptionFrame = frameIndex
            default:
                if isTerminated { throw failure(offset, .eventAfterTermination) }
                let event: Event<Element>
                switch character {
                case "|":
                    event = .completed
                    isTerminated = true
                case "#":
                    event = .error(error)
                    isTerminated = true
                default:
                    guard let element = values[character] else { throw failure(offset, .unknownValue(character)) }
                    event = .next(element)
                }
                placed.append((frameIndex, event))
                if let group = groupStart {
                    groupStart = (group.offset, group.eventCount + 1)
                } else {
                    frameIndex += 1
                }
            }
        }
        if let group = groupStart { throw failure(group.offset, .unclosedGroup) }

        let origin = subscriptionFrame.map { subscribed - $0 * frame } ?? 0
        return placed.map { Recorded(time: origin + $0.frameIndex * frame, value: $0.event) }
    }

    static func render<Element: Equatable>(
        _ events: [Recorded<Event<Element>>], values: [Character: Element], frame: TestTime, subscribed: TestTime?
    ) -> String {
        precondition(frame > 0, "A marble frame must be at least one tick, got \(frame)")
        let origin = subscribed ?? 0
        func frameIndex(_ time: TestTime) -> Int {
            let offset = time - origin
            // Rounds down, also for times before the origin.
            return offset >= 0 ? offset / frame : -((-offset + frame - 1) / frame)
        }
        var byFrame: [Int: [Event<Element>]] = [:]
        for recorded in events { byFrame[frameIndex(recorded.time), default: []].append(recorded.value) }

        let keys = values.keys.sorted()
        func draw(_ event: Event<Element>) -> String {
            switch event {
            case .completed: return "|"
            case .error: return "#"
            case .next(let element):
                if let key = keys.first(where: { values[$0] == element }) { return String(key) }
                let description = String(describing: element)
                if description.count == 1, let character = description.first, !symbols.contains(character) {
                    return description
                }
                return "?"
            }
        }

        let firstFrame = min(0, byFrame.keys.min() ?? 0)
        let lastFrame = byFrame.keys.max() ?? -1
        var drawing = ""
        var index = firstFrame
        while index <= lastFrame {
            if subscribed != nil && index == 0 { drawing += "^" }
            if let frameEvents = byFrame[index] {
                let drawn = frameEvents.map(draw).joined()
                drawing += frameEvents.count == 1 ? drawn : "(\(drawn))"
            } else {
                drawing += "-"
            }
            index += 1
        }
        if subscribed != nil && lastFrame < 0 { drawing += "^" }
        return drawing
    }
}
