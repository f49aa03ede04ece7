// RxSwift's module name for RxLiteTest: `import RxTest` and `RxTest.`-qualified names in RxSwift code
// compile unchanged.
@_exported import RxLiteTest
