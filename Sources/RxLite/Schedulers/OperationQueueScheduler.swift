import Foundation

/// Runs actions as operations on an `OperationQueue`, which decides how many run at once.
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The queue the operations are added to.
    public let operationQueue: OperationQueue
    /// The priority of each operation.
    public let queuePriority: Operation.QueuePriority

    /// A scheduler adding operations of `queuePriority` to `operationQueue`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation that runs `action(state)`; disposing the result first cancels it.
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UncheckedTransfer(value: (state, action))
        let operation = BlockOperation {
            if cancel.isDisposed { return }
            cancel.live.withCreationScope { cancel.setDisposable(work.value.1(work.value.0)) }
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return cancel
    }
}
