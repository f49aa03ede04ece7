// RxSwift's module name for RxLite's relays, which live in RxLite, so that `import RxRelay` compiles unchanged.
@_exported import RxLite
