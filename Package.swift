// swift-tools-version:6.1
import PackageDescription

// Lockstep, a deterministic game engine. The engine (GameCore, GameScene, GameRender,
// GameLauncher) names no game; each game is its own module under Sources/Games/<Name>/, and
// GameApp registers them. Another package depends on the library products and writes a `main`
// of one line (docs/MAKING-A-GAME.md): `.package(name: "Lockstep", path: "../<clone>")`, then
// `.product(name: "GameCore", package: "Lockstep")`, whatever the clone's folder is called.
let package = Package(
  name: "Lockstep",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "GameCore", targets: ["GameCore"]),
    .library(name: "GameFiles", targets: ["GameFiles"]),
    .library(name: "GameTraining", targets: ["GameTraining"]),
    .library(name: "GameInspector", targets: ["GameInspector"]),
    .library(name: "GameScene", targets: ["GameScene"]),
    .library(name: "GameTesting", targets: ["GameTesting"]),
    .library(name: "GameRender", targets: ["GameRender"]),
    .library(name: "GameLauncher", targets: ["GameLauncher"]),
    .library(name: "AsteroidsGame", targets: ["AsteroidsGame"]),
    .library(name: "PongGame", targets: ["PongGame"]),
    .library(name: "BlocksGame", targets: ["BlocksGame"]),
    .library(name: "GameNetplay", targets: ["GameNetplay"]),
    .executable(name: "GameApp", targets: ["GameApp"]),
    // The C ABI over batches of environments, for Python (python/, docs/TRAINING.md).
    .library(name: "LockstepGames", type: .dynamic, targets: ["LockstepGames"]),
    // The C ABI itself, for another package's `.dynamic` library of its own games.
    .library(name: "GameTrainingLibrary", targets: ["GameTrainingLibrary"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // `swift package generate-documentation`: the DocC catalogs of the engine modules.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // The kernel: store, game protocol, loop, replays (as bytes), fixed-point maths, randomness.
    // Pure Swift: no files, threads, signals, processes or clock. docs/ENGINE.md draws the
    // layers above it; LayersTests fails when a lower one imports a higher one.
    .target(name: "GameCore"),
    // Files and signals: outputs written so that nothing is lost, bounded reads, replay files,
    // and the one JSON codec.
    .target(name: "GameFiles", dependencies: ["GameCore"]),
    // The reinforcement-learning runtime: batches of environments over a worker pool.
    .target(name: "GameTraining", dependencies: ["GameCore", "GameFiles"]),
    // The replay inspector's model: a replay's every tick, its checks, state trees and diffs.
    .target(name: "GameInspector", dependencies: ["GameCore"]),
    // What a frame shows, as plain values (SDL-free), and the protocol of a game that can be
    // drawn and heard.
    .target(name: "GameScene", dependencies: ["GameCore"]),
    .target(name: "GameTesting", dependencies: ["GameCore", "GameFiles", "GameTraining"]),
    // SDL2 and SDL2_image (PNG) from the system (libsdl2-dev, libsdl2-image-dev). No pkgConfig:
    // its cflags (-D_REENTRANT) made SwiftPM warn on every build, and the headers need no
    // include path (shim.h names <SDL2/SDL.h>).
    .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-image-dev"])]),
    // A game's files found and read without SDL or Foundation: where `assets/` is, BMP images,
    // sprite atlases, the rasters' glyphs and sprites (so the Python library needs no SDL).
    .target(name: "GameAssets", dependencies: ["GameCore", "GameFiles", "GameScene"]),
    // The platform layer (the only code calling SDL), the renderer and the play session.
    .target(
      name: "GameRender", dependencies: ["GameCore", "GameFiles", "GameScene", "GameAssets", "CSDL2"]),
    // A small GET-only HTTP/1.1 server on POSIX sockets, for `inspect` (docs/INSPECTOR.md
    // says why not Hummingbird or SwiftNIO).
    .target(name: "LocalHTTP"),
    // The command line over any list of games: play, simulate, sweep, replay, bench, ...
    .target(
      name: "GameLauncher",
      dependencies: [
        "GameCore", "GameFiles", "GameTraining", "GameInspector", "GameScene", "GameAssets",
        "GameRender", "GameNetplay", "LocalHTTP",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The games.
    .target(
      name: "AsteroidsGame", dependencies: ["GameCore", "GameScene", "GameTraining"],
      path: "Sources/Games/Asteroids"),
    .target(
      name: "PongGame", dependencies: ["GameCore", "GameScene", "GameTraining"],
      path: "Sources/Games/Pong"),
    .target(
      name: "BlocksGame", dependencies: ["GameCore", "GameScene", "GameTraining"],
      path: "Sources/Games/Blocks"),
    // Rollback netplay: a match's peers, their messages and the faults of a network.
    .target(name: "GameNetplay", dependencies: ["GameCore"]),
    .target(
      name: "GameTrainingLibrary",
      dependencies: ["GameCore", "GameFiles", "GameTraining", "GameScene", "GameAssets"]),
    .target(
      name: "LockstepGames",
      dependencies: ["GameTrainingLibrary", "AsteroidsGame", "PongGame", "BlocksGame"]),
    .executableTarget(
      name: "GameApp", dependencies: ["GameLauncher", "AsteroidsGame", "PongGame", "BlocksGame"]),

    // The small games the engine's own tests play (TallyGame, PaddleGame, CounterSimulation),
    // one copy shared by the kernel's tests and each door's. A library that only tests depend
    // on, in no product (docs/DEVELOPING.md#layout says why).
    .target(name: "TestGames", dependencies: ["GameCore"], path: "Tests/TestGames"),
    .testTarget(
      name: "GameCoreTests", dependencies: ["GameCore", "GameTesting", "TestGames"],
      exclude: ["Fixtures"]),
    .testTarget(name: "GameFilesTests", dependencies: ["GameFiles", "GameCore", "TestGames"]),
    .testTarget(
      name: "GameTrainingTests",
      dependencies: ["GameTraining", "GameCore", "GameTesting", "TestGames"]),
    .testTarget(
      name: "GameInspectorTests", dependencies: ["GameInspector", "GameCore", "TestGames"]),
    .testTarget(name: "GameNetplayTests", dependencies: ["GameNetplay", "GameCore"]),
    .testTarget(name: "GameTestingTests", dependencies: ["GameCore", "GameTesting"]),
    .testTarget(name: "LocalHTTPTests", dependencies: ["LocalHTTP"]),
    .testTarget(name: "GameSceneTests", dependencies: ["GameScene", "GameCore"]),
    .testTarget(
      name: "GameAssetsTests", dependencies: ["GameAssets", "GameFiles", "GameScene", "GameCore"]),
    .testTarget(
      name: "GameRenderTests",
      dependencies: [
        "GameRender", "GameAssets", "GameScene", "GameCore", "GameFiles", "GameTesting", "CSDL2",
      ],
      exclude: ["assets"]),
    .testTarget(
      name: "AsteroidsGameTests",
      dependencies: [
        "AsteroidsGame", "GameCore", "GameFiles", "GameTraining", "GameScene", "GameTesting",
        "GameRender", "GameAssets", "CSDL2",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "PongGameTests",
      dependencies: [
        "PongGame", "GameCore", "GameFiles", "GameTraining", "GameInspector", "GameScene",
        "GameTesting",
      ]),
    .testTarget(
      name: "BlocksGameTests",
      dependencies: [
        "BlocksGame", "GameCore", "GameFiles", "GameTraining", "GameScene", "GameTesting",
        "GameRender", "GameAssets", "CSDL2",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "GameTrainingLibraryTests",
      dependencies: [
        "LockstepGames", "GameTrainingLibrary", "GameRender", "GameAssets", "GameScene", "GameCore",
        "AsteroidsGame",
        "PongGame", "BlocksGame",
      ]),
    .testTarget(
      name: "GameAppTests",
      dependencies: [
        "GameApp", "GameLauncher", "GameCore", "GameFiles", "GameScene", "GameRender", "GameAssets",
        "GameNetplay",
        "AsteroidsGame",
        "PongGame", "BlocksGame",
      ],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
