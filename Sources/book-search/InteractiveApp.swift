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
    private let service: ServiceChoice
    private let queryType = BehaviorRelay(value: QueryType.keyword)
    private let searchText = BehaviorRelay(value: "")
    private let nearBottom = PublishRelay<Void>()
    private let retry = PublishRelay<Void>()
    /// The countdown popup: Ctrl-T starts (or restarts) it, Ctrl-X cancels it.
    private let countdown = Countdown(from: 3, label: CountdownPopup.label)
    private let disposeBag = DisposeBag()
    private var sources: [any DispatchSourceProtocol] = []
    /// Ticks the spinner while a page loads; `nil` otherwise.
    private var spinnerTimer: (any DispatchSourceTimer)?
    private var pendingInput: [UInt8] = []
    /// Links asked for with `o` in a book's details: printed on the normal screen when the app quits.
    private var linksToPrint: [URL] = []
    private var isRenderScheduled = false

    init(service: any BookSearchService, choice: ServiceChoice, sourceName: String, layout: TerminalLayout) {
        screen = TerminalScreen(layout: layout, sourceName: sourceName)
        viewModel = BookSearchViewModel(service: service)
        self.service = choice
    }

    func run() {
        let output = viewModel.transform(
            .init(
                queryType: queryType.asObservable(), searchText: searchText.asObservable(),
                nearBottom: nearBottom.asObservable(), retry: retry.asObservable()))
        let choice = service
        output.state.drive(onNext: { [weak self] state in
            guard let self else { return }
            screen.apply(state)
            // The message names where a rejected key came from (--aladin-key or ALADIN_TTB_KEY).
            screen.errorMessage = state.error.map { error in
                (error as? BookSearchError).map(choice.message(for:)) ?? BookSearchViewModel.message(for: error)
            }
            spin(state.isLoading)
            changed()
        }).disposed(by: disposeBag)
        output.status.drive(onNext: { [weak self] in
            self?.screen.status = $0
            self?.changed()
        }).disposed(by: disposeBag)
        output.query.drive(onNext: { [weak self] in
            self?.screen.settledQuery = $0
            self?.changed()
        }).disposed(by: disposeBag)
        CountdownPopup.texts(countdown.text.asObservable(), hold: .milliseconds(800), scheduler: MainScheduler.instance)
            .asDriver(onErrorJustReturn: nil)
            .drive(onNext: { [weak self] in
                self?.screen.countdownText = $0
                self?.changed()
            }).disposed(by: disposeBag)

        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { MainActor.assumeIsolated { self.readInput() } }
        sources.append(input)
        let handlers: [(Int32, @MainActor () -> Void)] = [
            (SIGWINCH, { self.resized() }),
            // Ctrl-Z arrives as a key in raw mode; a SIGTSTP from elsewhere (kill -TSTP) suspends the same way.
            (SIGTSTP, { self.suspend() }),
            // After any stop (also SIGSTOP, which cannot be caught) the shell may have reset the terminal.
            (SIGCONT, { self.resume() }),
        ]
        for (signalNumber, handler) in handlers {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { handler() } }
            sources.append(source)
        }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { self.quit(status: 128 + signalNumber) } }
            sources.append(source)
        }
        sources.forEach { $0.resume() }
        render()
        // For the tests of the fatal-signal restore (TerminalRestoreProcessTests): a real Swift runtime trap once
        // the screen is drawn, which a signal sent from outside cannot stand for (the kernel raises it).
        if ProcessInfo.processInfo.environment["BOOK_SEARCH_TEST_TRAP"] == "1" {
            DispatchQueue.main.async { preconditionFailure("BOOK_SEARCH_TEST_TRAP: a deliberate crash") }
        }
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
                case .startCountdown: countdown.start()
                case .cancelCountdown: countdown.cancel()
                case .suspend: suspend()
                case .copyLink(let link): Terminal.write(ANSI.copyToClipboard(link.absoluteString))
                case .printLinkOnExit(let link): linksToPrint.append(link)
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

    /// Gives the terminal back (main screen, cursor, cooked mode) and stops the whole job, as Ctrl-Z does in a
    /// shell; `fg` continues it here, and `resume` takes the terminal again and redraws.
    private func suspend() {
        Terminal.restore()
        // SIGSTOP, not SIGTSTP: the dispatch source above would catch a SIGTSTP instead of stopping. Process group
        // 0 is the job, so `swift run`'s process stops with us and the shell sees the job stopped.
        kill(0, SIGSTOP)
        resume()
    }

    /// Raw mode and the alternate screen again, and a full redraw at the current size.
    private func resume() {
        do {
            try Terminal.takeOver()
        } catch {
            quit(status: 1, message: "book-search: \(error)")
        }
        resized()
    }

    /// Runs the spinner while `loading`.
    private func spin(_ loading: Bool) {
        if !loading {
            spinnerTimer?.cancel()
            spinnerTimer = nil
            return
        }
        guard spinnerTimer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler {
            MainActor.assumeIsolated {
                self.screen.spinnerFrame += 1
                self.changed()
            }
        }
        timer.resume()
        spinnerTimer = timer
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
            // Never draw a screen that does not fit: say so, wrapped to its width, and wait for a resize.
            let lines = screen.layout.tooSmallLines.enumerated().map { "\u{1B}[\($0.offset + 1);1H" + $0.element }
            Terminal.write(ANSI.hideCursor + ANSI.clearScreen + ANSI.home + lines.joined())
            return
        }
        Terminal.write(ANSI.frame(screen.render(), cursor: screen.cursorCell))
    }

    private func quit(status: Int32, message: String? = nil) {
        sources.forEach { $0.cancel() }
        spinnerTimer?.cancel()
        Terminal.restore()
        for link in linksToPrint { print(TerminalText.sanitized(link.absoluteString)) }
        if let message { printError(message) }
        exit(status)
    }
}
