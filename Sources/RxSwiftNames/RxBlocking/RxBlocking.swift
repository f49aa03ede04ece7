// RxSwift's module name for RxLiteBlocking: `import RxBlocking` and `RxBlocking.`-qualified names in RxSwift code
// compile unchanged.
@_exported import RxLiteBlocking
