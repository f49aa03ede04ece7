// RxSwift's module name for RxLiteUI (Driver, Signal, Binder and the `.rx` bindings live in RxLite, the UI pieces in
// RxLiteUI), so that `import RxCocoa` in RxSwift code compiles unchanged.
//
// It also makes Foundation visible, as RxCocoa's framework build does (app files written against CocoaPods or
// Carthage builds rely on it); outside Apple platforms that includes FoundationNetworking, where `URLSession` and
// `URLRequest` live, so that `URLSession.rx` code needs no import of its own there either.
@_exported import Foundation
@_exported import RxLite
@_exported import RxLiteUI

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
