/// Emits a source's elements one per trampoline action (RxSwift's `scheduleRecursive` on `CurrentThreadScheduler`):
/// `step` emits one element, or ends the sequence and returns `false`. While nothing else waits in the queue the
/// steps run in a loop, which is the same order without an action per element.
final class TrampolinedEmission: TrampolineItem {
    let step: () -> Bool

    init(_ step: @escaping () -> Bool) {
        self.step = step
    }

    /// Starts emitting: queued behind the running trampoline's actions, or at once in a trampoline of its own.
    static func start(_ step: @escaping () -> Bool) {
        let emission = TrampolinedEmission(step)
        if let trampoline = Trampoline.current {
            trampoline.append(emission)
        } else {
            Trampoline.open { emission.run() }
        }
    }

    func run() {
        while step() {
            if Trampoline.hasWaitingItems {
                Trampoline.current!.append(self)
                return
            }
        }
    }
}
