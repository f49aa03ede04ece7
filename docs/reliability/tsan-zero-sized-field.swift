// ThreadSanitizer false positive, Swift 6.3.1 on Linux (see docs/RELIABILITY.md). Every access below holds the
// lock, yet `swiftc -sanitize=thread -Onone -g tsan-zero-sized-field.swift && ./a.out` reports a "Swift access
// race" at the Box object's own address: the modify access to the zero-sized `memory` is instrumented at the
// object's base, which the unlocked read of the object header (method dispatch in `run`) then "races" with.
// Give `Empty` one stored byte and the report goes away.
import Foundation
protocol Mem { init(); mutating func touch() -> Bool }
struct Empty: Mem { init() {}; mutating func touch() -> Bool { true } }
final class Box<M: Mem>: @unchecked Sendable {
    let lock = NSLock()
    var memory = M()
    var count = 0
    @inline(never) func write() { lock.lock(); _ = memory.touch(); lock.unlock() }
    @inline(never) func read() { lock.lock(); count += 1; lock.unlock() }
}
@inline(never) func run<M: Mem>(_ box: Box<M>) {
    DispatchQueue.concurrentPerform(iterations: 4) { i in
        for _ in 0..<1000 { if i % 2 == 0 { box.write() } else { box.read() } }
    }
}
let box = Box<Empty>()
run(box)
print(box.count)
