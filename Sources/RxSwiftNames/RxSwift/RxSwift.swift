// RxSwift's module name for RxLite: `import RxSwift` and `RxSwift.`-qualified names in RxSwift code
// compile unchanged.
@_exported import RxLite
