// swift-tools-version:6.1
import PackageDescription

// Breakout, a whole game on the engine's API, as a package of its own: it depends on the
// engine two folders up by path, as a game of yours would on your clone (docs/MAKING-A-GAME.md).
let package = Package(
  name: "Breakout",
  platforms: [.macOS(.v15)],
  dependencies: [
    // `name:` is the engine's package name: a path dependency is otherwise named after its
    // folder, which is whatever the clone is called.
    .package(name: "Lockstep", path: "../..")
  ],
  targets: [
    // The rules, the drawing and the sound (GameCore, GameScene; no SDL).
    .target(
      name: "BreakoutGame",
      dependencies: [
        .product(name: "GameCore", package: "Lockstep"),
        .product(name: "GameScene", package: "Lockstep"),
      ]),
    // The app: one line of main.swift.
    .executableTarget(
      name: "BreakoutApp",
      dependencies: ["BreakoutGame", .product(name: "GameLauncher", package: "Lockstep")]),
    .testTarget(
      name: "BreakoutGameTests",
      dependencies: [
        "BreakoutGame",
        .product(name: "GameCore", package: "Lockstep"),
        .product(name: "GameScene", package: "Lockstep"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
