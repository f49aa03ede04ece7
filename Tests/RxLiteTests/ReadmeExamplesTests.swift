import RxLite
import RxLiteTest
import Testing

/// Runs the README's examples, which `scripts/generate-readme-examples.py` copies from README.md into
/// `GENERATED-ReadmeExamples.swift` (so the build compiles them as the README shows them), and checks what they do.
@Suite(.checksResources) struct ReadmeExamplesTests {
    @MainActor
    @Test func theViewModelExampleShowsEachTitle() {
        var shown: [String] = []
        var viewModel: SearchViewModel? = SearchViewModel()
        viewModel?.bind { shown.append($0) }
        viewModel?.query.accept("swift")
        viewModel?.category.accept("Books")
        #expect(shown == ["Type to search All", "All: swift", "Books: swift"])
        viewModel = nil
    }

    /// The block holds its own `#expect`.
    @Test func theMarbleTestExamplePasses() async throws {
        try await readmeExampleAShortExample()
    }
}
