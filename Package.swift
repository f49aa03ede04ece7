// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "RxLite",
    // Nothing newer is used (Sources/RxLite/RxLite.docc/Platforms.md); scripts/check-availability keeps it so.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "RxLite", targets: ["RxLite"]),
        .library(name: "RxLiteTest", targets: ["RxLiteTest"]),
        .library(name: "RxLiteUI", targets: ["RxLiteUI"]),
        .library(name: "RxLiteBlocking", targets: ["RxLiteBlocking"]),
        // RxSwift's module names, re-exporting RxLite's, so that an app switches by changing only its package
        // dependency (README: "Switching from RxSwift"). A package graph cannot also hold RxSwift itself.
        .library(name: "RxSwift", targets: ["RxSwift"]),
        .library(name: "RxRelay", targets: ["RxRelay"]),
        .library(name: "RxCocoa", targets: ["RxCocoa"]),
        .library(name: "RxTest", targets: ["RxTest"]),
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
        .library(name: "BookSearch", targets: ["BookSearch"]),
        .executable(name: "book-search", targets: ["book-search"]),
        .executable(name: "rxlite-bench", targets: ["rxlite-bench"]),
    ],
    targets: [
        // Each library target ships Apple's privacy manifest (PrivacyInfo.xcprivacy, as RxSwift's targets do): no
        // tracking, no data collected, and no required-reason API used (scripts/check-privacy-manifests checks the
        // manifests, their declaration here, and the sources for such APIs). CRxAtomics is compiled into RxLite and
        // covered by its manifest.
        // C11 atomics (static inline, so Swift inlines them) under RxLite's `RxAtomic` and `AtomicView` and its Linux
        // lock, in place of the Synchronization module's `Atomic`, which would raise the floor to iOS 18 / macOS 15.
        .target(name: "CRxAtomics"),
        .target(name: "RxLite", dependencies: ["CRxAtomics"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(name: "RxLiteTest", dependencies: ["RxLite"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(name: "RxLiteUI", dependencies: ["RxLite"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(name: "RxLiteBlocking", dependencies: ["RxLite"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(
            name: "RxSwift", dependencies: ["RxLite"], path: "Sources/RxSwiftNames/RxSwift",
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(
            name: "RxRelay", dependencies: ["RxLite"], path: "Sources/RxSwiftNames/RxRelay",
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(
            name: "RxCocoa", dependencies: ["RxLite", "RxLiteUI"], path: "Sources/RxSwiftNames/RxCocoa",
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(
            name: "RxTest", dependencies: ["RxLite", "RxLiteTest"], path: "Sources/RxSwiftNames/RxTest",
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(
            name: "RxBlocking", dependencies: ["RxLite", "RxLiteBlocking"], path: "Sources/RxSwiftNames/RxBlocking",
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        // The book domain: models, the Aladin client and the embedded catalog (compiled in, so a copied binary keeps
        // it: the one resource, the privacy manifest, is for App Store builds and nothing reads it at run time).
        .target(
            name: "BookSearch", dependencies: ["RxLite", "RxLiteUI"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        // The terminal app's logic (keys, layout, drawing, arguments, output), tested; the executable only wires.
        .target(name: "BookSearchTerminal", dependencies: ["BookSearch", "RxLiteUI", "RxLite"]),
        // README.md there is the app's manual (its code compiled by scripts/generate-readme-examples.py), not a resource.
        .executableTarget(
            name: "book-search", dependencies: ["BookSearchTerminal", "BookSearch", "RxLiteUI", "RxLite"],
            exclude: ["README.md"]),
        .target(name: "CAllocationCounter"),
        // Locks the benchmark measures against RxLite's own (the table in docs/PERFORMANCE.md, "The lock").
        .target(name: "CLockCandidates"),
        .executableTarget(
            name: "rxlite-bench",
            dependencies: [
                "RxLite", "RxLiteTest", "RxLiteUI", "BookSearch", "CAllocationCounter",
                "CLockCandidates",
            ]),
        // Exercises RxLite under `valgrind --leak-check=full` (docs/RELIABILITY.md); not a product.
        .executableTarget(name: "rxlite-leakcheck", dependencies: ["RxLite"]),
        .testTarget(name: "RxLiteTests", dependencies: ["RxLite", "RxLiteTest"]),
        .testTarget(name: "RxLiteTestTests", dependencies: ["RxLite", "RxLiteTest"]),
        // Everyday idioms written as an app writes them, built with warnings as errors (.ci/run): they must compile.
        .testTarget(name: "Swift6IdiomTests", dependencies: ["RxLite", "RxLiteTest", "RxLiteUI"]),
        .testTarget(name: "RxLiteUITests", dependencies: ["RxLiteUI", "RxLite", "RxLiteTest"]),
        .testTarget(name: "RxLiteBlockingTests", dependencies: ["RxLiteBlocking", "RxLite", "RxLiteTest"]),
        // RxSwift-style code as most apps still have it: Swift 5 language mode, XCTest, RxSwift's module names only.
        .testTarget(
            name: "RxSwiftCompatibilityTests", dependencies: ["RxSwift", "RxRelay", "RxCocoa", "RxTest", "RxBlocking"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        // RxSwift-style generic code with no Sendable types, in Swift 6 language mode, RxSwift's module names only:
        // it must compile and run. Each call RxLite cannot check warns (a deprecation), so this is the one target
        // whose deprecation warnings stay warnings under RXLITE_WARNINGS_AS_ERRORS (every other warning is an error
        // here too; see the end of this file).
        .testTarget(
            name: "RxSwiftSwift6ClientTests", dependencies: ["RxSwift", "RxRelay", "RxCocoa", "RxTest"],
            swiftSettings: [.treatWarning("DeprecatedDeclaration", as: .warning)]),
        .testTarget(name: "BookSearchTests", dependencies: ["BookSearch", "RxLite", "RxLiteUI", "RxLiteTest"]),
        .testTarget(
            name: "BookSearchTerminalTests",
            dependencies: ["BookSearchTerminal", "BookSearch", "RxLiteUI", "RxLiteTest", "book-search"]),
    ],
    swiftLanguageModes: [.v6]
)

// With RXLITE_WARNINGS_AS_ERRORS set (.ci/run sets it), warnings are errors in every Swift target, in debug builds.
// Set here rather than with `-Xswiftc -warnings-as-errors`: a command-line flag comes after the targets' own settings
// and would override the one exemption above. Not set, nothing changes, so a package that depends on RxLite by path
// does not stop building when a newer compiler warns about something new.
if Context.environment["RXLITE_WARNINGS_AS_ERRORS"] != nil {
    let cTargets: Set = ["CRxAtomics", "CAllocationCounter", "CLockCandidates"]
    for target in package.targets where !cTargets.contains(target.name) {
        target.swiftSettings =
            [.treatAllWarnings(as: .error, .when(configuration: .debug))] + (target.swiftSettings ?? [])
    }
}
