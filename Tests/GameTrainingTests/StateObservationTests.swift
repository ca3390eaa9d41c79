import GameCore
import GameTesting
import Testing

@testable import GameTraining

/// A game that writes no `observe`: its observation is read off its state's description.
struct BeadGame: Game {
  enum Phase: Int8, StateValue {
    case rolling = 1
    case resting = -2
  }

  struct Bead: StateValue, Equatable {
    var position = Vector(x: Fixed(3), y: Fixed(raw: -1 << 15))
    var heading = Angle(raw: 16_384)
    var isLit = false
  }

  struct State: GameState {
    var tick = 0
    var bead = Bead()
    var phase = Phase.rolling
    var spin: UInt8 = 7
    @Drawn var flash = 0
    var random = SplitMix64(seed: 1)
    var presses = ButtonPresses()
  }

  enum Action: TickAction, Equatable {
    case tick(TickInput)
  }

  static let id = "bead"
  static let version: UInt16 = 1
  static let buttons = ButtonLayout([Button("push", symbol: "P", keys: ["Space"])])

  static func initialState(seed: UInt64, settings: NoSettings) -> State {
    State(random: SplitMix64(seed: seed))
  }

  func reduce(into state: inout State, action: Action, environment: Void) -> Effect<Action> {
    guard case .tick(let input) = action else { return .none }
    state.tick += 1
    state.flash = state.tick % 3
    if state.presses.update(input).contains(TickInput(bit: 0)) {
      state.bead.position.x = state.bead.position.x + Fixed(raw: Int32(state.random.next() % 4096))
      state.bead.isLit.toggle()
      state.phase = state.phase == .rolling ? .resting : .rolling
    }
    state.bead.heading = Angle(raw: state.bead.heading.raw &+ 1_000)
    state.spin &+= 3
    return .none
  }
}

extension BeadGame: TrainableGame {
  static func actions(forPlayer player: Int) -> [TrainingAction] {
    [TrainingAction("noop", []), TrainingAction("push", TickInput(bit: 0))]
  }
  static func score(of state: State, player: Int) -> Int { state.tick }
  static var timeLimit: Int { 200 }
}

@Suite struct StateObservationTests {
  @Test func aGameThatWritesNoObservationShowsEveryNumberOfItsStateByItsPath() {
    let features = BeadGame.observationFeatures
    #expect(
      features.map(\.name) == [
        "tick", "bead_position_x", "bead_position_y", "bead_heading", "bead_is_lit", "phase",
        "spin",
      ])
    #expect(features[0].low == Float(Int.min) && features[0].high == Float(Int.max))
    #expect(features[1].low == -32_768 && features[1].high == 32_768)
    #expect(features[3].low == 0 && features[3].high == 1)
    #expect(features[5].low == -128 && features[5].high == 127)
    #expect(features[6].low == 0 && features[6].high == 255)
    #expect(features[1].meaning == "bead.position.x (its value)")
  }

  @Test func theDerivedObservationWritesTheStoredValues() {
    var state = BeadGame.initialState(seed: 1, settings: NoSettings())
    state.tick = 12
    state.phase = .resting
    state.bead.isLit = true
    var values = [Float](repeating: .nan, count: BeadGame.featureCount)
    values.withUnsafeMutableBufferPointer { buffer in
      var writer = ObservationWriter(buffer.baseAddress!)
      BeadGame.observe(state, player: 0, into: &writer)
      #expect(writer.count == BeadGame.featureCount)
    }
    #expect(values == [12, 3, -0.5, 0.25, 1, -2, 7])
  }

  @Test func theDerivedObservationKeepsTheEnvironmentContract() throws {
    #expect(try trainingProblems(BeadGame.self, players: 1, steps: 300) == [])
  }

  @Test func anArrayInTheStateIsRefusedByName() {
    struct Strings: StateValue {
      var count = 0
      var beads: [BeadGame.Bead] = []
    }
    #expect {
      _ = try StateObservation(of: Strings.self)
    } throws: { error in
      let message = (error as? StateObservationError)?.message ?? ""
      return message.hasPrefix("Strings.beads is a Array<Bead>, whose length changes")
        && message.contains("write observe(_:player:into:)")
    }
  }

  @Test func namesAreLowercaseWithUnderscores() {
    #expect(StateObservation.snakeCase("velocityX") == "velocity_x")
    #expect(StateObservation.snakeCase("_hp2Max") == "hp2_max")
    #expect(StateObservation.snakeCase("isLit") == "is_lit")
  }
}
