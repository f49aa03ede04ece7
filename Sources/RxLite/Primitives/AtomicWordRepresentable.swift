/// A value that fits in the machine word of an ``RxAtomic`` cell.
package protocol AtomicWordRepresentable {
    /// The value stored as a word.
    var atomicWord: Int { get }
    /// The value a word read back from the cell stands for.
    init(atomicWord: Int)
}

extension Int: AtomicWordRepresentable {
    package var atomicWord: Int { self }
    package init(atomicWord: Int) { self = atomicWord }
}

extension Bool: AtomicWordRepresentable {
    package var atomicWord: Int { self ? 1 : 0 }
    package init(atomicWord: Int) { self = atomicWord != 0 }
}
