// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RxLite",
    products: [
        .library(name: "RxLite", targets: ["RxLite"]),
        .library(name: "RxLiteTest", targets: ["RxLiteTest"]),
    ],
    targets: [
        .target(name: "RxLite"),
        .target(name: "RxLiteTest", dependencies: ["RxLite"]),
        .testTarget(name: "RxLiteTests", dependencies: ["RxLite", "RxLiteTest"]),
        .testTarget(name: "RxLiteTestTests", dependencies: ["RxLite", "RxLiteTest"]),
    ],
    swiftLanguageModes: [.v6]
)
