// swift-tools-version:6.1
import PackageDescription

// The benchmarks, a package of their own beside the engine's, so that building or depending on
// the engine never builds the benchmark library or its plugin's tools:
//   swift package --package-path Benchmarks benchmark                     # every target
//   swift package --package-path Benchmarks benchmark --target GameBenchmarks
let benchmark = Target.PluginUsage.plugin(name: "BenchmarkPlugin", package: "benchmark")
let library = Target.Dependency.product(name: "Benchmark", package: "benchmark")

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // `engine` is a link to `..`: a path dependency is named after its folder, and a clone of
    // this repository may be in a folder of any name.
    .package(path: "engine"),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [.product(name: "GameCore", package: "engine"), library],
      path: "StoreBenchmarks", plugins: [benchmark]),
    .executableTarget(
      name: "GameBenchmarks",
      dependencies: [
        .product(name: "GameCore", package: "engine"),
        .product(name: "AsteroidsGame", package: "engine"),
        .product(name: "BlocksGame", package: "engine"), library,
      ],
      path: "GameBenchmarks", plugins: [benchmark]),
    .executableTarget(
      name: "ReplayBenchmarks",
      dependencies: [
        .product(name: "GameCore", package: "engine"),
        .product(name: "AsteroidsGame", package: "engine"), library,
      ],
      path: "ReplayBenchmarks", plugins: [benchmark]),
    .executableTarget(
      name: "RenderBenchmarks",
      dependencies: [
        .product(name: "GameRender", package: "engine"),
        .product(name: "GameScene", package: "engine"),
        .product(name: "AsteroidsGame", package: "engine"), library,
      ],
      path: "RenderBenchmarks", plugins: [benchmark]),
  ],
  swiftLanguageModes: [.v6]
)
