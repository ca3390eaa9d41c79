/// The package `new-game` writes, with `{{Name}}` (the type, `Rocket`), `{{Title}}` (what players
/// see, `Rocket`), `{{id}}` (the game's id, `rocket`) and `{{engine}}` (the engine's path as a
/// Swift string literal) to fill in: the game of docs/MAKING-A-GAME.md, which
/// `scripts/check-making-a-game` builds from this template and compares with the guide.
enum GameTemplate {
  /// Every file but the game's own source (``game``), by path.
  static let files: [(path: String, contents: String)] = [
    (
      "Package.swift",
      #"""
      // swift-tools-version:6.1
      import PackageDescription

      let package = Package(
        name: "{{Name}}",
        platforms: [.macOS(.v15)],
        dependencies: [
          // The engine, by path: the clone `new-game` ran from. `name:` is the engine's package
          // name, so `package: "Lockstep"` below holds whatever the clone's folder is called. From a
          // Git URL instead: `.package(url: "https://github.com/OWNER/REPO", branch: "main")`, and
          // `package: "REPO"` below (a URL dependency is named by its last path component).
          .package(name: "Lockstep", path: {{engine}})
        ],
        targets: [
          // The rules and the drawing (GameCore, GameScene; no SDL), and what an agent sees
          // (GameTraining: docs/MAKING-A-GAME.md, section 7).
          .target(
            name: "{{Name}}Game",
            dependencies: [
              .product(name: "GameCore", package: "Lockstep"),
              .product(name: "GameScene", package: "Lockstep"),
              .product(name: "GameTraining", package: "Lockstep"),
            ]),
          // The app: one line of main.swift.
          .executableTarget(
            name: "{{Name}}App",
            dependencies: ["{{Name}}Game", .product(name: "GameLauncher", package: "Lockstep")]),
          .testTarget(
            name: "{{Name}}GameTests",
            dependencies: [
              "{{Name}}Game",
              .product(name: "GameCore", package: "Lockstep"),
              .product(name: "GameTesting", package: "Lockstep"),
            ]),
        ],
        swiftLanguageModes: [.v6]
      )
      """#
    ),
    (
      "Sources/{{Name}}App/main.swift",
      #"""
      import {{Name}}Game
      import GameLauncher

      // The whole command line and window: play, games, simulate, sweep, replay, bench, screenshots.
      GameLauncher.main(games: [{{Name}}.self])
      """#
    ),
    (
      "Tests/{{Name}}GameTests/{{Name}}Tests.swift",
      #"""
      import {{Name}}Game
      import GameCore
      import GameTesting
      import Testing

      @Suite struct {{Name}}Tests {
        /// A tick through the engine's store, the whole state checked: `step` runs one tick and
        /// the closure says what changed; anything else that changed fails the test with a diff.
        /// (`presses.update` in each closure: the state remembers each tick's buttons.)
        @Test func eachTickMovesTheBasketAndTheFruitAndPauseTogglesOncePerPress() {
          var start = {{Name}}.initialState(seed: 1, settings: NoSettings())
          start.fruit = [{{Name}}.Fruit(x: 40, y: 10)]
          let store = TestStore(initialState: start, reducer: {{Name}}(), environment: ())
          store.step(.tick(.right)) {
            $0.tick = 1
            $0.basket = 83
            $0.fruit[0].y = 11
            $0.presses.update(.right)
          }
          store.step(.tick(.pause)) {
            $0.tick = 2
            $0.paused = true
            $0.presses.update(.pause)
          }
          // Pause still held: not a new press, so the game stays paused and nothing moves.
          store.step(.tick(.pause)) {
            $0.tick = 3
            $0.presses.update(.pause)
          }
          store.step(.tick([])) {
            $0.tick = 4
            $0.presses.update([])
          }
        }

        @Test func aFruitOverTheBasketIsCaughtAndOneBesideItIsMissed() {
          var state = {{Name}}.initialState(seed: 1, settings: NoSettings())
          state.fruit = [{{Name}}.Fruit(x: 82, y: 83), {{Name}}.Fruit(x: 20, y: 89)]
          _ = {{Name}}().reduce(into: &state, action: .tick([]), environment: ())
          #expect(state.caught == 1)
          #expect(state.missed == 1)
          #expect(state.fruit.isEmpty)
          #expect({{Name}}.sounds(of: state).oneShots == ["caught", "missed"])
        }

        @Test func aFinishedGameRanksByWhatItCaught() {
          var state = {{Name}}.initialState(seed: 1, settings: NoSettings())
          #expect({{Name}}.ranking(of: state) == nil)
          (state.caught, state.missed) = (12, 3)
          #expect({{Name}}.isGameOver(state))
          #expect({{Name}}.ranking(of: state) == Ranking(table: "caught", value: 12))
        }

        @Test func theGreedyBot{{Name}}esMostFruit() throws {
          let simulation = Simulation<{{Name}}>(seed: 7)
          var bot = try #require({{Name}}.bot(named: "greedy", seed: 7))
          simulation.run(ticks: 3_200, bot: &bot)
          #expect(simulation.state.caught > 60)
          #expect(simulation.state.missed == 0)
        }

        @Test func theSameSeedPlaysTheSameGame() throws {
          func finalHash(seed: UInt64) throws -> UInt64 {
            let simulation = Simulation<{{Name}}>(seed: seed)
            var bot = try #require({{Name}}.bot(named: "greedy", seed: seed))
            simulation.run(ticks: 1_000, bot: &bot)
            return simulation.hash
          }
          #expect(try finalHash(seed: 3) == finalHash(seed: 3))
          #expect(try finalHash(seed: 3) != finalHash(seed: 4))
        }

        /// Replays hold the settings as bytes laid out by their declaration: a declaration
        /// changed under the same rules version would misread every replay recorded before.
        /// The fingerprint (names, kinds, ranges, order, defaults) is recorded beside the version
        /// it shipped with; when this fails, its message says what to raise and what to record.
        @Test func settingsChangeOnlyWithANewVersion() {
          let problem = {{Name}}.settingsRecordProblem(version: 1, fingerprint: "40c602b2c507a0eb")
          #expect(problem == nil, "\(problem ?? "")")
        }
      }
      """#
    ),
    (
      ".gitignore",
      #"""
      .build/
      .swiftpm/
      Package.resolved
      """#
    ),
  ]
}
