// A Swift 5 API client as RxCocoa apps write it, with only RxSwift's module names imported: no `import Foundation`
// (and on Linux no `import FoundationNetworking`), since `import RxCocoa` makes Foundation visible, as RxCocoa's
// framework build does. FoundationExtensionsTests uses it.
import RxCocoa
import RxSwift

/// A Swift 5 API client as RxCocoa apps write it; its sequences are built, never subscribed (no request is made).
final class BooksAPI {
    let session: URLSession
    let baseURL = URL(string: "http://127.0.0.1:9/")!

    init(session: URLSession = .shared) {
        self.session = session
    }

    func book(id: Int) -> Observable<Data> {
        session.rx.data(request: URLRequest(url: baseURL.appendingPathComponent("books/\(id)")))
    }

    func search(_ query: String) -> Observable<[[String: Any]]> {
        session.rx.json(url: baseURL.appendingPathComponent("search"))
            .map { $0 as? [[String: Any]] ?? [] }
    }

    func status() -> Observable<Int> {
        session.rx.response(request: URLRequest(url: baseURL)).map { pair in pair.response.statusCode }
    }

    func lenient() -> Observable<Any> {
        session.rx.json(request: URLRequest(url: baseURL), options: [.fragmentsAllowed])
    }

    /// What the app shows for a failure, matching RxCocoa's cases and labels.
    static func message(for error: Error) -> String {
        switch error {
        case RxCocoaURLError.httpRequestFailed(let response, let data):
            return "HTTP \(response.statusCode), \(data?.count ?? 0) bytes"
        case RxCocoaURLError.nonHTTPResponse(let response):
            return "not HTTP: \(response)"
        case RxCocoaURLError.deserializationError(let error):
            return "bad JSON: \(error)"
        case RxCocoaURLError.unknown:
            return "unknown"
        case RxCocoaError.castingError(let object, let targetType):
            return "\(object) is not \(targetType)"
        case let error as RxCocoaError:
            return error.debugDescription
        default:
            return "\(error)"
        }
    }
}
