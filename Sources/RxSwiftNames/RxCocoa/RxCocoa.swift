// RxSwift's module name for RxLiteUI (Driver, Signal, Binder and the `.rx` bindings live in RxLite, the UI pieces in
// RxLiteUI), so that `import RxCocoa` in RxSwift code compiles unchanged.
@_exported import RxLite
@_exported import RxLiteUI
