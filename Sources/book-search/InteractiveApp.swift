import BookSearch
import BookSearchTerminal
import Dispatch
import Foundation
import RxLite
import RxLiteUI

#if canImport(Glibc)
    import Glibc
#endif

/// Wires the terminal to the view model: keys in, frames out. All decisions are in BookSearchTerminal and
/// BookSearch; this only reads, writes and forwards.
@MainActor
final class InteractiveApp {
    private var screen: TerminalScreen
    private let viewModel: BookSearchViewModel
    private let queryType = BehaviorRelay(value: QueryType.keyword)
    private let searchText = BehaviorRelay(value: "")
    private let nearBottom = PublishRelay<Void>()
    private let retry = PublishRelay<Void>()
    private let disposeBag = DisposeBag()
    private var sources: [any DispatchSourceProtocol] = []
    private var pendingInput: [UInt8] = []
    private var isRenderScheduled = false

    init(service: any BookSearchService, sourceName: String, layout: TerminalLayout) {
        screen = TerminalScreen(layout: layout, sourceName: sourceName)
        viewModel = BookSearchViewModel(service: service)
    }

    func run() {
        let output = viewModel.transform(
            .init(
                queryType: queryType.asObservable(), searchText: searchText.asObservable(),
                nearBottom: nearBottom.asObservable(), retry: retry.asObservable()))
        output.state.drive(onNext: { [weak self] state in
            self?.screen.apply(state)
            self?.changed()
        }).disposed(by: disposeBag)
        output.status.drive(onNext: { [weak self] in
            self?.screen.status = $0
            self?.changed()
        }).disposed(by: disposeBag)
        output.errorMessage.drive(onNext: { [weak self] in
            self?.screen.errorMessage = $0
            self?.changed()
        }).disposed(by: disposeBag)

        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { MainActor.assumeIsolated { self.readInput() } }
        sources.append(input)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler { MainActor.assumeIsolated { self.resized() } }
        sources.append(resize)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { self.quit(status: 128 + signalNumber) } }
            sources.append(source)
        }
        signal(SIGWINCH, SIG_IGN)
        sources.forEach { $0.resume() }
        render()
    }

    private func readInput() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard count > 0 else {
            quit(status: 1, message: "book-search: the input was closed; quitting.")
            return
        }
        let (keys, remainder) = KeyParser.parse(pendingInput + buffer[0..<count])
        pendingInput = remainder
        for key in keys {
            for effect in screen.handle(key) {
                switch effect {
                case .searchTextChanged(let text): searchText.accept(text)
                case .queryTypeChanged(let type): queryType.accept(type)
                case .retry: retry.accept(())
                case .quit: quit(status: 0)
                }
            }
        }
        changed()
    }

    private func resized() {
        if let layout = Terminal.size() { screen.resize(to: layout) }
        Terminal.write(ANSI.clearScreen)
        render()
    }

    /// Something changed: ask for the next page when the list is scrolled to its end, and redraw once.
    private func changed() {
        if screen.wantsNextPage && screen.layout.isUsable { nearBottom.accept(()) }
        guard !isRenderScheduled else { return }
        isRenderScheduled = true
        DispatchQueue.main.async { MainActor.assumeIsolated { self.render() } }
    }

    private func render() {
        isRenderScheduled = false
        guard screen.layout.isUsable else {
            // Never draw a screen that does not fit: say so, and wait for a resize.
            Terminal.write(ANSI.clearScreen + ANSI.home + screen.layout.tooSmallMessage)
            return
        }
        Terminal.write(ANSI.frame(screen.render()))
    }

    private func quit(status: Int32, message: String? = nil) {
        sources.forEach { $0.cancel() }
        Terminal.restore()
        if let message { printError(message) }
        exit(status)
    }
}
