// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "Asteroids",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "GameCore", targets: ["GameCore"]),
    .library(name: "GameTesting", targets: ["GameTesting"]),
    .executable(name: "GameApp", targets: ["GameApp"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(name: "GameCore"),
    .target(name: "GameTesting", dependencies: ["GameCore"]),
    .systemLibrary(
      name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
    // The platform layer (the only code calling SDL), the renderer and the play session: a
    // library so the app, its tests and the render benchmark share one build of it.
    .target(name: "GameRender", dependencies: ["GameCore", "CSDL2"]),
    .executableTarget(
      name: "GameApp",
      dependencies: [
        "GameCore", "GameRender", "CSDL2",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(
      name: "GameRenderTests", dependencies: ["GameRender", "GameCore", "CSDL2"],
      exclude: ["Fixtures"]),
    .testTarget(name: "GameCoreTests", dependencies: ["GameCore", "GameTesting"]),
    .testTarget(name: "GameTestingTests", dependencies: ["GameCore", "GameTesting"]),
    .testTarget(name: "GameAppTests", dependencies: ["GameApp", "GameCore"]),
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: ["GameCore", .product(name: "Benchmark", package: "benchmark")],
      path: "Benchmarks/StoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    .executableTarget(
      name: "GameBenchmarks",
      dependencies: ["GameCore", .product(name: "Benchmark", package: "benchmark")],
      path: "Benchmarks/GameBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    .executableTarget(
      name: "ReplayBenchmarks",
      dependencies: ["GameCore", .product(name: "Benchmark", package: "benchmark")],
      path: "Benchmarks/ReplayBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    .executableTarget(
      name: "RenderBenchmarks",
      dependencies: ["GameRender", "GameCore", .product(name: "Benchmark", package: "benchmark")],
      path: "Benchmarks/RenderBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
  ],
  swiftLanguageModes: [.v6]
)
