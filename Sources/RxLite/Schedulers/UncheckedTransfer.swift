/// Carries a value into a `@Sendable` dispatch closure.
///
/// Scheduler actions are not `Sendable` (see ``ImmediateSchedulerType``); the scheduler takes responsibility for
/// running each exactly once, on its queue.
struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
}
