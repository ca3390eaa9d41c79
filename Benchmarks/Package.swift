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
    // `engine` is a link to `..`. A path dependency's identity is its folder's name, and a
    // clone may be in a folder of any name: `name:` gives it the engine's package name.
    .package(name: "Lockstep", path: "engine"),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [.product(name: "GameCore", package: "Lockstep"), library],
      path: "StoreBenchmarks", plugins: [benchmark]),
    .executableTarget(
      name: "GameBenchmarks",
      dependencies: [
        .product(name: "GameCore", package: "Lockstep"),
        .product(name: "AsteroidsGame", package: "Lockstep"),
        .product(name: "BlocksGame", package: "Lockstep"), library,
      ],
      path: "GameBenchmarks", plugins: [benchmark]),
    .executableTarget(
      name: "ReplayBenchmarks",
      dependencies: [
        .product(name: "GameCore", package: "Lockstep"),
        .product(name: "AsteroidsGame", package: "Lockstep"), library,
      ],
      path: "ReplayBenchmarks", plugins: [benchmark]),
    .executableTarget(
      name: "RenderBenchmarks",
      dependencies: [
        .product(name: "GameRender", package: "Lockstep"),
        .product(name: "GameScene", package: "Lockstep"),
        .product(name: "AsteroidsGame", package: "Lockstep"), library,
      ],
      path: "RenderBenchmarks", plugins: [benchmark]),
    .executableTarget(
      name: "NetplayBenchmarks",
      dependencies: [
        .product(name: "GameCore", package: "Lockstep"),
        .product(name: "GameNetplay", package: "Lockstep"),
        .product(name: "PongGame", package: "Lockstep"),
        .product(name: "AsteroidsGame", package: "Lockstep"),
        .product(name: "BlocksGame", package: "Lockstep"), library,
      ],
      path: "NetplayBenchmarks", plugins: [benchmark]),
  ],
  swiftLanguageModes: [.v6]
)
