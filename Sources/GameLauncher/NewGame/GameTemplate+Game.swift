extension GameTemplate {
  /// The game: rules, drawing and sound in one file to start from.
  static let game: (path: String, contents: String) =
    (
      "Sources/{{Name}}Game/{{Name}}.swift",
      #"""
      import GameCore
      import GameScene

      /// {{Title}}: fruit falls from the top of a 160 × 90 field; move the basket under it. Three
      /// missed and the game is over; P pauses.
      ///
      /// Start here: the rules are `reduce`, the picture is `scene(of:)`, the noise is
      /// `sounds(of:)`. docs/MAKING-A-GAME.md in the engine explains every part.
      public struct {{Name}}: PlayableGame {
        /// One falling fruit, in whole world units.
        public struct Fruit: Equatable, StateValue, Sendable {
          public var x: Int
          public var y: Int
          public init(x: Int, y: Int) { (self.x, self.y) = (x, y) }
        }

        /// The state, described once by its stored properties: the engine derives its hash (one
        /// section per property, for replays and their desync reports), the inspector's tree
        /// and test diffs from them. Keep numbers, `Bool`, `Fixed` and structs of them here.
        public struct State: GameState {
          public var tick = 0
          /// The basket's centre, 8...152.
          public var basket = 80
          public var fruit: [Fruit] = []
          public var caught = 0
          public var missed = 0
          public var paused = false
          /// What this tick caught and missed: the sounds play from them. Only heard, so
          /// `@Drawn` keeps them out of the hash.
          @Drawn public var caughtNow = 0
          @Drawn public var missedNow = 0
          /// The buttons held at the tick before: tells a press of pause from a hold.
          public var presses = ButtonPresses()
          /// The game's only source of chance: where each fruit falls.
          public var random: SplitMix64

          public var isOver: Bool { missed >= 3 }
        }

        public enum Action: TickAction, Equatable, Sendable {
          case tick(TickInput)
        }

        /// Moves the basket under the lowest fruit.
        public struct Bot: GameBot {
          public mutating func input(for state: State) -> TickInput {
            guard let next = state.fruit.max(by: { $0.y < $1.y }) else { return [] }
            if next.x < state.basket - 2 { return .left }
            if next.x > state.basket + 2 { return .right }
            return []
          }
        }

        public static let id = "{{id}}"
        public static let title = "{{Title}}"
        /// Bump it whenever a rule or setting changes: older replays are then refused, not misreported.
        public static let version: UInt16 = 1
        public static let buttons = ButtonLayout([
          Button("left", symbol: "L", keys: ["Left", "A"], controller: ["dpleft", "leftx-"]),
          Button("right", symbol: "R", keys: ["Right", "D"], controller: ["dpright", "leftx+"]),
          Button("pause", symbol: "P", keys: ["P"], controller: ["start"], pauses: true),
        ])
        /// Lets the engine find `assets/{{id}}/` (sounds, sprites, demos) next to this package.
        public static let sourceFile: String? = #filePath
        public static let botNames = ["greedy"]

        public init() {}

        public static func initialState(seed: UInt64, settings: NoSettings) -> State {
          State(random: SplitMix64(seed: seed))
        }

        public static func bot(named name: String, seed: UInt64) -> Bot? {
          name == "greedy" ? Bot() : nil
        }

        public static func metrics(of state: State) -> [Metric] {
          [Metric("score", state.caught), Metric("missed", state.missed)]
        }

        public func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
          guard case .tick(let input) = action else { return .none }
          state.tick += 1
          let pressed = state.presses.update(input)
          (state.caughtNow, state.missedNow) = (0, 0)
          guard !state.isOver else { return .none }
          if pressed.contains(.pause) { state.paused.toggle() }
          guard !state.paused else { return .none }
          if input.contains(.left) { state.basket = max(8, state.basket - 3) }
          if input.contains(.right) { state.basket = min(152, state.basket + 3) }
          if state.tick % 48 == 0 {
            state.fruit.append(Fruit(x: state.random.next(in: 4...155), y: 0))
          }
          for index in state.fruit.indices { state.fruit[index].y += 1 }
          let basket = state.basket
          state.caughtNow = state.fruit.count { $0.y == 84 && abs($0.x - basket) <= 9 }
          state.fruit.removeAll { $0.y == 84 && abs($0.x - basket) <= 9 }
          state.missedNow = state.fruit.count { $0.y >= 90 }
          state.fruit.removeAll { $0.y >= 90 }
          state.caught += state.caughtNow
          state.missed += state.missedNow
          return .none
        }

        // MARK: - Game over and high scores

        public static func isGameOver(_ state: State) -> Bool { state.isOver }
        /// Play under way: the window pauses the game when it loses focus, and rewind passes
        /// over the ticks where this is false.
        public static func isPlaying(_ state: State) -> Bool { !state.isOver && !state.paused }

        /// The tables, in the order `scores` and the screens list them: one here. A game with
        /// modes keeps one per mode (`["easy", "hard"]`).
        public static let rankingTables = ["caught"]

        /// A finished game ranks by the fruit it caught (more is better; a time would be
        /// `order: .lowerIsBetter`). A game that caught nothing takes no place.
        public static func ranking(of state: State) -> Ranking? {
          state.isOver ? Ranking(table: "caught", value: state.caught) : nil
        }

        // MARK: - Drawing

        static let green = Color(90, 220, 120)
        static let orange = Color(255, 170, 60)
        static let amber = Color(255, 190, 40)

        /// The world in world units (the 160 × 90 field fitted into the 1280 × 720 frame), the
        /// words in the frame's own pixels.
        public static func scene(of state: State) -> Scene {
          var scene = Scene(tick: state.tick, worldWidth: 160, worldHeight: 90)
          // The ground: a line that never moves.
          scene.world.append(.line(Line(x1: 0, y1: 88, x2: 160, y2: 88, color: green)))
          // The basket: a polygon the player steers, blended with its place a tick before.
          let x = Float(state.basket)
          let basket: [SIMD2<Float>] = [
            SIMD2(x - 9, 83), SIMD2(x + 9, 83), SIMD2(x + 7, 87), SIMD2(x - 7, 87),
          ]
          scene.world.append(
            .polygon(Polygon(points: basket, color: green, filled: true, id: 1, motion: .tracked)))
          // Each fruit: a diamond falling one unit a tick, drawn back along its fall between ticks.
          let falling = Motion.linear(vx: 0, vy: state.paused ? 0 : 1, spin: 0)
          for fruit in state.fruit {
            let (fx, fy) = (Float(fruit.x), Float(fruit.y))
            let diamond: [SIMD2<Float>] = [
              SIMD2(fx, fy - 2), SIMD2(fx + 2, fy), SIMD2(fx, fy + 2), SIMD2(fx - 2, fy),
            ]
            scene.world.append(
              .polygon(Polygon(points: diamond, color: orange, filled: true, motion: falling)))
          }
          let line = "CAUGHT \(state.caught)   MISSED \(state.missed) OF 3"
          scene.overlay.append(
            .text(Text(line, x: 640, y: 20, scale: 1.5, alignment: .center, color: amber)))
          if state.paused {
            scene.overlay.append(.text(Text("PAUSED", x: 640, y: 300, scale: 4, alignment: .center)))
          }
          if state.isOver {
            // Above y 220: the window asks a new best for initials on a panel from y 220 to 510.
            scene.overlay.append(.text(Text("GAME OVER", x: 640, y: 100, scale: 4, alignment: .center)))
            // Where the window shows the saved table, once any initials are in: ten rows fit.
            scene.highScores = HighScoreBoard(
              table: "caught", list: Text("BEST", x: 640, y: 240, scale: 1.25, alignment: .center))
          }
          return scene
        }

        // MARK: - Sound

        /// Sounds made in code when the game loads: no sound files needed.
        public static let soundEffects: [String: SoundEffect] = [
          "caught": SoundEffect(.square, frequency: 660, to: 990, duration: 0.08),
          "missed": SoundEffect(.noise, frequency: 1_500, to: 200, duration: 0.35, volume: 0.4),
          // A loop: no attack or release, and a whole number of cycles (110 Hz for 0.5 s).
          "hum": SoundEffect(
            .triangle, frequency: 110, duration: 0.5, attack: 0, release: 0, volume: 0.06),
        ]

        /// A one-shot on the tick something happened; the hum while play is under way.
        public static func sounds(of state: State) -> Sounds {
          Sounds(
            oneShots: (state.caughtNow > 0 ? ["caught"] : []) + (state.missedNow > 0 ? ["missed"] : []),
            loops: state.isOver || state.paused ? [] : ["hum"])
        }
      }

      extension TickInput {
        /// Bit 0: the first button of `{{Name}}.buttons`, and so on.
        public static let left = TickInput(bit: 0)
        public static let right = TickInput(bit: 1)
        public static let pause = TickInput(bit: 2)
      }
      """#
    )
}
